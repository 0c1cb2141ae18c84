//! Rendering a replay for people (tables) and programs (JSON).

pub mod card;
pub mod explain;
pub mod html;
mod table;
pub mod why;

use std::fmt::Write as _;

use serde_json::json;

use crate::engine::Game;
use crate::engine::state::StackItem;
use crate::rules::index;
use crate::run::{RunResult, outcome_text};
use crate::scenario::Scenario;

use table::TextTable;

/// How often each rule was cited, in rule order (numerically: 702.9 before 702.10).
#[must_use]
pub fn rules_applied(g: &Game) -> Vec<(RuleKey, usize)> {
    // Counted by the text of the rule, then sorted once per rule cited, each number parsed
    // once, not at every comparison.
    let mut counts: std::collections::HashMap<&'static str, usize> = std::collections::HashMap::new();
    for ev in &g.trace {
        for r in &ev.rules {
            *counts.entry(r.as_str()).or_insert(0) += 1;
        }
    }
    let mut counts: Vec<(&'static str, usize)> = counts.into_iter().collect();
    counts.sort_unstable();
    counts.sort_by_cached_key(|&(k, _)| RuleKey(k).parts());
    // Two texts of the same number (none in the index) count as one rule, as a map by
    // number would.
    let mut out: Vec<(RuleKey, usize)> = Vec::with_capacity(counts.len());
    for (k, n) in counts {
        match out.last_mut() {
            Some((last, m)) if last.parts() == RuleKey(k).parts() => *m += n,
            _ => out.push((RuleKey(k), n)),
        }
    }
    out
}

/// The rules that decided the outcome: those cited on the chain of causes (`engine::cause`)
/// of each event an expectation checks.
#[must_use]
pub fn decisive_rules(g: &Game, verdicts: &[crate::run::expect::Verdict]) -> std::collections::HashSet<&'static str> {
    verdicts
        .iter()
        .filter_map(|v| v.event)
        .flat_map(|e| crate::engine::cause::chain(&g.trace, e))
        .flat_map(|ev| ev.rules.iter().map(|r| r.as_str()))
        .collect()
}

/// The section a rule is in (`608` for `608.2c`).
fn section(rule: &str) -> &str {
    rule.split('.').next().unwrap_or(rule)
}

/// A rule number ordered as the CR orders it (603.2 before 603.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleKey(pub &'static str);

impl RuleKey {
    fn parts(self) -> (u32, u32, &'static str) {
        let (head, tail) = self.0.split_once('.').unwrap_or((self.0, ""));
        let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
        (head.parse().unwrap_or(0), tail[..digits].parse().unwrap_or(0), &tail[digits..])
    }
}

impl Ord for RuleKey {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.parts().cmp(&other.parts())
    }
}

