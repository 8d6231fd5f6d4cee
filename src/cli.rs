//! The command line: clap parses plain data (stage one: `Command`, each command's
//! arguments one `…Args` struct); `run` hands each command to its own function, which
//! resolves paths, loads files and calls the library (stage two). Every command's failure
//! is a `Failure` with its exit code; nothing here panics on user input.

use crate::campaign::{self, NewOptions};
use crate::dice::{self, Chain, TurnDice};
use crate::error::Failure;
use crate::folder::Layout;
use crate::fsx;
use crate::game::Peek;
use crate::lang::Lang;
use crate::pipeline;
use crate::registry::{Game, Registry};
use crate::schema::SchemaKind;
use crate::secret::Secret;
use crate::show::{Format, Language, Shown};
use crate::verify;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
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
    New(NewArgs),
    /// Set a campaign's players, addresses, languages, mail settings, Maildir and
    /// deadline policy in its campaign.yaml: each value checked as given, nothing written
    /// unless all are good. `dikast doctor` says what is still lacking.
    Setup(SetupArgs),
    /// Say what a campaign still lacks to run itself by mail (addresses, mail settings,
    /// the SMTP server answering, the Maildir, deadlines) and print the cron line to
    /// install. Exit 0 when nothing lacks, 1 otherwise.
    Doctor(DoctorArgs),
    /// Check one orders file against a game file or a view; print every problem.
    Check(CheckArgs),
    /// Adjudicate the campaign's pending turn.
    Adjudicate(AdjudicateArgs),
    /// Verify a whole archive, or the dice of one report.
    Verify(VerifyArgs),
    /// Copy the archive for everyone: secret, addresses and mail left out, last sealed
    /// seed revealed. Refused while the game is not over, unless --force.
    Publish(PublishArgs),
    /// Show a game file or a view: in words, as JSON, or as a map (SVG or PNG).
    Show(ShowArgs),
    /// Print an orders skeleton: from a view (a player's own file) or for a side of a
    /// campaign's pending turn. It names orders.schema.json beside it for the editor.
    Template(TemplateArgs),
    // The games' own options and words are added from the registry (`odds_args`,
    // `odds_help`): the core names no game's kinds.
    /// Print the exact odds of a position you describe, as its game computes them. A
    /// table, or JSON.
    Odds {
        /// What to compute: one of the game's kinds (each game's are listed below).
        kind: String,
        /// Your view (`view-<side>.yaml`): your pieces by id, your side, its scenario.
        #[arg(long)]
        view: Option<PathBuf>,
        /// Without --view: the embedded scenario whose rules apply (default: the first).
        #[arg(long, conflicts_with = "view")]
        scenario: Option<String>,
        /// The rest of the command line, read with the games' options (`odds_rest`).
        #[arg(skip)]
        rest: OddsRest,
    },
    /// Print the JSON Schema of a game's orders, or of game files or views.
    Schema(SchemaArgs),
    /// Print dice of one event, or values of a seed chain, to check by hand.
    Dice(DiceArgs),
    /// Mail a turn's reports: each player his own, the moderator everything. Exit 75
    /// while any message is unsent (they wait in the turn's mail/outbox; run again to
    /// retry only those). See docs/mail.md.
    Mail(MailArgs),
    /// Which orders of the pending turn are in, missing or late, against its deadline.
    Status(StatusArgs),
    /// Take orders by mail: one message on standard input (a mail filter or `.forward`
    /// pipe), or every new message of a Maildir. Each sender gets an answer at once.
    Receive(ReceiveArgs),
    /// One run of a campaign that runs itself (for cron): receive, send what waits,
    /// adjudicate when due, mail, call for orders, remind. DIR may be a folder of
    /// campaigns. Prints one line per thing done.
    Tick(TickArgs),
    /// Mail every player who still owes orders of the pending turn a reminder.
    Remind(RemindArgs),
    /// Change the pending turn's deadline and mail every player a notice.
    Deadline(DeadlineArgs),
    /// Take back the last adjudication (refused once its mail was sent, unless --force), or
    /// finish an undo that stopped half-way.
    Undo(UndoArgs),
    /// Run the main job on the embedded default: a campaign adjudicated with
    /// orders-examples/, verified, its reports printed.
    Demo(DemoArgs),
    /// Print a shell's completion script for dikast (bash: `dikast completions bash >
    /// ~/.local/share/bash-completion/completions/dikast`).
    Completions(CompletionsArgs),
    /// Print the man page of dikast, or of one of its commands, as roff (`dikast man |
    /// man -l -`).
    Man(ManArgs),
}

