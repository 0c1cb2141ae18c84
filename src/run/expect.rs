//! Checking expectations (`expect:` and `check:`) against the game.

use crate::cards::ir::Color;
use crate::diag::Span;
use crate::engine::state::{Game, ObjId, Outcome, Zone};
use crate::rules::rule_within;
use crate::run::refs;
use crate::scenario::model::{At, Expect, ZoneExpect};

/// One checked expectation: what is checked, what was expected and what the game has, written
/// once into one string ([`Verdict::what`], [`Verdict::expected`], [`Verdict::actual`]).
#[derive(Clone, Debug)]
pub struct Verdict {
    text: String,
    /// Where `what` ends and `expected` ends in `text`.
    ends: (usize, usize),
    pub ok: bool,
    pub span: Span,
    pub line: u32,
    pub column: u32,
    /// The event that decided it: the last change to the player or card it is about, or the
    /// event an `events:` entry matched (its causes are the rules that decided the outcome).
    pub event: Option<u32>,
}

impl Verdict {
    pub fn new(what: impl std::fmt::Display, expected: impl std::fmt::Display, actual: impl std::fmt::Display, ok: bool, span: Span) -> Verdict {
        use std::fmt::Write;
        // Most verdicts fit: one allocation, not one per part.
        let mut text = String::with_capacity(64);
        let _ = write!(text, "{what}");
        let what_end = text.len();
        let _ = write!(text, "{expected}");
        let expected_end = text.len();
        let _ = write!(text, "{actual}");
        Verdict { text, ends: (what_end, expected_end), ok, span, line: span.line, column: span.col, event: None }
    }

    /// What is checked: "Bob's life".
    #[must_use]
    pub fn what(&self) -> &str {
        &self.text[..self.ends.0]
    }

    #[must_use]
    pub fn expected(&self) -> &str {
        &self.text[self.ends.0..self.ends.1]
    }

    #[must_use]
    pub fn actual(&self) -> &str {
        &self.text[self.ends.1..]
    }
}

impl serde::Serialize for Verdict {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut m = s.serialize_struct("Verdict", 7)?;
        m.serialize_field("what", self.what())?;
        m.serialize_field("expected", self.expected())?;
        m.serialize_field("actual", self.actual())?;
        m.serialize_field("ok", &self.ok)?;
        m.serialize_field("line", &self.line)?;
        m.serialize_field("column", &self.column)?;
        if let Some(e) = self.event {
            m.serialize_field("event", &e)?;
        } else {
            m.skip_field("event")?;
        }
        m.end()
    }
}

fn cmp<T: PartialEq + std::fmt::Display>(out: &mut Vec<Verdict>, what: std::fmt::Arguments<'_>, exp: &At<T>, actual: T) {
    let ok = exp.value == actual;
    out.push(Verdict::new(what, &exp.value, actual, ok, exp.span));
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// A list as "[a, b]", written when the verdict is.
struct Show<'a, S>(&'a [S]);

impl<S: AsRef<str>> std::fmt::Display for Show<'_, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[")?;
        for (i, x) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(x.as_ref())?;
        }
        f.write_str("]")
    }
}

/// An `events:` entry's fields as "kind: damage, amount: 3".
struct Fields<'a>(&'a [(String, String)]);

impl std::fmt::Display for Fields<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, (k, v)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{k}: {v}")?;
        }
        Ok(())
    }
}

fn show<S: AsRef<str>>(v: &[S]) -> Show<'_, S> {
    Show(v)
}

