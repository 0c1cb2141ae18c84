//! Mana: pools (106.4), mana abilities (605) and paying mana costs (601.2g–h, 118).
//!
//! Without an explicit `pay:` list, payment is automatic and deterministic: mana already in
//! the pool first, then untapped sources in battlefield order, searched so that colored
//! requirements are met whenever any assignment of the sources can meet them.

use crate::cards::ir::{Ability, Color, Instruction, ManaCost, ManaKind};
use crate::cr;
use crate::engine::decision::{Answer, Decider, Decision, DecisionKind, Stop};
use crate::engine::event::EventKind;
use crate::engine::state::{Game, ObjId, PlayerId};
use crate::engine::{Ev, casting::{Choices, Illegal}};

/// Index of a mana kind in a pool: W U B R G C.
#[must_use]
pub fn pool_index(k: ManaKind) -> usize {
    match k {
        ManaKind::Colored(c) => c.index(),
        ManaKind::Colorless => 5,
    }
}

const POOL_SYMBOLS: [&str; 6] = ["{W}", "{U}", "{B}", "{R}", "{G}", "{C}"];

/// What a source's mana ability makes.
#[derive(Clone, Debug)]
enum Output {
    Fixed(Vec<ManaKind>),
    AnyColor,
}

/// A permanent with a mana ability whose only cost is {T}.
#[derive(Clone, Debug)]
struct Source {
    id: ObjId,
    output: Output,
}

/// What is still owed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Owed {
    colored: [u32; 5],
    colorless: u32,
    generic: u32,
}

impl Owed {
    fn is_paid(&self) -> bool {
        self.generic == 0 && self.colorless == 0 && self.colored.iter().all(|&n| n == 0)
    }
    /// Applies one mana; returns false if it is of no use.
    fn apply(&mut self, k: ManaKind) -> bool {
        match k {
            ManaKind::Colored(c) if self.colored[c.index()] > 0 => self.colored[c.index()] -= 1,
            ManaKind::Colorless if self.colorless > 0 => self.colorless -= 1,
            _ if self.generic > 0 => self.generic -= 1,
            _ => return false,
        }
        true
    }
}

impl Game {
    /// The sources `p` could tap for mana now, in battlefield order (302.6 for creatures).
    fn mana_sources(&self, p: PlayerId, reserved: Option<ObjId>) -> Vec<Source> {
        let mut out = Vec::new();
        for id in self.permanents_of(p) {
            let o = self.obj(id);
            if o.tapped || self.summoning_sick(id) || Some(id) == reserved {
                continue;
            }
            for (_, a) in self.abilities(id) {
                if let Ability::Activated { cost, effect, mana: true } = a {
                    // Only abilities whose whole cost is {T}: sacrificing a Treasure, paying
                    // life or discarding is the player's choice, never made for them.
                    if !cost.tap || !cost.mana.is_empty() || cost.sacrifice_self || cost.pay_life > 0 || cost.discard_card || cost.remove_counters.is_some() {
                        continue;
                    }
                    let output = match effect.instructions.as_slice() {
                        [Instruction::AddMana(kinds)] => Output::Fixed(kinds.clone()),
                        [Instruction::AddManaAnyColor { count: 1 }] => Output::AnyColor,
                        _ => continue,
                    };
                    // A land with several basic land types (305.6) offers each of its abilities;
                    // the plan taps it at most once.
                    out.push(Source { id, output });
                }
            }
        }
        out
    }

    /// Untapped permanents of `p` whose mana abilities cost more than {T} (a Treasure's
    /// sacrifice, life, a discard): automatic payment never activates them, since those costs
    /// are the player's choice to pay; they are used when named in `pay:`.
    fn unused_sources_hint(&self, p: PlayerId) -> String {
        let names: Vec<String> = self
            .permanents_of(p)
            .filter(|&id| !self.obj(id).tapped)
            .filter(|&id| self.obj(id).card.abilities().iter().any(|a| matches!(a, Ability::Activated { cost, mana: true, .. } if cost.sacrifice_self || cost.pay_life > 0 || cost.discard_card || cost.remove_counters.is_some())))
            .map(|id| self.describe(id))
            .collect();
        if names.is_empty() { String::new() } else { format!(" without {} (automatic payment never sacrifices, pays life or discards: name it in `pay:`)", names.join(", ")) }
    }

    /// Adds mana to a player's pool, traced.
    pub fn add_mana(&mut self, p: PlayerId, kinds: &[ManaKind], source: ObjId) {
        for &k in kinds {
            self.players[p].pool[pool_index(k)] += 1;
        }
        let shown: String = kinds.iter().map(|&k| POOL_SYMBOLS[pool_index(k)]).collect();
        let ev = Ev::new(EventKind::AddMana, format!("{} adds {shown} ({})", self.players[p].name, self.describe(source)))
            .player(self, p)
            .source(self, source)
            .amount(i64::try_from(kinds.len()).unwrap_or(0))
            .rules(&[cr!("106.4"), cr!("605.3b")]);
        self.record(ev);
    }

