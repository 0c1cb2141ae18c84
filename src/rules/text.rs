//! Reader for the official Comprehensive Rules text file (`MagicCompRules YYYYMMDD.txt`) that a
//! user owns. `judge` never ships that text; it reads the user's copy to show full rules.
//!
//! The reader accepts every edition's TXT layout from 2009 on:
//!
//! - encodings: UTF-8 with or without a byte-order mark, UTF-16 LE or BE with a byte-order
//!   mark, and Windows-1252 (any file that is not valid UTF-8);
//! - line endings: CRLF, LF or bare CR;
//! - a title, the effective date ("These rules are effective as of …"), an introduction and a
//!   contents table, all skipped: the rules start where the contents' first entry
//!   (`1. Game Concepts`) appears the second time;
//! - sections (`1. Game Concepts`), rules (`100. General`), subrules (`100.1. …`) and lettered
//!   subrules (`100.1a …`), with or without blank lines between them (the 2009 files pack
//!   some), indented or not;
//! - examples (`Example: …`, indented by one space in 2009) after their rule, and indented
//!   continuation paragraphs;
//! - quirks of the real files: a stray dot after a letter (`119.1d.`) or a missing dot after
//!   a subrule number (`606.5 text`) — read, and noted;
//! - the glossary (a term line, then definition lines, entries separated by blank lines) and
//!   the credits after it, which are skipped.
//!
//! Nothing is dropped silently: a line that is none of the above becomes a [`Warning`] with
//! its line number (and its words are kept as a continuation of the rule before it).

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

/// One numbered entry of the rules: a section, rule, subrule or lettered subrule.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct CrRule {
    /// Normalized number: `1`, `100`, `100.1`, `100.1a` (no trailing dot).
    pub number: String,
    /// The rule's words. For sections and rules this is the title (`General`); continuation
    /// paragraphs follow on new lines.
    pub text: String,
    /// The examples after the rule, without the `Example:` label.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub examples: Vec<String>,
    /// 1-based line of the file where the rule starts.
    pub line: usize,
}

impl CrRule {
    /// The rule's words and its examples, as one string (for searching and comparing).
    #[must_use]
    pub fn full_text(&self) -> String {
        let mut s = self.text.clone();
        for e in &self.examples {
            s.push('\n');
            s.push_str(e);
        }
        s
    }
}

/// One glossary entry.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct GlossaryEntry {
    pub term: String,
    pub definition: String,
    pub line: usize,
}

/// What kind of problem a warning reports.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum WarningKind {
    /// A known irregularity of the official files, read as intended (`119.1d.`, `606.5 `).
    Quirk,
    /// A line the reader could not place; its words were kept with the rule before it.
    Malformed,
}

/// A line the reader found irregular.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Warning {
    pub line: usize,
    pub kind: WarningKind,
    pub message: String,
}

/// A parsed Comprehensive Rules document.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct CrText {
    /// The effective date as printed ("January 16, 2026"), when the file states one.
    pub effective: Option<String>,
    /// The effective date as `YYYY-MM-DD`, when it could be read.
    pub edition: Option<String>,
    /// The encoding the file was read in ("UTF-8 with BOM", "Windows-1252", …).
    pub encoding: String,
    /// The line endings found ("CRLF", "LF", "CR").
    pub line_endings: String,
    pub rules: Vec<CrRule>,
    pub glossary: Vec<GlossaryEntry>,
    pub warnings: Vec<Warning>,
    #[serde(skip)]
    by_number: HashMap<String, usize>,
}

impl CrText {
    /// Builds the lookup by number; call after deserializing.
    pub fn reindex(&mut self) {
        self.by_number.clear();
        for (i, r) in self.rules.iter().enumerate() {
            self.by_number.entry(r.number.clone()).or_insert(i);
        }
    }

    #[must_use]
    pub fn get(&self, number: &str) -> Option<&CrRule> {
        self.by_number.get(number).map(|&i| &self.rules[i])
    }

