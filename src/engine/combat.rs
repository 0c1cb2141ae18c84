//! Combat (506–511): declaring attackers and blockers, and combat damage.

use crate::cards::ir::{CardType, Keyword};
use crate::cite;
use crate::cards::ir::Change;
use crate::engine::casting::Illegal;
use crate::engine::decision::{Answer, Decider, Decision, DecisionKind, Stop};
use crate::engine::event::EventKind;
use crate::engine::state::{Attacker, Game, ObjId, Target};
use crate::engine::Ev;

impl Game {
    /// Whether a creature can't attack or use {T} abilities yet (302.6; haste, 702.10b).
    #[must_use]
    pub fn summoning_sick(&self, id: ObjId) -> bool {
        self.is_sick(id) && self.is_creature(id) && !self.has_keyword(id, Keyword::Haste)
    }

    /// The players the active player may attack: their opponents still in the game.
    pub(crate) fn defending_players(&self) -> Vec<usize> {
        self.apnap().into_iter().filter(|&p| p != self.active).collect()
    }

    /// Whether the active player's untapped creature could attack now: summoning sickness
    /// (302.6), "can't attack" effects (508.1c, 101.2), defender (702.3b).
    fn can_attack(&self, id: ObjId) -> Result<(), Illegal> {
        let name = self.describe(id);
        if self.obj(id).tapped {
            return Err(Illegal::new(cite!(attack.tapped), format!("{name} is tapped: only untapped creatures can attack")));
        }
        if self.summoning_sick(id) {
            return Err(Illegal::cited(&cite!(attack.summoning_sick), format!("{name} has not been under its controller's control continuously since their most recent turn began, and has no haste")));
        }
        // 101.2: "can't attack" wins over any permission to attack.
        if self.has_effect(id, &Change::CantAttack) {
            let e = Illegal::cited(&cite!(attack.effect_forbids), format!("an effect says {name} can't attack"));
            return Err(if self.has_keyword(id, Keyword::Defender) { e.also(cite!(attack.defender_also)) } else { e });
        }
        if self.has_keyword(id, Keyword::Defender) && !self.has_effect(id, &Change::AttackDespiteDefender) {
            return Err(Illegal::cited(&cite!(attack.defender), format!("{name} has defender and can't attack")));
        }
        Ok(())
    }

    /// Whether the active player's creature could be declared as an attacker on its own
    /// account: untapped, not summoning sick, not forbidden (508.1c), and some defending player
    /// meets its attack condition.
    fn able_to_attack(&self, id: ObjId) -> bool {
        self.is_creature(id) && self.can_attack(id).is_ok() && self.defending_players().into_iter().any(|d| self.unmet_attack_condition(id, d).is_none())
    }

    /// The active player's creatures that must attack if able (508.1d) and are able, but are
    /// not among `declared`.
    ///
    /// When a creature of the active player has a restriction on attacking alone (506.5),
    /// being able depends on the other attackers: then the declaration must obey as many
    /// requirements as any declaration that breaks no restriction could (508.1d), and every
    /// required creature left out is returned when it obeys fewer.
    #[must_use]
    pub fn required_attackers(&self, declared: &[ObjId]) -> Vec<ObjId> {
        if !self.attacking_alone_matters() {
            return self.permanents_of(self.active).filter(|&id| !declared.contains(&id) && self.has_effect(id, &Change::AttacksEachCombat) && self.able_to_attack(id)).collect();
        }
        let able: Vec<ObjId> = self.permanents_of(self.active).filter(|&id| self.able_to_attack(id)).collect();
        let required: Vec<ObjId> = able.iter().copied().filter(|&id| self.has_effect(id, &Change::AttacksEachCombat)).collect();
        let obeyed = required.iter().filter(|id| declared.contains(id)).count();
        if obeyed >= self.most_attack_requirements(&able, &required) {
            return Vec::new();
        }
        required.into_iter().filter(|id| !declared.contains(id)).collect()
    }

    /// Whether a creature of the active player has a restriction on attacking alone (506.5).
    fn attacking_alone_matters(&self) -> bool {
        self.permanents_of(self.active).any(|id| self.is_creature(id) && (self.has_effect(id, &Change::CantAttackAlone) || self.has_effect(id, &Change::AttackOnlyAlone)))
    }

    /// 508.1d with the restrictions on attacking alone (506.5): the most attack requirements a
    /// declaration of the `able` creatures can obey. Either the required creatures that may
    /// attack beside others attack together (with one more creature when only one of them is
    /// there and it can't attack alone), or one required creature that can only attack alone
    /// attacks by itself.
    fn most_attack_requirements(&self, able: &[ObjId], required: &[ObjId]) -> usize {
        let only_alone = |id: ObjId| self.has_effect(id, &Change::AttackOnlyAlone);
        let not_alone = |id: ObjId| self.has_effect(id, &Change::CantAttackAlone);
        let together: Vec<ObjId> = required.iter().copied().filter(|&id| !only_alone(id)).collect();
        let with_others = match together[..] {
            [] => 0,
            [one] if not_alone(one) => usize::from(able.iter().any(|&h| h != one && !only_alone(h))),
            _ => together.len(),
        };
        let by_itself = usize::from(required.iter().any(|&id| only_alone(id) && !not_alone(id)));
        with_others.max(by_itself)
    }

