//! The Successors scenario as data: map, armies, houses, lineups and the Tyche deck.
//!
//! Everything the rules page does not state lives here (and in `params`), so a moderator
//! changes it by editing a scenario file, never the code. `problems` checks that a
//! scenario is playable before any campaign starts from it.

pub use super::kind::Kind;
use super::kind::INDEPENDENT;
use super::params::Params;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The embedded 323 BC scenario.
pub const SUCCESSORS_323: &str = include_str!("successors-323.yaml");

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub rules: String,
    pub scenario: String,
    pub title: String,
    pub title_ru: String,
    pub params: Params,
    pub regions: Vec<Region>,
    pub spaces: Vec<Space>,
    pub land: Vec<[String; 2]>,
    pub straits: Vec<Strait>,
    pub seas: Vec<Sea>,
    pub boxes: Vec<OffMapBox>,
    pub independents: Vec<Independent>,
    pub generals: Vec<General>,
    pub houses: Vec<House>,
    /// The Russian case forms of generals' and houses' names, by nominative: genitive,
    /// dative, accusative, instrumental, prepositional (a name without forms stays in
    /// the nominative).
    #[serde(default)]
    pub declension_ru: BTreeMap<String, [String; 5]>,
    pub independent_control: Vec<String>,
    /// The independents' colour on the map (`#rrggbb`): their armies and markers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub independent_colour: Option<String>,
    pub lineups: BTreeMap<u32, BTreeMap<String, Vec<String>>>,
    pub tyche: Vec<Card>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Region {
    pub id: String,
    pub name_ru: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Space {
    pub id: String,
    pub region: String,
    pub kind: Kind,
    #[serde(default)]
    pub port: bool,
    /// The city's own assault modifier (§1).
    pub assault: i32,
    pub xy: [i32; 2],
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strait {
    pub id: String,
    pub name_ru: String,
    pub a: String,
    pub b: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sea {
    pub id: String,
    pub name_ru: String,
    pub xy: [i32; 2],
    pub ports: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffMapBox {
    pub id: String,
    pub name_ru: String,
    pub xy: [i32; 2],
    pub enters: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Independent {
    pub id: String,
    pub name: String,
    pub name_ru: String,
    pub cus: u32,
    pub battle: i32,
    /// A space or an off-map box.
    pub start: String,
    /// §7: the regions it may move in (empty: anywhere).
    #[serde(default)]
    pub regions: Vec<String>,
    /// §7 (Colonists): every move ends further west (smaller x) than it began.
    #[serde(default)]
    pub westward: bool,
    /// §7 (Colonists): removed from play on reaching one of these regions.
    #[serde(default)]
    pub removed_in: Vec<String>,
    #[serde(default)]
    pub assumed: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct General {
    pub id: String,
    pub name_ru: String,
    pub battle: i32,
    pub action_points: u32,
    /// §8: each general's special power [A].
    #[serde(default)]
    pub power: Power,
    /// §8: not in play at the start; a player may buy him with a card's OPs.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reserve: bool,
}

/// §8: a general's special power [A], as numbers (0: none of that kind).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Power {
    /// Added to his side's total when his army attacks.
    #[serde(default)]
    pub attack: i32,
    /// Added to his side's total when his army is attacked.
    #[serde(default)]
    pub defence: i32,
    /// Added to his army's assault and subjugation rolls (§1).
    #[serde(default)]
    pub assault: i32,
    /// Added to the avoid-battle number of his army (§7).
    #[serde(default)]
    pub avoid: u32,
    /// Added to the interception number of his army (§7).
    #[serde(default)]
    pub intercept: u32,
    /// Legitimacy his player gains at the end of each game turn while he is in play.
    #[serde(default)]
    pub legitimacy: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartArmy {
    pub general: String,
    pub at: String,
    pub cus: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct House {
    pub id: String,
    pub name: String,
    pub name_ru: String,
    pub armies: Vec<StartArmy>,
    pub control: Vec<String>,
    pub fleets: u32,
    /// §8 [A]: the house's Legitimacy at the start.
    #[serde(default)]
    pub legitimacy: u32,
    /// Its colour on the map (`#rrggbb`); a player's armies and markers take the colour
    /// of his first house. Presentation only, no rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardKind {
    Event,
    Bonus,
    Surprise,
}

/// What a card's event does, as far as dikast resolves it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardEvent {
    /// §1: a modifier to the player's assault rolls against the space named with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assault: Option<i32>,
    /// §7: activates this independent army.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activate: Option<String>,
    /// §8 [A]: Legitimacy the player gains.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub legitimacy: u32,
    /// §8 [A]: this many ready fleets of every other player are dispersed.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub disperse: u32,
    /// §8 [A]: the player's dispersed fleets regroup.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub regroup: bool,
    /// §8 [A]: free mercenary CUs for the player's army in the space named (`target:`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cus: u32,
    /// §8 [P] (the Mercenaries cards): the `cus` go only to a space of these regions
    /// that the player controls.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<String>,
    /// §8 [P] (Diplomacy): the minor city named (`target:`), independent or an
    /// enemy's and with no CUs in it, comes under the player's control.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub diplomacy: bool,
    /// §8 [P] (Epidemic): the largest army in the space named (`target:`), anyone's,
    /// suffers attrition; [A] it loses this many CUs (the Attrition Table is not public).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub epidemic: u32,
    /// §8 [P] (Minor Raid): the control marker (independent or an enemy's) of the minor
    /// city named (`target:`) is removed; the city lies within this many land steps of
    /// one of the player's armies ([A]: the public text is cut before its reference).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub raid: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl CardEvent {
    /// Whether the event acts on a space the player names (`target:`).
    pub fn needs_target(&self) -> bool {
        self.assault.is_some()
            || self.cus > 0
            || self.diplomacy
            || self.epidemic > 0
            || self.raid > 0
    }
    /// Whether the card has an event dikast resolves.
    pub fn any(&self) -> bool {
        *self != CardEvent::default()
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub id: String,
    pub kind: CardKind,
    pub ops: u32,
    pub name: String,
    pub name_ru: String,
    #[serde(default)]
    pub event: CardEvent,
    /// §8: no public source gives the card's text, so it has no Event dikast could
    /// resolve: `check` refuses it for its Event (play it for its OPs, or discard a
    /// Surprise). A moderator who owns the card writes its `event:` in a copy of the
    /// scenario and drops the mark.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unpublished: bool,
    #[serde(default)]
    pub assumed: Vec<String>,
}

/// A Russian grammatical case, for names declined inside Russian sentences.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    Nom,
    Gen,
    Dat,
    Acc,
    Ins,
    Loc,
}

impl Case {
    /// The case by the short names `kit::tr` forms use (`gen`, `dat`, …).
    pub fn by_name(s: &str) -> Option<Case> {
        Some(match s {
            "nom" => Case::Nom,
            "gen" => Case::Gen,
            "dat" => Case::Dat,
            "acc" => Case::Acc,
            "ins" => Case::Ins,
            "loc" => Case::Loc,
            _ => return None,
        })
    }
}

impl Scenario {
    /// A Russian nominative in `case`, from `declension_ru` (itself when it has no forms).
    pub fn declined(&self, nominative: &str, case: Case) -> String {
        let i = match case {
            Case::Nom => return nominative.to_string(),
            Case::Gen => 0,
            Case::Dat => 1,
            Case::Acc => 2,
            Case::Ins => 3,
            Case::Loc => 4,
        };
        self.declension_ru
            .get(nominative)
            .map(|f| f[i].clone())
            .unwrap_or_else(|| nominative.to_string())
    }

    /// A general's Russian name in `case` (his id when the scenario has no such general).
    pub fn general_ru(&self, id: &str, case: Case) -> String {
        match self.general(id) {
            Some(g) => self.declined(&g.name_ru, case),
            None => id.to_string(),
        }
    }

    /// A house's (a player's) Russian name in `case`, by its id.
    pub fn house_ru(&self, id: &str, case: Case) -> String {
        match self.house(id) {
            Some(h) => self.declined(&h.name_ru, case),
            None => id.to_string(),
        }
    }

    pub fn space(&self, id: &str) -> Option<&Space> {
        self.spaces.iter().find(|s| s.id == id)
    }
    pub fn general(&self, id: &str) -> Option<&General> {
        self.generals.iter().find(|g| g.id == id)
    }
    pub fn card(&self, id: &str) -> Option<&Card> {
        self.tyche.iter().find(|c| c.id == id)
    }
    pub fn independent(&self, id: &str) -> Option<&Independent> {
        self.independents.iter().find(|i| i.id == id)
    }
    pub fn off_box(&self, id: &str) -> Option<&OffMapBox> {
        self.boxes.iter().find(|b| b.id == id)
    }
    pub fn house(&self, id: &str) -> Option<&House> {
        self.houses.iter().find(|h| h.id == id)
    }
    pub fn region_ru(&self, id: &str) -> String {
        self.regions
            .iter()
            .find(|r| r.id == id)
            .map(|r| r.name_ru.clone())
            .unwrap_or_else(|| id.to_string())
    }

    /// The players at `n` players, in the fixed order of the lineup.
    pub fn players(&self, n: u32) -> Vec<String> {
        self.lineup(n).keys().cloned().collect()
    }

    /// The lineup at `n` players.
    pub fn lineup(&self, n: u32) -> BTreeMap<String, Vec<String>> {
        self.lineups.get(&n).cloned().unwrap_or_default()
    }

    /// The houses a player holds at `n` players.
    pub fn houses_of(&self, n: u32, player: &str) -> Vec<&House> {
        self.lineup(n)
            .get(player)
            .map(|hs| hs.iter().filter_map(|h| self.house(h)).collect())
            .unwrap_or_default()
    }

    /// Land neighbours (roads and straits), in scenario order.
    pub fn land_neighbours(&self, id: &str) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for [a, b] in &self.land {
            if a == id {
                out.push(b);
            } else if b == id {
                out.push(a);
            }
        }
        for s in &self.straits {
            if s.a == id {
                out.push(&s.b);
            } else if s.b == id {
                out.push(&s.a);
            }
        }
        out
    }

    /// Whether `a` and `b` are joined by land (a road or a strait).
    pub fn land_adjacent(&self, a: &str, b: &str) -> bool {
        self.land_neighbours(a).contains(&b)
    }

    /// The strait between `a` and `b`, if the step crosses one.
    pub fn strait(&self, a: &str, b: &str) -> Option<&Strait> {
        self.straits
            .iter()
            .find(|s| (s.a == a && s.b == b) || (s.a == b && s.b == a))
    }

    /// Whether a sea move joins two ports (ports of one sea).
    pub fn sea_adjacent(&self, a: &str, b: &str) -> bool {
        a != b
            && self
                .seas
                .iter()
                .any(|s| s.ports.iter().any(|p| p == a) && s.ports.iter().any(|p| p == b))
    }

    /// The x coordinate of a space or box (the Colonists' "west").
    pub fn x_of(&self, place: &str) -> Option<i32> {
        self.space(place)
            .map(|s| s.xy[0])
            .or_else(|| self.off_box(place).map(|b| b.xy[0]))
    }

    /// What loading refuses in a parsed scenario: another game's (its `rules` is not
    /// `id`, this game's), or any of its `problems`.
    pub fn refused(&self, id: &str) -> Vec<String> {
        if self.rules != id {
            return vec![format!(
                "this scenario is for `{}`, not successors",
                self.rules
            )];
        }
        self.problems()
    }

    /// Every problem that makes the scenario unplayable.
    pub fn problems(&self) -> Vec<String> {
        let mut p = Vec::new();
        self.colour_problems(&mut p);
        self.map_problems(&mut p);
        let generals = self.house_problems(&mut p);
        for c in &self.independent_control {
            self.known(c, "independent_control", &mut p);
        }
        if !self.lineups.contains_key(&self.params.players) {
            p.push(format!(
                "no lineup for {} players (params.players)",
                self.params.players
            ));
        }
        for (n, l) in &self.lineups {
            self.lineup_problems(*n, l, &mut p);
        }
        self.card_problems(&mut p);
        let r = &self.params.victory.regency;
        if self.house(&r.start).is_none() {
            p.push(format!(
                "params.victory.regency.start names unknown house {}",
                r.start
            ));
        }
        for s in &r.seats {
            self.known(s, "params.victory.regency.seats", &mut p);
        }
        for g in self.generals.iter().filter(|g| g.reserve) {
            if generals.contains(g.id.as_str()) {
                p.push(format!("reserve general {} starts in a house's army", g.id));
            }
        }
        for g in &self.generals {
            if g.name_ru.chars().any(|c| c.is_ascii_alphabetic()) {
                p.push(format!(
                    "general {}'s name_ru {} is not in Cyrillic",
                    g.id, g.name_ru
                ));
            }
        }
        if self.params.assault.table.is_empty() {
            p.push("params.assault.table is empty".to_string());
        }
        p
    }

    /// A space named by `what` must be on the map.
    fn known(&self, x: &str, what: &str, p: &mut Vec<String>) {
        if !self.spaces.iter().any(|s| s.id == x) {
            p.push(format!("{what} names unknown space {x}"));
        }
    }

    /// The houses' and the independents' map colours: each `#rrggbb`, no two alike.
    fn colour_problems(&self, p: &mut Vec<String>) {
        let hex = |c: &str| {
            c.len() == 7 && c.starts_with('#') && c[1..].chars().all(|x| x.is_ascii_hexdigit())
        };
        let mut colours: Vec<(&str, &str)> = self
            .houses
            .iter()
            .filter_map(|h| h.colour.as_deref().map(|c| (h.id.as_str(), c)))
            .collect();
        if let Some(c) = self.independent_colour.as_deref() {
            colours.push(("the independents", c));
        }
        for (i, (who, c)) in colours.iter().enumerate() {
            if !hex(c) {
                p.push(format!("the colour of {who}, `{c}`, is not #rrggbb"));
            }
            if let Some((other, _)) = colours[..i].iter().find(|(_, d)| d.eq_ignore_ascii_case(c)) {
                p.push(format!("{who} and {other} share the colour {c}"));
            }
        }
    }

    /// The map: spaces with distinct ids in known regions, links, straits, seas and boxes
    /// between known spaces, the independents' starts and regions.
    fn map_problems(&self, p: &mut Vec<String>) {
        let spaces: BTreeSet<&str> = self.spaces.iter().map(|s| s.id.as_str()).collect();
        if spaces.len() != self.spaces.len() {
            p.push("two spaces share an id".to_string());
        }
        let regions: BTreeSet<&str> = self.regions.iter().map(|r| r.id.as_str()).collect();
        let boxes: BTreeSet<&str> = self.boxes.iter().map(|b| b.id.as_str()).collect();
        for s in &self.spaces {
            if !regions.contains(s.region.as_str()) {
                p.push(format!("space {} names unknown region {}", s.id, s.region));
            }
            if boxes.contains(s.id.as_str()) {
                p.push(format!("{} is both a space and an off-map box", s.id));
            }
        }
        for [a, b] in &self.land {
            self.known(a, "a land link", p);
            self.known(b, "a land link", p);
        }
        for s in &self.straits {
            self.known(&s.a, &format!("strait {}", s.id), p);
            self.known(&s.b, &format!("strait {}", s.id), p);
        }
        for s in &self.seas {
            for port in &s.ports {
                self.known(port, &format!("sea {}", s.id), p);
                if self.space(port).is_some_and(|sp| !sp.port) {
                    p.push(format!("sea {} lists {port}, which is not a port", s.id));
                }
            }
        }
        for b in &self.boxes {
            for e in &b.enters {
                self.known(e, &format!("box {}", b.id), p);
            }
        }
        for i in &self.independents {
            if !spaces.contains(i.start.as_str()) && !boxes.contains(i.start.as_str()) {
                p.push(format!(
                    "independent army {} starts in unknown place {}",
                    i.id, i.start
                ));
            }
            for r in i.regions.iter().chain(&i.removed_in) {
                if !regions.contains(r.as_str()) {
                    p.push(format!(
                        "independent army {} names unknown region {r}",
                        i.id
                    ));
                }
            }
        }
    }

    /// The houses' armies and control markers: known generals and spaces, no general in
    /// two armies. Returns the generals of the houses' armies.
    fn house_problems(&self, p: &mut Vec<String>) -> BTreeSet<&str> {
        let mut generals = BTreeSet::new();
        for h in &self.houses {
            for a in &h.armies {
                self.known(&a.at, &format!("house {}", h.id), p);
                if self.general(&a.general).is_none() {
                    p.push(format!(
                        "house {} names unknown general {}",
                        h.id, a.general
                    ));
                }
                if !generals.insert(a.general.as_str()) {
                    p.push(format!("general {} starts in two armies", a.general));
                }
            }
            for c in &h.control {
                self.known(c, &format!("house {}", h.id), p);
            }
        }
        generals
    }

    /// The Tyche deck: distinct ids; an event for every card not marked `unpublished`;
    /// known regions and armies.
    fn card_problems(&self, p: &mut Vec<String>) {
        let mut cards = BTreeSet::new();
        for c in &self.tyche {
            if !cards.insert(c.id.as_str()) {
                p.push(format!("two Tyche cards share id {}", c.id));
            }
            // §8: no card is accepted for an Event that does nothing.
            match (c.unpublished, c.event.any()) {
                (true, true) => p.push(format!(
                    "card {} is marked `unpublished` yet has an event: drop the mark",
                    c.id
                )),
                (false, false) => p.push(format!(
                    "card {} has no event: write its effect (`event:`) or mark it `unpublished: true`",
                    c.id
                )),
                _ => {}
            }
            for r in &c.event.regions {
                if !self.regions.iter().any(|x| x.id == *r) {
                    p.push(format!("card {} names unknown region {r}", c.id));
                }
            }
            if !c.event.regions.is_empty() && c.event.cus == 0 {
                p.push(format!(
                    "card {}: `regions` limits where its CUs go, and it gives none (`cus:`)",
                    c.id
                ));
            }
            if let Some(a) = &c.event.activate {
                if self.independent(a).is_none() {
                    p.push(format!("card {} activates unknown army {a}", c.id));
                }
            }
        }
    }

    fn lineup_problems(&self, n: u32, l: &BTreeMap<String, Vec<String>>, p: &mut Vec<String>) {
        if l.keys().any(|k| k == INDEPENDENT) {
            p.push(format!(
                "the lineup for {n} players names a player `independent`"
            ));
        }
        if l.len() as u32 != n {
            p.push(format!(
                "the lineup for {n} players lists {} players",
                l.len()
            ));
        }
        {
            {
                let mut seen = BTreeSet::new();
                for hs in l.values() {
                    for h in hs {
                        if self.house(h).is_none() {
                            p.push(format!(
                                "the lineup for {n} players names unknown house {h}"
                            ));
                        }
                        if !seen.insert(h.as_str()) {
                            p.push(format!("house {h} is held by two players"));
                        }
                    }
                }
            }
        }
        if !self.params.rounds.contains_key(&n) {
            p.push(format!("params.rounds gives no number for {n} players"));
        }
        let rounds = self.params.rounds.get(&n).copied().unwrap_or(0);
        let revealed = self
            .params
            .revealed_for_nobody
            .get(&n)
            .copied()
            .unwrap_or(0);
        let need = (n + revealed) * rounds;
        if (self.tyche.len() as u32) < need {
            p.push(format!(
                "the Tyche deck holds {} cards; a game turn of {n} players needs {need}",
                self.tyche.len()
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_scenario_is_playable_at_every_player_count() {
        let mut sc: Scenario = serde_yaml::from_str(SUCCESSORS_323).unwrap();
        for n in 2..=5 {
            sc.params.players = n;
            assert_eq!(sc.problems(), Vec::<String>::new(), "{n} players");
            assert_eq!(sc.players(n).len() as u32, n);
        }
    }

    #[test]
    fn the_page_s_cards_and_straits_are_there() {
        let sc: Scenario = serde_yaml::from_str(SUCCESSORS_323).unwrap();
        assert_eq!(sc.card("T14").unwrap().event.assault, Some(1));
        assert_eq!(sc.card("T49").unwrap().event.assault, Some(3));
        assert!(sc.land_adjacent("Sestos", "Abydos"));
        assert!(sc.strait("Byzantion", "Chalcedon").is_some());
        assert!(sc.sea_adjacent("Athens", "Ephesus"));
        assert!(!sc.sea_adjacent("Athens", "Tyre"));
    }

    #[test]
    fn every_general_and_house_is_declined_in_russian() {
        let sc: Scenario = serde_yaml::from_str(SUCCESSORS_323).unwrap();
        let names = sc
            .generals
            .iter()
            .map(|g| &g.name_ru)
            .chain(sc.houses.iter().map(|h| &h.name_ru));
        for n in names {
            assert!(sc.declension_ru.contains_key(n), "{n} has no case forms");
        }
        assert_eq!(sc.general_ru("Leonnatos", Case::Gen), "Леонната");
        assert_eq!(sc.house_ru("perdikkas", Case::Gen), "Пердикки");
        assert_eq!(sc.general_ru("Nobody", Case::Gen), "Nobody");
    }

    #[test]
    fn a_broken_scenario_says_why() {
        let mut sc: Scenario = serde_yaml::from_str(SUCCESSORS_323).unwrap();
        sc.land.push(["Athens".into(), "Atlantis".into()]);
        sc.params.players = 6;
        let p = sc.problems();
        assert!(p.iter().any(|x| x.contains("Atlantis")));
        assert!(p.iter().any(|x| x.contains("6 players")));
    }
}
