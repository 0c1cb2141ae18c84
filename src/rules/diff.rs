//! What changed between two editions of the Comprehensive Rules: rules added, removed,
//! renumbered or reworded.
//!
//! Texts are compared after normalizing them: lower case, typographic quotes and dashes made
//! plain, `_italics_` marks dropped, and rule numbers inside the text (cross-references such
//! as "see rule 701.19") replaced by a placeholder, so that a rule whose only change is a
//! renumbered cross-reference is not called reworded. Similarity is the Dice coefficient of
//! the two texts' sets of word pairs (single words for one-word texts such as titles).
//!
//! Matching runs in three passes, so that the ~3,000 rules of a real edition take
//! milliseconds rather than a comparison of every pair:
//!
//! 1. same number: a rule present in both editions with similar text (Dice ≥ 0.5) is the same
//!    rule, unchanged or reworded;
//! 2. the rules left over on each side are matched by text: an inverted index from word pairs
//!    to the new edition's leftover rules (pairs shared by very many rules are skipped as
//!    uninformative) gives each old rule a few candidates; pairs of Dice ≥ 0.5 are taken
//!    greedily, best first — these are the renumbered rules;
//! 3. a number still unmatched on both sides with some similarity (Dice ≥ 0.25) is a heavily
//!    reworded rule; everything else is removed (old side) or added (new side).

use std::collections::HashMap;

use serde::Serialize;

use super::text::{CrRule, CrText};
use super::{is_rule_number, sort_key};

/// Similarity at which a rule is taken to be the same rule.
const SAME: f64 = 0.5;
/// Similarity at which an unmatched number present on both sides counts as reworded.
const WEAK: f64 = 0.25;
/// Word pairs that occur in more leftover rules than this are not used to find candidates.
const COMMON: usize = 64;
/// Candidates scored exactly per old rule.
const CANDIDATES: usize = 8;

/// The kind of a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChangeKind {
    Renumbered,
    Reworded,
    Added,
    Removed,
}

impl ChangeKind {
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ChangeKind::Renumbered => "renumbered",
            ChangeKind::Reworded => "reworded",
            ChangeKind::Added => "added",
            ChangeKind::Removed => "removed",
        }
    }
}

/// One change between the editions.
#[derive(Clone, Debug, Serialize)]
pub struct Change {
    pub kind: ChangeKind,
    /// The number in the old edition (none for an added rule).
    pub old: Option<String>,
    /// The number in the new edition (none for a removed rule).
    pub new: Option<String>,
    /// Text similarity of the matched rules, 0 to 1 (0 for added and removed rules).
    pub similarity: f64,
    /// For a renumbered rule: whether its words changed too.
    pub reworded: bool,
}

impl Change {
    /// The numbers this change touches, old and new.
    pub fn numbers(&self) -> impl Iterator<Item = &str> {
        self.old.as_deref().into_iter().chain(self.new.as_deref())
    }
}

/// All changes, sorted by kind and then by number.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Diff {
    pub changes: Vec<Change>,
    /// Rules with the same number and the same (normalized) words.
    pub unchanged: usize,
}

impl Diff {
    #[must_use]
    pub fn count(&self, kind: ChangeKind) -> usize {
        self.changes.iter().filter(|c| c.kind == kind).count()
    }
}

/// A rule prepared for comparison.
struct Prepared {
    words: String,
    shingles: Vec<u64>,
}

fn fnv(bytes: &[u8], seed: u64) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325 ^ seed;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Lower-cased words of a text, cross-references replaced by `#`.
fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = text.chars().collect();
    let flush = |cur: &mut String, out: &mut Vec<String>| {
        if !cur.is_empty() {
            let w = std::mem::take(cur);
            let is_ref = is_rule_number(&w) && w.split('.').next().is_some_and(|h| h.len() == 3);
            out.push(if is_ref { "#".to_owned() } else { w });
        }
    };
    for (i, &c) in chars.iter().enumerate() {
        let keep_dot = c == '.'
            && cur.chars().last().is_some_and(|p| p.is_ascii_digit())
            && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if c.is_alphanumeric() || keep_dot {
            cur.extend(c.to_lowercase());
        } else if c == '\'' || c == '\u{2019}' {
            // "can't" and "can’t" are one word either way.
        } else {
            flush(&mut cur, &mut out);
        }
    }
    flush(&mut cur, &mut out);
    out
}

