//! Game state: players, objects with stable ids, zones (400–408).

use rand_chacha::ChaCha8Rng;

use crate::engine::event::Event;
use crate::rules::RuleId;
use crate::scenario::model::Step;

pub type PlayerId = usize;

/// An object's id. A zone change makes a new object with a new id (400.7); ids are never
/// reused, so an id held by a spell's target list goes stale when the object moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ObjId(pub u32);

/// The physical card (or token) an object represents; scenario labels follow it across zones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Zone {
    Library,
    Hand,
    Battlefield,
    Graveyard,
    Exile,
    Stack,
    /// The command zone (408): emblems (114).
    Command,
    /// A token or a departed player's card that has left the game (704.5d, 800.4a).
    Nowhere,
}

impl Zone {
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Zone::Library => "library",
            Zone::Hand => "hand",
            Zone::Battlefield => "battlefield",
            Zone::Graveyard => "graveyard",
            Zone::Exile => "exile",
            Zone::Stack => "stack",
            Zone::Command => "command",
            Zone::Nowhere => "nowhere",
        }
    }
}

/// A player or an object: what a target, a damage recipient or an attack can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Player(PlayerId),
    Object(ObjId),
    /// An activated ability on the stack, by its [`StackAbility::uid`] (113.1, 701.6).
    Ability(u32),
}

/// Counters on a permanent (122). The kinds read by the layer system and state-based actions
/// at every check have fields of their own; the others are kept by kind, in the order they
/// were first put on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    pub plus: u32,
    pub minus: u32,
    pub loyalty: u32,
    /// Kinds other than +1/+1, -1/-1 and loyalty, each with a nonzero count.
    pub other: Vec<(crate::cards::ir::CounterKind, u32)>,
}

impl Counters {
    /// How many counters of `kind` there are.
    #[must_use]
    pub fn get(&self, kind: &crate::cards::ir::CounterKind) -> u32 {
        use crate::cards::ir::CounterKind;
        match kind {
            CounterKind::PlusOne => self.plus,
            CounterKind::MinusOne => self.minus,
            CounterKind::Loyalty => self.loyalty,
            k => self.other.iter().find(|(o, _)| o == k).map_or(0, |(_, n)| *n),
        }
    }

    /// Adds `n` counters of `kind`.
    pub fn add(&mut self, kind: &crate::cards::ir::CounterKind, n: u32) {
        use crate::cards::ir::CounterKind;
        match kind {
            CounterKind::PlusOne => self.plus = self.plus.saturating_add(n),
            CounterKind::MinusOne => self.minus = self.minus.saturating_add(n),
            CounterKind::Loyalty => self.loyalty = self.loyalty.saturating_add(n),
            k => match self.other.iter_mut().find(|(o, _)| o == k) {
                Some((_, c)) => *c = c.saturating_add(n),
                None if n > 0 => self.other.push((k.clone(), n)),
                None => {}
            },
        }
    }

    /// Removes up to `n` counters of `kind`; returns how many were removed.
    pub fn remove(&mut self, kind: &crate::cards::ir::CounterKind, n: u32) -> u32 {
        use crate::cards::ir::CounterKind;
        let slot = match kind {
            CounterKind::PlusOne => &mut self.plus,
            CounterKind::MinusOne => &mut self.minus,
            CounterKind::Loyalty => &mut self.loyalty,
            k => match self.other.iter_mut().position(|(o, _)| o == k) {
                Some(i) => {
                    let have = self.other[i].1;
                    let took = have.min(n);
                    if took == have {
                        self.other.remove(i);
                    } else {
                        self.other[i].1 -= took;
                    }
                    return took;
                }
                None => return 0,
            },
        };
        let took = (*slot).min(n);
        *slot -= took;
        took
    }

    /// Every kind present, with its count: +1/+1, -1/-1, loyalty, then the others.
    pub fn kinds(&self) -> impl Iterator<Item = (crate::cards::ir::CounterKind, u32)> + '_ {
        use crate::cards::ir::CounterKind;
        [(CounterKind::PlusOne, self.plus), (CounterKind::MinusOne, self.minus), (CounterKind::Loyalty, self.loyalty)]
            .into_iter()
            .chain(self.other.iter().cloned())
            .filter(|(_, n)| *n > 0)
    }

    /// Whether there is no counter at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.plus == 0 && self.minus == 0 && self.loyalty == 0 && self.other.is_empty()
    }
}

/// An object in a zone. Objects that left their zone stay in the arena, marked not `live`,
/// as last known information (608.2h, 113.7a).
#[derive(Clone, Debug)]
pub struct Object {
    pub id: ObjId,
    pub card_id: CardId,
    /// The printed card; its characteristics are read only through the layer system.
    pub card: crate::engine::layers::Printed,
    pub owner: PlayerId,
    pub controller: PlayerId,
    pub zone: Zone,
    pub live: bool,
    /// Whether it was an attacking (bit 0) or blocking (bit 1) creature as it left the
    /// battlefield, which removed it from combat (506.4): what "whenever an attacking creature
    /// dies" looks back at (603.10a).
    pub left_combat: u8,
    pub tapped: bool,
    pub damage: u32,
    /// The player who has controlled it continuously since their most recent turn began
    /// (302.6); it is summoning sick for anyone else ([`Game::is_sick`]).
    pub steady: Option<PlayerId>,
    /// Renowned (702.112b): a designation it keeps until it leaves the battlefield.
    pub renowned: bool,
    /// Monstrous (701.37b): a designation it keeps until it leaves the battlefield, with the
    /// number of counters its monstrosity put on it (the X of 701.37c).
    pub monstrous: Option<u32>,
    /// A plotted card in exile (702.170a): the turn in which it became plotted; its owner may
    /// cast it on a later turn (702.170d). A new object after it leaves exile (400.7).
    pub plotted: Option<u32>,
    /// A warped card in exile (702.185b): the turn in which warp's delayed ability exiled it;
    /// its owner may cast it after that turn (702.185a). A new object after it leaves exile.
    pub warped: Option<u32>,
    /// A foretold card in exile (702.143a): the turn in which it was foretold.
    pub foretold: Option<u32>,
    /// Returned by unearth (702.84a): if it would leave the battlefield, it is exiled instead.
    pub unearthed: bool,
    /// `Game::control_clock` + 1 as it came under its controller's control (by entering or by
    /// a change of control); 0 for a permanent its controller had before the game began.
    pub control_since: u64,
    /// When it entered its zone (613.7d), or an Aura or Equipment last became attached (613.7e).
    pub timestamp: u64,
    /// Its controller when the game last looked (`Game::sync_layers`): a change of control
    /// seen there ends continuous control (302.6).
    pub seen_controller: PlayerId,
    pub counters: Counters,
    /// On the stack: what was chosen as it was cast (601.2b–d).
    pub choices: StackChoices,
    /// A copy of a spell (707.10): not a card; it ceases to exist off the stack (704.5e).
    pub copy: bool,
    /// Regeneration shields (701.19a), each good for the next destruction this turn.
    pub regen_shields: u32,
    /// The object an Aura is attached to (303.4b).
    pub attached_to: Option<ObjId>,
    /// (ability index, turn) of activations of "only once each turn" abilities (602.5b) and
    /// of exhaust abilities (702.177a).
    pub activated_turns: Vec<(usize, u32)>,
    /// The turn in which it was last declared as an attacker (for boast, 702.142a).
    pub attacked_turn: Option<u32>,
    /// (ability index, turn) of triggers of "This ability triggers only once each turn"
    /// abilities.
    pub triggered_turns: Vec<(usize, u32)>,
    /// (ability index, mode, turn) of the modes chosen for its "choose one that hasn't been
    /// chosen" abilities; a new object starts with none (400.7).
    pub modes_chosen: Vec<(usize, usize, u32)>,
    /// The turn in which a loyalty ability of this permanent was last activated (606.3).
    pub loyalty_turn: Option<u32>,
    /// Dealt damage by a source with deathtouch since state-based actions were last checked
    /// (702.2b, 704.5h).
    pub deathtouch_damage: bool,
    /// The marked damage at which the trace last noted that indestructible kept this creature
    /// from being destroyed (702.12b), so that the note is not repeated at every check.
    pub indestructible_noted: u32,
    /// Choices made as it entered the battlefield (614.12a): not copiable values (707.6).
    /// What the creature returned to pay this card's ninjutsu cost was attacking (702.49c):
    /// the card, put onto the battlefield by that ability, attacks it.
    pub ninjutsu_attacking: Option<Target>,
    pub entry_choice: EntryChoice,
    /// A face-down spell or permanent (708): its characteristics are those of 708.2a.
    pub face_down: bool,
    /// What made it face down, while it is (its face-down characteristics, 708.2, and how
    /// it may be turned face up, 701.40b, 701.58b).
    pub face_down_as: crate::engine::facedown::FaceDown,
    /// Which face or half of a card with several is up: `None` for its normal characteristics
    /// (the front face, 712.8a; both halves of a split card outside the stack, 709.4), `Some(1)`
    /// for a transformed permanent (701.27) or a back face or right half cast (712.11b, 709.3,
    /// 715.3).
    pub face: Option<u8>,
    /// The unlocked designations of a permanent with a shared type line, a Room (709.5c):
    /// bit 0 "left half unlocked", bit 1 "right half unlocked". Not a copiable value; gone
    /// when it leaves the battlefield (400.7).
    pub unlocked: u8,
    /// Its flipped status (110.5, 710.2): a permanent with a flip card's copiable values then
    /// has that card's alternative characteristics. Every object starts unflipped (110.5b),
    /// and a permanent that leaves the battlefield forgets it (710.4).
    pub flipped: bool,
    /// `Game::next_ability_uid` when it last transformed: an ability of its own put on the
    /// stack before then doesn't transform it again (701.27f).
    pub transformed_mark: Option<u32>,
    /// In exile "on an adventure" (715.3d): the player who may cast it from there.
    pub adventure: Option<PlayerId>,
    /// Its characteristics as it last existed on the battlefield (last known information,
    /// 608.2h, 603.10, 702.2e, 702.15c), kept when effects had changed them.
    pub lki: Option<Box<crate::engine::layers::Chars>>,
    /// The turn in which damage was last dealt to it ("that was dealt damage this turn",
    /// 120.3); a new object has none (400.7).
    pub damaged_turn: Option<u32>,
    /// A melded permanent (701.42a, 712.4a) is one object represented by two cards: `card_id`
    /// and `card` are the first, this the second. Its characteristics are the combined back
    /// face (`face` is `Some(1)`, 712.8g).
    pub melded: Option<Box<Melded>>,
}

