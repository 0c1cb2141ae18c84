//! The rules-reference commands: `judge rule NUMBER` and `judge rules import|search|diff|
//! affected|check|digest`.
//!
//! The index (`rulings/rules.tsv`) is always available; the official text is shown when the
//! user has a copy (see [`crate::rules::store`] for where it is looked for).
//!
//! Exit codes follow the rest of the CLI: 0 success; 1 "found something" (`rules diff`: the
//! editions differ; `rules affected`: a scenario cites a changed rule; `rules search`: nothing
//! matched; `rules check`/`rules digest`: a line could not be read); 2 could not run.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::Subcommand;

/// `println!` that ignores a closed stdout (`judge rules diff … | head`).
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($t)*);
    }};
}

use crate::rules::alias::aliases;
use crate::rules::diff::{Change, ChangeKind, Diff, diff};
use crate::rules::store::{self, Loaded};
use crate::rules::text::{CrText, WarningKind, shorten};
use crate::rules::{EDITION, EDITION_NAME, ancestors, digest, index, is_rule_number, parent, rule_within, sort_key};

#[derive(Subcommand, Debug)]
pub enum RulesCommand {
    /// Parse an official Comprehensive Rules text file (`MagicCompRules YYYYMMDD.txt`) and keep
    /// a parsed copy in the data directory (`JUDGE_DATA_DIR`, or the platform's standard one),
    /// so that `judge rule` and `judge rules search` show the full text.
    Import {
        /// The rules text file (UTF-8, UTF-16 with BOM or Windows-1252; any line endings).
        file: PathBuf,
    },
    /// Find rules whose number, title, summary or official text contain all the words, best
    /// matches first, and glossary entries that do. Exit 1 when nothing matches.
    Search {
        #[arg(required = true)]
        words: Vec<String>,
        /// A rules file (.txt or an imported .json) to use instead of the imported copy.
        #[arg(long)]
        rules: Option<PathBuf>,
        /// At most this many rules.
        #[arg(long, default_value_t = 20)]
        limit: usize,
    },
    /// List the rules added, removed, renumbered or reworded between two editions' text files.
    /// Exit 0 when they are the same, 1 when they differ.
    Diff {
        old: PathBuf,
        new: PathBuf,
        /// Print only the counts.
        #[arg(long)]
        summary: bool,
    },
    /// List the scenarios (default `scenarios/`) whose traces cite a rule that changed between
    /// two editions: the cited rule, or a rule within it, was reworded, added, removed or
    /// renumbered to or from its number. Exit 1 when any is affected, 0 when none.
    Affected {
        old: PathBuf,
        new: PathBuf,
        /// Scenario files or directories.
        paths: Vec<PathBuf>,
    },
    /// Parse a rules text file and report its structure and every line that could not be
    /// read, without importing it. Exit 1 when a line could not be read.
    Check { file: PathBuf },
    /// Read a "General Rulings" digest and show each cited rule under the current numbering.
    /// Exit 1 when a line could not be read.
    Digest {
        file: PathBuf,
        /// The edition the digest's numbers follow, when its sources do not say (e.g. 2009).
        #[arg(long)]
        edition: Option<String>,
    },
}

/// Runs a `judge rules` subcommand.
pub fn dispatch(cmd: RulesCommand) -> u8 {
    let r = match cmd {
        RulesCommand::Import { file } => import(&file),
        RulesCommand::Search { words, rules, limit } => search(&words, rules.as_deref(), limit),
        RulesCommand::Diff { old, new, summary } => cmd_diff(&old, &new, summary),
        RulesCommand::Affected { old, new, paths } => affected(&old, &new, &paths),
        RulesCommand::Check { file } => check(&file),
        RulesCommand::Digest { file, edition } => cmd_digest(&file, edition.as_deref()),
    };
    r.unwrap_or_else(|e| {
        eprintln!("error: {e}");
        2
    })
}

fn load_current(explicit: Option<&Path>) -> Result<Option<Loaded>, String> {
    store::current(explicit)
}

fn read_edition(path: &Path) -> Result<CrText, String> {
    let doc = store::read(path)?;
    if doc.rules.is_empty() {
        return Err(format!("{}: no rules found; is this a Comprehensive Rules text file?", path.display()));
    }
    Ok(doc)
}

