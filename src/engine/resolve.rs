//! Resolving spells and abilities (608): targets checked again (608.2b), instructions followed
//! in the order written (608.2c), the spell put into its owner's graveyard last (608.2n), or a
//! permanent spell put onto the battlefield (608.3).

use crate::cards::ir::{Ability, Effect, Instruction};
use crate::cite;
use crate::engine::casting::Targeter;
use crate::engine::decision::{Decider, Stop};
use crate::engine::event::{EventKind, Text};
use crate::engine::state::{Chosen, Game, ObjId, PlayerId, StackChoices, StackItem, Zone};
use crate::engine::Ev;

/// What a resolving effect knows: who controls it, its source, its targets with whether each
/// is still legal (608.2b), X, whether it was kicked.
#[derive(Clone, Debug)]
pub struct Context {
    pub controller: PlayerId,
    pub source: ObjId,
    pub targets: Vec<Chosen>,
    /// Parallel to `targets`: still legal on resolution.
    pub legal: Vec<bool>,
    pub x: u32,
    pub kicked: bool,
    /// "They can't be regenerated." (701.19c) is part of the effect.
    pub no_regen: bool,
    /// "If that spell is countered this way, exile it instead …" (614.1a) is part of the effect.
    pub exile_countered: bool,
    /// What a triggered ability triggered on.
    pub trigger: crate::engine::state::TriggerInfo,
    /// The permanent sacrificed to pay its cost (`StackChoices::sacrificed`).
    pub sacrificed: Option<ObjId>,
}

impl Game {
    /// Resolves the top object of the stack (608.1).
    ///
    /// # Errors
    /// When a decision on resolution can't be made.
    pub fn resolve_top(&mut self, dec: &mut dyn Decider) -> Result<(), Stop> {
        // 608.1: the top object resolves once all players pass in succession; with others
        // below it, it is the last added, and so the first to resolve (405.5).
        let start = self.trace.len();
        let below = self.stack.len() > 1;
        let r = self.resolve_item(dec);
        if let Some(ev) = self.trace[start..].iter_mut().find(|e| matches!(e.kind, EventKind::Resolve | EventKind::DoesNotResolve)) {
            ev.rules.insert(0, cite!(resolve.top_of_stack));
            if below {
                ev.rules.insert(1, cite!(resolve.last_in_first_out));
            }
        }
        r
    }

    fn resolve_item(&mut self, dec: &mut dyn Decider) -> Result<(), Stop> {
        // A spell resolves from the stack; an ability leaves it first (its text is kept).
        let a = match self.stack.last() {
            None => return Ok(()),
            Some(StackItem::Spell(id)) => {
                let id = *id;
                return self.resolve_spell(id, dec);
            }
            Some(StackItem::Ability(_)) => {
                let Some(StackItem::Ability(a)) = self.stack.pop() else { return Ok(()) };
                a
            }
        };
        // 113.7a: what resolves is the ability as it was put on the stack.
        // The printed card is held (a few shared pointers) rather than its ability copied.
        let printed = if a.text.is_none() { Some(self.card(a.source).clone()) } else { None };
        let text = a.text.as_deref().or_else(|| printed.as_ref().and_then(|c| c.abilities().get(a.ability)));
        let delayed_effect = a
            .delayed
            .map(|i| self.delayed_effects.get(i).map(|(e, _)| e.clone()).unwrap_or_default())
            .or_else(|| a.keyword.map(|k| Game::keyword_trigger_effect(k, a.trigger)))
            .or_else(|| text.and_then(Ability::engine_trigger_effect));
        let (effect, condition) = match (&delayed_effect, text) {
            (Some(e), _) => (e, None),
            (None, Some(Ability::Activated { effect, .. })) => (effect, None),
            (None, Some(Ability::Triggered { effect, condition, .. })) => (effect, condition.as_ref()),
            _ => return Ok(()),
        };
        let name = format!("ability of {}", self.described(a.source));
        // 113.7a: a granted ability on the stack doesn't need the grant to last.
        if a.ability >= self.card(a.source).abilities().len() && a.text.is_some() && a.trigger.is_none() && self.ability(a.source, a.ability) != text {
            let ev = Ev::new(EventKind::Choice, format!("the {name} resolves although it no longer has that ability: on the stack, an ability is independent of its source")).source(self, a.source).rule(cite!(resolve.ability_independent));
            self.record(ev);
        }
        let cause = format!("{name} resolving");
        let origin = crate::engine::cause::Anchor::At(a.origin);
        self.with_cause(cause, origin, |g| {
            // 702.100a, 603.4: evolve's comparison is made again on resolution, with
            // the entered creature as it last existed if it has left.
            if a.keyword == Some(crate::cards::ir::Keyword::Evolve)
                && let Some(o) = a.trigger.and_then(|t| t.object)
                && !g.evolves(a.source, o)
            {
                let ev = Ev::new(EventKind::DoesNotResolve, format!("{name} does nothing: {} no longer has greater power or toughness", g.described(o))).source(g, a.source).rules(&cite!(resolve.intervening_if_power));
                g.record(ev);
                return Ok(false);
            }
            // 603.4: an intervening "if" is checked again as the ability resolves.
            if let Some(c) = condition
                && !g.condition_holds(c, a.source, a.controller)
            {
                let ev = Ev::new(EventKind::DoesNotResolve, format!("{name} does nothing: its \"if\" condition is no longer true")).source(g, a.source).rule(cite!(resolve.intervening_if_false));
                g.record(ev);
                return Ok(false);
            }
            g.trigger_info = a.trigger.unwrap_or_default();
            g.resolving_ability = a.delayed.is_none().then_some((a.source, a.ability));
            g.resolving_uid = a.delayed.is_none().then_some(a.uid);
            let r = g.run_effect(effect, a.controller, a.source, None, &a.choices, &name, dec);
            g.trigger_info = crate::engine::state::TriggerInfo::default();
            g.resolving_ability = None;
            g.resolving_uid = None;
            r
        })?;
        Ok(())
    }

