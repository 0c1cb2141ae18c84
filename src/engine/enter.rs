//! Putting a permanent onto the battlefield, with the replacement effects that modify how it
//! enters (614.1c, 614.1d, 614.12): "This land enters tapped.", "This creature enters with N
//! +1/+1 counters on it.", and riot (702.136). Every path that puts an object onto the
//! battlefield goes through [`Game::put_onto_battlefield`]: a resolving permanent spell
//! (608.3), a land played (305.1), a card put onto the battlefield by an effect (701.23a).
//!
//! These are not triggered abilities: the permanent is already tapped, already has its
//! counters or haste when it arrives, and nothing uses the stack. Which of them apply is
//! decided from the permanent as it would exist on the battlefield — here its printed
//! abilities — and their choices are made before it enters (614.12, 614.12a). They are applied
//! in the order of the card's text; each modifies a different part of the event, so the order
//! the controller could choose (616.1) never changes the result.

use crate::cards::ir::{Ability, CounterKind, EntryChoiceKind, Keyword};
use crate::cite;
use crate::engine::decision::{Answer, Decider, Decision, DecisionKind, Stop};
use crate::engine::event::EventKind;
use crate::cards::ir::Change;
use crate::engine::state::{Game, ObjId, PlayerId, Zone};
use crate::engine::Ev;

/// One replacement effect that applies as a permanent enters.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Entering {
    Tapped,
    Counters(CounterKind, u32, Option<crate::rules::RuleId>),
    /// Riot (702.136a), with the controller's choice: `true` takes the +1/+1 counter.
    Riot(bool),
    /// Bloodthirst N (702.54a): an opponent was dealt damage this turn.
    Bloodthirst(u32),
    /// The effect putting it onto the battlefield gives it counters, citing this rule.
    Effect(CounterKind, u32, crate::rules::RuleId),
}

impl Game {
    /// Moves `id` onto the battlefield under `controller`'s control, `tapped` if the effect
    /// putting it there says so, applying its entering replacement effects. `announce` builds
    /// the event that says it entered (the caller's wording and rule), recorded before the
    /// replacements' own events. Returns the new object.
    ///
    /// # Errors
    /// When a choice for a replacement (riot) is not scripted.
    pub fn put_onto_battlefield(
        &mut self,
        id: ObjId,
        controller: PlayerId,
        tapped: bool,
        dec: &mut dyn Decider,
        announce: impl FnOnce(&Game, ObjId) -> Ev,
    ) -> Result<ObjId, Stop> {
        self.put_onto_battlefield_with(id, controller, tapped, None, dec, announce)
    }

    /// As [`Game::put_onto_battlefield`], the effect putting it there also saying it enters
    /// with counters on it (`with`: kind, number and the rule saying so; undying 702.93a,
    /// persist 702.79a): they are on it as it enters (614.1c), before "enters" abilities look.
    ///
    /// # Errors
    /// As [`Game::put_onto_battlefield`].
    pub fn put_onto_battlefield_with(
        &mut self,
        id: ObjId,
        controller: PlayerId,
        tapped: bool,
        with: Option<(CounterKind, u32, crate::rules::RuleId)>,
        dec: &mut dyn Decider,
        announce: impl FnOnce(&Game, ObjId) -> Ev,
    ) -> Result<ObjId, Stop> {
        self.enter_battlefield(id, controller, tapped, with, false, dec, announce)
    }

    /// As [`Game::put_onto_battlefield`], for a double-faced card put onto the battlefield
    /// "transformed": it enters with its back face up (712.14a), whose abilities are the ones
    /// that apply as it enters. The caller checks that the card is double-faced.
    ///
    /// # Errors
    /// As [`Game::put_onto_battlefield`].
    pub fn put_onto_battlefield_transformed(&mut self, id: ObjId, controller: PlayerId, dec: &mut dyn Decider, announce: impl FnOnce(&Game, ObjId) -> Ev) -> Result<ObjId, Stop> {
        self.enter_battlefield(id, controller, false, None, true, dec, announce)
    }

