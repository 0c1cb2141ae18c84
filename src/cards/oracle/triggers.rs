//! Triggered abilities (603.1): "[When/Whenever/At] [trigger condition], [if …,] [effect]."
//!
//! Trigger conditions read here: enters (603.6a), dies / is put into a graveyard from the
//! battlefield / leaves the battlefield (603.6c, 603.10a), "at the beginning of" a step
//! (603.2b), attacks / blocks / becomes blocked (508.3a, 509.3a, 509.3c) and casting a spell
//! (601.2i). Intervening "if" clauses (603.4): "if this … is untapped", "if you have N or
//! less life", "if you control no other creatures".

use super::effects;
use super::parser::{Fail, PResult, Parser};
use super::targets::{Head, eat_self_ref, parse_filter};
use crate::cards::ir::{Ability, Condition, ControllerFilter, Effect, StepName, Subject, Trigger, Whose};

/// Whether the line starts like a triggered ability.
#[must_use]
pub fn is_trigger_line(p: &Parser<'_>) -> bool {
    p.at_word("when") || p.at_word("whenever") || (p.at_word("at") && p.peek_at(1).is_some_and(|t| t.is_word("the"))) || p.at_words(&["at", "end", "of", "combat"])
}

/// Parses a whole line as a triggered ability.
///
/// # Errors
/// The first words outside the supported templates.
pub fn parse_triggered(p: &mut Parser<'_>) -> PResult<Ability> {
    let start = p.pos;
    let trigger = parse_condition(p)?;
    if !p.eat_punct(',') {
        return Err(p.fail("\",\" after the trigger condition"));
    }
    let condition = if p.eat_word("if") {
        // "it" in the condition is the source only when the trigger is about the source
        // ("When this creature enters, if it was kicked"); otherwise it would be what
        // triggered the ability, which no condition names yet.
        let it = p.at_word("it") || p.at_word("it's") || p.at_word("it’s");
        let at = p.pos;
        let c = parse_if(p)?;
        let about_this = matches!(&trigger, Trigger::Enters(Subject::This) | Trigger::Attacks(Subject::This) | Trigger::Blocks(Subject::This) | Trigger::BecomesBlocked(Subject::This) | Trigger::DealsDamage { who: Subject::This, .. } | Trigger::DealsDamageTo { who: Subject::This, .. } | Trigger::BeginningOf { .. });
        if it && !about_this && !matches!(c, Condition::YourTurn(_)) {
            return Err(Fail { at, expected: "a condition about the source (\"it\" here is what triggered the ability)".into() });
        }
        if (c == Condition::Kicked || matches!(c, Condition::Spell(_))) && trigger != Trigger::Enters(Subject::This) {
            return Err(Fail { at, expected: "\"if it was kicked\" / \"if {R} was spent to cast it\" only after \"When this … enters\"".into() });
        }
        // 702.166b, 702.174k: how the permanent was cast, known from its entering on.
        if matches!(c, Condition::Bargained | Condition::GiftPromised(_)) && trigger != Trigger::Enters(Subject::This) {
            return Err(Fail { at, expected: "\"if it was bargained\" / \"if the gift was promised\" only after \"When this … enters\"".into() });
        }
        if !p.eat_punct(',') {
            return Err(p.fail("\",\" after the \"if\" clause"));
        }
        Some(c)
    } else {
        None
    };
    triggered_body(p, start, trigger, condition)
}

/// Whether the line begins with chapter symbols (714.2a): Roman numerals separated by
/// commas, then "—".
#[must_use]
pub fn is_chapter_line(p: &Parser<'_>) -> bool {
    chapter_numerals(p).is_some()
}

/// The chapter numbers of a line's chapter symbols and the position of the "—" after them.
fn chapter_numerals(p: &Parser<'_>) -> Option<(Vec<u32>, usize)> {
    let mut out = Vec::new();
    let mut i = p.pos;
    loop {
        let Some(super::lexer::Tok::Word(w)) = p.toks.get(i).map(|t| &t.tok) else { return None };
        out.push(roman_value(w)?);
        i += 1;
        match p.toks.get(i) {
            Some(t) if t.is_punct(',') => i += 1,
            Some(t) if t.is_punct('—') => return Some((out, i)),
            _ => return None,
        }
    }
}

/// The value of an upper-case Roman numeral as chapter symbols print them ("I" to "XX").
fn roman_value(w: &str) -> Option<u32> {
    const NUMERALS: [&str; 20] = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX"];
    NUMERALS.iter().position(|n| *n == w).and_then(|i| u32::try_from(i + 1).ok())
}

/// A line of chapter abilities, "{rN} — [effect]" or "{rN1}, {rN2} — [effect]" (714.2b–c): one
/// triggered ability per numeral, each with the same effect.
///
/// # Errors
/// The first words of the effect outside the supported templates.
pub fn parse_chapter(p: &mut Parser<'_>) -> PResult<Vec<Ability>> {
    let start = p.pos;
    let Some((numbers, dash)) = chapter_numerals(p) else { return Err(p.fail("chapter symbols (\"I —\", \"II, III —\")")) };
    p.pos = dash + 1;
    let first = triggered_body(p, start, Trigger::Chapter(numbers[0]), None)?;
    if numbers.len() > 1 && matches!(&first, Ability::Triggered { effect, .. } if effect.modal.as_ref().is_some_and(|m| m.modes.is_empty())) {
        return Err(Fail { at: start, expected: "a modal chapter ability with one chapter symbol (several symbols before \"choose\" are not supported yet)".into() });
    }
    let mut out = vec![first];
    for &n in &numbers[1..] {
        let Some(Ability::Triggered { condition, effect, .. }) = out.first() else { break };
        out.push(Ability::Triggered { trigger: Box::new(Trigger::Chapter(n)), condition: condition.clone(), effect: effect.clone() });
    }
    Ok(out)
}

