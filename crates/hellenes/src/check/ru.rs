//! The Hellenes checks' own phrases in Russian (`kit::tr`): a Russian player's `check`,
//! `receive` answers and report show his diagnostics with them; the checks themselves
//! write English, the moderator's language. Card and Olympian names come from the
//! reports' table (`names::russian`), sides and seasons in the forms the reports use.
//!
//! Every diagnostic the checker and the rule predicates it calls can write has its
//! phrases here (tests/russian_checks.rs walks them). A phrase's `{}` are facts (ids,
//! places, numbers, names), kept in the Russian as `{0}`, `{1}` … or declined
//! (`{0|dat}`; a place as `{0|p.in}`, «в Платеях (Plataea)», `{0|p.gen}` …). Order matters: the first phrase that matches a text whole is used, so a
//! longer phrase comes before a shorter one it contains.

use dikast_core::kit::tr::{Phrases, Tongue};

/// The Hellenes words of a diagnostic.
pub fn tongue() -> Tongue {
    Tongue {
        phrases: PHRASES,
        name,
        form,
    }
}

/// A name in Russian: a card's or an Olympian's (the reports' table), a season's.
fn name(w: &str) -> Option<String> {
    super::names::russian(w)
        .or_else(|| super::names::russian_season(w, "nom"))
        .map(String::from)
}

/// A side (by name or id) or an Olympian in a grammatical case; a season in `gen`.
fn form(w: &str, case: &str) -> Option<String> {
    // A number of actions, the noun agreeing with it: «1 действие», «2 действия».
    if case == "actions" {
        let n: u32 = w.parse().ok()?;
        return Some(dikast_core::lang::Lang::Ru.count(
            n,
            ["", ""],
            ["действие", "действия", "действий"],
        ));
    }
    // A place: `{0|p.in}` is «в Платеях (Plataea)» (issue 32, Russian 25).
    if let Some(at) = case.strip_prefix("p.") {
        return Some(super::names::russian_place(w, at));
    }
    if let Some(s) = super::names::russian_side(w, case) {
        return Some(s.to_string());
    }
    if let Some(s) = super::names::russian_season(w, case) {
        return Some(s.to_string());
    }
    // An Olympian: Зевс → Зевсу (dat) / Зевса (acc); Афина → Афине / Афину.
    let n = super::names::russian(w)?;
    let ending: &[(&str, &str, &str)] = &[("а", "е", "у"), ("", "у", "а")];
    ending.iter().find_map(|(end, dat, acc)| {
        let stem = n.strip_suffix(end)?;
        match case {
            "dat" => Some(format!("{stem}{dat}")),
            "acc" => Some(format!("{stem}{acc}")),
            "nom" => Some(n.to_string()),
            _ => None,
        }
    })
}

