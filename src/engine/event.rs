//! Events of the trace: what happened, to whom, why, and which rules say so.

use serde::Serialize;

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
    /// A player rolls a die (706): its kind and the result.
    DieRoll,
    /// A player's speed is set or increases (702.179), or an increase does nothing.
    Speed,
}

impl EventKind {
    pub const ALL: [EventKind; 71] = [
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
        EventKind::CoinFlip, EventKind::Designation, EventKind::Flip, EventKind::Meld, EventKind::DieRoll, EventKind::Speed,
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
    pub name: std::sync::Arc<str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<std::sync::Arc<str>>,
    /// For an object whose name is not its printed one (a copy, 707.2): the printed name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<std::sync::Arc<str>>,
    /// For an object: which object of that name it is, in creation order (`Name#N`).
    #[serde(skip)]
    pub nth: Option<usize>,
    /// For an object: the rest of how the trace names it (`Game::describe`).
    #[serde(skip)]
    pub shown: Shown,
}

/// What the trace says of an object beyond its `Named` fields, as `Game::describe` words it:
/// whether it is a copy (707.2), whether its printed name follows in parentheses, and, for a
/// face-down object, what it is and the face the judge sees (708.5, 406.3).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    pub copy: bool,
    pub with_printed: bool,
    pub face_down: Option<Box<(&'static str, String)>>,
}

impl Named {
    /// A player, or an ability, named by words alone.
    #[must_use]
    pub fn plain(name: std::sync::Arc<str>) -> Named {
        Named { name, label: None, card: None, nth: None, shown: Shown::default() }
    }

    /// Whether a value written in `expect.events` names this thing (its label or its name).
    #[must_use]
    pub fn matches(&self, s: &str) -> bool {
        let printed = self.card.as_deref().unwrap_or(&self.name);
        // Names in any case, like every card name a scenario writes; labels exactly.
        self.name.eq_ignore_ascii_case(s) || printed.eq_ignore_ascii_case(s) || self.label.as_deref() == Some(s) || self.nth.is_some_and(|n| s.strip_suffix(&format!("#{n}")).is_some_and(|x| x.eq_ignore_ascii_case(printed)))
    }

    /// The object as the trace names it (`Game::describe`).
    #[must_use]
    pub fn described(&self) -> Described<'_> {
        Described {
            copy: self.shown.copy,
            name: &self.name,
            label: self.label.as_deref(),
            printed: self.card.as_deref().filter(|_| self.shown.with_printed),
            face_down: self.shown.face_down.as_deref().map(|(what, face_up)| (*what, face_up.as_str())),
        }
    }
}

/// An object as the trace names it, put into words when displayed: `Grizzly Bears [bears]`,
/// `copy of Clone (Bear)`, `a face-down creature [m] (hidden: Ainok Tracker)`. Built by
/// `Game::described` from the game and by `Named::described` from an event.
pub struct Described<'a> {
    /// A copy (707.2).
    pub copy: bool,
    /// Its name now (a copy has the copied one); empty for a copy of a face-down permanent.
    pub name: &'a str,
    pub label: Option<&'a str>,
    /// The printed name, shown when the name differs and no label tells the objects apart.
    pub printed: Option<&'a str>,
    /// Face down: "creature" or "card", and the face the judge sees (708.5, 406.3).
    pub face_down: Option<(&'static str, &'a str)>,
}

impl std::fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some((what, face_up)) = self.face_down {
            write!(f, "a face-down {what}")?;
            if let Some(l) = self.label {
                write!(f, " [{l}]")?;
            }
            return write!(f, " (hidden: {face_up})");
        }
        if self.copy {
            f.write_str("copy of ")?;
        }
        // A copy of a face-down permanent has no name (707.2, 708.2a).
        f.write_str(if self.name.is_empty() { "(no name)" } else { self.name })?;
        match (self.label, self.printed) {
            (Some(l), _) => write!(f, " [{l}]"),
            (None, Some(printed)) => write!(f, " ({printed})"),
            (None, None) => Ok(()),
        }
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

