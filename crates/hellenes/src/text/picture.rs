//! The Hellenes map as drawing data (`Rules::map_in`): places with their cities'
//! control, loyalty, sieges and blockades, links, blocks as one side may see them, what
//! it saw happen last turn, the legend, notes and every tooltip in Hellenes' words.
//!
//! Built from the scenario (geography), the side's `View` and the view file's
//! `last_turn:` only, never from the game state: the view already holds enemy blocks as
//! position and count, so nothing here can leak their identities or strengths.
//! `dikast_core::map` lays the picture out and draws it.

use super::words::side_name;
use crate::model::battle::BattleOutcome;
use crate::model::events::season::SeasonEvent;
use crate::model::events::siege::{BattleKind, SiegeEvent};
use crate::model::events::winter::WinterEvent;
use crate::model::events::Event;
use crate::model::scenario::{Area, Scenario};
use crate::model::sight::View;
use crate::model::state::Phase;
use crate::model::state::Status;
use crate::text::words::{self, Case};
use dikast_core::game::Seen;
use dikast_core::lang::Lang;
use dikast_core::map::{
    Badge, Disc, Dress, Glyph, HiddenGroup, LegendRow, Link, LinkKind, MapPicture, Mark, Piece,
    Place, Port, Roster, SeaMark, Trail, Whole,
};
use std::collections::{BTreeMap, BTreeSet};

/// The picture of the map as `v.side` may see it.
pub fn picture(sc: &Scenario, v: &View) -> MapPicture {
    picture_in(sc, v, Lang::En)
}

/// The picture in `lang` with what the side saw happen last turn (`last`) drawn on it.
pub fn picture_of_turn(sc: &Scenario, v: &View, last: &[Seen], lang: Lang) -> MapPicture {
    let mut pic = picture_in(sc, v, lang);
    let name = |id: &str| side_in(sc, id, lang);
    for x in last {
        let tip = seen_words(x, &name, lang);
        match x.what.as_str() {
            "move" => pic.trails.push(Trail::of(x, "", 3.2, tip)),
            "sail" => pic.trails.push(Trail::of(x, "9 4", 3.2, tip)),
            "retreat" => pic.trails.push(Trail::of(x, "2.5 3", 2.2, tip)),
            "battle" | "naval-battle" => {
                let rim = x.winner.clone().unwrap_or_else(|| "neutral".into());
                pic.marks.push(Mark::of(x, Badge::Blades(rim), tip));
            }
            "assault" | "sortie" => {
                let burst = Badge::Burst {
                    side: x.side.clone(),
                    hollow: x.what == "sortie",
                };
                pic.marks.push(Mark::of(x, burst, tip));
            }
            "attrition" => pic
                .marks
                .push(Mark::of(x, Badge::Hourglass(x.side.clone()), tip)),
            "fall" => pic
                .marks
                .push(Mark::of(x, Badge::Flag(x.side.clone()), tip)),
            _ => {}
        }
    }
    pic
}

/// A side's name as the map's reader reads it (`Rules::side_name_in`); anything else
/// (`neutral`, `enemy`) as it is.
fn side_in(sc: &Scenario, id: &str, lang: Lang) -> String {
    if sc.sides.iter().any(|s| s.id == id) {
        words::side(sc, id, lang, Case::Nom)
    } else {
        id.to_string()
    }
}

