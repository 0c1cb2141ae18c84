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
    pub name: std::sync::Arc<str>,
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
    /// How a card with several faces or halves is laid out (709, 710, 712, 715); `None` for
    /// a card with one face.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<Layout>,
    /// Its faces or halves, front (left, normal) first, each a card definition of its own.
    /// The card's own characteristics are the ones it has where no face is chosen: the front
    /// face's (712.8a, 715.4, 710.1), or both halves' combined for a split card (709.4).
    #[serde(skip_serializing_if = "Vec::is_empty", serialize_with = "faces_json")]
    pub faces: Vec<Card>,
}

fn faces_json<S: serde::Serializer>(faces: &[Card], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(faces.iter().map(|f| &**f))
}

/// The layouts of cards with two faces or halves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// A nonmodal (transforming) double-faced card (712.2).
    Transform,
    /// A modal double-faced card (712.3).
    ModalDfc,
    /// Two halves on one face (709).
    Split,
    /// An adventurer card: a creature with an Adventure inset (715).
    Adventure,
    /// A flip card (710).
    Flip,
    /// A meld card (712.4): a front face, and as its back the combined face of the melded
    /// permanent its meld pair becomes.
    Meld,
}

impl Layout {
    pub const NAMES: &'static [&'static str] = &["transform", "modal_dfc", "split", "adventure", "flip", "meld"];

    #[must_use]
    pub fn from_name(s: &str) -> Option<Layout> {
        Some(match s {
            "transform" => Layout::Transform,
            "modal_dfc" => Layout::ModalDfc,
            "split" => Layout::Split,
            "adventure" => Layout::Adventure,
            "flip" => Layout::Flip,
            "meld" => Layout::Meld,
            _ => return None,
        })
    }

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Layout::Transform => "transform",
            Layout::ModalDfc => "modal_dfc",
            Layout::Split => "split",
            Layout::Adventure => "adventure",
            Layout::Flip => "flip",
            Layout::Meld => "meld",
        }
    }

    /// A double-faced card (712.1).
    #[must_use]
    pub fn double_faced(self) -> bool {
        matches!(self, Layout::Transform | Layout::ModalDfc)
    }

    /// The rule that defines the layout.
    #[must_use]
    pub fn rule(self) -> &'static str {
        match self {
            Layout::Transform => "712.2",
            Layout::ModalDfc => "712.3",
            Layout::Split => "709.1",
            Layout::Adventure => "715.1",
            Layout::Flip => "710.1",
            Layout::Meld => "712.4",
        }
    }
}

impl CardDef {
    #[must_use]
    pub fn is(&self, t: CardType) -> bool {
        self.types.contains(&t)
    }

    /// Whether `name` is this card's name or the name of one of its faces (a reference may use
    /// either, 709.4a, 712.19, 715.5), in any case: a scenario's references, like its card
    /// names, needn't match the Oracle name's capitals.
    #[must_use]
    pub fn named(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name) || self.faces.iter().any(|f| f.name.eq_ignore_ascii_case(name))
    }

    /// The type line as its supertypes, types and subtypes make it now ("Creature — Bear
    /// Illusion" after a copy effect added a type, 707.9b).
    #[must_use]
    pub fn type_line_now(&self) -> String {
        let mut words: Vec<&str> = self.supertypes.iter().map(String::as_str).collect();
        words.extend(self.types.iter().map(|t| t.name()));
        let head = words.join(" ");
        if self.subtypes.is_empty() { head } else { format!("{head} — {}", self.subtypes.join(" ")) }
    }
}

const CARD_KEYS: &[&str] = &["name", "cost", "type", "text", "power", "toughness", "loyalty", "colors", "faces", "layout"];
/// The keys a card with faces takes beside them: the rest belongs to each face.
const FACED_KEYS: &[&str] = &["name", "faces", "layout"];
const TOKEN_KEYS: &[&str] = &["token", "type", "text", "power", "toughness", "colors"];

