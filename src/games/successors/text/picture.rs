//! The map picture of a view (MapPicture): spaces with their control and sieges, seas,
//! roads, straits and coasts, every army (armies are open in Successors) and the
//! independent armies, and the player's notes. Built from the view alone.

use super::words;
use crate::games::successors::model::scenario::Scenario;
use crate::games::successors::model::sight::View;
use crate::games::successors::model::state::INDEPENDENT;
use crate::lang::Lang;
use crate::map::{AreaMark, BlockMark, CityMark, Link, LinkKind, MapPicture, SeaMark};

pub fn picture(sc: &Scenario, v: &View) -> MapPicture {
    let st = v.as_state();
    let mut sides: Vec<(String, String)> = v
        .players
        .iter()
        .map(|p| (p.clone(), words::player(sc, p, Lang::En)))
        .collect();
    sides.push((INDEPENDENT.to_string(), "Independent".to_string()));
    let areas = sc
        .spaces
        .iter()
        .map(|s| {
            let ss = v.spaces.iter().find(|x| x.id == s.id);
            let control = ss
                .and_then(|x| x.control.clone())
                .unwrap_or_else(|| "neutral".to_string());
            let siege = ss.and_then(|x| {
                x.besieger
                    .clone()
                    .map(|b| (b, format!("{} siege points", x.siege_points)))
            });
            AreaMark {
                name: s.id.clone(),
                region: s.region.clone(),
                xy: s.xy,
                city: Some(CityMark {
                    value: sc.params.siege.needed(s.kind),
                    offshore: sc
                        .seas
                        .iter()
                        .find(|sea| sea.ports.contains(&s.id))
                        .map(|sea| sea.id.clone()),
                    control: control.clone(),
                    loyalty: control,
                    siege,
                    blockade: None,
                }),
            }
        })
        .collect();
    let mut links: Vec<Link> = sc
        .land
        .iter()
        .map(|[a, b]| Link {
            kind: LinkKind::Land,
            a: a.clone(),
            b: b.clone(),
        })
        .collect();
    for s in &sc.straits {
        links.push(Link {
            kind: LinkKind::Land,
            a: s.a.clone(),
            b: s.b.clone(),
        });
    }
    for sea in &sc.seas {
        for p in &sea.ports {
            links.push(Link {
                kind: LinkKind::Coast,
                a: p.clone(),
                b: sea.id.clone(),
            });
        }
    }
    let mut blocks: Vec<BlockMark> = v
        .armies
        .iter()
        .map(|a| BlockMark {
            id: a.general.clone(),
            side: a.player.clone(),
            name: a.general.clone(),
            kind: "army".to_string(),
            steps: a.cus,
            max: a.cus.max(1),
            rating: sc
                .general(&a.general)
                .map(|g| format!("B{} AP{}", g.battle, g.action_points))
                .unwrap_or_default(),
            at: a.at.clone(),
            besieged: a.inside && st.besieged(&a.at),
        })
        .collect();
    for i in v
        .independents
        .iter()
        .filter(|i| !i.removed && sc.space(&i.at).is_some())
    {
        blocks.push(BlockMark {
            id: i.id.clone(),
            side: INDEPENDENT.to_string(),
            name: words::independent(sc, &i.id, Lang::En),
            kind: "independent army".to_string(),
            steps: i.cus,
            max: i.cus.max(1),
            rating: sc
                .independent(&i.id)
                .map(|d| format!("B{}", d.battle))
                .unwrap_or_default(),
            at: i.at.clone(),
            besieged: false,
        });
    }
    let mut notes = vec![format!(
        "Game turn {}, round {}",
        words::roman(v.game_turn),
        v.round
    )];
    for p in &v.players {
        notes.push(format!(
            "{}: {} VP",
            words::player(sc, p, Lang::En),
            st.vp(sc, p)
        ));
    }
    notes.push(format!("Your hand: {}", v.hand.join(", ")));
    for i in v
        .independents
        .iter()
        .filter(|i| !i.removed && sc.off_box(&i.at).is_some())
    {
        notes.push(format!(
            "{} in the {} box ({} CUs)",
            words::independent(sc, &i.id, Lang::En),
            i.at,
            i.cus
        ));
    }
    MapPicture {
        title: sc.title.clone(),
        side: v.me.clone(),
        sides,
        areas,
        seas: sc
            .seas
            .iter()
            .map(|s| SeaMark {
                name: s.id.clone(),
                xy: s.xy,
            })
            .collect(),
        links,
        blocks,
        hidden: Vec::new(),
        notes,
        dress: Default::default(),
    }
}
