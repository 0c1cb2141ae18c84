//! Replacement and prevention effects (614–616) on damage, draws and dying, and delayed
//! triggered abilities (603.7).
//!
//! An event that would happen is offered to every effect that applies to it. When more than one
//! applies, the affected player — or the controller of the affected object — chooses which to
//! apply first (616.1e), then the rest are offered again to the modified event (616.1f); each
//! effect applies to an event at most once (614.5). Every step is traced.

use crate::cards::ir::{Ability, Instruction, StaticReplacement, StepName};
use crate::cite;
use crate::engine::decision::{Answer, Decider, Decision, DecisionKind, Stop};
use crate::engine::event::EventKind;
use crate::engine::state::{Game, ObjId, PendingTrigger, PlayerId, Target, TriggerInfo, Zone};
use crate::engine::Ev;
use crate::rules::RuleId;

/// A shield or "this turn" effect created by a resolved spell or ability.
#[derive(Clone, Debug)]
pub struct Shield {
    pub id: u32,
    /// The spell or ability's source.
    pub source: ObjId,
    pub kind: ShieldKind,
}

#[allow(clippy::large_enum_variant, reason = "an object filter is large; these are built once per card or effect and read in place, not moved in a hot path")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShieldKind {
    /// "Prevent the next N damage that would be dealt to [it] this turn" (615.7).
    PreventNext { to: Target, remaining: u32 },
    /// "Prevent all combat damage that would be dealt this turn."
    PreventAllCombat,
    /// "If that creature would die this turn, exile it instead." (614.1a)
    ExileIfDies(ObjId),
    /// "The next time a [red] source of your choice would deal damage to you this turn,
    /// prevent that damage." (609.7): the chosen source (or, for a permanent spell, the
    /// permanent it becomes: its card), rechecked against the filter (609.7b).
    NextFromSource { chosen: ObjId, card: crate::engine::state::CardId, spell: bool, filter: crate::cards::ir::ObjectFilter, to: Target, you: PlayerId },
    /// "Prevent all [combat] damage that would be dealt to … / by … this turn" (615.1).
    PreventAll { combat: bool, to: Option<Party>, by: Option<Party>, you: PlayerId },
}

/// Who or what a "prevent all damage" effect is about: objects and players fixed as it
/// resolved, or the permanents that match a filter when the damage would be dealt.
#[allow(clippy::large_enum_variant, reason = "an object filter is large; these are built once per card or effect and read in place, not moved in a hot path")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Party {
    Fixed(Vec<Target>),
    Permanents(crate::cards::ir::ObjectFilter),
}

/// A delayed triggered ability waiting for its moment (603.7).
#[derive(Clone, Debug)]
pub struct DelayedTrigger {
    pub source: ObjId,
    pub controller: PlayerId,
    pub step: StepName,
    pub instructions: Vec<Instruction>,
    /// Set for "the next turn's upkeep": it triggers only in a turn after this one.
    pub after_turn: Option<u32>,
    /// Set for "your next upkeep": it triggers only in that player's turn.
    pub whose: Option<PlayerId>,
    /// What the ability that created it knew (603.7c): the object a creating trigger
    /// triggered on ("destroy that creature at end of combat"), and the linked object.
    pub info: TriggerInfo,
    /// Who controls it and what its source is (603.7d for a spell's, 603.7e for an ability's).
    pub rule: RuleId,
}

/// One effect that applies to a damage event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DamageEffect {
    Shield(u32),
    /// A static ability of a permanent: (object, ability index).
    Static(ObjId, usize),
    /// Protection from a quality of the source (702.16e).
    Protection(ObjId),
    /// The prevention effect of shield counters on the permanent (122.1c): it prevents all of
    /// the damage, but removes a shield counter, so its order among the others matters.
    ShieldCounter(ObjId),
}

