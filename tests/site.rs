//! The published site in a real browser (issue 33): the demo campaign of each game,
//! published with `--site`, opened from `file://` in headless Chromium (Debian's, which
//! `./scripts/test` installs; this test fails, never skips, when it is missing). The
//! pages open without a console message (no script error, no request the
//! Content-Security-Policy had to block), the timeline lists every turn, verify.html
//! runs the protocol's vectors and turns every line green, and an archive with one die,
//! one orders file or one seed changed shows red on that turn, naming the file, as
//! `dikast verify` fails on it. A player's own report and view are checked in the page
//! as `verify --report … --view …` does, dropped on its drop zone as a real `drop` event.
//!
//! Browser runs are few (each costs a second or two): one per page that matters.

mod cli;

use cli::{TempDir, Test};
use dikast::map::esc;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The browser: `DIKAST_TEST_CHROMIUM`, else `chromium` on the PATH.
fn chromium() -> PathBuf {
    if let Ok(p) = std::env::var("DIKAST_TEST_CHROMIUM") {
        return PathBuf::from(p);
    }
    std::env::var_os("PATH")
        .and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|d| d.join("chromium"))
                .find(|p| p.is_file())
        })
        .unwrap_or_else(|| {
            panic!("chromium is not installed: ./scripts/test installs Debian's (apt-get install chromium), or set DIKAST_TEST_CHROMIUM")
        })
}

/// What the browser made of a page: its DOM after the scripts ran, and every console
/// line (messages, uncaught errors, blocked requests).
struct Page {
    dom: String,
    console: Vec<String>,
}

/// Opens a file in headless Chromium with a fresh profile and no network use of its own.
fn open(file: &Path) -> Page {
    open_sized(file, "1280,900")
}

/// The same in a window of `size` (`width,height` in CSS pixels).
fn open_sized(file: &Path, size: &str) -> Page {
    let profile = TempDir::new("chromium-profile");
    let url = format!("file://{}", file.display());
    let out = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
            "--virtual-time-budget=20000",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--window-size={size}"))
        .arg("--dump-dom")
        .arg(&url)
        .output()
        .expect("run chromium");
    assert!(
        out.status.success(),
        "chromium failed on {url}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Page {
        dom: String::from_utf8_lossy(&out.stdout).into_owned(),
        console: String::from_utf8_lossy(&out.stderr)
            .lines()
            .filter(|l| l.contains(":CONSOLE"))
            .map(str::to_string)
            .collect(),
    }
}

impl Page {
    fn quiet(&self, what: &str) {
        assert!(
            self.console.is_empty(),
            "{what} wrote to the console:\n{}",
            self.console.join("\n")
        );
    }
    /// The `<li>` lines of verify.html's per-turn list: (turn, green, text).
    fn turn_lines(&self) -> Vec<(u32, bool, String)> {
        let start = self
            .dom
            .find("id=\"dk-turns\"")
            .expect("verify.html has the turn list");
        let end = self.dom[start..].find("</ul>").expect("the list ends") + start;
        let list = &self.dom[start..end];
        list.split("<li ")
            .skip(1)
            .map(|li| {
                let turn = between(li, "data-turn=\"", "\"").parse().expect("a turn");
                let green = between(li, "class=\"", "\"")
                    .split(' ')
                    .any(|c| c == "dk-ok");
                let text = between(li, ">", "</li>").to_string();
                (turn, green, text)
            })
            .collect()
    }
    /// verify.html's summary: (done, failures).
    fn status(&self) -> (String, String) {
        let p = between(&self.dom, "<p id=\"dk-status\"", ">");
        (
            between(p, "data-done=\"", "\"").to_string(),
            between(p, "data-failures=\"", "\"").to_string(),
        )
    }
}

fn between<'a>(s: &'a str, a: &str, b: &str) -> &'a str {
    let Some(i) = s.find(a) else { return "" };
    let rest = &s[i + a.len()..];
    &rest[..rest.find(b).unwrap_or(rest.len())]
}

/// The demo campaign of `scenario` in `t/war`.
fn demo(t: &TempDir, scenario: &str) -> PathBuf {
    let war = t.join("war");
    Test::new()
        .args(["demo", "--scenario", scenario, "--keep"])
        .arg(&war)
        .stdout_has("verified: every file re-runs byte for byte")
        .run();
    war
}

/// `dikast publish WAR OUT --force --site` (the demo's game is not over).
fn publish_site(war: &Path, out: &Path) {
    Test::new()
        .arg("publish")
        .arg(war)
        .arg(out)
        .args(["--force", "--site"])
        .stdout_has("site: ")
        .run();
}

/// The site's index `index` opened in the browser, quiet, listing every one of `turns`
/// turns and linking the page of each but the last (`word`: "Turn" or «Ход»).
fn index_lists_every_turn(site: &Path, index: &str, word: &str, turns: u32) -> Page {
    let p = open(&site.join(index));
    p.quiet(index);
    for n in 1..=turns {
        assert!(
            p.dom.contains(&format!("<li data-turn=\"{n}\"")),
            "{index} lists no turn {n}"
        );
        if n < turns {
            assert!(
                p.dom.contains(&format!("{word} {n}</a>")),
                "{index} links no page of turn {n}"
            );
        }
    }
    p
}

/// The number of turn folders of a campaign.
fn turn_count(dir: &Path) -> u32 {
    fs::read_dir(dir.join("turns")).unwrap().count() as u32
}

/// Every `src=` and `href=` of the site's pages stays in the published folder.
fn no_request_leaves(site: &Path) {
    for e in fs::read_dir(site).unwrap().flatten() {
        let text = fs::read_to_string(e.path()).unwrap();
        for attr in ["src=\"", "href=\""] {
            for part in text.split(attr).skip(1) {
                let target = &part[..part.find('"').unwrap()];
                assert!(
                    !target.contains("//") && !target.starts_with('/') && !target.contains(':'),
                    "{} points outside its folder: {attr}{target}",
                    e.path().display()
                );
            }
        }
    }
}

