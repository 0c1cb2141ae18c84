//! The embedded card library (`cards/*.yaml`, compiled into the binary by `build.rs`).

use std::sync::{Arc, OnceLock};

use crate::cards::def::{Card, read_card};
use crate::diag::{Diagnostic, Source, Span};
use crate::scenario::read::Diags;
use crate::scenario::yaml::{self, Kind, Node};

include!(concat!(env!("OUT_DIR"), "/card_library.rs"));

/// One node of a card's YAML tree as `build.rs` embeds it (see `CARD_TREES`).
type TreeRecord = (u8, i64, u32, u32, u32, u32, &'static str);

/// One library card, compiled, or the problems of its file.
pub enum Entry {
    Card(Card),
    Broken { source: Source, diags: Vec<Diagnostic> },
}

/// The library: card name → its file, compiled when first asked for. A process reads only the
/// cards its scenarios name (a `judge run` of a small scenario compiles a handful, not all).
/// The index is built at build time (`build.rs`): looking a name up is a binary search.
pub struct Library {
    /// Every card name, sorted.
    pub names: &'static [&'static str],
    /// Each file's compiled card, in the order of `CARD_FILES`.
    entries: Vec<OnceLock<Entry>>,
}

impl Library {
    /// The card named `name` (exactly), compiled on first use. The name of each face of a
    /// card with faces ("Delver of Secrets") finds the card ("Delver of Secrets // Insectile
    /// Aberration"): a reference may use either.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Entry> {
        let name = CARD_FACES.binary_search_by(|(f, _)| (*f).cmp(name)).map_or(name, |i| CARD_FACES[i].1);
        let i = CARD_INDEX.binary_search_by(|(k, _)| (*k).cmp(name)).ok()?;
        let file = CARD_INDEX[i].1;
        let (path, _, text) = CARD_FILES[file];
        Some(self.entries[file].get_or_init(|| compile(path, text, CARD_TREES[file])))
    }

    /// Every card, compiled (for tests and listings over the whole library).
    pub fn all(&self) -> impl Iterator<Item = (&str, &Entry)> {
        self.names.iter().filter_map(|n| self.get(n).map(|e| (*n, e)))
    }
}

/// The YAML tree of a library file as `build.rs` read it, if it did (`flat_yaml`); the same
/// tree the YAML parser gives for the file (a test checks it for every library card).
#[must_use]
pub fn prebuilt_tree(file: &str) -> Option<Node> {
    let i = CARD_FILES.binary_search_by(|(f, _, _)| (*f).cmp(file)).ok()?;
    let mut records = CARD_TREES[i].iter();
    let node = tree_node(&mut records);
    debug_assert!(records.next().is_none());
    node
}

fn tree_node(records: &mut std::slice::Iter<'_, TreeRecord>) -> Option<Node> {
    let &(kind, count, start, len, line, col, text) = records.next()?;
    let count = usize::try_from(count).unwrap_or(0);
    let kind = match kind {
        b'm' => Kind::Map((0..count).map(|_| Some((tree_node(records)?, tree_node(records)?))).collect::<Option<_>>()?),
        b's' => Kind::Seq((0..count).map(|_| tree_node(records)).collect::<Option<_>>()?),
        b'i' => Kind::Int(i64::try_from(count).unwrap_or(0)),
        _ => Kind::Str(text.to_owned()),
    };
    Some(Node { kind, span: Span { start: start as usize, len: len as usize, line, col } })
}

fn compile(file: &str, text: &'static str, tree: &[TreeRecord]) -> Entry {
    let source = Source::new(format!("cards/{file}"), text);
    match tree_node(&mut tree.iter()) {
        Some(node) => compile_node(source, &node),
        None => compile_source(source),
    }
}

/// Reads and compiles one card definition (a library file, or an imported card's record).
pub(crate) fn compile_source(source: Source) -> Entry {
    match yaml::parse(&source) {
        Ok(node) => compile_node(source, &node),
        Err(d) => Entry::Broken { source, diags: vec![d] },
    }
}

fn compile_node(source: Source, node: &Node) -> Entry {
    let mut diags = Diags::default();
    match read_card(node, &mut diags) {
        Some(def) if diags.0.is_empty() => Entry::Card(Arc::new(def)),
        _ => Entry::Broken { source, diags: diags.0 },
    }
}

/// The library; each card is compiled when first asked for.
pub fn library() -> &'static Library {
    static LIB: OnceLock<Library> = OnceLock::new();
    LIB.get_or_init(|| Library { names: CARD_NAMES, entries: std::iter::repeat_with(OnceLock::new).take(CARD_FILES.len()).collect() })
}
