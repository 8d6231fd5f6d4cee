//! `dikast odds` as a table in the reader's language: English is the core's own
//! (`Odds::table`, unchanged); Russian writes the same table, row for row and figure for
//! figure, with Russian headings and a decimal comma. The words inside the rows (title,
//! rules, sides, armies) are the game's, already in the language it was asked for
//! (`--lang`, offered by the games that answer in it: docs/odds.md).

use crate::lang::Lang;
use crate::odds::{Odds, Prob};
use num_traits::ToPrimitive;

/// The answer as a table in `lang`, at most `top` outcomes listed.
pub fn table(o: &Odds, top: usize, lang: Lang) -> String {
    match lang {
        Lang::En => o.table(top),
        Lang::Ru => table_ru(o, top),
    }
}

/// `12,50%`: two decimals, a decimal comma.
fn percent(p: &Prob) -> String {
    let f = p.to_f64().unwrap_or(0.0) * 100.0;
    format!("{f:.2}%").replace('.', ",")
}

/// `1/27`, or a whole number.
fn exact(p: &Prob) -> String {
    if p.is_integer() {
        p.numer().to_string()
    } else {
        format!("{}/{}", p.numer(), p.denom())
    }
}

const NOBODY: &str = "никто";

fn table_ru(o: &Odds, top: usize) -> String {
    let mut s = format!("# {}\n\n", o.title);
    for n in &o.notes {
        s.push_str(&format!("- {n}\n"));
    }
    s.push_str("\n| участник | сторона | шаги | характеристики |\n|---|---|---|---|\n");
    for b in &o.blocks {
        s.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            b.id, b.side, b.steps, b.rating
        ));
    }
    s.push_str("\n## Кто побеждает\n\n| победитель | вероятность | точно |\n|---|---|---|\n");
    for (w, p) in o.winners() {
        if w.is_none() && num_traits::Zero::is_zero(&p) {
            continue;
        }
        s.push_str(&format!(
            "| {} | {} | {} |\n",
            w.as_deref().unwrap_or(NOBODY),
            percent(&p),
            exact(&p)
        ));
    }
    s.push_str(&format!(
        "\n## Каждый участник\n\n| участник | уничтожен | {} | потеряно шагов (в среднем) |\n|---|---|---|---|\n",
        o.out_means
    ));
    for (b, (e, out, l)) in o.blocks.iter().zip(o.per_block()) {
        s.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            b.id,
            percent(&e),
            percent(&out),
            format!("{:.3}", l.to_f64().unwrap_or(0.0)).replace('.', ",")
        ));
    }
    if o.outcomes.is_empty() || top == 0 {
        return s;
    }
    s.push_str(&format!(
        "\n## Исходы (всего {}; сначала самые вероятные)\n\n| вероятность | точно | победитель | осталось шагов |\n|---|---|---|---|\n",
        o.outcome_count
    ));
    for x in o.outcomes.iter().take(top) {
        let left: Vec<String> = o
            .blocks
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let gone = x.out[i] && x.steps[i] > 0;
                format!("{} {}{}", b.id, x.steps[i], if gone { " вне" } else { "" })
            })
            .collect();
        s.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            percent(&x.p),
            exact(&x.p),
            x.winner.as_deref().unwrap_or(NOBODY),
            left.join(", ")
        ));
    }
    let shown = o.outcomes.len().min(top);
    if o.outcome_count > shown {
        s.push_str(&format!(
            "\n(менее вероятных исходов не показано: {}; `--json --joint` даёт все.)\n",
            o.outcome_count - shown
        ));
    }
    s
}
