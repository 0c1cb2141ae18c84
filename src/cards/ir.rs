//! The typed ability IR that the Oracle-text compiler produces and the engine executes.
//!
//! Every variant here is something the engine knows how to carry out. The compiler only
//! produces what the engine implements, so a card whose text compiles is a card the engine
//! plays correctly; anything else is a compile error naming the words it could not read.

use serde::Serialize;

/// The five colors (105.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    White,
    Blue,
    Black,
    Red,
    Green,
}

impl Color {
    pub const ALL: [Color; 5] = [Color::White, Color::Blue, Color::Black, Color::Red, Color::Green];

    /// The mana symbol letter (W, U, B, R, G).
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Blue => 'U',
            Color::Black => 'B',
            Color::Red => 'R',
            Color::Green => 'G',
        }
    }

    #[must_use]
    pub fn from_letter(c: char) -> Option<Color> {
        Some(match c {
            'W' => Color::White,
            'U' => Color::Blue,
            'B' => Color::Black,
            'R' => Color::Red,
            'G' => Color::Green,
            _ => return None,
        })
    }

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Blue => "blue",
            Color::Black => "black",
            Color::Red => "red",
            Color::Green => "green",
        }
    }

    #[must_use]
    pub fn from_name(s: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.name().eq_ignore_ascii_case(s))
    }

    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Card types (300.1) that the engine knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum CardType {
    Artifact,
    Battle,
    Creature,
    Enchantment,
    Instant,
    Kindred,
    Land,
    Planeswalker,
    Sorcery,
}

impl CardType {
    pub const ALL: [CardType; 9] = [
        CardType::Artifact,
        CardType::Battle,
        CardType::Creature,
        CardType::Enchantment,
        CardType::Instant,
        CardType::Kindred,
        CardType::Land,
        CardType::Planeswalker,
        CardType::Sorcery,
    ];

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            CardType::Artifact => "Artifact",
            CardType::Battle => "Battle",
            CardType::Creature => "Creature",
            CardType::Enchantment => "Enchantment",
            CardType::Instant => "Instant",
            CardType::Kindred => "Kindred",
            CardType::Land => "Land",
            CardType::Planeswalker => "Planeswalker",
            CardType::Sorcery => "Sorcery",
        }
    }

    /// Parses a type name, case-insensitively ("creature", "Creature").
    #[must_use]
    pub fn from_name(s: &str) -> Option<CardType> {
        CardType::ALL.into_iter().find(|t| t.name().eq_ignore_ascii_case(s))
    }

    /// Permanent types (110.4).
    #[must_use]
    pub fn is_permanent_type(self) -> bool {
        !matches!(self, CardType::Instant | CardType::Sorcery | CardType::Kindred)
    }
}

/// A mana cost or an amount of mana in a cost: generic, colored, colorless ({C}) and {X} (107.4).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ManaCost {
    pub generic: u32,
    /// Colored symbols, indexed by `Color::index`.
    pub colored: [u32; 5],
    /// `{C}` symbols: must be paid with colorless mana.
    pub colorless: u32,
    /// How many `{X}` symbols the cost has (107.3).
    pub x: u32,
}

impl ManaCost {
    /// Mana value (202.3), with X counted as `x_value` (202.3e: X is 0 except on the stack).
    #[must_use]
    pub fn mana_value(&self, x_value: u32) -> u32 {
        self.generic + self.colored.iter().sum::<u32>() + self.colorless + self.x * x_value
    }

    /// Colors of a cost's colored symbols (105.2, 202.2).
    pub fn colors(&self) -> impl Iterator<Item = Color> + '_ {
        Color::ALL.into_iter().filter(|c| self.colored[c.index()] > 0)
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.generic == 0 && self.colored.iter().all(|&n| n == 0) && self.colorless == 0 && self.x == 0
    }
}

impl std::fmt::Display for ManaCost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for _ in 0..self.x {
            f.write_str("{X}")?;
        }
        if self.generic > 0 {
            write!(f, "{{{}}}", self.generic)?;
        }
        for _ in 0..self.colorless {
            f.write_str("{C}")?;
        }
        for c in Color::ALL {
            for _ in 0..self.colored[c.index()] {
                write!(f, "{{{}}}", c.letter())?;
            }
        }
        if self.is_empty() {
            f.write_str("{0}")?;
        }
        Ok(())
    }
}

/// A kind of mana produced by a mana ability (106.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ManaKind {
    Colored(Color),
    Colorless,
}

/// Keyword abilities (702) the engine implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Keyword {
    /// 702.9
    Flying,
    /// 702.17
    Reach,
    /// 702.10
    Haste,
    /// 702.20
    Vigilance,
    /// 702.3
    Defender,
    /// 702.8
    Flash,
}

