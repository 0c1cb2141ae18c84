//! Static lines of permanents that are replacement effects applying as the permanent enters
//! the battlefield (614.1c, 614.1d, 614.12): "This land enters tapped.", "This creature enters
//! with two +1/+1 counters on it." The engine applies them in `engine::enter`.

use super::lexer::{PtPart, Tok};
use super::parser::{PResult, Parser};
use super::targets::eat_self_ref;
use crate::cards::ir::{Ability, CounterKind};
use super::effects::amount;
use crate::cards::ir::Amount;

/// Whether the line starts "[this permanent] enters" (its name or "this creature/land/…").
#[must_use]
pub fn is_enters_line(p: &Parser<'_>) -> bool {
    let mut probe = Parser::new(p.text, p.toks.clone(), crate::cards::ir::Effect::default(), false);
    eat_self_ref(&mut probe) && probe.at_word("enters")
}

/// Parses "[this permanent] enters [the battlefield] tapped." or "… enters with N +1/+1
/// counters on it." — the whole line.
pub fn parse_enters_line(p: &mut Parser<'_>) -> PResult<Ability> {
    if !(eat_self_ref(p) && p.eat_word("enters")) {
        return Err(p.fail("\"this permanent enters …\""));
    }
    p.eat_words(&["the", "battlefield"]);
    let ability = if p.eat_word("tapped") {
        Ability::EntersTapped
    } else if p.eat_word("with") {
        let count = match amount(p)? {
            Amount::Fixed(n) if n > 0 => n.unsigned_abs(),
            _ => return Err(p.fail("a fixed number of counters")),
        };
        let kind = counter_kind(p).ok_or_else(|| p.fail("\"+1/+1\" or \"-1/-1\""))?;
        p.bump();
        if !(p.eat_word("counter") || p.eat_word("counters")) {
            return Err(p.fail("\"counters\""));
        }
        p.expect_words(&["on", "it"])?;
        Ability::EntersWithCounters { kind, count }
    } else {
        return Err(p.fail("\"tapped\" or \"with N +1/+1 counters on it\""));
    };
    if !(p.eat_punct('.') && p.at_end() || p.at_end()) {
        return Err(p.fail("the end of the sentence"));
    }
    Ok(ability)
}

/// The counter kind at the cursor ("+1/+1", "-1/-1"), without consuming it.
#[must_use]
pub fn counter_kind(p: &Parser<'_>) -> Option<CounterKind> {
    match p.peek().map(|t| &t.tok) {
        Some(Tok::PtMod(PtPart::Fixed(1), PtPart::Fixed(1))) => Some(CounterKind::PlusOne),
        Some(Tok::PtMod(PtPart::Fixed(-1), PtPart::Fixed(-1))) => Some(CounterKind::MinusOne),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, CardType, CounterKind, Keyword};

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
            vec![Ability::EntersWithCounters { kind: CounterKind::PlusOne, count: 2 }]
        );
        assert_eq!(
            ok("Flying\nThis creature enters with a -1/-1 counter on it.", "Weakling", CREATURE),
            vec![Ability::Keyword(Keyword::Flying), Ability::EntersWithCounters { kind: CounterKind::MinusOne, count: 1 }]
        );
    }

    #[test]
    fn other_enters_lines_are_errors() {
        let e = errs("This creature enters with a +1/+1 counter on it for each opponent.", "Counter Guy", CREATURE);
        assert_eq!(e.len(), 1);
        assert!(e[0].2.contains("the end of the sentence"), "{e:?}");
        let e = errs("This creature enters flying.", "Odd", CREATURE);
        assert!(e[0].2.contains("\"tapped\" or"), "{e:?}");
    }
}
