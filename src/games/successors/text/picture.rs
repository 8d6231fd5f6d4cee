//! The map picture of a view (MapPicture) in Successors' own words: spaces with their
//! control markers and sieges (siege points), seas, roads, straits and coasts, the
//! independents' off-map boxes, every army (armies are open in Successors: a general and
//! his CUs) and the independent armies, fleets per player, one colour per house and one
//! for the independents (from the scenario), the legend and tooltips, and what happened
//! last round (`last_turn`: moves, battles, assaults and subjugations, sallies, spaces
//! taken). Built from the view alone: the hand shown is the player's own, and nothing
//! else of the Tyche deck is drawn.

use super::words;
use crate::game::Seen;
use crate::games::successors::model::events::{Event, Who};
use crate::games::successors::model::scenario::{Kind, Scenario};
use crate::games::successors::model::sight::View;
use crate::games::successors::model::state::{State, INDEPENDENT};
use crate::lang::Lang;
use crate::map::{
    AreaMark, BlockMark, CityMark, Dress, Glyph, LegendRow, Link, LinkKind, MapPicture, Roster,
    SeaMark,
};
use std::collections::BTreeMap;

pub fn picture(sc: &Scenario, v: &View) -> MapPicture {
    picture_in(sc, v, Lang::En)
}

fn kind_words(k: Kind, lang: Lang) -> &'static str {
    match k {
        Kind::Minor => lang.pick("minor city", "второстепенный город"),
        Kind::Major => lang.pick("major city", "крупный город"),
        Kind::Fortress => lang.pick("fortress", "крепость"),
    }
}

/// The houses' colours when the scenario gives none, by the house's place in the
/// scenario: distinct from each other and from `INDEPENDENT_COLOUR`.
const HOUSE_COLOURS: [&str; 8] = [
    "#8c2d2d", "#2457a6", "#c7a000", "#2f7d3a", "#6b3fa0", "#d0621b", "#1f8a8a", "#b03a84",
];
/// The independents' colour when the scenario gives none.
const INDEPENDENT_COLOUR: &str = "#7a6a55";

/// A player's colour: his first house's (a player is named by it), as the scenario gives
/// it (`colour:`), else the house's by its place; the independents' likewise.
fn colours(sc: &Scenario, players: &[String]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = players
        .iter()
        .filter_map(|p| {
            let i = sc.houses.iter().position(|h| h.id == *p)?;
            let c = sc.houses[i]
                .colour
                .clone()
                .unwrap_or_else(|| HOUSE_COLOURS[i % HOUSE_COLOURS.len()].to_string());
            Some((p.clone(), c))
        })
        .collect();
    out.push((
        INDEPENDENT.to_string(),
        sc.independent_colour
            .clone()
            .unwrap_or_else(|| INDEPENDENT_COLOUR.to_string()),
    ));
    out
}

