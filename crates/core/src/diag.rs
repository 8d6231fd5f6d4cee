//! Input diagnostics: every problem with a file the user gave us, with its place.
//!
//! A diagnostic names the file, line and column, puts a caret under the offending text,
//! says which rule it breaks and how to fix it. Diagnostics are collected across all
//! files and rendered once (miette, no colour, fixed width, so output is byte-stable).
//! Rule outcomes are events, never diagnostics; I/O failures are `Failure`s.

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};
use std::fmt;
use std::sync::Arc;

/// The text of one input file, shared by every diagnostic pointing into it.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The name shown to the user (as given on the command line or relative to the campaign).
    pub name: String,
    /// The text (lossy UTF-8 when the bytes were not valid UTF-8).
    pub text: Arc<String>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        SourceFile {
            name: name.into(),
            text: Arc::new(text.into()),
        }
    }

    /// 1-based line and column (in characters) of a byte offset. Lines end as YAML ends
    /// them: `\n`, `\r\n` or a lone `\r`.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let text = self.text.as_str();
        let before = &text[..floor_char(text, offset.min(text.len()))];
        let lone_cr = before
            .match_indices('\r')
            .filter(|(i, _)| text.as_bytes().get(i + 1) != Some(&b'\n'))
            .count();
        let line = before.matches('\n').count() + lone_cr + 1;
        let start = before.rfind(['\n', '\r']).map_or(0, |i| i + 1);
        (line, before[start..].chars().count() + 1)
    }
}

/// The text with every CR that is not part of a CRLF replaced by a LF (same length).
fn lone_cr_to_lf(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(if c == '\r' && chars.peek() != Some(&'\n') {
            '\n'
        } else {
            c
        });
    }
    out
}

/// The span of the character at byte `at` (or before it, inside one; empty at the end
/// of the text): a caret that never ends inside a character or past the text.
pub fn char_span(text: &str, at: usize) -> (usize, usize) {
    let at = floor_char(text, at.min(text.len()));
    (at, at + text[at..].chars().next().map_or(0, char::len_utf8))
}

/// The largest char boundary at or before byte `i`.
pub fn floor_char(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// How grave a diagnostic is. An error makes the input invalid (`check` fails, the turn
/// is not adjudicated with it); a warning says something the user should know about input
/// that is valid (`check` passes and says "valid, with N warnings", adjudication goes on
/// and the side's report lists it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Severity {
    #[default]
    Error,
    Warning,
}

/// One problem with the input.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// Error (the default) or warning.
    pub severity: Severity,
    /// Stable machine code, e.g. `orders::unknown-place`.
    pub code: String,
    /// One sentence: what is wrong.
    pub message: String,
    /// Where: the file, and a byte range in it when the problem has a place.
    pub file: Option<SourceFile>,
    pub span: Option<(usize, usize)>,
    /// Short text printed beside the caret.
    pub label: Option<String>,
    /// The rule broken, e.g. `rule 7.4: besieged land blocks may only sortie (8.3)`.
    pub rule: Option<String>,
    /// How to fix it.
    pub help: Option<String>,
    /// The message as the check itself wrote it in other languages, by language code
    /// (`ru`), where it did (a game's refusal said in both); shown instead of a
    /// translation from phrase tables (`kit::tr`).
    pub message_in: Vec<(String, String)>,
}

