//! The orders template in Russian (`dikast template VIEW --lang ru`): the English template
//! with every comment put into Russian, the YAML itself untouched (keys, verbs, ids, place
//! names and values stay as the checker reads them, so the Russian skeleton is the same
//! orders file). Card names and Event texts come from the reports' word table; the
//! sentences from the table below, longest first, applied only after a line's `#`.

use super::words;
use crate::model::scenario::Scenario;
use dikast_core::lang::Lang;

/// English fragments of the template's comments and their Russian, in the order they are
/// tried (a longer fragment before any fragment it contains).
const PHRASES: &[(&str, &str)] = &[
    // Orders' words stay as written, in code; placeholders in Russian.
    (
        "- assault: <city> | - attrition: <city> | - sortie: { from: <city>, blocks: [<ids>] }",
        "`- assault: <город>` | `- attrition: <город>` | `- sortie: { from: <город>, blocks: [<id блоков>] }`",
    ),
    ("(assault at ", "(`assault` в "),
    ("(attrition at ", "(`attrition` в "),
    ("(sortie from ", "(`sortie` из "),
    (
        "Setup: nothing to decide. Your `entropy` above feeds the dice of the deal.",
        "Подготовка: решать нечего. Текст в поле `entropy` используется при раздаче карт.",
    ),
    (
        "Initiative: play one card of your hand, for its Action value or its Event.",
        "Инициатива: сыграйте одну карту с руки — на действия или как событие.",
    ),
    (
        "The lower Action value goes first; an Event counts 0; ties:",
        "Первым ходит меньшее значение действий; событие считается за 0; при равенстве —",
    ),
    ("Your hand:", "Карты на руке:"),
    ("<card>", "<карта>"),
    ("<Olympian>", "<олимпиец>"),
    (
        "Your choice: remove the `# ` before the lines below and fill them in (a file without them is refused).",
        "Ваш выбор: уберите `# ` в начале строк ниже и заполните их (файл без них будет отклонён).",
    ),
    (
        "for its Event, `target:` one of:",
        "как событие — `target:`, одно из:",
    ),
    (
        "for its Event: no target is open to you now",
        "как событие: сейчас вам не доступна ни одна цель",
    ),
    (
        "action | event (with `target:` when the Event asks for one)",
        "action | event (с `target:`, если событию нужна цель)",
    ),
    (
        "a card id or name from your hand",
        "номер или название карты с вашей руки",
    ),
    (
        "player turn: send standing orders if you want to change them.",
        "— тур игрока: пришлите постоянные приказы, если хотите их изменить.",
    ),
    (
        "The game is over: nothing to send.",
        "Игра окончена: присылать нечего.",
    ),
    (
        "Standing orders (optional; they replace your current ones whole):",
        "Постоянные приказы (по желанию; заменяют ваши нынешние целиком):",
    ),
    (
        "per city you control: walls | field (default walls)",
        "для каждого вашего города: `walls` (в стенах) | `field` (в поле); по умолчанию `walls`",
    ),
    (
        "cities whose defenders capitulate if assaulted",
        "города, чьи защитники капитулируют при штурме",
    ),
    (
        "port: [fleets, carried land blocks] that sail out if assaulted",
        "порт: [флоты, перевозимые сухопутные блоки], которые уходят при штурме",
    ),
    (
        "who takes hits first among equals",
        "кто первым получает попадания среди равных",
    ),
    (
        "area: preferred retreat area",
        "область: куда предпочтительно отступать",
    ),
    ("11.0 e.g.", "11.0 например"),
    ("Cities you control:", "Ваши города:"),
    ("Your player turn:", "Ваш тур:"),
    (
        "action(s) (1.0: your card's Action value; none after an Event).",
        "действ. (1.0: значение действий вашей карты; после события — ни одного).",
    ),
    (
        "Each action is one list item under `actions:`:",
        "Каждое действие — один пункт списка под `actions:`:",
    ),
    (
        "land 2 areas, cavalry 3; a move ends where enemy blocks stand",
        "по суше 2 области, конница 3; движение кончается там, где стоят вражеские блоки",
    ),
    ("up to 5 seas", "до 5 морей"),
    (
        "a step for a block in a city you control",
        "шаг блоку в вашем городе",
    ),
    (
        "a new block drawn blind from your pool",
        "новый блок вслепую из вашего пула",
    ),
    ("a garrison in a captured city", "гарнизон во взятом городе"),
    (
        "the land of an enemy city you besiege",
        "земли вражеского города, который вы осаждаете",
    ),
    (
        "Where your blocks can go in one move:",
        "Куда ваши блоки могут дойти за одно движение:",
    ),
    (
        "Siege combat (8.0-8.3), one item each:",
        "Осадный бой (8.0–8.3), по пункту на каждый:",
    ),
    (
        "No siege combat is open to you now (no siege of yours, none of your blocks besieged).",
        "Осадный бой вам сейчас недоступен (ни вашей осады, ни ваших осаждённых блоков).",
    ),
    (
        "Siege combat open to you now:",
        "Осадный бой, доступный вам сейчас:",
    ),
    ("some or all;", "некоторые или все;"),
    ("not now:", "не сейчас:"),
    (
        "is a port and is not blockaded",
        "— порт, и он не блокирован",
    ),
    (
        "New Year: play one card of your hand, revealed with the other side's.",
        "Новый год: сыграйте одну карту с руки; она откроется вместе с картой другой стороны.",
    ),
    (
        "For its Event (not a Revolt; a combat Event does nothing: no combat phase), or for its",
        "Как событие (не Восстание; боевое событие ничего не даёт: фазы боя нет) или ради",
    ),
    (
        "Action value as a sacrifice (10.4.1): a spare garrison block on the Olympian you name,",
        "значения действий — как жертву (10.4.1): запасной блок гарнизона на названного вами олимпийца,",
    ),
    (
        "at most one per Olympian, kept until an appeal (11.0) uses it. The value only decides",
        "не больше одного на олимпийца, хранится до обращения к олимпийцу (11.0). Значение карты определяет лишь то,",
    ),
    ("who sacrifices first.", "кто приносит жертву первым."),
    ("The Olympians:", "Олимпийцы:"),
    ("(you have a sacrifice here)", "(здесь есть ваша жертва)"),
    ("[A] house default", "[A] по умолчанию (домашнее правило)"),
    (
        "the cards dealt at the year's start",
        "карты, розданные в начале года",
    ),
    (
        "new blocks drawn from the pool",
        "новые блоки, вытянутые из пула",
    ),
    (
        "land-battle dice (field battles, sorties)",
        "кубики сухопутных битв (полевые битвы, вылазки)",
    ),
    ("naval-battle dice", "кубики морских битв"),
    ("assault dice", "кубики штурма"),
    ("siege attrition dice", "кубики осадного истощения"),
    (
        "other dice (peace offers, Events)",
        "прочие кубики (мирные предложения, события)",
    ),
    (
        "action (a sacrifice) | event",
        "`action` (жертва) | `event` (событие)",
    ),
    (
        "action | event",
        "`action` (на действия) | `event` (как событие)",
    ),
    (
        "the Olympian (with for: action)",
        "олимпиец (при `for: action`)",
    ),
    (
        "Winter (9.x, page 9): one turn for both sides, resolved in this order:",
        "Зима (9.x, стр. 9): один ход для обеих сторон, в таком порядке:",
    ),
    (
        "the winter moves of both sides at once (free; they pass enemy forces without combat);",
        "зимние передвижения обеих сторон сразу (бесплатно; мимо врага без боя);",
    ),
    (
        "the first winter combat phase: Return battles, then sorties (8.3);",
        "первая зимняя фаза боя: битвы возвращения, затем вылазки (8.3);",
    ),
    (
        "the second: siege attrition (8.2: each 1-3 hits; Supplied besiegers only, 9.22);",
        "вторая: осадное истощение (8.2: попадание на 1–3; только снабжённые осаждающие, 9.22);",
    ),
    (
        "blocks without winter quarters:",
        "блоки без зимних квартир:",
    ),
    ("the first winter combat phase", "первая зимняя фаза боя"),
    ("the second winter combat phase", "вторая зимняя фаза боя"),
    (
        "Your blocks that must winter (a block no order names makes its default move):",
        "Ваши блоки, которым нужно зимовать (блок без приказа делает ход по умолчанию):",
    ),
    (
        "All your blocks can winter where they stand.",
        "Все ваши блоки могут зимовать там, где стоят.",
    ),
    (
        "to its home city, by the shortest route (or give `path:`)",
        "в родной город кратчайшим путём (или укажите `path:`)",
    ),
    (
        "an adjacent city your side controls",
        "соседний город вашей стороны",
    ),
    ("no move", "без движения"),
    ("(no winter quarters)", "(нет зимних квартир)"),
    ("quarter to:", "квартиры:"),
    ("default", "по умолчанию"),
    ("home", "дом"),
    ("none", "нет"),
    ("(fleet)", "(флот)"),
    ("besieged since Spring", "в осаде с весны"),
    ("besieged since Early Summer", "в осаде с раннего лета"),
    ("besieged since Late Summer", "в осаде с позднего лета"),
    ("besieged since Fall", "в осаде с осени"),
    ("besieged since Winter", "в осаде с зимы"),
    ("besieged since", "в осаде с"),
    (
        "The editor checks them as you type against",
        "Редактор проверяет их при наборе по",
    ),
    ("the end of the year", "конец года"),
    ("Discard (9.53):", "Сброс (9.53):"),
    ("Peace offer", "Мирное предложение"),
    (" BC", " г. до н. э."),
    ("Spring", "весна"),
    ("Early Summer", "раннее лето"),
    ("Late Summer", "позднее лето"),
    ("Fall", "осень"),
    ("Winter", "зима"),
    ("New Year", "Новый год"),
    (" at ", " в "),
];