/// A triggered ability's effect, after its trigger condition and "if" clause.
fn triggered_body(p: &mut Parser<'_>, start: usize, trigger: Trigger, condition: Option<Condition>) -> PResult<Ability> {
    // References to what triggered the ability: "that creature", "that player", "it". "For
    // the first time each turn" doesn't change what the event is about.
    let event = match &trigger {
        Trigger::FirstTimeEachTurn(t) => &**t,
        Trigger::DuringTurn(t, _) => match &**t {
            Trigger::FirstTimeEachTurn(t) => &**t,
            _ => &trigger,
        },
        _ => &trigger,
    };
    let subject_is_this = matches!(
        event,
        Trigger::Enters(Subject::This)
            | Trigger::Dies(Subject::This)
            | Trigger::LeavesBattlefield(Subject::This)
            | Trigger::PutIntoGraveyardFromBattlefield(Subject::This)
            | Trigger::PutIntoGraveyardOf { who: Subject::This, .. }
            | Trigger::AttacksWhom { who: Subject::This, .. }
            | Trigger::Attacks(Subject::This)
            | Trigger::Blocks(Subject::This)
            | Trigger::BecomesBlocked(Subject::This)
            | Trigger::BecomesTarget(Subject::This)
            | Trigger::TurnedFaceUp(Subject::This)
            | Trigger::BecomesMonstrous(Subject::This)
            | Trigger::TransformsIntoThis
            | Trigger::UnlockThisDoor(_)
            | Trigger::BeginningOf { .. }
            | Trigger::Either(..)
            | Trigger::GainLife(_)
            | Trigger::Draws(_)
            | Trigger::Attack(_)
            | Trigger::DealsDamage { who: Subject::This, .. }
            | Trigger::DealsDamageTo { .. }
            | Trigger::BecomesTapped(Subject::This)
            | Trigger::DealtDamage(Subject::This)
            | Trigger::NthDraw { .. }
            | Trigger::OneOrMoreDealCombatDamage { .. }
            | Trigger::AttacksAlone(Subject::This)
            | Trigger::Unblocked(Subject::This)
            | Trigger::AttackWith { .. }
            | Trigger::CastThis
            | Trigger::AttacksWithOthers { .. }
            | Trigger::BecomesUntapped(Subject::This)
            | Trigger::DiscardOneOrMore { .. }
            | Trigger::Chapter(_)
            | Trigger::CycleThis
            | Trigger::State(_)
    );
    p.trigger_object = !subject_is_this;
    p.trigger_spell = matches!(event, Trigger::Cast { .. });
    p.trigger_moved = matches!(event, Trigger::Dies(s) | Trigger::LeavesBattlefield(s) | Trigger::PutIntoGraveyardFromBattlefield(s) | Trigger::PutIntoGraveyardOf { who: s, .. } | Trigger::DiesDamagedByThis(s) if *s != Subject::This);
    p.that_is_attached = matches!(trigger, Trigger::BeginningOf { whose: Whose::AttachedController, .. });
    // "Whenever this creature becomes blocked by a creature, destroy that creature": "that
    // creature" is the other creature of the block, "it" the source.
    // "Whenever this creature deals combat damage to a creature, destroy that creature": the
    // same for the creature dealt damage.
    if matches!(&trigger, Trigger::BlockedBy { who: Subject::This, .. } | Trigger::BlocksCreature { who: Subject::This, .. } | Trigger::DealsDamageTo { who: Subject::This, creature: true, .. })
        || matches!(&trigger, Trigger::Either(a, _) if matches!(**a, Trigger::BlocksCreature { who: Subject::This, .. }))
    {
        p.named_this = true;
        // Either way, the other creature of the block is what the ability triggered on.
        p.trigger_object = true;
    }
    p.trigger_player = matches!(
        event,
        Trigger::BeginningOf { .. }
            | Trigger::Cast { .. }
            | Trigger::DealsDamage { .. }
            | Trigger::GainLife(_)
            | Trigger::Draws(_)
            | Trigger::Discards(_)
            | Trigger::NthDraw { .. }
            | Trigger::NthCast { .. }
            | Trigger::OneOrMoreDealCombatDamage { .. }
            | Trigger::AttackWith { .. }
            | Trigger::DiscardOneOrMore { .. }
            | Trigger::BecomesTargetBy { .. }
            | Trigger::Cycles { .. }
            | Trigger::AttacksWhom { .. }
    );
    p.effect = Effect::default();
    if matches!(trigger, Trigger::TappedForMana(_)) {
        // 605.1b: "its controller adds an additional {G}" — mana for the land's controller.
        p.expect_words(&["its", "controller", "adds", "an", "additional"])?;
        let mana = effects::add_mana(p)?;
        p.eat_punct('.');
        if !p.at_end() {
            return Err(p.fail("the end of the triggered mana ability"));
        }
        let effect = Effect { instructions: vec![mana], ..Effect::default() };
        return Ok(Ability::Triggered { trigger: Box::new(trigger), condition, effect });
    }
    // "When this creature enters, choose one —" followed by "•" lines: a modal triggered
    // ability (700.2b); the compiler reads the modes from the next lines.
    if let Some((min, max)) = super::modal_header(&p.toks[p.pos..]) {
        let effect = Effect { modal: Some(crate::cards::ir::Modal { min, max, modes: Vec::new(), repeat: false, spree: Vec::new(), fresh: None }), ..Effect::default() };
        return Ok(Ability::Triggered { trigger: Box::new(trigger), condition, effect });
    }
    // "… choose one that hasn't been chosen [this turn] —" (700.2b).
    if let Some(fresh) = super::fresh_modal_header(&p.toks[p.pos..]) {
        let effect = Effect { modal: Some(crate::cards::ir::Modal { min: 1, max: 1, modes: Vec::new(), repeat: false, spree: Vec::new(), fresh: Some(fresh) }), ..Effect::default() };
        return Ok(Ability::Triggered { trigger: Box::new(trigger), condition, effect });
    }
    // "This ability triggers only once each turn." closing the ability: a limit on the
    // trigger event, not an instruction.
    const ONCE: [&str; 7] = ["this", "ability", "triggers", "only", "once", "each", "turn"];
    let once_at = (p.pos..p.toks.len()).find(|&i| ONCE.iter().enumerate().all(|(k, w)| p.toks.get(i + k).is_some_and(|t| t.is_word(w))) && p.toks.get(i + ONCE.len()).is_some_and(|t| t.is_punct('.')) && i + ONCE.len() + 1 == p.toks.len());
    if let Some(i) = once_at {
        p.toks.truncate(i);
    }
    let fails = effects::parse_sentences(p);
    if let Some(f) = fails.into_iter().next() {
        return Err(f);
    }
    let effect = std::mem::take(&mut p.effect);
    if effect.instructions.is_empty() {
        return Err(p.fail("an effect"));
    }
    // 113.6m: "return this card from your graveyard" makes the ability work from the
    // graveyard, unless its trigger condition is what puts the card there ("When enchanted
    // creature dies" on an Aura): then it triggers on the battlefield and must follow the card
    // to the graveyard, which the engine doesn't do.
    if effect.moves_this_from_graveyard() && trigger_puts_this_in_graveyard(&trigger) {
        return Err(Fail { at: start, expected: "a trigger that doesn't itself put this card into the graveyard (following the card there is not supported)".into() });
    }
    // A kicker cost with {X} (Kangee) would give the ability an X it doesn't have: refused.
    if condition == Some(Condition::Kicked) && serde_json::to_string(&effect).is_ok_and(|s| s.contains("\"X\"") || s.contains("\"MinusX\"")) {
        return Err(p.fail("an effect without X after \"if it was kicked\" (the X of a kicker cost is not carried to the permanent yet)"));
    }
    if effects::pays_x(&effect.instructions) {
        let at = p.toks.iter().position(|t| matches!(&t.tok, super::lexer::Tok::Symbol(s) if s == "X")).unwrap_or(0);
        return Err(crate::cards::oracle::parser::Fail { at, expected: "a payment without {X} (a triggered ability has no X of its own)".into() });
    }
    let trigger = if once_at.is_some() { Trigger::OnceEachTurn(Box::new(trigger)) } else { trigger };
    Ok(Ability::Triggered { trigger: Box::new(trigger), condition, effect })
}

/// Whether the trigger condition is an event that puts the object with the ability into a
/// graveyard, or for an Aura that makes it go there (113.6m).
fn trigger_puts_this_in_graveyard(trigger: &Trigger) -> bool {
    match trigger {
        Trigger::Dies(s) | Trigger::LeavesBattlefield(s) | Trigger::PutIntoGraveyardFromBattlefield(s) | Trigger::PutIntoGraveyardOf { who: s, .. } => matches!(s, Subject::This | Subject::Enchanted),
        Trigger::Either(a, b) => trigger_puts_this_in_graveyard(a) || trigger_puts_this_in_graveyard(b),
        _ => false,
    }
}

/// "When this creature enters", "Whenever another creature you control dies", "At the
/// beginning of your upkeep", "Whenever you cast a red spell", …, with "during your turn" /
/// "during an opponent's turn" after the event.
pub(crate) fn parse_condition(p: &mut Parser<'_>) -> PResult<Trigger> {
    let mut t = parse_event(p)?;
    // "Whenever an enchantment you control enters and whenever you fully unlock a Room, …":
    // two trigger events for one ability, either of which triggers it.
    if p.at_words(&["and", "whenever"]) || p.at_words(&["and", "when"]) {
        p.bump();
        t = Trigger::Either(Box::new(t), Box::new(parse_event(p)?));
    }
    // "for the first time each turn" (603.2): only the turn's first such event, for events
    // the engine counts in a turn.
    if p.at_words(&["for", "the", "first", "time"]) {
        let at = p.pos;
        let counted = match &t {
            Trigger::Attacks(_) | Trigger::BecomesTarget(_) | Trigger::CountersPut { .. } | Trigger::BecomesTapped(_) => true,
            Trigger::GainLife(w) | Trigger::BecomesTargetBy { whose: w, .. } => *w == Whose::You,
            _ => false,
        };
        if !counted {
            return Err(Fail { at, expected: "an event counted in a turn before \"for the first time each turn\"".into() });
        }
        p.pos += 4;
        t = Trigger::FirstTimeEachTurn(Box::new(t));
        if p.eat_words(&["during", "each", "of", "your", "turns"]) {
            return Ok(Trigger::DuringTurn(Box::new(t), true));
        }
        p.expect_words(&["each", "turn"])?;
        return Ok(t);
    }
    if p.eat_words(&["during", "your", "turn"]) {
        return Ok(Trigger::DuringTurn(Box::new(t), true));
    }
    for words in [["during", "an", "opponent's", "turn"], ["during", "an", "opponent’s", "turn"], ["during", "each", "opponent's", "turn"], ["during", "each", "opponent’s", "turn"]] {
        if p.eat_words(&words) {
            return Ok(Trigger::DuringTurn(Box::new(t), false));
        }
    }
    Ok(t)
}

