//! The scenario file model (contract: `docs/scenario-format.md`), read and validated.

use indexmap::IndexMap;

use crate::cards::def::Card;
use crate::diag::Span;

/// A step of a turn (500–514).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    Untap,
    Upkeep,
    Draw,
    PrecombatMain,
    BeginningOfCombat,
    DeclareAttackers,
    DeclareBlockers,
    /// The first of two combat damage steps, when a creature in combat has first strike or
    /// double strike as combat damage begins (510.4).
    FirstStrikeDamage,
    CombatDamage,
    EndOfCombat,
    PostcombatMain,
    End,
    Cleanup,
}

impl Step {
    pub const ALL: [Step; 13] = [
        Step::Untap,
        Step::Upkeep,
        Step::Draw,
        Step::PrecombatMain,
        Step::BeginningOfCombat,
        Step::DeclareAttackers,
        Step::DeclareBlockers,
        Step::FirstStrikeDamage,
        Step::CombatDamage,
        Step::EndOfCombat,
        Step::PostcombatMain,
        Step::End,
        Step::Cleanup,
    ];

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Step::Untap => "untap",
            Step::Upkeep => "upkeep",
            Step::Draw => "draw",
            Step::PrecombatMain => "precombat_main",
            Step::BeginningOfCombat => "beginning_of_combat",
            Step::DeclareAttackers => "declare_attackers",
            Step::DeclareBlockers => "declare_blockers",
            Step::FirstStrikeDamage => "first_strike_damage",
            Step::CombatDamage => "combat_damage",
            Step::EndOfCombat => "end_of_combat",
            Step::PostcombatMain => "postcombat_main",
            Step::End => "end",
            Step::Cleanup => "cleanup",
        }
    }

    /// The name in words, as the trace says it: "declare attackers" (written when displayed).
    #[must_use]
    pub fn words(self) -> StepWords {
        StepWords(self)
    }

    #[must_use]
    pub fn from_name(s: &str) -> Option<Step> {
        match s {
            "main1" => Some(Step::PrecombatMain),
            "main2" => Some(Step::PostcombatMain),
            _ => Step::ALL.into_iter().find(|st| st.name() == s),
        }
    }

    /// The step after this one in the same turn, if any.
    #[must_use]
    pub fn next(self) -> Option<Step> {
        let i = self as usize;
        Step::ALL.get(i + 1).copied()
    }

    #[must_use]
    pub fn is_main(self) -> bool {
        matches!(self, Step::PrecombatMain | Step::PostcombatMain)
    }

    /// The rule that describes the step.
    #[must_use]
    pub fn rule(self) -> crate::rules::RuleId {
        use crate::cite;
        match self {
            Step::Untap => cite!(step.untap),
            Step::Upkeep => cite!(step.upkeep),
            Step::Draw => cite!(step.draw),
            Step::PrecombatMain | Step::PostcombatMain => cite!(step.main),
            Step::BeginningOfCombat => cite!(step.beginning_of_combat),
            Step::DeclareAttackers => cite!(step.declare_attackers),
            Step::DeclareBlockers => cite!(step.declare_blockers),
            Step::FirstStrikeDamage => cite!(step.first_strike_damage),
            Step::CombatDamage => cite!(step.combat_damage),
            Step::EndOfCombat => cite!(step.end_of_combat),
            Step::End => cite!(step.end),
            Step::Cleanup => cite!(step.cleanup),
        }
    }
}

/// A step's name in words (`Step::words`).
pub struct StepWords(Step);

impl std::fmt::Display for StepWords {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, part) in self.0.name().split('_').enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(part)?;
        }
        Ok(())
    }
}

/// A reference to a player or object, as written, with its place.
#[derive(Clone, Debug)]
pub struct Ref {
    pub text: String,
    pub span: Span,
}