impl Game {
    /// The damage that remains of `n` that `source` would deal to `to` after replacement and
    /// prevention effects (616.1). Returns 0 when all of it is prevented.
    ///
    /// # Errors
    /// When the affected player's choice of effect is not scripted.
    pub fn modify_damage(&mut self, source: ObjId, to: Target, n: i64, combat: bool, dec: &mut dyn Decider) -> Result<i64, Stop> {
        let mut amount = n;
        let mut used: Vec<DamageEffect> = Vec::new();
        let affected = match to {
            Target::Player(p) => p,
            Target::Object(o) => self.controller(o),
            Target::Ability(_) => return Ok(amount),
        };
        if self.unpreventable_turn || self.unpreventable_now {
            // 615.12: prevention effects still apply, but prevent nothing; shields are not
            // reduced; what else they do (a shield counter removed, 122.1c) happens.
            let prevention: Vec<DamageEffect> = self.damage_effects(source, to, combat).into_iter().filter(|e| !self.is_replacement(*e)).collect();
            for e in prevention {
                used.push(e);
                let by = self.describe(self.damage_effect_source(e));
                let ev = Ev::new(EventKind::Replace, format!("the {amount} damage {} would deal to {} can't be prevented: {by}'s prevention effect prevents none of it", self.described(source), self.describe_target(to))).source(self, source).target(self, to).rule(cite!(prevent.cant_be_prevented));
                self.record(ev);
                if let DamageEffect::ShieldCounter(o) = e {
                    self.remove_counters(o, &crate::cards::ir::CounterKind::Shield, 1, &cite!(prevent.shield_cant_prevent), " (the damage can't be prevented, but the counter is still removed)");
                }
            }
        }
        while amount > 0 {
            let options: Vec<DamageEffect> = self.damage_effects(source, to, combat).into_iter().filter(|e| !used.contains(e)).collect();
            let Some(&first) = options.first() else { break };
            // An effect that prevents all of the damage leaves nothing for the others, whatever
            // the order: it is applied without asking.
            let all = options.iter().copied().find(|e| self.prevents_all(*e));
            let pick = match all {
                Some(e) => e,
                None if options.len() == 1 => first,
                None => {
                    let sources: Vec<Target> = options.iter().map(|e| Target::Object(self.damage_effect_source(*e))).collect();
                    let d = Decision { player: affected, kind: DecisionKind::Apply { options: sources }, rule: cite!(replace.damage_order_choice), what: format!("which effect applies first to the {amount} damage {} would deal to {}", self.described(source), self.describe_target(to)) };
                    match self.decide(dec, &d)? {
                        Answer::Pick(ts) => ts.first().and_then(|t| options.iter().copied().find(|e| Target::Object(self.damage_effect_source(*e)) == *t)).unwrap_or(first),
                        _ => first,
                    }
                }
            };
            used.push(pick);
            let before = amount;
            amount = self.apply_damage_effect(pick, source, to, amount);
            // 615.5: what a prevention effect does besides preventing happens right after.
            if let DamageEffect::Static(o, i) = pick
                && amount < before
                && let Some(Ability::Replacement(StaticReplacement::PreventDamage { then, .. })) = self.ability(o, i)
                && !then.is_empty()
            {
                let then = then.clone();
                let ev = Ev::new(EventKind::Replace, format!("the rest of {}'s prevention effect happens right after the damage is prevented", self.described(o))).source(self, o).rule(cite!(prevent.rest_of_effect));
                self.record(ev);
                let trigger = TriggerInfo { amount: Some(before - amount), ..TriggerInfo::default() };
                let ctx = crate::engine::resolve::Context { controller: self.controller(o), source: o, targets: Vec::new(), legal: Vec::new(), x: 0, kicked: false, no_regen: false, exile_countered: false, trigger, sacrificed: None };
                (self.noted_now, self.that_card_now) = (None, None);
                for ins in &then {
                    self.perform(ins, &ctx, dec)?;
                }
            }
        }
        Ok(amount)
    }

    /// Whether a damage effect is a replacement effect rather than a prevention effect (614,
    /// 615): only the doubling ones are.
    fn is_replacement(&self, e: DamageEffect) -> bool {
        matches!(e, DamageEffect::Static(o, i) if matches!(self.ability(o, i), Some(Ability::Replacement(StaticReplacement::DoubleDamage(_)))))
    }