/// One game's demo as a site: quiet pages, the whole timeline, every line green.
fn a_demo_site_opens_quietly_and_checks_green(
    scenario: &str,
    turn_page: &str,
    kinds: &[(&str, &str)],
) {
    let t = TempDir::new(&format!("site-{scenario}"));
    // The demo ends with the published site (`demo --keep DIR --site OUT`).
    let out = t.join("public");
    Test::new()
        .args(["demo", "--scenario", scenario, "--keep"])
        .arg(t.join("war"))
        .arg("--site")
        .arg(&out)
        .stdout_has("verified: every file re-runs byte for byte")
        .stdout_has("site: ")
        .run();
    let site = out.join("site");
    let turns = turn_count(&out);
    assert!(turns >= 3, "the demo has turns");
    no_request_leaves(&site);
    // The pending turn (no report heads it yet) is titled in the page's language, in the
    // game's own words: the Russian index names it as the Russian orders skeleton does,
    // not with the game file's English `step:`.
    let pending = |index: &str| {
        let text = fs::read_to_string(site.join(index)).unwrap();
        let li = between(
            &text,
            &format!("<li data-turn=\"{turns}\" class=\"dk-pending\">"),
            "</li>",
        );
        let title = between(li, ": ", " — ").to_string();
        assert!(!title.is_empty(), "{index}: no pending turn {turns}: {li}");
        title
    };
    let last_game: serde_yaml::Value =
        serde_yaml::from_slice(&fs::read(out.join(format!("turns/{turns:04}/game.yaml"))).unwrap())
            .unwrap();
    let awaited = last_game["awaiting"][0]
        .as_str()
        .expect("the pending turn awaits a side");
    let skeleton = Test::new()
        .arg("template")
        .arg(t.join("war"))
        .args(["--side", awaited, "--lang", "ru"])
        .run()
        .stdout;
    let ru_title = skeleton
        .lines()
        .nth(1)
        .and_then(|l| l.split_once(&format!("ход {turns}: ")))
        .map(|(_, title)| title.to_string())
        .unwrap_or_else(|| panic!("the Russian skeleton names turn {turns}: {skeleton}"));
    assert_eq!(pending("index.ru.html"), esc(&ru_title));
    assert_eq!(
        pending("index.html"),
        esc(last_game["step"].as_str().expect("a step"))
    );
    assert_ne!(pending("index.html"), pending("index.ru.html"));

    // The war is not over: the timeline tells each turn's events as every side's report
    // tells them alike (the top-level items of `## What happened` that every side was
    // told, in the page's language), never the moderator's report: the cards played
    // among them, in either game.
    for (index, lang) in [("index.html", "en"), ("index.ru.html", "ru")] {
        let text = fs::read_to_string(site.join(index)).unwrap();
        let timeline = between(&text, "id=\"dk-timeline\"", "</ol>");
        for n in 1..turns {
            let items = told_to_every_side(&out, n, lang).len();
            assert!(items > 0, "turn {n}: the sides' reports tell nothing alike");
            let li = between(
                timeline,
                &format!("<li data-turn=\"{n}\">"),
                "</details></li>",
            );
            let told = li
                .split("<details class=\"dk-happened\">")
                .nth(1)
                .unwrap_or("");
            assert!(
                told.contains(&format!(" ({items})</summary>"))
                    && told.matches("<li>").count() == items,
                "{index}: turn {n} does not tell its {items} events: {li}"
            );
        }
        if index == "index.html" {
            assert!(
                timeline.contains(" plays "),
                "{index}: no card played in the timeline"
            );
        }
    }
    main_events_in_the_timeline(&out, &site, turns, kinds);
    // The copy with its site still verifies (the site is beside the archive, not in it).
    Test::new()
        .arg("verify")
        .arg(&out)
        .stdout_has("verified")
        .run();

    for (index, word) in [("index.html", "Turn"), ("index.ru.html", "Ход")] {
        let p = index_lists_every_turn(&site, index, word, turns);
        assert!(p.dom.contains("<svg"), "{index} shows the map");
    }
    // Not over (published with --force): each side's map of its own view, never the
    // whole position, which would show each side the other's hidden pieces.
    let page = fs::read_to_string(site.join(turn_page)).unwrap();
    let maps = between(&page, "<section class=\"dk-maps\">", "</section>");
    assert!(
        maps.matches("<svg").count() >= 2 && !maps.contains("dk-whole"),
        "{turn_page}: the maps of the sides' views"
    );
    assert!(!maps.contains("the whole position") && !maps.contains("вся позиция"));
    let p = open(&site.join(turn_page));
    p.quiet(turn_page);
    for needed in [
        "<svg",
        "id=\"dk-dice\"",
        "id=\"dk-reports\"",
        "rel=\"prev\"",
        "rel=\"next\"",
        "../turns/",
    ] {
        assert!(p.dom.contains(needed), "{turn_page} lacks {needed}");
    }

    // Readable on a phone and printable: the turn page, in a phone's width (360 CSS
    // pixels), as printing makes it (the page's own `beforeprint` handler opens every
    // report and orders file), is no wider than the screen (maps scale, tables and
    // orders scroll in their own box); its print style hides the navigation.
    fs::write(
        site.join("probe.js"),
        r#"window.addEventListener("load", () => {
  window.dispatchEvent(new Event("beforeprint"));
  const root = document.documentElement;
  root.dataset.closed = String(document.querySelectorAll("details:not([open])").length);
  root.dataset.details = String(document.querySelectorAll("details").length);
  root.dataset.width = String(window.innerWidth);
  root.dataset.scroll = String(root.scrollWidth);
  let hidden = "no";
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) {
      if (rule.media && rule.media.mediaText === "print") {
        for (const r of rule.cssRules) {
          if (r.selectorText && r.selectorText.split(",").map((x) => x.trim()).includes(".dk-nav") && r.style.display === "none") hidden = "yes";
        }
      }
    }
  }
  root.dataset.navHiddenInPrint = hidden;
  // In the phone's frame: tell the page around it.
  if (window.parent !== window) window.parent.postMessage(Object.assign({}, root.dataset), "*");
});
"#,
    )
    .unwrap();
    // (The style sheet inline, as it is: a page on file:// may not read a linked
    // sheet's rules.)
    let css = fs::read_to_string(site.join("site.css")).unwrap();
    let page = fs::read_to_string(site.join(turn_page)).unwrap();
    let link = "<link rel=\"stylesheet\" href=\"site.css\">";
    assert!(page.contains(link), "{turn_page} links site.css");
    let probe = page
        .replacen(link, &format!("<style>{css}</style>"), 1)
        .replacen("</body>", "<script src=\"probe.js\"></script>\n</body>", 1);
    fs::write(site.join("probe.html"), probe).unwrap();
    // A phone's screen: a frame 360 CSS pixels wide (a headless window is never
    // narrower than 500); the page in it says what it measured.
    fs::write(
        site.join("phone.js"),
        r#"window.addEventListener("message", (m) => {
  for (const [k, v] of Object.entries(m.data)) document.body.dataset[k] = v;
});
"#,
    )
    .unwrap();
    fs::write(
        site.join("phone.html"),
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>phone</title></head><body><iframe src=\"probe.html\" style=\"width: 360px; height: 800px; border: 0\"></iframe><script src=\"phone.js\"></script></body></html>\n",
    )
    .unwrap();
    let p = open(&site.join("phone.html"));
    p.quiet("the turn page on a phone");
    let data = |k: &str| between(&p.dom, &format!("data-{k}=\""), "\"").to_string();
    assert_eq!(data("width"), "360", "{}", &p.dom[..p.dom.len().min(600)]);
    assert_ne!(data("details"), "0", "the turn page folds its reports");
    assert_eq!(data("closed"), "0", "printing opens every report");
    assert!(
        data("scroll").parse::<u32>().unwrap() <= 360,
        "{turn_page} is {} pixels wide on a 360-pixel phone",
        data("scroll")
    );
    assert_eq!(data("nav-hidden-in-print"), "yes");

    // The reader's language is remembered: with Russian chosen before (the switch's
    // click stores it), the English page of turn 2 opens as its Russian twin.
    fs::write(
        site.join("remember.js"),
        "localStorage.setItem(\"dikast-lang\", \"ru\"); location.href = \"turn-0002.html\";\n",
    )
    .unwrap();
    fs::write(
        site.join("remember.html"),
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><script src=\"remember.js\"></script></head><body></body></html>\n",
    )
    .unwrap();
    let p = open(&site.join("remember.html"));
    p.quiet("the remembered language");
    assert!(
        p.dom.contains("<html lang=\"ru\">") && p.dom.contains("<h1>Ход 2: "),
        "the choice of Russian is not remembered: {}",
        &p.dom[..p.dom.len().min(600)]
    );

    let p = open(&site.join("verify.html"));
    p.quiet("verify.html");
    assert_eq!(p.status(), ("yes".into(), "0".into()), "{}", p.dom);
    let vectors = between(&p.dom, "id=\"dk-vectors\"", ">");
    assert!(
        vectors.contains("data-failed=\"0\""),
        "the vectors: {vectors}"
    );
    assert!(
        between(vectors, "data-count=\"", "\"")
            .parse::<u32>()
            .unwrap()
            >= 60,
        "every vector value runs: {vectors}"
    );
    let lines = p.turn_lines();
    // The sealed chain's line, then one per turn.
    assert_eq!(lines.len() as u32, turns + 1, "{lines:?}");
    for (n, green, text) in &lines {
        assert!(*green, "line {n} is red: {text}");
    }
    assert!(lines[0].2.contains("published.yaml"), "{lines:?}");
    assert!(lines[1].2.contains("event records"), "{lines:?}");
}

/// The top-level items of `## What happened` of a report (Markdown, `- ` dropped).
fn happened_items(md: &str, lang: &str) -> Vec<String> {
    let heading = if lang == "en" {
        "## What happened"
    } else {
        "## Что произошло"
    };
    md.lines()
        .skip_while(|l| *l != heading)
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .filter_map(|l| l.strip_prefix("- "))
        .map(str::to_string)
        .collect()
}

/// The sides' reports of turn `n` of the copy `out` in `lang` (`en`, `ru`), by file name.
fn side_reports(out: &Path, n: u32, lang: &str) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = fs::read_dir(out.join(format!("turns/{n:04}")))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|f| {
            f.starts_with("report-")
                && if lang == "en" {
                    f.ends_with(".md") && !f.ends_with(".ru.md")
                } else {
                    f.ends_with(".ru.md")
                }
        })
        .map(|f| {
            let text = fs::read_to_string(out.join(format!("turns/{n:04}/{f}"))).unwrap();
            (f, text)
        })
        .collect();
    v.sort();
    v
}

/// The items of `## What happened` that every side's report of turn `n` tells alike.
fn told_to_every_side(out: &Path, n: u32, lang: &str) -> Vec<String> {
    let lists: Vec<Vec<String>> = side_reports(out, n, lang)
        .iter()
        .map(|(_, md)| happened_items(md, lang))
        .collect();
    assert!(!lists.is_empty(), "turn {n} has no side's report");
    lists[0]
        .iter()
        .filter(|i| lists.iter().all(|l| l.contains(i)))
        .cloned()
        .collect()
}

