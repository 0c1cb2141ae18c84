//! Characteristics of objects: printed values plus continuous effects applied in layer
//! order (613). Nothing stores a modified characteristic; it is computed when asked.

use crate::cards::ir::{Ability, Amount, CardType, Color, Compare, ControllerFilter, Keyword, ObjectFilter, Quality};
use crate::engine::state::{Game, Modification, ObjId, PlayerId, Zone};

impl Game {
    /// Power and toughness: printed values (layer 7a), then effects that modify them (7c),
    /// then counters (7d).
    #[must_use]
    pub fn power_toughness(&self, id: ObjId) -> (i32, i32) {
        let o = self.obj(id);
        let (mut p, mut t) = (o.card.power.unwrap_or(0), o.card.toughness.unwrap_or(0));
        for e in self.effects.iter().filter(|e| e.object == id) {
            if let Modification::Pt(dp, dt) = e.modification {
                p += dp;
                t += dt;
            }
        }
        for (_, g) in self.auras_on(id) {
            p += g.power;
            t += g.toughness;
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

    /// The object's colors (105.2, 202.2): from its mana cost or color indicator, then
    /// color-changing effects in timestamp order (layer 5, 613.1e).
    #[must_use]
    pub fn colors(&self, id: ObjId) -> Vec<Color> {
        // 702.114a, 604.3: devoid defines the object as colorless, everywhere.
        let mut colors = if self.obj(id).card.abilities.contains(&Ability::Keyword(Keyword::Devoid)) { Vec::new() } else { self.obj(id).card.colors.clone() };
        for e in self.effects.iter().filter(|e| e.object == id) {
            if let Modification::Color(c) = e.modification {
                colors = vec![c];
            }
        }
        colors
    }

    #[must_use]
    pub fn has_color(&self, id: ObjId, c: Color) -> bool {
        self.colors(id).contains(&c)
    }

    /// Printed keywords and keywords granted by effects (layer 6); for an object that has
    /// left the battlefield, those granted as it last existed there (last known information).
    #[must_use]
    pub fn has_keyword(&self, id: ObjId, k: Keyword) -> bool {
        self.obj(id).card.abilities.contains(&Ability::Keyword(k))
            || self.effects.iter().any(|e| e.object == id && e.modification == Modification::Grant(k))
            || self.obj(id).lki_granted.contains(&k)
            || self.auras_on(id).any(|(_, g)| g.keywords.contains(&k))
    }

    /// The Auras attached to `id` with what their "enchanted creature …" abilities give it.
    pub fn auras_on(&self, id: ObjId) -> impl Iterator<Item = (ObjId, &crate::cards::ir::EnchantedGets)> + '_ {
        self.battlefield.iter().copied().filter(move |&a| self.obj(a).attached_to == Some(id)).flat_map(move |a| {
            self.obj(a).card.abilities.iter().filter_map(move |ab| if let Ability::Enchanted(g) = ab { Some((a, g)) } else { None })
        })
    }

    /// Whether a continuous effect applies this modification to the object.
    #[must_use]
    pub fn has_effect(&self, id: ObjId, m: Modification) -> bool {
        self.effects.iter().any(|e| e.object == id && e.modification == m)
            || match m {
                Modification::CantAttack => {
                    self.auras_on(id).any(|(_, g)| g.cant_attack)
                        || self.obj(id).card.abilities.iter().any(|a| matches!(a, Ability::SelfRestriction { cant_attack: true, .. }))
                }
                Modification::CantBlock => {
                    self.auras_on(id).any(|(_, g)| g.cant_block)
                        || self.obj(id).card.abilities.iter().any(|a| matches!(a, Ability::SelfRestriction { cant_block: true, .. }))
                }
                _ => false,
            }
    }

    /// The qualities the object has protection from (702.16a), printed and granted.
    #[must_use]
    pub fn protections(&self, id: ObjId) -> Vec<Quality> {
        let mut out: Vec<Quality> = self.obj(id).card.abilities.iter().filter_map(|a| if let Ability::Protection(q) = a { Some(*q) } else { None }).collect();
        out.extend(self.effects.iter().filter(|e| e.object == id).filter_map(|e| if let Modification::Protection(q) = e.modification { Some(q) } else { None }));
        out
    }

    /// Whether `source` has a quality that `id` has protection from (702.16a): the quality
    /// protection is from is matched against the source's current characteristics.
    #[must_use]
    pub fn protected_from(&self, id: ObjId, source: ObjId) -> Option<Quality> {
        self.protections(id).into_iter().find(|q| match q {
            Quality::Color(c) => self.has_color(source, *c),
            Quality::Type(t) => self.has_type(source, *t),
            Quality::Everything => true,
        })
    }

    /// Mana value (202.3): on the stack X counts as its chosen value (202.3e), elsewhere 0.
    #[must_use]
    pub fn mana_value(&self, id: ObjId) -> u32 {
        let o = self.obj(id);
        let x = if o.zone == Zone::Stack { o.choices.x } else { 0 };
        o.card.cost.as_ref().map_or(0, |c| c.mana_value(x))
    }

    /// Whether an object matches a filter, with "you" being `you` and X being `x`.
    #[must_use]
    pub fn matches_filter_x(&self, id: ObjId, f: &ObjectFilter, you: PlayerId, x: u32) -> bool {
        let o = self.obj(id);
        let types = &o.card.types;
        let type_ok = f.types_any.is_empty() || f.types_any.iter().any(|t| types.contains(t));
        let not_ok = f.types_none.iter().any(|t| types.contains(t));
        let ctrl_ok = match f.controller {
            ControllerFilter::Any => true,
            ControllerFilter::You => o.controller == you,
            ControllerFilter::Opponent => o.controller != you,
        };
        let color_ok = f.colors_none.iter().all(|c| !self.has_color(id, *c)) && (f.colors.is_empty() || f.colors.iter().any(|c| self.has_color(id, *c)));
        let tapped_ok = f.tapped.is_none_or(|t| o.tapped == t);
        let attacking_ok = !f.attacking || self.combat.attackers.iter().any(|a| a.id == id);
        let keyword_ok = f.keyword.is_none_or(|k| self.has_keyword(id, k));
        let mv_ok = f.mana_value.is_none_or(|(cmp, n)| {
            let n = match n {
                Amount::Fixed(n) => i64::from(n),
                Amount::X => i64::from(x),
                Amount::MinusX => -i64::from(x),
                Amount::Kicked { base, .. } => i64::from(base),
                Amount::ThatMuch => 0,
            };
            let mv = i64::from(self.mana_value(id));
            match cmp {
                Compare::Equal => mv == n,
                Compare::AtMost => mv <= n,
                Compare::AtLeast => mv >= n,
            }
        });
        let token_ok = f.token.is_none_or(|t| o.card.token == t);
        type_ok && !not_ok && ctrl_ok && color_ok && tapped_ok && attacking_ok && keyword_ok && mv_ok && token_ok
    }

    /// [`Game::matches_filter_x`] with X = 0.
    #[must_use]
    pub fn matches_filter(&self, id: ObjId, f: &ObjectFilter, you: PlayerId) -> bool {
        self.matches_filter_x(id, f, you, 0)
    }
}
