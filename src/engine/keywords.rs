//! Keyword abilities that change what damage and destruction do: deathtouch (702.2),
//! lifelink (702.15) and indestructible (702.12). All three are static abilities; none of them
//! uses the stack.

use crate::cards::ir::Keyword;
use crate::cite;
use crate::engine::event::EventKind;
use crate::engine::state::{Game, ObjId, Target};
use crate::engine::Ev;

impl Game {
    /// Whether the permanent has indestructible (702.12).
    #[must_use]
    pub fn indestructible(&self, id: ObjId) -> bool {
        self.has_keyword(id, Keyword::Indestructible)
    }

    /// The results of `n` damage that `source` has just dealt to `to`, besides losing life or
    /// marking damage (120.3): lifelink makes the source's controller gain that much life at
    /// the same time (120.3f, 702.15b); deathtouch damage to a creature is remembered until
    /// state-based actions are next checked (702.2b, 704.5h). A source that has left its zone
    /// is looked at as it last existed (702.2e, 702.15c): its object stays in the arena.
    /// `dealt`: the damage event, which the life gained follows from.
    pub fn damage_results(&mut self, source: ObjId, to: Target, n: i64, dealt: u32) {
        if n <= 0 {
            return;
        }
        if let Target::Object(o) = to
            && self.is_creature(o)
            && self.has_keyword(source, Keyword::Deathtouch)
        {
            self.obj_mut_status(o).deathtouch_damage = true;
            self.deathtouch_marked = true;
        }
        if self.has_keyword(source, Keyword::Lifelink) {
            // Gained as part of the damage event; one life gain per source however many
            // things it damaged at once (120.3f, 702.15b): collected, then `flush_lifelink`.
            match self.lifelink.iter_mut().find(|(s, ..)| *s == source) {
                Some((_, total, _)) => *total += n,
                None => self.lifelink.push((source, n, dealt)),
            }
        }
    }

    /// The life gained through lifelink in the damage event that just happened (702.15b):
    /// one gain per source, as part of that event, seen by "whenever you gain life" (603.2).
    pub fn flush_lifelink(&mut self) {
        for (source, n, dealt) in std::mem::take(&mut self.lifelink) {
            let p = self.controller(source);
            if self.players[p].lost {
                continue;
            }
            self.players[p].life = self.players[p].life.saturating_add(n);
            self.players[p].life_gained_this_turn = self.players[p].life_gained_this_turn.saturating_add(n);
            let ev = Ev::new(EventKind::GainLife, format!("{} gains {n} life: {} has lifelink (the life is gained as the damage is dealt)", self.players[p].name, self.described(source)))
                .player(self, p)
                .source(self, source)
                .amount(n)
                .rules(&cite!(lifelink.gain))
                .because(dealt);
            self.record(ev);
            self.fire(crate::engine::triggers::Happening::GainLife { player: p, amount: n });
        }
    }

    /// A destruction that indestructible stops (702.12b): traced, and nothing happens.
    /// `why` explains the destruction (": lethal damage (…)"), `reason` its rules.
    pub fn indestructible_stops(&mut self, id: ObjId, why: &crate::engine::event::Destruction, reason: &[crate::rules::RuleId]) {
        let ev = Ev::new(EventKind::Choice, format!("{} would be destroyed{why}, but it has indestructible: it isn't destroyed", self.described(id))).object(self, id).rule(cite!(indestructible.not_destroyed)).rules(reason);
        self.record(ev);
    }
}
