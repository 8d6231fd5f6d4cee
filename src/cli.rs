//! The command line: clap parses plain data (stage one); `run` resolves paths, loads
//! files and calls the library (stage two). Every command's failure is a `Failure`
//! with its exit code; nothing here panics on user input.

use crate::campaign::{self, NewOptions};
use crate::dice::{self, Chain, TurnDice};
use crate::error::Failure;
use crate::folder::Layout;
use crate::fsx;
use crate::game::Peek;
use crate::pipeline;
use crate::registry::{Game, Registry};
use crate::schema::SchemaKind;
use crate::secret::Secret;
use crate::show::{Format, Language, Shown};
use crate::verify;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::path::{Path, PathBuf};

#[derive(Parser, Debug)]
#[command(
    name = "dikast",
    version,
    about = "Adjudicates play-by-e-mail campaigns of block wargames of antiquity, with dice anyone can check."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Create a campaign folder from an embedded scenario or a scenario file.
    New {
        /// The new campaign folder (must not exist, or be empty).
        dir: PathBuf,
        /// An embedded scenario's name or a scenario YAML file (default: the first
        /// embedded scenario).
        #[arg(long)]
        scenario: Option<String>,
        /// How many players, for a scenario played at several counts.
        #[arg(long)]
        players: Option<u32>,
        /// The game id players write in their orders (default: the folder's name).
        #[arg(long)]
        game_id: Option<String>,
        /// Length N of the seed chains: the campaign can run N turns.
        #[arg(long, default_value_t = dice::DEFAULT_CHAIN_LENGTH)]
        chain_length: u32,
        /// Use the chain heads in this secret file instead of drawing new ones (tests,
        /// re-creating a campaign).
        #[arg(long)]
        secret: Option<PathBuf>,
        /// Players, addresses, languages, mail, Maildir and deadlines, as `dikast setup`
        /// takes them.
        #[command(flatten)]
        settings: crate::setup::SetupArgs,
    },
    /// Set a campaign's players, addresses, languages, mail settings, Maildir and
    /// deadline policy in its campaign.yaml: each value checked as given, nothing written
    /// unless all are good. `dikast doctor` says what is still lacking.
    Setup {
        /// The campaign folder.
        dir: PathBuf,
        #[command(flatten)]
        settings: crate::setup::SetupArgs,
    },
    /// Say what a campaign still lacks to run itself by mail (addresses, mail settings,
    /// the SMTP server answering, the Maildir, deadlines) and print the cron line to
    /// install. Exit 0 when nothing lacks, 1 otherwise.
    Doctor {
        /// The campaign folder.
        dir: PathBuf,
        /// Do not connect to the SMTP server.
        #[arg(long)]
        offline: bool,
    },
    /// Check one orders file against a game file or a view; print every problem.
    Check {
        /// The orders file to check (YAML, as you will send it).
        orders: PathBuf,
        /// The game file or the side's view the orders are written against.
        #[arg(long)]
        against: PathBuf,
        /// The language of the answer (default: English; views record none).
        #[arg(long, value_enum)]
        lang: Option<Language>,
    },
    /// Adjudicate the campaign's pending turn.
    Adjudicate {
        /// The campaign folder (made by `dikast new`).
        dir: PathBuf,
        /// Turn each invalid order into its documented default (the reports say so)
        /// instead of stopping.
        #[arg(long)]
        fallback: bool,
        /// Mail the reports after writing them (see `dikast mail`).
        #[arg(long)]
        mail: bool,
        /// Adjudicate even though no side sent orders (every side NMR). Without it, a
        /// turn with an empty orders folder is refused: usually a second run by mistake.
        #[arg(long)]
        allow_no_orders: bool,
        /// Adjudicate at once even though the deadline is ahead and a side owes orders
        /// (without it that is refused); the players' mail says so.
        #[arg(long)]
        now: bool,
        /// The time to act at, RFC 3339, instead of the system clock (tests, "what if").
        #[arg(long)]
        clock: Option<String>,
    },
    /// Verify a whole archive, or the dice of one report.
    Verify {
        /// A campaign folder or a published copy.
        dir: Option<PathBuf>,
        /// Check the open dice of this report instead.
        #[arg(long, conflicts_with = "dir")]
        report: Option<PathBuf>,
        /// Your own orders file, to check it is the one adjudicated.
        #[arg(long, requires = "report")]
        orders: Option<PathBuf>,
        /// The view of the report's turn you received before writing your orders: anchors
        /// the report to it (commitment, game file hash).
        #[arg(long, requires = "report")]
        view: Option<PathBuf>,
        /// Check a folder of your views, reports and orders as one chain instead.
        #[arg(long, conflicts_with_all = ["dir", "report"])]
        player: Option<PathBuf>,
    },
    /// Copy the archive for everyone: secret, addresses and mail left out, last sealed
    /// seed revealed. Refused while the game is not over, unless --force.
    Publish {
        /// The campaign folder.
        dir: PathBuf,
        /// The new folder to write the published copy to.
        out: PathBuf,
        /// Publish a game that is not over (it reveals every hand and sealed event).
        #[arg(long)]
        force: bool,
        /// Also write a static website in OUT/site/: an index with the timeline, a page
        /// per turn (maps, reports, dice), English and Russian, and verify.html, which
        /// checks every die in the reader's browser (docs/publish.md).
        #[arg(long)]
        site: bool,
    },
    /// Show a game file or a view: in words, as JSON, or as a map (SVG or PNG).
    Show {
        /// A view (a player's) or a game file (the moderator's: give --side).
        file: PathBuf,
        /// With a game file: show this side's view of it.
        #[arg(long)]
        side: Option<String>,
        /// text/markdown: the position in words; json: the file; svg, png: the map.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// The language of the words (default: English; views record none).
        #[arg(long, value_enum)]
        lang: Option<Language>,
        /// Write to this file instead of standard output (a PNG is never written to a
        /// terminal).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Print an orders skeleton: from a view (a player's own file) or for a side of a
    /// campaign's pending turn. It names orders.schema.json beside it for the editor.
    Template {
        /// A view file (`view-<side>.yaml`, as mailed), a game file (with --side), or a
        /// campaign folder (with --side).
        from: PathBuf,
        /// The side whose orders to write (a view's own side by default).
        #[arg(long)]
        side: Option<String>,
        /// The language of the skeleton's header (default: English; views record none).
        #[arg(long, value_enum)]
        lang: Option<Language>,
    },
    /// Print the exact odds of a battle, naval battle, assault, sortie or siege attrition
    /// for a position you describe: your blocks (ids from your view, or steps and a
    /// rating), the enemy's as you guess them. A table, or JSON.
    Odds {
        /// What to compute: one of the game's kinds (each game's are listed below).
        kind: String,
        /// Your view (`view-<side>.yaml`): your blocks by id, your side, its scenario.
        #[arg(long)]
        view: Option<PathBuf>,
        /// Without --view: the embedded scenario whose rules apply (default: the first).
        #[arg(long, conflicts_with = "view")]
        scenario: Option<String>,
        /// The attacking blocks, comma-separated: an id from your view, `ID=3B2` or `3B2`
        /// (steps, rating).
        #[arg(long, value_delimiter = ',')]
        attacker: Vec<String>,
        /// The defending blocks, as --attacker; `garrison` for a city's garrison.
        #[arg(long, value_delimiter = ',')]
        defender: Vec<String>,
        /// The attacking side (the besieger; in a sortie the besieged). Default: your
        /// view's side, else the scenario's first.
        #[arg(long)]
        side: Option<String>,
        /// Where: the city of an assault, sortie or attrition; a battle's place.
        #[arg(long)]
        at: Option<String>,
        /// Rounds of a battle instead of the scenario's (1 to 3).
        #[arg(long)]
        rounds: Option<u32>,
        /// Attrition: a die at or below this (1 to 6) is a hit. Default: the
        /// adjudication's, 1; 3 from a view in Winter, or for the grain city blockaded.
        #[arg(long)]
        hit_on: Option<u32>,
        /// The Treachery Event's assault (8.1): its first die (1-3) takes double defence
        /// away; the odds weigh both battles by it. From a view of a side that played
        /// Treachery this season, the default.
        #[arg(long)]
        no_double_defence: bool,
        /// A setting of the game's own, `KEY=VALUE` or `KEY` (repeatable; each game's
        /// odds page in docs/odds.md lists its keys).
        #[arg(long = "with", value_name = "KEY[=VALUE]")]
        with: Vec<String>,
        /// Print JSON (the winners and each block's fate, exact and approximate) instead
        /// of the table.
        #[arg(long)]
        json: bool,
        /// With --json: every outcome too (the joint table of all blocks' ends; refused
        /// past 50000 positions, MAX_JOINT_POSITIONS).
        #[arg(long, requires = "json")]
        joint: bool,
        /// Outcomes listed in the table, most likely first.
        #[arg(long, default_value_t = 12)]
        top: usize,
    },
    /// Print the JSON Schema of a game's orders, or of game files or views.
    Schema {
        /// orders: a game's orders (save it as orders.schema.json beside your orders);
        /// game, view: the files dikast writes.
        #[arg(value_enum)]
        kind: SchemaKind,
        /// Whose orders: a game id (`rules:` of its files), or a campaign folder, game
        /// file or view. Default: the only game, when this dikast knows one.
        #[arg(long = "for")]
        for_: Option<String>,
    },
    /// Print dice of one event, or values of a seed chain, to check by hand.
    Dice {
        /// The turn key K_t, hex.
        #[arg(long, required_unless_present = "chain")]
        key: Option<String>,
        /// The event label, as the report's dice section gives it (`battle:Plataea:1`).
        #[arg(long, requires = "key")]
        label: Option<String>,
        /// u_t, hex, for a sealed event.
        #[arg(long, requires = "key")]
        sealed: Option<String>,
        /// How many dice of the event to print, in order, on one line (all of them,
        /// streamed as drawn; at most 4294967295).
        #[arg(long, default_value_t = 10)]
        count: u32,
        /// The faces of each die (1–256).
        #[arg(long, default_value_t = 6)]
        sides: u32,
        /// A chain value, hex: print the next values down the chain.
        #[arg(long, conflicts_with = "key")]
        chain: Option<String>,
        /// How many values down the chain to print (at most the longest chain, 100000).
        #[arg(long, default_value_t = 1, requires = "chain")]
        steps: u32,
        /// Walk the sealed chain instead of the open one.
        #[arg(long, requires = "chain")]
        sealed_chain: bool,
    },
    /// Mail a turn's reports: each player his own, the moderator everything. Exit 75
    /// while any message is unsent (they wait in the turn's mail/outbox; run again to
    /// retry only those). See docs/mail.md.
    Mail {
        /// The campaign folder (its campaign.yaml has the addresses and mail settings).
        dir: PathBuf,
        /// The turn whose reports to mail (default: the latest adjudicated).
        #[arg(long)]
        turn: Option<u32>,
        /// Write the messages as .eml files into turns/NNNN/mail/dry-run/ instead.
        #[arg(long)]
        dry_run: bool,
        /// Send again the messages marked uncertain (the server may have stored them;
        /// you checked that they did not arrive).
        #[arg(long, conflicts_with = "uncertain_arrived")]
        resend_uncertain: bool,
        /// Record the messages marked uncertain as sent (you checked that they arrived).
        #[arg(long)]
        uncertain_arrived: bool,
    },
    /// Which orders of the pending turn are in, missing or late, against its deadline.
    Status {
        /// The campaign folder.
        dir: PathBuf,
        /// The time to judge deadlines at, RFC 3339 (`2026-03-08T18:00:00Z`), instead of
        /// the system clock: for tests and for asking "what if". (`--now TIME`, its
        /// old name, still works.)
        #[arg(long, alias = "now")]
        clock: Option<String>,
    },
    /// Take orders by mail: one message on standard input (a mail filter or `.forward`
    /// pipe), or every new message of a Maildir. Each sender gets an answer at once.
    Receive {
        /// The campaign folder.
        dir: PathBuf,
        /// Read every message in this Maildir's new/ (handled ones move to cur/).
        #[arg(long)]
        maildir: Option<PathBuf>,
        /// The arrival time to record, RFC 3339, instead of the system clock.
        #[arg(long)]
        clock: Option<String>,
        /// How long to wait, in seconds (at most 600), while another dikast works on the
        /// campaign; still busy then, receive exits 75 (EX_TEMPFAIL) and a mail server
        /// keeps the message to try again.
        #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(0..=600))]
        lock_wait: u64,
    },
    /// One run of a campaign that runs itself (for cron): receive, send what waits,
    /// adjudicate when due, mail, call for orders, remind. DIR may be a folder of
    /// campaigns. Prints one line per thing done.
    Tick {
        /// A campaign folder, or a folder of campaign folders.
        dir: PathBuf,
        /// The time to act at, RFC 3339, instead of the system clock.
        #[arg(long)]
        clock: Option<String>,
    },
    /// Mail every player who still owes orders of the pending turn a reminder.
    Remind {
        /// The campaign folder.
        dir: PathBuf,
        /// The time to act at, RFC 3339, instead of the system clock.
        #[arg(long)]
        clock: Option<String>,
    },
    /// Change the pending turn's deadline and mail every player a notice.
    Deadline {
        /// The campaign folder.
        dir: PathBuf,
        /// The new deadline: RFC 3339 (`2026-03-08T18:00:00Z`) or `+48h` (from the
        /// deadline in force, or from now when none is).
        #[arg(long)]
        set: String,
        /// The time to act at, RFC 3339, instead of the system clock.
        #[arg(long)]
        clock: Option<String>,
    },
    /// Take back the last adjudication (refused once its mail was sent, unless --force), or
    /// finish an undo that stopped half-way.
    Undo {
        /// The campaign folder.
        dir: PathBuf,
        /// Undo even though mail was sent (every player gets a correction notice) or the
        /// next turn already holds orders.
        #[arg(long)]
        force: bool,
        /// The time to act at, RFC 3339, instead of the system clock.
        #[arg(long)]
        clock: Option<String>,
    },
    /// Run the main job on the embedded default: a campaign adjudicated with
    /// orders-examples/, verified, its reports printed.
    Demo {
        /// The embedded scenario to play (its examples are orders-examples/<scenario>/).
        #[arg(long)]
        scenario: Option<String>,
        /// Keep the campaign in this folder instead of a temporary one.
        #[arg(long)]
        keep: Option<PathBuf>,
        /// An orders examples folder laid out as orders-examples/ (default: the
        /// examples built into this dikast, so the demo runs from any folder).
        #[arg(long)]
        examples: Option<PathBuf>,
        /// Then publish the kept campaign to this new folder with its website, as
        /// `publish --force --site` does (the demo's game is not over).
        #[arg(long, requires = "keep")]
        site: Option<PathBuf>,
    },
    /// Print a shell's completion script for dikast (bash: `dikast completions bash >
    /// ~/.local/share/bash-completion/completions/dikast`).
    Completions {
        /// The shell to complete in.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page of dikast, or of one of its commands, as roff (`dikast man |
    /// man -l -`).
    Man {
        /// The command whose page to print (default: dikast's own page).
        command: Option<String>,
    },
}

/// The command line's definition with what only the games know filled in: the sides a
/// `--side` takes, per embedded scenario. Built only when help is asked for (a man page,
/// completions, `--help`), since it loads every scenario.
pub fn command_for(reg: &Registry) -> clap::Command {
    let sides: Vec<String> = reg
        .games()
        .flat_map(|g| {
            g.scenario_names().iter().filter_map(move |n| {
                g.sides_of_scenario(n)
                    .map(|s| format!("{n}: {}", s.join(", ")))
            })
        })
        .collect();
    let sides = if sides.is_empty() {
        String::new()
    } else {
        format!(" — {}", sides.join("; "))
    };
    let kinds: Vec<String> = reg
        .games()
        .filter(|g| !g.odds_kinds().is_empty())
        .map(|g| {
            let k: Vec<String> = g
                .odds_kinds()
                .iter()
                .map(|(k, what)| format!("{k} ({what})"))
                .collect();
            format!("{}: {}", g.id(), k.join(", "))
        })
        .collect();
    let scenarios = reg.scenario_names().join(", ");
    Cli::command()
        .mut_subcommand("odds", |c| {
            c.mut_arg("kind", |a| {
                a.help(format!(
                    "What to compute: one of the game's kinds — {}",
                    kinds.join("; ")
                ))
            })
        })
        .mut_subcommand("new", |c| {
            c.mut_arg("scenario", |a| {
                a.help(format!(
                    "An embedded scenario's name or a scenario YAML file (default: the first embedded scenario); embedded: {scenarios}"
                ))
            })
        })
        .mut_subcommand("template", |c| {
            c.mut_arg("side", |a| {
                a.help(format!(
                    "The side whose orders to write (a view's own side by default){sides}"
                ))
            })
        })
        .mut_subcommand("show", |c| {
            c.mut_arg("side", |a| {
                a.help(format!(
                    "With a game file: show this side's view of it{sides}"
                ))
            })
        })
}

/// Whether the arguments ask for help text (so the sides must be listed in it).
fn wants_help<T: AsRef<std::ffi::OsStr>>(args: &[T]) -> bool {
    args.iter().any(|a| {
        matches!(
            a.as_ref().to_str(),
            Some("-h" | "--help" | "help" | "man" | "completions")
        )
    })
}

/// Runs the command line with the built-in games; returns the exit code.
pub fn main_with<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    main_with_registry(&crate::games::builtin(), args)
}

