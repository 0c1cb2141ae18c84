//! Keyword actions and the other instructions of effects (701, 119, 120, 121), as they are
//! performed by a resolving spell or ability.

use crate::cards::ir::{Affected, Amount, Instruction};
use crate::cr;
use crate::engine::decision::{Answer, Decider, Decision, DecisionKind, Stop};
use crate::engine::event::EventKind;
use crate::engine::resolve::Context;
use crate::engine::state::{Game, ObjId, PlayerId, Pump, StackItem, Target, Zone};
use crate::engine::Ev;

impl Game {
    fn amount(ctx: &Context, a: Amount) -> i64 {
        match a {
            Amount::Fixed(n) => i64::from(n),
            Amount::X => i64::from(ctx.x),
            Amount::MinusX => -i64::from(ctx.x),
        }
    }

    /// The players and objects an instruction acts on, in APNAP order for players (101.4).
    /// Illegal targets are left out (608.2b).
    fn affected(&self, ctx: &Context, a: &Affected) -> Vec<Target> {
        match a {
            Affected::Target(i) => ctx.targets.get(*i).copied().flatten().into_iter().collect(),
            Affected::This => vec![Target::Object(ctx.source)],
            Affected::You => vec![Target::Player(ctx.controller)],
            Affected::EachPlayer => self.apnap().into_iter().map(Target::Player).collect(),
            Affected::EachOpponent => self.apnap().into_iter().filter(|&p| p != ctx.controller).map(Target::Player).collect(),
            Affected::EachPermanent(f) => {
                self.battlefield.iter().copied().filter(|&id| self.matches_filter(id, f, ctx.controller)).map(Target::Object).collect()
            }
            Affected::ControllerOfTarget(i) => match ctx.targets.get(*i).copied().flatten() {
                Some(Target::Object(o)) => vec![Target::Player(self.obj(o).controller)],
                Some(Target::Player(p)) => vec![Target::Player(p)],
                None => Vec::new(),
            },
        }
    }

    fn players_of(&self, ctx: &Context, a: &Affected) -> Vec<PlayerId> {
        self.affected(ctx, a).into_iter().filter_map(|t| if let Target::Player(p) = t { Some(p) } else { None }).collect()
    }

    fn objects_of(&self, ctx: &Context, a: &Affected) -> Vec<ObjId> {
        self.affected(ctx, a).into_iter().filter_map(|t| if let Target::Object(o) = t { Some(o) } else { None }).collect()
    }