const PHRASES: Phrases = &[
    // ---- the step (check::orders::step_words), as the Russian reports' step titles
    ("it is {}", "сейчас {0}"),
    ("{}, the first player turn of {}", "{0}, первый тур игрока: {1|nom}"),
    ("{}, the second player turn of {}", "{0}, второй тур игрока: {1|nom}"),
    ("{}, the initiative cards", "{0}, карты инициативы"),
    ("{}: overwintering and winter combat", "{0}: зимовка и зимние бои"),
    ("the setup and deal", "подготовка и раздача карт"),
    ("the end of {} BC", "конец {0} г. до н. э."),
    ("the end of the game", "конец игры"),
    ("the New Year of {} BC", "Новый год {0} г. до н. э."),
    // ---- names (check::context, siege_orders, year)
    ("there is no city called `{}` on the map", "на карте нет города `{0}`"),
    ("there is no place called `{}` on the map", "на карте нет места `{0}`"),
    ("unknown city", "неизвестный город"),
    ("unknown place", "неизвестное место"),
    ("unknown card", "неизвестная карта"),
    ("this place has no city", "в этом месте нет города"),
    (
        "names are as printed on the map; `dikast show` lists them",
        "названия пишутся как на карте; их перечисляет `dikast show`",
    ),
    ("you have no block `{}`", "у вас нет блока `{0}`"),
    ("not one of your blocks", "не ваш блок"),
    ("your view lists your blocks by id", "ваш вид перечисляет ваши блоки по id"),
    ("there is no card `{}`", "нет карты `{0}`"),
    ("`{}` is not in your hand", "карты `{0}` нет у вас на руке"),
    ("not in your hand", "нет на руке"),
    ("did you mean {}? your hand: {}", "возможно, имелось в виду {0}? у вас на руке: {1}"),
    ("your hand: {}", "у вас на руке: {0}"),
    // Events that do nothing at New Year (check::orders)
    (
        "the Event of {} does nothing at New Year: the card is spent for nothing",
        "событие карты {0} в Новый год ничего не делает: карта потрачена впустую",
    ),
    ("{}: a combat Event", "{0}: боевое событие"),
    (
        "there is no combat phase at New Year, so combat Events do not work",
        "в Новый год нет фазы боя, поэтому боевые события не действуют",
    ),
    (
        "play it for its Action value as a sacrifice (`for: action, sacrifice: <Olympian>`), or keep it for a season",
        "сыграйте её ради значения действий — как жертву (`for: action, sacrifice: <олимпиец>`) или сохраните до сезона",
    ),
    ("a city name", "название города"),
    ("a place name", "название места"),
    ("a block id", "id блока"),
    ("a card id or name", "номер или название карты"),
    ("a list of cities", "список городов"),
    ("a list of block ids", "список id блоков"),
    ("expected a block id or a list of ids, found {}", "ожидался id блока или список id, а найдено {0}"),
    ("expected a list of block ids, found {}", "ожидался список id блоков, а найдено {0}"),
    ("expected a block id", "ожидался id блока"),
    ("a block id expected", "ожидался id блока"),
    ("expected a city name here, found {}", "здесь ожидалось название города, а найдено {0}"),
    ("a city name expected", "ожидалось название города"),
    ("`path` takes a list of places, found {}", "`path` принимает список мест, а найдено {0}"),
    ("name at least one block", "назовите хотя бы один блок"),
    ("`{}` is not part of this action", "`{0}` не входит в это действие"),
    ("this action takes: {}", "это действие принимает: {0}"),
    ("`{}` is not part of this winter order", "`{0}` не входит в этот зимний приказ"),
    ("this winter order takes: {}", "этот зимний приказ принимает: {0}"),
    // Events the program does not apply (check::orders)
    (
        "the Event of {} will not be applied: the card is spent for nothing",
        "событие карты {0} не будет применено: карта потрачена впустую",
    ),
    ("{}: its Event is not applied", "{0}: событие не применяется"),
    (
        "a card is played for its Action value or its Event; this scenario gives this card's Event no effects, so dikast does not apply it",
        "карта играется на действия или как событие; этот сценарий не даёт событию этой карты никаких эффектов, поэтому dikast его не применяет",
    ),
    (
        "play it for its Action value (`for: action`), or the moderator adds `effects:` to the card in the scenario",
        "сыграйте её на действия (`for: action`) или попросите ведущего добавить карте `effects:` в сценарии",
    ),
    // card Events (check::events, engine::card_events, the Events in force)
    ("a target is named only for a card played for its Event", "цель называется только для карты, сыгранной как событие"),
    ("write `for: event`, or leave `target` out", "напишите `for: event` или уберите `target`"),
    ("{} can be played for its Event by {} only", "{0} может сыграть как событие только {1|nom}"),
    (
        "a leader of one side is played for its Event by that side",
        "лидера одной стороны как событие играет только эта сторона",
    ),
    ("play it for its Action value (`for: action`)", "сыграйте её на действия (`for: action`)"),
    (
        "the Event of {} lasts a season: it cannot be played at New Year",
        "событие карты {0} длится сезон: его нельзя сыграть в Новый год",
    ),
    (
        "no player turn follows the New Year card: an Event that lasts the season has nothing to act on",
        "после карты Нового года нет тура игрока: событию на сезон не на что действовать",
    ),
    (
        "play it for its Action value as a sacrifice, or keep it for a season",
        "сыграйте её ради значения действий — как жертву или сохраните до сезона",
    ),
    ("no target is open to you now: play the card for its Action value", "сейчас вам не доступна ни одна цель: сыграйте карту на действия"),
    ("open to you now: {}", "сейчас доступны: {0}"),
    ("what the Event of {} is played on", "на что разыгрывается событие карты {0}"),
    ("the Event of {} takes no target", "событие карты {0} не выбирает цели"),
    ("leave `target` out", "уберите `target`"),
    (
        "the Event of {} is played on a land area: name it with `target:`",
        "событие карты {0} разыгрывается на сухопутную область: назовите её в `target:`",
    ),
    (
        "the Event of {} is played on a city: name it with `target:`",
        "событие карты {0} разыгрывается на город: назовите его в `target:`",
    ),
    (
        "the Event of {} is played on a sea: name it with `target:`",
        "событие карты {0} разыгрывается на море: назовите его в `target:`",
    ),
    (
        "the Event of {} is played on an Olympian: name it with `target:`",
        "событие карты {0} разыгрывается на олимпийца: назовите его в `target:`",
    ),
    ("the Event of {} needs a target", "событию карты {0} нужна цель"),
    ("a truce holds this season: no pillage of {}", "в этом сезоне действует перемирие: разграбления {0|p.gen} нет"),
    ("a truce holds this season: no assault on {}", "в этом сезоне действует перемирие: штурма {0|p.gen} нет"),
    ("a truce holds this season: no sortie from {}", "в этом сезоне действует перемирие: вылазки {0|p.from} нет"),
    ("a truce", "перемирие"),
    ("a battle in a truce", "битва во время перемирия"),
    (
        "a card Event in force (`truce`): no battle, assault, pillage or sortie is started this season",
        "действующее событие карты (`truce`): в этом сезоне не начинаются ни битвы, ни штурмы, ни разграбления, ни вылазки",
    ),
    ("no block may move out of {} this season", "в этом сезоне ни один блок не может выйти {0|p.from}"),
    ("no block may move into {} this season", "в этом сезоне ни один блок не может войти {0|p.into}"),
    ("held by a card Event", "удерживается событием карты"),
    ("closed by a card Event", "закрыто событием карты"),
    (
        "a card Event in force (`halt`, `closed`): no move into or out of that place this season",
        "действующее событие карты (`halt`, `closed`): в этом сезоне в это место не входят и из него не выходят",
    ),
    ("move other blocks; these may move next season", "двигайте другие блоки; эти смогут двигаться в следующем сезоне"),
    ("go around {}", "обойдите {0|p.acc}"),
    (
        "enemy blocks are at {}: entering would start a battle during the truce",
        "{0|p.in} вражеские блоки: вход начал бы битву во время перемирия",
    ),
    ("end the move before {}", "закончите движение до {0|p.gen}"),
    (
        "a card Event in force (`march`) sets how far the side's land blocks move this season",
        "действующее событие карты (`march`) задаёт, как далеко сухопутные блоки стороны ходят в этом сезоне",
    ),
    (
        "write `- attrition: {}` instead: siege attrition is no battle",
        "напишите вместо этого `- attrition: {0}`: осадное истощение — не битва",
    ),
    ("`initiative` takes `card`, `for` and `target`", "`initiative` принимает `card`, `for` и `target`"),
    ("`new_year` takes `card`, `for`, `sacrifice` and `target`", "`new_year` принимает `card`, `for`, `sacrifice` и `target`"),
    // the rule heads of the Events in force (`rule 1.0 [A] a card Event in force (…): …`)
    ("1.0 [A] a card Event in force (`{}`)", "1.0 [A] действующее событие карты (`{0}`)"),
    ("1.0 [A] a card Event in force (`{}`, `{}`)", "1.0 [A] действующее событие карты (`{0}`, `{1}`)"),
    ("no move into or out of that place this season", "в этом сезоне в это место не входят и из него не выходят"),
    (
        "no battle, assault, pillage or sortie is started this season",
        "в этом сезоне не начинаются ни битвы, ни штурмы, ни разграбления, ни вылазки",
    ),
    ("10.4 [A] no player turn follows the New Year card", "10.4 [A] после карты Нового года нет тура игрока"),
    ("an Event that lasts the season has nothing to act on", "событию на сезон не на что действовать"),
    // ---- the header of a step (check::orders)
    (
        "this step needs the card you play: `initiative:` is missing",
        "на этом шаге нужна карта, которую вы играете: нет `initiative:`",
    ),
    (
        "each season both players reveal a card, for its Action value or its Event",
        "в каждом сезоне оба игрока открывают по карте — на действия или как событие",
    ),
    (
        "add `initiative: { card: <id>, for: action }`; your hand: {}",
        "добавьте `initiative: { card: <id>, for: action }`; у вас на руке: {0}",
    ),
    (
        "this step needs the card you play at New Year: `new_year:` is missing",
        "на этом шаге нужна карта, которую вы играете в Новый год: нет `new_year:`",
    ),
    (
        "at New Year each player plays a card, for its Event or as a sacrifice (10.4.1)",
        "в Новый год каждый игрок играет карту — как событие или как жертву (10.4.1)",
    ),
    (
        "add `new_year: { card: <id>, for: action, sacrifice: <Olympian> }`; your hand: {}",
        "добавьте `new_year: { card: <id>, for: action, sacrifice: <олимпиец> }`; у вас на руке: {0}",
    ),
    (
        "in a player turn only the acting side has actions and combat; the other sends standing orders",
        "в тур игрока действия и бои есть только у ходящей стороны; другая присылает постоянные приказы",
    ),
    // The examples of a misshapen form (`check::orders::example`), placeholders in Russian.
    (
        "e.g. `combat: [{ sortie: { from: <city>, blocks: [{}] } }]`",
        "например, `combat: [{ sortie: { from: <город>, blocks: [{0}] } }]`",
    ),
    ("e.g. `winter: [{ quarter: {}, to: <city> }]`", "например, `winter: [{ quarter: {0}, to: <город> }]`"),
    (
        "e.g. `standing: { fortify: { <city>: walls }, losses: [{}] }`",
        "например, `standing: { fortify: { <город>: walls }, losses: [{0}] }`",
    ),
    (
        "e.g. `actions: [{ move: [{}], path: [<from>, <to>] }]`",
        "например, `actions: [{ move: [{0}], path: [<откуда>, <куда>] }]`",
    ),
    ("e.g. `{}`", "например, `{0}`"),
    ("e.g. `peace: offer` or `peace: no`", "например, `peace: offer` или `peace: no`"),
    ("`initiative` takes a mapping, found {}", "`initiative` принимает отображение, а найдено {0}"),
    ("write `initiative: { card: {}, for: action }`", "напишите `initiative: { card: {0}, for: action }`"),
    ("a card is played for `action` or `event`", "карта играется на действия (`action`) или как событие (`event`)"),
    (
        "a card is played for its Action value or its Event",
        "карта играется на действия или как событие",
    ),
    ("`{}` is not part of `initiative`", "`{0}` не входит в `initiative`"),
    ("`initiative` takes `card` and `for`", "`initiative` принимает `card` и `for`"),
    ("`initiative` needs `card`", "в `initiative` нужен `card`"),
    ("name a card of your hand by id or name", "назовите карту с руки по id или названию"),
    // ---- standing orders (check::orders, check::fortify)
    ("`standing` takes a mapping, found {}", "`standing` принимает отображение, а найдено {0}"),
    (
        "`fortify` takes a mapping of city: walls | field",
        "`fortify` принимает отображение город: walls | field",
    ),
    ("write `fortify: {}`", "напишите `fortify: {0}`"),
    ("fortify is `walls` or `field`", "`fortify` — это `walls` (в стенах) или `field` (в поле)"),
    (
        "defenders withdraw into the walled city or meet the enemy in the field",
        "защитники укрываются за стенами города или встречают врага в поле",
    ),
    ("you do not control {}", "{0} — не ваш город"),
    ("only a city's defenders decide to fortify", "укрываться ли за стенами, решают только защитники города"),
    ("`retreat` takes a mapping of area: area", "`retreat` принимает отображение область: область"),
    ("`{}` is not a standing order", "`{0}` — не постоянный приказ"),
    (
        "standing orders are: fortify, capitulate, losses, retreat, escape, appeals",
        "постоянные приказы: fortify, capitulate, losses, retreat, escape, appeals",
    ),
    ("{} is a garrison: it is always inside its city", "{0} — гарнизон: он всегда внутри своего города"),
    ("a garrison", "гарнизон"),
    ("a garrison only defends its city, from inside", "гарнизон только защищает свой город изнутри"),
    ("{} is named twice for this city", "{0} назван для этого города дважды"),
    ("each block withdraws into the walls once", "каждый блок уходит за стены один раз"),
    // ---- actions (check::actions)
    ("`actions` takes a list, found {}", "`actions` принимает список, а найдено {0}"),
    (
        "write each action on its own line starting with `- `, e.g. `- move: [{}]`",
        "пишите каждое действие с новой строки, начиная с `- `, например `- move: [{0}]`",
    ),
    (
        "you played your card for its Event: no actions this season",
        "вы сыграли карту как событие: действий в этом сезоне нет",
    ),
    (
        "your card gives {} action(s); this one would be number {}",
        "ваша карта даёт {0|actions}; это было бы действие № {1}",
    ),
    ("over the card's Action value", "сверх значения действий карты"),
    (
        "a card played for Actions gives its Action value in actions; an Event gives none",
        "карта, сыгранная на действия, даёт столько действий, каково её значение; событие не даёт ни одного",
    ),
    ("drop an action, or keep it for a later season", "уберите действие или оставьте его на следующий сезон"),
    ("an action is a mapping like `move: [{}]`, found {}", "действие — это отображение вроде `move: [{0}]`, а найдено {1}"),
    (
        "an action is a mapping like `move: [{}]`, found an empty mapping",
        "действие — это отображение вроде `move: [{0}]`, а найдено пустое отображение",
    ),
    ("actions are: {}; siege combat goes under `combat:`", "действия: {0}; осадный бой пишется под `combat:`"),
    ("actions are: {}", "действия: {0}"),
    ("`{}` is not an action", "`{0}` — не действие"),
    ("unknown action", "неизвестное действие"),
    ("did you mean `{}`?", "возможно, имелось в виду `{0}`?"),
    ("`{}` needs a `path`", "`{0}` требует `path`"),
    (
        "write `path: [<start>, <area>, …]`, the places entered in order",
        "напишите `path: [<начало>, <область>, …]` — места по порядку прохождения",
    ),
    ("`into` is `walls` or `field`", "`into` — это `walls` (за стены) или `field` (в поле)"),
    (
        "fleets reaching their own besieged port by its offshore sea enter it (walls) or land and attack the besiegers (field)",
        "флоты, дошедшие до своего осаждённого порта через его прибрежное море, входят в него (walls) или высаживаются и атакуют осаждающих (field)",
    ),
    (
        "`build` takes a block id, a city, or `{ garrison: <city> }`",
        "`build` принимает id блока, город или `{ garrison: <город> }`",
    ),
    (
        "`build: {}` adds a step; `build: {}` draws a new block there; `build: { garrison: <city> }` a garrison in a captured city",
        "`build: {0}` добавляет шаг; `build: {1}` берёт туда новый блок; `build: { garrison: <город> }` — гарнизон во взятом городе",
    ),
    ("`{}` is neither one of your blocks nor a city", "`{0}` — не ваш блок и не город"),
    ("what to build?", "что строить?"),
    (
        "`build: <your block id>` adds a step; `build: <city>` draws a new block",
        "`build: <id вашего блока>` добавляет шаг; `build: <город>` берёт новый блок",
    ),
    (
        "{} will not be blockaded in your Combat phase: {} leaves {} in your actions",
        "в вашей фазе боя город {0|p.nom} не будет в блокаде: {1} уходит {2|p.from} в ваших действиях",
    ),
    (
        "{} will not be blockaded in your Combat phase: {} leave {} in your actions",
        "в вашей фазе боя город {0|p.nom} не будет в блокаде: {1} уходят {2|p.from} в ваших действиях",
    ),
    ("the blockade ends", "блокада кончается"),
    (
        "a port suffers attrition only if it is both besieged and blockaded (since the previous season); the blockade ends when the last fleet leaves its offshore sea",
        "порт несёт осадное истощение, только если он и в осаде, и в блокаде (с прошлого сезона); блокада кончается, когда последний флот уходит из его прибрежного моря",
    ),
    ("keep a fleet in {} this turn, or drop the attrition", "оставьте флот {0|p.in} на этот тур или уберите истощение"),
    // ---- movement (engine::movement: the checker's and resolution's one rule)
    ("{} is at {}, not with the fleet at {}", "{0} стоит {1|p.in}, а не с флотом {2|p.in}"),
    ("{} is at {}, not with {} at {}", "{0} стоит {1|p.in}, а не с {2} {3|p.in}"),
    ("{} is at {}, not in a city you control", "{0} стоит {1|p.in}, не в вашем городе"),
    (
        "one move action moves blocks that start in the same place, along one path",
        "одно действие движения двигает блоки, стоящие в одном месте, по одному пути",
    ),
    ("give each group its own action", "дайте каждой группе своё действие"),
    ("the action names no block", "действие не называет ни одного блока"),
    ("the order names no block", "приказ не называет ни одного блока"),
    ("no block", "нет блока"),
    ("a move moves blocks", "движение двигает блоки"),
    ("name at least one of your blocks", "назовите хотя бы один свой блок"),
    ("in your pool", "в вашем пуле"),
    ("eliminated", "уничтожен"),
    ("not on the map", "не на карте"),
    ("only blocks on the map move", "двигаются только блоки на карте"),
    (
        "blocks in the pool come onto the map by Building (`build: <city>`)",
        "блоки из пула выходят на карту постройкой (`build: <город>`)",
    ),
    ("{} has already moved this turn", "{0} уже двигался в этот тур"),
    ("moved by an earlier action", "сдвинут предыдущим действием"),
    ("each block moves once per player turn", "каждый блок двигается один раз за тур игрока"),
    ("write one move with the whole path instead", "напишите вместо этого одно движение со всем путём"),
    ("{} is besieged in {} and cannot move", "{0} осаждён {1|p.in} и не может двигаться"),
    ("{} is besieged in {}: it winters there", "{0} осаждён {1|p.in}: он там и зимует"),
    ("a garrison only defends its city; it never sorties (8.3)", "гарнизон только защищает свой город; вылазок он не делает (8.3)"),
    (
        "to break the siege, write `sortie: { from: {}, blocks: [{}] }` under combat",
        "чтобы прорвать осаду, напишите `sortie: { from: {0}, blocks: [{1}] }` под combat",
    ),
    (
        "to break the siege write `- sortie: { from: {}, blocks: [{}] }` under `combat:`",
        "чтобы прорвать осаду, напишите `- sortie: { from: {0}, blocks: [{1}] }` под `combat:`",
    ),
    ("a garrison is immobile and never leaves its city", "гарнизон неподвижен и никогда не покидает свой город"),
    ("besieged land blocks cannot move; they may only sortie (8.3)", "осаждённые сухопутные блоки не двигаются; они могут только сделать вылазку (8.3)"),
    (
        "besieged blocks do not move; they winter inside their city",
        "осаждённые блоки не двигаются; они зимуют внутри своего города",
    ),
    ("{} is named twice in `winter:`", "{0} назван в `winter:` дважды"),
    ("{} is named twice", "{0} назван дважды"),
    ("named twice", "назван дважды"),
    ("a block moves once", "блок двигается один раз"),
    ("name it once", "назовите его один раз"),
    ("{} is a fleet: fleets move by sea", "{0} — флот: флоты ходят по морю"),
    ("a fleet", "флот"),
    ("a land block", "сухопутный блок"),
    ("fleets move up to 5 seas (`sail`)", "флоты проходят до 5 морей (`sail`)"),
    ("write `- sail: {}` with a path of seas", "напишите `- sail: {0}` с путём по морям"),
    ("{} is at sea ({})", "{0} в море ({1})"),
    ("at sea", "в море"),
    ("land blocks at sea travel only on fleets", "сухопутные блоки в море перемещаются только на флотах"),
    (
        "land blocks are carried with `carry:` on a fleet's `sail`",
        "сухопутные блоки перевозятся через `carry:` в `sail` флота",
    ),
    ("the path enters no area", "путь не входит ни в одну область"),
    ("the path enters no sea", "путь не входит ни в одно море"),
    ("no move", "нет движения"),
    ("a move enters at least one area", "движение входит хотя бы в одну область"),
    ("a naval move enters at least one sea", "морское движение входит хотя бы в одно море"),
    ("write the areas entered after {}", "напишите области, в которые блоки входят после {0|p.gen}"),
    ("{} is a sea", "{0} — море"),
    ("a sea", "море"),
    ("land blocks cross the sea only carried by a fleet", "сухопутные блоки пересекают море, только если их везёт флот"),
    ("sail a fleet with `carry:` to take land blocks by sea", "отправьте флот с `carry:`, чтобы перевезти сухопутные блоки морем"),
    ("{} is not next to {} by land", "{0|p.nom} не граничит с {1|p.ins} по суше"),
    ("{} is not next to {}", "{0|p.nom} не граничит с {1|p.ins}"),
    ("not adjacent to {}", "не граничит с {0|p.ins}"),
    ("not adjacent", "не граничит"),
    ("a land move goes from area to adjacent area", "сухопутное движение идёт из области в соседнюю"),
    ("a naval move goes from sea to adjacent sea", "морское движение идёт из моря в соседнее море"),
    ("areas next to {}: {}", "соседние с {0|p.ins} области: {1}"),
    ("seas next to {}: {}", "моря рядом с {0|p.ins}: {1}"),
    ("{} is more than {} areas away", "{0} дальше, чем за {1} области"),
    ("area {} of the move", "область {0} движения"),
    ("cavalry moves up to 3 areas (params.cavalry_move)", "конница проходит до 3 областей (params.cavalry_move)"),
    (
        "land blocks move up to 2 areas, cavalry 3 (a group with any non-cavalry block moves as land)",
        "сухопутные блоки проходят до 2 областей, конница — 3 (группа, где есть не только конница, ходит как пехота)",
    ),
    ("end the move at {}; go on next season", "закончите движение {0|p.in}; продолжите в следующем сезоне"),
    ("end the move at {}; sail on next season", "закончите движение {0|p.in}; плывите дальше в следующем сезоне"),
    ("{} is a neutral city-state", "{0} — нейтральный полис"),
    ("neutral city-states cannot be entered", "в нейтральные полисы входить нельзя"),
    ("go around it", "обойдите его"),
    ("the move must stop at {}: enemy blocks are there", "движение должно остановиться {0|p.in}: там вражеские блоки"),
    ("the move must stop at {}: enemy fleets are there", "движение должно остановиться {0|p.in}: там вражеские флоты"),
    ("enemy blocks here", "здесь вражеские блоки"),
    ("enemy fleets here", "здесь вражеские флоты"),
    (
        "a move ends on entering a place enemy blocks hold",
        "движение кончается при входе в место, где стоят вражеские блоки",
    ),
    ("end the path at {}; the battle follows in the Combat phase", "закончите путь {0|p.in}; битва будет в фазе боя"),
    (
        "end the path at {}; the naval battle follows in the Combat phase",
        "закончите путь {0|p.in}; морская битва будет в фазе боя",
    ),
    ("end the path at {}", "закончите путь {0|p.in}"),
    (
        "fleets may enter their own besieged port by way of its offshore sea, joining the besieged",
        "флоты могут войти в свой осаждённый порт через его прибрежное море и присоединиться к осаждённым",
    ),
    ("{} is not a besieged city of yours: `into: walls` enters one", "{0} — не ваш осаждённый город: `into: walls` входит в такой"),
    ("not your besieged port", "не ваш осаждённый порт"),
    ("leave out `into`, or write `into: field`", "уберите `into` или напишите `into: field`"),
    (
        "a besieged port is entered only by way of its offshore sea, {}",
        "в осаждённый порт входят только через его прибрежное море, {0}",
    ),
    ("{} is not a port: fleets cannot enter its walls", "{0} — не порт: флоты не могут войти за его стены"),
    ("not by its offshore sea", "не через его прибрежное море"),
    ("write `into: field` to land and attack the besiegers", "напишите `into: field`, чтобы высадиться и атаковать осаждающих"),
    (
        "{} has room for {} more block(s) inside its walls (capacity {}: 2 × its value), not {}",
        "в стенах {0|p.gen} есть место ещё для блоков: {1} (вместимость {2}: 2 × ценность города), а не {3}",
    ),
    ("no room inside", "внутри нет места"),
    (
        "the besieged stay within the city's capacity (2 × its value, garrisons apart)",
        "осаждённых не больше вместимости города (2 × его ценность, не считая гарнизонов)",
    ),
    (
        "enter with fewer blocks, or write `into: field` to land from {} and attack the besiegers",
        "войдите меньшим числом блоков или напишите `into: field`, чтобы высадиться {0|p.from} и атаковать осаждающих",
    ),
    ("{} is not a fleet", "{0} — не флот"),
    (
        "only fleets sail; land blocks go by sea carried by a fleet (5.21)",
        "плавают только флоты; сухопутные блоки идут морем, если их везёт флот (5.21)",
    ),
    ("write `carry: [{}]` on the fleet's `sail` action", "напишите `carry: [{0}]` в действии `sail` флота"),
    ("the fleet stops on entering {}, a coastal area", "флот останавливается, войдя {0|p.into}, в прибрежную область"),
    ("the move ends here", "здесь движение кончается"),
    ("a fleet stops on entering a coastal area", "флот останавливается, войдя в прибрежную область"),
    ("a fleet besieged in {} can only sail out to {}", "флот, осаждённый {0|p.in}, может выйти только {1|p.into}"),
    ("not {}", "не {0|p.nom}"),
    ("at {}", "{0|p.in}"),
    ("besieged", "в осаде"),
    ("neutral", "нейтральный"),
    ("ravaged", "опустошён"),
    (
        "fleets besieged in a port may move to the port's offshore sea (only)",
        "флоты, осаждённые в порту, могут выйти (только) в прибрежное море порта",
    ),
    ("start the path with {}", "начните путь с {0|p.gen}"),
    ("{} is sea number {}: fleets move up to {} seas", "{0} — море номер {1}: флоты проходят до {2} морей"),
    ("too far", "слишком далеко"),
    ("fleets move up to 5 seas (params.fleet_move)", "флоты проходят до 5 морей (params.fleet_move)"),
    ("{} is not on the map", "{0} не на карте"),
    ("{} does not touch {}", "{0|p.nom} не касается {1|p.gen}"),
    ("not on {}", "не у {0|p.gen}"),
    ("a fleet enters a coastal area from a sea it touches", "флот входит в прибрежную область из моря, которого она касается"),
    ("coastal areas on {}: {}", "прибрежные области у {0|p.gen}: {1}"),
    ("sail to a sea first", "сначала выйдите в море"),
    ("{} is not a land block that can be carried", "{0} — не сухопутный блок, который можно перевезти"),
    ("not carried", "не перевозится"),
    ("fleets carry land blocks", "флоты перевозят сухопутные блоки"),
    ("a fleet carries land blocks from the place it starts", "флот берёт сухопутные блоки в том месте, откуда выходит"),
    ("no fleet of this move can carry {} ({} steps)", "ни один флот этого движения не может везти {0} (шагов: {1})"),
    ("too big for the fleets", "слишком велик для флотов"),
    (
        "a fleet carries a land block with fewer steps than itself ([A] params.season.transport_per_fleet blocks per fleet)",
        "флот везёт сухопутный блок, у которого шагов меньше, чем у флота ([A] params.season.transport_per_fleet блоков на флот)",
    ),
    ("add a larger fleet, or carry a smaller block", "добавьте флот побольше или везите блок поменьше"),
    ("the carried blocks would be left at sea in {}", "перевозимые блоки остались бы в открытом море, {0|p.in}"),
    ("carrying land blocks", "везёт сухопутные блоки"),
    (
        "carried land blocks land at the end of the move, in a coastal area",
        "перевозимые сухопутные блоки высаживаются в конце движения, в прибрежной области",
    ),
    ("end the path in a coastal area (a landing)", "закончите путь в прибрежной области (высадка)"),
    ("a block named is not the acting side's", "названный блок не принадлежит ходящей стороне"),
    ("no actions left ({})", "действий не осталось ({0})"),
    ("the card's Action value", "значение действий карты"),
    // ---- Building and Pillage (engine::actions)
    ("{} is not a block on the map that could move", "{0} — не блок на карте, который мог бы двигаться"),
    ("{} is not a block on the map", "{0} — не блок на карте"),
    (
        "Building adds a step to a block on the map; `build: <city>` draws a new block",
        "постройка добавляет шаг блоку на карте; `build: <город>` берёт новый блок",
    ),
    ("{} already has its full {} steps", "у {0} уже полная сила ({1} БС)"),
    ("at full strength", "в полной силе"),
    ("a block has at most its maximum steps", "у блока не больше БС, чем его максимум"),
    ("build a step for another block", "добавьте БС другому блоку"),
    ("{} has gained {} step(s) this turn already", "{0} уже получил в этот тур БС: {1}"),
    ("built already", "уже построен"),
    (
        "steps one block may gain in a player turn",
        "сколько БС один блок может получить за тур игрока",
    ),
    ("not in your city", "не в вашем городе"),
    ("a block gains steps in a city its side controls", "блок получает БС только в городе своей стороны"),
    ("move it into one of your cities first", "сначала введите его в один из своих городов"),
    ("{} is besieged and blockaded", "{0} в осаде и в блокаде"),
    ("besieged and blockaded", "в осаде и в блокаде"),
    ("no Building in a port that is both besieged and blockaded", "в порту, который и в осаде, и в блокаде, строить нельзя"),
    ("{} has no city: blocks winter in a city", "{0|p.in} нет города: блоки зимуют в городе"),
    ("{} has no city", "{0|p.in} нет города"),
    ("no city here", "здесь нет города"),
    ("new blocks are built in a city their side controls", "новые блоки строятся в городе своей стороны"),
    ("not your city", "не ваш город"),
    ("{} is besieged by the enemy", "{0} осаждён врагом"),
    ("{} is besieged", "{0} в осаде"),
    ("new blocks are not built in a besieged city", "в осаждённом городе новые блоки не строятся"),
    (
        "{} holds {} block(s) inside its walls, its capacity (2 × its value)",
        "в стенах {0|p.gen} уже блоков: {1}, это его вместимость (2 × ценность)",
    ),
    (
        "a new block built in a besieged city stands inside its walls, within its capacity",
        "новый блок, построенный в осаждённом городе, стоит в его стенах, в пределах вместимости",
    ),
    ("your pool has no block left that can be built in {}", "в вашем пуле не осталось блока, который можно построить {0|p.in}"),
    ("nothing to draw", "брать нечего"),
    (
        "new blocks are drawn from the pool (fleets only in coastal cities); earlier draws this turn count, whatever they drew",
        "новые блоки берутся из пула (флоты — только в прибрежных городах); прежние выборы этого тура считаются, что бы они ни дали",
    ),
    ("build a step instead (`build: <block id>`)", "постройте вместо этого шаг (`build: <id блока>`)"),
    ("no block left in the pool that can stand in {} (4.2)", "в пуле не осталось блока, который может стоять {0|p.in} (4.2)"),
    ("garrisons are built in captured enemy cities", "гарнизоны строятся во взятых вражеских городах"),
    ("{} is not an enemy city you have captured", "{0} — не взятый вами вражеский город"),
    ("not captured", "не взят"),
    (
        "garrisons are built in captured enemy cities (loyal cities have theirs, 7.3)",
        "гарнизоны строятся во взятых вражеских городах (у верных городов свои, 7.3)",
    ),
    ("{} has a garrison already", "{0|p.in} уже есть гарнизон"),
    ("has one", "уже есть"),
    ("one garrison per city", "один гарнизон на город"),
    ("{} is not an enemy city", "{0} — не вражеский город"),
    ("not an enemy city", "не вражеский город"),
    ("pillage ravages the land of an enemy city", "разграбление опустошает земли вражеского города"),
    ("you do not hold the land around {}", "вы не держите земли вокруг {0|p.gen}"),
    ("not held", "не удержано"),
    (
        "land blocks of yours must hold the city's area, with no enemy block outside the walls",
        "ваши сухопутные блоки должны держать область города, и вне стен не должно быть вражеских блоков",
    ),
    ("move land blocks into {} first", "сначала введите сухопутные блоки {0|p.into}"),
    ("your siege of {} was not established in an earlier season", "ваша осада {0} не была установлена в прошлых сезонах"),
    ("no established siege", "осада не установлена"),
    (
        "a besieged city is subject to Pillage in the turns after its siege is established",
        "осаждённый город можно разграбить в туры после того, как установлена его осада",
    ),
    ("{} is already ravaged this year", "{0} уже опустошён в этом году"),
    (
        "a ravaged city is not pillaged again before the year ends (9.53 removes the mark)",
        "опустошённый город не разграбляют снова до конца года (9.53 снимает метку)",
    ),
    // ---- siege combat (check::siege_orders, engine::siege)
    ("{} already has an assault ordered this turn", "против {0|p.gen} в этот тур уже назначен штурм"),
    ("{} already has siege attrition ordered this turn", "против {0|p.gen} в этот тур уже назначено осадное истощение"),
    ("second siege combat here", "второй осадный бой здесь"),
    (
        "against each besieged city the active player may Assault or use Siege Attrition, once",
        "против каждого осаждённого города ходящий игрок может один раз провести штурм или осадное истощение",
    ),
    ("keep one of the two orders", "оставьте один из двух приказов"),
    (
        "Treachery allows one assault this turn; {} would be a second",
        "«Измена» позволяет один штурм в этот тур; {0} был бы вторым",
    ),
    ("a second assault", "второй штурм"),
    (
        "after an Event only the Treachery Event allows a (single, limited) assault",
        "после события штурм (один, ограниченный) позволяет только событие «Измена»",
    ),
    ("write `- attrition: {}` instead", "напишите вместо этого `- attrition: {0}`"),
    ("not possible now", "сейчас невозможно"),
    ("siege combat is made against a besieged city", "осадный бой ведётся против осаждённого города"),
    ("write `sortie: { from: <city>, blocks: [{}] }`", "напишите `sortie: { from: <город>, blocks: [{0}] }`"),
    ("`sortie` takes a mapping, found {}", "`sortie` принимает отображение, а найдено {0}"),
    ("`{}` is not part of `sortie`", "`{0}` не входит в `sortie`"),
    ("`sortie` takes `from` and `blocks`", "`sortie` принимает `from` и `blocks`"),
    ("`sortie` needs `from` and `blocks`", "в `sortie` нужны `from` и `blocks`"),
    ("some or all blocks besieged in a city may sortie", "вылазку могут сделать некоторые или все блоки, осаждённые в городе"),
    ("{} is already in a sortie this turn", "{0} уже участвует в вылазке в этот тур"),
    (
        "a besieged block sorties once, with the blocks declared at the start of the Combat phase",
        "осаждённый блок делает вылазку один раз, вместе с блоками, объявленными в начале фазы боя",
    ),
    (
        "{} is outside the walls: it fights the besiegers by moving into {}'s area, not by a sortie (5.4.2)",
        "{0} вне стен: он бьётся с осаждающими, входя {1|p.into}, а не вылазкой (5.4.2)",
    ),
    (
        "write `escape: { <port>: [{}, {}] }`: per port, the fleets and the land blocks they carry",
        "напишите `escape: { <порт>: [{0}, {1}] }`: для каждого порта — флоты и сухопутные блоки, которые они везут",
    ),
    ("`escape` takes a mapping of port: blocks, found {}", "`escape` принимает отображение порт: блоки, а найдено {0}"),
    ("{} is not a port: no fleet can sail out of it", "{0} — не порт: ни один флот не может из него выйти"),
    ("besieged fleets may retreat to the port's offshore sea", "осаждённые флоты могут отступить в прибрежное море порта"),
    ("no fleet is named to sail out of {}", "не назван ни один флот, выходящий {0|p.from}"),
    (
        "besieged land blocks cannot retreat, except carried on retreating fleets",
        "осаждённые сухопутные блоки не отступают, разве что их везут отступающие флоты",
    ),
    ("e.g. `- attrition: Plataea`", "например, `- attrition: Plataea`"),
    ("e.g. `- assault: Plataea`", "например, `- assault: Plataea`"),
    ("`combat` takes a list, found {}", "`combat` принимает список, а найдено {0}"),
    (
        "a combat order is one of attrition, sortie: e.g. `sortie: { from: <city>, blocks: [...] }`",
        "боевой приказ — один из: attrition, sortie; например, `sortie: { from: <город>, blocks: [...] }`",
    ),
    (
        "a combat order is one of assault, attrition, sortie: e.g. `sortie: { from: <city>, blocks: [...] }`",
        "боевой приказ — один из: assault, attrition, sortie; например, `sortie: { from: <город>, blocks: [...] }`",
    ),
    ("the two winter combat phases (sorties, then siege combat)", "две зимние фазы боя (вылазки, затем осадный бой)"),
    ("siege combat", "осадный бой"),
    ("one combat order per list item", "один боевой приказ на пункт списка"),
    ("`{}` is not a combat order", "`{0}` — не боевой приказ"),
    ("combat orders are: {}; moves go under `{}`", "боевые приказы: {0}; перемещения пишутся под `{1}`"),
    (
        "no assault in Winter: the besiegers' winter siege combat is siege attrition",
        "зимой штурмов нет: зимний осадный бой осаждающих — это осадное истощение",
    ),
    ("not in Winter", "не зимой"),
    (
        "the second winter combat phase is siege attrition (8.1: assaults in Action turns only; no card is played in Winter)",
        "вторая зимняя фаза боя — осадное истощение (8.1: штурмы только в туры, сыгранные на действия; зимой карты не играются)",
    ),
    ("write `- attrition: {}` (in Winter each 1–3 hits, 8.2)", "напишите `- attrition: {0}` (зимой попадание — каждая 1–3, 8.2)"),
    ("you are not besieging {}", "вы не осаждаете {0|p.acc}"),
    (
        "siege combat only against a city your blocks besiege since an earlier season (7.2: none in the besieger's initial turn)",
        "осадный бой — только против города, который ваши блоки осаждают с прошлого сезона (7.2: не в том туре, когда осада началась)",
    ),
    (
        "a siege is established in the Combat phase of the turn your blocks enter the city's area (7.2); assault or attrition is possible from the next season",
        "осада устанавливается в фазе боя того тура, когда ваши блоки входят в область города (7.2); штурм или истощение возможны со следующего сезона",
    ),
    (
        "you played your card for its Event this season: no assault on {}",
        "в этом сезоне вы сыграли карту как событие: штурма {0|p.gen} нет",
    ),
    (
        "after an Event only siege attrition is possible (8.1: assaults in Action turns only)",
        "после события возможно только осадное истощение (8.1: штурмы только в туры, сыгранные на действия)",
    ),
    ("the siege of {} was established this season ({} {} BC)", "осада {0} установлена в этом сезоне ({1|nom}, {2} г. до н. э.)"),
    ("the siege of {} was established this season", "осада {0} установлена в этом сезоне"),
    (
        "siege combat only against a city whose siege was established in an earlier season (7.2: none in the besieger's initial turn)",
        "осадный бой — только против города, осада которого установлена в прошлом сезоне (7.2: не в том туре, когда осада началась)",
    ),
    ("{} is possible from next season", "{0} возможно со следующего сезона"),
    ("an assault", "штурм"),
    ("siege attrition", "осадное истощение"),
    ("{} is a port and is not blockaded", "{0} — порт, и он не в блокаде"),
    (
        "a port suffers attrition only if it has been both besieged and blockaded since the previous season",
        "порт несёт осадное истощение, только если он и в осаде, и в блокаде с прошлого сезона",
    ),
    (
        "keep a fleet in {} (8.2.2: or in {}) from this season; attrition is possible from next season",
        "держите флот {0|p.in} (8.2.2: или в одном из морей: {1}) с этого сезона; истощение возможно со следующего сезона",
    ),
    (
        "keep a fleet in {} from this season; attrition is possible from next season",
        "держите флот {0|p.in} с этого сезона; истощение возможно со следующего сезона",
    ),
    ("{} has been blockaded only since this season", "{0} в блокаде только с этого сезона"),
    ("keep the blockade; attrition is possible from next season", "сохраните блокаду; истощение возможно со следующего сезона"),
    ("your besiegers at {} are not Supplied this Winter", "ваши осаждающие у {0|p.gen} не снабжены в течение этой зимы"),
    ("besiegers must be Supplied in Winter (9.22)", "зимой осаждающие должны быть снабжены (9.22)"),
    (
        "9.22 [A] params.siege.winter_supply_areas: a city you control, not itself besieged, within {} land area(s), or a fleet of yours in the offshore sea",
        "9.22 [A] params.siege.winter_supply_areas: ваш город, сам не осаждённый, не дальше сухопутных областей: {0}, или ваш флот в прибрежном море",
    ),
    (
        "you played your card for its Event this season: no sortie from {}",
        "в этом сезоне вы сыграли карту как событие: вылазки {0|p.from} нет",
    ),
    (
        "a sortie spends no actions but cannot be made after an Event (8.0: attrition only)",
        "вылазка не тратит действий, но после события её не сделать (8.0: только истощение)",
    ),
    ("{} is not under siege", "{0} не в осаде"),
    ("a sortie is made by blocks besieged in a city", "вылазку делают блоки, осаждённые в городе"),
    ("no sortie in the season a siege is established", "в сезон, когда осада установлена, вылазок нет"),
    ("a sortie from {} needs at least one block", "для вылазки {0|p.from} нужен хотя бы один блок"),
    ("some or all besieged blocks may sortie", "вылазку могут сделать некоторые или все осаждённые блоки"),
    ("{} is a garrison: garrisons never sortie", "{0} — гарнизон: гарнизоны вылазок не делают"),
    (
        "some or all besieged blocks may sortie, never garrisons (7.3)",
        "вылазку могут сделать некоторые или все осаждённые блоки, но не гарнизоны (7.3)",
    ),
    ("{} is not besieged in {}", "{0} не осаждён {1|p.in}"),
    (
        "only blocks besieged in the city sortie; blocks outside cannot join them (5.4.2)",
        "вылазку делают только блоки, осаждённые в городе; блоки снаружи к ним не присоединяются (5.4.2)",
    ),
    // ---- winter (check::winter_orders, engine::winter)
    ("a winter order is a mapping like `return: [{}]`, found {}", "зимний приказ — это отображение вроде `return: [{0}]`, а найдено {1}"),
    ("winter orders are: {}; siege combat goes under `combat:`", "зимние приказы: {0}; осадный бой пишется под `combat:`"),
    ("winter orders are: {}", "зимние приказы: {0}"),
    ("an empty winter order", "пустой зимний приказ"),
    ("`{}` is not a winter order", "`{0}` — не зимний приказ"),
    ("unknown winter order", "неизвестный зимний приказ"),
    (
        "blocks quarter in an adjacent friendly city or return to their home city",
        "блоки встают на зимние квартиры в соседнем своём городе или возвращаются в родной город",
    ),
    ("`quarter` needs `to:` (the city) or a `path:`", "в `quarter` нужен `to:` (город) или `path:`"),
    ("write `to: <an adjacent city your side controls>`", "напишите `to: <соседний город вашей стороны>`"),
    ("`winter` takes a list, found {}", "`winter` принимает список, а найдено {0}"),
    (
        "write each winter order on its own line starting with `- `, e.g. `- return: [{}]`",
        "пишите каждый зимний приказ с новой строки, начиная с `- `, например `- return: [{0}]`",
    ),
    ("a block makes one overwintering move", "блок делает одно зимнее перемещение"),
    ("only blocks on the map winter", "зимуют только блоки на карте"),
    ("the path ends at {}, not at {}", "путь кончается {0|p.in}, а не {1|p.in}"),
    ("give `to:` or `path:`, or end the path at the city", "укажите `to:` или `path:` или закончите путь в этом городе"),
    ("a winter order moves land blocks or fleets, not both", "зимний приказ перемещает либо сухопутные блоки, либо флоты, но не те и другие сразу"),
    (
        "land blocks move by land; fleets by sea, carrying land blocks",
        "сухопутные блоки идут по суше; флоты — по морю, везя сухопутные блоки",
    ),
    (
        "give each its own winter order, or name the land blocks under the fleets' `carry:`",
        "дайте каждому свой зимний приказ или назовите сухопутные блоки в `carry:` флотов",
    ),
    ("{} is not the home city of {} (its home is {})", "{0} — не родной город {1} (его родной город — {2})"),
    ("home: {}", "родной город: {0}"),
    (
        "free Return moves go to the blocks' home city (the same colour as the block)",
        "бесплатное возвращение идёт в родной город блоков (того же цвета, что и блок)",
    ),
    ("free Return moves go to the blocks' home city", "бесплатное возвращение идёт в родной город блоков"),
    ("write `quarter:` to winter in {}", "напишите `quarter:`, чтобы зимовать {0|p.in}"),
    (
        "write `quarter:` to winter in another adjacent friendly city, or return {} to {}",
        "напишите `quarter:`, чтобы зимовать в другом соседнем своём городе, или верните {0} {1|p.into}",
    ),
    ("{} is in {} already", "{0} уже {1|p.in}"),
    ("here already", "уже здесь"),
    ("a winter move goes to another city", "зимнее перемещение идёт в другой город"),
    ("leave it out: it winters in {}", "уберите его: он зимует {0|p.in}"),
    ("Return moves go to a friendly-controlled home city", "возвращение идёт в родной город, если он под контролем вашей стороны"),
    (
        "into an adjacent friendly-controlled city (friendly: controlled by your side, whatever its loyalty)",
        "в соседний город под вашим контролем (ваш — под контролем вашей стороны, какой бы ни была его лояльность)",
    ),
    ("quarter in a city your side controls", "вставайте на зимние квартиры в городе вашей стороны"),
    ("quarter in another city your side controls", "вставайте на зимние квартиры в другом городе вашей стороны"),
    (
        "{} is {} areas away: too far for a Return move ({} at most)",
        "{0}: до него областей — {1}, слишком далеко для возвращения (не больше {2})",
    ),
    (
        "{} is {} seas away: too far for a Return move ({} at most)",
        "{0}: до него морей — {1}, слишком далеко для возвращения (не больше {2})",
    ),
    (
        "a Return move goes as far as a normal move (2 land areas, cavalry 3, fleets 5 seas; page 9: \"too far from Athens for a Return move\")",
        "возвращение идёт так же далеко, как обычное движение (2 сухопутные области, конница 3, флоты 5 морей; стр. 9: «слишком далеко от Athens для возвращения»)",
    ),
    (
        "a Return move goes as far as a normal move (2 land areas, cavalry 3, fleets 5 seas)",
        "возвращение идёт так же далеко, как обычное движение (2 сухопутные области, конница 3, флоты 5 морей)",
    ),
    ("quarter in an adjacent friendly city instead", "встаньте вместо этого на зимние квартиры в соседнем своём городе"),
    (
        "blocks move into an adjacent friendly-controlled city ([A] a fleet: across one sea)",
        "блоки переходят в соседний город под вашим контролем ([A] флот — через одно море)",
    ),
    (
        "write `return:` to go home, or quarter in a city next to the blocks",
        "напишите `return:`, чтобы идти домой, или встаньте на зимние квартиры в городе рядом с блоками",
    ),
    ("no route from {} to {}", "нет пути {0|p.from} {1|p.into}"),
    ("no route", "нет пути"),
    (
        "land blocks move by land and cross the sea only carried by a fleet",
        "сухопутные блоки идут по суше и пересекают море, только если их везёт флот",
    ),
    ("give the route with `path:`", "укажите путь в `path:`"),
    (
        "name the land blocks under a fleet's `carry:` (a fleet with more steps than each)",
        "назовите сухопутные блоки в `carry:` флота (у флота шагов больше, чем у каждого из них)",
    ),
    ("a winter move moves blocks", "зимнее перемещение перемещает блоки"),
    ("only fleets carry land blocks", "сухопутные блоки возят только флоты"),
    ("no fleet to carry it", "его некому везти"),
    (
        "in Winter an enemy siege is contested only by a sortie (8.3) or by blocks returning to their home city",
        "зимой вражескую осаду оспаривают только вылазкой (8.3) или блоками, возвращающимися в свой родной город",
    ),
    (
        "enemy fleets in {}, the offshore sea of {}, bar wintering there",
        "вражеские флоты {0|p.in}, прибрежном море {1|p.gen}, не дают там зимовать",
    ),
    (
        "enemy fleets in the offshore sea of a friendly port that is not the home city bar wintering there",
        "вражеские флоты в прибрежном море своего порта, который не родной город, не дают там зимовать",
    ),
    (
        "an unbesieged port may be entered by landing from another adjacent sea: {}",
        "в неосаждённый порт можно войти высадкой из другого соседнего моря: {0}",
    ),
    ("none touches it", "ни одно его не касается"),
    (
        "{} is besieged: fleets enter it only through its offshore sea, {}",
        "{0} в осаде: флоты входят в него только через его прибрежное море, {1}",
    ),
    ("fleets may enter a besieged port through its offshore sea", "флоты могут войти в осаждённый порт через его прибрежное море"),
    ("end the path with {}, {}", "закончите путь так: {0}, {1}"),
    (
        "Quartering into an adjacent friendly-controlled city, Returning to the home city",
        "зимние квартиры — в соседнем городе под вашим контролем, возвращение — в родной город",
    ),
    ("end the path in a city your side controls", "закончите путь в городе вашей стороны"),
    (
        "{} has room for {} arriving block(s) over Winter: capacity {} (2 × its value, garrisons apart), less the blocks besieged inside",
        "{0|p.in} на зиму есть место для прибывающих блоков: {1}; вместимость {2} (2 × ценность, не считая гарнизонов), за вычетом осаждённых внутри",
    ),
    (
        "{} has room for {} arriving block(s) over Winter: capacity {} (2 × its value, garrisons apart)",
        "{0|p.in} на зиму есть место для прибывающих блоков: {1}; вместимость {2} (2 × ценность, не считая гарнизонов)",
    ),
    ("no room", "нет места"),
    (
        "a city winters 2 × its value in blocks; quartering beyond that displaces blocks already there",
        "город вмещает на зиму блоков 2 × свою ценность; сверх этого встающие на квартиры вытесняют уже стоящие там блоки",
    ),
    ("winter some of these blocks in another city", "отправьте часть этих блоков зимовать в другой город"),
    ("{} winters in {} already: there is room for it", "{0} уже зимует {1|p.in}: место для него есть"),
    ("winters here", "зимует здесь"),
    (
        "a block in a friendly city makes an overwintering move only when quartering blocks push the city over its capacity (it then counts as outside the city)",
        "блок в своём городе делает зимнее перемещение, только если встающие на квартиры блоки переполняют город (тогда он считается вне города)",
    ),
    ("leave it in {}", "оставьте его {0|p.in}"),
    // rule heads of the winter pages (`rule 9.x Quartering (page 9): …`)
    ("9.x Overwintering (page 9)", "9.x, зимовка (стр. 9)"),
    ("9.x Returning (page 9)", "9.x, возвращение (стр. 9)"),
    ("9.x Quartering (page 9)", "9.x, зимние квартиры (стр. 9)"),
    ("9.x Capacity displacement (page 9)", "9.x, вытеснение сверх вместимости (стр. 9)"),
    ("9.x Fleets (page 9)", "9.x, флоты (стр. 9)"),
    ("9.x Return battles (page 9)", "9.x, битвы возвращения (стр. 9)"),
    ("9.x Returning [A] params.winter.return_any_distance", "9.x, возвращение, [A] params.winter.return_any_distance"),
    ("7.4, page 9", "7.4, стр. 9"),
    // ---- the year's end and New Year (check::year)
    ("`peace` is `offer` or `no`", "`peace` — это `offer` (предложить) или `no` (нет)"),
    (
        "the side ahead may make a peace offer with 10 or more Prestige (5 or more while Peace Faction Ascendant is in play)",
        "ведущая сторона может предложить мир при престиже 10 или больше (5 или больше, пока в игре «Партия мира у власти»)",
    ),
    (
        "write `peace: offer`; the offer is made only if, after tribute, you may make it",
        "напишите `peace: offer`; предложение будет сделано, только если после дани вы вправе его сделать",
    ),
    ("`discard` takes a list of cards, found {}", "`discard` принимает список карт, а найдено {0}"),
    ("you have no continuing Event in play to discard", "у вас в игре нет длящегося события, которое можно сбросить"),
    ("you may discard: {}", "можно сбросить: {0}"),
    ("`{}` is not in play", "`{0}` не в игре"),
    ("not in play", "не в игре"),
    ("{} is not a continuing Event", "{0} — не длящееся событие"),
    ("not a continuing Event", "не длящееся событие"),
    ("{} was played by the other side", "{0} сыграна другой стороной"),
    ("not yours to discard", "не вам её сбрасывать"),
    (
        "at the year's end a player may discard the continuing Events he played ([A] `params.year.discard: own`)",
        "в конце года игрок может сбросить длящиеся события, которые сыграл он сам ([A] `params.year.discard: own`)",
    ),
    (
        "at the year's end a player may discard continuing Events in play",
        "в конце года игрок может сбросить длящиеся события в игре",
    ),
    ("`new_year` takes a mapping, found {}", "`new_year` принимает отображение, а найдено {0}"),
    (
        "write `new_year: { card: {}, for: action, sacrifice: Zeus }` or `new_year: { card: {}, for: event }`",
        "напишите `new_year: { card: {0}, for: action, sacrifice: Zeus }` или `new_year: { card: {1}, for: event }`",
    ),
    (
        "a New Year card is played for `action` (a sacrifice) or `event`",
        "карта Нового года играется на действия (`action`, жертва) или как событие (`event`)",
    ),
    (
        "a card played for its Action value at New Year is a sacrifice to an Olympian",
        "карта, сыгранная на действия в Новый год, — жертва олимпийцу",
    ),
    ("`{}` is not part of `new_year`", "`{0}` не входит в `new_year`"),
    ("`new_year` takes `card`, `for` and `sacrifice`", "`new_year` принимает `card`, `for` и `sacrifice`"),
    ("`new_year` needs `card`", "в `new_year` нужен `card`"),
    ("a card played for its Event is no sacrifice", "карта, сыгранная как событие, — не жертва"),
    (
        "only a card played for its Action value at New Year is a sacrifice",
        "жертва — только карта, сыгранная на действия в Новый год",
    ),
    ("write `for: action` to sacrifice, or leave `sacrifice` out", "напишите `for: action`, чтобы принести жертву, или уберите `sacrifice`"),
    ("{} cannot be played for its Event at New Year", "{0} нельзя сыграть как событие в Новый год"),
    ("a Revolt", "Восстание"),
    ("Revolts and Helot Revolts may not be played at New Year", "Восстания и Восстания илотов нельзя играть в Новый год"),
    (
        "play it for its Action value as a sacrifice (`for: action, sacrifice: <Olympian>`), or play another card",
        "сыграйте её ради значения действий — как жертву (`for: action, sacrifice: <олимпиец>`) или сыграйте другую карту",
    ),
    ("you already have a sacrifice on {}", "у вас уже есть жертва {0|dat}"),
    ("one sacrifice per Olympian", "одна жертва на олимпийца"),
    (
        "a player may have at most one sacrifice on each Olympian; it stays until used",
        "у игрока не больше одной жертвы каждому олимпийцу; она остаётся, пока не использована",
    ),
    (
        "choose an Olympian you have no sacrifice on, e.g. {}",
        "выберите олимпийца, которому у вас нет жертвы, например {0|acc}",
    ),
    (
        "you have a sacrifice on every Olympian: leave `sacrifice` out (the card is spent) or play it for its Event",
        "у вас есть жертва каждому олимпийцу: уберите `sacrifice` (карта будет потрачена) или сыграйте её как событие",
    ),
    (
        "a card played for its Action value at New Year is a sacrifice: name the Olympian",
        "карта, сыгранная на действия в Новый год, — жертва: назовите олимпийца",
    ),
    (
        "there is no Actions phase at New Year; Actions played are a sacrifice to an Olympian",
        "в Новый год нет фазы действий; карта, сыгранная на действия, — жертва олимпийцу",
    ),
    ("add `sacrifice: {}` (the Olympians: {})", "добавьте `sacrifice: {0}` (олимпийцы: {1})"),
    // ---- Olympians and appeals (check::appeals)
    ("there is no Olympian called `{}`", "нет олимпийца `{0}`"),
    ("unknown Olympian", "неизвестный олимпиец"),
    ("did you mean {}? the Olympians: {}", "возможно, имелось в виду {0}? олимпийцы: {1}"),
    ("the Olympians: {}", "олимпийцы: {0}"),
    ("an Olympian's name", "имя олимпийца"),
    (
        "the Olympians are listed in the scenario (`params.olympians`)",
        "олимпийцы перечислены в сценарии (`params.olympians`)",
    ),
    ("one sacrifice per Olympian", "одна жертва на олимпийца"),
    (
        "an appeal names the Olympian with your sacrifice, the results it may re-roll (`on`) and when (`when`)",
        "обращение называет олимпийца, которому у вас есть жертва, броски, которые он может перебросить (`on`), и когда (`when`)",
    ),
    ("`appeals` takes a list of appeals, found {}", "`appeals` принимает список обращений к олимпийцам, а найдено {0}"),
    (
        "write `appeals: [{ olympian: Ares, on: \"battle:*\", when: {} }]`",
        "напишите `appeals: [{ olympian: Ares, on: \"battle:*\", when: {0} }]`",
    ),
    ("an appeal is a mapping, found {}", "обращение — это отображение, а найдено {0}"),
    (
        "write `{ olympian: Ares, on: \"battle:*\", when: {} }`",
        "напишите `{ olympian: Ares, on: \"battle:*\", when: {0} }`",
    ),
    ("`as` is `attacker` or `defender`", "`as` — это `attacker` (нападающий) или `defender` (защитник)"),
    ("a dice label, `*` for any text", "метка бросков, `*` — любой текст"),
    ("`when` takes a mapping of conditions, found {}", "`when` принимает отображение условий, а найдено {0}"),
    ("conditions: {}", "условия: {0}"),
    ("`{}` takes a whole number (0 or more)", "`{0}` принимает целое число (0 или больше)"),
    ("`{}` is not a condition of an appeal", "`{0}` — не условие обращения"),
    ("`{}` is not part of an appeal", "`{0}` не входит в обращение к олимпийцу"),
    ("an appeal takes `olympian`, `on`, `as` and `when`", "обращение принимает `olympian`, `on`, `as` и `when`"),
    ("an appeal needs `olympian`", "в обращении нужен `olympian`"),
    ("{} governs {}: `{}` names none of them", "{0} ведает: {1}; `{2}` не называет ни одного такого броска"),
    ("no such result", "нет такого броска"),
    (
        "{}'s results have labels like `{}`; `*` stands for any text",
        "у бросков олимпийца {0} метки вроде `{1}`; `*` — любой текст",
    ),
    ("`{}` says nothing about {}", "`{0}` неприменимо к этому виду бросков: {1}"),
    ("`as` says nothing about {}", "`as` неприменимо к этому виду бросков: {0}"),
    ("not a condition for {}", "не условие для олимпийца {0}"),
    (
        "Zeus's condition is `hand_value_at_most` (the Action values of your six new cards)",
        "условие Зевса — `hand_value_at_most` (значения действий ваших шести новых карт)",
    ),
    (
        "Apollo's condition is `drawn: [ids]` (your block drawn is one of these); without it the first new block (yours or the enemy's) is redrawn",
        "условие Аполлона — `drawn: [ids]` (ваш вытянутый блок — один из этих); без него перетягивается первый новый блок (ваш или вражеский)",
    ),
    (
        "hits and routs of a roll: `my_hits_at_most`, `enemy_hits_at_least` (and routs in battles)",
        "попадания и бегство в броске: `my_hits_at_most`, `enemy_hits_at_least` (и бегство в битвах)",
    ),
    (
        "`as: attacker | defender` is for battle Olympians (Ares, Poseidon, Athena)",
        "`as: attacker | defender` — для олимпийцев битв (Арес, Посейдон, Афина)",
    ),
    (
        "a result is either yours or the enemy's: `my_…` and `enemy_…` conditions never hold together",
        "бросок либо ваш, либо вражеский: условия `my_…` и `enemy_…` вместе не выполняются",
    ),
    ("write two appeals instead", "напишите вместо этого два обращения"),
    // what an Olympian governs (`Governs::words`)
    ("the cards dealt at the year's start", "карты, розданные в начале года"),
    ("new blocks drawn from the pool", "новые блоки, вытянутые из пула"),
    ("land-battle dice (field battles, sorties)", "кубики сухопутных битв (полевые битвы, вылазки)"),
    ("naval-battle dice", "кубики морских битв"),
    ("assault dice", "кубики штурма"),
    ("siege attrition dice", "кубики осадного истощения"),
    ("other dice (peace offers, Events)", "прочие кубики (мирные предложения, события)"),
    // ---- the forms' rules (check::forms, shown as `rule <n>: <what>`)
    ("assault a city you besiege", "штурм города, который вы осаждаете"),
    ("siege attrition against a city you besiege or blockade", "осадное истощение против города, который вы осаждаете или блокируете"),
    ("the besieged city", "осаждённый город"),
    ("the blocks that sortie", "блоки, делающие вылазку"),
    ("besieged blocks attack their besiegers", "осаждённые блоки атакуют осаждающих"),
    ("the Olympian appealed to", "олимпиец, к которому вы обращаетесь"),
    ("a dice label; `*` stands for any text", "метка бросков; `*` — любой текст"),
    ("only in battles where you attack, or defend", "только в битвах, где вы нападаете или защищаетесь"),
    ("the condition under which the appeal is made", "условие, при котором делается обращение"),
    ("a card id or name from your hand", "номер или название карты с вашей руки"),
    ("its Action value or its Event", "на действия или как событие"),
    ("the card you play this season", "карта, которую вы играете в этом сезоне"),
    ("the Olympian (with for: action)", "олимпиец (при `for: action`)"),
    ("the card you play at New Year", "карта, которую вы играете в Новый год"),
    ("the start (optional), then each place entered", "начало (можно не писать), затем каждое место на пути"),
    ("land blocks standing together", "сухопутные блоки, стоящие вместе"),
    ("the start (optional), then each sea entered", "начало (можно не писать), затем каждое море на пути"),
    ("land blocks carried", "перевозимые сухопутные блоки"),
    (
        "at your own besieged port, join the besieged (walls, the default) or land and attack (field)",
        "у своего осаждённого порта — присоединиться к осаждённым (walls, по умолчанию) или высадиться и атаковать (field)",
    ),
    ("fleets standing together", "флоты, стоящие вместе"),
    ("the city", "город"),
    ("a step for a block, a new block in a city, or a garrison", "шаг блоку, новый блок в городе или гарнизон"),
    ("an enemy city you besiege", "вражеский город, который вы осаждаете"),
    (
        "the acting side's actions in a player turn, at most the card's Action value",
        "действия ходящей стороны в тур игрока, не больше значения действий карты",
    ),
    (
        "siege combat in the acting side's Combat phase, and in Winter",
        "осадный бой в фазе боя ходящей стороны, а также зимой",
    ),
    ("the places entered, the city last", "места на пути, последним — город"),
    ("land blocks carried by fleets", "сухопутные блоки, которые везут флоты"),
    ("into an adjacent friendly-controlled city", "в соседний город под вашим контролем"),
    ("to the blocks' home city", "в родной город блоков"),
    ("no move", "нет движения"),
    ("overwintering moves in the Winter step", "зимние перемещения на шаге зимы"),
    ("at the end of the year, offer peace if you then may", "в конце года — предложить мир, если тогда будет можно"),
    (
        "at the end of the year, continuing Events of yours to discard",
        "в конце года — ваши длящиеся события для сброса",
    ),
    (
        "withdraw into the city, or fight outside, or the blocks that withdraw",
        "укрыться в городе, биться снаружи или какие блоки укрываются",
    ),
    ("cities that capitulate if assaulted", "города, которые капитулируют при штурме"),
    // fields' helps with their rule (quoted by a diagnostic of a wrong value)
    (
        "1.0: what the Event is played on (a place or an Olympian), when the card asks for one",
        "1.0: на что разыгрывается событие (место или олимпиец), когда карта этого требует",
    ),
    ("4.2: a step for a block, a new block in a city, or a garrison", "4.2: шаг блоку, новый блок в городе или гарнизон"),
    (
        "7.1: withdraw into the city, or fight outside, or the blocks that withdraw",
        "7.1: укрыться в городе, биться снаружи или какие блоки укрываются",
    ),
    (
        "7.4: at your own besieged port, join the besieged (walls, the default) or land and attack (field)",
        "7.4: у своего осаждённого порта — присоединиться к осаждённым (walls, по умолчанию) или высадиться и атаковать (field)",
    ),
    ("8.2: siege attrition against a city you besiege or blockade", "8.2: осадное истощение против города, который вы осаждаете или блокируете"),
    ("who takes hits first among equals", "кто первым получает попадания среди равных"),
    ("preferred retreat routes", "предпочтительные пути отступления"),
    ("blocks that leave a city before a siege", "блоки, которые покидают город перед осадой"),
    ("appeals to the Olympians", "обращения к олимпийцам"),
    (
        "standing orders; they replace your current ones whole",
        "постоянные приказы; они целиком заменяют нынешние",
    ),
    ("a player plays a card from his own hand", "игрок играет карту со своей руки"),
    ("the city", "город"),
    // ---- generic, last
    ("rule {}: {}", "правило {0}: {1}"),
    ("rule {}", "правило {0}"),
    ("{} is {}", "{0} {1}"),
    ("first", "первый"),
    ("second", "второй"),
];

#[cfg(test)]
mod tests {
    use dikast_core::kit::tr::sentence;

    #[test]
    fn cards_in_a_hint_are_named_in_russian() {
        assert_eq!(
            sentence(
                "did you mean Pericles? your hand: C01 Pericles",
                super::tongue()
            ),
            "возможно, имелось в виду Перикл? у вас на руке: C01 Перикл"
        );
    }

    #[test]
    fn sides_olympians_and_steps_are_declined() {
        let t = super::tongue();
        assert_eq!(
            sentence("it is Spring, the second player turn of Sparta", t),
            "сейчас весна, второй тур игрока: Спарта"
        );
        assert_eq!(
            sentence("you already have a sacrifice on Zeus", t),
            "у вас уже есть жертва Зевсу"
        );
        assert_eq!(
            sentence(
                "choose an Olympian you have no sacrifice on, e.g. Athena",
                t
            ),
            "выберите олимпийца, которому у вас нет жертвы, например Афину"
        );
    }
}