/// The timeline's main events, shown without a click, in English and Russian: every
/// card played (the moderator's report's items in which a side plays one, the same card
/// ids in both languages) and a line for each thing the maps record of the turn (the next
/// game file's `last_turn`: moves, battles, sieges and assaults, cities taken), in the
/// game's words; `kinds` are (a `last_turn` kind, "its words in English|in Russian"), each
/// of which must occur in the demo.
fn main_events_in_the_timeline(out: &Path, site: &Path, turns: u32, kinds: &[(&str, &str)]) {
    let en = fs::read_to_string(site.join("index.html")).unwrap();
    let ru = fs::read_to_string(site.join("index.ru.html")).unwrap();
    let shown = |text: &str, n: u32| {
        let li = between(text, &format!("<li data-turn=\"{n}\">"), "</li>\n");
        li.split("<details").next().unwrap_or("").to_string()
    };
    let card_id = |l: &str| {
        l.split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| {
                w.len() == 3
                    && w.starts_with(['C', 'T'])
                    && w[1..].chars().all(|c| c.is_ascii_digit())
            })
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let (mut cards, mut kinds_seen) = (0, vec![0; kinds.len()]);
    for n in 1..turns {
        // (A site of a war not over tells what every side was told.)
        let plays: Vec<String> = told_to_every_side(out, n, "en")
            .into_iter()
            .filter(|l| l.contains(" plays "))
            .collect();
        let next: serde_yaml::Value = serde_yaml::from_slice(
            &fs::read(out.join(format!("turns/{:04}/game.yaml", n + 1))).unwrap(),
        )
        .unwrap();
        // What every side saw (`to` empty): the rest is some side's alone.
        let seen: Vec<serde_yaml::Value> = next["last_turn"]
            .as_sequence()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .filter(|x| x["to"].as_sequence().is_none_or(|t| t.is_empty()))
            .collect();
        for (text, lang) in [(&en, "en"), (&ru, "ru")] {
            let li = shown(text, n);
            let card_lines: Vec<&str> = li.split("<li class=\"dk-card\">").skip(1).collect();
            assert_eq!(card_lines.len(), plays.len(), "{lang} turn {n}: {li}");
            for (c, p) in card_lines.iter().zip(&plays) {
                assert!(
                    !card_id(p).is_empty() && card_id(c) == card_id(p),
                    "{lang} turn {n}: {c} / {p}"
                );
            }
            let lines: Vec<&str> = li.split("<li>").skip(1).collect();
            let maps = lines
                .iter()
                .filter(|l| !l.starts_with("dice: ") && !l.starts_with("кубики: "))
                .count();
            assert_eq!(maps, seen.len(), "{lang} turn {n}: {li}");
            for (k, (kind, words)) in kinds.iter().enumerate() {
                let (w_en, w_ru) = words.split_once('|').unwrap();
                let of_kind = seen
                    .iter()
                    .filter(|x| x["what"].as_str() == Some(kind))
                    .count();
                let word = if lang == "en" { w_en } else { w_ru };
                assert!(
                    lines.iter().filter(|l| l.contains(word)).count() >= of_kind,
                    "{lang} turn {n}: {of_kind} `{kind}` but no `{word}`: {li}"
                );
                kinds_seen[k] += of_kind;
            }
        }
        cards += plays.len();
    }
    assert!(cards > 0, "no card played in the demo");
    for ((kind, _), n) in kinds.iter().zip(kinds_seen) {
        assert!(n > 0, "the demo has no `{kind}` to show");
    }
}

#[test]
fn the_hellenes_demo_as_a_site_opens_from_disk_and_checks_green_in_the_browser() {
    a_demo_site_opens_quietly_and_checks_green(
        "hellenes-431",
        "turn-0004.html",
        &[
            ("battle", "battle at |битва: "),
            ("siege", " laid siege to |: осада, "),
        ],
    );
}

#[test]
fn the_successors_demo_as_a_site_opens_from_disk_and_checks_green_in_the_browser() {
    a_demo_site_opens_quietly_and_checks_green(
        "successors",
        "turn-0003.ru.html",
        &[
            ("assault", " assaulted or subjugated |штурм или подчинение"),
            ("fall", " taken by | взят"),
        ],
    );
}

/// Changes `from` to `to` in a file, once; the text must be there.
fn replace_once(path: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} has no `{from}`", path.display());
    fs::write(path, text.replacen(from, to, 1)).unwrap();
}

/// A campaign tampered one way, published as a site: verify.html is red on `turn` and
/// names `names`, green before it; `dikast verify` of the copy fails too.
fn red_on(t: &TempDir, war: &Path, what: &str, tamper: &dyn Fn(&Path), turn: u32, names: &[&str]) {
    let copy = t.join(format!("war-{what}"));
    cli::copy_tree(war, &copy);
    tamper(&copy);
    let out = t.join(format!("public-{what}"));
    publish_site(&copy, &out);
    Test::new().arg("verify").arg(&out).verify_failure().run();
    let p = open(&out.join("site/verify.html"));
    p.quiet("verify.html");
    assert_eq!(p.status().0, "yes", "{}", p.dom);
    assert_ne!(p.status().1, "0", "{what}: no red line\n{}", p.dom);
    let lines = p.turn_lines();
    for (n, green, text) in &lines {
        if *n < turn {
            assert!(*green, "{what}: turn {n} before the change is red: {text}");
        }
        if *n == turn {
            assert!(!*green, "{what}: turn {turn} is green: {text}");
            for name in names {
                assert!(
                    text.contains(name),
                    "{what}: turn {turn}'s line does not name {name}: {text}"
                );
            }
        }
    }
}

#[test]
fn a_tampered_die_orders_file_or_seed_shows_red_on_its_turn_naming_it() {
    let t = TempDir::new("site-tamper");
    let war = demo(&t, "hellenes-431");
    // One die: the first of the battle at Plataea (turn 4) in the moderator's report.
    red_on(
        &t,
        &war,
        "die",
        &|dir| {
            let p = dir.join("turns/0004/report.md");
            let text = fs::read_to_string(&p).unwrap();
            let key = "- label: battle:Plataea\n  d6:\n  - ";
            let at = text.find(key).expect("the battle's dice") + key.len();
            let die = text[at..at + 1].parse::<u32>().unwrap();
            let mut changed = text.clone();
            changed.replace_range(at..at + 1, &(die % 6 + 1).to_string());
            fs::write(&p, changed).unwrap();
        },
        4,
        &["turns/0004/report.md", "battle:Plataea", "value 1"],
    );
    // One orders file: a line added to Athens's orders of turn 3 after adjudication.
    red_on(
        &t,
        &war,
        "orders",
        &|dir| {
            let p = dir.join("turns/0003/orders/athens.yaml");
            let mut text = fs::read_to_string(&p).unwrap();
            text.push_str("# added later\n");
            fs::write(&p, text).unwrap();
        },
        3,
        &[
            "turns/0003/orders/athens.yaml",
            "changed after adjudication",
        ],
    );
    // One seed: the seed turn 4 revealed, as the next game file records it.
    red_on(
        &t,
        &war,
        "seed",
        &|dir| {
            let p = dir.join("turns/0005/game.yaml");
            let c = cli::field(&p, "  commitment");
            let last = c.chars().last().unwrap();
            let other = if last == '0' { '1' } else { '0' };
            let changed = format!("{}{other}", &c[..c.len() - 1]);
            replace_once(
                &p,
                &format!("commitment: {c}"),
                &format!("commitment: {changed}"),
            );
        },
        4,
        &[
            "turns/0005/game.yaml",
            "dice.commitment",
            "seed turn 4 revealed",
        ],
    );
}