/// Runs the command line with the games of `registry` (tests add games of their own).
pub fn main_with_registry<I, T>(registry: &Registry, args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    let command = if wants_help(&args) {
        command_for(registry)
    } else {
        Cli::command()
    };
    let cli = match command
        .try_get_matches_from(&args)
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    // Exit 3 is `verify`'s answer. Any other command that finds a changed or broken
    // archive refuses its input like any other invalid input: exit 1, nothing written.
    let verifying = matches!(cli.command, Command::Verify { .. });
    let result = run(registry, cli.command).map_err(|f| match f {
        Failure::Verify(m) if !verifying => Failure::Refused(format!(
            "{m}\n(the campaign archive does not check out; `dikast verify DIR` checks all of it)"
        )),
        other => other,
    });
    match result {
        Ok(text) => {
            print!("{text}");
            0
        }
        Err(Failure::Report(text)) => {
            print!("{text}");
            1
        }
        Err(f) => {
            eprint!("{}", f.render());
            f.exit_code()
        }
    }
}

/// Which game a loose file belongs to (its `rules:` field), the scenarios archived near
/// it made known.
fn game_of<'r>(reg: &'r Registry, path: &Path, bytes: &[u8]) -> Result<&'r dyn Game, Failure> {
    crate::folder::register_scenarios_near(path);
    rules_of(reg, path, bytes)
}