    fn resolve_spell(&mut self, id: ObjId, dec: &mut dyn Decider) -> Result<(), Stop> {
        let card = self.card(id).clone();
        let controller = self.obj(id).controller;
        let name = self.describe(id);
        let origin = self.causes.spell(id).map_or(crate::engine::cause::Anchor::None, crate::engine::cause::Anchor::At);
        self.with_cause(format!("{name} resolving"), origin, |g| {
            fn spell_of(c: &crate::engine::layers::Printed) -> Option<&Effect> {
                c.abilities().iter().find_map(|a| match a {
                    Ability::Spell(e) => Some(e),
                    _ => None,
                })
            }
            // 702.96a: an overloaded spell follows its text with "each" for "target".
            fn overloaded_of(c: &crate::engine::layers::Printed) -> Option<&Effect> {
                c.abilities().iter().find_map(|a| match a {
                    Ability::Overload { effect, .. } => Some(effect),
                    _ => None,
                })
            }
            // 702.102d: a fused split spell follows its left half, then its right half.
            let whole = g.obj(id).choices.fused.then(|| g.obj(id).card.clone());
            let parts: Vec<&Effect> = match &whole {
                Some(w) => w.faces().iter().filter_map(spell_of).collect(),
                None if g.obj(id).choices.overloaded => overloaded_of(&card).into_iter().collect(),
                None => spell_of(&card).into_iter().collect(),
            };
            if !parts.is_empty() {
                let choices = g.obj(id).choices.clone();
                let resolved = g.run_parts(&parts, controller, id, Some(id), &choices, &name, dec)?;
                if g.is_live(id) && g.obj(id).zone == Zone::Stack {
                    let ev = if resolved {
                        Ev::new(EventKind::PutIntoGraveyard, Text::ObjectDoes("is put into its owner's graveyard as the last step of its resolution")).rule(cite!(resolve.spell_to_graveyard))
                    } else {
                        Ev::new(EventKind::PutIntoGraveyard, Text::ObjectDoes("is removed from the stack and put into its owner's graveyard")).rule(cite!(resolve.fizzle_to_graveyard))
                    };
                    if resolved && g.adventure_half(id) && !g.obj(id).copy && !g.obj(id).choices.flashback && !g.obj(id).choices.aftermath {
                        g.go_on_adventure(id);
                    } else if resolved && !g.obj(id).copy && !g.obj(id).choices.flashback && g.obj(id).choices.cast_from == Some(Zone::Hand) && g.has_keyword(id, crate::cards::ir::Keyword::Rebound) {
                        g.rebound(id, controller);
                    } else if resolved && g.obj(id).choices.bought_back && !g.obj(id).choices.flashback {
                        // 702.27a: buyback returns it to its owner's hand instead.
                        let ev = Ev::new(EventKind::ReturnToHand, format!("{name}'s buyback cost was paid: it is put into its owner's hand instead of the graveyard")).object(g, id).zone(Zone::Hand).rules(&cite!(buyback.to_hand));
                        g.record(ev);
                        g.move_object(id, Zone::Hand);
                    } else {
                        let ev = ev.object(g, id).zone(Zone::Graveyard);
                        g.spell_leaves_stack(id, Zone::Graveyard, ev);
                    }
                }
            } else if let Some(Ability::Enchant(f)) = card.abilities().iter().find(|a| matches!(a, Ability::Enchant(_))) {
                // 608.3b: an Aura spell checks its target; 608.3c: it enters attached to it.
                let target = g.obj(id).choices.targets.first().map(|c| c.target);
                let by = Targeter { you: controller, source: id, this: Some(id), x: 0, player: None };
                let problem = match target {
                    Some(t) => g.target_problem(&crate::cards::ir::TargetSpec::Permanent(f.clone()), t, by).map(|(r, w)| (Some(r), w)),
                    None => Some((None, "it has no target".to_owned())),
                };
                if let Some((rule, why)) = problem {
                    let mut ev = Ev::new(EventKind::DoesNotResolve, format!("{name} does not resolve: its target is illegal ({why}); it is put into its owner's graveyard")).object(g, id).rules(&cite!(resolve.aura_target_illegal));
                    if let Some(r) = rule.filter(|&r| r != cite!(target.doesnt_match)) {
                        ev = ev.rule(r);
                    }
                    g.record(ev);
                    g.move_object(id, Zone::Graveyard);
                    return Ok(());
                }
                let Some(crate::engine::state::Target::Object(host)) = target else { return Ok(()) };
                let ev = Ev::new(EventKind::Resolve, Text::Resolves { token: false, ability: false }).object(g, id).rule(cite!(resolve.aura_spell));
                g.record(ev);
                // The evoke trigger below follows from the entering event itself.
                let entered = std::cell::Cell::new(0);
                let nid = g.put_onto_battlefield(id, controller, false, dec, |g, nid| {
                    entered.set(g.last_event() + 1);
                    Ev::new(EventKind::EntersBattlefield, format!("{} enters the battlefield attached to {}", g.described(nid), g.described(host)))
                        .object(g, nid)
                        .target(g, crate::engine::state::Target::Object(host))
                        .player(g, controller)
                        .zone(Zone::Battlefield)
                        .rules(&cite!(resolve.aura_enters_attached))
                })?;
                g.obj_mut(nid).attached_to = Some(host);
                g.cast_option_triggers(nid, entered.get());
            } else if g.types(id).iter().any(|t| t.is_permanent_type()) {
                // 608.3: a permanent spell becomes a permanent under its controller's control;
                // a copy of one becomes a token (707.10f, 111.13).
                let mut ev = Ev::new(EventKind::Resolve, Text::Resolves { token: g.obj(id).copy, ability: false }).object(g, id).rule(cite!(resolve.permanent_spell));
                if g.obj(id).copy {
                    ev = ev.rules(&cite!(copy.spell_becomes_token));
                }
                g.record(ev);
                let evoked = g.obj(id).choices.evoked;
                let dashed = g.obj(id).choices.dashed;
                let warped = g.obj(id).choices.warped;
                let blitzed = g.obj(id).choices.blitzed;
                // The evoke trigger below follows from the entering event itself.
                let entered = std::cell::Cell::new(0);
                let nid = g.put_onto_battlefield(id, controller, false, dec, |g, nid| {
                    entered.set(g.last_event() + 1);
                    Ev::new(EventKind::EntersBattlefield, Text::EntersUnder)
                        .object(g, nid)
                        .player(g, controller)
                        .zone(Zone::Battlefield)
                        .rule(cite!(resolve.enters_battlefield))
                })?;
                // 702.109a: a dashed permanent has haste, and returns to its owner's hand at
                // the beginning of the next end step (a delayed triggered ability, 603.7).
                if dashed && g.on_battlefield(nid) {
                    g.add_effect(nid, controller, vec![nid], crate::cards::ir::Change::Grant(crate::cards::ir::Keyword::Haste), false);
                    let ev = Ev::new(EventKind::Grant, format!("{}'s dash cost was paid: it has haste, and will return to its owner's hand at the beginning of the next end step", g.described(nid))).object(g, nid).rules(&cite!(dash.return_trigger));
                    g.record(ev);
                    g.delayed.push(crate::engine::replace::DelayedTrigger { source: nid, controller, step: crate::cards::ir::StepName::End, instructions: vec![crate::cards::ir::Instruction::ReturnToHand(crate::cards::ir::Affected::This)], after_turn: None, whose: None, info: crate::engine::state::TriggerInfo::default(), rule: cite!(trigger.delayed_by_spell) });
                }
                // 702.185a: the permanent a spell cast for its warp cost becomes is exiled at the
                // beginning of the next end step (a delayed triggered ability, 603.7).
                if warped && g.on_battlefield(nid) {
                    let ev = Ev::new(EventKind::EffectBegins, format!("{}'s warp cost was paid: it will be exiled at the beginning of the next end step, and its owner may cast it from exile after this turn", g.described(nid))).object(g, nid).rules(&cite!(warp.delayed_exile));
                    g.record(ev);
                    g.delayed.push(crate::engine::replace::DelayedTrigger { source: nid, controller, step: crate::cards::ir::StepName::End, instructions: vec![crate::cards::ir::Instruction::WarpExile], after_turn: None, whose: None, info: crate::engine::state::TriggerInfo::default(), rule: cite!(trigger.delayed_by_spell) });
                }
                // 702.152a: a blitzed permanent has haste and "When this permanent is put into a
                // graveyard from the battlefield, draw a card", and is sacrificed at the
                // beginning of the next end step (a delayed triggered ability, 603.7).
                if blitzed && g.on_battlefield(nid) {
                    use crate::cards::ir::{Affected, Change, Instruction, Keyword};
                    g.add_effect(nid, controller, vec![nid], Change::Grant(Keyword::Haste), false);
                    // Its "draw a card" ability is checked by the engine (`Game::fire`).
                    g.obj_mut(nid).choices.blitzed = true;
                    let ev = Ev::new(EventKind::Grant, format!("{}'s blitz cost was paid: it has haste and \"When this permanent is put into a graveyard from the battlefield, draw a card\", and will be sacrificed at the beginning of the next end step", g.described(nid))).object(g, nid).rules(&cite!(blitz.sacrifice_trigger));
                    g.record(ev);
                    g.delayed.push(crate::engine::replace::DelayedTrigger { source: nid, controller, step: crate::cards::ir::StepName::End, instructions: vec![Instruction::SacrificeIt(Affected::This)], after_turn: None, whose: None, info: crate::engine::state::TriggerInfo::default(), rule: cite!(trigger.delayed_by_spell) });
                }
                // 702.74a: "When this permanent enters, if its evoke cost was paid, its
                // controller sacrifices it."
                if evoked
                    && g.on_battlefield(nid)
                    && let Some(i) = g.card(nid).abilities().iter().position(|a| matches!(a, Ability::Evoke(_)))
                {
                    let owner = g.controller(nid);
                    let ev = Ev::new(EventKind::Trigger, format!("{}'s evoke ability triggers: its evoke cost was paid (controlled by {})", g.described(nid), g.players[owner].name)).source(g, nid).player(g, owner).rules(&cite!(evoke.sacrifice_trigger)).because(entered.get());
                    g.record(ev);
                    g.pending.push(crate::engine::state::PendingTrigger { source: nid, ability: i, controller: owner, info: crate::engine::state::TriggerInfo::default(), delayed: None, keyword: None, event: g.last_event() });
                }
                g.cast_option_triggers(nid, entered.get());
            } else {
                let ev = Ev::new(EventKind::Resolve, format!("{name} resolves (no effect)")).object(g, id).rule(cite!(resolve.no_effect));
                g.spell_leaves_stack(id, Zone::Graveyard, ev);
            }
            Ok(())
        })
    }

