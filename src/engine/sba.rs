//! State-based actions (704), checked as one event whenever a player would receive
//! priority, repeated until none applies (704.3).

use crate::cards::ir::{Ability, CardType};
use crate::engine::decision::{Answer, Decider, Decision, DecisionKind, Stop};
use crate::cite;
use crate::engine::event::{Destruction, EventKind};
use crate::engine::state::{ObjId, Outcome, PlayerId, Target, Zone};
use crate::engine::{Ev, Game};

/// The cause of the events of state-based actions, made once and shared.
static SBA_CAUSE: std::sync::LazyLock<std::sync::Arc<str>> = std::sync::LazyLock::new(|| "state-based actions (704.3)".into());

impl Game {
    /// Performs state-based actions until none applies (704.3). Returns whether any happened.
    ///
    /// # Errors
    /// When a choice among replacement effects (616.1) is not scripted.
    pub fn check_sbas(&mut self, dec: &mut dyn Decider) -> Result<bool, Stop> {
        let mut any = false;
        while self.outcome.is_none() {
            // A condition found now was false at the previous check: its cause came after
            // that check began (engine::cause).
            let start = self.last_event();
            // 610.3: returns due from an event before this check (a cost, a resolution).
            self.return_exiled(dec)?;
            let acted = self.sba_once(dec);
            self.causes.checked = start;
            if !acted? {
                break;
            }
            self.return_exiled(dec)?;
            any = true;
        }
        Ok(any)
    }

