//! A reader for the plain shape library card files have, run at build time: `build.rs`
//! includes this file (it uses nothing of the crate) and embeds each card's tree, already
//! parsed, so a run parses no card YAML. It accepts only what it reads exactly as the YAML
//! parser would — a map of `key: value` lines whose values are double-quoted strings, plain
//! words, integers, `|-` literal blocks, or a list of such maps — and gives up (`None`) on
//! anything else: comments, blank lines, other quoting, flow collections, anything that could
//! be a boolean, a float or null. A card it gives up on is parsed from its text at run time,
//! with the YAML parser's own diagnostics. A test checks that, for every library card it
//! reads, its tree is the one the YAML parser gives, places included.

/// A value of the tree: a map, a list, a string or an integer.
#[derive(Debug)]
pub enum Flat {
    Map(Vec<(FlatNode, FlatNode)>),
    Seq(Vec<FlatNode>),
    Str(String),
    Int(i64),
}

/// A value and its place: byte offset and length, 1-based line and column (in characters).
#[derive(Debug)]
pub struct FlatNode {
    pub kind: Flat,
    pub start: usize,
    pub len: usize,
    pub line: u32,
    pub col: u32,
}

struct Line<'a> {
    /// Byte offset of the line's start.
    at: usize,
    /// The line without its `\n`.
    text: &'a str,
    /// Whether a `\n` ends it.
    ended: bool,
}

/// Reads a card file of the plain shape, or `None` when it is not of that shape.
#[must_use]
pub fn parse(text: &str) -> Option<FlatNode> {
    if text.contains(['\r', '\t']) || text.starts_with('\u{feff}') {
        return None;
    }
    let mut lines = Vec::new();
    let mut at = 0;
    for piece in text.split_inclusive('\n') {
        let ended = piece.ends_with('\n');
        let body = piece.strip_suffix('\n').unwrap_or(piece);
        if body.trim().is_empty() || body.ends_with(' ') {
            return None;
        }
        lines.push(Line { at, text: body, ended });
        at += piece.len();
    }
    let mut i = 0;
    let root = map(text, &lines, &mut i, 0, 0)?;
    (i == lines.len()).then_some(root)
}

fn indent(l: &Line<'_>) -> usize {
    l.text.len() - l.text.trim_start_matches(' ').len()
}

/// The map whose keys stand at column `ind` (0-based), its first key at byte `first` of line
/// `*i` (after a list item's `- `, or the line's indentation).
fn map(text: &str, lines: &[Line<'_>], i: &mut usize, ind: usize, first: usize) -> Option<FlatNode> {
    let start_line = *i;
    let mut entries: Vec<(FlatNode, FlatNode)> = Vec::new();
    let mut key_at = first;
    loop {
        let line = &lines[*i];
        let rest = &line.text[key_at..];
        let colon = rest.find(':')?;
        let key = &rest[..colon];
        if key.is_empty() || !key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') {
            return None;
        }
        if entries.iter().any(|(k, _)| matches!(&k.kind, Flat::Str(s) if s == key)) {
            return None;
        }
        let key_node = node(text, Flat::Str(key.to_owned()), line.at + key_at, key.len());
        let after = &rest[colon + 1..];
        let value = if after.is_empty() {
            // A list of maps on the following lines, indented under the key.
            *i += 1;
            seq(text, lines, i, ind)?
        } else {
            let v = after.strip_prefix(' ')?;
            let v_at = line.at + key_at + colon + 2;
            if v == "|-" {
                *i += 1;
                block(text, lines, i, ind)?
            } else {
                *i += 1;
                scalar(text, v, v_at)?
            }
        };
        entries.push((key_node, value));
        match lines.get(*i) {
            Some(next) if indent(next) == ind && next.text.as_bytes()[ind] != b'-' => key_at = ind,
            Some(next) if indent(next) > ind => return None,
            _ => break,
        }
    }
    let at = lines[start_line].at + first;
    Some(node(text, Flat::Map(entries), at, 1))
}