    /// The enters triggers of options paid as the permanent's spell was cast: offspring
    /// (702.175a: "When this permanent enters, if its offspring cost was paid, create a token
    /// that's a copy of it, except it's 1/1") and gift on a permanent (702.174b: "When this
    /// permanent enters, if its gift cost was paid, [the gift]", for the opponent chosen).
    fn cast_option_triggers(&mut self, nid: ObjId, entered: u32) {
        if !self.on_battlefield(nid) {
            return;
        }
        let owner = self.controller(nid);
        let c = self.obj(nid).choices.clone();
        let abilities = self.card(nid).abilities().to_vec();
        if c.offspring
            && let Some(i) = abilities.iter().position(|a| matches!(a, Ability::Offspring(_)))
        {
            let ev = Ev::new(EventKind::Trigger, format!("{}'s offspring ability triggers: its offspring cost was paid (controlled by {})", self.described(nid), self.players[owner].name)).source(self, nid).player(self, owner).rules(&cite!(offspring.trigger)).because(entered);
            self.record(ev);
            self.pending.push(crate::engine::state::PendingTrigger { source: nid, ability: i, controller: owner, info: crate::engine::state::TriggerInfo::default(), delayed: None, keyword: None, event: self.last_event() });
        }
        if let Some(to) = c.gift
            && let Some(i) = abilities.iter().position(|a| matches!(a, Ability::Gift(_)))
        {
            let ev = Ev::new(EventKind::Trigger, format!("{}'s gift ability triggers: its gift was promised to {} (controlled by {})", self.described(nid), self.players[to].name, self.players[owner].name)).source(self, nid).player(self, owner).rules(&cite!(gift.permanent_trigger)).because(entered);
            let ev = match abilities.get(i) {
                Some(Ability::Gift(g)) => ev.rule(gift_rule(*g)),
                _ => ev,
            };
            self.record(ev);
            let info = crate::engine::state::TriggerInfo { player: Some(to), ..crate::engine::state::TriggerInfo::default() };
            self.pending.push(crate::engine::state::PendingTrigger { source: nid, ability: i, controller: owner, info, delayed: None, keyword: None, event: self.last_event() });
        }
    }

