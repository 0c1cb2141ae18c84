//! Reader for "General Rulings" digests: a heading (`General Rulings - 701`), then one bullet
//! per rule — `• 701.11a - text [CompRules 2009/07/08]` — with `Example:` lines indented
//! under it, each ending in its bracketed source. The numbers are those of the edition the
//! source names; [`super::alias`] maps them to the current numbering.
//!
//! Blank lines are ignored; any other line is reported with its line number.

use super::is_rule_number;
use super::text::{Warning, WarningKind, decode};

/// One bullet of a digest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigestEntry {
    /// The rule number as written (in the source's edition).
    pub number: String,
    pub text: String,
    /// The bracketed source, e.g. `CompRules 2009/07/08`.
    pub source: Option<String>,
    pub examples: Vec<String>,
    pub line: usize,
}

impl DigestEntry {
    /// The year of the source (`2009` from `CompRules 2009/07/08`), used as the edition of
    /// the entry's number.
    #[must_use]
    pub fn year(&self) -> Option<&str> {
        let s = self.source.as_deref()?;
        s.split(|c: char| !c.is_ascii_digit()).find(|w| w.len() == 4)
    }
}

/// A parsed digest.
#[derive(Clone, Debug, Default)]
pub struct Digest {
    /// The heading line, e.g. `General Rulings - 701`.
    pub heading: Option<String>,
    pub entries: Vec<DigestEntry>,
    pub warnings: Vec<Warning>,
}

/// Splits a trailing `[source]` off a text.
fn split_source(s: &str) -> (String, Option<String>) {
    let s = s.trim();
    if s.ends_with(']')
        && let Some(open) = s.rfind('[')
    {
        return (s[..open].trim_end().to_owned(), Some(s[open + 1..s.len() - 1].trim().to_owned()));
    }
    (s.to_owned(), None)
}

/// Parses a digest file's bytes (UTF-8, UTF-16 with BOM or Windows-1252; any line endings).
#[must_use]
pub fn parse_bytes(bytes: &[u8]) -> Digest {
    let (text, _, _) = decode(bytes);
    parse_str(&text)
}

/// Parses digest text.
#[must_use]
pub fn parse_str(text: &str) -> Digest {
    let mut d = Digest::default();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Line numbers must count CRLF as one line break.
    let normalized = text.replace("\r\n", "\n").replace('\r', "\n");
    for (i, raw) in normalized.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix('•').or_else(|| line.strip_prefix("* ")).or_else(|| line.strip_prefix("- ")) {
            let rest = rest.trim_start();
            let Some((number, body)) = rest.split_once(" - ").or_else(|| rest.split_once(" – ")) else {
                d.warnings.push(Warning {
                    line: n,
                    kind: WarningKind::Malformed,
                    message: "a bullet without ` - ` between the rule number and the text".into(),
                });
                continue;
            };
            let number = number.trim().trim_end_matches('.');
            if !is_rule_number(number) {
                d.warnings.push(Warning { line: n, kind: WarningKind::Malformed, message: format!("`{number}` is not a rule number") });
                continue;
            }
            let (text, source) = split_source(body);
            d.entries.push(DigestEntry { number: number.to_owned(), text, source, examples: Vec::new(), line: n });
        } else if let Some(ex) = line.strip_prefix("Example:") {
            let (text, _) = split_source(ex);
            match d.entries.last_mut() {
                Some(e) => e.examples.push(text),
                None => d.warnings.push(Warning { line: n, kind: WarningKind::Malformed, message: "an example before any ruling".into() }),
            }
        } else if d.heading.is_none() && d.entries.is_empty() {
            d.heading = Some(line.to_owned());
        } else {
            d.warnings.push(Warning {
                line: n,
                kind: WarningKind::Malformed,
                message: format!("expected `• NUMBER - text [source]` or `Example: …`, found `{}`", super::text::shorten(line, 50)),
            });
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_bullets_examples_and_sources() {
        let d = parse_str(
            "General Rulings - 9\r\n\r\n• 999.1 - Some words. [Source 2009/07/08]\r\n  Example: A case. [Source 2009/07/08]\r\n• 999.1a - More. \r\nstray\r\n• x - bad\r\n",
        );
        assert_eq!(d.heading.as_deref(), Some("General Rulings - 9"));
        assert_eq!(d.entries.len(), 2);
        assert_eq!(d.entries[0].text, "Some words.");
        assert_eq!(d.entries[0].year(), Some("2009"));
        assert_eq!(d.entries[0].examples, ["A case."]);
        assert_eq!(d.entries[1].source, None);
        let lines: Vec<usize> = d.warnings.iter().map(|w| w.line).collect();
        assert_eq!(lines, [6, 7]);
    }
}
