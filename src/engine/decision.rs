//! The one decision interface: the engine asks, a decider answers (the scenario script
//! today; a random or search player later). The engine never guesses.

use crate::cards::ir::Color;
use crate::diag::Diagnostic;
use crate::engine::state::{Game, ObjId, PlayerId, Target};
use crate::rules::RuleId;

/// What kind of answer a decision needs.
#[derive(Clone, Debug)]
pub enum DecisionKind {
    /// Pick exactly `count` of `options` (cards to discard, …).
    Pick { options: Vec<Target>, count: usize },
    /// A color (106.1b, "one mana of any color").
    Color,
    /// One of these colors ("Add {R} or {G}.").
    ColorAmong(Vec<Color>),
    /// A creature type (205.3m): "choose a creature type".
    CreatureType,
    /// Divide `total` combat damage among `recipients` (510.1c–d). With trample (702.19b) the
    /// last recipient is the player or planeswalker attacked, and it may get damage only if
    /// every blocker gets at least its `lethal` amount (parallel to the blockers).
    Assign { recipients: Vec<Target>, total: u32, lethal: Option<Vec<u32>> },
    /// Pick between `min` and `max` of `options` (what a search finds, 701.23b). `found`: what
    /// the rules find anyway (a search's matches in a public zone), which an answer may list
    /// too (the contract's `pick` names every card found).
    PickRange { options: Vec<Target>, min: usize, max: usize, found: Vec<Target> },
    /// A "may" or an offer to pay (`able`: whether the player can take the option at all).
    May { able: bool },
    /// New targets for a copy of a spell, or keep them (707.10c).
    NewTargets { spell: ObjId },
    /// The order of a player's triggered abilities (603.3b): `options` are their sources,
    /// `abilities` the ability indices, parallel.
    Order { options: Vec<Target>, abilities: Vec<usize> },
    /// The targets of a triggered ability as it goes on the stack (603.3d): between `min` and
    /// `max` of `options` ("up to two target creatures" has `min` 0).
    TriggerTargets { options: Vec<Target>, min: usize, max: usize },
    /// The division of `total` among the targets of a triggered ability (601.2d, 603.3d):
    /// every recipient gets at least one.
    Divide { recipients: Vec<Target>, total: u32 },
    /// Which replacement or prevention effect to apply first (616.1): their sources.
    Apply { options: Vec<Target> },
    /// Scry (701.22a): `cards` are the top cards, in order.
    Scry { cards: Vec<ObjId> },
    /// Surveil (701.25a): `cards` are the top cards, in order; answered as a scry whose
    /// "bottom" is the graveyard.
    Surveil { cards: Vec<ObjId> },
    /// The order of cards put on the bottom of a library together (401.4), answered as a scry
    /// with only a `bottom`, topmost first.
    BottomOrder { cards: Vec<ObjId> },
    /// The order of cards put back on top of a library together (401.4), answered as a scry
    /// with only a `top`, topmost first.
    TopOrder { cards: Vec<ObjId> },
    /// Modes of a modal triggered ability (603.3c): between `min` and `max` of `count` modes.
    /// `used`: modes that can't be chosen ("choose one that hasn't been chosen", 700.2b).
    Modes { count: usize, min: usize, max: usize, used: Vec<usize> },
    /// The call of a coin flip, heads or tails (705.2).
    CoinCall,
}

/// A decision the rules ask a player to make.
#[derive(Clone, Debug)]
pub struct Decision {
    pub player: PlayerId,
    pub kind: DecisionKind,
    /// The rule that asks for it.
    pub rule: RuleId,
    /// What is being decided, in words ("discard 1 card (cleanup, hand size)").
    pub what: String,
}

#[derive(Clone, Debug)]
pub enum Answer {
    Pick(Vec<Target>),
    Color(Color),
    /// A creature type, as the rules spell it.
    CreatureType(String),
    Assign(Vec<(Target, u32)>),
    May(bool),
    /// `None`: keep the targets.
    Targets(Option<Vec<Target>>),
    /// Indices into the options of an `Order` decision, first to go on the stack first.
    Order(Vec<usize>),
    /// Scry: the cards kept on top (top first) and put on the bottom (in order).
    Scry { top: Vec<ObjId>, bottom: Vec<ObjId> },
    /// Chosen modes, 0-based, in printed order.
    Modes(Vec<usize>),
    /// A coin flip's call: `true` for heads (705.2).
    Call(bool),
}