    /// A creature just put onto the battlefield "tapped and attacking" (508.4): its controller
    /// chooses which defending player or planeswalker of a defending player it attacks (asked
    /// when there is more than one). It is attacking, but it never "attacked": no "whenever …
    /// attacks" ability triggers. Outside the combat steps after attackers are declared, or
    /// under a player who isn't attacking, or when it isn't a creature, it is not attacking
    /// (506.2, 506.3a–b).
    ///
    /// # Errors
    /// When the choice of what it attacks is not scripted; when it would enter attacking in the
    /// beginning of combat step, before attackers are declared, which the engine doesn't model.
    pub fn put_into_combat_attacking(&mut self, id: ObjId, dec: &mut dyn Decider) -> Result<(), Stop> {
        use crate::scenario::model::Step;
        if !self.on_battlefield(id) {
            return Ok(());
        }
        let name = self.describe(id);
        if self.step == Step::BeginningOfCombat {
            return Err(Stop(crate::diag::Diagnostic::new(format!("{name} would be put onto the battlefield attacking before attackers are declared: judge doesn't model that yet"), crate::diag::Span::default())));
        }
        let in_combat = matches!(self.step, Step::DeclareAttackers | Step::DeclareBlockers | Step::FirstStrikeDamage | Step::CombatDamage | Step::EndOfCombat);
        let why_not = if !in_combat {
            Some(("there is no attacking player outside combat".to_owned(), cite!(combat.no_attacking_player)))
        } else if self.controller(id) != self.active {
            Some((format!("{} is not the attacking player", self.players[self.controller(id)].name), cite!(combat.not_attacking_player)))
        } else if !self.is_creature(id) {
            Some(("it is not a creature".to_owned(), cite!(combat.not_creature)))
        } else {
            None
        };
        if let Some((why, rule)) = why_not {
            let ev = Ev::new(EventKind::DeclareAttacker, format!("{name} enters but is not attacking: {why}")).object(self, id).rules(&[rule, cite!(attack.enters_not_attacking)]);
            self.record(ev);
            return Ok(());
        }
        let defenders = self.defending_players();
        let mut options: Vec<Target> = defenders.iter().map(|&p| Target::Player(p)).collect();
        options.extend(self.battlefield.iter().copied().filter(|&o| self.has_type(o, CardType::Planeswalker) && defenders.contains(&self.controller(o))).map(Target::Object));
        if options.is_empty() {
            return Ok(());
        }
        let d = Decision { player: self.controller(id), kind: DecisionKind::Pick { options, count: 1 }, rule: cite!(attack.enters_attacking_choice), what: format!("what {name} attacks (it enters attacking)") };
        let Answer::Pick(picked) = self.decide(dec, &d)? else { return Ok(()) };
        let Some(&target) = picked.first() else { return Ok(()) };
        let ev = Ev::new(EventKind::DeclareAttacker, format!("{name} enters attacking {} (it never \"attacked\": no attack trigger)", self.describe_target(target))).object(self, id).target(self, target).rule(cite!(attack.enters_attacking));
        self.record(ev);
        self.combat.attackers.push(Attacker { id, attacking: target, blockers: Vec::new(), blocked: false });
        self.touch();
        Ok(())
    }

