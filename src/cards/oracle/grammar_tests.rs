//! Compiler tests on real Oracle text for general grammar pieces: a sentence that only chooses a
//! target (115.1), "each of up to two target creatures", lists of card types after "all",
//! "tap or untap" (701.26), "discard your hand" (701.9a), counts of creatures "on the
//! battlefield" and of attacking creatures, damage divided among target creatures (601.2d), and
//! a target exiled then returned by the same effect (400.7j), and "another target" after an
//! earlier target (115.3).

use super::test_util::*;
use crate::cards::ir::{Ability, Affected, Amount, CardType, Counted, Effect, Instruction, TargetSpec};

fn effect(a: &Ability) -> &Effect {
    match a {
        Ability::Triggered { effect, .. } | Ability::Activated { effect, .. } | Ability::Spell(effect) => effect,
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_sentence_that_only_chooses_a_target() {
    let a = ok("Choose target creature. Mill three cards, then put a +1/+1 counter on that creature for each creature card in your graveyard. (To mill three cards, put the top three cards of your library into your graveyard.)", "Grave Strength", SORCERY);
    let e = effect(&a[0]);
    assert_eq!(e.targets.len(), 1);
    assert!(matches!(&e.instructions[..], [Instruction::Mill { .. }, Instruction::PutCounters { what: Affected::Target(0), count: Amount::Count { what: Counted::CardsInYourGraveyard(_), .. }, .. }]), "{e:?}");
    // "Choose a creature" (no target) is another thing, not read here.
    assert!(!errs("Choose target creature. Whenever that creature is dealt damage this turn, it deals that much damage to each other creature and each player.", "Arcbond", INSTANT).is_empty());
    assert!(!errs("Choose each creature. Draw a card.", "Odd Choice", INSTANT).is_empty());
}

#[test]
fn each_of_several_targets() {
    let prep = ok("Put a +1/+1 counter on each of up to two target creatures.\nFlashback {1}{W} (You may cast this card from your graveyard for its flashback cost. Then exile it.)", "Travel Preparations", SORCERY);
    let e = effect(&prep[0]);
    assert_eq!((e.targets[0].min, e.targets[0].max), (0, 2));
    assert!(matches!(&e.instructions[..], [Instruction::PutCounters { what: Affected::Target(0), .. }]));
    let jag = ok("Jagged Lightning deals 3 damage to each of two target creatures.", "Jagged Lightning", SORCERY);
    let e = effect(&jag[0]);
    assert_eq!((e.targets[0].min, e.targets[0].max), (2, 2));
    assert_eq!(e.instructions, vec![Instruction::DealDamage { amount: Amount::Fixed(3), to: Affected::Target(0), divided: false }]);
    // "each of target creature" is not English for one target.
    assert!(!errs("Put a +1/+1 counter on each of target creature.", "Odd Counters", SORCERY).is_empty());
}

#[test]
fn all_of_a_list_of_card_types() {
    let disk = ok("This artifact enters tapped.\n{1}, {T}: Destroy all artifacts, creatures, and enchantments.", "Nevinyrral's Disk", ARTIFACT);
    let [Instruction::Destroy(Affected::EachPermanent(f))] = &effect(&disk[1]).instructions[..] else { panic!("{disk:?}") };
    assert_eq!(f.types_any, vec![CardType::Artifact, CardType::Creature, CardType::Enchantment]);
    ok("Destroy all artifacts, creatures, and lands. They can't be regenerated.", "Jokulhaups", SORCERY);
    // Two types: one set destroyed at once (701.8a), not two destructions one after the other.
    let purify = ok("Destroy all artifacts and enchantments.", "Purify", SORCERY);
    let [Instruction::Destroy(Affected::EachPermanent(f))] = &effect(&purify[0]).instructions[..] else { panic!("{purify:?}") };
    assert_eq!(f.types_any, vec![CardType::Artifact, CardType::Enchantment]);
}

#[test]
fn tap_or_untap() {
    let t = ok("You may tap or untap target artifact, creature, or land.", "Twiddle", INSTANT);
    let [Instruction::MayOrElse { action, .. }] = &effect(&t[0]).instructions[..] else { panic!("{t:?}") };
    assert_eq!(action.as_ref(), &Instruction::TapOrUntap(Affected::Target(0)));
    let p = ok("{U}, {T}: You may tap or untap target creature.", "Puppeteer", CREATURE);
    assert!(matches!(&effect(&p[0]).targets[0].spec, TargetSpec::Permanent(_)));
}

#[test]
fn discarding_a_hand() {
    let w = ok("Each player discards their hand, then draws seven cards.", "Wheel of Fortune", SORCERY);
    assert_eq!(effect(&w[0]).instructions[0], Instruction::DiscardHand(Affected::EachPlayer));
    let d = ok("Discard your hand, then draw two cards.", "Dangerous Wager", INSTANT);
    assert_eq!(effect(&d[0]).instructions[0], Instruction::DiscardHand(Affected::You));
    // "Discard their hand" needs a subject of its own.
    assert!(!errs("Discard their hand.", "Odd Discard", SORCERY).is_empty());
}

#[test]
fn counts_on_the_battlefield_and_of_attacking_creatures() {
    let c = ok("Target player gains 2 life for each creature on the battlefield.", "Congregate", INSTANT);
    assert!(matches!(&effect(&c[0]).instructions[..], [Instruction::GainLife { amount: Amount::Count { each: 2, what: Counted::Permanents { attacking: false, .. } }, .. }]));
    let f = ok("Create X 1/1 white Bird Soldier creature tokens with flying, where X is the number of attacking creatures.", "Flurry of Wings", INSTANT);
    assert!(matches!(&effect(&f[0]).instructions[..], [Instruction::CreateTokens { count: Amount::Count { what: Counted::Permanents { attacking: true, .. }, .. }, .. }]), "{f:?}");
    // "creatures you control on the battlefield" says nothing the engine would drop, but the
    // words after a controller are not read.
    assert!(!errs("You gain 1 life for each creature you control on the battlefield.", "Odd Count", INSTANT).is_empty());
}

#[test]
fn damage_divided_among_target_creatures() {
    let p = ok("You may exile a red card from your hand rather than pay this spell's mana cost.\nPyrokinesis deals 4 damage divided as you choose among any number of target creatures.", "Pyrokinesis", INSTANT);
    let e = effect(p.last().unwrap_or_else(|| panic!("{p:?}")));
    assert!(matches!(&e.targets[0].spec, TargetSpec::Permanent(f) if f.types_any == vec![CardType::Creature]));
    assert_eq!((e.targets[0].min, e.targets[0].max), (1, u32::MAX));
    assert!(matches!(&e.instructions[..], [Instruction::DealDamage { divided: true, .. }]));
}

#[test]
fn a_target_exiled_then_returned() {
    let b = ok("Exile target creature you control, then return it to the battlefield under its owner's control.\nFlashback {3}{U} (You may cast this card from your graveyard for its flashback cost. Then exile it.)", "Momentary Blink", INSTANT);
    assert!(matches!(&effect(&b[0]).instructions[..], [Instruction::Exile(Affected::Target(0)), Instruction::ReturnToBattlefield { what: Affected::Target(0), yours: false, .. }]));
    let c = ok("Exile target creature you control, then return that card to the battlefield under your control.", "Cloudshift", INSTANT);
    assert!(matches!(&effect(&c[0]).instructions[..], [Instruction::Exile(_), Instruction::ReturnToBattlefield { yours: true, .. }]));
    // The returned permanent is a new object (400.7): "it" after the return is refused.
    assert!(!errs("Exile target creature you control, then return that card to the battlefield under its owner's control. It gains first strike until end of turn.", "Justiciar's Portal", INSTANT).is_empty());
    // A permanent never exiled can't be "returned" to the battlefield.
    assert!(!errs("Tap target creature, then return it to the battlefield under its owner's control.", "Odd Return", INSTANT).is_empty());
}

#[test]
fn die_rolls_and_their_results() {
    use crate::cards::ir::DieRow;
    // 706.3a: a results table, its rows on lines of their own (706.3b: one ability).
    let c = ok("Roll a d20.\n1—9 | Draw two cards.\n10—19 | Scry 2, then draw two cards.\n20 | Scry 3, then draw three cards.", "Contact Other Plane", INSTANT);
    assert_eq!(c.len(), 1);
    let [Instruction::RollDie { sides: 20, rows, otherwise }] = &effect(&c[0]).instructions[..] else { panic!("{c:?}") };
    assert!(otherwise.is_empty());
    assert_eq!(rows.iter().map(|r| (r.lo, r.hi)).collect::<Vec<_>>(), vec![(1, 9), (10, 19), (20, 20)]);
    // 706.4: "If you roll a 6, …" after a six-sided die.
    let egg = ok("At the beginning of your upkeep, roll a six-sided die. If you roll a 6, sacrifice this creature and create a 4/4 red Giant Bird creature token.", "Chicken Egg", CREATURE);
    let [Instruction::RollDie { sides: 6, rows, .. }] = &effect(&egg[0]).instructions[..] else { panic!("{egg:?}") };
    assert!(matches!(&rows[..], [DieRow { lo: 6, hi: 6, instructions }] if instructions.len() == 2));
    // Modifiers (706.2) are refused, not dropped; so is a row past the die's faces.
    assert!(!errs("Roll a d20 and add the number of cards in your hand.\n1—14 | Draw a card.\n15+ | Draw two cards.", "Odd Portent", SORCERY).is_empty());
    assert!(!errs("Roll a six-sided die. If you roll a 7, draw a card.", "Odd Die", SORCERY).is_empty());
    // A Station line's "N+ |" rows are not a die's results.
    assert!(super::compile("Station\n8+ | Flying", "Odd Spacecraft", ARTIFACT).map_or(true, |a| !a.iter().any(|a| matches!(a, Ability::Spell(_)))));
}

#[test]
fn poison_counters_on_a_player() {
    let s = ok("Whenever this creature deals damage to a player, that player gets a poison counter. (A player with ten or more poison counters loses the game.)", "Pit Scorpion", CREATURE);
    assert!(matches!(&effect(&s[0]).instructions[..], [Instruction::GetPoison { amount: Amount::Fixed(1), .. }]), "{s:?}");
    let f = ok("Each opponent gets two poison counters.", "Odd Venom", SORCERY);
    assert_eq!(effect(&f[0]).instructions, vec![Instruction::GetPoison { who: Affected::EachOpponent, amount: Amount::Fixed(2) }]);
    // A creature has no poison counters to get.
    assert!(!errs("Target creature gets a poison counter.", "Odd Venom", SORCERY).is_empty());
}

#[test]
fn an_activated_ability_that_costs_less() {
    let b = ok("{5}, {T}: Each opponent loses 2 life. This ability costs {1} less to activate for each creature card in your graveyard.", "Battlefield Butcher", CREATURE);
    let Ability::Activated { cost, effect, .. } = &b[0] else { panic!("{b:?}") };
    assert!(matches!(cost.cost_change.as_deref(), Some((-1, Some(Counted::CardsInYourGraveyard(_))))), "{cost:?}");
    assert_eq!(effect.instructions.len(), 1);
    // Not in a spell or a triggered ability, and not on a mana ability.
    assert!(!errs("Draw a card. This ability costs {1} less to activate for each creature card in your graveyard.", "Odd Spell", INSTANT).is_empty());
    assert!(!errs("{3}, {T}: Add {G}. This ability costs {1} less to activate for each creature card in your graveyard.", "Odd Mana", ARTIFACT).is_empty());
}

#[test]
fn revolt_condition() {
    use crate::cards::ir::Condition;
    let h = ok("Revolt — At the beginning of your end step, if a permanent left the battlefield under your control this turn, create a 1/1 colorless Servo artifact creature token.\n{1}, Sacrifice a creature: Scry 1.", "Hidden Stockpile", &[CardType::Enchantment]);
    let json = serde_json::to_string(&h[0]).unwrap_or_default();
    assert!(json.contains("LeftBattlefieldThisTurn"), "{json}");
    // The intervening "if" of the end-step trigger (603.4) is the revolt condition.
    assert!(matches!(&h[0], crate::cards::ir::Ability::Triggered { condition: Some(Condition::LeftBattlefieldThisTurn), .. }), "{:?}", h[0]);
}

/// "Another target creature" after an earlier target in a spell: an object other than the one
/// chosen for that target (the text narrowing 115.3). In a permanent's ability (where it might
/// also leave out the source) it stays unread.
#[test]
fn another_target_after_an_earlier_target() {
    let a = ok("Target creature you control fights another target creature. (Each deals damage equal to its power to the other.)", "Pit Fight", INSTANT);
    let e = effect(&a[0]);
    assert!(matches!(e.instructions.as_slice(), [Instruction::Fight(x, y)] if *x == T0 && *y == T1), "{e:?}");
    assert_eq!((e.targets[0].other_than, e.targets[1].other_than), (None, Some(0)));
    let a = ok("Target creature gets +1/+1 until end of turn. Another target creature gets -1/-1 until end of turn.", "Leeching Bite", INSTANT);
    assert_eq!(effect(&a[0]).targets[1].other_than, Some(0));
    // "…, then you may … another target permanent": two independent options.
    let a = ok("You may tap or untap target permanent, then you may tap or untap another target permanent.", "Toils of Night and Day", INSTANT);
    assert!(matches!(effect(&a[0]).instructions.as_slice(), [Instruction::MayOrElse { then: a, .. }, Instruction::MayOrElse { then: b, .. }] if a.is_empty() && b.is_empty()), "{a:?}");
    assert!(!errs("{1}{G}, {T}: Target creature you control fights another target creature.", "Ulvenwald Tracker", CREATURE).is_empty());
    // After two earlier targets, which one "another" differs from is not read.
    assert!(!errs("Tap target creature and target land. Another target creature gets -1/-1 until end of turn.", "Test Spell", INSTANT).is_empty());
}
