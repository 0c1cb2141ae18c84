//! Characteristics of objects (613): every object starts from its copiable values (its printed
//! card, or what a copy effect in layer 1 made it, 613.2a, 707.2), then the continuous effects in force are
//! applied layer by layer (613.1), CDAs first (613.3), in timestamp order (613.7) unless a
//! dependency reorders them (613.8). The result is one [`Chars`] per object, computed for all
//! objects together and cached until the game changes. This module is the only reader of
//! printed characteristics: every rule asks it what an object is.

use std::borrow::Cow;

use smallvec::SmallVec;

use crate::cards::ir::{Ability, CardType, Change, Color, ControllerFilter, Keyword, ObjectFilter, PtValue, Quality, StaticSubject};
use crate::engine::state::{Game, ObjId, PlayerId, StackItem, Zone};
use crate::rules::RuleId;

/// An object's printed card: its copiable values (613.2c). Only this module reads its
/// characteristics (types, subtypes, supertypes, colors, power, toughness): every rule asks
/// `Game::types`, `Game::power` and the others, which apply the continuous effects in force.
/// What no effect changes here — name, mana cost, rules text, the compiled abilities, whether
/// it is a token — is open to all.
///
/// A card with faces or halves keeps each face as a `Printed` of its own: the face that is up
/// supplies the characteristics ([`Printed::up`], 709.3b, 712.8, 715.3b).
///
/// A permanent card with a shared type line (a Room, 709.5) also keeps what it is on the
/// battlefield with each set of halves unlocked ([`Printed::room`]).
///
/// It also keeps a summary of what kinds of abilities and printed types it and its faces
/// have ([`Kinds`]), so that a check for something no card in the game has costs nothing.
#[derive(Clone, Debug)]
pub struct Printed(crate::cards::def::Card, std::sync::Arc<[Printed]>, std::sync::Arc<[Printed]>, Kinds);

/// A summary of kinds of abilities and printed characteristics, one bit each: a card's (its
/// faces and Room halves included) or a game's (every card that is or was in it). It only
/// says what can't be there: a bit that is set means "maybe", and the exact check follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Kinds(u32);

impl Kinds {
    /// Triggered abilities of every sort: printed, keywords that trigger (603.1), echo,
    /// cumulative upkeep, storm and cascade, unread ones waiting for their trigger.
    pub const TRIGGER: Kinds = Kinds(1);
    pub const ASCEND: Kinds = Kinds(1 << 1);
    pub const ENGINES: Kinds = Kinds(1 << 2);
    /// "Enchant …" (303.4).
    pub const ENCHANT: Kinds = Kinds(1 << 3);
    /// Static replacement and prevention effects (614, 615).
    pub const REPLACEMENT: Kinds = Kinds(1 << 4);
    /// "… spells cost {1} less/more" (601.2f).
    pub const COST_CHANGE: Kinds = Kinds(1 << 5);
    /// Static abilities that generate continuous effects (611.3), an Aura's "enchanted …".
    pub const STATIC: Kinds = Kinds(1 << 6);
    /// The Legendary supertype (printed).
    pub const LEGENDARY: Kinds = Kinds(1 << 7);
    /// The Equipment subtype (printed).
    pub const EQUIPMENT: Kinds = Kinds(1 << 8);
    /// A characteristic-defining ability that sets power and toughness (604.3), which works
    /// off the battlefield too: without one in the game, no card elsewhere needs the layers.
    pub const PT_CDA: Kinds = Kinds(1 << 9);
    /// "… can't cast …" (601.3, 101.2).
    pub const CANT_CAST: Kinds = Kinds(1 << 10);
    /// The Creature card type (printed).
    pub const CREATURE: Kinds = Kinds(1 << 11);
    /// The Planeswalker card type (printed).
    pub const PLANESWALKER: Kinds = Kinds(1 << 12);
    /// Chapter abilities (714.2b): only a game with one has a Saga to sacrifice (714.4).
    pub const CHAPTER: Kinds = Kinds(1 << 13);
    /// Daybound or nightbound (702.145): only a game with one makes it day or night because
    /// of a permanent, or transforms one when it changes.
    pub const DAY_NIGHT: Kinds = Kinds(1 << 14);
    /// A triggered ability that returns its own card from the graveyard (113.6m): only a game
    /// with one looks through graveyards for triggers at every event.
    pub const FROM_GRAVEYARD: Kinds = Kinds(1 << 15);
    /// Everything: what a game assumes once continuous effects may have changed abilities or
    /// types.
    pub const ALL: Kinds = Kinds(u32::MAX);

    #[must_use]
    pub fn has(self, k: Kinds) -> bool {
        self.0 & k.0 != 0
    }

    #[must_use]
    pub fn with(self, k: Kinds) -> Kinds {
        Kinds(self.0 | k.0)
    }

    /// The kinds of one ability.
    #[must_use]
    pub fn of_ability(a: &Ability) -> Kinds {
        use crate::cards::ir::Keyword as K;
        match a {
            Ability::Triggered { trigger, effect, .. } => {
                let mut k = Kinds::TRIGGER;
                if matches!(**trigger, crate::cards::ir::Trigger::Chapter(_)) {
                    k = k.with(Kinds::CHAPTER);
                }
                if effect.moves_this_from_graveyard() {
                    k = k.with(Kinds::FROM_GRAVEYARD);
                }
                k
            }
            Ability::Echo(_) | Ability::CumulativeUpkeep(_) => Kinds::TRIGGER,
            Ability::Keyword(k) => {
                let mut out = Kinds::default();
                if k.is_triggered() || matches!(k, K::Storm | K::Cascade) {
                    out = out.with(Kinds::TRIGGER);
                }
                match k {
                    K::Ascend => out.with(Kinds::ASCEND),
                    K::Daybound | K::Nightbound => out.with(Kinds::DAY_NIGHT),
                    K::StartYourEngines => out.with(Kinds::ENGINES),
                    _ => out,
                }
            }
            Ability::Unread(u) if matches!(u.moment, crate::cards::ir::Moment::Trigger(_)) => Kinds::TRIGGER,
            Ability::Enchant(_) => Kinds::ENCHANT,
            Ability::Replacement(_) => Kinds::REPLACEMENT,
            Ability::CostChange { .. } => Kinds::COST_CHANGE,
            Ability::CantCast { .. } => Kinds::CANT_CAST,
            Ability::Static(s) if is_pt_cda(s) => Kinds::STATIC.with(Kinds::PT_CDA),
            Ability::Static(_) | Ability::Enchanted(_) => Kinds::STATIC,
            _ => Kinds::default(),
        }
    }

    /// The kinds a face-down or faceless object has (708.2a, 406.3; ward for a disguised or
    /// cloaked one): a game notes them whenever an object is turned or put face down.
    #[must_use]
    pub fn face_down() -> Kinds {
        face_down_card(true).kinds().with(face_down_card(false).kinds()).with(faceless_card().kinds())
    }

    /// The kinds of a card's own definition (not its faces).
    fn of_card(c: &crate::cards::def::CardDef) -> Kinds {
        let mut k = c.abilities.iter().fold(Kinds::default(), |k, a| k.with(Kinds::of_ability(a)));
        if c.supertypes.iter().any(|s| s == "Legendary") {
            k = k.with(Kinds::LEGENDARY);
        }
        if c.subtypes.iter().any(|s| s == "Equipment") {
            k = k.with(Kinds::EQUIPMENT);
        }
        if c.types.contains(&CardType::Creature) {
            k = k.with(Kinds::CREATURE);
        }
        if c.types.contains(&CardType::Planeswalker) {
            k = k.with(Kinds::PLANESWALKER);
        }
        k
    }
}

impl From<crate::cards::def::Card> for Printed {
    fn from(c: crate::cards::def::Card) -> Printed {
        Printed::new(c)
    }
}

/// The faces (or Room views) of a card that has none: one list shared by every such card, so
/// that giving an ordinary card a new object allocates nothing for them.
fn no_faces() -> std::sync::Arc<[Printed]> {
    static NONE: std::sync::LazyLock<std::sync::Arc<[Printed]>> = std::sync::LazyLock::new(|| std::sync::Arc::new([]));
    NONE.clone()
}

impl Printed {
    fn new(c: crate::cards::def::Card) -> Printed {
        let faces: std::sync::Arc<[Printed]> = if c.faces.is_empty() { no_faces() } else { c.faces.iter().cloned().map(Printed::new).collect() };
        let rooms: std::sync::Arc<[Printed]> = if c.shared_type_line() { (0..4u8).map(|u| Printed::new(std::sync::Arc::new(c.room_view(u)))).collect() } else { no_faces() };
        let kinds = faces.iter().chain(rooms.iter()).fold(Kinds::of_card(&c), |k, f| k.with(f.3));
        Printed(c, faces, rooms, kinds)
    }
    /// What kinds of abilities and printed types it or any of its faces has.
    #[must_use]
    pub fn kinds(&self) -> Kinds {
        self.3
    }
    /// Whether it is a permanent card with a shared type line, a Room (709.5).
    #[must_use]
    pub fn is_room(&self) -> bool {
        !self.2.is_empty()
    }
    /// What a Room is on the battlefield with the halves in `unlocked` unlocked (709.5: bit 0
    /// the left half, bit 1 the right); itself for any other card.
    #[must_use]
    pub fn room(&self, unlocked: u8) -> &Printed {
        self.2.get(usize::from(unlocked & 3)).unwrap_or(self)
    }
    /// How its faces are laid out, when it has several (709, 710, 712, 715).
    #[must_use]
    pub fn layout(&self) -> Option<crate::cards::def::Layout> {
        self.0.layout
    }
    /// Its faces or halves, front (left) first; empty for a card with one face.
    #[must_use]
    pub fn faces(&self) -> &[Printed] {
        &self.1
    }
    /// The characteristics it has with `face` up: a chosen face or half, or with none chosen
    /// the front face (712.8a, 712.8d, 715.4, 710) — for a split card both halves combined
    /// (709.4), which is the card's own definition.
    #[must_use]
    pub fn up(&self, face: Option<u8>) -> &Printed {
        match (face, self.0.layout) {
            (Some(i), _) => self.1.get(usize::from(i)).unwrap_or(self),
            (None, Some(l)) if l != crate::cards::def::Layout::Split => self.1.first().unwrap_or(self),
            (None, _) => self,
        }
    }
    /// Whether the face `face` would have is an instant or sorcery face (701.27d, 712.10).
    #[must_use]
    pub fn spell_face(&self, face: Option<u8>) -> bool {
        self.up(face).0.types.iter().any(|t| matches!(t, CardType::Instant | CardType::Sorcery))
    }
    /// Whether `name` is its name or a face's name.
    #[must_use]
    pub fn named(&self, name: &str) -> bool {
        self.0.named(name)
    }
    /// The face named `name`, when it is a face's name and not the whole card's.
    #[must_use]
    pub fn face_named(&self, name: &str) -> Option<u8> {
        if self.0.name.eq_ignore_ascii_case(name) {
            return None;
        }
        self.1.iter().position(|f| f.name().eq_ignore_ascii_case(name)).and_then(|i| u8::try_from(i).ok())
    }
    #[must_use]
    pub fn name(&self) -> &str {
        &self.0.name
    }
    /// The name, shared (an event naming the object takes it without a copy).
    #[must_use]
    pub fn shared_name(&self) -> &std::sync::Arc<str> {
        &self.0.name
    }
    /// Whether its printed abilities include keyword `k` (no effect considered).
    #[must_use]
    pub fn has_keyword(&self, k: Keyword) -> bool {
        self.0.abilities.iter().any(|a| matches!(a, Ability::Keyword(x) if *x == k))
    }
    #[must_use]
    pub fn cost(&self) -> Option<&crate::cards::ir::ManaCost> {
        self.0.cost.as_ref()
    }
    /// The abilities as printed (a spell's, or an ability on the stack that exists
    /// independently of its source, 113.7a); a permanent's abilities now are `Game::abilities`.
    #[must_use]
    pub fn abilities(&self) -> &[Ability] {
        &self.0.abilities
    }
    #[must_use]
    pub fn text(&self) -> &str {
        &self.0.text
    }
    #[must_use]
    pub fn token(&self) -> bool {
        self.0.token
    }
    /// The same card with other abilities (for tests of the layer system on synthetic
    /// static abilities).
    #[must_use]
    pub fn with_abilities(&self, abilities: Vec<Ability>) -> Printed {
        let mut def = (*self.0).clone();
        def.abilities = abilities;
        Printed::new(std::sync::Arc::new(def))
    }
    /// The same card as a token: a copy of a permanent spell becomes a token permanent as it
    /// resolves (707.10f, 111.13).
    #[must_use]
    pub fn as_token(&self) -> Printed {
        let mut def = (*self.0).clone();
        def.token = true;
        Printed::new(std::sync::Arc::new(def))
    }
    /// Whether it is a creature card (what turning a manifested or cloaked card face up for its
    /// mana cost shows, 701.40b, 701.58b).
    #[must_use]
    pub fn is_creature_card(&self) -> bool {
        self.0.types.contains(&CardType::Creature)
    }
    /// Printed loyalty (306.5b), for the counters a planeswalker enters with.
    #[must_use]
    pub fn loyalty(&self) -> Option<i32> {
        self.0.loyalty
    }
}

