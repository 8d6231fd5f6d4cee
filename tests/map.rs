//! The SVG map (`dikast show FILE --format svg --side S`). For every game of the registry
//! (`games::builtin()`), every view of its played demo turns in every language: well-formed
//! XML, every place named, every mark with the game's words, hidden pieces blank, the same
//! bytes twice, and a side's map from the game file the same as from its view. For
//! Hellenes besides: nothing of the enemy's blocks but their count and place, hostile
//! names escaped, the same bytes from every run, the map data (control, sieges,
//! blockades) taken from the rules, last turn drawn, the pictures of docs/map.md.
//!
//! The SVG is parsed with a real XML parser (roxmltree), never checked by string search
//! alone. Looking at the drawing is a separate, manual check: `scripts/render-map`
//! (docs/map.md).

use dikast::game::{sha256_hex, to_yaml, DiceState, GameFile, ScenarioRef};
use dikast::games::hellenes::scenario::{BlockKind, Scenario};
use dikast::games::hellenes::state::{Siege, State, Status};
use dikast::games::hellenes::{Hellenes, HELLENES_431};
use dikast::lang::Lang;
use dikast::map::{
    render, Disc, Heading, HiddenGroup, Link, LinkKind, MapPicture, Piece, Place, Port, SeaMark,
};
use dikast::pipeline;
use dikast::rules::{opening_file, Rules};
use dikast::show::Format;
use dikast::show::{show, Shown};
use std::path::{Path, PathBuf};
use std::process::Command;

fn scenario() -> Scenario {
    Hellenes::load_scenario(HELLENES_431).expect("the embedded scenario loads")
}

/// A game file awaiting turn 1 of a scenario, its start state changed by `edit`. An
/// embedded scenario is named; any other travels inline, as `dikast new` writes it.
fn game_file(text: &str, edit: impl FnOnce(&mut State)) -> Vec<u8> {
    let sc = Hellenes::load_scenario(text).expect("test scenario loads");
    let mut state = Hellenes::start(&sc, &Default::default()).unwrap();
    edit(&mut state);
    let embedded = text == HELLENES_431;
    let game = opening_file::<Hellenes>(
        &sc,
        ScenarioRef {
            name: if embedded {
                "hellenes-431".into()
            } else {
                "map-test".into()
            },
            sha256: sha256_hex(text.as_bytes()),
            text: (!embedded).then(|| text.to_string()),
        },
        "map-test",
        1,
        DiceState::of(1, &[0; 32], &[0; 32]),
        state,
    );
    to_yaml(&game).into_bytes()
}

fn svg_of(game: &[u8], side: &str) -> String {
    match show::<Hellenes>(Path::new("game.yaml"), game, Some(side), Format::Svg, None) {
        Ok(Shown::Text(s)) => s,
        Ok(other) => panic!("show --format svg gave bytes: {other:?}"),
        Err(e) => panic!("show --format svg failed: {e:?}"),
    }
}

fn parse(svg: &str) -> roxmltree::Document<'_> {
    match roxmltree::Document::parse(svg) {
        Ok(d) => d,
        Err(e) => panic!("the SVG is not well-formed XML: {e}\n{svg}"),
    }
}

/// The whole text of every `<text>` element, in document order.
fn texts(doc: &roxmltree::Document) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            n.descendants()
                .filter(|d| d.is_text())
                .filter_map(|d| d.text())
                .collect::<String>()
        })
        .collect()
}

/// Every `<title>` (tooltip) text.
fn titles(doc: &roxmltree::Document) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("title"))
        .filter_map(|n| n.text().map(str::to_string))
        .collect()
}

/// The `<rect>` elements of one class inside `<g id="blocks">`.
fn block_rects<'a>(doc: &'a roxmltree::Document, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    let g = doc
        .descendants()
        .find(|n| n.has_tag_name("g") && n.attribute("id") == Some("blocks"))
        .expect("the map has a blocks group");
    g.descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("class") == Some(class))
        .collect()
}

/// A state with more to draw than the start: Sparta besieges Plataea (since Spring 431)
/// and has a fleet in the Saronic Gulf, off Athens.
fn war(st: &mut State) {
    for b in &mut st.blocks {
        match b.id.as_str() {
            "SPA-9" | "SPA-10" => {
                b.at = "Plataea".into();
                b.status = Status::Besieging;
            }
            "ATH-7" => b.status = Status::Besieged,
            _ => {}
        }
    }
    let fleet = st
        .blocks
        .iter_mut()
        .find(|b| b.side == "sparta" && b.kind == BlockKind::Fleet && b.status == Status::Field)
        .expect("Sparta has a fleet on the map");
    fleet.at = "Saronic Gulf".into();
    let plataea = st
        .cities
        .iter_mut()
        .find(|c| c.name == "Plataea")
        .expect("Plataea is a city");
    // Through serde, so the test holds whatever optional fields a siege gains.
    let siege: Siege =
        serde_yaml::from_str("{besieger: sparta, year: 431, season: spring}").expect("a siege");
    plataea.siege = Some(siege);
}

