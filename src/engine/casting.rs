//! Casting spells (601), activating abilities (602), playing lands (305, 116.2a), and the
//! legality of targets (115, 601.2c). An action the rules forbid returns [`Illegal`]; the
//! caller reverses it (732).

use crate::cards::ir::{Ability, AdditionalCost, Amount, CardType, Cost, Effect, Instruction, Keyword, Quality, TargetSlot, TargetSpec};
use crate::cite;
use crate::engine::decision::{Answer, Decider, Decision, DecisionKind, Stop};
use crate::engine::event::{EventKind, Text};
use crate::engine::state::{Chosen, Game, ObjId, PlayerId, StackAbility, StackChoices, StackItem, Target, Zone};
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
    /// A refusal citing the rules of one key of the citation table: `Illegal::cited(&cite!(…), …)`.
    #[must_use]
    pub fn cited(rules: &[RuleId], reason: impl Into<String>) -> Illegal {
        Illegal { rules: rules.to_vec(), reason: reason.into() }
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
    /// Targets in the order of the text's instances of "target" (115.3).
    pub targets: Vec<Target>,
    pub x: Option<u32>,
    pub pay: Option<Vec<ObjId>>,
    /// Modes, 0-based (700.2).
    pub modes: Option<Vec<usize>>,
    /// The division of a divided amount among the targets (601.2d).
    pub divide: Vec<(Target, u32)>,
    /// Kicker paid (702.33).
    pub kicked: bool,
    /// Cast face down with its morph ability (702.37c).
    pub face_down: bool,
    /// Both halves of a split card with fuse cast as one fused split spell (702.102a).
    pub fuse: bool,
    /// Cast from the graveyard for its flashback cost (702.34a).
    pub flashback: bool,
    /// Buyback paid (702.27a).
    pub buyback: bool,
    /// Cast for its evoke cost (702.74a).
    pub evoke: bool,
    /// Cast for its dash cost (702.109a).
    pub dash: bool,
    /// Cast from its owner's hand for its warp cost (702.185a).
    pub warp: bool,
    /// Cast from exile as a plotted card, without paying its mana cost (702.170d).
    pub plot: bool,
    /// Cast from exile as a foretold card, for its foretell cost (702.143a).
    pub foretell: bool,
    /// Cast for its blitz cost (702.152a).
    pub blitz: bool,
    /// Cast for its overload cost (702.96a).
    pub overload: bool,
    /// How many times the replicate cost is paid (702.56a).
    pub replicate: u32,
    /// The casualty cost is paid (702.153a): a creature with enough power is sacrificed, named
    /// by `sacrifice`.
    pub casualty: bool,
    /// The conspire cost is paid (702.78a): two creatures tapped, named by `tap`.
    pub conspire: bool,
    /// The bargain cost is paid (702.166a): an artifact, enchantment or token sacrificed, named
    /// by `sacrifice`.
    pub bargain: bool,
    /// The opponent chosen for the gift (702.174a): the gift is promised.
    pub gift: Option<PlayerId>,
    /// The offspring cost is paid (702.175a).
    pub offspring: bool,
    /// Cast for the alternative cost its own text offers, "you may … rather than pay this
    /// spell's mana cost" (118.9).
    pub rather: bool,
    /// The face or half cast, for a card with several (709.3, 712.11b, 715.3): `None` for its
    /// normal face.
    pub face: Option<u8>,
    /// Objects sacrificed and cards discarded to pay additional costs (601.2h).
    pub sacrifice: Option<Vec<ObjId>>,
    pub discard: Option<Vec<ObjId>>,
    /// How each Phyrexian symbol of the total cost is paid, in printed order: `true` with 2
    /// life (107.4f, 601.2b). `None`: all with mana.
    pub phyrexian: Option<Vec<bool>>,
    /// Permanents tapped to pay: for a spell with convoke or improvise (702.51a, 702.126a), or
    /// for a crew cost (702.122a).
    pub tap: Option<Vec<ObjId>>,
    /// Cards exiled from the graveyard to pay for a spell with delve (702.66a).
    pub exile: Option<Vec<ObjId>>,
    /// Cast during the resolution of an effect that allows it (608.2g): where the card is,
    /// without priority or timing permissions.
    pub by_effect: Option<ByEffect>,
}

/// A special action that exiles a card from its owner's hand to be cast on a later turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandExile {
    /// Plot (702.170a, 116.2k).
    Plot,
    /// Foretell (702.143a, 116.2h).
    Foretell,
}

/// A cast that a resolving spell or ability allows (608.2g): cascade, rebound.
#[derive(Clone, Debug)]
pub struct ByEffect {
    /// The resolving object, or the source of the resolving ability.
    pub source: ObjId,
    /// The alternative cost to pay (118.9): `None` for "without paying its mana cost".
    pub cost: Option<crate::cards::ir::ManaCost>,
    /// The rule of the ability that allows it (702.85a for cascade, 702.88a for rebound).
    pub rule: RuleId,
    /// The ability, in words ("cascade ability").
    pub what: &'static str,
}

type Outcome = Result<Result<(), Illegal>, Stop>;

/// What a spell or ability targets with, for the legality of its targets.
#[derive(Clone, Copy, Debug)]
pub struct Targeter {
    /// The controller of the spell or ability.
    pub you: PlayerId,
    /// The object whose characteristics matter (protection 702.16b): the spell itself, or
    /// the source of an ability.
    pub source: ObjId,
    /// The spell itself, which can't be its own target (115.5); `None` for abilities.
    pub this: Option<ObjId>,
    /// The value of X, for "with mana value X".
    pub x: u32,
    /// The player a triggered ability triggered for ("target creature that player
    /// controls"); `None` for spells and activated abilities.
    pub player: Option<PlayerId>,
}

impl Game {
    /// Why `t` is not a legal choice for a target of kind `spec` (115.1, 115.4, 115.5, and the
    /// abilities that forbid targeting: hexproof 702.11b, shroud 702.18a, protection
    /// 702.16b), or `None` when it is legal.
    #[must_use]
    pub fn target_problem(&self, spec: &TargetSpec, t: Target, by: Targeter) -> Option<(RuleId, String)> {
        let kind_ok = match (spec, t) {
            (TargetSpec::Any, Target::Player(p)) => !self.players[p].lost,
            (TargetSpec::Player { opponent_only } | TargetSpec::PlayerOrPlaneswalker { opponent_only }, Target::Player(p)) => !self.players[p].lost && (!opponent_only || p != by.you),
            (TargetSpec::Any, Target::Object(o)) => {
                self.on_battlefield(o) && [CardType::Creature, CardType::Planeswalker, CardType::Battle].iter().any(|&ty| self.has_type(o, ty))
            }
            (TargetSpec::PlayerOrPlaneswalker { .. }, Target::Object(o)) => self.on_battlefield(o) && self.has_type(o, CardType::Planeswalker),
            (TargetSpec::Permanent(f), Target::Object(o)) if f.controller == crate::cards::ir::ControllerFilter::TriggerPlayer => {
                let any = crate::cards::ir::ObjectFilter { controller: crate::cards::ir::ControllerFilter::Any, ..f.clone() };
                self.on_battlefield(o) && by.player.is_some_and(|p| self.controller(o) == p) && !(f.other && o == by.source) && self.matches_filter_from(o, &any, by.you, by.x, by.source)
            }
            (TargetSpec::Permanent(f), Target::Object(o)) => self.on_battlefield(o) && !(f.other && o == by.source) && self.matches_filter_from(o, f, by.you, by.x, by.source),
            (TargetSpec::Spell(f), Target::Object(o)) => {
                let ob = self.obj(o);
                ob.live && ob.zone == Zone::Stack && self.matches_filter_x(o, f, by.you, by.x)
            }
            (TargetSpec::SpellOrPermanent(f), Target::Object(o)) => {
                let ob = self.obj(o);
                ob.live && matches!(ob.zone, Zone::Stack | Zone::Battlefield) && self.matches_filter_x(o, f, by.you, by.x)
            }
            (TargetSpec::Ability, Target::Ability(uid)) => self.stack_ability(uid).is_some(),
            (TargetSpec::GraveyardCard { filter, yours }, Target::Object(o)) => {
                let ob = self.obj(o);
                ob.live && ob.zone == Zone::Graveyard && (!yours || ob.owner == by.you) && self.matches_filter_x(o, filter, by.you, by.x)
            }
            _ => false,
        };
        if let Target::Ability(_) = t {
            return (!kind_ok).then(|| (cite!(target.left_stack), format!("{} is no longer on the stack", self.describe_target(t))));
        }
        let Target::Object(o) = t else {
            return (!kind_ok).then(|| (cite!(target.doesnt_match), format!("{} doesn't match \"{}\"", self.describe_target(t), describe_spec(spec))));
        };
        if Some(o) == by.this {
            return Some((cite!(target.itself), format!("{} can't target itself", self.described(o))));
        }
        if !kind_ok {
            // 400.7: an object that moved to another zone is a new object, which the spell or
            // ability doesn't know: the target it chose is gone.
            if !self.obj(o).live {
                return Some((cite!(target.new_object), format!("{} has left the zone it was in and is a new object", self.described(o))));
            }
            return Some((cite!(target.doesnt_match), format!("{} doesn't match \"{}\"", self.described(o), describe_spec(spec))));
        }
        if self.obj(o).zone != Zone::Battlefield {
            return None;
        }
        if self.has_keyword(o, Keyword::Shroud) {
            return Some((cite!(target.shroud), format!("{} has shroud", self.described(o))));
        }
        if self.has_keyword(o, Keyword::Hexproof) && self.controller(o) != by.you {
            return Some((cite!(target.hexproof), format!("{} has hexproof and is controlled by an opponent of {}", self.described(o), self.players[by.you].name)));
        }
        if let Some(q) = self.protected_from(o, by.source) {
            return Some((cite!(target.protection), format!("{} has protection from {} and {} has that quality", self.described(o), quality_words(q), self.described(by.source))));
        }
        None
    }

    /// Whether `t` is a legal target (see [`Game::target_problem`]).
    #[must_use]
    pub fn target_legal(&self, spec: &TargetSpec, t: Target, by: Targeter) -> bool {
        self.target_problem(spec, t, by).is_none()
    }

    /// Sorts the announced targets into the instances of "target" they were chosen for
    /// (601.2c): each instance takes as many as it may, in order; one object can't be chosen
    /// twice for one instance (115.3) but may be for different instances.
    fn assign_targets(&self, slots: &[(usize, &TargetSlot)], chosen: &[Target], by: Targeter, name: &str) -> Result<Vec<Chosen>, Illegal> {
        let mut out: Vec<Chosen> = Vec::new();
        let mut rest = chosen;
        for (k, (slot, spec)) in slots.iter().enumerate() {
            let later_min: usize = slots[k + 1..].iter().map(|(_, s)| s.min as usize).sum();
            let mut taken: Vec<Target> = Vec::new();
            while let Some(&t) = rest.first() {
                // An ability on the stack is named by its source: the most recent one.
                let t = match (&spec.spec, t) {
                    (TargetSpec::Ability, Target::Object(src)) => self
                        .stack
                        .iter()
                        .rev()
                        .find_map(|s| match s {
                            StackItem::Ability(a) if a.source == src => Some(Target::Ability(a.uid)),
                            _ => None,
                        })
                        .unwrap_or(t),
                    _ => t,
                };
                if taken.len() >= spec.max as usize || rest.len() <= later_min && taken.len() >= spec.min as usize {
                    break;
                }
                if taken.contains(&t) {
                    return Err(Illegal::cited(&cite!(target.chosen_twice), format!("{} is chosen twice for one instance of the word \"target\" of {name}: each instance needs different objects", self.describe_target(t))));
                }
                // "another target creature": not the object chosen for the earlier instance.
                if let Some(earlier) = spec.other_than
                    && out.iter().any(|c| c.slot == earlier && c.target == t)
                {
                    return Err(Illegal::new(cite!(target.another), format!("{} is already target {} of {name}, and target {} must be another object", self.describe_target(t), earlier + 1, slot + 1)));
                }
                if let Some((rule, why)) = self.target_problem(&spec.spec, t, by) {
                    // What a "target" phrase allows is 115.1's subrule for the kind of object
                    // choosing: an instant or sorcery spell, an Aura spell, an activated ability.
                    let rule = match by.this {
                        _ if rule != cite!(target.doesnt_match) => rule,
                        Some(s) if self.has_subtype(s, "Aura") => cite!(target.aura_spell),
                        Some(_) => cite!(target.spell),
                        None => cite!(target.activated_ability),
                    };
                    if taken.len() < spec.min as usize {
                        return Err(Illegal::new(cite!(target.illegal_choice), format!("{} is not a legal choice for target {} of {name} ({}): {why}", self.describe_target(t), slot + 1, describe_spec(&spec.spec))).also(rule));
                    }
                    break;
                }
                taken.push(t);
                out.push(Chosen { slot: *slot, target: t, share: 0 });
                rest = &rest[1..];
            }
            if taken.len() < spec.min as usize {
                return Err(Illegal::new(cite!(target.wrong_count), format!("{name} needs {} for target {} ({}), {} given", count_words(spec), slot + 1, describe_spec(&spec.spec), taken.len())));
            }
        }
        if let Some(&t) = rest.first() {
            let why = slots.iter().find_map(|(_, s)| self.target_problem(&s.spec, t, by));
            let mut e = Illegal::new(cite!(target.no_room), match &why {
                Some((_, w)) => format!("{} is not a legal target of {name}: {w}", self.describe_target(t)),
                None => format!("{name} has no room for another target ({} given)", chosen.len()),
            });
            if let Some((rule, _)) = why {
                e = e.also(rule);
            }
            return Err(e);
        }
        Ok(out)
    }

    /// Announces the division of a divided amount among the targets of instance `slot` of the
    /// word "target" (601.2d): every one of them gets at least one; no other target gets any.
    fn divide(&self, chosen: &mut [Chosen], slot: usize, ch: &Choices, total: u32, name: &str) -> Result<(), Illegal> {
        if let Some((t, _)) = ch.divide.iter().find(|(t, _)| !chosen.iter().any(|c| c.slot == slot && c.target == *t)) {
            return Err(Illegal::new(cite!(divide.not_a_target), format!("{} is not one of the targets {name} divides its amount among", self.describe_target(*t))));
        }
        let mut targets: Vec<&mut Chosen> = chosen.iter_mut().filter(|c| c.slot == slot).collect();
        if let [only] = targets.as_mut_slice() {
            only.share = total;
            return Ok(());
        }
        if ch.divide.is_empty() {
            return Err(Illegal::new(cite!(divide.unannounced), format!("{name} divides {total} among {} targets: announce the division with `divide:`", targets.len())));
        }
        for c in targets.iter_mut() {
            // Saturating: an announced division beyond the total is refused below, never wrapped.
            c.share = ch.divide.iter().filter(|(t, _)| *t == c.target).fold(0u32, |a, (_, n)| a.saturating_add(*n));
            if c.share == 0 {
                return Err(Illegal::new(cite!(divide.zero_share), format!("each target of {name} must get at least 1; {} gets none", self.describe_target(c.target))));
            }
        }
        let sum: u32 = targets.iter().fold(0u32, |a, c| a.saturating_add(c.share));
        if sum != total {
            return Err(Illegal::new(cite!(divide.wrong_total), format!("the division of {name} must give all {total} to its targets (it gives {sum})")));
        }
        Ok(())
    }