/// A copy effect in force (707.1, 613.2a): the object it applies to takes `values` as its
/// copiable values. The values were fixed as the effect began (707.2b, 707.2c), with the
/// exceptions of the effect already part of them (707.9a–b); the latest copy effect on an
/// object wins, each replacing all copiable values (613.7 timestamp order).
#[derive(Clone, Debug)]
pub struct CopyEffect {
    pub object: ObjId,
    /// What generated it (the Clone itself, or the resolving spell).
    pub source: ObjId,
    /// What was copied, as it was then.
    pub original: ObjId,
    pub timestamp: u64,
    pub values: Printed,
    /// Ends in the cleanup step (514.2).
    pub until_end_of_turn: bool,
}

/// The characteristics of a face-down spell or permanent (708.2a): a 2/2 creature with no
/// text, no name, no subtypes and no mana cost (colorless, as it has no mana cost) — with ward
/// {2} when disguise or cloak made it face down (702.168a, 701.58a).
fn face_down_card(ward: bool) -> &'static Printed {
    static CARD: std::sync::OnceLock<Printed> = std::sync::OnceLock::new();
    static WARDED: std::sync::OnceLock<Printed> = std::sync::OnceLock::new();
    if ward {
        return WARDED.get_or_init(|| {
            let ward = crate::cards::ir::Keyword::Ward(crate::cards::ir::WardCost::Mana(2));
            let card = face_down_card(false);
            let mut def = (*card.0).clone();
            def.abilities = vec![Ability::Keyword(ward)];
            def.text = "Ward {2}".to_owned();
            Printed::new(std::sync::Arc::new(def))
        });
    }
    CARD.get_or_init(|| {
        Printed::new(std::sync::Arc::new(crate::cards::def::CardDef {
            name: "".into(),
            cost: None,
            type_line: "Creature".to_owned(),
            supertypes: Vec::new(),
            types: vec![CardType::Creature],
            subtypes: Vec::new(),
            power: Some(2),
            toughness: Some(2),
            loyalty: None,
            colors: Vec::new(),
            text: String::new(),
            abilities: Vec::new(),
            token: false,
            layout: None,
            faces: Vec::new(),
        }))
    })
}

/// A card exiled face down (406.3): no name, no types, no cost, no text, no power or toughness.
fn faceless_card() -> &'static Printed {
    static CARD: std::sync::OnceLock<Printed> = std::sync::OnceLock::new();
    CARD.get_or_init(|| {
        let mut def = (*face_down_card(false).0).clone();
        def.type_line = String::new();
        def.types = Vec::new();
        def.power = None;
        def.toughness = None;
        Printed::new(std::sync::Arc::new(def))
    })
}

/// A layer or sublayer (613.1, 613.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub enum Layer {
    /// 613.1a, 613.2a: copy effects.
    Copy,
    /// 613.1b
    Control,
    /// 613.1d
    Type,
    /// 613.1e
    Color,
    /// 613.1f
    Ability,
    /// 613.4a: characteristic-defining abilities that define P/T.
    CdaPt,
    /// 613.4b
    SetPt,
    /// 613.4c
    ModifyPt,
    /// 613.4d
    SwitchPt,
    /// 613.11: rules effects, after all layers.
    Rules,
}

impl Layer {
    /// The layers in the order they apply.
    pub const ORDER: [Layer; 10] = [Layer::Copy, Layer::Control, Layer::Type, Layer::Color, Layer::Ability, Layer::CdaPt, Layer::SetPt, Layer::ModifyPt, Layer::SwitchPt, Layer::Rules];

    /// "2", "4", "7b" — as the CR numbers them.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Layer::Copy => "1",
            Layer::Control => "2",
            Layer::Type => "4",
            Layer::Color => "5",
            Layer::Ability => "6",
            Layer::CdaPt => "7a",
            Layer::SetPt => "7b",
            Layer::ModifyPt => "7c",
            Layer::SwitchPt => "7d",
            Layer::Rules => "rules",
        }
    }

    /// The rule that defines the layer.
    #[must_use]
    pub fn rule(self) -> RuleId {
        match self {
            Layer::Copy => crate::cite!(layer.copy),
            Layer::Control => crate::cite!(layer.control),
            Layer::Type => crate::cite!(layer.types),
            Layer::Color => crate::cite!(layer.color),
            Layer::Ability => crate::cite!(layer.ability),
            Layer::CdaPt => crate::cite!(layer.cda_pt),
            Layer::SetPt => crate::cite!(layer.set_pt),
            Layer::ModifyPt => crate::cite!(layer.modify_pt),
            Layer::SwitchPt => crate::cite!(layer.switch_pt),
            Layer::Rules => crate::cite!(layer.rules_effect),
        }
    }

    /// The layer a change applies in.
    #[must_use]
    pub fn of(c: &Change) -> Layer {
        match c {
            Change::GainControl => Layer::Control,
            Change::AddTypes { .. } | Change::AddTypesNewCreatureTypes { .. } | Change::AddChosenType | Change::SetLandType(_) => Layer::Type,
            Change::SetColors(_) => Layer::Color,
            Change::Grant(_) | Change::Protection(_) | Change::GrantAbility { .. } | Change::LoseAll | Change::Lose(_) => Layer::Ability,
            Change::SetPt(..) => Layer::SetPt,
            Change::Pt(..) | Change::PtFor { .. } => Layer::ModifyPt,
            Change::PtEqualTo { .. } => Layer::CdaPt,
            Change::Switch => Layer::SwitchPt,
            Change::CantAttack | Change::CantBlock | Change::AttackDespiteDefender | Change::DoesntUntap | Change::CantActivate | Change::AttacksEachCombat | Change::BlocksEachCombat | Change::MustBeBlocked | Change::AllMustBlock | Change::CantBeBlocked | Change::CantBeBlockedExcept(_) | Change::BlockAdditional(_) | Change::CanBlockOnly(_) | Change::CantBlockMatching(_) | Change::CantBeBlockedBy(_) | Change::MaxBlockers(_) | Change::AttackOnlyIfDefenderControls(_) | Change::CantAttackAlone | Change::CantBlockAlone | Change::AttackOnlyAlone => Layer::Rules,
        }
    }
}

/// Why an effect was applied where it was, for `--explain`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    /// In timestamp order (613.7).
    Timestamp,
    /// Ahead of earlier effects that depend on it (613.8a–b).
    Dependency,
    /// In timestamp order because the effects depend on each other in a loop (613.8b).
    Loop,
    /// Counters (613.4c, 613.7c).
    Counters,
}

impl Why {
    #[must_use]
    pub fn rule(self) -> RuleId {
        match self {
            Why::Timestamp => crate::cite!(layer.timestamp_order),
            Why::Dependency => crate::cite!(layer.dependency_order),
            Why::Loop => crate::cite!(layer.dependency_loop),
            Why::Counters => crate::cite!(layer.counter_timestamp),
        }
    }

    #[must_use]
    pub fn text(self) -> &'static str {
        match self {
            Why::Timestamp => "timestamp order",
            Why::Dependency => "before the effects that depend on it",
            Why::Loop => "timestamp order (dependency loop)",
            Why::Counters => "counters",
        }
    }
}

impl Chars {
    /// Its subtypes: changed by an effect, or the printed ones of `id`.
    #[must_use]
    pub fn subtypes_of<'a>(&'a self, g: &'a Game, id: ObjId) -> &'a [String] {
        self.subtypes.as_deref().unwrap_or(printed_subtypes(g.card(id)))
    }

    /// Its supertypes: changed by an effect, or the printed ones of `id`.
    #[must_use]
    pub fn supertypes_of<'a>(&'a self, g: &'a Game, id: ObjId) -> &'a [String] {
        self.supertypes.as_deref().unwrap_or(&g.card(id).0.supertypes)
    }
}

/// One effect applied to one object, in the order applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Applied {
    pub layer: Layer,
    /// Index into [`Layered::effects`]; `None` for counters.
    pub effect: Option<usize>,
    pub why: Why,
}

/// An object's characteristics after every continuous effect (613.1), and the rules effects
/// that apply to it (613.11).
#[derive(Clone, Debug, PartialEq)]
pub struct Chars {
    pub controller: PlayerId,
    pub types: SmallVec<[CardType; 3]>,
    /// `None` while no effect changed them: the printed ones (saves copying every name).
    pub subtypes: Option<Vec<String>>,
    pub supertypes: Option<Vec<String>>,
    pub colors: SmallVec<[Color; 2]>,
    /// Bit i set: printed ability i does not function (lost, 613.1f, 305.7).
    pub lost: u64,
    /// Abilities effects gave it (layer 6), after its printed ones. An ability is large, and
    /// an effect gives the same one to every object it affects: they share one copy.
    pub granted: Vec<std::sync::Arc<Ability>>,
    pub power: Option<i32>,
    pub toughness: Option<i32>,
    pub cant_attack: bool,
    pub cant_block: bool,
    pub attack_despite_defender: bool,
    pub doesnt_untap: bool,
    /// Its activated abilities can't be activated (602.5).
    pub cant_activate: bool,
    pub must_attack: bool,
    /// Blocking requirements (509.1c): it blocks if able; at least one creature blocks it if
    /// able; every creature able to block it does so.
    pub must_block: bool,
    pub must_be_blocked: bool,
    pub lure: bool,
    pub cant_be_blocked: bool,
    /// "can't be blocked except by …": every blocker must match each of these.
    pub blockers_only: Vec<ObjectFilter>,
    /// "can block an additional creature each combat": how many more it may block.
    pub extra_blocks: u32,
    /// "can block only creatures with flying": every attacker it blocks must match each.
    pub blocks_only: Vec<ObjectFilter>,
    /// "can't block creatures with power 2 or greater": no attacker it blocks may match one.
    pub cant_block_matching: Vec<ObjectFilter>,
    /// "can't be blocked by Walls": no blocker of it may match one.
    pub not_blocked_by: Vec<ObjectFilter>,
    /// "can't be blocked by more than one creature": the fewest such limits.
    pub max_blockers: Option<u32>,
    /// "can't attack unless defending player controls …": each must be met by the player it
    /// attacks.
    pub attack_unless: Vec<ObjectFilter>,
    /// "can't attack alone", "can't block alone", "can only attack alone" (506.5).
    pub cant_attack_alone: bool,
    pub cant_block_alone: bool,
    pub attack_only_alone: bool,
    /// What was applied to it, in order (for `--explain`).
    pub log: SmallVec<[Applied; 2]>,
}

/// A continuous effect in force, as `--explain` names it.
#[derive(Clone, Debug, PartialEq)]
pub struct EffectInfo {
    pub source: ObjId,
    pub timestamp: u64,
    /// Where it comes from; its description is worked out from there only when asked
    /// ([`Game::effect_text`]), not at every computation.
    pub origin: Origin,
    /// From a static ability (611.3) rather than a resolved spell or ability (611.2).
    pub from_static: bool,
    /// The effect did not apply: its source had lost the ability by then (613.6, 613.8), or
    /// its "as long as" condition was false (611.3a).
    pub void: bool,
    /// Its condition was false (rather than its ability lost).
    pub condition_false: bool,
}

/// The cached result of the layer system. A copy of the game (the runner's snapshots) starts
/// with an empty cache: it is derived state, recomputed when first asked.
#[derive(Debug, Default)]
pub struct LayerCache(std::cell::OnceCell<Layered>);

impl Clone for LayerCache {
    fn clone(&self) -> LayerCache {
        LayerCache::default()
    }
}

impl LayerCache {
    /// The cached result, if computed.
    #[must_use]
    pub fn get(&self) -> Option<&Layered> {
        self.0.get()
    }
}

/// What generated an effect in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Entry `k` of `Game::copies` (a copy effect, layer 1).
    Copy(usize),
    /// Printed ability `i` of the source (a static ability, or an Aura's "enchanted creature").
    Static(usize),
    /// Entry `k` of `Game::effects` (a resolved spell or ability).
    Resolved(usize),
}

/// Every object's characteristics, computed together (613.1).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layered {
    /// Object id → index in `chars`, `u32::MAX` when it has none (out of scope, or no
    /// continuous effect is in force at all).
    pos: Vec<u32>,
    chars: Vec<Chars>,
    pub effects: Vec<EffectInfo>,
    /// Some effect in force depends on facts no object change touches (life totals, whose
    /// turn it is): the cache is then dropped at every event.
    pub volatile: bool,
    /// Some effect in force reads objects' status through a filter, a condition or a count
    /// (which creatures are tapped, damaged, kicked …). Without one, a change of status alone
    /// (`Game::obj_mut_status`) leaves every characteristic as computed.
    pub reads_state: bool,
}

impl Layered {
    /// No object's characteristics differ from its printed ones: no continuous effect is in force.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }
}

/// What an effect applies to.
#[derive(Clone, Debug)]
#[expect(clippy::large_enum_variant, reason = "one per effect per computation, never moved after")]
enum Subject<'a> {
    /// A resolved spell or ability's set, locked in as it began (611.2c).
    Locked(&'a [ObjId]),
    Static(Cow<'a, StaticSubject>),
}

/// One effect, gathered for a computation.
#[derive(Clone, Debug)]
struct Eff<'a> {
    timestamp: u64,
    source: ObjId,
    /// For a resolved effect, its controller; a static effect's is its source's (computed).
    controller: Option<PlayerId>,
    subject: Subject<'a>,
    changes: Cow<'a, [Change]>,
    /// The printed ability of `source` that generates it, for a static effect.
    ability: Option<usize>,
    /// A static ability's "as long as" condition.
    condition: Option<&'a crate::cards::ir::Condition>,
    /// A resolved effect's "for as long as" duration (611.2b).
    hold: Option<crate::cards::ir::Hold>,
    /// For a resolved effect, its index in `Game::effects`.
    resolved: usize,
}

