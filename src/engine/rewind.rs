//! Reversing an illegal action (732): the game is put back exactly as it was before the action
//! began, and so is a trial payment or a cast a resolving effect allowed (`Game::checkpoint`).
//!
//! What grows with the game is not copied for that:
//! - the objects and cards are kept in a [`Journaled`] vector, which saves an item's value the
//!   first time it is written after a checkpoint and puts the saved values back on rewind;
//! - the zone lists and the events of the turn are [`Logged`] lists, which note how to undo each
//!   change made after a checkpoint.
//!
//! A checkpoint then costs what the action touches, not the size of the game. The rest of the
//! game (players' totals, the stack, effects, combat) is copied.

use super::casting::Illegal;
use super::decision::Stop;
use super::state::Game;

/// A vector whose changes since a checkpoint can be undone (see `Journal`).
#[derive(Clone, Debug)]
pub struct Journaled<T> {
    items: Vec<T>,
    /// For each item, the number of the checkpoint during which its earlier value was saved (or
    /// it was pushed). An item saved during an inner checkpoint that was kept stays saved for
    /// the enclosing one: the value saved is what it was when the inner one opened, which is
    /// what it was when the enclosing one opened, as it wasn't written in between.
    saved_in: Vec<u64>,
    /// Saved values, oldest first: the index, the value, and `saved_in` before.
    journal: Vec<(usize, u64, T)>,
    /// Open checkpoints, innermost last (rarely more than two).
    open: smallvec::SmallVec<[Open; 2]>,
    /// The number of the innermost open checkpoint; 0 when none is open.
    current: u64,
    /// The last number given to a checkpoint (numbers only grow).
    last: u64,
}

#[derive(Clone, Copy, Debug)]
struct Open {
    journal: usize,
    len: usize,
    outer: u64,
}

impl<T> Default for Journaled<T> {
    fn default() -> Self {
        Journaled { items: Vec::new(), saved_in: Vec::new(), journal: Vec::new(), open: smallvec::SmallVec::new(), current: 0, last: 0 }
    }
}

impl<T: Clone> Journaled<T> {
    #[must_use]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    #[must_use]
    pub fn get(&self, i: usize) -> Option<&T> {
        self.items.get(i)
    }

    #[cold]
    fn save(&mut self, i: usize) {
        let before = std::mem::replace(&mut self.saved_in[i], self.current);
        self.journal.push((i, before, self.items[i].clone()));
    }

    /// Makes room for `n` more items at once (a game's setup knows how many it makes).
    pub fn reserve(&mut self, n: usize) {
        self.items.reserve(n);
        self.saved_in.reserve(n);
    }

    /// Adds an item; a rewind past the checkpoint open now removes it.
    pub fn push(&mut self, item: T) {
        self.items.push(item);
        self.saved_in.push(self.current);
    }

    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }

    /// The items from index `from` up to `to` (excluded); none where `from >= to`.
    pub fn range(&self, from: usize, to: usize) -> impl Iterator<Item = &T> {
        let to = to.min(self.items.len());
        self.items[from.min(to)..to].iter()
    }
}

/// A list whose changes after a checkpoint are noted with how to undo them. Reading it is
/// reading a slice; every change goes through its methods, so none escapes the notes.
#[derive(Clone, Debug)]
pub struct Logged<T> {
    items: Vec<T>,
    undo: Vec<Undo<T>>,
    /// The length of `undo` when each open checkpoint opened, innermost last (rarely more
    /// than two).
    marks: smallvec::SmallVec<[usize; 2]>,
}

#[derive(Clone, Debug)]
enum Undo<T> {
    Pushed,
    Inserted(usize),
    Removed(usize, T),
    Replaced(Vec<T>),
}

impl<T> Default for Logged<T> {
    fn default() -> Self {
        Logged { items: Vec::new(), undo: Vec::new(), marks: smallvec::SmallVec::new() }
    }
}

impl<T> From<Vec<T>> for Logged<T> {
    fn from(items: Vec<T>) -> Self {
        Logged { items, undo: Vec::new(), marks: smallvec::SmallVec::new() }
    }
}

impl<T> std::ops::Deref for Logged<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items
    }
}

impl<'a, T> IntoIterator for &'a Logged<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<T: Clone> Logged<T> {
    fn note(&mut self, undo: Undo<T>) {
        if !self.marks.is_empty() {
            self.undo.push(undo);
        }
    }

    pub fn push(&mut self, item: T) {
        self.items.push(item);
        self.note(Undo::Pushed);
    }

    pub fn insert(&mut self, at: usize, item: T) {
        self.items.insert(at, item);
        self.note(Undo::Inserted(at));
    }

    pub fn remove(&mut self, at: usize) -> T {
        let item = self.items.remove(at);
        if !self.marks.is_empty() {
            self.undo.push(Undo::Removed(at, item.clone()));
        }
        item
    }

    /// Removes the first item equal to `item`; its place, if it was there.
    pub fn remove_item(&mut self, item: &T) -> Option<usize>
    where
        T: PartialEq,
    {
        let at = self.items.iter().position(|x| x == item)?;
        self.remove(at);
        Some(at)
    }