const SUPERTYPES: &[&str] = &["Basic", "Legendary", "Snow", "World", "Ongoing"];

/// The basic land types and the mana their intrinsic ability adds (305.6).
pub const BASIC_LAND_TYPES: &[(&str, Color)] =
    &[("Plains", Color::White), ("Island", Color::Blue), ("Swamp", Color::Black), ("Mountain", Color::Red), ("Forest", Color::Green)];

/// "{T}: Add [mana]" of a basic land type (305.6), built once for each color: the layer pass
/// compares with it whenever it recomputes, and every land given it shares this one.
#[must_use]
pub fn intrinsic_mana_ability(color: Color) -> &'static std::sync::Arc<Ability> {
    static ALL: std::sync::OnceLock<[std::sync::Arc<Ability>; 5]> = std::sync::OnceLock::new();
    let all = ALL.get_or_init(|| {
        Color::ALL.map(|c| {
            std::sync::Arc::new(Ability::Activated {
                cost: Cost { tap: true, ..Cost::default() },
                effect: Effect { targets: Vec::new(), instructions: vec![Instruction::AddMana(vec![ManaKind::Colored(c)])], modal: None },
                mana: true,
            })
        })
    });
    &all[color as usize]
}

/// Reads a card definition map (inline `cards:` entry or library file).
pub fn read_card(node: &Node, diags: &mut Diags) -> Option<CardDef> {
    let m = MapView::new(node, "a card definition", diags)?;
    m.check_keys(CARD_KEYS, "a card definition", diags);
    if m.get("faces").is_some() || m.get("layout").is_some() {
        return read_faced(&m, diags);
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
                    "{}this {} is not supported yet, and nothing tells when it would apply, so the card can't be used; `judge cards coverage` lists what is read, and `judge card NAME` shows how a card was read",
                    crate::engine::unread::missing_words(u),
                    u.kind.name()
                )),
        );
    }
    if unusable {
        return None;
    }
    let mut abilities = reading.abilities;
    if let Some(span) = star.get()
        && !abilities.iter().any(|a| matches!(a, Ability::Static(s) if s.changes.iter().any(|c| matches!(c, crate::cards::ir::Change::PtEqualTo { .. }))))
    {
        diags.push(
            Diagnostic::new(format!("{what} has \"*\" power or toughness but no text that defines it"), span)
                .help("\"*\" needs a characteristic-defining ability such as \"This creature's power and toughness are each equal to the number of creatures you control.\""),
        );
        return None;
    }
    add_basic_land_abilities(&subtypes, &mut abilities);
    Some(CardDef { name: name.into(), cost, type_line, supertypes, types, subtypes, power, toughness, loyalty, colors, text, abilities, token, layout: None, faces: Vec::new() })
}