    /// Performs one instruction (608.2c).
    ///
    /// # Errors
    /// When a decision can't be made.
    pub fn perform(&mut self, ins: &Instruction, ctx: &Context, dec: &mut dyn Decider) -> Result<(), Stop> {
        match ins {
            Instruction::DealDamage { amount, to } => {
                let n = Self::amount(ctx, *amount);
                // 120.2: damage from one source to several recipients is dealt at once.
                for t in self.affected(ctx, to) {
                    self.deal_damage(ctx.source, t, n, None);
                }
            }
            Instruction::Destroy(a) => {
                for id in self.objects_of(ctx, a) {
                    if self.on_battlefield(id) {
                        self.destroy(id, cr!("701.8a"));
                    }
                }
            }
            Instruction::Exile(a) => {
                for id in self.objects_of(ctx, a) {
                    if self.is_live(id) {
                        let ev = Ev::new(EventKind::Exile, format!("{} is exiled", self.describe(id))).object(self, id).zone(Zone::Exile).rule(cr!("701.13a"));
                        self.record(ev);
                        self.move_object(id, Zone::Exile);
                    }
                }
            }
            Instruction::Counter(a) => {
                for id in self.objects_of(ctx, a) {
                    if self.is_live(id) && self.obj(id).zone == Zone::Stack {
                        // 701.6a: countered, it goes to its owner's graveyard; costs are not refunded.
                        let ev = Ev::new(EventKind::Counter, format!("{} is countered and put into its owner's graveyard", self.describe(id))).object(self, id).zone(Zone::Graveyard).rule(cr!("701.6a"));
                        self.record(ev);
                        self.move_object(id, Zone::Graveyard);
                    }
                }
            }
            Instruction::Draw { who, count } => {
                let n = Self::amount(ctx, *count).max(0);
                for p in self.players_of(ctx, who) {
                    for _ in 0..n {
                        self.draw(p, cr!("121.1"));
                    }
                }
            }
            Instruction::Discard { who, count } => {
                let n = usize::try_from(Self::amount(ctx, *count).max(0)).unwrap_or(0);
                // 101.4: each player chooses in APNAP order, then all discard at once.
                let mut chosen: Vec<(PlayerId, Vec<ObjId>)> = Vec::new();
                for p in self.players_of(ctx, who) {
                    let cards = self.choose_cards(p, n, dec, &format!("discard {n} card(s)"), cr!("701.9b"))?;
                    chosen.push((p, cards));
                }
                for (p, cards) in chosen {
                    for c in cards {
                        self.discard(p, c, cr!("701.9a"));
                    }
                }
            }
            Instruction::GainLife { who, amount } => {
                let n = Self::amount(ctx, *amount);
                for p in self.players_of(ctx, who) {
                    self.gain_life(p, n);
                }
            }
            Instruction::LoseLife { who, amount } => {
                let n = Self::amount(ctx, *amount);
                for p in self.players_of(ctx, who) {
                    self.lose_life(p, n, cr!("119.3"));
                }
            }
            Instruction::Pump { what, power, toughness } => {
                let (pw, th) = (Self::amount(ctx, *power), Self::amount(ctx, *toughness));
                for id in self.objects_of(ctx, what) {
                    if self.on_battlefield(id) {
                        let (pw, th) = (i32::try_from(pw).unwrap_or(0), i32::try_from(th).unwrap_or(0));
                        self.pumps.push(Pump { object: id, power: pw, toughness: th, until_end_of_turn: true });
                        let ev = Ev::new(EventKind::Pump, format!("{} gets {pw:+}/{th:+} until end of turn", self.describe(id))).object(self, id).rules(&[cr!("611.2a"), cr!("613.4c")]);
                        self.record(ev);
                    }
                }
            }
            Instruction::Tap(a) => {
                for id in self.objects_of(ctx, a) {
                    if self.on_battlefield(id) && !self.obj(id).tapped {
                        self.obj_mut(id).tapped = true;
                        let ev = Ev::new(EventKind::Tap, format!("{} becomes tapped", self.describe(id))).object(self, id).rule(cr!("701.26a"));
                        self.record(ev);
                    }
                }
            }
            Instruction::Untap(a) => {
                for id in self.objects_of(ctx, a) {
                    if self.on_battlefield(id) && self.obj(id).tapped {
                        self.obj_mut(id).tapped = false;
                        let ev = Ev::new(EventKind::Untap, format!("{} becomes untapped", self.describe(id))).object(self, id).rule(cr!("701.26b"));
                        self.record(ev);
                    }
                }
            }
            Instruction::AddMana(kinds) => self.add_mana(ctx.controller, kinds, ctx.source),
            Instruction::AddManaAnyColor { count } => {
                for _ in 0..*count {
                    let d = Decision { player: ctx.controller, kind: DecisionKind::Color, rule: cr!("106.1b"), what: format!("the color of the mana from {}", self.describe(ctx.source)) };
                    if let Answer::Color(c) = self.decide(dec, &d)? {
                        self.add_mana(ctx.controller, &[crate::cards::ir::ManaKind::Colored(c)], ctx.source);
                    }
                }
            }
        }
        Ok(())
    }

    /// Deals damage (120.3): life loss for a player, loyalty loss for a planeswalker, marked
    /// damage for a creature. `combat` is the rule by which combat damage was assigned
    /// (510.1b–d), or `None` for damage from a spell or ability.
    pub fn deal_damage(&mut self, source: ObjId, to: Target, n: i64, combat: Option<crate::rules::RuleId>) {
        let combat_rules: Vec<crate::rules::RuleId> = combat.map(|r| vec![r, cr!("510.2")]).unwrap_or_default();
        let combat = !combat_rules.is_empty();
        if n <= 0 {
            return;
        }
        let src = self.describe(source);
        let kind = if combat { "combat damage" } else { "damage" };
        match to {
            Target::Player(p) => {
                if self.players[p].lost {
                    return;
                }
                self.players[p].life -= n;
                let ev = Ev::new(EventKind::Damage, format!("{src} deals {n} {kind} to {}", self.players[p].name)).source(self, source).target(self, to).amount(n).rule(cr!("120.3a")).rules(&combat_rules);
                self.record(ev);
            }
            Target::Object(o) => {
                if !self.on_battlefield(o) {
                    return;
                }
                let mut rules = Vec::new();
                if self.has_type(o, crate::cards::ir::CardType::Planeswalker) {
                    let c = &mut self.obj_mut(o).counters;
                    c.loyalty = c.loyalty.saturating_sub(u32::try_from(n).unwrap_or(u32::MAX));
                    rules.push(cr!("120.3c"));
                }
                if self.is_creature(o) {
                    self.obj_mut(o).damage += u32::try_from(n).unwrap_or(u32::MAX);
                    rules.push(cr!("120.3e"));
                }
                rules.extend(combat_rules);
                let ev = Ev::new(EventKind::Damage, format!("{src} deals {n} {kind} to {}", self.describe(o))).source(self, source).target(self, to).amount(n).rules(&rules);
                self.record(ev);
            }
        }
    }

