//! How each side reads what the siege rules (7.x, 8.x) did; the events themselves:
//! `model::events::siege`.
//!
//! The season's `Event` carries these as one variant, so the siege rules can grow without
//! touching the season's event list. Every event knows what each side may read: the
//! besieger learns dice and hit counts, never which besieged block lost what (8.2 "no
//! blocks are revealed"); a capitulation reveals nothing (8.1.3).

use super::teller::owns;
use super::teller::Teller;
use crate::model::battle::BattleOutcome;
use crate::model::battle::Effect;
use crate::model::battle::Shot;
use crate::model::events::siege::BattleKind;
use crate::model::events::siege::Fall;
use crate::model::events::siege::Loss;
use crate::model::events::siege::SiegeEvent;
use crate::model::events::siege::Void;
use crate::model::scenario::Scenario;
use crate::model::state::Prestige;
use crate::model::state::Season;
use crate::text::words;
use crate::text::words::possessive;
use crate::text::words::At;
use crate::text::words::Case;
use dikast_core::lang::Lang;

impl Fall {
    /// How the city fell, in words of `lang`, with the rule.
    pub fn words(self, lang: Lang) -> &'static str {
        match self {
            Fall::Storm => lang.pick("taken by storm (8.1)", "взят штурмом (8.1)"),
            Fall::Capitulation => lang.pick("capitulated (8.1.3)", "капитулировал (8.1.3)"),
            Fall::Attrition => lang.pick(
                "starved out by siege attrition (8.2)",
                "истощён осадой (8.2)",
            ),
            Fall::Vacated => lang.pick(
                "left empty by its defenders (7.4)",
                "оставлен защитниками (7.4)",
            ),
        }
    }
}

pub fn side(sc: &Scenario, id: &str, lang: Lang) -> String {
    words::side(sc, id, lang, Case::Nom)
}

pub fn gen(sc: &Scenario, id: &str, lang: Lang) -> String {
    words::side(sc, id, lang, Case::Gen)
}

/// The net Prestige track in words.
fn track_words(sc: &Scenario, p: &Prestige, lang: Lang) -> String {
    super::season::prestige_words(sc, p, lang)
}

const BLOCKS: ([&str; 2], [&str; 3]) = (["block", "blocks"], ["блок", "блока", "блоков"]);
const STEPS: ([&str; 2], [&str; 3]) = (["step", "steps"], ["БС", "БС", "БС"]);
/// After `to` / `до`: the genitive.
const STEPS_TO: ([&str; 2], [&str; 3]) = (["step", "steps"], ["БС", "БС", "БС"]);
const HITS: ([&str; 2], [&str; 3]) = (["hit", "hits"], ["попадание", "попадания", "попаданий"]);
const ROUTS: ([&str; 2], [&str; 3]) = (["rout", "routs"], ["бегство", "бегства", "бегств"]);
/// After `after` / `после`: the genitive.
const ROUNDS_AFTER: ([&str; 2], [&str; 3]) =
    (["round", "rounds"], ["раунда", "раундов", "раундов"]);

/// A shot's tally: `2 hits` / `попаданий: 2`, `0 routs` / `в бегство: 0`.
fn tally(lang: Lang, n: u32, words: ([&str; 2], [&str; 3]), ru: &str) -> String {
    match lang {
        Lang::Ru => format!("{ru}: {n}"),
        _ => count(lang, n, words),
    }
}

fn count(lang: Lang, n: u32, w: ([&str; 2], [&str; 3])) -> String {
    lang.count(n, w.0, w.1)
}

