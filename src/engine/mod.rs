//! The rules engine, laid out by Comprehensive Rules section.
//!
//! The engine does no IO and uses no clock or OS randomness: all randomness comes from the
//! game's seeded generator. Every change to the game is recorded as an [`event::Event`] with
//! its cause and the rules cited. Decisions go through the [`Decider`] interface.

pub mod actions;
pub mod casting;
pub mod cause;
pub mod combat;
pub mod continuous;
pub mod copies;
pub mod counters;
pub mod emblems;
pub mod decision;
pub mod enter;
pub mod facedown;
pub mod faces;
pub mod invariants;
pub mod event;
pub mod keywords;
pub mod layers;
pub mod mana;
pub mod priority;
pub mod replace;
pub mod resolve;
pub mod rewind;
pub mod sba;
pub mod setup;
pub mod state;
pub mod tokens;
pub mod triggers;
pub mod turn;
pub mod unread;

pub use decision::{Answer, Decider, Decision, DecisionKind, Stop};
pub use state::{Game, ObjId, PlayerId, Target, Zone};

use crate::engine::event::{Event, EventKind, Named, Parts, Shown, Text};
use crate::rules::RuleId;

/// The rules an event cites: most cite one to three.
pub type Rules = smallvec::SmallVec<[RuleId; 3]>;

/// Builder for one trace event.
pub struct Ev {
    kind: EventKind,
    player: Option<Named>,
    object: Option<Named>,
    source: Option<Named>,
    target: Option<Named>,
    amount: Option<i64>,
    zone: Option<&'static str>,
    text: Text,
    rules: Rules,
    /// The objects and the player the event concerns, for its causes (`cause`).
    objs: [Option<ObjId>; 2],
    who: Option<PlayerId>,
    /// An explicit cause, overriding the anchor.
    because: Option<u32>,
}

impl Ev {
    /// The same event replaced: the object is exiled instead, having been cast with flashback
    /// (702.34a).
    #[must_use]
    pub fn exiled_instead(mut self, how: &str, rule: RuleId) -> Ev {
        self = self.words_after(format_args!("; it was cast {how}, so it is exiled instead"));
        self.kind = EventKind::Exile;
        self.zone = Some(Zone::Exile.name());
        self.rules.insert(0, rule);
        self
    }

    /// The same event with words added after its text, which then becomes words.
    #[must_use]
    pub fn words_after(mut self, words: std::fmt::Arguments<'_>) -> Ev {
        let was = Parts { text: &self.text, player: self.player.as_ref(), object: self.object.as_ref(), source: self.source.as_ref(), target: self.target.as_ref(), amount: self.amount };
        self.text = Text::Words(format!("{was}{words}"));
        self
    }

    #[must_use]
    pub fn new(kind: EventKind, text: impl Into<Text>) -> Ev {
        Ev { kind, player: None, object: None, source: None, target: None, amount: None, zone: None, text: text.into(), rules: Rules::new(), objs: [None; 2], who: None, because: None }
    }
    #[must_use]
    pub fn player(mut self, g: &Game, p: PlayerId) -> Ev {
        self.player = Some(Named::plain(g.players[p].name.clone()));
        self.who = Some(p);
        self
    }
    #[must_use]
    pub fn object(mut self, g: &Game, id: ObjId) -> Ev {
        self.object = Some(named(g, id));
        self.objs[0] = Some(id);
        self
    }
    /// The event follows from event `seq` whatever is being done.
    #[must_use]
    pub fn because(mut self, seq: u32) -> Ev {
        self.because = Some(seq).filter(|&s| s > 0);
        self
    }
    #[must_use]
    pub fn source(mut self, g: &Game, id: ObjId) -> Ev {
        self.source = Some(named(g, id));
        self
    }
    #[must_use]
    pub fn target(mut self, g: &Game, t: Target) -> Ev {
        match t {
            Target::Player(p) => self.who = self.who.or(Some(p)),
            Target::Object(o) => self.objs[1] = Some(o),
            Target::Ability(_) => {}
        }
        self.target = Some(match t {
            Target::Player(p) => Named::plain(g.players[p].name.clone()),
            Target::Object(o) => named(g, o),
            Target::Ability(_) => Named::plain(g.describe_target(t).into()),
        });
        self
    }
    #[must_use]
    pub fn amount(mut self, n: i64) -> Ev {
        self.amount = Some(n);
        self
    }
    #[must_use]
    pub fn zone(mut self, z: Zone) -> Ev {
        self.zone = Some(z.name());
        self
    }
    #[must_use]
    pub fn rule(mut self, r: RuleId) -> Ev {
        self.rules.push(r);
        self
    }
    #[must_use]
    pub fn rules(mut self, rs: &[RuleId]) -> Ev {
        self.rules.extend_from_slice(rs);
        self
    }
}