/// After "this creature transforms into": the name of the face with the ability (701.27e).
/// Another name, or another subject, is not read.
fn transforms_into_this(p: &mut Parser<'_>, subject: &Subject) -> PResult<Trigger> {
    if *subject == Subject::This && p.peek().is_some_and(|t| t.tok == super::lexer::Tok::SelfName) {
        p.bump();
        return Ok(Trigger::TransformsIntoThis);
    }
    Err(p.fail("the name of this face (\"When this creature transforms into [its own name]\")"))
}

fn parse_event(p: &mut Parser<'_>) -> PResult<Trigger> {
    if p.eat_words(&["at", "the", "beginning", "of"]) {
        return parse_beginning(p);
    }
    // 511.2: "at end of combat" abilities trigger as the end of combat step begins.
    if p.eat_words(&["at", "end", "of", "combat"]) {
        return Ok(Trigger::BeginningOf { step: StepName::EndOfCombat, whose: Whose::Each });
    }
    let when = p.at_word("when");
    if !(p.eat_word("whenever") || p.eat_word("when")) {
        return Err(p.fail("\"When\", \"Whenever\" or \"At the beginning of\""));
    }
    let start = p.pos;
    match parse_event_words(p) {
        Ok(t) => Ok(t),
        // 603.8: "When [a game state], …" — a state trigger.
        Err(e) if when => {
            p.pos = start;
            match super::conditions::parse(p) {
                Ok(c) if c != Condition::Kicked && p.peek().is_some_and(|t| t.is_punct(',')) => Ok(Trigger::State(c)),
                _ => {
                    p.pos = e.at;
                    Err(e)
                }
            }
        }
        Err(e) => Err(e),
    }
}

