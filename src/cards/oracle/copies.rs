//! Copy effects (707): "You may have this creature enter as a copy of any creature on the
//! battlefield" (614.1c, 707.5), "create a token that's a copy of target creature you control"
//! (707.1), "target creature becomes a copy of …" (707.4), each with the exceptions a copy
//! effect may make (707.9): "except it's an Illusion in addition to its other types and it has
//! \"…\"", "except it isn't legendary", "except it's 7/7", "except it has haste", "except it
//! doesn't copy that creature's color". A quoted ability is compiled like any other text.

use super::keywords::keyword_at;
use super::lexer::{PtPart, Tok};
use super::parser::{Fail, PResult, Parser};
use super::targets::{Head, eat_self_ref, kinds, parse_affected, parse_filter};
use crate::cards::ir::{Ability, Affected, CardType, CopyExcept, Instruction};

fn is_its(p: &Parser<'_>) -> bool {
    p.at_word("it's") || p.at_word("it’s") || p.at_words(&["it", "is"])
}

fn eat_its(p: &mut Parser<'_>) -> bool {
    p.eat_word("it's") || p.eat_word("it’s") || p.eat_words(&["it", "is"])
}

fn end(p: &mut Parser<'_>) -> PResult<()> {
    p.eat_punct('.');
    if p.at_end() { Ok(()) } else { Err(p.fail("the end of the sentence")) }
}

/// "You may have [this permanent] enter as a copy of [any|a|an|another] [filter] [on the
/// battlefield][, except …]." — a whole line, or `None` when the line is something else.
pub fn enter_as_copy_line(p: &mut Parser<'_>) -> Option<PResult<Ability>> {
    let start = p.pos;
    if !p.eat_words(&["you", "may", "have"]) {
        return None;
    }
    if !(eat_self_ref(p) && p.eat_words(&["enter", "as", "a", "copy", "of"])) {
        p.pos = start;
        return None;
    }
    Some((|| {
        let _ = p.eat_word("any") || p.eat_word("a") || p.eat_word("an") || p.eat_word("another");
        let at = p.pos;
        let (filter, head) = parse_filter(p, false)?;
        if head != Head::Permanent {
            // "any creature card in a graveyard" copies a card, not a permanent.
            return Err(Fail { at, expected: "a permanent on the battlefield (\"any creature on the battlefield\", \"a creature you control\")".into() });
        }
        p.eat_words(&["on", "the", "battlefield"]);
        let except = if p.eat_punct(',') { parse_except(p)? } else { CopyExcept::default() };
        if except.this_ability {
            return Err(Fail { at, expected: "an exception without \"this ability\" (a replacement effect has no resolving ability to give)".into() });
        }
        end(p)?;
        Ok(Ability::EnterAsCopy { filter, except })
    })())
}

/// After "create": "a token that's a copy of [object][, except …]", or `None`.
pub fn token_copy(p: &mut Parser<'_>, who: Affected) -> Option<PResult<Instruction>> {
    let start = p.pos;
    if !(p.eat_words(&["a", "token", "that's", "a", "copy", "of"]) || p.eat_words(&["a", "token", "that’s", "a", "copy", "of"])) {
        p.pos = start;
        return None;
    }
    Some((|| {
        let at = p.pos;
        let (of, except) = original_and_exceptions(p)?;
        if except.this_ability {
            return Err(Fail { at, expected: "a token exception without \"this ability\" (not supported yet)".into() });
        }
        Ok(Instruction::CreateTokenCopy { who, of, except: Box::new(except) })
    })())
}

/// After a permanent subject, at "becomes a copy of": "[object][, except …] [until end of
/// turn]", or `None`.
pub fn becomes_copy(p: &mut Parser<'_>, what: Affected) -> Option<PResult<Instruction>> {
    let start = p.pos;
    if !(p.eat_words(&["becomes", "a", "copy", "of"]) || p.eat_words(&["become", "a", "copy", "of"])) {
        p.pos = start;
        return None;
    }
    Some((|| {
        let (of, except) = original_and_exceptions(p)?;
        let until_end_of_turn = p.eat_words(&["until", "end", "of", "turn"]);
        Ok(Instruction::BecomeCopy { what, of, except: Box::new(except), until_end_of_turn })
    })())
}

