//! Cards with two faces or halves (709 split cards, 712 double-faced cards, 715 adventurers):
//! transforming (701.27). Which face is up is `Object::face`; the characteristics it supplies
//! are read through the layer system (`Game::card`, 712.8).

use crate::cite;
use crate::engine::Ev;
use crate::engine::event::EventKind;
use crate::engine::state::{Game, ObjId};

impl Game {
    /// Transforms a permanent (701.27a): it turns over to its other face and stays the same
    /// object (712.18), with its counters, damage, attachments and continuous effects. A
    /// permanent that isn't represented by a double-faced card (a copy of one included) can't
    /// transform (701.27c, 712.9), nor one that is face down (712.15a), nor into an instant or
    /// sorcery face (701.27d).
    ///
    /// # Errors
    /// When the face it turns to has an unread ability that works on the battlefield (113.6).
    pub fn transform(&mut self, id: ObjId) -> Result<(), crate::engine::decision::Stop> {
        let o = self.obj(id);
        let shown = self.describe(id);
        let double = o.card.layout().is_some_and(crate::cards::def::Layout::double_faced);
        let to = if o.face == Some(1) { None } else { Some(1) };
        let why = if o.card.layout() == Some(crate::cards::def::Layout::Meld) {
            Some(("meld cards can't be transformed", cite!(meld.no_transform)))
        } else if o.face_down {
            Some(("it is face down", cite!(transform.face_down)))
        } else if !double {
            Some(("it isn't represented by a double-faced card", cite!(transform.not_double_faced)))
        } else if let (Some((src, _)), Some(uid), Some(mark)) = (self.resolving_ability, self.resolving_uid, o.transformed_mark)
            && src == id
            && uid < mark
        {
            Some(("it has transformed since this ability of its own was put on the stack", cite!(transform.already_since)))
        } else if self.has_keyword(id, crate::cards::ir::Keyword::Daybound) || self.has_keyword(id, crate::cards::ir::Keyword::Nightbound) {
            let rule = if o.face.is_some() { cite!(nightbound.transforms_only_by_day) } else { cite!(daybound.transforms_only_by_night) };
            Some(("it transforms only through its daybound or nightbound ability", rule))
        } else if o.card.spell_face(to) {
            Some(("its other face is an instant or sorcery face", cite!(transform.instant_sorcery_face)))
        } else {
            None
        };
        if let Some((why, rule)) = why {
            let ev = Ev::new(EventKind::Transform, format!("{shown} doesn't transform: {why}")).object(self, id).rule(rule);
            self.record(ev);
            return Ok(());
        }
        let mark = self.next_ability_uid;
        let o = self.obj_mut(id);
        o.face = to;
        o.transformed_mark = Some(mark);
        self.check_unread(id, &crate::cards::ir::Moment::Battlefield, || "it transforms into this face (701.27a)".to_owned())?;
        let ev = Ev::new(EventKind::Transform, format!("{shown} transforms into {} (the same permanent, 712.18)", self.described(id))).object(self, id).rules(&cite!(transform.transforms));
        self.record(ev);
        self.fire(crate::engine::triggers::Happening::Transformed(id));
        Ok(())
    }
}

impl Game {
    /// Whether `id` is an adventurer card with its Adventure up (715.3b).
    #[must_use]
    pub fn adventure_half(&self, id: ObjId) -> bool {
        let o = self.obj(id);
        o.face == Some(1) && o.card.layout() == Some(crate::cards::def::Layout::Adventure)
    }

