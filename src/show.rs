//! `dikast show`, `dikast template` and `dikast check`: a game file or view for reading,
//! an orders skeleton for a side, and one orders file checked against a side's view. All
//! go through the side's view, so nothing hidden shows, and all work from a player's own
//! files (his view, his orders): a player needs no campaign folder.

use crate::error::Failure;
use crate::folder::Layout;
use crate::fsx;
use crate::game::{GameFile, Peek, ViewFile};
use crate::lang::Lang;
use crate::pipeline;
use crate::rules::Rules;
use std::path::Path;
use std::sync::Arc;

/// How `dikast show` writes a file.
#[derive(Debug, Clone, Copy, clap::ValueEnum, PartialEq)]
pub enum Format {
    Text,
    Markdown,
    Json,
    Svg,
    /// The map as a PNG image (for mail clients and viewers that show no SVG).
    Png,
}

/// What `show` gives: text, or bytes (a PNG).
#[derive(Debug, Clone, PartialEq)]
pub enum Shown {
    Text(String),
    Bytes(Vec<u8>),
}

/// A language a player asks his tools to speak (`--lang`).
#[derive(Debug, Clone, Copy, clap::ValueEnum, PartialEq, Eq)]
pub enum Language {
    /// English
    En,
    /// Russian (русский)
    Ru,
}

impl Language {
    pub fn lang(self) -> Lang {
        match self {
            Language::En => Lang::En,
            Language::Ru => Lang::Ru,
        }
    }
}

/// The language of a player's tools: the one asked for, else the one the file was written
/// for. Views and orders record no language (every report is written in every language
/// and the view is the same for all), so that is English.
pub fn language(asked: Option<Lang>) -> Lang {
    asked.unwrap_or(Lang::En)
}

/// The map of a view, as SVG text, in English: the game's picture of the view with what
/// its side saw happen in the last turn, drawn by `map`.
pub fn map_svg<R: Rules>(sc: &R::Scenario, v: &ViewFile<R::View>) -> String {
    map_svg_in::<R>(sc, v, Lang::En)
}

/// The step a view awaits in `lang`: as the view records it in English, else the game's
/// words for it.
fn step_in<R: Rules>(sc: &R::Scenario, v: &ViewFile<R::View>, lang: Lang) -> String {
    match lang {
        Lang::En => v.step.clone(),
        _ => R::step_of_view(sc, &v.state, lang).unwrap_or_else(|| v.step.clone()),
    }
}

/// `map_svg` with its headings and legend in `lang`.
pub fn map_svg_in<R: Rules>(sc: &R::Scenario, v: &ViewFile<R::View>, lang: Lang) -> String {
    let mut pic = R::map_in(sc, &v.state, &v.last_turn, lang);
    // The sides' names in the reader's language (the legend, the tooltips, the title).
    for (id, name) in &mut pic.sides {
        *name = R::side_name_in(sc, id, lang);
    }
    crate::map::render(
        &pic,
        &crate::map::Heading {
            game: v.game.clone(),
            turn: v.turn,
            step: step_in::<R>(sc, v, lang),
        },
        lang,
    )
}

/// The file name of the orders schema beside a player's orders (the mail attaches it;
/// `dikast schema orders --for VIEW` writes it).
pub const SCHEMA_FILE: &str = "orders.schema.json";

/// The JSON Schema of a game's orders as the file `orders.schema.json` holds it (the same
/// as `dikast schema orders` and `registry::Game::orders_schema`).
pub fn orders_schema_text<R: Rules>() -> String {
    crate::schema::pretty(&crate::kit::forms::schema(R::ID, &R::order_forms()))
}

/// The `$schema` line templates start with, so editors validate orders as they are typed:
/// a relative path, so it loads from the folder the orders are saved in, offline.
pub const SCHEMA_LINE: &str = "# yaml-language-server: $schema=./orders.schema.json";

/// A view and the scenario it names (shared: parsed once per process).
type LoadedView<R> = (Arc<<R as Rules>::Scenario>, ViewFile<<R as Rules>::View>);

