//! Turn structure (500–514): steps in order, their turn-based actions (703), and mana
//! emptying between steps (500.5).

use crate::cite;
use crate::engine::decision::{Decider, Stop};
use crate::engine::event::{EventKind, Text};
use crate::engine::state::{Combat, Game, Rejection};
use crate::engine::Ev;
use crate::scenario::model::Step;

/// Maximum hand size (402.2).
const MAX_HAND: usize = 7;

impl Game {
    /// Ends the current step and moves through the following steps, performing their
    /// turn-based actions, to the next point where a player receives priority.
    ///
    /// # Errors
    /// When a turn-based action needs a decision that can't be made.
    pub fn end_step(&mut self, dec: &mut dyn Decider) -> Result<(), Stop> {
        loop {
            self.empty_pools();
            if self.step == Step::EndOfCombat {
                // 511.3: everything is removed from combat as the end of combat step ends.
                self.combat = Combat::default();
                self.touch();
            }
            let next = match self.step.next() {
                // 510.4: a first-strike combat damage step only when a creature in combat has
                // first strike or double strike as combat damage begins; then a second one.
                Some(Step::FirstStrikeDamage) if !self.any_first_striker() => Step::CombatDamage,
                Some(Step::CombatDamage) if self.step == Step::FirstStrikeDamage => {
                    self.combat.second_damage_step = true;
                    Step::CombatDamage
                }
                Some(s) => s,
                // 514.3a: players had priority in cleanup, so another cleanup step follows.
                None if !self.cleanup_done => Step::Cleanup,
                None => {
                    self.begin_turn();
                    Step::Untap
                }
            };
            // 508.8: with no attackers, the declare blockers and combat damage steps are skipped.
            // 614.1b, 614.10: "skip your draw step" replaces the step with nothing.
            let skipper = if next == Step::Draw {
                self.permanents_of(self.active).find(|&o| {
                    self.has_ability(o, &crate::cards::ir::Ability::Replacement(crate::cards::ir::StaticReplacement::SkipDrawStep))
                })
            } else {
                None
            };
            let next = if let Some(src) = skipper {
                let ev = Ev::new(EventKind::Replace, format!("{}'s draw step is skipped ({})", self.players[self.active].name, self.described(src))).source(self, src).rules(&cite!(turn.skip_draw_step));
                self.record(ev);
                Step::PrecombatMain
            } else {
                next
            };
            let next = if next == Step::DeclareBlockers && !self.combat.any_declared {
                // It follows from the declaration of no attackers.
                let declared = self.trace.iter().rposition(|e| e.kind == EventKind::DeclareAttacker).map_or(0, |i| u32::try_from(i + 1).unwrap_or(0));
                let ev = Ev::new(EventKind::StepBegins, "no creatures attack: the declare blockers and combat damage steps are skipped").rule(cite!(combat.no_attackers_skip)).because(declared);
                self.record(ev);
                Step::EndOfCombat
            } else {
                next
            };
            self.step = next;
            let ev = if next == Step::CombatDamage && self.combat.second_damage_step {
                // 510.4: the second combat damage step; double strikers deal damage again (702.4b).
                let double = self.combat.first_strikers.as_ref().is_some_and(|f| f.iter().any(|&o| self.on_battlefield(o) && self.has_keyword(o, crate::cards::ir::Keyword::DoubleStrike)));
                if double {
                    Ev::new(EventKind::StepBegins, "second combat damage step begins: creatures without first strike deal combat damage, and those with double strike deal it again").rules(&cite!(combat.second_damage_step_double_strike))
                } else {
                    Ev::new(EventKind::StepBegins, "second combat damage step begins: the creatures that didn't deal first-strike damage deal theirs").rule(cite!(combat.second_damage_step))
                }
            } else {
                Ev::new(EventKind::StepBegins, Text::StepBegins(next)).rule(next.rule())
            };
            self.record(ev);
            let began = self.last_event();
            // 603.2b: "at the beginning of" abilities trigger as the step begins.
            self.fire(crate::engine::triggers::Happening::StepBegins);
            if next == Step::Upkeep {
                // Echo (702.30a) has looked back to the previous upkeep: this one is now the last.
                self.control_clock += 1;
                let ap = self.active;
                self.players[ap].upkeep_mark = self.control_clock;
            }
            if next == Step::End {
                self.fire_delayed(crate::cards::ir::StepName::End, began);
            }
            if next == Step::EndOfCombat {
                self.fire_delayed(crate::cards::ir::StepName::EndOfCombat, began);
            }
            if next == Step::Upkeep {
                self.fire_delayed(crate::cards::ir::StepName::Upkeep, began);
            }
            if self.begin_step(dec, began)? {
                self.passes = 0;
                return self.give_priority(self.active, dec);
            }
            if self.outcome.is_some() {
                return Ok(());
            }
            if self.cleanup_done {
                // The turn is over: pause here, so a run can stop "at end of turn" (the next
                // call of `end_step` starts the next turn).
                self.priority = None;
                return Ok(());
            }
        }
    }

