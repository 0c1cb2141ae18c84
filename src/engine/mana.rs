//! Mana: pools (106.4), mana abilities (605) and paying mana costs (601.2g–h, 118).
//!
//! Without an explicit `pay:` list, payment is automatic and deterministic: mana already in
//! the pool first, then untapped sources in battlefield order, matched to the symbols of the
//! cost (hybrid, Phyrexian and snow symbols included, 107.4) so that the cost is paid whenever
//! any assignment of the sources can pay it. Convoke, improvise and delve (702.51, 702.126,
//! 702.66) pay only with what the action names, since which creatures or cards are used can
//! change the game; Phyrexian symbols are paid with life only when the action says so.

use crate::cards::ir::{Ability, CardType, Color, CostSymbol, Instruction, ManaCost, ManaKind};
use crate::cite;
use crate::engine::decision::{Answer, Decider, Decision, DecisionKind, Stop};
use crate::engine::event::{EventKind, POOL_SYMBOLS, Text};
use crate::engine::state::{Game, ObjId, PlayerId, Zone};
use crate::engine::{Ev, casting::{Choices, Illegal}};

/// Index of a mana kind in a pool: W U B R G C.
#[must_use]
pub fn pool_index(k: ManaKind) -> usize {
    match k {
        ManaKind::Colored(c) => c.index(),
        ManaKind::Colorless => 5,
    }
}


/// What one mana ability of a source makes.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Out {
    /// "Add {C}{C}."
    Fixed(Vec<ManaKind>),
    /// "Add {R} or {G}.", "Add one mana of any color.": one mana of one of these kinds.
    OneOf(Vec<ManaKind>),
    /// "Add two mana of any one color."
    OneColor(u32),
    /// "Add two mana in any combination of colors.": each of `n` mana of any color.
    AnyColors(u32),
}

impl Out {
    fn of(instructions: &[Instruction]) -> Option<Out> {
        match instructions {
            [Instruction::AddMana(kinds)] => Some(Out::Fixed(kinds.clone())),
            [Instruction::AddManaAnyColor { count: 1 }] => Some(Out::OneOf(Color::ALL.into_iter().map(ManaKind::Colored).collect())),
            [Instruction::AddManaAnyColor { count }] => Some(Out::AnyColors(*count)),
            [Instruction::AddManaChoice(kinds)] => Some(Out::OneOf(kinds.clone())),
            [Instruction::AddManaOneColor { count }] => Some(Out::OneColor(*count)),
            _ => None,
        }
    }

    /// The mana it can make, as the fixed amounts it may choose among; "any one color"
    /// only in the colors `wanted` (the rest can't help a payment more than white does).
    /// "Any combination" is one amount whose units each make any color (see [`Out::free`]).
    fn options(&self, wanted: &[Color]) -> Vec<Kinds> {
        match self {
            Out::AnyColors(n) => vec![smallvec::smallvec![ManaKind::Colored(Color::White); *n as usize]],
            Out::Fixed(k) => vec![k.iter().copied().collect()],
            Out::OneOf(ks) => ks.iter().map(|&k| smallvec::smallvec![k]).collect(),
            Out::OneColor(n) => {
                let colors = if wanted.is_empty() { &[Color::White][..] } else { wanted };
                colors.iter().map(|&c| smallvec::smallvec![ManaKind::Colored(c); *n as usize]).collect()
            }
        }
    }

    /// How many amounts [`Out::options`] lists, without listing them.
    fn option_count(&self, wanted: &[Color]) -> usize {
        match self {
            Out::AnyColors(_) | Out::Fixed(_) => 1,
            Out::OneOf(ks) => ks.len(),
            Out::OneColor(_) => wanted.len().max(1),
        }
    }

    /// The most mana one of its amounts is (0 when it has none).
    fn most(&self) -> usize {
        match self {
            Out::AnyColors(n) | Out::OneColor(n) => *n as usize,
            Out::Fixed(k) => k.len(),
            Out::OneOf(ks) => usize::from(!ks.is_empty()),
        }
    }

    /// Whether `kinds` is one of the amounts [`Out::options`] lists.
    fn makes(&self, kinds: &[ManaKind], wanted: &[Color]) -> bool {
        let all = |c: Color| kinds.iter().all(|&k| k == ManaKind::Colored(c));
        match self {
            Out::AnyColors(n) => kinds.len() == *n as usize && all(Color::White),
            Out::Fixed(k) => k.as_slice() == kinds,
            Out::OneOf(ks) => matches!(kinds, [k] if ks.contains(k)),
            Out::OneColor(n) => kinds.len() == *n as usize && if wanted.is_empty() { all(Color::White) } else { wanted.iter().any(|&c| all(c)) },
        }
    }

    fn single(&self) -> bool {
        match self {
            Out::Fixed(k) => k.len() == 1,
            Out::OneOf(_) => true,
            Out::OneColor(n) | Out::AnyColors(n) => *n == 1,
        }
    }

    /// Whether each unit of its amount is of any color.
    fn free(&self) -> bool {
        matches!(self, Out::AnyColors(_))
    }
}

/// A permanent whose mana abilities a payment may activate, with each ability's output.
#[derive(Clone, Debug)]
struct Source {
    id: ObjId,
    abilities: Vec<(usize, Out)>,
    snow: bool,
}

/// One mana a cost needs, with what may pay it (107.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Need {
    Color(Color),
    /// A hybrid symbol: either color (107.4e).
    Either(Color, Color),
    /// `{C/W}`: colorless or the color (107.4e).
    ColorOrColorless(Color),
    /// `{C}` (107.4c).
    Colorless,
    /// `{S}`: any type, from a snow source (107.4h).
    Snow,
    Generic,
}

impl Need {
    /// The kind among `kinds` that pays it, if any (snow is checked by the caller).
    fn kind_among(self, kinds: &[ManaKind]) -> Option<ManaKind> {
        kinds.iter().copied().find(|&k| match (self, k) {
            (Need::Generic | Need::Snow, _) | (Need::Colorless | Need::ColorOrColorless(_), ManaKind::Colorless) => true,
            (Need::Color(c) | Need::ColorOrColorless(c), ManaKind::Colored(d)) => c == d,
            (Need::Either(a, b), ManaKind::Colored(d)) => a == d || b == d,
            _ => false,
        })
    }
}

/// The kinds one unit of supply may make: at most the five colors and colorless, kept inline.
type Kinds = smallvec::SmallVec<[ManaKind; 6]>;

/// How one unit of supply can pay one mana of a cost.
#[derive(Clone, Debug)]
enum Pays {
    /// One mana of one of these kinds (a source's choice), from a snow source or not.
    Mana { kinds: Kinds, snow: bool },
    /// A creature tapped for convoke (702.51a): a generic mana, or a colored one of its colors.
    Convoke(Vec<Color>),
    /// An artifact tapped for improvise (702.126a) or a card exiled for delve (702.66a).
    GenericOnly,
}

impl Pays {
    fn accepts(&self, need: Need) -> bool {
        match self {
            Pays::Mana { kinds, snow } => (need != Need::Snow || *snow) && need.kind_among(kinds).is_some(),
            Pays::Convoke(colors) => match need {
                Need::Generic => true,
                Need::Color(c) | Need::ColorOrColorless(c) => colors.contains(&c),
                Need::Either(a, b) => colors.contains(&a) || colors.contains(&b),
                Need::Colorless | Need::Snow => false,
            },
            Pays::GenericOnly => need == Need::Generic,
        }
    }
}

/// Where a unit of supply comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    /// Mana in the pool: its index and whether a snow source made it.
    Pool(usize, bool),
    /// Source number `src` with its option number `option` (an ability, or one of the amounts
    /// an ability can choose).
    Source { src: usize, option: usize },
    Convoke(ObjId),
    Improvise(ObjId),
    Delve(ObjId),
}

#[derive(Clone, Debug)]
struct Supply {
    origin: Origin,
    pays: Pays,
    /// Named in the action (`tap:`, `exile:`): it must pay for something.
    forced: bool,
}