impl Serialize for Event {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Event", 14)?;
        st.serialize_field("seq", &self.seq)?;
        st.serialize_field("turn", &self.turn)?;
        st.serialize_field("step", &self.step)?;
        st.serialize_field("kind", &self.kind)?;
        for (key, n) in [("player", &self.player), ("object", &self.object), ("source", &self.source), ("target", &self.target)] {
            match n {
                Some(n) => st.serialize_field(key, n)?,
                None => st.skip_field(key)?,
            }
        }
        match self.amount {
            Some(a) => st.serialize_field("amount", &a)?,
            None => st.skip_field("amount")?,
        }
        match self.zone {
            Some(z) => st.serialize_field("zone", z)?,
            None => st.skip_field("zone")?,
        }
        st.serialize_field("text", &Collected(self.text()))?;
        match self.cause {
            Some(c) => st.serialize_field("cause", &c)?,
            None => st.skip_field("cause")?,
        }
        st.serialize_field("by", &*self.by)?;
        st.serialize_field("rules", &self.rules[..])?;
        st.end()
    }
}

/// Serializes what it displays, as a string.
struct Collected<T>(T);

impl<T: std::fmt::Display> Serialize for Collected<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

/// What happened, in words. The most frequent events keep typed data here and are put into
/// words only when the trace is printed (`Event::text`), naming the event's own player,
/// object and source; the others were worded when they happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Text {
    Words(String),
    /// A text with no parts: "no blockers are declared".
    Fixed(&'static str),
    /// "the game starts in turn 1, precombat main step, Alice active".
    GameStarts { turn: u32, step: Step },
    /// "Alice passes priority" (117.3d).
    Passes,
    /// "declare attackers step begins".
    StepBegins(Step),
    /// "turn 3 of Alice begins", "… (an extra turn)".
    TurnBegins { turn: u32, extra: bool },
    /// "Island [i] is tapped for mana".
    TappedForMana,
    /// "Alice adds {R}{G} (Gruul Signet)": the kinds of mana (indices into the pool, in the
    /// order added) and the event's source.
    Adds(smallvec::SmallVec<[u8; 6]>),
    /// "Alice pays {R}{R}": how much of each kind of mana the pool paid.
    Pays([u32; 6]),
    /// "Alice announces Lightning Bolt" (601.2a).
    Announces,
    /// "Alice casts Lightning Bolt" (601.2i).
    Casts,
    /// The event's object, then fixed words: "Grizzly Bears becomes tapped as it attacks".
    ObjectDoes(&'static str),
    /// The event's player, then fixed words: "Alice declares no attackers".
    PlayerDoes(&'static str),
    /// "Alice draws Island" (121.1).
    Draws,
    /// "Alice activates an ability of Prodigal Pyromancer" (602.2a): the event's source.
    Activates,
    /// "Alice sacrifices Grizzly Bears" (701.21a).
    Sacrifices,
    /// "Grizzly Bears attacks Bob" (508.1).
    Attacks,
    /// "Wall of Stone blocks Grizzly Bears" (509.1).
    Blocks,
    /// "Alice gains 3 life", "Alice loses 3 life": the event's player and amount.
    Life { gains: bool },
    /// "Lightning Bolt resolves" (the event's object, or else its source); "ability of Prodigal
    /// Pyromancer resolves" (its source); a copy of a permanent spell "resolves and becomes a
    /// token permanent" (707.10f).
    Resolves { token: bool, ability: bool },
    /// "Grizzly Bears enters the battlefield under Alice's control" (608.3a).
    EntersUnder,
    /// "Lightning Bolt deals 3 damage to Bob", "… 2 combat damage to …": the event's source,
    /// amount and target.
    Damage { combat: bool },
    /// "Soul Warden's ability triggers (controlled by Alice)", "… triggers on Grizzly Bears
    /// (controlled by Alice)" (603.2, 603.3a): the event's source and player, and what it
    /// triggered on or for.
    Triggers(Option<Box<About>>),
    /// "the ability of Soul Warden is put on the stack", "the ability of Soul Warden for Bob
    /// is put on the stack" (603.3), with no targets: the words naming the kind of ability
    /// ("ability of", "delayed ability from"), the event's source, and what it triggered on or
    /// for.
    Stacked(&'static str, Option<Box<About>>),
    /// "Alice announces X = 3 for Blaze" (601.2b): the event's player, amount and object.
    AnnouncesX,
    /// "Island is milled: put into Alice's graveyard from the top of the library" (701.17a):
    /// the event's object and player.
    Milled,
    /// "Alice pays 2 life" (119.4): the event's player and amount.
    PaysLife,
    /// "a +1/+1 counter is put on Grizzly Bears", "Grizzly Bears enters with 2 +1/+1
    /// counters on it" (122.1, 122.6): a kind of counter with a rules meaning, the event's
    /// amount and object.
    CountersPut { kind: &'static str, entering: bool },
    /// "the delayed ability from Sudden Reclamation triggers (controlled by Alice)" (603.7):
    /// the event's source and player.
    DelayedTriggers,
    /// "Island is put into Alice's hand", "… into Alice's graveyard": the event's object, its
    /// owner (the event's player) and the zone's word.
    PutInto(&'static str),
    /// "Rancor becomes attached to Grizzly Bears" (701.3a): the event's object and target.
    AttachedTo,
    /// "damage on Grizzly Bears wears off" (514.2): the event's object.
    DamageWearsOff,
    /// "Alice plays Forest" (305.1): the event's player and object.
    Plays,
    /// "Alice discards Island" (701.9a): the event's player and object.
    Discards,
    /// "Grizzly Bears is returned to Alice's hand": the event's object and player.
    ReturnedToHand,
    /// "Grizzly Bears is now controlled by Bob" (613.1b): the event's object and player.
    ControlledBy,
    /// "Lightning Bolt targets Bob" (601.2c, 602.2b): what targets (a spell or ability that is
    /// not yet an event's object), then its one target, the event's target.
    Targets(std::sync::Arc<str>),
    /// "Grizzly Bears is destroyed: lethal damage (2 damage marked, toughness 2)" (704.5g):
    /// the event's object, with what made the damage lethal.
    Lethal { marked: u32, toughness: i32 },
    /// "Grizzly Bears gets +3/+3 until end of turn" (611.2a): the event's object.
    Gets { power: i32, toughness: i32 },
    /// "an \"until end of turn\" effect on Grizzly Bears ends" (514.2): the event's object.
    UntilEndOfTurnEnds,
    /// "the token Soldier ceases to exist" (704.5d), "the Lightning Bolt ceases to exist" for a
    /// copy (704.5e): the event's object.
    CeasesToExist { token: bool },
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text::Words(s)
    }
}

impl From<&'static str> for Text {
    fn from(s: &'static str) -> Text {
        Text::Fixed(s)
    }
}

/// The mana symbols of the six kinds of mana, in pool order (W, U, B, R, G, C).
pub const POOL_SYMBOLS: [&str; 6] = ["{W}", "{U}", "{B}", "{R}", "{G}", "{C}"];

/// The parts of an event a typed text names.
#[derive(Clone, Copy)]
pub struct Parts<'a> {
    pub text: &'a Text,
    pub player: Option<&'a Named>,
    pub object: Option<&'a Named>,
    pub source: Option<&'a Named>,
    pub target: Option<&'a Named>,
    pub amount: Option<i64>,
}

impl std::fmt::Display for Parts<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A typed text is only built with the parts it names (`Ev`); a missing one would be a
        // bug, shown as "?" rather than a panic.
        let player = self.player.map_or("?", |n| &*n.name);
        match self.text {
            Text::Words(w) => f.write_str(w),
            Text::Fixed(w) => f.write_str(w),
            Text::GameStarts { turn, step } => write!(f, "the game starts in turn {turn}, {} step, {player} active", step.words()),
            Text::Passes => write!(f, "{player} passes priority"),
            Text::StepBegins(s) => write!(f, "{} step begins", s.words()),
            Text::TurnBegins { turn, extra } => write!(f, "turn {turn} of {player} begins{}", if *extra { " (an extra turn)" } else { "" }),
            Text::TappedForMana => write!(f, "{} is tapped for mana", Object(self.object)),
            Text::Adds(kinds) => {
                write!(f, "{player} adds ")?;
                for &k in kinds {
                    f.write_str(POOL_SYMBOLS.get(usize::from(k)).unwrap_or(&"?"))?;
                }
                write!(f, " ({})", Object(self.source))
            }
            Text::Pays(spent) => {
                write!(f, "{player} pays ")?;
                for (symbol, &n) in POOL_SYMBOLS.iter().zip(spent) {
                    for _ in 0..n {
                        f.write_str(symbol)?;
                    }
                }
                Ok(())
            }
            Text::Announces => write!(f, "{player} announces {}", Object(self.object)),
            Text::Casts => write!(f, "{player} casts {}", Object(self.object)),
            Text::ObjectDoes(what) => write!(f, "{} {what}", Object(self.object)),
            Text::PlayerDoes(what) => write!(f, "{player} {what}"),
            Text::Draws => write!(f, "{player} draws {}", Object(self.object)),
            Text::Activates => write!(f, "{player} activates an ability of {}", Object(self.source)),
            Text::Sacrifices => write!(f, "{player} sacrifices {}", Object(self.object)),
            Text::Attacks => write!(f, "{} attacks {}", Object(self.object), Object(self.target)),
            Text::Blocks => write!(f, "{} blocks {}", Object(self.object), Object(self.target)),
            Text::Life { gains } => write!(f, "{player} {} {} life", if *gains { "gains" } else { "loses" }, Amount(self.amount)),
            Text::Resolves { token, ability } => {
                let what = if *ability { self.source } else { self.object.or(self.source) };
                write!(f, "{}{} resolves{}", if *ability { "ability of " } else { "" }, Object(what), if *token { " and becomes a token permanent" } else { "" })
            }
            Text::EntersUnder => write!(f, "{} enters the battlefield under {player}'s control", Object(self.object)),
            Text::Damage { combat } => write!(f, "{} deals {} {} to {}", Object(self.source), Amount(self.amount), if *combat { "combat damage" } else { "damage" }, Object(self.target)),
            Text::Triggers(on) => write!(f, "{}'s ability triggers{} (controlled by {player})", Object(self.source), On(on.as_deref())),
            Text::Stacked(what, on) => write!(f, "the {what} {}{} is put on the stack", Object(self.source), On(on.as_deref())),
            Text::AnnouncesX => write!(f, "{player} announces X = {} for {}", Amount(self.amount), Object(self.object)),
            Text::Milled => write!(f, "{} is milled: put into {player}'s graveyard from the top of the library", Object(self.object)),
            Text::PaysLife => write!(f, "{player} pays {} life", Amount(self.amount)),
            Text::DelayedTriggers => write!(f, "the delayed ability from {} triggers (controlled by {player})", Object(self.source)),
            Text::PutInto(zone) => write!(f, "{} is put into {player}'s {zone}", Object(self.object)),
            Text::AttachedTo => write!(f, "{} becomes attached to {}", Object(self.object), Object(self.target)),
            Text::DamageWearsOff => write!(f, "damage on {} wears off", Object(self.object)),
            Text::CountersPut { kind, entering } => {
                let object = Object(self.object);
                let counters = Counters { kind, n: self.amount };
                if *entering { write!(f, "{object} enters with {counters} on it") } else { write!(f, "{counters} {} put on {object}", if self.amount == Some(1) { "is" } else { "are" }) }
            }
            Text::Plays => write!(f, "{player} plays {}", Object(self.object)),
            Text::Discards => write!(f, "{player} discards {}", Object(self.object)),
            Text::ReturnedToHand => write!(f, "{} is returned to {player}'s hand", Object(self.object)),
            Text::ControlledBy => write!(f, "{} is now controlled by {player}", Object(self.object)),
            Text::Targets(what) => write!(f, "{what} targets {}", Object(self.target)),
            Text::Gets { power, toughness } => write!(f, "{} gets {} until end of turn", Object(self.object), crate::engine::layers::PtChange(i64::from(*power), i64::from(*toughness))),
            Text::UntilEndOfTurnEnds => write!(f, "an \"until end of turn\" effect on {} ends", Object(self.object)),
            Text::CeasesToExist { token } => write!(f, "the {}{} ceases to exist", if *token { "token " } else { "" }, Object(self.object)),
            Text::Lethal { marked, toughness } => write!(f, "{} is destroyed{}", Object(self.object), Destruction::Lethal { marked: *marked, toughness: *toughness }),
        }
    }
}