impl Keyword {
    pub const ALL: [Keyword; 6] =
        [Keyword::Flying, Keyword::Reach, Keyword::Haste, Keyword::Vigilance, Keyword::Defender, Keyword::Flash];

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Keyword::Flying => "flying",
            Keyword::Reach => "reach",
            Keyword::Haste => "haste",
            Keyword::Vigilance => "vigilance",
            Keyword::Defender => "defender",
            Keyword::Flash => "flash",
        }
    }

    #[must_use]
    pub fn from_name(s: &str) -> Option<Keyword> {
        Keyword::ALL.into_iter().find(|k| k.name().eq_ignore_ascii_case(s))
    }

    /// The rule that defines the keyword.
    #[must_use]
    pub fn rule(self) -> &'static str {
        match self {
            Keyword::Flying => "702.9",
            Keyword::Reach => "702.17",
            Keyword::Haste => "702.10",
            Keyword::Vigilance => "702.20",
            Keyword::Defender => "702.3",
            Keyword::Flash => "702.8",
        }
    }
}

/// Whose objects a filter accepts, relative to the controller of the ability.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum ControllerFilter {
    #[default]
    Any,
    You,
    Opponent,
}

/// A filter over objects: "creature", "artifact or enchantment", "creature you control",
/// "nonland permanent", "spell".
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ObjectFilter {
    /// The object must have at least one of these card types; empty means any type.
    pub types_any: Vec<CardType>,
    /// The object must have none of these card types ("nonland").
    pub types_none: Vec<CardType>,
    pub controller: ControllerFilter,
}

/// What a target may be (115.1, 115.4). `Zone` says where object targets are looked for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum TargetSpec {
    /// "any target": a creature, player, planeswalker or battle (115.4).
    Any,
    /// "target player" / "target opponent".
    Player { opponent_only: bool },
    /// "target player or planeswalker".
    PlayerOrPlaneswalker,
    /// "target creature", "target artifact", "target nonland permanent", …: a permanent.
    Permanent(ObjectFilter),
    /// "target spell", "target creature spell": a spell on the stack.
    Spell(ObjectFilter),
}

/// Something an instruction acts on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Affected {
    /// The object or player chosen for target number N of the ability (0-based).
    Target(usize),
    /// The object the ability belongs to ("this creature", the card's name).
    This,
    /// The controller of the ability.
    You,
    /// Each player, in APNAP order (101.4).
    EachPlayer,
    /// Each opponent of the ability's controller, in APNAP order.
    EachOpponent,
    /// Each permanent on the battlefield that matches the filter ("each creature").
    EachPermanent(ObjectFilter),
    /// The controller of the object chosen for target N ("its controller").
    ControllerOfTarget(usize),
}

/// A number in an effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Amount {
    Fixed(i32),
    /// The value chosen for X (107.3).
    X,
    /// Minus X ("gets -X/-X").
    MinusX,
}

/// One instruction of an effect, carried out in text order (608.2c).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Instruction {
    /// "[source] deals N damage to [recipients]" (120). The source is the ability's source.
    DealDamage { amount: Amount, to: Affected },
    /// "Destroy …" (701.8).
    Destroy(Affected),
    /// "Exile …" (701.13).
    Exile(Affected),
    /// "Counter target spell." (701.6).
    Counter(Affected),
    /// "[player] draws N cards" (121).
    Draw { who: Affected, count: Amount },
    /// "[player] discards N cards" (701.9): the discarding player chooses.
    Discard { who: Affected, count: Amount },
    /// "[player] gains N life" (119).
    GainLife { who: Affected, amount: Amount },
    /// "[player] loses N life" (119).
    LoseLife { who: Affected, amount: Amount },
    /// "[creature] gets +P/+T until end of turn" (611.2, layer 7c).
    Pump { what: Affected, power: Amount, toughness: Amount },
    /// "Tap …" / "Untap …" (701.26).
    Tap(Affected),
    Untap(Affected),
    /// "Add {G}." / "Add {C}{C}." — a mana ability's effect (106, 605).
    AddMana(Vec<ManaKind>),
    /// "Add one mana of any color." (106.1b): the controller chooses a color on resolution.
    AddManaAnyColor { count: u32 },
}

/// An effect: the targets it declares, then the instructions in text order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Effect {
    pub targets: Vec<TargetSpec>,
    pub instructions: Vec<Instruction>,
}

/// The cost of an activated ability (602.1, 118).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Cost {
    pub mana: ManaCost,
    /// `{T}` (107.5).
    pub tap: bool,
    /// "Sacrifice this …" as a cost (701.21).
    pub sacrifice_self: bool,
    /// "Pay N life" (119.4).
    pub pay_life: u32,
}

/// An ability of a card, in text order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Ability {
    /// A keyword ability (702).
    Keyword(Keyword),
    /// The effect of an instant or sorcery spell (113.3a).
    Spell(Effect),
    /// "[Cost]: [Effect]." (602). `mana` marks a mana ability (605.1a).
    Activated { cost: Cost, effect: Effect, mana: bool },
}