/// The computation's working state: the objects in scope and their characteristics so far.
#[derive(Clone)]
struct Work {
    ids: Vec<ObjId>,
    /// Object id → index in `ids`, `u32::MAX` when out of scope.
    pos: Vec<u32>,
    chars: Vec<Chars>,
}

impl Work {
    fn at(&self, id: ObjId) -> Option<usize> {
        self.pos.get(id.0 as usize).copied().filter(|&i| i != u32::MAX).map(|i| i as usize)
    }
}

/// The facts a filter reads about an object: its characteristics so far, and its status.
trait Facts {
    fn types(&self) -> &[CardType];
    fn subtypes(&self) -> &[String];
    fn supertypes(&self) -> &[String];
    fn colors(&self) -> &[Color];
    fn controller(&self) -> PlayerId;
    fn has_keyword(&self, k: Keyword) -> bool;
    /// Its power, if it has one (208.1).
    fn power(&self) -> Option<i32>;
    /// Its toughness, if it has one (208.1).
    fn toughness(&self) -> Option<i32>;
}

struct Live<'a>(&'a Game, ObjId);

impl Facts for Live<'_> {
    fn types(&self) -> &[CardType] {
        self.0.types(self.1)
    }
    fn subtypes(&self) -> &[String] {
        self.0.subtypes(self.1)
    }
    fn supertypes(&self) -> &[String] {
        self.0.supertypes(self.1)
    }
    fn colors(&self) -> &[Color] {
        self.0.colors(self.1)
    }
    fn controller(&self) -> PlayerId {
        self.0.controller(self.1)
    }
    fn has_keyword(&self, k: Keyword) -> bool {
        self.0.has_keyword(self.1, k)
    }
    fn power(&self) -> Option<i32> {
        let has = self.0.chars(self.1).map_or(self.0.card(self.1).0.power, |c| c.power);
        has.map(|_| self.0.power(self.1))
    }
    fn toughness(&self) -> Option<i32> {
        let has = self.0.chars(self.1).map_or(self.0.card(self.1).0.toughness, |c| c.toughness);
        has.map(|_| self.0.toughness(self.1))
    }
}

struct Working<'a>(&'a Game, ObjId, &'a Chars);

impl Facts for Working<'_> {
    fn types(&self) -> &[CardType] {
        &self.2.types
    }
    fn subtypes(&self) -> &[String] {
        self.2.subtypes.as_deref().unwrap_or(printed_subtypes(self.0.card(self.1)))
    }
    fn supertypes(&self) -> &[String] {
        self.2.supertypes.as_deref().unwrap_or(&self.0.card(self.1).0.supertypes)
    }
    fn colors(&self) -> &[Color] {
        &self.2.colors
    }
    fn controller(&self) -> PlayerId {
        self.2.controller
    }
    fn has_keyword(&self, k: Keyword) -> bool {
        abilities_in(&self.0.card(self.1).0.abilities, self.2).any(|(_, a)| *a == Ability::Keyword(k))
    }
    fn power(&self) -> Option<i32> {
        self.2.power
    }
    fn toughness(&self) -> Option<i32> {
        self.2.toughness
    }
}

/// Where an object's ability is ([`Game::ability_slot`]).
enum Slot<'a> {
    Printed(&'a Printed),
    Granted(&'a std::sync::Arc<Ability>),
}

/// An ability of an object, held apart from the game ([`Game::held_ability`]).
#[derive(Clone, Debug)]
pub enum Held {
    /// Printed ability number `.1` of the card (or face).
    Printed(Printed, usize),
    /// An ability an effect gave it (layer 6).
    Granted(std::sync::Arc<Ability>),
}

impl std::ops::Deref for Held {
    type Target = Ability;
    fn deref(&self) -> &Ability {
        match self {
            Held::Printed(p, i) => &p.0.abilities[*i],
            Held::Granted(a) => a,
        }
    }
}

/// The abilities that function, given the printed ones and the computed characteristics.
fn abilities_in<'a>(printed: &'a [Ability], c: &'a Chars) -> Abilities<'a> {
    Abilities { printed, granted: &c.granted, lost: c.lost, next: 0 }
}

/// The abilities an object has now, with their indices: the printed ones that still function,
/// then the granted ones (numbered after the printed). Allocates nothing.
pub struct Abilities<'a> {
    printed: &'a [Ability],
    granted: &'a [std::sync::Arc<Ability>],
    lost: u64,
    next: usize,
}

impl<'a> Iterator for Abilities<'a> {
    type Item = (usize, &'a Ability);

    fn next(&mut self) -> Option<Self::Item> {
        let n = self.printed.len();
        while self.next < n {
            let i = self.next;
            self.next += 1;
            if i >= 64 || self.lost & (1 << i) == 0 {
                return Some((i, &self.printed[i]));
            }
        }
        let i = self.next;
        let a = self.granted.get(i - n)?;
        self.next += 1;
        Some((i, &**a))
    }
}

fn all_bits(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

impl Game {
    /// The object's copiable values (613.2c): its printed card, or the values of the latest
    /// copy effect on it (layer 1, 613.2a). Its name, mana cost, text and abilities are read
    /// here; its other characteristics go on through the later layers.
    #[must_use]
    pub fn card(&self, id: ObjId) -> &Printed {
        // 613.2b, 708.2: face-down status comes after copy effects (708.10).
        let o = self.obj(id);
        if o.face_down {
            // 406.3: a card exiled face down (a foretold card, 702.143a) has no characteristics.
            if !matches!(o.zone, Zone::Battlefield | Zone::Stack) {
                return faceless_card();
            }
            return face_down_card(o.face_down_as.ward());
        }
        self.card_face_up(id)
    }

    /// The copiable values it would have face up (layer 1a only): what turning a face-down
    /// permanent face up reveals (708.8), and where its morph cost is read (702.37e).
    #[must_use]
    pub fn card_face_up(&self, id: ObjId) -> &Printed {
        let o = self.obj(id);
        let values = match self.copies.iter().rev().find(|c| c.object == id) {
            Some(c) => &c.values,
            None if o.card.layout() == Some(crate::cards::def::Layout::Flip) => &o.card,
            // 709.5: a Room on the battlefield has only its unlocked halves.
            None if o.zone == Zone::Battlefield && o.card.is_room() => return o.card.room(o.unlocked),
            None => return o.card.up(o.face),
        };
        if o.zone == Zone::Battlefield && values.is_room() {
            return values.room(o.unlocked);
        }
        // 707.3, 110.5: copiable values that are a flip card's are read through the object's
        // own flipped status (710.2).
        if values.layout() == Some(crate::cards::def::Layout::Flip) { values.up(o.flipped.then_some(1)) } else { values }
    }

    /// The whole flip card (both halves) an object's copiable values come from, if they are a
    /// flip card's (710.1, 707.3): its own card, or the flip card a copy effect copied.
    #[must_use]
    pub fn flip_card(&self, id: ObjId) -> Option<&Printed> {
        let o = self.obj(id);
        if o.face_down {
            return None;
        }
        let values = self.copies.iter().rev().find(|c| c.object == id).map_or(&o.card, |c| &c.values);
        (values.layout() == Some(crate::cards::def::Layout::Flip)).then_some(values)
    }

    /// The copiable values of `of` (707.2, as modified by other copy effects: 707.3), with
    /// the exceptions of a copy effect made part of them (707.9a–d), for an object that is a
    /// token or not (`token`, which is not a copiable value) whose own colors are `own_colors`
    /// (kept by "it doesn't copy that creature's color", 707.9c).
    #[must_use]
    pub fn copy_values(&self, of: ObjId, except: &crate::cards::ir::CopyExcept, token: bool, own_colors: Option<&[Color]>) -> Printed {
        // 707.3, 110.5: a copy of a flip card copies both its halves, and the copy's own
        // flipped status picks which applies — a copy of a flipped permanent is unflipped.
        // 709.5: so does a copy of a Room — both halves and the statics of its shared type
        // line — whose own unlocked designations then say which halves it has.
        let room = || {
            let o = self.obj(of);
            let values = self.copies.iter().rev().find(|c| c.object == of).map_or(&o.card, |c| &c.values);
            (!o.face_down && values.is_room()).then_some(values)
        };
        if let Some(whole) = self.flip_card(of).or_else(room) {
            let faces: Vec<crate::cards::def::Card> = whole.faces().iter().map(|f| std::sync::Arc::new(excepted(&f.0, except, token, own_colors))).collect();
            let layout = whole.layout().unwrap_or(crate::cards::def::Layout::Flip);
            let mut def = crate::cards::def::faced(whole.name().to_owned(), layout, faces);
            def.token = token;
            return Printed::new(std::sync::Arc::new(def));
        }
        Printed::new(std::sync::Arc::new(excepted(&self.card(of).0, except, token, own_colors)))
    }

    /// The copiable values of a token copy of a double-faced object (707.8a): a double-faced
    /// token with both faces, each the copiable values of the same face of `of` with the
    /// exceptions made part of them, and the face of `of` that is up. `None` when `of` isn't
    /// a double-faced card with its own copiable values (face down, or itself copying
    /// something: then only the values that are up are copied, 707.8).
    #[must_use]
    pub fn double_faced_copy_values(&self, of: ObjId, except: &crate::cards::ir::CopyExcept) -> Option<(Printed, Option<u8>)> {
        let o = self.obj(of);
        let layout = o.card.layout().filter(|l| l.double_faced())?;
        if o.face_down || self.copies.iter().any(|c| c.object == of) {
            return None;
        }
        let faces: Vec<crate::cards::def::Card> = o.card.faces().iter().map(|f| std::sync::Arc::new(excepted(&f.0, except, true, None))).collect();
        let mut def = crate::cards::def::faced(o.card.name().to_owned(), layout, faces);
        def.token = true;
        Some((Printed::new(std::sync::Arc::new(def)), o.face))
    }
}

/// One face's copiable values with a copy effect's exceptions made part of them (707.9a–d),
/// for an object that is a token or not (`token`) whose own colors are `own_colors` (707.9c).
fn excepted(card: &crate::cards::def::CardDef, except: &crate::cards::ir::CopyExcept, token: bool, own_colors: Option<&[Color]>) -> crate::cards::def::CardDef {
    let mut def = card.clone();
    def.token = token;
    crate::cards::def::add_missing(&mut def.types, &except.add_types);
    crate::cards::def::add_missing(&mut def.subtypes, &except.add_subtypes);
    for s in &except.add_supertypes {
        if !def.supertypes.contains(s) {
            def.supertypes.insert(0, s.clone());
        }
    }
    if except.not_legendary {
        def.supertypes.retain(|s| s != "Legendary");
    }
    if let Some((p, t)) = except.pt {
        def.power = Some(p);
        def.toughness = Some(t);
        // 707.9d: a characteristic-defining ability that defines them is not copied.
        def.abilities.retain(|a| !matches!(a, Ability::Static(s) if s.changes.iter().any(|c| matches!(c, Change::PtEqualTo { .. }))));
    }
    if except.keep_color
        && let Some(own) = own_colors
    {
        def.colors = own.to_vec();
    }
    def.abilities.extend(except.abilities.iter().cloned());
    if !except.text.is_empty() {
        if !def.text.is_empty() {
            def.text.push('\n');
        }
        def.text.push_str(&except.text);
    }
    def.type_line = def.type_line_now();
    def
}

impl Game {
    /// The object's own printed colors (what "doesn't copy that creature's color" keeps).
    #[must_use]
    pub fn printed_colors(&self, id: ObjId) -> Vec<Color> {
        let o = self.obj(id);
        o.card.up(o.face).0.colors.clone()
    }

    /// Forgets the computed characteristics: call after any change to the game.
    pub fn touch(&mut self) {
        self.layered = LayerCache::default();
    }

    /// The characteristics of every object, computed once per state of the game.
    pub fn layered(&self) -> &Layered {
        let l = self.layered.0.get_or_init(|| compute(self));
        // A stale cache is a wrong ruling: in debug builds (the tests), check it.
        #[cfg(debug_assertions)]
        {
            let fresh = compute(self);
            assert!(fresh == *l, "stale characteristics: the game changed without `touch`");
        }
        l
    }

    /// The computed characteristics of `id`: for an object that left the battlefield, as it
    /// last existed there (608.2h, 603.10); `None` when nothing changes its printed values.
    #[must_use]
    pub fn chars(&self, id: ObjId) -> Option<&Chars> {
        let o = self.obj(id);
        if !o.live {
            return o.lki.as_deref();
        }
        let l = self.layered();
        l.pos.get(id.0 as usize).and_then(|&i| l.chars.get(i as usize))
    }

    /// The characteristics `id` has now, whether or not any effect changes them.
    #[must_use]
    pub fn chars_now(&self, id: ObjId) -> Chars {
        self.chars(id).cloned().unwrap_or_else(|| base(self, id))
    }

    /// Who controls the object (layer 2, 108.4).
    #[must_use]
    pub fn controller(&self, id: ObjId) -> PlayerId {
        self.chars(id).map_or(self.obj(id).controller, |c| c.controller)
    }

    #[must_use]
    pub fn types(&self, id: ObjId) -> &[CardType] {
        self.chars(id).map_or(&self.card(id).0.types, |c| &c.types)
    }

    #[must_use]
    pub fn subtypes(&self, id: ObjId) -> &[String] {
        self.chars(id).and_then(|c| c.subtypes.as_deref()).unwrap_or(printed_subtypes(self.card(id)))
    }

    #[must_use]
    pub fn supertypes(&self, id: ObjId) -> &[String] {
        self.chars(id).and_then(|c| c.supertypes.as_deref()).unwrap_or(&self.card(id).0.supertypes)
    }

    #[must_use]
    pub fn has_type(&self, id: ObjId, t: CardType) -> bool {
        self.types(id).contains(&t)
    }

    #[must_use]
    pub fn has_subtype(&self, id: ObjId, s: &str) -> bool {
        self.subtypes(id).iter().any(|x| x == s)
    }

    #[must_use]
    pub fn is_creature(&self, id: ObjId) -> bool {
        self.has_type(id, CardType::Creature)
    }

    /// The object's colors (105.2, 202.2): from its mana cost or color indicator, devoid
    /// (702.114a), then color-changing effects (layer 5, 613.1e).
    #[must_use]
    pub fn colors(&self, id: ObjId) -> &[Color] {
        match self.chars(id) {
            Some(c) => &c.colors,
            None if self.card(id).has_keyword(Keyword::Devoid) => &[],
            None => &self.card(id).0.colors,
        }
    }

    #[must_use]
    pub fn has_color(&self, id: ObjId, c: Color) -> bool {
        self.colors(id).contains(&c)
    }

    /// Power and toughness after layer 7 (613.4): printed, set (7b), modified by effects and
    /// counters (7c), switched (7d).
    #[must_use]
    pub fn power_toughness(&self, id: ObjId) -> (i32, i32) {
        if let Some(c) = self.chars(id) {
            return (c.power.unwrap_or(0), c.toughness.unwrap_or(0));
        }
        let counters = counter_pt(self.obj(id));
        let card = &self.card(id).0;
        (card.power.unwrap_or(0).saturating_add(counters), card.toughness.unwrap_or(0).saturating_add(counters))
    }

    /// The continuous effects that decided the object's toughness (layers 7b–7d, 613.4), as
    /// "Humility [h] (7b), Glorious Anthem (7c)", for a trace line that turns on it (704.5f).
    #[must_use]
    pub fn toughness_sources(&self, id: ObjId) -> Option<String> {
        let c = self.chars(id)?;
        let l = self.layered();
        let live = self.obj(id).live;
        let names: Vec<String> = c
            .log
            .iter()
            .filter(|a| matches!(a.layer, Layer::SetPt | Layer::ModifyPt | Layer::SwitchPt))
            .filter_map(|a| match a.effect {
                Some(e) if live => l.effects.get(e).map(|e| format!("{} ({})", self.described(e.source), a.layer.name())),
                Some(_) => None,
                None => Some("counters (7c)".to_owned()),
            })
            .collect();
        (!names.is_empty()).then(|| names.join(", "))
    }

    #[must_use]
    pub fn power(&self, id: ObjId) -> i32 {
        self.power_toughness(id).0
    }

    #[must_use]
    pub fn toughness(&self, id: ObjId) -> i32 {
        self.power_toughness(id).1
    }

    /// The abilities the object has now, with their indices: printed abilities that still
    /// function, then those effects gave it (613.1f).
    pub fn abilities(&self, id: ObjId) -> Abilities<'_> {
        let printed = &self.card(id).0.abilities;
        match self.chars(id) {
            Some(c) => abilities_in(printed, c),
            None => Abilities { printed, granted: &[], lost: 0, next: 0 },
        }
    }

    /// Whether the object may have an ability of kind `k` now: its card (face, copiable
    /// values) has one, or an effect gives it abilities. `false` means it surely has none.
    #[must_use]
    pub fn may_have_ability(&self, id: ObjId, k: Kinds) -> bool {
        self.card(id).kinds().has(k) || self.chars(id).is_some_and(|c| !c.granted.is_empty())
    }

    /// Where ability `i` of the object is now, if it has it: on its printed card (still
    /// functioning), or given by an effect (layer 6).
    fn ability_slot(&self, id: ObjId, i: usize) -> Option<Slot<'_>> {
        let printed = self.card(id);
        let n = printed.0.abilities.len();
        match self.chars(id) {
            Some(c) if i < n => (i >= 64 || c.lost & (1 << i) == 0).then_some(Slot::Printed(printed)),
            Some(c) => c.granted.get(i - n).map(Slot::Granted),
            None => (i < n).then_some(Slot::Printed(printed)),
        }
    }