    /// Traces which face or half of a card with several a spell was cast with (709.3,
    /// 712.11b, 715.3), and a creature cast from an adventure (715.3d).
    pub(crate) fn trace_face_cast(&mut self, p: crate::engine::state::PlayerId, spell: ObjId, from_adventure: bool) {
        use crate::cards::def::Layout;
        let o = self.obj(spell);
        let Some(layout) = o.card.layout() else { return };
        let full = o.card.name().to_owned();
        let face = self.card(spell).name().to_owned();
        let who = self.players[p].name.clone();
        let (text, rules): (String, &[crate::rules::RuleId]) = match (layout, o.face) {
            (Layout::Split, _) if o.choices.fused => (
                format!("{who} casts {full} fused, both halves from their hand as one spell: it has the two halves' combined characteristics, and its total cost includes both mana costs"),
                &cite!(fuse.cast),
            ),
            (Layout::Split, _) => (format!("{who} casts the half {face} of the split card {full}: only that half's characteristics exist on the stack"), &cite!(split.cast_half)),
            (Layout::Adventure, Some(_)) => (format!("{who} casts {full} as its Adventure {face}: on the stack it has only the Adventure's characteristics"), &cite!(adventure.cast)),
            (Layout::ModalDfc, Some(_)) => (format!("{who} casts {full} with its back face {face} up"), &cite!(mdfc.cast_back)),
            _ if from_adventure => (format!("{who} casts {face} from exile, where it was on an adventure"), &[cite!(adventure.cast_from_exile)]),
            _ => return,
        };
        let ev = Ev::new(EventKind::Cast, text).player(self, p).object(self, spell).rules(rules);
        self.record(ev);
    }

    /// A resolving Adventure is exiled instead of being put into its owner's graveyard, and its
    /// controller may cast it from there later (715.3d).
    pub(crate) fn go_on_adventure(&mut self, id: ObjId) {
        let controller = self.obj(id).controller;
        let ev = Ev::new(EventKind::Exile, format!("{} was cast as an Adventure: it is exiled instead of being put into its owner's graveyard, and {} may cast the creature later from exile", self.described(id), self.players[controller].name))
            .object(self, id)
            .zone(crate::engine::state::Zone::Exile)
            .rules(&cite!(adventure.exile));
        self.record(ev);
        let nid = self.move_object(id, crate::engine::state::Zone::Exile);
        self.obj_mut(nid).adventure = Some(controller);
    }
}

/// The game's day/night designation (730.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DayNight {
    Day,
    Night,
}

impl Game {
    /// Whether a permanent now entering has daybound and it is night, so that it enters
    /// transformed (702.145b).
    pub(crate) fn enters_at_night(&self, id: ObjId) -> bool {
        let o = self.obj(id);
        self.day_night == Some(DayNight::Night)
            && o.face.is_none()
            && !o.face_down
            && o.card.layout().is_some_and(crate::cards::def::Layout::double_faced)
            && self.card(id).abilities().contains(&crate::cards::ir::Ability::Keyword(crate::cards::ir::Keyword::Daybound))
    }

    /// 702.145d, 702.145g: with neither designation, a daybound permanent makes it day, or
    /// failing one a nightbound permanent makes it night; then daybound and nightbound
    /// permanents facing the wrong way transform at once (702.145c, 702.145f).
    /// Returns the permanents it transformed, whose new faces' unread abilities the caller
    /// checks ([`Game::check_turned`]).
    pub fn day_night_check(&mut self) -> Vec<ObjId> {
        use crate::cards::ir::Keyword;
        use crate::engine::layers::Kinds;
        // Whole-game, then per-permanent: only a card with daybound or nightbound, or an
        // object an effect gives abilities, is looked at for the keyword.
        if !self.may_have(Kinds::DAY_NIGHT) {
            return Vec::new();
        }
        if self.day_night.is_none() {
            let with = |g: &Game, k: Keyword| g.battlefield.iter().any(|&o| g.may_have_ability(o, Kinds::DAY_NIGHT) && g.has_keyword(o, k));
            if with(self, Keyword::Daybound) {
                self.set_day_night(DayNight::Day, "a permanent with daybound is on the battlefield while it is neither day nor night", cite!(daybound.becomes_day));
            } else if with(self, Keyword::Nightbound) {
                self.set_day_night(DayNight::Night, "a permanent with nightbound is on the battlefield while it is neither day nor night, and none has daybound", cite!(nightbound.becomes_night));
            }
        }
        let Some(now) = self.day_night else { return Vec::new() };
        let (k, wrong, rules) = match now {
            DayNight::Night => (Keyword::Daybound, None, cite!(daybound.transform_at_night)),
            DayNight::Day => (Keyword::Nightbound, Some(1), cite!(nightbound.transform_at_day)),
        };
        let turn: Vec<ObjId> = self.battlefield.iter().copied().filter(|&o| self.obj(o).face == wrong && self.may_have_ability(o, Kinds::DAY_NIGHT) && self.has_keyword(o, k) && self.obj(o).card.layout().is_some_and(crate::cards::def::Layout::double_faced)).collect();
        for &id in &turn {
            let shown = self.describe(id);
            let o = self.obj_mut(id);
            o.face = if wrong.is_some() { None } else { Some(1) };
            let when = if now == DayNight::Night { "night" } else { "day" };
            let ev = Ev::new(EventKind::Transform, format!("it is {when}: {shown} transforms into {}", self.described(id))).object(self, id).rules(&rules);
            self.record(ev);
            self.fire(crate::engine::triggers::Happening::Transformed(id));
        }
        turn
    }

