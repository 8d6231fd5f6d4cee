//! The map picture of a view (MapPicture) in Successors' own words: spaces with their
//! control markers and sieges (siege points), seas, roads, straits and coasts, the
//! independents' off-map boxes, every army (armies are open in Successors: a general and
//! his CUs) and the independent armies, fleets per player, one colour per house and one
//! for the independents (from the scenario), the legend and tooltips, and what happened
//! last round (`last_turn`: moves, battles, assaults and subjugations, sallies, spaces
//! taken). Built from the view alone: the hand shown is the player's own, and nothing
//! else of the Tyche deck is drawn.

use super::words;
use crate::model::events::{Event, Who};
use crate::model::scenario::{Kind, Scenario, Space};
use crate::model::sight::View;
use crate::model::state::{State, INDEPENDENT};
use dikast_core::game::Seen;
use dikast_core::lang::Lang;
use dikast_core::map::{
    Badge, Disc, Dress, Glyph, LegendRow, Link, LinkKind, MapPicture, Mark, Piece, Place, Port,
    Roster, SeaMark, Trail, Whole,
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
    let mut sides: Vec<(String, String)> = v
        .players
        .iter()
        .map(|p| (p.clone(), words::player(sc, p, lang)))
        .collect();
    sides.push((
        INDEPENDENT.to_string(),
        words::player(sc, INDEPENDENT, lang),
    ));
    let st = v.as_state();
    let mut places: Vec<Place> = sc
        .spaces
        .iter()
        .map(|s| space(sc, v, &st, s, lang))
        .collect();
    places.extend(boxes(sc, lang));
    let mut roster: Vec<(String, Vec<String>)> = Vec::new();
    let mut pieces = armies(sc, v, lang, &mut roster);
    pieces.extend(independents(sc, v, lang, &mut roster));
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
        whole: Some(whole(sc, v, &other, lang)),
    };
    MapPicture {
        title: lang.pick(sc.title.clone(), sc.title_ru.clone()),
        side: v.me.clone(),
        sides,
        places,
        seas: sc
            .seas
            .iter()
            .map(|s| SeaMark {
                name: s.id.clone(),
                xy: s.xy,
            })
            .collect(),
        links: links(sc),
        pieces,
        hidden: Vec::new(),
        notes: notes(sc, v, lang),
        trails: Vec::new(),
        marks: Vec::new(),
        dress,
    }
}

/// A space: its disc in its control marker's colour with the siege points it needs, a
/// ring for a siege, its port; the tooltip with kind, port, assault modifier, control and
/// siege points.
fn space(sc: &Scenario, v: &View, st: &State, s: &Space, lang: Lang) -> Place {
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
    let besieged = st.besieged(&s.id);
    let tip = space_tip(
        sc,
        s,
        &control,
        needed,
        points,
        besieger.as_deref(),
        besieged,
        lang,
    );
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
    let port = offshore.map(|off| Port {
        tip: lang.pick(
            format!("{}: port on {off}", s.id),
            format!("{}: порт на {off}", s.id),
        ),
        sea: off,
        barred: None,
    });
    Place {
        name: s.id.clone(),
        xy: s.xy,
        tip,
        disc: Some(Disc {
            label: needed.to_string(),
            fill: control.clone(),
            rim: control,
            ring,
            port,
        }),
    }
}

