//! 7.1 Fortify with named blocks: `standing: { fortify: { Amphipolis: [ATH-5, ATH-14] } }`.
//! Who withdraws into the walls is the defender's choice (7.1); the list names the blocks
//! that withdraw, in order, up to the city's capacity; the others meet the enemy in the
//! field. Checked against the side's view only (its own blocks and cities).

use super::context::Ctx;
use dikast_core::yaml::Node;

/// The city and the blocks of a `fortify` entry written as a list, or `None` after its
/// diagnostics. `city` is the entry's key already checked (`None`: an unknown city,
/// already reported).
pub fn blocks(
    cx: &mut Ctx,
    key: &Node,
    city: Option<String>,
    list: &Node,
) -> Option<(String, Vec<String>)> {
    let before = cx.diags.len();
    let mut ids: Vec<String> = Vec::new();
    for n in list.as_seq().unwrap_or_default() {
        let Some(id) = cx.own_block(n) else { continue };
        let garrison = cx.view.blocks.iter().any(|b| b.id == id && b.is_garrison());
        if garrison {
            let d = cx.err(
                "orders::fortify-garrison",
                n,
                format!("{id} is a garrison: it is always inside its city"),
            );
            d.label = Some("a garrison".into());
            d.rule = Some("rule 7.3: a garrison only defends its city, from inside".into());
            continue;
        }
        if ids.contains(&id) {
            let d = cx.err(
                "orders::duplicate-block",
                n,
                format!("{id} is named twice for this city"),
            );
            d.rule = Some("rule 7.1: each block withdraws into the walls once".into());
            continue;
        }
        ids.push(id);
    }
    let city = city?;
    let controlled = cx
        .view
        .cities
        .iter()
        .find(|x| x.name == city)
        .is_none_or(|cs| cs.control == cx.view.side);
    if !controlled {
        let d = cx.err(
            "orders::not-your-city",
            key,
            format!("you do not control {city}"),
        );
        d.rule = Some("rule 7.1: only a city's defenders decide to fortify".into());
    }
    (cx.diags.len() == before).then_some((city, ids))
}
