//! `dikast show`, `dikast template` and `dikast check`: a game file or view for reading,
//! an orders skeleton for a side, and one orders file checked against a side's view. All
//! go through the side's view, so nothing hidden shows.

use crate::campaign::{self, Layout};
use crate::error::Failure;
use crate::fsx;
use crate::game::{GameFile, Peek, ViewFile};
use crate::pipeline;
use crate::rules::Rules;
use std::path::Path;

/// How `dikast show` writes a file.
#[derive(Debug, Clone, Copy, clap::ValueEnum, PartialEq)]
pub enum Format {
    Text,
    Markdown,
    Json,
    Svg,
}

/// The map of a view, as SVG text: the game's picture of the view, drawn by `map`.
pub fn map_svg<R: Rules>(sc: &R::Scenario, v: &ViewFile<R::View>) -> String {
    crate::map::render(
        &R::map(sc, &v.state),
        &crate::map::Heading {
            game: v.game.clone(),
            turn: v.turn,
            step: v.step.clone(),
        },
    )
}

/// The `$schema` line templates start with, so editors validate orders as they are typed.
pub const SCHEMA_LINE: &str =
    "# yaml-language-server: $schema=https://dikast.invalid/schema/orders.schema.json";

fn load_view<R: Rules>(
    file: &Path,
    bytes: &[u8],
    side: Option<&str>,
) -> Result<(R::Scenario, ViewFile<R::View>), Failure> {
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
) -> Result<String, Failure> {
    if format == Format::Json && side.is_none() {
        // The file as it is, in JSON (a game file stays the moderator's).
        let v: serde_yaml::Value = serde_yaml::from_slice(bytes)
            .map_err(|e| Failure::Refused(format!("{}: {e}", file.display())))?;
        return Ok(serde_json::to_string_pretty(&v).unwrap_or_default() + "\n");
    }
    let (sc, v) = load_view::<R>(file, bytes, side)?;
    Ok(match format {
        Format::Json => serde_json::to_string_pretty(&v).unwrap_or_default() + "\n",
        Format::Text | Format::Markdown => {
            format!(
                "# {} — turn {}: {}\n\nView of **{}**.\n\n{}",
                v.game,
                v.turn,
                v.step,
                R::side_name(&sc, &v.view_of),
                R::describe(&sc, &v.state, crate::lang::Lang::En)
            )
        }
        Format::Svg => map_svg::<R>(&sc, &v),
    })
}

pub fn template<R: Rules>(layout: &Layout, side: &str) -> Result<String, Failure> {
    let t = campaign::pending_turn(layout)?;
    let path = layout.game(t);
    let bytes = fsx::read_limited(&path)?;
    let (sc, v) = load_view::<R>(&path, &bytes, Some(side))?;
    let mut out = format!(
        "{SCHEMA_LINE}\n# Orders of {} for turn {}: {}\n# Check them with: dikast check {side}.yaml --against view-{side}.yaml\ngame: {}\nturn: {}\nside: {side}\nbased_on: {}\nentropy: \"\"   # any text you like: it feeds the dice\n\n",
        R::side_name(&sc, side),
        v.turn,
        v.step,
        v.game,
        v.turn,
        v.based_on
    );
    out.push_str(&R::template(&sc, &v.state, side));
    Ok(out)
}

/// `dikast check`: one orders file against a game file (checked as the side it names) or
/// a side's view.
pub fn check<R: Rules>(
    orders: &Path,
    against: &Path,
    against_bytes: &[u8],
) -> Result<String, Failure> {
    let aname = against.display().to_string();
    let ob = fsx::read_limited(orders)?;
    let oname = orders.display().to_string();
    let ofile = crate::yaml::decode(&oname, &ob).map_err(Failure::input)?;
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
    if diags.is_empty() {
        Ok(format!(
            "{oname}: orders for {} on turn {} are valid\n",
            R::side_name(&sc, &view.view_of),
            view.turn
        ))
    } else {
        Err(Failure::Input(diags))
    }
}
