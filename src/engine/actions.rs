//! Keyword actions and the other instructions of effects (701, 119, 120, 121), as they are
//! performed by a resolving spell or ability.

use rand_chacha::rand_core::Rng;

use crate::cards::ir::{Ability, Affected, Amount, CardQuery, CardType, CounterKind, Counted, EnterCounter, Grant, Instruction, PayCost, Quality, Search, SearchDest, SearchZone, Stat, StatOf};
use crate::cite;
use crate::engine::casting::{Targeter, quality_words};
use crate::engine::decision::{Answer, Decider, Decision, DecisionKind, Stop};
use crate::engine::event::{Destruction, EventKind, Text};
use crate::engine::replace::ShieldKind;
use crate::engine::resolve::Context;
use crate::cards::ir::Change;
use crate::engine::state::{Chosen, Game, ObjId, PlayerId, StackItem, Target, Zone};
use crate::engine::Ev;
use crate::rules::RuleId;

impl Game {
    fn amount(&self, ctx: &Context, a: Amount) -> i64 {
        match a {
            Amount::Fixed(n) => i64::from(n),
            Amount::X => i64::from(ctx.x),
            Amount::MinusX => -i64::from(ctx.x),
            Amount::Kicked { base, kicked } => i64::from(if ctx.kicked { kicked } else { base }),
            Amount::ThatMuch => ctx.trigger.amount.unwrap_or(0),
            Amount::Stat { of, stat } => {
                // 608.2h: the value is determined as the effect uses it, from last known
                // information if the object is gone; an illegal target gives none (608.2b).
                let id = match of {
                    StatOf::This => Some(ctx.source),
                    StatOf::Target(i) => Self::legal_targets(ctx, i).find_map(|c| if let Target::Object(o) = c.target { Some(o) } else { None }),
                    StatOf::TriggerObject => ctx.trigger.object,
                    StatOf::Sacrificed => ctx.sacrificed,
                    StatOf::ThatCard => self.that_card_now,
                };
                id.map_or(0, |o| match stat {
                    Stat::Power => i64::from(self.power(o)),
                    Stat::Toughness => i64::from(self.toughness(o)),
                    Stat::ManaValue => i64::from(self.mana_value(o)),
                })
            }
            // 702.23b: the creatures blocking the source now, the first one not counted.
            Amount::Count { each, what: Counted::BlockersBeyondFirst } => {
                let blockers = self.combat.attackers.iter().find(|a| a.id == ctx.source).map_or(0, |a| a.blockers.len());
                i64::from(each) * i64::try_from(blockers.saturating_sub(1)).unwrap_or(0)
            }
            Amount::Count { each, what: Counted::BlockersOf { of, beyond_first } } => {
                let id = match of {
                    StatOf::This => Some(ctx.source),
                    StatOf::Target(i) => Self::legal_targets(ctx, i).find_map(|c| if let Target::Object(o) = c.target { Some(o) } else { None }),
                    StatOf::TriggerObject => ctx.trigger.object,
                    StatOf::Sacrificed | StatOf::ThatCard => None,
                };
                let blockers = id.and_then(|o| self.combat.attackers.iter().find(|a| a.id == o)).map_or(0, |a| a.blockers.len());
                let n = if beyond_first { blockers.saturating_sub(1) } else { blockers };
                i64::from(each) * i64::try_from(n).unwrap_or(0)
            }
            // "… spent to cast that spell": the spell the cast trigger is about (601.2h).
            Amount::Count { each, what: Counted::Spent { colors, that_spell: true } } => {
                i64::from(each) * ctx.trigger.object.map_or(0, |o| i64::try_from(self.spent(o, colors)).unwrap_or(i64::MAX))
            }
            Amount::Count { each, what } => i64::from(each) * self.count(ctx.controller, what, Some(ctx.source)),
        }
    }

    /// The mana spent to cast the spell `o` is or was (601.2h): how many colors it had
    /// (106.1a), or how much there was. A permanent keeps what its spell was paid with; a copy
    /// or an object never cast has none.
    fn spent(&self, o: ObjId, colors: bool) -> usize {
        let spent = &self.obj(o).choices.mana_spent;
        if colors {
            spent[..5].iter().filter(|&&n| n > 0).count()
        } else {
            spent.iter().map(|&n| usize::try_from(n).unwrap_or(usize::MAX)).fold(0, usize::saturating_add)
        }
    }

    /// How many card types (205.2a) the cards in `p`'s graveyard have between them.
    /// `has` says whether a card has a type (the layer system passes its own reader).
    pub(crate) fn card_types_in_graveyard(&self, p: PlayerId, has: &dyn Fn(ObjId, CardType) -> bool) -> usize {
        CardType::ALL.into_iter().filter(|&t| self.players[p].graveyard.iter().any(|&o| has(o, t))).count()
    }

    /// How many there are of what an [`Amount::Count`] counts, for `you`.
    /// `source` is the object whose ability counts ("lands defending player controls", 508.5).
    pub(crate) fn count(&self, you: PlayerId, what: Counted, source: Option<ObjId>) -> i64 {
        let n = match what {
            Counted::Permanents { types, controller, subtype, attacking, other } => {
                let f = crate::cards::ir::ObjectFilter { types_any: types.types(), controller, subtypes: subtype.map(str::to_owned).into_iter().collect(), attacking, ..Default::default() };
                self.battlefield.iter().filter(|&&o| !(other && Some(o) == source)).filter(|&&o| source.map_or_else(|| self.matches_filter(o, &f, you), |s| self.matches_filter_from(o, &f, you, 0, s))).count()
            }
            Counted::ChosenTypePermanents { types, controller } => {
                let f = crate::cards::ir::ObjectFilter { types_any: types.types(), controller, chosen_type: true, ..Default::default() };
                self.battlefield.iter().filter(|&&o| self.matches_filter(o, &f, you)).count()
            }
            Counted::CardsInYourGraveyard(types) => {
                let t = types.types();
                self.players[you].graveyard.iter().filter(|&&o| t.is_empty() || t.iter().any(|&ty| self.has_type(o, ty))).count()
            }
            Counted::CardsInYourHand => self.players[you].hand.len(),
            Counted::Opponents => self.players.iter().enumerate().filter(|(i, p)| *i != you && !p.lost).count(),
            // Counted from the source, in `amount`.
            Counted::BlockersBeyondFirst | Counted::BlockersOf { .. } => 0,
            // 205.3i: the five basic land types, among the lands `you` control.
            Counted::BasicLandTypes => ["Plains", "Island", "Swamp", "Mountain", "Forest"]
                .into_iter()
                .filter(|t| self.permanents_of(you).any(|o| self.has_type(o, CardType::Land) && self.has_subtype(o, t)))
                .count(),
            Counted::CardTypesInYourGraveyard => self.card_types_in_graveyard(you, &|o, t| self.has_type(o, t)),
            Counted::Greatest { stat, types, controller } => {
                let f = crate::cards::ir::ObjectFilter { types_any: types.types(), controller, ..Default::default() };
                let value = |o: ObjId| match stat {
                    Stat::Power => i64::from(self.power(o)),
                    Stat::Toughness => i64::from(self.toughness(o)),
                    Stat::ManaValue => i64::from(self.mana_value(o)),
                };
                let matching = self.battlefield.iter().copied().filter(|&o| source.map_or_else(|| self.matches_filter(o, &f, you), |s| self.matches_filter_from(o, &f, you, 0, s)));
                return matching.map(value).max().unwrap_or(0).max(0);
            }
            Counted::YourLifeTotal => return self.players[you].life,
            // 702.179f: no speed counts as 0.
            Counted::YourSpeed => return i64::from(self.players[you].speed.unwrap_or(0)),
            Counted::LifeGainedThisTurn => return self.players[you].life_gained_this_turn,
            Counted::LifeLostThisTurn => return self.players[you].life_lost_this_turn,
            Counted::LifeLostThisWay => return self.life_lost_now,
            // Read from each permanent as it last existed on the battlefield (608.2h).
            Counted::DestroyedThisWay(types) => {
                let t = types.types();
                self.destroyed_now.iter().filter(|&&o| t.is_empty() || t.iter().any(|&ty| self.has_type(o, ty))).count()
            }
            // 700.5, 700.5a: mana costs as copy and face-down effects leave them (`card`).
            Counted::Devotion(mask) => {
                let counts = |c: crate::cards::ir::Color| mask & (1 << c.index()) != 0;
                let colors = crate::cards::ir::Color::ALL.into_iter().filter(|&c| counts(c));
                let devotion = |m: &crate::cards::ir::ManaCost| {
                    let plain: u32 = colors.clone().map(|c| m.colored[c.index()]).sum();
                    let special = m.special.iter().filter(|s| colors.clone().any(|c| s.has_color(c))).count();
                    usize::try_from(plain).unwrap_or(usize::MAX).saturating_add(special)
                };
                self.permanents_of(you).map(|o| self.card(o).cost().map_or(0, devotion)).sum()
            }
            Counted::Party => self.party_size(you),
            // 700.4, 608.2h: each as it last existed on the battlefield, whoever controlled it.
            Counted::DiedThisTurn { types, subtype, nontoken } => {
                let t = types.types();
                self.died_this_turn
                    .iter()
                    .filter(|&&o| t.is_empty() || t.iter().any(|&ty| self.has_type(o, ty)))
                    .filter(|&&o| subtype.is_none_or(|s| self.has_subtype(o, s)))
                    .filter(|&&o| !(nontoken && self.obj(o).card.token()))
                    .count()
            }
            // 601.2h, 106.1a: the colors among the mana paid for the spell; a permanent keeps
            // what its spell was paid with, and a copy or an object never cast has none.
            Counted::Spent { colors, that_spell: false } => source.map_or(0, |o| self.spent(o, colors)),
            // Read from the trigger, in `amount`.
            Counted::Spent { that_spell: true, .. } => 0,
        };
        i64::try_from(n).unwrap_or(i64::MAX)
    }

    /// How many creatures are in `p`'s party (700.8), with their types as they are now (613).
    fn party_size(&self, p: PlayerId) -> usize {
        let fits = |o: ObjId| PARTY.iter().enumerate().filter(|(_, s)| self.has_subtype(o, s)).fold(0usize, |m, (i, _)| m | 1 << i);
        party_of(self.permanents_of(p).filter(|&o| self.is_creature(o)).map(fits))
    }

    /// Shows in the trace what a count the rules define is as an instruction uses it: the
    /// party (700.8a–b), the permanents that died this turn (700.4), the colors of mana spent
    /// (601.2h), "that card" (608.2h). Once per value in an effect ("loses X life and you gain
    /// X life").
    fn note_amount(&mut self, ctx: &Context, a: Amount) {
        let one = match a {
            Amount::Count { what, .. } => Amount::Count { each: 1, what },
            other => other,
        };
        let n = self.amount(ctx, one);
        if self.noted_now == Some((one, n)) {
            return;
        }
        self.noted_now = Some((one, n));
        let you = &self.players[ctx.controller].name;
        let (text, rules): (String, &[RuleId]) = match one {
            Amount::Count { what: what @ Counted::Party, .. } => (format!("{you}'s party has {n} creature(s)"), count_rules(what)),
            Amount::Count { what: Counted::DiedThisTurn { types, subtype, nontoken }, .. } => {
                let kinds: Vec<&str> = types.types().into_iter().map(CardType::name).collect();
                let noun = subtype.map_or_else(|| if kinds.is_empty() { "permanent".to_owned() } else { kinds.join(" or ").to_lowercase() }, str::to_owned);
                (format!("{n} {}{noun}(s) died this turn", if nontoken { "nontoken " } else { "" }), count_rules(Counted::DiedThisTurn { types, subtype, nontoken }))
            }
            Amount::Count { what: what @ Counted::Spent { colors, that_spell }, .. } => {
                let spell = if that_spell { ctx.trigger.object } else { Some(ctx.source) };
                let spell = spell.map_or_else(|| "the spell".to_owned(), |o| self.describe(o));
                let text = if colors { format!("{n} color(s) of mana were spent to cast {spell}") } else { format!("{n} mana was spent to cast {spell}") };
                (text, count_rules(what))
            }
            Amount::Stat { of: StatOf::ThatCard, stat } => {
                let what = match stat {
                    Stat::Power => "power",
                    Stat::Toughness => "toughness",
                    Stat::ManaValue => "mana value",
                };
                let card = self.that_card_now.map_or_else(|| "no card".to_owned(), |c| self.describe(c));
                (format!("that card is {card}: its {what} is {n}"), &[cite!(count.that_card)])
            }
            _ => return,
        };
        self.record(Ev::new(EventKind::Choice, text).rules(rules));
    }

    /// The one card set aside after the first `before` (what an instruction just revealed or
    /// exiled), if it set aside exactly one.
    fn one_set_aside_since(&self, before: usize) -> Option<ObjId> {
        match self.set_aside.get(before..) {
            Some([one]) => Some(*one),
            _ => None,
        }
    }

    /// The legal targets chosen for instance `slot` of the word "target".
    fn legal_targets(ctx: &Context, slot: usize) -> impl Iterator<Item = &Chosen> {
        ctx.targets.iter().zip(&ctx.legal).filter(move |(c, l)| **l && c.slot == slot).map(|(c, _)| c)
    }

    /// Attaches `att` to `host` (701.3a); `equip`: by an equip ability (702.6a).
    fn attach(&mut self, att: ObjId, host: ObjId, equip: bool) {
        if !(self.on_battlefield(host) && self.on_battlefield(att)) {
            return;
        }
        let equipment = self.has_subtype(att, "Equipment");
        let aura = self.has_subtype(att, "Aura");
        let why = if equipment && (host == att || self.is_creature(att)) {
            // 301.5c: an Equipment can't equip itself, nor a creature while it is one.
            Some((format!("{} can't equip {}", self.described(att), self.described(host)), cite!(attach.equip_not_allowed)))
        } else if equipment && !self.is_creature(host) {
            Some((format!("{} can equip only a creature, and {} is none", self.described(att), self.described(host)), cite!(attach.equip_not_creature)))
        } else if aura && (host == att || self.card(att).abilities().iter().any(|a| matches!(a, Ability::Enchant(f) if !self.matches_filter(host, f, self.controller(att))))) {
            // 303.4j: an Aura doesn't move onto what it can't enchant.
            Some((format!("{} can't enchant {}", self.described(att), self.described(host)), cite!(attach.enchant_not_allowed)))
        } else if !(equipment || aura) {
            Some((format!("{} is neither an Aura nor an Equipment", self.described(att)), cite!(attach.not_attachable)))
        } else {
            None
        };
        if let Some((why, rule)) = why {
            // 701.3b: attaching to what it can't be attached to does nothing.
            let ev = Ev::new(EventKind::Choice, format!("{why}: nothing happens")).object(self, att).rules(&[rule, cite!(attach.impossible)]);
            self.record(ev);
            return;
        }
        if self.obj(att).attached_to == Some(host) {
            // 701.3b: attaching to what it is already attached to does nothing.
            let ev = Ev::new(EventKind::Choice, format!("{} is already attached to {}: nothing happens", self.described(att), self.described(host))).object(self, att).rule(cite!(attach.already_attached));
            self.record(ev);
            return;
        }
        // 613.7e, 701.3c: an Equipment or Aura gets a new timestamp as it becomes attached.
        let ts = self.timestamp();
        let o = self.obj_mut(att);
        let moved = o.attached_to.replace(host).is_some();
        o.timestamp = ts;
        let mut rules = vec![cite!(attach.attaches)];
        if equip {
            rules.push(cite!(equip.attaches));
        }
        if moved {
            rules.push(cite!(attach.new_timestamp));
        }
        let ev = Ev::new(EventKind::Attach, Text::AttachedTo).object(self, att).target(self, Target::Object(host)).rules(&rules);
        self.record(ev);
    }

    /// The permanent `source` is attached to, if it is on the battlefield: read from the
    /// source as it last existed when it has left (a sacrificed Aura, 608.2h).
    pub(crate) fn attached_host(&self, source: ObjId) -> Option<ObjId> {
        self.obj(source).attached_to.filter(|&h| self.on_battlefield(h))
    }

    /// Every permanent matching `f` ("all creatures target player controls"), the source left
    /// out if `other`. A filter naming a player of the effect — a target player (nothing if
    /// that target is illegal, 608.2b) or the player the ability triggered for — is bound to
    /// that player here.
    fn each_matching(&self, ctx: &Context, f: &crate::cards::ir::ObjectFilter, other: bool) -> Vec<Target> {
        use crate::cards::ir::ControllerFilter;
        let bound = match f.controller {
            ControllerFilter::TargetPlayer(i) => Some(Self::legal_targets(ctx, i).find_map(|c| if let Target::Player(p) = c.target { Some(p) } else { None })),
            ControllerFilter::TriggerPlayer => Some(ctx.trigger.player),
            _ => None,
        };
        let any;
        let (f, whose) = match bound {
            None => (f, None),
            Some(None) => return Vec::new(),
            Some(Some(p)) => {
                any = crate::cards::ir::ObjectFilter { controller: ControllerFilter::Any, ..f.clone() };
                (&any, Some(p))
            }
        };
        self.battlefield
            .iter()
            .copied()
            .filter(|&id| !(other && id == ctx.source) && whose.is_none_or(|p| self.controller(id) == p) && self.matches_filter_from(id, f, ctx.controller, ctx.x, ctx.source))
            .map(Target::Object)
            .collect()
    }

    /// The players and objects an instruction acts on, in APNAP order for players (101.4).
    /// Illegal targets are left out (608.2b).
    fn affected(&self, ctx: &Context, a: &Affected) -> Vec<Target> {
        match a {
            Affected::Both(x, y) => {
                let mut all = self.affected(ctx, x);
                all.extend(self.affected(ctx, y));
                all
            }
            Affected::Target(i) => Self::legal_targets(ctx, *i).map(|c| c.target).collect(),
            Affected::This => vec![Target::Object(ctx.source)],
            Affected::SetAside => self.set_aside.iter().copied().filter(|&o| self.is_live(o)).map(Target::Object).collect(),
            // 400.7: a card that left the graveyard and came back is a new object.
            Affected::ThisInGraveyard => {
                let o = self.obj(ctx.source);
                if o.live && o.zone == Zone::Graveyard { vec![Target::Object(ctx.source)] } else { Vec::new() }
            }
            Affected::You => vec![Target::Player(ctx.controller)],
            Affected::EachPlayer => self.apnap().into_iter().map(Target::Player).collect(),
            Affected::EachOpponent => self.apnap().into_iter().filter(|&p| p != ctx.controller).map(Target::Player).collect(),
            Affected::EachPermanent(f) => self.each_matching(ctx, f, false),
            Affected::EachOtherPermanent(f) => self.each_matching(ctx, f, true),
            Affected::TriggerObject => ctx.trigger.object.map(Target::Object).into_iter().collect(),
            Affected::TriggerObjectController => ctx.trigger.object.map(|o| Target::Player(self.controller(o))).into_iter().collect(),
            Affected::TriggerPlayer => ctx.trigger.player.map(Target::Player).into_iter().collect(),
            Affected::Linked => match ctx.trigger.linked {
                Some(first) => match self.linked_groups.iter().find(|(f, _)| *f == first) {
                    Some((_, all)) => all.iter().copied().map(Target::Object).collect(),
                    None => vec![Target::Object(first)],
                },
                None => Vec::new(),
            },
            // 607.2a: the cards the linked ability of this object exiled, still in exile.
            Affected::ExiledBySource => self.exiled_by.iter().filter(|(s, c)| *s == ctx.source && self.obj(*c).live && self.obj(*c).zone == Zone::Exile).map(|&(_, c)| Target::Object(c)).collect(),
            Affected::DamagedThisWay => self.damaged_now.iter().copied().filter(|&o| self.on_battlefield(o)).map(Target::Object).collect(),
            Affected::CreatedTokens => self.created_now.iter().copied().filter(|&o| self.on_battlefield(o)).map(Target::Object).collect(),
            // 400.7: the new object the target's card became on the battlefield, found through
            // the moves this effect made.
            Affected::Arrived(i) => Self::legal_targets(ctx, *i)
                .filter_map(|c| if let Target::Object(o) = c.target { Some(o) } else { None })
                .filter_map(|o| {
                    let mut n = o;
                    while let Some(&(_, m)) = self.moved_now.iter().find(|(old, _)| *old == n) {
                        n = m;
                    }
                    (n != o && self.on_battlefield(n)).then_some(Target::Object(n))
                })
                .collect(),
            Affected::Attached => self.attached_host(ctx.source).map(Target::Object).into_iter().collect(),
            Affected::AttachedController => self.attached_host(ctx.source).map(|h| Target::Player(self.controller(h))).into_iter().collect(),
            Affected::TriggerSpellOrAbility => match (ctx.trigger.ability, ctx.trigger.object) {
                (Some(uid), _) => vec![Target::Ability(uid)],
                (None, Some(o)) => vec![Target::Object(o)],
                (None, None) => Vec::new(),
            },
            // 608.2b: information about an illegal target can't be determined.
            Affected::ControllerOfTarget(i) => Self::legal_targets(ctx, *i)
                .map(|c| match c.target {
                    Target::Object(o) => Target::Player(self.controller(o)),
                    t @ (Target::Player(_) | Target::Ability(_)) => t,
                })
                .collect(),
        }
    }

    fn players_of(&self, ctx: &Context, a: &Affected) -> Vec<PlayerId> {
        self.affected(ctx, a).into_iter().filter_map(|t| if let Target::Player(p) = t { Some(p) } else { None }).collect()
    }

    fn objects_of(&self, ctx: &Context, a: &Affected) -> Vec<ObjId> {
        self.affected(ctx, a).into_iter().filter_map(|t| if let Target::Object(o) = t { Some(o) } else { None }).collect()
    }

    /// The object an instruction that moves `id` acts on: `id` itself while it exists, or —
    /// for the object a zone-change trigger triggered on, now gone — the new object it became
    /// in the public zone it moved to, as long as it is still there (400.7e).
    fn found(&self, ctx: &Context, id: ObjId) -> Option<(ObjId, bool)> {
        if self.is_live(id) {
            return Some((id, false));
        }
        // 400.7j: an effect that moved the object to a public zone finds it there in its later
        // instructions ("exile this creature, then return it to the battlefield").
        let mut o = id;
        while let Some(&(_, n)) = self.moved_now.iter().find(|(old, _)| *old == o) {
            o = n;
        }
        if o != id && self.is_live(o) && !matches!(self.obj(o).zone, Zone::Library | Zone::Hand) {
            return Some((o, false));
        }
        let n = ctx.trigger.moved_to?;
        (ctx.trigger.object == Some(id) && self.is_live(n)).then_some((n, true))
    }

    /// Whether `p` can carry out `action` now (608.2d): an option that can't be taken, or a
    /// required action that can't be done, for "If you do" and "When you do" (603.12).
    fn can_do(&self, ctx: &Context, p: PlayerId, action: &Instruction) -> bool {
        match action {
            Instruction::Sacrifice { filter, count, .. } => {
                let need = usize::try_from(self.amount(ctx, *count).max(1)).unwrap_or(1);
                self.permanents_of(p).filter(|&o| !(filter.other && o == ctx.source) && self.matches_filter(o, filter, p)).count() >= need
            }
            // "You may return an enchantment you control to its owner's hand. If you
            // do, …": only with such a permanent can the player do it.
            Instruction::ReturnChosen { filter, another } => self.permanents_of(p).any(|o| !(*another && o == ctx.source) && self.matches_filter_from(o, filter, p, ctx.x, ctx.source)),
            // "You may put a land card from your hand onto the battlefield": only
            // with such a card.
            Instruction::PutFromHand { query, .. } => self.players[p].hand.iter().any(|&o| self.hand_card_matches(o, query, p)),
            // "You may remove three counters from it. If you do, …": removing them
            // is a cost of the option (118.12), paid in full or not at all.
            Instruction::RemoveCounters { what, kind, count } => {
                let need = u32::try_from(self.amount(ctx, *count).max(0)).unwrap_or(0);
                let ids = self.objects_of(ctx, what);
                !ids.is_empty() && ids.iter().all(|&o| self.obj(o).counters.get(kind) >= need)
            }
            // Counters go only on a permanent (122.6): fabricate's "you may put N
            // +1/+1 counters on it" once it has left the battlefield is impossible.
            Instruction::PutCounters { what: Affected::This, .. } => self.on_battlefield(ctx.source),
            // "You may exile it." once it has left the zone it was in: nothing to
            // exile (400.7), so the option can't be taken (and no "when you do"
            // ability triggers, 603.12).
            Instruction::Exile(a) | Instruction::ReturnToHand(a) => self.objects_of(ctx, a).iter().any(|&o| self.found(ctx, o).is_some()),
            Instruction::SacrificePermanent(a) => self.objects_of(ctx, a).iter().any(|&o| self.on_battlefield(o) && self.controller(o) == p),
            // "You may return a land card from your graveyard to your hand": only with one.
            Instruction::ReturnFromGraveyard { filter, .. } => self.players[p].graveyard.iter().any(|&o| self.matches_filter(o, filter, p)),
            // Graft's move needs a counter on this permanent (122.5).
            Instruction::MoveCounter { from: Affected::This, kind, .. } => self.on_battlefield(ctx.source) && self.obj(ctx.source).counters.get(kind) > 0,
            _ => true,
        }
    }

