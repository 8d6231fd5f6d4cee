//! Turn reports in Markdown: the moderator's (everything) and one per side (only what
//! that side may see), built from the events and the side's view, never by cutting
//! the full report down. Each ends with the dice section of dice.md §5, a fenced YAML
//! block that `dikast verify --report` reads back. Every report is written in every
//! language (`crate::lang`): the same facts, the same dice section, other words.

use crate::diag::Diagnostic;
use crate::dice::{self, DiceRecord, Hash, SideOrders};
use crate::game::GameFile;
use crate::lang::Lang;
use crate::rules::Rules;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write;

/// The facts of one adjudication every report draws on.
pub struct Facts<'a, S> {
    pub game: &'a GameFile<S>,
    pub next: &'a GameFile<S>,
    pub next_sha: String,
    pub seed: Hash,
    pub sealed: Option<Hash>,
    pub game_sha: Hash,
    pub turn_key: Hash,
    /// The commitment the seed was checked against: the game file's, or after an undo
    /// the last reseed's (docs/dice.md, "A turn adjudicated again").
    pub commitment: String,
    /// The reseeds of this turn, oldest first (empty: no undo touched it).
    pub reseeds: &'a [crate::game::Reseed],
    pub sides: &'a [SideOrders],
    pub dice: &'a [DiceRecord],
    pub problems: &'a BTreeMap<String, Vec<Diagnostic>>,
    /// Per side, per language: the defaults its orders applied (`Rules::defaults_said`).
    pub defaults: &'a BTreeMap<String, BTreeMap<Lang, Vec<String>>>,
}

/// One side's orders hash in the dice section.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OrdersHash {
    pub side: String,
    /// Hex SHA-256 of the orders file's bytes, or `none`.
    pub sha256: String,
}

/// One random event's values in the dice section.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EventDice {
    pub label: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sealed: bool,
    /// Six-sided dice, in order (when every draw was a d6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub d6: Option<Vec<u32>>,
    /// Otherwise each draw as `[n, below(n)]`, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub below: Option<Vec<[u32; 2]>>,
}

impl EventDice {
    pub fn from_record(r: &DiceRecord) -> EventDice {
        let all_d6 = !r.draws.is_empty() && r.draws.iter().all(|d| d.n == 6);
        EventDice {
            label: r.label.clone(),
            sealed: r.sealed,
            d6: all_d6.then(|| r.draws.iter().map(|d| d.value + 1).collect()),
            below: (!all_d6).then(|| r.draws.iter().map(|d| [d.n, d.value]).collect()),
        }
    }
    /// The draws this entry lists, as (n, value).
    pub fn draws(&self) -> Vec<dice::Draw> {
        match (&self.d6, &self.below) {
            (Some(d), _) => d
                .iter()
                .map(|v| dice::Draw {
                    n: 6,
                    value: v.saturating_sub(1),
                })
                .collect(),
            (None, Some(b)) => b
                .iter()
                .map(|[n, v]| dice::Draw { n: *n, value: *v })
                .collect(),
            (None, None) => Vec::new(),
        }
    }
}

/// The dice section of dice.md §5.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DiceSection {
    pub protocol: String,
    pub game: String,
    pub turn: u32,
    /// `c_t`: the commitment in force (after an undo, the last of `reseeded`).
    pub commitment: String,
    /// The undos that retired a revealed seed of this turn, oldest first: each retired
    /// seed hashes to the commitment before it (the view's first), and the last
    /// commitment is `commitment` (docs/dice.md, "A turn adjudicated again").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reseeded: Vec<crate::game::Reseed>,
    /// `s_t`, revealed.
    pub seed: String,
    /// SHA-256 of the game file that awaited this turn.
    pub game_sha256: String,
    pub orders: Vec<OrdersHash>,
    /// `K_t`.
    pub turn_key: String,
    /// `u_t`: in the moderator's report only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sealed_seed: Option<String>,
    pub events: Vec<EventDice>,
}

/// The heading that starts the dice section of an English report; `verify --report`
/// looks for it (or its translation, `dice_heading`).
pub const DICE_HEADING: &str = "## Dice";

/// The heading that starts the dice section in `lang`.
pub fn dice_heading(lang: Lang) -> &'static str {
    lang.pick(DICE_HEADING, "## Кубики")
}

