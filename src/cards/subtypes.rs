//! The subtypes the Comprehensive Rules list (205.3g–m): how the compiler recognises a word such
//! as "Elf" or "Swamp" in rules text as a subtype, and which land types are basic (305.6).

/// Artifact types (205.3g).
pub const ARTIFACT_TYPES: &[&str] = &[
    "Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food", "Fortification", "Gold",
    "Incubator", "Infinity", "Junk", "Lander", "Map", "Powerstone", "Spacecraft", "Stone", "Treasure", "Vehicle",
];

/// Enchantment types (205.3h).
pub const ENCHANTMENT_TYPES: &[&str] =
    &["Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune", "Saga", "Shard", "Shrine"];

/// Spell types, shared by instants and sorceries (205.3k).
pub const SPELL_TYPES: &[&str] = &["Adventure", "Arcane", "Lesson", "Omen", "Trap"];

/// Land types (205.3i).
pub const LAND_TYPES: &[&str] = &[
    "Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains", "Planet", "Power-Plant",
    "Sphere", "Swamp", "Tower", "Town", "Urza's",
];

/// The basic land types (205.3i, 305.6).
pub const BASIC_LAND_TYPES: &[&str] = &["Plains", "Island", "Swamp", "Mountain", "Forest"];

/// Creature types (205.3m). "Time Lord" is the one type of two words.
pub const CREATURE_TYPES: &[&str] = &[
    "Advisor", "Aetherborn", "Alien",
    "Ally", "Angel", "Antelope", "Ape", "Archer", "Archon", "Armadillo", "Army", "Artificer",
    "Assassin", "Assembly-Worker", "Astartes", "Atog", "Aurochs", "Avatar", "Azra", "Badger",
    "Balloon", "Barbarian", "Bard", "Basilisk", "Bat", "Bear", "Beast", "Beaver", "Beeble",
    "Beholder", "Berserker", "Bird", "Bison", "Blinkmoth", "Boar", "Bringer", "Brushwagg",
    "Camarid", "Camel", "Capybara", "Caribou", "Carrier", "Cat", "Centaur", "Child", "Chimera",
    "Citizen", "Cleric", "Clown", "Cockatrice", "Construct", "Coward", "Coyote", "Crab",
    "Crocodile", "C’tan", "Custodes", "Cyberman", "Cyclops", "Dalek", "Dauthi", "Demigod", "Demon",
    "Deserter", "Detective", "Devil", "Dinosaur", "Djinn", "Doctor", "Dog", "Dragon", "Drake",
    "Dreadnought", "Drix", "Drone", "Druid", "Dryad", "Dwarf", "Echidna", "Efreet", "Egg", "Elder",
    "Eldrazi", "Elemental", "Elephant", "Elf", "Elk", "Employee", "Eye", "Faerie", "Ferret",
    "Fish", "Flagbearer", "Fox", "Fractal", "Frog", "Fungus", "Gamer", "Gargoyle", "Germ", "Giant",
    "Gith", "Glimmer", "Gnoll", "Gnome", "Goat", "Goblin", "God", "Golem", "Gorgon", "Graveborn",
    "Gremlin", "Griffin", "Guest", "Hag", "Halfling", "Hamster", "Harpy", "Hedgehog", "Hellion",
    "Hero", "Hippo", "Hippogriff", "Homarid", "Homunculus", "Horror", "Horse", "Human", "Hydra",
    "Hyena", "Illusion", "Imp", "Incarnation", "Inkling", "Inquisitor", "Insect", "Jackal",
    "Jellyfish", "Juggernaut", "Kangaroo", "Kavu", "Kirin", "Kithkin", "Knight", "Kobold", "Kor",
    "Kraken", "Llama", "Lamia", "Lammasu", "Leech", "Lemur", "Leviathan", "Lhurgoyf", "Licid",
    "Lizard", "Lobster", "Manticore", "Masticore", "Mercenary", "Merfolk", "Metathran", "Minion",
    "Minotaur", "Mite", "Mole", "Monger", "Mongoose", "Monk", "Monkey", "Moogle", "Moonfolk",
    "Mount", "Mouse", "Mutant", "Myr", "Mystic", "Nautilus", "Necron", "Nephilim", "Nightmare",
    "Nightstalker", "Ninja", "Noble", "Noggle", "Nomad", "Nymph", "Octopus", "Ogre", "Ooze", "Orb",
    "Orc", "Orgg", "Otter", "Ouphe", "Ox", "Oyster", "Pangolin", "Peasant", "Pegasus", "Pentavite",
    "Performer", "Pest", "Phelddagrif", "Phoenix", "Phyrexian", "Pilot", "Pincher", "Pirate",
    "Plant", "Platypus", "Porcupine", "Possum", "Praetor", "Primarch", "Prism", "Processor", "Qu",
    "Rabbit", "Raccoon", "Ranger", "Rat", "Rebel", "Reflection", "Rhino", "Rigger", "Robot",
    "Rogue", "Sable", "Salamander", "Samurai", "Sand", "Saproling", "Satyr", "Scarecrow",
    "Scientist", "Scion", "Scorpion", "Scout", "Sculpture", "Seal", "Serf", "Serpent", "Servo",
    "Shade", "Shaman", "Shapeshifter", "Shark", "Sheep", "Siren", "Skeleton", "Skunk", "Slith",
    "Sliver", "Sloth", "Slug", "Snail", "Snake", "Soldier", "Soltari", "Sorcerer", "Spawn",
    "Specter", "Spellshaper", "Sphinx", "Spider", "Spike", "Spirit", "Splinter", "Sponge", "Squid",
    "Squirrel", "Starfish", "Surrakar", "Survivor", "Symbiote", "Synth", "Tentacle", "Tetravite",
    "Thalakos", "Thopter", "Thrull", "Tiefling", "Toy", "Treefolk", "Trilobite", "Triskelavite",
    "Troll", "Turtle", "Tyranid", "Unicorn", "Vampire", "Varmint", "Vedalken", "Villain", "Volver",
    "Wall", "Walrus", "Warlock", "Warrior", "Weasel", "Weird", "Werewolf", "Whale", "Wizard",
    "Wolf", "Wolverine", "Wombat", "Worm", "Wraith", "Wurm", "Yeti", "Zombie", "Zubera",
    "Time Lord",
];