    /// Rebound (702.88a): a spell cast from its owner's hand is exiled as it resolves instead
    /// of going to the graveyard, and a delayed triggered ability will let its owner cast it
    /// from exile without paying its mana cost at the beginning of their next upkeep (603.7).
    fn rebound(&mut self, id: ObjId, controller: PlayerId) {
        let ev = Ev::new(EventKind::Exile, crate::engine::event::Text::ObjectDoes("was cast from its owner's hand and has rebound: it is exiled instead of being put into the graveyard as it resolves")).object(self, id).zone(Zone::Exile).rules(&cite!(rebound.exile));
        self.record(ev);
        let nid = self.move_object(id, Zone::Exile);
        let ev = Ev::new(EventKind::EffectBegins, format!("at the beginning of {}'s next upkeep, they may cast {} from exile without paying its mana cost (a delayed triggered ability)", self.players[controller].name, self.described(nid))).object(self, nid).player(self, controller).rules(&cite!(rebound.delayed_trigger));
        self.record(ev);
        let cast = crate::cards::ir::Instruction::CastWithoutPaying(crate::cards::ir::Affected::This);
        self.delayed.push(crate::engine::replace::DelayedTrigger { source: nid, controller, step: crate::cards::ir::StepName::Upkeep, instructions: vec![cast], after_turn: Some(self.turn), whose: Some(controller), info: crate::engine::state::TriggerInfo::default(), rule: cite!(trigger.delayed_by_spell) });
    }