/// A list of maps, each item `- key: value` at a column deeper than `parent`.
fn seq(text: &str, lines: &[Line<'_>], i: &mut usize, parent: usize) -> Option<FlatNode> {
    let first = lines.get(*i)?;
    let ind = indent(first);
    if ind <= parent {
        return None;
    }
    let mut items = Vec::new();
    while let Some(line) = lines.get(*i) {
        if indent(line) < ind {
            break;
        }
        if indent(line) > ind || !line.text[ind..].starts_with("- ") {
            return None;
        }
        let key_at = ind + 2;
        if line.text.as_bytes().get(key_at).is_none_or(|b| *b == b' ') {
            return None;
        }
        items.push(map(text, lines, i, key_at, key_at)?);
    }
    if items.is_empty() {
        return None;
    }
    Some(node(text, Flat::Seq(items), first.at + ind, 1))
}

/// A `|-` literal block: the lines indented deeper than the key, joined by newlines, without
/// the final newline.
fn block(text: &str, lines: &[Line<'_>], i: &mut usize, parent: usize) -> Option<FlatNode> {
    let first = lines.get(*i)?;
    let ind = indent(first);
    if ind <= parent {
        return None;
    }
    let start = first.at + ind;
    let mut value = String::new();
    let mut end = start;
    while let Some(line) = lines.get(*i) {
        if indent(line) <= parent {
            break;
        }
        if indent(line) < ind || !line.ended {
            return None;
        }
        if end > start {
            value.push('\n');
        }
        value.push_str(&line.text[ind..]);
        end = line.at + line.text.len() + 1;
        *i += 1;
    }
    Some(node(text, Flat::Str(value), start, end - start))
}

/// A double-quoted string or a plain scalar that is surely a string or an integer.
fn scalar(text: &str, v: &str, at: usize) -> Option<FlatNode> {
    if let Some(body) = v.strip_prefix('"') {
        let body = body.strip_suffix('"')?;
        return Some(node(text, Flat::Str(unescape(body)?), at, v.len()));
    }
    let b = v.as_bytes();
    if b[0] == b'-' && b.len() > 1 && b[1..].iter().all(u8::is_ascii_digit) || b.iter().all(u8::is_ascii_digit) {
        if b.len() > 1 && (b[0] == b'0' || b.starts_with(b"-0")) {
            return None;
        }
        return Some(node(text, Flat::Int(v.parse().ok()?), at, v.len()));
    }
    let special = ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"];
    if "-?:,[]{}#&*!|>'\"%@`+.0123456789 ".contains(char::from(b[0]))
        || v.contains(": ")
        || v.contains(" #")
        || v.ends_with(':')
        || special.iter().any(|s| v.eq_ignore_ascii_case(s))
    {
        return None;
    }
    Some(node(text, Flat::Str(v.to_owned()), at, v.len()))
}

/// The value of a double-quoted string's body; `None` for an escape it doesn't know or a
/// quote inside.
fn unescape(body: &str) -> Option<String> {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return None,
            '\\' => {
                let e = chars.next()?;
                match e {
                    'n' => out.push('\n'),
                    't' => out.push('\t'),
                    '"' | '\\' | '/' => out.push(e),
                    'u' => {
                        let hex: String = chars.by_ref().take(4).collect();
                        if hex.len() != 4 {
                            return None;
                        }
                        out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                    }
                    _ => return None,
                }
            }
            _ => out.push(c),
        }
    }
    Some(out)
}

fn node(text: &str, kind: Flat, start: usize, len: usize) -> FlatNode {
    let line_start = text[..start].rfind('\n').map_or(0, |p| p + 1);
    let line = text[..start].matches('\n').count() + 1;
    let col = text[line_start..start].chars().count() + 1;
    FlatNode { kind, start, len, line: u32::try_from(line).unwrap_or(u32::MAX), col: u32::try_from(col).unwrap_or(u32::MAX) }
}

#[cfg(test)]
mod tests {
    use super::{Flat, parse};

    #[test]
    fn reads_the_plain_shape() {
        let tree = parse("name: Angelic Wall\ncost: \"{1}{W}\"\ntext: |-\n  Defender\n  Flying\npower: 0\n").unwrap();
        let Flat::Map(entries) = &tree.kind else { panic!("{tree:?}") };
        assert!(matches!(&entries[1].1.kind, Flat::Str(s) if s == "{1}{W}"));
        assert!(matches!(&entries[2].1.kind, Flat::Str(s) if s == "Defender\nFlying"));
        assert!(matches!(entries[3].1.kind, Flat::Int(0)));
        assert_eq!((entries[3].1.line, entries[3].1.col), (6, 8));
    }

    #[test]
    fn gives_up_on_what_the_yaml_parser_must_read() {
        for text in [
            "name: X\npower: 1.5\n",
            "name: X\nflag: yes\n",
            "name: X\ncolors: [green]\n",
            "name: X # a comment\n",
            "name: X\n\ntext: Y\n",
            "name: 'X'\n",
            "name: X\nname: Y\n",
            "name: X\ntext: >-\n  folded\n",
            "name: X\n  continued\n",
            "name: \"X \\x41\"\n",
            "power: 007\n",
        ] {
            assert!(parse(text).is_none(), "{text:?}");
        }
    }
}