    /// The rules directly below `number`, in document order.
    pub fn children<'a>(&'a self, number: &'a str) -> impl Iterator<Item = &'a CrRule> + 'a {
        self.rules.iter().filter(move |r| super::parent(&r.number) == Some(number))
    }

    /// A one-line description: "effective January 16, 2026; 3,012 rules, 731 glossary terms".
    #[must_use]
    pub fn describe(&self) -> String {
        format!(
            "effective {}; {} rules, {} glossary entries",
            self.effective.as_deref().unwrap_or("(no date found)"),
            self.rules.len(),
            self.glossary.len()
        )
    }
}

/// Decodes the bytes of a rules file: a byte-order mark decides UTF-8 or UTF-16; without one,
/// valid UTF-8 is UTF-8 and anything else is Windows-1252. Returns the text and the encoding's
/// name, and whether malformed byte sequences had to be replaced.
#[must_use]
pub fn decode(bytes: &[u8]) -> (String, &'static str, bool) {
    use encoding_rs::{UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252};
    let (enc, rest, name) = if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        (UTF_8, rest, "UTF-8 with BOM")
    } else if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        (UTF_16LE, rest, "UTF-16LE with BOM")
    } else if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        (UTF_16BE, rest, "UTF-16BE with BOM")
    } else if std::str::from_utf8(bytes).is_ok() {
        (UTF_8, bytes, "UTF-8")
    } else {
        (WINDOWS_1252, bytes, "Windows-1252")
    };
    let (text, errors) = enc.decode_without_bom_handling(rest);
    (text.into_owned(), name, errors)
}

/// Splits text into lines at CRLF, LF or a bare CR, and names the line ending found first.
fn split_lines(text: &str) -> (Vec<&str>, &'static str) {
    let mut lines = Vec::with_capacity(text.len() / 60 + 1);
    let mut ending = None;
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                ending.get_or_insert("LF");
                lines.push(&text[start..i]);
                i += 1;
                start = i;
            }
            b'\r' => {
                lines.push(&text[start..i]);
                if bytes.get(i + 1) == Some(&b'\n') {
                    ending.get_or_insert("CRLF");
                    i += 2;
                } else {
                    ending.get_or_insert("CR");
                    i += 1;
                }
                start = i;
            }
            _ => i += 1,
        }
    }
    if start < bytes.len() {
        lines.push(&text[start..]);
    }
    (lines, ending.unwrap_or("none"))
}

/// The start of a numbered line, as read.
#[derive(Debug, PartialEq, Eq)]
struct Head<'a> {
    number: &'a str,
    rest: &'a str,
    quirk: Option<&'static str>,
}

/// Reads a rule number at the start of `line` (already stripped of indentation):
/// `1. Title`, `100. Title`, `100.1. Text`, `100.1a Text`, and the quirks `100.1a. Text` and
/// `100.1 Text`. `indented` lines may only be subrules.
fn head(line: &str, indented: bool) -> Option<Head<'_>> {
    let b = line.as_bytes();
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let title_after = |at: usize| -> Option<&str> {
        // `N. Title` or `NNN. Title`: a dot, a space, then a capital letter or a digit.
        if b.get(at) == Some(&b'.') && b.get(at + 1) == Some(&b' ') {
            let rest = line[at + 2..].trim();
            (rest.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit() || c == '_')).then_some(rest)
        } else {
            None
        }
    };
    match digits {
        1 if !indented => title_after(1).map(|rest| Head { number: &line[..1], rest, quirk: None }),
        3 if b.get(3) == Some(&b'.') && b.get(4).is_some_and(u8::is_ascii_digit) => {
            let sub = b[4..].iter().take_while(|c| c.is_ascii_digit()).count();
            let mut end = 4 + sub;
            let lettered = b.get(end).is_some_and(u8::is_ascii_lowercase);
            if lettered {
                end += 1;
            }
            let number = &line[..end];
            let dotted = b.get(end) == Some(&b'.');
            let after = end + usize::from(dotted);
            if !b.get(after).is_some_and(|c| *c == b' ' || *c == b'\t') {
                return None;
            }
            let rest = line[after..].trim();
            let quirk = match (lettered, dotted) {
                (true, true) => Some("a stray dot after the subrule letter"),
                (false, false) => Some("no dot after the subrule number"),
                _ => None,
            };
            Some(Head { number, rest, quirk })
        }
        3 if !indented => title_after(3).map(|rest| Head { number: &line[..3], rest, quirk: None }),
        _ => None,
    }
}

