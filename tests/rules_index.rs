//! The rules index is honest: every citation the engine can emit (every row of the citation
//! table `rulings/citations.tsv`, and the `cr!("…")` literals unit tests still write) exists
//! in `rulings/rules.tsv`, every index line parses, every entry's
//! chain of parents is in the index, and every alias of `rulings/aliases.tsv` points at an
//! existing entry.

use std::path::Path;

use judge::rules::alias::aliases;
use judge::rules::{EDITION, ancestors, index, is_rule_number};

fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for e in walkdir::WalkDir::new(dir).sort_by_file_name().into_iter().filter_map(Result::ok) {
        if e.path().extension().is_some_and(|x| x == "rs") {
            out.push((e.path().display().to_string(), std::fs::read_to_string(e.path()).unwrap_or_default()));
        }
    }
}

#[test]
fn index_parses_without_problems() {
    let idx = index();
    let problems = idx.problems();
    assert!(problems.is_empty(), "{problems:?}");
    assert!(idx.entries.len() > 1000);
    for e in &idx.entries {
        assert!(is_rule_number(e.number), "{}", e.number);
        assert!(!e.title.trim().is_empty(), "{} has no title", e.number);
    }
}

#[test]
fn every_cited_rule_is_in_the_index() {
    let mut files = Vec::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    let idx = index();
    let mut missing = Vec::new();
    let mut count = 0;
    for (path, text) in &files {
        for (i, _) in text.match_indices("cr!(\"") {
            let rest = &text[i + 5..];
            let Some(end) = rest.find('"') else { continue };
            let number = &rest[..end];
            count += 1;
            if idx.get(number).is_none() {
                missing.push(format!("{path}: {number}"));
            }
        }
    }
    for c in judge::rules::cites::CITATIONS {
        for r in c.rules {
            count += 1;
            if idx.get(r).is_none() {
                missing.push(format!("rulings/citations.tsv line {}: {r}", c.line));
            }
        }
    }
    assert!(count > 100, "found only {count} citations: is the scan broken?");
    assert!(missing.is_empty(), "cited but not in rulings/rules.tsv:\n{}", missing.join("\n"));
}

#[test]
fn keyword_and_step_rules_are_in_the_index() {
    let idx = index();
    for k in judge::cards::ir::Keyword::ALL {
        assert!(idx.get(k.rule()).is_some(), "{}", k.rule());
    }
    for s in judge::scenario::model::Step::ALL {
        assert!(idx.get(s.rule().as_str()).is_some(), "{}", s.rule());
    }
}

#[test]
fn every_entry_has_its_parents_in_the_index() {
    let idx = index();
    let mut missing = Vec::new();
    for e in &idx.entries {
        for a in ancestors(e.number) {
            if idx.get(a).is_none() {
                missing.push(format!("{} (above {})", a, e.number));
            }
        }
    }
    assert!(missing.is_empty(), "parents missing from rulings/rules.tsv:\n{}", missing.join("\n"));
}

#[test]
fn aliases_point_at_existing_entries() {
    let table = aliases();
    assert!(table.problems.is_empty(), "{:?}", table.problems);
    assert!(table.rows.len() > 40);
    let idx = index();
    for a in &table.rows {
        assert!(idx.get(a.new).is_some(), "alias {} ({}) → {}: not in the index", a.old, a.edition, a.new);
        assert!(a.edition.as_bytes().iter().take(4).all(u8::is_ascii_digit), "edition `{}` should start with a year", a.edition);
        assert!(a.edition < EDITION, "edition `{}` is not older than the index's", a.edition);
        assert!(!a.note.trim().is_empty(), "alias {} has no note", a.old);
    }
}

