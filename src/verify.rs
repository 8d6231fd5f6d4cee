//! `dikast verify`: re-runs a whole archive and demands byte-identical files, checks
//! every revealed seed against its commitment and chain, and the hash chain of game
//! files; or checks the open dice of one report from that report and one's own orders.

use crate::campaign::{self, Layout, Published};
use crate::dice::{self, Chain, Hash, SideOrders, TurnDice};
use crate::error::Failure;
use crate::fsx;
use crate::game::{sha256_hex, GameFile};
use crate::pipeline::{self, TurnInputs};
use crate::report::{self, DiceSection};
use crate::rules::Rules;
use crate::yaml;
use std::collections::BTreeMap;
use std::path::Path;

/// What a verification checked.
#[derive(Debug, Default)]
pub struct Summary {
    pub lines: Vec<String>,
}

/// Names the first difference between an archived file and its re-run: line, and the
/// YAML field when the file is YAML.
pub fn first_difference(name: &str, archived: &[u8], rerun: &[u8]) -> String {
    let at = archived
        .iter()
        .zip(rerun.iter())
        .position(|(a, b)| a != b)
        .unwrap_or(archived.len().min(rerun.len()));
    let text = String::from_utf8_lossy(archived);
    let line = text[..crate::diag::floor_char(&text, at.min(text.len()))]
        .matches('\n')
        .count()
        + 1;
    let want_line = String::from_utf8_lossy(rerun)
        .lines()
        .nth(line - 1)
        .unwrap_or("")
        .to_string();
    let got_line = text.lines().nth(line - 1).unwrap_or("").to_string();
    let field = if name.ends_with(".yaml") {
        field_at(&text, at)
    } else {
        None
    };
    let field = field.map(|f| format!(", field {f}")).unwrap_or_default();
    format!("{name} differs from the re-run at line {line}{field}: the archive has `{}`, the re-run gives `{}`", got_line.trim(), want_line.trim())
}

/// The dotted path of the deepest YAML value covering a byte offset.
fn field_at(text: &str, offset: usize) -> Option<String> {
    let file = crate::diag::SourceFile::new("x", text);
    let root = yaml::parse(&file).ok()?;
    let mut path = String::new();
    let mut node = &root;
    'descend: loop {
        match &node.kind {
            yaml::Kind::Map(pairs) => {
                for (k, v) in pairs {
                    let end = v.span.1.max(k.span.1);
                    if offset >= k.span.0 && offset <= end {
                        if !path.is_empty() {
                            path.push('.');
                        }
                        path.push_str(k.as_str().unwrap_or("?"));
                        node = v;
                        continue 'descend;
                    }
                }
                break;
            }
            yaml::Kind::Seq(items) => {
                for (i, v) in items.iter().enumerate() {
                    if offset >= v.span.0 && offset <= v.span.1 {
                        path.push_str(&format!("[{i}]"));
                        node = v;
                        continue 'descend;
                    }
                }
                break;
            }
            yaml::Kind::Scalar(..) => break,
        }
    }
    (!path.is_empty()).then_some(path)
}

fn compare(layout: &Layout, path: &Path, rerun: &[u8]) -> Result<(), Failure> {
    let name = layout.rel(path);
    if !path.exists() {
        return Err(Failure::Verify(format!(
            "{name} is missing from the archive"
        )));
    }
    let archived = fsx::read_limited(path)?;
    if archived != rerun {
        return Err(Failure::Verify(first_difference(&name, &archived, rerun)));
    }
    Ok(())
}

/// `u_t` for a turn, where the verifier can know it.
type SealedSeeds = Box<dyn Fn(u32) -> Option<Hash>>;

/// Sealed seeds available to a verifier: from the secret (moderator) or from a
/// published copy (everyone), by turn.
fn sealed_source(layout: &Layout, anchor: &str) -> Result<Option<SealedSeeds>, Failure> {
    if layout.secret().exists() {
        let s = layout.load_secret()?;
        let head = s.sealed()?;
        let n = s.chain_length;
        return Ok(Some(Box::new(move |t| Chain::Sealed.at(&head, n, t))));
    }
    if layout.published().exists() {
        let bytes = fsx::read_limited(&layout.published())?;
        let p: Published =
            pipeline::parse_file(&layout.rel(&layout.published()), &bytes, "published file")?;
        let u = dice::parse_hash(&p.sealed_seed).ok_or_else(|| {
            Failure::Verify("published.yaml: field sealed_seed is not a 64-digit hex value".into())
        })?;
        if dice::to_hex(&Chain::Sealed.walk(&u, p.turn)) != anchor {
            return Err(Failure::Verify(format!(
                "published.yaml: field sealed_seed does not hash down to the sealed anchor u_0 of turn 1 in {} steps",
                p.turn
            )));
        }
        let last = p.turn;
        return Ok(Some(Box::new(move |t| {
            (t <= last).then(|| Chain::Sealed.walk(&u, last - t))
        })));
    }
    Ok(None)
}

