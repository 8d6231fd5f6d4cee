//! The Hellenes rule parameters a moderator can change (`params:` in the scenario): every
//! number and choice the rules leave open or that the scenario sets, each with its mark
//! ([S] the rules' own, [P] a rule page's, [A] our assumption, listed in
//! docs/rules-coverage.md). Data only: the engine reads them, `Scenario::problems`
//! checks them.

use serde::{Deserialize, Serialize};

/// Tunable rule values. Each carries its mark in the embedded file's comments; every
/// [A] value is listed in `docs/rules-coverage.md`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// 1.0 [S]: cards dealt to each side a year.
    pub hand_size: u32,
    /// 2.0 [P]: land areas a land block may move.
    pub land_move: u32,
    /// 2.0 [P]: land areas cavalry may move.
    pub cavalry_move: u32,
    /// 2.0 [P]: seas a fleet may move.
    pub fleet_move: u32,
    /// 2.0 [A]: rounds of a field or naval battle.
    pub battle_rounds: u32,
    /// 2.0 [A]: the land rating of a fleet ashore.
    pub fleet_land_rating: String,
    /// 2.0 [A]: when both sides are still in a battle after its last round, the
    /// attacker's blocks retreat and the defender wins (`false`: both stay, no winner).
    pub attacker_retreats_after_last_round: bool,
    /// [A]: Prestige for winning a field or naval battle.
    pub prestige_battle: i32,
    /// 8.1.3 [S]: Prestige for taking a city by storm.
    pub prestige_storm: i32,
    /// 8.1.3 [S]: Prestige for a capitulation.
    pub prestige_capitulation: i32,
    /// 5.5 [A]: Prestige for a successful pillage.
    pub prestige_pillage: i32,
    /// 7.3 [S]: rating of a city defender (garrison included) in a siege.
    pub defender_rating: String,
    /// 7.3 [S]: the capacity of a city is this many blocks per point of value.
    pub capacity_per_value: u32,
    /// 14.2.1 [S]: net Prestige that wins at once.
    pub victory_prestige: i32,
    /// 1.0 [P]: the side that takes the first player turn when the initiative ties.
    pub initiative_ties: String,
    /// 2.0, 4.2, 5.x: the player turn's assumed numbers ([A], see `SeasonParams` below).
    pub season: SeasonParams,
    /// 7.x, 8.x: the siege rules' numbers ([S] and [A], see `SiegeParams` below).
    pub siege: SiegeParams,
    /// 9.x: the Winter's assumed numbers ([A], see `WinterParams` below).
    pub winter: WinterParams,
    /// 9.5, 10.x: the end of the year's numbers ([S] and [A], see `YearParams` below).
    pub year: YearParams,
    /// 11.0: the Olympians and what each governs ([S] Zeus and Apollo, [A] the others).
    pub olympians: OlympianParams,
}

/// The season's assumed numbers (`params.season` in the scenario), each [A] and listed in
/// docs/rules-coverage.md.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SeasonParams {
    /// 2.0 [A]: a move ends on entering a place enemy blocks hold (not garrisons, not
    /// blocks besieged inside walls).
    pub engagement_stops: bool,
    /// [A]: neutral city-states cannot be entered by land or by sea.
    pub neutral_closed: bool,
    /// 5.21 [A]: land blocks one fleet may carry (each with fewer steps than the fleet).
    pub transport_per_fleet: u32,
    /// 4.2 [A]: actions to add a step to a block in a city its side controls.
    pub build_step_actions: u32,
    /// 4.2 [A]: actions to draw a new block from the pool into a city the side controls.
    pub build_block_actions: u32,
    /// 4.2.3 [A]: actions to build a garrison in a captured enemy city.
    pub build_garrison_actions: u32,
    /// 4.2 [A]: steps one block may gain in one player turn.
    pub build_steps_per_block: u32,
    /// 4.2 [A]: steps of a block drawn from the pool.
    pub new_block_steps: u32,
    /// 5.5 [A]: actions a Pillage spends.
    pub pillage_actions: u32,
    /// 5.5 [A]: only where the side's siege was established in an earlier season (7.2:
    /// "in later turns the city is subject to Siege Combat and Pillage").
    pub pillage_needs_siege: bool,
    /// 4.2, 8.2.1 [A]: a new block may be built in a besieged city that is not a blockaded
    /// port (8.2.1 forbids Building only there); it stands inside the walls, within the
    /// capacity. `false`: never in a besieged city. A scenario file without it (written
    /// before it existed) gets `true`.
    #[serde(default = "yes")]
    pub build_in_besieged: bool,
}