    fn sba_once(&mut self, dec: &mut dyn Decider) -> Result<bool, Stop> {
        // Whenever a player would receive priority: what changed in the layers since the last
        // look (control, 302.6; effects switched off by dependency).
        self.sync_layers();
        // 702.131b: ascend, also for a board set up with ten permanents.
        self.check_ascend();
        // 704.5z, 702.179a: start your engines! gives a player with no speed speed 1.
        let engines = self.may_have(crate::engine::layers::Kinds::ENGINES);
        let starting: Vec<(PlayerId, ObjId)> = (0..self.players.len())
            .filter(|_| engines)
            .filter(|&p| !self.players[p].lost && self.players[p].speed.is_none())
            .filter_map(|p| self.permanents_of(p).find(|&o| self.may_have_ability(o, crate::engine::layers::Kinds::ENGINES) && self.has_keyword(o, crate::cards::ir::Keyword::StartYourEngines)).map(|o| (p, o)))
            .collect();
        if !starting.is_empty() {
            self.with_cause(SBA_CAUSE.clone(), crate::engine::cause::Anchor::Touched, |g| {
                for (p, o) in starting {
                    g.players[p].speed = Some(1);
                    g.touch();
                    let ev = Ev::new(EventKind::Speed, format!("{} controls {} with start your engines! and has no speed: their speed becomes 1", g.players[p].name, g.described(o))).player(g, p).source(g, o).amount(1).rules(&cite!(speed.starts));
                    g.record(ev);
                }
            });
            return Ok(true);
        }
        let mut losers: Vec<(PlayerId, crate::rules::RuleId, String)> = Vec::new();
        for (i, p) in self.players.iter().enumerate() {
            if p.lost {
                continue;
            }
            if p.life <= 0 {
                losers.push((i, cite!(sba.life_zero), format!("{} has {} life", p.name, p.life)));
            } else if p.drew_from_empty {
                losers.push((i, cite!(sba.empty_library_draw), format!("{} drew from an empty library", p.name)));
            } else if p.poison >= 10 {
                losers.push((i, cite!(sba.poison), format!("{} has {} poison counters", p.name, p.poison)));
            }
        }
        // 101.2: "You can't lose the game" beats the state-based actions that say a player loses.
        let mut spared = Vec::new();
        losers.retain(|(p, rule, why)| {
            let src = self.permanents_of(*p).find(|&o| self.has_ability(o, &crate::cards::ir::Ability::CantLoseGame));
            match src {
                Some(src) => {
                    spared.push((*p, *rule, why.clone(), src));
                    false
                }
                None => true,
            }
        });
        for (p, rule, why, src) in spared {
            self.players[p].drew_from_empty = false;
            let key = (p, rule, self.players[p].life);
            if !self.spared_losses.contains(&key) {
                self.spared_losses.push(key);
                let ev = Ev::new(EventKind::Choice, format!("{} would lose the game ({why}), but {} says they can't", self.players[p].name, self.described(src))).player(self, p).source(self, src).rules(&[rule, cite!(game.cant_lose)]);
                self.record(ev);
            }
        }
        let mut vanish: Vec<(ObjId, crate::rules::RuleId)> = Vec::new();
        let made = if self.vanishers { self.objects.len() } else { 0 };
        for o in self.objects.range(0, made) {
            if o.live && o.card.token() && o.zone != Zone::Battlefield && o.zone != Zone::Nowhere {
                vanish.push((o.id, cite!(sba.token_left_battlefield)));
            } else if o.live && o.copy && o.zone != Zone::Stack && o.zone != Zone::Nowhere {
                vanish.push((o.id, cite!(sba.copy_left_stack)));
            }
        }
        // With no copy or continuous effect in force every permanent has its printed
        // characteristics, which change only with the object itself: after a check that found
        // nothing, only the objects changed since (`Game::sba_dirty`) can meet a condition
        // below. Anything found that way is looked for again on the whole battlefield, so the
        // order of what happens is the battlefield's.
        let printed = self.copies.is_empty() && self.layered().is_empty();
        let dirty = std::mem::take(&mut self.sba_dirty);
        let incremental = printed && self.sba_clean;
        self.sba_clean = false;
        let mut found = Findings::default();
        if incremental {
            let mut ids = dirty;
            ids.sort_unstable();
            ids.dedup();
            for id in ids.into_iter().filter(|&id| self.on_battlefield(id)) {
                self.check_permanent(id, printed, &mut found);
            }
            // A stale skip is a wrong ruling: in debug builds (the tests), check it.
            #[cfg(debug_assertions)]
            if found.is_empty() {
                let mut all = Findings::default();
                for &id in &self.battlefield {
                    self.check_permanent(id, printed, &mut all);
                }
                assert!(all.is_empty(), "state-based actions: a permanent changed without `obj_mut`");
            }
        }
        if !incremental || !found.is_empty() {
            found = Findings::default();
            for &id in &self.battlefield {
                self.check_permanent(id, printed, &mut found);
            }
        }
        let battlefield_clean = printed && found.is_empty();
        let Findings { mut to_graveyard, mut destroyed, spared, annihilate, relieved, at_edge } = found;
        for id in relieved {
            self.obj_mut_status(id).indestructible_noted = 0;
        }
        if at_edge && self.beyond_range.is_none() {
            self.beyond_range = Some(self.last_event());
        }
        // 702.2b: deathtouch damage counts only until this check.
        // Written only where set, so the objects an action didn't touch stay shared with
        // `run::attempt`'s checkpoint.
        if self.deathtouch_marked {
            self.deathtouch_marked = false;
            for i in 0..self.objects.len() {
                if self.objects[i].deathtouch_damage {
                    self.objects[i].deathtouch_damage = false;
                }
            }
        }
        if !spared.is_empty() {
            self.with_cause(SBA_CAUSE.clone(), crate::engine::cause::Anchor::Touched, |g| {
                for (id, rules, why) in spared {
                    g.obj_mut_status(id).indestructible_noted = g.obj(id).damage;
                    g.indestructible_stops(id, &why, &rules);
                }
            });
        }
        // 704.5m: an Aura attached to nothing, or to something it can't enchant (303.4c,
        // including protection, 702.16c).
        let auras = if self.may_have(crate::engine::layers::Kinds::ENCHANT) { self.battlefield.as_slice() } else { &[] };
        for &a in auras.iter().filter(|&&a| self.may_have_ability(a, crate::engine::layers::Kinds::ENCHANT)) {
            let Some(Ability::Enchant(f)) = self.abilities(a).map(|(_, x)| x).find(|x| matches!(x, Ability::Enchant(_))) else { continue };
            let why = match self.obj(a).attached_to {
                None => Some(("it is attached to nothing".to_owned(), None)),
                Some(h) if !self.on_battlefield(h) => Some(("what it enchanted has left the battlefield".to_owned(), None)),
                Some(h) if !self.matches_filter(h, f, self.controller(a)) => Some((format!("{} is no longer something it can enchant", self.described(h)), Some(cite!(sba.aura_illegal_object)))),
                Some(h) => self.protected_from(h, a).map(|q| (format!("{} has protection from {}", self.described(h), crate::engine::casting::quality_words(q)), Some(cite!(sba.aura_protection)))),
            };
            if let Some((why, also)) = why {
                to_graveyard.push((a, cite!(sba.aura_unattached), why, also));
            }
        }
        // 704.5n: an Equipment attached to something it can't equip becomes unattached and stays
        // on the battlefield: a permanent that isn't a creature on the battlefield, itself, or
        // anything at all once the Equipment is a creature (301.5c; reconfigure isn't read).
        let equipment = if self.may_have(crate::engine::layers::Kinds::EQUIPMENT) { self.battlefield.as_slice() } else { &[] };
        let unattach: Vec<ObjId> = equipment
            .iter()
            .copied()
            .filter(|&e| self.has_subtype(e, "Equipment"))
            .filter(|&e| self.obj(e).attached_to.is_some_and(|h| !self.on_battlefield(h) || !self.is_creature(h) || h == e || self.is_creature(e)))
            .collect();
        // 704.5j, the legend rule: a player who controls two or more legendary permanents with
        // the same name keeps one of them (a decision, asked in APNAP order, 101.4); the rest
        // are put into their owners' graveyards — not destroyed, so regeneration and
        // indestructible don't apply.
        let mut groups: Vec<(PlayerId, Vec<ObjId>)> = Vec::new();
        let legends = if self.may_have(crate::engine::layers::Kinds::LEGENDARY) { self.battlefield.as_slice() } else { &[] };
        for &id in legends {
            if !self.supertypes(id).iter().any(|s| s == "Legendary") {
                continue;
            }
            // Names as the copiable values give them: a copy of a legend has its name (707.2).
            let (ctl, name) = (self.controller(id), self.card(id).name());
            match groups.iter_mut().find(|(p, ids)| *p == ctl && self.card(ids[0]).name() == name) {
                Some((_, ids)) => ids.push(id),
                None => groups.push((ctl, vec![id])),
            }
        }
        groups.retain(|(_, ids)| ids.len() > 1);
        if groups.len() > 1 {
            let order = self.apnap();
            groups.sort_by_key(|(p, _)| order.iter().position(|q| q == p));
        }
        for (p, ids) in groups {
            let name = self.card(ids[0]).name().to_owned();
            let d = Decision {
                player: p,
                kind: DecisionKind::Pick { options: ids.iter().map(|&o| Target::Object(o)).collect(), count: 1 },
                rule: cite!(sba.legend_rule),
                what: format!("the legend rule: which legendary permanent named {name} to keep"),
            };
            let kept = match self.decide(dec, &d)? {
                Answer::Pick(t) => t.first().copied(),
                _ => None,
            };
            let Some(Target::Object(kept)) = kept else { continue };
            for id in ids.into_iter().filter(|&o| o != kept) {
                destroyed.retain(|(o, _, _)| *o != id);
                if !to_graveyard.iter().any(|(o, ..)| *o == id) {
                    to_graveyard.push((id, cite!(sba.legend_rule), format!("the legend rule: {} kept {}", self.players[p].name, self.described(kept)), None));
                }
            }
        }
        // 704.5s, 714.4: a Saga whose lore counters reached its final chapter number, with no
        // chapter ability of its own triggered and not yet left the stack, is sacrificed.
        // Only a game with a chapter ability may have such a Saga (`Kinds::CHAPTER`).
        let chapters = if self.may_have(crate::engine::layers::Kinds::CHAPTER) { self.battlefield.as_slice() } else { &[] };
        let sagas: Vec<ObjId> = chapters.iter().copied().filter(|&o| self.saga_done(o)).collect();
        if losers.is_empty() && to_graveyard.is_empty() && destroyed.is_empty() && vanish.is_empty() && annihilate.is_empty() && unattach.is_empty() && sagas.is_empty() {
            self.sba_clean = battlefield_clean;
            return Ok(false);
        }
        for e in unattach {
            let host = self.obj_mut(e).attached_to.take();
            let mut ev = if self.is_creature(e) || host == Some(e) {
                Ev::new(EventKind::Unattach, format!("{} becomes unattached: an Equipment can't equip itself, nor a creature while it is one", self.described(e))).rules(&cite!(sba.equipment_self_or_creature))
            } else {
                Ev::new(EventKind::Unattach, format!("{} becomes unattached: what it equipped is no longer a creature on the battlefield", self.described(e))).rule(cite!(sba.equipment_illegal))
            };
            ev = ev.object(self, e);
            self.record(ev);
        }
        self.begin_batch();
        let r = self.with_cause(SBA_CAUSE.clone(), crate::engine::cause::Anchor::Touched, |g| -> Result<(), Stop> {
            for (p, rule, why) in &losers {
                g.players[*p].drew_from_empty = false;
                g.lose(*p, *rule, why);
            }
            for (id, rule, why, also) in to_graveyard {
                let text = format!("{} is put into its owner's graveyard ({why})", g.described(id));
                let mut ev = Ev::new(EventKind::PutIntoGraveyard, text).object(g, id).zone(Zone::Graveyard).rule(rule);
                if let Some(r) = also {
                    ev = ev.rule(r);
                }
                g.record(ev);
                g.move_object(id, Zone::Graveyard);
            }
            for id in sagas {
                let n = g.final_chapter(id);
                g.sacrifice_it(id, &format!(" (its lore counters have reached its final chapter, {})", roman(n)), &cite!(saga.sacrifice));
            }
            for (id, mut rules, why) in destroyed {
                rules.push(cite!(sba.destroy));
                g.destroy(id, &rules, &why, true, dec)?;
            }
            for (id, n) in annihilate {
                let c = &mut g.obj_mut(id).counters;
                c.plus -= n;
                c.minus -= n;
                let text = format!("{n} +1/+1 and {n} -1/-1 counter(s) are removed from {}", g.described(id));
                let ev = Ev::new(EventKind::RemoveCounters, text).object(g, id).amount(i64::from(n)).rules(&cite!(sba.counters_annihilate));
                g.record(ev);
            }
            for (id, rule) in vanish {
                let ev = Ev::new(EventKind::CeasesToExist, crate::engine::event::Text::CeasesToExist { token: !g.obj(id).copy }).object(g, id).rule(rule);
                g.record(ev);
                g.move_object(id, Zone::Nowhere);
            }
            g.check_game_over();
            Ok(())
        });
        self.end_batch();
        r?;
        Ok(true)
    }