    /// Destroys a permanent: it moves to its owner's graveyard (701.8a).
    pub fn destroy(&mut self, id: ObjId, rule: crate::rules::RuleId) {
        let ev = Ev::new(EventKind::Destroy, format!("{} is destroyed", self.describe(id))).object(self, id).zone(Zone::Graveyard).rule(rule);
        self.record(ev);
        self.move_object(id, Zone::Graveyard);
    }

    /// Draws one card (121.2); from an empty library the player will lose (121.4, 704.5b).
    pub fn draw(&mut self, p: PlayerId, rule: crate::rules::RuleId) {
        if self.players[p].library.is_empty() {
            self.players[p].drew_from_empty = true;
            let ev = Ev::new(EventKind::Draw, format!("{} tries to draw from an empty library", self.players[p].name)).player(self, p).amount(0).rules(&[rule, cr!("121.4")]);
            self.record(ev);
            return;
        }
        let top = self.players[p].library[0];
        let nid = self.move_object(top, Zone::Hand);
        let ev = Ev::new(EventKind::Draw, format!("{} draws {}", self.players[p].name, self.describe(nid))).player(self, p).object(self, nid).amount(1).zone(Zone::Hand).rule(rule);
        self.record(ev);
    }

    /// Discards a card from `p`'s hand (701.9a).
    pub fn discard(&mut self, p: PlayerId, card: ObjId, rule: crate::rules::RuleId) {
        if !self.is_live(card) {
            return;
        }
        let ev = Ev::new(EventKind::Discard, format!("{} discards {}", self.players[p].name, self.describe(card))).player(self, p).object(self, card).zone(Zone::Graveyard).rule(rule);
        self.record(ev);
        self.move_object(card, Zone::Graveyard);
    }

    /// `p` chooses `n` cards from their hand (forced when the hand has `n` or fewer).
    ///
    /// # Errors
    /// When the choice is not scripted.
    pub fn choose_cards(&mut self, p: PlayerId, n: usize, dec: &mut dyn Decider, what: &str, rule: crate::rules::RuleId) -> Result<Vec<ObjId>, Stop> {
        let options: Vec<Target> = self.players[p].hand.iter().map(|&o| Target::Object(o)).collect();
        let d = Decision { player: p, kind: DecisionKind::Pick { options, count: n }, rule, what: what.to_owned() };
        match self.decide(dec, &d)? {
            Answer::Pick(ts) => Ok(ts.into_iter().filter_map(|t| if let Target::Object(o) = t { Some(o) } else { None }).collect()),
            _ => Ok(Vec::new()),
        }
    }

    pub fn gain_life(&mut self, p: PlayerId, n: i64) {
        if n <= 0 || self.players[p].lost {
            return;
        }
        self.players[p].life += n;
        let ev = Ev::new(EventKind::GainLife, format!("{} gains {n} life", self.players[p].name)).player(self, p).amount(n).rule(cr!("119.3"));
        self.record(ev);
    }

    pub fn lose_life(&mut self, p: PlayerId, n: i64, rule: crate::rules::RuleId) {
        if n <= 0 || self.players[p].lost {
            return;
        }
        self.players[p].life -= n;
        let ev = Ev::new(EventKind::LoseLife, format!("{} loses {n} life", self.players[p].name)).player(self, p).amount(n).rule(rule);
        self.record(ev);
    }

    /// The stack from top to bottom, as names (for expectations and reports).
    #[must_use]
    pub fn stack_names(&self) -> Vec<String> {
        self.stack
            .iter()
            .rev()
            .map(|s| match s {
                StackItem::Spell(id) => self.obj(*id).card.name.clone(),
                StackItem::Ability(a) => format!("ability of {}", self.obj(a.source).card.name),
            })
            .collect()
    }
}
