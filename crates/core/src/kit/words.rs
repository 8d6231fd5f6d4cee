//! Word tables of the report languages: a game's translations kept as data (YAML keyed by
//! the English text), loaded once and looked up with the English as the fallback, so a
//! moderator's own scenario is still reported whole in every language.

use std::collections::BTreeMap;

/// One language's words, keyed by their English text.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Words {
    table: BTreeMap<String, String>,
}

impl Words {
    /// Reads a flat `English: translation` YAML mapping (other entries are refused).
    pub fn load(name: &str, text: &str) -> Result<Words, String> {
        let table: BTreeMap<String, String> =
            serde_yaml::from_str(text).map_err(|e| format!("{name}: {e}"))?;
        Ok(Words { table })
    }

    /// The translation of `english`, or `english` itself.
    pub fn get<'a>(&'a self, english: &'a str) -> &'a str {
        self.table.get(english).map_or(english, String::as_str)
    }

    pub fn contains(&self, english: &str) -> bool {
        self.table.contains_key(english)
    }
}

/// Russian words a native reader and wargamer marked as calques or wrong terms (issue 32,
/// "Russian"; the terms of the Russian rule pages), each with what the text says instead.
/// dikast's Russian never holds the first of a pair: `tests/russian_words.rs` reads every
/// Russian report, template and notice it makes, and flags any of them.
pub const RU_CALQUES: &[(&str, &str)] = &[
    ("жетон", "код хода"),
    ("кости", "кубики"),
    ("костей", "кубиков"),
    ("Срок приказов", "Срок подачи приказов"),
    ("срок приказов", "срок подачи приказов"),
    ("разобран", "обсчитан"),
    ("разбора", "обсчёта"),
    ("Ход игрока", "Тур игрока"),
    ("приказано:", "использовано:"),
    ("стреляют", "атакуют"),
    ("стреляет", "атакует"),
    ("числом рейтинга", "рейтингом"),
    ("мольб", "обращение к олимпийцу"),
    ("просьба к", "обращение к"),
    ("просьбу", "обращение к олимпийцу"),
    ("просьбы к олимпийцам", "обращения к олимпийцам"),
    ("Продолжающееся событие", "Длящееся событие"),
    ("продолжающееся событие", "длящееся событие"),
    ("продолжающ", "длящ…"),
    ("не сверх максимума", "но не выше максимума"),
    ("найдено проблем", "найдена 1 ошибка / найдено 2 ошибки"),
    ("может быть,", "возможно, имелось в виду"),
    ("Ваша рука", "Карты на руке"),
    (", в бегство:", ", обращений в бегство:"),
    ("ни ваш блок, ни", "не ваш блок и не"),
    ("области рядом с", "соседние с … области"),
    ("не в начальный тур", "не в том туре, когда осада началась"),
    ("вложите", "приложите"),
    ("опустошённой строк", "очищенной строкой"),
    ("1 престиж.", "1 очко престижа."),
    ("действ.", "действие / действия / действий"),
    ("ждёт:", "Ход N: …"),
    ("ждут ваших приказов", "ожидаются ваши приказы"),
    (
        "всё ещё нет ваших приказов",
        "ваши приказы … ещё не получены",
    ),
    ("файле view", "файле позиции (view-…)"),
    ("файлу view", "файлу позиции (view-…)"),
    ("как велит", "согласно"),
    ("домашнее правило]", "[A] по умолчанию (домашнее правило)"),
    ("решает лишь", "определяет лишь то"),
    (
        "Штурм Предательства",
        "Штурм с предательством (карта «Предательство»)",
    ),
    ("Recorded in", "Записано в"),
    ("даёт действий:", "даёт 2 действия"),
    ("действие номер", "действие № 3"),
    ("Укрепление, ", "Афины: отход за стены Athens"),
    ("Бой в поле у города", "Афины: бой в поле у Plataea"),
    ("первый кубик (", "на первом кубике 2 (1–3: …)"),
    ("Ваша `entropy` выше", "Текст в поле `entropy`"),
    ("одной на олимпийца", "не больше одного на олимпийца"),
    (
        "на действия как жертву",
        "ради значения действий — как жертву",
    ),
    ("(действия: ", "(Действие 3)"),
    ("шаги 1/", "БС 1/…"),
    ("шаги 2/", "БС 2/…"),
    ("шаги 3/", "БС 3/…"),
    ("шаги 4/", "БС 4/…"),
    ("получает шаги", "получает БС"),
    ("<your block id>", "<id вашего блока>"),
    ("<block id>", "<id блока>"),
    ("<city>", "<город>"),
    ("<ids>", "<id блоков>"),
    ("<area>", "<область>"),
    ("<start>", "<начало>"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_falls_back_to_english() {
        let w = Words::load("t", "Athens: Афины\n").expect("table");
        assert_eq!(w.get("Athens"), "Афины");
        assert_eq!(w.get("Megara"), "Megara");
        assert!(Words::load("t", "- a\n").is_err());
    }
}
