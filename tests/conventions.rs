//! Conventions users of a command-line tool expect (issue 13): help text for every command,
//! argument and option; shell completions and man pages generated from the same clap
//! definition, naming every command; `template --side` and `show --side` listing the
//! sides of the embedded scenarios; `demo` from any folder.

mod cli;

use cli::{TempDir, Test};

/// Every command of the tree, with its path (`dikast show`).
fn commands(c: &clap::Command, path: &str, out: &mut Vec<(String, clap::Command)>) {
    out.push((path.to_string(), c.clone()));
    for s in c.get_subcommands() {
        commands(s, &format!("{path} {}", s.get_name()), out);
    }
}

#[test]
fn every_command_argument_and_option_has_help_text() {
    let root = dikast::cli::command_for(&dikast::games::builtin());
    let mut all = Vec::new();
    commands(&root, "dikast", &mut all);
    assert!(all.len() > 10, "the tree has the commands: {}", all.len());
    let mut missing = Vec::new();
    for (path, c) in &all {
        if c.get_about().is_none() {
            missing.push(format!("{path}: no about"));
        }
        for a in c.get_arguments() {
            let id = a.get_id().as_str();
            if id == "help" || id == "version" {
                continue;
            }
            let help = a.get_help().map(|h| h.to_string()).unwrap_or_default();
            if help.trim().is_empty() {
                missing.push(format!("{path} <{id}>: no help"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "without help text:\n{}",
        missing.join("\n")
    );
}

#[test]
fn side_options_list_the_sides_of_every_embedded_scenario() {
    let reg = dikast::games::builtin();
    for cmd in ["template", "show"] {
        let out = Test::new().args([cmd, "--help"]).run();
        for g in reg.games() {
            for n in g.scenario_names() {
                let sides = g
                    .sides_of_scenario(n)
                    .expect("sides of an embedded scenario");
                let listed = format!("{n}: {}", sides.join(", "));
                assert!(
                    out.stdout.contains(&listed),
                    "`dikast {cmd} --help` does not list `{listed}`:\n{}",
                    out.stdout
                );
            }
        }
    }
}

#[test]
fn completions_name_every_command_in_each_shell() {
    let root = dikast::cli::command_for(&dikast::games::builtin());
    let names: Vec<String> = root
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = Test::new().args(["completions", shell]).run();
        assert!(out.stdout.len() > 1000, "{shell}: a short script");
        for n in &names {
            assert!(
                out.stdout.contains(n.as_str()),
                "the {shell} completions do not name `{n}`"
            );
        }
    }
    // The bash script completes the embedded value choices too (`show --format`).
    let bash = Test::new().args(["completions", "bash"]).run().stdout;
    assert!(
        bash.contains("text markdown json svg png"),
        "show --format choices"
    );
    Test::new().args(["completions", "tcsh"]).status(2).run();
}

#[test]
fn man_pages_are_roff_with_every_command_and_option() {
    let root = dikast::cli::command_for(&dikast::games::builtin());
    let page = Test::new().arg("man").run().stdout;
    assert!(
        page.starts_with(".ie"),
        "roff: {}",
        &page[..page.len().min(80)]
    );
    assert!(page.contains(".TH dikast 1"), "the page's title");
    for c in root.get_subcommands() {
        let name = c.get_name();
        // clap_mangen lists the subcommands under SUBCOMMANDS as `dikast-<name>(1)`.
        assert!(
            page.contains(&format!("dikast\\-{}(1)", name.replace('-', "\\-"))),
            "the man page does not list `{name}`"
        );
        let sub = Test::new().args(["man", name]).run().stdout;
        assert!(
            sub.contains(&format!(".TH dikast-{name} 1")),
            "the page of {name}"
        );
        for a in c.get_arguments() {
            if let Some(long) = a.get_long() {
                if long == "help" {
                    continue;
                }
                assert!(
                    sub.contains(&format!("\\-\\-{}", long.replace('-', "\\-"))),
                    "the page of `{name}` does not show --{long}"
                );
            }
        }
    }
    Test::new()
        .args(["man", "no-such-command"])
        .status(2)
        .stderr_has("there is no command `no-such-command`")
        .run();
}

#[test]
fn demo_runs_from_any_folder() {
    let t = TempDir::new("conventions-demo");
    Test::new()
        .arg("demo")
        .current_dir(t.path())
        .stdout_has("verified: every file re-runs byte for byte")
        .run();
}

/// A scenario's older name (`successors-323`, an alias of `successors`) plays the same
/// built-in examples as its name: the demo resolves the alias before it looks for them.
#[test]
fn demo_of_a_scenario_alias_plays_its_examples() {
    let t = TempDir::new("conventions-demo-alias");
    Test::new()
        .args(["demo", "--scenario", "successors-323"])
        .current_dir(t.path())
        .stdout_has("of the embedded scenario successors")
        .stdout_has("verified: every file re-runs byte for byte")
        .run();
}

/// Issue 32.15: the help says what it promises — `--side` lists every side a scenario can
/// have (Successors: 5 at 4–5 players), `new --scenario` lists the embedded scenarios
/// itself — and `dikast man` of a command that does not exist is a usage error (exit 2).
#[test]
fn help_lists_what_it_promises_and_man_of_no_command_is_a_usage_error() {
    let out = Test::new().args(["template", "--help"]).run();
    for side in [
        "eumenes",
        "perdikkas",
        "ptolemaios",
        "antigonos",
        "antipatros",
    ] {
        assert!(out.stdout.contains(side), "{side}:\n{}", out.stdout);
    }
    let out = Test::new().args(["new", "--help"]).run();
    assert!(
        out.stdout.contains("embedded: hellenes-431, successors"),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("`dikast schema` and `--help`"));
    Test::new()
        .args(["man", "nosuch"])
        .status(2)
        .stderr_has("there is no command `nosuch`; commands: new, ")
        .run();
}
