//! Card data from outside the project, read into one shape for every command that takes it
//! (`judge cards import`, `judge cards coverage`, `judge card --from`, `--cards FILE`).
//!
//! Three inputs are recognised from their content, plain or gzip-compressed:
//! - MTGJSON `AtomicCards.json`: `{"meta": …, "data": {"Name": [face, …]}}`, camelCase fields
//!   (`manaCost`, `type`, `types`, `text`, `faceName`, `side`, `layout`, `colors`);
//! - Scryfall's `oracle-cards` bulk file: a JSON array of card objects, snake_case fields
//!   (`mana_cost`, `type_line`, `oracle_text`, `color_indicator`), multi-face cards with
//!   `card_faces`; tokens, emblems and art cards are not cards a player owns and are skipped;
//! - a flat JSON list of MTGJSON-style card records (the shape of the project's reference
//!   corpus), optionally with a list of `{name, layout, faces}` records giving every face of
//!   its multi-face cards.
//!
//! A [`Record`] keeps the printed values as text; [`Record::definition`] turns it into a card
//! definition of the scenario format, which the card reader then checks and compiles like any
//! other card: what it can't represent is refused there, with the reason, when a scenario uses
//! the card.

use std::io::Read as _;

use serde_json::Value;

use crate::cards::ir::{CardType, Color};

/// Which kind of file the cards came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    AtomicCards,
    Scryfall,
    List,
}

impl Shape {
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Shape::AtomicCards => "MTGJSON AtomicCards",
            Shape::Scryfall => "Scryfall oracle cards",
            Shape::List => "JSON card list",
        }
    }
}

/// One card: its name ("Fire // Ice" for a card with two faces or halves), its layout as the
/// source names it, and its faces (one for an ordinary card).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub name: String,
    pub layout: String,
    pub faces: Vec<FaceRecord>,
}

/// The printed values of one face, as text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FaceRecord {
    pub name: String,
    pub mana_cost: Option<String>,
    pub type_line: Option<String>,
    /// The card types, from the source's list or else from the type line.
    pub types: Vec<CardType>,
    pub text: String,
    pub power: Option<String>,
    pub toughness: Option<String>,
    pub loyalty: Option<String>,
    /// The colors the source gives, as letters (W, U, B, R, G).
    pub colors: Vec<String>,
}

/// A read card list.
#[derive(Debug)]
pub struct Cards {
    pub shape: Shape,
    pub records: Vec<Record>,
    /// Objects of the file that are not cards (Scryfall tokens, emblems, art cards), by layout.
    pub skipped: Vec<(String, usize)>,
}

/// Layouts whose objects aren't cards of a player's deck (Scryfall lists them with the cards).
const NOT_CARDS: &[&str] = &["token", "double_faced_token", "emblem", "art_series"];

/// The layouts whose several faces a card definition can have (`layout:`).
pub const FACED_LAYOUTS: &[&str] = &["transform", "modal_dfc", "split", "adventure", "flip", "aftermath", "meld"];

/// The text of a card file: gzip-compressed or plain, UTF-8.
///
/// # Errors
/// The gzip stream is broken or the text isn't UTF-8.
pub fn decode(bytes: Vec<u8>) -> Result<String, String> {
    let bytes = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::new();
        flate2::read::MultiGzDecoder::new(bytes.as_slice()).read_to_end(&mut out).map_err(|e| format!("cannot decompress (gzip): {e}"))?;
        out
    } else {
        bytes
    };
    String::from_utf8(bytes).map_err(|e| format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))
}

/// Reads a card list; `faces` is an optional list of `{name, layout, faces}` records completing
/// the multi-face cards of a flat list.
///
/// # Errors
/// Either JSON does not parse (with its line and column), or has none of the known shapes.
pub fn read(json: &str, faces: Option<&str>) -> Result<Cards, String> {
    let value: Value = serde_json::from_str(json).map_err(|e| format!("invalid JSON at line {}, column {}: {e}", e.line(), e.column()))?;
    let mut skipped: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    let (shape, records) = match &value {
        Value::Object(map) => {
            let Some(Value::Object(data)) = map.get("data") else {
                return Err("expected MTGJSON AtomicCards.json (an object with a \"data\" object), a Scryfall bulk file or a list of cards".into());
            };
            (Shape::AtomicCards, data.iter().map(|(name, v)| atomic(name, v)).collect())
        }
        Value::Array(list) if list.iter().any(is_scryfall) => {
            let mut records = Vec::new();
            for (i, c) in list.iter().enumerate() {
                let layout = str_of(c, "layout").unwrap_or_default();
                if NOT_CARDS.contains(&layout.as_str()) {
                    *skipped.entry(layout).or_default() += 1;
                    continue;
                }
                if !c.is_object() {
                    return Err(format!("entry {i} of the list is not a card object"));
                }
                records.push(scryfall(c));
            }
            (Shape::Scryfall, records)
        }
        Value::Array(list) => {
            let faced = faces_list(faces)?;
            let mut records = Vec::new();
            for (i, c) in list.iter().enumerate() {
                if !c.is_object() {
                    return Err(format!("entry {i} of the list is not a card object"));
                }
                records.push(listed(c, &faced));
            }
            (Shape::List, records)
        }
        _ => return Err("expected MTGJSON AtomicCards.json, a Scryfall bulk file or a JSON list of cards".into()),
    };
    let mut records = records;
    complete_meld_halves(&mut records);
    Ok(Cards { shape, records, skipped: skipped.into_iter().collect() })
}

