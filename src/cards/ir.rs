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

/// A mana cost or an amount of mana in a cost: generic, colored, colorless ({C}), {X}, and the
/// symbols that can be paid more than one way or only with snow mana (107.4).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ManaCost {
    pub generic: u32,
    /// Colored symbols, indexed by `Color::index`.
    pub colored: [u32; 5],
    /// `{C}` symbols: must be paid with colorless mana.
    pub colorless: u32,
    /// How many `{X}` symbols the cost has (107.3).
    pub x: u32,
    /// Hybrid, Phyrexian and snow symbols, in printed order (107.4e, 107.4f, 107.4h).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub special: Vec<CostSymbol>,
}

/// A cost symbol with a choice of payment or a restriction on the mana that pays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CostSymbol {
    /// `{W/U}`: one mana of either color (107.4e).
    Hybrid(Color, Color),
    /// `{2/W}`: one mana of the color or two mana of any type (107.4e).
    TwoOr(Color),
    /// `{C/W}`: one colorless mana or one mana of the color (107.4e).
    ColorlessOr(Color),
    /// `{W/P}`: one mana of the color or 2 life (107.4f).
    Phyrexian(Color),
    /// `{W/U/P}`: one mana of either color or 2 life (107.4f).
    HybridPhyrexian(Color, Color),
    /// `{S}`: one mana of any type from a snow source (107.4h).
    Snow,
}

impl CostSymbol {
    /// Its share of a mana value: the largest component of a hybrid symbol (202.3f), 1 for a
    /// Phyrexian symbol (202.3g).
    #[must_use]
    pub fn mana_value(self) -> u32 {
        if matches!(self, CostSymbol::TwoOr(_)) { 2 } else { 1 }
    }

    /// Whether it is `c` among its colors, which an object with it in its mana cost has
    /// (105.2, 202.2d).
    #[must_use]
    pub fn has_color(self, c: Color) -> bool {
        match self {
            CostSymbol::Hybrid(a, b) | CostSymbol::HybridPhyrexian(a, b) => a == c || b == c,
            CostSymbol::TwoOr(a) | CostSymbol::ColorlessOr(a) | CostSymbol::Phyrexian(a) => a == c,
            CostSymbol::Snow => false,
        }
    }

    /// Whether it may be paid with 2 life (107.4f).
    #[must_use]
    pub fn is_phyrexian(self) -> bool {
        matches!(self, CostSymbol::Phyrexian(_) | CostSymbol::HybridPhyrexian(..))
    }
}

impl std::fmt::Display for CostSymbol {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            CostSymbol::Hybrid(a, b) => write!(f, "{{{}/{}}}", a.letter(), b.letter()),
            CostSymbol::TwoOr(c) => write!(f, "{{2/{}}}", c.letter()),
            CostSymbol::ColorlessOr(c) => write!(f, "{{C/{}}}", c.letter()),
            CostSymbol::Phyrexian(c) => write!(f, "{{{}/P}}", c.letter()),
            CostSymbol::HybridPhyrexian(a, b) => write!(f, "{{{}/{}/P}}", a.letter(), b.letter()),
            CostSymbol::Snow => f.write_str("{S}"),
        }
    }
}

impl ManaCost {
    /// Both costs' symbols together: the mana cost of a split card (709.4b).
    #[must_use]
    pub fn combined(&self, other: &ManaCost) -> ManaCost {
        let mut c = self.clone();
        c.generic += other.generic;
        for (a, b) in c.colored.iter_mut().zip(other.colored) {
            *a += b;
        }
        c.colorless += other.colorless;
        c.x += other.x;
        c.special.extend(other.special.iter().copied());
        c
    }

    /// Mana value (202.3), with X counted as `x_value` (202.3e: X is 0 except on the stack),
    /// hybrid symbols by their largest component (202.3f) and Phyrexian ones as 1 (202.3g).
    #[must_use]
    pub fn mana_value(&self, x_value: u32) -> u32 {
        self.generic + self.colored.iter().sum::<u32>() + self.colorless + self.x * x_value + self.special.iter().map(|s| s.mana_value()).sum::<u32>()
    }

    /// Colors of a cost's colored, hybrid and Phyrexian symbols (105.2, 202.2, 202.2d).
    pub fn colors(&self) -> impl Iterator<Item = Color> + '_ {
        Color::ALL.into_iter().filter(|c| self.colored[c.index()] > 0 || self.special.iter().any(|s| s.has_color(*c)))
    }

    /// Adds another cost's symbols (601.2f: the total cost).
    pub fn add(&mut self, other: &ManaCost) {
        self.generic += other.generic;
        for (a, b) in self.colored.iter_mut().zip(other.colored) {
            *a += b;
        }
        self.colorless += other.colorless;
        self.x += other.x;
        self.special.extend_from_slice(&other.special);
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.generic == 0 && self.colored.iter().all(|&n| n == 0) && self.colorless == 0 && self.x == 0 && self.special.is_empty()
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
        for s in &self.special {
            write!(f, "{s}")?;
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
    /// 702.11
    Hexproof,
    /// 702.18
    Shroud,
    /// 702.2
    Deathtouch,
    /// 702.15
    Lifelink,
    /// 702.12
    Indestructible,
    /// 702.136: a replacement effect as the permanent enters (614.1c), see `engine::enter`.
    Riot,
    /// 702.7
    FirstStrike,
    /// 702.4
    DoubleStrike,
    /// 702.19
    Trample,
    /// 702.111
    Menace,
    /// 702.108: a triggered ability ("whenever you cast a noncreature spell, this creature gets
    /// +1/+1 until end of turn"), compiled to that trigger beside the keyword.
    Prowess,
    /// 702.40a: copied once for each other spell cast before it this turn.
    Storm,
    /// 702.114: a characteristic-defining ability — the object is colorless.
    Devoid,
    /// 702.145b: front face of a day/night double-faced card (see `engine::faces`).
    Daybound,
    /// 702.145e: its back face.
    Nightbound,
    /// 702.127: a half of a split card cast only from a graveyard, and exiled as it leaves the
    /// stack (see `engine::casting`).
    Aftermath,
    /// 702.102: a split card cast from its owner's hand may be cast with both halves as one
    /// fused split spell.
    Fuse,
    /// 702.14: landwalk of a basic land type — can't be blocked while the defending player
    /// controls a land of that type.
    Plainswalk,
    Islandwalk,
    Swampwalk,
    Mountainwalk,
    Forestwalk,
    /// 702.51: creatures tapped pay for the spell (named with `tap:`), see `engine::mana`.
    Convoke,
    /// 702.126: artifacts tapped pay generic mana (named with `tap:`).
    Improvise,
    /// 702.66: cards exiled from the graveyard pay generic mana (named with `exile:`).
    Delve,
    /// 702.73: a characteristic-defining ability — every creature type (layer 4, 613.3).
    Changeling,
    /// 702.44a–b: entering from the stack as a resolving spell, a +1/+1 counter (a charge
    /// counter if it isn't entering as a creature) for each color of mana spent to cast it.
    Sunburst,
    /// 702.90: damage to creatures as -1/-1 counters, to players as poison counters.
    Infect,
    /// 702.80: damage to creatures as -1/-1 counters.
    Wither,
    /// 702.13: blockable only by artifact creatures and creatures sharing a color.
    Intimidate,
    /// 702.36: blockable only by artifact creatures and black creatures.
    Fear,
    /// 702.28: blocks and is blocked only by creatures with shadow.
    Shadow,
    /// 702.31: blockable only by creatures with horsemanship.
    Horsemanship,
    /// 702.118: not blockable by creatures with greater power.
    Skulk,
    /// 702.25: a triggered ability — a creature without flanking that blocks it gets -1/-1.
    Flanking,
    /// 702.83: a triggered ability — a creature attacking alone gets +1/+1.
    Exalted,
    /// 702.91: a triggered ability — each other attacking creature gets +1/+0.
    BattleCry,
    /// 702.93: returns with a +1/+1 counter if it had none.
    Undying,
    /// 702.92: a triggered ability — as the Equipment enters, a 0/0 Germ token is created and
    /// the Equipment becomes attached to it.
    LivingWeapon,
    /// 702.79: returns with a -1/-1 counter if it had none.
    Persist,
    /// 702.124: deck construction only (a second commander); nothing in play.
    Partner,
    /// 702.124 (Choose a Background): deck construction only; nothing in play.
    ChooseABackground,
    /// 702.139: "Companion — [condition]" works outside the game, before it begins; the
    /// condition is about the starting deck and nothing of it acts in a scenario.
    Companion,
    /// 702.164: the defending player gets N poison counters from its combat damage.
    Toxic(u32),
    /// 702.45: a triggered ability — +N/+N when it blocks or becomes blocked.
    Bushido(u32),
    /// 702.86: a triggered ability — the defending player sacrifices N permanents.
    Annihilator(u32),
    /// 702.130: a triggered ability — the defending player loses N life when it becomes blocked.
    Afflict(u32),
    /// 702.100: a triggered ability — a +1/+1 counter when a bigger creature enters under
    /// its controller's control.
    Evolve,
    /// 702.149: a triggered ability — a +1/+1 counter when it attacks beside a creature with
    /// greater power.
    Training,
    /// 702.105: a triggered ability — a +1/+1 counter when it attacks the player with the most
    /// life.
    Dethrone,
    /// 702.121: a triggered ability — +1/+1 for each opponent attacked this combat.
    Melee,
    /// 702.116: a triggered ability — when it attacks, for each opponent other than the
    /// defending player, a token copy of it may be created tapped and attacking that player or
    /// a planeswalker they control; the tokens are exiled at end of combat.
    Myriad,
    /// 702.98: may enter with a +1/+1 counter; can't block while it has one.
    Unleash,
    /// 702.112: a triggered ability — N +1/+1 counters the first time it deals combat damage
    /// to a player, and it becomes renowned.
    Renown(u32),
    /// 702.54: enters with N +1/+1 counters if an opponent was dealt damage this turn (a
    /// replacement effect as it enters, 614.1c).
    Bloodthirst(u32),
    /// 702.21: a triggered ability — counters a spell or ability an opponent controls that
    /// targets it unless that player pays the cost.
    Ward(WardCost),
    /// 702.179a: a static ability — a player who controls a permanent with it and has no
    /// speed gets speed 1 (a state-based action, 704.5z).
    StartYourEngines,
    /// 702.131b: on a permanent, a static ability — any time its controller controls ten or
    /// more permanents and doesn't have the city's blessing, they get it for the rest of the
    /// game (checked by the engine, `Game::check_ascend`).
    Ascend,
    /// 702.61: while the spell is on the stack, no other spell can be cast and no ability
    /// that isn't a mana ability activated (see `engine::casting`).
    SplitSecond,
    /// 702.85: a triggered ability of a spell — when it is cast, its controller exiles cards
    /// from the top of their library until a nonland card with a lesser mana value, may cast
    /// it without paying its mana cost, and puts the rest on the bottom in a random order.
    Cascade,
    /// 702.88: a static ability of an instant or sorcery spell cast from its owner's hand —
    /// exiled as it resolves instead of going to the graveyard, with a delayed trigger to
    /// cast it from exile without paying its mana cost at its owner's next upkeep.
    Rebound,
    /// 702.81: a static ability in the graveyard — the card may be cast from there by
    /// discarding a land card as an additional cost.
    Retrace,
    /// 702.46: a triggered ability — when it is put into a graveyard from the battlefield,
    /// its controller may return a Spirit card with mana value N or less from their graveyard
    /// to their hand.
    Soulshift(u32),
    /// 702.23: a triggered ability — +N/+N for each creature blocking it beyond the first.
    Rampage(u32),
    /// 702.32: enters with N fade counters; each upkeep one is removed, or it is sacrificed.
    Fading(u32),
    /// 702.63: enters with N time counters; each upkeep one is removed, and it is sacrificed
    /// when the last one is.
    Vanishing(u32),
    /// 702.58: enters with N +1/+1 counters; whenever another creature enters, one of them may
    /// move onto it.
    Graft(u32),
    /// 702.101: a triggered ability — whenever its controller casts a spell, they may pay
    /// {W/B} to drain each opponent of 1 life.
    Extort,
    /// 702.52: from its owner's graveyard, a draw may be replaced by milling N cards and
    /// returning this card to their hand (see `Game::replace_draw`).
    Dredge(u32),
    /// 702.123: a triggered ability — as it enters, N +1/+1 counters on it or N 1/1 Servo
    /// tokens.
    Fabricate(u32),
    /// 702.135: a triggered ability — N 1/1 white and black flying Spirit tokens when it is
    /// put into a graveyard from the battlefield.
    Afterlife(u32),
    /// 702.181: a triggered ability — N 1/1 red Warrior tokens enter tapped and attacking when
    /// it attacks, sacrificed at the beginning of the next end step.
    Mobilize(u32),
    /// 702.43: enters with N +1/+1 counters; when it is put into a graveyard from the
    /// battlefield, its +1/+1 counters may be put on target artifact creature.
    Modular(u32),
    /// 702.134: a triggered ability — whenever it attacks, a +1/+1 counter on target
    /// attacking creature with lesser power.
    Mentor,
    /// 702.165: a triggered ability — as it enters, N +1/+1 counters on target creature,
    /// which, if it's another creature, gains the abilities printed below until end of turn.
    Backup(u32),
}

/// The cost of ward (702.21a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum WardCost {
    /// "Ward {N}": generic mana.
    Mana(u32),
    /// "Ward—Pay N life."
    Life(u32),
}

