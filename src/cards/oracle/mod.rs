//! The Oracle-text compiler: card text → typed ability IR ([`crate::cards::ir`]).

use crate::cards::ir::{Ability, CardType, ManaCost};

/// Text the compiler could not read: a byte range of the card's text and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OracleError {
    /// Byte range within the text passed to [`compile`].
    pub start: usize,
    pub end: usize,
    pub message: String,
}

/// Compiles a card's Oracle text into abilities, in text order.
///
/// `name` is the card's name (self-references), `types` its card types (an instant's or
/// sorcery's text is its spell ability; a permanent's lines are its abilities).
///
/// # Errors
/// Every part of the text that is outside the supported templates, each with its byte range.
pub fn compile(text: &str, name: &str, types: &[CardType]) -> Result<Vec<Ability>, Vec<OracleError>> {
    let _ = (text, name, types);
    todo!("oracle compiler")
}

/// Parses a mana cost such as `{2}{G}{G}`, `{X}{R}`, `{C}`, `{0}`.
///
/// # Errors
/// A message naming the symbol that is not supported.
pub fn parse_mana_cost(s: &str) -> Result<ManaCost, String> {
    let _ = s;
    todo!("mana cost parser")
}
