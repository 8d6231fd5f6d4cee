//! `dikast odds` for Successors: the exact odds of assault and subjugation rolls (§1, §3,
//! with every modifier the adjudication applies), of taking a space within N attempts
//! (§4), of sudden sallies (§6), of battles, and of avoiding battle and interception
//! (§7). Nothing here re-states a rule: each question is a small state run through the
//! engine's own code (`siege::attempt`, `siege::sallies`, `battle::fight`,
//! `battle::on_entering`, `battle::interception`) once for every face of every die it
//! rolls, the faces forced (`TurnDice::with_forced`), so the odds are the adjudication's
//! by construction. Exact: each end's probability is the product of `1/sides` over the
//! dice it took. Deterministic: ends are gathered in `BTreeMap`s.

use super::{battle, siege, Ctx};
use crate::model::events::{Event, Segment, Who};
use crate::model::params::AssaultResult;
use crate::model::scenario::Case;
use crate::model::scenario::Scenario;
use crate::model::sight::View;
use crate::model::state::{Army, Fleets, IndependentArmy, State, INDEPENDENT};
use dikast_core::diag::did_you_mean;
use dikast_core::dice::TurnDice;
use dikast_core::lang::Lang;
use dikast_core::odds::{Ask, BlockIn, End, Frame, Odds, Offer, Opt, Prob, Takes, Tally};
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};
use std::collections::BTreeMap;

/// The kinds of `dikast odds` Successors computes, with what each is.
pub const KINDS: &[(&str, &str)] = &[
    ("assault", "assault rolls against a player's city, §1, §4"),
    (
        "subjugation",
        "subjugation rolls against an independent space, §3, §4",
    ),
    ("sally", "sudden sallies from a besieged city, §6"),
    ("battle", "a battle in the field"),
    ("avoid", "an attacked army tries to avoid battle, §7"),
    (
        "intercept",
        "an army next to the space tries to intercept, §7",
    ),
];

/// What Successors' `dikast odds` computes and the options it takes besides `--with`'s
/// settings (the command line's help lists them).
pub const OFFER: Offer = Offer {
    about: "Print the exact odds of assault, subjugation and sally rolls, of a battle, and of avoiding battle or intercepting, for armies you name: generals from your view, or CUs. A table, or JSON",
    kinds: KINDS,
    options: &[
        Opt {
            name: "attacker",
            value: "ATTACKER",
            takes: Takes::List,
            help: "The attacking army: a general (`Krateros`, `Krateros=4`, `Krateros=4/1`), an independent army, or CUs (`3`)",
        },
        Opt {
            name: "defender",
            value: "DEFENDER",
            takes: Takes::List,
            help: "The defending armies, comma-separated, as --attacker",
        },
        Opt {
            name: "side",
            value: "SIDE",
            takes: Takes::Word,
            help: "The player asking. Default: your view's, else the scenario's first house",
        },
        Opt {
            name: "lang",
            value: "LANG",
            takes: Takes::Word,
            help: "The language of the answer: en (default) or ru (Successors only; Hellenes answers in English)",
        },
        Opt {
            name: "at",
            value: "AT",
            takes: Takes::Word,
            help: "The space: the city assaulted or subjugated, the siege sallied from, the battle's",
        },
    ],
};

/// The keys `--with` may give, and the command's own options.
const KNOWN: &[&str] = &[
    "at", "side", "attacker", "defender", "attempts", "points", "card", "fleets", "cus", "from",
    "segment", "lang",
];

/// The most attempts `--with attempts=N` takes (five rounds of the most §4 allows).
pub const MAX_ATTEMPTS: u32 = 25;
/// The most CUs an army may be given in a question.
pub const MAX_CUS: u32 = 30;
/// The most ends one run of the engine may have before the question is refused (it never
/// comes near with the scenario's dice; a bound for a moderator's edited scenario).
const MAX_ENDS: usize = 200_000;

/// The answer to `ask`, from a player's view or from the scenario alone, in the language
/// `--lang` asks for (a refusal too, where `odds_ru` has its phrase).
pub fn odds(sc: &Scenario, view: Option<&View>, ask: &Ask) -> Result<Odds, String> {
    let lang = lang_of(ask)?;
    match (answer(sc, view, ask), lang) {
        (Ok(o), _) => Ok(named_in(sc, o, lang)),
        (Err(e), Lang::Ru) => Err(super::odds_ru::refusal(&e)),
        (Err(e), _) => Err(e),
    }
}

/// The answer to `ask` with the names of the scenario, or why not (in English).
fn answer(sc: &Scenario, view: Option<&View>, ask: &Ask) -> Result<Odds, String> {
    if !KINDS.iter().any(|(k, _)| *k == ask.kind) {
        let kinds: Vec<&str> = KINDS.iter().map(|(k, _)| *k).collect();
        return Err(match did_you_mean(&ask.kind, kinds.iter().copied()) {
            Some(h) => format!(
                "no odds of `{}` in Successors; did you mean {h}? kinds: {}",
                ask.kind,
                kinds.join(", ")
            ),
            None => format!(
                "no odds of `{}` in Successors; kinds: {}",
                ask.kind,
                kinds.join(", ")
            ),
        });
    }
    if let Some(k) = ask.unknown(KNOWN) {
        let hint = did_you_mean(k, KNOWN.iter().copied())
            .map(|h| format!("did you mean {h}? "))
            .unwrap_or_default();
        return Err(format!(
            "Successors odds take no `{k}`; {hint}they take --at, --side, --attacker, --defender and --with attempts=N, segment=surrender|tyche|activation, points=N, card=ID, fleets=ready|none, cus=N, from=SPACE (docs/odds.md)"
        ));
    }
    let mut q = Question::new(sc, view, ask)?;
    match ask.kind.as_str() {
        "assault" | "subjugation" => q.siege(ask.kind == "subjugation"),
        "sally" => q.sally(),
        kind => q.field(kind),
    }
}

/// The language of the answer, `--lang` (English by default).
fn lang_of(ask: &Ask) -> Result<Lang, String> {
    match ask.get("lang") {
        None => Ok(Lang::En),
        Some(code) => Lang::from_code(code).ok_or_else(|| {
            format!("--lang {code}: the odds answer in `en` (English) or `ru` (Russian)")
        }),
    }
}

/// A player, general or independent army of the answer by its name in `lang`: in
/// Russian a house's and a general's Russian name, the independents' army by its name;
/// spaces keep their ids, as in the reports.
fn name_in(sc: &Scenario, id: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return id.to_string();
    }
    if let Some(h) = sc.house(id) {
        return h.name_ru.clone();
    }
    if sc.general(id).is_some() {
        return sc.general_ru(id, Case::Nom);
    }
    if let Some(i) = sc.independent(id) {
        return i.name_ru.clone();
    }
    match id {
        INDEPENDENT => "независимые".into(),
        "defender" => "защитник".into(),
        "besieger" => "осаждающий".into(),
        "enemy" => "противник".into(),
        _ => match id.split_once('#') {
            Some((side, n)) => format!(
                "{} №{n}",
                name_in(sc, side.trim_end_matches("-enemy"), lang)
            ),
            None => match id.strip_prefix("siege of ") {
                Some(space) => format!("осада {space}"),
                None => id.to_string(),
            },
        },
    }
}

/// The answer with its sides, winners and armies named in `lang`.
fn named_in(sc: &Scenario, mut o: Odds, lang: Lang) -> Odds {
    if lang == Lang::En {
        return o;
    }
    let n = |x: &str| name_in(sc, x, lang);
    o.sides = o.sides.iter().map(|x| n(x)).collect();
    for b in &mut o.blocks {
        b.id = n(&b.id);
        b.side = n(&b.side);
    }
    for (w, _) in &mut o.winners {
        *w = w.as_deref().map(n);
    }
    for x in &mut o.outcomes {
        x.winner = x.winner.as_deref().map(n);
    }
    o
}

/// An army word read: its name, CUs and Loyal Macedonians, each if given.
type ArmyWord = (Option<String>, Option<u32>, Option<u32>);
/// One end of a question: the winner, per block its steps left and whether it left.
type EndKey = (Option<String>, Vec<u32>, Vec<bool>);
/// One end of the engine's run: the state, its events, its probability.
type RunEnd = (State, Vec<Event>, Prob);
/// A siege's chance of each (CUs, points, taken) after some attempts.
type Chain = BTreeMap<(u32, u32, bool), Prob>;
/// Per (CUs, points): the ends of one attempt as (CUs, points, taken).
type Steps = BTreeMap<(u32, u32, bool, Segment), Vec<((u32, u32, bool), Prob)>>;

/// A siege as `Question::attempts` runs it: the besieging general and his player, the
/// space, the cards played with their modifiers, the points that take it and the CUs an
/// attempt needs.
struct Siege<'s> {
    general: &'s str,
    player: &'s str,
    space: &'s str,
    cards: &'s [(String, i32)],
    needed: u32,
    need_cus: u32,
}

/// An army as the question gives it.
#[derive(Debug, Clone)]
struct Named {
    who: Who,
    player: String,
    cus: u32,
    macedonians: u32,
}

/// What a question works on: the scenario, the state it starts from (the view's, or an
/// empty map), and the arguments read so far.
struct Question<'a> {
    sc: &'a Scenario,
    /// The language of the answer's words (`--lang`).
    lang: Lang,
    st: State,
    ask: &'a Ask,
    from_view: bool,
    me: Option<String>,
}

fn names_of(sc: &Scenario) -> Vec<&str> {
    sc.spaces.iter().map(|s| s.id.as_str()).collect()
}

/// `(name, cus, macedonians)` from `NAME`, `NAME=CUS`, `NAME=CUS/MACEDONIANS` or `CUS`.
fn parse_army(word: &str) -> Result<ArmyWord, String> {
    let w = word.trim();
    let (name, num) = match w.split_once('=') {
        Some((n, c)) => (Some(n.trim()), Some(c.trim())),
        None if w.chars().all(|c| c.is_ascii_digit() || c == '/') && !w.is_empty() => {
            (None, Some(w))
        }
        None => (Some(w), None),
    };
    let (cus, mac) = match num {
        None => (None, None),
        Some(n) => {
            let (c, m) = match n.split_once('/') {
                Some((c, m)) => (c, Some(m)),
                None => (n, None),
            };
            let c: u32 = c.parse().map_err(|_| {
                format!("`{word}`: the CUs must be a number (`Krateros=4`, `Krateros=4/1` with one Loyal Macedonian, or `4`)")
            })?;
            let m = m
                .map(|m| {
                    m.parse::<u32>().map_err(|_| {
                        format!("`{word}`: the Loyal Macedonians after `/` must be a number")
                    })
                })
                .transpose()?;
            (Some(c), m)
        }
    };
    if let Some(c) = cus {
        if c > MAX_CUS {
            return Err(format!(
                "`{word}`: {c} CUs is more than any army holds (at most {MAX_CUS})"
            ));
        }
        if mac.is_some_and(|m| m > c) {
            return Err(format!(
                "`{word}`: more Loyal Macedonians than CUs (they are among its CUs)"
            ));
        }
    }
    Ok((name.map(str::to_string), cus, mac))
}

