//! Conditions about how the resolving spell was cast, and "… instead" after them (608.2c), on
//! real Oracle text.

use super::test_util::*;
use crate::cards::ir::{Ability, Amount, CardType::*, Cmp, Color, Condition, Instruction, SpellFact};

fn if_holds(a: &[Ability]) -> (&Condition, &[Instruction], &[Instruction]) {
    let Some(Ability::Spell(e)) = a.first() else { panic!("{a:?}") };
    let Some(Instruction::IfHolds { condition, instructions, otherwise }) = e.instructions.last() else { panic!("{e:?}") };
    (condition, instructions, otherwise)
}

#[test]
fn addendum_replaces_the_first_pump() {
    let a = ok("Target creature gets +2/+2 until end of turn. If you cast this spell during your main phase, that creature gets +4/+4 until end of turn instead.", "Might of Old Krosa", &[Instant]);
    let (c, then, otherwise) = if_holds(&a);
    assert_eq!(*c, Condition::Spell(SpellFact::CastInYourMainPhase));
    assert!(matches!(then, [Instruction::Pump { power: Amount::Fixed(4), .. }]), "{then:?}");
    assert!(matches!(otherwise, [Instruction::Pump { power: Amount::Fixed(2), .. }]), "{otherwise:?}");
}

#[test]
fn damage_instead_keeps_the_recipient() {
    // Spell mastery (207.2c): "instant and/or sorcery cards" are cards of either type.
    let a = ok("Fiery Impulse deals 2 damage to target creature.\nSpell mastery — If there are two or more instant and/or sorcery cards in your graveyard, Fiery Impulse deals 3 damage instead.", "Fiery Impulse", &[Instant]);
    let (c, then, otherwise) = if_holds(&a);
    assert!(matches!(c, Condition::CardsInGraveyard { count: Cmp::AtLeast(2), filter } if filter.types_any == [Instant, Sorcery]), "{c:?}");
    let (Instruction::DealDamage { to: t1, amount: Amount::Fixed(3), .. }, Instruction::DealDamage { to: t2, amount: Amount::Fixed(2), .. }) = (&then[0], &otherwise[0]) else { panic!("{then:?} {otherwise:?}") };
    assert_eq!(t1, t2);
    // Adamant (601.2h): the color and amount of mana spent.
    let a = ok("Slaying Fire deals 3 damage to any target.\nAdamant — If at least three red mana was spent to cast this spell, it deals 4 damage instead.", "Slaying Fire", &[Instant]);
    assert_eq!(*if_holds(&a).0, Condition::Spell(SpellFact::ManaSpent { color: Color::Red, n: 3 }));
}

#[test]
fn cast_from_a_graveyard_and_x() {
    let a = ok("Put five +1/+1 counters on target creature. If this spell was cast from a graveyard, put ten +1/+1 counters on that creature instead.\nFlashback {5}{G}{G} (You may cast this card from your graveyard for its flashback cost. Then exile it.)", "Increasing Savagery", &[Sorcery]);
    assert_eq!(*if_holds(&a).0, Condition::Spell(SpellFact::CastFromGraveyard));
    let a = ok("Subterranean Tremors deals X damage to each creature without flying. If X is 4 or more, destroy all artifacts. If X is 8 or more, create an 8/8 red Lizard creature token.", "Subterranean Tremors", &[Sorcery]);
    let Some(Ability::Spell(e)) = a.first() else { panic!("{a:?}") };
    let xs: Vec<&Condition> = e.instructions.iter().filter_map(|i| if let Instruction::IfHolds { condition, otherwise, .. } = i { assert!(otherwise.is_empty()); Some(condition) } else { None }).collect();
    assert_eq!(xs, [&Condition::Spell(SpellFact::X(Cmp::AtLeast(4))), &Condition::Spell(SpellFact::X(Cmp::AtLeast(8)))]);
}

#[test]
fn colored_mana_spent() {
    let a = ok("Ribbons of Night deals 4 damage to target creature and you gain 4 life. If {U} was spent to cast this spell, draw a card.", "Ribbons of Night", &[Sorcery]);
    assert_eq!(*if_holds(&a).0, Condition::Spell(SpellFact::ManaSpent { color: Color::Blue, n: 1 }));
    // An intervening "if" of the permanent the spell became (603.4).
    let a = ok("When this creature enters, if {R} was spent to cast it, it deals 2 damage to any target.", "Steamcore Weird", &[Creature]);
    assert!(matches!(&a[0], Ability::Triggered { condition: Some(Condition::Spell(SpellFact::ManaSpent { color: Color::Red, n: 1 })), .. }), "{a:?}");
    let a = ok("When this creature enters, if {W}{W} was spent to cast it, create two 1/1 green and white Kithkin creature tokens.", "Catharsis", &[Creature]);
    assert!(matches!(&a[0], Ability::Triggered { condition: Some(Condition::Spell(SpellFact::ManaSpent { color: Color::White, n: 2 })), .. }), "{a:?}");
    // Only after "When this creature enters".
    assert!(!errs("Whenever this creature attacks, if {R} was spent to cast it, draw a card.", "Odd Weird", &[Creature]).is_empty());
}

#[test]
fn a_trailing_if_is_checked_as_the_effect_resolves() {
    // 608.2c: not an intervening "if" (603.4), which follows the trigger condition.
    let a = ok("When this creature enters, draw a card if you control a creature with a +1/+1 counter on it.", "Chronicler of Heroes", &[Creature]);
    let Ability::Triggered { condition: None, effect, .. } = &a[0] else { panic!("{a:?}") };
    assert!(matches!(effect.instructions.as_slice(), [Instruction::IfHolds { condition: Condition::Controls { .. }, instructions, otherwise }] if matches!(instructions.as_slice(), [Instruction::Draw { .. }]) && otherwise.is_empty()), "{effect:?}");
    // Not after two instructions (which one would it govern?), nor with "it" about the source.
    assert!(!errs("When this creature enters, draw a card and you gain 2 life if you control an artifact.", "Odd Chronicler", &[Creature]).is_empty());
    assert!(!errs("Whenever this creature attacks, draw a card if it's tapped.", "Odd Chronicler", &[Creature]).is_empty());
}

#[test]
fn a_spell_may_start_with_a_condition() {
    let a = ok("If an opponent controls more lands than you, search your library for up to three Plains cards, reveal them, put them into your hand, then shuffle.", "Gift of Estates", &[Sorcery]);
    assert!(matches!(if_holds(&a), (Condition::OpponentControlsMore(_), [Instruction::Search { .. }, Instruction::Shuffle(_)], [])), "{a:?}");
    let a = ok("Create a 3/3 green Beast creature token. Then if an opponent controls more creatures than you, return Pulse of the Tangle to its owner's hand.", "Pulse of the Tangle", &[Sorcery]);
    assert!(matches!(if_holds(&a), (Condition::OpponentControlsMore(_), [_], [])), "{a:?}");
}

#[test]
fn spell_facts_are_read_only_in_a_spell() {
    // On a permanent's ability "this spell" is no resolving spell: not read.
    assert!(!errs("{T}: Draw a card. If this spell was cast from a graveyard, draw two cards instead.", "Odd Relic", &[Artifact]).is_empty());
    assert!(!errs("{X}, {T}: Draw a card. If X is 5 or more, draw two cards instead.", "Odd Relic", &[Artifact]).is_empty());
    // Mana of a named color only ("at least three mana" is not read).
    assert!(!errs("Draw a card. If at least three mana was spent to cast this spell, draw two cards instead.", "Odd Draw", &[Sorcery]).is_empty());
}
