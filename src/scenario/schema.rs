//! The JSON Schema (draft-07) of scenario files, built from the same key lists, limits and
//! names the loader uses, so that the two cannot drift apart (a test compares it with
//! `schema/scenario.schema.json`, and validates every scenario and a set of broken files with
//! a JSON Schema validator). Every property has a description, which editors show on hover.

use serde_json::{Value, json};

use crate::scenario::load::{
    CAST_KEYS, CHOOSE_KEYS, ENTRY_KEYS, EXPECT_KEYS, MAX_COUNT, MAX_COUNTERS, MAX_DAMAGE, MAX_LIFE, MAX_POISON, MAX_TURN, MAX_X, OBJECT_EXPECT_KEYS, PLAYER_EXPECT_KEYS, PLAYER_KEYS, TOP_KEYS,
    VERBS, ZONES,
};
use crate::scenario::model::Step;

/// An object with exactly these keys, each described; keys without a typed schema in
/// `typed` accept any value and point at the format's documentation.
fn object(keys: &[&str], typed: &[(&str, Value)]) -> Value {
    let props: serde_json::Map<String, Value> = keys
        .iter()
        .map(|k| {
            let v = typed.iter().find(|(t, _)| t == k).map_or_else(|| json!({"description": format!("`{k}`: see docs/scenario-format.md")}), |(_, v)| v.clone());
            ((*k).to_owned(), v)
        })
        .collect();
    json!({"type": "object", "properties": props, "additionalProperties": false})
}

fn described(mut v: Value, text: &str) -> Value {
    v["description"] = json!(text);
    v
}

fn int(min: i64, max: i64, text: &str) -> Value {
    json!({"type": "integer", "minimum": min, "maximum": max, "description": text})
}

fn string(text: &str) -> Value {
    json!({"type": "string", "description": text})
}

fn boolean(text: &str) -> Value {
    json!({"type": "boolean", "description": text})
}

fn strings(text: &str) -> Value {
    json!({"type": "array", "items": {"type": "string"}, "description": text})
}

/// A rule number. YAML reads `608.2` as a number, so one is accepted too (the loader keeps the
/// digits as written: `603.10` stays 603.10).
fn rule(text: &str) -> Value {
    json!({"anyOf": [{"type": "string", "pattern": "^[1-9][0-9]{0,2}(\\.[0-9]+[a-z]?)?$"}, {"type": "number"}], "description": text})
}

fn rules(text: &str) -> Value {
    json!({"type": "array", "items": rule("a rule number, e.g. 608.2b"), "description": text})
}

