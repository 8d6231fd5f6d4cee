//! Diagnostics in the reader's language. The checks write English only (the moderator's
//! language, and the one the bad-input snapshots hold); a Russian player's `check`, the
//! answers `receive` mails him and his report's invalid-orders section translate each
//! diagnostic when it is shown: message, label, rule and help are matched against a
//! table of English phrases with `{}` holes, and the Russian phrase is written with the
//! same facts (names, ids, numbers, places) in its `{0}`, `{1}` … holes. Code, file and
//! place are not touched, so a diagnostic says the same thing in both languages. A
//! phrase the tables do not know stays English (tests/bad_inputs.rs fails on one).

use crate::diag::Diagnostic;
use crate::lang::Lang;

/// English phrase → Russian phrase. `{}` in the English is a fact; `{N}` in the Russian
/// is the N-th fact, itself translated when a phrase matches it whole; `{N|form}` is the
/// N-th fact in a grammatical form the game's `Tongue::form` knows (`{0|dat}`: a side or
/// an Olympian in the dative, "жертва Зевсу"), else as `{N}`.
pub type Phrases = &'static [(&'static str, &'static str)];

/// A game's words for a diagnostic: its phrases, and its names (a card's, an Olympian's)
/// in the reader's language.
#[derive(Clone, Copy)]
pub struct Tongue {
    pub phrases: Phrases,
    pub name: fn(&str) -> Option<String>,
    /// A name (a side's, by its id or name; an Olympian's) in a form: `nom`, `gen`,
    /// `dat`, `acc`, `ins`, `loc`.
    pub form: fn(&str, &str) -> Option<String>,
}

impl Tongue {
    /// No words of its own: the kit's phrases only.
    pub const NONE: Tongue = Tongue {
        phrases: &[],
        name: |_| None,
        form: |_, _| None,
    };
}

/// The diagnostic `d` in `lang`: the shared phrases (`KIT`) and the game's.
pub fn diagnostic(d: &Diagnostic, lang: Lang, game: Tongue) -> Diagnostic {
    if lang == Lang::En {
        return d.clone();
    }
    let t = |s: &Option<String>| s.as_ref().map(|s| lines(s, game));
    let mut out = d.clone();
    // The check's own words in `lang`, when it wrote them; else the phrase tables.
    out.message = match d.message_in.iter().find(|(code, _)| code == lang.code()) {
        Some((_, m)) => m.clone(),
        None => lines(&d.message, game),
    };
    out.label = t(&d.label);
    out.rule = t(&d.rule);
    out.help = t(&d.help);
    out
}

/// Every diagnostic in `lang`, rendered, with the count line in `lang`.
pub fn render_all(diags: &[Diagnostic], lang: Lang, game: Tongue) -> String {
    let shown: Vec<Diagnostic> = diags.iter().map(|d| diagnostic(d, lang, game)).collect();
    crate::error::render_in(&shown, lang)
}

