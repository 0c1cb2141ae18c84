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

#[cfg(test)]
mod tests {
    use super::super::test_util::{ARTIFACT, CREATURE, LAND, errs, ok};
    use crate::cards::ir::{Ability, CardType, Condition, Instruction, MeldPartner};

    fn partner(t: CardType, name: &str) -> MeldPartner {
        MeldPartner { card_type: t, name: name.to_owned() }
    }

    /// Graf Rats and Gisela: the intervening "if" is the meld condition (603.4, 712.4a), and
    /// "them" in the instruction are the two permanents it names — a name with a comma in it too.
    #[test]
    fn meld_triggers_of_real_cards() {
        let a = ok("At the beginning of combat on your turn, if you both own and control this creature and a creature named Midnight Scavengers, exile them, then meld them into Chittering Host.", "Graf Rats", CREATURE);
        let Ability::Triggered { condition, effect, .. } = &a[0] else { panic!("{a:?}") };
        assert_eq!(condition, &Some(Condition::OwnAndControl(partner(CardType::Creature, "Midnight Scavengers"))));
        assert_eq!(effect.instructions, vec![Instruction::Meld { partner: partner(CardType::Creature, "Midnight Scavengers"), into: "Chittering Host".into() }]);
        let a = ok("Flying, first strike, lifelink\nAt the beginning of your end step, if you both own and control Gisela and a creature named Bruna, the Fading Light, exile them, then meld them into Brisela, Voice of Nightmares.", "Gisela, the Broken Blade", CREATURE);
        let Ability::Triggered { effect, .. } = &a[3] else { panic!("{a:?}") };
        assert_eq!(effect.instructions, vec![Instruction::Meld { partner: partner(CardType::Creature, "Bruna, the Fading Light"), into: "Brisela, Voice of Nightmares".into() }]);
    }

    /// Hanweir Battlements: the condition is the instruction's own, checked on resolution.
    #[test]
    fn meld_activated_ability_of_a_land() {
        let a = ok("{3}{R}{R}, {T}: If you both own and control this land and a creature named Hanweir Garrison, exile them, then meld them into Hanweir, the Writhing Township.", "Hanweir Battlements", LAND);
        let Ability::Activated { effect, .. } = &a[0] else { panic!("{a:?}") };
        assert_eq!(effect.instructions, vec![Instruction::Meld { partner: partner(CardType::Creature, "Hanweir Garrison"), into: "Hanweir, the Writhing Township".into() }]);
    }

    /// "Them" with no meld condition before it names nothing: unread, never guessed.
    #[test]
    fn meld_without_its_condition_is_refused() {
        let e = errs("{T}: Exile them, then meld them into Chittering Host.", "Test Card", ARTIFACT);
        assert!(e[0].2.contains("if you both own and control"), "{e:?}");
        // Mishra's condition ("are attacking, and you both own and control them") is another
        // shape, left unread.
        errs("Whenever you attack, if Mishra, Claimed by Gix and a creature named Phyrexian Dragon Engine are attacking, and you both own and control them, exile them, then meld them into Mishra, Lost to Phyrexia.", "Mishra, Claimed by Gix", CREATURE);
    }

    /// Keys to the House and Ghostly Keybearer: effects that lock or unlock doors (709.5f–g).
    #[test]
    fn lock_and_unlock_doors_of_real_cards() {
        let a = ok("{3}, {T}, Sacrifice this artifact: Lock or unlock a door of target Room you control. Activate only as a sorcery.", "Keys to the House", ARTIFACT);
        let Ability::Activated { effect, .. } = &a[0] else { panic!("{a:?}") };
        assert!(matches!(effect.instructions.as_slice(), [Instruction::LockOrUnlock { lock: true, .. }]), "{a:?}");
        let a = ok("Flying\nWhenever this creature deals combat damage to a player, unlock a locked door of up to one target Room you control.", "Ghostly Keybearer", CREATURE);
        let Ability::Triggered { effect, .. } = &a[1] else { panic!("{a:?}") };
        assert!(matches!(effect.instructions.as_slice(), [Instruction::LockOrUnlock { lock: false, .. }]), "{a:?}");
        assert_eq!(effect.targets[0].min, 0);
    }
}