/// The same in Successors (three sides, a card game): a die of the assault on Kyzikos
/// (turn 3), one side's orders of turn 2, the seed turn 5 revealed.
#[test]
fn a_tampered_successors_die_orders_file_or_seed_shows_red_on_its_turn_naming_it() {
    let t = TempDir::new("site-tamper-successors");
    let war = demo(&t, "successors");
    red_on(
        &t,
        &war,
        "die",
        &|dir| {
            let p = dir.join("turns/0003/report.md");
            let text = fs::read_to_string(&p).unwrap();
            let key = "- label: assault:Kyzikos#1\n  d6:\n  - ";
            let at = text.find(key).expect("the assault's die") + key.len();
            let die = text[at..at + 1].parse::<u32>().unwrap();
            let mut changed = text.clone();
            changed.replace_range(at..at + 1, &(die % 6 + 1).to_string());
            fs::write(&p, changed).unwrap();
        },
        3,
        &["turns/0003/report.md", "assault:Kyzikos#1", "value 1"],
    );
    red_on(
        &t,
        &war,
        "orders",
        &|dir| {
            let p = dir.join("turns/0002/orders/perdikkas.yaml");
            let mut text = fs::read_to_string(&p).unwrap();
            text.push_str("# added later\n");
            fs::write(&p, text).unwrap();
        },
        2,
        &[
            "turns/0002/orders/perdikkas.yaml",
            "changed after adjudication",
        ],
    );
    red_on(
        &t,
        &war,
        "seed",
        &|dir| {
            let p = dir.join("turns/0006/game.yaml");
            let c = cli::field(&p, "  commitment");
            let last = c.chars().last().unwrap();
            let other = if last == '0' { '1' } else { '0' };
            let changed = format!("{}{other}", &c[..c.len() - 1]);
            replace_once(
                &p,
                &format!("commitment: {c}"),
                &format!("commitment: {changed}"),
            );
        },
        5,
        &[
            "turns/0006/game.yaml",
            "dice.commitment",
            "seed turn 5 revealed",
        ],
    );
}

/// A player's report and view, checked by verify.js in the browser: a page that loads
/// verify.js and calls its check as the drop zone does, on his files as they are, and
/// on his report against the view of another turn (red, named).
#[test]
fn a_players_report_and_view_are_checked_in_the_browser() {
    let t = TempDir::new("site-player");
    let war = demo(&t, "hellenes-431");
    let out = t.join("public");
    publish_site(&war, &out);
    let site = out.join("site");
    let file = |p: &str| fs::read_to_string(war.join(p)).unwrap();
    let case = |name: &str, report: &str, view: &str, orders: Option<&str>| {
        serde_json::json!({
            "name": name,
            "report": { "name": report, "text": file(report) },
            "view": { "name": view, "text": file(view) },
            "orders": orders.map(|o| serde_json::json!({ "name": o, "text": file(o) })),
        })
    };
    let cases = serde_json::json!([
        case(
            "good",
            "turns/0004/report-athens.md",
            "turns/0004/view-athens.yaml",
            Some("turns/0004/orders/athens.yaml")
        ),
        case(
            "other-turn",
            "turns/0004/report-athens.md",
            "turns/0003/view-athens.yaml",
            None
        ),
        case(
            "russian",
            "turns/0005/report-sparta.ru.md",
            "turns/0005/view-sparta.yaml",
            Some("turns/0005/orders/sparta.yaml")
        ),
    ]);
    fs::write(
        site.join("player-cases.js"),
        format!("window.CASES = {cases};\n"),
    )
    .unwrap();
    fs::write(
        site.join("player-check.js"),
        r#"(async () => {
  const out = document.getElementById("out");
  for (const c of window.CASES) {
    const enc = (f) => f && { name: f.name, text: f.text, bytes: new TextEncoder().encode(f.text) };
    const lines = await Dikast.checkPlayer(enc(c.report), enc(c.view), enc(c.orders));
    for (const l of lines) {
      const li = document.createElement("li");
      li.dataset.case = c.name;
      li.className = l.ok ? "ok" : "bad";
      li.textContent = l.text;
      out.appendChild(li);
    }
  }
  out.dataset.done = "yes";
})();
"#,
    )
    .unwrap();
    fs::write(
        site.join("player.html"),
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>player</title></head><body><ul id=\"out\"></ul><script src=\"player-cases.js\"></script><script src=\"verify.js\"></script><script src=\"player-check.js\"></script></body></html>\n",
    )
    .unwrap();
    let p = open(&site.join("player.html"));
    p.quiet("the player's check");
    assert!(p.dom.contains("data-done=\"yes\""), "{}", p.dom);
    let lines: Vec<(String, bool, String)> = p
        .dom
        .split("<li ")
        .skip(1)
        .map(|li| {
            (
                between(li, "data-case=\"", "\"").to_string(),
                between(li, "class=\"", "\"") == "ok",
                between(li, ">", "</li>").to_string(),
            )
        })
        .collect();
    let of = |c: &str| lines.iter().filter(|l| l.0 == c).collect::<Vec<_>>();
    for c in ["good", "russian"] {
        let ls = of(c);
        assert!(ls.iter().all(|l| l.1), "{c}: {ls:?}");
        assert!(
            ls.iter().any(|l| l.2.starts_with("anchored:")),
            "{c}: {ls:?}"
        );
        assert!(ls.iter().any(|l| l.2.starts_with("orders:")), "{c}: {ls:?}");
    }
    let bad = of("other-turn");
    let last = bad.last().expect("lines for the other turn");
    assert!(!last.1, "{bad:?}");
    assert!(
        last.2.contains("is the report of game `demo-431` turn 4, but turns/0003/view-athens.yaml is the view of game `demo-431` turn 3"),
        "{bad:?}"
    );
    drops_on_the_page(&war, &site);
}

/// The drop zone itself: a copy of verify.html with a script that makes the player's
/// files (embedded by the test, byte for byte) into `File`s in a `DataTransfer`,
/// dispatches a real `drop` event on the page's drop zone, and copies the lines the
/// page's own handler wrote into its list (`#dk-player`) out of the DOM, per case: his
/// report, view and orders of turn 4 as they are (green), and the same with one die of
/// the report changed (red, naming the turn, the event and the value).
fn drops_on_the_page(war: &Path, site: &Path) {
    // The bytes as a JSON array of numbers, exact.
    let bytes_json = |bytes: &[u8]| serde_json::to_string(&bytes).unwrap();
    let file = |p: &str| fs::read(war.join(p)).unwrap();
    let report = String::from_utf8(file("turns/0004/report-athens.md")).unwrap();
    let key = "- label: battle:Plataea\n  d6:\n  - ";
    let at = report.find(key).expect("Athens sees the battle's dice") + key.len();
    let die: u32 = report[at..at + 1].parse().unwrap();
    let mut tampered = report.clone();
    tampered.replace_range(at..at + 1, &(die % 6 + 1).to_string());
    let entry = |name: &str, bytes: &[u8]| {
        format!("{{\"name\":\"{name}\",\"bytes\":{}}}", bytes_json(bytes))
    };
    let view = file("turns/0004/view-athens.yaml");
    let orders = file("turns/0004/orders/athens.yaml");
    let cases = format!(
        "window.DROP_CASES = [{{\"name\":\"good\",\"files\":[{},{},{}]}},{{\"name\":\"tampered\",\"files\":[{},{}]}}];\n",
        entry("report-athens.md", report.as_bytes()),
        entry("view-athens.yaml", &view),
        entry("athens.yaml", &orders),
        entry("report-athens.md", tampered.as_bytes()),
        entry("view-athens.yaml", &view),
    );
    fs::write(site.join("drop-cases.js"), cases).unwrap();
    fs::write(
        site.join("drop-test.js"),
        r#"window.addEventListener("load", async () => {
  const zone = document.getElementById("dk-drop");
  const out = document.getElementById("dk-player");
  const res = document.createElement("ul");
  res.id = "dk-drop-results";
  document.body.appendChild(res);
  for (const c of window.DROP_CASES) {
    out.textContent = "";
    const dt = new DataTransfer();
    for (const f of c.files) dt.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: "text/plain" }));
    const ev = new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true });
    zone.dispatchEvent(ev);
    for (let i = 0; i < 400 && out.children.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    for (const l of out.children) {
      const e = document.createElement("li");
      e.dataset.case = c.name;
      e.dataset.prevented = String(ev.defaultPrevented);
      e.className = l.className;
      e.textContent = l.textContent;
      res.appendChild(e);
    }
  }
  res.dataset.done = "yes";
});
"#,
    )
    .unwrap();
    let page = fs::read_to_string(site.join("verify.html")).unwrap();
    let page = page.replacen(
        "</body>",
        "<script src=\"drop-cases.js\"></script>\n<script src=\"drop-test.js\"></script>\n</body>",
        1,
    );
    fs::write(site.join("drop.html"), page).unwrap();
    let p = open(&site.join("drop.html"));
    p.quiet("the drop zone");
    let results = between(&p.dom, "id=\"dk-drop-results\"", "</ul>");
    assert!(results.contains("data-done=\"yes\""), "{results}");
    let lines: Vec<(String, bool, String)> = results
        .split("<li ")
        .skip(1)
        .map(|li| {
            assert!(
                li.contains("data-prevented=\"true\""),
                "the page's handler took the drop: {li}"
            );
            (
                between(li, "data-case=\"", "\"").to_string(),
                between(li, "class=\"", "\"") == "dk-ok",
                between(li, ">", "</li>").to_string(),
            )
        })
        .collect();
    let of = |c: &str| lines.iter().filter(|l| l.0 == c).collect::<Vec<_>>();
    let good = of("good");
    assert!(good.len() >= 4 && good.iter().all(|l| l.1), "{good:?}");
    for start in [
        "✔ seed:",
        "✔ events:",
        "✔ anchored:",
        "✔ orders: athens.yaml",
    ] {
        assert!(
            good.iter().any(|l| l.2.starts_with(start)),
            "{start}: {good:?}"
        );
    }
    let bad = of("tampered");
    let last = bad.last().expect("lines for the tampered report");
    assert!(
        !last.1 && bad[..bad.len() - 1].iter().all(|l| l.1),
        "{bad:?}"
    );
    let want = format!(
        "✘ game `demo-431` turn 4: report-athens.md: event `battle:Plataea`, value 1: the report has {}, the protocol gives {die}",
        die % 6 + 1
    );
    assert_eq!(last.2, want, "{bad:?}");
}

