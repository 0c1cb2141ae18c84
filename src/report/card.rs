//! `judge card NAME`: a card and how its Oracle text was understood, ability by ability, as
//! indented text; unread abilities are shown with their kind and the moment they would matter.

use std::fmt::Write as _;

use serde_json::Value;

use crate::cards::def::{CardDef, read_card};
use crate::cards::ir::Ability;
use crate::cards::oracle;
use crate::diag::{Diagnostic, Source};
use crate::scenario::read::Diags;
use crate::scenario::yaml::{self, Kind};

/// Why a card from a file could not be shown.
pub enum NotShown {
    /// The file's problems (YAML, or the card's definition).
    Diags(Source, Vec<Diagnostic>),
    /// No card of that name; the names there are.
    Missing(Vec<String>),
    /// Not a card list.
    Invalid(String),
}

/// A compiled card.
#[must_use]
pub fn show(c: &CardDef) -> String {
    // A card with faces: its name and layout, then every face as a card of its own.
    if let Some(layout) = c.layout {
        let mut out = format!("{}\nlayout:  {} (rule {})\n", c.name, layout.name(), layout.rule());
        let what = if layout == crate::cards::def::Layout::Meld { ["front face", "back face (the combined face of the melded permanent, 712.4a)"] } else if layout.double_faced() { ["front face", "back face"] } else if layout == crate::cards::def::Layout::Adventure { ["creature", "Adventure"] } else { ["left half", "right half"] };
        for (face, what) in c.faces.iter().zip(what) {
            let _ = write!(out, "\n{what}: {}", show(face));
        }
        return out;
    }
    let pt = c.power.zip(c.toughness).map(|(p, t)| format!("{p}/{t}"));
    let cost = c.cost.as_ref().map(ToString::to_string);
    let mut out = header(&c.name, cost.as_deref(), &c.type_line, pt.as_deref(), c.loyalty.map(|l| l.to_string()).as_deref(), &c.text);
    abilities(&mut out, &c.abilities);
    out
}

fn header(name: &str, cost: Option<&str>, type_line: &str, pt: Option<&str>, loyalty: Option<&str>, text: &str) -> String {
    let mut out = format!("{name}\n");
    if let Some(cost) = cost.filter(|c| !c.is_empty()) {
        let _ = writeln!(out, "cost:    {cost}");
    }
    let _ = writeln!(out, "type:    {type_line}");
    if let Some(pt) = pt {
        let _ = writeln!(out, "P/T:     {pt}");
    }
    if let Some(l) = loyalty {
        let _ = writeln!(out, "loyalty: {l}");
    }
    if !text.is_empty() {
        let _ = writeln!(out, "text:    {}", text.replace('\n', "\n         "));
    }
    out
}

fn abilities(out: &mut String, list: &[Ability]) {
    let read = list.iter().filter(|a| !matches!(a, Ability::Unread(_))).count();
    let _ = writeln!(out, "\nabilities, as understood ({read} read, {} deferred):", list.len() - read);
    if list.is_empty() {
        out.push_str("  (none)\n");
    }
    for (i, a) in list.iter().enumerate() {
        match a {
            Ability::Unread(u) => {
                let _ = writeln!(out, "  {}. NOT READ — {}, deferred: it matters {}", i + 1, u.kind.name(), u.moment.describe());
                let _ = writeln!(out, "       text:   {}", u.text.replace('\n', "\n               "));
                let _ = writeln!(out, "       unread: \"{}\" (expected {})", u.words, u.expected);
                if let Some(f) = crate::cards::oracle::unread::missing_feature(&u.text) {
                    let _ = writeln!(out, "       uses:   {f}, which judge doesn't model yet");
                }
            }
            Ability::Keyword(k) if k.pregame_only() => {
                let _ = writeln!(out, "  {}. Keyword: {} — works only before the game (deck construction, {}); does nothing in play", i + 1, k.label(), k.rule());
            }
            _ => {
                let _ = write!(out, "  {}. ", i + 1);
                let v = serde_json::to_value(a).unwrap_or(Value::Null);
                render(out, &v, 5, true);
            }
        }
    }
}

