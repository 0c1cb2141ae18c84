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

use crate::cards::ir::{Ability, CounterKind, Keyword};
use crate::cr;
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
    /// "As this land enters, choose a color." (614.12), with the color chosen.
    ChooseColor(crate::cards::ir::Color),
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
        // Statics and keywords of permanents work on the battlefield (113.6): one the compiler
        // can't read matters from the moment the permanent would enter, replacements included.
        self.check_unread(id, &crate::cards::ir::Moment::Battlefield, || "it would enter the battlefield (113.6)".to_owned())?;
        // 614.12a: the choices are made before the permanent enters.
        let mut entering = Vec::new();
        // 107.3m: X in an entering replacement is the X paid for the spell it was (0 if it
        // wasn't one).
        let x = if self.obj(id).zone == Zone::Stack { self.obj(id).choices.x } else { 0 };
        for a in self.obj(id).card.abilities().to_vec() {
            match a {
                Ability::EntersTapped => entering.push(Entering::Tapped),
                Ability::EntersWithCounters { kind, count } => {
                    let n = match count {
                        crate::cards::ir::Amount::Fixed(n) => n.unsigned_abs(),
                        crate::cards::ir::Amount::X => x,
                        _ => 0,
                    };
                    let rule = (count == crate::cards::ir::Amount::X).then(|| cr!("107.3m"));
                    entering.push(Entering::Counters(kind, n, rule));
                }
                // 702.136b: each instance of riot is a separate choice.
                Ability::Keyword(Keyword::Riot) => {
                    let d = Decision {
                        player: controller,
                        kind: DecisionKind::May { able: true },
                        rule: cr!("702.136a"),
                        what: format!("riot: whether {} enters with an additional +1/+1 counter (if not, it gains haste)", self.describe(id)),
                    };
                    let Answer::May(yes) = self.decide(dec, &d)? else { continue };
                    entering.push(Entering::Riot(yes));
                }
                Ability::AsEntersChooseColor { except } => {
                    let kind = match except {
                        None => DecisionKind::Color,
                        Some(x) => DecisionKind::ColorAmong(crate::cards::ir::Color::ALL.into_iter().filter(|c| *c != x).collect()),
                    };
                    let d = Decision { player: controller, kind, rule: cr!("614.12a"), what: format!("the color chosen as {} enters", self.describe(id)) };
                    let Answer::Color(c) = self.decide(dec, &d)? else { continue };
                    entering.push(Entering::ChooseColor(c));
                }
                _ => {}
            }
        }
        let from = self.obj(id).zone;
        let nid = self.move_object(id, Zone::Battlefield);
        let o = self.obj_mut(nid);
        o.controller = controller;
        o.seen_controller = controller;
        o.tapped = tapped || entering.contains(&Entering::Tapped);
        o.chosen_color = entering.iter().find_map(|e| if let Entering::ChooseColor(c) = e { Some(*c) } else { None });
        let ev = announce(self, nid);
        self.record(ev);
        self.trace_statics(nid, true);
        // 306.5b: a planeswalker's intrinsic replacement effect gives it its printed loyalty.
        if self.has_type(nid, crate::cards::ir::CardType::Planeswalker)
            && let Some(l) = self.obj(nid).card.loyalty().and_then(|l| u32::try_from(l).ok())
        {
            self.put_counters(nid, &CounterKind::Loyalty, l, &[cr!("306.5b"), cr!("614.1c")], true, "");
        }
        for e in entering {
            match e {
                Entering::Tapped => {
                    let ev = Ev::new(EventKind::Tap, format!("{} enters tapped", self.describe(nid))).object(self, nid).rules(&[cr!("614.1d"), cr!("614.12")]);
                    self.record(ev);
                }
                Entering::Counters(kind, n, x_rule) => {
                    let mut rules = vec![cr!("614.1c"), cr!("614.12")];
                    rules.extend(x_rule);
                    self.put_counters(nid, &kind, n, &rules, true, "");
                }
                Entering::Riot(true) => self.put_counters(nid, &CounterKind::PlusOne, 1, &[cr!("702.136a"), cr!("614.1c"), cr!("614.12")], true, " (riot)"),
                Entering::ChooseColor(c) => {
                    let ev = Ev::new(EventKind::Choice, format!("{} enters with {} chosen", self.describe(nid), c.name())).object(self, nid).player(self, controller).rules(&[cr!("614.12"), cr!("614.12a")]);
                    self.record(ev);
                }
                Entering::Riot(false) => {
                    // The haste lasts as long as the permanent stays on the battlefield.
                    self.add_effect(nid, controller, vec![nid], Change::Grant(Keyword::Haste), false);
                    let ev = Ev::new(EventKind::Grant, format!("{} enters without the riot counter, so it has haste", self.describe(nid))).object(self, nid).rules(&[cr!("702.136a"), cr!("702.10")]);
                    self.record(ev);
                }
            }
        }
        // 603.6a: "enters" abilities see the permanent as it is on the battlefield.
        self.zone_change_triggers(id, nid, from, Zone::Battlefield);
        Ok(nid)
    }
}