/// A meld card named "A // B" that comes with only its front face gets its back face from the
/// list's own record of the melded card B (712.4: the back of each half is that combined face),
/// so that it is read whole.
fn complete_meld_halves(records: &mut [Record]) {
    let melded: std::collections::HashMap<String, FaceRecord> = records
        .iter()
        .filter(|r| r.layout == "meld" && !r.name.contains(" // ") && r.faces.len() == 1)
        .map(|r| (r.name.clone(), r.faces[0].clone()))
        .collect();
    for r in records.iter_mut().filter(|r| r.layout == "meld" && r.faces.len() == 1) {
        if let Some((front, back)) = r.name.split_once(" // ")
            && let Some(face) = melded.get(back)
        {
            if r.faces[0].name == r.name {
                front.clone_into(&mut r.faces[0].name);
            }
            r.faces.push(face.clone());
        }
    }
}

fn str_of(v: &Value, key: &str) -> Option<String> {
    match v.get(key)? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn strings(v: &Value, key: &str) -> Vec<String> {
    v.get(key).and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).map(str::to_owned).collect()).unwrap_or_default()
}

/// A Scryfall card object: it says so (`"object": "card"`) or has Scryfall's field names.
fn is_scryfall(v: &Value) -> bool {
    v.get("object").and_then(Value::as_str) == Some("card") || v.get("type_line").is_some() || v.get("oracle_text").is_some() || v.get("card_faces").is_some()
}

/// The card types of a face: the source's list when it has one, else the type line's words
/// before the dash.
fn types_of(list: Vec<String>, type_line: Option<&str>) -> Vec<CardType> {
    if !list.is_empty() {
        return list.iter().filter_map(|t| CardType::from_name(t)).collect();
    }
    let line = type_line.unwrap_or("");
    let front = line.split('—').next().unwrap_or("");
    front.split_whitespace().filter_map(CardType::from_name).collect()
}

/// One face in MTGJSON's field names (AtomicCards and the flat list).
fn mtgjson_face(v: &Value, fallback_name: &str) -> FaceRecord {
    let type_line = str_of(v, "type");
    FaceRecord {
        name: str_of(v, "faceName").or_else(|| str_of(v, "name")).unwrap_or_else(|| fallback_name.to_owned()),
        mana_cost: str_of(v, "manaCost").filter(|c| !c.is_empty()),
        types: types_of(strings(v, "types"), type_line.as_deref()),
        type_line,
        text: str_of(v, "text").unwrap_or_default(),
        power: str_of(v, "power"),
        toughness: str_of(v, "toughness"),
        loyalty: str_of(v, "loyalty"),
        colors: strings(v, "colors"),
    }
}

/// An AtomicCards entry: its faces in side order (a, b, …), each side once.
fn atomic(name: &str, v: &Value) -> Record {
    let mut faces: Vec<(String, FaceRecord)> = match v {
        Value::Array(fs) => fs.iter().map(|f| (str_of(f, "side").unwrap_or_default(), mtgjson_face(f, name))).collect(),
        other => vec![(String::new(), mtgjson_face(other, name))],
    };
    // Sides in order; a side listed twice counts once (faces without sides are kept).
    faces.sort_by(|a, b| a.0.cmp(&b.0));
    faces.dedup_by(|a, b| !a.0.is_empty() && a.0 == b.0);
    let first = match v {
        Value::Array(fs) => fs.first(),
        other => Some(other),
    };
    let layout = first.and_then(|f| str_of(f, "layout")).unwrap_or_else(|| "normal".to_owned());
    let mut record = Record { name: name.to_owned(), layout, faces: faces.into_iter().map(|(_, f)| f).collect() };
    single_sided(&mut record);
    record
}