    /// Any other change (a shuffle, a new order, a whole new list): the list as it was is noted.
    pub fn change<R>(&mut self, f: impl FnOnce(&mut Vec<T>) -> R) -> R {
        if !self.marks.is_empty() {
            self.undo.push(Undo::Replaced(self.items.clone()));
        }
        f(&mut self.items)
    }

    #[must_use]
    pub fn as_slice(&self) -> &[T] {
        &self.items
    }
}

/// What a checkpoint opens, keeps or undoes in each part of the game it doesn't copy.
/// Checkpoints nest: each one is kept (`commit`) or undone (`rollback`), innermost first.
trait Journal {
    /// Opens a checkpoint.
    fn begin(&mut self);
    /// Keeps the changes since the innermost open checkpoint.
    fn commit(&mut self);
    /// Puts the part back as it was when the innermost open checkpoint opened.
    fn rollback(&mut self);
}

impl<T: Clone> Journal for Journaled<T> {
    fn begin(&mut self) {
        self.open.push(Open { journal: self.journal.len(), len: self.items.len(), outer: self.current });
        self.last += 1;
        self.current = self.last;
    }

    fn commit(&mut self) {
        if let Some(open) = self.open.pop() {
            self.current = open.outer;
        }
        if self.open.is_empty() {
            self.journal.clear();
        }
    }

    /// Also removes the items pushed since.
    fn rollback(&mut self) {
        let Some(open) = self.open.pop() else { return };
        while self.journal.len() > open.journal {
            let Some((i, before, value)) = self.journal.pop() else { break };
            self.items[i] = value;
            self.saved_in[i] = before;
        }
        self.items.truncate(open.len);
        self.saved_in.truncate(open.len);
        self.current = open.outer;
    }
}

impl<T: Clone> Journal for Logged<T> {
    fn begin(&mut self) {
        self.marks.push(self.undo.len());
    }
    fn commit(&mut self) {
        self.marks.pop();
        if self.marks.is_empty() {
            self.undo.clear();
        }
    }
    fn rollback(&mut self) {
        let Some(mark) = self.marks.pop() else { return };
        while self.undo.len() > mark {
            match self.undo.pop() {
                Some(Undo::Pushed) => {
                    self.items.pop();
                }
                Some(Undo::Inserted(at)) => {
                    self.items.remove(at);
                }
                Some(Undo::Removed(at, item)) => self.items.insert(at, item),
                Some(Undo::Replaced(items)) => self.items = items,
                None => break,
            }
        }
    }
}

impl<T: Clone> std::ops::Index<usize> for Journaled<T> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        &self.items[i]
    }
}

/// The only way to write an item: its value is saved first if a checkpoint is open and it was
/// not saved since.
impl<T: Clone> std::ops::IndexMut<usize> for Journaled<T> {
    fn index_mut(&mut self, i: usize) -> &mut T {
        if self.current != 0 && self.saved_in[i] < self.current {
            self.save(i);
        }
        &mut self.items[i]
    }
}

impl<'a, T: Clone> IntoIterator for &'a Journaled<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<T: Clone> FromIterator<T> for Journaled<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut v = Journaled::default();
        items.into_iter().for_each(|x| v.push(x));
        v
    }
}

/// What [`Game::rewind`] needs to put the game back: everything but the objects and cards
/// (journaled), and the trace, board pictures and cause tables, which are cut back or undone.
pub struct Checkpoint {
    rest: Box<Game>,
    trace: usize,
    boards: usize,
    causes: super::cause::Checkpoint,
}

impl Game {
    /// Opens a checkpoint: [`Game::rewind`] puts the game back as it is now, [`Game::keep`]
    /// keeps what happened since. Checkpoints nest; each one is closed, innermost first.
    pub fn checkpoint(&mut self) -> Checkpoint {
        let parts = self.take_apart();
        let rest = Box::new(self.clone());
        let (trace, boards) = (parts.trace.len(), parts.boards.as_ref().map_or(0, Vec::len));
        self.put_back(parts);
        self.journals(|j| j.begin());
        let causes = self.causes.checkpoint();
        Checkpoint { rest, trace, boards, causes }
    }

    /// Does `f` under a checkpoint: undone when it finds that the rules forbid what it does
    /// (732), kept otherwise (a stop included).
    pub fn undoable<T>(&mut self, f: impl FnOnce(&mut Game) -> Result<Result<T, Illegal>, Stop>) -> Result<Result<T, Illegal>, Stop> {
        let cp = self.checkpoint();
        let done = f(self);
        if matches!(done, Ok(Err(_))) {
            self.rewind(cp);
        } else {
            self.keep(cp);
        }
        done
    }

    /// Keeps what happened since `cp`.
    pub fn keep(&mut self, cp: Checkpoint) {
        self.journals(|j| j.commit());
        self.causes.commit(cp.causes);
    }

    /// Puts the game back as it was at `cp`.
    pub fn rewind(&mut self, cp: Checkpoint) {
        self.journals(|j| j.rollback());
        self.causes.rollback(cp.causes);
        let mut parts = self.take_apart();
        parts.trace.truncate(cp.trace);
        if let Some(b) = &mut parts.boards {
            b.truncate(cp.boards);
        }
        *self = *cp.rest;
        self.put_back(parts);
    }

