//! Reads a scenario file into the validated model, collecting every problem it can find.

use std::collections::HashMap;
use std::sync::Arc;

use indexmap::IndexMap;

use crate::cards::def::{Card, read_card, read_token};
use crate::cards::db;
use crate::cards::library::{Entry, library};
use crate::diag::{Diagnostic, Source, Span, nearest};
use crate::scenario::model::{
    Action, ActionKind, At, CardEntry, CastChoices, Choice, EventExpect, Expect, ObjectExpect, PlayerExpect, PlayerSetup, Ref,
    RejectedExpect, Scenario, Start, Step, Until, ZoneExpect,
};
use crate::scenario::read::{Diags, MapView, boolean, int, list, nonneg, string};
use crate::scenario::yaml::{self, Kind, Node};

pub const TOP_KEYS: &[&str] =
    &["name", "description", "rules", "seed", "cards", "players", "start", "stack", "actions", "until", "expect", "auto_choose"];
pub const PLAYER_KEYS: &[&str] = &["name", "life", "poison", "energy", "monarch", "city_blessing", "speed", "library", "hand", "battlefield", "graveyard", "exile"];
pub const ENTRY_KEYS: &[&str] =
    &["card", "id", "count", "owner", "tapped", "damage", "counters", "attached_to", "sick", "face_down", "chosen", "transformed", "flipped", "unlocked", "melded_with"];
pub const VERBS: &[&str] =
    &["cast", "play", "activate", "attack", "block", "choose", "pass", "resolve", "goto", "concede", "check", "turn_face_up", "unlock", "plot", "foretell"];
pub const CAST_KEYS: &[&str] = &[
    "player", "targets", "modes", "x", "divide", "optional_costs", "kicked", "replicate", "gift", "alternative_cost", "face_down", "fuse", "pay", "sacrifice",
    "discard", "exile", "tap", "phyrexian", "ability",
];
pub const CHOOSE_KEYS: &[&str] = &[
    "player", "pick", "may", "color", "number", "card_type", "subtype", "creature_type", "name", "order", "targets", "apply", "top",
    "bottom", "graveyard", "assign", "divide", "modes", "x", "call",
];
pub const EXPECT_KEYS: &[&str] = &["players", "objects", "stack", "winner", "draw", "rules", "rules_absent", "rejected", "events"];
pub const PLAYER_EXPECT_KEYS: &[&str] = &["life", "poison", "energy", "monarch", "city_blessing", "speed", "hand", "library", "battlefield", "graveyard", "exile", "command", "lost"];
pub const OBJECT_EXPECT_KEYS: &[&str] = &[
    "zone", "controller", "owner", "tapped", "power", "toughness", "damage", "counters", "types", "subtypes", "supertypes", "colors",
    "keywords", "keywords_absent", "attached_to", "face_down", "name", "loyalty", "sick", "transformed", "mana_value", "unlocked", "cards",
];
/// Zones an object expectation may name; `nowhere` is a token that ceased to exist (704.5d) or a
/// card that left the game with its owner (800.4a).
pub const ZONES: &[&str] = &["library", "hand", "battlefield", "graveyard", "exile", "stack", "command", "nowhere"];

/// Loads a scenario from its text.
///
/// # Errors
/// Every problem found in the file, each with its place.
pub fn load(source: &Source) -> Result<Scenario, Vec<Diagnostic>> {
    let root = yaml::parse(source).map_err(|d| vec![d])?;
    let mut diags = Diags::default();
    let scenario = read_scenario(&root, &mut diags);
    match scenario {
        Some(s) if diags.0.is_empty() => Ok(s),
        _ => Err(diags.0),
    }
}

fn not_supported(diags: &mut Diags, node: &Node, what: &str, help: &str) {
    diags.push(Diagnostic::new(format!("{what} is not supported yet"), node.span).label("not supported yet").help(help.to_owned()));
}

struct Cards {
    inline: HashMap<String, Card>,
    /// Inline cards whose definition has errors (already reported).
    broken: Vec<String>,
}

impl Cards {
    fn lookup(&self, name: &str, node: &Node, diags: &mut Diags) -> Option<Card> {
        if let Some(c) = self.inline.get(name).or_else(|| self.inline.values().find(|c| c.named(name))) {
            return Some(c.clone());
        }
        if self.broken.iter().any(|b| b == name) {
            return None;
        }
        // The embedded library, by the exact name and then in any case; then the imported
        // card database.
        let lib = library();
        let found = lib.get(name).or_else(|| lib.names.iter().find(|n| n.eq_ignore_ascii_case(name)).and_then(|n| lib.get(n)));
        if let Some(entry) = found {
            return usable(entry, name, "library card", node, diags);
        }
        let db = match db::current() {
            Ok(db) => db,
            Err(e) => {
                diags.push(Diagnostic::new(format!("unknown card `{name}`: the card database can't be read: {e}"), node.span).help("import the card file again with `judge cards import FILE`, or define the card under `cards:`"));
                return None;
            }
        };
        if let Some(entry) = db.and_then(|db| db.get(name)) {
            return usable(&entry, name, "imported card", node, diags);
        }
        let names = self.inline.keys().map(String::as_str).chain(lib.names.iter().copied()).chain(db.into_iter().flat_map(db::Db::names));
        let near = nearest(name, names);
        let mut help = if near.is_empty() {
            "define it under `cards:` (name, cost, type, text, power, toughness) or check the spelling".to_owned()
        } else {
            format!("did you mean {}? Otherwise define it under `cards:`", near.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", "))
        };
        let label = match db {
            Some(db) => format!("not in the card library nor in {}", db.origin),
            None => {
                help.push_str("; `judge cards import FILE` makes every card of an MTGJSON or Scryfall file usable by name");
                "not in the card library (no card database imported)".to_owned()
            }
        };
        diags.push(Diagnostic::new(format!("unknown card `{name}`"), node.span).label(label).help(help));
        None
    }
}

/// The compiled card of a library or database entry, or a diagnostic saying why it can't be
/// used.
fn usable(entry: &Entry, name: &str, what: &str, node: &Node, diags: &mut Diags) -> Option<Card> {
    match entry {
        Entry::Card(c) => Some(c.clone()),
        Entry::Broken { diags: d, .. } => {
            let first = d.first().map_or_else(String::new, |d| d.message.clone());
            diags.push(
                Diagnostic::new(format!("the {what} `{name}` cannot be used: {first}"), node.span)
                    .help("define the card inline under `cards:` with text the engine supports"),
            );
            None
        }
    }
}