/// A card entry of a player's zone in the setup.
#[derive(Clone, Debug)]
pub struct CardEntry {
    pub card: Card,
    pub id: Option<String>,
    pub owner: Option<Ref>,
    pub tapped: bool,
    pub damage: u32,
    pub counters: IndexMap<String, u32>,
    pub sick: bool,
    /// The label of the permanent an Aura starts attached to (303.4b).
    pub attached_to: Option<Ref>,
    /// `chosen: {card: REF}`: the permanent it entered as a copy of (707.5), a battlefield label.
    pub copy_of: Option<Ref>,
    /// `chosen: {color: …}` / `chosen: {subtype: …}`: its "as enters" choices (614.12a).
    pub chosen_color: Option<crate::cards::ir::Color>,
    pub chosen_subtype: Option<String>,
    /// `face_down: true`: a face-down permanent (708.2a).
    pub face_down: bool,
    /// `transformed: true`: a double-faced permanent with its back face up (701.27g).
    pub transformed: bool,
    /// `flipped: true`: a flip card permanent with its alternative characteristics (710.2).
    pub flipped: bool,
    /// `unlocked: [door, …]`: a Room's unlocked halves (709.5c), bit 0 the left, bit 1 the right.
    pub unlocked: u8,
    /// `melded_with: CARD`: the second card of a melded permanent (712.4a), the entry's card
    /// being the first.
    pub melded_with: Option<Card>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct PlayerSetup {
    pub name: String,
    pub life: i64,
    pub poison: u32,
    /// Energy counters at the start (107.14).
    pub energy: u32,
    /// This player is the monarch at the start (724).
    pub monarch: bool,
    /// This player has the city's blessing at the start (702.131c).
    pub city_blessing: bool,
    /// This player's speed at the start (702.179): none unless given.
    pub speed: Option<u32>,
    pub library: Vec<std::sync::Arc<CardEntry>>,
    pub hand: Vec<std::sync::Arc<CardEntry>>,
    pub battlefield: Vec<std::sync::Arc<CardEntry>>,
    pub graveyard: Vec<std::sync::Arc<CardEntry>>,
    pub exile: Vec<std::sync::Arc<CardEntry>>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Start {
    pub turn: u32,
    pub active: usize,
    pub step: Step,
}

/// Where the run stops after the script (contract: `until`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    StackEmpty,
    Step { turn: Option<u32>, step: Step },
    EndOfTurn,
    GameOver,
}

/// The cast-time choices written beside `cast`/`activate`.
#[derive(Clone, Debug, Default)]
pub struct CastChoices {
    pub targets: Vec<Ref>,
    pub x: Option<u32>,
    pub pay: Option<Vec<Ref>>,
    /// 0-based mode indices (the file numbers them from 1).
    pub modes: Option<Vec<usize>>,
    pub divide: Vec<(Ref, u32)>,
    pub kicked: bool,
    /// Cast face down (702.37c).
    pub face_down: bool,
    /// Both halves of a split card with fuse cast as one fused split spell (702.102a).
    pub fuse: bool,
    pub sacrifice: Option<Vec<Ref>>,
    pub discard: Option<Vec<Ref>>,
    /// How Phyrexian symbols are paid, in printed order (`true`: 2 life); one entry for all.
    pub phyrexian: Option<Vec<bool>>,
    /// Permanents tapped to pay: convoke, improvise (702.51a, 702.126a), crew (702.122a).
    pub tap: Option<Vec<Ref>>,
    /// Cards exiled for delve.
    pub exile: Option<Vec<Ref>>,
    /// `alternative_cost: flashback` (702.34a): cast from the graveyard.
    pub flashback: bool,
    /// `optional_costs: [buyback]` (702.27a).
    pub buyback: bool,
    /// `alternative_cost: evoke` (702.74a).
    pub evoke: bool,
    /// `alternative_cost: dash` (702.109a).
    pub dash: bool,
    /// `alternative_cost: warp` (702.185a): from the hand.
    pub warp: bool,
    /// `alternative_cost: plot`: a plotted card cast from exile without paying its mana cost
    /// (702.170d).
    pub plot: bool,
    /// `alternative_cost: foretell`: a foretold card cast from exile for its foretell cost
    /// (702.143a).
    pub foretell: bool,
    /// `alternative_cost: blitz` (702.152a).
    pub blitz: bool,
    /// `alternative_cost: overload` (702.96a).
    pub overload: bool,
    /// `replicate: N`: how many times the replicate cost is paid (702.56a).
    pub replicate: u32,
    /// `optional_costs: [casualty]` (702.153a), with the creature named by `sacrifice`.
    pub casualty: bool,
    /// `optional_costs: [conspire]` (702.78a), with the two creatures named by `tap`.
    pub conspire: bool,
    /// `optional_costs: [bargain]` (702.166a), with the artifact, enchantment or token named
    /// by `sacrifice`.
    pub bargain: bool,
    /// `optional_costs: [offspring]` (702.175a).
    pub offspring: bool,
    /// `gift: PLAYER`: the gift is promised to that opponent (702.174a).
    pub gift: Option<Ref>,
    /// `alternative_cost: rather_than_mana_cost`: the alternative cost the card's own text
    /// offers, "you may … rather than pay this spell's mana cost" (118.9).
    pub rather: bool,
}

/// An answer to a decision (`choose`).
#[derive(Clone, Debug, Default)]
pub struct Choice {
    pub player: Option<Ref>,
    pub pick: Option<Vec<Ref>>,
    pub may: Option<bool>,
    pub color: Option<(String, Span)>,
    /// A creature type (`subtype:`, or its alias `creature_type:`).
    pub subtype: Option<(String, Span)>,
    /// The call of a coin flip: `heads` or `tails` (705.2).
    pub call: Option<(String, Span)>,
    pub order: Option<Vec<Ref>>,
    pub targets: Option<Vec<Ref>>,
    /// The division of a triggered ability's amount among its targets (601.2d, 603.3d).
    pub divide: Option<Vec<(Ref, u32)>>,
    /// Surveil: the cards put into the graveyard (701.25a).
    pub graveyard: Option<Vec<Ref>>,
    pub assign: Option<Vec<(Ref, u32)>>,
    pub x: Option<u32>,
    pub number: Option<u32>,
    /// Which replacement or prevention effect applies first (616.1): its source.
    pub apply: Option<Ref>,
    /// Modes of a modal triggered ability, 0-based (written from 1).
    pub modes: Option<Vec<usize>>,
    /// Scry: the cards kept on top, top first, and those put on the bottom.
    pub top: Option<Vec<Ref>>,
    pub bottom: Option<Vec<Ref>>,
    /// The keys written, for messages ("choose {player: Bob, color: …}").
    pub keys: Vec<String>,
}

#[allow(clippy::large_enum_variant, reason = "a script action is read once from the file and kept in place")]
#[derive(Clone, Debug)]
pub enum ActionKind {
    Cast { card: Ref, choices: CastChoices },
    Play { card: Ref },
    /// Turn a face-down permanent face up (116.2b, 702.37e), paying with `pay` if given.
    TurnFaceUp { card: Ref, pay: Option<Vec<Ref>>, by: Option<At<FaceUpBy>> },
    /// Unlock a locked half (door) of a Room by paying its mana cost (116.2m, 709.5e): the
    /// Room, and the door when the reference doesn't name one.
    Unlock { card: Ref, door: Option<Ref>, pay: Option<Vec<Ref>> },
    /// Plot a card from its owner's hand by paying its plot cost (116.2k, 702.170a).
    Plot { card: Ref, pay: Option<Vec<Ref>> },
    /// Foretell a card from its owner's hand by paying {2} (116.2h, 702.143a).
    Foretell { card: Ref, pay: Option<Vec<Ref>> },
    Activate { card: Ref, ability: Option<usize>, choices: CastChoices },
    /// Attackers with what each attacks (`None`: the only defending player).
    Attack(Vec<(Ref, Option<Ref>)>),
    /// Blockers with the attackers each blocks.
    Block(Vec<(Ref, Vec<Ref>)>),
    Choose(Choice),
    Pass,
    Resolve { all: bool },
    Goto { turn: Option<u32>, step: Step },
    Concede(Ref),
    Check(Box<Expect>),
}

/// Which way `turn_face_up` turns a manifested or cloaked card that also has morph or
/// disguise (701.40c–d, 701.58c–d): paying that cost, or the card's mana cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaceUpBy {
    /// Its morph or disguise cost (702.37e, 702.168d).
    Morph,
    /// The mana cost of the creature card it is (701.40b, 701.58b).
    ManaCost,
}

