//! `judge cards coverage`: how much of a real card list the compiler understands.
//!
//! Reads MTGJSON `AtomicCards.json` (`{"meta": …, "data": {"Name": [face, …]}}`) or a flat
//! JSON list of card records (`[{"name", "types", "text", …}, …]`), compiles every card's
//! text and counts the cards that compile, and the unsupported fragments that block the most
//! cards — the list of templates worth implementing next.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::cards::ir::CardType;
use crate::cards::oracle;

/// How many of the most common unsupported fragments a report keeps.
pub const TOP: usize = 20;

/// The result of compiling a card list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CoverageReport {
    /// Cards in the list (a multi-face card counts once).
    pub total: usize,
    /// Cards all of whose faces compiled (cards without text count as compiled).
    pub compiled: usize,
    /// Unsupported text, with the card's name replaced by `CARDNAME`, and how many cards it
    /// appears in; most common first, ties in alphabetical order.
    pub top_unsupported: Vec<(String, usize)>,
}

impl std::fmt::Display for CoverageReport {
    /// "compiled/total (percent)", then one fragment per line with its card count.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Integer tenths of a percent: exact, and no float formatting quirks.
        let tenths = self.compiled.saturating_mul(1000).checked_div(self.total).unwrap_or(0);
        writeln!(f, "{}/{} cards compile ({}.{}%)", self.compiled, self.total, tenths / 10, tenths % 10)?;
        for (fragment, n) in &self.top_unsupported {
            writeln!(f, "{n:>7}  {fragment}")?;
        }
        Ok(())
    }
}

/// One face to compile.
struct Face {
    name: String,
    text: String,
    types: Vec<CardType>,
}

/// Compiles every card of `json` (AtomicCards or a flat list) and reports coverage.
///
/// # Errors
/// The JSON does not parse, or is neither of the two supported shapes.
pub fn coverage(json: &str) -> Result<CoverageReport, String> {
    let value: Value = serde_json::from_str(json).map_err(|e| format!("invalid JSON: {e}"))?;
    let cards: Vec<Vec<Face>> = match &value {
        Value::Object(map) => {
            let Some(Value::Object(data)) = map.get("data") else {
                return Err("expected AtomicCards.json (an object with a \"data\" object) or a list of cards".into());
            };
            data.iter()
                .map(|(name, faces)| match faces {
                    Value::Array(fs) => fs.iter().map(|f| face(f, name)).collect(),
                    other => vec![face(other, name)],
                })
                .collect()
        }
        Value::Array(list) => list.iter().map(|c| vec![face(c, "")]).collect(),
        _ => return Err("expected AtomicCards.json or a JSON list of cards".into()),
    };

    let mut report = CoverageReport { total: cards.len(), ..CoverageReport::default() };
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for faces in &cards {
        // A fragment counts once per card, however often the card repeats it.
        let mut fragments = BTreeSet::new();
        for f in faces {
            if let Err(errors) = oracle::compile(&f.text, &f.name, &f.types) {
                for e in errors {
                    let frag = f.text.get(e.start..e.end).unwrap_or("");
                    fragments.insert(normalize(frag, &f.name));
                }
            }
        }
        if fragments.is_empty() {
            report.compiled += 1;
        }
        for frag in fragments {
            *counts.entry(frag).or_default() += 1;
        }
    }
    let mut top: Vec<(String, usize)> = counts.into_iter().collect();
    // The map iterates alphabetically and the sort is stable, so ties stay alphabetical.
    top.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    top.truncate(TOP);
    report.top_unsupported = top;
    Ok(report)
}

/// Reads one face record; `fallback_name` is the AtomicCards key.
fn face(v: &Value, fallback_name: &str) -> Face {
    let s = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
    // A face of a multi-face card refers to itself by its face name.
    let name = s("faceName").or_else(|| s("name")).unwrap_or_else(|| fallback_name.to_string());
    let types = v
        .get("types")
        .and_then(Value::as_array)
        .map(|ts| ts.iter().filter_map(Value::as_str).filter_map(CardType::from_name).collect())
        .unwrap_or_default();
    Face { name, text: s("text").unwrap_or_default(), types }
}

