//! Continuous effects (611): those of resolving spells and abilities, with the set of objects
//! they affect locked in as they begin (611.2c) and their durations (611.2a); those of static
//! abilities apply to whatever matches at each moment (611.3a) and are not stored at all —
//! the layer system (`layers`) reads them from the permanents that have them.

use crate::cards::ir::{Ability, Change};
use crate::engine::event::EventKind;
use crate::engine::layers::{describe_change, describe_subject};
use crate::engine::state::{Continuous, Game, ObjId, PlayerId};
use crate::engine::Ev;
use crate::rules::RuleId;

impl Game {
    /// Starts a continuous effect of a resolving spell or ability (611.2a) on `objects`, with
    /// a new timestamp (613.7b). Recording the event is the caller's.
    pub fn add_effect(&mut self, source: ObjId, controller: PlayerId, objects: Vec<ObjId>, change: Change, until_end_of_turn: bool) {
        let timestamp = self.timestamp();
        self.effects.push(Continuous { timestamp, source, controller, objects, change, until_end_of_turn });
        self.touch();
    }

    /// Starts the parts of one continuous effect of a resolving spell or ability, sharing one
    /// timestamp (613.7b), on the set of objects locked in now (611.2c), and traces it.
    pub fn add_effects(&mut self, source: ObjId, controller: PlayerId, ids: &[ObjId], changes: &[Change], until_end_of_turn: bool) {
        let timestamp = self.timestamp();
        let before: Vec<PlayerId> = ids.iter().map(|&o| self.controller(o)).collect();
        for c in changes {
            self.effects.push(Continuous { timestamp, source, controller, objects: ids.to_vec(), change: c.clone(), until_end_of_turn });
        }
        self.touch();
        let names: Vec<String> = ids.iter().map(|&o| self.describe(o)).collect();
        let what: Vec<String> = changes.iter().filter(|c| **c != Change::GainControl).map(describe_change).collect();
        let how = if until_end_of_turn { " until end of turn" } else { "" };
        let mut rules = vec![crate::cr!("611.2a"), crate::cr!("611.2c")];
        for c in changes {
            let r = crate::engine::layers::Layer::of(c).rule();
            if !rules.contains(&r) {
                rules.push(r);
            }
        }
        if changes.contains(&Change::GainControl) {
            for (&o, was) in ids.iter().zip(before) {
                let now = self.controller(o);
                let text = if now == was {
                    format!("{} gains control of {}{how} (it already controls it)", self.players[controller].name, self.describe(o))
                } else {
                    format!("{} gains control of {}{how}", self.players[controller].name, self.describe(o))
                };
                let ev = Ev::new(EventKind::ControlChange, text).object(self, o).player(self, controller).source(self, source).rules(&rules);
                self.record(ev);
            }
        }
        if !what.is_empty() {
            let ev = Ev::new(EventKind::Grant, format!("{}: {}{how}", names.join(", "), what.join(", "))).object(self, ids[0]).source(self, source).rules(&rules);
            self.record(ev);
        }
    }

    /// Ends the effects that last until end of turn (514.2), with an event for each object
    /// whose characteristics or control they changed.
    pub fn end_turn_effects(&mut self) {
        if !self.effects.iter().any(|e| e.until_end_of_turn) {
            return;
        }
        let ending: Vec<Continuous> = self.effects.iter().filter(|e| e.until_end_of_turn).cloned().collect();
        let before: Vec<(ObjId, PlayerId)> = ending.iter().flat_map(|e| e.objects.iter().copied()).filter(|&o| self.on_battlefield(o)).map(|o| (o, self.controller(o))).collect();
        self.effects.retain(|e| !e.until_end_of_turn);
        self.touch();
        let mut seen = Vec::new();
        for e in &ending {
            for &o in &e.objects {
                if !self.on_battlefield(o) || seen.contains(&o) {
                    continue;
                }
                seen.push(o);
                let ev = Ev::new(EventKind::EffectEnds, format!("an \"until end of turn\" effect on {} ends", self.describe(o))).object(self, o).rule(crate::cr!("514.2"));
                self.record(ev);
            }
        }
        for (o, was) in before {
            let now = self.controller(o);
            if now != was {
                let ev = Ev::new(EventKind::ControlChange, format!("{} returns to {}'s control", self.describe(o), self.players[now].name)).object(self, o).player(self, now).rules(&[crate::cr!("514.2"), crate::cr!("613.1b")]);
                self.record(ev);
            }
        }
    }

    /// Traces the static abilities of a permanent that generate continuous effects as it
    /// enters (611.3a–c) or leaves (611.3b) the battlefield.
    pub fn trace_statics(&mut self, id: ObjId, entering: bool) {
        let lines: Vec<String> = self
            .obj(id)
            .card
            .abilities
            .iter()
            .filter_map(|a| match a {
                Ability::Static(s) => Some(format!("{}: {}", describe_subject(&s.subject), s.changes.iter().map(describe_change).collect::<Vec<_>>().join(", "))),
                _ => None,
            })
            .collect();
        for line in lines {
            let (kind, text, rules): (EventKind, String, &[RuleId]) = if entering {
                (EventKind::EffectBegins, format!("{}'s static ability applies ({line})", self.describe(id)), &[crate::cr!("611.3a"), crate::cr!("611.3c")])
            } else {
                (EventKind::EffectEnds, format!("{}'s static ability stops applying ({line})", self.describe(id)), &[crate::cr!("611.3b")])
            };
            let ev = Ev::new(kind, text).object(self, id).rules(rules);
            self.record(ev);
        }
    }
}