impl PartialOrd for RuleKey {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The unread abilities of the scenario's cards (its setup and its `cards:`, every face), each
/// once per card: the words judge can't read, and the moment from which a run would stop on them.
#[must_use]
pub fn unread(s: &Scenario) -> Vec<(String, &crate::cards::ir::Unread)> {
    let mut cards: Vec<&crate::cards::def::Card> = s.inline_cards.iter().collect();
    for p in &s.players {
        for e in p.library.iter().chain(&p.hand).chain(&p.battlefield).chain(&p.graveyard).chain(&p.exile) {
            cards.push(&e.card);
        }
    }
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for c in cards {
        if !seen.insert(&*c.name) {
            continue;
        }
        for face in std::iter::once(c).chain(&c.faces) {
            for a in &face.abilities {
                if let crate::cards::ir::Ability::Unread(u) = a {
                    out.push((face.name.to_string(), &**u));
                }
            }
        }
    }
    out
}

/// One unread ability in words: the card, the kind, when it would stop a run, the text.
#[must_use]
pub fn unread_line(card: &str, u: &crate::cards::ir::Unread) -> String {
    let uses = crate::cards::oracle::unread::missing_feature(&u.text).map_or_else(String::new, |f| format!(" — it uses {f}, which judge doesn't model yet"));
    format!("{card}: {} not read — judge stops the run if it matters ({}): \"{}\" (unread: \"{}\"){uses}", u.kind.name(), u.moment.describe(), u.text, u.words)
}

/// The text report: trace, final state, rules applied, verdicts.
#[must_use]
pub fn text(path: &str, s: &Scenario, r: &RunResult) -> String {
    let g = &r.game;
    let mut out = String::new();
    let _ = writeln!(out, "Scenario: {} ({path})", s.name);
    if let Some(d) = &s.description {
        let _ = writeln!(out, "{}", d.trim());
    }
    let _ = writeln!(out, "\nTrace");
    let mut t = TextTable::new(&["#", "turn", "step", "event", "rules"]);
    for ev in &g.trace {
        t.push_fmt(format_args!("{}", ev.seq));
        t.push_fmt(format_args!("{}", ev.turn));
        t.push(ev.step.name());
        t.push_fmt(format_args!("{}", ev.text()));
        let rules: Vec<&str> = ev.rules.iter().map(|r| r.as_str()).collect();
        t.push(&rules.join(", "));
    }
    let _ = writeln!(out, "{t}");
    out.push_str(&state_text(g));
    let decisive = decisive_rules(g, &r.verdicts);
    if decisive.is_empty() {
        let _ = writeln!(out, "\nRules applied, by section");
    } else {
        let _ = writeln!(out, "\nRules applied, by section (decided: cited on the chain of causes of an event an expectation checks)");
    }
    let mut t = TextTable::new(&["rule", "title", "times", "decided"]);
    let idx = index();
    let mut last = "";
    for (k, n) in rules_applied(g) {
        let sec = section(k.0);
        if sec != last && sec != k.0 {
            for c in [sec, idx.title(sec), "", ""] {
                t.push(c);
            }
        }
        last = sec;
        if sec == k.0 {
            t.push(k.0);
        } else {
            t.push_fmt(format_args!("  {}", k.0));
        }
        t.push(idx.title(k.0));
        t.push_fmt(format_args!("{n}"));
        t.push(if decisive.contains(k.0) { "yes" } else { "" });
    }
    let _ = writeln!(out, "{t}");
    let unread = unread(s);
    if !unread.is_empty() {
        let _ = writeln!(out, "\nCard text not read (it never came into play in this run, or the run stopped on it)");
        for (card, u) in &unread {
            let _ = writeln!(out, "  {}", unread_line(card, u));
        }
    }
    if !r.verdicts.is_empty() {
        let _ = writeln!(out, "\nExpectations");
        for v in &r.verdicts {
            let mark = if v.ok { "ok  " } else { "FAIL" };
            if v.ok {
                let _ = writeln!(out, "  {mark} {}: {}", v.what(), v.expected());
            } else {
                let _ = writeln!(out, "  {mark} {}:{}:{}: {}: expected {}, got {}", path, v.line, v.column, v.what(), v.expected(), v.actual());
            }
        }
    }
    let _ = writeln!(out);
    if let Some(o) = outcome_text(g) {
        let _ = writeln!(out, "Game over: {o}");
    }
    out
}

/// The golden trace of a run (`judge test --bless`): one plain line per event with its turn,
/// step and rules, then the final state. Plain lines, so that a change to one event shows as one
/// changed line in a diff.
#[must_use]
pub fn golden(s: &Scenario, r: &RunResult) -> String {
    let g = &r.game;
    let mut out = format!("# judge golden trace of \"{}\" (judge test --bless rewrites it)\n", s.name);
    for ev in &g.trace {
        let rules: Vec<&str> = ev.rules.iter().map(|r| r.as_str()).collect();
        let _ = writeln!(out, "{} t{} {}: {} [{}]", ev.seq, ev.turn, ev.step.name(), ev.text(), rules.join(", "));
    }
    out.push_str(&state_text(g));
    if let Some(o) = outcome_text(g) {
        let _ = writeln!(out, "Game over: {o}");
    }
    out
}

/// The final state: players, battlefield and stack.
#[must_use]
pub fn state_text(g: &Game) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "\nFinal state: turn {}, {} step, {} active", g.turn, g.step.name(), g.players[g.active].name);
    let mut t = TextTable::new(&["player", "life", "poison", "library", "hand", "graveyard", "exile", "lost"]);
    for p in &g.players {
        let names = |t: &mut TextTable, ids: &[crate::engine::ObjId]| {
            if ids.is_empty() {
                t.push("-");
            } else {
                let names: Vec<&str> = ids.iter().map(|&id| g.card(id).name()).collect();
                t.push(&names.join(", "));
            }
        };
        t.push(&p.name);
        t.push_fmt(format_args!("{}", p.life));
        t.push_fmt(format_args!("{}", p.poison));
        t.push_fmt(format_args!("{}", p.library.len()));
        names(&mut t, &p.hand);
        names(&mut t, &p.graveyard);
        names(&mut t, &p.exile);
        t.push(if p.lost { "yes" } else { "no" });
    }
    let _ = writeln!(out, "{t}");
    // The monarch (724), shown only when there is one.
    if let Some(m) = g.monarch {
        let _ = writeln!(out, "{} is the monarch", g.players[m].name);
    }
    // Speed (702.179), shown only for a player who has one.
    for p in &g.players {
        if let Some(s) = p.speed {
            let _ = writeln!(out, "{}'s speed is {s}", p.name);
        }
    }
    // The city's blessing (702.131c), shown only for a player who has it.
    for p in g.players.iter().filter(|p| p.city_blessing) {
        let _ = writeln!(out, "{} has the city's blessing", p.name);
    }
    // Energy counters (107.14), shown only when a player has some.
    for p in g.players.iter().filter(|p| p.energy > 0) {
        let _ = writeln!(out, "{} has {} energy counter{}", p.name, p.energy, if p.energy == 1 { "" } else { "s" });
    }
    // The command zone (408), shown only when something is there.
    for p in g.players.iter().filter(|p| !p.command.is_empty()) {
        let items: Vec<String> = p.command.iter().map(|&id| format!("{} ({})", g.obj(id).card.name(), g.obj(id).card.text())).collect();
        let _ = writeln!(out, "{}'s command zone: {}", p.name, items.join("; "));
    }
    let mut t = TextTable::new(&["controller", "permanent", "P/T", "damage", "tapped", "counters"]);
    for &id in &g.battlefield {
        let o = g.obj(id);
        t.push(&g.players[g.controller(o.id)].name);
        t.push(&g.describe(id));
        if g.is_creature(id) {
            t.push_fmt(format_args!("{}/{}", g.power(id), g.toughness(id)));
        } else {
            t.push("-");
        }
        t.push_fmt(format_args!("{}", o.damage));
        t.push(if o.tapped { "yes" } else { "no" });
        let counters: Vec<String> = o.counters.kinds().map(|(k, n)| format!("{}: {n}", k.name())).collect();
        if counters.is_empty() {
            t.push("-");
        } else {
            t.push(&counters.join(", "));
        }
    }
    let _ = writeln!(out, "\nBattlefield\n{t}");
    let stack = g.stack_names();
    let _ = writeln!(out, "\nStack (top first): {}", if stack.is_empty() { "empty".to_owned() } else { stack.join(", ") });
    out
}