/// Why a permanent is destroyed, as the trace puts it after "is destroyed" (with the leading
/// ": "), and after "would be destroyed" when something stops or replaces the destruction.
pub enum Destruction {
    /// Words of the effect or rule; none for a plain "destroy" instruction.
    Said(std::borrow::Cow<'static, str>),
    /// 704.5g: damage marked at least equal to its toughness.
    Lethal { marked: u32, toughness: i32 },
}

impl std::fmt::Display for Destruction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Destruction::Said(w) if w.is_empty() => Ok(()),
            Destruction::Said(w) => write!(f, ": {w}"),
            Destruction::Lethal { marked, toughness } => write!(f, ": lethal damage ({marked} damage marked, toughness {toughness})"),
        }
    }
}

/// What a triggered ability triggered on or for, as the trace names it after the ability
/// (" on Grizzly Bears", " on the ability of Soul Warden", " for Bob"): the words before the
/// name, and what is named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct About {
    pub prep: &'static str,
    pub what: Named,
}

impl std::fmt::Display for About {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, " {} {}", self.prep, self.what.described())
    }
}

/// What a trigger was about, or nothing.
pub struct On<'a>(pub Option<&'a About>);

impl std::fmt::Display for On<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.map_or(Ok(()), |a| a.fmt(f))
    }
}

