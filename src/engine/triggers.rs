//! Triggered abilities (603): trigger conditions checked against what happens, the look back
//! of leaves-the-battlefield abilities (603.10a), intervening "if" clauses (603.4), and putting
//! waiting triggers on the stack in APNAP order, each player ordering their own (603.3b), with
//! targets chosen then (603.3d).

use crate::cards::ir::{Ability, Condition, SpellFact, StepName, Subject, Trigger, Whose};
use crate::cite;
use crate::engine::casting::Targeter;
use crate::engine::decision::{Answer, Decider, Decision, DecisionKind, Stop};
use crate::engine::event::{About, EventKind, Named, On, Text};
use crate::engine::state::{Chosen, Game, ObjId, PendingTrigger, PlayerId, StackAbility, StackChoices, StackItem, Target, TriggerInfo, Zone};
use crate::engine::Ev;
use crate::scenario::model::Step;

/// Something that happened that trigger conditions are checked against.
#[derive(Clone, Copy, Debug)]
pub enum Happening {
    /// An object moved to or from the battlefield: `old` as it last existed, `new` as it is now.
    ZoneChange { old: ObjId, new: ObjId, from: Zone, to: Zone },
    /// A step began (603.2b).
    StepBegins,
    Attacks(ObjId),
    Blocks(ObjId),
    BecomesBlocked(ObjId),
    /// A spell became cast (601.2i).
    Cast { spell: ObjId, player: PlayerId },
    /// A copy of a spell was put on the stack (707.10): not cast, but "cast or copy" sees it.
    Copied { spell: ObjId, player: PlayerId },
    /// No creature was declared as a blocker for this attacking creature (509.3g).
    Unblocked(ObjId),
    /// `n` counters were put on an object (122.6): +1/+1 counters (`plus` Some(true)), -1/-1
    /// (Some(false)) or another kind (None).
    CountersPut { object: ObjId, plus: Option<bool>, n: u32 },
    /// A player lost life (119.3, 120.3a).
    LifeLost { player: PlayerId },
    /// Lore counters were put on an object (714.2b), taking their number from `before` to
    /// `after`.
    LoreCountersPut { object: ObjId, before: u32, after: u32 },
    /// A tapped permanent became untapped (603.2e).
    BecomesUntapped(ObjId),
    /// A card left its owner's graveyard (`card` as it was there).
    LeftGraveyard { player: PlayerId, card: ObjId },
    /// Damage was dealt (120.3), after replacement and prevention.
    Damage { source: ObjId, to: Target, amount: i64, combat: bool },
    /// A player gained life (119.3).
    GainLife { player: PlayerId, amount: i64 },
    /// A player drew a card (121.2).
    Draw { player: PlayerId },
    /// A player declared one or more attackers (508.1).
    AttackersDeclared { player: PlayerId },
    /// A player discarded a card, now `card` in their graveyard (701.9a); `cycled`: to pay a
    /// cycling cost (702.29c).
    Discard { player: PlayerId, card: ObjId, cycled: bool },
    /// An untapped permanent became tapped (701.26a).
    BecomesTapped(ObjId),
    /// One or more sources dealt combat damage to a player in this combat damage step (510.2);
    /// which ones is in `Combat::dealt_to_players`.
    CombatDamageTo { player: PlayerId },
    /// A face-down permanent was turned face up (702.37e).
    TurnedFaceUp(ObjId),
    /// A permanent transformed (701.27a), now with its other face up.
    Transformed(ObjId),
    /// A Room was given the unlocked designation of its half `door` (709.5h).
    Unlocked { object: ObjId, door: u8 },
    /// A Room got its second unlocked designation, or both at once (709.5i).
    FullyUnlocked(ObjId),
    /// `blocker` was declared as a blocker of `attacker` (509.1): once per pair.
    BlockedBy { attacker: ObjId, blocker: ObjId },
    /// A permanent became the target of a spell or ability (`by`) that `controller` controls
    /// (115.1): once per permanent for each spell or ability.
    BecomesTarget { object: ObjId, by: Target, controller: PlayerId },
    /// The last time counter was removed from a permanent (702.63a): it had one and now has
    /// none.
    LastTimeCounterRemoved(ObjId),
    /// A permanent became monstrous (701.37a–b).
    BecameMonstrous(ObjId),
}

/// The kind of counter vanishing counts (702.63a).
fn time_counter() -> crate::cards::ir::CounterKind {
    crate::cards::ir::CounterKind::Named("time".to_owned())
}

/// A delayed "when that creature dies this turn, …" ability (603.7): created by `source`'s
/// spell or ability, controlled by `controller` (603.7d–e), about `object` (603.7c), in `turn`.
#[derive(Clone, Debug)]
pub struct DelayedDies {
    pub source: ObjId,
    pub controller: PlayerId,
    pub object: ObjId,
    pub turn: u32,
    pub instructions: Vec<crate::cards::ir::Instruction>,
    pub rule: crate::rules::RuleId,
}

/// What makes an event the same one again in a turn, for "for the first time each turn": the
/// kind of event and who or what it happened to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FirstKey {
    Attacks(ObjId),
    GainLife(PlayerId),
    /// Became the target of a spell or ability; `Some(p)`: one `p` controls.
    BecomesTarget(ObjId, Option<PlayerId>),
    /// +1/+1 counters (`true`) or -1/-1 counters were put on it.
    CountersPut(ObjId, bool),
    BecomesTapped(ObjId),
}

/// The keys an event is counted under for "for the first time each turn".
fn first_keys(h: Happening) -> smallvec::SmallVec<[FirstKey; 2]> {
    match h {
        Happening::Attacks(o) => smallvec::smallvec![FirstKey::Attacks(o)],
        Happening::GainLife { player, .. } => smallvec::smallvec![FirstKey::GainLife(player)],
        Happening::BecomesTarget { object, controller, .. } => smallvec::smallvec![FirstKey::BecomesTarget(object, None), FirstKey::BecomesTarget(object, Some(controller))],
        Happening::CountersPut { object, plus: Some(plus), .. } => smallvec::smallvec![FirstKey::CountersPut(object, plus)],
        Happening::BecomesTapped(o) => smallvec::smallvec![FirstKey::BecomesTapped(o)],
        _ => smallvec::SmallVec::new(),
    }
}

/// The key under which `trigger` (of an ability controlled by `controller`) asks whether `h` is
/// the first such event of the turn.
fn first_key_of(trigger: &Trigger, h: Happening, controller: PlayerId) -> Option<FirstKey> {
    match (trigger, h) {
        (Trigger::BecomesTargetBy { .. }, Happening::BecomesTarget { object, .. }) => Some(FirstKey::BecomesTarget(object, Some(controller))),
        (Trigger::Either(a, b), h) => first_key_of(a, h, controller).or_else(|| first_key_of(b, h, controller)),
        _ => first_keys(h).first().copied(),
    }
}

impl Game {
    /// Taps an untapped permanent (701.26a); "whenever … becomes tapped" abilities trigger
    /// (603.2e). The caller records the event with its own wording.
    pub fn become_tapped(&mut self, id: ObjId) {
        if self.obj(id).tapped {
            return;
        }
        self.obj_mut_status(id).tapped = true;
        self.fire(Happening::BecomesTapped(id));
    }

    /// Starts an event in which several things happen at once (a resolving instruction, one
    /// round of state-based actions): permanents that leave during it still "see" each other
    /// leave (603.10a).
    pub fn begin_batch(&mut self) {
        if self.batch == 0 {
            self.event += 1;
        }
        self.batch += 1;
    }

    pub fn end_batch(&mut self) {
        self.batch = self.batch.saturating_sub(1);
        if self.batch == 0 {
            self.leaving.clear();
        }
    }

    /// 702.152a: a permanent whose blitz cost was paid has "When this permanent is put into a
    /// graveyard from the battlefield, draw a card" (a leaves-the-battlefield ability, looking
    /// back at it as it last existed, 603.10a).
    fn fire_blitz_draw(&mut self, h: Happening, at: u32) {
        let Happening::ZoneChange { old, new, from: Zone::Battlefield, to: Zone::Graveyard } = h else { return };
        if !self.obj(old).choices.blitzed {
            return;
        }
        let Some(i) = self.card(old).abilities().iter().position(|a| matches!(a, Ability::Blitz(_))) else { return };
        let controller = self.controller(old);
        let ev = Ev::new(EventKind::Trigger, format!("{}'s blitz ability triggers: it was put into a graveyard from the battlefield (controlled by {})", self.described(old), self.players[controller].name))
            .source(self, old)
            .player(self, controller)
            .rules(&cite!(blitz.draw_trigger))
            .because(at);
        self.record(ev);
        let info = TriggerInfo { object: Some(old), moved_to: Some(new), ..TriggerInfo::default() };
        self.pending.push(PendingTrigger { source: old, ability: i, controller, info, delayed: None, keyword: None, event: self.last_event() });
    }

    /// Checks the trigger conditions of a zone change (called by `move_object`).
    pub fn zone_change_triggers(&mut self, old: ObjId, new: ObjId, from: Zone, to: Zone) {
        if from == Zone::Battlefield {
            self.leaving.push(old);
        }
        self.fire(Happening::ZoneChange { old, new, from, to });
        if self.batch == 0 {
            self.leaving.clear();
        }
    }

