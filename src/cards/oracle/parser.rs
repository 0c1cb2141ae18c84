//! The recursive-descent parser's cursor over one line's tokens, shared by the template
//! families (costs, targets, effects, keywords).
//!
//! Template functions return [`Fail`] (a token index and what was expected there) rather than
//! an [`OracleError`]: the byte range is only worked out once, by [`Parser::error`], so that
//! every family reports the same kind of range (first word not understood → end of sentence).

use super::OracleError;
use super::lexer::{Tok, Token};
use crate::cards::ir::{Effect, TargetSpec};

/// A parse failure: at token `at`, the parser expected `expected`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fail {
    pub at: usize,
    pub expected: String,
}

pub type PResult<T> = Result<T, Fail>;

/// A cursor over one line's tokens, plus the effect being built (its declared targets are
/// what "target N", "it" and "that creature" refer to).
pub struct Parser<'a> {
    pub text: &'a str,
    pub toks: Vec<Token>,
    pub pos: usize,
    pub effect: Effect,
    /// Whether "it" with no earlier target means the ability's source: true for activated
    /// abilities ("Sacrifice this creature: It deals 1 damage to any target."), false for
    /// spells, whose source is the spell and is never called "it".
    pub it_is_this: bool,
    /// Whether the effect has named "enchanted …" or "equipped …": a later "it" without a
    /// target may then mean that permanent rather than the source, which is not told apart.
    pub named_attached: bool,
    /// Whether a sentence that failed declared targets (they were dropped with it), so that
    /// a later "it" can say why it has nothing to refer to.
    pub dropped_targets: bool,
    /// The last player named without a target ("its controller"), for a later "that player".
    pub last_player: Option<crate::cards::ir::Affected>,
    /// In a triggered ability whose trigger names another object: "that creature", "it".
    pub trigger_object: bool,
    /// In a triggered ability whose trigger names a player: "that player".
    pub trigger_player: bool,
    /// The ability triggers on a spell being cast: "it" and "that spell" in "copy it" are that
    /// spell (the trigger object).
    pub trigger_spell: bool,
    /// "Activate only as a sorcery." / "Activate only once each turn." read so far.
    pub sorcery_speed: bool,
    /// "Activate only during your turn" and the like (602.1b).
    pub timing: Option<crate::cards::ir::ActivationTiming>,
    /// "Activate only if …" (602.1b).
    pub activate_if: Option<crate::cards::ir::Condition>,
    /// Reading an instant's or sorcery's spell ability: "this spell" is the resolving spell.
    pub spell: bool,
    /// How many targets the effect had as the current sentence began.
    pub sentence_targets: usize,
    /// "Any player may activate this ability." (602.2)
    pub any_player: bool,
    pub once_each_turn: bool,
    /// The ability's cost sacrifices a permanent ("Sacrifice a creature:", or a spell's
    /// additional cost): "the sacrificed creature's power" names it.
    pub sacrifice_cost: bool,
    /// An instruction so far creates tokens: a later "it" or "them" may mean those tokens,
    /// which no referent can name yet, so such references are refused.
    pub created_tokens: bool,
    /// In a static ability about the permanent itself ("This creature gets +1/+1 for each oil
    /// counter on it"): "it" is that permanent.
    pub it_is_subject_self: bool,
    /// The object last named without a target was the source itself ("this creature", its
    /// name): a later "it" with no target before it means the source, not what triggered the
    /// ability ("Whenever you cast an instant or sorcery spell, this creature gets +1/+1 until
    /// end of turn. Untap it.").
    pub named_this: bool,
    /// The partner a meld condition of this ability named (712.4a): what "them" means in
    /// "exile them, then meld them into …".
    pub meld_partner: Option<crate::cards::ir::MeldPartner>,
    /// In a triggered ability whose trigger is a move from the battlefield ("When enchanted
    /// creature dies"): "that card" is the card it became (400.7e).
    pub trigger_moved: bool,
    /// In a triggered ability about the permanent the source is attached to ("At the beginning
    /// of the upkeep of enchanted creature's controller"): "that creature" is that permanent.
    pub that_is_attached: bool,
    /// The last "create" instruction made one token, for "you" (an "it" after it may be that
    /// token where a verb allows it).
    pub one_token_created: bool,
    /// The effect has put one face-down permanent onto the battlefield for "you" ("manifest
    /// dread, then put a +1/+1 counter on that creature", 701.62a): "that creature" is it.
    pub face_down_made: bool,
    /// Inside "If it's a land card, put it onto the battlefield." after "Reveal the top card of
    /// your library.": "it" and "that card" are the revealed card.
    pub set_aside: bool,
    /// Inside "each …"/"all …": the filter may name a player of the effect ("all creatures
    /// target player controls", "each creature that player controls"), which the engine binds
    /// as the instruction acts on every match.
    pub each_phrase: bool,
    /// Inside a target phrase: "target creature that player controls" may name the player a
    /// triggered ability triggered for.
    pub target_phrase: bool,
    /// Inside a sentence that ends with a delayed trigger ("Sacrifice it at the beginning of
    /// the next end step."): "it" after "create a token" is that token, which the delayed
    /// ability is linked to (603.7c).
    pub delayed_clause: bool,
    /// An earlier sentence of this effect was "Choose a creature type.": "of the chosen type"
    /// and "of that type" in a filter mean that type.
    pub chose_type: bool,
    /// An earlier sentence of this effect was "Choose a color.".
    pub chose_color: bool,
    /// The target an earlier instruction of this effect exiled ("Exile target creature you
    /// control, then return it to the battlefield"): "it" and "that card" may follow it to
    /// exile (400.7j).
    pub exiled_target: Option<usize>,
    /// The effect is an activated ability's ("This ability costs {1} less to activate …" may
    /// follow it).
    pub activated: bool,
    /// "This ability costs {1} less to activate for each …" (602.2b, 601.2f), for the cost.
    pub cost_change: Option<(i32, Option<crate::cards::ir::Counted>)>,
}

