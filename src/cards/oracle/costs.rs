//! Costs of activated abilities (602.1, 118): mana, `{T}`, "Sacrifice this …", "Pay N life",
//! separated by commas and ended by the colon.

use super::lexer::Tok;
use super::mana;
use super::parser::{PResult, Parser};
use super::targets::eat_self_ref;
use crate::cards::ir::Cost;

const EXPECTED: &str = "a cost ({mana}, {T}, \"Sacrifice this …\" or \"Pay N life\")";

/// Parses `cost[, cost]*:` and consumes the colon.
pub fn parse_cost(p: &mut Parser<'_>) -> PResult<Cost> {
    let mut cost = Cost::default();
    loop {
        parse_cost_item(p, &mut cost)?;
        if p.eat_punct(':') {
            return Ok(cost);
        }
        if !p.eat_punct(',') {
            return Err(p.fail("\",\" or \":\" after a cost"));
        }
    }
}

fn parse_cost_item(p: &mut Parser<'_>, cost: &mut Cost) -> PResult<()> {
    let Some(t) = p.peek() else { return Err(p.fail(EXPECTED)) };
    match t.tok.clone() {
        Tok::Symbol(s) if s == "T" => {
            if cost.tap {
                return Err(p.fail(EXPECTED));
            }
            cost.tap = true;
            p.bump();
        }
        Tok::Symbol(_) => {
            // A run of mana symbols such as {1}{G}.
            while let Some(Tok::Symbol(s)) = p.peek().map(|t| t.tok.clone()) {
                if s == "T" {
                    break;
                }
                let Some(sym) = mana::symbol(&s) else {
                    return Err(p.fail("a mana symbol the engine supports ({2}, {G}, {C}, {X})"));
                };
                if !mana::add_to_cost(&mut cost.mana, sym) {
                    return Err(p.fail("a smaller generic cost"));
                }
                p.bump();
            }
        }
        Tok::Word(w) if w.eq_ignore_ascii_case("sacrifice") => {
            p.bump();
            if cost.sacrifice_self || !eat_self_ref(p) {
                return Err(p.fail("\"this creature\" (or another reference to this card) to sacrifice"));
            }
            cost.sacrifice_self = true;
        }
        Tok::Word(w) if w.eq_ignore_ascii_case("pay") => {
            p.bump();
            let Some(Tok::Number(n)) = p.peek().map(|t| t.tok.clone()) else {
                return Err(p.fail("a number of life to pay"));
            };
            p.bump();
            p.expect_words(&["life"])?;
            cost.pay_life = cost.pay_life.saturating_add(n);
        }
        _ => return Err(p.fail(EXPECTED)),
    }
    Ok(())
}