/// The second card of a melded permanent (712.4a): it has no object of its own while melded.
#[derive(Clone, Debug)]
pub struct Melded {
    pub card_id: CardId,
    pub card: crate::engine::layers::Printed,
    pub owner: PlayerId,
}

/// Whether two printed cards are the two cards of one meld pair (701.42b, 712.5): meld cards
/// with different fronts whose back faces are halves of the same combined face.
#[must_use]
pub fn meld_pair(a: &crate::engine::layers::Printed, b: &crate::engine::layers::Printed) -> bool {
    let meld = |c: &crate::engine::layers::Printed| c.layout() == Some(crate::cards::def::Layout::Meld) && c.faces().len() == 2 && !c.token();
    meld(a) && meld(b) && a.faces()[1].name() == b.faces()[1].name() && a.faces()[0].name() != b.faces()[0].name()
}

/// What was chosen for a permanent as it entered (614.12a): a color, a creature type.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntryChoice {
    pub color: Option<crate::cards::ir::Color>,
    pub subtype: Option<String>,
}

/// A target chosen for one instance of the word "target" (`slot`, 115.3), with its share of
/// a divided amount (601.2d).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chosen {
    pub slot: usize,
    pub target: Target,
    pub share: u32,
}

/// The choices a spell or ability was put on the stack with (601.2b–d, 602.2b).
#[derive(Clone, Debug, Default)]
pub struct StackChoices {
    /// The value of X (107.3).
    pub x: u32,
    /// On a permanent: the X of the spell it was, which its enters-the-battlefield triggered
    /// abilities use (107.3m; its own X is 0).
    pub entered_x: u32,
    pub targets: Vec<Chosen>,
    /// Chosen modes, 0-based, in printed order (700.2).
    pub modes: Vec<usize>,
    /// Kicker paid (702.33).
    pub kicked: bool,
    /// Cast from a graveyard by paying its flashback cost (702.34a).
    pub flashback: bool,
    /// A half with aftermath cast from a graveyard: exiled whenever it leaves the stack
    /// (702.127a).
    pub aftermath: bool,
    /// A fused split spell: both halves cast together, the left one's instructions followed
    /// first as it resolves (702.102a, 702.102d). Its targets are numbered through the left
    /// half's and then the right half's.
    pub fused: bool,
    /// Its buyback cost was paid (702.27a).
    pub bought_back: bool,
    /// Cast for its evoke cost (702.74a).
    pub evoked: bool,
    /// Cast for its dash cost (702.109a).
    pub dashed: bool,
    /// Cast for its warp cost (702.185a).
    pub warped: bool,
    /// Cast for its blitz cost (702.152a).
    pub blitzed: bool,
    /// Cast for its overload cost (702.96a): its spell ability is the one with "each" for
    /// "target" (a copy keeps it, 707.10).
    pub overloaded: bool,
    /// Its bargain cost was paid (702.166b): "bargained".
    pub bargained: bool,
    /// The opponent chosen for its gift (702.174a): `Some` when the gift was promised
    /// (702.174k).
    pub gift: Option<PlayerId>,
    /// Its offspring cost was paid (702.175a).
    pub offspring: bool,
    /// The zone it was cast from (601.2a); `None` for a copy (707.10) or an object that was
    /// not cast. A permanent keeps this and `kicked` from the spell it was, for "if you cast
    /// it from your hand" and "if it was kicked" (702.33d).
    pub cast_from: Option<Zone>,
    /// Cast during a main phase of its caster's own turn (505.1), for "if you cast this spell
    /// during your main phase".
    pub cast_in_main_phase: bool,
    /// The mana spent on its total cost (601.2h), by pool kind ({W}{U}{B}{R}{G}{C}), for "if at
    /// least three red mana was spent to cast this spell".
    pub mana_spent: [u32; 6],
    /// The permanent sacrificed to pay its cost ("Sacrifice a creature"), as the object it
    /// was on the battlefield: "the sacrificed creature's power" reads its last known
    /// information (608.2h, 113.7a).
    pub sacrificed: Option<ObjId>,
}

/// A physical card: its scenario label and the object that currently represents it.
#[derive(Clone, Debug)]
pub struct PhysCard {
    pub label: Option<std::sync::Arc<str>>,
    pub current: ObjId,
    /// Which card of its printed name it is, in creation order, counting the setup's cards
    /// among themselves and those created during the game among themselves (`Name#N` in the
    /// trace); numbered as its first object is created (0 until then).
    pub nth: u32,
}

