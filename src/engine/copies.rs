//! Copies of permanents (707): copy effects in layer 1 (613.2a) and the three ways the rules
//! make them.
//!
//! - "You may have this creature enter as a copy of …" (Clone): a replacement effect as the
//!   permanent enters (614.1c, 707.5), its choice made then. The copy enters already a copy:
//!   the entering replacement effects of the copied text apply, and its "enters" abilities
//!   trigger (`enter.rs`).
//! - "[Permanent] becomes a copy of …" while on the battlefield (707.4): nothing enters or
//!   leaves, and the other effects on it go on applying.
//! - "Create a token that's a copy of …" (707.1, 111.3): the token's characteristics are the
//!   copiable values of the original.
//!
//! The copiable values are fixed as the effect begins (707.2b): they are the original's
//! copiable values — its printed card or what another copy effect made it (707.3), never what
//! other continuous effects, counters or status add (707.2) — with the effect's exceptions
//! made part of them (707.9a–b). `layers.rs` reads them (`Game::card`).

use crate::cards::ir::{CopyExcept, ObjectFilter};
use crate::cite;
use crate::engine::decision::{Answer, Decider, Decision, DecisionKind, Stop};
use crate::engine::event::EventKind;
use crate::engine::layers::{CopyEffect, Printed};
use crate::engine::state::{Game, ObjId, PlayerId, Target};
use crate::engine::Ev;
use crate::rules::RuleId;

/// What an "enter as a copy" replacement chose: the original and the copiable values.
pub struct EnterCopy {
    pub original: ObjId,
    pub values: Printed,
}

impl Game {
    /// 614.1c, 707.5: whether `id`, about to enter under `controller`'s control, enters as a
    /// copy of something; asks the "may" and which object (the choice is made now, 614.12a).
    ///
    /// # Errors
    /// When the choice is not scripted.
    pub fn enter_as_copy(&mut self, id: ObjId, controller: PlayerId, dec: &mut dyn Decider) -> Result<Option<EnterCopy>, Stop> {
        let Some((filter, except)) = self.card(id).abilities().iter().find_map(|a| match a {
            crate::cards::ir::Ability::EnterAsCopy { filter, except } => Some((filter.clone(), except.clone())),
            _ => None,
        }) else {
            return Ok(None);
        };
        let options: Vec<Target> = self.copy_candidates(&filter, controller).into_iter().map(Target::Object).collect();
        let name = self.describe(id);
        if options.is_empty() {
            let ev = Ev::new(EventKind::Choice, format!("{name} has nothing it could enter as a copy of: it enters as itself")).object(self, id).rules(&cite!(copy.enters_nothing_to_copy));
            self.record(ev);
            return Ok(None);
        }
        let d = Decision { player: controller, kind: DecisionKind::May { able: true }, rule: cite!(copy.enters_as_copy_choice), what: format!("whether {name} enters as a copy of a permanent") };
        let Answer::May(true) = self.decide(dec, &d)? else {
            let ev = Ev::new(EventKind::Choice, format!("{} chooses that {name} enters as itself, not as a copy", self.players[controller].name)).player(self, controller).object(self, id).rules(&cite!(copy.enters_as_itself));
            self.record(ev);
            return Ok(None);
        };
        let d = Decision { player: controller, kind: DecisionKind::Pick { options, count: 1 }, rule: cite!(copy.enters_as_copy_pick), what: format!("the permanent {name} enters as a copy of") };
        let Answer::Pick(picked) = self.decide(dec, &d)? else { return Ok(None) };
        let Some(&Target::Object(original)) = picked.first() else { return Ok(None) };
        let token = self.obj(id).card.token();
        let own = self.printed_colors(id);
        let values = self.copy_values(original, &except, token, Some(&own));
        Ok(Some(EnterCopy { original, values }))
    }

    /// The permanents a "copy of any creature on the battlefield" may copy, in arrival order.
    fn copy_candidates(&self, filter: &ObjectFilter, you: PlayerId) -> Vec<ObjId> {
        self.battlefield.iter().copied().filter(|&o| self.matches_filter(o, filter, you)).collect()
    }