    /// Declares attackers (508.1): checks every requirement, then taps the attackers.
    ///
    /// # Errors
    /// When the declaration is illegal; nothing is changed then.
    pub fn declare_attackers(&mut self, decl: &[(ObjId, Option<Target>)]) -> Result<(), Illegal> {
        let defenders = self.defending_players();
        let declared: Vec<ObjId> = decl.iter().map(|(id, _)| *id).collect();
        if let Some(&id) = self.required_attackers(&declared).first() {
            if self.attacking_alone_matters() {
                return Err(Illegal::cited(&cite!(attack.must_attack_alone), format!("{} attacks each combat if able: another declaration, with the restrictions on attacking alone kept, obeys more attack requirements than this one", self.described(id))));
            }
            return Err(Illegal::new(cite!(attack.must_attack), format!("{} attacks each combat if able, and it is able: it must be declared as an attacker", self.described(id))));
        }
        // 508.1b: with a planeswalker to attack (or several defending players), what each
        // attacker attacks is announced. The list form `attack: [refs]` announces the only
        // defending player; with several, each attacker must name one.
        let walkers = self.battlefield.iter().any(|&o| self.has_type(o, CardType::Planeswalker) && defenders.contains(&self.controller(o)));
        let announced = walkers || defenders.len() > 1;
        let mut resolved = Vec::new();
        for (i, &(id, target)) in decl.iter().enumerate() {
            let name = self.describe(id);
            if decl[..i].iter().any(|(o, _)| *o == id) {
                return Err(Illegal::new(cite!(attack.declared_twice), format!("{name} is declared as an attacker twice")));
            }
            if !self.on_battlefield(id) || !self.is_creature(id) {
                return Err(Illegal::new(cite!(attack.not_creature), format!("{name} is not a creature on the battlefield")));
            }
            if self.controller(id) != self.active {
                return Err(Illegal::new(cite!(attack.not_active_players), format!("{name} is not controlled by the active player")));
            }
            self.can_attack(id)?;
            let target = match target {
                Some(t) => t,
                None => match defenders.as_slice() {
                    [one] => Target::Player(*one),
                    _ => return Err(Illegal::new(cite!(attack.unnamed_defender), format!("{name}: say which player or planeswalker it attacks (`attack: {{ref: PLAYER}}`)"))),
                },
            };
            let ok = match target {
                Target::Player(p) => defenders.contains(&p),
                Target::Object(o) => self.on_battlefield(o) && self.has_type(o, CardType::Planeswalker) && defenders.contains(&self.controller(o)),
                Target::Ability(_) => false,
            };
            if !ok {
                return Err(Illegal::new(cite!(attack.illegal_defender), format!("{name} can't attack {}: it must attack an opponent or a planeswalker an opponent controls", self.describe_target(target))));
            }
            // 508.1c: "can't attack unless defending player controls …", for the player it
            // would attack (508.5).
            let defender = match target {
                Target::Player(p) => p,
                Target::Object(o) => self.controller(o),
                Target::Ability(_) => self.active,
            };
            if let Some(f) = self.unmet_attack_condition(id, defender) {
                let what = crate::engine::layers::describe_subject(&crate::cards::ir::StaticSubject::Each { filter: f.clone(), other: false });
                return Err(Illegal::new(cite!(attack.defender_condition), format!("{name} can't attack {0}: it may attack only a player who controls one of these: {what}, and {0} controls none", self.players[defender].name)));
            }
            resolved.push((id, target));
        }
        // 506.5, 508.1c: restrictions on attacking alone concern the whole declaration.
        if let [(only, _)] = resolved[..]
            && self.has_effect(only, &Change::CantAttackAlone)
        {
            return Err(Illegal::cited(&cite!(attack.alone), format!("{} can't attack alone: it is the only creature declared as an attacker", self.described(only))));
        }
        if resolved.len() > 1
            && let Some(&(id, _)) = resolved.iter().find(|(id, _)| self.has_effect(*id, &Change::AttackOnlyAlone))
        {
            let others = match resolved.len() - 1 {
                1 => "another creature is declared as an attacker".to_owned(),
                n => format!("{n} other creatures are declared as attackers"),
            };
            return Err(Illegal::cited(&cite!(attack.only_alone), format!("{} can only attack alone: {others} with it", self.described(id))));
        }
        for (id, target) in resolved {
            let vigilance = self.has_keyword(id, Keyword::Vigilance);
            let ev = Ev::new(EventKind::DeclareAttacker, crate::engine::event::Text::Attacks).object(self, id).target(self, target).rules(&cite!(attack.declared));
            // 702.10b: haste is what lets a creature its controller got this turn attack.
            let ev = if self.is_sick(id) { ev.rule(cite!(attack.haste)) } else { ev };
            let ev = if announced { ev.rule(cite!(attack.announced_defender)) } else { ev };
            // 508.1d: it attacks because it must.
            let ev = if self.has_effect(id, &Change::AttacksEachCombat) { ev.rule(cite!(attack.must_attack_obeyed)) } else { ev };
            self.record(ev);
            if vigilance {
                let ev = Ev::new(EventKind::DeclareAttacker, crate::engine::event::Text::ObjectDoes("has vigilance and does not tap")).object(self, id).rule(cite!(attack.vigilance));
                self.record(ev);
            } else {
                self.become_tapped(id);
                let ev = Ev::new(EventKind::Tap, crate::engine::event::Text::ObjectDoes("becomes tapped as it attacks")).object(self, id).rule(cite!(attack.tap));
                self.record(ev);
            }
            self.combat.attackers.push(Attacker { id, attacking: target, blockers: Vec::new(), blocked: false });
            self.touch();
            self.combat.any_declared = true;
        }
        // 508.3a: "whenever … attacks" abilities trigger once attackers are declared.
        let turn = self.turn;
        for a in self.combat.attackers.clone() {
            self.obj_mut(a.id).attacked_turn = Some(turn);
            self.fire(crate::engine::triggers::Happening::Attacks(a.id));
        }
        if !self.combat.attackers.is_empty() {
            self.players[self.active].attacked_this_turn = true;
            self.fire(crate::engine::triggers::Happening::AttackersDeclared { player: self.active });
        }
        Ok(())
    }