/// Prints the warnings of a parsed file, `FILE:LINE: kind: message`, to stderr; returns how
/// many were malformed lines (quirks are only noted).
fn print_warnings(shown: &str, doc: &CrText) -> usize {
    let mut malformed = 0;
    for w in &doc.warnings {
        let kind = match w.kind {
            WarningKind::Quirk => "note",
            WarningKind::Malformed => {
                malformed += 1;
                "warning"
            }
        };
        eprintln!("{shown}:{}: {kind}: {}", w.line, w.message);
    }
    malformed
}

/// A note when a copy's edition is not the one the index follows.
fn edition_note(doc: &CrText) -> Option<String> {
    match doc.edition.as_deref() {
        Some(e) if e == EDITION => None,
        Some(_) => Some(format!(
            "note: this copy is effective {}; the index's numbers and titles follow the rules effective {EDITION_NAME}",
            doc.effective.as_deref().unwrap_or("?")
        )),
        None => Some("note: no effective date found in this copy".to_owned()),
    }
}

fn import(file: &Path) -> Result<u8, String> {
    let (doc, path) = store::import(file)?;
    print_warnings(&file.display().to_string(), &doc);
    outln!("imported {} ({})", file.display(), doc.describe());
    outln!("stored at {}", path.display());
    if let Some(n) = edition_note(&doc) {
        outln!("{n}");
    }
    Ok(0)
}

fn check(file: &Path) -> Result<u8, String> {
    let doc = store::read(file)?;
    let shown = file.display().to_string();
    let malformed = print_warnings(&shown, &doc);
    let mut levels = [0usize; 4];
    for r in &doc.rules {
        let level = if !r.number.contains('.') {
            usize::from(r.number.len() != 1)
        } else if r.number.ends_with(|c: char| c.is_ascii_alphabetic()) {
            3
        } else {
            2
        };
        levels[level] += 1;
    }
    let examples: usize = doc.rules.iter().map(|r| r.examples.len()).sum();
    outln!("{shown}: {}", doc.describe());
    outln!("  encoding {}, {} line endings", doc.encoding, doc.line_endings);
    outln!(
        "  {} sections, {} rules, {} subrules, {} lettered subrules, {} examples",
        levels[0], levels[1], levels[2], levels[3], examples
    );
    let quirks = doc.warnings.len() - malformed;
    outln!("  {quirks} quirks read as intended, {malformed} lines that could not be read");
    Ok(u8::from(malformed > 0))
}

/// `judge rule NUMBER [--edition E] [--rules FILE]`.
pub fn rule(query: &str, edition: Option<&str>, rules: Option<&Path>) -> u8 {
    match show_rule(query, edition, rules) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}

