//! Putting counters on permanents (122). Removing them in pairs is the state-based action
//! 704.5q (`sba.rs`); counters never follow an object to a new zone (122.2, 400.7): the new
//! object starts without any.

use crate::cards::ir::CounterKind;
use crate::cite;
use crate::engine::event::{article, EventKind, Text};
use crate::engine::decision::{Answer, Decider, Decision, DecisionKind, Stop};
use crate::engine::state::{Game, ObjId, PlayerId, Target};
use crate::engine::Ev;
use crate::rules::RuleId;

impl Game {
    /// Puts `n` counters of `kind` on a permanent (122.1), traced with `rules` besides 122.1 or,
    /// as it enters, 122.6 (entering with counters counts as having them put on it).
    /// `entering`: as it enters the battlefield, for the wording of the trace; `note` ends it.
    pub fn put_counters(&mut self, id: ObjId, kind: &CounterKind, n: u32, rules: &[RuleId], entering: bool, note: &str) {
        if n == 0 {
            return;
        }
        self.obj_mut(id).counters.add(kind, n);
        let text = match kind.rules_name() {
            Some(kind) if note.is_empty() => Text::CountersPut { kind, entering },
            _ => {
                let counters = if n == 1 { format!("{} {} counter", article(kind.name()), kind.name()) } else { format!("{n} {} counters", kind.name()) };
                let text = if entering { format!("{} enters with {counters} on it{note}", self.described(id)) } else { format!("{counters} {} put on {}{note}", if n == 1 { "is" } else { "are" }, self.described(id)) };
                Text::Words(text)
            }
        };
        // Entering with counters counts as having them put on it (122.6); otherwise 122.1
        // unless the kind's own subrule (122.1a for +1/+1) is already among `rules`.
        let ev = Ev::new(EventKind::PutCounters, text).object(self, id).amount(i64::from(n)).rules(rules);
        let ev = if entering {
            ev.rule(cite!(counters.enters_with))
        } else if rules.iter().any(|r| r.as_str().starts_with("122.1")) {
            ev
        } else {
            ev.rule(cite!(counters.put))
        };
        self.record(ev);
        if *kind == CounterKind::Lore {
            // 714.2b: chapter abilities look at the number before and after.
            let after = self.obj(id).counters.get(kind);
            self.fire(crate::engine::triggers::Happening::LoreCountersPut { object: id, before: after.saturating_sub(n), after });
        } else {
            self.fire(crate::engine::triggers::Happening::CountersPut { object: id, plus: crate::engine::triggers::counter_sign(kind), n });
        }
    }

    /// Removes up to `n` counters of `kind` from an object (122), traced with `rules`;
    /// `note` ends the trace line. Returns how many were removed.
    pub fn remove_counters(&mut self, id: ObjId, kind: &CounterKind, n: u32, rules: &[RuleId], note: &str) -> u32 {
        let took = self.obj_mut(id).counters.remove(kind, n);
        if took == 0 {
            return 0;
        }
        let counters = if took == 1 { format!("{} {} counter is", article(kind.name()), kind.name()) } else { format!("{took} {} counters are", kind.name()) };
        let ev = Ev::new(EventKind::RemoveCounters, format!("{counters} removed from {}{note}", self.described(id))).object(self, id).amount(i64::from(took)).rules(rules);
        self.record(ev);
        // 702.63a: "when the last time counter is removed" looks at this removal.
        if kind.name() == "time" && self.obj(id).counters.get(kind) == 0 {
            self.fire(crate::engine::triggers::Happening::LastTimeCounterRemoved(id));
        }
        took
    }
}