    #[expect(clippy::too_many_arguments, reason = "the two public entry points above name the cases")]
    fn enter_battlefield(
        &mut self,
        id: ObjId,
        controller: PlayerId,
        tapped: bool,
        with: Option<(CounterKind, u32, crate::rules::RuleId)>,
        transformed: bool,
        dec: &mut dyn Decider,
        announce: impl FnOnce(&Game, ObjId) -> Ev,
    ) -> Result<ObjId, Stop> {
        // Statics and keywords of permanents work on the battlefield (113.6): one the compiler
        // can't read matters from the moment the permanent would enter, replacements included.
        // Entering transformed, the back face's are checked once it is up, below.
        if !transformed {
            self.check_unread(id, &crate::cards::ir::Moment::Battlefield, || "it would enter the battlefield (113.6)".to_owned())?;
        }
        // 614.12a: the choices are made before the permanent enters. "Enter as a copy" comes
        // first: the copied text's own entering replacement effects then apply (707.5).
        let copy = self.enter_as_copy(id, controller, dec)?;
        let mut entering = Vec::new();
        if let Some((kind, n, rule)) = with {
            entering.push(Entering::Effect(kind, n, rule));
        }
        // 107.3m: X in an entering replacement is the X paid for the spell it was (0 if it
        // wasn't one).
        let x = if self.obj(id).zone == Zone::Stack { self.obj(id).choices.x } else { 0 };
        // 702.33d: whether the spell it was is kicked.
        let kicked = self.obj(id).zone == Zone::Stack && self.obj(id).choices.kicked;
        let own = match &copy {
            Some(c) => &c.values,
            None if transformed => self.obj(id).card.up(Some(1)),
            None => self.card(id),
        };
        let abilities = own.abilities().to_vec();
        // 702.44a: whether it enters as a creature, by its own types (no type-changing effect).
        let own_creature = own.is_creature_card();
        let mut choice = crate::engine::state::EntryChoice::default();
        for a in abilities {
            match a {
                // 614.12a: "as [this] enters, choose …"; a copy makes the choice anew (707.6).
                Ability::AsEntersChoose(kind) => {
                    let rule = if copy.is_some() { cite!(copy.enters_as_copy) } else { cite!(enter.replacement) };
                    let name = self.describe(id);
                    let (dk, what) = match kind {
                        EntryChoiceKind::Color => (DecisionKind::Color, format!("a color for {name} as it enters")),
                        EntryChoiceKind::ColorExcept(x) => (DecisionKind::ColorAmong(crate::cards::ir::Color::ALL.into_iter().filter(|c| *c != x).collect()), format!("a color for {name} as it enters")),
                        EntryChoiceKind::CreatureType => (DecisionKind::CreatureType, format!("a creature type for {name} as it enters")),
                    };
                    let d = Decision { player: controller, kind: dk, rule, what };
                    match self.decide(dec, &d)? {
                        Answer::Color(c) => choice.color = Some(c),
                        Answer::CreatureType(t) => choice.subtype = Some(t),
                        _ => {}
                    }
                }
                Ability::EntersTapped => entering.push(Entering::Tapped),
                // 614.1d: the condition is checked as the permanent would enter.
                Ability::EntersTappedUnless(c) if !self.condition_holds(&c, id, controller) => entering.push(Entering::Tapped),
                Ability::EntersTappedUnless(_) => {}
                // 614.12: "As this land enters, you may pay 2 life. If you don't, it enters
                // tapped." — decided as it would enter.
                Ability::AsEntersMayOrTapped(offer) if !self.entry_offer(id, controller, &offer, dec)? => entering.push(Entering::Tapped),
                Ability::AsEntersMayOrTapped(_) => {}
                Ability::EntersWithCountersIf { kind, count: crate::cards::ir::Amount::Fixed(n), condition } if self.condition_holds(&condition, id, controller) => {
                    entering.push(Entering::Counters(kind, n.unsigned_abs(), None));
                }
                Ability::EntersWithCounters { kind, count } => {
                    let n = match count {
                        crate::cards::ir::Amount::Fixed(n) => n.unsigned_abs(),
                        crate::cards::ir::Amount::X => x,
                        // 702.33e: "If this creature was kicked, it enters with …" — the spell
                        // it was.
                        crate::cards::ir::Amount::Kicked { base, kicked: k } => if kicked { k } else { base }.unsigned_abs(),
                        // 614.1c: "for each …", "where X is …", counted as it would enter.
                        crate::cards::ir::Amount::Count { each, what } => u32::try_from((i64::from(each) * self.count(controller, what, Some(id))).max(0)).unwrap_or(u32::MAX),
                        _ => 0,
                    };
                    let rule = match count {
                        crate::cards::ir::Amount::X => Some(cite!(enter.with_x_counters)),
                        crate::cards::ir::Amount::Kicked { .. } if kicked => Some(cite!(kicker.enters_with)),
                        // The party, deaths this turn, colors spent: the rule defining the count.
                        crate::cards::ir::Amount::Count { what, .. } => crate::engine::actions::count_rules(what).first().copied(),
                        _ => None,
                    };
                    if n == 0 && matches!(count, crate::cards::ir::Amount::Kicked { .. }) {
                        continue;
                    }
                    entering.push(Entering::Counters(kind, n, rule));
                }
                // 702.98a: unleash is the controller's choice as it enters.
                Ability::Keyword(Keyword::Unleash) => {
                    let d = Decision { player: controller, kind: DecisionKind::May { able: true }, rule: cite!(unleash.choice), what: format!("unleash: whether {} enters with an additional +1/+1 counter (it then can't block while it has one)", self.described(id)) };
                    let Answer::May(yes) = self.decide(dec, &d)? else { continue };
                    if yes {
                        entering.push(Entering::Effect(CounterKind::PlusOne, 1, cite!(unleash.counter)));
                    }
                }
                // 702.32a, 702.63a: "This permanent enters with N fade (time) counters on it";
                // each instance separately (702.63c).
                Ability::Keyword(Keyword::Fading(n)) => entering.push(Entering::Effect(CounterKind::Named("fade".to_owned()), n, cite!(fading.counters))),
                Ability::Keyword(Keyword::Graft(n)) => entering.push(Entering::Effect(CounterKind::PlusOne, n, cite!(graft.counters))),
                Ability::Keyword(Keyword::Modular(n)) => entering.push(Entering::Effect(CounterKind::PlusOne, n, cite!(modular.counters))),
                // 702.44a–b: sunburst adds counters only to a resolving spell entering from the
                // stack, one for each color of mana spent to cast it (none if no colored mana
                // was spent).
                Ability::Keyword(Keyword::Sunburst) if self.obj(id).zone == Zone::Stack => {
                    let n = u32::try_from(self.count(controller, crate::cards::ir::Counted::Spent { colors: true, that_spell: false }, Some(id))).unwrap_or(0);
                    let kind = if own_creature { CounterKind::PlusOne } else { CounterKind::Named("charge".to_owned()) };
                    if n > 0 {
                        entering.push(Entering::Effect(kind, n, cite!(sunburst.counters)));
                    }
                }
                Ability::Keyword(Keyword::Vanishing(n)) => entering.push(Entering::Effect(CounterKind::Named("time".to_owned()), n, cite!(vanishing.counters))),
                // 702.54a: each instance applies separately (702.54c).
                Ability::Keyword(Keyword::Bloodthirst(n)) if (0..self.players.len()).any(|p| p != controller && self.players[p].damaged_this_turn) => {
                    entering.push(Entering::Bloodthirst(n));
                }
                // 702.136b: each instance of riot is a separate choice.
                Ability::Keyword(Keyword::Riot) => {
                    let d = Decision {
                        player: controller,
                        kind: DecisionKind::May { able: true },
                        rule: cite!(riot.choice),
                        what: format!("riot: whether {} enters with an additional +1/+1 counter (if not, it gains haste)", self.described(id)),
                    };
                    let Answer::May(yes) = self.decide(dec, &d)? else { continue };
                    entering.push(Entering::Riot(yes));
                }
                _ => {}
            }
        }
        let from = self.obj(id).zone;
        let nid = self.move_object(id, Zone::Battlefield);
        // 702.145b: at night a daybound double-faced card enters transformed.
        if transformed {
            self.obj_mut(nid).face = Some(1);
            self.check_unread(nid, &crate::cards::ir::Moment::Battlefield, || "it enters transformed (712.14a)".to_owned())?;
        }
        let night = self.enters_at_night(nid);
        if night {
            self.obj_mut(nid).face = Some(1);
            self.check_unread(nid, &crate::cards::ir::Moment::Battlefield, || "it enters transformed at night (702.145b)".to_owned())?;
        }
        let o = self.obj_mut(nid);
        o.controller = controller;
        o.seen_controller = controller;
        o.tapped = tapped || entering.contains(&Entering::Tapped);
        let untapped = !o.tapped;
        o.entry_choice = choice;
        // 702.33d: the permanent remembers that the spell it was had been kicked ("When this
        // creature enters, if it was kicked, …", 702.33e).
        o.choices.kicked = kicked;
        if untapped {
            self.tapped_prefix.set(0);
        }
        if let Some(c) = copy {
            // It is a copy as it enters, not after (707.5): the effect has its timestamp.
            let timestamp = self.obj(nid).timestamp;
            let mut rules = cite!(copy.enters_as_copy_of).to_vec();
            if self.card(id).abilities().iter().any(|a| matches!(a, Ability::EnterAsCopy { except, .. } if !except.is_empty())) {
                rules.push(cite!(copy.exception));
            }
            self.start_copy(nid, nid, c.original, c.values, timestamp, false, "enters as", &rules);
        }
        let ev = announce(self, nid);
        self.record(ev);
        if night {
            let ev = Ev::new(EventKind::Transform, format!("it is night: {} enters transformed", self.described(nid))).object(self, nid).rules(&cite!(daybound.enters_transformed_at_night));
            self.record(ev);
        }
        self.entered_unlocked(nid);
        // What was chosen as it entered (614.12a), which its abilities refer to.
        let chosen = self.obj(nid).entry_choice.color.map(|c| c.name().to_owned()).into_iter().chain(self.obj(nid).entry_choice.subtype.clone());
        let chosen: Vec<String> = chosen.collect();
        if !chosen.is_empty() {
            let ev = Ev::new(EventKind::Choice, format!("{} enters with {} chosen", self.described(nid), chosen.join(" and "))).object(self, nid).player(self, controller).rules(&cite!(enter.chosen_value));
            self.record(ev);
        }
        self.trace_statics(nid, true);
        // 306.5b: a planeswalker's intrinsic replacement effect gives it its printed loyalty.
        if self.has_type(nid, crate::cards::ir::CardType::Planeswalker)
            && let Some(l) = self.obj(nid).card.loyalty().and_then(|l| u32::try_from(l).ok())
        {
            self.put_counters(nid, &CounterKind::Loyalty, l, &cite!(enter.starting_loyalty), true, "");
        }
        // 714.3a: a Saga enters with a lore counter (read ahead, 702.155, is not read).
        if self.has_subtype(nid, "Saga") {
            self.put_counters(nid, &CounterKind::Lore, 1, &[cite!(saga.enters_with_lore)], true, "");
        }
        for e in entering {
            match e {
                Entering::Tapped => {
                    let ev = Ev::new(EventKind::Tap, crate::engine::event::Text::ObjectDoes("enters tapped")).object(self, nid).rules(&cite!(enter.tapped));
                    self.record(ev);
                }
                Entering::Counters(kind, n, x_rule) => {
                    let mut rules = cite!(enter.with_counters).to_vec();
                    rules.extend(x_rule);
                    self.put_counters(nid, &kind, n, &rules, true, "");
                }
                Entering::Effect(kind, n, rule) => self.put_counters(nid, &kind, n, &[rule], true, ""),
                Entering::Bloodthirst(n) => self.put_counters(nid, &CounterKind::PlusOne, n, &cite!(bloodthirst.counters), true, " (bloodthirst: an opponent was dealt damage this turn)"),
                Entering::Riot(true) => self.put_counters(nid, &CounterKind::PlusOne, 1, &cite!(riot.counter), true, " (riot)"),
                Entering::Riot(false) => {
                    // The haste lasts as long as the permanent stays on the battlefield.
                    self.add_effect(nid, controller, vec![nid], Change::Grant(Keyword::Haste), false);
                    let ev = Ev::new(EventKind::Grant, crate::engine::event::Text::ObjectDoes("enters without the riot counter, so it has haste")).object(self, nid).rules(&cite!(riot.haste));
                    self.record(ev);
                }
            }
        }
        // 702.145d, 702.145g: a daybound or nightbound permanent may make it day or night.
        let turned = self.day_night_check();
        self.check_turned(&turned)?;
        // 603.6a: "enters" abilities see the permanent as it is on the battlefield.
        self.zone_change_triggers(id, nid, from, Zone::Battlefield);
        Ok(nid)
    }
}

