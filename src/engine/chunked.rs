//! A vector whose copy is cheap: its items are kept in fixed-size chunks behind shared
//! pointers, so copying it copies one pointer a chunk, and writing to an item copies only that
//! item's chunk, and only while another copy still shares it. `run::attempt` copies the game
//! before every script action to put it back if the action is illegal (732.1): with the
//! game's objects and cards kept here, that copy costs what the action touches, not the
//! size of the game.

use std::sync::Arc;

/// Items per chunk: a write after a copy clones one chunk (16 objects, not 64: about a quarter
/// of the cost per action).
const CHUNK: usize = 16;

/// Chunks per block: the chunks are shared in blocks, themselves behind shared pointers, so a
/// copy clones one pointer per block (256 items), and a write after a copy clones one block's
/// pointers and one chunk. With one level only, a game of 8,000 objects copied before each of
/// 4,000 actions spent more on those pointers than on the actions.
const BLOCK: usize = 16;

/// Items per block.
const SPAN: usize = CHUNK * BLOCK;

type Chunk<T> = Arc<Vec<T>>;
type Block<T> = Arc<Vec<Chunk<T>>>;

#[derive(Clone)]
pub struct Chunked<T> {
    blocks: Vec<Block<T>>,
    len: usize,
}

impl<T> Default for Chunked<T> {
    fn default() -> Self {
        Chunked { blocks: Vec::new(), len: 0 }
    }
}

fn chunk_items<T>(c: &Chunk<T>) -> std::slice::Iter<'_, T> {
    c.iter()
}

fn block_chunks<T>(b: &Block<T>) -> std::slice::Iter<'_, Chunk<T>> {
    b.iter()
}

/// Every item in order, chunk by chunk, block by block.
type Items<'a, T> = std::iter::FlatMap<std::iter::FlatMap<std::slice::Iter<'a, Block<T>>, std::slice::Iter<'a, Chunk<T>>, fn(&'a Block<T>) -> std::slice::Iter<'a, Chunk<T>>>, std::slice::Iter<'a, T>, fn(&'a Chunk<T>) -> std::slice::Iter<'a, T>>;

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
        self.blocks.get(i / SPAN)?.get(i % SPAN / CHUNK)?.get(i % CHUNK)
    }

    /// The item, its block and chunk copied first if another copy of the vector shares them.
    pub fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        let block = Arc::make_mut(self.blocks.get_mut(i / SPAN)?);
        Arc::make_mut(block.get_mut(i % SPAN / CHUNK)?).get_mut(i % CHUNK)
    }

    pub fn push(&mut self, item: T) {
        if self.len % SPAN == 0 {
            self.blocks.push(Arc::new(Vec::with_capacity(BLOCK)));
        }
        let block = Arc::make_mut(self.blocks.last_mut().expect("a block was just made for a full one"));
        if self.len % CHUNK == 0 {
            block.push(Arc::new(Vec::with_capacity(CHUNK)));
        }
        Arc::make_mut(block.last_mut().expect("a chunk was just made for a full one")).push(item);
        self.len += 1;
    }

    pub fn iter(&self) -> Items<'_, T> {
        let chunks: fn(&Block<T>) -> std::slice::Iter<'_, Chunk<T>> = block_chunks;
        let items: fn(&Chunk<T>) -> std::slice::Iter<'_, T> = chunk_items;
        self.blocks.iter().flat_map(chunks).flat_map(items)
    }

    /// The items from index `from` up to `to` (excluded); none where `from >= to`.
    pub fn range(&self, from: usize, to: usize) -> impl Iterator<Item = &T> {
        let to = to.min(self.len);
        let from = from.min(to);
        self.blocks[from / SPAN..].iter().flat_map(|b| b.iter()).flat_map(|c| c.iter()).skip(from % SPAN).take(to - from)
    }

    /// Every item, mutably: copies every block and chunk another copy shares (prefer `get_mut`
    /// on the items that change).
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.blocks.iter_mut().flat_map(|b| Arc::make_mut(b).iter_mut()).flat_map(|c| Arc::make_mut(c).iter_mut())
    }
}

impl<T: Clone> std::ops::Index<usize> for Chunked<T> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        &self.blocks[i / SPAN][i % SPAN / CHUNK][i % CHUNK]
    }
}

impl<T: Clone> std::ops::IndexMut<usize> for Chunked<T> {
    fn index_mut(&mut self, i: usize) -> &mut T {
        let block = Arc::make_mut(&mut self.blocks[i / SPAN]);
        &mut Arc::make_mut(&mut block[i % SPAN / CHUNK])[i % CHUNK]
    }
}

impl<'a, T: Clone> IntoIterator for &'a Chunked<T> {
    type Item = &'a T;
    type IntoIter = Items<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
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
        // 600 items: two full blocks of 256 and a part of a third.
        let mut a: Chunked<u32> = (0..600).collect();
        let b = a.clone();
        a[150] = 7;
        *a.get_mut(300).unwrap() = 8;
        a.push(600);
        assert_eq!((a[150], b[150], a[300], b[300], a.len(), b.len()), (7, 150, 8, 300, 601, 600));
        assert_eq!(a.iter().copied().sum::<u32>(), (0..=600).sum::<u32>() - 150 + 7 - 300 + 8);
        assert_eq!(b.iter().copied().collect::<Vec<_>>(), (0..600).collect::<Vec<_>>());
        assert_eq!((b.get(600), a.get(600), a.get(601)), (None, Some(&600), None));
        assert_eq!(a.range(60, 70).copied().collect::<Vec<_>>(), (60..70).collect::<Vec<_>>());
        assert_eq!(a.range(250, 262).copied().collect::<Vec<_>>(), (250..262).collect::<Vec<_>>());
        assert_eq!(a.range(510, 520).copied().collect::<Vec<_>>(), (510..520).collect::<Vec<_>>());
        assert_eq!((a.range(9, 3).count(), a.range(599, 900).count(), a.range(601, 601).count()), (0, 2, 0));
        for x in a.iter_mut() {
            *x += 1;
        }
        assert_eq!((a[0], a[600], b[0], b[599]), (1, 601, 0, 599));
    }
}