/// The headings and fixed sentences of a report, in one language.
struct Words {
    turn: &'static str,
    report_for: &'static str,
    moderator: &'static str,
    orders: &'static str,
    received: &'static str,
    none_received: &'static str,
    not_awaited: &'static str,
    default_applied: &'static str,
    invalid: &'static str,
    warnings: &'static str,
    happened: &'static str,
    position: &'static str,
    send_next: &'static str,
    over: &'static str,
    over_said: &'static str,
    awaits: &'static str,
    deadline: &'static str,
    late: &'static str,
    orders_start: &'static str,
    skeleton: &'static str,
    seed: &'static str,
}

const EN: Words = Words {
    turn: "turn",
    report_for: "Report for",
    moderator: "**Moderator's report**: it shows everything, sealed dice included. Never send it to a player.",
    orders: "## Orders",
    received: "orders received",
    none_received: "**no orders received**: standing orders and the documented defaults applied",
    not_awaited: "no orders awaited this step",
    default_applied: "default applied",
    invalid: "### Invalid orders replaced by their defaults",
    warnings: "### Warnings (the orders stand)",
    happened: "## What happened",
    position: "## Your position",
    send_next: "## What you must send next",
    over: "## The game is over",
    over_said: "Nothing more is awaited from anyone: no orders, no deadline. The moderator may now publish the campaign (`dikast publish`), which reveals the last sealed seed: every sealed event can then be checked.",
    awaits: "awaits",
    deadline: "Deadline",
    late: "Orders that arrive later may be adjudicated as no orders (standing orders and defaults).",
    orders_start: "Orders start with",
    skeleton: "`dikast template` writes the skeleton",
    seed: "is revealed: anyone can check `SHA-256(\"dikast/v1/chain\" ‖ seed) = commitment` and recompute the turn key and every value below with `dikast verify --report <this file> --orders <your orders>`.",
};

const RU: Words = Words {
    turn: "ход",
    report_for: "Отчёт для стороны",
    moderator: "**Отчёт ведущего**: в нём видно всё, запечатанные броски кубиков тоже. Никогда не отправляйте его игроку.",
    orders: "## Приказы",
    received: "приказы получены",
    none_received: "**приказы не получены**: применены постоянные приказы и документированные правила по умолчанию",
    not_awaited: "на этом шаге приказы не ожидались",
    default_applied: "применено по умолчанию",
    invalid: "### Неверные приказы, заменённые приказами по умолчанию",
    warnings: "### Предупреждения (приказы в силе)",
    happened: "## Что произошло",
    position: "## Ваше положение",
    send_next: "## Что прислать дальше",
    over: "## Игра окончена",
    over_said: "Больше ни от кого ничего не ожидается: ни приказов, ни сроков. Ведущий может теперь опубликовать кампанию (`dikast publish`), раскрыв последнее запечатанное зерно: тогда можно проверить каждое запечатанное событие.",
    awaits: "ожидает",
    deadline: "Срок",
    late: "Приказы, пришедшие позже, могут быть засчитаны как неполученные (постоянные приказы и правила по умолчанию).",
    orders_start: "Приказы начинаются с",
    skeleton: "заготовку пишет `dikast template`",
    seed: "раскрыто: любой может проверить `SHA-256(\"dikast/v1/chain\" ‖ seed) = commitment` и пересчитать ключ хода и каждое значение ниже командой `dikast verify --report <этот файл> --orders <ваши приказы>`.",
};

fn words(lang: Lang) -> &'static Words {
    lang.pick(&EN, &RU)
}

/// The `## What happened` heading in `lang` (tests and tools find the section by it).
pub fn happened_heading(lang: Lang) -> &'static str {
    words(lang).happened
}

/// The `### Invalid orders …` heading in `lang`.
pub fn invalid_heading(lang: Lang) -> &'static str {
    words(lang).invalid
}

/// The `### Warnings …` heading in `lang`.
pub fn warnings_heading(lang: Lang) -> &'static str {
    words(lang).warnings
}

/// The `## The game is over` heading in `lang` (it stands where a report of a game
/// going on says what to send next).
pub fn over_heading(lang: Lang) -> &'static str {
    words(lang).over
}

/// The `## Your position` heading in `lang`.
pub fn position_heading(lang: Lang) -> &'static str {
    words(lang).position
}

