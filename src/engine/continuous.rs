//! Continuous effects (611): those of resolving spells and abilities, with the set of objects
//! they affect locked in as they begin (611.2c) and their durations (611.2a); those of static
//! abilities apply to whatever matches at each moment (611.3a) and are not stored at all —
//! the layer system (`layers`) reads them from the permanents that have them.

use crate::cards::ir::{Ability, Change};
use crate::engine::event::{EventKind, Text};
use crate::engine::layers::{describe_change, describe_subject};
use crate::engine::state::{Continuous, Game, ObjId, PlayerId};
use crate::engine::Ev;
use crate::engine::layers::Origin;
use crate::rules::RuleId;

/// The rules a change cites: its layer's, and the rule that says what it does where one does
/// (305.7 for setting a land's type).
fn change_rules(c: &Change) -> Vec<RuleId> {
    let mut out = vec![crate::engine::layers::Layer::of(c).rule()];
    match c {
        Change::SetLandType(_) => out.push(crate::cite!(layer.set_land_type)),
        // "becomes a red Weird": its creature types set (205.1a); "… artifact creature" keeps
        // its other types (205.1b).
        Change::AddTypesNewCreatureTypes { types, .. } => out.push(if types.is_empty() { crate::cite!(layer.creature_types_set) } else { crate::cite!(layer.types_kept) }),
        _ => {}
    }
    out
}

impl Game {
    /// Starts a continuous effect of a resolving spell or ability (611.2a) on `objects`, with
    /// a new timestamp (613.7b). Recording the event is the caller's.
    pub fn add_effect(&mut self, source: ObjId, controller: PlayerId, objects: Vec<ObjId>, change: Change, until_end_of_turn: bool) {
        let timestamp = self.timestamp();
        self.effects.push(Continuous { timestamp, source, controller, objects, change, until_end_of_turn, hold: None });
        self.touch();
    }

    /// Starts the parts of one continuous effect of a resolving spell or ability, sharing one
    /// timestamp (613.7b), on the set of objects locked in now (611.2c), and traces it.
    pub fn add_effects(&mut self, source: ObjId, controller: PlayerId, ids: &[ObjId], changes: &[Change], until_end_of_turn: bool, hold: Option<crate::cards::ir::Hold>) {
        let timestamp = self.timestamp();
        for c in changes {
            self.effects.push(Continuous { timestamp, source, controller, objects: ids.to_vec(), change: c.clone(), until_end_of_turn, hold });
        }
        self.touch();
        let names: Vec<String> = ids.iter().map(|&o| self.describe(o)).collect();
        let what: Vec<String> = changes.iter().filter(|c| **c != Change::GainControl).map(describe_change).collect();
        let how = if until_end_of_turn {
            " until end of turn".to_owned()
        } else if hold == Some(crate::cards::ir::Hold::UntilYourNextTurn) {
            format!(" until {}'s next turn", self.players[controller].name)
        } else {
            String::new()
        };
        let mut rules = crate::cite!(effect.resolution_locked_in).to_vec();
        for c in changes {
            for r in change_rules(c) {
                if !rules.contains(&r) {
                    rules.push(r);
                }
            }
        }
        if changes.contains(&Change::GainControl) {
            let ev = Ev::new(EventKind::Grant, format!("{} gains control of {}{how}", self.players[controller].name, names.join(", "))).player(self, controller).object(self, ids[0]).source(self, source).rules(&rules);
            self.record(ev);
        }
        if !what.is_empty() {
            let ev = Ev::new(EventKind::Grant, format!("{}: {}{how}", names.join(", "), what.join(", "))).object(self, ids[0]).source(self, source).rules(&rules);
            self.record(ev);
        }
    }

    /// Ends the permissions to play exiled cards that last until the end of this turn (514.2,
    /// 611.2a); those whose card has left exile went with it (400.7).
    pub fn end_play_permissions(&mut self) {
        let turn = self.turn;
        let ending: Vec<crate::engine::state::PlayPermission> = self.play_permissions.iter().filter(|p| p.turn == Some(turn)).cloned().collect();
        let objects = &self.objects;
        self.play_permissions.retain(|p| p.turn != Some(turn) && objects[p.card.0 as usize].live && objects[p.card.0 as usize].zone == crate::engine::Zone::Exile);
        for perm in ending {
            if !(self.is_live(perm.card) && self.obj(perm.card).zone == crate::engine::Zone::Exile) {
                continue;
            }
            let verb = if perm.cast_only { "cast" } else { "play" };
            let ev = Ev::new(EventKind::EffectEnds, format!("{} may no longer {verb} {} from exile", self.players[perm.player].name, self.described(perm.card))).object(self, perm.card).player(self, perm.player).rules(&crate::cite!(effect.until_end_of_turn_ends));
            self.record(ev);
        }
    }