    fn damage_effect_source(&self, e: DamageEffect) -> ObjId {
        match e {
            DamageEffect::Shield(id) => self.shields.iter().find(|s| s.id == id).map_or(ObjId(0), |s| s.source),
            DamageEffect::Static(o, _) | DamageEffect::Protection(o) | DamageEffect::ShieldCounter(o) => o,
        }
    }

    fn prevents_all(&self, e: DamageEffect) -> bool {
        match e {
            DamageEffect::Protection(_) => true,
            DamageEffect::ShieldCounter(_) => false,
            DamageEffect::Shield(id) => self.shields.iter().any(|s| s.id == id && matches!(s.kind, ShieldKind::PreventAllCombat | ShieldKind::PreventAll { .. } | ShieldKind::NextFromSource { .. })),
            DamageEffect::Static(o, i) => matches!(self.ability(o, i), Some(Ability::Replacement(StaticReplacement::PreventCombatDamageToThis | StaticReplacement::PreventDamage { .. }))),
        }
    }

    /// The effects that apply to damage from `source` to `to`.
    fn damage_effects(&self, source: ObjId, to: Target, combat: bool) -> Vec<DamageEffect> {
        let mut out = Vec::new();
        if let Target::Object(o) = to
            && self.protected_from(o, source).is_some()
        {
            out.push(DamageEffect::Protection(o));
        }
        if let Target::Object(o) = to
            && self.on_battlefield(o)
            && self.obj(o).counters.get(&crate::cards::ir::CounterKind::Shield) > 0
        {
            out.push(DamageEffect::ShieldCounter(o));
        }
        for s in &self.shields {
            let applies = match &s.kind {
                ShieldKind::PreventNext { to: t, remaining } => *t == to && *remaining > 0,
                ShieldKind::PreventAllCombat => combat,
                ShieldKind::ExileIfDies(_) => false,
                ShieldKind::NextFromSource { chosen, card, spell, filter, to: t, you } => {
                    // 609.7a: a permanent spell chosen as the source covers the permanent it
                    // becomes.
                    let same = source == *chosen || (*spell && self.obj(source).card_id == *card && self.on_battlefield(source));
                    same && *t == to && self.matches_filter(source, filter, *you)
                }
                ShieldKind::PreventAll { combat: c, to: t, by, you } => {
                    (combat || !c) && t.as_ref().is_none_or(|x| self.party_has(x, to, *you)) && by.as_ref().is_none_or(|x| self.party_has(x, Target::Object(source), *you))
                }
            };
            if applies {
                out.push(DamageEffect::Shield(s.id));
            }
        }
        let statics = if self.may_have(crate::engine::layers::Kinds::REPLACEMENT) { self.battlefield.as_slice() } else { &[] };
        for &p in statics {
            for (i, a) in self.abilities(p) {
                let applies = match a {
                    Ability::Replacement(StaticReplacement::DoubleDamage(f)) => self.matches_filter(source, f, self.controller(p)),
                    Ability::Replacement(StaticReplacement::PreventCombatDamageToThis) => combat && to == Target::Object(p),
                    Ability::Replacement(StaticReplacement::PreventDamage { combat: c, to: t, by, .. }) => {
                        c.is_none_or(|c| c == combat) && t.as_ref().is_none_or(|side| self.damage_side_has(side, p, to)) && by.as_ref().is_none_or(|side| self.damage_side_has(side, p, Target::Object(source)))
                    }
                    _ => false,
                };
                if applies {
                    out.push(DamageEffect::Static(p, i));
                }
            }
        }
        out
    }

