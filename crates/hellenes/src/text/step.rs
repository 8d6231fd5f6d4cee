//! The step a Hellenes game awaits, in words: its title (the game file's `step`, the
//! reports' headings), what each side is asked to send, and the phase a position is in
//! (its heading), in each report language.

use crate::model::scenario::Scenario;
use crate::model::state::{Phase, Season, State, Victory};
use crate::text::words::{self, possessive, side_name, Case};
use dikast_core::lang::Lang;
use dikast_core::rules::StepInfo;

/// The step a state awaits, in words: `431 BC, Spring: initiative cards` (the game
/// file's `step`).
pub fn title(st: &State) -> String {
    format!(
        "{} BC, {}: {}",
        st.year,
        st.season,
        step_words(None, &st.phase, Lang::En)
    )
}

/// The step a game awaits in `lang`: `431 до н. э., Весна: карты инициативы`.
pub fn title_in(sc: &Scenario, year: i32, season: Season, phase: &Phase, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{year} BC, {season}: {}", step_words(Some(sc), phase, lang)),
        Lang::Ru => format!(
            "{}, {}: {}",
            words::year(year, lang),
            words::season(season, lang),
            step_words(Some(sc), phase, lang)
        ),
    }
}

/// What a phase awaits, a side by its name (`Athens`) when the scenario is known.
fn step_words(sc: Option<&Scenario>, phase: &Phase, lang: Lang) -> String {
    match (phase, lang) {
        (Phase::Setup, Lang::En) => "setup and the deal".to_string(),
        (Phase::Setup, Lang::Ru) => "подготовка и раздача карт".to_string(),
        (Phase::Initiative, Lang::En) => "initiative cards".to_string(),
        (Phase::Initiative, Lang::Ru) => "карты инициативы".to_string(),
        (Phase::PlayerTurn { side, first }, Lang::En) => format!(
            "{} player turn of {}",
            if *first { "first" } else { "second" },
            sc.map(|sc| words::side(sc, side, lang, Case::Nom))
                .unwrap_or_else(|| side.clone())
        ),
        (Phase::PlayerTurn { side, first }, Lang::Ru) => format!(
            "{} тур игрока: {}",
            if *first {
                "первый"
            } else {
                "второй"
            },
            sc.map(|sc| words::side(sc, side, lang, Case::Nom))
                .unwrap_or_else(|| side.clone())
        ),
        (Phase::Winter, Lang::En) => "overwintering and the winter combat phases".to_string(),
        (Phase::Winter, Lang::Ru) => "зимовка и зимние фазы боя".to_string(),
        (Phase::YearEnd, Lang::En) => {
            "end of the year: tribute, victory check, year end and the deal".to_string()
        }
        (Phase::YearEnd, Lang::Ru) => {
            "конец года: дань, проверка победы, смена года и раздача карт".to_string()
        }
        (Phase::NewYear, Lang::En) => "New Year cards and sacrifices".to_string(),
        (Phase::NewYear, Lang::Ru) => "карты Нового года и жертвы".to_string(),
        (Phase::Ended { winner, by }, Lang::En) => format!(
            "the game is over: {} won ({})",
            sc.map(|sc| words::side(sc, winner, lang, Case::Nom))
                .unwrap_or_else(|| winner.clone()),
            match by {
                Victory::Prestige => "14.2.1 Prestige",
                Victory::Peace => "14.2.2 peace",
            }
        ),
        (Phase::Ended { winner, by }, Lang::Ru) => format!(
            "игра окончена: победа — {} ({})",
            sc.map(|sc| words::side(sc, winner, lang, Case::Nom))
                .unwrap_or_else(|| winner.clone()),
            match by {
                Victory::Prestige => "14.2.1, престиж",
                Victory::Peace => "14.2.2, мир",
            }
        ),
    }
}

