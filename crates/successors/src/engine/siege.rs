//! Sieges: assault and subjugation rolls with their modifiers (§1, §3), the attempt
//! limits (§4), capture, the third-party reset (§5) and sudden sallies (§6).

use super::context::Ctx;
use crate::model::dice::Label;
use crate::model::events::{Event, Modifier, ResetWhy, Segment, Who};
use crate::model::params::AssaultResult;
use crate::model::refusal::Refusal;
use crate::model::scenario::{Case, Kind, Scenario};
use crate::model::state::{Army, State, INDEPENDENT};

/// Whether an army may make an attempt against the space it stands in, leaving the
/// limits of §4 aside: `Ok(subjugation)` or the rule that forbids it.
pub fn may_attempt(sc: &Scenario, st: &State, general: &str) -> Result<bool, Refusal> {
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
    if a.inside {
        return Err(Refusal::new(
            "besieged-city",
            "§2",
            format!(
                "{general} is inside the walls of {}; an army inside may sortie, not assault",
                a.at
            ),
            format!(
                "{gn} внутри стен {}; армия внутри может сделать вылазку, но не штурм",
                a.at
            ),
        ));
    }
    if sc.space(&a.at).is_none() {
        return Err(Refusal::new(
            "unknown-space",
            "",
            format!("{} is not a space of the map", a.at),
            format!("{} — не зона карты", a.at),
        ));
    }
    field_clear(st, a)?;
    let control = st.control(&a.at);
    let enemy_inside = st
        .armies
        .iter()
        .any(|o| o.at == a.at && o.inside && o.player != a.player);
    let subjugation = control == Some(INDEPENDENT);
    if !subjugation && !enemy_inside && (control.is_none() || control == Some(a.player.as_str())) {
        return Err(Refusal::new(
            "assault",
            "§1",
            format!(
                "{} is not held against {}: there is nothing to assault ({})",
                a.at,
                sc.house(&a.player)
                    .map(|h| h.name.as_str())
                    .unwrap_or(&a.player),
                if control.is_none() {
                    "no control marker: the Surrender segment places yours"
                } else {
                    "it is your own"
                }
            ),
            format!(
                "{} не удерживается против {}: штурмовать нечего ({})",
                a.at,
                sc.house_ru(&a.player, Case::Gen),
                if control.is_none() {
                    "маркера контроля нет: его ставит сегмент сдачи"
                } else {
                    "это ваш город"
                }
            ),
        ));
    }
    enough_cus(sc, general, a, subjugation)?;
    Ok(subjugation)
}

/// §1: no enemy army stands in the field of the space: it is beaten before the city
/// is assaulted.
fn field_clear(st: &State, a: &Army) -> Result<(), Refusal> {
    let hostile_field = st
        .armies
        .iter()
        .any(|o| o.at == a.at && !o.inside && o.player != a.player)
        || !st.independents_at(&a.at).is_empty();
    if hostile_field {
        return Err(Refusal::new(
            "assault",
            "§1",
            format!(
                "an enemy army stands in the field at {}: beat it before assaulting the city",
                a.at
            ),
            format!(
                "в поле у {} стоит вражеская армия: разбейте её, прежде чем штурмовать город",
                a.at
            ),
        ));
    }
    Ok(())
}

/// §1, §3: an assault needs `assault_cus`, a subjugation `subjugation_cus`.
fn enough_cus(sc: &Scenario, general: &str, a: &Army, subjugation: bool) -> Result<(), Refusal> {
    let gg = sc.general_ru(general, Case::Gen);
    let need = if subjugation {
        sc.params.siege.subjugation_cus
    } else {
        sc.params.siege.assault_cus
    };
    if a.cus < need {
        return Err(if subjugation {
            Refusal::new(
                "subjugation",
                "§3",
                format!(
                    "subjugation needs an army of at least {need} CUs; {general} has {}",
                    a.cus
                ),
                format!(
                    "для подчинения нужна армия не меньше чем из {need} БЧ; у {gg} {}",
                    a.cus
                ),
            )
        } else {
            Refusal::new(
                "assault",
                "§1",
                format!(
                    "an assault needs at least {need} CU; {general} has {}",
                    a.cus
                ),
                format!("для штурма нужна хотя бы {need} БЧ; у {gg} {}", a.cus),
            )
        });
    }
    Ok(())
}

/// The limit of §4 an attempt would break, if any.
pub fn limit_broken(ctx: &Ctx, general: &str, space: &str, seg: Segment) -> Option<Refusal> {
    let p = &ctx.sc.params.attempts;
    let round = ctx.attempts_round.get(space).copied().unwrap_or(0);
    if round >= p.round {
        return Some(Refusal::new(
            "attempt-limit",
            "§4",
            format!(
                "{space} was already assaulted/subjugated {round} times this round (at most {})",
                p.round
            ),
            format!(
                "{space} уже штурмовали/подчиняли {round} раз за этот раунд (не больше {})",
                p.round
            ),
        ));
    }
    let limit = match seg {
        Segment::Surrender => p.surrender,
        Segment::Tyche => p.tyche,
        Segment::Activation => p.activation,
    };
    if let Some((by, n)) = ctx.attempts_segment.get(&(seg, space.to_string())) {
        if by != general {
            return Some(Refusal::new("attempt-limit", "§4", format!("{by} already attempted {space} this segment; several armies may not each attempt"
            ), format!("{} уже пытался взять {space} в этом сегменте; несколько армий не могут каждая делать попытку", ctx.sc.general_ru(by, Case::Nom))));
        }
        if *n >= limit {
            return Some(Refusal::new(
                "attempt-limit",
                "§4",
                format!(
                    "at most {limit} attempts against {space} in the {} segment",
                    segment_name(seg)
                ),
                format!(
                    "не больше {limit} попыток против {space} в сегменте {}",
                    segment_name_ru(seg)
                ),
            ));
        }
    }
    None
}