    /// Stops the run when a face just turned up has an unread ability that works on the
    /// battlefield (113.6).
    ///
    /// # Errors
    /// The stop, naming the ability.
    pub fn check_turned(&self, turned: &[ObjId]) -> Result<(), crate::engine::decision::Stop> {
        for &id in turned {
            self.check_unread(id, &crate::cards::ir::Moment::Battlefield, || "it transforms into this face as day or night changes (702.145)".to_owned())?;
        }
        Ok(())
    }

    fn set_day_night(&mut self, to: DayNight, why: &str, rule: crate::rules::RuleId) {
        self.day_night = Some(to);
        self.touch();
        let what = if to == DayNight::Day { "day" } else { "night" };
        let ev = Ev::new(EventKind::RuleChange, format!("it becomes {what}: {why}")).rules(&[rule, cite!(daynight.changes)]);
        self.record(ev);
    }

    /// 730.2: as the untap step's second part, day becomes night if the previous turn's active
    /// player cast no spells in it, and night becomes day if they cast two or more.
    pub(crate) fn day_night_untap(&mut self) -> Result<(), crate::engine::decision::Stop> {
        let (Some(now), Some(prev)) = (self.day_night, self.prev_active) else { return Ok(()) };
        let cast = self.players[prev].spells_last_turn;
        let name = self.players[prev].name.clone();
        match now {
            DayNight::Day if cast == 0 => self.set_day_night(DayNight::Night, &format!("{name} cast no spells in the previous turn"), cite!(daynight.night_falls)),
            DayNight::Night if cast >= 2 => self.set_day_night(DayNight::Day, &format!("{name} cast {cast} spells in the previous turn"), cite!(daynight.day_breaks)),
            _ => return Ok(()),
        }
        let turned = self.day_night_check();
        self.check_turned(&turned)
    }
}

impl Game {
    /// The targets a fused split spell is cast with (702.102a–b): the left half's, then the
    /// right half's, numbered in that order. A half with modes is not modelled fused.
    ///
    /// # Errors
    /// When a half is modal.
    pub(crate) fn fused_targets(&self, spell: ObjId) -> Result<crate::cards::ir::Effect, crate::engine::decision::Stop> {
        let mut all = crate::cards::ir::Effect::default();
        for half in self.obj(spell).card.faces() {
            let effect = crate::engine::casting::aura_or_spell_effect(half.abilities());
            if effect.modal.is_some() {
                return Err(crate::engine::decision::Stop(crate::diag::Diagnostic::new(
                    format!("{} has modes: casting it fused (702.102a) is not modelled yet", half.name()),
                    crate::diag::Span::default(),
                )));
            }
            all.targets.extend(effect.targets);
        }
        Ok(all)
    }
}

impl Game {
    /// Flips a permanent (710.2, 110.5): from now on a flip card's alternative name, text,
    /// type line, power and toughness apply, its mana cost and color staying (710.1c). It stays
    /// the same object. Flipping is one-way (710.4), and only a permanent whose copiable values
    /// are a flip card's has anything to flip to (710.1).
    ///
    /// # Errors
    /// When the flipped characteristics have an unread ability that works on the battlefield
    /// (113.6).
    pub fn flip(&mut self, id: ObjId) -> Result<(), crate::engine::decision::Stop> {
        let shown = self.describe(id);
        let why = if self.flip_card(id).is_none() {
            Some(("it isn't a flip card, so it has no alternative characteristics", cite!(flip.not_flip_card)))
        } else if self.obj(id).flipped {
            Some(("it is already flipped, and flipping is one-way", cite!(flip.already_flipped)))
        } else {
            None
        };
        if let Some((why, rule)) = why {
            let ev = Ev::new(EventKind::Flip, format!("{shown} doesn't flip: {why}")).object(self, id).rule(rule);
            self.record(ev);
            return Ok(());
        }
        self.obj_mut(id).flipped = true;
        self.check_unread(id, &crate::cards::ir::Moment::Battlefield, || "it flips to these characteristics (710.2)".to_owned())?;
        let ev = Ev::new(EventKind::Flip, format!("{shown} flips: it is now {}, with the alternative name, text, type line, power and toughness, and the same mana cost and color (the same permanent)", self.described(id)))
            .object(self, id)
            .rules(&cite!(flip.flips));
        self.record(ev);
        Ok(())
    }
}