    fn apply_damage_effect(&mut self, e: DamageEffect, source: ObjId, to: Target, amount: i64) -> i64 {
        let src = self.describe(source);
        let whom = self.describe_target(to);
        let (left, text, rules): (i64, String, Vec<RuleId>) = match e {
            DamageEffect::Protection(o) => {
                let q = self.protected_from(o, source).map(crate::engine::casting::quality_words).unwrap_or_default();
                (0, format!("{amount} damage {src} would deal to {whom} is prevented: protection from {q}"), cite!(prevent.protection).to_vec())
            }
            DamageEffect::ShieldCounter(o) => {
                let ev = Ev::new(EventKind::PreventDamage, format!("the {amount} damage {src} would deal to {whom} is prevented by its shield counter")).source(self, source).target(self, to).amount(amount).rules(&cite!(prevent.shield_counter));
                self.record(ev);
                self.remove_counters(o, &crate::cards::ir::CounterKind::Shield, 1, &[cite!(counters.shield_removed)], " (it prevented damage)");
                return 0;
            }
            DamageEffect::Shield(id) => {
                let Some(s) = self.shields.iter_mut().find(|s| s.id == id) else { return amount };
                match &mut s.kind {
                    ShieldKind::PreventNext { remaining, .. } => {
                        let prevented = amount.min(i64::from(*remaining));
                        *remaining -= u32::try_from(prevented).unwrap_or(0);
                        let left_on = *remaining;
                        (amount - prevented, format!("{prevented} of the {amount} damage {src} would deal to {whom} is prevented by a shield ({left_on} left)"), cite!(prevent.amount_shield).to_vec())
                    }
                    ShieldKind::PreventAllCombat => (0, format!("the {amount} combat damage {src} would deal to {whom} is prevented"), vec![cite!(prevent.all_combat)]),
                    ShieldKind::PreventAll { .. } => (0, format!("the {amount} damage {src} would deal to {whom} is prevented"), vec![cite!(prevent.all)]),
                    ShieldKind::NextFromSource { .. } => {
                        // Used up by the damage it prevents (609.7b).
                        self.shields.retain(|s| s.id != id);
                        (0, format!("the {amount} damage {src} would deal to {whom} is prevented: it is the next damage from the chosen source"), cite!(prevent.chosen_source).to_vec())
                    }
                    ShieldKind::ExileIfDies(_) => return amount,
                }
            }
            DamageEffect::Static(o, i) => match self.ability(o, i) {
                Some(Ability::Replacement(StaticReplacement::DoubleDamage(_))) => {
                    (amount * 2, format!("{} doubles the {amount} damage {src} would deal to {whom}: {} instead", self.described(o), amount * 2), vec![cite!(replace.damage_doubled)])
                }
                Some(Ability::Replacement(StaticReplacement::PreventCombatDamageToThis)) => (0, format!("the {amount} combat damage {src} would deal to {whom} is prevented by {}", self.described(o)), vec![cite!(prevent.combat_static)]),
                Some(Ability::Replacement(StaticReplacement::PreventDamage { .. })) => (0, format!("the {amount} damage {src} would deal to {whom} is prevented by {}", self.described(o)), vec![cite!(prevent.static_ability)]),
                _ => return amount,
            },
        };
        let kind = if left < amount { EventKind::PreventDamage } else { EventKind::Replace };
        let ev = Ev::new(kind, text).source(self, source).target(self, to).amount(amount - left).rules(&rules);
        self.record(ev);
        left
    }

    /// How many cards a draw becomes after "If you would draw a card, draw N cards instead"
    /// effects (614.11), each applying once (614.5): returns the draws that happen instead, as
    /// lists of effects already applied to each.
    ///
    /// # Errors
    /// When the player's choice of effect is not scripted.
    pub fn replace_draw(&mut self, p: PlayerId, applied: &[ObjId], dec: &mut dyn Decider) -> Result<Option<Vec<Vec<ObjId>>>, Stop> {
        if self.dredge(p, dec)? {
            return Ok(Some(Vec::new()));
        }
        let options: Vec<(ObjId, u32)> = self
            .battlefield
            .iter()
            .copied()
            .filter(|&o| self.controller(o) == p && !applied.contains(&o))
            .filter_map(|o| self.abilities(o).find_map(|(_, a)| if let Ability::Replacement(StaticReplacement::DrawInstead(n)) = a { Some((o, *n)) } else { None }))
            .collect();
        let Some(&(first, _)) = options.first() else { return Ok(None) };
        let pick = if options.len() == 1 {
            first
        } else {
            let sources: Vec<Target> = options.iter().map(|(o, _)| Target::Object(*o)).collect();
            let d = Decision { player: p, kind: DecisionKind::Apply { options: sources }, rule: cite!(replace.draw_order_choice), what: "which replacement effect applies first to the draw".to_owned() };
            match self.decide(dec, &d)? {
                Answer::Pick(ts) => match ts.first() {
                    Some(Target::Object(o)) => *o,
                    _ => first,
                },
                _ => first,
            }
        };
        let n = options.iter().find(|(o, _)| *o == pick).map_or(1, |(_, n)| *n);
        let ev = Ev::new(EventKind::Replace, format!("{} would draw a card; {} replaces it with {n} draws", self.players[p].name, self.described(pick))).player(self, p).source(self, pick).rules(&cite!(replace.draw_extra));
        self.record(ev);
        let mut with: Vec<ObjId> = applied.to_vec();
        with.push(pick);
        Ok(Some((0..n).map(|_| with.clone()).collect()))
    }

