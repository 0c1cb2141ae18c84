//! Invariants of the game state, checked after every event when asked (`judge run
//! --check-invariants`, `judge play`, and every run of a debug build, so every scenario test
//! checks them). A violation is an engine bug: it is reported with the event number.
//!
//! - every live object is in exactly one place, the one its `zone` says: the battlefield list,
//!   the stack, or its owner's library, hand, graveyard, exile or command zone (400.1);
//! - every id in those places is a live object of that zone;
//! - a physical card is part of at most one live object (400.7: a zone change makes a new
//!   object and the old one is gone; a melded permanent is one object of two cards, 712.4a);
//! - a player who has lost doesn't pass priority: they don't get it (800.4a, 104.3).

use crate::engine::state::{Game, ObjId, StackItem, Zone};

impl Game {
    /// What is wrong with the state now; empty when every invariant holds.
    #[must_use]
    pub fn invariant_problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let owned_zones = [Zone::Library, Zone::Hand, Zone::Graveyard, Zone::Exile, Zone::Command];
        // Where each object is listed: (owner's list of its own zone, any other list) counts.
        let mut listed_in = vec![(0u32, 0u32); self.objects.len()];
        // Automatic payment skips the permanents this hint says are tapped.
        if let Some(id) = self.battlefield.iter().take(self.tapped_prefix.get()).find(|&&id| !self.obj(id).tapped) {
            out.push(format!("{} is untapped, but among the first {} permanents, which the payment hint says are tapped", self.describe(*id), self.tapped_prefix.get()));
        }
        for id in &self.battlefield {
            if let Some(c) = listed_in.get_mut(id.0 as usize) {
                if self.obj(*id).zone == Zone::Battlefield { c.0 += 1 } else { c.1 += 1 }
            }
        }
        for s in &self.stack {
            if let StackItem::Spell(id) = s
                && let Some(c) = listed_in.get_mut(id.0 as usize)
            {
                if self.obj(*id).zone == Zone::Stack { c.0 += 1 } else { c.1 += 1 }
            }
        }
        for p in 0..self.players.len() {
            for z in owned_zones {
                for id in self.zone_list(p, z) {
                    if let Some(c) = listed_in.get_mut(id.0 as usize) {
                        let o = self.obj(*id);
                        if o.zone == z && o.owner == p { c.0 += 1 } else { c.1 += 1 }
                    }
                }
            }
        }
        let mut seen_card = vec![None::<ObjId>; self.cards.len()];
        for o in self.objects.iter().filter(|o| o.live) {
            let (places, elsewhere) = listed_in[o.id.0 as usize];
            let places = if o.zone == Zone::Nowhere { 1 } else { places };
            if places != 1 || elsewhere != 0 {
                out.push(format!("{} (object {}) is in {} {places} time(s) and in {elsewhere} other list(s)", self.described(o.id), o.id.0, o.zone.name()));
            }
            if o.zone != Zone::Nowhere
                && let Some(slot) = seen_card.get_mut(o.card_id.0 as usize)
            {
                if let Some(other) = slot {
                    out.push(format!("card {} is two live objects at once: {} and {}", o.card_id.0, other.0, o.id.0));
                }
                *slot = Some(o.id);
            }
            // 712.4a: the second card of a melded permanent is part of that object only.
            if let Some(m) = &o.melded
                && let Some(slot) = seen_card.get_mut(m.card_id.0 as usize)
            {
                if let Some(other) = slot {
                    out.push(format!("card {} is two live objects at once: {} and {} (melded)", m.card_id.0, other.0, o.id.0));
                }
                *slot = Some(o.id);
            }
        }
        let listed = self.battlefield.iter().map(|&id| (id, Zone::Battlefield)).chain(self.stack.iter().filter_map(|s| if let StackItem::Spell(x) = s { Some((*x, Zone::Stack)) } else { None }));
        let owned = (0..self.players.len()).flat_map(|p| owned_zones.iter().flat_map(move |&z| self.zone_list(p, z).iter().map(move |&id| (id, z))));
        for (id, z) in listed.chain(owned) {
            let Some(o) = self.objects.get(id.0 as usize) else {
                out.push(format!("the {} lists object {}, which doesn't exist", z.name(), id.0));
                continue;
            };
            if !o.live || o.zone != z {
                out.push(format!("the {} lists {} (object {}), which is {} in the {}", z.name(), self.described(id), id.0, if o.live { "live" } else { "gone" }, o.zone.name()));
            }
        }
        out
    }

    /// Checks the invariants after event `seq` (of kind `kind`) when checking is on, keeping
    /// what fails.
    pub(crate) fn check_invariants(&mut self, seq: u32, kind: Option<crate::engine::event::EventKind>) {
        if self.violations.is_none() {
            return;
        }
        let mut problems = self.invariant_problems();
        if kind == Some(crate::engine::event::EventKind::Pass)
            && let Some(p) = self.priority.filter(|&p| self.players[p].lost)
        {
            problems.push(format!("{} passes priority but has lost the game", self.players[p].name));
        }
        if let Some(v) = &mut self.violations {
            v.extend(problems.into_iter().map(|p| format!("after event {seq}: {p}")));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::diag::Source;

    /// A life total that would pass the end of its range stays at the end, never wraps, and
    /// the event that took it there is kept for the run's exit-2 diagnostic.
    #[test]
    fn numbers_at_the_end_of_their_range_are_caught_not_wrapped() {
        let text = "name: t\nplayers:\n  - name: Alice\n    battlefield: [{card: Grizzly Bears, id: bears}]\n  - name: Bob\n";
        let s = crate::scenario::load(&Source::new("t.yaml", text)).unwrap_or_else(|_| panic!("loads"));
        let mut g = crate::engine::Game::from_scenario(&s);
        g.gain_life(0, 5);
        assert_eq!(g.beyond_range, None);
        g.players[0].life = i64::MAX - 1;
        g.gain_life(0, 5);
        assert_eq!(g.players[0].life, i64::MAX);
        assert_eq!(g.beyond_range, u32::try_from(g.trace.len()).ok());
        // Losing life stops at the bottom of the range the same way.
        let mut g = crate::engine::Game::from_scenario(&s);
        g.players[1].life = i64::MIN + 1;
        g.lose_life(1, 3, crate::cr!("119.3"));
        assert_eq!((g.players[1].life, g.beyond_range.is_some()), (i64::MIN, true));
    }

    /// Power and toughness saturate in the layers; the state-based action check that sees one
    /// at the end of its range records it too, so the run stops instead of going on with it.
    #[test]
    fn power_at_the_end_of_its_range_is_caught() {
        let text = "name: t\nplayers:\n  - name: Alice\n    battlefield: [{card: Grizzly Bears, id: bears}]\n  - name: Bob\n";
        let s = crate::scenario::load(&Source::new("t.yaml", text)).unwrap_or_else(|_| panic!("loads"));
        let mut g = crate::engine::Game::from_scenario(&s);
        let bears = g.battlefield[0];
        let _ = g.check_sbas(&mut crate::engine::decision::Refuse);
        assert_eq!(g.beyond_range, None);
        g.obj_mut(bears).counters.plus = u32::MAX - 5;
        g.touch();
        let _ = g.check_sbas(&mut crate::engine::decision::Refuse);
        assert_eq!(g.power_toughness(bears), (i32::MAX, i32::MAX));
        assert!(g.beyond_range.is_some());
    }
}
