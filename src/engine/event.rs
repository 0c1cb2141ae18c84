//! Events of the trace: what happened, to whom, why, and which rules say so.

use serde::Serialize;

use crate::rules::RuleId;
use crate::scenario::model::Step;

/// The fields an `expect.events` entry may match on.
pub const EVENT_FIELDS: &[&str] = &["kind", "turn", "step", "player", "object", "source", "target", "amount", "zone", "rule"];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    TurnBegins,
    StepBegins,
    Untap,
    Draw,
    Pass,
    PlayLand,
    Cast,
    Activate,
    AddMana,
    PayMana,
    PayLife,
    Tap,
    Resolve,
    DoesNotResolve,
    Counter,
    Damage,
    GainLife,
    LoseLife,
    Destroy,
    Sacrifice,
    Exile,
    Discard,
    PutIntoGraveyard,
    EntersBattlefield,
    CeasesToExist,
    Pump,
    DeclareAttacker,
    DeclareBlocker,
    RemoveFromCombat,
    ManaEmpties,
    DamageWearsOff,
    EffectEnds,
    Choice,
    Loses,
    Concede,
    LeavesGame,
    GameOver,
    Rejected,
    Grant,
    ColorChange,
    CopySpell,
    Search,
    Shuffle,
    Reveal,
    Regenerate,
    ExchangeControl,
    ExchangeLife,
    ReturnToHand,
    PreventDamage,
    RuleChange,
    Trigger,
    Replace,
    /// Counters put on a permanent (122.6), by an effect or as it enters.
    PutCounters,
    /// Counters removed from a permanent (704.5q).
    RemoveCounters,
    /// An Equipment or Aura becomes attached (701.3a).
    Attach,
    /// An Equipment becomes unattached (704.5n).
    Unattach,
    /// A continuous effect of a static ability starts to apply (611.3).
    EffectBegins,
    /// A permanent's controller changes (613.1b).
    ControlChange,
    /// A token is created and enters the battlefield (701.7a, 111.2).
    CreateToken,
    /// Two creatures fight (701.14a); the damage events follow.
    Fight,
    /// An object is put into a library, on top or on the bottom (401.4).
    PutIntoLibrary,
    /// A permanent becomes a copy of another, or enters as one (707.4, 707.5).
    BecomesCopy,
    /// A face-down permanent is turned face up (116.2b, 702.37e).
    TurnFaceUp,
    /// An emblem is put into a player's command zone (114.2).
    CreateEmblem,
    /// A double-faced permanent turns over to its other face (701.27a), or an instruction to
    /// transform one does nothing (701.27c–d, 712.9).
    Transform,
    /// A coin is flipped (705): its call, if any, and the side that comes up.
    CoinFlip,
    /// A player gets or loses a designation: becomes the monarch (724.3).
    Designation,
    /// A flip card permanent flips to its alternative characteristics (710.2, 110.5), or an
    /// instruction to flip one does nothing (710.4).
    Flip,
    /// The two cards of a meld pair become one melded permanent (701.42a), an instruction to
    /// meld does nothing (701.42c), or a melded permanent's two cards arrive in a zone as two
    /// objects (712.21).
    Meld,
}

impl EventKind {
    pub const ALL: [EventKind; 69] = [
        EventKind::TurnBegins, EventKind::StepBegins, EventKind::Untap, EventKind::Draw, EventKind::Pass, EventKind::PlayLand,
        EventKind::Cast, EventKind::Activate, EventKind::AddMana, EventKind::PayMana, EventKind::PayLife, EventKind::Tap,
        EventKind::Resolve, EventKind::DoesNotResolve, EventKind::Counter, EventKind::Damage, EventKind::GainLife,
        EventKind::LoseLife, EventKind::Destroy, EventKind::Sacrifice, EventKind::Exile, EventKind::Discard,
        EventKind::PutIntoGraveyard, EventKind::EntersBattlefield, EventKind::CeasesToExist, EventKind::Pump,
        EventKind::DeclareAttacker, EventKind::DeclareBlocker, EventKind::RemoveFromCombat, EventKind::ManaEmpties,
        EventKind::DamageWearsOff, EventKind::EffectEnds, EventKind::Choice, EventKind::Loses, EventKind::Concede,
        EventKind::LeavesGame, EventKind::GameOver, EventKind::Rejected,
        EventKind::Grant, EventKind::ColorChange, EventKind::CopySpell, EventKind::Search, EventKind::Shuffle, EventKind::Reveal, EventKind::Regenerate, EventKind::ExchangeControl, EventKind::ExchangeLife, EventKind::ReturnToHand, EventKind::PreventDamage, EventKind::RuleChange, EventKind::Trigger, EventKind::Replace,
        EventKind::PutCounters, EventKind::RemoveCounters, EventKind::Attach, EventKind::Unattach,
        EventKind::EffectBegins, EventKind::ControlChange, EventKind::CreateToken, EventKind::Fight, EventKind::PutIntoLibrary, EventKind::BecomesCopy, EventKind::TurnFaceUp, EventKind::CreateEmblem, EventKind::Transform,
        EventKind::CoinFlip, EventKind::Designation, EventKind::Flip, EventKind::Meld,
    ];