fn load_view<R: Rules>(
    file: &Path,
    bytes: &[u8],
    side: Option<&str>,
) -> Result<LoadedView<R>, Failure> {
    let name = file.display().to_string();
    let peek: Peek =
        serde_yaml::from_slice(bytes).map_err(|e| Failure::Refused(format!("{name}: {e}")))?;
    if peek.view_of.is_some() {
        let v: ViewFile<R::View> = pipeline::parse_file(&name, bytes, "view")?;
        if let Some(s) = side {
            if s != v.view_of {
                return Err(Failure::Refused(format!(
                    "{name} is {}'s view; it cannot show {s}'s",
                    v.view_of
                )));
            }
        }
        let sc = pipeline::load_scenario::<R>(&v.scenario, &name)?;
        return Ok((sc, v));
    }
    let g: GameFile<R::State> = pipeline::parse_file(&name, bytes, "game file")?;
    let sc = pipeline::load_scenario::<R>(&g.scenario, &name)?;
    let sides = R::sides(&sc, &g.state);
    let side = match side {
        Some(s) if sides.iter().any(|x| x == s) => s.to_string(),
        Some(s) => {
            return Err(Failure::Refused(format!(
                "there is no side `{s}`; sides: {}",
                sides.join(", ")
            )))
        }
        None => {
            return Err(Failure::Refused(format!(
                "{name} is a game file (the moderator's): give --side to show one side's view"
            )))
        }
    };
    let v = pipeline::make_view::<R>(&sc, &g, bytes, &side);
    Ok((sc, v))
}