    /// Ability `i` of the object, if it has it now.
    #[must_use]
    pub fn ability(&self, id: ObjId, i: usize) -> Option<&Ability> {
        self.ability_slot(id, i).map(|s| match s {
            Slot::Printed(p) => &p.0.abilities[i],
            Slot::Granted(a) => &**a,
        })
    }

    /// Ability `i` of the object, if it has it now, held apart from the game so that the game
    /// can change while the ability is read (paying its cost, carrying it out). It shares the
    /// card's copy, or the effect's for a granted one: nothing is copied.
    #[must_use]
    pub fn held_ability(&self, id: ObjId, i: usize) -> Option<Held> {
        self.ability_slot(id, i).map(|s| match s {
            Slot::Printed(p) => Held::Printed(p.clone(), i),
            Slot::Granted(a) => Held::Granted(a.clone()),
        })
    }

    /// Whether the object has an ability now.
    #[must_use]
    pub fn has_ability(&self, id: ObjId, a: &Ability) -> bool {
        self.abilities(id).any(|(_, x)| x == a)
    }

    /// Keyword abilities: printed and granted (layer 6); for an object that has left the
    /// battlefield, as it last existed there.
    #[must_use]
    pub fn has_keyword(&self, id: ObjId, k: Keyword) -> bool {
        self.abilities(id).any(|(_, a)| matches!(a, Ability::Keyword(x) if *x == k))
    }

    /// Whether a "can't attack" (`attack`) or "can't block" effect on every matching permanent
    /// applies to `id` now (611.2c: whenever it matches, whenever it arrived).
    fn restricted(&self, id: ObjId, attack: bool) -> bool {
        self.restrictions.iter().any(|r| if attack { r.attack } else { r.block } && self.on_battlefield(id) && self.matches_filter(id, &r.filter, r.controller))
    }

    /// Rules effects on the object (613.11): "can't attack", "can't block", "can attack as
    /// though it didn't have defender"; and the object's own restrictions.
    #[must_use]
    pub fn has_effect(&self, id: ObjId, m: &Change) -> bool {
        let own = |pred: fn(&Ability) -> bool| self.abilities(id).any(|(_, a)| pred(a));
        match (m, self.chars(id)) {
            (Change::CantAttack, c) => c.is_some_and(|c| c.cant_attack) || own(|a| matches!(a, Ability::SelfRestriction { cant_attack: true, .. })) || self.restricted(id, true),
            (Change::CantBlock, c) => c.is_some_and(|c| c.cant_block) || own(|a| matches!(a, Ability::SelfRestriction { cant_block: true, .. })) || self.restricted(id, false),
            (Change::AttackDespiteDefender, c) => c.is_some_and(|c| c.attack_despite_defender),
            (Change::DoesntUntap, c) => c.is_some_and(|c| c.doesnt_untap),
            (Change::CantActivate, c) => c.is_some_and(|c| c.cant_activate),
            (Change::AttacksEachCombat, c) => c.is_some_and(|c| c.must_attack),
            (Change::BlocksEachCombat, c) => c.is_some_and(|c| c.must_block),
            (Change::MustBeBlocked, c) => c.is_some_and(|c| c.must_be_blocked),
            (Change::AllMustBlock, c) => c.is_some_and(|c| c.lure),
            (Change::CantBeBlocked, c) => c.is_some_and(|c| c.cant_be_blocked) || own(|a| matches!(a, Ability::SelfRestriction { unblockable: true, .. })),
            (Change::CantAttackAlone, c) => c.is_some_and(|c| c.cant_attack_alone),
            (Change::CantBlockAlone, c) => c.is_some_and(|c| c.cant_block_alone),
            (Change::AttackOnlyAlone, c) => c.is_some_and(|c| c.attack_only_alone),
            _ => false,
        }
    }

    /// The qualities the object has protection from (702.16a), printed and granted.
    #[must_use]
    pub fn protections(&self, id: ObjId) -> Vec<Quality> {
        self.abilities(id).filter_map(|(_, a)| if let Ability::Protection(q) = a { Some(*q) } else { None }).collect()
    }

    /// Whether `source` has a quality that `id` has protection from (702.16a): the quality
    /// protection is from is matched against the source's current characteristics.
    #[must_use]
    pub fn protected_from(&self, id: ObjId, source: ObjId) -> Option<Quality> {
        self.protections(id).into_iter().find(|q| match q {
            Quality::Color(c) => self.has_color(source, *c),
            Quality::Type(t) => self.has_type(source, *t),
            Quality::Everything => true,
        })
    }

    /// Mana value (202.3): on the stack X counts as its chosen value (202.3e), elsewhere 0.
    #[must_use]
    pub fn mana_value(&self, id: ObjId) -> u32 {
        let o = self.obj(id);
        let x = if o.zone == Zone::Stack { o.choices.x } else { 0 };
        // 707.2: a copy has the mana cost it copied (202.3).
        let card = self.card(id);
        // 712.8e: a transformed permanent's mana value is its front face's; a copy of a back
        // face has no mana cost, so 0.
        let own = o.card.up(o.face);
        let cost = if o.face.is_some() && o.card.layout() == Some(crate::cards::def::Layout::Transform) && std::ptr::eq(card, own) {
            o.card.faces().first().and_then(Printed::cost)
        } else {
            card.cost()
        };
        // 712.8g, 202.3c: a melded permanent's mana value is the sum of its two cards' front
        // faces'; a copy of one copies the combined face, which has no mana cost (0).
        if let Some(m) = &o.melded
            && std::ptr::eq(card, own)
        {
            let front = |c: &Printed| c.faces().first().and_then(Printed::cost).map_or(0, |c| c.mana_value(0));
            return front(&o.card).saturating_add(front(&m.card));
        }
        cost.map_or(0, |c| c.mana_value(x))
    }

    /// Whether an object matches a filter, with "you" being `you` and X being `x`.
    #[must_use]
    pub fn matches_filter_x(&self, id: ObjId, f: &ObjectFilter, you: PlayerId, x: u32) -> bool {
        filter_matches(self, id, &Live(self, id), f, you, x)
    }

    /// [`Game::matches_filter_x`] for a filter of an ability of `source`: "defending player"
    /// is the player that source (or the creature it is attached to) is attacking (508.5).
    #[must_use]
    pub fn matches_filter_from(&self, id: ObjId, f: &ObjectFilter, you: PlayerId, x: u32, source: ObjId) -> bool {
        if f.power_below_source {
            // 702.134a: "with lesser power" than the source, as it is now (or as it last
            // existed).
            let below = self.is_creature(id) && self.power(id) < self.power(source);
            return below && self.matches_filter_from(id, &ObjectFilter { power_below_source: false, ..f.clone() }, you, x, source);
        }
        if f.blocking_source {
            // 509.1g: a creature blocking the source now.
            let blocking = self.combat.blockers.iter().any(|(b, attackers)| *b == id && attackers.contains(&source));
            return blocking && self.matches_filter_from(id, &ObjectFilter { blocking_source: false, ..f.clone() }, you, x, source);
        }
        if f.controller == ControllerFilter::Defending {
            let theirs = self.defending_player(Some(source)).is_some_and(|d| self.controller(id) == d);
            let any = ObjectFilter { controller: ControllerFilter::Any, ..f.clone() };
            return theirs && filter_matches(self, id, &Live(self, id), &any, you, x);
        }
        filter_matches(self, id, &Live(self, id), f, you, x)
    }

    /// The defending player an ability of `source` means (506.2, 508.5): the player the
    /// source, or the creature it is attached to, is attacking (the controller of the
    /// planeswalker it attacks); otherwise the only defending player during combat; otherwise
    /// none.
    #[must_use]
    pub fn defending_player(&self, source: Option<ObjId>) -> Option<PlayerId> {
        let attacker = source.and_then(|s| {
            let host = self.obj(s).attached_to;
            self.combat.attackers.iter().find(|a| a.id == s || Some(a.id) == host)
        });
        if let Some(a) = attacker {
            return match a.attacking {
                crate::engine::Target::Player(p) => Some(p),
                crate::engine::Target::Object(o) => Some(self.controller(o)),
                crate::engine::Target::Ability(_) => None,
            };
        }
        match self.defending_players().as_slice() {
            [one] if !self.combat.attackers.is_empty() => Some(*one),
            _ => None,
        }
    }

    /// [`Game::matches_filter_x`] with X = 0.
    #[must_use]
    pub fn matches_filter(&self, id: ObjId, f: &ObjectFilter, you: PlayerId) -> bool {
        self.matches_filter_x(id, f, you, 0)
    }

    /// The first "can't be blocked except by …" restriction of `attacker` that `blocker`
    /// doesn't meet (509.1b).
    #[must_use]
    pub fn unmet_block_restriction(&self, attacker: ObjId, blocker: ObjId) -> Option<&ObjectFilter> {
        let c = self.chars(attacker)?;
        let you = c.controller;
        c.blockers_only.iter().find(|f| !self.matches_filter(blocker, f, you))
    }