    /// Performs one instruction (608.2c).
    ///
    /// # Errors
    /// When a decision can't be made.
    pub fn perform(&mut self, ins: &Instruction, ctx: &Context, dec: &mut dyn Decider) -> Result<(), Stop> {
        // 712.21c: an effect that finds the new object a melded permanent became finds both of
        // its cards and does the same to each; following only one would be a wrong result.
        let follows = match ins {
            Instruction::Exile(a) | Instruction::ReturnToHand(a) | Instruction::ShuffleIntoLibrary(a) | Instruction::CastWithoutPaying(a) | Instruction::Connive(a) => Some(a),
            Instruction::ReturnToBattlefield { what, .. } | Instruction::PutInLibrary { what, .. } => Some(what),
            _ => None,
        };
        if let Some(a) = follows
            && let Some(id) = self.objects_of(ctx, a).into_iter().find(|&o| !self.is_live(o) && self.obj(o).melded.is_some() && (self.moved_now.iter().any(|(old, _)| *old == o) || ctx.trigger.object == Some(o)))
        {
            return Err(Stop(crate::diag::Diagnostic::new(
                format!("{} was a melded permanent: an effect that finds the new object it became finds both of its cards and acts on each (712.21c), which judge doesn't model yet", self.described(id)),
                crate::diag::Span::default(),
            )));
        }
        if let Some(a) = noted_amount(ins) {
            self.note_amount(ctx, a);
        }
        match ins {
            Instruction::DealDamage { amount, to, divided } => {
                // 120.2: damage from one source to several recipients is dealt at once.
                if *divided {
                    let Affected::Target(slot) = to else { return Ok(()) };
                    let shares: Vec<(Target, u32)> = Self::legal_targets(ctx, *slot).map(|c| (c.target, c.share)).collect();
                    for (t, n) in shares {
                        self.damage(ctx.source, t, i64::from(n), None, dec)?;
                    }
                } else {
                    let n = self.amount(ctx, *amount);
                    for t in self.affected(ctx, to) {
                        self.damage(ctx.source, t, n, None, dec)?;
                    }
                }
                self.flush_lifelink();
            }
            Instruction::DealDamageBy { by, amount, to } => {
                // 608.2b: a source that is gone or no longer a legal target deals nothing.
                let Some(source) = self.objects_of(ctx, by).into_iter().find(|&o| self.on_battlefield(o)) else {
                    let ev = Ev::new(EventKind::Choice, "the creature that would deal the damage is no longer a legal target: no damage is dealt").source(self, ctx.source).rule(cite!(resolve.damage_source_illegal));
                    self.record(ev);
                    return Ok(());
                };
                let n = self.amount(ctx, *amount);
                for t in self.affected(ctx, to) {
                    self.damage(source, t, n, None, dec)?;
                }
                self.flush_lifelink();
            }
            Instruction::Destroy(a) => {
                for id in self.objects_of(ctx, a) {
                    if self.on_battlefield(id) && self.destroy(id, &[cite!(destroy.destroys)], &Destruction::Said("".into()), !ctx.no_regen, dec)? {
                        self.destroyed_now.push(id);
                    }
                }
            }
            Instruction::Exile(a) => {
                for id in self.objects_of(ctx, a) {
                    if let Some((id, followed)) = self.found(ctx, id) {
                        let mut ev = Ev::new(EventKind::Exile, crate::engine::event::Text::ObjectDoes("is exiled")).object(self, id).zone(Zone::Exile).rule(cite!(exile.exiles));
                        if followed {
                            ev = ev.rule(cite!(zone.new_object_found));
                        }
                        self.record(ev);
                        let nid = self.move_object(id, Zone::Exile);
                        // 607.2a: a linked ability of the source may refer to it as "the exiled
                        // card".
                        self.exiled_by.push((ctx.source, nid));
                    }
                }
            }
            Instruction::ExileUntilLeaves(a) => {
                let source = ctx.source;
                if !self.on_battlefield(source) {
                    // 610.3a–b: the source left after the spell or ability was put on the stack
                    // (or triggered): the objects don't move.
                    let triggered = self.resolving_ability.is_some_and(|(o, i)| matches!(self.ability(o, i), Some(Ability::Triggered { .. })));
                    let rule = if triggered { cite!(exile_until.triggered) } else { cite!(exile_until.resolved) };
                    let ev = Ev::new(EventKind::Choice, format!("{} has already left the battlefield: nothing is exiled until it leaves", self.described(source))).source(self, source).rules(&[rule, cite!(exile_until.source_gone)]);
                    self.record(ev);
                } else {
                    for id in self.objects_of(ctx, a) {
                        if let Some((id, _)) = self.found(ctx, id) {
                            let ev = Ev::new(EventKind::Exile, format!("{} is exiled until {} leaves the battlefield", self.described(id), self.described(source))).object(self, id).source(self, source).zone(Zone::Exile).rules(&cite!(exile_until.exiles));
                            self.record(ev);
                            let nid = self.move_object(id, Zone::Exile);
                            self.exiled_until.push((source, nid));
                        }
                    }
                }
            }
            Instruction::Counter(a) => {
                for t in self.affected(ctx, a) {
                    self.counter_target(t, ctx.source, ctx.exile_countered);
                }
            }
            Instruction::CounterUnlessPays { what, cost } => {
                for t in self.affected(ctx, what) {
                    let Some(payer) = self.stack_controller(t) else { continue };
                    if self.offer_payment(payer, &PayCost::Mana(cost.clone()), ctx.x, &format!("pay {cost} so that {} is not countered", self.describe_target(t)), cite!(unless.pay_to_not_counter), dec)? {
                        continue;
                    }
                    self.counter_target(t, ctx.source, ctx.exile_countered);
                }
            }
            Instruction::Renown(n) => {
                let id = ctx.source;
                // 702.112c, 603.4: only the first renown ability to resolve does anything.
                if self.on_battlefield(id) && !self.obj(id).renowned {
                    self.put_counters(id, &crate::cards::ir::CounterKind::PlusOne, *n, &[cite!(renown.counters)], false, "");
                    self.obj_mut(id).renowned = true;
                    let ev = Ev::new(EventKind::Choice, crate::engine::event::Text::ObjectDoes("becomes renowned")).object(self, id).rules(&cite!(renown.renowned));
                    self.record(ev);
                }
            }
            Instruction::SacrificeIt(what) => {
                for id in self.objects_of(ctx, what) {
                    if self.on_battlefield(id) {
                        self.sacrifice_it(id, "", &[cite!(sacrifice.sacrifices)]);
                    }
                }
            }
            Instruction::SacrificeUnlessPays { what, cost } => {
                for id in self.objects_of(ctx, what) {
                    if !self.on_battlefield(id) {
                        continue;
                    }
                    let p = self.controller(id);
                    if !self.offer_payment(p, &PayCost::Mana(cost.clone()), 0, &format!("pay {cost} so that {} is not sacrificed", self.described(id)), cite!(unless.pay_to_not_sacrifice), dec)? {
                        self.sacrifice_it(id, " (the cost was not paid)", &cite!(unless.not_paid_sacrifice));
                    }
                }
            }
            Instruction::UnlessPays { payer, cost, instructions } => {
                // 118.12a: "[do something] unless [a player pays]" — the player may pay; if
                // they don't, the instructions are carried out.
                let payer = self.players_of(ctx, payer).first().copied();
                let paid = match payer {
                    Some(p) => self.offer_payment(p, cost, ctx.x, &format!("pay {cost} (\"unless … pays\" of {})", self.described(ctx.source)), cite!(unless.pay), dec)?,
                    None => false,
                };
                if !paid {
                    if let Some(p) = payer {
                        let ev = Ev::new(EventKind::Choice, crate::engine::event::Text::PlayerDoes("doesn't pay: the rest of the instruction happens")).player(self, p).rule(cite!(unless.not_paid));
                        self.record(ev);
                    }
                    for ins in instructions {
                        self.perform(ins, ctx, dec)?;
                    }
                }
            }
            Instruction::IfHolds { condition, instructions, otherwise } => {
                let holds = self.condition_holds(condition, ctx.source, ctx.controller);
                let src = self.describe(ctx.source);
                let text = match (holds, otherwise.is_empty()) {
                    (true, true) => format!("the condition of {src}'s next instruction holds: it is carried out"),
                    (false, true) => format!("the condition of {src}'s next instruction doesn't hold: it does nothing"),
                    (true, false) => format!("the condition of {src}'s \"instead\" holds: the later instruction replaces the earlier one"),
                    (false, false) => format!("the condition of {src}'s \"instead\" doesn't hold: the earlier instruction is carried out as written"),
                };
                // The rules defining what a count condition counts (a full party, 700.8c).
                let counted: &[RuleId] = match condition {
                    crate::cards::ir::Condition::FullParty => &[cite!(count.full_party)],
                    crate::cards::ir::Condition::CreaturesDied(_) => &cite!(count.died_this_turn),
                    _ => &[],
                };
                let ev = Ev::new(EventKind::Choice, text).source(self, ctx.source).rule(cite!(resolve.condition_checked)).rules(counted);
                self.record(ev);
                for ins in if holds { instructions } else { otherwise } {
                    self.perform(ins, ctx, dec)?;
                }
            }
            Instruction::IfKicked(instructions) => {
                if ctx.kicked {
                    let ev = Ev::new(EventKind::Choice, format!("{} was kicked: the instructions for a kicked spell apply", self.described(ctx.source))).rules(&cite!(kicker.kicked_instructions));
                    self.record(ev);
                    for ins in instructions {
                        self.perform(ins, ctx, dec)?;
                    }
                }
            }
            Instruction::PayPerAgeOrSacrifice(cost) => {
                // 702.24a: the cost once for each age counter, paid in full or not at all.
                let id = ctx.source;
                if self.on_battlefield(id) {
                    let n = self.obj(id).counters.get(&CounterKind::Named("age".to_owned()));
                    let total = cost.times(n);
                    let p = self.controller(id);
                    if !self.offer_payment(p, &total, 0, &format!("pay {total} for the cumulative upkeep of {} ({n} age counter(s))", self.described(id)), cite!(cumulative_upkeep.pay), dec)? {
                        self.sacrifice_it(id, " (its cumulative upkeep was not paid)", &cite!(cumulative_upkeep.sacrifice));
                    }
                }
            }
            Instruction::Pay(cost) => {
                // Only the option of a "you may pay" (read in `MayOrElse`); alone, a payment
                // the controller must make.
                self.offer_payment(ctx.controller, cost, ctx.x, &format!("pay {cost}"), cite!(pay.optional_cost), dec)?;
            }
            Instruction::CounterUnlessPaysLife { what, life } => {
                for t in self.affected(ctx, what) {
                    let Some(payer) = self.stack_controller(t) else { continue };
                    // 119.4: a player can pay life only if their life total is at least that.
                    let able = self.players[payer].life >= i64::from(*life);
                    let d = Decision { player: payer, kind: DecisionKind::May { able }, rule: cite!(unless.pay_life_to_not_counter), what: format!("pay {life} life so that {} is not countered", self.describe_target(t)) };
                    if let Answer::May(true) = self.decide(dec, &d)?
                        && able
                    {
                        self.pay_life(payer, *life, "", &cite!(unless.pay_life));
                        continue;
                    }
                    self.counter_target(t, ctx.source, ctx.exile_countered);
                }
            }
            Instruction::CopySpell { what, new_targets, times } => {
                let n = self.amount(ctx, *times).max(0);
                for id in self.objects_of(ctx, what) {
                    for _ in 0..n {
                        // A spell that has left the stack (countered in response, say) is
                        // still copied, as it last existed there (608.2h).
                        if self.obj(id).zone == Zone::Stack {
                            self.copy_spell(id, ctx.controller, *new_targets, dec)?;
                        }
                    }
                }
            }
            Instruction::Cascade => self.cascade(ctx, dec)?,
            Instruction::Myriad => self.myriad(ctx, dec)?,
            // 702.185a: exile this permanent (if it is still the same object on the
            // battlefield); the card becomes a warped card its owner may cast after this turn.
            Instruction::WarpExile => {
                if self.on_battlefield(ctx.source) {
                    let ev = Ev::new(EventKind::Exile, crate::engine::event::Text::ObjectDoes("is exiled (warp); its owner may cast it from exile after this turn")).object(self, ctx.source).zone(Zone::Exile).rules(&cite!(warp.exiled));
                    self.record(ev);
                    let nid = self.move_object(ctx.source, Zone::Exile);
                    if self.is_live(nid) && self.obj(nid).zone == Zone::Exile {
                        let turn = self.turn;
                        self.obj_mut(nid).warped = Some(turn);
                    }
                }
            }
            Instruction::Unearth => self.unearth(ctx, dec)?,
            Instruction::Ninjutsu => self.ninjutsu(ctx, dec)?,
            Instruction::Madness => self.madness(ctx, dec)?,
            Instruction::CastWithoutPaying(a) => {
                for id in self.objects_of(ctx, a) {
                    let own = id == ctx.source;
                    let Some((id, _)) = self.found(ctx, id) else { continue };
                    // Rebound's card must still be the exiled one (400.7).
                    if self.is_live(id) && self.obj(id).zone == Zone::Exile {
                        // Rebound's delayed trigger has the exiled card as its source.
                        let (rule, what) = if own && self.has_keyword(id, crate::cards::ir::Keyword::Rebound) { (cite!(rebound.cast), "rebound ability") } else { (cite!(cast.without_paying), "ability") };
                        let by = crate::engine::casting::ByEffect { source: ctx.source, cost: None, rule, what };
                        self.cast_by_effect(ctx.controller, id, by, dec)?;
                    }
                }
            }
            Instruction::Draw { who, count } => {
                let n = self.amount(ctx, *count).max(0);
                for p in self.players_of(ctx, who) {
                    for _ in 0..n {
                        self.draw_with(p, cite!(draw.draws), dec)?;
                    }
                }
            }
            Instruction::Discard { who, count, random } => {
                let n = usize::try_from(self.amount(ctx, *count).max(0)).unwrap_or(0);
                // 101.4: each player chooses in APNAP order, then all discard at once.
                let mut chosen: Vec<(PlayerId, Vec<ObjId>)> = Vec::new();
                for p in self.players_of(ctx, who) {
                    let cards = if *random { self.random_cards(p, n) } else { self.choose_cards(p, n, dec, &format!("discard {n} card(s)"), cite!(discard.random_or_chosen))? };
                    chosen.push((p, cards));
                }
                let rule = if *random { cite!(discard.random) } else { cite!(discard.discards) };
                // "that card's mana value": the one card discarded, if one was.
                self.that_card_now = match chosen.as_slice() {
                    [(_, cards)] => match cards.as_slice() {
                        [c] => Some(*c),
                        _ => None,
                    },
                    _ => None,
                };
                for (p, cards) in chosen {
                    for c in cards {
                        self.discard(p, c, rule);
                    }
                }
            }
            Instruction::DiscardHand(who) => {
                // 701.9a: the whole hand; the players' cards go at once, in APNAP order.
                let players = self.players_of(ctx, who);
                for p in players {
                    let cards = self.players[p].hand.to_vec();
                    for c in cards {
                        self.discard(p, c, cite!(discard.hand));
                    }
                }
            }
            Instruction::GainLife { who, amount } => {
                let n = self.amount(ctx, *amount);
                for p in self.players_of(ctx, who) {
                    self.gain_life(p, n);
                }
            }
            Instruction::LoseLife { who, amount } => {
                let n = self.amount(ctx, *amount);
                for p in self.players_of(ctx, who) {
                    self.lose_life(p, n, cite!(life.loses));
                }
            }
            Instruction::GetEnergy { who, amount } => {
                let n = u32::try_from(self.amount(ctx, *amount)).unwrap_or(0);
                for p in self.players_of(ctx, who) {
                    self.get_energy(p, n);
                }
            }
            Instruction::GetPoison { who, amount } => {
                let n = u32::try_from(self.amount(ctx, *amount)).unwrap_or(0);
                for p in self.players_of(ctx, who) {
                    if n == 0 || self.players[p].lost {
                        continue;
                    }
                    self.players[p].poison = self.players[p].poison.saturating_add(n);
                    let ev = Ev::new(EventKind::PutCounters, format!("{} gets {n} poison counter{} (now {})", self.players[p].name, if n == 1 { "" } else { "s" }, self.players[p].poison))
                        .player(self, p)
                        .amount(i64::from(n))
                        .rule(cite!(poison.gets));
                    self.record(ev);
                }
            }
            Instruction::Pump { what, power, toughness } => {
                let (pw, th) = (self.amount(ctx, *power), self.amount(ctx, *toughness));
                for id in self.objects_of(ctx, what) {
                    if self.on_battlefield(id) {
                        let (pw, th) = (i32::try_from(pw).unwrap_or(0), i32::try_from(th).unwrap_or(0));
                        self.add_effect(ctx.source, ctx.controller, vec![id], Change::Pt(pw, th), true);
                        let mut ev = Ev::new(EventKind::Pump, Text::Gets { power: pw, toughness: th }).object(self, id).rules(&cite!(pump.until_end_of_turn));
                        // 702.23b: rampage's bonus, counted from the blockers as it resolves.
                        if matches!(power, Amount::Count { what: Counted::BlockersBeyondFirst, .. }) {
                            ev = ev.rules(&cite!(bloodrush.pump));
                        }
                        self.record(ev);
                    }
                }
            }
            Instruction::Grant { what, grant } => {
                let ids: Vec<ObjId> = self.objects_of(ctx, what).into_iter().filter(|&id| self.on_battlefield(id)).collect();
                // "Creatures you control gain protection from the color of your choice": one
                // choice for the whole instruction (608.2d), not one per creature.
                let before = self.chosen_color_now;
                if *grant == Grant::ProtectionFromChosenColor && before.is_none() && ids.len() > 1 {
                    let d = Decision { player: ctx.controller, kind: DecisionKind::Color, rule: cite!(protection.color_choice), what: "the color of your choice the permanents gain protection from".to_owned() };
                    if let Answer::Color(c) = self.decide(dec, &d)? {
                        self.chosen_color_now = Some(c);
                    }
                }
                for id in ids {
                    self.grant(id, *grant, ctx.source, ctx.controller, dec)?;
                }
                self.chosen_color_now = before;
            }
            Instruction::BecomeColor { what, color, until_end_of_turn } => {
                for id in self.objects_of(ctx, what) {
                    if self.is_live(id) && matches!(self.obj(id).zone, Zone::Battlefield | Zone::Stack) {
                        self.add_effect(ctx.source, ctx.controller, vec![id], Change::SetColors(vec![*color]), *until_end_of_turn);
                        let how = if *until_end_of_turn { " until end of turn" } else { "" };
                        let ev = Ev::new(EventKind::ColorChange, format!("{} becomes {}{how}", self.described(id), color.name())).object(self, id).rules(&cite!(color.becomes));
                        self.record(ev);
                    }
                }
            }
            Instruction::BecomeChosenColor { what } => {
                for id in self.objects_of(ctx, what) {
                    if self.is_live(id) && matches!(self.obj(id).zone, Zone::Battlefield | Zone::Stack) {
                        // 608.2d: the choice is made as the instruction is carried out.
                        let d = Decision { player: ctx.controller, kind: DecisionKind::Color, rule: cite!(color.choice), what: format!("the color {} becomes", self.described(id)) };
                        let Answer::Color(color) = self.decide(dec, &d)? else { continue };
                        self.add_effect(ctx.source, ctx.controller, vec![id], Change::SetColors(vec![color]), true);
                        let ev = Ev::new(EventKind::ColorChange, format!("{} becomes {} until end of turn", self.described(id), color.name())).object(self, id).rules(&cite!(color.becomes_until_end_of_turn));
                        self.record(ev);
                    }
                }
            }
            Instruction::Continuous { what, changes, until_end_of_turn, hold } => {
                // 611.2c: the set of objects is locked in now.
                let ids: Vec<ObjId> = self.objects_of(ctx, what).into_iter().filter(|&id| self.on_battlefield(id)).collect();
                let over = hold.is_some_and(|h| !self.holds(h, ctx.source, ctx.controller));
                if over {
                    // 611.2b: a "for as long as" duration that is already over: it does nothing.
                    let ev = Ev::new(EventKind::Choice, format!("the effect of {} does nothing: its \"for as long as\" duration ended before it began", self.described(ctx.source))).source(self, ctx.source).rule(cite!(effect.duration_already_over));
                    self.record(ev);
                } else if !ids.is_empty() {
                    self.add_effects(ctx.source, ctx.controller, &ids, changes, *until_end_of_turn, *hold);
                    // 611.2a: no duration stated — it lasts until the permanent leaves the
                    // battlefield, when it becomes a new object the effect doesn't know (400.7).
                    if matches!(what, Affected::Arrived(_)) && !*until_end_of_turn && hold.is_none() {
                        let ev = Ev::new(EventKind::Grant, format!("the effect on {} has no duration: it lasts until that permanent leaves the battlefield", self.described(ids[0]))).object(self, ids[0]).source(self, ctx.source).rules(&cite!(effect.indefinite));
                        self.record(ev);
                    }
                }
            }
            Instruction::CantBeRegenerated | Instruction::ExileIfCountered | Instruction::DamageUnpreventable => {}
            Instruction::DamageCantBePreventedThisTurn => {
                self.unpreventable_turn = true;
                let ev = Ev::new(EventKind::RuleChange, "damage can't be prevented this turn").source(self, ctx.source).rules(&cite!(prevent.cant_be_prevented_this_turn));
                self.record(ev);
            }
            Instruction::RevealHand { who, choose, discard } => {
                for p in self.players_of(ctx, who) {
                    let shown: Vec<String> = self.players[p].hand.iter().map(|&c| self.describe(c)).collect();
                    let shown = if shown.is_empty() { "nothing".to_owned() } else { shown.join(", ") };
                    let ev = Ev::new(EventKind::Reveal, format!("{} reveals their hand: {shown}", self.players[p].name)).player(self, p).rule(cite!(reveal.hand));
                    self.record(ev);
                    let Some(f) = choose else { continue };
                    let options: Vec<Target> = self.players[p].hand.iter().copied().filter(|&c| self.matches_filter(c, f, ctx.controller)).map(Target::Object).collect();
                    let what = format!("a card from {}'s hand", self.players[p].name);
                    let none = |g: &Game| Ev::new(EventKind::Choice, format!("{} has no card {} can choose: nothing is chosen", g.players[p].name, g.players[ctx.controller].name)).player(g, p).rule(cite!(impossible.nothing_to_choose));
                    let chosen = self.pick_one(ctx.controller, options, cite!(discard.chosen_by_other), what, none, dec)?;
                    if *discard && let Some(c) = chosen {
                        self.discard(p, c, cite!(discard.chosen_by_other));
                    }
                }
            }
            Instruction::Scry(n) => self.scry(ctx.controller, *n, dec)?,
            Instruction::Surveil(n) => self.surveil(ctx.controller, *n, dec)?,
            Instruction::Mill { who, count } => {
                let n = usize::try_from(self.amount(ctx, *count).max(0)).unwrap_or(0);
                for p in self.players_of(ctx, who) {
                    self.mill(p, n);
                }
            }
            Instruction::PutFaceDown { who, cloak, dread } => {
                let mut made = Vec::new();
                for p in self.players_of(ctx, who) {
                    made.extend(self.manifest(p, *cloak, *dread, dec)?);
                }
                self.created_now = made;
            }
            Instruction::ExileTop { who, count } => {
                let n = usize::try_from(self.amount(ctx, *count).max(0)).unwrap_or(0);
                let before = self.set_aside.len();
                for p in self.players_of(ctx, who) {
                    let cards: Vec<ObjId> = self.players[p].library.iter().copied().take(n).collect();
                    for c in cards {
                        let ev = Ev::new(EventKind::Exile, format!("{} is exiled from the top of {}'s library", self.described(c), self.players[p].name)).object(self, c).player(self, p).zone(Zone::Exile).rule(cite!(exile.from_hand_or_library));
                        self.record(ev);
                        let nid = self.move_object(c, Zone::Exile);
                        self.set_aside.push(nid);
                    }
                }
                self.that_card_now = self.one_set_aside_since(before);
            }
            Instruction::RevealRandomFromHand(who) => {
                // 701.20a: the card is shown and stays in the hand; with an empty hand nothing is
                // revealed.
                self.that_card_now = None;
                for p in self.players_of(ctx, who) {
                    let Some(c) = self.random_cards(p, 1).pop() else { continue };
                    let ev = Ev::new(EventKind::Reveal, format!("{} reveals {} at random from their hand", self.players[p].name, self.described(c))).object(self, c).player(self, p).rule(cite!(reveal.random_from_hand));
                    self.record(ev);
                    self.that_card_now = Some(c);
                }
            }
            Instruction::RevealTop { who, count } => {
                let n = usize::try_from(self.amount(ctx, *count).max(0)).unwrap_or(0);
                let before = self.set_aside.len();
                for p in self.players_of(ctx, who) {
                    let cards: Vec<ObjId> = self.players[p].library.iter().copied().take(n).collect();
                    for c in cards {
                        // 701.20b: revealing leaves the card where it is.
                        let ev = Ev::new(EventKind::Reveal, format!("{} reveals {} from the top of their library", self.players[p].name, self.described(c))).object(self, c).player(self, p).rules(&cite!(reveal.top_card));
                        self.record(ev);
                        self.set_aside.push(c);
                    }
                }
                self.that_card_now = self.one_set_aside_since(before);
            }
            Instruction::RevealUntil { who, filter, to, rest } => {
                for p in self.players_of(ctx, who) {
                    self.reveal_until(p, filter, *to, *rest, dec)?;
                }
            }
            Instruction::LookTop { who, count } => {
                let n = usize::try_from(self.amount(ctx, *count).max(0)).unwrap_or(0);
                for p in self.players_of(ctx, who) {
                    let seen = self.players[p].library.len().min(n);
                    let ev = Ev::new(EventKind::Choice, format!("{} looks at the top {seen} card(s) of {}'s library", self.players[ctx.controller].name, self.players[p].name)).player(self, p).rule(cite!(look.top_cards));
                    self.record(ev);
                }
            }
            Instruction::IfSetAside { filter, then, otherwise } => {
                let Some(card) = self.set_aside.iter().copied().find(|&o| self.is_live(o)) else { return Ok(()) };
                let hit = self.matches_filter(card, filter, ctx.controller);
                let ev = Ev::new(EventKind::Choice, format!("{} is {}a {} card", self.described(card), if hit { "" } else { "not " }, crate::engine::casting::filter_words(filter))).object(self, card).rule(cite!(resolve.card_checked));
                self.record(ev);
                for ins in if hit { then } else { otherwise } {
                    self.perform(ins, ctx, dec)?;
                }
            }
            Instruction::PutInGraveyard(a) => {
                for id in self.objects_of(ctx, a) {
                    let owner = self.obj(id).owner;
                    let ev = Ev::new(EventKind::PutIntoGraveyard, Text::PutInto("graveyard")).object(self, id).player(self, owner).zone(Zone::Graveyard).rule(cite!(resolve.to_graveyard));
                    self.record(ev);
                    self.move_object(id, Zone::Graveyard);
                }
            }
            Instruction::PlayExiled { cast_only, until } => {
                let cards: Vec<ObjId> = self.set_aside.iter().copied().filter(|&c| self.is_live(c) && self.obj(c).zone == Zone::Exile).collect();
                let you = ctx.controller;
                let verb = if *cast_only { "cast" } else { "play" };
                let when = match until {
                    crate::cards::ir::PlayUntil::EndOfTurn => "this turn",
                    crate::cards::ir::PlayUntil::EndOfYourNextTurn => "until the end of their next turn",
                    crate::cards::ir::PlayUntil::WhileExiled => "for as long as it remains exiled",
                };
                let lasting = matches!(until, crate::cards::ir::PlayUntil::WhileExiled);
                for c in cards {
                    let turn = matches!(until, crate::cards::ir::PlayUntil::EndOfTurn).then_some(self.turn);
                    self.play_permissions.push(crate::engine::state::PlayPermission { card: c, source: ctx.source, player: you, cast_only: *cast_only, turn, given: self.turn, lasting });
                    let ev = Ev::new(EventKind::EffectBegins, format!("{} may {verb} {} from exile {when}", self.players[you].name, self.described(c))).object(self, c).player(self, you).rules(&cite!(cast.permission_from_exile));
                    // "Play" covers playing a land too (305.1).
                    let ev = if *cast_only { ev } else { ev.rule(cite!(land.play_permission)) };
                    self.record(ev);
                }
            }
            Instruction::Fight(a, b) => self.fight(ctx, a, b, dec)?,
            Instruction::Explore(a) => {
                for id in self.objects_of(ctx, a) {
                    self.explore(id, dec)?;
                }
            }
            Instruction::Connive(a) => {
                for id in self.objects_of(ctx, a) {
                    self.connive(id, dec)?;
                }
            }
            Instruction::ReturnToBattlefield { what, tapped, yours, counter } => {
                let objects = self.objects_of(ctx, what);
                // 607.2a: the linked ability exiled nothing (yet), or what it exiled has left
                // exile.
                if objects.is_empty() && *what == Affected::ExiledBySource {
                    let ev = Ev::new(EventKind::Choice, format!("no card exiled by {}'s linked ability is in exile: nothing is returned", self.described(ctx.source))).source(self, ctx.source).rule(cite!(linked.exiled_card));
                    self.record(ev);
                }
                for old in objects {
                    // 400.7, 400.7e: the card in a graveyard (or exile), or the one the object a
                    // zone-change trigger triggered on became there, if it is still there.
                    let Some((id, followed)) = self.found(ctx, old).filter(|(id, _)| matches!(self.obj(*id).zone, Zone::Graveyard | Zone::Exile) || *what == Affected::SetAside && self.obj(*id).zone == Zone::Library) else {
                        let ev = Ev::new(EventKind::Choice, crate::engine::event::Text::ObjectDoes("is no longer where it was put: it isn't returned")).object(self, old).rule(cite!(zone.not_where_put));
                        self.record(ev);
                        continue;
                    };
                    // 111.8: a token that has left the battlefield stays where it is until it
                    // ceases to exist; it can't come back.
                    if self.obj(id).card.token() {
                        let ev = Ev::new(EventKind::Choice, crate::engine::event::Text::ObjectDoes("is a token that has left the battlefield: it can't return")).object(self, id).rule(cite!(token.cant_move_again));
                        self.record(ev);
                        continue;
                    }
                    // 110.2a: it enters under the control of the player the effect names —
                    // "under your control" — and otherwise under its owner's.
                    let controller = if *yours { ctx.controller } else { self.obj(id).owner };
                    let from_library = self.obj(id).zone == Zone::Library;
                    let how = if *tapped { " tapped" } else { "" };
                    // Undying (702.93a) and persist (702.79a) return it with a counter, and so
                    // do effects that say so (122.6).
                    let with = counter.as_ref().map(|c| {
                        let rule = match c {
                            EnterCounter::Undying => cite!(undying.return_with_counter),
                            EnterCounter::Persist => cite!(persist.return_with_counter),
                            // The counter's own meaning (122.1a, 122.1h), else who puts it
                            // on (122.6a).
                            EnterCounter::Effect(k) => crate::engine::counters::meaning(k).unwrap_or(cite!(enter.with_counter_from_effect)),
                        };
                        (c.kind(), 1, rule)
                    });
                    let counter_rule = with.as_ref().map(|(_, _, r)| *r);
                    self.put_onto_battlefield_with(id, controller, *tapped, with, dec, |g, nid| {
                        let verb = if from_library { "put onto" } else { "returned to" };
                        let mut ev = Ev::new(EventKind::EntersBattlefield, format!("{} is {verb} the battlefield{how} under {}'s control", g.described(nid), g.players[controller].name))
                            .object(g, nid)
                            .player(g, controller)
                            .zone(Zone::Battlefield)
                            .rules(&cite!(zone.returns_as_new_object));
                        if let Some(rule) = counter_rule {
                            ev = ev.rule(rule);
                        }
                        if *what == Affected::ExiledBySource {
                            ev = ev.rule(cite!(linked.exiled_card));
                        }
                        if followed {
                            ev = ev.rule(cite!(zone.new_object_found));
                        } else if id != old {
                            ev = ev.rule(cite!(zone.new_object_returns));
                        }
                        ev
                    })?;
                }
            }
            Instruction::ExileReturnTransformed { yours } => self.exile_return_transformed(ctx, *yours, dec)?,
            Instruction::PutInLibrary { what, bottom } => {
                for id in self.objects_of(ctx, what) {
                    let Some((id, followed)) = self.found(ctx, id) else { continue };
                    if self.obj(id).zone == Zone::Library {
                        // A revealed card put on the bottom of the library it is in: it moves
                        // within the zone, staying the same object.
                        let owner = self.obj(id).owner;
                        let place = if *bottom { "on the bottom of" } else { "on top of" };
                        let ev = Ev::new(EventKind::PutIntoLibrary, format!("{} is put {place} {}'s library", self.described(id), self.players[owner].name)).object(self, id).player(self, owner).zone(Zone::Library).rule(cite!(resolve.to_library));
                        self.record(ev);
                        let lib = &mut self.players[owner].library;
                        lib.remove_item(&id);
                        if *bottom { lib.push(id) } else { lib.insert(0, id) }
                        self.touch();
                        continue;
                    }
                    if !matches!(self.obj(id).zone, Zone::Battlefield | Zone::Graveyard | Zone::Exile | Zone::Stack) {
                        continue;
                    }
                    let owner = self.obj(id).owner;
                    let place = if *bottom { "on the bottom of" } else { "on top of" };
                    let mut ev = Ev::new(EventKind::PutIntoLibrary, format!("{} is put {place} {}'s library", self.described(id), self.players[owner].name)).object(self, id).player(self, owner).zone(Zone::Library).rule(cite!(zone.to_library));
                    if followed {
                        ev = ev.rule(cite!(zone.new_object_found));
                    }
                    self.record(ev);
                    self.move_object(id, Zone::Library);
                    // `move_object` puts a card arriving in a library at the end of the list,
                    // its bottom; the top is the front. A melded permanent is two cards, both put
                    // there (712.21); when both go into one library, their owner arranges them
                    // (712.21a, 401.4).
                    let mut arrived: Vec<ObjId> = self.moved_now.iter().filter(|(old, _)| *old == id).map(|(_, n)| *n).collect();
                    if let [a, b] = arrived[..]
                        && self.obj(a).owner == self.obj(b).owner
                    {
                        let (kind, what) = if *bottom {
                            (DecisionKind::BottomOrder { cards: arrived.clone() }, "the order of the melded permanent's two cards put on the bottom of the library")
                        } else {
                            (DecisionKind::TopOrder { cards: arrived.clone() }, "the order of the melded permanent's two cards put on top of the library")
                        };
                        let d = Decision { player: self.obj(a).owner, kind, rule: cite!(meld.library_order), what: what.to_owned() };
                        if let Answer::Scry { top, bottom: under } = self.decide(dec, &d)? {
                            arrived = if *bottom { under } else { top };
                        }
                    }
                    // The first of `arrived` ends highest: on top, insert the last first; on the
                    // bottom, append in order.
                    if !*bottom {
                        arrived.reverse();
                    }
                    for &nid in &arrived {
                        let whose = self.obj(nid).owner;
                        let lib = &mut self.players[whose].library;
                        if let Some(pos) = lib.iter().position(|&c| c == nid) {
                            lib.remove(pos);
                            if *bottom { lib.push(nid) } else { lib.insert(0, nid) }
                        }
                    }
                    self.touch();
                }
            }
            Instruction::LoseGame(who) => {
                for p in self.players_of(ctx, who) {
                    // 101.2: "You can't lose the game" beats an effect saying they lose.
                    let spared = self.permanents_of(p).find(|&o| self.has_ability(o, &crate::cards::ir::Ability::CantLoseGame));
                    if let Some(src) = spared {
                        let ev = Ev::new(EventKind::Choice, format!("{} would lose the game, but {} says they can't", self.players[p].name, self.described(src))).player(self, p).source(self, src).rules(&[cite!(game.effect_loses), cite!(game.cant_lose)]);
                        self.record(ev);
                        continue;
                    }
                    let why = format!("{}'s effect says so", self.described(ctx.source));
                    self.lose(p, cite!(game.effect_loses), &why);
                }
                self.check_game_over();
            }
            Instruction::Dig { count, take, min, filter, reveal, rest, shown, to } => {
                let count_amount = *count;
                let count = u32::try_from(self.amount(ctx, *count).max(0)).unwrap_or(0);
                self.dig(ctx.controller, (count, *min, *take), filter.as_ref().map(|f| (f, ctx.x)), (*reveal, *rest, *shown, *to, !matches!(count_amount, Amount::Fixed(_) | Amount::X)), dec)?;
            }
            Instruction::Attach { what, to, equip } => {
                // 301.5c, 303.4d: one object at most.
                let Some(host) = self.objects_of(ctx, to).into_iter().next() else { return Ok(()) };
                for att in self.objects_of(ctx, what) {
                    self.attach(att, host, *equip);
                }
            }
            Instruction::DoesntUntapNext { what, yours } => {
                for o in self.objects_of(ctx, what) {
                    if !self.on_battlefield(o) {
                        continue;
                    }
                    let whose = if *yours { format!("{}'s", self.players[ctx.controller].name) } else { "its controller's".to_owned() };
                    self.skip_next_untap.push((o, yours.then_some(ctx.controller), cite!(untap.skip_next)));
                    let ev = Ev::new(EventKind::Grant, format!("{} won't untap during {whose} next untap step", self.described(o))).object(self, o).rules(&cite!(untap.wont_untap_next));
                    self.record(ev);
                }
            }
            Instruction::PreventNext { to, amount } => {
                for t in self.affected(ctx, to) {
                    self.add_shield(ctx.source, ShieldKind::PreventNext { to: t, remaining: *amount });
                    let ev = Ev::new(EventKind::Grant, format!("the next {amount} damage that would be dealt to {} this turn will be prevented", self.describe_target(t))).target(self, t).rules(&cite!(prevent.shield_created));
                    self.record(ev);
                }
            }
            Instruction::PreventAllCombatDamage => {
                self.add_shield(ctx.source, ShieldKind::PreventAllCombat);
                let ev = Ev::new(EventKind::Grant, "all combat damage that would be dealt this turn will be prevented").source(self, ctx.source).rule(cite!(prevent.all_combat_created));
                self.record(ev);
            }
            Instruction::PreventNextFromSource { filter, to } => {
                // 609.7a: the source is chosen now, among permanents and spells.
                let mut options: Vec<Target> = self.battlefield.iter().copied().filter(|&o| self.matches_filter(o, filter, ctx.controller)).map(Target::Object).collect();
                options.extend(self.stack.iter().filter_map(|s| match s {
                    StackItem::Spell(o) if self.matches_filter(*o, filter, ctx.controller) => Some(Target::Object(*o)),
                    _ => None,
                }));
                for t in self.affected(ctx, to) {
                    if options.is_empty() {
                        let ev = Ev::new(EventKind::Choice, "there is no source to choose: the effect does nothing").source(self, ctx.source).rule(cite!(prevent.no_source_to_choose));
                        self.record(ev);
                        continue;
                    }
                    let d = Decision { player: ctx.controller, kind: DecisionKind::Pick { options: options.clone(), count: 1 }, rule: cite!(prevent.choose_source), what: format!("the source whose next damage to {} this turn is prevented", self.describe_target(t)) };
                    let Answer::Pick(ts) = self.decide(dec, &d)? else { continue };
                    let Some(Target::Object(chosen)) = ts.first().copied() else { continue };
                    let spell = self.obj(chosen).zone == Zone::Stack;
                    let card = self.obj(chosen).card_id;
                    self.add_shield(ctx.source, ShieldKind::NextFromSource { chosen, card, spell, filter: filter.clone(), to: t, you: ctx.controller });
                    let ev = Ev::new(EventKind::Grant, format!("the next time {} would deal damage to {} this turn, that damage will be prevented", self.described(chosen), self.describe_target(t))).source(self, ctx.source).target(self, t).rules(&cite!(prevent.chosen_source_shield));
                    self.record(ev);
                }
            }
            Instruction::PreventAll { combat_only, to, by } => {
                // 615.1: the objects and players named are fixed now; "creatures" are those at
                // the time of the damage.
                let party = |g: &Game, a: &Affected| match a {
                    Affected::EachPermanent(f) => crate::engine::replace::Party::Permanents(f.clone()),
                    _ => crate::engine::replace::Party::Fixed(g.affected(ctx, a)),
                };
                let words = |g: &Game, a: &Option<Affected>| match a {
                    Some(Affected::EachPermanent(_)) => Some("the permanents it names".to_owned()),
                    Some(x) => {
                        let names: Vec<String> = g.affected(ctx, x).into_iter().map(|t| g.describe_target(t)).collect();
                        Some(if names.is_empty() { "nothing".to_owned() } else { names.join(", ") })
                    }
                    None => None,
                };
                let (to_words, by_words) = (words(self, to), words(self, by));
                let kind = ShieldKind::PreventAll { combat: *combat_only, to: to.as_ref().map(|a| party(self, a)), by: by.as_ref().map(|a| party(self, a)), you: ctx.controller };
                self.add_shield(ctx.source, kind);
                let what = if *combat_only { "combat damage" } else { "damage" };
                let mut text = format!("all {what} that would be dealt");
                if let Some(w) = to_words {
                    text.push_str(&format!(" to {w}"));
                }
                if let Some(w) = by_words {
                    text.push_str(&format!(" by {w}"));
                }
                text.push_str(" this turn will be prevented");
                let ev = Ev::new(EventKind::Grant, text).source(self, ctx.source).rules(&cite!(prevent.until_end_of_turn));
                self.record(ev);
            }
            Instruction::ExileIfWouldDie(a) => {
                for id in self.objects_of(ctx, a) {
                    if self.on_battlefield(id) {
                        self.add_shield(ctx.source, ShieldKind::ExileIfDies(id));
                        let ev = Ev::new(EventKind::Grant, format!("if {} would die this turn, it will be exiled instead", self.described(id))).object(self, id).rules(&cite!(replace.dies_exile_created));
                        self.record(ev);
                    }
                }
            }
            Instruction::DelayedDies { link, instructions } => {
                // 603.7c: about the object the target is now; none if it is gone.
                let Some(&object) = self.objects_of(ctx, link).iter().find(|&&o| self.on_battlefield(o)) else {
                    let ev = Ev::new(EventKind::Choice, "no delayed triggered ability is created: the creature it would be about is not on the battlefield".to_owned()).source(self, ctx.source).rules(&cite!(trigger.delayed_created_about));
                    self.record(ev);
                    return Ok(());
                };
                let rule = if self.resolving_ability.is_none() && self.is_live(ctx.source) && self.obj(ctx.source).zone == Zone::Stack { cite!(trigger.delayed_by_spell) } else { cite!(trigger.delayed_by_ability) };
                let turn = self.turn;
                self.delayed_dies.push(crate::engine::triggers::DelayedDies { source: ctx.source, controller: ctx.controller, object, turn, instructions: instructions.clone(), rule });
                let ev = Ev::new(EventKind::Grant, format!("a delayed triggered ability is created: it will trigger when {} dies this turn", self.described(object))).source(self, ctx.source).object(self, object).rules(&cite!(trigger.delayed_created_about));
                self.record(ev);
            }
            Instruction::Delayed { step, instructions, next_turn, link } => {
                let after_turn = next_turn.then_some(self.turn);
                // 603.7c: it keeps what its creator was about — the object a trigger
                // triggered on, the token just created — as those objects are now.
                let mut info = ctx.trigger;
                // A card the effect has moved is followed to where it went (a new object, 400.7),
                // so "return that card … at the beginning of the next end step" finds it there.
                let linked: Vec<ObjId> = link
                    .as_ref()
                    .map(|l| self.objects_of(ctx, l))
                    .unwrap_or_default()
                    .into_iter()
                    .map(|mut o| {
                        while !self.is_live(o) && let Some(&(_, n)) = self.moved_now.iter().find(|(old, _)| *old == o) {
                            o = n;
                        }
                        o
                    })
                    .collect();
                info.linked = linked.first().copied();
                let several = linked.len();
                // Several objects ("sacrifice them"): the rest are found through the first.
                if let [first, _, ..] = linked[..] {
                    self.linked_groups.push((first, linked));
                }
                // 603.7d: a spell's delayed ability has the spell as its source; 603.7e: an
                // ability's has that ability's source.
                let rule = if self.resolving_ability.is_none() && self.is_live(ctx.source) && self.obj(ctx.source).zone == Zone::Stack { cite!(trigger.delayed_by_spell) } else { cite!(trigger.delayed_by_ability) };
                self.delayed.push(crate::engine::replace::DelayedTrigger { source: ctx.source, controller: ctx.controller, step: *step, instructions: instructions.clone(), after_turn, whose: None, info, rule });
                let when = match (step, next_turn) {
                    (_, true) => "at the beginning of the next turn's upkeep",
                    (crate::cards::ir::StepName::EndOfCombat, _) => "at end of combat",
                    _ => "at the beginning of the next end step",
                };
                let about = match info.linked.or(info.object) {
                    Some(o) if instructions_mention_link(instructions) => match several {
                        n @ 2.. => format!(" (about {} and {} other{})", self.described(o), n - 1, if n > 2 { "s" } else { "" }),
                        _ => format!(" (about {})", self.described(o)),
                    },
                    _ => String::new(),
                };
                let rules: &[crate::rules::RuleId] = if about.is_empty() { &[cite!(trigger.delayed_created_at)] } else { &cite!(trigger.delayed_created_about) };
                let ev = Ev::new(EventKind::Grant, format!("a delayed triggered ability is created: it will trigger {when}{about}")).source(self, ctx.source).rules(rules);
                self.record(ev);
            }
            Instruction::Reflexive(effect) => {
                // 603.12: the action it depends on was just taken; the ability triggers now,
                // and is put on the stack the next time a player would receive priority, its
                // targets chosen then (603.3d). It knows what the ability that made it knew
                // ("that creature" is still what that ability triggered on).
                let ev = Ev::new(EventKind::Trigger, format!("the reflexive ability of {} triggers (\"when you do\", controlled by {})", self.described(ctx.source), self.players[ctx.controller].name)).source(self, ctx.source).player(self, ctx.controller).rule(cite!(trigger.reflexive));
                self.record(ev);
                let index = self.delayed_effects.len();
                self.delayed_effects.push((effect.as_ref().clone(), true));
                self.pending.push(crate::engine::state::PendingTrigger { source: ctx.source, ability: 0, controller: ctx.controller, info: ctx.trigger, delayed: Some(index), keyword: None, event: self.last_event() });
            }
            Instruction::IfDone { action, then } => {
                // 603.12: what depends on the action happens only if it is done.
                let done = self.can_do(ctx, ctx.controller, action);
                self.perform(action, ctx, dec)?;
                if done {
                    for ins in then {
                        self.perform(ins, ctx, dec)?;
                    }
                }
            }
            Instruction::ReturnFromGraveyard { filter, count, up_to, random, to_battlefield, tapped } => {
                let p = ctx.controller;
                let mut cands: Vec<ObjId> = self.players[p].graveyard.iter().copied().filter(|&o| self.matches_filter(o, filter, p)).collect();
                let n = (*count as usize).min(cands.len());
                let picks: Vec<ObjId> = if *random {
                    // Chosen with the scenario's seeded generator.
                    let mut out = Vec::new();
                    while out.len() < n {
                        let i = usize::try_from(self.rng.next_u64() % cands.len() as u64).unwrap_or(0);
                        out.push(cands.remove(i));
                    }
                    let shown: Vec<String> = out.iter().map(|&o| self.describe(o)).collect();
                    let ev = Ev::new(EventKind::Choice, format!("chosen at random from {}'s graveyard: {}", self.players[p].name, if shown.is_empty() { "nothing".to_owned() } else { shown.join(", ") })).player(self, p).rule(cite!(resolve.random_choice));
                    self.record(ev);
                    out
                } else if !*up_to && cands.len() <= n {
                    // A graveyard is public: every card that fits must be chosen when there are
                    // no more than the number asked for.
                    cands
                } else {
                    let options: Vec<Target> = cands.iter().map(|&o| Target::Object(o)).collect();
                    let kind = if *up_to { DecisionKind::PickRange { options, min: 0, max: n, found: Vec::new() } } else { DecisionKind::Pick { options, count: n } };
                    let d = Decision { player: p, kind, rule: cite!(resolve.choice), what: format!("which card(s) to return from {}'s graveyard", self.players[p].name) };
                    match self.decide(dec, &d)? {
                        Answer::Pick(ts) => ts.into_iter().filter_map(|t| if let Target::Object(o) = t { Some(o) } else { None }).filter(|o| cands.contains(o)).collect(),
                        _ => Vec::new(),
                    }
                };
                // The chosen cards are what "that card" means afterwards (608.2c).
                self.set_aside = picks;
                let then = if *to_battlefield { Instruction::ReturnToBattlefield { what: Affected::SetAside, tapped: *tapped, yours: false, counter: None } } else { Instruction::ReturnToHand(Affected::SetAside) };
                self.perform(&then, ctx, dec)?;
            }
            Instruction::ShuffleIntoLibrary(a) => {
                for id in self.objects_of(ctx, a) {
                    let Some((id, followed)) = self.found(ctx, id) else { continue };
                    // The resolving spell itself ("Shuffle Beacon of Destruction into its
                    // owner's library") goes there instead of to the graveyard (608.2n); a copy
                    // would cease to exist either way (707.10a).
                    let itself = self.obj(id).zone == Zone::Stack && id == ctx.source && !self.obj(id).copy;
                    if !(itself || matches!(self.obj(id).zone, Zone::Battlefield | Zone::Graveyard | Zone::Exile)) {
                        continue;
                    }
                    let owner = self.obj(id).owner;
                    let mut ev = Ev::new(EventKind::PutIntoLibrary, format!("{} is put into {}'s library", self.described(id), self.players[owner].name)).object(self, id).player(self, owner).zone(Zone::Library).rules(&cite!(shuffle.into_library));
                    if followed {
                        ev = ev.rule(cite!(zone.new_object_found));
                    }
                    self.record(ev);
                    self.move_object(id, Zone::Library);
                    self.shuffle(owner);
                }
            }
            Instruction::ChooseColor => {
                let d = Decision { player: ctx.controller, kind: DecisionKind::Color, rule: cite!(color.choice), what: "a color (\"choose a color\")".to_owned() };
                if let Answer::Color(c) = self.decide(dec, &d)? {
                    let ev = Ev::new(EventKind::Choice, format!("{} chooses the color {}", self.players[ctx.controller].name, c.name())).source(self, ctx.source).player(self, ctx.controller).rules(&cite!(color.chosen));
                    self.record(ev);
                    self.chosen_color_now = Some(c);
                }
            }
            Instruction::ChooseCreatureType => {
                // 608.2d: chosen as the instruction is carried out; the rest of the effect's
                // "of the chosen type" means it.
                let d = Decision { player: ctx.controller, kind: DecisionKind::CreatureType, rule: cite!(resolve.creature_type_choice), what: "a creature type (\"choose a creature type\")".to_owned() };
                if let Answer::CreatureType(t) = self.decide(dec, &d)? {
                    let ev = Ev::new(EventKind::Choice, format!("{} chooses the creature type {t}", self.players[ctx.controller].name)).source(self, ctx.source).player(self, ctx.controller).rules(&cite!(resolve.creature_type_chosen));
                    self.record(ev);
                    self.chosen_type_now = Some(t);
                }
            }
            Instruction::SkipTurns { who, count } => {
                for p in self.players_of(ctx, who) {
                    if let Some(n) = self.turns_to_skip.get_mut(p) {
                        *n += count;
                    }
                    let what = if *count == 1 { "their next turn".to_owned() } else { format!("their next {count} turns") };
                    let ev = Ev::new(EventKind::RuleChange, format!("{} will skip {what}", self.players[p].name)).player(self, p).rules(&cite!(skip.created));
                    self.record(ev);
                }
            }
            Instruction::ExtraTurn(who) => {
                // 500.7: added directly after this turn, one at a time in APNAP order; the most
                // recently added is taken first.
                for p in self.players_of(ctx, who) {
                    self.extra_turns.push(p);
                    let ev = Ev::new(EventKind::RuleChange, crate::engine::event::Text::PlayerDoes("will take an extra turn after this one")).player(self, p).rule(cite!(turn.extra_turn_created));
                    self.record(ev);
                }
            }
            Instruction::AttackDespiteDefender(a) => {
                for id in self.objects_of(ctx, a) {
                    if self.on_battlefield(id) {
                        self.add_effect(ctx.source, ctx.controller, vec![id], Change::AttackDespiteDefender, true);
                        let ev = Ev::new(EventKind::RuleChange, crate::engine::event::Text::ObjectDoes("can attack this turn as though it didn't have defender")).object(self, id).rules(&cite!(defender.attack_as_though));
                        self.record(ev);
                    }
                }
            }
            // "Creatures without flying can't block this turn": every matching permanent, those
            // that arrive later included (611.2c limits only changes of characteristics and
            // control to the objects there as the effect begins).
            Instruction::CantAttackOrBlock { what: Affected::EachPermanent(filter), attack, block } => {
                self.restrictions.push(crate::engine::state::Restriction { source: ctx.source, controller: ctx.controller, filter: filter.clone(), attack: *attack, block: *block });
                let words = crate::engine::continuous::restricted_words(filter);
                let ev = Ev::new(EventKind::RuleChange, format!("{words} can't {} this turn, those that come later included", cant_words(*attack, *block))).source(self, ctx.source).rules(&cite!(effect.cant_attack_block_locked));
                self.record(ev);
            }
            Instruction::CantAttackOrBlock { what, attack, block } => {
                for id in self.objects_of(ctx, what) {
                    if !self.on_battlefield(id) {
                        continue;
                    }
                    for (on, m) in [(*attack, Change::CantAttack), (*block, Change::CantBlock)] {
                        if on {
                            self.add_effect(ctx.source, ctx.controller, vec![id], m, true);
                        }
                    }
                    let what = cant_words(*attack, *block);
                    let ev = Ev::new(EventKind::RuleChange, format!("{} can't {what} this turn", self.described(id))).object(self, id).rule(cite!(effect.cant_this_turn));
                    self.record(ev);
                }
            }
            Instruction::Regenerate(a) => {
                for id in self.objects_of(ctx, a) {
                    if self.on_battlefield(id) {
                        self.obj_mut(id).regen_shields += 1;
                        let ev = Ev::new(EventKind::Regenerate, crate::engine::event::Text::ObjectDoes("gets a regeneration shield: the next time it would be destroyed this turn, it is regenerated instead")).object(self, id).rule(cite!(regenerate.shield));
                        self.record(ev);
                    }
                }
            }
            Instruction::Sacrifice { who, filter, count } => {
                let n = usize::try_from(self.amount(ctx, *count).max(0)).unwrap_or(0);
                // 101.4: the active player chooses first, then the others in turn order; then
                // everything chosen is sacrificed at once. 701.21a: only your own permanents.
                let mut chosen: Vec<(PlayerId, Vec<ObjId>)> = Vec::new();
                for p in self.players_of(ctx, who) {
                    let options: Vec<Target> = self.permanents_of(p).filter(|&o| !(filter.other && o == ctx.source) && self.matches_filter(o, filter, p)).map(Target::Object).collect();
                    if options.is_empty() && n > 0 {
                        let ev = Ev::new(EventKind::Choice, crate::engine::event::Text::PlayerDoes("has nothing to sacrifice: that part of the instruction is impossible and is ignored")).player(self, p).rule(cite!(impossible.nothing_to_sacrifice));
                        self.record(ev);
                        continue;
                    }
                    let d = Decision { player: p, kind: DecisionKind::Pick { options, count: n }, rule: cite!(sacrifice.choice), what: format!("what to sacrifice ({n})") };
                    let Answer::Pick(ts) = self.decide(dec, &d)? else { continue };
                    chosen.push((p, ts.into_iter().filter_map(|t| if let Target::Object(o) = t { Some(o) } else { None }).collect()));
                }
                for (p, ids) in chosen {
                    for id in ids {
                        if self.on_battlefield(id) {
                            let ev = Ev::new(EventKind::Sacrifice, crate::engine::event::Text::Sacrifices).player(self, p).object(self, id).zone(Zone::Graveyard).rules(&cite!(sacrifice.chosen));
                            self.record(ev);
                            self.move_object(id, Zone::Graveyard);
                        }
                    }
                }
            }
            Instruction::SacrificePermanent(what) => {
                for id in self.objects_of(ctx, what) {
                    // 701.21a: only a permanent its controller controls can be sacrificed.
                    if self.on_battlefield(id) && self.controller(id) == ctx.controller {
                        let p = ctx.controller;
                        let ev = Ev::new(EventKind::Sacrifice, crate::engine::event::Text::Sacrifices).player(self, p).object(self, id).zone(Zone::Graveyard).rule(cite!(sacrifice.sacrifices));
                        self.record(ev);
                        self.move_object(id, Zone::Graveyard);
                    }
                }
            }
            Instruction::Search(s) => self.search(ctx, s, dec)?,
            Instruction::PutFromHand { query, tapped } => self.put_from_hand(ctx, query, *tapped, dec)?,
            Instruction::Backup(n) => self.backup(*n, ctx),
            // 702.179d, 603.4: the speed ability's "if" is checked again as it resolves.
            Instruction::IncreaseSpeed => {
                let p = ctx.controller;
                let ev = match self.players[p].speed {
                    Some(s) if s >= 4 => Ev::new(EventKind::Speed, format!("{}'s speed is already 4: it doesn't increase", self.players[p].name)).player(self, p).rules(&cite!(speed.already_max)),
                    s => {
                        let now = s.unwrap_or(0) + 1;
                        self.players[p].speed = Some(now);
                        self.touch();
                        Ev::new(EventKind::Speed, format!("{}'s speed increases to {now}", self.players[p].name)).player(self, p).amount(i64::from(now)).rule(cite!(speed.increases))
                    }
                };
                self.record(ev);
            }
            Instruction::BecomeMonarch(who) => {
                for p in self.players_of(ctx, who) {
                    self.become_monarch(p, cite!(monarch.becomes));
                }
            }
            Instruction::Clash { won, lost } => {
                let win = self.clash(ctx.controller, dec)?;
                for ins in if win { won } else { lost } {
                    self.perform(ins, ctx, dec)?;
                    if self.outcome.is_some() {
                        break;
                    }
                }
            }
            Instruction::RollDie { sides, rows, otherwise } => {
                // 706.1a: N equally likely outcomes from 1 to N, drawn from the game's seeded
                // generator; no modifier applies (706.2), so the natural result is the result.
                let p = ctx.controller;
                let n = u32::try_from(self.rng.next_u64() % u64::from((*sides).max(1))).unwrap_or(0) + 1;
                let row = rows.iter().find(|r| (r.lo..=r.hi).contains(&n));
                let mut ev = Ev::new(EventKind::DieRoll, format!("{} rolls a d{sides}: {n}", self.players[p].name)).player(self, p).rules(&cite!(die.roll));
                if row.is_some() {
                    ev = ev.rule(cite!(die.result_row));
                }
                self.record(ev);
                for ins in row.map_or(otherwise, |r| &r.instructions) {
                    self.perform(ins, ctx, dec)?;
                    if self.outcome.is_some() {
                        break;
                    }
                }
            }
            Instruction::FlipCoin { won, lost } => {
                // 705.2: the player who flips calls heads or tails, and wins if the call
                // matches the side that comes up (the game's seeded generator, 705.1).
                let p = ctx.controller;
                let d = Decision { player: p, kind: DecisionKind::CoinCall, rule: cite!(coin.call), what: "the call of a coin flip (heads or tails)".to_owned() };
                let Answer::Call(call) = self.decide(dec, &d)? else { return Ok(()) };
                let heads = self.rng.next_u64().is_multiple_of(2);
                let win = call == heads;
                let side = if heads { "heads" } else { "tails" };
                let ev = Ev::new(EventKind::CoinFlip, format!("{} flips a coin: it comes up {side}, so {} {} the flip", self.players[p].name, self.players[p].name, if win { "wins" } else { "loses" }))
                    .player(self, p)
                    .rules(&cite!(coin.flip));
                self.record(ev);
                for ins in if win { won } else { lost } {
                    self.perform(ins, ctx, dec)?;
                    if self.outcome.is_some() {
                        break;
                    }
                }
            }
            Instruction::MayOrElse { who, action, then, otherwise } if matches!(action.as_ref(), Instruction::Pay(_)) => {
                let Instruction::Pay(cost) = action.as_ref() else { return Ok(()) };
                for p in self.players_of(ctx, who) {
                    // 118.12: "If you do" asks whether the player chose to pay the cost.
                    let paid = self.offer_payment(p, cost, ctx.x, &format!("pay {cost} (\"you may pay … If you do, …\")"), cite!(pay.you_may_pay), dec)?;
                    let sub = Context { controller: p, ..ctx.clone() };
                    for ins in if paid { then } else { otherwise } {
                        self.perform(ins, &sub, dec)?;
                    }
                }
            }
            Instruction::MayOrElse { who, action, then, otherwise } => {
                for p in self.players_of(ctx, who) {
                    // 608.2d: a player can't choose an option that is impossible.
                    let able = self.can_do(ctx, p, action);
                    let d = Decision { player: p, kind: DecisionKind::May { able }, rule: cite!(resolve.optional_choice), what: "whether to take the option (\"you may …\")".to_owned() };
                    let Answer::May(yes) = self.decide(dec, &d)? else { continue };
                    let sub = Context { controller: p, ..ctx.clone() };
                    let list: Vec<&Instruction> = if yes { std::iter::once(action.as_ref()).chain(then.iter()).collect() } else { otherwise.iter().collect() };
                    for ins in list {
                        self.perform(ins, &sub, dec)?;
                    }
                }
            }
            Instruction::ShuffleInto { who, hand, graveyard } => {
                for p in self.players_of(ctx, who) {
                    let mut cards: Vec<ObjId> = Vec::new();
                    if *hand {
                        cards.extend(self.players[p].hand.iter().copied());
                    }
                    if *graveyard {
                        cards.extend(self.players[p].graveyard.iter().copied());
                    }
                    for c in cards {
                        let from = self.obj(c).zone.name().replace('_', " ");
                        let ev = Ev::new(EventKind::PutIntoLibrary, format!("{} is put from {}'s {from} into their library", self.described(c), self.players[p].name)).object(self, c).player(self, p).zone(Zone::Library).rules(&cite!(shuffle.into_library));
                        self.record(ev);
                        self.move_object(c, Zone::Library);
                    }
                    // 701.24c–d: the library is shuffled even if nothing was put into it.
                    self.shuffle(p);
                }
            }
            Instruction::Shuffle(a) => {
                for p in self.players_of(ctx, a) {
                    self.shuffle(p);
                }
            }
            Instruction::ExileGraveyard(who) => {
                for p in self.players_of(ctx, who) {
                    // Every card, in this one instruction (406.2, 701.13a).
                    let cards = self.players[p].graveyard.to_vec();
                    for c in cards {
                        let ev = Ev::new(EventKind::Exile, format!("{} is exiled from {}'s graveyard", self.described(c), self.players[p].name)).object(self, c).player(self, p).zone(Zone::Exile).rules(&cite!(exile.face_up));
                        self.record(ev);
                        self.move_object(c, Zone::Exile);
                    }
                }
            }
            Instruction::ReturnChosen { filter, another } => {
                // 608.2d: the controller chooses as the instruction is followed (and follows it,
                // 608.2c); with nothing to choose, the instruction does nothing (101.3).
                let p = ctx.controller;
                let options: Vec<Target> = self.permanents_of(p).filter(|&o| !(*another && o == ctx.source) && self.matches_filter_from(o, filter, p, ctx.x, ctx.source)).map(Target::Object).collect();
                let none = |g: &Game| Ev::new(EventKind::Choice, crate::engine::event::Text::PlayerDoes("controls nothing to return: that instruction is impossible and is ignored")).player(g, p).rule(cite!(impossible.nothing_to_return));
                let chosen = self.pick_one(p, options, cite!(resolve.choice), "the permanent returned to its owner's hand".to_owned(), none, dec)?;
                if let Some(id) = chosen.filter(|&id| self.on_battlefield(id)) {
                    let owner = self.obj(id).owner;
                    let ev = Ev::new(EventKind::ReturnToHand, Text::ReturnedToHand).object(self, id).player(self, owner).zone(Zone::Hand).rules(&cite!(bounce.to_hand));
                    self.record(ev);
                    self.move_object(id, Zone::Hand);
                }
            }
            Instruction::ReturnToHand(a) => {
                for id in self.objects_of(ctx, a) {
                    let Some((id, followed)) = self.found(ctx, id) else { continue };
                    // A resolving spell that returns itself ("return View from Above to its
                    // owner's hand") goes there instead of to the graveyard (608.2c, 608.2n); a
                    // copy would cease to exist either way (707.10a).
                    let itself = self.obj(id).zone == Zone::Stack && id == ctx.source && !self.obj(id).copy;
                    if itself || matches!(self.obj(id).zone, Zone::Battlefield | Zone::Graveyard | Zone::Exile | Zone::Library) {
                        let owner = self.obj(id).owner;
                        let text = if self.obj(id).zone == Zone::Library { Text::PutInto("hand") } else { Text::ReturnedToHand };
                        // The instruction followed (608.2c) puts it into its owner's hand (400.3).
                        let mut ev = Ev::new(EventKind::ReturnToHand, text).object(self, id).player(self, owner).zone(Zone::Hand).rules(&cite!(bounce.to_hand));
                        if followed {
                            ev = ev.rule(cite!(zone.new_object_found));
                        }
                        self.record(ev);
                        self.move_object(id, Zone::Hand);
                    }
                }
            }
            Instruction::ExchangeControl(a, b) => {
                let (xs, ys) = (self.objects_of(ctx, a), self.objects_of(ctx, b));
                let mut both: Vec<ObjId> = Vec::new();
                for o in xs.into_iter().chain(ys) {
                    if self.on_battlefield(o) && !both.contains(&o) {
                        both.push(o);
                    }
                }
                self.exchange_control(&both, ctx.source);
            }
            Instruction::ExchangeLife(a, b) => {
                let mut ps = self.players_of(ctx, a);
                for p in self.players_of(ctx, b) {
                    if !ps.contains(&p) {
                        ps.push(p);
                    }
                }
                self.exchange_life(&ps);
            }
            Instruction::AdditionalLand { who, count } => {
                for p in self.players_of(ctx, who) {
                    self.players[p].extra_lands += count;
                    let ev = Ev::new(EventKind::RuleChange, format!("{} may play {count} additional land(s) this turn", self.players[p].name)).player(self, p).rule(cite!(land.additional_drops));
                    self.record(ev);
                }
            }
            Instruction::CantPlayLands(a) => {
                for p in self.players_of(ctx, a) {
                    self.players[p].cant_play_lands = true;
                    let ev = Ev::new(EventKind::RuleChange, crate::engine::event::Text::PlayerDoes("can't play lands this turn")).player(self, p).rules(&cite!(land.cant_play_this_turn));
                    self.record(ev);
                }
            }
            Instruction::Tap(a) => {
                for id in self.objects_of(ctx, a) {
                    if self.on_battlefield(id) && !self.obj(id).tapped {
                        self.become_tapped(id);
                        let ev = Ev::new(EventKind::Tap, crate::engine::event::Text::ObjectDoes("becomes tapped")).object(self, id).rule(cite!(tap.taps));
                        self.record(ev);
                    }
                }
            }
            Instruction::TapOrUntap(a) => {
                for id in self.objects_of(ctx, a) {
                    if !self.on_battlefield(id) {
                        continue;
                    }
                    // 608.2d: the choice is made as the instruction is carried out; mode 1
                    // taps, mode 2 untaps.
                    let d = Decision { player: ctx.controller, kind: DecisionKind::Modes { count: 2, min: 1, max: 1, used: Vec::new() }, rule: cite!(tap.or_untap_choice), what: format!("whether to tap (mode 1) or untap (mode 2) {}", self.described(id)) };
                    let Answer::Modes(m) = self.decide(dec, &d)? else { continue };
                    let untap = m.first() == Some(&1);
                    if untap && self.obj(id).tapped {
                        self.untap_permanent(id, cite!(untap.becomes_untapped), "becomes untapped");
                    } else if !untap && !self.obj(id).tapped {
                        self.become_tapped(id);
                        let ev = Ev::new(EventKind::Tap, crate::engine::event::Text::ObjectDoes("becomes tapped")).object(self, id).rule(cite!(tap.taps));
                        self.record(ev);
                    }
                }
            }
            Instruction::Transform(a) => {
                for id in self.objects_of(ctx, a) {
                    if self.on_battlefield(id) {
                        self.transform(id)?;
                    }
                }
            }
            Instruction::Flip(a) => {
                for id in self.objects_of(ctx, a) {
                    if self.on_battlefield(id) {
                        self.flip(id)?;
                    }
                }
            }
            Instruction::Meld { partner, into } => self.meld(ctx, partner, into, dec)?,
            Instruction::LockOrUnlock { what, lock } => {
                for id in self.objects_of(ctx, what) {
                    self.lock_or_unlock(id, ctx.controller, *lock, dec)?;
                }
            }
            Instruction::Untap(a) => {
                for id in self.objects_of(ctx, a) {
                    if self.on_battlefield(id) && self.obj(id).tapped {
                        self.untap_permanent(id, cite!(untap.becomes_untapped), "becomes untapped");
                    }
                }
            }
            Instruction::PutCounters { what, kind, count } => {
                let n = u32::try_from(self.amount(ctx, *count).max(0)).unwrap_or(0);
                for id in self.objects_of(ctx, what) {
                    if self.on_battlefield(id) {
                        let rules: Vec<crate::rules::RuleId> = crate::engine::counters::meaning(kind).into_iter().collect();
                        self.put_counters(id, kind, n, &rules, false, "");
                    }
                }
            }
            Instruction::RemoveCounterOrSacrifice(kind) => {
                let id = ctx.source;
                // 702.32a: the permanent must still be on the battlefield to lose a counter or
                // be sacrificed (a new object after a zone change, 400.7).
                if self.on_battlefield(id) && self.remove_counters(id, kind, 1, &[cite!(fading.remove_counter)], "") == 0 {
                    self.sacrifice_it(id, &format!(" (no {} counter could be removed)", kind.name()), &cite!(fading.sacrifice));
                }
            }
            Instruction::Adapt { what, n } => {
                for id in self.objects_of(ctx, what) {
                    if !self.on_battlefield(id) {
                        continue;
                    }
                    // 701.46a: only a permanent with no +1/+1 counters gets them.
                    if self.obj(id).counters.plus > 0 {
                        let ev = Ev::new(EventKind::Choice, crate::engine::event::Text::ObjectDoes("adapts: it already has a +1/+1 counter on it, so nothing happens")).object(self, id).rule(cite!(adapt.already_has_counter));
                        self.record(ev);
                    } else {
                        self.put_counters(id, &crate::cards::ir::CounterKind::PlusOne, *n, &[cite!(adapt.counters)], false, " (it adapts)");
                    }
                }
            }
            Instruction::Monstrosity(n) => {
                let id = ctx.source;
                if !self.on_battlefield(id) {
                    return Ok(());
                }
                // 701.37a: a permanent that is already monstrous gets nothing, and doesn't
                // become monstrous again (so "when it becomes monstrous" doesn't trigger).
                if self.obj(id).monstrous.is_some() {
                    let ev = Ev::new(EventKind::Choice, format!("{}'s monstrosity does nothing: it is already monstrous", self.described(id))).object(self, id).rules(&cite!(monstrosity.already_monstrous));
                    self.record(ev);
                    return Ok(());
                }
                let n = u32::try_from(self.amount(ctx, *n).max(0)).unwrap_or(0);
                self.put_counters(id, &crate::cards::ir::CounterKind::PlusOne, n, &[cite!(monstrosity.counters)], false, " (monstrosity)");
                // 701.37b: the designation, kept until it leaves the battlefield; its value of
                // X is remembered (701.37c).
                self.obj_mut(id).monstrous = Some(n);
                let ev = Ev::new(EventKind::Choice, crate::engine::event::Text::ObjectDoes("becomes monstrous")).object(self, id).rules(&cite!(monstrosity.becomes_monstrous));
                self.record(ev);
                self.fire(crate::engine::triggers::Happening::BecameMonstrous(id));
            }
            Instruction::Bolster(count) => {
                let you = ctx.controller;
                let n = u32::try_from(self.amount(ctx, *count).max(0)).unwrap_or(0);
                // 701.39a: among the creatures its controller controls, those with the least
                // toughness (as the instruction is carried out); the player chooses one.
                let creatures: Vec<ObjId> = self.battlefield.iter().copied().filter(|&o| self.controller(o) == you && self.is_creature(o)).collect();
                let least = creatures.iter().map(|&o| self.toughness(o)).min();
                let options: Vec<Target> = creatures.into_iter().filter(|&o| Some(self.toughness(o)) == least).map(Target::Object).collect();
                let none = |g: &Game| Ev::new(EventKind::Choice, crate::engine::event::Text::PlayerDoes("controls no creature: bolster puts no counter")).player(g, you).rule(cite!(bolster.no_creature));
                let what = format!("the creature with the least toughness to bolster {n}");
                if let Some(id) = self.pick_one(you, options, cite!(bolster.choice), what, none, dec)? {
                    self.put_counters(id, &crate::cards::ir::CounterKind::PlusOne, n, &[cite!(bolster.choice)], false, " (bolster)");
                }
            }
            Instruction::Support(what) => {
                for id in self.objects_of(ctx, what) {
                    if self.on_battlefield(id) {
                        self.put_counters(id, &crate::cards::ir::CounterKind::PlusOne, 1, &[cite!(support.counter)], false, " (support)");
                    }
                }
            }
            Instruction::Amass { subtype, count } => {
                let n = u32::try_from(self.amount(ctx, *count).max(0)).unwrap_or(0);
                self.amass(ctx, subtype, n, dec)?;
            }
            Instruction::Populate => self.populate(ctx, dec)?,
            Instruction::MoveCounter { from, to, kind } => {
                // 122.5: the counter must come off the one and go on the other, or nothing
                // happens.
                let (Some(&a), Some(&b)) = (self.objects_of(ctx, from).first(), self.objects_of(ctx, to).first()) else { return Ok(()) };
                if self.on_battlefield(a) && self.on_battlefield(b) && self.obj(a).counters.get(kind) > 0 {
                    self.obj_mut(a).counters.remove(kind, 1);
                    let name = kind.name();
                    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
                    let ev = Ev::new(EventKind::RemoveCounters, format!("{article} {name} counter is moved from {} onto {}", self.described(a), self.described(b))).object(self, a).amount(1).rules(&[cite!(counters.moved)]);
                    self.record(ev);
                    let rules: Vec<crate::rules::RuleId> = std::iter::once(cite!(counters.moved)).chain(crate::engine::counters::meaning(kind)).collect();
                    self.put_counters(b, kind, 1, &rules, false, "");
                } else {
                    let ev = Ev::new(EventKind::Choice, format!("no {} counter can be moved from {}: nothing happens", kind.name(), self.described(a))).object(self, a).rule(cite!(counters.none_to_move));
                    self.record(ev);
                }
            }
            Instruction::DrainEachOpponent(n) => {
                let you = ctx.controller;
                let mut total = 0;
                for p in self.players_of(ctx, &Affected::EachOpponent) {
                    if !self.players[p].lost {
                        self.lose_life(p, i64::from(*n), cite!(extort.drain));
                        total += i64::from(*n);
                    }
                }
                self.gain_life(you, total);
            }
            Instruction::RemoveCounters { what, kind, count } => {
                let n = u32::try_from(self.amount(ctx, *count).max(0)).unwrap_or(0);
                for id in self.objects_of(ctx, what) {
                    if self.on_battlefield(id) {
                        // A kind without a rules meaning of its own is a plain counter (122.1).
                        let rules: Vec<crate::rules::RuleId> = vec![crate::engine::counters::meaning(kind).unwrap_or(cite!(counters.put))];
                        self.remove_counters(id, kind, n, &rules, "");
                    }
                }
            }
            Instruction::RemoveAllCounters { what, kind } => {
                for id in self.objects_of(ctx, what) {
                    if !self.on_battlefield(id) {
                        continue;
                    }
                    let kinds: Vec<(crate::cards::ir::CounterKind, u32)> = self.obj(id).counters.kinds().filter(|(k, _)| kind.as_ref().is_none_or(|w| w == k)).collect();
                    for (k, n) in kinds {
                        let rules: Vec<crate::rules::RuleId> = crate::engine::counters::meaning(&k).into_iter().collect();
                        self.remove_counters(id, &k, n, &rules, "");
                    }
                }
            }
            Instruction::DoubleCounters { what, kind } => {
                for id in self.objects_of(ctx, what) {
                    let n = self.obj(id).counters.get(kind);
                    if self.on_battlefield(id) && n > 0 {
                        let mut rules = vec![cite!(counters.doubled)];
                        rules.extend(crate::engine::counters::meaning(kind));
                        self.put_counters(id, kind, n, &rules, false, " (doubling them)");
                    }
                }
            }
            Instruction::Proliferate => self.proliferate(ctx.controller, dec)?,
            Instruction::Emblem { who, abilities, text } => {
                for p in self.players_of(ctx, who) {
                    self.create_emblem(p, abilities, text);
                }
            }
            Instruction::CreateTokens { who, count, token, tapped, attacking } => {
                let n = u32::try_from(self.amount(ctx, *count).max(0)).unwrap_or(u32::MAX);
                // "an X/X token, where X is this creature's power": the size is read as the
                // token is created (608.2h).
                let sized = |a: Option<Amount>| match a {
                    Some(a @ (Amount::Stat { .. } | Amount::Count { .. } | Amount::ThatMuch)) => Some(Amount::Fixed(i32::try_from(self.amount(ctx, a)).unwrap_or(i32::MAX))),
                    a => a,
                };
                let token = crate::cards::ir::TokenSpec { power: sized(token.power), toughness: sized(token.toughness), ..(**token).clone() };
                let mut made = Vec::new();
                for p in self.players_of(ctx, who) {
                    made.extend(self.create_tokens(p, &token, n, *tapped, ctx.x, dec)?);
                }
                if *attacking {
                    for &id in &made {
                        self.put_into_combat_attacking(id, dec)?;
                    }
                }
                self.created_now = made;
            }
            Instruction::CreateTokenCopy { who, of, except } => {
                // 111.12: a copy of an object that no longer exists uses its last known
                // information; an object that was never there makes no token.
                let mut made = Vec::new();
                if let Some(&original) = self.objects_of(ctx, of).first() {
                    for p in self.players_of(ctx, who) {
                        made.push(self.create_token_copy(p, original, except, dec)?);
                    }
                }
                // "Sacrifice it at the beginning of the next end step": the token made (603.7c).
                self.created_now = made;
            }
            Instruction::BecomeCopy { what, of, except, until_end_of_turn } => {
                if let Some(&original) = self.objects_of(ctx, of).first() {
                    for id in self.objects_of(ctx, what) {
                        if self.on_battlefield(id) {
                            self.become_copy(id, original, except, *until_end_of_turn, ctx.source);
                        }
                    }
                }
            }
            // The instructions of `Instruction::adds_mana`, listed for this exhaustive match.
            Instruction::AddMana(_) | Instruction::SpendOnly { .. } | Instruction::AddManaAnyColor { .. } | Instruction::AddManaChoice(_) | Instruction::AddManaOneColor { .. } | Instruction::AddManaChosenColor | Instruction::AddManaOrChosen(_) => self.produce(ctx.controller, ctx.source, ins, cite!(resolve.instructions_mana), dec)?,
        }
        Ok(())
    }

