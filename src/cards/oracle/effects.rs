//! Effects: sentences of instructions joined by "and" / ", then" (608.2c), each instruction
//! one of the IR's verbs ("deals N damage to …", "Destroy …", "Draw N cards", …).

use super::lexer::{PtPart, Tok};
use super::mana;
use super::parser::{Fail, PResult, Parser};
use super::targets::{kinds, parse_affected, parse_target};
use crate::cards::ir::{Affected, Amount, Instruction, TargetSpec};

/// Verbs that can start a clause with no subject (imperative, the subject being "you") or
/// continue a shared subject after "and" ("draws two cards and loses 2 life").
const VERBS: [&str; 18] = [
    "destroy", "exile", "counter", "tap", "untap", "add", "draw", "draws", "discard", "discards", "gain", "gains",
    "lose", "loses", "deal", "deals", "get", "gets",
];

fn at_verb(p: &Parser<'_>) -> bool {
    p.word().is_some_and(|w| VERBS.contains(&w.as_str()))
}

/// Parses sentences until the end of the line, appending instructions to `p.effect`.
///
/// Returns every sentence's failure; after a failure the parser skips to the next sentence,
/// so later sentences are still checked.
pub fn parse_sentences(p: &mut Parser<'_>) -> Vec<Fail> {
    let mut fails = Vec::new();
    while !p.at_end() {
        let mark = p.mark();
        match parse_sentence(p) {
            Ok(mut instrs) => p.effect.instructions.append(&mut instrs),
            Err(f) => {
                // Targets declared by a sentence that failed would shift the indices of the
                // ones after it; drop them with the sentence.
                p.reset(mark);
                p.pos = f.at.max(mark.0);
                p.skip_sentence();
                fails.push(f);
            }
        }
    }
    fails
}

/// One sentence: clauses joined by "and" / ", then" / ", and", ending with "." or the line.
pub fn parse_sentence(p: &mut Parser<'_>) -> PResult<Vec<Instruction>> {
    let mut out = Vec::new();
    let mut subject: Option<Affected> = None;
    loop {
        subject = Some(parse_clause(p, subject.take(), &mut out)?);
        if p.eat_punct('.') || p.at_end() {
            return Ok(out);
        }
        if p.at_punct(',') && p.peek_at(1).is_some_and(|t| t.is_word("then") || t.is_word("and")) {
            p.pos += 2;
        } else if !p.eat_word("and") {
            return Err(p.fail("\".\", \"and\" or \", then\""));
        }
    }
}

/// One clause: `[subject] verb …`. Without a subject, the subject is the previous clause's
/// ("draws two cards and loses 2 life") or, at the start of a sentence, "you".
fn parse_clause(p: &mut Parser<'_>, inherited: Option<Affected>, out: &mut Vec<Instruction>) -> PResult<Affected> {
    let subject_at = p.pos;
    let subject = if at_verb(p) { inherited.unwrap_or(Affected::You) } else { parse_affected(p)? };
    parse_predicate(p, subject.clone(), subject_at, out)?;
    Ok(subject)
}

/// The verb phrase of a clause, given its subject.
fn parse_predicate(p: &mut Parser<'_>, subject: Affected, subject_at: usize, out: &mut Vec<Instruction>) -> PResult<()> {
    let verb_at = p.pos;
    let Some(verb) = p.word() else { return Err(p.fail("a verb")) };
    let player_subject = || -> PResult<Affected> {
        if kinds(p, &subject).player {
            Ok(subject.clone())
        } else {
            Err(Fail { at: verb_at, expected: "a verb this subject can take (\"gets\", \"deals\")".into() })
        }
    };
    let imperative = subject == Affected::You;
    match verb.as_str() {
        "destroy" | "exile" | "tap" | "untap" if imperative => {
            p.bump();
            let make = |what| match verb.as_str() {
                "destroy" => Instruction::Destroy(what),
                "exile" => Instruction::Exile(what),
                "tap" => Instruction::Tap(what),
                _ => Instruction::Untap(what),
            };
            out.push(make(object(p)?));
            // "Destroy target land you control and target land you don't control."
            while let Some(what) = and_more(p, object) {
                out.push(make(what));
            }
        }
        "counter" if imperative => {
            p.bump();
            let at = p.pos;
            let what = parse_affected(p)?;
            if !kinds(p, &what).spell {
                return Err(Fail { at, expected: "a spell (\"target spell\", \"target creature spell\")".into() });
            }
            out.push(Instruction::Counter(what));
        }
        "add" if imperative => {
            p.bump();
            out.push(add_mana(p)?);
        }
        "draw" | "draws" | "discard" | "discards" => {
            let who = player_subject()?;
            p.bump();
            let count = amount(p)?;
            if !(p.eat_word("card") || p.eat_word("cards")) {
                return Err(p.fail("\"cards\""));
            }
            out.push(if verb.starts_with("draw") {
                Instruction::Draw { who, count }
            } else {
                Instruction::Discard { who, count }
            });
        }
        "gain" | "gains" | "lose" | "loses" => {
            let who = player_subject()?;
            p.bump();
            let amount = amount(p)?;
            p.expect_words(&["life"])?;
            out.push(if verb.starts_with("gain") {
                Instruction::GainLife { who, amount }
            } else {
                Instruction::LoseLife { who, amount }
            });
        }
        "deal" | "deals" => {
            if subject != Affected::This {
                return Err(Fail {
                    at: subject_at,
                    expected: "the card itself as the source of damage (its name or \"this …\")".into(),
                });
            }
            p.bump();
            let amount = amount(p)?;
            p.expect_words(&["damage", "to"])?;
            out.push(Instruction::DealDamage { amount, to: recipient(p)? });
            // "to each creature and each player": more recipients of the same damage.
            while let Some(to) = and_more(p, |p| {
                p.eat_word("to");
                recipient(p)
            }) {
                out.push(Instruction::DealDamage { amount, to });
            }
        }
        "get" | "gets" => {
            if !kinds(p, &subject).permanent {
                return Err(Fail { at: subject_at, expected: "a creature to get +N/+N".into() });
            }
            p.bump();
            let Some(Tok::PtMod(pw, th)) = p.peek().map(|t| t.tok.clone()) else {
                return Err(p.fail("a power/toughness change such as +3/+3"));
            };
            p.bump();
            p.expect_words(&["until", "end", "of", "turn"])?;
            out.push(Instruction::Pump { what: subject, power: pt_amount(pw), toughness: pt_amount(th) });
        }
        _ => {
            return Err(p.fail(
                "an instruction (deals N damage, destroy, exile, counter, draw, discard, gain/lose life, gets +N/+N, tap, untap, add mana)",
            ));
        }
    }
    Ok(())
}

