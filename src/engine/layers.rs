//! Characteristics of objects: printed values plus continuous effects applied in layer
//! order (613). Nothing stores a modified characteristic; it is computed when asked.

use crate::cards::ir::{Ability, CardType, ControllerFilter, Keyword, ObjectFilter};
use crate::engine::state::{Game, ObjId, PlayerId};

impl Game {
    /// Power and toughness: printed values (layer 7a), then effects that modify them (7c),
    /// then counters (7d).
    #[must_use]
    pub fn power_toughness(&self, id: ObjId) -> (i32, i32) {
        let o = self.obj(id);
        let (mut p, mut t) = (o.card.power.unwrap_or(0), o.card.toughness.unwrap_or(0));
        for pump in self.pumps.iter().filter(|pump| pump.object == id) {
            p += pump.power;
            t += pump.toughness;
        }
        let counters = i32::try_from(o.counters.plus).unwrap_or(0) - i32::try_from(o.counters.minus).unwrap_or(0);
        (p + counters, t + counters)
    }

    #[must_use]
    pub fn power(&self, id: ObjId) -> i32 {
        self.power_toughness(id).0
    }

    #[must_use]
    pub fn toughness(&self, id: ObjId) -> i32 {
        self.power_toughness(id).1
    }

    #[must_use]
    pub fn has_type(&self, id: ObjId, t: CardType) -> bool {
        self.obj(id).card.types.contains(&t)
    }

    #[must_use]
    pub fn is_creature(&self, id: ObjId) -> bool {
        self.has_type(id, CardType::Creature)
    }

    #[must_use]
    pub fn has_keyword(&self, id: ObjId, k: Keyword) -> bool {
        self.obj(id).card.abilities.contains(&Ability::Keyword(k))
    }

    /// Whether an object matches a filter, with "you" being `you`.
    #[must_use]
    pub fn matches_filter(&self, id: ObjId, f: &ObjectFilter, you: PlayerId) -> bool {
        let o = self.obj(id);
        let types = &o.card.types;
        let type_ok = f.types_any.is_empty() || f.types_any.iter().any(|t| types.contains(t));
        let not_ok = f.types_none.iter().any(|t| types.contains(t));
        let ctrl_ok = match f.controller {
            ControllerFilter::Any => true,
            ControllerFilter::You => o.controller == you,
            ControllerFilter::Opponent => o.controller != you,
        };
        type_ok && !not_ok && ctrl_ok
    }
}