/// A trigger event after "When" / "Whenever".
fn parse_event_words(p: &mut Parser<'_>) -> PResult<Trigger> {
    // 709.5h: "When you unlock this door".
    if p.eat_words(&["you", "unlock", "this", "door"]) {
        return Ok(Trigger::UnlockThisDoor(None));
    }
    // 709.5i: "Whenever you fully unlock a Room".
    if p.eat_words(&["you", "fully", "unlock", "a", "room"]) {
        return Ok(Trigger::FullyUnlockRoom);
    }
    // "you cast", "a player casts", "an opponent casts"
    // "Whenever you gain life", "Whenever an opponent draws a card", "Whenever you attack"
    for (words, whose) in [(&["you"][..], Whose::You), (&["an", "opponent"][..], Whose::Opponent), (&["a", "player"][..], Whose::Each)] {
        let mark = p.pos;
        if p.eat_words(words) {
            if p.eat_words(&["gain", "life"]) || p.eat_words(&["gains", "life"]) {
                return Ok(Trigger::GainLife(whose));
            }
            if p.eat_words(&["draw", "a", "card"]) || p.eat_words(&["draws", "a", "card"]) {
                return Ok(Trigger::Draws(whose));
            }
            if p.eat_word("attack") || p.eat_word("attacks") {
                // "Whenever you attack with one or more creatures", "… with two or more
                // Knights" (508.3c).
                if p.eat_word("with") {
                    let at_least = if p.eat_words(&["one", "or", "more"]) {
                        1
                    } else if let Some(n) = super::targets::count_word(p, 0).filter(|_| p.peek_at(1).is_some_and(|t| t.is_word("or")) && p.peek_at(2).is_some_and(|t| t.is_word("more"))) {
                        p.pos += 3;
                        n
                    } else {
                        return Err(p.fail("\"one or more …\" or \"N or more …\""));
                    };
                    let at = p.pos;
                    let (filter, head) = parse_filter(p, true)?;
                    if head != Head::Permanent || filter.controller != ControllerFilter::Any {
                        return Err(Fail { at, expected: "creatures (\"two or more creatures\")".into() });
                    }
                    return Ok(Trigger::AttackWith { whose, filter, at_least });
                }
                return Ok(Trigger::Attack(whose));
            }
            // "When you cycle this card" (702.29c), "Whenever you cycle or discard another
            // card" (702.29d), "Whenever a player cycles a card".
            if let Some(t) = cycle_event(p, whose) {
                return t;
            }
            // "Whenever an opponent discards a card" (701.9a)
            if p.eat_words(&["discard", "a", "card"]) || p.eat_words(&["discards", "a", "card"]) {
                return Ok(Trigger::Discards(whose));
            }
            // "Whenever you discard one or more artifact cards": once per event.
            if (p.eat_word("discard") || p.eat_word("discards")) && p.eat_words(&["one", "or", "more"]) {
                let filter = if p.eat_word("cards") {
                    crate::cards::ir::ObjectFilter::default()
                } else {
                    let at = p.pos;
                    let (f, h) = parse_filter(p, true)?;
                    if h != Head::Card || f.controller != ControllerFilter::Any {
                        return Err(Fail { at, expected: "cards (\"artifact cards\")".into() });
                    }
                    f
                };
                return Ok(Trigger::DiscardOneOrMore { whose, filter });
            }
            // "Whenever you draw your second card each turn", "… cast your second spell each
            // turn"
            for (verb, spell) in [("draw", false), ("draws", false), ("cast", true), ("casts", true)] {
                let mark = p.pos;
                if p.eat_word(verb) && (p.eat_word("your") || p.eat_word("their")) && let Some(n) = ordinal(p) {
                    let noun = if spell { "spell" } else { "card" };
                    if p.eat_words(&[noun, "each", "turn"]) {
                        return Ok(if spell { Trigger::NthCast { whose, n } } else { Trigger::NthDraw { whose, n } });
                    }
                    // "your first spell during each opponent's turn": the n-th of that turn.
                    if spell && p.eat_word(noun) && (p.at_words(&["during", "each", "opponent's", "turn"]) || p.at_words(&["during", "each", "opponent’s", "turn"])) {
                        return Ok(Trigger::NthCast { whose, n });
                    }
                }
                p.pos = mark;
            }
        }
        p.pos = mark;
    }
    // "When you cast this spell" (603.2): a trigger of the spell itself, on the stack.
    if p.eat_words(&["you", "cast", "this", "spell"]) {
        return Ok(Trigger::CastThis);
    }
    let or_copy = p.at_words(&["you", "cast", "or", "copy"]);
    let whose = if or_copy {
        p.pos += 4;
        Some(Whose::You)
    } else if p.eat_words(&["you", "cast"]) {
        Some(Whose::You)
    } else if p.eat_words(&["a", "player", "casts"]) {
        Some(Whose::Each)
    } else if p.eat_words(&["an", "opponent", "casts"]) {
        Some(Whose::Opponent)
    } else {
        None
    };
    if let Some(whose) = whose {
        let at = p.pos;
        if !(p.eat_word("a") || p.eat_word("an")) {
            return Err(p.fail("\"a … spell\""));
        }
        let (mut filter, head) = parse_filter(p, false)?;
        if head != Head::Spell {
            return Err(Fail { at, expected: "a spell (\"a red spell\", \"an instant or sorcery spell\")".into() });
        }
        let targets_this = spell_suffix(p, &mut filter)?;
        return Ok(Trigger::Cast { filter, whose, targets_this, or_copy });
    }
    // "Whenever one or more creatures you control deal combat damage to a player"
    if p.eat_words(&["one", "or", "more"]) {
        // "Whenever one or more +1/+1 counters are put on another creature you control" (122.6)
        if super::statics::counter_kind(p).is_some() {
            let at = p.pos;
            let kind = super::statics::counter_noun(p)?;
            if !matches!(kind, crate::cards::ir::CounterKind::PlusOne | crate::cards::ir::CounterKind::MinusOne) {
                return Err(Fail { at, expected: "+1/+1 or -1/-1 counters".into() });
            }
            p.expect_words(&["are", "put", "on"])?;
            return Ok(Trigger::CountersPut { kind, on: parse_subject(p)? });
        }
        // "Whenever one or more cards leave your graveyard"
        {
            let mark = p.pos;
            let filter = if p.eat_word("cards") {
                Some(crate::cards::ir::ObjectFilter::default())
            } else {
                parse_filter(p, true).ok().filter(|(f, h)| *h == Head::Card && f.controller == ControllerFilter::Any).map(|(f, _)| f)
            };
            if let Some(filter) = filter
                && p.eat_words(&["leave", "your", "graveyard"])
            {
                return Ok(Trigger::LeaveGraveyard { filter });
            }
            p.pos = mark;
        }
        let at = p.pos;
        let (filter, head) = parse_filter(p, true)?;
        if head != Head::Permanent {
            return Err(Fail { at, expected: "permanents (\"creatures you control\")".into() });
        }
        // "Whenever one or more creatures you control attack" (508.3d).
        if p.eat_word("attack") {
            let whose = match filter.controller {
                ControllerFilter::You => Whose::You,
                ControllerFilter::Any => Whose::Each,
                _ => return Err(Fail { at, expected: "\"creatures you control\" or \"creatures\"".into() }),
            };
            return Ok(Trigger::AttackWith { whose, filter, at_least: 1 });
        }
        p.expect_words(&["deal", "combat", "damage", "to"])?;
        let to = if p.eat_words(&["a", "player"]) {
            Whose::Each
        } else if p.eat_words(&["an", "opponent"]) || p.eat_words(&["one", "or", "more", "opponents"]) {
            Whose::Opponent
        } else {
            return Err(p.fail("\"a player\" or \"an opponent\""));
        };
        return Ok(Trigger::OneOrMoreDealCombatDamage { who: Subject::Matching { filter, another: false }, to });
    }
    let subject_at = p.pos;
    let subject = parse_subject(p)?;
    // "Whenever this creature and at least two other creatures attack" (battalion)
    if subject == Subject::This && p.eat_words(&["and", "at", "least"]) {
        let Some(n) = super::targets::count_word(p, 0) else { return Err(p.fail("a number of other creatures")) };
        p.bump();
        p.expect_words(&["other"])?;
        if !(p.eat_word("creatures") || p.eat_word("creature")) {
            return Err(p.fail("\"creatures\""));
        }
        p.expect_words(&["attack"])?;
        return Ok(Trigger::AttacksWithOthers { who: subject, others: n });
    }
    // "Whenever a creature dealt damage by this creature this turn dies" (Sengir Vampire).
    if matches!(&subject, Subject::Matching { another: false, .. }) && p.eat_words(&["dealt", "damage", "by"]) {
        let at = p.pos;
        if !eat_self_ref(p) {
            return Err(Fail { at, expected: "\"this creature\" or the card's name (\"dealt damage by this creature\")".into() });
        }
        p.expect_words(&["this", "turn", "dies"])?;
        return Ok(Trigger::DiesDamagedByThis(subject));
    }
    if p.at_word("deals") {
        p.bump();
        let combat_only = p.eat_word("combat");
        p.expect_words(&["damage"])?;
        // "deals [combat] damage" to anything, or "… to a creature": only about the object
        // itself, so that "that creature" can't be mistaken for the one dealt damage.
        let to_creature = p.at_words(&["to", "a", "creature"]);
        if to_creature || !p.at_word("to") {
            if !matches!(subject, Subject::This | Subject::Enchanted) {
                return Err(Fail { at: subject_at, expected: "\"this creature\", the card's name or \"enchanted creature\" as what deals the damage".into() });
            }
            if to_creature {
                p.pos += 3;
            }
            return Ok(Trigger::DealsDamageTo { who: subject, combat_only, creature: to_creature });
        }
        p.expect_words(&["to"])?;
        let to = if p.eat_words(&["a", "player"]) {
            Whose::Each
        } else if p.eat_words(&["an", "opponent"]) {
            Whose::Opponent
        } else {
            return Err(p.fail("\"a player\" or \"an opponent\""));
        };
        return Ok(Trigger::DealsDamage { who: subject, combat_only, to });
    }
    let t = if p.eat_word("enters") {
        if p.eat_words(&["or", "dies"]) {
            return Ok(Trigger::Either(Box::new(Trigger::Enters(subject.clone())), Box::new(Trigger::Dies(subject))));
        }
        if p.eat_words(&["or", "attacks"]) {
            return Ok(Trigger::Either(Box::new(Trigger::Enters(subject.clone())), Box::new(Trigger::Attacks(subject))));
        }
        if p.eat_words(&["or", "is", "put", "into", "a", "graveyard", "from", "the", "battlefield"]) {
            return Ok(Trigger::Either(Box::new(Trigger::Enters(subject.clone())), Box::new(Trigger::PutIntoGraveyardFromBattlefield(subject))));
        }
        if p.eat_words(&["or", "leaves", "the", "battlefield"]) {
            return Ok(Trigger::Either(Box::new(Trigger::Enters(subject.clone())), Box::new(Trigger::LeavesBattlefield(subject))));
        }
        // "Whenever this creature enters or transforms into [this face]" (701.27e).
        if p.at_words(&["or", "transforms", "into"]) {
            p.pos += 3;
            return transforms_into_this(p, &subject).map(|t| Trigger::Either(Box::new(Trigger::Enters(subject)), Box::new(t)));
        }
        // Older wording: "enters the battlefield [under your control]".
        if p.eat_words(&["the", "battlefield"]) && p.eat_words(&["under", "your", "control"]) {
            return Ok(Trigger::Enters(with_controller(subject, ControllerFilter::You)));
        }
        Trigger::Enters(subject)
    } else if p.eat_word("dies") {
        Trigger::Dies(subject)
    } else if p.eat_words(&["is", "tapped", "for", "mana"]) {
        Trigger::TappedForMana(subject)
    } else if p.eat_words(&["becomes", "tapped"]) {
        Trigger::BecomesTapped(subject)
    } else if p.eat_words(&["is", "dealt", "damage"]) {
        Trigger::DealtDamage(subject)
    } else if let Some(whose) = graveyard_of(p) {
        // "is put into your graveyard from the battlefield": the graveyard is its owner's.
        Trigger::PutIntoGraveyardOf { who: subject, whose }
    } else if p.eat_words(&["is", "put", "into", "a", "graveyard", "from", "the", "battlefield"])
        || p.eat_words(&["are", "put", "into", "a", "graveyard", "from", "the", "battlefield"])
    {
        Trigger::PutIntoGraveyardFromBattlefield(subject)
    } else if p.eat_words(&["leaves", "the", "battlefield"]) {
        Trigger::LeavesBattlefield(subject)
    } else if p.eat_words(&["becomes", "blocked", "by"]) {
        // "becomes blocked by a non-Wall creature" (509.3d)
        Trigger::BlockedBy { by: blocking_filter(p)?, who: subject }
    } else if p.eat_words(&["becomes", "blocked"]) {
        Trigger::BecomesBlocked(subject)
    } else if p.eat_words(&["becomes", "the", "target", "of", "a", "spell", "or", "ability"]) {
        // "… a spell or ability an opponent controls" / "… you control"
        if p.eat_words(&["an", "opponent", "controls"]) {
            return Ok(Trigger::BecomesTargetBy { who: subject, whose: Whose::Opponent });
        }
        if p.eat_words(&["you", "control"]) {
            return Ok(Trigger::BecomesTargetBy { who: subject, whose: Whose::You });
        }
        Trigger::BecomesTarget(subject)
    } else if p.eat_words(&["becomes", "untapped"]) {
        Trigger::BecomesUntapped(subject)
    } else if p.at_words(&["becomes", "monstrous"]) && subject == Subject::This {
        // "When this creature becomes monstrous" (701.37a–b).
        p.pos += 2;
        Trigger::BecomesMonstrous(subject)
    } else if p.eat_words(&["is", "turned", "face", "up"]) {
        Trigger::TurnedFaceUp(subject)
    } else if p.eat_words(&["transforms", "into"]) {
        transforms_into_this(p, &subject)?
    } else if p.eat_word("attacks") {
        if let Some((whose, planeswalkers)) = attacked(p) {
            return Ok(Trigger::AttacksWhom { who: subject, whose, planeswalkers });
        }
        if p.eat_word("alone") {
            return Ok(Trigger::AttacksAlone(subject));
        }
        if p.eat_words(&["and", "isn't", "blocked"]) || p.eat_words(&["and", "isn’t", "blocked"]) {
            return Ok(Trigger::Unblocked(subject));
        }
        if p.eat_words(&["or", "blocks"]) {
            return Ok(Trigger::Either(Box::new(Trigger::Attacks(subject.clone())), Box::new(Trigger::Blocks(subject))));
        }
        Trigger::Attacks(subject)
    } else if p.eat_word("blocks") {
        // "blocks or becomes blocked by a non-Wall creature" (509.3b, 509.3d)
        if p.eat_words(&["or", "becomes", "blocked", "by"]) {
            let f = blocking_filter(p)?;
            return Ok(Trigger::Either(Box::new(Trigger::BlocksCreature { who: subject.clone(), blocked: f.clone() }), Box::new(Trigger::BlockedBy { who: subject, by: f })));
        }
        if p.at_word("a") || p.at_word("an") {
            return Ok(Trigger::BlocksCreature { blocked: blocking_filter(p)?, who: subject });
        }
        if p.eat_words(&["or", "becomes", "blocked"]) {
            return Ok(Trigger::Either(Box::new(Trigger::Blocks(subject.clone())), Box::new(Trigger::BecomesBlocked(subject))));
        }
        Trigger::Blocks(subject)
    } else {
        return Err(p.fail("\"enters\", \"dies\", \"leaves the battlefield\", \"attacks\", \"blocks\", \"becomes blocked\", \"becomes tapped\" or \"is dealt damage\""));
    };
    Ok(t)
}