fn show_rule(query: &str, edition: Option<&str>, rules: Option<&Path>) -> Result<u8, String> {
    let query = query.trim().trim_end_matches('.');
    let idx = index();
    let table = aliases();
    let current_edition = |e: &str| EDITION.starts_with(e) || e.starts_with(EDITION);
    let mut out = String::new();
    let number = match edition.filter(|e| !current_edition(e)) {
        Some(e) => {
            let known = table.editions();
            if !known.iter().any(|k| k.starts_with(e) || e.starts_with(k)) {
                return Err(format!(
                    "no renumbering is recorded for edition `{e}`\n  help: editions in rulings/aliases.tsv: {}; the current one is {EDITION}",
                    known.join(", ")
                ));
            }
            match table.resolve(Some(e), query) {
                Some(r) if r.number != query => {
                    let via = if r.derived { format!(", following {} → {}", r.alias.old, r.alias.new) } else { String::new() };
                    let _ = writeln!(out, "{query} ({e}) was renumbered: it is {} in the rules effective {EDITION_NAME} ({}{via})\n", r.number, r.alias.note);
                    r.number
                }
                Some(r) => r.number,
                None if is_rule_number(query) => {
                    let _ = writeln!(out, "{query} ({e}): no renumbering recorded; showing {query} of the rules effective {EDITION_NAME}\n");
                    query.to_owned()
                }
                None => return Err(format!("`{query}` is neither a rule number nor a name in rulings/aliases.tsv for {e}")),
            }
        }
        None if is_rule_number(query) => query.to_owned(),
        None => match table.resolve(None, query) {
            Some(r) => {
                let _ = writeln!(out, "{query} ({}) is {} now ({})\n", r.alias.edition, r.number, r.alias.note);
                r.number
            }
            None => {
                return Err(format!(
                    "`{query}` is not a rule number\n  help: rule numbers look like 6, 608, 608.2 or 608.2b; to find rules by their words use `judge rules search {query}`"
                ));
            }
        },
    };
    let copy = load_current(rules)?;
    let doc = copy.as_ref().map(|c| &c.doc);
    let entry = idx.get(&number);
    let official = doc.and_then(|d| d.get(&number));
    if entry.is_none() && official.is_none() {
        let mut all: Vec<&str> = idx.entries.iter().map(|e| e.number).collect();
        if let Some(d) = doc {
            all.extend(d.rules.iter().map(|r| r.number.as_str()));
        }
        let near = nearest_numbers(&number, &all);
        let mut msg = format!("no rule {number} in the index (edition {EDITION})");
        if let Some(c) = &copy {
            let _ = write!(msg, " or in {}", c.origin);
        }
        if !near.is_empty() {
            let _ = write!(msg, "\n  help: nearest existing rules: {}", near.join(", "));
        }
        return Err(msg);
    }
    let title_of = |n: &str| -> String {
        idx.get(n).map(|e| e.title.to_owned()).or_else(|| doc.and_then(|d| d.get(n)).map(|r| shorten(first_line(&r.text), 60))).unwrap_or_default()
    };
    let _ = writeln!(out, "{number}  {}", title_of(&number));
    match entry {
        Some(e) => {
            let _ = writeln!(out, "{}", e.summary);
        }
        None => {
            let _ = writeln!(out, "(not in the index; the official text follows)");
        }
    }
    let chain: Vec<String> = ancestors(&number).into_iter().map(|a| format!("{a} {}", title_of(a))).collect();
    if !chain.is_empty() {
        let _ = writeln!(out, "\nwithin: {}", chain.join(" › "));
    }
    let mut children: Vec<&str> = idx.children(&number).map(|e| e.number).collect();
    if let Some(d) = doc {
        children.extend(d.children(&number).map(|r| r.number.as_str()));
    }
    children.sort_by_key(|n| sort_key(n));
    children.dedup();
    if !children.is_empty() {
        let _ = writeln!(out, "\nrules within it:");
        for c in &children {
            let _ = writeln!(out, "  {c:<8} {}", title_of(c));
        }
    }
    // What the engine cites the rule for: the rows of the citation table naming it.
    let cited: Vec<&crate::rules::cites::Citation> = crate::rules::cites::citing(&number).collect();
    if !cited.is_empty() {
        let _ = writeln!(out, "\nthe engine cites it for (rulings/citations.tsv):");
        let width = cited.iter().map(|c| c.key.len()).max().unwrap_or(0);
        for c in &cited {
            let _ = writeln!(out, "  {:<width$}  {}", c.key, c.description);
        }
    }
    match (&copy, official) {
        (Some(c), Some(r)) => {
            let _ = writeln!(out, "\nofficial text ({}, effective {}):", c.origin, c.doc.effective.as_deref().unwrap_or("?"));
            for (i, line) in r.text.lines().enumerate() {
                if i == 0 {
                    let _ = writeln!(out, "  {} {line}", r.number);
                } else {
                    let _ = writeln!(out, "  {line}");
                }
            }
            for ex in &r.examples {
                let _ = writeln!(out, "  Example: {}", ex.replace('\n', "\n  "));
            }
            if let Some(n) = edition_note(&c.doc) {
                let _ = writeln!(out, "{n}");
            }
        }
        (Some(c), None) => {
            let _ = writeln!(out, "\n(no rule {number} in {}, effective {})", c.origin, c.doc.effective.as_deref().unwrap_or("?"));
        }
        (None, _) => {
            let _ = writeln!(out, "\n(official text: not available; run `judge rules import MagicCompRules.txt`, or pass --rules FILE)");
        }
    }
    {
        use std::io::Write as _;
        let _ = std::io::stdout().lock().write_all(out.as_bytes());
    }
    Ok(0)
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

/// Existing numbers nearest to an unknown one: its closest existing ancestor, then that
/// ancestor's children most like it.
fn nearest_numbers(number: &str, all: &[&str]) -> Vec<String> {
    let exists = |n: &str| all.contains(&n);
    let mut cur = number;
    let mut anchor = None;
    while let Some(p) = parent(cur) {
        if exists(p) {
            anchor = Some(p);
            break;
        }
        cur = p;
    }
    let Some(anchor) = anchor else {
        return crate::diag::nearest(number, all.iter().copied()).into_iter().map(str::to_owned).collect();
    };
    let mut kids: Vec<&str> = all.iter().copied().filter(|n| parent(n) == Some(anchor)).collect();
    kids.sort_by_key(|n| sort_key(n));
    kids.dedup();
    // The siblings on either side of where the number would stand.
    let key = sort_key(number);
    let at = kids.partition_point(|k| sort_key(k) < key);
    let near = &kids[at.saturating_sub(2)..(at + 2).min(kids.len())];
    let mut out = vec![anchor.to_owned()];
    out.extend(near.iter().map(|n| (*n).to_owned()));
    out
}

fn search(words: &[String], rules: Option<&Path>, limit: usize) -> Result<u8, String> {
    let terms: Vec<String> = words.iter().flat_map(|w| w.split_whitespace()).map(|w| stem(&w.to_lowercase())).collect();
    if terms.is_empty() {
        return Err("nothing to search for".into());
    }
    let copy = load_current(rules)?;
    let doc = copy.as_ref().map(|c| &c.doc);
    let idx = index();
    let mut numbers: Vec<&str> = idx.entries.iter().map(|e| e.number).collect();
    if let Some(d) = doc {
        numbers.extend(d.rules.iter().map(|r| r.number.as_str()));
    }
    numbers.sort_by_key(|n| sort_key(n));
    numbers.dedup();
    let phrase = terms.join(" ");
    let mut hits: Vec<(u32, &str)> = Vec::new();
    for n in numbers {
        let e = idx.get(n);
        let title = e.map(|e| e.title.to_lowercase()).unwrap_or_default();
        let summary = e.map(|e| e.summary.to_lowercase()).unwrap_or_default();
        let text = doc.and_then(|d| d.get(n)).map(|r| r.full_text().to_lowercase()).unwrap_or_default();
        let mut score = 0;
        let mut all = true;
        for t in &terms {
            let s = 4 * u32::from(title.contains(t.as_str())) + 2 * u32::from(summary.contains(t.as_str())) + u32::from(text.contains(t.as_str())) + 8 * u32::from(n == t);
            all &= s > 0;
            score += s;
        }
        if !all {
            continue;
        }
        if terms.len() > 1 {
            score += 3 * u32::from(title.contains(&phrase)) + 2 * u32::from(summary.contains(&phrase) || text.contains(&phrase));
        }
        // The rule named by the words ("first strike" → 702.7) comes first.
        score += 6 * u32::from(names(&title, &phrase));
        hits.push((score, n));
    }
    // Stable: equal scores stay in rule order.
    hits.sort_by_key(|h| std::cmp::Reverse(h.0));
    let glossary: Vec<_> = doc
        .map(|d| {
            let mut g: Vec<_> = d
                .glossary
                .iter()
                .filter(|g| {
                    let (t, def) = (g.term.to_lowercase(), g.definition.to_lowercase());
                    terms.iter().all(|w| t.contains(w.as_str()) || def.contains(w.as_str()))
                })
                .map(|g| (u8::from(!g.term.to_lowercase().contains(&phrase)), g))
                .collect();
            g.sort_by_key(|(k, _)| *k);
            g.into_iter().map(|(_, g)| g).collect()
        })
        .unwrap_or_default();
    let source = copy.as_ref().map_or_else(|| "index only; no official text available".to_owned(), |c| format!("index and {}", c.origin));
    outln!("rules matching \"{}\" ({source}):", words.join(" "));
    if hits.is_empty() {
        outln!("  (none)");
    }
    for (_, n) in hits.iter().take(limit) {
        let (title, what) = match idx.get(n) {
            Some(e) => (e.title.to_owned(), e.summary),
            None => (String::new(), doc.and_then(|d| d.get(n)).map_or("", |r| first_line(&r.text))),
        };
        let line = if title.is_empty() { shorten(what, 90) } else { format!("{title} — {}", shorten(what, 90usize.saturating_sub(title.chars().count()))) };
        outln!("  {n:<8} {line}");
    }
    if hits.len() > limit {
        outln!("  … {} more (raise --limit)", hits.len() - limit);
    }
    if !glossary.is_empty() {
        outln!("\nglossary:");
        for g in glossary.iter().take(limit) {
            outln!("  {} — {}", g.term, shorten(first_line(&g.definition), 90));
        }
    }
    Ok(u8::from(hits.is_empty() && glossary.is_empty()))
}

/// Whether a (lower-cased) title is just the phrase: "first strike (keyword)" for "first strik".
fn names(title: &str, phrase: &str) -> bool {
    let Some(rest) = title.strip_prefix(phrase) else { return false };
    // Finish the stemmed word, then allow only a parenthetical.
    let rest = rest.trim_start_matches(char::is_alphabetic).trim();
    rest.is_empty() || rest.starts_with('(')
}

/// A crude stem so that a word also finds its other forms: "regenerate" finds "regenerating"
/// and "regeneration", "blockers" finds "blocker".
fn stem(word: &str) -> String {
    let w = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '.');
    if w.chars().count() > 4 {
        for suffix in ["ing", "ion", "es", "e", "s"] {
            if let Some(s) = w.strip_suffix(suffix) {
                return s.to_owned();
            }
        }
    }
    w.to_owned()
}