/// Reads "Month D, YYYY" at the start of `s` into `YYYY-MM-DD`.
#[must_use]
pub fn iso_date(s: &str) -> Option<String> {
    const MONTHS: [&str; 12] =
        ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
    let mut words = s.split_whitespace();
    let month = words.next()?.to_lowercase();
    let m = MONTHS.iter().position(|n| *n == month)? + 1;
    let day: u32 = words.next()?.trim_end_matches(',').parse().ok()?;
    let year: u32 = words.next()?.trim_end_matches('.').parse().ok()?;
    (1..=31).contains(&day).then(|| format!("{year:04}-{m:02}-{day:02}"))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Preamble,
    Contents,
    Rules,
    Glossary,
    Credits,
}

/// Parses the bytes of a rules file (any supported encoding).
#[must_use]
pub fn parse_bytes(bytes: &[u8]) -> CrText {
    let (text, encoding, replaced) = decode(bytes);
    let mut doc = parse_str(&text);
    doc.encoding = encoding.to_owned();
    if replaced {
        doc.warnings.insert(
            0,
            Warning {
                line: 0,
                kind: WarningKind::Malformed,
                message: format!("the file is not valid {encoding}; malformed bytes were replaced with U+FFFD"),
            },
        );
    }
    doc
}

/// Parses decoded rules text.
#[must_use]
pub fn parse_str(text: &str) -> CrText {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (lines, endings) = split_lines(text);
    let mut doc = CrText { encoding: "UTF-8".into(), line_endings: endings.into(), ..CrText::default() };
    let mut state = State::Preamble;
    let mut contents_first: Option<&str> = None;
    // Whether the last thing read was an example (continuations then belong to it).
    let mut in_example = false;
    let mut glossary_open = false;
    for (i, raw) in lines.iter().enumerate() {
        let n = i + 1;
        let line = raw.trim_end();
        let trimmed = line.trim_start();
        let indented = trimmed.len() != line.len();
        if doc.effective.is_none()
            && let Some(at) = trimmed.find("effective as of ")
        {
            let date = trimmed[at + 16..].trim_end_matches('.').trim().to_owned();
            doc.edition = iso_date(&date);
            doc.effective = Some(date);
            if state != State::Rules && state != State::Glossary {
                continue;
            }
        }
        match state {
            State::Preamble => {
                if trimmed == "Contents" {
                    state = State::Contents;
                } else if !indented && head(trimmed, false).is_some_and(|h| h.number.len() == 1) {
                    // No contents table: the first section heading starts the rules.
                    state = State::Rules;
                    read_rule_line(&mut doc, n, trimmed, indented, &mut in_example);
                }
            }
            State::Contents => {
                if trimmed.is_empty() {
                    continue;
                }
                match contents_first {
                    None => contents_first = Some(trimmed),
                    Some(first) if first == trimmed => {
                        state = State::Rules;
                        read_rule_line(&mut doc, n, trimmed, indented, &mut in_example);
                    }
                    Some(_) => {
                        // A subrule in the contents means the contents ended unseen.
                        if head(trimmed, indented).is_some_and(|h| h.number.contains('.')) {
                            doc.warnings.push(Warning {
                                line: n,
                                kind: WarningKind::Malformed,
                                message: "rules began before the contents table's first entry was repeated; reading rules from here".into(),
                            });
                            state = State::Rules;
                            read_rule_line(&mut doc, n, trimmed, indented, &mut in_example);
                        }
                    }
                }
            }
            State::Rules => {
                if trimmed.is_empty() {
                    continue;
                }
                if !indented && trimmed == "Glossary" {
                    state = State::Glossary;
                } else if !indented && trimmed == "Credits" {
                    state = State::Credits;
                } else {
                    read_rule_line(&mut doc, n, trimmed, indented, &mut in_example);
                }
            }
            State::Glossary => {
                if trimmed.is_empty() {
                    glossary_open = false;
                    continue;
                }
                if !glossary_open {
                    if trimmed == "Credits" {
                        state = State::Credits;
                        continue;
                    }
                    if let Some(last) = doc.glossary.last()
                        && last.definition.is_empty()
                    {
                        doc.warnings.push(Warning {
                            line: last.line,
                            kind: WarningKind::Malformed,
                            message: format!("glossary term `{}` has no definition", last.term),
                        });
                    }
                    doc.glossary.push(GlossaryEntry { term: trimmed.to_owned(), definition: String::new(), line: n });
                    glossary_open = true;
                } else if let Some(g) = doc.glossary.last_mut() {
                    if !g.definition.is_empty() {
                        g.definition.push('\n');
                    }
                    g.definition.push_str(trimmed);
                }
            }
            State::Credits => {}
        }
    }
    match state {
        State::Preamble | State::Contents => doc.warnings.push(Warning {
            line: lines.len(),
            kind: WarningKind::Malformed,
            message: "no rules found: expected a section heading such as `1. Game Concepts` after the contents".into(),
        }),
        State::Rules => doc.warnings.push(Warning {
            line: lines.len(),
            kind: WarningKind::Malformed,
            message: "the file ended before the `Glossary` heading".into(),
        }),
        State::Glossary | State::Credits => {}
    }
    doc.reindex();
    doc
}