    /// The state-based actions one permanent meets by itself (704.5f–i, 704.5q; 702.12b for
    /// an indestructible creature), added to `f`. `printed`: no copy or continuous effect is in
    /// force.
    fn check_permanent(&self, id: ObjId, printed: bool, f: &mut Findings) {
        let o = self.obj(id);
        // Once its damage is no longer lethal (removed in cleanup, say), a later lethal amount
        // is worth noting again, even if it is the same number (reset after the check: a
        // relieved creature's noted amount matters below only with deathtouch damage, which is
        // noted whatever the amount).
        if o.indestructible_noted > 0 && i64::from(o.damage) < i64::from(self.toughness(id)) {
            f.relieved.push(id);
        }
        // Only creatures and planeswalkers are checked below, apart from counters: with
        // printed characteristics, a card none of whose faces is either needs no closer look.
        let creature_or_walker = crate::engine::layers::Kinds::CREATURE.with(crate::engine::layers::Kinds::PLANESWALKER);
        let (creature, walker) = if printed && !o.face_down && !o.card.kinds().has(creature_or_walker) {
            (false, false)
        } else {
            let types = self.types(id);
            (types.contains(&CardType::Creature), types.contains(&CardType::Planeswalker))
        };
        if creature {
            let t = self.toughness(id);
            // Power and toughness are 32-bit and saturate in the layers (613.4): one at the end
            // of its range is past what judge represents, and the run stops after the last event.
            f.at_edge |= matches!(t, i32::MAX | i32::MIN) || matches!(self.power_toughness(id).0, i32::MAX | i32::MIN);
            let dmg = o.damage;
            let lethal = i64::from(dmg) >= i64::from(t);
            if t <= 0 {
                // Name the effects that made it so (613.4), when any did.
                let why = match self.toughness_sources(id) {
                    Some(s) => format!("toughness {t}, from {s}"),
                    None => format!("toughness {t}"),
                };
                f.to_graveyard.push((id, cite!(sba.zero_toughness), why, None));
            } else if lethal || o.deathtouch_damage {
                let mut rules = Vec::new();
                let sources = if lethal { self.toughness_sources(id) } else { None };
                if lethal {
                    rules.push(cite!(sba.lethal_damage));
                }
                if o.deathtouch_damage {
                    rules.extend(cite!(sba.deathtouch_damage));
                }
                let why = if lethal && sources.is_none() && !o.deathtouch_damage {
                    Destruction::Lethal { marked: dmg, toughness: t }
                } else {
                    let mut why = Vec::new();
                    if lethal {
                        match &sources {
                            Some(s) => why.push(format!("{dmg} damage marked, toughness {t} from {s}")),
                            None => why.push(format!("{dmg} damage marked, toughness {t}")),
                        }
                    }
                    if o.deathtouch_damage {
                        why.push("dealt damage by a source with deathtouch".to_owned());
                    }
                    Destruction::Said(format!("{} ({})", if lethal { "lethal damage" } else { "deathtouch" }, why.join("; ")).into())
                };
                // 702.12b: an indestructible creature ignores 704.5g and 704.5h; the trace says
                // so once per amount of damage (and once per deathtouch hit), not at every check.
                if !self.indestructible(id) {
                    f.destroyed.push((id, rules, why));
                } else if o.deathtouch_damage || dmg != o.indestructible_noted {
                    f.spared.push((id, rules, why));
                }
            }
        }
        let c = &o.counters;
        if c.plus > 0 && c.minus > 0 {
            f.annihilate.push((id, c.plus.min(c.minus)));
        }
        if walker && c.loyalty == 0 {
            f.to_graveyard.push((id, cite!(sba.zero_loyalty), "0 loyalty".to_owned(), None));
        }
    }