/// Which game a file belongs to (its `rules:` field).
fn rules_of<'r>(reg: &'r Registry, path: &Path, bytes: &[u8]) -> Result<&'r dyn Game, Failure> {
    let name = path.display().to_string();
    let file = crate::yaml::decode_within(&name, bytes, crate::yaml::MAX_GAME_BYTES)
        .map_err(Failure::input)?;
    crate::yaml::parse(&file).map_err(Failure::input)?;
    let peek: Peek = serde_yaml::from_str(&file.text).map_err(|_| {
        Failure::input(
            crate::diag::Diagnostic::new(
                "game::malformed",
                format!("{name} is not a dikast game file or view"),
            )
            .in_file(&file)
            .help("a game file or view starts with `dikast: 1` and `rules:`"),
        )
    })?;
    if peek.dikast != Some(crate::game::FORMAT) {
        return Err(Failure::Refused(format!(
            "{name} is not a dikast format {} file (field dikast)",
            crate::game::FORMAT
        )));
    }
    let rules = peek
        .rules
        .ok_or_else(|| Failure::Refused(format!("{name} names no rules (field rules)")))?;
    reg.find(&rules).map_err(|_| {
        Failure::Refused(format!(
            "{name}: field rules names `{rules}`, which this dikast does not know (it knows {})",
            reg.ids().join(", ")
        ))
    })
}

