//! Resolving the references written in a scenario (player names, `id` labels, card names,
//! `Name#N`) to players and objects of the running game.

use crate::diag::Diagnostic;
use crate::engine::state::{Game, ObjId, PlayerId, Target, Zone};
use crate::engine::Stop;
use crate::scenario::model::Ref;

/// Where a card-name reference looks.
#[derive(Clone, Copy, Debug)]
pub enum Place {
    Hand(Option<PlayerId>),
    Graveyard(Option<PlayerId>),
    Exile(Option<PlayerId>),
    /// The top card of a library, for a card a static ability lets a player play.
    LibraryTop,
    Battlefield,
    BattlefieldOrStack,
    Anywhere,
}

impl Place {
    fn words(self, g: &Game) -> String {
        match self {
            Place::Hand(Some(p)) => format!("{}'s hand", g.players[p].name),
            Place::Hand(None) => "any hand".into(),
            Place::Graveyard(Some(p)) => format!("{}'s graveyard", g.players[p].name),
            Place::Graveyard(None) => "any graveyard".into(),
            Place::Exile(Some(p)) => format!("{}'s exile", g.players[p].name),
            Place::Exile(None) => "exile".into(),
            Place::LibraryTop => "the top of a library".into(),
            Place::Battlefield => "the battlefield".into(),
            Place::BattlefieldOrStack => "the battlefield or the stack".into(),
            Place::Anywhere => "any zone".into(),
        }
    }

    fn contains(self, g: &Game, id: ObjId) -> bool {
        let o = g.obj(id);
        if !o.live {
            return false;
        }
        match self {
            Place::Hand(p) => o.zone == Zone::Hand && p.is_none_or(|p| o.owner == p),
            Place::Graveyard(p) => o.zone == Zone::Graveyard && p.is_none_or(|p| o.owner == p),
            Place::Exile(p) => o.zone == Zone::Exile && p.is_none_or(|p| o.owner == p || o.adventure == Some(p)),
            Place::LibraryTop => o.zone == Zone::Library && g.players[o.owner].library.first() == Some(&id),
            Place::Battlefield => o.zone == Zone::Battlefield,
            Place::BattlefieldOrStack => matches!(o.zone, Zone::Battlefield | Zone::Stack),
            Place::Anywhere => o.zone != Zone::Nowhere,
        }
    }
}

pub fn player(g: &Game, r: &Ref) -> Result<PlayerId, Stop> {
    g.players.iter().position(|p| *p.name == *r.text).ok_or_else(|| {
        let names: Vec<&str> = g.players.iter().map(|p| &*p.name).collect();
        Stop(Diagnostic::new(format!("unknown player `{}`", r.text), r.span).help(format!("the players are: {}", names.join(", "))))
    })
}

/// The object a label names (wherever its card is now), if `r` is a label.
pub fn label(g: &Game, text: &str) -> Option<ObjId> {
    g.labels.get(text).map(|&i| g.cards[i].current)
}

/// Resolves an object reference: a label anywhere, else a card name in `place`.
pub fn object(g: &Game, r: &Ref, place: Place) -> Result<ObjId, Stop> {
    if let Some(id) = label(g, &r.text) {
        return Ok(id);
    }
    let (name, nth) = match r.text.rsplit_once('#') {
        Some((n, k)) if k.parse::<usize>().is_ok() => (n, k.parse::<usize>().ok()),
        _ => (r.text.as_str(), None),
    };
    if let Some(k) = nth {
        // The scenario format counts the objects of that name created during the game (tokens,
        // copies). A name nothing has been created under yet may also number the setup's
        // objects of that name (`count:` entries have no labels).
        let split = g.setup_cards.min(g.cards.len());
        let named = |c: &&crate::engine::state::PhysCard| g.obj(c.current).card.named(name);
        let mut all: Vec<ObjId> = g.cards.range(split, usize::MAX).filter(named).map(|c| c.current).collect();
        let from_setup = all.is_empty();
        if from_setup {
            all = g.cards.range(0, split).filter(named).map(|c| c.current).collect();
        }
        return all.get(k.wrapping_sub(1)).copied().ok_or_else(|| {
            let whose = if from_setup { "in the setup (nothing of that name was created during the game)" } else { "created during the game" };
            Stop(Diagnostic::new(format!("there is no `{name}` number {k}: {} {whose}", all.len()), r.span)
                .help("`Name#N` counts the objects of that name created during the game, in creation order, from 1; before any exists it counts the setup's"))
        });
    }
    let found: Vec<ObjId> = g.objects.iter().filter(|o| o.card.named(name) && place.contains(g, o.id)).map(|o| o.id).collect();
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(Stop(
            Diagnostic::new(format!("no `{}` in {}", r.text, place.words(g)), r.span)
                .help("check the name, or give the card an `id:` label in the setup and refer to the label"),
        )),
        many => {
            let list: Vec<String> = many.iter().map(|&id| describe_place(g, id)).collect();
            Err(Stop(
                Diagnostic::new(format!("`{}` is ambiguous: {} objects match", r.text, many.len()), r.span)
                    .help(format!("candidates: {}; give each an `id:` label in the setup and use the label", list.join("; "))),
            ))
        }
    }
}

fn describe_place(g: &Game, id: ObjId) -> String {
    let o = g.obj(id);
    format!("{} ({} of {})", g.described(id), o.zone.name(), g.players[g.controller(o.id)].name)
}

/// Resolves a target: a player name, or an object on the battlefield or the stack.
pub fn target(g: &Game, r: &Ref) -> Result<Target, Stop> {
    if let Some(p) = g.players.iter().position(|p| *p.name == *r.text) {
        return Ok(Target::Player(p));
    }
    // Cards in graveyards can be targets too when the text says so ("target creature card
    // from your graveyard"); the battlefield and the stack are looked at first.
    object(g, r, Place::BattlefieldOrStack).or_else(|e| object(g, r, Place::Anywhere).map_err(|_| e)).map(Target::Object)
}

/// Resolves a reference among the options of a decision.
pub fn among(g: &Game, r: &Ref, options: &[Target]) -> Result<Target, Stop> {
    let hit = |t: &Target| match *t {
        Target::Player(p) => *g.players[p].name == *r.text,
        Target::Object(o) => g.label(o) == Some(r.text.as_str()) || g.obj(o).card.named(&r.text),
        Target::Ability(uid) => g.stack_ability(uid).is_some_and(|a| g.label(a.source) == Some(r.text.as_str()) || g.obj(a.source).card.named(&r.text)),
    };
    // `Name#N`: that very object, if it is one of the choices.
    if r.text.rsplit_once('#').is_some_and(|(_, k)| k.parse::<usize>().is_ok())
        && let Ok(id) = object(g, r, Place::Anywhere)
        && options.contains(&Target::Object(id))
    {
        return Ok(Target::Object(id));
    }
    let found: Vec<Target> = options.iter().copied().filter(hit).collect();
    match found.as_slice() {
        [one] => Ok(*one),
        [] => {
            let names: Vec<String> = options.iter().map(|t| g.describe_target(*t)).collect();
            Err(Stop(Diagnostic::new(format!("`{}` is not one of the choices", r.text), r.span).help(format!("the choices are: {}", names.join(", ")))))
        }
        _ => {
            // Same-named cards: pick the first one not already taken is the caller's job.
            Ok(found[0])
        }
    }
}
