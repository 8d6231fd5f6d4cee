//! A small builder for command-line tests, in the style of just's `tests/test.rs`:
//! `Test::new().args([..]).current_dir(..).failure().run()` runs the built `dikast`
//! binary and checks its exit code, its output, and that it never panicked.
//!
//! The other integration tests include this file (`mod cli;`); it also builds as a test
//! target of its own with no tests, so that it holds none (they would run once per
//! including target). Temporary folders are
//! named from the process id and a counter (no randomness) and removed when dropped.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The `dikast` binary Cargo built for these tests.
pub const BIN: &str = env!("CARGO_BIN_EXE_dikast");

/// The repository root (for `orders-examples/`, `tests/data/`, the catalogue).
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// What one run of the binary gave.
#[derive(Debug, Clone)]
pub struct Output {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Output {
    /// Both streams, for messages.
    pub fn both(&self) -> String {
        format!(
            "exit {}\n--- stdout\n{}--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

/// One run of `dikast` and what it must give.
#[must_use]
pub struct Test {
    args: Vec<OsString>,
    dir: Option<PathBuf>,
    env: Vec<(String, String)>,
    code: i32,
    stdout: Option<String>,
    stderr: Option<String>,
    stdout_has: Vec<String>,
    stderr_has: Vec<String>,
}

impl Default for Test {
    fn default() -> Self {
        Test::new()
    }
}

impl Test {
    /// A run expected to succeed (exit 0) unless told otherwise.
    pub fn new() -> Test {
        Test {
            args: Vec::new(),
            dir: None,
            env: Vec::new(),
            code: 0,
            stdout: None,
            stderr: None,
            stdout_has: Vec::new(),
            stderr_has: Vec::new(),
        }
    }
    pub fn arg(mut self, a: impl Into<OsString>) -> Test {
        self.args.push(a.into());
        self
    }
    pub fn args<I, A>(mut self, args: I) -> Test
    where
        I: IntoIterator<Item = A>,
        A: Into<OsString>,
    {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }
    /// Runs the binary in this folder.
    pub fn current_dir(mut self, dir: &Path) -> Test {
        self.dir = Some(dir.to_path_buf());
        self
    }
    pub fn env(mut self, k: &str, v: &str) -> Test {
        self.env.push((k.into(), v.into()));
        self
    }
    /// The exact standard output.
    pub fn stdout(mut self, s: &str) -> Test {
        self.stdout = Some(s.into());
        self
    }
    /// The exact standard error.
    pub fn stderr(mut self, s: &str) -> Test {
        self.stderr = Some(s.into());
        self
    }
    pub fn stdout_has(mut self, s: &str) -> Test {
        self.stdout_has.push(s.into());
        self
    }
    pub fn stderr_has(mut self, s: &str) -> Test {
        self.stderr_has.push(s.into());
        self
    }
    /// The expected exit code.
    pub fn status(mut self, code: i32) -> Test {
        self.code = code;
        self
    }
    /// Exit 1: invalid input (or a refused request).
    pub fn failure(self) -> Test {
        self.status(1)
    }
    /// Exit 3: verification failed.
    pub fn verify_failure(self) -> Test {
        self.status(3)
    }

    /// Runs without checking anything but that it did not panic.
    pub fn output(&self) -> Output {
        let mut cmd = Command::new(BIN);
        cmd.args(&self.args);
        if let Some(d) = &self.dir {
            cmd.current_dir(d);
        }
        // Output must not depend on the terminal or the user's settings.
        cmd.env("NO_COLOR", "1").env_remove("RUST_BACKTRACE");
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        let out = cmd.output().expect("the dikast binary runs");
        let o = Output {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        };
        assert!(
            !o.stderr.contains("panicked") && !o.stdout.contains("panicked"),
            "dikast {:?} panicked:\n{}",
            self.args,
            o.both()
        );
        o
    }

    /// Runs and checks everything asked for; returns the output for further checks.
    pub fn run(self) -> Output {
        let o = self.output();
        let what = format!("dikast {:?}", self.args);
        assert_eq!(o.code, self.code, "{what}: exit code\n{}", o.both());
        if let Some(s) = &self.stdout {
            assert_eq!(&o.stdout, s, "{what}: stdout\n{}", o.both());
        }
        if let Some(s) = &self.stderr {
            assert_eq!(&o.stderr, s, "{what}: stderr\n{}", o.both());
        }
        for s in &self.stdout_has {
            assert!(
                o.stdout.contains(s),
                "{what}: stdout lacks {s:?}\n{}",
                o.both()
            );
        }
        for s in &self.stderr_has {
            assert!(
                o.stderr.contains(s),
                "{what}: stderr lacks {s:?}\n{}",
                o.both()
            );
        }
        o
    }
}

/// Runs the binary with `args` and no standard input (nothing to read, never the
/// terminal's), without the SMTP password a developer may have exported: the plain runner
/// of the tests that read both streams themselves (mail, receive, tick, undo, status, week).
pub fn dikast(args: &[&str]) -> std::process::Output {
    dikast_env(args, &[])
}

/// `dikast` with these environment variables set.
pub fn dikast_env(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut c = Command::new(BIN);
    c.args(args)
        .env_remove("DIKAST_SMTP_PASSWORD")
        .stdin(std::process::Stdio::null());
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("dikast runs")
}

/// `dikast` with `stdin` piped to it (a message for `receive`).
pub fn dikast_in(args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut c = Command::new(BIN)
        .args(args)
        .env_remove("DIKAST_SMTP_PASSWORD")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dikast runs");
    c.stdin
        .take()
        .expect("a piped stdin")
        .write_all(stdin)
        .expect("dikast reads its input");
    c.wait_with_output().expect("dikast ends")
}

/// A run's exit code and both streams, for messages.
pub fn text(o: &std::process::Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}--- stderr\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// The standard output of a run that must exit 0 (else the test fails showing both
/// streams).
pub fn ok(o: std::process::Output) -> String {
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A temporary folder removed when dropped.
pub struct TempDir {
    path: PathBuf,
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let path =
            std::env::temp_dir().join(format!("dikast-test-{}-{n}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create a temporary folder");
        TempDir { path }
    }
    pub fn path(&self) -> &Path {
        &self.path
    }
    pub fn join(&self, p: impl AsRef<Path>) -> PathBuf {
        self.path.join(p)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// One entry of a folder snapshot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    Dir,
    File(Vec<u8>),
    Link(PathBuf),
}

/// Every file, folder and link under `dir` (hidden ones included) with the files' bytes:
/// two snapshots are equal exactly when nothing was written, removed or renamed.
pub fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Entry> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Entry>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        for e in rd.flatten() {
            let p = e.path();
            let rel = p.strip_prefix(root).unwrap_or(&p).to_path_buf();
            let ft = e.file_type().expect("file type");
            if ft.is_symlink() {
                out.insert(rel, Entry::Link(std::fs::read_link(&p).unwrap_or_default()));
            } else if ft.is_dir() {
                out.insert(rel, Entry::Dir);
                walk(root, &p, out);
            } else {
                out.insert(rel, Entry::File(std::fs::read(&p).expect("read a file")));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// Says how two snapshots differ, or `None` when they are equal.
pub fn snapshot_diff(
    before: &BTreeMap<PathBuf, Entry>,
    after: &BTreeMap<PathBuf, Entry>,
) -> Option<String> {
    let mut lines = Vec::new();
    for (p, e) in before {
        match after.get(p) {
            None => lines.push(format!("removed {}", p.display())),
            Some(a) if a != e => lines.push(format!("changed {}", p.display())),
            _ => {}
        }
    }
    for p in after.keys() {
        if !before.contains_key(p) {
            lines.push(format!("added {}", p.display()));
        }
    }
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// Copies a folder tree (files, folders; links are copied as links).
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create folder");
    for e in std::fs::read_dir(from).expect("read folder").flatten() {
        let ft = e.file_type().expect("file type");
        let dest = to.join(e.file_name());
        if ft.is_dir() {
            copy_tree(&e.path(), &dest);
        } else if ft.is_symlink() {
            #[cfg(unix)]
            std::os::unix::fs::symlink(std::fs::read_link(e.path()).unwrap(), &dest).unwrap();
        } else {
            std::fs::copy(e.path(), &dest).expect("copy a file");
        }
    }
}

/// The value of a top-level `key: value` line of a YAML file we wrote.
pub fn field(path: &Path, key: &str) -> String {
    let text = std::fs::read_to_string(path).expect("read a YAML file");
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{key}: ")))
        .unwrap_or_else(|| panic!("{} has no `{key}:` line", path.display()))
        .trim()
        .to_string()
}

/// The fixed, public chain heads of the demo (orders-examples/hellenes-431/secret.yaml):
/// campaigns made with them are the same on every run.
pub fn demo_secret() -> PathBuf {
    repo().join("orders-examples/hellenes-431/secret.yaml")
}

/// `dikast new DIR --game-id ID --secret <demo secret>`.
pub fn new_campaign(dir: &Path, game_id: &str) {
    Test::new()
        .arg("new")
        .arg(dir)
        .args(["--game-id", game_id, "--secret"])
        .arg(demo_secret())
        .run();
}

/// `dikast new DIR --scenario FILE --game-id ID --secret <demo secret>`: a campaign on a
/// moderator's own scenario file.
pub fn new_campaign_on(dir: &Path, scenario: &Path, game_id: &str) {
    Test::new()
        .arg("new")
        .arg(dir)
        .arg("--scenario")
        .arg(scenario)
        .args(["--game-id", game_id, "--secret"])
        .arg(demo_secret())
        .run();
}

/// Gives a new campaign's two players addresses (Athens first) and mail settings whose
/// server is a closed port, so that every message dikast would send waits in an outbox,
/// as it would be sent; `extra` is more of campaign.yaml, and Sparta's player reads
/// `sparta_lang`.
pub fn with_players_and_closed_mail(dir: &Path, sparta_lang: &str, extra: &str) {
    let campaign = dir.join("campaign.yaml");
    let c = fs::read_to_string(&campaign).unwrap();
    let (athens, sparta) = c.split_once("  sparta:").expect("a Hellenes campaign");
    let c = format!(
        "{}  sparta:{}",
        athens.replacen("email: ''", "email: pericles@example.org", 1),
        sparta
            .replacen("email: ''", "email: archidamus@example.org", 1)
            .replacen("language: en", &format!("language: {sparta_lang}"), 1)
    );
    fs::write(
        &campaign,
        format!("{c}moderator: mod@example.org\n{extra}mail:\n  server: 127.0.0.1\n  port: 9\n  security: none\n  from: \"Dikast <judge@example.org>\"\n"),
    )
    .unwrap();
}

/// An orders file for `side` on turn `t`, its envelope taken from the side's view.
pub fn orders(dir: &Path, t: u32, side: &str, body: &str) -> String {
    let view = dir.join(format!("turns/{t:04}/view-{side}.yaml"));
    format!(
        "# {side}'s orders for turn {t}\ngame: {}\nturn: {t}\nside: {side}\nbased_on: {}\nentropy: \"{side} writes on turn {t}\"\n{body}",
        field(&view, "game"),
        field(&view, "based_on"),
    )
}

/// The id of the first card in the side's hand, from its view.
pub fn first_card(dir: &Path, t: u32, side: &str) -> String {
    let view = dir.join(format!("turns/{t:04}/view-{side}.yaml"));
    let v: serde_yaml::Value = serde_yaml::from_slice(&fs::read(&view).unwrap()).unwrap();
    v["state"]["hand"][0]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("{} shows no hand", view.display()))
        .to_string()
}

/// Writes both sides' orders for turn t (checked first, as a player would) into the
/// campaign's orders folder.
pub fn send_orders(dir: &Path, t: u32, bodies: [(&str, String); 2]) {
    for (side, body) in bodies {
        let text = orders(dir, t, side, &body);
        let path = dir.join(format!("turns/{t:04}/orders/{side}.yaml"));
        fs::write(&path, &text).unwrap();
        Test::new()
            .arg("check")
            .arg(&path)
            .arg("--against")
            .arg(dir.join(format!("turns/{t:04}/view-{side}.yaml")))
            .stdout_has("are valid")
            .run();
    }
}

/// Turn 1 (setup: standing orders and entropy for the deal), then turn 2 (the New Year,
/// 10.4: each side sacrifices its first card to Zeus).
pub fn play_two_turns(dir: &Path) {
    send_orders(
        dir,
        1,
        [
            ("athens", "standing:\n  fortify: { Athens: walls }\n".into()),
            ("sparta", "standing:\n  fortify: { Sparta: field }\n".into()),
        ],
    );
    Test::new()
        .arg("adjudicate")
        .arg(dir)
        .stdout_has("turn 1 adjudicated")
        .run();
    let bodies = ["athens", "sparta"].map(|s| {
        (
            s,
            format!(
                "new_year: {{ card: {}, for: action, sacrifice: Zeus }}\n",
                first_card(dir, 2, s)
            ),
        )
    });
    send_orders(dir, 2, bodies);
    Test::new()
        .arg("adjudicate")
        .arg(dir)
        .stdout_has("turn 2 adjudicated")
        .run();
}

/// A template as a player fills it in who takes its example card play: the lines under
/// "Your choice:" (`initiative:` or `new_year:` and its keys, written as comments so that
/// a file sent unfilled carries no order) with their `# ` removed. Issue 32.16.
pub fn choose(template: &str) -> String {
    let mut out = String::new();
    let mut open = false;
    for line in template.lines() {
        if line.starts_with("# Your choice:") || line.starts_with("# Ваш выбор:") {
            open = true;
            out.push_str(line);
        } else if open
            && (line.starts_with("# initiative:")
                || line.starts_with("# new_year:")
                || line.starts_with("#   "))
        {
            out.push_str(&line[2..]);
        } else {
            open = false;
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}
