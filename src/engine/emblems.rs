//! Emblems (114): "[player] gets an emblem with [abilities]" puts an object with only those
//! abilities into that player's command zone (114.2, 114.3, 408.2). It is neither a card nor a
//! permanent (114.5) and never leaves; its static abilities are gathered by the layer system
//! and its triggered abilities checked by `triggers.rs` from there (114.4, 113.6p).

use std::sync::Arc;

use crate::cite;
use crate::engine::event::EventKind;
use crate::engine::state::{CardId, Game, ObjId, PhysCard, PlayerId, Zone};
use crate::engine::Ev;

impl Game {
    /// `who` gets an emblem with `abilities` (114.2): an object in their command zone, owned
    /// and controlled by them, with no characteristics but those abilities (114.3) — not a
    /// card, not a permanent (114.5) — whose abilities work from there (114.4, 113.6p).
    pub fn create_emblem(&mut self, who: PlayerId, abilities: &[crate::cards::ir::Ability], text: &str) {
        let def = crate::cards::def::CardDef {
            name: "Emblem".into(),
            cost: None,
            type_line: String::new(),
            supertypes: Vec::new(),
            types: Vec::new(),
            subtypes: Vec::new(),
            power: None,
            toughness: None,
            loyalty: None,
            colors: Vec::new(),
            text: text.to_owned(),
            abilities: abilities.to_vec(),
            token: false,
            layout: None,
            faces: Vec::new(),
        };
        let card_id = CardId(u32::try_from(self.cards.len()).unwrap_or(u32::MAX));
        self.cards.push(PhysCard { label: None, current: ObjId(0), nth: 0 });
        let id = self.new_object(card_id, Arc::new(def), who, who, Zone::Command);
        self.players[who].command.push(id);
        let ev = Ev::new(EventKind::CreateEmblem, format!("{} gets an emblem with \"{text}\"", self.players[who].name))
            .player(self, who)
            .object(self, id)
            .zone(Zone::Command)
            .rules(&cite!(emblem.create));
        self.record(ev);
    }
}
