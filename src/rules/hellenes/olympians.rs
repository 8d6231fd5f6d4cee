//! The Olympians (11.0) and the sacrifices made to them (10.4.1).
//!
//! Seven Olympians sit in the scenario's data (`params.olympians`): Zeus and Apollo as the
//! rules state them, the other five as house defaults ([A]), each governing one kind of
//! random result. A card played for its Action value at New Year is a sacrifice: a spare
//! garrison block is put on the chosen Olympian (at most one per Olympian per player,
//! kept until used). The sacrifices are public (the blocks stand on the board); they live
//! in the state (`State.sacrifices`) and every view.

pub use super::model::events::appeal::AppealEvent;
use super::model::labels;
pub use super::model::orders::{any_label, Appeal, When};
pub use super::model::scenario::{Governs, OlympianDef, OlympianParams};
pub use super::model::state::{Appealed, Sacrifice};
use super::scenario::Scenario;
use super::state::State;
use super::words;
use crate::lang::Lang;
use std::collections::BTreeMap;

/// The Olympian of that name (any case), as the scenario spells it.
/// The Olympian an order names, or a diagnostic citing `rule` with the scenario's names
/// and a "did you mean" (New Year sacrifices and appeals both name Olympians).
pub fn named<'a>(
    cx: &mut super::orders::Ctx<'a>,
    val: &crate::yaml::Node,
    rule: &str,
) -> Option<&'a OlympianDef> {
    let name = cx.text(val, "an Olympian's name")?;
    let sc = cx.sc;
    if let Some(o) = find(sc, name) {
        return Some(o);
    }
    let names: Vec<&str> = sc
        .params
        .olympians
        .gods
        .iter()
        .map(|o| o.name.as_str())
        .collect();
    let hint = crate::diag::did_you_mean(name, names.iter().copied());
    let d = cx.err(
        "orders::unknown-olympian",
        val,
        format!("there is no Olympian called `{name}`"),
    );
    d.label = Some("unknown Olympian".into());
    d.rule = Some(rule.into());
    d.help = Some(match hint {
        Some(h) => format!("did you mean {h}? the Olympians: {}", names.join(", ")),
        None => format!("the Olympians: {}", names.join(", ")),
    });
    None
}

pub fn find<'a>(sc: &'a Scenario, name: &str) -> Option<&'a OlympianDef> {
    sc.params
        .olympians
        .gods
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(name.trim()))
}

/// Whether `side` has a sacrifice on `olympian`.
pub fn has_sacrifice(
    sacrifices: &BTreeMap<String, Vec<Sacrifice>>,
    side: &str,
    olympian: &str,
) -> bool {
    sacrifices
        .get(side)
        .is_some_and(|v| v.iter().any(|s| s.olympian == olympian))
}

/// 10.4.1: puts `side`'s sacrifice on `olympian` (none if it has one there already).
pub fn sacrifice(st: &mut State, side: &str, olympian: &str) -> bool {
    if has_sacrifice(&st.sacrifices, side, olympian) {
        return false;
    }
    let year = st.year;
    st.sacrifices
        .entry(side.to_string())
        .or_default()
        .push(Sacrifice {
            olympian: olympian.to_string(),
            year,
        });
    true
}

/// The first Olympian (scenario order) on which `side` has no sacrifice: the default
/// sacrifice of a New Year card played for its Action value.
pub fn first_free(
    sc: &Scenario,
    sacrifices: &BTreeMap<String, Vec<Sacrifice>>,
    side: &str,
) -> Option<String> {
    sc.params
        .olympians
        .gods
        .iter()
        .find(|o| !has_sacrifice(sacrifices, side, &o.name))
        .map(|o| o.name.clone())
}

/// An Olympian's name in `lang` (`Зевс`).
pub fn name(olympian: &str, lang: Lang) -> String {
    words::text(olympian, lang)
}