    /// Checks every triggered ability that could see `h` (603.2); those that trigger wait in
    /// `pending` until a player would receive priority.
    pub fn fire(&mut self, h: Happening) {
        // What triggers now triggers on the event just recorded (603.2).
        let at = self.last_event();
        // "For the first time each turn": the keys this event is the first of this turn.
        if self.firsts.0 != self.turn {
            self.firsts.0 = self.turn;
            self.firsts.1.change(Vec::clear);
        }
        // The keys not seen before this turn. The list is kept sorted: a turn can hold thousands
        // of events.
        let mut firsts: smallvec::SmallVec<[FirstKey; 2]> = smallvec::SmallVec::new();
        for k in first_keys(h) {
            if let Err(at) = self.firsts.1.binary_search(&k) {
                self.firsts.1.insert(at, k);
                firsts.push(k);
            }
        }
        if self.damaged.0 != self.turn {
            self.damaged = (self.turn, Vec::new());
        }
        if let Happening::Damage { source, to: Target::Object(o), .. } = h {
            self.damaged.1.push((source, o));
        }
        self.fire_delayed_dies(h, at);
        self.fire_monarch(h, at);
        if let Happening::LifeLost { player } = h {
            self.fire_speed(player, at);
        }
        self.fire_blitz_draw(h, at);
        // No card in the game has a triggered ability: nothing below can trigger.
        if !self.may_have(crate::engine::layers::Kinds::TRIGGER) {
            return;
        }
        let leaves = matches!(h, Happening::ZoneChange { from: Zone::Battlefield, .. });
        let has_trigger = |o: &ObjId| {
            // The card's kinds first: most permanents have no ability that triggers.
            self.may_have_ability(*o, crate::engine::layers::Kinds::TRIGGER)
                && self.abilities(*o).any(|(_, a)| {
                    matches!(a, Ability::Triggered { .. } | Ability::Echo(_) | Ability::CumulativeUpkeep(_)) || matches!(a, Ability::Keyword(k) if k.is_triggered()) || matches!(a, Ability::Unread(u) if matches!(u.moment, crate::cards::ir::Moment::Trigger(_)))
                })
        };
        // 603.2, 601.2i: "When you cast this spell" triggers from the stack; 702.29c: "When you
        // cycle this card" from wherever the card went.
        let cast_this = match h {
            Happening::Cast { spell, .. } => self.abilities(spell).any(|(_, a)| matches!(a, Ability::Triggered { trigger, .. } if **trigger == Trigger::CastThis) || matches!(a, Ability::Keyword(crate::cards::ir::Keyword::Storm | crate::cards::ir::Keyword::Cascade))).then_some(spell),
            Happening::Discard { card, cycled: true, .. } => self.abilities(card).any(|(_, a)| matches!(a, Ability::Triggered { trigger, .. } if own_zone_trigger(trigger))).then_some(card),
            _ => None,
        };
        // 113.6m: "return this card from your graveyard to your hand" works from the graveyard.
        let from_graveyard = |a: &Ability| matches!(a, Ability::Triggered { effect, .. } if effect.moves_this_from_graveyard());
        let graveyard: Vec<ObjId> = if self.may_have(crate::engine::layers::Kinds::FROM_GRAVEYARD) {
            self.players.iter().flat_map(|p| &p.graveyard).copied().filter(|&o| self.abilities(o).any(|(_, a)| from_graveyard(a))).collect()
        } else {
            Vec::new()
        };
        // Only objects with an ability that can trigger are looked at below; the others would
        // do nothing there.
        let mut sources: Vec<ObjId> = self.battlefield.iter().copied().filter(has_trigger).collect();
        // 603.10a: leaves-the-battlefield abilities look back in time: the objects that left in
        // this event still count as sources, as they last existed.
        if leaves {
            sources.extend(self.leaving.iter().copied().filter(has_trigger));
        }
        // 113.6p, 114.4: an emblem's triggered abilities work from the command zone.
        sources.extend(self.players.iter().flat_map(|p| p.command.iter().copied()).filter(has_trigger));
        sources.extend(cast_this);
        if sources.is_empty() && graveyard.is_empty() {
            return;
        }
        let first_graveyard = sources.len();
        sources.extend(graveyard);
        for (n, src) in sources.into_iter().enumerate() {
            // Printed abilities and those effects gave it (613.1f): a granted triggered ability
            // triggers like a printed one (`Game::ability` numbers granted ones after printed).
            let abilities = self.card(src).abilities().len() + self.chars(src).map_or(0, |c| c.granted.len());
            let in_graveyard = n >= first_graveyard;
            // Triggered keywords, printed or granted (603.1): checked by the engine itself.
            let keywords: Vec<(usize, crate::cards::ir::Keyword)> = self.abilities(src).filter_map(|(i, a)| if let Ability::Keyword(k) = a && k.is_triggered() { Some((i, *k)) } else { None }).collect();
            for (i, k) in keywords.into_iter().filter(|_| !in_graveyard) {
                self.fire_keyword(src, i, k, h, leaves, at);
            }
            // 702.30a: echo, "if this permanent came under your control since the beginning of
            // your last upkeep" (an intervening "if", 603.4); cumulative upkeep (702.24a).
            if matches!(h, Happening::StepBegins) && self.step == Step::Upkeep && self.on_battlefield(src) {
                let controller = self.controller(src);
                let due = self.active == controller && self.obj(src).control_since > self.players[controller].upkeep_mark;
                let echoes: Vec<usize> = self.abilities(src).filter_map(|(i, a)| matches!(a, Ability::Echo(_)).then_some(i)).collect();
                for i in echoes.into_iter().filter(|_| due) {
                    let ev = Ev::new(EventKind::Trigger, format!("{}'s echo triggers (controlled by {}): it came under their control since their last upkeep", self.described(src), self.players[controller].name))
                        .source(self, src)
                        .player(self, controller)
                        .rules(&cite!(echo.trigger));
                    let ev = ev.because(at);
                    self.record(ev);
                    self.pending.push(PendingTrigger { source: src, ability: i, controller, info: TriggerInfo::default(), delayed: None, keyword: None, event: self.last_event() });
                }
                // 702.24a: cumulative upkeep, at the beginning of its controller's upkeep.
                let upkeeps: Vec<usize> = self.abilities(src).filter_map(|(i, a)| matches!(a, Ability::CumulativeUpkeep(_)).then_some(i)).collect();
                let yours = self.active == controller;
                for i in upkeeps.into_iter().filter(|_| yours) {
                    let ev = Ev::new(EventKind::Trigger, format!("{}'s cumulative upkeep triggers (controlled by {})", self.described(src), self.players[controller].name))
                        .source(self, src)
                        .player(self, controller)
                        .rules(&cite!(cumulative_upkeep.trigger))
                        .because(at);
                    self.record(ev);
                    self.pending.push(PendingTrigger { source: src, ability: i, controller, info: TriggerInfo::default(), delayed: None, keyword: None, event: self.last_event() });
                }
            }
            for i in 0..abilities {
                let (trigger, condition) = match self.ability(src, i) {
                    Some(Ability::Triggered { trigger, condition, .. }) => (&**trigger, condition.as_ref()),
                    // An unread triggered ability whose condition was read: it waits, and
                    // stops the run as it would be put on the stack (`stack_triggers`).
                    Some(Ability::Unread(u)) => match &u.moment {
                        crate::cards::ir::Moment::Trigger(t) => (&**t, None),
                        _ => continue,
                    },
                    _ => continue,
                };
                // "This ability triggers only once each turn.", "… during your turn".
                let (mut trigger, mut once, mut turn, mut first) = (trigger, false, None, false);
                loop {
                    match trigger {
                        Trigger::OnceEachTurn(t) => (trigger, once) = (&**t, true),
                        Trigger::FirstTimeEachTurn(t) => (trigger, first) = (&**t, true),
                        Trigger::DuringTurn(t, yours) => (trigger, turn) = (&**t, Some(*yours)),
                        _ => break,
                    }
                }
                if turn.is_some_and(|yours| (self.active == self.controller(src)) != yours) {
                    continue;
                }
                // The spell cast or the card cycled: only its abilities about that.
                let on_battlefield = if Some(src) == cast_this && n < first_graveyard { own_zone_trigger(trigger) } else { (self.on_battlefield(src) || self.obj(src).zone == Zone::Command) && *trigger != Trigger::CastThis };
                let looks_back = looks_back(trigger);
                // 113.6m: an ability that moves this card out of the graveyard functions only
                // there; every other one not there.
                let graveyard_ability = matches!(self.ability(src, i), Some(Ability::Triggered { effect, .. }) if effect.moves_this_from_graveyard());
                if graveyard_ability != in_graveyard || !(in_graveyard || on_battlefield || leaves && looks_back) || in_graveyard && own_zone_trigger(trigger) {
                    continue;
                }
                let Some(info) = self.trigger_matches(trigger, src, h) else { continue };
                if first && !first_key_of(trigger, h, self.controller(src)).is_some_and(|k| firsts.contains(&k)) {
                    let ev = Ev::new(EventKind::Choice, format!("{}'s ability doesn't trigger: the event already happened earlier this turn", self.described(src))).source(self, src).rule(cite!(trigger.first_time_each_turn));
                    self.record(ev);
                    continue;
                }
                if once && self.obj(src).triggered_turns.contains(&(i, self.turn)) {
                    let ev = Ev::new(EventKind::Choice, format!("{}'s ability doesn't trigger again: it triggers only once each turn", self.described(src))).source(self, src).rule(cite!(trigger.once_each_turn));
                    self.record(ev);
                    continue;
                }
                let controller = self.controller(src);
                let holds = condition.is_none_or(|c| self.condition_holds(c, src, controller));
                let has_if = condition.is_some();
                if !holds {
                    let ev = Ev::new(EventKind::Choice, format!("{}'s ability doesn't trigger: its \"if\" condition is false", self.described(src))).source(self, src).rule(cite!(trigger.intervening_if_false));
                    self.record(ev);
                    continue;
                }
                let rule = match h {
                    Happening::ZoneChange { to: Zone::Battlefield, .. } => cite!(on.enters),
                    Happening::ZoneChange { .. } => cite!(on.zone_change_look_back),
                    Happening::StepBegins => cite!(on.step_begins),
                    Happening::Attacks(_) => cite!(on.attacks),
                    Happening::Blocks(_) => cite!(on.blocks),
                    Happening::BecomesBlocked(_) => cite!(on.becomes_blocked),
                    Happening::Cast { .. } => cite!(on.cast),
                    Happening::Damage { .. } | Happening::GainLife { .. } | Happening::Draw { .. } | Happening::LastTimeCounterRemoved(_) => cite!(on.event),
                    Happening::AttackersDeclared { .. } => cite!(on.player_attacks),
                    Happening::Discard { cycled: true, .. } if cycle_or_discard(trigger) => cite!(on.cycle_or_discard),
                    Happening::Discard { cycled: true, .. } if cycle_trigger(trigger) => cite!(on.cycle),
                    Happening::Discard { .. } => cite!(on.discard),
                    Happening::BecomesTapped(_) => cite!(on.becomes),
                    Happening::CombatDamageTo { .. } => cite!(on.each_occurrence),
                    Happening::TurnedFaceUp(_) => cite!(on.turned_face_up),
                    Happening::BecameMonstrous(_) => cite!(on.becomes_monstrous),
                    Happening::Transformed(_) => cite!(on.transformed),
                    Happening::Unlocked { .. } => cite!(on.unlock),
                    Happening::FullyUnlocked(_) => cite!(on.fully_unlock),
                    Happening::BlockedBy { .. } => cite!(on.blocked_by),
                    Happening::BecomesTarget { .. } => cite!(on.becomes_target),
                    Happening::Copied { .. } => cite!(on.copied),
                    Happening::Unblocked(_) => cite!(on.unblocked),
                    Happening::CountersPut { .. } => cite!(on.counters_put),
                    Happening::LoreCountersPut { .. } => cite!(saga.chapter_triggers),
                    Happening::LifeLost { .. } => cite!(on.event),
                    Happening::LeftGraveyard { .. } => cite!(on.leaves_graveyard),
                    Happening::BecomesUntapped(_) => cite!(on.becomes_untapped),
                };
                // Trigger events of their own within a happening.
                let rule = match trigger {
                    Trigger::AttacksAlone(_) => cite!(on.attacks_alone),
                    Trigger::BlockedBy { .. } => cite!(on.blocked_by_creature),
                    Trigger::BlocksCreature { .. } => cite!(on.blocks_creature),
                    Trigger::AttackWith { .. } => cite!(on.attacks_with),
                    Trigger::Either(a, _) if matches!(**a, Trigger::BlocksCreature { .. }) => {
                        if matches!(h, Happening::BlockedBy { blocker, .. } if blocker == src) { cite!(on.blocks_creature) } else { cite!(on.blocked_by_creature) }
                    }
                    _ => rule,
                };
                // Damage dealt at once is one event: "is dealt damage" triggers once for each
                // object dealt damage, "deals damage" (to anything) once, with the total.
                let merge_key = match (trigger, h) {
                    // "one or more cards leave your graveyard": once per event.
                    (Trigger::LeaveGraveyard { .. }, Happening::LeftGraveyard { .. }) | (Trigger::DiscardOneOrMore { .. }, Happening::Discard { .. }) => Some(None),
                    (Trigger::DealtDamage(_), Happening::Damage { to: Target::Object(o), .. }) => Some(Some(o)),
                    (Trigger::DealsDamageTo { creature: false, .. }, Happening::Damage { .. }) => Some(None),
                    _ => None,
                };
                if let Some(key) = merge_key {
                    let event = self.event;
                    if let Some(&(.., at)) = self.damage_triggers.iter().find(|&&(s, a, k, e, _)| s == src && a == i && k == key && e == event)
                        && let Some(t) = self.pending.get_mut(at)
                    {
                        t.info.amount = Some(t.info.amount.unwrap_or(0) + info.amount.unwrap_or(0));
                        continue;
                    }
                    self.damage_triggers.push((src, i, key, event, self.pending.len()));
                }
                let on = self.trigger_words(src, info).map(Box::new);
                let mut ev = Ev::new(EventKind::Trigger, Text::Triggers(on)).source(self, src).player(self, controller).rules(&[rule, cite!(trigger.controller)]);
                if leaves {
                    ev = ev.rule(cite!(trigger.leaves_battlefield));
                }
                // 603.4: its "if" condition was checked, and holds.
                if has_if {
                    ev = ev.rule(cite!(trigger.intervening_if_true));
                }
                if in_graveyard {
                    ev = ev.rule(cite!(trigger.from_graveyard));
                }
                let ev = ev.because(at);
                self.record(ev);
                if once {
                    let turn = self.turn;
                    self.obj_mut(src).triggered_turns.push((i, turn));
                }
                self.pending.push(PendingTrigger { source: src, ability: i, controller, info, delayed: None, keyword: None, event: self.last_event() });
            }
        }
    }