/// The `## What you must send next` heading in `lang`.
pub fn send_next_heading(lang: Lang) -> &'static str {
    words(lang).send_next
}

/// The sentence after the next deadline when the campaign's `late:` policy is not known
/// to the report (no `adjudication.yaml`); `policy::annotate` replaces it by the policy's
/// own (`late_sentence`) when the record gives it.
pub fn late_unknown(lang: Lang) -> &'static str {
    words(lang).late
}

/// What becomes of orders that arrive after the deadline, under the campaign's `late:`.
pub fn late_sentence(lang: Lang, accept: bool) -> &'static str {
    match (accept, lang) {
        (true, Lang::En) => "Orders that arrive later are still taken until the turn is adjudicated, marked late (`late: accept`).",
        (true, Lang::Ru) => "Приказы, пришедшие позже, ещё принимаются до обсчёта хода, с пометкой об опоздании (`late: accept`).",
        (false, Lang::En) => "Orders that arrive later are refused: standing orders and the defaults apply (`late: refuse`).",
        (false, Lang::Ru) => "Приказы, пришедшие позже, отклоняются: применяются постоянные приказы и правила по умолчанию (`late: refuse`).",
    }
}

/// Whether the game is over (a victory, a peace): its step awaits no side and cannot be
/// adjudicated. Nothing is asked of anyone then: no orders, no deadline, no skeleton.
pub fn game_over(step: &crate::rules::StepInfo) -> bool {
    step.awaiting.is_empty() && step.unsupported.is_some()
}

/// Renders one report in `lang`. `side` is `None` for the moderator's; `view` is the
/// side's view of the position after the turn. Diagnostics quoted from orders checks stay
/// as the checker wrote them (English).
pub fn render<R: Rules>(
    sc: &R::Scenario,
    f: &Facts<R::State>,
    events: &[R::Event],
    side: Option<&str>,
    view: Option<&R::View>,
    lang: Lang,
) -> String {
    let w = words(lang);
    let name = |s: &str| R::side_name_in(sc, s, lang);
    let mut out = String::new();
    let g = f.game;
    let step = R::step_in(sc, &g.state, lang);
    let _ = writeln!(
        out,
        "# {} — {} {}: {}\n",
        g.game, w.turn, g.turn, step.title
    );
    match side {
        Some(s) => {
            let _ = writeln!(out, "{} **{}**.\n", w.report_for, name(s));
        }
        None => {
            let _ = writeln!(out, "{}\n", w.moderator);
        }
    }
    let _ = writeln!(out, "{}\n", w.orders);
    for so in f.sides {
        let line = match &so.orders_sha256 {
            Some(h) => format!("{} (SHA-256 `{}`)", w.received, dice::to_hex(h)),
            // A side the step did not await sent nothing because it was asked nothing.
            None if !step.awaiting.contains(&so.side) => w.not_awaited.to_string(),
            None => w.none_received.to_string(),
        };
        let _ = writeln!(out, "- {}: {line}", name(&so.side));
        if side.is_none_or(|me| me == so.side) {
            let said = f.defaults.get(&so.side).and_then(|d| d.get(&lang));
            for d in said.into_iter().flatten() {
                // The game's own words (canonical ids), on one line.
                let _ = writeln!(
                    out,
                    "  - {}: {}",
                    w.default_applied,
                    d.replace(['\n', '\r'], " ")
                );
            }
        }
    }
    // Errors (the orders replaced by their defaults), then warnings (orders that stand,
    // with something their side should know), each to its side and the moderator only.
    for (errors, heading) in [(true, w.invalid), (false, w.warnings)] {
        let shown: Vec<(&String, &Diagnostic)> = f
            .problems
            .iter()
            .filter(|(s, _)| side.is_none_or(|me| me == s.as_str()))
            .flat_map(|(s, ds)| ds.iter().map(move |d| (s, d)))
            .filter(|(_, d)| d.is_error() == errors)
            .collect();
        if shown.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n{heading}\n");
        for (s, d) in shown {
            // In the reader's language (`kit::tr`): the same code, place and facts.
            let d = &crate::kit::tr::diagnostic(d, lang, R::diagnostic_tongue());
            let at = d.location().map(|l| format!(" ({l})")).unwrap_or_default();
            let rule = d
                .rule
                .as_ref()
                .map(|r| format!(" — {r}"))
                .unwrap_or_default();
            let _ = writeln!(out, "- {}: {}{at}{rule}", name(s), one_line(&d.message));
        }
    }
    let _ = writeln!(out, "\n{}\n", w.happened);
    out.push_str(&R::narrate(sc, &g.state, events, side, lang));
    if let Some(v) = view {
        let _ = writeln!(out, "\n{}\n", w.position);
        out.push_str(&R::describe(sc, v, lang));
    }
    let next_step = R::step_in(sc, &f.next.state, lang);
    if game_over(&next_step) {
        // Nothing more is asked of anyone: no orders, no deadline, no skeleton.
        let _ = writeln!(out, "\n{}\n", w.over);
        let _ = writeln!(out, "{}. {}", upper_first(&next_step.title), w.over_said);
    } else {
        send_next::<R>(sc, f, side, &next_step, lang, &mut out);
    }
    dice_section(f, side, lang, &mut out);
    out
}

