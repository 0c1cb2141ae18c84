//! Static lines of permanents.
//!
//! Replacement effects applying as the permanent enters the battlefield (614.1c, 614.1d,
//! 614.12): "This land enters tapped.", "This creature enters with two +1/+1 counters on it."
//! The engine applies them in `engine::enter`.
//!
//! Static abilities that generate continuous effects (604.1, 611.3), read compositionally as
//! a subject — "Creatures you control", "Other Merfolk", "Each other non-Aura enchantment",
//! "Nonbasic lands", "Enchanted creature" — and predicates joined by "and": "get +1/+1",
//! "have flying", "lose all abilities", "have base power and toughness 1/1", "is a creature in
//! addition to its other types", "are Mountains", "can't block". The same predicates serve the
//! continuous effects of resolving spells ("Until end of turn, target creature loses all
//! abilities and has base power and toughness 0/1"). The engine applies them in layers.

use super::lexer::{PtPart, Tok};
use super::parser::{Fail, PResult, Parser};
use super::targets::{Head, eat_self_ref, parse_filter};
use crate::cards::ir::{Ability, CardType, Change, Color, Count, CounterKind, ObjectFilter, PtValue, Condition, StaticEffect, StaticSubject};
use super::effects::amount;
use crate::cards::ir::{Affected, Amount};

/// Parses a static ability line that generates a continuous effect, or returns `None` when
/// the line doesn't start with a subject such an ability has.
pub fn static_effect_line(p: &mut Parser<'_>) -> Option<PResult<Ability>> {
    let start = p.pos;
    let r = effect_line(p)?;
    // A static ability is applied layer by layer (613): a power read while the layers are
    // being applied is not yet the final one, so a filter or condition that compares power
    // is not read in a static ability.
    // Blocking restrictions (509.1b) are exempt: they are checked as blockers are declared,
    // with the layers applied.
    Some(r.and_then(|a| {
        let json = |v: &dyn erased::Ser| v.reads_power();
        let reads_power = match &a {
            Ability::Static(se) => json(&se.subject) || json(&se.condition) || se.changes.iter().any(|c| !matches!(c, Change::CanBlockOnly(_) | Change::CantBlockMatching(_) | Change::CantBeBlockedBy(_) | Change::CantBeBlockedExcept(_) | Change::AttackOnlyIfDefenderControls(_)) && json(c)),
            other => json(other),
        };
        if reads_power { Err(super::parser::Fail { at: start, expected: "a static ability whose filters don't compare power (not supported)".into() }) } else { Ok(a) }
    }))
}

mod erased {
    /// Whether a part of the IR compares power somewhere in it (its JSON form has a power
    /// comparison).
    pub trait Ser {
        fn reads_power(&self) -> bool;
    }
    impl<T: serde::Serialize> Ser for T {
        fn reads_power(&self) -> bool {
            serde_json::to_string(self).is_ok_and(|s| s.contains("\"power\":[") || s.contains("\"toughness\":["))
        }
    }
}

fn effect_line(p: &mut Parser<'_>) -> Option<PResult<Ability>> {
    let start = p.pos;
    // "You control enchanted creature." (Mind Control): layer 2.
    if p.eat_words(&["you", "control", "enchanted"]) && (p.eat_word("creature") || p.eat_word("permanent") || p.eat_word("artifact") || p.eat_word("land")) {
        let r = end(p).map(|()| Ability::Static(StaticEffect { subject: StaticSubject::Attached, changes: vec![Change::GainControl], condition: None }));
        return Some(r);
    }
    p.pos = start;
    // "Enchanted creature's activated abilities can't be activated." (602.5)
    if let Some(Affected::AttachedController) = super::targets::attached_ref_possessive(p)
        && (p.eat_words(&["activated", "abilities", "can't", "be", "activated"]) || p.eat_words(&["activated", "abilities", "can’t", "be", "activated"]))
    {
        let r = end(p).map(|()| Ability::Static(StaticEffect { subject: StaticSubject::Attached, changes: vec![Change::CantActivate], condition: None }));
        return Some(r);
    }
    p.pos = start;
    // "All creatures able to block this creature do so." / "… enchanted creature do so."
    // (509.1c): a requirement on each creature able to block it.
    if p.eat_words(&["all", "creatures", "able", "to", "block"]) {
        let subject = if eat_self_ref(p) {
            StaticSubject::This
        } else if super::targets::attached_ref(p) == Some(Affected::Attached) {
            StaticSubject::Attached
        } else {
            return Some(Err(p.fail("\"this creature\" or \"enchanted creature\"")));
        };
        let r = p.expect_words(&["do", "so"]).and_then(|()| end(p)).map(|()| Ability::Static(StaticEffect { subject, changes: vec![Change::AllMustBlock], condition: None }));
        return Some(r);
    }
    p.pos = start;
    // "As long as it's your turn, creatures you control get +1/+0."
    let mut condition = None;
    if p.eat_words(&["as", "long", "as"]) {
        match static_condition(p) {
            Ok(c) => condition = Some(c),
            Err(e) => return Some(Err(e)),
        }
        p.eat_punct(',');
    } else if p.at_words(&["during", "your", "turn"]) && p.peek_at(3).is_some_and(|t| t.is_punct(',')) {
        // "During your turn, this creature has flying.": as long as it's your turn (611.3a).
        p.pos += 4;
        condition = Some(Condition::YourTurn(true));
    }
    // Characteristic-defining abilities (604.3, 613.4a): "This creature's power and toughness
    // are each equal to the number of …", "… power is equal to …", "… toughness is equal to
    // …", "… power is equal to … and its toughness is equal to …".
    let pt_word = |t: Option<&super::lexer::Token>| t.is_some_and(|t| t.is_word("power") || t.is_word("toughness"));
    let this_possessive = p.at_word("this") && p.peek_at(1).and_then(|t| t.word()).is_some_and(|w| w.ends_with("'s") || w.ends_with("’s")) && pt_word(p.peek_at(2));
    // "Crusader of Odric's power …": the name, then the possessive however the lexer split it.
    let name_possessive = p.peek().is_some_and(|t| t.tok == Tok::SelfName)
        && (pt_word(p.peek_at(1)) || (p.peek_at(1).is_some_and(|t| t.is_word("s") || t.is_word("'s") || t.is_word("’s") || t.is_punct('\'') || t.is_punct('’')) && pt_word(p.peek_at(2))));
    if this_possessive || name_possessive {
        while !(p.at_word("power") || p.at_word("toughness")) {
            p.bump();
        }
        let r = (|| {
            let (power, toughness) = if p.eat_words(&["power", "and", "toughness", "are", "each", "equal", "to"]) {
                let v = cda_value(p)?;
                (Some(v.clone()), Some(v))
            } else if p.eat_words(&["power", "is", "equal", "to"]) {
                let v = cda_value(p)?;
                let mark = p.pos;
                p.eat_punct(',');
                if p.eat_words(&["and", "its", "toughness", "is", "equal", "to"]) {
                    (Some(v), Some(cda_value(p)?))
                } else {
                    p.pos = mark;
                    (Some(v), None)
                }
            } else {
                p.expect_words(&["toughness", "is", "equal", "to"])?;
                (None, Some(cda_value(p)?))
            };
            end(p)?;
            Ok(Ability::Static(StaticEffect { subject: StaticSubject::This, changes: vec![Change::PtEqualTo { power, toughness }], condition: condition.clone() }))
        })();
        return Some(r);
    }
    // "As long as this creature is untapped, it gets +0/+2.": after a condition about the
    // permanent itself, "it" is the permanent.
    if condition.as_ref().is_some_and(Condition::is_about_source) && p.at_word("it") {
        let mark = p.pos;
        p.bump();
        if at_predicate(p) {
            return Some(parse_changes(p, false).and_then(|changes| {
                end(p)?;
                Ok(Ability::Static(StaticEffect { subject: StaticSubject::This, changes, condition: condition.clone() }))
            }));
        }
        p.pos = mark;
    }
    let Some((subject, plural)) = static_subject(p) else {
        if condition.is_some() {
            return Some(Err(p.fail("what the ability affects (\"creatures you control\", \"this creature\")")));
        }
        return None;
    };
    p.it_is_subject_self = subject == StaticSubject::This;
    let changes = parse_changes(p, plural);
    p.it_is_subject_self = false;
    Some(changes.and_then(|changes| {
        if condition.is_none() && p.eat_words(&["as", "long", "as"]) {
            let about_it = p.peek().and_then(|t| t.word()).is_some_and(|w| matches!(w.to_ascii_lowercase().as_str(), "it" | "it's" | "it’s"));
            let c = static_condition(p)?;
            // "Enchanted creature has shroud as long as it's untapped": "it" is the creature
            // the Aura or Equipment is attached to, not the source.
            condition = Some(if about_it && subject == StaticSubject::Attached && c.is_about_source() { Condition::OfAttached(Box::new(c)) } else { c });
        }
        end(p)?;
        Ok(Ability::Static(StaticEffect { subject, changes, condition }))
    }))
}