    /// Gives a permanent an ability until end of turn (611.2a, layer 6). "Protection from the
    /// color of your choice" asks the controller for the color as the effect happens (608.2d).
    fn grant(&mut self, id: ObjId, grant: Grant, source: ObjId, controller: PlayerId, dec: &mut dyn Decider) -> Result<(), Stop> {
        let (m, text, rule) = match grant {
            Grant::Keyword(k) => (Change::Grant(k), k.name().to_owned(), k.defining_rule()),
            Grant::Protection(q) => (Change::Protection(q), format!("protection from {}", quality_words(q)), cite!(protection.granted)),
            // After "Choose a color.": the color chosen then (608.2d).
            Grant::ProtectionFromChosenColor if let Some(c) = self.chosen_color_now => {
                let q = Quality::Color(c);
                (Change::Protection(q), format!("protection from {}", quality_words(q)), cite!(protection.granted))
            }
            Grant::ProtectionFromChosenColor => {
                let d = Decision { player: controller, kind: DecisionKind::Color, rule: cite!(protection.color_choice), what: format!("the color {} gains protection from", self.described(id)) };
                let Answer::Color(c) = self.decide(dec, &d)? else { return Ok(()) };
                let q = Quality::Color(c);
                (Change::Protection(q), format!("protection from {}", quality_words(q)), cite!(protection.granted))
            }
        };
        self.add_effect(source, controller, vec![id], m, true);
        let ev = Ev::new(EventKind::Grant, format!("{} gains {text} until end of turn", self.described(id))).object(self, id).rules(&[cite!(grant.until_end_of_turn), cite!(grant.ability_layer), rule]);
        self.record(ev);
        Ok(())
    }

