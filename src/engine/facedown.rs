//! Face-down permanents (708): cast face down for {3} with morph (702.37c) or disguise
//! (702.168b), or put onto the battlefield face down by manifest (701.40a), manifest dread
//! (701.62a) or cloak (701.58a). A face-down object is a 2/2 creature with no name, text,
//! subtypes or mana cost (708.2a, 708.4) — with ward {2} for disguise and cloak — whose
//! characteristics come from layer 1b (613.2b, `Game::card`). Its controller turns it face up
//! as a special action (116.2b) by paying its morph or disguise cost (702.37e, 702.168d) or, for
//! a manifested or cloaked creature card, its mana cost (701.40b, 701.58b); that gives it a new
//! timestamp (613.7f) and reveals its face-up values (708.8) without it entering the battlefield
//! again.

use crate::cards::ir::Ability;
use crate::cite;
use crate::engine::casting::Illegal;
use crate::engine::decision::{Decider, Stop};
use crate::engine::event::EventKind;
use crate::engine::state::{Game, ObjId, PlayerId};
use crate::engine::Ev;

/// What turned a permanent face down: its face-down characteristics (708.2) and the ways its
/// controller may turn it face up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FaceDown {
    /// Cast face down with morph (702.37c), or face down with nothing else listed (708.2a).
    #[default]
    Plain,
    /// Cast face down with disguise: ward {2} (702.168b).
    Disguised,
    /// Manifested (701.40a): may be turned face up for its mana cost if a creature card.
    Manifested,
    /// Cloaked (701.58a): ward {2}, and turned face up as a manifested card is.
    Cloaked,
}

impl FaceDown {
    /// Whether the face-down characteristics include ward {2} (702.168a, 701.58a).
    #[must_use]
    pub fn ward(self) -> bool {
        matches!(self, FaceDown::Disguised | FaceDown::Cloaked)
    }
    /// Whether its controller may turn it face up for the card's mana cost (701.40b, 701.58b).
    #[must_use]
    pub fn by_mana_cost(self) -> bool {
        matches!(self, FaceDown::Manifested | FaceDown::Cloaked)
    }
}

/// How a face-down permanent is turned face up: the cost and the rules that allow it.
enum Way {
    Morph(crate::cards::ir::ManaCost, bool),
    Disguise(crate::cards::ir::ManaCost),
    ManaCost(crate::cards::ir::ManaCost, crate::rules::RuleId),
}

impl Game {
    /// `p` turns face-down `id` face up, paying its morph cost (116.2b, 702.37e).
    ///
    /// # Errors
    /// `Stop` when a decision can't be made; `Illegal` when the rules forbid it now.
    /// `by_cost`: for a manifested or cloaked card with morph or disguise, which of the two
    /// ways (701.40c–d, 701.58c–d): `Some(true)` its mana cost, `Some(false)` the other.
    pub fn turn_face_up(&mut self, p: PlayerId, id: ObjId, pay: Option<&[ObjId]>, by_cost: Option<bool>, dec: &mut dyn Decider) -> Result<Result<(), Illegal>, Stop> {
        let name = self.describe(id);
        // 116.2b: any time the player has priority.
        if self.priority != Some(p) {
            return Ok(Err(Illegal::new(cite!(facedown.turn_up_without_priority), format!("{} doesn't have priority: turning {name} face up is a special action taken with priority", self.players[p].name))));
        }
        if !self.on_battlefield(id) || !self.obj(id).face_down || self.controller(id) != p {
            return Ok(Err(Illegal::new(cite!(facedown.not_face_down), format!("{name} is not a face-down permanent {} controls", self.players[p].name))));
        }
        let up = self.card_face_up(id);
        let morph = up.abilities().iter().find_map(|a| match a {
            Ability::Morph { cost, mega } => Some(Way::Morph(cost.clone(), *mega)),
            Ability::Disguise(cost) => Some(Way::Disguise(cost.clone())),
            _ => None,
        });
        let how = self.obj(id).face_down_as;
        // 701.40b, 701.58b: a manifested or cloaked permanent whose card is a creature card
        // with a mana cost may be turned face up for that cost.
        let card = self.obj(id).card.up(None);
        let chosen = by_cost;
        let by_cost = how.by_mana_cost().then(|| card.cost().cloned()).flatten().filter(|_| card.is_creature_card());
        let rule = if how == crate::engine::facedown::FaceDown::Cloaked { cite!(cloak.turn_up_for_cost) } else { cite!(manifest.turn_up_for_cost) };
        let either = if how == crate::engine::facedown::FaceDown::Cloaked { cite!(cloak.turn_up_either) } else { cite!(manifest.turn_up_either) };
        let mut also = None;
        let way = match (morph, by_cost) {
            // 701.40c–d, 701.58c–d: either procedure, as the player chooses.
            (Some(w), Some(c)) => {
                also = Some(either);
                match chosen {
                    Some(true) => Way::ManaCost(c, rule),
                    Some(false) => w,
                    None => return Err(Stop(crate::diag::Diagnostic::new(format!("{name} could be turned face up either for its morph or disguise cost or for its mana cost (rules 701.40c, 701.40d): say which with `by:`"), crate::diag::Span::default()))),
                }
            }
            (Some(w), None) => w,
            (None, Some(c)) => Way::ManaCost(c, rule),
            (None, None) if how.by_mana_cost() => {
                return Ok(Err(Illegal::new(rule, format!("{name} is represented by a card that isn't a creature card with a mana cost: it can't be turned face up this way"))));
            }
            (None, None) => return Ok(Err(Illegal::new(cite!(facedown.no_way_up), format!("{name} has no morph or disguise ability")))),
        };
        let (cost, special, mega) = match way {
            Way::Morph(c, mega) => (c, cite!(morph.turn_up), mega),
            Way::Disguise(c) => (c, cite!(disguise.turn_up), false),
            Way::ManaCost(c, r) => (c, r, false),
        };
        let ch = crate::engine::casting::Choices { pay: pay.map(<[ObjId]>::to_vec), ..crate::engine::casting::Choices::default() };
        if let Err(e) = self.pay_mana(p, &cost, 0, &ch, crate::engine::mana::Alternatives::default(), dec)? {
            return Ok(Err(e.also(special)));
        }
        let timestamp = self.timestamp();
        let o = self.obj_mut(id);
        o.face_down = false;
        o.face_down_as = FaceDown::Plain;
        o.timestamp = timestamp;
        let paid = if special == cite!(morph.turn_up) {
            "its morph cost"
        } else if special == cite!(disguise.turn_up) {
            "its disguise cost"
        } else {
            "the mana cost of the creature card it is"
        };
        let ev = Ev::new(EventKind::TurnFaceUp, format!("{} turns {name} face up, paying {paid}: it is {}", self.players[p].name, self.described(id)))
            .player(self, p)
            .object(self, id)
            .rules(&[cite!(facedown.turn_up_special_action), special, cite!(facedown.turned_up), cite!(facedown.new_timestamp)])
            .rules(also.as_slice());
        self.record(ev);
        // 702.37b: a megamorph cost paid puts a +1/+1 counter on it as it is turned face up.
        if mega {
            self.put_counters(id, &crate::cards::ir::CounterKind::PlusOne, 1, &[cite!(megamorph.counter)], false, " (megamorph)");
        }
        // 708.8: not an entering; "when this is turned face up" abilities trigger.
        self.fire(crate::engine::triggers::Happening::TurnedFaceUp(id));
        Ok(Ok(()))
    }
}