fn number(ask: &Ask, key: &str, lo: u32, hi: u32) -> Result<Option<u32>, String> {
    let Some(v) = ask.get(key) else {
        return Ok(None);
    };
    let n: u32 = v
        .parse()
        .map_err(|_| format!("--with {key}={v}: a number from {lo} to {hi} is needed"))?;
    if n < lo || n > hi {
        return Err(format!(
            "--with {key}={n} is out of range: from {lo} to {hi}"
        ));
    }
    Ok(Some(n))
}

/// One end of a siege attempt: the besieger's CUs, the siege points, and whether the city
/// was taken.
type AttemptEnd = (u32, u32, bool);

/// Where an attempt falls (§4): its round (0: the round of the question) and segment.
pub type Slot = (u32, Segment);

/// §4: `n` attempts against one space by one army, as many in each segment as the
/// scenario's limits allow (1 in the Surrender segment, 2 in the Tyche and 2 in the
/// Activation segment, at most `round` a round), in the round's order, from segment
/// `first` on, then round after round.
pub fn schedule(p: &crate::model::params::Attempts, first: Segment, n: u32) -> Vec<Slot> {
    let segments = [
        (Segment::Surrender, p.surrender),
        (Segment::Tyche, p.tyche),
        (Segment::Activation, p.activation),
    ];
    let mut slots = Vec::new();
    let per_round = p.surrender + p.tyche + p.activation;
    if per_round.min(p.round) == 0 {
        return slots;
    }
    for round in 0.. {
        let mut in_round = 0;
        for (seg, k) in segments {
            if round == 0 && seg < first {
                continue;
            }
            for _ in 0..k {
                if slots.len() as u32 == n {
                    return slots;
                }
                if in_round < p.round {
                    slots.push((round, seg));
                    in_round += 1;
                }
            }
        }
    }
    slots
}

/// §4's limits in words: `1 in the Surrender, 2 in the Tyche, 2 in the Activation segment, 5 a round`.
fn limits_words(p: &crate::model::params::Attempts, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "{} in the Surrender, {} in the Tyche, {} in the Activation segment, {} a round",
            p.surrender, p.tyche, p.activation, p.round
        ),
        Lang::Ru => format!(
            "{} в сегменте сдачи, {} в сегменте Тихе, {} в сегменте манёвров, {} за раунд",
            p.surrender, p.tyche, p.activation, p.round
        ),
    }
}