    /// "Exile this Saga, then return it to the battlefield transformed under your control"
    /// (701.13a, 712.14a): the source, if it is still on the battlefield, is exiled; the card
    /// then returns with its back face up — a new object (400.7) — under the ability's
    /// controller (`yours`) or its owner. A card that isn't double-faced stays in exile.
    fn exile_return_transformed(&mut self, ctx: &Context, yours: bool, dec: &mut dyn Decider) -> Result<(), Stop> {
        let Some((id, _)) = self.found(ctx, ctx.source).filter(|(id, _)| self.on_battlefield(*id)) else {
            let ev = Ev::new(EventKind::Choice, format!("{} has left the battlefield: it isn't exiled or returned", self.described(ctx.source))).source(self, ctx.source).rule(cite!(transform.exile_return_source_gone));
            self.record(ev);
            return Ok(());
        };
        let ev = Ev::new(EventKind::Exile, crate::engine::event::Text::ObjectDoes("is exiled")).object(self, id).zone(Zone::Exile).rule(cite!(exile.exiles));
        self.record(ev);
        let card = self.move_object(id, Zone::Exile);
        if self.obj(card).face_down || !self.obj(card).card.layout().is_some_and(crate::cards::def::Layout::double_faced) {
            let ev = Ev::new(EventKind::Choice, crate::engine::event::Text::ObjectDoes("isn't a double-faced card: it stays in exile")).object(self, card).rule(cite!(transform.enters_transformed_single_faced));
            self.record(ev);
            return Ok(());
        }
        let controller = if yours { ctx.controller } else { self.obj(card).owner };
        self.put_onto_battlefield_transformed(card, controller, dec, |g, nid| {
            Ev::new(EventKind::EntersBattlefield, format!("{} is returned to the battlefield transformed under {}'s control", g.described(nid), g.players[controller].name))
                .object(g, nid)
                .player(g, controller)
                .zone(Zone::Battlefield)
                .rules(&[cite!(transform.enters_transformed), cite!(zone.new_object_returns)])
        })?;
        Ok(())
    }

