//! Embeds every card file of `cards/` into the binary, so `judge` works from any directory,
//! and the rules index (`rulings/rules.tsv`) already split into rows with a sorted lookup
//! table, so a run reads no TSV and hashes nothing to find a rule's title.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo::rerun-if-changed=cards");
    println!("cargo::rerun-if-changed=rulings/rules.tsv");
    rules_index();
    let mut files: Vec<String> = std::fs::read_dir("cards")
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".yaml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let mut out = String::from(
        "/// The card library: (file name, the card's name as its `name:` line gives it, file text), sorted by file name.\npub static CARD_FILES: &[(&str, &str, &str)] = &[\n",
    );
    for f in &files {
        let full = Path::new(&root).join("cards").join(f);
        // The name is read here so that a scenario compiles only the cards it names; a test
        // checks it against the name the card definition gives.
        let text = std::fs::read_to_string(&full).unwrap_or_default();
        let name = text.lines().find_map(|l| l.strip_prefix("name:")).map(|n| n.trim().trim_matches('"').trim_matches('\'').to_owned()).unwrap_or_default();
        let _ = writeln!(out, "    ({f:?}, {name:?}, include_str!({:?})),", full.display().to_string());
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("card_library.rs");
    if let Err(e) = std::fs::write(&dest, out) {
        println!("cargo::error=cannot write {}: {e}", dest.display());
    }
}

/// `rules_index.rs`: `RULE_ROWS` (number, title, summary, 1-based line) in file order,
/// `RULE_ORDER` the row indices sorted by number (for a binary search), and `RULE_PROBLEMS`
/// the lines that are not three tab-separated columns or repeat a number.
fn rules_index() {
    let text = std::fs::read_to_string("rulings/rules.tsv").unwrap_or_default();
    let mut rows: Vec<(&str, &str, &str, usize)> = Vec::new();
    let mut problems: Vec<(usize, String)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let mut cols = line.split('\t');
        match (cols.next(), cols.next(), cols.next(), cols.next()) {
            (Some(n), Some(t), Some(s), None) => rows.push((n, t, s, i + 1)),
            _ => problems.push((i + 1, "expected three tab-separated columns: number, title, summary".to_owned())),
        }
    }
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| rows[a].0.cmp(rows[b].0).then(a.cmp(&b)));
    let mut keep: Vec<usize> = Vec::with_capacity(order.len());
    for &i in &order {
        match keep.last() {
            Some(&j) if rows[j].0 == rows[i].0 => problems.push((rows[i].3, format!("`{}` is listed twice", rows[i].0))),
            _ => keep.push(i),
        }
    }
    problems.sort();
    let mut out = String::from("/// The rules index's rows: number, title, summary, line.\npub static RULE_ROWS: &[(&str, &str, &str, usize)] = &[\n");
    for (n, t, s, l) in &rows {
        let _ = writeln!(out, "    ({n:?}, {t:?}, {s:?}, {l}),");
    }
    out.push_str("];\n/// Indices into `RULE_ROWS` sorted by number (the first of a repeated number only).\npub static RULE_ORDER: &[usize] = &[");
    for i in &keep {
        let _ = write!(out, "{i},");
    }
    out.push_str("];\n/// Lines of the file that are not rows, with why.\npub static RULE_PROBLEMS: &[(usize, &str)] = &[");
    for (l, why) in &problems {
        let _ = write!(out, "({l}, {why:?}),");
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("rules_index.rs");
    if let Err(e) = std::fs::write(&dest, out) {
        println!("cargo::error=cannot write {}: {e}", dest.display());
    }
}