/// The YAML block of a report's dice section: its byte range in the file.
fn dice_block(text: &str) -> (usize, usize) {
    let at = ["\n## Dice ", "\n## Кубики ", "\n## Кости "]
        .iter()
        .find_map(|h| text.find(h))
        .expect("a dice section");
    let start = text[at..].find("```yaml\n").expect("its fence") + at + "```yaml\n".len();
    let end = text[start..].find("```").expect("its end") + start;
    (start, end)
}

/// A different byte, as tests/archive.rs changes one: alternately the low bit, and a
/// plausible edit (another digit, the other letter case, a space for anything else).
/// Whether `changed` differs from `original` in one byte only, inside the first number
/// of a `- - N` line (a draw's bound in a report's `below:` list).
fn bound_changed(original: &[u8], changed: &[u8]) -> bool {
    if original.len() != changed.len() {
        return false;
    }
    let diff: Vec<usize> = (0..original.len())
        .filter(|&i| original[i] != changed[i])
        .collect();
    let [p] = diff[..] else {
        return false;
    };
    let start = original[..p]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = &original[start..];
    let line = &line[..line.iter().position(|&b| b == b'\n').unwrap_or(line.len())];
    let Ok(line) = std::str::from_utf8(line) else {
        return false;
    };
    let indent = line.len() - line.trim_start().len();
    let Some(n) = line.trim_start().strip_prefix("- - ") else {
        return false;
    };
    let at = p - start;
    let first = indent + 4;
    n.bytes().all(|b| b.is_ascii_digit()) && at >= first && at < first + n.len()
}

fn changed(b: u8, plausible: bool) -> u8 {
    if !plausible {
        return b ^ 1;
    }
    match b {
        b'0'..=b'8' => b + 1,
        b'9' => b'0',
        b'a'..=b'z' => b.to_ascii_uppercase(),
        b'A'..=b'Z' => b.to_ascii_lowercase(),
        b' ' => b'_',
        _ => b' ',
    }
}

/// Issue 33, "Done when": the page's check and `dikast verify` agree on every change of
/// the archive tamper test (tests/archive.rs: a byte changed at the start, a third, the
/// middle, three quarters and the end of a file, a comment appended) that a published
/// archive's check can see: every game file, orders file and published.yaml, and the
/// dice section of the moderator's and a side's (Russian) report of every turn. Each
/// change is made to the published copy and `dikast verify` run on it; the page checks
/// every changed archive in one browser run (verify.js's `checkArchive` on the archive's
/// files with that one file changed). Both must say red, or both green.
/// The Hellenes demo with its last turn undone and adjudicated again (dikast-reseed/1:
/// the seed the voided reports revealed retired, `turns/0006/reseed.yaml`, the report's
/// `reseeded:` list), so that tests/undo.rs's changes of a reseed record and of a redone
/// turn's report are among the changes.
#[test]
fn the_page_and_dikast_verify_agree_on_every_change_the_page_can_see_hellenes() {
    the_page_and_dikast_verify_agree("hellenes-431", &|war| undo_and_adjudicate_again(war, 6));
}

#[test]
fn the_page_and_dikast_verify_agree_on_every_change_the_page_can_see_successors() {
    the_page_and_dikast_verify_agree("successors", &|_| ());
}

/// `dikast undo` of the campaign's last turn `t` (its reports on disk: the seed they
/// reveal is retired) and `dikast adjudicate` of it again, from the same orders.
fn undo_and_adjudicate_again(war: &Path, t: u32) {
    Test::new()
        .arg("undo")
        .arg(war)
        .args(["--clock", "2026-12-06T04:00:00Z"])
        .stdout_has(&format!("turn {t} awaits orders again"))
        .run();
    Test::new()
        .arg("adjudicate")
        .arg(war)
        .stdout_has(&format!("turn {t} adjudicated"))
        .run();
    assert!(war.join(format!("turns/{t:04}/reseed.yaml")).exists());
}

