//! A player's army carrying out its steps: land and sea moves, going inside the walls,
//! sorties and attempts, with the limits of a besieged city (§2) and action points.

use super::battle::{self, Party};
use super::context::Ctx;
use super::siege;
use crate::model::dice::Label;
use crate::model::events::{Event, Segment, Who};
use crate::model::orders::Step;
use crate::model::refusal::{Refusal, Why};
use crate::model::scenario::{Case, Kind, Scenario};
use crate::model::state::{Army, State};

/// The rule a step breaks for the army as the state stands, or its cost in action points.
pub fn step_check(sc: &Scenario, st: &State, general: &str, step: &Step) -> Result<u32, Refusal> {
    let (gn, gg) = (
        sc.general_ru(general, Case::Nom),
        sc.general_ru(general, Case::Gen),
    );
    let a = st.army(general).ok_or_else(|| {
        Refusal::new(
            "unknown-army",
            "",
            format!("{general} has no army on the map"),
            format!("у {gg} нет армии на карте"),
        )
    })?;
    let here = a.at.as_str();
    let mp = &sc.params.movement;
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
                        "{gn} внутри осаждённого {here}: уйти по суше нельзя; можно сделать вылазку{}",
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
        Step::Sea(to) => sea_check(sc, st, a, to, besieged),
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
                    format!("вылазку делают из осаждённого города; {gn} не внутри такого"),
                ));
            }
            Ok(mp.land_cost)
        }
        Step::Inside => inside_check(sc, st, general, a),
    }
}

/// §2: a sea move joins two ports of one sea, needs a fleet not dispersed, and keeps
/// the limits of a besieged city leaving and entering; its cost.
fn sea_check(
    sc: &Scenario,
    st: &State,
    a: &Army,
    to: &str,
    besieged: bool,
) -> Result<u32, Refusal> {
    let here = a.at.as_str();
    let mp = &sc.params.movement;
    let max_inside = sc.params.siege.max_inside;
    let port = sc.space(here).is_some_and(|s| s.port);
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
                format!("only a besieged major port may be entered by sea; {to} is not one"),
                format!("по морю можно войти только в осаждённый крупный порт; {to} не таков"),
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

/// §2: an army goes inside the walls of a major city or fortress its player controls,
/// never more than `max_inside` CUs there.
fn inside_check(sc: &Scenario, st: &State, general: &str, a: &Army) -> Result<u32, Refusal> {
    let here = a.at.as_str();
    let max_inside = sc.params.siege.max_inside;
    let (gn, gg) = (
        sc.general_ru(general, Case::Nom),
        sc.general_ru(general, Case::Gen),
    );
    if a.inside {
        return Err(Refusal::new(
            "besieged-city",
            "§2",
            format!("{general} is already inside {here}"),
            format!("{gn} уже внутри {here}"),
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
                "в городе не может быть больше {max_inside} БЧ (у {gg} {}, в {here} {})",
                a.cus,
                st.cus_inside(here)
            ),
        ));
    }
    Ok(0)
}

/// Carries out an army's steps with `ap` action points; attempts count in `seg`. When
/// the army stops (a step refused, a battle, an interception, the army gone), every step
/// left is reported void with the reason it stopped: no order vanishes unsaid.
pub fn run_steps(ctx: &mut Ctx, general: &str, steps: &[Step], mut ap: u32, seg: Segment) {
    let Some(player) = ctx.st.army(general).map(|a| a.player.clone()) else {
        return;
    };
    let mut stopped: Option<Why> = None;
    let gg = ctx.sc.general_ru(general, Case::Gen);
    for step in steps {
        let order = format!("{general}: {}", step_words(step));
        if let Some(why) = &stopped {
            ctx.void(&player, order, why.clone());
            continue;
        }
        let Some(a) = ctx.st.army(general).cloned() else {
            let why = gone(ctx.sc, general);
            ctx.void(&player, order, why.clone());
            stopped = Some(why);
            continue;
        };
        let cost = match step_check(ctx.sc, &ctx.st, general, step) {
            Ok(c) => c,
            Err(why) => {
                ctx.void(&player, order, why.reason());
                stopped = after_void(ctx.sc, general);
                continue;
            }
        };
        if cost > ap {
            ctx.void(
                &player,
                order,
                Why::new(
                    format!("{general} has {ap} action points left; this needs {cost}"),
                    format!("у {gg} осталось очков действия: {ap}; нужно {cost}"),
                ),
            );
            stopped = after_void(ctx.sc, general);
            continue;
        }
        ap -= cost;
        stopped = match step {
            Step::Land(to) => move_to(ctx, general, &a.at, to, false),
            Step::Sea(to) => sail(ctx, general, &a.at, to),
            Step::Assault => {
                if siege::attempt(ctx, general, seg) {
                    None
                } else {
                    after_void(ctx.sc, general)
                }
            }
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
                ctx.sc.params.movement.sortie_ends_activation.then(|| {
                    Why::new(
                        format!("{general}'s sortie at {} ended his activation [A]", a.at),
                        format!("вылазка {gg} у {} закончила его активацию [A]", a.at),
                    )
                })
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
                None
            }
        };
    }
}