fn read_scenario(root: &Node, diags: &mut Diags) -> Option<Scenario> {
    let m = MapView::new(root, "the scenario", diags)?;
    m.check_keys(TOP_KEYS, "the scenario", diags);
    let name = m.require("name", "the scenario", diags).and_then(|n| string(n, "`name`", diags)).unwrap_or_default();
    let description = m.string("description", "the scenario", diags);
    let rules = m.get("rules").map(|n| rules_list(n, "`rules`", diags)).unwrap_or_default().into_iter().map(|a| a.value).collect();
    let seed = m.get("seed").and_then(|n| nonneg(n, "`seed`", diags)).map_or(0, u64::from);
    let auto_choose = match m.get("auto_choose") {
        None => false,
        Some(n) => match string(n, "`auto_choose`", diags).as_deref() {
            Some("first") => true,
            Some("none") => false,
            Some(other) => {
                diags.push(Diagnostic::new(format!("`auto_choose: {other}` is not a policy"), n.span).help("write `auto_choose: first`"));
                false
            }
            None => false,
        },
    };
    if let Some(n) = m.get("stack")
        && !matches!(&n.kind, Kind::Seq(v) if v.is_empty()) {
            not_supported(diags, n, "`stack` (objects on the stack at the start)", "cast the spells in `actions:` instead");
        }

    // Inline cards first: they shadow the library.
    let mut inline = HashMap::new();
    let mut inline_cards = Vec::new();
    let mut broken = Vec::new();
    if let Some(n) = m.get("cards") {
        for c in list(n, "`cards`", diags) {
            if let Some(def) = read_card(c, diags) {
                let def = Arc::new(def);
                inline.insert(def.name.to_string(), def.clone());
                inline_cards.push(def);
            } else if let Some(name) = MapView::new(c, "a card definition", &mut Diags::default()).and_then(|m| m.get("name")).and_then(Node::scalar_text) {
                broken.push(name);
            }
        }
    }
    let cards = Cards { inline, broken };

    let mut players = Vec::new();
    let mut labels: HashMap<String, Span> = HashMap::new();
    if let Some(pn) = m.require("players", "the scenario", diags) {
        for p in list(pn, "`players`", diags) {
            if let Some(ps) = read_player(p, &cards, &mut labels, diags) {
                if players.iter().any(|q: &PlayerSetup| q.name == ps.name) {
                    diags.push(Diagnostic::new(format!("two players are named `{}`", ps.name), ps.span).help("player names must be unique"));
                }
                if ps.monarch && players.iter().any(|q: &PlayerSetup| q.monarch) {
                    diags.push(Diagnostic::new("two players are the monarch", ps.span).help("only one player can be the monarch at a time (724.3)"));
                }
                players.push(ps);
            }
        }
        if players.len() < 2 && diags.0.is_empty() {
            diags.push(Diagnostic::new("a game needs two or more players", pn.span).help("add another entry under `players:`"));
        }
    }
    let player_names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
    let battlefield_labels: Vec<&str> = players.iter().flat_map(|p| p.battlefield.iter().filter_map(|e| e.id.as_deref())).collect();
    for e in players.iter().flat_map(|p| &p.battlefield) {
        if let Some(r) = &e.attached_to
            && !battlefield_labels.contains(&r.text.as_str())
        {
            diags.push(Diagnostic::new(format!("`attached_to: {}` names no permanent", r.text), r.span).help("give the permanent it enchants an `id` and name that id here"));
        }
        // A choice needs an ability that asks for it (or a copy, which may have copied one).
        for (given, kind, key) in [(e.chosen_color.is_some(), crate::cards::ir::EntryChoiceKind::Color, "color"), (e.chosen_subtype.is_some(), crate::cards::ir::EntryChoiceKind::CreatureType, "subtype")] {
            let asks = e.card.abilities.iter().any(|a| match a {
                crate::cards::ir::Ability::AsEntersChoose(crate::cards::ir::EntryChoiceKind::ColorExcept(_)) => kind == crate::cards::ir::EntryChoiceKind::Color,
                crate::cards::ir::Ability::AsEntersChoose(k) => *k == kind,
                _ => false,
            }) || e.copy_of.is_some();
            if given && !asks {
                diags.push(
                    Diagnostic::new(format!("`chosen: {{{key}: …}}`: {} has no \"as it enters, choose a {}\" ability", e.card.name, if key == "color" { "color" } else { "creature type" }), e.span)
                        .label("rule 614.12a")
                        .help("remove it, or use the card whose text asks for that choice"),
                );
            }
        }
        if let Some(r) = &e.copy_of {
            if !battlefield_labels.contains(&r.text.as_str()) || e.id.as_deref() == Some(r.text.as_str()) {
                diags.push(Diagnostic::new(format!("`chosen: {{card: {}}}` names no other permanent", r.text), r.span).help("give the permanent it copies an `id` and name that id here"));
            } else if !e.card.abilities.iter().any(|a| matches!(a, crate::cards::ir::Ability::EnterAsCopy { .. })) {
                diags.push(
                    Diagnostic::new(format!("`chosen: {{card: {}}}`: {} has no ability that lets it enter as a copy", r.text, e.card.name), r.span)
                        .label("rule 707.5")
                        .help("only a permanent with \"You may have this … enter as a copy of …\" enters as a copy (614.1c, 707.5)"),
                );
            }
        }
    }
    for p in &players {
        for e in p.library.iter().chain(&p.hand).chain(&p.battlefield).chain(&p.graveyard).chain(&p.exile) {
            if let Some(o) = &e.owner
                && !player_names.contains(&o.text) {
                    unknown_player(diags, o, &player_names);
                }
        }
    }

    let start = match m.get("start") {
        None => Start { turn: 1, active: 0, step: Step::PrecombatMain },
        Some(n) => read_start(n, &player_names, diags),
    };
    let actions: Vec<_> = match m.get("actions") {
        None => Vec::new(),
        Some(n) => list(n, "`actions`", diags).into_iter().enumerate().filter_map(|(i, a)| read_action(a, i + 1, diags)).collect(),
    };
    if let Some(n) = m.get("actions")
        && actions.len() > MAX_ACTIONS
    {
        diags.push(Diagnostic::new(format!("`actions` has too many entries: {} (at most {MAX_ACTIONS})", actions.len()), n.span).help("judge limits this to keep every run small and fast; see docs/scenario-format.md"));
    }
    let objects: usize = players.iter().map(|p| p.library.len() + p.hand.len() + p.battlefield.len() + p.graveyard.len() + p.exile.len()).sum();
    if objects > MAX_OBJECTS {
        let at = m.get("players").map_or(root.span, |n| n.span);
        diags.push(Diagnostic::new(format!("the players start with too many cards: {objects} (at most {MAX_OBJECTS})"), at).help("judge limits this to keep every run small and fast; see docs/scenario-format.md"));
    }
    let until = m.get("until").map_or(Until::StackEmpty, |n| read_until(n, diags));
    let expect = m.get("expect").map(|n| read_expect(n, "`expect`", diags));
    let actions_span = m.get("actions").map_or(root.span, |n| n.span);
    let end_span = last_span(root);
    Some(Scenario {
        name,
        description,
        rules,
        seed,
        players,
        start,
        actions,
        until,
        auto_choose,
        expect,
        inline_cards,
        actions_span,
        end_span,
    })
}

fn last_span(node: &Node) -> Span {
    match &node.kind {
        Kind::Seq(v) => v.last().map_or(node.span, last_span),
        Kind::Map(v) => v.last().map_or(node.span, |(_, val)| last_span(val)),
        _ => node.span,
    }
}

fn unknown_player(diags: &mut Diags, r: &Ref, names: &[String]) {
    diags.push(
        Diagnostic::new(format!("unknown player `{}`", r.text), r.span)
            .help(format!("the players are: {}", names.join(", "))),
    );
}

