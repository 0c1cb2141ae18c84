//! Compiler tests on real Oracle text for amounts (608.2h): an X/X token's size after "where
//! X is", the card's own name as the object of "power", "draw cards equal to", "for each
//! creature blocking it" (509.1g), "for each other creature you control"; the party (700.8),
//! creatures that died this turn (700.4), colors of mana spent (converge, 601.2h) and "that
//! card's mana value" (608.2h).

use super::test_util::*;
use crate::cards::ir::{Ability, Affected, Amount, Counted, Effect, Instruction, Stat, StatOf};

fn effect(a: &Ability) -> &Effect {
    match a {
        Ability::Triggered { effect, .. } | Ability::Activated { effect, .. } | Ability::Spell(effect) => effect,
        other => panic!("{other:?}"),
    }
}

fn last_effect(text: &str, name: &str, types: &[crate::cards::ir::CardType]) -> Vec<Instruction> {
    let a = ok(text, name, types);
    effect(a.last().expect("an ability")).instructions.clone()
}

#[test]
fn token_size_where_x_is() {
    let e = last_effect("Intimidate (This creature can't be blocked except by artifact creatures and/or creatures that share a color with it.)\n{1}{B}, Sacrifice another creature: Put two +1/+1 counters on this creature.\nWhen this creature dies, create an X/X black Horror creature token, where X is this creature's power.", "Flesh Carver", CREATURE);
    let power = Amount::Stat { of: StatOf::This, stat: Stat::Power };
    assert!(matches!(e.as_slice(), [Instruction::CreateTokens { count: Amount::Fixed(1), token, .. }] if token.power == Some(power) && token.toughness == Some(power)), "{e:?}");
    let e = last_effect("Zombies you control have flying.\n{U}, {T}, Sacrifice another nontoken creature: Create an X/X blue Zombie creature token, where X is the sacrificed creature's toughness.", "Geralf, Visionary Stitcher", CREATURE);
    let toughness = Amount::Stat { of: StatOf::Sacrificed, stat: Stat::Toughness };
    assert!(matches!(e.as_slice(), [Instruction::CreateTokens { token, .. }] if token.power == Some(toughness)), "{e:?}");
    // A token whose size X can't be bound stays unread.
    assert!(!errs("Create an X/X green Ooze creature token, where X is the number of colors among permanents you control.", "Nope", SORCERY).is_empty());
}

#[test]
fn the_cards_own_name_and_cards_equal_to() {
    let e = last_effect("Flying\nAt the beginning of combat on your turn, another target creature you control gets +X/+0 until end of turn, where X is War Machine's power.", "War Machine, Legacy of Iron", CREATURE);
    assert!(matches!(e.as_slice(), [Instruction::Pump { power: Amount::Stat { of: StatOf::This, stat: Stat::Power }, toughness: Amount::Fixed(0), .. }]), "{e:?}");
    let e = last_effect("Draw cards equal to the greatest power among creatures you control.", "Rishkar's Expertise", SORCERY);
    assert!(matches!(e.as_slice(), [Instruction::Draw { who: Affected::You, count: Amount::Count { each: 1, what: Counted::Greatest { stat: Stat::Power, .. } } }]), "{e:?}");
    let e = last_effect("Skulk (This creature can't be blocked by creatures with greater power.)\nWhenever Gregor, Shrewd Magistrate deals combat damage to a player, draw cards equal to its power.", "Gregor, Shrewd Magistrate", CREATURE);
    assert!(matches!(e.as_slice(), [Instruction::Draw { count: Amount::Stat { stat: Stat::Power, .. }, .. }]), "{e:?}");
}

#[test]
fn blockers_and_other_permanents() {
    let e = last_effect("Whenever this creature becomes blocked, it gets +1/+1 until end of turn for each creature blocking it.", "Elvish Berserker", CREATURE);
    assert!(matches!(e.as_slice(), [Instruction::Pump { power: Amount::Count { each: 1, what: Counted::BlockersOf { beyond_first: false, .. } }, .. }]), "{e:?}");
    let e = last_effect("Whenever this creature becomes blocked, it gets -2/-1 until end of turn for each creature blocking it beyond the first.", "Johtull Wurm", CREATURE);
    assert!(matches!(e.as_slice(), [Instruction::Pump { power: Amount::Count { each: -2, what: Counted::BlockersOf { beyond_first: true, .. } }, toughness: Amount::Count { each: -1, .. }, .. }]), "{e:?}");
    let e = last_effect("Flying\nWhen this creature enters, you gain 2 life for each other creature you control.", "Goldnight Redeemer", CREATURE);
    assert!(matches!(e.as_slice(), [Instruction::GainLife { amount: Amount::Count { each: 2, what: Counted::Permanents { other: true, .. } }, .. }]), "{e:?}");
    // "other" next to a target could mean other than the target: not read.
    assert!(!errs("Target creature gets +1/+1 until end of turn for each other creature you control.", "Nope", INSTANT).is_empty());
}

