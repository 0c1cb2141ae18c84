//! Older editions' rule numbers and names, mapped to the numbering the index follows.
//!
//! The table lives in `rulings/aliases.tsv` (embedded at build time): `edition`, `old` (a
//! rule number of that edition, or a name such as `totem armor`), `new` (a number of the
//! current edition, which must exist in the index) and a note. Lettered subrules follow their
//! rule unless a row says otherwise: with `701.11 → 701.19` listed, `701.11a` resolves to
//! `701.19a`; `601.2e → 601.2f` is listed because a step was inserted before it.

use std::sync::OnceLock;

use super::{is_rule_number, rule_within};

const ALIASES_TSV: &str = include_str!("../../rulings/aliases.tsv");

/// One row of the alias table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alias {
    pub edition: &'static str,
    pub old: &'static str,
    pub new: &'static str,
    pub note: &'static str,
}

/// A resolved old number or name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The number in the current edition.
    pub number: String,
    /// The row that decided it.
    pub alias: &'static Alias,
    /// Whether the number was derived from the row of a rule above it (`701.11a` from
    /// `701.11`) rather than listed itself.
    pub derived: bool,
}

/// The parsed table and the lines that failed to parse.
#[derive(Debug)]
pub struct AliasTable {
    pub rows: Vec<Alias>,
    /// (1-based line, reason). A test requires this to be empty.
    pub problems: Vec<(usize, String)>,
}

impl AliasTable {
    #[must_use]
    pub fn parse(text: &'static str) -> AliasTable {
        let mut rows = Vec::new();
        let mut problems = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let cols: Vec<&str> = line.split('\t').collect();
            let [edition, old, new, note] = cols[..] else {
                problems.push((i + 1, "expected four tab-separated columns: edition, old, new, note".into()));
                continue;
            };
            if !is_rule_number(new) {
                problems.push((i + 1, format!("`{new}` is not a rule number")));
                continue;
            }
            if old.trim().is_empty() || edition.trim().is_empty() {
                problems.push((i + 1, "the edition and the old number or name must not be empty".into()));
                continue;
            }
            rows.push(Alias { edition, old, new, note });
        }
        AliasTable { rows, problems }
    }

    /// The editions the table knows, in file order.
    #[must_use]
    pub fn editions(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        for r in &self.rows {
            if !out.contains(&r.edition) {
                out.push(r.edition);
            }
        }
        out
    }

    /// Resolves an old number or name of `edition` (any edition when `None`; an edition
    /// matches by prefix, so `2009` finds rows of `2009-10-01`). Names match without regard
    /// to case. Returns `None` when the table has nothing for it, which for a number means it
    /// was not renumbered as far as the table knows.
    #[must_use]
    pub fn resolve(&'static self, edition: Option<&str>, old: &str) -> Option<Resolved> {
        let old = old.trim().trim_end_matches('.');
        let in_edition = |a: &&Alias| edition.is_none_or(|e| a.edition.starts_with(e) || e.starts_with(a.edition));
        if !is_rule_number(old) {
            let lower = old.to_lowercase();
            return self
                .rows
                .iter()
                .filter(in_edition)
                .find(|a| a.old.to_lowercase() == lower)
                .map(|a| Resolved { number: a.new.to_owned(), alias: a, derived: false });
        }
        if let Some(a) = self.rows.iter().filter(in_edition).find(|a| a.old == old) {
            return Some(Resolved { number: a.new.to_owned(), alias: a, derived: false });
        }
        // The closest listed rule above it, whose renumbering it follows.
        let above = self
            .rows
            .iter()
            .filter(in_edition)
            .filter(|a| is_rule_number(a.old) && rule_within(old, a.old))
            .max_by_key(|a| a.old.len())?;
        Some(Resolved { number: format!("{}{}", above.new, &old[above.old.len()..]), alias: above, derived: true })
    }
}

/// The embedded alias table.
pub fn aliases() -> &'static AliasTable {
    static TABLE: OnceLock<AliasTable> = OnceLock::new();
    TABLE.get_or_init(|| AliasTable::parse(ALIASES_TSV))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_listed_derived_and_named() {
        let t = aliases();
        let r = t.resolve(Some("2009"), "701.11").expect("regenerate is listed");
        assert_eq!(r.number, "701.19");
        assert!(!r.derived);
        let r = t.resolve(Some("2009"), "701.11a").expect("follows its rule");
        assert_eq!((r.number.as_str(), r.derived), ("701.19a", true));
        assert_eq!(t.resolve(Some("2009"), "601.2e").map(|r| r.number), Some("601.2f".into()));
        assert_eq!(t.resolve(None, "Totem Armor").map(|r| r.number), Some("702.89".into()));
        assert_eq!(t.resolve(Some("2009"), "101.1"), None);
        assert_eq!(t.resolve(Some("2009"), "714").map(|r| r.number), Some("732".into()));
    }
}