fn read_player(node: &Node, cards: &Cards, labels: &mut HashMap<String, Span>, diags: &mut Diags) -> Option<PlayerSetup> {
    let m = MapView::new(node, "a player", diags)?;
    m.check_keys(PLAYER_KEYS, "a player", diags);
    let name = m.require("name", "a player", diags).and_then(|n| string(n, "the player's `name`", diags))?;
    let life = match m.get("life") {
        None => 20,
        Some(n) => match m.int("life", "a player", diags) {
            Some(l) if l.abs() > MAX_LIFE => {
                diags.push(Diagnostic::new(format!("`life` is too large: {l} (from -{MAX_LIFE} to {MAX_LIFE})"), n.span).help("judge limits this so every life total it computes stays exact; see docs/scenario-format.md"));
                20
            }
            Some(l) => l,
            None => 20,
        },
    };
    let poison = m.get("poison").and_then(|n| bounded(n, "`poison`", MAX_POISON, diags)).unwrap_or(0);
    let energy = m.get("energy").and_then(|n| bounded(n, "`energy`", MAX_COUNTERS, diags)).unwrap_or(0);
    let monarch = m.get("monarch").and_then(|n| boolean(n, "`monarch`", diags)).unwrap_or(false);
    let city_blessing = m.get("city_blessing").and_then(|n| boolean(n, "`city_blessing`", diags)).unwrap_or(false);
    // 702.179: speed runs from 1 to 4 (a card that lets it go beyond 4 is not read).
    let speed = m.get("speed").and_then(|n| bounded(n, "`speed`", 4, diags));
    if let (Some(0), Some(n)) = (speed, m.get("speed")) {
        diags.push(Diagnostic::new("a player's speed starts at 1 (702.179a, 702.179c)", n.span).help("leave `speed` out for a player with no speed"));
    }
    let mut zone = |key: &str, diags: &mut Diags| -> Vec<std::sync::Arc<CardEntry>> {
        let Some(z) = m.get(key) else { return Vec::new() };
        let mut out = Vec::new();
        for e in list(z, &format!("`{key}`"), diags) {
            read_entry(e, key, cards, labels, &mut out, diags);
        }
        // Without the growth slack: a zone of 100,000 cards is kept for the whole run.
        out.shrink_to_fit();
        out
    };
    let library = zone("library", diags);
    let hand = zone("hand", diags);
    let battlefield = zone("battlefield", diags);
    let graveyard = zone("graveyard", diags);
    let exile = zone("exile", diags);
    for e in hand.iter().chain(&library).chain(&graveyard).chain(&exile) {
        if e.tapped || e.damage > 0 || !e.counters.is_empty() {
            diags.push(
                Diagnostic::new("`tapped`, `damage` and `counters` apply to permanents only", e.span)
                    .help("move this entry under `battlefield:` or remove the status"),
            );
        }
    }
    Some(PlayerSetup { name, life, poison, energy, monarch, city_blessing, speed, library, hand, battlefield, graveyard, exile, span: node.span })
}

// Limits of a scenario (docs/scenario-format.md, "Limits"). A ruling needs none of them; they
// keep every run small and fast, and inside them every number the engine computes is exact
// (life, damage, counters, power and toughness never leave their types' ranges).

/// The most copies one card entry can make (`count`).
pub const MAX_COUNT: u32 = 10_000;
/// The most objects a scenario can start with, over every player and zone.
pub const MAX_OBJECTS: usize = 100_000;
/// The most entries of `actions`.
pub const MAX_ACTIONS: usize = 100_000;
/// The largest starting life total, either way (`life: -5` is allowed: the player loses, 704.5a).
pub const MAX_LIFE: i64 = 1_000_000_000;
/// The most poison counters a player can start with.
pub const MAX_POISON: u32 = 1_000;
/// The most damage a permanent can start with.
pub const MAX_DAMAGE: u32 = 1_000_000;
/// The most counters of one kind a permanent can start with.
pub const MAX_COUNTERS: u32 = 1_000_000;
/// The highest turn number (`start`, `goto`, `until`).
pub const MAX_TURN: u32 = 10_000;
/// The highest value of X or of a chosen number (`x:`, `choose: {number}`): every amount worked
/// out from it (costs, damage, counters) stays exact.
pub const MAX_X: u32 = 1_000_000;

/// Whether `n` is at most `max`; if not, a diagnostic at the value.
fn within(n: u32, max: u32, node: &Node, what: &str, diags: &mut Diags) -> bool {
    if n > max {
        diags.push(Diagnostic::new(format!("{what} is too large: {n} (at most {max})"), node.span).help("judge limits this to keep every run small and fast; see docs/scenario-format.md"));
    }
    n <= max
}

/// A whole number from 0 to `max`.
fn bounded(node: &Node, what: &str, max: u32, diags: &mut Diags) -> Option<u32> {
    nonneg(node, what, diags).filter(|&n| within(n, max, node, what, diags))
}

/// A permanent that starts on the battlefield with an unread static or keyword ability that
/// works there (113.6): it matters from the start, so the scenario can't run.
fn unread_on_battlefield(card: &crate::cards::def::CardDef, span: Span, diags: &mut Diags) {
    for a in &card.abilities {
        if let crate::cards::ir::Ability::Unread(u) = a
            && u.moment == crate::cards::ir::Moment::Battlefield
        {
            diags.push(
                Diagnostic::new(format!("{} starts on the battlefield, where its {} \"{}\" works, but judge can't read it yet", card.name, u.kind.name(), u.text), span)
                    .label("on the battlefield from the start (113.6)")
                    .help(format!(
                        "unread words: \"{}\" (expected {}). Start the card in another zone, or use a card whose text judge reads (`judge card \"{}\"` shows what is read)",
                        u.words, u.expected, card.name
                    )),
            );
        }
    }
}

