//! Card definitions (the scenario contract's card schema), read from YAML and compiled.

use std::sync::Arc;

use crate::cards::ir::{Ability, CardType, Color, Cost, Effect, Instruction, ManaCost, ManaKind};
use crate::cards::oracle;
use crate::diag::Diagnostic;
use crate::scenario::read::{Diags, MapView, list, string};
use crate::scenario::yaml::{Kind, Node};

/// A card: its printed characteristics and its compiled abilities.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CardDef {
    pub name: String,
    pub cost: Option<ManaCost>,
    pub type_line: String,
    pub supertypes: Vec<String>,
    pub types: Vec<CardType>,
    pub subtypes: Vec<String>,
    pub power: Option<i32>,
    pub toughness: Option<i32>,
    pub loyalty: Option<i32>,
    pub colors: Vec<Color>,
    pub text: String,
    pub abilities: Vec<Ability>,
    /// Whether this is a token definition (111).
    pub token: bool,
}

impl CardDef {
    #[must_use]
    pub fn is(&self, t: CardType) -> bool {
        self.types.contains(&t)
    }
}

const CARD_KEYS: &[&str] = &["name", "cost", "type", "text", "power", "toughness", "loyalty", "colors", "faces", "layout"];
const TOKEN_KEYS: &[&str] = &["token", "type", "text", "power", "toughness", "colors"];

const SUPERTYPES: &[&str] = &["Basic", "Legendary", "Snow", "World", "Ongoing"];

/// The basic land types and the mana their intrinsic ability adds (305.6).
pub const BASIC_LAND_TYPES: &[(&str, Color)] =
    &[("Plains", Color::White), ("Island", Color::Blue), ("Swamp", Color::Black), ("Mountain", Color::Red), ("Forest", Color::Green)];

/// "{T}: Add [mana]" of a basic land type (305.6).
#[must_use]
pub fn intrinsic_mana_ability(color: Color) -> Ability {
    Ability::Activated {
        cost: Cost { tap: true, ..Cost::default() },
        effect: Effect { targets: Vec::new(), instructions: vec![Instruction::AddMana(vec![ManaKind::Colored(color)])], modal: None },
        mana: true,
    }
}

/// Reads a card definition map (inline `cards:` entry or library file).
pub fn read_card(node: &Node, diags: &mut Diags) -> Option<CardDef> {
    let m = MapView::new(node, "a card definition", diags)?;
    m.check_keys(CARD_KEYS, "a card definition", diags);
    for key in ["faces", "layout"] {
        if let Some(k) = m.key_node(key) {
            diags.push(
                Diagnostic::new(format!("`{key}`: cards with several faces are not supported yet"), k.span)
                    .label("not supported yet")
                    .help("define the face the scenario needs as a card of its own"),
            );
        }
    }
    let name = m.require("name", "a card definition", diags).and_then(|n| string(n, "the card's `name`", diags))?;
    let what = format!("card `{name}`");
    let cost = m.get("cost").and_then(|n| {
        let s = string(n, &format!("the cost of {what}"), diags)?;
        match oracle::parse_mana_cost(&s) {
            Ok(c) => Some(c),
            Err(e) => {
                diags.push(Diagnostic::new(format!("cannot read the mana cost `{s}`: {e}"), n.span).help(
                    "write mana costs with braces, e.g. \"{2}{G}{G}\", \"{X}{R}\", \"{C}\"",
                ));
                None
            }
        }
    });
    finish(m, name, cost, false, &what, diags)
}

/// Reads a token definition `{token: Soldier, type: Creature — Soldier, power: 1, …}`.
pub fn read_token(node: &Node, diags: &mut Diags) -> Option<CardDef> {
    let m = MapView::new(node, "a token definition", diags)?;
    m.check_keys(TOKEN_KEYS, "a token definition", diags);
    let name = m.require("token", "a token definition", diags).and_then(|n| string(n, "the token's name", diags))?;
    let what = format!("token `{name}`");
    finish(m, name, None, true, &what, diags)
}