/// Replaces the card's name (and a legendary's short name) by `CARDNAME`, so fragments from
/// different cards with the same template count together.
fn normalize(fragment: &str, name: &str) -> String {
    let mut out = fragment.to_string();
    let mut names: Vec<&str> = name.split(" // ").collect();
    names.extend(name.split(" // ").filter_map(|n| n.split_once(", ").map(|(short, _)| short)));
    names.retain(|n| !n.trim().is_empty());
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for n in names {
        out = out.replace(n, "CARDNAME");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_cards_format() {
        let json = r#"{"meta": {"version": "x"}, "data": {
            "Shock": [{"name": "Shock", "types": ["Instant"], "text": "Shock deals 2 damage to any target."}],
            "Forest": [{"name": "Forest", "types": ["Land"], "text": "({T}: Add {G}.)"}],
            "Ornithopter": [{"name": "Ornithopter", "types": ["Artifact", "Creature"]}],
            "Knight A": [{"name": "Knight A", "types": ["Creature"], "text": "Banding"}],
            "Knight B": [{"name": "Knight B", "types": ["Creature"], "text": "Flying\nBanding"}],
            "Life // Death": [
                {"name": "Life // Death", "faceName": "Life", "types": ["Sorcery"], "text": "You gain 1 life."},
                {"name": "Life // Death", "faceName": "Death", "types": ["Sorcery"], "text": "Death deals 1 damage to target creature with banding."}
            ]}}"#;
        let r = coverage(json).unwrap();
        assert_eq!(r.total, 6);
        assert_eq!(r.compiled, 3);
        assert_eq!(
            r.top_unsupported,
            vec![("Banding".to_string(), 2), ("with banding".to_string(), 1)]
        );
    }

    #[test]
    fn flat_list_format() {
        let json = r#"[
            {"name": "Lava Spike", "manaCost": "{R}", "types": ["Sorcery"], "layout": "normal",
             "text": "Lava Spike deals 3 damage to target player or planeswalker."},
            {"name": "Grim A", "types": ["Sorcery"], "text": "Grim A deals 3 damage to target creature with banding."},
            {"name": "Grim B", "types": ["Sorcery"], "text": "Grim B deals 3 damage to target creature with banding."},
            {"name": "Aa", "types": ["Creature"], "text": "Banding"},
            {"name": "Bb", "types": ["Creature"], "text": "Banding"},
            {"name": "Cc", "types": ["Creature"], "text": "Phasing"}
        ]"#;
        let r = coverage(json).unwrap();
        assert_eq!(r.total, 6);
        assert_eq!(r.compiled, 1);
        assert_eq!(
            r.top_unsupported,
            vec![("Banding".to_string(), 2), ("with banding".to_string(), 2), ("Phasing".to_string(), 1)]
        );
    }

    #[test]
    fn display() {
        let r = CoverageReport { total: 3, compiled: 2, top_unsupported: vec![("Trample".into(), 1)] };
        assert_eq!(r.to_string(), "2/3 cards compile (66.6%)\n      1  Trample\n");
        assert_eq!(CoverageReport::default().to_string(), "0/0 cards compile (0.0%)\n");
    }

    #[test]
    fn names_are_normalized() {
        assert_eq!(
            normalize("When Jace, the Mind Sculptor enters, Jace draws", "Jace, the Mind Sculptor"),
            "When CARDNAME enters, CARDNAME draws"
        );
    }

    #[test]
    fn bad_input() {
        assert!(coverage("not json").is_err());
        assert!(coverage("42").is_err());
        assert!(coverage(r#"{"meta": {}}"#).is_err());
        assert_eq!(coverage("[]").unwrap(), CoverageReport::default());
    }
}
