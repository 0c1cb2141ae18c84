//! The common case of [`super::parse`], read straight from the YAML parser's events.
//!
//! serde-saphyr reads a document through granit-parser's event stream; wrapping every node in
//! `Spanned` makes it build a synthetic map per node, which cost about two thirds of loading a
//! small scenario. This reader walks the same parser's events (with the options serde-saphyr
//! gives it) and builds the node tree itself, but only for documents whose meaning is beyond
//! doubt: one document, no anchors, aliases, tags, merge keys or directives, no duplicate keys,
//! well inside serde-saphyr's budgets, and plain scalars whose type is certain (a word, `true`,
//! a small decimal integer or fraction). Anything else returns `None` and the whole document
//! goes through serde-saphyr, which then reports every error exactly as before; a test reads
//! every YAML file of the repository both ways and compares the trees, spans included.

use granit_parser::{Event, Parser, ScalarStyle, Span as ParserSpan};

use super::{Kind, Node};
use crate::diag::{Source, Spans};

/// Well inside serde-saphyr's default budgets (depth 64, 250,000 nodes, 64 MiB of scalars).
const MAX_DEPTH: usize = 48;
const MAX_NODES: usize = 200_000;
const MAX_BYTES: usize = 32 << 20;

enum Frame {
    Seq(Vec<Node>, Node),
    Map(Vec<(Node, Node)>, Option<Node>, Node),
}

/// The node tree of `source`, or `None` when serde-saphyr must read it.
pub fn parse(source: &Source) -> Option<Node> {
    let text: &str = &source.text;
    if text.len() > MAX_BYTES {
        return None;
    }
    // serde-saphyr's parser options with its default budget (`Options::parser_options`).
    let options = granit_parser::options! {
        simple_key_max_lookahead: 1024,
        flow_nesting_limit: 255,
        block_nesting_limit: 255,
        // Comments are not data; serde-saphyr has them emitted, which refuses more than 96
        // in a row (`TooManyComments`): a file with that many `#` is read the same way.
        emit_comments: text.bytes().filter(|&b| b == b'#').count() >= 90,
    };
    let mut parser = Parser::new_from_str_with_options(text, options);
    let mut spans = source.spans();
    let mut stack: Vec<Frame> = Vec::new();
    let mut root = None;
    let mut documents = 0;
    let mut nodes = 0;
    while let Some(next) = parser.next_event() {
        let (event, span) = next.ok()?;
        let node = match event {
            Event::StreamStart | Event::StreamEnd | Event::DocumentEnd => continue,
            Event::DocumentStart(_, version) => {
                documents += 1;
                if version.is_some() || documents > 1 {
                    return None;
                }
                continue;
            }
            Event::Scalar(value, style, anchor, tag) => {
                if anchor != 0 || tag.is_some() {
                    return None;
                }
                let kind = scalar(value.into_owned(), style)?;
                let node = at(&mut spans, &span, kind)?;
                if let Kind::Float(_) = node.kind {
                    float_text(source, node)?
                } else {
                    node
                }
            }
            Event::SequenceStart(_, anchor, ref tag) | Event::MappingStart(_, anchor, ref tag) => {
                if anchor != 0 || tag.is_some() || stack.len() >= MAX_DEPTH {
                    return None;
                }
                nodes += 1;
                let is_seq = matches!(event, Event::SequenceStart(..));
                let head = at(&mut spans, &span, Kind::Null)?;
                stack.push(if is_seq { Frame::Seq(Vec::new(), head) } else { Frame::Map(Vec::new(), None, head) });
                continue;
            }
            Event::SequenceEnd => match stack.pop()? {
                Frame::Seq(items, head) => Node { kind: Kind::Seq(items), span: head.span },
                Frame::Map(..) => return None,
            },
            Event::MappingEnd => match stack.pop()? {
                Frame::Map(entries, None, head) if no_duplicate_keys(&entries) => Node { kind: Kind::Map(entries), span: head.span },
                _ => return None,
            },
            Event::Alias(_) | Event::Anchor(..) | Event::UnresolvedAlias(_) => return None,
            #[allow(unreachable_patterns, reason = "comments, when the parser's comments feature is on")]
            _ => continue,
        };
        nodes += 1;
        if nodes > MAX_NODES {
            return None;
        }
        match stack.last_mut() {
            None if root.is_none() => root = Some(node),
            None => return None,
            Some(Frame::Seq(items, _)) => items.push(node),
            Some(Frame::Map(entries, key, _)) => match key.take() {
                Some(k) => entries.push((k, node)),
                // Only keys that are surely strings; `<<` is a merge key.
                None if matches!(&node.kind, Kind::Str(s) if s != "<<") => *key = Some(node),
                None => return None,
            },
        }
    }
    if documents != 1 || !stack.is_empty() {
        return None;
    }
    root
}