    fn begin_turn(&mut self) {
        self.turn += 1;
        self.prev_active = Some(self.active);
        // The new turn begins with its untap step (500.1): its first event is in that step.
        self.step = Step::Untap;
        // 500.7: an extra turn comes directly after the turn it was added after; the most
        // recently added is taken first. After the extra turns, the turn order goes on from
        // the player whose ordinary turn they followed.
        // 614.10a: a turn a player would begin that they are to skip doesn't happen; the next
        // one is looked for instead.
        let mut extra;
        loop {
            extra = false;
            while let Some(p) = self.extra_turns.pop() {
                if !self.players[p].lost {
                    self.ordinary_turn_of.get_or_insert(self.active);
                    self.active = p;
                    extra = true;
                    break;
                }
            }
            if !extra {
                let after = self.ordinary_turn_of.take().unwrap_or(self.active);
                self.active = self.next_player(after);
            }
            let p = self.active;
            if self.turns_to_skip.get(p).copied().unwrap_or(0) == 0 || self.players.iter().filter(|q| !q.lost).count() == 0 {
                break;
            }
            self.turns_to_skip[p] -= 1;
            let which = if extra { "extra turn" } else { "turn" };
            let ev = Ev::new(EventKind::Replace, format!("{} skips their {which}", self.players[p].name)).player(self, p).rules(&cite!(turn.skip_step));
            self.record(ev);
        }
        self.attackers_declared = false;
        self.cleanup_done = false;
        for p in &mut self.players {
            p.lands_played = 0;
            p.extra_lands = 0;
            p.cant_play_lands = false;
            p.draws_this_turn = 0;
            p.spells_last_turn = p.spells_this_turn;
            p.spells_this_turn = 0;
            p.damaged_this_turn = false;
            p.attacked_this_turn = false;
            p.left_battlefield_this_turn = false;
            p.life_gained_this_turn = 0;
            p.life_lost_this_turn = 0;
        }
        self.creatures_died_this_turn = 0;
        self.died_this_turn.clear();
        let ev = if extra {
            Ev::new(EventKind::TurnBegins, Text::TurnBegins { turn: self.turn, extra: true }).player(self, self.active).rules(&cite!(turn.extra_turn_begins))
        } else {
            Ev::new(EventKind::TurnBegins, Text::TurnBegins { turn: self.turn, extra: false }).player(self, self.active).rule(cite!(turn.begins))
        };
        self.record(ev);
        // "Until the end of your next turn": the turn it ends in is now known.
        let (turn, active) = (self.turn, self.active);
        for perm in &mut self.play_permissions {
            if perm.turn.is_none() && !perm.lasting && perm.player == active && perm.given < turn {
                perm.turn = Some(turn);
            }
        }
    }