#[derive(Clone, Debug)]
pub struct Action {
    /// 1-based position in `actions`.
    pub index: usize,
    pub player: Option<Ref>,
    pub kind: ActionKind,
    pub span: Span,
}

impl Action {
    #[must_use]
    pub fn verb(&self) -> &'static str {
        match self.kind {
            ActionKind::Cast { .. } => "cast",
            ActionKind::Play { .. } => "play",
            ActionKind::TurnFaceUp { .. } => "turn_face_up",
            ActionKind::Unlock { .. } => "unlock",
            ActionKind::Plot { .. } => "plot",
            ActionKind::Foretell { .. } => "foretell",
            ActionKind::Activate { .. } => "activate",
            ActionKind::Attack(_) => "attack",
            ActionKind::Block(_) => "block",
            ActionKind::Choose(_) => "choose",
            ActionKind::Pass => "pass",
            ActionKind::Resolve { .. } => "resolve",
            ActionKind::Goto { .. } => "goto",
            ActionKind::Concede(_) => "concede",
            ActionKind::Check(_) => "check",
        }
    }
}

/// An expected value with the place it was written.
#[derive(Clone, Debug)]
pub struct At<T> {
    pub value: T,
    pub span: Span,
}

/// A zone expectation: the exact multiset of names, or a count.
#[derive(Clone, Debug)]
pub enum ZoneExpect {
    Names(Vec<String>),
    Count(usize),
}