    /// Whether `p` holds priority now (117.1).
    fn check_priority(&self, p: PlayerId) -> Result<(), Illegal> {
        if self.priority == Some(p) {
            Ok(())
        } else {
            Err(Illegal::new(cite!(priority.without_priority), format!("{} does not have priority", self.players[p].name)))
        }
    }

    /// Modes, targets and the division of a spell or ability being put on the stack
    /// (601.2b–d, 602.2b). Returns the chosen modes and targets.
    fn propose(&mut self, effect: &Effect, ch: &Choices, by: Targeter, name: &str) -> Result<(Vec<usize>, Vec<Chosen>), Illegal> {
        let modes: Vec<usize> = match &effect.modal {
            None => {
                if ch.modes.is_some() {
                    return Err(Illegal::new(cite!(mode.not_modal), format!("{name} is not modal: it has no modes to choose")));
                }
                Vec::new()
            }
            Some(m) => {
                let chosen = match &ch.modes {
                    Some(c) => c.clone(),
                    None if m.modes.len() == m.min as usize && m.min == m.max => (0..m.modes.len()).collect(),
                    None => return Err(Illegal::cited(&cite!(mode.unannounced), format!("{name} is modal: choose {} of its {} modes with `modes:`", mode_count(m.min, m.max), m.modes.len()))),
                };
                if let Some(&bad) = chosen.iter().find(|&&i| i >= m.modes.len()) {
                    return Err(Illegal::new(cite!(mode.no_such_mode), format!("{name} has {} modes; there is no mode {}", m.modes.len(), bad + 1)));
                }
                let mut sorted = chosen.clone();
                sorted.sort_unstable();
                // 700.2d: a mode chosen several times is that mode that many times in sequence.
                let repeated = sorted.windows(2).any(|w| w[0] == w[1]);
                if !m.repeat {
                    sorted.dedup();
                    if sorted.len() != chosen.len() {
                        return Err(Illegal::new(cite!(mode.chosen_twice), format!("a mode of {name} can't be chosen more than once")));
                    }
                }
                if chosen.len() < m.min as usize || chosen.len() > m.max as usize {
                    return Err(Illegal::cited(&cite!(mode.wrong_count), format!("{name} needs {} mode(s), {} chosen", mode_count(m.min, m.max), chosen.len())));
                }
                let shown: Vec<String> = sorted.iter().map(|i| (i + 1).to_string()).collect();
                let mut ev = Ev::new(EventKind::Cast, format!("{name}: mode(s) {} chosen", shown.join(", "))).rules(&cite!(cast.modes_chosen));
                if repeated {
                    ev = ev.rule(cite!(mode.same_mode_again));
                }
                self.record(ev);
                sorted
            }
        };
        let slots: Vec<(usize, &TargetSlot)> = match &effect.modal {
            None => effect.targets.iter().enumerate().collect(),
            Some(m) if m.repeat => {
                // 700.2d: each time a mode is chosen its targets are chosen anew; the k-th
                // time, its slot s is numbered s + k × (number of slots) (`mode_instances`).
                mode_instances(&modes).flat_map(|(i, k)| m.modes[i].slots.iter().map(move |&s| (s + k * effect.targets.len(), &effect.targets[s]))).collect()
            }
            Some(m) => {
                let mut idx: Vec<usize> = modes.iter().flat_map(|&i| m.modes[i].slots.iter().copied()).collect();
                idx.sort_unstable();
                idx.into_iter().map(|i| (i, &effect.targets[i])).collect()
            }
        };
        let mut chosen = self.assign_targets(&slots, &ch.targets, by, name)?;
        if let Some((slot, total)) = divided_total(effect, &modes, ch.x.unwrap_or(0)) {
            self.divide(&mut chosen, slot, ch, total, name)?;
        } else if !ch.divide.is_empty() {
            return Err(Illegal::new(cite!(divide.nothing_to_divide), format!("{name} does not divide anything among its targets")));
        }
        if !chosen.is_empty() {
            let text = match chosen.as_slice() {
                [c] if c.share == 0 => Text::Targets(name.into()),
                _ => Text::Words(format!("{name} targets {}", self.describe_chosen(&chosen))),
            };
            let mut ev = Ev::new(EventKind::Cast, text).player(self, by.you).rule(cite!(cast.targets_chosen));
            // An activated ability follows the casting steps through 602.2b.
            if by.this.is_none() {
                ev = ev.rule(cite!(activate.targets_chosen));
            }
            if let Some(c) = chosen.first() {
                ev = ev.target(self, c.target);
            }
            if chosen.iter().any(|c| c.share > 0) {
                ev = ev.rule(cite!(cast.division_chosen));
            }
            // 115.3: one object chosen for several instances of the word "target".
            if chosen.iter().any(|c| chosen.iter().any(|d| d.target == c.target && d.slot != c.slot)) {
                ev = ev.rule(cite!(target.same_object_twice));
            }
            self.record(ev);
        }
        Ok((modes, chosen))
    }

    /// While a spell with split second is on the stack, no other spell can be cast and no
    /// ability that isn't a mana ability activated (702.61a); mana abilities and special
    /// actions stay allowed (702.61b), so only `cast` and the non-mana path of `activate` ask.
    fn split_second_forbids(&self, what: &str) -> Option<Illegal> {
        let spell = self.stack.iter().rev().find_map(|s| match s {
            StackItem::Spell(o) if self.has_keyword(*o, Keyword::SplitSecond) => Some(*o),
            _ => None,
        })?;
        Some(Illegal::cited(&cite!(split_second.forbids), format!("{what}: {} has split second and is on the stack", self.described(spell))))
    }