/// `text` with its first letter in capitals.
fn upper_first(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// `## What you must send next`: the step the next turn awaits, its deadline, what each
/// side (or this side) must send and how orders start.
fn send_next<R: Rules>(
    sc: &R::Scenario,
    f: &Facts<R::State>,
    side: Option<&str>,
    next_step: &crate::rules::StepInfo,
    lang: Lang,
    out: &mut String,
) {
    let w = words(lang);
    let name = |s: &str| R::side_name_in(sc, s, lang);
    let _ = writeln!(out, "\n{}\n", w.send_next);
    let _ = writeln!(
        out,
        "{} {} {} **{}**.",
        lang.pick("Turn", "Ход"),
        f.next.turn,
        w.awaits,
        next_step.title
    );
    if let Some(d) = &f.next.deadline {
        let _ = writeln!(out, "\n**{}: {d}.** {}\n", w.deadline, w.late);
    }
    let asks: Vec<(&String, &String)> = next_step
        .asks
        .iter()
        .filter(|(s, _)| side.is_none_or(|me| me == s.as_str()))
        .collect();
    for (s, ask) in asks {
        let _ = writeln!(out, "- {}: {ask}.", name(s));
    }
    let _ = writeln!(
        out,
        "\n{} `game: {}`, `turn: {}`, `based_on: {}` ({}).",
        w.orders_start, f.next.game, f.next.turn, f.next_sha, w.skeleton
    );
}

/// The dice section of dice.md §5, with the sentence on the seed and, for a side, how
/// many events were left out.
fn dice_section<S>(f: &Facts<S>, side: Option<&str>, lang: Lang, out: &mut String) {
    let w = words(lang);
    let g = f.game;
    let section = DiceSection {
        protocol: g.dice.protocol.clone(),
        game: g.game.clone(),
        turn: g.turn,
        commitment: f.commitment.clone(),
        reseeded: f.reseeds.to_vec(),
        seed: dice::to_hex(&f.seed),
        game_sha256: dice::to_hex(&f.game_sha),
        orders: f
            .sides
            .iter()
            .map(|s| OrdersHash {
                side: s.side.clone(),
                sha256: s
                    .orders_sha256
                    .map(|h| dice::to_hex(&h))
                    .unwrap_or_else(|| "none".into()),
            })
            .collect(),
        turn_key: dice::to_hex(&f.turn_key),
        sealed_seed: if side.is_none() {
            f.sealed.map(|u| dice::to_hex(&u))
        } else {
            None
        },
        events: f
            .dice
            .iter()
            .filter(|r| r.shown_to.to(side))
            .map(EventDice::from_record)
            .collect(),
    };
    let _ = writeln!(out, "\n{} ({})\n", dice_heading(lang), g.dice.protocol);
    let _ = writeln!(
        out,
        "{} `s_{}` {}",
        lang.pick("Seed", "Зерно"),
        g.turn,
        w.seed
    );
    // An undo retired the seed a voided adjudication of this turn revealed: said in
    // words, each retirement with its time (the section below lists them as data).
    for r in f.reseeds {
        let at = &r.at;
        let short = |h: &str| h.chars().take(16).collect::<String>();
        let line = match lang {
            Lang::En => format!(
                "This turn was adjudicated again after an undo ({at}): the seed its voided report revealed (`{}…`) is retired, and the seed above hashes to the new commitment `{}…`, given in the correction notice before orders could be sent again ({}).",
                short(&r.retired_seed),
                short(&r.commitment),
                dice::RESEED_RULE
            ),
            Lang::Ru => format!(
                "Этот ход обсчитан заново после отмены ({at}): зерно, раскрытое его отменённым отчётом (`{}…`), выведено из игры, а зерно выше даёт новое обязательство `{}…`, объявленное в уведомлении об исправлении до того, как приказы можно было прислать снова ({}).",
                short(&r.retired_seed),
                short(&r.commitment),
                dice::RESEED_RULE
            ),
        };
        let _ = writeln!(out, "{line}");
    }
    let hidden = f.dice.iter().filter(|r| !r.shown_to.to(side)).count() as u32;
    if hidden > 0 && side.is_some() {
        let line = match lang {
            Lang::En => format!(
                "{hidden} sealed or hidden event{} of this turn {} left out; sealed events can be checked once the campaign is published.",
                if hidden == 1 { "" } else { "s" },
                if hidden == 1 { "is" } else { "are" }
            ),
            Lang::Ru => format!(
                "Запечатанные или скрытые события этого хода не показаны ({hidden}); запечатанные события можно проверить, когда кампания будет опубликована."
            ),
        };
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "\n```yaml\n{}```", crate::game::to_yaml(&section));
}

/// A player's text as it may stand inside one line of a report: control characters and
/// line breaks become spaces (no text of a player may start a heading or a section of
/// its own in a report), a very long value is cut to 160 characters, and the whole is
/// one Markdown code span, fenced with more backticks than any run in it, so that no
/// Markdown or HTML in it (a backtick closing a quote, a link, an image, a tag)
/// survives into the report or the HTML of its mail.
pub fn one_line(text: &str) -> String {
    const MAX: usize = 160;
    let flat: String = text
        .chars()
        .map(|c| {
            if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
                ' '
            } else {
                c
            }
        })
        .collect();
    let flat = if flat.chars().count() <= MAX {
        flat
    } else {
        let cut: String = flat.chars().take(MAX).collect();
        format!("{cut}…")
    };
    code_span(&flat)
}

