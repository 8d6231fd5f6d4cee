//! The Hellenes map as drawing data (`Rules::map`): places, links, cities with control,
//! loyalty, sieges and blockades, and blocks as one side may see them.
//!
//! Built from the scenario (geography) and the side's `View` only, never from the game
//! state: the view already holds enemy blocks as position and count, so nothing here can
//! leak their identities or strengths. `crate::map` does the drawing.

use super::words::side_name;
use crate::game::Seen;
use crate::games::hellenes::model::battle::BattleOutcome;
use crate::games::hellenes::model::events::season::SeasonEvent;
use crate::games::hellenes::model::events::siege::{BattleKind, SiegeEvent};
use crate::games::hellenes::model::events::winter::WinterEvent;
use crate::games::hellenes::model::events::Event;
use crate::games::hellenes::model::scenario::Scenario;
use crate::games::hellenes::model::sight::View;
use crate::games::hellenes::model::state::Phase;
use crate::games::hellenes::model::state::Status;
use crate::games::hellenes::text::words::{self, Case};
use crate::lang::Lang;
use crate::map::{
    AreaMark, BlockMark, CityMark, Dress, Glyph, HiddenGroup, LegendRow, Link, LinkKind,
    MapPicture, Roster, SeaMark,
};
use std::collections::{BTreeMap, BTreeSet};

/// The picture of the map as `v.side` may see it.
pub fn picture(sc: &Scenario, v: &View) -> MapPicture {
    picture_in(sc, v, Lang::En)
}

/// The picture with its position notes in `lang` (the reader's: `show --lang`, the mail).
pub fn picture_in(sc: &Scenario, v: &View, lang: Lang) -> MapPicture {
    // Who has blocks at each sea, as far as this side can tell. A block at sea is a fleet
    // (land blocks only cross the sea carried), so an enemy count at sea is a fleet count.
    let mut at_sea: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for b in v.blocks.iter().filter(|b| b.status.on_map()) {
        if sc.sea(&b.at).is_some() {
            at_sea.entry(&b.at).or_default().insert(&b.side);
        }
    }
    let enemies: Vec<&str> = sc
        .sides
        .iter()
        .map(|s| s.id.as_str())
        .filter(|s| *s != v.side)
        .collect();
    // The view gives enemy groups without a side; with one enemy it is that side. With
    // more (not in Hellenes) the groups are drawn as "enemy" in grey.
    let enemy = match enemies.as_slice() {
        [one] => one.to_string(),
        _ => "enemy".to_string(),
    };
    for g in v.enemy.iter().filter(|g| g.count > 0) {
        if sc.sea(&g.at).is_some() {
            at_sea.entry(&g.at).or_default().insert(&enemy);
        }
    }

    let areas = sc
        .areas
        .iter()
        .map(|a| {
            let city = a.city.as_ref().map(|c| {
                let cs = v.cities.iter().find(|x| x.name == a.name);
                let control = cs
                    .map(|x| x.control.clone())
                    .unwrap_or_else(|| c.loyalty.clone());
                let loyalty = cs
                    .map(|x| x.loyalty.clone())
                    .unwrap_or_else(|| c.loyalty.clone());
                let siege = cs.and_then(|x| x.siege.as_ref()).map(|s| {
                    (
                        s.besieger.clone(),
                        format!("{} {} BC", s.season.name(), s.year),
                    )
                });
                // 8.2.1 Blockade: a port is blockaded when an enemy fleet is in its
                // offshore sea. A besieger's fleet there blockades the besieged city;
                // otherwise any other side's fleet blockades a side's city. A neutral
                // city nobody besieges has no enemy, so no blockade.
                let blockade = c.offshore.as_ref().and_then(|off| {
                    let there = at_sea.get(off.as_str())?;
                    match &siege {
                        Some((by, _)) if there.contains(by.as_str()) => Some(by.clone()),
                        _ if control == "neutral" => None,
                        _ => there.iter().find(|s| **s != control).map(|s| s.to_string()),
                    }
                });
                CityMark {
                    value: c.value,
                    offshore: c.offshore.clone(),
                    control,
                    loyalty,
                    siege,
                    blockade,
                }
            });
            AreaMark {
                name: a.name.clone(),
                region: a.region.clone(),
                xy: a.xy,
                city,
            }
        })
        .collect();

    let seas = sc
        .seas
        .iter()
        .map(|s| SeaMark {
            name: s.name.clone(),
            xy: s.xy,
        })
        .collect();

    // Each adjacency once, in a fixed order.
    let mut links = BTreeSet::new();
    let pair = |kind, a: &str, b: &str| {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        Link {
            kind,
            a: a.to_string(),
            b: b.to_string(),
        }
    };
    for a in &sc.areas {
        for n in &a.land {
            links.insert(pair(LinkKind::Land, &a.name, n));
        }
        for s in &a.seas {
            links.insert(Link {
                kind: LinkKind::Coast,
                a: a.name.clone(),
                b: s.clone(),
            });
        }
    }
    for s in &sc.seas {
        for n in &s.seas {
            links.insert(pair(LinkKind::Sea, &s.name, n));
        }
    }

    let blocks: Vec<BlockMark> = v
        .blocks
        .iter()
        .filter(|b| b.status.on_map())
        .map(|b| BlockMark {
            id: b.id.clone(),
            side: b.side.clone(),
            name: words::text(&b.name, lang),
            kind: words::kind(b.kind, lang),
            steps: b.steps,
            max: b.max,
            rating: b.rating.clone(),
            at: b.at.clone(),
            besieged: b.status == Status::Besieged,
        })
        .collect();
    let hidden = v
        .enemy
        .iter()
        .map(|g| HiddenGroup {
            side: enemy.clone(),
            at: g.at.clone(),
            count: g.count,
            besieged: g.status == Status::Besieged,
        })
        .collect();

    let notes = notes(sc, v, lang);
    let sides: Vec<(String, String)> = sc
        .sides
        .iter()
        .map(|s| (s.id.clone(), s.name.clone()))
        .collect();
    let dress = dress(&sides, &v.side, &blocks, lang);

    MapPicture {
        // The title as the scenario writes it, or its Russian (text/words-ru.yaml).
        title: words::text(&sc.title, lang),
        side: v.side.clone(),
        sides,
        areas,
        seas,
        links: links.into_iter().collect(),
        blocks,
        hidden,
        notes,
        dress,
    }
}