fn read_entry(node: &Node, zone: &str, cards: &Cards, labels: &mut HashMap<String, Span>, out: &mut Vec<std::sync::Arc<CardEntry>>, diags: &mut Diags) {
    if let Kind::Str(name) = &node.kind {
        if let Some(card) = cards.lookup(name, node, diags) {
            if zone == "battlefield" {
                unread_on_battlefield(&card, node.span, diags);
            }
            out.push(std::sync::Arc::new(CardEntry { card, id: None, owner: None, tapped: false, damage: 0, counters: IndexMap::new(), sick: false, attached_to: None, copy_of: None, chosen_color: None, chosen_subtype: None, face_down: false, transformed: false, flipped: false, unlocked: 0, melded_with: None, span: node.span }));
        }
        return;
    }
    let Some(m) = MapView::new(node, "a card entry", diags) else { return };
    m.check_keys(ENTRY_KEYS, "a card entry", diags);
    let transformed = m.boolean("transformed", "a card entry", diags).unwrap_or(false);
    if transformed && zone != "battlefield" {
        diags.push(
            Diagnostic::new("`transformed` applies to permanents on the battlefield only", node.span)
                .help("outside the battlefield and the stack a double-faced card has only its front face's characteristics (712.8a)"),
        );
    }
    let flipped = m.boolean("flipped", "a card entry", diags).unwrap_or(false);
    if flipped && zone != "battlefield" {
        diags.push(
            Diagnostic::new("`flipped` applies to permanents on the battlefield only", node.span)
                .help("outside the battlefield a flip card has only its normal characteristics (710.2)"),
        );
    }
    let face_down = m.boolean("face_down", "a card entry", diags).unwrap_or(false);
    if face_down && zone != "battlefield" {
        diags.push(Diagnostic::new("`face_down` applies to permanents on the battlefield only", node.span).help("a face-down card elsewhere is not modelled (708)"));
    }
    // `chosen: {card: REF}`: what it entered as a copy of (707.5); `color`, `subtype`: its "as
    // enters" choices (614.12a).
    let mut copy_of = None;
    let mut chosen_color = None;
    let mut chosen_subtype = None;
    if let Some(cn) = m.get("chosen")
        && let Some(cm) = MapView::new(cn, "`chosen`", diags)
    {
        for (k, v) in cm.entries {
            match k.scalar_text().as_deref() {
                Some("card") => copy_of = one_ref(v, "`chosen: {card: …}`", diags),
                Some("color") => {
                    let s = string(v, "`chosen: {color: …}`", diags);
                    chosen_color = s.as_deref().and_then(crate::cards::ir::Color::from_name);
                    if s.is_some() && chosen_color.is_none() {
                        diags.push(Diagnostic::new("not a color", v.span).help("colors are white, blue, black, red, green"));
                    }
                }
                Some("subtype" | "creature_type") => {
                    let s = string(v, "`chosen: {subtype: …}`", diags);
                    chosen_subtype = s.as_deref().and_then(|s| crate::cards::subtypes::CREATURE_TYPES.iter().find(|t| t.eq_ignore_ascii_case(s))).map(|t| (*t).to_owned());
                    if s.is_some() && chosen_subtype.is_none() {
                        diags.push(Diagnostic::new("not a creature type", v.span).help("write a creature type as the rules spell it (205.3m): Elf, Goblin, Human, …"));
                    }
                }
                _ => not_supported(diags, k, &format!("`chosen: {{{}: …}}`", k.scalar_text().unwrap_or_default()), "`chosen` takes `card` (what a copy copied, 707.5), `color` and `subtype` (\"as enters\" choices, 614.12a)"),
            }
        }
        if zone != "battlefield" && copy_of.is_some() {
            diags.push(Diagnostic::new("`chosen: {card: …}` applies on the battlefield only", cn.span).help("a card in another zone is not a copy of anything (400.7)"));
        }
    }
    let attached_to = m.get("attached_to").and_then(|n| one_ref(n, "`attached_to`", diags));
    if attached_to.is_some() && zone != "battlefield" {
        diags.push(Diagnostic::new("`attached_to` only applies on the battlefield", node.span));
    }
    let Some(card_node) = m.require("card", "a card entry", diags) else { return };
    let card = match &card_node.kind {
        Kind::Map(_) => read_token(card_node, diags).map(Arc::new),
        _ => string(card_node, "`card`", diags).and_then(|name| cards.lookup(&name, card_node, diags)),
    };
    if card.as_ref().is_some_and(|c| c.token) && zone != "battlefield" {
        diags.push(Diagnostic::new("a token can only start on the battlefield", card_node.span).help("tokens cease to exist in other zones (704.5d)"));
    }
    if transformed
        && let Some(c) = &card
        && !c.layout.is_some_and(crate::cards::def::Layout::double_faced)
    {
        diags.push(
            Diagnostic::new(format!("`transformed: true`, but {} isn't a double-faced card (rules 701.27a, 712.9)", c.name), node.span)
                .label("rule 712.9")
                .help("only a permanent represented by a double-faced card (`layout: transform` or `modal_dfc`) can have its back face up"),
        );
    }
    if flipped
        && let Some(c) = &card
        && c.layout != Some(crate::cards::def::Layout::Flip)
    {
        diags.push(
            Diagnostic::new(format!("`flipped: true`, but {} isn't a flip card (rule 710.1)", c.name), node.span)
                .label("rule 710.1")
                .help("only a flip card (`layout: flip`) has alternative characteristics to flip to (710.2)"),
        );
    }
    if let Some(c) = &card
        && zone == "battlefield"
    {
        // The face that is up is the one whose abilities work there (712.8d–e); a daybound or
        // nightbound card may turn over as the game begins (702.145c, 702.145f).
        let up = if transformed || flipped { c.faces.get(1).unwrap_or(c) } else { c };
        unread_on_battlefield(up, card_node.span, diags);
        let day_night = |f: &crate::cards::def::CardDef| f.abilities.iter().any(|a| matches!(a, crate::cards::ir::Ability::Keyword(crate::cards::ir::Keyword::Daybound | crate::cards::ir::Keyword::Nightbound)));
        if c.faces.len() == 2 && day_night(up) {
            let other = if transformed { &c.faces[0] } else { &c.faces[1] };
            unread_on_battlefield(other, card_node.span, diags);
        }
    }
    let id = m.get("id").and_then(|n| string(n, "`id`", diags));
    if let Some(id) = &id {
        let span = m.get("id").map_or(node.span, |n| n.span);
        if let Some(prev) = labels.insert(id.clone(), span) {
            diags.push(Diagnostic::new(format!("the label `{id}` is used twice (first at line {})", prev.line), span).help("labels must be unique in the file"));
        }
    }
    let count = m.get("count").and_then(|n| nonneg(n, "`count`", diags).filter(|&c| within(c, MAX_COUNT, n, "`count`", diags))).unwrap_or(1);
    if count != 1 && id.is_some() {
        diags.push(Diagnostic::new("an entry with `count` cannot have an `id`", node.span).help("write separate entries, each with its own id"));
    }
    let owner = m.get("owner").and_then(|n| string(n, "`owner`", diags).map(|text| Ref { text, span: n.span }));
    let tapped = m.boolean("tapped", "a card entry", diags).unwrap_or(false);
    let sick = m.boolean("sick", "a card entry", diags).unwrap_or(false);
    let damage = m.get("damage").and_then(|n| bounded(n, "`damage`", MAX_DAMAGE, diags)).unwrap_or(0);
    let mut counters = IndexMap::new();
    if let Some(cn) = m.get("counters")
        && let Some(cm) = MapView::new(cn, "`counters`", diags) {
            for (k, v) in cm.entries {
                let Some(kind) = k.scalar_text() else { continue };
                if crate::cards::ir::CounterKind::from_name(&kind).is_none() {
                    diags.push(
                        Diagnostic::new(format!("counters of kind `{kind}` are not supported yet"), k.span)
                            .help("supported kinds: +1/+1, -1/-1, loyalty, stun, and kinds without a rules meaning of their own, in lower case (charge, time, oil, …)"),
                    );
                }
                if let Some(n) = bounded(v, "a counter count", MAX_COUNTERS, diags) {
                    counters.insert(kind, n);
                }
            }
        }
    let Some(card) = card else { return };
    // 709.5c: `unlocked: [door, …]` names the unlocked halves of a Room on the battlefield.
    let mut unlocked = 0u8;
    if let Some(n) = m.get("unlocked") {
        if zone != "battlefield" || !card.shared_type_line() {
            diags.push(
                Diagnostic::new(format!("`unlocked` is for a Room on the battlefield; {} {}", card.name, if zone == "battlefield" { "has no shared type line (rule 709.5)" } else { "is not on the battlefield" }), n.span)
                    .label("rule 709.5c")
                    .help("only a permanent split card with a shared type line (a Room) has unlocked designations"),
            );
        } else {
            for d in list(n, "`unlocked`", diags) {
                let Some(s) = string(d, "a door", diags) else { continue };
                match card.faces.iter().position(|f| f.name.eq_ignore_ascii_case(&s)) {
                    Some(i) => unlocked |= 1 << i,
                    None => diags.push(Diagnostic::new(format!("`{s}` is not a door of {}", card.name), d.span).label("rule 709.5j").help(format!("its doors are `{}` and `{}`", card.faces[0].name, card.faces[1].name))),
                }
            }
        }
    }
    // 712.4a: `melded_with: CARD` makes the entry a melded permanent represented by its card
    // and this one, the two cards of one meld pair (701.42b), with the combined face up.
    let mut melded_with = None;
    if let Some(n) = m.get("melded_with")
        && let Some(name) = string(n, "`melded_with`", diags)
        && let Some(other) = cards.lookup(&name, n, diags)
    {
        let meld = |c: &Card| c.layout == Some(crate::cards::def::Layout::Meld) && c.faces.len() == 2;
        if zone != "battlefield" {
            diags.push(Diagnostic::new("`melded_with` applies to a permanent on the battlefield only", n.span).label("rule 712.4a").help("outside the battlefield a meld card is a card of its own with only its front face (712.8a)"));
        } else if !(meld(&card) && meld(&other) && card.faces[1].name == other.faces[1].name && card.faces[0].name != other.faces[0].name) {
            diags.push(
                Diagnostic::new(format!("{} and {} are not the two cards of one meld pair, so they can't be melded (rule 701.42b)", card.name, other.name), n.span)
                    .label("rule 701.42b")
                    .help("a melded permanent is two meld cards (`layout: meld`) with different fronts whose back faces are the same melded face (712.5 lists the pairs)"),
            );
        } else if transformed || flipped || face_down || unlocked != 0 {
            diags.push(Diagnostic::new("a melded permanent has its combined back face up: it can't also be transformed, flipped or face down (rules 712.4c, 712.16)", n.span));
        } else {
            unread_on_battlefield(&card.faces[1], n.span, diags);
            melded_with = Some(other);
        }
    }
    if (tapped || damage > 0 || sick || !counters.is_empty() || chosen_color.is_some() || chosen_subtype.is_some()) && zone != "battlefield" {
        diags.push(Diagnostic::new("permanent status (`tapped`, `damage`, `counters`, `sick`, `chosen`) only applies on the battlefield", node.span));
    }
    // The copies of a `count` share one entry.
    let entry = std::sync::Arc::new(CardEntry { card, id, owner, tapped, damage, counters, sick, attached_to, copy_of, chosen_color, chosen_subtype, face_down, transformed, flipped, unlocked, melded_with, span: node.span });
    out.reserve(count as usize);
    for _ in 0..count {
        out.push(entry.clone());
    }
}