#[test]
fn the_431_start_is_well_formed_and_names_every_place() {
    let sc = scenario();
    for side in ["athens", "sparta"] {
        let svg = svg_of(&game_file(HELLENES_431, |_| {}), side);
        let doc = parse(&svg);
        let root = doc.root_element();
        assert!(root.has_tag_name(("http://www.w3.org/2000/svg", "svg")));
        let texts = texts(&doc);
        for a in &sc.areas {
            assert!(
                texts.contains(&a.name),
                "{side}'s map does not name {}",
                a.name
            );
        }
        for s in &sc.seas {
            assert!(
                texts.contains(&s.name),
                "{side}'s map does not name {}",
                s.name
            );
        }
        // The title says game, turn, step and side.
        let head = texts
            .iter()
            .find(|t| t.starts_with("Game map-test"))
            .expect("a heading line");
        let side_name = if side == "athens" { "Athens" } else { "Sparta" };
        assert!(head.contains("turn 1"), "{head}");
        assert!(
            head.contains("431 BC, Spring: setup and the deal"),
            "{head}"
        );
        assert!(head.contains(&format!("as {side_name} sees it")), "{head}");
        assert!(texts.contains(&sc.title));
        assert!(texts.contains(&"Legend".to_string()));
        // Every city value is printed in its disc.
        let cities = sc.areas.iter().filter(|a| a.city.is_some()).count();
        let values = doc
            .descendants()
            .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some("value"))
            .count();
        assert_eq!(values, cities + 1, "one value per city, plus the legend's");
    }
}

#[test]
fn a_side_sees_its_own_blocks_and_only_a_count_of_the_enemy() {
    let game = game_file(HELLENES_431, war);
    let full: GameFile<State> = serde_yaml::from_slice(&game).expect("game file");
    for side in ["athens", "sparta"] {
        let svg = svg_of(&game, side);
        let doc = parse(&svg);
        let on_map = |mine: bool| {
            full.state
                .blocks
                .iter()
                .filter(|b| (b.side == side) == mine)
                .filter(|b| !matches!(b.status, Status::Pool | Status::Eliminated))
                .collect::<Vec<_>>()
        };
        // One square per block: own ones showing steps, enemy ones blank.
        let own = block_rects(&doc, "own");
        let hidden = block_rects(&doc, "hidden");
        assert_eq!(own.len(), on_map(true).len(), "{side}: own squares");
        assert_eq!(hidden.len(), on_map(false).len(), "{side}: enemy squares");
        for r in &hidden {
            let group = r.parent().expect("a hidden square sits in a group");
            let text: String = group
                .descendants()
                .filter(|n| n.has_tag_name("text"))
                .filter_map(|n| n.text())
                .collect();
            assert!(
                text.is_empty(),
                "{side}: an enemy square carries text `{text}`"
            );
        }
        // No enemy id or name anywhere, tooltips included.
        for b in on_map(false) {
            assert!(
                !svg.contains(&b.id),
                "{side}'s map shows enemy block {}",
                b.id
            );
            assert!(
                !svg.contains(&b.name),
                "{side}'s map shows enemy block name {}",
                b.name
            );
        }
        // Own blocks are there with their ids and steps.
        let tips = titles(&doc);
        for b in on_map(true) {
            let tip = tips
                .iter()
                .find(|t| t.starts_with(&format!("{} ", b.id)))
                .unwrap_or_else(|| panic!("{side}: no tooltip for own block {}", b.id));
            assert!(
                tip.contains(&format!("{}/{} steps", b.steps, b.max)),
                "{tip}"
            );
            assert!(tip.contains(&b.rating), "{tip}");
        }
    }
}

#[test]
fn changing_what_the_enemy_hides_does_not_change_a_single_byte() {
    // Athens' map of two states that differ only in what Athens may not know about
    // Sparta's blocks (ids, names, kinds, steps, ratings) must be the same bytes; a
    // change to Athens' own block must show.
    let hide = |st: &mut State| {
        war(st);
        for (i, b) in st.blocks.iter_mut().enumerate() {
            if b.side == "sparta" {
                b.id = format!("SPX-{i}");
                b.name = format!("Secret Company {i}");
                b.kind = if b.kind == BlockKind::Fleet {
                    BlockKind::Fleet
                } else {
                    BlockKind::Archers
                };
                b.max = 4;
                b.steps = if b.steps == 4 { 1 } else { 4 };
                b.rating = "D1".into();
            }
        }
    };
    let base = svg_of(&game_file(HELLENES_431, war), "athens");
    let changed = svg_of(&game_file(HELLENES_431, hide), "athens");
    assert_eq!(base, changed, "Athens' map depends on hidden Spartan facts");

    let own_change = svg_of(
        &game_file(HELLENES_431, |st| {
            war(st);
            let b = st.blocks.iter_mut().find(|b| b.id == "ATH-1").unwrap();
            b.steps = 2;
        }),
        "athens",
    );
    assert_ne!(base, own_change, "Athens' map does not show its own steps");
    // The other side's map does show the change of its own blocks.
    assert_ne!(
        svg_of(&game_file(HELLENES_431, war), "sparta"),
        svg_of(&game_file(HELLENES_431, hide), "sparta")
    );
}

/// The scenario with `old` renamed to `new` everywhere it is named.
fn rename(sc: &mut Scenario, old: &str, new: &str) {
    let fix = |s: &mut String| {
        if s == old {
            *s = new.to_string();
        }
    };
    for a in &mut sc.areas {
        fix(&mut a.name);
        a.land.iter_mut().for_each(fix);
        a.seas.iter_mut().for_each(fix);
        if let Some(c) = &mut a.city {
            if let Some(o) = &mut c.offshore {
                fix(o);
            }
        }
    }
    for s in &mut sc.seas {
        fix(&mut s.name);
        s.seas.iter_mut().for_each(fix);
    }
    for b in &mut sc.blocks {
        fix(&mut b.home);
        fix(&mut b.at);
    }
}