    /// Its controller sacrifices a permanent (701.21a), as one event; `note` ends the trace line.
    pub(crate) fn sacrifice_it(&mut self, id: ObjId, note: &str, rules: &[crate::rules::RuleId]) {
        let p = self.controller(id);
        let ev = Ev::new(EventKind::Sacrifice, format!("{} sacrifices {}{note}", self.players[p].name, self.described(id))).player(self, p).object(self, id).zone(Zone::Graveyard).rules(rules);
        self.record(ev);
        self.begin_batch();
        self.move_object(id, Zone::Graveyard);
        self.end_batch();
    }

    /// Counters a spell (`counter`) or an ability on the stack (701.6a).
    /// Counters a spell or ability; `by` is the spell or ability countering it (its source).
    fn counter_target(&mut self, t: Target, by: ObjId, exile: bool) {
        match t {
            Target::Object(id) => self.counter(id, by, exile),
            Target::Ability(uid) => {
                if !self.stack.iter().any(|s| matches!(s, StackItem::Ability(x) if x.uid == uid)) {
                    return;
                }
                // 701.6a: a countered ability is removed from the stack; its costs stay paid
                // (701.6b).
                let name = self.describe_target(t);
                self.stack.retain(|s| !matches!(s, StackItem::Ability(x) if x.uid == uid));
                let ev = Ev::new(EventKind::Counter, format!("the {name} is countered and removed from the stack (its costs are not refunded)")).source(self, by).rules(&cite!(counter.countered));
                self.record(ev);
            }
            Target::Player(_) => {}
        }
    }

    /// Who controls a spell or an ability still on the stack.
    fn stack_controller(&self, t: Target) -> Option<PlayerId> {
        match t {
            Target::Object(id) => (self.is_live(id) && self.obj(id).zone == Zone::Stack).then(|| self.controller(id)),
            Target::Ability(uid) => self.stack.iter().find_map(|s| match s {
                StackItem::Ability(x) if x.uid == uid => Some(x.controller),
                _ => None,
            }),
            Target::Player(_) => None,
        }
    }

    /// Counters a spell (701.6a): it goes to its owner's graveyard and its costs are not
    /// refunded (701.6b) — unless it can't be countered (101.2).
    /// `exile`: the effect exiles the spell instead of putting it into its owner's graveyard
    /// (614.1a).
    fn counter(&mut self, id: ObjId, by: ObjId, exile: bool) {
        if !(self.is_live(id) && self.obj(id).zone == Zone::Stack) {
            return;
        }
        let by_static = self.battlefield.iter().copied().find(|&o| self.abilities(o).any(|(_, a)| matches!(a, Ability::SpellsCantBeCountered(f) if self.matches_filter(id, f, self.controller(o)))));
        if let Some(src) = by_static {
            let ev = Ev::new(EventKind::Choice, format!("{} can't be countered ({}): it stays on the stack", self.described(id), self.described(src))).object(self, id).source(self, src).rules(&cite!(counter.cant_be_countered_by));
            self.record(ev);
            return;
        }
        if self.card(id).abilities().contains(&Ability::CantBeCountered) {
            let ev = Ev::new(EventKind::Choice, crate::engine::event::Text::ObjectDoes("can't be countered: it stays on the stack")).object(self, id).rules(&cite!(counter.cant_be_countered));
            self.record(ev);
            return;
        }
        if exile {
            let ev = Ev::new(EventKind::Counter, crate::engine::event::Text::ObjectDoes("is countered and, by the effect that countered it, exiled instead of being put into its owner's graveyard (its costs are not refunded)")).object(self, id).source(self, by).zone(Zone::Exile).rules(&cite!(counter.exiled_instead));
            self.spell_leaves_stack(id, Zone::Exile, ev);
            return;
        }
        let ev = Ev::new(EventKind::Counter, crate::engine::event::Text::ObjectDoes("is countered and put into its owner's graveyard (its costs are not refunded)")).object(self, id).source(self, by).zone(Zone::Graveyard).rules(&cite!(counter.to_graveyard));
        self.spell_leaves_stack(id, Zone::Graveyard, ev);
    }

    /// Offers `p` to pay `cost` ("unless its controller pays {3}", "you may pay {2}"), an `{X}`
    /// in it being `x`. A player who can't pay can't choose to (118.3, 608.2d); the offer is
    /// then declined without asking. Mana is paid as automatic payment pays a spell's cost
    /// (untapped sources whose mana abilities cost only {T}); life only from a life total at
    /// least that large (119.4). Returns whether the cost was paid.
    ///
    /// # Errors
    /// When the decision is not scripted.
    fn offer_payment(&mut self, p: PlayerId, cost: &PayCost, x: u32, what: &str, rule: RuleId, dec: &mut dyn Decider) -> Result<bool, Stop> {
        // 107.3: the X of the spell or ability is a number by now; the cost shows it.
        let fixed;
        let printed = cost.to_string();
        let cost = match cost {
            PayCost::Mana(m) if m.x > 0 => {
                fixed = PayCost::Mana(crate::cards::ir::ManaCost { generic: m.generic.saturating_add(m.x.saturating_mul(x)), x: 0, ..m.clone() });
                &fixed
            }
            _ => cost,
        };
        let what = what.replace(&printed, &cost.to_string());
        let can_pay = match cost {
            PayCost::Mana(m) => {
                // A trial payment, always undone.
                let cp = self.checkpoint();
                let paid = self.pay_mana(p, m, x, &crate::engine::casting::Choices::default(), crate::engine::mana::Alternatives::default(), &mut crate::engine::decision::Refuse);
                self.rewind(cp);
                matches!(paid, Ok(Ok(())))
            }
            PayCost::Life(n) => self.players[p].life >= i64::from(*n),
            PayCost::Energy(n) => self.players[p].energy >= *n,
        };
        let d = Decision { player: p, kind: DecisionKind::May { able: can_pay }, rule, what };
        let Answer::May(yes) = self.decide(dec, &d)? else { return Ok(false) };
        if !yes || !can_pay {
            return Ok(false);
        }
        match cost {
            PayCost::Mana(m) => {
                let during = crate::engine::mana::Alternatives { during: Some(rule), ..Default::default() };
                Ok(self.undoable(|g| g.pay_mana(p, m, x, &crate::engine::casting::Choices::default(), during, dec))?.is_ok())
            }
            PayCost::Life(n) => {
                self.pay_life(p, *n, "", &[cite!(life.pay), rule]);
                Ok(true)
            }
            PayCost::Energy(n) => Ok(self.pay_energy(p, *n, rule)),
        }
    }

    /// Copies a spell on the stack (707.10): the copy has the original's copiable values and
    /// choices (707.2, 707.10), is controlled by `controller`, and is not cast. If allowed, its
    /// controller may choose new targets (707.10c).
    fn copy_spell(&mut self, id: ObjId, controller: PlayerId, new_targets: bool, dec: &mut dyn Decider) -> Result<(), Stop> {
        let card = self.obj(id).card.clone();
        let choices = self.obj(id).choices.clone();
        let card_id = crate::engine::state::CardId(u32::try_from(self.cards.len()).unwrap_or(u32::MAX));
        self.cards.push(crate::engine::state::PhysCard { label: None, current: ObjId(0), nth: 0 });
        // Created nowhere: it is put on the stack once its targets are chosen (707.10c).
        let copy = self.new_object(card_id, card, controller, controller, Zone::Nowhere);
        self.obj_mut(copy).copy = true;
        self.vanishers = true;
        // 709.3c, 715.3c: a copy of a half or an Adventure on the stack is that half too.
        self.obj_mut(copy).face = self.obj(id).face;
        self.obj_mut(copy).choices = choices;
        // 707.10: a copy is not cast.
        self.obj_mut(copy).choices.cast_from = None;
        self.obj_mut(copy).choices.cast_in_main_phase = false;
        self.obj_mut(copy).choices.mana_spent = [0; 6];
        // 707.10c: new targets are chosen as the copy is created, before it is put on the stack.
        let retargeted = new_targets && !self.obj(copy).choices.targets.is_empty() && self.choose_copy_targets(id, copy, controller, dec)?;
        self.obj_mut(copy).zone = Zone::Stack;
        self.stack.push(StackItem::Spell(copy));
        self.touch();
        let shown: Vec<String> = self.obj(copy).choices.targets.iter().map(|c| self.describe_target(c.target)).collect();
        let targeting = if shown.is_empty() { String::new() } else { format!(" targeting {}", shown.join(", ")) };
        let gone = if self.is_live(id) { "" } else { " (as it last existed on the stack)" };
        let mut ev = Ev::new(EventKind::CopySpell, format!("{} puts a copy of {}{gone} on the stack{targeting} (a copy is not cast)", self.players[controller].name, self.described(id))).player(self, controller).object(self, copy).zone(Zone::Stack).rules(&cite!(copy.spell_copied));
        if !self.is_live(id) {
            ev = ev.rule(cite!(copy.last_known_spell));
        }
        if retargeted {
            ev = ev.rule(cite!(copy.new_targets));
        }
        self.record(ev);
        self.causes.stacked_spell(copy, self.last_event());
        self.fire(crate::engine::triggers::Happening::Copied { spell: copy, player: controller });
        Ok(())
    }

    /// Asks the copy's controller for new targets (707.10c); returns whether they chose any.
    /// Each new target must be legal for the instance it replaces; an illegal change leaves
    /// that target as it was (115.7d).
    fn choose_copy_targets(&mut self, id: ObjId, copy: ObjId, controller: PlayerId, dec: &mut dyn Decider) -> Result<bool, Stop> {
        let d = Decision { player: controller, kind: DecisionKind::NewTargets { spell: copy }, rule: cite!(copy.new_targets_choice), what: format!("new targets for the copy of {} (`may: false` keeps them)", self.described(id)) };
        let Answer::Targets(Some(list)) = self.decide(dec, &d)? else { return Ok(false) };
        // A copy of a fused split spell has both halves' targets, left half first (702.102a).
        let effect = if self.obj(copy).choices.fused {
            self.fused_targets(copy)?
        } else {
            self.card(copy).abilities().iter().find_map(|a| if let Ability::Spell(e) = a { Some(e.clone()) } else { None }).unwrap_or_default()
        };
        let by = Targeter { you: controller, source: copy, this: Some(copy), x: self.obj(copy).choices.x, player: None };
        let mut changed = self.obj(copy).choices.targets.clone();
        for (c, t) in changed.iter_mut().zip(&list) {
            match self.target_problem(&effect.targets[c.slot % effect.targets.len().max(1)].spec, *t, by) {
                None => c.target = *t,
                Some((rule, why)) => {
                    let ev = Ev::new(EventKind::Choice, format!("{} can't be the copy's new target ({why}): the old target stays", self.describe_target(*t))).rules(&[cite!(copy.new_target_illegal), rule]);
                    self.record(ev);
                }
            }
        }
        self.obj_mut(copy).choices.targets = changed;
        Ok(true)
    }

    /// Whether card `o` in `p`'s hand is one a "put a … card from your hand" query names.
    fn hand_card_matches(&self, o: ObjId, query: &CardQuery, p: PlayerId) -> bool {
        match query {
            CardQuery::AnyCard => true,
            CardQuery::Filter { filter, basic } => self.matches_filter(o, filter, p) && (!basic || self.supertypes(o).iter().any(|t| t == "Basic")),
            CardQuery::SameNameAs(_) | CardQuery::Named(_) => false,
        }
    }

    /// "Put a land card from your hand onto the battlefield [tapped]": the controller picks one
    /// matching card of their hand, if they have one, and puts it onto the battlefield under
    /// their control; a land put this way is not a land played (305.4).
    fn put_from_hand(&mut self, ctx: &Context, query: &CardQuery, tapped: bool, dec: &mut dyn Decider) -> Result<(), Stop> {
        let p = ctx.controller;
        let options: Vec<Target> = self.players[p].hand.iter().copied().filter(|&o| self.hand_card_matches(o, query, p)).map(Target::Object).collect();
        if options.is_empty() {
            let ev = Ev::new(EventKind::Choice, crate::engine::event::Text::PlayerDoes("has no card in hand to put onto the battlefield")).player(self, p).rule(cite!(put.no_card_in_hand));
            self.record(ev);
            return Ok(());
        }
        let d = Decision { player: p, kind: DecisionKind::PickRange { options, min: 1, max: 1, found: Vec::new() }, rule: cite!(put.choice_from_hand), what: "the card put from the hand onto the battlefield".to_owned() };
        let Answer::Pick(picked) = self.decide(dec, &d)? else { return Ok(()) };
        for t in picked {
            let Target::Object(o) = t else { continue };
            let land = self.types(o).contains(&crate::cards::ir::CardType::Land);
            let how = if tapped { " tapped" } else { "" };
            self.put_onto_battlefield(o, p, tapped, dec, |g, nid| {
                let mut ev = Ev::new(EventKind::EntersBattlefield, format!("{} is put onto the battlefield{how} from {}'s hand", g.described(nid), g.players[p].name)).object(g, nid).player(g, p).zone(Zone::Battlefield).rule(cite!(put.from_hand));
                if land {
                    ev = ev.rule(cite!(land.put_not_played));
                }
                ev
            })?;
        }
        Ok(())
    }

    /// A search (701.23): cards with a stated quality in a hidden zone may be left unfound
    /// (701.23b); in a public zone every match is found; a search for a quantity finds as
    /// many as it can (701.23c).
    fn search(&mut self, ctx: &Context, s: &Search, dec: &mut dyn Decider) -> Result<(), Stop> {
        let Some(&p) = self.players_of(ctx, &s.whose).first() else { return Ok(()) };
        let name: Option<String> = match &s.query {
            CardQuery::SameNameAs(a) => match self.affected(ctx, a).first() {
                Some(Target::Object(o)) => Some(self.card(*o).name().to_owned()),
                // 608.2b: the information can't be determined, so that part does nothing.
                _ => return Ok(()),
            },
            _ => None,
        };
        let mut public: Vec<Target> = Vec::new();
        let mut hidden: Vec<Target> = Vec::new();
        for z in &s.zones {
            let (zone, is_public) = match z {
                SearchZone::Library => (Zone::Library, false),
                SearchZone::Hand => (Zone::Hand, false),
                SearchZone::Graveyard => (Zone::Graveyard, true),
            };
            for &o in self.zone_list(p, zone) {
                let ok = match &s.query {
                    CardQuery::AnyCard => true,
                    CardQuery::Filter { filter, basic } => self.matches_filter(o, filter, ctx.controller) && (!basic || self.supertypes(o).iter().any(|t| t == "Basic")),
                    CardQuery::SameNameAs(_) => name.as_deref() == Some(self.card(o).name()),
                    CardQuery::Named(n) => self.card(o).name() == n,
                };
                if ok {
                    if is_public { public.push(Target::Object(o)) } else { hidden.push(Target::Object(o)) }
                }
            }
        }
        let searcher = ctx.controller;
        let max = s.count.map_or(usize::MAX, |n| n as usize);
        let quantity = matches!(s.query, CardQuery::AnyCard);
        let mut found: Vec<Target> = public.iter().copied().take(max).collect();
        let room = max.saturating_sub(found.len());
        if room > 0 && !hidden.is_empty() {
            let (min, rule) = if quantity { (room.min(hidden.len()), cite!(search.for_quantity)) } else { (0, cite!(search.may_fail)) };
            let d = Decision { player: searcher, kind: DecisionKind::PickRange { options: hidden, min, max: room, found: found.clone() }, rule, what: "the cards the search finds".to_owned() };
            if let Answer::Pick(ts) = self.decide(dec, &d)? {
                found.extend(ts);
            }
        }
        let shown: Vec<String> = found.iter().map(|t| self.describe_target(*t)).collect();
        let shown = if shown.is_empty() { "nothing".to_owned() } else { shown.join(", ") };
        let ev = Ev::new(EventKind::Search, format!("{} searches and finds {shown}", self.players[searcher].name)).player(self, searcher).rule(cite!(search.finds));
        self.record(ev);
        if s.dest == SearchDest::TopAfterShuffle {
            // 701.24b: the found cards stay out of the shuffle and then go on top.
            let ids: Vec<ObjId> = found.iter().filter_map(|t| if let Target::Object(o) = t { Some(*o) } else { None }).collect();
            let mut rest: Vec<ObjId> = self.players[p].library.iter().copied().filter(|c| !ids.contains(c)).collect();
            self.random_order(&mut rest);
            let mut lib = ids.clone();
            lib.extend(rest);
            self.players[p].library.change(|l| *l = lib);
            self.touch();
            let ev = Ev::new(EventKind::Shuffle, crate::engine::event::Text::PlayerDoes("shuffles their library without the found card(s)")).player(self, p).rules(&cite!(shuffle.after_search));
            self.record(ev);
            for o in ids {
                let ev = Ev::new(EventKind::PutIntoLibrary, format!("{} is put on top of {}'s library", self.described(o), self.players[p].name)).object(self, o).player(self, p).zone(Zone::Library).rule(cite!(shuffle.put_into_library));
                self.record(ev);
            }
            return Ok(());
        }
        for t in found {
            let Target::Object(o) = t else { continue };
            if s.reveal {
                let ev = Ev::new(EventKind::Reveal, format!("{} reveals {}", self.players[searcher].name, self.described(o))).object(self, o).rule(cite!(reveal.found));
                self.record(ev);
            }
            let (zone, kind, verb, rule) = match s.dest {
                SearchDest::Hand => (Zone::Hand, EventKind::ReturnToHand, "is put into its owner's hand", cite!(search.to_hand)),
                SearchDest::Battlefield { .. } => (Zone::Battlefield, EventKind::EntersBattlefield, "is put onto the battlefield", cite!(search.to_battlefield)),
                SearchDest::Exile | SearchDest::TopAfterShuffle => (Zone::Exile, EventKind::Exile, "is exiled", cite!(search.to_exile)),
            };
            if let SearchDest::Battlefield { tapped } = s.dest {
                self.refuse_unattached_aura(o)?;
                let how = if tapped { " tapped" } else { "" };
                self.put_onto_battlefield(o, searcher, tapped, dec, |g, nid| {
                    Ev::new(kind, format!("{} {verb}{how} under {}'s control", g.described(nid), g.players[searcher].name)).object(g, nid).player(g, searcher).zone(zone).rule(rule)
                })?;
                continue;
            }
            let ev = Ev::new(kind, format!("{} {verb}", self.described(o))).object(self, o).zone(zone).rule(rule);
            self.record(ev);
            self.move_object(o, zone);
        }
        Ok(())
    }