fn read_start(node: &Node, players: &[String], diags: &mut Diags) -> Start {
    let mut start = Start { turn: 1, active: 0, step: Step::PrecombatMain };
    let Some(m) = MapView::new(node, "`start`", diags) else { return start };
    m.check_keys(&["turn", "active", "step"], "`start`", diags);
    if let Some(n) = m.get("turn")
        && let Some(t) = bounded(n, "`turn`", MAX_TURN, diags) {
            if t == 0 {
                diags.push(Diagnostic::new("turns are numbered from 1", n.span));
            }
            start.turn = t.max(1);
        }
    if let Some(n) = m.get("active")
        && let Some(p) = string(n, "`active`", diags) {
            match players.iter().position(|q| *q == p) {
                Some(i) => start.active = i,
                None => unknown_player(diags, &Ref { text: p, span: n.span }, players),
            }
        }
    if let Some(n) = m.get("step")
        && let Some(s) = step(n, diags) {
            if matches!(s, Step::Untap | Step::Cleanup) {
                diags.push(Diagnostic::new(format!("a game cannot start in the {} step: no player receives priority there (502.4, 514.3)", s.name()), n.span)
                    .help("start in `upkeep` or a later step"));
            }
            start.step = s;
        }
    start
}

fn step(node: &Node, diags: &mut Diags) -> Option<Step> {
    let s = string(node, "a step", diags)?;
    let st = Step::from_name(&s);
    if st.is_none() {
        let names: Vec<&str> = Step::ALL.iter().map(|s| s.name()).chain(["main1", "main2"]).collect();
        let near = nearest(&s, names.iter().copied());
        diags.push(
            Diagnostic::new(format!("unknown step `{s}`"), node.span)
                .help(match near.first() {
                    Some(n) => format!("did you mean `{n}`? Steps: {}", names.join(", ")),
                    None => format!("steps: {}", names.join(", ")),
                }),
        );
    }
    st
}

fn turn_step(node: &Node, diags: &mut Diags) -> Option<(Option<u32>, Step)> {
    if let Kind::Map(_) = node.kind {
        let m = MapView::new(node, "a turn and step", diags)?;
        m.check_keys(&["turn", "step"], "a turn and step", diags);
        let turn = m.get("turn").and_then(|n| bounded(n, "`turn`", MAX_TURN, diags));
        let st = m.require("step", "a turn and step", diags).and_then(|n| step(n, diags))?;
        Some((turn, st))
    } else {
        step(node, diags).map(|s| (None, s))
    }
}

fn read_until(node: &Node, diags: &mut Diags) -> Until {
    match node.scalar_text().as_deref() {
        Some("stack_empty") => Until::StackEmpty,
        Some("end_of_turn") => Until::EndOfTurn,
        Some("game_over") => Until::GameOver,
        _ => match turn_step(node, diags) {
            Some((turn, step)) => Until::Step { turn, step },
            None => Until::StackEmpty,
        },
    }
}

/// A list of mode numbers, written from 1 in printed order; returned 0-based.
fn mode_list(node: &Node, diags: &mut Diags) -> Vec<usize> {
    list(node, "`modes`", diags)
        .into_iter()
        .filter_map(|v| {
            let k = nonneg(v, "a mode number", diags)?;
            if k == 0 {
                diags.push(Diagnostic::new("modes are numbered from 1, in printed order", v.span));
                return None;
            }
            Some(k as usize - 1)
        })
        .collect()
}

/// `phyrexian: life`, `phyrexian: mana`, or a list of them, one per Phyrexian symbol of the
/// total cost in printed order (107.4f, 601.2b).
fn phyrexian(node: &Node, diags: &mut Diags) -> Vec<bool> {
    let one = |n: &Node, diags: &mut Diags| match string(n, "`phyrexian`", diags).as_deref() {
        Some("life") => Some(true),
        Some("mana") => Some(false),
        Some(other) => {
            diags.push(Diagnostic::new(format!("`{other}` is not a way to pay a Phyrexian mana symbol"), n.span).help("write `life` (2 life) or `mana` (mana of its color), or a list of them in the order of the symbols"));
            None
        }
        None => None,
    };
    list(node, "`phyrexian`", diags).into_iter().filter_map(|n| one(n, diags)).collect()
}

fn refs(node: &Node, what: &str, diags: &mut Diags) -> Vec<Ref> {
    list(node, what, diags).into_iter().filter_map(|n| string(n, what, diags).map(|text| Ref { text, span: n.span })).collect()
}

fn one_ref(node: &Node, what: &str, diags: &mut Diags) -> Option<Ref> {
    string(node, what, diags).map(|text| Ref { text, span: node.span })
}

