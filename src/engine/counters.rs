//! Putting counters on permanents (122). Removing them in pairs is the state-based action
//! 704.5q (`sba.rs`); counters never follow an object to a new zone (122.2, 400.7): the new
//! object starts without any.

use crate::cards::ir::CounterKind;
use crate::cr;
use crate::engine::event::EventKind;
use crate::engine::state::{Game, ObjId};
use crate::engine::Ev;
use crate::rules::RuleId;

impl Game {
    /// Puts `n` counters of `kind` on a permanent (122.6), traced with `rules` besides 122.6.
    /// `entering`: as it enters the battlefield, for the wording of the trace; `note` ends it.
    pub fn put_counters(&mut self, id: ObjId, kind: CounterKind, n: u32, rules: &[RuleId], entering: bool, note: &str) {
        if n == 0 {
            return;
        }
        let c = &mut self.obj_mut(id).counters;
        match kind {
            CounterKind::PlusOne => c.plus += n,
            CounterKind::MinusOne => c.minus += n,
        }
        let counters = if n == 1 { format!("a {} counter", kind.name()) } else { format!("{n} {} counters", kind.name()) };
        let text = if entering { format!("{} enters with {counters} on it{note}", self.describe(id)) } else { format!("{counters} {} put on {}{note}", if n == 1 { "is" } else { "are" }, self.describe(id)) };
        let ev = Ev::new(EventKind::PutCounters, text)
            .object(self, id)
            .amount(i64::from(n))
            .rules(rules)
            .rule(cr!("122.6"));
        self.record(ev);
    }
}
