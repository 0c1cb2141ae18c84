//! Compiler tests on real Oracle text for the optional costs chosen as a spell is cast and
//! the abilities linked to them: bargain (702.166), gift (702.174) and offspring (702.175).

use super::test_util::*;
use crate::cards::ir::{Ability, Affected, Amount, Condition, Gift, Instruction, ManaCost, Trigger};

fn spell(a: &[Ability]) -> &[Instruction] {
    match a.last() {
        Some(Ability::Spell(e)) => &e.instructions,
        other => panic!("{other:?}"),
    }
}

#[test]
fn bargain_and_its_conditions() {
    // 702.166a: the keyword alone; "If this spell was bargained, … instead" (608.2c).
    let grapple = ok("Bargain (You may sacrifice an artifact, enchantment, or token as you cast this spell.)\nTarget creature gets -3/-3 until end of turn. If this spell was bargained, that creature gets -5/-5 until end of turn instead.", "Candy Grapple", INSTANT);
    assert_eq!(grapple[0], Ability::Bargain);
    let [Instruction::IfHolds { condition: Condition::Bargained, instructions, otherwise }] = spell(&grapple) else { panic!("{grapple:?}") };
    assert!(matches!(instructions.as_slice(), [Instruction::Pump { what: Affected::Target(0), power: Amount::Fixed(-5), toughness: Amount::Fixed(-5) }]));
    assert!(matches!(otherwise.as_slice(), [Instruction::Pump { what: Affected::Target(0), power: Amount::Fixed(-3), toughness: Amount::Fixed(-3) }]));
    // "When this creature enters, if it was bargained, …": an intervening "if" (603.4).
    let fae = ok("Bargain (You may sacrifice an artifact, enchantment, or token as you cast this spell.)\nFlying\nWhen this creature enters, if it was bargained, each opponent loses 3 life and you gain 3 life.", "High Fae Negotiator", CREATURE);
    assert!(matches!(&fae[2], Ability::Triggered { trigger, condition: Some(Condition::Bargained), .. } if **trigger == Trigger::Enters(crate::cards::ir::Subject::This)));
    // Only about how this permanent was cast: not after another trigger event.
    assert!(!errs("Bargain\nWhenever another creature enters, if it was bargained, draw a card.", "Odd Bargainer", CREATURE).is_empty());
    // A bargained part with targets of its own (702.166d) is not read.
    assert!(!errs("Bargain\nDraw a card. If this spell was bargained, destroy target creature.", "Odd Deal", SORCERY).is_empty());
    // "it was bargained" after an instruction could name that instruction's object.
    assert!(!errs("Bargain\nTap target creature. If it was bargained, draw a card.", "Odd Deal", SORCERY).is_empty());
    // "This spell costs {1} less to cast if it's bargained." is not read (a conditional
    // reduction of its own cost).
    assert!(!errs("Bargain\nThis spell costs {1} less to cast if it's bargained.\nCounter target spell.", "Ice Out", INSTANT).is_empty());
}

#[test]
fn gift_kinds_and_promised_conditions() {
    // 702.174d–i: each defined gift; the second ability is the engine's.
    for (line, g) in [("Gift a Food", Gift::Food), ("Gift a card", Gift::Card), ("Gift a tapped Fish", Gift::TappedFish), ("Gift an extra turn", Gift::ExtraTurn), ("Gift a Treasure", Gift::Treasure), ("Gift an Octopus", Gift::Octopus)] {
        let a = ok(&format!("{line} (You may promise an opponent a gift as you cast this spell.)\nDraw a card."), "Odd Gift", SORCERY);
        assert_eq!(a[0], Ability::Gift(g), "{line}");
    }
    // The gift is given to the chosen player, the one the ability is for.
    assert!(matches!(Gift::Card.instructions().as_slice(), [Instruction::Draw { who: Affected::TriggerPlayer, count: Amount::Fixed(1) }]));
    assert!(matches!(Gift::TappedFish.instructions().as_slice(), [Instruction::CreateTokens { who: Affected::TriggerPlayer, tapped: true, .. }]));
    assert!(matches!(Gift::ExtraTurn.instructions().as_slice(), [Instruction::ExtraTurn(Affected::TriggerPlayer)]));
    // A gift the rules don't define (an Alchemy card's) is not read.
    assert!(!errs("Gift a Rhystic Study\nDraw a card.", "Archival Whorl", SORCERY).is_empty());
    // "If the gift wasn't promised, you lose 2 life." (702.174k)
    let hunger = ok("Gift a Food (You may promise an opponent a gift as you cast this spell. If you do, they create a Food token before its other effects. It's an artifact with \"{2}, {T}, Sacrifice this token: You gain 3 life.\")\nDestroy target creature. If the gift wasn't promised, you lose 2 life.", "Nocturnal Hunger", INSTANT);
    assert!(matches!(spell(&hunger), [Instruction::Destroy(Affected::Target(0)), Instruction::IfHolds { condition: Condition::GiftPromised(false), instructions, .. }] if matches!(instructions.as_slice(), [Instruction::LoseLife { who: Affected::You, amount: Amount::Fixed(2) }])));
    // On a permanent, an intervening "if" of its enters trigger.
    let scrap = ok("Gift a card (You may promise an opponent a gift as you cast this spell. If you do, when it enters, they draw a card.)\nReach\nWhen this creature enters, if the gift was promised, destroy target artifact or enchantment an opponent controls.", "Scrapshooter", CREATURE);
    assert!(matches!(&scrap[2], Ability::Triggered { condition: Some(Condition::GiftPromised(true)), .. }));
    // A promised part with targets of its own (702.174m) is not read.
    assert!(!errs("Gift a card\nCounter target creature spell. If the gift was promised, instead counter target spell.", "Long River's Pull", INSTANT).is_empty());
}