pub fn show<R: Rules>(
    file: &Path,
    bytes: &[u8],
    side: Option<&str>,
    format: Format,
    lang: Option<Lang>,
) -> Result<Shown, Failure> {
    if format == Format::Json && side.is_none() {
        // The file as it is, in JSON (a game file stays the moderator's).
        let v: serde_yaml::Value = serde_yaml::from_slice(bytes)
            .map_err(|e| Failure::Refused(format!("{}: {e}", file.display())))?;
        return Ok(Shown::Text(
            serde_json::to_string_pretty(&v).unwrap_or_default() + "\n",
        ));
    }
    if side.is_none() && matches!(format, Format::Text | Format::Markdown) {
        if let Some(whole) = whole_position::<R>(file, bytes)? {
            return Ok(Shown::Text(whole));
        }
    }
    if side.is_none() && matches!(format, Format::Svg | Format::Png) {
        if let Some(svg) = whole_map_svg::<R>(file, bytes, language(lang))? {
            return Ok(match format {
                Format::Png => Shown::Bytes(crate::png::render(&svg)?),
                _ => Shown::Text(svg),
            });
        }
    }
    let (sc, v) = load_view::<R>(file, bytes, side)?;
    let lang = language(lang);
    Ok(match format {
        Format::Json => Shown::Text(serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"),
        Format::Text | Format::Markdown => Shown::Text(format!(
            "# {} — {} {}: {}\n\n{} **{}**.\n\n{}",
            v.game,
            lang.pick("turn", "ход"),
            v.turn,
            step_in::<R>(&sc, &v, lang),
            lang.pick("View of", "Вид стороны"),
            R::side_name_in(&sc, &v.view_of, lang),
            R::describe(&sc, &v.state, lang)
        )),
        Format::Svg => Shown::Text(map_svg_in::<R>(&sc, &v, lang)),
        Format::Png => Shown::Bytes(crate::png::render(&map_svg_in::<R>(&sc, &v, lang))?),
    })
}

/// `dikast odds`: from a side's view (a game file needs none: the odds take no hidden
/// block from it) or from an embedded scenario.
pub fn odds<R: Rules>(
    view: Option<(&Path, &[u8])>,
    scenario: &str,
    ask: &crate::odds::Ask,
) -> Result<crate::odds::Odds, Failure> {
    let (sc, v) = match view {
        Some((file, bytes)) => {
            let name = file.display().to_string();
            let peek: Peek = serde_yaml::from_slice(bytes)
                .map_err(|e| Failure::Refused(format!("{name}: {e}")))?;
            if peek.view_of.is_none() {
                return Err(Failure::Refused(format!(
                    "{name} is not a view: give your view-<side>.yaml"
                )));
            }
            let (sc, v) = load_view::<R>(file, bytes, None)?;
            (sc, Some(v))
        }
        None => {
            let text = R::embedded_scenario(scenario).ok_or_else(|| {
                Failure::Refused(format!("there is no embedded scenario `{scenario}`"))
            })?;
            let sc = R::load_scenario(text).map_err(|e| Failure::Refused(e.join("; ")))?;
            (std::sync::Arc::new(sc), None)
        }
    };
    R::odds(&sc, v.as_ref().map(|v| &v.state), ask).map_err(Failure::Refused)
}

/// A game file shown without `--side`: the moderator's whole position, every side's
/// view one after the other. `None` for a view (it shows itself).
fn whole_position<R: Rules>(file: &Path, bytes: &[u8]) -> Result<Option<String>, Failure> {
    let name = file.display().to_string();
    let peek: Peek =
        serde_yaml::from_slice(bytes).map_err(|e| Failure::Refused(format!("{name}: {e}")))?;
    if peek.view_of.is_some() {
        return Ok(None);
    }
    let g: GameFile<R::State> = pipeline::parse_file(&name, bytes, "game file")?;
    let sc = pipeline::load_scenario::<R>(&g.scenario, &name)?;
    let mut out = format!(
        "# {} — turn {}: {}\n\nThe whole position (the moderator's game file), side by side.\n",
        g.game, g.turn, g.step
    );
    for side in R::sides(&sc, &g.state) {
        let v = pipeline::make_view::<R>(&sc, &g, bytes, &side);
        out.push_str(&format!(
            "\n## {}\n\n{}",
            R::side_name(&sc, &side),
            R::describe(&sc, &v.state, crate::lang::Lang::En)
        ));
    }
    Ok(Some(out))
}

/// A game file's map without `--side`: the whole position, the moderator's, in `lang`.
/// `None` for a view (it draws itself). Drawn by the game's own picture of each side's
/// view (`Rules::map_in`), put together by `whole_picture`, and `map::render`: the same
/// code as every side's map.
fn whole_map_svg<R: Rules>(
    file: &Path,
    bytes: &[u8],
    lang: Lang,
) -> Result<Option<String>, Failure> {
    let name = file.display().to_string();
    let peek: Peek =
        serde_yaml::from_slice(bytes).map_err(|e| Failure::Refused(format!("{name}: {e}")))?;
    if peek.view_of.is_some() {
        return Ok(None);
    }
    let g: GameFile<R::State> = pipeline::parse_file(&name, bytes, "game file")?;
    let sc = pipeline::load_scenario::<R>(&g.scenario, &name)?;
    let sides = R::sides(&sc, &g.state);
    let views: Vec<_> = sides
        .iter()
        .map(|s| pipeline::make_view::<R>(&sc, &g, bytes, s))
        .collect();
    let Some(first) = views.first() else {
        return Ok(None);
    };
    // Everything that happened last turn, whoever saw it.
    let all: Vec<crate::game::Seen> = g
        .last_turn
        .iter()
        .map(|x| crate::game::Seen {
            to: Vec::new(),
            ..x.clone()
        })
        .collect();
    let base = R::map_in(&sc, &first.state, &all, lang);
    let own: Vec<crate::map::MapPicture> = views
        .iter()
        .map(|v| R::map_in(&sc, &v.state, &[], lang))
        .collect();
    let mut pic = whole_picture(base, &own, &sides, lang);
    for (id, name) in &mut pic.sides {
        *name = R::side_name_in(&sc, id, lang);
    }
    let head = crate::map::Heading {
        game: g.game.clone(),
        turn: g.turn,
        step: step_in::<R>(&sc, first, lang),
    };
    Ok(Some(crate::map::render(&pic, &head, lang)))
}

/// The whole position from the sides' own pictures (`own[i]` is `sides[i]`'s): each
/// side's pieces as its own map shows them, whole; the pieces of no side (neutrals) and
/// last turn's routes and marks as `base` has them; no hidden group of a side (its own
/// map shows those pieces); the game's legend and notes of the whole position
/// (`Dress::whole`: nothing said to "you" or of "the enemy"); the rosters merged place by
/// place. The picture is of no side.
fn whole_picture(
    mut base: crate::map::MapPicture,
    own: &[crate::map::MapPicture],
    sides: &[String],
    lang: Lang,
) -> crate::map::MapPicture {
    let of_a_side = |s: &str| sides.iter().any(|x| x == s);
    let mut pieces: Vec<crate::map::Piece> = Vec::new();
    for (side, p) in sides.iter().zip(own) {
        pieces.extend(p.pieces.iter().filter(|x| &x.side == side).cloned());
    }
    pieces.extend(base.pieces.iter().filter(|x| !of_a_side(&x.side)).cloned());
    base.pieces = pieces;
    base.hidden.retain(|h| !of_a_side(&h.side));
    if let Some(whole) = base.dress.whole.take() {
        // The game's own words for the whole position: its legend, the shared notes,
        // then what each side's notes say of it by name.
        base.dress.legend = whole.legend;
        base.notes = whole.shared;
        for p in own {
            if let Some(w) = &p.dress.whole {
                base.notes.extend(w.own.iter().cloned());
            }
        }
    } else {
        base.notes = merged_notes(&base.notes, own, sides);
    }
    if base.dress.roster.is_some() {
        let mut places: Vec<(String, Vec<String>)> = Vec::new();
        for r in own.iter().filter_map(|p| p.dress.roster.as_ref()) {
            for (place, items) in &r.places {
                let i = match places.iter().position(|(p, _)| p == place) {
                    Some(i) => i,
                    None => {
                        places.push((place.clone(), Vec::new()));
                        places.len() - 1
                    }
                };
                for it in items {
                    if !places[i].1.contains(it) {
                        places[i].1.push(it.clone());
                    }
                }
            }
        }
        base.dress.roster = Some(crate::map::Roster {
            title: lang
                .pick(
                    "Every side's pieces on the map",
                    "Фигуры всех сторон на карте",
                )
                .to_string(),
            places,
        });
    }
    base.side = String::new();
    base
}

/// The notes of a game without words for the whole position (`Dress::whole`): those
/// every side's map has once, then each side's own after its name.
fn merged_notes(base: &[String], own: &[crate::map::MapPicture], sides: &[String]) -> Vec<String> {
    let common: Vec<String> = base
        .iter()
        .filter(|n| own.iter().all(|p| p.notes.contains(n)))
        .cloned()
        .collect();
    let mut notes = common.clone();
    for (side, p) in sides.iter().zip(own) {
        let name = p
            .sides
            .iter()
            .find(|(id, _)| id == side)
            .map_or(side.as_str(), |(_, n)| n.as_str());
        for n in p.notes.iter().filter(|n| !common.contains(n)) {
            notes.push(format!("{name} — {n}"));
        }
    }
    notes
}

/// `dikast template DIR --side S`: the skeleton of a side's orders for the campaign's
/// pending turn (the moderator's way).
pub fn template<R: Rules>(
    layout: &Layout,
    side: &str,
    lang: Option<Lang>,
) -> Result<String, Failure> {
    let t = crate::pending::pending_turn(layout)?;
    let path = layout.game(t);
    let bytes = fsx::read_limited(&path)?;
    let (sc, v) = load_view::<R>(&path, &bytes, Some(side))?;
    let out = template_of_view::<R>(&sc, &v, &format!("view-{side}.yaml"), language(lang));
    // The side's turn token, for orders by mail (`crate::guard::token`): only the
    // moderator's copy, which holds the secret, can print it.
    Ok(match layout.load_secret() {
        Ok(secret) => with_token(out, &secret, &v.game, v.turn, side, language(lang)),
        Err(_) => out,
    })
}

/// A template with the side's turn token line after its envelope (the `entropy:` line):
/// every skeleton dikast mails a player carries it (the call for orders' and the report
/// mail's alike), so that whichever he fills in is taken by mail.
pub fn with_token(
    mut out: String,
    secret: &crate::secret::Secret,
    game: &str,
    turn: u32,
    side: &str,
    lang: Lang,
) -> String {
    let line = crate::notices::token_line(lang, &crate::guard::token(secret, game, turn, side));
    let at = out
        .find("\nentropy:")
        .and_then(|i| out[i + 1..].find('\n').map(|j| i + 1 + j + 1));
    match at {
        Some(i) => out.insert_str(i, &line),
        None => out.push_str(&line),
    }
    out
}

/// `dikast template VIEW`: the skeleton of the orders a view asks for, from the view alone
/// (the player's way); a game file needs `--side`.
pub fn template_file<R: Rules>(
    file: &Path,
    bytes: &[u8],
    side: Option<&str>,
    lang: Option<Lang>,
) -> Result<String, Failure> {
    let (sc, v) = load_view::<R>(file, bytes, side)?;
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| format!("view-{}.yaml", v.view_of));
    Ok(template_of_view::<R>(&sc, &v, &name, language(lang)))
}