/// After "a copy of": the permanent copied, then ", except …" if the text makes exceptions.
fn original_and_exceptions(p: &mut Parser<'_>) -> PResult<(Affected, CopyExcept)> {
    let at = p.pos;
    let of = parse_affected(p)?;
    if !kinds(p, &of).permanent {
        return Err(Fail { at, expected: "a permanent (\"target creature you control\", \"this creature\", \"that creature\")".into() });
    }
    let except = if p.at_punct(',') && p.peek_at(1).is_some_and(|t| t.is_word("except")) {
        p.bump();
        parse_except(p)?
    } else {
        CopyExcept::default()
    };
    Ok((of, except))
}

/// "except [part] [and part]…" (707.9).
pub fn parse_except(p: &mut Parser<'_>) -> PResult<CopyExcept> {
    p.expect_words(&["except"])?;
    let mut ex = CopyExcept::default();
    loop {
        except_part(p, &mut ex)?;
        let next = p.peek_at(1);
        // "and it has …", "and the token has …", and "and has …" with "it" left out.
        let joins = p.at_word("and") && next.is_some_and(|t| t.is_word("it") || t.is_word("it's") || t.is_word("it’s") || t.is_word("the") || t.is_word("has"));
        if !joins {
            break;
        }
        p.bump();
    }
    Ok(ex)
}

/// "it" or "the token" (the object being made a copy) at the cursor: moves past "the token"
/// so that the words after it read as after "it".
fn token_as_it(p: &mut Parser<'_>) -> Option<usize> {
    if p.at_words(&["the", "token"]) {
        p.bump();
        return Some(p.pos);
    }
    None
}

fn except_part(p: &mut Parser<'_>, ex: &mut CopyExcept) -> PResult<()> {
    // "the token has flying", "the token isn't legendary": the same as "it …".
    if let Some(at) = token_as_it(p) {
        p.toks[at].tok = Tok::Word("it".to_owned());
    }
    for apostrophe in ["isn't", "isn’t"] {
        if p.eat_words(&["it", apostrophe, "legendary"]) {
            ex.not_legendary = true;
            return Ok(());
        }
    }
    for apostrophe in ["doesn't", "doesn’t"] {
        if p.eat_words(&["it", apostrophe, "copy", "that"]) {
            // "that creature's color" / "that artifact's color"
            p.bump();
            p.expect_words(&["color"])?;
            ex.keep_color = true;
            return Ok(());
        }
    }
    if p.eat_words(&["it", "has"]) || p.eat_word("has") {
        return granted(p, ex);
    }
    if !is_its(p) {
        return Err(p.fail("\"it's …\", \"it isn't legendary\", \"it has …\" or \"it doesn't copy that creature's color\""));
    }
    eat_its(p);
    if p.eat_words(&["not", "legendary"]) {
        ex.not_legendary = true;
        return Ok(());
    }
    // "it's 7/7", "it's a 1/1" (707.9b; 707.9d: a CDA defining power and toughness is not
    // copied).
    if (p.at_word("a") || p.at_word("an")) && matches!(p.peek_at(1).map(|t| &t.tok), Some(Tok::PtMod(PtPart::Fixed(_), PtPart::Fixed(_)))) {
        p.bump();
    }
    if let Some(Tok::PtMod(PtPart::Fixed(pw), PtPart::Fixed(th))) = p.peek().map(|t| t.tok.clone())
        && p.peek().is_some_and(|t| !p.text[t.start..].starts_with(['+', '-', '−']))
    {
        p.bump();
        if p.at_word("in") || !p.at_end() && !p.at_punct('.') && !p.at_word("and") {
            return Err(p.fail("the end of the exception (a copy that is also given types or colors here is not supported yet)"));
        }
        ex.pt = Some((pw, th));
        return Ok(());
    }
    // "it's [a|an] [Legendary] [types and subtypes] in addition to its other types"
    let _ = p.eat_word("a") || p.eat_word("an");
    let mut any = false;
    while let Some(w) = p.word() {
        if w == "legendary" || w == "snow" {
            let mut s = w.clone();
            s[..1].make_ascii_uppercase();
            ex.add_supertypes.push(s);
        } else if let Some(t) = CardType::from_name(&w) {
            ex.add_types.push(t);
        } else if let Some(s) = crate::cards::subtypes::subtype_word(&w) {
            ex.add_subtypes.push(s.to_owned());
        } else if w == "and" && any {
            // "legendary and snow"
        } else {
            break;
        }
        any = true;
        p.bump();
    }
    if !any {
        return Err(p.fail("types (\"an Illusion in addition to its other types\"), \"not legendary\" or a power and toughness"));
    }
    p.expect_words(&["in", "addition", "to", "its", "other", "types"])?;
    Ok(())
}

