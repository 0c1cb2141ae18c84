//! `judge cards coverage`: how much of a real card list the compiler understands.
//!
//! Reads MTGJSON `AtomicCards.json` (`{"meta": …, "data": {"Name": [face, …]}}`) or a flat
//! JSON list of card records (`[{"name", "types", "text", …}, …]`), reads every card and
//! sorts it into one of three verdicts: *full* (every ability understood, and its cost, type
//! line and P/T representable), *usable* (it can be loaded: what isn't read is deferred to the
//! moment it would matter) and *unusable*. The summary lists the unread fragments that block
//! the most cards and the unread text by kind of ability — the families worth doing next.

use std::collections::{BTreeMap, BTreeSet};

use crate::cards::import::{self, FACED_LAYOUTS, FaceRecord, Record};
use crate::cards::ir::{CardType, Moment};
use crate::cards::oracle;

/// How many of the most common unsupported fragments a report keeps.
pub const TOP: usize = 20;

/// The result of reading a card list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CoverageReport {
    /// Cards in the list (a multi-face card counts once).
    pub total: usize,
    /// Cards all of whose faces were understood completely (cards without text count).
    pub compiled: usize,
    /// Cards a scenario can use: complete, or with every unread ability deferred.
    pub usable: usize,
    /// Unsupported text, with the card's name replaced by `CARDNAME`, and how many cards it
    /// appears in; most common first, ties in alphabetical order.
    pub top_unsupported: Vec<(String, usize)>,
    /// Unread abilities by family ("keyword: Ward", "triggered, when it triggers", …) and how
    /// many cards have one; most common first.
    pub families: Vec<(String, usize)>,
    /// One line per card, for `--list`.
    pub cards: Vec<CardVerdict>,
    /// Cards with unread text that no unread ability accounts for: a compiler bug, shown when
    /// not zero.
    pub unaccounted: Vec<String>,
}

/// The verdict on one card, for `judge cards coverage --list`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CardVerdict {
    pub name: String,
    /// "full", "usable" or "unusable".
    pub verdict: &'static str,
    pub unread: Vec<UnreadLine>,
}

/// One unread fragment of a card.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct UnreadLine {
    /// "activated ability", "keyword ability", … or "card" for a cost, type line or P/T.
    pub kind: &'static str,
    /// When it would matter ("when it is activated", "at once: …").
    pub matters: &'static str,
    pub text: String,
    pub words: String,
}

fn percent(n: usize, total: usize) -> String {
    // Integer tenths of a percent: exact, and no float formatting quirks.
    let tenths = n.saturating_mul(1000).checked_div(total).unwrap_or(0);
    format!("{}.{}%", tenths / 10, tenths % 10)
}

impl std::fmt::Display for CoverageReport {
    /// The two figures, then the most common unread fragments and families.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{}/{} cards compile ({})", self.compiled, self.total, percent(self.compiled, self.total))?;
        writeln!(f, "{}/{} cards usable in scenarios ({}): every ability read or deferred until it matters", self.usable, self.total, percent(self.usable, self.total))?;
        if !self.unaccounted.is_empty() {
            writeln!(f, "BUG: {} cards have unread text no deferred ability accounts for: {}", self.unaccounted.len(), self.unaccounted.iter().take(10).cloned().collect::<Vec<_>>().join("; "))?;
        }
        if !self.top_unsupported.is_empty() {
            writeln!(f, "most common unread text (cards):")?;
        }
        for (fragment, n) in &self.top_unsupported {
            writeln!(f, "{n:>7}  {fragment}")?;
        }
        if !self.families.is_empty() {
            writeln!(f, "unread abilities by family (cards):")?;
        }
        for (family, n) in &self.families {
            writeln!(f, "{n:>7}  {family}")?;
        }
        Ok(())
    }
}

/// One face to read.
struct Face<'a> {
    name: &'a str,
    text: &'a str,
    types: &'a [CardType],
    /// What a scenario could not represent: the mana cost, type line or P/T.
    unrepresentable: Vec<String>,
}