    /// Starts a copy effect on `object` (layer 1, 613.2a) and traces it.
    #[expect(clippy::too_many_arguments, reason = "one call per way of copying, each naming its own rules")]
    pub fn start_copy(&mut self, object: ObjId, source: ObjId, original: ObjId, values: Printed, timestamp: u64, until_end_of_turn: bool, how: &str, rules: &[RuleId]) {
        let before = self.describe(object);
        let copied = self.describe(original);
        self.kinds = self.kinds.with(values.kinds());
        self.copies.push(CopyEffect { object, source, original, timestamp, values, until_end_of_turn });
        self.copies.sort_by_key(|c| c.timestamp);
        self.touch();
        let until = if until_end_of_turn { " until end of turn" } else { "" };
        let mut all = rules.to_vec();
        all.extend(cite!(copy.copiable_values));
        let ev = Ev::new(EventKind::BecomesCopy, format!("{before} {how} a copy of {copied}{until}: it is now {}", self.described(object)))
            .object(self, object)
            .target(self, Target::Object(original))
            .source(self, source)
            .rules(&all);
        self.record(ev);
    }

    /// "[what] becomes a copy of [of][, except …] [until end of turn]" (707.4): a new copy
    /// effect with its own timestamp; nothing enters or leaves the battlefield.
    pub fn become_copy(&mut self, what: ObjId, of: ObjId, except: &CopyExcept, until_end_of_turn: bool, source: ObjId) {
        let token = self.obj(what).card.token();
        let own = self.printed_colors(what);
        let values = if except.this_ability
            && let Some((src, i)) = self.resolving_ability
            && let Some(a) = self.card(src).abilities().get(i).cloned()
        {
            // 707.9a: "except it has this ability" — the ability now resolving.
            let mut ex = except.clone();
            ex.abilities.push(a);
            self.copy_values(of, &ex, token, Some(&own))
        } else {
            self.copy_values(of, except, token, Some(&own))
        };
        let timestamp = self.timestamp();
        // 707.4: it stays on the battlefield, so nothing enters or leaves, and other effects on
        // it go on (its example is a first copy too). "Until end of turn" is 611.2a's.
        let mut rules = vec![cite!(copy.becomes_copy)];
        if until_end_of_turn {
            rules.push(cite!(copy.until_end_of_turn));
        }
        if !except.is_empty() {
            rules.push(cite!(copy.exception));
        }
        self.start_copy(what, source, of, values, timestamp, until_end_of_turn, "becomes", &rules);
    }

    /// "Create a token that's a copy of [of]" (707.1, 111.3): `who` creates a token whose
    /// characteristics are the copiable values of `of` (as it last existed if it has left,
    /// 111.12), with the exceptions (707.9).
    ///
    /// # Errors
    /// When a choice as the token enters is not scripted.
    pub fn create_token_copy(&mut self, who: PlayerId, of: ObjId, except: &CopyExcept, dec: &mut dyn Decider) -> Result<ObjId, Stop> {
        self.create_token_copy_tapped(who, of, except, false, dec)
    }

    /// [`Game::create_token_copy`] for a token that enters tapped (`tapped`), as myriad's
    /// (702.116a).
    ///
    /// # Errors
    /// When a choice as the token enters is not scripted.
    pub fn create_token_copy_tapped(&mut self, who: PlayerId, of: ObjId, except: &CopyExcept, tapped: bool, dec: &mut dyn Decider) -> Result<ObjId, Stop> {
        let copied = self.describe(of);
        let mut rules = cite!(copy.token_copy).to_vec();
        if !except.is_empty() {
            rules.push(cite!(copy.exception));
        }
        // 707.8a: a token copy of a double-faced object is a double-faced token, with the
        // same face up.
        if let Some((values, face)) = self.double_faced_copy_values(of, except) {
            rules.push(cite!(copy.double_faced_token));
            let up = if face.is_some() { ", with its back face up like the original" } else { "" };
            return self.put_new_token_face(who, values, face, tapped, &format!(": a double-faced token that's a copy of {copied}{up}"), &rules, dec);
        }
        let values = self.copy_values(of, except, true, None);
        self.put_new_token(who, values, tapped, &format!(": a token that's a copy of {copied}"), &rules, dec)
    }

    /// Ends the copy effects that last until end of turn (514.2): the permanent has its
    /// earlier copiable values again (613.2c).
    pub fn end_turn_copies(&mut self) {
        if !self.copies.iter().any(|c| c.until_end_of_turn) {
            return;
        }
        let ending: Vec<ObjId> = self.copies.iter().filter(|c| c.until_end_of_turn).map(|c| c.object).collect();
        self.copies.retain(|c| !c.until_end_of_turn);
        self.touch();
        for o in ending {
            if self.on_battlefield(o) {
                let ev = Ev::new(EventKind::EffectEnds, format!("an \"until end of turn\" copy effect on {} ends: it is {} again", self.obj(o).card.name(), self.described(o))).object(self, o).rules(&cite!(copy.effect_ends));
                self.record(ev);
            }
        }
    }
}