/// The event in rule terms for the teller's reader (None: the moderator), in its
/// language, `season` being the season it happened in. Hidden details (which block lost
/// what, which blocks capitulated or fortified) go only to their owner.
///
/// EDIT BOTH LANGUAGES TOGETHER: every event's function writes the English and the
/// Russian line side by side (`lang.pick(en, ru)` or a match on `lang`). The two must
/// carry the same ids, places, numbers, sides, seasons and rule references:
/// tests/languages.rs compares them line by line, and keeps no English prose in the
/// Russian. Place names, block ids and labels stay as the scenario writes them in both.
pub fn narrate(t: Teller, season: Season, e: &SiegeEvent) -> String {
    let (sc, side, lang) = (t.sc, t.reader, t.lang);
    match e {
        SiegeEvent::Appeal(a) => super::appeal::narrate(sc, a, side, lang),
        SiegeEvent::Fortified {
            city,
            side: s,
            blocks,
        } => fortified(sc, side, city, s, blocks, lang),
        SiegeEvent::InField {
            city,
            side: s,
            blocks,
            why,
        } => in_field(sc, side, city, s, blocks, why, lang),
        SiegeEvent::Established {
            city,
            besieger,
            besieged,
            count: n,
            garrison,
        } => established(sc, city, besieger, besieged, n, garrison, lang),
        SiegeEvent::Blockaded {
            city,
            besieged,
            grain,
        } => blockaded(sc, season, city, besieged, grain, lang),
        SiegeEvent::BlockadeEnded { city, .. } => blockade_ended(city, lang),
        SiegeEvent::Attrition {
            city,
            besieger,
            besieged,
            label,
            dice,
            hit_on,
            why,
            hits,
            losses,
        } => attrition(
            sc, side, season, city, besieger, besieged, label, dice, hit_on, why, hits, losses,
            lang,
        ),
        SiegeEvent::Escaped {
            city,
            side: s,
            sea,
            fleets,
            carried,
            landed,
        } => escaped(sc, side, city, s, sea, fleets, carried, landed, lang),
        SiegeEvent::EscapeBarred { city, side: s, sea } => escape_barred(sc, city, s, sea, lang),
        SiegeEvent::AssaultDeclared { city, besieger } => {
            assault_declared(sc, city, besieger, lang)
        }
        SiegeEvent::Treachery {
            city,
            besieger,
            label,
            die,
            hit_on,
        } => treachery(sc, city, besieger, label, die, hit_on, lang),
        SiegeEvent::Capitulated {
            city,
            side: s,
            blocks,
            count: n,
        } => capitulated(sc, side, city, s, blocks, n, lang),
        SiegeEvent::SortieDeclared {
            city,
            side: s,
            blocks,
        } => sortie_declared(sc, city, s, blocks, lang),
        SiegeEvent::Captured {
            city,
            by,
            from,
            how,
        } => captured(sc, city, by, from, how, lang),
        SiegeEvent::Prestige {
            side: s,
            points,
            city,
            how,
            after,
        } => prestige(sc, s, points, city, how, after, lang),
        SiegeEvent::Lifted {
            city,
            besieged,
            garrison_stays,
        } => lifted(sc, city, besieged, garrison_stays, lang),
        SiegeEvent::Battle {
            city,
            kind,
            label,
            double_defence,
            outcome,
        } => narrate_battle(sc, city, *kind, label, *double_defence, outcome, lang),
        SiegeEvent::Void(v) => void(sc, side, v, lang),
    }
}

/// `SiegeEvent::Fortified` in `lang`, for `reader` (None: the moderator). 7.1: `side`'s
/// blocks withdrew into the walled city of `city`, ceding the area.
fn fortified(
    sc: &Scenario,
    reader: Option<&str>,
    city: &str,
    s: &str,
    blocks: &[String],
    lang: Lang,
) -> String {
    let who = if owns(reader, s) {
        format!(": {}", blocks.join(", "))
    } else {
        String::new()
    };
    let n = count(lang, blocks.len() as u32, BLOCKS);
    lang.pick(
        format!(
            "7.1 {} withdraws {n} into the walls of {city}, ceding the area{who}.",
            side(sc, s, lang)
        ),
        format!(
            "7.1 {}: отход за стены {}, область уступлена; {n}{who}.",
            side(sc, s, lang),
            words::place(city, Lang::Ru, At::Gen)
        ),
    )
}

/// `SiegeEvent::InField` in `lang`, for `reader` (None: the moderator). 7.1: `side`'s
/// blocks at `city` met the enemy in the field (standing order or no room).
fn in_field(
    sc: &Scenario,
    reader: Option<&str>,
    city: &str,
    s: &str,
    blocks: &[String],
    why: &str,
    lang: Lang,
) -> String {
    let reason = match why {
        "capacity" => lang.pick(
            " (7.3: no room left inside the walls)",
            " (7.3: за стенами не осталось места)",
        ),
        "unnamed" => lang.pick(
            " (7.1: the standing order names other blocks to withdraw)",
            " (7.1: постоянный приказ называет другие блоки для отхода за стены)",
        ),
        "inland" => lang.pick(
            " (a fleet cannot fortify in an inland city)",
            " (флот не может укрыться во внутреннем городе)",
        ),
        _ => lang.pick(
            " (standing order: field)",
            " (постоянный приказ: бой в поле)",
        ),
    };
    let who = if owns(reader, s) {
        format!(": {}", blocks.join(", "))
    } else {
        String::new()
    };
    let n = count(lang, blocks.len() as u32, BLOCKS);
    lang.pick(
        format!(
            "7.1 {} meets the enemy in the field at {city} with {n}{reason}{who}.",
            side(sc, s, lang)
        ),
        format!(
            "7.1 {}: бой в поле у {}, {n}{reason}{who}.",
            side(sc, s, lang),
            words::place(city, Lang::Ru, At::Gen)
        ),
    )
}