/// What a triggered ability triggered on: the object (as it last existed, 603.10) and the
/// player the event concerns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TriggerInfo {
    pub object: Option<ObjId>,
    pub player: Option<PlayerId>,
    /// The amount of damage or life of the event ("that much").
    pub amount: Option<i64>,
    /// For a zone change into a public zone: the new object the triggering object became,
    /// which the ability can find there (400.7e).
    pub moved_to: Option<ObjId>,
    /// The activated or triggered ability on the stack the event concerns (ward, 702.21a:
    /// the ability that targeted the permanent), by its `StackAbility::uid`.
    pub ability: Option<u32>,
    /// For a delayed triggered ability (603.7c): the object the effect that created it was
    /// about ("exile it" after "create a token"), as it was then; a later object of the same
    /// card is not it (400.7).
    pub linked: Option<ObjId>,
}

/// A triggered ability that has triggered and waits to be put on the stack the next time a
/// player would receive priority (603.3).
#[derive(Clone, Copy, Debug)]
pub struct PendingTrigger {
    pub source: ObjId,
    /// Index into the source card's abilities.
    pub ability: usize,
    /// The source's controller when it triggered (603.3a).
    pub controller: PlayerId,
    pub info: TriggerInfo,
    /// A delayed triggered ability (603.7): index into `Game::delayed_effects`.
    pub delayed: Option<usize>,
    /// A triggered keyword ability (exalted, persist…): its effect is the keyword's.
    pub keyword: Option<crate::cards::ir::Keyword>,
    /// The event of its triggering, which putting it on the stack follows from.
    pub event: u32,
}

/// An activated or triggered ability on the stack (602.2a, 603.3): not a card, not a spell.
#[derive(Clone, Debug)]
pub struct StackAbility {
    /// Distinguishes this ability on the stack from every other (a target for "counter target
    /// activated ability").
    pub uid: u32,
    pub source: ObjId,
    pub controller: PlayerId,
    /// Index into the source card's abilities.
    pub ability: usize,
    pub choices: StackChoices,
    /// For a triggered ability, what it triggered on; `None` for an activated ability.
    pub trigger: Option<TriggerInfo>,
    /// The ability as it was when it was put on the stack: it exists independently of its
    /// source from then on (113.7a), so a source that changes (becomes a copy of something
    /// else, 707.4) or leaves doesn't change what resolves. `None` for delayed and keyword
    /// triggers, whose effect is known otherwise.
    pub text: Option<Box<crate::cards::ir::Ability>>,
    /// The event that put it on the stack (its activation, 602.2a, or 603.3b), which its
    /// resolution follows from (`engine::cause`).
    pub origin: u32,
    /// A delayed triggered ability (603.7): index into `Game::delayed_effects`.
    pub delayed: Option<usize>,
    /// A triggered keyword ability: its effect is the keyword's.
    pub keyword: Option<crate::cards::ir::Keyword>,
}

#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant, reason = "a stack holds a handful of items; boxing each ability would cost an allocation per trigger")]
pub enum StackItem {
    Spell(ObjId),
    Ability(StackAbility),
}

#[derive(Clone, Debug)]
pub struct Player {
    pub name: std::sync::Arc<str>,
    pub life: i64,
    pub poison: u32,
    /// Energy counters (107.14, 122.1): paid by removing them.
    pub energy: u32,
    /// The city's blessing (702.131c): once a player has it, for the rest of the game.
    pub city_blessing: bool,
    /// Speed (702.179): none until a rule or effect sets it (702.179b).
    pub speed: Option<u32>,
    /// The turn in which this player's inherent speed ability last triggered (702.179d:
    /// "This ability triggers only once each turn").
    pub speed_triggered: Option<u32>,
    /// Top card first.
    pub library: crate::engine::rewind::Logged<ObjId>,
    pub hand: crate::engine::rewind::Logged<ObjId>,
    /// Top card last.
    pub graveyard: crate::engine::rewind::Logged<ObjId>,
    pub exile: crate::engine::rewind::Logged<ObjId>,
    /// What this player owns in the command zone (408): emblems (114.2).
    pub command: crate::engine::rewind::Logged<ObjId>,
    /// Mana pool: W, U, B, R, G, C.
    pub pool: [u32; 6],
    /// How much of each kind in `pool` a snow source made (107.4h).
    pub pool_snow: [u32; 6],
    /// Mana with a restriction on how it is spent (106.6), one entry per mana, kept apart from
    /// `pool` (index W U B R G C, the restriction).
    pub pool_restricted: Vec<(usize, crate::cards::ir::ManaSpend)>,
    pub lost: bool,
    /// Drew from an empty library since state-based actions were last checked (704.5b).
    pub drew_from_empty: bool,
    pub lands_played: u32,
    /// Additional lands this player may play this turn (305.2a).
    pub extra_lands: u32,
    /// An effect says this player can't play lands this turn (101.2, 305.2).
    pub cant_play_lands: bool,
    /// Cards drawn and spells cast this turn, for "your second card/spell each turn" (counted
    /// from the start of the scenario when it begins mid-turn).
    pub draws_this_turn: u32,
    pub spells_this_turn: u32,
    /// Spells this player cast in the previous turn (werewolves, 702.145, 730.2): none before
    /// the scenario begins, as for `spells_this_turn`.
    pub spells_last_turn: u32,
    /// `Game::control_clock` as this player's most recent upkeep began (echo, 702.30a).
    pub upkeep_mark: u64,
    /// This player was dealt damage this turn (bloodthirst, 702.54a).
    pub damaged_this_turn: bool,
    /// This player declared one or more attackers this turn (508.1), and the life they gained
    /// and lost this turn (119.3, 119.4): for conditions such as "if you attacked this turn"
    /// (counted from the start of the scenario when it begins mid-turn).
    pub attacked_this_turn: bool,
    /// A permanent this player controlled left the battlefield this turn (revolt, 207.2c),
    /// counted from the start of the scenario.
    pub left_battlefield_this_turn: bool,
    pub life_gained_this_turn: i64,
    pub life_lost_this_turn: i64,
}

impl Player {
    /// The player's zones that list objects: library, hand, graveyard, exile, command.
    pub fn zones_mut(&mut self) -> [&mut crate::engine::rewind::Logged<ObjId>; 5] {
        [&mut self.library, &mut self.hand, &mut self.graveyard, &mut self.exile, &mut self.command]
    }
}

/// A continuous effect from a resolved spell or ability (611.2): what it does to the set of
/// objects it affects, locked in as it began (611.2c).
#[derive(Clone, Debug)]
pub struct Continuous {
    /// 613.7b: when it was created.
    pub timestamp: u64,
    pub source: ObjId,
    /// The effect's "you": who gains control from a control-changing effect.
    pub controller: PlayerId,
    pub objects: Vec<ObjId>,
    pub change: crate::cards::ir::Change,
    /// Ends in the cleanup step (514.2); otherwise it lasts as long as its objects stay.
    pub until_end_of_turn: bool,
    /// A "for as long as …" duration tied to its source (611.2b).
    pub hold: Option<crate::cards::ir::Hold>,
}