fn read_action(node: &Node, index: usize, diags: &mut Diags) -> Option<Action> {
    let span = node.span;
    if let Kind::Str(s) = &node.kind {
        let kind = match s.as_str() {
            "pass" => ActionKind::Pass,
            "resolve" => ActionKind::Resolve { all: false },
            other => {
                let near = nearest(other, VERBS.iter().copied());
                diags.push(Diagnostic::new(format!("`{other}` is not an action"), span).help(match near.first() {
                    Some(n) => format!("did you mean `{n}`? Only `pass` and `resolve` may be written alone; other verbs take a value, e.g. `cast: Shock`"),
                    None => "only `pass` and `resolve` may be written alone; other verbs take a value, e.g. `cast: Shock`".to_owned(),
                }));
                return None;
            }
        };
        return Some(Action { index, player: None, kind, span });
    }
    let m = MapView::new(node, "an action", diags)?;
    let verbs: Vec<(&str, &Node, &Node)> = m
        .entries
        .iter()
        .filter_map(|(k, v)| match &k.kind {
            Kind::Str(s) if VERBS.contains(&s.as_str()) => Some((VERBS[VERBS.iter().position(|x| x == s)?], k, v)),
            _ => None,
        })
        .collect();
    let (verb, _, value) = match verbs.as_slice() {
        [one] => *one,
        [] => {
            // Find the key that looks most like a verb for the message.
            let first = m.entries.first().map(|(k, _)| k);
            let word = first.and_then(Node::scalar_text).unwrap_or_default();
            let near = nearest(&word, VERBS.iter().copied());
            diags.push(
                Diagnostic::new(format!("this action has no verb (`{word}` is not one)"), first.map_or(span, |k| k.span))
                    .label("unknown verb")
                    .help(match near.first() {
                        Some(n) => format!("did you mean `{n}`? Verbs: {}", VERBS.join(", ")),
                        None => format!("verbs: {}", VERBS.join(", ")),
                    }),
            );
            return None;
        }
        [_, (_, k, _), ..] => {
            diags.push(Diagnostic::new("an action has exactly one verb", k.span).help("split this entry into two actions"));
            return None;
        }
    };
    let player = m.get("player").and_then(|n| one_ref(n, "`player`", diags));
    let allowed: Vec<&str> = match verb {
        "cast" | "activate" => std::iter::once(verb).chain(CAST_KEYS.iter().copied()).collect(),
        "turn_face_up" => vec![verb, "player", "pay", "by"],
        "unlock" => vec![verb, "player", "door", "pay"],
        "plot" | "foretell" => vec![verb, "player", "pay"],
        "play" | "attack" | "block" | "pass" | "resolve" | "goto" | "concede" | "check" => vec![verb, "player"],
        _ => vec![verb],
    };
    m.check_keys(&allowed, &format!("a `{verb}` action"), diags);
    let kind = match verb {
        "cast" | "activate" => {
            // On `cast` these choose flashback, evoke or dash (702.34a) and a face-down cast
            // (702.37c); no activated ability uses them. `exile:` names the cards delve exiles
            // (702.66a) or an "exile … from your graveyard" cost exiles (602.2b).
            if verb == "activate" {
                for key in ["alternative_cost", "face_down", "fuse", "replicate"] {
                    if let Some(k) = m.key_node(key) {
                        not_supported(diags, k, &format!("`{key}`"), "no activated ability the engine supports needs it");
                    }
                }
            }
            // `activate: {card: CARD, ability: N}` is the same as `activate: CARD` with `ability: N`
            // beside it (the contract writes it both ways).
            let inner = if verb == "activate" && matches!(value.kind, Kind::Map(_)) { MapView::new(value, "an `activate` map", diags) } else { None };
            if let Some(im) = &inner {
                im.check_keys(&["card", "ability"], "an `activate` map", diags);
            }
            let card_node = match &inner {
                Some(im) => im.require("card", "an `activate` map", diags)?,
                None => value,
            };
            let card = one_ref(card_node, &format!("`{verb}`"), diags)?;
            let mut kicked = m.boolean("kicked", "`kicked`", diags).unwrap_or(false);
            let mut buyback = false;
            let mut casualty = false;
            let mut conspire = false;
            let mut bargain = false;
            let mut offspring = false;
            if let Some(n) = m.get("optional_costs") {
                for c in list(n, "`optional_costs`", diags) {
                    match string(c, "an optional cost", diags).as_deref() {
                        Some("kicker") => kicked = true,
                        Some("buyback") => buyback = true,
                        Some("casualty") => casualty = true,
                        Some("conspire") => conspire = true,
                        Some("bargain") => bargain = true,
                        Some("offspring") => offspring = true,
                        Some(other) => not_supported(diags, c, &format!("the optional cost `{other}`"), "supported optional costs: kicker, buyback, casualty, conspire, bargain, offspring (a gift is promised with `gift: PLAYER`)"),
                        None => {}
                    }
                }
            }
            let mut flashback = false;
            let mut evoke = false;
            let mut dash = false;
            let mut warp = false;
            let mut plot = false;
            let mut foretell = false;
            let mut blitz = false;
            let mut overload = false;
            let mut rather = false;
            if let Some(n) = m.get("alternative_cost") {
                match string(n, "an alternative cost", diags).as_deref() {
                    Some("flashback") => flashback = true,
                    Some("evoke") => evoke = true,
                    Some("dash") => dash = true,
                    Some("warp") => warp = true,
                    Some("plot") => plot = true,
                    Some("foretell") => foretell = true,
                    Some("blitz") => blitz = true,
                    Some("overload") => overload = true,
                    Some("rather_than_mana_cost") => rather = true,
                    Some(other) => not_supported(diags, n, &format!("the alternative cost `{other}`"), "supported alternative costs: flashback, evoke, dash, warp, plot, foretell, blitz, overload, rather_than_mana_cost (the card's own \"you may … rather than pay this spell's mana cost\")"),
                    None => {}
                }
            }
            let modes = m.get("modes").map(|n| mode_list(n, diags));
            let mut divide = Vec::new();
            if let Some(a) = m.get("divide")
                && let Some(am) = MapView::new(a, "`divide`", diags) {
                    divide = am.entries.iter().filter_map(|(k, v)| Some((one_ref(k, "a target", diags)?, nonneg(v, "an amount", diags)?))).collect();
                }
            let choices = CastChoices {
                targets: m.get("targets").map(|n| refs(n, "`targets`", diags)).unwrap_or_default(),
                x: m.get("x").and_then(|n| bounded(n, "`x`", MAX_X, diags)),
                pay: m.get("pay").map(|n| refs(n, "`pay`", diags)),
                modes,
                divide,
                kicked,
                face_down: m.boolean("face_down", "`face_down`", diags).unwrap_or(false),
                fuse: m.boolean("fuse", "`fuse`", diags).unwrap_or(false),
                sacrifice: m.get("sacrifice").map(|n| refs(n, "`sacrifice`", diags)),
                discard: m.get("discard").map(|n| refs(n, "`discard`", diags)),
                phyrexian: m.get("phyrexian").map(|n| phyrexian(n, diags)),
                tap: m.get("tap").map(|n| refs(n, "`tap`", diags)),
                exile: m.get("exile").map(|n| refs(n, "`exile`", diags)),
                flashback,
                buyback,
                evoke,
                dash,
                warp,
                plot,
                foretell,
                blitz,
                overload,
                replicate: m.get("replicate").and_then(|n| bounded(n, "`replicate`", MAX_X, diags)).unwrap_or(0),
                casualty,
                conspire,
                bargain,
                offspring,
                gift: m.get("gift").and_then(|n| one_ref(n, "`gift`", diags)),
                rather,
            };
            if verb == "cast" {
                if let Some(k) = m.key_node("ability") {
                    diags.push(Diagnostic::new("`ability` goes with `activate`, not `cast`", k.span));
                }
                ActionKind::Cast { card, choices }
            } else {
                let ability_node = m.get("ability").or_else(|| inner.as_ref().and_then(|im| im.get("ability")));
                let ability = ability_node.and_then(|n| nonneg(n, "`ability`", diags)).map(|n| n as usize);
                if ability == Some(0) {
                    diags.push(Diagnostic::new("abilities are numbered from 1", ability_node.map_or(span, |n| n.span)));
                }
                ActionKind::Activate { card, ability, choices }
            }
        }
        "play" => ActionKind::Play { card: one_ref(value, "`play`", diags)? },
        "turn_face_up" => {
            let by = match m.get("by") {
                None => None,
                Some(n) => match string(n, "`by`", diags).as_deref() {
                    Some("morph" | "disguise") => Some(At { value: crate::scenario::model::FaceUpBy::Morph, span: n.span }),
                    Some("mana_cost") => Some(At { value: crate::scenario::model::FaceUpBy::ManaCost, span: n.span }),
                    Some(other) => {
                        diags.push(Diagnostic::new(format!("`by: {other}` is not a way to turn a permanent face up"), n.span).help("write `by: morph` (its morph or disguise cost, 702.37e, 702.168d) or `by: mana_cost` (a manifested or cloaked creature card's mana cost, 701.40b)"));
                        return None;
                    }
                    None => return None,
                },
            };
            ActionKind::TurnFaceUp { card: one_ref(value, "`turn_face_up`", diags)?, pay: m.get("pay").map(|n| refs(n, "`pay`", diags)), by }
        }
        "unlock" => ActionKind::Unlock { card: one_ref(value, "`unlock`", diags)?, door: m.get("door").and_then(|n| one_ref(n, "`door`", diags)), pay: m.get("pay").map(|n| refs(n, "`pay`", diags)) },
        "plot" => ActionKind::Plot { card: one_ref(value, "`plot`", diags)?, pay: m.get("pay").map(|n| refs(n, "`pay`", diags)) },
        "foretell" => ActionKind::Foretell { card: one_ref(value, "`foretell`", diags)?, pay: m.get("pay").map(|n| refs(n, "`pay`", diags)) },
        "attack" => ActionKind::Attack(read_attack(value, diags)),
        "block" => ActionKind::Block(read_block(value, diags)),
        "choose" => ActionKind::Choose(read_choice(value, diags)?),
        "pass" => ActionKind::Pass,
        "resolve" => match &value.kind {
            Kind::Null => ActionKind::Resolve { all: false },
            Kind::Str(s) if s == "all" => ActionKind::Resolve { all: true },
            _ => {
                diags.push(Diagnostic::new("`resolve` takes no value or `all`", value.span).help("write `resolve` or `resolve: all`"));
                return None;
            }
        },
        "goto" => {
            let (turn, st) = turn_step(value, diags)?;
            ActionKind::Goto { turn, step: st }
        }
        "concede" => ActionKind::Concede(one_ref(value, "`concede`", diags)?),
        "check" => ActionKind::Check(Box::new(read_expect(value, "`check`", diags))),
        _ => return None,
    };
    Some(Action { index, player, kind, span })
}