/// `dikast verify DIR`: the whole archive.
pub fn archive<R: Rules>(layout: &Layout) -> Result<Summary, Failure> {
    let mut sum = Summary::default();
    let turns = layout.turns()?;
    let first_bytes = fsx::read_limited(&layout.game(1))?;
    let first: GameFile<R::State> =
        pipeline::parse_file(&layout.rel(&layout.game(1)), &first_bytes, "game file")?;
    let sealed_seed = sealed_source(layout, &first.dice.sealed_anchor)?;
    let secret = if layout.secret().exists() {
        Some(layout.load_secret()?)
    } else {
        None
    };
    for &t in &turns {
        let gpath = layout.game(t);
        let gbytes = fsx::read_limited(&gpath)?;
        let game: GameFile<R::State> =
            pipeline::parse_file(&layout.rel(&gpath), &gbytes, "game file")?;
        if game.turn != t {
            return Err(Failure::Verify(format!(
                "{}: field turn says {}, but the folder is turn {t}",
                layout.rel(&gpath),
                game.turn
            )));
        }
        if game.game != first.game
            || game.dice.sealed_anchor != first.dice.sealed_anchor
            || game.dice.chain_length != first.dice.chain_length
        {
            return Err(Failure::Verify(format!(
                "{}: field game or dice differs from turn 1's",
                layout.rel(&gpath)
            )));
        }
        campaign::check_links(layout, t, game.previous.as_deref(), &game.dice.commitment)?;
        let sc = pipeline::load_scenario::<R>(&game.scenario, &layout.rel(&gpath))?;
        for (side, bytes) in pipeline::view_bytes::<R>(&sc, &game, &gbytes) {
            compare(
                layout,
                &layout.turn_dir(t).join(format!("view-{side}.yaml")),
                &bytes,
            )?;
        }
        if !layout.report(t).exists() {
            sum.lines.push(format!(
                "turn {t}: awaits adjudication; game file and views check out"
            ));
            continue;
        }
        let next_path = layout.game(t + 1);
        if !next_path.exists() {
            return Err(Failure::Verify(format!(
                "{} is missing from the archive",
                layout.rel(&next_path)
            )));
        }
        let next_bytes = fsx::read_limited(&next_path)?;
        let next: GameFile<R::State> =
            pipeline::parse_file(&layout.rel(&next_path), &next_bytes, "game file")?;
        // The seed s_t is revealed as the next game file's commitment.
        let seed = dice::parse_hash(&next.dice.commitment).ok_or_else(|| {
            Failure::Verify(format!(
                "{}: field dice.commitment is not a 64-digit hex hash",
                layout.rel(&next_path)
            ))
        })?;
        if let Some(s) = &secret {
            let (st, _) = s.seeds(t)?;
            if st != seed {
                return Err(Failure::Verify(format!(
                    "{}: field dice.commitment is not the seed of turn {t} from the secret chain",
                    layout.rel(&next_path)
                )));
            }
        }
        let sealed = sealed_seed.as_ref().and_then(|f| f(t));
        let orders = campaign::read_orders(layout, t, &R::sides(&sc))?;
        let out = pipeline::run_turn::<R>(&TurnInputs {
            game_name: layout.rel(&gpath),
            game_bytes: gbytes,
            orders,
            seed,
            sealed,
            fallback: true,
            forced: BTreeMap::new(),
        })?;
        if out.sealed_unchecked {
            sum.lines.push(format!(
                "turn {t}: seed, commitment and hash chain check out; it has sealed events, so its files can be re-run only with the secret or once the campaign is published"
            ));
            continue;
        }
        compare(layout, &next_path, &out.next_game)?;
        compare(layout, &layout.report(t), out.report.as_bytes())?;
        for (side, text) in &out.side_reports {
            compare(layout, &layout.side_report(t, side), text.as_bytes())?;
        }
        sum.lines.push(format!(
            "turn {t}: re-run gives byte-identical game file, views and reports"
        ));
    }
    Ok(sum)
}