fn segment_name_ru(seg: Segment) -> &'static str {
    match seg {
        Segment::Surrender => "сдачи",
        Segment::Tyche => "Тихе",
        Segment::Activation => "манёвров",
    }
}

fn segment_name(seg: Segment) -> &'static str {
    match seg {
        Segment::Surrender => "Surrender",
        Segment::Tyche => "Tyche",
        Segment::Activation => "Activation",
    }
}

/// §1: the modifiers of an attempt by `player` against `space` (by `general`'s army:
/// his special power, §8 [A]).
pub fn modifiers(ctx: &Ctx, player: &str, general: &str, space: &str) -> Vec<Modifier> {
    let mut m = Vec::new();
    let Some(sp) = ctx.sc.space(space) else {
        return m;
    };
    if sp.assault != 0 {
        m.push(Modifier::City(sp.assault));
    }
    let ready = ctx.st.fleets.get(player).is_some_and(|f| f.any_ready());
    if sp.kind == Kind::Major && sp.port && !ready {
        m.push(Modifier::PortWithoutFleet(
            ctx.sc.params.assault.port_without_fleet,
        ));
    }
    if let Some(cards) = ctx.card_mods.get(&(player.to_string(), space.to_string())) {
        for (card, v) in cards {
            m.push(Modifier::Card(card.clone(), *v));
        }
    }
    // §8 [A]: a general's special power.
    if let Some(v) = ctx.sc.general(general).map(|g| g.power.assault) {
        if v != 0 {
            m.push(Modifier::General(general.to_string(), v));
        }
    }
    m
}

/// One assault or subjugation attempt by a general's army against its space. Returns
/// false (and records a void order) when the rules forbid it.
pub fn attempt(ctx: &mut Ctx, general: &str, seg: Segment) -> bool {
    let Some(a) = ctx.st.army(general).cloned() else {
        return false;
    };
    let order = format!("{general}: assault ({})", a.at);
    let subjugation = match may_attempt(ctx.sc, &ctx.st, general) {
        Ok(s) => s,
        Err(why) => {
            ctx.void(&a.player, order, why.reason());
            return false;
        }
    };
    if let Some(why) = limit_broken(ctx, general, &a.at, seg) {
        ctx.void(&a.player, order, why.reason());
        return false;
    }
    let space = a.at.clone();
    *ctx.attempts_round.entry(space.clone()).or_insert(0) += 1;
    ctx.attempts_segment
        .entry((seg, space.clone()))
        .or_insert((general.to_string(), 0))
        .1 += 1;
    let mods = modifiers(ctx, &a.player, general, &space);
    let n = ctx.next_n(&format!("assault:{space}"));
    let roll = ctx.die(
        Label::Assault {
            space: space.clone(),
            n,
        },
        ctx.sc.params.assault.die,
    );
    let total = roll as i32 + mods.iter().map(Modifier::value).sum::<i32>();
    let result = ctx.sc.params.assault.result(total);
    let needed = ctx
        .sc
        .space(&space)
        .map(|s| ctx.sc.params.siege.needed(s.kind))
        .unwrap_or(1);
    match result {
        AssaultResult::SiegePoint => {
            let sp = ctx.st.space(&space).cloned();
            if let Some(sp) = sp {
                if sp.besieger.as_deref().is_some_and(|b| b != a.player) && sp.siege_points > 0 {
                    ctx.push(Event::SiegeReset {
                        space: space.clone(),
                        points: sp.siege_points,
                        why: ResetWhy::NewBesieger,
                    });
                    if let Some(s) = ctx.st.space_mut(&space) {
                        s.siege_points = 0;
                    }
                }
            }
            if let Some(s) = ctx.st.space_mut(&space) {
                s.siege_points += 1;
                s.besieger = Some(a.player.clone());
            }
        }
        AssaultResult::BesiegerLosesCu => {
            if let Some(x) = ctx.st.army_mut(general) {
                x.lose(1);
            }
        }
        AssaultResult::Nothing => {}
    }
    let points = ctx.st.space(&space).map(|s| s.siege_points).unwrap_or(0);
    ctx.push(Event::Assault {
        who: Who::General(general.to_string()),
        player: a.player.clone(),
        space: space.clone(),
        segment: seg,
        subjugation,
        roll,
        modifiers: mods,
        result,
        points,
        needed,
    });
    if points >= needed {
        capture(ctx, &space, &a.player, subjugation);
    }
    true
}