/// After "attacks": "you", "you or a planeswalker you control", "one of your opponents",
/// "an opponent", "one of your opponents or a planeswalker an opponent controls", "a player"
/// (508.3a) — whose player, and whether their planeswalkers count.
fn attacked(p: &mut Parser<'_>) -> Option<(Whose, bool)> {
    let whose = if p.eat_word("you") {
        Whose::You
    } else if p.eat_words(&["one", "of", "your", "opponents"]) || p.eat_words(&["an", "opponent"]) {
        Whose::Opponent
    } else if p.eat_words(&["a", "player"]) {
        return Some((Whose::Each, false));
    } else {
        return None;
    };
    let planeswalkers = match whose {
        Whose::You => p.eat_words(&["or", "a", "planeswalker", "you", "control"]),
        _ => p.eat_words(&["or", "a", "planeswalker", "an", "opponent", "controls"]),
    };
    Some((whose, planeswalkers))
}

/// "is put into your graveyard from the battlefield", "are put into an opponent's graveyard
/// …", "… a player's graveyard …": whose graveyard. `None` (nothing eaten) otherwise; the
/// form "… or [a card] is put into your graveyard from anywhere …" is left to fail after it.
fn graveyard_of(p: &mut Parser<'_>) -> Option<Whose> {
    let mark = p.pos;
    if !(p.eat_words(&["is", "put", "into"]) || p.eat_words(&["are", "put", "into"])) {
        return None;
    }
    let whose = if p.eat_words(&["your", "graveyard"]) {
        Whose::You
    } else if p.eat_words(&["an", "opponent's", "graveyard"]) || p.eat_words(&["an", "opponent’s", "graveyard"]) {
        Whose::Opponent
    } else if p.eat_words(&["a", "player's", "graveyard"]) || p.eat_words(&["a", "player’s", "graveyard"]) {
        Whose::Each
    } else {
        p.pos = mark;
        return None;
    };
    if !p.eat_words(&["from", "the", "battlefield"]) {
        p.pos = mark;
        return None;
    }
    Some(whose)
}

/// "a creature", "a non-Wall creature", "a green or white creature": the other creature of a
/// block.
fn blocking_filter(p: &mut Parser<'_>) -> PResult<crate::cards::ir::ObjectFilter> {
    if !(p.eat_word("a") || p.eat_word("an")) {
        return Err(p.fail("\"a … creature\""));
    }
    let at = p.pos;
    let (filter, head) = parse_filter(p, false)?;
    if head != Head::Permanent || filter.controller != ControllerFilter::Any {
        return Err(Fail { at, expected: "a creature (\"a non-Wall creature\")".into() });
    }
    Ok(filter)
}

/// After a cast spell's filter: "that targets this creature" (returns true) or "that's white,
/// blue, black, or red" (colors of the filter).
fn spell_suffix(p: &mut Parser<'_>, filter: &mut crate::cards::ir::ObjectFilter) -> PResult<bool> {
    if p.eat_words(&["that", "targets"]) {
        if eat_self_ref(p) {
            return Ok(true);
        }
        return Err(p.fail("\"this creature\" or the card's name"));
    }
    if (p.eat_word("that's") || p.eat_word("that’s")) && filter.colors.is_empty() {
        loop {
            let Some(c) = p.word().as_deref().and_then(crate::cards::ir::Color::from_name) else { return Err(p.fail("a color")) };
            filter.colors.push(c);
            p.bump();
            p.eat_punct(',');
            if p.eat_word("or") {
                continue;
            }
            if p.word().as_deref().and_then(crate::cards::ir::Color::from_name).is_none() {
                break;
            }
        }
    }
    Ok(false)
}

/// After "you" / "a player": "cycle this card", "cycle [or discard] a card", "cycles [or
/// discards] another card". `None` when the words are not about cycling.
fn cycle_event(p: &mut Parser<'_>, whose: Whose) -> Option<PResult<Trigger>> {
    if !(p.at_word("cycle") || p.at_word("cycles")) {
        return None;
    }
    p.bump();
    if p.at_words(&["this", "card"]) || p.peek().is_some_and(|t| t.tok == super::lexer::Tok::SelfName) {
        if whose != Whose::You {
            return Some(Err(p.fail("\"you cycle this card\"")));
        }
        if !p.eat_words(&["this", "card"]) {
            p.bump();
        }
        return Some(Ok(Trigger::CycleThis));
    }
    let or_discard = p.eat_words(&["or", "discard"]) || p.eat_words(&["or", "discards"]);
    // "another card": the card with the ability is never the one cycled while it works (on the
    // battlefield), so "another" adds nothing to "a card" there.
    if !(p.eat_words(&["a", "card"]) || p.eat_words(&["another", "card"])) {
        return Some(Err(p.fail("\"a card\" or \"another card\"")));
    }
    Some(Ok(Trigger::Cycles { whose, or_discard }))
}

/// "second", "third": which one of a turn's draws or spells.
fn ordinal(p: &mut Parser<'_>) -> Option<u32> {
    let n = ["first", "second", "third", "fourth", "fifth"].iter().position(|w| p.at_word(w))?;
    p.bump();
    u32::try_from(n + 1).ok()
}

fn with_controller(s: Subject, c: ControllerFilter) -> Subject {
    match s {
        Subject::Matching { mut filter, another } => {
            filter.controller = c;
            Subject::Matching { filter, another }
        }
        Subject::ThisOr(mut filter) => {
            filter.controller = c;
            Subject::ThisOr(filter)
        }
        s @ (Subject::This | Subject::Enchanted) => s,
    }
}

/// "this creature" / the card's name, or "[another|a|an] [filter]".
fn parse_subject(p: &mut Parser<'_>) -> PResult<Subject> {
    // 303.4b, 301.5a: "enchanted creature", "equipped creature", "enchanted land".
    let mark = p.pos;
    if (p.at_word("enchanted") || p.at_word("equipped")) && super::targets::attached_ref(p) == Some(crate::cards::ir::Affected::Attached) {
        return Ok(Subject::Enchanted);
    }
    p.pos = mark;
    if eat_self_ref(p) {
        // "Blood Artist or another creature": itself, even if it no longer matches the filter,
        // or another object that does.
        if p.eat_words(&["or", "another"]) {
            let at = p.pos;
            let (filter, head) = parse_filter(p, false)?;
            if head != Head::Permanent {
                return Err(Fail { at, expected: "a permanent".into() });
            }
            return Ok(Subject::ThisOr(filter));
        }
        return Ok(Subject::This);
    }
    let another = p.eat_word("another");
    if !(another || p.eat_word("a") || p.eat_word("an")) {
        return Err(p.fail("\"this …\", the card's name, \"a …\" or \"another …\""));
    }
    let at = p.pos;
    let (filter, head) = parse_filter(p, false)?;
    if head != Head::Permanent {
        return Err(Fail { at, expected: "a permanent (\"creature\", \"land\", \"creature you control\")".into() });
    }
    Ok(Subject::Matching { filter, another })
}