/// Renders IR as indented text: a variant or field name, then its contents below it.
fn render(out: &mut String, v: &Value, indent: usize, first: bool) {
    let pad = |out: &mut String, first: bool| {
        if !first {
            out.push_str(&" ".repeat(indent));
        }
    };
    match v {
        Value::Object(m) => {
            let mut first = first;
            // Fields at their defaults (false, 0, none) say nothing; a mode's target instances
            // are indices, where [0] means the first target.
            for (k, x) in m.iter().filter(|(k, x)| !is_default(x) || k.as_str() == "slots" && x.as_array().is_some_and(|a| !a.is_empty())) {
                pad(out, first);
                first = false;
                if is_leaf(x) {
                    let _ = writeln!(out, "{k}: {}", leaf(x));
                } else {
                    let _ = writeln!(out, "{k}:");
                    render(out, x, indent + 2, false);
                }
            }
            if first {
                out.push_str("(nothing)\n");
            }
        }
        Value::Array(xs) => {
            let mut first = first;
            for x in xs {
                pad(out, first);
                first = false;
                if is_leaf(x) {
                    let _ = writeln!(out, "- {}", leaf(x));
                } else {
                    out.push_str("- ");
                    render(out, x, indent + 2, true);
                }
            }
        }
        other => {
            pad(out, first);
            let _ = writeln!(out, "{}", leaf(other));
        }
    }
}

/// False, none, empty lists and lists of zeros (a cost's colored mana) say nothing; a 0 on
/// its own may (target 0), so it stays.
fn is_default(v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) => true,
        Value::Array(xs) => xs.iter().all(|x| x.as_i64() == Some(0) || is_default(x)),
        Value::Object(m) => m.is_empty(),
        _ => false,
    }
}

fn is_leaf(v: &Value) -> bool {
    match v {
        Value::Array(xs) => xs.iter().all(|x| !matches!(x, Value::Array(_) | Value::Object(_))),
        Value::Object(m) => m.is_empty(),
        _ => true,
    }
}

fn leaf(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "none".to_owned(),
        Value::Array(xs) if xs.is_empty() => "none".to_owned(),
        Value::Array(xs) => xs.iter().map(leaf).collect::<Vec<_>>().join(", "),
        Value::Object(_) => "(nothing)".to_owned(),
        other => other.to_string(),
    }
}

/// A card from a scenario's `cards:` or a card file.
///
/// # Errors
/// The file's problems, or no card of that name.
pub fn from_yaml(source: &Source, name: &str) -> Result<String, NotShown> {
    let node = yaml::parse(source).map_err(|d| NotShown::Diags(source.clone(), vec![d]))?;
    let Kind::Map(entries) = &node.kind else { return Err(NotShown::Invalid("expected a scenario or a card definition".into())) };
    let list: Vec<&yaml::Node> = match entries.iter().find(|(k, _)| matches!(&k.kind, Kind::Str(s) if s == "cards")) {
        Some((_, n)) => match &n.kind {
            Kind::Seq(items) => items.iter().collect(),
            _ => Vec::new(),
        },
        None => vec![&node],
    };
    let mut names = Vec::new();
    for n in list {
        let Kind::Map(fields) = &n.kind else { continue };
        let Some(card_name) = fields.iter().find(|(k, _)| matches!(&k.kind, Kind::Str(s) if s == "name")).and_then(|(_, v)| if let Kind::Str(s) = &v.kind { Some(s.clone()) } else { None }) else { continue };
        if !card_name.eq_ignore_ascii_case(name) {
            names.push(card_name);
            continue;
        }
        let mut diags = Diags::default();
        return match read_card(n, &mut diags) {
            Some(c) if diags.0.is_empty() => Ok(show(&c)),
            _ => Err(NotShown::Diags(source.clone(), diags.0)),
        };
    }
    Err(NotShown::Missing(names))
}

/// A card from a JSON card list (AtomicCards or a flat list), every face.
///
/// # Errors
/// Invalid JSON, or no card of that name.
pub fn from_json(json: &str, faces: Option<&str>, name: &str) -> Result<String, NotShown> {
    let cards = crate::cards::import::read(json, faces).map_err(NotShown::Invalid)?;
    let Some(card) = cards.records.iter().find(|r| r.names().any(|n| n.eq_ignore_ascii_case(name))) else {
        return Err(NotShown::Missing(cards.records.iter().map(|r| r.name.clone()).collect()));
    };
    if card.faces.is_empty() {
        return Err(NotShown::Invalid(format!("`{}` has no card text in this file: give a card list (a faces file is read beside a flat list, not on its own)", card.name)));
    }
    let mut out = String::new();
    for f in &card.faces {
        let pt = f.power.as_ref().zip(f.toughness.as_ref()).map(|(p, t)| format!("{p}/{t}"));
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&header(&f.name, f.mana_cost.as_deref(), f.type_line.as_deref().unwrap_or_default(), pt.as_deref(), f.loyalty.as_deref(), &f.text));
        abilities(&mut out, &oracle::read(&f.text, &f.name, &f.types).abilities);
    }
    Ok(out)
}