#[test]
fn keyword_action_renumbering_of_2009_is_complete() {
    // The renumbering of keyword actions between the 2009 and the current edition.
    let expected = [
        ("701.2", "701.2"), ("701.3", "701.3"), ("701.4", "701.5"), ("701.5", "701.6"), ("701.6", "701.8"),
        ("701.7", "701.9"), ("701.8", "701.12"), ("701.9", "701.13"), ("701.10", "701.18"), ("701.11", "701.19"),
        ("701.12", "701.20"), ("701.13", "701.21"), ("701.14", "701.23"), ("701.15", "701.26"), ("701.16", "701.22"),
        ("701.17", "701.29"), ("701.18", "701.30"), ("701.19", "701.31"), ("114", "116"), ("706.2", "707.2"), ("714", "732"),
    ];
    for (old, new) in expected {
        let r = aliases().resolve(Some("2009"), old).map(|r| r.number);
        assert_eq!(r.as_deref(), Some(new), "{old} (2009)");
    }
}

/// The index holds every numbered rule of its edition: rules are numbered without gaps
/// (702.1, 702.2, …; 702.9a, 702.9b, … with the letters l and o never used), so a missing
/// rule shows as a gap before the next one. Section ends can't be checked this way; the
/// 2026 edition's count (3,114 rules numbered below the 146 three-digit ones) pins them.
#[test]
fn every_numbered_rule_of_the_edition_is_in_the_index() {
    let idx = index();
    let have: std::collections::HashSet<&str> = idx.entries.iter().map(|e| e.number).collect();
    let mut gaps = Vec::new();
    let mut numbered = 0;
    for e in &idx.entries {
        let Some((section, rest)) = e.number.split_once('.') else { continue };
        numbered += 1;
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let letter = rest[digits.len()..].chars().next();
        let n: u32 = digits.parse().unwrap_or(0);
        let before = match letter {
            Some('a') | None if n <= 1 => continue,
            None => format!("{section}.{}", n - 1),
            Some('a') => continue,
            Some(c) => {
                let mut p = char::from(u8::try_from(u32::from(c) - 1).unwrap_or(b'a'));
                while matches!(p, 'l' | 'o') {
                    p = char::from(u8::try_from(u32::from(p) - 1).unwrap_or(b'a'));
                }
                format!("{section}.{digits}{p}")
            }
        };
        if !have.contains(before.as_str()) {
            gaps.push(format!("{before} (before {})", e.number));
        }
    }
    assert!(gaps.is_empty(), "rules missing from rulings/rules.tsv:\n{}", gaps.join("\n"));
    assert_eq!(EDITION, "2026-01-16", "the count below is that edition's");
    assert_eq!(numbered, 3114, "rules numbered like 702.9 or 702.9a in the index");
}

/// Citations are at the level that states the event: across every golden trace, no event cites
/// a keyword or keyword-action heading (701.N, 702.N: a title whose subrules say what it does),
/// and a bare section number (505) appears only on a step's beginning, where the section
/// heading is the step itself and no subrule says "the step begins".
#[test]
fn golden_traces_cite_no_bare_headings() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut bad = Vec::new();
    let mut lines = 0;
    for e in walkdir::WalkDir::new(&root).sort_by_file_name().into_iter().filter_map(Result::ok) {
        if e.path().extension().is_none_or(|x| x != "trace") {
            continue;
        }
        let text = std::fs::read_to_string(e.path()).unwrap_or_default();
        for line in text.lines().filter(|l| l.ends_with(']')) {
            let Some(open) = line.rfind('[') else { continue };
            lines += 1;
            for rule in line[open + 1..line.len() - 1].split(", ") {
                let keyword_heading = (rule.starts_with("701.") || rule.starts_with("702.")) && rule[4..].bytes().all(|b| b.is_ascii_digit());
                let section = rule.len() == 3 && rule.bytes().all(|b| b.is_ascii_digit());
                let step = line.contains(" step begins") || line.contains(" phase begins") || line.contains("the game starts");
                if keyword_heading || (section && !step) {
                    bad.push(format!("{}: {line}", e.path().display()));
                }
            }
        }
    }
    assert!(lines > 10_000, "read only {lines} trace lines: is the scan broken?");
    assert!(bad.is_empty(), "bare headings cited:\n{}", bad.join("\n"));
}
