//! `judge run --format html`: one self-contained page per scenario — the answer at the top, the
//! board of each player as it was after any event of the timeline, and every cited rule with
//! its title and summary (and the official text when a rules copy was imported).
//!
//! The page carries its data as JSON (the events, a picture of the board before the first
//! event and after each one, the rules) and a little JavaScript that draws the board for the
//! selected event and marks the events it follows from. Inline CSS and script only: no network,
//! fonts or images. `#event-N` in the address selects event N when the page opens.

use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::engine::Game;
use crate::engine::state::StackItem;
use crate::rules::index;
use crate::run::{RunResult, outcome_text};
use crate::scenario::Scenario;

/// Escapes text for HTML content and attribute values.
#[must_use]
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// JSON that can sit inside a `<script>` element: every `<` (only ever inside a string) is
/// written as the escape `\u003c`, so nothing in the data can end or confuse the element.
fn script_json(v: &Value) -> String {
    v.to_string().replace('<', "\\u003c")
}

/// A picture of the board (`Game::snapshots`): each player's life, counters and zones, each
/// permanent as a card, and the stack.
#[must_use]
pub fn board(g: &Game) -> Value {
    let players: Vec<Value> = g
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let names = |ids: &[crate::engine::ObjId]| ids.iter().map(|&id| g.describe(id)).collect::<Vec<_>>();
            let permanents: Vec<Value> = g
                .permanents_of(i)
                .map(|id| {
                    let o = g.obj(id);
                    let c = g.card(id);
                    let mut types: Vec<&str> = g.supertypes(id).iter().map(String::as_str).collect();
                    types.extend(g.types(id).iter().map(|t| t.name()));
                    let subtypes = g.subtypes(id).join(" ");
                    let type_line = if subtypes.is_empty() { types.join(" ") } else { format!("{} — {subtypes}", types.join(" ")) };
                    let counters: Vec<String> = o.counters.kinds().map(|(k, n)| format!("{n} {}", k.name())).collect();
                    json!({
                        "oid": id.0,
                        "name": g.describe(id),
                        "cost": c.cost().map(ToString::to_string),
                        "type": type_line,
                        "pt": g.is_creature(id).then(|| format!("{}/{}", g.power(id), g.toughness(id))),
                        "damage": o.damage,
                        "tapped": o.tapped,
                        "counters": counters,
                        "on": o.attached_to.map(|h| h.0),
                        "face_down": o.face_down,
                        "transformed": o.face.is_some() && c.layout().is_some_and(crate::cards::def::Layout::double_faced),
                        "token": c.token(),
                    })
                })
                .collect();
            json!({
                "name": p.name, "life": p.life, "poison": p.poison, "lost": p.lost,
                "library": p.library.len(), "hand": names(&p.hand), "graveyard": names(&p.graveyard),
                "exile": names(&p.exile), "command": names(&p.command), "battlefield": permanents,
            })
        })
        .collect();
    let stack: Vec<String> = g
        .stack
        .iter()
        .rev()
        .map(|s| match s {
            StackItem::Spell(id) => g.describe(*id),
            StackItem::Ability(a) => format!("ability of {}", g.described(a.source)),
        })
        .collect();
    json!({"turn": g.turn, "step": g.step.name(), "active": g.players[g.active].name, "players": players, "stack": stack})
}

/// The rules cited by the events, with title, summary and, when a copy was imported, the
/// official text.
fn rules_json(g: &Game) -> Value {
    let official = crate::rules::store::current(None).ok().flatten();
    let idx = index();
    let mut m = serde_json::Map::new();
    for (k, _) in super::rules_applied(g) {
        let e = idx.get(k.0);
        let text = official.as_ref().and_then(|o| o.doc.get(k.0)).map(|r| r.text.clone());
        m.insert(k.0.to_owned(), json!({"title": e.map_or("", |e| e.title), "summary": e.map_or("", |e| e.summary), "text": text}));
    }
    Value::Object(m)
}