#[test]
fn enters_with_counted_counters() {
    // 614.1c: "for each …", "where X is …", "a number of … equal to …".
    let troll = ok("This creature enters with a +1/+1 counter on it for each creature card in your graveyard.", "Golgari Raiders", CREATURE);
    assert!(matches!(troll.as_slice(), [Ability::EntersWithCounters { count: Amount::Count { each: 1, what: Counted::CardsInYourGraveyard(_) }, .. }]), "{troll:?}");
    let captain = ok("This creature enters with a +1/+1 counter on it for each other creature you control.", "Squad Captain", CREATURE);
    assert!(matches!(captain.as_slice(), [Ability::EntersWithCounters { count: Amount::Count { what: Counted::Permanents { other: true, .. }, .. }, .. }]), "{captain:?}");
    let wurm = ok("This creature enters with X +1/+1 counters on it, where X is the amount of life you've gained this turn.", "Voracious Wurm", CREATURE);
    assert!(matches!(wurm.as_slice(), [Ability::EntersWithCounters { count: Amount::Count { what: Counted::LifeGainedThisTurn, .. }, .. }]), "{wurm:?}");
    let lurcher = ok("This creature enters with a number of +1/+1 counters on it equal to the number of creature cards in your graveyard.", "Rhizome Lurcher", CREATURE);
    assert!(matches!(lurcher.as_slice(), [Ability::EntersWithCounters { count: Amount::Count { .. }, .. }]), "{lurcher:?}");
    // A count the engine can't make as the permanent enters stays unread.
    assert!(!errs("This creature enters with X +1/+1 counters on it, where X is its power.", "Nope", CREATURE).is_empty());
}

#[test]
fn costs_x_less_where_x_is() {
    // 601.2f: the generic part of the total cost, lowered by the count.
    let titan = ok("This spell costs {X} less to cast, where X is your devotion to black. (Each {B} in the mana costs of permanents you control counts toward your devotion to black.)\nWhen this creature dies, return up to one target creature card from your graveyard to your hand.", "Marshmist Titan", CREATURE);
    assert!(matches!(titan.first(), Some(Ability::SelfCostChange { generic: -1, per: Some(Counted::Devotion(_)) })), "{titan:?}");
    let reveler = ok("This spell costs {1} less to cast for each instant and sorcery card in your graveyard.", "Bedlam Reveler", CREATURE);
    assert!(matches!(reveler.first(), Some(Ability::SelfCostChange { generic: -1, per: Some(Counted::CardsInYourGraveyard(t)) }) if t.types().len() == 2), "{reveler:?}");
    // "the total power of creatures you control" is not a count the grammar reads.
    assert!(!errs("This spell costs {X} less to cast, where X is the total power of creatures you control.", "Ghalta, Primal Hunger", CREATURE).is_empty());
}

#[test]
fn creatures_in_your_party() {
    // 700.8: "the number of creatures in your party", "for each creature in your party".
    let e = last_effect("When this creature enters, each opponent loses X life and you gain X life, where X is the number of creatures in your party. (Your party consists of up to one each of Cleric, Rogue, Warrior, and Wizard.)", "Malakir Blood-Priest", CREATURE);
    let party = Amount::Count { each: 1, what: Counted::Party };
    assert!(matches!(e.as_slice(), [Instruction::LoseLife { amount: a, .. }, Instruction::GainLife { amount: b, .. }] if *a == party && *b == party), "{e:?}");
    let e = last_effect("When this creature enters, you gain 2 life for each creature in your party.", "Shepherd of Heroes", CREATURE);
    assert!(matches!(e.as_slice(), [Instruction::GainLife { amount: Amount::Count { each: 2, what: Counted::Party }, .. }]), "{e:?}");
    let adventure = ok("This spell costs {1} less to cast for each creature in your party.\nYou gain 3 life.", "Spoils of Adventure", SORCERY);
    assert!(matches!(adventure.first(), Some(Ability::SelfCostChange { generic: -1, per: Some(Counted::Party) })), "{adventure:?}");
    // "a full party" is a condition (700.8c): four creatures in it.
    let a = ok("At the beginning of combat on your turn, if you have a full party, creatures you control get +1/+1 until end of turn.", "Nope", CREATURE);
    assert!(matches!(a.as_slice(), [Ability::Triggered { condition: Some(crate::cards::ir::Condition::FullParty), .. }]), "{a:?}");
    // "twice the number of …": two for each.
    let e = last_effect("Choose target attacking or blocking creature. Practiced Tactics deals damage to that creature equal to twice the number of creatures in your party.", "Practiced Tactics", INSTANT);
    assert!(matches!(e.as_slice(), [Instruction::DealDamage { amount: Amount::Count { each: 2, what: Counted::Party }, .. }]), "{e:?}");
    // Another player's party is not read.
    assert!(!errs("Target opponent loses 1 life for each creature in their party.", "Nope", SORCERY).is_empty());
}

