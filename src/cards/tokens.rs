//! Tokens (111): the predefined tokens of 111.10, compiled from their Oracle text by the same
//! compiler as every card, and the card definition a created token is given (111.3).
//!
//! A predefined token whose text the compiler can't read yet (the Roles, Incubator's two
//! faces, Walker's name) is simply not in [`PREDEFINED`], so "create a Role token" is reported
//! as unread text rather than played wrongly.

use crate::cards::def::{CardDef, add_basic_land_abilities, parse_type_line};
use crate::cards::ir::{Amount, CardType, Color, TokenSpec};
use crate::cards::oracle::{self, OracleError};

/// A predefined token (111.10): its subtype (which is also the word that names it in
/// "create a Treasure token"), the rule defining it, its type line and its text. All of these
/// are colorless noncreature tokens.
struct Predefined {
    subtype: &'static str,
    rule: &'static str,
    type_line: &'static str,
    text: &'static str,
}

const PREDEFINED: &[Predefined] = &[
    Predefined { subtype: "Treasure", rule: "111.10a", type_line: "Artifact — Treasure", text: "{T}, Sacrifice this token: Add one mana of any color." },
    Predefined { subtype: "Food", rule: "111.10b", type_line: "Artifact — Food", text: "{2}, {T}, Sacrifice this token: You gain 3 life." },
    Predefined { subtype: "Gold", rule: "111.10c", type_line: "Artifact — Gold", text: "Sacrifice this token: Add one mana of any color." },
    Predefined { subtype: "Shard", rule: "111.10e", type_line: "Enchantment — Shard", text: "{2}, Sacrifice this token: Scry 1, then draw a card." },
    Predefined { subtype: "Clue", rule: "111.10f", type_line: "Artifact — Clue", text: "{2}, Sacrifice this token: Draw a card." },
    Predefined { subtype: "Blood", rule: "111.10g", type_line: "Artifact — Blood", text: "{1}, {T}, Discard a card, Sacrifice this token: Draw a card." },
    Predefined { subtype: "Powerstone", rule: "111.10h", type_line: "Artifact — Powerstone", text: "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell." },
    Predefined {
        subtype: "Map",
        rule: "111.10s",
        type_line: "Artifact — Map",
        text: "{1}, {T}, Sacrifice this token: Target creature you control explores. Activate only as a sorcery.",
    },
    Predefined {
        subtype: "Junk",
        rule: "111.10t",
        type_line: "Artifact — Junk",
        text: "{T}, Sacrifice this token: Exile the top card of your library. You may play that card this turn. Activate only as a sorcery.",
    },
    Predefined {
        subtype: "Lander",
        rule: "111.10u",
        type_line: "Artifact — Lander",
        text: "{2}, {T}, Sacrifice this token: Search your library for a basic land card, put it onto the battlefield tapped, then shuffle.",
    },
];

/// The token a "create a [Word] token" effect makes when `word` names a predefined token
/// (111.10), or `None`.
#[must_use]
pub fn predefined(word: &str) -> Option<TokenSpec> {
    let d = PREDEFINED.iter().find(|d| d.subtype.eq_ignore_ascii_case(word))?;
    let (_, types, subtypes) = parse_type_line(d.type_line).ok()?;
    let mut spec = token_spec(Vec::new(), types, subtypes, None, d.text).ok()?;
    spec.rules.push(d.rule);
    Some(spec)
}

/// Builds a token's characteristics, compiling its text. Its name is its subtypes plus the
/// word "Token" (111.4).
///
/// # Errors
/// The compiler's errors for text it can't read.
pub fn token_spec(colors: Vec<Color>, types: Vec<CardType>, subtypes: Vec<String>, pt: Option<(Amount, Amount)>, text: &str) -> Result<TokenSpec, Vec<OracleError>> {
    let name = format!("{} Token", subtypes.join(" "));
    let mut abilities = oracle::compile(text, &name, &types)?;
    add_basic_land_abilities(&subtypes, &mut abilities);
    Ok(TokenSpec { name, colors, types, subtypes, power: pt.map(|p| p.0), toughness: pt.map(|p| p.1), text: text.to_owned(), abilities, rules: Vec::new() })
}