/// `SiegeEvent::Established` in `lang`. 7.2: the siege is established in this Combat phase;
/// the garrison (7.3) is added.
fn established(
    sc: &Scenario,
    city: &str,
    besieger: &str,
    besieged: &str,
    n: &u32,
    garrison: &bool,
    lang: Lang,
) -> String {
    let g = match (garrison, lang) {
        (false, _) => "",
        (true, Lang::En) => ", the city's garrison (7.3) added face down",
        (true, Lang::Ru) => "; к ним лицом вниз добавлен гарнизон города (7.3)",
    };
    let n = count(lang, *n, BLOCKS);
    lang.pick(
        format!(
            "7.2 Siege of {city} established: {} besieges {n} of {}{g}. Siege combat is possible from next season (8.0).",
            side(sc, besieger, lang),
            side(sc, besieged, lang)
        ),
        format!(
            "7.2 Осада {} установлена: осаждающий — {}, в осаде {n} {}{g}. Осадный бой возможен со следующего сезона (8.0).",
            words::place(city, Lang::Ru, At::Gen),
            side(sc, besieger, lang),
            gen(sc, besieged, lang)
        ),
    )
}

/// `SiegeEvent::Blockaded` in `lang`. 8.2.1: a besieged port is blockaded from now on
/// (8.2.2: Athens by the grain route).
fn blockaded(
    sc: &Scenario,
    season: Season,
    city: &str,
    besieged: &str,
    grain: &bool,
    lang: Lang,
) -> String {
    let since = words::season_gen(season, lang);
    match (grain, lang) {
        (true, Lang::En) => format!(
            "8.2.2 The Black Sea grain of {} is cut: {city} counts as blockaded from {season}.",
            side(sc, besieged, lang)
        ),
        (true, Lang::Ru) => format!(
            "8.2.2 Черноморский хлеб {} отрезан: город {} считается блокированным с {since}.",
            gen(sc, besieged, lang),
            words::place(city, Lang::Ru, At::Nom)
        ),
        (false, Lang::En) => format!("8.2.1 {city} is besieged and blockaded from {season} (an enemy fleet holds its offshore sea)."),
        (false, Lang::Ru) => format!("8.2.1 Город {} в осаде и блокаде с {since} (вражеский флот занимает его прибрежное море).", words::place(city, Lang::Ru, At::Nom)),
    }
}

/// `SiegeEvent::BlockadeEnded` in `lang`. 8.2.1: a besieged port is no longer blockaded.
fn blockade_ended(city: &str, lang: Lang) -> String {
    lang.pick(
        format!("8.2.1 The blockade of {city} ends."),
        format!(
            "8.2.1 Блокада {} снята.",
            words::place(city, Lang::Ru, At::Gen)
        ),
    )
}

/// `SiegeEvent::Attrition` in `lang`, for `reader` (None: the moderator). 8.2 Siege
/// attrition: the besieger's dice, the hit number and the hits.
#[allow(clippy::too_many_arguments)] // one parameter per field of the event
fn attrition(
    sc: &Scenario,
    reader: Option<&str>,
    season: Season,
    city: &str,
    besieger: &str,
    besieged: &str,
    label: &str,
    dice: &[u32],
    hit_on: &u32,
    why: &Option<String>,
    hits: &u32,
    losses: &[Loss],
    lang: Lang,
) -> String {
    let faces = super::appeal::faces(dice);
    let ssn = words::season(season, lang);
    let when = words::season_when(season, lang);
    let on = match (hit_on, why.as_deref(), lang) {
        (1, _, Lang::En) => "each 1 is a hit".to_string(),
        (1, _, Lang::Ru) => "каждая 1 — попадание".to_string(),
        (n, Some("grain"), Lang::En) => {
            format!("each 1–{n} is a hit: Athens besieged and blockaded (8.2.2)")
        }
        (n, Some("grain"), Lang::Ru) => {
            format!("каждый результат 1–{n} — попадание: Афины в осаде и блокаде (8.2.2)")
        }
        (n, _, Lang::En) => format!("each 1–{n} is a hit in {season}"),
        (n, _, Lang::Ru) => format!("каждый результат 1–{n} — попадание {when}"),
    };
    let n = lang.count(
        dice.len() as u32,
        ["die", "dice"],
        ["кубик", "кубика", "кубиков"],
    );
    let h = count(lang, *hits, HITS);
    let mut s = lang.pick(
        format!(
            "8.2 Siege attrition at {city}, {season}: {} rolls one die per besieged block of {}, garrison included, {n} (`{label}`): {}; {on}: {h}.",
            side(sc, besieger, lang),
            side(sc, besieged, lang),
            faces,
        ),
        format!(
            "8.2 Осадное истощение у {}, {ssn}: кубики {} — по одному на каждый осаждённый блок {}, гарнизон включён, {n} (`{label}`): {}; {on}: {h}.",
            words::place(city, Lang::Ru, At::Gen),
            gen(sc, besieger, lang),
            gen(sc, besieged, lang),
            faces,
        ),
    );
    if owns(reader, besieged) && !losses.is_empty() {
        let l: Vec<String> = losses
            .iter()
            .map(|l| match (l.steps_left, lang) {
                (0, Lang::En) => format!("{} eliminated", l.block),
                (0, Lang::Ru) => format!("{} уничтожен", l.block),
                (n, Lang::En) => format!("{} to {}", l.block, count(lang, n, STEPS_TO)),
                (n, Lang::Ru) => format!("{} — до {}", l.block, count(lang, n, STEPS_TO)),
            })
            .collect();
        s.push_str(&lang.pick(
            format!(" Losses, strongest block first: {}.", l.join("; ")),
            format!(" Потери, начиная с сильнейшего блока: {}.", l.join("; ")),
        ));
    } else if *hits > 0 {
        s.push_str(lang.pick(
            " Each hit takes a step from the strongest besieged block; no block is revealed.",
            " Каждое попадание снимает шаг с сильнейшего осаждённого блока; блоки не раскрываются.",
        ));
    }
    s
}

