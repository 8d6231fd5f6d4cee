//! The command line: clap parses plain data (stage one); `run` resolves paths, loads
//! files and calls the library (stage two). Every command's failure is a `Failure`
//! with its exit code; nothing here panics on user input.

use crate::campaign::{self, Layout, NewOptions, Secret};
use crate::dice::{self, Chain, TurnDice};
use crate::error::Failure;
use crate::fsx;
use crate::game::{Peek, ViewFile};
use crate::pipeline;
use crate::rules::hellenes::Hellenes;
use crate::rules::Rules;
use crate::verify;
use clap::{Parser, Subcommand, ValueEnum};
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

#[derive(Debug, Clone, Copy, ValueEnum, PartialEq)]
pub enum Format {
    Text,
    Markdown,
    Json,
    Svg,
}

#[derive(Debug, Clone, Copy, ValueEnum, PartialEq)]
pub enum SchemaKind {
    Orders,
    Game,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Create a campaign folder from an embedded scenario or a scenario file.
    New {
        /// The new campaign folder (must not exist, or be empty).
        dir: PathBuf,
        /// An embedded scenario name (`hellenes-431`) or a scenario YAML file.
        #[arg(long, default_value = "hellenes-431")]
        scenario: String,
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
    },
    /// Check one orders file against a game file or a view; print every problem.
    Check {
        orders: PathBuf,
        /// The game file or the side's view the orders are written against.
        #[arg(long)]
        against: PathBuf,
    },
    /// Adjudicate the campaign's pending turn.
    Adjudicate {
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
        dir: PathBuf,
        out: PathBuf,
        /// Publish a game that is not over (it reveals every hand and sealed event).
        #[arg(long)]
        force: bool,
    },
    /// Show a game file or a view.
    Show {
        file: PathBuf,
        /// With a game file: show this side's view of it.
        #[arg(long)]
        side: Option<String>,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Print an orders skeleton for a side of the pending turn.
    Template {
        dir: PathBuf,
        #[arg(long)]
        side: String,
    },
    /// Print the JSON Schema of orders or game files.
    Schema {
        #[arg(value_enum)]
        kind: SchemaKind,
    },
    /// Print dice of one event, or values of a seed chain, to check by hand.
    Dice {
        /// The turn key K_t, hex.
        #[arg(long, required_unless_present = "chain")]
        key: Option<String>,
        /// The event label.
        #[arg(long, requires = "key")]
        label: Option<String>,
        /// u_t, hex, for a sealed event.
        #[arg(long, requires = "key")]
        sealed: Option<String>,
        #[arg(long, default_value_t = 10)]
        count: u32,
        #[arg(long, default_value_t = 6)]
        sides: u32,
        /// A chain value, hex: print the next values down the chain.
        #[arg(long, conflicts_with = "key")]
        chain: Option<String>,
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
        dir: PathBuf,
        /// The time to judge deadlines at, RFC 3339 (`2026-03-08T18:00:00Z`), instead of
        /// the system clock: for tests and for asking "what if".
        #[arg(long)]
        now: Option<String>,
    },
    /// Run the main job on the embedded default: a campaign adjudicated with
    /// orders-examples/, verified, its reports printed.
    Demo {
        /// Keep the campaign in this folder instead of a temporary one.
        #[arg(long)]
        keep: Option<PathBuf>,
        /// The orders examples folder.
        #[arg(long, default_value = "orders-examples")]
        examples: PathBuf,
    },
}

/// Runs the command line; returns the exit code.
pub fn main_with<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
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
    let result = run(cli.command).map_err(|f| match f {
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
        Err(f) => {
            eprint!("{}", f.render());
            f.exit_code()
        }
    }
}

/// Which rules module a file belongs to.
fn rules_of(path: &Path, bytes: &[u8]) -> Result<String, Failure> {
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
    if !RULES.contains(&rules.as_str()) {
        return Err(Failure::Refused(format!(
            "{name}: field rules names `{rules}`, which this dikast does not know (it knows {})",
            RULES.join(", ")
        )));
    }
    Ok(rules)
}

/// The rules modules `with_rules!` knows.
const RULES: [&str; 1] = ["hellenes"];

/// Calls `$body` with `$R` bound to the rules module named `$id`.
macro_rules! with_rules {
    ($id:expr, $R:ident => $body:expr) => {
        match $id {
            "hellenes" => {
                type $R = Hellenes;
                $body
            }
            other => Err(Failure::Refused(format!(
                "unknown rules `{other}`: this dikast knows hellenes"
            ))),
        }
    };
}

fn run(cmd: Command) -> Result<String, Failure> {
    match cmd {
        Command::New {
            dir,
            scenario,
            game_id,
            chain_length,
            secret,
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
            };
            let (rules, name, text, embedded) =
                if let Some(t) = Hellenes::embedded_scenario(&scenario) {
                    (
                        "hellenes".to_string(),
                        scenario.clone(),
                        t.to_string(),
                        true,
                    )
                } else {
                    let p = Path::new(&scenario);
                    if !p.exists() {
                        return Err(Failure::Refused(format!(
                            "`{scenario}` is neither an embedded scenario ({}) nor a file",
                            Hellenes::scenario_names().join(", ")
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
                    let rules = v
                        .get("rules")
                        .and_then(|r| r.as_str())
                        .unwrap_or("")
                        .to_string();
                    let name = v
                        .get("scenario")
                        .and_then(|r| r.as_str())
                        .unwrap_or("custom")
                        .to_string();
                    (rules, name, text, false)
                };
            with_rules!(rules.as_str(), R => campaign::create::<R>(&dir, &name, &text, embedded, &opts))?;
            Ok(format!(
                "created campaign `{}` in {}\nturn 1 awaits every side's orders (setup: entropy for the deal); views are in {}\n",
                opts.game_id,
                dir.display(),
                Layout::new(&dir).turn_dir(1).display()
            ))
        }
        Command::Check { orders, against } => {
            let ab = fsx::read_limited(&against)?;
            let rules = rules_of(&against, &ab)?;
            with_rules!(rules.as_str(), R => check::<R>(&orders, &against, &ab))
        }
        Command::Adjudicate {
            dir,
            fallback,
            mail,
            allow_no_orders,
        } => {
            let layout = Layout::new(&dir);
            let c = layout.load_campaign()?;
            let done = with_rules!(c.rules.as_str(), R => campaign::adjudicate_with::<R>(&layout, &campaign::AdjudicateOptions { fallback, allow_no_orders }))?;
            let mut out: String = done.notes.iter().map(|n| format!("{n}\n")).collect();
            if done.turn == 0 {
                out.push_str(
                    "nothing else was done: run `dikast adjudicate` again for the next turn\n",
                );
                return Ok(out);
            }
            out.push_str(&format!(
                "turn {} adjudicated; reports in {}; turn {} awaits orders\n",
                done.turn,
                layout.rel(&layout.turn_dir(done.turn)),
                done.turn + 1
            ));
            if mail {
                let mailed = with_rules!(c.rules.as_str(), R => crate::mail::send_turn::<R>(&layout, done.turn, false));
                return crate::mail::after_adjudication(out, mailed);
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
                    let rules = rules_of(&g1, &gb).map_err(|f| match f {
                        Failure::Refused(m) => Failure::Verify(m),
                        f => verify::as_archive_failure(f),
                    })?;
                    with_rules!(rules.as_str(), R => verify::archive::<R>(&layout))?
                }
                (None, None) => {
                    return Err(Failure::Refused(
                        "give a campaign folder, --report FILE or --player DIR".into(),
                    ))
                }
            };
            Ok(format!("{}\nverified\n", sum.lines.join("\n")))
        }
        Command::Publish { dir, out, force } => {
            crate::publish::publish(&Layout::new(&dir), &out, force)
        }
        Command::Show { file, side, format } => {
            let b = fsx::read_limited(&file)?;
            let rules = rules_of(&file, &b)?;
            with_rules!(rules.as_str(), R => crate::show::show::<R>(&file, &b, side.as_deref(), format))
        }
        Command::Template { dir, side } => {
            let layout = Layout::new(&dir);
            let c = layout.load_campaign()?;
            with_rules!(c.rules.as_str(), R => crate::show::template::<R>(&layout, &side))
        }
        Command::Schema { kind } => Ok(crate::schema::schema(kind)),
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
            let c = layout.load_campaign()?;
            let u = match (resend_uncertain, uncertain_arrived) {
                (true, _) => crate::mail::Uncertain::Resend,
                (_, true) => crate::mail::Uncertain::Arrived,
                _ => crate::mail::Uncertain::Keep,
            };
            with_rules!(c.rules.as_str(), R => crate::mail::mail_command::<R>(&layout, turn, dry_run, u))
        }
        Command::Status { dir, now } => {
            let now = match now {
                Some(t) => crate::status::parse_time(&t)
                    .map_err(|e| Failure::Refused(format!("--now: {e}")))?,
                None => crate::status::clock_now(),
            };
            let layout = Layout::new(&dir);
            let c = layout.load_campaign()?;
            let st = with_rules!(c.rules.as_str(), R => crate::status::status::<R>(&layout))?;
            Ok(crate::status::render(&layout, &st, now))
        }
        Command::Demo { keep, examples } => crate::demo::demo(keep.as_deref(), &examples),
    }
}

fn check<R: Rules>(orders: &Path, against: &Path, against_bytes: &[u8]) -> Result<String, Failure> {
    let aname = against.display().to_string();
    let ob = fsx::read_limited(orders)?;
    let oname = orders.display().to_string();
    let ofile = crate::yaml::decode(&oname, &ob).map_err(Failure::input)?;
    let peek: Peek = serde_yaml::from_slice(against_bytes)
        .map_err(|e| Failure::Refused(format!("{aname}: {e}")))?;
    let view: ViewFile<R::View> = if peek.view_of.is_some() {
        pipeline::parse_file(&aname, against_bytes, "view")?
    } else {
        let game: crate::game::GameFile<R::State> =
            pipeline::parse_file(&aname, against_bytes, "game file")?;
        let sc = pipeline::load_scenario::<R>(&game.scenario, &aname)?;
        // The moderator checks a side's orders against that side's view of the game.
        let side = crate::yaml::parse(&ofile)
            .ok()
            .and_then(|r| {
                r.get("side")
                    .and_then(|s| s.as_str())
                    .map(|s| s.trim().to_ascii_lowercase())
            })
            .filter(|s| R::sides(&sc).contains(s))
            .unwrap_or_else(|| R::sides(&sc)[0].clone());
        pipeline::make_view::<R>(&sc, &game, against_bytes, &side)
    };
    let sc = pipeline::load_scenario::<R>(&view.scenario, &aname)?;
    let (_, diags) = pipeline::check_orders::<R>(&sc, &view, &ofile);
    if diags.is_empty() {
        Ok(format!(
            "{oname}: orders for {} on turn {} are valid\n",
            R::side_name(&sc, &view.view_of),
            view.turn
        ))
    } else {
        Err(Failure::Input(diags))
    }
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
        let mut out = String::new();
        for _ in 0..steps.min(1_000_000) {
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
    let vals: Vec<String> = (0..count.min(1_000_000))
        .map(|_| s.die(sides).to_string())
        .collect();
    Ok(format!("{}\n", vals.join(" ")))
}
