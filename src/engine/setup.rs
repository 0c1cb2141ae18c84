//! Building the game from a scenario's board state (contract: `players`, `start`).

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use crate::cards::ir::CardType;
use crate::engine::rewind::Logged;
use crate::engine::state::{CardId, Combat, Counters, Game, PhysCard, Player, Zone};
use crate::engine::{Ev, ObjId, event::EventKind};
use crate::scenario::Scenario;
use crate::scenario::model::CardEntry;

impl Game {
    /// The game at the scenario's starting point, before state-based actions are checked.
    #[must_use]
    pub fn from_scenario(s: &Scenario) -> Game {
        let mut g = Game {
            players: s
                .players
                .iter()
                .map(|p| Player {
                    name: p.name.as_str().into(),
                    life: p.life,
                    poison: p.poison,
                    energy: p.energy,
                    city_blessing: p.city_blessing,
                    speed: p.speed,
                    speed_triggered: None,
                    library: Logged::default(),
                    hand: Logged::default(),
                    graveyard: Logged::default(),
                    exile: Logged::default(),
                    command: Logged::default(),
                    pool: [0; 6],
                    pool_snow: [0; 6],
                    pool_restricted: Vec::new(),
                    lost: false,
                    drew_from_empty: false,
                    lands_played: 0,
                    extra_lands: 0,
                    cant_play_lands: false,
                    draws_this_turn: 0,
                    spells_this_turn: 0,
                    spells_last_turn: 0,
                    upkeep_mark: 0,
                    damaged_this_turn: false,
                    attacked_this_turn: false,
                    left_battlefield_this_turn: false,
                    life_gained_this_turn: 0,
                    life_lost_this_turn: 0,
                })
                .collect(),
            objects: crate::engine::rewind::Journaled::default(),
            cards: crate::engine::rewind::Journaled::default(),
            battlefield: Logged::default(),
            stack: Vec::new(),
            turn: s.start.turn,
            active: s.start.active,
            step: s.start.step,
            priority: None,
            passes: 0,
            starting_player: s.start.active,
            first_turn: if s.start.turn == 1 { 1 } else { 0 },
            effects: Vec::new(),
            copies: Vec::new(),
            next_ability_uid: 0,
            pending: Vec::new(),
            leaving: Vec::new(),
            batch: 0,
            event: 0,
            damage_triggers: Vec::new(),
            firsts: (0, Logged::default()),
            sba_dirty: Vec::new(),
            sba_clean: false,
            damaged: (0, Vec::new()),
            delayed_dies: Vec::new(),
            trigger_info: crate::engine::state::TriggerInfo::default(),
            resolving_ability: None,
            resolving_uid: None,
            day_night: None,
            prev_active: None,
            shields: Vec::new(),
            next_shield: 0,
            delayed: Vec::new(),
            delayed_effects: Vec::new(),
            linked_groups: Vec::new(),
            extra_turns: Vec::new(),
            monarch: None,
            monarch_abilities: None,
            speed_abilities: None,
            turns_to_skip: vec![0; s.players.len()],
            exiled_until: Vec::new(),
            exiled_by: Vec::new(),
            damaged_now: Vec::new(),
            sacrificed_now: None,
            life_lost_now: 0,
            destroyed_now: Vec::new(),
            unpreventable_turn: false,
            unpreventable_now: false,
            moved_now: Vec::new(),
            adding_restricted: None,
            last_pool_spend: [0; 6],
            returns_due: Vec::new(),
            ordinary_turn_of: None,
            skip_next_untap: Vec::new(),
            created_now: Vec::new(),
            lifelink: Vec::new(),
            next_timestamp: 0,
            control_clock: 0,
            void_seen: Vec::new(),
            control_overridden: false,
            syncing: false,
            spared_losses: Vec::new(),
            set_aside: Vec::new(),
            chosen_type_now: None,
            chosen_color_now: None,
            play_permissions: Vec::new(),
            layered: crate::engine::layers::LayerCache::default(),
            kinds: crate::engine::layers::Kinds::default(),
            layered_once: std::cell::Cell::new(false),
            tapped_prefix: std::cell::Cell::new(0),
            combat: Combat::default(),
            outcome: None,
            rng: ChaCha8Rng::seed_from_u64(s.seed),
            // Room for a short game's events at once, not grown step by step from four (the
            // suite's scenarios average about 45).
            trace: Vec::with_capacity(64),
            rejections: Vec::new(),
            cause: "setup".into(),
            causes: crate::engine::cause::Causes::default(),
            violations: None,
            snapshots: None,
            restrictions: Vec::new(),
            beyond_range: None,
            setup_cards: 0,
            name_counts: std::sync::Arc::default(),
            labels: std::sync::Arc::default(),
            vanishers: false,
            deathtouch_marked: false,
            cleanup_done: false,
            attackers_declared: false,
            creatures_died_this_turn: 0,
            died_this_turn: Vec::new(),
            that_card_now: None,
            noted_now: None,
        };
        let mut attach: Vec<(ObjId, String)> = Vec::new();
        let mut copying: Vec<(ObjId, String)> = Vec::new();
        // One object and one card for each entry: room for them at once, and for the first
        // objects the game makes (each zone change makes one, 400.7), rather than growing (and
        // copying) both lists as they are made.
        let made: usize = s.players.iter().map(|p| p.library.len() + p.hand.len() + p.graveyard.len() + p.exile.len() + p.battlefield.len()).sum();
        g.objects.reserve(made + 64);
        g.cards.reserve(made + 16);
        for (pi, p) in s.players.iter().enumerate() {
            let owner_of = |e: &CardEntry| e.owner.as_ref().and_then(|o| s.players.iter().position(|q| q.name == o.text)).unwrap_or(pi);
            for (zone, list) in [(Zone::Library, &p.library), (Zone::Hand, &p.hand), (Zone::Graveyard, &p.graveyard), (Zone::Exile, &p.exile), (Zone::Battlefield, &p.battlefield)] {
                for e in list {
                    let owner = owner_of(e);
                    let id = g.add_card(e, owner, pi, zone);
                    if let Some(r) = &e.attached_to {
                        attach.push((id, r.text.clone()));
                    }
                    if let Some(r) = &e.copy_of {
                        copying.push((id, r.text.clone()));
                    }
                    match zone {
                        Zone::Battlefield => g.battlefield.push(id),
                        z => {
                            if let Some(l) = g.zone_list_mut(owner, z) {
                                l.push(id);
                            }
                        }
                    }
                }
            }
        }
        // Auras that start attached (303.4b): the labels were checked when the file was read.
        for (a, host) in attach {
            let host = g.cards.iter().find(|c| c.label.as_deref() == Some(host.as_str())).map(|c| c.current);
            if let Some(h) = host {
                g.obj_mut(a).attached_to = Some(h);
            }
        }
        g.setup_copies(&copying);
        // 702.145d, 702.145g: daybound or nightbound permanents in the setup make it day or night;
        // the loader checked both faces of such cards for unread abilities.
        g.day_night_check();
        // 724: the monarch at the start.
        if let Some(m) = s.players.iter().position(|p| p.monarch) {
            g.monarch = Some(m);
            g.monarch_abilities_object(m);
        }
        g.setup_cards = g.cards.len();
        // The cards made during the game are numbered among themselves.
        g.name_counts = std::sync::Arc::default();
        let mut labels = std::collections::HashMap::new();
        for (i, c) in g.cards.iter().enumerate() {
            if let Some(l) = &c.label {
                labels.entry(l.to_string()).or_insert(i);
            }
        }
        g.labels = std::sync::Arc::new(labels);
        let ev = Ev::new(EventKind::TurnBegins, crate::engine::event::Text::GameStarts { turn: g.turn, step: g.step }).player(&g, g.active)
        .rule(g.step.rule());
        g.record(ev);
        g.cause = "game rules".into();
        g.touch();
        g
    }

