//! `judge why`: the chain of causes of one event, back to what started it (engine::cause).

use std::fmt::Write as _;

use crate::engine::cause::chain;
use crate::engine::event::Event;
use crate::rules::index;

/// Finds the event a user named: its number (`15`, `#15`), or words matched against event
/// texts, case-insensitively (the last event whose text contains every one of them, in any
/// order, so labels and names in between don't matter).
///
/// # Errors
/// A message saying why no event matches, with the range of numbers or the nearest texts.
pub fn find<'a>(trace: &'a [Event], what: &str) -> Result<&'a Event, String> {
    let w = what.trim();
    if let Ok(n) = w.trim_start_matches('#').parse::<usize>() {
        return n
            .checked_sub(1)
            .and_then(|i| trace.get(i))
            .ok_or_else(|| format!("there is no event {n}: the trace has events 1 to {}", trace.len()));
    }
    let lower = w.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    if let Some(e) = trace.iter().rev().find(|e| {
        let text = e.text().to_string().to_lowercase();
        words.iter().all(|w| text.contains(w))
    }) {
        return Ok(e);
    }
    let texts: Vec<String> = trace.iter().map(|e| e.text().to_string()).collect();
    let near = crate::diag::nearest(w, texts.iter().map(String::as_str));
    let mut msg = format!("no event's text contains all of \"{w}\"");
    if !near.is_empty() {
        let _ = write!(msg, "; the nearest are: {}", near.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(", "));
    }
    Err(msg)
}

/// The chain of causes of `ev` as text: the event, then one line per cause (`←`), then what
/// started the chain, and the rules on the way with their titles.
#[must_use]
pub fn text(trace: &[Event], ev: &Event) -> String {
    let links = chain(trace, ev.seq);
    let mut out = String::new();
    let _ = writeln!(out, "Why: event {} ({})", ev.seq, ev.text());
    for (i, e) in links.iter().enumerate() {
        let arrow = if i == 0 { "  " } else { "← " };
        let rules: Vec<&str> = e.rules.iter().map(|r| r.as_str()).collect();
        let _ = writeln!(out, "{arrow}#{} turn {} {}: {} [{}]", e.seq, e.turn, e.step.name(), e.text(), rules.join(", "));
    }
    if let Some(root) = links.last() {
        let _ = writeln!(out, "{}", started(root));
    }
    let idx = index();
    let mut seen: Vec<&str> = Vec::new();
    for r in links.iter().flat_map(|e| e.rules.iter()) {
        if !seen.contains(&r.as_str()) {
            seen.push(r.as_str());
        }
    }
    if !seen.is_empty() {
        let _ = writeln!(out, "Rules on the way:");
        for r in seen {
            let _ = writeln!(out, "  {r}  {}", idx.title(r));
        }
    }
    out
}

/// What the first event of a chain came from, in words.
fn started(root: &Event) -> String {
    if matches!(root.kind, crate::engine::event::EventKind::StepBegins | crate::engine::event::EventKind::TurnBegins) {
        format!("started by the turn structure: {} (its turn-based actions and \"at the beginning of\" triggers follow from it)", root.text())
    } else if let Some(action) = root.by.strip_prefix("action ") {
        format!("started by the script's action {action}")
    } else if root.by.starts_with("state-based actions") {
        "started by a state-based action check (704.3); the change that made it apply is not one recorded against the object or player it concerns".to_owned()
    } else if root.by.starts_with("turn-based action") {
        format!("started by the game: {}", root.by)
    } else {
        format!("started by: {}", root.by)
    }
}

/// The chain of causes as JSON: event numbers from `ev` back to the first.
#[must_use]
pub fn json(trace: &[Event], ev: &Event) -> serde_json::Value {
    let links = chain(trace, ev.seq);
    serde_json::json!({
        "event": ev.seq,
        "chain": links.iter().map(|e| serde_json::to_value(e).unwrap_or_default()).collect::<Vec<_>>(),
        "started_by": links.last().map(|r| r.by.to_string()),
    })
}