#[derive(Clone, Debug)]
pub struct Attacker {
    pub id: ObjId,
    pub attacking: Target,
    pub blockers: Vec<ObjId>,
    /// Became blocked (509.1h); stays blocked even if the blockers leave.
    pub blocked: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Combat {
    pub attackers: Vec<Attacker>,
    /// Blocker → the attackers it blocks.
    pub blockers: Vec<(ObjId, Vec<ObjId>)>,
    /// Some creature was declared as an attacker this combat (508.8 looks at the declaration,
    /// not at what is still attacking).
    pub any_declared: bool,
    /// The creatures that had first strike or double strike as the first of two combat damage
    /// steps began (510.4); `None` while there has been no first-strike damage step.
    pub first_strikers: Option<Vec<ObjId>>,
    /// The second combat damage step of this combat has begun.
    pub second_damage_step: bool,
    /// The sources that dealt combat damage to each player in the combat damage step under
    /// way, for "whenever one or more creatures you control deal combat damage to a player".
    pub dealt_to_players: Vec<(ObjId, PlayerId)>,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Winner(PlayerId),
    Draw,
}

/// An action the rules forbade, reversed (732).
#[derive(Clone, Debug)]
pub struct Rejection {
    pub action: usize,
    pub rules: Vec<RuleId>,
    pub reason: String,
}

/// A "can't attack" / "can't block" effect on every permanent a filter matches (611.2c).
#[derive(Clone, Debug)]
pub struct Restriction {
    pub source: ObjId,
    pub controller: PlayerId,
    pub filter: crate::cards::ir::ObjectFilter,
    pub attack: bool,
    pub block: bool,
}

/// Pictures of the board, one before the first event and one after each (index = event number),
/// taken by a function the caller gives: the engine doesn't know how they are shown.
#[derive(Clone, Debug)]
pub struct Snapshots {
    pub take: fn(&Game) -> serde_json::Value,
    pub taken: Vec<serde_json::Value>,
}

/// The whole game.
#[derive(Clone, Debug)]
pub struct Game {
    pub players: Vec<Player>,
    pub objects: crate::engine::rewind::Journaled<Object>,
    pub cards: crate::engine::rewind::Journaled<PhysCard>,
    /// Permanents on the battlefield, in the order they arrived.
    pub battlefield: crate::engine::rewind::Logged<ObjId>,
    /// Bottom first.
    pub stack: Vec<StackItem>,
    pub turn: u32,
    /// The game's day/night designation (730.1): neither until something makes it day or night.
    pub day_night: Option<crate::engine::faces::DayNight>,
    /// The active player of the previous turn, whose spells decide whether day becomes night
    /// (730.2).
    pub prev_active: Option<PlayerId>,
    pub active: PlayerId,
    pub step: Step,
    pub priority: Option<PlayerId>,
    /// Players who passed in succession (117.4).
    pub passes: usize,
    /// The player who took the first turn (103.8a).
    pub starting_player: PlayerId,
    pub first_turn: u32,
    pub effects: Vec<Continuous>,
    /// Copy effects (707, layer 1), in timestamp order. Those on objects that left the
    /// battlefield stay, as their last known information (a new object is not a copy, 400.7).
    pub copies: Vec<crate::engine::layers::CopyEffect>,
    pub combat: Combat,
    pub outcome: Option<Outcome>,
    pub rng: ChaCha8Rng,
    pub trace: Vec<Event>,
    pub rejections: Vec<Rejection>,
    /// What is being done now, for events' `cause`.
    pub cause: std::sync::Arc<str>,
    /// The objects changed (`obj_mut`, `obj_mut_status`) or made (`new_object`) since the last
    /// check of state-based actions, and whether that check found nothing on the battlefield
    /// with printed characteristics in force: the next check then looks only at these.
    pub sba_dirty: Vec<ObjId>,
    pub sba_clean: bool,
    /// What the events being recorded follow from (`cause` of each event).
    pub causes: crate::engine::cause::Causes,
    /// When invariants are checked after every event (`engine::invariants`): what failed.
    pub violations: Option<Vec<String>>,
    /// When set, a picture of the board taken after every event (`judge run --format html`).
    pub snapshots: Option<Snapshots>,
    /// "Creatures without flying can't block this turn": "can't" effects of resolved spells and
    /// abilities on every permanent that matches, those that arrive later included (a rules
    /// effect, not a change of characteristics, so 611.2c doesn't fix its set); they end in the
    /// cleanup step (514.2).
    pub restrictions: Vec<Restriction>,
    /// The first event after which a life total, poison count, damage or counter count reached
    /// the end of the range judge represents (life is a 64-bit integer, the others 32-bit): the
    /// engine saturates there rather than wrap, and the run stops with exit 2 at its end.
    pub beyond_range: Option<u32>,
    /// How many entries of `cards` the setup made: `Name#N` counts only the objects created
    /// during the game, after them (the scenario format's references).
    pub setup_cards: usize,
    /// How many cards of each printed name were made so far in the current part (the setup,
    /// then the game), which numbers each new card (`PhysCard::nth`). Shared with the
    /// checkpoints of `run::attempt` and copied only by an action that makes a card.
    pub name_counts: std::sync::Arc<std::collections::HashMap<String, u32>>,
    /// Where each label of the setup is in `cards` (labels are given only there).
    pub labels: std::sync::Arc<std::collections::HashMap<String, usize>>,
    /// A token or a copy of a spell was made: until then no object can cease to exist by
    /// 704.5d or 704.5e, and the state-based actions don't look for one among every object.
    pub vanishers: bool,
    /// Some object was dealt deathtouch damage since the last check of the state-based actions
    /// (`Object::deathtouch_damage`, 702.2b).
    pub deathtouch_marked: bool,
    /// Set when the cleanup step of the current turn is over (until: end_of_turn).
    pub cleanup_done: bool,
    /// The declaration of attackers of this turn has been made (508.1).
    pub attackers_declared: bool,
    /// How many creatures died this turn (700.4), counted from the start of the scenario.
    pub creatures_died_this_turn: u32,
    /// The permanents that died this turn (700.4), as the objects they were on the
    /// battlefield (their last known information, 608.2h), for "for each creature that died
    /// this turn". Like `creatures_died_this_turn`, counted from the start of the scenario: a
    /// scenario beginning mid-turn knows of no earlier death.
    pub died_this_turn: Vec<ObjId>,
    /// The one card the last instruction of the resolving effect revealed, exiled from the top
    /// of a library or discarded, as the object it was then: "that card's mana value" (608.2h).
    pub that_card_now: Option<ObjId>,
    /// The last count of the resolving effect the trace showed, with its value, so that
    /// instructions sharing one X show it once.
    pub noted_now: Option<(crate::cards::ir::Amount, i64)>,
    /// The next [`StackAbility::uid`].
    pub next_ability_uid: u32,
    /// Triggered abilities waiting to be put on the stack (603.3).
    pub pending: Vec<PendingTrigger>,
    /// Permanents that left the battlefield in the event being carried out, for the look back
    /// of leaves-the-battlefield abilities (603.10a); `batch` > 0 while one is under way.
    pub leaving: Vec<ObjId>,
    pub batch: u32,
    /// The number of the simultaneous event under way (a resolving instruction, a round of
    /// state-based actions, a step's combat damage): damage dealt in one is one event (120,
    /// 510.2), so "is dealt damage" and "deals damage" trigger once for it.
    pub event: u64,
    /// Damage triggers waiting in `pending` from the event under way: source, ability, the
    /// object dealt damage (for "is dealt damage"), event number and place in `pending`.
    pub damage_triggers: Vec<(ObjId, usize, Option<ObjId>, u64, usize)>,
    /// Events that happened this turn, for "for the first time each turn" (603.2): the turn
    /// and each event's key (`triggers::FirstKey`), sorted.
    pub firsts: (u32, crate::engine::rewind::Logged<crate::engine::triggers::FirstKey>),
    /// Damage dealt to objects this turn (the turn; source and object dealt damage), for "a
    /// creature dealt damage by this creature this turn".
    pub damaged: (u32, Vec<(ObjId, ObjId)>),
    /// Delayed "when that creature dies this turn" abilities waiting (603.7).
    pub delayed_dies: Vec<crate::engine::triggers::DelayedDies>,
    /// What the triggered ability now resolving triggered on.
    pub trigger_info: TriggerInfo,
    /// The activated or triggered ability now resolving: its source and index ("it has this
    /// ability", 707.9a).
    pub resolving_ability: Option<(ObjId, usize)>,
    /// The stack uid of that resolving ability (701.27f).
    pub resolving_uid: Option<u32>,
    /// Shields and "this turn" replacement/prevention effects of resolved spells (614, 615).
    pub shields: Vec<crate::engine::replace::Shield>,
    pub next_shield: u32,
    /// Delayed triggered abilities waiting for their moment (603.7), and the effects of those
    /// that have triggered (indexed by `PendingTrigger::delayed`).
    pub delayed: Vec<crate::engine::replace::DelayedTrigger>,
    /// Reflexive triggered abilities (603.12) keep their effect, with its targets, here too,
    /// marked `true`.
    pub delayed_effects: Vec<(crate::cards::ir::Effect, bool)>,
    /// The objects a delayed triggered ability is about when they are several ("sacrifice them
    /// at the beginning of the next end step", 603.7c): keyed by the first of them, which is
    /// `TriggerInfo::linked` (ids are never reused, so the key is unique).
    pub linked_groups: Vec<(ObjId, Vec<ObjId>)>,
    /// "Damage can't be prevented this turn" (615.12), until the cleanup step.
    pub unpreventable_turn: bool,
    /// The resolving effect says "the damage can't be prevented" (615.12).
    pub unpreventable_now: bool,
    /// The permanents the resolving effect has dealt damage to ("dealt damage this way").
    pub damaged_now: Vec<ObjId>,
    /// The permanent the cost being paid sacrificed (701.21a), until the spell or ability
    /// it was paid for takes it into its `StackChoices::sacrificed`.
    pub sacrificed_now: Option<ObjId>,
    /// The life lost by every player during the resolving effect ("the life lost this way").
    pub life_lost_now: i64,
    /// The permanents the resolving effect destroyed ("destroyed this way"), as the objects
    /// they were on the battlefield.
    pub destroyed_now: Vec<ObjId>,
    /// The objects the resolving effect has moved, and the new objects they became (400.7),
    /// for a delayed ability linked to one of them ("Exile target creature. Return that card
    /// to the battlefield at the beginning of the next end step.", 603.7c).
    pub moved_now: Vec<(ObjId, ObjId)>,
    /// The restriction (106.6) on the mana being added now, while a mana ability's
    /// "Spend this mana only …" instruction adds it.
    pub adding_restricted: Option<crate::cards::ir::ManaSpend>,
    /// How much of each pool kind the last mana payment spent from the pool.
    pub last_pool_spend: [u32; 6],
    /// Objects exiled "until [source] leaves the battlefield" (610.3): (source, the object in
    /// exile).
    pub exiled_until: Vec<(ObjId, ObjId)>,
    /// (source, card in exile) for each card an effect of a permanent exiled, in order: what
    /// "the exiled card" of that object's linked ability finds (607.2a).
    pub exiled_by: Vec<(ObjId, ObjId)>,
    /// Those whose source has left: they return just after that event (610.3c), with the
    /// event of the source leaving.
    pub returns_due: Vec<(ObjId, ObjId, u32)>,
    /// Extra turns to be taken directly after this one (500.7), the most recently added last:
    /// it is taken first.
    pub extra_turns: Vec<PlayerId>,
    /// The monarch (724.1): none until an effect makes a player the monarch.
    pub monarch: Option<PlayerId>,
    /// What the monarch's two inherent triggered abilities (724.2) are traced as coming from:
    /// an object in no zone named "the monarch", made the first time a player becomes the
    /// monarch. The abilities have no source in the rules (an exception to 113.8); nothing
    /// reads this object's characteristics.
    pub monarch_abilities: Option<ObjId>,
    /// What the inherent speed ability of players (702.179d), which has no source, is traced
    /// as coming from: an object in no zone named "the player's speed", made the first time it triggers.
    pub speed_abilities: Option<ObjId>,
    /// Turns each player will skip (614.10a), by player index.
    pub turns_to_skip: Vec<u32>,
    /// While extra turns are being taken: the player whose ordinary turn came before them, so
    /// that the turn order goes on from there (500.7).
    pub ordinary_turn_of: Option<PlayerId>,
    /// Permanents an effect keeps from untapping during the next untap step of their
    /// controller (`None`) or of a given player (502.3, 611.2a), with the rule that says so (an
    /// effect's duration, 611.2a, or exerting, 701.43a): each entry ends with that step.
    pub skip_next_untap: Vec<(ObjId, Option<PlayerId>, crate::rules::RuleId)>,
    /// The tokens the last "create" instruction of the resolving effect made, for a later
    /// "it" (`Affected::CreatedTokens`).
    pub created_now: Vec<ObjId>,
    /// Life to be gained through lifelink in the damage event being carried out.
    pub lifelink: Vec<(ObjId, i64, u32)>,
    /// The next timestamp (613.7).
    pub next_timestamp: u64,
    /// Counts upkeeps begun, so that "since the beginning of your last upkeep" (echo,
    /// 702.30a) compares an object's `control_since` with a player's `upkeep_mark`.
    pub control_clock: u64,
    /// Every object's characteristics, computed when first asked after a change (613.1).
    pub layered: crate::engine::layers::LayerCache,
    /// The kinds of abilities and printed types of every card that has been in the game
    /// (faces included): what a check for an ability kind no card has can skip.
    pub kinds: crate::engine::layers::Kinds,
    /// Set once continuous effects have computed characteristics (which may grant abilities
    /// or change types, and which last known information keeps): from then on every kind may
    /// be there.
    pub layered_once: std::cell::Cell<bool>,
    /// The first this many permanents of `battlefield` are all tapped: automatic payment starts
    /// after them (a hint it advances; leaving the battlefield keeps it, untapping resets it).
    pub tapped_prefix: std::cell::Cell<usize>,
    /// Static effects that were in force but did not apply when last looked, by source,
    /// timestamp and the ability they come from (one object can have several: a leveler's level
    /// symbols), so that the trace says when that changes (613.8a, 305.7, 611.3a).
    pub void_seen: Vec<(ObjId, u64, crate::engine::layers::Origin)>,
    /// Some permanent's controller differed from the one it was put there with when last
    /// looked; `sync_layers` then keeps looking until none does.
    pub control_overridden: bool,
    /// `sync_layers` is running (its own events don't start it again).
    pub syncing: bool,
    /// Losses a "can't lose the game" effect stopped, as (player, rule, life), so that the
    /// trace says so once per situation rather than at every check.
    pub spared_losses: Vec<(PlayerId, crate::rules::RuleId, i64)>,
    /// The cards the resolving effect has exiled from the top of a library, which its later
    /// instructions call "that card" or "those cards" (608.2c); emptied as each effect begins.
    pub set_aside: Vec<ObjId>,
    /// The creature type the resolving effect's "Choose a creature type." chose (608.2d),
    /// which its "of the chosen type" means; emptied as each effect begins and ends.
    pub chosen_type_now: Option<String>,
    /// The color the resolving effect's "Choose a color." chose (608.2d), likewise.
    pub chosen_color_now: Option<crate::cards::ir::Color>,
    /// Permissions to play cards from exile given by resolved effects (601.3, 611.2a).
    pub play_permissions: Vec<PlayPermission>,
}

/// "You may play that card this turn": `player` may play `card` while it stays in exile (a
/// card that leaves exile is a new object, 400.7, and the permission is gone with the old
/// one). `turn` is the turn in whose cleanup step it ends (514.2); `None` until the next turn
/// of `player` begins, for "until the end of your next turn", or for good when `lasting`.
#[derive(Clone, Debug)]
pub struct PlayPermission {
    pub card: ObjId,
    /// The object whose effect gave it, for the trace.
    pub source: ObjId,
    pub player: PlayerId,
    pub cast_only: bool,
    pub turn: Option<u32>,
    /// The turn the permission was given in.
    pub given: u32,
    /// "for as long as it remains exiled": no turn ends it.
    pub lasting: bool,
}

impl Game {
    #[must_use]
    pub fn obj(&self, id: ObjId) -> &Object {
        &self.objects[id.0 as usize]
    }

