//! Casting spells (601), activating abilities (602), playing lands (305, 116.2a), and the
//! legality of targets (115, 601.2c). An action the rules forbid returns [`Illegal`]; the
//! caller reverses it (732).

use crate::cards::ir::{Ability, CardType, Keyword, TargetSpec};
use crate::cr;
use crate::engine::decision::{Decider, Stop};
use crate::engine::event::EventKind;
use crate::engine::state::{Game, ObjId, PlayerId, StackAbility, StackItem, Target, Zone};
use crate::engine::Ev;
use crate::rules::RuleId;

/// Why an action is illegal: every rule that forbids it, the most specific first.
#[derive(Clone, Debug)]
pub struct Illegal {
    pub rules: Vec<RuleId>,
    pub reason: String,
}

impl Illegal {
    #[must_use]
    pub fn new(rule: RuleId, reason: impl Into<String>) -> Illegal {
        Illegal { rules: vec![rule], reason: reason.into() }
    }
    #[must_use]
    pub fn also(mut self, rule: RuleId) -> Illegal {
        self.rules.push(rule);
        self
    }
}

/// The cast-time choices of a spell or ability, resolved to game objects.
#[derive(Clone, Debug, Default)]
pub struct Choices {
    pub targets: Vec<Target>,
    pub x: Option<u32>,
    pub pay: Option<Vec<ObjId>>,
}

type Outcome = Result<Result<(), Illegal>, Stop>;

impl Game {
    /// Whether `t` is a legal choice for a target of kind `spec` of a spell or ability
    /// controlled by `you` whose object is `this` (115.1, 115.4, 115.5).
    #[must_use]
    pub fn target_legal(&self, spec: &TargetSpec, t: Target, you: PlayerId, this: Option<ObjId>) -> bool {
        match (spec, t) {
            (TargetSpec::Any, Target::Player(p)) | (TargetSpec::PlayerOrPlaneswalker, Target::Player(p)) => !self.players[p].lost,
            (TargetSpec::Player { opponent_only }, Target::Player(p)) => !self.players[p].lost && (!opponent_only || p != you),
            (TargetSpec::Any, Target::Object(o)) => {
                self.on_battlefield(o) && [CardType::Creature, CardType::Planeswalker, CardType::Battle].iter().any(|&ty| self.has_type(o, ty))
            }
            (TargetSpec::PlayerOrPlaneswalker, Target::Object(o)) => self.on_battlefield(o) && self.has_type(o, CardType::Planeswalker),
            (TargetSpec::Permanent(f), Target::Object(o)) => self.on_battlefield(o) && self.matches_filter(o, f, you),
            (TargetSpec::Spell(f), Target::Object(o)) => {
                let ob = self.obj(o);
                ob.live && ob.zone == Zone::Stack && Some(o) != this && self.matches_filter(o, f, you)
            }
            _ => false,
        }
    }

    fn check_targets(&self, specs: &[TargetSpec], chosen: &[Target], you: PlayerId, this: Option<ObjId>, name: &str) -> Result<(), Illegal> {
        if chosen.len() != specs.len() {
            return Err(Illegal::new(
                cr!("601.2c"),
                format!("{name} needs {} target(s), {} given", specs.len(), chosen.len()),
            ));
        }
        for (i, (spec, t)) in specs.iter().zip(chosen).enumerate() {
            if !self.target_legal(spec, *t, you, this) {
                let rule = if Some(*t) == this.map(Target::Object) { cr!("115.5") } else { cr!("115.1") };
                return Err(Illegal::new(cr!("601.2c"), format!("{} is not a legal choice for target {} of {name} ({})", self.describe_target(*t), i + 1, describe_spec(spec))).also(rule));
            }
        }
        Ok(())
    }

    /// Whether `p` holds priority now (117.1).
    fn check_priority(&self, p: PlayerId) -> Result<(), Illegal> {
        if self.priority == Some(p) {
            Ok(())
        } else {
            Err(Illegal::new(cr!("117.1"), format!("{} does not have priority", self.players[p].name)))
        }
    }

