//! The step a Successors game awaits, in words: its title (the game file's `step`, the
//! reports' headings) and what each player is asked to send, in each report language.

use crate::model::scenario::Scenario;
use crate::model::state::{Phase, State};
use crate::text::words;
use dikast_core::lang::Lang;
use dikast_core::rules::StepInfo;

/// The step a state awaits, in words (the game file's `step` in English).
pub fn title(sc: &Scenario, st: &State, lang: Lang) -> String {
    title_of(
        sc,
        st.game_turn,
        st.round,
        &st.phase,
        st.players.len(),
        lang,
    )
}

/// The step's title from what a game file and a view both hold: the game turn, the
/// round, the phase and how many play.
pub fn title_of(
    sc: &Scenario,
    game_turn: u32,
    round: u32,
    phase: &Phase,
    players: usize,
    lang: Lang,
) -> String {
    let t = words::roman(game_turn);
    match phase {
        Phase::Deal => lang
            .pick(
                "Game turn I: preparations and the Tyche draw",
                "подготовка и раздача карт Тихе игрового хода I",
            )
            .to_string(),
        Phase::Round => lang.pick(
            format!(
                "Game turn {t}, round {} of {}: Surrender, Tyche, Activation and Foraging segments",
                round,
                sc.params.rounds_for(players)
            ),
            format!(
                "раунд {} из {} игрового хода {t} (сегменты: сдача, Тихе, манёвры, фуражировка)",
                round,
                sc.params.rounds_for(players)
            ),
        ),
        Phase::Ended { winner } => lang.pick(
            format!("the game is over: {} won", words::player(sc, winner, lang)),
            format!("игра окончена: победил {}", words::player(sc, winner, lang)),
        ),
    }
}

/// The step a state awaits: its title, who is awaited and what each player is asked to
/// send.
pub fn info(sc: &Scenario, st: &State, lang: Lang) -> StepInfo {
    let asks = st
        .players
        .iter()
        .map(|p| {
            let ask = match &st.phase {
                Phase::Deal => lang.pick(
                    "entropy for the Tyche draw (and standing orders if you like)",
                    "энтропию для раздачи Тихе (и, если хотите, постоянные приказы)",
                ).to_string(),
                Phase::Round => {
                    let mut a = lang.pick(
                        "your Tyche card (`tyche:`), your armies' activation (`activation:`), a Surrender-segment attempt (`surrender:`) if any; standing orders if you like",
                        "вашу карту Тихе (`tyche:`), активацию армий (`activation:`), попытку в сегменте сдачи (`surrender:`), если есть; если хотите, постоянные приказы",
                    ).to_string();
                    if st.tyche.revealed_for.as_deref() == Some(p.as_str()) && !st.tyche.revealed.is_empty() {
                        a.push_str(lang.pick(
                            "; and the orders of the cards revealed for nobody (`nobody:`)",
                            "; и приказы по картам, открытым как ничьи (`nobody:`)",
                        ));
                    }
                    a
                }
                Phase::Ended { .. } => lang.pick("nothing: the game is over", "ничего: игра окончена").to_string(),
            };
            (p.clone(), ask)
        })
        .collect();
    StepInfo {
        title: title(sc, st, lang),
        awaiting: if matches!(st.phase, Phase::Ended { .. }) {
            Vec::new()
        } else {
            st.players.clone()
        },
        asks,
        unsupported: match &st.phase {
            Phase::Ended { winner } => Some(format!(
                "the game is over: {} won; there is nothing left to adjudicate",
                words::player(sc, winner, Lang::En)
            )),
            _ => None,
        },
    }
}
