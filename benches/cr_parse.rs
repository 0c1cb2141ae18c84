//! Parses a whole Comprehensive Rules text file many times and reports milliseconds per
//! parse; then times `rules diff` between two editions. Run with `cargo bench --bench cr_parse`.
//!
//! `JUDGE_CR_FILE` names the rules file to parse (a user's own copy of the official text);
//! `JUDGE_CR_OLD_FILE` an older edition to diff it against. Without them the benchmark
//! builds a file of the real size (about 3,000 rules) in memory from the sentences of the
//! test fixtures, so CI never needs the official text.

use std::path::Path;
use std::time::Instant;

use judge::rules::diff::diff;
use judge::rules::text::{parse_bytes, parse_str};

/// A synthetic rules file: 9 sections of 20 rules, each with 8 subrules of 2 lettered
/// subrules, worded with the fixture's sentences; `shift` renumbers every rule's subrules
/// by that much (to give the diff some renumbering to find).
fn synthetic(shift: usize) -> String {
    let fixture = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cr/rules-2026-utf8-bom-cr.txt")).unwrap_or_default();
    let doc = parse_bytes(&fixture);
    let sentences: Vec<&str> = doc.rules.iter().map(|r| r.text.as_str()).filter(|t| t.len() > 40).collect();
    let sentences = if sentences.is_empty() { vec!["A pretend rule sentence for the benchmark."] } else { sentences };
    let mut s = String::from("Comprehensive Rules\n\nThese rules are effective as of January 16, 2026.\n\nContents\n\n1. Section 1\nGlossary\nCredits\n\n");
    let mut k = 0;
    for part in 1..=9 {
        s.push_str(&format!("{part}. Section {part}\n\n"));
        for rule in 0..20 {
            let n = part * 100 + rule;
            s.push_str(&format!("{n}. Rule {n}\n\n"));
            for sub in 1..=8 {
                k += 1;
                let words = sentences[k % sentences.len()];
                s.push_str(&format!("{n}.{}. {words} (variant {k})\n\n", sub + shift));
                for letter in ['a', 'b'] {
                    k += 1;
                    s.push_str(&format!("{n}.{}{letter} {} Case {k}.\n\n", sub + shift, sentences[k % sentences.len()]));
                }
                if sub % 4 == 0 {
                    s.push_str("Example: A pretend example follows this rule.\n\n");
                }
            }
        }
    }
    s.push_str("Glossary\n\nTerm\nA pretend definition.\n\nCredits\n\nNobody\n");
    s
}

fn time<T>(rounds: usize, mut f: impl FnMut() -> T) -> f64 {
    let start = Instant::now();
    for _ in 0..rounds {
        std::hint::black_box(f());
    }
    start.elapsed().as_secs_f64() * 1e3 / rounds as f64
}

fn main() {
    let (new, label) = match std::env::var_os("JUDGE_CR_FILE") {
        Some(p) => (std::fs::read(&p).unwrap_or_default(), Path::new(&p).display().to_string()),
        None => (synthetic(0).into_bytes(), "synthetic file from the fixtures".to_owned()),
    };
    let doc = parse_bytes(&new);
    println!("file: {label} ({} bytes, {} rules, {} glossary entries)", new.len(), doc.rules.len(), doc.glossary.len());
    let rounds = 50;
    println!("parse (decode + read):  {:.2} ms per parse", time(rounds, || parse_bytes(&new)));

    let old = match std::env::var_os("JUDGE_CR_OLD_FILE") {
        Some(p) => parse_bytes(&std::fs::read(&p).unwrap_or_default()),
        None => parse_str(&synthetic(1)),
    };
    let d = diff(&old, &doc);
    println!("diff against an older edition ({} rules): {} changes, {} unchanged", old.rules.len(), d.changes.len(), d.unchanged);
    println!("diff:                   {:.2} ms per diff", time(10, || diff(&old, &doc)));
}