/// The arguments of `dikast new`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct NewArgs {
    /// The new campaign folder (must not exist, or be empty).
    pub dir: PathBuf,
    /// An embedded scenario's name or a scenario YAML file (default: the first
    /// embedded scenario).
    #[arg(long)]
    pub scenario: Option<String>,
    /// How many players, for a scenario played at several counts.
    #[arg(long)]
    pub players: Option<u32>,
    /// The game id players write in their orders (default: the folder's name).
    #[arg(long)]
    pub game_id: Option<String>,
    /// Length N of the seed chains: the campaign can run N turns.
    #[arg(long, default_value_t = dice::DEFAULT_CHAIN_LENGTH)]
    pub chain_length: u32,
    /// Use the chain heads in this secret file instead of drawing new ones (tests,
    /// re-creating a campaign).
    #[arg(long)]
    pub secret: Option<PathBuf>,
    /// Players, addresses, languages, mail, Maildir and deadlines, as `dikast setup`
    /// takes them.
    #[command(flatten)]
    pub settings: crate::setup::SetupArgs,
}

/// The arguments of `dikast setup`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct SetupArgs {
    /// The campaign folder.
    pub dir: PathBuf,
    #[command(flatten)]
    pub settings: crate::setup::SetupArgs,
}

/// The arguments of `dikast doctor`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct DoctorArgs {
    /// The campaign folder.
    pub dir: PathBuf,
    /// Do not connect to the SMTP server.
    #[arg(long)]
    pub offline: bool,
}

/// The arguments of `dikast check`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct CheckArgs {
    /// The orders file to check (YAML, as you will send it).
    pub orders: PathBuf,
    /// The game file or the side's view the orders are written against.
    #[arg(long)]
    pub against: PathBuf,
    /// The language of the answer (default: English; views record none).
    #[arg(long, value_enum)]
    pub lang: Option<Language>,
}

/// The arguments of `dikast adjudicate`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct AdjudicateArgs {
    /// The campaign folder (made by `dikast new`).
    pub dir: PathBuf,
    /// Turn each invalid order into its documented default (the reports say so)
    /// instead of stopping.
    #[arg(long)]
    pub fallback: bool,
    /// Mail the reports after writing them (see `dikast mail`).
    #[arg(long)]
    pub mail: bool,
    /// Adjudicate even though no side sent orders (every side NMR). Without it, a
    /// turn with an empty orders folder is refused: usually a second run by mistake.
    #[arg(long)]
    pub allow_no_orders: bool,
    /// Adjudicate at once even though the deadline is ahead and a side owes orders
    /// (without it that is refused); the players' mail says so.
    #[arg(long)]
    pub now: bool,
    /// The time to act at, RFC 3339, instead of the system clock (tests, "what if").
    #[arg(long)]
    pub clock: Option<String>,
}

/// The arguments of `dikast verify`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct VerifyArgs {
    /// A campaign folder or a published copy.
    pub dir: Option<PathBuf>,
    /// Check the open dice of this report instead.
    #[arg(long, conflicts_with = "dir")]
    pub report: Option<PathBuf>,
    /// Your own orders file, to check it is the one adjudicated.
    #[arg(long, requires = "report")]
    pub orders: Option<PathBuf>,
    /// The view of the report's turn you received before writing your orders: anchors
    /// the report to it (commitment, game file hash).
    #[arg(long, requires = "report")]
    pub view: Option<PathBuf>,
    /// Check a folder of your views, reports and orders as one chain instead.
    #[arg(long, conflicts_with_all = ["dir", "report"])]
    pub player: Option<PathBuf>,
}

/// The arguments of `dikast publish`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct PublishArgs {
    /// The campaign folder.
    pub dir: PathBuf,
    /// The new folder to write the published copy to.
    pub out: PathBuf,
    /// Publish a game that is not over (it reveals every hand and sealed event).
    #[arg(long)]
    pub force: bool,
    /// Also write a static website in OUT/site/: an index with the timeline, a page
    /// per turn (maps, reports, dice), English and Russian, and verify.html, which
    /// checks every die in the reader's browser (docs/publish.md).
    #[arg(long)]
    pub site: bool,
}