/// "a +1/+1 counter", "3 lore counters".
struct Counters<'a> {
    kind: &'a str,
    n: Option<i64>,
}

impl std::fmt::Display for Counters<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.n {
            Some(1) => write!(f, "{} {} counter", article(self.kind), self.kind),
            n => write!(f, "{} {} counters", Amount(n), self.kind),
        }
    }
}

/// "a" or "an" before a counter's name, as it sounds ("an age counter", "a +1/+1 counter").
#[must_use]
pub fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }
}

/// An event's amount, "?" if it has none.
struct Amount(Option<i64>);

impl std::fmt::Display for Amount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(n) => n.fmt(f),
            None => f.write_str("?"),
        }
    }
}

/// An object of an event as the trace names it, "?" if the event has none.
struct Object<'a>(Option<&'a Named>);

impl std::fmt::Display for Object<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(n) => n.described().fmt(f),
            None => f.write_str("?"),
        }
    }
}

/// One event of the trace.
#[derive(Clone, Debug)]
pub struct Event {
    pub seq: u32,
    pub turn: u32,
    pub step: Step,
    pub kind: EventKind,
    pub player: Option<Named>,
    pub object: Option<Named>,
    pub source: Option<Named>,
    pub target: Option<Named>,
    pub amount: Option<i64>,
    pub zone: Option<&'static str>,
    /// What happened: put into words by [`Event::text`].
    pub said: Text,
    /// The number of the earlier event this one follows from (see `engine::cause`).
    pub cause: Option<u32>,
    /// The action, resolving object or rule that produced it, in words (shared by the events
    /// it produces).
    pub by: std::sync::Arc<str>,
    pub rules: crate::engine::Rules,
}

