//! `dikast publish DIR OUT --site`: the published archive as a static website, for
//! readers who will not install a compiler. It is made from the published copy alone
//! (never from the secret or campaign.yaml's addresses), and lands in `OUT/site/` in the
//! same commit as the copy, so nothing is written when any of it fails.
//!
//! What it writes: an index (the campaign, its sides and players' chosen names, the
//! result, a timeline of every turn), a page per adjudicated turn (the map after the
//! turn, drawn by `show`'s code: once the war is over the whole position, as `dikast show
//! GAME` draws it; before, only every side's map of its own view, which hides what that
//! side may not see; every report rendered from its
//! Markdown; the turn's dice in a table; the orders as adjudicated; links to the raw
//! files; previous and next), each in English and Russian, and `verify.html`: the
//! reader's own check of every seed and die, in JavaScript written from
//! shared/spec/dice.md (assets/site/verify.js), fed by `archive.js` (the archive's game
//! files, orders, reports and published.yaml, byte for byte in base64) and `vectors.js`
//! (the protocol's test vectors).
//!
//! Constraints: the pages work opened from disk (`file://`) and from any static host;
//! nothing is fetched from elsewhere (no font, no script, no image from the web; a
//! Content-Security-Policy in every page forbids it), and raw HTML, links and images in
//! a report's Markdown are shown as text or dropped (reports quote what players wrote).
//! The output is deterministic: files in sorted order, no clock.

use crate::error::Failure;
use crate::folder::Layout;
use crate::fsx;
use crate::game::Seen;
use crate::lang::Lang;
use crate::map::esc;
use crate::registry::{Game, Registry};
use crate::report::{self, DiceSection};
use crate::show::{Format, Shown};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

const CSS: &str = include_str!("../assets/site/site.css");
const SITE_JS: &str = include_str!("../assets/site/site.js");
const VERIFY_JS: &str = include_str!("../assets/site/verify.js");
/// The protocol's test vectors (a copy of shared/spec/dice-vectors.yaml), run in the page.
const VECTORS: &str = include_str!("../tests/data/dice-vectors.yaml");

/// The folder of the published copy the site is written to.
pub const SITE_DIR: &str = "site";

/// Every page forbids any request outside its own folder, whatever a report holds.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'";

/// What the site needs of a game file, whatever the game.
#[derive(Deserialize)]
struct Head {
    rules: String,
    game: String,
    step: String,
    #[serde(default)]
    awaiting: Vec<String>,
    #[serde(default)]
    last_turn: Vec<Seen>,
}

/// What the site shows of campaign.yaml: the players' chosen names.
#[derive(Deserialize, Default)]
struct Players {
    #[serde(default)]
    players: BTreeMap<String, PlayerName>,
}

#[derive(Deserialize, Default)]
struct PlayerName {
    #[serde(default)]
    name: String,
}

/// One turn of the published copy, read once.
struct Turn {
    t: u32,
    head: Head,
    /// The turn's folder's files, by name (sorted), `orders/` ones as `orders/<file>`.
    files: Vec<String>,
    /// The reports by file name (`report.md`, `report-athens.ru.md`, ...).
    reports: BTreeMap<String, String>,
    /// The moderator's dice section, when the turn was adjudicated.
    dice: Option<DiceSection>,
}

impl Turn {
    fn adjudicated(&self) -> bool {
        self.reports.contains_key("report.md")
    }
    /// The step's title in `lang`, as the turn's report heads it (`# game — turn t:
    /// title`); `None` before the turn is adjudicated.
    fn reported_title(&self, lang: Lang) -> Option<String> {
        let prefix = format!(
            "# {} — {} {}: ",
            self.head.game,
            lang.pick("turn", "ход"),
            self.t
        );
        self.reports
            .get(&lang.file_name("report"))
            .and_then(|r| r.lines().next())
            .and_then(|l| l.strip_prefix(&prefix))
            .map(str::to_string)
    }
    /// The events of the turn as the moderator's report in `lang` tells them: the
    /// top-level items of its `## What happened` (a battle's rounds, nested, stay on the
    /// turn's page). Every game's report has the section, so the timeline needs no game's
    /// help.
    fn happened(&self, lang: Lang) -> Vec<String> {
        self.items(&lang.file_name("report"), lang)
    }
    /// The top-level items of the `## What happened` of the report `file` (in `lang`).
    fn items(&self, file: &str, lang: Lang) -> Vec<String> {
        let Some(r) = self.reports.get(file) else {
            return Vec::new();
        };
        let heading = report::happened_heading(lang);
        r.lines()
            .skip_while(|l| l.trim_end() != heading)
            .skip(1)
            .take_while(|l| !l.starts_with("## "))
            .filter_map(|l| l.strip_prefix("- "))
            .map(str::to_string)
            .collect()
    }
    /// The dice section of `side`'s (English) report.
    fn side_dice(&self, side: &str) -> Option<DiceSection> {
        self.reports
            .get(&format!("report-{side}.md"))
            .and_then(|r| report::parse_dice_section(r))
            .and_then(Result::ok)
    }
}