/// After "At the beginning of": "your upkeep", "each player's draw step", "each end step",
/// "combat on your turn", "your precombat main phase".
fn parse_beginning(p: &mut Parser<'_>) -> PResult<Trigger> {
    // "At the beginning of the upkeep of enchanted creature's controller" (303.4b).
    if p.eat_words(&["the", "upkeep", "of"]) {
        let at = p.pos;
        if super::targets::attached_ref(p) == Some(crate::cards::ir::Affected::AttachedController) {
            // "that player" in the effect is the player whose upkeep it is.
            p.last_player = None;
            return Ok(Trigger::BeginningOf { step: StepName::Upkeep, whose: Whose::AttachedController });
        }
        return Err(Fail { at, expected: "\"enchanted creature's controller\"".into() });
    }
    let mut whose = if p.eat_word("your") {
        Whose::You
    } else if p.eat_words(&["each", "player's"]) || p.eat_words(&["each", "player’s"]) {
        Whose::Each
    } else if p.eat_words(&["each", "opponent's"]) || p.eat_words(&["each", "opponent’s"]) {
        Whose::Opponent
    } else if p.eat_word("each") || p.at_word("combat") || (p.at_word("the") && p.peek_at(1).is_some_and(|t| t.is_word("end")) && p.eat_word("the")) {
        Whose::Each
    } else if p.eat_words(&["the", "next"]) {
        return Err(p.fail("a step of a turn (delayed triggers are not supported yet)"));
    } else {
        return Err(p.fail("\"your\", \"each\", \"each player's\" or \"each opponent's\""));
    };
    let step = if p.eat_word("upkeep") {
        StepName::Upkeep
    } else if p.eat_words(&["draw", "step"]) {
        StepName::Draw
    } else if p.eat_words(&["end", "step"]) {
        StepName::End
    } else if p.eat_words(&["precombat", "main", "phase"]) || p.eat_words(&["first", "main", "phase"]) {
        StepName::PrecombatMain
    } else if p.eat_words(&["postcombat", "main", "phase"]) || p.eat_words(&["second", "main", "phase"]) {
        StepName::PostcombatMain
    } else if p.eat_word("combat") {
        if p.eat_words(&["on", "your", "turn"]) {
            whose = Whose::You;
        }
        StepName::Combat
    } else {
        return Err(p.fail("\"upkeep\", \"draw step\", \"end step\", \"precombat main phase\" or \"combat\""));
    };
    Ok(Trigger::BeginningOf { step, whose })
}

/// An intervening "if" clause (603.4): the condition grammar of [`super::conditions`].
fn parse_if(p: &mut Parser<'_>) -> PResult<Condition> {
    super::conditions::parse(p)
}

#[cfg(test)]
mod tests {
    use super::super::compile;
    use crate::cards::ir::{Ability, CardType, Cmp, Condition, ControllerFilter, ObjectFilter, Subject, Trigger, Whose};

    /// The trigger and condition of a card's only triggered ability (real Oracle text).
    fn trigger(text: &str, name: &str, types: &[CardType]) -> (Trigger, Option<Condition>) {
        let abilities = compile(text, name, types).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        abilities
            .into_iter()
            .find_map(|a| if let Ability::Triggered { trigger, condition, .. } = a { Some((*trigger, condition)) } else { None })
            .unwrap_or_else(|| panic!("{name}: no triggered ability"))
    }

    #[test]
    fn chapter_abilities() {
        use crate::cards::ir::Instruction;
        let text = "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\nI, II — Create a 2/2 white Knight creature token with vigilance.\nIII — Knights you control get +2/+1 until end of turn.";
        let abilities = compile(text, "History of Benalia", &[CardType::Enchantment]).unwrap_or_else(|e| panic!("{e:?}"));
        let chapters: Vec<u32> = abilities.iter().filter_map(|a| if let Ability::Triggered { trigger, condition: None, .. } = a && let Trigger::Chapter(n) = **trigger { Some(n) } else { None }).collect();
        // 714.2c: "I, II" is two chapter abilities with the same effect.
        assert_eq!(chapters, [1, 2, 3]);
        assert_eq!(abilities.len(), 3);
        assert!(matches!((&abilities[0], &abilities[1]), (Ability::Triggered { effect: a, .. }, Ability::Triggered { effect: b, .. }) if a == b));
        let text = "(As this Saga enters and after your draw step, add a lore counter.)\nI, II — Draw a card, then discard a card.\nIII — Exile this Saga, then return it to the battlefield transformed under your control.";
        let abilities = compile(text, "The Modern Age", &[CardType::Enchantment]).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(matches!(&abilities[2], Ability::Triggered { trigger, effect, .. } if **trigger == Trigger::Chapter(3) && effect.instructions == [Instruction::ExileReturnTransformed { yours: true }]));
        let owner = "III — Exile this Equipment, then return it to the battlefield transformed under its owner's control.";
        let abilities = compile(owner, "Test Saga", &[CardType::Enchantment]).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(matches!(&abilities[0], Ability::Triggered { effect, .. } if effect.instructions == [Instruction::ExileReturnTransformed { yours: false }]));
        // Numerals without the dash, or a dash after something else, are not chapters.
        assert!(compile("I II Draw a card.", "Test Saga", &[CardType::Enchantment]).is_err());
        // Another object exiled and returned transformed is not read.
        assert!(compile("I — Exile target creature, then return it to the battlefield transformed under your control.", "Test Saga", &[CardType::Enchantment]).is_err());
    }

    #[test]
    fn transforms_into_this_face() {
        let (t, _) = trigger("When this creature transforms into Compleated Conjurer, exile the top card of your library. Until the end of your next turn, you may play that card.", "Compleated Conjurer", &[CardType::Creature]);
        assert_eq!(t, Trigger::TransformsIntoThis);
        let (t, _) = trigger("Whenever this creature enters or transforms into Wildsong Howler, look at the top six cards of your library. You may reveal a creature card from among them and put it into your hand. Put the rest on the bottom of your library in a random order.", "Wildsong Howler", &[CardType::Creature]);
        assert_eq!(t, Trigger::Either(Box::new(Trigger::Enters(Subject::This)), Box::new(Trigger::TransformsIntoThis)));
        // Another face's name, or another subject, is not read.
        assert!(compile("When this creature transforms into Insectile Aberration, draw a card.", "Delver of Secrets", &[CardType::Creature]).is_err());
        assert!(compile("Whenever a permanent you control transforms into a non-Human creature, draw a card.", "Odd Watcher", &[CardType::Creature]).is_err());
    }

    #[test]
    fn unlocking_doors() {
        // 709.5h: the door is the half the text is in, set as the halves are put together.
        let (t, _) = trigger("When you unlock this door, this Room deals 4 damage to target creature an opponent controls.", "Glassworks", &[CardType::Enchantment]);
        assert_eq!(t, Trigger::UnlockThisDoor(None));
        // 709.5i, with a second trigger event joined by "and whenever" (Entity Tracker).
        let (t, _) = trigger("Flash\nEerie — Whenever an enchantment you control enters and whenever you fully unlock a Room, draw a card.", "Entity Tracker", &[CardType::Creature]);
        let Trigger::Either(a, b) = t else { panic!("{t:?}") };
        assert!(matches!(*a, Trigger::Enters(_)));
        assert_eq!(*b, Trigger::FullyUnlockRoom);
    }

    const CREATURE: &[CardType] = &[CardType::Creature];

    #[test]
    fn trigger_events_of_real_cards() {
        let (t, _) = trigger("Flying\nHeroic — Whenever you cast a spell that targets this creature, put a +1/+1 counter on this creature.", "Wingsteed Rider", CREATURE);
        assert_eq!(t, Trigger::Cast { filter: ObjectFilter::default(), whose: Whose::You, targets_this: true, or_copy: false });
        let (t, _) = trigger("Magecraft — Whenever you cast or copy an instant or sorcery spell, each opponent loses 1 life and you gain 1 life.", "Witherbloom Apprentice", CREATURE);
        assert!(matches!(t, Trigger::Cast { or_copy: true, targets_this: false, .. }), "{t:?}");
        let (t, _) = trigger("Whenever you cast a Spirit or Arcane spell, this creature gets +2/+2 until end of turn.", "Test Card", CREATURE);
        assert!(matches!(&t, Trigger::Cast { filter, .. } if filter.subtypes == ["Spirit", "Arcane"]), "{t:?}");
        let (t, _) = trigger("When you cast this spell, create a 10/10 colorless Eldrazi creature token.", "Desolation Twin", CREATURE);
        assert_eq!(t, Trigger::CastThis);
        let (t, _) = trigger("Whenever this creature attacks alone, it gets +2/+0 until end of turn.", "Rogue Kavu", CREATURE);
        assert_eq!(t, Trigger::AttacksAlone(Subject::This));
        let (t, _) = trigger("Afflict 2\nWhenever this creature attacks and isn't blocked, draw a card.", "Eternal of Harsh Truths", CREATURE);
        assert_eq!(t, Trigger::Unblocked(Subject::This));
        let (t, _) = trigger("Whenever this creature becomes blocked by a creature, destroy that creature.", "Sylvan Basilisk", CREATURE);
        assert_eq!(t, Trigger::BlockedBy { who: Subject::This, by: ObjectFilter { types_any: vec![CardType::Creature], ..ObjectFilter::default() } });
        let (t, _) = trigger("Reach\nWhenever this creature blocks a creature with flying, this creature gets +0/+2 until end of turn.", "Woolly Spider", CREATURE);
        assert!(matches!(&t, Trigger::BlocksCreature { who: Subject::This, blocked } if blocked.keyword == Some(crate::cards::ir::Keyword::Flying)), "{t:?}");
        let (t, _) = trigger("Whenever you attack with three or more creatures, draw a card.", "Overwhelming Instinct", &[CardType::Enchantment]);
        assert!(matches!(t, Trigger::AttackWith { whose: Whose::You, at_least: 3, .. }), "{t:?}");
    }