    /// A player loses the game (104.3, 704.5a–c).
    pub fn lose(&mut self, p: PlayerId, rule: crate::rules::RuleId, why: &str) {
        if self.players[p].lost {
            return;
        }
        self.players[p].lost = true;
        let ev = Ev::new(EventKind::Loses, format!("{} loses the game: {why}", self.players[p].name)).player(self, p).rule(rule);
        self.record(ev);
    }

    /// Ends the game when one player or none is left (104.2a, 104.4a); in a multiplayer game
    /// that goes on, a player who lost leaves with their objects (800.4a).
    pub fn check_game_over(&mut self) {
        if self.outcome.is_some() {
            return;
        }
        // Two or more players and none has lost: nothing ends and nothing leaves (and the
        // characteristics need no recomputing).
        if self.players.len() > 1 && !self.players.iter().any(|p| p.lost) {
            return;
        }
        let living: Vec<PlayerId> = (0..self.players.len()).filter(|&p| !self.players[p].lost).collect();
        match living.as_slice() {
            [] => {
                self.outcome = Some(Outcome::Draw);
                let ev = Ev::new(EventKind::GameOver, "the game is a draw: all remaining players lost at once").rule(cite!(game.draw));
                self.record(ev);
            }
            [w] => {
                let w = *w;
                self.outcome = Some(Outcome::Winner(w));
                let ev = Ev::new(EventKind::GameOver, crate::engine::event::Text::PlayerDoes("wins: every opponent has left the game")).player(self, w).rule(cite!(game.last_player_wins));
                self.record(ev);
            }
            _ => self.remove_departed(),
        }
    }