/// `dikast verify --report FILE [--orders FILE]`: a player's check of the open dice.
pub fn report_dice(report_path: &Path, orders: Option<&Path>) -> Result<Summary, Failure> {
    let bytes = fsx::read_limited(report_path)?;
    let text = String::from_utf8_lossy(&bytes);
    let name = report_path.display().to_string();
    let section: DiceSection = match report::parse_dice_section(&text) {
        None => {
            return Err(Failure::Refused(format!(
                "{name} has no dice section (`{}`)",
                report::DICE_HEADING
            )))
        }
        Some(Err(e)) => {
            return Err(Failure::Verify(format!(
                "{name}: the dice section cannot be read: {e}"
            )))
        }
        Some(Ok(s)) => s,
    };
    check_section(&section, &name, orders)
}

/// The checks of dice.md §5 on one dice section.
pub fn check_section(
    s: &DiceSection,
    name: &str,
    orders: Option<&Path>,
) -> Result<Summary, Failure> {
    let mut sum = Summary::default();
    if s.protocol != dice::PROTOCOL {
        return Err(Failure::Refused(format!(
            "{name} uses protocol `{}`; this dikast checks {}",
            s.protocol,
            dice::PROTOCOL
        )));
    }
    let hash = |field: &str, v: &str| {
        dice::parse_hash(v).ok_or_else(|| {
            Failure::Verify(format!("{name}: field {field} is not a 64-digit hex value"))
        })
    };
    let seed = hash("seed", &s.seed)?;
    let commitment = hash("commitment", &s.commitment)?;
    if Chain::Open.prev(&seed) != commitment {
        return Err(Failure::Verify(format!("{name}: the revealed seed does not hash to the commitment: the dice were not committed in advance")));
    }
    sum.lines
        .push("seed: SHA-256(\"dikast/v1/chain\" ‖ seed) equals the commitment".into());
    let mut sides = Vec::new();
    for o in &s.orders {
        let h = if o.sha256 == "none" {
            None
        } else {
            Some(hash("orders", &o.sha256)?)
        };
        sides.push(SideOrders {
            side: o.side.clone(),
            orders_sha256: h,
        });
    }
    if let Some(p) = orders {
        let ob = fsx::read_limited(p)?;
        let mine = dice::sha256(&ob);
        match sides.iter().find(|so| so.orders_sha256 == Some(mine)) {
            Some(so) => sum.lines.push(format!("orders: {} is {}'s orders file as adjudicated", p.display(), so.side)),
            None => {
                return Err(Failure::Verify(format!(
                    "{name}: field orders lists no file with the SHA-256 of {} ({}): these are not the orders that were adjudicated",
                    p.display(),
                    sha256_hex(&ob)
                )))
            }
        }
    }
    let key = dice::turn_key(
        &s.game,
        s.turn,
        &seed,
        &hash("game_sha256", &s.game_sha256)?,
        &sides,
    );
    if dice::to_hex(&key) != s.turn_key {
        return Err(Failure::Verify(format!("{name}: field turn_key does not follow from the game, turn, seed, game file hash and orders hashes")));
    }
    sum.lines.push("turn key: recomputed and equal".into());
    let sealed_seed = match &s.sealed_seed {
        Some(u) => Some(hash("sealed_seed", u)?),
        None => None,
    };
    let td = TurnDice::new(key, sealed_seed);
    let mut values = 0;
    for e in &s.events {
        let draws = e.draws();
        let mut stream = if e.sealed {
            if sealed_seed.is_none() {
                sum.lines.push(format!(
                    "{}: sealed; checkable once the campaign is published",
                    e.label
                ));
                continue;
            }
            td.sealed(&e.label)
        } else {
            td.open(&e.label)
        };
        let got = dice::replay(&mut stream, &draws);
        if got != draws {
            return Err(Failure::Verify(format!(
                "{name}: event `{}`: the listed values are not the protocol's",
                e.label
            )));
        }
        values += draws.len();
    }
    sum.lines.push(format!(
        "events: {} events, {values} values, all equal to the protocol's",
        s.events.len()
    ));
    Ok(sum)
}