/// A decider that answers nothing: for probing whether something can be done without asking.
pub struct Refuse;

impl Decider for Refuse {
    fn decide(&mut self, _game: &Game, _d: &Decision) -> Result<Answer, Stop> {
        Err(Stop(Diagnostic::new("probe", crate::diag::Span::default())))
    }
}

/// Why a run stopped before its end: the file must change (exit 2).
#[derive(Clone, Debug)]
pub struct Stop(pub Diagnostic);

/// Answers decisions. `describe` helps render the legal answers.
pub trait Decider {
    /// Answers `d`.
    ///
    /// # Errors
    /// When the decision is not scripted, or the scripted answer does not fit it.
    fn decide(&mut self, game: &Game, d: &Decision) -> Result<Answer, Stop>;

    /// The attackers to declare as the declare attackers step begins (508.1), with the script
    /// position of the declaration; `None` declares the smallest legal set (none).
    ///
    /// # Errors
    /// When the scripted declaration names things that don't exist.
    fn attackers(&mut self, game: &Game) -> Result<Option<(usize, AttackDecl)>, Stop> {
        let _ = game;
        Ok(None)
    }

    /// The blockers to declare (509.1), as [`Decider::attackers`].
    ///
    /// # Errors
    /// As [`Decider::attackers`].
    fn blockers(&mut self, game: &Game) -> Result<Option<(usize, BlockDecl)>, Stop> {
        let _ = game;
        Ok(None)
    }
}

/// Attackers and what each attacks (`None`: the only defending player).
pub type AttackDecl = Vec<(ObjId, Option<Target>)>;
/// Blockers and the attackers each blocks.
pub type BlockDecl = Vec<(ObjId, Vec<ObjId>)>;

/// Lists the legal answers of a decision, for messages.
#[must_use]
pub fn legal_answers(game: &Game, d: &Decision) -> String {
    match &d.kind {
        DecisionKind::Pick { options, count } => {
            let names: Vec<String> = options.iter().map(|t| game.describe_target(*t)).collect();
            format!("pick {count} of: {}", names.join(", "))
        }
        DecisionKind::Color => "color: white, blue, black, red or green".to_owned(),
        DecisionKind::ColorAmong(colors) => format!("color: {}", colors.iter().map(|c| c.name()).collect::<Vec<_>>().join(" or ")),
        DecisionKind::CreatureType => "subtype: a creature type (Elf, Goblin, Human, …)".to_owned(),
        DecisionKind::Assign { recipients, total, .. } => {
            let names: Vec<String> = recipients.iter().map(|o| game.describe_target(*o)).collect();
            format!("assign {total} damage among: {}", names.join(", "))
        }
        DecisionKind::PickRange { options, min, max, .. } => {
            let names: Vec<String> = options.iter().map(|t| game.describe_target(*t)).collect();
            let n = if *max >= options.len() { format!("{min} or more") } else { format!("{min} to {max}") };
            format!("pick {n} of: {}", names.join(", "))
        }
        DecisionKind::May { .. } => "may: true or may: false".to_owned(),
        DecisionKind::Order { options, .. } => {
            let names: Vec<String> = options.iter().map(|t| game.describe_target(*t)).collect();
            format!("order: [...] naming each of: {}", names.join(", "))
        }
        DecisionKind::Apply { options } => {
            let names: Vec<String> = options.iter().map(|t| game.describe_target(*t)).collect();
            format!("apply: one of {}", names.join(", "))
        }
        DecisionKind::Modes { count, min, max, used } => {
            let but = if used.is_empty() { String::new() } else { format!(", not {} (already chosen)", used.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>().join(", ")) };
            format!("modes: [...] — {} of modes 1 to {count}{but}", if min == max { min.to_string() } else { format!("{min} to {max}") })
        }
        DecisionKind::CoinCall => "call: heads or call: tails".to_owned(),
        DecisionKind::Scry { cards } => {
            let names: Vec<String> = cards.iter().map(|o| game.describe(*o)).collect();
            format!("top: [...] and bottom: [...] naming each of: {}", names.join(", "))
        }
        DecisionKind::BottomOrder { cards } => {
            let names: Vec<String> = cards.iter().map(|o| game.describe(*o)).collect();
            format!("bottom: [...] naming each of: {}", names.join(", "))
        }
        DecisionKind::TopOrder { cards } => {
            let names: Vec<String> = cards.iter().map(|o| game.describe(*o)).collect();
            format!("top: [...] naming each of: {}", names.join(", "))
        }
        DecisionKind::Surveil { cards } => {
            let names: Vec<String> = cards.iter().map(|o| game.describe(*o)).collect();
            format!("top: [...] and graveyard: [...] naming each of: {}", names.join(", "))
        }
        DecisionKind::TriggerTargets { options, min, max } => {
            let names: Vec<String> = options.iter().map(|t| game.describe_target(*t)).collect();
            let n = if min == max { min.to_string() } else { format!("{min} to {max}") };
            format!("targets: {n} of: {}", names.join(", "))
        }
        DecisionKind::Divide { recipients, total } => {
            let names: Vec<String> = recipients.iter().map(|o| game.describe_target(*o)).collect();
            format!("divide: {total} among {}, at least 1 each", names.join(", "))
        }
        DecisionKind::NewTargets { spell } => {
            let now: Vec<String> = game.obj(*spell).choices.targets.iter().map(|c| game.describe_target(c.target)).collect();
            format!("targets: [...] (one per current target: {}), or may: false to keep them", now.join(", "))
        }
    }
}

