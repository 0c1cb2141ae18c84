//! Causes of events: every event of the trace may point at the earlier event that made it
//! happen, so the chain from any event back to the player's action (or the turn-based action,
//! or the rule) that started it can be walked (`judge why`).
//!
//! The engine keeps one *anchor*, the event the events being recorded now follow from:
//! - a player's action: its first event (the announcement of a spell, the activation, the land
//!   played, the attack declared) has no cause and is the cause of the rest of the action
//!   (costs paid, targets chosen, the spell cast);
//! - a step: the events of its turn-based actions follow from the step beginning (500.2, 703);
//! - a spell or ability resolving: its resolution follows from the event that put it on the
//!   stack (601.2i, 602.2a, 603.3b), and each instruction's event from the resolution (608.2);
//! - a triggered ability: it triggers because of the event just recorded (603.2), and is put
//!   on the stack because it triggered (603.3b);
//! - state-based actions (704.3): each follows from the last event that changed the object or
//!   player it concerns, provided that came after the previous check (before it, the condition
//!   was false at that check, so something not recorded against the object made it true, and
//!   the cause is left unsaid rather than guessed).

use crate::engine::event::EventKind;
use crate::engine::state::{CardId, ObjId, PlayerId};

/// What the events being recorded follow from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Anchor {
    /// Nothing: the events have no recorded cause.
    #[default]
    None,
    /// The next event (other than a priority pass or a turn or step beginning) has no cause
    /// and becomes the cause of the events after it.
    Next,
    /// The events follow from this event (its number).
    At(u32),
    /// State-based actions: each event follows from the last change to what it concerns.
    Touched,
}

/// The bookkeeping behind the anchor: which event last changed each object, card and player,
/// and which event put each spell on the stack (an ability keeps its own, `StackAbility::origin`).
#[derive(Clone, Debug, Default)]
pub struct Causes {
    pub anchor: Anchor,
    /// By `ObjId`: the last event that concerned the object (0: none).
    objects: Vec<u32>,
    /// By player: the last event that changed the player's life, counters or library.
    players: Vec<u32>,
    /// By physical card (`CardId`): the last event that concerned any object it has been.
    cards: Vec<u32>,
    /// By `ObjId` of a spell: the event that put it on the stack.
    spells: Vec<u32>,
    /// The number of the last event before the latest state-based action check.
    pub checked: u32,
    /// While a checkpoint is open (`checkpoint`): each change since (the table, the index, the
    /// value before), so that a rejected action is undone without a copy of the tables.
    journal: Vec<(Table, u32, u32)>,
    open: u32,
}

/// One of the tables of `Causes`.
#[derive(Clone, Copy, Debug)]
enum Table {
    Objects,
    Players,
    Cards,
    Spells,
}

/// What `Causes::rollback` puts back besides the journal.
#[derive(Clone, Copy, Debug)]
pub struct Checkpoint {
    anchor: Anchor,
    checked: u32,
    journal: usize,
}

fn get(v: &[u32], i: usize) -> Option<u32> {
    v.get(i).copied().filter(|&s| s > 0)
}

/// Whether an event of this kind concerning a player changes something state-based actions
/// look at (704.5a–c: life, poison, drawing from an empty library).
fn changes_player(kind: EventKind) -> bool {
    matches!(kind, EventKind::Damage | EventKind::LoseLife | EventKind::GainLife | EventKind::PayLife | EventKind::Draw | EventKind::PutCounters | EventKind::ExchangeLife | EventKind::Loses)
}

impl Causes {
    fn table(&mut self, t: Table) -> &mut Vec<u32> {
        match t {
            Table::Objects => &mut self.objects,
            Table::Players => &mut self.players,
            Table::Cards => &mut self.cards,
            Table::Spells => &mut self.spells,
        }
    }

    fn set(&mut self, t: Table, i: usize, seq: u32) {
        let journal = self.open > 0;
        let v = self.table(t);
        if v.len() <= i {
            v.resize(i + 1, 0);
        }
        let old = std::mem::replace(&mut v[i], seq);
        if journal {
            self.journal.push((t, u32::try_from(i).unwrap_or(u32::MAX), old));
        }
    }