#[test]
fn offspring_cost() {
    // 702.175a: "Offspring {2}" on a permanent.
    let rampager = ok("Offspring {2} (You may pay an additional {2} as you cast this spell. If you do, when this creature enters, create a 1/1 token copy of it.)\nThis creature can't be blocked by creatures with power 2 or less.", "Rust-Shield Rampager", CREATURE);
    assert_eq!(rampager[0], Ability::Offspring(ManaCost { generic: 2, ..ManaCost::default() }));
    // Its trigger makes a 1/1 token copy of the permanent (707.9b).
    let Some(effect) = rampager[0].engine_trigger_effect() else { panic!() };
    assert!(matches!(effect.instructions.as_slice(), [Instruction::CreateTokenCopy { who: Affected::You, of: Affected::This, except }] if except.pt == Some((1, 1))));
    // On an instant or sorcery, offspring means nothing: not read.
    assert!(!errs("Offspring {2}\nDraw a card.", "Odd Offspring", SORCERY).is_empty());
}

#[test]
fn it_after_enchanted_creature_is_not_the_source() {
    // "put three stun counters on it": "it" is the enchanted creature, not the Aura; which
    // one is meant is not told apart, so the sentence stays unread.
    assert!(!errs("Enchant creature\nWhen this Aura enters, tap enchanted creature. Put three stun counters on it.", "Odd Kitnap", &[crate::cards::ir::CardType::Enchantment]).is_empty());
}

#[test]
fn myriad_is_a_triggered_keyword() {
    use crate::cards::ir::Keyword;
    // 702.116a, with its reminder text; two instances trigger separately (702.116b).
    let patrol = ok("Myriad (Whenever this creature attacks, for each opponent other than defending player, you may create a token copy that's tapped and attacking that player or a planeswalker they control. Exile the tokens at end of combat.)", "Wyrm's Crossing Patrol", CREATURE);
    assert_eq!(patrol, vec![Ability::Keyword(Keyword::Myriad)]);
    assert_eq!(ok("Myriad, myriad", "Scurry of Squirrels", CREATURE), vec![Ability::Keyword(Keyword::Myriad), Ability::Keyword(Keyword::Myriad)]);
    assert!(Keyword::Myriad.is_triggered());
    assert_eq!(Keyword::Myriad.trigger_effect().instructions, vec![Instruction::Myriad]);
}

#[test]
fn warp_is_an_alternative_cost_of_permanent_cards() {
    // 702.185a.
    let mechan = ok("Haste\nWarp {1}{R} (You may cast this card from your hand for its warp cost. Exile this creature at the beginning of the next end step, then you may cast it from exile on a later turn.)", "Red Tiger Mechan", CREATURE);
    assert_eq!(mechan[1], Ability::Warp(ManaCost { generic: 1, colored: [0, 0, 0, 1, 0], ..ManaCost::default() }));
    // X in a warp cost would be announced for a cost the mana cost doesn't have: not read.
    assert!(!errs("Warp {X}{G}\nFlying", "Odd Warper", CREATURE).is_empty());
    // Not on instants and sorceries.
    assert!(!errs("Warp {1}{R}\nDraw a card.", "Odd Warp", SORCERY).is_empty());
}