    /// The permanent whose static ability lets `p` play `card` from the top of their library
    /// (601.3, 116.2a), if any: `card` must be that top card, and a land for "play lands", a
    /// spell of the stated kind for "cast … spells".
    #[must_use]
    pub fn top_permission(&self, card: ObjId, p: PlayerId, land: bool) -> Option<ObjId> {
        let o = self.obj(card);
        if !(o.live && o.zone == crate::engine::Zone::Library && o.owner == p && self.players[p].library.first() == Some(&card)) {
            return None;
        }
        self.permanents_of(p).find(|&src| {
            self.abilities(src).any(|(_, a)| match a {
                Ability::PlayFromTop { lands, spells } => if land { *lands } else { spells.as_ref().is_some_and(|f| self.matches_filter(card, f, p)) },
                _ => false,
            })
        })
    }

    /// The permission that lets `p` play `card` from exile (601.3, 116.2a), if any: one that
    /// allows only casting doesn't let a land be played.
    #[must_use]
    pub fn exile_permission(&self, card: ObjId, p: PlayerId, land: bool) -> Option<&crate::engine::state::PlayPermission> {
        let o = self.obj(card);
        if !(o.live && o.zone == crate::engine::Zone::Exile) {
            return None;
        }
        self.play_permissions.iter().find(|perm| perm.card == card && perm.player == p && !(land && perm.cast_only))
    }

    /// Ends the effects that last until end of turn (514.2), with an event for each object
    /// whose characteristics or control they changed.
    pub fn end_turn_effects(&mut self) {
        self.end_turn_copies();
        for r in std::mem::take(&mut self.restrictions) {
            let what = crate::engine::actions::cant_words(r.attack, r.block);
            let ev = Ev::new(EventKind::EffectEnds, format!("the effect \"{} can't {what} this turn\" ({}) ends", restricted_words(&r.filter), self.described(r.source))).source(self, r.source).rule(crate::cite!(effect.restriction_ends));
            self.record(ev);
        }
        self.end_effects(|e| e.until_end_of_turn, |_, _| Text::UntilEndOfTurnEnds, crate::cite!(effect.until_end_of_turn_ends_on_object), false);
    }

    /// Ends the effects that last "until your next turn" of `p` as that turn begins (611.2a),
    /// with an event for each object they changed.
    pub fn end_until_next_turn_effects(&mut self, p: PlayerId) {
        let ends = |e: &Continuous| e.hold == Some(crate::cards::ir::Hold::UntilYourNextTurn) && e.controller == p;
        let name = self.players[p].name.clone();
        self.end_effects(ends, |g, o| format!("an effect \"until {name}'s next turn\" on {} ends as that turn begins", g.described(o)).into(), crate::cite!(effect.until_next_turn_ends), true);
    }

    /// Ends the resolved continuous effects `ends` picks, with an event (`text`, citing `rule`,
    /// naming the effect's source if `with_source`) for each object on the battlefield they
    /// changed.
    fn end_effects(&mut self, ends: impl Fn(&Continuous) -> bool, text: impl Fn(&Game, ObjId) -> Text, rule: RuleId, with_source: bool) {
        if !self.effects.iter().any(&ends) {
            return;
        }
        let ending: Vec<Continuous> = self.effects.iter().filter(|e| ends(e)).cloned().collect();
        self.effects.retain(|e| !ends(e));
        self.touch();
        let mut seen = Vec::new();
        for e in &ending {
            for &o in &e.objects {
                if !self.on_battlefield(o) || seen.contains(&o) {
                    continue;
                }
                seen.push(o);
                let ev = Ev::new(EventKind::EffectEnds, text(self, o)).object(self, o).rule(rule);
                let ev = if with_source { ev.source(self, e.source) } else { ev };
                self.record(ev);
            }
        }
    }

    /// Whether a "for as long as" duration still holds (611.2b).
    #[must_use]
    pub fn holds(&self, h: crate::cards::ir::Hold, source: ObjId, controller: PlayerId) -> bool {
        match h {
            crate::cards::ir::Hold::SourceOnBattlefield => self.on_battlefield(source),
            crate::cards::ir::Hold::YouControlSource => self.on_battlefield(source) && self.controller(source) == controller,
            crate::cards::ir::Hold::UntilYourNextTurn => true,
        }
    }

