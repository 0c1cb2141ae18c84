//! Tokenizer for one line of Oracle text.
//!
//! Produces words, numbers, `{…}` symbols, power/toughness modifiers (`+3/+3`, `-X/-X`),
//! references to the card itself by name, and punctuation. Every token keeps its byte range in
//! the *whole* card text, so errors can point at the exact words. Reminder text (anything in
//! parentheses) produces no tokens at all: it is explanation, not rules text.

/// What a token is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A word, as written (case kept; compare with [`Token::is_word`]).
    Word(String),
    /// A run of decimal digits.
    Number(u32),
    /// The inside of a `{…}` symbol, upper-cased: `"2"`, `"G"`, `"T"`, `"W/U"`.
    Symbol(String),
    /// A power/toughness modifier such as `+3/+3` or `-X/-0`.
    PtMod(PtPart, PtPart),
    /// The card's own name (or a legendary card's short name).
    SelfName,
    /// Any other single character: `.`, `,`, `:`, `—`, `•`, `"`, …
    Punct(char),
}

/// One half of a power/toughness modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PtPart {
    /// A signed fixed number (`+3` → 3, `-2` → -2; a bare `0` → 0).
    Fixed(i32),
    /// `+X`.
    PlusX,
    /// `-X`.
    MinusX,
}

/// A token and its byte range in the card text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub tok: Tok,
    pub start: usize,
    pub end: usize,
}

impl Token {
    /// Whether this token is the word `w`, ignoring ASCII case.
    #[must_use]
    pub fn is_word(&self, w: &str) -> bool {
        matches!(&self.tok, Tok::Word(s) if s.eq_ignore_ascii_case(w))
    }

    #[must_use]
    pub fn is_punct(&self, c: char) -> bool {
        self.tok == Tok::Punct(c)
    }

    /// The word, lower-cased, if this token is a word.
    #[must_use]
    pub fn word(&self) -> Option<String> {
        match &self.tok {
            Tok::Word(s) => Some(s.to_ascii_lowercase()),
            _ => None,
        }
    }
}

/// Tokenizes `line`, which starts at byte `base` of the card text.
///
/// `self_names` are the spellings that refer to the card itself (full name first); they are
/// matched on word boundaries before anything else, because names contain arbitrary words and
/// punctuation ("Jace, the Mind Sculptor").
#[must_use]
pub fn lex(line: &str, base: usize, self_names: &[&str]) -> Vec<Token> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    // Nesting depth of reminder-text parentheses.
    let mut paren = 0usize;
    while i < line.len() {
        let Some(c) = line[i..].chars().next() else { break };
        let clen = c.len_utf8();
        if c == '(' {
            paren += 1;
            i += clen;
            continue;
        }
        if c == ')' {
            paren = paren.saturating_sub(1);
            i += clen;
            continue;
        }
        if paren > 0 || c.is_whitespace() {
            i += clen;
            continue;
        }
        let at_boundary = i == 0 || !is_word_char(line[..i].chars().next_back().unwrap_or(' '));
        // "Crusader of Odric's power …": the name, then the possessive as a word of its own.
        if at_boundary
            && let Some((n, s)) = self_names.iter().filter(|n| !n.is_empty()).find_map(|n| ["'s", "’s"].into_iter().find(|s| starts_name(&line[i..], &format!("{n}{s}"))).map(|s| (n, s)))
        {
            out.push(Token { tok: Tok::SelfName, start: base + i, end: base + i + n.len() });
            out.push(Token { tok: Tok::Word((*s).to_owned()), start: base + i + n.len(), end: base + i + n.len() + s.len() });
            i += n.len() + s.len();
            continue;
        }
        if at_boundary && let Some(n) = self_names.iter().find(|n| !n.is_empty() && starts_name(&line[i..], n)) {
            out.push(Token { tok: Tok::SelfName, start: base + i, end: base + i + n.len() });
            i += n.len();
            continue;
        }
        if c == '{'
            && let Some(close) = line[i..].find('}')
        {
            let inner = line[i + 1..i + close].to_ascii_uppercase();
            out.push(Token { tok: Tok::Symbol(inner), start: base + i, end: base + i + close + 1 });
            i += close + 1;
            continue;
        }
        if (matches!(c, '+' | '-' | '−') || c.is_ascii_digit() || c == 'X')
            && let Some(len) = pt_mod_len(&line[i..])
            && let Some((p, t)) = parse_pt_mod(&line[i..i + len])
        {
            out.push(Token { tok: Tok::PtMod(p, t), start: base + i, end: base + i + len });
            i += len;
            continue;
        }
        if c.is_ascii_digit() {
            let len = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
            // A number too large for u32 is kept as a word so that it is reported, not wrapped.
            let tok = match line[i..i + len].parse::<u32>() {
                Ok(n) => Tok::Number(n),
                Err(_) => Tok::Word(line[i..i + len].to_string()),
            };
            out.push(Token { tok, start: base + i, end: base + i + len });
            i += len;
            continue;
        }
        if c.is_alphabetic() {
            let mut j = i;
            for (k, ch) in line[i..].char_indices() {
                // Apostrophes and inner hyphens belong to words: "don't", "owner's", "non-Human".
                let inner = matches!(ch, '\'' | '’' | '-') && k > 0;
                if is_word_char(ch) || inner {
                    j = i + k + ch.len_utf8();
                } else {
                    break;
                }
            }
            // A trailing apostrophe/hyphen is punctuation, not part of the word (the parser
            // matches a plural possessive, "owners'", as the word and that punctuation).
            while j > i && matches!(line[..j].chars().next_back(), Some('\'' | '’' | '-')) {
                j -= line[..j].chars().next_back().map_or(1, char::len_utf8);
            }
            out.push(Token { tok: Tok::Word(line[i..j].to_string()), start: base + i, end: base + j });
            i = j;
            continue;
        }
        out.push(Token { tok: Tok::Punct(c), start: base + i, end: base + i + clen });
        i += clen;
    }
    out
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric()
}