/// The arguments of `dikast show`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct ShowArgs {
    /// A view (a player's) or a game file (the moderator's: the whole position, or one
    /// side's view with --side).
    pub file: PathBuf,
    /// With a game file: show this side's view of it (without: the whole position).
    #[arg(long)]
    pub side: Option<String>,
    /// text/markdown: the position in words; json: the file; svg, png: the map.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// The language of the words (default: English; views record none).
    #[arg(long, value_enum)]
    pub lang: Option<Language>,
    /// Write to this file instead of standard output (a PNG is never written to a
    /// terminal).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// The arguments of `dikast template`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct TemplateArgs {
    /// A view file (`view-<side>.yaml`, as mailed), a game file (with --side), or a
    /// campaign folder (with --side).
    pub from: PathBuf,
    /// The side whose orders to write (a view's own side by default).
    #[arg(long)]
    pub side: Option<String>,
    /// The language of the skeleton's header (default: English; views record none).
    #[arg(long, value_enum)]
    pub lang: Option<Language>,
}

/// The arguments of `dikast schema`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct SchemaArgs {
    /// orders: a game's orders (save it as orders.schema.json beside your orders);
    /// game, view: the files dikast writes.
    #[arg(value_enum)]
    pub kind: SchemaKind,
    /// Whose orders: a game id (`rules:` of its files), or a campaign folder, game
    /// file or view. Default: the only game, when this dikast knows one.
    #[arg(long = "for")]
    pub for_: Option<String>,
}

/// The arguments of `dikast dice`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct DiceArgs {
    /// The turn key K_t, hex.
    #[arg(long, required_unless_present = "chain")]
    pub key: Option<String>,
    /// The event label, as the report's dice section gives it (`battle:Plataea:1`).
    #[arg(long, requires = "key")]
    pub label: Option<String>,
    /// u_t, hex, for a sealed event.
    #[arg(long, requires = "key")]
    pub sealed: Option<String>,
    /// How many dice of the event to print, in order, on one line (all of them,
    /// streamed as drawn; at most 4294967295).
    #[arg(long, default_value_t = 10)]
    pub count: u32,
    /// The faces of each die (1–256).
    #[arg(long, default_value_t = 6)]
    pub sides: u32,
    /// A chain value, hex: print the next values down the chain.
    #[arg(long, conflicts_with = "key")]
    pub chain: Option<String>,
    /// How many values down the chain to print (at most the longest chain, 100000).
    #[arg(long, default_value_t = 1, requires = "chain")]
    pub steps: u32,
    /// Walk the sealed chain instead of the open one.
    #[arg(long, requires = "chain")]
    pub sealed_chain: bool,
}

/// The arguments of `dikast mail`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct MailArgs {
    /// The campaign folder (its campaign.yaml has the addresses and mail settings).
    pub dir: PathBuf,
    /// The turn whose reports to mail (default: the latest adjudicated).
    #[arg(long)]
    pub turn: Option<u32>,
    /// Write the messages as .eml files into turns/NNNN/mail/dry-run/ instead.
    #[arg(long)]
    pub dry_run: bool,
    /// Send again the messages marked uncertain (the server may have stored them;
    /// you checked that they did not arrive).
    #[arg(long, conflicts_with = "uncertain_arrived")]
    pub resend_uncertain: bool,
    /// Record the messages marked uncertain as sent (you checked that they arrived).
    #[arg(long)]
    pub uncertain_arrived: bool,
}

/// The arguments of `dikast status`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct StatusArgs {
    /// The campaign folder.
    pub dir: PathBuf,
    /// The time to judge deadlines at, RFC 3339 (`2026-03-08T18:00:00Z`), instead of
    /// the system clock: for tests and for asking "what if". (`--now TIME`, its
    /// old name, still works.)
    #[arg(long, alias = "now")]
    pub clock: Option<String>,
}

/// The arguments of `dikast receive`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct ReceiveArgs {
    /// The campaign folder.
    pub dir: PathBuf,
    /// Read every message in this Maildir's new/ (handled ones move to cur/).
    #[arg(long)]
    pub maildir: Option<PathBuf>,
    /// The arrival time to record, RFC 3339, instead of the system clock.
    #[arg(long)]
    pub clock: Option<String>,
    /// How long to wait, in seconds (at most 600), while another dikast works on the
    /// campaign; still busy then, receive exits 75 (EX_TEMPFAIL) and a mail server
    /// keeps the message to try again.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(0..=600))]
    pub lock_wait: u64,
}

/// The arguments of `dikast tick`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct TickArgs {
    /// A campaign folder, or a folder of campaign folders.
    pub dir: PathBuf,
    /// The time to act at, RFC 3339, instead of the system clock.
    #[arg(long)]
    pub clock: Option<String>,
}

/// The arguments of `dikast remind`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct RemindArgs {
    /// The campaign folder.
    pub dir: PathBuf,
    /// The time to act at, RFC 3339, instead of the system clock.
    #[arg(long)]
    pub clock: Option<String>,
}