/// A Scryfall card object.
fn scryfall(v: &Value) -> Record {
    let face = |f: &Value, parent: &Value| -> FaceRecord {
        let type_line = str_of(f, "type_line").or_else(|| str_of(parent, "type_line"));
        // A color indicator (204) is the only way a card without colored mana symbols is
        // colored; otherwise the cost says the colors.
        let colors = if f.get("color_indicator").is_some() { strings(f, "color_indicator") } else { strings(f, "colors") };
        FaceRecord {
            name: str_of(f, "name").unwrap_or_default(),
            mana_cost: str_of(f, "mana_cost").filter(|c| !c.is_empty()),
            types: types_of(Vec::new(), type_line.as_deref()),
            type_line,
            text: str_of(f, "oracle_text").unwrap_or_default(),
            power: str_of(f, "power"),
            toughness: str_of(f, "toughness"),
            loyalty: str_of(f, "loyalty"),
            colors,
        }
    };
    let layout = str_of(v, "layout").unwrap_or_else(|| "normal".to_owned());
    let faces = match v.get("card_faces").and_then(Value::as_array) {
        Some(fs) if !fs.is_empty() => fs.iter().map(|f| face(f, v)).collect(),
        _ => vec![face(v, v)],
    };
    let mut record = Record { name: str_of(v, "name").unwrap_or_default(), layout, faces };
    single_sided(&mut record);
    record
}

/// A reversible card is one card printed on both sides: its first face is the card.
fn single_sided(r: &mut Record) {
    if r.layout == "reversible_card" {
        r.faces.truncate(1);
        if let Some(f) = r.faces.first() {
            r.name.clone_from(&f.name);
        }
    }
}

/// The faces list beside a flat list, by card name.
fn faces_list(faces: Option<&str>) -> Result<std::collections::HashMap<String, Value>, String> {
    let Some(text) = faces else { return Ok(std::collections::HashMap::new()) };
    match serde_json::from_str(text).map_err(|e| format!("invalid faces JSON at line {}, column {}: {e}", e.line(), e.column()))? {
        Value::Array(list) => Ok(list.into_iter().filter_map(|r| Some((r.get("name")?.as_str()?.to_owned(), r))).collect()),
        _ => Err("expected the faces file to be a JSON list of {name, layout, faces} records".into()),
    }
}

/// A record of a flat list, its faces completed from the faces list when it has them.
fn listed(c: &Value, faced: &std::collections::HashMap<String, Value>) -> Record {
    let name = str_of(c, "name").unwrap_or_default();
    let layout = str_of(c, "layout").unwrap_or_else(|| "normal".to_owned());
    // A reversible card's own record is the card (its faces list repeats it).
    let faced = faced.get(&name).filter(|r| r.get("layout").and_then(Value::as_str) != Some("reversible_card"));
    match faced {
        Some(r) => {
            let faces: Vec<FaceRecord> = r.get("faces").and_then(Value::as_array).map(|fs| fs.iter().map(|f| mtgjson_face(f, "")).collect()).unwrap_or_default();
            let layout = str_of(r, "layout").unwrap_or(layout);
            if faces.is_empty() { Record { name: name.clone(), layout, faces: vec![mtgjson_face(c, &name)] } } else { Record { name, layout, faces } }
        }
        None => Record { name: name.clone(), layout, faces: vec![mtgjson_face(c, &name)] },
    }
}

/// A card definition of the scenario format, as a card file or a `cards:` entry writes it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Definition {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<String>,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub type_line: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power: Option<Printed>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub toughness: Option<Printed>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loyalty: Option<Printed>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub colors: Vec<&'static str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub faces: Vec<Definition>,
}

/// A printed power, toughness or loyalty: a whole number, or the text as printed ("*", "1+*")
/// for the card reader to accept or refuse.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum Printed {
    Number(i64),
    Text(String),
}

impl FaceRecord {
    /// This face as a card definition.
    fn definition(&self) -> Definition {
        let printed = |v: &Option<String>| v.as_ref().map(|v| v.parse::<i64>().map_or_else(|_| Printed::Text(v.clone()), Printed::Number));
        // Colors are written only when the cost doesn't already say them: a color indicator
        // (204), or a card with no mana cost that has a color.
        let mut from_cost: Vec<Color> = self.mana_cost.as_deref().and_then(|c| crate::cards::oracle::parse_mana_cost(c).ok()).map(|c| c.colors().collect()).unwrap_or_default();
        let mut given: Vec<Color> = self.colors.iter().filter_map(|c| c.chars().next()).filter_map(Color::from_letter).collect();
        given.sort();
        given.dedup();
        from_cost.sort();
        let colors = if given.is_empty() || given == from_cost { Vec::new() } else { given.into_iter().map(Color::name).collect() };
        Definition {
            name: self.name.clone(),
            layout: None,
            cost: self.mana_cost.clone(),
            type_line: Some(self.type_line.clone().unwrap_or_default()),
            text: Some(self.text.clone()).filter(|t| !t.is_empty()),
            power: printed(&self.power),
            toughness: printed(&self.toughness),
            loyalty: printed(&self.loyalty),
            colors,
            faces: Vec::new(),
        }
    }
}