    /// The first blocking restriction (509.1b) other than "except by …" that forbids
    /// `blocker` to block `attacker`, described: "can block only …" and "can't block …" of the
    /// blocker, "can't be blocked by …" of the attacker. Each filter's "you" is the controller
    /// of the creature whose restriction it is.
    #[must_use]
    pub fn block_filter_problem(&self, attacker: ObjId, blocker: ObjId) -> Option<String> {
        let (a, b) = (self.chars(attacker)?, self.chars(blocker)?);
        let words = |f: &ObjectFilter| describe_subject(&StaticSubject::Each { filter: f.clone(), other: false });
        if let Some(f) = b.blocks_only.iter().find(|f| !self.matches_filter(attacker, f, b.controller)) {
            return Some(format!("{} can block only {}: {} isn't one", self.described(blocker), words(f), self.described(attacker)));
        }
        if let Some(f) = b.cant_block_matching.iter().find(|f| self.matches_filter(attacker, f, b.controller)) {
            return Some(format!("{} can't block {}: {} is one", self.described(blocker), words(f), self.described(attacker)));
        }
        if let Some(f) = a.not_blocked_by.iter().find(|f| self.matches_filter(blocker, f, a.controller)) {
            return Some(format!("{} can't be blocked by {}: {} is one", self.described(attacker), words(f), self.described(blocker)));
        }
        None
    }

    /// The first "can't attack unless defending player controls …" restriction (508.1c) of
    /// `attacker` that `defender` doesn't meet.
    #[must_use]
    pub fn unmet_attack_condition(&self, attacker: ObjId, defender: PlayerId) -> Option<&ObjectFilter> {
        let c = self.chars(attacker)?;
        c.attack_unless.iter().find(|f| !self.permanents_of(defender).any(|o| self.matches_filter(o, f, c.controller)))
    }

    /// How many creatures may block the attacker at most ("can't be blocked by more than one
    /// creature", 509.1b); `None`: no such limit.
    #[must_use]
    pub fn max_blockers(&self, attacker: ObjId) -> Option<u32> {
        self.chars(attacker).and_then(|c| c.max_blockers)
    }

    /// How many attackers the creature may block (509.1a): one, plus "can block an additional
    /// creature" effects.
    #[must_use]
    pub fn block_limit(&self, id: ObjId) -> usize {
        1 + self.chars(id).map_or(0, |c| c.extra_blocks as usize)
    }

    /// Whether an object is summoning sick (302.6): it hasn't been under its controller's
    /// control continuously since their most recent turn began.
    #[must_use]
    pub fn is_sick(&self, id: ObjId) -> bool {
        self.obj(id).steady != Some(self.controller(id))
    }
}

fn counter_pt(o: &crate::engine::state::Object) -> i32 {
    let plus = i32::try_from(o.counters.plus).unwrap_or(i32::MAX);
    let minus = i32::try_from(o.counters.minus).unwrap_or(i32::MAX);
    plus.saturating_sub(minus)
}

fn filter_matches(g: &Game, id: ObjId, o: &dyn Facts, f: &ObjectFilter, you: PlayerId, x: u32) -> bool {
    let types = o.types();
    let type_ok = f.types_any.is_empty() || f.types_any.iter().any(|t| types.contains(t));
    let not_ok = f.types_none.iter().any(|t| types.contains(t)) || !f.types_all.iter().all(|t| types.contains(t)) || f.power_below_source || f.blocking_source;
    let ctrl_ok = match f.controller {
        ControllerFilter::Any => true,
        ControllerFilter::You => o.controller() == you,
        ControllerFilter::Opponent => o.controller() != you,
        // Without a source to ask (508.5), the only defending player.
        ControllerFilter::Defending => g.defending_player(None).is_some_and(|d| o.controller() == d),
        // Bound to a player only where an instruction acts on every match (`each_matching`);
        // the compiler reads them nowhere else.
        ControllerFilter::TargetPlayer(_) | ControllerFilter::TriggerPlayer => false,
    };
    let colors = o.colors();
    let color_ok = f.colors_none.iter().all(|c| !colors.contains(c)) && (f.colors.is_empty() || f.colors.iter().any(|c| colors.contains(c)));
    // "Of the chosen type" in a resolving effect (608.2d); a static ability's is bound to its
    // source's type before it is matched (`bind_chosen`).
    let chosen_ok = (!f.chosen_type || g.chosen_type_now.as_ref().is_some_and(|t| o.subtypes().contains(t))) && (!f.not_chosen_type || g.chosen_type_now.as_ref().is_some_and(|t| !o.subtypes().contains(t)));
    let chosen_ok = chosen_ok && (!f.chosen_color || g.chosen_color_now.is_some_and(|c| o.colors().contains(&c)));
    let sub_ok = chosen_ok && (f.subtypes.is_empty() || f.subtypes.iter().any(|s| o.subtypes().contains(s))) && f.subtypes_none.iter().all(|s| !o.subtypes().contains(s));
    let super_ok = f.supertypes_none.iter().all(|s| !o.supertypes().contains(s)) && f.supertypes.iter().all(|s| o.supertypes().contains(s));
    let obj = g.obj(id);
    let tapped_ok = f.tapped.is_none_or(|t| obj.tapped == t);
    // An object that has left the battlefield is matched as it last existed there (603.10a).
    let attacking = || if obj.live { g.combat.attackers.iter().any(|a| a.id == id) } else { obj.left_combat & 1 != 0 };
    let blocking = || if obj.live { g.combat.blockers.iter().any(|(b, _)| *b == id) } else { obj.left_combat & 2 != 0 };
    let attacking_ok = match (f.attacking, f.blocking) {
        (false, false) => true,
        (true, false) => attacking(),
        (false, true) => blocking(),
        (true, true) => attacking() || blocking(),
    };
    let keyword_ok = f.keyword.is_none_or(|k| o.has_keyword(k)) && f.without.is_none_or(|k| !o.has_keyword(k));
    let mv_ok = f.mana_value.is_none_or(|(cmp, n)| {
        use crate::cards::ir::{Amount, Compare};
        let n = match n {
            Amount::Fixed(n) => i64::from(n),
            Amount::X => i64::from(x),
            Amount::MinusX => -i64::from(x),
            Amount::Kicked { base, .. } => i64::from(base),
            // Filters compare mana values with numbers and X only (the compiler).
            Amount::ThatMuch | Amount::Stat { .. } | Amount::Count { .. } => 0,
        };
        let mv = i64::from(g.mana_value(id));
        match cmp {
            Compare::Equal => mv == n,
            Compare::AtMost => mv <= n,
            Compare::AtLeast => mv >= n,
            Compare::Even => mv % 2 == 0,
            Compare::Odd => mv % 2 == 1,
        }
    });
    let token_ok = f.token.is_none_or(|t| obj.card.0.token == t);
    let counters_ok = f.counters.as_ref().is_none_or(|(k, n)| match k {
        Some(k) => obj.counters.get(k) >= *n,
        None => obj.counters.kinds().map(|(_, c)| c).sum::<u32>() >= *n,
    });
    // 208.1: an object without power (or toughness) matches no comparison of it.
    let stat_ok = |want: Option<(crate::cards::ir::Compare, i32)>, has: Option<i32>| {
        use crate::cards::ir::Compare;
        want.is_none_or(|(cmp, n)| {
            has.is_some_and(|v| match cmp {
                Compare::AtLeast => v >= n,
                Compare::AtMost => v <= n,
                Compare::Equal => v == n,
                Compare::Even | Compare::Odd => false,
            })
        })
    };
    let power_ok = f.power.is_none() || stat_ok(f.power, o.power());
    let toughness_ok = f.toughness.is_none() || stat_ok(f.toughness, o.toughness());
    // 120.3: the turn's history of damage dealt to the permanent.
    let damaged_ok = !f.dealt_damage_this_turn || obj.damaged_turn == Some(g.turn);
    damaged_ok && type_ok && !not_ok && ctrl_ok && color_ok && sub_ok && super_ok && tapped_ok && attacking_ok && keyword_ok && mv_ok && token_ok && counters_ok && power_ok && toughness_ok
}

/// An object's copiable values (613.2c: its printed card, or what a copy effect made it in
/// layer 1), as a [`Chars`] (what `--explain` shows as copiable values).
#[must_use]
pub fn printed_chars(g: &Game, id: ObjId) -> Chars {
    let o = g.obj(id);
    let card = &g.card(id).0;
    Chars {
        controller: o.controller,
        types: card.types.iter().copied().collect(),
        subtypes: None,
        supertypes: None,
        colors: card.colors.iter().copied().collect(),
        lost: 0,
        granted: Vec::new(),
        power: card.power,
        toughness: card.toughness,
        cant_attack: false,
        cant_block: false,
        attack_despite_defender: false,
        doesnt_untap: false,
        cant_activate: false,
        must_attack: false,
        must_block: false,
        must_be_blocked: false,
        lure: false,
        cant_be_blocked: false,
        blockers_only: Vec::new(),
        extra_blocks: 0,
        blocks_only: Vec::new(),
        cant_block_matching: Vec::new(),
        not_blocked_by: Vec::new(),
        max_blockers: None,
        attack_unless: Vec::new(),
        cant_attack_alone: false,
        cant_block_alone: false,
        attack_only_alone: false,
        log: SmallVec::new(),
    }
}

/// The subtypes an object has before any effect (layer 4 starts here): the printed ones, or
/// for an object with changeling every creature type (702.73a). Changeling is a
/// characteristic-defining ability (604.3), applied first in layer 4 (613.3); it works in
/// every zone, so it is read here rather than from effects in force. Every card with
/// changeling prints only creature types, which the list covers.
fn printed_subtypes(card: &Printed) -> &[String] {
    static EVERY_CREATURE_TYPE: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    if card.has_keyword(Keyword::Changeling) {
        return EVERY_CREATURE_TYPE.get_or_init(|| crate::cards::subtypes::CREATURE_TYPES.iter().map(|s| (*s).to_owned()).collect());
    }
    &card.0.subtypes
}

/// An object's characteristics with no effect applied: its copiable values (613.2c), its
/// counters (613.4c), devoid (702.114a) and its controller as it was put where it is.
fn base(g: &Game, id: ObjId) -> Chars {
    let o = g.obj(id);
    let mut c = printed_chars(g, id);
    if g.card(id).has_keyword(Keyword::Devoid) {
        c.colors.clear();
    }
    let counters = counter_pt(o);
    c.power = c.power.map(|p| p.saturating_add(counters));
    c.toughness = c.toughness.map(|t| t.saturating_add(counters));
    c
}

/// Facts of an object outside the computation's scope (a card in a graveyard): printed.
struct PrintedFacts<'a>(&'a Game, ObjId);

impl Facts for PrintedFacts<'_> {
    fn types(&self) -> &[CardType] {
        &self.0.card(self.1).0.types
    }
    fn subtypes(&self) -> &[String] {
        printed_subtypes(self.0.card(self.1))
    }
    fn supertypes(&self) -> &[String] {
        &self.0.card(self.1).0.supertypes
    }
    fn colors(&self) -> &[Color] {
        &self.0.card(self.1).0.colors
    }
    fn controller(&self) -> PlayerId {
        self.0.obj(self.1).controller
    }
    fn has_keyword(&self, k: Keyword) -> bool {
        self.0.card(self.1).has_keyword(k)
    }
    fn power(&self) -> Option<i32> {
        self.0.card(self.1).0.power
    }
    fn toughness(&self) -> Option<i32> {
        self.0.card(self.1).0.toughness
    }
}

