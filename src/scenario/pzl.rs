//! Forge puzzle files (`.pzl`) in and out: `judge import-pzl` and `judge export-pzl`.
//!
//! A puzzle file has two sections. `[metadata]` holds `Key:Value` lines (`Name`, `URL`, `Goal`,
//! `Turns`, `Difficulty`, `Description`, `Targets`, …). `[state]` holds `key=value` lines: the
//! active player and phase, each player's life and counters, and each zone's cards for the
//! `human` and the `ai` player (`humanhand=…`, `aibattlefield=…`; `play` is another word for the
//! battlefield). A zone's cards are separated by `;`; each is a card name, or `t:` and a token's
//! description, followed by `|`-separated modifiers (`Tapped`, `SummonSick`, `Counters:P1P1=2`,
//! `Damage:1`, `FaceDown`, `Transformed`, `Id:7`, `Attaching:7`, `ChosenColor:…`, …). The
//! format is documented in docs/forge-puzzles.md.
//!
//! Import makes a scenario of the setup: two players named Human and AI, their zones, the
//! start; the goal and the other metadata go into the description as `[forge] Key: Value`
//! lines, which export writes back. What a scenario can't express (Forge scripts, precast
//! spells, combat in progress, modifiers without a rules equivalent here) is refused with its
//! line number, never dropped.

use std::collections::BTreeMap;

use indexmap::IndexMap;
use serde::Serialize;

use crate::scenario::model::{CardEntry, Scenario, Step};

/// A line of the puzzle that can't be converted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line number (0: the file as a whole).
    pub line: usize,
    pub message: String,
}

/// The marker of a metadata line kept in a scenario's description.
const META: &str = "[forge] ";

/// Forge's phase names (upper case, without separators) and the step each is.
const PHASES: &[(&str, Step)] = &[
    ("UNTAP", Step::Untap),
    ("UPKEEP", Step::Upkeep),
    ("DRAW", Step::Draw),
    ("MAIN1", Step::PrecombatMain),
    ("COMBATBEGIN", Step::BeginningOfCombat),
    ("COMBATDECLAREATTACKERS", Step::DeclareAttackers),
    ("COMBATDECLAREBLOCKERS", Step::DeclareBlockers),
    ("COMBATFIRSTSTRIKEDAMAGE", Step::FirstStrikeDamage),
    ("COMBATDAMAGE", Step::CombatDamage),
    ("COMBATEND", Step::EndOfCombat),
    ("MAIN2", Step::PostcombatMain),
    ("ENDOFTURN", Step::End),
    ("CLEANUP", Step::Cleanup),
];

/// Forge's names of the counter kinds whose scenario names differ.
const COUNTERS: &[(&str, &str)] = &[("P1P1", "+1/+1"), ("M1M1", "-1/-1")];

const PLAYERS: [&str; 2] = ["Human", "AI"];

#[derive(Serialize)]
struct Out {
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<String>,
    players: Vec<OutPlayer>,
    start: OutStart,
}

#[derive(Serialize)]
struct OutStart {
    turn: u32,
    active: String,
    step: &'static str,
}