/// Static abilities that change the rules of casting and playing (613.11): cost changes
/// (601.2f), "can't be countered" for spells (101.2), additional land plays (305.2a).
pub fn rules_static_line(p: &mut Parser<'_>) -> Option<PResult<Ability>> {
    let start = p.pos;
    if p.eat_words(&["you", "may", "play", "an", "additional", "land", "on", "each", "of", "your", "turns"]) {
        return Some(end(p).map(|()| Ability::AdditionalLands(1)));
    }
    p.pos = start;
    if p.eat_words(&["you", "may", "play", "two", "additional", "lands", "on", "each", "of", "your", "turns"]) {
        return Some(end(p).map(|()| Ability::AdditionalLands(2)));
    }
    p.pos = start;
    if p.eat_words(&["you", "have", "no", "maximum", "hand", "size"]) {
        return Some(end(p).map(|()| Ability::NoMaxHandSize { everyone: false }));
    }
    p.pos = start;
    if p.eat_words(&["players", "have", "no", "maximum", "hand", "size"]) {
        return Some(end(p).map(|()| Ability::NoMaxHandSize { everyone: true }));
    }
    p.pos = start;
    // 401.5: who may see the top card of a library.
    if p.eat_words(&["you", "may", "look", "at", "the", "top", "card", "of", "your", "library", "any", "time"]) {
        return Some(end(p).map(|()| Ability::TopCardVisible { revealed: false }));
    }
    p.pos = start;
    if p.eat_words(&["play", "with", "the", "top", "card", "of", "your", "library", "revealed"]) {
        return Some(end(p).map(|()| Ability::TopCardVisible { revealed: true }));
    }
    p.pos = start;
    // 601.3, 116.2a: "You may play lands [and cast spells] from the top of your library." /
    // "You may cast noncreature spells from the top of your library."
    if p.eat_words(&["you", "may", "play", "lands"]) {
        let spells = if p.eat_words(&["and", "cast", "spells"]) { Some(ObjectFilter::default()) } else { None };
        if p.eat_words(&["from", "the", "top", "of", "your", "library"]) {
            return Some(end(p).map(|()| Ability::PlayFromTop { lands: true, spells }));
        }
    }
    p.pos = start;
    if p.eat_words(&["you", "may", "cast"]) {
        let at = p.pos;
        let spells = if p.eat_word("spells") {
            Ok(ObjectFilter::default())
        } else {
            match super::targets::parse_filter(p, true) {
                Ok((f, super::targets::Head::Spell)) => Ok(f),
                Ok(_) => Err(Fail { at, expected: "spells (\"noncreature spells\")".into() }),
                Err(e) => Err(e),
            }
        };
        if let Ok(spells) = spells
            && p.eat_words(&["from", "the", "top", "of", "your", "library"])
        {
            return Some(end(p).map(|()| Ability::PlayFromTop { lands: false, spells: Some(spells) }));
        }
    }
    p.pos = start;
    // Both halves together: the engine has no way to win other than every opponent losing
    // (104.2a), which "can't lose" already stops.
    for apostrophe in ["can't", "can’t"] {
        if p.eat_words(&["you", apostrophe, "lose", "the", "game", "and", "your", "opponents", apostrophe, "win", "the", "game"]) {
            return Some(end(p).map(|()| Ability::CantLoseGame));
        }
        p.pos = start;
    }
    // "Your opponents can't block with creatures with even mana values.": a "can't block"
    // effect on each such creature (509.1b).
    for apostrophe in ["can't", "can’t"] {
        p.pos = start;
        if p.eat_words(&["your", "opponents", apostrophe, "block", "with"]) {
            return Some(parse_filter(p, true).and_then(|(mut filter, head)| {
                if head != Head::Permanent {
                    return Err(p.fail("creatures"));
                }
                filter.controller = crate::cards::ir::ControllerFilter::Opponent;
                end(p)?;
                Ok(Ability::Static(StaticEffect { subject: StaticSubject::Each { filter, other: false }, changes: vec![Change::CantBlock], condition: None }))
            }));
        }
    }
    // "Your opponents can't cast spells during your turn." / "You can't cast creature spells."
    for (who_words, who) in [(&["your", "opponents"][..], crate::cards::ir::ControllerFilter::Opponent), (&["you"][..], crate::cards::ir::ControllerFilter::You), (&["players"][..], crate::cards::ir::ControllerFilter::Any), (&["each", "player"][..], crate::cards::ir::ControllerFilter::Any)] {
        p.pos = start;
        if !(p.eat_words(who_words) && (p.eat_words(&["can't", "cast"]) || p.eat_words(&["can’t", "cast"]))) {
            continue;
        }
        let mark = p.pos;
        let spells = match parse_filter(p, true) {
            // "spells", "noncreature spells", "spells with even mana values"
            Ok((f, Head::Spell)) => f,
            _ => {
                p.pos = mark;
                match parse_filter(p, false) {
                    // "creature spells"
                    Ok((f, Head::Permanent)) if !f.types_any.is_empty() && p.eat_word("spells") => f,
                    _ => return Some(Err(p.fail("\"spells\" or \"[type] spells\""))),
                }
            }
        };
        let during_your_turn = p.eat_words(&["during", "your", "turn"]);
        return Some(end(p).map(|()| Ability::CantCast { who, spells, during_your_turn }));
    }
    p.pos = start;
    // "[filter] spells [you cast | your opponents cast | you control] cost {N} more/less to cast."
    // "Noncreature spells", "Red spells"; "Creature spells" (a singular type before the plural
    // noun).
    let mut spells = match spell_type_list(p) {
        Some(f) => f,
        None => match parse_filter(p, true) {
        Ok((f, Head::Spell)) => f,
        _ => {
            p.pos = start;
            match parse_filter(p, false) {
                Ok((f, Head::Permanent)) if !f.types_any.is_empty() && p.eat_word("spells") => {
                    let mut f = f;
                    if f.controller == crate::cards::ir::ControllerFilter::Any {
                        f.controller = super::targets::controller_phrase(p);
                    }
                    f
                }
                _ => {
                    p.pos = start;
                    return None;
                }
            }
        }
        },
    };
    if p.eat_words(&["you", "cast"]) {
        spells.controller = crate::cards::ir::ControllerFilter::You;
    } else if p.eat_words(&["your", "opponents", "cast"]) {
        spells.controller = crate::cards::ir::ControllerFilter::Opponent;
    }
    if p.at_word("cost") {
        p.bump();
        let n = match p.peek().map(|t| t.tok.clone()) {
            Some(Tok::Symbol(s)) => s.parse::<i32>().ok(),
            _ => None,
        };
        let Some(n) = n else { return Some(Err(p.fail("a generic mana amount such as {1}"))) };
        p.bump();
        let sign = if p.eat_word("more") {
            1
        } else if p.eat_word("less") {
            -1
        } else {
            return Some(Err(p.fail("\"more\" or \"less\"")));
        };
        if let Err(e) = p.expect_words(&["to", "cast"]) {
            return Some(Err(e));
        }
        return Some(end(p).map(|()| Ability::CostChange { spells, generic: sign * n }));
    }
    if p.eat_words(&["can't", "be", "countered"]) || p.eat_words(&["can’t", "be", "countered"]) {
        return Some(end(p).map(|()| Ability::SpellsCantBeCountered(spells)));
    }
    p.pos = start;
    None
}

/// "Instant and sorcery spells", "Artifact, creature, and enchantment spells": spells of any
/// of two or more card types, the singular type words joined by "and"/"or" before the plural
/// noun (205.2a). Nothing is consumed unless the whole list is there.
fn spell_type_list(p: &mut Parser<'_>) -> Option<crate::cards::ir::ObjectFilter> {
    let start = p.pos;
    let mut types = Vec::new();
    while let Some(t) = p.word().and_then(|w| crate::cards::ir::CardType::from_name(&w)) {
        types.push(t);
        p.bump();
        if p.eat_punct(',') {
            let _ = p.eat_word("and") || p.eat_word("or");
        } else if !(p.eat_word("and") || p.eat_word("or")) {
            break;
        }
    }
    if types.len() >= 2 && p.eat_word("spells") {
        return Some(crate::cards::ir::ObjectFilter { types_any: types, ..Default::default() });
    }
    p.pos = start;
    None
}

/// After "as long as": the condition grammar of [`super::conditions`].
fn static_condition(p: &mut Parser<'_>) -> PResult<Condition> {
    super::conditions::parse(p)
}

/// What "for each …" / "the number of …" counts: "artifact you control", "creatures you
/// control", "creature card in your graveyard", "card in your hand".
/// The value a characteristic-defining ability sets power or toughness to: "the number of
/// creatures you control", "twice the number of cards in your hand", "the total number of
/// cards in all players' hands", "the number of Forests you control plus the number of
/// Treefolk you control", "your devotion to white" (700.5).
fn cda_value(p: &mut Parser<'_>) -> PResult<Count> {
    if p.eat_words(&["your", "devotion", "to"]) {
        let mut mask = 0u8;
        loop {
            let Some(c) = p.word().and_then(|w| crate::cards::ir::Color::from_name(&w)) else { return Err(p.fail("a color")) };
            p.bump();
            mask |= 1 << c.index();
            if !p.eat_word("and") {
                break;
            }
        }
        return Ok(Count::Devotion(mask));
    }
    if p.eat_words(&["the", "greatest", "mana", "value", "among"]) {
        let at = p.pos;
        return match parse_filter(p, true)? {
            (f, Head::Permanent) if f.controller != crate::cards::ir::ControllerFilter::Any => Ok(Count::GreatestManaValue(f)),
            _ => Err(super::parser::Fail { at, expected: "permanents with a controller (\"creatures you control\")".into() }),
        };
    }
    let twice = p.eat_word("twice");
    let mut parts = Vec::new();
    loop {
        if !(p.eat_words(&["the", "number", "of"]) || p.eat_words(&["the", "total", "number", "of"])) {
            return Err(p.fail("\"the number of …\""));
        }
        // "the number of fade counters on it": "it" is the object itself.
        let it = std::mem::replace(&mut p.it_is_subject_self, true);
        let part = count_phrase(p, true);
        p.it_is_subject_self = it;
        parts.push(part?);
        if !p.eat_word("plus") {
            break;
        }
    }
    let count = if parts.len() == 1 { parts.remove(0) } else { Count::Sum(parts) };
    Ok(if twice { Count::Times(2, Box::new(count)) } else { count })
}

fn count_phrase(p: &mut Parser<'_>, plural: bool) -> PResult<Count> {
    let at = p.pos;
    if p.eat_words(&["cards", "in", "all", "players'", "hands"]) || p.eat_words(&["cards", "in", "all", "players’", "hands"]) {
        return Ok(Count::CardsInAllHands);
    }
    // "for each charge counter on this Equipment" (122): the source's own counters.
    if counter_kind(p).is_some() {
        let kind = counter_noun(p)?;
        if !(p.eat_word("on") && (eat_self_ref(p) || p.it_is_subject_self && p.eat_word("it"))) {
            return Err(p.fail("\"on this …\" (counters on the permanent itself)"));
        }
        return Ok(Count::CountersOnSource(kind));
    }
    // Domain and its kin (207.2c): the counted values are kinds among a group.
    match super::effects::counted(p) {
        Ok(crate::cards::ir::Counted::BasicLandTypes) => return Ok(Count::BasicLandTypes),
        Ok(crate::cards::ir::Counted::CardTypesInYourGraveyard) => return Ok(Count::CardTypesInYourGraveyard),
        // "instant and sorcery cards in your graveyard": cards of either type.
        Ok(crate::cards::ir::Counted::CardsInYourGraveyard(t)) if t.types().len() == 2 => {
            return Ok(Count::CardsInYourGraveyard(crate::cards::ir::ObjectFilter { types_any: t.types(), ..crate::cards::ir::ObjectFilter::default() }));
        }
        _ => p.pos = at,
    }
    // "other Rats on the battlefield": the object with the ability is not counted. Read only
    // where the ability affects that object itself, so "other" can't mean "other than the
    // affected permanent".
    let other = p.it_is_subject_self && p.eat_word("other");
    let (mut filter, head) = parse_filter(p, plural)?;
    filter.other |= other;
    match head {
        Head::Permanent if filter.controller != crate::cards::ir::ControllerFilter::Any => Ok(Count::Permanents(filter)),
        // "creatures on the battlefield [with shadow]": whoever controls them (110.1).
        Head::Permanent if p.eat_words(&["on", "the", "battlefield"]) => {
            super::targets::parse_with(p, &mut filter)?;
            Ok(Count::Permanents(filter))
        }
        Head::Card if filter.controller == crate::cards::ir::ControllerFilter::Any && p.eat_words(&["in", "all", "graveyards"]) => Ok(Count::CardsInAllGraveyards(filter)),
        Head::Card if p.eat_words(&["in", "your", "graveyard"]) => Ok(Count::CardsInYourGraveyard(filter)),
        Head::Card if filter == crate::cards::ir::ObjectFilter::default() && p.eat_words(&["in", "your", "hand"]) => Ok(Count::CardsInYourHand),
        _ => Err(super::parser::Fail { at, expected: "\"[permanents] you control\", \"[cards] in your graveyard\" or \"card in your hand\"".into() }),
    }
}