/// The definition of one token created from `spec` (111.3), with X = `x`: a token has no mana
/// cost, so its mana value is 0 (202.3a) and its colors are the ones the effect gives it.
#[must_use]
pub fn card_def(spec: &TokenSpec, x: u32) -> CardDef {
    let value = |a: Amount| match a {
        Amount::Fixed(n) => n,
        Amount::X => i32::try_from(x).unwrap_or(i32::MAX),
        Amount::MinusX => -i32::try_from(x).unwrap_or(i32::MAX),
        Amount::Kicked { base, .. } => base,
        // The compiler gives a token's power and toughness only numbers and X.
        Amount::ThatMuch | Amount::Stat { .. } | Amount::Count { .. } => 0,
    };
    let types: Vec<&str> = spec.types.iter().map(|t| t.name()).collect();
    CardDef {
        name: spec.name.as_str().into(),
        cost: None,
        type_line: format!("{} — {}", types.join(" "), spec.subtypes.join(" ")),
        supertypes: Vec::new(),
        types: spec.types.clone(),
        subtypes: spec.subtypes.clone(),
        power: spec.power.map(value),
        toughness: spec.toughness.map(value),
        loyalty: None,
        colors: spec.colors.clone(),
        text: spec.text.clone(),
        abilities: spec.abilities.clone(),
        token: true,
        layout: None,
        faces: Vec::new(),
    }
}

/// "a 1/1 white Soldier creature token with flying", for the trace.
#[must_use]
pub fn describe(def: &CardDef) -> String {
    let mut w: Vec<String> = Vec::new();
    if let (Some(p), Some(t)) = (def.power, def.toughness) {
        w.push(format!("{p}/{t}"));
    }
    w.push(if def.colors.is_empty() {
        "colorless".to_owned()
    } else {
        def.colors.iter().map(|c| c.name()).collect::<Vec<_>>().join(" and ")
    });
    w.extend(def.subtypes.iter().cloned());
    w.extend(def.types.iter().map(|t| t.name().to_lowercase()));
    w.push("token".to_owned());
    if !def.text.is_empty() {
        // One quotation per line of its text: 'with "flying" and "{R}: …"'.
        let quoted: Vec<String> = def.text.lines().map(|l| format!("\"{l}\"")).collect();
        w.push(format!("with {}", quoted.join(" and ")));
    }
    w.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::ir::{Ability, Affected, Instruction};

    /// Every predefined token in the table compiles, and reads as its rule says.
    #[test]
    fn predefined_tokens_compile() {
        for d in PREDEFINED {
            let spec = predefined(d.subtype).unwrap_or_else(|| panic!("{} does not compile", d.subtype));
            assert_eq!(spec.name, format!("{} Token", d.subtype));
            assert_eq!(spec.subtypes, vec![d.subtype.to_owned()]);
            assert!(spec.colors.is_empty());
            assert!(!spec.abilities.is_empty(), "{}", d.subtype);
            // Its rule is cited as the token is created, so it must be in the rules index.
            assert!(crate::rules::index().get(d.rule).is_some(), "{}", d.rule);
        }
        let treasure = predefined("treasure").map(|s| s.abilities);
        let Some([Ability::Activated { cost, effect, mana: true }]) = treasure.as_deref() else { panic!("{treasure:?}") };
        assert!(cost.tap && cost.sacrifice_self && cost.mana.is_empty());
        assert_eq!(effect.instructions, vec![Instruction::AddManaAnyColor { count: 1 }]);
        let blood = predefined("Blood").map(|s| s.abilities);
        let Some([Ability::Activated { cost, effect, mana: false }]) = blood.as_deref() else { panic!("{blood:?}") };
        assert!(cost.tap && cost.sacrifice_self && cost.discard_card && cost.mana.generic == 1);
        assert_eq!(effect.instructions, vec![Instruction::Draw { who: Affected::You, count: Amount::Fixed(1) }]);
        // 111.10h, 106.6: Powerstone's mana can't pay for a nonartifact spell.
        let powerstone = predefined("Powerstone").map(|s| s.abilities);
        let Some([Ability::Activated { cost, effect, mana: true }]) = powerstone.as_deref() else { panic!("{powerstone:?}") };
        assert!(cost.tap && cost.mana.is_empty());
        assert!(matches!(effect.instructions.as_slice(), [Instruction::SpendOnly { add, only: crate::cards::ir::ManaSpend::NotSpells(f) }] if **add == Instruction::AddMana(vec![crate::cards::ir::ManaKind::Colorless]) && f.types_none == [CardType::Artifact]));
    }

    #[test]
    fn token_card_definition() {
        let spec = token_spec(vec![Color::White], vec![CardType::Creature], vec!["Soldier".into()], Some((Amount::X, Amount::Fixed(1))), "Flying").unwrap_or_else(|e| panic!("{e:?}"));
        let def = card_def(&spec, 3);
        assert_eq!((&*def.name, def.power, def.toughness, def.token), ("Soldier Token", Some(3), Some(1), true));
        assert_eq!(def.type_line, "Creature — Soldier");
        assert_eq!(describe(&def), "3/1 white Soldier creature token with \"Flying\"");
    }
}