impl Diagnostic {
    pub fn new(code: &str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            code: code.to_string(),
            message: message.into(),
            file: None,
            span: None,
            label: None,
            rule: None,
            help: None,
            message_in: Vec::new(),
        }
    }
    /// The same diagnostic as a warning: it does not make the input invalid.
    pub fn warning(mut self) -> Diagnostic {
        self.severity = Severity::Warning;
        self
    }
    /// Whether it makes the input invalid.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
    pub fn at(mut self, file: &SourceFile, span: (usize, usize)) -> Diagnostic {
        self.file = Some(file.clone());
        self.span = Some(span);
        self
    }
    pub fn in_file(mut self, file: &SourceFile) -> Diagnostic {
        self.file = Some(file.clone());
        self
    }
    pub fn label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }
    pub fn rule(mut self, rule: impl Into<String>) -> Diagnostic {
        self.rule = Some(rule.into());
        self
    }
    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }
    pub fn help_opt(mut self, help: Option<String>) -> Diagnostic {
        if help.is_some() {
            self.help = help;
        }
        self
    }

    /// `file:line:column` of the start, or the file name alone.
    pub fn location(&self) -> Option<String> {
        let f = self.file.as_ref()?;
        Some(match self.span {
            Some((s, _)) => {
                let (l, c) = f.line_col(s);
                format!("{}:{l}:{c}", f.name)
            }
            None => f.name.clone(),
        })
    }

    /// The diagnostic as the user sees it: miette's graphical report, no colour. A
    /// warning is marked `⚠ warning:` (miette's icon, and the word).
    pub fn render(&self) -> String {
        self.render_marked("warning")
    }

    /// `render`, a warning marked with `word` (the reader's language's `warning`).
    pub fn render_marked(&self, word: &str) -> String {
        // The place in the header is `location()`'s, the one every other output names:
        // miette's own would count columns in bytes, not characters.
        let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
            .with_width(100)
            .with_links(false)
            .without_primary_span_start();
        let mut out = String::new();
        let mut span = self.span;
        let src = self.file.as_ref().map(|f| -> Box<dyn miette::SourceCode> {
            let place = self.location().unwrap_or_else(|| f.name.clone());
            // A long line is shown clipped around the caret: miette would print it
            // whole (a 1 MB line for each diagnostic) and panics past column 65 535.
            if let Some((s, e)) = self.span {
                if let Some(w) = Window::around(&f.text, s, e, place.clone()) {
                    span = Some(w.span);
                    return Box::new(w);
                }
            }
            // miette would print a lone CR as it is (the terminal then overwrites the
            // line) and number the lines after it wrongly; a LF ends the line the same
            // and keeps every offset.
            Box::new(NamedSource::new(place, lone_cr_to_lf(&f.text)))
        });
        let marked;
        let d = if self.is_error() {
            self
        } else {
            marked = Diagnostic {
                message: format!("{word}: {}", self.message),
                ..self.clone()
            };
            &marked
        };
        let shown = Shown(d, src, span);
        if handler.render_report(&mut out, &shown).is_err() {
            let kind = if self.is_error() { "error" } else { word };
            out = format!("{kind}[{}]: {}\n", self.code, self.message);
        }
        if self.span.is_none() {
            if let Some(loc) = self.location() {
                out = format!("{out}  in {loc}\n");
            }
        }
        out
    }
}

/// The most diagnostics shown for one file: the rest are counted in one last diagnostic.
/// (Each rendering reads the file: a file of 100 000 bad keys must not take hours.)
pub const MAX_PER_FILE: usize = 50;

/// The first `MAX_PER_FILE` diagnostics of a file, and one saying how many more there
/// were.
pub fn cap(mut diags: Vec<Diagnostic>, file: &SourceFile) -> Vec<Diagnostic> {
    if diags.len() > MAX_PER_FILE {
        let more = diags.len() - MAX_PER_FILE;
        diags.truncate(MAX_PER_FILE);
        diags.push(
            Diagnostic::new(
                "input::too-many-problems",
                format!(
                    "{} has {more} more problem{} not shown",
                    file.name,
                    if more == 1 { "" } else { "s" }
                ),
            )
            .in_file(file)
            .help("fix the problems above and check again"),
        );
    }
    diags
}

/// Renders every diagnostic, in order, separated by blank lines, with a count at the end
/// (problems, then warnings when there are any).
pub fn render_all(diags: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diags {
        out.push_str(&d.render());
        out.push('\n');
    }
    let n = diags.iter().filter(|d| d.is_error()).count();
    out.push_str(&format!(
        "{n} problem{} found{}\n",
        if n == 1 { "" } else { "s" },
        match warnings(diags) {
            0 => String::new(),
            w => format!(", and {}", count_warnings(w)),
        }
    ));
    out
}