/// Reads one non-blank line of the numbered rules.
fn read_rule_line(doc: &mut CrText, n: usize, trimmed: &str, indented: bool, in_example: &mut bool) {
    if let Some(ex) = trimmed.strip_prefix("Example:") {
        let ex = ex.trim().to_owned();
        match doc.rules.last_mut() {
            Some(r) => r.examples.push(ex),
            None => doc.warnings.push(Warning { line: n, kind: WarningKind::Malformed, message: "an example before any rule".into() }),
        }
        *in_example = true;
        return;
    }
    if let Some(h) = head(trimmed, indented) {
        if let Some(q) = h.quirk {
            doc.warnings.push(Warning { line: n, kind: WarningKind::Quirk, message: format!("`{}`: {q}; read as {}", h.number, h.number) });
        }
        if doc.by_number.contains_key(h.number) {
            doc.warnings.push(Warning { line: n, kind: WarningKind::Malformed, message: format!("rule {} appears a second time; the first is kept for look-ups", h.number) });
        } else {
            if let Some(p) = super::parent(h.number)
                && !doc.by_number.contains_key(p)
            {
                doc.warnings.push(Warning { line: n, kind: WarningKind::Malformed, message: format!("rule {} comes before any rule {p} above it", h.number) });
            }
            doc.by_number.insert(h.number.to_owned(), doc.rules.len());
        }
        if h.rest.is_empty() {
            doc.warnings.push(Warning { line: n, kind: WarningKind::Malformed, message: format!("rule {} has no text", h.number) });
        }
        doc.rules.push(CrRule { number: h.number.to_owned(), text: h.rest.to_owned(), examples: Vec::new(), line: n });
        *in_example = false;
        return;
    }
    if !indented {
        doc.warnings.push(Warning {
            line: n,
            kind: WarningKind::Malformed,
            message: format!("not a rule, an example or an indented continuation: `{}`; kept as a paragraph of the rule before it", shorten(trimmed, 60)),
        });
    }
    let Some(r) = doc.rules.last_mut() else {
        doc.warnings.push(Warning { line: n, kind: WarningKind::Malformed, message: "text before any rule".into() });
        return;
    };
    let target = if *in_example { r.examples.last_mut().unwrap_or(&mut r.text) } else { &mut r.text };
    target.push('\n');
    target.push_str(trimmed);
}