    /// Casts a spell from its owner's hand (601.2a–i).
    ///
    /// # Errors
    /// `Stop` when a decision can't be made; `Illegal` when the rules forbid the cast.
    pub fn cast(&mut self, p: PlayerId, card: ObjId, ch: &Choices, dec: &mut dyn Decider) -> Outcome {
        // 608.2g: a spell cast during a resolution is cast without priority.
        if ch.by_effect.is_none()
            && let Err(e) = self.check_priority(p)
        {
            return Ok(Err(e));
        }
        if let Some(e) = self.split_second_forbids(&format!("{} can't be cast", self.described(card))) {
            return Ok(Err(e));
        }
        // 601.2a: a card exiled face down that its owner casts (a foretold card, 702.143a) is
        // turned face up as it moves to the stack; its own characteristics decide the cast. A
        // rejected cast puts the game back as it was.
        if self.obj(card).face_down && self.obj(card).zone == Zone::Exile && self.obj(card).owner == p {
            self.obj_mut(card).face_down = false;
        }
        // 709.3a, 712.11c, 715.3a: only the face or half cast is looked at from here on.
        if ch.face.is_some() {
            self.obj_mut(card).face = ch.face;
        }
        let (name, is_land, zone, owner) = {
            let o = self.obj(card);
            (self.card(card).name().to_owned(), self.has_type(card, CardType::Land), o.zone, o.owner)
        };
        // 715.3d: a card on an adventure may be cast from exile by that player, not as an
        // Adventure again.
        let adventure = self.adventure_half(card);
        let from_adventure = zone == Zone::Exile && self.obj(card).adventure == Some(p);
        // 702.127a: a half with aftermath is cast only from its owner's graveyard.
        let aftermath = self.has_keyword(card, Keyword::Aftermath);
        if aftermath && (zone != Zone::Graveyard || owner != p) {
            return Ok(Err(Illegal::cited(&cite!(aftermath.only_from_graveyard), format!("{name} has aftermath: it can be cast only from its owner's graveyard"))));
        }
        // 702.102a: both halves of a split card with fuse, and only from its owner's hand.
        if ch.fuse {
            let fusable = self.obj(card).card.layout() == Some(crate::cards::def::Layout::Split) && self.has_keyword(card, Keyword::Fuse);
            if !fusable {
                return Ok(Err(Illegal::new(cite!(fuse.no_fuse), format!("{name} has no fuse: its halves can't be cast together"))));
            }
            if zone != Zone::Hand || owner != p {
                return Ok(Err(Illegal::cited(&cite!(fuse.not_from_hand), format!("{name} is not in {}'s hand: fuse lets both halves be cast together only from there", self.players[p].name))));
            }
        }
        let warp = self.card(card).abilities().iter().find_map(|a| if let Ability::Warp(c) = a { Some(c.clone()) } else { None });
        if ch.warp {
            if warp.is_none() {
                return Ok(Err(Illegal::cited(&cite!(warp.no_warp), format!("{name} has no warp cost"))));
            }
            // 702.185a: "from your hand".
            if zone != Zone::Hand || owner != p {
                return Ok(Err(Illegal::cited(&cite!(warp.not_from_hand), format!("{name} is not in {}'s hand: warp casts it from there", self.players[p].name))));
            }
        }
        // 118.9a: at most one alternative cost applies to a spell, whichever ones were asked for.
        let alternatives = [ch.flashback, ch.evoke, ch.dash, ch.warp, ch.blitz, ch.overload, ch.face_down, ch.rather, ch.plot, ch.foretell, ch.by_effect.is_some()];
        if alternatives.into_iter().filter(|&b| b).count() > 1 {
            return Ok(Err(Illegal::new(cite!(cast.two_alternative_costs), format!("only one alternative cost can be applied to {name}"))));
        }
        if from_adventure && adventure {
            return Ok(Err(Illegal::new(cite!(adventure.again_from_exile), format!("{name} is on an adventure: it can be cast from exile, but not as an Adventure again"))));
        }
        // 702.34a: flashback lets its owner cast the card from their graveyard.
        let flashback = self.obj(card).card.abilities().iter().find_map(|a| if let Ability::Flashback(c) = a { Some(c.clone()) } else { None });
        // 702.81a: retrace lets its owner cast it from their graveyard, discarding a land card.
        let retrace = zone == Zone::Graveyard && owner == p && !ch.flashback && ch.by_effect.is_none() && self.has_keyword(card, Keyword::Retrace);
        if ch.by_effect.is_some() {
            // 608.2g: the resolving effect lets the card be cast from where it is.
        } else if ch.flashback {
            if zone != Zone::Graveyard || owner != p {
                return Ok(Err(Illegal::cited(&cite!(flashback.not_in_graveyard), format!("{name} is not in {}'s graveyard: flashback casts it from there", self.players[p].name))));
            }
            if flashback.is_none() {
                return Ok(Err(Illegal::new(cite!(cast.from_graveyard_no_permission), format!("{name} has no flashback: it can't be cast from a graveyard"))));
            }
        } else if ch.plot {
            // 702.170d: its owner casts a plotted card from exile on a later turn.
            let plotted = self.obj(card).plotted;
            if zone != Zone::Exile || owner != p || plotted.is_none() {
                return Ok(Err(Illegal::new(cite!(plot.not_plotted), format!("{name} is not a plotted card {} owns in exile", self.players[p].name))));
            }
            if plotted == Some(self.turn) {
                return Ok(Err(Illegal::new(cite!(plot.same_turn), format!("{name} became plotted this turn: it can be cast only on a later turn"))));
            }
            // 702.170d: during its owner's main phase while the stack is empty, even an instant.
            if let Err(e) = self.sorcery_timing(p, &name, "cast as a plotted card", cite!(plot.cast_timing)) {
                return Ok(Err(e));
            }
        } else if ch.foretell {
            // 702.143a: its owner casts a foretold card from exile after the turn it was
            // foretold, paying a foretell cost it has.
            let foretold = self.obj(card).foretold;
            if zone != Zone::Exile || owner != p || foretold.is_none() {
                return Ok(Err(Illegal::new(cite!(foretell.not_foretold), format!("{name} is not a foretold card {} owns in exile", self.players[p].name))));
            }
            if foretold == Some(self.turn) {
                return Ok(Err(Illegal::new(cite!(foretell.same_turn), format!("{name} was foretold this turn: it can be cast only after this turn has ended"))));
            }
            if !self.card_face_up(card).abilities().iter().any(|a| matches!(a, Ability::Foretell(_))) {
                return Ok(Err(Illegal::new(cite!(foretell.not_foretold), format!("{name} has no foretell cost"))));
            }
        } else if zone == Zone::Library {
            // 601.3: a static ability such as "You may cast spells from the top of your library"
            // lets the top card be cast.
            if self.top_permission(card, p, false).is_none() {
                return Ok(Err(Illegal::new(cite!(cast.from_library_no_permission), format!("{name} is in a library and nothing lets {} cast it from there", self.players[p].name))));
            }
        } else if zone == Zone::Exile && !from_adventure && !ch.warp && self.obj(card).warped.is_some() && owner == p {
            // 702.185a: its owner may cast a warped card from exile after the turn it was
            // exiled, for its costs as usual.
            if self.obj(card).warped == Some(self.turn) {
                return Ok(Err(Illegal::cited(&cite!(warp.same_turn), format!("{name} was exiled with warp this turn: it can be cast from exile only after this turn has ended"))));
            }
            let ev = Ev::new(EventKind::Choice, format!("{name} is a warped card {} owns in exile: they may cast it, the turn it was exiled having ended", self.players[p].name)).player(self, p).object(self, card).rules(&cite!(warp.cast_from_exile));
            self.record(ev);
        } else if zone == Zone::Exile && !from_adventure {
            // 601.3: an effect such as "you may play that card this turn" lets it be cast from
            // exile.
            if self.exile_permission(card, p, false).is_none() {
                return Ok(Err(Illegal::new(cite!(cast.from_exile_no_permission), format!("{name} is in exile and no effect lets {} cast it from there", self.players[p].name))));
            }
        } else if !from_adventure && !aftermath && !retrace && (zone != Zone::Hand || owner != p) {
            return Ok(Err(Illegal::new(cite!(cast.not_in_hand), format!("{name} is not in {}'s hand", self.players[p].name))));
        }
        if is_land {
            return Ok(Err(Illegal::cited(&cite!(cast.land), format!("{name} is a land: lands are played, not cast"))));
        }
        // Text that matters as the card is cast: its spell ability, costs, timing (601.2).
        self.check_unread(card, &crate::cards::ir::Moment::Cast, || format!("{} casts it (601.2)", self.players[p].name))?;
        // 601.3, 101.2: "can't cast" effects of permanents.
        let sources = if self.may_have(crate::engine::layers::Kinds::CANT_CAST) { self.battlefield.as_slice() } else { &[] };
        let forbids = sources.iter().copied().find(|&o| {
            let you = self.controller(o);
            self.abilities(o).any(|(_, a)| match a {
                Ability::CantCast { who, spells, during_your_turn } => {
                    let who_ok = match who {
                        crate::cards::ir::ControllerFilter::Any => true,
                        crate::cards::ir::ControllerFilter::You => p == you,
                        crate::cards::ir::ControllerFilter::Opponent => p != you,
                        // The compiler never names a defending player here.
                        crate::cards::ir::ControllerFilter::Defending | crate::cards::ir::ControllerFilter::TargetPlayer(_) | crate::cards::ir::ControllerFilter::TriggerPlayer => false,
                    };
                    who_ok && (!during_your_turn || self.active == you) && self.matches_filter(card, spells, you)
                }
                _ => false,
            })
        });
        if let Some(src) = forbids {
            return Ok(Err(Illegal::cited(&cite!(cast.effect_forbids), format!("{} says {} can't cast {name} now", self.described(src), self.players[p].name))));
        }
        // 601.3, 506.7: "Cast this spell only during combat …".
        if let Some(e) = self.cast_window_forbids(p, card, &name)? {
            return Ok(Err(e));
        }
        // 307.1 / 304.1: only instants and spells with flash may be cast outside a main phase
        // of your own turn with an empty stack.
        // 708.4: a card cast face down is cast as a 2/2 creature with no abilities.
        let fast = !ch.face_down && (self.has_type(card, CardType::Instant) || self.has_keyword(card, Keyword::Flash));
        let sorcery_timing = self.sorcery_timing(p, &name, "cast", timing_rule(self.types(card)));
        // 608.2g: a cast during a resolution has no timing permission to check.
        if !fast
            && ch.by_effect.is_none()
            && let Err(e) = sorcery_timing {
                return Ok(Err(e));
            }
        // 702.8a: flash is what lets this spell be cast now.
        let by_flash = sorcery_timing.is_err() && !self.has_type(card, CardType::Instant) && ch.by_effect.is_none();
        let x = ch.x.unwrap_or(0);
        let has_x = self.card(card).cost().is_some_and(|c| c.x > 0);
        if ch.x.is_some() && !has_x {
            return Ok(Err(Illegal::new(cite!(cast.no_x), format!("{name} has no X in its cost"))));
        }
        // 107.3b: cast without paying its mana cost, X can only be 0.
        if (ch.plot || ch.by_effect.as_ref().is_some_and(|b| b.cost.is_none())) && x > 0 {
            return Ok(Err(Illegal::new(cite!(cast.x_without_paying), format!("{name} is cast without paying its mana cost: X must be 0"))));
        }
        let kicker = self.card(card).abilities().iter().find_map(|a| if let Ability::Kicker(c) = a { Some(c.clone()) } else { None });
        if ch.kicked && kicker.is_none() {
            return Ok(Err(Illegal::cited(&cite!(kicker.no_kicker), format!("{name} has no kicker cost"))));
        }
        let buyback = self.card(card).abilities().iter().find_map(|a| if let Ability::Buyback(c) = a { Some(c.clone()) } else { None });
        let evoke = self.card(card).abilities().iter().find_map(|a| if let Ability::Evoke(c) = a { Some(c.clone()) } else { None });
        if ch.evoke && evoke.is_none() {
            return Ok(Err(Illegal::cited(&cite!(evoke.no_evoke), format!("{name} has no evoke cost"))));
        }
        let dash = self.card(card).abilities().iter().find_map(|a| if let Ability::Dash(c) = a { Some(c.clone()) } else { None });
        if ch.dash && dash.is_none() {
            return Ok(Err(Illegal::cited(&cite!(dash.no_dash), format!("{name} has no dash cost"))));
        }
        let blitz = self.card(card).abilities().iter().find_map(|a| if let Ability::Blitz(c) = a { Some(c.clone()) } else { None });
        if ch.blitz && blitz.is_none() {
            return Ok(Err(Illegal::cited(&cite!(blitz.no_blitz), format!("{name} has no blitz cost"))));
        }
        let overload = self.card(card).abilities().iter().find_map(|a| if let Ability::Overload { cost, effect } = a { Some((cost.clone(), effect.clone())) } else { None });
        if ch.overload && overload.is_none() {
            return Ok(Err(Illegal::cited(&cite!(overload.no_overload), format!("{name} has no overload cost"))));
        }
        let replicate = self.card(card).abilities().iter().find_map(|a| if let Ability::Replicate(c) = a { Some(c.clone()) } else { None });
        if ch.replicate > 0 && replicate.is_none() {
            return Ok(Err(Illegal::cited(&cite!(replicate.no_replicate), format!("{name} has no replicate cost"))));
        }
        let casualty = self.card(card).abilities().iter().find_map(|a| if let Ability::Casualty(n) = a { Some(*n) } else { None });
        if ch.casualty && casualty.is_none() {
            return Ok(Err(Illegal::cited(&cite!(casualty.no_casualty), format!("{name} has no casualty"))));
        }
        if ch.bargain && !self.card(card).abilities().iter().any(|a| matches!(a, Ability::Bargain)) {
            return Ok(Err(Illegal::cited(&cite!(bargain.no_bargain), format!("{name} has no bargain"))));
        }
        let gift = self.card(card).abilities().iter().find_map(|a| if let Ability::Gift(g) = a { Some(*g) } else { None });
        if let Some(to) = ch.gift {
            if gift.is_none() {
                return Ok(Err(Illegal::cited(&cite!(gift.no_gift), format!("{name} has no gift"))));
            }
            // 702.174a: the gift's recipient is an opponent (102.2), still in the game.
            if to == p || self.players[to].lost {
                return Ok(Err(Illegal::cited(&cite!(gift.not_opponent), format!("{} is not an opponent of {} in the game: the gift can't be promised to them", self.players[to].name, self.players[p].name))));
            }
        }
        let offspring = self.card(card).abilities().iter().find_map(|a| if let Ability::Offspring(c) = a { Some(c.clone()) } else { None });
        if ch.offspring && offspring.is_none() {
            return Ok(Err(Illegal::cited(&cite!(offspring.no_offspring), format!("{name} has no offspring cost"))));
        }
        if ch.conspire && !self.card(card).abilities().iter().any(|a| matches!(a, Ability::Conspire)) {
            return Ok(Err(Illegal::cited(&cite!(conspire.no_conspire), format!("{name} has no conspire"))));
        }
        let rather = self.card(card).abilities().iter().find_map(|a| if let Ability::AlternativeCost { cost, condition } = a { Some(((**cost).clone(), condition.clone())) } else { None });
        if ch.rather {
            let Some((_, condition)) = &rather else {
                return Ok(Err(Illegal::cited(&cite!(cast.no_alternative_cost), format!("{name} has no alternative cost of its own (\"… rather than pay this spell's mana cost\")"))));
            };
            if let Some(c) = condition
                && !self.condition_holds(c, card, p)
            {
                return Ok(Err(Illegal::cited(&cite!(cast.alternative_cost_condition), format!("the condition of {name}'s alternative cost doesn't hold now"))));
            }
        }
        if ch.buyback && buyback.is_none() {
            return Ok(Err(Illegal::cited(&cite!(buyback.no_buyback), format!("{name} has no buyback cost"))));
        }
        // 601.2a: the card moves to the stack and becomes a spell; one cast face down is turned
        // face down first (708.4, 702.37c).
        let permit = (zone == Zone::Exile && ch.by_effect.is_none()).then(|| self.exile_permission(card, p, false).map(|perm| perm.source)).flatten();
        let from_top = (zone == Zone::Library && ch.by_effect.is_none()).then(|| self.top_permission(card, p, false)).flatten();
        let from = self.obj(card).zone;
        let spell = self.move_object(card, Zone::Stack);
        let main_phase = self.active == p && matches!(self.step, crate::scenario::model::Step::PrecombatMain | crate::scenario::model::Step::PostcombatMain);
        let choices = &mut self.obj_mut_status(spell).choices;
        choices.cast_from = Some(from);
        choices.cast_in_main_phase = main_phase;
        if let Some(src) = permit {
            let ev = Ev::new(EventKind::Cast, format!("{} begins to cast {} from exile, as the effect of {} allows", self.players[p].name, self.described(spell), self.described(src))).player(self, p).object(self, spell).rules(&cite!(cast.permission_until_end_of_turn));
            self.record(ev);
        }
        if let Some(src) = from_top {
            let ev = Ev::new(EventKind::Cast, format!("{} begins to cast {} from the top of their library, as {} allows", self.players[p].name, self.described(spell), self.described(src))).player(self, p).object(self, spell).rule(cite!(cast.permission));
            self.record(ev);
        }
        if ch.face_down {
            let shown = self.describe(spell);
            // 702.168b: disguise lists ward {2} among the face-down characteristics.
            let disguise = !self.card(spell).abilities().iter().any(|a| matches!(a, Ability::Morph { .. })) && self.card(spell).abilities().iter().any(|a| matches!(a, Ability::Disguise(_)));
            self.obj_mut(spell).face_down = true;
            self.kinds = self.kinds.with(crate::engine::layers::Kinds::face_down());
            let (how, rule, ward) = if disguise { (crate::engine::facedown::FaceDown::Disguised, cite!(disguise.cast_face_down), "ward {2} and ") } else { (crate::engine::facedown::FaceDown::Plain, cite!(morph.cast_face_down), "") };
            self.obj_mut(spell).face_down_as = how;
            let what = if disguise { "disguise" } else { "morph" };
            let ev = Ev::new(EventKind::Cast, format!("{} turns {shown} face down to cast it with its {what} ability: a 2/2 creature spell with {ward}no name, text, subtypes or mana cost", self.players[p].name)).player(self, p).object(self, spell).rules(&[rule, cite!(facedown.spell_characteristics)]);
            self.record(ev);
        }
        self.obj_mut(spell).controller = p;
        self.obj_mut(spell).face = ch.face;
        let choices = &mut self.obj_mut_status(spell).choices;
        choices.x = x;
        choices.kicked = ch.kicked;
        choices.flashback = ch.flashback;
        choices.aftermath = aftermath;
        choices.fused = ch.fuse;
        choices.bought_back = ch.buyback;
        choices.evoked = ch.evoke;
        choices.dashed = ch.dash;
        choices.warped = ch.warp;
        choices.blitzed = ch.blitz;
        choices.overloaded = ch.overload;
        choices.bargained = ch.bargain;
        choices.gift = ch.gift;
        choices.offspring = ch.offspring;
        let ev = Ev::new(EventKind::Cast, Text::Announces).player(self, p).object(self, spell).zone(Zone::Stack).rule(cite!(cast.announce));
        self.record(ev);
        self.trace_face_cast(p, spell, from_adventure);
        if aftermath {
            let ev = Ev::new(EventKind::Cast, format!("{} casts {} from the graveyard with aftermath; it will be exiled whenever it leaves the stack", self.players[p].name, self.described(spell))).player(self, p).object(self, spell).rule(cite!(aftermath.exile_on_leaving));
            self.record(ev);
        }
        if ch.kicked {
            let ev = Ev::new(EventKind::Cast, format!("{} announces that {} is kicked", self.players[p].name, self.described(spell))).player(self, p).object(self, spell).rules(&cite!(kicker.announce));
            self.record(ev);
        }
        if ch.flashback {
            let ev = Ev::new(EventKind::Cast, format!("{} casts {} from the graveyard, paying its flashback cost rather than its mana cost (an alternative cost)", self.players[p].name, self.described(spell))).player(self, p).object(self, spell).rules(&cite!(flashback.alternative_cost));
            self.record(ev);
        }
        if ch.foretell {
            let ev = Ev::new(EventKind::Cast, format!("{} casts {} from exile as a foretold card, paying its foretell cost rather than its mana cost (an alternative cost)", self.players[p].name, self.described(spell))).player(self, p).object(self, spell).rules(&[cite!(foretell.cast), cite!(cast.alternative_cost)]);
            self.record(ev);
        }
        if ch.plot {
            let ev = Ev::new(EventKind::Cast, format!("{} casts {} from exile as a plotted card, without paying its mana cost (an alternative cost)", self.players[p].name, self.described(spell))).player(self, p).object(self, spell).rules(&[cite!(plot.cast), cite!(cast.alternative_cost)]);
            self.record(ev);
        }
        if ch.rather {
            let ev = Ev::new(EventKind::Cast, format!("{} casts {} paying the alternative cost its text offers rather than its mana cost", self.players[p].name, self.described(spell))).player(self, p).object(self, spell).rules(&cite!(cast.own_alternative_cost));
            self.record(ev);
        }
        for (paid, what, rule) in [(ch.evoke, "evoke", cite!(evoke.alternative_cost)), (ch.dash, "dash", cite!(dash.alternative_cost)), (ch.warp, "warp", cite!(warp.alternative_cost)), (ch.blitz, "blitz", cite!(blitz.alternative_cost))] {
            if paid {
                let ev = Ev::new(EventKind::Cast, format!("{} casts {} paying its {what} cost rather than its mana cost (an alternative cost)", self.players[p].name, self.described(spell))).player(self, p).object(self, spell).rules(&[rule, cite!(cast.announce_cost), cite!(cast.alternative_cost)]);
                self.record(ev);
            }
        }
        if ch.overload {
            let ev = Ev::new(EventKind::Cast, format!("{} casts {} paying its overload cost rather than its mana cost (an alternative cost): its text says \"each\" wherever it says \"target\", so it has no targets", self.players[p].name, self.described(spell))).player(self, p).object(self, spell).rules(&cite!(overload.alternative_cost)).rules(&[cite!(cast.announce_cost), cite!(cast.alternative_cost)]);
            self.record(ev);
        }
        if let Some(b) = &ch.by_effect {
            let how = match &b.cost {
                None => "without paying its mana cost".to_owned(),
                Some(c) => format!("paying {c} rather than its mana cost"),
            };
            let ev = Ev::new(EventKind::Cast, format!("{} casts {} {how} (an alternative cost), during the resolution of the {} of {}", self.players[p].name, self.described(spell), b.what, self.described(b.source))).player(self, p).object(self, spell).rules(&[b.rule, cite!(cast.during_resolution), cite!(cast.alternative_cost)]);
            self.record(ev);
        }
        if retrace {
            let ev = Ev::new(EventKind::Cast, format!("{} casts {} from the graveyard with retrace, discarding a land card as an additional cost", self.players[p].name, self.described(spell))).player(self, p).object(self, spell).rules(&cite!(entwine.announce));
            self.record(ev);
        }
        if ch.replicate > 0 {
            let times = if ch.replicate == 1 { "once".to_owned() } else { format!("{} times", ch.replicate) };
            let ev = Ev::new(EventKind::Cast, format!("{} announces that the replicate cost of {} is paid {times}", self.players[p].name, self.described(spell))).player(self, p).object(self, spell).amount(i64::from(ch.replicate)).rules(&cite!(replicate.announce));
            self.record(ev);
        }
        // Optional additional costs announced as paid (601.2b).
        for (paid, what, rules) in [
            (ch.conspire, "conspire", &cite!(conspire.announce)[..]),
            (ch.casualty, "casualty", &cite!(casualty.announce)[..]),
            (ch.buyback, "buyback", &cite!(buyback.announce)[..]),
            (ch.bargain, "bargain", &cite!(bargain.announce)[..]),
            (ch.offspring, "offspring", &cite!(offspring.announce)[..]),
        ] {
            if paid {
                let ev = Ev::new(EventKind::Cast, format!("{} announces that the {what} cost of {} is paid", self.players[p].name, self.described(spell))).player(self, p).object(self, spell).rules(rules);
                self.record(ev);
            }
        }
        // 702.174a, 702.174k: the gift's cost is choosing an opponent; the gift is promised.
        if let (Some(to), Some(g)) = (ch.gift, gift) {
            let ev = Ev::new(EventKind::Cast, format!("{} promises {} a gift ({}) for {}: the gift cost, choosing an opponent, is paid", self.players[p].name, self.players[to].name, g.describe(), self.described(spell))).player(self, p).object(self, spell).rules(&cite!(gift.promise));
            self.record(ev);
        }
        // 601.2b, 107.3a: the value of X in its cost is announced as it is cast.
        if has_x {
            let ev = Ev::new(EventKind::Cast, crate::engine::event::Text::AnnouncesX).player(self, p).object(self, spell).amount(i64::from(x)).rules(&cite!(cast.announce_x));
            self.record(ev);
        }
        // 601.2b–d: modes, targets, division.
        let effect = match &overload {
            _ if ch.fuse => self.fused_targets(spell)?,
            // 702.96a–b: its text says "each" for every "target": it has no targets.
            Some((_, e)) if ch.overload => e.clone(),
            _ => aura_or_spell_effect(self.card(spell).abilities()),
        };
        // A reference to the card itself now means the spell it became (115.5 then applies).
        let mut ch2 = ch.clone();
        for t in &mut ch2.targets {
            if *t == Target::Object(card) {
                *t = Target::Object(spell);
            }
        }
        let by = Targeter { you: p, source: spell, this: Some(spell), x, player: None };
        let (modes, targets) = match self.propose(&effect, &ch2, by, &name) {
            Ok(r) => r,
            Err(e) => return Ok(Err(e)),
        };
        self.check_unread_targets(targets.iter().map(|c| c.target), &name)?;
        let choices = &mut self.obj_mut_status(spell).choices;
        choices.modes = modes;
        choices.targets = targets;
        // 303.4a: an Aura spell targets what its enchant ability says it can enchant.
        if self.card(spell).abilities().iter().any(|a| matches!(a, Ability::Enchant(_)))
            && let Some(ev) = self.trace.last_mut()
        {
            ev.rules.push(cite!(target.aura_enchant));
        }
        // 601.2f–h: total cost (mana cost plus additional costs), mana abilities, payment.
        // 118.9: an alternative cost replaces the mana cost; additional costs add to it. 702.37c:
        // {3} rather than its mana cost, face down.
        let mut cost = match (&flashback, ch.flashback) {
            _ if ch.face_down => crate::cards::ir::ManaCost { generic: 3, ..Default::default() },
            _ if ch.plot => crate::cards::ir::ManaCost::default(),
            _ if ch.foretell => self.card_face_up(spell).abilities().iter().find_map(|a| if let Ability::Foretell(c) = a { Some(c.clone()) } else { None }).unwrap_or_default(),
            _ if ch.by_effect.is_some() => ch.by_effect.as_ref().and_then(|b| b.cost.clone()).unwrap_or_default(),
            _ if ch.rather => rather.as_ref().map(|(c, _)| c.mana.clone()).unwrap_or_default(),
            _ if ch.warp => warp.clone().unwrap_or_default(),
            (Some(f), true) => f.clone(),
            _ => match (&evoke, ch.evoke, &dash, ch.dash) {
                (Some(e), true, _, _) | (_, _, Some(e), true) => e.clone(),
                _ => match (&blitz, ch.blitz, &overload, ch.overload) {
                    (Some(b), true, _, _) | (_, _, Some((b, _)), true) => b.clone(),
                    _ => self.card(spell).cost().cloned().unwrap_or_default(),
                },
            },
        };
        if ch.kicked && let Some(k) = &kicker {
            cost.add(k);
        }
        if ch.buyback && let Some(b) = &buyback {
            cost.add(b);
        }
        // 702.175a: the offspring cost is an additional cost.
        if ch.offspring && let Some(o) = &offspring {
            cost.add(o);
        }
        // 702.172a: spree's additional cost of each mode chosen.
        let spree = effect.modal.as_ref().is_some_and(|m| !m.spree.is_empty());
        if let Some(m) = &effect.modal
            && !m.spree.is_empty()
        {
            let chosen = self.obj(spell).choices.modes.clone();
            let mut extra = crate::cards::ir::ManaCost::default();
            for c in chosen.iter().filter_map(|&i| m.spree.get(i)) {
                extra.add(c);
            }
            cost.add(&extra);
            let ev = Ev::new(EventKind::Cast, format!("{name} has spree: the additional costs of the {} mode(s) chosen, {extra}, are added to its total cost", chosen.len())).player(self, p).object(self, spell).rules(&cite!(spree.mode_costs));
            self.record(ev);
        }
        // 702.56a: the replicate cost, once for each time it is paid.
        if let Some(r) = &replicate {
            for _ in 0..ch.replicate {
                cost.add(r);
            }
        }
        let changed = self.apply_cost_changes(spell, &mut cost);
        let alt = crate::engine::mana::Alternatives {
            during: None,
            reserved: None,
            convoke: self.has_keyword(spell, Keyword::Convoke),
            improvise: self.has_keyword(spell, Keyword::Improvise),
            delve: self.has_keyword(spell, Keyword::Delve),
            for_spell: Some(spell),
        };
        // The alternative cost's own parts name what `tap:` and `exile:` choose: convoke and
        // delve don't see them then.
        let other_parts = rather.as_ref().filter(|_| ch.rather).map(|(c, _)| c);
        let mut mana_ch = match other_parts {
            Some(c) => Choices { tap: if c.tap_untapped.is_some() { None } else { ch.tap.clone() }, exile: if c.exile_from_hand.is_some() || c.exile_from_graveyard.is_some() { None } else { ch.exile.clone() }, ..ch.clone() },
            None => ch.clone(),
        };
        // The creatures `tap:` names pay the conspire cost (702.78a), not mana.
        if ch.conspire {
            mana_ch.tap = None;
        }
        self.last_pool_spend = [0; 6];
        if let Err(e) = self.pay_mana(p, &cost, x, &mana_ch, alt, dec)? {
            // The total cost included increases (601.2f): say so.
            let e = if spree { e.also(cite!(spree.cost_unpaid)) } else { e };
            // 702.175a: the offspring cost was part of it.
            let e = if ch.offspring && offspring.is_some() { e.also(cite!(offspring.cost)) } else { e };
            return Ok(Err(if changed { e.also(cite!(cast.cost_increased)) } else { e }));
        }
        // 601.2h: what was spent, for "if … mana was spent to cast this spell".
        self.obj_mut_status(spell).choices.mana_spent = self.last_pool_spend;
        // 118.9, 601.2h: the alternative cost's other parts (life, cards exiled from the hand,
        // permanents sacrificed, tapped or returned) are paid with its mana.
        if let Some(c) = other_parts
            && let Err(e) = self.pay_cost_parts(p, spell, c, ch, &format!("the alternative cost of {name}"), dec)?
        {
            return Ok(Err(e));
        }
        let mut extra: Vec<AdditionalCost> = self.card(spell).abilities().iter().filter_map(|a| if let Ability::AdditionalCost(c) = a { Some(c.clone()) } else { None }).collect();
        if retrace {
            extra.push(AdditionalCost::DiscardCard(CardType::Land));
        }
        self.sacrificed_now = None;
        for c in &extra {
            if let Err(e) = self.pay_additional(p, c, ch, &format!("the additional cost of {name}"), None, dec)? {
                return Ok(Err(e));
            }
        }
        // 702.153a: "you may sacrifice a creature with power N or greater".
        if ch.casualty && let Some(n) = casualty {
            let f = crate::cards::ir::ObjectFilter { types_any: vec![CardType::Creature], power: Some((crate::cards::ir::Compare::AtLeast, i32::try_from(n).unwrap_or(i32::MAX))), ..Default::default() };
            if let Err(e) = self.pay_additional(p, &AdditionalCost::Sacrifice(f), ch, &format!("the casualty cost of {name} (a creature with power {n} or greater)"), None, dec)? {
                return Ok(Err(e.also(cite!(casualty.cost))));
            }
        }
        // 702.166a: "you may sacrifice an artifact, enchantment, or token".
        if ch.bargain {
            let artifact_or_enchantment = crate::cards::ir::ObjectFilter { types_any: vec![CardType::Artifact, CardType::Enchantment], ..Default::default() };
            let token = crate::cards::ir::ObjectFilter { token: Some(true), ..Default::default() };
            if let Err(e) = self.pay_additional(p, &AdditionalCost::SacrificeOneOf(vec![artifact_or_enchantment, token]), ch, &format!("the bargain cost of {name} (an artifact, enchantment or token)"), None, dec)? {
                return Ok(Err(e.also(cite!(bargain.cost))));
            }
        }
        // 702.78a: "you may tap two untapped creatures you control that each share a color
        // with it" (105.2: a colorless spell shares a color with nothing).
        if ch.conspire {
            let colors = self.colors(spell).to_vec();
            let cost_of = format!("the conspire cost of {name} (two untapped creatures that share a color with it)");
            if colors.is_empty() {
                return Ok(Err(Illegal::cited(&cite!(conspire.colorless), format!("{name} is colorless: no creature shares a color with it, so {cost_of} can't be paid"))));
            }
            let f = crate::cards::ir::ObjectFilter { types_any: vec![CardType::Creature], colors, ..Default::default() };
            if let Err(e) = self.pay_tap_untapped(p, spell, &f, 2, ch, &cost_of, dec)? {
                return Ok(Err(e.also(cite!(conspire.cost))));
            }
        }
        self.obj_mut_status(spell).choices.sacrificed = self.sacrificed_now.take();
        // 601.2i: the spell becomes cast.
        let mut ev = Ev::new(EventKind::Cast, Text::Casts).player(self, p).object(self, spell).rules(&cite!(cast.becomes_cast));
        if by_flash {
            ev = ev.rule(cite!(flash.cast));
        }
        self.record(ev);
        self.causes.stacked_spell(spell, self.last_event());
        self.players[p].spells_this_turn += 1;
        let targets = self.obj(spell).choices.targets.clone();
        self.fire_targeted(Target::Object(spell), p, &targets);
        self.fire(crate::engine::triggers::Happening::Cast { spell, player: p });
        self.copy_cost_triggers(spell, p, ch);
        self.passes = 0;
        Ok(Ok(()))
    }