    fn remove_departed(&mut self) {
        // 724.4: if the monarch leaves the game, the active player becomes the monarch — or,
        // if the active player is leaving too, the next player in turn order still in it.
        if let Some(m) = self.monarch
            && self.players[m].lost
        {
            let n = self.players.len();
            if let Some(next) = (0..n).map(|k| (self.active + k) % n).find(|&q| !self.players[q].lost) {
                self.become_monarch(next, cite!(monarch.monarch_leaves));
            } else {
                self.monarch = None;
            }
        }
        let gone: Vec<ObjId> = self
            .objects
            .iter()
            .filter(|o| o.live && o.zone != Zone::Nowhere && self.players[o.owner].lost)
            .map(|o| o.id)
            .collect();
        for id in gone {
            let ev = Ev::new(EventKind::LeavesGame, crate::engine::event::Text::ObjectDoes("leaves the game with its owner")).object(self, id).rule(cite!(multiplayer.leaves_with_owner));
            self.record(ev);
            self.move_object(id, Zone::Nowhere);
        }
        // 800.4a: effects that give the departed player control of objects end.
        let ending: Vec<ObjId> = self.effects.iter().filter(|e| e.change == crate::cards::ir::Change::GainControl && self.players[e.controller].lost).flat_map(|e| e.objects.iter().copied()).collect();
        self.effects.retain(|e| !(e.change == crate::cards::ir::Change::GainControl && self.players[e.controller].lost));
        self.touch();
        let ending: Vec<ObjId> = ending.into_iter().filter(|&id| self.on_battlefield(id)).collect();
        for id in ending {
            let ev = Ev::new(EventKind::EffectEnds, format!("the effect that gave a departed player control of {} ends", self.described(id))).object(self, id).rule(cite!(multiplayer.control_effect_ends));
            self.record(ev);
        }
        self.stack.retain(|s| match s {
            crate::engine::state::StackItem::Ability(a) => !self.players[a.controller].lost,
            crate::engine::state::StackItem::Spell(_) => true,
        });
        self.touch();
        let lost_ids: Vec<ObjId> = self.battlefield.iter().copied().filter(|&id| self.players[self.controller(id)].lost).collect();
        for id in lost_ids {
            let ev = Ev::new(EventKind::Exile, crate::engine::event::Text::ObjectDoes("is exiled: its controller left the game")).object(self, id).rule(cite!(multiplayer.exile_controlled));
            self.record(ev);
            self.move_object(id, Zone::Exile);
        }
    }
}

