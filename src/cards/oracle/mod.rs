//! The Oracle-text compiler: card text → typed ability IR ([`crate::cards::ir`]).
//!
//! A hand-written recursive-descent parser over a token stream ([`lexer`]). Each template
//! family has its own module: [`mana`] (mana symbols and costs), [`costs`] (activated-ability
//! costs), [`targets`] (target phrases and filters), [`effects`] (instructions and their
//! conjunctions) and [`keywords`]. [`parser`] holds the shared cursor and error ranges.
//!
//! Text structure: lines are separated by `\n`; reminder text in parentheses is not rules
//! text and is skipped. An instant's or sorcery's non-keyword text is one spell ability; a
//! permanent's lines are each a keyword list or an activated ability "[Cost]: [Effect]."

pub mod costs;
pub mod effects;
pub mod keywords;
pub mod lexer;
pub mod mana;
pub mod parser;
pub mod targets;

use crate::cards::ir::{Ability, CardType, Effect, Instruction, ManaCost};
use lexer::Tok;
use parser::Parser;

/// Text the compiler could not read: a byte range of the card's text and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OracleError {
    /// Byte range within the text passed to [`compile`].
    pub start: usize,
    pub end: usize,
    pub message: String,
}

impl std::fmt::Display for OracleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}..{}: {}", self.start, self.end, self.message)
    }
}

impl std::error::Error for OracleError {}

/// Compiles a card's Oracle text into abilities, in text order.
///
/// `name` is the card's name (self-references), `types` its card types (an instant's or
/// sorcery's text is its spell ability; a permanent's lines are its abilities).
///
/// # Errors
/// Every part of the text that is outside the supported templates, each with its byte range.
pub fn compile(text: &str, name: &str, types: &[CardType]) -> Result<Vec<Ability>, Vec<OracleError>> {
    let names = self_names(name);
    let is_spell = types.iter().any(|t| matches!(t, CardType::Instant | CardType::Sorcery));
    let mut abilities = Vec::new();
    let mut errors = Vec::new();
    // For a spell: where its spell ability goes (the first non-keyword line) and its effect,
    // which collects the sentences of every line so target indices stay distinct.
    let mut spell: Option<(usize, Effect)> = None;

    let mut offset = 0;
    for line in text.split('\n') {
        let base = offset;
        offset += line.len() + 1;
        let toks = lexer::lex(line, base, &names);
        if toks.is_empty() {
            continue; // blank, or only reminder text
        }
        if is_spell {
            let mut p = Parser::new(text, toks, Effect::default(), false);
            if keywords::is_keyword_line(&p) {
                match keywords::parse_keyword_line(&mut p) {
                    Ok(ks) => abilities.extend(ks.into_iter().map(Ability::Keyword)),
                    Err(f) => errors.push(p.error(&f)),
                }
                continue;
            }
            let (at, effect) = spell.take().unwrap_or((abilities.len(), Effect::default()));
            p.effect = effect;
            for f in effects::parse_sentences(&mut p) {
                errors.push(p.error(&f));
            }
            spell = Some((at, p.effect));
        } else {
            let mut p = Parser::new(text, toks, Effect::default(), true);
            match compile_permanent_line(&mut p) {
                Ok(mut abs) => abilities.append(&mut abs),
                Err(mut errs) => errors.append(&mut errs),
            }
        }
    }
    if let Some((at, effect)) = spell {
        abilities.insert(at.min(abilities.len()), Ability::Spell(effect));
    }
    if errors.is_empty() { Ok(abilities) } else { Err(errors) }
}

/// One line of a permanent: an activated ability if it has a cost and a colon, else keywords.
fn compile_permanent_line(p: &mut Parser<'_>) -> Result<Vec<Ability>, Vec<OracleError>> {
    if !has_cost_colon(p) {
        return keywords::parse_keyword_line(p)
            .map(|ks| ks.into_iter().map(Ability::Keyword).collect())
            .map_err(|f| vec![p.error(&f)]);
    }
    let cost = costs::parse_cost(p).map_err(|f| vec![p.error(&f)])?;
    if p.at_end() {
        return Err(vec![p.error(&p.fail("an effect after the colon"))]);
    }
    let fails = effects::parse_sentences(p);
    if !fails.is_empty() {
        return Err(fails.iter().map(|f| p.error(f)).collect());
    }
    let effect = std::mem::take(&mut p.effect);
    // 605.1a: no target, and it could add mana as it resolves. Every instruction adding mana
    // is the only shape the IR can express for that.
    let mana = effect.targets.is_empty()
        && !effect.instructions.is_empty()
        && effect.instructions.iter().all(|i| matches!(i, Instruction::AddMana(_) | Instruction::AddManaAnyColor { .. }));
    Ok(vec![Ability::Activated { cost, effect, mana }])
}

/// Whether the line has a colon outside quotation marks, i.e. reads as "[Cost]: [Effect]".
fn has_cost_colon(p: &Parser<'_>) -> bool {
    let mut quoted = false;
    for t in &p.toks {
        match t.tok {
            Tok::Punct('"' | '“' | '”') => quoted = !quoted,
            Tok::Punct(':') if !quoted => return true,
            _ => {}
        }
    }
    false
}

/// Spellings that refer to the card itself: its full name, each face of a "A // B" name, and
/// a legendary card's short name (the part before the comma: "Jace" for "Jace, the Mind
/// Sculptor"). Longest first, so the full name wins over the short one.
fn self_names(name: &str) -> Vec<&str> {
    let mut names = vec![name.trim()];
    for face in name.split(" // ") {
        names.push(face.trim());
        if let Some((short, _)) = face.split_once(", ") {
            names.push(short.trim());
        }
    }
    names.retain(|n| !n.is_empty());
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    names.dedup();
    names
}

/// Parses a mana cost such as `{2}{G}{G}`, `{X}{R}`, `{C}`, `{0}`.
///
/// # Errors
/// A message naming the symbol that is not supported.
pub fn parse_mana_cost(s: &str) -> Result<ManaCost, String> {
    mana::parse_cost(s)
}