    /// The cast triggers of replicate (702.56a) and casualty (702.153a): "When you cast this
    /// spell, if [its cost] was paid for it, copy it" — they trigger only when paid.
    fn copy_cost_triggers(&mut self, spell: ObjId, p: PlayerId, ch: &Choices) {
        let at = self.last_event();
        let paid: Vec<(usize, u32, &str, Vec<RuleId>)> = self
            .card(spell)
            .abilities()
            .iter()
            .enumerate()
            .filter_map(|(i, a)| match a {
                Ability::Replicate(_) if ch.replicate > 0 => Some((i, ch.replicate, "replicate", cite!(replicate.trigger).to_vec())),
                Ability::Casualty(_) if ch.casualty => Some((i, 1, "casualty", cite!(casualty.trigger).to_vec())),
                Ability::Conspire if ch.conspire => Some((i, 1, "conspire", cite!(conspire.trigger).to_vec())),
                _ => None,
            })
            .collect();
        for (i, times, what, rules) in paid {
            let ev = Ev::new(EventKind::Trigger, format!("{}'s {what} ability triggers: its {what} cost was paid (controlled by {})", self.described(spell), self.players[p].name)).source(self, spell).player(self, p).amount(i64::from(times)).rules(&rules).because(at);
            self.record(ev);
            let info = crate::engine::state::TriggerInfo { object: Some(spell), player: Some(p), amount: Some(i64::from(times)), ..Default::default() };
            self.pending.push(crate::engine::state::PendingTrigger { source: spell, ability: i, controller: p, info, delayed: None, keyword: None, event: self.last_event() });
        }
    }

    /// Why a "Cast this spell only during combat …" restriction of `card` forbids `p` to cast
    /// it now (601.3, 506.7), if it does.
    ///
    /// # Errors
    /// When "you've been attacked" would depend on a planeswalker or battle being attacked,
    /// which the rules don't define.
    fn cast_window_forbids(&self, p: PlayerId, card: ObjId, name: &str) -> Result<Option<Illegal>, Stop> {
        use crate::cards::ir::CombatWindow;
        use crate::scenario::model::Step;
        for a in self.card(card).abilities() {
            let Ability::CastOnlyDuring { window, attacked, opponents_turn } = a else { continue };
            let ok_step = match window {
                CombatWindow::Combat => matches!(self.step, Step::BeginningOfCombat | Step::DeclareAttackers | Step::DeclareBlockers | Step::FirstStrikeDamage | Step::CombatDamage | Step::EndOfCombat),
                CombatWindow::BeforeBlockers => matches!(self.step, Step::BeginningOfCombat | Step::DeclareAttackers),
                // 506.7f: with no attackers the declare blockers step is skipped (508.8), and
                // such a spell can't be cast in that combat at all.
                CombatWindow::AfterBlockers => matches!(self.step, Step::DeclareBlockers | Step::FirstStrikeDamage | Step::CombatDamage) || (self.step == Step::EndOfCombat && self.combat.any_declared),
                CombatWindow::DeclareAttackers => self.step == Step::DeclareAttackers,
                CombatWindow::DeclareBlockers => self.step == Step::DeclareBlockers,
            };
            let words = match window {
                CombatWindow::Combat => "during combat",
                CombatWindow::BeforeBlockers => "during combat before blockers are declared",
                CombatWindow::AfterBlockers => "during combat after blockers are declared",
                CombatWindow::DeclareAttackers => "during the declare attackers step",
                CombatWindow::DeclareBlockers => "during the declare blockers step",
            };
            if !ok_step {
                let skipped = matches!(window, CombatWindow::AfterBlockers) && self.step == Step::EndOfCombat;
                if skipped {
                    return Ok(Some(Illegal::cited(&cite!(cast.after_blockers_none), format!("{name} can be cast only {words}, and no blockers were declared this combat: no creature attacked, so that step was skipped (508.8)"))));
                }
                return Ok(Some(Illegal::cited(&cite!(cast.wrong_combat_step), format!("{name} can be cast only {words}, not in the {} step", self.step.name()))));
            }
            if *opponents_turn && self.active == p {
                return Ok(Some(Illegal::new(cite!(cast.only_opponent_combat), format!("{name} can be cast only during combat on an opponent's turn"))));
            }
            if *attacked {
                let at_you = self.combat.attackers.iter().any(|x| x.attacking == Target::Player(p));
                let at_yours = self.combat.attackers.iter().any(|x| matches!(x.attacking, Target::Object(o) if self.is_live(o) && self.controller(o) == p));
                if !at_you && at_yours {
                    return Err(Stop(crate::diag::Diagnostic::new(
                        format!("{name} can be cast only if {} has been attacked this step; only a permanent of theirs was attacked, and whether that counts isn't defined by the rules: judge doesn't decide it", self.players[p].name),
                        crate::diag::Span::default(),
                    )));
                }
                if !at_you {
                    return Ok(Some(Illegal::new(cite!(cast.only_when_attacked), format!("{name} can be cast only if {} has been attacked this step", self.players[p].name))));
                }
            }
        }
        Ok(None)
    }