impl Game {
    /// Asks for a decision, taking it without asking when there is only one legal answer
    /// (traced as forced).
    ///
    /// # Errors
    /// As the decider's.
    pub fn decide(&mut self, dec: &mut dyn Decider, d: &Decision) -> Result<Answer, Stop> {
        use crate::engine::{Ev, event::EventKind};
        let forced = match &d.kind {
            DecisionKind::Pick { options, count } if options.len() <= *count => Some(Answer::Pick(options.clone())),
            DecisionKind::Pick { count: 0, .. } => Some(Answer::Pick(Vec::new())),
            DecisionKind::Assign { recipients, total, .. } if recipients.len() == 1 => Some(Answer::Assign(vec![(recipients[0], *total)])),
            DecisionKind::PickRange { options, min, .. } if options.len() <= *min => Some(Answer::Pick(options.clone())),
            DecisionKind::May { able: false } => Some(Answer::May(false)),
            _ => None,
        };
        let (answer, how) = match forced {
            Some(a) => (a, "forced"),
            None => (dec.decide(self, d)?, "chosen"),
        };
        let shown = match &answer {
            Answer::Pick(ts) => ts.iter().map(|t| self.describe_target(*t)).collect::<Vec<_>>().join(", "),
            Answer::Color(c) => c.name().to_owned(),
            Answer::CreatureType(t) => t.clone(),
            Answer::Assign(a) => a.iter().map(|(o, n)| format!("{n} to {}", self.describe_target(*o))).collect::<Vec<_>>().join(", "),
            Answer::May(true) => "yes".to_owned(),
            Answer::May(false) => "no".to_owned(),
            Answer::Targets(None) => "keep the targets".to_owned(),
            Answer::Targets(Some(ts)) => ts.iter().map(|t| self.describe_target(*t)).collect::<Vec<_>>().join(", "),
            Answer::Modes(ms) => ms.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>().join(", "),
            Answer::Call(heads) => (if *heads { "heads" } else { "tails" }).to_owned(),
            Answer::Scry { top, bottom } => {
                let names = |v: &[ObjId]| v.iter().map(|o| self.describe(*o)).collect::<Vec<_>>().join(", ");
                format!("top [{}], bottom [{}]", names(top), names(bottom))
            }
            Answer::Order(o) => match &d.kind {
                DecisionKind::Order { options, .. } => o.iter().filter_map(|&i| options.get(i)).map(|t| self.describe_target(*t)).collect::<Vec<_>>().join(", then "),
                _ => String::new(),
            },
        };
        let shown = if shown.is_empty() { "nothing".to_owned() } else { shown };
        let ev = Ev::new(EventKind::Choice, format!("{} {how}: {} — {shown}", self.players[d.player].name, d.what)).player(self, d.player).rule(d.rule);
        self.record(ev);
        Ok(answer)
    }
}