    /// Ends the effects whose "for as long as" duration is over (611.2b); they don't start again.
    fn end_held_effects(&mut self) {
        let over: Vec<usize> = (0..self.effects.len()).filter(|&i| self.effects[i].hold.is_some_and(|h| !self.holds(h, self.effects[i].source, self.effects[i].controller))).collect();
        if over.is_empty() {
            return;
        }
        let ended: Vec<Continuous> = over.iter().rev().map(|&i| self.effects.remove(i)).collect();
        self.touch();
        for e in ended.iter().rev() {
            for &o in &e.objects {
                if self.on_battlefield(o) {
                    let ev = Ev::new(EventKind::EffectEnds, format!("the effect of {} on {} ends: its \"for as long as\" duration is over", self.described(e.source), self.described(o))).object(self, o).source(self, e.source).rule(crate::cite!(effect.for_as_long_ends));
                    self.record(ev);
                }
            }
        }
    }

    /// After each event: notices what the new state of the layers changed that the rules care
    /// about beyond characteristics — a permanent changing controller (613.1b) stops being
    /// continuously controlled (302.6), traced; a static effect that stops or starts applying
    /// because its source lost or regained the ability (613.8a, 305.7), traced.
    pub fn sync_layers(&mut self) {
        if self.syncing {
            return;
        }
        self.end_held_effects();
        let layered = self.layered();
        if layered.effects.is_empty() && !self.control_overridden && self.void_seen.is_empty() {
            return;
        }
        let changed: Vec<(ObjId, PlayerId)> = self.battlefield.iter().map(|&id| (id, self.controller(id))).filter(|&(id, c)| self.obj(id).seen_controller != c).collect();
        let overridden = self.battlefield.iter().any(|&id| self.controller(id) != self.obj(id).controller);
        let void: Vec<(ObjId, u64, Origin, String, bool)> = layered.effects.iter().filter(|e| e.void && e.from_static).map(|e| (e.source, e.timestamp, e.origin, self.effect_text(e), e.condition_false)).collect();
        let mut events = Vec::new();
        for (src, ts, origin, text, condition_false) in &void {
            if self.void_seen.contains(&(*src, *ts, *origin)) {
                continue;
            }
            let ev = if *condition_false {
                // A level symbol is an "as long as" ability of its own kind (711.2a, 711.2b).
                match self.level_symbol(*src, *origin) {
                    Some((symbol, bounded)) => {
                        let have = self.obj(*src).counters.get(&crate::cards::ir::CounterKind::Named("level".to_owned()));
                        let rules: &[crate::rules::RuleId] = if bounded { &crate::cite!(level.range_off) } else { &crate::cite!(level.threshold_off) };
                        Ev::new(EventKind::EffectEnds, format!("{}'s {symbol} ability ({text}) doesn't apply: it has {have} level counter{}", self.described(*src), if have == 1 { "" } else { "s" })).object(self, *src).rules(rules)
                    }
                    None => Ev::new(EventKind::EffectEnds, format!("{}'s static ability ({text}) doesn't apply: its \"as long as\" condition is false", self.described(*src))).object(self, *src).rule(crate::cite!(effect.static_condition_false)),
                }
            } else {
                // Lost to a land-type change in the same layer (Blood Moon, 305.7, 613.8a), or
                // to an ability-removing effect (layer 6, 613.1f) applied before its own layer
                // in the order of 613.1; it never started to apply, so 613.6 doesn't keep it.
                let land_type = self.chars(*src).is_some_and(|c| c.subtypes.is_some()) && self.has_type(*src, crate::cards::ir::CardType::Land);
                let rules: &[crate::rules::RuleId] = if land_type { &crate::cite!(layer.land_type_dependency) } else { &crate::cite!(layer.ability_order) };
                Ev::new(EventKind::EffectEnds, format!("{}'s static ability ({text}) doesn't apply: another effect took the ability away first", self.described(*src))).object(self, *src).rules(rules)
            };
            events.push(ev);
        }
        for &(src, ts, origin) in &self.void_seen {
            if self.on_battlefield(src) && !void.iter().any(|(s, t, o, _, _)| *s == src && *t == ts && *o == origin) {
                let ev = match self.level_symbol(src, origin) {
                    Some((symbol, bounded)) => {
                        let have = self.obj(src).counters.get(&crate::cards::ir::CounterKind::Named("level".to_owned()));
                        let text = layered.effects.iter().find(|e| e.source == src && e.timestamp == ts && e.origin == origin).map(|e| format!(" ({})", self.effect_text(e))).unwrap_or_default();
                        let rules: &[crate::rules::RuleId] = if bounded { &crate::cite!(level.range_on) } else { &crate::cite!(level.threshold_on) };
                        Ev::new(EventKind::EffectBegins, format!("{}'s {symbol} ability{text} applies: it has {have} level counter{}", self.described(src), if have == 1 { "" } else { "s" })).object(self, src).rules(rules)
                    }
                    None => Ev::new(EventKind::EffectBegins, format!("{}'s static ability applies again", self.described(src))).object(self, src).rule(crate::cite!(effect.static_condition_true)),
                };
                events.push(ev);
            }
        }
        for &(id, c) in &changed {
            events.push(Ev::new(EventKind::ControlChange, crate::engine::event::Text::ControlledBy).object(self, id).player(self, c).rules(&crate::cite!(layer.control_change)));
        }
        self.syncing = true;
        let since = self.control_clock + 1;
        for &(id, c) in &changed {
            let o = &mut self.objects[id.0 as usize];
            o.control_since = since;
            o.seen_controller = c;
            // 302.6: its new controller hasn't controlled it since their turn began.
            o.steady = None;
        }
        self.void_seen = void.into_iter().map(|(s, t, o, _, _)| (s, t, o)).collect();
        self.control_overridden = overridden;
        // Each follows from the event that changed the game so that the effects changed.
        let at = self.last_event();
        for ev in events {
            self.record(ev.because(at));
        }
        self.syncing = false;
    }