/// 10.4.1 "Sacrifices" in a side's position, when any stand: each side's Olympians, with
/// the year of each sacrifice. Both languages side by side: edit them together.
pub fn describe(
    sc: &Scenario,
    sacrifices: &BTreeMap<String, Vec<Sacrifice>>,
    lang: Lang,
) -> String {
    use std::fmt::Write;
    if sacrifices.values().all(|v| v.is_empty()) {
        return String::new();
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n{}",
        lang.pick(
            "**Sacrifices** (10.4.1; each may be spent on one appeal, 11.0):",
            "**Жертвы** (10.4.1; каждую можно потратить на одну просьбу, 11.0):"
        )
    );
    for side in sc.side_ids() {
        let Some(list) = sacrifices.get(&side).filter(|v| !v.is_empty()) else {
            continue;
        };
        let items: Vec<String> = list
            .iter()
            .map(|s| {
                format!(
                    "{} ({})",
                    name(&s.olympian, lang),
                    words::year(s.year, lang)
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "- {}: {}",
            words::side(sc, &side, lang, words::Case::Nom),
            items.join(", ")
        );
    }
    out
}

// ------------------------------------------------------------------------- appeals (11.0)

/// A random result as the appeals see it, before it is used.
pub struct Result<'a> {
    pub label: &'a str,
    pub kind: Governs,
    /// The side whose result it is.
    pub owner: &'a str,
    pub hits: u32,
    pub routs: u32,
    /// Zeus: the Action values of the hand dealt.
    pub hand_value: u32,
    /// Apollo: the block drawn.
    pub drawn: Option<&'a str>,
}

/// Whether `side` may spend its sacrifice on `o` now: it has one, and for Zeus it dates
/// from an earlier year ([A] `zeus_any_earlier_year`; years BC count down).
fn usable(sc: &Scenario, st: &State, side: &str, o: &OlympianDef) -> bool {
    st.sacrifices.get(side).is_some_and(|v| {
        v.iter().any(|s| {
            s.olympian == o.name
                && (o.governs != Governs::Deal
                    || if sc.params.olympians.zeus_any_earlier_year {
                        s.year > st.year
                    } else {
                        s.year == st.year + 1
                    })
        })
    })
}

/// 11.0: the appeal that applies to `r`, if any: the side whose result it is first, then
/// the other side (scenario order); each side's appeals in the order written. Each
/// Olympian at most once per player turn (the step), the cards dealt at the year's start
/// excepted (each side's hand is its own result, 11.0 Zeus).
pub fn choose(sc: &Scenario, st: &State, r: &Result) -> Option<(String, String)> {
    let mut sides = vec![r.owner.to_string()];
    sides.extend(sc.side_ids().into_iter().filter(|s| s != r.owner));
    for side in sides {
        let mine = side == r.owner;
        // Zeus and Apollo's own redraw: the cards are the owner's alone to redraw.
        if r.kind == Governs::Deal && !mine {
            continue;
        }
        let Some(standing) = st.standing.get(&side) else {
            continue;
        };
        for a in &standing.appeals {
            let Some(o) = find(sc, &a.olympian) else {
                continue;
            };
            let spent = r.kind != Governs::Deal && st.appealed.iter().any(|x| x.olympian == o.name);
            if o.governs == r.kind
                && !spent
                && usable(sc, st, &side, o)
                && labels::matches(&a.on, r.label)
                && a.when.holds(mine, r)
            {
                return Some((side, o.name.clone()));
            }
        }
    }
    None
}

/// Spends `side`'s sacrifice on `olympian` for an appeal on `label`; the label of the
/// re-roll's stream (`<label>#reroll-<n>`, dice.md §3).
pub fn spend(st: &mut State, side: &str, olympian: &str, label: &str) -> String {
    let n = 1 + st.appealed.iter().filter(|a| a.label == label).count();
    if let Some(v) = st.sacrifices.get_mut(side) {
        if let Some(i) = v.iter().position(|s| s.olympian == olympian) {
            v.remove(i);
        }
        if v.is_empty() {
            st.sacrifices.remove(side);
        }
    }
    st.appealed.push(Appealed {
        side: side.to_string(),
        olympian: olympian.to_string(),
        label: label.to_string(),
    });
    labels::reroll(label, n)
}

/// A battle (2.0, 8.1, 8.3) with the appeals of both sides: each block's roll is offered
/// to `choose` before it is used; an appeal re-rolls it from the open stream
/// `<label>#reroll-<n>`. The dice records: the battle's stream, then each re-roll's.
pub fn fight(
    sc: &Scenario,
    st: &mut State,
    dice: &crate::dice::TurnDice,
    setup: &super::battle::BattleSetup,
    label: &str,
) -> (super::battle::BattleOutcome, Vec<crate::dice::DiceRecord>) {
    use crate::dice::Shown;
    let mut stream = dice.open(label);
    let mut rerolls = Vec::new();
    let outcome = match labels::kind_of(sc, label) {
        None => super::battle::fight(setup, &mut stream),
        Some(kind) => super::battle::fight_with(setup, &mut stream, &mut |roll| {
            let r = Result {
                label,
                kind,
                owner: roll.side,
                hits: roll.hits,
                routs: roll.routs,
                hand_value: 0,
                drawn: None,
            };
            let (side, olympian) = choose(sc, st, &r)?;
            let again_label = spend(st, &side, &olympian, label);
            let mut s = dice.open(&again_label);
            let again = s.d6s(roll.dice.len() as u32);
            rerolls.push(s.record(Shown::All));
            Some((
                again,
                super::battle::Reroll {
                    side,
                    olympian,
                    label: again_label,
                    first: roll.dice.to_vec(),
                },
            ))
        }),
    };
    let mut records = vec![stream.record(Shown::All)];
    records.extend(rerolls);
    (outcome, records)
}

/// Dice rolled at once for one result (siege attrition, the Treachery die, a peace
/// offer), with the appeals of both sides: `n` dice from the open stream `label`; `hits`
/// counts the result's hits for the conditions. On an appeal the dice are re-rolled from
/// `<label>#reroll-<n>` and the new dice stand.
pub struct Rolled {
    pub dice: Vec<u32>,
    pub records: Vec<crate::dice::DiceRecord>,
    pub appeal: Option<AppealEvent>,
}

pub fn roll(
    sc: &Scenario,
    st: &mut State,
    dice: &crate::dice::TurnDice,
    label: &str,
    owner: &str,
    n: u32,
    hits: &dyn Fn(&[u32]) -> u32,
) -> Rolled {
    use crate::dice::Shown;
    let mut stream = dice.open(label);
    let first = stream.d6s(n);
    let mut records = vec![stream.record(Shown::All)];
    let chosen = labels::kind_of(sc, label).and_then(|kind| {
        choose(
            sc,
            st,
            &Result {
                label,
                kind,
                owner,
                hits: hits(&first),
                routs: 0,
                hand_value: 0,
                drawn: None,
            },
        )
    });
    let Some((side, olympian)) = chosen else {
        return Rolled {
            dice: first,
            records,
            appeal: None,
        };
    };
    let again_label = spend(st, &side, &olympian, label);
    let mut s = dice.open(&again_label);
    let again = s.d6s(n);
    records.push(s.record(Shown::All));
    Rolled {
        dice: again.clone(),
        records,
        appeal: Some(AppealEvent::Dice {
            side,
            olympian,
            owner: owner.to_string(),
            label: label.to_string(),
            reroll: again_label,
            first,
            again,
        }),
    }
}

/// 11.0 Zeus, at the year's start: `side`'s appeal on the six cards just dealt (the deal
/// `label`): they are discarded (face down under the deck: they were never revealed) and
/// six more are dealt from the top of the deck, not reshuffled. The sacrifice must date
/// from an earlier year.
pub fn zeus(sc: &Scenario, st: &mut State, side: &str, label: &str) -> Option<AppealEvent> {
    let hand = st.cards.hands.get(side).cloned().unwrap_or_default();
    let hand_value = hand
        .iter()
        .filter_map(|c| sc.card(c))
        .map(|c| c.action)
        .sum();
    let r = Result {
        label,
        kind: Governs::Deal,
        owner: side,
        hits: 0,
        routs: 0,
        hand_value,
        drawn: None,
    };
    let (_, olympian) = choose(sc, st, &r)?;
    spend(st, side, &olympian, label);
    let n = hand.len().min(st.cards.deck.len());
    let drawn: Vec<String> = st.cards.deck.drain(..n).collect();
    // The discarded cards were never revealed: face down under the deck (the discard pile
    // is public), out of play until the next year's gathering.
    st.cards.deck.extend(hand.iter().cloned());
    st.cards.hands.insert(side.to_string(), drawn.clone());
    Some(AppealEvent::Zeus {
        side: side.to_string(),
        olympian,
        label: label.to_string(),
        discarded: hand,
        drawn,
    })
}

/// 11.0 Apollo, on a new block drawn blind from the pool (4.2, the sealed `label`
/// `draw:pool:<side>`) before it is placed: the drawing side's appeal redraws it; the
/// other side's makes it return the block to the pool and draw again. The new draw is
/// `below(len)` on the same `pool` from the sealed stream `<label>#reroll-<n>`. Returns
/// the block now drawn, the re-draw's record and the event.
#[allow(clippy::too_many_arguments)]
pub fn apollo(
    sc: &Scenario,
    st: &mut State,
    dice: &crate::dice::TurnDice,
    label: &str,
    owner: &str,
    city: &str,
    pool: &[String],
    drawn: &str,
) -> Option<(String, crate::dice::DiceRecord, AppealEvent)> {
    use crate::dice::Shown;
    let r = Result {
        label,
        kind: Governs::NewBlocks,
        owner,
        hits: 0,
        routs: 0,
        hand_value: 0,
        drawn: Some(drawn),
    };
    let (side, olympian) = choose(sc, st, &r)?;
    let again_label = spend(st, &side, &olympian, label);
    let mut s = dice.sealed(&again_label);
    let block = pool
        .get(s.draw(pool.len()))
        .cloned()
        .unwrap_or_else(|| drawn.to_string());
    let record = s.record(Shown::Moderator);
    Some((
        block.clone(),
        record,
        AppealEvent::Apollo {
            side,
            olympian,
            owner: owner.to_string(),
            city: city.to_string(),
            returned: drawn.to_string(),
            drawn: block,
            reroll: again_label,
        },
    ))
}

/// The dice of a result in words (`1 6`).
fn faces(d: &[u32]) -> String {
    d.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words before a re-rolled block's new dice in a battle's round line: `1 6; 11.0
/// Sparta appeals to Ares: re-roll `battle:Plataea#reroll-1``. Both languages side by
/// side: edit them together.
pub fn reroll_words(sc: &Scenario, r: &super::battle::Reroll, sep: &str, lang: Lang) -> String {
    let who = words::side(sc, &r.side, lang, words::Case::Nom);
    let first = r
        .first
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(sep);
    lang.pick(
        format!(
            "{first}; 11.0 {who} appeals to {} (the sacrifice is spent): re-roll `{}`: ",
            name(&r.olympian, lang),
            r.label
        ),
        format!(
            "{first}; 11.0 {who} — просьба к олимпийцу {} (жертва потрачена): переброс `{}`: ",
            name(&r.olympian, lang),
            r.label
        ),
    )
}

/// An appeal in rule terms for `viewer` (None: the moderator), in `lang`. Both languages
/// side by side: edit them together.
pub fn narrate(sc: &Scenario, e: &AppealEvent, viewer: Option<&str>, lang: Lang) -> String {
    let nom = |s: &str| words::side(sc, s, lang, words::Case::Nom);
    let gen = |s: &str| words::side(sc, s, lang, words::Case::Gen);
    let sees = |s: &str| viewer.is_none() || viewer == Some(s);
    match e {
        AppealEvent::Dice {
            side,
            olympian,
            owner,
            label,
            reroll,
            first,
            again,
        } => lang.pick(
            format!(
                "11.0 {} appeals to {} on {} roll `{label}` ({}): the sacrifice is spent and the dice are re-rolled, `{reroll}`: {}; the new result stands.",
                nom(side),
                name(olympian, lang),
                if side == owner { "its own".to_string() } else { super::report::possessive(&nom(owner)) },
                faces(first),
                faces(again)
            ),
            format!(
                "11.0 {} — просьба к олимпийцу {} о {} `{label}` ({}): жертва потрачена, кости переброшены, `{reroll}`: {}; новый результат остаётся в силе.",
                nom(side),
                name(olympian, lang),
                if side == owner { "своём броске".to_string() } else { format!("броске {}", gen(owner)) },
                faces(first),
                faces(again)
            ),
        ),
        AppealEvent::Zeus {
            side,
            olympian,
            label,
            discarded,
            drawn,
        } => {
            if sees(side) {
                lang.pick(
                    format!(
                        "11.0 {} appeals to {} on the deal `{label}`: the sacrifice is spent; it discards {} and is dealt {} from the top of the deck (not reshuffled).",
                        nom(side),
                        name(olympian, lang),
                        discarded.join(", "),
                        drawn.join(", ")
                    ),
                    format!(
                        "11.0 {} — просьба к олимпийцу {} о раздаче `{label}`: жертва потрачена; сброшены {}, сверху колоды сданы {} (без перетасовки).",
                        nom(side),
                        name(olympian, lang),
                        discarded.join(", "),
                        drawn.join(", ")
                    ),
                )
            } else {
                let n = drawn.len() as u32;
                lang.pick(
                    format!(
                        "11.0 {} appeals to {} on the deal `{label}`: the sacrifice is spent; it discards its {n} cards and is dealt {n} new ones from the top of the deck.",
                        nom(side),
                        name(olympian, lang)
                    ),
                    format!(
                        "11.0 {} — просьба к олимпийцу {} о раздаче `{label}`: жертва потрачена; карты сброшены ({n}), сверху колоды сданы новые ({n}).",
                        nom(side),
                        name(olympian, lang)
                    ),
                )
            }
        }
        AppealEvent::Apollo {
            side,
            olympian,
            owner,
            city,
            returned,
            drawn,
            reroll,
        } => {
            if sees(owner) {
                lang.pick(
                    format!(
                        "11.0 {} appeals to {} on {} new block at {city}: {returned} goes back to the pool and {drawn} is drawn instead (sealed draw `{reroll}`); the sacrifice is spent.",
                        nom(side),
                        name(olympian, lang),
                        if side == owner { "its own".to_string() } else { super::report::possessive(&nom(owner)) },
                    ),
                    format!(
                        "11.0 {} — просьба к олимпийцу {} о {} в {city}: {returned} возвращается в пул, вместо него вытянут {drawn} (запечатанная выборка `{reroll}`); жертва потрачена.",
                        nom(side),
                        name(olympian, lang),
                        if side == owner { "своём новом блоке".to_string() } else { format!("новом блоке {}", gen(owner)) },
                    ),
                )
            } else {
                lang.pick(
                    format!(
                        "11.0 {} appeals to {} on {} new block at {city}: it goes back to the pool and another is drawn (sealed draw `{reroll}`); the sacrifice is spent.",
                        nom(side),
                        name(olympian, lang),
                        super::report::possessive(&nom(owner)),
                    ),
                    format!(
                        "11.0 {} — просьба к олимпийцу {} о новом блоке {} в {city}: блок возвращается в пул, вытянут другой (запечатанная выборка `{reroll}`); жертва потрачена.",
                        nom(side),
                        name(olympian, lang),
                        gen(owner),
                    ),
                )
            }
        }
    }
}

/// `standing: appeals: [...]` (11.0), checked against the side's view: each appeal names an
/// Olympian of the scenario, a label pattern that some result that Olympian governs can
/// match, and conditions that fit it (docs/orders.md "Appeals").
pub fn check_appeals(cx: &mut super::orders::Ctx, v: &crate::yaml::Node) -> Option<Vec<Appeal>> {
    use crate::yaml::Kind;
    let before = cx.diags.len();
    let items: Vec<&crate::yaml::Node> = match &v.kind {
        Kind::Seq(items) => items.iter().collect(),
        Kind::Map(_) => vec![v],
        _ => {
            let found = v.describe();
            let d = cx.err(
                "orders::type",
                v,
                format!("`appeals` takes a list of appeals, found {found}"),
            );
            d.help = Some(
                "write `appeals: [{ olympian: Ares, on: \"battle:*\", when: { my_hits_at_most: 0 } }]`"
                    .into(),
            );
            return None;
        }
    };
    let mut out = Vec::new();
    for item in items {
        if let Some(a) = check_appeal(cx, item) {
            out.push(a);
        }
    }
    (cx.diags.len() == before).then_some(out)
}

const WHEN_KEYS: [&str; 6] = [
    "my_hits_at_most",
    "my_routs_at_most",
    "enemy_hits_at_least",
    "enemy_routs_at_least",
    "hand_value_at_most",
    "drawn",
];

fn check_appeal(cx: &mut super::orders::Ctx, v: &crate::yaml::Node) -> Option<Appeal> {
    use crate::yaml::Kind;
    let rule = "rule 11.0: an appeal names the Olympian with your sacrifice, the results it may re-roll (`on`) and when (`when`)";
    let Some(pairs) = v.as_map() else {
        let found = v.describe();
        let d = cx.err(
            "orders::type",
            v,
            format!("an appeal is a mapping, found {found}"),
        );
        d.help = Some(
            "write `{ olympian: Ares, on: \"battle:*\", when: { my_hits_at_most: 0 } }`".into(),
        );
        return None;
    };
    let mut olympian: Option<&OlympianDef> = None;
    let mut on: Option<(String, &crate::yaml::Node)> = None;
    let mut when = When::default();
    let mut when_nodes: Vec<(&str, &crate::yaml::Node)> = Vec::new();
    let mut ok = true;
    for (k, val) in pairs {
        match k.as_str().map(|s| s.to_ascii_lowercase()).as_deref() {
            Some("olympian") => match named(cx, val, rule) {
                Some(o) => olympian = Some(o),
                None => ok = false,
            },
            Some("on") => match cx.text(val, "a dice label, `*` for any text") {
                Some(p) => on = Some((p.trim().to_string(), val)),
                None => ok = false,
            },
            Some("when") => {
                let Some(conds) = val.as_map() else {
                    let found = val.describe();
                    let d = cx.err(
                        "orders::type",
                        val,
                        format!("`when` takes a mapping of conditions, found {found}"),
                    );
                    d.help = Some(format!("conditions: {}", WHEN_KEYS.join(", ")));
                    ok = false;
                    continue;
                };
                for (ck, cv) in conds {
                    let key = ck
                        .as_str()
                        .map(|s| s.to_ascii_lowercase())
                        .unwrap_or_default();
                    let number = |cx: &mut super::orders::Ctx| -> Option<u32> {
                        match cv.as_str().and_then(|s| s.trim().parse::<u32>().ok()) {
                            Some(n) => Some(n),
                            None => {
                                let d = cx.err(
                                    "orders::bad-value",
                                    cv,
                                    format!("`{key}` takes a whole number (0 or more)"),
                                );
                                d.rule = Some(rule.into());
                                None
                            }
                        }
                    };
                    let slot = match key.as_str() {
                        "my_hits_at_most" => &mut when.my_hits_at_most,
                        "my_routs_at_most" => &mut when.my_routs_at_most,
                        "enemy_hits_at_least" => &mut when.enemy_hits_at_least,
                        "enemy_routs_at_least" => &mut when.enemy_routs_at_least,
                        "hand_value_at_most" => &mut when.hand_value_at_most,
                        "drawn" => {
                            let ids: Vec<&crate::yaml::Node> = match &cv.kind {
                                Kind::Seq(items) => items.iter().collect(),
                                _ => vec![cv],
                            };
                            for n in ids {
                                match cx.own_block(n) {
                                    Some(id) => when.drawn.push(id),
                                    None => ok = false,
                                }
                            }
                            when_nodes.push(("drawn", ck));
                            continue;
                        }
                        _ => {
                            let k = ck.as_str().unwrap_or("?").to_string();
                            let hint = crate::diag::did_you_mean(&k, WHEN_KEYS);
                            let d = cx.err(
                                "orders::unknown-key",
                                ck,
                                format!("`{k}` is not a condition of an appeal"),
                            );
                            d.rule = Some(rule.into());
                            d.help = Some(match hint {
                                Some(h) => format!("did you mean `{h}`?"),
                                None => format!("conditions: {}", WHEN_KEYS.join(", ")),
                            });
                            ok = false;
                            continue;
                        }
                    };
                    match number(cx) {
                        Some(n) => *slot = Some(n),
                        None => ok = false,
                    }
                    when_nodes.push((
                        WHEN_KEYS
                            .iter()
                            .find(|x| **x == key)
                            .copied()
                            .unwrap_or("?"),
                        ck,
                    ));
                }
            }
            _ => {
                let key = k.as_str().unwrap_or("?").to_string();
                let hint = crate::diag::did_you_mean(&key, ["olympian", "on", "when"]);
                let d = cx.err(
                    "orders::unknown-key",
                    k,
                    format!("`{key}` is not part of an appeal"),
                );
                d.help = Some(match hint {
                    Some(h) => format!("did you mean `{h}`?"),
                    None => "an appeal takes `olympian`, `on` and `when`".into(),
                });
                ok = false;
            }
        }
    }
    let Some(o) = olympian else {
        if v.get("olympian").is_none() {
            let sc = cx.sc;
            let names: Vec<&str> = sc
                .params
                .olympians
                .gods
                .iter()
                .map(|o| o.name.as_str())
                .collect();
            let d = cx.err("orders::missing", v, "an appeal needs `olympian`".into());
            d.rule = Some(rule.into());
            d.help = Some(format!("the Olympians: {}", names.join(", ")));
        }
        return None;
    };
    let sc = cx.sc;
    // The pattern must fit some result the Olympian governs.
    if let Some((p, node)) = &on {
        let labels = labels::labels_of(sc, o.governs);
        if !labels.iter().any(|l| labels::matches(p, l)) {
            let d = cx.err(
                "orders::appeal-never-applies",
                node,
                format!(
                    "{} governs {}: `{p}` names none of them",
                    o.name,
                    o.governs.words()
                ),
            );
            d.label = Some("no such result".into());
            d.rule = Some(rule.into());
            d.help = Some(format!(
                "{}'s results have labels like `{}`; `*` stands for any text",
                o.name,
                labels.first().cloned().unwrap_or_default()
            ));
            ok = false;
        }
    }
    // The conditions must fit the kind of result.
    for (key, node) in &when_nodes {
        let fits = match *key {
            "hand_value_at_most" => o.governs == Governs::Deal,
            "drawn" => o.governs == Governs::NewBlocks,
            "my_routs_at_most" | "enemy_routs_at_least" => matches!(
                o.governs,
                Governs::LandBattle | Governs::NavalBattle | Governs::Assault
            ),
            _ => !matches!(o.governs, Governs::Deal | Governs::NewBlocks),
        };
        if !fits {
            let d = cx.err(
                "orders::bad-condition",
                node,
                format!("`{key}` says nothing about {}", o.governs.words()),
            );
            d.label = Some(format!("not a condition for {}", o.name));
            d.rule = Some(rule.into());
            d.help = Some(match o.governs {
                Governs::Deal => "Zeus's condition is `hand_value_at_most` (the Action values of your six new cards)".into(),
                Governs::NewBlocks => "Apollo's condition is `drawn: [ids]` (your block drawn is one of these); without it the first new block (yours or the enemy's) is redrawn".into(),
                _ => "hits and routs of a roll: `my_hits_at_most`, `enemy_hits_at_least` (and routs in battles)".into(),
            });
            ok = false;
        }
    }
    if when.mine_only() && when.enemy_only() {
        let d = cx.err(
            "orders::bad-condition",
            v,
            "a result is either yours or the enemy's: `my_…` and `enemy_…` conditions never hold together".into(),
        );
        d.rule = Some(rule.into());
        d.help = Some("write two appeals instead".into());
        ok = false;
    }
    ok.then(|| Appeal {
        olympian: o.name.clone(),
        on: on.map(|(p, _)| p).unwrap_or_else(any_label),
        when,
    })
}

/// 11.0: when an appeal's conditions hold (the type: `model::orders::When`).
impl When {
    fn mine_only(&self) -> bool {
        self.my_hits_at_most.is_some()
            || self.my_routs_at_most.is_some()
            || self.hand_value_at_most.is_some()
            || !self.drawn.is_empty()
    }
    fn enemy_only(&self) -> bool {
        self.enemy_hits_at_least.is_some() || self.enemy_routs_at_least.is_some()
    }
    /// Whether the conditions hold on `r`, for the side appealing (`mine`: its own result).
    fn holds(&self, mine: bool, r: &Result) -> bool {
        if (self.mine_only() && !mine) || (self.enemy_only() && mine) {
            return false;
        }
        self.my_hits_at_most.is_none_or(|n| r.hits <= n)
            && self.my_routs_at_most.is_none_or(|n| r.routs <= n)
            && self.enemy_hits_at_least.is_none_or(|n| r.hits >= n)
            && self.enemy_routs_at_least.is_none_or(|n| r.routs >= n)
            && self.hand_value_at_most.is_none_or(|n| r.hand_value <= n)
            && (self.drawn.is_empty() || r.drawn.is_some_and(|d| self.drawn.iter().any(|x| x == d)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::hellenes::state::{Initiative, Phase, Play, PlayedFor};
    use crate::rules::hellenes::{Hellenes, HELLENES_431};
    use crate::rules::Rules;

    #[test]
    fn label_patterns() {
        assert!(labels::matches("battle:*", "battle:Plataea"));
        assert!(labels::matches("BATTLE:plataea", "battle:Plataea"));
        assert!(labels::matches("*", "siege:Potidaea:attrition"));
        assert!(labels::matches(
            "siege:*:attrition",
            "siege:Potidaea:attrition"
        ));
        assert!(labels::matches("siege:*a*:*", "siege:Potidaea:assault"));
        assert!(!labels::matches(
            "siege:*:attrition",
            "siege:Potidaea:assault"
        ));
        assert!(!labels::matches("battle:", "battle:Plataea"));
        assert!(labels::matches("peace:4*", "peace:431"));
        let sc = Hellenes::load_scenario(HELLENES_431).unwrap();
        assert_eq!(
            labels::kind_of(&sc, "battle:Saronic Gulf"),
            Some(Governs::NavalBattle)
        );
        assert_eq!(
            labels::kind_of(&sc, "battle:Plataea"),
            Some(Governs::LandBattle)
        );
        assert_eq!(
            labels::kind_of(&sc, "siege:Plataea:sortie"),
            Some(Governs::LandBattle)
        );
        assert_eq!(
            labels::kind_of(&sc, "siege:Plataea:treachery"),
            Some(Governs::Assault)
        );
        assert_eq!(
            labels::kind_of(&sc, "draw:pool:athens"),
            Some(Governs::NewBlocks)
        );
        assert_eq!(labels::kind_of(&sc, "something:else"), None);
    }

    /// 11.0 Zeus: the sacrifice must date from an earlier year; [A] `zeus_any_earlier_year`
    /// false: exactly the year before.
    #[test]
    fn zeus_needs_a_sacrifice_from_an_earlier_year() {
        let mut sc = Hellenes::load_scenario(HELLENES_431).unwrap();
        let mut st = State::start(&sc);
        st.year = 429;
        st.cards.hands.insert("athens".into(), vec!["C01".into()]);
        st.cards.deck = vec!["C02".into(), "C03".into()];
        st.standing.get_mut("athens").unwrap().appeals = vec![Appeal {
            olympian: "Zeus".into(),
            on: "*".into(),
            when: When::default(),
        }];
        let with = |year: i32| {
            let mut s = st.clone();
            s.sacrifices.insert(
                "athens".into(),
                vec![Sacrifice {
                    olympian: "Zeus".into(),
                    year,
                }],
            );
            s
        };
        // Made this year (429): no.
        assert!(zeus(&sc, &mut with(429), "athens", "deal:429").is_none());
        // 430 (the year before) and 431: yes.
        let mut s = with(430);
        assert!(zeus(&sc, &mut s, "athens", "deal:429").is_some());
        assert_eq!(s.cards.hands["athens"], vec!["C02".to_string()]);
        assert!(s.sacrifices.is_empty(), "the sacrifice is removed");
        assert!(zeus(&sc, &mut with(431), "athens", "deal:429").is_some());
        sc.params.olympians.zeus_any_earlier_year = false;
        assert!(zeus(&sc, &mut with(431), "athens", "deal:429").is_none());
        assert!(zeus(&sc, &mut with(430), "athens", "deal:429").is_some());
    }

    /// Adjudicated with the protocol's own dice (nothing forced): a field battle whose
    /// first Spartan roll is appealed. The report lists the battle's stream and the
    /// re-roll's, and a player's `verify --report` check recomputes both; a changed re-roll
    /// value fails it.
    #[test]
    fn a_rerolled_battle_verifies_from_the_report() {
        let sc = Hellenes::load_scenario(HELLENES_431).unwrap();
        let mut st = State::start(&sc);
        st.phase = Phase::PlayerTurn {
            side: "sparta".into(),
            first: true,
        };
        let play = |c: &str| Play {
            card: c.into(),
            played_for: PlayedFor::Action,
        };
        st.initiative = Some(Initiative {
            plays: [
                ("sparta".to_string(), play("C02")),
                ("athens".to_string(), play("C03")),
            ]
            .into_iter()
            .collect(),
            first: "sparta".into(),
        });
        st.standing.get_mut("athens").unwrap().fortify.insert(
            "Plataea".into(),
            crate::rules::hellenes::state::Fortify::Field,
        );
        st.standing.get_mut("sparta").unwrap().appeals = vec![Appeal {
            olympian: "Ares".into(),
            on: "battle:*".into(),
            when: When {
                my_hits_at_most: Some(3),
                ..When::default()
            },
        }];
        st.sacrifices.insert(
            "sparta".into(),
            vec![Sacrifice {
                olympian: "Ares".into(),
                year: 431,
            }],
        );
        let seed = crate::dice::sha256(b"reroll");
        let step = Hellenes::step(&sc, &st);
        let game = crate::game::GameFile {
            dikast: crate::game::FORMAT,
            rules: "hellenes".into(),
            scenario: crate::game::ScenarioRef {
                name: "hellenes-431".into(),
                sha256: crate::game::sha256_hex(HELLENES_431.as_bytes()),
                text: None,
            },
            game: "reroll".into(),
            turn: 3,
            step: step.title,
            awaiting: step.awaiting,
            dice: crate::game::DiceState {
                protocol: crate::dice::PROTOCOL.into(),
                chain_length: 16,
                commitment: crate::dice::to_hex(&crate::dice::Chain::Open.prev(&seed)),
                sealed_anchor: crate::dice::to_hex(&seed),
            },
            previous: None,
            deadline: None,
            state: st,
        };
        let bytes = crate::game::to_yaml(&game).into_bytes();
        let orders = format!(
            "game: reroll\nturn: 3\nside: sparta\nbased_on: {}\nactions:\n  - move: [SPA-11]\n    path: [Thebes, Plataea]\n",
            crate::game::sha256_hex(&bytes)
        );
        let inp = crate::pipeline::TurnInputs {
            next_deadline: None,
            game_name: "game.yaml".into(),
            game_bytes: bytes,
            orders: [
                ("athens".to_string(), None),
                (
                    "sparta".to_string(),
                    Some(("sparta.yaml".to_string(), orders.into_bytes())),
                ),
            ]
            .into_iter()
            .collect(),
            seed,
            sealed: Some(crate::dice::sha256(b"sealed")),
            fallback: false,
            forced: BTreeMap::new(),
        };
        let out = crate::pipeline::run_turn::<Hellenes>(&inp)
            .unwrap_or_else(|f| panic!("{}", f.render()));
        let report = &out.side_reports["athens"];
        assert!(report.contains("11.0 Sparta appeals to Ares"), "{report}");
        assert!(report.contains("`battle:Plataea#reroll-1`"), "{report}");
        let mut section = crate::report::parse_dice_section(report).unwrap().unwrap();
        let labels: Vec<&str> = section.events.iter().map(|e| e.label.as_str()).collect();
        assert!(
            labels.contains(&"battle:Plataea") && labels.contains(&"battle:Plataea#reroll-1"),
            "{labels:?}"
        );
        crate::verify::check_section(&section, "report-athens.md", None)
            .unwrap_or_else(|f| panic!("{}", f.render()));
        let e = section
            .events
            .iter_mut()
            .find(|e| e.label == "battle:Plataea#reroll-1")
            .unwrap();
        let d = e.d6.as_mut().unwrap();
        d[0] = if d[0] == 6 { 1 } else { d[0] + 1 };
        assert!(crate::verify::check_section(&section, "report-athens.md", None).is_err());
    }
}