impl Game {
    /// `p` manifests (701.40a) or cloaks (701.58a) the top card of their library — or, for
    /// manifest dread (701.62a), one of its top two cards of their choice, the other going to
    /// their graveyard. The card is turned face down and put onto the battlefield under `p`'s
    /// control as a 2/2 creature (708.3: nothing of its face-up side applies as it enters).
    /// Returns the face-down permanent, if a card was there to manifest.
    ///
    /// # Errors
    /// When the choice of manifest dread or a choice as it enters is not scripted.
    pub fn manifest(&mut self, p: PlayerId, cloak: bool, dread: bool, dec: &mut dyn Decider) -> Result<Option<ObjId>, Stop> {
        use crate::engine::decision::{Answer, Decision, DecisionKind};
        use crate::engine::state::{Target, Zone};
        let who = self.players[p].name.clone();
        let looked: Vec<ObjId> = self.players[p].library.iter().copied().take(if dread { 2 } else { 1 }).collect();
        let Some(&first) = looked.first() else {
            let what = if dread { "manifest dread" } else if cloak { "cloak" } else { "manifest" };
            let ev = Ev::new(EventKind::Choice, format!("{who}'s library is empty: there is no card to {what}")).player(self, p).rule(if dread { cite!(manifest_dread.empty_library) } else if cloak { cite!(cloak.empty_library) } else { cite!(manifest.empty_library) });
            self.record(ev);
            return Ok(None);
        };
        let card = if dread && looked.len() > 1 {
            let options = looked.iter().map(|&c| Target::Object(c)).collect();
            let d = Decision { player: p, kind: DecisionKind::Pick { options, count: 1 }, rule: cite!(manifest_dread.choice), what: "which of the top two cards of the library to manifest (manifest dread)".to_owned() };
            match self.decide(dec, &d)? {
                Answer::Pick(ts) => match ts.first() {
                    Some(&Target::Object(c)) => c,
                    _ => first,
                },
                _ => first,
            }
        } else {
            first
        };
        let (how, rules, verb): (FaceDown, &[crate::rules::RuleId], &str) = if cloak {
            (FaceDown::Cloaked, &cite!(cloak.put_face_down), "cloaks")
        } else if dread {
            (FaceDown::Manifested, &cite!(manifest_dread.put_face_down), "manifests dread")
        } else {
            (FaceDown::Manifested, &cite!(manifest.put_face_down), "manifests")
        };
        self.kinds = self.kinds.with(crate::engine::layers::Kinds::face_down());
        let o = self.obj_mut(card);
        o.face_down = true;
        o.face_down_as = how;
        self.touch();
        let ward = if cloak { " with ward {2}" } else { "" };
        let nid = self.put_onto_battlefield(card, p, false, dec, |g, nid| {
            let shown = g.describe(nid);
            let text = if dread {
                format!("{who} manifests dread: of the top two cards of {who}'s library, {shown} enters the battlefield face down as a 2/2 creature")
            } else {
                format!("{who} {verb} the top card of {who}'s library: {shown} enters the battlefield face down as a 2/2 creature{ward}")
            };
            Ev::new(EventKind::EntersBattlefield, text)
                .object(g, nid)
                .player(g, p)
                .zone(Zone::Battlefield)
                .rules(rules)
        })?;
        for c in looked.into_iter().filter(|&c| c != card) {
            let ev = Ev::new(EventKind::PutIntoGraveyard, format!("{} is put into {who}'s graveyard: the other card looked at for manifest dread", self.described(c))).object(self, c).player(self, p).zone(Zone::Graveyard).rule(cite!(manifest_dread.graveyard));
            self.record(ev);
            self.move_object(c, Zone::Graveyard);
        }
        Ok(Some(nid))
    }
}