    /// Every kind's name, as written in `expect.events`.
    #[must_use]
    pub fn names() -> Vec<String> {
        EventKind::ALL.iter().map(|k| k.name().to_owned()).collect()
    }

    /// Its name as written in `expect.events` and the JSON trace (the serialized name, worked
    /// out once for every kind).
    #[must_use]
    pub fn name(self) -> &'static str {
        static NAMES: std::sync::OnceLock<Vec<(EventKind, String)>> = std::sync::OnceLock::new();
        let names = NAMES.get_or_init(|| EventKind::ALL.iter().map(|&k| (k, serde_json::to_value(k).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default())).collect());
        let found = names.iter().find(|(k, _)| *k == self);
        debug_assert!(found.is_some(), "{self:?} is missing from EventKind::ALL");
        found.map_or("", |(_, n)| n.as_str())
    }
}

/// A named thing in an event: a player (name only) or an object (card name and label).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Named {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// For an object whose name is not its printed one (a copy, 707.2): the printed name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// For an object: which object of that name it is, in creation order (`Name#N`).
    #[serde(skip)]
    pub nth: Option<usize>,
}

impl Named {
    /// Whether a value written in `expect.events` names this thing (its label or its name).
    #[must_use]
    pub fn matches(&self, s: &str) -> bool {
        let printed = self.card.as_deref().unwrap_or(&self.name);
        // Names in any case, like every card name a scenario writes; labels exactly.
        self.name.eq_ignore_ascii_case(s) || printed.eq_ignore_ascii_case(s) || self.label.as_deref() == Some(s) || self.nth.is_some_and(|n| s.strip_suffix(&format!("#{n}")).is_some_and(|x| x.eq_ignore_ascii_case(printed)))
    }
}

impl std::fmt::Display for Named {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.label {
            Some(l) => write!(f, "{} [{l}]", self.name),
            None => f.write_str(&self.name),
        }
    }
}

/// One event of the trace.
#[derive(Clone, Debug, Serialize)]
pub struct Event {
    pub seq: u32,
    pub turn: u32,
    pub step: Step,
    pub kind: EventKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<Named>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub object: Option<Named>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<Named>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Named>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone: Option<&'static str>,
    /// What happened, in words.
    pub text: String,
    /// The number of the earlier event this one follows from (see `engine::cause`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cause: Option<u32>,
    /// The action, resolving object or rule that produced it, in words.
    pub by: String,
    pub rules: Vec<RuleId>,
}

impl Event {
    /// Whether this event matches every field of an `expect.events` entry.
    #[must_use]
    pub fn matches(&self, fields: &[(String, String)]) -> bool {
        fields.iter().all(|(k, v)| match k.as_str() {
            "kind" => self.kind.name() == *v,
            "turn" => self.turn.to_string() == *v,
            "step" => self.step.name() == v || crate::scenario::model::Step::from_name(v) == Some(self.step),
            "player" => self.player.as_ref().is_some_and(|n| n.matches(v)),
            "object" => self.object.as_ref().is_some_and(|n| n.matches(v)),
            "source" => self.source.as_ref().is_some_and(|n| n.matches(v)),
            "target" => self.target.as_ref().is_some_and(|n| n.matches(v)),
            "amount" => self.amount.is_some_and(|a| a.to_string() == *v),
            "zone" => self.zone == Some(v.as_str()),
            "rule" => self.rules.iter().any(|r| r.is_within(v)),
            _ => false,
        })
    }

    /// How many fields of an `expect.events` entry this event matches.
    #[must_use]
    pub fn matching(&self, fields: &[(String, String)]) -> usize {
        fields.iter().filter(|f| self.matches(std::slice::from_ref(*f))).count()
    }

    /// The event as `expect.events` would name it: `#12 {kind: damage, turn: 1, …}`, with the
    /// fields it has (an event without a `source` shows none).
    #[must_use]
    pub fn fields_text(&self) -> String {
        let mut parts = vec![format!("kind: {}", self.kind.name()), format!("turn: {}", self.turn), format!("step: {}", self.step.name())];
        for (k, n) in [("player", &self.player), ("object", &self.object), ("source", &self.source), ("target", &self.target)] {
            if let Some(n) = n {
                parts.push(format!("{k}: {}", n.label.as_deref().unwrap_or(&n.name)));
            }
        }
        if let Some(a) = self.amount {
            parts.push(format!("amount: {a}"));
        }
        if let Some(z) = self.zone {
            parts.push(format!("zone: {z}"));
        }
        if !self.rules.is_empty() {
            parts.push(format!("rules: [{}]", self.rules.iter().map(|r| r.as_str()).collect::<Vec<_>>().join(", ")));
        }
        format!("#{} {{{}}}", self.seq, parts.join(", "))
    }
}