impl Keyword {
    /// The keywords without a parameter, which a name alone identifies.
    pub const ALL: [Keyword; 63] = [
        Keyword::Flying,
        Keyword::Reach,
        Keyword::Haste,
        Keyword::Vigilance,
        Keyword::Defender,
        Keyword::Flash,
        Keyword::Hexproof,
        Keyword::Shroud,
        Keyword::Deathtouch,
        Keyword::Lifelink,
        Keyword::Indestructible,
        Keyword::Riot,
        Keyword::FirstStrike,
        Keyword::DoubleStrike,
        Keyword::Trample,
        Keyword::Menace,
        Keyword::Prowess,
        Keyword::Storm,
        Keyword::Devoid,
        Keyword::Aftermath,
        Keyword::Fuse,
        Keyword::Daybound,
        Keyword::Nightbound,
        Keyword::Plainswalk,
        Keyword::Islandwalk,
        Keyword::Swampwalk,
        Keyword::Mountainwalk,
        Keyword::Forestwalk,
        Keyword::Convoke,
        Keyword::Improvise,
        Keyword::Delve,
        Keyword::Changeling,
        Keyword::Sunburst,
        Keyword::Infect,
        Keyword::Wither,
        Keyword::Intimidate,
        Keyword::Fear,
        Keyword::Shadow,
        Keyword::Horsemanship,
        Keyword::Skulk,
        Keyword::Flanking,
        Keyword::Exalted,
        Keyword::BattleCry,
        Keyword::Undying,
        Keyword::Persist,
        Keyword::Partner,
        Keyword::ChooseABackground,
        Keyword::Companion,
        Keyword::Evolve,
        Keyword::Training,
        Keyword::Mentor,
        Keyword::Dethrone,
        Keyword::Melee,
        Keyword::Myriad,
        Keyword::Unleash,
        Keyword::LivingWeapon,
        Keyword::SplitSecond,
        Keyword::Extort,
        Keyword::Cascade,
        Keyword::Rebound,
        Keyword::Ascend,
        Keyword::StartYourEngines,
        Keyword::Retrace,
    ];

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Keyword::Flying => "flying",
            Keyword::Reach => "reach",
            Keyword::Haste => "haste",
            Keyword::Vigilance => "vigilance",
            Keyword::Defender => "defender",
            Keyword::Flash => "flash",
            Keyword::Hexproof => "hexproof",
            Keyword::Shroud => "shroud",
            Keyword::Deathtouch => "deathtouch",
            Keyword::Lifelink => "lifelink",
            Keyword::Indestructible => "indestructible",
            Keyword::Riot => "riot",
            Keyword::FirstStrike => "first strike",
            Keyword::DoubleStrike => "double strike",
            Keyword::Trample => "trample",
            Keyword::Menace => "menace",
            Keyword::Prowess => "prowess",
            Keyword::Storm => "storm",
            Keyword::Devoid => "devoid",
            Keyword::Aftermath => "aftermath",
            Keyword::Fuse => "fuse",
            Keyword::Daybound => "daybound",
            Keyword::Nightbound => "nightbound",
            Keyword::Plainswalk => "plainswalk",
            Keyword::Islandwalk => "islandwalk",
            Keyword::Swampwalk => "swampwalk",
            Keyword::Mountainwalk => "mountainwalk",
            Keyword::Forestwalk => "forestwalk",
            Keyword::Convoke => "convoke",
            Keyword::Improvise => "improvise",
            Keyword::Delve => "delve",
            Keyword::Changeling => "changeling",
            Keyword::Sunburst => "sunburst",
            Keyword::Infect => "infect",
            Keyword::Wither => "wither",
            Keyword::Intimidate => "intimidate",
            Keyword::Fear => "fear",
            Keyword::Shadow => "shadow",
            Keyword::Horsemanship => "horsemanship",
            Keyword::Skulk => "skulk",
            Keyword::Flanking => "flanking",
            Keyword::Exalted => "exalted",
            Keyword::BattleCry => "battle cry",
            Keyword::Undying => "undying",
            Keyword::Persist => "persist",
            Keyword::Partner => "partner",
            Keyword::ChooseABackground => "choose a background",
            Keyword::Companion => "companion",
            Keyword::Evolve => "evolve",
            Keyword::Training => "training",
            Keyword::Dethrone => "dethrone",
            Keyword::Melee => "melee",
            Keyword::Myriad => "myriad",
            Keyword::Unleash => "unleash",
            Keyword::LivingWeapon => "living weapon",
            Keyword::SplitSecond => "split second",
            Keyword::Cascade => "cascade",
            Keyword::Rebound => "rebound",
            Keyword::Ascend => "ascend",
            Keyword::StartYourEngines => "start your engines!",
            Keyword::Retrace => "retrace",
            Keyword::Soulshift(_) => "soulshift",
            Keyword::Rampage(_) => "rampage",
            Keyword::Fading(_) => "fading",
            Keyword::Vanishing(_) => "vanishing",
            Keyword::Graft(_) => "graft",
            Keyword::Extort => "extort",
            Keyword::Dredge(_) => "dredge",
            Keyword::Fabricate(_) => "fabricate",
            Keyword::Afterlife(_) => "afterlife",
            Keyword::Mobilize(_) => "mobilize",
            Keyword::Modular(_) => "modular",
            Keyword::Mentor => "mentor",
            Keyword::Backup(_) => "backup",
            Keyword::Renown(_) => "renown",
            Keyword::Bloodthirst(_) => "bloodthirst",
            Keyword::Toxic(_) => "toxic",
            Keyword::Bushido(_) => "bushido",
            Keyword::Annihilator(_) => "annihilator",
            Keyword::Afflict(_) => "afflict",
            Keyword::Ward(_) => "ward",
        }
    }

    /// As written in Oracle text, lower case, with its parameter: "toxic 2", "ward {2}",
    /// "ward—pay 3 life" (the spelling of `keywords` in expectations).
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Keyword::Toxic(n) | Keyword::Bushido(n) | Keyword::Annihilator(n) | Keyword::Afflict(n) | Keyword::Bloodthirst(n) | Keyword::Renown(n)
            | Keyword::Soulshift(n) | Keyword::Rampage(n) | Keyword::Fading(n) | Keyword::Vanishing(n) | Keyword::Graft(n) | Keyword::Dredge(n)
            | Keyword::Fabricate(n) | Keyword::Afterlife(n) | Keyword::Modular(n) | Keyword::Backup(n) | Keyword::Mobilize(n) => format!("{} {n}", self.name()),
            Keyword::Ward(WardCost::Mana(n)) => format!("ward {{{n}}}"),
            Keyword::Ward(WardCost::Life(n)) => format!("ward—pay {n} life"),
            _ => self.name().to_owned(),
        }
    }

    /// Whether the keyword is a triggered ability the engine checks itself (603.1): its
    /// trigger condition is in `engine::triggers`, its effect is [`Keyword::trigger_effect`].
    #[must_use]
    pub fn is_triggered(self) -> bool {
        matches!(
            self,
            Keyword::Flanking
                | Keyword::Exalted
                | Keyword::BattleCry
                | Keyword::LivingWeapon
                | Keyword::Undying
                | Keyword::Persist
                | Keyword::Bushido(_)
                | Keyword::Annihilator(_)
                | Keyword::Afflict(_)
                | Keyword::Evolve
                | Keyword::Training
                | Keyword::Dethrone
                | Keyword::Melee
                | Keyword::Myriad
                | Keyword::Renown(_)
                | Keyword::Ward(_)
                | Keyword::Prowess
                | Keyword::Storm
                | Keyword::Cascade
                | Keyword::Soulshift(_)
                | Keyword::Rampage(_)
                | Keyword::Fading(_)
                | Keyword::Vanishing(_)
                | Keyword::Graft(_)
                | Keyword::Extort
                | Keyword::Fabricate(_)
                | Keyword::Afterlife(_)
                | Keyword::Mobilize(_)
                | Keyword::Modular(_)
                | Keyword::Mentor
                | Keyword::Backup(_)
        )
    }

    /// The effect of a triggered keyword, in the IR every triggered ability uses. What it
    /// triggered on is `TriggerObject` (the lone attacker for exalted, the blocker for
    /// flanking, the creature that died for undying and persist) and `TriggerPlayer` (the
    /// defending player for annihilator and afflict).
    #[must_use]
    pub fn trigger_effect(self) -> Effect {
        let pump = |what, p: i32, t: i32| Instruction::Pump { what, power: Amount::Fixed(p), toughness: Amount::Fixed(t) };
        let n = |v: u32| i32::try_from(v).unwrap_or(i32::MAX);
        let instructions = match self {
            Keyword::Exalted => vec![pump(Affected::TriggerObject, 1, 1)],
            Keyword::Flanking => vec![pump(Affected::TriggerObject, -1, -1)],
            Keyword::Bushido(v) => vec![pump(Affected::This, n(v), n(v))],
            Keyword::BattleCry => vec![pump(Affected::EachOtherPermanent(ObjectFilter { types_any: vec![CardType::Creature], attacking: true, ..ObjectFilter::default() }), 1, 0)],
            Keyword::Annihilator(v) => vec![Instruction::Sacrifice { who: Affected::TriggerPlayer, filter: ObjectFilter::default(), count: Amount::Fixed(n(v)) }],
            Keyword::Afflict(v) => vec![Instruction::LoseLife { who: Affected::TriggerPlayer, amount: Amount::Fixed(n(v)) }],
            Keyword::Undying => vec![Instruction::ReturnToBattlefield { what: Affected::TriggerObject, tapped: false, yours: false, counter: Some(EnterCounter::Undying) }],
            Keyword::Persist => vec![Instruction::ReturnToBattlefield { what: Affected::TriggerObject, tapped: false, yours: false, counter: Some(EnterCounter::Persist) }],
            Keyword::Evolve | Keyword::Training | Keyword::Dethrone => vec![Instruction::PutCounters { what: Affected::This, kind: CounterKind::PlusOne, count: Amount::Fixed(1) }],
            // The number of opponents attacked, fixed once attackers are declared.
            Keyword::Melee => vec![Instruction::Pump { what: Affected::This, power: Amount::ThatMuch, toughness: Amount::ThatMuch }],
            Keyword::Myriad => vec![Instruction::Myriad],
            Keyword::Renown(v) => vec![Instruction::Renown(v)],
            Keyword::Prowess => vec![pump(Affected::This, 1, 1)],
            Keyword::LivingWeapon => {
                let germ = TokenSpec {
                    name: "Phyrexian Germ Token".into(),
                    colors: vec![Color::Black],
                    types: vec![CardType::Creature],
                    subtypes: vec!["Phyrexian".into(), "Germ".into()],
                    power: Some(Amount::Fixed(0)),
                    toughness: Some(Amount::Fixed(0)),
                    text: String::new(),
                    abilities: Vec::new(),
                    rules: vec!["702.92a"],
                };
                vec![
                    Instruction::CreateTokens { who: Affected::You, count: Amount::Fixed(1), token: Box::new(germ), tapped: false, attacking: false },
                    Instruction::Attach { what: Affected::This, to: Affected::CreatedTokens, equip: false },
                ]
            }
            // The number of spells cast before it this turn, counted as it triggers.
            Keyword::Storm => vec![Instruction::CopySpell { what: Affected::TriggerObject, new_targets: true, times: Amount::ThatMuch }],
            // 702.85a: the spell with cascade is what it triggered on; its mana value is read
            // from it (or, once it has left the stack, as it last existed) as this resolves.
            Keyword::Cascade => vec![Instruction::Cascade],
            Keyword::Ward(WardCost::Mana(generic)) => vec![Instruction::CounterUnlessPays { what: Affected::TriggerSpellOrAbility, cost: ManaCost { generic, ..ManaCost::default() } }],
            Keyword::Ward(WardCost::Life(life)) => vec![Instruction::CounterUnlessPaysLife { what: Affected::TriggerSpellOrAbility, life }],
            // 702.46a: "you may return target Spirit card with mana value N or less from your
            // graveyard to your hand".
            Keyword::Soulshift(v) => {
                let filter = ObjectFilter { subtypes: vec!["Spirit".into()], mana_value: Some((Compare::AtMost, Amount::Fixed(n(v)))), ..ObjectFilter::default() };
                let may = Instruction::MayOrElse { who: Affected::You, action: Box::new(Instruction::ReturnToHand(Affected::Target(0))), then: Vec::new(), otherwise: Vec::new() };
                return Effect { targets: vec![TargetSpec::GraveyardCard { filter, yours: true }.into()], instructions: vec![may], modal: None };
            }
            // 702.23a–b: the blockers beyond the first are counted as it resolves.
            Keyword::Rampage(v) => {
                let per = Amount::Count { each: n(v), what: Counted::BlockersBeyondFirst };
                vec![Instruction::Pump { what: Affected::This, power: per, toughness: per }]
            }
            // 702.32a: "remove a fade counter from this permanent. If you can't, sacrifice the
            // permanent."
            Keyword::Fading(_) => vec![Instruction::RemoveCounterOrSacrifice(CounterKind::Named("fade".to_owned()))],
            // 702.63a: "if this permanent has a time counter on it, remove a time counter from
            // it"; its other trigger ("When the last time counter is removed from this
            // permanent, sacrifice it") is `Keyword::last_counter_effect`.
            // 702.58a: "you may move a +1/+1 counter from this permanent onto that creature".
            Keyword::Graft(_) => {
                let moving = Instruction::MoveCounter { from: Affected::This, to: Affected::TriggerObject, kind: CounterKind::PlusOne };
                vec![Instruction::MayOrElse { who: Affected::You, action: Box::new(moving), then: Vec::new(), otherwise: Vec::new() }]
            }
            // 702.101a: "you may pay {W/B}. If you do, each opponent loses 1 life and you gain
            // life equal to the total life lost this way."
            Keyword::Extort => {
                let cost = ManaCost { special: vec![CostSymbol::Hybrid(Color::White, Color::Black)], ..ManaCost::default() };
                vec![Instruction::MayOrElse { who: Affected::You, action: Box::new(Instruction::Pay(PayCost::Mana(cost))), then: vec![Instruction::DrainEachOpponent(1)], otherwise: Vec::new() }]
            }
            // 702.123a: "you may put N +1/+1 counters on it. If you don't, create N 1/1
            // colorless Servo artifact creature tokens."
            Keyword::Fabricate(v) => {
                let servo = TokenSpec {
                    name: "Servo Token".into(),
                    colors: Vec::new(),
                    types: vec![CardType::Artifact, CardType::Creature],
                    subtypes: vec!["Servo".into()],
                    power: Some(Amount::Fixed(1)),
                    toughness: Some(Amount::Fixed(1)),
                    text: String::new(),
                    abilities: Vec::new(),
                    rules: vec!["702.123a"],
                };
                let counters = Instruction::PutCounters { what: Affected::This, kind: CounterKind::PlusOne, count: Amount::Fixed(n(v)) };
                let tokens = Instruction::CreateTokens { who: Affected::You, count: Amount::Fixed(n(v)), token: Box::new(servo), tapped: false, attacking: false };
                vec![Instruction::MayOrElse { who: Affected::You, action: Box::new(counters), then: Vec::new(), otherwise: vec![tokens] }]
            }
            // 702.43a: "you may put a +1/+1 counter on target artifact creature for each +1/+1
            // counter on this permanent" — counted as it last existed, fixed as it triggers.
            Keyword::Modular(_) => {
                let filter = ObjectFilter { types_any: vec![CardType::Creature], types_all: vec![CardType::Artifact, CardType::Creature], ..ObjectFilter::default() };
                let put = Instruction::PutCounters { what: Affected::Target(0), kind: CounterKind::PlusOne, count: Amount::ThatMuch };
                let may = Instruction::MayOrElse { who: Affected::You, action: Box::new(put), then: Vec::new(), otherwise: Vec::new() };
                return Effect { targets: vec![TargetSpec::Permanent(filter).into()], instructions: vec![may], modal: None };
            }
            // 702.134a: "put a +1/+1 counter on target attacking creature with lesser power".
            Keyword::Mentor => {
                let filter = ObjectFilter { types_any: vec![CardType::Creature], attacking: true, power_below_source: true, ..ObjectFilter::default() };
                let put = Instruction::PutCounters { what: Affected::Target(0), kind: CounterKind::PlusOne, count: Amount::Fixed(1) };
                return Effect { targets: vec![TargetSpec::Permanent(filter).into()], instructions: vec![put], modal: None };
            }
            // 702.165a: "put N +1/+1 counters on target creature. If that's another creature, it
            // also gains the non-backup abilities of this creature printed below this one until
            // end of turn."
            Keyword::Backup(v) => {
                return Effect { targets: vec![TargetSpec::Permanent(ObjectFilter { types_any: vec![CardType::Creature], ..ObjectFilter::default() }).into()], instructions: vec![Instruction::Backup(v)], modal: None };
            }
            // 702.135a: "create N 1/1 white and black Spirit creature tokens with flying".
            Keyword::Afterlife(v) => {
                let spirit = TokenSpec {
                    name: "Spirit Token".into(),
                    colors: vec![Color::White, Color::Black],
                    types: vec![CardType::Creature],
                    subtypes: vec!["Spirit".into()],
                    power: Some(Amount::Fixed(1)),
                    toughness: Some(Amount::Fixed(1)),
                    text: "Flying".into(),
                    abilities: vec![Ability::Keyword(Keyword::Flying)],
                    rules: vec!["702.135a"],
                };
                vec![Instruction::CreateTokens { who: Affected::You, count: Amount::Fixed(n(v)), token: Box::new(spirit), tapped: false, attacking: false }]
            }
            // 702.181a: "create N 1/1 red Warrior creature tokens. Those tokens enter tapped and
            // attacking. Sacrifice them at the beginning of the next end step."
            Keyword::Mobilize(v) => {
                let warrior = TokenSpec {
                    name: "Warrior Token".into(),
                    colors: vec![Color::Red],
                    types: vec![CardType::Creature],
                    subtypes: vec!["Warrior".into()],
                    power: Some(Amount::Fixed(1)),
                    toughness: Some(Amount::Fixed(1)),
                    text: String::new(),
                    abilities: Vec::new(),
                    rules: vec!["702.181a"],
                };
                vec![
                    Instruction::CreateTokens { who: Affected::You, count: Amount::Fixed(n(v)), token: Box::new(warrior), tapped: true, attacking: true },
                    Instruction::Delayed { step: StepName::End, instructions: vec![Instruction::SacrificePermanent(Affected::Linked)], next_turn: false, link: Some(Affected::CreatedTokens) },
                ]
            }
            Keyword::Vanishing(_) => vec![Instruction::RemoveCounters { what: Affected::This, kind: CounterKind::Named("time".to_owned()), count: Amount::Fixed(1) }],
            _ => Vec::new(),
        };
        Effect { instructions, ..Effect::default() }
    }

    /// The rule that says what a triggered keyword means, cited as it triggers.
    #[must_use]
    pub fn meaning_rule(self) -> &'static str {
        match self {
            Keyword::Flanking => "702.25a",
            Keyword::Exalted => "702.83a",
            Keyword::BattleCry => "702.91a",
            Keyword::Undying => "702.93a",
            Keyword::Persist => "702.79a",
            Keyword::Bushido(_) => "702.45a",
            Keyword::Annihilator(_) => "702.86a",
            Keyword::Afflict(_) => "702.130a",
            Keyword::Evolve => "702.100a",
            Keyword::Training => "702.149a",
            Keyword::Dethrone => "702.105a",
            Keyword::Melee => "702.121a",
            Keyword::Myriad => "702.116a",
            Keyword::Unleash => "702.98a",
            Keyword::LivingWeapon => "702.92a",
            Keyword::Renown(_) => "702.112a",
            Keyword::Ward(_) => "702.21a",
            Keyword::Soulshift(_) => "702.46a",
            Keyword::Rampage(_) => "702.23a",
            Keyword::Fading(_) => "702.32a",
            Keyword::Vanishing(_) => "702.63a",
            Keyword::Graft(_) => "702.58a",
            Keyword::Extort => "702.101a",
            Keyword::Fabricate(_) => "702.123a",
            Keyword::Afterlife(_) => "702.135a",
            Keyword::Mobilize(_) => "702.181a",
            Keyword::Modular(_) => "702.43a",
            Keyword::Mentor => "702.134a",
            Keyword::Backup(_) => "702.165a",
            Keyword::Prowess => "702.108a",
            Keyword::Storm => "702.40a",
            Keyword::Cascade => "702.85a",
            Keyword::Rebound => "702.88a",
            Keyword::Retrace => "702.81a",
            _ => self.rule(),
        }
    }

    /// Keywords that matter only to deck construction or before the game (702.124): they
    /// are kept as abilities and do nothing in play.
    #[must_use]
    pub fn pregame_only(self) -> bool {
        matches!(self, Keyword::Partner | Keyword::ChooseABackground | Keyword::Companion)
    }

    #[must_use]
    pub fn from_name(s: &str) -> Option<Keyword> {
        Keyword::ALL.into_iter().find(|k| k.name().eq_ignore_ascii_case(s))
    }

    /// The rule that defines the keyword.
    /// The subrule that defines the keyword (`702.9a` for flying), where the index has one;
    /// else its section (`rule`).
    #[must_use]
    pub fn defining_rule(self) -> crate::rules::RuleId {
        let section = self.rule();
        let sub = format!("{section}a");
        crate::rules::RuleId::new_static(crate::rules::index().get(&sub).map_or(section, |e| e.number))
    }

    #[must_use]
    pub fn rule(self) -> &'static str {
        match self {
            Keyword::Flying => "702.9",
            Keyword::Reach => "702.17",
            Keyword::Haste => "702.10",
            Keyword::Vigilance => "702.20",
            Keyword::Defender => "702.3",
            Keyword::Flash => "702.8",
            Keyword::Hexproof => "702.11",
            Keyword::Shroud => "702.18",
            Keyword::Deathtouch => "702.2",
            Keyword::Lifelink => "702.15",
            Keyword::Indestructible => "702.12",
            Keyword::Riot => "702.136",
            Keyword::FirstStrike => "702.7",
            Keyword::DoubleStrike => "702.4",
            Keyword::Trample => "702.19",
            Keyword::Menace => "702.111",
            Keyword::Prowess => "702.108",
            Keyword::Storm => "702.40",
            Keyword::Devoid => "702.114",
            Keyword::Aftermath => "702.127",
            Keyword::Fuse => "702.102",
            Keyword::Daybound | Keyword::Nightbound => "702.145",
            Keyword::Plainswalk | Keyword::Islandwalk | Keyword::Swampwalk | Keyword::Mountainwalk | Keyword::Forestwalk => "702.14",
            Keyword::Convoke => "702.51",
            Keyword::Improvise => "702.126",
            Keyword::Delve => "702.66",
            Keyword::Changeling => "702.73",
            Keyword::Sunburst => "702.44",
            Keyword::Infect => "702.90",
            Keyword::Wither => "702.80",
            Keyword::Intimidate => "702.13",
            Keyword::Fear => "702.36",
            Keyword::Shadow => "702.28",
            Keyword::Horsemanship => "702.31",
            Keyword::Skulk => "702.118",
            Keyword::Flanking => "702.25",
            Keyword::Exalted => "702.83",
            Keyword::BattleCry => "702.91",
            Keyword::Undying => "702.93",
            Keyword::Persist => "702.79",
            Keyword::Partner => "702.124",
            Keyword::ChooseABackground => "702.124",
            Keyword::Companion => "702.139",
            Keyword::Evolve => "702.100",
            Keyword::Training => "702.149",
            Keyword::Dethrone => "702.105",
            Keyword::Melee => "702.121",
            Keyword::Myriad => "702.116",
            Keyword::Unleash => "702.98",
            Keyword::LivingWeapon => "702.92",
            Keyword::Renown(_) => "702.112",
            Keyword::Bloodthirst(_) => "702.54",
            Keyword::Toxic(_) => "702.164",
            Keyword::Bushido(_) => "702.45",
            Keyword::Annihilator(_) => "702.86",
            Keyword::Afflict(_) => "702.130",
            Keyword::Ward(_) => "702.21",
            Keyword::SplitSecond => "702.61",
            Keyword::Cascade => "702.85",
            Keyword::Rebound => "702.88",
            Keyword::Ascend => "702.131",
            Keyword::StartYourEngines => "702.179",
            Keyword::Retrace => "702.81",
            Keyword::Soulshift(_) => "702.46",
            Keyword::Rampage(_) => "702.23",
            Keyword::Fading(_) => "702.32",
            Keyword::Vanishing(_) => "702.63",
            Keyword::Graft(_) => "702.58",
            Keyword::Extort => "702.101",
            Keyword::Dredge(_) => "702.52",
            Keyword::Fabricate(_) => "702.123",
            Keyword::Afterlife(_) => "702.135",
            Keyword::Mobilize(_) => "702.181",
            Keyword::Modular(_) => "702.43",
            Keyword::Mentor => "702.134",
            Keyword::Backup(_) => "702.165",
        }
    }

    /// The land type of a landwalk keyword (702.14a).
    #[must_use]
    pub fn landwalk_type(self) -> Option<&'static str> {
        match self {
            Keyword::Plainswalk => Some("Plains"),
            Keyword::Islandwalk => Some("Island"),
            Keyword::Swampwalk => Some("Swamp"),
            Keyword::Mountainwalk => Some("Mountain"),
            Keyword::Forestwalk => Some("Forest"),
            _ => None,
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
    /// "defending player controls" (506.2, 508.5): the player the ability's source — or the
    /// creature it is attached to — is attacking; otherwise the only defending player.
    Defending,
    /// "target player controls", "that player controls" after "target player": the player
    /// chosen for target N. Read only where an instruction acts on every such permanent.
    TargetPlayer(usize),
    /// "that player controls" in a triggered ability whose trigger names a player (the player
    /// dealt damage, whose upkeep it is). Read only where an instruction acts on every such
    /// permanent.
    TriggerPlayer,
}

