//! The siege orders of a Combat phase (8.0–8.3) and their checks against a side's view.
//!
//! ```yaml
//! combat:
//!   - assault: Plataea                              # 8.1
//!   - attrition: Potidaea                           # 8.2
//!   - sortie: { from: Mytilene, blocks: [SPA-7] }   # 8.3
//! ```
//! The season's `combat:` handler calls `check_item` for each of these keys. Every check
//! reads only the acting side's view (city sieges, its own blocks, the cards revealed this
//! season), so a diagnostic can never tell a player what his view does not show; each
//! cites its rule (7.4, 8.0, 8.1, 8.2, 8.3).

use super::context::Ctx;
use crate::engine::siege;
use crate::engine::siege::Refusal;
use crate::model::orders::SiegeOrder;
use crate::model::scenario::BlockKind;
use crate::model::scenario::Scenario;
use crate::model::sight;
use crate::model::sight::View;
use crate::model::sight::{Played, Sight};
use crate::model::state::Status;
use dikast_core::diag::{did_you_mean, Diagnostic, SourceFile};
use dikast_core::yaml::{Kind, Node};

/// The keys of `combat:` items this module handles.
pub const KEYS: [&str; 3] = ["assault", "attrition", "sortie"];

/// Checks one `combat:` item whose key is one of `KEYS`; `earlier` holds the siege orders
/// already accepted in the same list (one siege combat per city, one sortie per block).
/// Returns the order, or the diagnostics that reject it.
pub fn check_item(
    sc: &Scenario,
    view: &View,
    key: &str,
    value: &Node,
    earlier: &[SiegeOrder],
    file: &SourceFile,
) -> Result<SiegeOrder, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let order = match key.to_ascii_lowercase().as_str() {
        "assault" | "attrition" => {
            let assault = key.eq_ignore_ascii_case("assault");
            let Some(city) = city_name(sc, value, file, &mut diags) else {
                return Err(diags);
            };
            if let Err(r) = siege::may_siege_combat(sc, &Sight::from_view(sc, view), &city, assault)
            {
                diags.push(refusal(r, value, file));
                return Err(diags);
            }
            if let Some(prev) = earlier.iter().find(|o| {
                matches!(o, SiegeOrder::Assault { .. } | SiegeOrder::Attrition { .. })
                    && o.city() == city
            }) {
                let what = match prev {
                    SiegeOrder::Assault { .. } => "an assault",
                    _ => "siege attrition",
                };
                diags.push(
                    Diagnostic::new(
                        "orders::siege-combat-twice",
                        format!("{city} already has {what} ordered this turn"),
                    )
                    .at(file, value.span)
                    .label("second siege combat here")
                    .rule("rule 8.0: against each besieged city the active player may Assault or use Siege Attrition, once")
                    .help("keep one of the two orders"),
                );
                return Err(diags);
            }
            let s = Sight::from_view(sc, view);
            if assault
                && s.played == (Played::Event { treachery: true })
                && earlier
                    .iter()
                    .any(|o| matches!(o, SiegeOrder::Assault { .. }))
            {
                diags.push(
                    Diagnostic::new(
                        "orders::second-treachery-assault",
                        format!("Treachery allows one assault this turn; {city} would be a second"),
                    )
                    .at(file, value.span)
                    .label("a second assault")
                    .rule("rule 8.1: after an Event only the Treachery Event allows a (single, limited) assault")
                    .help(format!("write `- attrition: {city}` instead")),
                );
                return Err(diags);
            }
            if assault {
                SiegeOrder::Assault { city }
            } else {
                SiegeOrder::Attrition { city }
            }
        }
        "sortie" => check_sortie(sc, view, value, earlier, file, &mut diags).ok_or(diags)?,
        _ => unreachable!("check_item is called only for KEYS"),
    };
    Ok(order)
}

fn refusal(r: Refusal, node: &Node, file: &SourceFile) -> Diagnostic {
    r.diagnostic(file, node.span).label("not possible now")
}