impl<'a> Parser<'a> {
    #[must_use]
    pub fn new(text: &'a str, toks: Vec<Token>, effect: Effect, it_is_this: bool) -> Self {
        Parser { text, toks, pos: 0, effect, it_is_this, dropped_targets: false, last_player: None, trigger_object: false, trigger_player: false, trigger_spell: false, sorcery_speed: false, once_each_turn: false, sacrifice_cost: false, timing: None, activate_if: None, spell: false, sentence_targets: 0, any_player: false, created_tokens: false, it_is_subject_self: false, named_this: false, trigger_moved: false, that_is_attached: false, one_token_created: false, face_down_made: false, set_aside: false, each_phrase: false, delayed_clause: false, target_phrase: false, chose_type: false, chose_color: false, exiled_target: None, activated: false, cost_change: None, meld_partner: None, named_attached: false }
    }

    #[must_use]
    pub fn peek(&self) -> Option<&Token> {
        self.toks.get(self.pos)
    }

    #[must_use]
    pub fn peek_at(&self, n: usize) -> Option<&Token> {
        self.toks.get(self.pos + n)
    }

    #[must_use]
    pub fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    /// The current word, lower-cased.
    #[must_use]
    pub fn word(&self) -> Option<String> {
        self.peek().and_then(Token::word)
    }

    #[must_use]
    pub fn at_word(&self, w: &str) -> bool {
        self.peek().is_some_and(|t| t.is_word(w))
    }

    #[must_use]
    pub fn at_punct(&self, c: char) -> bool {
        self.peek().is_some_and(|t| t.is_punct(c))
    }

    pub fn bump(&mut self) {
        self.pos += 1;
    }

    /// Consumes the word `w` if it is next.
    pub fn eat_word(&mut self, w: &str) -> bool {
        let hit = self.at_word(w);
        if hit {
            self.pos += 1;
        }
        hit
    }

    /// How many tokens the words `ws` take if they are all next. A plural possessive written
    /// with its apostrophe ("owners'", "controllers’") is one pattern word but two tokens: the
    /// lexer keeps a trailing apostrophe as punctuation.
    #[must_use]
    fn words_len(&self, ws: &[&str]) -> Option<usize> {
        let mut n = 0;
        for w in ws {
            match w.strip_suffix('\'').or_else(|| w.strip_suffix('’')) {
                Some(base) if !base.is_empty() => {
                    if !(self.peek_at(n).is_some_and(|t| t.is_word(base)) && self.peek_at(n + 1).is_some_and(|t| t.is_punct('\'') || t.is_punct('’'))) {
                        return None;
                    }
                    n += 2;
                }
                _ => {
                    if !self.peek_at(n).is_some_and(|t| t.is_word(w)) {
                        return None;
                    }
                    n += 1;
                }
            }
        }
        Some(n)
    }