    /// Delayed "when that creature dies this turn" abilities (603.7, 700.4): the object each
    /// is about dies this turn, as that object (400.7); each triggers once (603.7b).
    fn fire_delayed_dies(&mut self, h: Happening, at: u32) {
        let Happening::ZoneChange { old, new, from: Zone::Battlefield, to: Zone::Graveyard } = h else { return };
        let turn = self.turn;
        self.delayed_dies.retain(|d| d.turn == turn);
        if !self.is_creature(old) {
            return;
        }
        let mut i = 0;
        while i < self.delayed_dies.len() {
            if self.delayed_dies[i].object != old {
                i += 1;
                continue;
            }
            let d = self.delayed_dies.remove(i);
            let ev = Ev::new(EventKind::Trigger, format!("the delayed ability from {} triggers: {} died (controlled by {})", self.described(d.source), self.described(old), self.players[d.controller].name))
                .source(self, d.source)
                .player(self, d.controller)
                .rules(&[cite!(trigger.delayed_dies), d.rule, cite!(on.zone_change_look_back)])
                .because(at);
            self.record(ev);
            let index = self.delayed_effects.len();
            self.delayed_effects.push((crate::cards::ir::Effect { instructions: d.instructions, ..crate::cards::ir::Effect::default() }, false));
            let info = TriggerInfo { linked: Some(old), moved_to: Some(new), ..TriggerInfo::default() };
            self.pending.push(PendingTrigger { source: d.source, ability: 0, controller: d.controller, info, delayed: Some(index), keyword: None, event: self.last_event() });
        }
    }

    /// State triggers (603.8): each permanent's "When [a game state], …" ability whose state
    /// holds triggers, unless that ability already triggered and hasn't left the stack yet.
    /// Checked each time a player would receive priority, when they go on the stack.
    fn fire_state_triggers(&mut self) {
        // No triggered ability in the game (printed, or granted by an effect): nothing to look at.
        if !self.may_have(crate::engine::layers::Kinds::TRIGGER) {
            return;
        }
        let at = self.last_event();
        // Nothing below changes the battlefield: it is read in place rather than copied.
        let mut next = 0;
        while let Some(&src) = self.battlefield.get(next) {
            next += 1;
            let abilities = self.card(src).abilities().len() + self.chars(src).map_or(0, |c| c.granted.len());
            for i in 0..abilities {
                let condition = match self.ability(src, i) {
                    Some(Ability::Triggered { trigger, .. }) => match &**trigger {
                        Trigger::State(c) => Some(c.clone()),
                        _ => continue,
                    },
                    // An unread state trigger whose condition was read stops the run as it
                    // would go on the stack (`stack_triggers`).
                    Some(Ability::Unread(u)) => match &u.moment {
                        crate::cards::ir::Moment::Trigger(t) => match &**t {
                            Trigger::State(c) => Some(c.clone()),
                            _ => continue,
                        },
                        _ => continue,
                    },
                    _ => continue,
                };
                let Some(c) = condition else { continue };
                let controller = self.controller(src);
                if !self.condition_holds(&c, src, controller) {
                    continue;
                }
                let waiting = self.pending.iter().any(|t| t.source == src && t.ability == i && t.delayed.is_none() && t.keyword.is_none());
                let on_stack = self.stack.iter().any(|s| matches!(s, StackItem::Ability(a) if a.source == src && a.ability == i && a.trigger.is_some() && a.delayed.is_none() && a.keyword.is_none()));
                if waiting || on_stack {
                    continue;
                }
                let ev = Ev::new(EventKind::Trigger, format!("{}'s ability triggers: its state holds (controlled by {})", self.described(src), self.players[controller].name))
                    .source(self, src)
                    .player(self, controller)
                    .rules(&[cite!(trigger.state), cite!(trigger.controller)])
                    .because(at);
                self.record(ev);
                self.pending.push(PendingTrigger { source: src, ability: i, controller, info: TriggerInfo { object: Some(src), ..TriggerInfo::default() }, delayed: None, keyword: None, event: self.last_event() });
            }
        }
    }

    /// The monarch's inherent triggered abilities (724.2), controlled by the player who was the
    /// monarch as they triggered: "At the beginning of the monarch's end step, that player draws
    /// a card" and "Whenever a creature deals combat damage to the monarch, its controller
    /// becomes the monarch" (its controller as the damage is dealt).
    fn fire_monarch(&mut self, h: Happening, at: u32) {
        use crate::cards::ir::{Affected, Amount, Instruction};
        let (Some(m), Some(src)) = (self.monarch, self.monarch_abilities) else { return };
        if self.players[m].lost {
            return;
        }
        let (instructions, info, text, rule) = match h {
            Happening::StepBegins if self.step == Step::End && self.active == m => {
                (vec![Instruction::Draw { who: Affected::You, count: Amount::Fixed(1) }], TriggerInfo::default(), format!("{}'s end step begins: the monarch's ability triggers (controlled by {0})", self.players[m].name), cite!(monarch.end_step))
            }
            Happening::Damage { source, to: Target::Player(p), combat: true, .. } if p == m && self.is_creature(source) => {
                let c = self.controller(source);
                let info = TriggerInfo { object: Some(source), player: Some(c), ..TriggerInfo::default() };
                (vec![Instruction::BecomeMonarch(Affected::TriggerPlayer)], info, format!("{} deals combat damage to the monarch, {}: the monarch's ability triggers (controlled by {1})", self.described(source), self.players[m].name), cite!(on.combat_damage))
            }
            _ => return,
        };
        let ev = Ev::new(EventKind::Trigger, text).player(self, m).rules(&[cite!(monarch.trigger), rule, cite!(on.event)]).because(at);
        self.record(ev);
        let index = self.delayed_effects.len();
        self.delayed_effects.push((crate::cards::ir::Effect { instructions, ..crate::cards::ir::Effect::default() }, false));
        self.pending.push(PendingTrigger { source: src, ability: 0, controller: m, info, delayed: Some(index), keyword: None, event: self.last_event() });
    }

    /// The inherent triggered ability of a player with speed (702.179d): "Whenever one or more
    /// opponents lose life during your turn, if your speed is less than 4, your speed
    /// increases by 1. This ability triggers only once each turn." It has no source and is
    /// controlled by the player whose turn it is.
    fn fire_speed(&mut self, loser: PlayerId, at: u32) {
        let p = self.active;
        let pl = &self.players[p];
        if p == loser || pl.lost || pl.speed.is_none_or(|s| s >= 4) || pl.speed_triggered == Some(self.turn) {
            return;
        }
        self.players[p].speed_triggered = Some(self.turn);
        let src = self.rules_object("the player's speed", p);
        self.speed_abilities = Some(src);
        let text = format!("{} loses life during {}'s turn: {1}'s speed ability triggers (controlled by {1})", self.players[loser].name, self.players[p].name);
        let ev = Ev::new(EventKind::Trigger, text).player(self, p).rule(cite!(speed.trigger)).because(at);
        self.record(ev);
        let index = self.delayed_effects.len();
        self.delayed_effects.push((crate::cards::ir::Effect { instructions: vec![crate::cards::ir::Instruction::IncreaseSpeed], ..crate::cards::ir::Effect::default() }, false));
        self.pending.push(PendingTrigger { source: src, ability: 0, controller: p, info: TriggerInfo::default(), delayed: Some(index), keyword: None, event: self.last_event() });
    }