    #[test]
    fn cycling_triggers_of_real_cards() {
        // 702.29c: the card's own cycling.
        let (t, _) = trigger("Flying\nCycling {U} ({U}, Discard this card: Draw a card.)\nWhen you cycle this card, target creature gains flying until end of turn.", "Windcaller Aven", CREATURE);
        assert_eq!(t, Trigger::CycleThis);
        let (t, _) = trigger("When you cycle this card and when this creature dies, you may tap or untap target permanent.\nCycling {2}{U} ({2}{U}, Discard this card: Draw a card.)", "Esper Sojourners", CREATURE);
        assert_eq!(t, Trigger::Either(Box::new(Trigger::CycleThis), Box::new(Trigger::Dies(Subject::This))));
        // 702.29d: "cycle or discard".
        let (t, _) = trigger("Whenever you cycle or discard a card, this creature gets +1/+1 until end of turn.", "Hekma Sentinels", CREATURE);
        assert_eq!(t, Trigger::Cycles { whose: Whose::You, or_discard: true });
        let (t, _) = trigger("Whenever you cycle or discard another card, this creature gets +2/+1 until end of turn.", "Horror of the Broken Lands", CREATURE);
        assert_eq!(t, Trigger::Cycles { whose: Whose::You, or_discard: true });
        let (t, _) = trigger("Whenever a player cycles a card, put a plague counter on this Aura.\nEnchanted creature gets -1/-1 for each plague counter on this Aura.", "Withering Hex", &[CardType::Enchantment]);
        assert_eq!(t, Trigger::Cycles { whose: Whose::Each, or_discard: false });
        let (t, _) = trigger("Whenever you cycle another card, put a +1/+1 counter on this creature.\nCycling {1} ({1}, Discard this card: Draw a card.)", "Flourishing Fox", CREATURE);
        assert_eq!(t, Trigger::Cycles { whose: Whose::You, or_discard: false });
        // Another player's "cycle this card", or "for the first time each turn", is not read.
        assert!(compile("Whenever an opponent cycles this card, draw a card.", "Test Card", CREATURE).is_err());
        assert!(compile("Whenever you cycle another card for the first time each turn, put a +1/+1 counter on this creature.", "Test Card", CREATURE).is_err());
    }

    #[test]
    fn first_time_each_turn() {
        let first = |t: Trigger| Trigger::FirstTimeEachTurn(Box::new(t));
        let (t, _) = trigger("Whenever you gain life for the first time each turn, create a 1/1 white Cat creature token.\n{2}{W}: Another target Cleric gains lifelink until end of turn.", "Attended Healer", CREATURE);
        assert_eq!(t, first(Trigger::GainLife(Whose::You)));
        let (t, _) = trigger("Whenever this creature becomes the target of a spell or ability for the first time each turn, put a +1/+1 counter on it.", "Angelic Cub", CREATURE);
        assert_eq!(t, first(Trigger::BecomesTarget(Subject::This)));
        let (t, _) = trigger("Vigilance, haste\nValiant — Whenever this creature becomes the target of a spell or ability you control for the first time each turn, put a +1/+1 counter on it.", "Seedglaive Mentor", CREATURE);
        assert_eq!(t, first(Trigger::BecomesTargetBy { who: Subject::This, whose: Whose::You }));
        let (t, _) = trigger("Whenever one or more +1/+1 counters are put on this creature for the first time each turn, create a Treasure token. (It's an artifact with \"{T}, Sacrifice this token: Add one mana of any color.\")", "Axgard Artisan", CREATURE);
        assert!(matches!(&t, Trigger::FirstTimeEachTurn(t) if matches!(**t, Trigger::CountersPut { on: Subject::This, .. })), "{t:?}");
        let abilities = compile("When this creature enters, create a Food token. (It's an artifact with \"{2}, {T}, Sacrifice this token: You gain 3 life.\")\nWhenever you gain life for the first time during each of your turns, create a 1/1 white Cat creature token.", "Cat Collector", CREATURE).unwrap_or_else(|e| panic!("{e:?}"));
        let Ability::Triggered { trigger: t, .. } = &abilities[1] else { panic!("{abilities:?}") };
        assert_eq!(**t, Trigger::DuringTurn(Box::new(first(Trigger::GainLife(Whose::You))), true));
        // Events the engine doesn't count in a turn are not read.
        assert!(compile("Whenever you discard one or more nonland cards for the first time each turn, create a Junk token.", "Veronica, Dissident Scribe", CREATURE).is_err());
        assert!(compile("Whenever an opponent gains life for the first time each turn, draw a card.", "Test Card", CREATURE).is_err());
    }

    #[test]
    fn this_or_another() {
        // Itself whatever its types are then, or another object of the kind.
        let (t, _) = trigger("Whenever Blood Artist or another creature dies, target player loses 1 life and you gain 1 life.", "Blood Artist", CREATURE);
        assert!(matches!(&t, Trigger::Dies(Subject::ThisOr(f)) if f.types_any == [CardType::Creature]), "{t:?}");
        let (t, _) = trigger("Whenever this creature or another Ally you control enters, you gain 1 life.", "Test Ally", CREATURE);
        assert!(matches!(&t, Trigger::Enters(Subject::ThisOr(f)) if f.subtypes.len() == 1 && f.controller == ControllerFilter::You), "{t:?}");
    }

    #[test]
    fn put_into_whose_graveyard() {
        let (t, _) = trigger("Whenever an artifact or enchantment is put into your graveyard from the battlefield, you gain 1 life.", "Scrapheap", &[CardType::Artifact]);
        let filter = ObjectFilter { types_any: vec![CardType::Artifact, CardType::Enchantment], ..ObjectFilter::default() };
        assert_eq!(t, Trigger::PutIntoGraveyardOf { who: Subject::Matching { filter, another: false }, whose: Whose::You });
        let abilities = compile("Whenever a nontoken creature is put into your graveyard from the battlefield, create a 2/2 black Zombie creature token.\nWhen a creature is put into an opponent's graveyard from the battlefield, exile this creature.", "Magus of the Bridge", CREATURE).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(matches!(&abilities[1], Ability::Triggered { trigger, .. } if matches!(**trigger, Trigger::PutIntoGraveyardOf { whose: Whose::Opponent, .. })), "{abilities:?}");
        let (t, _) = trigger("When this creature is put into your graveyard from the battlefield, you may return it to your hand.", "Zodiac Dragon", CREATURE);
        assert_eq!(t, Trigger::PutIntoGraveyardOf { who: Subject::This, whose: Whose::You });
        // "… or an artifact card is put into your graveyard from anywhere other than the
        // battlefield" is not read.
        assert!(compile("Whenever another artifact is put into your graveyard from the battlefield or an artifact card is put into your graveyard from anywhere other than the battlefield, draw a card.", "Test Card", CREATURE).is_err());
    }

    #[test]
    fn dies_after_damage_by_this() {
        let creature = ObjectFilter { types_any: vec![CardType::Creature], ..ObjectFilter::default() };
        let (t, _) = trigger("Flying\nWhenever a creature dealt damage by this creature this turn dies, put a +1/+1 counter on this creature.", "Sengir Vampire", CREATURE);
        assert_eq!(t, Trigger::DiesDamagedByThis(Subject::Matching { filter: creature.clone(), another: false }));
        let (t, _) = trigger("Whenever a creature dealt damage by Rot Wolf this turn dies, you may draw a card.", "Rot Wolf", CREATURE);
        assert_eq!(t, Trigger::DiesDamagedByThis(Subject::Matching { filter: creature, another: false }));
        let (t, _) = trigger("Whenever a creature with flying dealt damage by this creature this turn dies, put a +1/+1 counter on this creature.", "Trophy Hunter", CREATURE);
        assert!(matches!(&t, Trigger::DiesDamagedByThis(Subject::Matching { filter, .. }) if filter.keyword == Some(crate::cards::ir::Keyword::Flying)), "{t:?}");
        // "that creature" after "dealt damage by enchanted creature" would be ambiguous: not read.
        assert!(compile("Enchant creature\nEnchanted creature gets +2/+2.\nWhenever a creature dealt damage by enchanted creature this turn dies, put a +1/+1 counter on that creature.", "Vampiric Embrace", &[CardType::Enchantment]).is_err());
    }

