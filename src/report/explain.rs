//! `judge run --explain REF`: how an object's characteristics came to be — its copiable values,
//! then each layer with the effects applied there in order, each with its source, timestamp and
//! the reason for its place (613.7 timestamps, 613.8 dependency), and the result. A judge uses
//! this to walk a player through a layers ruling.

use serde::Serialize;

use crate::cards::ir::{Ability, CardType};
use crate::engine::layers::{Chars, Layer};
use crate::engine::{Game, ObjId};

/// One effect applied in one layer.
#[derive(Debug, Serialize)]
pub struct Step {
    pub source: String,
    pub timestamp: Option<u64>,
    pub effect: String,
    pub reason: String,
    pub reason_rule: String,
}

/// One layer or sublayer and what was applied there.
#[derive(Debug, Serialize)]
pub struct LayerSteps {
    pub layer: String,
    pub rule: String,
    pub applied: Vec<Step>,
}

/// An object's characteristics as computed, for display.
#[derive(Debug, Serialize)]
pub struct Shown {
    pub name: String,
    pub controller: String,
    pub types: Vec<String>,
    pub subtypes: Vec<String>,
    pub supertypes: Vec<String>,
    pub colors: Vec<String>,
    pub abilities: Vec<String>,
    pub power: Option<i32>,
    pub toughness: Option<i32>,
}

/// The whole explanation of one object.
#[derive(Debug, Serialize)]
pub struct Explanation {
    pub object: String,
    pub zone: String,
    /// Layer 1's result (613.2c): the printed card, or what the latest copy effect made it.
    pub copiable: Shown,
    pub layers: Vec<LayerSteps>,
    /// Effects in force that did not apply because their source lost the ability first.
    pub void: Vec<String>,
    pub result: Shown,
    /// Set when the object has left the battlefield: the result is as it last existed there.
    pub note: Option<String>,
}

fn ability_words(a: &Ability) -> String {
    match a {
        Ability::Keyword(k) => k.name().to_owned(),
        Ability::Protection(q) => format!("protection from {}", crate::engine::casting::quality_words(*q)),
        Ability::Activated { mana: true, .. } => "a mana ability".to_owned(),
        Ability::Activated { .. } => "an activated ability".to_owned(),
        Ability::Triggered { .. } => "a triggered ability".to_owned(),
        Ability::Static(s) => format!("static: {}", s.changes.iter().map(crate::engine::layers::describe_change).collect::<Vec<_>>().join(", ")),
        Ability::Spell(_) => "spell text".to_owned(),
        other => format!("{other:?}").split([' ', '(', '{']).next().unwrap_or("ability").to_owned(),
    }
}

fn shown(g: &Game, id: ObjId, c: &Chars, abilities: Vec<String>) -> Shown {
    let mut types: Vec<&CardType> = c.types.iter().collect();
    types.sort();
    Shown {
        name: g.card(id).name().to_owned(),
        controller: g.players[c.controller].name.to_string(),
        types: types.into_iter().map(|t| t.name().to_owned()).collect(),
        subtypes: c.subtypes_of(g, id).to_vec(),
        supertypes: c.supertypes_of(g, id).to_vec(),
        colors: c.colors.iter().map(|c| c.name().to_owned()).collect(),
        abilities,
        power: c.power,
        toughness: c.toughness,
    }
}

/// Explains the characteristics of `id` as the game stands.
#[must_use]
pub fn explain(g: &Game, id: ObjId) -> Explanation {
    let o = g.obj(id);
    let printed = g.card(id);
    let copiable_chars = crate::engine::layers::printed_chars(g, id);
    let copiable = shown(g, id, &copiable_chars, printed.abilities().iter().map(ability_words).collect());
    let now = g.chars_now(id);
    let result = shown(g, id, &now, g.abilities(id).map(|(_, a)| ability_words(a)).collect());
    let live = o.live;
    let layered = g.layered();
    let mut layers: Vec<LayerSteps> = Vec::new();
    for layer in Layer::ORDER {
        let applied: Vec<Step> = now
            .log
            .iter()
            .filter(|a| a.layer == layer)
            .map(|a| match a.effect.and_then(|e| layered.effects.get(e)).filter(|_| live) {
                Some(e) => Step {
                    source: g.describe(e.source),
                    timestamp: Some(e.timestamp),
                    effect: g.effect_part(e, layer),
                    reason: a.why.text().to_owned(),
                    reason_rule: a.why.rule().to_string(),
                },
                None => Step { source: "counters".to_owned(), timestamp: None, effect: counters_text(g, id), reason: a.why.text().to_owned(), reason_rule: a.why.rule().to_string() },
            })
            .collect();
        layers.push(LayerSteps { layer: layer.name().to_owned(), rule: layer.rule().to_string(), applied });
    }
    let void = if live { layered.effects.iter().filter(|e| e.void).map(|e| format!("{} (from {}, timestamp {}): its source no longer had the ability when the effect would have applied (613.6, 613.8a)", g.effect_text(e), g.described(e.source), e.timestamp)).collect() } else { Vec::new() };
    Explanation {
        object: g.describe(id),
        zone: o.zone.name().to_owned(),
        copiable,
        layers,
        void,
        result,
        note: (!live).then(|| "it has left its zone: its characteristics are as it last existed (last known information); the layer steps are not kept".to_owned()),
    }
}

fn counters_text(g: &Game, id: ObjId) -> String {
    let c = &g.obj(id).counters;
    let mut parts = Vec::new();
    if c.plus > 0 {
        parts.push(format!("{} +1/+1", c.plus));
    }
    if c.minus > 0 {
        parts.push(format!("{} -1/-1", c.minus));
    }
    parts.join(", ")
}

/// The explanation as text.
#[must_use]
pub fn text(e: &Explanation) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(out, "\nExplain {} ({})", e.object, e.zone);
    let line = |s: &Shown| {
        let pt = match (s.power, s.toughness) {
            (Some(p), Some(t)) => format!(", {p}/{t}"),
            _ => String::new(),
        };
        let sub = if s.subtypes.is_empty() { String::new() } else { format!(" — {}", s.subtypes.join(" ")) };
        let sup = if s.supertypes.is_empty() { String::new() } else { format!("{} ", s.supertypes.join(" ")) };
        let colors = if s.colors.is_empty() { "colorless".to_owned() } else { s.colors.join(", ") };
        let abilities = if s.abilities.is_empty() { "no abilities".to_owned() } else { s.abilities.join("; ") };
        format!("{sup}{}{sub}{pt}; {colors}; {abilities}; controller {}", s.types.join(" "), s.controller)
    };
    let _ = writeln!(out, "  copiable values (613.2c): {}", line(&e.copiable));
    for l in &e.layers {
        if l.applied.is_empty() {
            continue;
        }
        let _ = writeln!(out, "  layer {} ({}):", l.layer, l.rule);
        for s in &l.applied {
            let ts = s.timestamp.map_or_else(String::new, |t| format!(", timestamp {t}"));
            let _ = writeln!(out, "    {} — from {}{ts}; {} ({})", s.effect, s.source, s.reason, s.reason_rule);
        }
    }
    for v in &e.void {
        let _ = writeln!(out, "  in force but not applied: {v}");
    }
    let _ = writeln!(out, "  result: {}", line(&e.result));
    if let Some(n) = &e.note {
        let _ = writeln!(out, "  note: {n}");
    }
    out
}