    /// Casts a spell from its owner's hand (601.2a–i).
    ///
    /// # Errors
    /// `Stop` when a decision can't be made; `Illegal` when the rules forbid the cast.
    pub fn cast(&mut self, p: PlayerId, card: ObjId, ch: &Choices, dec: &mut dyn Decider) -> Outcome {
        if let Err(e) = self.check_priority(p) {
            return Ok(Err(e));
        }
        let (name, is_land, zone, owner) = {
            let o = self.obj(card);
            (o.card.name.clone(), o.card.is(CardType::Land), o.zone, o.owner)
        };
        if zone != Zone::Hand || owner != p {
            return Ok(Err(Illegal::new(cr!("601.3"), format!("{name} is not in {}'s hand", self.players[p].name))));
        }
        if is_land {
            return Ok(Err(Illegal::new(cr!("305.9"), format!("{name} is a land: lands are played, not cast")).also(cr!("601.3"))));
        }
        // 307.1 / 304.1: only instants and spells with flash may be cast outside a main phase
        // of your own turn with an empty stack.
        let fast = self.obj(card).card.is(CardType::Instant) || self.has_keyword(card, Keyword::Flash);
        if !fast
            && let Err(e) = self.sorcery_timing(p, &name, timing_rule(&self.obj(card).card.types)) {
                return Ok(Err(e));
            }
        let x = ch.x.unwrap_or(0);
        let has_x = self.obj(card).card.cost.as_ref().is_some_and(|c| c.x > 0);
        if ch.x.is_some() && !has_x {
            return Ok(Err(Illegal::new(cr!("601.2b"), format!("{name} has no X in its cost"))));
        }
        // 601.2a: the card moves to the stack and becomes a spell.
        let spell = self.move_object(card, Zone::Stack);
        self.obj_mut(spell).controller = p;
        self.obj_mut(spell).x = x;
        let ev = Ev::new(EventKind::Cast, format!("{} announces {}", self.players[p].name, self.describe(spell))).player(self, p).object(self, spell).zone(Zone::Stack).rule(cr!("601.2a"));
        self.record(ev);
        // 601.2c: targets.
        let specs: Vec<TargetSpec> = self.obj(spell).card.abilities.iter().find_map(|a| match a {
            Ability::Spell(e) => Some(e.targets.clone()),
            _ => None,
        }).unwrap_or_default();
        // A reference to the card itself now means the spell it became (115.5 then applies).
        let targets: Vec<Target> = ch.targets.iter().map(|&t| if t == Target::Object(card) { Target::Object(spell) } else { t }).collect();
        if let Err(e) = self.check_targets(&specs, &targets, p, Some(spell), &name) {
            return Ok(Err(e));
        }
        self.obj_mut(spell).targets.clone_from(&targets);
        if !targets.is_empty() {
            let shown: Vec<String> = targets.iter().map(|t| self.describe_target(*t)).collect();
            let mut ev = Ev::new(EventKind::Cast, format!("{} targets {}", self.describe(spell), shown.join(", "))).player(self, p).object(self, spell).rule(cr!("601.2c"));
            if let Some(t) = targets.first() {
                ev = ev.target(self, *t);
            }
            self.record(ev);
        }
        // 601.2f–h: total cost, mana abilities, payment.
        let cost = self.obj(spell).card.cost.clone().unwrap_or_default();
        if let Err(e) = self.pay_mana(p, &cost, x, ch.pay.as_deref(), None, dec)? {
            return Ok(Err(e));
        }
        // 601.2i: the spell becomes cast.
        let ev = Ev::new(EventKind::Cast, format!("{} casts {}", self.players[p].name, self.describe(spell))).player(self, p).object(self, spell).rules(&[cr!("601.2i"), cr!("701.5a")]);
        self.record(ev);
        self.passes = 0;
        Ok(Ok(()))
    }

