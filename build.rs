//! Embeds every card file of `cards/` into the binary, so `judge` works from any directory,
//! and the rules index (`rulings/rules.tsv`) already split into rows with a sorted lookup
//! table, so a run reads no TSV and hashes nothing to find a rule's title.

use std::fmt::Write as _;
use std::path::Path;

#[path = "src/cards/flat_yaml.rs"]
#[allow(dead_code)]
mod flat_yaml;

fn main() {
    println!("cargo::rerun-if-changed=cards");
    println!("cargo::rerun-if-changed=rulings/rules.tsv");
    println!("cargo::rerun-if-changed=rulings/citations.tsv");
    println!("cargo::rerun-if-changed=src/cards/flat_yaml.rs");
    rules_index();
    citations();
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
    let mut trees = String::from(
        "/// Each card file's YAML tree, read at build time (`flat_yaml`), in the order of `CARD_FILES`: empty for a file of another shape, parsed at run time.\npub static CARD_TREES: &[&[TreeRecord]] = &[\n",
    );
    let mut keys: Vec<(String, usize)> = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let full = Path::new(&root).join("cards").join(f);
        // The name is read here so that a scenario compiles only the cards it names; a test
        // checks it against the name the card definition gives.
        let text = std::fs::read_to_string(&full).unwrap_or_default();
        let name = text.lines().find_map(|l| l.strip_prefix("name:")).map(|n| n.trim().trim_matches('"').trim_matches('\'').to_owned()).unwrap_or_default();
        let _ = writeln!(out, "    ({f:?}, {name:?}, include_str!({:?})),", full.display().to_string());
        // A file without a readable `name:` line is listed by its file name: asking for it
        // shows its problems.
        keys.push((if name.is_empty() { f.trim_end_matches(".yaml").to_owned() } else { name }, i));
        trees.push_str("    &[");
        if let Some(tree) = flat_yaml::parse(&text) {
            records(&tree, &mut trees);
        }
        trees.push_str("],\n");
    }
    out.push_str("];\n");
    out.push_str(&trees);
    out.push_str("];\n");
    // Every name, sorted; the index by name (a later file of the same name wins); each face's
    // name ("Delver of Secrets") to its card's full name.
    keys.sort();
    let _ = write!(out, "/// Every card name, sorted.\npub static CARD_NAMES: &[&str] = &[");
    for (k, _) in &keys {
        let _ = write!(out, "{k:?},");
    }
    let _ = write!(out, "];\n/// Card name → its index in `CARD_FILES`, sorted by name.\npub static CARD_INDEX: &[(&str, usize)] = &[");
    for (j, (k, i)) in keys.iter().enumerate() {
        if keys.get(j + 1).is_none_or(|(next, _)| next != k) {
            let _ = write!(out, "({k:?}, {i}),");
        }
    }
    let mut faces: Vec<(&str, &str, usize)> = keys
        .iter()
        .flat_map(|(k, i)| k.split(" // ").filter(move |f| f != k).map(move |f| (f, k.as_str(), *i)))
        .collect();
    faces.sort_by(|a, b| a.0.cmp(b.0).then(a.2.cmp(&b.2)));
    let _ = write!(out, "];\n/// A face's name → its card's name, sorted by face name.\npub static CARD_FACES: &[(&str, &str)] = &[");
    for (j, (f, k, _)) in faces.iter().enumerate() {
        if faces.get(j + 1).is_none_or(|(next, _, _)| next != f) {
            let _ = write!(out, "({f:?}, {k:?}),");
        }
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("card_library.rs");
    if let Err(e) = std::fs::write(&dest, out) {
        println!("cargo::error=cannot write {}: {e}", dest.display());
    }
}