    /// Scry N (701.22a): the player looks at the top N cards and puts any of them on the bottom
    /// and the rest on top, in the orders they choose.
    fn scry(&mut self, p: PlayerId, n: u32, dec: &mut dyn Decider) -> Result<(), Stop> {
        let seen: Vec<ObjId> = self.players[p].library.iter().copied().take(n as usize).collect();
        if seen.is_empty() {
            return Ok(());
        }
        let d = Decision { player: p, kind: DecisionKind::Scry { cards: seen.clone() }, rule: cite!(scry.choice), what: format!("scry {n}: which cards stay on top and which go to the bottom") };
        let Answer::Scry { top, bottom } = self.decide(dec, &d)? else { return Ok(()) };
        self.players[p].library.change(|lib| {
            lib.retain(|c| !seen.contains(c));
            let mut new = top.clone();
            new.append(lib);
            new.extend(bottom.iter().copied());
            *lib = new;
        });
        let ev = Ev::new(EventKind::Choice, format!("{} scries {n}: {} on top, {} on the bottom", self.players[p].name, top.len(), bottom.len())).player(self, p).rule(cite!(scry.scries));
        self.record(ev);
        Ok(())
    }

    /// Surveil N (701.25a): the player looks at the top N cards and puts any of them into
    /// their graveyard and the rest back on top in the order they choose. Surveil 0 is no
    /// event (701.25c).
    fn surveil(&mut self, p: PlayerId, n: u32, dec: &mut dyn Decider) -> Result<(), Stop> {
        let seen: Vec<ObjId> = self.players[p].library.iter().copied().take(n as usize).collect();
        if seen.is_empty() {
            return Ok(());
        }
        let d = Decision { player: p, kind: DecisionKind::Surveil { cards: seen.clone() }, rule: cite!(surveil.choice), what: format!("surveil {n}: which cards go to the graveyard and which stay on top") };
        let Answer::Scry { top, bottom: graveyard } = self.decide(dec, &d)? else { return Ok(()) };
        // The cards kept go back on top in the chosen order; those for the graveyard stay in
        // the library until `move_object` takes them out.
        self.players[p].library.change(|lib| {
            lib.retain(|c| !top.contains(c));
            let mut new = top.clone();
            new.append(lib);
            *lib = new;
        });
        let ev = Ev::new(EventKind::Choice, format!("{} surveils {n}: {} on top, {} into the graveyard", self.players[p].name, top.len(), graveyard.len())).player(self, p).rule(cite!(surveil.surveils));
        self.record(ev);
        for c in graveyard {
            let ev = Ev::new(EventKind::PutIntoGraveyard, format!("{} is put into {}'s graveyard from the library", self.described(c), self.players[p].name)).object(self, c).zone(Zone::Graveyard).rule(cite!(surveil.to_graveyard));
            self.record(ev);
            self.move_object(c, Zone::Graveyard);
        }
        Ok(())
    }

    /// Explore (701.44a): the permanent's controller — as it last existed if it left the
    /// battlefield (701.44c) — reveals the top card of their library. A land card goes to their
    /// hand; otherwise the permanent gets a +1/+1 counter (if it is still on the battlefield)
    /// and the player may put the card into their graveyard.
    fn explore(&mut self, id: ObjId, dec: &mut dyn Decider) -> Result<(), Stop> {
        let p = self.controller(id);
        let ev = Ev::new(EventKind::Choice, crate::engine::event::Text::ObjectDoes("explores")).object(self, id).player(self, p).rule(cite!(explore.explores));
        self.record(ev);
        let top = self.players[p].library.first().copied();
        if let Some(card) = top {
            let ev = Ev::new(EventKind::Reveal, format!("{} reveals {} from the top of their library", self.players[p].name, self.described(card))).object(self, card).player(self, p).rule(cite!(explore.reveal));
            self.record(ev);
        }
        if let Some(card) = top
            && self.has_type(card, CardType::Land)
        {
            let ev = Ev::new(EventKind::ReturnToHand, format!("{} is a land card and is put into {}'s hand", self.described(card), self.players[p].name)).object(self, card).player(self, p).zone(Zone::Hand).rule(cite!(explore.land_to_hand));
            self.record(ev);
            self.move_object(card, Zone::Hand);
            return Ok(());
        }
        if self.on_battlefield(id) {
            self.put_counters(id, &CounterKind::PlusOne, 1, &[cite!(explore.counter)], false, " (it explored)");
        }
        if let Some(card) = top {
            let d = Decision { player: p, kind: DecisionKind::May { able: true }, rule: cite!(explore.graveyard_choice), what: format!("whether to put {} into the graveyard (explore)", self.described(card)) };
            if let Answer::May(true) = self.decide(dec, &d)? {
                let ev = Ev::new(EventKind::PutIntoGraveyard, format!("{} is put into {}'s graveyard", self.described(card), self.players[p].name)).object(self, card).zone(Zone::Graveyard).rule(cite!(explore.to_graveyard));
                self.record(ev);
                self.move_object(card, Zone::Graveyard);
            }
        }
        Ok(())
    }

    /// Connive (701.50a): the permanent's controller (701.50c) draws a card, then discards a
    /// card; if a nonland card was discarded, the permanent gets a +1/+1 counter (if it is
    /// still on the battlefield).
    fn connive(&mut self, id: ObjId, dec: &mut dyn Decider) -> Result<(), Stop> {
        let p = self.controller(id);
        let ev = Ev::new(EventKind::Choice, crate::engine::event::Text::ObjectDoes("connives")).object(self, id).player(self, p).rule(cite!(connive.connives));
        self.record(ev);
        self.draw_with(p, cite!(connive.draw), dec)?;
        let cards = self.choose_cards(p, 1, dec, "discard 1 card (connive)", cite!(connive.discard_choice))?;
        let mut nonland = false;
        for c in cards {
            nonland |= !self.has_type(c, CardType::Land);
            self.discard(p, c, cite!(connive.discard));
        }
        if nonland && self.on_battlefield(id) {
            self.put_counters(id, &CounterKind::PlusOne, 1, &[cite!(connive.counter)], false, " (a nonland card was discarded)");
        }
        Ok(())
    }

    /// Mill N (701.17a): the top N cards of the library go to the graveyard; with fewer, all
    /// of them (701.17b).
    pub(crate) fn mill(&mut self, p: PlayerId, n: usize) {
        let cards: Vec<ObjId> = self.players[p].library.iter().copied().take(n).collect();
        let rules: &[crate::rules::RuleId] = if cards.len() < n { &cite!(mill.short_library) } else { &[cite!(mill.mills)] };
        for c in cards {
            let ev = Ev::new(EventKind::PutIntoGraveyard, crate::engine::event::Text::Milled).object(self, c).player(self, p).zone(Zone::Graveyard).rules(rules);
            self.record(ev);
            self.move_object(c, Zone::Graveyard);
        }
        if n > 0 && self.players[p].library.is_empty() && rules.len() == 2 {
            let ev = Ev::new(EventKind::Choice, crate::engine::event::Text::PlayerDoes("mills as many cards as the library holds")).player(self, p).rule(cite!(mill.whole_library));
            self.record(ev);
        }
    }

    /// Fight (701.14): each creature deals damage equal to its power to the other — none if
    /// either is gone, is no longer a creature or is an illegal target (701.14b); a creature
    /// fighting itself deals twice its power to itself (701.14c). Not combat damage (701.14d).
    fn fight(&mut self, ctx: &Context, a: &Affected, b: &Affected, dec: &mut dyn Decider) -> Result<(), Stop> {
        let (xs, ys) = (self.objects_of(ctx, a), self.objects_of(ctx, b));
        let (Some(&x), Some(&y)) = (xs.first(), ys.first()) else {
            let ev = Ev::new(EventKind::Fight, "the fight doesn't happen: one of the creatures is missing or an illegal target").rule(cite!(fight.missing));
            self.record(ev);
            return Ok(());
        };
        if !(self.on_battlefield(x) && self.on_battlefield(y) && self.is_creature(x) && self.is_creature(y)) {
            let ev = Ev::new(EventKind::Fight, "the fight doesn't happen: one of the creatures is no longer a creature on the battlefield").rule(cite!(fight.not_creature));
            self.record(ev);
            return Ok(());
        }
        if x == y {
            let ev = Ev::new(EventKind::Fight, crate::engine::event::Text::ObjectDoes("fights itself")).object(self, x).rules(&cite!(fight.itself));
            self.record(ev);
            let n = 2 * i64::from(self.power(x));
            self.damage(x, Target::Object(x), n, None, dec)?;
        } else {
            let ev = Ev::new(EventKind::Fight, format!("{} fights {}", self.described(x), self.described(y))).object(self, x).rules(&cite!(fight.fights));
            self.record(ev);
            let (px, py) = (i64::from(self.power(x)), i64::from(self.power(y)));
            self.damage(x, Target::Object(y), px, None, dec)?;
            self.damage(y, Target::Object(x), py, None, dec)?;
        }
        self.flush_lifelink();
        Ok(())
    }

    /// Looks at the top `count` cards (701.20e; revealed with `reveal`, 701.20a), puts `take`
    /// of them chosen by the player into their hand and the rest where `rest_to` says
    /// (`put_rest`).
    fn dig(&mut self, p: PlayerId, (count, min, take): (u32, u32, u32), filter: Option<(&crate::cards::ir::ObjectFilter, u32)>, (reveal, rest_to, shown, to, counted): (bool, crate::cards::ir::DigRest, bool, SearchDest, bool), dec: &mut dyn Decider) -> Result<(), Stop> {
        let seen: Vec<ObjId> = self.players[p].library.iter().copied().take(count as usize).collect();
        if seen.is_empty() {
            return Ok(());
        }
        let ev = if shown {
            // 701.20a: revealed, every player sees them.
            let names: Vec<String> = seen.iter().map(|&o| self.describe(o)).collect();
            Ev::new(EventKind::Reveal, format!("{} reveals the top {} card(s) of their library: {}", self.players[p].name, seen.len(), names.join(", "))).player(self, p).rule(cite!(reveal.top_cards))
        } else {
            Ev::new(EventKind::Choice, format!("{} looks at the top {} card(s) of their library", self.players[p].name, seen.len())).player(self, p).rule(cite!(look.top_cards))
        };
        // 608.2h: how many was counted as the effect did this.
        let ev = if counted { ev.rule(cite!(look.counted)) } else { ev };
        self.record(ev);
        let reveal = reveal && !shown;
        let mut picked: Vec<ObjId> = Vec::new();
        if take > 0 {
            let options: Vec<Target> = seen.iter().copied().filter(|&o| filter.is_none_or(|(f, x)| self.matches_filter_x(o, f, p, x))).map(Target::Object).collect();
            let (mut min, mut take) = (min as usize, take as usize);
            // "Put a creature card from among them …" with none revealed, or "put all land
            // cards revealed this way": as many as there are (609.3).
            let none_fits = shown && options.is_empty() && min > 0;
            // 609.3: no more can be taken than there are (with none to choose among cards only
            // looked at, the player still makes the empty choice).
            let any = take == u32::MAX as usize;
            if shown || !options.is_empty() {
                take = take.min(options.len());
                min = min.min(take);
            }
            let place = if matches!(to, SearchDest::Battlefield { .. }) { "onto the battlefield" } else { "into the hand" };
            if none_fits {
                let ev = Ev::new(EventKind::Choice, format!("no card {} revealed fits: none goes {place}", self.players[p].name)).player(self, p).rule(cite!(impossible.none_fits));
                self.record(ev);
            } else if take > 0 {
                let seen_how = if shown { "revealed" } else { "looked at" };
                let kind = if min == take { DecisionKind::Pick { options, count: take } } else { DecisionKind::PickRange { options, min, max: take, found: Vec::new() } };
                let rule = if shown { cite!(resolve.choice) } else { cite!(look.choice) };
                let d = Decision { player: p, kind, rule, what: if min == take { format!("which of the cards {seen_how} go {place} ({take})") } else if any { format!("which of the cards {seen_how} go {place} (any number)") } else { format!("which of the cards {seen_how} go {place} (up to {take})") } };
                let Answer::Pick(ts) = self.decide(dec, &d)? else { return Ok(()) };
                picked = ts.into_iter().filter_map(|t| if let Target::Object(o) = t { Some(o) } else { None }).collect();
            }
        }
        for &o in &picked {
            if reveal {
                let ev = Ev::new(EventKind::Reveal, format!("{} reveals {}", self.players[p].name, self.described(o))).object(self, o).player(self, p).rule(cite!(reveal.chosen));
                self.record(ev);
            }
            if let SearchDest::Battlefield { tapped } = to {
                self.refuse_unattached_aura(o)?;
                let how = if tapped { " tapped" } else { "" };
                self.put_onto_battlefield(o, p, tapped, dec, |g, nid| {
                    Ev::new(EventKind::EntersBattlefield, format!("{} is put onto the battlefield{how} under {}'s control", g.described(nid), g.players[p].name)).object(g, nid).player(g, p).zone(Zone::Battlefield).rules(&cite!(resolve.to_battlefield))
                })?;
                continue;
            }
            let ev = Ev::new(EventKind::ReturnToHand, Text::PutInto("hand")).object(self, o).player(self, p).zone(Zone::Hand).rule(cite!(resolve.to_hand));
            self.record(ev);
            self.move_object(o, Zone::Hand);
        }
        let rest: Vec<ObjId> = seen.into_iter().filter(|o| !picked.contains(o)).collect();
        self.put_rest(p, rest, rest_to, dec)
    }

    /// An Aura an effect puts onto the battlefield without saying what it enchants is attached
    /// to something its controller chooses as it enters (303.4f), which is not modelled: the
    /// run stops with an error rather than guess.
    fn refuse_unattached_aura(&self, id: ObjId) -> Result<(), Stop> {
        if self.card(id).abilities().iter().any(|a| matches!(a, Ability::Enchant(_))) {
            return Err(Stop(crate::diag::Diagnostic::new(
                format!("{} would be put onto the battlefield by an effect that doesn't say what it enchants; choosing that as it enters (303.4f) is not supported yet", self.described(id)),
                crate::diag::Span::default(),
            )));
        }
        Ok(())
    }

    /// Puts "the rest" of the cards `p` looked at or revealed where the text says: into the
    /// graveyard, or together on the bottom or back on top of the library, in the order the
    /// player chooses or, "in a random order", one drawn from the scenario's seed (401.4).
    fn put_rest(&mut self, p: PlayerId, mut rest: Vec<ObjId>, rest_to: crate::cards::ir::DigRest, dec: &mut dyn Decider) -> Result<(), Stop> {
        use crate::cards::ir::DigRest;
        match rest_to {
            DigRest::Graveyard => {
                for o in rest {
                    let ev = Ev::new(EventKind::PutIntoGraveyard, Text::PutInto("graveyard")).object(self, o).player(self, p).zone(Zone::Graveyard).rule(cite!(resolve.to_graveyard));
                    self.record(ev);
                    self.move_object(o, Zone::Graveyard);
                }
                return Ok(());
            }
            DigRest::ShuffleIn => {
                // Revealing left them in the library (701.20b): shuffling it shuffles them in
                // (701.24a).
                if !rest.is_empty() {
                    let ev = Ev::new(EventKind::PutIntoLibrary, format!("{} shuffles {} other revealed card(s) into their library", self.players[p].name, rest.len())).player(self, p).zone(Zone::Library).rule(cite!(resolve.to_library));
                    self.record(ev);
                }
                self.shuffle(p);
                return Ok(());
            }
            DigRest::Bottom { random: true } => self.random_order(&mut rest),
            DigRest::Bottom { random: false } if rest.len() > 1 => {
                let d = Decision { player: p, kind: DecisionKind::BottomOrder { cards: rest.clone() }, rule: cite!(library.bottom_order), what: "the order of the cards put on the bottom of the library".to_owned() };
                if let Answer::Scry { bottom, .. } = self.decide(dec, &d)? {
                    rest = bottom;
                }
            }
            DigRest::Top if rest.len() > 1 => {
                let d = Decision { player: p, kind: DecisionKind::TopOrder { cards: rest.clone() }, rule: cite!(library.top_order), what: "the order of the cards put back on top of the library".to_owned() };
                if let Answer::Scry { top, .. } = self.decide(dec, &d)? {
                    rest = top;
                }
            }
            DigRest::Bottom { .. } | DigRest::Top => {}
        }
        self.players[p].library.change(|lib| {
            lib.retain(|c| !rest.contains(c));
            if rest_to == DigRest::Top {
                lib.splice(0..0, rest.iter().copied());
            } else {
                lib.extend(rest.iter().copied());
            }
        });
        self.touch();
        if !rest.is_empty() {
            let how = match rest_to {
                DigRest::Bottom { random: true } => " on the bottom of their library in a random order",
                DigRest::Top => " back on top of their library in the order they choose",
                _ => " on the bottom of their library",
            };
            // The instruction puts them there (608.2c); the owner's choice of order is 401.4's,
            // unless the text makes it random.
            let ev = Ev::new(EventKind::PutIntoLibrary, format!("{} puts {} card(s){how}", self.players[p].name, rest.len())).player(self, p).zone(Zone::Library).rule(cite!(resolve.to_library));
            let ev = if matches!(rest_to, DigRest::Bottom { random: true }) || rest.len() < 2 { ev } else { ev.rule(cite!(library.order_chosen)) };
            self.record(ev);
        }
        Ok(())
    }

    /// "Reveal cards from the top of your library until you reveal a [kind] card" (701.20a):
    /// the first match goes to `to`, the other revealed cards where `rest` says (401.4); with
    /// no match, every card is revealed and all of them are the rest.
    fn reveal_until(&mut self, p: PlayerId, filter: &crate::cards::ir::ObjectFilter, to: Option<SearchDest>, rest_to: crate::cards::ir::DigRest, dec: &mut dyn Decider) -> Result<(), Stop> {
        let mut others = Vec::new();
        let mut hit = None;
        // A copy: revealing records events.
        let library = self.players[p].library.to_vec();
        for c in library {
            let ev = Ev::new(EventKind::Reveal, format!("{} reveals {} from the top of their library", self.players[p].name, self.described(c))).object(self, c).player(self, p).rules(&cite!(reveal.until));
            self.record(ev);
            if self.matches_filter(c, filter, p) {
                hit = Some(c);
                break;
            }
            others.push(c);
        }
        if hit.is_none() {
            let ev = Ev::new(EventKind::Choice, format!("{} revealed their whole library without finding a {} card", self.players[p].name, crate::engine::casting::filter_words(filter))).player(self, p).rule(cite!(reveal.until_none));
            self.record(ev);
        }
        // "then puts those cards into their graveyard": the card found goes with the rest.
        let (hit, to) = match (hit, to) {
            (Some(c), None) => {
                others.push(c);
                (None, SearchDest::Hand)
            }
            (hit, to) => (hit, to.unwrap_or(SearchDest::Hand)),
        };
        if let Some(c) = hit {
            match to {
                SearchDest::Battlefield { tapped } => {
                    self.refuse_unattached_aura(c)?;
                    let how = if tapped { " tapped" } else { "" };
                    self.put_onto_battlefield(c, p, tapped, dec, |g, nid| {
                        Ev::new(EventKind::EntersBattlefield, format!("{} is put onto the battlefield{how} under {}'s control", g.described(nid), g.players[p].name)).object(g, nid).player(g, p).zone(Zone::Battlefield).rules(&cite!(resolve.to_battlefield))
                    })?;
                }
                _ => {
                    let ev = Ev::new(EventKind::ReturnToHand, Text::PutInto("hand")).object(self, c).player(self, p).zone(Zone::Hand).rules(&cite!(resolve.card_to_hand));
                    self.record(ev);
                    self.move_object(c, Zone::Hand);
                }
            }
        }
        self.put_rest(p, others, rest_to, dec)
    }

    /// Unearth (702.84a): the card returns from its owner's graveyard to the battlefield under
    /// the ability's controller's control and gains haste; a delayed triggered ability (603.7e)
    /// exiles it at the beginning of the next end step, and while it is on the battlefield it
    /// is exiled instead of leaving for anywhere else (`Object::unearthed`, in `move_object`).
    fn unearth(&mut self, ctx: &Context, dec: &mut dyn Decider) -> Result<(), Stop> {
        let card = ctx.source;
        if !self.still_in(card, Zone::Graveyard, "the graveyard: it isn't returned", cite!(unearth.not_in_graveyard)) {
            return Ok(());
        }
        let controller = ctx.controller;
        let nid = self.put_onto_battlefield(card, controller, false, dec, |g, nid| {
            Ev::new(EventKind::EntersBattlefield, format!("{} is returned from the graveyard to the battlefield under {}'s control (unearth)", g.described(nid), g.players[controller].name)).object(g, nid).player(g, controller).zone(Zone::Battlefield).rules(&cite!(unearth.returns))
        })?;
        if !self.on_battlefield(nid) {
            return Ok(());
        }
        self.obj_mut(nid).unearthed = true;
        self.add_effect(nid, controller, vec![nid], crate::cards::ir::Change::Grant(crate::cards::ir::Keyword::Haste), false);
        let ev = Ev::new(EventKind::Grant, crate::engine::event::Text::ObjectDoes("gains haste; it will be exiled at the beginning of the next end step, and exiled instead if it would leave the battlefield")).object(self, nid).rules(&cite!(unearth.delayed_exile));
        self.record(ev);
        self.delayed.push(crate::engine::replace::DelayedTrigger { source: nid, controller, step: crate::cards::ir::StepName::End, instructions: vec![Instruction::Exile(crate::cards::ir::Affected::This)], after_turn: None, whose: None, info: crate::engine::state::TriggerInfo::default(), rule: cite!(trigger.delayed_by_ability) });
        Ok(())
    }

    /// Ninjutsu's effect (702.49a, 702.49c): the card, still in its owner's hand, is put onto
    /// the battlefield tapped and attacking what the returned creature was attacking. It was
    /// never declared as an attacker (508.4: no "whenever … attacks" trigger), and it is
    /// unblocked, since blockers were declared before the ability could be activated.
    fn ninjutsu(&mut self, ctx: &Context, dec: &mut dyn Decider) -> Result<(), Stop> {
        let card = ctx.source;
        if !self.still_in(card, Zone::Hand, "its owner's hand: it isn't put onto the battlefield", cite!(ninjutsu.not_in_hand)) {
            return Ok(());
        }
        let attacking = self.obj(card).ninjutsu_attacking;
        let controller = ctx.controller;
        let nid = self.put_onto_battlefield(card, controller, true, dec, |g, nid| {
            Ev::new(EventKind::EntersBattlefield, format!("{} is put onto the battlefield from {}'s hand tapped (ninjutsu)", g.described(nid), g.players[controller].name)).object(g, nid).player(g, controller).zone(Zone::Battlefield).rules(&cite!(ninjutsu.put_onto_battlefield))
        })?;
        if !self.on_battlefield(nid) {
            return Ok(());
        }
        use crate::scenario::model::Step;
        let in_combat = matches!(self.step, Step::DeclareBlockers | Step::FirstStrikeDamage | Step::CombatDamage | Step::EndOfCombat);
        let still_there = match attacking {
            Some(Target::Object(o)) => self.on_battlefield(o),
            Some(Target::Player(p)) => !self.players[p].lost,
            _ => false,
        };
        let name = self.describe(nid);
        match attacking {
            Some(t) if in_combat && still_there && self.is_creature(nid) && self.controller(nid) == self.active => {
                let ev = Ev::new(EventKind::DeclareAttacker, format!("{name} enters attacking {}, unblocked, as the returned creature was (it never \"attacked\": no attack trigger)", self.describe_target(t))).object(self, nid).target(self, t).rules(&cite!(ninjutsu.enters_attacking));
                self.record(ev);
                self.combat.attackers.push(crate::engine::state::Attacker { id: nid, attacking: t, blockers: Vec::new(), blocked: false });
                self.touch();
            }
            _ => {
                let ev = Ev::new(EventKind::DeclareAttacker, format!("{name} enters but is not attacking: what the returned creature attacked is gone, or combat is over")).object(self, nid).rules(&cite!(ninjutsu.enters_not_attacking));
                self.record(ev);
            }
        }
        Ok(())
    }