/// A filter over objects: "creature", "artifact or enchantment", "creature you control",
/// "nonland permanent", "spell".
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ObjectFilter {
    /// The object must have at least one of these card types; empty means any type.
    pub types_any: Vec<CardType>,
    /// The object must have none of these card types ("nonland").
    pub types_none: Vec<CardType>,
    /// The object must have every one of these card types ("artifact creature" in modular's
    /// target, 702.43a).
    pub types_all: Vec<CardType>,
    /// "with lesser power" than the source of the ability (mentor, 702.134a): checked where
    /// the engine knows the source (targets); nowhere else does it match.
    pub power_below_source: bool,
    pub controller: ControllerFilter,
    /// The object must have none of these colors ("nonblack").
    pub colors_none: Vec<Color>,
    /// `Some(true)`: "tapped"; `Some(false)`: "untapped".
    #[serde(serialize_with = "tapped_words")]
    pub tapped: Option<bool>,
    /// "attacking" (506.4).
    pub attacking: bool,
    /// "blocking" (509.1g); with `attacking` as well, "attacking or blocking": either one.
    pub blocking: bool,
    /// "with flying", "with defender".
    pub keyword: Option<Keyword>,
    /// "without flying", "without horsemanship": the object must not have this keyword.
    pub without: Option<Keyword>,
    /// "another target creature" (115.1): the object must not be the source of the ability
    /// that targets it. Read in target phrases only, where the engine knows the source.
    pub other: bool,
    /// "with mana value N or less" / "with mana value X" (202.3).
    pub mana_value: Option<(Compare, Amount)>,
    /// The object must have one of these colors ("a red spell").
    pub colors: Vec<Color>,
    /// The object must have at least one of these subtypes ("Elf creatures", "Merfolk").
    pub subtypes: Vec<String>,
    /// The object must have none of these subtypes ("non-Aura enchantment").
    pub subtypes_none: Vec<String>,
    /// The object must have none of these supertypes ("nonbasic lands").
    pub supertypes_none: Vec<String>,
    /// The object must have every one of these supertypes ("legendary creatures").
    pub supertypes: Vec<String>,
    /// `Some(false)`: "nontoken"; `Some(true)`: "token" ("creature token you control", 111.1).
    #[serde(serialize_with = "token_words")]
    pub token: Option<bool>,
    /// "of the chosen type": the creature type chosen as the ability's source entered
    /// (614.12a); bound to that type where the source is known (a static ability). In an
    /// effect after "Choose a creature type.", the type that instruction chose (608.2d).
    pub chosen_type: bool,
    /// "that aren't of the chosen type", after "Choose a creature type." (608.2d).
    pub not_chosen_type: bool,
    /// "of the chosen color", "of that color", after "Choose a color." (608.2d, 105.1).
    pub chosen_color: bool,
    /// "with a +1/+1 counter on it", "with a counter on it", "with three or more charge
    /// counters on it" (122): at least this many counters of the kind (`None`: of any kind).
    pub counters: Option<(Option<CounterKind>, u32)>,
    /// "with power 4 or greater", "with power 2 or less" (208.1): an object without a power
    /// matches neither.
    pub power: Option<(Compare, i32)>,
    /// "with toughness 4 or greater" (208.1): an object without a toughness matches neither.
    pub toughness: Option<(Compare, i32)>,
    /// "that was dealt damage this turn" (120.3): damage was dealt to the permanent this turn,
    /// whether or not it is still marked (a regenerated creature's is removed, 701.19a).
    pub dealt_damage_this_turn: bool,
    /// "creature blocking it", where "it" is the ability's source (509.1g): a creature
    /// blocking the source now. Only a filter of an ability of that source can match.
    pub blocking_source: bool,
}

impl ObjectFilter {
    /// Whether matching reads more than an object's characteristics, zone and controller:
    /// its status (tapped, in combat, damage dealt), its counters, its power or toughness,
    /// its mana value (an X chosen for a spell), the choices of the ability's source, or who
    /// the defending player is. The layer system keeps its results through a change of status
    /// only when no filter in force does (`Layered::reads_state`).
    #[must_use]
    pub fn reads_status(&self) -> bool {
        self.tapped.is_some()
            || matches!(self.controller, ControllerFilter::Defending)
            || self.attacking
            || self.blocking
            || self.blocking_source
            || self.dealt_damage_this_turn
            || self.power_below_source
            || self.mana_value.is_some()
            || self.counters.is_some()
            || self.power.is_some()
            || self.toughness.is_some()
            || self.chosen_type
            || self.not_chosen_type
            || self.chosen_color
    }
}

/// A comparison in a filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Compare {
    Equal,
    AtMost,
    AtLeast,
    /// "with even mana values" (the amount is not used; 0 is even).
    Even,
    /// "with odd mana values".
    Odd,
}

/// A quality that protection is from (702.16a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Quality {
    Color(Color),
    /// "protection from creatures", "from artifacts".
    Type(CardType),
    /// "protection from everything" (702.16j).
    Everything,
}

/// Something an effect grants until end of turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Grant {
    Keyword(Keyword),
    Protection(Quality),
    /// "protection from the color of your choice": the color is chosen on resolution (608.2d);
    /// "protection from the chosen color" after "Choose a color.": the color chosen then.
    ProtectionFromChosenColor,
}

/// What a target may be (115.1, 115.4). `Zone` says where object targets are looked for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum TargetSpec {
    /// "any target": a creature, player, planeswalker or battle (115.4).
    Any,
    /// "target player" / "target opponent".
    Player { opponent_only: bool },
    /// "target player or planeswalker"; "target opponent or planeswalker" (any planeswalker,
    /// but only an opponent among players).
    PlayerOrPlaneswalker { opponent_only: bool },
    /// "target creature", "target artifact", "target nonland permanent", …: a permanent.
    Permanent(ObjectFilter),
    /// "target spell", "target creature spell": a spell on the stack.
    Spell(ObjectFilter),
    /// "target spell or permanent".
    SpellOrPermanent(ObjectFilter),
    /// "target creature card from your graveyard": a card in a graveyard (115.1, 400.1).
    GraveyardCard { filter: ObjectFilter, yours: bool },
    /// "target activated or triggered ability": an ability on the stack (mana abilities never
    /// are, 605.3b).
    Ability,
}

/// One instance of the word "target" (115.3): what it may pick and how many. The same
/// object can't be chosen twice for one instance, but may be for different instances.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TargetSlot {
    pub spec: TargetSpec,
    pub min: u32,
    pub max: u32,
    /// "Target creature fights another target creature": no object chosen for this instance
    /// may be one chosen for the earlier instance with this index (the text's own restriction,
    /// 115.1, narrowing 115.3's rule that different instances may share an object).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_than: Option<usize>,
}

impl TargetSlot {
    #[must_use]
    pub fn new(spec: TargetSpec, min: u32, max: u32) -> TargetSlot {
        TargetSlot { spec, min, max, other_than: None }
    }
}

impl From<TargetSpec> for TargetSlot {
    fn from(spec: TargetSpec) -> TargetSlot {
        TargetSlot::new(spec, 1, 1)
    }
}

/// Something an instruction acts on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Affected {
    /// The object or player chosen for target number N of the ability (0-based).
    Target(usize),
    /// Both groups, as one: "to each creature and each player" — the recipients of one damage
    /// instruction, dealt at once (120.2).
    Both(Box<Affected>, Box<Affected>),
    /// The object the ability belongs to ("this creature", the card's name).
    This,
    /// "that card", "it" after "Reveal the top card of your library": the cards the effect has
    /// set aside, as they are now (608.2c).
    SetAside,
    /// "this card" in "return this card from your graveyard to your hand": the card with the
    /// ability while it is in its owner's graveyard, where such an ability functions (113.6m).
    ThisInGraveyard,
    /// The controller of the ability.
    You,
    /// Each player, in APNAP order (101.4).
    EachPlayer,
    /// Each opponent of the ability's controller, in APNAP order.
    EachOpponent,
    /// Each permanent on the battlefield that matches the filter ("each creature").
    EachPermanent(ObjectFilter),
    /// Each other permanent that matches: the ability's source left out ("each other
    /// attacking creature", battle cry 702.91a).
    EachOtherPermanent(ObjectFilter),
    /// The controller of the object chosen for target N ("its controller").
    ControllerOfTarget(usize),
    /// The object a triggered ability triggered on ("that creature", "it"), as it last
    /// existed (603.10).
    TriggerObject,
    /// The controller of that object ("that land's controller"), as it last existed.
    TriggerObjectController,
    /// The player a triggered ability triggered for ("that player": whose step began, who cast
    /// the spell).
    TriggerPlayer,
    /// The spell or ability on the stack a triggered ability triggered on ("that spell or
    /// ability": what targeted a permanent with ward, 702.21a).
    TriggerSpellOrAbility,
    /// The permanent the ability's source is attached to ("enchanted creature", "equipped
    /// creature", "enchanted land": 303.4b, 301.5a), as the instruction is carried out; the
    /// source's last known information when it has left the battlefield (a sacrificed Aura,
    /// 608.2h). Nothing when it is attached to nothing on the battlefield.
    Attached,
    /// The controller of that permanent ("enchanted creature's controller").
    AttachedController,
    /// The token the instruction before created ("create a 1/1 Soldier creature token, then
    /// attach this Equipment to it").
    CreatedTokens,
    /// "a creature dealt damage this way": the permanents the resolving effect has dealt damage
    /// to so far (608.2c), that are still on the battlefield.
    DamagedThisWay,
    /// In a delayed triggered ability, the object the effect that created it was about (603.7c):
    /// "Create a 2/1 Goblin token with haste. Exile it at the beginning of the next end step."
    /// If that object has left the zone it was in, it is a new object and is not affected.
    Linked,
    /// The permanent that the object chosen for target N became as this effect put it onto
    /// the battlefield (400.7): "Return target creature card from your graveyard to the
    /// battlefield. It gains haste." Nothing if it didn't arrive there.
    Arrived(usize),
    /// "the exiled card" in an ability linked to the card's one other ability that exiles
    /// (607.2a, Fiend Hunter, Oblivion Ring): the cards that ability of this object exiled,
    /// still in exile.
    ExiledBySource,
}

/// Who or what a trigger condition watches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[allow(clippy::large_enum_variant, reason = "IR is built once per card and read in place, never moved in a hot path")]
pub enum Subject {
    /// The object with the ability ("this creature", its name).
    This,
    /// Objects matching a filter; `another` excludes the object with the ability.
    Matching { filter: ObjectFilter, another: bool },
    /// "this creature or another creature you control": the object with the ability whatever its
    /// characteristics are then, or any other object matching the filter.
    ThisOr(ObjectFilter),
    /// The permanent the Aura with the ability enchants ("enchanted creature", 303.4b).
    Enchanted,
}

/// Whose turn or whose action a trigger condition watches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Whose {
    You,
    Each,
    Opponent,
    /// "the upkeep of enchanted creature's controller": the controller of the permanent the
    /// source is attached to (303.4b), whoever that is as the step begins. Only "beginning of"
    /// triggers name it.
    AttachedController,
}

/// The steps a "beginning of" trigger can name (603.2b, 500.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum StepName {
    Upkeep,
    Draw,
    PrecombatMain,
    Combat,
    /// "At end of combat": the end of combat step begins (511.2).
    EndOfCombat,
    /// "your postcombat main phase" / "your second main phase" (505.1).
    PostcombatMain,
    End,
}

/// A trigger condition (603.1): the event that makes the ability trigger.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Trigger {
    /// "When this creature enters" / "Whenever another creature you control enters" (603.6a).
    Enters(Subject),
    /// "When this creature dies" / "Whenever another creature dies" (700.4, 603.6c, 603.10a).
    Dies(Subject),
    /// "Whenever a land is put into a graveyard from the battlefield" (603.6c, 603.10a).
    PutIntoGraveyardFromBattlefield(Subject),
    /// "Whenever a nontoken artifact is put into your graveyard from the battlefield" (603.6c,
    /// 603.10a): into the graveyard of a player `whose` matches, which is its owner's (400.3).
    PutIntoGraveyardOf { who: Subject, whose: Whose },
    /// "When this creature leaves the battlefield" (603.6c, 603.10a).
    LeavesBattlefield(Subject),
    /// "At the beginning of your upkeep" / "each player's draw step" (603.2b).
    BeginningOf { step: StepName, whose: Whose },
    /// "Whenever this creature attacks" (508.3a).
    Attacks(Subject),
    /// "Whenever this creature blocks" (509.3a).
    Blocks(Subject),
    /// "Whenever this creature becomes blocked" (509.3c).
    BecomesBlocked(Subject),
    /// "Whenever you cast a red spell" / "Whenever a player casts …" (601.2i); "… a spell
    /// that targets this creature" (`targets_this`: heroic, 115.1); "Whenever you cast or copy
    /// …" (`or_copy`: a copy is not cast, 707.10, but this one sees copies too).
    Cast { filter: ObjectFilter, whose: Whose, targets_this: bool, or_copy: bool },
    /// "When you cast this spell" (603.2, 601.2i): triggers from the stack as the spell with
    /// the ability becomes cast.
    CastThis,
    /// "Whenever a creature you control attacks alone" (506.5, 508.3a): it is the only
    /// creature declared as an attacker.
    AttacksAlone(Subject),
    /// "Whenever this creature attacks and isn't blocked" (509.3g): no creature was declared
    /// as a blocker for it.
    Unblocked(Subject),
    /// "Whenever this creature becomes blocked by a non-Wall creature" (509.3d): once for each
    /// creature blocking it that matches `by`; "that creature" is the blocker.
    BlockedBy { who: Subject, by: ObjectFilter },
    /// "Whenever this creature blocks a creature" (509.3b): once for each attacker it blocks
    /// that matches `blocked`; "that creature" is the attacker.
    BlocksCreature { who: Subject, blocked: ObjectFilter },
    /// "Whenever you attack with one or more creatures" / "… two or more Knights",
    /// "Whenever one or more creatures you control attack" (508.3c, 508.3d): once, as the
    /// player declares at least `at_least` attackers matching the filter.
    AttackWith { whose: Whose, filter: ObjectFilter, at_least: u32 },
    /// "Whenever this creature blocks or becomes blocked": either event.
    Either(Box<Trigger>, Box<Trigger>),
    /// "Whenever this creature deals [combat] damage to a player / an opponent" (120, 510.2).
    DealsDamage { who: Subject, combat_only: bool, to: Whose },
    /// "Whenever you gain life" (119.3).
    GainLife(Whose),
    /// "Whenever you draw a card" (121.2).
    Draws(Whose),
    /// "Whenever you attack": one or more creatures are declared as attackers (508.3d).
    Attack(Whose),
    /// "Whenever an opponent discards a card" (701.9).
    Discards(Whose),
    /// "Whenever you draw your second card each turn" (121.2): the `n`-th draw of a turn.
    NthDraw { whose: Whose, n: u32 },
    /// "Whenever you cast your second spell each turn" (601.2i): the `n`-th spell of a turn.
    NthCast { whose: Whose, n: u32 },
    /// "Whenever one or more creatures you control deal combat damage to a player": once per
    /// player dealt combat damage in a combat damage step (603.2c, 510.2).
    OneOrMoreDealCombatDamage { who: Subject, to: Whose },
    /// "Whenever this creature becomes tapped" (603.2e, 701.26a).
    BecomesTapped(Subject),
    /// "Whenever this creature is dealt damage" (120.3).
    DealtDamage(Subject),
    /// "Whenever this creature deals [combat] damage" — to anything — or "… to a creature"
    /// (`creature`) (120, 510.2).
    DealsDamageTo { who: Subject, combat_only: bool, creature: bool },
    /// "When this creature becomes the target of a spell or ability" (115.1, 603.2): a spell
    /// or ability is put on the stack targeting it.
    BecomesTarget(Subject),
    /// "When this creature is turned face up" (708.8, 702.37e).
    TurnedFaceUp(Subject),
    /// "When this creature transforms into [this face's name]" (701.27e): the permanent
    /// transformed and now has this face up.
    TransformsIntoThis,
    /// "When you unlock this door" (709.5h): the Room permanent with the ability is given
    /// the unlocked designation of the half (door, 709.5j) whose text has it — `Some(0)` the
    /// left, `Some(1)` the right, set as the halves are put together (`def::faced`); `None`
    /// in a half read alone, which never triggers.
    UnlockThisDoor(Option<u8>),
    /// "Whenever you fully unlock a Room" (709.5i): a Room its controller controls gets its
    /// second unlocked designation, or both at once.
    FullyUnlockRoom,
    /// "Whenever enchanted land is tapped for mana, its controller adds an additional {G}":
    /// a triggered mana ability (605.1b, 106.12a) that resolves at once after the mana ability
    /// that tapped the land (605.4a); its mana goes to the land's controller.
    TappedForMana(Subject),
    /// "… This ability triggers only once each turn.": the event, for the first time in a
    /// turn that it triggers this ability of this object (603.2).
    OnceEachTurn(Box<Trigger>),
    /// "… during your turn" (`true`) / "… during an opponent's turn": the event, only in
    /// such a turn.
    DuringTurn(Box<Trigger>, bool),
    /// "Whenever this creature and at least two other creatures attack" (508.3a): it is
    /// declared as an attacker with at least `others` other creatures.
    AttacksWithOthers { who: Subject, others: u32 },
    /// "Whenever one or more +1/+1 counters are put on this creature" / "… on another creature
    /// you control" (122.6, entering with counters included): once per object and event.
    CountersPut { kind: CounterKind, on: Subject },
    /// "Whenever one or more cards leave your graveyard" (603.2c: once per event, however
    /// many cards): cards matching the filter.
    LeaveGraveyard { filter: ObjectFilter },
    /// "Whenever this creature becomes untapped" (603.2e).
    BecomesUntapped(Subject),
    /// "When this creature becomes monstrous" (701.37a–b): a monstrosity action gave it the
    /// monstrous designation.
    BecomesMonstrous(Subject),
    /// "Whenever this creature becomes the target of a spell or ability an opponent controls"
    /// (115.1): by a spell or ability `whose` player controls.
    BecomesTargetBy { who: Subject, whose: Whose },
    /// "Whenever you discard one or more [filter] cards" (701.9a): once per event.
    DiscardOneOrMore { whose: Whose, filter: ObjectFilter },
    /// A chapter ability "{rN} — [effect]" (714.2b): lore counters put onto this Saga take
    /// their number from below N to N or more. "I, II — …" is one such ability per numeral
    /// (714.2c).
    Chapter(u32),
    /// "When you control no Islands, sacrifice this creature" (603.8): a state trigger, which
    /// triggers while the condition holds and not again until that ability has left the stack.
    State(Condition),
    /// "Whenever a creature attacks you or a planeswalker you control", "… attacks one of your
    /// opponents", "… attacks a player" (508.3a): declared as an attacker attacking a player
    /// `whose` matches, or (`planeswalkers`) a planeswalker such a player controls.
    AttacksWhom { who: Subject, whose: Whose, planeswalkers: bool },
    /// "Whenever a creature dealt damage by this creature this turn dies" (700.4, 603.10a): a
    /// creature matching `who` dies, and this object dealt damage to it this turn (as that
    /// object, 400.7).
    DiesDamagedByThis(Subject),
    /// "Whenever this creature attacks for the first time each turn", "Whenever you gain life
    /// for the first time each turn": the event, only if it hasn't happened earlier this turn
    /// (to that object or player; for "becomes the target of a spell or ability you control",
    /// by such a spell or ability).
    FirstTimeEachTurn(Box<Trigger>),
    /// "When you cycle this card" (702.29c): its owner discards it to pay a cycling cost; it
    /// triggers from the zone the card went to.
    CycleThis,
    /// "Whenever you cycle a card" / "… another card" (702.29c, 702.29f), or with `or_discard`
    /// "Whenever you cycle or discard a card" (702.29d: once for a card cycled, which is also
    /// discarded).
    Cycles { whose: Whose, or_discard: bool },
}

