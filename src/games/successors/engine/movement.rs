//! A player's army carrying out its steps: land and sea moves, going inside the walls,
//! sorties and attempts, with the limits of a besieged city (§2) and action points.

use super::battle::{self, Party};
use super::siege;
use super::Ctx;
use crate::games::successors::model::dice::Label;
use crate::games::successors::model::event::{Event, Segment, Who};
use crate::games::successors::model::orders::Step;
use crate::games::successors::model::refusal::{Refusal, Why};
use crate::games::successors::model::scenario::{Kind, Scenario};
use crate::games::successors::model::state::State;

/// The rule a step breaks for the army as the state stands, or its cost in action points.
pub fn step_check(sc: &Scenario, st: &State, general: &str, step: &Step) -> Result<u32, Refusal> {
    let a = st.army(general).ok_or_else(|| {
        Refusal::new(
            "unknown-army",
            "",
            format!("{general} has no army on the map"),
            format!("у {general} нет армии на карте"),
        )
    })?;
    let here = a.at.as_str();
    let mp = &sc.params.movement;
    let max_inside = sc.params.siege.max_inside;
    let besieged = a.inside && st.besieged(here);
    let port = sc.space(here).is_some_and(|s| s.port);
    match step {
        Step::Land(to) => {
            if besieged {
                return Err(Refusal::new(
                    "besieged-city",
                    "§2",
                    format!(
                        "{general} is inside besieged {here}: it may not leave by land; it may sortie{}",
                        if port { " or sail away" } else { "" }
                    ),
                    format!(
                        "{general} внутри осаждённого {here}: уйти по суше нельзя; можно сделать вылазку{}",
                        if port { " или уплыть" } else { "" }
                    ),
                ));
            }
            if !sc.land_adjacent(here, to) {
                return Err(Refusal::new(
                    "not-adjacent",
                    "",
                    format!("{to} is not a land step from {here}"),
                    format!("{to} не соседствует с {here} по суше"),
                )
                .hint("a land step follows a road or crosses a strait; see the map"));
            }
            Ok(mp.land_cost)
        }
        Step::Sea(to) => {
            if !port || !sc.space(to).is_some_and(|s| s.port) || !sc.sea_adjacent(here, to) {
                return Err(Refusal::new(
                    "sea-move",
                    "§2",
                    format!("a sea move joins two ports of one sea; {here} and {to} are not"),
                    format!("морское перемещение соединяет два порта одного моря; {here} и {to} не таковы"),
                ));
            }
            if mp.sea_needs_fleet && !st.fleets.get(&a.player).is_some_and(|f| f.any_ready()) {
                return Err(Refusal::new(
                    "sea-move",
                    "",
                    "sea movement needs a fleet that is not dispersed",
                    "для морского перемещения нужен нерассеянный флот",
                ));
            }
            if besieged && a.cus > max_inside {
                return Err(Refusal::new(
                    "besieged-city",
                    "§2",
                    format!("only an army of at most {max_inside} CUs sails out"),
                    format!("уплыть может только армия не больше чем из {max_inside} БЧ"),
                ));
            }
            if st.besieged(to) && st.control(to) == Some(a.player.as_str()) {
                let kind = sc.space(to).map(|s| s.kind);
                if kind != Some(Kind::Major) {
                    return Err(Refusal::new(
                        "besieged-city",
                        "§2",
                        format!(
                            "only a besieged major port may be entered by sea; {to} is not one"
                        ),
                        format!(
                            "по морю можно войти только в осаждённый крупный порт; {to} не таков"
                        ),
                    ));
                }
                if a.cus + st.cus_inside(to) > max_inside {
                    return Err(Refusal::new(
                        "besieged-city",
                        "§2",
                        format!(
                            "never more than {max_inside} CUs inside a city ({to} holds {})",
                            st.cus_inside(to)
                        ),
                        format!(
                            "в городе не может быть больше {max_inside} БЧ (в {to} их {})",
                            st.cus_inside(to)
                        ),
                    ));
                }
            }
            Ok(mp.sea_cost)
        }
        Step::Assault => {
            siege::may_attempt(sc, st, general)?;
            Ok(sc.params.assault.ap_cost)
        }
        Step::Sortie => {
            if !besieged {
                return Err(Refusal::new(
                    "besieged-city",
                    "§2",
                    format!(
                        "a sortie is made from inside a besieged city; {general} is not inside one"
                    ),
                    format!("вылазку делают из осаждённого города; {general} не внутри такого"),
                ));
            }
            Ok(mp.land_cost)
        }
        Step::Inside => {
            if a.inside {
                return Err(Refusal::new(
                    "besieged-city",
                    "§2",
                    format!("{general} is already inside {here}"),
                    format!("{general} уже внутри {here}"),
                ));
            }
            let walled = sc
                .space(here)
                .is_some_and(|s| sc.params.siege.walls.contains(&s.kind));
            if !walled || st.control(here) != Some(a.player.as_str()) {
                return Err(Refusal::new(
                    "besieged-city",
                    "§2",
                    format!("an army goes inside the walls of a major city or fortress its player controls; {here} is not one"),
                    format!("армия уходит за стены крупного города или крепости своего игрока; {here} не таков"),
                ));
            }
            if a.cus + st.cus_inside(here) > max_inside {
                return Err(Refusal::new(
                    "besieged-city",
                    "§2",
                    format!(
                        "never more than {max_inside} CUs inside a city ({general} has {}, {here} holds {})",
                        a.cus,
                        st.cus_inside(here)
                    ),
                    format!(
                        "в городе не может быть больше {max_inside} БЧ (у {general} {}, в {here} {})",
                        a.cus,
                        st.cus_inside(here)
                    ),
                ));
            }
            Ok(0)
        }
    }
}