    /// Myriad (702.116a): for each opponent other than the defending player, in turn order
    /// (101.4), the controller may create a token copy of the creature — as it last existed if
    /// it has left the battlefield (111.12) — tapped and attacking that opponent or a
    /// planeswalker they control; it never "attacked" (508.4). If any were created, a delayed
    /// triggered ability exiles them at end of combat (603.7a, 603.7c).
    fn myriad(&mut self, ctx: &Context, dec: &mut dyn Decider) -> Result<(), Stop> {
        let you = ctx.controller;
        let source = ctx.source;
        let name = self.describe(source);
        let others: Vec<PlayerId> = self.apnap().into_iter().filter(|&p| p != you && Some(p) != ctx.trigger.player && !self.players[p].lost).collect();
        if others.is_empty() {
            let ev = Ev::new(EventKind::Choice, format!("{}'s myriad ability does nothing: {} has no opponent other than the defending player", name, self.players[you].name)).source(self, source).rule(cite!(myriad.meaning));
            self.record(ev);
            return Ok(());
        }
        let mut made = Vec::new();
        for opp in others {
            let d = Decision { player: you, kind: DecisionKind::May { able: true }, rule: cite!(myriad.meaning), what: format!("myriad: whether to create a token copy of {name} tapped and attacking {} or a planeswalker they control", self.players[opp].name) };
            let Answer::May(true) = self.decide(dec, &d)? else { continue };
            let mut options = vec![Target::Player(opp)];
            options.extend(self.battlefield.iter().copied().filter(|&o| self.has_type(o, CardType::Planeswalker) && self.controller(o) == opp).map(Target::Object));
            let target = if let [only] = options[..] {
                only
            } else {
                let d = Decision { player: you, kind: DecisionKind::Pick { options, count: 1 }, rule: cite!(myriad.meaning), what: format!("what the token copy of {name} attacks: {} or a planeswalker they control", self.players[opp].name) };
                match self.decide(dec, &d)? {
                    Answer::Pick(ts) if !ts.is_empty() => ts[0],
                    _ => continue,
                }
            };
            let id = self.create_token_copy_tapped(you, source, &crate::cards::ir::CopyExcept::default(), true, dec)?;
            made.push(id);
            if !self.on_battlefield(id) {
                continue;
            }
            use crate::scenario::model::Step;
            let in_combat = matches!(self.step, Step::DeclareAttackers | Step::DeclareBlockers | Step::FirstStrikeDamage | Step::CombatDamage | Step::EndOfCombat);
            let still_there = match target {
                Target::Player(p) => !self.players[p].lost,
                Target::Object(o) => self.on_battlefield(o),
                Target::Ability(_) => false,
            };
            let tok = self.describe(id);
            if in_combat && still_there && self.is_creature(id) && self.controller(id) == self.active {
                let ev = Ev::new(EventKind::DeclareAttacker, format!("{tok} enters tapped and attacking {} (it never \"attacked\": no attack trigger)", self.describe_target(target))).object(self, id).target(self, target).rules(&[cite!(myriad.meaning), cite!(attack.enters_attacking)]);
                self.record(ev);
                self.combat.attackers.push(crate::engine::state::Attacker { id, attacking: target, blockers: Vec::new(), blocked: false });
                self.touch();
            } else {
                let ev = Ev::new(EventKind::DeclareAttacker, format!("{tok} enters but is not attacking: combat is over, or what it would attack is gone")).object(self, id).rules(&[cite!(myriad.meaning), cite!(attack.enters_not_attacking)]);
                self.record(ev);
            }
        }
        if let Some(&first) = made.first() {
            if made.len() > 1 {
                self.linked_groups.push((first, made.clone()));
            }
            let info = crate::engine::state::TriggerInfo { linked: Some(first), ..crate::engine::state::TriggerInfo::default() };
            self.delayed.push(crate::engine::replace::DelayedTrigger { source, controller: you, step: crate::cards::ir::StepName::EndOfCombat, instructions: vec![Instruction::Exile(crate::cards::ir::Affected::Linked)], after_turn: None, whose: None, info, rule: cite!(trigger.delayed_by_ability) });
            let ev = Ev::new(EventKind::EffectBegins, format!("at end of combat, the token{} created by {name}'s myriad ability will be exiled (a delayed triggered ability)", if made.len() > 1 { "s" } else { "" })).source(self, source).rules(&cite!(myriad.exile_at_end_of_combat));
            self.record(ev);
        }
        Ok(())
    }

    /// Cascade (702.85a): exile cards from the top of the controller's library until a nonland
    /// card whose mana value is less than the spell's; they may cast it without paying its mana
    /// cost; every card exiled this way and not cast goes to the bottom in a random order drawn
    /// from the seed (401.4).
    fn cascade(&mut self, ctx: &Context, dec: &mut dyn Decider) -> Result<(), Stop> {
        let p = ctx.controller;
        // The spell it triggered on, as it last existed if it has left the stack (608.2h).
        let spell = ctx.trigger.object.unwrap_or(ctx.source);
        let value = self.mana_value(spell);
        let mut exiled: Vec<ObjId> = Vec::new();
        let mut hit = None;
        while let Some(&top) = self.players[p].library.first() {
            let nid = self.move_object(top, Zone::Exile);
            let lesser = !self.has_type(nid, CardType::Land) && self.mana_value(nid) < value;
            let note = if lesser { format!(": a nonland card with mana value {} (less than {value})", self.mana_value(nid)) } else if self.has_type(nid, CardType::Land) { ": a land".to_owned() } else { format!(": mana value {}, not less than {value}", self.mana_value(nid)) };
            let ev = Ev::new(EventKind::Exile, format!("{} exiles {} from the top of their library (cascade){note}", self.players[p].name, self.described(nid))).object(self, nid).player(self, p).zone(Zone::Exile).rule(cite!(cascade.exile));
            self.record(ev);
            if lesser {
                hit = Some(nid);
                break;
            }
            exiled.push(nid);
        }
        match hit {
            Some(c) => {
                let by = crate::engine::casting::ByEffect { source: spell, cost: None, rule: cite!(cascade.cast), what: "cascade ability" };
                if !self.cast_by_effect(p, c, by, dec)? {
                    exiled.push(c);
                }
            }
            None => {
                let ev = Ev::new(EventKind::Choice, format!("{} exiled their whole library without finding a nonland card with mana value less than {value}", self.players[p].name)).player(self, p).rule(cite!(cascade.none_found));
                self.record(ev);
            }
        }
        exiled.retain(|&o| self.is_live(o) && self.obj(o).zone == Zone::Exile);
        if exiled.is_empty() {
            return Ok(());
        }
        self.random_order(&mut exiled);
        let mut names = Vec::with_capacity(exiled.len());
        for o in exiled {
            names.push(self.describe(o));
            self.move_object(o, Zone::Library);
        }
        let ev = Ev::new(EventKind::PutIntoLibrary, format!("{} puts the {} exiled card(s) not cast on the bottom of their library in a random order: {}", self.players[p].name, names.len(), names.join(", "))).player(self, p).zone(Zone::Library).rules(&cite!(cascade.bottom));
        self.record(ev);
        Ok(())
    }

    /// Shuffles a library with the scenario's seeded generator (701.24a).
    pub fn shuffle(&mut self, p: PlayerId) {
        let mut lib = self.players[p].library.to_vec();
        self.random_order(&mut lib);
        self.players[p].library.change(|l| *l = lib);
        let ev = Ev::new(EventKind::Shuffle, crate::engine::event::Text::PlayerDoes("shuffles their library")).player(self, p).rule(cite!(shuffle.shuffles));
        self.record(ev);
    }

    /// Puts `cards` in a random order drawn from the scenario's seed (a Fisher–Yates shuffle).
    fn random_order(&mut self, cards: &mut [ObjId]) {
        for i in (1..cards.len()).rev() {
            let j = usize::try_from(self.rng.next_u64() % (i as u64 + 1)).unwrap_or(0);
            cards.swap(i, j);
        }
    }

    /// `n` cards of `p`'s hand chosen at random with the seeded generator (701.9b).
    fn random_cards(&mut self, p: PlayerId, n: usize) -> Vec<ObjId> {
        let mut hand = self.players[p].hand.to_vec();
        let mut out = Vec::new();
        while out.len() < n && !hand.is_empty() {
            let i = usize::try_from(self.rng.next_u64() % hand.len() as u64).unwrap_or(0);
            out.push(hand.remove(i));
        }
        out
    }

    /// Exchanges control of two permanents (701.12a–b): all or nothing; between permanents
    /// of one controller it does nothing.
    fn exchange_control(&mut self, both: &[ObjId], source: ObjId) {
        let [a, b] = both else {
            let ev = Ev::new(EventKind::ExchangeControl, "the exchange of control can't be completed, so no part of it happens").rule(cite!(exchange.incomplete));
            self.record(ev);
            return;
        };
        let (ca, cb) = (self.controller(*a), self.controller(*b));
        if ca == cb {
            let ev = Ev::new(EventKind::ExchangeControl, format!("{} and {} have the same controller: the exchange does nothing", self.described(*a), self.described(*b))).rule(cite!(exchange.same_controller));
            self.record(ev);
            return;
        }
        // 701.12b: a control-changing effect in layer 2 for each, lasting indefinitely. Each
        // is now summoning sick for its new controller (302.6: `Game::is_sick`).
        for (id, to) in [(*a, cb), (*b, ca)] {
            self.add_effect(source, to, vec![id], Change::GainControl, false);
        }
        let ev = Ev::new(EventKind::ExchangeControl, format!("{} and {} exchange controllers: {} now controls {}, {} controls {}", self.described(*a), self.described(*b), self.players[cb].name, self.described(*a), self.players[ca].name, self.described(*b)))
            .object(self, *a)
            .rules(&cite!(exchange.control));
        self.record(ev);
    }

    /// Two players exchange life totals (701.12c): each gains or loses the difference.
    fn exchange_life(&mut self, ps: &[PlayerId]) {
        let [a, b] = ps else {
            let ev = Ev::new(EventKind::ExchangeLife, "the exchange of life totals can't be completed, so no part of it happens").rule(cite!(exchange.life_incomplete));
            self.record(ev);
            return;
        };
        let (la, lb) = (self.players[*a].life, self.players[*b].life);
        let ev = Ev::new(EventKind::ExchangeLife, format!("{} ({la}) and {} ({lb}) exchange life totals", self.players[*a].name, self.players[*b].name)).rule(cite!(exchange.life));
        self.record(ev);
        for (p, from, to) in [(*a, la, lb), (*b, lb, la)] {
            if to > from {
                self.gain_life(p, to - from);
            } else {
                self.lose_life(p, from - to, cite!(exchange.life_change));
            }
        }
    }

    /// Deals damage after the replacement and prevention effects that apply to it (616.1);
    /// nothing happens if all of it is prevented.
    ///
    /// # Errors
    /// When a choice among effects is not scripted.
    pub fn damage(&mut self, source: ObjId, to: Target, n: i64, combat: Option<crate::rules::RuleId>, dec: &mut dyn Decider) -> Result<(), Stop> {
        self.check_unread(source, &crate::cards::ir::Moment::DealsDamage, || "it would deal damage (120.3)".to_owned())?;
        if n <= 0 {
            return Ok(());
        }
        let n = self.modify_damage(source, to, n, combat.is_some(), dec)?;
        self.deal_damage(source, to, n, combat);
        Ok(())
    }

    /// Draws one card after "if you would draw" replacement effects (614.11, 616.1).
    ///
    /// # Errors
    /// When a choice among effects is not scripted.
    pub fn draw_with(&mut self, p: PlayerId, rule: crate::rules::RuleId, dec: &mut dyn Decider) -> Result<(), Stop> {
        let mut queue: Vec<Vec<ObjId>> = vec![Vec::new()];
        while let Some(applied) = queue.pop() {
            match self.replace_draw(p, &applied, dec)? {
                Some(instead) => queue.extend(instead),
                None => self.draw(p, rule),
            }
        }
        Ok(())
    }

    /// Deals damage (120.3): life loss for a player, loyalty loss for a planeswalker, marked
    /// damage for a creature. `combat` is the rule by which combat damage was assigned
    /// (510.1b–d), or `None` for damage from a spell or ability. Damage to a permanent with
    /// protection from a quality of the source is prevented (702.16e).
    pub fn deal_damage(&mut self, source: ObjId, to: Target, n: i64, combat: Option<crate::rules::RuleId>) {
        // What the damage brings with it (counters, loyalty, life gained) follows from it.
        let saved = self.causes.anchor;
        self.damage_event(source, to, n, combat);
        self.causes.anchor = saved;
    }

    fn damage_event(&mut self, source: ObjId, to: Target, n: i64, combat: Option<crate::rules::RuleId>) {
        let combat_rules: Vec<crate::rules::RuleId> = combat.map(|r| vec![r, cite!(damage.combat)]).unwrap_or_default();
        let combat = !combat_rules.is_empty();
        if n <= 0 {
            return;
        }
        let kind = if combat { "combat damage" } else { "damage" };
        if let Target::Object(o) = to
            && !self.damaged_now.contains(&o)
        {
            self.damaged_now.push(o);
        }
        match to {
            Target::Ability(_) => {}
            Target::Player(p) => {
                if self.players[p].lost {
                    return;
                }
                self.players[p].damaged_this_turn = true;
                // 702.90b: damage from a source with infect gives poison counters instead of
                // costing life (120.3b).
                let infect = self.has_keyword(source, crate::cards::ir::Keyword::Infect);
                let ev = if infect {
                    let poison = u32::try_from(n).unwrap_or(u32::MAX);
                    self.players[p].poison = self.players[p].poison.saturating_add(poison);
                    Ev::new(EventKind::Damage, format!("{} deals {n} {kind} to {}: it has infect, so {} gets {n} poison counter{}", self.described(source), self.players[p].name, self.players[p].name, if n == 1 { "" } else { "s" }))
                        .source(self, source)
                        .target(self, to)
                        .amount(n)
                        .rules(&cite!(damage.infect_player))
                        .rules(&combat_rules)
                } else {
                    self.players[p].life = self.players[p].life.saturating_sub(n);
                    self.players[p].life_lost_this_turn = self.players[p].life_lost_this_turn.saturating_add(n);
                    self.life_lost_now = self.life_lost_now.saturating_add(n);
                    Ev::new(EventKind::Damage, crate::engine::event::Text::Damage { combat }).source(self, source).target(self, to).amount(n).rule(cite!(damage.player)).rules(&combat_rules)
                };
                self.record(ev);
                self.follow_last();
                let dealt = self.last_event();
                if !infect {
                    self.fire(crate::engine::triggers::Happening::LifeLost { player: p });
                }
                // 702.164c: combat damage from a creature with toxic also gives poison
                // counters, as many as its total toxic value (702.164b).
                let toxic: u32 = if combat { self.abilities(source).filter_map(|(_, a)| if let crate::cards::ir::Ability::Keyword(crate::cards::ir::Keyword::Toxic(t)) = a { Some(*t) } else { None }).sum() } else { 0 };
                if toxic > 0 {
                    self.players[p].poison = self.players[p].poison.saturating_add(toxic);
                    let ev = Ev::new(EventKind::PutCounters, format!("{} gets {toxic} poison counter{}: {} has a total toxic value of {toxic}", self.players[p].name, if toxic == 1 { "" } else { "s" }, self.described(source)))
                        .player(self, p)
                        .source(self, source)
                        .amount(i64::from(toxic))
                        .rules(&cite!(damage.toxic));
                    self.record(ev);
                }
                self.damage_results(source, to, n, dealt);
                if combat {
                    self.combat.dealt_to_players.push((source, p));
                }
                self.fire(crate::engine::triggers::Happening::Damage { source, to, amount: n, combat });
            }
            Target::Object(o) => {
                if !self.on_battlefield(o) {
                    return;
                }
                let mut rules = Vec::new();
                let mut note = String::new();
                if self.has_type(o, crate::cards::ir::CardType::Planeswalker) {
                    let took = self.obj_mut(o).counters.remove(&crate::cards::ir::CounterKind::Loyalty, u32::try_from(n).unwrap_or(u32::MAX));
                    note = format!(": {took} loyalty counter{} removed", if took == 1 { " is" } else { "s are" });
                    rules.push(cite!(damage.planeswalker));
                }
                // 702.80a, 702.90c: damage from a source with wither or infect becomes -1/-1
                // counters instead of being marked (120.3d).
                let counters = if self.has_keyword(source, crate::cards::ir::Keyword::Infect) {
                    Some(cite!(infect.creature_counters))
                } else if self.has_keyword(source, crate::cards::ir::Keyword::Wither) {
                    Some(cite!(wither.creature_counters))
                } else {
                    None
                };
                self.obj_mut_status(o).damaged_turn = Some(self.turn);
                if self.is_creature(o) {
                    if let Some(r) = counters {
                        rules.push(cite!(damage.minus_counters));
                        rules.push(r);
                    } else {
                        self.obj_mut_status(o).damage = self.obj(o).damage.saturating_add(u32::try_from(n).unwrap_or(u32::MAX));
                        rules.push(cite!(damage.marked));
                    }
                }
                rules.extend(combat_rules);
                let text = if note.is_empty() { crate::engine::event::Text::Damage { combat } } else { format!("{} deals {n} {kind} to {}{note}", self.described(source), self.described(o)).into() };
                let ev = Ev::new(EventKind::Damage, text).source(self, source).target(self, to).amount(n).rules(&rules);
                self.record(ev);
                self.follow_last();
                let dealt = self.last_event();
                if let Some(r) = counters
                    && self.is_creature(o)
                {
                    let k = if r == cite!(infect.creature_counters) { "infect" } else { "wither" };
                    self.put_counters(o, &crate::cards::ir::CounterKind::MinusOne, u32::try_from(n).unwrap_or(u32::MAX), &[cite!(damage.minus_counters), r], false, &format!(" instead of being marked as damage: {} has {k}", self.described(source)));
                }
                self.damage_results(source, to, n, dealt);
                self.fire(crate::engine::triggers::Happening::Damage { source, to, amount: n, combat });
            }
        }
    }

    /// Destroys a permanent: it moves to its owner's graveyard (701.8a) — unless a
    /// regeneration shield replaces the destruction (701.19a): then all damage is removed, it
    /// is tapped and removed from combat. `can_regenerate` is false when the effect says it
    /// can't be regenerated (701.19c). Returns whether it was destroyed.
    ///
    /// Regeneration and umbra armor (702.89a) both replace destruction; when both could, the
    /// permanent's controller chooses which applies (616.1e).
    ///
    /// # Errors
    /// When that choice is not scripted.
    pub fn destroy(&mut self, id: ObjId, rules: &[crate::rules::RuleId], why: &Destruction, can_regenerate: bool, dec: &mut dyn Decider) -> Result<bool, Stop> {
        // The rule that would have destroyed it (704.5g, 704.5h, an effect's 701.8a) is cited
        // with what stops or replaces the destruction, except 701.8a itself: nothing moves.
        let reason: Vec<crate::rules::RuleId> = rules.iter().copied().filter(|&r| r != cite!(destroy.destroys)).collect();
        if self.indestructible(id) {
            self.indestructible_stops(id, why, &reason);
            return Ok(false);
        }
        let umbras: Vec<ObjId> = self.battlefield.iter().copied().filter(|&a| self.obj(a).attached_to == Some(id) && self.has_ability(a, &Ability::UmbraArmor)).collect();
        let regen = self.obj(id).regen_shields > 0 && can_regenerate;
        // 122.1c: shield counters replace a destruction "as the result of an effect" — not the
        // state-based destruction of 704.5g–h.
        let by_effect = !reason.iter().any(|r| r.as_str().starts_with("704."));
        let shield = by_effect && self.obj(id).counters.get(&crate::cards::ir::CounterKind::Shield) > 0;
        if shield && regen {
            // Both effects come from the permanent itself, and `apply:` names sources: the
            // choice (616.1e) can't be asked yet, so the run stops rather than guess.
            return Err(Stop(crate::diag::Diagnostic::new(
                format!("{} would be destroyed and both its regeneration shield and a shield counter could replace that (616.1e): judge can't ask which one applies first yet", self.described(id)),
                crate::diag::Span::default(),
            )));
        }
        if let Some(&first) = umbras.first() {
            let mut options: Vec<Target> = umbras.iter().map(|&a| Target::Object(a)).collect();
            if regen || shield {
                options.push(Target::Object(id));
            }
            let pick = if options.len() == 1 {
                Target::Object(first)
            } else {
                let d = Decision { player: self.controller(id), kind: DecisionKind::Apply { options }, rule: cite!(replace.umbra_order_choice), what: format!("which effect replaces the destruction of {} (an umbra armor Aura, or {} itself for its {})", self.described(id), self.described(id), if shield { "shield counter" } else { "regeneration shield" }) };
                match self.decide(dec, &d)? {
                    Answer::Pick(ts) => ts.first().copied().unwrap_or(Target::Object(first)),
                    _ => Target::Object(first),
                }
            };
            if let Target::Object(aura) = pick
                && aura != id
            {
                // 702.89a: instead, all damage is removed from it and the Aura is destroyed.
                self.obj_mut_status(id).damage = 0;
                let ev = Ev::new(EventKind::Replace, format!("{} would be destroyed{why}; umbra armor of {} applies instead: all damage is removed from it and the Aura is destroyed", self.described(id), self.described(aura))).object(self, id).source(self, aura).rules(&cite!(umbra_armor.replaces)).rules(&reason);
                self.record(ev);
                self.destroy(aura, &cite!(umbra_armor.aura_destroyed), &Destruction::Said("by its umbra armor".into()), true, dec)?;
                return Ok(false);
            }
        }
        if shield {
            let ev = Ev::new(EventKind::Replace, format!("{} would be destroyed{why}; a shield counter is removed from it instead", self.described(id))).object(self, id).rules(&cite!(counters.shield_replaces_destroy)).rules(&reason);
            self.record(ev);
            self.remove_counters(id, &crate::cards::ir::CounterKind::Shield, 1, &[cite!(counters.shield_removed)], " instead of its destruction");
            return Ok(false);
        }
        if self.obj(id).regen_shields > 0 {
            if can_regenerate {
                let in_combat = self.combat.attackers.iter().any(|a| a.id == id) || self.combat.blockers.iter().any(|(b, _)| *b == id);
                let was_tapped = self.obj(id).tapped;
                let o = self.obj_mut(id);
                o.regen_shields -= 1;
                o.damage = 0;
                o.tapped = true;
                self.combat.attackers.retain(|a| a.id != id);
                self.touch();
                for a in &mut self.combat.attackers {
                    a.blockers.retain(|&b| b != id);
                }
                self.combat.blockers.retain(|(b, _)| *b != id);
                let ev = Ev::new(EventKind::Regenerate, format!("{} would be destroyed{why}; it regenerates instead: its damage is removed and it is tapped", self.described(id))).object(self, id).rules(&cite!(regenerate.replaces)).rules(&reason);
                self.record(ev);
                if !was_tapped {
                    self.fire(crate::engine::triggers::Happening::BecomesTapped(id));
                }
                if in_combat {
                    let ev = Ev::new(EventKind::RemoveFromCombat, crate::engine::event::Text::ObjectDoes("is removed from combat by regenerating")).object(self, id).rule(cite!(regenerate.removed_from_combat));
                    self.record(ev);
                }
                return Ok(false);
            }
            let ev = Ev::new(EventKind::Choice, crate::engine::event::Text::ObjectDoes("can't be regenerated: its regeneration shield does nothing")).object(self, id).rule(cite!(regenerate.cant));
            self.record(ev);
        }
        let text = match why {
            Destruction::Said(w) if w.is_empty() => Text::ObjectDoes("is destroyed"),
            &Destruction::Lethal { marked, toughness } => Text::Lethal { marked, toughness },
            Destruction::Said(_) => format!("{} is destroyed{why}", self.described(id)).into(),
        };
        let ev = Ev::new(EventKind::Destroy, text).object(self, id).zone(Zone::Graveyard).rules(rules);
        self.record(ev);
        self.move_object(id, Zone::Graveyard);
        Ok(true)
    }

    /// Draws one card (121.2); from an empty library the player will lose (121.4, 704.5b).
    pub fn draw(&mut self, p: PlayerId, rule: crate::rules::RuleId) {
        if self.players[p].library.is_empty() {
            self.players[p].drew_from_empty = true;
            let ev = Ev::new(EventKind::Draw, crate::engine::event::Text::PlayerDoes("tries to draw from an empty library")).player(self, p).amount(0).rules(&[rule, cite!(draw.empty_library)]);
            self.record(ev);
            return;
        }
        let top = self.players[p].library[0];
        self.players[p].draws_this_turn += 1;
        let nid = self.move_object(top, Zone::Hand);
        let ev = Ev::new(EventKind::Draw, crate::engine::event::Text::Draws).player(self, p).object(self, nid).amount(1).zone(Zone::Hand).rule(rule);
        self.record(ev);
        self.fire(crate::engine::triggers::Happening::Draw { player: p });
    }

    /// Discards a card from `p`'s hand (701.9a).
    pub fn discard(&mut self, p: PlayerId, card: ObjId, rule: crate::rules::RuleId) {
        if !self.is_live(card) {
            return;
        }
        self.put_discarded(p, card, Text::Discards, &[rule], false);
    }

