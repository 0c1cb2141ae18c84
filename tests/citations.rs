//! The citation table (`rulings/citations.tsv`) is the one place the engine's rule numbers
//! live: every row cites rules of the index at the level that states the event, every key is
//! cited by the source, every description says something of its own, and no engine code
//! writes a rule number as a literal any more.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use judge::rules::cites::CITATIONS;
use judge::rules::index;

fn sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    for e in walkdir::WalkDir::new(&root).sort_by_file_name().into_iter().filter_map(Result::ok) {
        if e.path().extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(e.path()).unwrap_or_default();
            out.push((e.path().strip_prefix(&root).unwrap_or(e.path()).display().to_string(), text));
        }
    }
    out
}

/// The part of a source file before its unit tests (`#[cfg(test)] mod tests`).
fn before_tests(text: &str) -> &str {
    text.find("#[cfg(test)]\nmod tests").map_or(text, |i| &text[..i])
}

/// Every `cite!(family.reason)` in `text`, as `family.reason`.
fn cited_keys(text: &str, out: &mut BTreeSet<String>) {
    for (i, _) in text.match_indices("cite!(") {
        let rest = &text[i + 6..];
        let Some(end) = rest.find(')') else { continue };
        let key: String = rest[..end].chars().filter(|c| !c.is_whitespace()).collect();
        out.insert(key);
    }
}

#[test]
fn the_table_is_not_empty_and_keys_are_family_dot_reason() {
    assert!(CITATIONS.len() > 500, "only {} rows: is the table read?", CITATIONS.len());
    for c in CITATIONS {
        let (family, reason) = c.key.split_once('.').unwrap_or(("", ""));
        assert!(!family.is_empty() && !reason.is_empty(), "line {}: `{}`", c.line, c.key);
        assert!(!c.rules.is_empty(), "line {}: `{}` cites nothing", c.line, c.key);
    }
}

#[test]
fn every_rule_of_the_table_is_in_the_index() {
    let idx = index();
    let mut missing = Vec::new();
    for c in CITATIONS {
        for r in c.rules {
            if idx.get(r).is_none() {
                missing.push(format!("line {}: {} cites {r}", c.line, c.key));
            }
        }
        let distinct: BTreeSet<&&str> = c.rules.iter().collect();
        assert_eq!(distinct.len(), c.rules.len(), "line {}: {} lists a rule twice", c.line, c.key);
    }
    assert!(missing.is_empty(), "cited but not in rulings/rules.tsv:\n{}", missing.join("\n"));
}

/// The bare-heading rule of `tests/rules_index.rs` applied to the table: no row cites a
/// keyword or keyword-action heading (701.N, 702.N, whose subrules say what the keyword
/// does), and only a step's beginning (`step.*`) cites a bare section (505), where the
/// heading is the step itself.
#[test]
fn no_row_cites_a_bare_heading() {
    let mut bad = Vec::new();
    for c in CITATIONS {
        for rule in c.rules {
            let keyword_heading = (rule.starts_with("701.") || rule.starts_with("702.")) && rule[4..].bytes().all(|b| b.is_ascii_digit());
            let section = rule.bytes().all(|b| b.is_ascii_digit());
            if keyword_heading || (section && !c.key.starts_with("step.")) {
                bad.push(format!("line {}: {} cites {rule}", c.line, c.key));
            }
        }
    }
    assert!(bad.is_empty(), "bare headings cited:\n{}", bad.join("\n"));
}

#[test]
fn every_key_is_cited_in_the_source() {
    let mut used = BTreeSet::new();
    for (_, text) in sources() {
        cited_keys(before_tests(&text), &mut used);
    }
    let unused: Vec<String> = CITATIONS.iter().filter(|c| !used.contains(c.key)).map(|c| format!("line {}: {}", c.line, c.key)).collect();
    assert!(unused.is_empty(), "keys no source cites (remove them from rulings/citations.tsv):\n{}", unused.join("\n"));
}

#[test]
fn no_rule_number_literal_is_left_in_the_engine() {
    let mut found = Vec::new();
    for (path, text) in sources() {
        for (n, line) in before_tests(&text).lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            if code.contains("cr!(") {
                found.push(format!("src/{path}:{}: {}", n + 1, code));
            }
        }
    }
    assert!(found.is_empty(), "rule numbers written at the site: cite a key of rulings/citations.tsv with cite!(family.reason) instead:\n{}", found.join("\n"));
}

#[test]
fn descriptions_are_present_and_distinct() {
    let mut seen: BTreeMap<String, &str> = BTreeMap::new();
    let mut bad = Vec::new();
    for c in CITATIONS {
        let d = c.description.trim();
        if d.is_empty() {
            bad.push(format!("line {}: {} has no description", c.line, c.key));
        } else if let Some(other) = seen.insert(d.to_lowercase(), c.key) {
            bad.push(format!("line {}: {} has the description of {other}", c.line, c.key));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// A refusal names why in our words; the table row says it is a refusal the same way, so
/// the list of refusals can be read from the table alone.
#[test]
fn refusal_rows_say_so() {
    for c in CITATIONS.iter().filter(|c| c.description.starts_with("refused")) {
        assert!(c.description.starts_with("refused: "), "line {}: {}", c.line, c.key);
    }
}

/// The generated constants are what the table says: one rule gives a `RuleId`, several an
/// array in the table's order.
#[test]
fn constants_follow_the_table() {
    use judge::cite;
    assert_eq!(cite!(sba.lethal_damage).as_str(), "704.5g");
    let two = cite!(sba.deathtouch_damage);
    assert_eq!(two.map(judge::rules::RuleId::as_str), ["704.5h", "702.2b"]);
    let row = CITATIONS.iter().find(|c| c.key == "sba.deathtouch_damage").map(|c| c.rules);
    assert_eq!(row, Some(&["704.5h", "702.2b"][..]));
}

/// Engine code doesn't compare a citation with a number written at the site either: it
/// compares with a key (`r == cite!(exert.no_untap)`). A literal that is exactly a rule number
/// (`"701.43a"`) is allowed only as a prefix test (`starts_with("122.1")`: any subrule).
#[test]
fn no_rule_number_string_in_engine_code() {
    let mut found = Vec::new();
    for (path, text) in sources().into_iter().filter(|(p, _)| p.starts_with("engine")) {
        for (n, line) in before_tests(&text).lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            for (i, _) in code.match_indices('"') {
                let rest = &code[i + 1..];
                let Some(end) = rest.find('"') else { continue };
                let lit = &rest[..end];
                if lit.len() > 4 && judge::rules::is_rule_number(lit) && lit.contains('.') && !code[..i].ends_with("starts_with(") {
                    found.push(format!("src/{path}:{}: {code}", n + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "rule numbers written in engine code (compare with a key of rulings/citations.tsv):\n{}", found.join("\n"));
}