/// What a last turn's happening says, for its tooltip.
fn seen_words(x: &Seen, name: &dyn Fn(&str) -> String, lang: Lang) -> String {
    let who = name(&x.side);
    let route = x.at.join(" → ");
    let place = x.at.first().cloned().unwrap_or_default();
    let blocks = lang.count(x.count, ["block", "blocks"], ["блок", "блока", "блоков"]);
    let won = match &x.winner {
        Some(w) => lang.pick(
            format!("; {} won", name(w)),
            format!("; победа: {}", name(w)),
        ),
        None => lang.pick("; nobody won".to_string(), "; победителя нет".to_string()),
    };
    match x.what.as_str() {
        "move" => lang.pick(
            format!("Last turn: {who} moved {blocks}: {route}"),
            format!("Прошлый ход: {who}, движение ({blocks}): {route}"),
        ),
        "sail" => lang.pick(
            format!("Last turn: {who} sailed {blocks}: {route}"),
            format!("Прошлый ход: {who}, морское движение ({blocks}): {route}"),
        ),
        "retreat" => lang.pick(
            format!("Last turn: {who} retreated {blocks}: {route}"),
            format!("Прошлый ход: {who}, отступление ({blocks}): {route}"),
        ),
        "battle" | "naval-battle" => lang.pick(
            format!("Last turn: battle at {place}, {who} attacking{won}"),
            format!("Прошлый ход: битва у {place}, нападала сторона {who}{won}"),
        ),
        "assault" => lang.pick(
            format!("Last turn: {who} assaulted {place}{won}"),
            format!("Прошлый ход: штурм {place}, штурмовала сторона {who}{won}"),
        ),
        "sortie" => lang.pick(
            format!("Last turn: {who} sortied from {place}{won}"),
            format!("Прошлый ход: вылазка из {place}, сторона {who}{won}"),
        ),
        "attrition" => lang.pick(
            format!("Last turn: siege attrition at {place} by {who}"),
            format!("Прошлый ход: осадное истощение в {place}, осаждает сторона {who}"),
        ),
        "siege" => lang.pick(
            format!("Last turn: {who} laid siege to {place}"),
            format!("Прошлый ход: {who} осаждает {place}"),
        ),
        "fall" => lang.pick(
            format!("Last turn: {place} fell to {who}"),
            format!("Прошлый ход: {place} взят, сторона {who}"),
        ),
        other => other.to_string(),
    }
}

/// The picture with its words in `lang` (the reader's: `show --lang`, the mail).
pub fn picture_in(sc: &Scenario, v: &View, lang: Lang) -> MapPicture {
    let enemy = enemy_of(sc, v);
    let at_sea = sides_at_sea(sc, v, &enemy);
    let places = sc
        .areas
        .iter()
        .map(|a| place(sc, v, a, &at_sea, lang))
        .collect();
    let seas = sc
        .seas
        .iter()
        .map(|s| SeaMark {
            name: s.name.clone(),
            xy: s.xy,
        })
        .collect();
    let sides: Vec<(String, String)> = sc
        .sides
        .iter()
        .map(|s| (s.id.clone(), s.name.clone()))
        .collect();
    let dress = Dress {
        legend: legend(&sides, &v.side, lang),
        roster: Some(roster(v, lang)),
        colours: Vec::new(),
        whole: Some(whole(sc, v, &sides, lang)),
    };
    MapPicture {
        // The title as the scenario writes it, or its Russian (text/words-ru.yaml).
        title: words::text(&sc.title, lang),
        side: v.side.clone(),
        sides,
        places,
        seas,
        links: links(sc),
        pieces: pieces(v, lang),
        hidden: hidden(sc, v, &enemy, lang),
        notes: notes(sc, v, lang),
        trails: Vec::new(),
        marks: Vec::new(),
        dress,
    }
}

/// The side the view's enemy groups belong to: with one enemy it is that side. The view
/// gives them without a side; with more (not in Hellenes) they are drawn as "enemy" in
/// grey.
fn enemy_of(sc: &Scenario, v: &View) -> String {
    let enemies: Vec<&str> = sc
        .sides
        .iter()
        .map(|s| s.id.as_str())
        .filter(|s| *s != v.side)
        .collect();
    match enemies.as_slice() {
        [one] => one.to_string(),
        _ => "enemy".to_string(),
    }
}

/// Who has blocks at each sea, as far as this side can tell. A block at sea is a fleet
/// (land blocks only cross the sea carried), so an enemy count at sea is a fleet count.
fn sides_at_sea<'a>(
    sc: &Scenario,
    v: &'a View,
    enemy: &'a str,
) -> BTreeMap<&'a str, BTreeSet<&'a str>> {
    let mut at_sea: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for b in v.blocks.iter().filter(|b| b.status.on_map()) {
        if sc.sea(&b.at).is_some() {
            at_sea.entry(&b.at).or_default().insert(&b.side);
        }
    }
    for g in v.enemy.iter().filter(|g| g.count > 0) {
        if sc.sea(&g.at).is_some() {
            at_sea.entry(&g.at).or_default().insert(enemy);
        }
    }
    at_sea
}