    /// Consumes the words `ws` if they are all next, otherwise nothing.
    pub fn eat_words(&mut self, ws: &[&str]) -> bool {
        match self.words_len(ws) {
            Some(n) => {
                self.pos += n;
                true
            }
            None => false,
        }
    }

    pub fn eat_punct(&mut self, c: char) -> bool {
        let hit = self.at_punct(c);
        if hit {
            self.pos += 1;
        }
        hit
    }

    /// A failure at the current token.
    #[must_use]
    pub fn fail(&self, expected: impl Into<String>) -> Fail {
        Fail { at: self.pos, expected: expected.into() }
    }

    /// Whether the next tokens are the words `ws` (nothing is consumed).
    #[must_use]
    pub fn at_words(&self, ws: &[&str]) -> bool {
        self.words_len(ws).is_some()
    }

    /// Consumes the words `ws` or fails naming them.
    pub fn expect_words(&mut self, ws: &[&str]) -> PResult<()> {
        if self.eat_words(ws) { Ok(()) } else { Err(self.fail(format!("\"{}\"", ws.join(" ")))) }
    }

    /// Declares a target of the effect and returns its index.
    pub fn declare(&mut self, spec: TargetSpec) -> usize {
        self.declare_slot(spec.into())
    }

    /// Declares an instance of "target" with its count and returns its index.
    pub fn declare_slot(&mut self, slot: crate::cards::ir::TargetSlot) -> usize {
        self.effect.targets.push(slot);
        self.effect.targets.len() - 1
    }

    /// Where a backtracking attempt can return to.
    #[must_use]
    pub fn mark(&self) -> (usize, usize) {
        (self.pos, self.effect.targets.len())
    }

    pub fn reset(&mut self, mark: (usize, usize)) {
        self.pos = mark.0;
        self.effect.targets.truncate(mark.1);
    }

    /// Index of the token that ends the sentence containing token `from`: the next `.` outside
    /// quotation marks, or the end of the line.
    #[must_use]
    pub fn sentence_end(&self, from: usize) -> usize {
        // Inside a quotation (an emblem's or a granted ability), its periods are not the end.
        let mut quoted = self.toks[..from.min(self.toks.len())].iter().filter(|t| matches!(t.tok, Tok::Punct('"' | '“' | '”'))).count() % 2 == 1;
        for (i, t) in self.toks.iter().enumerate().skip(from) {
            match t.tok {
                Tok::Punct('"' | '“' | '”') => quoted = !quoted,
                Tok::Punct('.') if !quoted => return i,
                _ => {}
            }
        }
        self.toks.len()
    }

    /// Turns a failure into an error whose range runs from the token not understood to the
    /// end of its sentence (the period excluded).
    #[must_use]
    pub fn error(&self, fail: &Fail) -> OracleError {
        let Some(last) = self.toks.len().checked_sub(1) else {
            return OracleError { start: 0, end: 0, message: format!("empty text; expected {}", fail.expected) };
        };
        let at = fail.at.min(last);
        let end_tok = self.sentence_end(at);
        let start = self.toks[at].start;
        let end = if end_tok > at { self.toks[end_tok - 1].end } else { self.toks[at].end };
        let slice = self.text.get(start..end).unwrap_or("");
        OracleError { start, end, message: format!("unsupported text: \"{slice}\"; expected {}", fail.expected) }
    }

    /// Skips past the end of the current sentence (error recovery).
    pub fn skip_sentence(&mut self) {
        let end = self.sentence_end(self.pos);
        self.pos = (end + 1).min(self.toks.len());
    }
}

/// Whether a token is the card's own name.
#[must_use]
pub fn is_self_name(t: &Token) -> bool {
    t.tok == Tok::SelfName
}