/// A card's tree in preorder, one `TreeRecord` a node: `(kind, count or integer, start, len,
/// line, column, text)`; kind `b'm'` is a map of `count` pairs, `b's'` a list of `count`
/// items (the pairs or items follow), `b't'` a string, `b'i'` an integer.
fn records(n: &flat_yaml::FlatNode, out: &mut String) {
    let (kind, count, text) = match &n.kind {
        flat_yaml::Flat::Map(e) => (b'm', e.len() as i64, ""),
        flat_yaml::Flat::Seq(items) => (b's', items.len() as i64, ""),
        flat_yaml::Flat::Str(s) => (b't', 0, s.as_str()),
        flat_yaml::Flat::Int(v) => (b'i', *v, ""),
    };
    let _ = write!(out, "({kind},{count},{},{},{},{},{text:?}),", n.start, n.len, n.line, n.col);
    match &n.kind {
        flat_yaml::Flat::Map(e) => {
            for (k, v) in e {
                records(k, out);
                records(v, out);
            }
        }
        flat_yaml::Flat::Seq(items) => items.iter().for_each(|x| records(x, out)),
        _ => {}
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

/// Words Rust reserves: a key part spelled like one could not be a constant's name.
const RESERVED: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "false", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro", "override", "priv", "typeof", "unsized", "virtual",
    "yield", "try", "union",
];

/// `citations.rs`: the citation table (`rulings/citations.tsv`: key `family.reason`, the
/// rules it cites separated by commas, a description) as one module per family holding a
/// constant per key: a `RuleId` when the key cites one rule, an array of them when it cites
/// several. `cite!(family.reason)` names the constant, so a key missing from the table does
/// not compile. `CITATIONS` lists the rows for the tests and `judge`. A malformed row is a
/// compile error naming its line.
fn citations() {
    let text = std::fs::read_to_string("rulings/citations.tsv").unwrap_or_default();
    // A family's keys: reason, rules, description, line.
    type Keys<'a> = Vec<(&'a str, Vec<&'a str>, &'a str, usize)>;
    let mut families: std::collections::BTreeMap<&str, Keys> = std::collections::BTreeMap::new();
    let mut rows = String::from("/// The citation table's rows: key, rules, description, line of `rulings/citations.tsv`.\npub static CITATIONS: &[Citation] = &[\n");
    let mut errors = String::new();
    let mut seen = std::collections::HashSet::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let mut cols = line.split('\t');
        let (Some(key), Some(rules), Some(desc), None) = (cols.next(), cols.next(), cols.next(), cols.next()) else {
            let _ = writeln!(errors, "compile_error!(\"rulings/citations.tsv line {}: expected three tab-separated columns: key, rules, description\");", i + 1);
            continue;
        };
        let ident = |s: &str| {
            s.bytes().next().is_some_and(|b| b.is_ascii_lowercase())
                && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
                && !RESERVED.contains(&s)
        };
        let Some((family, reason)) = key.split_once('.').filter(|(f, r)| ident(f) && ident(r)) else {
            let _ = writeln!(errors, "compile_error!(\"rulings/citations.tsv line {}: the key `{key}` is not `family.reason` in lowercase words joined by `_`\");", i + 1);
            continue;
        };
        let rules: Vec<&str> = rules.split(',').map(str::trim).collect();
        if rules.iter().any(|r| r.is_empty() || !r.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.')) {
            let _ = writeln!(errors, "compile_error!(\"rulings/citations.tsv line {}: the rules of `{key}` should be rule numbers separated by commas\");", i + 1);
            continue;
        }
        if !seen.insert(key) {
            let _ = writeln!(errors, "compile_error!(\"rulings/citations.tsv line {}: the key `{key}` is listed twice\");", i + 1);
            continue;
        }
        let _ = writeln!(rows, "    Citation {{ key: {key:?}, rules: &{rules:?}, description: {desc:?}, line: {} }},", i + 1);
        families.entry(family).or_default().push((reason, rules, desc, i + 1));
    }
    rows.push_str("];\n");
    let mut out = errors;
    for (family, keys) in &families {
        let _ = writeln!(out, "/// Citations of the `{family}` family.\n#[allow(non_upper_case_globals)]\npub mod {family} {{\n    use crate::rules::RuleId;");
        for (reason, rules, desc, line) in keys {
            let _ = writeln!(out, "    /// {desc} (`rulings/citations.tsv` line {line}).");
            if let [one] = rules.as_slice() {
                let _ = writeln!(out, "    pub const {reason}: RuleId = crate::cr!({one:?});");
            } else {
                let list: Vec<String> = rules.iter().map(|r| format!("crate::cr!({r:?})")).collect();
                let _ = writeln!(out, "    pub const {reason}: [RuleId; {}] = [{}];", rules.len(), list.join(", "));
            }
        }
        out.push_str("}\n");
    }
    out.push_str(&rows);
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("citations.rs");
    if let Err(e) = std::fs::write(&dest, out) {
        println!("cargo::error=cannot write {}: {e}", dest.display());
    }
}