/// Reads every card of `json` (AtomicCards, a Scryfall bulk file or a flat list) and reports
/// coverage.
///
/// # Errors
/// The JSON does not parse, or is none of the supported shapes.
pub fn coverage(json: &str) -> Result<CoverageReport, String> {
    coverage_with_faces(json, None)
}

/// [`coverage`], with every face of the multi-face cards of a flat list taken from `faces`: a
/// JSON list of `{name, layout, faces: [face, …]}` records (a list whose cards carry only their
/// first face). A card with faces is understood only when every face is.
///
/// # Errors
/// Either JSON does not parse, or is not of a supported shape.
pub fn coverage_with_faces(json: &str, faces: Option<&str>) -> Result<CoverageReport, String> {
    Ok(report(&import::read(json, faces)?.records))
}

/// The coverage of a read card list.
#[must_use]
pub fn report(records: &[Record]) -> CoverageReport {
    let cards: Vec<Vec<Face<'_>>> = records.iter().map(faces_of).collect();

    let mut report = CoverageReport { total: cards.len(), ..CoverageReport::default() };
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut families: BTreeMap<String, usize> = BTreeMap::new();
    for faces in &cards {
        // A fragment counts once per card, however often the card repeats it.
        let mut fragments = BTreeSet::new();
        let mut fams = BTreeSet::new();
        let mut unread = Vec::new();
        let mut usable = true;
        for f in faces {
            for what in &f.unrepresentable {
                fragments.insert(what.clone());
                fams.insert("card: cost, type line or P/T".to_owned());
                unread.push(UnreadLine { kind: "card", matters: Moment::Load.describe(), text: what.clone(), words: what.clone() });
                usable = false;
            }
            let r = oracle::read(f.text, f.name, f.types);
            if !r.unaccounted(f.text).is_empty() {
                report.unaccounted.push(f.name.to_owned());
            }
            for e in &r.errors {
                fragments.insert(normalize(f.text.get(e.start..e.end).unwrap_or(""), f.name));
            }
            for u in r.unread() {
                usable &= u.moment != Moment::Load;
                fams.insert(family(u));
                unread.push(UnreadLine { kind: u.kind.name(), matters: u.moment.describe(), text: u.text.clone(), words: u.words.clone() });
            }
        }
        let full = fragments.is_empty();
        report.compiled += usize::from(full);
        report.usable += usize::from(usable);
        for frag in fragments {
            *counts.entry(frag).or_default() += 1;
        }
        for fam in fams {
            *families.entry(fam).or_default() += 1;
        }
        let name = faces.iter().map(|f| f.name).collect::<Vec<_>>().join(" // ");
        let verdict = if full { "full" } else if usable { "usable" } else { "unusable" };
        report.cards.push(CardVerdict { name, verdict, unread });
    }
    report.top_unsupported = most_common(counts, TOP);
    report.families = most_common(families, TOP);
    report
}

/// The entries with the largest counts, ties in alphabetical order.
fn most_common(counts: BTreeMap<String, usize>, n: usize) -> Vec<(String, usize)> {
    let mut top: Vec<(String, usize)> = counts.into_iter().collect();
    // The map iterates alphabetically and the sort is stable, so ties stay alphabetical.
    top.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    top.truncate(n);
    top
}

/// The family of an unread ability: a keyword by its name, any other by its kind and moment.
fn family(u: &crate::cards::ir::Unread) -> String {
    use crate::cards::ir::UnreadKind;
    if u.kind == UnreadKind::Keyword || (u.kind == UnreadKind::Activated && !u.text.contains(':')) {
        let name = u.text.split(|c: char| c == '{' || c == '—' || c.is_ascii_digit()).next().unwrap_or("").trim();
        let mut chars = name.chars();
        let name: String = chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default();
        return format!("keyword: {name}");
    }
    format!("{}, {}", u.kind.name(), u.moment.describe())
}

