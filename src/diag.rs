//! Diagnostics: problems in a user's file, each pointing at the exact place (file, line,
//! column, the words) with a help line, rendered by miette without colors so that the output
//! is stable for tests and logs.

use std::fmt::Write as _;
use std::sync::Arc;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};

/// A byte range in a source file with its 1-based line and column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    pub start: usize,
    pub len: usize,
    pub line: u32,
    pub col: u32,
}

/// One problem in a file.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub message: String,
    pub span: Option<Span>,
    /// What the label under the span says.
    pub label: Option<String>,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn new(message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic { message: message.into(), span: Some(span), label: None, help: None }
    }

    /// A problem with no place in the file (a file that cannot be read).
    pub fn global(message: impl Into<String>) -> Diagnostic {
        Diagnostic { message: message.into(), span: None, label: None, help: None }
    }

    #[must_use]
    pub fn label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    #[must_use]
    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }
}

/// A source file: its path as given by the user, and its text.
#[derive(Clone, Debug)]
pub struct Source {
    pub path: String,
    pub text: Arc<str>,
    /// The byte offset where each line starts, built on first use: finding a line is then a
    /// binary search, so placing every node of a large file stays linear.
    line_starts: Arc<std::sync::OnceLock<Vec<usize>>>,
}

impl Source {
    #[must_use]
    pub fn new(path: impl Into<String>, text: impl Into<Arc<str>>) -> Source {
        Source { path: path.into(), text: text.into(), line_starts: Arc::default() }
    }

    fn line_starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| std::iter::once(0).chain(self.text.match_indices('\n').map(|(i, _)| i + 1)).collect())
    }

    /// The span of `len` bytes starting at byte `start`, with its line and column.
    #[must_use]
    pub fn span_at(&self, start: usize, len: usize) -> Span {
        let mut start = start.min(self.text.len());
        while !self.text.is_char_boundary(start) {
            start -= 1;
        }
        let starts = self.line_starts();
        // The last line start at or before `start`.
        let line = starts.partition_point(|&s| s <= start);
        let line_start = starts[line - 1];
        let col = self.text[line_start..start].chars().count() + 1;
        Span { start, len, line: u32::try_from(line).unwrap_or(u32::MAX), col: u32::try_from(col).unwrap_or(u32::MAX) }
    }

    /// A reader of spans for places met from the start of the file to its end, as a parser
    /// meets its nodes: the same spans as [`Source::span_at`], each found from the one before.
    #[must_use]
    pub fn spans(&self) -> Spans<'_> {
        Spans { text: &self.text, starts: self.line_starts(), line: 0, at: 0, col: 1 }
    }

    /// The byte offset of a 1-based line and (character) column.
    #[must_use]
    pub fn offset_of(&self, line: u64, col: u64) -> usize {
        let mut offset = 0;
        for (i, l) in self.text.split_inclusive('\n').enumerate() {
            if (i as u64) + 1 == line {
                let skip = usize::try_from(col.saturating_sub(1)).unwrap_or(usize::MAX);
                return offset + l.char_indices().nth(skip).map_or(l.len(), |(b, _)| b);
            }
            offset += l.len();
        }
        self.text.len()
    }
}

/// Spans found from the place before ([`Source::spans`]): moving forward costs the lines and
/// characters passed over, so placing every node of a file costs about its length; moving
/// back starts again from the line table.
pub struct Spans<'a> {
    text: &'a str,
    starts: &'a [usize],
    /// The line (an index into `starts`) of `at`, a place whose column `col` is known.
    line: usize,
    at: usize,
    col: usize,
}