/// How a cost may be paid besides mana from the pool and untapped sources: a permanent that
/// automatic payment must not tap (the source of an ability whose cost also includes {T}), and
/// what the spell's keywords allow.
#[derive(Clone, Copy, Debug, Default)]
pub struct Alternatives {
    /// The rule under which the cost is paid when it isn't a spell's or ability's cost paid as
    /// it is cast or activated (601.2h): "unless … pays" and "you may pay" during a resolution
    /// (118.12a, 608.2d).
    pub during: Option<crate::rules::RuleId>,
    pub reserved: Option<ObjId>,
    pub convoke: bool,
    pub improvise: bool,
    pub delve: bool,
    /// The spell whose total cost is being paid as it is cast (601.2h): mana restricted to
    /// spells of a kind (106.6) may pay only for a spell of that kind. `None` for the cost of
    /// an ability or one paid during a resolution.
    pub for_spell: Option<ObjId>,
}

/// The instructions of a mana ability that add mana: those it begins with (the compiler puts
/// every other instruction after them).
fn mana_part(effect: &crate::cards::ir::Effect) -> &[Instruction] {
    let n = effect.instructions.iter().take_while(|i| i.adds_mana()).count();
    &effect.instructions[..n]
}

/// Whether a mana ability does more than add mana ("This land deals 1 damage to you"):
/// automatic payment never activates it, since what else it does is the player's choice to
/// accept (it is used when named in `pay:`).
fn has_side_effects(effect: &crate::cards::ir::Effect) -> bool {
    mana_part(effect).len() < effect.instructions.len()
}

impl Game {
    /// The mana abilities of `id` that a payment may activate: for automatic payment only
    /// those whose whole cost is {T} (sacrificing a Treasure, paying life or discarding is the
    /// player's choice, never made for them); for a source named in `pay:` any without a mana
    /// cost of its own.
    fn source(&self, id: ObjId, named: bool) -> Option<Source> {
        let abilities: Vec<(usize, Out)> = self
            .abilities(id)
            .filter_map(|(i, a)| match a {
                // 602.5b: an "only once each turn" ability already activated this turn is no source.
                Ability::Activated { cost, .. } if cost.once_each_turn && self.obj(id).activated_turns.contains(&(i, self.turn)) => None,
                // 602.5b: nor is one whose "activate only if" condition is false now.
                Ability::Activated { cost, mana: true, .. } if cost.condition.as_ref().is_some_and(|c| !self.condition_holds(c, id, self.controller(id))) => None,
                Ability::Activated { cost, effect, mana: true } if cost.mana.is_empty() && (named || (cost.tap && !cost.has_player_choices() && !has_side_effects(effect))) => {
                    match mana_part(effect) {
                        [Instruction::AddManaChosenColor] => self.obj(id).entry_choice.color.map(|c| (i, Out::Fixed(vec![ManaKind::Colored(c)]))),
                        [Instruction::AddManaOrChosen(k)] => Some((i, Out::OneOf(self.or_chosen(id, *k)))),
                        _ => Out::of(mana_part(effect)).map(|o| (i, o)),
                    }
                }
                _ => None,
            })
            .collect();
        let snow = self.supertypes(id).iter().any(|s| s == "Snow");
        (!abilities.is_empty()).then_some(Source { id, abilities, snow })
    }

    /// Automatic payment: [`plan`] over every source `p` could tap, found by looking at as few
    /// of them as it takes. The first sources, twice as many at each round, are tried with
    /// [`plan_first`], whose answer is then the one every source would give; when that can't
    /// be told, [`plan`] looks at all of them.
    #[expect(clippy::too_many_arguments, reason = "the parts of one payment")]
    fn plan_automatic(&self, p: PlayerId, skip: &[ObjId], cost: &ManaCost, x: u32, life: &[bool], forced: &[Supply], pool: [u32; 6], pool_snow: [u32; 6], wanted: &[Color]) -> (Vec<Source>, Option<Plan>) {
        let units = least_units(cost, x) + cost.special.len() as u64;
        // The sources `p` could tap for mana now, in battlefield order (302.6 for creatures),
        // after the permanents known to be tapped (found again after each payment otherwise: a
        // long game that taps one land an action would walk past all the others).
        let mut skipped = self.tapped_prefix.get().min(self.battlefield.len());
        while self.battlefield.get(skipped).is_some_and(|&id| self.obj(id).tapped) {
            skipped += 1;
        }
        self.tapped_prefix.set(skipped);
        let mut all = self.battlefield[skipped..]
            .iter()
            .copied()
            .filter(|&id| !self.obj(id).tapped && self.controller(id) == p && !self.summoning_sick(id) && !skip.contains(&id) && !self.has_effect(id, &crate::cards::ir::Change::CantActivate))
            .filter_map(|id| self.source(id, false));
        let mut sources: Vec<Source> = Vec::new();
        if units <= 64 {
            let mut want = usize::try_from(units).unwrap_or(64) + 2;
            loop {
                let before = sources.len();
                sources.extend(all.by_ref().take(want - before));
                let complete = sources.len() < want;
                if complete {
                    break;
                }
                if let Some(found) = plan_first(cost, x, life, forced, &sources, pool, pool_snow, wanted) {
                    return (sources, Some(found));
                }
                want *= 2;
            }
        }
        sources.extend(all);
        let planned = plan(cost, x, life, forced, &sources, pool, pool_snow, wanted);
        (sources, planned)
    }

    /// Untapped permanents of `p` whose mana abilities cost more than {T} (a Treasure's
    /// sacrifice, life, a discard): automatic payment never activates them, since those costs
    /// are the player's choice to pay; they are used when named in `pay:`.
    fn unused_sources_hint(&self, p: PlayerId) -> String {
        let names: Vec<String> = self
            .permanents_of(p)
            .filter(|&id| !self.obj(id).tapped)
            .filter(|&id| self.card(id).abilities().iter().any(|a| matches!(a, Ability::Activated { cost, effect, mana: true } if cost.has_player_choices() || has_side_effects(effect))))
            .map(|id| self.describe(id))
            .collect();
        if names.is_empty() { String::new() } else { format!(" without {} (automatic payment never sacrifices, pays life, discards, returns a permanent or uses a mana ability with other effects: name it in `pay:`)", names.join(", ")) }
    }

    /// "{k} or one mana of the chosen color": the kinds `id` can make (only `k` when no color
    /// was chosen, 106.5).
    fn or_chosen(&self, id: ObjId, k: ManaKind) -> Vec<ManaKind> {
        match self.obj(id).entry_choice.color.map(ManaKind::Colored) {
            Some(c) if c != k => vec![k, c],
            _ => vec![k],
        }
    }

    /// Adds mana to a player's pool, traced; mana a snow permanent makes is snow mana (107.4h).
    /// `how`: the rule by which the mana is added now (605.3b for an activated mana ability,
    /// 608.2c for a resolving spell or ability's instruction).
    pub fn add_mana(&mut self, p: PlayerId, kinds: &[ManaKind], source: ObjId, how: crate::rules::RuleId) {
        if let Some(only) = self.adding_restricted.clone() {
            // 106.6: kept apart, with what it may be spent on (restricted mana is not counted
            // as snow mana here).
            for &k in kinds {
                self.players[p].pool_restricted.push((pool_index(k), only.clone()));
            }
            let shown: String = kinds.iter().map(|&k| POOL_SYMBOLS[pool_index(k)]).collect();
            let ev = Ev::new(EventKind::AddMana, format!("{} adds {shown} ({}), which {}", self.players[p].name, self.described(source), spend_words(&only)))
                .player(self, p)
                .source(self, source)
                .amount(i64::try_from(kinds.len()).unwrap_or(0))
                .rules(&[cite!(mana.added), how, cite!(mana.restricted_spending)]);
            self.record(ev);
            return;
        }
        let snow = self.on_battlefield(source) && self.supertypes(source).iter().any(|s| s == "Snow");
        for &k in kinds {
            self.players[p].pool[pool_index(k)] += 1;
            if snow {
                self.players[p].pool_snow[pool_index(k)] += 1;
            }
        }
        // Pool indices are below 6.
        let ev = Ev::new(EventKind::AddMana, Text::Adds(kinds.iter().map(|&k| pool_index(k) as u8).collect()))
            .player(self, p)
            .source(self, source)
            .amount(i64::try_from(kinds.len()).unwrap_or(0))
            .rules(&[cite!(mana.added), how]);
        self.record(ev);
    }