/// The placeholders of the commented-out orders (`#   - build: <city>`) in Russian
/// (issue 32, Russian 33: no English placeholder in Russian help).
const PLACEHOLDERS: &[(&str, &str)] = &[
    ("<coastal area>", "<прибрежная область>"),
    ("<land ids>", "<id сухопутных блоков>"),
    ("<block id>", "<id блока>"),
    ("<fleets>", "<флоты>"),
    ("<start>", "<начало>"),
    ("<area>", "<область>"),
    ("<city>", "<город>"),
    ("<sea>", "<море>"),
    ("<ids>", "<id блоков>"),
];

/// `line` with its placeholders in Russian, its trailing `# …` comment kept in the column
/// it stood in where the spaces before it allow.
fn placeholders(line: &str) -> String {
    let mut t = line.to_string();
    for (en, ru) in PLACEHOLDERS {
        t = t.replace(en, ru);
    }
    let col = |s: &str| s.find("  # ").map(|i| s[..i].chars().count());
    if let (Some(before), Some(after)) = (col(line), col(&t)) {
        if after > before {
            // The `#` of the comment, and the spaces before it (one stays).
            let hash = t.find("  # ").map_or(0, |i| i + 2);
            let start = t[..hash].trim_end().len();
            let cut = (after - before).min((hash - start).saturating_sub(1));
            t.replace_range(start..start + cut, "");
        }
    }
    t
}