/// The legend in Hellenes' words (blocks: steps shown for one's own, hidden for the
/// enemy's; loyalty; blockades; attrition), and the side's own blocks by place.
fn dress(sides: &[(String, String)], me: &str, blocks: &[BlockMark], lang: Lang) -> Dress {
    let first = sides.first().map(|(id, _)| id.clone()).unwrap_or_default();
    let second = sides
        .get(1)
        .map(|(id, _)| id.clone())
        .unwrap_or(first.clone());
    let other = sides
        .iter()
        .find(|(id, _)| id != me)
        .map(|(id, _)| id.clone())
        .unwrap_or_default();
    let row = |g: Glyph, en: &str, ru: &str| LegendRow::Row(g, lang.pick(en, ru).to_string());
    let arrow = |dash: &str| Glyph::Arrow {
        side: second.clone(),
        dash: dash.to_string(),
    };
    let legend = vec![
        LegendRow::Head(lang.pick("Legend", "Условные обозначения").to_string()),
        LegendRow::Sides,
        row(Glyph::Swatch("neutral".into()), "neutral", "нейтральные"),
        row(
            Glyph::City {
                fill: first.clone(),
                rim: second.clone(),
                value: "2".into(),
            },
            "city: value inside; fill = control, rim = loyalty",
            "город: ценность; цвет — контроль, обод — лояльность",
        ),
        LegendRow::Gap(4.0),
        row(
            Glyph::Port,
            "port: anchor, line to its offshore sea",
            "порт: якорь, линия к его морю",
        ),
        row(
            Glyph::Open,
            "open country (no walled city)",
            "открытая местность (без города)",
        ),
        LegendRow::Gap(4.0),
        row(Glyph::Sea, "sea area", "морская зона"),
        row(
            Glyph::Line("road".into()),
            "land adjacency",
            "сухопутная связь",
        ),
        row(Glyph::Line("lane".into()), "sea adjacency", "морская связь"),
        row(
            Glyph::Line("coast".into()),
            "coast: area touches sea",
            "побережье: область у моря",
        ),
        LegendRow::Gap(4.0),
        row(
            Glyph::Siege {
                ring: second.clone(),
                fill: first.clone(),
            },
            "siege: dashed ring in the besieger's colour",
            "осада: пунктирное кольцо цвета осаждающего",
        ),
        LegendRow::Gap(4.0),
        row(
            Glyph::Blockade(second.clone()),
            "blockade: enemy fleet in the offshore sea",
            "блокада: вражеский флот в море порта",
        ),
        LegendRow::Gap(4.0),
        row(
            Glyph::Block {
                side: me.to_string(),
                text: "3".into(),
            },
            "your block: steps shown",
            "ваш блок: число — шаги",
        ),
        row(
            Glyph::HiddenBlock(other),
            "enemy block: hidden, one square each",
            "вражеский блок: скрыт, по квадрату на блок",
        ),
        row(
            Glyph::WalledBlock(me.to_string()),
            "dark rim: inside besieged walls",
            "тёмная рамка: в осаждённых стенах",
        ),
        LegendRow::Gap(8.0),
        LegendRow::Head(lang.pick("Last turn", "Прошлый ход").to_string()),
        row(
            arrow(""),
            "move: arrow, number = blocks",
            "движение: стрелка, число — блоки",
        ),
        row(arrow("9 4"), "by sea", "по морю"),
        row(arrow("2.5 3"), "retreat", "отступление"),
        LegendRow::Gap(4.0),
        row(
            Glyph::Battle(first.clone()),
            "battle: rim in the winner's colour",
            "битва: обод цвета победителя",
        ),
        LegendRow::Gap(6.0),
        row(
            Glyph::Burst {
                side: second.clone(),
                hollow: false,
            },
            "assault (sortie: hollow)",
            "штурм (вылазка: полый)",
        ),
        LegendRow::Gap(6.0),
        row(
            Glyph::Attrition(second.clone()),
            "siege attrition",
            "осадное истощение",
        ),
        LegendRow::Gap(6.0),
        row(
            Glyph::Fall(second.clone()),
            "city fallen: flag of the taker",
            "город взят: флаг взявшего",
        ),
    ];
    let mut places: Vec<(String, Vec<String>)> = Vec::new();
    for b in blocks {
        let item = format!(
            "{} {} {}/{} {}{}",
            b.id,
            b.kind,
            b.steps,
            b.max,
            b.rating,
            if b.besieged {
                lang.pick(" (in the walls)", " (в стенах)")
            } else {
                ""
            }
        );
        match places.iter_mut().find(|(p, _)| *p == b.at) {
            Some((_, list)) => list.push(item),
            None => places.push((b.at.clone(), vec![item])),
        }
    }
    Dress {
        legend,
        roster: Some(Roster {
            title: lang
                .pick("{side}'s blocks on the map", "Блоки на карте: {side}")
                .to_string(),
            places,
        }),
        colours: Vec::new(),
        tips: BTreeMap::new(),
        seen: BTreeMap::new(),
    }
}

