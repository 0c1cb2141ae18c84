//! The embedded card library (`cards/*.yaml`, compiled into the binary by `build.rs`).

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use crate::cards::def::{Card, read_card};
use crate::diag::{Diagnostic, Source};
use crate::scenario::read::Diags;
use crate::scenario::yaml;

include!(concat!(env!("OUT_DIR"), "/card_library.rs"));

/// One library card, compiled, or the problems of its file.
pub enum Entry {
    Card(Card),
    Broken { source: Source, diags: Vec<Diagnostic> },
}

/// The library: card name → its file, compiled when first asked for. A process reads only the
/// cards its scenarios name (a `judge run` of a small scenario compiles a handful, not all).
pub struct Library {
    entries: HashMap<&'static str, (&'static str, &'static str, OnceLock<Entry>)>,
    /// Every card name, sorted.
    pub names: Vec<String>,
    /// The name of each face of a card with faces ("Delver of Secrets") → the card's full
    /// name ("Delver of Secrets // Insectile Aberration"): a reference may use either.
    faces: HashMap<&'static str, &'static str>,
}

impl Library {
    /// The card named `name` (exactly), compiled on first use.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Entry> {
        let name = self.faces.get(name).copied().unwrap_or(name);
        let (file, text, entry) = self.entries.get(name)?;
        Some(entry.get_or_init(|| compile(file, text)))
    }

    /// Every card, compiled (for tests and listings over the whole library).
    pub fn all(&self) -> impl Iterator<Item = (&str, &Entry)> {
        self.names.iter().filter_map(|n| self.get(n).map(|e| (n.as_str(), e)))
    }
}

fn compile(file: &str, text: &'static str) -> Entry {
    compile_source(Source::new(format!("cards/{file}"), text))
}

/// Reads and compiles one card definition (a library file, or an imported card's record).
pub(crate) fn compile_source(source: Source) -> Entry {
    let mut diags = Diags::default();
    match yaml::parse(&source) {
        Ok(node) => match read_card(&node, &mut diags) {
            Some(def) if diags.0.is_empty() => Entry::Card(Arc::new(def)),
            _ => Entry::Broken { source: source.clone(), diags: diags.0 },
        },
        Err(d) => Entry::Broken { source: source.clone(), diags: vec![d] },
    }
}

/// The library, indexed on first use; each card is compiled when first asked for.
pub fn library() -> &'static Library {
    static LIB: OnceLock<Library> = OnceLock::new();
    LIB.get_or_init(|| {
        let mut entries = HashMap::new();
        let mut names = Vec::new();
        let mut faces = HashMap::new();
        for (file, name, text) in CARD_FILES {
            // A file without a readable `name:` line is listed by its file name: asking for it
            // shows its problems.
            let key: &'static str = if name.is_empty() { file.trim_end_matches(".yaml") } else { name };
            names.push(key.to_owned());
            for face in key.split(" // ").filter(|f| *f != key) {
                faces.insert(face, key);
            }
            entries.insert(key, (*file, *text, OnceLock::new()));
        }
        names.sort();
        Library { entries, names, faces }
    })
}
