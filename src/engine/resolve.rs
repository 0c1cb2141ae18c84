//! Resolving spells and abilities (608): targets checked again (608.2b), instructions followed
//! in the order written (608.2c), the spell put into its owner's graveyard last (608.2n), or a
//! permanent spell put onto the battlefield (608.3).

use crate::cards::ir::{Ability, Effect};
use crate::cr;
use crate::engine::decision::{Decider, Stop};
use crate::engine::event::EventKind;
use crate::engine::state::{Game, ObjId, PlayerId, StackItem, Target, Zone};
use crate::engine::Ev;

/// What a resolving effect knows: who controls it, its source, its targets (`None` where the
/// target became illegal) and X.
#[derive(Clone, Debug)]
pub struct Context {
    pub controller: PlayerId,
    pub source: ObjId,
    pub targets: Vec<Option<Target>>,
    pub x: u32,
}

impl Game {
    /// Resolves the top object of the stack (608.1).
    ///
    /// # Errors
    /// When a decision on resolution can't be made.
    pub fn resolve_top(&mut self, dec: &mut dyn Decider) -> Result<(), Stop> {
        let Some(item) = self.stack.last().cloned() else { return Ok(()) };
        match item {
            StackItem::Spell(id) => self.resolve_spell(id, dec),
            StackItem::Ability(a) => {
                self.stack.pop();
                let card = self.obj(a.source).card.clone();
                let Some(Ability::Activated { effect, .. }) = card.abilities.get(a.ability) else { return Ok(()) };
                let name = format!("ability of {}", self.describe(a.source));
                let cause = format!("{name} resolving");
                self.with_cause(cause, |g| {
                    g.run_effect(effect, a.controller, a.source, &a.targets, a.x, &name, dec)
                })?;
                Ok(())
            }
        }
    }

    fn resolve_spell(&mut self, id: ObjId, dec: &mut dyn Decider) -> Result<(), Stop> {
        let card = self.obj(id).card.clone();
        let controller = self.obj(id).controller;
        let name = self.describe(id);
        self.with_cause(format!("{name} resolving"), |g| {
            let effect = card.abilities.iter().find_map(|a| match a {
                Ability::Spell(e) => Some(e),
                _ => None,
            });
            if let Some(effect) = effect {
                let targets = g.obj(id).targets.clone();
                let x = g.obj(id).x;
                let resolved = g.run_effect(effect, controller, id, &targets, x, &name, dec)?;
                if g.is_live(id) && g.obj(id).zone == Zone::Stack {
                    let ev = if resolved {
                        Ev::new(EventKind::PutIntoGraveyard, format!("{name} is put into its owner's graveyard as the last step of its resolution")).rule(cr!("608.2n"))
                    } else {
                        Ev::new(EventKind::PutIntoGraveyard, format!("{name} is removed from the stack and put into its owner's graveyard")).rule(cr!("608.2b"))
                    };
                    let ev = ev.object(g, id).zone(Zone::Graveyard);
                    g.record(ev);
                    g.move_object(id, Zone::Graveyard);
                }
            } else if card.types.iter().any(|t| t.is_permanent_type()) {
                // 608.3: a permanent spell becomes a permanent under its controller's control.
                let ev = Ev::new(EventKind::Resolve, format!("{name} resolves")).object(g, id).rule(cr!("608.3"));
                g.record(ev);
                let nid = g.move_object(id, Zone::Battlefield);
                g.obj_mut(nid).controller = controller;
                let ev = Ev::new(EventKind::EntersBattlefield, format!("{} enters the battlefield under {}'s control", g.describe(nid), g.players[controller].name))
                    .object(g, nid)
                    .player(g, controller)
                    .zone(Zone::Battlefield)
                    .rule(cr!("608.3a"));
                g.record(ev);
            } else {
                let ev = Ev::new(EventKind::Resolve, format!("{name} resolves (no effect)")).object(g, id).rule(cr!("608.2"));
                g.record(ev);
                g.move_object(id, Zone::Graveyard);
            }
            Ok(())
        })
    }

    /// Follows an effect's instructions. When it has targets and every one is now illegal,
    /// it does nothing at all (608.2b); otherwise illegal targets are left alone.
    #[expect(clippy::too_many_arguments, reason = "the pieces of a resolving object, kept separate to avoid cloning it")]
    fn run_effect(&mut self, effect: &Effect, controller: PlayerId, source: ObjId, targets: &[Target], x: u32, name: &str, dec: &mut dyn Decider) -> Result<bool, Stop> {
        let this = (self.obj(source).zone == Zone::Stack).then_some(source);
        let checked: Vec<Option<Target>> = targets
            .iter()
            .zip(&effect.targets)
            .map(|(t, spec)| self.target_legal(spec, *t, controller, this).then_some(*t))
            .collect();
        if !effect.targets.is_empty() && checked.iter().all(Option::is_none) {
            let ev = Ev::new(EventKind::DoesNotResolve, format!("{name} does not resolve: all its targets are illegal")).source(self, source).rule(cr!("608.2b"));
            self.record(ev);
            return Ok(false);
        }
        let ev = Ev::new(EventKind::Resolve, format!("{name} resolves")).source(self, source).rule(cr!("608.2c"));
        self.record(ev);
        for (t, c) in targets.iter().zip(&checked) {
            if c.is_none() {
                let ev = Ev::new(EventKind::Choice, format!("{} is no longer a legal target: {name} does not affect it", self.describe_target(*t))).target(self, *t).rule(cr!("608.2b"));
                self.record(ev);
            }
        }
        let ctx = Context { controller, source, targets: checked, x };
        for ins in &effect.instructions {
            self.perform(ins, &ctx, dec)?;
            if self.outcome.is_some() {
                break;
            }
        }
        Ok(true)
    }
}