impl Event {
    /// What happened, in words: `format!("{}", e.text())` or `e.text().to_string()`.
    #[must_use]
    pub fn text(&self) -> Parts<'_> {
        Parts { text: &self.said, player: self.player.as_ref(), object: self.object.as_ref(), source: self.source.as_ref(), target: self.target.as_ref(), amount: self.amount }
    }

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

#[cfg(test)]
mod tests {
    use super::{Described, Named, Parts, Shown, Text};
    use crate::scenario::model::Step;

    fn player(name: &str) -> Named {
        Named::plain(name.into())
    }

    fn object(name: &str, label: Option<&str>, card: Option<&str>, shown: Shown) -> Named {
        Named { name: name.into(), label: label.map(Into::into), card: card.map(Into::into), nth: Some(1), shown }
    }

    /// A text with Alice as the event's player.
    fn by_alice(text: &Text, object: Option<&Named>, source: Option<&Named>, target: Option<&Named>, amount: Option<i64>) -> String {
        Parts { text, player: Some(&player("Alice")), object, source, target, amount }.to_string()
    }

    fn said(text: &Text, player: Option<&Named>, object: Option<&Named>, source: Option<&Named>) -> String {
        Parts { text, player, object, source, target: None, amount: None }.to_string()
    }

    #[test]
    fn an_object_is_named_as_game_describe_names_it() {
        let d = |copy, name, label, printed, face_down| Described { copy, name, label, printed, face_down }.to_string();
        assert_eq!(d(false, "Grizzly Bears", Some("bears"), None, None), "Grizzly Bears [bears]");
        // The printed name follows a copied one, unless a label tells the objects apart.
        assert_eq!(d(true, "Grizzly Bears", None, Some("Clone"), None), "copy of Grizzly Bears (Clone)");
        assert_eq!(d(false, "Grizzly Bears", Some("c"), Some("Clone"), None), "Grizzly Bears [c]");
        assert_eq!(d(false, "", None, Some("Clone"), None), "(no name) (Clone)");
        assert_eq!(d(false, "face-down creature", Some("m"), None, Some(("creature", "Ainok Tracker"))), "a face-down creature [m] (hidden: Ainok Tracker)");
        assert_eq!(d(false, "face-down creature", None, None, Some(("card", "Saw It Coming"))), "a face-down card (hidden: Saw It Coming)");
        // An event's object says the same from its own fields.
        let copy = object("Grizzly Bears", None, Some("Clone"), Shown { copy: true, with_printed: true, face_down: None });
        assert_eq!(copy.described().to_string(), "copy of Grizzly Bears (Clone)");
        let renamed = object("Ice", None, Some("Fire // Ice"), Shown::default());
        assert_eq!(renamed.described().to_string(), "Ice");
    }