    /// A triggered keyword ability `k` (ability number `i` of `src`) checked against `h`.
    fn fire_keyword(&mut self, src: ObjId, i: usize, k: crate::cards::ir::Keyword, h: Happening, leaves: bool, at: u32) {
        use crate::cards::ir::Keyword;
        let controller = self.controller(src);
        let on_battlefield = self.on_battlefield(src);
        let defending = |g: &Game, a: ObjId| {
            g.combat.attackers.iter().find(|x| x.id == a).and_then(|x| match x.attacking {
                Target::Player(p) => Some(p),
                Target::Object(o) => Some(g.controller(o)),
                Target::Ability(_) => None,
            })
        };
        let object = |o: ObjId| TriggerInfo { object: Some(o), player: None, amount: None, ability: None, moved_to: None, linked: None };
        let (info, event_rule) = match (k, h) {
            // 702.83a: a creature its controller controls attacks alone.
            (Keyword::Exalted, Happening::AttackersDeclared { player }) if on_battlefield && player == controller && self.combat.attackers.len() == 1 => {
                (object(self.combat.attackers[0].id), cite!(on.player_attacks))
            }
            // 702.25a: each creature without flanking that blocks it.
            (Keyword::Flanking, Happening::BlockedBy { attacker, blocker }) if on_battlefield && attacker == src && !self.has_keyword(blocker, Keyword::Flanking) => {
                (object(blocker), cite!(on.becomes_blocked))
            }
            (Keyword::Bushido(_), Happening::Blocks(o)) if on_battlefield && o == src => (object(src), cite!(on.blocks)),
            (Keyword::Bushido(_), Happening::BecomesBlocked(o)) if on_battlefield && o == src => (object(src), cite!(on.becomes_blocked)),
            (Keyword::BattleCry, Happening::Attacks(o)) if on_battlefield && o == src => (object(src), cite!(on.attacks)),
            (Keyword::LivingWeapon, Happening::ZoneChange { new, to: Zone::Battlefield, .. }) if new == src => (object(src), cite!(on.enters)),
            // 702.149a: it attacks together with a creature of greater power.
            (Keyword::Training, Happening::Attacks(o)) if on_battlefield && o == src && self.combat.attackers.iter().any(|a| a.id != src && self.power(a.id) > self.power(src)) => {
                (object(src), cite!(on.attacks))
            }
            // 702.105a: it attacks the player with the most life or tied for most life.
            (Keyword::Dethrone, Happening::Attacks(o))
                if on_battlefield
                    && o == src
                    && defending(self, src).is_some_and(|p| {
                        self.combat.attackers.iter().any(|a| a.id == src && a.attacking == Target::Player(p)) && (0..self.players.len()).all(|q| self.players[q].lost || self.players[q].life <= self.players[p].life)
                    }) =>
            {
                (object(src), cite!(on.attacks))
            }
            // 702.121a: the opponents attacked with a creature this combat, counted now that
            // attackers are declared (the number can't change during the combat).
            (Keyword::Melee, Happening::Attacks(o)) if on_battlefield && o == src => {
                let mut attacked: Vec<PlayerId> = Vec::new();
                for a in &self.combat.attackers {
                    if let Target::Player(p) = a.attacking
                        && p != controller
                        && self.controller(a.id) == controller
                        && !attacked.contains(&p)
                    {
                        attacked.push(p);
                    }
                }
                let n = i64::try_from(attacked.len()).unwrap_or(0);
                (TriggerInfo { object: Some(src), player: None, amount: Some(n), ability: None, moved_to: None, linked: None }, cite!(on.attacks))
            }
            (Keyword::Annihilator(_) | Keyword::Mobilize(_) | Keyword::Myriad, Happening::Attacks(o)) if on_battlefield && o == src => {
                (TriggerInfo { object: Some(src), player: defending(self, src), amount: None, ability: None, moved_to: None, linked: None }, cite!(on.attacks))
            }
            (Keyword::Afflict(_), Happening::BecomesBlocked(o)) if on_battlefield && o == src => {
                (TriggerInfo { object: Some(src), player: defending(self, src), amount: None, ability: None, moved_to: None, linked: None }, cite!(on.becomes_blocked))
            }
            // 702.93a, 702.79a: "when this dies, if it had no +1/+1 (-1/-1) counters on it" —
            // an intervening "if" (603.4) about the creature as it last existed (603.10a).
            (Keyword::Undying | Keyword::Persist, Happening::ZoneChange { old, new, from: Zone::Battlefield, to: Zone::Graveyard }) if leaves && old == src && self.is_creature(old) => {
                let c = &self.obj(old).counters;
                let had = if k == Keyword::Undying { c.plus } else { c.minus };
                if had > 0 {
                    let ev = Ev::new(EventKind::Choice, format!("{}'s {} doesn't trigger: it had a {} counter on it", self.described(src), k.name(), if k == Keyword::Undying { "+1/+1" } else { "-1/-1" }))
                        .source(self, src)
                        .rules(&[crate::rules::RuleId::new_static(k.meaning_rule()), cite!(trigger.intervening_if_false)]);
                    self.record(ev);
                    return;
                }
                // 400.7e: the ability finds the card it became in the graveyard.
                (TriggerInfo { moved_to: Some(new), ..object(old) }, cite!(on.zone_change_look_back))
            }
            // 702.100a: a creature enters under its controller's control with greater power
            // and/or toughness (an intervening "if", checked again on resolution).
            (Keyword::Evolve, Happening::ZoneChange { new, to: Zone::Battlefield, .. }) if on_battlefield && new != src && self.is_creature(new) && self.controller(new) == controller => {
                if !self.evolves(src, new) {
                    return;
                }
                (object(new), cite!(on.enters))
            }
            // 702.112a: it deals combat damage to a player, "if it isn't renowned" (603.4).
            (Keyword::Renown(_), Happening::Damage { source, to: Target::Player(p), combat: true, .. }) if on_battlefield && source == src && !self.obj(src).renowned => {
                (TriggerInfo { object: Some(src), player: Some(p), amount: None, ability: None, moved_to: None, linked: None }, cite!(on.combat_damage))
            }
            // 702.40a: as the spell with storm becomes cast, from the stack; the spells cast
            // before it this turn, by every player, are counted now.
            (Keyword::Storm, Happening::Cast { spell, player }) if spell == src => {
                let before = self.players.iter().map(|p| i64::from(p.spells_this_turn)).sum::<i64>() - 1;
                (TriggerInfo { object: Some(spell), player: Some(player), amount: Some(before.max(0)), ability: None, moved_to: None, linked: None }, cite!(on.cast))
            }
            // 702.85a: as the spell with cascade becomes cast, from the stack (each instance
            // triggers on its own, 702.85c).
            (Keyword::Cascade, Happening::Cast { spell, player }) if spell == src => (TriggerInfo { object: Some(spell), player: Some(player), amount: None, ability: None, moved_to: None, linked: None }, cite!(on.cast)),
            // 702.108a: its controller casts a noncreature spell.
            (Keyword::Prowess, Happening::Cast { spell, player }) if on_battlefield && player == controller && !self.is_creature(spell) => {
                (TriggerInfo { object: Some(spell), player: Some(player), amount: None, ability: None, moved_to: None, linked: None }, cite!(on.cast))
            }
            // 702.21a: it becomes the target of a spell or ability an opponent controls.
            (Keyword::Ward(_), Happening::BecomesTarget { object, by, controller: c }) if on_battlefield && object == src && c != controller => {
                let info = match by {
                    Target::Object(o) => TriggerInfo { object: Some(o), player: Some(c), amount: None, ability: None, moved_to: None, linked: None },
                    Target::Ability(uid) => TriggerInfo { object: None, player: Some(c), amount: None, ability: Some(uid), moved_to: None, linked: None },
                    Target::Player(_) => return,
                };
                (info, cite!(on.becomes_target))
            }
            // 702.46a: it is put into a graveyard from the battlefield (a leaves-the-battlefield
            // ability, looking back, 603.10a).
            (Keyword::Soulshift(_), Happening::ZoneChange { old, new, from: Zone::Battlefield, to: Zone::Graveyard }) if leaves && old == src => {
                (TriggerInfo { moved_to: Some(new), ..object(old) }, cite!(on.zone_change_look_back))
            }
            // 702.23a: it becomes blocked; the bonus is counted as the ability resolves (702.23b).
            (Keyword::Rampage(_), Happening::BecomesBlocked(o)) if on_battlefield && o == src => (object(src), cite!(on.becomes_blocked)),
            // 702.32a, 702.63a: the beginning of its controller's upkeep. Vanishing's removal
            // has an intervening "if": it has a time counter on it (603.4).
            (Keyword::Fading(_) | Keyword::Vanishing(_), Happening::StepBegins) if on_battlefield && self.step == Step::Upkeep && self.active == controller => {
                if matches!(k, Keyword::Vanishing(_)) && self.obj(src).counters.get(&time_counter()) == 0 {
                    return;
                }
                (TriggerInfo { object: None, player: Some(controller), amount: None, ability: None, moved_to: None, linked: None }, cite!(on.step_begins))
            }
            // 702.63a: "When the last time counter is removed from this permanent" — its other
            // trigger, told apart from the upkeep one by naming no player (see
            // `Game::keyword_trigger_effect`).
            // 702.58a: another creature enters, "if this permanent has a +1/+1 counter on it"
            // (603.4; checked again as it resolves, where moving needs a counter anyway, 122.5).
            (Keyword::Graft(_), Happening::ZoneChange { new, to: Zone::Battlefield, .. }) if on_battlefield && new != src && self.is_creature(new) && self.obj(src).counters.plus > 0 => {
                (object(new), cite!(on.enters))
            }
            // 702.101a: its controller casts a spell.
            (Keyword::Extort, Happening::Cast { spell, player }) if on_battlefield && player == controller => {
                (TriggerInfo { object: Some(spell), player: Some(player), amount: None, ability: None, moved_to: None, linked: None }, cite!(on.cast))
            }
            // 702.123a: it enters.
            (Keyword::Fabricate(_), Happening::ZoneChange { new, to: Zone::Battlefield, .. }) if new == src => (object(src), cite!(on.enters)),
            // 702.135a: it is put into a graveyard from the battlefield (looking back, 603.10a).
            (Keyword::Afterlife(_), Happening::ZoneChange { old, new, from: Zone::Battlefield, to: Zone::Graveyard }) if leaves && old == src => {
                (TriggerInfo { moved_to: Some(new), ..object(old) }, cite!(on.zone_change_look_back))
            }
            (Keyword::Vanishing(_), Happening::LastTimeCounterRemoved(o)) if on_battlefield && o == src => (object(src), cite!(on.event)),
            // 702.43a: it is put into a graveyard from the battlefield (looking back, 603.10a);
            // its +1/+1 counters are counted as it last existed.
            (Keyword::Modular(_), Happening::ZoneChange { old, new, from: Zone::Battlefield, to: Zone::Graveyard }) if leaves && old == src => {
                let n = i64::from(self.obj(old).counters.plus);
                (TriggerInfo { moved_to: Some(new), amount: Some(n), ..object(old) }, cite!(on.zone_change_look_back))
            }
            // 702.165a: it enters.
            (Keyword::Backup(_), Happening::ZoneChange { new, to: Zone::Battlefield, .. }) if new == src => (object(src), cite!(on.enters)),
            // 702.134a: it attacks.
            (Keyword::Mentor, Happening::Attacks(o)) if on_battlefield && o == src => (object(src), cite!(on.attacks)),
            _ => return,
        };
        let name = self.describe(src);
        let on = self.trigger_words(src, info);
        let ev = Ev::new(EventKind::Trigger, format!("{name}'s {} triggers{} (controlled by {})", k.label(), On(on.as_ref()), self.players[controller].name))
            .source(self, src)
            .player(self, controller)
            .rules(&[crate::rules::RuleId::new_static(k.meaning_rule()), event_rule, cite!(trigger.controller)]);
        let ev = ev.because(at);
        self.record(ev);
        self.pending.push(PendingTrigger { source: src, ability: i, controller, info, delayed: None, keyword: Some(k), event: self.last_event() });
    }

