//! The citation table: every event and every refusal the engine traces names its rules by a
//! key of `rulings/citations.tsv` (`cite!(sba.lethal_damage)`), never by a number written at
//! the site. The table is data reviewed in one place: each row is a key `family.reason`
//! naming what happens or why something is refused, the rule or rules it cites at the finest
//! level of the Comprehensive Rules that states it, and a line in our own words. `build.rs`
//! turns the rows into one module per family with a constant per key (a [`RuleId`](super::RuleId) for one
//! rule, an array for several), so a key missing from the table does not compile and a
//! citation costs nothing at run time. `tests/citations.rs` checks the table against the
//! rules index and the source.

/// One row of `rulings/citations.tsv`.
#[derive(Debug, Clone, Copy)]
pub struct Citation {
    /// `family.reason`, as `cite!` names it.
    pub key: &'static str,
    /// The rules it cites, finest first as the table lists them.
    pub rules: &'static [&'static str],
    /// What the event or refusal is, in our own words.
    pub description: &'static str,
    /// Its line in `rulings/citations.tsv`.
    pub line: usize,
}

include!(concat!(env!("OUT_DIR"), "/citations.rs"));

/// The citations whose rules include `number` exactly, in table order.
pub fn citing(number: &str) -> impl Iterator<Item = &'static Citation> + '_ {
    CITATIONS.iter().filter(move |c| c.rules.contains(&number))
}

