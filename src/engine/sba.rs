//! State-based actions (704), checked as one event whenever a player would receive
//! priority, repeated until none applies (704.3).

use crate::cards::ir::CardType;
use crate::cr;
use crate::engine::event::EventKind;
use crate::engine::state::{ObjId, Outcome, PlayerId, Zone};
use crate::engine::{Ev, Game};

impl Game {
    /// Performs state-based actions until none applies (704.3). Returns whether any happened.
    pub fn check_sbas(&mut self) -> bool {
        let mut any = false;
        while self.outcome.is_none() && self.sba_once() {
            any = true;
        }
        any
    }

    fn sba_once(&mut self) -> bool {
        let mut losers: Vec<(PlayerId, crate::rules::RuleId, String)> = Vec::new();
        for (i, p) in self.players.iter().enumerate() {
            if p.lost {
                continue;
            }
            if p.life <= 0 {
                losers.push((i, cr!("704.5a"), format!("{} has {} life", p.name, p.life)));
            } else if p.drew_from_empty {
                losers.push((i, cr!("704.5b"), format!("{} drew from an empty library", p.name)));
            } else if p.poison >= 10 {
                losers.push((i, cr!("704.5c"), format!("{} has {} poison counters", p.name, p.poison)));
            }
        }
        let mut to_graveyard: Vec<(ObjId, crate::rules::RuleId, String)> = Vec::new();
        let mut destroyed: Vec<(ObjId, String)> = Vec::new();
        let mut vanish: Vec<(ObjId, crate::rules::RuleId)> = Vec::new();
        for o in &self.objects {
            if o.live && o.card.token && o.zone != Zone::Battlefield && o.zone != Zone::Nowhere {
                vanish.push((o.id, cr!("704.5d")));
            } else if o.live && o.copy && o.zone != Zone::Stack && o.zone != Zone::Nowhere {
                vanish.push((o.id, cr!("704.5e")));
            }
        }
        for &id in &self.battlefield {
            if self.is_creature(id) {
                let t = self.toughness(id);
                let dmg = self.obj(id).damage;
                if t <= 0 {
                    to_graveyard.push((id, cr!("704.5f"), format!("toughness {t}")));
                } else if i64::from(dmg) >= i64::from(t) {
                    destroyed.push((id, format!("{dmg} damage marked, toughness {t}")));
                }
            }
            if self.has_type(id, CardType::Planeswalker) && self.obj(id).counters.loyalty == 0 {
                to_graveyard.push((id, cr!("704.5i"), "0 loyalty".to_owned()));
            }
        }
        if losers.is_empty() && to_graveyard.is_empty() && destroyed.is_empty() && vanish.is_empty() {
            return false;
        }
        self.begin_batch();
        self.with_cause("state-based actions (704.3)".to_owned(), |g| {
            for (p, rule, why) in &losers {
                g.players[*p].drew_from_empty = false;
                g.lose(*p, *rule, why);
            }
            for (id, rule, why) in to_graveyard {
                let text = format!("{} is put into its owner's graveyard ({why})", g.describe(id));
                let ev = Ev::new(EventKind::PutIntoGraveyard, text).object(g, id).zone(Zone::Graveyard).rule(rule);
                g.record(ev);
                g.move_object(id, Zone::Graveyard);
            }
            for (id, why) in destroyed {
                g.destroy(id, &[cr!("704.5g"), cr!("701.8a")], &format!("lethal damage ({why})"), true);
            }
            for (id, rule) in vanish {
                let what = if g.obj(id).copy { "the" } else { "the token" };
                let text = format!("{what} {} ceases to exist", g.describe(id));
                let ev = Ev::new(EventKind::CeasesToExist, text).object(g, id).rule(rule);
                g.record(ev);
                g.move_object(id, Zone::Nowhere);
            }
            g.check_game_over();
        });
        self.end_batch();
        true
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
        let living: Vec<PlayerId> = (0..self.players.len()).filter(|&p| !self.players[p].lost).collect();
        match living.as_slice() {
            [] => {
                self.outcome = Some(Outcome::Draw);
                let ev = Ev::new(EventKind::GameOver, "the game is a draw: all remaining players lost at once").rule(cr!("104.4a"));
                self.record(ev);
            }
            [w] => {
                let w = *w;
                self.outcome = Some(Outcome::Winner(w));
                let ev = Ev::new(EventKind::GameOver, format!("{} wins: every opponent has left the game", self.players[w].name)).player(self, w).rule(cr!("104.2a"));
                self.record(ev);
            }
            _ => self.remove_departed(),
        }
    }

    fn remove_departed(&mut self) {
        let gone: Vec<ObjId> = self
            .objects
            .iter()
            .filter(|o| o.live && o.zone != Zone::Nowhere && self.players[o.owner].lost)
            .map(|o| o.id)
            .collect();
        for id in gone {
            let ev = Ev::new(EventKind::LeavesGame, format!("{} leaves the game with its owner", self.describe(id))).object(self, id).rule(cr!("800.4a"));
            self.record(ev);
            self.move_object(id, Zone::Nowhere);
        }
        self.stack.retain(|s| match s {
            crate::engine::state::StackItem::Ability(a) => !self.players[a.controller].lost,
            crate::engine::state::StackItem::Spell(_) => true,
        });
        let lost_ids: Vec<ObjId> = self.battlefield.iter().copied().filter(|&id| self.players[self.obj(id).controller].lost).collect();
        for id in lost_ids {
            let ev = Ev::new(EventKind::Exile, format!("{} is exiled: its controller left the game", self.describe(id))).object(self, id).rule(cr!("800.4a"));
            self.record(ev);
            self.move_object(id, Zone::Exile);
        }
    }
}
