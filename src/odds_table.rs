//! `dikast odds` as a table in the reader's language: the core writes the table
//! (`Odds::table_in`) from a language's words; English's are the core's own, Russian's
//! are here (the same rows and figures, Russian headings and a decimal comma). The words inside the rows (title,
//! rules, sides, armies) are the game's, already in the language it was asked for
//! (`--lang`, offered by the games that answer in it: docs/odds.md).

use crate::lang::Lang;
use crate::odds::{Odds, TableWords};

/// The answer as a table in `lang`, at most `top` outcomes listed.
pub fn table(o: &Odds, top: usize, lang: Lang) -> String {
    match lang {
        Lang::En => o.table(top),
        Lang::Ru => o.table_in(top, &RU),
    }
}

/// The table's words in Russian: the same rows and figures, a decimal comma.
const RU: TableWords = TableWords {
    pieces: "| участник | сторона | шаги | характеристики |",
    who_wins: "## Кто побеждает\n\n| победитель | вероятность | точно |",
    nobody: "никто",
    each: "## Каждый участник\n\n| участник | уничтожен | {out} | потеряно шагов (в среднем) |",
    outcomes: "## Исходы (всего {n}; сначала самые вероятные)\n\n| вероятность | точно | победитель | осталось шагов |",
    out: " вне",
    not_listed: "(менее вероятных исходов не показано: {n}; `--json --joint` даёт все.)",
    decimal: ",",
};