/// The siege rules' numbers (`params.siege` in the scenario). [S] values are the rules'
/// own; [A] values are our assumptions, listed in docs/rules-coverage.md.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SiegeParams {
    /// 7.3 [S]: steps of a garrison block.
    pub garrison_steps: u32,
    /// 8.2 [S]: in Spring to Fall each attrition die at or below this is a hit.
    pub attrition_hit: u32,
    /// 8.2 [S]: in Winter each attrition die at or below this is a hit.
    pub winter_attrition_hit: u32,
    /// 8.2.2 [S]: the city that lives on Black Sea grain (Athens).
    pub grain_city: String,
    /// 8.2.2 [S]: an enemy fleet in any of these seas blockades the grain city.
    pub grain_seas: Vec<String>,
    /// 8.2 [A]: Prestige when siege attrition eliminates a city's last defender (the city
    /// is taken, as by storm, `prestige_storm`, unless changed here).
    pub prestige_starved: i32,
    /// [A]: Prestige when the besiegers take a city its last defenders left (besieged
    /// fleets sailing out, 7.4), with no garrison inside.
    pub prestige_vacated: i32,
    /// 9.22 [A]: winter besiegers are Supplied when a city their side controls, not itself
    /// besieged, lies within this many land areas of the besieged city (0: only the city
    /// itself), or when a fleet of theirs holds the port's offshore sea.
    pub winter_supply_areas: u32,
    /// 8.3 [A]: whether the besieged may sortie in the same season the siege was
    /// established (8.0 restricts only assault and attrition to earlier seasons).
    pub sortie_same_season: bool,
    /// 8.1.2 [A]: besieged fleets named in the defender's standing order `escape` sail out
    /// to the offshore sea when an assault is declared, before the first die (play by
    /// e-mail cannot ask for a retreat between rounds); `false`: they never escape.
    pub fleets_escape: bool,
    /// 8.1 [S]: the card whose Event allows one limited Treachery assault after an Event.
    pub treachery_card: String,
    /// 8.1 [A] (the card's text): in a Treachery assault the defenders may not capitulate
    /// and lose double defence if the besieger first rolls at or below this.
    pub treachery_hit: u32,
}

/// [A] What becomes of a block that ends the Winter without winter quarters.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Unwintered {
    /// Disbanded: back to its side's pool (page 9: the fleets that fail to reach home
    /// "must retreat and disband").
    Disband,
    /// One die per block (stream `winter:<place>:attrition`); each die at or below
    /// `unwintered_hit` costs it a step.
    Attrition,
    /// Nothing: it stays where it is.
    Stay,
}

/// [A] 9.x What a lawful blockading fleet does when the siege it kept falls in the winter
/// siege combat (page 9 is silent; winning the siege never costs the winner its fleet).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Captors {
    /// A fleet in the captured port's offshore sea enters the port while there is room
    /// (capacity 2 × value); the others keep their supplied position at sea.
    Enter,
    /// Every fleet keeps its supplied position at sea.
    Stay,
}

fn yes() -> bool {
    true
}

fn captors_enter() -> Captors {
    Captors::Enter
}