    /// "You may exert this creature as it attacks" (701.43d): an optional cost to attack
    /// (508.1g), offered to the attacking player for each declared attacker with the ability.
    /// An exerted creature doesn't untap during its controller's next untap step (701.43a),
    /// and the triggered ability linked to the exert ability (607.2h) triggers.
    ///
    /// # Errors
    /// When the choice is not scripted.
    pub(crate) fn offer_exert(&mut self, dec: &mut dyn crate::engine::decision::Decider) -> Result<(), crate::engine::decision::Stop> {
        use crate::engine::decision::{Answer, Decision, DecisionKind};
        let ap = self.active;
        for a in self.combat.attackers.clone() {
            let exerts: Vec<usize> = self.abilities(a.id).filter_map(|(i, ab)| matches!(ab, crate::cards::ir::Ability::Exert(_)).then_some(i)).collect();
            for i in exerts {
                if !self.on_battlefield(a.id) {
                    break;
                }
                let d = Decision { player: ap, kind: DecisionKind::May { able: true }, rule: cite!(exert.choice), what: format!("exert {} as it attacks", self.described(a.id)) };
                let Answer::May(true) = self.decide(dec, &d)? else { continue };
                self.skip_next_untap.push((a.id, None, cite!(exert.no_untap)));
                let ev = Ev::new(EventKind::Choice, format!("{} exerts {} as it attacks: it won't untap during their next untap step", self.players[ap].name, self.described(a.id)))
                    .object(self, a.id)
                    .player(self, ap)
                    .rules(&cite!(exert.exerted));
                self.record(ev);
                let controller = self.controller(a.id);
                if matches!(self.ability(a.id, i), Some(crate::cards::ir::Ability::Exert(e)) if e.instructions.is_empty() && e.modal.is_none()) {
                    continue;
                }
                self.pending.push(crate::engine::state::PendingTrigger { source: a.id, ability: i, controller, info: crate::engine::state::TriggerInfo::default(), delayed: None, keyword: None, event: self.last_event() });
                let ev = Ev::new(EventKind::Trigger, format!("{}'s ability linked to exerting it triggers (controlled by {})", self.described(a.id), self.players[controller].name))
                    .source(self, a.id)
                    .player(self, controller)
                    .rules(&cite!(exert.linked_trigger));
                self.record(ev);
            }
        }
        Ok(())
    }

    /// Declares blockers (509.1).
    ///
    /// # Errors
    /// When the declaration is illegal; nothing is changed then.
    pub fn declare_blockers(&mut self, decl: &[(ObjId, Vec<ObjId>)]) -> Result<(), Illegal> {
        self.check_block_restrictions(decl)?;
        self.check_block_requirements(decl)?;
        self.record_blocks(decl);
        Ok(())
    }

    /// Whether a declaration of blockers disobeys no restriction (509.1a–b).
    fn check_block_restrictions(&self, decl: &[(ObjId, Vec<ObjId>)]) -> Result<(), Illegal> {
        for (i, (b, attackers)) in decl.iter().enumerate() {
            if decl[..i].iter().any(|(o, _)| o == b) {
                return Err(Illegal::new(cite!(block.declared_twice), format!("{} is declared as a blocker twice", self.described(*b))));
            }
            self.check_blocker(b, attackers)?;
        }
        // 506.5, 509.1b: "can't block alone" concerns the whole declaration.
        if let [(only, _)] = decl
            && self.has_effect(*only, &Change::CantBlockAlone)
        {
            return Err(Illegal::cited(&cite!(block.alone), format!("{} can't block alone: it is the only creature declared as a blocker", self.described(*only))));
        }
        // 702.111b: a creature with menace can't be blocked except by two or more creatures.
        for att in &self.combat.attackers {
            let n = decl.iter().filter(|(_, atts)| atts.contains(&att.id)).count();
            if n == 1 && self.has_keyword(att.id, Keyword::Menace) {
                return Err(Illegal::cited(&cite!(block.menace), format!("{} has menace: it can't be blocked by just one creature", self.described(att.id))));
            }
            if let Some(max) = self.max_blockers(att.id).filter(|&m| n > m as usize) {
                let what = if max == 1 { "more than one creature".to_owned() } else { format!("more than {max} creatures") };
                return Err(Illegal::new(cite!(block.blocker_count), format!("{} can't be blocked by {what}: {n} creatures block it", self.described(att.id))));
            }
        }
        Ok(())
    }