/// The game of a campaign folder.
fn game_of_campaign<'r>(reg: &'r Registry, layout: &Layout) -> Result<&'r dyn Game, Failure> {
    let c = crate::campaign_file::load(layout)?;
    reg.find(&c.rules)
}

fn run(reg: &Registry, cmd: Command) -> Result<String, Failure> {
    match cmd {
        Command::New {
            dir,
            scenario,
            players,
            game_id,
            chain_length,
            secret,
            settings,
        } => {
            let secret = match secret {
                Some(p) => {
                    let b = fsx::read_limited(&p)?;
                    Some(pipeline::parse_file::<Secret>(
                        &p.display().to_string(),
                        &b,
                        "secret file",
                    )?)
                }
                None => None,
            };
            let game_id = game_id.unwrap_or_else(|| {
                dir.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_else(|| "campaign".into())
            });
            let opts = NewOptions {
                game_id,
                chain_length: secret
                    .as_ref()
                    .map(|s| s.chain_length)
                    .unwrap_or(chain_length),
                secret,
                start: crate::rules::StartOptions { players },
            };
            let scenario = match scenario.or_else(|| reg.default_scenario().map(String::from)) {
                Some(s) => s,
                None => {
                    return Err(Failure::Refused(
                        "this dikast embeds no scenario: give --scenario FILE".into(),
                    ))
                }
            };
            let (game, name, text, embedded) = if let Some((g, t)) = reg.by_scenario(&scenario) {
                (g, scenario.clone(), t.to_string(), true)
            } else {
                let p = Path::new(&scenario);
                if !p.exists() {
                    return Err(Failure::Refused(format!(
                        "`{scenario}` is neither an embedded scenario ({}) nor a file",
                        reg.scenario_names().join(", ")
                    )));
                }
                let b = fsx::read_limited(p)?;
                if b.len() > crate::yaml::MAX_FILE_BYTES {
                    return Err(Failure::Refused(format!(
                        "{scenario} is larger than {} bytes, the most dikast reads",
                        crate::yaml::MAX_FILE_BYTES
                    )));
                }
                let text = String::from_utf8(b)
                    .map_err(|_| Failure::Refused(format!("{scenario} is not UTF-8 text")))?;
                let v: serde_yaml::Value = serde_yaml::from_str(&text)
                    .map_err(|e| Failure::Refused(format!("{scenario}: {e}")))?;
                let rules = v.get("rules").and_then(|r| r.as_str()).unwrap_or("");
                let name = v
                    .get("scenario")
                    .and_then(|r| r.as_str())
                    .unwrap_or("custom")
                    .to_string();
                (reg.find(rules)?, name, text, false)
            };
            let existed = dir.exists();
            game.create(&dir, &name, &text, embedded, &opts)?;
            let layout = Layout::new(&dir);
            let mut set = String::new();
            if !settings.is_empty() {
                // The folder was new (or empty): a setting refused leaves nothing behind.
                let applied = crate::campaign_file::load(&layout)
                    .and_then(|c| crate::setup::apply(&dir, &c, &settings))
                    .and_then(|a| crate::setup::write(&layout, &a).map(|_| a));
                match applied {
                    Ok(a) => set = a.lines.iter().map(|l| format!("{l}\n")).collect(),
                    Err(f) => {
                        let _ = std::fs::remove_dir_all(&dir);
                        if existed {
                            let _ = std::fs::create_dir(&dir);
                        }
                        return Err(f);
                    }
                }
            }
            let first: serde_yaml::Value =
                serde_yaml::from_slice(&fsx::read_limited(&layout.game(1))?)
                    .map_err(|e| Failure::Refused(format!("{}: {e}", layout.game(1).display())))?;
            let step = first.get("step").and_then(|s| s.as_str()).unwrap_or("");
            Ok(format!(
                "created campaign `{}` in {}\n{set}turn 1 awaits every side's orders ({step}); views are in {}\n",
                opts.game_id,
                dir.display(),
                layout.turn_dir(1).display()
            ))
        }
        Command::Check {
            orders,
            against,
            lang,
        } => {
            let ab = fsx::read_limited(&against)?;
            game_of(reg, &against, &ab)?.check(&orders, &against, &ab, lang.map(Language::lang))
        }
        Command::Adjudicate {
            dir,
            fallback,
            mail,
            allow_no_orders,
            now,
            clock,
        } => {
            let layout = Layout::new(&dir);
            let game = game_of_campaign(reg, &layout)?;
            let at = clock_at(clock.as_deref())?;
            // A crashed run is put right first, under the lock, before the deadline
            // policy reads the pending turn: `adjudicate` does it (and stops there when
            // it finished a stopped commit).
            let mut out = String::new();
            let done = game.adjudicate(
                &layout,
                &campaign::AdjudicateOptions {
                    fallback,
                    allow_no_orders,
                    clock: Some(at),
                    clock_given: clock.is_some(),
                    early: now,
                },
            )?;
            out.extend(done.notes.iter().map(|n| format!("{n}\n")));
            if done.turn == 0 {
                out.push_str(
                    "nothing else was done: run `dikast adjudicate` again for the next turn\n",
                );
                return Ok(out);
            }
            let next = if done.over {
                "the game is over".to_string()
            } else {
                format!("turn {} awaits orders", done.turn + 1)
            };
            out.push_str(&format!(
                "turn {} adjudicated; reports in {}; {next}\n",
                done.turn,
                layout.rel(&layout.turn_dir(done.turn)),
            ));
            if mail {
                let mailed = game.send_turn(&layout, done.turn, false);
                let mut out = crate::mail::after_adjudication(out, mailed);
                // Then the next turn's calls for orders, as the next `tick` would send
                // them (each once: a later tick sends none again).
                if !done.over {
                    out = calls_after(game, &layout, out);
                }
                return out;
            }
            Ok(out)
        }
        Command::Verify {
            dir,
            report,
            orders,
            view,
            player,
        } => {
            if let Some(p) = player {
                let sum = verify::player_folder(&p)?;
                return Ok(format!("{}\nverified\n", sum.lines.join("\n")));
            }
            let sum = match (dir, report) {
                (_, Some(r)) => {
                    let sum = verify::report_dice(&r, orders.as_deref(), view.as_deref())?;
                    if view.is_none() {
                        return Ok(format!(
                            "{}\nverified in itself only: not anchored to your view (add --view)\n",
                            sum.lines.join("\n")
                        ));
                    }
                    sum
                }
                (Some(d), None) => {
                    // Whatever in the archive does not check out fails verification (exit 3).
                    let layout = Layout::new(&d);
                    let g1 = layout.game(1);
                    if d.is_dir() && !g1.exists() {
                        return Err(Failure::Verify(format!(
                            "{} is missing from the archive",
                            layout.rel(&g1)
                        )));
                    }
                    let gb = fsx::read_limited(&g1).map_err(|f| match f {
                        Failure::Io(m) => Failure::Verify(m),
                        f => f,
                    })?;
                    // An archive is verified with what it holds: its own `scenarios/`,
                    // never a copy lying around it.
                    crate::folder::register_campaign_scenarios(&d);
                    let game = rules_of(reg, &g1, &gb).map_err(|f| match f {
                        Failure::Refused(m) => Failure::Verify(m),
                        f => verify::as_archive_failure(f),
                    })?;
                    game.verify_archive(&layout)?
                }
                (None, None) => {
                    return Err(Failure::Refused(
                        "give a campaign folder, --report FILE or --player DIR".into(),
                    ))
                }
            };
            Ok(format!("{}\nverified\n", sum.lines.join("\n")))
        }
        Command::Publish {
            dir,
            out,
            force,
            site,
        } => {
            let make = |root: &Path| crate::site::build(reg, root);
            let extra: Option<(&str, crate::publish::Extra)> =
                site.then_some((crate::site::SITE_DIR, &make));
            crate::publish::publish_with(&Layout::new(&dir), &out, force, extra)
        }
        Command::Show {
            file,
            side,
            format,
            lang,
            out,
        } => {
            let b = fsx::read_limited(&file)?;
            let shown = game_of(reg, &file, &b)?.show(
                &file,
                &b,
                side.as_deref(),
                format,
                lang.map(Language::lang),
            )?;
            let bytes = match shown {
                Shown::Text(t) if out.is_none() => return Ok(t),
                Shown::Text(t) => t.into_bytes(),
                Shown::Bytes(b) => b,
            };
            write_out(out.as_deref(), &bytes)
        }
        Command::Template { from, side, lang } => {
            let lang = lang.map(Language::lang);
            if from.is_dir() {
                let layout = Layout::new(&from);
                let game = game_of_campaign(reg, &layout)?;
                let side = match side {
                    Some(s) => s,
                    None => {
                        return Err(Failure::Refused(format!(
                            "{} is a campaign folder: give --side (or give a view file instead)",
                            from.display()
                        )))
                    }
                };
                game.template(&layout, &side, lang)
            } else {
                let b = fsx::read_limited(&from)?;
                game_of(reg, &from, &b)?.template_file(&from, &b, side.as_deref(), lang)
            }
        }
        Command::Completions { shell } => {
            let mut buf = Vec::new();
            clap_complete::generate(shell, &mut command_for(reg), "dikast", &mut buf);
            String::from_utf8(buf)
                .map_err(|_| Failure::Io("the completion script is not UTF-8".into()))
        }
        Command::Man { command } => man_page(reg, command.as_deref()),
        Command::Schema { kind, for_ } => schema_cmd(reg, kind, for_.as_deref()),
        Command::Odds {
            kind,
            view,
            scenario,
            attacker,
            defender,
            side,
            at,
            rounds,
            hit_on,
            no_double_defence,
            with,
            json,
            joint,
            top,
        } => {
            let mut args: Vec<(String, String)> = Vec::new();
            let mut put = |k: &str, v: Option<String>| {
                if let Some(v) = v {
                    args.push((k.to_string(), v));
                }
            };
            put("at", at);
            put("side", side);
            put("rounds", rounds.map(|n| n.to_string()));
            put("hit-on", hit_on.map(|n| n.to_string()));
            put(
                "no-double-defence",
                no_double_defence.then(|| "true".into()),
            );
            for a in attacker {
                put("attacker", Some(a));
            }
            for d in defender {
                put("defender", Some(d));
            }
            for w in with {
                let (k, v) = w.split_once('=').unwrap_or((w.as_str(), "true"));
                put(k.trim(), Some(v.trim().to_string()));
            }
            let ask = crate::odds::Ask {
                kind,
                args,
                listed: match (json, joint) {
                    (true, true) => None,
                    (true, false) => Some(0),
                    (false, _) => Some(top),
                },
            };
            let odds = match view {
                Some(v) => {
                    let b = fsx::read_limited(&v)?;
                    game_of(reg, &v, &b)?.odds(Some((&v, &b)), "", &ask)?
                }
                None => {
                    let name = match scenario {
                        Some(s) => s,
                        None => reg
                            .default_scenario()
                            .ok_or_else(|| Failure::Refused("no embedded scenario".into()))?
                            .to_string(),
                    };
                    let (game, _) = reg.by_scenario(&name).ok_or_else(|| {
                        Failure::Refused(format!(
                            "there is no embedded scenario `{name}`; scenarios: {}",
                            reg.scenario_names().join(", ")
                        ))
                    })?;
                    game.odds(None, &name, &ask)?
                }
            };
            Ok(if json {
                serde_json::to_string_pretty(&odds.json()).unwrap_or_default() + "\n"
            } else {
                odds.table(top)
            })
        }
        Command::Dice {
            key,
            label,
            sealed,
            count,
            sides,
            chain,
            steps,
            sealed_chain,
        } => dice_cmd(key, label, sealed, count, sides, chain, steps, sealed_chain),
        Command::Mail {
            dir,
            turn,
            dry_run,
            resend_uncertain,
            uncertain_arrived,
        } => {
            let layout = Layout::new(&dir);
            let u = match (resend_uncertain, uncertain_arrived) {
                (true, _) => crate::mail::Uncertain::Resend,
                (_, true) => crate::mail::Uncertain::Arrived,
                _ => crate::mail::Uncertain::Keep,
            };
            game_of_campaign(reg, &layout)?.mail_command(&layout, turn, dry_run, u)
        }
        Command::Status { dir, clock } => {
            let now = clock_at(clock.as_deref())?;
            let layout = Layout::new(&dir);
            let st = game_of_campaign(reg, &layout)?.status(&layout)?;
            Ok(crate::status::render(&layout, &st, now))
        }
        Command::Receive {
            dir,
            maildir,
            clock,
            lock_wait,
        } => {
            let lock_wait = std::time::Duration::from_secs(lock_wait);
            let layout = Layout::new(&dir);
            let game = game_of_campaign(reg, &layout)?;
            let at = clock_at(clock.as_deref())?;
            let lines = match maildir {
                Some(md) => crate::registry::with_desk(game, &layout, |d| {
                    crate::receive::receive_maildir(&layout, d, &md, at, lock_wait)
                })?,
                None => {
                    use std::io::Read as _;
                    let mut raw = Vec::new();
                    std::io::stdin()
                        .take(crate::yaml::MAX_FILE_BYTES as u64 + 1)
                        .read_to_end(&mut raw)
                        .map_err(|e| Failure::Io(format!("standard input: {e}")))?;
                    if raw.len() > crate::yaml::MAX_FILE_BYTES {
                        return Err(Failure::Refused(
                            "the message on standard input is too large".into(),
                        ));
                    }
                    vec![crate::registry::with_desk(game, &layout, |d| {
                        crate::receive::receive_message(&layout, d, &raw, at, lock_wait)
                    })?]
                }
            };
            Ok(lines.iter().map(|l| format!("{l}\n")).collect())
        }
        Command::Tick { dir, clock } => {
            crate::tick::tick(reg, &dir, clock_at(clock.as_deref())?, clock.is_some())
        }
        Command::Remind { dir, clock } => {
            let layout = Layout::new(&dir);
            let _tick = crate::tick::hold_tick_lock(&layout)?;
            crate::tick::remind(reg, &layout, clock_at(clock.as_deref())?)
        }
        Command::Deadline { dir, set, clock } => {
            let layout = Layout::new(&dir);
            let _tick = crate::tick::hold_tick_lock(&layout)?;
            crate::tick::set_deadline(reg, &layout, &set, clock_at(clock.as_deref())?)
        }
        Command::Undo { dir, force, clock } => {
            let layout = Layout::new(&dir);
            let game = game_of_campaign(reg, &layout)?;
            let _tick = crate::tick::hold_tick_lock(&layout)?;
            crate::tick::undo(game, &layout, force, clock_at(clock.as_deref())?)
        }
        Command::Setup { dir, settings } => crate::setup::setup(&Layout::new(&dir), &settings),
        Command::Doctor { dir, offline } => crate::setup::doctor(&Layout::new(&dir), offline),
        Command::Demo {
            scenario,
            keep,
            examples,
            site,
        } => {
            let mut text = match examples {
                Some(ex) => crate::demo::demo(reg, scenario.as_deref(), keep.as_deref(), &ex),
                None => crate::demo::demo_embedded(reg, scenario.as_deref(), keep.as_deref()),
            }?;
            if let (Some(out), Some(dir)) = (site, keep) {
                let make = |root: &Path| crate::site::build(reg, root);
                text.push_str(&crate::publish::publish_with(
                    &Layout::new(&dir),
                    &out,
                    true,
                    Some((crate::site::SITE_DIR, &make)),
                )?);
            }
            Ok(text)
        }
    }
}