    /// Sorcery timing (117.1a): a main phase of the caster's own turn with an empty stack.
    /// `rule` is the card type's own timing rule (302.1 for a creature, 307.1 for a sorcery…).
    fn sorcery_timing(&self, p: PlayerId, name: &str, rule: RuleId) -> Result<(), Illegal> {
        let why = if self.active != p {
            format!("{name} can be cast only during its controller's own turn")
        } else if !self.step.is_main() {
            format!("{name} can be cast only in a main phase, not in the {} step", self.step.name())
        } else if !self.stack.is_empty() {
            format!("{name} can be cast only while the stack is empty")
        } else {
            return Ok(());
        };
        Err(Illegal::new(rule, why).also(cr!("117.1a")))
    }

    /// Plays a land (305.1, 305.2, 116.2a).
    pub fn play_land(&mut self, p: PlayerId, card: ObjId) -> Result<(), Illegal> {
        self.check_priority(p)?;
        let o = self.obj(card);
        let name = o.card.name.clone();
        if !o.card.is(CardType::Land) {
            return Err(Illegal::new(cr!("305.1"), format!("{name} is not a land: it is cast, not played")));
        }
        if o.zone != Zone::Hand || o.owner != p {
            return Err(Illegal::new(cr!("305.1"), format!("{name} is not in {}'s hand", self.players[p].name)));
        }
        if self.active != p {
            return Err(Illegal::new(cr!("305.3"), format!("{} can't play a land during another player's turn", self.players[p].name)).also(cr!("305.1")).also(cr!("116.2a")));
        }
        if !self.step.is_main() || !self.stack.is_empty() {
            return Err(Illegal::new(cr!("305.1"), "a land can be played only in a main phase of your own turn with an empty stack").also(cr!("116.2a")));
        }
        if self.players[p].lands_played >= 1 {
            return Err(Illegal::new(cr!("305.2"), format!("{} has already played a land this turn", self.players[p].name)).also(cr!("116.2a")));
        }
        self.players[p].lands_played += 1;
        let nid = self.move_object(card, Zone::Battlefield);
        self.obj_mut(nid).controller = p;
        let ev = Ev::new(EventKind::PlayLand, format!("{} plays {}", self.players[p].name, self.describe(nid))).player(self, p).object(self, nid).zone(Zone::Battlefield).rules(&[cr!("305.1"), cr!("116.2a")]);
        self.record(ev);
        self.passes = 0;
        Ok(())
    }