#[derive(Serialize, Default)]
struct OutPlayer {
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    life: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    poison: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    library: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    hand: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    battlefield: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    graveyard: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    exile: Vec<OutEntry>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum OutEntry {
    Name(String),
    Full(Box<Full>),
}

fn no(b: &bool) -> bool {
    !*b
}

fn zero(n: &u32) -> bool {
    *n == 0
}

#[derive(Serialize)]
struct Full {
    card: OutCard,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    #[serde(skip_serializing_if = "no")]
    tapped: bool,
    #[serde(skip_serializing_if = "no")]
    sick: bool,
    #[serde(skip_serializing_if = "zero")]
    damage: u32,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    counters: BTreeMap<String, u32>,
    #[serde(skip_serializing_if = "no")]
    face_down: bool,
    #[serde(skip_serializing_if = "no")]
    transformed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    attached_to: Option<String>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    chosen: BTreeMap<&'static str, String>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum OutCard {
    Name(String),
    Token(Token),
}

#[derive(Serialize)]
struct Token {
    token: String,
    #[serde(rename = "type")]
    type_line: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    power: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    toughness: Option<i64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    colors: Vec<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
}

/// Converts a puzzle file into a scenario (YAML text). `fallback_name` names the scenario when
/// the puzzle has no `Name`.
///
/// # Errors
/// Every line that can't be converted, with its number.
pub fn import(text: &str, fallback_name: &str) -> Result<String, Vec<Problem>> {
    let mut problems = Vec::new();
    let mut meta: Vec<(String, String)> = Vec::new();
    let mut section = "";
    let mut active = 0;
    let mut step = Step::PrecombatMain;
    let mut players: [OutPlayer; 2] = [OutPlayer { name: PLAYERS[0].into(), ..OutPlayer::default() }, OutPlayer { name: PLAYERS[1].into(), ..OutPlayer::default() }];
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        let mut problem = |message: String| problems.push(Problem { line: line_no, message });
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with('[') && line.ends_with(']') {
            section = match line.to_ascii_lowercase().as_str() {
                "[metadata]" => "metadata",
                "[state]" => "state",
                other => {
                    problem(format!("unknown section `{other}`: a puzzle has [metadata] and [state]"));
                    "unknown"
                }
            };
            continue;
        }
        match section {
            "metadata" => match line.split_once(':') {
                Some((k, v)) => meta.push((k.trim().to_owned(), v.trim().to_owned())),
                None => problem(format!("`{line}` is not a `Key:Value` metadata line")),
            },
            "state" => {
                let Some((key, value)) = line.split_once('=') else {
                    problem(format!("`{line}` is not a `key=value` state line"));
                    continue;
                };
                let key = key.trim().to_ascii_lowercase();
                let value = value.trim();
                if key == "activeplayer" {
                    match value.to_ascii_lowercase().as_str() {
                        "human" => active = 0,
                        "ai" => active = 1,
                        _ => problem(format!("unknown active player `{value}`: write human or ai")),
                    }
                } else if key == "activephase" {
                    let norm: String = value.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_uppercase();
                    match PHASES.iter().find(|(n, _)| *n == norm) {
                        Some((_, s)) => step = *s,
                        None => problem(format!("unknown phase `{value}`: Forge's phases are {}", PHASES.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", "))),
                    }
                } else if let Some((who, rest)) = key.strip_prefix("human").map(|r| (0, r)).or_else(|| key.strip_prefix("ai").map(|r| (1, r))) {
                    let p = &mut players[who];
                    match rest {
                        "life" => match value.parse::<i64>() {
                            Ok(n) => p.life = Some(n),
                            Err(_) => problem(format!("life `{value}` is not a whole number")),
                        },
                        "counters" => {
                            for pair in value.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                                match pair.split_once('=').map(|(k, n)| (k.trim().to_ascii_uppercase(), n.trim().parse::<u32>())) {
                                    Some((k, Ok(n))) if k == "POISON" => p.poison = Some(n),
                                    Some((k, Ok(_))) => problem(format!("player counter `{k}` has no scenario equivalent: only poison counters are modelled")),
                                    _ => problem(format!("`{pair}` is not a `KIND=N` counter")),
                                }
                            }
                        }
                        "hand" | "library" | "graveyard" | "exile" | "battlefield" | "play" => {
                            let zone = match rest {
                                "hand" => &mut p.hand,
                                "library" => &mut p.library,
                                "graveyard" => &mut p.graveyard,
                                "exile" => &mut p.exile,
                                _ => &mut p.battlefield,
                            };
                            let on_battlefield = matches!(rest, "battlefield" | "play");
                            for card in value.split(';').map(str::trim).filter(|s| !s.is_empty()) {
                                match entry(card, on_battlefield) {
                                    Ok(e) => zone.push(e),
                                    Err(m) => problem(m),
                                }
                            }
                        }
                        "command" if value.is_empty() => {}
                        "command" => problem("cards in the command zone have no scenario equivalent yet".into()),
                        "precast" => problem("precast spells are Forge scripts with no scenario equivalent: cast the spells in the scenario's `actions:` instead".into()),
                        _ => problem(format!("unknown state key `{key}`")),
                    }
                } else if key.starts_with("ability") {
                    problem("Forge ability scripts have no scenario equivalent".into());
                } else {
                    problem(format!("unknown state key `{key}`"));
                }
            }
            "unknown" => {}
            _ => problem("a line before [metadata] or [state]".into()),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let name = meta.iter().find(|(k, _)| k.eq_ignore_ascii_case("name")).map_or_else(|| fallback_name.to_owned(), |(_, v)| v.clone());
    let mut description: Vec<String> = meta.iter().filter(|(k, _)| k.eq_ignore_ascii_case("description")).map(|(_, v)| v.clone()).collect();
    description.extend(meta.iter().filter(|(k, _)| !k.eq_ignore_ascii_case("name") && !k.eq_ignore_ascii_case("description")).map(|(k, v)| format!("{META}{k}: {v}")));
    let out = Out {
        name,
        description: if description.is_empty() { None } else { Some(description.join("\n")) },
        start: OutStart { turn: 1, active: PLAYERS[active].to_owned(), step: step.name() },
        players: players.into(),
    };
    serde_saphyr::to_string(&out).map_err(|e| vec![Problem { line: 0, message: format!("cannot write the scenario: {e}") }])
}

