//! The seam, shown (issue 8): a second, tiny game — two sides call a coin each turn, the
//! coin is tossed from the turn's dice, a right call scores — plugs into dikast through
//! the registry alone (`Registry::with::<Coin>()`) and runs the real command line:
//! `new` → `template` → `check` → `adjudicate` → `verify` → `schema orders`, with a
//! diagnostic from its own order-form table. Nothing in dikast names this game.

use dikast::diag::SourceFile;
use dikast::dice::{Shown, TurnDice};
use dikast::kit::forms::{self, Accept, Form, Forms, Shape};
use dikast::lang::Lang;
use dikast::map::MapPicture;
use dikast::registry::Registry;
use dikast::rules::{Checked, Resolution, Rules, StartOptions, StepInfo};
use dikast::yaml::Node;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

const COIN_1: &str = "rules: coin\nscenario: coin-1\nsides: [heads, tails]\n";

struct Coin;

#[derive(Serialize, Deserialize)]
struct Scenario {
    sides: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct State {
    toss: u32,
    score: BTreeMap<String, u32>,
}

#[derive(Clone)]
enum Event {
    Toss { face: String, right: Vec<String> },
}

impl Rules for Coin {
    const ID: &'static str = "coin";
    type Scenario = Scenario;
    type State = State;
    type View = State;
    type Orders = Option<String>;
    type Event = Event;

    fn scenario_names() -> &'static [&'static str] {
        &["coin-1"]
    }
    fn embedded_scenario(name: &str) -> Option<&'static str> {
        (name == "coin-1").then_some(COIN_1)
    }
    fn load_scenario(text: &str) -> Result<Scenario, Vec<String>> {
        serde_yaml::from_str(text).map_err(|e| vec![e.to_string()])
    }
    fn sides(sc: &Scenario, _st: &State) -> Vec<String> {
        sc.sides.clone()
    }
    fn sides_of_view(sc: &Scenario, _v: &State) -> Vec<String> {
        sc.sides.clone()
    }
    fn side_name_in(_sc: &Scenario, side: &str, _lang: Lang) -> String {
        side.to_string()
    }
    fn start(sc: &Scenario, _o: &StartOptions) -> Result<State, String> {
        Ok(State {
            toss: 1,
            score: sc.sides.iter().map(|s| (s.clone(), 0)).collect(),
        })
    }
    fn invariants(sc: &Scenario, st: &State) -> Vec<String> {
        (st.score.len() != sc.sides.len())
            .then(|| "a score per side".to_string())
            .into_iter()
            .collect()
    }
    fn order_forms() -> Forms {
        Forms {
            forms: vec![Form {
                key: "call",
                shape: Shape::Word(&["heads", "tails"]),
                rule: "1",
                help: "the face you call",
            }],
        }
    }
    fn step_in(sc: &Scenario, st: &State, _lang: Lang) -> StepInfo {
        StepInfo {
            title: format!("toss {}", st.toss),
            // Tails sits out the second toss: a step need not await every side.
            awaiting: sc
                .sides
                .iter()
                .filter(|s| st.toss != 2 || s.as_str() != "tails")
                .cloned()
                .collect(),
            asks: sc
                .sides
                .iter()
                .filter(|s| st.toss != 2 || s.as_str() != "tails")
                .map(|s| (s.clone(), "your call".to_string()))
                .collect(),
            unsupported: None,
        }
    }
    fn view(_sc: &Scenario, st: &State, _side: &str) -> State {
        st.clone()
    }
    fn check(
        _sc: &Scenario,
        _v: &State,
        _side: &str,
        body: &[(Node, Node)],
        file: &SourceFile,
    ) -> Checked<Option<String>> {
        let mut problems = Vec::new();
        let mut call = None;
        forms::dispatch(
            &Coin::order_forms(),
            body,
            file,
            &mut problems,
            |_| Accept::Yes,
            |_, v, _| call = v.as_str().map(|s| s.trim().to_ascii_lowercase()),
        );
        Checked {
            orders: call,
            problems,
        }
    }
    fn defaults_said(_sc: &Scenario, o: &Option<String>, lang: Lang) -> Vec<String> {
        o.is_none()
            .then(|| {
                lang.pick("no call: no point this toss", "без ставки: очков нет")
                    .to_string()
            })
            .into_iter()
            .collect()
    }
    fn default_orders(_sc: &Scenario, _v: &State, _side: &str) -> Option<String> {
        None
    }
    fn resolve(
        _sc: &Scenario,
        st: &State,
        orders: &BTreeMap<String, Option<String>>,
        dice: &TurnDice,
    ) -> Resolution<State, Event> {
        let mut s = dice.open("toss");
        let face = if s.die(2) == 1 { "heads" } else { "tails" }.to_string();
        let right: Vec<String> = orders
            .iter()
            .filter(|(_, c)| c.as_deref() == Some(face.as_str()))
            .map(|(side, _)| side.clone())
            .collect();
        let mut next = st.clone();
        next.toss += 1;
        for r in &right {
            *next.score.entry(r.clone()).or_default() += 1;
        }
        Resolution {
            state: next,
            events: vec![Event::Toss { face, right }],
            dice: vec![s.record(Shown::All)],
        }
    }
    fn narrate(
        _sc: &Scenario,
        _before: &State,
        events: &[Event],
        _side: Option<&str>,
        _lang: Lang,
    ) -> String {
        events
            .iter()
            .map(|Event::Toss { face, right }| {
                format!("- 1: the coin shows {face}; right: {}\n", right.join(", "))
            })
            .collect()
    }
    fn describe(_sc: &Scenario, v: &State, _lang: Lang) -> String {
        format!("score: {:?}\n", v.score)
    }
    fn template(_sc: &Scenario, _v: &State, _side: &str) -> String {
        forms::template_lines(&Coin::order_forms(), &["call"]) + "call: heads\n"
    }
    fn map(_sc: &Scenario, _v: &State) -> MapPicture {
        MapPicture::default()
    }
}