fn read_attack(node: &Node, diags: &mut Diags) -> Vec<(Ref, Option<Ref>)> {
    match &node.kind {
        Kind::Map(entries) => entries
            .iter()
            .filter_map(|(k, v)| Some((one_ref(k, "an attacker", diags)?, Some(one_ref(v, "what it attacks", diags)?))))
            .collect(),
        _ => refs(node, "`attack`", diags).into_iter().map(|r| (r, None)).collect(),
    }
}

fn read_block(node: &Node, diags: &mut Diags) -> Vec<(Ref, Vec<Ref>)> {
    let Some(m) = MapView::new(node, "`block`", diags) else { return Vec::new() };
    m.entries.iter().filter_map(|(k, v)| Some((one_ref(k, "a blocker", diags)?, refs(v, "the attacker it blocks", diags)))).collect()
}

/// A map of refs to amounts (`assign: {bears: 2, Bob: 1}`); `what` names a key and a value.
fn shares(node: &Node, key: &str, (who, amount): (&str, &str), diags: &mut Diags) -> Option<Vec<(Ref, u32)>> {
    let am = MapView::new(node, key, diags)?;
    Some(am.entries.iter().filter_map(|(k, v)| Some((one_ref(k, who, diags)?, nonneg(v, amount, diags)?))).collect())
}

fn read_choice(node: &Node, diags: &mut Diags) -> Option<Choice> {
    let m = MapView::new(node, "`choose`", diags)?;
    m.check_keys(CHOOSE_KEYS, "`choose`", diags);
    let mut c = Choice { keys: m.entries.iter().filter_map(|(k, _)| k.scalar_text()).collect(), ..Choice::default() };
    c.player = m.get("player").and_then(|n| one_ref(n, "`player`", diags));
    c.pick = m.get("pick").map(|n| refs(n, "`pick`", diags));
    c.may = m.boolean("may", "`choose`", diags);
    c.color = m.get("color").and_then(|n| string(n, "`color`", diags).map(|s| (s, n.span)));
    c.order = m.get("order").map(|n| refs(n, "`order`", diags));
    c.targets = m.get("targets").map(|n| refs(n, "`targets`", diags));
    c.x = m.get("x").and_then(|n| bounded(n, "`x`", MAX_X, diags));
    c.number = m.get("number").and_then(|n| bounded(n, "`number`", MAX_X, diags));
    c.assign = m.get("assign").and_then(|a| shares(a, "`assign`", ("a damage recipient", "an amount of damage"), diags));
    c.divide = m.get("divide").and_then(|a| shares(a, "`divide`", ("a target", "an amount"), diags));
    c.apply = m.get("apply").and_then(|n| one_ref(n, "`apply`", diags));
    c.top = m.get("top").map(|n| refs(n, "`top`", diags));
    c.modes = m.get("modes").map(|n| mode_list(n, diags));
    c.bottom = m.get("bottom").map(|n| refs(n, "`bottom`", diags));
    c.graveyard = m.get("graveyard").map(|n| refs(n, "`graveyard`", diags));
    c.call = m.get("call").and_then(|n| string(n, "`call`", diags).map(|s| (s, n.span)));
    c.subtype = ["subtype", "creature_type"].iter().find_map(|k| m.get(k).and_then(|n| string(n, &format!("`{k}`"), diags).map(|s| (s, n.span))));
    for key in ["card_type", "name"] {
        if let Some(k) = m.key_node(key) {
            not_supported(diags, k, &format!("`choose` with `{key}`"), "no decision of the supported cards asks for it yet");
        }
    }
    if c.player.is_none() {
        diags.push(Diagnostic::new("`choose` needs the `player` who decides", node.span).help("write `choose: {player: NAME, …}`"));
        return None;
    }
    Some(c)
}

/// `rules:` and `rules_absent:`: a list, even of one rule (as the schema says): `[608.2b]`.
fn rules_list(node: &Node, what: &str, diags: &mut Diags) -> Vec<At<String>> {
    if !matches!(node.kind, Kind::Seq(_) | Kind::Null) {
        diags.push(Diagnostic::new(format!("{what} is a list of rule numbers"), node.span).help("write it in brackets, e.g. `[608.2b]`, even for one rule"));
        return Vec::new();
    }
    rule_list(node, what, diags)
}

fn rule_list(node: &Node, what: &str, diags: &mut Diags) -> Vec<At<String>> {
    list(node, what, diags)
        .into_iter()
        .filter_map(|n| {
            let s = string(n, "a rule number", diags)?;
            if crate::rules::is_rule_number(&s) {
                Some(At { value: s, span: n.span })
            } else {
                diags.push(Diagnostic::new(format!("`{s}` is not a rule number"), n.span).help("write rule numbers as in the Comprehensive Rules, e.g. 608.2b, 704.5g, 603.10"));
                None
            }
        })
        .collect()
}

fn names(node: &Node, what: &str, diags: &mut Diags) -> Vec<String> {
    list(node, what, diags).into_iter().filter_map(|n| string(n, what, diags)).collect()
}