/// One card of a zone list: a name or `t:` token, then its modifiers.
fn entry(text: &str, on_battlefield: bool) -> Result<OutEntry, String> {
    let mut parts = text.split('|').map(str::trim);
    let head = parts.next().unwrap_or_default();
    let card = match head.strip_prefix("t:") {
        Some(t) => OutCard::Token(token(t)?),
        None => OutCard::Name(head.to_owned()),
    };
    let mut full = Full {
        card,
        id: None,
        tapped: false,
        sick: false,
        damage: 0,
        counters: BTreeMap::new(),
        face_down: false,
        transformed: false,
        attached_to: None,
        chosen: BTreeMap::new(),
    };
    let number = |v: &str, what: &str| v.trim().parse::<u32>().map_err(|_| format!("{what} `{v}` of `{head}` is not a whole number"));
    for m in parts {
        let (key, value) = m.split_once(':').map_or((m, ""), |(k, v)| (k, v));
        match key {
            "Set" | "Art" => {} // the printing: no rules meaning
            "Tapped" | "SummonSick" | "Damage" | "Attaching" | "AttachedTo" | "Transformed" if !on_battlefield => {
                return Err(format!("`{m}` of `{head}` applies only to permanents on the battlefield"));
            }
            "Tapped" => full.tapped = true,
            "SummonSick" => full.sick = true,
            "Damage" => full.damage = number(value, "damage")?,
            "Id" => full.id = Some(format!("c{}", number(value, "Id")?)),
            "Attaching" | "AttachedTo" => full.attached_to = Some(format!("c{}", number(value, "the Id attached to")?)),
            "Transformed" => full.transformed = true,
            "FaceDown" if value.is_empty() && on_battlefield => full.face_down = true,
            "FaceDown" => return Err(format!("`{m}` of `{head}`: only a permanent face down on the battlefield (morph) has a scenario equivalent; manifested and exiled face-down cards don't yet")),
            "Counters" => {
                for pair in value.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let (kind, n) = pair.split_once('=').ok_or_else(|| format!("`{pair}` of `{head}` is not a `KIND=N` counter"))?;
                    let kind = kind.trim().to_ascii_uppercase();
                    let ours = COUNTERS.iter().find(|(f, _)| *f == kind).map_or_else(|| kind.to_ascii_lowercase(), |(_, o)| (*o).to_owned());
                    full.counters.insert(ours, number(n, "the counter count")?);
                }
            }
            "ChosenColor" if !value.contains(',') => {
                full.chosen.insert("color", value.trim().to_ascii_lowercase());
            }
            "ChosenType" => {
                full.chosen.insert("subtype", value.trim().to_owned());
            }
            _ => return Err(format!("the modifier `{m}` of `{head}` has no scenario equivalent")),
        }
    }
    let plain = full.id.is_none() && !full.tapped && !full.sick && full.damage == 0 && full.counters.is_empty() && !full.face_down && !full.transformed && full.attached_to.is_none() && full.chosen.is_empty();
    Ok(match full.card {
        OutCard::Name(n) if plain => OutEntry::Name(n),
        _ => OutEntry::Full(Box::new(full)),
    })
}