/// The orders skeleton of a view: the `$schema` line, a header in `lang`, the envelope
/// filled in, then the game's own skeleton of the orders (`Rules::template`).
pub fn template_of_view<R: Rules>(
    sc: &R::Scenario,
    v: &ViewFile<R::View>,
    view_name: &str,
    lang: Lang,
) -> String {
    let side = v.view_of.as_str();
    let name = R::side_name_in(sc, side, lang);
    let lang_arg = lang.pick("", " --lang ru");
    let header = match lang {
        Lang::En => format!(
            "# Orders of {name} for turn {}: {}\n# Check them with: dikast check {side}.yaml --against {view_name}\n# The editor checks them as you type against {SCHEMA_FILE} beside this file\n# (attached to the mail; or: dikast schema orders --for {view_name} > {SCHEMA_FILE})\n",
            v.turn, v.step
        ),
        Lang::Ru => format!(
            "# Приказы: {name}, ход {}{}\n# Проверить их: dikast check {side}.yaml --against {view_name}{lang_arg}\n# Редактор проверяет их при наборе по файлу {SCHEMA_FILE} рядом с этим\n# (он приложен к письму; или: dikast schema orders --for {view_name} > {SCHEMA_FILE})\n",
            v.turn,
            R::step_of_view(sc, &v.state, lang)
                .map(|s| format!(": {s}"))
                .unwrap_or_default()
        ),
    };
    let mut out = format!(
        "{SCHEMA_LINE}\n{header}game: {}\nturn: {}\nside: {side}\nbased_on: {}\nentropy: \"\"   # {}\n\n",
        v.game,
        v.turn,
        v.based_on,
        lang.pick(
            "any text you like: it feeds the dice",
            "любой текст на ваш выбор: он используется при бросках кубиков"
        )
    );
    out.push_str(&R::template_in(sc, &v.state, side, lang));
    out
}