fn the_page_and_dikast_verify_agree(scenario: &str, prepare: &dyn Fn(&Path)) {
    let t = TempDir::new(&format!("site-agree-{scenario}"));
    let war = demo(&t, scenario);
    prepare(&war);
    let out = t.join("public");
    publish_site(&war, &out);
    Test::new()
        .arg("verify")
        .arg(&out)
        .stdout_has("verified")
        .run();
    let mut files: Vec<String> = vec!["published.yaml".into()];
    let mut reports = Vec::new();
    let mut moderators = Vec::new();
    for n in 1..=turn_count(&out) {
        let dir = format!("turns/{n:04}");
        files.push(format!("{dir}/game.yaml"));
        if out.join(&dir).join("reseed.yaml").exists() {
            files.push(format!("{dir}/reseed.yaml"));
        }
        let od = out.join(&dir).join("orders");
        if od.is_dir() {
            let mut orders: Vec<String> = fs::read_dir(&od)
                .unwrap()
                .flatten()
                .map(|e| format!("{dir}/orders/{}", e.file_name().to_string_lossy()))
                .collect();
            orders.sort();
            files.extend(orders);
        }
        // The moderator's report, and the last side's in Russian.
        let mut side_ru: Vec<String> = fs::read_dir(out.join(&dir))
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|f| f.starts_with("report-") && f.ends_with(".ru.md"))
            .collect();
        side_ru.sort();
        if out.join(&dir).join("report.md").exists() {
            reports.push(format!("{dir}/report.md"));
            moderators.push(format!("{dir}/report.md"));
        }
        reports.extend(side_ru.pop().map(|r| format!("{dir}/{r}")));
    }
    assert!(files.iter().any(|f| f.contains("/orders/")), "{files:?}");
    // (file, new bytes, what was done)
    let mut changes: Vec<(String, Vec<u8>, String)> = Vec::new();
    let mut at_places = |f: &str, range: (usize, usize), append: bool| {
        let bytes = fs::read(out.join(f)).unwrap();
        let (a, b) = range;
        let len = b - a;
        let mut places = vec![a, a + len / 3, a + len / 2, a + len * 3 / 4, b - 2, b - 1];
        places.dedup();
        for (i, p) in places.into_iter().enumerate() {
            let mut c = bytes.clone();
            c[p] = changed(bytes[p], i % 2 == 1);
            changes.push((
                f.to_string(),
                c,
                format!(
                    "byte {p} {:?} → {:?}",
                    bytes[p] as char,
                    changed(bytes[p], i % 2 == 1) as char
                ),
            ));
        }
        if append {
            let mut c = bytes.clone();
            c.extend_from_slice(b"# a comment added afterwards\n");
            changes.push((f.to_string(), c, "a comment appended".into()));
        }
    };
    for f in &files {
        let len = fs::metadata(out.join(f)).unwrap().len() as usize;
        at_places(f, (0, len), true);
    }
    // A report's dice section: its YAML up to its last line's end (the newline before the
    // closing fence is framing, not a value: changed, `verify` fails as the report's bytes
    // differ, but no page that does not re-run the rules can tell).
    for r in &reports {
        let text = fs::read_to_string(out.join(r)).unwrap();
        let (a, b) = dice_block(&text);
        at_places(r, (a, b - 1), false);
    }

    // tests/archive.rs's turn that cannot be re-run (the moderator's report without its
    // sealed seed, or with one that is not hex) and tests/pipeline.rs's sealed seed that
    // is not the chain's (another turn's), in every moderator's report that reveals one.
    let sealed: Vec<(String, String)> = moderators
        .iter()
        .filter_map(|r| {
            let text = fs::read_to_string(out.join(r)).unwrap();
            let line = text
                .lines()
                .find(|l| l.starts_with("sealed_seed: "))?
                .to_string();
            Some((r.clone(), line))
        })
        .collect();
    assert!(
        !sealed.is_empty(),
        "the moderator's reports reveal sealed seeds"
    );
    for (i, (r, line)) in sealed.iter().enumerate() {
        let text = fs::read_to_string(out.join(r)).unwrap();
        let other = &sealed[(i + 1) % sealed.len()].1;
        let mut edits = vec![
            (
                text.replacen(&format!("{line}\n"), "", 1),
                "sealed_seed removed",
            ),
            (
                text.replacen(line, &line.replace("sealed_seed: ", "sealed_seed: zz"), 1),
                "sealed_seed not hex",
            ),
        ];
        if other != line {
            edits.push((text.replacen(line, other, 1), "another turn's sealed_seed"));
        }
        for (changed, what) in edits {
            assert_ne!(changed, text, "{r}: {what}");
            changes.push((r.clone(), changed.into_bytes(), what.to_string()));
        }
    }

    // tests/undo.rs's changes of a redone turn: its report's reseed list or commitment,
    // its reseed record's retired seed.
    for r in &moderators {
        let text = fs::read_to_string(out.join(r)).unwrap();
        let Some(at) = text.find("\nreseeded:\n") else {
            continue;
        };
        let end = text[at + 1..]
            .find("\nseed: ")
            .expect("the seed after the list")
            + at
            + 1;
        let retired = text[at..end]
            .lines()
            .find_map(|l| l.trim().strip_prefix("retired_seed: "))
            .expect("a retired seed")
            .to_string();
        let first = if retired.starts_with('0') { "1" } else { "0" };
        let other = format!("{first}{}", &retired[1..]);
        let commitment = text
            .lines()
            .find_map(|l| l.strip_prefix("commitment: "))
            .expect("the commitment")
            .to_string();
        let game = out.join(format!("{}/game.yaml", &r[..10]));
        let original = cli::field(&game, "  commitment");
        for (changed, what) in [
            (
                format!("{}{}", &text[..at], &text[end..]),
                "the reseed list removed",
            ),
            (text.replacen(&retired, &other, 1), "a retired seed changed"),
            (
                text.replacen(
                    &format!("commitment: {commitment}\n"),
                    &format!("commitment: {original}\n"),
                    1,
                ),
                "the game file's commitment for the reseeded one",
            ),
        ] {
            assert_ne!(changed, text, "{r}: {what}");
            changes.push((r.clone(), changed.into_bytes(), what.to_string()));
        }
        let record = format!("{}/reseed.yaml", &r[..10]);
        let rtext = fs::read_to_string(out.join(&record)).unwrap();
        changes.push((
            record.clone(),
            rtext.replacen(&retired, &other, 1).into_bytes(),
            "a retired seed changed".into(),
        ));
    }
    if scenario == "hellenes-431" {
        assert!(
            changes.iter().any(|c| c.0.ends_with("reseed.yaml")),
            "the redone turn's changes are made"
        );
    }

    // `dikast verify` on each change, on two copies at once.
    let other = t.join("public-2");
    cli::copy_tree(&out, &other);
    let run = &|dir: &Path, which: usize| {
        changes
            .iter()
            .enumerate()
            .filter(|(i, _)| i % 2 == which)
            .map(|(i, (f, bytes, _))| {
                let path = dir.join(f);
                let original = fs::read(&path).unwrap();
                fs::write(&path, bytes).unwrap();
                let o = Test::new().arg("verify").arg(dir).output();
                fs::write(&path, &original).unwrap();
                assert!(
                    o.code == 0 || o.code == 3,
                    "{f}: verify exited {}",
                    o.both()
                );
                (i, o.code == 3)
            })
            .collect::<Vec<_>>()
    };
    let (one, two) = (&out, &other);
    let verdicts: Vec<bool> = std::thread::scope(|s| {
        let a = s.spawn(move || run(one, 0));
        let b = s.spawn(move || run(two, 1));
        let mut v = a.join().unwrap();
        v.extend(b.join().unwrap());
        v.sort();
        v.into_iter().map(|(_, failed)| failed).collect()
    });

    // The page on every changed archive, in one run.
    let site = out.join("site");
    let list: Vec<serde_json::Value> = changes
        .iter()
        .map(|(f, bytes, _)| {
            use base64_engine::encode;
            serde_json::json!({ "file": f, "b64": encode(bytes) })
        })
        .collect();
    fs::write(
        site.join("agree-changes.js"),
        format!("window.CHANGES = {};\n", serde_json::Value::Array(list)),
    )
    .unwrap();
    fs::write(
        site.join("agree-check.js"),
        r#"(async () => {
  const out = document.getElementById("out");
  const base = window.DIKAST_ARCHIVE.files;
  const cases = [{ file: null }].concat(window.CHANGES);
  for (let i = 0; i < cases.length; i++) {
    const files = Object.assign({}, base);
    if (cases[i].file) files[cases[i].file] = cases[i].b64;
    const lines = await Dikast.checkArchive(files);
    const red = lines.find((l) => !l.ok);
    const li = document.createElement("li");
    li.dataset.i = String(i - 1);
    li.className = red ? "red" : "green";
    li.textContent = red ? red.text : "green";
    out.appendChild(li);
  }
  out.dataset.done = "yes";
})();
"#,
    )
    .unwrap();
    fs::write(
        site.join("agree.html"),
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>agree</title></head><body><ul id=\"out\"></ul><script src=\"archive.js\"></script><script src=\"agree-changes.js\"></script><script src=\"verify.js\"></script><script src=\"agree-check.js\"></script></body></html>\n",
    )
    .unwrap();
    let p = open(&site.join("agree.html"));
    p.quiet("the agreement page");
    assert!(
        p.dom.contains("data-done=\"yes\""),
        "the page did not finish"
    );
    let page: Vec<(i64, bool, String)> = p
        .dom
        .split("<li ")
        .skip(1)
        .map(|li| {
            (
                between(li, "data-i=\"", "\"").parse().unwrap(),
                between(li, "class=\"", "\"") == "red",
                between(li, ">", "</li>").to_string(),
            )
        })
        .collect();
    assert_eq!(
        page.len(),
        changes.len() + 1,
        "one line per change and the unchanged archive"
    );
    assert!(!page[0].1, "the unchanged archive is red: {}", page[0].2);
    let mut disagree = Vec::new();
    for (i, (f, bytes, what)) in changes.iter().enumerate() {
        let (_, red, text) = &page[i + 1];
        // A draw's bound changed (`- - 47` → `- - 46` in a `below:` list) where the
        // protocol still gives the value listed (a raw byte under both bounds): the bound
        // is the rules' (a shuffle of 47 cards), so only `dikast verify`, re-running them,
        // sees it; the page checks each value against the bound as written.
        if verdicts[i] && !*red && bound_changed(&fs::read(out.join(f)).unwrap(), bytes) {
            continue;
        }
        if *red != verdicts[i] {
            disagree.push(format!(
                "{f}, {what}: dikast verify {}, the page {} ({text})",
                if verdicts[i] { "fails" } else { "passes" },
                if *red { "is red" } else { "is green" }
            ));
        }
    }
    assert!(
        disagree.is_empty(),
        "{} of {} changes: the page and dikast verify disagree:\n{}",
        disagree.len(),
        changes.len(),
        disagree.join("\n")
    );
    // Changes both pass are only published.yaml's and reseed.yaml's that keep their
    // values (a comment appended or changed, the case of a hex digit, the last newline).
    let passed: Vec<String> = changes
        .iter()
        .zip(&verdicts)
        .filter(|(_, failed)| !**failed)
        .map(|((f, _, what), _)| format!("{f}, {what}"))
        .collect();
    assert!(
        passed
            .iter()
            .all(|p| p.starts_with("published.yaml") || p.contains("/reseed.yaml, ")),
        "changes that pass both: {passed:?}"
    );
}

/// Standard base64 (the page decodes it with `atob`).
mod base64_engine {
    pub fn encode(bytes: &[u8]) -> String {
        const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut out = String::new();
        for c in bytes.chunks(3) {
            let n = (u32::from(c[0]) << 16)
                | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
                | u32::from(*c.get(2).unwrap_or(&0));
            for i in 0..4 {
                out.push(if i <= c.len() {
                    char::from(A[((n >> (18 - 6 * i)) & 63) as usize])
                } else {
                    '='
                });
            }
        }
        out
    }
}