/// A hand's card line `#   C17  Long Walls  (Action 1)  Event: …` in Russian.
fn card_line(line: &str) -> Option<String> {
    let rest = line.strip_prefix("#   ")?;
    let (id, rest) = rest.split_once("  ")?;
    let (name, rest) = rest.split_once("  (Action ")?;
    let (action, event) = rest.split_once(")  Event: ")?;
    Some(format!(
        "#   {id}  {}  (Действие {action})  Событие: {}",
        words::text(name, Lang::Ru),
        words::text(event, Lang::Ru)
    ))
}

/// `# Your player turn: 2 action(s) (…)` as «Ваш тур: 2 действия (…)», the noun agreeing
/// with the number.
fn turn_line(line: &str) -> Option<String> {
    let rest = line.strip_prefix("# Your player turn: ")?;
    let (n, rest) = rest.split_once(" action(s) ")?;
    let n: u32 = n.parse().ok()?;
    let why = rest
        .strip_prefix("(1.0: your card's Action value; none after an Event).")
        .map(|_| "(1.0: значение действий вашей карты; после события — ни одного).")?;
    Some(format!(
        "# Ваш тур: {} {why}",
        Lang::Ru.count(n, ["", ""], ["действие", "действия", "действий"])
    ))
}

/// A line of the Olympians' list, `#   Apollo    new blocks …`, with the Russian name
/// padded to the longest Russian name, so the second column stays aligned.
fn olympian_line(line: &str, sc: &Scenario) -> Option<String> {
    let rest = line.strip_prefix("#   ")?;
    let gods = &sc.params.olympians.gods;
    let g = gods.iter().find(|g| {
        rest.strip_prefix(g.name.as_str())
            .is_some_and(|r| r.starts_with(' ') && !r.trim_start().starts_with('('))
    })?;
    let width = gods
        .iter()
        .map(|g| words::text(&g.name, Lang::Ru).chars().count())
        .max()
        .unwrap_or(0);
    let what = rest[g.name.len()..].trim_start();
    Some(format!(
        "#   {:<width$}  {}",
        words::text(&g.name, Lang::Ru),
        comment(what, sc)
    ))
}