impl Game {
    /// Proliferate (701.34a): `p` chooses any number of permanents and players that have
    /// counters (a decision), and each chosen one gets one more counter of each kind it
    /// already has. Players' counters are their poison (122.1f) and energy (107.14) counters.
    ///
    /// # Errors
    /// When the choice is not scripted.
    pub fn proliferate(&mut self, p: PlayerId, dec: &mut dyn Decider) -> Result<(), Stop> {
        let mut options: Vec<Target> = self.battlefield.iter().copied().filter(|&id| !self.obj(id).counters.is_empty()).map(Target::Object).collect();
        options.extend((0..self.players.len()).filter(|&q| !self.players[q].lost && (self.players[q].poison > 0 || self.players[q].energy > 0)).map(Target::Player));
        let max = options.len();
        let d = Decision {
            player: p,
            kind: DecisionKind::PickRange { options, min: 0, max, found: Vec::new() },
            rule: cite!(proliferate.choice),
            what: "proliferate: any number of permanents and players with counters".to_owned(),
        };
        let Answer::Pick(chosen) = self.decide(dec, &d)? else { return Ok(()) };
        for t in chosen {
            match t {
                Target::Object(id) => {
                    let kinds: Vec<CounterKind> = self.obj(id).counters.kinds().map(|(k, _)| k).collect();
                    for k in kinds {
                        let mut rules = vec![cite!(proliferate.counter)];
                        rules.extend(meaning(&k));
                        self.put_counters(id, &k, 1, &rules, false, " (proliferate)");
                    }
                }
                Target::Player(q) => {
                    if self.players[q].poison > 0 {
                        self.players[q].poison = self.players[q].poison.saturating_add(1);
                        let ev = Ev::new(EventKind::PutCounters, crate::engine::event::Text::PlayerDoes("gets a poison counter (proliferate)")).player(self, q).amount(1).rules(&cite!(proliferate.poison));
                        self.record(ev);
                    }
                    if self.players[q].energy > 0 {
                        self.players[q].energy = self.players[q].energy.saturating_add(1);
                        let ev = Ev::new(EventKind::PutCounters, crate::engine::event::Text::PlayerDoes("gets an energy counter (proliferate)")).player(self, q).amount(1).rules(&cite!(proliferate.energy));
                        self.record(ev);
                    }
                }
                Target::Ability(_) => {}
            }
        }
        Ok(())
    }

    /// Untaps a tapped permanent (`rule`: the rule or instruction that untaps it) — unless it
    /// has a stun counter: then one stun counter is removed from it instead (122.1d, a
    /// replacement effect, 614.1a). Returns whether it became untapped.
    pub fn untap_permanent(&mut self, id: ObjId, rule: RuleId, what: &'static str) -> bool {
        if self.obj(id).counters.get(&CounterKind::Stun) > 0 {
            self.remove_counters(id, &CounterKind::Stun, 1, &cite!(counters.stun_replaces_untap), " instead of its untapping");
            return false;
        }
        let was_tapped = self.obj(id).tapped;
        self.obj_mut_status(id).tapped = false;
        self.tapped_prefix.set(0);
        let ev = Ev::new(EventKind::Untap, crate::engine::event::Text::ObjectDoes(what)).object(self, id).rule(rule);
        self.record(ev);
        if was_tapped {
            self.fire(crate::engine::triggers::Happening::BecomesUntapped(id));
        }
        true
    }
}

/// The rule that gives counters of `kind` their meaning (122.1a, 122.1d, 122.1e), if any.
#[must_use]
pub fn meaning(kind: &CounterKind) -> Option<RuleId> {
    match kind {
        CounterKind::PlusOne | CounterKind::MinusOne => Some(cite!(counters.pt_counter)),
        CounterKind::Stun => Some(cite!(counters.stun)),
        CounterKind::Shield => Some(cite!(counters.shield)),
        CounterKind::Loyalty => Some(cite!(counters.loyalty)),
        CounterKind::Lore => Some(cite!(saga.lore_counters)),
        CounterKind::Finality => Some(cite!(counters.finality)),
        // 711.2: what a leveler's level symbols count.
        CounterKind::Named(n) if n == "level" => Some(cite!(counters.level)),
        CounterKind::Named(_) => None,
    }
}