    /// Permanents that entered as copies (`chosen: {card: …}`, 707.5): each copy effect has
    /// the permanent's timestamp. A copy of a copy is made after its original (707.3).
    fn setup_copies(&mut self, copying: &[(ObjId, String)]) {
        let find = |g: &Game, label: &str| g.cards.iter().find(|c| c.label.as_deref() == Some(label)).map(|c| c.current);
        let mut done: Vec<ObjId> = Vec::new();
        // Each pass makes the copies whose original is not itself waiting; a loop of copies
        // (impossible in a game) stops when a pass makes none.
        while done.len() < copying.len() {
            let before = done.len();
            for (id, label) in copying {
                let Some(orig) = find(self, label) else { continue };
                let waits = copying.iter().any(|(o, _)| *o == orig && !done.contains(o));
                if done.contains(id) || waits {
                    continue;
                }
                let except = self.card(*id).abilities().iter().find_map(|a| if let crate::cards::ir::Ability::EnterAsCopy { except, .. } = a { Some(except.clone()) } else { None }).unwrap_or_default();
                let own = self.printed_colors(*id);
                let values = self.copy_values(orig, &except, self.obj(*id).card.token(), Some(&own));
                let timestamp = self.obj(*id).timestamp;
                self.start_copy(*id, *id, orig, values, timestamp, false, "entered as", &[crate::cite!(copy.enters_as_copy_setup)]);
                done.push(*id);
            }
            if done.len() == before {
                break;
            }
        }
    }

