//! Appeals to the Olympians (11.0) as order forms: `standing: { appeals: [...] }` and the
//! Olympian a New Year sacrifice names, checked against the scenario's Olympians and the
//! labels a game of this scenario can have.

use crate::engine::olympians::find;
use crate::model::appeal::any_label;
use crate::model::appeal::Appeal;
use crate::model::appeal::Role;
use crate::model::appeal::When;
use crate::model::dice;
use crate::model::params::Governs;
use crate::model::params::OlympianDef;
/// The Olympian an order names, or a diagnostic citing `rule` with the scenario's names
/// and a "did you mean" (New Year sacrifices and appeals both name Olympians).
pub fn named<'a>(
    cx: &mut super::context::Ctx<'a>,
    val: &dikast_core::yaml::Node,
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
    let hint = dikast_core::diag::did_you_mean(
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
pub fn check_appeals(
    cx: &mut super::context::Ctx,
    v: &dikast_core::yaml::Node,
) -> Option<Vec<Appeal>> {
    use dikast_core::yaml::Kind;
    let before = cx.diags.len();
    let items: Vec<&dikast_core::yaml::Node> = match &v.kind {
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

/// What an appeal's keys said, gathered before the checks that need its Olympian.
struct Draft<'a, 'n> {
    olympian: Option<&'a OlympianDef>,
    on: Option<(String, &'n dikast_core::yaml::Node)>,
    when: When,
    role: Option<(Role, &'n dikast_core::yaml::Node)>,
    /// Each condition written, with its key node, for the check that it fits the Olympian.
    when_nodes: Vec<(&'static str, &'n dikast_core::yaml::Node)>,
    ok: bool,
}

const APPEAL_RULE: &str = "rule 11.0: an appeal names the Olympian with your sacrifice, the results it may re-roll (`on`) and when (`when`)";

fn check_appeal(cx: &mut super::context::Ctx, v: &dikast_core::yaml::Node) -> Option<Appeal> {
    let rule = APPEAL_RULE;
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
    let mut a = Draft {
        olympian: None,
        on: None,
        when: When::default(),
        role: None,
        when_nodes: Vec::new(),
        ok: true,
    };
    for (k, val) in pairs {
        match k.as_str().map(|s| s.to_ascii_lowercase()).as_deref() {
            Some("olympian") => match named(cx, val, rule) {
                Some(o) => a.olympian = Some(o),
                None => a.ok = false,
            },
            Some("as") => match appeal_role(cx, val) {
                Some(r) => a.role = Some((r, val)),
                None => a.ok = false,
            },
            Some("on") => match cx.text(val, "a dice label, `*` for any text") {
                Some(p) => a.on = Some((p.trim().to_string(), val)),
                None => a.ok = false,
            },
            Some("when") => check_when(cx, val, &mut a),
            _ => {
                unknown_appeal_key(cx, k);
                a.ok = false;
            }
        }
    }
    let Some(o) = a.olympian else {
        if v.get("olympian").is_none() {
            missing_olympian(cx, v);
        }
        return None;
    };
    a.ok &= on_fits(cx, o, &a.on);
    a.ok &= conditions_fit(cx, o, &a.when_nodes);
    a.ok &= role_fits(cx, o, &a.role);
    if a.when.mine_only() && a.when.enemy_only() {
        let d = cx.err(
            "orders::bad-condition",
            v,
            "a result is either yours or the enemy's: `my_…` and `enemy_…` conditions never hold together",
        );
        d.rule = Some(rule.into());
        d.help = Some("write two appeals instead".into());
        a.ok = false;
    }
    a.ok.then(|| Appeal {
        olympian: o.name.clone(),
        on: a.on.map(|(p, _)| p).unwrap_or_else(any_label),
        when: a.when,
        role: a.role.map(|(r, _)| r),
    })
}

/// `as: attacker | defender`, or a diagnostic.
fn appeal_role(cx: &mut super::context::Ctx, val: &dikast_core::yaml::Node) -> Option<Role> {
    match val
        .as_str()
        .map(|s| s.trim().to_ascii_lowercase())
        .as_deref()
    {
        Some("attacker") => Some(Role::Attacker),
        Some("defender") => Some(Role::Defender),
        _ => {
            let d = cx.err("orders::bad-value", val, "`as` is `attacker` or `defender`");
            d.rule = Some(APPEAL_RULE.into());
            None
        }
    }
}

/// A key an appeal does not take, with a "did you mean".
fn unknown_appeal_key(cx: &mut super::context::Ctx, k: &dikast_core::yaml::Node) {
    let key = k.as_str().unwrap_or("?").to_string();
    let hint = dikast_core::diag::did_you_mean(&key, ["olympian", "on", "as", "when"]);
    let d = cx.err(
        "orders::unknown-key",
        k,
        format!("`{key}` is not part of an appeal"),
    );
    d.help = Some(match hint {
        Some(h) => format!("did you mean `{h}`?"),
        None => "an appeal takes `olympian`, `on`, `as` and `when`".into(),
    });
}

/// `when: { condition: value, … }`: each condition into `a.when`, its key node into
/// `a.when_nodes`.
fn check_when<'n>(
    cx: &mut super::context::Ctx,
    val: &'n dikast_core::yaml::Node,
    a: &mut Draft<'_, 'n>,
) {
    let Some(conds) = val.as_map() else {
        let found = val.describe();
        let d = cx.err(
            "orders::type",
            val,
            format!("`when` takes a mapping of conditions, found {found}"),
        );
        d.help = Some(format!("conditions: {}", WHEN_KEYS.join(", ")));
        a.ok = false;
        return;
    };
    for (ck, cv) in conds {
        check_condition(cx, ck, cv, a);
    }
}

/// One condition of `when:`: a whole number, or for `drawn` the player's own blocks.
fn check_condition<'n>(
    cx: &mut super::context::Ctx,
    ck: &'n dikast_core::yaml::Node,
    cv: &'n dikast_core::yaml::Node,
    a: &mut Draft<'_, 'n>,
) {
    use dikast_core::yaml::Kind;
    let key = ck
        .as_str()
        .map(|s| s.to_ascii_lowercase())
        .unwrap_or_default();
    let slot = match key.as_str() {
        "my_hits_at_most" => &mut a.when.my_hits_at_most,
        "my_routs_at_most" => &mut a.when.my_routs_at_most,
        "enemy_hits_at_least" => &mut a.when.enemy_hits_at_least,
        "enemy_routs_at_least" => &mut a.when.enemy_routs_at_least,
        "hand_value_at_most" => &mut a.when.hand_value_at_most,
        "drawn" => {
            let ids: Vec<&dikast_core::yaml::Node> = match &cv.kind {
                Kind::Seq(items) => items.iter().collect(),
                _ => vec![cv],
            };
            for n in ids {
                match cx.own_block(n) {
                    Some(id) => a.when.drawn.push(id),
                    None => a.ok = false,
                }
            }
            a.when_nodes.push(("drawn", ck));
            return;
        }
        _ => {
            let k = ck.as_str().unwrap_or("?").to_string();
            let hint = dikast_core::diag::did_you_mean(&k, WHEN_KEYS);
            let d = cx.err(
                "orders::unknown-key",
                ck,
                format!("`{k}` is not a condition of an appeal"),
            );
            d.rule = Some(APPEAL_RULE.into());
            d.help = Some(match hint {
                Some(h) => format!("did you mean `{h}`?"),
                None => format!("conditions: {}", WHEN_KEYS.join(", ")),
            });
            a.ok = false;
            return;
        }
    };
    match cv.as_str().and_then(|s| s.trim().parse::<u32>().ok()) {
        Some(n) => *slot = Some(n),
        None => {
            let d = cx.err(
                "orders::bad-value",
                cv,
                format!("`{key}` takes a whole number (0 or more)"),
            );
            d.rule = Some(APPEAL_RULE.into());
            a.ok = false;
        }
    }
    a.when_nodes.push((
        WHEN_KEYS
            .iter()
            .find(|x| **x == key)
            .copied()
            .unwrap_or("?"),
        ck,
    ));
}

/// An appeal without `olympian`: the scenario's Olympians to choose from.
fn missing_olympian(cx: &mut super::context::Ctx, v: &dikast_core::yaml::Node) {
    let sc = cx.sc;
    let names: Vec<&str> = sc
        .params
        .olympians
        .gods
        .iter()
        .map(|o| o.name.as_str())
        .collect();
    let d = cx.err("orders::missing", v, "an appeal needs `olympian`");
    d.rule = Some(APPEAL_RULE.into());
    d.help = Some(format!("the Olympians: {}", names.join(", ")));
}

/// The pattern must fit some result the Olympian governs.
fn on_fits(
    cx: &mut super::context::Ctx,
    o: &OlympianDef,
    on: &Option<(String, &dikast_core::yaml::Node)>,
) -> bool {
    let Some((p, node)) = on else {
        return true;
    };
    let labels = dice::labels_of(cx.sc, o.governs);
    if labels.iter().any(|l| dice::matches(p, l)) {
        return true;
    }
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
    d.rule = Some(APPEAL_RULE.into());
    d.help = Some(format!(
        "{}'s results have labels like `{}`; `*` stands for any text",
        o.name,
        labels.first().cloned().unwrap_or_default()
    ));
    false
}

/// The conditions must fit the kind of result.
fn conditions_fit(
    cx: &mut super::context::Ctx,
    o: &OlympianDef,
    when_nodes: &[(&str, &dikast_core::yaml::Node)],
) -> bool {
    let mut ok = true;
    for (key, node) in when_nodes {
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
            d.rule = Some(APPEAL_RULE.into());
            d.help = Some(match o.governs {
                Governs::Deal => "Zeus's condition is `hand_value_at_most` (the Action values of your six new cards)".into(),
                Governs::NewBlocks => "Apollo's condition is `drawn: [ids]` (your block drawn is one of these); without it the first new block (yours or the enemy's) is redrawn".into(),
                _ => "hits and routs of a roll: `my_hits_at_most`, `enemy_hits_at_least` (and routs in battles)".into(),
            });
            ok = false;
        }
    }
    ok
}

/// `as` speaks of a battle's attacker and defender.
fn role_fits(
    cx: &mut super::context::Ctx,
    o: &OlympianDef,
    role: &Option<(Role, &dikast_core::yaml::Node)>,
) -> bool {
    let Some((_, node)) = role else {
        return true;
    };
    if matches!(
        o.governs,
        Governs::LandBattle | Governs::NavalBattle | Governs::Assault
    ) {
        return true;
    }
    let d = cx.err(
        "orders::bad-condition",
        node,
        format!("`as` says nothing about {}", o.governs.words()),
    );
    d.label = Some(format!("not a condition for {}", o.name));
    d.rule = Some(APPEAL_RULE.into());
    d.help =
        Some("`as: attacker | defender` is for battle Olympians (Ares, Poseidon, Athena)".into());
    false
}

#[cfg(test)]
mod tests {
    use crate::check::orders;
    use crate::model::scenario::Scenario;
    use crate::model::scenario::HELLENES_431;
    use crate::model::sight;
    use crate::model::state::{Phase, State};
    use dikast_core::diag::SourceFile;

    /// The checks against the Olympian (what it governs, `as`, mine and the enemy's) speak
    /// beside the shape's diagnostics (tests/schema.rs), in the file's order.
    #[test]
    fn every_appeal_check_speaks_in_order() {
        let sc = Scenario::load(HELLENES_431).unwrap();
        let mut st = State::start(&sc);
        st.phase = Phase::NewYear;
        let v = sight::view(&sc, &st, "athens");
        let text = "standing:\n  appeals:\n    - { olympian: Zeus, on: \"battle:*\", as: attacker, when: { my_hits_at_most: 0, drawn: [], hits: 1 } }\n    - { on: \"*\", when: { enemy_hits_at_least: x } }\n    - { olympian: Ares, as: both, whn: {} , when: 3 }\n    - { olympian: Ares, when: { my_hits_at_most: 1, enemy_hits_at_least: 2 } }\n    - 7\n";
        let file = SourceFile::new("athens.yaml", text);
        let root = dikast_core::yaml::parse(&file).unwrap();
        let checked = orders::check(&sc, &v, root.as_map().unwrap(), &file);
        let shown: Vec<String> = checked
            .problems
            .iter()
            .map(|d| format!("{} {}", d.code, d.message))
            .collect();
        assert_eq!(
            shown,
            [
                "orders::appeal-never-applies Zeus governs the cards dealt at the year's start: `battle:*` names none of them",
                "orders::bad-condition `as` says nothing about the cards dealt at the year's start",
                "orders::bad-condition `my_hits_at_most` says nothing about the cards dealt at the year's start",
                "orders::type `standing`: `appeals`: `when`: `drawn`: name at least one",
                "orders::unknown-key `hits` is not part of `standing`: `appeals`: `when`",
                "orders::missing-key `standing`: `appeals` needs `olympian`",
                "orders::type `standing`: `appeals`: `when`: `enemy_hits_at_least`: expected a whole number of at least 0, found a single value",
                "orders::type `standing`: `appeals`: `as`: `both` is not one of attacker, defender",
                "orders::unknown-key `whn` is not part of `standing`: `appeals`",
                "orders::type `standing`: `appeals`: `when`: expected a mapping, found a single value",
                "orders::bad-condition a result is either yours or the enemy's: `my_…` and `enemy_…` conditions never hold together",
                "orders::type `standing`: `appeals`: expected a mapping, found a single value",
            ],
            "{shown:#?}"
        );
    }
}