    /// A resolving effect lets `p` cast `card` where it is (608.2g): "you may cast it without
    /// paying its mana cost" (cascade 702.85a, rebound 702.88a). `p` decides whether to, then
    /// the modes and targets as for a triggered ability (601.2b–c asked as decisions); the
    /// spell goes on the stack above the resolving object and nobody receives priority. A
    /// cast the rules forbid is reversed (732) and traced. Returns whether it was cast.
    ///
    /// # Errors
    /// When a decision can't be made.
    pub fn cast_by_effect(&mut self, p: PlayerId, card: ObjId, by: ByEffect, dec: &mut dyn Decider) -> Result<bool, Stop> {
        let name = self.describe(card);
        let how = match &by.cost {
            None => "without paying its mana cost".to_owned(),
            Some(c) => format!("for {c}"),
        };
        let d = Decision { player: p, kind: DecisionKind::May { able: true }, rule: by.rule, what: format!("whether to cast {name} {how} (the {} of {})", by.what, self.described(by.source)) };
        if !matches!(self.decide(dec, &d)?, Answer::May(true)) {
            return Ok(false);
        }
        // 732: an illegal cast is undone; the card stays where it was.
        let outcome = self.undoable(|g| {
            let effect = aura_or_spell_effect(g.card(card).abilities());
            // 601.2b: the modes, as the spell is proposed.
            let mut modes = None;
            if let Some(m) = &effect.modal {
                let n = m.modes.len();
                modes = Some(if n <= m.min as usize {
                    (0..n).collect()
                } else {
                    let d = Decision { player: p, kind: DecisionKind::Modes { count: n, min: m.min as usize, max: (m.max as usize).min(n), used: Vec::new() }, rule: cite!(cast.modes_choice), what: format!("the mode(s) of {name}") };
                    match g.decide(dec, &d)? {
                        Answer::Modes(ms) => ms,
                        _ => Vec::new(),
                    }
                });
            }
            let targeter = Targeter { you: p, source: card, this: Some(card), x: 0, player: None };
            let chosen = g.decide_targets(&effect, modes.as_deref().unwrap_or(&[]), targeter, p, &format!("spell {name}"), cite!(cast.targets_choice), dec)?;
            Ok(match chosen {
                None => Err(Illegal::new(cite!(cast.no_legal_target), format!("{name} has no legal target for it, so it can't be cast")).also(by.rule)),
                Some(chosen) => {
                    let ch = Choices {
                        targets: chosen.iter().map(|c| c.target).collect(),
                        divide: chosen.iter().filter(|c| c.share > 0).map(|c| (c.target, c.share)).collect(),
                        modes,
                        by_effect: Some(by),
                        ..Choices::default()
                    };
                    g.cast(p, card, &ch, dec)?
                }
            })
        })?;
        match outcome {
            Ok(()) => Ok(true),
            Err(e) => {
                let rules: Vec<String> = e.rules.iter().map(ToString::to_string).collect();
                let ev = Ev::new(EventKind::Rejected, format!("{} can't cast {name}: {} ({}); the cast is reversed", self.players[p].name, e.reason, rules.join(", "))).player(self, p).object(self, card).rules(&e.rules).rule(cite!(cast.undone));
                self.record(ev);
                Ok(false)
            }
        }
    }

    /// Pays a sacrifice or discard cost (601.2h, 602.2b): the objects named in the action, or
    /// the only ones that can pay it (forced). `cost_of` names the cost ("the additional cost
    /// of Village Rites").
    /// `source`: the permanent whose ability is being paid for ("Sacrifice another creature"
    /// leaves it out).
    fn pay_additional(&mut self, p: PlayerId, c: &AdditionalCost, ch: &Choices, cost_of: &str, source: Option<ObjId>, dec: &mut dyn Decider) -> Outcome {
        let (candidates, named, what, rule): (Vec<ObjId>, &Option<Vec<ObjId>>, &str, RuleId) = match c {
            AdditionalCost::Sacrifice(f) => (self.permanents_of(p).filter(|&o| !(f.other && Some(o) == source) && self.matches_filter(o, f, p)).collect(), &ch.sacrifice, "sacrifice", cite!(cost.sacrifice)),
            AdditionalCost::SacrificeOneOf(fs) => (self.permanents_of(p).filter(|&o| fs.iter().any(|f| !(f.other && Some(o) == source) && self.matches_filter(o, f, p))).collect(), &ch.sacrifice, "sacrifice", cite!(cost.sacrifice)),
            AdditionalCost::Discard => (self.players[p].hand.to_vec(), &ch.discard, "discard", cite!(cost.discard)),
            AdditionalCost::DiscardCard(ty) => (self.players[p].hand.iter().copied().filter(|&o| self.has_type(o, *ty)).collect(), &ch.discard, "discard", cite!(cost.discard)),
            // Chosen as the cost is paid (601.2h, 602.2b); no action key names it.
            AdditionalCost::ReturnToHand(f) => (self.permanents_of(p).filter(|&o| self.matches_filter(o, f, p)).collect(), &None, "return", cite!(cost.return_to_hand)),
        };
        let pick = match named {
            Some(list) => {
                let Some(&o) = list.first() else {
                    return Ok(Err(Illegal::new(cite!(cost.nothing_named), format!("{cost_of} requires {what}ing one"))));
                };
                if !candidates.contains(&o) {
                    // 701.21a: a player can sacrifice only a permanent they control.
                    if what == "sacrifice" && self.on_battlefield(o) && self.controller(o) != p {
                        return Ok(Err(Illegal::new(rule, format!("{} can't sacrifice {}: {} controls it", self.players[p].name, self.described(o), self.players[self.controller(o)].name)).also(cite!(cost.not_controlled))));
                    }
                    return Ok(Err(Illegal::cited(&cite!(cost.cant_pay_with), format!("{} can't be {what}d to pay {cost_of}", self.described(o)))));
                }
                o
            }
            None if candidates.is_empty() => {
                return Ok(Err(Illegal::cited(&cite!(cost.nothing_to_pay_with), format!("{} has nothing to {what} for {cost_of}", self.players[p].name))));
            }
            None => {
                let options: Vec<Target> = candidates.iter().map(|&o| Target::Object(o)).collect();
                let d = Decision { player: p, kind: DecisionKind::Pick { options, count: 1 }, rule: cite!(cost.choice), what: format!("what to {what} for {cost_of}") };
                match self.decide(dec, &d)? {
                    Answer::Pick(ts) => match ts.first() {
                        Some(Target::Object(o)) => *o,
                        _ => return Ok(Err(Illegal::new(cite!(cost.none_chosen), "nothing chosen for the cost"))),
                    },
                    _ => return Ok(Err(Illegal::new(cite!(cost.none_chosen), "nothing chosen for the cost"))),
                }
            }
        };
        if let AdditionalCost::ReturnToHand(_) = c {
            let ev = Ev::new(EventKind::ReturnToHand, format!("{} returns {} to its owner's hand to pay {cost_of}", self.players[p].name, self.described(pick))).player(self, p).object(self, pick).zone(Zone::Hand).rules(&[cite!(cost.paid), rule]);
            self.record(ev);
            self.move_object(pick, Zone::Hand);
            return Ok(Ok(()));
        }
        if what == "discard" {
            self.put_discarded(p, pick, format!("{} discards {} to pay {cost_of}", self.players[p].name, self.described(pick)), &[cite!(cost.paid), rule], false);
            return Ok(Ok(()));
        }
        let ev = Ev::new(EventKind::Sacrifice, format!("{} {what}s {} to pay {cost_of}", self.players[p].name, self.described(pick))).player(self, p).object(self, pick).zone(Zone::Graveyard).rules(&[cite!(cost.paid), rule]);
        self.record(ev);
        self.sacrificed_now = Some(pick);
        self.move_object(pick, Zone::Graveyard);
        Ok(Ok(()))
    }

    /// Sorcery timing (117.1a): a main phase of the caster's own turn with an empty stack.
    /// `rule` is the card type's own timing rule (302.1 for a creature, 307.1 for a sorcery…).
    /// Plots a card (702.170a–b, 116.2k) or foretells it (702.143a–b, 116.2h): a special
    /// action of its owner with priority during their turn — for plot, in their main phase
    /// while the stack is empty. They pay the plot cost (for foretell, {2}) and exile the card
    /// from their hand (foretold: face down); it becomes plotted (foretold).
    ///
    /// # Errors
    /// `Stop` when a decision can't be made; `Illegal` when the rules forbid the action.
    pub fn exile_from_hand(&mut self, p: PlayerId, card: ObjId, how: HandExile, pay: Option<&[ObjId]>, dec: &mut dyn Decider) -> Outcome {
        let name = self.describe(card);
        let (word, timing) = match how {
            HandExile::Plot => ("plotted", cite!(plot.special_action)),
            HandExile::Foretell => ("foretold", cite!(foretell.special_action)),
        };
        if let Err(e) = self.check_priority(p) {
            return Ok(Err(e.also(timing)));
        }
        let o = self.obj(card);
        if o.zone != Zone::Hand || o.owner != p {
            return Ok(Err(Illegal::new(timing, format!("{name} is not in {}'s hand: only a card in its owner's hand can be {word}", self.players[p].name))));
        }
        let cost = self.card(card).abilities().iter().find_map(|a| match (a, how) {
            (Ability::Plot(c), HandExile::Plot) => Some(c.clone()),
            // 702.143a: foretelling costs {2}, whatever the foretell cost.
            (Ability::Foretell(_), HandExile::Foretell) => Some(crate::cards::ir::ManaCost { generic: 2, ..crate::cards::ir::ManaCost::default() }),
            _ => None,
        });
        let Some(cost) = cost else {
            return Ok(Err(Illegal::new(timing, format!("{name} has no {} ability", if how == HandExile::Plot { "plot" } else { "foretell" }))));
        };
        let when = match how {
            HandExile::Plot => self.sorcery_timing(p, &name, word, timing),
            HandExile::Foretell if self.active != p => Err(Illegal::new(timing, format!("{name} can be foretold only during its owner's turn"))),
            HandExile::Foretell => Ok(()),
        };
        if let Err(e) = when {
            return Ok(Err(e));
        }
        let ch = Choices { pay: pay.map(<[ObjId]>::to_vec), ..Choices::default() };
        if let Err(e) = self.pay_mana(p, &cost, 0, &ch, crate::engine::mana::Alternatives::default(), dec)? {
            return Ok(Err(e));
        }
        let exiled = self.move_object(card, Zone::Exile);
        let turn = Some(self.turn);
        let (text, rules) = match how {
            HandExile::Plot => {
                self.obj_mut(exiled).plotted = turn;
                ("plots {}: it is exiled from their hand and becomes a plotted card (a special action)", cite!(plot.plots))
            }
            HandExile::Foretell => {
                // 702.143a: exiled face down; 406.3: it has no characteristics there.
                self.obj_mut(exiled).foretold = turn;
                self.obj_mut(exiled).face_down = true;
                self.kinds = self.kinds.with(crate::engine::layers::Kinds::face_down());
                ("foretells {}: it is exiled from their hand face down, a foretold card its owner may look at (a special action)", cite!(foretell.foretells))
            }
        };
        let ev = Ev::new(EventKind::Exile, format!("{} {}", self.players[p].name, text.replace("{}", &name))).player(self, p).object(self, exiled).zone(Zone::Exile).rules(&rules);
        self.record(ev);
        Ok(Ok(()))
    }

    pub(crate) fn sorcery_timing(&self, p: PlayerId, name: &str, verb: &str, rule: RuleId) -> Result<(), Illegal> {
        let why = if self.active != p {
            format!("{name} can be {verb} only during its controller's own turn")
        } else if !self.step.is_main() {
            format!("{name} can be {verb} only in a main phase, not in the {} step", self.step.name())
        } else if !self.stack.is_empty() {
            format!("{name} can be {verb} only while the stack is empty")
        } else {
            return Ok(());
        };
        Err(Illegal::new(rule, why).also(cite!(timing.sorcery)))
    }

    /// Plays a land (305.1, 305.2, 116.2a).
    ///
    /// # Errors
    /// When a choice as the land enters is not scripted (614.12a).
    pub fn play_land(&mut self, p: PlayerId, card: ObjId, face: Option<u8>, dec: &mut dyn Decider) -> Outcome {
        // 712.12: a modal double-faced card is played with the face chosen up.
        if face.is_some() {
            self.obj_mut(card).face = face;
        }
        if let Err(e) = self.check_land(p, card) {
            return Ok(Err(e));
        }
        if face.is_some() {
            let ev = Ev::new(EventKind::Choice, format!("{} plays {} with the face {} up", self.players[p].name, self.obj(card).card.name(), self.card(card).name())).player(self, p).object(self, card).rules(&cite!(land.play_back_face));
            self.record(ev);
        }
        self.put_land(p, card, dec)?;
        Ok(Ok(()))
    }

    /// Whether `p` may play `card` now (305.1, 305.2, 305.3).
    fn check_land(&self, p: PlayerId, card: ObjId) -> Result<(), Illegal> {
        self.check_priority(p)?;
        let o = self.obj(card);
        let name = self.card(card).name().to_owned();
        if !self.has_type(card, CardType::Land) {
            return Err(Illegal::new(cite!(land.not_a_land), format!("{name} is not a land: it is cast, not played")));
        }
        // 116.2a: a land is played from the zone it is in — usually its owner's hand, or exile
        // when an effect lets its player play it from there.
        let from_exile = o.zone == Zone::Exile && self.exile_permission(card, p, true).is_some();
        let from_top = o.zone == Zone::Library && self.top_permission(card, p, true).is_some();
        if !from_exile && !from_top && (o.zone != Zone::Hand || o.owner != p) {
            let why = match o.zone {
                Zone::Exile => format!("{name} is in exile and no effect lets {} play it from there", self.players[p].name),
                Zone::Library => format!("{name} is in a library and nothing lets {} play it from there", self.players[p].name),
                _ => format!("{name} is not in {}'s hand", self.players[p].name),
            };
            return Err(Illegal::cited(&cite!(land.without_priority), why));
        }
        if self.active != p {
            return Err(Illegal::cited(&cite!(land.other_turn), format!("{} can't play a land during another player's turn", self.players[p].name)));
        }
        if !self.step.is_main() || !self.stack.is_empty() {
            return Err(Illegal::cited(&cite!(land.timing), "a land can be played only in a main phase of your own turn with an empty stack"));
        }
        // 101.2: an effect that says a player can't play lands beats one that lets them play
        // an additional land.
        if self.players[p].cant_play_lands {
            return Err(Illegal::cited(&cite!(land.effect_forbids), format!("an effect says {} can't play lands this turn", self.players[p].name)));
        }
        let forbids = |o: ObjId| {
            self.abilities(o).any(|(_, a)| matches!(a, Ability::CantPlayLands { everyone } if *everyone || self.controller(o) == p))
        };
        if let Some(src) = self.battlefield.iter().copied().find(|&o| forbids(o)) {
            return Err(Illegal::cited(&cite!(land.permanent_forbids), format!("{} forbids playing lands", self.described(src))));
        }
        // 305.2a: statics such as "You may play an additional land on each of your turns".
        let from_statics: u32 = self.permanents_of(p).flat_map(|o| self.abilities(o).filter_map(|(_, a)| if let Ability::AdditionalLands(n) = a { Some(*n) } else { None }).collect::<Vec<_>>()).sum();
        let allowed = 1 + self.players[p].extra_lands + from_statics;
        if self.players[p].lands_played >= allowed {
            let e = Illegal::cited(&cite!(land.drop_used), format!("{} has already played {} land(s) this turn", self.players[p].name, self.players[p].lands_played));
            return Err(if allowed > 1 { e.also(cite!(land.extra_drops_used)) } else { e });
        }
        Ok(())
    }