fn finish(m: MapView<'_>, name: String, cost: Option<ManaCost>, token: bool, what: &str, diags: &mut Diags) -> Option<CardDef> {
    let type_node = m.require("type", what, diags)?;
    let type_line = string(type_node, &format!("the type line of {what}"), diags)?;
    let (supertypes, types, subtypes) = match parse_type_line(&type_line) {
        Ok(t) => t,
        Err(word) => {
            diags.push(
                Diagnostic::new(format!("unknown card type `{word}` in the type line of {what}"), type_node.span)
                    .help("write the full type line, e.g. \"Legendary Creature — Elf Warrior\" (types before the dash, subtypes after)"),
            );
            return None;
        }
    };
    // "*": defined by a characteristic-defining ability of the text (208.2a, 604.3), checked
    // below once the text is compiled; 0 where that ability doesn't function.
    let star = std::cell::Cell::new(None);
    let pt = |key: &str, diags: &mut Diags| -> Option<i32> {
        let n = m.get(key)?;
        match &n.kind {
            Kind::Int(i) => i32::try_from(*i).ok(),
            Kind::Str(s) if s == "*" => {
                star.set(Some(n.span));
                Some(0)
            }
            _ => {
                diags.push(
                    Diagnostic::new(format!("`{key}` of {what} must be a whole number or \"*\""), n.span)
                        .help("write \"*\" for a power or toughness the card's text defines (\"… power and toughness are each equal to …\")"),
                );
                None
            }
        }
    };
    let power = pt("power", diags);
    let toughness = pt("toughness", diags);
    let loyalty = pt("loyalty", diags);
    if types.contains(&CardType::Creature) && (power.is_none() || toughness.is_none()) && m.get("power").is_none() {
        diags.push(
            Diagnostic::new(format!("{what} is a creature but has no `power`/`toughness`"), m.node.span)
                .help("add `power:` and `toughness:`"),
        );
    }
    let mut colors: Vec<Color> = match m.get("colors") {
        Some(n) => list(n, "`colors`", diags)
            .into_iter()
            .filter_map(|c| {
                let s = string(c, "a color", diags)?;
                let col = Color::from_name(&s);
                if col.is_none() {
                    diags.push(Diagnostic::new(format!("unknown color `{s}`"), c.span).help("colors are white, blue, black, red, green"));
                }
                col
            })
            .collect(),
        None => cost.as_ref().map(|c| c.colors().collect()).unwrap_or_default(),
    };
    colors.sort();
    colors.dedup();
    let text_node = m.get("text");
    let text = match text_node {
        Some(n) => string(n, &format!("the text of {what}"), diags)?,
        None => String::new(),
    };
    // Unread abilities are kept in their place and wait for the moment they would matter;
    // only those nothing can place make the card unusable.
    let reading = oracle::read(&text, &name, &types);
    let mut unusable = false;
    for u in reading.unusable() {
        unusable = true;
        let span = text_node.map_or(m.node.span, |n| text_span(n, &text, u.at.0, u.at.1));
        diags.push(
            Diagnostic::new(format!("{what}: cannot read \"{}\"", u.words), span)
                .label(format!("unsupported text: \"{}\"; expected {}", u.words, u.expected))
                .help(format!(
                    "this {} is not supported yet, and nothing tells when it would apply, so the card can't be used; `judge cards coverage` lists what is read, and `judge card NAME` shows how a card was read",
                    u.kind.name()
                )),
        );
    }
    if unusable {
        return None;
    }
    let mut abilities = reading.abilities;
    if let Some(span) = star.get()
        && !abilities.iter().any(|a| matches!(a, Ability::Static(s) if s.changes.iter().any(|c| matches!(c, crate::cards::ir::Change::PtEqualTo(_)))))
    {
        diags.push(
            Diagnostic::new(format!("{what} has \"*\" power or toughness but no text that defines it"), span)
                .help("\"*\" needs a characteristic-defining ability such as \"This creature's power and toughness are each equal to the number of creatures you control.\""),
        );
        return None;
    }
    add_basic_land_abilities(&subtypes, &mut abilities);
    Some(CardDef { name, cost, type_line, supertypes, types, subtypes, power, toughness, loyalty, colors, text, abilities, token })
}

/// 305.6: a land with a basic land type has "{T}: Add [mana]" for each, before its other
/// abilities (a card, or a token such as a Forest Dryad).
pub fn add_basic_land_abilities(subtypes: &[String], abilities: &mut Vec<Ability>) {
    for (sub, color) in BASIC_LAND_TYPES {
        if subtypes.iter().any(|s| s == sub) {
            abilities.insert(0, intrinsic_mana_ability(*color));
        }
    }
}

/// The place of bytes `start..end` of a card's text inside the YAML node that holds it. For a
/// plain or quoted one-line scalar the words can be found in the file; otherwise the node.
fn text_span(node: &Node, text: &str, start: usize, end: usize) -> crate::diag::Span {
    let mut span = node.span;
    let words = text.get(start..end).unwrap_or("");
    if !words.is_empty() && !text.contains('\n') {
        // The node's span begins at the scalar; a quoted scalar has one extra byte.
        let quote = usize::from(matches!(&node.kind, Kind::Str(_)) && span.len > text.len());
        span.start += start + quote;
        span.col += u32::try_from(text[..start].chars().count() + quote).unwrap_or(0);
        span.len = end - start;
    }
    span
}

/// A type line read into supertypes, card types and subtypes.
pub type TypeLine = (Vec<String>, Vec<CardType>, Vec<String>);

/// Splits a type line into supertypes, card types and subtypes.
///
/// # Errors
/// The first word before the dash that is neither a supertype nor a card type.
pub fn parse_type_line(line: &str) -> Result<TypeLine, String> {
    let (head, tail) = match line.split_once('—').or_else(|| line.split_once(" - ")) {
        Some((h, t)) => (h, t),
        None => (line, ""),
    };
    let mut supertypes = Vec::new();
    let mut types = Vec::new();
    for w in head.split_whitespace() {
        if let Some(s) = SUPERTYPES.iter().find(|s| s.eq_ignore_ascii_case(w)) {
            supertypes.push((*s).to_owned());
        } else if let Some(t) = CardType::from_name(w) {
            types.push(t);
        } else if w.eq_ignore_ascii_case("Tribal") {
            types.push(CardType::Kindred);
        } else {
            return Err(w.to_owned());
        }
    }
    if types.is_empty() {
        return Err(head.trim().to_owned());
    }
    let subtypes = tail.split_whitespace().map(str::to_owned).collect();
    Ok((supertypes, types, subtypes))
}

/// A shared, compiled card.
pub type Card = Arc<CardDef>;