    /// Dredge (702.52a): before `p` draws a card, each card with dredge N in their graveyard
    /// may replace the draw, if their library holds at least N cards (702.52b). The player
    /// picks one such card or none (a `pick` of at most one); a picked card makes them mill N
    /// cards and return it to their hand instead of drawing. Declining leaves the draw to the
    /// other replacement effects, and each draw they make may be dredged again (616.1).
    /// Returns whether the draw was replaced.
    fn dredge(&mut self, p: PlayerId, dec: &mut dyn Decider) -> Result<bool, Stop> {
        use crate::cards::ir::Keyword;
        let library = self.players[p].library.len();
        let cards: Vec<(ObjId, u32)> = self.players[p]
            .graveyard
            .iter()
            .filter_map(|&o| self.abilities(o).find_map(|(_, a)| if let Ability::Keyword(Keyword::Dredge(n)) = a { Some((o, *n)) } else { None }))
            .filter(|&(_, n)| library >= n as usize)
            .collect();
        if cards.is_empty() {
            return Ok(false);
        }
        let options: Vec<Target> = cards.iter().map(|&(o, _)| Target::Object(o)).collect();
        let d = Decision { player: p, kind: DecisionKind::PickRange { options, min: 0, max: 1, found: Vec::new() }, rule: cite!(dredge.choice), what: "a card with dredge to return to your hand instead of drawing (none: draw)".to_owned() };
        let Answer::Pick(ts) = self.decide(dec, &d)? else { return Ok(false) };
        let Some(&Target::Object(card)) = ts.first() else { return Ok(false) };
        let n = cards.iter().find(|(o, _)| *o == card).map_or(0, |&(_, n)| n);
        let ev = Ev::new(EventKind::Replace, format!("{} would draw a card; {} dredges {n} instead", self.players[p].name, self.players[p].name))
            .player(self, p)
            .source(self, card)
            .rules(&cite!(dredge.replaces_draw));
        self.record(ev);
        self.mill(p, n as usize);
        let ev = Ev::new(EventKind::ReturnToHand, format!("{} is returned from {}'s graveyard to their hand (dredge)", self.described(card), self.players[p].name)).object(self, card).player(self, p).zone(Zone::Hand).rule(cite!(dredge.to_hand));
        self.record(ev);
        self.move_object(card, Zone::Hand);
        Ok(true)
    }

    /// Where a permanent going from the battlefield to a graveyard goes instead (614.1a:
    /// "if it would die this turn, exile it instead").
    #[must_use]
    pub fn dies_instead(&self, id: ObjId) -> Option<ObjId> {
        // A shield names its permanent (a creature or planeswalker that would die, 700.4); a
        // static ability speaks of creatures.
        if let Some(s) = self.shields.iter().find(|s| s.kind == ShieldKind::ExileIfDies(id)) {
            return Some(s.source);
        }
        if !self.is_creature(id) {
            return None;
        }
        // Permanents leaving in the same event still apply their effects to it: the effect
        // existed before the event (614.1, 603.10a's batch).
        self.battlefield.iter().chain(&self.leaving).copied().find(|&p| {
            self.abilities(p).any(|(_, a)| match a {
                Ability::Replacement(StaticReplacement::ExileInsteadOfDying(None)) => p == id,
                Ability::Replacement(StaticReplacement::ExileInsteadOfDying(Some(f))) => self.matches_filter(id, f, self.controller(p)),
                _ => false,
            })
        })
    }