impl Game {
    /// `p` pays the mana cost of the locked half `door` (0 left, 1 right) of the Room `id` to
    /// unlock it: a special action (116.2m, 709.5e) taken with priority during a main phase
    /// of their own turn while the stack is empty.
    ///
    /// # Errors
    /// `Stop` when a decision can't be made or the unlocked half has unread text that works
    /// on the battlefield (113.6); `Illegal` when the rules forbid it now.
    pub fn unlock(&mut self, p: crate::engine::state::PlayerId, id: ObjId, door: u8, pay: Option<&[ObjId]>, dec: &mut dyn crate::engine::decision::Decider) -> Result<Result<(), crate::engine::casting::Illegal>, crate::engine::decision::Stop> {
        use crate::engine::casting::Illegal;
        let name = self.describe(id);
        if self.priority != Some(p) {
            return Ok(Err(Illegal::new(cite!(room.unlock_without_priority), format!("{} doesn't have priority: unlocking a door of {name} is a special action taken with priority", self.players[p].name))));
        }
        if !self.on_battlefield(id) || self.controller(id) != p || !self.obj(id).card.is_room() {
            return Ok(Err(Illegal::new(cite!(room.not_room), format!("{name} is not a Room {} controls", self.players[p].name))));
        }
        if let Err(e) = self.sorcery_timing(p, &format!("a door of {name}"), "unlocked", cite!(room.unlock_timing)) {
            return Ok(Err(e.also(cite!(room.unlock_special_action))));
        }
        let half = &self.obj(id).card.faces()[usize::from(door & 1)];
        let (half_name, cost) = (half.name().to_owned(), half.cost().cloned().unwrap_or_default());
        let ch = crate::engine::casting::Choices { pay: pay.map(<[ObjId]>::to_vec), ..crate::engine::casting::Choices::default() };
        if let Err(e) = self.pay_mana(p, &cost, 0, &ch, crate::engine::mana::Alternatives::default(), dec)? {
            return Ok(Err(e.also(cite!(room.unlock_cost_unpaid))));
        }
        let before = self.obj(id).unlocked;
        self.obj_mut(id).unlocked |= 1 << (door & 1);
        self.touch();
        self.check_unread(id, &crate::cards::ir::Moment::Battlefield, || "its door is unlocked (709.5e)".to_owned())?;
        let ev = Ev::new(EventKind::Designation, format!("{} pays the mana cost of the locked door {half_name} of {name} to unlock it: it is now {}", self.players[p].name, self.described(id)))
            .player(self, p)
            .object(self, id)
            .rules(&cite!(room.unlock));
        self.record(ev);
        self.fire(crate::engine::triggers::Happening::Unlocked { object: id, door: door & 1 });
        if before != 3 && self.obj(id).unlocked == 3 {
            self.fire(crate::engine::triggers::Happening::FullyUnlocked(id));
        }
        Ok(Ok(()))
    }

    /// A Room that entered with the half cast as a spell unlocked (709.5d): the designation is
    /// traced and "when you unlock this door" abilities trigger (709.5h).
    pub(crate) fn entered_unlocked(&mut self, id: ObjId) {
        let doors = self.obj(id).unlocked;
        for door in (0..2u8).filter(|d| doors & (1 << d) != 0) {
            let half = self.obj(id).card.faces()[usize::from(door)].name().to_owned();
            let ev = Ev::new(EventKind::Designation, format!("{} enters with its door {half} unlocked: that half was cast as a spell", self.described(id))).object(self, id).rules(&cite!(room.enters_unlocked));
            self.record(ev);
            self.fire(crate::engine::triggers::Happening::Unlocked { object: id, door });
        }
        if doors == 3 {
            self.fire(crate::engine::triggers::Happening::FullyUnlocked(id));
        }
    }
}