    /// A spell leaves the stack for `to`, as `ev` says — unless it was cast with flashback:
    /// then it is exiled instead (702.34a), and the event says so.
    pub(crate) fn spell_leaves_stack(&mut self, id: ObjId, to: Zone, ev: Ev) {
        let c = &self.obj(id).choices;
        let instead = if c.flashback { Some(("with flashback", cite!(flashback.exile))) } else if c.aftermath { Some(("from a graveyard with aftermath", cite!(aftermath.exile))) } else { None };
        if let Some((how, rule)) = instead
            && to != Zone::Exile
        {
            let ev = ev.exiled_instead(how, rule);
            self.record(ev);
            self.move_object(id, Zone::Exile);
        } else {
            self.record(ev);
            self.move_object(id, to);
        }
    }

    /// Follows an effect's instructions (608.2c): for a modal effect, those of the chosen
    /// modes in printed order (700.2). When it has targets and every one is now illegal, it
    /// does nothing at all (608.2b); otherwise illegal targets are left alone.
    #[expect(clippy::too_many_arguments, reason = "the pieces of a resolving object, kept separate to avoid cloning it")]
    fn run_effect(&mut self, effect: &Effect, controller: PlayerId, source: ObjId, this: Option<ObjId>, choices: &StackChoices, name: &str, dec: &mut dyn Decider) -> Result<bool, Stop> {
        self.run_parts(&[effect], controller, source, this, choices, name, dec)
    }