/// The arguments of `dikast deadline`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct DeadlineArgs {
    /// The campaign folder.
    pub dir: PathBuf,
    /// The new deadline: RFC 3339 (`2026-03-08T18:00:00Z`) or `+48h` (from the
    /// deadline in force, or from now when none is).
    #[arg(long)]
    pub set: String,
    /// The time to act at, RFC 3339, instead of the system clock.
    #[arg(long)]
    pub clock: Option<String>,
}

/// The arguments of `dikast undo`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct UndoArgs {
    /// The campaign folder.
    pub dir: PathBuf,
    /// Undo even though mail was sent (every player gets a correction notice) or the
    /// next turn already holds orders.
    #[arg(long)]
    pub force: bool,
    /// The time to act at, RFC 3339, instead of the system clock.
    #[arg(long)]
    pub clock: Option<String>,
}

/// The arguments of `dikast demo`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct DemoArgs {
    /// The embedded scenario to play (its examples are orders-examples/<scenario>/).
    #[arg(long)]
    pub scenario: Option<String>,
    /// Keep the campaign in this folder instead of a temporary one.
    #[arg(long)]
    pub keep: Option<PathBuf>,
    /// An orders examples folder laid out as orders-examples/ (default: the
    /// examples built into this dikast, so the demo runs from any folder).
    #[arg(long)]
    pub examples: Option<PathBuf>,
    /// Then publish the kept campaign to this new folder with its website, as
    /// `publish --force --site` does (the demo's game is not over).
    #[arg(long, requires = "keep")]
    pub site: Option<PathBuf>,
}

/// The arguments of `dikast completions`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// The arguments of `dikast man`.
#[derive(Args, Debug)]
#[group(skip)]
pub struct ManArgs {
    /// The command whose page to print (default: dikast's own page).
    pub command: Option<String>,
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
    let scenarios = reg.scenario_names().join(", ");
    odds_args(Cli::command(), reg)
        .mut_subcommand("odds", |c| odds_help(c, reg))
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
        odds_args(Cli::command(), registry)
    };
    let cli = match command.try_get_matches_from(&args).and_then(|m| {
        let mut cli = Cli::from_arg_matches(&m)?;
        if let (Command::Odds { rest, .. }, Some(m)) =
            (&mut cli.command, m.subcommand_matches("odds"))
        {
            *rest = odds_rest(registry, m);
        }
        Ok(cli)
    }) {
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

/// Runs one command: each has its own function below, in the order `--help` lists them.
fn run(reg: &Registry, cmd: Command) -> Result<String, Failure> {
    match cmd {
        Command::New(a) => new_cmd(reg, a),
        Command::Setup(a) => crate::setup::setup(&Layout::new(&a.dir), &a.settings),
        Command::Doctor(a) => crate::setup::doctor(&Layout::new(&a.dir), a.offline),
        Command::Check(a) => check_cmd(reg, a),
        Command::Adjudicate(a) => adjudicate_cmd(reg, a),
        Command::Verify(a) => verify_cmd(reg, a),
        Command::Publish(a) => publish_cmd(reg, a),
        Command::Show(a) => show_cmd(reg, a),
        Command::Template(a) => template_cmd(reg, a),
        Command::Odds {
            kind,
            view,
            scenario,
            rest,
        } => odds_cmd(reg, kind, view, scenario, rest),
        Command::Schema(a) => schema_cmd(reg, a.kind, a.for_.as_deref()),
        Command::Dice(a) => dice_cmd(a),
        Command::Mail(a) => mail_cmd(reg, a),
        Command::Status(a) => status_cmd(reg, a),
        Command::Receive(a) => receive_cmd(reg, a),
        Command::Tick(a) => tick_cmd(reg, a),
        Command::Remind(a) => remind_cmd(reg, a),
        Command::Deadline(a) => deadline_cmd(reg, a),
        Command::Undo(a) => undo_cmd(reg, a),
        Command::Demo(a) => demo_cmd(reg, a),
        Command::Completions(a) => completions(reg, a.shell),
        Command::Man(a) => man_page(reg, a.command.as_deref()),
    }
}

/// `dikast new`: the campaign folder made from a scenario, then the settings given with
/// it applied (a setting refused leaves nothing behind).
fn new_cmd(reg: &Registry, a: NewArgs) -> Result<String, Failure> {
    let NewArgs {
        dir,
        scenario,
        players,
        game_id,
        chain_length,
        secret,
        settings,
    } = a;
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
    let (game, name, text, embedded) = scenario_to_create(reg, &scenario)?;
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
    // Turn 1's deadline under `--deadline-every`, counted from now (the calls name it).
    if let Some(l) = crate::setup::first_deadline(&layout, crate::clock::clock_now())? {
        set.push_str(&format!("{l}\n"));
    }
    let first: serde_yaml::Value = serde_yaml::from_slice(&fsx::read_limited(&layout.game(1))?)
        .map_err(|e| Failure::Refused(format!("{}: {e}", layout.game(1).display())))?;
    let step = first.get("step").and_then(|s| s.as_str()).unwrap_or("");
    Ok(format!(
        "created campaign `{}` in {}\n{set}turn 1 awaits every side's orders ({step}); views are in {}\n",
        opts.game_id,
        dir.display(),
        layout.turn_dir(1).display()
    ))
}

/// The scenario `dikast new --scenario` names: an embedded one, or a scenario file (its
/// game from its `rules:`). Returns the game, the scenario's name, its text and whether
/// it is embedded.
fn scenario_to_create<'r>(
    reg: &'r Registry,
    scenario: &str,
) -> Result<(&'r dyn Game, String, String, bool), Failure> {
    if let Some((g, t)) = reg.by_scenario(scenario) {
        return Ok((g, scenario.to_string(), t.to_string(), true));
    }
    let p = Path::new(scenario);
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
    let v: serde_yaml::Value =
        serde_yaml::from_str(&text).map_err(|e| Failure::Refused(format!("{scenario}: {e}")))?;
    let rules = v.get("rules").and_then(|r| r.as_str()).unwrap_or("");
    let name = v
        .get("scenario")
        .and_then(|r| r.as_str())
        .unwrap_or("custom")
        .to_string();
    Ok((reg.find(rules)?, name, text, false))
}