impl Game {
    /// A Saga's final chapter number (714.2d): the greatest chapter among the chapter
    /// abilities it has, 0 with none.
    #[must_use]
    pub fn final_chapter(&self, id: ObjId) -> u32 {
        self.abilities(id).filter_map(|(_, a)| if let Ability::Triggered { trigger, .. } = a && let crate::cards::ir::Trigger::Chapter(n) = **trigger { Some(n) } else { None }).max().unwrap_or(0)
    }

    /// Whether 714.4 sacrifices this permanent now: a Saga with chapter abilities, as many
    /// lore counters as its final chapter number or more, and none of its chapter abilities
    /// triggered and waiting to be put on the stack or on it.
    fn saga_done(&self, id: ObjId) -> bool {
        // A permanent with no lore counter, or no chapter ability, is never done: its
        // abilities are walked only when it may be.
        let lore = self.obj(id).counters.get(&crate::cards::ir::CounterKind::Lore);
        if lore == 0 || !self.may_have_ability(id, crate::engine::layers::Kinds::CHAPTER) {
            return false;
        }
        let last = self.final_chapter(id);
        if last == 0 || !self.has_subtype(id, "Saga") || lore < last {
            return false;
        }
        let chapter = |a: &Ability| matches!(a, Ability::Triggered { trigger, .. } if matches!(**trigger, crate::cards::ir::Trigger::Chapter(_)));
        let pending = self.pending.iter().any(|t| t.source == id && t.delayed.is_none() && t.keyword.is_none() && self.ability(id, t.ability).is_some_and(chapter));
        let stacked = self.stack.iter().any(|s| matches!(s, crate::engine::state::StackItem::Ability(a) if a.source == id && a.text.as_deref().is_some_and(chapter)));
        !(pending || stacked)
    }
}