/// `text` as a CommonMark code span: its content is shown as it is, never read as
/// Markdown.
pub fn code_span(text: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    // A space inside each fence when the text starts or ends with a backtick or a space
    // (CommonMark takes one such space off each end).
    let pad = text.starts_with(['`', ' ']) || text.ends_with(['`', ' ']) || text.is_empty();
    let sp = if pad { " " } else { "" };
    format!("{fence}{sp}{text}{sp}{fence}")
}

/// Finds and parses the dice section of a report, in any language dikast writes, as
/// saved from any mail client: CRLF or CR line endings and a byte-order mark are read as
/// the plain `\n` the report was written with.
pub fn parse_dice_section(text: &str) -> Option<Result<DiceSection, String>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let text = text.as_str();
    // Reports written before the Russian heading became «Кубики» (issue 32) say «Кости».
    let at = Lang::ALL
        .into_iter()
        .map(dice_heading)
        .chain(["## Кости"])
        .find_map(|h| {
            text.find(&format!("\n{h} "))
                .or_else(|| text.starts_with(h).then_some(0))
        })?;
    let rest = &text[at..];
    let start = rest.find("```yaml\n")? + "```yaml\n".len();
    let end = rest[start..].find("```")? + start;
    Some(serde_yaml::from_str(&rest[start..end]).map_err(|e| e.to_string()))
}

/// A report's Markdown as HTML, for its mail and for the published site. Raw HTML is
/// shown as text, never passed through (reports quote what players wrote), and no link or
/// image reaches the HTML (a report has none of its own; any would come from a player's
/// text): their text stays, the target goes.
pub fn markdown_html(md: &str) -> String {
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
    let parser = Parser::new_ext(md, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH)
        .filter(|e| {
            !matches!(
                e,
                Event::Start(Tag::Link { .. } | Tag::Image { .. })
                    | Event::End(TagEnd::Link | TagEnd::Image)
            )
        })
        .map(|e| match e {
            Event::Html(s) | Event::InlineHtml(s) => Event::Text(s),
            other => other,
        });
    let mut out = String::new();
    pulldown_cmark::html::push_html(&mut out, parser);
    out
}