/// What an Aura's static ability gives the enchanted permanent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct EnchantedGets {
    pub power: i32,
    pub toughness: i32,
    pub keywords: Vec<Keyword>,
    pub cant_attack: bool,
    pub cant_block: bool,
}

impl EnchantedGets {
    /// The continuous effect this gives the enchanted or equipped permanent, by layer.
    #[must_use]
    pub fn changes(&self) -> Vec<Change> {
        let mut out: Vec<Change> = self.keywords.iter().map(|k| Change::Grant(*k)).collect();
        if self.power != 0 || self.toughness != 0 {
            out.push(Change::Pt(self.power, self.toughness));
        }
        if self.cant_attack {
            out.push(Change::CantAttack);
        }
        if self.cant_block {
            out.push(Change::CantBlock);
        }
        out
    }
}

/// Replacement and prevention effects of static abilities (614.1a, 615.1).
#[allow(clippy::large_enum_variant, reason = "an object filter is large; these are built once per card or effect and read in place, not moved in a hot path")]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum StaticReplacement {
    /// "If a creature you control would deal damage to a permanent or player, it deals double
    /// that damage instead." — sources matching the filter.
    DoubleDamage(ObjectFilter),
    /// "If you would draw a card, draw two cards instead." (614.11)
    DrawInstead(u32),
    /// "Prevent all combat damage that would be dealt to this creature."
    PreventCombatDamageToThis,
    /// "Prevent all damage that would be dealt to this creature." / "If damage would be dealt
    /// to this creature, prevent that damage." / "Prevent all damage that would be dealt by
    /// enchanted creature." / "Prevent all noncombat damage that would be dealt to creatures you
    /// control." / "Prevent all damage that would be dealt to this creature by creatures."
    /// (615.1): damage dealt to `to` and by `by` (either left out: any), combat damage only
    /// (`Some(true)`), noncombat damage only (`Some(false)`) or any (`None`).
    /// `then`: what happens just after the damage is prevented (615.5): "Remove a +1/+1 counter
    /// from this creature.", "… and remove that many +1/+1 counters from it" ("that many" being
    /// the damage prevented).
    PreventDamage {
        #[serde(serialize_with = "combat_words")]
        combat: Option<bool>,
        to: Option<DamageSide>, by: Option<DamageSide>, then: Vec<Instruction> },
    /// "Skip your draw step." (614.1b, 614.10)
    SkipDrawStep,
    /// "If this creature would die, exile it instead." / "If a creature an opponent controls
    /// would die, exile it instead." (614.1a); `None` is the permanent itself.
    ExileInsteadOfDying(Option<ObjectFilter>),
    /// "If this card would be put into a graveyard from anywhere, exile it instead." (`this`:
    /// the card itself, in every zone, 113.6b) / "If a card or token would be put into a
    /// graveyard from anywhere, exile it instead." / "If a card would be put into an opponent's
    /// graveyard from anywhere, exile it instead." (614.1a): cards (and tokens when `tokens`)
    /// going to the graveyard of `whose` player, relative to this permanent's controller.
    ExileInsteadOfGraveyard { this: bool, tokens: bool, whose: Whose },
}

/// One side of a damage event a static prevention effect names, "you" being the controller of
/// the permanent with the ability.
#[allow(clippy::large_enum_variant, reason = "an object filter is large; these are built once per card or effect and read in place, not moved in a hot path")]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum DamageSide {
    /// The permanent with the ability ("this creature", its name).
    This,
    /// The permanent it is attached to ("enchanted creature", "equipped creature").
    Attached,
    /// Its controller.
    You,
    /// Objects matching the filter ("creatures you control", "artifact creatures", "instant
    /// and sorcery spells").
    Matching(ObjectFilter),
}

/// A condition, one grammar for every place the rules text states one: an intervening "if"
/// clause of a triggered ability (603.4, checked as it would trigger and again as it
/// resolves), the "as long as" of a static ability (611.3a: the effect exists only while it
/// holds), and the conditions of effects and activation restrictions. "You" is the controller
/// of the ability's source; "it" / "this creature" is the source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Condition {
    /// "you control a Forest", "you control three or more artifacts", "you control no other
    /// creatures" (`another`: the source doesn't count), "you don't control a Zombie", "an
    /// opponent controls a white permanent" (`whose` Opponent: some opponent does).
    Controls { whose: Whose, filter: ObjectFilter, another: bool, count: Cmp },
    /// "there are seven or more cards in your graveyard", "four or more creature cards are in
    /// your graveyard" (the filter's types are the cards' types there).
    CardsInGraveyard { filter: ObjectFilter, count: Cmp },
    /// "there are four or more card types among cards in your graveyard" (delirium, 205.2a).
    CardTypesInGraveyard(Cmp),
    /// "you have no cards in hand", "you have seven or more cards in hand".
    CardsInHand(Cmp),
    /// "you have 5 or less life", "you have 30 or more life", "a player has 13 or less life"
    /// (`whose` Each: some player does).
    Life(Whose, Cmp),
    /// "you have two or more opponents" (102.2), counting those still in the game.
    Opponents(Cmp),
    /// "this creature is equipped" / "… enchanted" (301.5, 303.4): an Equipment (or an Aura)
    /// is attached to it.
    SourceAttached { equipment: bool },
    /// "it has a +1/+1 counter on it" (122): at least `n` counters of the kind on the source.
    SourceCounters { kind: CounterKind, n: u32 },
    /// A leveler's level symbol (711.2a–b): between `min` and `max` (or `min` or more)
    /// counters of the kind on the source.
    SourceCountersRange { kind: CounterKind, min: u32, max: Option<u32> },
    /// "you've drawn two or more cards this turn" (121.2).
    DrawnThisTurn(Cmp),
    /// "it's your turn" / "it's not your turn".
    YourTurn(bool),
    /// "this creature is tapped" / "… untapped".
    SourceTapped(bool),
    /// "it's attacking" (506.4): the source is an attacking creature.
    SourceAttacking,
    /// "an opponent controls more lands than you": some opponent controls more permanents
    /// matching the filter than the player "you" is.
    OpponentControlsMore(ObjectFilter),
    /// "an opponent has more life than you" (119).
    OpponentMoreLife,
    /// "it's attacking alone" (506.5): the source is attacking and no other creature is.
    SourceAttackingAlone,
    /// "Enchanted creature can't be blocked as long as it's attacking alone", "Equipped creature
    /// has shroud as long as it's untapped": a condition about the source (`Source…`) read of
    /// the permanent the source is attached to; false while it is attached to nothing.
    OfAttached(Box<Condition>),
    /// "this creature is monstrous" (701.37b): the source has the monstrous designation.
    SourceMonstrous,
    /// "you attacked this turn": you declared one or more attackers this turn (508.1).
    AttackedThisTurn,
    /// "a creature died this turn" (700.4).
    CreatureDiedThisTurn,
    /// "three or more creatures died this turn", "no creatures died this turn" (700.4).
    CreaturesDied(Cmp),
    /// "you have a full party" (700.8c): four creatures in your party.
    FullParty,
    /// "a permanent left the battlefield under your control this turn", "a permanent you
    /// controlled left the battlefield this turn" (revolt, 207.2c): one the player controlled as
    /// it left, for any reason.
    LeftBattlefieldThisTurn,
    /// "you gained life this turn" (119.3).
    GainedLifeThisTurn,
    /// "an opponent lost life this turn" (119.3).
    OpponentLostLifeThisTurn,
    /// "if no spells were cast last turn" (`false`), "if a player cast two or more spells last
    /// turn" (`true`): the werewolves' conditions.
    SpellsLastTurn { two_by_one: bool },
    /// "it was kicked": the permanent's spell was kicked (702.33d).
    Kicked,
    /// "this spell was bargained", "it was bargained": its bargain cost was paid (702.166b),
    /// for a permanent as the spell it was.
    Bargained,
    /// "the gift was promised" (`true`), "the gift wasn't promised" (`false`): its gift cost
    /// was paid (702.174k), for a permanent as the spell it was.
    GiftPromised(bool),
    /// "you're the monarch" (`You`), "an opponent is the monarch" (`Opponent`) (724).
    Monarch(Whose),
    /// "you have the city's blessing" (702.131c): the designation ascend gives.
    CityBlessing,
    /// "Max speed — [ability]" (702.178a): the controller's speed is 4 (702.179e).
    MaxSpeed,
    /// "you cast it" / "you cast it from your hand": the permanent came from a spell cast (not
    /// a copy, 707.10), from the hand if `from_hand` (601.2a).
    Cast { from_hand: bool },
    /// "you both own and control this creature and a creature named N" (a meld ability's
    /// condition, 712.4a): the source and a permanent of that type and name are on the
    /// battlefield, each owned and controlled by the source's controller.
    OwnAndControl(MeldPartner),
    /// A fact about how the resolving spell was cast, in its own text ("If this spell was cast
    /// from a graveyard, …"), read only in a spell's instructions; or about how a permanent's
    /// spell was cast, after "When this creature enters" ("if {R} was spent to cast it"), the
    /// permanent keeping the mana spent on it.
    Spell(SpellFact),
}

/// How the spell that is resolving was cast (601.2): a copy was not cast (707.10), so none of
/// these hold for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SpellFact {
    /// "If this spell was cast from a graveyard" (601.2a: the zone it was cast from).
    CastFromGraveyard,
    /// "If you cast this spell during your main phase" (addendum): cast during a main phase
    /// of its caster's own turn (505.1).
    CastInYourMainPhase,
    /// "If at least three red mana was spent to cast this spell" (adamant, 601.2h), "if {U}
    /// was spent to cast this spell", "if {W}{W} was spent to cast it": at least `n` mana of
    /// the color was spent on its total cost.
    ManaSpent { color: Color, n: u32 },
    /// "If X is 5 or more" (107.3): the value chosen for X as it was cast.
    X(Cmp),
}

impl Condition {
    /// A fact about the source permanent itself ("it's attacking", "this creature is tapped"):
    /// what "it" names decides which permanent that is.
    #[must_use]
    pub fn is_about_source(&self) -> bool {
        matches!(self, Self::SourceTapped(_) | Self::SourceAttacking | Self::SourceAttackingAlone | Self::SourceMonstrous | Self::SourceAttached { .. } | Self::SourceCounters { .. } | Self::SourceCountersRange { .. })
    }
}

/// The other card a meld ability names (701.42, 712.4a): "a creature named Graf Rats".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MeldPartner {
    pub card_type: CardType,
    pub name: String,
}

/// A comparison of a count with a number: "three or more" (`AtLeast(3)`), "a" (`AtLeast(1)`),
/// "no" (`AtMost(0)`), "one or fewer", "5 or less life".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Cmp {
    AtLeast(i64),
    AtMost(i64),
}

impl Cmp {
    #[must_use]
    pub fn holds(self, n: i64) -> bool {
        match self {
            Self::AtLeast(k) => n >= k,
            Self::AtMost(k) => n <= k,
        }
    }
}

/// A number in an effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Amount {
    Fixed(i32),
    /// The value chosen for X (107.3).
    X,
    /// Minus X ("gets -X/-X").
    MinusX,
    /// "that much": the amount of the event a triggered ability triggered on (603.2).
    ThatMuch,
    /// "deals 2 damage … If this spell was kicked, it deals 4 damage instead" (702.33).
    Kicked { base: i32, kicked: i32 },
    /// "equal to its power", "equal to that creature's toughness", "equal to its mana value":
    /// read as the effect uses it, from the object as it last existed if it is gone (608.2h).
    Stat { of: StatOf, stat: Stat },
    /// "for each creature you control" (times `each`), "equal to the number of cards in your
    /// hand" (`each` 1): counted as the effect uses it (608.2h).
    Count { each: i32, what: Counted },
}

/// Whose characteristic an [`Amount::Stat`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum StatOf {
    /// The card itself ("this creature's power").
    This,
    /// The object chosen for target N ("its power" after "target creature").
    Target(usize),
    /// What a triggered ability triggered on ("that creature's power").
    TriggerObject,
    /// The permanent sacrificed to pay the cost ("the sacrificed creature's power"), as it
    /// last existed on the battlefield (608.2h, 113.7a).
    Sacrificed,
    /// "that card's mana value" after an instruction that revealed, exiled from the top of a
    /// library or discarded exactly one card: that card, as it is now if it is still where the
    /// instruction left it, else as it last existed there (608.2h).
    ThatCard,
}

/// A characteristic an amount can be equal to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Stat {
    Power,
    Toughness,
    /// 202.3
    ManaValue,
}

/// A set of card types, small enough to be copied with the amount that counts them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TypeSet(pub u16);

/// Shown as the list of its types (`judge card`), not as the bits that store them.
impl Serialize for TypeSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.types())
    }
}

impl TypeSet {
    #[must_use]
    pub fn of(types: &[CardType]) -> TypeSet {
        TypeSet(types.iter().fold(0, |m, t| m | 1 << (*t as u16)))
    }

    /// The card types in the set, in `CardType` order.
    #[must_use]
    pub fn types(self) -> Vec<CardType> {
        CardType::ALL.into_iter().filter(|t| self.0 & (1 << (*t as u16)) != 0).collect()
    }
}