/// A city named on the map, case-insensitive, with a "did you mean".
fn city_name(
    sc: &Scenario,
    node: &Node,
    file: &SourceFile,
    diags: &mut Vec<Diagnostic>,
) -> Option<String> {
    let Some(name) = node.as_str().filter(|_| !node.is_null()) else {
        diags.push(
            Diagnostic::new(
                "orders::type",
                format!("expected a city name here, found {}", node.describe()),
            )
            .at(file, node.span)
            .label("a city name expected"),
        );
        return None;
    };
    let t = name.trim();
    if let Some(a) = sc
        .areas
        .iter()
        .find(|a| a.city.is_some() && a.name.eq_ignore_ascii_case(t))
    {
        return Some(a.name.clone());
    }
    let hint = did_you_mean(
        t,
        sc.areas
            .iter()
            .filter(|a| a.city.is_some())
            .map(|a| a.name.as_str()),
    );
    let is_place = sc.areas.iter().any(|a| a.name.eq_ignore_ascii_case(t))
        || sc.seas.iter().any(|s| s.name.eq_ignore_ascii_case(t));
    diags.push(
        Diagnostic::new(
            "orders::unknown-city",
            format!("there is no city called `{t}` on the map"),
        )
        .at(file, node.span)
        .label(if is_place {
            "this place has no city"
        } else {
            "unknown city"
        })
        .rule("rule 8.0: siege combat is made against a besieged city")
        .help(match hint {
            Some(h) => format!("did you mean {h}?"),
            None => "names are as printed on the map; `dikast show` lists them".into(),
        }),
    );
    None
}

/// `sortie: { from: City, blocks: [ids] }`.
fn check_sortie(
    sc: &Scenario,
    view: &View,
    value: &Node,
    earlier: &[SiegeOrder],
    file: &SourceFile,
    diags: &mut Vec<Diagnostic>,
) -> Option<SiegeOrder> {
    let shape = format!(
        "write `sortie: {{ from: <city>, blocks: [{}] }}`",
        sight::example_block(view, false)
    );
    let Some(pairs) = value.as_map() else {
        diags.push(
            Diagnostic::new(
                "orders::type",
                format!("`sortie` takes a mapping, found {}", value.describe()),
            )
            .at(file, value.span)
            .help(&shape),
        );
        return None;
    };
    let mut from = None;
    let mut blocks_node = None;
    for (k, v) in pairs {
        match k.as_str().map(|s| s.to_ascii_lowercase()).as_deref() {
            Some("from") => from = Some(v),
            Some("blocks") => blocks_node = Some(v),
            _ => diags.push(
                Diagnostic::new(
                    "orders::unknown-key",
                    format!("`{}` is not part of `sortie`", k.as_str().unwrap_or("?")),
                )
                .at(file, k.span)
                .help("`sortie` takes `from` and `blocks`"),
            ),
        }
    }
    let (Some(from), Some(blocks_node)) = (from, blocks_node) else {
        diags.push(
            Diagnostic::new("orders::missing", "`sortie` needs `from` and `blocks`")
                .at(file, value.span)
                .rule("rule 8.3: some or all blocks besieged in a city may sortie")
                .help(&shape),
        );
        return None;
    };
    let city = city_name(sc, from, file, diags)?;
    let items: Vec<&Node> = match &blocks_node.kind {
        Kind::Seq(items) => items.iter().collect(),
        Kind::Scalar(..) if !blocks_node.is_null() => vec![blocks_node],
        _ => {
            diags.push(
                Diagnostic::new(
                    "orders::type",
                    format!(
                        "expected a list of block ids, found {}",
                        blocks_node.describe()
                    ),
                )
                .at(file, blocks_node.span)
                .help(&shape),
            );
            return None;
        }
    };
    let before = diags.len();
    let mut ids: Vec<String> = Vec::new();
    for n in items {
        let sortie = Sortie {
            view,
            city: &city,
            earlier,
            file,
        };
        if let Some(id) = sortie_block(sc, &sortie, n, &ids, diags) {
            ids.push(id);
        }
    }
    if diags.len() > before {
        return None;
    }
    if let Err(r) = siege::may_sortie(sc, &Sight::from_view(sc, view), &city, &ids) {
        diags.push(refusal(r, value, file));
        return None;
    }
    Some(SiegeOrder::Sortie { city, blocks: ids })
}