/// Checks `e` against the game now.
#[must_use]
pub fn evaluate(g: &Game, e: &Expect) -> Vec<Verdict> {
    let mut out = Vec::new();
    for (r, pe) in &e.players {
        let Ok(p) = refs::player(g, r) else {
            out.push(Verdict::new(format_args!("player {}", r.text), "a player of the game", "no such player", false, r.span));
            continue;
        };
        let pl = &g.players[p];
        let name = &pl.name;
        let from = out.len();
        if let Some(x) = &pe.life {
            cmp(&mut out, format_args!("{name}'s life"), x, pl.life);
        }
        if let Some(x) = &pe.poison {
            cmp(&mut out, format_args!("{name}'s poison counters"), x, pl.poison);
        }
        if let Some(x) = &pe.monarch {
            cmp(&mut out, format_args!("{name} is the monarch"), x, g.monarch == Some(p));
        }
        if let Some(x) = &pe.speed {
            cmp(&mut out, format_args!("{name}'s speed"), x, pl.speed.unwrap_or(0));
        }
        if let Some(x) = &pe.city_blessing {
            cmp(&mut out, format_args!("{name} has the city's blessing"), x, g.players[p].city_blessing);
        }
        if let Some(x) = &pe.energy {
            cmp(&mut out, format_args!("{name}'s energy counters"), x, pl.energy);
        }
        if let Some(x) = &pe.lost {
            cmp(&mut out, format_args!("{name} lost"), x, pl.lost);
        }
        for (zone, x) in &pe.zones {
            let ids: std::borrow::Cow<'_, [ObjId]> = match *zone {
                "battlefield" => g.permanents_of(p).collect(),
                "library" => (&pl.library[..]).into(),
                "hand" => (&pl.hand[..]).into(),
                "graveyard" => (&pl.graveyard[..]).into(),
                "command" => (&pl.command[..]).into(),
                _ => (&pl.exile[..]).into(),
            };
            // A card with faces is listed by the name it has there (712.8a, 709.4), or by its
            // full name when the expectation writes that.
            match &x.value {
                ZoneExpect::Count(n) => out.push(Verdict::new(format_args!("{name}'s {zone} (count)"), n, ids.len(), *n == ids.len(), x.span)),
                ZoneExpect::Names(want) => {
                    let wanted = |full: &str| want.iter().any(|n| n == full);
                    let mut a: Vec<&str> = ids.iter().map(|&id| if wanted(g.obj(id).card.name()) { g.obj(id).card.name() } else { g.card(id).name() }).collect();
                    let mut w: Vec<&str> = want.iter().map(String::as_str).collect();
                    a.sort_unstable();
                    w.sort_unstable();
                    let ok = w == a;
                    out.push(Verdict::new(format_args!("{name}'s {zone}"), show(&w), show(&a), ok, x.span));
                }
            }
        }
        let decided = g.causes.player(p);
        out[from..].iter_mut().for_each(|v| v.event = decided);
    }
    for (r, oe) in &e.objects {
        let id = match refs::object(g, r, refs::Place::Anywhere) {
            Ok(id) => id,
            Err(_) => match refs::label(g, &r.text) {
                Some(id) => id,
                None => {
                    out.push(Verdict::new(format_args!("object {}", r.text), "exactly one such object", "none or several (use an `id:` label)", false, r.span));
                    continue;
                }
            },
        };
        let o = g.obj(id);
        let on = o.zone == Zone::Battlefield;
        let who = r.text.to_string();
        let from = out.len();
        if let Some(x) = &oe.zone {
            out.push(Verdict::new(format_args!("{who}: zone"), &x.value, o.zone.name(), x.value == o.zone.name(), x.span));
        }
        if let Some(x) = &oe.controller {
            let c = &g.players[g.controller(o.id)].name;
            out.push(Verdict::new(format_args!("{who}: controller"), &x.value, c, *x.value == **c, x.span));
        }
        if let Some(x) = &oe.owner {
            let c = &g.players[o.owner].name;
            out.push(Verdict::new(format_args!("{who}: owner"), &x.value, c, *x.value == **c, x.span));
        }
        if let Some(x) = &oe.name {
            let name = g.card(id).name();
            out.push(Verdict::new(format_args!("{who}: name"), &x.value, name, x.value == name, x.span));
        }
        if let Some(x) = &oe.tapped {
            cmp(&mut out, format_args!("{who}: tapped"), x, o.tapped);
        }
        if let Some(x) = &oe.sick {
            cmp(&mut out, format_args!("{who}: sick"), x, g.is_sick(o.id));
        }
        if let Some(x) = &oe.transformed {
            // 701.27g: a double-faced permanent on the battlefield with its back face up.
            let back = on && o.face == Some(1) && o.card.layout().is_some_and(crate::cards::def::Layout::double_faced);
            cmp(&mut out, format_args!("{who}: transformed"), x, back);
        }
        if let Some(x) = &oe.unlocked {
            // 709.5c: the halves with their unlocked designation, by name.
            let mut doors: Vec<String> = (0..2).filter(|d| o.unlocked & (1 << d) != 0).filter_map(|d| o.card.faces().get(d).map(|f| f.name().to_owned())).collect();
            let mut want = x.value.clone();
            doors.sort();
            want.sort();
            let same = doors.len() == want.len() && doors.iter().zip(&want).all(|(a, b)| a.eq_ignore_ascii_case(b));
            out.push(Verdict::new(format_args!("{who}: unlocked"), show(&x.value), show(&doors), same, x.span));
        }
        if let Some(x) = &oe.cards {
            // 712.4a: a melded permanent is represented by two cards; a token by none.
            // Each card by the name of its front face (712.8a), a split card by its full name.
            let front = |c: &crate::engine::layers::Printed| match (c.layout(), c.faces().first()) {
                (Some(l), Some(f)) if l != crate::cards::def::Layout::Split => f.name().to_owned(),
                _ => c.name().to_owned(),
            };
            let mut have: Vec<String> = if o.card.token() { Vec::new() } else { std::iter::once(front(&o.card)).chain(o.melded.iter().map(|m| front(&m.card))).collect() };
            let mut want = x.value.clone();
            have.sort();
            want.sort();
            let same = have.len() == want.len() && have.iter().zip(&want).all(|(a, b)| a.eq_ignore_ascii_case(b));
            out.push(Verdict::new(format_args!("{who}: cards"), show(&x.value), show(&have), same, x.span));
        }
        if let Some(x) = &oe.mana_value {
            cmp(&mut out, format_args!("{who}: mana_value"), x, i64::from(g.mana_value(id)));
        }
        if let Some(x) = &oe.face_down {
            cmp(&mut out, format_args!("{who}: face_down"), x, o.face_down);
        }
        if let Some(x) = &oe.attached_to {
            let actual = o.attached_to.filter(|_| on).map_or_else(|| "nothing".to_owned(), |h| g.label(h).map_or_else(|| g.card(h).name().to_owned(), str::to_owned));
            let hit = match o.attached_to.filter(|_| on) {
                None => x.value == "nothing",
                Some(h) => g.label(h) == Some(x.value.as_str()) || g.card(h).name().eq_ignore_ascii_case(&x.value),
            };
            out.push(Verdict::new(format_args!("{who}: attached to"), x.value.clone(), actual, hit, x.span));
        }
        // Off the battlefield: as it last existed there, or its printed values.
        let (pw, th) = g.power_toughness(id);
        if let Some(x) = &oe.power {
            cmp(&mut out, format_args!("{who}: power"), x, i64::from(pw));
        }
        if let Some(x) = &oe.toughness {
            cmp(&mut out, format_args!("{who}: toughness"), x, i64::from(th));
        }
        if let Some(x) = &oe.damage {
            cmp(&mut out, format_args!("{who}: damage"), x, i64::from(o.damage));
        }
        if let Some(x) = &oe.loyalty {
            cmp(&mut out, format_args!("{who}: loyalty"), x, i64::from(o.counters.loyalty));
        }
        for (kind, x) in &oe.counters {
            let n = o.counters.kinds().find(|(k, _)| k.name() == kind.as_str()).map_or(0, |(_, n)| n);
            cmp(&mut out, format_args!("{who}: {kind} counters"), x, n);
        }
        let set = |x: &At<Vec<String>>, actual: Vec<String>, what: &str, out: &mut Vec<Verdict>| {
            let w = sorted(x.value.iter().map(|s| s.to_lowercase()).collect());
            let a = sorted(actual.iter().map(|s| s.to_lowercase()).collect());
            out.push(Verdict::new(format_args!("{who}: {what}"), show(&w), show(&a), w == a, x.span));
        };
        if let Some(x) = &oe.types {
            set(x, g.types(id).iter().map(|t| t.name().to_owned()).collect(), "types", &mut out);
        }
        if let Some(x) = &oe.subtypes {
            set(x, g.subtypes(id).to_vec(), "subtypes", &mut out);
        }
        if let Some(x) = &oe.supertypes {
            set(x, g.supertypes(id).to_vec(), "supertypes", &mut out);
        }
        if let Some(x) = &oe.colors {
            set(x, g.colors(id).iter().map(|c: &Color| c.name().to_owned()).collect(), "colors", &mut out);
        }
        if oe.keywords.is_some() || oe.keywords_absent.is_some() {
            let mut have: Vec<String> = Vec::new();
            for (_, a) in g.abilities(id) {
                if let crate::cards::ir::Ability::Keyword(k) = a
                    && !have.contains(&k.label())
                {
                    have.push(k.label());
                }
            }
            // "protection from black", printed or granted (702.16).
            have.extend(g.protections(id).into_iter().map(|q| format!("protection from {}", crate::engine::casting::quality_words(q))));
            if let Some(x) = &oe.keywords {
                let missing: Vec<String> = x.value.iter().filter(|k| !have.iter().any(|h| h.eq_ignore_ascii_case(k))).cloned().collect();
                out.push(Verdict::new(format_args!("{who}: keywords include"), show(&x.value), show(&have), missing.is_empty(), x.span));
            }
            if let Some(x) = &oe.keywords_absent {
                let present: Vec<String> = x.value.iter().filter(|k| have.iter().any(|h| h.eq_ignore_ascii_case(k))).cloned().collect();
                out.push(Verdict::new(format_args!("{who}: keywords exclude"), format!("none of {}", show(&x.value)), format!("has {}", show(&present)), present.is_empty(), x.span));
            }
        }
        let decided = g.causes.card(g.obj(id).card_id);
        out[from..].iter_mut().for_each(|v| v.event = decided);
    }
    if let Some(x) = &e.stack {
        let actual = g.stack_names();
        out.push(Verdict::new("the stack (top first)", show(&x.value), show(&actual), x.value == actual, x.span));
    }
    if let Some(r) = &e.winner {
        let actual = match &g.outcome {
            Some(Outcome::Winner(p)) => g.players[*p].name.to_string(),
            Some(Outcome::Draw) => "a draw".to_owned(),
            None => "the game is not over".to_owned(),
        };
        out.push(Verdict::new("winner", &r.text, &actual, actual == r.text, r.span));
    }
    if let Some(x) = &e.draw {
        let actual = g.outcome == Some(Outcome::Draw);
        cmp(&mut out, format_args!("the game is a draw"), x, actual);
    }
    let cited = |rule: &str| g.trace.iter().any(|ev| ev.rules.iter().any(|r| rule_within(r.as_str(), rule)));
    for r in &e.rules {
        let ok = cited(&r.value);
        out.push(Verdict::new(format_args!("rule {} cited", r.value), "cited", if ok { "cited" } else { "not cited" }, ok, r.span));
    }
    for r in &e.rules_absent {
        let ok = !cited(&r.value);
        out.push(Verdict::new(format_args!("rule {} not cited", r.value), "not cited", if ok { "not cited" } else { "cited" }, ok, r.span));
    }
    for rj in &e.rejected {
        let hit = g.rejections.iter().find(|x| x.action == rj.action);
        let actual = hit.map_or_else(|| "not rejected".to_owned(), |x| format!("rejected ({})", x.rules.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")));
        let ok = hit.is_some_and(|x| rj.rule.as_deref().is_none_or(|want| x.rules.iter().any(|r| r.is_within(want))));
        let expected = match &rj.rule {
            Some(r) => format!("rejected citing {r}"),
            None => "rejected".to_owned(),
        };
        out.push(Verdict::new(format_args!("action {} rejected", rj.action), expected, actual, ok, rj.span));
    }
    if !e.events.is_empty() {
        let mut pos = 0;
        for ev in &e.events {
            let found = g.trace[pos..].iter().position(|t| t.matches(&ev.fields));
            let want = Fields(&ev.fields);
            match found {
                Some(i) => {
                    let seq = g.trace[pos + i].seq;
                    pos += i + 1;
                    let mut v = Verdict::new("event in order", format_args!("{{{want}}}"), format_args!("event #{seq}"), true, ev.span);
                    v.event = Some(seq);
                    out.push(v);
                }
                None => {
                    // The closest events after the previous match: of the kind asked for when
                    // there is one, ranked by how many fields they match.
                    let kind = ev.fields.iter().find(|(k, _)| k == "kind").map(|(_, v)| v.as_str());
                    let mut near: Vec<&crate::engine::event::Event> = g.trace[pos..].iter().filter(|t| kind.is_none_or(|k| t.kind.name() == k)).collect();
                    if near.is_empty() {
                        near = g.trace[pos..].iter().collect();
                    }
                    near.sort_by_key(|t| std::cmp::Reverse(t.matching(&ev.fields)));
                    let shown: Vec<String> = near.iter().take(3).map(|t| t.fields_text()).collect();
                    let actual = if shown.is_empty() { "no such event after the previous match (no events follow it)".to_owned() } else { format!("no such event after the previous match; the closest: {}", shown.join("; ")) };
                    out.push(Verdict::new("event in order", format_args!("{{{want}}}"), actual, false, ev.span));
                }
            }
        }
    }
    out
}

/// A rejection the scenario did not expect is a failure (contract: `expect.rejected`).
#[must_use]
/// It is placed at the action that was rejected.
pub fn unexpected_rejections(g: &Game, e: Option<&Expect>, actions: &[crate::scenario::model::Action]) -> Vec<Verdict> {
    g.rejections
        .iter()
        .filter(|r| !e.is_some_and(|e| e.rejected.iter().any(|x| x.action == r.action)))
        .map(|r| {
            let rules = r.rules.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
            let span = actions.iter().find(|a| a.index == r.action).map_or_else(Span::default, |a| a.span);
            Verdict::new(format_args!("action {} was rejected ({rules}): {}", r.action, r.reason), "no rejection", "rejected", false, span)
        })
        .collect()
}