    /// The restrictions on one blocker and the attackers it blocks (509.1a–b).
    fn check_blocker(&self, b: &ObjId, attackers: &[ObjId]) -> Result<(), Illegal> {
        let name = self.describe(*b);
        if !self.on_battlefield(*b) || !self.is_creature(*b) {
            return Err(Illegal::new(cite!(block.not_creature), format!("{name} is not a creature on the battlefield")));
        }
        let controller = self.controller(*b);
        if controller == self.active {
            return Err(Illegal::new(cite!(block.attacking_players), format!("{name} is controlled by the attacking player")));
        }
        if self.has_effect(*b, &Change::CantBlock) {
            return Err(Illegal::cited(&cite!(block.effect_forbids), format!("an effect says {name} can't block this turn")));
        }
        // 702.98a: an unleashed creature can't block while it has a +1/+1 counter.
        if self.has_keyword(*b, Keyword::Unleash) && self.obj(*b).counters.plus > 0 {
            return Err(Illegal::cited(&cite!(block.unleash), format!("{name} has unleash and a +1/+1 counter on it: it can't block")));
        }
        if self.obj(*b).tapped {
            return Err(Illegal::new(cite!(block.tapped), format!("{name} is tapped: only untapped creatures can block")));
        }
        let limit = self.block_limit(*b);
        if attackers.is_empty() || attackers.len() > limit {
            let what = if limit == 1 { "exactly one attacking creature".to_owned() } else { format!("between one and {limit} attacking creatures") };
            return Err(Illegal::new(cite!(block.must_block), format!("{name} must block {what}")));
        }
        for (k, a) in attackers.iter().enumerate() {
        if attackers[..k].contains(a) {
            return Err(Illegal::new(cite!(block.same_attacker_twice), format!("{name} blocks {} twice", self.described(*a))));
        }
        let Some(att) = self.combat.attackers.iter().find(|x| x.id == *a) else {
            return Err(Illegal::new(cite!(block.not_attacking), format!("{} is not an attacking creature", self.described(*a))));
        };
        let attacked_controller = match att.attacking {
            Target::Player(p) => p,
            Target::Object(o) => self.controller(o),
            Target::Ability(_) => usize::MAX,
        };
        if attacked_controller != controller {
            return Err(Illegal::new(cite!(block.other_defender), format!("{} is not attacking {} or a planeswalker they control", self.described(*a), self.players[controller].name)));
        }
        if self.has_keyword(*a, Keyword::Flying) && !self.has_keyword(*b, Keyword::Flying) && !self.has_keyword(*b, Keyword::Reach) {
            return Err(Illegal::cited(&cite!(block.flying), format!("{} has flying: {name} has neither flying nor reach", self.described(*a))));
        }
        if let Some(e) = self.evasion_problem(*a, *b) {
            return Err(e);
        }
        // 702.14c: landwalk, against the defending player's lands of that type.
        if let Some(k) = Keyword::ALL.into_iter().filter(|k| k.landwalk_type().is_some()).find(|&k| {
            self.has_keyword(*a, k) && self.permanents_of(controller).any(|l| self.has_type(l, CardType::Land) && k.landwalk_type().is_some_and(|t| self.has_subtype(l, t)))
        }) {
            return Err(Illegal::cited(&cite!(block.landwalk), format!("{} has {}: {} controls a land of that type", self.described(*a), k.name(), self.players[controller].name)));
        }
        if let Some(f) = self.unmet_block_restriction(*a, *b) {
            let who = crate::engine::layers::describe_subject(&crate::cards::ir::StaticSubject::Each { filter: f.clone(), other: false });
            return Err(Illegal::new(cite!(block.except_by), format!("{} can't be blocked except by {who}: {name} isn't one", self.described(*a))));
        }
        if let Some(why) = self.block_filter_problem(*a, *b) {
            return Err(Illegal::new(cite!(block.restriction), why));
        }
        if self.has_effect(*a, &Change::CantBeBlocked) {
            return Err(Illegal::new(cite!(block.unblockable), format!("{} can't be blocked", self.described(*a))));
        }
        if let Some(q) = self.protected_from(*a, *b) {
            return Err(Illegal::cited(&cite!(block.protection), format!("{} has protection from {}: it can't be blocked by {name}", self.described(*a), crate::engine::casting::quality_words(q))));
        }
        }
        Ok(())
    }

    /// The blocking requirements of 509.1c a declaration obeys: a creature that "blocks each
    /// combat if able" blocking; an attacker that "must be blocked if able" blocked; for an
    /// attacker whose ability says all creatures able to block it do so, each creature of the
    /// defending players blocking it. Returns how many are obeyed and how many exist.
    fn block_requirements(&self, decl: &[(ObjId, Vec<ObjId>)]) -> (usize, usize) {
        let blocks = |b: ObjId, a: Option<ObjId>| decl.iter().any(|(o, atts)| *o == b && a.is_none_or(|a| atts.contains(&a)));
        let (mut obeyed, mut total) = (0, 0);
        for b in self.potential_blockers() {
            if self.has_effect(b, &Change::BlocksEachCombat) {
                total += 1;
                obeyed += usize::from(blocks(b, None));
            }
        }
        for att in &self.combat.attackers {
            if self.has_effect(att.id, &Change::MustBeBlocked) {
                total += 1;
                obeyed += usize::from(decl.iter().any(|(_, atts)| atts.contains(&att.id)));
            }
            if self.has_effect(att.id, &Change::AllMustBlock) {
                for b in self.potential_blockers() {
                    total += 1;
                    obeyed += usize::from(blocks(b, Some(att.id)));
                }
            }
        }
        (obeyed, total)
    }

    /// The untapped creatures of the defending players: the creatures a requirement to block
    /// can concern.
    fn potential_blockers(&self) -> Vec<ObjId> {
        self.battlefield.iter().copied().filter(|&o| self.is_creature(o) && self.controller(o) != self.active && !self.obj(o).tapped).collect()
    }