#[test]
fn creatures_that_died_this_turn() {
    use crate::cards::ir::{CardType, TypeSet};
    // 700.4: whoever controlled them; a filtered noun keeps its subtype.
    let e = last_effect("At the beginning of your end step, create a Treasure token for each creature that died this turn. (It's an artifact with \"{T}, Sacrifice this token: Add one mana of any color.\")", "Mahadi, Emporium Master", CREATURE);
    let creatures = Counted::DiedThisTurn { types: TypeSet::of(&[CardType::Creature]), subtype: None, nontoken: false };
    assert!(matches!(e.as_slice(), [Instruction::CreateTokens { count: Amount::Count { each: 1, what }, .. }] if *what == creatures), "{e:?}");
    let e = last_effect("When this creature dies, you gain 2 life for each Zubera that died this turn.", "Silent-Chant Zubera", CREATURE);
    assert!(matches!(e.as_slice(), [Instruction::GainLife { amount: Amount::Count { each: 2, what: Counted::DiedThisTurn { types, subtype: Some("Zubera"), nontoken: false } }, .. }] if types.types().is_empty()), "{e:?}");
    let e = last_effect("Create an X/X black Horror creature token, where X is the number of creatures that died this turn.", "Spoils of Blood", INSTANT);
    assert!(matches!(&e[0], Instruction::CreateTokens { token, .. } if token.power == Some(Amount::Count { each: 1, what: creatures })), "{e:?}");
    let ghoul = ok("This creature enters with a +1/+1 counter on it for each creature that died this turn.", "Grizzly Ghoul", CREATURE);
    assert!(matches!(ghoul.as_slice(), [Ability::EntersWithCounters { count: Amount::Count { what: Counted::DiedThisTurn { .. }, .. }, .. }]), "{ghoul:?}");
    let blood = ok("This spell costs {1} less to cast for each creature that died this turn.\nDestroy target creature.", "Blood for the Blood God!", INSTANT);
    assert!(matches!(blood.first(), Some(Ability::SelfCostChange { generic: -1, per: Some(Counted::DiedThisTurn { .. }) })), "{blood:?}");
    // "discards a card for each …": that many cards.
    let e = last_effect("When this creature dies, target opponent discards a card for each Zubera that died this turn.", "Ashen-Skin Zubera", CREATURE);
    assert!(matches!(e.as_slice(), [Instruction::Discard { count: Amount::Count { each: 1, what: Counted::DiedThisTurn { subtype: Some("Zubera"), .. } }, .. }]), "{e:?}");
    // Whose creatures, or tokens only: not read.
    assert!(!errs("Draw a card for each creature you controlled that died this turn.", "Nope", SORCERY).is_empty());
    assert!(!errs("Draw a card for each creature token that died this turn.", "Nope", SORCERY).is_empty());
}