/// What each side saw happen in a turn, for the maps (`Rules::last_turn`): moves and
/// retreats as routes with a count of blocks (never their ids: the reports name only a
/// side's own blocks), battles with their winner, assaults, sorties, attritions, sieges
/// established and cities fallen. Each is shown to the sides whose reports tell the event
/// (`Event::shown_to`); retreats along one route are counted together.
pub fn last_turn(sc: &Scenario, events: &[Event]) -> Vec<Seen> {
    let sides: Vec<String> = sc.sides.iter().map(|s| s.id.clone()).collect();
    let mut out: Vec<Seen> = Vec::new();
    for e in events {
        let to: Vec<String> = if sides.iter().all(|s| e.shown_to(Some(s))) {
            Vec::new()
        } else {
            sides
                .iter()
                .filter(|s| e.shown_to(Some(s)))
                .cloned()
                .collect()
        };
        if !sides.is_empty() && to.is_empty() && !sides.iter().any(|s| e.shown_to(Some(s))) {
            continue;
        }
        let seen =
            |what: &str, side: &str, at: Vec<String>, count: u32, winner: Option<String>| Seen {
                what: what.to_string(),
                side: side.to_string(),
                at,
                count,
                winner,
                to: to.clone(),
            };
        let battle = |what: &str, o: &BattleOutcome| {
            seen(
                what,
                &o.attacker,
                vec![o.place.clone()],
                0,
                o.winner.clone(),
            )
        };
        let item = match e {
            Event::Season(SeasonEvent::Moved {
                side,
                blocks,
                route,
                naval,
                ..
            }) if route.len() > 1 => Some(seen(
                if *naval { "sail" } else { "move" },
                side,
                route.clone(),
                blocks.len() as u32,
                None,
            )),
            Event::Winter(WinterEvent::Moved {
                side,
                blocks,
                route,
                ..
            }) if route.len() > 1 => {
                Some(seen("move", side, route.clone(), blocks.len() as u32, None))
            }
            Event::Season(SeasonEvent::Retreated { side, from, to, .. }) => {
                let at = vec![from.clone(), to.clone()];
                if let Some(r) = out
                    .iter_mut()
                    .find(|x| x.what == "retreat" && x.side == *side && x.at == at)
                {
                    r.count += 1;
                    None
                } else {
                    Some(seen("retreat", side, at, 1, None))
                }
            }
            Event::Season(SeasonEvent::Battle(o)) => {
                Some(battle(if o.naval { "naval-battle" } else { "battle" }, o))
            }
            Event::Siege(s) => match s.as_ref() {
                SiegeEvent::Battle { kind, outcome, .. } => Some(battle(
                    match kind {
                        BattleKind::Assault => "assault",
                        _ => "sortie",
                    },
                    outcome,
                )),
                SiegeEvent::Attrition { city, besieger, .. } => {
                    Some(seen("attrition", besieger, vec![city.clone()], 0, None))
                }
                SiegeEvent::Established { city, besieger, .. } => {
                    Some(seen("siege", besieger, vec![city.clone()], 0, None))
                }
                SiegeEvent::Captured { city, by, .. } => {
                    Some(seen("fall", by, vec![city.clone()], 0, Some(by.clone())))
                }
                _ => None,
            },
            _ => None,
        };
        out.extend(item);
    }
    out
}