impl Spans<'_> {
    /// The span of `len` bytes starting at byte `start`, as [`Source::span_at`] gives it.
    pub fn at(&mut self, start: usize, len: usize) -> Span {
        let mut start = start.min(self.text.len());
        while !self.text.is_char_boundary(start) {
            start -= 1;
        }
        if start < self.at {
            self.line = self.starts.partition_point(|&s| s <= start) - 1;
            (self.at, self.col) = (self.starts[self.line], 1);
        } else if self.starts.get(self.line + 1).is_some_and(|&s| s <= start) {
            while self.starts.get(self.line + 1).is_some_and(|&s| s <= start) {
                self.line += 1;
            }
            (self.at, self.col) = (self.starts[self.line], 1);
        }
        self.col += self.text[self.at..start].chars().count();
        self.at = start;
        Span { start, len, line: u32::try_from(self.line + 1).unwrap_or(u32::MAX), col: u32::try_from(self.col).unwrap_or(u32::MAX) }
    }
}

/// Renders diagnostics as plain text: `error: message`, then the file, line and column with
/// the source lines, a caret under the words, and the help line.
#[must_use]
pub fn render(source: Option<&Source>, diags: &[Diagnostic]) -> String {
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100).with_context_lines(1);
    let mut out = String::new();
    for d in diags {
        let report = Rendered { diag: d, path: source.map(|s| s.path.clone()), source: source.map(named) };
        let mut s = String::new();
        if handler.render_report(&mut s, &report).is_err() {
            let _ = writeln!(s, "error: {}", d.message);
        }
        out.push_str(&s);
    }
    out
}

#[derive(Debug)]
struct Rendered<'a> {
    diag: &'a Diagnostic,
    path: Option<String>,
    source: Option<NamedSource<Arc<str>>>,
}

impl std::fmt::Display for Rendered<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.path, self.diag.span) {
            (Some(path), None) => write!(f, "{}: {}", path, self.diag.message),
            _ => f.write_str(&self.diag.message),
        }
    }
}

impl std::error::Error for Rendered<'_> {}

impl miette::Diagnostic for Rendered<'_> {
    fn help<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        self.diag.help.as_ref().map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.diag.span?;
        self.source.as_ref().map(|s| s as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let sp = self.diag.span?;
        self.source.as_ref()?;
        let span = SourceSpan::new(sp.start.into(), sp.len.max(1));
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(self.diag.label.clone(), span))))
    }
}

/// Wraps a source for miette's named-source rendering where a caller wants it.
#[must_use]
pub fn named(source: &Source) -> NamedSource<Arc<str>> {
    NamedSource::new(source.path.clone(), source.text.clone())
}

/// The nearest candidates to `word` (for "did you mean"), best first, at most three.
#[must_use]
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let lower = word.to_lowercase();
    let mut scored: Vec<(f64, &str)> = candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(&lower, &c.to_lowercase()), c))
        .filter(|(s, _)| *s > 0.75)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(3).map(|(_, c)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::Source;

    /// Line and column from the line table agree with counting from the start of the file.
    #[test]
    fn span_at_lines_and_columns() {
        let text = "a: 1\nbé: [x, y]\n\n  - z\nlast";
        let s = Source::new("f.yaml", text);
        for start in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
            let before = &text[..start];
            let line = before.matches('\n').count() + 1;
            let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            let span = s.span_at(start, 1);
            assert_eq!((span.line as usize, span.col as usize, span.start), (line, col, start), "at byte {start}");
        }
        // Past the end: the end.
        assert_eq!(s.span_at(999, 0).start, text.len());
    }

    /// Spans read forward, backward, from inside a character and past the end are those of
    /// `span_at`.
    #[test]
    fn spans_read_in_order_are_those_of_span_at() {
        let text = "a: 1\nbé: [x, y]\n\n  - zé\nlast";
        let s = Source::new("f.yaml", text);
        let mut order: Vec<usize> = (0..=text.len() + 2).collect();
        order.extend([3, 0, 9, 7, 8, 20, 2, 1, 99, 4]);
        let mut spans = s.spans();
        for start in order {
            let (a, b) = (spans.at(start, 2), s.span_at(start, 2));
            assert_eq!((a.start, a.len, a.line, a.col), (b.start, b.len, b.line, b.col), "at byte {start}");
        }
    }
}