    /// Whether some object may now have an ability of kind `k` or a printed type of that kind
    /// (its printed card, a face of it, a copy effect's values, a face-down object's, or
    /// what continuous effects gave it): `false` only when none can, so that a scan of every
    /// permanent for that kind can be skipped.
    #[must_use]
    pub fn may_have(&self, k: crate::engine::layers::Kinds) -> bool {
        use crate::engine::layers::Kinds;
        self.kinds.has(k) || self.kinds.has(Kinds::STATIC) || !self.effects.is_empty() || !self.copies.is_empty() || self.layered_once.get()
    }

    pub fn obj_mut(&mut self, id: ObjId) -> &mut Object {
        self.touch();
        self.changed(id);
        &mut self.objects[id.0 as usize]
    }

    /// `obj_mut` for a change of status no characteristic is computed from directly: whether
    /// the object is tapped, its damage, a spell's choices. The layers read those only through
    /// filters, conditions and counts, so the computed characteristics stay when no effect in
    /// force has one (`Layered::reads_state`; debug builds check every cached result).
    pub fn obj_mut_status(&mut self, id: ObjId) -> &mut Object {
        if self.layered.get().is_none_or(|l| l.reads_state) {
            self.touch();
        }
        self.changed(id);
        &mut self.objects[id.0 as usize]
    }