    /// The effect of a triggered keyword that triggered with `info`: `Keyword::trigger_effect`,
    /// except for vanishing's second trigger (702.63a: "when the last time counter is removed
    /// from this permanent, sacrifice it"), which names no player where the upkeep one does.
    #[must_use]
    pub fn keyword_trigger_effect(k: crate::cards::ir::Keyword, info: Option<TriggerInfo>) -> crate::cards::ir::Effect {
        use crate::cards::ir::{Affected, Effect, Instruction, Keyword};
        if matches!(k, Keyword::Vanishing(_)) && info.is_some_and(|i| i.player.is_none()) {
            return Effect { instructions: vec![Instruction::SacrificeIt(Affected::This)], ..Effect::default() };
        }
        k.trigger_effect()
    }

    /// Evolve's condition (702.100a, 702.100c): `other` is a creature with greater power or
    /// greater toughness than the creature `src`.
    #[must_use]
    pub fn evolves(&self, src: ObjId, other: ObjId) -> bool {
        self.is_creature(src) && self.is_creature(other) && (self.power(other) > self.power(src) || self.toughness(other) > self.toughness(src))
    }

    /// Whether `trigger` of `src` triggers on `h`, and what it triggered on.
    fn trigger_matches(&self, trigger: &Trigger, src: ObjId, h: Happening) -> Option<TriggerInfo> {
        let controller = self.obj(src).controller;
        let subject = |s: &Subject, o: ObjId| match s {
            Subject::This => o == src,
            Subject::Matching { filter, another } => !(*another && o == src) && self.matches_filter(o, filter, controller),
            Subject::ThisOr(filter) => o == src || self.matches_filter(o, filter, controller),
            Subject::Enchanted => self.obj(src).attached_to == Some(o),
        };
        let object = |o: ObjId| Some(TriggerInfo { object: Some(o), player: None, amount: None, moved_to: None, ability: None, linked: None });
        // 400.7e: an ability that triggers on a move can find the new object in a public zone.
        let moved = |o: ObjId, new: ObjId, to: Zone| Some(TriggerInfo { object: Some(o), player: None, amount: None, moved_to: matches!(to, Zone::Graveyard | Zone::Exile | Zone::Battlefield).then_some(new), ability: None, linked: None });
        match (trigger, h) {
            (Trigger::Enters(s), Happening::ZoneChange { new, to: Zone::Battlefield, .. }) if subject(s, new) => object(new),
            // 700.4: "dies" means put into a graveyard from the battlefield, for a creature.
            (Trigger::Dies(s), Happening::ZoneChange { old, new, from: Zone::Battlefield, to: Zone::Graveyard })
                if self.is_creature(old) && subject(s, old) =>
            {
                moved(old, new, Zone::Graveyard)
            }
            (Trigger::PutIntoGraveyardFromBattlefield(s), Happening::ZoneChange { old, new, from: Zone::Battlefield, to: Zone::Graveyard }) if subject(s, old) => moved(old, new, Zone::Graveyard),
            // 400.3: a card goes to its owner's graveyard; a token too, before it ceases to
            // exist (704.5d).
            // 700.4, 603.10a: a creature this object dealt damage to this turn dies.
            (Trigger::DiesDamagedByThis(s), Happening::ZoneChange { old, new, from: Zone::Battlefield, to: Zone::Graveyard })
                if self.is_creature(old) && subject(s, old) && self.damaged.0 == self.turn && self.damaged.1.contains(&(src, old)) =>
            {
                moved(old, new, Zone::Graveyard)
            }
            (Trigger::PutIntoGraveyardOf { who, whose }, Happening::ZoneChange { old, new, from: Zone::Battlefield, to: Zone::Graveyard }) if subject(who, old) && whose_ok(*whose, self.obj(old).owner, controller) => moved(old, new, Zone::Graveyard),
            (Trigger::LeavesBattlefield(s), Happening::ZoneChange { old, new, from: Zone::Battlefield, to }) if subject(s, old) => moved(old, new, to),
            (Trigger::BeginningOf { step, whose }, Happening::StepBegins) => {
                let now = match self.step {
                    Step::Upkeep => StepName::Upkeep,
                    Step::Draw => StepName::Draw,
                    Step::PrecombatMain => StepName::PrecombatMain,
                    Step::BeginningOfCombat => StepName::Combat,
                    Step::EndOfCombat => StepName::EndOfCombat,
                    Step::PostcombatMain => StepName::PostcombatMain,
                    Step::End => StepName::End,
                    _ => return None,
                };
                let whose_ok = match whose {
                    Whose::AttachedController => self.attached_host(src).is_some_and(|h| self.controller(h) == self.active),
                    w => whose_ok(*w, self.active, controller),
                };
                (now == *step && whose_ok).then_some(TriggerInfo { object: None, player: Some(self.active), amount: None, moved_to: None, ability: None, linked: None })
            }
            (Trigger::Attacks(s), Happening::Attacks(o)) | (Trigger::Blocks(s), Happening::Blocks(o)) | (Trigger::BecomesBlocked(s), Happening::BecomesBlocked(o)) | (Trigger::BecomesTarget(s), Happening::BecomesTarget { object: o, .. }) | (Trigger::TurnedFaceUp(s), Happening::TurnedFaceUp(o))
            | (Trigger::BecomesMonstrous(s), Happening::BecameMonstrous(o))
                if subject(s, o) =>
            {
                object(o)
            }
            (Trigger::Either(a, b), h) => self.trigger_matches(a, src, h).or_else(|| self.trigger_matches(b, src, h)),
            (Trigger::Cast { filter, whose, targets_this, or_copy }, Happening::Cast { spell, player } | Happening::Copied { spell, player }) => {
                let copied = matches!(h, Happening::Copied { .. });
                // 115.1: the spell targets this permanent among its chosen targets.
                let targets_ok = !*targets_this || self.obj(spell).choices.targets.iter().any(|c| c.target == Target::Object(src));
                ((!copied || *or_copy) && targets_ok && whose_ok(*whose, player, controller) && self.matches_filter(spell, filter, controller))
                    .then_some(TriggerInfo { object: Some(spell), player: Some(player), amount: None, moved_to: None, ability: None, linked: None })
            }
            // 701.27e: the ability is on the face now up, so it triggers only on transforming
            // into that face.
            (Trigger::TransformsIntoThis, Happening::Transformed(o)) if o == src => object(o),
            // 709.5h: the ability is in the text of the half just unlocked.
            (Trigger::UnlockThisDoor(Some(d)), Happening::Unlocked { object: o, door }) if o == src && *d == door => object(o),
            // 709.5i: "you" fully unlock a Room you control.
            (Trigger::FullyUnlockRoom, Happening::FullyUnlocked(o)) if self.controller(o) == controller => object(o),
            (Trigger::CastThis, Happening::Cast { spell, player }) if spell == src => Some(TriggerInfo { object: Some(spell), player: Some(player), amount: None, moved_to: None, ability: None, linked: None }),
            // 508.3a: attacking a player `whose` matches, or one of their planeswalkers.
            (Trigger::AttacksWhom { who, whose, planeswalkers }, Happening::Attacks(o)) if subject(who, o) => {
                let attacked = self.combat.attackers.iter().find(|a| a.id == o)?.attacking;
                let player = match attacked {
                    Target::Player(p) => p,
                    Target::Object(pw) if *planeswalkers && self.has_type(pw, crate::cards::ir::CardType::Planeswalker) => self.controller(pw),
                    _ => return None,
                };
                whose_ok(*whose, player, controller).then_some(TriggerInfo { object: Some(o), player: Some(player), amount: None, moved_to: None, ability: None, linked: None })
            }
            (Trigger::AttacksAlone(s), Happening::Attacks(o)) if subject(s, o) && self.combat.attackers.len() == 1 => object(o),
            (Trigger::BecomesUntapped(s), Happening::BecomesUntapped(o)) if subject(s, o) => object(o),
            (Trigger::BecomesTargetBy { who, whose }, Happening::BecomesTarget { object: o, controller: c, .. }) if subject(who, o) && whose_ok(*whose, c, controller) => {
                Some(TriggerInfo { object: Some(o), player: Some(c), amount: None, moved_to: None, ability: None, linked: None })
            }
            (Trigger::DiscardOneOrMore { whose, filter }, Happening::Discard { player, card, .. }) if whose_ok(*whose, player, controller) && self.matches_filter(card, filter, controller) => {
                Some(TriggerInfo { object: None, player: Some(player), amount: Some(1), moved_to: None, ability: None, linked: None })
            }
            (Trigger::CountersPut { kind, on }, Happening::CountersPut { object: o, plus, n }) if plus == counter_sign(kind) && plus.is_some() && subject(on, o) => {
                Some(TriggerInfo { object: Some(o), player: None, amount: Some(i64::from(n)), moved_to: None, ability: None, linked: None })
            }
            // 714.2b: lore counters put onto this Saga took their number from below N to N or
            // more (714.2c: "I, II — …" is two such abilities).
            (Trigger::Chapter(n), Happening::LoreCountersPut { object: o, before, after }) if o == src && before < *n && after >= *n => object(o),
            (Trigger::LeaveGraveyard { filter }, Happening::LeftGraveyard { player, card }) if player == controller && self.matches_filter(card, filter, controller) => {
                Some(TriggerInfo { object: None, player: Some(player), amount: Some(1), moved_to: None, ability: None, linked: None })
            }
            (Trigger::AttacksWithOthers { who, others }, Happening::Attacks(o)) if subject(who, o) && self.combat.attackers.len() > *others as usize => object(o),
            (Trigger::Unblocked(s), Happening::Unblocked(o)) if subject(s, o) => object(o),
            (Trigger::BlockedBy { who, by }, Happening::BlockedBy { attacker, blocker }) if subject(who, attacker) && self.matches_filter(blocker, by, controller) => object(blocker),
            (Trigger::BlocksCreature { who, blocked }, Happening::BlockedBy { attacker, blocker }) if subject(who, blocker) && self.matches_filter(attacker, blocked, controller) => object(attacker),
            (Trigger::AttackWith { whose, filter, at_least }, Happening::AttackersDeclared { player }) => {
                let n = self.combat.attackers.iter().filter(|a| self.controller(a.id) == player && self.matches_filter(a.id, filter, controller)).count();
                // "that much": how many of them attacked.
                (whose_ok(*whose, player, controller) && n >= *at_least as usize).then_some(TriggerInfo { object: None, player: Some(player), amount: i64::try_from(n).ok(), moved_to: None, ability: None, linked: None })
            }
            (Trigger::DealsDamage { who, combat_only, to }, Happening::Damage { source, to: Target::Player(p), amount, combat }) => {
                (subject(who, source) && (combat || !combat_only) && whose_ok(*to, p, controller)).then_some(TriggerInfo { object: Some(source), player: Some(p), amount: Some(amount), moved_to: None, ability: None, linked: None })
            }
            (Trigger::GainLife(whose), Happening::GainLife { player, amount }) => {
                whose_ok(*whose, player, controller).then_some(TriggerInfo { object: None, player: Some(player), amount: Some(amount), moved_to: None, ability: None, linked: None })
            }
            (Trigger::Draws(whose), Happening::Draw { player }) => whose_ok(*whose, player, controller).then_some(TriggerInfo { object: None, player: Some(player), amount: None, moved_to: None, ability: None, linked: None }),
            // 702.29c: the card discarded to pay its own cycling cost.
            (Trigger::CycleThis, Happening::Discard { card, cycled: true, .. }) if card == src => object(card),
            // 702.29d: a card cycled is discarded too, and triggers "cycle or discard" once.
            (Trigger::Cycles { whose, or_discard }, Happening::Discard { player, card, cycled }) if (cycled || *or_discard) && whose_ok(*whose, player, controller) => {
                Some(TriggerInfo { object: Some(card), player: Some(player), amount: None, moved_to: None, ability: None, linked: None })
            }
            (Trigger::Discards(whose), Happening::Discard { player, card, .. }) => {
                whose_ok(*whose, player, controller).then_some(TriggerInfo { object: Some(card), player: Some(player), amount: None, moved_to: None, ability: None, linked: None })
            }
            (Trigger::NthDraw { whose, n }, Happening::Draw { player }) => {
                (whose_ok(*whose, player, controller) && self.players[player].draws_this_turn == *n).then_some(TriggerInfo { object: None, player: Some(player), amount: None, moved_to: None, ability: None, linked: None })
            }
            (Trigger::NthCast { whose, n }, Happening::Cast { spell, player }) => {
                (whose_ok(*whose, player, controller) && self.players[player].spells_this_turn == *n).then_some(TriggerInfo { object: Some(spell), player: Some(player), amount: None, moved_to: None, ability: None, linked: None })
            }
            (Trigger::BecomesTapped(s), Happening::BecomesTapped(o)) if subject(s, o) => object(o),
            (Trigger::OneOrMoreDealCombatDamage { who, to }, Happening::CombatDamageTo { player }) => {
                let any = self.combat.dealt_to_players.iter().any(|&(src, p)| p == player && subject(who, src));
                (any && whose_ok(*to, player, controller)).then_some(TriggerInfo { object: None, player: Some(player), amount: None, moved_to: None, ability: None, linked: None })
            }
            (Trigger::DealtDamage(s), Happening::Damage { to: Target::Object(o), amount, .. }) if subject(s, o) => {
                Some(TriggerInfo { object: Some(o), player: None, amount: Some(amount), moved_to: None, ability: None, linked: None })
            }
            (Trigger::DealsDamageTo { who, combat_only, creature }, Happening::Damage { source, to, amount, combat }) => {
                let to_ok = match to {
                    Target::Object(o) => !*creature || self.is_creature(o),
                    Target::Player(_) | Target::Ability(_) => !*creature,
                };
                let object = if let Target::Object(o) = to { Some(o) } else { None };
                let player = if let Target::Player(p) = to { Some(p) } else { None };
                (subject(who, source) && (combat || !combat_only) && to_ok).then_some(TriggerInfo { object, player, amount: Some(amount), moved_to: None, ability: None, linked: None })
            }
            (Trigger::Attack(whose), Happening::AttackersDeclared { player }) => {
                whose_ok(*whose, player, controller).then_some(TriggerInfo { object: None, player: Some(player), amount: None, moved_to: None, ability: None, linked: None })
            }
            _ => None,
        }
    }