/// The attempts' segments in words, round by round: `round 1: Tyche 2, Activation 1`.
fn slots_words(slots: &[Slot], lang: Lang) -> String {
    let mut rounds: Vec<(u32, Vec<(Segment, u32)>)> = Vec::new();
    for &(r, seg) in slots {
        if rounds.last().map(|x| x.0) != Some(r) {
            rounds.push((r, Vec::new()));
        }
        if let Some((_, segs)) = rounds.last_mut() {
            match segs.last_mut() {
                Some((s, k)) if *s == seg => *k += 1,
                _ => segs.push((seg, 1)),
            }
        }
    }
    rounds
        .iter()
        .map(|(r, segs)| {
            let s: Vec<String> = segs
                .iter()
                .map(|(seg, k)| format!("{} {k}", segment_word(*seg, lang)))
                .collect();
            match lang {
                Lang::En => format!("round {}: {}", r + 1, s.join(", ")),
                Lang::Ru => format!("раунд {}: {}", r + 1, s.join(", ")),
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn segment_word(seg: Segment, lang: Lang) -> &'static str {
    match seg {
        Segment::Surrender => lang.pick("Surrender", "сдача"),
        Segment::Tyche => lang.pick("Tyche", "Тихе"),
        Segment::Activation => lang.pick("Activation", "манёвры"),
    }
}

/// Whether the cards played act on an attempt in `slot`: played in the first round's
/// Tyche segment, in force to that round's end ([A] in the scenario), not in its
/// Surrender segment before them nor in later rounds.
fn carded((round, seg): Slot) -> bool {
    round == 0 && seg != Segment::Surrender
}

impl<'a> Question<'a> {
    fn new(sc: &'a Scenario, view: Option<&View>, ask: &'a Ask) -> Result<Question<'a>, String> {
        let (st, me) = match view {
            Some(v) => (v.as_state(), Some(v.me.clone())),
            None => {
                // The scenario's map with nobody on it: only what the question names.
                let mut st = State::start(sc, sc.params.players);
                st.players.clear();
                st.armies.clear();
                st.independents.clear();
                st.fleets.clear();
                st.standing.clear();
                for s in &mut st.spaces {
                    s.control = None;
                    s.siege_points = 0;
                    s.besieger = None;
                }
                (st, None)
            }
        };
        Ok(Question {
            sc,
            lang: lang_of(ask)?,
            st,
            ask,
            from_view: view.is_some(),
            me,
        })
    }

    /// `--at`, checked against the map.
    fn at(&self) -> Result<String, String> {
        let Some(at) = self.ask.get("at") else {
            return Err(format!(
                "give the space with --at (`{}` happens in one space)",
                self.ask.kind
            ));
        };
        if let Some(s) = self
            .sc
            .spaces
            .iter()
            .find(|s| s.id.eq_ignore_ascii_case(at.trim()))
        {
            return Ok(s.id.clone());
        }
        Err(match did_you_mean(at, names_of(self.sc)) {
            Some(h) => format!("--at {at}: no space of that name on the map; did you mean {h}?"),
            None => format!("--at {at}: no space of that name on the map (names as printed on the map: `dikast show` lists them)"),
        })
    }

    /// The player a general belongs to: the view's army, else the house whose starting
    /// armies hold him, else `--side`, else `fallback`.
    fn player_of(&self, general: &str, fallback: &str) -> String {
        if let Some(a) = self.st.army(general) {
            return a.player.clone();
        }
        if let Some(h) = self
            .sc
            .houses
            .iter()
            .find(|h| h.armies.iter().any(|a| a.general == general))
        {
            return h.id.clone();
        }
        fallback.to_string()
    }

    /// The side asking (`--side`, the view's player, or the first house).
    fn side(&self) -> Result<String, String> {
        if let Some(s) = self.ask.get("side") {
            let ids: Vec<&str> = self.sc.houses.iter().map(|h| h.id.as_str()).collect();
            let players: Vec<&str> = self.st.players.iter().map(String::as_str).collect();
            let lower = s.trim().to_lowercase();
            if ids.contains(&lower.as_str()) || players.contains(&lower.as_str()) {
                return Ok(lower);
            }
            return Err(match did_you_mean(s, ids.iter().copied()) {
                Some(h) => format!("--side {s}: no such player; did you mean {h}?"),
                None => format!("--side {s}: no such player; players: {}", ids.join(", ")),
            });
        }
        Ok(self
            .me
            .clone()
            .or_else(|| self.sc.houses.first().map(|h| h.id.clone()))
            .unwrap_or_default())
    }

    /// One army word of `--attacker`/`--defender`: a general (from the view, or of the
    /// scenario), an independent army, or CUs alone (`n`-th unnamed of its side).
    fn army(&self, word: &str, side: &str, unnamed: &str) -> Result<Named, String> {
        let (name, cus, mac) = parse_army(word)?;
        let Some(name) = name else {
            let cus = cus.unwrap_or(0);
            return Ok(Named {
                who: Who::General(unnamed.to_string()),
                player: side.to_string(),
                cus,
                macedonians: mac.unwrap_or(0),
            });
        };
        if let Some(g) = self
            .sc
            .generals
            .iter()
            .find(|g| g.id.eq_ignore_ascii_case(&name))
        {
            let on_map = self.st.army(&g.id);
            if self.from_view && on_map.is_none() && cus.is_none() {
                return Err(format!(
                    "{} has no army on the map of your view; give his CUs (`{}=3`)",
                    g.id, g.id
                ));
            }
            let cus = cus.or(on_map.map(|a| a.cus)).ok_or_else(|| {
                format!(
                    "give {}'s CUs (`{}=3`): without --view the odds do not know his army",
                    g.id, g.id
                )
            })?;
            let macedonians = mac.or(on_map.map(|a| a.macedonians.min(cus))).unwrap_or(0);
            return Ok(Named {
                who: Who::General(g.id.clone()),
                player: self.player_of(&g.id, side),
                cus,
                macedonians,
            });
        }
        if let Some(i) = self
            .sc
            .independents
            .iter()
            .find(|i| i.id.eq_ignore_ascii_case(&name) || i.name.eq_ignore_ascii_case(&name))
        {
            if mac.is_some() {
                return Err(format!(
                    "`{word}`: independent armies have no Loyal Macedonians"
                ));
            }
            let now = self
                .st
                .independent(&i.id)
                .filter(|a| !a.removed)
                .map(|a| a.cus);
            return Ok(Named {
                who: Who::Independent(i.id.clone()),
                player: INDEPENDENT.to_string(),
                cus: cus.or(now).unwrap_or(i.cus),
                macedonians: 0,
            });
        }
        let mut names: Vec<&str> = self.sc.generals.iter().map(|g| g.id.as_str()).collect();
        names.extend(self.sc.independents.iter().map(|i| i.id.as_str()));
        Err(match did_you_mean(&name, names.iter().copied()) {
            Some(h) => format!("`{name}` is no general or independent army of the scenario; did you mean {h}?"),
            None => format!("`{name}` is no general or independent army of the scenario; give a general (`Krateros`, `Krateros=4`), an independent army (`scythians`) or CUs alone (`4`)"),
        })
    }

    /// The armies of `--attacker` (exactly one) and `--defender`.
    fn sides(&self, need_defender: bool) -> Result<(Named, Vec<Named>), String> {
        let side = self.side()?;
        let att = self.ask.all("attacker");
        if att.len() != 1 {
            return Err(format!(
                "`{}` takes one army with --attacker (`Krateros`, `Krateros=4`, or `4`); {} given",
                self.ask.kind,
                att.len()
            ));
        }
        let a = self.army(att[0], &side, &format!("{side}#1"))?;
        let enemy = if a.player == INDEPENDENT {
            "enemy".to_string()
        } else {
            format!("{}-enemy", a.player)
        };
        let mut d = Vec::new();
        for (i, w) in self.ask.all("defender").iter().enumerate() {
            d.push(self.army(w, &enemy, &format!("enemy#{}", i + 1))?);
        }
        if need_defender && d.is_empty() {
            return Err(format!(
                "`{}` needs the defending army with --defender (`Seleukos`, `Seleukos=3`, `scythians` or `3`)",
                self.ask.kind
            ));
        }
        for x in &d {
            if x.player == a.player {
                return Err(format!(
                    "{} and {} are on the same side: a battle is between enemies",
                    who_name(&a.who),
                    who_name(&x.who)
                ));
            }
            if x.player != d[0].player {
                return Err(
                    "the defenders must be one side's armies (or independent armies together)"
                        .into(),
                );
            }
        }
        let mut seen: Vec<String> = Vec::new();
        for x in std::iter::once(&a).chain(d.iter()) {
            let n = who_name(&x.who);
            if seen.contains(&n) {
                return Err(format!("{n} is named twice"));
            }
            seen.push(n);
        }
        Ok((a, d))
    }

    /// Puts an army into the state at `space` (replacing its army, if on the map).
    fn place(&mut self, n: &Named, space: &str, inside: bool) {
        match &n.who {
            Who::General(g) => {
                self.st.armies.retain(|a| &a.general != g);
                self.st.armies.push(Army {
                    general: g.clone(),
                    player: n.player.clone(),
                    at: space.to_string(),
                    cus: n.cus,
                    macedonians: n.macedonians.min(n.cus),
                    inside,
                });
            }
            Who::Independent(i) => {
                self.st.independents.retain(|a| &a.id != i);
                self.st.independents.push(IndependentArmy {
                    id: i.clone(),
                    at: space.to_string(),
                    cus: n.cus,
                    removed: false,
                });
            }
        }
        for p in [&n.player] {
            if p != INDEPENDENT && !self.st.players.contains(p) {
                self.st.players.push(p.clone());
            }
        }
    }

    /// An army's general or independent army in `case` in the answer's language.
    fn who_in(&self, w: &Who, case: Case) -> String {
        match (w, self.lang) {
            (Who::General(g), Lang::Ru) if self.sc.general(g).is_some() => {
                self.sc.general_ru(g, case)
            }
            (w, lang) => name_in(self.sc, &who_name(w), lang),
        }
    }

    fn block(&self, n: &Named) -> BlockIn {
        let l = self.lang;
        let rating = match &n.who {
            Who::General(g) => match self.sc.general(g) {
                Some(x) => {
                    let mut r = vec![format!("{} {}", l.pick("battle", "бой"), x.battle)];
                    for (what, v) in [
                        (l.pick("attack", "атака"), x.power.attack),
                        (l.pick("defence", "оборона"), x.power.defence),
                        (l.pick("assault", "штурм"), x.power.assault),
                        (l.pick("avoid", "уклонение"), x.power.avoid as i32),
                        (l.pick("intercept", "перехват"), x.power.intercept as i32),
                    ] {
                        if v != 0 {
                            r.push(format!("{what} {v:+}"));
                        }
                    }
                    if n.macedonians > 0 {
                        r.push(l.pick(
                            format!("{} Loyal Macedonian CU", n.macedonians),
                            format!("верных македонских БЧ: {}", n.macedonians),
                        ));
                    }
                    r.join(", ")
                }
                None => l
                    .pick(
                        "battle 0 (no general of the scenario)",
                        "бой 0 (не генерал сценария)",
                    )
                    .into(),
            },
            Who::Independent(i) => format!(
                "{} {} ({})",
                l.pick("battle", "бой"),
                self.sc.independent(i).map(|x| x.battle).unwrap_or(0),
                l.pick("independent", "независимая")
            ),
        };
        BlockIn {
            id: who_name(&n.who),
            side: n.player.clone(),
            steps: n.cus,
            rating,
        }
    }

    /// `assault` / `subjugation`: the rolls of one army against its space, `--with
    /// attempts=N` of them (§4), from the siege points already there.
    fn siege(&mut self, subjugation: bool) -> Result<Odds, String> {
        let space = self.at()?;
        let (a, d) = self.sides(false)?;
        if !d.is_empty() {
            return Err(format!(
                "`{}` takes no --defender: the city's holder and the armies inside come from your view (an enemy army in the field must be beaten first, §1)",
                self.ask.kind
            ));
        }
        let Who::General(general) = a.who.clone() else {
            return Err("an independent army does not assault".into());
        };
        let sp = self.sc.space(&space).cloned().ok_or("no such space")?;
        let holder = self.holder(&space, &a, subjugation)?;
        let needed = self.sc.params.siege.needed(sp.kind);
        let current = self
            .st
            .space(&space)
            .filter(|s| s.besieger.as_deref() == Some(a.player.as_str()))
            .map(|s| s.siege_points)
            .unwrap_or(0);
        let points = number(self.ask, "points", 0, needed.saturating_sub(1))?.unwrap_or(current);
        let attempts = number(self.ask, "attempts", 1, MAX_ATTEMPTS)?.unwrap_or(1);
        self.fleets(&a.player)?;
        let cards = self.cards()?;
        let first = self.first_segment(!cards.is_empty())?;
        let slots = schedule(&self.sc.params.attempts, first, attempts);
        self.place(&a, &space, false);
        // Only the two sides in the siege: no other army in the field there (§1 asks
        // for none), the space held as asked, the points the besieger's.
        self.st
            .armies
            .retain(|x| x.at != space || x.inside || x.general == general);
        self.st.independents.retain(|x| x.at != space);
        if let Some(s) = self.st.space_mut(&space) {
            s.control = Some(holder.clone());
            s.siege_points = points;
            s.besieger = (points > 0).then(|| a.player.clone());
        }
        let need_cus = if subjugation {
            self.sc.params.siege.subjugation_cus
        } else {
            self.sc.params.siege.assault_cus
        };
        if a.cus < need_cus {
            return Err(format!(
                "{} needs an army of at least {need_cus} CUs (§{}); {} has {}",
                self.ask.kind,
                if subjugation { 3 } else { 1 },
                who_name(&a.who),
                a.cus
            ));
        }
        let siege = Siege {
            general: &general,
            player: &a.player,
            space: &space,
            cards: &cards,
            needed,
            need_cus,
        };
        let (dist, first_mods) = self.attempts(&siege, (a.cus, points), &slots)?;
        let title = self.siege_title(subjugation, &space, &a.who);
        let notes = self.siege_notes(&siege, sp.kind, &holder, (points, &slots), first_mods);
        let blocks = vec![
            self.block(&a),
            BlockIn {
                id: space.clone(),
                side: holder.clone(),
                steps: needed - points,
                rating: self.lang.pick(
                    format!(
                        "{}, needs {needed} siege points",
                        kind_words(sp.kind, Lang::En)
                    ),
                    format!(
                        "{}, нужно очков осады: {needed}",
                        kind_words(sp.kind, Lang::Ru)
                    ),
                ),
            },
        ];
        finish(
            title,
            notes,
            vec![a.player.clone(), holder],
            blocks,
            chain_ends(dist, &a.player, needed),
            self.lang.pick("gone from the space", "покинул зону"),
            self.ask.listed,
        )
    }

    /// `Assault of Sardis by Krateros (§1)` in the answer's language.
    fn siege_title(&self, subjugation: bool, space: &str, who: &Who) -> String {
        let rule = if subjugation { "§3" } else { "§1" };
        match (self.lang, subjugation) {
            (Lang::En, true) => format!("Subjugation of {space} by {} ({rule})", who_name(who)),
            (Lang::En, false) => format!("Assault of {space} by {} ({rule})", who_name(who)),
            (Lang::Ru, true) => format!(
                "Подчинение {space} армией {} ({rule})",
                self.who_in(who, Case::Gen)
            ),
            (Lang::Ru, false) => format!(
                "Штурм {space} армией {} ({rule})",
                self.who_in(who, Case::Gen)
            ),
        }
    }

    /// The rules in force in an assault or a subjugation, one line each: the sides, the
    /// Assault Table, the modifiers of the first attempt, the points, the attempts.
    fn siege_notes(
        &self,
        siege: &Siege,
        kind: crate::model::scenario::Kind,
        holder: &str,
        (points, slots): (u32, &[Slot]),
        first_mods: Option<Vec<String>>,
    ) -> Vec<String> {
        if self.lang == Lang::Ru {
            return self.siege_notes_ru(siege, kind, holder, (points, slots), first_mods);
        }
        let attempts = slots.len();
        let (space, needed, need_cus) = (siege.space, siege.needed, siege.need_cus);
        let subjugation = self.ask.kind == "subjugation";
        let mut notes = vec![
            format!(
                "attacker: {}; {}",
                siege.player,
                if subjugation {
                    "defender: the independents".to_string()
                } else {
                    format!("holder: {holder}")
                }
            ),
            format!(
                "1d{} on the Assault Table [A]: {}",
                self.sc.params.assault.die,
                self.assault_table().join("; ")
            ),
            format!(
                "modifiers (§1): {}",
                match &first_mods {
                    Some(m) if !m.is_empty() => m.join(", "),
                    _ => "none".into(),
                }
            ),
            format!(
                "{space} ({}) falls at {needed} siege points; {points} already there; its steps below are the points it still lacks (0: taken)",
                kind_words(kind, Lang::En)
            ),
            format!(
                "{attempts} attempt{} at most, as many a segment as §4 allows ({}): {}; none once the army has fewer than {need_cus} CUs",
                if attempts == 1 { "" } else { "s" },
                limits_words(&self.sc.params.attempts, Lang::En),
                slots_words(slots, Lang::En)
            ),
        ];
        if !siege.cards.is_empty() {
            let ids: Vec<&str> = siege.cards.iter().map(|(c, _)| c.as_str()).collect();
            let n = slots.iter().filter(|s| carded(**s)).count();
            notes.push(format!(
                "{} played in round 1's Tyche segment: in force to its end [A], on {n} of the attempts",
                ids.join(", ")
            ));
        }
        if subjugation {
            notes.push(format!(
                "subjugation needs an army of at least {need_cus} CUs (§3)"
            ));
        }
        notes
    }

    /// `siege_notes` in Russian, line for line.
    fn siege_notes_ru(
        &self,
        siege: &Siege,
        kind: crate::model::scenario::Kind,
        holder: &str,
        (points, slots): (u32, &[Slot]),
        first_mods: Option<Vec<String>>,
    ) -> Vec<String> {
        let ru = Lang::Ru;
        let (space, needed, need_cus) = (siege.space, siege.needed, siege.need_cus);
        let subjugation = self.ask.kind == "subjugation";
        let mut notes = vec![
            format!(
                "нападает: {}; {}",
                name_in(self.sc, siege.player, ru),
                if subjugation {
                    "защищаются: независимые".to_string()
                } else {
                    format!("владелец: {}", name_in(self.sc, holder, ru))
                }
            ),
            format!(
                "1d{} по таблице штурма [A]: {}",
                self.sc.params.assault.die,
                self.assault_table().join("; ")
            ),
            format!(
                "модификаторы (§1): {}",
                match &first_mods {
                    Some(m) if !m.is_empty() => m.join(", "),
                    _ => "нет".into(),
                }
            ),
            format!(
                "{space} ({}) падает, набрав очков осады: {needed}; уже есть: {points}; шаги зоны ниже — сколько очков ей ещё недостаёт (0: взята)",
                kind_words(kind, ru)
            ),
            format!(
                "попыток не больше {}, в каждом сегменте столько, сколько позволяет §4 ({}): {}; ни одной, когда в армии меньше {need_cus} БЧ",
                slots.len(),
                limits_words(&self.sc.params.attempts, ru),
                slots_words(slots, ru)
            ),
        ];
        if !siege.cards.is_empty() {
            let ids: Vec<&str> = siege.cards.iter().map(|(c, _)| c.as_str()).collect();
            let n = slots.iter().filter(|s| carded(**s)).count();
            notes.push(format!(
                "{} сыграна в сегменте Тихе 1-го раунда: действует до его конца [A], на {n} из попыток",
                ids.join(", ")
            ));
        }
        if subjugation {
            notes.push(format!(
                "для подчинения нужна армия хотя бы из {need_cus} БЧ (§3)"
            ));
        }
        notes
    }

    /// Who holds `space` against the army `a`: the independents for a subjugation (§3);
    /// for an assault the player holding it, or inside it, in the view (§1), else
    /// `defender`.
    fn holder(&self, space: &str, a: &Named, subjugation: bool) -> Result<String, String> {
        let holder = self.st.control(space).map(str::to_string);
        if subjugation {
            if self.from_view && holder.as_deref() != Some(INDEPENDENT) {
                return Err(format!(
                    "{space} holds no independent control marker in your view: subjugation is against independent spaces (§3); ask `assault`"
                ));
            }
            return Ok(INDEPENDENT.to_string());
        }
        Ok(match holder {
            Some(h) if h == INDEPENDENT => {
                return Err(format!(
                    "{space} is independent: its marker goes only by subjugation (§3); ask `subjugation`"
                ))
            }
            Some(h) if h != a.player => h,
            _ if self.from_view => {
                let inside = self
                    .st
                    .armies
                    .iter()
                    .find(|x| x.at == space && x.inside && x.player != a.player);
                match inside {
                    Some(x) => x.player.clone(),
                    None => {
                        return Err(format!(
                            "{space} is not held against {} in your view: there is nothing to assault (§1)",
                            a.player
                        ))
                    }
                }
            }
            _ => "defender".to_string(),
        })
    }

    /// §1: the besieger's fleets as `--with fleets=` gives them (−1 at a major port
    /// without a ready fleet); without a view and without it, the house's fleets at the
    /// start.
    fn fleets(&mut self, player: &str) -> Result<(), String> {
        match self.ask.get("fleets") {
            Some("ready") => {
                self.st
                    .fleets
                    .insert(player.to_string(), Fleets { count: 1, dispersed: 0 });
            }
            Some("none") => {
                self.st.fleets.remove(player);
            }
            Some(v) => {
                return Err(format!(
                    "--with fleets={v}: `ready` (a fleet not dispersed) or `none` (no fleet, or all dispersed)"
                ))
            }
            None if !self.from_view => {
                let start = self.sc.house(player).map(|h| h.fleets).unwrap_or(0);
                self.st.fleets.insert(
                    player.to_string(),
                    Fleets {
                        count: start,
                        dispersed: 0,
                    },
                );
            }
            None => {}
        }
        Ok(())
    }

    /// The Tyche cards `--with card=` plays, each with its assault modifier.
    fn cards(&self) -> Result<Vec<(String, i32)>, String> {
        let mut cards: Vec<(String, i32)> = Vec::new();
        for c in self.ask.all("card") {
            let card = self.sc.tyche.iter().find(|x| {
                x.id.eq_ignore_ascii_case(c.trim()) || x.name.eq_ignore_ascii_case(c.trim())
            });
            let with: Vec<&str> = self
                .sc
                .tyche
                .iter()
                .filter(|x| x.event.assault.is_some())
                .map(|x| x.id.as_str())
                .collect();
            match card {
                Some(x) => match x.event.assault {
                    Some(v) => {
                        if cards.iter().any(|(id, _)| *id == x.id) {
                            return Err(format!("--with card={c} is given twice"));
                        }
                        cards.push((x.id.clone(), v));
                    }
                    None => {
                        return Err(format!(
                            "--with card={c}: {} {} gives no assault modifier; cards that do: {}",
                            x.id,
                            x.name,
                            with.join(", ")
                        ))
                    }
                },
                None => {
                    return Err(format!(
                        "--with card={c}: no such Tyche card; cards with an assault modifier: {}",
                        with.join(", ")
                    ))
                }
            }
        }
        Ok(cards)
    }

    /// §4: the segment of the first attempt, `--with segment=`; by default the Tyche
    /// segment when a card is played (it is played there), else the Surrender segment
    /// (a round's first).
    fn first_segment(&self, card: bool) -> Result<Segment, String> {
        Ok(match self.ask.get("segment") {
            None if card => Segment::Tyche,
            None | Some("surrender") => Segment::Surrender,
            Some("tyche") => Segment::Tyche,
            Some("activation" | "maneuver") => Segment::Activation,
            Some(v) => {
                return Err(format!(
                    "--with segment={v}: the segment of the first attempt is `surrender`, `tyche` or `activation` (§4)"
                ))
            }
        })
    }

    /// §4: the chain of attempts from (CUs, points) `from`, one per slot, each from a
    /// (CUs, points) the chain reaches run once by the engine (`siege::attempt`, in the
    /// slot's segment); the cards' modifiers act only in the slots of the first round
    /// after the Surrender segment (played in its Tyche segment, in force to the round's
    /// end: the engine's `card_mods`). The ends as (CUs, points, taken) with their
    /// probabilities, and the modifiers of the first attempt with the cards (else the
    /// first) in words.
    fn attempts(
        &self,
        siege: &Siege,
        from: (u32, u32),
        slots: &[Slot],
    ) -> Result<(Chain, Option<Vec<String>>), String> {
        let base = self.st.clone();
        let mut dist: Chain = BTreeMap::new();
        dist.insert((from.0, from.1, false), Prob::one());
        let mut steps: Steps = BTreeMap::new();
        let mut first_mods: Option<Vec<String>> = None;
        let any_cards = slots.iter().any(|s| carded(*s)) && !siege.cards.is_empty();
        for &slot in slots {
            let with_cards = carded(slot) && !siege.cards.is_empty();
            let mut next: Chain = BTreeMap::new();
            for (k, p) in dist {
                let (cus, pts, taken) = k;
                if taken || cus < siege.need_cus {
                    dikast_core::odds::add(&mut next, k, p);
                    continue;
                }
                let key = (cus, pts, with_cards, slot.1);
                if let std::collections::btree_map::Entry::Vacant(e) = steps.entry(key) {
                    let mut mods = None;
                    e.insert(self.attempt(siege, &base, key, &mut mods)?);
                    if first_mods.is_none() && (with_cards || !any_cards) {
                        first_mods = mods;
                    }
                }
                for (k2, q) in steps.get(&key).into_iter().flatten() {
                    dikast_core::odds::add(&mut next, *k2, &p * q);
                }
            }
            dist = next;
        }
        Ok((dist, first_mods))
    }

    /// One attempt (§1, §3) from `base` with the army at `cus` CUs and the space at `pts`
    /// points, in segment `seg`, with the played cards or without: its ends as (CUs,
    /// points, taken); its modifiers go into `mods`.
    fn attempt(
        &self,
        siege: &Siege,
        base: &State,
        (cus, pts, with_cards, seg): (u32, u32, bool, Segment),
        mods: &mut Option<Vec<String>>,
    ) -> Result<Vec<(AttemptEnd, Prob)>, String> {
        let mut st = base.clone();
        if let Some(x) = st.army_mut(siege.general) {
            x.cus = cus;
            x.macedonians = x.macedonians.min(cus);
        }
        if let Some(s) = st.space_mut(siege.space) {
            s.siege_points = pts;
            s.besieger = (pts > 0).then(|| siege.player.to_string());
        }
        let ends = enumerate(self.sc, &st, |ctx| {
            for (c, v) in siege.cards.iter().filter(|_| with_cards) {
                ctx.card_mods
                    .entry((siege.player.to_string(), siege.space.to_string()))
                    .or_default()
                    .push((c.clone(), *v));
            }
            siege::attempt(ctx, siege.general, seg);
        })?;
        let mut t = Vec::new();
        for (end, events, q) in ends {
            let taken = events.iter().any(|e| matches!(e, Event::Captured { .. }));
            if mods.is_none() {
                *mods = events.iter().find_map(|e| match e {
                    Event::Assault { modifiers, .. } => Some(
                        modifiers
                            .iter()
                            .map(|m| modifier_words(self.sc, m, self.lang))
                            .collect::<Vec<_>>(),
                    ),
                    _ => None,
                });
            }
            let c = end.army(siege.general).map(|x| x.cus).unwrap_or(0);
            let pp = end.space(siege.space).map(|s| s.siege_points).unwrap_or(0);
            t.push(((c, if taken { siege.needed } else { pp }, taken), q));
        }
        Ok(t)
    }

    /// The Assault Table [A] in words, one range and result a row.
    fn assault_table(&self) -> Vec<String> {
        let mut lo = i32::MIN;
        let mut r = Vec::new();
        for row in &self.sc.params.assault.table {
            let from = if lo == i32::MIN {
                self.lang.pick("up to", "до").to_string()
            } else {
                format!("{}–", lo + 1)
            };
            let range = if lo == i32::MIN {
                format!("{from} {}", row.max)
            } else if row.max >= 99 {
                format!("{}+", lo + 1)
            } else {
                format!("{from}{}", row.max)
            };
            r.push(format!("{range}: {}", result_words(row.result, self.lang)));
            lo = row.max;
        }
        r
    }

    /// The besieging army a sally goes out against: `--defender`'s, else the enemy army
    /// besieging `space` in the view (without a view, a 1-CU `besieger`).
    fn besieger(&self, d: &[Named], space: &str, a: &Named) -> Result<Named, String> {
        Ok(match d {
            [] => {
                let found = self
                    .st
                    .armies
                    .iter()
                    .find(|x| x.at == space && !x.inside && x.player != a.player);
                match found {
                Some(x) => Named {
                    who: Who::General(x.general.clone()),
                    player: x.player.clone(),
                    cus: x.cus,
                    macedonians: x.macedonians,
                },
                None if !self.from_view => Named {
                    who: Who::General("besieger".into()),
                    player: "besieger".to_string(),
                    cus: 1,
                    macedonians: 0,
                },
                None => {
                    return Err(format!(
                        "no enemy army besieges {space} in your view: a sally goes out against the besieger (§6)"
                    ))
                }
            }
            }
            [b] if matches!(b.who, Who::General(_)) => b.clone(),
            _ => {
                return Err(
                    "a sally takes at most one besieging army with --defender (a player's)".into(),
                )
            }
        })
    }

    /// `sally`: each CU named sallies separately against the besieger (§6).
    fn sally(&mut self) -> Result<Odds, String> {
        if !self.sc.params.sallies {
            return Err("sudden sallies are an optional rule this scenario leaves out (§6)".into());
        }
        let space = self.at()?;
        let (a, d) = self.sides(false)?;
        let Who::General(g) = a.who.clone() else {
            return Err("independent armies do not sally".into());
        };
        let max_inside = self.sc.params.siege.max_inside;
        if a.cus == 0 || a.cus > max_inside {
            return Err(format!(
                "{} has {} CUs inside; an army inside holds 1 to {max_inside} (§2)",
                g, a.cus
            ));
        }
        let walls = self
            .sc
            .space(&space)
            .is_some_and(|s| self.sc.params.siege.walls.contains(&s.kind));
        if !walls {
            return Err(format!("{space} has no walls to be besieged in (§2)"));
        }
        let besieger = self.besieger(&d, &space, &a)?;
        let Who::General(bg) = besieger.who.clone() else {
            return Err("a sally goes out against a player's besieging army".into());
        };
        let current = self
            .st
            .space(&space)
            .filter(|s| s.besieger.as_deref() == Some(besieger.player.as_str()))
            .map(|s| s.siege_points)
            .unwrap_or(0);
        let needed = self
            .sc
            .space(&space)
            .map(|s| self.sc.params.siege.needed(s.kind))
            .unwrap_or(1);
        let points = number(self.ask, "points", 0, needed.saturating_sub(1))?.unwrap_or(current);
        let sallying = number(self.ask, "cus", 1, a.cus)?.unwrap_or(a.cus);
        self.st.armies.retain(|x| x.at != space);
        self.place(&a, &space, true);
        self.place(&besieger, &space, false);
        if let Some(s) = self.st.space_mut(&space) {
            s.control = Some(a.player.clone());
            s.siege_points = points;
            s.besieger = (points > 0).then(|| besieger.player.clone());
        }
        let mut standing = self.st.standing_of(&a.player);
        standing.sally.insert(space.clone(), sallying);
        self.st.standing.insert(a.player.clone(), standing);
        let ends = enumerate(self.sc, &self.st, |ctx| siege::sallies(ctx, &bg))?;
        let mut out: BTreeMap<EndKey, Prob> = BTreeMap::new();
        for (st, _, p) in ends {
            let cus = st.army(&g).map(|x| x.cus).unwrap_or(0);
            let pts = st.space(&space).map(|s| s.siege_points).unwrap_or(0);
            let lost = cus < a.cus;
            let gained = pts < points;
            let winner = match (gained, lost) {
                (true, false) => Some(a.player.clone()),
                (false, true) => Some(besieger.player.clone()),
                _ => None,
            };
            dikast_core::odds::add(&mut out, (winner, vec![cus, pts], vec![false, false]), p);
        }
        let blocks = vec![
            self.block(&a),
            BlockIn {
                id: format!("siege of {space}"),
                side: besieger.player.clone(),
                steps: points,
                rating: self.lang.pick(
                    format!("{points} siege points of {needed}"),
                    format!("очков осады: {points} из {needed}"),
                ),
            },
        ];
        let notes = self.sally_notes(sallying, &a, &besieger);
        finish(
            self.lang.pick(
                format!("Sallies from {space} (§6)"),
                format!("Вылазки из {space} (§6)"),
            ),
            notes,
            vec![a.player.clone(), besieger.player.clone()],
            blocks,
            out,
            self.lang.pick("gone from the space", "покинул зону"),
            self.ask.listed,
        )
    }

    /// The rules in force in a sally, one line each.
    fn sally_notes(&self, sallying: u32, a: &Named, besieger: &Named) -> Vec<String> {
        let die = self.sc.params.assault.die;
        match self.lang {
            Lang::En => vec![
                format!(
                    "sallying: {sallying} CU of {}; besieger: {} ({})",
                    who_name(&a.who),
                    who_name(&besieger.who),
                    besieger.player
                ),
                format!(
                    "each CU rolls 1d{die} on the Assault Table without modifiers (§6): a CU loss removes the sallying CU, a siege point removes one siege point (never below 0); the besieger never loses a CU"
                ),
                "the siege's steps are its siege points; the sallying side wins when points go and no CU is lost, the besieger when a CU is lost and no point goes".into(),
            ],
            Lang::Ru => vec![
                format!(
                    "в вылазку идут: {sallying} БЧ армии {}; осаждает: {} ({})",
                    self.who_in(&a.who, Case::Gen),
                    self.who_in(&besieger.who, Case::Nom),
                    name_in(self.sc, &besieger.player, Lang::Ru)
                ),
                format!(
                    "каждая БЧ бросает 1d{die} по таблице штурма без модификаторов (§6): потеря БЧ убирает вышедшую БЧ, очко осады снимает одно очко осады (не ниже 0); осаждающий никогда не теряет БЧ"
                ),
                "шаги осады — её очки осады; вышедшая сторона побеждает, когда очки сняты и ни одна БЧ не потеряна, осаждающий — когда БЧ потеряна и ни одно очко не снято".into(),
            ],
        }
    }

    /// `battle`, `avoid`, `intercept`: the attacker's army enters `--at` (or is there),
    /// the defenders react as the rules and their standing orders say, and fight.
    fn field(&mut self, kind: &str) -> Result<Odds, String> {
        let space = self.at()?;
        let (a, mut d) = self.sides(kind != "battle" || !self.from_view)?;
        if d.is_empty() {
            d = self.hostile_field(&space, &a)?;
        }
        let (title, rule, from) = self.set_up_field(kind, &space, &a, &d)?;
        // The defenders' own fields only: nobody else in the space or where they come from.
        let named: Vec<String> = std::iter::once(&a)
            .chain(d.iter())
            .map(|n| who_name(&n.who))
            .collect();
        let places = [space.clone(), from.clone()];
        self.st
            .armies
            .retain(|x| named.contains(&x.general) || !places.contains(&x.at));
        self.st
            .independents
            .retain(|x| named.contains(&x.id) || !places.contains(&x.at));
        let out = self.field_ends(kind, &space, &from, &a, &d)?;
        let all: Vec<&Named> = std::iter::once(&a).chain(d.iter()).collect();
        let blocks = all.iter().map(|n| self.block(n)).collect();
        let mut sides = vec![a.player.clone()];
        if let Some(x) = d.first() {
            sides.push(x.player.clone());
        }
        finish(
            title,
            self.field_notes(kind, &a, &d, &from, rule),
            sides,
            blocks,
            out,
            self.lang.pick(
                "retreated, avoided or gave way",
                "отступил, уклонился или уступил",
            ),
            self.ask.listed,
        )
    }

    /// From a view: the armies hostile to `a` in the field at `space`, as defenders.
    fn hostile_field(&self, space: &str, a: &Named) -> Result<Vec<Named>, String> {
        let party = match a.player.as_str() {
            INDEPENDENT => battle::Party::Independents,
            p => battle::Party::Player(p.to_string()),
        };
        let mut d = Vec::new();
        for w in battle::hostile_field(&self.st, space, &party) {
            let (player, cus, mac) = match &w {
                Who::General(g) => {
                    let x = self.st.army(g).cloned();
                    (
                        x.as_ref().map(|x| x.player.clone()).unwrap_or_default(),
                        x.as_ref().map(|x| x.cus).unwrap_or(0),
                        x.map(|x| x.macedonians).unwrap_or(0),
                    )
                }
                Who::Independent(i) => (
                    INDEPENDENT.to_string(),
                    self.st.independent(i).map(|x| x.cus).unwrap_or(0),
                    0,
                ),
            };
            d.push(Named {
                who: w,
                player,
                cus,
                macedonians: mac,
            });
        }
        if d.is_empty() {
            return Err(format!(
                "no enemy army stands in the field at {space} in your view; name the defenders with --defender"
            ));
        }
        Ok(d)
    }

    /// The space an army comes from into `space`: `--with from=` (a land neighbour),
    /// else where it stands when that is a neighbour, else the first neighbour.
    fn origin_of(&self, space: &str, now: Option<String>) -> Result<String, String> {
        let nbrs: Vec<String> = self
            .sc
            .land_neighbours(space)
            .iter()
            .map(|s| s.to_string())
            .collect();
        if let Some(f) = self.ask.get("from") {
            return nbrs
                .iter()
                .find(|n| n.eq_ignore_ascii_case(f.trim()))
                .cloned()
                .ok_or_else(|| {
                    format!(
                        "--with from={f}: not a land neighbour of {space}; its neighbours: {}",
                        nbrs.join(", ")
                    )
                });
        }
        if let Some(n) = now.filter(|n| nbrs.contains(n)) {
            return Ok(n);
        }
        nbrs.first()
            .cloned()
            .ok_or_else(|| format!("{space} has no land neighbour to come from"))
    }

    /// Places the armies of a `battle`, `avoid` or `intercept` (§7: the defender's
    /// standing order to avoid or intercept); its title, the rules it runs and the space
    /// the mover (or the interceptor) comes from.
    fn set_up_field(
        &mut self,
        kind: &str,
        space: &str,
        a: &Named,
        d: &[Named],
    ) -> Result<(String, &'static str, String), String> {
        Ok(match kind {
            "battle" => {
                let from = self.origin_of(space, now_at(a, &self.st))?;
                self.place(a, space, false);
                for x in d {
                    self.place(x, space, false);
                }
                (
                    self.lang
                        .pick(format!("Battle at {space}"), format!("Бой в {space}")),
                    self.lang.pick("the battle table [A]", "таблица боя [A]"),
                    from,
                )
            }
            "avoid" => {
                let [x] = d else {
                    return Err("`avoid` takes one defending army with --defender".into());
                };
                let Who::General(dg) = x.who.clone() else {
                    return Err("independent armies never avoid battle (§7)".into());
                };
                if x.cus == 0 {
                    return Err(format!(
                        "{dg} has no CUs: a lone general gives way without a roll [A]"
                    ));
                }
                let from = self.origin_of(space, now_at(a, &self.st))?;
                // As movement does: the mover stands in the space when the defenders react.
                self.place(a, space, false);
                self.place(x, space, false);
                let mut s = self.st.standing_of(&x.player);
                if !s.avoid_battle.contains(&dg) {
                    s.avoid_battle.push(dg.clone());
                }
                s.withdraw_inside = false;
                self.st.standing.insert(x.player.clone(), s);
                (
                    self.lang.pick(
                        format!("{dg} avoiding battle at {space}"),
                        format!(
                            "{} уклоняется от боя в {space}",
                            self.sc.general_ru(&dg, Case::Nom)
                        ),
                    ),
                    self.lang.pick(
                        "§7 avoid battle, then the battle table [A]",
                        "§7 уклонение от боя, затем таблица боя [A]",
                    ),
                    from,
                )
            }
            _ => {
                let [x] = d else {
                    return Err("`intercept` takes one intercepting army with --defender".into());
                };
                let Who::General(ig) = x.who.clone() else {
                    return Err("independent armies never intercept (§7)".into());
                };
                if x.cus == 0 {
                    return Err(format!("{ig} has no CUs: only an army intercepts"));
                }
                let from = self.origin_of(space, now_at(x, &self.st))?;
                self.place(a, space, false);
                self.place(x, &from, false);
                let mut s = self.st.standing_of(&x.player);
                if !s.intercept.contains(&ig) {
                    s.intercept.push(ig.clone());
                }
                self.st.standing.insert(x.player.clone(), s);
                (
                    self.lang.pick(
                        format!("{ig} intercepting at {space} from {from}"),
                        format!(
                            "{} перехватывает в {space} из {from}",
                            self.sc.general_ru(&ig, Case::Nom)
                        ),
                    ),
                    self.lang.pick(
                        "§7 interception, then the battle table [A]",
                        "§7 перехват, затем таблица боя [A]",
                    ),
                    from,
                )
            }
        })
    }

    /// The engine run once for every face of every die (`battle::fight`,
    /// `battle::on_entering`, `battle::interception`): each end as the winner, every
    /// army's CUs left and whether it left the space.
    fn field_ends(
        &self,
        kind: &str,
        space: &str,
        from: &str,
        a: &Named,
        d: &[Named],
    ) -> Result<BTreeMap<EndKey, Prob>, String> {
        let mover = a.who.clone();
        let defenders: Vec<Who> = d.iter().map(|n| n.who.clone()).collect();
        let ends = enumerate(self.sc, &self.st, |ctx| match kind {
            "battle" => {
                battle::fight(ctx, space, &mover, &defenders, Some(from));
            }
            "avoid" => {
                battle::on_entering(ctx, &mover, from, space);
            }
            _ => {
                battle::interception(ctx, &mover, space);
            }
        })?;
        let all: Vec<&Named> = std::iter::once(a).chain(d.iter()).collect();
        let mut out: BTreeMap<EndKey, Prob> = BTreeMap::new();
        for (st, events, p) in ends {
            let mut winner = None;
            for e in &events {
                if let Event::Battle {
                    attacker,
                    attacker_won,
                    defenders,
                    ..
                } = e
                {
                    let w = if *attacker_won {
                        attacker
                    } else {
                        defenders.first().unwrap_or(attacker)
                    };
                    winner = all.iter().find(|n| &n.who == w).map(|n| n.player.clone());
                }
            }
            let steps = all
                .iter()
                .map(|n| match &n.who {
                    Who::General(g) => st.army(g).map(|x| x.cus).unwrap_or(0),
                    Who::Independent(i) => st
                        .independent(i)
                        .filter(|x| !x.removed)
                        .map(|x| x.cus)
                        .unwrap_or(0),
                })
                .collect();
            let outs = all
                .iter()
                .map(|n| {
                    events.iter().any(|e| match (e, &n.who) {
                        (Event::Retreat { who, .. }, w) => who == w,
                        (Event::Avoid { to: Some(_), .. }, Who::General(_)) => {
                            d.iter().any(|x| x.who == n.who)
                        }
                        (Event::LoneGeneral { general, .. }, Who::General(g)) => general == g,
                        _ => false,
                    })
                })
                .collect();
            dikast_core::odds::add(&mut out, (winner, steps, outs), p);
        }
        Ok(out)
    }

    /// The rules in force in a field question, one line each.
    fn field_notes(
        &self,
        kind: &str,
        a: &Named,
        d: &[Named],
        from: &str,
        rule: &str,
    ) -> Vec<String> {
        let bp = &self.sc.params.battle;
        let defender = d.first().map(|x| x.player.as_str()).unwrap_or("");
        if self.lang == Lang::Ru {
            let n = |x: &str| name_in(self.sc, x, Lang::Ru);
            let mut notes = vec![
                format!("нападает: {}; защищается: {}", n(&a.player), n(defender)),
                format!(
                    "каждая сторона бросает 1d{} + боевое значение своего генерала (лучшего у защитников) + свои БЧ (не больше {}) + особые способности [A] + {} за каждую верную македонскую БЧ; больший итог побеждает, при равенстве — защитник",
                    bp.die, bp.cu_cap, bp.macedonian
                ),
                format!(
                    "проигравший теряет БЧ: {}, ещё {} при поражении на {} и больше; победитель теряет {}; проигравший отступает [A]",
                    bp.loser_loses, bp.rout_extra, bp.rout_margin, bp.winner_loses
                ),
            ];
            match kind {
                "avoid" => notes.push(format!(
                    "уклонение от боя: 1d6 не больше {} + способность генерала к уклонению — удача (§7 [A]); иначе бой",
                    bp.avoid_on
                )),
                "intercept" => notes.push(format!(
                    "перехват: 1d6 не больше {} + способность генерала к перехвату — удача (§7 [A]); перехватчик затем нападает из {from}",
                    bp.intercept_on
                )),
                _ => {}
            }
            notes.push(format!("правила: {rule}; если боя нет, не побеждает никто"));
            return notes;
        }
        let mut notes = vec![
            format!("attacker: {}; defender: {defender}", a.player),
            format!(
                "each side rolls 1d{} + its general's battle value (the best defender's) + its CUs (at most {}) + special powers [A] + {} per Loyal Macedonian CU; the higher total wins, a tie goes to the defender",
                bp.die, bp.cu_cap, bp.macedonian
            ),
            format!(
                "the loser loses {} CU, {} more when beaten by {} or more; the winner loses {}; the loser retreats [A]",
                bp.loser_loses, bp.rout_extra, bp.rout_margin, bp.winner_loses
            ),
        ];
        match kind {
            "avoid" => notes.push(format!(
                "avoiding battle: 1d6 at most {} + the general's avoid power succeeds (§7 [A]); else the battle is fought",
                bp.avoid_on
            )),
            "intercept" => notes.push(format!(
                "interception: 1d6 at most {} + the general's intercept power succeeds (§7 [A]); the interceptor then attacks from {from}",
                bp.intercept_on
            )),
            _ => {}
        }
        notes.push(format!(
            "rules: {rule}; nobody wins when no battle is fought"
        ));
        notes
    }
}

/// The ends of a siege's chain of attempts: the besieger `player` wins when the space is
/// taken; the army's steps are its CUs, the space's the points it still lacks of `needed`.
fn chain_ends(dist: Chain, player: &str, needed: u32) -> BTreeMap<EndKey, Prob> {
    let mut ends: BTreeMap<EndKey, Prob> = BTreeMap::new();
    for ((cus, pts, taken), p) in dist {
        let winner = taken.then(|| player.to_string());
        dikast_core::odds::add(
            &mut ends,
            (
                winner,
                vec![cus, needed - pts.min(needed)],
                vec![false, false],
            ),
            p,
        );
    }
    ends
}

/// Where an army stands in `st`, if on the map.
fn now_at(n: &Named, st: &State) -> Option<String> {
    match &n.who {
        Who::General(g) => st.army(g).map(|x| x.at.clone()),
        Who::Independent(i) => st.independent(i).map(|x| x.at.clone()),
    }
}

fn who_name(w: &Who) -> String {
    match w {
        Who::General(g) | Who::Independent(g) => g.clone(),
    }
}

fn kind_words(k: crate::model::scenario::Kind, lang: Lang) -> &'static str {
    use crate::model::scenario::Kind;
    match k {
        Kind::Minor => lang.pick("minor city", "второстепенный город"),
        Kind::Major => lang.pick("major city", "крупный город"),
        Kind::Fortress => lang.pick("fortress", "крепость"),
    }
}

fn result_words(r: AssaultResult, lang: Lang) -> &'static str {
    match r {
        AssaultResult::BesiegerLosesCu => {
            lang.pick("the besieger loses a CU", "осаждающий теряет БЧ")
        }
        AssaultResult::Nothing => lang.pick("no effect", "без результата"),
        AssaultResult::SiegePoint => lang.pick("+1 siege point", "+1 очко осады"),
    }
}

