//! Creating tokens (701.7a, 111.1–111.4): each token is a new object with a physical identity
//! of its own (so `Name#N` counts it), owned and controlled by the player who creates it
//! (111.2), with only the characteristics the effect defines (111.3). It enters through
//! [`Game::put_onto_battlefield`] like any permanent, so its entering replacement effects
//! apply (614.12: "enters tapped", riot) and "enters" abilities see it (603.6a).
//!
//! Leaving the battlefield is the ordinary path too: a token goes to the graveyard, hand or
//! exile like a card — so "dies" and "leaves the battlefield" abilities trigger (111.7) — and
//! ceases to exist at the next check of state-based actions (704.5d, `sba.rs`).

use std::sync::Arc;

use crate::cards::ir::TokenSpec;
use crate::cards::tokens;
use crate::cite;
use crate::engine::decision::{Decider, Stop};
use crate::engine::event::EventKind;
use crate::engine::state::{CardId, Game, ObjId, PhysCard, PlayerId, Zone};
use crate::engine::Ev;
use crate::rules::RuleId;

impl Game {
    /// `who` creates `count` tokens of `spec` (X = `x`), tapped if the effect says so.
    ///
    /// # Errors
    /// When a choice as a token enters (riot) is not scripted.
    pub fn create_tokens(&mut self, who: PlayerId, spec: &TokenSpec, count: u32, tapped: bool, x: u32, dec: &mut dyn Decider) -> Result<Vec<ObjId>, Stop> {
        let card = Arc::new(tokens::card_def(spec, x));
        let what = tokens::describe(&card);
        let mut rules = cite!(token.create).to_vec();
        rules.extend(spec.rules.iter().copied().map(RuleId::new_static));
        let how = if tapped { " tapped" } else { "" };
        let mut made = Vec::new();
        for _ in 0..count {
            made.push(self.put_new_token(who, card.clone(), tapped, &format!("{how}: a {what}"), &rules, dec)?);
        }
        Ok(made)
    }

    /// Puts one new token with these characteristics onto the battlefield under `who`'s
    /// control (111.2), traced as "P creates NAME{words}" citing `rules`.
    ///
    /// # Errors
    /// When a choice as the token enters is not scripted.
    pub fn put_new_token(&mut self, who: PlayerId, card: impl Into<crate::engine::layers::Printed>, tapped: bool, words: &str, rules: &[RuleId], dec: &mut dyn Decider) -> Result<ObjId, Stop> {
        self.put_new_token_face(who, card, None, tapped, words, rules, dec)
    }

    /// [`Game::put_new_token`] for a double-faced token that enters with `face` up (707.8a).
    ///
    /// # Errors
    /// When a choice as the token enters is not scripted.
    #[expect(clippy::too_many_arguments, reason = "put_new_token with the face that is up")]
    pub fn put_new_token_face(&mut self, who: PlayerId, card: impl Into<crate::engine::layers::Printed>, face: Option<u8>, tapped: bool, words: &str, rules: &[RuleId], dec: &mut dyn Decider) -> Result<ObjId, Stop> {
        let card_id = CardId(u32::try_from(self.cards.len()).unwrap_or(u32::MAX));
        self.cards.push(PhysCard { label: None, current: ObjId(0), nth: 0 });
        // The token as it will exist on the battlefield, outside every zone until it is put
        // there: its entering replacement effects are decided from it (614.12).
        let staged = self.new_object(card_id, card, who, who, Zone::Nowhere);
        self.obj_mut(staged).face = face;
        self.put_onto_battlefield(staged, who, tapped, dec, |g, nid| {
            Ev::new(EventKind::CreateToken, format!("{} creates {}{words}", g.players[who].name, g.described(nid)))
                .player(g, who)
                .object(g, nid)
                .zone(Zone::Battlefield)
                .rules(rules)
        })
    }
}
