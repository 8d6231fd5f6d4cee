//! Appeals to the Olympians (11.0) as order forms: `standing: { appeals: [...] }` and the
//! Olympian a New Year sacrifice names, checked against the scenario's Olympians and the
//! labels a game of this scenario can have.

use crate::games::hellenes::engine::olympians::find;
use crate::games::hellenes::model::appeal::any_label;
use crate::games::hellenes::model::appeal::Appeal;
use crate::games::hellenes::model::appeal::Role;
use crate::games::hellenes::model::appeal::When;
use crate::games::hellenes::model::dice;
use crate::games::hellenes::model::params::Governs;
use crate::games::hellenes::model::params::OlympianDef;
/// The Olympian an order names, or a diagnostic citing `rule` with the scenario's names
/// and a "did you mean" (New Year sacrifices and appeals both name Olympians).
pub fn named<'a>(
    cx: &mut super::context::Ctx<'a>,
    val: &crate::yaml::Node,
    rule: &str,
) -> Option<&'a OlympianDef> {
    let name = cx.text(val, "an Olympian's name")?;
    let sc = cx.sc;
    // The scenario's name, or the Russian one the Russian reports print.
    let named = find(sc, name).or_else(|| {
        sc.params
            .olympians
            .gods
            .iter()
            .find(|o| super::names::same(name, &o.name))
    });
    if let Some(o) = named {
        return Some(o);
    }
    let names: Vec<&str> = sc
        .params
        .olympians
        .gods
        .iter()
        .map(|o| o.name.as_str())
        .collect();
    let hint = crate::diag::did_you_mean(
        name,
        names
            .iter()
            .copied()
            .chain(names.iter().filter_map(|n| super::names::russian(n))),
    );
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

/// `standing: appeals: [...]` (11.0), checked against the side's view: each appeal names an
/// Olympian of the scenario, a label pattern that some result that Olympian governs can
/// match, and conditions that fit it (docs/orders.md "Appeals").
pub fn check_appeals(cx: &mut super::context::Ctx, v: &crate::yaml::Node) -> Option<Vec<Appeal>> {
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

fn check_appeal(cx: &mut super::context::Ctx, v: &crate::yaml::Node) -> Option<Appeal> {
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
    let mut role: Option<(Role, &crate::yaml::Node)> = None;
    let mut when_nodes: Vec<(&str, &crate::yaml::Node)> = Vec::new();
    let mut ok = true;
    for (k, val) in pairs {
        match k.as_str().map(|s| s.to_ascii_lowercase()).as_deref() {
            Some("olympian") => match named(cx, val, rule) {
                Some(o) => olympian = Some(o),
                None => ok = false,
            },
            Some("as") => match val
                .as_str()
                .map(|s| s.trim().to_ascii_lowercase())
                .as_deref()
            {
                Some("attacker") => role = Some((Role::Attacker, val)),
                Some("defender") => role = Some((Role::Defender, val)),
                _ => {
                    let d = cx.err("orders::bad-value", val, "`as` is `attacker` or `defender`");
                    d.rule = Some(rule.into());
                    ok = false;
                }
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
                    let number = |cx: &mut super::context::Ctx| -> Option<u32> {
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
                let hint = crate::diag::did_you_mean(&key, ["olympian", "on", "as", "when"]);
                let d = cx.err(
                    "orders::unknown-key",
                    k,
                    format!("`{key}` is not part of an appeal"),
                );
                d.help = Some(match hint {
                    Some(h) => format!("did you mean `{h}`?"),
                    None => "an appeal takes `olympian`, `on`, `as` and `when`".into(),
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
            let d = cx.err("orders::missing", v, "an appeal needs `olympian`");
            d.rule = Some(rule.into());
            d.help = Some(format!("the Olympians: {}", names.join(", ")));
        }
        return None;
    };
    let sc = cx.sc;
    // The pattern must fit some result the Olympian governs.
    if let Some((p, node)) = &on {
        let labels = dice::labels_of(sc, o.governs);
        if !labels.iter().any(|l| dice::matches(p, l)) {
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
    // `as` speaks of a battle's attacker and defender.
    if let Some((_, node)) = role {
        if !matches!(
            o.governs,
            Governs::LandBattle | Governs::NavalBattle | Governs::Assault
        ) {
            let d = cx.err(
                "orders::bad-condition",
                node,
                format!("`as` says nothing about {}", o.governs.words()),
            );
            d.label = Some(format!("not a condition for {}", o.name));
            d.rule = Some(rule.into());
            d.help = Some(
                "`as: attacker | defender` is for battle Olympians (Ares, Poseidon, Athena)".into(),
            );
            ok = false;
        }
    }
    if when.mine_only() && when.enemy_only() {
        let d = cx.err(
            "orders::bad-condition",
            v,
            "a result is either yours or the enemy's: `my_…` and `enemy_…` conditions never hold together",
        );
        d.rule = Some(rule.into());
        d.help = Some("write two appeals instead".into());
        ok = false;
    }
    ok.then(|| Appeal {
        olympian: o.name.clone(),
        on: on.map(|(p, _)| p).unwrap_or_else(any_label),
        when,
        role: role.map(|(r, _)| r),
    })
}