    /// 601.2f: cost increases, then reductions (which reduce only generic mana), from the
    /// static abilities of permanents; each traced with its source.
    fn apply_cost_changes(&mut self, spell: ObjId, cost: &mut crate::cards::ir::ManaCost) -> bool {
        let changers = if self.may_have(crate::engine::layers::Kinds::COST_CHANGE) { self.battlefield.as_slice() } else { &[] };
        let changes: Vec<(ObjId, i32)> = changers
            .iter()
            .flat_map(|&o| {
                self.abilities(o)
                    .filter_map(|(_, a)| match a {
                        Ability::CostChange { spells, generic } if self.matches_filter(spell, spells, self.controller(o)) => Some((o, *generic)),
                        _ => None,
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        let you = self.controller(spell);
        let mut changes = changes;
        // The spell's own "This spell costs {1} less to cast for each …" (601.2f), counted for
        // its caster as the total cost is determined.
        let mut own_count: &[crate::rules::RuleId] = &[];
        for (_, a) in self.abilities(spell) {
            if let Ability::SelfCostChange { generic, per } = a {
                let times = per.map_or(1, |what| self.count(you, what, None));
                let n = i32::try_from(i64::from(*generic).saturating_mul(times).clamp(i64::from(i32::MIN), i64::from(i32::MAX))).unwrap_or(0);
                if n != 0 {
                    changes.push((spell, n));
                    // The rule defining what it counts (the party, 700.8a), cited with it.
                    own_count = per.map_or(&[], crate::engine::actions::count_rules);
                }
            }
        }
        let affinities: Vec<crate::cards::ir::ObjectFilter> = self.abilities(spell).filter_map(|(_, a)| if let Ability::Affinity(f) = a { Some(f.clone()) } else { None }).collect();
        let any = !changes.is_empty() || !affinities.is_empty();
        let (more, less): (Vec<_>, Vec<_>) = changes.into_iter().partition(|(_, n)| *n > 0);
        for (o, n) in more.into_iter().chain(less) {
            let before = cost.generic;
            cost.generic = u32::try_from((i64::from(cost.generic) + i64::from(n)).max(0)).unwrap_or(0);
            let text = if o == spell {
                if n > 0 {
                    format!("{} costs {{{n}}} more to cast (its own ability)", self.described(spell))
                } else if cost.generic < before {
                    format!("{} costs {{{}}} less to cast (its own ability)", self.described(spell), before - cost.generic)
                } else {
                    format!("{}'s own ability would make it cost less, but there is no generic mana left to reduce", self.described(spell))
                }
            } else if n > 0 {
                format!("{} makes {} cost {{{n}}} more", self.described(o), self.described(spell))
            } else if cost.generic < before {
                format!("{} makes {} cost {{{}}} less", self.described(o), self.described(spell), before - cost.generic)
            } else {
                format!("{} would make {} cost less, but there is no generic mana left to reduce", self.described(o), self.described(spell))
            };
            let mut ev = Ev::new(EventKind::Choice, text).object(self, spell).source(self, o).rules(&cite!(cost.reduction));
            if o == spell {
                ev = ev.rules(own_count);
            }
            if n < 0 && i64::from(before) + i64::from(n) < 0 {
                // 601.2f, 118.7: a reduction reduces only generic mana, and not below {0}.
                ev = ev.rule(cite!(cost.reduction_generic_only));
            }
            self.record(ev);
        }
        // 702.41a–b: each affinity of the spell itself is a reduction, counted on its caster's
        // permanents as the total cost is determined.
        for f in &affinities {
            let n = u32::try_from(self.permanents_of(you).filter(|&o| self.matches_filter(o, f, you)).count()).unwrap_or(u32::MAX);
            let before = cost.generic;
            cost.generic = cost.generic.saturating_sub(n);
            let ev = Ev::new(EventKind::Choice, format!("affinity: {} costs {{{}}} less ({n} permanent(s) counted)", self.described(spell), before - cost.generic))
                .object(self, spell)
                .rules(&cite!(cost.affinity));
            self.record(ev);
        }
        any
    }

    /// Puts a played land onto the battlefield (305.1), counting it against the lands `p` may
    /// play this turn (305.2).
    fn put_land(&mut self, p: PlayerId, card: ObjId, dec: &mut dyn Decider) -> Result<(), Stop> {
        self.players[p].lands_played += 1;
        let from = self.obj(card).zone;
        self.put_onto_battlefield(card, p, false, dec, |g, nid| {
            let whence = match from {
                Zone::Exile => " from exile",
                Zone::Library => " from the top of their library",
                _ => "",
            };
            let text = if whence.is_empty() { Text::Plays } else { format!("{} plays {}{whence}", g.players[p].name, g.described(nid)).into() };
            let ev = Ev::new(EventKind::PlayLand, text).player(g, p).object(g, nid).zone(Zone::Battlefield).rules(&cite!(land.play));
            match from {
                Zone::Exile => ev.rule(cite!(land.play_from_exile)),
                // A land is played, not cast (305.9): the permission is the static ability's
                // continuous effect (611.3a), not a casting permission (601.3).
                Zone::Library => ev.rule(cite!(land.play_from_library)),
                _ => ev,
            }
        })?;
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
        // An ability the compiler can't read matters as soon as anyone activates it (602.1).
        if let Some(Ability::Unread(u)) = self.ability(source, ability) {
            return Err(crate::engine::unread::unread_stop(name, u, &format!("{} activates it (602.1)", self.players[p].name)));
        }
        let held = self.held_ability(source, ability);
        let Some(Ability::Activated { cost, effect, mana }) = held.as_deref() else {
            if matches!(self.card(source).abilities().get(ability), Some(Ability::Activated { .. } | Ability::Unread(_))) {
                return Ok(Err(Illegal::cited(&cite!(activate.ability_lost), format!("{name} has lost that ability to a continuous effect"))));
            }
            return Ok(Err(Illegal::new(cite!(activate.no_such_numbered), format!("{name} has no activated ability number {}", ability + 1))));
        };
        if cost.ninjutsu {
            // 702.49a: ninjutsu functions only while the card is in a player's hand; 702.49c:
            // only while an attacking creature is unblocked.
            let o = self.obj(source);
            if o.zone != Zone::Hand || o.owner != p {
                return Ok(Err(Illegal::cited(&cite!(ninjutsu.not_from_hand), format!("{name} must be in {}'s hand: ninjutsu functions only there", self.players[p].name))));
            }
            if self.unblocked_attackers(p).is_empty() {
                return Ok(Err(Illegal::cited(&cite!(ninjutsu.no_unblocked_attacker), format!("{} controls no unblocked attacking creature (blockers must have been declared)", self.players[p].name))));
            }
        } else if cost.discard_self {
            // 113.6m: an ability whose cost discards the card itself functions only in its
            // owner's hand (cycling, 702.29a).
            let o = self.obj(source);
            if o.zone != Zone::Hand || o.owner != p {
                let mut e = Illegal::new(cite!(activate.must_be_in_hand), format!("{name} must be in {}'s hand: that ability's cost discards it", self.players[p].name));
                if cost.cycling {
                    e = e.also(cite!(cycling.from_hand));
                }
                return Ok(Err(e));
            }
        } else if effect.moves_this_from_graveyard() || cost.exile_self_from_graveyard {
            // 113.6m: "Return this card from your graveyard to your hand", "Exile this card
            // from your graveyard: …" function only in its owner's graveyard.
            let o = self.obj(source);
            if o.zone != Zone::Graveyard || o.owner != p {
                let how = if cost.exile_self_from_graveyard { "its cost exiles it from there" } else { "that ability returns it from there" };
                return Ok(Err(Illegal::cited(&cite!(activate.must_be_in_graveyard), format!("{name} must be in {}'s graveyard: {how}", self.players[p].name))));
            }
        } else if !self.on_battlefield(source) {
            // 113.6: an object's abilities function only on the battlefield unless the ability
            // says otherwise (or must, to be used at all, 113.6a–m).
            let zone = self.obj(source).zone.name().replace('_', " ");
            return Ok(Err(Illegal::cited(&cite!(activate.off_battlefield), format!("{name} is in the {zone}: its activated abilities function only on the battlefield"))));
        } else if self.controller(source) != p && !cost.any_player {
            return Ok(Err(Illegal::new(cite!(activate.not_controller), format!("{} does not control {name}: only an object's controller can activate its abilities", self.players[p].name))));
        }
        // 602.5: an effect can forbid activating a permanent's abilities, mana abilities too.
        if self.has_effect(source, &crate::cards::ir::Change::CantActivate) {
            return Ok(Err(Illegal::cited(&cite!(activate.effect_forbids), format!("the activated abilities of {name} can't be activated"))));
        }
        if *mana {
            // 605.3a: a mana ability can be activated whenever the player has priority.
            if let Err(e) = self.check_priority(p) {
                return Ok(Err(e));
            }
            return self.activate_mana_ability(source, ability, ch, dec);
        }
        if let Err(e) = self.check_priority(p) {
            return Ok(Err(e));
        }
        if let Some(e) = self.split_second_forbids(&format!("the ability of {name} can't be activated (it isn't a mana ability)")) {
            return Ok(Err(e));
        }
        // 602.5d: "Activate only as a sorcery" follows the timing of a sorcery spell.
        if cost.sorcery_speed
            && let Err(e) = self.sorcery_timing(p, &format!("the ability of {name}"), "activated", cite!(activate.as_sorcery))
        {
            return Ok(Err(e));
        }
        // 602.1b: "Activate only during your turn / your upkeep / combat".
        if let Some(t) = cost.timing {
            use crate::cards::ir::ActivationTiming;
            use crate::scenario::model::Step;
            let yours = self.active == p;
            let (ok, when) = match t {
                ActivationTiming::YourTurn => (yours, "during its activator's turn"),
                ActivationTiming::YourTurnBeforeAttackers => (yours && self.step < Step::DeclareAttackers, "during its activator's turn, before attackers are declared"),
                ActivationTiming::YourUpkeep => (yours && self.step == Step::Upkeep, "during its activator's upkeep"),
                ActivationTiming::Combat => (self.step >= Step::BeginningOfCombat && self.step <= Step::EndOfCombat, "during combat"),
            };
            if !ok {
                return Ok(Err(Illegal::cited(&cite!(activate.wrong_time), format!("the ability of {name} can be activated only {when}, not in {}'s {} step", self.players[self.active].name, self.step.name()))));
            }
        }
        // 602.1b: "Activate only if …": the condition is checked as the ability is activated,
        // "you" being the player activating it.
        if let Some(c) = &cost.condition
            && !self.condition_holds(c, source, p)
        {
            return Ok(Err(Illegal::cited(&cite!(activate.condition_false), format!("the ability of {name} can't be activated: its \"activate only if\" condition is false"))));
        }
        // 606.3: a loyalty ability only as a sorcery could be cast, and only if no loyalty
        // ability of this permanent has been activated this turn.
        if cost.loyalty.is_some() {
            if let Err(e) = self.sorcery_timing(p, &format!("a loyalty ability of {name}"), "activated", cite!(loyalty.timing)) {
                return Ok(Err(e));
            }
            if self.obj(source).loyalty_turn == Some(self.turn) {
                return Ok(Err(Illegal::new(cite!(loyalty.once_each_turn), format!("a loyalty ability of {name} has already been activated this turn"))));
            }
        }
        // 606.6: a negative loyalty cost needs that many loyalty counters.
        let loyalty_change = match cost.loyalty {
            Some(crate::cards::ir::LoyaltyCost::Fixed(n)) => Some(i64::from(n)),
            Some(crate::cards::ir::LoyaltyCost::MinusX) => Some(-i64::from(ch.x.unwrap_or(0))),
            None => None,
        };
        if let Some(n) = loyalty_change
            && n < 0
            && i64::from(self.obj(source).counters.loyalty) < -n
        {
            return Ok(Err(Illegal::cited(&cite!(loyalty.cant_pay), format!("{name} has {} loyalty and can't pay a cost of removing {} loyalty counters", self.obj(source).counters.loyalty, -n))));
        }
        if let Some((kind, n)) = &cost.remove_counters
            && self.obj(source).counters.get(kind) < *n
        {
            return Ok(Err(Illegal::cited(&cite!(cost.not_enough_counters), format!("{name} has {} {} counter(s): the cost of removing {n} can't be paid", self.obj(source).counters.get(kind), kind.name()))));
        }
        // 702.177a: an exhaust ability is activated only once (by this object, 400.7).
        if cost.exhaust {
            if self.obj(source).activated_turns.iter().any(|&(i, _)| i == ability) {
                return Ok(Err(Illegal::new(cite!(exhaust.already), format!("the exhaust ability of {name} can be activated only once, and it already was"))));
            }
            if !cost.once_each_turn {
                let turn = self.turn;
                self.obj_mut(source).activated_turns.push((ability, turn));
            }
        }
        // 702.142a: a boast ability only if this creature attacked this turn.
        if cost.boast && self.obj(source).attacked_turn != Some(self.turn) {
            return Ok(Err(Illegal::new(cite!(boast.not_attacked), format!("{name} hasn't attacked this turn: its boast ability can't be activated"))));
        }
        // 602.5b: "Activate only once each turn".
        if cost.once_each_turn {
            if self.obj(source).activated_turns.contains(&(ability, self.turn)) {
                let e = Illegal::new(cite!(activate.once_each_turn), format!("the ability of {name} can be activated only once each turn, and it already was this turn"));
                return Ok(Err(if cost.boast { e.also(cite!(boast.once_each_turn)) } else { e }));
            }
            let turn = self.turn;
            self.obj_mut(source).activated_turns.push((ability, turn));
        }
        if cost.tap {
            if self.obj(source).tapped {
                return Ok(Err(Illegal::new(cite!(cost.tapped), format!("{name} is already tapped: its {{T}} cost can't be paid"))));
            }
            if self.is_sick(source) && self.is_creature(source) && !self.has_keyword(source, Keyword::Haste) {
                return Ok(Err(Illegal::new(cite!(cost.summoning_sick), format!("{name} has not been under {}'s control since their most recent turn began", self.players[p].name))));
            }
        }
        if cost.pay_life > 0 && self.players[p].life < i64::from(cost.pay_life) {
            return Ok(Err(Illegal::cited(&cite!(cost.cant_pay_life), format!("{} can't pay {} life", self.players[p].name, cost.pay_life))));
        }
        if cost.pay_energy > self.players[p].energy {
            return Ok(Err(Illegal::cited(&cite!(cost.not_enough_energy), format!("{} can't pay {}: they have {} energy counter{}", self.players[p].name, crate::cards::ir::PayCost::Energy(cost.pay_energy), self.players[p].energy, if self.players[p].energy == 1 { "" } else { "s" }))));
        }
        let x = ch.x.unwrap_or(0);
        let mut ev = Ev::new(EventKind::Activate, crate::engine::event::Text::Activates).player(self, p).source(self, source).rule(cite!(activate.activates));
        if self.obj(source).zone == Zone::Graveyard {
            // 113.6m: it works from the graveyard it moves the card out of.
            ev = ev.rule(cite!(activate.from_own_zone));
        }
        if cost.condition.is_some() {
            // 602.1b: its "activate only if" condition held as it was activated.
            ev = ev.rule(cite!(activate.condition_true));
        }
        self.record(ev);
        let announced = self.last_event();
        let by = Targeter { you: p, source, this: None, x, player: None };
        let (modes, targets) = match self.propose(effect, ch, by, &format!("the ability of {name}")) {
            Ok(r) => r,
            Err(e) => return Ok(Err(e)),
        };
        // "Choose one that hasn't been chosen [this turn] —": a mode this object already chose
        // for this ability can't be chosen (700.2a); with none left it can't be activated.
        if let Some(m) = effect.modal.as_ref().filter(|m| m.fresh.is_some()) {
            let used = self.used_modes(source, ability, m.fresh);
            if let Some(&i) = modes.iter().find(|i| used.contains(i)) {
                return Ok(Err(Illegal::new(cite!(mode.already_chosen), format!("mode {} of the ability of {name} has already been chosen and can't be chosen again", i + 1))));
            }
            let turn = self.turn;
            self.obj_mut(source).modes_chosen.extend(modes.iter().map(|&i| (ability, i, turn)));
        }
        self.check_unread_targets(targets.iter().map(|c| c.target), &format!("the ability of {name}"))?;
        // On an activated ability `tap:` names crew (702.122a), not convoke or improvise, which
        // only spells have: the mana payment doesn't see it.
        let mana_ch = Choices { tap: None, exile: None, ..ch.clone() };
        // "This ability costs {1} less to activate for each …" (602.2b, 601.2f): the total cost
        // is worked out now; a reduction takes only generic mana, not below {0} (118.7).
        let mut mana_cost = cost.mana.clone();
        if let Some(&(n, per)) = cost.cost_change.as_deref() {
            let times = per.map_or(1, |what| self.count(p, what, Some(source)));
            let delta = i64::from(n).saturating_mul(times);
            let before = mana_cost.generic;
            mana_cost.generic = u32::try_from((i64::from(before) + delta).clamp(0, i64::from(u32::MAX))).unwrap_or(0);
            let text = if delta > 0 {
                format!("the ability of {name} costs {{{delta}}} more to activate (its own text)")
            } else {
                format!("the ability of {name} costs {{{}}} less to activate (its own text)", before - mana_cost.generic)
            };
            let mut ev = Ev::new(EventKind::Choice, text).source(self, source).rules(&cite!(cost.ability_change));
            if delta < 0 && i64::from(before) + delta < 0 {
                ev = ev.rule(cite!(cost.reduction_generic_only));
            }
            self.record(ev);
        }
        if let Err(e) = self.pay_mana(p, &mana_cost, x, &mana_ch, crate::engine::mana::Alternatives { reserved: cost.tap.then_some(source), ..Default::default() }, dec)? {
            return Ok(Err(e));
        }
        if cost.tap && self.obj(source).tapped {
            // It was tapped for mana while paying: the {T} part can no longer be paid.
            return Ok(Err(Illegal::new(cite!(cost.tapped_for_mana), format!("{name} was tapped for mana and can't also be tapped to pay its {{T}} cost"))));
        }
        if cost.tap {
            self.become_tapped(source);
            let ev = Ev::new(EventKind::Tap, Text::ObjectDoes("is tapped as a cost")).object(self, source).rule(cite!(cost.tap));
            self.record(ev);
        }
        // 606.4: the loyalty cost is paid by putting on or removing loyalty counters.
        if let Some(n) = loyalty_change {
            let turn = self.turn;
            self.obj_mut(source).loyalty_turn = Some(turn);
            let k = crate::cards::ir::CounterKind::Loyalty;
            let amount = u32::try_from(n.unsigned_abs()).unwrap_or(u32::MAX);
            if n > 0 {
                self.put_counters(source, &k, amount, &[cite!(loyalty.add)], false, " as the cost of its loyalty ability");
            } else {
                self.remove_counters(source, &k, amount, &cite!(loyalty.remove), " as the cost of its loyalty ability");
            }
        }
        self.sacrificed_now = None;
        if let Err(e) = self.pay_other_costs(p, source, cost, ch, dec)? {
            return Ok(Err(e));
        }
        let sacrificed = self.sacrificed_now.take();
        // 702.29e: a typecycling ability searches instead of drawing.
        if cost.cycling
            && effect.instructions.iter().any(|i| matches!(i, crate::cards::ir::Instruction::Search(_)))
            && let Some(ev) = self.trace.last_mut()
        {
            ev.rules.push(cite!(cycling.typecycling));
        }
        // The ability exists on the stack independently of its source (113.7a).
        let choices = StackChoices { x, targets, modes, sacrificed, ..StackChoices::default() };
        let uid = self.next_ability_uid;
        self.next_ability_uid += 1;
        let targets = choices.targets.clone();
        let text = held.as_deref().cloned().map(Box::new);
        self.stack.push(StackItem::Ability(StackAbility { uid, source, controller: p, ability, choices, trigger: None, text, origin: announced, delayed: None, keyword: None }));
        self.fire_targeted(Target::Ability(uid), p, &targets);
        self.passes = 0;
        Ok(Ok(()))
    }

    /// Pays the parts of an activated ability's cost other than mana and {T} (601.2h, 602.2b):
    /// life (119.4), a discarded card (701.9a) and sacrificing the source itself (701.21a).
    pub(crate) fn pay_other_costs(&mut self, p: PlayerId, source: ObjId, cost: &Cost, ch: &Choices, dec: &mut dyn Decider) -> Outcome {
        // `{T}` alone (a basic land's mana ability, 305.6) has nothing else to pay. Any other
        // part, or any part added to `Cost` later, makes the cost differ from this one.
        static TAP_ONLY: std::sync::LazyLock<Cost> = std::sync::LazyLock::new(|| Cost { tap: true, ..Cost::default() });
        if *cost == *TAP_ONLY {
            return Ok(Ok(()));
        }
        let cost_of = format!("the cost of the ability of {}", self.described(source));
        self.pay_cost_parts(p, source, cost, ch, &cost_of, dec)
    }

    /// [`Game::pay_other_costs`] for any cost with such parts: `cost_of` names it ("the
    /// alternative cost of Force of Will").
    pub(crate) fn pay_cost_parts(&mut self, p: PlayerId, source: ObjId, cost: &Cost, ch: &Choices, cost_of: &str, dec: &mut dyn Decider) -> Outcome {
        let name = self.describe(source);
        if cost.pay_life > 0 {
            if self.players[p].life < i64::from(cost.pay_life) {
                return Ok(Err(Illegal::cited(&cite!(cost.cant_pay_life), format!("{} can't pay {} life", self.players[p].name, cost.pay_life))));
            }
            self.pay_life(p, cost.pay_life, "", &[cite!(cost.pay_life)]);
        }
        if cost.exert_self && self.on_battlefield(source) {
            // 701.43a: exerting it is choosing that it won't untap during its controller's
            // next untap step.
            self.skip_next_untap.push((source, None, cite!(exert.no_untap)));
            let ev = Ev::new(EventKind::Choice, format!("{} exerts {name} to pay the cost: it won't untap during their next untap step", self.players[p].name)).object(self, source).player(self, p).rules(&cite!(exert.cost));
            self.record(ev);
        }
        if cost.pay_energy > 0 && !self.pay_energy(p, cost.pay_energy, cite!(cost.pay_energy)) {
            return Ok(Err(Illegal::cited(&cite!(cost.not_enough_energy), format!("{} can't pay {}", self.players[p].name, crate::cards::ir::PayCost::Energy(cost.pay_energy)))));
        }
        if cost.discard_card
            && let Err(e) = self.pay_additional(p, &AdditionalCost::Discard, ch, cost_of, Some(source), dec)?
        {
            return Ok(Err(e));
        }
        // 602.2b, 701.21a: "Sacrifice a creature" — chosen now, named by `sacrifice:`.
        if let Some(f) = &cost.sacrifice
            && let Err(e) = self.pay_additional(p, &AdditionalCost::Sacrifice(f.clone()), ch, cost_of, Some(source), dec)?
        {
            return Ok(Err(e));
        }
        if let Some(f) = &cost.return_to_hand
            && let Err(e) = self.pay_additional(p, &AdditionalCost::ReturnToHand(f.clone()), ch, cost_of, Some(source), dec)?
        {
            return Ok(Err(e));
        }
        if let Some((f, n)) = cost.tap_untapped.as_deref()
            && let Err(e) = self.pay_tap_untapped(p, source, f, *n, ch, cost_of, dec)?
        {
            return Ok(Err(e));
        }
        if let Some((f, n)) = cost.exile_from_hand.as_deref()
            && let Err(e) = self.pay_exile_cards(p, source, f, *n, Zone::Hand, ch, cost_of, dec)?
        {
            return Ok(Err(e));
        }
        if let Some((f, n)) = cost.exile_from_graveyard.as_deref()
            && let Err(e) = self.pay_exile_cards(p, source, f, *n, Zone::Graveyard, ch, cost_of, dec)?
        {
            return Ok(Err(e));
        }
        if cost.exile_self_from_graveyard {
            if self.obj(source).zone != Zone::Graveyard {
                return Ok(Err(Illegal::cited(&cite!(cost.not_in_graveyard), format!("{name} is no longer in the graveyard to be exiled"))));
            }
            let ev = Ev::new(EventKind::Exile, format!("{} exiles {name} from their graveyard to pay {cost_of}", self.players[p].name)).player(self, p).object(self, source).zone(Zone::Exile).rules(&cite!(cost.exile_self_from_graveyard));
            self.record(ev);
            self.move_object(source, Zone::Exile);
        }
        if cost.ninjutsu
            && let Err(e) = self.pay_ninjutsu(p, source, cost_of, dec)?
        {
            return Ok(Err(e));
        }
        if let Some(n) = cost.crew
            && let Err(e) = self.pay_crew(p, source, n, ch, dec)?
        {
            return Ok(Err(e));
        }
        if cost.discard_self {
            let rules: &[RuleId] = if cost.cycling { &cite!(cycling.discard) } else { &cite!(cost.discard_self) };
            self.put_discarded(p, source, format!("{} discards {name} to pay the cost of its ability", self.players[p].name), rules, cost.cycling);
        }
        if let Some((kind, n)) = &cost.remove_counters {
            if self.obj(source).counters.get(kind) < *n {
                return Ok(Err(Illegal::cited(&cite!(cost.not_enough_counters), format!("{name} doesn't have {n} {} counter(s) to remove", kind.name()))));
            }
            self.remove_counters(source, kind, *n, &[cite!(cost.remove_counters)], " as a cost");
        }
        if cost.sacrifice_self {
            let ev = Ev::new(EventKind::Sacrifice, crate::engine::event::Text::ObjectDoes("is sacrificed as a cost")).object(self, source).zone(Zone::Graveyard).rule(cite!(cost.sacrifice_self));
            self.record(ev);
            self.move_object(source, Zone::Graveyard);
        }
        Ok(Ok(()))
    }
}

impl Game {
    /// The objects among `eligible` chosen to pay a cost of `want` of them (601.2h, 602.2b):
    /// those `named` in the action, or all of them when there are no more (forced), or asked
    /// for. `Err`: a named object that can't pay (not eligible, or named twice).
    #[expect(clippy::too_many_arguments, reason = "the candidates, the action's names and the decision's words")]
    fn cost_choice(&mut self, p: PlayerId, eligible: &[ObjId], named: Option<&Vec<ObjId>>, want: usize, rule: RuleId, what: String, dec: &mut dyn Decider) -> Result<Result<Vec<ObjId>, ObjId>, Stop> {
        if let Some(list) = named {
            if let Some((_, &o)) = list.iter().enumerate().find(|&(k, o)| list[..k].contains(o) || !eligible.contains(o)) {
                return Ok(Err(o));
            }
            return Ok(Ok(list.clone()));
        }
        if eligible.len() <= want {
            return Ok(Ok(eligible.to_vec()));
        }
        let options: Vec<Target> = eligible.iter().map(|&o| Target::Object(o)).collect();
        let d = Decision { player: p, kind: DecisionKind::Pick { options, count: want }, rule, what };
        Ok(Ok(match self.decide(dec, &d)? {
            Answer::Pick(ts) => ts.into_iter().filter_map(|t| if let Target::Object(o) = t { Some(o) } else { None }).collect(),
            _ => Vec::new(),
        }))
    }

    /// Pays "Tap an untapped [kind] you control" / "Tap two untapped …" (602.2b, 118.3): the
    /// permanents named by `tap:`, or the only ones that can pay (forced), or chosen now.
    /// Summoning sickness doesn't matter: 302.6 restricts only the {T} and {Q} symbols of a
    /// creature's own abilities.
    #[expect(clippy::too_many_arguments, reason = "the cost's parts and the decision's words")]
    pub(crate) fn pay_tap_untapped(&mut self, p: PlayerId, source: ObjId, f: &crate::cards::ir::ObjectFilter, n: u32, ch: &Choices, cost_of: &str, dec: &mut dyn Decider) -> Outcome {
        let eligible: Vec<ObjId> = self.permanents_of(p).filter(|&o| !(self.obj(o).tapped || f.other && o == source) && self.matches_filter(o, f, p)).collect();
        let want = usize::try_from(n).unwrap_or(usize::MAX);
        let chosen = match self.cost_choice(p, &eligible, ch.tap.as_ref(), want, cite!(cost.tap_choice), format!("what to tap for {cost_of}"), dec)? {
            Ok(c) => c,
            Err(o) => {
                let why = if self.on_battlefield(o) && self.obj(o).tapped { format!("{} is already tapped", self.described(o)) } else { format!("{} can't be tapped to pay {cost_of}", self.described(o)) };
                return Ok(Err(Illegal::cited(&cite!(cost.cant_tap), why)));
            }
        };
        if chosen.len() != want {
            let s = if n == 1 { "" } else { "s" };
            return Ok(Err(Illegal::cited(&cite!(cost.not_enough_to_tap), format!("{cost_of} needs {n} untapped permanent{s} of the kind to tap; {} {}", chosen.len(), if ch.tap.is_some() { "named" } else { "available" }))));
        }
        // A spell's cost is paid as it is cast (601.2h); an ability's as it is activated (602.2b).
        let paying = if self.obj(source).zone == Zone::Stack { cite!(cost.paid_spell) } else { cite!(cost.paid_ability) };
        for o in chosen {
            let mut rules = vec![paying, cite!(cost.tap_for_cost)];
            // 302.6: only a {T} in the creature's own ability's cost needs it to be steady.
            if self.is_creature(o) && self.is_sick(o) {
                rules.push(cite!(cost.tap_sick_creature));
            }
            let sick = if rules.len() > 2 { " (summoning sickness doesn't matter: it is not the {T} of its own ability)" } else { "" };
            let ev = Ev::new(EventKind::Tap, format!("{} is tapped to pay {cost_of}{sick}", self.described(o))).object(self, o).rules(&rules);
            self.record(ev);
            self.become_tapped(o);
        }
        Ok(Ok(()))
    }

    /// Pays "exile a blue card from your hand" (a pitch cost, 118.9) or "exile a creature card
    /// from your graveyard" (602.2b): the cards named by `exile:`, or the only ones that can pay
    /// (forced), or chosen now, from `zone` (hand or graveyard), never the source itself; each
    /// is exiled (406.2).
    #[expect(clippy::too_many_arguments, reason = "the cost's parts and where it is paid from")]
    fn pay_exile_cards(&mut self, p: PlayerId, source: ObjId, f: &crate::cards::ir::ObjectFilter, n: u32, zone: Zone, ch: &Choices, cost_of: &str, dec: &mut dyn Decider) -> Outcome {
        let (cards, place) = if zone == Zone::Hand { (&self.players[p].hand, "hand") } else { (&self.players[p].graveyard, "graveyard") };
        let eligible: Vec<ObjId> = cards.iter().copied().filter(|&o| o != source && self.matches_filter(o, f, p)).collect();
        let want = usize::try_from(n).unwrap_or(usize::MAX);
        let chosen = match self.cost_choice(p, &eligible, ch.exile.as_ref(), want, cite!(cost.exile_choice), format!("what to exile from their {place} for {cost_of}"), dec)? {
            Ok(c) => c,
            Err(o) => {
                let where_ = if self.obj(o).zone == zone && self.obj(o).owner == p { String::new() } else { format!(" (it is not in their {place})") };
                return Ok(Err(Illegal::cited(&cite!(cost.cant_exile), format!("{} can't be exiled to pay {cost_of}{where_}", self.described(o)))));
            }
        };
        if chosen.len() != want {
            let s = if n == 1 { "" } else { "s" };
            return Ok(Err(Illegal::cited(&cite!(cost.not_enough_to_exile), format!("{cost_of} needs {n} card{s} of the kind exiled from {}'s {place}; {} {}", self.players[p].name, chosen.len(), if ch.exile.is_some() { "named" } else { "there" }))));
        }
        // A spell's cost is paid as it is cast (601.2h); an ability's as it is activated (602.2b).
        let paying = if self.obj(source).zone == Zone::Stack { cite!(cost.paid_spell) } else { cite!(cost.paid_ability) };
        for o in chosen {
            let ev = Ev::new(EventKind::Exile, format!("{} exiles {} from their {place} to pay {cost_of}", self.players[p].name, self.described(o))).player(self, p).object(self, o).zone(Zone::Exile).rules(&[paying, cite!(cost.exile_face_up)]);
            self.record(ev);
            self.move_object(o, Zone::Exile);
        }
        Ok(Ok(()))
    }

    /// The attacking creatures `p` controls that are unblocked (509.1h): once blockers have been
    /// declared, those no creature was declared blocking.
    pub(crate) fn unblocked_attackers(&self, p: PlayerId) -> Vec<ObjId> {
        use crate::scenario::model::Step;
        if !matches!(self.step, Step::DeclareBlockers | Step::FirstStrikeDamage | Step::CombatDamage | Step::EndOfCombat) {
            return Vec::new();
        }
        self.combat.attackers.iter().filter(|a| !a.blocked && self.on_battlefield(a.id) && self.controller(a.id) == p).map(|a| a.id).collect()
    }

    /// Pays ninjutsu's cost beyond mana (702.49a): the card is revealed from the hand, and an
    /// unblocked attacking creature `p` controls (the only one, or chosen) is returned to its
    /// owner's hand; what it was attacking is kept on the card for the ability's effect
    /// (702.49c).
    fn pay_ninjutsu(&mut self, p: PlayerId, card: ObjId, cost_of: &str, dec: &mut dyn Decider) -> Outcome {
        let candidates = self.unblocked_attackers(p);
        let pick = match candidates.as_slice() {
            [] => return Ok(Err(Illegal::cited(&cite!(ninjutsu.nothing_to_return), format!("{} controls no unblocked attacking creature to return", self.players[p].name)))),
            [one] => *one,
            _ => {
                let options: Vec<Target> = candidates.iter().map(|&o| Target::Object(o)).collect();
                let d = Decision { player: p, kind: DecisionKind::Pick { options, count: 1 }, rule: cite!(ninjutsu.return_choice), what: format!("the unblocked attacker to return to its owner's hand for {cost_of}") };
                match self.decide(dec, &d)? {
                    Answer::Pick(ts) => match ts.first() {
                        Some(Target::Object(o)) if candidates.contains(o) => *o,
                        _ => return Ok(Err(Illegal::new(cite!(ninjutsu.none_chosen), "no unblocked attacker chosen for the ninjutsu cost"))),
                    },
                    _ => return Ok(Err(Illegal::new(cite!(ninjutsu.none_chosen), "no unblocked attacker chosen for the ninjutsu cost"))),
                }
            }
        };
        let ev = Ev::new(EventKind::Reveal, format!("{} reveals {} from their hand (ninjutsu)", self.players[p].name, self.described(card))).player(self, p).object(self, card).rules(&cite!(ninjutsu.reveal));
        self.record(ev);
        let attacking = self.combat.attackers.iter().find(|a| a.id == pick).map(|a| a.attacking);
        self.obj_mut(card).ninjutsu_attacking = attacking;
        let ev = Ev::new(EventKind::ReturnToHand, format!("{} returns {}, an unblocked attacker, to its owner's hand to pay {cost_of}", self.players[p].name, self.described(pick))).player(self, p).object(self, pick).zone(Zone::Hand).rules(&cite!(ninjutsu.return_attacker));
        self.record(ev);
        self.move_object(pick, Zone::Hand);
        Ok(Ok(()))
    }

    /// Pays a crew N cost (702.122a): other untapped creatures `p` controls, with total power
    /// N or more, are tapped. They are the ones named by `tap:`, or chosen now.
    fn pay_crew(&mut self, p: PlayerId, vehicle: ObjId, n: u32, ch: &Choices, dec: &mut dyn Decider) -> Outcome {
        let eligible: Vec<ObjId> = self.permanents_of(p).filter(|&o| o != vehicle && self.is_creature(o) && !self.obj(o).tapped).collect();
        let total = |g: &Game, set: &[ObjId]| set.iter().map(|&o| i64::from(g.power(o).max(0))).sum::<i64>();
        let crew = match &ch.tap {
            Some(list) => {
                for (k, &o) in list.iter().enumerate() {
                    if list[..k].contains(&o) || !eligible.contains(&o) {
                        let why = if o == vehicle { "a Vehicle can't crew itself".to_owned() } else { format!("{} is not another untapped creature {} controls", self.described(o), self.players[p].name) };
                        return Ok(Err(Illegal::cited(&cite!(crew.cant_crew), why)));
                    }
                }
                list.clone()
            }
            None if total(self, &eligible) < i64::from(n) => Vec::new(),
            None => {
                let options: Vec<Target> = eligible.iter().map(|&o| Target::Object(o)).collect();
                let d = Decision { player: p, kind: DecisionKind::PickRange { min: 1, max: options.len(), options, found: Vec::new() }, rule: cite!(crew.choice), what: format!("the creatures to tap to crew {} (total power {n} or more)", self.described(vehicle)) };
                match self.decide(dec, &d)? {
                    Answer::Pick(ts) => ts.into_iter().filter_map(|t| if let Target::Object(o) = t { Some(o) } else { None }).collect(),
                    _ => Vec::new(),
                }
            }
        };
        let power = total(self, &crew);
        if power < i64::from(n) {
            return Ok(Err(Illegal::cited(&cite!(crew.not_enough_power), format!("crew {n} needs untapped creatures with total power {n} or more; {} chosen", power))));
        }
        for o in crew {
            let ev = Ev::new(EventKind::Tap, format!("{} is tapped to crew {}", self.described(o), self.described(vehicle))).object(self, o).rules(&cite!(crew.tap));
            self.record(ev);
            // The one tapping path: "whenever … becomes tapped" sees a crewing creature too.
            self.become_tapped(o);
        }
        Ok(Ok(()))
    }
}

/// The effect a spell is cast with: an instant's or sorcery's spell ability, or for an Aura the
/// target its enchant ability defines (303.4a).
#[must_use]
pub fn aura_or_spell_effect(abilities: &[Ability]) -> Effect {
    abilities
        .iter()
        .find_map(|a| match a {
            Ability::Spell(e) => Some(e.clone()),
            Ability::Enchant(f) => Some(Effect { targets: vec![TargetSpec::Permanent(f.clone()).into()], ..Effect::default() }),
            _ => None,
        })
        .unwrap_or_default()
}

/// The timing rule of a spell's card type: each permanent type and sorcery has its own.
fn timing_rule(types: &[CardType]) -> RuleId {
    if types.contains(&CardType::Sorcery) {
        cite!(timing.sorcery_spell)
    } else if types.contains(&CardType::Creature) {
        cite!(timing.creature_spell)
    } else if types.contains(&CardType::Planeswalker) {
        cite!(timing.planeswalker_spell)
    } else if types.contains(&CardType::Battle) {
        cite!(timing.battle_spell)
    } else if types.contains(&CardType::Enchantment) {
        cite!(timing.enchantment_spell)
    } else {
        cite!(timing.artifact_spell)
    }
}

/// A target kind in words, single-spaced whatever the filter leaves out ("target spell").
#[must_use]
pub fn describe_spec(spec: &TargetSpec) -> String {
    spec_words(spec).split_whitespace().collect::<Vec<_>>().join(" ")
}

fn spec_words(spec: &TargetSpec) -> String {
    match spec {
        TargetSpec::Any => "any target: a creature, player, planeswalker or battle".to_owned(),
        TargetSpec::Player { opponent_only: true } => "target opponent".to_owned(),
        TargetSpec::Player { opponent_only: false } => "target player".to_owned(),
        TargetSpec::PlayerOrPlaneswalker { opponent_only: false } => "target player or planeswalker".to_owned(),
        TargetSpec::PlayerOrPlaneswalker { opponent_only: true } => "target opponent or planeswalker".to_owned(),
        TargetSpec::Permanent(f) if f.types_any.is_empty() => format!("target {}", noun_words(f, "permanent")),
        TargetSpec::Permanent(f) => format!("target {}", filter_words(f)),
        TargetSpec::Spell(f) => format!("target {}", noun_words(f, "spell")),
        TargetSpec::SpellOrPermanent(f) => format!("target {}", noun_words(f, "spell or permanent")),
        TargetSpec::GraveyardCard { filter, yours } => {
            let (before, after) = filter_parts(filter);
            // "target creature card with mana value 2 or less in your graveyard".
            let kind = [before.as_str(), "card", after.as_str()].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" ");
            format!("target {kind} in {}", if *yours { "your graveyard" } else { "a graveyard" })
        }
        TargetSpec::Ability => "target activated or triggered ability".to_owned(),
    }
}

/// "one or two targets", "two targets", "up to three targets".
fn count_words(s: &TargetSlot) -> String {
    match (s.min, s.max) {
        (1, 1) => "a target".to_owned(),
        (a, b) if a == b => format!("{a} different targets"),
        (0, b) => format!("up to {b} targets"),
        (a, u32::MAX) => format!("at least {a} target(s)"),
        (a, b) => format!("{a} to {b} targets"),
    }
}

fn mode_count(min: u32, max: u32) -> String {
    if min == max { min.to_string() } else { format!("{min} to {max}") }
}

/// The target instance an effect divides an amount among, and the amount (601.2d).
/// The chosen modes of a modal effect whose modes may repeat (700.2d), each with the number
/// of times it was chosen before: `[1, 1, 2]` gives `(1, 0), (1, 1), (2, 0)`.
pub(crate) fn mode_instances(modes: &[usize]) -> impl Iterator<Item = (usize, usize)> + '_ {
    modes.iter().enumerate().map(|(n, &i)| (i, modes[..n].iter().filter(|&&j| j == i).count()))
}

pub(crate) fn divided_total(effect: &Effect, modes: &[usize], x: u32) -> Option<(usize, u32)> {
    let instrs: Vec<&Instruction> = match &effect.modal {
        None => effect.instructions.iter().collect(),
        Some(m) => modes.iter().flat_map(|&i| m.modes[i].instructions.iter()).collect(),
    };
    instrs.into_iter().find_map(|i| match i {
        Instruction::DealDamage { amount, divided: true, to: crate::cards::ir::Affected::Target(slot) } => Some((*slot, match amount {
            Amount::Fixed(n) => u32::try_from(*n).unwrap_or(0),
            Amount::X => x,
            // A divided amount is a number or X (the compiler).
            Amount::MinusX | Amount::Kicked { .. } | Amount::ThatMuch | Amount::Stat { .. } | Amount::Count { .. } => 0,
        })),
        _ => None,
    })
}

/// A quality protection is from, in words.
#[must_use]
pub fn quality_words(q: Quality) -> String {
    match q {
        Quality::Color(c) => c.name().to_owned(),
        Quality::Type(t) => format!("{}s", t.name().to_lowercase()),
        Quality::Everything => "everything".to_owned(),
    }
}

/// "with power 2 or less", "with toughness 4 or greater": a filter's comparisons of power
/// and toughness (208.1), in words.
pub(crate) fn stat_words(f: &crate::cards::ir::ObjectFilter) -> impl Iterator<Item = String> {
    [("power", f.power), ("toughness", f.toughness)].into_iter().filter_map(|(stat, v)| {
        v.map(|(cmp, n)| match cmp {
            crate::cards::ir::Compare::AtMost => format!("with {stat} {n} or less"),
            crate::cards::ir::Compare::AtLeast => format!("with {stat} {n} or greater"),
            _ => format!("with {stat} {n}"),
        })
    })
}

pub(crate) fn filter_words(f: &crate::cards::ir::ObjectFilter) -> String {
    let (before, after) = filter_parts(f);
    [before, after].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" ")
}

/// `noun` with the filter's words in natural order: adjectives and types before it, "you
/// control", "with …" and "without …" after it ("target nonland permanent with mana value 3").
pub(crate) fn noun_words(f: &crate::cards::ir::ObjectFilter, noun: &str) -> String {
    let (before, after) = filter_parts(f);
    [before.as_str(), noun, after.as_str()].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" ")
}