    /// The permanent or card whose replacement effect puts `id` into exile instead of a
    /// graveyard (614.1a): its own "if this card would be put into a graveyard from anywhere"
    /// (which works in every zone, 113.6b), or a permanent's "if a card would be put into a
    /// graveyard from anywhere". The card's own effect comes first: it is the one that applies
    /// to it wherever it is.
    #[must_use]
    pub fn graveyard_instead(&self, id: ObjId) -> Option<ObjId> {
        use crate::cards::ir::Whose;
        if !self.may_have(crate::engine::layers::Kinds::REPLACEMENT) {
            return None;
        }
        if self.abilities(id).any(|(_, a)| matches!(a, Ability::Replacement(StaticReplacement::ExileInsteadOfGraveyard { this: true, .. }))) {
            return Some(id);
        }
        let owner = self.obj(id).owner;
        let token = self.card(id).token();
        self.battlefield.iter().chain(&self.leaving).copied().find(|&p| {
            self.abilities(p).any(|(_, a)| match a {
                Ability::Replacement(StaticReplacement::ExileInsteadOfGraveyard { this: false, tokens, whose }) => {
                    (*tokens || !token)
                        && match whose {
                            Whose::You => owner == self.controller(p),
                            Whose::Opponent => owner != self.controller(p),
                            Whose::Each | Whose::AttachedController => true,
                        }
                }
                _ => false,
            })
        })
    }

    /// Whether `t` is on the side of a damage event that permanent `p`'s static prevention
    /// effect names.
    fn damage_side_has(&self, side: &crate::cards::ir::DamageSide, p: ObjId, t: Target) -> bool {
        use crate::cards::ir::DamageSide;
        match (side, t) {
            (DamageSide::This, Target::Object(o)) => o == p,
            (DamageSide::Attached, Target::Object(o)) => self.obj(p).attached_to == Some(o),
            (DamageSide::You, Target::Player(q)) => q == self.controller(p),
            (DamageSide::Matching(f), Target::Object(o)) => self.is_live(o) && matches!(self.obj(o).zone, crate::engine::state::Zone::Battlefield | crate::engine::state::Zone::Stack) && self.matches_filter(o, f, self.controller(p)),
            _ => false,
        }
    }

    /// Whether `t` is among the objects or players a prevention effect is about.
    fn party_has(&self, party: &Party, t: Target, you: PlayerId) -> bool {
        match party {
            Party::Fixed(xs) => xs.contains(&t),
            Party::Permanents(f) => matches!(t, Target::Object(o) if self.on_battlefield(o) && self.matches_filter(o, f, you)),
        }
    }

    /// Creates a shield or "this turn" effect from a resolving spell or ability.
    pub fn add_shield(&mut self, source: ObjId, kind: ShieldKind) {
        let id = self.next_shield;
        self.next_shield += 1;
        self.shields.push(Shield { id, source, kind });
    }

    /// Delayed triggered abilities whose moment is the step now beginning trigger (603.7).
    /// `began`: the event of the step beginning, which they trigger on.
    pub fn fire_delayed(&mut self, step: StepName, began: u32) {
        let mut i = 0;
        while i < self.delayed.len() {
            if self.delayed[i].step == step && self.delayed[i].after_turn.is_none_or(|t| self.turn > t) && self.delayed[i].whose.is_none_or(|w| w == self.active) {
                let d = self.delayed.remove(i);
                let ev = Ev::new(EventKind::Trigger, crate::engine::event::Text::DelayedTriggers).source(self, d.source).player(self, d.controller).rules(&[cite!(trigger.delayed_step), d.rule]).because(began);
                // "At end of combat" abilities trigger as that step begins (511.2).
                let ev = if step == StepName::EndOfCombat { ev.rule(cite!(trigger.end_of_combat)) } else { ev };
                self.record(ev);
                let index = self.delayed_effects.len();
                self.delayed_effects.push((crate::cards::ir::Effect { instructions: d.instructions, ..crate::cards::ir::Effect::default() }, false));
                self.pending.push(PendingTrigger { source: d.source, ability: 0, controller: d.controller, info: d.info, delayed: Some(index), keyword: None, event: self.last_event() });
            } else {
                i += 1;
            }
        }
    }
}