    /// Records the discard of `card` by `p` (`text`, `rules`) and moves it: to its owner's
    /// graveyard, or — for a card with madness discarded from a hand — to exile instead, where
    /// madness's triggered ability triggers (702.35a). Either way, "whenever a player discards"
    /// abilities trigger, whether the discard was an effect's or a cost's (701.9a), and with
    /// `cycled` (a cycling cost, 702.29c) "when you cycle" ones. Returns the card's new object.
    pub(crate) fn put_discarded(&mut self, p: PlayerId, card: ObjId, text: impl Into<Text>, rules: &[crate::rules::RuleId], cycled: bool) -> ObjId {
        let madness = if self.obj(card).zone == Zone::Hand { self.card(card).abilities().iter().position(|a| matches!(a, Ability::Madness(_))) } else { None };
        let to = if madness.is_some() { Zone::Exile } else { Zone::Graveyard };
        let mut ev = Ev::new(EventKind::Discard, text).player(self, p).object(self, card).zone(to).rules(rules);
        if madness.is_some() {
            ev = ev.words_after(format_args!(", into exile instead of the graveyard (madness)")).rules(&cite!(madness.exile_instead));
        }
        self.record(ev);
        let nid = self.move_object(card, to);
        if let Some(i) = madness {
            let owner = self.obj(nid).owner;
            let ev = Ev::new(EventKind::Trigger, format!("{}'s madness ability triggers: it was exiled this way (controlled by {})", self.described(nid), self.players[owner].name)).source(self, nid).player(self, owner).rules(&cite!(madness.trigger)).because(self.last_event());
            self.record(ev);
            self.pending.push(crate::engine::state::PendingTrigger { source: nid, ability: i, controller: owner, info: crate::engine::state::TriggerInfo::default(), delayed: None, keyword: None, event: self.last_event() });
        }
        self.fire(crate::engine::triggers::Happening::Discard { player: p, card: nid, cycled });
        nid
    }

    /// Whether the card an ability acts on from a zone is still there (400.7); if not, traces
    /// "[card] is no longer in [what]" citing `rule`.
    fn still_in(&mut self, card: ObjId, zone: Zone, what: &str, rule: crate::rules::RuleId) -> bool {
        if self.is_live(card) && self.obj(card).zone == zone {
            return true;
        }
        let ev = Ev::new(EventKind::Choice, format!("{} is no longer in {what}", self.described(card))).object(self, card).rules(&[cite!(zone.no_longer_there), rule]);
        self.record(ev);
        false
    }

    /// Madness's triggered ability resolving (702.35a): the owner may cast the exiled card by
    /// paying its madness cost rather than its mana cost (702.35b); if they don't, they put it
    /// into their graveyard.
    fn madness(&mut self, ctx: &Context, dec: &mut dyn Decider) -> Result<(), Stop> {
        let card = ctx.source;
        if !self.still_in(card, Zone::Exile, "exile: madness does nothing", cite!(madness.not_in_exile)) {
            return Ok(());
        }
        let Some(cost) = self.card(card).abilities().iter().find_map(|a| if let Ability::Madness(c) = a { Some(c.clone()) } else { None }) else { return Ok(()) };
        let owner = self.obj(card).owner;
        let by = crate::engine::casting::ByEffect { source: card, cost: Some(cost), rule: cite!(madness.cast), what: "madness ability" };
        if !self.cast_by_effect(owner, card, by, dec)? && self.is_live(card) && self.obj(card).zone == Zone::Exile {
            let ev = Ev::new(EventKind::PutIntoGraveyard, format!("{} isn't cast: {} puts it into their graveyard", self.described(card), self.players[owner].name)).object(self, card).player(self, owner).zone(Zone::Graveyard).rule(cite!(madness.to_graveyard));
            self.record(ev);
            self.move_object(card, Zone::Graveyard);
        }
        Ok(())
    }

    /// Amass (701.47a): `ctx.controller` gets an Army creature token of `subtype` if they
    /// control no Army creature, chooses an Army creature they control, puts `n` +1/+1 counters
    /// on it, and it becomes a `subtype` in addition to its other types if it isn't one.
    fn amass(&mut self, ctx: &Context, subtype: &str, n: u32, dec: &mut dyn Decider) -> Result<(), Stop> {
        use crate::cards::ir::{Color, TokenSpec};
        let you = ctx.controller;
        let armies = |g: &Game| -> Vec<ObjId> { g.battlefield.iter().copied().filter(|&o| g.controller(o) == you && g.is_creature(o) && g.has_subtype(o, "Army")).collect() };
        if armies(self).is_empty() {
            let token = TokenSpec {
                name: format!("{subtype} Army Token"),
                colors: vec![Color::Black],
                types: vec![CardType::Creature],
                subtypes: vec![subtype.to_owned(), "Army".to_owned()],
                power: Some(Amount::Fixed(0)),
                toughness: Some(Amount::Fixed(0)),
                text: String::new(),
                abilities: Vec::new(),
                rules: vec![cite!(amass.army_token).as_str()],
            };
            self.create_tokens(you, &token, 1, false, ctx.x, dec)?;
        }
        let options: Vec<Target> = armies(self).into_iter().map(Target::Object).collect();
        // 701.47b: the player amassed even though nothing could be chosen.
        let none = |g: &Game| Ev::new(EventKind::Choice, crate::engine::event::Text::PlayerDoes("controls no Army creature to amass with")).player(g, you).rules(&cite!(amass.no_army));
        let Some(army) = self.pick_one(you, options, cite!(amass.choice), "the Army creature to amass with".to_owned(), none, dec)? else { return Ok(()) };
        self.put_counters(army, &CounterKind::PlusOne, n, &[cite!(amass.counters)], false, " (amass)");
        if !self.has_subtype(army, subtype) {
            let change = Change::AddTypes { types: Vec::new(), subtypes: vec![subtype.to_owned()] };
            self.add_effect(ctx.source, you, vec![army], change, false);
            let ev = Ev::new(EventKind::Grant, format!("{} becomes a {subtype} in addition to its other types", self.described(army))).object(self, army).source(self, ctx.source).rules(&cite!(amass.army_type));
            self.record(ev);
        }
        Ok(())
    }

    /// `p` picks one object of `options` (a decision citing `rule`); with none to pick, the
    /// event `none` makes is recorded and nothing is picked.
    fn pick_one(&mut self, p: PlayerId, options: Vec<Target>, rule: RuleId, what: String, none: impl FnOnce(&Game) -> Ev, dec: &mut dyn Decider) -> Result<Option<ObjId>, Stop> {
        if options.is_empty() {
            let ev = none(self);
            self.record(ev);
            return Ok(None);
        }
        let d = Decision { player: p, kind: DecisionKind::Pick { options, count: 1 }, rule, what };
        let Answer::Pick(ts) = self.decide(dec, &d)? else { return Ok(None) };
        Ok(ts.into_iter().find_map(|t| if let Target::Object(o) = t { Some(o) } else { None }))
    }

    /// Populate (701.36a): `ctx.controller` chooses a creature token they control and creates
    /// a token that's a copy of it; with none, nothing is created (701.36b).
    fn populate(&mut self, ctx: &Context, dec: &mut dyn Decider) -> Result<(), Stop> {
        let you = ctx.controller;
        let options: Vec<Target> = self.battlefield.iter().copied().filter(|&o| self.controller(o) == you && self.is_creature(o) && self.obj(o).card.token()).map(Target::Object).collect();
        let none = |g: &Game| Ev::new(EventKind::Choice, crate::engine::event::Text::PlayerDoes("controls no creature token: populate creates nothing")).player(g, you).rule(cite!(populate.no_token));
        let Some(token) = self.pick_one(you, options, cite!(populate.choice), "the creature token to populate (copy)".to_owned(), none, dec)? else { return Ok(()) };
        let ev = Ev::new(EventKind::Choice, format!("{} populates: {} is copied", self.players[you].name, self.described(token))).player(self, you).object(self, token).rule(cite!(populate.populates));
        self.record(ev);
        self.create_token_copy(you, token, &crate::cards::ir::CopyExcept::default(), dec)?;
        Ok(())
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
        self.players[p].life = self.players[p].life.saturating_add(n);
        self.players[p].life_gained_this_turn = self.players[p].life_gained_this_turn.saturating_add(n);
        let ev = Ev::new(EventKind::GainLife, crate::engine::event::Text::Life { gains: true }).player(self, p).amount(n).rule(cite!(life.gains));
        self.record(ev);
        self.fire(crate::engine::triggers::Happening::GainLife { player: p, amount: n });
    }

    /// Backup N resolving (702.165a): N +1/+1 counters on its target; if that's another
    /// creature, it gains until end of turn the abilities printed on the source below this
    /// backup ability, except backup abilities (702.165b–c, from the source's copiable values).
    fn backup(&mut self, n: u32, ctx: &Context) {
        use crate::cards::ir::Keyword;
        let Some(target) = self.objects_of(ctx, &Affected::Target(0)).into_iter().next() else { return };
        if !self.on_battlefield(target) {
            return;
        }
        self.put_counters(target, &CounterKind::PlusOne, n, &cite!(support.counters), false, "");
        if target == ctx.source || !self.is_creature(target) {
            return;
        }
        let Some((src, at)) = self.resolving_ability else { return };
        let card = self.card(src).clone();
        // The printed lines below the backup line, each with the abilities it holds, for the
        // text the granted abilities are shown with.
        let lines: Vec<&str> = card.text().lines().collect();
        let mut texts: Vec<String> = Vec::new();
        if let Some(i) = lines.iter().position(|l| l.trim_start().to_lowercase().starts_with("backup")) {
            for l in &lines[i + 1..] {
                let count = crate::cards::oracle::compile(l, card.name(), &[CardType::Creature]).map_or(1, |a| a.len());
                texts.extend(std::iter::repeat_n((*l).to_owned(), count));
            }
        }
        let mut changes = Vec::new();
        for (j, a) in card.abilities().iter().enumerate().skip(at + 1) {
            match a {
                Ability::Keyword(Keyword::Backup(_)) => {}
                Ability::Keyword(k) => changes.push(Change::Grant(*k)),
                // "This creature can't be blocked by …": a static ability about the creature
                // that has it; given to the target, its changes apply to the target.
                Ability::Static(crate::cards::ir::StaticEffect { subject: crate::cards::ir::StaticSubject::This, changes: these, condition: None }) => changes.extend(these.iter().cloned()),
                other => changes.push(Change::GrantAbility { ability: Box::new(other.clone()), text: texts.get(j - at - 1).cloned().unwrap_or_default() }),
            }
        }
        if changes.is_empty() {
            return;
        }
        self.add_effects(ctx.source, ctx.controller, &[target], &changes, true, None);
    }

    /// The object the monarch's inherent abilities are traced as coming from
    /// (`Game::monarch_abilities`), made once.
    pub fn monarch_abilities_object(&mut self, p: PlayerId) {
        if self.monarch_abilities.is_none() {
            self.monarch_abilities = Some(self.rules_object("the monarch", p));
        }
    }

    /// An object in no zone named `name`, which inherent abilities without a source (the
    /// monarch's, 724.2; a player's speed, 702.179d) are traced as coming from: the one
    /// already made for them, or a new one. Nothing reads its characteristics.
    pub fn rules_object(&mut self, name: &str, p: PlayerId) -> ObjId {
        let made = if name == "the monarch" { self.monarch_abilities } else { self.speed_abilities };
        if let Some(id) = made {
            return id;
        }
        let spec = crate::cards::ir::TokenSpec { name: name.into(), colors: Vec::new(), types: Vec::new(), subtypes: Vec::new(), power: None, toughness: None, text: String::new(), abilities: Vec::new(), rules: Vec::new() };
        let card = std::sync::Arc::new(crate::cards::tokens::card_def(&spec, 0));
        let card_id = crate::engine::state::CardId(u32::try_from(self.cards.len()).unwrap_or(u32::MAX));
        self.cards.push(crate::engine::state::PhysCard { label: None, current: ObjId(0), nth: 0 });
        self.new_object(card_id, card, p, p, Zone::Nowhere)
    }

    /// `p` becomes the monarch (724.1); the current monarch, if any, ceases to be (724.3).
    pub fn become_monarch(&mut self, p: PlayerId, rule: crate::rules::RuleId) {
        if self.players[p].lost {
            return;
        }
        let before = self.monarch.replace(p);
        self.monarch_abilities_object(p);
        let was = match before {
            Some(q) if q == p => " (already the monarch)".to_owned(),
            Some(q) => format!("; {} is no longer the monarch", self.players[q].name),
            None => String::new(),
        };
        let ev = Ev::new(EventKind::Designation, format!("{} becomes the monarch{was}", self.players[p].name)).player(self, p).rules(&[rule, cite!(monarch.designation)]);
        self.record(ev);
    }

    /// "Clash with an opponent" (701.30b): `p` chooses an opponent and both clash. Each reveals
    /// the top card of their library at the same time (701.30a, 701.30c), then in APNAP order
    /// each decides whether to put theirs on the bottom, and those cards move together. `p`
    /// wins if their card's mana value is higher than every other revealed card's (701.30d).
    ///
    /// # Errors
    /// When a decision can't be made.
    pub fn clash(&mut self, p: PlayerId, dec: &mut dyn Decider) -> Result<bool, Stop> {
        let opponents: Vec<PlayerId> = (0..self.players.len()).filter(|&q| q != p && !self.players[q].lost).collect();
        let opponent = match opponents.as_slice() {
            [] => None,
            [one] => Some(*one),
            _ => {
                let d = Decision { player: p, kind: DecisionKind::Pick { options: opponents.iter().map(|&q| Target::Player(q)).collect(), count: 1 }, rule: cite!(clash.opponent_choice), what: "the opponent to clash with".to_owned() };
                match self.decide(dec, &d)? {
                    Answer::Pick(t) => t.first().and_then(|t| if let Target::Player(q) = t { Some(*q) } else { None }),
                    _ => None,
                }
            }
        };
        let clashing: Vec<PlayerId> = self.apnap().into_iter().filter(|&q| q == p || Some(q) == opponent).collect();
        let mut revealed: Vec<(PlayerId, ObjId)> = Vec::new();
        for &q in &clashing {
            match self.players[q].library.first().copied() {
                Some(c) => {
                    let ev = Ev::new(EventKind::Reveal, format!("{} reveals {} from the top of their library to clash (mana value {})", self.players[q].name, self.described(c), self.mana_value(c)))
                        .object(self, c)
                        .player(self, q)
                        .rules(&cite!(clash.reveal));
                    self.record(ev);
                    revealed.push((q, c));
                }
                None => {
                    let ev = Ev::new(EventKind::Reveal, crate::engine::event::Text::PlayerDoes("has no card in their library to reveal for the clash")).player(self, q).rule(cite!(clash.empty_library));
                    self.record(ev);
                }
            }
        }
        let mut bottom: Vec<(PlayerId, ObjId)> = Vec::new();
        for &(q, c) in &revealed {
            let d = Decision { player: q, kind: DecisionKind::May { able: true }, rule: cite!(clash.bottom_choice), what: format!("put {} on the bottom of your library (otherwise it stays on top)", self.described(c)) };
            if let Answer::May(true) = self.decide(dec, &d)? {
                bottom.push((q, c));
            }
        }
        for &(q, c) in &revealed {
            let to_bottom = bottom.contains(&(q, c));
            if to_bottom {
                self.players[q].library.remove_item(&c);
                self.players[q].library.push(c);
                self.touch();
            }
            let ev = Ev::new(EventKind::Choice, format!("{} puts {} on the {} of their library", self.players[q].name, self.described(c), if to_bottom { "bottom" } else { "top" }))
                .object(self, c)
                .player(self, q)
                .rules(&cite!(clash.bottom));
            self.record(ev);
        }
        let mine = revealed.iter().find(|(q, _)| *q == p).map(|&(_, c)| self.mana_value(c));
        let win = mine.is_some_and(|m| revealed.iter().filter(|(q, _)| *q != p).all(|&(_, c)| self.mana_value(c) < m));
        let ev = Ev::new(EventKind::Choice, format!("{} {} the clash", self.players[p].name, if win { "wins" } else { "doesn't win" })).player(self, p).rule(cite!(clash.result));
        self.record(ev);
        Ok(win)
    }

    /// "You get {E}{E}": energy counters put on the player (107.14, 122.1).
    pub fn get_energy(&mut self, p: PlayerId, n: u32) {
        if n == 0 || self.players[p].lost {
            return;
        }
        self.players[p].energy = self.players[p].energy.saturating_add(n);
        let ev = Ev::new(EventKind::PutCounters, format!("{} gets {n} energy counter{} (now {})", self.players[p].name, if n == 1 { "" } else { "s" }, self.players[p].energy))
            .player(self, p)
            .amount(i64::from(n))
            .rules(&cite!(energy.gets));
        self.record(ev);
    }

    /// Pays `n` energy (107.14): that many energy counters are removed from the player; a
    /// player with fewer can't pay (118.3). False, changing nothing, when they can't.
    pub fn pay_energy(&mut self, p: PlayerId, n: u32, rule: crate::rules::RuleId) -> bool {
        if self.players[p].energy < n {
            return false;
        }
        if n == 0 {
            return true;
        }
        self.players[p].energy -= n;
        let ev = Ev::new(EventKind::RemoveCounters, format!("{} pays {} (removes {n} energy counter{}, {} left)", self.players[p].name, PayCost::Energy(n), if n == 1 { "" } else { "s" }, self.players[p].energy))
            .player(self, p)
            .amount(i64::from(n))
            .rules(&[cite!(energy.pays), rule]);
        self.record(ev);
        true
    }

    /// `p` pays `n` life (119.4): a loss of life like any other, counted in the life lost this
    /// turn; traced as "pays N life" followed by `how`, citing `rules`.
    pub fn pay_life(&mut self, p: PlayerId, n: u32, how: &str, rules: &[crate::rules::RuleId]) {
        let n64 = i64::from(n);
        self.players[p].life = self.players[p].life.saturating_sub(n64);
        self.players[p].life_lost_this_turn = self.players[p].life_lost_this_turn.saturating_add(n64);
        let text = if how.is_empty() { crate::engine::event::Text::PaysLife } else { format!("{} pays {n} life{how}", self.players[p].name).into() };
        let ev = Ev::new(EventKind::PayLife, text).player(self, p).amount(n64).rules(rules);
        self.record(ev);
        self.fire(crate::engine::triggers::Happening::LifeLost { player: p });
    }

    pub fn lose_life(&mut self, p: PlayerId, n: i64, rule: crate::rules::RuleId) {
        if n <= 0 || self.players[p].lost {
            return;
        }
        self.players[p].life = self.players[p].life.saturating_sub(n);
        self.players[p].life_lost_this_turn = self.players[p].life_lost_this_turn.saturating_add(n);
        self.life_lost_now = self.life_lost_now.saturating_add(n);
        let ev = Ev::new(EventKind::LoseLife, crate::engine::event::Text::Life { gains: false }).player(self, p).amount(n).rule(rule);
        self.record(ev);
        self.fire(crate::engine::triggers::Happening::LifeLost { player: p });
    }

    /// The stack from top to bottom, as names (for expectations and reports).
    #[must_use]
    pub fn stack_names(&self) -> Vec<String> {
        self.stack
            .iter()
            .rev()
            .map(|s| match s {
                StackItem::Spell(id) => self.card(*id).name().to_owned(),
                StackItem::Ability(a) => format!("ability of {}", self.card(a.source).name()),
            })
            .collect()
    }
}

/// Whether delayed instructions refer to an object the creating effect was about ("it", "that
/// creature"), for the trace.
fn instructions_mention_link(instructions: &[Instruction]) -> bool {
    serde_json::to_string(instructions).is_ok_and(|s| s.contains("\"Linked\"") || s.contains("\"TriggerObject\""))
}

impl Game {
    /// Objects exiled "until [source] leaves the battlefield" whose source has left return to
    /// the battlefield under their owner's control (610.3, 610.3c), all at once (610.3d). One
    /// that has left exile since is a new object and stays where it is (400.7).
    ///
    /// # Errors
    /// When a choice as a returning permanent enters is not scripted, or an Aura would return
    /// (what it enchants is chosen as it enters, 303.4f: not supported yet).
    pub fn return_exiled(&mut self, dec: &mut dyn Decider) -> Result<(), Stop> {
        if self.returns_due.is_empty() {
            return Ok(());
        }
        let due = std::mem::take(&mut self.returns_due);
        self.begin_batch();
        for (source, id, at) in due {
            if !(self.is_live(id) && self.obj(id).zone == Zone::Exile) {
                continue;
            }
            if self.card(id).abilities().iter().any(|a| matches!(a, Ability::Enchant(_))) {
                self.end_batch();
                return Err(Stop(crate::diag::Diagnostic::new(
                    format!("{} would return to the battlefield as {} left it (610.3c), but an Aura returning this way is attached to something its owner chooses (303.4f), which is not supported yet", self.described(id), self.described(source)),
                    crate::diag::Span::default(),
                )));
            }
            let owner = self.obj(id).owner;
            let src = self.describe(source);
            let r = self.put_onto_battlefield(id, owner, false, dec, |g, nid| {
                Ev::new(EventKind::EntersBattlefield, format!("{} returns to the battlefield under its owner's control: {src} left the battlefield", g.described(nid))).object(g, nid).zone(Zone::Battlefield).rules(&cite!(exile_until.returns)).because(at)
            });
            if let Err(e) = r {
                self.end_batch();
                return Err(e);
            }
        }
        self.end_batch();
        Ok(())
    }
}

/// What a "can't" effect forbids, in words.
#[must_use]
pub fn cant_words(attack: bool, block: bool) -> &'static str {
    match (attack, block) {
        (true, true) => "attack or block",
        (true, false) => "attack",
        _ => "block",
    }
}

/// The amount of an instruction whose count the trace shows as it is made
/// ([`Game::note_amount`]), if it has one.
fn noted_amount(ins: &Instruction) -> Option<Amount> {
    let noted = |a: &&Amount| matches!(a, Amount::Count { what: Counted::Party | Counted::DiedThisTurn { .. } | Counted::Spent { .. }, .. } | Amount::Stat { of: StatOf::ThatCard, .. });
    let amounts = match ins {
        Instruction::DealDamage { amount, .. } | Instruction::GainLife { amount, .. } | Instruction::LoseLife { amount, .. } | Instruction::GetEnergy { amount, .. } => [Some(amount), None],
        Instruction::Draw { count, .. } | Instruction::Mill { count, .. } | Instruction::PutCounters { count, .. } | Instruction::Discard { count, .. } | Instruction::ExileTop { count, .. } | Instruction::RemoveCounters { count, .. } => [Some(count), None],
        Instruction::CreateTokens { count, token, .. } => [Some(count), token.power.as_ref()],
        Instruction::Pump { power, toughness, .. } => [Some(power), Some(toughness)],
        _ => return None,
    };
    amounts.into_iter().flatten().find(noted).copied()
}

/// The rules defining a count the trace cites where it is used: the party (700.8a–b), the
/// permanents that died this turn (700.4), the colors of mana spent (601.2h); none for others.
pub(crate) fn count_rules(what: Counted) -> &'static [RuleId] {
    match what {
        Counted::Party => &cite!(count.party),
        Counted::DiedThisTurn { .. } => &cite!(count.died_this_turn),
        Counted::Spent { colors: true, .. } => &cite!(count.colors_spent),
        Counted::Spent { colors: false, .. } => &[cite!(count.mana_spent)],
        _ => &[],
    }
}

/// The creature types of a party (700.8), a bit each in the masks [`party_of`] takes.
pub(crate) const PARTY: [&str; 4] = ["Cleric", "Rogue", "Warrior", "Wizard"];

/// The size of a party among creatures, given for each the slots of [`PARTY`] it could fill (a
/// bit per slot). A creature of several of those types fills one slot only, and the count is
/// the largest such an assignment gives (700.8a–b): a set of slots can all be filled when every
/// part of it has at least as many creatures able to fill one of its slots (Hall's condition
/// for a matching).
pub(crate) fn party_of(fits: impl Iterator<Item = usize>) -> usize {
    // For each set of slots, the creatures that could fill one of them.
    let mut able = [0usize; 16];
    for f in fits {
        for (set, n) in able.iter_mut().enumerate() {
            *n += usize::from(set & f != 0);
        }
    }
    let size = |set: usize| (0..4).filter(|i| set >> i & 1 == 1).count();
    let fillable = |set: usize| (1..16usize).filter(|part| part & set == *part).all(|part| able[part] >= size(part));
    (0..16usize).filter(|&set| fillable(set)).map(size).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::party_of;

    #[test]
    fn party_is_a_largest_matching() {
        // Bits: Cleric 1, Rogue 2, Warrior 4, Wizard 8 (700.8).
        let party = |fits: &[usize]| party_of(fits.iter().copied());
        assert_eq!(party(&[]), 0);
        // A Cleric Wizard and a Cleric: the first fills the Wizard slot (700.8b).
        assert_eq!(party(&[1 | 8, 1]), 2);
        // Two Wizards fill one slot; a creature of all four types fills one.
        assert_eq!(party(&[8, 8]), 1);
        assert_eq!(party(&[15]), 1);
        // A changeling, a Cleric and a Wizard: 3; with a Warrior Rogue too, a full party.
        assert_eq!(party(&[15, 1, 8]), 3);
        assert_eq!(party(&[15, 1, 8, 2 | 4]), 4);
        // Never more than four.
        assert_eq!(party(&[1, 2, 4, 8, 15, 1]), 4);
    }
}