/// Counters as JSON: +1/+1, -1/-1 and loyalty always (0 when absent), then every other kind
/// present.
fn counters_json(c: &crate::engine::state::Counters) -> serde_json::Value {
    let mut m = serde_json::Map::new();
    m.insert("+1/+1".to_owned(), json!(c.plus));
    m.insert("-1/-1".to_owned(), json!(c.minus));
    m.insert("loyalty".to_owned(), json!(c.loyalty));
    for (k, n) in &c.other {
        m.insert(k.name().to_owned(), json!(n));
    }
    serde_json::Value::Object(m)
}

/// The JSON report: the same data as the text one.
#[must_use]
pub fn json(path: &str, s: &Scenario, r: &RunResult) -> serde_json::Value {
    let g = &r.game;
    let idx = index();
    let players: Vec<_> = g
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let names = |ids: &[crate::engine::ObjId]| ids.iter().map(|&id| g.card(id).name().to_owned()).collect::<Vec<_>>();
            json!({
                "name": p.name, "life": p.life, "poison": p.poison, "energy": p.energy, "monarch": g.monarch == Some(i), "lost": p.lost,
                "library": names(&p.library), "hand": names(&p.hand), "graveyard": names(&p.graveyard), "exile": names(&p.exile), "command": names(&p.command),
                "battlefield": g.permanents_of(i).map(|id| {
                    let o = g.obj(id);
                    json!({"name": g.card(id).name(), "id": g.label(id), "power": g.is_creature(id).then(|| g.power(id)),
                           "toughness": g.is_creature(id).then(|| g.toughness(id)), "damage": o.damage, "tapped": o.tapped,
                           "counters": counters_json(&o.counters)})
                }).collect::<Vec<_>>(),
            })
        })
        .collect();
    let stack: Vec<_> = g
        .stack
        .iter()
        .rev()
        .map(|s| match s {
            StackItem::Spell(id) => json!({"spell": g.card(*id).name(), "id": g.label(*id)}),
            StackItem::Ability(a) => json!({"ability_of": g.card(a.source).name()}),
        })
        .collect();
    let decisive = decisive_rules(g, &r.verdicts);
    let rules: Vec<_> = rules_applied(g)
        .into_iter()
        .map(|(k, n)| json!({"rule": k.0, "title": idx.title(k.0), "times": n, "section": section(k.0), "section_title": idx.title(section(k.0)), "decided": decisive.contains(k.0)}))
        .collect();
    json!({
        "file": path,
        "name": s.name,
        "trace": g.trace,
        "state": {"turn": g.turn, "step": g.step, "active": g.players[g.active].name, "players": players, "stack": stack},
        "outcome": outcome_text(g),
        "rejections": g.rejections.iter().map(|x| json!({"action": x.action, "rules": x.rules, "reason": x.reason})).collect::<Vec<_>>(),
        "rules_applied": rules,
        "unread": unread(s).iter().map(|(card, u)| json!({"card": card, "kind": u.kind.name(), "matters": u.moment.describe(), "text": u.text, "words": u.words})).collect::<Vec<_>>(),
        "expectations": r.verdicts,
        // A run that stopped (exit 2) didn't pass, whatever its verdicts so far.
        "passed": r.stop.is_none() && r.verdicts.iter().all(|v| v.ok),
    })
}