/// Why the steps after a void one are not carried out [A]: an activation ends at the
/// first step that cannot be carried out (the army stands where the orders no longer
/// expect it), unless the scenario says the rest go on (`void_ends_activation: false`:
/// `None`).
fn after_void(sc: &Scenario, general: &str) -> Option<Why> {
    if !sc.params.movement.void_ends_activation {
        return None;
    }
    let gg = sc.general_ru(general, Case::Gen);
    Some(Why::new(
        format!("{general}'s activation ended at the step before, which was not carried out [A]"),
        format!("активация {gg} закончилась на предыдущем шаге, который не выполнен [A]"),
    ))
}

/// Why the steps of an army that left the map are not carried out.
fn gone(sc: &Scenario, general: &str) -> Why {
    let gg = sc.general_ru(general, Case::Gen);
    Why::new(
        format!("{general}'s army is no longer on the map"),
        format!("армии {gg} больше нет на карте"),
    )
}

/// §7 [A]: a battle ends the moving army's move (`params.movement.battle_ends_move`; an
/// army that lost and retreated or is gone stops whatever it says).
fn after_battle(sc: &Scenario, general: &str, space: &str) -> Why {
    let gg = sc.general_ru(general, Case::Gen);
    Why::new(
        format!("{general}'s move ended with the battle in {space} [A]"),
        format!("перемещение {gg} закончилось битвой в {space} [A]"),
    )
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

/// Moves the army; `Some(why)` when its move ends there (a battle, an interception).
fn move_to(ctx: &mut Ctx, general: &str, from: &str, to: &str, sea: bool) -> Option<Why> {
    let gn = ctx.sc.general_ru(general, Case::Nom);
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
    if !battle::on_entering(ctx, &who, from, to) {
        let stands = ctx.st.army(general).is_some_and(|a| a.at == to);
        if ctx.sc.params.movement.battle_ends_move || !stands {
            return Some(after_battle(ctx.sc, general, to));
        }
    }
    if !sea && !battle::interception(ctx, &who, to) {
        // §7 [A]: the intercepted move ends.
        return Some(Why::new(
            format!("{general} was intercepted in {to}: his move ended there (§7) [A]"),
            format!("{gn} перехвачен в {to}: его перемещение там закончилось (§7) [A]"),
        ));
    }
    None
}

/// §2: a sea move; out of or into a besieged port the besiegers may intercept it.
/// `Some(why)` when the army's move ends.
fn sail(ctx: &mut Ctx, general: &str, from: &str, to: &str) -> Option<Why> {
    let (gn, gg) = (
        ctx.sc.general_ru(general, Case::Nom),
        ctx.sc.general_ru(general, Case::Gen),
    );
    let Some(a) = ctx.st.army(general).cloned() else {
        return Some(gone(ctx.sc, general));
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
                return Some(Why::new(
                    format!("§2: {general}'s sea move was intercepted at {port}; the move ends"),
                    format!(
                        "§2: морское перемещение {gg} перехвачено у {port}; перемещение окончено"
                    ),
                ));
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
        if !ctx.sc.params.movement.sail_inside_ends_move {
            return None;
        }
        return Some(Why::new(
            format!(
                "§2: {general} sailed inside the walls of besieged {to}; his move ends there [A]"
            ),
            format!(
                "§2: {gn} вошёл морем за стены осаждённого {to}; его перемещение там окончено [A]"
            ),
        ));
    }
    move_to(ctx, general, from, to, true)
}