#[test]
fn colors_of_mana_spent() {
    // Converge (207.2c): the colors of the mana paid for the spell (601.2h).
    let e = last_effect("Converge — Kaleidoscorch deals X damage to any target, where X is the number of colors of mana spent to cast this spell.", "Kaleidoscorch", SORCERY);
    assert!(matches!(e.as_slice(), [Instruction::DealDamage { amount: Amount::Count { each: 1, what: Counted::Spent { colors: true, that_spell: false } }, .. }]), "{e:?}");
    let e = last_effect("Converge — Create a 1/1 white Kor Ally creature token for each color of mana spent to cast this spell.", "Unified Front", SORCERY);
    assert!(matches!(e.as_slice(), [Instruction::CreateTokens { count: Amount::Count { each: 1, what: Counted::Spent { colors: true, that_spell: false } }, .. }]), "{e:?}");
    // In a permanent's ability, "this spell" is the spell it was; "it" in its entering
    // replacement is the permanent.
    let e = last_effect("When this creature enters, each opponent loses X life and you gain X life, where X is the number of colors of mana spent to cast this spell.", "Radiant Epicure", CREATURE);
    assert!(format!("{e:?}").contains("Spent { colors: true, that_spell: false }"), "{e:?}");
    let wanderer = ok("Vigilance, trample\nConverge — This creature enters with a +1/+1 counter on it for each color of mana spent to cast it.", "Woodland Wanderer", CREATURE);
    assert!(matches!(wanderer.last(), Some(Ability::EntersWithCounters { count: Amount::Count { what: Counted::Spent { colors: true, that_spell: false }, .. }, .. })), "{wanderer:?}");
    // "the amount of mana spent" (601.2h): all of it; "that spell" in a cast trigger.
    let e = last_effect("Molten Note deals damage to target creature equal to the amount of mana spent to cast this spell. Untap all creatures you control.", "Molten Note", SORCERY);
    assert!(matches!(e.first(), Some(Instruction::DealDamage { amount: Amount::Count { each: 1, what: Counted::Spent { colors: false, that_spell: false } }, .. })), "{e:?}");
    let e = last_effect("Trample\nWhenever you cast an instant or sorcery spell, this creature gets +X/+0 until end of turn, where X is the amount of mana spent to cast that spell.", "Aberrant Manawurm", CREATURE);
    assert!(matches!(e.as_slice(), [Instruction::Pump { power: Amount::Count { what: Counted::Spent { colors: false, that_spell: true }, .. }, .. }]), "{e:?}");
    assert!(!errs("Draw X cards, where X is the amount of mana spent to cast that spell.", "Nope", SORCERY).is_empty());
    assert!(!errs("Whenever you cast a spell, this creature gets +X/+0 until end of turn, where X is the amount of mana spent to cast it.", "Nope", CREATURE).is_empty());
    // "it" after a target could be the target: not read.
    assert!(!errs("Target creature gets +1/+1 until end of turn for each color of mana spent to cast it.", "Nope", INSTANT).is_empty());
}

#[test]
fn that_cards_mana_value() {
    // 608.2h: the one card the instruction before named, as it last existed where it was.
    let e = last_effect("Put target creature card from a graveyard onto the battlefield under your control. You lose life equal to that card's mana value.", "Reanimate", SORCERY);
    assert!(matches!(e.as_slice(), [Instruction::ReturnToBattlefield { .. }, Instruction::LoseLife { amount: Amount::Stat { of: StatOf::Target(0), stat: Stat::ManaValue }, .. }]), "{e:?}");
    let e = last_effect("When this creature enters, scry 3, then reveal the top card of your library. You gain life equal to that card's mana value.", "Sifter Wurm", CREATURE);
    assert!(matches!(e.last(), Some(Instruction::GainLife { amount: Amount::Stat { of: StatOf::ThatCard, stat: Stat::ManaValue }, .. })), "{e:?}");
    let e = last_effect("When this creature enters, target player discards a card. This creature deals damage to that player equal to that card's mana value.", "Hellhole Rats", CREATURE);
    assert!(matches!(e.as_slice(), [Instruction::Discard { .. }, Instruction::DealDamage { amount: Amount::Stat { of: StatOf::ThatCard, .. }, .. }]), "{e:?}");
    let e = last_effect("{3}{W}: Target opponent reveals a card at random from their hand. You gain life equal to that card's mana value.", "Planeswalker's Mirth", &[crate::cards::ir::CardType::Enchantment]);
    assert!(matches!(e.as_slice(), [Instruction::RevealRandomFromHand(Affected::Target(0)), Instruction::GainLife { amount: Amount::Stat { of: StatOf::ThatCard, .. }, .. }]), "{e:?}");
    let e = last_effect("{3}{G}: Target opponent reveals a card at random from their hand. Target creature gets +X/+X until end of turn, where X is the revealed card's mana value.", "Planeswalker's Favor", &[crate::cards::ir::CardType::Enchantment]);
    assert!(matches!(e.last(), Some(Instruction::Pump { power: Amount::Stat { of: StatOf::ThatCard, .. }, .. })), "{e:?}");
    assert!(!errs("Target player discards a card. You gain life equal to the revealed card's mana value.", "Nope", SORCERY).is_empty());
    // Several cards, or an instruction earlier in the same sentence: not read.
    assert!(!errs("Each player reveals the top card of their library. You gain life equal to that card's mana value.", "Nope", SORCERY).is_empty());
    assert!(!errs("Target player discards two cards. You gain life equal to that card's mana value.", "Nope", SORCERY).is_empty());
    assert!(!errs("Reveal the top card of your library. Target player discards a card, then loses life equal to that card's mana value.", "Nope", SORCERY).is_empty());
    assert!(!errs("Draw a card. You gain life equal to that card's mana value.", "Nope", SORCERY).is_empty());
}

