//! Compiler tests on real Oracle text for modal abilities whose modes are each chosen once
//! ("choose one that hasn't been chosen [this turn] —", 700.2) and "You lose the game."
//! (104.3e).

use super::test_util::*;
use crate::cards::ir::{Ability, Affected, Effect, FreshModes, Instruction, Modal};

fn modal(a: &Ability) -> &Modal {
    match a {
        Ability::Triggered { effect: Effect { modal: Some(m), .. }, .. } | Ability::Activated { effect: Effect { modal: Some(m), .. }, .. } => m,
        other => panic!("{other:?}"),
    }
}

#[test]
fn modes_that_have_not_been_chosen() {
    let a = ok(
        "At the beginning of your upkeep, choose one that hasn't been chosen \u{2014}\n\u{2022} This enchantment deals 4 damage to any target and you gain 4 life.\n\u{2022} Target opponent discards two cards.\n\u{2022} Draw two cards.\n\u{2022} You lose the game.",
        "Demonic Pact",
        &[crate::cards::ir::CardType::Enchantment],
    );
    let m = modal(&a[0]);
    assert_eq!((m.min, m.max, m.fresh, m.modes.len()), (1, 1, Some(FreshModes::Ever), 4), "{m:?}");
    assert_eq!(m.modes[3].instructions, vec![Instruction::LoseGame(Affected::You)]);
    // Activated: "{2}, {T}: Choose one that hasn't been chosen —".
    let a = ok(
        "{2}, {T}: Choose one that hasn't been chosen \u{2014}\n\u{2022} This artifact deals 2 damage to target creature.\n\u{2022} Tap target creature.\n\u{2022} Sacrifice this artifact. You gain 3 life.",
        "Three Bowls of Porridge",
        ARTIFACT,
    );
    let m = modal(&a[0]);
    assert!(matches!(&a[0], Ability::Activated { .. }));
    assert_eq!((m.fresh, m.modes.len()), (Some(FreshModes::Ever), 3));
    // "… this turn": the memory lasts the turn.
    let a = ok(
        "Whenever you discard a card, choose one that hasn't been chosen this turn \u{2014}\n\u{2022} Draw a card.\n\u{2022} Create a Treasure token.\n\u{2022} Each opponent loses 3 life.",
        "Monument to Endurance",
        ARTIFACT,
    );
    assert_eq!(modal(&a[0]).fresh, Some(FreshModes::ThisTurn));
    // An ordinary "choose one —" remembers nothing.
    let a = ok("When this creature enters, choose one \u{2014}\n\u{2022} You gain 2 life.\n\u{2022} Target opponent loses 2 life.", "Inquisitor Exarch", CREATURE);
    assert_eq!(modal(&a[0]).fresh, None);
    // Refused: a cost in the header ("… and you lose 2 life —").
    assert!(!errs(
        "At the beginning of your first main phase, choose one that hasn't been chosen and you lose 2 life \u{2014}\n\u{2022} Draw a card.\n\u{2022} Put a +1/+1 counter on Zuko.",
        "Odd Firebender",
        CREATURE
    )
    .is_empty());
}