/// The faces of a card to read, each with what a scenario couldn't represent of it: a card
/// with several faces (or a meld card's half) whose layout no card definition can have can't
/// be used.
fn faces_of(r: &Record) -> Vec<Face<'_>> {
    let mut faces: Vec<Face<'_>> = r.faces.iter().map(face).collect();
    if let Some(first) = faces.first_mut()
        && (r.faces.len() > 1 || r.layout == "meld")
        && !FACED_LAYOUTS.contains(&r.layout.as_str())
    {
        first.unrepresentable.push(format!("layout {}", r.layout));
    }
    // A meld card is read with both faces, its front and the combined back face (712.4); a
    // melded card alone (the combined face) or a half without its back is not a card to use.
    if let Some(first) = faces.first_mut()
        && r.layout == "meld"
        && r.faces.len() != 2
    {
        first.unrepresentable.push("layout meld".to_owned());
    }
    // 715.2: an adventurer's second half is an Adventure; an Omen half (720) is not, and the
    // card reader refuses it.
    if r.layout == "adventure"
        && let (Some(first), Some(second)) = (faces.first_mut(), r.faces.get(1))
        && !second.type_line.as_deref().is_some_and(|t| t.split('—').nth(1).is_some_and(|subs| subs.split_whitespace().any(|w| w == "Adventure")))
    {
        first.unrepresentable.push(format!("{} half {}", r.layout, second.type_line.as_deref().unwrap_or_default()));
    }
    faces
}

/// One face, with the printed values a scenario can't represent.
fn face(f: &FaceRecord) -> Face<'_> {
    let mut unrepresentable = Vec::new();
    if let Some(cost) = &f.mana_cost
        && oracle::parse_mana_cost(cost).is_err()
    {
        unrepresentable.push(format!("mana cost {cost}"));
    }
    if let Some(t) = &f.type_line
        && crate::cards::def::parse_type_line(t).is_err()
    {
        unrepresentable.push(format!("type line {t}"));
    }
    for (key, v) in [("power", &f.power), ("toughness", &f.toughness), ("loyalty", &f.loyalty)] {
        // A scenario takes a whole number, or "*" for power and toughness (208.2a).
        if let Some(x) = v
            && x.parse::<i32>().is_err()
            && !(x == "*" && key != "loyalty")
        {
            unrepresentable.push(format!("{key} {x}"));
        }
    }
    Face { name: &f.name, text: &f.text, types: &f.types, unrepresentable }
}

