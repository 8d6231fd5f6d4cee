//! 1.0 [A] Card Events applied from data: a card played for its Event applies the effects
//! its scenario entry lists (`model::scenario::Effect`), at the moment it is revealed
//! (the season's initiative, or the New Year). The vocabulary is small on purpose, so a
//! moderator with the printed cards corrects the data, not the code; effects applied by
//! other rules (Treachery's assault, 8.1; the peace faction, 10.2) are only marked here.

use crate::games::hellenes::model::events::season::{PrestigeFor, SeasonEvent};
use crate::games::hellenes::model::events::Event;
use crate::games::hellenes::model::scenario::{BlockKind, Effect, Scenario, Whose};
use crate::games::hellenes::model::state::{State, Status};

/// Whether the adjudicator applies `card`'s Event (it lists at least one effect).
pub fn applied(sc: &Scenario, card: &str) -> bool {
    sc.card(card).is_some_and(|c| !c.effects.is_empty())
}

fn who(sc: &Scenario, w: &Whose, side: &str) -> String {
    match w {
        Whose::Own => side.to_string(),
        Whose::Enemy => sc.enemy_of(side),
        Whose::Side(s) => s.clone(),
    }
}

/// Applies the immediate effects of `card` played for its Event by `side`.
pub fn apply(sc: &Scenario, st: &mut State, side: &str, card: &str) -> Vec<Event> {
    let mut events = Vec::new();
    let Some(def) = sc.card(card) else {
        return events;
    };
    for e in &def.effects {
        match e {
            Effect::Steps { steps: s } => {
                let owner = who(sc, &s.side, side);
                let mut changed: Vec<(String, u32)> = Vec::new();
                for b in st.blocks.iter_mut() {
                    let kind_ok = match s.kind.as_str() {
                        "land" => !matches!(b.kind, BlockKind::Fleet | BlockKind::Garrison),
                        "fleet" => b.kind == BlockKind::Fleet,
                        _ => b.kind != BlockKind::Garrison,
                    };
                    let on_map = matches!(
                        b.status,
                        Status::Field | Status::Besieged | Status::Besieging
                    );
                    let place_ok = if s.at == "home" {
                        b.at == b.home
                    } else {
                        b.at == s.at
                    };
                    if b.side != owner || !kind_ok || !on_map || !place_ok {
                        continue;
                    }
                    let before = b.steps as i32;
                    let floor = if s.keep_last { 1 } else { 0 };
                    let after = (before + s.change).clamp(floor.min(before), b.max as i32);
                    if after == before {
                        continue;
                    }
                    b.steps = after.max(0) as u32;
                    if b.steps == 0 {
                        b.status = Status::Eliminated;
                    }
                    changed.push((b.id.clone(), b.steps));
                }
                events.push(Event::Season(SeasonEvent::EventSteps {
                    side: owner,
                    card: card.to_string(),
                    at: s.at.clone(),
                    change: s.change,
                    blocks: changed,
                }));
            }
            Effect::Prestige { prestige: p } => {
                let gainer = who(sc, &p.side, side);
                super::siege::gain_prestige(&mut st.prestige, &gainer, p.points);
                events.push(Event::Season(SeasonEvent::Prestige {
                    side: gainer,
                    points: p.points,
                    why: PrestigeFor::Event {
                        card: card.to_string(),
                    },
                    after: st.prestige.clone(),
                }));
            }
            Effect::Marker(_) => {}
        }
    }
    events
}