fn end(p: &mut Parser<'_>) -> PResult<()> {
    p.eat_punct('.');
    if p.at_end() { Ok(()) } else { Err(p.fail("\"and\" or the end of the sentence")) }
}

/// The subject of a static ability, and whether it is plural.
fn static_subject(p: &mut Parser<'_>) -> Option<(StaticSubject, bool)> {
    let start = p.pos;
    // 303.4b, 301.5a: "enchanted creature", "enchanted artifact", "equipped creature", …
    if super::targets::attached_ref(p) == Some(crate::cards::ir::Affected::Attached) && at_predicate(p) {
        return Some((StaticSubject::Attached, false));
    }
    p.pos = start;
    if eat_self_ref(p) && at_predicate(p) {
        return Some((StaticSubject::This, false));
    }
    p.pos = start;
    // "All creatures", "Each land", "Each other non-Aura enchantment", "Other Merfolk",
    // "Creatures you control", "Nonbasic lands".
    let plural = if p.eat_word("each") {
        false
    } else {
        p.eat_word("all");
        true
    };
    let other = p.eat_word("other");
    match parse_filter(p, plural) {
        Ok((mut filter, Head::Permanent)) => {
            // "Other creatures you control of the chosen type" (614.12a).
            if p.eat_words(&["of", "the", "chosen", "type"]) {
                filter.chosen_type = true;
            }
            if at_predicate(p) {
                Some((StaticSubject::Each { filter, other }, plural))
            } else {
                p.pos = start;
                None
            }
        }
        _ => {
            p.pos = start;
            None
        }
    }
}

fn at_predicate(p: &Parser<'_>) -> bool {
    p.word().is_some_and(|w| matches!(w.as_str(), "get" | "gets" | "have" | "has" | "lose" | "loses" | "is" | "are" | "can't" | "can’t" | "doesn't" | "doesn’t" | "don't" | "don’t" | "attacks" | "attack" | "blocks" | "block" | "must" | "can"))
}

/// Predicates joined by "and": what a continuous effect does, part by part (613.6).
///
/// # Errors
/// When a predicate is not one the engine knows.
pub fn parse_changes(p: &mut Parser<'_>, plural: bool) -> PResult<Vec<Change>> {
    let mut out = Vec::new();
    loop {
        predicate(p, plural, &mut out)?;
        let mark = p.pos;
        p.eat_punct(',');
        if p.eat_word("and") && at_predicate_or_becomes(p) {
            continue;
        }
        // "Enchanted creature can't attack or block, and its activated abilities can't be
        // activated." (602.5)
        if p.pos > mark && (p.eat_words(&["its", "activated", "abilities", "can't", "be", "activated"]) || p.eat_words(&["its", "activated", "abilities", "can’t", "be", "activated"])) {
            out.push(Change::CantActivate);
            return Ok(out);
        }
        p.pos = mark;
        return Ok(out);
    }
}

fn at_predicate_or_becomes(p: &Parser<'_>) -> bool {
    at_predicate(p) || p.at_word("becomes") || p.at_word("become")
}

fn predicate(p: &mut Parser<'_>, plural: bool, out: &mut Vec<Change>) -> PResult<()> {
    let Some(verb) = p.word() else { return Err(p.fail("a verb")) };
    p.bump();
    match verb.as_str() {
        "get" | "gets" => {
            let Some(Tok::PtMod(PtPart::Fixed(pw), PtPart::Fixed(th))) = p.peek().map(|t| t.tok.clone()) else {
                return Err(p.fail("a fixed power/toughness change such as +1/+1"));
            };
            p.bump();
            if p.eat_words(&["for", "each"]) {
                let count = count_phrase(p, false)?;
                out.push(Change::PtFor { power: pw, toughness: th, count });
            } else {
                out.push(Change::Pt(pw, th));
            }
        }
        "have" | "has" => {
            if p.eat_words(&["base", "power", "and", "toughness"]) {
                let (pw, th) = fixed_pt(p)?;
                out.push(Change::SetPt(PtValue::Fixed(pw), PtValue::Fixed(th)));
            } else if p.eat_words(&["base", "power", "and", "base", "toughness", "each", "equal", "to", "its", "mana", "value"])
                || p.eat_words(&["base", "power", "and", "toughness", "each", "equal", "to", "its", "mana", "value"])
            {
                out.push(Change::SetPt(PtValue::ManaValue, PtValue::ManaValue));
            } else {
                keyword_list(p, out, true)?;
            }
        }
        "lose" | "loses" => {
            if p.eat_words(&["all", "abilities"]) {
                out.push(Change::LoseAll);
            } else {
                keyword_list(p, out, false)?;
            }
        }
        "is" | "are" | "become" | "becomes" => being(p, plural, verb.starts_with("become"), out)?,
        "doesn't" | "doesn’t" | "don't" | "don’t" => {
            // 502.3: "doesn't untap during its controller's untap step"; of the permanent
            // itself, "… during your untap step" says the same (its controller is "you").
            if !(p.eat_words(&["untap", "during", "its", "controller's", "untap", "step"])
                || p.it_is_subject_self && p.eat_words(&["untap", "during", "your", "untap", "step"])
                || p.eat_words(&["untap", "during", "its", "controller’s", "untap", "step"])
                || p.eat_words(&["untap", "during", "their", "controllers'", "untap", "steps"])
                || p.eat_words(&["untap", "during", "their", "controllers’", "untap", "steps"]))
            {
                return Err(p.fail("\"untap during its controller's untap step\""));
            }
            out.push(Change::DoesntUntap);
        }
        "can" => {
            if p.eat_words(&["only", "attack", "alone"]) {
                // "can only attack alone" (506.5): no other creature may attack with it.
                out.push(Change::AttackOnlyAlone);
                return Ok(());
            }
            if p.eat_words(&["block", "only"]) {
                // "can block only creatures with flying" (509.1b).
                out.push(Change::CanBlockOnly(attacker_filter(p)?));
                return Ok(());
            }
            // "can block an additional creature each combat" (509.1a).
            p.expect_words(&["block", "an", "additional", "creature", "each", "combat"])?;
            out.push(Change::BlockAdditional(1));
        }
        "attacks" | "attack" => {
            // 508.1d: an attack requirement.
            p.expect_words(&["each", "combat", "if", "able"])?;
            out.push(Change::AttacksEachCombat);
        }
        "blocks" | "block" => {
            // 509.1c: a blocking requirement.
            p.expect_words(&["each", "combat", "if", "able"])?;
            out.push(Change::BlocksEachCombat);
        }
        "must" => {
            // 509.1c: "must be blocked if able" — at least one creature blocks it if able.
            p.expect_words(&["be", "blocked", "if", "able"])?;
            out.push(Change::MustBeBlocked);
        }
        "can't" | "can’t" => {
            if p.eat_words(&["be", "blocked", "except", "by"]) {
                // "… except by creatures with flying", "… except by Walls" (509.1b).
                let (f, head) = parse_filter(p, true)?;
                if head != Head::Permanent {
                    return Err(p.fail("creatures"));
                }
                out.push(Change::CantBeBlockedExcept(f));
            } else if p.eat_words(&["be", "blocked", "by", "more", "than"]) {
                // "can't be blocked by more than one creature" (509.1b).
                let n = super::targets::count_word(p, 0).filter(|_| p.peek_at(1).is_some_and(|t| t.is_word("creature") || t.is_word("creatures"))).ok_or_else(|| p.fail("\"one creature\""))?;
                p.pos += 2;
                out.push(Change::MaxBlockers(n));
            } else if p.eat_words(&["be", "blocked", "by"]) {
                // "can't be blocked by Walls", "… by creatures with power 2 or less" (509.1b).
                out.push(Change::CantBeBlockedBy(attacker_filter(p)?));
            } else if p.eat_words(&["be", "blocked"]) {
                out.push(Change::CantBeBlocked);
            } else if p.eat_words(&["attack", "or", "block", "alone"]) {
                // 506.5: "alone" — the only creature declared as an attacker (or a blocker).
                out.extend([Change::CantAttackAlone, Change::CantBlockAlone]);
            } else if p.eat_words(&["attack", "alone"]) {
                out.push(Change::CantAttackAlone);
            } else if p.eat_words(&["block", "alone"]) {
                out.push(Change::CantBlockAlone);
            } else if p.eat_words(&["attack", "or", "block"]) {
                out.extend([Change::CantAttack, Change::CantBlock]);
            } else if p.eat_words(&["attack", "unless", "defending", "player", "controls"]) {
                // "can't attack unless defending player controls an Island" (508.1c).
                if !(p.eat_word("a") || p.eat_word("an")) {
                    return Err(p.fail("\"a\" or \"an\""));
                }
                let at = p.pos;
                match parse_filter(p, false)? {
                    (f, Head::Permanent) => out.push(Change::AttackOnlyIfDefenderControls(f)),
                    _ => return Err(super::parser::Fail { at, expected: "a permanent".into() }),
                }
            } else if p.eat_word("attack") {
                out.push(Change::CantAttack);
            } else if p.eat_word("block") {
                // "can't block creatures with power 2 or greater" (509.1b); "can't block" alone.
                if p.at_word("creatures") || p.at_word("Walls") || p.word().is_some_and(|w| w.starts_with("non")) {
                    out.push(Change::CantBlockMatching(attacker_filter(p)?));
                } else {
                    out.push(Change::CantBlock);
                }
            } else {
                return Err(p.fail("\"attack\", \"block\" or \"attack or block\""));
            }
        }
        _ => {
            p.pos -= 1;
            return Err(p.fail("\"get(s) +N/+N\", \"have/has [keyword]\", \"lose(s) …\", \"is/are …\" or \"can't attack/block\""));
        }
    }
    Ok(())
}

/// The creatures a blocking restriction names (509.1b): "creatures with flying", "Walls",
/// "creatures with power 2 or less" — permanents, plural.
fn attacker_filter(p: &mut Parser<'_>) -> PResult<ObjectFilter> {
    let at = p.pos;
    match parse_filter(p, true)? {
        (f, Head::Permanent) => Ok(f),
        _ => Err(super::parser::Fail { at, expected: "creatures".into() }),
    }
}

/// ". It's still a land" (205.1b) at the cursor, consumed if there; the sentence's final
/// period is left.
pub fn eat_still_a_land(p: &mut Parser<'_>) -> bool {
    let mark = p.pos;
    if p.eat_punct('.') && (p.eat_words(&["it's", "still", "a", "land"]) || p.eat_words(&["it’s", "still", "a", "land"])) {
        return true;
    }
    p.pos = mark;
    false
}