const STYLE: &str = r#"
:root { color-scheme: light dark; --bg: #fdfdfb; --fg: #1d1d1f; --muted: #60646c; --line: #d4d4d8; --card: #ffffff; --hi: #fff3c4; --cause: #e4efff; --ok: #176b2c; --bad: #b3261e; }
@media (prefers-color-scheme: dark) { :root { --bg: #17181a; --fg: #ececec; --muted: #a1a1aa; --line: #3f3f46; --card: #222326; --hi: #4a3f12; --cause: #1d3150; --ok: #6fcf83; --bad: #ff8a80; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, sans-serif; background: var(--bg); color: var(--fg); }
header, main, footer { max-width: 1200px; margin: 0 auto; padding: 0 1rem; }
h1 { font-size: 1.4rem; margin: 1rem 0 .25rem; }
h2 { font-size: 1.1rem; margin: 1rem 0 .5rem; }
.muted { color: var(--muted); }
.ok { color: var(--ok); font-weight: 600; }
.bad { color: var(--bad); font-weight: 600; }
.answer li { margin: .15rem 0; }
.layout { display: grid; grid-template-columns: minmax(0, 5fr) minmax(0, 7fr); gap: 1rem; align-items: start; }
@media (max-width: 800px) { .layout { grid-template-columns: 1fr; } }
ol.timeline { position: relative; list-style: none; margin: 0; padding: 0; max-height: 80vh; overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
ol.timeline li { border-bottom: 1px solid var(--line); }
ol.timeline button { all: unset; display: block; width: 100%; padding: .3rem .5rem; cursor: pointer; }
ol.timeline button:focus-visible { outline: 2px solid var(--muted); outline-offset: -2px; }
ol.timeline li.cause { background: var(--cause); }
ol.timeline li.selected { background: var(--hi); }
.seq { display: inline-block; min-width: 2.2em; color: var(--muted); font-variant-numeric: tabular-nums; }
.step { color: var(--muted); font-size: .85em; }
.rules { display: block; font-size: .85em; }
.rules a { color: inherit; }
.player { border: 1px solid var(--line); border-radius: 6px; padding: .5rem; margin-bottom: .75rem; }
.player h3 { margin: 0 0 .25rem; font-size: 1rem; }
.zones { font-size: .9em; margin: .25rem 0; }
.cards { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: .4rem; }
.group { display: flex; gap: .25rem; align-items: flex-start; }
.card { width: 9.5rem; min-height: 6.2rem; border: 1px solid var(--line); border-radius: 6px; background: var(--card); padding: .3rem .4rem; font-size: .8rem; }
.card.tapped { transform: rotate(8deg); opacity: .8; }
.card.attached { width: 8rem; margin-left: -.5rem; }
.card .n { font-weight: 600; }
.card .t { color: var(--muted); }
.card .pt { float: right; font-weight: 600; }
.tag { display: inline-block; border: 1px solid var(--line); border-radius: 4px; padding: 0 .2rem; margin: .1rem .1rem 0 0; font-size: .72rem; }
dl.rules-cited dt { font-weight: 600; margin-top: .5rem; }
dl.rules-cited dd { margin: 0 0 0 1rem; }
pre.diagnostic { white-space: pre-wrap; border: 1px solid var(--bad); border-radius: 6px; padding: .75rem; }
@media print { ol.timeline { max-height: none; overflow: visible; } .layout { grid-template-columns: 1fr; } }
"#;

const SCRIPT: &str = r#"
(function () {
  const data = JSON.parse(document.getElementById('data').textContent);
  const items = Array.from(document.querySelectorAll('ol.timeline li'));
  const boardEl = document.getElementById('board');
  const titleEl = document.getElementById('board-title');
  function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; }
  function card(p) {
    const c = el('div', 'card' + (p.tapped ? ' tapped' : ''));
    c.setAttribute('role', 'img');
    let label = p.name + (p.pt ? ', ' + p.pt : '') + (p.tapped ? ', tapped' : '');
    c.setAttribute('aria-label', label);
    c.dataset.oid = p.oid;
    if (p.pt) c.appendChild(el('span', 'pt', p.pt));
    c.appendChild(el('div', 'n', p.name));
    if (p.cost) c.appendChild(el('div', 't', p.cost));
    c.appendChild(el('div', 't', p.type));
    const tags = [];
    if (p.tapped) tags.push('tapped');
    if (p.damage) tags.push(p.damage + ' damage');
    p.counters.forEach(x => tags.push(x));
    if (p.face_down) tags.push('face down');
    if (p.transformed) tags.push('transformed');
    if (p.token) tags.push('token');
    tags.forEach(t => c.appendChild(el('span', 'tag', t)));
    return c;
  }
  function zone(label, list) {
    const d = el('div', 'zones');
    d.appendChild(el('strong', '', label + ': '));
    d.appendChild(document.createTextNode(list.length ? list.join(', ') : '—'));
    return d;
  }
  function draw(n) {
    const b = data.boards[Math.min(n, data.boards.length - 1)];
    titleEl.textContent = n === 0 ? 'Board at the start' : 'Board after event ' + n;
    boardEl.textContent = '';
    b.players.forEach(p => {
      const s = el('section', 'player');
      s.dataset.player = p.name;
      const h = el('h3', '', p.name);
      s.appendChild(h);
      const facts = el('div', 'zones');
      facts.appendChild(el('span', 'life', 'life ' + p.life));
      facts.appendChild(document.createTextNode(' · poison ' + p.poison + ' · library ' + p.library + (p.lost ? ' · lost the game' : '')));
      s.appendChild(facts);
      s.appendChild(zone('hand', p.hand));
      s.appendChild(zone('graveyard', p.graveyard));
      s.appendChild(zone('exile', p.exile));
      if (p.command.length) s.appendChild(zone('command', p.command));
      const cards = el('div', 'cards');
      const hosts = p.battlefield.filter(x => x.on === null || !p.battlefield.some(y => y.oid === x.on));
      hosts.forEach(x => {
        const g = el('div', 'group');
        g.appendChild(card(x));
        p.battlefield.filter(y => y.on === x.oid).forEach(y => { const c = card(y); c.classList.add('attached'); g.appendChild(c); });
        cards.appendChild(g);
      });
      s.appendChild(cards);
      boardEl.appendChild(s);
    });
    const st = el('section', 'player stack');
    st.appendChild(el('h3', '', 'Stack (top first)'));
    st.appendChild(el('div', 'zones', b.stack.length ? b.stack.join(' · ') : 'empty'));
    boardEl.appendChild(st);
  }
  function select(n, focus) {
    items.forEach(li => li.classList.remove('selected', 'cause'));
    const chain = new Set();
    let c = n > 0 ? data.events[n - 1].cause : null;
    while (c) { chain.add(c); c = data.events[c - 1].cause; }
    items.forEach(li => {
      const s = Number(li.dataset.seq);
      if (s === n) { li.classList.add('selected'); li.querySelector('button').setAttribute('aria-current', 'true'); }
      else { li.querySelector('button').removeAttribute('aria-current'); }
      if (chain.has(s)) li.classList.add('cause');
    });
    draw(n);
    const cur = items.find(li => Number(li.dataset.seq) === n);
    if (cur && focus) cur.querySelector('button').focus();
    if (cur) {
      // Scroll the timeline only, never the page.
      const list = cur.parentElement;
      if (cur.offsetTop < list.scrollTop || cur.offsetTop + cur.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = cur.offsetTop - list.clientHeight / 3;
    }
    if (location.hash !== '#event-' + n) history.replaceState(null, '', '#event-' + n);
  }
  function fromHash() {
    const m = /^#event-(\d+)$/.exec(location.hash);
    return m ? Math.min(Number(m[1]), data.events.length) : null;
  }
  window.addEventListener('hashchange', () => { const n = fromHash(); if (n !== null) select(n, false); });
  items.forEach(li => li.querySelector('button').addEventListener('click', () => select(Number(li.dataset.seq), false)));
  document.querySelector('ol.timeline').addEventListener('keydown', e => {
    const cur = items.findIndex(li => li.classList.contains('selected'));
    let next = null;
    if (e.key === 'ArrowDown' || e.key === 'j') next = Math.min(cur + 1, items.length - 1);
    if (e.key === 'ArrowUp' || e.key === 'k') next = Math.max(cur - 1, 0);
    if (e.key === 'Home') next = 0;
    if (e.key === 'End') next = items.length - 1;
    if (next !== null && items[next]) { e.preventDefault(); select(Number(items[next].dataset.seq), true); }
  });
  const start = fromHash();
  select(start === null ? data.events.length : start, false);
})();
"#;

fn page_start(out: &mut String, title: &str) {
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{} — judge</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        esc(title)
    );
}

/// The page of one run.
#[must_use]
pub fn page(path: &str, s: &Scenario, r: &RunResult, diagnostic: Option<&str>) -> String {
    let g = &r.game;
    let boards: &[Value] = g.snapshots.as_ref().map_or(&[], |x| x.taken.as_slice());
    let mut out = String::new();
    page_start(&mut out, &s.name);
    let _ = write!(out, "<header>\n<h1>{}</h1>\n<p class=\"muted\">{}</p>\n", esc(&s.name), esc(path));
    if let Some(d) = &s.description {
        let _ = writeln!(out, "<p>{}</p>", esc(d.trim()));
    }
    out.push_str("<section class=\"answer\" aria-labelledby=\"answer\">\n<h2 id=\"answer\">Answer</h2>\n");
    if let Some(d) = diagnostic {
        let _ = write!(out, "<p class=\"bad\">The run stopped (exit 2):</p>\n<pre class=\"diagnostic\">{}</pre>\n", esc(d));
    }
    if r.verdicts.is_empty() {
        let _ = writeln!(out, "<p>No expectations: the board after the last event is shown below (turn {}, {} step).</p>", g.turn, esc(g.step.name()));
    } else {
        out.push_str("<ul>\n");
        for v in &r.verdicts {
            let event = v.event.map_or_else(String::new, |e| format!(" (<a href=\"#event-{e}\">event {e}</a>)"));
            if v.ok {
                let _ = writeln!(out, "<li><span class=\"ok\">holds</span> {}: {}{event}</li>", esc(v.what()), esc(v.expected()));
            } else {
                let _ = writeln!(out, "<li><span class=\"bad\">fails</span> {}: expected {}, got {}{event}</li>", esc(v.what()), esc(v.expected()), esc(v.actual()));
            }
        }
        out.push_str("</ul>\n");
    }
    if let Some(o) = outcome_text(g) {
        let _ = writeln!(out, "<p><strong>Game over:</strong> {}</p>", esc(&o));
    }
    out.push_str("</section>\n</header>\n<main>\n<div class=\"layout\">\n<section aria-labelledby=\"timeline\">\n<h2 id=\"timeline\">Timeline</h2>\n");
    out.push_str("<p class=\"muted\">Select an event (or use the arrow keys) to see the board after it; the events it follows from are marked.</p>\n<ol class=\"timeline\">\n");
    let _ = writeln!(out, "<li data-seq=\"0\"><button type=\"button\"><span class=\"seq\">0</span> the scenario's setup</button></li>");
    for ev in &g.trace {
        let rules: Vec<String> = ev
            .rules
            .iter()
            .map(|r| {
                let r = r.as_str();
                let hover = index().get(r).map_or_else(|| r.to_owned(), |e| format!("{r} {}: {}", e.title, e.summary));
                format!("<a href=\"#rule-{r}\" title=\"{}\">{r}</a>", esc(&hover))
            })
            .collect();
        let _ = writeln!(
            out,
            "<li data-seq=\"{}\"><button type=\"button\"><span class=\"seq\">{}</span> {} <span class=\"step\">turn {}, {}</span><span class=\"rules\">{}</span></button></li>",
            ev.seq,
            ev.seq,
            esc(&ev.text().to_string()),
            ev.turn,
            esc(ev.step.name()),
            rules.join(", ")
        );
    }
    out.push_str("</ol>\n</section>\n<section aria-labelledby=\"board-title\">\n<h2 id=\"board-title\">Board</h2>\n<div id=\"board\"></div>\n</section>\n</div>\n");
    out.push_str("<section aria-labelledby=\"rules-cited\">\n<h2 id=\"rules-cited\">Rules cited</h2>\n<dl class=\"rules-cited\">\n");
    let rules = rules_json(g);
    if let Value::Object(m) = &rules {
        let mut keys: Vec<&String> = m.keys().collect();
        keys.sort_by_key(|k| crate::rules::sort_key(k));
        for k in keys {
            let r = &m[k.as_str()];
            let s = |f: &str| r.get(f).and_then(Value::as_str).unwrap_or_default().to_owned();
            let _ = write!(out, "<dt id=\"rule-{}\">{} {}</dt>\n<dd>{}", esc(k), esc(k), esc(&s("title")), esc(&s("summary")));
            let text = s("text");
            if !text.is_empty() {
                let _ = write!(out, "<br><span class=\"muted\">Official text: {}</span>", esc(&text));
            }
            out.push_str("</dd>\n");
        }
    }
    out.push_str("</dl>\n</section>\n</main>\n<footer><p class=\"muted\">Written by judge. Summaries of the rules are the project's own words; the Comprehensive Rules are Wizards of the Coast's.</p></footer>\n");
    let events: Vec<Value> = g.trace.iter().map(|e| json!({"seq": e.seq, "text": e.text().to_string(), "cause": e.cause})).collect();
    let data = json!({"events": events, "boards": boards});
    let _ = write!(out, "<script type=\"application/json\" id=\"data\">{}</script>\n<script>{SCRIPT}</script>\n</body>\n</html>\n", script_json(&data));
    out
}

/// The page of a file that could not be loaded: its diagnostic, never an empty page.
#[must_use]
pub fn error_page(path: &str, diagnostic: &str) -> String {
    let mut out = String::new();
    page_start(&mut out, path);
    let _ = write!(
        out,
        "<header>\n<h1>{}</h1>\n<section class=\"answer\" aria-labelledby=\"answer\">\n<h2 id=\"answer\">Answer</h2>\n<p class=\"bad\">This scenario could not be run (exit 2):</p>\n<pre class=\"diagnostic\">{}</pre>\n</section>\n</header>\n</body>\n</html>\n",
        esc(path),
        esc(diagnostic)
    );
    out
}

/// The index page of several rulings written to a folder: each file's name and outcome.
#[must_use]
pub fn index_page(entries: &[(String, String, &'static str)]) -> String {
    let mut out = String::new();
    page_start(&mut out, "Rulings");
    out.push_str("<header>\n<h1>Rulings</h1>\n</header>\n<main>\n<ul>\n");
    for (file, name, outcome) in entries {
        let class = if *outcome == "pass" { "ok" } else { "bad" };
        let _ = writeln!(out, "<li><a href=\"{}\">{}</a> <span class=\"{class}\">{outcome}</span></li>", esc(file), esc(name));
    }
    out.push_str("</ul>\n</main>\n</body>\n</html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(esc("<b>\"Bolt\" & 'Shock'</b>"), "&lt;b&gt;&quot;Bolt&quot; &amp; &#39;Shock&#39;&lt;/b&gt;");
        let written = script_json(&json!({"t": "</script><!--"}));
        assert_eq!(written, r#"{"t":"\u003c/script>\u003c!--"}"#);
        assert_eq!(serde_json::from_str::<Value>(&written).unwrap(), json!({"t": "</script><!--"}));
    }
}