/// Counts what a "for each" or "equal to the number of" counts, as the game stands in `w`.
fn count(g: &Game, c: &crate::cards::ir::Count, you: PlayerId, source: ObjId, w: &Work) -> i32 {
    use crate::cards::ir::Count;
    let n = match c {
        // "other": the source itself is not counted.
        Count::Permanents(f) => w.ids.iter().zip(&w.chars).filter(|(id, ch)| g.obj(**id).zone == Zone::Battlefield && !(f.other && **id == source) && filter_matches(g, **id, &Working(g, **id, ch), f, you, 0)).count(),
        Count::CardsInYourGraveyard(f) => g.players[you].graveyard.iter().filter(|&&id| filter_matches(g, id, &PrintedFacts(g, id), f, you, 0)).count(),
        Count::CardsInYourHand => g.players[you].hand.len(),
        Count::CountersOnSource(k) => usize::try_from(g.obj(source).counters.get(k)).unwrap_or(usize::MAX),
        // 205.3i: the basic land types among the lands `you` control, as computed so far.
        Count::BasicLandTypes => ["Plains", "Island", "Swamp", "Mountain", "Forest"]
            .into_iter()
            .filter(|t| {
                w.ids.iter().zip(&w.chars).any(|(id, ch)| {
                    let f = Working(g, *id, ch);
                    g.obj(*id).zone == Zone::Battlefield && f.controller() == you && f.types().contains(&CardType::Land) && f.subtypes().iter().any(|s| s == t)
                })
            })
            .count(),
        Count::CardTypesInYourGraveyard => g.card_types_in_graveyard(you, &|o, t| PrintedFacts(g, o).types().contains(&t)),
        Count::CardsInAllGraveyards(f) => g.players.iter().flat_map(|p| p.graveyard.iter()).filter(|&&id| filter_matches(g, id, &PrintedFacts(g, id), f, you, 0)).count(),
        Count::CardsInAllHands => g.players.iter().map(|p| p.hand.len()).sum(),
        // 700.5: the mana symbols of those colors among the mana costs of the permanents `you`
        // control (control as computed in layer 2); a hybrid or Phyrexian one counts once.
        Count::Devotion(mask) => {
            let colors = || Color::ALL.into_iter().filter(|c| mask & (1 << c.index()) != 0);
            let devotion = |m: &crate::cards::ir::ManaCost| {
                let plain: u32 = colors().map(|c| m.colored[c.index()]).sum();
                let special = m.special.iter().filter(|s| colors().any(|c| s.has_color(c))).count();
                usize::try_from(plain).unwrap_or(usize::MAX).saturating_add(special)
            };
            w.ids.iter().zip(&w.chars).filter(|(id, ch)| g.obj(**id).zone == Zone::Battlefield && ch.controller == you).map(|(id, _)| g.card(*id).cost().map_or(0, devotion)).sum()
        }
        Count::GreatestManaValue(f) => {
            let values = w.ids.iter().zip(&w.chars).filter(|(id, ch)| g.obj(**id).zone == Zone::Battlefield && filter_matches(g, **id, &Working(g, **id, ch), f, you, 0));
            return values.map(|(id, _)| i32::try_from(g.mana_value(*id)).unwrap_or(i32::MAX)).max().unwrap_or(0);
        }
        Count::Times(k, c) => return count(g, c, you, source, w).saturating_mul(*k),
        Count::Sum(parts) => return parts.iter().fold(0i32, |n, c| n.saturating_add(count(g, c, you, source, w))),
    };
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// Whether a static ability's "as long as" condition holds, as the game stands in `w`
/// (611.3a): permanents are read with the characteristics computed so far, cards in other
/// zones with their printed ones.
fn condition_holds(g: &Game, c: &crate::cards::ir::Condition, source: ObjId, you: PlayerId, w: &Work) -> bool {
    let matches = |id: ObjId, f: &ObjectFilter| match w.at(id) {
        Some(i) if g.obj(id).zone == Zone::Battlefield => filter_matches(g, id, &Working(g, id, &w.chars[i]), f, you, 0),
        _ => filter_matches(g, id, &PrintedFacts(g, id), f, you, 0),
    };
    let controller = |id: ObjId| w.at(id).map_or(g.obj(id).controller, |i| w.chars[i].controller);
    g.condition_holds_in(c, source, you, &matches, &controller)
}

/// A static ability that only defines the object's own power and/or toughness (604.3).
pub(crate) fn is_pt_cda(s: &crate::cards::ir::StaticEffect) -> bool {
    s.subject == StaticSubject::This && s.condition.is_none() && !s.changes.is_empty() && s.changes.iter().all(|c| matches!(c, Change::PtEqualTo { .. }))
}

/// The objects off the battlefield whose characteristic-defining ability sets their power or
/// toughness (604.3): spells on the stack and cards in hands, libraries, graveyards and exile.
fn cda_elsewhere(g: &Game) -> Vec<ObjId> {
    let spells = g.stack.iter().filter_map(|s| if let StackItem::Spell(id) = s { Some(*id) } else { None });
    spells.filter(|&id| g.kinds.has(Kinds::PT_CDA) && has_pt_cda(g, id)).chain(cda_cards(g)).collect()
}

/// The cards in hands, libraries, graveyards and exile with a characteristic-defining ability
/// for power or toughness (604.3); none are looked for when no card in the game has one.
fn cda_cards(g: &Game) -> impl Iterator<Item = ObjId> + '_ {
    let zones = if g.kinds.has(Kinds::PT_CDA) { g.players.as_slice() } else { &[] };
    zones.iter().flat_map(|p| p.hand.iter().chain(&p.library).chain(&p.graveyard).chain(&p.exile).copied()).filter(|&id| has_pt_cda(g, id))
}

fn has_pt_cda(g: &Game, id: ObjId) -> bool {
    g.card(id).0.abilities.iter().any(|a| matches!(a, Ability::Static(s) if is_pt_cda(s)))
}

/// The effects in force, in timestamp order: statics of permanents (611.3), then those of
/// resolved spells and abilities (611.2), merged by timestamp.
fn gather(g: &Game) -> Vec<Eff<'_>> {
    let mut out = Vec::new();
    // 113.6p, 114.4: an emblem's statics work from the command zone.
    // Only printed abilities are read here (and copy effects' values, counted in `g.kinds`).
    let statics = if g.kinds.has(Kinds::STATIC) { g.battlefield.as_slice() } else { &[] };
    let emblems = g.players.iter().flat_map(|p| p.command.iter()).filter(|_| g.kinds.has(Kinds::STATIC));
    for &id in statics.iter().chain(emblems) {
        let o = g.obj(id);
        for (i, a) in g.card(id).0.abilities.iter().enumerate() {
            let (mut subject, mut changes, condition) = match a {
                Ability::Static(s) => (Cow::Borrowed(&s.subject), Cow::Borrowed(s.changes.as_slice()), s.condition.as_ref()),
                Ability::Enchanted(gets) => (Cow::Owned(StaticSubject::Attached), Cow::Owned(gets.changes()), None),
                _ => continue,
            };
            bind_chosen(&o.entry_choice, &mut subject, &mut changes);
            out.push(Eff { timestamp: o.timestamp, source: id, controller: None, subject: Subject::Static(subject), changes, ability: Some(i), condition, hold: None, resolved: 0 });
        }
    }
    // 604.3: a characteristic-defining ability works in every zone, so the cards and spells
    // off the battlefield that have one get its power and toughness too.
    for id in cda_elsewhere(g) {
        for (i, a) in g.card(id).0.abilities.iter().enumerate() {
            if let Ability::Static(s) = a
                && is_pt_cda(s)
            {
                out.push(Eff { timestamp: g.obj(id).timestamp, source: id, controller: None, subject: Subject::Static(Cow::Borrowed(&s.subject)), changes: Cow::Borrowed(s.changes.as_slice()), ability: Some(i), condition: None, hold: None, resolved: 0 });
            }
        }
    }
    for (k, e) in g.effects.iter().enumerate() {
        out.push(Eff {
            timestamp: e.timestamp,
            source: e.source,
            controller: Some(e.controller),
            subject: Subject::Locked(&e.objects),
            changes: Cow::Borrowed(std::slice::from_ref(&e.change)),
            ability: None,
            condition: None,
            hold: e.hold,
            resolved: k,
        });
    }
    // Stable: a permanent's statics keep their printed order; same-timestamp parts of one
    // resolved effect keep theirs.
    out.sort_by_key(|e| e.timestamp);
    out
}

/// "Of the chosen type", "is the chosen type": bound to the creature type chosen as the source
/// entered (614.12a). With none chosen, the filter matches nothing and the change does nothing.
fn bind_chosen(choice: &crate::engine::state::EntryChoice, subject: &mut Cow<'_, StaticSubject>, changes: &mut Cow<'_, [Change]>) {
    if let StaticSubject::Each { filter, .. } = subject.as_ref()
        && filter.chosen_type
    {
        let mut s = subject.as_ref().clone();
        if let StaticSubject::Each { filter, .. } = &mut s {
            filter.chosen_type = false;
            filter.subtypes = vec![choice.subtype.clone().unwrap_or_default()];
        }
        *subject = Cow::Owned(s);
    }
    if changes.contains(&Change::AddChosenType) {
        let bound: Vec<Change> = changes
            .iter()
            .filter_map(|c| match c {
                Change::AddChosenType => choice.subtype.clone().map(|t| Change::AddTypes { types: Vec::new(), subtypes: vec![t] }),
                other => Some(other.clone()),
            })
            .collect();
        *changes = Cow::Owned(bound);
    }
}

/// Computes every object's characteristics (613.1–613.8).
fn compute(g: &Game) -> Layered {
    let effs = gather(g);
    let mut out = Layered::default();
    if effs.is_empty() && g.copies.is_empty() {
        return out;
    }
    g.layered_once.set(true);
    let mut ids: Vec<ObjId> = g.battlefield.to_vec();
    ids.extend(g.stack.iter().filter_map(|s| if let StackItem::Spell(id) = s { Some(*id) } else { None }));
    // Emblems (114.4): sources of statics in the command zone, whose abilities can be lost.
    ids.extend(g.players.iter().flat_map(|p| p.command.iter().copied()));
    // Cards with a characteristic-defining ability for power or toughness, in any zone (604.3).
    ids.extend(cda_cards(g));
    let mut pos = vec![u32::MAX; g.objects.len()];
    for (i, id) in ids.iter().enumerate() {
        pos[id.0 as usize] = u32::try_from(i).unwrap_or(u32::MAX);
    }
    // Start from printed P/T: layer 7a (characteristic-defining abilities) sets what they
    // define; counters come in 7c.
    let chars = ids
        .iter()
        .map(|&id| {
            let mut c = base(g, id);
            c.power = g.card(id).0.power;
            c.toughness = g.card(id).0.toughness;
            c
        })
        .collect();
    let mut w = Work { chars, ids, pos };
    // Layer 1 (613.2a): the copy effects, each replacing every copiable value; the latest
    // (613.7) is what `Game::card` reads. The log shows each one that applies, in order.
    let mut copy_infos = Vec::new();
    for (k, c) in g.copies.iter().enumerate() {
        if let Some(at) = w.at(c.object) {
            let effect = effs.len() + copy_infos.len();
            copy_infos.push(EffectInfo { source: c.source, timestamp: c.timestamp, origin: Origin::Copy(k), from_static: false, void: false, condition_false: false });
            w.chars[at].log.push(Applied { layer: Layer::Copy, effect: Some(effect), why: Why::Timestamp });
        }
    }
    let mut started: Vec<Option<Vec<ObjId>>> = vec![None; effs.len()];
    let mut void = vec![false; effs.len()];
    for layer in Layer::ORDER {
        let mut pending: Vec<usize> = (0..effs.len()).filter(|&e| !void[e] && effs[e].changes.iter().any(|c| Layer::of(c) == layer)).collect();
        while !pending.is_empty() {
            let (k, why) = choose(g, &effs, &w, &started, &pending, layer);
            let e = pending.remove(k);
            if started[e].is_none() {
                if !exists(g, &effs[e], &w) {
                    void[e] = true;
                    continue;
                }
                started[e] = Some(affected(g, &effs[e], &w));
            }
            let set = started[e].take().unwrap_or_default();
            apply(g, &effs[e], &set, &mut w, layer, Some((e, why)));
            started[e] = Some(set);
        }
        match layer {
            Layer::Type => intrinsic_mana(g, &mut w),
            Layer::ModifyPt => {
                for i in 0..w.ids.len() {
                    let n = counter_pt(g.obj(w.ids[i]));
                    if n != 0 {
                        let c = &mut w.chars[i];
                        c.power = Some(c.power.unwrap_or(0).saturating_add(n));
                        c.toughness = Some(c.toughness.unwrap_or(0).saturating_add(n));
                        c.log.push(Applied { layer, effect: None, why: Why::Counters });
                    }
                }
            }
            _ => {}
        }
    }
    out.reads_state = effs.iter().any(reads_state);
    let final_work = &w;
    // Conditions about objects are recomputed with them (`touch`); the others read facts no
    // object change touches.
    out.volatile = effs.iter().any(|e| {
        use crate::cards::ir::Condition as C;
        e.condition.is_some_and(|c| !matches!(c, C::Controls { .. } | C::CardsInGraveyard { .. } | C::CardTypesInGraveyard(_) | C::CardsInHand(_) | C::SourceTapped(_) | C::Kicked | C::Bargained | C::GiftPromised(_) | C::Cast { .. } | C::SourceAttached { .. } | C::SourceCounters { .. } | C::SourceCountersRange { .. }))
    });
    out.effects = effs
        .iter()
        .enumerate()
        .map(|(i, e)| EffectInfo {
            source: e.source,
            timestamp: e.timestamp,
            origin: e.ability.map_or(Origin::Resolved(e.resolved), Origin::Static),
            from_static: e.ability.is_some(),
            void: void[i],
            condition_false: void[i] && e.condition.is_some() && !lost_ability(e, final_work),
        })
        .collect();
    out.effects.extend(copy_infos);
    out.pos = w.pos;
    out.chars = w.chars;
    out
}

/// Whether what an effect applies to, whether it applies, or what it does depends on status
/// the layers read only through filters, conditions and counts: anything but a fixed set
/// (the resolved effect's objects, the source, what it is attached to) or a filter of
/// characteristics alone, with no condition and fixed changes.
fn reads_state(e: &Eff<'_>) -> bool {
    let fixed_set = match &e.subject {
        Subject::Locked(_) => true,
        Subject::Static(s) => match s.as_ref() {
            StaticSubject::Attached | StaticSubject::This => true,
            StaticSubject::Each { filter, .. } => !filter.reads_status(),
        },
    };
    let counts = |c: &Change| matches!(c, Change::PtFor { .. } | Change::PtEqualTo { .. } | Change::SetPt(PtValue::ManaValue, _) | Change::SetPt(_, PtValue::ManaValue));
    !fixed_set || e.condition.is_some() || e.changes.iter().any(counts)
}