fn modifier_words(sc: &Scenario, m: &crate::model::events::Modifier, lang: Lang) -> String {
    use crate::model::events::Modifier;
    match (m, lang) {
        (Modifier::City(v), Lang::En) => format!("city {v:+}"),
        (Modifier::City(v), Lang::Ru) => format!("за город {v:+}"),
        (Modifier::PortWithoutFleet(v), Lang::En) => {
            format!("major port without a ready fleet {v:+}")
        }
        (Modifier::PortWithoutFleet(v), Lang::Ru) => {
            format!("крупный порт, нет готовых флотов {v:+}")
        }
        (Modifier::Card(c, v), Lang::En) => format!("card {c} {v:+}"),
        (Modifier::Card(c, v), Lang::Ru) => format!("карта {c} {v:+}"),
        (Modifier::General(g, v), Lang::En) => format!("{g}'s power {v:+}"),
        (Modifier::General(g, v), Lang::Ru) => {
            format!("особая способность {} {v:+}", sc.general_ru(g, Case::Gen))
        }
    }
}

/// The answer from its ends (winner, steps per block, out per block), through the core's
/// `Tally` over one common denominator, listing `listed` outcomes (`Query::listed`). The
/// one place an `Odds` is built here.
fn finish(
    title: String,
    notes: Vec<String>,
    sides: Vec<String>,
    blocks: Vec<BlockIn>,
    ends: BTreeMap<EndKey, Prob>,
    out_means: &str,
    listed: Option<usize>,
) -> Result<Odds, String> {
    let ends: Vec<(EndKey, Prob)> = ends.into_iter().filter(|(_, p)| !p.is_zero()).collect();
    let den = ends
        .iter()
        .fold(BigInt::one(), |d, (_, p)| lcm(&d, p.denom()));
    let to_uint = |n: BigInt| n.to_biguint().expect("a probability is not negative");
    let steps: Vec<u32> = blocks.iter().map(|b| b.steps).collect();
    let ends: Vec<(End, BigUint)> = ends
        .into_iter()
        .map(|((winner, steps, out), p)| {
            let n = p.numer() * (&den / p.denom());
            (End { winner, steps, out }, to_uint(n))
        })
        .collect();
    let tally = Tally::of_ends(&sides, &steps, ends, to_uint(den));
    Odds::from_tally(
        Frame {
            title,
            notes,
            sides,
            blocks,
            out_means: out_means.to_string(),
        },
        tally,
        listed,
    )
}