    /// 509.1c: a declaration must obey as many blocking requirements as any declaration that
    /// disobeys no restriction could. The largest number is found by trying every
    /// declaration (each potential blocker blocking nothing, or a set of attackers it may
    /// block on its own, at most as many as it can block), keeping those that disobey no
    /// restriction; a board too large to try in full is refused rather than guessed.
    ///
    /// # Errors
    /// When fewer requirements are obeyed than could be.
    pub(crate) fn check_block_requirements(&self, decl: &[(ObjId, Vec<ObjId>)]) -> Result<(), Illegal> {
        let (obeyed, total) = self.block_requirements(decl);
        if obeyed == total {
            return Ok(());
        }
        let blockers = self.potential_blockers();
        // Each blocker's options: blocking nothing, or a set of attackers it may block.
        let mut options: Vec<Vec<Vec<ObjId>>> = Vec::new();
        let mut size: usize = 1;
        for &b in &blockers {
            let alone: Vec<ObjId> = self.combat.attackers.iter().map(|a| a.id).filter(|&a| self.check_block_restrictions_one(b, a)).collect();
            let limit = self.block_limit(b).min(alone.len());
            let mut sets: Vec<Vec<ObjId>> = vec![Vec::new()];
            for mask in 1u32..(1u32 << alone.len().min(16)) {
                if (mask.count_ones() as usize) <= limit {
                    sets.push(alone.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, a)| *a).collect());
                }
            }
            size = size.saturating_mul(sets.len());
            options.push(sets);
        }
        const MOST: usize = 1 << 16;
        if size > MOST {
            return Err(Illegal::new(cite!(block.requirements_unmet), format!("this declaration obeys {obeyed} of {total} blocking requirements, and judge can't check whether a declaration could obey more: there are {size} declarations to try (it tries at most {MOST})")));
        }
        let mut best = obeyed;
        let mut pick = vec![0usize; blockers.len()];
        let mut example: Option<Vec<(ObjId, Vec<ObjId>)>> = None;
        loop {
            let cand: Vec<(ObjId, Vec<ObjId>)> = blockers.iter().zip(&pick).zip(&options).filter(|((_, k), _)| **k > 0).map(|((b, k), o)| (*b, o[*k].clone())).collect();
            let (n, _) = self.block_requirements(&cand);
            if n > best && self.check_block_restrictions(&cand).is_ok() {
                best = n;
                example = Some(cand);
            }
            // The next combination (an odometer over the options).
            let mut i = 0;
            while i < pick.len() {
                pick[i] += 1;
                if pick[i] < options[i].len() {
                    break;
                }
                pick[i] = 0;
                i += 1;
            }
            if i == pick.len() || best == total {
                break;
            }
        }
        match example {
            None => Ok(()),
            Some(ex) => {
                let shown: Vec<String> = ex.iter().map(|(b, atts)| format!("{} blocking {}", self.described(*b), atts.iter().map(|a| self.describe(*a)).collect::<Vec<_>>().join(" and "))).collect();
                let shown = if shown.is_empty() { "no blocks".to_owned() } else { shown.join(", ") };
                Err(Illegal::new(cite!(block.requirements_maximum), format!("this declaration obeys {obeyed} of the {total} blocking requirements, but {best} can be obeyed without disobeying a restriction (for example: {shown})")))
            }
        }
    }

    /// Whether `blocker` may block `attacker` alone as far as the restrictions on that pair go.
    fn check_block_restrictions_one(&self, blocker: ObjId, attacker: ObjId) -> bool {
        // Menace and "can't be blocked by more than N" concern the whole declaration; the
        // other restrictions concern the pair, so check the pair without the count rules.
        self.check_blocker(&blocker, &[attacker]).is_ok()
    }

    /// Records a legal declaration of blockers (509.1h, 509.3).
    fn record_blocks(&mut self, decl: &[(ObjId, Vec<ObjId>)]) {
        for (b, attackers) in decl {
            for &a in attackers {
                let ev = Ev::new(EventKind::DeclareBlocker, crate::engine::event::Text::Blocks).object(self, *b).target(self, Target::Object(a)).rules(&cite!(block.declared));
                // 509.1c: a block that obeys a requirement.
                let required = self.has_effect(*b, &Change::BlocksEachCombat) || self.has_effect(a, &Change::MustBeBlocked) || self.has_effect(a, &Change::AllMustBlock);
                let ev = if required { ev.rule(cite!(block.requirement_obeyed)) } else { ev };
                self.record(ev);
                if let Some(att) = self.combat.attackers.iter_mut().find(|x| x.id == a) {
                    att.blockers.push(*b);
                    att.blocked = true;
                }
            }
            self.combat.blockers.push((*b, attackers.clone()));
        }
        // Filters may ask whether a creature is blocking.
        self.touch();
        for att in self.combat.attackers.clone() {
            let rule = if att.blocked { cite!(block.blocked) } else { cite!(combat.unblocked) };
            let ev = Ev::new(EventKind::DeclareBlocker, crate::engine::event::Text::ObjectDoes(if att.blocked { "is blocked" } else { "is unblocked" })).object(self, att.id).rule(rule);
            self.record(ev);
        }
        // 509.3a, 509.3c: "blocks" triggers once per blocker; "becomes blocked" once per
        // attacker, however many creatures block it.
        for (b, _) in self.combat.blockers.clone() {
            self.fire(crate::engine::triggers::Happening::Blocks(b));
        }
        for att in self.combat.attackers.clone() {
            if att.blocked {
                self.fire(crate::engine::triggers::Happening::BecomesBlocked(att.id));
            }
        }
        // 509.3g: "attacks and isn't blocked".
        for att in self.combat.attackers.clone() {
            if !att.blocked {
                self.fire(crate::engine::triggers::Happening::Unblocked(att.id));
            }
        }
        // Flanking (702.25a) triggers once for each creature blocking.
        for (b, atts) in self.combat.blockers.clone() {
            for attacker in atts {
                self.fire(crate::engine::triggers::Happening::BlockedBy { attacker, blocker: b });
            }
        }
    }

    /// The evasion abilities of 702.13, 702.28, 702.31, 702.36 and 702.118 that forbid
    /// `blocker` to block `attacker`, cited with 509.1b.
    fn evasion_problem(&self, attacker: ObjId, blocker: ObjId) -> Option<Illegal> {
        let (a, b) = (self.describe(attacker), self.describe(blocker));
        let artifact_creature = self.has_type(blocker, CardType::Artifact) && self.is_creature(blocker);
        let refuse = |rule, why: String| Some(Illegal::new(rule, why).also(cite!(block.evasion_restriction)));
        if self.has_keyword(attacker, Keyword::Shadow) && !self.has_keyword(blocker, Keyword::Shadow) {
            return refuse(cite!(block.shadow), format!("{a} has shadow: {b} doesn't, so it can't block it"));
        }
        if !self.has_keyword(attacker, Keyword::Shadow) && self.has_keyword(blocker, Keyword::Shadow) {
            return refuse(cite!(block.shadow), format!("{b} has shadow: it can block only creatures with shadow, and {a} has none"));
        }
        if self.has_keyword(attacker, Keyword::Horsemanship) && !self.has_keyword(blocker, Keyword::Horsemanship) {
            return refuse(cite!(block.horsemanship), format!("{a} has horsemanship: {b} doesn't, so it can't block it"));
        }
        if self.has_keyword(attacker, Keyword::Fear) && !artifact_creature && !self.has_color(blocker, crate::cards::ir::Color::Black) {
            return refuse(cite!(block.fear), format!("{a} has fear: {b} is neither an artifact creature nor black"));
        }
        if self.has_keyword(attacker, Keyword::Intimidate) && !artifact_creature && !self.colors(attacker).iter().any(|c| self.has_color(blocker, *c)) {
            return refuse(cite!(block.intimidate), format!("{a} has intimidate: {b} is neither an artifact creature nor shares a color with it"));
        }
        if self.has_keyword(attacker, Keyword::Skulk) && self.power(blocker) > self.power(attacker) {
            return refuse(cite!(block.skulk), format!("{a} has skulk: {b} has greater power ({} > {})", self.power(blocker), self.power(attacker)));
        }
        None
    }

    /// Whether a creature in combat has first strike or double strike (510.4).
    #[must_use]
    pub fn any_first_striker(&self) -> bool {
        self.combat.attackers.iter().map(|a| a.id).chain(self.combat.blockers.iter().map(|(b, _)| *b)).any(|o| self.has_keyword(o, Keyword::FirstStrike) || self.has_keyword(o, Keyword::DoubleStrike))
    }

    /// The combat damage step's damage (510.1–510.2): assignments first (attacking player,
    /// then defending players), then all damage is dealt at once.
    ///
    /// # Errors
    /// When a damage assignment among several blockers is not scripted.
    pub fn combat_damage(&mut self, dec: &mut dyn Decider) -> Result<(), Stop> {
        // 510.4: with first strike or double strike in combat, there are two combat damage
        // steps; in the first only those creatures deal damage; in the second, the others and
        // those with double strike (702.4b, 702.7b).
        let in_combat: Vec<ObjId> = self.combat.attackers.iter().map(|a| a.id).chain(self.combat.blockers.iter().map(|(b, _)| *b)).collect();
        let strikes = |g: &Game, o: ObjId| g.has_keyword(o, Keyword::FirstStrike) || g.has_keyword(o, Keyword::DoubleStrike);
        let deals: Vec<ObjId> = match &self.combat.first_strikers {
            None if in_combat.iter().any(|&o| strikes(self, o)) => {
                let first: Vec<ObjId> = in_combat.iter().copied().filter(|&o| strikes(self, o)).collect();
                // Each keyword's own rule: first strike 702.7b, double strike 702.4b.
                let mut ev = Ev::new(EventKind::StepBegins, "first-strike combat damage: only creatures with first strike or double strike deal combat damage now").rule(cite!(combat.first_strike_damage_step));
                if first.iter().any(|&o| self.has_keyword(o, Keyword::FirstStrike)) {
                    ev = ev.rule(cite!(combat.first_strike));
                }
                if first.iter().any(|&o| self.has_keyword(o, Keyword::DoubleStrike)) {
                    ev = ev.rule(cite!(combat.double_strike));
                }
                self.record(ev);
                self.combat.first_strikers = Some(first.clone());
                first
            }
            None => in_combat,
            Some(first) => {
                let first = first.clone();
                in_combat.into_iter().filter(|&o| !first.contains(&o) || self.has_keyword(o, Keyword::DoubleStrike)).collect()
            }
        };
        let mut assigned: Vec<(ObjId, Target, i64, crate::rules::RuleId)> = Vec::new();
        for att in self.combat.attackers.clone() {
            let power = i64::from(self.power(att.id));
            if power <= 0 || !self.on_battlefield(att.id) || !deals.contains(&att.id) {
                continue; // 510.1a
            }
            let attacked_still = match att.attacking {
                Target::Player(p) => !self.players[p].lost,
                Target::Object(o) => self.on_battlefield(o),
                Target::Ability(_) => false,
            };
            if !att.blocked {
                // 510.1b: an unblocked creature damages what it attacks, if that is still there.
                if attacked_still {
                    assigned.push((att.id, att.attacking, power, cite!(damage.unblocked_attacker)));
                }
                continue;
            }
            // "You may have this creature assign its combat damage as though it weren't
            // blocked": its controller chooses, as its damage is assigned (510.1b).
            if attacked_still && self.has_ability(att.id, &crate::cards::ir::Ability::AssignAsThoughUnblocked) {
                let d = Decision { player: self.controller(att.id), kind: DecisionKind::May { able: true }, rule: cite!(damage.as_though_unblocked_choice), what: format!("whether {} assigns its combat damage as though it weren't blocked (all of it to {})", self.described(att.id), self.describe_target(att.attacking)) };
                if matches!(self.decide(dec, &d)?, Answer::May(true)) {
                    assigned.push((att.id, att.attacking, power, cite!(damage.as_though_unblocked)));
                    continue;
                }
            }
            let blockers: Vec<ObjId> = att.blockers.iter().copied().filter(|&b| self.on_battlefield(b)).collect();
            let trample = self.has_keyword(att.id, Keyword::Trample);
            if trample && blockers.is_empty() {
                // 702.19d: a trampler whose blockers are all gone assigns all its damage to
                // what it attacks.
                if attacked_still {
                    assigned.push((att.id, att.attacking, power, cite!(damage.trample_no_blockers)));
                }
                continue;
            }
            // 702.19b: lethal damage for each blocker, counting damage already marked; any 1 is
            // lethal from a source with deathtouch (702.2c).
            let deathtouch = self.has_keyword(att.id, Keyword::Deathtouch);
            let lethal: Vec<u32> = blockers
                .iter()
                .map(|&b| if deathtouch { 1 } else { u32::try_from((self.toughness(b) - i32::try_from(self.obj(b).damage).unwrap_or(0)).max(1)).unwrap_or(1) })
                .collect();
            let over = trample && attacked_still && u64::try_from(power).unwrap_or(0) > lethal.iter().map(|&n| u64::from(n)).sum::<u64>();
            let mut recipients: Vec<Target> = blockers.iter().map(|&b| Target::Object(b)).collect();
            if over {
                recipients.push(att.attacking);
            }
            match recipients.as_slice() {
                [] => {
                    // 509.1h: it stays blocked though nothing blocks it any more; 510.1c: so it
                    // assigns no combat damage.
                    let ev = Ev::new(EventKind::Choice, crate::engine::event::Text::ObjectDoes("is blocked, but no creature blocks it any more: it assigns no combat damage")).object(self, att.id).rules(&cite!(damage.blocked_no_blockers));
                    self.record(ev);
                }
                [one] => assigned.push((att.id, *one, power, cite!(damage.blocked_attacker))),
                _ => {
                    let d = Decision {
                        player: self.controller(att.id),
                        kind: DecisionKind::Assign { recipients: recipients.clone(), total: u32::try_from(power).unwrap_or(0), lethal: over.then(|| lethal.clone()) },
                        rule: if over { cite!(damage.trample_excess) } else { cite!(damage.blocked_attacker) },
                        what: format!("how {} divides {power} combat damage among its blockers{}", self.described(att.id), if over { " and what it attacks (trample)" } else { "" }),
                    };
                    if let Answer::Assign(parts) = self.decide(dec, &d)? {
                        for (t, n) in parts {
                            let rule = if Some(&t) == recipients.last().filter(|_| over) { cite!(damage.trample_excess) } else { cite!(damage.blocked_attacker) };
                            assigned.push((att.id, t, i64::from(n), rule));
                        }
                    }
                }
            }
        }
        for (b, attackers) in self.combat.blockers.clone() {
            let power = i64::from(self.power(b));
            if power <= 0 || !self.on_battlefield(b) || !deals.contains(&b) {
                continue;
            }
            // 510.1d: a blocker damages the creature it blocks; one blocking several divides its
            // damage among them as its controller chooses.
            let alive: Vec<Target> = attackers.iter().copied().filter(|&a| self.on_battlefield(a)).map(Target::Object).collect();
            match alive.as_slice() {
                [] => {}
                [one] => assigned.push((b, *one, power, cite!(damage.blocker))),
                _ => {
                    let d = Decision {
                        player: self.controller(b),
                        kind: DecisionKind::Assign { recipients: alive.clone(), total: u32::try_from(power).unwrap_or(0), lethal: None },
                        rule: cite!(damage.blocker),
                        what: format!("how {} divides {power} combat damage among the creatures it blocks", self.described(b)),
                    };
                    if let Answer::Assign(parts) = self.decide(dec, &d)? {
                        for (t, n) in parts {
                            assigned.push((b, t, i64::from(n), cite!(damage.blocker)));
                        }
                    }
                }
            }
        }
        // 510.2: all combat damage is dealt at once; each assignment first meets the effects
        // that would replace or prevent it (616.1).
        let mut dealt = Vec::new();
        for (src, ..) in &assigned {
            self.check_unread(*src, &crate::cards::ir::Moment::DealsDamage, || "it would deal combat damage (120.3, 510.2)".to_owned())?;
        }
        for (src, to, n, rule) in assigned {
            let n = self.modify_damage(src, to, n, true, dec)?;
            dealt.push((src, to, n, rule));
        }
        self.combat.dealt_to_players.clear();
        // 510.2: all combat damage of the step is dealt at once, as one event.
        self.begin_batch();
        for (src, to, n, rule) in dealt {
            self.deal_damage(src, to, n, Some(rule));
        }
        self.end_batch();
        // 603.2c: "one or more creatures … deal combat damage to a player" is one event per
        // player dealt combat damage in this step, however many creatures dealt it.
        for p in self.apnap() {
            if self.combat.dealt_to_players.iter().any(|&(_, q)| q == p) {
                self.fire(crate::engine::triggers::Happening::CombatDamageTo { player: p });
            }
        }
        self.flush_lifelink();
        Ok(())
    }
}