/// What `adjudicate --mail` printed, and the next turn's calls for orders sent after it
/// (under the tick lock, so that a tick running now sends none twice). A call that could
/// not be sent waits in the outbox (exit 75), as the reports' mail does.
fn calls_after(
    game: &dyn crate::registry::Game,
    layout: &Layout,
    done: Result<String, Failure>,
) -> Result<String, Failure> {
    let (mut out, mut waits) = match done {
        Ok(s) => (s, false),
        Err(Failure::Mail(m)) => (m, true),
        Err(f) => return Err(f),
    };
    let sent = (|| -> Result<bool, Failure> {
        let c = crate::campaign_file::load(layout)?;
        if c.mail.is_none() {
            return Ok(false);
        }
        let _tick = crate::tick::hold_tick_lock(layout)?;
        let mut lines = Vec::new();
        let w = crate::tick::send_calls(game, layout, &c, &mut lines);
        out.extend(lines.iter().map(|l| format!("{l}\n")));
        w
    })();
    match sent {
        Ok(w) => waits |= w,
        Err(f) => {
            out.push_str(&format!(
                "the calls for orders were not sent: {}; the next `dikast tick` sends them\n",
                f.render().trim_end().trim_start_matches("error: ")
            ));
            waits = true;
        }
    }
    if waits {
        Err(Failure::Mail(out))
    } else {
        Ok(out)
    }
}