/// A token in Forge's description form: `Name,P:1,T:1,Cost:no cost,Color:W,Types:Creature-Soldier,Keywords:Flying`.
fn token(text: &str) -> Result<Token, String> {
    let mut fields = text.split(',').map(str::trim);
    let name = fields.next().unwrap_or_default().to_owned();
    if !text.contains(':') {
        return Err(format!("the token script `t:{text}` has no scenario equivalent: describe the token as `t:Name,P:1,T:1,Color:W,Types:Creature-Soldier`"));
    }
    let mut t = Token { token: name, type_line: String::new(), power: None, toughness: None, colors: Vec::new(), text: None };
    let mut keywords = Vec::new();
    for f in fields {
        let (k, v) = f.split_once(':').ok_or_else(|| format!("`{f}` of the token `{text}` is not `Key:Value`"))?;
        let int = |v: &str| v.parse::<i64>().map_err(|_| format!("`{f}` of the token `{text}` is not a whole number"));
        match k {
            "P" => t.power = Some(int(v)?),
            "T" => t.toughness = Some(int(v)?),
            "Cost" | "Image" | "SVars" => {}
            "Color" => {
                for c in v.chars().filter(|c| *c != 'C' && !c.is_whitespace()) {
                    let color = crate::cards::ir::Color::from_letter(c).ok_or_else(|| format!("unknown color letter `{c}` in the token `{text}`"))?;
                    t.colors.push(color.name());
                }
            }
            "Types" => {
                // "Creature-Dragon" or "Artifact-Creature-Thopter": the card types, then the
                // subtypes.
                let words: Vec<&str> = v.split('-').collect();
                let (types, subs): (Vec<&str>, Vec<&str>) = words.iter().partition(|w| crate::cards::ir::CardType::from_name(w).is_some() || matches!(**w, "Legendary" | "Snow"));
                t.type_line = if subs.is_empty() { types.join(" ") } else { format!("{} — {}", types.join(" "), subs.join(" ")) };
            }
            "Keywords" => keywords.extend(v.split('&').map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)),
            _ => return Err(format!("the token field `{f}` of `{text}` has no scenario equivalent")),
        }
    }
    if t.type_line.is_empty() {
        return Err(format!("the token `{text}` has no `Types:`"));
    }
    if !keywords.is_empty() {
        t.text = Some(keywords.join("\n"));
    }
    Ok(t)
}

