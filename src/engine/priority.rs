//! Priority (117): who may act, passing, and what happens when all players pass in
//! succession (117.4).

use crate::cite;
use crate::engine::decision::{Decider, Stop};
use crate::engine::event::{EventKind, Text};
use crate::engine::state::{Game, PlayerId};
use crate::engine::Ev;

impl Game {
    /// Gives `p` priority. First state-based actions are performed, then waiting triggered
    /// abilities are put on the stack, and again until neither happens (117.5, 704.3, 603.3).
    ///
    /// # Errors
    /// When the order or the targets of triggered abilities are not scripted.
    pub fn give_priority(&mut self, p: PlayerId, dec: &mut dyn Decider) -> Result<(), Stop> {
        loop {
            self.check_sbas(dec)?;
            if self.outcome.is_some() {
                self.priority = None;
                return Ok(());
            }
            if !self.stack_triggers(dec)? {
                break;
            }
        }
        let p = if self.players[p].lost { self.next_player(p) } else { p };
        self.priority = Some(p);
        Ok(())
    }

    /// The player with priority passes (117.3d). When all players have passed in succession,
    /// the top of the stack resolves or, with an empty stack, the step ends (117.4).
    ///
    /// # Errors
    /// When a decision during resolution or the next steps can't be made.
    pub fn pass_priority(&mut self, dec: &mut dyn Decider) -> Result<(), Stop> {
        let Some(p) = self.priority else {
            // Paused after a cleanup step: the game goes on with the next turn.
            if self.cleanup_done && self.outcome.is_none() {
                return self.end_step(dec);
            }
            return Ok(());
        };
        let ev = Ev::new(EventKind::Pass, Text::Passes).player(self, p).rule(cite!(priority.pass));
        self.record(ev);
        self.passes += 1;
        if self.passes < self.living() {
            let next = self.next_player(p);
            return self.give_priority(next, dec);
        }
        self.passes = 0;
        if self.stack.is_empty() {
            self.end_step(dec)
        } else {
            self.resolve_top(dec)?;
            // 117.3b: the active player receives priority after a spell or ability resolves.
            self.give_priority(self.active, dec)
        }
    }
}