/// The map's position notes: Prestige, whose player turn, hands, pools, the deck.
fn notes(sc: &Scenario, v: &View, lang: Lang) -> Vec<String> {
    let name = |s: &str| match lang {
        Lang::En => side_name(sc, s),
        _ => words::side(sc, s, lang, Case::Nom),
    };
    let mut notes = Vec::new();
    notes.push(match (v.prestige.points, lang) {
        (0, Lang::En) => "Prestige: level (0)".to_string(),
        (0, _) => "Престиж: поровну (0)".to_string(),
        (p, Lang::En) => format!("Prestige: {} leads by {p}", name(&v.prestige.leader)),
        (p, _) => format!("Престиж: {} впереди на {p}", name(&v.prestige.leader)),
    });
    if let Phase::PlayerTurn { side, .. } = &v.phase {
        notes.push(lang.pick("Player turn of ", "Тур игрока: ").to_string() + &name(side));
    }
    let pool = v.blocks.iter().filter(|b| b.status == Status::Pool).count();
    let gone = v
        .blocks
        .iter()
        .filter(|b| b.status == Status::Eliminated)
        .count();
    let hand = v.hand.len();
    notes.push(match lang {
        Lang::En => {
            let en = |n: usize, w: [&str; 2]| Lang::En.count(n as u32, w, ["", "", ""]);
            format!(
                "Your hand: {}; your pool: {}; eliminated: {gone}",
                en(hand, ["card", "cards"]),
                en(pool, ["block", "blocks"])
            )
        }
        _ => format!("Карт у вас на руке: {hand}; блоков в запасе: {pool}; уничтожено: {gone}"),
    });
    for (s, n) in &v.other_hands {
        let off = v.enemy_off_map.get(s).copied().unwrap_or(0);
        notes.push(match lang {
            Lang::En => format!(
                "{}: {} in hand; {} off the map",
                name(s),
                Lang::En.count(*n, ["card", "cards"], ["", "", ""]),
                Lang::En.count(off, ["block", "blocks"], ["", "", ""])
            ),
            _ => format!("{}: карт на руке: {n}; блоков вне карты: {off}", name(s)),
        });
    }
    notes.push(match lang {
        Lang::En => format!(
            "Deck: {}",
            Lang::En.count(v.deck, ["card", "cards"], ["", "", ""])
        ),
        _ => format!("Карт в колоде: {}", v.deck),
    });
    notes
}