    /// Taps a source for mana: its mana ability is activated and resolves at once (605.3b).
    fn tap_for_mana(&mut self, src: &Source, color: Option<Color>) {
        let p = self.controller(src.id);
        self.obj_mut(src.id).tapped = true;
        let kinds = match (&src.output, color) {
            (Output::Fixed(k), _) => k.clone(),
            (Output::AnyColor, Some(c)) => vec![ManaKind::Colored(c)],
            (Output::AnyColor, None) => vec![ManaKind::Colorless],
        };
        let ev = Ev::new(EventKind::Tap, format!("{} is tapped for mana", self.describe(src.id))).object(self, src.id).rule(cr!("605.3a"));
        self.record(ev);
        self.add_mana(p, &kinds, src.id);
    }

    /// Activates the mana ability `ability` of `id` on the player's request (605.3a), paying
    /// its whole cost: mana, {T}, life, a discarded card (chosen from `ch.discard` or asked)
    /// and sacrificing the source (a Treasure, 111.10a). `ch` holds the action's choices.
    ///
    /// # Errors
    /// When its cost cannot be paid.
    pub fn activate_mana_ability(&mut self, id: ObjId, ability: usize, ch: &Choices, dec: &mut dyn Decider) -> Result<Result<(), Illegal>, Stop> {
        let p = self.controller(id);
        let Some(Ability::Activated { cost, effect, .. }) = self.ability(id, ability).cloned() else {
            return Ok(Err(Illegal::new(cr!("602.2"), "that ability does not exist")));
        };
        if cost.tap {
            if self.obj(id).tapped {
                return Ok(Err(Illegal::new(cr!("118.3"), format!("{} is already tapped", self.describe(id)))));
            }
            if self.summoning_sick(id) {
                return Ok(Err(Illegal::new(cr!("302.6"), format!("{} has not been under its controller's control since their most recent turn began", self.describe(id)))));
            }
        }
        if !cost.mana.is_empty()
            && let Err(e) = self.pay_mana(p, &cost.mana, 0, None, cost.tap.then_some(id), dec)? {
                return Ok(Err(e));
            }
        if cost.tap {
            self.obj_mut(id).tapped = true;
            let ev = Ev::new(EventKind::Tap, format!("{} is tapped to activate a mana ability", self.describe(id))).object(self, id).rule(cr!("605.3a"));
            self.record(ev);
        }
        if let Err(e) = self.pay_other_costs(p, id, &cost, ch, dec)? {
            return Ok(Err(e));
        }
        for ins in &effect.instructions {
            match ins {
                Instruction::AddMana(kinds) => self.add_mana(p, kinds, id),
                Instruction::AddManaAnyColor { count } => {
                    for _ in 0..*count {
                        let d = Decision { player: p, kind: DecisionKind::Color, rule: cr!("106.1b"), what: format!("the color of the mana from {}", self.describe(id)) };
                        if let Answer::Color(c) = self.decide(dec, &d)? {
                            self.add_mana(p, &[ManaKind::Colored(c)], id);
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(Ok(()))
    }

    /// Pays a mana cost for `p` (601.2g–h): from the pool, after activating the mana abilities
    /// of `explicit` sources, or automatically. `reserved` is a permanent that automatic payment
    /// must not tap (the source of an ability whose cost also includes {T}).
    ///
    /// # Errors
    /// `Stop` for a decision that cannot be made; the inner `Illegal` when the cost can't be paid (118.3).
    pub fn pay_mana(&mut self, p: PlayerId, cost: &ManaCost, x: u32, explicit: Option<&[ObjId]>, reserved: Option<ObjId>, dec: &mut dyn Decider) -> Result<Result<(), Illegal>, Stop> {
        let mut owed = Owed { colored: cost.colored, colorless: cost.colorless, generic: cost.generic + cost.x * x };
        if owed.is_paid() {
            return Ok(Ok(()));
        }
        if let Some(ids) = explicit {
            for &id in ids {
                if self.controller(id) != p || !self.on_battlefield(id) {
                    return Ok(Err(Illegal::new(cr!("605.3a"), format!("{} is not a mana source {} controls", self.describe(id), self.players[p].name))));
                }
                // Of several mana abilities (a Forest that is also a Swamp, 305.6), the first that
                // makes mana of a color still owed; else the first.
                let mana_abilities: Vec<(usize, bool)> = self
                    .abilities(id)
                    .filter_map(|(i, a)| match a {
                        Ability::Activated { mana: true, effect, .. } => Some((i, matches!(effect.instructions.as_slice(), [Instruction::AddMana(k)] if k.iter().any(|&k| matches!(k, ManaKind::Colored(c) if owed.colored[c.index()] > 0))))),
                        _ => None,
                    })
                    .collect();
                let Some(ability) = mana_abilities.iter().find(|(_, useful)| *useful).or(mana_abilities.first()).map(|(i, _)| *i) else {
                    if let Some(u) = self.unread(id).map(|(_, u)| u).find(|u| crate::engine::unread::may_add_mana(u)) {
                        return Err(crate::engine::unread::unread_stop(self.describe(id), u, "it is named to pay a cost (605.1a)"));
                    }
                    return Ok(Err(Illegal::new(cr!("605.1a"), format!("{} has no mana ability", self.describe(id)))));
                };
                if let Err(e) = self.activate_mana_ability(id, ability, &Choices::default(), dec)? {
                    return Ok(Err(e));
                }
            }
        } else {
            // Plan which sources to tap, counting what the pool already holds.
            let mut after_pool = owed.clone();
            let mut pool = self.players[p].pool;
            spend_pool(&mut pool, &mut after_pool);
            if !after_pool.is_paid() {
                let sources = self.mana_sources(p, reserved);
                let mut plan = Vec::new();
                if !plan_sources(&sources, 0, &mut after_pool, &mut plan) {
                    // 605.1a: a mana ability the compiler can't read might have paid it.
                    self.check_unread_mana(p, &format!("{} can't pay {cost} with the mana abilities judge reads", self.players[p].name))?;
                    let why = format!("{} cannot pay {cost}: not enough mana available{}", self.players[p].name, self.unused_sources_hint(p));
                    return Ok(Err(Illegal::new(cr!("118.3"), why).also(cr!("601.2h"))));
                }
                for (i, color) in plan {
                    self.tap_for_mana(&sources[i].clone(), color);
                }
            }
        }
        let mut pool = self.players[p].pool;
        spend_pool(&mut pool, &mut owed);
        if !owed.is_paid() {
            return Ok(Err(Illegal::new(cr!("118.3"), format!("{} cannot pay {cost}: the mana produced is not enough", self.players[p].name)).also(cr!("601.2h"))));
        }
        let before = self.players[p].pool;
        self.players[p].pool = pool;
        let spent: String = (0..6).flat_map(|i| std::iter::repeat_n(POOL_SYMBOLS[i], (before[i] - pool[i]) as usize)).collect();
        let ev = Ev::new(EventKind::PayMana, format!("{} pays {spent}", self.players[p].name)).player(self, p).rule(cr!("601.2h"));
        self.record(ev);
        Ok(Ok(()))
    }

    /// Empties every mana pool (500.5).
    pub fn empty_pools(&mut self) {
        for p in 0..self.players.len() {
            let n: u32 = self.players[p].pool.iter().sum();
            if n > 0 {
                self.players[p].pool = [0; 6];
                let ev = Ev::new(EventKind::ManaEmpties, format!("{}'s unspent mana empties", self.players[p].name)).player(self, p).amount(i64::from(n)).rule(cr!("500.5"));
                self.record(ev);
            }
        }
    }
}

/// Spends pool mana on what is owed: colored first, then {C}, then generic with what is left
/// (colorless first, then colors in WUBRG order).
fn spend_pool(pool: &mut [u32; 6], owed: &mut Owed) {
    for c in Color::ALL {
        let i = c.index();
        let n = pool[i].min(owed.colored[i]);
        pool[i] -= n;
        owed.colored[i] -= n;
    }
    let n = pool[5].min(owed.colorless);
    pool[5] -= n;
    owed.colorless -= n;
    for i in [5, 0, 1, 2, 3, 4] {
        let n = pool[i].min(owed.generic);
        pool[i] -= n;
        owed.generic -= n;
    }
}

/// Depth-first search over sources in order: tap a source when its mana helps, else skip it.
fn plan_sources(sources: &[Source], i: usize, owed: &mut Owed, plan: &mut Vec<(usize, Option<Color>)>) -> bool {
    if owed.is_paid() {
        return true;
    }
    if i >= sources.len() {
        return false;
    }
    if plan.iter().any(|(j, _)| sources[*j].id == sources[i].id) {
        return plan_sources(sources, i + 1, owed, plan);
    }
    let choices: Vec<Option<Color>> = match &sources[i].output {
        Output::Fixed(_) => vec![None],
        Output::AnyColor => {
            let mut v: Vec<Option<Color>> = Color::ALL.into_iter().filter(|c| owed.colored[c.index()] > 0).map(Some).collect();
            if owed.generic > 0 || owed.colorless > 0 {
                v.push(Some(Color::ALL.into_iter().next().unwrap_or(Color::White)));
            }
            v
        }
    };
    for color in choices {
        let saved = owed.clone();
        let useful = match (&sources[i].output, color) {
            (Output::Fixed(kinds), _) => kinds.iter().fold(false, |acc, &k| owed.apply(k) | acc),
            (Output::AnyColor, Some(c)) => owed.apply(ManaKind::Colored(c)),
            (Output::AnyColor, None) => false,
        };
        if useful {
            plan.push((i, color));
            if plan_sources(sources, i + 1, owed, plan) {
                return true;
            }
            plan.pop();
        }
        *owed = saved;
    }
    plan_sources(sources, i + 1, owed, plan)
}