fn prepare(rule: &CrRule) -> Prepared {
    let w = words(&rule.full_text());
    let mut shingles: Vec<u64> = if w.len() < 2 {
        w.iter().map(|x| fnv(x.as_bytes(), 1)).collect()
    } else {
        w.windows(2).map(|p| fnv(p[1].as_bytes(), fnv(p[0].as_bytes(), 0))).collect()
    };
    shingles.sort_unstable();
    shingles.dedup();
    Prepared { words: w.join(" "), shingles }
}

/// Dice coefficient of two sorted, deduplicated sets.
fn dice(a: &[u64], b: &[u64]) -> f64 {
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    let (mut i, mut j, mut common) = (0, 0, 0usize);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                common += 1;
                i += 1;
                j += 1;
            }
        }
    }
    2.0 * common as f64 / (a.len() + b.len()) as f64
}

/// Compares two editions.
#[must_use]
pub fn diff(old: &CrText, new: &CrText) -> Diff {
    let po: Vec<Prepared> = old.rules.iter().map(prepare).collect();
    let pn: Vec<Prepared> = new.rules.iter().map(prepare).collect();
    let mut new_of: Vec<Option<usize>> = vec![None; old.rules.len()];
    let mut old_of: Vec<Option<usize>> = vec![None; new.rules.len()];
    let mut out = Diff::default();

    // Pass 1: same number, similar words.
    let new_by_number: HashMap<&str, usize> = new.rules.iter().enumerate().rev().map(|(i, r)| (r.number.as_str(), i)).collect();
    for (i, r) in old.rules.iter().enumerate() {
        let Some(&j) = new_by_number.get(r.number.as_str()) else { continue };
        if old_of[j].is_some() {
            continue;
        }
        let same = po[i].words == pn[j].words;
        let sim = if same { 1.0 } else { dice(&po[i].shingles, &pn[j].shingles) };
        if sim >= SAME {
            new_of[i] = Some(j);
            old_of[j] = Some(i);
            if same {
                out.unchanged += 1;
            } else {
                out.changes.push(Change { kind: ChangeKind::Reworded, old: Some(r.number.clone()), new: Some(r.number.clone()), similarity: sim, reworded: true });
            }
        }
    }

    // Pass 2: leftovers matched by text through an inverted index of word pairs.
    let left_new: Vec<usize> = (0..new.rules.len()).filter(|&j| old_of[j].is_none()).collect();
    let mut postings: HashMap<u64, Vec<u32>> = HashMap::new();
    for (k, &j) in left_new.iter().enumerate() {
        for &s in &pn[j].shingles {
            postings.entry(s).or_default().push(u32::try_from(k).unwrap_or(u32::MAX));
        }
    }
    let mut counts = vec![0u32; left_new.len()];
    let mut touched: Vec<u32> = Vec::new();
    let mut pairs: Vec<(f64, usize, usize)> = Vec::new();
    for i in (0..old.rules.len()).filter(|&i| new_of[i].is_none()) {
        for s in &po[i].shingles {
            let Some(list) = postings.get(s) else { continue };
            if list.len() > COMMON {
                continue;
            }
            for &k in list {
                if counts[k as usize] == 0 {
                    touched.push(k);
                }
                counts[k as usize] += 1;
            }
        }
        touched.sort_unstable_by_key(|&k| std::cmp::Reverse(counts[k as usize]));
        for &k in touched.iter().take(CANDIDATES) {
            let j = left_new[k as usize];
            let sim = if po[i].words == pn[j].words { 1.0 } else { dice(&po[i].shingles, &pn[j].shingles) };
            if sim >= SAME {
                pairs.push((sim, i, j));
            }
        }
        for &k in &touched {
            counts[k as usize] = 0;
        }
        touched.clear();
    }
    // Best first; among equals, the pair whose numbers are closest in the rules' order.
    pairs.sort_by(|a, b| {
        b.0.total_cmp(&a.0)
            .then_with(|| distance(&old.rules[a.1].number, &new.rules[a.2].number).cmp(&distance(&old.rules[b.1].number, &new.rules[b.2].number)))
            .then(a.1.cmp(&b.1))
            .then(a.2.cmp(&b.2))
    });
    for (sim, i, j) in pairs {
        if new_of[i].is_some() || old_of[j].is_some() {
            continue;
        }
        new_of[i] = Some(j);
        old_of[j] = Some(i);
        let (o, n) = (&old.rules[i].number, &new.rules[j].number);
        let reworded = po[i].words != pn[j].words;
        if o == n {
            if reworded {
                out.changes.push(Change { kind: ChangeKind::Reworded, old: Some(o.clone()), new: Some(n.clone()), similarity: sim, reworded });
            } else {
                out.unchanged += 1;
            }
        } else {
            out.changes.push(Change { kind: ChangeKind::Renumbered, old: Some(o.clone()), new: Some(n.clone()), similarity: sim, reworded });
        }
    }

    // Pass 3: weak same-number matches; the rest were added or removed.
    for (i, r) in old.rules.iter().enumerate() {
        if new_of[i].is_some() {
            continue;
        }
        if let Some(&j) = new_by_number.get(r.number.as_str())
            && old_of[j].is_none()
        {
            let sim = dice(&po[i].shingles, &pn[j].shingles);
            if sim >= WEAK {
                new_of[i] = Some(j);
                old_of[j] = Some(i);
                out.changes.push(Change { kind: ChangeKind::Reworded, old: Some(r.number.clone()), new: Some(r.number.clone()), similarity: sim, reworded: true });
                continue;
            }
        }
        out.changes.push(Change { kind: ChangeKind::Removed, old: Some(r.number.clone()), new: None, similarity: 0.0, reworded: false });
    }
    for (j, r) in new.rules.iter().enumerate() {
        if old_of[j].is_none() {
            out.changes.push(Change { kind: ChangeKind::Added, old: None, new: Some(r.number.clone()), similarity: 0.0, reworded: false });
        }
    }
    out.changes.sort_by(|a, b| {
        a.kind.cmp(&b.kind).then_with(|| {
            let ka = a.old.as_deref().or(a.new.as_deref()).map(sort_key);
            let kb = b.old.as_deref().or(b.new.as_deref()).map(sort_key);
            ka.cmp(&kb)
        })
    });
    out
}

