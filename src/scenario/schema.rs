//! The JSON Schema (draft-07) of scenario files, built from the same key lists the loader
//! accepts, so that the two cannot drift apart (a test compares it with `schema/scenario.schema.json`).

use serde_json::{Value, json};

use crate::scenario::load::{CAST_KEYS, CHOOSE_KEYS, ENTRY_KEYS, EXPECT_KEYS, OBJECT_EXPECT_KEYS, PLAYER_EXPECT_KEYS, PLAYER_KEYS, TOP_KEYS, VERBS};
use crate::scenario::model::Step;

fn open_object(keys: &[&str]) -> Value {
    let props: serde_json::Map<String, Value> = keys.iter().map(|k| ((*k).to_owned(), json!({}))).collect();
    json!({"type": "object", "properties": props, "additionalProperties": false})
}

/// The schema as a JSON value.
#[must_use]
pub fn schema() -> Value {
    let steps: Vec<&str> = Step::ALL.iter().map(|s| s.name()).chain(["main1", "main2"]).collect();
    let entry = {
        let mut e = open_object(ENTRY_KEYS);
        e["required"] = json!(["card"]);
        json!({"anyOf": [{"type": "string"}, e]})
    };
    let zone = json!({"type": "array", "items": {"$ref": "#/definitions/entry"}});
    let mut player = open_object(PLAYER_KEYS);
    for z in ["library", "hand", "battlefield", "graveyard", "exile"] {
        player["properties"][z] = zone.clone();
    }
    player["properties"]["name"] = json!({"type": "string"});
    player["properties"]["life"] = json!({"type": "integer"});
    player["required"] = json!(["name"]);
    let action_variants: Vec<Value> = VERBS
        .iter()
        .map(|v| {
            let keys: Vec<&str> = match *v {
                "cast" | "activate" => std::iter::once(*v).chain(CAST_KEYS.iter().copied()).collect(),
                "choose" => vec![*v],
                _ => vec![*v, "player"],
            };
            let mut o = open_object(&keys);
            o["required"] = json!([v]);
            if *v == "choose" {
                o["properties"]["choose"] = open_object(CHOOSE_KEYS);
            }
            o
        })
        .collect();
    let mut expect = open_object(EXPECT_KEYS);
    expect["properties"]["players"] = json!({"type": "object", "additionalProperties": open_object(PLAYER_EXPECT_KEYS)});
    expect["properties"]["objects"] = json!({"type": "object", "additionalProperties": open_object(OBJECT_EXPECT_KEYS)});
    let mut top = open_object(TOP_KEYS);
    top["properties"]["name"] = json!({"type": "string"});
    top["properties"]["players"] = json!({"type": "array", "minItems": 2, "items": player});
    top["properties"]["actions"] = json!({"type": "array", "items": {"anyOf": [{"enum": ["pass", "resolve"]}, {"anyOf": action_variants}]}});
    top["properties"]["expect"] = expect;
    top["properties"]["until"] = json!({"anyOf": [{"enum": ["stack_empty", "end_of_turn", "game_over"]}, {"enum": steps}, {"type": "object"}]});
    top["properties"]["seed"] = json!({"type": "integer", "minimum": 0});
    top["required"] = json!(["name", "players"]);
    let mut doc = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "judge scenario",
        "description": "A board state, a script of what the players do, and the expected outcome (scenario format v1).",
        "definitions": {"entry": entry},
    });
    if let (Some(d), Some(t)) = (doc.as_object_mut(), top.as_object()) {
        for (k, v) in t {
            d.insert(k.clone(), v.clone());
        }
    }
    doc
}

/// The schema as pretty-printed JSON text (what `judge schema` prints and the repository keeps).
#[must_use]
pub fn schema_text() -> String {
    serde_json::to_string_pretty(&schema()).unwrap_or_default()
}