/// A node at the parser's span, measured as `super::convert` measures serde-saphyr's.
fn at(spans: &mut Spans<'_>, span: &ParserSpan, kind: Kind) -> Option<Node> {
    let start = span.start.byte_offset()?;
    let end = span.end.byte_offset()?;
    let mut span = spans.at(start, end.checked_sub(start)?);
    if span.len == 0 {
        span.len = 1;
    }
    Some(Node { kind, span })
}

/// A fraction keeps its text as written, as `super::convert` does.
fn float_text(source: &Source, node: Node) -> Option<Node> {
    let text = source.text.get(node.span.start..node.span.start + node.span.len)?.trim();
    (!text.is_empty()).then(|| Node { kind: Kind::Float(text.to_owned()), span: node.span })
}

/// The type serde-saphyr's untyped reading gives an untagged scalar, when it is certain.
fn scalar(value: String, style: ScalarStyle) -> Option<Kind> {
    if style != ScalarStyle::Plain {
        return Some(Kind::Str(value));
    }
    let t = value.as_str();
    if matches!(t, "" | "~" | "null" | "Null" | "NULL") {
        return Some(Kind::Null);
    }
    // YAML 1.1 booleans, as serde-saphyr reads them by default.
    for (word, b) in [("true", true), ("yes", true), ("y", true), ("on", true), ("false", false), ("no", false), ("n", false), ("off", false)] {
        if t.eq_ignore_ascii_case(word) {
            return Some(Kind::Bool(b));
        }
    }
    // Only these characters can make a number (digits, signs, radix and exponent letters,
    // `.inf`, `.nan`, underscores, sexagesimal colons); text with any other is a string.
    let numeric_chars = t.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.' | b'_' | b':'));
    if !numeric_chars {
        return Some(Kind::Str(value));
    }
    let unsigned = t.strip_prefix(['+', '-']).unwrap_or(t);
    // Radix prefixes and the non-finite spellings (`.inf`, `inf`, `infinity`, `.nan`, …).
    let radix = matches!(unsigned.as_bytes(), [b'0', b'x' | b'X' | b'o' | b'O' | b'b' | b'B', ..]);
    let word = unsigned.trim_start_matches('.').to_ascii_lowercase();
    if radix || matches!(word.as_str(), "inf" | "infinity" | "nan") {
        return None;
    }
    let (whole, fraction) = match t.strip_prefix('-').unwrap_or(t).split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (t.strip_prefix('-').unwrap_or(t), None),
    };
    let decimal = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let whole_ok = decimal(whole) && whole.len() <= 18 && (whole == "0" || !whole.starts_with('0'));
    match fraction {
        None if whole_ok && t != "-0" => return Some(Kind::Int(t.parse().ok()?)),
        Some(f) if whole_ok && decimal(f) && f.len() <= 15 => return Some(Kind::Float(String::new())),
        _ => {}
    }
    // Past the radix prefixes and non-finite words, a number's only letters are exponents,
    // and an exponent has digits before and after it: a rule number such as `303.4e` or a
    // label such as `e1` is text.
    if t.bytes().any(|b| b.is_ascii_alphabetic() && b != b'e' && b != b'E') || t.ends_with(['e', 'E']) || unsigned.starts_with(['e', 'E']) {
        return Some(Kind::Str(value));
    }
    None
}

/// Whether every key of a map is different (serde-saphyr refuses a repeated key).
fn no_duplicate_keys(entries: &[(Node, Node)]) -> bool {
    fn key(entry: &(Node, Node)) -> &str {
        match &entry.0.kind {
            Kind::Str(s) => s.as_str(),
            _ => "",
        }
    }
    if entries.len() <= 16 {
        return entries.iter().enumerate().all(|(i, a)| entries[..i].iter().all(|b| key(a) != key(b)));
    }
    let mut keys: Vec<&str> = entries.iter().map(key).collect();
    keys.sort_unstable();
    keys.windows(2).all(|w| w[0] != w[1])
}