/// The picture of the map as `v.me` may see it, its words in `lang`.
pub fn picture_in(sc: &Scenario, v: &View, lang: Lang) -> MapPicture {
    let st = v.as_state();
    let mut sides: Vec<(String, String)> = v
        .players
        .iter()
        .map(|p| (p.clone(), words::player(sc, p, lang)))
        .collect();
    sides.push((
        INDEPENDENT.to_string(),
        words::player(sc, INDEPENDENT, lang),
    ));
    let mut tips: BTreeMap<String, String> = BTreeMap::new();
    let mut areas: Vec<AreaMark> = Vec::new();
    for s in &sc.spaces {
        let ss = v.spaces.iter().find(|x| x.id == s.id);
        let control = ss
            .and_then(|x| x.control.clone())
            .unwrap_or_else(|| "neutral".to_string());
        let needed = sc.params.siege.needed(s.kind);
        let points = ss.map(|x| x.siege_points).unwrap_or(0);
        let besieger = ss.and_then(|x| x.besieger.clone());
        let offshore = sc
            .seas
            .iter()
            .find(|sea| sea.ports.contains(&s.id))
            .map(|sea| sea.id.clone());
        let mut tip = format!(
            "{} ({}): {}",
            s.id,
            lang.pick(s.region.clone(), sc.region_ru(&s.region)),
            kind_words(s.kind, lang)
        );
        if s.port {
            tip.push_str(lang.pick(", port", ", порт"));
        }
        if s.assault != 0 {
            tip.push_str(&lang.pick(
                format!("; assault modifier {:+}", s.assault),
                format!("; модификатор штурма {:+}", s.assault),
            ));
        }
        tip.push_str(&match control.as_str() {
            "neutral" => lang
                .pick("; no control marker", "; маркера контроля нет")
                .to_string(),
            c => lang.pick(
                format!("; control marker: {}", words::player(sc, c, lang)),
                format!("; маркер контроля: {}", words::player(sc, c, lang)),
            ),
        });
        tip.push_str(&lang.pick(
            format!("; falls at {needed} siege points"),
            format!("; падает при {needed} очках осады"),
        ));
        let besieged = st.besieged(&s.id);
        if let Some(b) = &besieger {
            tip.push_str(&lang.pick(
                format!(
                    "; siege points: {points} of {needed}, {}'s",
                    words::player(sc, b, lang)
                ),
                format!(
                    "; очки осады: {points} из {needed} (осаждает: {})",
                    words::player(sc, b, lang)
                ),
            ));
        } else if besieged {
            tip.push_str(lang.pick("; besieged", "; в осаде"));
        }
        tips.insert(format!("area:{}", s.id), tip);
        if let Some(off) = &offshore {
            tips.insert(
                format!("port:{}", s.id),
                lang.pick(
                    format!("{}: port on {off}", s.id),
                    format!("{}: порт на {off}", s.id),
                ),
            );
        }
        // The ring shows the siege: its besieger's points, or a hostile army in the field.
        let ring = besieger.clone().or_else(|| {
            besieged
                .then(|| {
                    st.armies
                        .iter()
                        .find(|a| {
                            a.at == s.id
                                && !a.inside
                                && Some(a.player.as_str()) != ss.and_then(|x| x.control.as_deref())
                        })
                        .map(|a| a.player.clone())
                        .or_else(|| {
                            (!st.independents_at(&s.id).is_empty()).then(|| INDEPENDENT.to_string())
                        })
                })
                .flatten()
        });
        areas.push(AreaMark {
            name: s.id.clone(),
            region: s.region.clone(),
            xy: s.xy,
            city: Some(CityMark {
                value: needed,
                offshore,
                control: control.clone(),
                loyalty: control,
                siege: ring.map(|b| (b, format!("{points}/{needed}"))),
                blockade: None,
            }),
        });
    }
    // The independents' boxes, off the map: places of their own, joined to where their
    // armies enter.
    for b in &sc.boxes {
        let who: Vec<String> = sc
            .independents
            .iter()
            .filter(|i| i.start == b.id)
            .map(|i| words::independent(sc, &i.id, lang))
            .collect();
        areas.push(AreaMark {
            name: b.id.clone(),
            region: String::new(),
            xy: b.xy,
            city: None,
        });
        tips.insert(
            format!("area:{}", b.id),
            lang.pick(
                format!(
                    "{}: off-map box of {}; enters the map at {}",
                    b.id,
                    who.join(", "),
                    b.enters.join(", ")
                ),
                format!(
                    "{}: квадрат вне карты ({}); вход на карту: {}",
                    b.id,
                    who.join(", "),
                    b.enters.join(", ")
                ),
            ),
        );
    }
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
    for b in &sc.boxes {
        for e in &b.enters {
            links.push(Link {
                kind: LinkKind::Land,
                a: b.id.clone(),
                b: e.clone(),
            });
        }
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
    let mut blocks: Vec<BlockMark> = Vec::new();
    let mut roster: Vec<(String, Vec<String>)> = Vec::new();
    let mut list = |at: &str, item: String| match roster.iter_mut().find(|(p, _)| p == at) {
        Some((_, l)) => l.push(item),
        None => roster.push((at.to_string(), vec![item])),
    };
    for a in &v.armies {
        let g = sc.general(&a.general);
        let battle = g.map(|g| g.battle).unwrap_or(0);
        let walls = a.inside;
        let cus = lang.count(a.cus, ["CU", "CUs"], ["БЧ", "БЧ", "БЧ"]);
        let mac = if a.macedonians > 0 {
            lang.pick(
                format!(" ({} Loyal Macedonian)", a.macedonians),
                format!(" (верных македонян: {})", a.macedonians),
            )
        } else {
            String::new()
        };
        let name = lang.pick(
            a.general.clone(),
            sc.general(&a.general)
                .map(|g| g.name_ru.clone())
                .unwrap_or_else(|| a.general.clone()),
        );
        tips.insert(
            format!("block:{}", a.general),
            lang.pick(
                format!(
                    "{} ({}): {cus}{mac}, battle {battle}, at {}{}",
                    a.general,
                    words::player(sc, &a.player, lang),
                    a.at,
                    if walls { ", inside the walls" } else { "" }
                ),
                format!(
                    "{name} ({}): {cus}{mac}, боевой рейтинг {battle}, {}{}",
                    words::player(sc, &a.player, lang),
                    a.at,
                    if walls { ", внутри стен" } else { "" }
                ),
            ),
        );
        list(
            &a.at,
            format!(
                "{name} ({}) {cus}{}",
                words::player(sc, &a.player, lang),
                if walls {
                    lang.pick(" in the walls", " в стенах")
                } else {
                    ""
                }
            ),
        );
        blocks.push(BlockMark {
            id: a.general.clone(),
            side: a.player.clone(),
            name: a.general.clone(),
            kind: "army".to_string(),
            steps: a.cus,
            max: a.cus.max(1),
            rating: format!("battle {battle}"),
            at: a.at.clone(),
            besieged: walls,
        });
    }
    for i in v.independents.iter().filter(|i| !i.removed) {
        let name = words::independent(sc, &i.id, lang);
        let cus = lang.count(i.cus, ["CU", "CUs"], ["БЧ", "БЧ", "БЧ"]);
        let battle = sc.independent(&i.id).map(|d| d.battle).unwrap_or(0);
        tips.insert(
            format!("block:{}", i.id),
            lang.pick(
                format!(
                    "{name} (independent army): {cus}, battle {battle}, at {}",
                    i.at
                ),
                format!(
                    "{name} (независимая армия): {cus}, боевой рейтинг {battle}, {}",
                    i.at
                ),
            ),
        );
        list(&i.at, format!("{name} {cus}"));
        blocks.push(BlockMark {
            id: i.id.clone(),
            side: INDEPENDENT.to_string(),
            name: name.clone(),
            kind: "independent army".to_string(),
            steps: i.cus,
            max: i.cus.max(1),
            rating: format!("battle {battle}"),
            at: i.at.clone(),
            besieged: false,
        });
    }
    let mut notes = vec![lang.pick(
        format!("Game turn {}, round {}", words::roman(v.game_turn), v.round),
        format!(
            "Игровой ход {}, раунд {}",
            words::roman(v.game_turn),
            v.round
        ),
    )];
    for p in &v.players {
        let f = v.fleets.get(p).cloned().unwrap_or_default();
        notes.push(lang.pick(
            format!(
                "{}: {} VP; fleets {} ready, {} dispersed",
                words::player(sc, p, lang),
                st.vp(sc, p),
                f.count.saturating_sub(f.dispersed),
                f.dispersed
            ),
            format!(
                "{}: ПО {}; флоты: готовы {}, рассеяны {}",
                words::player(sc, p, lang),
                st.vp(sc, p),
                f.count.saturating_sub(f.dispersed),
                f.dispersed
            ),
        ));
    }
    notes.push(lang.pick(
        format!("Your hand: {}", v.hand.join(", ")),
        format!("Ваша рука: {}", v.hand.join(", ")),
    ));
    let me = v.me.clone();
    let other = v
        .players
        .iter()
        .find(|p| **p != me)
        .cloned()
        .unwrap_or_else(|| me.clone());
    let dress = Dress {
        legend: legend(&me, &other, lang),
        roster: Some(Roster {
            title: lang.pick("Armies on the map", "Армии на карте").to_string(),
            places: roster,
        }),
        colours: colours(sc, &v.players),
        tips,
        seen: seen_words(lang),
    };
    MapPicture {
        title: lang.pick(sc.title.clone(), sc.title_ru.clone()),
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
        dress,
    }
}

/// The tooltips of last round's happenings, in the game's words.
fn seen_words(lang: Lang) -> BTreeMap<String, String> {
    let t = |what: &str, en: &str, ru: &str| (what.to_string(), lang.pick(en, ru).to_string());
    [
        t(
            "move",
            "Last round: {who}'s army marched: {route}",
            "Прошлый ход: армия ({who}) прошла: {route}",
        ),
        t(
            "sail",
            "Last round: {who}'s army sailed: {route}",
            "Прошлый ход: армия ({who}) переплыла: {route}",
        ),
        t(
            "retreat",
            "Last round: {who}'s army retreated or avoided battle: {route}",
            "Прошлый ход: армия ({who}) отступила или уклонилась от боя: {route}",
        ),
        t(
            "battle",
            "Last round: battle at {place}, {who} attacking; {winner} won",
            "Прошлый ход: битва у {place}, нападал {who}; победа: {winner}",
        ),
        t(
            "assault",
            "Last round: {who} assaulted or subjugated {place}",
            "Прошлый ход: {who} — штурм или подчинение {place}",
        ),
        t(
            "sortie",
            "Last round: {who} sallied from {place}",
            "Прошлый ход: {who} — вылазка из {place}",
        ),
        t(
            "fall",
            "Last round: {place} taken by {who}",
            "Прошлый ход: {place} взят, взял {who}",
        ),
    ]
    .into_iter()
    .collect()
}

/// The legend in the game's words.
fn legend(me: &str, other: &str, lang: Lang) -> Vec<LegendRow> {
    let row = |g: Glyph, en: &str, ru: &str| LegendRow::Row(g, lang.pick(en, ru).to_string());
    let arrow = |dash: &str| Glyph::Arrow {
        side: other.to_string(),
        dash: dash.to_string(),
    };
    vec![
        LegendRow::Head(lang.pick("Legend", "Условные обозначения").to_string()),
        LegendRow::Sides,
        row(
            Glyph::Swatch("neutral".into()),
            "no control marker",
            "нет маркера контроля",
        ),
        row(
            Glyph::City {
                fill: me.to_string(),
                rim: me.to_string(),
                value: "3".into(),
            },
            "space: control marker's colour; siege points it needs",
            "зона: цвет маркера контроля; очки осады для взятия",
        ),
        LegendRow::Gap(4.0),
        row(
            Glyph::Siege {
                ring: other.to_string(),
                fill: me.to_string(),
            },
            "besieged: ring of the besieger; points in the tooltip",
            "осада: кольцо осаждающего; очки — в подсказке",
        ),
        LegendRow::Gap(4.0),
        row(
            Glyph::Port,
            "port: anchor, line to its sea",
            "порт: якорь, линия к морю",
        ),
        row(
            Glyph::Open,
            "independents' box, off the map",
            "квадрат независимых вне карты",
        ),
        LegendRow::Gap(4.0),
        row(
            Glyph::Sea,
            "sea; fleets (ready, dispersed) under Position",
            "море; флоты (готовые, рассеянные) — ниже",
        ),
        row(
            Glyph::Line("road".into()),
            "road or strait",
            "дорога или пролив",
        ),
        row(
            Glyph::Line("coast".into()),
            "coast: port on its sea",
            "берег: порт у моря",
        ),
        LegendRow::Gap(4.0),
        row(
            Glyph::Block {
                side: me.to_string(),
                text: "4".into(),
            },
            "your army: a general, number = CUs",
            "ваша армия: генерал, число — БЧ",
        ),
        row(
            Glyph::Block {
                side: other.to_string(),
                text: "3".into(),
            },
            "another player's army (armies are open)",
            "армия другого игрока (армии открыты)",
        ),
        row(
            Glyph::Block {
                side: INDEPENDENT.to_string(),
                text: "5".into(),
            },
            "independent army",
            "независимая армия",
        ),
        row(
            Glyph::WalledBlock(me.to_string()),
            "dark rim: inside besieged walls",
            "тёмная рамка: внутри осаждённых стен",
        ),
        LegendRow::Gap(8.0),
        LegendRow::Head(lang.pick("Last round", "Прошлый ход").to_string()),
        row(
            arrow(""),
            "move: arrow, number = armies",
            "движение: стрелка, число — армии",
        ),
        row(arrow("9 4"), "by sea", "по морю"),
        row(
            arrow("2.5 3"),
            "retreat or avoided battle",
            "отступление или уклонение",
        ),
        LegendRow::Gap(4.0),
        row(
            Glyph::Battle(me.to_string()),
            "battle: rim in the winner's colour",
            "битва: обод цвета победителя",
        ),
        LegendRow::Gap(6.0),
        row(
            Glyph::Burst {
                side: other.to_string(),
                hollow: false,
            },
            "assault or subjugation (sally: hollow)",
            "штурм или подчинение (вылазка: полый)",
        ),
        LegendRow::Gap(6.0),
        row(
            Glyph::Fall(other.to_string()),
            "space taken: flag of the taker",
            "зона взята: флаг взявшего",
        ),
    ]
}

/// What every player saw happen (armies are open): moves along their routes, retreats,
/// battles with their winner, assaults and subjugations, sallies, spaces taken.
pub fn last_turn(before: &State, events: &[Event]) -> Vec<Seen> {
    let player_of = |who: &Who| -> String {
        match who {
            Who::General(g) => before
                .army(g)
                .map(|a| a.player.clone())
                .unwrap_or_else(|| INDEPENDENT.to_string()),
            Who::Independent(_) => INDEPENDENT.to_string(),
        }
    };
    let mut out: Vec<Seen> = Vec::new();
    // The move each army is on (its index in `out`), to extend its route.
    let mut moving: BTreeMap<String, usize> = BTreeMap::new();
    let seen =
        |what: &str, side: String, at: Vec<String>, count: u32, winner: Option<String>| Seen {
            what: what.to_string(),
            side,
            at,
            count,
            winner,
            to: Vec::new(),
        };
    for e in events {
        match e {
            Event::Moved { who, from, to, sea } => {
                let key = format!("{who:?}");
                let what = if *sea { "sail" } else { "move" };
                match moving.get(&key) {
                    Some(&i) if out[i].what == what && out[i].at.last() == Some(from) => {
                        out[i].at.push(to.clone());
                    }
                    _ => {
                        moving.insert(key, out.len());
                        out.push(seen(
                            what,
                            player_of(who),
                            vec![from.clone(), to.clone()],
                            1,
                            None,
                        ));
                    }
                }
            }
            Event::Retreat {
                who,
                from,
                to: Some(to),
            } => {
                moving.remove(&format!("{who:?}"));
                out.push(seen(
                    "retreat",
                    player_of(who),
                    vec![from.clone(), to.clone()],
                    1,
                    None,
                ));
            }
            Event::Avoid {
                general,
                space,
                to: Some(to),
                ..
            } => {
                let who = Who::General(general.clone());
                out.push(seen(
                    "retreat",
                    player_of(&who),
                    vec![space.clone(), to.clone()],
                    1,
                    None,
                ));
            }
            Event::Battle {
                space,
                attacker,
                defenders,
                attacker_won,
                ..
            } => {
                let a = player_of(attacker);
                let d = defenders.first().map(player_of).unwrap_or_default();
                let w = if *attacker_won { a.clone() } else { d };
                out.push(seen("battle", a, vec![space.clone()], 0, Some(w)));
            }
            Event::Assault { player, space, .. } => {
                out.push(seen(
                    "assault",
                    player.clone(),
                    vec![space.clone()],
                    0,
                    None,
                ));
            }
            Event::Sally { player, space, .. } => {
                out.push(seen("sortie", player.clone(), vec![space.clone()], 0, None));
            }
            Event::Captured { space, player, .. } => {
                out.push(seen("fall", player.clone(), vec![space.clone()], 0, None));
            }
            _ => {}
        }
    }
    // One mark per assault and sally place and side (several rolls are one assault).
    let mut kept: Vec<Seen> = Vec::new();
    for s in out {
        if (s.what == "assault" || s.what == "sortie")
            && kept
                .iter()
                .any(|k| k.what == s.what && k.side == s.side && k.at == s.at)
        {
            continue;
        }
        kept.push(s);
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::successors::model::scenario::SUCCESSORS_323;
    use crate::map::{render_turn, Heading};

    fn sc() -> Scenario {
        serde_yaml::from_str(SUCCESSORS_323).unwrap()
    }

    fn svg(lang: Lang, players: u32, me: &str, last: &[Seen]) -> String {
        let sc = sc();
        let st = State::start(&sc, players);
        let v = View::of(&st, me);
        let pic = picture_in(&sc, &v, lang);
        let head = Heading {
            game: "g".into(),
            turn: 1,
            step: "s".into(),
        };
        render_turn(&pic, &head, last, lang)
    }

    #[test]
    fn every_house_and_the_independents_have_a_colour_of_their_own() {
        let sc = sc();
        for n in 2..=5u32 {
            let st = State::start(&sc, n);
            let v = View::of(&st, &st.players[0]);
            let pic = picture_in(&sc, &v, Lang::En);
            let cols: Vec<&String> = pic.dress.colours.iter().map(|(_, c)| c).collect();
            assert_eq!(
                cols.len(),
                n as usize + 1,
                "{n} players and the independents"
            );
            let mut uniq = cols.clone();
            uniq.sort();
            uniq.dedup();
            assert_eq!(uniq.len(), cols.len(), "{n} players: {cols:?}");
            // Each colour reaches the drawing: a legend swatch per side.
            let doc = svg(Lang::En, n, &st.players[0], &[]);
            for c in cols {
                assert!(doc.contains(&format!("fill=\"{c}\"")), "{c} drawn");
            }
        }
    }

    #[test]
    fn a_scenario_gives_its_own_colours_checked() {
        let mut sc = sc();
        sc.houses[1].colour = Some("#123456".into());
        sc.independent_colour = Some("#abcdef".into());
        assert!(sc.problems().is_empty(), "{:?}", sc.problems());
        let st = State::start(&sc, 5);
        let v = View::of(&st, "perdikkas");
        let pic = picture_in(&sc, &v, Lang::En);
        let of = |id: &str| {
            pic.dress
                .colours
                .iter()
                .find(|(p, _)| p == id)
                .map(|(_, c)| c.clone())
        };
        assert_eq!(of(&sc.houses[1].id).as_deref(), Some("#123456"));
        assert_eq!(of(INDEPENDENT).as_deref(), Some("#abcdef"));
        sc.houses[2].colour = Some("#ABCDEF".into());
        sc.houses[3].colour = Some("red".into());
        let p = sc.problems();
        assert!(p.iter().any(|x| x.contains("share the colour")), "{p:?}");
        assert!(
            p.iter().any(|x| x.contains("`red`, is not #rrggbb")),
            "{p:?}"
        );
    }

    #[test]
    fn the_legend_speaks_successors_not_hellenes() {
        let en = svg(Lang::En, 5, "antigonos", &[]);
        for said in [
            "your army: a general, number = CUs",
            "independent army",
            "no control marker",
            "siege points it needs",
            "independents&apos; box, off the map",
            "fleets (ready, dispersed)",
            "assault or subjugation (sally: hollow)",
            "Armies on the map",
            "ready, 0 dispersed",
        ] {
            assert!(en.contains(said), "{said}");
        }
        for hellenes in [
            "your block",
            "enemy block",
            "blockade",
            "loyal",
            "blocks on the map",
            "B2",
            "siege attrition",
        ] {
            assert!(
                !en.contains(hellenes),
                "no `{hellenes}` in a Successors map"
            );
        }
        let ru = svg(Lang::Ru, 3, "perdikkas", &[]);
        assert!(ru.contains("ваша армия: генерал, число — БЧ"));
        assert!(ru.contains("Армии на карте"));
    }

    #[test]
    fn last_round_moves_battles_assaults_and_falls_are_seen_and_drawn() {
        let sc = sc();
        let st = State::start(&sc, 3);
        let kr = Who::General("Krateros".into());
        let events = vec![
            Event::Moved {
                who: kr.clone(),
                from: "Tarsus".into(),
                to: "Issos".into(),
                sea: false,
            },
            Event::Moved {
                who: kr.clone(),
                from: "Issos".into(),
                to: "Beroia".into(),
                sea: false,
            },
            Event::Battle {
                space: "Beroia".into(),
                attacker: kr.clone(),
                defenders: vec![Who::General("Seleukos".into())],
                attack: (5, 12),
                defence: (1, 6),
                attacker_won: true,
                attacker_lost: 0,
                defender_lost: 2,
            },
            Event::Retreat {
                who: Who::General("Seleukos".into()),
                from: "Beroia".into(),
                to: Some("Thapsakos".into()),
            },
        ];
        let seen = last_turn(&st, &events);
        let what: Vec<(&str, &str, Vec<&str>)> = seen
            .iter()
            .map(|s| {
                (
                    s.what.as_str(),
                    s.side.as_str(),
                    s.at.iter().map(String::as_str).collect(),
                )
            })
            .collect();
        assert_eq!(
            what,
            vec![
                ("move", "antipatros", vec!["Tarsus", "Issos", "Beroia"]),
                ("battle", "antipatros", vec!["Beroia"]),
                ("retreat", "perdikkas", vec!["Beroia", "Thapsakos"]),
            ]
        );
        assert_eq!(seen[1].winner.as_deref(), Some("antipatros"));
        let doc = svg(Lang::En, 3, "ptolemaios", &seen);
        assert!(doc.contains("Tarsus → Issos → Beroia"), "the route drawn");
        assert!(doc.contains("Last round: battle at Beroia, Antipatros attacking; Antipatros won"));
        assert!(
            !doc.contains(" block"),
            "no Hellenes blocks in the tooltips"
        );
    }
}