    #[test]
    fn typed_texts_are_put_into_words_from_the_events_parts() {
        let alice = player("Alice");
        let forest = object("Forest", Some("f"), None, Shown::default());
        let bolt = object("Lightning Bolt", None, None, Shown::default());
        assert_eq!(said(&Text::Passes, Some(&alice), None, None), "Alice passes priority");
        assert_eq!(said(&Text::StepBegins(Step::DeclareAttackers), None, None, None), "declare attackers step begins");
        assert_eq!(said(&Text::StepBegins(Step::Upkeep), None, None, None), "upkeep step begins");
        assert_eq!(said(&Text::TurnBegins { turn: 3, extra: false }, Some(&alice), None, None), "turn 3 of Alice begins");
        assert_eq!(said(&Text::TurnBegins { turn: 4, extra: true }, Some(&alice), None, None), "turn 4 of Alice begins (an extra turn)");
        assert_eq!(said(&Text::TappedForMana, None, Some(&forest), None), "Forest [f] is tapped for mana");
        // Mana added keeps the order it was made in; mana paid is shown in pool order.
        assert_eq!(said(&Text::Adds([4, 0, 4].into_iter().collect()), Some(&alice), None, Some(&forest)), "Alice adds {G}{W}{G} (Forest [f])");
        assert_eq!(said(&Text::Pays([1, 0, 0, 2, 0, 1]), Some(&alice), None, None), "Alice pays {W}{R}{R}{C}");
        assert_eq!(said(&Text::Announces, Some(&alice), Some(&bolt), None), "Alice announces Lightning Bolt");
        assert_eq!(said(&Text::Casts, Some(&alice), Some(&bolt), None), "Alice casts Lightning Bolt");
        assert_eq!(said(&Text::Words("the game starts".to_owned()), None, None, None), "the game starts");
        // A part the text needs and the event lacks shows as "?", never a panic.
        assert_eq!(said(&Text::Casts, None, None, None), "? casts ?");
    }