    /// Activates ability number `ability` (0-based) of a permanent (602). Mana abilities resolve
    /// at once (605.3b); others go on the stack.
    ///
    /// # Errors
    /// As [`Game::cast`].
    pub fn activate(&mut self, p: PlayerId, source: ObjId, ability: usize, ch: &Choices, dec: &mut dyn Decider) -> Outcome {
        let name = self.describe(source);
        let Some(Ability::Activated { cost, effect, mana }) = self.obj(source).card.abilities.get(ability).cloned() else {
            return Ok(Err(Illegal::new(cr!("602.1"), format!("{name} has no activated ability number {}", ability + 1))));
        };
        if self.obj(source).controller != p || !self.on_battlefield(source) {
            return Ok(Err(Illegal::new(cr!("602.2"), format!("{} does not control {name} on the battlefield", self.players[p].name))));
        }
        if mana {
            // 605.3a: a mana ability can be activated whenever the player has priority.
            if let Err(e) = self.check_priority(p) {
                return Ok(Err(e));
            }
            return self.activate_mana_ability(source, ability, dec);
        }
        if let Err(e) = self.check_priority(p) {
            return Ok(Err(e));
        }
        if cost.tap {
            if self.obj(source).tapped {
                return Ok(Err(Illegal::new(cr!("118.3"), format!("{name} is already tapped: its {{T}} cost can't be paid"))));
            }
            if self.obj(source).sick && self.is_creature(source) && !self.has_keyword(source, Keyword::Haste) {
                return Ok(Err(Illegal::new(cr!("302.6"), format!("{name} has not been under {}'s control since their most recent turn began", self.players[p].name))));
            }
        }
        if cost.pay_life > 0 && self.players[p].life < i64::from(cost.pay_life) {
            return Ok(Err(Illegal::new(cr!("119.4"), format!("{} can't pay {} life", self.players[p].name, cost.pay_life)).also(cr!("118.3"))));
        }
        let x = ch.x.unwrap_or(0);
        let ev = Ev::new(EventKind::Activate, format!("{} activates an ability of {name}", self.players[p].name)).player(self, p).source(self, source).rule(cr!("602.2a"));
        self.record(ev);
        if let Err(e) = self.check_targets(&effect.targets, &ch.targets, p, None, &name) {
            return Ok(Err(e));
        }
        if let Err(e) = self.pay_mana(p, &cost.mana, x, ch.pay.as_deref(), cost.tap.then_some(source), dec)? {
            return Ok(Err(e));
        }
        if cost.tap && self.obj(source).tapped {
            // It was tapped for mana while paying: the {T} part can no longer be paid.
            return Ok(Err(Illegal::new(cr!("118.3"), format!("{name} was tapped for mana and can't also be tapped to pay its {{T}} cost"))));
        }
        if cost.tap {
            self.obj_mut(source).tapped = true;
            let ev = Ev::new(EventKind::Tap, format!("{name} is tapped as a cost")).object(self, source).rule(cr!("602.2b"));
            self.record(ev);
        }
        if cost.pay_life > 0 {
            self.players[p].life -= i64::from(cost.pay_life);
            let ev = Ev::new(EventKind::PayLife, format!("{} pays {} life", self.players[p].name, cost.pay_life)).player(self, p).amount(i64::from(cost.pay_life)).rule(cr!("119.4"));
            self.record(ev);
        }
        // The ability exists on the stack independently of its source (113.7a).
        self.stack.push(StackItem::Ability(StackAbility { source, controller: p, ability, x, targets: ch.targets.clone() }));
        if cost.sacrifice_self {
            let ev = Ev::new(EventKind::Sacrifice, format!("{name} is sacrificed as a cost")).object(self, source).zone(Zone::Graveyard).rule(cr!("701.21a"));
            self.record(ev);
            self.move_object(source, Zone::Graveyard);
        }
        self.passes = 0;
        Ok(Ok(()))
    }
}

/// The timing rule of a spell's card type: each permanent type and sorcery has its own.
fn timing_rule(types: &[CardType]) -> RuleId {
    if types.contains(&CardType::Sorcery) {
        cr!("307.1")
    } else if types.contains(&CardType::Creature) {
        cr!("302.1")
    } else if types.contains(&CardType::Planeswalker) {
        cr!("306.1")
    } else if types.contains(&CardType::Battle) {
        cr!("310.1")
    } else if types.contains(&CardType::Enchantment) {
        cr!("303.1")
    } else {
        cr!("301.1")
    }
}

/// A target kind in words.
#[must_use]
pub fn describe_spec(spec: &TargetSpec) -> String {
    match spec {
        TargetSpec::Any => "any target: a creature, player, planeswalker or battle".to_owned(),
        TargetSpec::Player { opponent_only: true } => "target opponent".to_owned(),
        TargetSpec::Player { opponent_only: false } => "target player".to_owned(),
        TargetSpec::PlayerOrPlaneswalker => "target player or planeswalker".to_owned(),
        TargetSpec::Permanent(f) => format!("target {} permanent", filter_words(f)),
        TargetSpec::Spell(f) => format!("target {} spell", filter_words(f)),
    }
}

fn filter_words(f: &crate::cards::ir::ObjectFilter) -> String {
    let mut w: Vec<String> = f.types_none.iter().map(|t| format!("non{}", t.name().to_lowercase())).collect();
    if !f.types_any.is_empty() {
        w.push(f.types_any.iter().map(|t| t.name().to_lowercase()).collect::<Vec<_>>().join(" or "));
    }
    match f.controller {
        crate::cards::ir::ControllerFilter::You => w.push("you control".into()),
        crate::cards::ir::ControllerFilter::Opponent => w.push("an opponent controls".into()),
        crate::cards::ir::ControllerFilter::Any => {}
    }
    w.join(" ")
}