/// The Winter's assumed numbers (`params.winter` in the scenario), each [A] and listed in
/// docs/rules-coverage.md §5.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct WinterParams {
    /// 9.x [A]: what becomes of a block without winter quarters at the end of Winter.
    pub unwintered: Unwintered,
    /// 9.x [A]: with `unwintered: attrition`, each die at or below this costs a step.
    pub unwintered_hit: u32,
    /// 9.22 [A]: besiegers and blockading fleets keep their siege over Winter only when it
    /// is Supplied (`params.siege.winter_supply_areas`); otherwise they have no winter
    /// quarters. `false`: every besieger may stay.
    pub besiegers_need_supply: bool,
    /// 9.x [A]: a Return move goes as far as a normal move (2 land areas, cavalry 3, fleets
    /// 5 seas; page 9: "too far from Athens for a Return move"); `true`: any distance.
    pub return_any_distance: bool,
    /// 9.x [A]: whether the besiegers' winter siege combat may be an assault (8.1 allows
    /// assaults in Action turns only, and no card is played in Winter): `false`, attrition
    /// only.
    pub assault: bool,
    /// 9.x [A]: the besiegers and blockading fleets of a siege that was lawful (Supplied)
    /// when the winter siege combat began and that took the city keep winter quarters;
    /// what the fleets do (`enter` the captured port with room, or `stay` at sea). A
    /// scenario file without it (written before it existed) gets `enter`.
    #[serde(default = "captors_enter")]
    pub captors: Captors,
}

/// The end of the year's numbers (`params.year` in the scenario), [S] and [A], each listed
/// in docs/rules-coverage.md.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct YearParams {
    /// 9.51, 10.1 [S]: tribute is halved, rounded down (in the 415 and 413 games, and
    /// after the Peace of Nicias ends and the war resumes, 12.1.1, which dikast does not
    /// model).
    pub tribute_halved: bool,
    /// 10.2, 14.2.2 [S]: the Prestige from which the side ahead may offer peace.
    pub peace_offer_prestige: u32,
    /// 10.2 [S]: the same while the peace faction card is in play ("5 or more").
    pub peace_faction_prestige: u32,
    /// 10.2 [S]: the continuing Event Peace Faction Ascendant.
    pub peace_faction_card: String,
    /// 14.2.2 [P]: the Prestige the side offering peace pays first.
    pub peace_offer_cost: u32,
    /// 14.2.2 [A]: how the two dice decide the offer.
    pub peace_succeeds: PeaceTest,
    /// 9.53 [A]: which continuing Events a side may discard at the year's end.
    pub discard: DiscardRule,
}

/// 14.2.2 [A]: the dice of a peace offer against the offering side's Prestige (after the
/// cost).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum PeaceTest {
    /// The enemy sues for peace when the two dice total less than the Prestige.
    Below,
    /// … when they total at most the Prestige.
    AtMost,
}

/// 9.53 [A]: the continuing Events a side may discard.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum DiscardRule {
    /// Only those it played.
    Own,
    /// Any continuing Event in play.
    Any,
}

/// 11.0: the kind of random result an Olympian governs.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Governs {
    /// [S] Zeus: the six cards dealt at the year's start (`deal:<year>`).
    Deal,
    /// [S] Apollo: new blocks drawn from the pool (`draw:pool:<side>`).
    NewBlocks,
    /// Field battles on land and sorties (`battle:<area>`, `siege:<City>:sortie`).
    LandBattle,
    /// Naval battles (`battle:<sea>`).
    NavalBattle,
    /// Assaults (`siege:<City>:assault`, `siege:<City>:treachery`).
    Assault,
    /// Siege attrition (`siege:<City>:attrition`).
    Attrition,
    /// Other dice: peace offers (`peace:<year>`) and card Events.
    Event,
}

impl Governs {
    /// The kind in words (English), for diagnostics and templates.
    pub fn words(self) -> &'static str {
        match self {
            Governs::Deal => "the cards dealt at the year's start",
            Governs::NewBlocks => "new blocks drawn from the pool",
            Governs::LandBattle => "land-battle dice (field battles, sorties)",
            Governs::NavalBattle => "naval-battle dice",
            Governs::Assault => "assault dice",
            Governs::Attrition => "siege attrition dice",
            Governs::Event => "other dice (peace offers, Events)",
        }
    }
}

/// One Olympian as the scenario lists it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OlympianDef {
    /// `Zeus`: as orders name it (any case).
    pub name: String,
    pub governs: Governs,
    /// [A]: a house default, not in our rule pages.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub house_default: bool,
}

/// The Olympians' rules (`params.olympians`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OlympianParams {
    /// 11.0 [A] Zeus: "the sacrifice must date from the previous year": `true` any earlier
    /// year, `false` exactly the year before.
    pub zeus_any_earlier_year: bool,
    /// 11.0 [P]: the seven Olympians, in the order the reports list them.
    pub gods: Vec<OlympianDef>,
}