    #[test]
    fn texts_of_combat_damage_life_and_resolution_are_put_into_words() {
        let bears = object("Grizzly Bears", Some("bears"), None, Shown::default());
        let wall = object("Wall of Stone", None, None, Shown::default());
        let bolt = object("Lightning Bolt", None, None, Shown::default());
        let with = by_alice;
        assert_eq!(with(&Text::GameStarts { turn: 1, step: Step::PrecombatMain }, None, None, None, None), "the game starts in turn 1, precombat main step, Alice active");
        assert_eq!(with(&Text::Fixed("no blockers are declared"), None, None, None, None), "no blockers are declared");
        assert_eq!(with(&Text::ObjectDoes("becomes tapped as it attacks"), Some(&bears), None, None, None), "Grizzly Bears [bears] becomes tapped as it attacks");
        assert_eq!(with(&Text::PlayerDoes("declares no attackers"), None, None, None, None), "Alice declares no attackers");
        assert_eq!(with(&Text::Draws, Some(&bolt), None, None, None), "Alice draws Lightning Bolt");
        assert_eq!(with(&Text::Activates, None, Some(&bears), None, None), "Alice activates an ability of Grizzly Bears [bears]");
        assert_eq!(with(&Text::Sacrifices, Some(&bears), None, None, None), "Alice sacrifices Grizzly Bears [bears]");
        // A player as the target is named by their name.
        assert_eq!(with(&Text::Attacks, Some(&bears), None, Some(&player("Bob")), None), "Grizzly Bears [bears] attacks Bob");
        assert_eq!(with(&Text::Blocks, Some(&wall), None, Some(&bears), None), "Wall of Stone blocks Grizzly Bears [bears]");
        assert_eq!(with(&Text::Damage { combat: false }, None, Some(&bolt), Some(&bears), Some(3)), "Lightning Bolt deals 3 damage to Grizzly Bears [bears]");
        assert_eq!(with(&Text::Damage { combat: true }, None, Some(&bears), Some(&player("Bob")), Some(2)), "Grizzly Bears [bears] deals 2 combat damage to Bob");
        assert_eq!(with(&Text::Life { gains: true }, None, None, None, Some(3)), "Alice gains 3 life");
        assert_eq!(with(&Text::Life { gains: false }, None, None, None, Some(2)), "Alice loses 2 life");
        assert_eq!(with(&Text::Life { gains: true }, None, None, None, None), "Alice gains ? life");
        assert_eq!(with(&Text::PaysLife, None, None, None, Some(2)), "Alice pays 2 life");
        let counters = |entering, n| with(&Text::CountersPut { kind: "+1/+1", entering }, Some(&bears), None, None, Some(n));
        assert_eq!(counters(false, 1), "a +1/+1 counter is put on Grizzly Bears [bears]");
        assert_eq!(counters(false, 2), "2 +1/+1 counters are put on Grizzly Bears [bears]");
        assert_eq!(counters(true, 1), "Grizzly Bears [bears] enters with a +1/+1 counter on it");
        assert_eq!(counters(true, 3), "Grizzly Bears [bears] enters with 3 +1/+1 counters on it");
        assert_eq!(with(&Text::CountersPut { kind: "lore", entering: false }, Some(&bears), None, None, Some(1)), "a lore counter is put on Grizzly Bears [bears]");
        assert_eq!(with(&Text::AnnouncesX, Some(&bears), None, None, Some(3)), "Alice announces X = 3 for Grizzly Bears [bears]");
        // A spell resolving is its object or, resolving its instructions, its source; an
        // ability is named by its source.
        assert_eq!(with(&Text::Resolves { token: false, ability: false }, Some(&bears), None, None, None), "Grizzly Bears [bears] resolves");
        assert_eq!(with(&Text::Resolves { token: false, ability: false }, None, Some(&bolt), None, None), "Lightning Bolt resolves");
        assert_eq!(with(&Text::Resolves { token: false, ability: true }, None, Some(&bears), None, None), "ability of Grizzly Bears [bears] resolves");
        assert_eq!(with(&Text::Resolves { token: true, ability: false }, Some(&bears), None, None, None), "Grizzly Bears [bears] resolves and becomes a token permanent");
        assert_eq!(with(&Text::EntersUnder, Some(&bears), None, None, None), "Grizzly Bears [bears] enters the battlefield under Alice's control");
    }