    /// Each part of the game a checkpoint journals instead of copying.
    fn journals(&mut self, f: fn(&mut dyn Journal)) {
        f(&mut self.objects);
        f(&mut self.cards);
        f(&mut self.battlefield);
        f(&mut self.firsts.1);
        for p in &mut self.players {
            p.zones_mut().into_iter().for_each(|z| f(z));
        }
    }

    /// The parts a checkpoint doesn't copy, taken out of the game.
    fn take_apart(&mut self) -> Parts {
        Parts {
            trace: std::mem::take(&mut self.trace),
            boards: self.snapshots.as_mut().map(|s| std::mem::take(&mut s.taken)),
            causes: std::mem::take(&mut self.causes),
            objects: std::mem::take(&mut self.objects),
            cards: std::mem::take(&mut self.cards),
            battlefield: std::mem::take(&mut self.battlefield),
            firsts: std::mem::take(&mut self.firsts.1),
            zones: self.players.iter_mut().map(|p| p.zones_mut().map(std::mem::take)).collect(),
        }
    }

    fn put_back(&mut self, parts: Parts) {
        self.trace = parts.trace;
        if let (Some(s), Some(b)) = (&mut self.snapshots, parts.boards) {
            s.taken = b;
        }
        self.causes = parts.causes;
        self.objects = parts.objects;
        self.cards = parts.cards;
        self.battlefield = parts.battlefield;
        self.firsts.1 = parts.firsts;
        for (p, zones) in self.players.iter_mut().zip(parts.zones) {
            for (list, taken) in p.zones_mut().into_iter().zip(zones) {
                *list = taken;
            }
        }
    }
}

struct Parts {
    trace: Vec<super::event::Event>,
    boards: Option<Vec<serde_json::Value>>,
    causes: super::cause::Causes,
    objects: Journaled<super::state::Object>,
    cards: Journaled<super::state::PhysCard>,
    battlefield: Logged<super::state::ObjId>,
    firsts: Logged<super::triggers::FirstKey>,
    zones: Vec<[Logged<super::state::ObjId>; 5]>,
}

#[cfg(test)]
mod tests {
    use super::{Journal, Journaled};

    #[test]
    fn rollback_puts_back_what_was_written_and_removes_what_was_pushed() {
        let mut a: Journaled<u32> = (0..200).collect();
        a.begin();
        a[150] = 7;
        a[150] = 8;
        a.push(200);
        assert_eq!((a[150], a.len()), (8, 201));
        a.rollback();
        assert_eq!((a[150], a.len(), a.journal.len()), (150, 200, 0));
        assert_eq!(a.iter().copied().sum::<u32>(), (0..200).sum::<u32>());
        assert_eq!(a.range(60, 70).copied().collect::<Vec<_>>(), (60..70).collect::<Vec<_>>());
        assert_eq!((a.range(9, 3).count(), a.range(199, 500).count(), a.range(200, 200).count()), (0, 1, 0));
        // No checkpoint open: nothing is saved.
        a[3] = 9;
        assert_eq!((a[3], a.journal.len()), (9, 0));
    }

    #[test]
    fn nested_checkpoints_keep_or_undo_innermost_first() {
        let mut a: Journaled<u32> = (0..10).collect();
        a.begin(); // outer
        a[1] = 11;
        a.begin(); // inner, kept
        a[1] = 21;
        a[2] = 22;
        a.push(10);
        a.commit();
        a[2] = 32; // already saved for the outer one, by the inner one
        a.begin(); // inner, undone
        a[3] = 23;
        a[10] = 40;
        a.push(11);
        a.rollback();
        assert_eq!(a.iter().copied().collect::<Vec<_>>(), [0, 21, 32, 3, 4, 5, 6, 7, 8, 9, 10]);
        a.rollback();
        assert_eq!(a.iter().copied().collect::<Vec<_>>(), (0..10).collect::<Vec<_>>());
        assert!(a.journal.is_empty() && a.open.is_empty());
        // A later checkpoint saves again what an earlier, closed one saved.
        a.begin();
        a[1] = 5;
        a.commit();
        a.begin();
        a[1] = 6;
        a.rollback();
        assert_eq!(a[1], 5);
    }

    #[test]
    fn a_logged_list_undoes_each_change_in_reverse() {
        use super::Logged;
        let mut a: Logged<u32> = (0..6).collect::<Vec<_>>().into();
        a.push(9); // not noted: no checkpoint
        a.begin();
        a.push(6);
        a.insert(0, 7);
        assert_eq!(a.remove_item(&3), Some(4));
        a.begin();
        a.change(|v| v.reverse());
        a.commit();
        a.begin();
        a.remove(0);
        a.change(|v| v.clear());
        a.rollback();
        assert_eq!(&*a, [6, 9, 5, 4, 2, 1, 0, 7]);
        a.rollback();
        assert_eq!(&*a, [0, 1, 2, 3, 4, 5, 9]);
        assert!(a.undo.is_empty() && a.marks.is_empty());
    }
}