/// Each line of `s` in Russian (`sentence`).
fn lines(s: &str, game: Tongue) -> String {
    s.split('\n')
        .map(|l| sentence(l, game))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `s` in Russian when a phrase matches it whole, else `s`.
pub fn sentence(s: &str, game: Tongue) -> String {
    translate(s, game, 0).unwrap_or_else(|| s.to_string())
}

/// A phrase that matches: its weight (own letters, anchored ends), its Russian, its
/// English parts between holes, and the holes' texts.
type Match<'p, 's> = ((usize, usize), &'p str, Vec<&'p str>, Vec<&'s str>);

/// `s` by the phrase that matches it whole with the most words of its own (so `not
/// possible now` wins over `not {}`; among equals, one that begins and ends with its
/// own words, then the first listed).
fn translate(s: &str, game: Tongue, depth: usize) -> Option<String> {
    if depth > 8 {
        return None;
    }
    let mut best: Option<Match> = None;
    for (en, ru) in game.phrases.iter().chain(KIT.iter()) {
        // Cheap refusals first, without allocating: most phrases share no words with `s`.
        let (first, last) = match en.split_once("{}") {
            Some((a, _)) => (a, en.rsplit_once("{}").map_or("", |(_, b)| b)),
            None => (&en[..], &en[..]),
        };
        let n_holes = en.matches("{}").count();
        // Each hole holds one byte at least.
        if !s.starts_with(first) || !s.ends_with(last) || s.len() < en.len() - n_holes {
            continue;
        }
        // Its own letters, then whether it is held at its start and end by them.
        let anchored = usize::from(!first.is_empty()) + usize::from(!last.is_empty());
        let own = (en.len() - 2 * n_holes, anchored);
        if best.as_ref().is_some_and(|(n, ..)| *n >= own) {
            continue;
        }
        let parts: Vec<&str> = en.split("{}").collect();
        if let Some(facts) = holes(s, &parts) {
            best = Some((own, ru, parts, facts));
        }
    }
    let (_, ru, parts, facts) = best?;
    let mut out = ru.to_string();
    // Highest index first: `{1}` is not part of `{10}`.
    for (i, f) in facts.iter().enumerate().rev() {
        // A fact inside `code` is the player's or the file's text: kept as written.
        let quoted = parts[..=i]
            .iter()
            .map(|p| p.matches('`').count())
            .sum::<usize>()
            % 2
            == 1;
        let plain = if quoted && f.contains('`') {
            // Not one code span but several with words between (`sail` in `actions`).
            let t = fact(&format!("`{f}`"), game, depth);
            match t.strip_prefix('`').and_then(|t| t.strip_suffix('`')) {
                Some(inner) => inner.to_string(),
                None => f.to_string(),
            }
        } else if quoted {
            f.to_string()
        } else {
            fact(f, game, depth)
        };
        out = out.replace(&format!("{{{i}}}"), &plain);
        out = if quoted {
            formed(&out, i, f, &plain, Tongue::NONE)
        } else {
            formed(&out, i, f, &plain, game)
        };
    }
    Some(out)
}

/// `out` with each `{i|form}` replaced by the fact `f` in that form (`plain` when the
/// game has no such form of it).
fn formed(out: &str, i: usize, f: &str, plain: &str, game: Tongue) -> String {
    let open = format!("{{{i}|");
    let mut s = out.to_string();
    while let Some(a) = s.find(&open) {
        let Some(len) = s[a + open.len()..].find('}') else {
            break;
        };
        let form = &s[a + open.len()..a + open.len() + len];
        let word = (game.form)(f.trim(), form).unwrap_or_else(|| plain.to_string());
        s.replace_range(a..a + open.len() + len + 1, &word);
    }
    s
}

/// A hole's text in Russian: a phrase, a name (`Pericles`, `C01 Pericles`), a list of
/// them, or itself.
fn fact(f: &str, game: Tongue, depth: usize) -> String {
    if let Some(t) = translate(f, game, depth + 1) {
        return t;
    }
    let one = |w: &str| -> String {
        if let Some(n) = (game.name)(w) {
            return n;
        }
        // `C01 Pericles (3)`: the card's value after its name.
        let (w, tail) = match w.rfind(" (") {
            Some(i) if w.ends_with(')') => (&w[..i], &w[i..]),
            _ => (w, ""),
        };
        let named = match w.split_once(' ') {
            Some((id, name)) if id.chars().any(|c| c.is_ascii_digit()) => {
                (game.name)(name).map(|n| format!("{id} {n}"))
            }
            _ => (game.name)(w),
        };
        format!("{}{tail}", named.unwrap_or_else(|| w.to_string()))
    };
    f.split(", ").map(one).collect::<Vec<_>>().join(", ")
}

/// The holes' texts when `s` is `parts` joined by holes (each hole the shortest text
/// that lets the rest match, and never empty).
fn holes<'s>(s: &'s str, parts: &[&str]) -> Option<Vec<&'s str>> {
    // Cheap refusals first: most phrases share no words with `s`.
    let last = parts[parts.len() - 1];
    if !s.ends_with(last) || !parts.iter().all(|p| s.contains(p)) {
        return None;
    }
    let rest = s.strip_prefix(parts[0])?;
    if parts.len() == 1 {
        return rest.is_empty().then(Vec::new);
    }
    fill(rest, &parts[1..])
}