/// The site's words in one language.
struct Words {
    campaign: &'static str,
    turn: &'static str,
    timeline: &'static str,
    sides: &'static str,
    player: &'static str,
    result: &'static str,
    over: &'static str,
    not_over: &'static str,
    awaits: &'static str,
    maps: &'static str,
    maps_now: &'static str,
    view_of: &'static str,
    whole: &'static str,
    reports: &'static str,
    moderator: &'static str,
    report_of: &'static str,
    orders: &'static str,
    no_orders: &'static str,
    dice: &'static str,
    label: &'static str,
    sealed: &'static str,
    values: &'static str,
    no_dice: &'static str,
    files: &'static str,
    prev: &'static str,
    next: &'static str,
    verify: &'static str,
    other_lang: &'static str,
    protocol: &'static str,
    dice_seen: &'static str,
    happened: &'static str,
    verify_title: &'static str,
    verify_intro: &'static str,
    vectors: &'static str,
    turns: &'static str,
    drop: &'static str,
    drop_intro: &'static str,
    green: &'static str,
    red: &'static str,
    running: &'static str,
}

const EN: Words = Words {
    campaign: "Campaign",
    turn: "Turn",
    timeline: "Timeline",
    sides: "Sides",
    player: "player",
    result: "Result",
    over: "The game is over",
    not_over: "The game was not over when it was published (published with --force)",
    awaits: "awaits orders of",
    maps: "The position after the turn",
    maps_now: "The position now",
    view_of: "as seen by",
    whole: "The whole position (the war is over: every side's pieces and hand shown)",
    reports: "Reports",
    moderator: "The moderator's report (everything, sealed dice included)",
    report_of: "Report for",
    orders: "Orders as adjudicated",
    no_orders: "no orders",
    dice: "Dice of the turn",
    label: "label",
    sealed: "sealed",
    values: "values drawn",
    no_dice: "This turn drew no dice.",
    files: "Raw files",
    prev: "← previous turn",
    next: "next turn →",
    verify: "Check the dice",
    other_lang: "Русский",
    protocol: "Every die of this campaign comes from the protocol dikast-dice/v1: before any orders, the game file of each turn commits to a seed (the SHA-256 of it); the adjudication reveals the seed, and the turn key mixes it with the game file and every side's orders file (their SHA-256). Each random event draws from its own ChaCha20 stream under a key made from the turn key and its label; events whose result some side may not see (a deal) also mix in a second, sealed chain, revealed when the campaign is published. So nobody could choose the dice, and anyone can recompute them: the page «Check the dice» does it in this browser, from the published files alone.",
    dice_seen: "dice",
    happened: "What happened",
    verify_title: "Check every die in this browser",
    verify_intro: "This page recomputes, from the published files alone, what `dikast verify` checks of a published archive but the re-run of the rules: each seed against its commitment and the next game file, the chain of game files, every report's game file hash and orders hashes, the turn key, and every value of every random event (the sealed ones with the sealed seed published.yaml reveals). SHA-256 is your browser's own (Web Crypto); ChaCha20 and the rest are in verify.js, a few hundred lines written from the protocol's text. The protocol's test vectors run first.",
    vectors: "The protocol's test vectors",
    turns: "The archive, turn by turn",
    drop: "Drop your report and your view here (and your orders, if you like), or choose them",
    drop_intro: "A player checks his own files as `dikast verify --report … --view … --orders …` does: the report's dice in itself, then tied to the view of that turn he received before writing his orders.",
    green: "every line is green: the archive's dice are the protocol's",
    red: "{n} red line(s): see below",
    running: "checking…",
};

const RU: Words = Words {
    campaign: "Кампания",
    turn: "Ход",
    timeline: "Ход за ходом",
    sides: "Стороны",
    player: "игрок",
    result: "Итог",
    over: "Игра окончена",
    not_over: "Игра не была окончена, когда её опубликовали (с --force)",
    awaits: "ожидает приказов:",
    maps: "Положение после хода",
    maps_now: "Положение сейчас",
    view_of: "глазами стороны",
    whole: "Вся позиция (война окончена: показаны фигуры и карты всех сторон)",
    reports: "Отчёты",
    moderator: "Отчёт ведущего (всё, запечатанные кубики тоже)",
    report_of: "Отчёт для стороны",
    orders: "Приказы, по которым судили",
    no_orders: "приказов нет",
    dice: "Кубики хода",
    label: "метка",
    sealed: "запечатано",
    values: "выпавшие значения",
    no_dice: "В этом ходу кубики не бросались.",
    files: "Исходные файлы",
    prev: "← предыдущий ход",
    next: "следующий ход →",
    verify: "Проверить кубики",
    other_lang: "English",
    protocol: "Каждый кубик этой кампании получен по протоколу dikast-dice/v1: до всяких приказов файл игры каждого хода фиксирует зерно (его SHA-256); при разборе хода зерно раскрывается, и ключ хода смешивает его с файлом игры и файлом приказов каждой стороны (их SHA-256). Каждое случайное событие берёт значения из своего потока ChaCha20 с ключом из ключа хода и метки события; события, исход которых видят не все (раздача карт), добавляют второе, запечатанное зерно, раскрываемое при публикации кампании. Поэтому никто не мог выбрать кубики, а любой может их пересчитать: страница «Проверить кубики» делает это в этом браузере, по одним опубликованным файлам.",
    dice_seen: "кубики",
    happened: "Что произошло",
    verify_title: "Проверка каждого кубика в этом браузере",
    verify_intro: "Эта страница пересчитывает по одним опубликованным файлам то, что `dikast verify` проверяет в опубликованном архиве, кроме повторного разбора по правилам: каждое зерно против его обязательства и следующего файла игры, цепочку файлов игры, хеш файла игры и хеши приказов в каждом отчёте, ключ хода и каждое значение каждого случайного события (запечатанные — с запечатанным зерном из published.yaml). SHA-256 — собственный у браузера (Web Crypto); ChaCha20 и остальное — в verify.js, несколько сотен строк по тексту протокола. Сначала проверяются тестовые векторы протокола. Сообщения проверки — на английском, как у `dikast verify`.",
    vectors: "Тестовые векторы протокола",
    turns: "Архив, ход за ходом",
    drop: "Перетащите сюда свой отчёт и свой вид (и приказы, если хотите) или выберите их",
    drop_intro: "Игрок проверяет свои файлы, как `dikast verify --report … --view … --orders …`: кубики отчёта сами по себе, затем их связь с видом этого хода, полученным до того, как он написал приказы.",
    green: "все строки зелёные: кубики архива — те, что даёт протокол",
    red: "красных строк: {n} (см. ниже)",
    running: "проверка…",
};