/// Describes a changed rule for listings: the index title, or the start of its text.
fn describe_rule(number: &str, doc: &CrText) -> String {
    index().get(number).map(|e| e.title.to_owned()).or_else(|| doc.get(number).map(|r| shorten(first_line(&r.text), 60))).unwrap_or_default()
}

fn header(label: &str, path: &Path, doc: &CrText) -> String {
    format!("{label}: {} ({})", path.display(), doc.describe())
}

fn counts(d: &Diff) -> String {
    format!(
        "{} renumbered, {} reworded, {} added, {} removed, {} unchanged",
        d.count(ChangeKind::Renumbered),
        d.count(ChangeKind::Reworded),
        d.count(ChangeKind::Added),
        d.count(ChangeKind::Removed),
        d.unchanged
    )
}

fn read_pair(old: &Path, new: &Path) -> Result<(CrText, CrText), String> {
    let o = read_edition(old)?;
    let n = read_edition(new)?;
    for (p, d) in [(old, &o), (new, &n)] {
        let bad = d.warnings.iter().filter(|w| w.kind == WarningKind::Malformed).count();
        if bad > 0 {
            eprintln!("warning: {}: {bad} lines could not be read; `judge rules check {}` lists them", p.display(), p.display());
        }
    }
    Ok((o, n))
}