/// A filter's words before the noun it qualifies, and after it.
fn filter_parts(f: &crate::cards::ir::ObjectFilter) -> (String, String) {
    let mut w: Vec<String> = if f.other { vec!["other".to_owned()] } else { Vec::new() };
    w.extend(f.colors_none.iter().map(|c| format!("non{}", c.name())));
    if !f.colors.is_empty() {
        w.push(f.colors.iter().map(|c| c.name()).collect::<Vec<_>>().join(" or "));
    }
    match f.tapped {
        Some(true) => w.push("tapped".into()),
        Some(false) => w.push("untapped".into()),
        None => {}
    }
    match (f.attacking, f.blocking) {
        (true, true) => w.push("attacking or blocking".into()),
        (true, false) => w.push("attacking".into()),
        (false, true) => w.push("blocking".into()),
        (false, false) => {}
    }
    if f.token == Some(false) {
        w.push("nontoken".into());
    }
    w.extend(f.types_none.iter().map(|t| format!("non{}", t.name().to_lowercase())));
    if !f.types_all.is_empty() {
        w.push(f.types_all.iter().map(|t| t.name().to_lowercase()).collect::<Vec<_>>().join(" "));
    } else if !f.types_any.is_empty() {
        w.push(f.types_any.iter().map(|t| t.name().to_lowercase()).collect::<Vec<_>>().join(" or "));
    }
    if f.token == Some(true) {
        w.push("token".into());
    }
    let before = w.join(" ");
    let mut w: Vec<String> = Vec::new();
    match f.controller {
        crate::cards::ir::ControllerFilter::You => w.push("you control".into()),
        crate::cards::ir::ControllerFilter::Opponent => w.push("an opponent controls".into()),
        crate::cards::ir::ControllerFilter::Defending => w.push("defending player controls".into()),
        crate::cards::ir::ControllerFilter::TargetPlayer(_) | crate::cards::ir::ControllerFilter::TriggerPlayer => w.push("that player controls".into()),
        crate::cards::ir::ControllerFilter::Any => {}
    }
    if let Some(k) = f.keyword {
        w.push(format!("with {}", k.name()));
    }
    if let Some(k) = f.without {
        w.push(format!("without {}", k.name()));
    }
    if f.power_below_source {
        w.push("with lesser power".into());
    }
    w.extend(stat_words(f));
    if f.dealt_damage_this_turn {
        w.push("that was dealt damage this turn".into());
    }
    if f.blocking_source {
        w.push("blocking it".into());
    }
    if let Some((k, n)) = &f.counters {
        let kind = k.as_ref().map_or(String::new(), |k| format!("{} ", k.name()));
        w.push(if *n == 1 { format!("with a {kind}counter on it") } else { format!("with {n} or more {kind}counters on it") });
    }
    if let Some((cmp, n)) = f.mana_value {
        let n = match n {
            Amount::Fixed(n) => n.to_string(),
            _ => "X".to_owned(),
        };
        w.push(match cmp {
            crate::cards::ir::Compare::Equal => format!("with mana value {n}"),
            crate::cards::ir::Compare::AtMost => format!("with mana value {n} or less"),
            crate::cards::ir::Compare::AtLeast => format!("with mana value {n} or greater"),
            crate::cards::ir::Compare::Even => "with an even mana value".to_owned(),
            crate::cards::ir::Compare::Odd => "with an odd mana value".to_owned(),
        });
    }
    (before, w.join(" "))
}