/// `SiegeEvent::Escaped` in `lang`, for `reader` (None: the moderator). 8.1.2: besieged
/// fleets sailed out of the assaulted port to its offshore sea, with the land blocks they
/// carried (landed at `landed`).
#[allow(clippy::too_many_arguments)] // one parameter per field of the event
fn escaped(
    sc: &Scenario,
    reader: Option<&str>,
    city: &str,
    s: &str,
    sea: &str,
    fleets: &[String],
    carried: &[(String, String)],
    landed: &Option<String>,
    lang: Lang,
) -> String {
    let cargo = match (carried.is_empty(), landed) {
        (false, Some(to)) if owns(reader, s) => {
            let c: Vec<String> = carried
                .iter()
                .map(|(b, f)| lang.pick(format!("{b} on {f}"), format!("{b} на {f}")))
                .collect();
            lang.pick(
                format!(", carrying {} (landed at {to}, 5.21)", c.join(", ")),
                format!(
                    ", на борту {} (высадка {}, 5.21)",
                    c.join(", "),
                    words::place(to, Lang::Ru, At::In)
                ),
            )
        }
        (false, Some(to)) => {
            let n = lang.count(
                carried.len() as u32,
                ["land block", "land blocks"],
                ["сухопутный блок", "сухопутных блока", "сухопутных блоков"],
            );
            lang.pick(
                format!(", carrying {n} (landed at {to}, 5.21)"),
                format!(
                    ", на борту {n} (высадка {}, 5.21)",
                    words::place(to, Lang::Ru, At::In)
                ),
            )
        }
        _ => String::new(),
    };
    let who = if owns(reader, s) {
        lang.pick(
            format!(
                "{} besieged fleets {}",
                possessive(&side(sc, s, lang)),
                fleets.join(", ")
            ),
            format!(
                "осаждённые флоты {}: {}",
                gen(sc, s, lang),
                fleets.join(", ")
            ),
        )
    } else {
        let n = lang.count(
            fleets.len() as u32,
            ["besieged fleet", "besieged fleets"],
            ["осаждённый флот", "осаждённых флота", "осаждённых флотов"],
        );
        lang.pick(
            format!("{n} of {}", side(sc, s, lang)),
            format!("{n} {}", gen(sc, s, lang)),
        )
    };
    lang.pick(
        format!("8.1.2 {who} sail out of {city} to {sea}{cargo}, escaping the assault."),
        format!(
            "8.1.2 Уход от штурма {} {}: {who}{cargo}.",
            words::place(city, Lang::Ru, At::From),
            words::place(sea, Lang::Ru, At::Into)
        ),
    )
}

/// `SiegeEvent::EscapeBarred` in `lang`. 8.1.2: an enemy fleet in the offshore sea bars the
/// besieged fleets' escape.
fn escape_barred(sc: &Scenario, city: &str, s: &str, sea: &str, lang: Lang) -> String {
    lang.pick(
        format!(
            "8.1.2 {} besieged fleets cannot sail out of {city}: an enemy fleet holds {sea}.",
            possessive(&side(sc, s, lang))
        ),
        format!(
            "8.1.2 Осаждённые флоты {} не могут выйти {}: вражеский флот занимает {}.",
            gen(sc, s, lang),
            words::place(city, Lang::Ru, At::From),
            words::place(sea, Lang::Ru, At::Acc)
        ),
    )
}