/// How many of `diags` are warnings.
pub fn warnings(diags: &[Diagnostic]) -> usize {
    diags.iter().filter(|d| !d.is_error()).count()
}

/// `1 warning`, `2 warnings`.
pub fn count_warnings(n: usize) -> String {
    format!("{n} warning{}", if n == 1 { "" } else { "s" })
}

/// The warnings alone, rendered, each followed by a blank line (what a `check` that
/// passes prints before saying the orders are valid).
pub fn render_warnings(diags: &[Diagnostic], word: &str) -> String {
    let mut out = String::new();
    for d in diags.iter().filter(|d| !d.is_error()) {
        out.push_str(&d.render_marked(word));
        out.push('\n');
    }
    out
}

/// The longest line a snippet shows whole, in characters; a longer one is clipped to
/// `SNIPPET_REACH` characters either side of the caret.
pub const SNIPPET_LINE: usize = 200;
const SNIPPET_REACH: usize = 60;

/// The lines around a caret on a long line, clipped, with their real line number: what
/// the snippet shows instead of the whole file.
struct Window {
    name: String,
    text: String,
    /// 0-based number of the window's first line.
    first_line: usize,
    lines: usize,
    /// The caret's span in `text`.
    span: (usize, usize),
}

impl Window {
    /// `None` when the caret's line and its neighbours are short enough to show whole.
    fn around(text: &str, s: usize, e: usize, name: String) -> Option<Window> {
        let s = floor_char(text, s.min(text.len()));
        let line_start = |at: usize| text[..at].rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let line_end = |at: usize| text[at..].find(['\n', '\r']).map_or(text.len(), |i| at + i);
        let ls = line_start(s);
        let le = line_end(s);
        let prev = (ls > 0).then(|| {
            let pe = if ls >= 2 && text.as_bytes()[ls - 2..ls] == *b"\r\n" {
                ls - 2
            } else {
                ls - 1
            };
            (line_start(pe), pe)
        });
        let next = (le < text.len()).then(|| {
            let ns = if text[le..].starts_with("\r\n") {
                le + 2
            } else {
                le + 1
            };
            (ns, line_end(ns))
        });
        let long = |(a, b): (usize, usize)| text[a..b].chars().nth(SNIPPET_LINE).is_some();
        let e_line = e.min(le).max(s);
        if !long((ls, le)) && !prev.is_some_and(long) && !next.is_some_and(long) {
            return None;
        }
        let head = |(a, b): (usize, usize)| {
            let t = &text[a..b];
            match t.char_indices().nth(SNIPPET_REACH * 2) {
                Some((i, _)) => format!("{}…", &t[..i]),
                None => t.to_string(),
            }
        };
        let mut out = String::new();
        if let Some(p) = prev {
            out.push_str(&head(p));
            out.push('\n');
        }
        // The caret's line: SNIPPET_REACH characters either side of the caret.
        let before: Vec<(usize, char)> = text[ls..s].char_indices().collect();
        let from = if before.len() > SNIPPET_REACH {
            out.push('…');
            ls + before[before.len() - SNIPPET_REACH].0
        } else {
            ls
        };
        out.push_str(&text[from..s]);
        let caret = out.len();
        let after = &text[s..le];
        let upto = after
            .char_indices()
            .nth(SNIPPET_REACH.max(text[s..e_line].chars().count().min(SNIPPET_REACH * 2)))
            .map_or(le, |(i, _)| s + i);
        out.push_str(&text[s..upto]);
        let span_end = caret + (e_line.min(upto) - s);
        if upto < le {
            out.push('…');
        }
        if let Some(n) = next {
            out.push('\n');
            out.push_str(&head(n));
        }
        let first_line = {
            let f = SourceFile::new("", text);
            f.line_col(s).0 - 1 - usize::from(prev.is_some())
        };
        Some(Window {
            name,
            lines: out.matches('\n').count() + 1,
            text: out,
            first_line,
            span: (caret, span_end),
        })
    }
}