/// Whether `rest` starts with `name` followed by a word boundary.
fn starts_name(rest: &str, name: &str) -> bool {
    rest.starts_with(name) && !rest[name.len()..].chars().next().is_some_and(is_word_char)
}

/// Length of a `±N/±N` modifier at the start of `s`, if there is one.
fn pt_mod_len(s: &str) -> Option<usize> {
    let first = pt_part_len(s)?;
    let rest = &s[first..];
    if !rest.starts_with('/') {
        return None;
    }
    let second = pt_part_len(&rest[1..])?;
    let len = first + 1 + second;
    // "+1/+1 counter" is fine, but "1/2X" is not a modifier.
    if s[len..].chars().next().is_some_and(is_word_char) {
        return None;
    }
    Some(len)
}

fn pt_part_len(s: &str) -> Option<usize> {
    let sign = s.chars().next().filter(|c| matches!(c, '+' | '-' | '−')).map_or(0, char::len_utf8);
    let body = &s[sign..];
    if body.starts_with('X') {
        return Some(sign + 1);
    }
    let digits = body.bytes().take_while(u8::is_ascii_digit).count();
    (digits > 0).then_some(sign + digits)
}

fn parse_pt_mod(s: &str) -> Option<(PtPart, PtPart)> {
    let (p, t) = s.split_once('/')?;
    Some((parse_pt_part(p)?, parse_pt_part(t)?))
}

fn parse_pt_part(s: &str) -> Option<PtPart> {
    let (neg, body) = if let Some(b) = s.strip_prefix('+') {
        (false, b)
    } else if let Some(b) = s.strip_prefix('-').or_else(|| s.strip_prefix('−')) {
        (true, b)
    } else {
        (false, s)
    };
    if body == "X" {
        return Some(if neg { PtPart::MinusX } else { PtPart::PlusX });
    }
    let n: i32 = body.parse().ok()?;
    Some(PtPart::Fixed(if neg { -n } else { n }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str, names: &[&str]) -> Vec<Tok> {
        lex(s, 0, names).into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn words_symbols_and_punctuation() {
        let toks = lex("{1}, {T}: Add {G}.", 10, &[]);
        let k: Vec<Tok> = toks.iter().map(|t| t.tok.clone()).collect();
        assert_eq!(
            k,
            vec![
                Tok::Symbol("1".into()),
                Tok::Punct(','),
                Tok::Symbol("T".into()),
                Tok::Punct(':'),
                Tok::Word("Add".into()),
                Tok::Symbol("G".into()),
                Tok::Punct('.'),
            ]
        );
        assert_eq!((toks[2].start, toks[2].end), (15, 18));
    }

    #[test]
    fn reminder_text_is_skipped() {
        assert!(lex("({T}: Add {G}.)", 0, &[]).is_empty());
        assert_eq!(kinds("Flying (This (nested) flies.)", &[]), vec![Tok::Word("Flying".into())]);
    }

    #[test]
    fn pt_modifiers() {
        assert_eq!(
            kinds("gets -X/+0", &[]),
            vec![Tok::Word("gets".into()), Tok::PtMod(PtPart::MinusX, PtPart::Fixed(0))]
        );
        assert_eq!(kinds("+3/-2", &[]), vec![Tok::PtMod(PtPart::Fixed(3), PtPart::Fixed(-2))]);
    }

    #[test]
    fn self_name_and_apostrophes() {
        assert_eq!(
            kinds("Sorin's Thirst deals 2 damage to its owner's hand", &["Sorin's Thirst"]),
            vec![
                Tok::SelfName,
                Tok::Word("deals".into()),
                Tok::Number(2),
                Tok::Word("damage".into()),
                Tok::Word("to".into()),
                Tok::Word("its".into()),
                Tok::Word("owner's".into()),
                Tok::Word("hand".into()),
            ]
        );
        // Not a match inside a longer word.
        assert_eq!(kinds("Shockwave", &["Shock"]), vec![Tok::Word("Shockwave".into())]);
    }
}