fn cmd_diff(old: &Path, new: &Path, summary: bool) -> Result<u8, String> {
    let (o, n) = read_pair(old, new)?;
    let d = diff(&o, &n);
    outln!("{}", header("old", old, &o));
    outln!("{}", header("new", new, &n));
    outln!("{}", counts(&d));
    if !summary {
        for kind in [ChangeKind::Renumbered, ChangeKind::Reworded, ChangeKind::Added, ChangeKind::Removed] {
            let list: Vec<&Change> = d.changes.iter().filter(|c| c.kind == kind).collect();
            if list.is_empty() {
                continue;
            }
            outln!("\n{} ({})", kind.name(), list.len());
            for c in list {
                let line = match kind {
                    ChangeKind::Renumbered => {
                        let (a, b) = (c.old.as_deref().unwrap_or(""), c.new.as_deref().unwrap_or(""));
                        let words = if c.reworded { format!(", reworded, {:.0}% similar", c.similarity * 100.0) } else { String::new() };
                        format!("{a:<8} → {b:<8} {}{words}", describe_rule(b, &n))
                    }
                    ChangeKind::Reworded => {
                        let a = c.old.as_deref().unwrap_or("");
                        format!("{a:<8} {} ({:.0}% similar)", describe_rule(a, &n), c.similarity * 100.0)
                    }
                    ChangeKind::Added => {
                        let b = c.new.as_deref().unwrap_or("");
                        format!("{b:<8} {}", describe_rule(b, &n))
                    }
                    ChangeKind::Removed => {
                        let a = c.old.as_deref().unwrap_or("");
                        format!("{a:<8} {}", o.get(a).map(|r| shorten(first_line(&r.text), 60)).unwrap_or_default())
                    }
                };
                outln!("  {line}");
            }
        }
    }
    Ok(u8::from(!d.changes.is_empty()))
}