    /// Notes that `id` changed or is new, for the next check of state-based actions.
    fn changed(&mut self, id: ObjId) {
        if self.sba_dirty.last() != Some(&id) {
            self.sba_dirty.push(id);
        }
    }

    /// The players still in the game, in turn order starting with the active player (APNAP, 101.4).
    #[must_use]
    pub fn apnap(&self) -> Vec<PlayerId> {
        let n = self.players.len();
        (0..n).map(|i| (self.active + i) % n).filter(|&p| !self.players[p].lost).collect()
    }

    #[must_use]
    pub fn living(&self) -> usize {
        self.players.iter().filter(|p| !p.lost).count()
    }

    /// The next player after `p` in turn order who is still in the game.
    #[must_use]
    pub fn next_player(&self, p: PlayerId) -> PlayerId {
        let n = self.players.len();
        (1..=n).map(|i| (p + i) % n).find(|&q| !self.players[q].lost).unwrap_or(p)
    }

    #[must_use]
    pub fn label(&self, id: ObjId) -> Option<&str> {
        self.cards[self.obj(id).card_id.0 as usize].label.as_deref()
    }

    /// "Grizzly Bears [bears]" — the name with its label, for the trace.
    #[must_use]
    pub fn describe(&self, id: ObjId) -> String {
        self.described(id).to_string()
    }

    /// The object as the trace names it, put into words when displayed (`describe` without
    /// the allocation, for `format!` arguments).
    #[must_use]
    pub fn described(&self, id: ObjId) -> crate::engine::event::Described<'_> {
        let o = self.obj(id);
        let label = self.label(id);
        if o.face_down {
            // 708.5: the judge sees it; the opponent sees only a face-down creature, or in
            // exile a face-down card (406.3).
            let what = if matches!(o.zone, Zone::Battlefield | Zone::Stack) { "creature" } else { "card" };
            return crate::engine::event::Described { copy: false, name: "", label, printed: None, face_down: Some((what, self.card_face_up(id).name())) };
        }
        // A permanent that copies another has the copied name (707.2); the printed one is
        // shown beside it unless a label tells the objects apart. A copy of a face-down
        // permanent has no name (707.2, 708.2a).
        let name = self.card(id).name();
        let printed = (label.is_none() && !o.card.named(if name.is_empty() { "(no name)" } else { name })).then(|| o.card.name());
        crate::engine::event::Described { copy: o.copy, name, label, printed, face_down: None }
    }

    #[must_use]
    pub fn describe_target(&self, t: Target) -> String {
        match t {
            Target::Player(p) => self.players[p].name.to_string(),
            Target::Object(o) => self.describe(o),
            Target::Ability(uid) => match self.stack_ability(uid) {
                Some(a) => format!("ability of {}", self.described(a.source)),
                None => "an ability that has left the stack".to_owned(),
            },
        }
    }

    /// Chosen targets as the trace lists them: "Grizzly Bears, Bob", with each one's share of a
    /// divided amount ("Bob (2)", 601.2d).
    #[must_use]
    pub fn describe_chosen(&self, chosen: &[Chosen]) -> String {
        let shown: Vec<String> = chosen.iter().map(|c| if c.share > 0 { format!("{} ({})", self.describe_target(c.target), c.share) } else { self.describe_target(c.target) }).collect();
        shown.join(", ")
    }

    /// Whether the object is still the one in its zone (not moved since).
    #[must_use]
    pub fn is_live(&self, id: ObjId) -> bool {
        self.obj(id).live
    }

    #[must_use]
    pub fn on_battlefield(&self, id: ObjId) -> bool {
        let o = self.obj(id);
        o.live && o.zone == Zone::Battlefield
    }

    pub fn zone_list_mut(&mut self, player: PlayerId, zone: Zone) -> Option<&mut crate::engine::rewind::Logged<ObjId>> {
        let p = &mut self.players[player];
        match zone {
            Zone::Library => Some(&mut p.library),
            Zone::Hand => Some(&mut p.hand),
            Zone::Graveyard => Some(&mut p.graveyard),
            Zone::Exile => Some(&mut p.exile),
            Zone::Command => Some(&mut p.command),
            Zone::Battlefield | Zone::Stack | Zone::Nowhere => None,
        }
    }

    #[must_use]
    pub fn zone_list(&self, player: PlayerId, zone: Zone) -> &[ObjId] {
        let p = &self.players[player];
        match zone {
            Zone::Library => &p.library,
            Zone::Hand => &p.hand,
            Zone::Graveyard => &p.graveyard,
            Zone::Exile => &p.exile,
            Zone::Command => &p.command,
            Zone::Battlefield | Zone::Stack | Zone::Nowhere => &[],
        }
    }

