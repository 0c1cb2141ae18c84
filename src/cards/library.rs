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

/// The library: card name → compiled card.
pub struct Library {
    pub cards: HashMap<String, Entry>,
    pub names: Vec<String>,
}

impl Library {
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Entry> {
        self.cards.get(name)
    }
}

/// The library, read and compiled on first use.
pub fn library() -> &'static Library {
    static LIB: OnceLock<Library> = OnceLock::new();
    LIB.get_or_init(|| {
        let mut cards = HashMap::new();
        let mut names = Vec::new();
        for (file, text) in CARD_FILES {
            let source = Source::new(format!("cards/{file}"), *text);
            let mut diags = Diags::default();
            let entry = match yaml::parse(&source) {
                Ok(node) => match read_card(&node, &mut diags) {
                    Some(def) if diags.0.is_empty() => Entry::Card(Arc::new(def)),
                    _ => Entry::Broken { source: source.clone(), diags: diags.0 },
                },
                Err(d) => Entry::Broken { source: source.clone(), diags: vec![d] },
            };
            let name = match &entry {
                Entry::Card(c) => c.name.clone(),
                Entry::Broken { .. } => file.trim_end_matches(".yaml").to_owned(),
            };
            names.push(name.clone());
            cards.insert(name, entry);
        }
        names.sort();
        Library { cards, names }
    })
}