#[derive(Clone, Debug, Default)]
pub struct PlayerExpect {
    pub life: Option<At<i64>>,
    pub poison: Option<At<u32>>,
    pub energy: Option<At<u32>>,
    pub monarch: Option<At<bool>>,
    pub city_blessing: Option<At<bool>>,
    pub speed: Option<At<u32>>,
    pub zones: Vec<(&'static str, At<ZoneExpect>)>,
    pub lost: Option<At<bool>>,
}

#[derive(Clone, Debug, Default)]
pub struct ObjectExpect {
    /// A Room's unlocked doors (709.5c), by name.
    pub unlocked: Option<At<Vec<String>>>,
    /// The cards a permanent is represented by, by their front faces' names: two for a melded
    /// permanent (712.4a), one for any other card, none for a token.
    pub cards: Option<At<Vec<String>>>,
    pub zone: Option<At<String>>,
    pub controller: Option<At<String>>,
    pub owner: Option<At<String>>,
    pub tapped: Option<At<bool>>,
    pub power: Option<At<i64>>,
    pub toughness: Option<At<i64>>,
    pub damage: Option<At<i64>>,
    pub loyalty: Option<At<i64>>,
    pub counters: Vec<(String, At<u32>)>,
    pub types: Option<At<Vec<String>>>,
    pub subtypes: Option<At<Vec<String>>>,
    pub supertypes: Option<At<Vec<String>>>,
    pub colors: Option<At<Vec<String>>>,
    pub keywords: Option<At<Vec<String>>>,
    /// Keyword abilities the object must not have (it lost them, or never had them).
    pub keywords_absent: Option<At<Vec<String>>>,
    pub name: Option<At<String>>,
    pub sick: Option<At<bool>>,
    /// Face down (708).
    pub face_down: Option<At<bool>>,
    /// A double-faced permanent with its back face up (701.27g).
    pub transformed: Option<At<bool>>,
    /// Mana value (202.3).
    pub mana_value: Option<At<i64>>,
    /// The label or name of what it is attached to.
    pub attached_to: Option<At<String>>,
}

#[derive(Clone, Debug)]
pub struct RejectedExpect {
    pub action: usize,
    pub rule: Option<String>,
    pub span: Span,
}

/// Fields of an expected event: field name → value as written.
#[derive(Clone, Debug)]
pub struct EventExpect {
    pub fields: Vec<(String, String)>,
    pub span: Span,
}

#[derive(Clone, Debug, Default)]
pub struct Expect {
    pub players: Vec<(Ref, PlayerExpect)>,
    pub objects: Vec<(Ref, ObjectExpect)>,
    pub stack: Option<At<Vec<String>>>,
    pub winner: Option<Ref>,
    pub draw: Option<At<bool>>,
    pub rules: Vec<At<String>>,
    pub rules_absent: Vec<At<String>>,
    pub rejected: Vec<RejectedExpect>,
    pub events: Vec<EventExpect>,
}

/// A loaded, validated scenario.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub name: String,
    pub description: Option<String>,
    pub rules: Vec<String>,
    pub seed: u64,
    pub players: Vec<PlayerSetup>,
    pub start: Start,
    pub actions: Vec<Action>,
    pub until: Until,
    pub auto_choose: bool,
    pub expect: Option<Expect>,
    /// Inline card definitions (they shadow library cards of the same name).
    pub inline_cards: Vec<Card>,
    /// The span of the `actions` key (for "a choose would go here" when the script is empty).
    pub actions_span: Span,
    pub end_span: Span,
}
