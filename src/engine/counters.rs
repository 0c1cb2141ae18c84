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
    pub fn put_counters(&mut self, id: ObjId, kind: CounterKind, n: u32, rules: &[RuleId], how: &str) {
        if n == 0 {
            return;
        }
        let c = &mut self.obj_mut(id).counters;
        match kind {
            CounterKind::PlusOne => c.plus += n,
            CounterKind::MinusOne => c.minus += n,
        }
        let s = if n == 1 { "" } else { "s" };
        let ev = Ev::new(EventKind::PutCounters, format!("{} {how} {n} {} counter{s} on it", self.describe(id), kind.name()))
            .object(self, id)
            .amount(i64::from(n))
            .rules(rules)
            .rule(cr!("122.6"));
        self.record(ev);
    }
}