/// What an [`Amount::Count`] counts, "you" being the effect's controller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Counted {
    /// Permanents on the battlefield with one of the types (any permanent when empty):
    /// "creature you control", "land you control", "artifact"; with a subtype ("Swamp you
    /// control", "Mountains you control", "Elf you control", 205.3) and only attacking
    /// creatures ("attacking creature", 506.4) when the text says so.
    /// `other`: "for each other creature you control", the ability's source left out.
    Permanents { types: TypeSet, controller: ControllerFilter, subtype: Option<&'static str>, attacking: bool, other: bool },
    /// "permanent you control of the chosen type" after "Choose a creature type." (608.2d):
    /// those permanents that also have the type the effect chose.
    ChosenTypePermanents { types: TypeSet, controller: ControllerFilter },
    /// "creature card in your graveyard", "card in your graveyard".
    CardsInYourGraveyard(TypeSet),
    /// "card in your hand".
    CardsInYourHand,
    /// "opponent": the opponents still in the game.
    Opponents,
    /// "for each creature blocking it beyond the first" (rampage, 702.23a): the creatures
    /// blocking the source, less one, never below zero.
    BlockersBeyondFirst,
    /// "for each creature blocking it [beyond the first]": the creatures blocking that
    /// creature as the effect uses them (608.2h), less one with `beyond_first`, never below 0.
    BlockersOf { of: StatOf, beyond_first: bool },
    /// "basic land type among lands you control" (domain, 207.2c): how many of the five basic
    /// land types (205.3i) the lands you control have between them.
    BasicLandTypes,
    /// "card type among cards in your graveyard" (delirium, 207.2c): how many card types
    /// (205.2a) the cards in your graveyard have between them.
    CardTypesInYourGraveyard,
    /// "the greatest power among creatures you control" (`Stat::Power`), "the greatest mana
    /// value among permanents you control": the largest value among the permanents with one
    /// of the types (any permanent when empty), 0 when there are none.
    Greatest { stat: Stat, types: TypeSet, controller: ControllerFilter },
    /// "your life total" (119.1): a number, not a count, read as the effect uses it (608.2h).
    YourLifeTotal,
    /// "your speed" (702.179): 0 for a player with no speed (702.179f).
    YourSpeed,
    /// "the amount of life you gained this turn" (119.3): all the life you gained since the
    /// turn began.
    LifeGainedThisTurn,
    /// "the amount of life you lost this turn" (119.3).
    LifeLostThisTurn,
    /// "your devotion to black", "your devotion to white and black" (700.5): the mana symbols
    /// of those colors (a bit per `Color::index`) among the mana costs of permanents you
    /// control; a hybrid or Phyrexian symbol of one of them counts once.
    Devotion(u8),
    /// "for each creature destroyed this way" (701.8): the permanents of those types (any when
    /// empty) the resolving effect destroyed — not one that regenerated or was indestructible.
    DestroyedThisWay(TypeSet),
    /// "the life lost this way": the life all players lost (119.3, damage included, 120.3a)
    /// during the resolving effect so far.
    LifeLostThisWay,
    /// "the number of creatures in your party" (700.8): up to one each of a Cleric, a Rogue, a
    /// Warrior and a Wizard among the creatures you control, a creature filling one slot only,
    /// counted the way that gives the most (700.8a–b): 0 to 4.
    Party,
    /// "for each creature that died this turn", "the number of Zubera that died this turn"
    /// (700.4): the permanents put into a graveyard from the battlefield this turn, with one of
    /// the types (any when empty) and the subtype, as each last existed on the battlefield;
    /// `nontoken`: "nontoken creature". Whoever controlled them.
    DiedThisTurn { types: TypeSet, subtype: Option<&'static str>, nontoken: bool },
    /// "the number of colors of mana spent to cast this spell" (converge, 207.2c; 601.2h,
    /// 106.1a; `colors`), "the amount of mana spent to cast this spell" (601.2h): the mana paid
    /// for the spell — or for the spell the permanent was — its colors or all of it; 0 for an
    /// object that wasn't cast. `that_spell`: the spell a cast trigger is about ("… spent to
    /// cast that spell"), not the source.
    Spent { colors: bool, that_spell: bool },
}

/// One instruction of an effect, carried out in text order (608.2c).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Instruction {
    /// "[source] deals N damage to [recipients]" (120). The source is the ability's source.
    /// `divided`: "divided as you choose among" the targets; the division was chosen as the
    /// spell was cast (601.2d).
    DealDamage { amount: Amount, to: Affected, divided: bool },
    /// "Target creature you control deals damage equal to its power to target creature you
    /// don't control" (120.1, 120.3): a permanent other than the ability's source deals the
    /// damage, with its own abilities (deathtouch, lifelink, infect) applying. Nothing is dealt
    /// if that permanent is gone or an illegal target (608.2b).
    DealDamageBy { by: Affected, amount: Amount, to: Affected },
    /// "Destroy …" (701.8).
    Destroy(Affected),
    /// "Transform this creature" (701.27).
    Transform(Affected),
    /// "Flip this creature" (710.2, 110.5): a flip card on the battlefield turns to its
    /// alternative characteristics, once and for good (710.4).
    Flip(Affected),
    /// "[If you both own and control this and a creature named N,] exile them, then meld them
    /// into M." (701.42a, 712.4a): if the controller owns and controls the source and such a
    /// permanent, both are exiled, then put onto the battlefield as one melded permanent if
    /// they are a meld pair (701.42b–c).
    Meld { partner: MeldPartner, into: String },
    /// "Lock or unlock a door of target Room you control" (709.5f–g, `lock` true), "unlock a
    /// locked door of target Room you control" (709.5f): the controller chooses the door.
    LockOrUnlock { what: Affected, lock: bool },
    /// "Exile …" (701.13).
    Exile(Affected),
    /// "Exile [objects] until this enchantment leaves the battlefield." (610.3): the objects
    /// are exiled only if the source is still on the battlefield (610.3a–b), and return to the
    /// battlefield under their owner's control just after it leaves (610.3c).
    ExileUntilLeaves(Affected),
    /// "Counter target spell." (701.6).
    Counter(Affected),
    /// "[player] draws N cards" (121).
    Draw { who: Affected, count: Amount },
    /// "Remove a [kind] counter from this permanent. If you can't, sacrifice it." (fading,
    /// 702.32a).
    RemoveCounterOrSacrifice(CounterKind),
    /// "Adapt N" (701.46a): if the permanent has no +1/+1 counters on it, N of them are put
    /// on it.
    Adapt { what: Affected, n: u32 },
    /// "Monstrosity N" / "Monstrosity X" (701.37a): if the permanent whose ability it is
    /// isn't monstrous, N +1/+1 counters are put on it and it becomes monstrous.
    Monstrosity(Amount),
    /// "Bolster N" (701.39a): its controller chooses a creature they control with the least
    /// toughness (or tied for it) and puts N +1/+1 counters on it.
    Bolster(Amount),
    /// "Support N" (701.41a): a +1/+1 counter on each object chosen for the target slot of "up to
    /// N [other] target creatures".
    Support(Affected),
    /// "Amass Zombies N" (701.47a): an Army creature token of that subtype is created if its
    /// controller has no Army creature; N +1/+1 counters go on an Army they choose, which
    /// becomes that subtype too. `subtype` is singular ("Zombie").
    Amass { subtype: String, count: Amount },
    /// "Move a [kind] counter from [one object] onto [another]" (122.5): nothing happens
    /// unless one can be removed from the first and put on the second.
    MoveCounter { from: Affected, to: Affected, kind: CounterKind },
    /// "Each opponent loses N life and you gain life equal to the total life lost this way"
    /// (extort, 702.101a).
    DrainEachOpponent(u32),
    /// "Populate" (701.36a): a token copy of a creature token its controller chooses among
    /// those they control; none without one (701.36b).
    Populate,
    /// "[player] discards N cards" (701.9): the discarding player chooses, or "at random"
    /// with the scenario's seed (701.9b).
    Discard { who: Affected, count: Amount, random: bool },
    /// "Discard your hand." / "Each player discards their hand." (701.9a): every card in the
    /// player's hand, discarded at once.
    DiscardHand(Affected),
    /// "[player] gains N life" (119).
    GainLife { who: Affected, amount: Amount },
    /// "[player] loses N life" (119).
    LoseLife { who: Affected, amount: Amount },
    /// "You get {E}{E}" / "you get that many {E}" / "you get an amount of {E} equal to …":
    /// energy counters put on the player (107.14, 122.1).
    GetEnergy { who: Affected, amount: Amount },
    /// "That player gets a poison counter." (122.1f): poison counters put on the player; ten
    /// or more lose the game (704.5c).
    GetPoison { who: Affected, amount: Amount },
    /// "[creature] gets +P/+T until end of turn" (611.2, layer 7c).
    Pump { what: Affected, power: Amount, toughness: Amount },
    /// "Tap …" / "Untap …" (701.26).
    Tap(Affected),
    Untap(Affected),
    /// "Tap or untap target creature." (701.26a): as the instruction is carried out, its
    /// controller chooses which of the two to do (608.2d) — tapping does nothing to a tapped
    /// permanent, untapping nothing to an untapped one.
    TapOrUntap(Affected),
    /// "Add {G}." / "Add {C}{C}." — a mana ability's effect (106, 605).
    AddMana(Vec<ManaKind>),
    /// "Add one mana of any color." (106.1b): the controller chooses a color on resolution.
    AddManaAnyColor { count: u32 },
    /// "Add {R} or {G}." / "Add {W}, {U}, or {B}.": one mana of one of these kinds, chosen on
    /// resolution (106.1b).
    AddManaChoice(Vec<ManaKind>),
    /// "Add two mana of any one color.": `count` mana of one color chosen on resolution.
    AddManaOneColor { count: u32 },
    /// "Add one mana of the chosen color.": the color chosen as the source entered (614.12);
    /// none when no color was chosen (106.5).
    AddManaChosenColor,
    /// "Add {B} or one mana of the chosen color." (106.1b, 614.12)
    AddManaOrChosen(ManaKind),
    /// An instruction that adds mana, followed by "Spend this mana only to cast creature
    /// spells." or "This mana can't be spent to cast nonartifact spells." (106.6): the mana it
    /// adds may be spent only as `only` allows.
    SpendOnly { add: Box<Instruction>, only: ManaSpend },
    /// "[creature] gains hexproof / protection from … until end of turn" (611.2a).
    Grant { what: Affected, grant: Grant },
    /// "[object] becomes black [until end of turn]" (105.3, layer 5).
    BecomeColor { what: Affected, color: Color, until_end_of_turn: bool },
    /// "[object] becomes the color of your choice until end of turn" (105.3, 608.2d): the
    /// color is chosen as the instruction is carried out.
    BecomeChosenColor { what: Affected },
    /// A continuous effect of a resolving spell or ability on a set of objects locked in as it
    /// begins (611.2c): "Gain control of target creature until end of turn", "Until end of
    /// turn, target creature loses all abilities and has base power and toughness 0/1",
    /// "Switch target creature's power and toughness until end of turn".
    Continuous { what: Affected, changes: Vec<Change>, until_end_of_turn: bool, hold: Option<Hold> },
    /// "They can't be regenerated." — applies to every destruction of this effect (701.19c).
    CantBeRegenerated,
    /// "The damage can't be prevented." — about the damage this effect deals (615.12).
    DamageUnpreventable,
    /// "Damage can't be prevented this turn." (615.12): until the cleanup step, no damage is.
    DamageCantBePreventedThisTurn,
    /// "If that spell is countered this way, exile it instead of putting it into its owner's
    /// graveyard." — a replacement effect on every spell this effect counters (614.1a, 701.6a).
    ExileIfCountered,
    /// "Regenerate …" (701.19a): a shield for the next destruction this turn.
    Regenerate(Affected),
    /// "Counter target spell unless its controller pays {N}." (701.6, 118.12).
    CounterUnlessPays { what: Affected, cost: ManaCost },
    /// "If this creature isn't renowned, put N +1/+1 counters on it and it becomes renowned"
    /// (702.112a).
    Renown(u32),
    /// "[Its controller] sacrifices it" (evoke 702.74a, 701.21a).
    SacrificeIt(Affected),
    /// "Sacrifice [it] unless you pay {cost}" (echo 702.30a, 118.12a).
    SacrificeUnlessPays { what: Affected, cost: ManaCost },
    /// "Counter that spell or ability unless its controller pays N life." (ward—pay N life,
    /// 702.21a, 118.12a, 119.4).
    CounterUnlessPaysLife { what: Affected, life: u32 },
    /// "[Do something] unless [a player] pays [cost]." (118.12a): the player may pay the cost
    /// as the instruction resolves; if they don't, the instructions are carried out.
    UnlessPays { payer: Affected, cost: PayCost, instructions: Vec<Instruction> },
    /// "If this spell was kicked, [instructions]." (702.33d–e): carried out only if it was.
    IfKicked(Vec<Instruction>),
    /// "If you control ten or more creatures, flip this creature." (608.2c): instructions
    /// carried out only if the condition holds as the effect reaches them. `otherwise`: what
    /// is carried out when it doesn't — the earlier instruction a sentence ending "… instead"
    /// replaces ("You gain 4 life. If a creature died this turn, you gain 8 life instead.").
    IfHolds { condition: Condition, instructions: Vec<Instruction>, otherwise: Vec<Instruction> },
    /// The second part of cumulative upkeep (702.24a): "you may pay [cost] for each age counter
    /// on it. If you don't, sacrifice it."
    PayPerAgeOrSacrifice(PayCost),
    /// "pay [cost]" as the option of "you may pay {2}. If you do, …" (118.12, 608.2d); only
    /// the action of a `MayOrElse`.
    Pay(PayCost),
    /// "Copy target … spell. You may choose new targets for the copy." (707.10).
    CopySpell { what: Affected, new_targets: bool, times: Amount },
    /// Madness's triggered ability (702.35a): the owner may cast the exiled card for its
    /// madness cost; if they don't, they put it into their graveyard.
    Madness,
    /// Unearth's effect (702.84a): return this card from its owner's graveyard to the
    /// battlefield; it gains haste, is exiled at the beginning of the next end step, and is
    /// exiled instead if it would leave the battlefield.
    Unearth,
    /// Myriad's effect (702.116a): for each opponent other than the defending player (the
    /// player the triggered ability is for), its controller may create a token that's a copy
    /// of the creature, tapped and attacking that player or a planeswalker they control; the
    /// tokens created are exiled at end of combat (a delayed triggered ability, 603.7).
    Myriad,
    /// Cascade's effect (702.85a): exile cards from the top of the controller's library until
    /// a nonland card with a lesser mana value than the spell it triggered on; they may cast
    /// it without paying its mana cost; the rest go to the bottom in a random order.
    Cascade,
    /// Warp's delayed triggered ability (702.185a): exile this permanent; its owner may cast
    /// the card from exile after the current turn has ended, for as long as it remains exiled.
    WarpExile,
    /// "You may cast [it] without paying its mana cost" (118.9, 608.2g): the controller may
    /// cast the card, where it is, during the resolution. Rebound's delayed trigger
    /// (702.88a) is one.
    CastWithoutPaying(Affected),
    /// "[players] sacrifice N [filter]s of their choice" (701.21, 101.4).
    Sacrifice { who: Affected, filter: ObjectFilter, count: Amount },
    /// "Sacrifice it." / "Sacrifice this creature." — a named permanent, by the ability's
    /// controller, who can sacrifice only a permanent they control (701.21a).
    SacrificePermanent(Affected),
    /// "Search [player]'s [zones] for … and [put/exile] them", then shuffle (701.23).
    Search(Search),
    /// "Put a land card from your hand onto the battlefield [tapped]": the controller puts a
    /// card of theirs matching `query` from their hand onto the battlefield (one, if they have
    /// any; a land put this way is not played, 305.4).
    PutFromHand { query: CardQuery, tapped: bool },
    /// "Return a land you control to its owner's hand" / "return another creature you control
    /// to its owner's hand": the controller chooses one such permanent as the instruction is
    /// followed (608.2d), not a target; `another` leaves out the source itself.
    ReturnChosen { filter: ObjectFilter, another: bool },
    /// "Flip a coin. If you win the flip, … If you lose the flip, …" (705): the controller
    /// calls and flips; the instructions of the outcome follow.
    FlipCoin { won: Vec<Instruction>, lost: Vec<Instruction> },
    /// "Roll a d20." / "Roll a six-sided die." (706.1a): the controller rolls a die with
    /// `sides` faces. The rows — of a results table, "1—9 | …" (706.3a), or "If you roll a 6,
    /// …" (706.4) — say what happens for a result between `lo` and `hi`; `otherwise` ("Otherwise,
    /// …") when no row holds it.
    RollDie { sides: u32, rows: Vec<DieRow>, otherwise: Vec<Instruction> },
    /// "Clash with an opponent. If you win, … Otherwise, …" (701.30): the controller chooses
    /// an opponent and both clash; the instructions of the outcome follow.
    Clash { won: Vec<Instruction>, lost: Vec<Instruction> },
    /// Backup N's effect (702.165a): N +1/+1 counters on the target; if it's another creature,
    /// it gains until end of turn the abilities printed below the backup ability that is
    /// resolving, other than backup abilities (702.165b–c).
    Backup(u32),
    /// "You become the monarch." (724.1, 724.3)
    BecomeMonarch(Affected),
    /// "Then that player shuffles." / "then shuffle" (701.24).
    Shuffle(Affected),
    /// "Target player shuffles their graveyard into their library." / "Each player shuffles
    /// their hand and graveyard into their library" (701.24a, 701.24c): each such player puts
    /// the cards of those zones into their library, then shuffles it.
    ShuffleInto { who: Affected, hand: bool, graveyard: bool },
    /// "Exile target player's graveyard." (406.2, 701.13a): every card in the players'
    /// graveyards.
    ExileGraveyard(Affected),
    /// "Return [object] to its owner's hand." (400.7).
    ReturnToHand(Affected),
    /// "Exchange control of two target creatures." (701.12a–b).
    ExchangeControl(Affected, Affected),
    /// "Two target players exchange life totals." (701.12c).
    ExchangeLife(Affected, Affected),
    /// "Take an extra turn after this one." / "Target player takes an extra turn after this
    /// one." (500.7): the player's turn is added directly after this one.
    ExtraTurn(Affected),
    /// "You skip your next turn." / "Skip your next two turns." (614.10, 614.10a): the next
    /// `count` turns the player would begin are skipped.
    SkipTurns { who: Affected, count: u32 },
    /// "You may play an additional land this turn." (305.2a).
    AdditionalLand { who: Affected, count: u32 },
    /// "Target player can't play lands this turn." (101.2, 305.2).
    CantPlayLands(Affected),
    /// "Attach this permanent to target creature you control." — equip (702.6a, `equip`);
    /// "attach it to target creature you control", "attach target Equipment you control to
    /// target creature you control" (701.3a): each of `what` (an Aura or Equipment) becomes
    /// attached to `to`.
    Attach { what: Affected, to: Affected, equip: bool },
    /// "Target opponent reveals their hand. You choose a nonland card from it. That player
    /// discards that card." (701.20a, 701.9b)
    RevealHand { who: Affected, choose: Option<ObjectFilter>, discard: bool },
    /// "Scry N." (701.22a)
    Scry(u32),
    /// "[creatures] can attack this turn as though they didn't have defender".
    AttackDespiteDefender(Affected),
    /// "[creature] can't attack [or block] this turn".
    CantAttackOrBlock { what: Affected, attack: bool, block: bool },
    /// "[permanent] doesn't untap during its controller's next untap step" (`yours` false) /
    /// "… during your next untap step" (502.3, 611.2a): a one-shot restriction that ends with
    /// that step.
    DoesntUntapNext { what: Affected, yours: bool },
    /// "Prevent the next N damage that would be dealt to [target] this turn." (615.7)
    PreventNext { to: Affected, amount: u32 },
    /// "Prevent all combat damage that would be dealt this turn." (615.1)
    PreventAllCombatDamage,
    /// "The next time a [red] source of your choice would deal damage to you this turn, prevent
    /// that damage." (609.7, 615.1): the source, among those matching `filter`, is chosen as
    /// it resolves (609.7a); the filter is checked again when the damage would be dealt, and
    /// the shield is used up only by damage it prevents (609.7b).
    PreventNextFromSource { filter: ObjectFilter, to: Affected },
    /// "Prevent all [combat] damage that would be dealt to [recipients] this turn" / "… that
    /// would be dealt by [sources] this turn" / "Prevent all combat damage [source] would deal
    /// this turn" (615.1): damage matching both `to` and `by` (either left out: any) is
    /// prevented for the rest of the turn. Specific objects and players are fixed as it
    /// resolves; "creatures" is every creature at the time of the damage.
    PreventAll { combat_only: bool, to: Option<Affected>, by: Option<Affected> },
    /// "If that creature would die this turn, exile it instead." (614.1a)
    ExileIfWouldDie(Affected),
    /// "[Instructions] at the beginning of the next end step." — a delayed triggered
    /// ability (603.7).
    /// `next_turn`: "at the beginning of the next turn's upkeep" — the step of a later turn,
    /// never the one under way.
    /// `link`: what "it" / "that creature" in the instructions (`Affected::Linked`) is — the
    /// token just created or a target of the creating effect — fixed as the delayed ability is
    /// created (603.7c).
    Delayed { step: StepName, instructions: Vec<Instruction>, next_turn: bool, link: Option<Affected> },
    /// "When that creature dies this turn, [effect]": a delayed triggered ability created as
    /// this resolves (603.7a), about the one object `link` is then (603.7c), triggering the
    /// first time that object dies this turn (700.4, 603.7b).
    DelayedDies { link: Affected, instructions: Vec<Instruction> },
    /// "When you do, [effect]" after an optional action ("you may pay {2}. When you do, …"):
    /// a reflexive triggered ability (603.12), which triggers as the action is taken and
    /// chooses its own targets as it is put on the stack (603.3d), once the action is done.
    Reflexive(Box<Effect>),
    /// "Sacrifice it. When you do, …": a required `action` followed by what depends on its
    /// being done (603.12) — `then` happens only if the action could be carried out.
    IfDone { action: Box<Instruction>, then: Vec<Instruction> },
    /// "Choose a creature type." as an instruction (608.2d): the type is chosen as it is
    /// carried out, and "of the chosen type" in the rest of the effect means it.
    ChooseCreatureType,
    /// "Shuffle [object] into its owner's library" (701.24a): the object — a permanent, a card
    /// in a graveyard, or the resolving spell itself — is put into its owner's library, which
    /// is then shuffled.
    ShuffleIntoLibrary(Affected),
    /// "Return a creature card from your graveyard to your hand", "… up to two … to the
    /// battlefield tapped", "… at random …": cards of your graveyard chosen as the
    /// instruction is carried out (608.2d) — not targets — or at random; `count` of them, or
    /// as many as there are; with `up_to`, any number up to `count`.
    ReturnFromGraveyard { filter: ObjectFilter, count: u32, up_to: bool, random: bool, to_battlefield: bool, tapped: bool },
    /// "Choose a color." as an instruction (608.2d): "of the chosen color" and "protection
    /// from the chosen color" in the rest of the effect mean it.
    ChooseColor,
    /// "You may sacrifice a creature. If you do, … If you don't, …" (608.2d, 118.12): the
    /// player may take `action` only if it is possible.
    MayOrElse { who: Affected, action: Box<Instruction>, then: Vec<Instruction>, otherwise: Vec<Instruction> },
    /// "Put N +1/+1 counters on [object]" (122.1a, 122.6).
    PutCounters { what: Affected, kind: CounterKind, count: Amount },
    /// "[Player] mills N cards" (701.17a): the top N cards of their library go to their
    /// graveyard, as many as there are (701.17b).
    Mill { who: Affected, count: Amount },
    /// "[Player] manifests the top card of [their] library" (701.40a), "[player] cloaks the
    /// top card of [their] library" (701.58a), "manifest dread" (701.62a): the card is turned
    /// face down and put onto the battlefield as a 2/2 creature (with ward {2} when cloaked).
    PutFaceDown { who: Affected, cloak: bool, dread: bool },
    /// "Surveil N." (701.25a)
    Surveil(u32),
    /// "[permanent] explores" (701.44a).
    Explore(Affected),
    /// "[permanent] connives" (701.50a).
    Connive(Affected),
    /// "[creature] fights [creature]" (701.14a): each deals damage equal to its power to the
    /// other.
    Fight(Affected, Affected),
    /// "Return [card] from a graveyard to the battlefield [tapped] [under your control]"
    /// (110.2a, 400.7): the permanent enters under its owner's control unless `yours`. "…
    /// with a +1/+1 counter on it" (undying 702.93a, persist 702.79a): `counter`. Nothing
    /// happens if the card has left the zone it was found in.
    ReturnToBattlefield { what: Affected, tapped: bool, yours: bool, counter: Option<EnterCounter> },
    /// "Exile this Saga, then return it to the battlefield transformed under your control"
    /// (701.13a, 712.14a): the source is exiled and the card returns with its back face up,
    /// under the ability's controller's control (`yours`) or its owner's. A card that isn't
    /// double-faced stays in exile (712.14a); nothing happens if the source has left.
    ExileReturnTransformed { yours: bool },
    /// The inherent ability of a player with speed (702.179d): "if your speed is less than 4,
    /// your speed increases by 1" — the condition checked again as it resolves (603.4).
    IncreaseSpeed,
    /// "You lose the game." (104.3e): unless a permanent of theirs says they can't (101.2).
    LoseGame(Affected),
    /// "Put [object] on top of / on the bottom of its owner's library" (401.4).
    PutInLibrary { what: Affected, bottom: bool },
    /// "Look at the top N cards of your library. Put one of them into your hand and the rest on
    /// the bottom of your library in any order / in a random order." (701.20e, 401.4): `take`
    /// of the cards seen go to the hand; the rest go where `rest` says.
    /// "Look at the top N cards of your library. You may reveal a creature card from among
    /// them and put it into your hand. Put the rest on the bottom of your library in a random
    /// order.": between `min` and `take` cards matching `filter` (any card when `None`) are
    /// taken, revealed first when `reveal` (701.20a). "Look at the top three cards of your
    /// library, then put them back in any order.": none is taken (`take` 0).
    /// `shown`: "Reveal the top N cards of your library. [You may] put a creature card from
    /// among them into your hand …" / "Put all land cards revealed this way into your hand …":
    /// every card is revealed (701.20a), not only looked at; with fewer matching cards than
    /// `min`, all that match are taken.
    /// `to`: where the cards taken go ("into your hand", "onto the battlefield [tapped]").
    /// `take` `u32::MAX`: "any number of" / "all … revealed this way". `count` is read as the
    /// effect uses it ("the top X cards of your library, where X is …", 608.2h).
    Dig { count: Amount, take: u32, min: u32, filter: Option<ObjectFilter>, reveal: bool, rest: DigRest, shown: bool, to: SearchDest },
    /// "Exile the top N cards of [player's] library" (701.13a, 406.2): from the top of each
    /// such player's library, as many as there are. The exiled cards are what the rest of the
    /// effect calls "that card", "those cards", "it" or "them" (608.2c).
    ExileTop { who: Affected, count: Amount },
    /// "Reveal the top card of your library." (701.20a): revealing leaves the cards where they
    /// are (701.20b); they are what the rest of the effect calls "it" or "that card".
    RevealTop { who: Affected, count: Amount },
    /// "Target player reveals a card at random from their hand." (701.20a): the card stays in
    /// the hand; it is what the rest of the effect calls "that card".
    RevealRandomFromHand(Affected),
    /// "Reveal cards from the top of your library until you reveal a creature card. Put that
    /// card into your hand and the rest on the bottom of your library in a random order."
    /// (701.20a): the first card matching `filter` goes where `to` says; every other card
    /// revealed goes where `rest` says.
    /// `who`: the player revealing ("Target player reveals cards from the top of their
    /// library until they reveal a land card, then puts those cards into their graveyard."),
    /// who puts the cards where the text says; `to` `None`: the card found goes with the rest.
    RevealUntil { who: Affected, filter: ObjectFilter, to: Option<SearchDest>, rest: DigRest },
    /// "Look at the top card of target player's library." (701.20e): only the player looking
    /// sees it; nothing moves.
    LookTop { who: Affected, count: Amount },
    /// "If it's a land card, [instructions]. Otherwise, [instructions]." after a reveal: which
    /// instructions follow depends on whether the revealed card matches `filter` (608.2c).
    IfSetAside { filter: ObjectFilter, then: Vec<Instruction>, otherwise: Vec<Instruction> },
    /// "Put it into your graveyard." — a card the effect revealed, from where it is.
    PutInGraveyard(Affected),
    /// "You may play that card this turn." / "Until the end of your next turn, you may play
    /// those cards." (601.3, 116.2a, 611.2a): the controller of the effect may play — or, when
    /// `cast_only`, cast — the cards an earlier instruction of the effect exiled, while they
    /// stay in exile, until `until` ends; playing a land this way is still the turn's land
    /// play (305.2).
    PlayExiled { cast_only: bool, until: PlayUntil },
    /// "Remove N [kind] counters from [object]" (122): as many as there are, up to N.
    RemoveCounters { what: Affected, kind: CounterKind, count: Amount },
    /// "Remove all [kind] counters from [object]" / "Remove all counters from …" (`None`:
    /// every kind).
    RemoveAllCounters { what: Affected, kind: Option<CounterKind> },
    /// "[Player] gets an emblem with "[ability]"" (114.2): an emblem with these abilities is
    /// put into the command zone, owned and controlled by that player; `text` is the quoted
    /// text, for the trace.
    Emblem { who: Affected, abilities: Vec<Ability>, text: String },
    /// "Double the number of [kind] counters on [object]" (701.10e): it gets as many more as it
    /// has.
    DoubleCounters { what: Affected, kind: CounterKind },
    /// Ninjutsu's effect (702.49a, 702.49c): put this card onto the battlefield from its
    /// owner's hand tapped and attacking, unblocked, whatever the creature returned to pay the
    /// cost was attacking.
    Ninjutsu,
    /// "Proliferate" (701.34a): the controller chooses any number of permanents and players
    /// with counters; each gets another counter of each kind it already has.
    Proliferate,
    /// "[Player] creates N [tapped] [token]s" (701.7a, 111.2): each new token enters the
    /// battlefield under the control of the player who creates it.
    /// `attacking`: "that's tapped and attacking" — put onto the battlefield attacking (508.4).
    CreateTokens { who: Affected, count: Amount, token: Box<TokenSpec>, tapped: bool, attacking: bool },
    /// "Create a token that's a copy of [object][, except …]" (707.1, 111.3): the token's
    /// characteristics are the copiable values of the object (707.2), with the exceptions
    /// (707.9); it uses the object as it last existed if it has left (111.12).
    CreateTokenCopy { who: Affected, of: Affected, except: Box<CopyExcept> },
    /// "[Permanent] becomes a copy of [object][, except …] [until end of turn]" (707.4): a copy
    /// effect in layer 1 (613.2a) with its own timestamp.
    BecomeCopy { what: Affected, of: Affected, except: Box<CopyExcept>, until_end_of_turn: bool },
}