    /// The level symbol the static ability an effect comes from stands for, if it is a
    /// leveler's: its words (`{LEVEL 2-6}`) and whether it is a range (711.2a) rather than
    /// open-ended (`{LEVEL 7+}`, 711.2b).
    fn level_symbol(&self, src: ObjId, origin: Origin) -> Option<(String, bool)> {
        let Origin::Static(i) = origin else { return None };
        match self.card(src).abilities().get(i) {
            Some(crate::cards::ir::Ability::Static(s)) => match &s.condition {
                Some(crate::cards::ir::Condition::SourceCountersRange { kind: crate::cards::ir::CounterKind::Named(n), min, max }) if n == "level" => {
                    Some((max.map_or_else(|| format!("{{LEVEL {min}+}}"), |m| format!("{{LEVEL {min}-{m}}}")), max.is_some()))
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// Traces the static abilities of a permanent that generate continuous effects as it
    /// enters (611.3a–c) or leaves (611.3b) the battlefield.
    pub fn trace_statics(&mut self, id: ObjId, entering: bool) {
        let timestamp = self.obj(id).timestamp;
        let void = |g: &Game| g.layered().effects.iter().any(|e| e.source == id && e.timestamp == timestamp && e.void);
        if entering && void(self) {
            // It entered without the ability: `sync_layers` says why.
            return;
        }
        let lines: Vec<(String, Vec<RuleId>)> = self
            .obj(id)
            .card
            .abilities()
            .iter()
            .filter_map(|a| match a {
                // 604.3: a characteristic-defining ability for power and toughness works in
                // every zone; it neither begins nor stops applying as the object moves.
                Ability::Static(s) if crate::engine::layers::is_pt_cda(s) => None,
                Ability::Static(s) => {
                    let mut rules = vec![if entering { crate::cite!(effect.static_applies) } else { crate::cite!(effect.static_applies_new) }];
                    for c in &s.changes {
                        for r in change_rules(c) {
                            if !rules.contains(&r) {
                                rules.push(r);
                            }
                        }
                    }
                    Some((format!("{}: {}", describe_subject(&s.subject), s.changes.iter().map(describe_change).collect::<Vec<_>>().join(", ")), rules))
                }
                _ => None,
            })
            .collect();
        for (line, rules) in lines {
            let (kind, text) = if entering {
                (EventKind::EffectBegins, format!("{}'s static ability applies ({line})", self.described(id)))
            } else {
                (EventKind::EffectEnds, format!("{}'s static ability stops applying ({line})", self.described(id)))
            };
            let ev = Ev::new(kind, text).object(self, id).rules(&rules);
            self.record(ev);
        }
    }
}

/// The permanents a restriction covers, in words: "creatures without flying".
#[must_use]
pub fn restricted_words(f: &crate::cards::ir::ObjectFilter) -> String {
    let words = crate::engine::casting::filter_words(f);
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    if words.is_empty() { "permanents".to_owned() } else { format!("every {words}") }
}
