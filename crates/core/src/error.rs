//! Failures, kept apart from rule outcomes. Of the three kinds of failure dikast knows,
//! two are here: input diagnostics (`Input`, exit 1: every problem with a user's files,
//! each with its place) and operational errors (`Refused`, `Io`: exit 1; `Verify`: exit 3,
//! `verify`'s answer; `Mail`: exit 75, everything else was written). The third kind, rule
//! outcomes (a repulsed assault, a void order), are never failures: they are events.

use crate::diag::{render_all, Diagnostic};
use std::path::Path;

#[derive(Debug)]
pub enum Failure {
    /// Problems with the user's files, each with its place.
    Input(Vec<Diagnostic>),
    /// The same, already in the reader's language (`kit::tr`), shown with the count line
    /// in that language.
    InputIn(Vec<Diagnostic>, crate::lang::Lang),
    /// A request dikast will not carry out (a finished turn, a lock held, a missing file).
    Refused(String),
    /// The same, already worded in the reader's language, shown with the error mark and
    /// the "nothing was written" line in that language.
    RefusedIn(String, crate::lang::Lang),
    /// A verification found a difference.
    Verify(String),
    /// Reading or writing failed.
    Io(String),
    /// Mail could not be sent; everything else was written.
    Mail(String),
    /// The campaign is busy (another dikast holds its lock past the wait): nothing was
    /// done, and the same call may succeed later. Exit 75 (EX_TEMPFAIL), so that a mail
    /// server piping a message to `dikast receive` keeps it and retries.
    Busy(String),
    /// A command line asking for what does not exist (`dikast man nosuch`): exit 2, as
    /// clap's own usage errors.
    Usage(String),
    /// A command's whole answer when that answer is "no" (`dikast doctor` finding what a
    /// campaign lacks): printed on standard output as it is, exit 1.
    Report(String),
}

impl Failure {
    pub fn io(path: &Path, what: &str, e: std::io::Error) -> Failure {
        Failure::Io(format!("could not {what} {}: {e}", path.display()))
    }

    pub fn input(d: Diagnostic) -> Failure {
        Failure::Input(vec![d])
    }

    /// The process exit code (spec/pbem.md).
    pub fn exit_code(&self) -> i32 {
        match self {
            Failure::Input(_)
            | Failure::InputIn(..)
            | Failure::Refused(_)
            | Failure::RefusedIn(..)
            | Failure::Io(_)
            | Failure::Report(_) => 1,
            Failure::Verify(_) => 3,
            Failure::Usage(_) => 2,
            Failure::Mail(_) | Failure::Busy(_) => 75,
        }
    }

    /// What the user reads on standard error.
    pub fn render(&self) -> String {
        match self {
            Failure::Input(d) => render_all(d),
            Failure::InputIn(d, lang) => render_in(d, *lang),
            Failure::Refused(m) => format!("error: {m}\nnothing was written\n"),
            Failure::RefusedIn(m, lang) => format!(
                "{}: {m}\n{}\n",
                lang.pick("error", "ошибка"),
                lang.pick("nothing was written", "ничего не записано")
            ),
            Failure::Io(m) => format!("error: {m}\n"),
            Failure::Verify(m) => format!("verification failed: {m}\n"),
            Failure::Mail(m) => format!("mail: {m}\n"),
            Failure::Report(m) => m.clone(),
            Failure::Usage(m) => format!("error: {m}\n"),
            Failure::Busy(m) => format!("busy: {m}\nnothing was done; try again later (exit 75, EX_TEMPFAIL: a mail server retries)\n"),
        }
    }
}

/// Diagnostics already in `lang` (`kit::tr`), rendered, with the count line in `lang`.
pub fn render_in(diags: &[Diagnostic], lang: crate::lang::Lang) -> String {
    match lang {
        crate::lang::Lang::En => render_all(diags),
        crate::lang::Lang::Ru => {
            let mut out = String::new();
            for d in diags {
                out.push_str(&d.render_marked(warning_word(lang)));
                out.push('\n');
            }
            let errors = diags.iter().filter(|d| d.is_error()).count() as u32;
            // «найдена 1 ошибка», «найдено 2 ошибки», «найдено 5 ошибок».
            out.push_str(&format!(
                "{} {}",
                crate::lang::ru_form(errors, ["найдена", "найдено", "найдено"]),
                crate::lang::Lang::Ru.count(errors, ["", ""], ["ошибка", "ошибки", "ошибок"])
            ));
            match crate::diag::warnings(diags) {
                0 => out.push('\n'),
                w => out.push_str(&format!(", предупреждений: {w}\n")),
            }
            out
        }
    }
}

/// The word that marks a warning in `lang` (`warning:`, `предупреждение:`).
pub fn warning_word(lang: crate::lang::Lang) -> &'static str {
    lang.pick("warning", "предупреждение")
}