/// The site is a function of the published copy: published twice, the same bytes (no
/// clock, no hash-map order, no folder name in it); the players' chosen names are on the
/// index and their addresses nowhere; a campaign holding a `site` folder of its own is
/// refused and nothing is written. No browser needed.
#[test]
fn the_site_is_the_same_bytes_every_time_and_holds_no_address() {
    let t = TempDir::new("site-bytes");
    let war = demo(&t, "hellenes-431");
    let campaign = war.join("campaign.yaml");
    let text = fs::read_to_string(&campaign).unwrap();
    let named = text
        .replacen(
            "name: ''\n    email: ''",
            "name: Pericles\n    email: pericles@athens.example",
            1,
        )
        .replacen(
            "name: ''\n    email: ''",
            "name: Archidamus\n    email: archidamus@sparta.example",
            1,
        );
    assert_ne!(named, text, "campaign.yaml has the players' fields");
    fs::write(&campaign, named).unwrap();
    let (a, b) = (t.join("one"), t.join("two"));
    publish_site(&war, &a);
    publish_site(&war, &b);
    let files = |d: &Path| {
        let mut v: Vec<(String, Vec<u8>)> = fs::read_dir(d.join("site"))
            .unwrap()
            .flatten()
            .map(|e| {
                (
                    e.file_name().to_string_lossy().into_owned(),
                    fs::read(e.path()).unwrap(),
                )
            })
            .collect();
        v.sort();
        v
    };
    let (fa, fb) = (files(&a), files(&b));
    assert!(
        fa.len() >= 10,
        "{:?}",
        fa.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    assert_eq!(
        fa.iter().map(|f| &f.0).collect::<Vec<_>>(),
        fb.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    for ((name, x), (_, y)) in fa.iter().zip(&fb) {
        assert!(x == y, "site/{name} differs between two publications");
        let text = String::from_utf8_lossy(x);
        assert!(
            !text.contains("@athens.example") && !text.contains("@sparta.example"),
            "site/{name} holds an address"
        );
        assert!(
            !text.contains(&*t.path().to_string_lossy()),
            "site/{name} names a local folder"
        );
    }
    let index =
        String::from_utf8_lossy(&fa.iter().find(|f| f.0 == "index.html").unwrap().1).into_owned();
    assert!(
        index.contains("Pericles") && index.contains("Archidamus"),
        "the index names the players"
    );

    // A campaign with a `site` folder of its own: refused, nothing written.
    fs::create_dir(war.join("site")).unwrap();
    fs::write(war.join("site/notes.txt"), "mine").unwrap();
    let c = t.join("three");
    Test::new()
        .arg("publish")
        .arg(&war)
        .arg(&c)
        .args(["--force", "--site"])
        .failure()
        .stderr_has("holds a `site` folder of its own")
        .run();
    assert!(!c.exists(), "nothing is written");
}

/// A site of a war not over (`publish --force --site`) shows only what some side's
/// report shows: no page shows, quotes or links the moderator's report (which shows every
/// hand and every block), and nothing only the moderator knows is on any page — not the
/// sealed seed, not a sealed or hidden event's values, not the whole position, not an
/// event some side was not told (in the index's timeline, which all sides read).
fn a_site_not_over_holds_no_moderators_report_and_no_hidden_fact(scenario: &str) {
    let t = TempDir::new(&format!("site-secret-{scenario}"));
    let war = demo(&t, scenario);
    let out = t.join("public");
    publish_site(&war, &out);
    let site = out.join("site");
    let turns = turn_count(&out);
    let pages: Vec<(String, String)> = fs::read_dir(&site)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".html"))
        .map(|f| (f.clone(), fs::read_to_string(site.join(&f)).unwrap()))
        .collect();
    assert!(pages.len() >= 6, "{pages:?}");
    let (mut sealed, mut alone) = (0, 0);
    for n in 1..turns {
        let md = fs::read_to_string(out.join(format!("turns/{n:04}/report.md"))).unwrap();
        let dice = md
            .split("```yaml\n")
            .nth(1)
            .unwrap()
            .split("```")
            .next()
            .unwrap();
        let dice: serde_yaml::Value = serde_yaml::from_str(dice).unwrap();
        let seed = dice["sealed_seed"]
            .as_str()
            .expect("the moderator's sealed seed");
        // The events some side's report leaves out (sealed or hidden): their label rows.
        let sides: Vec<String> = side_reports(&out, n, "en")
            .into_iter()
            .map(|(_, text)| text)
            .collect();
        let hidden: Vec<String> = dice["events"]
            .as_sequence()
            .unwrap()
            .iter()
            .map(|e| e["label"].as_str().unwrap().to_string())
            .filter(|l| !sides.iter().all(|r| r.contains(&format!("label: {l}\n"))))
            .collect();
        sealed += hidden.len();
        for (name, text) in &pages {
            assert!(!text.contains(seed), "{name} holds turn {n}'s sealed seed");
            for l in &hidden {
                assert!(
                    !text.contains(&format!("<tr><td><code>{}</code>", esc(l))),
                    "{name} lists the values of `{l}`, which a side may not see (turn {n})"
                );
            }
        }
        for (lang, moderator, whole) in [
            (
                "en",
                "oderator&apos;s report",
                "The whole position (every side",
            ),
            ("ru", "Отчёт ведущего", "Всё положение (все стороны"),
        ] {
            let page = if lang == "en" {
                format!("turn-{n:04}.html")
            } else {
                format!("turn-{n:04}.ru.html")
            };
            let text = &pages.iter().find(|p| p.0 == page).unwrap().1;
            assert!(
                text.contains("class=\"dk-report\""),
                "{page}: the sides' reports are shown"
            );
            assert!(
                !text.contains(moderator) && !text.contains("Moderator's report"),
                "{page}: the moderator's report"
            );
            assert!(
                !text.contains(whole) && !text.contains("dk-whole"),
                "{page}: the whole position"
            );
            for f in ["report.md", "report.ru.md"] {
                assert!(
                    !text.contains(&format!("/{n:04}/{f}\"")),
                    "{page} links the moderator's {f}"
                );
            }
            // The index tells what every side was told, nothing some side was not.
            let index = if lang == "en" {
                "index.html"
            } else {
                "index.ru.html"
            };
            let index = &pages.iter().find(|p| p.0 == index).unwrap().1;
            let li = between(index, &format!("<li data-turn=\"{n}\">"), "</li>\n");
            let every = told_to_every_side(&out, n, lang);
            let mmd = fs::read_to_string(out.join(format!(
                "turns/{n:04}/{}",
                if lang == "en" {
                    "report.md"
                } else {
                    "report.ru.md"
                }
            )))
            .unwrap();
            for item in happened_items(&mmd, lang) {
                if every.contains(&item) {
                    continue;
                }
                alone += 1;
                // Its words up to the first Markdown mark, as the page would show them.
                let plain: String = item
                    .chars()
                    .take_while(|c| !"*`_[<&'\"".contains(*c))
                    .collect();
                assert!(
                    plain.len() < 12 || !li.contains(&plain),
                    "turn {n} ({lang}): the index tells `{item}`, which some side was not told: {li}"
                );
            }
        }
    }
    assert!(
        sealed > 0,
        "the demo has a sealed or hidden event to keep out"
    );
    assert!(alone > 0, "the demo has an event some side is not told");
}

#[test]
fn a_hellenes_site_not_over_holds_no_moderators_report_and_no_hidden_fact() {
    a_site_not_over_holds_no_moderators_report_and_no_hidden_fact("hellenes-431");
}

#[test]
fn a_successors_site_not_over_holds_no_moderators_report_and_no_hidden_fact() {
    a_site_not_over_holds_no_moderators_report_and_no_hidden_fact("successors");
}

/// Turn 1 of a new campaign made the year end of 431 with Sparta 15 ahead (as
/// tests/game_over.rs makes it): its game file and views rewritten as `new` would have
/// written them for that state, so that adjudicating it ends the game (10.2, 14.2.1).
fn at_the_winning_year_end(dir: &Path) {
    use dikast::game::{to_yaml, GameFile};
    use dikast::games::hellenes::model::state::{Phase, Prestige, Season, State};
    use dikast::games::hellenes::{Hellenes, HELLENES_431};
    use dikast::rules::Rules;
    let path = dir.join("turns/0001/game.yaml");
    let mut game: GameFile<State> = serde_yaml::from_slice(&fs::read(&path).unwrap()).unwrap();
    let sc = Hellenes::load_scenario(HELLENES_431).unwrap();
    game.state.season = Season::Winter;
    game.state.phase = Phase::YearEnd;
    game.state.prestige = Prestige {
        leader: "sparta".into(),
        points: 15,
    };
    let step = Hellenes::step(&sc, &game.state);
    game.step = step.title;
    game.awaiting = step.awaiting;
    let bytes = to_yaml(&game).into_bytes();
    fs::write(&path, &bytes).unwrap();
    for (side, view) in dikast::pipeline::view_bytes::<Hellenes>(&sc, &game, &bytes) {
        fs::write(dir.join(format!("turns/0001/view-{side}.yaml")), view).unwrap();
    }
}