fn words(lang: Lang) -> &'static Words {
    lang.pick(&EN, &RU)
}

/// A page's file name in `lang`: `index` → `index.html` or `index.ru.html`.
fn page(stem: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{stem}.html"),
        l => format!("{stem}.{}.html", l.code()),
    }
}

fn turn_stem(t: u32) -> String {
    format!("turn-{t:04}")
}

/// The site of the published copy at `root`: every file, by its path under `site/`.
/// `reg` draws the maps (the game named by the copy's game files).
pub fn build(reg: &Registry, root: &Path) -> Result<Vec<(String, Vec<u8>)>, Failure> {
    let layout = Layout::new(root);
    crate::folder::register_campaign_scenarios(root);
    let mut turns = Vec::new();
    for t in layout.turns()? {
        turns.push(read_turn(&layout, t)?);
    }
    let Some(first) = turns.first() else {
        return Err(Failure::Refused(
            "the copy holds no turn: nothing to publish as a site".into(),
        ));
    };
    let game = reg.find(&first.head.rules)?;
    let players: Players = fsx::read_limited(&layout.campaign())
        .ok()
        .and_then(|b| serde_yaml::from_slice(&b).ok())
        .unwrap_or_default();
    let site = Site {
        layout: &layout,
        game,
        turns: &turns,
        players,
    };
    let mut out: Vec<(String, Vec<u8>)> = vec![
        ("site.css".into(), CSS.as_bytes().to_vec()),
        ("site.js".into(), SITE_JS.as_bytes().to_vec()),
        ("verify.js".into(), VERIFY_JS.as_bytes().to_vec()),
        ("archive.js".into(), archive_js(root)?.into_bytes()),
        ("vectors.js".into(), vectors_js()?.into_bytes()),
    ];
    for lang in Lang::ALL {
        out.push((page("index", lang), site.index(lang)?.into_bytes()));
        out.push((page("verify", lang), site.verify(lang).into_bytes()));
        for (i, t) in turns.iter().enumerate() {
            if t.adjudicated() {
                out.push((
                    page(&turn_stem(t.t), lang),
                    site.turn_page(i, lang)?.into_bytes(),
                ));
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

fn read_turn(layout: &Layout, t: u32) -> Result<Turn, Failure> {
    let path = layout.game(t);
    let head: Head =
        crate::pipeline::parse_file(&layout.rel(&path), &fsx::read_limited(&path)?, "game file")?;
    let dir = layout.turn_dir(t);
    let mut files = Vec::new();
    let mut reports = BTreeMap::new();
    for name in sorted_files(&dir)? {
        if name.starts_with("report") && name.ends_with(".md") {
            let text = String::from_utf8_lossy(&fsx::read_limited(&dir.join(&name))?).into_owned();
            reports.insert(name.clone(), text);
        }
        files.push(name);
    }
    let od = layout.orders_dir(t);
    if od.is_dir() {
        files.extend(
            sorted_files(&od)?
                .into_iter()
                .map(|n| format!("orders/{n}")),
        );
    }
    let dice = reports
        .get("report.md")
        .and_then(|r| report::parse_dice_section(r))
        .and_then(Result::ok);
    Ok(Turn {
        t,
        head,
        files,
        reports,
        dice,
    })
}

/// The names of the plain files of a folder, sorted.
fn sorted_files(dir: &Path) -> Result<Vec<String>, Failure> {
    let rd = std::fs::read_dir(dir).map_err(|e| Failure::io(dir, "read", e))?;
    let mut out: Vec<String> = rd
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|f| f.is_file()))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.'))
        .collect();
    out.sort();
    Ok(out)
}

/// `archive.js`: the files verify.html checks, byte for byte (base64): every game file,
/// view, orders file, report and reseed record (a turn adjudicated again after an undo),
/// and published.yaml. Of a view the page reads only its
/// header (which game file it was made from): it cannot re-run the rules that make it.
fn archive_js(root: &Path) -> Result<String, Failure> {
    let layout = Layout::new(root);
    let mut files = BTreeMap::new();
    for t in layout.turns()? {
        let dir = layout.turn_dir(t);
        let rel = format!("turns/{t:04}");
        for name in sorted_files(&dir)? {
            let view = name.starts_with("view-") && name.ends_with(".yaml");
            let report = name.starts_with("report") && name.ends_with(".md");
            if name == "game.yaml" || name == "reseed.yaml" || view || report {
                files.insert(
                    format!("{rel}/{name}"),
                    base64(&fsx::read_limited(&dir.join(&name))?),
                );
            }
        }
        let od = layout.orders_dir(t);
        if od.is_dir() {
            for name in sorted_files(&od)? {
                files.insert(
                    format!("{rel}/orders/{name}"),
                    base64(&fsx::read_limited(&od.join(&name))?),
                );
            }
        }
    }
    if layout.published().exists() {
        files.insert(
            "published.yaml".into(),
            base64(&fsx::read_limited(&layout.published())?),
        );
    }
    let json = serde_json::json!({ "files": files });
    Ok(format!(
        "// The published archive's files that verify.html checks, each file's exact bytes in base64.\nwindow.DIKAST_ARCHIVE = {json};\n"
    ))
}

/// `vectors.js`: the protocol's test vectors, as JSON.
fn vectors_js() -> Result<String, Failure> {
    let v: serde_json::Value = serde_yaml::from_str(VECTORS)
        .map_err(|e| Failure::Refused(format!("the built-in dice vectors: {e}")))?;
    Ok(format!(
        "// The test vectors of dikast-dice/v1 (shared/spec/dice-vectors.yaml), made by an independent implementation.\nwindow.DIKAST_VECTORS = {v};\n"
    ))
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for c in bytes.chunks(3) {
        let n = (u32::from(c[0]) << 16)
            | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
            | u32::from(*c.get(2).unwrap_or(&0));
        for i in 0..4 {
            if i <= c.len() {
                out.push(char::from(A[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// A report's Markdown as HTML (`report::markdown_html`: raw HTML shown as text, no link
/// or image reaching the page, which would be a request out of the folder).
pub fn markdown(md: &str) -> String {
    crate::report::markdown_html(md)
}

/// The side's printed name as its report of the turn gives it (`Report for **Athens**.`).
fn side_name_in_report(report: &str) -> Option<String> {
    let line = report.lines().nth(2)?;
    let start = line.find("**")? + 2;
    let end = line[start..].find("**")? + start;
    Some(line[start..end].to_string())
}

/// What a `last_turn` entry says, in words.
fn seen_words(game: &dyn Game, s: &Seen, name: &dyn Fn(&str) -> String, lang: Lang) -> String {
    let at = s.at.join(" → ");
    let who = name(&s.side);
    let won = s
        .winner
        .as_ref()
        .map(|w| format!(" ({} {})", lang.pick("won by", "победа:"), name(w)))
        .unwrap_or_default();
    let what = game.seen_line(s, &who, &at, lang);
    format!("{what}{won}")
}

struct Site<'a> {
    layout: &'a Layout,
    game: &'a dyn Game,
    turns: &'a [Turn],
    players: Players,
}

impl Site<'_> {
    /// A turn's step title in `lang`: its report's heading, else the game's words for the
    /// step (a turn not adjudicated yet), else the game file's English.
    fn title(&self, t: &Turn, lang: Lang) -> String {
        t.reported_title(lang)
            .or_else(|| self.game.step_title(self.layout, t.t, lang).ok())
            .unwrap_or_else(|| t.head.step.clone())
    }

    /// The sides in the scenario's order (the dice section's), and whoever else a game
    /// file awaits.
    fn sides(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for t in self.turns {
            let listed = t.dice.iter().flat_map(|d| d.orders.iter().map(|o| &o.side));
            for s in listed.chain(t.head.awaiting.iter()) {
                if !out.contains(s) {
                    out.push(s.clone());
                }
            }
        }
        out
    }

    /// A side's printed name in `lang`, from the first of its reports that names it, else
    /// in the game's words (`Game::side_name`: a side that gets no report, such as a game's
    /// independents).
    fn side_name(&self, side: &str, lang: Lang) -> String {
        let file = lang.file_name(&format!("report-{side}"));
        self.turns
            .iter()
            .find_map(|t| t.reports.get(&file).and_then(|r| side_name_in_report(r)))
            .unwrap_or_else(|| {
                self.game
                    .side_name(self.layout, self.turns[0].t, side, lang)
            })
    }

    fn game_id(&self) -> &str {
        &self.turns[0].head.game
    }

    /// A turn's events in `lang`, for its timeline: once the war is over, every
    /// top-level item of the moderator's report's `## What happened`; before, only the
    /// items every side's report tells alike (what every side was told).
    fn happened(&self, t: &Turn, lang: Lang) -> Vec<String> {
        if self.over() {
            return t.happened(lang);
        }
        let lists: Vec<Vec<String>> = self
            .sides()
            .iter()
            .map(|s| lang.file_name(&format!("report-{s}")))
            .filter(|f| t.reports.contains_key(f))
            .map(|f| t.items(&f, lang))
            .collect();
        let Some((first, rest)) = lists.split_first() else {
            return Vec::new();
        };
        first
            .iter()
            .filter(|i| rest.iter().all(|l| l.contains(i)))
            .cloned()
            .collect()
    }

    /// The cards played in the turn, in Markdown, as the items of `happened` in `lang`
    /// in which a side plays a card. Both games' English reports say it with one verb
    /// ("Athens plays C26 …"); a report tells one event per item in every language
    /// (`Rules::narrate`), so the same items in `lang` are taken (none when its items do
    /// not pair with the English).
    fn cards_played(&self, t: &Turn, lang: Lang) -> Vec<String> {
        let en = self.happened(t, Lang::En);
        let told = self.happened(t, lang);
        if told.len() != en.len() {
            return Vec::new();
        }
        en.iter()
            .zip(told)
            .filter(|(e, _)| e.contains(" plays "))
            .map(|(_, l)| l)
            .collect()
    }

    /// A turn's dice as the site shows them: once the war is over, the moderator's dice
    /// section whole; before, the turn's keys as the sides' reports give them and only
    /// the events every side's report lists with the same values (no sealed seed, no
    /// sealed or hidden event: a deal's values would tell the hands).
    fn dice(&self, t: &Turn) -> Option<DiceSection> {
        if self.over() {
            return t.dice.clone();
        }
        let mut each = self.sides().into_iter().filter_map(|s| t.side_dice(&s));
        let mut d = each.next()?;
        let rest: Vec<DiceSection> = each.collect();
        d.events
            .retain(|e| rest.iter().all(|r| r.events.contains(e)));
        d.sealed_seed = None;
        Some(d)
    }

    /// What the maps record of turn `turns[i]` (the next game file's `last_turn`) that
    /// the site tells: all of it once the war is over; before, only what every side saw.
    fn seen(&self, i: usize) -> Vec<&Seen> {
        let over = self.over();
        self.turns
            .get(i + 1)
            .map(|n| {
                n.head
                    .last_turn
                    .iter()
                    .filter(|s| over || s.to.is_empty())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The page around `body`: head, navigation, the language switch.
    fn frame(&self, lang: Lang, title: &str, stem: &str, nav: &str, body: &str) -> String {
        let w = words(lang);
        let other = Lang::ALL
            .into_iter()
            .find(|l| *l != lang)
            .unwrap_or(Lang::En);
        format!(
            "<!DOCTYPE html>\n<html lang=\"{code}\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\">\n<title>{title}</title>\n<link rel=\"stylesheet\" href=\"site.css\">\n<script src=\"site.js\"></script>\n</head>\n<body data-lang=\"{code}\">\n<header class=\"dk-nav\"><nav><a href=\"{index}\">{game}</a>{nav} · <a href=\"{verify}\">{verify_w}</a> · <a class=\"dk-lang\" data-lang=\"{other_code}\" href=\"{alt}\" hreflang=\"{other_code}\">{other_w}</a></nav></header>\n<main>\n{body}</main>\n</body>\n</html>\n",
            code = lang.code(),
            title = esc(title),
            index = page("index", lang),
            game = esc(self.game_id()),
            verify = page("verify", lang),
            verify_w = w.verify,
            other_code = other.code(),
            alt = page(stem, other),
            other_w = w.other_lang,
        )
    }

    /// The campaign's front page: its sides, its result, the timeline of its turns, the
    /// maps of the position now, and the dice protocol.
    fn index(&self, lang: Lang) -> Result<String, Failure> {
        let w = words(lang);
        let mut b = String::new();
        let _ = writeln!(b, "<h1>{}: {}</h1>", w.campaign, esc(self.game_id()));
        b.push_str(&self.sides_section(lang));
        b.push_str(&self.result_section(lang));
        b.push_str(&self.timeline(lang));
        b.push_str(&self.maps(self.turns.len() - 1, lang, w.maps_now)?);
        let _ = writeln!(
            b,
            "<section id=\"dk-protocol\"><h2>dikast-dice/v1</h2><p>{}</p><p><a href=\"{}\">{}</a></p></section>",
            prose(w.protocol),
            page("verify", lang),
            w.verify
        );
        Ok(self.frame(
            lang,
            &format!("{} {}", w.campaign, self.game_id()),
            "index",
            "",
            &b,
        ))
    }

    /// The index's sides, each with its player's name when the campaign has one.
    fn sides_section(&self, lang: Lang) -> String {
        let w = words(lang);
        let mut b = String::new();
        let _ = writeln!(b, "<section id=\"dk-sides\"><h2>{}</h2><ul>", w.sides);
        for s in self.sides() {
            let player = self
                .players
                .players
                .get(&s)
                .map(|p| p.name.trim())
                .filter(|n| !n.is_empty())
                .map(|n| format!(" — {} {}", w.player, esc(n)))
                .unwrap_or_default();
            let _ = writeln!(
                b,
                "<li><strong>{}</strong>{player}</li>",
                esc(&self.side_name(&s, lang))
            );
        }
        b.push_str("</ul></section>\n");
        b
    }

    /// The sides a turn awaits, by their names in `lang`, comma-separated.
    fn awaited(&self, t: &Turn, lang: Lang) -> String {
        t.head
            .awaiting
            .iter()
            .map(|s| self.side_name(s, lang))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The index's result: the game over with its last step, or the turn awaited and
    /// whose orders it awaits.
    fn result_section(&self, lang: Lang) -> String {
        let w = words(lang);
        let last = self.turns.last().expect("build checked a turn");
        let result = if last.head.awaiting.is_empty() {
            format!("{}: {}", w.over, esc(&self.title(last, lang)))
        } else {
            format!(
                "{}; {} {} {}",
                w.not_over,
                esc(&format!("{} {}", w.turn.to_lowercase(), last.t)),
                w.awaits,
                esc(&self.awaited(last, lang))
            )
        };
        format!(
            "<section id=\"dk-result\"><h2>{}</h2><p>{result}</p></section>\n",
            w.result
        )
    }

    /// The index's timeline: a line per turn.
    fn timeline(&self, lang: Lang) -> String {
        let w = words(lang);
        let mut b = String::new();
        let _ = writeln!(
            b,
            "<section id=\"dk-timeline\"><h2>{}</h2>\n<ol class=\"dk-timeline\">",
            w.timeline
        );
        for i in 0..self.turns.len() {
            self.timeline_item(i, lang, &mut b);
        }
        b.push_str("</ol></section>\n");
        b
    }

    /// One turn of the timeline: the final position, a turn awaiting orders, or an
    /// adjudicated turn with what its players saw, its dice and what happened.
    fn timeline_item(&self, i: usize, lang: Lang, b: &mut String) {
        let w = words(lang);
        let name = |s: &str| self.side_name(s, lang);
        let t = &self.turns[i];
        let title = esc(&self.title(t, lang));
        if !t.adjudicated() && t.head.awaiting.is_empty() {
            // The game file the last turn made: the game is over, nothing awaited.
            let _ = writeln!(
                b,
                "<li data-turn=\"{n}\" class=\"dk-final\">{} {n}: {title}</li>",
                w.turn,
                n = t.t
            );
            return;
        }
        if !t.adjudicated() {
            let _ = writeln!(
                b,
                "<li data-turn=\"{n}\" class=\"dk-pending\">{} {n}: {title} — {} {}</li>",
                w.turn,
                w.awaits,
                esc(&self.awaited(t, lang)),
                n = t.t
            );
            return;
        }
        let mut events: Vec<String> = self
            .seen(i)
            .iter()
            .map(|s| seen_words(self.game, s, &name, lang))
            .collect();
        if let Some(d) = self.dice(t) {
            let labels: Vec<&str> = d
                .events
                .iter()
                .map(|e| e.label.as_str())
                .filter(|l| !l.contains("#reroll"))
                .collect();
            if !labels.is_empty() {
                events.push(format!("{}: {}", w.dice_seen, labels.join(", ")));
            }
        }
        let _ = write!(
            b,
            "<li data-turn=\"{n}\"><a href=\"{href}\">{} {n}</a>: {title}",
            w.turn,
            n = t.t,
            href = page(&turn_stem(t.t), lang)
        );
        let cards = self.cards_played(t, lang);
        if !events.is_empty() || !cards.is_empty() {
            b.push_str("<ul>");
            // The cards played first (they open the turn), in the report's words.
            for c in cards {
                let html = markdown(&c);
                let inner = html
                    .trim()
                    .trim_start_matches("<p>")
                    .trim_end_matches("</p>");
                let _ = write!(b, "<li class=\"dk-card\">{inner}</li>");
            }
            for e in events {
                let _ = write!(b, "<li>{}</li>", esc(&e));
            }
            b.push_str("</ul>");
        }
        let happened = self.happened(t, lang);
        if !happened.is_empty() {
            let items: String = happened.iter().map(|l| format!("- {l}\n")).collect();
            let _ = write!(
                b,
                "<details class=\"dk-happened\"><summary>{} ({})</summary>{}</details>",
                w.happened,
                happened.len(),
                markdown(&items).trim_end()
            );
        }
        b.push_str("</li>\n");
    }

    /// Whether the war is over: the last game file awaits nobody.
    fn over(&self) -> bool {
        self.turns
            .last()
            .is_some_and(|t| t.head.awaiting.is_empty())
    }

    /// The map of the position awaiting turn `turns[i]`: once the war is over, the whole
    /// position (`dikast show GAME`'s map, from the game file); before, every side's map
    /// of its own view, so that a site published with `--force` shows no side's hidden
    /// pieces on a map.
    fn maps(&self, i: usize, lang: Lang, heading: &str) -> Result<String, Failure> {
        let w = words(lang);
        let t = &self.turns[i];
        let mut b = format!("<section class=\"dk-maps\"><h2>{heading}</h2>\n");
        if self.over() {
            let path = self.layout.game(t.t);
            let bytes = fsx::read_limited(&path)?;
            let svg = inline_svg(
                self.game
                    .show(&path, &bytes, None, Format::Svg, Some(lang))?,
            );
            let _ = writeln!(
                b,
                "<figure class=\"dk-map dk-whole\"><figcaption>{}</figcaption>\n{svg}</figure>",
                w.whole
            );
            b.push_str("</section>\n");
            return Ok(b);
        }
        for name in &t.files {
            let Some(side) = name
                .strip_prefix("view-")
                .and_then(|n| n.strip_suffix(".yaml"))
            else {
                continue;
            };
            let path = self.layout.turn_dir(t.t).join(name);
            let bytes = fsx::read_limited(&path)?;
            let svg = inline_svg(
                self.game
                    .show(&path, &bytes, None, Format::Svg, Some(lang))?,
            );
            let _ = writeln!(
                b,
                "<figure class=\"dk-map\"><figcaption>{} {}</figcaption>\n{svg}</figure>",
                w.view_of,
                esc(&self.side_name(side, lang))
            );
        }
        b.push_str("</section>\n");
        Ok(b)
    }

    /// A turn's page: the map after it (`maps`), its reports, dice, orders and raw
    /// files.
    fn turn_page(&self, i: usize, lang: Lang) -> Result<String, Failure> {
        let w = words(lang);
        let t = &self.turns[i];
        let n = t.t;
        let title = self.title(t, lang);
        let mut b = format!("<h1>{} {n}: {}</h1>\n", w.turn, esc(&title));
        if i + 1 < self.turns.len() {
            b.push_str(&self.maps(i + 1, lang, w.maps)?);
        }
        b.push_str(&self.reports_section(t, lang));
        b.push_str(&self.dice_table(t, lang));
        b.push_str(&self.orders_section(t, lang)?);
        b.push_str(&self.files_section(i, lang));
        Ok(self.frame(
            lang,
            &format!(
                "{} — {} {n}: {title}",
                self.game_id(),
                w.turn.to_lowercase()
            ),
            &turn_stem(n),
            &self.turn_nav(i, lang),
            &b,
        ))
    }

    /// A turn page's links to the previous turn and to the next adjudicated one.
    fn turn_nav(&self, i: usize, lang: Lang) -> String {
        let w = words(lang);
        let mut nav = String::new();
        if i > 0 {
            let _ = write!(
                nav,
                " · <a rel=\"prev\" href=\"{}\">{}</a>",
                page(&turn_stem(self.turns[i - 1].t), lang),
                w.prev
            );
        }
        if let Some(next) = self.turns.get(i + 1).filter(|x| x.adjudicated()) {
            let _ = write!(
                nav,
                " · <a rel=\"next\" href=\"{}\">{}</a>",
                page(&turn_stem(next.t), lang),
                w.next
            );
        }
        nav
    }

    /// A turn's reports: the moderator's first (open), then each side's, in `lang`.
    fn reports_section(&self, t: &Turn, lang: Lang) -> String {
        let w = words(lang);
        let mut b = String::new();
        let _ = writeln!(b, "<section id=\"dk-reports\"><h2>{}</h2>", w.reports);
        // The moderator's report (every hand, every block) only once the war is over.
        let mut shown = Vec::new();
        if self.over() {
            shown.push((w.moderator.to_string(), lang.file_name("report"), true));
        }
        for s in self.sides() {
            shown.push((
                format!("{} {}", w.report_of, self.side_name(&s, lang)),
                lang.file_name(&format!("report-{s}")),
                false,
            ));
        }
        for (summary, file, open) in shown {
            if let Some(text) = t.reports.get(&file) {
                let _ = writeln!(
                    b,
                    "<details class=\"dk-report\"{}><summary>{}</summary>\n<div class=\"dk-md\">{}</div></details>",
                    if open { " open" } else { "" },
                    esc(&summary),
                    markdown(text)
                );
            }
        }
        b.push_str("</section>\n");
        b
    }

    /// A turn's orders as adjudicated, each side's with its SHA-256, or that it sent none.
    fn orders_section(&self, t: &Turn, lang: Lang) -> Result<String, Failure> {
        let w = words(lang);
        let mut b = String::new();
        let _ = writeln!(b, "<section id=\"dk-orders\"><h2>{}</h2>", w.orders);
        for s in self.sides() {
            let file = format!("orders/{s}.yaml");
            let name = esc(&self.side_name(&s, lang));
            if t.files.contains(&file) {
                let bytes = fsx::read_limited(&self.layout.turn_dir(t.t).join(&file))?;
                let _ = writeln!(
                    b,
                    "<details class=\"dk-orders\"><summary>{name}: <code>{}</code> (SHA-256 <code>{}</code>)</summary><pre>{}</pre></details>",
                    esc(&file),
                    crate::game::sha256_hex(&bytes),
                    esc_pre(&String::from_utf8_lossy(&bytes))
                );
            } else {
                let _ = writeln!(b, "<p>{name}: {}</p>", w.no_orders);
            }
        }
        b.push_str("</section>\n");
        Ok(b)
    }

    /// A turn's raw files, and the game file the turn made.
    fn files_section(&self, i: usize, lang: Lang) -> String {
        let w = words(lang);
        let n = self.turns[i].t;
        let mut b = String::new();
        let _ = writeln!(
            b,
            "<section id=\"dk-files\"><h2>{}</h2><ul class=\"dk-files\">",
            w.files
        );
        // Before the end, no link to the moderator's reports (which show every hand).
        let moderators = |f: &str| {
            f.strip_prefix("report")
                .is_some_and(|r| r == ".md" || (r.starts_with('.') && r.matches('.').count() == 2))
        };
        for f in self.turns[i]
            .files
            .iter()
            .filter(|f| self.over() || !moderators(f))
        {
            let _ = writeln!(
                b,
                "<li><a href=\"../turns/{n:04}/{f}\">turns/{n:04}/{f}</a></li>",
                f = esc(f)
            );
        }
        if let Some(next) = self.turns.get(i + 1) {
            let _ = writeln!(
                b,
                "<li><a href=\"../turns/{m:04}/game.yaml\">turns/{m:04}/game.yaml</a></li>",
                m = next.t
            );
        }
        b.push_str("</ul></section>\n");
        b
    }

    /// The moderator's dice section as a table: the turn's keys, then every event.
    fn dice_table(&self, t: &Turn, lang: Lang) -> String {
        let w = words(lang);
        let mut b = format!("<section id=\"dk-dice\"><h2>{}</h2>\n", w.dice);
        let Some(d) = self.dice(t) else {
            b.push_str("</section>\n");
            return b;
        };
        b.push_str("<dl class=\"dk-keys\">");
        let mut field = |k: &str, v: &str| {
            let _ = write!(b, "<dt>{k}</dt><dd><code>{}</code></dd>", esc(v));
        };
        field("commitment", &d.commitment);
        field("seed", &d.seed);
        field("game_sha256", &d.game_sha256);
        for o in &d.orders {
            field(&format!("orders: {}", esc(&o.side)), &o.sha256);
        }
        field("turn_key", &d.turn_key);
        if let Some(u) = &d.sealed_seed {
            field("sealed_seed", u);
        }
        b.push_str("</dl>\n");
        if d.events.is_empty() {
            let _ = writeln!(b, "<p>{}</p>", w.no_dice);
        } else {
            let _ = writeln!(
                b,
                "<div class=\"dk-scroll\"><table class=\"dk-dice\"><thead><tr><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
                w.label, w.sealed, w.values
            );
            for e in &d.events {
                let values = match (&e.d6, &e.below) {
                    (Some(d6), _) => d6
                        .iter()
                        .map(|v| v.to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                    (None, Some(b)) => b
                        .iter()
                        .map(|[n, v]| format!("{v}/{n}"))
                        .collect::<Vec<_>>()
                        .join(" "),
                    _ => String::new(),
                };
                let _ = writeln!(
                    b,
                    "<tr><td><code>{}</code></td><td>{}</td><td class=\"dk-values\">{}</td></tr>",
                    esc(&e.label),
                    if e.sealed { "✓" } else { "" },
                    esc(&values)
                );
            }
            b.push_str("</tbody></table></div>\n");
        }
        b.push_str("</section>\n");
        b
    }

    fn verify(&self, lang: Lang) -> String {
        let w = words(lang);
        let b = format!(
            "<h1>{title}</h1>\n<p>{intro}</p>\n<p id=\"dk-status\" data-green=\"{green}\" data-red=\"{red}\">{running}</p>\n<section><h2>{vectors}</h2><ul id=\"dk-vectors\" class=\"dk-lines\"></ul></section>\n<section><h2>{turns}</h2><ul id=\"dk-turns\" class=\"dk-lines\"></ul></section>\n<section><h2>{drop_h}</h2><p>{drop_intro}</p>\n<label id=\"dk-drop\" class=\"dk-drop\">{drop}<input id=\"dk-pick\" type=\"file\" multiple></label>\n<ul id=\"dk-player\" class=\"dk-lines\"></ul></section>\n<script src=\"archive.js\"></script>\n<script src=\"vectors.js\"></script>\n<script src=\"verify.js\"></script>\n",
            title = w.verify_title,
            intro = prose(w.verify_intro),
            green = esc(w.green),
            red = esc(w.red),
            running = w.running,
            vectors = w.vectors,
            turns = w.turns,
            drop_h = w.verify,
            drop_intro = prose(w.drop_intro),
            drop = w.drop,
        );
        self.frame(lang, w.verify_title, "verify", "", &b)
    }
}

/// A map as the page holds it: the SVG without its XML declaration.
fn inline_svg(shown: Shown) -> String {
    let svg = match shown {
        Shown::Text(s) => s,
        Shown::Bytes(_) => String::new(),
    };
    match svg.strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n") {
        Some(rest) => rest.to_string(),
        None => svg,
    }
}

/// Fixed text of the site's own, escaped, its `code` spans as `<code>`.
fn prose(s: &str) -> String {
    esc(s)
        .split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                format!("<code>{part}</code>")
            } else {
                part.to_string()
            }
        })
        .collect()
}

/// Text for a `<pre>`: escaped, its line breaks kept.
fn esc_pre(s: &str) -> String {
    s.lines().map(esc).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_the_standard_one() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64(&[0xff, 0xfe, 0x00]), "//4A");
    }

    #[test]
    fn markdown_keeps_no_raw_html_link_or_image() {
        let html = markdown(
            "# T\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) ![y](https://example.com/a.png) `<b>`\n",
        );
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("href"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(html.contains("<code>&lt;b&gt;</code>"), "{html}");
    }

    #[test]
    fn a_side_name_is_read_from_its_report() {
        assert_eq!(
            side_name_in_report("# g — turn 1: x\n\nReport for **Athens**.\n").as_deref(),
            Some("Athens")
        );
        assert_eq!(side_name_in_report("# g\n\nno name\n"), None);
    }
}