/// An area as the side sees it: a walled city's disc (value inside, fill = control, rim
/// = loyalty, a ring for a siege, its port and any blockade), or open country.
fn place(
    sc: &Scenario,
    v: &View,
    a: &Area,
    at_sea: &BTreeMap<&str, BTreeSet<&str>>,
    lang: Lang,
) -> Place {
    let Some(c) = &a.city else {
        return Place {
            name: a.name.clone(),
            xy: a.xy,
            tip: format!("{} ({}): open country, no walled city", a.name, a.region),
            disc: None,
        };
    };
    let name = |id: &str| side_in(sc, id, lang);
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
    let mut tip = lang.pick(
        format!(
            "{} ({}): city value {}; controlled by {}; loyal to {}",
            a.name,
            a.region,
            c.value,
            name(&control),
            name(&loyalty)
        ),
        format!(
            "{} ({}): ценность города {}; контроль: {}; лояльность: {}",
            a.name,
            a.region,
            c.value,
            name(&control),
            name(&loyalty)
        ),
    );
    if let Some(off) = &c.offshore {
        tip.push_str(&lang.pick(format!("; port on {off}"), format!("; порт на {off}")));
    }
    if let Some((by, since)) = &siege {
        let by = name(by);
        tip.push_str(&lang.pick(
            format!("; besieged by {by} since {since}"),
            format!("; в осаде с {since}, осаждает: {by}"),
        ));
    }
    let port = c.offshore.as_ref().map(|off| {
        let barred = blockade(off, &control, siege.as_ref().map(|s| s.0.as_str()), at_sea);
        let mut tip = lang.pick(
            format!("{}: port; offshore sea {}", a.name, off),
            format!("{}: порт; прибрежное море {}", a.name, off),
        );
        if let Some(b) = &barred {
            let by = name(b);
            tip.push_str(&lang.pick(
                format!("; blockaded by {by} (8.2.1)"),
                format!("; блокада, блокирует: {by} (8.2.1)"),
            ));
        }
        Port {
            sea: off.clone(),
            tip,
            barred,
        }
    });
    Place {
        name: a.name.clone(),
        xy: a.xy,
        tip,
        disc: Some(Disc {
            label: c.value.to_string(),
            fill: control,
            rim: loyalty,
            ring: siege.map(|s| s.0),
            port,
        }),
    }
}

/// 8.2.1 Blockade: a port is blockaded when an enemy fleet is in its offshore sea. A
/// besieger's fleet there blockades the besieged city; otherwise any other side's fleet
/// blockades a side's city. A neutral city nobody besieges has no enemy, so no blockade.
fn blockade(
    off: &str,
    control: &str,
    besieger: Option<&str>,
    at_sea: &BTreeMap<&str, BTreeSet<&str>>,
) -> Option<String> {
    let there = at_sea.get(off)?;
    match besieger {
        Some(by) if there.contains(by) => Some(by.to_string()),
        _ if control == "neutral" => None,
        _ => there.iter().find(|s| **s != control).map(|s| s.to_string()),
    }
}

/// Each adjacency once, in a fixed order.
fn links(sc: &Scenario) -> Vec<Link> {
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
    links.into_iter().collect()
}

/// The side's own blocks on the map: steps on the face; id, name, kind, steps, rating
/// and place in the tooltip; a dark rim inside besieged walls.
fn pieces(v: &View, lang: Lang) -> Vec<Piece> {
    v.blocks
        .iter()
        .filter(|b| b.status.on_map())
        .map(|b| {
            let besieged = b.status == Status::Besieged;
            let (name, kind) = (words::text(&b.name, lang), words::kind(b.kind, lang));
            let mut tip = lang.pick(
                format!(
                    "{} {name} ({kind}), {}/{} steps, {}, at {}",
                    b.id, b.steps, b.max, b.rating, b.at
                ),
                format!(
                    "{} {name} ({kind}), БС {}/{}, {}, в {}",
                    b.id, b.steps, b.max, b.rating, b.at
                ),
            );
            if besieged {
                tip.push_str(lang.pick(", inside the walls", ", в стенах"));
            }
            Piece {
                side: b.side.clone(),
                at: b.at.clone(),
                face: b.steps.to_string(),
                tip,
                dark_rim: besieged,
            }
        })
        .collect()
}