impl miette::SourceCode for Window {
    fn read_span<'a>(
        &'a self,
        _span: &SourceSpan,
        _before: usize,
        _after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            self.text.as_bytes(),
            SourceSpan::new(0.into(), self.text.len()),
            self.first_line,
            0,
            self.lines,
        )))
    }
}

/// Adapter that gives miette what it needs without making `Diagnostic` itself depend on
/// it: the diagnostic, the source to show and the caret's span in it.
struct Shown<'a>(
    &'a Diagnostic,
    Option<Box<dyn miette::SourceCode>>,
    Option<(usize, usize)>,
);

impl fmt::Debug for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.message)
    }
}
impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.message)
    }
}
impl std::error::Error for Shown<'_> {}

impl miette::Diagnostic for Shown<'_> {
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.0.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(&self.0.code))
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        let d = self.0;
        let text = match (&d.rule, &d.help) {
            (Some(r), Some(h)) => format!("{r}\n{h}"),
            (Some(r), None) => r.clone(),
            (None, Some(h)) => h.clone(),
            (None, None) => return None,
        };
        Some(Box::new(text))
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.2?;
        self.1.as_deref()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let (s, e) = self.2?;
        let len = e.saturating_sub(s).max(1);
        let span = SourceSpan::new(s.into(), len);
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            self.0.label.clone(),
            span,
        ))))
    }
}