/// A fixed "N/N" at the cursor.
fn fixed_pt(p: &mut Parser<'_>) -> PResult<(i32, i32)> {
    match p.peek().map(|t| t.tok.clone()) {
        Some(Tok::PtMod(PtPart::Fixed(pw), PtPart::Fixed(th))) if pw >= 0 && th >= 0 => {
            p.bump();
            Ok((pw, th))
        }
        _ => Err(p.fail("a fixed power and toughness such as 1/1")),
    }
}

/// "flying", "flying and vigilance", "flying, vigilance, and haste", "protection from red".
fn keyword_list(p: &mut Parser<'_>, out: &mut Vec<Change>, gains: bool) -> PResult<()> {
    let make = if gains { Change::Grant } else { Change::Lose };
    loop {
        if gains && p.eat_words(&["protection", "from"]) {
            out.push(Change::Protection(super::effects::parse_quality(p)?));
        } else if gains && (p.at_punct('"') || p.at_punct('“')) {
            // 613.1f: "has "{T}: This creature deals 1 damage to any target."", "have
            // "Whenever this creature attacks, …"": activated and triggered abilities, whose
            // source is the object that has them (113.7a); the engine activates and triggers
            // granted ones like printed ones.
            let at = p.pos;
            for (abilities, text) in super::effects::parse_quoted_abilities(p, "the granted ability", "Granted Ability")? {
                for a in abilities {
                    if !matches!(a, crate::cards::ir::Ability::Activated { .. } | crate::cards::ir::Ability::Triggered { .. }) {
                        return Err(super::parser::Fail { at: at + 1, expected: "an activated or triggered ability in quotation marks (granted static abilities are not supported yet)".into() });
                    }
                    out.push(Change::GrantAbility { ability: Box::new(a), text: text.clone() });
                }
            }
        } else {
            match super::keywords::keyword_at(p, p.pos) {
                Some((k, words)) if !matches!(k, crate::cards::ir::Keyword::Riot | crate::cards::ir::Keyword::Prowess | crate::cards::ir::Keyword::Devoid) => {
                    p.pos += words;
                    out.push(make(k));
                }
                _ => return Err(p.fail("a keyword the engine supports")),
            }
        }
        let mark = p.pos;
        p.eat_punct(',');
        p.eat_word("and");
        let more = (gains && (p.at_words(&["protection", "from"]) || p.at_punct('"') || p.at_punct('“'))) || super::keywords::keyword_at(p, p.pos).is_some();
        if p.pos == mark || !more {
            p.pos = mark;
            return Ok(());
        }
    }
}

/// After "is"/"are"/"becomes": "a creature in addition to its other types", "a Swamp in
/// addition to its other land types", "Mountains", "black", "a 3/3 creature that's still a
/// land".
fn being(p: &mut Parser<'_>, plural: bool, becomes: bool, out: &mut Vec<Change>) -> PResult<()> {
    // "is the chosen type in addition to its other types" (614.12a, layer 4).
    if !becomes && p.eat_words(&["the", "chosen", "type", "in", "addition", "to", "its", "other", "types"]) {
        out.push(Change::AddChosenType);
        return Ok(());
    }
    // Colors: "are black", "is white and blue", "is colorless" (105.3).
    if p.eat_word("colorless") {
        out.push(Change::SetColors(Vec::new()));
        return Ok(());
    }
    if let Some(c) = p.word().as_deref().and_then(Color::from_name) {
        let after = p.peek_at(1).and_then(|t| t.word());
        if after.as_deref().is_none_or(|w| !(CardType::from_name(w).is_some() || w == "creature" || w == "creatures")) {
            p.bump();
            let mut colors = vec![c];
            while p.at_word("and") && let Some(c) = p.peek_at(1).and_then(|t| t.word()).as_deref().and_then(Color::from_name) {
                p.pos += 2;
                colors.push(c);
            }
            out.push(Change::SetColors(colors));
            return Ok(());
        }
    }
    if !plural {
        p.eat_word("a");
        p.eat_word("an");
    }
    // "a 3/3 creature": a base P/T with the types.
    let pt = if let Some(Tok::PtMod(PtPart::Fixed(pw), PtPart::Fixed(th))) = p.peek().map(|t| t.tok.clone()) {
        p.bump();
        Some((pw, th))
    } else {
        None
    };
    // "a 3/3 red and green Elemental creature": its colors (layer 5).
    let mut colors = Vec::new();
    while let Some(c) = p.word().as_deref().and_then(Color::from_name) {
        colors.push(c);
        p.bump();
        p.eat_word("and");
    }
    let mut types = Vec::new();
    let mut subtypes = Vec::new();
    while let Some(w) = p.word() {
        let single = if plural { w.strip_suffix('s').unwrap_or(&w).to_owned() } else { w.clone() };
        if let Some(t) = CardType::from_name(&single).filter(|t| t.is_permanent_type()) {
            types.push(t);
        } else if let Some(Tok::Word(raw)) = p.peek().map(|t| &t.tok)
            && raw.chars().next().is_some_and(char::is_uppercase)
            && let Some(st) = crate::cards::subtypes::subtype_word(raw)
        {
            subtypes.push(st.to_owned());
        } else {
            break;
        }
        p.bump();
    }
    if types.is_empty() && subtypes.is_empty() {
        return Err(p.fail("a card type or subtype (\"a creature\", \"a Swamp\", \"Mountains\") or a color"));
    }
    // "… creature with haste" (layer 6); "… Weird with base power and toughness 0/1"
    // (layer 7b, 613.4b), possibly followed by "and flying".
    let mut grants = Vec::new();
    let mut pt = pt;
    if pt.is_none() && p.at_words(&["with", "base", "power", "and", "toughness"]) {
        p.pos += 5;
        pt = Some(fixed_pt(p)?);
        if p.at_word("and") && super::keywords::keyword_at(p, p.pos + 1).is_some() {
            p.bump();
            keyword_list(p, &mut grants, true)?;
        }
    } else if p.at_word("with") && super::keywords::keyword_at(p, p.pos + 1).is_some() {
        p.bump();
        keyword_list(p, &mut grants, true)?;
    }
    // "that's still a land" / ". It's still a land." (205.1b: it keeps its other types).
    let mut still = p.eat_words(&["that's", "still", "a", "land"]) || p.eat_words(&["that’s", "still", "a", "land"]) || p.eat_words(&["that", "are", "still", "lands"]);
    if !still && p.at_punct('.') {
        still = eat_still_a_land(p);
    } else if !still && p.at_words(&["until", "end", "of", "turn"]) {
        // ". It's still a land." after the duration: the caller eats it after the duration.
        let mut probe = Parser::new(p.text, p.toks.clone(), crate::cards::ir::Effect::default(), false);
        probe.pos = p.pos + 4;
        still = eat_still_a_land(&mut probe);
    }
    let addition = p.eat_words(&["in", "addition", "to", "its", "other"]) || p.eat_words(&["in", "addition", "to", "their", "other"]);
    if addition {
        let _ = p.eat_word("land") || p.eat_word("creature") || p.eat_word("artifact");
        if !p.eat_word("types") {
            return Err(p.fail("\"types\""));
        }
    }
    let basic_land = types.is_empty() && subtypes.len() == 1 && crate::cards::subtypes::BASIC_LAND_TYPES.contains(&subtypes[0].as_str());
    // 205.1b: "becomes an artifact creature" keeps its other types and subtypes; "becomes a
    // [creature types] artifact creature" replaces only its creature types.
    let artifact_creature = becomes
        && types.contains(&CardType::Artifact)
        && types.contains(&CardType::Creature)
        && subtypes.iter().all(|s| crate::cards::subtypes::CREATURE_TYPES.contains(&s.as_str()));
    // 205.1a: "becomes a red Weird" sets its creature types and keeps its card types.
    let creature_types_only = becomes && !addition && !still && types.is_empty() && subtypes.iter().all(|s| crate::cards::subtypes::CREATURE_TYPES.contains(&s.as_str()));
    if addition || still || artifact_creature && subtypes.is_empty() {
        out.push(Change::AddTypes { types, subtypes });
    } else if artifact_creature || creature_types_only {
        out.push(Change::AddTypesNewCreatureTypes { types, subtypes });
    } else if basic_land && !becomes {
        // 305.7: "Nonbasic lands are Mountains" sets the land type.
        out.push(Change::SetLandType(subtypes.remove(0)));
    } else {
        return Err(p.fail("\"in addition to its other types\" or \"it's still a land\" (an effect that replaces types, 205.1b, is not supported yet)"));
    }
    if !colors.is_empty() {
        out.push(Change::SetColors(colors));
    }
    out.append(&mut grants);
    if let Some((pw, th)) = pt {
        out.push(Change::SetPt(PtValue::Fixed(pw), PtValue::Fixed(th)));
    }
    Ok(())
}

/// "As [this permanent] enters, choose a color." / "… choose a creature type." (614.12a), or
/// `None` when the line is something else.
pub fn as_enters_choice_line(p: &mut Parser<'_>) -> Option<PResult<Ability>> {
    let start = p.pos;
    if !(p.eat_word("as") && (p.eat_word("it") || eat_self_ref(p)) && p.eat_word("enters")) {
        p.pos = start;
        return None;
    }
    p.eat_words(&["the", "battlefield"]);
    if p.at_punct(',') && p.peek_at(1).is_some_and(|t| t.is_word("you")) && p.peek_at(2).is_some_and(|t| t.is_word("may")) {
        p.pos += 3;
        return Some(entry_offer(p));
    }
    if !(p.eat_punct(',') && p.eat_word("choose")) {
        p.pos = start;
        return None;
    }
    let kind = if p.eat_words(&["a", "color", "other", "than"]) {
        // "choose a color other than black"
        match p.word().and_then(|w| crate::cards::ir::Color::from_name(&w)) {
            Some(c) => {
                p.bump();
                crate::cards::ir::EntryChoiceKind::ColorExcept(c)
            }
            None => return Some(Err(p.fail("a color after \"other than\""))),
        }
    } else if p.eat_words(&["a", "color"]) {
        crate::cards::ir::EntryChoiceKind::Color
    } else if p.eat_words(&["a", "creature", "type"]) {
        crate::cards::ir::EntryChoiceKind::CreatureType
    } else {
        return Some(Err(p.fail("\"a color\" or \"a creature type\"")));
    };
    Some(end(p).map(|()| Ability::AsEntersChoose(kind)))
}