/// Replaces the card's name (and a legendary's short name) by `CARDNAME`, so fragments from
/// different cards with the same template count together.
fn normalize(fragment: &str, name: &str) -> String {
    let mut out = fragment.to_string();
    let mut names: Vec<&str> = name.split(" // ").collect();
    names.extend(name.split(" // ").filter_map(|n| n.split_once(", ").map(|(short, _)| short)));
    names.retain(|n| !n.trim().is_empty());
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for n in names {
        out = out.replace(n, "CARDNAME");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_cards_format() {
        let json = r#"{"meta": {"version": "x"}, "data": {
            "Shock": [{"name": "Shock", "types": ["Instant"], "text": "Shock deals 2 damage to any target."}],
            "Forest": [{"name": "Forest", "types": ["Land"], "text": "({T}: Add {G}.)"}],
            "Ornithopter": [{"name": "Ornithopter", "types": ["Artifact", "Creature"]}],
            "Knight A": [{"name": "Knight A", "types": ["Creature"], "text": "Provoke"}],
            "Knight B": [{"name": "Knight B", "types": ["Creature"], "text": "Flying\nProvoke"}],
            "Life // Death": [
                {"name": "Life // Death", "faceName": "Life", "layout": "split", "types": ["Sorcery"], "text": "You gain 1 life."},
                {"name": "Life // Death", "faceName": "Death", "layout": "split", "types": ["Sorcery"], "text": "Death deals 1 damage to target creature with banding."}
            ]}}"#;
        let r = coverage(json).unwrap();
        assert_eq!(r.total, 6);
        assert_eq!(r.compiled, 3);
        // Provoke waits for its trigger, a spell's text for its casting.
        assert_eq!(r.usable, 6);
        assert_eq!(
            r.top_unsupported,
            vec![("Provoke".to_string(), 2), ("with banding".to_string(), 1)]
        );
    }

    #[test]
    fn flat_list_format() {
        let json = r#"[
            {"name": "Lava Spike", "manaCost": "{R}", "types": ["Sorcery"], "layout": "normal",
             "text": "Lava Spike deals 3 damage to target player or planeswalker."},
            {"name": "Grim A", "types": ["Sorcery"], "text": "Grim A deals 3 damage to target creature with banding."},
            {"name": "Grim B", "types": ["Sorcery"], "text": "Grim B deals 3 damage to target creature with banding."},
            {"name": "Aa", "types": ["Creature"], "text": "Desertwalk"},
            {"name": "Bb", "types": ["Creature"], "text": "Desertwalk"},
            {"name": "Cc", "types": ["Creature"], "text": "Provoke"}
        ]"#;
        let r = coverage(json).unwrap();
        assert_eq!(r.total, 6);
        assert_eq!(r.compiled, 1);
        assert_eq!(r.usable, 6);
        assert_eq!(r.cards[3].verdict, "usable");
        assert_eq!(r.cards[3].unread[0].matters, "when a block involving it is declared");
        assert_eq!(
            r.top_unsupported,
            vec![("Desertwalk".to_string(), 2), ("with banding".to_string(), 2), ("Provoke".to_string(), 1)]
        );
    }

    #[test]
    fn display() {
        let r = CoverageReport { total: 3, compiled: 2, usable: 3, top_unsupported: vec![("Trample".into(), 1)], families: vec![("keyword: Trample".into(), 1)], cards: vec![], unaccounted: vec![] };
        assert_eq!(
            r.to_string(),
            "2/3 cards compile (66.6%)\n3/3 cards usable in scenarios (100.0%): every ability read or deferred until it matters\nmost common unread text (cards):\n      1  Trample\nunread abilities by family (cards):\n      1  keyword: Trample\n"
        );
        assert!(CoverageReport::default().to_string().starts_with("0/0 cards compile (0.0%)\n"));
    }

    #[test]
    fn names_are_normalized() {
        assert_eq!(
            normalize("When Jace, the Mind Sculptor enters, Jace draws", "Jace, the Mind Sculptor"),
            "When CARDNAME enters, CARDNAME draws"
        );
    }

    /// A cost, type line or P/T a scenario can't represent makes the card unusable.
    #[test]
    fn unrepresentable_cards() {
        let json = r#"[{"name": "Odd", "manaCost": "{HR}", "type": "Creature — Elf", "types": ["Creature"], "power": "1.5", "toughness": "2"}]"#;
        let r = coverage(json).unwrap();
        assert_eq!((r.compiled, r.usable), (0, 0));
        assert_eq!(r.cards[0].unread.iter().map(|u| u.text.as_str()).collect::<Vec<_>>(), vec!["mana cost {HR}", "power 1.5"]);
    }

    /// With a faces file, a multi-face card is read face by face: understood only when every
    /// face is; a layout no card definition can have makes it unusable; a reversible card is
    /// its own record.
    #[test]
    fn faces_file() {
        let list = r#"[
            {"name": "Fire // Ice", "types": ["Instant"], "text": "Fire deals 2 damage divided as you choose among one or two targets."},
            {"name": "Odd // Even", "types": ["Instant"], "text": "Draw a card."},
            {"name": "Meld // Melded", "types": ["Creature"], "power": "1", "toughness": "1"},
            {"name": "Twice // Twice", "types": ["Instant"], "text": "Draw a card."}
        ]"#;
        let faces = r#"[
            {"name": "Fire // Ice", "layout": "split", "faces": [
                {"name": "Fire", "types": ["Instant"], "text": "Fire deals 2 damage divided as you choose among one or two targets."},
                {"name": "Ice", "types": ["Instant"], "text": "Tap target permanent. Draw a card."}]},
            {"name": "Odd // Even", "layout": "split", "faces": [
                {"name": "Odd", "types": ["Instant"], "text": "Draw a card."},
                {"name": "Even", "types": ["Instant"], "text": "Even deals 1 damage to target creature with banding."}]},
            {"name": "Meld // Melded", "layout": "meld", "faces": [{"name": "Meld", "types": ["Creature"], "power": "1", "toughness": "1"}]},
            {"name": "Twice // Twice", "layout": "reversible_card", "faces": [{"name": "Twice", "types": ["Instant"], "text": "Nonsense words."}]}
        ]"#;
        let r = coverage_with_faces(list, Some(faces)).unwrap();
        assert_eq!(r.cards.iter().map(|c| c.verdict).collect::<Vec<_>>(), ["full", "usable", "unusable", "full"]);
        assert_eq!(r.cards[2].unread[0].text, "layout meld");
        assert_eq!(coverage(list).unwrap().compiled, 4);
        assert!(coverage_with_faces(list, Some("{}")).is_err());
    }

    /// A meld card of a list that gives only its front face takes its back face from the
    /// list's record of the melded card (712.4) and is read whole; the melded card alone is not
    /// a card to use, nor a half whose melded card the list lacks.
    #[test]
    fn meld_halves_read_with_the_melded_face() {
        let list = r#"[
            {"name": "Rats // Host", "layout": "meld", "types": ["Creature"], "power": "2", "toughness": "1", "text": "Flying"},
            {"name": "Host", "layout": "meld", "types": ["Creature"], "power": "5", "toughness": "6", "text": "Haste"},
            {"name": "Lone // Missing", "layout": "meld", "types": ["Creature"], "power": "1", "toughness": "1"}
        ]"#;
        let r = coverage(list).unwrap();
        assert_eq!(r.cards.iter().map(|c| (c.name.as_str(), c.verdict)).collect::<Vec<_>>(), [("Rats // Host", "full"), ("Host", "unusable"), ("Lone // Missing", "unusable")]);
    }

    /// An Omen half (720) looks like an Adventure but resolves differently: such a card is not
    /// counted as understood, and the card reader refuses it.
    #[test]
    fn omen_halves_are_not_adventures() {
        let list = r#"[{"name": "Regent // Omen", "layout": "adventure", "type": "Creature — Dragon", "types": ["Creature"], "power": "4", "toughness": "4", "text": "Flying"}]"#;
        let faces = r#"[{"name": "Regent // Omen", "layout": "adventure", "faces": [
            {"name": "Regent", "manaCost": "{4}{U}", "type": "Creature — Dragon", "types": ["Creature"], "power": "4", "toughness": "4", "text": "Flying"},
            {"name": "Omen", "manaCost": "{3}{U}", "type": "Instant — Omen", "types": ["Instant"], "text": "Draw three cards."}]}]"#;
        let cards = import::read(list, Some(faces)).unwrap();
        assert_eq!(report(&cards.records).cards[0].unread[0].text, "adventure half Instant — Omen");
        let db = crate::cards::db::Db::from_bytes(crate::cards::db::build(&cards.records, "t").unwrap(), "t".into()).unwrap();
        let e = db.get("Omen").unwrap();
        let crate::cards::library::Entry::Broken { diags, .. } = &*e else { panic!("an Omen half was read as an Adventure") };
        assert!(diags[0].message.contains("must be an Adventure (715.2)"), "{}", diags[0].message);
    }

    #[test]
    fn bad_input() {
        assert!(coverage("not json").is_err());
        assert!(coverage("42").is_err());
        assert!(coverage(r#"{"meta": {}}"#).is_err());
        assert_eq!(coverage("[]").unwrap(), CoverageReport::default());
    }
}