/// What one sortie block is checked against: the side's view, the city, the sorties
/// written before this one, the file.
struct Sortie<'a> {
    view: &'a View,
    city: &'a str,
    earlier: &'a [SiegeOrder],
    file: &'a SourceFile,
}

/// 8.3: one block of a sortie (`n`): one of the side's own, not already in a sortie
/// (`ids` so far, or an `earlier` order), and allowed to sortie from the city. Its id.
fn sortie_block(
    sc: &Scenario,
    sortie: &Sortie,
    n: &Node,
    ids: &[String],
    diags: &mut Vec<Diagnostic>,
) -> Option<String> {
    let Sortie {
        view,
        city,
        earlier,
        file,
    } = *sortie;
    let Some(id) = n.as_str().map(str::trim) else {
        diags.push(
            Diagnostic::new("orders::type", "expected a block id")
                .at(file, n.span)
                .label("a block id expected"),
        );
        return None;
    };
    // An enemy id is answered exactly like an unknown one.
    let Some(b) = view.blocks.iter().find(|b| b.id.eq_ignore_ascii_case(id)) else {
        let hint = did_you_mean(
            id,
            view.blocks
                .iter()
                .filter(|b| b.at == city)
                .map(|b| b.id.as_str()),
        );
        diags.push(
            Diagnostic::new("orders::unknown-block", format!("you have no block `{id}`"))
                .at(file, n.span)
                .label("not one of your blocks")
                .help(match hint {
                    Some(h) => format!("did you mean {h}?"),
                    None => "your view lists your blocks by id".into(),
                }),
        );
        return None;
    };
    if ids.contains(&b.id)
        || earlier
            .iter()
            .any(|o| matches!(o, SiegeOrder::Sortie { blocks, .. } if blocks.contains(&b.id)))
    {
        diags.push(
            Diagnostic::new(
                "orders::sortie-twice",
                format!("{} is already in a sortie this turn", b.id),
            )
            .at(file, n.span)
            .rule("rule 8.3: a besieged block sorties once, with the blocks declared at the start of the Combat phase"),
        );
        return None;
    }
    if let Err(r) = siege::may_sortie(
        sc,
        &Sight::from_view(sc, view),
        city,
        std::slice::from_ref(&b.id),
    ) {
        let mut d = refusal(r, n, file);
        if d.code == "orders::not-besieged-there" && b.status == Status::Field {
            d = d.help(format!(
                "{} is outside the walls: it fights the besiegers by moving into {city}'s area, not by a sortie (5.4.2)",
                b.id
            ));
        }
        diags.push(d);
        return None;
    }
    Some(b.id.clone())
}