impl Game {
    /// "As this land enters, you may pay 2 life / reveal an Island or Swamp card from your
    /// hand." (614.12): asks `p`, and does it if they accept. Returns whether it was done; a
    /// player who can't do it (too little life, 119.4; no such card in hand) doesn't.
    fn entry_offer(&mut self, id: ObjId, p: PlayerId, offer: &crate::cards::ir::EntryOffer, dec: &mut dyn Decider) -> Result<bool, Stop> {
        use crate::cards::ir::EntryOffer;
        use crate::engine::state::Target;
        let name = self.describe(id);
        match offer {
            EntryOffer::PayLife(n) => {
                let able = self.players[p].life >= i64::from(*n);
                let d = Decision { player: p, kind: DecisionKind::May { able }, rule: cite!(enter.pay_life_choice), what: format!("whether to pay {n} life as {name} enters (if not, it enters tapped)") };
                let Answer::May(yes) = self.decide(dec, &d)? else { return Ok(false) };
                if yes {
                    self.pay_life(p, *n, &format!(" as {name} enters"), &cite!(enter.pay_life));
                }
                Ok(yes)
            }
            EntryOffer::Reveal(filter) => {
                let options: Vec<Target> = self.players[p].hand.iter().copied().filter(|&o| o != id && self.matches_filter(o, filter, p)).map(Target::Object).collect();
                let d = Decision { player: p, kind: DecisionKind::May { able: !options.is_empty() }, rule: cite!(enter.reveal_choice), what: format!("whether to reveal a card as {name} enters (if not, it enters tapped)") };
                let Answer::May(yes) = self.decide(dec, &d)? else { return Ok(false) };
                if !yes {
                    return Ok(false);
                }
                let d = Decision { player: p, kind: DecisionKind::PickRange { options, min: 1, max: 1, found: Vec::new() }, rule: cite!(enter.reveal_pick), what: format!("the card revealed as {name} enters") };
                let Answer::Pick(picked) = self.decide(dec, &d)? else { return Ok(false) };
                for t in picked {
                    let Target::Object(o) = t else { continue };
                    let ev = Ev::new(EventKind::Reveal, format!("{} reveals {} as {name} enters", self.players[p].name, self.described(o))).object(self, o).player(self, p).rules(&cite!(enter.reveal));
                    self.record(ev);
                }
                Ok(true)
            }
        }
    }
}