/// The schema as a JSON value.
#[must_use]
pub fn schema() -> Value {
    let steps: Vec<&str> = Step::ALL.iter().map(|s| s.name()).chain(["main1", "main2"]).collect();
    let step = json!({"enum": steps, "description": "a step or phase: untap, upkeep, draw, precombat_main (main1), beginning_of_combat, declare_attackers, declare_blockers, first_strike_damage, combat_damage, end_of_combat, postcombat_main (main2), end, cleanup"});
    let zone = json!({"enum": ZONES, "description": "a zone: library, hand, battlefield, graveyard, exile, stack, command, or nowhere (a token that ceased to exist)"});
    let turn = int(1, i64::from(MAX_TURN), "a turn number");
    let counters = json!({"type": "object", "additionalProperties": {"type": "integer", "minimum": 0, "maximum": MAX_COUNTERS}, "description": "counters by kind: +1/+1, -1/-1, loyalty, stun, charge, …"});
    let entry = {
        let mut e = object(
            ENTRY_KEYS,
            &[
                ("card", json!({"anyOf": [{"type": "string"}, {"type": "object"}], "description": "the card's name (from the library or `cards:`), or a token's definition (name, type line, P/T, colors, text)"})),
                ("id", string("a label to refer to this card in actions and expectations; it follows the card through zone changes")),
                ("count", int(0, i64::from(MAX_COUNT), "how many copies of this entry (no `id` then)")),
                ("owner", string("the player who owns it, when someone else than the player listing it")),
                ("tapped", boolean("starts tapped (on the battlefield)")),
                ("damage", int(0, i64::from(MAX_DAMAGE), "damage marked on it at the start")),
                ("counters", counters.clone()),
                ("attached_to", string("the `id` of the permanent (or the name of the player) an Aura or Equipment starts attached to")),
                ("sick", boolean("under its controller's control since the start of this turn only (302.6)")),
                ("face_down", boolean("a face-down permanent (708)")),
                ("transformed", boolean("a double-faced permanent with its back face up (712)")),
                ("unlocked", strings("a Room's unlocked doors, by name (709.5c); neither if left out")),
                ("flipped", boolean("a flip card permanent with its alternative characteristics (710.2)")),
            ],
        );
        e["required"] = json!(["card"]);
        json!({"anyOf": [{"type": "string", "description": "a card's name"}, e], "description": "a card: its name, or a map with `card:` and its status"})
    };
    let zone_list = |z: &str| json!({"type": "array", "items": {"$ref": "#/definitions/entry"}, "description": format!("the cards in the player's {z}")});
    let mut player = object(
        PLAYER_KEYS,
        &[
            ("name", string("the player's name, used to refer to them")),
            ("life", int(-MAX_LIFE, MAX_LIFE, "life total at the start (default 20)")),
            ("poison", int(0, i64::from(MAX_POISON), "poison counters at the start")),
            ("energy", int(0, i64::from(MAX_COUNTERS), "energy counters at the start (107.14)")),
            ("monarch", json!({"type": "boolean", "description": "this player is the monarch at the start (724)"})),
            ("city_blessing", json!({"type": "boolean", "description": "this player has the city's blessing at the start (702.131c)"})),
            ("speed", json!({"type": "integer", "minimum": 1, "maximum": 4, "description": "this player's speed at the start, 1 to 4 (702.179); none when left out"})),
        ],
    );
    for z in ["library", "hand", "battlefield", "graveyard", "exile"] {
        player["properties"][z] = zone_list(if z == "library" { "library, top first" } else { z });
    }
    player["required"] = json!(["name"]);
    let action_variants: Vec<Value> = VERBS
        .iter()
        .map(|v| {
            let keys: Vec<&str> = match *v {
                "cast" | "activate" => std::iter::once(*v).chain(CAST_KEYS.iter().copied()).collect(),
                "choose" => vec![*v],
                "turn_face_up" => vec![*v, "player", "pay", "by"],
                "unlock" => vec![*v, "player", "door", "pay"],
                _ => vec![*v, "player"],
            };
            let typed = [
                ("player", string("the player who acts (default: the card's controller or owner, or the player with priority)")),
                ("targets", strings("the targets, in the order the text names them")),
                ("x", int(0, i64::from(MAX_X), "the value announced for X (601.2b)")),
            ];
            let mut o = object(&keys, &typed);
            o["required"] = json!([v]);
            o["properties"][*v]["description"] = json!(format!("`{v}`: see the verb table of docs/scenario-format.md"));
            if *v == "choose" {
                let typed = [("player", string("the player who decides")), ("x", int(0, i64::from(MAX_X), "a value of X chosen on resolution")), ("number", int(0, i64::from(MAX_X), "a number chosen"))];
                o["properties"]["choose"] = described(object(CHOOSE_KEYS, &typed), "the answer to the next decision of that player");
            }
            o
        })
        .collect();
    let player_expect = object(
        PLAYER_EXPECT_KEYS,
        &[
            ("life", json!({"type": "integer", "description": "life total at the end"})),
            ("poison", json!({"type": "integer", "minimum": 0, "description": "poison counters at the end"})),
            ("energy", json!({"type": "integer", "minimum": 0, "description": "energy counters at the end (107.14)"})),
            ("monarch", json!({"type": "boolean", "description": "whether this player is the monarch at the end (724)"})),
            ("city_blessing", json!({"type": "boolean", "description": "whether this player has the city's blessing at the end (702.131c)"})),
            ("speed", json!({"type": "integer", "minimum": 0, "description": "this player's speed at the end; 0 for a player with no speed (702.179f)"})),
            ("lost", boolean("whether the player lost the game")),
        ],
    );
    let mut player_expect = player_expect;
    for z in ["hand", "library", "battlefield", "graveyard", "exile", "command"] {
        player_expect["properties"][z] = json!({"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "integer", "minimum": 0}], "description": format!("the cards in the player's {z}: a list of names (exact multiset) or a count")});
    }
    let object_expect = object(
        OBJECT_EXPECT_KEYS,
        &[
            ("zone", zone.clone()),
            ("controller", string("the player who controls it")),
            ("owner", string("the player who owns it")),
            ("tapped", boolean("whether it is tapped")),
            ("power", json!({"type": "integer", "description": "its power now (after every layer)"})),
            ("toughness", json!({"type": "integer", "description": "its toughness now"})),
            ("damage", json!({"type": "integer", "minimum": 0, "description": "damage marked on it"})),
            ("counters", counters),
            ("types", strings("its card types now")),
            ("subtypes", strings("its subtypes now")),
            ("supertypes", strings("its supertypes now")),
            ("colors", strings("its colors now")),
            ("keywords", strings("keywords it has (others may be there too)")),
            ("keywords_absent", strings("keywords it must not have")),
            ("attached_to", string("what it is attached to (an `id`, a name, or `nothing`)")),
            ("face_down", boolean("whether it is face down")),
            ("name", string("its name now (a copy has the copied name)")),
            ("loyalty", json!({"type": "integer", "minimum": 0, "description": "its loyalty"})),
            ("sick", boolean("whether it is summoning sick (302.6)")),
            ("transformed", boolean("whether it is a double-faced permanent with its back face up (701.27g)")),
            ("unlocked", strings("a Room's unlocked doors, by name (709.5c)")),
            ("mana_value", json!({"type": "integer", "minimum": 0, "description": "its mana value now (202.3; a transformed permanent's is its front face's, 712.8e)"})),
        ],
    );
    let kinds = crate::engine::event::EventKind::names();
    let event = object(
        crate::engine::event::EVENT_FIELDS,
        &[
            ("kind", json!({"enum": kinds, "description": "the kind of event (the vocabulary is in docs/scenario-format.md)"})),
            ("turn", turn.clone()),
            ("step", step.clone()),
            ("player", string("the player the event is about")),
            ("object", string("the object the event is about: an `id` or a name")),
            ("source", string("the source of the event")),
            ("target", string("what the event is done to")),
            ("amount", json!({"type": "integer", "description": "the amount: damage, life, counters, X, …"})),
            ("zone", zone.clone()),
            ("rule", rule("a rule the event cites (a rule matches its subrules)")),
        ],
    );
    let rejected = {
        let mut r = object(&["action", "rule"], &[("action", int(1, i64::from(u32::MAX), "the script entry, counted from 1")), ("rule", rule("a rule the rejection cites"))]);
        r["required"] = json!(["action"]);
        r
    };
    let expect = described(
        object(
            EXPECT_KEYS,
            &[
                ("players", json!({"type": "object", "additionalProperties": player_expect, "description": "expectations about players, by name"})),
                ("objects", json!({"type": "object", "additionalProperties": object_expect, "description": "expectations about objects, by `id` or card name"})),
                ("stack", strings("the stack at the end, top first")),
                ("winner", string("the player who won")),
                ("draw", boolean("the game is a draw")),
                ("rules", rules("rules cited somewhere in the trace")),
                ("rules_absent", rules("rules cited nowhere in the trace")),
                ("rejected", json!({"type": "array", "items": rejected, "description": "script entries that were rejected as illegal"})),
                ("events", json!({"type": "array", "items": event, "description": "events that happened, in this order (not necessarily adjacent)"})),
            ],
        ),
        "what must be true at the end",
    );
    let start = {
        let s = object(&["turn", "active", "step"], &[("turn", turn), ("active", string("the active player")), ("step", step.clone())]);
        described(s, "where the game starts (default: turn 1, the first player, precombat main)")
    };
    let top = object(
        TOP_KEYS,
        &[
            ("name", string("a short title of the ruling")),
            ("description", string("the ruling in words, with its rule numbers")),
            ("rules", rules("the rules the scenario is about")),
            ("seed", int(0, i64::from(u32::MAX), "the seed of the game's random choices (shuffles); same file and seed, same trace")),
            ("cards", json!({"type": "array", "description": "cards defined in the file: name, cost, type line, Oracle text, P/T"})),
            ("players", json!({"type": "array", "minItems": 2, "items": player, "description": "the players in turn order, with their cards"})),
            ("start", start),
            ("actions", json!({"type": "array", "items": {"anyOf": [{"enum": ["pass", "resolve"]}, {"anyOf": action_variants}]}, "description": "the script: what the players do, in order"})),
            ("until", json!({"anyOf": [{"enum": ["stack_empty", "end_of_turn", "game_over"]}, step, {"type": "object"}], "description": "where the run stops after the script (default: stack_empty)"})),
            ("expect", expect),
            ("auto_choose", json!({"enum": ["first"], "description": "`first`: take the first legal answer of any decision the script does not answer (traced)"})),
        ],
    );
    let mut top = top;
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