    /// Opens a checkpoint: the changes from now on can be undone (`rollback`) or kept
    /// (`commit`). Checkpoints nest.
    pub fn checkpoint(&mut self) -> Checkpoint {
        self.open += 1;
        Checkpoint { anchor: self.anchor, checked: self.checked, journal: self.journal.len() }
    }

    /// Keeps the changes since `cp`.
    pub fn commit(&mut self, cp: Checkpoint) {
        self.close(cp, false);
    }

    /// Undoes the changes since `cp`.
    pub fn rollback(&mut self, cp: Checkpoint) {
        self.close(cp, true);
    }

    fn close(&mut self, cp: Checkpoint, undo: bool) {
        if undo {
            while self.journal.len() > cp.journal {
                let Some((t, i, old)) = self.journal.pop() else { break };
                if let Some(v) = self.table(t).get_mut(i as usize) {
                    *v = old;
                }
            }
            self.anchor = cp.anchor;
            self.checked = cp.checked;
        }
        self.open = self.open.saturating_sub(1);
        if self.open == 0 {
            self.journal.clear();
        }
    }

    /// The cause of an event about to be recorded as number `seq`, and the anchor after it.
    pub fn cause_of(&mut self, seq: u32, kind: EventKind, objects: &[ObjId], player: Option<PlayerId>) -> Option<u32> {
        match self.anchor {
            Anchor::None => None,
            Anchor::At(n) => Some(n),
            Anchor::Next => {
                if !matches!(kind, EventKind::Pass | EventKind::TurnBegins | EventKind::StepBegins) {
                    self.anchor = Anchor::At(seq);
                }
                None
            }
            Anchor::Touched => {
                let by_object = objects.iter().filter_map(|o| get(&self.objects, o.0 as usize));
                let by_player = player.filter(|_| changes_player(kind)).and_then(|p| get(&self.players, p));
                by_object.chain(by_player).max().filter(|&s| s > self.checked)
            }
        }
    }

    /// After event `seq`: a resolution (or a failure to resolve) is what the instructions
    /// followed next come from (608.2).
    pub fn after(&mut self, seq: u32, kind: EventKind) {
        if matches!(kind, EventKind::Resolve | EventKind::DoesNotResolve) {
            self.anchor = Anchor::At(seq);
        }
    }

    /// Notes what event `seq` changed: objects, the physical cards they are, a player.
    pub fn touch(&mut self, seq: u32, kind: EventKind, objects: &[ObjId], cards: &[CardId], player: Option<PlayerId>) {
        if matches!(kind, EventKind::Pass | EventKind::TurnBegins | EventKind::StepBegins) {
            return;
        }
        for o in objects {
            self.set(Table::Objects, o.0 as usize, seq);
        }
        for c in cards {
            self.set(Table::Cards, c.0 as usize, seq);
        }
        if let Some(p) = player.filter(|_| changes_player(kind)) {
            self.set(Table::Players, p, seq);
        }
    }

    /// Event `seq` put spell `id` on the stack.
    pub fn stacked_spell(&mut self, id: ObjId, seq: u32) {
        self.set(Table::Spells, id.0 as usize, seq);
    }

    /// The last event that changed a player's life, poison, library or standing in the game:
    /// what decided an expectation about them.
    #[must_use]
    pub fn player(&self, p: PlayerId) -> Option<u32> {
        get(&self.players, p)
    }

    /// The last event that concerned a physical card, whatever object it was then: what
    /// decided an expectation about it.
    #[must_use]
    pub fn card(&self, c: CardId) -> Option<u32> {
        get(&self.cards, c.0 as usize)
    }

    /// The event that put a spell on the stack.
    #[must_use]
    pub fn spell(&self, id: ObjId) -> Option<u32> {
        get(&self.spells, id.0 as usize)
    }

}

/// The chain of causes of event `seq` (1-based), that event first: each event's `cause`
/// followed back until an event without one.
#[must_use]
pub fn chain(trace: &[crate::engine::event::Event], seq: u32) -> Vec<&crate::engine::event::Event> {
    let mut out = Vec::new();
    let mut at = Some(seq);
    // A cause always comes before what it causes; anything else would loop.
    while let Some(n) = at.filter(|&n| n >= 1 && out.last().is_none_or(|l: &&crate::engine::event::Event| n < l.seq)) {
        let Some(e) = trace.get(n as usize - 1) else { break };
        out.push(e);
        at = e.cause;
    }
    out
}