/// Whether `word` is a land type.
#[must_use]
pub fn is_land_type(word: &str) -> bool {
    LAND_TYPES.iter().any(|t| t.eq_ignore_ascii_case(word) || (*t == "Urza's" && word == "Urza’s"))
}

/// The subtype a word of rules text names, singular or plural ("Elf", "Elves", "Goblins",
/// "Merfolk", "Swamps"), written as on a type line.
#[must_use]
pub fn subtype_word(word: &str) -> Option<&'static str> {
    let all = || CREATURE_TYPES.iter().chain(LAND_TYPES).chain(ARTIFACT_TYPES).chain(ENCHANTMENT_TYPES).chain(SPELL_TYPES);
    if let Some(t) = all().find(|t| t.eq_ignore_ascii_case(word)) {
        return Some(t);
    }
    // Plurals as Oracle text writes them: "Elves", "Dwarves", "Wolves"; "Goblins", "Zombies".
    let irregular = [("elves", "Elf"), ("dwarves", "Dwarf"), ("wolves", "Wolf"), ("werewolves", "Werewolf"), ("mice", "Mouse"), ("fungi", "Fungus"), ("homunculi", "Homunculus"), ("octopi", "Octopus")];
    let lower = word.to_ascii_lowercase();
    if let Some((_, t)) = irregular.iter().find(|(p, _)| *p == lower) {
        return all().copied().find(|x| x == t);
    }
    for suffix in ["es", "s"] {
        if let Some(stem) = lower.strip_suffix(suffix)
            && let Some(t) = all().find(|t| t.eq_ignore_ascii_case(stem))
        {
            return Some(t);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_plurals() {
        assert_eq!(subtype_word("Elf"), Some("Elf"));
        assert_eq!(subtype_word("Elves"), Some("Elf"));
        assert_eq!(subtype_word("Goblins"), Some("Goblin"));
        assert_eq!(subtype_word("Merfolk"), Some("Merfolk"));
        assert_eq!(subtype_word("Arcane"), Some("Arcane"));
        assert_eq!(subtype_word("Swamps"), Some("Swamp"));
        assert_eq!(subtype_word("Mountains"), Some("Mountain"));
        assert_eq!(subtype_word("creatures"), None);
        assert_eq!(CREATURE_TYPES.len(), 315);
        assert!(is_land_type("Urza’s") && is_land_type("Forest") && !is_land_type("Elf"));
    }
}
