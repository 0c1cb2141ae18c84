//! The rules index: every rule the engine can cite, with a title and a summary in the
//! project's own words. The data lives in `rulings/rules.tsv`; `build.rs` splits it into rows
//! and a table sorted by number, embedded in the binary.

use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/rules_index.rs"));

/// The edition of the Comprehensive Rules whose numbering the index follows.
pub const EDITION: &str = "2026-01-16";

/// [`EDITION`] as the rules document words it.
pub const EDITION_NAME: &str = "January 16, 2026";

/// One rule of the index.
#[derive(Debug, Clone)]
pub struct RuleEntry {
    pub number: &'static str,
    pub title: &'static str,
    pub summary: &'static str,
}

/// The index, in file order, with a lookup by number.
#[derive(Debug)]
pub struct RulesIndex {
    pub entries: Vec<RuleEntry>,
}

impl RulesIndex {
    #[must_use]
    pub fn get(&self, number: &str) -> Option<&RuleEntry> {
        RULE_ORDER.binary_search_by(|&i| RULE_ROWS[i].0.cmp(number)).ok().map(|k| &self.entries[RULE_ORDER[k]])
    }

    #[must_use]
    pub fn title(&self, number: &str) -> &'static str {
        self.get(number).map_or("(not in the index)", |e| e.title)
    }

    /// The entries directly below `number`, in file order.
    pub fn children<'a>(&'a self, number: &'a str) -> impl Iterator<Item = &'a RuleEntry> + 'a {
        self.entries.iter().filter(move |e| super::parent(e.number) == Some(number))
    }

    /// Lines of the file that are not rows, or rows whose number isn't one: (1-based line,
    /// reason). A test requires none; worked out when asked, so a run doesn't pay for it.
    #[must_use]
    pub fn problems(&self) -> Vec<(usize, String)> {
        let mut problems: Vec<(usize, String)> = RULE_PROBLEMS.iter().map(|&(l, why)| (l, why.to_owned())).collect();
        problems.extend(RULE_ROWS.iter().filter(|r| !super::is_rule_number(r.0)).map(|&(n, _, _, l)| (l, format!("`{n}` is not a rule number"))));
        problems
    }

    fn build() -> RulesIndex {
        RulesIndex { entries: RULE_ROWS.iter().map(|&(number, title, summary, _)| RuleEntry { number, title, summary }).collect() }
    }
}

/// The embedded rules index.
pub fn index() -> &'static RulesIndex {
    static INDEX: OnceLock<RulesIndex> = OnceLock::new();
    INDEX.get_or_init(RulesIndex::build)
}
