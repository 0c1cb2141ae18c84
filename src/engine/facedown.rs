//! Face-down permanents (708) with morph (702.37): cast face down for {3} as a 2/2 creature
//! with no name, text, subtypes or mana cost (702.37c, 708.4), whose characteristics come from
//! layer 1b (613.2b, `Game::card`); turned face up by its controller as a special action by
//! paying its morph cost (116.2b, 702.37e), which gives it a new timestamp (613.7f) and reveals
//! its face-up values (708.8) without it entering the battlefield again.

use crate::cards::ir::Ability;
use crate::cr;
use crate::engine::casting::Illegal;
use crate::engine::decision::{Decider, Stop};
use crate::engine::event::EventKind;
use crate::engine::state::{Game, ObjId, PlayerId};
use crate::engine::Ev;

impl Game {
    /// `p` turns face-down `id` face up, paying its morph cost (116.2b, 702.37e).
    ///
    /// # Errors
    /// `Stop` when a decision can't be made; `Illegal` when the rules forbid it now.
    pub fn turn_face_up(&mut self, p: PlayerId, id: ObjId, pay: Option<&[ObjId]>, dec: &mut dyn Decider) -> Result<Result<(), Illegal>, Stop> {
        let name = self.describe(id);
        // 116.2b: any time the player has priority.
        if self.priority != Some(p) {
            return Ok(Err(Illegal::new(cr!("116.2b"), format!("{} doesn't have priority: turning {name} face up is a special action taken with priority", self.players[p].name))));
        }
        if !self.on_battlefield(id) || !self.obj(id).face_down || self.controller(id) != p {
            return Ok(Err(Illegal::new(cr!("702.37e"), format!("{name} is not a face-down permanent {} controls", self.players[p].name))));
        }
        let Some((cost, mega)) = self.card_face_up(id).abilities().iter().find_map(|a| if let Ability::Morph { cost, mega } = a { Some((cost.clone(), *mega)) } else { None }) else {
            return Ok(Err(Illegal::new(cr!("708.7"), format!("{name} has no morph ability"))));
        };
        let ch = crate::engine::casting::Choices { pay: pay.map(<[ObjId]>::to_vec), ..crate::engine::casting::Choices::default() };
        if let Err(e) = self.pay_mana(p, &cost, 0, &ch, crate::engine::mana::Alternatives::default(), dec)? {
            return Ok(Err(e.also(cr!("702.37e"))));
        }
        let timestamp = self.timestamp();
        let o = self.obj_mut(id);
        o.face_down = false;
        o.timestamp = timestamp;
        let ev = Ev::new(EventKind::TurnFaceUp, format!("{} turns {name} face up: it is {}", self.players[p].name, self.describe(id)))
            .player(self, p)
            .object(self, id)
            .rules(&[cr!("116.2b"), cr!("702.37e"), cr!("708.8"), cr!("613.7f")]);
        self.record(ev);
        // 702.37b: a megamorph cost paid puts a +1/+1 counter on it as it is turned face up.
        if mega {
            self.put_counters(id, &crate::cards::ir::CounterKind::PlusOne, 1, &[cr!("702.37b")], false, " (megamorph)");
        }
        // 708.8: not an entering; "when this is turned face up" abilities trigger.
        self.fire(crate::engine::triggers::Happening::TurnedFaceUp(id));
        Ok(Ok(()))
    }
}