/// After a verb's object: "and <another object>", when what follows "and" is an object and
/// not the start of the next clause ("and you gain 2 life"). Consumes nothing otherwise.
fn and_more(p: &mut Parser<'_>, object: impl Fn(&mut Parser<'_>) -> PResult<Affected>) -> Option<Affected> {
    let mark = p.mark();
    if !p.eat_word("and") {
        return None;
    }
    match object(p) {
        Ok(what) if !at_verb(p) => Some(what),
        _ => {
            p.reset(mark);
            None
        }
    }
}

/// The object of "Destroy" / "Exile" / "Tap" / "Untap": a permanent.
fn object(p: &mut Parser<'_>) -> PResult<Affected> {
    let at = p.pos;
    let what = parse_affected(p)?;
    if kinds(p, &what).permanent {
        Ok(what)
    } else {
        Err(Fail { at, expected: "a permanent (\"target creature\", \"all creatures\", …)".into() })
    }
}

/// Who or what is dealt damage: "any target", "target …", "each opponent", "each creature", …
fn recipient(p: &mut Parser<'_>) -> PResult<Affected> {
    if p.eat_words(&["any", "target"]) {
        return Ok(Affected::Target(p.declare(TargetSpec::Any)));
    }
    let at = p.pos;
    if p.eat_word("target") {
        return Ok(Affected::Target(parse_target(p)?));
    }
    let who = parse_affected(p)?;
    let k = kinds(p, &who);
    if k.player || k.permanent {
        Ok(who)
    } else {
        Err(Fail { at, expected: "a player, creature, planeswalker or battle to deal damage to".into() })
    }
}

/// After "Add": fixed mana symbols ("{G}", "{C}{C}") or "one mana of any color".
fn add_mana(p: &mut Parser<'_>) -> PResult<Instruction> {
    if p.eat_words(&["one", "mana", "of", "any", "color"]) {
        return Ok(Instruction::AddManaAnyColor { count: 1 });
    }
    let mut kinds = Vec::new();
    while let Some(Tok::Symbol(s)) = p.peek().map(|t| t.tok.clone()) {
        match mana::symbol(&s).and_then(mana::produced_kind) {
            Some(k) => kinds.push(k),
            None => return Err(p.fail("a colored or {C} mana symbol")),
        }
        p.bump();
    }
    if kinds.is_empty() {
        return Err(p.fail("mana symbols such as {G} or \"one mana of any color\""));
    }
    Ok(Instruction::AddMana(kinds))
}

/// A count: digits, "X", or a number word ("a", "two").
pub fn amount(p: &mut Parser<'_>) -> PResult<Amount> {
    const EXPECTED: &str = "a number (2, X, \"a\", \"two\")";
    let Some(t) = p.peek() else { return Err(p.fail(EXPECTED)) };
    let n = match &t.tok {
        Tok::Number(n) => i32::try_from(*n).ok(),
        Tok::Word(w) if w == "X" => {
            p.bump();
            return Ok(Amount::X);
        }
        Tok::Word(w) => number_word(&w.to_ascii_lowercase()),
        _ => None,
    };
    match n {
        Some(n) => {
            p.bump();
            Ok(Amount::Fixed(n))
        }
        None => Err(p.fail(EXPECTED)),
    }
}

fn number_word(w: &str) -> Option<i32> {
    const WORDS: [&str; 10] = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
    if w == "a" || w == "an" {
        return Some(1);
    }
    WORDS.iter().position(|x| *x == w).and_then(|i| i32::try_from(i + 1).ok())
}

fn pt_amount(part: PtPart) -> Amount {
    match part {
        PtPart::Fixed(n) => Amount::Fixed(n),
        PtPart::PlusX => Amount::X,
        PtPart::MinusX => Amount::MinusX,
    }
}