/// `standing: { escape: { Mytilene: [ATH-F8, ATH-12] } }` (8.1.2): per port, the fleets
/// that sail out to its offshore sea if the port is assaulted, and the land blocks they
/// carry. Checked against the side's view: a port, its own blocks, at least one fleet.
pub fn check_escape(
    cx: &mut super::context::Ctx,
    v: &Node,
) -> Option<std::collections::BTreeMap<String, Vec<String>>> {
    let shape = format!(
        "write `escape: {{ <port>: [{}, {}] }}`: per port, the fleets and the land blocks they carry",
        sight::example_block(cx.view, true),
        sight::example_block(cx.view, false)
    );
    let Some(pairs) = v.as_map() else {
        let d = cx.err(
            "orders::type",
            v,
            format!(
                "`escape` takes a mapping of port: blocks, found {}",
                v.describe()
            ),
        );
        d.help = Some(shape.clone());
        return None;
    };
    let before = cx.diags.len();
    let mut out = std::collections::BTreeMap::new();
    for (c, list) in pairs {
        let Some(city) = cx.city(c) else { continue };
        if siege::offshore(cx.sc, &city).is_none() {
            let d = cx.err(
                "orders::not-a-port",
                c,
                format!("{city} is not a port: no fleet can sail out of it"),
            );
            d.rule =
                Some("rule 8.1.2: besieged fleets may retreat to the port's offshore sea".into());
            continue;
        }
        let items: Vec<&Node> = match &list.kind {
            Kind::Seq(items) => items.iter().collect(),
            Kind::Scalar(..) if !list.is_null() => vec![list],
            _ => {
                let d = cx.err(
                    "orders::type",
                    list,
                    format!("expected a list of block ids, found {}", list.describe()),
                );
                d.help = Some(shape.clone());
                continue;
            }
        };
        let mut ids = Vec::new();
        for n in items {
            if let Some(id) = cx.own_block(n) {
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
        }
        let fleet = ids.iter().any(|id| {
            cx.view
                .blocks
                .iter()
                .any(|b| &b.id == id && b.kind == BlockKind::Fleet)
        });
        if !ids.is_empty() && !fleet {
            let d = cx.err(
                "orders::escape-without-fleet",
                list,
                format!("no fleet is named to sail out of {city}"),
            );
            d.rule = Some(
                "rule 8.1.2: besieged land blocks cannot retreat, except carried on retreating fleets"
                    .into(),
            );
            d.help = Some(shape.clone());
            continue;
        }
        out.insert(city, ids);
    }
    (cx.diags.len() == before).then_some(out)
}

/// Checks `combat:`, in a player turn (`winter: false`: 8.0–8.3) or in Winter (sorties,
/// 8.3, the first winter combat phase; attrition, 8.2, the second; an assault only with
/// [A] `params.winter.assault`): each item is one siege order, checked by `check_item`.
pub fn check_combat(cx: &mut Ctx, v: &Node, winter: bool) -> Vec<SiegeOrder> {
    let mut out = Vec::new();
    let (example, kinds, moves) = if winter {
        (
            "e.g. `- attrition: Plataea`",
            "attrition, sortie",
            "winter:",
        )
    } else {
        (
            "e.g. `- assault: Plataea`",
            "assault, attrition, sortie",
            "actions:",
        )
    };
    let Some(items) = v.as_seq() else {
        let found = v.describe();
        let d = cx.err(
            "orders::type",
            v,
            format!("`combat` takes a list, found {found}"),
        );
        d.help = Some(example.into());
        return out;
    };
    for item in items {
        let Some(((k, val), rest)) = item.as_map().and_then(|m| m.split_first()) else {
            let d = cx.err(
                "orders::type",
                item,
                format!("a combat order is one of {kinds}: e.g. `sortie: {{ from: <city>, blocks: [...] }}`"),
            );
            d.rule = Some(if winter {
                "rule 9.x: the two winter combat phases (sorties, then siege combat)".into()
            } else {
                "rule 8.0: siege combat".into()
            });
            continue;
        };
        if let Some((k2, _)) = rest.first() {
            cx.err("orders::unknown-key", k2, "one combat order per list item");
            continue;
        }
        let key = k.as_str().unwrap_or("?").to_ascii_lowercase();
        if !KEYS.contains(&key.as_str()) {
            let d = cx.err(
                "orders::unknown-combat",
                k,
                format!("`{key}` is not a combat order"),
            );
            d.help = Some(match did_you_mean(&key, KEYS) {
                Some(h) => format!("did you mean `{h}`?"),
                None => format!("combat orders are: {kinds}; moves go under `{moves}`"),
            });
            continue;
        }
        if winter && key == "assault" && !cx.sc.params.winter.assault {
            let city = val.as_str().unwrap_or("<city>").trim().to_string();
            let d = cx.err(
                "orders::winter-assault",
                k,
                "no assault in Winter: the besiegers' winter siege combat is siege attrition",
            );
            d.label = Some("not in Winter".into());
            d.rule = Some("rule 9.x [A] params.winter.assault: the second winter combat phase is siege attrition (8.1: assaults in Action turns only; no card is played in Winter)".into());
            d.help = Some(format!(
                "write `- attrition: {city}` (in Winter each 1–3 hits, 8.2)"
            ));
            continue;
        }
        match check_item(cx.sc, cx.view, &key, val, &out, cx.file) {
            Ok(o) => {
                // 8.2.1: in a player turn, attrition against a port the side's own
                // actions leave unblockaded is refused (`actions::blockade_left`).
                if let (false, SiegeOrder::Attrition { city }) = (winter, &o) {
                    if let Some(d) = super::actions::blockade_left(cx, city, val) {
                        cx.diags.push(d);
                        continue;
                    }
                }
                out.push(o)
            }
            Err(ds) => cx.diags.extend(ds),
        }
    }
    out
}