/// `SiegeEvent::AssaultDeclared` in `lang`. 8.1: an assault is declared.
fn assault_declared(sc: &Scenario, city: &str, besieger: &str, lang: Lang) -> String {
    lang.pick(
        format!(
            "8.1 {} declares an assault on {city}.",
            side(sc, besieger, lang)
        ),
        format!(
            "8.1 {}: объявлен штурм {}.",
            side(sc, besieger, lang),
            words::place(city, Lang::Ru, At::Gen)
        ),
    )
}

/// `SiegeEvent::Treachery` in `lang`. 8.1 Treachery: the besieger's first die; at or below
/// `hit_on` the defenders lose double defence.
fn treachery(
    sc: &Scenario,
    city: &str,
    besieger: &str,
    label: &str,
    die: &u32,
    hit_on: &u32,
    lang: Lang,
) -> String {
    let x = match (die <= hit_on, lang) {
        (true, Lang::En) => format!("1–{hit_on}, the defenders lose double defence"),
        (true, Lang::Ru) => format!("1–{hit_on}: защитники лишаются двойной защиты"),
        (false, Lang::En) => "the defenders keep double defence (8.1.1)".to_string(),
        (false, Lang::Ru) => "защитники сохраняют двойную защиту (8.1.1)".to_string(),
    };
    lang.pick(
        format!(
            "8.1 Treachery assault on {city} by {} (an Event; no capitulation): the first die (`{label}`) is {die}: {x}.",
            side(sc, besieger, lang)
        ),
        format!(
            "8.1 Штурм {} с предательством (карта «Предательство»), штурмующий — {} (событие; без капитуляции): на первом кубике (`{label}`) {die} ({x}).",
            words::place(city, Lang::Ru, At::Gen),
            side(sc, besieger, lang)
        ),
    )
}

/// `SiegeEvent::Capitulated` in `lang`, for `reader` (None: the moderator). 8.1.3: the
/// besieged capitulated; every besieged block went back to the pool.
fn capitulated(
    sc: &Scenario,
    reader: Option<&str>,
    city: &str,
    s: &str,
    blocks: &[String],
    n: &u32,
    lang: Lang,
) -> String {
    let garrison = (*n as usize) > blocks.len();
    let what = if owns(reader, s) {
        let mut parts = Vec::new();
        if !blocks.is_empty() {
            parts.push(lang.pick(
                format!("{} back to the pool", blocks.join(", ")),
                format!("{} возвращаются в пул", blocks.join(", ")),
            ));
        }
        if garrison {
            parts.push(
                lang.pick("the garrison removed", "гарнизон снят")
                    .to_string(),
            );
        }
        parts.join(", ")
    } else {
        let g = garrison;
        match lang {
            Lang::En => format!(
                "{} of {} eliminated{}",
                lang.count(*n, ["besieged block", "besieged blocks"], ["", "", ""]),
                side(sc, s, lang),
                if g { ", garrison included" } else { "" }
            ),
            Lang::Ru => format!(
                "уничтожено осаждённых блоков {}: {n}{}",
                gen(sc, s, lang),
                if g {
                    ", включая гарнизон"
                } else {
                    ""
                }
            ),
        }
    };
    lang.pick(
        format!("8.1.3 {city} capitulates when the assault is declared, before anything is revealed: {what}; the besiegers lose nothing."),
        format!("8.1.3 Город {} капитулирует при объявлении штурма, пока ничего не раскрыто: {what}; осаждающие ничего не теряют.", words::place(city, Lang::Ru, At::Nom)),
    )
}

/// `SiegeEvent::SortieDeclared` in `lang`. 8.3: a sortie is declared at the start of the
/// Combat phase.
fn sortie_declared(sc: &Scenario, city: &str, s: &str, blocks: &[String], lang: Lang) -> String {
    let n = count(lang, blocks.len() as u32, BLOCKS);
    lang.pick(
        format!(
            "8.3 {} sorties from {city} with {n}: {}.",
            side(sc, s, lang),
            blocks.join(", ")
        ),
        format!(
            "8.3 Вылазка {} {}, {n}: {}.",
            gen(sc, s, lang),
            words::place(city, Lang::Ru, At::From),
            blocks.join(", ")
        ),
    )
}

/// `SiegeEvent::Captured` in `lang`. The city fell to `by`.
fn captured(sc: &Scenario, city: &str, by: &str, from: &str, how: &Fall, lang: Lang) -> String {
    lang.pick(
        format!(
            "{city} falls to {} ({} held it): {}.",
            side(sc, by, lang),
            side(sc, from, lang),
            how.words(lang)
        ),
        format!(
            "Город {} переходит к {} (прежний владелец — {}): {}.",
            words::place(city, Lang::Ru, At::Nom),
            words::side(sc, by, lang, Case::Dat),
            side(sc, from, lang),
            how.words(lang)
        ),
    )
}

