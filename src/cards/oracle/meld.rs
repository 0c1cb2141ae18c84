//! Melding (701.42, 712.4): a meld ability's condition, "you both own and control this
//! creature and a creature named N", and its instruction, "exile them, then meld them into M".
//! "Them" are the two permanents the condition names, so the instruction carries the partner
//! the condition read (`Parser::meld_partner`).

use super::parser::{Fail, PResult, Parser};
use crate::cards::ir::{CardType, Condition, Instruction, MeldPartner};

/// After "if": "you both own and control [this] and a [type] named [name]". The name ends at
/// the comma before the next clause ("exile them", "you may pay").
///
/// # Errors
/// Words outside that shape.
pub(super) fn own_and_control(p: &mut Parser<'_>) -> PResult<Condition> {
    p.expect_words(&["you", "both", "own", "and", "control"])?;
    if !super::targets::eat_self_ref(p) {
        return Err(p.fail("this permanent (\"this creature\" or its name)"));
    }
    p.expect_words(&["and"])?;
    if !(p.eat_word("a") || p.eat_word("an")) {
        return Err(p.fail("\"a\" or \"an\""));
    }
    let at = p.pos;
    let card_type = p.peek().and_then(|t| t.word()).and_then(|w| CardType::from_name(&w)).ok_or_else(|| Fail { at, expected: "a card type (\"a creature named …\")".into() })?;
    p.bump();
    p.expect_words(&["named"])?;
    let first = p.pos;
    let ends = |p: &Parser<'_>, i: usize| p.toks[i].is_punct(',') && p.toks.get(i + 1).is_some_and(|t| t.is_word("exile") || t.is_word("you"));
    let Some(end) = (first..p.toks.len()).find(|&i| ends(p, i)) else { return Err(p.fail("a card name and \", exile them\"")) };
    if end == first {
        return Err(p.fail("a card name"));
    }
    let name = p.text[p.toks[first].start..p.toks[end - 1].end].to_owned();
    p.pos = end;
    let partner = MeldPartner { card_type, name };
    p.meld_partner = Some(partner.clone());
    Ok(Condition::OwnAndControl(partner))
}

/// "exile them, then meld them into [name]." after a meld condition of the same ability.
/// `None`, consuming nothing, when the sentence doesn't begin so.
pub(super) fn meld_sentence(p: &mut Parser<'_>) -> Option<PResult<Instruction>> {
    let comma = usize::from(p.peek_at(2).is_some_and(|t| t.is_punct(',')));
    if !(p.at_words(&["exile", "them"]) && p.peek_at(2 + comma).is_some_and(|t| t.is_word("then")) && p.peek_at(3 + comma).is_some_and(|t| t.is_word("meld"))) {
        return None;
    }
    let start = p.pos;
    let Some(partner) = p.meld_partner.clone() else {
        return Some(Err(Fail { at: start, expected: "a condition naming the two permanents \"them\" means (\"if you both own and control …\")".into() }));
    };
    p.expect_words(&["exile", "them"]).ok()?;
    p.eat_punct(',');
    if let Err(f) = p.expect_words(&["then", "meld", "them", "into"]) {
        return Some(Err(f));
    }
    let first = p.pos;
    let end = (first..p.toks.len()).find(|&i| p.toks[i].is_punct('.')).unwrap_or(p.toks.len());
    if end == first {
        return Some(Err(p.fail("the name of the melded permanent")));
    }
    let into = p.text[p.toks[first].start..p.toks[end - 1].end].to_owned();
    p.pos = end;
    p.eat_punct('.');
    Some(Ok(Instruction::Meld { partner, into }))
}