/// The least common multiple of two positive denominators (Euclid).
fn lcm(a: &BigInt, b: &BigInt) -> BigInt {
    let (mut x, mut y) = (a.clone(), b.clone());
    while !y.is_zero() {
        let r = &x % &y;
        x = y;
        y = r;
    }
    a / x * b
}

/// Every way the dice can fall when `run` acts on `st`: the end state, its events and its
/// exact probability. The engine is run once per end: each run forces the faces chosen so
/// far, and the first die it draws beyond them opens one branch per face.
pub fn enumerate<F>(sc: &Scenario, st: &State, run: F) -> Result<Vec<RunEnd>, String>
where
    F: Fn(&mut Ctx),
{
    let mut out = Vec::new();
    let mut stack: Vec<BTreeMap<String, Vec<u32>>> = vec![BTreeMap::new()];
    while let Some(forced) = stack.pop() {
        let dice = TurnDice::new([0u8; 32], None).with_forced(forced.clone());
        let mut ctx = Ctx::new(sc, st.clone(), &dice);
        run(&mut ctx);
        let mut open: Option<(String, u32)> = None;
        let mut p = Prob::one();
        for r in &ctx.records {
            let k = forced.get(&r.label).map(Vec::len).unwrap_or(0);
            if r.draws.len() > k {
                open = Some((r.label.clone(), r.draws[k].n));
                break;
            }
            for d in &r.draws {
                p /= Prob::from_integer(d.n.into());
            }
        }
        match open {
            None => {
                out.push((ctx.st, ctx.events, p));
                if out.len() > MAX_ENDS {
                    return Err(format!(
                        "this question has more than {MAX_ENDS} ends; ask a smaller one"
                    ));
                }
            }
            Some((label, sides)) => {
                for face in (1..=sides).rev() {
                    let mut f = forced.clone();
                    f.entry(label.clone()).or_default().push(face);
                    stack.push(f);
                }
            }
        }
    }
    Ok(out)
}