/// `SiegeEvent::Prestige` in `lang`. Prestige for a city (8.1.3): `side` gains `points` on
/// the net track.
fn prestige(
    sc: &Scenario,
    s: &str,
    points: &i32,
    city: &str,
    how: &Fall,
    after: &Prestige,
    lang: Lang,
) -> String {
    let why = match (how, lang) {
        (Fall::Storm, Lang::En) => {
            format!("taking {city} by storm (8.1.3: 2 for a storm)")
        }
        (Fall::Storm, Lang::Ru) => format!(
            "взятие {} штурмом (8.1.3: 2 за штурм)",
            words::place(city, Lang::Ru, At::Gen)
        ),
        (Fall::Capitulation, Lang::En) => {
            format!("the capitulation of {city} (8.1.3: 1 instead of 2 for a storm)")
        }
        (Fall::Capitulation, Lang::Ru) => {
            format!(
                "капитуляцию {} (8.1.3: 1 вместо 2 за штурм)",
                words::place(city, Lang::Ru, At::Gen)
            )
        }
        (Fall::Attrition, Lang::En) => {
            format!("starving out {city} ([A] `params.siege.prestige_starved`)")
        }
        (Fall::Attrition, Lang::Ru) => {
            format!(
                "истощение {} ([A] `params.siege.prestige_starved`)",
                words::place(city, Lang::Ru, At::Gen)
            )
        }
        (Fall::Vacated, Lang::En) => {
            format!("taking {city} ([A] `params.siege.prestige_vacated`)")
        }
        (Fall::Vacated, Lang::Ru) => {
            format!(
                "занятие {} ([A] `params.siege.prestige_vacated`)",
                words::place(city, Lang::Ru, At::Gen)
            )
        }
    };
    lang.pick(
        format!(
            "Prestige: {} gains {points} for {why}; {}.",
            side(sc, s, lang),
            track_words(sc, after, lang)
        ),
        format!(
            "Престиж: {} +{points} за {why}; {}.",
            words::side(sc, s, lang, Case::Dat),
            track_words(sc, after, lang)
        ),
    )
}

/// `SiegeEvent::Lifted` in `lang`. 7.3: the siege is lifted (no besieger left around the
/// city); the garrison goes (unless it was built in a captured city, 4.2.3).
fn lifted(sc: &Scenario, city: &str, besieged: &str, garrison_stays: &bool, lang: Lang) -> String {
    let g = match (garrison_stays, lang) {
        (true, Lang::En) => "its built garrison stays (7.3, 4.2.3)",
        (true, Lang::Ru) => "построенный гарнизон остаётся (7.3, 4.2.3)",
        (false, Lang::En) => "its garrison is removed (7.3)",
        (false, Lang::Ru) => "гарнизон снят (7.3)",
    };
    lang.pick(
        format!(
            "7.3 The siege of {city} is lifted: no besieger is left around it; {} besieged blocks are free again and {g}.",
            possessive(&side(sc, besieged, lang))
        ),
        format!(
            "7.3 Осада {} снята: вокруг не осталось осаждающих; осаждённые блоки {} снова свободны, {g}.",
            words::place(city, Lang::Ru, At::Gen),
            gen(sc, besieged, lang)
        ),
    )
}