/// After "As this land enters, you may": "pay N life. If you don't, it enters tapped." or
/// "reveal a/an [kind of] card from your hand. If you don't, this land enters tapped."
/// (614.12, 614.1d).
fn entry_offer(p: &mut Parser<'_>) -> PResult<Ability> {
    use crate::cards::ir::EntryOffer;
    let offer = if p.eat_word("pay") {
        let Some(Tok::Number(n)) = p.peek().map(|t| t.tok.clone()) else { return Err(p.fail("an amount of life")) };
        p.bump();
        p.expect_words(&["life"])?;
        EntryOffer::PayLife(n)
    } else if p.eat_word("reveal") {
        if !(p.eat_word("a") || p.eat_word("an")) {
            return Err(p.fail("\"a … card\""));
        }
        let at = p.pos;
        let (filter, head) = super::targets::parse_filter(p, false)?;
        if head != super::targets::Head::Card {
            return Err(Fail { at, expected: "a kind of card (\"an Island or Swamp card\")".into() });
        }
        p.expect_words(&["from", "your", "hand"])?;
        EntryOffer::Reveal(filter)
    } else {
        return Err(p.fail("\"pay N life\" or \"reveal a … card from your hand\""));
    };
    if !p.eat_punct('.') {
        return Err(p.fail("\".\""));
    }
    if !(p.eat_words(&["if", "you", "don't"]) || p.eat_words(&["if", "you", "don’t"])) {
        return Err(p.fail("\"If you don't, it enters tapped.\""));
    }
    p.eat_punct(',');
    if !((p.eat_word("it") || eat_self_ref(p)) && p.eat_words(&["enters", "tapped"])) {
        return Err(p.fail("\"it enters tapped\""));
    }
    end(p)?;
    Ok(Ability::AsEntersMayOrTapped(offer))
}

/// Whether the line starts "[this permanent] enters" (its name or "this creature/land/…").
#[must_use]
pub fn is_enters_line(p: &Parser<'_>) -> bool {
    let mut probe = Parser::new(p.text, p.toks.clone(), crate::cards::ir::Effect::default(), false);
    (if_kicked(&mut probe) && probe.eat_word("it") || eat_self_ref(&mut probe)) && probe.at_word("enters")
}

/// "If this creature was kicked, it …" (702.33e) at the start of an enters line: consumed,
/// with "it" read as the permanent itself, and whether it was there.
fn if_kicked(p: &mut Parser<'_>) -> bool {
    let start = p.pos;
    if p.eat_word("if") && eat_self_ref(p) && p.eat_words(&["was", "kicked"]) {
        p.eat_punct(',');
        if p.at_words(&["it", "enters"]) {
            // "it" is the permanent: read as its self-reference below.
            return true;
        }
    }
    p.pos = start;
    false
}

/// A number of counters a permanent enters with that is counted as it would enter (614.1c):
/// only counts the engine can make before the permanent is on the battlefield. "It" and
/// "other" are the entering permanent.
fn entering_count(p: &mut Parser<'_>, at: usize, read: impl FnOnce(&mut Parser<'_>) -> PResult<Amount>) -> PResult<Amount> {
    use crate::cards::ir::Counted as C;
    let this = std::mem::replace(&mut p.it_is_this, true);
    let count = read(p);
    p.it_is_this = this;
    match count? {
        a @ Amount::Count {
            what:
                C::Permanents { .. }
                | C::CardsInYourGraveyard(_)
                | C::CardsInYourHand
                | C::Opponents
                | C::BasicLandTypes
                | C::CardTypesInYourGraveyard
                | C::Greatest { .. }
                | C::YourLifeTotal
                | C::LifeGainedThisTurn
                | C::LifeLostThisTurn
                | C::Devotion(_)
                | C::Party
                | C::DiedThisTurn { .. }
                | C::Spent { that_spell: false, .. },
            ..
        } => Ok(a),
        _ => Err(Fail { at, expected: "a count the engine can make as the permanent enters (\"the number of creatures you control\")".into() }),
    }
}

/// Parses "[this permanent] enters [the battlefield] tapped." or "… enters with N +1/+1
/// counters on it." — the whole line.
pub fn parse_enters_line(p: &mut Parser<'_>) -> PResult<Vec<Ability>> {
    let kicked = if_kicked(p);
    if !((kicked && p.eat_word("it") || eat_self_ref(p)) && p.eat_word("enters")) {
        return Err(p.fail("\"this permanent enters …\""));
    }
    p.eat_words(&["the", "battlefield"]);
    let mut out = Vec::new();
    if !kicked && p.eat_word("tapped") {
        // "enters tapped unless you control two or more basic lands" (614.1d)
        if p.eat_word("unless") {
            out.push(Ability::EntersTappedUnless(super::conditions::parse(p)?));
        } else {
            out.push(Ability::EntersTapped);
        }
    }
    // "enters with a number of +1/+1 counters on it equal to the number of creature cards in
    // your graveyard" (614.1c): counted as it would enter.
    if p.eat_words(&["with", "a", "number", "of"]) {
        let kind = counter_noun(p)?;
        p.expect_words(&["on", "it", "equal", "to"])?;
        let at = p.pos;
        let count = entering_count(p, at, super::effects::quantity)?;
        out.push(Ability::EntersWithCounters { kind, count });
    } else if p.eat_word("with") {
        let count = match amount(p)? {
            // "If this creature was kicked, it enters with two +1/+1 counters on it." (702.33e)
            Amount::Fixed(n @ 1..) if kicked => Amount::Kicked { base: 0, kicked: n },
            a @ (Amount::X | Amount::Fixed(1..)) if !kicked => a,
            _ => return Err(p.fail("a number of counters (N or X)")),
        };
        let kind = counter_noun(p)?;
        p.expect_words(&["on", "it"])?;
        // "… with a +1/+1 counter on it for each creature card in your graveyard", "… with X
        // +1/+1 counters on it, where X is the number of …" (614.1c): counted as it would
        // enter.
        let mut count = count;
        if let Amount::Fixed(n) = count
            && !kicked
            && p.at_words(&["for", "each"])
        {
            p.pos += 2;
            let at = p.pos;
            count = entering_count(p, at, |p| super::effects::counted(p).map(|what| Amount::Count { each: n, what }))?;
        } else if count == Amount::X && p.at_punct(',') && p.peek_at(1).is_some_and(|t| t.is_word("where")) && p.peek_at(2).is_some_and(|t| t.is_word("x")) && p.peek_at(3).is_some_and(|t| t.is_word("is")) {
            p.pos += 4;
            let at = p.pos;
            count = entering_count(p, at, super::effects::quantity)?;
        }
        // "… with a +1/+1 counter on it if you attacked this turn" (614.1c)
        if p.at_word("if") {
            if count == Amount::X {
                return Err(p.fail("a fixed number of counters before \"if\""));
            }
            p.bump();
            let condition = super::conditions::parse(p)?;
            out.push(Ability::EntersWithCountersIf { kind, count, condition });
        } else {
            out.push(Ability::EntersWithCounters { kind, count });
        }
    } else if out.is_empty() {
        return Err(p.fail("\"tapped\" or \"with N +1/+1 counters on it\""));
    }
    if !(p.eat_punct('.') && p.at_end() || p.at_end()) {
        return Err(p.fail("the end of the sentence"));
    }
    Ok(out)
}

/// "[kind] counter(s)" at the cursor, consumed: the kind.
///
/// # Errors
/// When no kind the engine models is there, or "counter(s)" doesn't follow.
pub fn counter_noun(p: &mut Parser<'_>) -> PResult<CounterKind> {
    let kind = counter_kind(p).ok_or_else(|| p.fail("a kind of counter the engine models (+1/+1, -1/-1, loyalty, stun, shield, charge, …)"))?;
    p.bump();
    if !(p.eat_word("counter") || p.eat_word("counters")) {
        return Err(p.fail("\"counters\""));
    }
    Ok(kind)
}