/// A space's tooltip: region, kind, port, assault modifier, control marker, the siege
/// points it falls at and those reached.
#[allow(clippy::too_many_arguments)]
fn space_tip(
    sc: &Scenario,
    s: &Space,
    control: &str,
    needed: u32,
    points: u32,
    besieger: Option<&str>,
    besieged: bool,
    lang: Lang,
) -> String {
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
    tip.push_str(&match control {
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
    if let Some(b) = besieger {
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
    tip
}

/// The independents' boxes, off the map: places of their own.
fn boxes(sc: &Scenario, lang: Lang) -> Vec<Place> {
    sc.boxes
        .iter()
        .map(|b| {
            let who: Vec<String> = sc
                .independents
                .iter()
                .filter(|i| i.start == b.id)
                .map(|i| words::independent(sc, &i.id, lang))
                .collect();
            Place {
                name: b.id.clone(),
                xy: b.xy,
                tip: lang.pick(
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
                disc: None,
            }
        })
        .collect()
}

/// Roads, straits, the boxes joined to where their armies enter, ports to their seas.
fn links(sc: &Scenario) -> Vec<Link> {
    let land = |a: &str, b: &str| Link {
        kind: LinkKind::Land,
        a: a.to_string(),
        b: b.to_string(),
    };
    let mut links: Vec<Link> = sc.land.iter().map(|[a, b]| land(a, b)).collect();
    links.extend(sc.straits.iter().map(|s| land(&s.a, &s.b)));
    for b in &sc.boxes {
        links.extend(b.enters.iter().map(|e| land(&b.id, e)));
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
    links
}

/// Adds `item` to the roster's list of the place `at`.
fn list(roster: &mut Vec<(String, Vec<String>)>, at: &str, item: String) {
    match roster.iter_mut().find(|(p, _)| p == at) {
        Some((_, l)) => l.push(item),
        None => roster.push((at.to_string(), vec![item])),
    }
}

/// Every army (armies are open): a square in its player's colour, its CUs on the face,
/// a dark rim inside besieged walls; listed in the roster.
fn armies(
    sc: &Scenario,
    v: &View,
    lang: Lang,
    roster: &mut Vec<(String, Vec<String>)>,
) -> Vec<Piece> {
    let mut pieces = Vec::new();
    for a in &v.armies {
        let battle = sc.general(&a.general).map(|g| g.battle).unwrap_or(0);
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
        let player = words::player(sc, &a.player, lang);
        let tip = lang.pick(
            format!(
                "{} ({player}): {cus}{mac}, battle {battle}, at {}{}",
                a.general,
                a.at,
                if walls { ", inside the walls" } else { "" }
            ),
            format!(
                "{name} ({player}): {cus}{mac}, боевой рейтинг {battle}, {}{}",
                a.at,
                if walls { ", внутри стен" } else { "" }
            ),
        );
        let walls_said = if walls {
            lang.pick(" in the walls", " в стенах")
        } else {
            ""
        };
        list(
            roster,
            &a.at,
            format!("{name} ({player}) {cus}{walls_said}"),
        );
        pieces.push(Piece {
            side: a.player.clone(),
            at: a.at.clone(),
            face: a.cus.to_string(),
            tip,
            dark_rim: walls,
        });
    }
    pieces
}

/// The independent armies on the map, in the independents' colour; listed in the roster.
fn independents(
    sc: &Scenario,
    v: &View,
    lang: Lang,
    roster: &mut Vec<(String, Vec<String>)>,
) -> Vec<Piece> {
    let mut pieces = Vec::new();
    for i in v.independents.iter().filter(|i| !i.removed) {
        let name = words::independent(sc, &i.id, lang);
        let cus = lang.count(i.cus, ["CU", "CUs"], ["БЧ", "БЧ", "БЧ"]);
        let battle = sc.independent(&i.id).map(|d| d.battle).unwrap_or(0);
        let tip = lang.pick(
            format!(
                "{name} (independent army): {cus}, battle {battle}, at {}",
                i.at
            ),
            format!(
                "{name} (независимая армия): {cus}, боевой рейтинг {battle}, {}",
                i.at
            ),
        );
        list(roster, &i.at, format!("{name} {cus}"));
        pieces.push(Piece {
            side: INDEPENDENT.to_string(),
            at: i.at.clone(),
            face: i.cus.to_string(),
            tip,
            dark_rim: false,
        });
    }
    pieces
}

/// The panel's position: game turn and round, each player's VP and fleets, one's hand.
fn notes(sc: &Scenario, v: &View, lang: Lang) -> Vec<String> {
    let mut notes = position_notes(sc, v, lang);
    notes.push(lang.pick(
        format!("Your hand: {}", v.hand.join(", ")),
        format!("Ваша рука: {}", v.hand.join(", ")),
    ));
    notes
}

/// The notes every player's map has alike: game turn and round, each player's VP and
/// fleets.
fn position_notes(sc: &Scenario, v: &View, lang: Lang) -> Vec<String> {
    let st = v.as_state();
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
    notes
}

/// The words of the whole position (`Dress::whole`): the legend with no army called
/// "yours", the notes every player's map shares with what the map shows said first, and
/// this player's hand (its cards: the whole position shows every hand) by name.
fn whole(sc: &Scenario, v: &View, other: &str, lang: Lang) -> Whole {
    let me = v.me.as_str();
    let row = |g: Glyph, en: &str, ru: &str| LegendRow::Row(g, lang.pick(en, ru).to_string());
    let mut legend = legend_of_the_map(me, other, lang);
    legend.extend([row(
        Glyph::Piece {
            side: me.to_string(),
            face: "4".into(),
        },
        "army, any player's: a general, number = CUs",
        "армия любого игрока: генерал, число — БЧ",
    )]);
    legend.extend(legend_of_independents_and_walls(other, lang));
    legend.extend(legend_of_the_round(me, other, lang));
    let mut shared = vec![lang
        .pick(
            "Every player's armies and hand shown",
            "Показаны армии и карты всех игроков",
        )
        .to_string()];
    shared.extend(position_notes(sc, v, lang));
    let hand = if v.hand.is_empty() {
        lang.pick("none", "нет карт").to_string()
    } else {
        v.hand.join(", ")
    };
    let who = words::player(sc, &v.me, lang);
    Whole {
        legend,
        shared,
        own: vec![lang.pick(
            format!("{who} — hand: {hand}"),
            format!("{who} — на руке: {hand}"),
        )],
    }
}

/// The picture in `lang` with what happened last round (`last`) drawn on it.
pub fn picture_of_turn(sc: &Scenario, v: &View, last: &[Seen], lang: Lang) -> MapPicture {
    let mut pic = picture_in(sc, v, lang);
    let name = |id: &str| {
        if id == INDEPENDENT || v.players.iter().any(|p| p == id) {
            words::player(sc, id, lang)
        } else {
            id.to_string()
        }
    };
    for x in last {
        let Some(phrase) = seen_phrase(&x.what, lang) else {
            continue;
        };
        let at = match x.what.as_str() {
            "move" | "sail" | "retreat" => x.at.join(" → "),
            _ => x.at.first().cloned().unwrap_or_default(),
        };
        let mut tip = format!(
            "{}{}",
            lang.pick("Last round: ", "Прошлый ход: "),
            fill(phrase, &name(&x.side), &at)
        );
        if x.what == "battle" {
            let winner = x.winner.as_deref().map(&name).unwrap_or_default();
            tip.push_str(&lang.pick("; {} won", "; победа: {}").replace("{}", &winner));
        }
        match x.what.as_str() {
            "move" => pic.trails.push(Trail::of(x, "", 3.2, tip)),
            "sail" => pic.trails.push(Trail::of(x, "9 4", 3.2, tip)),
            "retreat" => pic.trails.push(Trail::of(x, "2.5 3", 2.2, tip)),
            "battle" => {
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
            "fall" => pic
                .marks
                .push(Mark::of(x, Badge::Flag(x.side.clone()), tip)),
            _ => {}
        }
    }
    pic
}

/// A kind of last round's happening in the game's words, with `{who}` (the house) and
/// `{at}` (a move's route, else its space) to fill in: the map's tooltips (after "Last
/// round: ", a battle's winner after it) and the site's timeline (`seen_line`) say it alike.
fn seen_phrase(what: &str, lang: Lang) -> Option<&'static str> {
    let (en, ru) = match what {
        "move" => ("{who}'s army marched: {at}", "армия ({who}) прошла: {at}"),
        "sail" => ("{who}'s army sailed: {at}", "армия ({who}) переплыла: {at}"),
        "retreat" => (
            "{who}'s army retreated or avoided battle: {at}",
            "армия ({who}) отступила или уклонилась от боя: {at}",
        ),
        "battle" => (
            "battle at {at}, {who} attacking",
            "битва у {at}, нападал {who}",
        ),
        "assault" => (
            "{who} assaulted or subjugated {at}",
            "{who} — штурм или подчинение {at}",
        ),
        "sortie" => ("{who} sallied from {at}", "{who} — вылазка из {at}"),
        "fall" => ("{at} taken by {who}", "{at} взят, взял {who}"),
        _ => return None,
    };
    Some(lang.pick(en, ru))
}

/// `phrase` with `{who}` and `{at}` filled in, in one pass: a name holding either
/// placeholder stays as written.
fn fill(phrase: &str, who: &str, at: &str) -> String {
    let mut out = String::new();
    for (i, part) in phrase.split("{who}").enumerate() {
        if i > 0 {
            out.push_str(who);
        }
        let mut pieces = part.split("{at}");
        out.push_str(pieces.next().unwrap_or_default());
        for piece in pieces {
            out.push_str(at);
            out.push_str(piece);
        }
    }
    out
}

/// The legend in the game's words: the map's marks, then last round's.
fn legend(me: &str, other: &str, lang: Lang) -> Vec<LegendRow> {
    let mut rows = legend_of_the_map(me, other, lang);
    rows.extend(legend_of_the_armies(me, other, lang));
    rows.extend(legend_of_the_round(me, other, lang));
    rows
}

/// The legend's rows for the map itself: control, sieges, ports, boxes, seas, roads
/// (the armies follow: `legend_of_the_armies`, or the whole position's).
fn legend_of_the_map(me: &str, other: &str, lang: Lang) -> Vec<LegendRow> {
    let row = |g: Glyph, en: &str, ru: &str| LegendRow::Row(g, lang.pick(en, ru).to_string());
    vec![
        LegendRow::Head(lang.pick("Legend", "Условные обозначения").to_string()),
        LegendRow::Sides,
        row(
            Glyph::Swatch("neutral".into()),
            "no control marker",
            "нет маркера контроля",
        ),
        row(
            Glyph::Disc {
                fill: me.to_string(),
                rim: me.to_string(),
                label: "3".into(),
            },
            "space: control marker's colour; siege points it needs",
            "зона: цвет маркера контроля; очки осады для взятия",
        ),
        LegendRow::Gap(4.0),
        row(
            Glyph::Ring {
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
    ]
}

/// The legend's rows for the armies as one player sees them: his own, the others'
/// (armies are open), the independents'.
fn legend_of_the_armies(me: &str, other: &str, lang: Lang) -> Vec<LegendRow> {
    let row = |g: Glyph, en: &str, ru: &str| LegendRow::Row(g, lang.pick(en, ru).to_string());
    let mut rows = vec![
        row(
            Glyph::Piece {
                side: me.to_string(),
                face: "4".into(),
            },
            "your army: a general, number = CUs",
            "ваша армия: генерал, число — БЧ",
        ),
        row(
            Glyph::Piece {
                side: other.to_string(),
                face: "3".into(),
            },
            "another player's army (armies are open)",
            "армия другого игрока (армии открыты)",
        ),
    ];
    rows.extend(legend_of_independents_and_walls(me, lang));
    rows
}

/// The legend's rows every map of armies has, a player's or the whole position's: the
/// independents' army and the rim of an army inside besieged walls (in `rim`'s colour).
fn legend_of_independents_and_walls(rim: &str, lang: Lang) -> Vec<LegendRow> {
    let row = |g: Glyph, en: &str, ru: &str| LegendRow::Row(g, lang.pick(en, ru).to_string());
    vec![
        row(
            Glyph::Piece {
                side: INDEPENDENT.to_string(),
                face: "5".into(),
            },
            "independent army",
            "независимая армия",
        ),
        row(
            Glyph::RimmedPiece(rim.to_string()),
            "dark rim: inside besieged walls",
            "тёмная рамка: внутри осаждённых стен",
        ),
    ]
}

/// The legend's rows for last round: moves, battles, assaults, spaces taken.
fn legend_of_the_round(me: &str, other: &str, lang: Lang) -> Vec<LegendRow> {
    let row = |g: Glyph, en: &str, ru: &str| LegendRow::Row(g, lang.pick(en, ru).to_string());
    let arrow = |dash: &str| Glyph::Arrow {
        side: other.to_string(),
        dash: dash.to_string(),
    };
    vec![
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
            Glyph::Badge(Badge::Blades(me.to_string())),
            "battle: rim in the winner's colour",
            "битва: обод цвета победителя",
        ),
        LegendRow::Gap(6.0),
        row(
            Glyph::Badge(Badge::Burst {
                side: other.to_string(),
                hollow: false,
            }),
            "assault or subjugation (sally: hollow)",
            "штурм или подчинение (вылазка: полый)",
        ),
        LegendRow::Gap(6.0),
        row(
            Glyph::Badge(Badge::Flag(other.to_string())),
            "space taken: flag of the taker",
            "зона взята: флаг взявшего",
        ),
    ]
}

/// What every player saw happen (armies are open): moves along their routes, retreats,
/// battles with their winner, assaults and subjugations, sallies, spaces taken.
pub fn last_turn(before: &State, events: &[Event]) -> Vec<Seen> {
    let mut out: Vec<Seen> = Vec::new();
    // The move each army is on (its index in `out`), to extend its route.
    let mut moving: BTreeMap<String, usize> = BTreeMap::new();
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
                        let at = vec![from.clone(), to.clone()];
                        out.push(seen(what, player_of(before, who), at, 1, None));
                    }
                }
            }
            Event::Retreat {
                who, to: Some(_), ..
            } => {
                moving.remove(&format!("{who:?}"));
                out.extend(seen_of(before, e));
            }
            _ => out.extend(seen_of(before, e)),
        }
    }
    one_mark_per_place(out)
}

/// The player an army belongs to (an independent's: the independents).
fn player_of(before: &State, who: &Who) -> String {
    match who {
        Who::General(g) => before
            .army(g)
            .map(|a| a.player.clone())
            .unwrap_or_else(|| INDEPENDENT.to_string()),
        Who::Independent(_) => INDEPENDENT.to_string(),
    }
}

fn seen(what: &str, side: String, at: Vec<String>, count: u32, winner: Option<String>) -> Seen {
    Seen {
        what: what.to_string(),
        side,
        at,
        count,
        winner,
        to: Vec::new(),
    }
}

/// What an event other than a move shows on the map, if anything.
fn seen_of(before: &State, e: &Event) -> Option<Seen> {
    match e {
        Event::Retreat {
            who,
            from,
            to: Some(to),
        } => Some(seen(
            "retreat",
            player_of(before, who),
            vec![from.clone(), to.clone()],
            1,
            None,
        )),
        Event::Avoid {
            general,
            space,
            to: Some(to),
            ..
        } => Some(seen(
            "retreat",
            player_of(before, &Who::General(general.clone())),
            vec![space.clone(), to.clone()],
            1,
            None,
        )),
        Event::Battle {
            space,
            attacker,
            defenders,
            attacker_won,
            ..
        } => {
            let a = player_of(before, attacker);
            let d = defenders
                .first()
                .map(|d| player_of(before, d))
                .unwrap_or_default();
            let w = if *attacker_won { a.clone() } else { d };
            Some(seen("battle", a, vec![space.clone()], 0, Some(w)))
        }
        Event::Assault { player, space, .. } => Some(seen(
            "assault",
            player.clone(),
            vec![space.clone()],
            0,
            None,
        )),
        Event::Sally { player, space, .. } => {
            Some(seen("sortie", player.clone(), vec![space.clone()], 0, None))
        }
        Event::Captured { space, player, .. } => {
            Some(seen("fall", player.clone(), vec![space.clone()], 0, None))
        }
        _ => None,
    }
}

/// One mark per assault and sally place and side (several rolls are one assault).
fn one_mark_per_place(out: Vec<Seen>) -> Vec<Seen> {
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

/// One line of a round's timeline on the site (`Rules::seen_line`): what `seen` was, with
/// `who` (the house's name) and `at` (its route or space), in the words of the map's
/// tooltips (`seen_phrase`): armies, not blocks.
pub fn seen_line(seen: &Seen, who: &str, at: &str, lang: Lang) -> String {
    match seen_phrase(&seen.what, lang) {
        Some(phrase) => fill(phrase, who, at),
        None => seen.plain_line(who, at),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::scenario::SUCCESSORS_323;
    use dikast_core::map::{render, Heading};

    fn sc() -> Scenario {
        serde_yaml::from_str(SUCCESSORS_323).unwrap()
    }

    fn svg(lang: Lang, players: u32, me: &str, last: &[Seen]) -> String {
        let sc = sc();
        let st = State::start(&sc, players);
        let v = View::of(&st, me);
        let pic = picture_of_turn(&sc, &v, last, lang);
        let head = Heading {
            game: "g".into(),
            turn: 1,
            step: "s".into(),
        };
        render(&pic, &head, lang)
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

    /// The site's timeline speaks of armies, in each language, and a name is kept as
    /// written.
    #[test]
    fn the_timeline_line_speaks_of_armies_not_blocks() {
        for what in [
            "move", "sail", "retreat", "battle", "assault", "sortie", "fall",
        ] {
            let seen = seen(what, "eumenes".into(), vec!["Pella".into()], 2, None);
            for lang in [Lang::En, Lang::Ru] {
                let line = seen_line(&seen, "Eumenes {at}", "Pella → Amphipolis", lang);
                assert!(line.contains("Eumenes {at}"), "{line}");
                assert!(line.contains("Pella → Amphipolis"), "{line}");
                let l = line.to_lowercase();
                assert!(!l.contains("block") && !l.contains("блок"), "{line}");
                assert!(
                    !line.starts_with(&format!("{what}: ")),
                    "{what}: the game's words, not the kind: {line}"
                );
            }
        }
    }
}