impl Game {
    /// The permanents `you` owns and controls that a meld ability of `src` names as its
    /// partner ("a creature named Midnight Scavengers", 712.4a), while `you` also owns and
    /// controls `src` on the battlefield; empty otherwise.
    #[must_use]
    pub fn meld_partners(&self, src: ObjId, you: crate::engine::state::PlayerId, partner: &crate::cards::ir::MeldPartner) -> Vec<ObjId> {
        let mine = |o: ObjId| self.on_battlefield(o) && self.obj(o).owner == you && self.controller(o) == you;
        if !mine(src) {
            return Vec::new();
        }
        self.battlefield.iter().copied().filter(|&o| o != src && mine(o) && self.has_type(o, partner.card_type) && self.card(o).name().eq_ignore_ascii_case(&partner.name)).collect()
    }

    /// "[If you both own and control this and a creature named N,] exile them, then meld them
    /// into M" (701.42a, 712.4a): the two permanents are exiled; if they are the two cards of
    /// one meld pair whose combined face is M (701.42b), they are put onto the battlefield as
    /// one permanent with that face up (712.14c, 712.8g), else they stay in exile (701.42c).
    ///
    /// # Errors
    /// When a decision can't be made or the melded permanent has unread text that works on the
    /// battlefield (113.6).
    pub(crate) fn meld(&mut self, ctx: &crate::engine::resolve::Context, partner: &crate::cards::ir::MeldPartner, into: &str, dec: &mut dyn crate::engine::decision::Decider) -> Result<(), crate::engine::decision::Stop> {
        use crate::engine::decision::{Answer, Decision, DecisionKind};
        use crate::engine::state::{Target, Zone};
        let (you, src) = (ctx.controller, ctx.source);
        let partners = self.meld_partners(src, you, partner);
        let other = match partners.as_slice() {
            [] => {
                let ev = Ev::new(EventKind::Meld, format!("{} doesn't both own and control {} and a {} named {}: nothing is exiled or melded", self.players[you].name, self.described(src), partner.card_type.name().to_lowercase(), partner.name))
                    .source(self, src)
                    .player(self, you)
                    .rule(cite!(meld.condition_fails));
                self.record(ev);
                return Ok(());
            }
            [one] => *one,
            many => {
                let d = Decision { player: you, kind: DecisionKind::Pick { options: many.iter().map(|&o| Target::Object(o)).collect(), count: 1 }, rule: cite!(meld.melds)[0], what: format!("the {} named {} to meld with {}", partner.card_type.name().to_lowercase(), partner.name, self.described(src)) };
                match self.decide(dec, &d)? {
                    Answer::Pick(p) => p.iter().find_map(|t| if let Target::Object(o) = t { Some(*o) } else { None }).unwrap_or(many[0]),
                    _ => many[0],
                }
            }
        };
        self.begin_batch();
        let mut exiled = Vec::with_capacity(2);
        for id in [src, other] {
            let ev = Ev::new(EventKind::Exile, crate::engine::event::Text::ObjectDoes("is exiled")).object(self, id).zone(Zone::Exile).rule(cite!(exile.exiles));
            self.record(ev);
            exiled.push(self.move_object(id, Zone::Exile));
        }
        self.end_batch();
        let (a, b) = (exiled[0], exiled[1]);
        let pair = crate::engine::state::meld_pair(&self.obj(a).card, &self.obj(b).card) && self.obj(a).card.faces()[1].name().eq_ignore_ascii_case(into);
        if !pair {
            let ev = Ev::new(EventKind::Meld, format!("{} and {} can't be melded into {}: they aren't the two cards of its meld pair, and stay in exile", self.described(a), self.described(b), into))
                .object(self, a)
                .rules(&cite!(meld.cannot));
            self.record(ev);
            return Ok(());
        }
        // 712.4a: one object represented by both cards, the first card's object staged outside
        // every zone and carrying the second, then put onto the battlefield.
        let (b_card, b_printed, b_owner) = (self.obj(b).card_id, self.obj(b).card.clone(), self.obj(b).owner);
        let b_shown = self.describe(b);
        let a_shown = self.describe(a);
        self.remove_from_zone(b);
        self.obj_mut(b).live = false;
        let staged = self.move_object(a, Zone::Nowhere);
        {
            let o = self.obj_mut(staged);
            o.face = Some(1);
            o.controller = you;
            o.melded = Some(Box::new(crate::engine::state::Melded { card_id: b_card, card: b_printed, owner: b_owner }));
        }
        self.cards[b_card.0 as usize].current = staged;
        self.touch();
        let ev = Ev::new(EventKind::Meld, format!("{a_shown} and {b_shown} meld into {}: one permanent represented by both cards, with their combined back face up", self.described(staged)))
            .object(self, staged)
            .player(self, you)
            .rules(&cite!(meld.melds));
        self.record(ev);
        self.put_onto_battlefield(staged, you, false, dec, |g, nid| {
            Ev::new(EventKind::EntersBattlefield, crate::engine::event::Text::EntersUnder).object(g, nid).player(g, you).zone(Zone::Battlefield).rules(&cite!(meld.melds))
        })?;
        Ok(())
    }