/// Diagnostics for a reader of `lang`: translated (`kit::tr`) with the game's phrases.
pub fn in_language<R: Rules>(diags: Vec<crate::diag::Diagnostic>, lang: Lang) -> Failure {
    match lang {
        Lang::En => Failure::Input(diags),
        _ => Failure::InputIn(
            diags
                .iter()
                .map(|d| crate::kit::tr::diagnostic(d, lang, R::diagnostic_tongue()))
                .collect(),
            lang,
        ),
    }
}

/// `dikast check`: one orders file against a game file (checked as the side it names) or
/// a side's view.
pub fn check<R: Rules>(
    orders: &Path,
    against: &Path,
    against_bytes: &[u8],
    lang: Option<Lang>,
) -> Result<String, Failure> {
    let lang = language(lang);
    let ob = fsx::read_limited(orders)?;
    let oname = orders.display().to_string();
    let ofile = crate::yaml::decode(&oname, &ob).map_err(|d| in_language::<R>(vec![d], lang))?;
    let aname = against.display().to_string();
    let peek: Peek = serde_yaml::from_slice(against_bytes)
        .map_err(|e| Failure::Refused(format!("{aname}: {e}")))?;
    let view: ViewFile<R::View> = if peek.view_of.is_some() {
        pipeline::parse_file(&aname, against_bytes, "view")?
    } else {
        let game: GameFile<R::State> = pipeline::parse_file(&aname, against_bytes, "game file")?;
        let sc = pipeline::load_scenario::<R>(&game.scenario, &aname)?;
        let sides = R::sides(&sc, &game.state);
        // The moderator checks a side's orders against that side's view of the game.
        let side = crate::yaml::parse(&ofile)
            .ok()
            .and_then(|r| {
                r.get("side")
                    .and_then(|s| s.as_str())
                    .map(|s| s.trim().to_ascii_lowercase())
            })
            .filter(|s| sides.contains(s))
            .or_else(|| sides.first().cloned())
            .ok_or_else(|| Failure::Refused(format!("{aname}: the game has no sides")))?;
        pipeline::make_view::<R>(&sc, &game, against_bytes, &side)
    };
    let sc = pipeline::load_scenario::<R>(&view.scenario, &aname)?;
    let (_, diags) = pipeline::check_orders::<R>(&sc, &view, &ofile);
    if diags.iter().all(|d| !d.is_error()) {
        // Warnings only: the orders are valid, and the warnings are shown before saying so.
        let name = R::side_name_in(&sc, &view.view_of, lang);
        let shown: Vec<_> = diags
            .iter()
            .map(|d| crate::kit::tr::diagnostic(d, lang, R::diagnostic_tongue()))
            .collect();
        let warned = crate::diag::render_warnings(&shown, crate::error::warning_word(lang));
        let n = shown.len();
        Ok(match (lang, n) {
            (Lang::En, 0) => format!(
                "{oname}: orders for {name} on turn {} are valid\n",
                view.turn
            ),
            (Lang::En, _) => format!(
                "{warned}{oname}: orders for {name} on turn {} are valid, with {}\n",
                view.turn,
                crate::diag::count_warnings(n)
            ),
            (Lang::Ru, 0) => format!("{oname}: приказы верны ({name}, ход {})\n", view.turn),
            (Lang::Ru, _) => format!(
                "{warned}{oname}: приказы верны ({name}, ход {}), предупреждений: {n}\n",
                view.turn
            ),
        })
    } else {
        Err(in_language::<R>(diags, lang))
    }
}