/// One row of a die roll's results (706.3a): the instructions carried out when the result is
/// between `lo` and `hi`, both included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DieRow {
    pub lo: u32,
    pub hi: u32,
    pub instructions: Vec<Instruction>,
}

/// Where the cards looked at and not taken go ("the rest", 401.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum DigRest {
    /// "on the bottom of your library in any order": the player chooses the order; "in a
    /// random order" (`random`): the scenario's seed does.
    Bottom { random: bool },
    /// "then put them back in any order": on top, in the order the player chooses.
    Top,
    /// "and the rest into your graveyard".
    Graveyard,
    /// "then shuffles all other cards revealed this way into their library" (701.24a).
    ShuffleIn,
}

/// How long a permission to play exiled cards lasts (611.2a, 514.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum PlayUntil {
    /// "this turn" / "until end of turn": it ends in this turn's cleanup step.
    EndOfTurn,
    /// "until the end of your next turn": it ends in the cleanup step of the next turn its
    /// controller begins.
    EndOfYourNextTurn,
    /// "for as long as it remains exiled": until the card leaves exile (400.7).
    WhileExiled,
}

/// The characteristics an effect gives the tokens it creates (111.3): "a 1/1 white Soldier
/// creature token with flying", or a predefined token such as Treasure (111.10). A token has
/// no mana cost and no characteristics the effect doesn't define.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TokenSpec {
    /// Its subtypes plus "Token" when the effect names none (111.4): "Soldier Token".
    pub name: String,
    pub colors: Vec<Color>,
    pub types: Vec<CardType>,
    pub subtypes: Vec<String>,
    /// A creature token's power and toughness; X is its value as the token is created.
    pub power: Option<Amount>,
    pub toughness: Option<Amount>,
    /// The token's rules text ("Flying", a predefined token's ability), and its abilities as
    /// compiled from it.
    pub text: String,
    pub abilities: Vec<Ability>,
    /// The rules that define the token, cited as it is created: "111.10a" for a Treasure;
    /// "701.16a" and "111.10f" for the Clue of "investigate".
    pub rules: Vec<&'static str>,
}

/// A zone a search looks in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SearchZone {
    Library,
    Graveyard,
    Hand,
}

/// What a search looks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum CardQuery {
    /// "a card": a quantity, which must be found if the zone has it (701.23c).
    AnyCard,
    /// "a basic land card", "a creature card": a stated quality (701.23b).
    Filter { filter: ObjectFilter, basic: bool },
    /// "all cards with the same name as that artifact".
    SameNameAs(Affected),
    /// "a card named [name]" (partner with, 702.124j).
    Named(String),
}

/// Where found cards go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SearchDest {
    Hand,
    Battlefield { tapped: bool },
    Exile,
    /// "then shuffle and put that card on top": the library is shuffled without the found
    /// cards, which then go on top (701.24b).
    TopAfterShuffle,
}

/// A search (701.23).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Search {
    /// The player whose zones are searched.
    pub whose: Affected,
    pub zones: Vec<SearchZone>,
    pub query: CardQuery,
    /// `None`: all that match; `Some(n)`: up to n.
    pub count: Option<u32>,
    pub reveal: bool,
    pub dest: SearchDest,
}

/// A modal effect (700.2): choose between `min` and `max` of the modes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Modal {
    pub min: u32,
    pub max: u32,
    pub modes: Vec<Mode>,
    /// "You may choose the same mode more than once." (700.2d): a mode chosen several times
    /// happens that many times in sequence, each time with targets of its own.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub repeat: bool,
    /// Spree (702.172a): the additional cost of each mode, in printed order, paid for each
    /// mode chosen; empty for any other modal effect.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub spree: Vec<ManaCost>,
    /// "Choose one that hasn't been chosen [this turn] —": a mode already chosen for this
    /// ability of this object (ever, or this turn) can't be chosen again (700.2a, 700.2b); a
    /// new object has no memory of its old self's choices (400.7).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fresh: Option<FreshModes>,
}

/// How long a mode chosen for a "choose one that hasn't been chosen" ability stays used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum FreshModes {
    /// "that hasn't been chosen": for as long as the object exists.
    Ever,
    /// "that hasn't been chosen this turn".
    ThisTurn,
}

/// One mode: the target instances it declares (indices into the effect's targets) and its
/// instructions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mode {
    pub slots: Vec<usize>,
    pub instructions: Vec<Instruction>,
}

/// An additional cost a spell's text requires (601.2b, 118.8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[allow(clippy::large_enum_variant, reason = "IR is built once per card and read in place, never moved in a hot path")]
pub enum AdditionalCost {
    /// "As an additional cost to cast this spell, sacrifice a creature."
    Sacrifice(ObjectFilter),
    /// Sacrificing one permanent that matches any of the filters: "an artifact, enchantment,
    /// or token" (bargain, 702.166a).
    SacrificeOneOf(Vec<ObjectFilter>),
    /// "As an additional cost to cast this spell, discard a card."
    Discard,
    /// "As an additional cost to cast this spell, discard a creature card." — a card of that
    /// type; retrace's additional cost is a land card (702.81a).
    DiscardCard(CardType),
    /// "As an additional cost to cast this spell, return a land you control to its owner's
    /// hand."
    ReturnToHand(ObjectFilter),
}

impl Instruction {
    /// Whether the instruction moves the card with the ability out of its owner's graveyard
    /// ("return this card from your graveyard to your hand"): such an ability functions only
    /// there (113.6m).
    #[must_use]
    pub fn moves_this_from_graveyard(&self) -> bool {
        match self {
            Instruction::ReturnToHand(Affected::ThisInGraveyard) | Instruction::ReturnToBattlefield { what: Affected::ThisInGraveyard, .. } | Instruction::Unearth => true,
            Instruction::MayOrElse { action, then, .. } => action.moves_this_from_graveyard() || then.iter().any(Instruction::moves_this_from_graveyard),
            Instruction::Reflexive(effect) => effect.instructions.iter().any(Instruction::moves_this_from_graveyard),
            Instruction::IfDone { action, then } => action.moves_this_from_graveyard() || then.iter().any(Instruction::moves_this_from_graveyard),
            _ => false,
        }
    }

    /// Whether the instruction adds mana (106.1): what a mana ability does (605.1a).
    #[must_use]
    pub fn adds_mana(&self) -> bool {
        matches!(
            self,
            Instruction::AddMana(_)
                | Instruction::AddManaAnyColor { .. }
                | Instruction::AddManaChoice(_)
                | Instruction::AddManaOneColor { .. }
                | Instruction::AddManaChosenColor
                | Instruction::AddManaOrChosen(_)
                | Instruction::SpendOnly { .. }
        )
    }
}

impl Effect {
    /// Whether the effect moves the card with the ability out of its owner's graveyard: the
    /// ability functions only there (113.6m).
    #[must_use]
    pub fn moves_this_from_graveyard(&self) -> bool {
        self.instructions.iter().any(Instruction::moves_this_from_graveyard)
    }
}

/// An effect: the targets it declares, then the instructions in text order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Effect {
    pub targets: Vec<TargetSlot>,
    pub instructions: Vec<Instruction>,
    /// Set for a modal effect; its instructions are then in the modes.
    pub modal: Option<Modal>,
}

#[expect(clippy::trivially_copy_pass_by_ref, reason = "serde's skip_serializing_if passes a reference")]
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A part of the combat phase in which a spell may be cast (506.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum CombatWindow {
    /// "during combat": any step of the combat phase (506.7c).
    Combat,
    /// "during combat before blockers are declared": beginning of combat and declare
    /// attackers steps (506.7b).
    BeforeBlockers,
    /// "during combat after blockers are declared": from the declare blockers step on; never
    /// in a combat whose declare blockers step is skipped (506.7b, 506.7f).
    AfterBlockers,
    /// "during the declare attackers step".
    DeclareAttackers,
    /// "during the declare blockers step".
    DeclareBlockers,
}

/// The cost of an activated ability (602.1, 118).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Cost {
    pub mana: ManaCost,
    /// `{T}` (107.5).
    pub tap: bool,
    /// "Sacrifice this …" as a cost (701.21).
    pub sacrifice_self: bool,
    /// "Sacrifice a creature", "Sacrifice another creature" (`other`: not the source) as a
    /// cost (701.21a, 602.2b): a permanent of the activating player's, chosen as it is paid.
    pub sacrifice: Option<ObjectFilter>,
    /// "Pay N life" (119.4).
    pub pay_life: u32,
    /// "Pay {E}{E}" / "Pay eight {E}": energy counters the activating player removes from
    /// themselves (107.14, 118.3). Left out of the shown reading when none.
    #[serde(skip_serializing_if = "is_zero")]
    pub pay_energy: u32,
    /// "Exert this creature" (701.43a): it won't untap during its controller's next untap
    /// step. Left out of the shown reading when not part of the cost.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub exert_self: bool,
    /// "This ability costs {1} less to activate for each creature card in your graveyard."
    /// (602.2b, 601.2f): a change of the generic mana of the cost, times the count when there
    /// is one, worked out as the ability is activated. Left out of the shown reading when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost_change: Option<Box<(i32, Option<Counted>)>>,
    /// "Discard a card" (701.9a): the player chooses the card as the cost is paid.
    pub discard_card: bool,
    /// "Discard this card": the ability functions only while the card is in its owner's
    /// hand (113.6m), the card being discarded as the cost is paid.
    pub discard_self: bool,
    /// A cycling or typecycling ability (702.29a, 702.29e).
    pub cycling: bool,
    /// Crew N (702.122a): tap any number of other untapped creatures you control with total
    /// power N or more.
    pub crew: Option<u32>,
    /// "Activate only as a sorcery." (602.5d)
    pub sorcery_speed: bool,
    /// "Activate only once each turn." (602.5b)
    pub once_each_turn: bool,
    /// "Exhaust — [cost]: [effect]": "Activate only once." (702.177a)
    pub exhaust: bool,
    /// "Boast — [cost]: [effect]": "Activate only if this creature attacked this turn and only
    /// once each turn." (702.142a; `once_each_turn` is set too)
    pub boast: bool,
    /// "Activate only during your turn", "… during your upkeep", "… during combat" (602.1b).
    pub timing: Option<ActivationTiming>,
    /// "Activate only if you control three or more artifacts" (602.1b): the condition must
    /// hold as the ability is activated; it says nothing once the ability is on the stack.
    pub condition: Option<Box<Condition>>,
    /// "Any player may activate this ability." (602.2): not only the source's controller; the
    /// player who activates it controls it (602.2a).
    pub any_player: bool,
    /// A loyalty symbol (606.2, 606.4): loyalty counters put on (positive) or removed from
    /// (negative) the permanent; it makes the ability a loyalty ability.
    pub loyalty: Option<LoyaltyCost>,
    /// "Remove N [kind] counters from this …" (122, 602.2b).
    pub remove_counters: Option<(CounterKind, u32)>,
    /// "Return a land you control to its owner's hand" (602.2b): a permanent of the kind the
    /// player controls, chosen as the cost is paid.
    pub return_to_hand: Option<ObjectFilter>,
    /// "Tap an untapped creature you control", "Tap two untapped artifacts you control",
    /// "Tap another untapped Rogue you control" (602.2b, 118.3): that many untapped permanents
    /// of the kind the player controls (`other`: not the source), chosen and tapped as the cost
    /// is paid. Summoning sickness doesn't stop it: 302.6 is about the {T} symbol of a
    /// creature's own ability. Left out of the shown reading when not part of the cost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tap_untapped: Option<Box<(ObjectFilter, u32)>>,
    /// "Exile a blue card from your hand", "exile two green cards from your hand" (118.9 pitch
    /// costs, 406.2): that many cards of the kind from the player's hand, other than the
    /// spell itself, chosen (or named by `exile:`) and exiled as the cost is paid. Left out of
    /// the shown reading when not part of the cost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exile_from_hand: Option<Box<(ObjectFilter, u32)>>,
    /// Ninjutsu's cost beyond its mana (702.49a): reveal this card from your hand and return an
    /// unblocked attacking creature you control to its owner's hand. The ability functions
    /// only while the card is in its owner's hand. Left out of the shown reading when not part
    /// of the cost.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub ninjutsu: bool,
    /// "Exile a creature card from your graveyard", "Exile two cards from your graveyard"
    /// (602.2b): that many cards of the kind from the player's graveyard, other than the
    /// source, chosen (or named by `exile:`) and exiled as the cost is paid. Left out of the
    /// shown reading when not part of the cost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exile_from_graveyard: Option<Box<(ObjectFilter, u32)>>,
    /// "Exile this card from your graveyard": the ability functions only while the card is in
    /// its owner's graveyard (113.6m), and the card is exiled as the cost is paid. Left out of
    /// the shown reading when not part of the cost.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub exile_self_from_graveyard: bool,
}