    /// " on Plains", " for Bob": what a trigger triggered on, for the trace (nothing for the
    /// source itself).
    fn trigger_words(&self, src: ObjId, info: TriggerInfo) -> Option<About> {
        let (prep, what) = match (info.ability, info.object, info.player) {
            (Some(uid), ..) => ("on the", Named::plain(self.describe_target(Target::Ability(uid)).into())),
            (None, Some(o), _) if o == src => return None,
            (None, Some(o), _) => ("on", crate::engine::named(self, o)),
            (None, None, Some(p)) => ("for", Named::plain(self.players[p].name.clone())),
            (None, None, None) => return None,
        };
        Some(About { prep, what })
    }

    /// The permanents a spell or ability just targeted (`by`, controlled by `controller`)
    /// become its targets (115.1): what triggers on that (ward, 702.21a) is checked.
    pub fn fire_targeted(&mut self, by: Target, controller: PlayerId, targets: &[Chosen]) {
        let mut seen: Vec<ObjId> = Vec::new();
        for c in targets {
            if let Target::Object(o) = c.target
                && self.on_battlefield(o)
                && !seen.contains(&o)
            {
                seen.push(o);
                self.fire(Happening::BecomesTarget { object: o, by, controller });
            }
        }
    }

    /// Whether a condition holds now (603.4 for an intervening "if", 611.3a for "as long
    /// as"), for the ability of `src` controlled by `you`.
    #[must_use]
    pub fn condition_holds(&self, c: &Condition, src: ObjId, you: PlayerId) -> bool {
        let matches = |o: ObjId, f: &crate::cards::ir::ObjectFilter| self.matches_filter(o, f, you);
        let controller = |o: ObjId| self.controller(o);
        self.condition_holds_in(c, src, you, &matches, &controller)
    }

    /// [`Game::condition_holds`] with the characteristics of objects read through `matches`
    /// and `controller` (the layer system passes the values it is computing).
    pub(crate) fn condition_holds_in(&self, c: &Condition, src: ObjId, you: PlayerId, matches: &dyn Fn(ObjId, &crate::cards::ir::ObjectFilter) -> bool, controller: &dyn Fn(ObjId) -> PlayerId) -> bool {
        let n = |k: usize| i64::try_from(k).unwrap_or(i64::MAX);
        let opponents = || (0..self.players.len()).filter(move |&p| p != you && !self.players[p].lost);
        match c {
            Condition::Controls { whose, filter, another, count } => {
                let controlled = |p: PlayerId| n(self.battlefield.iter().filter(|&&o| controller(o) == p && !(*another && o == src) && matches(o, filter)).count());
                match whose {
                    Whose::You => count.holds(controlled(you)),
                    Whose::Opponent => opponents().any(|p| count.holds(controlled(p))),
                    Whose::Each => (0..self.players.len()).any(|p| count.holds(controlled(p))),
                    // The controller of what the source (an Aura or Equipment) is attached to.
                    Whose::AttachedController => self.obj(src).attached_to.is_some_and(|h| count.holds(controlled(self.controller(h)))),
                }
            }
            Condition::CardsInGraveyard { filter, count } => count.holds(n(self.players[you].graveyard.iter().filter(|&&o| matches(o, filter)).count())),
            Condition::CardsInHand(count) => count.holds(n(self.players[you].hand.len())),
            Condition::CardTypesInGraveyard(count) => {
                // Read through `matches`: the layer system may be asking (no recursion into it).
                let has = |o: ObjId, t: crate::cards::ir::CardType| matches(o, &crate::cards::ir::ObjectFilter { types_any: vec![t], ..Default::default() });
                count.holds(n(self.card_types_in_graveyard(you, &has)))
            }
            Condition::Life(whose, count) => match whose {
                Whose::You => count.holds(self.players[you].life),
                Whose::Opponent => opponents().any(|p| count.holds(self.players[p].life)),
                Whose::Each => (0..self.players.len()).any(|p| !self.players[p].lost && count.holds(self.players[p].life)),
                Whose::AttachedController => self.obj(src).attached_to.is_some_and(|h| count.holds(self.players[self.controller(h)].life)),
            },
            Condition::Opponents(count) => count.holds(n(opponents().count())),
            // 301.5, 303.4: an Equipment or an Aura is attached to it.
            Condition::SourceAttached { equipment } => {
                let kind = crate::cards::ir::ObjectFilter { subtypes: vec![if *equipment { "Equipment" } else { "Aura" }.to_owned()], ..Default::default() };
                self.battlefield.iter().any(|&o| self.obj(o).attached_to == Some(src) && matches(o, &kind))
            }
            Condition::SourceCounters { kind, n } => self.obj(src).counters.get(kind) >= *n,
            // 702.131c: a designation that stays for the rest of the game.
            Condition::CityBlessing => self.players[you].city_blessing,
            // 702.179e: max speed is speed 4.
            Condition::MaxSpeed => self.players[you].speed == Some(4),
            // 724.5: with no monarch, neither holds.
            Condition::Monarch(whose) => self.monarch.is_some_and(|m| match whose {
                Whose::You => m == you,
                Whose::Opponent => m != you,
                Whose::Each => true,
                Whose::AttachedController => self.obj(src).attached_to.is_some_and(|h| self.controller(h) == m),
            }),
            // 711.2a–b: a level symbol's range.
            Condition::SourceCountersRange { kind, min, max } => {
                let have = self.obj(src).counters.get(kind);
                have >= *min && max.is_none_or(|m| have <= m)
            }
            Condition::DrawnThisTurn(count) => count.holds(i64::from(self.players[you].draws_this_turn)),
            Condition::YourTurn(yes) => (self.active == you) == *yes,
            Condition::SourceTapped(t) => self.obj(src).tapped == *t,
            Condition::SourceAttacking => self.combat.attackers.iter().any(|a| a.id == src),
            Condition::OpponentControlsMore(filter) => {
                let controlled = |p: PlayerId| self.battlefield.iter().filter(|&&o| controller(o) == p && matches(o, filter)).count();
                opponents().any(|p| controlled(p) > controlled(you))
            }
            Condition::OpponentMoreLife => opponents().any(|p| self.players[p].life > self.players[you].life),
            Condition::SourceAttackingAlone => matches!(self.combat.attackers.as_slice(), [a] if a.id == src),
            Condition::OfAttached(inner) => self.obj(src).attached_to.is_some_and(|h| self.condition_holds_in(inner, h, you, matches, controller)),
            Condition::SourceMonstrous => self.obj(src).monstrous.is_some(),
            Condition::AttackedThisTurn => self.players[you].attacked_this_turn,
            Condition::CreatureDiedThisTurn => self.creatures_died_this_turn > 0,
            Condition::CreaturesDied(cmp) => cmp.holds(i64::from(self.creatures_died_this_turn)),
            // 700.8c: four creatures in the party, read through `matches` (the layer system
            // may be asking).
            Condition::FullParty => {
                let slots = crate::engine::actions::PARTY.map(|s| crate::cards::ir::ObjectFilter { types_any: vec![crate::cards::ir::CardType::Creature], subtypes: vec![s.to_owned()], ..Default::default() });
                let fits = |o: ObjId| slots.iter().enumerate().filter(|(_, f)| matches(o, f)).fold(0usize, |m, (i, _)| m | 1 << i);
                crate::engine::actions::party_of(self.battlefield.iter().copied().filter(|&o| controller(o) == you).map(fits)) == 4
            }
            Condition::LeftBattlefieldThisTurn => self.players[you].left_battlefield_this_turn,
            Condition::GainedLifeThisTurn => self.players[you].life_gained_this_turn > 0,
            Condition::OpponentLostLifeThisTurn => opponents().any(|p| self.players[p].life_lost_this_turn > 0),
            Condition::SpellsLastTurn { two_by_one: false } => self.players.iter().all(|p| p.spells_last_turn == 0),
            Condition::SpellsLastTurn { two_by_one: true } => self.players.iter().any(|p| p.spells_last_turn >= 2),
            Condition::Kicked => self.obj(src).choices.kicked,
            Condition::Bargained => self.obj(src).choices.bargained,
            Condition::GiftPromised(yes) => self.obj(src).choices.gift.is_some() == *yes,
            Condition::Cast { from_hand } => self.obj(src).choices.cast_from.is_some_and(|z| !*from_hand || z == Zone::Hand),
            // Read through `matches` and `controller`, like every condition the layer system may
            // evaluate; the name is the copiable values' (layer 1).
            Condition::OwnAndControl(partner) => {
                let mine = |o: ObjId| self.on_battlefield(o) && self.obj(o).owner == you && controller(o) == you;
                let filter = crate::cards::ir::ObjectFilter { types_any: vec![partner.card_type], ..crate::cards::ir::ObjectFilter::default() };
                mine(src) && self.battlefield.iter().any(|&o| o != src && mine(o) && matches(o, &filter) && self.card(o).name().eq_ignore_ascii_case(&partner.name))
            }
            // The resolving spell's record of how it was cast (a copy has none, 707.10).
            Condition::Spell(fact) => {
                let ch = &self.obj(src).choices;
                match fact {
                    SpellFact::CastFromGraveyard => ch.cast_from == Some(Zone::Graveyard),
                    SpellFact::CastInYourMainPhase => ch.cast_from.is_some() && ch.cast_in_main_phase,
                    SpellFact::ManaSpent { color, n } => ch.cast_from.is_some() && ch.mana_spent[color.index()] >= *n,
                    SpellFact::X(cmp) => cmp.holds(i64::from(ch.x)),
                }
            }
        }
    }