/// A card with faces or halves: `faces: [front, back]` (each a card definition) and `layout:`.
fn read_faced(m: &MapView<'_>, diags: &mut Diags) -> Option<CardDef> {
    for k in CARD_KEYS.iter().filter(|k| !FACED_KEYS.contains(k)) {
        if let Some(n) = m.key_node(k) {
            diags.push(
                Diagnostic::new(format!("`{k}` belongs to each face of a card with `faces:`"), n.span)
                    .help("give each face its own name, cost, type and text under `faces:`"),
            );
        }
    }
    let layout = match m.get("layout") {
        None => {
            diags.push(
                Diagnostic::new("a card with `faces:` needs `layout:`", m.node.span).label("no `layout:`").help(format!(
                    "write one of {}: how the faces are used depends on it (709 split cards, 710 flip cards, 712 double-faced cards, 715 adventurers)",
                    Layout::NAMES.join(", ")
                )),
            );
            None
        }
        Some(n) => {
            let s = string(n, "`layout`", diags)?;
            let l = Layout::from_name(&s);
            if l.is_none() {
                diags.push(Diagnostic::new(format!("unknown layout `{s}`"), n.span).help(format!("write one of {}", Layout::NAMES.join(", "))));
            }
            l
        }
    };
    let Some(faces_node) = m.get("faces") else {
        diags.push(
            Diagnostic::new("`layout:` is for cards with `faces:`", m.node.span)
                .help("give the faces as `faces: [{name, cost, type, text, …}, {…}]`, or remove `layout:`"),
        );
        return None;
    };
    let nodes = list(faces_node, "`faces`", diags);
    if nodes.len() != 2 {
        diags.push(Diagnostic::new(format!("`faces` has {} entries: a card with faces has exactly two", nodes.len()), faces_node.span).help("front face (or left half) first, then the back face (or right half)"));
        return None;
    }
    let mut faces = Vec::new();
    for n in nodes {
        let fm = MapView::new(n, "a face", diags)?;
        if let Some(k) = fm.key_node("faces").or_else(|| fm.key_node("layout")) {
            diags.push(Diagnostic::new("a face can't have faces of its own", k.span));
            return None;
        }
        faces.push(Arc::new(read_card(n, diags)?));
    }
    let layout = layout?;
    let full = format!("{} // {}", faces[0].name, faces[1].name);
    let name_node = m.require("name", "a card definition", diags)?;
    let name = string(name_node, "the card's `name`", diags)?;
    if name != full && *name != *faces[0].name {
        diags.push(
            Diagnostic::new(format!("the card's name `{name}` is neither `{full}` nor its front face's name"), name_node.span)
                .help(format!("write `name: {full}`")),
        );
        return None;
    }
    // 715.2: an adventurer's inset half is an Adventure. An Omen half looks the same but
    // resolves differently (720.3d: shuffled into its owner's library), which judge doesn't do
    // yet: refused rather than played as an Adventure.
    if layout == Layout::Adventure && !faces[1].subtypes.iter().any(|s| s == "Adventure") {
        diags.push(
            Diagnostic::new(format!("the second half `{}` of an adventurer card must be an Adventure (715.2)", faces[1].name), faces_node.span).help(
                if faces[1].subtypes.iter().any(|s| s == "Omen") {
                    "an Omen half (720: omen cards) is not supported yet: it would resolve differently from an Adventure (720.3d)"
                } else {
                    "give the second face the subtype Adventure (\"Instant — Adventure\")"
                },
            ),
        );
        return None;
    }
    if layout == Layout::Transform && faces[1].cost.is_some() {
        diags.push(
            Diagnostic::new(format!("the back face `{}` of a transforming double-faced card has no mana cost", faces[1].name), faces_node.span)
                .help("remove its `cost`: its mana value is the front face's (712.8e)"),
        );
        return None;
    }
    if layout == Layout::Meld && faces[1].cost.is_some() {
        diags.push(
            Diagnostic::new(format!("the back face `{}` of a meld card has no mana cost", faces[1].name), faces_node.span)
                .help("remove its `cost`: a melded permanent's mana value is the sum of its two front faces' (712.8g)"),
        );
        return None;
    }
    Some(faced(full, layout, faces))
}

/// Appends the items of `from` that `to` lacks, in order (types added to a type line).
pub fn add_missing<T: PartialEq + Clone>(to: &mut Vec<T>, from: &[T]) {
    for x in from {
        if !to.contains(x) {
            to.push(x.clone());
        }
    }
}

impl CardDef {
    /// A split card whose halves are permanents sharing one type line, a Room (709.5): on the
    /// battlefield each half exists only while it is unlocked.
    #[must_use]
    pub fn shared_type_line(&self) -> bool {
        self.layout == Some(Layout::Split)
            && self.faces.len() == 2
            && self.faces[0].type_line == self.faces[1].type_line
            && self.faces[0].types.iter().any(|t| t.is_permanent_type())
    }