    fn add_card(&mut self, e: &CardEntry, owner: usize, controller: usize, zone: Zone) -> ObjId {
        let card_id = CardId(u32::try_from(self.cards.len()).unwrap_or(u32::MAX));
        self.cards.push(PhysCard { label: e.id.as_deref().map(Into::into), current: ObjId(0), nth: 0 });
        let id = self.new_object(card_id, e.card.clone(), owner, controller, zone);
        if e.face_down {
            self.kinds = self.kinds.with(crate::engine::layers::Kinds::face_down());
        }
        let turn = self.turn;
        let o = self.obj_mut(id);
        o.tapped = e.tapped;
        o.face_down = e.face_down;
        // A face-down card with disguise (and no morph) in the setup was cast with disguise:
        // it has ward {2} (702.168b).
        let abilities = o.card.up(None).abilities();
        if e.face_down && abilities.iter().any(|a| matches!(a, crate::cards::ir::Ability::Disguise(_))) && !abilities.iter().any(|a| matches!(a, crate::cards::ir::Ability::Morph { .. })) {
            o.face_down_as = crate::engine::facedown::FaceDown::Disguised;
        }
        o.face = e.transformed.then_some(1);
        o.flipped = e.flipped;
        if let Some(other) = &e.melded_with {
            // 712.4a: the second card is numbered like any setup card and is part of this
            // object only (its own staged object never exists).
            o.face = Some(1);
            let partner = CardId(u32::try_from(self.cards.len()).unwrap_or(u32::MAX));
            self.cards.push(PhysCard { label: None, current: ObjId(0), nth: 0 });
            let staged = self.new_object(partner, other.clone(), owner, owner, Zone::Nowhere);
            self.obj_mut(staged).live = false;
            self.cards[partner.0 as usize].current = id;
            let printed = self.obj(staged).card.clone();
            self.obj_mut(id).melded = Some(Box::new(crate::engine::state::Melded { card_id: partner, card: printed, owner }));
        }
        let o = self.obj_mut(id);
        o.unlocked = e.unlocked;
        o.entry_choice = crate::engine::state::EntryChoice { color: e.chosen_color, subtype: e.chosen_subtype.clone() };
        o.damage = e.damage;
        // 514.2: damage stays marked only until the cleanup step, so a permanent that starts
        // with damage marked was dealt it this turn.
        if e.damage > 0 {
            o.damaged_turn = Some(turn);
        }
        o.steady = if e.sick { None } else { Some(controller) };
        if !e.sick {
            o.control_since = 0;
        }
        // 306.5b: a planeswalker on the battlefield has its printed loyalty unless the entry
        // says otherwise.
        let mut counters = Counters::default();
        if zone == Zone::Battlefield && !e.counters.contains_key("loyalty") && e.card.is(CardType::Planeswalker) {
            counters.loyalty = e.card.loyalty.and_then(|l| u32::try_from(l).ok()).unwrap_or(0);
        }
        for (kind, n) in &e.counters {
            // The loader accepts only kinds the engine models.
            if let Some(k) = crate::cards::ir::CounterKind::from_name(kind) {
                counters.add(&k, *n);
            }
        }
        o.counters = counters;
        id
    }
}