impl Cost {
    /// Whether paying it does something besides mana and tapping the source itself: such a
    /// mana ability is used by a payment only when named (a Treasure's sacrifice, life, a
    /// discard, another permanent tapped are the player's choice).
    #[must_use]
    pub fn has_player_choices(&self) -> bool {
        self.sacrifice_self || self.sacrifice.is_some() || self.pay_life > 0 || self.pay_energy > 0 || self.exert_self || self.discard_card || self.remove_counters.is_some() || self.return_to_hand.is_some() || self.tap_untapped.is_some() || self.exile_from_hand.is_some() || self.ninjutsu || self.exile_from_graveyard.is_some() || self.exile_self_from_graveyard
    }
}

/// How mana with a restriction may be spent (106.6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum ManaSpend {
    /// "Spend this mana only to cast creature spells" / "… a creature spell": only on the
    /// cost of a spell that matches, as it is cast.
    OnlySpells(ObjectFilter),
    /// "This mana can't be spent to cast nonartifact spells" (Powerstone tokens, 111.10s): on
    /// anything but the cost of a spell that matches, as it is cast.
    NotSpells(ObjectFilter),
}

/// When an activated ability may be activated, by its activation instructions (602.1b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ActivationTiming {
    /// "Activate only during your turn."
    YourTurn,
    /// "Activate only during your turn, before attackers are declared."
    YourTurnBeforeAttackers,
    /// "Activate only during your upkeep."
    YourUpkeep,
    /// "Activate only during combat." (506.1: from the beginning of combat step to the end of
    /// combat step)
    Combat,
}

/// The number in a loyalty symbol (606.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum LoyaltyCost {
    /// `[+N]`, `[0]`, `[−N]`.
    Fixed(i32),
    /// `[−X]`: X loyalty counters removed, X chosen as the ability is activated (107.3).
    MinusX,
}

/// A cost paid while a spell or ability resolves ("unless that player pays {2}", "you may
/// pay {1}{G}", "unless you pay 3 life"): the cost-phrase grammar shared with activated
/// abilities (118.12).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum PayCost {
    /// Mana; an `{X}` in it is the X of the spell or ability (107.3).
    Mana(ManaCost),
    /// "N life" (119.4).
    Life(u32),
    /// "{E}{E}", "eight {E}": energy counters removed from the paying player (107.14).
    Energy(u32),
}

impl PayCost {
    /// The cost paid `n` times over, as one payment (702.24a: all of it or none).
    #[must_use]
    pub fn times(&self, n: u32) -> PayCost {
        match self {
            PayCost::Mana(m) => PayCost::Mana(ManaCost {
                generic: m.generic.saturating_mul(n),
                colored: m.colored.map(|c| c.saturating_mul(n)),
                colorless: m.colorless.saturating_mul(n),
                x: m.x.saturating_mul(n),
                special: (0..n).flat_map(|_| m.special.iter().copied()).collect(),
            }),
            PayCost::Life(l) => PayCost::Life(l.saturating_mul(n)),
            PayCost::Energy(e) => PayCost::Energy(e.saturating_mul(n)),
        }
    }
}

impl std::fmt::Display for PayCost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PayCost::Mana(m) => write!(f, "{m}"),
            PayCost::Life(n) => write!(f, "{n} life"),
            PayCost::Energy(n) if *n <= 4 => write!(f, "{}", "{E}".repeat(*n as usize)),
            PayCost::Energy(n) => write!(f, "{n} {{E}}"),
        }
    }
}

/// An ability of a card, in text order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[allow(clippy::large_enum_variant, reason = "IR is built once per card and read in place, never moved in a hot path")]
pub enum Ability {
    /// A keyword ability (702).
    Keyword(Keyword),
    /// The effect of an instant or sorcery spell (113.3a).
    Spell(Effect),
    /// "[Cost]: [Effect]." (602). `mana` marks a mana ability (605.1a).
    Activated { cost: Cost, effect: Effect, mana: bool },
    /// "Protection from …" (702.16).
    Protection(Quality),
    /// "This spell can't be countered." (101.2, 701.6).
    CantBeCountered,
    /// "Kicker {cost}" (702.33): an optional additional cost.
    Kicker(ManaCost),
    /// "Affinity for artifacts" (702.41a): the spell costs {1} less for each permanent its
    /// caster controls that matches.
    Affinity(ObjectFilter),
    /// "Morph {cost}" (702.37a): the card may be cast face down for {3} (702.37c) and turned
    /// face up for this cost (702.37e). `mega`: "Megamorph {cost}" (702.37b), which also puts
    /// a +1/+1 counter on it as it is turned face up.
    Morph { cost: ManaCost, mega: bool },
    /// "Disguise {cost}" (702.168a): the card may be cast face down for {3} as a 2/2 creature
    /// with ward {2} (702.168b) and turned face up for this cost (702.168d).
    Disguise(ManaCost),
    /// "Flashback {cost}" (702.34a): the card may be cast from its owner's graveyard by paying
    /// this cost rather than its mana cost; so cast, it is exiled whenever it would leave the
    /// stack.
    Flashback(ManaCost),
    /// "Buyback {cost}" (702.27a): an optional additional cost; paid, the spell returns to its
    /// owner's hand as it resolves instead of going to the graveyard.
    Buyback(ManaCost),
    /// "Evoke {cost}" (702.74a): the card may be cast by paying this cost rather than its mana
    /// cost; then, as it enters, a triggered ability makes its controller sacrifice it.
    Evoke(ManaCost),
    /// "Dash {cost}" (702.109a): the card may be cast for this cost rather than its mana cost;
    /// so cast, the permanent has haste and returns to its owner's hand at the beginning of the
    /// next end step.
    Dash(ManaCost),
    /// "Warp {cost}" (702.185a): the card may be cast from its owner's hand for this cost
    /// rather than its mana cost; so cast, the permanent it becomes is exiled at the beginning
    /// of the next end step, and its owner may cast the card from exile after that turn.
    Warp(ManaCost),
    /// "Plot {cost}" (702.170a): while the card is in its owner's hand, they may pay this cost
    /// and exile it as a special action during their main phase with an empty stack (116.2k);
    /// it becomes plotted, and may be cast from exile without paying its mana cost during
    /// their main phase with an empty stack on a later turn (702.170d).
    Plot(ManaCost),
    /// "Foretell {cost}" (702.143a): during their turn, the card's owner may pay {2} and exile
    /// it from their hand face down (116.2h); after that turn, they may cast it from exile for
    /// this cost rather than its mana cost.
    Foretell(ManaCost),
    /// "Blitz {cost}" (702.152a): the card may be cast for this cost rather than its mana
    /// cost; so cast, the permanent has haste and "When this permanent is put into a graveyard
    /// from the battlefield, draw a card", and is sacrificed at the beginning of the next end
    /// step.
    Blitz(ManaCost),
    /// "Replicate {cost}" (702.56a): an additional cost its caster may pay any number of
    /// times; when the spell is cast, if it was paid, a triggered ability copies the spell once
    /// for each payment.
    Replicate(ManaCost),
    /// "Overload {cost}" (702.96a): the spell may be cast for this cost rather than its mana
    /// cost; so cast, its text has "each" for every "target" (a text-changing effect, 702.96c)
    /// and it has no targets (702.96b). `effect` is its spell ability read with that text.
    Overload { cost: ManaCost, effect: Effect },
    /// "Conspire" (702.78a): an optional additional cost, tapping two untapped creatures its
    /// caster controls that each share a color with the spell; when the spell is cast, if it
    /// was paid, a triggered ability copies it.
    Conspire,
    /// "Casualty N" (702.153a): an optional additional cost, sacrificing a creature with power
    /// N or greater; when the spell is cast, if it was paid, a triggered ability copies it.
    Casualty(u32),
    /// "Bargain" (702.166a): an optional additional cost, sacrificing an artifact, an
    /// enchantment or a token; abilities of the card say what happens if it was bargained
    /// (`Condition::Bargained`, 702.166c).
    Bargain,
    /// "Gift a …" (702.174a): an optional additional cost, choosing an opponent; the gift is
    /// given to that player first thing as an instant or sorcery resolves (702.174j), or by an
    /// enters-the-battlefield trigger of a permanent (702.174b).
    Gift(Gift),
    /// "Offspring {cost}" (702.175a): an optional additional cost; paid, "When this permanent
    /// enters, if its offspring cost was paid, create a token that's a copy of it, except it's
    /// 1/1."
    Offspring(ManaCost),
    /// "[If …,] you may pay 1 life and exile a blue card from your hand rather than pay this
    /// spell's mana cost." (118.9): an alternative cost written in the card's text, paid
    /// instead of its mana cost when its caster chooses it (601.2b) and, with a condition,
    /// only while the condition holds. `cost.mana` is its mana part; its other parts (life, a
    /// permanent sacrificed, tapped or returned, cards exiled from the hand) are paid as the
    /// total cost is paid (601.2h).
    AlternativeCost { cost: Box<Cost>, condition: Option<Condition> },
    /// "Cast this spell only during combat …" (601.3, 506.7): when in the combat phase the
    /// spell may be cast; `attacked`: "and only if you've been attacked this step";
    /// `opponents_turn`: "on an opponent's turn".
    CastOnlyDuring { window: CombatWindow, attacked: bool, opponents_turn: bool },
    /// "Madness {cost}" (702.35a): discarded from its owner's hand, the card goes to exile
    /// instead of the graveyard, and a triggered ability lets its owner cast it for this cost
    /// or else puts it into the graveyard. Checked by the engine (`Game::put_discarded`).
    Madness(ManaCost),
    /// "Echo {cost}" (702.30a): a triggered ability — at the beginning of its controller's
    /// upkeep, if it came under their control since the beginning of their last upkeep,
    /// sacrifice it unless they pay the cost. Checked by the engine (`engine::triggers`).
    Echo(ManaCost),
    /// "You may exert this creature as it attacks. When you do, [effect]." (701.43d): an
    /// optional cost to attack (508.1g) and the triggered ability linked to it (607.2h), which
    /// triggers when its controller exerts the creature this way. The engine asks as attackers
    /// are declared.
    Exert(Effect),
    /// "Cumulative upkeep {cost}" (702.24a): a triggered ability — at the beginning of its
    /// controller's upkeep, if it is on the battlefield, put an age counter on it, then pay the
    /// cost once for each age counter on it or sacrifice it. Checked by the engine
    /// (`engine::triggers`).
    CumulativeUpkeep(PayCost),
    /// "As an additional cost to cast this spell, …" (601.2b).
    AdditionalCost(AdditionalCost),
    /// A static ability that creates a replacement or prevention effect (614, 615).
    Replacement(StaticReplacement),
    /// "Enchant creature" (702.5, 303.4a): what an Aura can be attached to, and its target.
    Enchant(ObjectFilter),
    /// "Enchanted creature gets +3/+3 and has flying." / "… can't attack or block." (303.4,
    /// 613.1f, 613.4c).
    Enchanted(EnchantedGets),
    /// "Umbra armor" (702.89; "totem armor" on older printings).
    UmbraArmor,
    /// "This creature can't attack/block/be blocked." — about the permanent itself (509.1b,
    /// 508.1c).
    SelfRestriction { cant_attack: bool, cant_block: bool, unblockable: bool },
    /// "You may have this creature assign its combat damage as though it weren't blocked."
    /// (510.1b–c): when it is blocked, its controller may have it assign all its combat damage
    /// to what it attacks instead of to its blockers.
    AssignAsThoughUnblocked,
    /// "[Trigger condition], [if …,] [effect]." (603.1, 603.4).
    Triggered { trigger: Box<Trigger>, condition: Option<Condition>, effect: Effect },
    /// "You can't play lands." / "Players can't play lands." — a static ability of a
    /// permanent (101.2, 305.2); `everyone` for "Players".
    CantPlayLands { everyone: bool },
    /// "This land enters tapped." — a replacement effect as it enters (614.1d, 614.12).
    EntersTapped,
    /// "This creature enters with N +1/+1 counters on it." (614.1c, 122.6).
    /// `count` is `Amount::X` for "enters with X … counters" (107.3m: the X paid for the spell
    /// it was, else 0).
    EntersWithCounters { kind: CounterKind, count: Amount },
    /// "This land enters tapped unless you control two or more basic lands." (614.1d): the
    /// condition is checked as it would enter.
    EntersTappedUnless(Condition),
    /// "As this land enters, you may pay 2 life. If you don't, it enters tapped." (614.12,
    /// 614.1d): the controller decides, as the permanent would enter, whether to do it.
    AsEntersMayOrTapped(EntryOffer),
    /// "This creature enters with a +1/+1 counter on it if you attacked this turn." (614.1c).
    EntersWithCountersIf { kind: CounterKind, count: Amount, condition: Condition },
    /// A static ability that generates a continuous effect (611.3): anthems, type-changing,
    /// ability-removing, P/T-setting and control-changing statics.
    Static(StaticEffect),
    /// "Noncreature spells cost {1} more to cast." / "Creature spells you cast cost {1} less
    /// to cast." (601.2f): spells matching the filter, "you" being this permanent's controller,
    /// cost `generic` more (or less, when negative).
    CostChange { spells: ObjectFilter, generic: i32 },
    /// "This spell costs {1} less to cast for each creature card in your graveyard." /
    /// "This spell costs {2} more to cast." (601.2f): its own total cost changes by `generic`
    /// (less when negative), times the count of `per` for its caster when given.
    SelfCostChange { generic: i32, per: Option<Counted> },
    /// "Creature spells you control can't be countered." (101.2, 701.6)
    SpellsCantBeCountered(ObjectFilter),
    /// "You may play an additional land on each of your turns." (305.2a)
    AdditionalLands(u32),
    /// "You can't lose the game and your opponents can't win the game." (101.2, 104.3)
    CantLoseGame,
    /// "You have no maximum hand size." (402.2, 514.1): its controller discards nothing in
    /// their cleanup step; "Players have no maximum hand size." (`everyone`): nobody does.
    NoMaxHandSize { everyone: bool },
    /// "You may look at the top card of your library any time." / "Play with the top card of
    /// your library revealed." (401.5): who may see a hidden card. A scenario's library is
    /// known to its author, so no result depends on it; it is read so that nothing is guessed.
    TopCardVisible { revealed: bool },
    /// "You may play lands from the top of your library." / "You may play lands and cast
    /// spells from the top of your library." / "You may cast noncreature spells from the top of
    /// your library." (601.3, 116.2a): this permanent's controller may play the top card of
    /// their library — a land when `lands`, a spell matching `spells` when it is set.
    PlayFromTop { lands: bool, spells: Option<ObjectFilter> },
    /// "Your opponents can't cast spells during your turn." / "You can't cast creature
    /// spells." (101.2, 601.3): who can't (relative to this permanent's controller), which
    /// spells, and whether only during its controller's turn.
    CantCast { who: ControllerFilter, spells: ObjectFilter, during_your_turn: bool },
    /// "You may have this creature enter as a copy of any creature on the battlefield[, except
    /// …]." — a replacement effect as it enters (614.1c, 707.5): what it may copy, and the
    /// exceptions to the copying (707.9).
    EnterAsCopy { filter: ObjectFilter, except: CopyExcept },
    /// "As this creature enters, choose a creature type." — a choice made as the permanent
    /// enters (614.12a), kept with it while it stays; a copy makes its own (707.6).
    AsEntersChoose(EntryChoiceKind),
    /// Text the compiler can't read yet, kept in its place as an ability of the kind the text
    /// shows, so that a scenario stops exactly when the ability could matter (never guessed).
    Unread(Box<Unread>),
}

/// What "As this land enters, you may … If you don't, it enters tapped." offers (614.12).
#[allow(clippy::large_enum_variant, reason = "an object filter is large; these are built once per card or effect and read in place, not moved in a hot path")]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum EntryOffer {
    /// "pay 2 life" (119.4).
    PayLife(u32),
    /// "reveal an Island or Swamp card from your hand" (701.20a).
    Reveal(ObjectFilter),
}

/// What an "as [this] enters, choose …" ability asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum EntryChoiceKind {
    Color,
    /// "choose a color other than black"
    ColorExcept(Color),
    CreatureType,
}

/// The exceptions a copy effect makes to the copying process (707.9): "except it's an Illusion
/// in addition to its other types", "except it isn't legendary", "except it's 1/1", "except it
/// has haste and \"…\"". They become part of the copy's copiable values (707.9a–b).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CopyExcept {
    pub add_types: Vec<CardType>,
    pub add_subtypes: Vec<String>,
    pub add_supertypes: Vec<String>,
    /// "it isn't legendary" / "it's not legendary".
    pub not_legendary: bool,
    /// "it's 7/7": a specific set of values for power and toughness (707.9d: a CDA defining
    /// them is then not copied).
    pub pt: Option<(i32, i32)>,
    /// "it doesn't copy that creature's color" (707.9c): it keeps its own colors.
    pub keep_color: bool,
    /// Abilities it has in addition to the copied ones (707.9a), with their text.
    pub abilities: Vec<Ability>,
    pub text: String,
    /// "it has this ability": the ability that makes the copy is one of them (707.9a).
    pub this_ability: bool,
}

impl CopyExcept {
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == CopyExcept::default()
    }
}

/// An ability whose text the compiler can't read: what kind of ability the text shows, and
/// the moment from which the game's result could depend on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unread {
    pub kind: UnreadKind,
    pub moment: Moment,
    /// The whole ability as printed (one line, one keyword, or a spell's whole text).
    pub text: String,
    /// The first words not understood, to the end of their sentence.
    pub words: String,
    /// What the compiler expected there.
    pub expected: String,
    /// The byte range of `words` in the card's text, for diagnostics.
    #[serde(skip)]
    pub at: (usize, usize),
}

/// The kind of ability unread text is, by its shape (113.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum UnreadKind {
    /// "[Cost]: [Effect]." (602.1)
    Activated,
    /// "When/Whenever/At …" (603.1)
    Triggered,
    /// A static ability (604.1).
    Static,
    /// A keyword ability (702), named.
    Keyword,
    /// The spell ability of an instant or sorcery (113.3a), or text that matters only as it is
    /// cast (costs, "this spell …").
    Spell,
}

impl UnreadKind {
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            UnreadKind::Activated => "activated ability",
            UnreadKind::Triggered => "triggered ability",
            UnreadKind::Static => "static ability",
            UnreadKind::Keyword => "keyword ability",
            UnreadKind::Spell => "spell ability",
        }
    }

    /// "a" or "an" before [`UnreadKind::name`].
    #[must_use]
    pub fn article(self) -> &'static str {
        if self == UnreadKind::Activated { "an" } else { "a" }
    }
}

/// When unread text starts to matter. The engine stops the scenario (exit 2) at that moment;
/// until then the ability can't change anything, so the game goes on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Moment {
    /// Nothing can be known about when it applies: the card can't be used at all.
    Load,
    /// No effect in a game (deck construction only: partner, companion, 702.124, 702.139).
    Never,
    /// When anyone activates it (602.1), or a payment needs it as a mana ability.
    Activate,
    /// When its trigger condition, which was read, is met (603.2).
    Trigger(Box<Trigger>),
    /// When the card is cast (601.2): spell text, casting options, timing, cost changes.
    Cast,
    /// When the card would be on the battlefield: statics and keywords of permanents function
    /// only there (113.6, 611.3).
    Battlefield,
    /// When a block involving the creature is declared (evasion keywords, 509.1b).
    Blocks,
    /// When it becomes the target of a spell or ability (ward, "hexproof from", 115.10).
    Targeted,
    /// When it would deal damage (infect, wither, toxic: 120.3).
    DealsDamage,
}