fn named(g: &Game, id: ObjId) -> Named {
    // Its name now (a copy has the name it copied, 707.2); `Name#N` counts the cards and
    // tokens of its printed name in creation order, as references do: those created during the
    // game among themselves, the setup's among themselves.
    // The names are shared with the card, not copied.
    let o = g.obj(id);
    let printed = o.card.shared_name();
    let phys = &g.cards[o.card_id.0 as usize];
    // The rest of what the trace says of it (`Game::described`).
    let d = g.described(id);
    let shown = Shown { copy: d.copy, with_printed: d.printed.is_some(), face_down: d.face_down.map(|(what, face_up)| Box::new((what, face_up.to_owned()))) };
    let name = if o.face_down { "face-down creature".into() } else { g.card(id).shared_name().clone() };
    let card = (name != *printed).then(|| printed.clone());
    let named = Named { name, card, label: phys.label.clone(), nth: Some(phys.nth as usize), shown };
    debug_assert_eq!(named.described().to_string(), d.to_string(), "the trace names object {id:?} differently from Game::described");
    named
}

impl Game {
    /// Records an event in the trace.
    pub fn record(&mut self, ev: Ev) {
        // Effects whose conditions read life totals or the turn are recomputed after any event.
        if self.layered.get().is_some_and(|l| l.volatile) {
            self.touch();
        }
        let seq = u32::try_from(self.trace.len() + 1).unwrap_or(u32::MAX);
        let kind = ev.kind;
        let (who, touched) = (ev.who, ev.objs);
        let objs: &[ObjId] = match ev.objs {
            [Some(a), Some(b)] => &[a, b],
            [Some(a), None] | [None, Some(a)] => &[a],
            [None, None] => &[],
        };
        let cause = match ev.because {
            Some(c) => Some(c),
            None => self.causes.cause_of(seq, ev.kind, objs, ev.who),
        };
        // A cause comes before what it causes, and every event cites a rule (checked in every
        // scenario test).
        debug_assert!(cause.is_none_or(|c| c < seq), "event {seq} ({:?}) caused by a later event {cause:?}", ev.text);
        debug_assert!(!ev.rules.is_empty(), "event {seq} ({:?}) cites no rule", ev.text);
        let cards: smallvec::SmallVec<[state::CardId; 2]> = objs.iter().map(|&o| self.obj(o).card_id).collect();
        self.causes.touch(seq, ev.kind, objs, &cards, ev.who);
        self.causes.after(seq, ev.kind);
        self.trace.push(Event {
            seq,
            turn: self.turn,
            step: self.step,
            kind: ev.kind,
            player: ev.player,
            object: ev.object,
            source: ev.source,
            target: ev.target,
            amount: ev.amount,
            zone: ev.zone,
            said: ev.text,
            cause,
            by: self.cause.clone(),
            rules: ev.rules,
        });
        self.check_invariants(seq, Some(kind));
        // 702.131b: ascend works "any time" — after each event that can give a player another
        // permanent or a permanent the ascend ability.
        if matches!(kind, EventKind::EntersBattlefield | EventKind::CreateToken | EventKind::ControlChange | EventKind::ExchangeControl | EventKind::Grant | EventKind::EffectBegins | EventKind::Transform | EventKind::TurnFaceUp | EventKind::BecomesCopy) {
            self.check_ascend();
        }
        // Only what this event touched is looked at: a constant cost per event.
        if self.beyond_range.is_none() {
            let player_at_edge = who.is_some_and(|p| matches!(self.players[p].life, i64::MAX | i64::MIN) || self.players[p].poison == u32::MAX);
            let object_at_edge = touched.iter().flatten().any(|&o| {
                let ob = self.obj(o);
                ob.damage == u32::MAX || ob.counters.kinds().any(|(_, n)| n == u32::MAX)
            });
            if player_at_edge || object_at_edge {
                self.beyond_range = Some(seq);
            }
        }
        if let Some(take) = self.snapshots.as_ref().map(|s| s.take) {
            let board = take(self);
            if let Some(s) = &mut self.snapshots {
                s.taken.push(board);
            }
        }
    }

    /// Runs `f` with `cause` as the cause of the events it records, in words, and `anchor` as
    /// the event they follow from.
    pub fn with_cause<T>(&mut self, cause: impl Into<std::sync::Arc<str>>, anchor: cause::Anchor, f: impl FnOnce(&mut Game) -> T) -> T {
        let old = std::mem::replace(&mut self.cause, cause.into());
        let old_anchor = std::mem::replace(&mut self.causes.anchor, anchor);
        let r = f(self);
        self.cause = old;
        self.causes.anchor = old_anchor;
        r
    }

    /// The number of the last event recorded (0 before any).
    #[must_use]
    pub fn last_event(&self) -> u32 {
        u32::try_from(self.trace.len()).unwrap_or(u32::MAX)
    }

    /// The events recorded from now on follow from the last event recorded.
    pub fn follow_last(&mut self) {
        self.causes.anchor = cause::Anchor::At(self.last_event());
    }
}