/// The first `max` characters of `s`, with an ellipsis when cut.
#[must_use]
pub fn shorten(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "Title\n\nThese rules are effective as of March 3, 2031.\n\nContents\n\n1. Alpha\n100. General\nGlossary\nCredits\n\n1. Alpha\n\n100. General\n\n100.1. First words.\n100.1a Lettered words.\nExample: An example.\n   More of the example.\n100.2 Missing dot.\n100.2a. Stray dot.\n      An indented paragraph.\nStray line\n\nGlossary\n\nWord\nWhat it means.\nSecond line.\n\nOther\nAnother meaning.\n\nCredits\n\nSomeone\n";

    #[test]
    fn reads_structure_examples_quirks_and_glossary() {
        let d = parse_str(SMALL);
        assert_eq!(d.effective.as_deref(), Some("March 3, 2031"));
        assert_eq!(d.edition.as_deref(), Some("2031-03-03"));
        let nums: Vec<&str> = d.rules.iter().map(|r| r.number.as_str()).collect();
        assert_eq!(nums, ["1", "100", "100.1", "100.1a", "100.2", "100.2a"]);
        assert_eq!(d.get("100.1a").map(|r| r.examples.clone()), Some(vec!["An example.\nMore of the example.".to_owned()]));
        assert_eq!(d.get("100.2a").map(|r| r.text.as_str()), Some("Stray dot.\nAn indented paragraph.\nStray line"));
        assert_eq!(d.glossary.len(), 2);
        assert_eq!(d.glossary[0].definition, "What it means.\nSecond line.");
        let kinds: Vec<(usize, WarningKind)> = d.warnings.iter().map(|w| (w.line, w.kind)).collect();
        assert_eq!(kinds, [(20, WarningKind::Quirk), (21, WarningKind::Quirk), (23, WarningKind::Malformed)]);
        assert_eq!(d.line_endings, "LF");
    }

    #[test]
    fn line_endings_and_encodings() {
        let cr = SMALL.replace('\n', "\r");
        let d = parse_str(&cr);
        assert_eq!(d.line_endings, "CR");
        assert_eq!(d.rules.len(), 6);
        let crlf = SMALL.replace('\n', "\r\n");
        assert_eq!(parse_str(&crlf).line_endings, "CRLF");
        let mut le = vec![0xFF, 0xFE];
        le.extend(SMALL.encode_utf16().flat_map(u16::to_le_bytes));
        let d = parse_bytes(&le);
        assert_eq!(d.encoding, "UTF-16LE with BOM");
        assert_eq!(d.rules.len(), 6);
        let mut be = vec![0xFE, 0xFF];
        be.extend(SMALL.encode_utf16().flat_map(u16::to_be_bytes));
        assert_eq!(parse_bytes(&be).rules.len(), 6);
        // Curly quotes are the single bytes 0x93 and 0x94 in Windows-1252.
        let bytes: Vec<u8> = SMALL
            .replace("First words.", "First \u{1}words\u{2}.")
            .bytes()
            .map(|b| match b {
                1 => 0x93,
                2 => 0x94,
                x => x,
            })
            .collect();
        let d = parse_bytes(&bytes);
        assert_eq!(d.encoding, "Windows-1252");
        assert_eq!(d.get("100.1").map(|r| r.text.as_str()), Some("First \u{201c}words\u{201d}."));
    }

    #[test]
    fn heads() {
        assert_eq!(head("100.1a Text", false), Some(Head { number: "100.1a", rest: "Text", quirk: None }));
        assert_eq!(head("100.10. Text", true).map(|h| h.number), Some("100.10"));
        assert!(head("1. Text", true).is_none());
        assert!(head("20 life", false).is_none());
        assert!(head("100.1a", false).is_none());
        assert!(head("1. lower case", false).is_none());
    }

    #[test]
    fn no_rules_is_reported() {
        let d = parse_str("just some words\n");
        assert!(d.rules.is_empty());
        assert_eq!(d.warnings.len(), 1);
    }
}