#[test]
fn hostile_names_are_escaped() {
    let mut sc = scenario();
    let city = r#"A<b>&"c""#;
    let sea = "Gulf of 'x' </text><script>";
    let title = r#"Hellenes <script>alert(1)</script> & "quotes""#;
    let side = "Sparta & <Co>";
    let block = r#"Hoplites "<1>" & 'co'"#;
    rename(&mut sc, "Potidaea", city);
    rename(&mut sc, "Thermaic Gulf", sea);
    sc.title = title.into();
    sc.sides[1].name = side.into();
    sc.blocks[0].name = block.into();
    sc.areas[0].region = "<Attica & co>".into();
    let text = to_yaml(&sc);
    let svg = svg_of(&game_file(&text, war), "athens");
    let doc = parse(&svg);
    assert!(
        doc.descendants().all(|n| !n.has_tag_name("script")),
        "a name became markup"
    );
    let texts = texts(&doc);
    for name in [city, sea, title] {
        assert!(texts.iter().any(|t| t == name), "`{name}` is not printed");
    }
    assert!(texts.iter().any(|t| t == side), "the side's name");
    let tips = titles(&doc);
    assert!(tips.iter().any(|t| t.contains(block)), "the block's name");
    assert!(
        tips.iter().any(|t| t.contains("(<Attica & co>)")),
        "the region"
    );
    // Only our own elements: one root, and no attribute broken open by a quote.
    assert!(doc.descendants().all(|n| !n.has_tag_name("b")));
}