/// The space falls to `player` (§1: the points reached the requirement; §3 subjugation).
pub fn capture(ctx: &mut Ctx, space: &str, player: &str, subjugation: bool) {
    let from = ctx.st.control(space).map(str::to_string);
    let fallen: Vec<(String, u32)> = ctx
        .st
        .armies
        .iter()
        .filter(|a| a.at == space && a.inside && a.player != player)
        .map(|a| (a.general.clone(), a.cus))
        .collect();
    for (g, cus) in fallen {
        ctx.st.armies.retain(|a| a.general != g);
        ctx.push(Event::FellInside {
            general: g,
            space: space.to_string(),
            cus,
        });
    }
    let takes = ctx.sc.params.siege.capture_takes_control;
    if let Some(s) = ctx.st.space_mut(space) {
        s.siege_points = 0;
        s.besieger = None;
        s.control = if takes {
            Some(player.to_string())
        } else {
            None
        };
    }
    ctx.push(Event::Captured {
        space: space.to_string(),
        player: player.to_string(),
        from,
        subjugation,
    });
}

/// [A] A besieger none of whose armies stands in the field in the space loses its
/// points.
pub fn lift_check(ctx: &mut Ctx, space: &str) {
    if !ctx.sc.params.siege.reset_when_lifted {
        return;
    }
    let Some(sp) = ctx.st.space(space).cloned() else {
        return;
    };
    let Some(b) = sp.besieger.clone() else {
        return;
    };
    let present = ctx
        .st
        .armies
        .iter()
        .any(|a| a.at == space && !a.inside && a.player == b);
    if !present {
        if sp.siege_points > 0 {
            ctx.push(Event::SiegeReset {
                space: space.to_string(),
                points: sp.siege_points,
                why: ResetWhy::Lifted,
            });
        }
        if let Some(s) = ctx.st.space_mut(space) {
            s.siege_points = 0;
            s.besieger = None;
        }
    }
}

/// §5: the besieger of a major city or an independent fortress lost a battle there to a
/// third player: every siege point goes.
pub fn third_party(ctx: &mut Ctx, space: &str, loser: &str, winner: &str) {
    let Some(sp) = ctx.st.space(space).cloned() else {
        return;
    };
    if sp.besieger.as_deref() != Some(loser) || sp.siege_points == 0 {
        return;
    }
    let control = sp.control.as_deref();
    if winner == loser || control == Some(winner) {
        return;
    }
    let Some(kind) = ctx.sc.space(space).map(|s| s.kind) else {
        return;
    };
    let applies = kind == Kind::Major || (kind == Kind::Fortress && control == Some(INDEPENDENT));
    if !applies {
        return;
    }
    ctx.push(Event::SiegeReset {
        space: space.to_string(),
        points: sp.siege_points,
        why: ResetWhy::ThirdParty,
    });
    if let Some(s) = ctx.st.space_mut(space) {
        s.siege_points = 0;
        s.besieger = None;
    }
}

/// §6: sudden sallies against `besieger`'s army as it is activated: each CU that the
/// standing orders of a player inside name sallies separately, on the unmodified table.
pub fn sallies(ctx: &mut Ctx, besieger: &str) {
    if !ctx.sc.params.sallies {
        return;
    }
    let Some(b) = ctx.st.army(besieger).cloned() else {
        return;
    };
    if b.inside || !ctx.sallied.insert(b.at.clone()) {
        return;
    }
    let space = b.at.clone();
    let players = ctx.st.players.clone();
    for p in players {
        if p == b.player {
            continue;
        }
        let wanted = ctx
            .st
            .standing_of(&p)
            .sally
            .get(&space)
            .copied()
            .unwrap_or(0);
        for _ in 0..wanted {
            let Some(g) = ctx
                .st
                .armies
                .iter()
                .find(|a| a.at == space && a.inside && a.player == p && a.cus > 0)
                .map(|a| a.general.clone())
            else {
                break;
            };
            let n = ctx.next_n(&format!("sally:{space}"));
            let roll = ctx.die(
                Label::Sally {
                    space: space.clone(),
                    n,
                },
                ctx.sc.params.assault.die,
            );
            // §6: no modifiers.
            let result = ctx.sc.params.assault.result(roll as i32);
            match result {
                AssaultResult::BesiegerLosesCu => {
                    // §6: the sally failed: the sallying CU is removed, never a besieger's.
                    if let Some(a) = ctx.st.army_mut(&g) {
                        a.lose(1);
                    }
                }
                AssaultResult::SiegePoint => {
                    if let Some(s) = ctx.st.space_mut(&space) {
                        s.siege_points = s.siege_points.saturating_sub(1);
                        if s.siege_points == 0 {
                            s.besieger = None;
                        }
                    }
                }
                AssaultResult::Nothing => {}
            }
            let points = ctx.st.space(&space).map(|s| s.siege_points).unwrap_or(0);
            ctx.push(Event::Sally {
                player: p.clone(),
                general: g,
                space: space.clone(),
                roll,
                result,
                points,
            });
        }
    }
}