/// The enemy's blocks: a count per place, nothing more.
fn hidden(sc: &Scenario, v: &View, enemy: &str, lang: Lang) -> Vec<HiddenGroup> {
    v.enemy
        .iter()
        .map(|g| {
            let besieged = g.status == Status::Besieged;
            let walls = if besieged {
                lang.pick(", inside the walls", ", в стенах")
            } else {
                ""
            };
            let who = side_in(sc, enemy, lang);
            let tip = lang.pick(
                format!(
                    "{} block{} of {who} at {}{walls}",
                    g.count,
                    if g.count == 1 { "" } else { "s" },
                    g.at
                ),
                format!("{who}: блоков — {}, в {}{walls}", g.count, g.at),
            );
            HiddenGroup {
                side: enemy.to_string(),
                at: g.at.clone(),
                count: g.count,
                tip,
                dark_rim: besieged,
            }
        })
        .collect()
}

/// The side's own blocks on the map by place, in the panel.
fn roster(v: &View, lang: Lang) -> Roster {
    let mut places: Vec<(String, Vec<String>)> = Vec::new();
    for b in v.blocks.iter().filter(|b| b.status.on_map()) {
        let item = format!(
            "{} {} {}/{} {}{}",
            b.id,
            words::kind(b.kind, lang),
            b.steps,
            b.max,
            b.rating,
            if b.status == Status::Besieged {
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
    Roster {
        title: lang
            .pick("{side}'s blocks on the map", "Блоки на карте: {side}")
            .to_string(),
        places,
    }
}

/// The legend in Hellenes' words (blocks: steps shown for one's own, hidden for the
/// enemy's; loyalty; blockades; attrition): the map's marks, then last turn's.
fn legend(sides: &[(String, String)], me: &str, lang: Lang) -> Vec<LegendRow> {
    let (first, second) = first_two(sides);
    let other = sides
        .iter()
        .find(|(id, _)| id != me)
        .map(|(id, _)| id.clone())
        .unwrap_or_default();
    let mut rows = legend_of_the_map(&first, &second, lang);
    rows.extend(legend_of_the_blocks(me, &other, lang));
    rows.extend(legend_of_the_turn(&first, &second, lang));
    rows
}

/// The words of the whole position (`Dress::whole`): the legend with every side's blocks
/// open, the notes every side's map shares with what the map shows said first, and this
/// side's hand (its cards: the whole position shows every hand), pool and losses by name.
fn whole(sc: &Scenario, v: &View, sides: &[(String, String)], lang: Lang) -> Whole {
    let (first, second) = first_two(sides);
    let row = |g: Glyph, en: &str, ru: &str| LegendRow::Row(g, lang.pick(en, ru).to_string());
    let mut legend = legend_of_the_map(&first, &second, lang);
    legend.extend([row(
        Glyph::Piece {
            side: first.clone(),
            face: "3".into(),
        },
        "block, any side's: steps shown",
        "блок любой стороны: число — БС",
    )]);
    legend.push(rim_row(&second, lang));
    legend.extend(legend_of_the_turn(&first, &second, lang));
    let mut shared = vec![lang
        .pick(
            "Every side's blocks and hand shown",
            "Показаны блоки и карты всех сторон",
        )
        .to_string()];
    shared.push(prestige_note(sc, v, lang));
    shared.extend(turn_note(sc, v, lang));
    shared.push(deck_note(v, lang));
    let who = side_in(sc, &v.side, lang);
    let hand: Vec<&str> = v.hand.iter().map(|c| c.id.as_str()).collect();
    let hand = if hand.is_empty() {
        lang.pick("none", "нет карт").to_string()
    } else {
        hand.join(", ")
    };
    let (pool, gone) = off_the_map(v);
    let own = vec![
        lang.pick(
            format!("{who} — hand: {hand}"),
            format!("{who} — на руке: {hand}"),
        ),
        lang.pick(
            format!(
                "{who} — pool: {}; eliminated: {gone}",
                Lang::En.count(pool as u32, ["block", "blocks"], ["", "", ""])
            ),
            format!("{who} — блоков в запасе: {pool}; уничтожено: {gone}"),
        ),
    ];
    Whole {
        legend,
        shared,
        own,
    }
}

/// The legend's rows for the map itself: sides, cities, ports, seas, links, sieges,
/// blockades (the blocks follow: `legend_of_the_blocks`, or the whole position's).
fn legend_of_the_map(first: &str, second: &str, lang: Lang) -> Vec<LegendRow> {
    let row = |g: Glyph, en: &str, ru: &str| LegendRow::Row(g, lang.pick(en, ru).to_string());
    vec![
        LegendRow::Head(lang.pick("Legend", "Условные обозначения").to_string()),
        LegendRow::Sides,
        row(Glyph::Swatch("neutral".into()), "neutral", "нейтральные"),
        row(
            Glyph::Disc {
                fill: first.to_string(),
                rim: second.to_string(),
                label: "2".into(),
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
            Glyph::Ring {
                ring: second.to_string(),
                fill: first.to_string(),
            },
            "siege: dashed ring in the besieger's colour",
            "осада: пунктирное кольцо цвета осаждающего",
        ),
        LegendRow::Gap(4.0),
        row(
            Glyph::Badge(Badge::Chain(second.to_string())),
            "blockade: enemy fleet in the offshore sea",
            "блокада: вражеский флот в море порта",
        ),
        LegendRow::Gap(4.0),
    ]
}

/// The legend's rows for the blocks as one side sees them: its own open, the enemy's
/// hidden.
fn legend_of_the_blocks(me: &str, other: &str, lang: Lang) -> Vec<LegendRow> {
    let row = |g: Glyph, en: &str, ru: &str| LegendRow::Row(g, lang.pick(en, ru).to_string());
    vec![
        row(
            Glyph::Piece {
                side: me.to_string(),
                face: "3".into(),
            },
            "your block: steps shown",
            "ваш блок: число — БС",
        ),
        row(
            Glyph::HiddenPiece(other.to_string()),
            "enemy block: hidden, one square each",
            "вражеский блок: скрыт, по квадрату на блок",
        ),
        rim_row(me, lang),
    ]
}

/// The legend's row of a block inside besieged walls, drawn in `side`'s colour.
fn rim_row(side: &str, lang: Lang) -> LegendRow {
    LegendRow::Row(
        Glyph::RimmedPiece(side.to_string()),
        lang.pick(
            "dark rim: inside besieged walls",
            "тёмная рамка: в осаждённых стенах",
        )
        .to_string(),
    )
}

/// The first two sides of the map's order (the first twice when there is one): the
/// colours of the legend's sample pieces.
fn first_two(sides: &[(String, String)]) -> (String, String) {
    let first = sides.first().map(|(id, _)| id.clone()).unwrap_or_default();
    let second = sides
        .get(1)
        .map(|(id, _)| id.clone())
        .unwrap_or(first.clone());
    (first, second)
}

/// The legend's rows for last turn: moves, battles, assaults, attrition, fallen cities.
fn legend_of_the_turn(first: &str, second: &str, lang: Lang) -> Vec<LegendRow> {
    let row = |g: Glyph, en: &str, ru: &str| LegendRow::Row(g, lang.pick(en, ru).to_string());
    let arrow = |dash: &str| Glyph::Arrow {
        side: second.to_string(),
        dash: dash.to_string(),
    };
    let badge = |b: Badge| Glyph::Badge(b);
    vec![
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
            badge(Badge::Blades(first.to_string())),
            "battle: rim in the winner's colour",
            "битва: обод цвета победителя",
        ),
        LegendRow::Gap(6.0),
        row(
            badge(Badge::Burst {
                side: second.to_string(),
                hollow: false,
            }),
            "assault (sortie: hollow)",
            "штурм (вылазка: полый)",
        ),
        LegendRow::Gap(6.0),
        row(
            badge(Badge::Hourglass(second.to_string())),
            "siege attrition",
            "осадное истощение",
        ),
        LegendRow::Gap(6.0),
        row(
            badge(Badge::Flag(second.to_string())),
            "city fallen: flag of the taker",
            "город взят: флаг взявшего",
        ),
    ]
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
    let mut notes = vec![prestige_note(sc, v, lang)];
    notes.extend(turn_note(sc, v, lang));
    let (pool, gone) = off_the_map(v);
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
    notes.push(deck_note(v, lang));
    notes
}

/// A side's name in the notes' words.
fn note_name(sc: &Scenario, s: &str, lang: Lang) -> String {
    match lang {
        Lang::En => side_name(sc, s),
        _ => words::side(sc, s, lang, Case::Nom),
    }
}

/// Prestige: who leads, by how much.
fn prestige_note(sc: &Scenario, v: &View, lang: Lang) -> String {
    match (v.prestige.points, lang) {
        (0, Lang::En) => "Prestige: level (0)".to_string(),
        (0, _) => "Престиж: поровну (0)".to_string(),
        (p, Lang::En) => format!(
            "Prestige: {} leads by {p}",
            note_name(sc, &v.prestige.leader, lang)
        ),
        (p, _) => format!(
            "Престиж: {} впереди на {p}",
            note_name(sc, &v.prestige.leader, lang)
        ),
    }
}

/// Whose player turn it is, in a player turn.
fn turn_note(sc: &Scenario, v: &View, lang: Lang) -> Option<String> {
    match &v.phase {
        Phase::PlayerTurn { side, .. } => Some(
            lang.pick("Player turn of ", "Тур игрока: ").to_string() + &note_name(sc, side, lang),
        ),
        _ => None,
    }
}

/// The cards left in the deck.
fn deck_note(v: &View, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "Deck: {}",
            Lang::En.count(v.deck, ["card", "cards"], ["", "", ""])
        ),
        _ => format!("Карт в колоде: {}", v.deck),
    }
}

/// The side's blocks in its pool and eliminated.
fn off_the_map(v: &View) -> (usize, usize) {
    let pool = v.blocks.iter().filter(|b| b.status == Status::Pool).count();
    let gone = v
        .blocks
        .iter()
        .filter(|b| b.status == Status::Eliminated)
        .count();
    (pool, gone)
}

/// One line of a turn's timeline on the site (`Rules::seen_line`): what `seen` was, with
/// `who` (the side's name) and `at` (its route or place).
pub fn seen_line(seen: &Seen, who: &str, at: &str, lang: Lang) -> String {
    match (seen.what.as_str(), lang) {
        ("move", Lang::En) => format!("{who} moved {} block(s): {at}", seen.count),
        ("move", Lang::Ru) => format!("{who}: перемещение, блоков {}: {at}", seen.count),
        ("sail", Lang::En) => format!("{who} sailed {} block(s): {at}", seen.count),
        ("sail", Lang::Ru) => format!("{who}: плавание, блоков {}: {at}", seen.count),
        ("retreat", Lang::En) => format!("{who} retreated {} block(s): {at}", seen.count),
        ("retreat", Lang::Ru) => format!("{who}: отступление, блоков {}: {at}", seen.count),
        ("battle", Lang::En) => format!("battle at {at}"),
        ("battle", Lang::Ru) => format!("битва: {at}"),
        ("naval-battle", Lang::En) => format!("naval battle at {at}"),
        ("naval-battle", Lang::Ru) => format!("морская битва: {at}"),
        ("assault", Lang::En) => format!("{who} assaulted {at}"),
        ("assault", Lang::Ru) => format!("{who}: штурм, {at}"),
        ("sortie", Lang::En) => format!("sortie from {at}"),
        ("sortie", Lang::Ru) => format!("вылазка: {at}"),
        ("attrition", Lang::En) => format!("attrition at {at}"),
        ("attrition", Lang::Ru) => format!("истощение: {at}"),
        ("siege", Lang::En) => format!("{who} laid siege to {at}"),
        ("siege", Lang::Ru) => format!("{who}: осада, {at}"),
        ("fall", Lang::En) => format!("{at} fell to {who}"),
        ("fall", Lang::Ru) => format!("{at}: город взят, {who}"),
        _ => seen.plain_line(who, at),
    }
}