/// Each kind checked against a brute-force enumeration written from the rules page and
/// the scenario's numbers alone (plain arithmetic, no engine code): the odds must give
/// exactly the same ends with exactly the same probabilities.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::params::AssaultResult;
    use crate::model::scenario::{Kind, SUCCESSORS_323};
    use dikast_core::odds::ratio;

    fn sc() -> Scenario {
        serde_yaml::from_str(SUCCESSORS_323).unwrap()
    }

    fn ask(kind: &str, args: &[(&str, &str)]) -> Ask {
        Ask {
            kind: kind.into(),
            args: args
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            // Every outcome: the tests compare the whole joint table.
            listed: None,
        }
    }

    fn ends(o: &Odds) -> BTreeMap<EndKey, Prob> {
        let total = o.outcomes.iter().fold(Prob::zero(), |a, x| a + &x.p);
        assert_eq!(total, Prob::one(), "{}: the ends sum to 1", o.title);
        o.outcomes
            .iter()
            .map(|x| {
                (
                    (x.winner.clone(), x.steps.clone(), x.out.clone()),
                    x.p.clone(),
                )
            })
            .collect()
    }

    /// The Assault Table as the scenario prints it: the first row whose `max` is not
    /// below the modified roll, the last row above them all.
    fn table(sc: &Scenario, total: i32) -> AssaultResult {
        for r in &sc.params.assault.table {
            if total <= r.max {
                return r.result;
            }
        }
        sc.params.assault.table.last().unwrap().result
    }

    fn sixth() -> Prob {
        ratio(1, 6)
    }

    /// Attempts by an army of `cus` at `points`, the modifier of each in `mods` (one an
    /// attempt): every sequence of faces.
    #[allow(clippy::too_many_arguments)]
    fn brute_siege(
        sc: &Scenario,
        mods: &[i32],
        cus: u32,
        points: u32,
        needed: u32,
        need_cus: u32,
        p: Prob,
        player: &str,
        out: &mut BTreeMap<EndKey, Prob>,
    ) {
        let taken = points >= needed;
        let Some((&m, rest)) = mods.split_first() else {
            return brute_siege_end(out, (cus, points, needed), taken, p, player);
        };
        if taken || cus < need_cus {
            return brute_siege_end(out, (cus, points, needed), taken, p, player);
        }
        for face in 1..=6 {
            let (c, pt) = match table(sc, face + m) {
                AssaultResult::BesiegerLosesCu => (cus - 1, points),
                AssaultResult::Nothing => (cus, points),
                AssaultResult::SiegePoint => (cus, points + 1),
            };
            brute_siege(sc, rest, c, pt, needed, need_cus, &p * sixth(), player, out);
        }
    }

    fn brute_siege_end(
        out: &mut BTreeMap<EndKey, Prob>,
        (cus, points, needed): (u32, u32, u32),
        taken: bool,
        p: Prob,
        player: &str,
    ) {
        let w = taken.then(|| player.to_string());
        dikast_core::odds::add(
            out,
            (
                w,
                vec![cus, needed - points.min(needed)],
                vec![false, false],
            ),
            p,
        );
    }

    #[test]
    fn assault_rolls_with_every_modifier_agree_with_brute_force() {
        let sc = sc();
        let mut cases = 0;
        for space in ["Sardis", "Athens", "Ephesus", "Sparta", "Corinth"] {
            let sp = sc.space(space).unwrap().clone();
            for fleets in ["ready", "none"] {
                for cards in [&[][..], &["T14"][..], &["T49"][..], &["T14", "T49"][..]] {
                    for (general, power) in [("Antipatros", 0), ("Demetrios", 2)] {
                        for attempts in [1u32, 3, 6] {
                            let army = format!("{general}=3");
                            let n = attempts.to_string();
                            let mut args = vec![
                                ("at", space),
                                ("attacker", army.as_str()),
                                ("fleets", fleets),
                                ("attempts", n.as_str()),
                            ];
                            for c in cards {
                                args.push(("card", c));
                            }
                            let o = odds(&sc, None, &ask("assault", &args)).unwrap();
                            let mut m = sp.assault + power;
                            if sp.kind == Kind::Major && sp.port && fleets == "none" {
                                m += sc.params.assault.port_without_fleet;
                            }
                            let mut card = 0;
                            card += if cards.contains(&"T14") { 1 } else { 0 };
                            card += if cards.contains(&"T49") { 3 } else { 0 };
                            // §4 from the page: a card is played in the Tyche segment, the
                            // first attempt's; the round goes on with 2 in the Tyche and 2
                            // in the Activation segment, then 1 Surrender, 2 Tyche and 2
                            // Activation a round. The card acts in its own round only.
                            let mods: Vec<i32> = (0..attempts)
                                .map(|i| m + if i < 4 { card } else { 0 })
                                .collect();
                            let needed = sc.params.siege.needed(sp.kind);
                            let player = o.sides[0].clone();
                            let mut want = BTreeMap::new();
                            brute_siege(
                                &sc,
                                &mods,
                                3,
                                0,
                                needed,
                                1,
                                Prob::one(),
                                &player,
                                &mut want,
                            );
                            assert_eq!(
                                ends(&o),
                                want,
                                "{space} {fleets} {cards:?} {general} x{attempts}"
                            );
                            cases += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(cases, 240);
    }

    /// §4 segment by segment: from each first segment, with Traitor in the City (+3) or
    /// without, N attempts go 1 Surrender, 2 Tyche, 2 Activation a round, and the card acts
    /// only after the Surrender segment of the first round, as a brute force over the
    /// page's list of segments gives it.
    #[test]
    fn within_n_attempts_follows_the_segments_of_section_4() {
        use Segment::*;
        let sc = sc();
        let round = [Surrender, Tyche, Tyche, Activation, Activation];
        for (first, word) in [
            (Surrender, "surrender"),
            (Tyche, "tyche"),
            (Activation, "activation"),
        ] {
            for n in [1u32, 2, 4, 7] {
                // The page's order: the first round from `first`, then whole rounds.
                let page: Vec<(u32, Segment)> = (0..3)
                    .flat_map(|r| round.iter().map(move |s| (r, *s)))
                    .filter(|(r, s)| *r > 0 || *s >= first)
                    .take(n as usize)
                    .collect();
                assert_eq!(schedule(&sc.params.attempts, first, n), page, "{word} x{n}");
                for card in [None, Some("T49")] {
                    let nn = n.to_string();
                    let mut args = vec![
                        ("at", "Corinth"),
                        ("attacker", "Antipatros=4"),
                        ("attempts", nn.as_str()),
                        ("segment", word),
                    ];
                    args.extend(card.map(|c| ("card", c)));
                    let o = odds(&sc, None, &ask("assault", &args)).unwrap();
                    let sp = sc.space("Corinth").unwrap();
                    let mods: Vec<i32> = page
                        .iter()
                        .map(|(r, s)| {
                            let on = card.is_some() && *r == 0 && *s != Surrender;
                            sp.assault + if on { 3 } else { 0 }
                        })
                        .collect();
                    let mut want = BTreeMap::new();
                    let needed = sc.params.siege.needed(sp.kind);
                    brute_siege(
                        &sc,
                        &mods,
                        4,
                        0,
                        needed,
                        1,
                        Prob::one(),
                        &o.sides[0],
                        &mut want,
                    );
                    assert_eq!(ends(&o), want, "{word} x{n} {card:?}");
                }
            }
        }
        // A round's cap below its segments' sum stops the round early.
        let mut p = sc.params.attempts.clone();
        p.round = 3;
        assert_eq!(
            schedule(&p, Surrender, 4),
            vec![(0, Surrender), (0, Tyche), (0, Tyche), (1, Surrender)]
        );
        let e = odds(
            &sc,
            None,
            &ask(
                "assault",
                &[
                    ("at", "Corinth"),
                    ("attacker", "Antipatros=4"),
                    ("segment", "winter"),
                ],
            ),
        )
        .unwrap_err();
        assert!(
            e.contains("`surrender`, `tyche` or `activation` (§4)"),
            "{e}"
        );
    }

    #[test]
    fn subjugation_within_n_attempts_agrees_with_brute_force_and_stops_below_three_cus() {
        let sc = sc();
        for (space, cus, points) in [
            ("Lamia", 3, 0),
            ("Lamia", 4, 2),
            ("Larissa", 3, 0),
            ("Sardis", 5, 1),
        ] {
            for n in 1..=4u32 {
                let army = format!("Krateros={cus}");
                let pts = points.to_string();
                let nn = n.to_string();
                let o = odds(
                    &sc,
                    None,
                    &ask(
                        "subjugation",
                        &[
                            ("at", space),
                            ("attacker", &army),
                            ("points", &pts),
                            ("attempts", &nn),
                        ],
                    ),
                )
                .unwrap();
                let sp = sc.space(space).unwrap();
                let needed = sc.params.siege.needed(sp.kind);
                let mut want = BTreeMap::new();
                brute_siege(
                    &sc,
                    &vec![sp.assault; n as usize],
                    cus,
                    points,
                    needed,
                    sc.params.siege.subjugation_cus,
                    Prob::one(),
                    &o.sides[0],
                    &mut want,
                );
                assert_eq!(ends(&o), want, "{space} {cus} CUs from {points} x{n}");
            }
        }
        // Fewer CUs than subjugation needs: refused, with the rule.
        let e = odds(
            &sc,
            None,
            &ask(
                "subjugation",
                &[("at", "Lamia"), ("attacker", "Krateros=2")],
            ),
        )
        .unwrap_err();
        assert!(e.contains("at least 3 CUs (§3)"), "{e}");
    }

    #[test]
    fn sallies_agree_with_brute_force() {
        let sc = sc();
        for cus in 1..=2u32 {
            for points in 0..=2u32 {
                for sallying in 1..=cus {
                    let army = format!("Seleukos={cus}");
                    let (p, s) = (points.to_string(), sallying.to_string());
                    let o = odds(
                        &sc,
                        None,
                        &ask(
                            "sally",
                            &[
                                ("at", "Sardis"),
                                ("attacker", &army),
                                ("points", &p),
                                ("cus", &s),
                            ],
                        ),
                    )
                    .unwrap();
                    let me = o.sides[0].clone();
                    let them = o.sides[1].clone();
                    let mut want: BTreeMap<EndKey, Prob> = BTreeMap::new();
                    let mut paths = vec![(cus, points, 0u32, Prob::one())];
                    while let Some((c, pt, done, p)) = paths.pop() {
                        if done == sallying || c == 0 {
                            let w = match (pt < points, c < cus) {
                                (true, false) => Some(me.clone()),
                                (false, true) => Some(them.clone()),
                                _ => None,
                            };
                            dikast_core::odds::add(
                                &mut want,
                                (w, vec![c, pt], vec![false, false]),
                                p,
                            );
                            continue;
                        }
                        for face in 1..=6 {
                            let (c2, p2) = match table(&sc, face) {
                                AssaultResult::BesiegerLosesCu => (c - 1, pt),
                                AssaultResult::SiegePoint => (c, pt.saturating_sub(1)),
                                AssaultResult::Nothing => (c, pt),
                            };
                            paths.push((c2, p2, done + 1, &p * sixth()));
                        }
                    }
                    assert_eq!(
                        ends(&o),
                        want,
                        "{cus} CUs, {points} points, {sallying} sally"
                    );
                }
            }
        }
    }

    /// One battle's ends: `a` attacks `d` (`(battle value + power, cus, macedonians,
    /// independent)`), from the battle table's numbers.
    fn brute_battle(
        sc: &Scenario,
        a: (i32, u32, u32, bool),
        d: (i32, u32, u32, bool),
        names: (&str, &str),
        p0: Prob,
        out: &mut BTreeMap<EndKey, Prob>,
    ) {
        let bp = &sc.params.battle;
        for x in 1..=6i32 {
            for y in 1..=6i32 {
                let at = x + a.0 + a.1.min(bp.cu_cap) as i32 + a.2.min(a.1) as i32 * bp.macedonian;
                let de = y + d.0 + d.1.min(bp.cu_cap) as i32 + d.2.min(d.1) as i32 * bp.macedonian;
                let won = at > de;
                let loss = bp.loser_loses
                    + if (at - de).abs() >= bp.rout_margin {
                        bp.rout_extra
                    } else {
                        0
                    };
                let (la, ld) = if won {
                    (bp.winner_loses, loss)
                } else {
                    (loss, bp.winner_loses)
                };
                let (ca, cd) = (a.1.saturating_sub(la), d.1.saturating_sub(ld));
                // The loser retreats, unless an independent army is destroyed.
                let out_a = !(won || a.3 && ca == 0);
                let out_d = won && !(d.3 && cd == 0);
                let w = if won { names.0 } else { names.1 };
                dikast_core::odds::add(
                    out,
                    (Some(w.to_string()), vec![ca, cd], vec![out_a, out_d]),
                    &p0 * ratio(1, 36),
                );
            }
        }
    }

    #[test]
    fn battles_agree_with_brute_force() {
        let sc = sc();
        // (attacker word, its value with power, defender word, its value with power)
        let cases = [
            (
                "Krateros=4",
                (4, 4, 0, false),
                "Seleukos=3",
                (3, 3, 0, false),
            ),
            (
                "Antipatros=7/2",
                (2, 7, 2, false),
                "Ptolemaios=1",
                (3, 1, 0, false),
            ),
            ("Eumenes=2", (3, 2, 0, false), "scythians", (1, 4, 0, true)),
            (
                "Leonnatos=1",
                (2, 1, 0, false),
                "Seleukos=6/6",
                (3, 6, 6, false),
            ),
            ("3", (0, 3, 0, false), "2", (0, 2, 0, false)),
        ];
        for (aw, av, dw, dv) in cases {
            let o = odds(
                &sc,
                None,
                &ask(
                    "battle",
                    &[("at", "Sardis"), ("attacker", aw), ("defender", dw)],
                ),
            )
            .unwrap();
            let mut want = BTreeMap::new();
            brute_battle(
                &sc,
                av,
                dv,
                (&o.sides[0], &o.sides[1]),
                Prob::one(),
                &mut want,
            );
            assert_eq!(ends(&o), want, "{aw} v {dw}");
        }
    }

    #[test]
    fn avoid_and_interception_agree_with_brute_force() {
        let sc = sc();
        let bp = sc.params.battle.clone();
        // Avoid: Eumenes (+2) and Seleukos (none), attacked by Krateros.
        for (dw, dv, bonus) in [
            ("Eumenes=3", (3, 3, 0, false), 2u32),
            ("Seleukos=3", (3, 3, 0, false), 0),
        ] {
            let o = odds(
                &sc,
                None,
                &ask(
                    "avoid",
                    &[
                        ("at", "Sardis"),
                        ("attacker", "Krateros=4"),
                        ("defender", dw),
                    ],
                ),
            )
            .unwrap();
            let ok = (bp.avoid_on + bonus).min(6) as u64;
            let mut want = BTreeMap::new();
            if ok > 0 {
                dikast_core::odds::add(
                    &mut want,
                    (None, vec![4, 3], vec![false, true]),
                    ratio(ok, 6),
                );
            }
            if ok < 6 {
                brute_battle(
                    &sc,
                    (4, 4, 0, false),
                    dv,
                    (&o.sides[0], &o.sides[1]),
                    ratio(6 - ok, 6),
                    &mut want,
                );
            }
            assert_eq!(ends(&o), want, "avoid {dw}");
        }
        // Interception: Peithon (+1) and Ptolemaios (none) intercept Krateros; the
        // interceptor attacks.
        for (iw, iv, bonus) in [
            ("Peithon=3", (1, 3, 0, false), 1u32),
            ("Ptolemaios=2", (2, 2, 0, false), 0),
        ] {
            let o = odds(
                &sc,
                None,
                &ask(
                    "intercept",
                    &[
                        ("at", "Sardis"),
                        ("attacker", "Krateros=4"),
                        ("defender", iw),
                    ],
                ),
            )
            .unwrap();
            let ok = (bp.intercept_on + bonus).min(6) as u64;
            let mut want = BTreeMap::new();
            dikast_core::odds::add(
                &mut want,
                (None, vec![4, iv.1], vec![false, false]),
                ratio(6 - ok, 6),
            );
            // The battle with the interceptor attacking, blocks listed mover first.
            let mut fight = BTreeMap::new();
            brute_battle(
                &sc,
                (iv.0, iv.1, 0, false),
                (3, 4, 0, false),
                (&o.sides[1], &o.sides[0]),
                ratio(ok, 6),
                &mut fight,
            );
            for ((w, s, out), p) in fight {
                dikast_core::odds::add(&mut want, (w, vec![s[1], s[0]], vec![out[1], out[0]]), p);
            }
            assert_eq!(ends(&o), want, "intercept {iw}");
        }
    }

    #[test]
    fn questions_out_of_bounds_or_misnamed_are_refused_with_a_hint() {
        let sc = sc();
        let refused = |kind: &str, args: &[(&str, &str)], says: &str| {
            let e = odds(&sc, None, &ask(kind, args)).unwrap_err();
            assert!(e.contains(says), "{kind} {args:?}: {e}");
        };
        refused("asault", &[], "did you mean assault?");
        refused(
            "assault",
            &[("at", "Sardes"), ("attacker", "Krateros=3")],
            "did you mean Sardis?",
        );
        refused(
            "assault",
            &[("at", "Sardis"), ("attacker", "Kratros=3")],
            "did you mean Krateros?",
        );
        refused(
            "assault",
            &[("at", "Sardis"), ("attacker", "Krateros")],
            "give Krateros's CUs",
        );
        refused(
            "assault",
            &[("at", "Sardis"), ("attacker", "Krateros=31")],
            "at most 30",
        );
        refused(
            "assault",
            &[
                ("at", "Sardis"),
                ("attacker", "Krateros=3"),
                ("attempts", "26"),
            ],
            "from 1 to 25",
        );
        refused(
            "assault",
            &[
                ("at", "Sardis"),
                ("attacker", "Krateros=3"),
                ("points", "3"),
            ],
            "from 0 to 2",
        );
        refused(
            "assault",
            &[
                ("at", "Sardis"),
                ("attacker", "Krateros=3"),
                ("card", "T02"),
            ],
            "gives no assault modifier",
        );
        refused(
            "assault",
            &[
                ("at", "Sardis"),
                ("attacker", "Krateros=3"),
                ("atempts", "2"),
            ],
            "did you mean attempts?",
        );
        refused(
            "assault",
            &[("attacker", "Krateros=3")],
            "give the space with --at",
        );
        refused(
            "sally",
            &[("at", "Sardis"), ("attacker", "Seleukos=3")],
            "an army inside holds 1 to 2",
        );
        refused(
            "sally",
            &[("at", "Sparta"), ("attacker", "Seleukos=2")],
            "no walls",
        );
        refused(
            "battle",
            &[
                ("at", "Sardis"),
                ("attacker", "Krateros=3"),
                ("defender", "Antipatros=2"),
            ],
            "same side",
        );
        refused(
            "avoid",
            &[
                ("at", "Sardis"),
                ("attacker", "Krateros=3"),
                ("defender", "scythians"),
            ],
            "never avoid",
        );
        refused(
            "intercept",
            &[
                ("at", "Sardis"),
                ("attacker", "Krateros=3"),
                ("defender", "Peithon=2"),
                ("from", "Babylon"),
            ],
            "not a land neighbour",
        );
    }
}