/// Which pending effect applies next (613.7, 613.8): the earliest one that depends on no other
/// pending effect; when every one does (a loop), the earliest.
fn choose(g: &Game, effs: &[Eff<'_>], w: &Work, started: &[Option<Vec<ObjId>>], pending: &[usize], layer: Layer) -> (usize, Why) {
    // No filter, condition or count of the IR reads power or toughness, and rules effects
    // change nothing another effect looks at: in layer 7 and after, applying one effect can't
    // change whether another exists or what it applies to, so no trial is needed there.
    if pending.len() == 1 || layer >= Layer::CdaPt {
        return (0, Why::Timestamp);
    }
    for (k, &a) in pending.iter().enumerate() {
        if !pending.iter().any(|&b| b != a && depends(g, effs, w, started, a, b, layer)) {
            return (k, if k == 0 { Why::Timestamp } else { Why::Dependency });
        }
    }
    (0, Why::Loop)
}

/// 613.8a: whether applying `b` first would change whether `a` exists or what it applies to.
fn depends(g: &Game, effs: &[Eff<'_>], w: &Work, started: &[Option<Vec<ObjId>>], a: usize, b: usize, layer: Layer) -> bool {
    if started[a].is_some() {
        // Its set was fixed in an earlier layer (613.6).
        return false;
    }
    if !exists(g, &effs[b], w) && started[b].is_none() {
        return false;
    }
    let mut trial = w.clone();
    let set_b = started[b].clone().unwrap_or_else(|| affected(g, &effs[b], w));
    apply(g, &effs[b], &set_b, &mut trial, layer, None);
    if layer == Layer::Type {
        intrinsic_mana(g, &mut trial);
    }
    let (before, after) = (exists(g, &effs[a], w), exists(g, &effs[a], &trial));
    // What it does: a control-changing static gives control to its source's controller, so
    // a change of that controller changes what it does (Mind Control itself stolen).
    let gives_control = effs[a].changes.contains(&Change::GainControl);
    before != after
        || (before && affected(g, &effs[a], w) != affected(g, &effs[a], &trial))
        || (before && gives_control && effect_controller(&effs[a], w, g) != effect_controller(&effs[a], &trial, g))
}

/// Whether a static effect's source has lost the ability that generates it (or is gone).
fn lost_ability(e: &Eff<'_>, w: &Work) -> bool {
    let Some(i) = e.ability else { return false };
    w.at(e.source).is_none_or(|at| i < 64 && w.chars[at].lost & (1 << i) != 0)
}

/// Whether a static effect still exists: its source is in scope and still has the ability.
fn exists(g: &Game, e: &Eff<'_>, w: &Work) -> bool {
    // 611.2b: a resolved effect "for as long as" its source stays, or stays yours.
    if let Some(h) = e.hold {
        // "until your next turn": ended by the turn, not by the source (611.2a).
        if h == crate::cards::ir::Hold::UntilYourNextTurn {
            return true;
        }
        let on = w.at(e.source).is_some_and(|i| g.obj(e.source).zone == Zone::Battlefield && (h == crate::cards::ir::Hold::SourceOnBattlefield || Some(w.chars[i].controller) == e.controller));
        return on;
    }
    let Some(i) = e.ability else { return true };
    let Some(at) = w.at(e.source) else { return false };
    let ok = i >= 64 || w.chars[at].lost & (1 << i) == 0;
    let holds = e.condition.is_none_or(|c| condition_holds(g, c, e.source, w.chars[at].controller, w));
    // An Aura or Equipment attached to nothing keeps its ability: the effect exists and
    // applies to no object (its set is empty), which is not an ability lost (613.1f).
    ok && holds
}

fn effect_controller(e: &Eff<'_>, w: &Work, g: &Game) -> PlayerId {
    e.controller.unwrap_or_else(|| w.at(e.source).map_or(g.obj(e.source).controller, |i| w.chars[i].controller))
}

/// The objects an effect applies to, as the game stands in `w`.
fn affected(g: &Game, e: &Eff<'_>, w: &Work) -> Vec<ObjId> {
    match &e.subject {
        Subject::Locked(ids) => ids.iter().copied().filter(|&id| w.at(id).is_some()).collect(),
        Subject::Static(s) => match s.as_ref() {
            StaticSubject::Attached => g.obj(e.source).attached_to.filter(|&h| w.at(h).is_some()).into_iter().collect(),
            StaticSubject::This => vec![e.source],
            StaticSubject::Each { filter, other } => {
                let you = effect_controller(e, w, g);
                w.ids
                    .iter()
                    .zip(&w.chars)
                    .filter(|(id, c)| g.obj(**id).zone == Zone::Battlefield && !(*other && **id == e.source) && filter_matches(g, **id, &Working(g, **id, c), filter, you, 0))
                    .map(|(id, _)| *id)
                    .collect()
            }
        },
    }
}

/// The ability that change `which` of an effect gives, made at its first use and then shared
/// by every object the effect gives it to (an ability is about a kilobyte).
fn shared(given: &mut Vec<Option<std::sync::Arc<Ability>>>, which: usize, make: impl FnOnce() -> Ability) -> std::sync::Arc<Ability> {
    if given.len() <= which {
        given.resize(which + 1, None);
    }
    given[which].get_or_insert_with(|| std::sync::Arc::new(make())).clone()
}

/// Applies the parts of `e` that belong to `layer` to the objects of `set`.
fn apply(g: &Game, e: &Eff<'_>, set: &[ObjId], w: &mut Work, layer: Layer, log: Option<(usize, Why)>) {
    let controller = effect_controller(e, w, g);
    // What "for each" counts, counted once as the layer applies the effect; a
    // characteristic-defining ability's power and toughness values (604.3).
    let counted: Vec<(i32, i32)> = e
        .changes
        .iter()
        .map(|ch| match ch {
            Change::PtFor { count: what, .. } if Layer::of(ch) == layer => (count(g, what, controller, e.source, w), 0),
            Change::PtEqualTo { power, toughness } => {
                let value = |c: &Option<crate::cards::ir::Count>| c.as_ref().map_or(0, |c| count(g, c, controller, e.source, w));
                (value(power), value(toughness))
            }
            _ => (0, 0),
        })
        .collect();
    // The abilities the effect gives, each made once for the whole set (see `shared`).
    let mut given: Vec<Option<std::sync::Arc<Ability>>> = Vec::new();
    for &id in set {
        let Some(at) = w.at(id) else { continue };
        let n = g.card(id).0.abilities.len();
        let c = &mut w.chars[at];
        let mut any = false;
        for (which, ch) in e.changes.iter().enumerate().filter(|(_, c)| Layer::of(c) == layer) {
            any = true;
            match ch {
                Change::GainControl => c.controller = controller,
                Change::AddTypes { types, subtypes } => {
                    for t in types {
                        if !c.types.contains(t) {
                            c.types.push(*t);
                        }
                    }
                    let subs = c.subtypes.get_or_insert_with(|| printed_subtypes(g.card(id)).to_vec());
                    for s in subtypes {
                        if !subs.contains(s) {
                            subs.push(s.clone());
                        }
                    }
                }
                Change::AddTypesNewCreatureTypes { types, subtypes } => {
                    // 205.1b: other types and subtypes stay; creature types are replaced
                    // (205.1a, "becomes a red Weird"). 205.3d: creature types only on a creature.
                    for t in types {
                        if !c.types.contains(t) {
                            c.types.push(*t);
                        }
                    }
                    let creature = c.types.contains(&CardType::Creature);
                    let subs = c.subtypes.get_or_insert_with(|| printed_subtypes(g.card(id)).to_vec());
                    subs.retain(|s| !crate::cards::subtypes::CREATURE_TYPES.contains(&s.as_str()));
                    for s in subtypes {
                        if creature && !subs.contains(s) {
                            subs.push(s.clone());
                        }
                    }
                }
                // Bound to the chosen type as the effect is gathered; with none chosen, nothing.
                Change::AddChosenType => {}
                Change::SetLandType(t) => {
                    if c.types.contains(&CardType::Land) {
                        let subs = c.subtypes.get_or_insert_with(|| printed_subtypes(g.card(id)).to_vec());
                        subs.retain(|s| !crate::cards::subtypes::is_land_type(s));
                        subs.push(t.clone());
                        // 305.7: it loses the abilities of its rules text.
                        c.lost = all_bits(n);
                        c.granted.clear();
                    }
                }
                Change::SetColors(cs) => c.colors = cs.iter().copied().collect(),
                Change::Grant(k) => {
                    if !abilities_in(&g.card(id).0.abilities, c).any(|(_, a)| *a == Ability::Keyword(*k)) {
                        c.granted.push(shared(&mut given, which, || Ability::Keyword(*k)));
                    }
                }
                Change::Protection(q) => c.granted.push(shared(&mut given, which, || Ability::Protection(*q))),
                Change::GrantAbility { ability, .. } => c.granted.push(shared(&mut given, which, || (**ability).clone())),
                Change::LoseAll => {
                    c.lost = all_bits(n);
                    c.granted.clear();
                }
                Change::Lose(k) => {
                    for (i, a) in g.card(id).0.abilities.iter().enumerate().take(64) {
                        if *a == Ability::Keyword(*k) {
                            c.lost |= 1 << i;
                        }
                    }
                    c.granted.retain(|a| **a != Ability::Keyword(*k));
                }
                Change::SetPt(p, t) => {
                    let value = |v: &PtValue| match v {
                        PtValue::Fixed(n) => *n,
                        PtValue::ManaValue => i32::try_from(g.mana_value(id)).unwrap_or(i32::MAX),
                    };
                    c.power = Some(value(p));
                    c.toughness = Some(value(t));
                }
                Change::Pt(dp, dt) => {
                    c.power = Some(c.power.unwrap_or(0).saturating_add(*dp));
                    c.toughness = Some(c.toughness.unwrap_or(0).saturating_add(*dt));
                }
                Change::PtFor { power, toughness, .. } => {
                    let n = counted[which].0;
                    c.power = Some(c.power.unwrap_or(0).saturating_add(power.saturating_mul(n)));
                    c.toughness = Some(c.toughness.unwrap_or(0).saturating_add(toughness.saturating_mul(n)));
                }
                Change::PtEqualTo { power, toughness } => {
                    if power.is_some() {
                        c.power = Some(counted[which].0);
                    }
                    if toughness.is_some() {
                        c.toughness = Some(counted[which].1);
                    }
                }
                Change::Switch => {
                    let (p, t) = (c.power.unwrap_or(0), c.toughness.unwrap_or(0));
                    c.power = Some(t);
                    c.toughness = Some(p);
                }
                Change::CantAttack => c.cant_attack = true,
                Change::CantBlock => c.cant_block = true,
                Change::AttackDespiteDefender => c.attack_despite_defender = true,
                Change::DoesntUntap => c.doesnt_untap = true,
                Change::CantActivate => c.cant_activate = true,
                Change::AttacksEachCombat => c.must_attack = true,
                Change::BlocksEachCombat => c.must_block = true,
                Change::MustBeBlocked => c.must_be_blocked = true,
                Change::AllMustBlock => c.lure = true,
                Change::CantBeBlocked => c.cant_be_blocked = true,
                Change::CantBeBlockedExcept(f) => c.blockers_only.push(f.clone()),
                Change::BlockAdditional(n) => c.extra_blocks = c.extra_blocks.saturating_add(*n),
                Change::CanBlockOnly(f) => c.blocks_only.push(f.clone()),
                Change::CantBlockMatching(f) => c.cant_block_matching.push(f.clone()),
                Change::CantBeBlockedBy(f) => c.not_blocked_by.push(f.clone()),
                Change::MaxBlockers(n) => c.max_blockers = Some(c.max_blockers.map_or(*n, |m| m.min(*n))),
                Change::AttackOnlyIfDefenderControls(f) => c.attack_unless.push(f.clone()),
                Change::CantAttackAlone => c.cant_attack_alone = true,
                Change::CantBlockAlone => c.cant_block_alone = true,
                Change::AttackOnlyAlone => c.attack_only_alone = true,
            }
        }
        if any && let Some((effect, why)) = log {
            c.log.push(Applied { layer, effect: Some(effect), why });
        }
    }
}

/// 305.6: a land has the mana ability of each basic land type it has. Lands whose land types
/// an effect changed get the abilities of their new types here, at the end of layer 4.
fn intrinsic_mana(g: &Game, w: &mut Work) {
    for (i, &id) in w.ids.iter().enumerate() {
        let c = &mut w.chars[i];
        if !c.types.contains(&CardType::Land) {
            continue;
        }
        let card = g.card(id);
        let subtypes = c.subtypes.as_deref().unwrap_or_else(|| printed_subtypes(card));
        let mut colors: SmallVec<[Color; 2]> = SmallVec::new();
        colors.extend(crate::cards::def::BASIC_LAND_TYPES.iter().filter(|(sub, _)| subtypes.iter().any(|s| s == sub)).map(|&(_, color)| color));
        for color in colors {
            let ability = crate::cards::def::intrinsic_mana_ability(color);
            if !abilities_in(&card.0.abilities, c).any(|(_, a)| a == &**ability) {
                c.granted.push(ability.clone());
            }
        }
    }
}

/// A plain description of an effect, for the trace and `--explain`.
impl Game {
    /// The effect an [`EffectInfo`] of the current computation stands for.
    fn eff_of(&self, info: &EffectInfo) -> Option<Eff<'_>> {
        match info.origin {
            Origin::Static(i) => {
                let (subject, changes) = match self.card(info.source).0.abilities.get(i)? {
                    Ability::Static(s) => (Cow::Borrowed(&s.subject), Cow::Borrowed(s.changes.as_slice())),
                    Ability::Enchanted(gets) => (Cow::Owned(StaticSubject::Attached), Cow::Owned(gets.changes())),
                    _ => return None,
                };
                Some(Eff { timestamp: info.timestamp, source: info.source, controller: None, subject: Subject::Static(subject), changes, ability: Some(i), condition: None, hold: None, resolved: 0 })
            }
            Origin::Copy(_) => None,
            Origin::Resolved(k) => {
                let e = self.effects.get(k)?;
                Some(Eff { timestamp: e.timestamp, source: e.source, controller: Some(e.controller), subject: Subject::Locked(&e.objects), changes: Cow::Borrowed(std::slice::from_ref(&e.change)), ability: None, condition: None, hold: e.hold, resolved: k })
            }
        }
    }

    /// "creatures you control: +1/+1" — an effect in force, described.
    #[must_use]
    pub fn effect_text(&self, info: &EffectInfo) -> String {
        if let Origin::Copy(k) = info.origin {
            return self.copies.get(k).map(|c| self.describe_copy(c)).unwrap_or_default();
        }
        self.eff_of(info).map(|e| describe(self, &e)).unwrap_or_default()
    }

    /// What the effect applies to, and its parts that apply in `layer`, described.
    #[must_use]
    pub fn effect_part(&self, info: &EffectInfo, layer: Layer) -> String {
        if let Origin::Copy(k) = info.origin {
            return self.copies.get(k).map(|c| self.describe_copy(c)).unwrap_or_default();
        }
        let Some(e) = self.eff_of(info) else { return String::new() };
        let parts: Vec<String> = e.changes.iter().filter(|c| Layer::of(c) == layer).map(describe_change).collect();
        format!("{}: {}", describe_affected(self, &e), parts.join(", "))
    }
}

impl Game {
    /// "Clone [c]: a copy of Grizzly Bears [bears] (copiable values: Grizzly Bears, 2/2 …)".
    fn describe_copy(&self, c: &CopyEffect) -> String {
        let v = &c.values.0;
        let pt = match (v.power, v.toughness) {
            (Some(p), Some(t)) => format!(", {p}/{t}"),
            _ => String::new(),
        };
        let until = if c.until_end_of_turn { " until end of turn" } else { "" };
        format!("{}: a copy of {}{until} (copiable values: {}, {}{pt})", self.described(c.object), self.described(c.original), v.name, v.type_line_now())
    }
}

fn describe(g: &Game, e: &Eff<'_>) -> String {
    let parts: Vec<String> = e.changes.iter().map(describe_change).collect();
    format!("{}: {}", describe_affected(g, e), parts.join(", "))
}

fn describe_affected(g: &Game, e: &Eff<'_>) -> String {
    match &e.subject {
        Subject::Locked(ids) => ids.iter().map(|&id| g.describe(id)).collect::<Vec<_>>().join(", "),
        Subject::Static(s) => describe_subject(s),
    }
}

/// "creatures you control", "enchanted creature".
#[must_use]
pub fn describe_subject(s: &StaticSubject) -> String {
    match s {
        StaticSubject::Attached => "the permanent it's attached to".to_owned(),
        StaticSubject::This => "itself".to_owned(),
        StaticSubject::Each { filter, other } => {
            let mut words = Vec::new();
            if *other {
                words.push("other".to_owned());
            }
            words.extend(filter.supertypes_none.iter().map(|s| format!("non{}", s.to_lowercase())));
            words.extend(filter.supertypes.iter().map(|s| s.to_lowercase()));
            words.extend(filter.colors.iter().map(|c| c.name().to_owned()));
            words.extend(filter.types_none.iter().map(|t| format!("non{}", t.name())));
            words.extend(filter.subtypes_none.iter().map(|t| format!("non-{t}")));
            if let Some(t) = filter.tapped {
                words.push(if t { "tapped" } else { "untapped" }.to_owned());
            }
            match (filter.attacking, filter.blocking) {
                (true, true) => words.push("attacking or blocking".to_owned()),
                (true, false) => words.push("attacking".to_owned()),
                (false, true) => words.push("blocking".to_owned()),
                (false, false) => {}
            }
            words.extend(filter.subtypes.iter().cloned());
            let types: Vec<&str> = filter.types_any.iter().map(|t| t.name()).collect();
            words.push(if types.is_empty() { "permanents".to_owned() } else { format!("{}s", types.join(" or ").to_lowercase()) });
            match filter.controller {
                ControllerFilter::You => words.push("you control".to_owned()),
                ControllerFilter::Opponent => words.push("your opponents control".to_owned()),
                ControllerFilter::Defending => words.push("defending player controls".to_owned()),
                ControllerFilter::TargetPlayer(_) | ControllerFilter::TriggerPlayer => words.push("that player controls".to_owned()),
                ControllerFilter::Any => {}
            }
            if let Some(k) = filter.keyword {
                words.push(format!("with {}", k.name()));
            }
            if let Some(k) = filter.without {
                words.push(format!("without {}", k.name()));
            }
            words.extend(crate::engine::casting::stat_words(filter));
            words.join(" ")
        }
    }
}

/// "artifact you control", "creature card in your graveyard".
#[must_use]
/// The value a characteristic-defining ability sets: "the number of creatures you control",
/// "twice the number of cards in your hand", "your devotion to white".
fn cda_value_words(c: &crate::cards::ir::Count) -> String {
    use crate::cards::ir::Count;
    match c {
        Count::Devotion(mask) => format!("your devotion to {}", Color::ALL.iter().filter(|c| mask & (1 << c.index()) != 0).map(|c| c.name().to_lowercase()).collect::<Vec<_>>().join(" and ")),
        Count::GreatestManaValue(f) => format!("the greatest mana value among {}", describe_subject(&StaticSubject::Each { filter: f.clone(), other: false })),
        Count::Times(2, c) => format!("twice {}", cda_value_words(c)),
        Count::Times(n, c) => format!("{n} times {}", cda_value_words(c)),
        Count::Sum(parts) => parts.iter().map(cda_value_words).collect::<Vec<_>>().join(" plus "),
        c => format!("the number of {}", describe_count(c)),
    }
}

/// "creature cards", "instant or sorcery cards", "cards": cards a count looks for.
fn card_words(f: &ObjectFilter) -> String {
    let words = describe_subject(&StaticSubject::Each { filter: ObjectFilter { types_any: Vec::new(), ..f.clone() }, other: false }).replace("permanents", "cards");
    let types: Vec<String> = f.types_any.iter().map(|t| t.name().to_lowercase()).collect();
    if types.is_empty() { words } else { words.replace("cards", &format!("{} cards", types.join(" or "))) }
}

pub fn describe_count(c: &crate::cards::ir::Count) -> String {
    use crate::cards::ir::Count;
    match c {
        Count::Permanents(f) => describe_subject(&StaticSubject::Each { filter: f.clone(), other: f.other }),
        Count::CardsInYourGraveyard(f) => format!("{} in your graveyard", card_words(f)),
        Count::CardsInYourHand => "card in your hand".to_owned(),
        Count::CountersOnSource(k) => format!("{} counter on it", k.name()),
        Count::BasicLandTypes => "basic land type among lands you control".to_owned(),
        Count::CardTypesInYourGraveyard => "card type among cards in your graveyard".to_owned(),
        Count::CardsInAllGraveyards(f) => format!("{} in all graveyards", card_words(f)),
        Count::CardsInAllHands => "card in all players' hands".to_owned(),
        Count::Devotion(mask) => format!("mana symbol of your devotion to {}", Color::ALL.iter().filter(|c| mask & (1 << c.index()) != 0).map(|c| c.name().to_lowercase()).collect::<Vec<_>>().join(" and ")),
        Count::GreatestManaValue(f) => format!("greatest mana value among {}", describe_subject(&StaticSubject::Each { filter: f.clone(), other: false })),
        Count::Times(n, c) => format!("{} (times {n})", describe_count(c)),
        Count::Sum(parts) => parts.iter().map(describe_count).collect::<Vec<_>>().join(", plus the number of "),
    }
}

/// "+1/+1", "gains flying", "is a Swamp".
#[must_use]
pub fn describe_change(c: &Change) -> String {
    match c {
        Change::GainControl => "control changes (layer 2)".to_owned(),
        Change::AddTypes { types, subtypes } => {
            let mut w: Vec<String> = types.iter().map(|t| t.name().to_lowercase()).collect();
            w.extend(subtypes.iter().cloned());
            format!("is {} in addition to its other types", w.join(" "))
        }
        Change::AddTypesNewCreatureTypes { types, subtypes } => {
            let mut w: Vec<String> = subtypes.clone();
            w.extend(types.iter().map(|t| t.name().to_lowercase()));
            format!("is a {} (its creature types replaced, {})", w.join(" "), if types.is_empty() { crate::cite!(layer.creature_types_set) } else { crate::cite!(layer.types_kept) })
        }
        Change::AddChosenType => "is the chosen type in addition to its other types".to_owned(),
        Change::SetLandType(t) => format!("is a {t} (305.7)"),
        Change::SetColors(cs) => format!("is {}", if cs.is_empty() { "colorless".to_owned() } else { cs.iter().map(|c| c.name()).collect::<Vec<_>>().join(" and ") }),
        Change::Grant(k) => format!("has {}", k.name()),
        Change::GrantAbility { text, .. } => format!("has \"{text}\""),
        Change::Protection(q) => format!("has protection from {}", crate::engine::casting::quality_words(*q)),
        Change::LoseAll => "loses all abilities".to_owned(),
        Change::Lose(k) => format!("loses {}", k.name()),
        Change::SetPt(PtValue::Fixed(p), PtValue::Fixed(t)) => format!("has base power and toughness {p}/{t}"),
        Change::SetPt(..) => "has base power and toughness each equal to its mana value".to_owned(),
        Change::Pt(p, t) => pt_change(i64::from(*p), i64::from(*t)),
        Change::PtFor { power, toughness, count } => format!("{} for each {}", pt_change(i64::from(*power), i64::from(*toughness)), describe_count(count)),
        Change::PtEqualTo { power: Some(p), toughness: Some(t) } if p == t => format!("power and toughness each equal to {}", cda_value_words(p)),
        Change::PtEqualTo { power, toughness } => {
            let part = |what: &str, c: &Option<crate::cards::ir::Count>| c.as_ref().map(|c| format!("{what} equal to {}", cda_value_words(c)));
            [part("power", power), part("toughness", toughness)].into_iter().flatten().collect::<Vec<_>>().join(" and ")
        }
        Change::Switch => "power and toughness switched".to_owned(),
        Change::CantAttack => "can't attack".to_owned(),
        Change::CantBlock => "can't block".to_owned(),
        Change::AttackDespiteDefender => "can attack as though it didn't have defender".to_owned(),
        Change::DoesntUntap => "doesn't untap during its controller's untap step".to_owned(),
        Change::CantActivate => "its activated abilities can't be activated".to_owned(),
        Change::AttacksEachCombat => "attacks each combat if able".to_owned(),
        Change::BlocksEachCombat => "blocks each combat if able".to_owned(),
        Change::MustBeBlocked => "must be blocked if able".to_owned(),
        Change::AllMustBlock => "all creatures able to block it do so".to_owned(),
        Change::CantBeBlocked => "can't be blocked".to_owned(),
        Change::BlockAdditional(n) => format!("can block {n} additional creature(s) each combat"),
        Change::CantBeBlockedExcept(f) => format!("can't be blocked except by {}", describe_subject(&StaticSubject::Each { filter: f.clone(), other: false })),
        Change::CanBlockOnly(f) => format!("can block only {}", describe_subject(&StaticSubject::Each { filter: f.clone(), other: false })),
        Change::CantBlockMatching(f) => format!("can't block {}", describe_subject(&StaticSubject::Each { filter: f.clone(), other: false })),
        Change::CantBeBlockedBy(f) => format!("can't be blocked by {}", describe_subject(&StaticSubject::Each { filter: f.clone(), other: false })),
        Change::MaxBlockers(n) => format!("can't be blocked by more than {n} creature(s)"),
        Change::AttackOnlyIfDefenderControls(f) => format!("can't attack unless defending player controls {}", describe_subject(&StaticSubject::Each { filter: f.clone(), other: false })),
        Change::CantAttackAlone => "can't attack alone".to_owned(),
        Change::CantBlockAlone => "can't block alone".to_owned(),
        Change::AttackOnlyAlone => "can only attack alone".to_owned(),
    }
}

/// A power/toughness change as cards write it: `+2/+2`, `-5/-0` (a zero takes the sign of the
/// other part when that is negative, as in Shrink's "-5/-0").
#[must_use]
pub fn pt_change(p: i64, t: i64) -> String {
    PtChange(p, t).to_string()
}

/// A change of power and toughness as written: "+3/+3", "-0/-2" ([`pt_change`] unallocated).
pub struct PtChange(pub i64, pub i64);

impl std::fmt::Display for PtChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let part = |f: &mut std::fmt::Formatter<'_>, n: i64, other: i64| if n == 0 && other < 0 { f.write_str("-0") } else { write!(f, "{n:+}") };
        part(f, self.0, self.1)?;
        f.write_str("/")?;
        part(f, self.1, self.0)
    }
}