/// A chapter number as its Roman numeral (714.2a).
#[must_use]
pub fn roman(n: u32) -> String {
    const DIGITS: [(u32, &str); 9] = [(100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")];
    let mut out = String::new();
    let mut n = n;
    for (v, s) in DIGITS {
        while n >= v {
            out.push_str(s);
            n -= v;
        }
    }
    out
}

impl Game {
    /// Ascend on a permanent (702.131b): a player without the city's blessing who controls a
    /// permanent with ascend and ten or more permanents gets it for the rest of the game;
    /// continuous effects are then reapplied before anything else looks (702.131d).
    pub fn check_ascend(&mut self) {
        if !self.may_have(crate::engine::layers::Kinds::ASCEND) {
            return;
        }
        for p in 0..self.players.len() {
            if self.players[p].lost || self.players[p].city_blessing {
                continue;
            }
            // Ten permanents first: most boards have fewer, and then no keyword is looked at.
            let count = self.battlefield.iter().filter(|&&o| self.controller(o) == p).count();
            if count < 10 {
                continue;
            }
            let Some(src) = self.battlefield.iter().copied().find(|&o| self.controller(o) == p && self.may_have_ability(o, crate::engine::layers::Kinds::ASCEND) && self.has_keyword(o, crate::cards::ir::Keyword::Ascend)) else { continue };
            self.players[p].city_blessing = true;
            self.touch();
            let ev = Ev::new(EventKind::Designation, format!("{} controls {count} permanents and {} has ascend: they get the city's blessing for the rest of the game", self.players[p].name, self.described(src))).player(self, p).source(self, src).rules(&cite!(ascend.blessing));
            self.record(ev);
        }
    }
}

/// What the permanents meet by themselves at one check (`Game::check_permanent`): what goes to
/// the graveyard (by which rule, why, and a second rule behind the reason), what is destroyed,
/// indestructible creatures spared, counters to annihilate, creatures whose lethal damage was
/// removed, and whether a power or toughness reached the end of its range.
#[derive(Default)]
struct Findings {
    to_graveyard: Vec<(ObjId, crate::rules::RuleId, String, Option<crate::rules::RuleId>)>,
    destroyed: Vec<(ObjId, Vec<crate::rules::RuleId>, Destruction)>,
    spared: Vec<(ObjId, Vec<crate::rules::RuleId>, Destruction)>,
    annihilate: Vec<(ObjId, u32)>,
    relieved: Vec<ObjId>,
    at_edge: bool,
}

impl Findings {
    fn is_empty(&self) -> bool {
        self.to_graveyard.is_empty() && self.destroyed.is_empty() && self.spared.is_empty() && self.annihilate.is_empty() && self.relieved.is_empty() && !self.at_edge
    }
}