/// How far apart two numbers are in the rules' order, coarsely: 0 for the same rule,
/// 1 for the same section, 2 otherwise.
fn distance(a: &str, b: &str) -> u8 {
    let head = |s: &str| s.split('.').next().unwrap_or("").to_owned();
    if head(a) == head(b) {
        0
    } else if a.get(..1) == b.get(..1) {
        1
    } else {
        2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::text::parse_str;

    fn doc(body: &str) -> CrText {
        parse_str(&format!("1. Part\n\n100. General\n\n{body}\nGlossary\n\nTerm\nMeaning.\n"))
    }

    #[test]
    fn finds_renumbered_reworded_added_removed() {
        let old = doc(
            "100.1. Players shuffle their decks before the game starts.\n100.2. Regenerate\n100.2a A shield that saves a permanent from being destroyed once this turn.\n100.3. Each player starts with twenty life.\n100.4. An old rule about mana burn that is going away.\n",
        );
        let new = doc(
            "100.1. Players shuffle their decks before the game starts, see rule 100.7.\n100.2. Each player starts with twenty life points in a two-player game.\n100.3. A new rule about the monarch that was not here before.\n100.7. Regenerate\n100.7a A shield that saves a permanent from being destroyed once this turn.\n",
        );
        let d = diff(&old, &new);
        let got: Vec<(ChangeKind, Option<&str>, Option<&str>)> = d.changes.iter().map(|c| (c.kind, c.old.as_deref(), c.new.as_deref())).collect();
        assert_eq!(
            got,
            [
                (ChangeKind::Renumbered, Some("100.2"), Some("100.7")),
                (ChangeKind::Renumbered, Some("100.2a"), Some("100.7a")),
                (ChangeKind::Renumbered, Some("100.3"), Some("100.2")),
                (ChangeKind::Reworded, Some("100.1"), Some("100.1")),
                (ChangeKind::Added, None, Some("100.3")),
                (ChangeKind::Removed, Some("100.4"), None),
            ]
        );
        assert_eq!(d.unchanged, 2);
    }

    #[test]
    fn cross_references_do_not_count_as_rewording() {
        let a = words("See rule 701.11, \u{201c}Regenerate.\u{201d} Can\u{2019}t.");
        assert_eq!(a, ["see", "rule", "#", "regenerate", "cant"]);
    }
}