    /// Activates the mana ability `ability` of `id` on the player's request (605.3a), paying
    /// its whole cost: mana, {T}, life, a discarded card (chosen from `ch.discard` or asked)
    /// and sacrificing the source (a Treasure, 111.10a). `ch` holds the action's choices;
    /// `make`, when a payment has planned it, is the mana the ability's choice makes.
    ///
    /// # Errors
    /// When its cost cannot be paid.
    pub fn activate_mana_ability(&mut self, id: ObjId, ability: usize, ch: &Choices, dec: &mut dyn Decider) -> Result<Result<(), Illegal>, Stop> {
        self.activate_mana_ability_making(id, ability, ch, None, dec)
    }

    fn activate_mana_ability_making(&mut self, id: ObjId, ability: usize, ch: &Choices, make: Option<&[ManaKind]>, dec: &mut dyn Decider) -> Result<Result<(), Illegal>, Stop> {
        let p = self.controller(id);
        let held = self.held_ability(id, ability);
        let Some(Ability::Activated { cost, effect, .. }) = held.as_deref() else {
            return Ok(Err(Illegal::new(cite!(activate.no_such_ability), "that ability does not exist")));
        };
        // 602.5: mana abilities are activated abilities too.
        if self.has_effect(id, &crate::cards::ir::Change::CantActivate) {
            return Ok(Err(Illegal::cited(&cite!(activate.effect_forbids), format!("the activated abilities of {} can't be activated", self.described(id)))));
        }
        // 602.5b: so does "Activate only if …", checked as it is activated, "you" being its
        // controller.
        if let Some(c) = &cost.condition
            && !self.condition_holds(c, id, p)
        {
            return Ok(Err(Illegal::cited(&cite!(activate.condition_false), format!("the mana ability of {} can't be activated: its \"activate only if\" condition is false", self.described(id)))));
        }
        // 602.5b: "Activate only once each turn" limits mana abilities too.
        if cost.once_each_turn {
            if self.obj(id).activated_turns.contains(&(ability, self.turn)) {
                return Ok(Err(Illegal::new(cite!(activate.once_each_turn), format!("the mana ability of {} can be activated only once each turn, and it already was this turn", self.described(id)))));
            }
            let turn = self.turn;
            self.obj_mut(id).activated_turns.push((ability, turn));
        }
        if cost.tap {
            if self.obj(id).tapped {
                return Ok(Err(Illegal::new(cite!(cost.tapped), format!("{} is already tapped", self.described(id)))));
            }
            if self.summoning_sick(id) {
                return Ok(Err(Illegal::new(cite!(cost.summoning_sick), format!("{} has not been under its controller's control since their most recent turn began", self.described(id)))));
            }
        }
        if !cost.mana.is_empty()
            && let Err(e) = self.pay_mana(p, &cost.mana, 0, &Choices::default(), Alternatives { reserved: cost.tap.then_some(id), ..Alternatives::default() }, dec)? {
                return Ok(Err(e));
            }
        if cost.tap {
            self.become_tapped(id);
            let mut ev = Ev::new(EventKind::Tap, Text::TappedForMana).object(self, id).rules(&cite!(mana.tap_for_mana));
            if cost.condition.is_some() {
                // 602.1b: its "activate only if" condition held as it was activated.
                ev = ev.rule(cite!(activate.condition_true));
            }
            self.record(ev);
        }
        if let Err(e) = self.pay_other_costs(p, id, cost, ch, dec)? {
            return Ok(Err(e));
        }
        if let Some(kinds) = make {
            self.add_mana(p, kinds, id, cite!(mana.ability_adds));
        } else {
            for ins in mana_part(effect) {
                self.produce(p, id, ins, cite!(mana.ability_effect), dec)?;
            }
        }
        // 605.3b: the rest of the ability ("This land deals 1 damage to you") happens as it
        // resolves, at once, with the mana.
        let rest = &effect.instructions[mana_part(effect).len()..];
        if !rest.is_empty() {
            let ctx = crate::engine::resolve::Context {
                controller: p,
                source: id,
                targets: Vec::new(),
                legal: Vec::new(),
                x: 0,
                kicked: false,
                no_regen: false,
                exile_countered: false,
                trigger: crate::engine::state::TriggerInfo::default(),
                sacrificed: None,
            };
            // A new effect: no count shown yet, no card named yet (608.2h).
            (self.noted_now, self.that_card_now) = (None, None);
            self.perform_each(rest, &ctx, dec)?;
        }
        if cost.tap {
            self.tapped_for_mana(id, dec)?;
        }
        Ok(Ok(()))
    }

    /// `land` was just tapped for mana (106.12a): the triggered mana abilities that watch it
    /// ("Whenever enchanted land is tapped for mana, its controller adds an additional {G}")
    /// resolve at once, without the stack (605.1b, 605.4a), adding mana for its controller.
    fn tapped_for_mana(&mut self, land: ObjId, dec: &mut dyn Decider) -> Result<(), Stop> {
        use crate::cards::ir::{Subject, Trigger};
        let mut watching: Vec<(ObjId, Vec<Instruction>)> = Vec::new();
        let triggers = if self.may_have(crate::engine::layers::Kinds::TRIGGER) { self.battlefield.as_slice() } else { &[] };
        for &src in triggers {
            for (_, a) in self.abilities(src) {
                if let Ability::Triggered { trigger, effect, .. } = a
                    && let Trigger::TappedForMana(s) = &**trigger
                    && match s {
                        Subject::Enchanted => self.obj(src).attached_to == Some(land),
                        Subject::This => src == land,
                        Subject::Matching { filter, another } => !(*another && src == land) && self.matches_filter(land, filter, self.controller(src)),
                        Subject::ThisOr(filter) => src == land || self.matches_filter(land, filter, self.controller(src)),
                    }
                {
                    watching.push((src, effect.instructions.clone()));
                }
            }
        }
        let who = self.controller(land);
        for (src, instructions) in watching {
            let ev = Ev::new(EventKind::Trigger, format!("{}'s triggered mana ability triggers on {} and resolves at once", self.described(src), self.described(land))).source(self, src).rules(&cite!(mana.triggered_ability));
            self.record(ev);
            for ins in &instructions {
                self.produce(who, src, ins, cite!(mana.triggered_adds), dec)?;
            }
        }
        Ok(())
    }