impl Record {
    /// The card as a definition of the scenario format (`cards:` entry): one face's, or
    /// `{name, layout, faces}` for a card with several faces or halves.
    #[must_use]
    pub fn definition(&self) -> Definition {
        match self.faces.as_slice() {
            // A meld card's half is a double-faced card (712.4) even when the source gives
            // only its front: its layout, which no card definition can have, refuses it.
            [one] if self.layout != "meld" => Definition { name: self.name.clone(), ..one.definition() },
            faces => Definition {
                name: self.name.clone(),
                // An aftermath card is a split card whose second half has aftermath
                // (702.127): a card definition says `split`.
                layout: Some(if self.layout == "aftermath" { "split".to_owned() } else { self.layout.clone() }),
                cost: None,
                type_line: None,
                text: None,
                power: None,
                toughness: None,
                loyalty: None,
                colors: Vec::new(),
                faces: faces.iter().map(FaceRecord::definition).collect(),
            },
        }
    }

    /// The names a scenario may use for the card: its own and, for a card with several faces,
    /// each face's.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.name.as_str()).chain(self.faces.iter().map(|f| f.name.as_str()).filter(|n| *n != self.name && !n.is_empty()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn shapes_are_recognised() {
        let atomic = r#"{"meta": {}, "data": {"Fire // Ice": [
            {"name": "Fire // Ice", "faceName": "Ice", "side": "b", "layout": "split", "manaCost": "{1}{U}", "type": "Instant", "types": ["Instant"], "text": "Tap target permanent.\nDraw a card."},
            {"name": "Fire // Ice", "faceName": "Fire", "side": "a", "layout": "split", "manaCost": "{1}{R}", "type": "Instant", "types": ["Instant"], "text": "Fire deals 2 damage divided as you choose among one or two targets."}]}}"#;
        let c = read(atomic, None).unwrap();
        assert_eq!(c.shape, Shape::AtomicCards);
        assert_eq!(c.records[0].faces.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), ["Fire", "Ice"]);
        assert_eq!(c.records[0].names().collect::<Vec<_>>(), ["Fire // Ice", "Fire", "Ice"]);
        let scry = r#"[{"object": "card", "name": "Ancestral Vision", "layout": "normal", "mana_cost": "", "type_line": "Sorcery", "oracle_text": "Suspend 4—{U}", "colors": ["U"], "color_indicator": ["U"]},
            {"object": "card", "name": "Soldier", "layout": "token", "type_line": "Token Creature — Soldier"}]"#;
        let c = read(scry, None).unwrap();
        assert_eq!(c.shape, Shape::Scryfall);
        assert_eq!(c.skipped, vec![("token".to_owned(), 1)]);
        assert_eq!(serde_json::to_value(c.records[0].definition()).unwrap(), json!({"name": "Ancestral Vision", "type": "Sorcery", "text": "Suspend 4—{U}", "colors": ["blue"]}));
        assert!(read("[1]", None).is_err());
        assert!(read("{\"data\": 1}", None).is_err());
        assert!(read("{", None).unwrap_err().contains("line 1, column 1"));
    }

    #[test]
    fn definitions() {
        let list = r#"[{"name": "Grizzly Bears", "manaCost": "{1}{G}", "type": "Creature — Bear", "types": ["Creature"], "power": "2", "toughness": "2", "colors": ["G"]},
            {"name": "Tarmogoyf", "manaCost": "{1}{G}", "type": "Creature — Lhurgoyf", "types": ["Creature"], "power": "*", "toughness": "1+*", "text": "x"}]"#;
        let c = read(list, None).unwrap();
        assert_eq!(serde_json::to_value(c.records[0].definition()).unwrap(), json!({"name": "Grizzly Bears", "cost": "{1}{G}", "type": "Creature — Bear", "power": 2, "toughness": 2}));
        assert_eq!(c.records[1].definition().toughness, Some(Printed::Text("1+*".into())));
    }

    #[test]
    fn gzip_and_plain() {
        use std::io::Write as _;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(b"[]").unwrap();
        assert_eq!(decode(gz.finish().unwrap()).unwrap(), "[]");
        assert_eq!(decode(b"[]".to_vec()).unwrap(), "[]");
        assert!(decode(vec![0x1f, 0x8b, 0, 1]).is_err());
        assert!(decode(vec![0xff, 0xfe]).is_err());
    }
}