    /// Resolves one effect, or for a fused split spell each half's in turn (702.102d), the
    /// targets numbered through the parts in order. Whether every target is illegal is asked
    /// of the whole spell (608.2b).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn run_parts(&mut self, parts: &[&Effect], controller: PlayerId, source: ObjId, this: Option<ObjId>, choices: &StackChoices, name: &str, dec: &mut dyn Decider) -> Result<bool, Stop> {
        let by = Targeter { you: controller, source, this: this.filter(|&t| self.obj(t).zone == Zone::Stack), x: choices.x, player: self.trigger_info.player };
        // The part a slot belongs to, and the slot's number inside it.
        let part_of = |slot: usize| {
            let mut off = 0;
            for (i, e) in parts.iter().enumerate() {
                if slot < off + e.targets.len() {
                    return (i, slot - off);
                }
                off += e.targets.len();
            }
            (parts.len() - 1, slot - (off - parts[parts.len() - 1].targets.len()))
        };
        let mut legal = Vec::with_capacity(choices.targets.len());
        let mut problems = Vec::new();
        for c in &choices.targets {
            let (i, slot) = part_of(c.slot);
            // A repeated mode's targets have slots numbered past the part's (700.2d).
            match self.target_problem(&parts[i].targets[slot % parts[i].targets.len().max(1)].spec, c.target, by) {
                None => legal.push(true),
                Some(p) => {
                    legal.push(false);
                    problems.push((c.target, p));
                }
            }
        }
        if !choices.targets.is_empty() && legal.iter().all(|l| !l) {
            let mut rules = vec![cite!(resolve.all_targets_illegal)];
            rules.extend(problems.iter().map(|(_, (r, _))| *r).filter(|&r| r != cite!(target.doesnt_match)));
            let why: Vec<String> = problems.iter().map(|(_, (_, w))| w.clone()).collect();
            let ev = Ev::new(EventKind::DoesNotResolve, format!("{name} does not resolve: all its targets are illegal ({})", why.join("; "))).source(self, source).rules(&rules);
            self.record(ev);
            return Ok(false);
        }
        let ev = if parts.len() > 1 {
            Ev::new(EventKind::Resolve, format!("{name} resolves: its controller follows the left half's instructions, then the right half's")).source(self, source).rules(&cite!(fuse.resolve))
        } else {
            // Worded as `name` is: a spell (resolved with `this`, `resolve_spell`) by its own
            // description, an ability (without, `resolve_top`) as "ability of" its source.
            Ev::new(EventKind::Resolve, Text::Resolves { token: false, ability: this.is_none() }).source(self, source).rule(cite!(resolve.instructions))
        };
        self.record(ev);
        for (t, (rule, why)) in &problems {
            let mut ev = Ev::new(EventKind::Choice, format!("{} is an illegal target now ({why}): {name} does not affect it as that target", self.describe_target(*t))).target(self, *t).rule(cite!(resolve.target_now_illegal));
            if *rule != cite!(target.doesnt_match) {
                ev = ev.rule(*rule);
            }
            self.record(ev);
        }
        // 702.174j: an instant or sorcery's gift is given first, to the opponent chosen.
        if let Some(spell) = this
            && let Some(to) = choices.gift
            && let Some(gift) = self.card(spell).abilities().iter().find_map(|a| if let Ability::Gift(g) = a { Some(*g) } else { None })
            && (self.has_type(spell, crate::cards::ir::CardType::Instant) || self.has_type(spell, crate::cards::ir::CardType::Sorcery))
        {
            let ev = Ev::new(EventKind::Choice, format!("the gift of {name} was promised: {} gets {} before its other instructions", self.players[to].name, gift.describe())).source(self, source).player(self, to).rules(&cite!(gift.spell_first)).rule(gift_rule(gift));
            self.record(ev);
            let trigger = crate::engine::state::TriggerInfo { player: Some(to), ..crate::engine::state::TriggerInfo::default() };
            let ctx = Context { controller, source, targets: Vec::new(), legal: Vec::new(), x: 0, kicked: false, no_regen: false, exile_countered: false, trigger, sacrificed: None };
            self.created_now.clear();
            self.set_aside.clear();
            self.that_card_now = None;
            self.noted_now = None;
            self.perform_each(&gift.instructions(), &ctx, dec)?;
            if self.outcome.is_some() {
                return Ok(true);
            }
        }
        for (i, effect) in parts.iter().enumerate() {
            let instructions: Vec<&Instruction> = match &effect.modal {
                None => effect.instructions.iter().collect(),
                Some(m) => choices.modes.iter().flat_map(|&i| m.modes[i].instructions.iter()).collect(),
            };
            let (mut targets, mut part_legal) = (Vec::new(), Vec::new());
            for (c, &l) in choices.targets.iter().zip(&legal) {
                let (j, slot) = part_of(c.slot);
                if j == i {
                    targets.push(Chosen { slot, ..*c });
                    part_legal.push(l);
                }
            }
            let no_regen = instructions.iter().any(|i| matches!(i, Instruction::CantBeRegenerated));
            let exile_countered = instructions.iter().any(|i| matches!(i, Instruction::ExileIfCountered));
            let ctx = Context { controller, source, targets, legal: part_legal, x: choices.x, kicked: choices.kicked, no_regen, exile_countered, trigger: self.trigger_info, sacrificed: choices.sacrificed };
            self.created_now.clear();
            self.damaged_now.clear();
            self.life_lost_now = 0;
            self.destroyed_now.clear();
            self.moved_now.clear();
            self.unpreventable_now = instructions.iter().any(|i| matches!(i, Instruction::DamageUnpreventable));
            // "That card" / "those cards" are the ones this effect exiles (608.2c).
            self.set_aside.clear();
            self.that_card_now = None;
            self.noted_now = None;
            self.chosen_type_now = None;
            self.chosen_color_now = None;
            if let Some(m) = effect.modal.as_ref().filter(|m| m.repeat) {
                // 700.2d: the chosen modes in sequence, each time with its own targets.
                let n = effect.targets.len().max(1);
                for (mode, k) in crate::engine::casting::mode_instances(&choices.modes) {
                    let mut one = ctx.clone();
                    let (targets, legal): (Vec<_>, Vec<_>) = ctx.targets.iter().zip(&ctx.legal).filter(|(c, _)| c.slot / n == k).map(|(c, l)| (Chosen { slot: c.slot % n, ..*c }, *l)).unzip();
                    one.targets = targets;
                    one.legal = legal;
                    self.perform_each(&m.modes[mode].instructions, &one, dec)?;
                    if self.outcome.is_some() {
                        break;
                    }
                }
            } else {
                self.perform_each(instructions, &ctx, dec)?;
            }
            if self.outcome.is_some() {
                break;
            }
        }
        self.chosen_type_now = None;
        self.chosen_color_now = None;
        Ok(true)
    }

    /// Carries out instructions in order (608.2c), each one event: what leaves the battlefield
    /// in one instruction leaves together. Stops when the game is over.
    pub(crate) fn perform_each<'i>(&mut self, instructions: impl IntoIterator<Item = &'i Instruction>, ctx: &Context, dec: &mut dyn Decider) -> Result<(), Stop> {
        for ins in instructions {
            self.begin_batch();
            let r = self.perform(ins, ctx, dec);
            self.end_batch();
            if r.is_err() {
                self.unpreventable_now = false;
            }
            r?;
            // 610.3: what a permanent that left in this instruction had exiled returns now.
            self.return_exiled(dec)?;
            if self.outcome.is_some() {
                break;
            }
        }
        self.unpreventable_now = false;
        Ok(())
    }
}

/// The rule that defines what a gift gives (702.174d–i).
fn gift_rule(g: crate::cards::ir::Gift) -> crate::rules::RuleId {
    use crate::cards::ir::Gift;
    match g {
        Gift::Food => cite!(gift.food),
        Gift::Card => cite!(gift.card),
        Gift::TappedFish => cite!(gift.tapped_fish),
        Gift::ExtraTurn => cite!(gift.extra_turn),
        Gift::Treasure => cite!(gift.treasure),
        Gift::Octopus => cite!(gift.octopus),
    }
}