    /// Carries out one mana-producing instruction whose source is `source` (106.4), asking for
    /// the color or kind where the text leaves a choice (106.1b).
    ///
    /// # Errors
    /// When that choice is not scripted.
    pub fn produce(&mut self, p: PlayerId, source: ObjId, ins: &Instruction, how: crate::rules::RuleId, dec: &mut dyn Decider) -> Result<(), Stop> {
        match ins {
            Instruction::AddMana(kinds) => self.add_mana(p, kinds, source, how),
            Instruction::AddManaAnyColor { count } => {
                for _ in 0..*count {
                    let d = Decision { player: p, kind: DecisionKind::Color, rule: cite!(mana.choose_color), what: format!("the color of the mana from {}", self.described(source)) };
                    if let Answer::Color(c) = self.decide(dec, &d)? {
                        self.add_mana(p, &[ManaKind::Colored(c)], source, how);
                    }
                }
            }
            Instruction::AddManaOneColor { count } => {
                let d = Decision { player: p, kind: DecisionKind::Color, rule: cite!(mana.choose_one_color), what: format!("the one color of the {count} mana from {}", self.described(source)) };
                if let Answer::Color(c) = self.decide(dec, &d)? {
                    self.add_mana(p, &vec![ManaKind::Colored(c); *count as usize], source, how);
                }
            }
            Instruction::AddManaChosenColor => match self.obj(source).entry_choice.color {
                Some(c) => self.add_mana(p, &[ManaKind::Colored(c)], source, how),
                None => {
                    let ev = Ev::new(EventKind::AddMana, format!("{} has no chosen color: its ability adds no mana", self.described(source))).player(self, p).source(self, source).amount(0).rule(cite!(mana.no_chosen_color));
                    self.record(ev);
                }
            },
            Instruction::AddManaOrChosen(k) => {
                let kinds = self.or_chosen(source, *k);
                if let [only] = kinds.as_slice() {
                    self.add_mana(p, &[*only], source, how);
                } else {
                    let colors: Vec<Color> = kinds.iter().filter_map(|k| if let ManaKind::Colored(c) = k { Some(*c) } else { None }).collect();
                    let d = Decision { player: p, kind: DecisionKind::ColorAmong(colors), rule: cite!(mana.choose_among), what: format!("which mana {} adds", self.described(source)) };
                    if let Answer::Color(c) = self.decide(dec, &d)? {
                        self.add_mana(p, &[ManaKind::Colored(c)], source, how);
                    }
                }
            }
            // 106.6: the mana the inner instruction adds goes to the pool with its restriction.
            Instruction::SpendOnly { add, only } => {
                let outer = self.adding_restricted.replace(only.clone());
                let r = self.produce(p, source, add, how, dec);
                self.adding_restricted = outer;
                r?;
            }
            Instruction::AddManaChoice(kinds) => {
                let colors: Vec<Color> = kinds.iter().filter_map(|k| if let ManaKind::Colored(c) = k { Some(*c) } else { None }).collect();
                let d = Decision { player: p, kind: DecisionKind::ColorAmong(colors), rule: cite!(mana.choose_among), what: format!("which mana {} adds", self.described(source)) };
                if let Answer::Color(c) = self.decide(dec, &d)? {
                    self.add_mana(p, &[ManaKind::Colored(c)], source, how);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Pays a mana cost for `p` (601.2g–h): from the pool, after activating the mana abilities
    /// of the sources named in `ch.pay`, or automatically; with the creatures and artifacts of
    /// `ch.tap` and the cards of `ch.exile` where `alt` allows convoke, improvise or delve; and
    /// with 2 life for each Phyrexian symbol `ch.phyrexian` says (107.4f).
    ///
    /// Which mana pays which symbol is a bipartite matching (augmenting paths), so a source
    /// that can make {R} or {G} is used where the whole cost needs it; sources and symbols are
    /// tried in a fixed order, so the payment is deterministic.
    ///
    /// # Errors
    /// `Stop` for a decision that cannot be made; the inner `Illegal` when the cost can't be paid (118.3).
    pub fn pay_mana(&mut self, p: PlayerId, cost: &ManaCost, x: u32, ch: &Choices, alt: Alternatives, dec: &mut dyn Decider) -> Result<Result<(), Illegal>, Stop> {
        if self.players[p].pool_restricted.is_empty() {
            return self.pay_mana_from_pool(p, cost, x, ch, alt, dec);
        }
        // 106.6: restricted mana that may pay this cost joins the pool for the payment, and is
        // spent before unrestricted mana of its kind (what is left keeps its restriction).
        let (usable, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.players[p].pool_restricted).into_iter().partition(|(_, only)| self.may_spend(p, only, alt.for_spell));
        self.players[p].pool_restricted = kept;
        for (i, _) in &usable {
            self.players[p].pool[*i] += 1;
        }
        self.last_pool_spend = [0; 6];
        let r = self.pay_mana_from_pool(p, cost, x, ch, alt, dec);
        let mut spent = self.last_pool_spend;
        for (i, only) in usable {
            if spent[i] > 0 {
                spent[i] -= 1;
            } else {
                self.players[p].pool[i] -= 1;
                self.players[p].pool_restricted.push((i, only));
            }
        }
        match r {
            Ok(Err(e)) if !self.players[p].pool_restricted.is_empty() => {
                let shown: String = self.players[p].pool_restricted.iter().map(|(i, _)| POOL_SYMBOLS[*i]).collect();
                let mut e = e.also(cite!(pay.restricted_mana));
                e.reason = format!("{}; the restricted mana in the pool ({shown}) can't be spent on it", e.reason);
                Ok(Err(e))
            }
            r => r,
        }
    }

    /// Whether mana with restriction `only` may be spent on the cost being paid (106.6):
    /// `spell` is the spell being cast, if it is a spell's cost.
    fn may_spend(&self, p: PlayerId, only: &crate::cards::ir::ManaSpend, spell: Option<ObjId>) -> bool {
        use crate::cards::ir::ManaSpend;
        match only {
            ManaSpend::OnlySpells(f) => spell.is_some_and(|s| self.matches_filter(s, f, p)),
            ManaSpend::NotSpells(f) => !spell.is_some_and(|s| self.matches_filter(s, f, p)),
        }
    }

    fn pay_mana_from_pool(&mut self, p: PlayerId, cost: &ManaCost, x: u32, ch: &Choices, alt: Alternatives, dec: &mut dyn Decider) -> Result<Result<(), Illegal>, Stop> {
        // 601.2b, 107.4f: Phyrexian symbols paid with life.
        let phyrexian: Vec<CostSymbol> = cost.special.iter().copied().filter(|s| s.is_phyrexian()).collect();
        let life: Vec<bool> = match &ch.phyrexian {
            None => vec![false; phyrexian.len()],
            Some(_) if phyrexian.is_empty() => return Ok(Err(Illegal::cited(&cite!(phyrexian.no_symbol), format!("{cost} has no Phyrexian mana symbol to pay with life")))),
            Some(v) if v.len() == 1 => vec![v[0]; phyrexian.len()],
            Some(v) if v.len() == phyrexian.len() => v.clone(),
            Some(v) => return Ok(Err(Illegal::cited(&cite!(phyrexian.count_mismatch), format!("{cost} has {} Phyrexian mana symbol(s); `phyrexian:` says how to pay {}", phyrexian.len(), v.len())))),
        };
        let life_total = 2 * u32::try_from(life.iter().filter(|&&l| l).count()).unwrap_or(0);
        if life_total > 0 && self.players[p].life < i64::from(life_total) {
            return Ok(Err(Illegal::cited(&cite!(phyrexian.cant_pay_life), format!("{} can't pay {life_total} life for Phyrexian mana", self.players[p].name))));
        }
        // Convoke, improvise and delve: what the action names (702.51a, 702.126a, 702.66a).
        let mut forced: Vec<Supply> = Vec::new();
        for list in [&ch.tap, &ch.exile] {
            let list = list.as_deref().unwrap_or_default();
            if let Some((_, &id)) = list.iter().enumerate().find(|(i, id)| list[..*i].contains(id)) {
                return Ok(Err(Illegal::cited(&cite!(pay.named_twice), format!("{} is named twice: it can pay for only one mana", self.described(id)))));
            }
        }
        for &id in ch.tap.as_deref().unwrap_or_default() {
            let ok = self.on_battlefield(id) && self.controller(id) == p;
            if !(alt.convoke || alt.improvise) {
                return Ok(Err(Illegal::cited(&cite!(pay.tap_not_allowed), format!("{} can't be tapped to pay this cost: only convoke and improvise let a spell be paid by tapping permanents", self.described(id)))));
            }
            if !ok || self.obj(id).tapped {
                return Ok(Err(Illegal::cited(&cite!(pay.not_untapped_permanent), format!("{} is not an untapped permanent {} controls", self.described(id), self.players[p].name))));
            }
            let pays = if alt.convoke && self.is_creature(id) {
                Supply { origin: Origin::Convoke(id), pays: Pays::Convoke(self.colors(id).to_vec()), forced: true }
            } else if alt.improvise && self.has_type(id, CardType::Artifact) {
                Supply { origin: Origin::Improvise(id), pays: Pays::GenericOnly, forced: true }
            } else {
                let (what, rule) = if alt.convoke { ("a creature (convoke)", cite!(convoke.not_creature)) } else { ("an artifact (improvise)", cite!(improvise.not_artifact)) };
                return Ok(Err(Illegal::new(rule, format!("{} is not {what}", self.described(id))).also(cite!(pay.convoke_improvise_kind))));
            };
            forced.push(pays);
        }
        for &id in ch.exile.as_deref().unwrap_or_default() {
            if !alt.delve {
                return Ok(Err(Illegal::cited(&cite!(delve.no_delve), format!("nothing lets {} exile {} to pay this cost: the spell doesn't have delve", self.players[p].name, self.described(id)))));
            }
            let o = self.obj(id);
            if !o.live || o.zone != Zone::Graveyard || o.owner != p {
                return Ok(Err(Illegal::cited(&cite!(delve.not_in_graveyard), format!("{} is not a card in {}'s graveyard", self.described(id), self.players[p].name))));
            }
            forced.push(Supply { origin: Origin::Delve(id), pays: Pays::GenericOnly, forced: true });
        }
        if forced.is_empty() && cost.special.is_empty() && cost.mana_value(x) == 0 {
            return Ok(Ok(()));
        }
        let named: Vec<ObjId> = ch.tap.iter().chain(&ch.exile).flatten().copied().collect();
        let mut skip = named.clone();
        skip.extend(alt.reserved);
        // The sources: those named in `pay:`, or every untapped one that costs only {T}.
        let sources: Vec<Source> = match ch.pay.as_deref() {
            Some(ids) => {
                if let Some(&id) = ids.iter().find(|id| named.contains(id)) {
                    return Ok(Err(Illegal::cited(&cite!(pay.tapped_twice), format!("{} is named both as a mana source and to be tapped for convoke or improvise; it can be tapped only once", self.described(id)))));
                }
                for &id in ids {
                    if self.controller(id) != p || !self.on_battlefield(id) {
                        return Ok(Err(Illegal::new(cite!(mana.not_source), format!("{} is not a mana source {} controls", self.described(id), self.players[p].name))));
                    }
                    if let Some(u) = self.unread(id).map(|(_, u)| u).find(|u| crate::engine::unread::may_add_mana(u)) {
                        return Err(crate::engine::unread::unread_stop(self.describe(id), u, "it is named to pay a cost (605.1a)"));
                    }
                    if !self.abilities(id).any(|(_, a)| matches!(a, Ability::Activated { mana: true, .. })) {
                        return Ok(Err(Illegal::new(cite!(mana.no_mana_ability), format!("{} has no mana ability", self.described(id)))));
                    }
                    if self.source(id, true).is_none() && self.abilities(id).any(|(_, a)| matches!(a, Ability::Activated { mana: true, effect, .. } if effect.instructions.iter().any(|i| matches!(i, Instruction::SpendOnly { .. })))) {
                        return Ok(Err(Illegal::cited(&cite!(mana.restricted_source_first), format!("{}'s mana has a restriction on how it is spent: activate its mana ability first (`activate:`), then pay from the pool", self.described(id)))));
                    }
                }
                ids.iter().filter_map(|&id| self.source(id, true)).collect()
            }
            None => Vec::new(),
        };
        let pool = self.players[p].pool;
        let pool_snow = self.players[p].pool_snow;
        let wanted: Vec<Color> = Color::ALL.into_iter().filter(|&c| cost.colored[c.index()] > 0 || cost.special.iter().any(|s| s.has_color(c))).collect();
        let (sources, planned) = if ch.pay.is_some() {
            let planned = plan(cost, x, &life, &forced, &sources, pool, pool_snow, &wanted);
            (sources, planned)
        } else {
            self.plan_automatic(p, &skip, cost, x, &life, &forced, pool, pool_snow, &wanted)
        };
        let Some((needs, supply, assign)) = planned else {
            if ch.pay.is_none() {
                // 605.1a: a mana ability the compiler can't read might have paid it.
                self.check_unread_mana(p, &format!("{} can't pay {cost} with the mana abilities judge reads", self.players[p].name))?;
            }
            let why = format!("{} cannot pay {cost}: not enough mana available{}", self.players[p].name, self.unused_sources_hint(p));
            let hint = if !forced.is_empty() {
                " (each permanent named in `tap:` and each card named in `exile:` must pay for one mana of the cost that it can pay)"
            } else if ch.phyrexian.is_none() && !phyrexian.is_empty() {
                " (a Phyrexian symbol may be paid with 2 life instead: say so with `phyrexian: life`)"
            } else {
                ""
            };
            let mut e = Illegal::cited(&cite!(pay.not_enough_mana), format!("{why}{hint}"));
            if !cost.special.is_empty() {
                e = e.also(if life.iter().any(|&l| !l) && !phyrexian.is_empty() && ch.phyrexian.is_none() { cite!(phyrexian.life_unpaid) } else { cite!(pay.special_symbol) });
            }
            return Ok(Err(e));
        };
        // Activate the mana abilities the plan uses (or, for `pay:`, every source named).
        // (source, option, mana made, whether a need it pays restricts the kind of mana)
        let mut used: Vec<(usize, usize, Vec<ManaKind>, bool)> = Vec::new();
        for (n, &s) in assign.iter().enumerate() {
            if let Origin::Source { src, option } = supply[s].origin {
                let Pays::Mana { kinds, .. } = &supply[s].pays else { continue };
                let k = needs[n].kind_among(kinds).unwrap_or(kinds[0]);
                let restricts = !matches!(needs[n], Need::Generic | Need::Snow);
                match used.iter_mut().find(|(i, o, _, _)| *i == src && *o == option) {
                    Some(u) => u.3 |= restricts,
                    None => used.push((src, option, if option == usize::MAX { vec![k] } else { group_kinds(&supply, &needs, &assign, src, option) }, restricts)),
                }
            }
        }
        used.sort_by_key(|(src, _, _, _)| *src);
        let explicit = ch.pay.is_some();
        for (src, option, kinds, restricts) in &used {
            let ability = option_ability(&sources[*src], *option, kinds, &wanted);
            // With `pay:`, mana whose color the payment leaves open is the player's choice
            // (106.1b): asked, as the ability resolves.
            let chooses = explicit && !restricts && sources[*src].abilities.iter().any(|(i, o)| *i == ability && !matches!(o, Out::Fixed(_)));
            if let Err(e) = self.activate_mana_ability_making(sources[*src].id, ability, ch, (!chooses).then_some(kinds.as_slice()), dec)? {
                return Ok(Err(e));
            }
        }
        if explicit {
            for &id in ch.pay.as_deref().unwrap_or_default() {
                let planned = used.iter().any(|(src, ..)| sources[*src].id == id);
                if planned {
                    continue;
                }
                // Named but not needed: its mana stays in the pool. Of several mana abilities,
                // the first.
                let Some(ability) = self.abilities(id).find_map(|(i, a)| matches!(a, Ability::Activated { mana: true, .. }).then_some(i)) else { continue };
                if let Err(e) = self.activate_mana_ability(id, ability, &Choices::default(), dec)? {
                    return Ok(Err(e));
                }
            }
        }
        // Convoke, improvise, delve (601.2h).
        let mut rest: Vec<Need> = Vec::new();
        for (n, &s) in assign.iter().enumerate() {
            match supply[s].origin {
                Origin::Convoke(id) => {
                    self.become_tapped(id);
                    let ev = Ev::new(EventKind::Tap, format!("{} is tapped to convoke {}", self.described(id), need_words(needs[n]))).object(self, id).rules(&cite!(convoke.tap));
                    self.record(ev);
                }
                Origin::Improvise(id) => {
                    self.become_tapped(id);
                    let ev = Ev::new(EventKind::Tap, format!("{} is tapped to improvise {{1}}", self.described(id))).object(self, id).rules(&cite!(improvise.tap));
                    self.record(ev);
                }
                Origin::Delve(id) => {
                    let ev = Ev::new(EventKind::Exile, format!("{} is exiled to delve {{1}}", self.described(id))).object(self, id).zone(Zone::Exile).rules(&cite!(delve.exile));
                    self.record(ev);
                    self.move_object(id, Zone::Exile);
                }
                Origin::Pool(..) | Origin::Source { .. } => rest.push(needs[n]),
            }
        }
        // Spend the pool on the rest.
        let mut pool = self.players[p].pool;
        let mut pool_snow = self.players[p].pool_snow;
        let supply = pool_supply(pool, pool_snow);
        let Some(assign) = matching(&supply, &rest) else {
            return Ok(Err(Illegal::cited(&cite!(pay.not_enough_mana), format!("{} cannot pay {cost}: the mana produced is not enough", self.players[p].name))));
        };
        let mut spent = [0u32; 6];
        for s in assign {
            if let Origin::Pool(i, snow) = supply[s].origin {
                pool[i] -= 1;
                spent[i] += 1;
                if snow {
                    pool_snow[i] -= 1;
                }
            }
        }
        self.players[p].pool = pool;
        self.players[p].pool_snow = pool_snow;
        self.last_pool_spend = spent;
        if spent.iter().any(|&n| n > 0) {
            let mut ev = Ev::new(EventKind::PayMana, Text::Pays(spent)).player(self, p).rule(alt.during.unwrap_or(cite!(pay.mana)));
            if !cost.special.is_empty() {
                let shown: String = (0..6).flat_map(|i| std::iter::repeat_n(POOL_SYMBOLS[i], spent[i] as usize)).collect();
                ev.text = Text::Words(format!("{} pays {shown} for {cost}", self.players[p].name));
                ev = ev.rule(cite!(pay.mana_symbols));
            }
            self.record(ev);
        }
        if life_total > 0 {
            let paid: Vec<String> = phyrexian.iter().zip(&life).filter(|(_, l)| **l).map(|(s, _)| s.to_string()).collect();
            self.pay_life(p, life_total, &format!(" for {}", paid.join("")), &cite!(phyrexian.pay_life));
        }
        Ok(Ok(()))
    }

    /// Empties every mana pool (500.5).
    pub fn empty_pools(&mut self) {
        for p in 0..self.players.len() {
            let n: u32 = self.players[p].pool.iter().sum::<u32>() + u32::try_from(self.players[p].pool_restricted.len()).unwrap_or(u32::MAX);
            if n > 0 {
                self.players[p].pool = [0; 6];
                self.players[p].pool_snow = [0; 6];
                self.players[p].pool_restricted.clear();
                let ev = Ev::new(EventKind::ManaEmpties, format!("{}'s unspent mana empties", self.players[p].name)).player(self, p).amount(i64::from(n)).rule(cite!(mana.pool_empties));
                self.record(ev);
            }
        }
    }
}

/// The needs of a cost (107.4), most constrained first: `life` says which Phyrexian symbols
/// are paid with life instead, `two_generic` which `{2/C}` symbols are paid with two mana
/// (bit i for the i-th of them).
fn needs_of(cost: &ManaCost, x: u32, life: &[bool], two_generic: u32) -> Vec<Need> {
    let mut out = Vec::new();
    for c in Color::ALL {
        out.extend(std::iter::repeat_n(Need::Color(c), cost.colored[c.index()] as usize));
    }
    let (mut phy, mut two) = (0, 0);
    // `plan` has checked that this many units could exist, so the count fits.
    let mut generic = u32::try_from(least_units(cost, x)).unwrap_or(u32::MAX).saturating_sub(cost.colored.iter().sum::<u32>().saturating_add(cost.colorless));
    for s in &cost.special {
        match *s {
            CostSymbol::Hybrid(a, b) => out.push(Need::Either(a, b)),
            CostSymbol::TwoOr(c) => {
                if two_generic & (1 << two) != 0 {
                    generic += 2;
                } else {
                    out.push(Need::Color(c));
                }
                two += 1;
            }
            CostSymbol::ColorlessOr(c) => out.push(Need::ColorOrColorless(c)),
            CostSymbol::Phyrexian(c) => {
                if !life.get(phy).copied().unwrap_or(false) {
                    out.push(Need::Color(c));
                }
                phy += 1;
            }
            CostSymbol::HybridPhyrexian(a, b) => {
                if !life.get(phy).copied().unwrap_or(false) {
                    out.push(Need::Either(a, b));
                }
                phy += 1;
            }
            CostSymbol::Snow => out.push(Need::Snow),
        }
    }
    out.extend(std::iter::repeat_n(Need::Colorless, cost.colorless as usize));
    out.sort_by_key(|n| match n {
        Need::Color(_) => 0,
        Need::Either(..) => 1,
        Need::ColorOrColorless(_) => 2,
        Need::Colorless => 3,
        Need::Snow => 4,
        Need::Generic => 5,
    });
    out.extend(std::iter::repeat_n(Need::Generic, generic as usize));
    out
}

/// The pool's mana as units of supply: colorless first, then W U B R G; mana from nonsnow
/// sources before snow mana.
fn pool_supply(pool: [u32; 6], snow: [u32; 6]) -> Vec<Supply> {
    let mut out = Vec::new();
    for i in [5, 0, 1, 2, 3, 4] {
        let kind = if i == 5 { ManaKind::Colorless } else { ManaKind::Colored(Color::ALL[i]) };
        for k in 0..pool[i] {
            let is_snow = k >= pool[i] - snow[i];
            out.push(Supply { origin: Origin::Pool(i, is_snow), pays: Pays::Mana { kinds: smallvec::smallvec![kind], snow: is_snow }, forced: false });
        }
    }
    out
}

/// At most this many combinations of choices are tried for one payment.
const MAX_TRIALS: usize = 4096;

/// The fewest units of mana a cost needs apart from its special symbols: its colored,
/// colorless and generic symbols with X counted (in 64 bits: X may be anything a file says).
fn least_units(cost: &ManaCost, x: u32) -> u64 {
    cost.colored.iter().map(|&c| u64::from(c)).sum::<u64>() + u64::from(cost.colorless) + u64::from(cost.generic) + u64::from(cost.x) * u64::from(x)
}

/// Finds a payment: the needs, the supply, and for each need the unit of supply that pays it.
/// `{2/C}` symbols are paid with colored mana where possible, then with two mana; sources
/// that make several mana at once try each amount they can make.
#[expect(clippy::too_many_arguments, reason = "the parts of one payment")]
fn plan(cost: &ManaCost, x: u32, life: &[bool], forced: &[Supply], sources: &[Source], pool: [u32; 6], pool_snow: [u32; 6], wanted: &[Color]) -> Option<Plan> {
    // More mana than every source together could make can't be paid (118.3): say so before
    // listing the needs one unit each.
    let most = forced.len() as u64
        + pool.iter().chain(&pool_snow).map(|&n| u64::from(n)).sum::<u64>()
        + sources.iter().map(|s| s.abilities.iter().map(|(_, o)| o.most() as u64).max().unwrap_or(0).max(1)).sum::<u64>();
    if least_units(cost, x) > most {
        return None;
    }
    let twos = cost.special.iter().filter(|s| matches!(s, CostSymbol::TwoOr(_))).count().min(10);
    let mut masks: Vec<u32> = (0..1u32 << twos).collect();
    masks.sort_by_key(|m| m.count_ones());
    // Sources whose abilities make one mana each are one unit of supply with every kind they
    // can make; the others are tried amount by amount.
    let options: Vec<Vec<Kinds>> = sources.iter().map(|s| s.abilities.iter().flat_map(|(_, o)| o.options(wanted)).collect()).collect();
    let multi: Vec<usize> = (0..sources.len()).filter(|&i| !sources[i].abilities.iter().all(|(_, o)| o.single())).collect();
    let mut trials = 0;
    for mask in masks {
        let needs = needs_of(cost, x, life, mask);
        let mut pick = vec![0usize; multi.len()];
        loop {
            let supply = supply_of(forced, pool, pool_snow, sources, &options, &multi, &pick, wanted);
            if let Some(assign) = matching(&supply, &needs) {
                return Some((needs, supply, assign));
            }
            trials += 1;
            // The next combination of amounts, in order.
            let mut m = 0;
            while m < multi.len() {
                pick[m] += 1;
                if pick[m] < options[multi[m]].len() {
                    break;
                }
                pick[m] = 0;
                m += 1;
            }
            if m == multi.len() || trials >= MAX_TRIALS {
                break;
            }
        }
    }
    None
}

/// The units of supply of one trial: the named units, the pool's mana, then each source's
/// (a one-mana source as one unit with every kind it can make, a source of several mana with
/// the amount `pick` chooses for it).
#[expect(clippy::too_many_arguments, reason = "the parts of one payment")]
fn supply_of(forced: &[Supply], pool: [u32; 6], pool_snow: [u32; 6], sources: &[Source], options: &[Vec<Kinds>], multi: &[usize], pick: &[usize], wanted: &[Color]) -> Vec<Supply> {
    let mut supply: Vec<Supply> = forced.to_vec();
    supply.extend(pool_supply(pool, pool_snow));
    for (i, s) in sources.iter().enumerate() {
        if let Some(m) = multi.iter().position(|&j| j == i) {
            let option = pick[m];
            let free = option_out(s, option, wanted).is_some_and(Out::free);
            for &k in &options[i][option] {
                let kinds = if free { Color::ALL.into_iter().map(ManaKind::Colored).collect() } else { smallvec::smallvec![k] };
                supply.push(Supply { origin: Origin::Source { src: i, option }, pays: Pays::Mana { kinds, snow: s.snow }, forced: false });
            }
        } else {
            let mut kinds = Kinds::new();
            for o in options[i].iter().flatten() {
                if !kinds.contains(o) {
                    kinds.push(*o);
                }
            }
            supply.push(Supply { origin: Origin::Source { src: i, option: usize::MAX }, pays: Pays::Mana { kinds, snow: s.snow }, forced: false });
        }
    }
    supply
}

/// A payment plan: the needs of the cost, the units of supply, and the unit paying each need.
type Plan = (Vec<Need>, Vec<Supply>, Vec<usize>);

/// The first trial of [`plan`] (no `{2/C}` paid with two mana, every source's first amount)
/// on the first sources only, accepted only when it is certainly what [`plan`] finds with
/// all of them: each need not already taken by a named unit is paid by the first free unit
/// that can pay it. [`matching`] takes that same unit whatever follows it in the supply, and
/// the trial succeeds, so the sources after `sources` are never looked at. `None` otherwise.
#[expect(clippy::too_many_arguments, reason = "the parts of one payment")]
fn plan_first(cost: &ManaCost, x: u32, life: &[bool], forced: &[Supply], sources: &[Source], pool: [u32; 6], pool_snow: [u32; 6], wanted: &[Color]) -> Option<Plan> {
    let needs = needs_of(cost, x, life, 0);
    let options: Vec<Vec<Kinds>> = sources.iter().map(|s| s.abilities.iter().flat_map(|(_, o)| o.options(wanted)).collect()).collect();
    let multi: Vec<usize> = (0..sources.len()).filter(|&i| !sources[i].abilities.iter().all(|(_, o)| o.single())).collect();
    let pick = vec![0usize; multi.len()];
    let supply = supply_of(forced, pool, pool_snow, sources, &options, &multi, &pick, wanted);
    // As `matching`: the named units first (they only move among needs).
    let mut of_need: Vec<Option<usize>> = vec![None; needs.len()];
    let mut of_supply: Vec<Option<usize>> = vec![None; supply.len()];
    if !match_forced(&supply, &needs, &mut of_supply, &mut of_need) {
        return None;
    }
    for n in 0..needs.len() {
        if of_need[n].is_none() {
            let w = (0..supply.len()).find(|&w| of_supply[w].is_none() && supply[w].pays.accepts(needs[n]))?;
            of_supply[w] = Some(n);
            of_need[n] = Some(w);
        }
    }
    let assign = of_need.into_iter().collect::<Option<Vec<usize>>>()?;
    Some((needs, supply, assign))
}

/// The mana an amount of several mana (all made at once) makes: each unit the kind it pays
/// with, or its first kind when it pays for nothing.
fn group_kinds(supply: &[Supply], needs: &[Need], assign: &[usize], src: usize, option: usize) -> Vec<ManaKind> {
    (0..supply.len())
        .filter(|&u| supply[u].origin == Origin::Source { src, option })
        .filter_map(|u| {
            let Pays::Mana { kinds, .. } = &supply[u].pays else { return None };
            let paid = assign.iter().position(|&a| a == u).and_then(|n| needs[n].kind_among(kinds));
            paid.or_else(|| kinds.first().copied())
        })
        .collect()
}

/// The output behind option `option` of a source (not `usize::MAX`).
fn option_out<'a>(src: &'a Source, option: usize, wanted: &[Color]) -> Option<&'a Out> {
    let mut n = option;
    for (_, o) in &src.abilities {
        let k = o.option_count(wanted);
        if n < k {
            return Some(o);
        }
        n -= k;
    }
    None
}

/// The ability behind option `option` of a source (`usize::MAX`: a one-mana source, whose
/// ability is the first that can make `kinds`).
fn option_ability(src: &Source, option: usize, kinds: &[ManaKind], wanted: &[Color]) -> usize {
    if option == usize::MAX {
        return src.abilities.iter().find(|(_, o)| o.makes(kinds, wanted)).map_or(src.abilities[0].0, |(i, _)| *i);
    }
    let mut n = option;
    for (i, o) in &src.abilities {
        let k = o.option_count(wanted);
        if n < k {
            return *i;
        }
        n -= k;
    }
    src.abilities[0].0
}

/// A need in words, for the trace.
fn need_words(n: Need) -> String {
    match n {
        Need::Color(c) => format!("{{{}}}", c.letter()),
        Need::Either(a, b) => format!("{{{}/{}}}", a.letter(), b.letter()),
        Need::ColorOrColorless(c) => format!("{{C/{}}}", c.letter()),
        Need::Colorless => "{C}".to_owned(),
        Need::Snow => "{S}".to_owned(),
        Need::Generic => "{1}".to_owned(),
    }
}

/// Matches each unit of supply named in the action (`forced`) to a need, moving earlier
/// matches along augmenting paths; false when one of them can pay for nothing.
fn match_forced(supply: &[Supply], needs: &[Need], of_supply: &mut [Option<usize>], of_need: &mut [Option<usize>]) -> bool {
    for s in 0..supply.len() {
        if supply[s].forced {
            let mut seen = vec![false; needs.len()];
            if !augment(s, needs.len(), &|s, n| supply[s].pays.accepts(needs[n]), of_supply, of_need, &mut seen) {
                return false;
            }
        }
    }
    true
}

/// A maximum matching of needs to units of supply by augmenting paths (Kuhn): units named in
/// the action first (each must pay for something), then each need in order, trying units in
/// order. An augmenting path never unmatches a matched unit, so the named ones stay used.
/// Returns, for each need, its unit; `None` when some need or named unit is left over.
fn matching(supply: &[Supply], needs: &[Need]) -> Option<Vec<usize>> {
    let mut of_need: Vec<Option<usize>> = vec![None; needs.len()];
    let mut of_supply: Vec<Option<usize>> = vec![None; supply.len()];
    if !match_forced(supply, needs, &mut of_supply, &mut of_need) {
        return None;
    }
    for n in 0..needs.len() {
        if of_need[n].is_none() {
            let mut seen = vec![false; supply.len()];
            if !augment(n, supply.len(), &|n, s| supply[s].pays.accepts(needs[n]), &mut of_need, &mut of_supply, &mut seen) {
                return None;
            }
        }
    }
    of_need.into_iter().collect()
}

/// An augmenting path from `v` of one side to a free vertex of the other (`others` of them):
/// `edge(v, w)` says whether they may be matched, `mine` and `theirs` hold each side's
/// partners. A free partner is taken first, so that a matched one is moved only when it must.
fn augment(v: usize, others: usize, edge: &dyn Fn(usize, usize) -> bool, mine: &mut [Option<usize>], theirs: &mut [Option<usize>], seen: &mut [bool]) -> bool {
    if let Some(w) = (0..others).find(|&w| !seen[w] && theirs[w].is_none() && edge(v, w)) {
        theirs[w] = Some(v);
        mine[v] = Some(w);
        return true;
    }
    for w in 0..others {
        if seen[w] || !edge(v, w) {
            continue;
        }
        seen[w] = true;
        if theirs[w].is_none_or(|m| augment(m, others, edge, mine, theirs, seen)) {
            theirs[w] = Some(v);
            mine[v] = Some(w);
            return true;
        }
    }
    false
}

/// What restricted mana may be spent on, in words ("can be spent only to cast creature spells").
fn spend_words(only: &crate::cards::ir::ManaSpend) -> String {
    use crate::cards::ir::ManaSpend;
    match only {
        ManaSpend::OnlySpells(f) => format!("can be spent only to cast {}", crate::engine::casting::noun_words(f, "spells")),
        ManaSpend::NotSpells(f) => format!("can't be spent to cast {}", crate::engine::casting::noun_words(f, "spells")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::oracle::parse_mana_cost;

    fn mana(kinds: &[ManaKind], snow: bool) -> Supply {
        Supply { origin: Origin::Pool(0, snow), pays: Pays::Mana { kinds: kinds.iter().copied().collect(), snow }, forced: false }
    }
    const R: ManaKind = ManaKind::Colored(Color::Red);
    const G: ManaKind = ManaKind::Colored(Color::Green);
    const W: ManaKind = ManaKind::Colored(Color::White);

    /// The counts and the membership test that spare listing the amounts agree with the list.
    #[test]
    fn amounts_counted_and_matched_as_listed() {
        let outs = [
            Out::Fixed(vec![]),
            Out::Fixed(vec![ManaKind::Colorless, ManaKind::Colorless]),
            Out::Fixed(vec![G]),
            Out::OneOf(vec![]),
            Out::OneOf(vec![R, G]),
            Out::OneColor(0),
            Out::OneColor(1),
            Out::OneColor(3),
            Out::AnyColors(0),
            Out::AnyColors(2),
        ];
        let tries: [&[ManaKind]; 9] = [&[], &[R], &[G], &[W], &[W, W], &[R, R, R], &[G, G, G], &[ManaKind::Colorless, ManaKind::Colorless], &[R, G]];
        for wanted in [&[][..], &[Color::Red][..], &[Color::Red, Color::Green][..]] {
            for o in &outs {
                let listed = o.options(wanted);
                assert_eq!(o.option_count(wanted), listed.len(), "{o:?} {wanted:?}");
                assert_eq!(o.most(), listed.iter().map(|l| l.len()).max().unwrap_or(0), "{o:?} {wanted:?}");
                for kinds in tries {
                    assert_eq!(o.makes(kinds, wanted), listed.iter().any(|k| k.as_slice() == kinds), "{o:?} {wanted:?} {kinds:?}");
                }
            }
        }
    }

    #[test]
    fn matching_reassigns_a_flexible_source() {
        // A source making {R} or {G} listed before a Mountain, for {R}{G}.
        let supply = [mana(&[R, G], false), mana(&[R], false)];
        let needs = needs_of(&parse_mana_cost("{R}{G}").unwrap(), 0, &[], 0);
        assert_eq!(matching(&supply, &needs), Some(vec![1, 0]));
        // Two red sources can't pay {R}{G}.
        assert_eq!(matching(&[mana(&[R], false), mana(&[R], false)], &needs), None);
    }

    #[test]
    fn needs_of_special_symbols() {
        let c = parse_mana_cost("{1}{G/W}{2/W}{B/P}{S}").unwrap();
        assert_eq!(needs_of(&c, 0, &[false], 0), vec![Need::Color(Color::White), Need::Color(Color::Black), Need::Either(Color::Green, Color::White), Need::Snow, Need::Generic]);
        // {2/W} as two generic; {B/P} paid with life.
        assert_eq!(needs_of(&c, 0, &[true], 1), vec![Need::Either(Color::Green, Color::White), Need::Snow, Need::Generic, Need::Generic, Need::Generic]);
        // Tamiyo, Compleated Sage's {G/U/P}: either color, or nothing when paid with life.
        let c = parse_mana_cost("{2}{G}{G/U/P}{U}").unwrap();
        assert_eq!(needs_of(&c, 0, &[false], 0)[2], Need::Either(Color::Green, Color::Blue));
        assert_eq!(needs_of(&c, 0, &[true], 0).len(), 4);
        // {X}{X}{R} with X = 2.
        assert_eq!(needs_of(&parse_mana_cost("{X}{X}{R}").unwrap(), 2, &[], 0).len(), 5);
    }

    #[test]
    fn snow_and_named_units() {
        let needs = [Need::Snow];
        assert_eq!(matching(&[mana(&[G], false)], &needs), None);
        assert_eq!(matching(&[mana(&[G], false), mana(&[G], true)], &needs), Some(vec![1]));
        // A creature named for convoke must pay something: a white one can't pay {R}.
        let convoke = |colors: &[Color]| Supply { origin: Origin::Convoke(ObjId(0)), pays: Pays::Convoke(colors.to_vec()), forced: true };
        assert_eq!(matching(&[convoke(&[Color::White]), mana(&[R], false)], &[Need::Color(Color::Red)]), None);
        assert_eq!(matching(&[convoke(&[Color::White]), mana(&[R], false)], &[Need::Color(Color::Red), Need::Generic]), Some(vec![1, 0]));
        assert_eq!(matching(&[mana(&[W], false), convoke(&[Color::White])], &[Need::Color(Color::White)]), Some(vec![1]));
    }

    /// Whatever the costs and sources, an answer `plan_first` gives on the first sources is
    /// the answer `plan` gives on all of them (automatic payment depends on it).
    #[test]
    fn first_sources_plan_is_the_full_plan() {
        let kinds: [Out; 7] = [
            Out::Fixed(vec![R]),
            Out::Fixed(vec![G]),
            Out::OneOf(vec![R, G]),
            Out::Fixed(vec![ManaKind::Colorless, ManaKind::Colorless]),
            Out::OneOf(Color::ALL.into_iter().map(ManaKind::Colored).collect()),
            Out::OneColor(2),
            Out::Fixed(vec![W]),
        ];
        let costs = ["{R}", "{1}{R}", "{R}{G}", "{2}{G}{G}", "{G/W}{R}", "{2/R}{G}", "{C}{1}", "{W}{W}{1}", "{3}", "{R}{R}{R}{R}"];
        // A deterministic spread of boards: source k of board b is kinds[(b * 7 + k * k * 3) % 7].
        let mut checked = 0;
        for b in 0..40usize {
            let n = 3 + b % 9;
            let sources: Vec<Source> = (0..n).map(|k| Source { id: ObjId(u32::try_from(k).unwrap()), abilities: vec![(0, kinds[(b * 7 + k * k * 3 + b / 7) % 7].clone())], snow: false }).collect();
            for text in costs {
                let cost = parse_mana_cost(text).unwrap();
                let wanted: Vec<Color> = Color::ALL.into_iter().filter(|&c| cost.colored[c.index()] > 0 || cost.special.iter().any(|s| s.has_color(c))).collect();
                let pool = [0, 0, 0, u32::from(b % 5 == 0), 0, 0];
                let full = plan(&cost, 0, &[], &[], &sources, pool, [0; 6], &wanted);
                for k in 1..=n {
                    if let Some((needs, supply, assign)) = plan_first(&cost, 0, &[], &[], &sources[..k], pool, [0; 6], &wanted) {
                        let (f_needs, f_supply, f_assign) = full.clone().expect("the full plan pays what the first sources pay");
                        assert_eq!(needs, f_needs, "{text} on board {b}, first {k}");
                        assert_eq!(assign, f_assign, "{text} on board {b}, first {k}");
                        assert!(assign.iter().all(|&u| supply[u].origin == f_supply[u].origin), "{text} on board {b}, first {k}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }
}