/// One comment in Russian.
fn comment(text: &str, sc: &Scenario) -> String {
    let mut t = text.to_string();
    for (en, ru) in PHRASES.iter().copied() {
        t = t.replace(en, ru);
    }
    t = places_in(&placeholders(&t));
    // Olympians and sides by the reports' names.
    for g in &sc.params.olympians.gods {
        let ru = words::text(&g.name, Lang::Ru);
        t = t.replace(&format!("   {} ", g.name), &format!("   {ru} "));
    }
    for s in &sc.sides {
        let ru = words::side(sc, &s.id, Lang::Ru, words::Case::Nom);
        t = t
            .replace(
                &format!("{}'s — тур игрока", s.name),
                &format!("Тур игрока — {ru}"),
            )
            .replace(
                &format!("при равенстве — {}.", s.name),
                &format!("при равенстве — {ru}."),
            );
    }
    t
}

/// A place after `в` («SPA-1 в Sparta: …», from ` at `) in its Russian form with the
/// map's name after it: «SPA-1 в Спарте (Sparta): …» (issue 32, Russian 25).
fn places_in(text: &str) -> String {
    let mut names: Vec<&String> = words::russian().places.keys().collect();
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    let mut t = text.to_string();
    for name in names {
        let at = format!(" в {name}");
        let mut out = String::new();
        let mut rest = t.as_str();
        while let Some(i) = rest.find(&at) {
            let end = i + at.len();
            let next = rest[end..].chars().next();
            out.push_str(&rest[..i]);
            if next.is_some_and(|c| c.is_alphanumeric() || c == '-') {
                out.push_str(&at);
            } else {
                out.push(' ');
                out.push_str(&words::place(name, Lang::Ru, words::At::In));
            }
            rest = &rest[end..];
        }
        out.push_str(rest);
        t = out;
    }
    t
}

/// The English template `en` with its comments in Russian.
pub fn russian(sc: &Scenario, en: &str) -> String {
    let mut out = String::new();
    for line in en.lines() {
        if let Some(c) = turn_line(line).or_else(|| olympian_line(line, sc)) {
            out.push_str(&c);
        } else if let Some(c) = card_line(line) {
            out.push_str(&c);
        } else if let Some(i) = line.find('#') {
            out.push_str(&line[..i]);
            out.push('#');
            out.push_str(&comment(&line[i + 1..], sc));
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}