impl Moment {
    /// In words, for `judge card` and diagnostics.
    #[must_use]
    pub fn describe(&self) -> &'static str {
        match self {
            Moment::Load => "at once: nothing tells when it applies",
            Moment::Never => "never in a game (deck construction only)",
            Moment::Activate => "when it is activated",
            Moment::Trigger(_) => "when it triggers",
            Moment::Cast => "when the card is cast",
            Moment::Battlefield => "when the card is on the battlefield",
            Moment::Blocks => "when a block involving it is declared",
            Moment::Targeted => "when it becomes a target",
            Moment::DealsDamage => "when it deals damage",
        }
    }
}

impl Ability {
    /// The effect of a triggered ability the engine checks itself (echo, 702.30a), in the IR
    /// every triggered ability uses; `None` for other abilities.
    #[must_use]
    pub fn engine_trigger_effect(&self) -> Option<Effect> {
        match self {
            Ability::Echo(cost) => Some(Effect { instructions: vec![Instruction::SacrificeUnlessPays { what: Affected::This, cost: cost.clone() }], ..Effect::default() }),
            Ability::Evoke(_) => Some(Effect { instructions: vec![Instruction::SacrificeIt(Affected::This)], ..Effect::default() }),
            // 702.56a: "copy it for each time its replicate cost was paid", counted as it
            // triggers; 702.153a, 702.78a: "copy it". The spell is what it triggered on.
            Ability::Replicate(_) => Some(Effect { instructions: vec![Instruction::CopySpell { what: Affected::TriggerObject, new_targets: true, times: Amount::ThatMuch }], ..Effect::default() }),
            // 702.152a: "When this permanent is put into a graveyard from the battlefield, draw
            // a card", which a permanent whose blitz cost was paid has.
            Ability::Blitz(_) => Some(Effect { instructions: vec![Instruction::Draw { who: Affected::You, count: Amount::Fixed(1) }], ..Effect::default() }),
            Ability::Casualty(_) | Ability::Conspire => Some(Effect { instructions: vec![Instruction::CopySpell { what: Affected::TriggerObject, new_targets: true, times: Amount::Fixed(1) }], ..Effect::default() }),
            // 702.174b: "When this permanent enters, if its gift cost was paid, [the gift]",
            // given to the chosen opponent, the player it triggered for.
            Ability::Gift(g) => Some(Effect { instructions: g.instructions(), ..Effect::default() }),
            // 702.175a: "create a token that's a copy of it, except it's 1/1" (707.9b, 707.9d).
            Ability::Offspring(_) => Some(Effect {
                instructions: vec![Instruction::CreateTokenCopy { who: Affected::You, of: Affected::This, except: Box::new(CopyExcept { pt: Some((1, 1)), ..CopyExcept::default() }) }],
                ..Effect::default()
            }),
            Ability::Exert(effect) => Some(effect.clone()),
            Ability::Madness(_) => Some(Effect { instructions: vec![Instruction::Madness], ..Effect::default() }),
            Ability::CumulativeUpkeep(cost) => Some(Effect {
                instructions: vec![
                    Instruction::PutCounters { what: Affected::This, kind: CounterKind::Named("age".to_owned()), count: Amount::Fixed(1) },
                    Instruction::PayPerAgeOrSacrifice(cost.clone()),
                ],
                ..Effect::default()
            }),
            _ => None,
        }
    }
}

/// What "Gift a …" gives the chosen opponent (702.174d–i).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Gift {
    /// "Gift a Food" (702.174d).
    Food,
    /// "Gift a card" (702.174e).
    Card,
    /// "Gift a tapped Fish" (702.174f).
    TappedFish,
    /// "Gift an extra turn" (702.174g).
    ExtraTurn,
    /// "Gift a Treasure" (702.174h).
    Treasure,
    /// "Gift an Octopus" (702.174i).
    Octopus,
}

impl Gift {
    /// The gift after "Gift a"/"Gift an", in the words of the card.
    #[must_use]
    pub fn from_words(words: &[&str]) -> Option<Gift> {
        Some(match words {
            ["a", "food"] => Gift::Food,
            ["a", "card"] => Gift::Card,
            ["a", "tapped", "fish"] => Gift::TappedFish,
            ["an", "extra", "turn"] => Gift::ExtraTurn,
            ["a", "treasure"] => Gift::Treasure,
            ["an", "octopus"] => Gift::Octopus,
            _ => return None,
        })
    }

    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Gift::Food => "a Food",
            Gift::Card => "a card",
            Gift::TappedFish => "a tapped Fish",
            Gift::ExtraTurn => "an extra turn",
            Gift::Treasure => "a Treasure",
            Gift::Octopus => "an Octopus",
        }
    }

    /// What the chosen player gets (702.174d–i), as instructions for "that player" — the
    /// player a triggered ability triggered for (`Affected::TriggerPlayer`), which the
    /// engine sets to the chosen opponent.
    #[must_use]
    pub fn instructions(self) -> Vec<Instruction> {
        let who = Affected::TriggerPlayer;
        let token = |spec: TokenSpec, tapped: bool| Instruction::CreateTokens { who: Affected::TriggerPlayer, count: Amount::Fixed(1), token: Box::new(spec), tapped, attacking: false };
        let creature = |name: &str, sub: &str, p: i32, rule: &'static str| TokenSpec {
            name: name.into(),
            colors: vec![Color::Blue],
            types: vec![CardType::Creature],
            subtypes: vec![sub.into()],
            power: Some(Amount::Fixed(p)),
            toughness: Some(Amount::Fixed(p)),
            text: String::new(),
            abilities: Vec::new(),
            rules: vec![rule],
        };
        match self {
            Gift::Card => vec![Instruction::Draw { who, count: Amount::Fixed(1) }],
            Gift::ExtraTurn => vec![Instruction::ExtraTurn(who)],
            Gift::TappedFish => vec![token(creature("Fish Token", "Fish", 1, "702.174f"), true)],
            Gift::Octopus => vec![token(creature("Octopus Token", "Octopus", 8, "702.174i"), false)],
            Gift::Food | Gift::Treasure => crate::cards::tokens::predefined(if self == Gift::Food { "Food" } else { "Treasure" }).map(|t| token(t, false)).into_iter().collect(),
        }
    }
}

/// A "for as long as …" duration tied to the effect's source (611.2b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Hold {
    /// "for as long as this creature remains on the battlefield"
    SourceOnBattlefield,
    /// "for as long as you control this creature"
    YouControlSource,
    /// "until your next turn" (611.2a): until the effect's controller's next turn begins.
    UntilYourNextTurn,
}

/// What a continuous effect does (611.1), sorted by the layer it applies in (613.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[allow(clippy::large_enum_variant, reason = "IR is built once per card and read in place, never moved in a hot path")]
pub enum Change {
    /// Layer 2 (613.1b): the object is controlled by the effect's controller ("gain control of
    /// target creature", "You control enchanted creature").
    GainControl,
    /// Layer 4 (613.1d): "is a creature in addition to its other types", "is a Swamp in
    /// addition to its other land types".
    AddTypes { types: Vec<CardType>, subtypes: Vec<String> },
    /// Layer 4 (205.1b): "becomes a 2/2 Golem artifact creature" — it gains these card types,
    /// keeps its other types and subtypes, except that its creature types are replaced by
    /// these.
    AddTypesNewCreatureTypes { types: Vec<CardType>, subtypes: Vec<String> },
    /// Layer 4: "is the chosen type in addition to its other types" — the creature type chosen
    /// as the source entered (614.12a).
    AddChosenType,
    /// Layer 4 (613.1d, 305.7): the land's land subtypes are replaced by this basic land type;
    /// it loses the abilities of its rules text and has the new type's mana ability.
    SetLandType(String),
    /// Layer 5 (613.1e, 105.3): the object is exactly these colors.
    SetColors(Vec<Color>),
    /// Layer 6 (613.1f): gains a keyword ability.
    Grant(Keyword),
    /// Layer 6: gains protection.
    Protection(Quality),
    /// Layer 6: "has "{T}: Add one mana of any color."" — an activated ability written in
    /// quotation marks; `text` is the quoted text, for the trace.
    GrantAbility { ability: Box<Ability>, text: String },
    /// Layer 6: "loses all abilities".
    LoseAll,
    /// Layer 6: "loses flying".
    Lose(Keyword),
    /// Layer 7b (613.4b): base power and toughness set to these values.
    SetPt(PtValue, PtValue),
    /// Layer 7c (613.4c): "+N/+N".
    Pt(i32, i32),
    /// Layer 7c: "+N/+N for each [thing counted]", counted as the layer applies.
    PtFor { power: i32, toughness: i32, count: Count },
    /// Layer 7a (613.4a, 604.3): a characteristic-defining ability — "power and toughness are
    /// each equal to the number of …" (both), "power is equal to …" (power only: the printed
    /// toughness stays), "power is equal to … and its toughness is equal to …".
    PtEqualTo { power: Option<Count>, toughness: Option<Count> },
    /// Layer 7d (613.4d): power and toughness switched.
    Switch,
    /// Rules effects applied after the layers (613.11): "can't attack", "can't block",
    /// "can attack as though it didn't have defender".
    CantAttack,
    CantBlock,
    AttackDespiteDefender,
    /// "doesn't untap during its controller's untap step" (502.3).
    DoesntUntap,
    /// "its activated abilities can't be activated" (602.5): mana abilities included.
    CantActivate,
    /// "attacks each combat if able" (508.1d).
    AttacksEachCombat,
    /// "blocks each combat if able", "blocks this turn if able" (509.1c): a requirement that
    /// it block some attacker.
    BlocksEachCombat,
    /// "must be blocked if able" (509.1c): a requirement that at least one creature block it.
    MustBeBlocked,
    /// "All creatures able to block this creature do so." (509.1c): a requirement, for each
    /// creature able to block it, that that creature block it.
    AllMustBlock,
    /// "can't be blocked" (509.1b).
    CantBeBlocked,
    /// "can't be blocked except by creatures with flying" (509.1b): only creatures matching
    /// the filter may block it.
    CantBeBlockedExcept(ObjectFilter),
    /// "can block an additional creature each combat" (509.1a): how many more.
    BlockAdditional(u32),
    /// "can block only creatures with flying" (509.1b): it may block only attackers matching
    /// the filter ("you" is the controller of the creature with the restriction).
    CanBlockOnly(ObjectFilter),
    /// "can't block creatures with power 2 or greater" (509.1b): it may not block attackers
    /// matching the filter.
    CantBlockMatching(ObjectFilter),
    /// "can't be blocked by Walls", "… by creatures with power 2 or less" (509.1b): no
    /// creature matching the filter may block it.
    CantBeBlockedBy(ObjectFilter),
    /// "can't be blocked by more than one creature" (509.1b): at most this many blockers.
    MaxBlockers(u32),
    /// "can't attack unless defending player controls an Island" (508.1c): it may attack a
    /// player (or a planeswalker of a player) who controls a permanent matching the filter.
    AttackOnlyIfDefenderControls(ObjectFilter),
    /// "can't attack alone" (508.1c, 506.5): it may attack only if another creature is
    /// declared as an attacker too.
    CantAttackAlone,
    /// "can't block alone" (509.1b, 506.5): it may block only if another creature is declared
    /// as a blocker too.
    CantBlockAlone,
    /// "can only attack alone" (508.1c, 506.5): it may attack only as the sole attacker.
    AttackOnlyAlone,
}

/// Something a continuous effect counts ("for each artifact you control", "the number of
/// creature cards in your graveyard"), "you" being the effect's controller.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Count {
    /// Permanents on the battlefield matching the filter.
    Permanents(ObjectFilter),
    /// Cards in the controller's graveyard matching the filter.
    CardsInYourGraveyard(ObjectFilter),
    /// Cards in the controller's hand.
    CardsInYourHand,
    /// Counters of a kind on the effect's source ("for each charge counter on this
    /// Equipment", 122).
    CountersOnSource(CounterKind),
    /// "for each basic land type among lands you control" (domain, 207.2c, 205.3i).
    BasicLandTypes,
    /// "for each card type among cards in your graveyard" (205.2a).
    CardTypesInYourGraveyard,
    /// "the number of creature cards in all graveyards": cards matching the filter in every
    /// player's graveyard.
    CardsInAllGraveyards(ObjectFilter),
    /// "the total number of cards in all players' hands".
    CardsInAllHands,
    /// "your devotion to white" (700.5): a bit per `Color::index`.
    Devotion(u8),
    /// "the greatest mana value among creatures you control" (202.3): the largest among the
    /// permanents matching the filter, 0 when there are none.
    GreatestManaValue(ObjectFilter),
    /// "twice the number of …": the count times the factor.
    Times(i32, Box<Count>),
    /// "the number of Elves you control plus the number of Elf cards in your graveyard": the
    /// sum of the counts.
    Sum(Vec<Count>),
}

/// A value a P/T-setting effect sets power or toughness to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum PtValue {
    Fixed(i32),
    /// "equal to its mana value" (Opalescence, March of the Machines).
    ManaValue,
}

/// What a static ability's effect applies to (611.3a: whatever matches at each moment).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[allow(clippy::large_enum_variant, reason = "IR is built once per card and read in place, never moved in a hot path")]
pub enum StaticSubject {
    /// "Enchanted creature" / "Equipped creature": the object the source is attached to.
    Attached,
    /// "This creature": the source itself.
    This,
    /// "Creatures you control", "Other Elf creatures", "Each land", "Nonbasic lands": every
    /// permanent that matches, with "you" being the source's controller; `other` leaves the
    /// source out.
    Each { filter: ObjectFilter, other: bool },
}

/// A static ability that generates a continuous effect (604.1, 611.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StaticEffect {
    pub subject: StaticSubject,
    /// The parts of the effect; each applies in its own layer (613.6).
    pub changes: Vec<Change>,
    /// "as long as …": the effect exists only while this holds.
    pub condition: Option<Condition>,
}

/// The counter a permanent put onto the battlefield by an effect enters with (122.6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum EnterCounter {
    /// Undying's +1/+1 counter (702.93a).
    Undying,
    /// Persist's -1/-1 counter (702.79a).
    Persist,
    /// "… to the battlefield with a finality counter on it": one counter of the kind.
    Effect(CounterKind),
}

impl EnterCounter {
    /// The kind of the counter.
    #[must_use]
    pub fn kind(&self) -> CounterKind {
        match self {
            EnterCounter::Undying => CounterKind::PlusOne,
            EnterCounter::Persist => CounterKind::MinusOne,
            EnterCounter::Effect(k) => k.clone(),
        }
    }
}

/// A kind of counter (122.1). +1/+1 and -1/-1 counters change power and toughness (122.1a),
/// loyalty counters are a planeswalker's loyalty (122.1e, 306.5c), stun counters stop a
/// permanent from untapping (122.1d), shield counters protect it (122.1c), a finality counter
/// sends it to exile instead of a graveyard (122.1h). Every other kind the engine reads has no rules meaning of
/// its own (charge, time, oil, …): only the cards that count, add or remove it give it one.
/// Kinds whose rules meaning the engine does not model (keyword, defense, poison,
/// rad counters, 122.1b, 122.1f–g, 122.1i) are refused by [`CounterKind::from_name`].
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum CounterKind {
    /// +1/+1 (122.1a).
    PlusOne,
    /// -1/-1 (122.1a).
    MinusOne,
    /// Loyalty (122.1e).
    Loyalty,
    /// Stun (122.1d).
    Stun,
    /// Shield (122.1c).
    Shield,
    /// Lore (714.3): a Saga's progress through its chapters.
    Lore,
    /// Finality (122.1h): a permanent with one that would go to a graveyard from the
    /// battlefield is exiled instead.
    Finality,
    /// A kind without rules meaning, by its lower-case name ("charge").
    Named(String),
}

/// Counter kinds with a rules meaning the engine does not model yet: reading them as plain
/// tallies would be a wrong ruling, so they are refused.
const MEANINGFUL_KINDS: &[&str] = &[
    "flying", "first", "double", "deathtouch", "decayed", "exalted", "haste", "hexproof", "indestructible", "lifelink", "menace",
    "reach", "shadow", "trample", "vigilance", "defense", "poison", "rad", "energy", "experience", "ticket",
    "those", "additional", "that", "the", "a", "an", "of", "each", "all", "more", "no",
];

impl CounterKind {
    /// As written in card text and in expectations ("+1/+1", "charge").
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            CounterKind::Named(n) => n,
            _ => self.rules_name().unwrap_or_default(),
        }
    }

    /// The name of a kind with a rules meaning; `None` for one named by a card.
    #[must_use]
    pub fn rules_name(&self) -> Option<&'static str> {
        Some(match self {
            CounterKind::PlusOne => "+1/+1",
            CounterKind::MinusOne => "-1/-1",
            CounterKind::Loyalty => "loyalty",
            CounterKind::Stun => "stun",
            CounterKind::Shield => "shield",
            CounterKind::Lore => "lore",
            CounterKind::Finality => "finality",
            CounterKind::Named(_) => return None,
        })
    }

    /// The kind named `s` ("+1/+1", "loyalty", "charge"), or `None` when the engine does not
    /// model it (see [`CounterKind`]).
    #[must_use]
    pub fn from_name(s: &str) -> Option<CounterKind> {
        Some(match s {
            "+1/+1" => CounterKind::PlusOne,
            "-1/-1" => CounterKind::MinusOne,
            "loyalty" => CounterKind::Loyalty,
            "stun" => CounterKind::Stun,
            "shield" => CounterKind::Shield,
            "lore" => CounterKind::Lore,
            "finality" => CounterKind::Finality,
            _ if !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase()) && !MEANINGFUL_KINDS.contains(&s) => CounterKind::Named(s.to_owned()),
            _ => return None,
        })
    }
}

/// A yes/no requirement shown as the words of the text (`yes` when it must hold, `no` when it
/// must not), none when either matches: a bare `false` would read as "no requirement" where
/// defaults are hidden (`judge card`).
fn words<S: serde::Serializer>(v: Option<bool>, yes: &'static str, no: &'static str, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(true) => s.serialize_str(yes),
        Some(false) => s.serialize_str(no),
        None => s.serialize_none(),
    }
}

#[expect(clippy::ref_option, reason = "serde's serialize_with passes a reference")]
fn token_words<S: serde::Serializer>(v: &Option<bool>, s: S) -> Result<S::Ok, S::Error> {
    words(*v, "token", "nontoken", s)
}

#[expect(clippy::ref_option, reason = "serde's serialize_with passes a reference")]
fn tapped_words<S: serde::Serializer>(v: &Option<bool>, s: S) -> Result<S::Ok, S::Error> {
    words(*v, "tapped", "untapped", s)
}

#[expect(clippy::ref_option, reason = "serde's serialize_with passes a reference")]
fn combat_words<S: serde::Serializer>(v: &Option<bool>, s: S) -> Result<S::Ok, S::Error> {
    words(*v, "combat", "noncombat", s)
}