fn read_expect(node: &Node, what: &str, diags: &mut Diags) -> Expect {
    let mut e = Expect::default();
    let Some(m) = MapView::new(node, what, diags) else { return e };
    m.check_keys(EXPECT_KEYS, what, diags);
    if let Some(pn) = m.get("players")
        && let Some(pm) = MapView::new(pn, "`players` expectations", diags) {
            for (k, v) in pm.entries {
                let Some(r) = one_ref(k, "a player name", diags) else { continue };
                let mut pe = PlayerExpect::default();
                if let Some(vm) = MapView::new(v, "a player's expectations", diags) {
                    vm.check_keys(PLAYER_EXPECT_KEYS, "a player's expectations", diags);
                    pe.life = vm.get("life").and_then(|n| int(n, "`life`", diags).map(|value| At { value, span: n.span }));
                    pe.poison = vm.get("poison").and_then(|n| nonneg(n, "`poison`", diags).map(|value| At { value, span: n.span }));
                    pe.monarch = vm.get("monarch").and_then(|n| boolean(n, "`monarch`", diags).map(|value| At { value, span: n.span }));
                    pe.speed = vm.get("speed").and_then(|n| nonneg(n, "`speed`", diags).map(|value| At { value, span: n.span }));
                    pe.city_blessing = vm.get("city_blessing").and_then(|n| boolean(n, "`city_blessing`", diags).map(|value| At { value, span: n.span }));
                    pe.energy = vm.get("energy").and_then(|n| nonneg(n, "`energy`", diags).map(|value| At { value, span: n.span }));
                    pe.lost = vm.get("lost").and_then(|n| boolean(n, "`lost`", diags).map(|value| At { value, span: n.span }));
                    for zone in ["library", "hand", "battlefield", "graveyard", "exile", "command"] {
                        if let Some(z) = vm.get(zone) {
                            let value = match &z.kind {
                                Kind::Int(n) => ZoneExpect::Count(usize::try_from(*n).unwrap_or(0)),
                                _ => ZoneExpect::Names(names(z, &format!("`{zone}`"), diags)),
                            };
                            pe.zones.push((zone, At { value, span: z.span }));
                        }
                    }
                }
                e.players.push((r, pe));
            }
        }
    if let Some(on) = m.get("objects")
        && let Some(om) = MapView::new(on, "`objects` expectations", diags) {
            for (k, v) in om.entries {
                let Some(r) = one_ref(k, "an object reference", diags) else { continue };
                e.objects.push((r, read_object_expect(v, diags)));
            }
        }
    e.stack = m.get("stack").map(|n| At { value: names(n, "`stack`", diags), span: n.span });
    e.winner = m.get("winner").and_then(|n| one_ref(n, "`winner`", diags));
    e.draw = m.get("draw").and_then(|n| boolean(n, "`draw`", diags).map(|value| At { value, span: n.span }));
    e.rules = m.get("rules").map(|n| rules_list(n, "`rules`", diags)).unwrap_or_default();
    e.rules_absent = m.get("rules_absent").map(|n| rules_list(n, "`rules_absent`", diags)).unwrap_or_default();
    if let Some(rn) = m.get("rejected") {
        for item in list(rn, "`rejected`", diags) {
            let Some(im) = MapView::new(item, "a `rejected` entry", diags) else { continue };
            im.check_keys(&["action", "rule"], "a `rejected` entry", diags);
            let Some(action) = im.require("action", "a `rejected` entry", diags).and_then(|n| nonneg(n, "`action`", diags)) else { continue };
            let rule = im.get("rule").and_then(|n| rule_list(n, "`rule`", diags).into_iter().next()).map(|a| a.value);
            e.rejected.push(RejectedExpect { action: action as usize, rule, span: item.span });
        }
    }
    if let Some(en) = m.get("events") {
        for item in list(en, "`events`", diags) {
            let Some(im) = MapView::new(item, "an `events` entry", diags) else { continue };
            im.check_keys(crate::engine::event::EVENT_FIELDS, "an `events` entry", diags);
            if let Some(k) = im.get("kind")
                && let Some(kind) = k.scalar_text()
                && !crate::engine::event::EventKind::ALL.iter().any(|k| k.name() == kind)
            {
                let kinds = crate::engine::event::EventKind::names();
                let near = nearest(&kind, kinds.iter().map(String::as_str));
                diags.push(Diagnostic::new(format!("unknown event kind `{kind}`"), k.span).help(match near.first() {
                    Some(n) => format!("did you mean `{n}`? Kinds: {}", kinds.join(", ")),
                    None => format!("kinds: {}", kinds.join(", ")),
                }));
            }
            let fields = im.entries.iter().filter_map(|(k, v)| Some((k.scalar_text()?, v.scalar_text()?))).collect();
            e.events.push(EventExpect { fields, span: item.span });
        }
    }
    e
}

fn read_object_expect(node: &Node, diags: &mut Diags) -> ObjectExpect {
    let mut o = ObjectExpect::default();
    let Some(m) = MapView::new(node, "an object's expectations", diags) else { return o };
    m.check_keys(OBJECT_EXPECT_KEYS, "an object's expectations", diags);
    o.face_down = m.get("face_down").and_then(|n| boolean(n, "`face_down`", diags).map(|value| At { value, span: n.span }));
    o.unlocked = m.get("unlocked").map(|n| At { value: list(n, "`unlocked`", diags).into_iter().filter_map(|d| string(d, "a door", diags)).collect(), span: n.span });
    o.cards = m.get("cards").map(|n| At { value: list(n, "`cards`", diags).into_iter().filter_map(|d| string(d, "a card name", diags)).collect(), span: n.span });
    o.transformed = m.get("transformed").and_then(|n| boolean(n, "`transformed`", diags).map(|value| At { value, span: n.span }));
    let at_str = |key: &str, diags: &mut Diags| m.get(key).and_then(|n| string(n, &format!("`{key}`"), diags).map(|value| At { value, span: n.span }));
    o.attached_to = at_str("attached_to", diags);
    o.zone = at_str("zone", diags);
    if let Some(z) = &o.zone
        && !ZONES.contains(&z.value.as_str()) {
            diags.push(Diagnostic::new(format!("unknown zone `{}`", z.value), z.span).help(format!("zones: {}", ZONES.join(", "))));
        }
    o.controller = at_str("controller", diags);
    o.owner = at_str("owner", diags);
    o.name = at_str("name", diags);
    let at_int = |key: &str, diags: &mut Diags| m.get(key).and_then(|n| int(n, &format!("`{key}`"), diags).map(|value| At { value, span: n.span }));
    o.power = at_int("power", diags);
    o.toughness = at_int("toughness", diags);
    o.mana_value = at_int("mana_value", diags);
    o.damage = at_int("damage", diags);
    o.loyalty = at_int("loyalty", diags);
    o.tapped = m.get("tapped").and_then(|n| boolean(n, "`tapped`", diags).map(|value| At { value, span: n.span }));
    o.sick = m.get("sick").and_then(|n| boolean(n, "`sick`", diags).map(|value| At { value, span: n.span }));
    let at_list = |key: &str, diags: &mut Diags| m.get(key).map(|n| At { value: names(n, &format!("`{key}`"), diags), span: n.span });
    o.types = at_list("types", diags);
    o.subtypes = at_list("subtypes", diags);
    o.supertypes = at_list("supertypes", diags);
    o.colors = at_list("colors", diags);
    o.keywords = at_list("keywords", diags);
    o.keywords_absent = at_list("keywords_absent", diags);
    if let Some(cn) = m.get("counters")
        && let Some(cm) = MapView::new(cn, "`counters`", diags) {
            for (k, v) in cm.entries {
                if let (Some(kind), Some(n)) = (k.scalar_text(), nonneg(v, "a counter count", diags)) {
                    o.counters.push((kind, At { value: n, span: v.span }));
                }
            }
        }
    o
}