/// "it has haste", "it has \"…\"", "it has haste and \"…\"": keywords and quoted abilities
/// (707.9a).
fn granted(p: &mut Parser<'_>, ex: &mut CopyExcept) -> PResult<()> {
    loop {
        if let Some((k, n)) = keyword_at(p, p.pos) {
            let from = p.toks[p.pos].start;
            p.pos += n;
            let to = p.toks[p.pos - 1].end;
            ex.abilities.push(Ability::Keyword(k));
            push_text(ex, &p.text[from..to]);
        } else if p.peek().is_some_and(|t| matches!(t.tok, Tok::Punct('"' | '“' | '”'))) {
            quoted(p, ex)?;
        } else if p.at_words(&["this", "ability"]) {
            // 707.9a: the ability that makes the copy, resolving (the engine adds it).
            p.pos += 2;
            ex.this_ability = true;
        } else {
            return Err(p.fail("a keyword or a quoted ability"));
        }
        let more = |p: &Parser<'_>, at: usize| {
            keyword_at(p, at).is_some() || p.toks.get(at).is_some_and(|t| matches!(t.tok, Tok::Punct('"' | '“' | '”')) || t.is_word("this") && p.toks.get(at + 1).is_some_and(|n| n.is_word("ability")))
        };
        if p.at_punct(',') && p.peek_at(1).is_some_and(|t| t.is_word("and")) && more(p, p.pos + 2) {
            p.pos += 2;
        } else if (p.at_punct(',') || p.at_word("and")) && more(p, p.pos + 1) {
            p.bump();
        } else {
            return Ok(());
        }
    }
}

fn push_text(ex: &mut CopyExcept, s: &str) {
    if !ex.text.is_empty() {
        ex.text.push('\n');
    }
    ex.text.push_str(s);
}