fn fill<'s>(s: &'s str, parts: &[&str]) -> Option<Vec<&'s str>> {
    let (lit, more) = (parts[0], &parts[1..]);
    if more.is_empty() {
        // The last hole ends where the last literal begins.
        let at = s.len().checked_sub(lit.len())?;
        return (at > 0 && s.is_char_boundary(at) && &s[at..] == lit).then(|| vec![&s[..at]]);
    }
    (1..=s.len())
        .filter(|i| s.is_char_boundary(*i))
        .find_map(|from| {
            let r = s[from..].strip_prefix(lit)?;
            let mut v = fill(r, more)?;
            v.insert(0, &s[..from]);
            Some(v)
        })
}

/// Phrases of the shared machinery: YAML, the orders' header, the shape checks of
/// `kit::forms`, the bounds, the did-you-mean.
pub const KIT: Phrases = &[
    // kinds of value (`Node::describe`, forms' `expected …`)
    ("a mapping", "отображение (ключ: значение)"),
    ("a list", "список"),
    ("a single value", "одно значение"),
    ("nothing (null)", "ничего (null)"),
    ("a name", "имя"),
    ("a name or a list of names", "имя или список имён"),
    ("a number", "число"),
    ("text in quotes", "текст в кавычках"),
    // did you mean
    ("did you mean {}? `{}` takes: {}", "возможно, имелось в виду {0}? `{1}` принимает: {2}"),
    ("did you mean {}?", "возможно, имелось в виду {0}?"),
    ("e.g. {}", "например, {0}"),
    ("rule {}: {}", "правило {0}: {1}"),
    // YAML
    ("this is not valid YAML: {}", "это не YAML: {0}"),
    // libyaml's words (unsafe-libyaml, as serde_yaml gives them)
    ("while parsing a flow sequence, expected ',' or ']'", "в списке в скобках ожидалась ',' или ']'"),
    ("while parsing a flow mapping, did not find expected ',' or '}'", "в отображении в скобках ожидалась ',' или '}'"),
    ("while parsing a block mapping, did not find expected key", "в отображении не найден ожидаемый ключ"),
    ("tabs disallowed within this context (block indentation)", "табуляция здесь не допускается (отступ блока)"),
    ("invalid indentation in quoted scalar", "неверный отступ в тексте в кавычках"),
    ("while parsing a block collection, did not find expected '-' indicator", "в списке не найден ожидаемый знак '-'"),
    ("while parsing node, found unknown anchor", "ссылка на неизвестный якорь"),
    ("while scanning a quoted scalar, found unexpected end of stream", "текст в кавычках не закрыт до конца файла"),
    ("mapping values are not allowed in this context", "здесь значение отображения не допускается"),
    ("the YAML breaks here", "здесь YAML ломается"),
    (
        "check the indentation and that every `key: value` has its colon and space",
        "проверьте отступы и что в каждой строке `key: value` есть двоеточие и пробел",
    ),
    ("the YAML nests deeper than {} levels", "YAML вложен глубже {0} уровней"),
    ("too deep", "слишком глубоко"),
    ("orders are a few levels deep at most", "приказы вложены не больше чем на несколько уровней"),
    ("a file must hold one YAML document", "в файле должен быть один документ YAML"),
    ("a second document starts here", "здесь начинается второй документ"),
    (
        "remove the `---` line and what follows, or send it as its own file",
        "удалите строку `---` и всё после неё или пришлите это отдельным файлом",
    ),
    ("YAML anchors (`&name`) are not allowed", "якоря YAML (`&name`) не допускаются"),
    ("anchor", "якорь"),
    ("write each value out in full", "напишите каждое значение полностью"),
    (
        "YAML tags (`!!str`, `!name`) are not allowed in orders",
        "теги YAML (`!!str`, `!name`) в приказах не допускаются",
    ),
    ("tag", "тег"),
    (
        "write the value alone: quotes make text (`\"5\"`), a plain number is a number",
        "напишите значение без тега: кавычки делают текст (`\"5\"`), простое число — число",
    ),
    ("{} is not UTF-8 text", "{0} — не текст в UTF-8"),
    ("{} is UTF-16 text, not UTF-8", "{0} — текст в UTF-16, а не в UTF-8"),
    ("byte {} at offset {} is not UTF-8", "байт {0} на смещении {1} — не UTF-8"),
    (
        "save the file as UTF-8 (any editor can: \"Save with encoding: UTF-8\")",
        "сохраните файл в UTF-8 (это умеет любой редактор: «Сохранить в кодировке UTF-8»)",
    ),
    (
        "{} holds a control character ({}), which YAML does not allow",
        "в {0} есть управляющий символ ({1}), а YAML его не допускает",
    ),
    ("{} here", "здесь {0}"),
    (
        "remove it: orders are plain text (was the file saved by a word processor?)",
        "удалите его: приказы — простой текст (не сохранён ли файл текстовым процессором?)",
    ),
    (
        "{} line {} is indented with NO-BREAK SPACE ({}) at column {}, which YAML does not read as a space",
        "{0}, строка {1}: отступ символом NO-BREAK SPACE ({2}, неразрывный пробел) в столбце {3}, а YAML не считает его пробелом",
    ),
    ("{} NO-BREAK SPACE", "{0} NO-BREAK SPACE (неразрывный пробел)"),
    (
        "indent with ordinary spaces (such spaces come with text pasted from an HTML mail or a word processor)",
        "делайте отступы обычными пробелами (неразрывные приходят с текстом, вставленным из письма в HTML или из текстового процессора)",
    ),
    (
        "{} is larger than {} bytes, the most dikast reads",
        "{0} больше {1} байт — больше, чем читает dikast",
    ),
    (
        "orders and game files are small text files: check that this is the right file",
        "приказы и файлы игры — небольшие текстовые файлы: проверьте, тот ли это файл",
    ),
    // the whole file
    (
        "{} holds no orders: it is empty or only comments",
        "в {0} нет приказов: он пуст или в нём одни комментарии",
    ),
    (
        "start from `dikast template`: it writes a correct skeleton",
        "начните с `dikast template`: он пишет верную заготовку",
    ),
    (
        "orders must be a mapping of `key: value` lines, found {}",
        "приказы — это строки `key: value` (ключ: значение), а найдено {0}",
    ),
    (
        "put a space after each key's colon (`game: demo-431`, not `game:demo-431`)",
        "ставьте пробел после двоеточия ключа (`game: demo-431`, а не `game:demo-431`)",
    ),
    ("`{}` is given twice in the same mapping", "`{0}` указан дважды в одном отображении"),
    ("already given on line {}", "уже указан в строке {0}"),
    ("merge the two into one entry", "объедините их в одну запись"),
    // bounds
    (
        "this value is {} characters long; a value in orders has at most {}",
        "в этом значении {0} символов; в приказах значение не длиннее {1}",
    ),
    ("{} characters from here", "{0} символов отсюда"),
    (
        "ids, places and labels are at most {} characters, `entropy` at most {}",
        "id, места и метки — не длиннее {0} символов, `entropy` — не длиннее {1}",
    ),
    (
        "this list has {} entries; a list in orders has at most {}",
        "в этом списке {0} элементов; в приказах список не длиннее {1}",
    ),
    (
        "this mapping has {} entries; a mapping in orders has at most {}",
        "в этом отображении {0} записей; в приказах отображение не длиннее {1}",
    ),
    ("{} entries from here", "{0} элементов отсюда"),
    (
        "these orders hold {} values; orders hold at most {}",
        "в этих приказах {0} значений; в приказах их не больше {1}",
    ),
    (
        "no turn needs that many orders: send only what your view names",
        "ни одному ходу не нужно столько приказов: присылайте только то, что называет ваш вид",
    ),
    (
        "no order needs that many: send only what your view names",
        "ни одному приказу не нужно столько: присылайте только то, что называет ваш вид",
    ),
    // the header
    ("the orders do not say `{}:`", "в приказах нет `{0}:`"),
    (
        "every orders file starts with game, turn, side and based_on; your view gives `{}`",
        "каждый файл приказов начинается с game, turn, side и based_on; `{0}` есть в вашем виде",
    ),
    (
        "these orders are for game `{}`, not `{}`",
        "эти приказы — для игры `{0}`, а не `{1}`",
    ),
    ("wrong game", "не та игра"),
    ("write `game: {}` (from your view)", "напишите `game: {0}` (из вашего вида)"),
    (
        "`turn` must be a plain number, and `{}` is not one",
        "`turn` — простое число, а `{0}` — нет",
    ),
    ("not a plain number", "не простое число"),
    (
        "write the number alone, without quotes, sign or leading zero: `turn: {}`",
        "напишите одно число, без кавычек, знака и нулей впереди: `turn: {0}`",
    ),
    (
        "these orders are for turn {}, but the game awaits turn {}",
        "эти приказы — на ход {0}, а игра ждёт хода {1}",
    ),
    ("the game awaits turn {}", "игра ждёт хода {0}"),
    (
        "write `turn: {}`; orders for another turn must be sent again",
        "напишите `turn: {0}`; приказы на другой ход нужно прислать заново",
    ),
    (
        "these orders are for turn {}, but they are checked against the view of turn {}, an older one",
        "эти приказы — на ход {0}, а проверяются по виду хода {1}, более старому",
    ),
    ("the view is of turn {}", "вид — хода {0}"),
    (
        "these orders are for {}, but they are checked as the orders of {}",
        "эти приказы — за сторону {0|nom}, а проверяются как приказы стороны {1|nom}",
    ),
    ("expected `{}`", "ожидалось `{0}`"),
    (
        "check them against {}'s own view, or fix `side:`",
        "проверяйте их по виду стороны {0|nom} или исправьте `side:`",
    ),
    (
        "`based_on` does not match the game file this turn awaits",
        "`based_on` не совпадает с файлом игры, которого ждёт этот ход",
    ),
    ("not this turn's game file", "не файл игры этого хода"),
    (
        "orders are written against the current view: its `based_on` names the game file",
        "приказы пишутся по текущему виду: его `based_on` называет файл игры",
    ),
    // kit::forms
    ("`{}` is not an order", "`{0}` — не приказ"),
    ("unknown key", "неизвестный ключ"),
    ("this step takes: {}", "на этом шаге принимаются: {0}"),
    ("`{}` is not part of `{}`", "`{0}` не входит в `{1}`"),
    ("`{}`: expected {}, found {}", "`{0}`: ожидалось {1}, а найдено {2}"),
    ("{} expected", "ожидалось: {0}"),
    ("expected {} here, found {}", "здесь ожидалось {0}, а найдено {1}"),
    ("`{}`: `{}` is not one of {}", "`{0}`: `{1}` — не одно из: {2}"),
    ("unknown word", "неизвестное слово"),
    ("`{}` in `{}` needs `{}`", "`{0}` в `{1}` требует `{2}`"),
    ("`{}` missing", "нет `{0}`"),
    ("`{}` is any text, not a list or mapping", "`{0}` — любой текст, а не список или отображение"),
    (
        "write `{}: \"anything you like\"`",
        "напишите `{0}: \"anything you like\"` (любой текст)",
    ),
    ("`{}` names no verb ({})", "в `{0}` нет глагола ({1})"),
    ("no verb", "нет глагола"),
    (
        "`{}` has two verbs, `{}` and `{}`: one order does one thing",
        "в `{0}` два глагола, `{1}` и `{2}`: один приказ делает одно дело",
    ),
    ("second verb", "второй глагол"),
    ("here", "здесь"),
    ("begin it with one of: {}", "начните его с одного из: {0}"),
    ("write `{}` as an order of its own", "напишите `{0}` отдельным приказом"),
    // pipeline's header checks, continued
    (
        "write `based_on: {}` (or at least its first 8 digits) and check your orders against the new view",
        "напишите `based_on: {0}` (или хотя бы его первые 8 цифр) и проверьте приказы по новому виду",
    ),
    (
        "check them against the view of turn {} (the view mailed with the last report); only orders meant for turn {} say `turn: {}`",
        "проверяйте их по виду хода {0} (он пришёл с последним отчётом); только приказы на ход {1} пишут `turn: {2}`",
    ),
    // kit::forms, the shapes' words
    ("a value", "значение"),
    ("a whole number of at least {}", "целое число не меньше {0}"),
    ("one of {}", "одно из: {0}"),
    ("a list of {}", "список {0}"),
    ("names", "имён"),
    ("values", "значений"),
    ("whole numbers", "целых чисел"),
    ("words ({})", "слов ({0})"),
    ("mappings", "отображений"),
    ("{} or a list of them", "{0} или их список"),
    ("{} or {}", "{0} или {1}"),
    ("{}: name at least {}", "{0}: назовите хотя бы {1}"),
    ("{}: name at least one", "{0}: назовите хотя бы один"),
    ("empty list", "пустой список"),
    ("{} needs `{}`", "в {0} нужен `{1}`"),
    ("`{}` is not part of {}", "`{0}` не входит в {1}"),
    ("did you mean {}? {} takes: {}", "возможно, имелось в виду {0}? {1} принимает: {2}"),
    ("{} takes: {}", "{0} принимает: {1}"),
    ("`{}` is not an order of this step: {}", "`{0}` — не приказ этого шага: {1}"),
    ("not this step", "не на этом шаге"),
    ("did you mean {}? this step takes: {}", "возможно, имелось в виду {0}? на этом шаге принимаются: {1}"),
    ("`{}` is not an order of {} ({})", "`{0}` — не приказ в {1} ({2})"),
    ("unknown verb", "неизвестный глагол"),
    ("{} names no verb ({})", "в {0} нет глагола ({1})"),
    ("`{}` in {}", "`{0}` в {1}"),
    ("`{}` in `{}`: {}", "`{0}` в `{1}`: {2}"),
    ("`{}` is not part of `{}` in `{}`", "`{0}` не входит в `{1}` в `{2}`"),
    ("did you mean {}? `{}` in `{}` takes: {}", "возможно, имелось в виду {0}? `{1}` в `{2}` принимает: {3}"),
    ("`{}` in `{}` takes: {}", "`{0}` в `{1}` принимает: {2}"),
    ("there is no side `{}` in this game", "в этой игре нет стороны `{0}`"),
    ("{} has two verbs, `{}` and `{}`: one order does one thing", "в {0} два глагола, `{1}` и `{2}`: один приказ делает одно дело"),
    ("there is no {} called `{}`", "нет такого: {0} `{1}`"),
    ("unknown {}", "неизвестно: {0}"),
    // a key's own words after its name (`path`: the start, then …)
    ("`{}`: {}", "`{0}`: {1}"),
    ("{}: {}", "{0}: {1}"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_the_check_wrote_in_russian_is_shown_as_written() {
        let f = crate::diag::SourceFile::new("o.yaml", "assault: Kyzikos\n");
        let d = crate::kit::breach::Breach::new("besieged-city", "§2", "Lysimachos is inside")
            .said_in(Lang::Ru, "Лисимах внутри стен")
            .diagnostic(&f, (9, 16));
        let ru = diagnostic(&d, Lang::Ru, Tongue::NONE);
        assert_eq!(ru.message, "Лисимах внутри стен");
        assert_eq!((ru.code.as_str(), ru.span), (d.code.as_str(), d.span));
        // English is the check's own words, untouched.
        assert_eq!(
            diagnostic(&d, Lang::En, Tongue::NONE).message,
            "Lysimachos is inside"
        );
        assert!(render_all(&[d], Lang::Ru, Tongue::NONE).contains("Лисимах внутри стен"));
    }

    #[test]
    fn facts_keep_their_places_and_are_translated_when_a_phrase_knows_them() {
        let t = Tongue {
            phrases: &[
                ("your hand: {}", "у вас на руке: {0}"),
                ("a sacrifice on {}", "жертва {0|dat}"),
            ],
            name: |w| (w == "Pericles").then(|| "Перикл".to_string()),
            form: |w, f| (w == "Zeus" && f == "dat").then(|| "Зевсу".to_string()),
        };
        assert_eq!(sentence("a sacrifice on Zeus", t), "жертва Зевсу");
        assert_eq!(sentence("a sacrifice on Hera", t), "жертва Hera");
        assert_eq!(
            sentence(
                "`standing`: `losses`: expected a name, found nothing (null)",
                t
            ),
            "`standing`: `losses`: ожидалось имя, а найдено ничего (null)"
        );
        assert_eq!(
            sentence("did you mean ATH-19?", t),
            "возможно, имелось в виду ATH-19?"
        );
        assert_eq!(
            sentence("did you mean Pericles?", t),
            "возможно, имелось в виду Перикл?"
        );
        assert_eq!(
            sentence("your hand: C01 Pericles, C02 Nicias", t),
            "у вас на руке: C01 Перикл, C02 Nicias"
        );
        assert_eq!(
            sentence("nothing known here at all", t),
            "nothing known here at all"
        );
    }
}