/// How a change touches a cited rule, for `rules affected`.
fn change_note(c: &Change) -> String {
    match c.kind {
        ChangeKind::Renumbered => format!(
            "{} renumbered to {}{}",
            c.old.as_deref().unwrap_or(""),
            c.new.as_deref().unwrap_or(""),
            if c.reworded { " and reworded" } else { "" }
        ),
        ChangeKind::Reworded => format!("{} reworded", c.old.as_deref().unwrap_or("")),
        ChangeKind::Added => format!("{} added", c.new.as_deref().unwrap_or("")),
        ChangeKind::Removed => format!("{} removed", c.old.as_deref().unwrap_or("")),
    }
}

fn affected(old: &Path, new: &Path, paths: &[PathBuf]) -> Result<u8, String> {
    let (o, n) = read_pair(old, new)?;
    let d = diff(&o, &n);
    let files = super::suite::scenario_files(paths);
    if files.is_empty() {
        return Err("no scenario files (*.yaml) found".into());
    }
    let edition = |doc: &CrText| doc.effective.clone().unwrap_or_else(|| "?".into());
    outln!("changes from {} to {}: {}", edition(&o), edition(&n), counts(&d));
    let (mut hit, mut errors) = (0, 0);
    for f in &files {
        let (source, s) = match super::load_file(f) {
            Ok(x) => x,
            Err(msg) => {
                eprint!("{msg}");
                errors += 1;
                continue;
            }
        };
        let r = crate::run::run(&s);
        if let Some(diag) = &r.stop {
            eprint!("{}", crate::diag::render(Some(&source), std::slice::from_ref(diag)));
            errors += 1;
        }
        let cited: BTreeSet<&str> = r.game.trace.iter().flat_map(|e| e.rules.iter().map(|r| r.as_str())).collect();
        let mut cited: Vec<&str> = cited.into_iter().collect();
        cited.sort_by_key(|c| sort_key(c));
        let mut lines = Vec::new();
        for c in cited {
            let touching: Vec<&Change> = d.changes.iter().filter(|ch| ch.numbers().any(|num| rule_within(num, c))).collect();
            if touching.is_empty() {
                continue;
            }
            let mut notes: Vec<String> = touching.iter().take(3).map(|ch| change_note(ch)).collect();
            if touching.len() > 3 {
                notes.push(format!("{} more", touching.len() - 3));
            }
            lines.push(format!("  {c:<8} {}: {}", index().title(c), notes.join("; ")));
        }
        if !lines.is_empty() {
            hit += 1;
            outln!("AFFECTED {}", f.display());
            for l in lines {
                outln!("{l}");
            }
        }
    }
    outln!("\n{hit} of {} scenarios cite rules that changed", files.len());
    Ok(if errors > 0 {
        2
    } else {
        u8::from(hit > 0)
    })
}

fn cmd_digest(file: &Path, edition: Option<&str>) -> Result<u8, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let dg = digest::parse_bytes(&bytes);
    let shown = file.display().to_string();
    for w in &dg.warnings {
        eprintln!("{shown}:{}: warning: {}", w.line, w.message);
    }
    outln!("{} ({shown}): {} rulings", dg.heading.as_deref().unwrap_or("(no heading)"), dg.entries.len());
    let idx = index();
    for e in &dg.entries {
        let ed = edition.or(e.year()).unwrap_or("?");
        let resolved = aliases().resolve(Some(ed), &e.number);
        let now = resolved.as_ref().map_or(e.number.clone(), |r| r.number.clone());
        let arrow = if now == e.number { "=" } else { "→" };
        let title = idx.get(&now).map_or_else(|| "(not in the index)".to_owned(), |x| x.title.to_owned());
        outln!("  {:<8} ({ed}) {arrow} {now:<8} {title}", e.number);
    }
    Ok(u8::from(!dg.warnings.is_empty()))
}