    #[test]
    fn attacks_whom() {
        use crate::cards::ir::{Amount, Instruction, Stat, StatOf};
        let (t, _) = trigger("Whenever a creature attacks you, its controller loses 1 life.", "Hissing Miasma", &[CardType::Enchantment]);
        assert!(matches!(t, Trigger::AttacksWhom { whose: Whose::You, planeswalkers: false, .. }), "{t:?}");
        let (t, _) = trigger("Whenever a creature attacks you or a planeswalker you control, that creature's controller loses 1 life and you gain 1 life.", "Revenge of Ravens", &[CardType::Enchantment]);
        assert!(matches!(t, Trigger::AttacksWhom { whose: Whose::You, planeswalkers: true, .. }), "{t:?}");
        let (t, _) = trigger("Whenever a creature attacks one of your opponents or a planeswalker an opponent controls, that creature gets +2/+0 until end of turn.", "Gahiji, Honored One", CREATURE);
        assert!(matches!(t, Trigger::AttacksWhom { whose: Whose::Opponent, planeswalkers: true, .. }), "{t:?}");
        // "this creature deals damage equal to its power": its own power, not the attacker's.
        let abilities = compile("Reach\nWhenever a creature with flying attacks you or a planeswalker you control, this creature deals damage equal to its power to that creature.", "Palazzo Archers", CREATURE).unwrap_or_else(|e| panic!("{e:?}"));
        let Ability::Triggered { effect, .. } = &abilities[1] else { panic!("{abilities:?}") };
        assert!(matches!(&effect.instructions[0], Instruction::DealDamage { amount: Amount::Stat { of: StatOf::This, stat: Stat::Power }, .. }), "{effect:?}");
        // "attacks a player and isn't blocked" is not read.
        assert!(compile("Whenever this creature attacks a player and isn't blocked, that player's life total becomes 1.", "Master of Cruelties", CREATURE).is_err());
    }

    #[test]
    fn state_triggers() {
        // 603.8: "When [a game state]" after "When", not "Whenever".
        let (t, _) = trigger("When you control no other creatures, sacrifice this creature.", "Emperor Crocodile", CREATURE);
        let creatures = ObjectFilter { types_any: vec![CardType::Creature], controller: ControllerFilter::You, ..ObjectFilter::default() };
        assert_eq!(t, Trigger::State(Condition::Controls { whose: Whose::You, filter: creatures, another: true, count: Cmp::AtMost(0) }));
        let (t, _) = trigger("Flying\nWhen you control no enchantments, sacrifice this creature.", "Tethered Griffin", CREATURE);
        assert!(matches!(t, Trigger::State(Condition::Controls { count: Cmp::AtMost(0), .. })), "{t:?}");
        // An event that doesn't read is not taken for a state.
        assert!(compile("Whenever you control no other creatures, sacrifice this creature.", "Test Card", CREATURE).is_err());
        assert!(compile("When you lose control of this artifact, draw a card.", "Test Card", &[CardType::Artifact]).is_err());
    }

    #[test]
    fn creatures_blocking_it() {
        use crate::cards::ir::{Affected, Amount, Counted, Instruction, TargetSpec};
        let effect = |text: &str, name: &str| {
            let abilities = compile(text, name, CREATURE).unwrap_or_else(|e| panic!("{name}: {e:?}"));
            abilities.into_iter().find_map(|a| if let Ability::Triggered { effect, .. } = a { Some(effect) } else { None }).unwrap_or_else(|| panic!("{name}"))
        };
        let e = effect("Whenever this creature becomes blocked, it gets +1/+1 until end of turn for each creature blocking it.", "Elvish Berserker");
        assert!(matches!(&e.instructions[0], Instruction::Pump { power: Amount::Count { each: 1, what: Counted::BlockersOf { beyond_first: false, .. } }, .. }), "{e:?}");
        let e = effect("Whenever this creature becomes blocked, each creature blocking it gets -1/-1 until end of turn.", "Plague Wight");
        assert!(matches!(&e.instructions[0], Instruction::Pump { what: Affected::EachPermanent(f), .. } if f.blocking_source), "{e:?}");
        let e = effect("Haste\nWhenever this creature becomes blocked, it deals 1 damage to target creature blocking it.", "Goblin Javelineer");
        assert!(matches!(&e.targets[0].spec, TargetSpec::Permanent(f) if f.blocking_source), "{e:?}");
        // "it" is the creature that became blocked, not the source: counted for that creature.
        let e = effect("Whenever a creature you control becomes blocked, it gets +3/+3 until end of turn for each creature blocking it.", "General Marhault Elsdragon");
        assert!(matches!(&e.instructions[0], Instruction::Pump { power: Amount::Count { each: 3, what: Counted::BlockersOf { of: crate::cards::ir::StatOf::TriggerObject, beyond_first: false } }, what: Affected::TriggerObject, .. }), "{e:?}");
        // "… beyond the first" outside rampage (Johtull Wurm): see amount_tests.
    }

    #[test]
    fn delayed_when_that_creature_dies() {
        use crate::cards::ir::{Affected, Instruction};
        let abilities = compile("Target creature gets +1/+0 until end of turn. When that creature dies this turn, create a 3/2 red and white Spirit creature token.", "Make Your Mark", &[CardType::Instant]).unwrap_or_else(|e| panic!("{e:?}"));
        let Ability::Spell(effect) = &abilities[0] else { panic!("{abilities:?}") };
        assert!(matches!(&effect.instructions[1], Instruction::DelayedDies { link: Affected::Target(0), instructions } if matches!(instructions[..], [Instruction::CreateTokens { .. }])), "{effect:?}");
        let abilities = compile("Target creature gets +3/+0 until end of turn. When it dies this turn, manifest dread.", "Turn Inside Out", &[CardType::Instant]).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(matches!(&abilities[0], Ability::Spell(e) if matches!(e.instructions[1], Instruction::DelayedDies { .. })), "{abilities:?}");
        // A delayed effect about the creature or the targets is not read.
        assert!(compile("Put a -1/-1 counter on target creature. When that creature dies this turn, its controller gets a poison counter.", "Virulent Wound", &[CardType::Instant]).is_err());
        assert!(compile("Searing Blood deals 2 damage to target creature. When that creature dies this turn, Searing Blood deals 3 damage to the creature's controller.", "Searing Blood", &[CardType::Instant]).is_err());
    }

    #[test]
    fn intervening_conditions_of_real_cards() {
        let (_, c) = trigger("Raid — When this creature enters, if you attacked this turn, this creature deals 2 damage to any target.", "Mardu Heart-Piercer", CREATURE);
        assert_eq!(c, Some(Condition::AttackedThisTurn));
        let (_, c) = trigger("Kicker {W}\nWhen this creature enters, if it was kicked, destroy target artifact or enchantment.", "Kor Sanctifiers", CREATURE);
        assert_eq!(c, Some(Condition::Kicked));
        let (_, c) = trigger("At the beginning of your upkeep, if you control another nonland permanent, sacrifice this creature.", "Reclusive Wight", CREATURE);
        let other = ObjectFilter { types_none: vec![CardType::Land], controller: ControllerFilter::You, ..ObjectFilter::default() };
        assert_eq!(c, Some(Condition::Controls { whose: Whose::You, filter: other, another: true, count: Cmp::AtLeast(1) }));
        let (_, c) = trigger("Reach\nWhen this creature enters, if there are three or more creature cards in your graveyard, you gain 5 life.", "Webweaver Changeling", CREATURE);
        assert!(matches!(c, Some(Condition::CardsInGraveyard { count: Cmp::AtLeast(3), .. })), "{c:?}");
        // "it" after a trigger about another object is that object, which no condition names.
        let e = compile("Whenever another creature you control enters, if it's attacking, draw a card.", "Test Card", CREATURE).unwrap_err();
        assert!(e[0].message.contains("a condition about the source"), "{e:?}");
    }
}