    /// Creates a new object for a card in a zone (setup, or a zone change).
    pub fn new_object(&mut self, card_id: CardId, card: impl Into<crate::engine::layers::Printed>, owner: PlayerId, controller: PlayerId, zone: Zone) -> ObjId {
        let card: crate::engine::layers::Printed = card.into();
        self.touch();
        self.kinds = self.kinds.with(card.kinds());
        self.vanishers |= card.token();
        let id = ObjId(u32::try_from(self.objects.len()).unwrap_or(u32::MAX));
        self.changed(id);
        let timestamp = self.timestamp();
        self.objects.push(Object {
            id,
            card_id,
            card,
            owner,
            controller,
            zone,
            live: true,
            left_combat: 0,
            tapped: false,
            damage: 0,
            steady: None,
            control_since: self.control_clock + 1,
            renowned: false,
            monstrous: None,
            plotted: None,
            warped: None,
            foretold: None,
            unearthed: false,
            timestamp,
            seen_controller: controller,
            counters: Counters::default(),
            choices: StackChoices::default(),
            copy: false,
            regen_shields: 0,
            attached_to: None,
            activated_turns: Vec::new(),
            attacked_turn: None,
            triggered_turns: Vec::new(),
            modes_chosen: Vec::new(),
            loyalty_turn: None,
            deathtouch_damage: false,
            indestructible_noted: 0,
            entry_choice: EntryChoice::default(),
            ninjutsu_attacking: None,
            face_down: false,
            face_down_as: crate::engine::facedown::FaceDown::Plain,
            face: None,
            unlocked: 0,
            flipped: false,
            adventure: None,
            transformed_mark: None,
            lki: None,
            damaged_turn: None,
            melded: None,
        });
        let phys = &mut self.cards[card_id.0 as usize];
        phys.current = id;
        if phys.nth == 0 {
            let name = self.objects[id.0 as usize].card.name();
            let counts = std::sync::Arc::make_mut(&mut self.name_counts);
            let n = match counts.get_mut(name) {
                Some(n) => {
                    *n += 1;
                    *n
                }
                None => {
                    counts.insert(name.to_owned(), 1);
                    1
                }
            };
            self.cards[card_id.0 as usize].nth = n;
        }
        id
    }

    /// Moves an object to a zone: it leaves its old zone and a new object is created (400.7).
    /// `top` puts it on top of a library (else bottom); graveyards always get it on top.
    /// Returns the new object's id.
    pub fn move_object(&mut self, id: ObjId, to: Zone) -> ObjId {
        let (owner, card_id, card, copy, face_down, face, face_down_as) = {
            let o = self.obj(id);
            (o.owner, o.card_id, o.card.clone(), o.copy, o.face_down, o.face, o.face_down_as)
        };
        // 702.84a: an unearthed permanent that would leave the battlefield is exiled instead.
        let to = if self.obj(id).unearthed && self.obj(id).zone == Zone::Battlefield && to != Zone::Exile {
            let ev = crate::engine::Ev::new(crate::engine::event::EventKind::Replace, format!("{} was returned by unearth and would leave the battlefield; it is exiled instead", self.described(id)))
                .object(self, id)
                .zone(Zone::Exile)
                .rules(&crate::cite!(unearth.exile_instead));
            self.record(ev);
            Zone::Exile
        } else {
            to
        };
        // 122.1h: a permanent with a finality counter that would go to a graveyard from the
        // battlefield is exiled instead.
        let to = if to == Zone::Graveyard && self.obj(id).zone == Zone::Battlefield && self.obj(id).counters.get(&crate::cards::ir::CounterKind::Finality) > 0 {
            let ev = crate::engine::Ev::new(crate::engine::event::EventKind::Replace, format!("{} has a finality counter and would be put into a graveyard from the battlefield; it is exiled instead", self.described(id)))
                .object(self, id)
                .zone(Zone::Exile)
                .rules(&crate::cite!(counters.finality_exile_instead));
            self.record(ev);
            Zone::Exile
        } else {
            to
        };
        // 614.1a: "if it would die this turn, exile it instead".
        let to = if to == Zone::Graveyard && self.obj(id).zone == Zone::Battlefield && let Some(src) = self.dies_instead(id) {
            let ev = crate::engine::Ev::new(crate::engine::event::EventKind::Replace, format!("{} would die; {}'s effect exiles it instead", self.described(id), self.described(src)))
                .object(self, id)
                .source(self, src)
                .zone(Zone::Exile)
                .rule(crate::cite!(replace.dies_exile_instead));
            self.record(ev);
            Zone::Exile
        } else if to == Zone::Graveyard && let Some(src) = self.graveyard_instead(id) {
            let whose = if src == id { "its own effect".to_owned() } else { format!("{}'s effect", self.described(src)) };
            let rules: &[crate::rules::RuleId] = if src == id { &crate::cite!(replace.own_graveyard_exile_instead) } else { &[crate::cite!(replace.graveyard_exile_instead)] };
            let ev = crate::engine::Ev::new(crate::engine::event::EventKind::Replace, format!("{} would be put into a graveyard; {whose} exiles it instead", self.described(id)))
                .object(self, id)
                .source(self, src)
                .zone(Zone::Exile)
                .rules(rules);
            self.record(ev);
            Zone::Exile
        } else {
            to
        };
        // 610.3: what this permanent exiled "until it leaves the battlefield" returns just
        // after this event.
        if self.obj(id).zone == Zone::Battlefield && self.exiled_until.iter().any(|(s, _)| *s == id) {
            let at = self.last_event();
            let (due, keep): (Vec<_>, Vec<_>) = self.exiled_until.iter().copied().partition(|(s, _)| *s == id);
            self.exiled_until = keep;
            self.returns_due.extend(due.into_iter().map(|(s, o)| (s, o, at)));
        }
        // "a permanent you controlled left the battlefield this turn" (revolt).
        if self.obj(id).zone == Zone::Battlefield {
            let c = self.controller(id);
            self.players[c].left_battlefield_this_turn = true;
        }
        // 700.4: "a creature died this turn"; every permanent that dies is kept, as the object
        // it was, for "the number of creatures that died this turn".
        if to == Zone::Graveyard && self.obj(id).zone == Zone::Battlefield {
            self.creatures_died_this_turn += u32::from(self.is_creature(id));
            self.died_this_turn.push(id);
        }
        // 506.4: a permanent that leaves the battlefield is removed from combat.
        if self.obj(id).zone == Zone::Battlefield {
            let attacking = self.combat.attackers.iter().any(|a| a.id == id);
            let blocking = self.combat.blockers.iter().any(|(b, _)| *b == id) || self.combat.attackers.iter().any(|a| a.blockers.contains(&id));
            if attacking || blocking {
                let what = if attacking { "was an attacking creature: leaving the battlefield removes it from combat" } else { "was a blocking creature: leaving the battlefield removes it from combat" };
                let ev = crate::engine::Ev::new(crate::engine::event::EventKind::RemoveFromCombat, crate::engine::event::Text::ObjectDoes(what)).object(self, id).rule(crate::cite!(combat.removed_leaving));
                self.record(ev);
            }
        }
        self.remove_from_zone(id);
        self.obj_mut(id).live = false;
        // 704.5d: a token that leaves the battlefield goes to the new zone like a card, and
        // ceases to exist when state-based actions are next checked (sba.rs).
        let new_zone = to;
        let controller = if to == Zone::Battlefield || to == Zone::Stack { self.obj(id).controller } else { owner };
        let from = self.obj(id).zone;
        let cast = (from == Zone::Stack && to == Zone::Battlefield && !copy).then(|| {
            let c = &self.obj(id).choices;
            (c.kicked, c.cast_from, c.mana_spent, c.x, (c.bargained, c.gift, c.offspring))
        });
        // 707.10f, 111.13: a copy of a permanent spell that resolves becomes a token permanent,
        // no longer a copy of a spell (so 704.5e doesn't end it).
        let (card, copy) = if copy && to == Zone::Battlefield { (card.as_token(), false) } else { (card, copy) };
        let nid = self.new_object(card_id, card, owner, controller, new_zone);
        self.moved_now.push((id, nid));
        self.obj_mut(nid).copy = copy;
        // 712.13: a double-faced spell resolves with the face up that was up on the stack;
        // anywhere else a card arrives with its normal characteristics (712.14, 709.4, 715.4).
        // A card in a hand has a face chosen only as it is played as a land (712.12).
        // A staged double-faced token enters with the face up it was created with (707.8a).
        if to == Zone::Battlefield && matches!(from, Zone::Stack | Zone::Hand | Zone::Nowhere) {
            self.obj_mut(nid).face = face;
        }
        // 709.5d: a Room has both halves on the battlefield, the half cast as a spell
        // unlocked as it enters, and neither if it wasn't cast.
        if to == Zone::Battlefield && self.obj(nid).card.is_room() {
            let o = self.obj_mut(nid);
            o.face = None;
            o.unlocked = match (cast, face) {
                (Some(_), Some(half)) if from == Zone::Stack => 1 << (half & 1),
                _ => 0,
            };
        }
        if let Some((kicked, cast_from, mana_spent, x, (bargained, gift, offspring))) = cast {
            self.obj_mut(nid).choices.kicked = kicked;
            self.obj_mut(nid).choices.cast_from = cast_from;
            // "if {R} was spent to cast it" (601.2h): the permanent keeps what its spell cost.
            self.obj_mut(nid).choices.mana_spent = mana_spent;
            self.obj_mut(nid).choices.entered_x = x;
            // 702.166b, 702.174k, 702.175a: how the spell it was was cast.
            self.obj_mut(nid).choices.bargained = bargained;
            self.obj_mut(nid).choices.gift = gift;
            self.obj_mut(nid).choices.offspring = offspring;
        }
        if face_down && to == Zone::Battlefield {
            // 702.37c: a face-down spell resolves into a face-down permanent; a card turned
            // face down to be manifested or cloaked enters face down (701.40a, 701.58a).
            self.obj_mut(nid).face_down = true;
            self.kinds = self.kinds.with(crate::engine::layers::Kinds::face_down());
            self.obj_mut(nid).face_down_as = face_down_as;
        }
        match new_zone {
            Zone::Battlefield => self.battlefield.push(nid),
            Zone::Stack => self.stack.push(StackItem::Spell(nid)),
            Zone::Nowhere => {}
            z => {
                if let Some(list) = self.zone_list_mut(owner, z) {
                    list.push(nid);
                }
            }
        }
        // 712.14c: a staged melded permanent enters as one permanent of both cards.
        if from == Zone::Nowhere && to == Zone::Battlefield && let Some(m) = self.obj(id).melded.clone() {
            self.cards[m.card_id.0 as usize].current = nid;
            self.obj_mut(nid).melded = Some(m);
        } else if let Some(m) = self.obj(id).melded.clone() {
            // 712.21: a melded permanent that leaves is one permanent leaving and two cards
            // arriving, each a new object in its owner's zone, with its front face up (712.8a).
            let second = self.new_object(m.card_id, m.card, m.owner, if to == Zone::Battlefield { controller } else { m.owner }, new_zone);
            self.moved_now.push((id, second));
            match new_zone {
                Zone::Battlefield => self.battlefield.push(second),
                Zone::Stack => self.stack.push(StackItem::Spell(second)),
                Zone::Nowhere => {}
                z => {
                    if let Some(list) = self.zone_list_mut(m.owner, z) {
                        list.push(second);
                    }
                }
            }
            let ev = crate::engine::Ev::new(
                crate::engine::event::EventKind::Meld,
                format!(
                    "{} was a melded permanent: one permanent left the battlefield, and its two cards are put into {} as two objects, {} and {}",
                    self.described(id),
                    if to == Zone::Exile { "exile".to_owned() } else { format!("their owner's {}", to.name()) },
                    self.described(nid),
                    self.described(second)
                ),
            )
            .object(self, nid)
            .zone(to)
            .rules(&crate::cite!(meld.leaves));
            self.record(ev);
        }
        if face_down && matches!(from, Zone::Stack | Zone::Battlefield) && to != Zone::Battlefield {
            // 708.9: a face-down permanent or spell leaving is revealed to all.
            let ev = crate::engine::Ev::new(crate::engine::event::EventKind::Reveal, format!("the face-down {} is revealed as it leaves the {}: it is {}", if from == Zone::Stack { "spell" } else { "permanent" }, from.name(), self.described(nid)))
                .object(self, nid)
                .zone(to)
                .rule(crate::cite!(facedown.revealed_leaving));
            self.record(ev);
        }
        self.touch();
        // Leaving the battlefield triggers now; entering triggers once the permanent is
        // fully on the battlefield, with its entering replacements applied
        // (`put_onto_battlefield`, 603.6a).
        if from == Zone::Battlefield {
            self.trace_statics(id, false);
            self.zone_change_triggers(id, nid, from, to);
        }
        if from == Zone::Graveyard {
            self.fire(crate::engine::triggers::Happening::LeftGraveyard { player: owner, card: id });
        }
        nid
    }