    #[test]
    fn texts_of_triggers_targets_destruction_and_effects_are_put_into_words() {
        use super::{About, Destruction};
        let bears = object("Grizzly Bears", Some("bears"), None, Shown::default());
        let warden = object("Soul Warden", None, None, Shown::default());
        let token = object("Soldier", None, None, Shown::default());
        let with = |text: &Text, object: Option<&Named>, source: Option<&Named>, target: Option<&Named>| by_alice(text, object, source, target, None);
        assert_eq!(with(&Text::Triggers(None), None, Some(&warden), None), "Soul Warden's ability triggers (controlled by Alice)");
        let on = |prep, what: &Named| Some(Box::new(About { prep, what: what.clone() }));
        assert_eq!(with(&Text::Triggers(on("on", &bears)), None, Some(&warden), None), "Soul Warden's ability triggers on Grizzly Bears [bears] (controlled by Alice)");
        assert_eq!(with(&Text::Triggers(on("for", &player("Bob"))), None, Some(&warden), None), "Soul Warden's ability triggers for Bob (controlled by Alice)");
        assert_eq!(with(&Text::Stacked("ability of", None), None, Some(&warden), None), "the ability of Soul Warden is put on the stack");
        assert_eq!(with(&Text::Stacked("delayed ability from", None), None, Some(&warden), None), "the delayed ability from Soul Warden is put on the stack");
        // An ability is named by words alone, like a player.
        assert_eq!(with(&Text::Stacked("ability of", on("on the", &player("ability of Prodigal Pyromancer"))), None, Some(&warden), None), "the ability of Soul Warden on the ability of Prodigal Pyromancer is put on the stack");
        assert_eq!(with(&Text::Milled, Some(&bears), None, None), "Grizzly Bears [bears] is milled: put into Alice's graveyard from the top of the library");
        assert_eq!(with(&Text::DelayedTriggers, None, Some(&warden), None), "the delayed ability from Soul Warden triggers (controlled by Alice)");
        assert_eq!(with(&Text::PutInto("hand"), Some(&bears), None, None), "Grizzly Bears [bears] is put into Alice's hand");
        assert_eq!(with(&Text::PutInto("graveyard"), Some(&bears), None, None), "Grizzly Bears [bears] is put into Alice's graveyard");
        assert_eq!(with(&Text::AttachedTo, Some(&warden), None, Some(&bears)), "Soul Warden becomes attached to Grizzly Bears [bears]");
        assert_eq!(with(&Text::DamageWearsOff, Some(&bears), None, None), "damage on Grizzly Bears [bears] wears off");
        assert_eq!(with(&Text::Plays, Some(&bears), None, None), "Alice plays Grizzly Bears [bears]");
        assert_eq!(with(&Text::Discards, Some(&bears), None, None), "Alice discards Grizzly Bears [bears]");
        assert_eq!(with(&Text::ReturnedToHand, Some(&bears), None, None), "Grizzly Bears [bears] is returned to Alice's hand");
        assert_eq!(with(&Text::ControlledBy, Some(&bears), None, None), "Grizzly Bears [bears] is now controlled by Alice");
        assert_eq!(with(&Text::Targets("the ability of Prodigal Pyromancer".into()), None, None, Some(&bears)), "the ability of Prodigal Pyromancer targets Grizzly Bears [bears]");
        assert_eq!(with(&Text::Targets("Lightning Bolt".into()), None, None, Some(&player("Bob"))), "Lightning Bolt targets Bob");
        assert_eq!(with(&Text::Lethal { marked: 3, toughness: 2 }, Some(&bears), None, None), "Grizzly Bears [bears] is destroyed: lethal damage (3 damage marked, toughness 2)");
        // A change of power and toughness keeps its signs, "-0" where the other part falls.
        assert_eq!(with(&Text::Gets { power: 3, toughness: 3 }, Some(&bears), None, None), "Grizzly Bears [bears] gets +3/+3 until end of turn");
        assert_eq!(with(&Text::Gets { power: 0, toughness: -2 }, Some(&bears), None, None), "Grizzly Bears [bears] gets -0/-2 until end of turn");
        assert_eq!(with(&Text::UntilEndOfTurnEnds, Some(&bears), None, None), "an \"until end of turn\" effect on Grizzly Bears [bears] ends");
        assert_eq!(with(&Text::CeasesToExist { token: true }, Some(&token), None, None), "the token Soldier ceases to exist");
        assert_eq!(with(&Text::CeasesToExist { token: false }, Some(&bears), None, None), "the Grizzly Bears [bears] ceases to exist");
        // Why a permanent is destroyed follows "is destroyed" or "would be destroyed".
        assert_eq!(Destruction::Said("".into()).to_string(), "");
        assert_eq!(Destruction::Said("by its umbra armor".into()).to_string(), ": by its umbra armor");
        assert_eq!(Destruction::Lethal { marked: 2, toughness: 2 }.to_string(), ": lethal damage (2 damage marked, toughness 2)");
    }
}