#[test]
fn control_characters_cannot_break_the_xml() {
    // A picture made by hand: every piece of text carries characters XML 1.0 forbids.
    let bad = "Bad\u{1}name\u{fffe} <&> \"'";
    let pic = MapPicture {
        title: bad.into(),
        side: "a".into(),
        sides: vec![("a".into(), bad.into()), ("b".into(), bad.into())],
        places: vec![Place {
            name: bad.into(),
            xy: [500, 350],
            tip: bad.into(),
            disc: Some(Disc {
                label: bad.into(),
                fill: "a".into(),
                rim: "b".into(),
                ring: Some("b".into()),
                port: Some(Port {
                    sea: "Sea\u{7}".into(),
                    tip: bad.into(),
                    barred: Some("b".into()),
                }),
            }),
        }],
        seas: vec![SeaMark {
            name: "Sea\u{7}".into(),
            xy: [600, 400],
        }],
        links: vec![Link {
            kind: LinkKind::Coast,
            a: bad.into(),
            b: "Sea\u{7}".into(),
        }],
        pieces: vec![Piece {
            side: "a".into(),
            at: bad.into(),
            face: bad.into(),
            tip: bad.into(),
            dark_rim: true,
        }],
        hidden: vec![HiddenGroup {
            side: "b".into(),
            at: "Sea\u{7}".into(),
            count: 2,
            tip: bad.into(),
            dark_rim: false,
        }],
        notes: vec![bad.into()],
        ..Default::default()
    };
    let head = Heading {
        game: bad.into(),
        turn: 7,
        step: bad.into(),
    };
    let svg = render(&pic, &head, Lang::En);
    let doc = parse(&svg);
    let shown = "Bad\u{fffd}name\u{fffd} <&> \"'";
    assert!(texts(&doc).iter().any(|t| t == shown));
    assert_eq!(block_rects(&doc, "own").len(), 1);
    assert_eq!(block_rects(&doc, "hidden").len(), 2);
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dikast-map-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

#[test]
fn same_bytes_from_every_run_and_from_the_view_file() {
    let game = game_file(HELLENES_431, war);
    let dir = scratch("determinism");
    let path = dir.join("game.yaml");
    std::fs::write(&path, &game).unwrap();
    let run = || {
        let out = Command::new(env!("CARGO_BIN_EXE_dikast"))
            .arg("show")
            .arg(&path)
            .args(["--side", "sparta", "--format", "svg"])
            .output()
            .expect("dikast runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    // Two processes (hash maps would seed differently) and this one.
    let first = run();
    assert_eq!(first, run());
    let here = svg_of(&game, "sparta");
    assert_eq!(first, here.as_bytes());

    // The view file the campaign gives Sparta draws the same map.
    let sc = scenario();
    let g: GameFile<State> = serde_yaml::from_slice(&game).unwrap();
    let view = to_yaml(&pipeline::make_view::<Hellenes>(&sc, &g, &game, "sparta"));
    let from_view = match show::<Hellenes>(
        Path::new("view.yaml"),
        view.as_bytes(),
        None,
        Format::Svg,
        None,
    ) {
        Ok(Shown::Text(s)) => s,
        Ok(other) => panic!("{other:?}"),
        Err(e) => panic!("{e:?}"),
    };
    assert_eq!(from_view, here);
    // A game file without --side is the moderator's whole position: every side's blocks
    // whole, no hidden group, the same bytes every run, never a side's map.
    let whole = || {
        let out = Command::new(env!("CARGO_BIN_EXE_dikast"))
            .arg("show")
            .arg(&path)
            .args(["--format", "svg"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let w = whole();
    assert_eq!(w, whole());
    assert_ne!(w, here);
    assert!(w.contains("the whole position") && !w.contains("as Sparta sees it"));
    assert!(w.contains("<title>ATH-1 ") && w.contains("<title>SPA-1 "));
    assert!(!w.contains(" blocks of ") && !w.contains(" block of "));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn control_sieges_and_blockades_come_from_the_rules() {
    let sc = scenario();
    let game = game_file(HELLENES_431, war);
    let g: GameFile<State> = serde_yaml::from_slice(&game).unwrap();
    let disc = |pic: &MapPicture, name: &str| -> Disc {
        pic.places
            .iter()
            .find(|a| a.name == name)
            .and_then(|a| a.disc.clone())
            .unwrap_or_else(|| panic!("{name} is a city"))
    };
    let port = |pic: &MapPicture, name: &str| -> Port {
        disc(pic, name)
            .port
            .unwrap_or_else(|| panic!("{name} is a port"))
    };
    for side in ["athens", "sparta"] {
        let pic = Hellenes::map(&sc, &Hellenes::view(&sc, &g.state, side));
        // 7.2: Plataea is besieged by Sparta since Spring 431; the besieged control it.
        let plataea = pic.places.iter().find(|a| a.name == "Plataea").unwrap();
        assert_eq!(
            plataea.disc.as_ref().and_then(|d| d.ring.as_deref()),
            Some("sparta")
        );
        assert!(
            plataea
                .tip
                .contains("besieged by Sparta since Spring 431 BC"),
            "{}",
            plataea.tip
        );
        assert_eq!(disc(&pic, "Plataea").fill, "athens");
        // 8.2.1: a Spartan fleet in the Saronic Gulf blockades Athens' ports there, and
        // the Athenian fleet in the Thermaic Gulf blockades Potidaea (Spartan).
        assert_eq!(port(&pic, "Athens").barred.as_deref(), Some("sparta"));
        assert_eq!(port(&pic, "Aegina").barred.as_deref(), Some("sparta"));
        assert_eq!(port(&pic, "Potidaea").barred.as_deref(), Some("athens"));
        // Megara is Sparta's: a Spartan fleet off it is no blockade.
        assert_eq!(port(&pic, "Megara").barred, None);
        // Melos is neutral and besieged by no one: no enemy, no blockade.
        assert_eq!(port(&pic, "Melos").barred, None);
        assert_eq!(disc(&pic, "Melos").fill, "neutral");
        assert_eq!(port(&pic, "Athens").sea, "Saronic Gulf");
        // Besieged blocks are marked as inside the walls, own or hidden.
        if side == "athens" {
            let b = pic
                .pieces
                .iter()
                .find(|b| b.tip.starts_with("ATH-7 "))
                .unwrap();
            assert!(
                b.dark_rim && b.tip.ends_with(", inside the walls"),
                "{}",
                b.tip
            );
            let h = pic.hidden.iter().find(|h| h.at == "Plataea").unwrap();
            assert_eq!((h.count, h.dark_rim, h.side.as_str()), (2, false, "sparta"));
        } else {
            let h = pic.hidden.iter().find(|h| h.at == "Plataea").unwrap();
            assert_eq!((h.count, h.dark_rim), (1, true));
        }
    }
    // The drawing says so too.
    let svg = svg_of(&game, "athens");
    let tips = titles(&parse(&svg));
    assert!(tips
        .iter()
        .any(|t| t.starts_with("Athens: port; offshore sea Saronic Gulf; blockaded by Sparta")));
    assert!(tips.iter().any(|t| t.starts_with("Plataea (Boeotia)")
        && t.contains("besieged by Sparta since Spring 431 BC")));
}

/// A box: x0, y0, x1, y1.
type Box4 = [f64; 4];

fn overlaps(a: &Box4, b: &Box4) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

fn num(n: roxmltree::Node, attr: &str) -> f64 {
    n.attribute(attr)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{attr} of {n:?}"))
}

/// The map's drawing without the legend (which has its own sample marks).
fn map_nodes<'a>(doc: &'a roxmltree::Document) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| {
            !n.ancestors()
                .any(|a| a.has_tag_name("g") && a.attribute("id") == Some("legend"))
        })
        .collect()
}

#[test]
fn blockade_marks_never_sit_on_another_port_or_city() {
    // The worst case: every port of the map blockaded at once (the Saronic Gulf alone has
    // six: Athens, Megara, Aegina, Corinth, Epidaurus, Troezen).
    let sc = scenario();
    let game = game_file(HELLENES_431, war);
    let g: GameFile<State> = serde_yaml::from_slice(&game).unwrap();
    for side in ["athens", "sparta"] {
        let mut pic = Hellenes::map(&sc, &Hellenes::view(&sc, &g.state, side));
        let mut ports = 0;
        for a in &mut pic.places {
            let Some(d) = a.disc.as_mut() else { continue };
            let enemy = if d.fill == "athens" {
                "sparta"
            } else {
                "athens"
            };
            if let Some(p) = d.port.as_mut() {
                p.barred = Some(enemy.into());
                ports += 1;
            }
        }
        assert!(ports > 20, "the 431 map has many ports ({ports})");
        let head = Heading {
            game: "g".into(),
            turn: 1,
            step: "s".into(),
        };
        let svg = render(&pic, &head, Lang::En);
        let doc = parse(&svg);
        let nodes = map_nodes(&doc);
        let marks: Vec<Box4> = nodes
            .iter()
            .filter(|n| n.has_tag_name("path") && n.attribute("class") == Some("blockade"))
            .map(|n| {
                // `M x y-8 l8 8 l-8 8 l-8 -8 z`: the diamond's top corner first.
                let d = n.attribute("d").unwrap();
                let mut it = d
                    .trim_start_matches('M')
                    .split([' ', 'l'])
                    .filter(|s| !s.is_empty());
                let x: f64 = it.next().unwrap().parse().unwrap();
                let y: f64 = it.next().unwrap().parse().unwrap();
                [x - 8.0, y, x + 8.0, y + 16.0]
            })
            .collect();
        assert_eq!(marks.len(), ports, "one mark per blockaded port");
        let harbours: Vec<Box4> = nodes
            .iter()
            .filter(|n| n.has_tag_name("circle") && n.attribute("class") == Some("harbour"))
            .map(|n| {
                let (x, y, r) = (num(*n, "cx"), num(*n, "cy"), num(*n, "r"));
                [x - r, y - r, x + r, y + r]
            })
            .collect();
        assert_eq!(harbours.len(), ports);
        let places = doc
            .descendants()
            .find(|n| n.has_tag_name("g") && n.attribute("id") == Some("places"))
            .unwrap();
        let cities: Vec<Box4> = places
            .descendants()
            .filter(|n| n.has_tag_name("circle") && n.attribute("stroke-width") == Some("2.5"))
            .map(|n| {
                let (x, y, r) = (num(n, "cx"), num(n, "cy"), num(n, "r"));
                [x - r, y - r, x + r, y + r]
            })
            .collect();
        assert!(cities.len() >= ports);
        for (i, m) in marks.iter().enumerate() {
            for (j, h) in harbours.iter().enumerate() {
                assert!(
                    !overlaps(m, h),
                    "{side}: blockade mark {i} {m:?} sits on anchor {j} {h:?}"
                );
            }
            for c in &cities {
                assert!(!overlaps(m, c), "{side}: blockade mark {m:?} on city {c:?}");
            }
            for (k, o) in marks.iter().enumerate() {
                assert!(
                    k == i || !overlaps(m, o),
                    "{side}: two blockade marks overlap"
                );
            }
        }
    }
}

#[test]
fn the_svg_scales_to_its_window_and_the_png_is_its_picture() {
    let game = game_file(HELLENES_431, war);
    let svg = svg_of(&game, "athens");
    let doc = parse(&svg);
    let root = doc.root_element();
    // No fixed size: the window gives the width, the viewBox the proportions.
    assert_eq!(root.attribute("width"), Some("100%"));
    assert_eq!(root.attribute("height"), None);
    let vb: Vec<f64> = root
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(&vb[..2], &[0.0, 0.0]);
    // The PNG of `show --format png` is drawn at the viewBox's size, the same bytes twice.
    let png = match show::<Hellenes>(
        Path::new("game.yaml"),
        &game,
        Some("athens"),
        Format::Png,
        None,
    ) {
        Ok(Shown::Bytes(b)) => b,
        other => panic!("{other:?}"),
    };
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let dim = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
    assert_eq!(
        (dim(16), dim(20)),
        (vb[2].ceil() as u32, vb[3].ceil() as u32)
    );
    assert_eq!(png, dikast::png::render(&svg).unwrap());
    // Through the command line, to a file and to a pipe alike.
    let dir = scratch("png");
    let path = dir.join("game.yaml");
    std::fs::write(&path, &game).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dikast"))
        .arg("show")
        .arg(&path)
        .args(["--side", "athens", "--format", "png"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(out.stdout, png);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The turn docs/map.md shows: in Spring 431, Sparta's first player turn, SPA-9 and the
/// cavalry SPA-11 march from Thebes on Plataea, whose Athenian defender meets them in the
/// field (Athens' standing order) and loses; SPA-9, routed, retreats to Thebes; the siege
/// of Plataea is established; SPA-F1 sails from Corinth into the Saronic Gulf, off Athens
/// and Aegina. The dice are those of the rule case battle/field-battle. Returns the next
/// game file and every side's view.
fn war_turn() -> (Vec<u8>, std::collections::BTreeMap<String, Vec<u8>>) {
    use std::collections::BTreeMap;
    let seed = [9u8; 32];
    let game = game_file(HELLENES_431, |st| {
        st.phase = serde_yaml::from_str("{kind: player-turn, side: sparta, first: true}").unwrap();
        st.initiative = serde_yaml::from_str(
            "{first: sparta, plays: {sparta: {card: C02, for: action}, athens: {card: C03, for: action}}}",
        )
        .unwrap();
        st.standing = serde_yaml::from_str("{athens: {fortify: {Plataea: field}}}").unwrap();
    });
    // The game file's commitment is the seed's image on the open chain.
    let mut g: GameFile<State> = serde_yaml::from_slice(&game).unwrap();
    g.dice.commitment = dikast::dice::to_hex(&dikast::dice::Chain::Open.prev(&seed));
    let game = to_yaml(&g).into_bytes();
    let sparta = format!(
        "game: map-test\nturn: 1\nside: sparta\nbased_on: {}\nactions:\n  - move: [SPA-9, SPA-11]\n    path: [Thebes, Plataea]\n  - sail: SPA-F1\n    path: [Corinth, Saronic Gulf]\n",
        sha256_hex(&game)
    );
    let mut orders = BTreeMap::new();
    orders.insert(
        "sparta".to_string(),
        Some(("sparta.yaml".to_string(), sparta.into_bytes())),
    );
    orders.insert("athens".to_string(), None);
    let forced: BTreeMap<String, Vec<u32>> =
        [("battle:Plataea".to_string(), vec![3, 4, 3, 1, 6, 1, 2, 5])]
            .into_iter()
            .collect();
    let out = pipeline::run_turn::<Hellenes>(&pipeline::TurnInputs {
        next_deadline: None,
        game_name: "game.yaml".into(),
        game_bytes: game,
        orders,
        seed,
        sealed: None,
        fallback: false,
        forced,
        reseeds: Vec::new(),
    })
    .unwrap_or_else(|f| panic!("the war turn: {}", f.render()));
    (out.next_game, out.views)
}

/// Elements of a group (by id) of the SVG with a class starting with `class`.
fn marks<'a>(
    doc: &'a roxmltree::Document,
    group: &str,
    class: &str,
) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("id") == Some(group))
        .flat_map(|g| g.children())
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with(class)))
        .collect()
}

#[test]
fn last_turns_moves_battle_and_siege_are_drawn_from_what_each_side_saw() {
    let (_, views) = war_turn();
    for (side, bytes) in &views {
        let text = String::from_utf8(bytes.clone()).unwrap();
        // The view keeps what happened by place and count, never an enemy block's id.
        let last = text
            .split("\nlast_turn:\n")
            .nth(1)
            .and_then(|t| t.split("\nstate:").next())
            .unwrap_or_else(|| panic!("{side}'s view has no last_turn"));
        assert!(!last.contains("SPA-") && !last.contains("ATH-"), "{last}");
        assert!(last.contains("what: siege"), "the siege of Plataea: {last}");
        let svg = match show::<Hellenes>(Path::new("view.yaml"), bytes, None, Format::Svg, None) {
            Ok(Shown::Text(s)) => s,
            other => panic!("{other:?}"),
        };
        let doc = parse(&svg);
        let moves = marks(&doc, "last-moves", "arrow");
        let kinds: Vec<&str> = moves
            .iter()
            .map(|n| n.attribute("class").unwrap())
            .collect();
        assert_eq!(
            kinds,
            ["arrow move", "arrow sail", "arrow retreat"],
            "{side}: the march, the sailing (both actions), then the rout's retreat (combat)"
        );
        let tips = titles(&doc);
        assert!(
            tips.contains(&"Last turn: Sparta moved 2 blocks: Thebes → Plataea".to_string()),
            "{tips:?}"
        );
        assert!(tips.contains(&"Last turn: Sparta retreated 1 block: Plataea → Thebes".to_string()));
        assert!(
            tips.contains(&"Last turn: Sparta sailed 1 block: Corinth → Saronic Gulf".to_string())
        );
        assert!(tips
            .contains(&"Last turn: battle at Plataea, Sparta attacking; Sparta won".to_string()));
        let happened: Vec<&str> = marks(&doc, "last-events", "happened")
            .iter()
            .map(|n| n.attribute("class").unwrap())
            .collect();
        assert_eq!(happened, ["happened battle"], "{side}");
        if side == "athens" {
            assert!(!svg.contains("SPA-"), "Athens' map names a Spartan block");
        }
    }
    // A view made from the game file alone (`show GAME --side`) is the mailed view.
    let (game, views) = war_turn();
    let from_game = svg_of(&game, "athens");
    let from_view = match show::<Hellenes>(
        Path::new("v.yaml"),
        &views["athens"],
        None,
        Format::Svg,
        None,
    ) {
        Ok(Shown::Text(s)) => s,
        other => panic!("{other:?}"),
    };
    assert_eq!(from_game, from_view);
}

/// Issue 13: a Russian reader's map gives its position notes in Russian, the sides by
/// their Russian names, with the same numbers as the English.
#[test]
fn the_russian_map_gives_its_position_notes_in_russian() {
    let (_, views) = war_turn();
    let svg = |lang| match show::<Hellenes>(
        Path::new("v.yaml"),
        &views["athens"],
        None,
        Format::Svg,
        Some(lang),
    ) {
        Ok(Shown::Text(s)) => s,
        other => panic!("{other:?}"),
    };
    let notes = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| l.contains(r#"class="pt""#))
            .map(|l| {
                l.split('>')
                    .nth(1)
                    .unwrap_or("")
                    .trim_end_matches("</text")
                    .to_string()
            })
            .collect()
    };
    let (en, ru) = (notes(&svg(Lang::En)), notes(&svg(Lang::Ru)));
    assert!(en.iter().any(|n| n.starts_with("Deck: ")), "{en:?}");
    assert_eq!(en.len(), ru.len(), "{en:?} {ru:?}");
    let digits = |n: &String| n.chars().filter(char::is_ascii_digit).collect::<String>();
    for (e, r) in en.iter().zip(&ru) {
        assert_eq!(digits(e), digits(r), "{e} / {r}");
        assert!(
            !r.split(|c: char| !c.is_ascii_alphabetic())
                .any(|w| w.len() >= 2),
            "English left in the Russian note {r}"
        );
    }
    assert!(ru.iter().any(|n| n.contains("Спарта")), "{ru:?}");
}

/// docs/map.md's picture of a turn is what `dikast show VIEW --format png` draws of the
/// war turn's view (`DIKAST_BLESS=1 cargo test --test map` writes it anew).
#[test]
fn the_turn_pictured_in_docs_map_md_is_what_the_command_draws() {
    let (_, views) = war_turn();
    let dir = std::env::temp_dir().join(format!("dikast-map-doc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let doc_png = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/img/map-turn-athens.png");
    for (lang, png) in [
        ("en", doc_png.clone()),
        ("ru", doc_png.with_file_name("map-turn-athens.ru.png")),
    ] {
        let view = dir.join("view-athens.yaml");
        std::fs::write(&view, &views["athens"]).unwrap();
        let out = dir.join(format!("map-{lang}.png"));
        let st = Command::new(env!("CARGO_BIN_EXE_dikast"))
            .arg("show")
            .arg(&view)
            .args(["--format", "png", "--lang", lang, "--out"])
            .arg(&out)
            .status()
            .unwrap();
        assert!(st.success());
        let made = std::fs::read(&out).unwrap();
        if std::env::var("DIKAST_BLESS").is_ok_and(|v| v == "1") {
            std::fs::write(&png, &made).unwrap();
        }
        let shown = std::fs::read(&png).unwrap_or_default();
        assert!(
            shown == made,
            "{} is not what `dikast show view-athens.yaml --format png --lang {lang}` draws (DIKAST_BLESS=1 rewrites it)",
            png.display()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ------------------------------------------------------------------ every game's maps

/// Every embedded scenario of every game in the registry, played: its demo campaign (the
/// orders of `orders-examples/<scenario>/`, built in), or, for a scenario without
/// examples, a new campaign awaiting turn 1. Each as (game id, scenario, folder).
fn played_campaigns(tag: &str) -> Vec<(&'static str, &'static str, PathBuf)> {
    let reg = dikast::games::builtin();
    let mut out = Vec::new();
    for game in reg.games() {
        for &scenario in game.scenario_names() {
            if reg.canonical_scenario(scenario) != Some(scenario) {
                continue; // an alias: the same scenario under an older name
            }
            let dir = scratch(&format!("{tag}-{scenario}"));
            let _ = std::fs::remove_dir_all(&dir);
            if dikast::demo::demo_embedded(&reg, Some(scenario), Some(&dir)).is_err() {
                let _ = std::fs::remove_dir_all(&dir);
                let st = Command::new(env!("CARGO_BIN_EXE_dikast"))
                    .arg("new")
                    .arg(&dir)
                    .args(["--scenario", scenario])
                    .output()
                    .expect("dikast runs");
                assert!(st.status.success(), "new --scenario {scenario}: {st:?}");
            }
            out.push((game.id(), scenario, dir));
        }
    }
    assert!(out.len() >= reg.games().count(), "every game is played");
    out
}

/// Every (turn folder, side, view file) of a campaign, in order.
fn views_of(dir: &Path) -> Vec<(PathBuf, String, PathBuf)> {
    let mut out = Vec::new();
    let mut turns: Vec<PathBuf> = std::fs::read_dir(dir.join("turns"))
        .expect("turns/")
        .flatten()
        .map(|e| e.path())
        .collect();
    turns.sort();
    for t in turns {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&t)
            .expect("a turn folder")
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        for f in files {
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            if let Some(side) = name
                .strip_prefix("view-")
                .and_then(|n| n.strip_suffix(".yaml"))
            {
                out.push((t.clone(), side.to_string(), f.clone()));
            }
        }
    }
    out
}

/// A file's map through the registry, as `dikast show FILE --format svg` draws it.
fn svg_through_registry(game: &str, file: &Path, side: Option<&str>, lang: Lang) -> String {
    let reg = dikast::games::builtin();
    let g = reg.find(game).expect("a game of the registry");
    let bytes = std::fs::read(file).expect("the file");
    match g.show(file, &bytes, side, Format::Svg, Some(lang)) {
        Ok(Shown::Text(s)) => s,
        other => panic!("{}: {other:?}", file.display()),
    }
}

/// The children of a group of the map (by id).
fn group<'a>(doc: &'a roxmltree::Document, id: &str) -> roxmltree::Node<'a, 'a> {
    doc.descendants()
        .find(|n| n.has_tag_name("g") && n.attribute("id") == Some(id))
        .unwrap_or_else(|| panic!("the map has no group `{id}`"))
}

/// A `<g>`'s tooltip, if it has one.
fn tip_of(g: roxmltree::Node) -> Option<String> {
    g.children()
        .find(|c| c.has_tag_name("title"))
        .and_then(|t| t.text())
        .map(str::to_string)
}

/// Issue 29: the map tests serve every game of the registry. Each view of each played
/// turn, in each language: well-formed XML; complete (every group drawn, each place
/// named, every place, port, piece and last-turn mark with a tooltip the game wrote, a
/// legend); hidden pieces blank; the same bytes when drawn again.
#[test]
fn every_games_maps_are_well_formed_complete_and_stable() {
    for (game, scenario, dir) in played_campaigns("complete") {
        let views = views_of(&dir);
        assert!(!views.is_empty(), "{scenario}: no view");
        for (_, _, view) in &views {
            for lang in Lang::ALL {
                let at = format!("{scenario} {} ({lang:?})", view.display());
                let svg = svg_through_registry(game, view, None, lang);
                let doc = parse(&svg);
                for id in [
                    "links",
                    "seas",
                    "last-moves",
                    "ports",
                    "last-events",
                    "blocks",
                ] {
                    group(&doc, id);
                }
                let places: Vec<_> = group(&doc, "places")
                    .children()
                    .filter(|n| n.has_tag_name("g"))
                    .collect();
                let names: Vec<_> = group(&doc, "names")
                    .children()
                    .filter(|n| n.has_tag_name("text"))
                    .collect();
                assert!(!places.is_empty(), "{at}: no place");
                assert_eq!(places.len(), names.len(), "{at}: a place without its name");
                for id in ["places", "ports", "blocks", "last-moves", "last-events"] {
                    for g in group(&doc, id).children().filter(|n| n.has_tag_name("g")) {
                        let tip = tip_of(g).unwrap_or_default();
                        assert!(
                            !tip.trim().is_empty(),
                            "{at}: a mark of `{id}` without words"
                        );
                    }
                }
                for r in block_rects(&doc, "hidden") {
                    let words: String = r
                        .parent()
                        .into_iter()
                        .flat_map(|g| g.descendants())
                        .filter(|n| n.has_tag_name("text"))
                        .filter_map(|n| n.text())
                        .collect();
                    assert!(words.is_empty(), "{at}: a hidden piece says `{words}`");
                }
                let legend = texts(&doc).len();
                assert!(legend > places.len(), "{at}: no legend");
                assert_eq!(
                    svg,
                    svg_through_registry(game, view, None, lang),
                    "{at}: another drawing, other bytes"
                );
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Issue 29: every game's map of a side is made from that side's view alone: the map the
/// moderator's game file gives for a side (`show GAME --side S`) is the one its mailed
/// view gives, in every language, so it can hold nothing the view hides.
#[test]
fn every_games_map_of_a_side_is_the_map_of_its_view() {
    for (game, scenario, dir) in played_campaigns("views") {
        for (turn, side, view) in views_of(&dir) {
            let file = turn.join("game.yaml");
            for lang in Lang::ALL {
                assert_eq!(
                    svg_through_registry(game, &file, Some(&side), lang),
                    svg_through_registry(game, &view, None, lang),
                    "{scenario} {}: {side}'s map from the game file ({lang:?})",
                    turn.display()
                );
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The whole position (`dikast show GAME --format svg`, no side) speaks to no side, in
/// either game and language: its legend calls no piece "yours" or "the enemy's" and has
/// no hidden piece; its notes say what the map shows (every side's pieces and hand), then
/// each side's hand card by card, by the side's name — never "your hand", never one
/// side's count of another's.
#[test]
fn the_whole_position_has_a_legend_and_notes_of_its_own() {
    let dir = std::env::temp_dir().join(format!("dikast-map-whole-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (scenario, shown) in [
        ("hellenes-431", "Every side's blocks and hand shown"),
        ("successors", "Every player's armies and hand shown"),
    ] {
        let war = dir.join(scenario);
        let out = Command::new(env!("CARGO_BIN_EXE_dikast"))
            .args(["demo", "--scenario", scenario, "--keep"])
            .arg(&war)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let last = std::fs::read_dir(war.join("turns"))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .max()
            .unwrap();
        let views: Vec<serde_yaml::Value> = std::fs::read_dir(&last)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with("view-"))
            .map(|e| serde_yaml::from_slice(&std::fs::read(e.path()).unwrap()).unwrap())
            .collect();
        assert!(views.len() >= 2, "{scenario}: the sides' views");
        for (lang, hand, one_side) in [
            (
                "en",
                " — hand: ",
                &[
                    "your ",
                    "Your ",
                    "enemy block",
                    "another player's",
                    " in hand; ",
                ][..],
            ),
            (
                "ru",
                " — на руке: ",
                &[
                    "ваш",
                    "Ваша",
                    "у вас",
                    "вражеский блок",
                    "другого игрока",
                    "карт на руке: ",
                ][..],
            ),
        ] {
            let out = Command::new(env!("CARGO_BIN_EXE_dikast"))
                .arg("show")
                .arg(last.join("game.yaml"))
                .args(["--format", "svg", "--lang", lang])
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let svg = String::from_utf8(out.stdout).unwrap();
            let doc = parse(&svg);
            let texts = texts(&doc);
            for t in &texts {
                for w in one_side {
                    assert!(
                        !t.contains(w),
                        "{scenario} {lang}: `{t}` speaks to one side"
                    );
                }
            }
            if lang == "en" {
                assert!(texts.iter().any(|t| t == shown), "{scenario}: {texts:?}");
            }
            let hands: Vec<&String> = texts.iter().filter(|t| t.contains(hand)).collect();
            assert_eq!(hands.len(), views.len(), "{scenario} {lang}: {hands:?}");
            for v in &views {
                let state = if v["state"].is_null() { v } else { &v["state"] };
                for card in state["hand"].as_sequence().expect("a hand") {
                    let id = card["id"].as_str().or(card.as_str()).unwrap();
                    assert!(
                        hands.iter().any(|h| h.contains(id)),
                        "{scenario} {lang}: {id} is in no hand: {hands:?}"
                    );
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