    pub(crate) fn remove_from_zone(&mut self, id: ObjId) {
        let (zone, owner) = {
            let o = self.obj(id);
            (o.zone, o.owner)
        };
        match zone {
            Zone::Battlefield => {
                let lki = self.chars_now(id);
                self.obj_mut(id).lki = Some(Box::new(lki));
                if let Some(at) = self.battlefield.iter().position(|&x| x == id) {
                    self.battlefield.remove(at);
                    // The permanents before it are still the same tapped ones, one fewer.
                    if at < self.tapped_prefix.get() {
                        self.tapped_prefix.set(self.tapped_prefix.get() - 1);
                    }
                }
                // Effects on it end for it (400.7); its own static abilities stop applying.
                for e in &mut self.effects {
                    e.objects.retain(|&x| x != id);
                }
                self.effects.retain(|e| !e.objects.is_empty());
                // 506.4: a permanent that leaves the battlefield is removed from combat (what it
                // was there is kept for abilities that look back, 603.10a).
                let attacking = self.combat.attackers.iter().any(|a| a.id == id);
                let blocking = self.combat.blockers.iter().any(|(b, _)| *b == id);
                self.obj_mut(id).left_combat = u8::from(attacking) | u8::from(blocking) << 1;
                self.combat.attackers.retain(|a| a.id != id);
                for a in &mut self.combat.attackers {
                    a.blockers.retain(|&b| b != id);
                }
                self.combat.blockers.retain(|(b, _)| *b != id);
            }
            Zone::Stack => self.stack.retain(|s| !matches!(s, StackItem::Spell(x) if *x == id)),
            Zone::Nowhere => {}
            z => {
                if let Some(list) = self.zone_list_mut(owner, z) {
                    list.remove_item(&id);
                }
            }
        }
    }

    /// The activated ability on the stack with this uid, if it is still there.
    #[must_use]
    pub fn stack_ability(&self, uid: u32) -> Option<&StackAbility> {
        self.stack.iter().find_map(|s| match s {
            StackItem::Ability(a) if a.uid == uid => Some(a),
            _ => None,
        })
    }

    /// Permanents on the battlefield controlled by `p`, in arrival order.
    pub fn permanents_of(&self, p: PlayerId) -> impl Iterator<Item = ObjId> + '_ {
        self.battlefield.iter().copied().filter(move |&id| self.controller(id) == p)
    }

    /// A new timestamp (613.7).
    pub fn timestamp(&mut self) -> u64 {
        self.next_timestamp += 1;
        self.next_timestamp
    }
}
