//! The rules index: every rule the engine can cite, with a title and a summary in the
//! project's own words. The data lives in `rulings/rules.tsv` and is embedded at build time.

use std::collections::HashMap;
use std::sync::OnceLock;

/// The edition of the Comprehensive Rules whose numbering the index follows.
pub const EDITION: &str = "2026-01-16";

/// [`EDITION`] as the rules document words it.
pub const EDITION_NAME: &str = "January 16, 2026";

const INDEX_TSV: &str = include_str!("../../rulings/rules.tsv");

/// One rule of the index.
#[derive(Debug, Clone)]
pub struct RuleEntry {
    pub number: &'static str,
    pub title: &'static str,
    pub summary: &'static str,
}

/// The parsed index, in file order, with a lookup by number.
#[derive(Debug)]
pub struct RulesIndex {
    pub entries: Vec<RuleEntry>,
    by_number: HashMap<&'static str, usize>,
    /// Lines that failed to parse: (1-based line, reason). A test requires this to be empty.
    pub problems: Vec<(usize, String)>,
}

impl RulesIndex {
    #[must_use]
    pub fn get(&self, number: &str) -> Option<&RuleEntry> {
        self.by_number.get(number).map(|&i| &self.entries[i])
    }

    #[must_use]
    pub fn title(&self, number: &str) -> &'static str {
        self.get(number).map_or("(not in the index)", |e| e.title)
    }

    /// The entries directly below `number`, in file order.
    pub fn children<'a>(&'a self, number: &'a str) -> impl Iterator<Item = &'a RuleEntry> + 'a {
        self.entries.iter().filter(move |e| super::parent(e.number) == Some(number))
    }

    fn parse(text: &'static str) -> RulesIndex {
        let mut entries = Vec::new();
        let mut by_number = HashMap::new();
        let mut problems = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let mut cols = line.split('\t');
            let (Some(number), Some(title), Some(summary), None) = (cols.next(), cols.next(), cols.next(), cols.next())
            else {
                problems.push((i + 1, "expected three tab-separated columns: number, title, summary".into()));
                continue;
            };
            if !super::is_rule_number(number) {
                problems.push((i + 1, format!("`{number}` is not a rule number")));
                continue;
            }
            if by_number.insert(number, entries.len()).is_some() {
                problems.push((i + 1, format!("`{number}` is listed twice")));
                continue;
            }
            entries.push(RuleEntry { number, title, summary });
        }
        RulesIndex { entries, by_number, problems }
    }
}

/// The embedded rules index.
pub fn index() -> &'static RulesIndex {
    static INDEX: OnceLock<RulesIndex> = OnceLock::new();
    INDEX.get_or_init(|| RulesIndex::parse(INDEX_TSV))
}