/// A quoted ability: compiled as the text of a permanent.
fn quoted(p: &mut Parser<'_>, ex: &mut CopyExcept) -> PResult<()> {
    let open = p.pos;
    p.bump();
    let inner_start = p.peek().map_or(p.text.len(), |t| t.start);
    while p.peek().is_some_and(|t| !matches!(t.tok, Tok::Punct('"' | '“' | '”'))) {
        p.bump();
    }
    let Some(close) = p.peek().map(|t| t.start) else { return Err(Fail { at: open, expected: "a closing quotation mark".into() }) };
    p.bump();
    let inner = p.text[inner_start..close].trim();
    match super::compile(inner, "", &[CardType::Creature]) {
        Ok(abilities) => {
            ex.abilities.extend(abilities);
            push_text(ex, inner);
            Ok(())
        }
        Err(errors) => {
            let why = errors.first().map_or_else(String::new, |e| format!("{}: \"{}\"", e.message, inner.get(e.start..e.end).unwrap_or("")));
            Err(Fail { at: open + 1, expected: format!("an ability the engine can read inside the quotation marks ({why})") })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, Affected, CardType, CopyExcept, Instruction, Keyword};

    const CREATURE: &[CardType] = &[CardType::Creature];

    #[test]
    fn clone_enters_as_a_copy_of_any_creature() {
        let a = ok("You may have this creature enter as a copy of any creature on the battlefield.", "Clone", CREATURE);
        assert_eq!(a, vec![Ability::EnterAsCopy { filter: types(&[CardType::Creature]), except: CopyExcept::default() }]);
    }

    #[test]
    fn exceptions_of_a_copy() {
        let a = ok("You may have this creature enter as a copy of a creature you control, except it's a Shapeshifter Rogue in addition to its other types.", "Glasspool Mimic", CREATURE);
        let [Ability::EnterAsCopy { filter, except }] = a.as_slice() else { panic!("{a:?}") };
        assert_eq!(filter.controller, crate::cards::ir::ControllerFilter::You);
        assert_eq!(except.add_subtypes, vec!["Shapeshifter".to_owned(), "Rogue".to_owned()]);
        let a = ok("You may have this creature enter as a copy of any creature on the battlefield, except it's 7/7.", "Quicksilver Gargantuan", CREATURE);
        assert!(matches!(&a[0], Ability::EnterAsCopy { except, .. } if except.pt == Some((7, 7))));
        let a = ok("Create a token that's a copy of target creature, except it has haste and \"At the beginning of the end step, exile this token.\"", "Heat Shimmer", &[CardType::Sorcery]);
        let [Ability::Spell(e)] = a.as_slice() else { panic!("{a:?}") };
        let [Instruction::CreateTokenCopy { except, .. }] = &e.instructions[..] else { panic!("{e:?}") };
        assert_eq!(except.abilities[0], Ability::Keyword(Keyword::Haste));
        assert!(matches!(&except.abilities[1], Ability::Triggered { .. }));
        assert_eq!(except.text, "haste\nAt the beginning of the end step, exile this token.");
        let a = ok("You may have this creature enter as a copy of any creature on the battlefield, except it's an Illusion in addition to its other types and it has \"When this creature becomes the target of a spell or ability, sacrifice it.\"", "Phantasmal Image", CREATURE);
        assert!(matches!(&a[0], Ability::EnterAsCopy { except, .. } if except.add_subtypes == ["Illusion"] && matches!(&except.abilities[..], [Ability::Triggered { .. }])));
        let a = ok("Create a token that's a copy of target creature you control, except the token has flying and it isn't legendary.", "Irenicus's Vile Duplication", &[CardType::Sorcery]);
        let [Ability::Spell(e)] = a.as_slice() else { panic!("{a:?}") };
        assert!(matches!(&e.instructions[..], [Instruction::CreateTokenCopy { except, .. }] if except.not_legendary && except.abilities == [Ability::Keyword(Keyword::Flying)]));
        let a = ok("You may have this enchantment enter as a copy of any artifact on the battlefield, except it's an enchantment in addition to its other types.", "Copy Artifact", &[CardType::Enchantment]);
        assert!(matches!(&a[0], Ability::EnterAsCopy { except, .. } if except.add_types == vec![CardType::Enchantment]));
    }

    #[test]
    fn token_copies_and_becoming_a_copy() {
        let a = ok("Create a token that's a copy of target creature you control, except it isn't legendary.", "Spark Double Test", &[CardType::Sorcery]);
        let [Ability::Spell(e)] = a.as_slice() else { panic!("{a:?}") };
        assert!(matches!(&e.instructions[..], [Instruction::CreateTokenCopy { who: Affected::You, of: Affected::Target(0), except }] if except.not_legendary));
        let a = ok("Whenever another creature enters, this creature becomes a copy of that creature, except it has this ability.", "Unstable Shapeshifter", CREATURE);
        let [Ability::Triggered { effect, .. }] = a.as_slice() else { panic!("{a:?}") };
        assert!(matches!(&effect.instructions[..], [Instruction::BecomeCopy { what: Affected::This, of: Affected::TriggerObject, except, until_end_of_turn: false }] if except.this_ability));
    }

    #[test]
    fn this_ability_and_until_end_of_turn() {
        let a = ok("{2}, {T}: This land becomes a copy of target land, except it has this ability.", "Thespian's Stage", &[CardType::Land]);
        let [Ability::Activated { effect, .. }] = a.as_slice() else { panic!("{a:?}") };
        assert!(matches!(&effect.instructions[..], [Instruction::BecomeCopy { what: Affected::This, of: Affected::Target(0), except, until_end_of_turn: false }] if except.this_ability));
        let a = ok("{2}: This artifact becomes a copy of target artifact, creature, enchantment, or land until end of turn.", "Mirage Mirror", &[CardType::Artifact]);
        let [Ability::Activated { effect, .. }] = a.as_slice() else { panic!("{a:?}") };
        assert!(matches!(&effect.instructions[..], [Instruction::BecomeCopy { until_end_of_turn: true, .. }]));
    }

    #[test]
    fn optional_copy_and_a_kept_color() {
        let a = ok("Whenever another creature you control enters, you may have this creature become a copy of that creature until end of turn.", "Renegade Doppelganger", CREATURE);
        let [Ability::Triggered { effect, .. }] = a.as_slice() else { panic!("{a:?}") };
        let [Instruction::MayOrElse { who: Affected::You, action, .. }] = &effect.instructions[..] else { panic!("{effect:?}") };
        assert!(matches!(action.as_ref(), Instruction::BecomeCopy { what: Affected::This, of: Affected::TriggerObject, until_end_of_turn: true, .. }));
        let a = ok("You may have this creature enter as a copy of any creature on the battlefield, except it doesn't copy that creature's color and it has \"At the beginning of your upkeep, you may have this creature become a copy of target creature, except it doesn't copy that creature's color and it has this ability.\"", "Vesuvan Doppelganger", CREATURE);
        let [Ability::EnterAsCopy { except, .. }] = a.as_slice() else { panic!("{a:?}") };
        assert!(except.keep_color);
        let [Ability::Triggered { effect, .. }] = except.abilities.as_slice() else { panic!("{except:?}") };
        assert!(matches!(&effect.instructions[..], [Instruction::MayOrElse { action, .. }] if matches!(action.as_ref(), Instruction::BecomeCopy { except, .. } if except.keep_color && except.this_ability)));
    }

    #[test]
    fn copy_the_spell_a_cast_trigger_saw() {
        use crate::cards::ir::Amount;
        let copy = |new_targets| Instruction::CopySpell { what: Affected::TriggerObject, new_targets, times: Amount::Fixed(1) };
        let a = ok("Whenever you cast an instant or sorcery spell, you may copy that spell. You may choose new targets for the copy.", "Swarm Intelligence", &[CardType::Enchantment]);
        let [Ability::Triggered { effect, .. }] = a.as_slice() else { panic!("{a:?}") };
        assert!(matches!(&effect.instructions[..], [Instruction::MayOrElse { action, .. }] if **action == copy(true)), "{effect:?}");
        let a = ok("Whenever you cast an instant or sorcery spell, you may pay {U}{R}. If you do, copy that spell. You may choose new targets for the copy.", "Riku of Two Reflections", CREATURE);
        let [Ability::Triggered { effect, .. }] = a.as_slice() else { panic!("{a:?}") };
        assert!(matches!(&effect.instructions[..], [Instruction::MayOrElse { then, .. }] if then[..] == [copy(true)]), "{effect:?}");
        let a = ok("Whenever you cast an Adventure instant or sorcery spell, copy it. You may choose new targets for the copy.", "Lucky Clover", &[CardType::Artifact]);
        let [Ability::Triggered { effect, .. }] = a.as_slice() else { panic!("{a:?}") };
        assert_eq!(effect.instructions, vec![copy(true)]);
        let a = ok("Whenever you cast an instant or sorcery spell, you may sacrifice an artifact. If you do, copy that spell and you may choose new targets for the copy.", "Mica, Reader of Ruins", CREATURE);
        let [Ability::Triggered { effect, .. }] = a.as_slice() else { panic!("{a:?}") };
        assert!(matches!(&effect.instructions[..], [Instruction::MayOrElse { then, .. }] if then[..] == [copy(true)]), "{effect:?}");
        // "it" outside a cast trigger is not a spell to copy.
        assert!(!errs("Whenever this creature attacks, copy it.", "Odd Copier", CREATURE).is_empty());
    }

    #[test]
    fn power_and_toughness_with_an_article_and_has_without_it() {
        let a = ok("Create a token that's a copy of target creature you control, except it's a 1/1.", "Odd Duplicate", &[CardType::Sorcery]);
        let [Ability::Spell(e)] = a.as_slice() else { panic!("{a:?}") };
        assert!(matches!(&e.instructions[..], [Instruction::CreateTokenCopy { except, .. }] if except.pt == Some((1, 1))));
        let a = ok("You may have this creature enter as a copy of any creature on the battlefield, except it's 4/4 and has menace and haste.", "Odd Mimic", CREATURE);
        assert!(matches!(&a[0], Ability::EnterAsCopy { except, .. } if except.pt == Some((4, 4)) && except.abilities == [Ability::Keyword(Keyword::Menace), Ability::Keyword(Keyword::Haste)]), "{a:?}");
        // "a 1/1 green Frog" also sets colors and types: not read.
        assert!(!errs("Create a token that's a copy of target non-Frog creature, except it's a 1/1 green Frog.", "Croaking Counterpart", &[CardType::Sorcery]).is_empty());
    }

    #[test]
    fn unreadable_exceptions_are_refused() {
        assert!(!errs("You may have this creature enter as a copy of any creature on the battlefield, except it has this ability.", "Odd Clone", CREATURE).is_empty());
        assert!(!errs("You may have this creature enter as a copy of any creature card in a graveyard.", "Body Double", CREATURE).is_empty());
    }

    /// "Another target" is a different object from the first target (115.3).
    #[test]
    fn copy_of_another_target() {
        let a = ok("Target artifact or creature becomes a copy of another target artifact or creature.", "True Polymorph", &[CardType::Instant]);
        let Ability::Spell(e) = &a[0] else { panic!("{a:?}") };
        assert!(matches!(e.instructions.as_slice(), [Instruction::BecomeCopy { what: Affected::Target(0), of: Affected::Target(1), .. }]), "{e:?}");
        assert_eq!(e.targets[1].other_than, Some(0));
    }
}