/// The counter kind at the cursor ("+1/+1", "-1/-1", or a word such as "charge" followed by
/// "counter(s)"), without consuming it: one token. Kinds whose rules meaning the engine does
/// not model are not kinds here ([`CounterKind::from_name`]).
#[must_use]
pub fn counter_kind(p: &Parser<'_>) -> Option<CounterKind> {
    match p.peek().map(|t| &t.tok) {
        Some(Tok::PtMod(PtPart::Fixed(1), PtPart::Fixed(1))) => Some(CounterKind::PlusOne),
        Some(Tok::PtMod(PtPart::Fixed(-1), PtPart::Fixed(-1))) => Some(CounterKind::MinusOne),
        Some(Tok::Word(w)) if p.peek_at(1).is_some_and(|t| t.is_word("counter") || t.is_word("counters")) => CounterKind::from_name(w),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, Amount, CardType, Change, Color, ControllerFilter, Count, CounterKind, Keyword, ObjectFilter, PtValue, Condition, StaticEffect, StaticSubject};

    const LAND: &[CardType] = &[CardType::Land];

    #[test]
    fn enters_tapped() {
        // Modern Oracle wording and the older "enters the battlefield" one.
        assert_eq!(ok("This land enters tapped.\n{T}: Add {G}.", "Tranquil Thicket", LAND)[0], Ability::EntersTapped);
        assert_eq!(ok("Sluggish Bear enters the battlefield tapped.", "Sluggish Bear", CREATURE), vec![Ability::EntersTapped]);
    }

    #[test]
    fn enters_with_counters() {
        assert_eq!(
            ok("This creature enters with two +1/+1 counters on it.", "Walking Ballista Jr", CREATURE),
            vec![Ability::EntersWithCounters { kind: CounterKind::PlusOne, count: Amount::Fixed(2) }]
        );
        assert_eq!(
            ok("Flying\nThis creature enters with a -1/-1 counter on it.", "Weakling", CREATURE),
            vec![Ability::Keyword(Keyword::Flying), Ability::EntersWithCounters { kind: CounterKind::MinusOne, count: Amount::Fixed(1) }]
        );
    }

    const ENCHANTMENT: &[CardType] = &[CardType::Enchantment];

    fn each(f: ObjectFilter, other: bool) -> StaticSubject {
        StaticSubject::Each { filter: f, other }
    }

    fn one(text: &str, name: &str, types: &[CardType]) -> StaticEffect {
        match ok(text, name, types).pop() {
            Some(Ability::Static(s)) => s,
            a => panic!("{name}: not a static effect: {a:?}"),
        }
    }

    #[test]
    fn anthems_and_lords() {
        let creatures_you = ObjectFilter { types_any: vec![CardType::Creature], controller: ControllerFilter::You, ..ObjectFilter::default() };
        assert_eq!(one("Creatures you control get +1/+1.", "Glorious Anthem", ENCHANTMENT), StaticEffect { subject: each(creatures_you.clone(), false), changes: vec![Change::Pt(1, 1)], condition: None });
        let white = ObjectFilter { colors: vec![Color::White], ..creatures_you.clone() };
        assert_eq!(one("White creatures you control get +1/+1.", "Honor of the Pure", ENCHANTMENT).subject, each(white, false));
        let merfolk = ObjectFilter { subtypes: vec!["Merfolk".into()], controller: ControllerFilter::You, ..ObjectFilter::default() };
        assert_eq!(one("Other Merfolk you control get +1/+1.", "Merfolk Mistbinder", CREATURE).subject, each(merfolk, true));
        let untapped = ObjectFilter { tapped: Some(false), ..creatures_you };
        assert_eq!(one("Untapped creatures you control get +0/+2.", "Castle", ENCHANTMENT), StaticEffect { subject: each(untapped, false), changes: vec![Change::Pt(0, 2)], condition: None });
        let elves = one("Other Elf creatures get +1/+1 and have vigilance and trample.", "Elf Lord", CREATURE);
        assert_eq!(elves.changes, vec![Change::Pt(1, 1), Change::Grant(Keyword::Vigilance), Change::Grant(Keyword::Trample)]);
    }

    #[test]
    fn humility_opalescence_blood_moon_urborg() {
        let all = ObjectFilter { types_any: vec![CardType::Creature], ..ObjectFilter::default() };
        assert_eq!(
            one("All creatures lose all abilities and have base power and toughness 1/1.", "Humility", ENCHANTMENT),
            StaticEffect { subject: each(all, false), changes: vec![Change::LoseAll, Change::SetPt(PtValue::Fixed(1), PtValue::Fixed(1))], condition: None }
        );
        let opal = one("Each other non-Aura enchantment is a creature in addition to its other types and has base power and base toughness each equal to its mana value.", "Opalescence", ENCHANTMENT);
        assert_eq!(opal.subject, each(ObjectFilter { types_any: vec![CardType::Enchantment], subtypes_none: vec!["Aura".into()], ..ObjectFilter::default() }, true));
        assert_eq!(opal.changes, vec![Change::AddTypes { types: vec![CardType::Creature], subtypes: vec![] }, Change::SetPt(PtValue::ManaValue, PtValue::ManaValue)]);
        let moon = one("Nonbasic lands are Mountains.", "Blood Moon", ENCHANTMENT);
        assert_eq!(moon.subject, each(ObjectFilter { types_any: vec![CardType::Land], supertypes_none: vec!["Basic".into()], ..ObjectFilter::default() }, false));
        assert_eq!(moon.changes, vec![Change::SetLandType("Mountain".into())]);
        let urborg = one("Each land is a Swamp in addition to its other land types.", "Urborg, Tomb of Yawgmoth", &[CardType::Land]);
        assert_eq!(urborg.changes, vec![Change::AddTypes { types: vec![], subtypes: vec!["Swamp".into()] }]);
    }

    #[test]
    fn counts_conditions_and_cdas() {
        let forest = ObjectFilter { subtypes: vec!["Forest".into()], controller: ControllerFilter::You, ..ObjectFilter::default() };
        assert_eq!(
            one("This creature gets +1/+2 as long as you control a Forest.", "Kird Ape", CREATURE),
            StaticEffect { subject: StaticSubject::This, changes: vec![Change::Pt(1, 2)], condition: Some(Condition::Controls { whose: crate::cards::ir::Whose::You, filter: forest, another: false, count: crate::cards::ir::Cmp::AtLeast(1) }) }
        );
        let artifacts = ObjectFilter { types_any: vec![CardType::Artifact], controller: ControllerFilter::You, ..ObjectFilter::default() };
        assert_eq!(one("This creature gets +1/+0 for each artifact you control.", "Nim Lasher", CREATURE).changes, vec![Change::PtFor { power: 1, toughness: 0, count: Count::Permanents(artifacts) }]);
        let creature_cards = ObjectFilter { types_any: vec![CardType::Creature], ..ObjectFilter::default() };
        assert_eq!(
            one("This creature gets +1/+1 for each creature card in your graveyard.", "Liliana's Elite", CREATURE).changes,
            vec![Change::PtFor { power: 1, toughness: 1, count: Count::CardsInYourGraveyard(creature_cards) }]
        );
        let creatures = ObjectFilter { types_any: vec![CardType::Creature], controller: ControllerFilter::You, ..ObjectFilter::default() };
        for text in ["Crusader of Odric's power and toughness are each equal to the number of creatures you control.", "This creature's power and toughness are each equal to the number of creatures you control."] {
            assert_eq!(one(text, "Crusader of Odric", CREATURE), StaticEffect { subject: StaticSubject::This, changes: vec![Change::PtEqualTo { power: Some(Count::Permanents(creatures.clone())), toughness: Some(Count::Permanents(creatures.clone())) }], condition: None });
        }
        let plate = ok("Equipped creature gets +1/+1 for each card in your hand.\nEquip {2}", "Empyrial Plate", ARTIFACT);
        assert!(matches!(&plate[0], Ability::Static(s) if s.changes == vec![Change::PtFor { power: 1, toughness: 1, count: Count::CardsInYourHand }]), "{plate:?}");
        assert_eq!(one("As long as it's your turn, creatures you control get +1/+0.", "Turn Anthem", ENCHANTMENT).condition, Some(Condition::YourTurn(true)));
    }

    #[test]
    fn characteristic_defining_abilities_of_real_cards() {
        // 604.3, 613.4a: one value for power only, toughness only, each, or one each.
        let cda = |text: &str, name: &str| match one(text, name, CREATURE).changes.as_slice() {
            [Change::PtEqualTo { power, toughness }] => (power.clone(), toughness.clone()),
            c => panic!("{name}: {c:?}"),
        };
        let rats = ObjectFilter { subtypes: vec!["Rat".into()], controller: ControllerFilter::You, ..ObjectFilter::default() };
        assert_eq!(cda("Swarm of Rats's power is equal to the number of Rats you control.", "Swarm of Rats"), (Some(Count::Permanents(rats)), None));
        let (p, t) = cda("Pestilence Rats's power is equal to the number of other Rats on the battlefield. (For example, as long as there are two other Rats on the battlefield, Pestilence Rats's power and toughness are 2/3.)", "Pestilence Rats");
        assert!(matches!(p, Some(Count::Permanents(ref f)) if f.other && f.controller == ControllerFilter::Any && f.subtypes == ["Rat"]) && t.is_none(), "{p:?}");
        let (p, t) = cda("Treefolk Seedlings's toughness is equal to the number of Forests you control.", "Treefolk Seedlings");
        assert!(p.is_none() && matches!(t, Some(Count::Permanents(_))));
        let (p, t) = cda("Mortivore's power and toughness are each equal to the number of creature cards in all graveyards.", "Mortivore");
        assert!(p == t && matches!(p, Some(Count::CardsInAllGraveyards(ref f)) if f.types_any == [CardType::Creature]), "{p:?}");
        let (p, _) = cda("Masumaro's power and toughness are each equal to twice the number of cards in your hand.", "Masumaro, First to Live");
        assert_eq!(p, Some(Count::Times(2, Box::new(Count::CardsInYourHand))));
        let (p, _) = cda("Dauntless Dourbark's power and toughness are each equal to the number of Forests you control plus the number of Treefolk you control.", "Dauntless Dourbark");
        assert!(matches!(p, Some(Count::Sum(ref parts)) if parts.len() == 2), "{p:?}");
        let (_, t) = cda("Daxos's toughness is equal to your devotion to white.", "Daxos, Blessed by the Sun");
        assert_eq!(t, Some(Count::Devotion(1 << Color::White.index())));
        let (p, _) = cda("Dauthi Warlord's power is equal to the number of creatures on the battlefield with shadow.", "Dauthi Warlord");
        assert!(matches!(p, Some(Count::Permanents(ref f)) if f.keyword == Some(Keyword::Shadow)), "{p:?}");
        let (p, _) = cda("Werewolf of Ancient Hunger's power and toughness are each equal to the total number of cards in all players' hands.", "Werewolf of Ancient Hunger");
        assert_eq!(p, Some(Count::CardsInAllHands));
        let (p, _) = cda("Rusting Golem's power and toughness are each equal to the number of fade counters on it.", "Rusting Golem");
        assert_eq!(p, Some(Count::CountersOnSource(CounterKind::Named("fade".into()))));
        let (p, _) = cda("Towering Gibbon's power is equal to the greatest mana value among creatures you control.", "Towering Gibbon");
        assert!(matches!(p, Some(Count::GreatestManaValue(_))), "{p:?}");
        // Not read: what can't be counted exactly stays unread.
        for (text, name) in [
            ("Maraxus's power and toughness are each equal to the number of untapped artifacts, creatures, and lands you control.", "Maraxus of Keld"),
            ("Squawkroaster's power is equal to the number of colors among permanents you control.", "Squawkroaster"),
            ("Ancient Ooze's power and toughness are each equal to the total mana value of other creatures you control.", "Ancient Ooze"),
        ] {
            assert!(!errs(text, name, CREATURE).is_empty(), "{name}");
        }
    }

    #[test]
    fn ability_words_have_no_rules_meaning() {
        // 207.2c: "Metalcraft —" is read from after the dash.
        let artifacts = ObjectFilter { types_any: vec![CardType::Artifact], controller: ControllerFilter::You, ..ObjectFilter::default() };
        assert_eq!(
            one("Metalcraft — This creature gets +2/+2 as long as you control three or more artifacts.", "Ardent Recruit", CREATURE),
            StaticEffect { subject: StaticSubject::This, changes: vec![Change::Pt(2, 2)], condition: Some(Condition::Controls { whose: crate::cards::ir::Whose::You, filter: artifacts, another: false, count: crate::cards::ir::Cmp::AtLeast(3) }) }
        );
    }

    #[test]
    fn it_after_a_condition_about_itself() {
        assert_eq!(
            one("As long as this creature is untapped, it gets +0/+2.", "Castle Raptors", CREATURE),
            StaticEffect { subject: StaticSubject::This, changes: vec![Change::Pt(0, 2)], condition: Some(Condition::SourceTapped(false)) }
        );
    }

    #[test]
    fn auras_control_and_loss() {
        let mc = ok("Enchant creature\nYou control enchanted creature.", "Mind Control", ENCHANTMENT);
        assert_eq!(mc[1], Ability::Static(StaticEffect { subject: StaticSubject::Attached, changes: vec![Change::GainControl], condition: None }));
        let g = ok("Enchant creature\nEnchanted creature loses flying.", "Grounded", ENCHANTMENT);
        assert_eq!(g[1], Ability::Static(StaticEffect { subject: StaticSubject::Attached, changes: vec![Change::Lose(Keyword::Flying)], condition: None }));
    }

    #[test]
    fn unread_predicates_are_errors() {
        let e = errs("Creatures you control get +1/+1 for each opponent you have.", "Counting Anthem", ENCHANTMENT);
        assert!(e[0].2.contains("a card type"), "{e:?}");
        let e = errs("This creature gets +1/+1 as long as an opponent has more cards in hand than you.", "Jealous Bear", CREATURE);
        assert!(e[0].2.contains("a condition the engine knows"), "{e:?}");
        let e = errs("Nonbasic lands are artifacts.", "Odd Moon", ENCHANTMENT);
        assert!(e[0].2.contains("in addition to its other types"), "{e:?}");
    }

    #[test]
    fn other_enters_lines_are_errors() {
        let e = errs("This creature enters with a +1/+1 counter on it for each color among permanents you control.", "Counter Guy", CREATURE);
        assert_eq!(e.len(), 1);
        let e = errs("This creature enters flying.", "Odd", CREATURE);
        assert!(e[0].2.contains("\"tapped\" or"), "{e:?}");
    }

    #[test]
    fn as_enters_choices_and_the_chosen_type() {
        let a = ok("As this creature enters, choose a creature type.\nThis creature is the chosen type in addition to its other types.\nOther creatures you control of the chosen type get +1/+1.", "Adaptive Automaton", CREATURE);
        assert_eq!(a[0], Ability::AsEntersChoose(crate::cards::ir::EntryChoiceKind::CreatureType));
        assert_eq!(a[1], Ability::Static(StaticEffect { subject: StaticSubject::This, changes: vec![Change::AddChosenType], condition: None }));
        let Ability::Static(StaticEffect { subject: StaticSubject::Each { filter, other: true }, changes, .. }) = &a[2] else { panic!("{a:?}") };
        assert!(filter.chosen_type && filter.controller == ControllerFilter::You);
        assert_eq!(changes, &vec![Change::Pt(1, 1)]);
        assert_eq!(ok("As this creature enters, choose a color.", "Test", CREATURE), vec![Ability::AsEntersChoose(crate::cards::ir::EntryChoiceKind::Color)]);
        assert!(!errs("As this creature enters, choose a player.", "Test", CREATURE).is_empty());
    }

    /// "As this land enters, you may pay 2 life. If you don't, it enters tapped." (Blood
    /// Crypt) and "… you may reveal a Forest or Island card from your hand. If you don't, this
    /// land enters tapped." (Vineglimmer Snarl): 614.12 choices as it enters.
    #[test]
    fn as_enters_offers() {
        use crate::cards::ir::EntryOffer;
        let a = ok("({T}: Add {B} or {R}.)\nAs this land enters, you may pay 2 life. If you don't, it enters tapped.", "Blood Crypt", &[CardType::Land]);
        assert_eq!(a, vec![Ability::AsEntersMayOrTapped(EntryOffer::PayLife(2))]);
        let a = ok("As this land enters, you may reveal a Forest or Island card from your hand. If you don't, this land enters tapped.\n{T}: Add {G} or {U}.", "Vineglimmer Snarl", &[CardType::Land]);
        assert!(matches!(&a[0], Ability::AsEntersMayOrTapped(EntryOffer::Reveal(f)) if f.subtypes == ["Forest", "Island"]), "{:?}", a[0]);
        // Another consequence than entering tapped is not read.
        assert_eq!(errs("As this land enters, you may pay 2 life. If you don't, sacrifice it.", "Test", &[CardType::Land]).len(), 1);
    }
}