    /// "Lock or unlock a door of target Room you control" (709.5f, 709.5g: the player picks a
    /// door; a locked one is unlocked, an unlocked one locked) and "unlock a locked door of
    /// …" (709.5f: only a locked door; `lock` false). Unlocking triggers "when you unlock this
    /// door" and "fully unlock" abilities (709.5h, 709.5i).
    ///
    /// # Errors
    /// When a decision can't be made or an unlocked half has unread text that works on the
    /// battlefield (113.6).
    pub(crate) fn lock_or_unlock(&mut self, id: ObjId, controller: crate::engine::state::PlayerId, lock: bool, dec: &mut dyn crate::engine::decision::Decider) -> Result<(), crate::engine::decision::Stop> {
        use crate::engine::decision::{Answer, Decision, DecisionKind};
        if !self.on_battlefield(id) || !self.obj(id).card.is_room() {
            return Ok(());
        }
        let had = self.obj(id).unlocked;
        let doors: Vec<u8> = (0..2u8).filter(|d| lock || had & (1 << d) == 0).collect();
        let name = |g: &Game, d: u8| g.obj(id).card.faces()[usize::from(d)].name().to_owned();
        let door = match doors.as_slice() {
            [] => {
                let ev = Ev::new(EventKind::Designation, crate::engine::event::Text::ObjectDoes("has no locked door to unlock")).object(self, id).rule(cite!(room.effect_unlock));
                self.record(ev);
                return Ok(());
            }
            [one] => *one,
            _ => {
                let what = format!("the door of {} to {} (mode 1: {}, {}; mode 2: {}, {})", self.described(id), if lock { "lock or unlock" } else { "unlock" }, name(self, 0), if had & 1 == 0 { "locked" } else { "unlocked" }, name(self, 1), if had & 2 == 0 { "locked" } else { "unlocked" });
                let d = Decision { player: controller, kind: DecisionKind::Modes { count: 2, min: 1, max: 1, used: Vec::new() }, rule: if lock { cite!(room.effect_lock_or_unlock)[0] } else { cite!(room.effect_unlock) }, what };
                match self.decide(dec, &d)? {
                    Answer::Modes(m) if m.first() == Some(&1) => 1,
                    _ => 0,
                }
            }
        };
        let door_name = name(self, door);
        let shown = self.describe(id);
        if had & (1 << door) != 0 {
            self.obj_mut(id).unlocked &= !(1 << door);
            self.touch();
            let ev = Ev::new(EventKind::Designation, format!("the door {door_name} of {shown} is locked: it is now {}", self.described(id))).object(self, id).player(self, controller).rules(&cite!(room.effect_lock));
            self.record(ev);
            return Ok(());
        }
        self.obj_mut(id).unlocked |= 1 << door;
        self.touch();
        self.check_unread(id, &crate::cards::ir::Moment::Battlefield, || "its door is unlocked (709.5f)".to_owned())?;
        let ev = Ev::new(EventKind::Designation, format!("the door {door_name} of {shown} is unlocked: it is now {}", self.described(id))).object(self, id).player(self, controller).rule(cite!(room.effect_unlock));
        self.record(ev);
        self.fire(crate::engine::triggers::Happening::Unlocked { object: id, door });
        if had != 3 && self.obj(id).unlocked == 3 {
            self.fire(crate::engine::triggers::Happening::FullyUnlocked(id));
        }
        Ok(())
    }
}