/// A war that is over publishes without `--force`: the index says so and who won, in
/// the game's words in each language (the step of the game file the last turn made, no
/// report heads it); the timeline ends with that file, awaiting nobody; the last turn's
/// page shows the moderator's report; verify.html is green.
#[test]
fn a_finished_war_is_published_as_over_with_its_result() {
    let t = TempDir::new("site-over");
    let war = t.join("war");
    cli::new_campaign(&war, "over-site");
    at_the_winning_year_end(&war);
    Test::new()
        .arg("adjudicate")
        .arg(&war)
        .arg("--allow-no-orders")
        .stdout_has("the game is over")
        .run();
    let out = t.join("public");
    Test::new()
        .arg("publish")
        .arg(&war)
        .arg(&out)
        .arg("--site")
        .stdout_has("site: ")
        .run();
    let site = out.join("site");
    let final_game: serde_yaml::Value =
        serde_yaml::from_slice(&fs::read(out.join("turns/0002/game.yaml")).unwrap()).unwrap();
    let over = final_game["step"].as_str().expect("the final step");
    assert!(
        final_game["awaiting"]
            .as_sequence()
            .is_none_or(|s| s.is_empty()),
        "the final game file awaits nobody"
    );
    for (index, said, turn, awaits) in [
        ("index.html", "The game is over", "Turn", "awaits"),
        ("index.ru.html", "Игра окончена", "Ход", "ожидает"),
    ] {
        let text = fs::read_to_string(site.join(index)).unwrap();
        let result = between(&text, "<section id=\"dk-result\">", "</section>");
        assert!(
            result.contains(said) && !result.contains("--force"),
            "{index}: {result}"
        );
        let last = between(&text, "<li data-turn=\"2\"", "</li>");
        assert!(
            last.contains("class=\"dk-final\"") && !last.contains(awaits),
            "{index}: the final game file is listed as awaiting: {last}"
        );
        let title = between(last, &format!("{turn} 2: "), "\u{0}");
        assert!(!title.is_empty(), "{index}: {last}");
        assert!(result.contains(title), "{index}: {result} / {title}");
        if index == "index.html" {
            assert_eq!(title, esc(over));
        } else {
            assert_ne!(title, esc(over), "{index}: the final step in English");
        }
    }
    let page = fs::read_to_string(site.join("turn-0001.html")).unwrap();
    assert!(
        page.contains("<details class=\"dk-report\" open><summary>The moderator&apos;s report"),
        "the moderator's report is on the last turn's page"
    );
    // The war is over: the turn page and the index draw the whole position after the
    // turn, as `dikast show GAME --format svg` draws it (every side's blocks whole, no
    // hidden group), in the page's language; no side's view.
    for (file, lang) in [
        ("turn-0001.html", "en"),
        ("turn-0001.ru.html", "ru"),
        ("index.html", "en"),
    ] {
        let text = fs::read_to_string(site.join(file)).unwrap();
        let maps = between(&text, "<section class=\"dk-maps\">", "</section>");
        assert_eq!(maps.matches("<svg").count(), 1, "{file}: one map");
        assert!(maps.contains("class=\"dk-map dk-whole\""), "{file}");
        let shown = Test::new()
            .arg("show")
            .arg(out.join("turns/0002/game.yaml"))
            .args(["--format", "svg", "--lang", lang])
            .run()
            .stdout;
        let svg = shown.split_once("?>\n").map_or(shown.as_str(), |x| x.1);
        assert!(maps.contains(svg), "{file}: not `show GAME`'s map");
        assert!(
            svg.contains(if lang == "en" {
                "the whole position"
            } else {
                "вся позиция"
            }),
            "{file}"
        );
        for block in ["ATH-1 ", "SPA-1 "] {
            assert!(
                svg.contains(block),
                "{file}: no {block}in the whole position"
            );
        }
        assert!(
            !svg.contains(" blocks of ")
                && !svg.contains(" block of ")
                && !svg.contains("as seen by"),
            "{file}: a hidden group or a side's view"
        );
    }
    assert!(
        !page.contains("rel=\"next\""),
        "no page after the last turn"
    );
    let p = open(&site.join("verify.html"));
    p.quiet("verify.html");
    assert_eq!(p.status(), ("yes".into(), "0".into()), "{}", p.dom);
}

/// A finished Successors campaign as a site: the demo played on to its end (every later
/// round adjudicated without orders, as a moderator does when nobody sends any), then
/// published without `--force`. The index says the game is over; every turn page draws
/// the whole position after the turn as `dikast show GAME --format svg` does (every
/// player's armies and hand, its own legend) and shows the moderator's report; in the
/// browser the index (both languages) and turn pages open without a console message, the
/// timeline lists every turn, and verify.html turns every line green.
#[test]
fn a_finished_successors_war_as_a_site_shows_the_whole_position_and_checks_green() {
    let t = TempDir::new("site-successors-over");
    let war = demo(&t, "successors");
    let mut over = false;
    for _ in 0..80 {
        let out = Test::new()
            .arg("adjudicate")
            .arg(&war)
            .arg("--allow-no-orders")
            .run();
        if out.stdout.contains("the game is over") {
            over = true;
            break;
        }
    }
    assert!(over, "the Successors demo never ends");
    let out = t.join("public");
    Test::new()
        .arg("publish")
        .arg(&war)
        .arg(&out)
        .arg("--site")
        .stdout_has("site: ")
        .run();
    let site = out.join("site");
    let turns = turn_count(&out);
    assert!(turns > 10, "the war is played to its end: {turns} turns");
    no_request_leaves(&site);
    for (index, said) in [
        ("index.html", "The game is over"),
        ("index.ru.html", "Игра окончена"),
    ] {
        let text = fs::read_to_string(site.join(index)).unwrap();
        let result = between(&text, "<section id=\"dk-result\">", "</section>");
        assert!(result.contains(said), "{index}: {result}");
    }
    for n in 1..turns {
        for (page, lang, moderator) in [
            (
                format!("turn-{n:04}.html"),
                "en",
                "The moderator&apos;s report",
            ),
            (format!("turn-{n:04}.ru.html"), "ru", "Отчёт ведущего"),
        ] {
            let text = fs::read_to_string(site.join(&page)).unwrap();
            assert!(text.contains(moderator), "{page}: no moderator's report");
            let maps = between(&text, "<section class=\"dk-maps\">", "</section>");
            assert_eq!(maps.matches("<svg").count(), 1, "{page}: one map");
            assert!(maps.contains("class=\"dk-map dk-whole\""), "{page}");
            if n == 1 || n + 1 == turns {
                let shown = Test::new()
                    .arg("show")
                    .arg(out.join(format!("turns/{:04}/game.yaml", n + 1)))
                    .args(["--format", "svg", "--lang", lang])
                    .run()
                    .stdout;
                let svg = shown.split_once("?>\n").map_or(shown.as_str(), |x| x.1);
                assert!(maps.contains(svg), "{page}: not `show GAME`'s map");
                let hand = if lang == "en" {
                    " — hand: "
                } else {
                    " — на руке: "
                };
                assert!(svg.contains(hand), "{page}: no player's hand");
                assert!(
                    !svg.contains("Your hand") && !svg.contains("Ваша рука"),
                    "{page}"
                );
            }
        }
    }
    for (index, word) in [("index.html", "Turn"), ("index.ru.html", "Ход")] {
        let p = index_lists_every_turn(&site, index, word, turns);
        assert!(
            p.dom.contains("dk-whole"),
            "{index} shows the whole position"
        );
    }
    for page in [
        "turn-0001.html".to_string(),
        format!("turn-{:04}.ru.html", turns - 1),
    ] {
        let p = open(&site.join(&page));
        p.quiet(&page);
        assert!(
            p.dom.contains("<svg") && p.dom.contains("id=\"dk-dice\""),
            "{page}"
        );
    }
    let p = open(&site.join("verify.html"));
    p.quiet("verify.html");
    assert_eq!(p.status(), ("yes".into(), "0".into()), "{}", p.dom);
    let lines = p.turn_lines();
    assert_eq!(lines.len() as u32, turns + 1, "{lines:?}");
    for (n, green, text) in &lines {
        assert!(*green, "line {n} is red: {text}");
    }
}