#[cfg(test)]
mod noun_phrases_and_blocking {
    use super::super::test_util::*;
    const AURA: &[crate::cards::ir::CardType] = &[crate::cards::ir::CardType::Enchantment];
    use crate::cards::ir::{Ability, Affected, Change, Compare, ControllerFilter, Instruction, Keyword, ObjectFilter, StaticEffect, StaticSubject, TargetSpec, Trigger};

    fn creatures() -> ObjectFilter {
        ObjectFilter { types_any: vec![crate::cards::ir::CardType::Creature], ..ObjectFilter::default() }
    }

    fn this(change: Change) -> Ability {
        Ability::Static(StaticEffect { subject: StaticSubject::This, changes: vec![change], condition: None })
    }

    fn triggered_effect(a: &Ability) -> &crate::cards::ir::Effect {
        match a {
            Ability::Triggered { effect, .. } => effect,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn blocking_restrictions() {
        let flying = ObjectFilter { keyword: Some(Keyword::Flying), ..creatures() };
        assert_eq!(ok("Flying\nThis creature can block only creatures with flying.", "Cloud Sprite", CREATURE)[1], this(Change::CanBlockOnly(flying)));
        // Power is read as blockers are declared, so a static restriction may compare it.
        let small = ObjectFilter { power: Some((Compare::AtMost, 2)), ..creatures() };
        assert_eq!(ok("Trample\nThis creature can't be blocked by creatures with power 2 or less.", "Steel Leaf Champion", CREATURE)[1], this(Change::CantBeBlockedBy(small)));
        assert_eq!(ok("This creature can't be blocked by more than one creature.", "Bristling Boar", CREATURE), vec![this(Change::MaxBlockers(1))]);
        let big = ObjectFilter { power: Some((Compare::AtLeast, 2)), ..creatures() };
        assert_eq!(ok("This creature can't block creatures with power 2 or greater.", "Brassclaw Orcs", CREATURE), vec![this(Change::CantBlockMatching(big))]);
        let walls = ObjectFilter { subtypes: vec!["Wall".into()], ..ObjectFilter::default() };
        assert_eq!(
            ok("This creature attacks each combat if able.\nThis creature can't be blocked by Walls.", "Juggernaut", ARTIFACT),
            vec![this(Change::AttacksEachCombat), this(Change::CantBeBlockedBy(walls))]
        );
        let islands = ObjectFilter { subtypes: vec!["Island".into()], ..ObjectFilter::default() };
        assert_eq!(ok("This creature can't attack unless defending player controls an Island.", "Sea Monster", CREATURE), vec![this(Change::AttackOnlyIfDefenderControls(islands))]);
        // Other statics still may not compare power (the layers are computing it).
        assert!(!errs("Creatures with power 2 or less get +1/+1.", "Odd Anthem", &[crate::cards::ir::CardType::Enchantment]).is_empty());
        // "unless you pay {1}" is not read: the whole line is refused.
        assert!(!errs("This creature can't block creatures with power 3 or greater unless you pay {1}.", "Hipparion", CREATURE).is_empty());
    }

    #[test]
    fn attacking_and_blocking_alone() {
        // 506.5, 508.1c, 509.1b: restrictions on attacking or blocking alone.
        assert_eq!(ok("This creature can't attack or block alone.", "Mogg Flunkies", CREATURE), vec![Ability::Static(StaticEffect { subject: StaticSubject::This, changes: vec![Change::CantAttackAlone, Change::CantBlockAlone], condition: None })]);
        assert_eq!(ok("This creature can't attack alone.", "Militia Rallier", CREATURE), vec![this(Change::CantAttackAlone)]);
        assert_eq!(ok("This creature can't block alone.", "Craven Hulk", CREATURE), vec![this(Change::CantBlockAlone)]);
        assert_eq!(ok("This creature can only attack alone.", "Lone Test", CREATURE), vec![this(Change::AttackOnlyAlone)]);
        let errantry = ok("Enchant creature\nEnchanted creature gets +3/+0 and can only attack alone.", "Errantry", AURA);
        assert_eq!(errantry[1], Ability::Static(StaticEffect { subject: StaticSubject::Attached, changes: vec![Change::Pt(3, 0), Change::AttackOnlyAlone], condition: None }));
        // "can't attack" without "alone" stays a plain restriction.
        assert_eq!(ok("This creature can't attack.", "Test Wall", CREATURE), vec![Ability::SelfRestriction { cant_attack: true, cant_block: false, unblockable: false }]);
        // An exception to the restriction is not read.
        assert!(!errs("Pipsqueak can't attack alone unless he has a +1/+1 counter on him.", "Pipsqueak", CREATURE).is_empty());
        assert!(!errs("This creature can't attack alone unless you control an artifact.", "Test Card", CREATURE).is_empty());
    }

    #[test]
    fn without_a_keyword() {
        let ground = ObjectFilter { without: Some(Keyword::Flying), ..creatures() };
        assert_eq!(ok("Tap all creatures without flying.", "Deluge", INSTANT), spell(vec![], vec![Instruction::Tap(Affected::EachPermanent(ground.clone()))]));
        let theirs = ObjectFilter { controller: ControllerFilter::Opponent, ..ground.clone() };
        let a = ok("Street Spasm deals X damage to target creature without flying you don't control.", "Street Spasm", INSTANT);
        let Ability::Spell(e) = &a[0] else { panic!("{a:?}") };
        assert_eq!(e.targets[0].spec, TargetSpec::Permanent(theirs));
        let horse = ObjectFilter { without: Some(Keyword::Horsemanship), ..creatures() };
        let a = ok("Rolling Earthquake deals X damage to each creature without horsemanship and each player.", "Rolling Earthquake", SORCERY);
        let Ability::Spell(e) = &a[0] else { panic!("{a:?}") };
        assert!(matches!(&e.instructions[0], Instruction::DealDamage { to: Affected::Both(x, _), .. } if **x == Affected::EachPermanent(horse.clone())), "{e:?}");
    }

    #[test]
    fn owners_hands_and_controllers_untap_steps() {
        assert_eq!(ok("Return all creatures to their owners' hands.", "Evacuation", INSTANT), spell(vec![], vec![Instruction::ReturnToHand(Affected::EachPermanent(creatures()))]));
        let a = ok("Legendary creatures don't untap during their controllers' untap steps.", "Arena of the Ancients", ARTIFACT);
        assert!(matches!(&a[0], Ability::Static(StaticEffect { changes, .. }) if changes == &vec![Change::DoesntUntap]), "{a:?}");
    }

    #[test]
    fn return_a_permanent_you_control() {
        let a = ok("This land enters tapped.\nWhen this land enters, return a land you control to its owner's hand.\n{T}: Add {U}{B}.", "Dimir Aqueduct", LAND);
        let e = triggered_effect(&a[1]);
        assert!(e.targets.is_empty(), "chosen on resolution, not targeted: {e:?}");
        let lands = ObjectFilter { types_any: vec![crate::cards::ir::CardType::Land], controller: ControllerFilter::You, ..ObjectFilter::default() };
        assert_eq!(e.instructions, vec![Instruction::ReturnChosen { filter: lands, another: false }]);
        let a = ok("Whenever this creature attacks, return another creature you control to its owner's hand.", "Havengul Skaab", CREATURE);
        let e = triggered_effect(&a[0]);
        assert_eq!(e.instructions, vec![Instruction::ReturnChosen { filter: ObjectFilter { controller: ControllerFilter::You, ..creatures() }, another: true }]);
        // Only your own permanents are chosen this way.
        assert!(!errs("When this creature enters, return a creature to its owner's hand.", "Odd Bouncer", CREATURE).is_empty());
    }

    #[test]
    fn domain_delirium_and_graveyard_counts() {
        use crate::cards::ir::{Amount, Condition, Counted, Cmp};
        let a = ok("Domain — Tribal Flames deals X damage to any target, where X is the number of basic land types among lands you control.", "Tribal Flames", SORCERY);
        let Ability::Spell(e) = &a[0] else { panic!("{a:?}") };
        assert!(matches!(&e.instructions[0], Instruction::DealDamage { amount: Amount::Count { each: 1, what: Counted::BasicLandTypes }, .. }), "{e:?}");
        let a = ok("Target creature gets +X/+0 until end of turn, where X is the number of creature cards in your graveyard.", "Ghoul's Feast", INSTANT);
        let Ability::Spell(e) = &a[0] else { panic!("{a:?}") };
        let creature_cards = Counted::CardsInYourGraveyard(crate::cards::ir::TypeSet::of(&[crate::cards::ir::CardType::Creature]));
        assert!(matches!(&e.instructions[0], Instruction::Pump { power: Amount::Count { what, .. }, .. } if *what == creature_cards), "{e:?}");
        let a = ok("Enchant creature\nDomain — Enchanted creature gets -1/-1 for each basic land type among lands you control.", "Exotic Curse", AURA);
        assert!(matches!(&a[1], Ability::Static(StaticEffect { changes, .. }) if changes == &vec![Change::PtFor { power: -1, toughness: -1, count: crate::cards::ir::Count::BasicLandTypes }]), "{a:?}");
        let a = ok("{T}: Add {B} or {G}.\nDelirium — This creature has deathtouch as long as there are four or more card types among cards in your graveyard.", "Deathcap Cultivator", CREATURE);
        assert!(matches!(&a[1], Ability::Static(StaticEffect { condition: Some(Condition::CardTypesInGraveyard(Cmp::AtLeast(4))), .. })), "{a:?}");
    }

    #[test]
    fn toughness_filters_and_up_to_one_other_target() {
        let big = ObjectFilter { toughness: Some((Compare::AtLeast, 4)), ..creatures() };
        assert_eq!(ok("Destroy all creatures with toughness 4 or greater.", "Citywide Bust", SORCERY), spell(vec![], vec![Instruction::Destroy(Affected::EachPermanent(big))]));
        let a = ok("When this creature enters, return up to one other target permanent you control to its owner's hand.", "Stickytongue Sentinel", CREATURE);
        let e = triggered_effect(&a[0]);
        assert_eq!((e.targets[0].min, e.targets[0].max), (0, 1));
        assert_eq!(e.targets[0].spec, TargetSpec::Permanent(ObjectFilter { controller: ControllerFilter::You, other: true, ..ObjectFilter::default() }));
        // After an earlier target, "other" means other than that target: not read.
        assert!(!errs("Destroy target artifact or enchantment and up to one other target artifact or enchantment.", "Relic Crush", INSTANT).is_empty());
        // Statics don't compare toughness either (the layers are computing it).
        assert!(!errs("Creatures you control with toughness 4 or greater have vigilance.", "Odd Anthem", &[crate::cards::ir::CardType::Enchantment]).is_empty());
    }

    #[test]
    fn sacrifice_a_permanent_as_a_cost() {
        let a = ok("Sacrifice another creature: This creature gets +2/+2 until end of turn. Activate only once each turn.", "Sepulcher Ghoul", CREATURE);
        let Ability::Activated { cost, .. } = &a[0] else { panic!("{a:?}") };
        assert_eq!(cost.sacrifice, Some(ObjectFilter { controller: ControllerFilter::You, other: true, ..creatures() }));
        assert!(!cost.sacrifice_self && cost.once_each_turn);
        let a = ok("Sacrifice a creature: This creature gets +2/+2 until end of turn.", "Bloodthrone Vampire", CREATURE);
        let Ability::Activated { cost, .. } = &a[0] else { panic!("{a:?}") };
        assert_eq!(cost.sacrifice, Some(ObjectFilter { controller: ControllerFilter::You, ..creatures() }));
        // As an instruction: "you may sacrifice another creature. If you do, …".
        let a = ok("Whenever this creature attacks, you may sacrifice another creature. If you do, this creature can't be blocked this turn.", "Bloodmist Infiltrator", CREATURE);
        let e = triggered_effect(&a[0]);
        assert!(
            matches!(&e.instructions[0], Instruction::MayOrElse { action, .. } if matches!(&**action, Instruction::Sacrifice { filter, .. } if filter.other && filter.types_any == vec![crate::cards::ir::CardType::Creature])),
            "{e:?}"
        );
        // A mana ability paid by sacrificing another permanent is refused (mana payment would
        // not pay it).
        assert!(!errs("Sacrifice a creature: Add {C}{C}.", "Ashnod's Altar", ARTIFACT).is_empty());
    }

    #[test]
    fn exile_target_players_graveyard() {
        let a = ok("This land enters tapped.\nWhen this land enters, exile target player's graveyard.\n{T}: Add {B}.", "Bojuka Bog", LAND);
        let e = triggered_effect(&a[1]);
        assert_eq!(e.targets[0].spec, TargetSpec::Player { opponent_only: false });
        assert_eq!(e.instructions, vec![Instruction::ExileGraveyard(Affected::Target(0))]);
    }

    #[test]
    fn another_and_other() {
        let a = ok("Flying\nWhen this creature enters, put a +1/+1 counter on another target creature you control.", "Keen-Eyed Raven", CREATURE);
        let e = triggered_effect(&a[1]);
        assert_eq!(e.targets[0].spec, TargetSpec::Permanent(ObjectFilter { controller: ControllerFilter::You, other: true, ..creatures() }));
        let a = ok("When this creature enters, put a +1/+1 counter on each other creature you control.", "Ridgescale Tusker", CREATURE);
        let e = triggered_effect(&a[0]);
        assert!(matches!(&e.instructions[0], Instruction::PutCounters { what: Affected::EachOtherPermanent(f), .. } if f.controller == ControllerFilter::You), "{e:?}");
        // After a target, "another target" means other than that target (grammar_tests), and
        // so does "other creatures", which is not read; in a permanent's ability "another
        // target" after a target is not read either.
        assert!(!errs("{1}{G}, {T}: Target creature you control fights another target creature.", "Ulvenwald Tracker", CREATURE).is_empty());
        assert!(!errs("Intimidation Bolt deals 3 damage to target creature. Other creatures can't attack this turn.", "Intimidation Bolt", INSTANT).is_empty());
    }

    #[test]
    fn defending_player_and_attack_requirements() {
        let a = ok("Flying\nWhenever this creature attacks, it deals 1 damage to target creature defending player controls.", "Hellkite Whelp", CREATURE);
        assert!(matches!(&a[1], Ability::Triggered { trigger, .. } if matches!(**trigger, Trigger::Attacks(_))));
        let e = triggered_effect(&a[1]);
        assert_eq!(e.targets[0].spec, TargetSpec::Permanent(ObjectFilter { controller: ControllerFilter::Defending, ..creatures() }));
        let a = ok("{2}{R}: Target creature attacks this turn if able.", "Heckling Fiends", CREATURE);
        let Ability::Activated { effect, .. } = &a[0] else { panic!("{a:?}") };
        assert_eq!(effect.instructions, vec![Instruction::Continuous { what: Affected::Target(0), changes: vec![Change::AttacksEachCombat], until_end_of_turn: true, hold: None }]);
        // "all creatures target opponent controls": the player is the target (115.1).
        let a = ok("When this creature enters, tap all creatures target opponent controls.", "Tempest Caller", CREATURE);
        let e = triggered_effect(&a[0]);
        assert_eq!(e.targets[0].spec, TargetSpec::Player { opponent_only: true });
        assert_eq!(e.instructions, vec![Instruction::Tap(Affected::EachPermanent(ObjectFilter { controller: ControllerFilter::TargetPlayer(0), ..creatures() }))]);
        // "that player" in a trigger naming a player: the player dealt damage.
        let a = ok("Flying\nWhenever this creature deals combat damage to a player, it deals 1 damage to each creature that player controls.", "Shockmaw Dragon", CREATURE);
        let e = triggered_effect(&a[1]);
        assert!(matches!(&e.instructions[0], Instruction::DealDamage { to: Affected::EachPermanent(f), .. } if f.controller == ControllerFilter::TriggerPlayer), "{e:?}");
        // In a target: the player the ability triggered for, bound as the target is chosen.
        let a = ok("Flying\nWhenever this creature deals combat damage to a player, you may destroy target artifact or enchantment that player controls.", "Trygon Predator", CREATURE);
        let e = triggered_effect(&a[1]);
        assert!(matches!(&e.targets[0].spec, TargetSpec::Permanent(f) if f.controller == ControllerFilter::TriggerPlayer), "{e:?}");
        // Counted, it is not bound: refused.
        assert!(!errs("Treacherous Terrain deals damage to each opponent equal to the number of lands that player controls.", "Treacherous Terrain", SORCERY).is_empty());
        // 611.2c: "each creature" would bind later creatures too; refused.
        assert!(!errs("{T}: Each creature attacks this turn if able.", "Goblin Diplomats", CREATURE).is_empty());
    }

    #[test]
    fn blocking_requirements() {
        // 509.1c: the three shapes of blocking requirement, as statics and as effects.
        assert_eq!(ok("This creature must be blocked if able.", "Gaea's Protector", CREATURE), vec![this(Change::MustBeBlocked)]);
        assert_eq!(ok("All creatures able to block this creature do so.", "Prized Unicorn", CREATURE), vec![this(Change::AllMustBlock)]);
        let lure = ok("Enchant creature\nAll creatures able to block enchanted creature do so.", "Lure", AURA);
        assert_eq!(lure[1], Ability::Static(StaticEffect { subject: StaticSubject::Attached, changes: vec![Change::AllMustBlock], condition: None }));
        let golem = ok("This creature blocks each combat if able.", "Some Golem", CREATURE);
        assert_eq!(golem, vec![this(Change::BlocksEachCombat)]);
        let req = |what, change| Instruction::Continuous { what, changes: vec![change], until_end_of_turn: true, hold: None };
        let Ability::Spell(e) = &ok("Target creature blocks this turn if able.", "Culling Mark", SORCERY)[0] else { panic!() };
        assert_eq!(e.instructions, vec![req(Affected::Target(0), Change::BlocksEachCombat)]);
        // "and must be blocked …" continues the subject of the clause before it.
        let Ability::Spell(e) = &ok("Target creature gets +3/+3 until end of turn and must be blocked this turn if able.", "Compelled Duel", SORCERY)[0] else { panic!() };
        assert_eq!(e.instructions[1], req(Affected::Target(0), Change::MustBeBlocked));
        let Ability::Spell(e) = &ok("Untap target creature you don't control. That creature blocks this turn if able.\nDraw a card.", "Provoke", INSTANT)[0] else { panic!() };
        assert_eq!(e.instructions[1], req(Affected::Target(0), Change::BlocksEachCombat));
        // 611.2c: a requirement on "each creature" would bind later creatures too; refused.
        assert!(!errs("Creatures you control get +3/+3 until end of turn. Each creature your opponents control blocks this turn if able.", "Predatory Rampage", SORCERY).is_empty());
    }
}
