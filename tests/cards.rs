//! The card library: every file compiles, and a few cards are read as a judge would read them.

use judge::cards::ir::{Ability, Affected, Amount, Instruction, Keyword, TargetSpec};
use judge::cards::library::{Entry, library};

fn card(name: &str) -> std::sync::Arc<judge::cards::def::CardDef> {
    match library().get(name) {
        Some(Entry::Card(c)) => c.clone(),
        _ => panic!("{name} is not a usable library card"),
    }
}

#[test]
fn every_library_card_compiles() {
    let lib = library();
    let broken: Vec<&String> = lib.names.iter().filter(|n| !matches!(lib.get(n), Some(Entry::Card(_)))).collect();
    assert!(broken.is_empty(), "library cards with errors: {broken:?}");
    // The index is built from each file's `name:` line without compiling it: the name the
    // compiled card gives must be the same.
    for (name, entry) in lib.all() {
        if let Entry::Card(c) = entry {
            assert_eq!(c.name, name, "the library indexes {name} by its `name:` line");
        }
    }
    assert!(lib.names.len() >= 60, "only {} cards", lib.names.len());
}

#[test]
fn basic_lands_have_their_intrinsic_mana_ability() {
    for (land, color) in [("Forest", "green"), ("Island", "blue"), ("Swamp", "black"), ("Mountain", "red"), ("Plains", "white")] {
        let c = card(land);
        let [Ability::Activated { cost, effect, mana: true }] = c.abilities.as_slice() else { panic!("{land}: {:?}", c.abilities) };
        assert!(cost.tap);
        assert_eq!(serde_json::to_value(&effect.instructions).unwrap_or_default()[0]["AddMana"][0]["colored"], color);
    }
}

#[test]
fn shock_is_two_damage_to_any_target() {
    let c = card("Shock");
    let [Ability::Spell(e)] = c.abilities.as_slice() else { panic!("{:?}", c.abilities) };
    assert_eq!(e.targets, vec![TargetSpec::Any.into()]);
    assert_eq!(e.instructions, vec![Instruction::DealDamage { amount: Amount::Fixed(2), to: Affected::Target(0), divided: false }]);
}

#[test]
fn serra_angel_has_flying_and_vigilance() {
    let c = card("Serra Angel");
    assert_eq!(c.abilities, vec![Ability::Keyword(Keyword::Flying), Ability::Keyword(Keyword::Vigilance)]);
    assert_eq!((c.power, c.toughness), (Some(4), Some(4)));
}