/// `SiegeEvent::Void` in `lang`, for `reader` (None: the moderator). A siege combat order
/// that the state no longer allowed when it was resolved.
fn void(sc: &Scenario, reader: Option<&str>, v: &Void, lang: Lang) -> String {
    let what = match (v.what.as_str(), lang) {
        (w, Lang::En) => w.to_string(),
        ("assault", Lang::Ru) => "штурм".to_string(),
        ("attrition", Lang::Ru) => "истощение".to_string(),
        ("sortie", Lang::Ru) => "вылазка".to_string(),
        (w, Lang::Ru) => w.to_string(),
    };
    if reader == Some(v.side.as_str()) {
        let yours = match v.what.as_str() {
            "assault" => "Ваш",
            "sortie" => "Ваша",
            _ => "Ваше",
        };
        lang.pick(
            format!("Your {what} at {} does not take place: {}.", v.city, v.why),
            format!(
                "{yours} {what} у {} не состоится: «{}».",
                words::place(&v.city, Lang::Ru, At::Gen),
                why_ru(&v.why)
            ),
        )
    } else {
        lang.pick(
            format!(
                "{} {what} at {} does not take place: {}.",
                possessive(&side(sc, &v.side, lang)),
                v.city,
                v.why
            ),
            format!(
                "{} {} у {} не состоится: «{}».",
                capitalised(&what),
                gen(sc, &v.side, lang),
                words::place(&v.city, Lang::Ru, At::Gen),
                why_ru(&v.why)
            ),
        )
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A siege battle told round by round: who fought (revealed), every block's dice and what
/// each hit and rout did, and the result. Sub-bullets under the event's bullet. Both
/// languages side by side: edit them together (see `narrate`).
fn narrate_battle(
    sc: &Scenario,
    city: &str,
    kind: BattleKind,
    label: &str,
    double_defence: bool,
    o: &BattleOutcome,
    lang: Lang,
) -> String {
    let mut s = battle_heading(sc, city, kind, label, double_defence, o, lang);
    s.push_str(&super::season::revealed(sc, o, lang));
    for shot in &o.shots {
        s.push_str(&format!("\n  - {}", round_line(sc, shot, lang)));
    }
    s.push_str(&format!("\n  - {}", battle_end(kind, o, lang)));
    s
}

/// The battle's first line: which battle, who attacks whom, under which rules (8.1
/// assault, with or without double defence; 8.3 sortie).
fn battle_heading(
    sc: &Scenario,
    city: &str,
    kind: BattleKind,
    label: &str,
    double_defence: bool,
    o: &BattleOutcome,
    lang: Lang,
) -> String {
    let (title, rules) = match (kind, double_defence) {
        (BattleKind::Assault, true) => (
            lang.pick(format!("8.1 Assault on {city}"), format!("8.1 Штурм {}", words::place(city, Lang::Ru, At::Gen))),
            lang.pick(
                " Defenders fire A2, with double defence (8.1.1), and cannot be routed (8.1).",
                " Защитники атакуют с рейтингом A2, с двойной защитой (8.1.1), и их нельзя обратить в бегство (8.1).",
            ),
        ),
        (BattleKind::Assault, false) => (
            lang.pick(
                format!("8.1 Treachery assault on {city}"),
                format!("8.1 Штурм {} с предательством (карта «Предательство»)", words::place(city, Lang::Ru, At::Gen)),
            ),
            lang.pick(
                " Defenders fire A2 and cannot be routed (8.1), but have no double defence.",
                " Защитники атакуют с рейтингом A2 и их нельзя обратить в бегство (8.1), но двойной защиты у них нет.",
            ),
        ),
        (BattleKind::Sortie, _) => (
            lang.pick(format!("8.3 Sortie from {city}"), format!("8.3 Вылазка {}", words::place(city, Lang::Ru, At::From))),
            lang.pick(
                " A field battle outside the walls, no double defence.",
                " Полевая битва за стенами, без двойной защиты.",
            ),
        ),
    };
    lang.pick(
        format!(
            "{title}: {} attacks {} (`{label}`).{rules}",
            side(sc, &o.attacker, lang),
            side(sc, &o.defender, lang)
        ),
        format!(
            "{title}: атакующий — {}, обороняющийся — {} (`{label}`).{rules}",
            side(sc, &o.attacker, lang),
            side(sc, &o.defender, lang)
        ),
    )
}

/// One block's fire in a round: its dice, hits and routs, and what each did (8.1.1 first
/// hits, 8.1 routs without effect on city defenders).
fn round_line(sc: &Scenario, shot: &Shot, lang: Lang) -> String {
    let mut effects: Vec<String> = Vec::new();
    let mut void_routs = 0;
    for e in &shot.effects {
        match e {
            Effect::Step { block, left: 0 } => {
                effects.push(lang.pick(format!("{block} eliminated"), format!("{block} уничтожен")))
            }
            Effect::Step { block, left } => effects.push(lang.pick(
                format!("{block} loses a step ({left} left)"),
                format!("{block} теряет шаг (осталось {left})"),
            )),
            Effect::Marked { block } => effects.push(lang.pick(
                format!("{block} takes a first hit (8.1.1: the next hit costs it a step)"),
                format!(
                    "{block} получает первое попадание (8.1.1: следующее попадание стоит ему шага)"
                ),
            )),
            Effect::Routed { block } => effects.push(lang.pick(
                format!("{block} routed"),
                format!("{block} обращён в бегство"),
            )),
            Effect::RoutIgnored => void_routs += 1,
        }
    }
    if void_routs > 0 {
        effects.push(lang.pick(
            format!(
                "{} without effect (8.1: city defenders cannot be routed)",
                count(lang, void_routs, ROUTS)
            ),
            format!(
                "{} без последствий (8.1: защитников города нельзя обратить в бегство)",
                count(lang, void_routs, ROUTS)
            ),
        ));
    }
    // The round line of a field battle (`narrate::season`), dice and all: one
    // notation in every report.
    format!(
        "{} {}: {} ({}, {}) {} {}: {}, {} → {}",
        lang.pick("Round", "Раунд"),
        shot.round,
        shot.block,
        shot.rating,
        count(lang, shot.steps, STEPS),
        lang.pick("rolls", "бросает"),
        shot.reroll
            .as_ref()
            .map(|r| super::appeal::reroll_words(sc, r, " ", lang))
            .unwrap_or_default()
            + &super::appeal::faces(&shot.dice),
        tally(lang, shot.hits, HITS, "попаданий"),
        tally(lang, shot.routs, ROUTS, "обращений в бегство"),
        if effects.is_empty() {
            lang.pick("no effect", "без последствий").to_string()
        } else {
            effects.join(", ")
        }
    )
}

/// The battle's last line: who won, who was eliminated, where the survivors go (8.1.2,
/// 8.3) and the first hits lost unconverted (8.1.1).
fn battle_end(kind: BattleKind, o: &BattleOutcome, lang: Lang) -> String {
    let attacker_won = o.winner.as_deref() == Some(o.attacker.as_str());
    let result = match (kind, &o.winner) {
        (BattleKind::Assault, Some(_)) if attacker_won => lang.pick(
            "no defender is left in the city",
            "в городе не осталось защитников",
        ),
        (BattleKind::Assault, Some(_)) => lang.pick("the assault is repulsed", "штурм отбит"),
        (BattleKind::Sortie, Some(_)) if attacker_won => lang.pick(
            "the sortie drives the besiegers from the field",
            "вылазка сгоняет осаждающих с поля",
        ),
        (BattleKind::Sortie, Some(_)) => lang.pick("the sortie fails", "вылазка не удалась"),
        (_, None) => lang.pick(
            "nobody wins; both stay",
            "победителя нет; обе стороны остаются",
        ),
    };
    let mut tail = Vec::new();
    if !o.eliminated.is_empty() {
        tail.push(lang.pick(
            format!("eliminated: {}", o.eliminated.join(", ")),
            format!("уничтожены: {}", o.eliminated.join(", ")),
        ));
    }
    let back = o.must_retreat();
    let (ours, theirs): (Vec<String>, Vec<String>) = back.into_iter().partition(|id| {
        o.revealed
            .iter()
            .any(|f| &f.id == id && f.side == o.attacker)
    });
    match kind {
        BattleKind::Assault if !ours.is_empty() => tail.push(lang.pick(
            format!(
                "back to besieging around the city (8.1.2): {}",
                ours.join(", ")
            ),
            format!("снова осаждают город (8.1.2): {}", ours.join(", ")),
        )),
        BattleKind::Sortie if !ours.is_empty() => tail.push(lang.pick(
            format!(
                "back into the city (8.3: sortie blocks retreat only into the city): {}",
                ours.join(", ")
            ),
            format!(
                "назад в город (8.3: участники вылазки отступают только в город): {}",
                ours.join(", ")
            ),
        )),
        _ => {}
    }
    if !theirs.is_empty() {
        tail.push(lang.pick(
            format!(
                "to retreat by the normal rules (8.3): {}",
                theirs.join(", ")
            ),
            format!("отступают по обычным правилам (8.3): {}", theirs.join(", ")),
        ));
    }
    // 8.1.1: a first hit not followed by a second is lost at the end of the battle.
    let mut marked: Vec<&str> = Vec::new();
    for e in o.shots.iter().flat_map(|x| x.effects.iter()) {
        match e {
            Effect::Marked { block } => marked.push(block),
            Effect::Step { block, .. } => marked.retain(|b| b != block),
            _ => {}
        }
    }
    if !marked.is_empty() {
        tail.push(lang.pick(
            format!(
                "the first hit on {} is lost unconverted (8.1.1)",
                marked.join(", ")
            ),
            format!(
                "первое попадание по {} пропадает (8.1.1)",
                marked.join(", ")
            ),
        ));
    }
    let tail = if tail.is_empty() {
        String::new()
    } else {
        format!("; {}", tail.join("; "))
    };
    let rounds = count(lang, o.rounds_fought, ROUNDS_AFTER);
    lang.pick(
        format!("After {rounds}: {result}{tail}."),
        format!("После {rounds}: {result}{tail}."),
    )
}

/// Why a siege order does not take place, in Russian: the checker's own words for it
/// (`kit::tr` with the game's tongue), as `check --lang ru` gives them.
fn why_ru(why: &str) -> String {
    let t = crate::check::ru::tongue;
    // `message (rule N: text)`: each part as the checker's table words it.
    if let Some((msg, rest)) = why.split_once(" (rule ") {
        if let Some((num, text)) = rest.strip_suffix(')').and_then(|r| r.split_once(": ")) {
            return format!(
                "{} (правило {num}: {})",
                dikast_core::kit::tr::sentence(msg, t()),
                dikast_core::kit::tr::sentence(text, t())
            );
        }
    }
    dikast_core::kit::tr::sentence(why, t())
}