    /// Performs the turn-based actions of the step just begun; returns whether players
    /// receive priority in it.
    /// `began`: the event of the step beginning, which its turn-based actions follow from.
    fn begin_step(&mut self, dec: &mut dyn Decider, began: u32) -> Result<bool, Stop> {
        // "turn-based action (declare attackers)", made once per step for every game.
        static CAUSES: std::sync::LazyLock<Vec<std::sync::Arc<str>>> = std::sync::LazyLock::new(|| Step::ALL.iter().map(|s| format!("turn-based action ({})", s.words()).into()).collect());
        self.with_cause(CAUSES[self.step as usize].clone(), crate::engine::cause::Anchor::At(began), |g| g.turn_based_actions(dec))
    }

    fn turn_based_actions(&mut self, dec: &mut dyn Decider) -> Result<bool, Stop> {
        let ap = self.active;
        match self.step {
            Step::Untap => {
                // 611.2a: effects "until your next turn" end as that turn begins.
                self.end_until_next_turn_effects(ap);
                // 730.2: the second part of the untap step checks day and night.
                self.day_night_untap()?;
                // 302.6: the active player's permanents have now been under their control
                // continuously since this turn began.
                let mine: Vec<_> = self.permanents_of(ap).collect();
                // 611.2a: "doesn't untap during its controller's next untap step" ends with
                // this step, whether or not the permanent was tapped.
                let (now, later): (Vec<_>, Vec<_>) = std::mem::take(&mut self.skip_next_untap).into_iter().partition(|&(o, who, _)| who.map_or_else(|| self.on_battlefield(o) && self.controller(o) == ap, |w| w == ap));
                self.skip_next_untap = later;
                for id in mine {
                    self.obj_mut(id).steady = Some(ap);
                    if self.obj(id).tapped
                        && let Some(&(_, _, why)) = now.iter().find(|&&(o, _, _)| o == id)
                    {
                        let how = if why == cite!(exert.no_untap) { "it was exerted" } else { "as an effect said" };
                        let ev = Ev::new(EventKind::Untap, format!("{} doesn't untap during this untap step, {how}", self.described(id))).object(self, id).rules(&[cite!(untap.doesnt_untap), why]);
                        self.record(ev);
                    } else if self.obj(id).tapped && self.has_effect(id, &crate::cards::ir::Change::DoesntUntap) {
                        let ev = Ev::new(EventKind::Untap, crate::engine::event::Text::ObjectDoes("doesn't untap during its controller's untap step")).object(self, id).rules(&cite!(untap.doesnt_untap_static));
                        self.record(ev);
                    } else if self.obj(id).tapped {
                        self.untap_permanent(id, cite!(untap.untaps), "untaps");
                    }
                }
                Ok(false) // 502.4
            }
            Step::Draw => {
                if self.players.len() == 2 && self.turn == self.first_turn && ap == self.starting_player {
                    let ev = Ev::new(EventKind::Draw, crate::engine::event::Text::PlayerDoes("skips the draw of the first turn")).player(self, ap).amount(0).rule(cite!(turn.first_draw_skipped));
                    self.record(ev);
                } else {
                    self.draw_with(ap, cite!(turn.draw_step_draw), dec)?;
                }
                Ok(true)
            }
            Step::DeclareAttackers => {
                self.attackers_declared = true;
                // 800.4j: the turn of a player who left the game goes on without an active
                // player: no one declares attackers.
                if self.players[ap].lost {
                    let ev = Ev::new(EventKind::DeclareAttacker, format!("the turn goes on without an active player ({} has left the game): no attackers are declared", self.players[ap].name)).player(self, ap).rules(&cite!(multiplayer.no_active_player_attack));
                    self.record(ev);
                    return Ok(true);
                }
                loop {
                    match dec.attackers(self)? {
                        None => {
                            // 508.1d: creatures that must attack if able do so even when the
                            // player declares nothing else.
                            let forced = self.required_attackers(&[]);
                            if forced.is_empty() {
                                let ev = Ev::new(EventKind::DeclareAttacker, Text::PlayerDoes("declares no attackers")).player(self, ap).rule(cite!(combat.no_attackers));
                                self.record(ev);
                                break;
                            }
                            // 508.1b: with several defending players or a planeswalker to
                            // attack, the player announces what each forced attacker attacks.
                            let defenders = self.defending_players();
                            let mut options: Vec<crate::engine::Target> = defenders.iter().map(|&p| crate::engine::Target::Player(p)).collect();
                            options.extend(self.battlefield.iter().copied().filter(|&o| self.has_type(o, crate::cards::ir::CardType::Planeswalker) && defenders.contains(&self.controller(o))).map(crate::engine::Target::Object));
                            let mut decl: Vec<(crate::engine::ObjId, Option<crate::engine::Target>)> = Vec::new();
                            for id in forced {
                                let target = if options.len() > 1 {
                                    let d = crate::engine::Decision { player: ap, kind: crate::engine::DecisionKind::Pick { options: options.clone(), count: 1 }, rule: cite!(combat.choose_attacked), what: format!("what {} attacks (it must attack, 508.1d)", self.described(id)) };
                                    match self.decide(dec, &d)? {
                                        crate::engine::Answer::Pick(t) => t.first().copied(),
                                        _ => None,
                                    }
                                } else {
                                    None
                                };
                                decl.push((id, target));
                            }
                            match self.declare_attackers(&decl) {
                                Ok(()) => {
                                    self.offer_exert(dec)?;
                                    break;
                                }
                                Err(e) => return Err(Stop(crate::diag::Diagnostic::new(format!("a creature must attack this combat (508.1d) but the attack can't be declared for it: {}", e.reason), crate::diag::Span::default()).help("script the attack with `attack:` naming what it attacks"))),
                            }
                        }
                        Some((action, decl)) => match self.declare_attackers(&decl) {
                            Ok(()) => {
                                self.offer_exert(dec)?;
                                break;
                            }
                            Err(e) => self.reject(action, e),
                        },
                    }
                }
                Ok(true)
            }
            Step::DeclareBlockers => {
                loop {
                    match dec.blockers(self)? {
                        None => {
                            // 509.1c: with a blocking requirement that could be obeyed, "no
                            // blocks" is not the defending player's only choice to make.
                            if let Err(e) = self.check_block_requirements(&[]) {
                                return Err(Stop(crate::diag::Diagnostic::new(format!("a blocking requirement applies and no blocks are scripted: {}", e.reason), crate::diag::Span::default()).help("script the blocks with `block:`")));
                            }
                            let ev = Ev::new(EventKind::DeclareBlocker, "no blockers are declared").rule(cite!(combat.no_blockers));
                            self.record(ev);
                            for att in self.combat.attackers.clone() {
                                let ev = Ev::new(EventKind::DeclareBlocker, Text::ObjectDoes("is unblocked")).object(self, att.id).rule(cite!(combat.unblocked));
                                self.record(ev);
                            }
                            break;
                        }
                        Some((action, decl)) => {
                            self.check_unread_blocks(&decl)?;
                            match self.declare_blockers(&decl) {
                                Ok(()) => break,
                                Err(e) => self.reject(action, e),
                            }
                        }
                    }
                }
                Ok(true)
            }
            Step::PrecombatMain => {
                // 714.3b: a lore counter on each Saga the active player controls with one or
                // more chapter abilities, without using the stack.
                let sagas: Vec<_> = self.permanents_of(ap).filter(|&o| self.has_subtype(o, "Saga") && self.final_chapter(o) > 0).collect();
                for id in sagas {
                    self.put_counters(id, &crate::cards::ir::CounterKind::Lore, 1, &[cite!(saga.main_phase_lore)], false, "");
                }
                Ok(true)
            }
            Step::FirstStrikeDamage | Step::CombatDamage => {
                self.combat_damage(dec)?;
                Ok(true)
            }
            Step::Cleanup => {
                let hand = self.players[ap].hand.len();
                // 402.2: "You have no maximum hand size."
                let unlimited = self.permanents_of(ap).chain(self.players[ap].command.iter().copied()).find(|&o| self.has_ability(o, &crate::cards::ir::Ability::NoMaxHandSize { everyone: false })).or_else(|| {
                    let everyone = crate::cards::ir::Ability::NoMaxHandSize { everyone: true };
                    self.battlefield.iter().copied().find(|&o| self.has_ability(o, &everyone))
                });
                if hand > MAX_HAND && let Some(src) = unlimited {
                    let ev = Ev::new(EventKind::RuleChange, format!("{} has no maximum hand size ({}): no discard", self.players[ap].name, self.described(src))).player(self, ap).source(self, src).rules(&cite!(cleanup.no_maximum_hand_size));
                    self.record(ev);
                } else if hand > MAX_HAND {
                    let n = hand - MAX_HAND;
                    let cards = self.choose_cards(ap, n, dec, &format!("discard {n} card(s) down to maximum hand size"), cite!(cleanup.discard_to_hand_size))?;
                    for c in cards {
                        self.discard(ap, c, cite!(cleanup.discard_to_hand_size));
                    }
                }
                // 514.2: damage wears off and "until end of turn" effects end, at once.
                let damaged: Vec<_> = self.battlefield.iter().copied().filter(|&id| self.obj(id).damage > 0).collect();
                for id in damaged {
                    self.obj_mut_status(id).damage = 0;
                    let ev = Ev::new(EventKind::DamageWearsOff, crate::engine::event::Text::DamageWearsOff).object(self, id).rule(cite!(cleanup.damage_wears_off));
                    self.record(ev);
                }
                // "This turn" replacement and prevention effects end (514.2).
                if !self.shields.is_empty() || self.unpreventable_turn {
                    self.shields.clear();
                    self.unpreventable_turn = false;
                    let ev = Ev::new(EventKind::EffectEnds, "prevention and replacement effects that last \"this turn\" end").rule(cite!(cleanup.this_turn_effects_end));
                    self.record(ev);
                }
                // Regeneration shields last only this turn (701.19a).
                let permanents = self.battlefield.to_vec();
                for id in permanents {
                    if self.obj(id).regen_shields > 0 {
                        self.obj_mut(id).regen_shields = 0;
                        let ev = Ev::new(EventKind::EffectEnds, format!("the regeneration shield on {} ends with the turn", self.described(id))).object(self, id).rules(&cite!(cleanup.regeneration_shield_ends));
                        self.record(ev);
                    }
                }
                self.end_turn_effects();
                self.end_play_permissions();
                // 514.3a: if state-based actions would happen now, players get priority.
                let before = self.trace.len();
                self.check_sbas(dec)?;
                if self.trace.len() > before && self.outcome.is_none() {
                    let ev = Ev::new(EventKind::StepBegins, "state-based actions happened in cleanup: players receive priority").rule(cite!(cleanup.extra_priority));
                    self.record(ev);
                    return Ok(true);
                }
                self.cleanup_done = true;
                Ok(false)
            }
            _ => Ok(true),
        }
    }

    /// Records an action the rules forbade (732).
    pub fn reject(&mut self, action: usize, e: crate::engine::casting::Illegal) {
        let rules: Vec<String> = e.rules.iter().map(ToString::to_string).collect();
        let ev = Ev::new(EventKind::Rejected, format!("action {action} rejected: {} ({})", e.reason, rules.join(", "))).rules(&e.rules).rule(cite!(game.action_rejected));
        self.record(ev);
        self.rejections.push(Rejection { action, rules: e.rules, reason: e.reason });
    }
}
