//! A vector whose copy is cheap: its items are kept in fixed-size chunks behind shared
//! pointers, so copying it copies one pointer a chunk, and writing to an item copies only that
//! item's chunk, and only while another copy still shares it. `run::attempt` copies the game
//! before every script action to put it back if the action is illegal (732.1): with the
//! game's objects and cards kept here, that copy costs what the action touches, not the
//! size of the game.

use std::sync::Arc;

/// Items per chunk: a write after a copy clones one chunk (16 objects, not 64: about a quarter
/// of the cost per action), and a copy clones one pointer per chunk.
const CHUNK: usize = 16;

#[derive(Clone)]
pub struct Chunked<T> {
    chunks: Vec<Arc<Vec<T>>>,
    len: usize,
}

impl<T> Default for Chunked<T> {
    fn default() -> Self {
        Chunked { chunks: Vec::new(), len: 0 }
    }
}

impl<T: Clone> Chunked<T> {
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[must_use]
    pub fn get(&self, i: usize) -> Option<&T> {
        self.chunks.get(i / CHUNK)?.get(i % CHUNK)
    }

    /// The item, its chunk copied first if another copy of the vector shares it.
    pub fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        Arc::make_mut(self.chunks.get_mut(i / CHUNK)?).get_mut(i % CHUNK)
    }

    pub fn push(&mut self, item: T) {
        match self.chunks.last_mut() {
            Some(last) if last.len() < CHUNK => Arc::make_mut(last).push(item),
            _ => {
                let mut chunk = Vec::with_capacity(CHUNK);
                chunk.push(item);
                self.chunks.push(Arc::new(chunk));
            }
        }
        self.len += 1;
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + Clone {
        self.chunks.iter().flat_map(|c| c.iter())
    }

    /// The items from index `from` up to `to` (excluded); none where `from >= to`.
    pub fn range(&self, from: usize, to: usize) -> impl Iterator<Item = &T> {
        let to = to.min(self.len);
        let from = from.min(to);
        self.chunks[from / CHUNK..].iter().flat_map(|c| c.iter()).skip(from % CHUNK).take(to - from)
    }

    /// Every item, mutably: copies every chunk another copy shares (prefer `get_mut` on the
    /// items that change).
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.chunks.iter_mut().flat_map(|c| Arc::make_mut(c).iter_mut())
    }
}

impl<T: Clone> std::ops::Index<usize> for Chunked<T> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        &self.chunks[i / CHUNK][i % CHUNK]
    }
}

impl<T: Clone> std::ops::IndexMut<usize> for Chunked<T> {
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut Arc::make_mut(&mut self.chunks[i / CHUNK])[i % CHUNK]
    }
}

impl<'a, T: Clone> IntoIterator for &'a Chunked<T> {
    type Item = &'a T;
    type IntoIter = std::iter::FlatMap<std::slice::Iter<'a, Arc<Vec<T>>>, std::slice::Iter<'a, T>, fn(&'a Arc<Vec<T>>) -> std::slice::Iter<'a, T>>;
    fn into_iter(self) -> Self::IntoIter {
        self.chunks.iter().flat_map(|c| c.iter())
    }
}

impl<T: Clone> FromIterator<T> for Chunked<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut v = Chunked::default();
        items.into_iter().for_each(|x| v.push(x));
        v
    }
}

impl<T: Clone + std::fmt::Debug> std::fmt::Debug for Chunked<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::Chunked;

    #[test]
    fn a_copy_shares_until_written() {
        let mut a: Chunked<u32> = (0..200).collect();
        let b = a.clone();
        a[150] = 7;
        a.push(200);
        assert_eq!((a[150], b[150], a.len(), b.len()), (7, 150, 201, 200));
        assert_eq!(a.iter().copied().sum::<u32>(), (0..=200).sum::<u32>() - 150 + 7);
        assert_eq!(b.get(200), None);
        assert_eq!(a.range(60, 70).copied().collect::<Vec<_>>(), (60..70).collect::<Vec<_>>());
        assert_eq!((a.range(9, 3).count(), a.range(199, 500).count(), a.range(201, 201).count()), (0, 2, 0));
    }
}