/// Writes a scenario's setup as a puzzle file (`[metadata]` and `[state]`). Returns the file
/// and notes on what of the scenario a puzzle doesn't hold (its script and expectations).
///
/// # Errors
/// What a puzzle can't express: other than two players, a card controlled by someone else
/// than its owner, a copy's chosen original, a token with abilities other than keywords.
pub fn export(s: &Scenario) -> Result<(String, Vec<String>), String> {
    if s.players.len() != 2 {
        return Err(format!("a Forge puzzle has two players, human and ai; this scenario has {}", s.players.len()));
    }
    let mut notes = Vec::new();
    if !s.actions.is_empty() || s.expect.is_some() {
        notes.push("the script (`actions:`) and the expectations are not part of a puzzle file: only the setup is written".to_owned());
    }
    if !s.inline_cards.is_empty() {
        notes.push("cards defined under `cards:` are written by name: Forge finds them in its own card database".to_owned());
    }
    if s.start.turn != 1 {
        notes.push(format!("the turn number ({}) is not part of a puzzle file", s.start.turn));
    }
    let mut out = String::from("[metadata]\n");
    out.push_str(&format!("Name:{}\n", one_line(&s.name)));
    let mut text = Vec::new();
    for line in s.description.as_deref().unwrap_or_default().lines() {
        match line.strip_prefix(META).and_then(|l| l.split_once(": ")) {
            Some((k, v)) => out.push_str(&format!("{k}:{v}\n")),
            None if !line.trim().is_empty() => text.push(line.trim()),
            None => {}
        }
    }
    if !text.is_empty() {
        out.push_str(&format!("Description:{}\n", text.join(" ")));
    }
    out.push_str("[state]\n");
    out.push_str(&format!("ActivePlayer={}\n", ["human", "ai"][s.start.active.min(1)]));
    let phase = PHASES.iter().find(|(_, st)| *st == s.start.step).map_or("MAIN1", |(n, _)| n);
    let forge_phase = match phase {
        "MAIN1" => "Main1".to_owned(),
        "MAIN2" => "Main2".to_owned(),
        other => other.to_owned(),
    };
    out.push_str(&format!("ActivePhase={forge_phase}\n"));
    // Forge's ids are numbers: a label `cN` keeps its number, other labels get unused ones.
    let mut ids: IndexMap<String, u32> = IndexMap::new();
    let all = s.players.iter().flat_map(|p| p.library.iter().chain(&p.hand).chain(&p.battlefield).chain(&p.graveyard).chain(&p.exile));
    let labels: Vec<&str> = all.clone().filter_map(|e| e.id.as_deref()).collect();
    let mut next = labels.iter().filter_map(|l| l.strip_prefix('c').and_then(|n| n.parse::<u32>().ok())).max().unwrap_or(0) + 1;
    for l in labels {
        let n = match l.strip_prefix('c').and_then(|n| n.parse::<u32>().ok()) {
            Some(n) => n,
            None => {
                next += 1;
                next - 1
            }
        };
        ids.insert(l.to_owned(), n);
    }
    for (who, p) in ["human", "ai"].iter().zip(&s.players) {
        out.push_str(&format!("{who}life={}\n", p.life));
        if p.poison > 0 {
            out.push_str(&format!("{who}counters=POISON={}\n", p.poison));
        }
        for (zone, cards) in [("hand", &p.hand), ("library", &p.library), ("graveyard", &p.graveyard), ("exile", &p.exile), ("battlefield", &p.battlefield)] {
            if cards.is_empty() {
                continue;
            }
            let written: Result<Vec<String>, String> = cards.iter().map(|e| card_text(e, &p.name, zone == "battlefield", &ids)).collect();
            out.push_str(&format!("{who}{zone}={}\n", written?.join(";")));
        }
    }
    Ok((out, notes))
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// One card of a zone list.
fn card_text(e: &CardEntry, controller: &str, on_battlefield: bool, ids: &IndexMap<String, u32>) -> Result<String, String> {
    let c = &e.card;
    if let Some(o) = &e.owner
        && o.text != controller
    {
        return Err(format!("{} is owned by {} but controlled by {controller}: a puzzle lists cards by owner and can't give control to another player", c.name, o.text));
    }
    if e.copy_of.is_some() {
        return Err(format!("{} entered as a copy of another permanent: a puzzle can't say so", c.name));
    }
    let mut t = if c.token {
        let keywords: Vec<&str> = c.text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        if keywords.iter().any(|k| k.contains(' ') || k.contains(':') || k.contains('.')) {
            return Err(format!("the token {} has abilities other than keywords: a puzzle's token description holds only keywords", c.name));
        }
        let mut types: Vec<&str> = c.supertypes.iter().map(String::as_str).collect();
        types.extend(c.types.iter().map(|t| t.name()));
        types.extend(c.subtypes.iter().map(String::as_str));
        let colors: String = c.colors.iter().map(|c| c.letter()).collect();
        let mut t = format!("t:{}", c.name);
        if let (Some(p), Some(tough)) = (c.power, c.toughness) {
            t.push_str(&format!(",P:{p},T:{tough}"));
        }
        t.push_str(&format!(",Cost:no cost,Color:{},Types:{}", if colors.is_empty() { "C".to_owned() } else { colors }, types.join("-")));
        if !keywords.is_empty() {
            t.push_str(&format!(",Keywords:{}", keywords.join("&")));
        }
        t
    } else {
        c.name.to_string()
    };
    if let Some(id) = e.id.as_deref().and_then(|l| ids.get(l)) {
        t.push_str(&format!("|Id:{id}"));
    }
    if on_battlefield {
        if e.tapped {
            t.push_str("|Tapped");
        }
        if e.sick {
            t.push_str("|SummonSick");
        }
        if e.face_down {
            t.push_str("|FaceDown");
        }
        if e.transformed {
            t.push_str("|Transformed");
        }
        if let Some(host) = &e.attached_to {
            let n = ids.get(&host.text).ok_or_else(|| format!("{} is attached to `{}`, which is not a label", c.name, host.text))?;
            t.push_str(&format!("|Attaching:{n}"));
        }
        if e.damage > 0 {
            t.push_str(&format!("|Damage:{}", e.damage));
        }
        if let Some(color) = e.chosen_color {
            t.push_str(&format!("|ChosenColor:{}", color.name()));
        }
        if let Some(sub) = &e.chosen_subtype {
            t.push_str(&format!("|ChosenType:{sub}"));
        }
    }
    if !e.counters.is_empty() {
        let list: Vec<String> = e
            .counters
            .iter()
            .map(|(k, n)| format!("{}={n}", COUNTERS.iter().find(|(_, o)| o == k).map_or_else(|| k.to_ascii_uppercase(), |(f, _)| (*f).to_owned())))
            .collect();
        t.push_str(&format!("|Counters:{}", list.join(",")));
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_and_counters_read_in_any_spelling() {
        let yaml = import("[state]\nActivePlayer=AI\nActivePhase=combat_declare_blockers\nhumancounters=POISON=3\naibattlefield=Grizzly Bears|Counters:P1P1=2,TIME=1|Tapped\n", "x").unwrap();
        assert!(yaml.contains("active: AI") && yaml.contains("step: declare_blockers") && yaml.contains("poison: 3"), "{yaml}");
        assert!(yaml.contains("+1/+1: 2") && yaml.contains("time: 1") && yaml.contains("tapped: true"), "{yaml}");
    }

    #[test]
    fn what_has_no_equivalent_is_refused_by_line() {
        let e = import("[metadata]\nName:x\n[state]\nhumanprecast=Lightning Bolt\naibattlefield=Bears|Renowned\naiexile=Bears|Tapped\nfoo=1\n", "x").unwrap_err();
        assert_eq!(e.iter().map(|p| p.line).collect::<Vec<_>>(), [4, 5, 6, 7]);
        assert!(e[1].message.contains("`Renowned`"), "{:?}", e[1]);
    }

    #[test]
    fn tokens() {
        let t = token("Dragon,P:4,T:4,Cost:no cost,Color:R,Types:Creature-Dragon,Keywords:Flying,Image:r_4_4_dragon").unwrap();
        assert_eq!((t.type_line.as_str(), t.power, t.colors.as_slice(), t.text.as_deref()), ("Creature — Dragon", Some(4), &["red"][..], Some("Flying")));
        assert!(token("w_1_1_soldier").is_err());
    }
}