/// Carries out an army's steps with `ap` action points; attempts count in `seg`.
pub fn run_steps(ctx: &mut Ctx, general: &str, steps: &[Step], mut ap: u32, seg: Segment) {
    for step in steps {
        let Some(a) = ctx.st.army(general).cloned() else {
            return;
        };
        let cost = match step_check(ctx.sc, &ctx.st, general, step) {
            Ok(c) => c,
            Err(why) => {
                ctx.void(
                    &a.player,
                    format!("{general}: {}", step_words(step)),
                    why.reason(),
                );
                return;
            }
        };
        if cost > ap {
            ctx.void(
                &a.player,
                format!("{general}: {}", step_words(step)),
                Why::new(
                    format!("{general} has {ap} action points left; this needs {cost}"),
                    format!("у {general} осталось очков действия: {ap}; нужно {cost}"),
                ),
            );
            return;
        }
        ap -= cost;
        let go_on = match step {
            Step::Land(to) => move_to(ctx, general, &a.at, to, false),
            Step::Sea(to) => sail(ctx, general, &a.at, to),
            Step::Assault => siege::attempt(ctx, general, seg),
            Step::Sortie => {
                if let Some(x) = ctx.st.army_mut(general) {
                    x.inside = false;
                }
                ctx.push(Event::Sortie {
                    general: general.to_string(),
                    space: a.at.clone(),
                });
                let defenders =
                    battle::hostile_field(&ctx.st, &a.at, &Party::Player(a.player.clone()));
                if !defenders.is_empty() {
                    battle::fight(
                        ctx,
                        &a.at,
                        &Who::General(general.to_string()),
                        &defenders,
                        None,
                    );
                }
                false
            }
            Step::Inside => {
                if let Some(x) = ctx.st.army_mut(general) {
                    x.inside = true;
                }
                ctx.push(Event::WentInside {
                    general: general.to_string(),
                    space: a.at.clone(),
                });
                siege::lift_check(ctx, &a.at);
                true
            }
        };
        if !go_on {
            return;
        }
    }
}

pub fn step_words(step: &Step) -> String {
    match step {
        Step::Land(to) => to.clone(),
        Step::Sea(to) => format!("{{sea: {to}}}"),
        Step::Assault => "assault".to_string(),
        Step::Sortie => "sortie".to_string(),
        Step::Inside => "inside".to_string(),
    }
}

fn move_to(ctx: &mut Ctx, general: &str, from: &str, to: &str, sea: bool) -> bool {
    if let Some(x) = ctx.st.army_mut(general) {
        x.at = to.to_string();
        x.inside = false;
    }
    ctx.push(Event::Moved {
        who: Who::General(general.to_string()),
        from: from.to_string(),
        to: to.to_string(),
        sea,
    });
    siege::lift_check(ctx, from);
    let who = Who::General(general.to_string());
    battle::on_entering(ctx, &who, from, to) && (sea || battle::interception(ctx, &who, to))
}

/// §2: a sea move; out of or into a besieged port the besiegers may intercept it.
fn sail(ctx: &mut Ctx, general: &str, from: &str, to: &str) -> bool {
    let Some(a) = ctx.st.army(general).cloned() else {
        return false;
    };
    let leaving = a.inside && ctx.st.besieged(from);
    let entering = ctx.st.besieged(to) && ctx.st.control(to) == Some(a.player.as_str());
    for (port, why) in [(from, leaving), (to, entering)] {
        if !why {
            continue;
        }
        let besiegers: Vec<String> = ctx
            .st
            .players
            .iter()
            .filter(|p| **p != a.player)
            .filter(|p| {
                ctx.st
                    .armies
                    .iter()
                    .any(|x| x.at == port && !x.inside && &x.player == *p)
            })
            .filter(|p| ctx.st.fleets.get(*p).is_some_and(|f| f.any_ready()))
            .filter(|p| ctx.st.standing_of(p).intercept_sea)
            .cloned()
            .collect();
        for b in besiegers {
            let n = ctx.next_n(&format!("intercept:{port}"));
            let roll = ctx.die(
                Label::Intercept {
                    space: port.to_string(),
                    n,
                },
                6,
            );
            let stopped = roll <= ctx.sc.params.movement.sea_intercept_on;
            ctx.push(Event::Interception {
                general: general.to_string(),
                space: port.to_string(),
                by: b,
                roll,
                stopped,
            });
            if stopped {
                return false;
            }
        }
    }
    if entering {
        if let Some(x) = ctx.st.army_mut(general) {
            x.at = to.to_string();
            x.inside = true;
        }
        ctx.push(Event::Moved {
            who: Who::General(general.to_string()),
            from: from.to_string(),
            to: to.to_string(),
            sea: true,
        });
        ctx.push(Event::WentInside {
            general: general.to_string(),
            space: to.to_string(),
        });
        siege::lift_check(ctx, from);
        return false;
    }
    move_to(ctx, general, from, to, true)
}