/// Edit distance, for "did you mean" hints.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The closest candidate to `word`, if close enough to be a likely typo.
pub fn did_you_mean<'a, I: IntoIterator<Item = &'a str>>(
    word: &str,
    candidates: I,
) -> Option<String> {
    let w = word.trim();
    let limit = (w.chars().count() / 3).max(1) + 1;
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = edit_distance(w, c);
        let prefix = c.to_lowercase().starts_with(&w.to_lowercase()) && w.chars().count() >= 3;
        let d = if prefix { d.min(1) } else { d };
        if d <= limit && best.is_none_or(|(bd, bc)| d < bd || (d == bd && c < bc)) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn many_problems_are_capped() {
        let f = SourceFile::new("o.yaml", "a: 1\n");
        let many = vec![Diagnostic::new("t::x", "m").at(&f, (0, 1)); MAX_PER_FILE + 7];
        let shown = cap(many, &f);
        assert_eq!(shown.len(), MAX_PER_FILE + 1);
        assert_eq!(shown[MAX_PER_FILE].code, "input::too-many-problems");
        assert_eq!(
            shown[MAX_PER_FILE].message,
            "o.yaml has 7 more problems not shown"
        );
        let few = vec![Diagnostic::new("t::x", "m"); MAX_PER_FILE];
        assert_eq!(cap(few, &f).len(), MAX_PER_FILE);
    }

    #[test]
    fn a_warning_is_marked_and_counted_apart_from_problems() {
        let f = SourceFile::new("o.yaml", "a: 1\n");
        let w = Diagnostic::new("t::w", "heed this")
            .at(&f, (0, 1))
            .warning();
        let e = Diagnostic::new("t::e", "wrong").at(&f, (3, 4));
        assert!(!w.is_error() && e.is_error());
        let r = w.render();
        assert!(r.contains("⚠ warning: heed this"), "{r}");
        assert!(!e.render().contains("warning"), "{}", e.render());
        assert!(w
            .render_marked("предупреждение")
            .contains("⚠ предупреждение: heed this"));
        let all = render_all(&[e.clone(), w.clone()]);
        assert!(all.ends_with("1 problem found, and 1 warning\n"), "{all}");
        assert!(render_all(&[e]).ends_with("\n1 problem found\n"));
        assert_eq!(
            render_warnings(&[w.clone(), w], "warning")
                .matches("⚠")
                .count(),
            2
        );
    }

    #[test]
    fn a_char_span_covers_one_whole_character() {
        let t = "a🏛b";
        assert_eq!(char_span(t, 1), (1, 5));
        assert_eq!(char_span(t, 2), (1, 5));
        assert_eq!(char_span(t, 5), (5, 6));
        assert_eq!(char_span(t, 6), (6, 6));
        assert_eq!(char_span(t, 99), (6, 6));
    }

    #[test]
    fn the_rendered_place_is_the_located_one() {
        // Columns count characters, not bytes; a lone CR ends a line as in YAML.
        let f = SourceFile::new("o.yaml", "a: Αθήνα, Potidea\rb: x\r\nc: y\n");
        let at = f.text.find("Potidea").unwrap();
        assert_eq!(f.line_col(at), (1, 11));
        let d = Diagnostic::new("t::x", "m").at(&f, (at, at + 7));
        assert_eq!(d.location().as_deref(), Some("o.yaml:1:11"));
        assert!(d.render().contains("[o.yaml:1:11]"), "{}", d.render());
        let x = f.text.find('x').unwrap();
        assert_eq!(f.line_col(x), (2, 4));
        let y = f.text.find('y').unwrap();
        assert_eq!(f.line_col(y), (3, 4));
        let d = Diagnostic::new("t::x", "m").at(&f, (y, y + 1));
        assert!(d.render().contains("[o.yaml:3:4]"), "{}", d.render());
        // The snippet shows the lone CR as a line end, never as a raw CR.
        let d = Diagnostic::new("t::x", "m").at(&f, (x, x + 1));
        let r = d.render();
        assert!(
            r.contains(" 2 │ b: x\n") && !r.contains("Potidea\r"),
            "{r:?}"
        );
    }

    #[test]
    fn a_caret_on_a_long_line_shows_a_clipped_snippet() {
        // Column 70 000 made miette panic, and each snippet reprinted the whole line.
        let line = format!("a: [{}x]", "b, ".repeat(30_000));
        let f = SourceFile::new("o.yaml", format!("game: g\n{line}\nturn: 3\n"));
        let at = f.text.rfind('x').unwrap();
        let d = Diagnostic::new("t::x", "m")
            .at(&f, (at, at + 1))
            .label("this");
        let r = d.render();
        assert!(r.contains("[o.yaml:2:90005]"), "{r}");
        assert!(r.len() < 1_000, "{} bytes: {r}", r.len());
        assert!(r.contains(" 1 │ game: g\n"), "{r}");
        assert!(r.contains(" 2 │ …b, b, ") && r.contains("x]\n"), "{r}");
        assert!(r.contains(" 3 │ turn: 3"), "{r}");
        // The caret stands under the x.
        let row = r.lines().find(|l| l.contains("x]")).unwrap();
        let under = r.lines().skip_while(|l| !l.contains("x]")).nth(1).unwrap();
        let col = |s: &str, c: char| s.chars().position(|x| x == c).unwrap();
        assert_eq!(col(row, 'x'), col(under, '┬'), "{r}");
        // A caret at the start of a long line, and a short line beside a long one.
        let f = SourceFile::new("o.yaml", format!("{line}\nb: 1\n"));
        let d = Diagnostic::new("t::x", "m").at(&f, (0, 1));
        assert!(d.render().len() < 1_000);
        // A line before ending in a character of several bytes.
        let g = SourceFile::new("o.yaml", format!("side: 🏛\u{fe0f}\n{line}\n"));
        let at = g.text.rfind('x').unwrap();
        assert!(Diagnostic::new("t::x", "m")
            .at(&g, (at, at + 1))
            .render()
            .contains("🏛"));
        let b = f.text.find("b: 1").unwrap();
        let r = Diagnostic::new("t::x", "m").at(&f, (b, b + 1)).render();
        assert!(r.len() < 1_000 && r.contains(" 2 │ b: 1"), "{r}");
    }
}
