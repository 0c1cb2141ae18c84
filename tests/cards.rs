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
    let broken: Vec<&&str> = lib.names.iter().filter(|n| !matches!(lib.get(n), Some(Entry::Card(_)))).collect();
    assert!(broken.is_empty(), "library cards with errors: {broken:?}");
    // The index is built from each file's `name:` line without compiling it: the name the
    // compiled card gives must be the same.
    for (name, entry) in lib.all() {
        if let Entry::Card(c) = entry {
            assert_eq!(&*c.name, name, "the library indexes {name} by its `name:` line");
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

/// Cards with faces: each face is a card of its own; a split card's own characteristics are
/// both halves combined (709.4b–c); a double-faced card's are its front face's (712.8a); a face
/// name finds the card.
#[test]
fn cards_with_faces() {
    use judge::cards::def::Layout;
    let c = card("Fire // Ice");
    assert_eq!(c.layout, Some(Layout::Split));
    assert_eq!(c.faces.iter().map(|f| &*f.name).collect::<Vec<_>>(), ["Fire", "Ice"]);
    assert_eq!(c.cost.as_ref().map(|m| m.mana_value(0)), Some(4));
    assert_eq!(c.abilities.len(), 2);
    assert_eq!(&*card("Ice").name, "Fire // Ice");
    let d = card("Ulvenwald Oddity");
    assert_eq!((&*d.name, d.layout, d.power), ("Ulvenwald Oddity // Ulvenwald Behemoth", Some(Layout::Transform), Some(4)));
    assert_eq!((&*d.faces[1].name, d.faces[1].power, d.faces[1].cost.is_none()), ("Ulvenwald Behemoth", Some(8), true));
    assert!(d.named("Ulvenwald Behemoth") && !d.named("Ulvenwald"));
    let [Ability::Activated { effect, .. }] = &d.faces[0].abilities[2..] else { panic!("{:?}", d.faces[0].abilities) };
    assert_eq!(effect.instructions, [Instruction::Transform(Affected::This)]);
    assert_eq!(card("Ettercap").faces[1].subtypes, ["Adventure"]);
}

/// A Room (709.5): a split card whose halves share a permanent type line; "When you unlock this
/// door" names the half its text is in (709.5h, 709.5j); on the battlefield it has only its
/// unlocked halves' names, mana costs and abilities, and colors from the cost left (202.2).
#[test]
fn rooms_and_their_doors() {
    use judge::cards::ir::Trigger;
    let c = card("Glassworks // Shattered Yard");
    assert!(c.shared_type_line() && !card("Fire // Ice").shared_type_line());
    assert_eq!(c.cost.as_ref().map(|m| m.mana_value(0)), Some(8));
    let Ability::Triggered { trigger, .. } = &c.faces[0].abilities[0] else { panic!("{:?}", c.faces[0].abilities) };
    assert_eq!(**trigger, Trigger::UnlockThisDoor(Some(0)));
    let Ability::Triggered { trigger, .. } = &card("Unholy Annex // Ritual Chamber").faces[1].abilities[0] else { panic!() };
    assert_eq!(**trigger, Trigger::UnlockThisDoor(Some(1)));
    let locked = c.room_view(0);
    assert_eq!((&*locked.name, locked.cost.is_none(), locked.abilities.len(), locked.colors.len()), ("", true, 0, 0));
    assert_eq!(locked.subtypes, ["Room"]);
    let right = c.room_view(2);
    assert_eq!((&*right.name, right.cost.as_ref().map(|m| m.mana_value(0))), ("Shattered Yard", Some(5)));
    let both = c.room_view(3);
    assert_eq!((&*both.name, both.cost.as_ref().map(|m| m.mana_value(0)), both.abilities.len()), ("Glassworks // Shattered Yard", Some(8), 2));
}

/// The werewolves' intervening "if" (603.4) on both faces of a real card.
#[test]
fn werewolf_conditions() {
    use judge::cards::ir::Condition;
    let c = card("Gatstaf Shepherd // Gatstaf Howler");
    let cond = |face: &judge::cards::def::CardDef| {
        face.abilities.iter().find_map(|a| if let Ability::Triggered { condition, .. } = a { condition.clone() } else { None })
    };
    assert_eq!(cond(&c.faces[0]), Some(Condition::SpellsLastTurn { two_by_one: false }));
    assert_eq!(cond(&c.faces[1]), Some(Condition::SpellsLastTurn { two_by_one: true }));
}

/// `build.rs` reads the library's card files of the plain shape into trees at build time
/// (`flat_yaml`); each tree must be the one the YAML parser gives for the file, places
/// included, and nearly every card must be read that way (the rest is parsed at run time).
#[test]
fn prebuilt_card_trees_are_the_yaml_parsers_trees() {
    let mut prebuilt = 0;
    let mut total = 0;
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/cards")).unwrap().filter_map(Result::ok) {
        let file = entry.file_name().to_string_lossy().into_owned();
        if !file.ends_with(".yaml") {
            continue;
        }
        total += 1;
        let Some(tree) = judge::cards::library::prebuilt_tree(&file) else { continue };
        prebuilt += 1;
        let text = std::fs::read_to_string(entry.path()).unwrap();
        let parsed = judge::scenario::yaml::parse(&judge::diag::Source::new(file.clone(), text)).unwrap();
        assert_eq!(format!("{tree:?}"), format!("{parsed:?}"), "{file}");
    }
    assert!(prebuilt * 100 >= total * 95, "only {prebuilt} of {total} library cards are read at build time");
}