/// The phase a view is in, in words: `Athens' player turn (second)`.
pub fn phase_words(sc: &Scenario, p: &Phase, lang: Lang) -> String {
    match (p, lang) {
        (Phase::Setup, Lang::En) => "setup: the deal".into(),
        (Phase::Setup, Lang::Ru) => "подготовка: раздача карт".into(),
        (Phase::Initiative, Lang::En) => "initiative cards".into(),
        (Phase::Initiative, Lang::Ru) => "карты инициативы".into(),
        (Phase::PlayerTurn { side, first }, Lang::En) => format!(
            "{} player turn ({})",
            possessive(&side_name(sc, side)),
            if *first { "first" } else { "second" }
        ),
        (Phase::PlayerTurn { side, first }, Lang::Ru) => format!(
            "тур игрока {} ({})",
            words::side(sc, side, lang, Case::Gen),
            if *first {
                "первый"
            } else {
                "второй"
            }
        ),
        (Phase::Winter, Lang::En) => "overwintering and the winter combat phases".into(),
        (Phase::Winter, Lang::Ru) => "зимовка и зимние фазы боя".into(),
        (Phase::YearEnd, Lang::En) => {
            "the end of the year: tribute, victory check, the deal".into()
        }
        (Phase::YearEnd, Lang::Ru) => "конец года: дань, проверка победы, раздача карт".into(),
        (Phase::NewYear, Lang::En) => "New Year cards and sacrifices".into(),
        (Phase::NewYear, Lang::Ru) => "карты Нового года и жертвы".into(),
        (Phase::Ended { winner, .. }, Lang::En) => {
            format!("the game is over: {} won", side_name(sc, winner))
        }
        (Phase::Ended { winner, .. }, Lang::Ru) => format!(
            "игра окончена: победа {}",
            words::side(sc, winner, lang, Case::Gen)
        ),
    }
}

/// The step `st` awaits, for the pipeline: its title, who is awaited and what each side is
/// asked for, in `lang`.
pub fn info(sc: &Scenario, st: &State, lang: Lang) -> StepInfo {
    let sides = sc.side_ids();
    let asks = sides
        .iter()
        .map(|s| {
            let ask = match &st.phase {
                Phase::Setup => lang.pick(
                    "entropy for the deal (and standing orders if you like)",
                    "энтропию для раздачи (и, если хотите, постоянные приказы)",
                ),
                Phase::Initiative => lang.pick(
                    "the card you play this season (`initiative:`)",
                    "карту, которую вы играете в этом сезоне (`initiative:`)",
                ),
                Phase::PlayerTurn { side, .. } if side == s => lang.pick(
                    "your actions and combat (`actions:`, `combat:`; standing orders if you like)",
                    "ваши действия и бои (`actions:`, `combat:`; если хотите, постоянные приказы)",
                ),
                Phase::PlayerTurn { .. } => lang.pick(
                    "standing orders (or nothing: the current ones stand)",
                    "постоянные приказы (или ничего: действуют прежние)",
                ),
                Phase::Winter => lang.pick(
                    "your winter moves and winter combat (`winter:`, `combat:`; standing orders if you like); a block no order names makes its default move",
                    "ваши зимние перемещения и зимние бои (`winter:`, `combat:`; если хотите, постоянные приказы); блок, не названный ни одним приказом, делает перемещение по умолчанию",
                ),
                Phase::YearEnd => lang.pick(
                    "a peace offer (`peace: offer`) and continuing Events to discard (`discard:`), if any; standing orders if you like",
                    "мирное предложение (`peace: offer`) и длящиеся события для сброса (`discard:`), если есть; если хотите, постоянные приказы",
                ),
                Phase::Ended { .. } => lang.pick(
                    "nothing: the game is over",
                    "ничего: игра окончена",
                ),
                Phase::NewYear => lang.pick(
                    "the card you play at New Year (`new_year:`): for its Event, or for its Action value as a sacrifice to an Olympian",
                    "карту, которую вы играете в Новый год (`new_year:`): как событие или ради значения действий — как жертву олимпийцу",
                ),
            };
            (s.clone(), ask.to_string())
        })
        .collect();
    StepInfo {
        title: title_in(sc, st.year, st.season, &st.phase, lang),
        // Who owes orders: 14.2 a finished game awaits no one; in a player turn only the
        // side to act (the other may send standing orders, but owes nothing: without
        // them, its standing orders in force stand).
        awaiting: match &st.phase {
            Phase::Ended { .. } => Vec::new(),
            Phase::PlayerTurn { side, .. } => {
                sides.iter().filter(|s| *s == side).cloned().collect()
            }
            _ => sides,
        },
        asks,
        unsupported: match &st.phase {
            Phase::Ended { winner, by } => Some(format!(
                "the game is over: {} won {} (14.2); there is nothing left to adjudicate",
                side_name(sc, winner),
                match by {
                    Victory::Prestige => "on Prestige at the victory check",
                    Victory::Peace => "by a peace offer the enemy accepted",
                }
            )),
            _ => None,
        },
    }
}