    /// What a permanent with a shared type line is with the halves in `unlocked` (bit 0 the
    /// left half, bit 1 the right) unlocked (709.5, 709.5c): the two static abilities of its
    /// type line take away the name, mana cost and rules text of each locked half; the
    /// shared types stay (709.5a). Its colors follow the mana cost it has left (202.2), so a
    /// Room with both halves locked is colorless and has mana value 0 (202.3).
    #[must_use]
    pub fn room_view(&self, unlocked: u8) -> CardDef {
        let open: Vec<&CardDef> = self.faces.iter().enumerate().filter(|(i, _)| unlocked & (1 << i) != 0).map(|(_, f)| &**f).collect();
        let mut d = self.clone();
        d.layout = None;
        d.faces = Vec::new();
        d.name = match open.as_slice() {
            [one] => one.name.clone(),
            [] => "".into(),
            _ => self.name.clone(),
        };
        d.cost = open.iter().filter_map(|f| f.cost.clone()).reduce(|a, b| a.combined(&b));
        d.colors = open.iter().flat_map(|f| f.colors.iter().copied()).collect();
        d.colors.sort();
        d.colors.dedup();
        d.abilities = open.iter().flat_map(|f| f.abilities.iter().cloned()).collect();
        d.text = open.iter().map(|f| f.text.as_str()).collect::<Vec<_>>().join("\n//\n");
        d
    }
}

/// The card with its faces; its own characteristics are the front face's, or for a split card
/// those of both halves combined (709.4): both names, the combined mana cost (709.4b), every
/// type and every ability of either half (709.4c).
#[must_use]
pub fn faced(name: String, layout: Layout, faces: Vec<Card>) -> CardDef {
    // 709.5h, 709.5j: "this door" in a half's text is that half.
    let faces: Vec<Card> = faces
        .into_iter()
        .enumerate()
        .map(|(i, f)| {
            let door = |a: &Ability| matches!(a, Ability::Triggered { trigger, .. } if matches!(**trigger, crate::cards::ir::Trigger::UnlockThisDoor(None)));
            if layout != Layout::Split || !f.abilities.iter().any(door) {
                return f;
            }
            let mut d = (*f).clone();
            for a in &mut d.abilities {
                if let Ability::Triggered { trigger, .. } = a
                    && **trigger == crate::cards::ir::Trigger::UnlockThisDoor(None)
                {
                    **trigger = crate::cards::ir::Trigger::UnlockThisDoor(u8::try_from(i).ok());
                }
            }
            Arc::new(d)
        })
        .collect();
    let (a, b) = (&faces[0], &faces[1]);
    let mut def = if layout == Layout::Split {
        let mut d = (**a).clone();
        d.cost = match (&a.cost, &b.cost) {
            (Some(x), Some(y)) => Some(x.combined(y)),
            (x, y) => x.clone().or_else(|| y.clone()),
        };
        add_missing(&mut d.types, &b.types);
        add_missing(&mut d.subtypes, &b.subtypes);
        add_missing(&mut d.supertypes, &b.supertypes);
        d.colors.extend(b.colors.iter().copied());
        d.colors.sort();
        d.colors.dedup();
        d.abilities.extend(b.abilities.iter().cloned());
        d.text = format!("{}\n//\n{}", a.text, b.text);
        d.type_line = format!("{} // {}", a.type_line, b.type_line);
        d
    } else {
        (**a).clone()
    };
    def.name = name.into();
    def.layout = Some(layout);
    def.faces = faces;
    def
}

/// 305.6: a land with a basic land type has "{T}: Add [mana]" for each, before its other
/// abilities (a card, or a token such as a Forest Dryad).
pub fn add_basic_land_abilities(subtypes: &[String], abilities: &mut Vec<Ability>) {
    for (sub, color) in BASIC_LAND_TYPES {
        if subtypes.iter().any(|s| s == sub) {
            abilities.insert(0, Ability::clone(intrinsic_mana_ability(*color)));
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