    /// Puts waiting triggered abilities on the stack (603.3b): the active player's first, then
    /// each other player's in turn order; each player orders their own. Returns whether any
    /// were put on the stack.
    ///
    /// # Errors
    /// When an order or a target is not scripted.
    pub fn stack_triggers(&mut self, dec: &mut dyn Decider) -> Result<bool, Stop> {
        self.fire_state_triggers();
        if self.pending.is_empty() {
            return Ok(false);
        }
        // 603.3: an unread triggered ability that triggered matters now.
        for t in &self.pending {
            if t.delayed.is_none()
                && let Some(Ability::Unread(u)) = self.card(t.source).abilities().get(t.ability)
            {
                let on = self.trigger_words(t.source, t.info);
                return Err(crate::engine::unread::unread_stop(self.describe(t.source), u, &format!("it triggers{} (603.2)", On(on.as_ref()))));
            }
        }
        let pending = std::mem::take(&mut self.pending);
        self.damage_triggers.clear();
        // 603.3b is the process for several abilities that triggered since a player last
        // received priority (whoever controls them); a lone one goes on the stack under 603.3.
        let rule = if pending.len() > 1 { cite!(trigger.several_to_stack) } else { cite!(trigger.to_stack) };
        for p in self.apnap() {
            let mut mine: Vec<PendingTrigger> = pending.iter().copied().filter(|t| t.controller == p).collect();
            if mine.len() > 1 && !interchangeable(self, &mine) {
                let options: Vec<Target> = mine.iter().map(|t| Target::Object(t.source)).collect();
                let d = Decision { player: p, kind: DecisionKind::Order { options, abilities: mine.iter().map(|t| t.ability).collect() }, rule: cite!(trigger.order_choice), what: "the order of your triggered abilities (the first named goes on the stack first)".to_owned() };
                if let Answer::Order(order) = self.decide(dec, &d)? {
                    mine = order.into_iter().filter_map(|i| mine.get(i).copied()).collect();
                }
            }
            for t in mine {
                self.put_trigger(t, rule, dec)?;
            }
        }
        Ok(true)
    }

    /// The targets of each target slot of `effect` that its `modes` use, chosen by `player`
    /// through decisions (603.3d for a triggered ability going on the stack, 601.2c for a spell
    /// cast during a resolution, 608.2g; `rule` says which), with the division of a divided
    /// amount (601.2d). `None` when a slot can't get the targets it needs.
    #[expect(clippy::too_many_arguments, reason = "the pieces of the object being put on the stack")]
    pub(crate) fn decide_targets(&mut self, effect: &crate::cards::ir::Effect, modes: &[usize], by: Targeter, player: PlayerId, name: &str, rule: crate::rules::RuleId, dec: &mut dyn Decider) -> Result<Option<Vec<Chosen>>, Stop> {
        let mut chosen: Vec<Chosen> = Vec::new();
        let active_slots: Option<Vec<usize>> = effect.modal.as_ref().map(|m| modes.iter().flat_map(|&i| m.modes[i].slots.iter().copied()).collect());
        // 601.2d: each target of a division gets at least one, so there can't be more of them
        // than the amount divided.
        let divided = crate::engine::casting::divided_total(effect, modes, 0);
        for (slot, spec) in effect.targets.iter().enumerate() {
            if active_slots.as_ref().is_some_and(|s| !s.contains(&slot)) {
                continue;
            }
            let mut options: Vec<Target> = self.apnap().into_iter().map(Target::Player).collect();
            options.extend(self.battlefield.iter().map(|&o| Target::Object(o)));
            for p in 0..self.players.len() {
                options.extend(self.players[p].graveyard.iter().map(|&o| Target::Object(o)));
            }
            options.extend(self.stack.iter().filter_map(|s| if let StackItem::Spell(o) = s { Some(Target::Object(*o)) } else { None }));
            options.retain(|&o| self.target_legal(&spec.spec, o, by) && spec.other_than.is_none_or(|j| !chosen.iter().any(|c| c.slot == j && c.target == o)));
            let need = spec.min as usize;
            if options.len() < need {
                return Ok(None);
            }
            // 601.2c (through 603.3d): "up to N" lets the controller choose fewer, even none;
            // only a fixed number with exactly that many legal choices is no choice at all.
            let mut max = (spec.max as usize).min(options.len());
            if let Some((s, total)) = divided
                && s == slot
            {
                max = max.min(total as usize);
            }
            let picks = if options.is_empty() || need == max && options.len() == max {
                options.clone()
            } else {
                let d = Decision { player, kind: DecisionKind::TriggerTargets { options, min: need, max }, rule, what: format!("the target(s) of the {name}") };
                match self.decide(dec, &d)? {
                    Answer::Pick(ts) => ts,
                    _ => Vec::new(),
                }
            };
            self.check_unread_targets(picks.iter().copied(), &format!("the {name}"))?;
            chosen.extend(picks.into_iter().map(|target| Chosen { slot, target, share: 0 }));
        }
        // 601.2d (through 603.3d): a divided amount is divided among the chosen targets as the
        // ability goes on the stack, each getting at least one.
        if let Some((slot, total)) = divided {
            let recipients: Vec<Target> = chosen.iter().filter(|c| c.slot == slot).map(|c| c.target).collect();
            let shares: Vec<(Target, u32)> = if let [only] = recipients.as_slice() {
                vec![(*only, total)]
            } else if recipients.is_empty() {
                Vec::new()
            } else {
                let d = Decision { player, kind: DecisionKind::Divide { recipients, total }, rule: cite!(trigger.divide_choice), what: format!("how the {name} divides {total} among its targets") };
                match self.decide(dec, &d)? {
                    Answer::Assign(a) => a,
                    _ => Vec::new(),
                }
            };
            for c in chosen.iter_mut().filter(|c| c.slot == slot) {
                c.share = shares.iter().filter(|(t, _)| *t == c.target).map(|(_, n)| n).sum();
            }
        }
        Ok(Some(chosen))
    }