struct Run {
    reg: Registry,
}

impl Run {
    fn code(&self, args: &[&str]) -> i32 {
        let mut a = vec!["dikast"];
        a.extend_from_slice(args);
        dikast::cli::main_with_registry(&self.reg, a)
    }
}

fn based_on(view: &Path) -> String {
    let v: serde_yaml::Value =
        serde_yaml::from_slice(&fs::read(view).expect("view")).expect("yaml");
    v["based_on"].as_str().expect("based_on").to_string()
}

#[test]
fn a_tiny_game_plugs_in_through_the_registry_alone() {
    let root: PathBuf = std::env::temp_dir().join(format!("dikast-coin-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(&root).expect("tmp");
    let dir = root.join("toss");
    let d = dir.to_str().expect("utf-8 path");
    let run = Run {
        reg: dikast::games::builtin().with::<Coin>(),
    };
    assert_eq!(
        run.code(&["new", d, "--scenario", "coin-1", "--game-id", "toss"]),
        0
    );
    let mut expected: std::collections::BTreeMap<&str, u64> = Default::default();
    for turn in 1..=3u32 {
        let tdir = dir.join(format!("turns/{turn:04}"));
        // On the last toss tails writes no call: the default (no call) applies.
        let tails_call = if turn == 3 {
            String::new()
        } else {
            "call: Tails\n".into()
        };
        for (side, call) in [
            ("heads", "call: heads\n".to_string()),
            ("tails", tails_call),
        ] {
            if turn == 2 && side == "tails" {
                continue;
            }
            let view = tdir.join(format!("view-{side}.yaml"));
            let orders = root.join(format!("{side}-{turn}.yaml"));
            fs::write(
                &orders,
                format!(
                    "game: toss\nturn: {turn}\nside: {side}\nbased_on: {}\n{call}",
                    based_on(&view)
                ),
            )
            .expect("orders");
            assert_eq!(
                run.code(&[
                    "check",
                    orders.to_str().unwrap(),
                    "--against",
                    view.to_str().unwrap()
                ]),
                0
            );
            fs::copy(&orders, tdir.join(format!("orders/{side}.yaml"))).expect("copy");
        }
        assert_eq!(run.code(&["adjudicate", d]), 0, "turn {turn}");
        let report = fs::read_to_string(tdir.join("report.md")).expect("report");
        assert!(report.contains("the coin shows"), "{report}");
        // Heads calls heads every toss; tails calls tails on the first only (it sits out
        // the second and calls nothing on the third).
        let heads_up = report.contains("the coin shows heads");
        *expected.entry("heads").or_insert(0) += u64::from(heads_up);
        *expected.entry("tails").or_insert(0) += u64::from(turn == 1 && !heads_up);
        // The pipeline's bookkeeping lists a default where it applied, in each language,
        // to its side and the moderator only.
        let tails = fs::read_to_string(tdir.join("report-tails.md")).expect("report");
        let heads = fs::read_to_string(tdir.join("report-heads.md")).expect("report");
        let tails_ru = fs::read_to_string(tdir.join("report-tails.ru.md")).expect("report");
        assert_eq!(
            tails.contains("default applied: no call"),
            turn == 3,
            "{tails}"
        );
        assert_eq!(report.contains("default applied: no call"), turn == 3);
        assert_eq!(
            tails_ru.contains("применено по умолчанию: без ставки"),
            turn == 3
        );
        assert!(!heads.contains("default applied"));
        // A side the step did not await is not said to have missed its orders.
        assert_eq!(
            report.contains("- tails: no orders awaited this step"),
            turn == 2,
            "{report}"
        );
        assert!(!report.contains("no orders received"), "{report}");
    }
    // The score is what the dice gave: every right call scored once.
    let g: serde_yaml::Value =
        serde_yaml::from_slice(&fs::read(dir.join("turns/0004/game.yaml")).unwrap()).unwrap();
    for (side, n) in &expected {
        assert_eq!(
            g["state"]["score"][side].as_u64(),
            Some(*n),
            "{side}'s score is its right calls"
        );
    }
    assert_eq!(g["state"]["toss"].as_u64(), Some(4));
    assert_eq!(run.code(&["verify", d]), 0);
    assert_eq!(run.code(&["template", d, "--side", "heads"]), 0);
    assert_eq!(run.code(&["schema", "orders", "--for", "coin"]), 0);
    // Its own order-form table refuses a wrong call, through the real checker.
    let bad = root.join("bad.yaml");
    fs::write(
        &bad,
        format!(
            "game: toss\nturn: 4\nside: heads\nbased_on: {}\ncall: edge\nbet: 3\n",
            based_on(&dir.join("turns/0004/view-heads.yaml"))
        ),
    )
    .unwrap();
    let view4 = dir.join("turns/0004/view-heads.yaml");
    assert_eq!(
        run.code(&[
            "check",
            bad.to_str().unwrap(),
            "--against",
            view4.to_str().unwrap()
        ]),
        1
    );
    // A registry without the game does not know its files.
    let plain = Run {
        reg: dikast::games::builtin(),
    };
    assert_eq!(plain.code(&["verify", d]), 3);
    let _ = fs::remove_dir_all(&root);
}
