//! Rule numbers as a type, and the rules index of `rulings/` that every citation must exist in.
//!
//! Beside the index, this module reads the official Comprehensive Rules text that a user owns
//! ([`text`]), the "General Rulings" digests ([`digest`]), maps older editions' numbers to the
//! current ones ([`alias`]), compares two editions ([`diff`]) and keeps an imported copy of the
//! rules in the user's data directory ([`store`]). `judge` never ships the official text.

pub mod alias;
pub mod cites;
pub mod diff;
pub mod digest;
mod index;
pub mod store;
pub mod text;

pub use index::{EDITION, EDITION_NAME, RuleEntry, RulesIndex, index};

use serde::Serialize;

/// A citation of a Comprehensive Rules number, at the precision the engine knows it:
/// a part (`6`), a rule (`608`), a subrule (`608.2`) or a lettered subrule (`608.2b`).
///
/// Engine code gets these from the citation table (`rulings/citations.tsv`) with the
/// [`cite!`](crate::cite) macro; a test checks every rule of the table against the index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RuleId(&'static str);

impl RuleId {
    /// Wraps a literal rule number. Use the `cr!` macro in engine code.
    #[must_use]
    pub const fn new_static(s: &'static str) -> RuleId {
        RuleId(s)
    }

    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.0
    }

    /// Whether this citation is the rule `query` or a rule beneath it:
    /// `305.2b` is within `305.2` and `305`; `603.10` is not within `603.1`.
    #[must_use]
    pub fn is_within(self, query: &str) -> bool {
        rule_within(self.0, query)
    }
}

/// String form of [`RuleId::is_within`], for numbers read from files.
#[must_use]
pub fn rule_within(cited: &str, query: &str) -> bool {
    let query = query.trim().trim_end_matches('.');
    if cited == query {
        return true;
    }
    let Some(rest) = cited.strip_prefix(query) else { return false };
    let Some(next) = rest.chars().next() else { return true };
    if query.contains('.') {
        // 704.5 contains 704.5g, but 603.1 does not contain 603.10.
        next.is_ascii_alphabetic() && !query.ends_with(|c: char| c.is_ascii_alphabetic())
    } else {
        next == '.'
    }
}

/// Whether `s` has the shape of a rule number: `6`, `608`, `608.2`, `608.2b`, `603.10`.
#[must_use]
pub fn is_rule_number(s: &str) -> bool {
    let (head, tail) = match s.split_once('.') {
        Some((h, t)) => (h, Some(t)),
        None => (s, None),
    };
    if head.is_empty() || head.len() > 3 || !head.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let Some(tail) = tail else { return true };
    if head.len() != 3 {
        return false;
    }
    let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
    let letters = &tail[digits..];
    digits > 0 && (letters.is_empty() || (letters.len() == 1 && letters.bytes().all(|b| b.is_ascii_lowercase())))
}

/// The rule directly above `number` in the structure part › rule › subrule › lettered subrule:
/// `608.2b` → `608.2` → `608` → `6` → none.
#[must_use]
pub fn parent(number: &str) -> Option<&str> {
    if let Some((head, tail)) = number.split_once('.') {
        if tail.ends_with(|c: char| c.is_ascii_alphabetic()) {
            return Some(&number[..number.len() - 1]);
        }
        return Some(head);
    }
    if number.len() > 1 {
        return Some(&number[..1]);
    }
    None
}

/// The chain of rules above `number`, outermost first: `608.2b` → `[6, 608, 608.2]`.
#[must_use]
pub fn ancestors(number: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut cur = number;
    while let Some(p) = parent(cur) {
        out.push(p);
        cur = p;
    }
    out.reverse();
    out
}

/// A key that sorts rule numbers in the order of the rules: `603.2` before `603.10`,
/// `603.1` before `603.1a`. Numbers that are not rule numbers sort last, by text.
#[must_use]
pub fn sort_key(number: &str) -> (u32, u32, String) {
    let (head, tail) = number.split_once('.').unwrap_or((number, ""));
    let Ok(h) = head.parse::<u32>() else { return (u32::MAX, 0, number.to_owned()) };
    // Parts (`6`) sort before their first rule (`600`).
    let h = if head.len() == 1 { h * 100 } else { h };
    let part_bias = u32::from(head.len() != 1);
    let digits: String = tail.chars().take_while(char::is_ascii_digit).collect();
    let letters = &tail[digits.len()..];
    let sub = digits.parse::<u32>().map_or(0, |d| d + 1);
    (h * 2 + part_bias, sub, letters.to_owned())
}

impl std::fmt::Display for RuleId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for RuleId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

/// Wraps a rule number written as a literal. Engine code does not write numbers: it cites a
/// key of the citation table with [`cite!`](crate::cite), whose generated constants use this
/// macro; unit tests may use it directly. A test checks every literal against the index.
#[macro_export]
macro_rules! cr {
    ($s:literal) => {
        $crate::rules::RuleId::new_static($s)
    };
}

/// Cites the rules of a key of the citation table (`rulings/citations.tsv`):
/// `cite!(sba.lethal_damage)`. A key citing one rule gives a [`RuleId`], a key citing several
/// an array of them (`.rules(&cite!(…))`). A key missing from the table does not compile.
#[macro_export]
macro_rules! cite {
    ($family:ident . $reason:ident) => {
        $crate::rules::cites::$family::$reason
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn within_follows_rule_structure() {
        assert!(rule_within("305.2b", "305.2"));
        assert!(rule_within("305.2b", "305"));
        assert!(rule_within("704.5g", "704.5"));
        assert!(rule_within("608.2b", "608.2b"));
        assert!(!rule_within("608.2c", "608.2b"));
        assert!(!rule_within("603.10", "603.1"));
        assert!(!rule_within("603.10a", "603.1"));
        assert!(rule_within("603.10a", "603.10"));
        assert!(!rule_within("6033", "603"));
    }

    #[test]
    fn parents_and_order() {
        assert_eq!(parent("608.2b"), Some("608.2"));
        assert_eq!(parent("608.2"), Some("608"));
        assert_eq!(parent("608"), Some("6"));
        assert_eq!(parent("6"), None);
        assert_eq!(parent("603.10a"), Some("603.10"));
        assert_eq!(ancestors("608.2b"), vec!["6", "608", "608.2"]);
        let mut v = vec!["603.10", "603.2", "603.1a", "6", "603", "603.1", "600", "7", "100.1"];
        v.sort_by_key(|n| sort_key(n));
        assert_eq!(v, vec!["100.1", "6", "600", "603", "603.1", "603.1a", "603.2", "603.10", "7"]);
    }

    #[test]
    fn rule_number_shapes() {
        for ok in ["6", "608", "608.2", "608.2b", "603.10", "704.5g"] {
            assert!(is_rule_number(ok), "{ok}");
        }
        for bad in ["", "608.", "60.2", "608.2bb", "608.b", "abc", "608.2B"] {
            assert!(!is_rule_number(bad), "{bad}");
        }
    }
}