/// `--clock TIME`, or the system clock.
fn clock_at(clock: Option<&str>) -> Result<crate::clock::UnixTime, Failure> {
    match clock {
        Some(t) => {
            crate::clock::parse_time(t).map_err(|e| Failure::Refused(format!("--clock: {e}")))
        }
        None => Ok(crate::clock::clock_now()),
    }
}

/// Bytes to a file, or to standard output when it is not a terminal (`show --format png`).
fn write_out(out: Option<&Path>, bytes: &[u8]) -> Result<String, Failure> {
    use std::io::{IsTerminal, Write};
    match out {
        Some(p) => {
            std::fs::write(p, bytes).map_err(|e| Failure::io(p, "write", e))?;
            Ok(String::new())
        }
        None => {
            let mut so = std::io::stdout();
            if so.is_terminal() {
                return Err(Failure::Refused(
                    "a PNG is not for the terminal: give --out FILE or redirect (> map.png)".into(),
                ));
            }
            so.write_all(bytes)
                .and_then(|_| so.flush())
                .map_err(|e| Failure::Io(format!("standard output: {e}")))?;
            Ok(String::new())
        }
    }
}

/// `dikast man [COMMAND]`: the man page, as roff, from the same definition as `--help`.
fn man_page(reg: &Registry, command: Option<&str>) -> Result<String, Failure> {
    let root = command_for(reg);
    let cmd = match command {
        None => root,
        Some(name) => {
            let found = root
                .get_subcommands()
                .find(|c| c.get_name() == name)
                .cloned();
            match found {
                // The page's name; a process prints one page, so the leak is one string.
                Some(c) => c.name(&*Box::leak(format!("dikast-{name}").into_boxed_str())),
                None => {
                    return Err(Failure::Usage(format!(
                        "there is no command `{name}`; commands: {}",
                        Cli::command()
                            .get_subcommands()
                            .map(|c| c.get_name().to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )))
                }
            }
        }
    };
    let mut buf = Vec::new();
    clap_mangen::Man::new(cmd)
        .render(&mut buf)
        .map_err(|e| Failure::Io(format!("the man page: {e}")))?;
    String::from_utf8(buf).map_err(|_| Failure::Io("the man page is not UTF-8".into()))
}

/// `dikast schema`: the orders schema of one game (named, or the game of a campaign
/// folder or file), or the envelope schemas of game files and views.
fn schema_cmd(reg: &Registry, kind: SchemaKind, of: Option<&str>) -> Result<String, Failure> {
    let v = match kind {
        SchemaKind::Game => crate::schema::game(&reg.ids()),
        SchemaKind::View => crate::schema::view(&reg.ids()),
        SchemaKind::Orders => {
            let game = match of {
                None => match reg.ids().as_slice() {
                    [only] => reg.find(only)?,
                    ids => {
                        return Err(Failure::Refused(format!(
                            "which game's orders? give --for with one of {}, or a campaign folder or game file",
                            ids.join(", ")
                        )))
                    }
                },
                Some(x) if reg.ids().contains(&x) => reg.find(x)?,
                Some(x) => {
                    let p = Path::new(x);
                    if p.is_dir() {
                        game_of_campaign(reg, &Layout::new(p))?
                    } else if p.is_file() {
                        game_of(reg, p, &fsx::read_limited(p)?)?
                    } else {
                        return Err(Failure::Refused(format!(
                            "`{x}` is neither a game ({}) nor a campaign folder or file",
                            reg.ids().join(", ")
                        )));
                    }
                }
            };
            game.orders_schema()
        }
    };
    Ok(crate::schema::pretty(&v))
}

#[allow(clippy::too_many_arguments)]
fn dice_cmd(
    key: Option<String>,
    label: Option<String>,
    sealed: Option<String>,
    count: u32,
    sides: u32,
    chain: Option<String>,
    steps: u32,
    sealed_chain: bool,
) -> Result<String, Failure> {
    let hex = |name: &str, v: &str| {
        dice::parse_hash(v).ok_or_else(|| Failure::Refused(format!("--{name} takes 64 hex digits")))
    };
    if let Some(c) = chain {
        let mut x = hex("chain", &c)?;
        let which = if sealed_chain {
            Chain::Sealed
        } else {
            Chain::Open
        };
        // No dikast chain is longer: a real limit, said, never a silent cut.
        if steps > crate::secret::MAX_CHAIN_LENGTH {
            return Err(Failure::Refused(format!(
                "--steps {steps} walks past the end of any chain: dikast chains hold at most {} values",
                crate::secret::MAX_CHAIN_LENGTH
            )));
        }
        let mut out = String::new();
        for _ in 0..steps {
            x = which.prev(&x);
            out.push_str(&dice::to_hex(&x));
            out.push('\n');
        }
        return Ok(out);
    }
    let key = hex("key", key.as_deref().unwrap_or(""))?;
    let label = label.ok_or_else(|| Failure::Refused("--label is required with --key".into()))?;
    if !(1..=256).contains(&sides) {
        return Err(Failure::Refused("--sides must be 1–256".into()));
    }
    let u = sealed.map(|s| hex("sealed", &s)).transpose()?;
    let td = TurnDice::new(key, u);
    let mut s = if u.is_some() {
        td.sealed(&label)
    } else {
        td.open(&label)
    };
    // Streamed as drawn: every value asked for, in flat memory (issue 14, P3).
    let so = std::io::stdout();
    let mut w = std::io::BufWriter::with_capacity(64 * 1024, so.lock());
    let res = s
        .write_dice(&mut w, u64::from(count), sides)
        .and_then(|_| std::io::Write::flush(&mut w));
    match res {
        // `dikast dice ... | head`: the reader has all it wanted.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(String::new()),
        Err(e) => Err(Failure::Io(format!("standard output: {e}"))),
        Ok(()) => Ok(String::new()),
    }
}