/// `dikast check`: one orders file against a game file or a view.
fn check_cmd(reg: &Registry, a: CheckArgs) -> Result<String, Failure> {
    let ab = fsx::read_limited(&a.against)?;
    game_of(reg, &a.against, &ab)?.check(&a.orders, &a.against, &ab, a.lang.map(Language::lang))
}

/// `dikast adjudicate`: the pending turn adjudicated, then (with --mail) its reports and
/// the next turn's calls for orders mailed.
fn adjudicate_cmd(reg: &Registry, a: AdjudicateArgs) -> Result<String, Failure> {
    let layout = Layout::new(&a.dir);
    let game = game_of_campaign(reg, &layout)?;
    let at = clock_at(a.clock.as_deref())?;
    // A crashed run is put right first, under the lock, before the deadline
    // policy reads the pending turn: `adjudicate` does it (and stops there when
    // it finished a stopped commit).
    let mut out = String::new();
    let done = game.adjudicate(
        &layout,
        &campaign::AdjudicateOptions {
            fallback: a.fallback,
            allow_no_orders: a.allow_no_orders,
            clock: Some(at),
            clock_given: a.clock.is_some(),
            early: a.now,
        },
    )?;
    out.extend(done.notes.iter().map(|n| format!("{n}\n")));
    if done.turn == 0 {
        out.push_str("nothing else was done: run `dikast adjudicate` again for the next turn\n");
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
    if a.mail {
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

/// `dikast verify`: a player's folder, one report's dice, or a whole archive.
fn verify_cmd(reg: &Registry, a: VerifyArgs) -> Result<String, Failure> {
    if let Some(p) = a.player {
        let sum = verify::player_folder(&p)?;
        return Ok(format!("{}\nverified\n", sum.lines.join("\n")));
    }
    let sum = match (a.dir, a.report) {
        (_, Some(r)) => {
            let sum = verify::report_dice(&r, a.orders.as_deref(), a.view.as_deref())?;
            if a.view.is_none() {
                return Ok(format!(
                    "{}\nverified in itself only: not anchored to your view (add --view)\n",
                    sum.lines.join("\n")
                ));
            }
            sum
        }
        (Some(d), None) => verify_archive(reg, &d)?,
        (None, None) => {
            return Err(Failure::Refused(
                "give a campaign folder, --report FILE or --player DIR".into(),
            ))
        }
    };
    Ok(format!("{}\nverified\n", sum.lines.join("\n")))
}

/// `dikast verify DIR`: the whole archive, with the scenarios it holds.
fn verify_archive(reg: &Registry, d: &Path) -> Result<crate::verify::Summary, Failure> {
    // Whatever in the archive does not check out fails verification (exit 3).
    let layout = Layout::new(d);
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
    crate::folder::register_campaign_scenarios(d);
    let game = rules_of(reg, &g1, &gb).map_err(|f| match f {
        Failure::Refused(m) => Failure::Verify(m),
        f => verify::as_archive_failure(f),
    })?;
    game.verify_archive(&layout)
}

/// `dikast publish`: the archive for everyone, with its website when asked.
fn publish_cmd(reg: &Registry, a: PublishArgs) -> Result<String, Failure> {
    let make = |root: &Path| crate::site::build(reg, root);
    let extra: Option<(&str, crate::publish::Extra)> =
        a.site.then_some((crate::site::SITE_DIR, &make));
    crate::publish::publish_with(&Layout::new(&a.dir), &a.out, a.force, extra)
}

/// `dikast show`: a game file or view in words, as JSON, or as a map.
fn show_cmd(reg: &Registry, a: ShowArgs) -> Result<String, Failure> {
    let b = fsx::read_limited(&a.file)?;
    let shown = game_of(reg, &a.file, &b)?.show(
        &a.file,
        &b,
        a.side.as_deref(),
        a.format,
        a.lang.map(Language::lang),
    )?;
    let bytes = match shown {
        Shown::Text(t) if a.out.is_none() => return Ok(t),
        Shown::Text(t) => t.into_bytes(),
        Shown::Bytes(b) => b,
    };
    write_out(a.out.as_deref(), &bytes)
}

/// `dikast template`: an orders skeleton from a view, a game file or a campaign folder.
fn template_cmd(reg: &Registry, a: TemplateArgs) -> Result<String, Failure> {
    let TemplateArgs { from, side, lang } = a;
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

/// `dikast mail`: a turn's reports mailed (or written as .eml files with --dry-run).
fn mail_cmd(reg: &Registry, a: MailArgs) -> Result<String, Failure> {
    let layout = Layout::new(&a.dir);
    let u = match (a.resend_uncertain, a.uncertain_arrived) {
        (true, _) => crate::mail::Uncertain::Resend,
        (_, true) => crate::mail::Uncertain::Arrived,
        _ => crate::mail::Uncertain::Keep,
    };
    game_of_campaign(reg, &layout)?.mail_command(&layout, a.turn, a.dry_run, u)
}

/// `dikast status`: which orders of the pending turn are in, missing or late.
fn status_cmd(reg: &Registry, a: StatusArgs) -> Result<String, Failure> {
    let now = clock_at(a.clock.as_deref())?;
    let layout = Layout::new(&a.dir);
    let st = game_of_campaign(reg, &layout)?.status(&layout)?;
    Ok(crate::status::render(&layout, &st, now))
}

/// `dikast receive`: orders by mail, from a Maildir or one message on standard input.
fn receive_cmd(reg: &Registry, a: ReceiveArgs) -> Result<String, Failure> {
    let lock_wait = std::time::Duration::from_secs(a.lock_wait);
    let layout = Layout::new(&a.dir);
    let game = game_of_campaign(reg, &layout)?;
    let at = clock_at(a.clock.as_deref())?;
    let lines = match a.maildir {
        Some(md) => crate::registry::with_desk(game, &layout, |d| {
            crate::receive::receive_maildir(&layout, d, &md, at, lock_wait)
        })?,
        None => {
            let raw = read_stdin_message()?;
            vec![crate::registry::with_desk(game, &layout, |d| {
                crate::receive::receive_message(&layout, d, &raw, at, lock_wait)
            })?]
        }
    };
    Ok(lines.iter().map(|l| format!("{l}\n")).collect())
}

/// The one message `dikast receive` reads from standard input, refused past the most
/// dikast reads.
fn read_stdin_message() -> Result<Vec<u8>, Failure> {
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
    Ok(raw)
}

/// `dikast tick`: one run of a campaign, or of a folder of campaigns.
fn tick_cmd(reg: &Registry, a: TickArgs) -> Result<String, Failure> {
    crate::tick::tick(
        reg,
        &a.dir,
        clock_at(a.clock.as_deref())?,
        a.clock.is_some(),
    )
}

/// `dikast remind`, under the tick lock.
fn remind_cmd(reg: &Registry, a: RemindArgs) -> Result<String, Failure> {
    let layout = Layout::new(&a.dir);
    let _tick = crate::tick::hold_tick_lock(&layout)?;
    crate::tick::remind(reg, &layout, clock_at(a.clock.as_deref())?)
}

/// `dikast deadline`, under the tick lock.
fn deadline_cmd(reg: &Registry, a: DeadlineArgs) -> Result<String, Failure> {
    let layout = Layout::new(&a.dir);
    let _tick = crate::tick::hold_tick_lock(&layout)?;
    crate::tick::set_deadline(reg, &layout, &a.set, clock_at(a.clock.as_deref())?)
}

/// `dikast undo`, under the tick lock.
fn undo_cmd(reg: &Registry, a: UndoArgs) -> Result<String, Failure> {
    let layout = Layout::new(&a.dir);
    let game = game_of_campaign(reg, &layout)?;
    let _tick = crate::tick::hold_tick_lock(&layout)?;
    crate::tick::undo(game, &layout, a.force, clock_at(a.clock.as_deref())?)
}

/// `dikast demo`: a campaign played with the orders examples, then (with --site) published
/// with its website.
fn demo_cmd(reg: &Registry, a: DemoArgs) -> Result<String, Failure> {
    let DemoArgs {
        scenario,
        keep,
        examples,
        site,
    } = a;
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

/// `dikast completions SHELL`: the shell's completion script.
fn completions(reg: &Registry, shell: clap_complete::Shell) -> Result<String, Failure> {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut command_for(reg), "dikast", &mut buf);
    String::from_utf8(buf).map_err(|_| Failure::Io("the completion script is not UTF-8".into()))
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

/// `dikast dice`: the dice of one event, or values down a seed chain.
fn dice_cmd(a: DiceArgs) -> Result<String, Failure> {
    let DiceArgs {
        key,
        label,
        sealed,
        count,
        sides,
        chain,
        steps,
        sealed_chain,
    } = a;
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

// `dikast odds`, the command line's part. Each game offers its kinds and options
// (`odds::Offer`, `Game::odds_offer`); they are added to the command here at run time, so
// the core names no game's words, and the game reads them back from the `Ask`.

/// What `dikast odds` reads besides its kind, view and scenario: the options the games
/// offer and the command's own (`--with`, `--json`, `--joint`, `--top`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OddsRest {
    /// Every game option given, then each `--with KEY=VALUE`, as key/value pairs.
    pub args: Vec<(String, String)>,
    pub json: bool,
    pub joint: bool,
    pub top: usize,
}

/// The games' odds options, each name once (with the first game's help), in the order
/// the games list them.
fn odds_options(reg: &Registry) -> Vec<crate::odds::Opt> {
    let mut all: Vec<crate::odds::Opt> = Vec::new();
    for o in reg.games().flat_map(|g| g.odds_offer().options.iter()) {
        if !all.iter().any(|a| a.name == o.name) {
            all.push(*o);
        }
    }
    all
}

/// The clap argument of a game's odds option (its id its name).
fn odds_arg(o: &crate::odds::Opt) -> clap::Arg {
    use crate::odds::Takes;
    use clap::{Arg, ArgAction};
    let arg = Arg::new(o.name).long(o.name).help(o.help);
    match o.takes {
        Takes::Flag => arg.action(ArgAction::SetTrue),
        Takes::Number => arg
            .value_name(o.value)
            .value_parser(clap::value_parser!(u32))
            .action(ArgAction::Set),
        Takes::Word => arg
            .value_name(o.value)
            .value_parser(clap::value_parser!(String))
            .action(ArgAction::Set),
        Takes::List => arg
            .value_name(o.value)
            .value_parser(clap::value_parser!(String))
            .value_delimiter(',')
            .action(ArgAction::Append),
    }
}

/// `dikast odds` with the games' options, then the command's own.
fn odds_args(cmd: clap::Command, reg: &Registry) -> clap::Command {
    use clap::{Arg, ArgAction};
    let options = odds_options(reg);
    cmd.mut_subcommand("odds", |c| {
        c.args(options.iter().map(odds_arg))
            .arg(
                Arg::new("with")
                    .long("with")
                    .value_name("KEY[=VALUE]")
                    .value_parser(clap::value_parser!(String))
                    .action(ArgAction::Append)
                    .help("A setting of the game's own, `KEY=VALUE` or `KEY` (repeatable; each game's odds page in docs/odds.md lists its keys)"),
            )
            .arg(
                Arg::new("json")
                    .long("json")
                    .action(ArgAction::SetTrue)
                    .help("Print JSON (the winners and each block's fate, exact and approximate) instead of the table"),
            )
            .arg(
                Arg::new("joint")
                    .long("joint")
                    .requires("json")
                    .action(ArgAction::SetTrue)
                    .help("With --json: every outcome too (the joint table of every piece's end; each game bounds its size: docs/odds.md)"),
            )
            .arg(
                Arg::new("top")
                    .long("top")
                    .value_name("TOP")
                    .value_parser(clap::value_parser!(usize))
                    .default_value("12")
                    .action(ArgAction::Set)
                    .help("Outcomes listed in the table, most likely first"),
            )
    })
}

/// The help of `dikast odds` in the games' words: the first game's description of the
/// command, and every game's kinds.
fn odds_help(c: clap::Command, reg: &Registry) -> clap::Command {
    let kinds: Vec<String> = reg
        .games()
        .filter(|g| !g.odds_offer().kinds.is_empty())
        .map(|g| {
            let k: Vec<String> = g
                .odds_offer()
                .kinds
                .iter()
                .map(|(k, what)| format!("{k} ({what})"))
                .collect();
            format!("{}: {}", g.id(), k.join(", "))
        })
        .collect();
    let about = reg
        .games()
        .map(|g| g.odds_offer().about)
        .find(|a| !a.is_empty());
    let c = c.mut_arg("kind", |a| {
        a.help(format!(
            "What to compute: one of the game's kinds — {}",
            kinds.join("; ")
        ))
    });
    match about {
        Some(about) => c.about(about),
        None => c,
    }
}

/// What the games' options and the command's own hold in `m` (the odds subcommand's).
fn odds_rest(reg: &Registry, m: &clap::ArgMatches) -> OddsRest {
    use crate::odds::Takes;
    let mut args: Vec<(String, String)> = Vec::new();
    for o in odds_options(reg) {
        let id = o.name;
        let key = o.name.to_string();
        match o.takes {
            Takes::Flag => {
                if m.get_flag(id) {
                    args.push((key, "true".into()));
                }
            }
            Takes::Number => {
                if let Some(n) = m.get_one::<u32>(id) {
                    args.push((key, n.to_string()));
                }
            }
            Takes::Word | Takes::List => {
                for v in m.get_many::<String>(id).into_iter().flatten() {
                    args.push((key.clone(), v.clone()));
                }
            }
        }
    }
    for w in m.get_many::<String>("with").into_iter().flatten() {
        let (k, v) = w.split_once('=').unwrap_or((w.as_str(), "true"));
        args.push((k.trim().to_string(), v.trim().to_string()));
    }
    OddsRest {
        args,
        json: m.get_flag("json"),
        joint: m.get_flag("joint"),
        top: m.get_one::<usize>("top").copied().unwrap_or(12),
    }
}

/// `dikast odds`: the game of the view or the scenario answers the question; the core
/// prints its answer as a table or JSON.
fn odds_cmd(
    reg: &Registry,
    kind: String,
    view: Option<PathBuf>,
    scenario: Option<String>,
    rest: OddsRest,
) -> Result<String, Failure> {
    let OddsRest {
        args,
        json,
        joint,
        top,
    } = rest;
    let mut ask = crate::odds::Ask {
        kind,
        args,
        listed: match (json, joint) {
            (true, true) => None,
            (true, false) => Some(0),
            (false, _) => Some(top),
        },
    };
    let (game, file, name) = match view {
        Some(v) => {
            let b = fsx::read_limited(&v)?;
            (game_of(reg, &v, &b)?, Some((v, b)), String::new())
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
            (game, None, name)
        }
    };
    let lang = odds_lang(game, &mut ask)?;
    // A game that words its answer in `lang` words its refusals too: the marks around
    // them follow.
    let odds = game
        .odds(
            file.as_ref().map(|(v, b)| (v.as_path(), &b[..])),
            &name,
            &ask,
        )
        .map_err(|f| match f {
            Failure::Refused(m) if lang != Lang::En => Failure::RefusedIn(m, lang),
            f => f,
        })?;
    Ok(if json {
        serde_json::to_string_pretty(&odds.json()).unwrap_or_default() + "\n"
    } else {
        crate::odds_table::table(&odds, top, lang)
    })
}

/// `dikast odds --lang`: the answer's language. A game that offers the option reads it
/// from the question and words its answer; the table's own words follow
/// (`odds_table`). A game that does not answers in English only: `--lang en` is dropped
/// from its question, another language refused with what to do (docs/odds.md).
fn odds_lang(game: &dyn Game, ask: &mut crate::odds::Ask) -> Result<Lang, Failure> {
    let Some(code) = ask.get("lang").map(str::to_string) else {
        return Ok(Lang::En);
    };
    let lang = Lang::from_code(&code).ok_or_else(|| {
        Failure::Refused(format!(
            "--lang {code}: no such language; languages: {}",
            Lang::ALL.map(Lang::code).join(", ")
        ))
    })?;
    if game.odds_offer().options.iter().any(|o| o.name == "lang") {
        return Ok(lang);
    }
    if lang != Lang::En {
        return Err(Failure::Refused(format!(
            "{}'s odds answer in English only: leave out --lang {code} (docs/odds.md)",
            game.id()
        )));
    }
    ask.args.retain(|(k, _)| k != "lang");
    Ok(lang)
}