    /// Puts one triggered ability on the stack, choosing its targets (603.3d); one that can't
    /// get the targets it needs is removed.
    fn put_trigger(&mut self, t: PendingTrigger, rule: crate::rules::RuleId, dec: &mut dyn Decider) -> Result<(), Stop> {
        let effect = match (t.delayed, t.keyword) {
            (Some(i), _) => self.delayed_effects.get(i).map(|(e, _)| e.clone()).unwrap_or_default(),
            (None, Some(k)) => Game::keyword_trigger_effect(k, Some(t.info)),
            (None, None) => match self.ability(t.source, t.ability).or_else(|| self.card(t.source).abilities().get(t.ability)) {
                Some(Ability::Triggered { effect, .. }) => effect.clone(),
                Some(a @ (Ability::Echo(_) | Ability::Evoke(_) | Ability::Blitz(_) | Ability::Replicate(_) | Ability::Casualty(_) | Ability::Conspire | Ability::CumulativeUpkeep(_) | Ability::Madness(_) | Ability::Exert(_) | Ability::Offspring(_) | Ability::Gift(_))) => a.engine_trigger_effect().unwrap_or_default(),
                _ => return Ok(()),
            },
        };
        // The words before the source's name, for an ability named after its source.
        let kind = if Some(t.source) == self.monarch_abilities || Some(t.source) == self.speed_abilities {
            None
        } else if t.delayed.is_some_and(|i| self.delayed_effects.get(i).is_some_and(|(_, reflexive)| *reflexive)) {
            Some("reflexive ability of")
        } else if t.delayed.is_some() {
            Some("delayed ability from")
        } else {
            Some("ability of")
        };
        let name = match kind {
            Some(kind) => format!("{kind} {}", self.described(t.source)),
            None if Some(t.source) == self.monarch_abilities => "monarch's ability".to_owned(),
            None => format!("speed ability of {}", self.players[t.controller].name),
        };
        // 701.37c: in "when this becomes monstrous", X is the X of the monstrosity that made it
        // monstrous. 107.3m: in its enters-the-battlefield ability, triggered by its own
        // entering, X is the X of the spell it was.
        let entering = |t: &Trigger| matches!(t, Trigger::Enters(_));
        let (monstrous_x, spell_x) = match self.card(t.source).abilities().get(t.ability) {
            Some(Ability::Triggered { trigger, .. }) if t.delayed.is_none() && t.keyword.is_none() && matches!(**trigger, Trigger::BecomesMonstrous(_)) => (self.obj(t.source).monstrous.unwrap_or(0), false),
            Some(Ability::Triggered { trigger, .. })
                if t.delayed.is_none() && t.keyword.is_none() && t.info.object == Some(t.source) && (entering(trigger) || matches!(&**trigger, Trigger::Either(a, b) if entering(a) || entering(b))) =>
            {
                let x = self.obj(t.source).choices.entered_x;
                (x, x > 0)
            }
            _ => (0, false),
        };
        let by = Targeter { you: t.controller, source: t.source, this: None, x: monstrous_x, player: t.info.player };
        // 603.3c: the modes of a modal triggered ability are chosen as it goes on the stack.
        let mut modes: Vec<usize> = Vec::new();
        if let Some(m) = &effect.modal {
            let n = m.modes.len();
            // "Choose one that hasn't been chosen [this turn]": the modes this object already
            // chose for this ability can't be chosen (700.2b).
            let used = if t.delayed.is_none() && t.keyword.is_none() { self.used_modes(t.source, t.ability, m.fresh) } else { Vec::new() };
            let left = n - used.len();
            modes = if used.is_empty() && n <= m.min as usize {
                (0..n).collect()
            } else if m.fresh.is_some() && left <= 1 {
                (0..n).filter(|i| !used.contains(i)).collect()
            } else {
                let d = Decision { player: t.controller, kind: DecisionKind::Modes { count: n, min: m.min as usize, max: (m.max as usize).min(left), used: used.clone() }, rule: cite!(trigger.mode_choice), what: format!("the mode(s) of the {name}") };
                match self.decide(dec, &d)? {
                    Answer::Modes(ms) => ms,
                    _ => Vec::new(),
                }
            };
            if m.fresh.is_some() {
                let turn = self.turn;
                let ability = t.ability;
                self.obj_mut(t.source).modes_chosen.extend(modes.iter().map(|&i| (ability, i, turn)));
            }
            let shown: Vec<String> = modes.iter().map(|i| (i + 1).to_string()).collect();
            if modes.is_empty() {
                // 700.2b: a modal triggered ability with no mode chosen is removed from the stack.
                let why = if used.len() == n && n > 0 { " (every mode has already been chosen)" } else { "" };
                let ev = Ev::new(EventKind::Choice, format!("no mode of the {name} is chosen{why}: it is removed from the stack")).source(self, t.source).rules(&cite!(trigger.no_mode));
                self.record(ev);
                return Ok(());
            }
            let ev = Ev::new(EventKind::Choice, format!("mode(s) {} of the {name} chosen", shown.join(", "))).source(self, t.source).rules(&cite!(trigger.modes_chosen));
            self.record(ev);
        }
        let Some(chosen) = self.decide_targets(&effect, &modes, by, t.controller, &name, cite!(trigger.targets_choice), dec)? else {
            let ev = Ev::new(EventKind::DoesNotResolve, format!("{name} has no legal target for it and is removed from the stack")).source(self, t.source).rule(cite!(trigger.no_legal_target));
            self.record(ev);
            return Ok(());
        };
        let uid = self.next_ability_uid;
        self.next_ability_uid += 1;
        let on = self.trigger_words(t.source, t.info);
        let text = match kind {
            Some(kind) if chosen.is_empty() && !spell_x => Text::Stacked(kind, on.map(Box::new)),
            _ => {
                let on = On(on.as_ref());
                let mut text = if chosen.is_empty() { format!("the {name}{on} is put on the stack") } else { format!("the {name}{on} is put on the stack targeting {}", self.describe_chosen(&chosen)) };
                if spell_x {
                    text.push_str(&format!(" (X is {monstrous_x}, the X of the spell it was)"));
                }
                Text::Words(text)
            }
        };
        let mut ev = Ev::new(EventKind::Trigger, text).source(self, t.source).player(self, t.controller).rule(rule).because(t.event);
        if !chosen.is_empty() {
            ev = ev.rules(&cite!(trigger.targets_chosen));
        }
        if spell_x {
            ev = ev.rule(cite!(trigger.spell_x));
        }
        self.record(ev);
        let choices = StackChoices { targets: chosen, modes, x: monstrous_x, ..StackChoices::default() };
        let targets = choices.targets.clone();
        let text = if t.delayed.is_none() && t.keyword.is_none() { self.ability(t.source, t.ability).or_else(|| self.card(t.source).abilities().get(t.ability)).cloned().map(Box::new) } else { None };
        let origin = self.last_event();
        self.stack.push(StackItem::Ability(StackAbility { uid, source: t.source, controller: t.controller, ability: t.ability, choices, trigger: Some(t.info), text, origin, delayed: t.delayed, keyword: t.keyword }));
        self.fire_targeted(Target::Ability(uid), t.controller, &targets);
        self.passes = 0;
        Ok(())
    }
}


impl Game {
    /// The modes `source` already chose for its ability `ability` that "choose one that
    /// hasn't been chosen [this turn]" (`fresh`) rules out; none for other modal abilities.
    pub(crate) fn used_modes(&self, source: ObjId, ability: usize, fresh: Option<crate::cards::ir::FreshModes>) -> Vec<usize> {
        use crate::cards::ir::FreshModes;
        let Some(fresh) = fresh else { return Vec::new() };
        let mut used: Vec<usize> = self.obj(source).modes_chosen.iter().filter(|&&(a, _, turn)| a == ability && (fresh == FreshModes::Ever || turn == self.turn)).map(|&(_, m, _)| m).collect();
        used.sort_unstable();
        used.dedup();
        used
    }
}

/// +1/+1 counters are `Some(true)`, -1/-1 counters `Some(false)`, other kinds `None`.
#[must_use]
pub fn counter_sign(k: &crate::cards::ir::CounterKind) -> Option<bool> {
    match k {
        crate::cards::ir::CounterKind::PlusOne => Some(true),
        crate::cards::ir::CounterKind::MinusOne => Some(false),
        _ => None,
    }
}

/// Whether a trigger event is a leaves-the-battlefield one, which looks back in time (603.10a),
/// alone or as one of "When this creature enters or dies".
/// A trigger of the card itself away from the battlefield: "When you cast this spell" (on the
/// stack, 601.2i), "When you cycle this card" (where it went, 702.29c).
fn own_zone_trigger(t: &Trigger) -> bool {
    match t {
        Trigger::CastThis | Trigger::CycleThis => true,
        Trigger::Either(a, b) => own_zone_trigger(a) || own_zone_trigger(b),
        Trigger::OnceEachTurn(t) | Trigger::DuringTurn(t, _) | Trigger::FirstTimeEachTurn(t) => own_zone_trigger(t),
        _ => false,
    }
}

/// Whether the trigger is about cycling (702.29c–d).
fn cycle_trigger(t: &Trigger) -> bool {
    match t {
        Trigger::CycleThis | Trigger::Cycles { .. } => true,
        Trigger::Either(a, b) => cycle_trigger(a) || cycle_trigger(b),
        Trigger::OnceEachTurn(t) | Trigger::DuringTurn(t, _) | Trigger::FirstTimeEachTurn(t) => cycle_trigger(t),
        _ => false,
    }
}

/// "Whenever you cycle or discard a card" (702.29d).
fn cycle_or_discard(t: &Trigger) -> bool {
    match t {
        Trigger::Cycles { or_discard, .. } => *or_discard,
        Trigger::Either(a, b) => cycle_or_discard(a) || cycle_or_discard(b),
        Trigger::OnceEachTurn(t) | Trigger::DuringTurn(t, _) | Trigger::FirstTimeEachTurn(t) => cycle_or_discard(t),
        _ => false,
    }
}

fn looks_back(t: &Trigger) -> bool {
    match t {
        Trigger::Dies(_) | Trigger::LeavesBattlefield(_) | Trigger::PutIntoGraveyardFromBattlefield(_) | Trigger::PutIntoGraveyardOf { .. } | Trigger::DiesDamagedByThis(_) => true,
        Trigger::Either(a, b) => looks_back(a) || looks_back(b),
        Trigger::OnceEachTurn(t) | Trigger::DuringTurn(t, _) | Trigger::FirstTimeEachTurn(t) => looks_back(t),
        _ => false,
    }
}

fn whose_ok(whose: Whose, player: PlayerId, controller: PlayerId) -> bool {
    match whose {
        Whose::You => player == controller,
        Whose::Each => true,
        Whose::Opponent => player != controller,
        // Read from the source's host in the "beginning of" trigger; nothing else names it.
        Whose::AttachedController => false,
    }
}

/// Whether the waiting triggers are instances of one ability of one source whose effects don't
/// depend on what triggered them: their order is then no choice at all.
fn interchangeable(g: &Game, ts: &[PendingTrigger]) -> bool {
    let Some(first) = ts.first() else { return true };
    // Two instances of one keyword on one source ("Soulshift 4, soulshift 4", 702.46b) are two
    // abilities with the same effect.
    let same = ts.iter().all(|t| t.source == first.source && (t.ability == first.ability || t.keyword.is_some()) && t.delayed.is_none() && t.keyword == first.keyword);
    if !same {
        return false;
    }
    if let Some(k) = first.keyword {
        // A keyword's instances with the same trigger event have identical effects.
        return matches!(k, crate::cards::ir::Keyword::Bushido(_)) || ts.iter().all(|t| t.info == first.info);
    }
    // Whether the effect refers to what triggered it: the IR's serialized form names every
    // such reference (`TriggerObject`, `TriggerObjectController`, `TriggerPlayer`, `ThatMuch`).
    // Only the parts it refers to must agree: two discards by the same player trigger "deals 2
    // damage to that player" identically, whichever cards were discarded.
    let Some(Ability::Triggered { effect, .. }) = g.ability(first.source, first.ability).or_else(|| g.card(first.source).abilities().get(first.ability)) else { return false };
    let Ok(s) = serde_json::to_string(effect) else { return false };
    let (object, player, amount) = (s.contains("TriggerObject"), s.contains("TriggerPlayer"), s.contains("ThatMuch"));
    ts.iter().all(|t| (!object || t.info.object == first.info.object) && (!player || t.info.player == first.info.player) && (!amount || t.info.amount == first.info.amount))
}
