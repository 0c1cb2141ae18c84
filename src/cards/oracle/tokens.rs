//! What "create" makes (701.7a, 111): "create a 1/1 white Soldier creature token", "create two
//! 2/2 black Zombie creature tokens with deathtouch", "create X 1/1 green Saproling creature
//! tokens", "create a tapped Treasure token", and "investigate" (701.16a: create a Clue token).
//!
//! The token's characteristics are read in the order Oracle text gives them — power and
//! toughness, colors, subtypes, card types, "token", then "with [keywords]" — and its name is
//! its subtypes plus "Token" (111.4). A predefined token (111.10) is named by its subtype
//! alone, and its abilities come from [`crate::cards::tokens`].

use super::effects::{amount, pt_amount};
use super::keywords::keyword_at;
use super::lexer::Tok;
use super::parser::{Fail, PResult, Parser};
use crate::cards::ir::{Affected, Amount, CardType, Color, Instruction, TokenSpec};
use crate::cards::tokens::{predefined, token_spec};

const EXPECTED: &str = "a token: power/toughness, colors, subtypes and card types (\"1/1 white Soldier creature token\"), or a predefined token the engine supports (Treasure, Food, Gold, Shard, Clue, Blood, Lander)";

/// After the verb "create"/"creates": the number of tokens and what they are. `who` creates
/// them (111.2).
pub fn parse_create(p: &mut Parser<'_>, who: Affected) -> PResult<Instruction> {
    p.one_token_created = false;
    if let Some(r) = super::copies::token_copy(p, who.clone()) {
        p.created_tokens = true;
        // One token, which a delayed instruction after it may name ("Sacrifice it at the
        // beginning of the next end step", 603.7c).
        p.one_token_created = who == Affected::You;
        return r;
    }
    let count = amount(p)?;
    let tapped = p.eat_word("tapped");
    p.created_tokens = true;
    let noun = if count == Amount::Fixed(1) { "token" } else { "tokens" };
    let token = match raw_word(p, 0).and_then(predefined) {
        Some(t) if p.peek_at(1).is_some_and(|t| t.is_word(noun)) => {
            p.pos += 2;
            t
        }
        _ => characteristics(p, noun)?,
    };
    p.one_token_created = count == Amount::Fixed(1) && who == Affected::You;
    // "… token with flying that's tapped and attacking" / "… tokens that are tapped and
    // attacking" (508.4): put onto the battlefield attacking.
    let mut tapped = tapped;
    let mut attacking = false;
    let mark = p.pos;
    if (p.eat_word("that's") || p.eat_word("that’s") || p.eat_words(&["that", "are"])) && p.eat_words(&["tapped", "and", "attacking"]) {
        tapped = true;
        attacking = true;
    } else {
        p.pos = mark;
    }
    Ok(Instruction::CreateTokens { who, count, token: Box::new(token), tapped, attacking })
}

/// "Investigate." (701.16a): create a Clue token.
pub fn investigate(p: &mut Parser<'_>) -> Option<Instruction> {
    p.created_tokens = true;
    let mut clue = predefined("Clue")?;
    clue.rules.insert(0, "701.16a");
    Some(Instruction::CreateTokens { who: Affected::You, count: Amount::Fixed(1), token: Box::new(clue), tapped: false, attacking: false })
}

/// The word at `pos + n` as written (case kept).
fn raw_word<'p>(p: &'p Parser<'_>, n: usize) -> Option<&'p str> {
    match &p.peek_at(n)?.tok {
        Tok::Word(w) => Some(w.as_str()),
        _ => None,
    }
}

/// "[P/T] [colors] [Subtypes] [types] token(s) [with keywords]".
fn characteristics(p: &mut Parser<'_>, noun: &str) -> PResult<TokenSpec> {
    let at = p.pos;
    // An unsigned "1/1" or "X/X"; "+1/+1" is a modifier, not a token's size.
    let pt = match p.peek().map(|t| (t.tok.clone(), t.start)) {
        Some((Tok::PtMod(pw, th), start)) if !p.text[start..].starts_with(['+', '-', '−']) => {
            p.bump();
            Some((pt_amount(pw), pt_amount(th)))
        }
        _ => None,
    };
    let mut colors = Vec::new();
    if !p.eat_word("colorless") {
        // "white", "green and blue", "red, white, and blue"
        loop {
            let Some(c) = p.word().as_deref().and_then(Color::from_name) else { return Err(p.fail(EXPECTED)) };
            colors.push(c);
            p.bump();
            let next_is_color = |p: &Parser<'_>, n: usize| p.peek_at(n).and_then(|t| t.word()).as_deref().and_then(Color::from_name).is_some();
            if p.at_punct(',') && p.peek_at(1).is_some_and(|t| t.is_word("and")) && next_is_color(p, 2) {
                p.pos += 2;
            } else if (p.at_punct(',') || p.at_word("and")) && next_is_color(p, 1) {
                p.bump();
            } else {
                break;
            }
        }
    }
    colors.sort();
    colors.dedup();
    // Subtypes are capitalized ("Elf Warrior"); card types are not.
    let mut subtypes = Vec::new();
    while let Some(w) = raw_word(p, 0).filter(|w| w.starts_with(char::is_uppercase)) {
        subtypes.push(w.to_owned());
        p.bump();
    }
    if subtypes.is_empty() {
        return Err(p.fail("the token's subtypes (\"Soldier\", \"Elf Warrior\")"));
    }
    let mut types = Vec::new();
    while let Some(t) = p.word().as_deref().and_then(CardType::from_name).filter(|t| t.is_permanent_type()) {
        types.push(t);
        p.bump();
    }
    if types.is_empty() {
        return Err(p.fail("the token's card types (\"creature\", \"artifact creature\")"));
    }
    if !p.eat_word(noun) {
        return Err(p.fail(format!("\"{noun}\"")));
    }
    let creature = types.contains(&CardType::Creature);
    if creature != pt.is_some() {
        return Err(Fail { at, expected: "power and toughness for a creature token, and only for one".into() });
    }
    let mut keywords = Vec::new();
    if p.at_word("with") && keyword_at(p, p.pos + 1).is_some() {
        p.bump();
        // "with flying", "with flying and vigilance", "with flying, first strike, and lifelink"
        loop {
            let Some((k, words)) = keyword_at(p, p.pos) else { return Err(p.fail("a keyword the engine supports")) };
            keywords.push(k.name());
            p.pos += words;
            let mark = p.pos;
            p.eat_punct(',');
            p.eat_word("and");
            if p.pos == mark || keyword_at(p, p.pos).is_none() {
                p.pos = mark;
                break;
            }
        }
    }
    let mut text = keywords.join(", ");
    // 'with "This token can't block."', 'with flying and "…"' (111.3: the abilities the
    // effect gives the token).
    let is_quote = |p: &Parser<'_>, n: usize| p.peek_at(n).is_some_and(|t| t.is_punct('"') || t.is_punct('“'));
    if (p.at_word("with") && keywords.is_empty() || p.at_word("and") && !keywords.is_empty()) && is_quote(p, 1) {
        p.bump();
        let name = format!("{} Token", subtypes.join(" "));
        for (_, quoted) in super::effects::parse_quoted_abilities(p, "the token's ability", &name)? {
            push_line(&mut text, &quoted);
        }
    }
    token_spec(colors, types, subtypes, pt, &text).map_err(|_| Fail { at, expected: "token abilities the engine supports".into() })
}

fn push_line(text: &mut String, line: &str) {
    if !text.is_empty() {
        text.push('\n');
    }
    text.push_str(line);
}

/// 'It has "Sacrifice this token: Add {C}."' or 'They have "…"' right after "create …
/// token(s).": the quoted abilities are the created tokens' own (111.3), added to what the
/// last instruction creates. Returns whether such a sentence was read.
///
/// # Errors
/// When the quotation does not compile.
pub fn quoted_rider(p: &mut Parser<'_>) -> PResult<bool> {
    let Some(Instruction::CreateTokens { count, token, .. }) = p.effect.instructions.last() else { return Ok(false) };
    let verb: &[&str] = if *count == Amount::Fixed(1) { &["it", "has"] } else { &["they", "have"] };
    if !p.at_words(verb) || !p.peek_at(2).is_some_and(|t| t.is_punct('"') || t.is_punct('“')) {
        return Ok(false);
    }
    let at = p.pos;
    let name = token.name.clone();
    p.pos += 2;
    let quoted = super::effects::parse_quoted_abilities(p, "the token's ability", &name)?;
    p.eat_punct('.');
    let Some(Instruction::CreateTokens { token, .. }) = p.effect.instructions.last_mut() else { return Ok(false) };
    let mut text = token.text.clone();
    for (_, q) in &quoted {
        push_line(&mut text, q);
    }
    let spec = token_spec(token.colors.clone(), token.types.clone(), token.subtypes.clone(), token.power.zip(token.toughness), &text).map_err(|_| Fail { at, expected: "token abilities the engine supports".into() })?;
    token.text = spec.text;
    token.abilities = spec.abilities;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, Affected, Amount, CardType, Color, Effect, Instruction, Keyword, ObjectFilter, TargetSpec};
    use crate::cards::tokens::predefined;

    /// The one instruction of a spell.
    fn created(text: &str, name: &str) -> (Affected, Amount, crate::cards::ir::TokenSpec, bool) {
        let abilities = ok(text, name, SORCERY);
        let [Ability::Spell(Effect { instructions, .. })] = abilities.as_slice() else { panic!("{abilities:?}") };
        let Some(Instruction::CreateTokens { who, count, token, tapped, .. }) = instructions.last() else { panic!("{instructions:?}") };
        (who.clone(), *count, (**token).clone(), *tapped)
    }

    #[test]
    fn creature_tokens() {
        // Raise the Alarm
        let (who, count, t, tapped) = created("Create two 1/1 white Soldier creature tokens.", "Raise the Alarm");
        assert_eq!((who, count, tapped), (Affected::You, n(2), false));
        assert_eq!((t.name.as_str(), t.power, t.toughness), ("Soldier Token", Some(n(1)), Some(n(1))));
        assert_eq!((t.colors, t.types, t.subtypes), (vec![Color::White], vec![CardType::Creature], vec!["Soldier".to_owned()]));
        assert!(t.abilities.is_empty());
        // Sprout Swarm's last line; a single token.
        let (_, count, t, _) = created("Create a 1/1 green Saproling creature token.", "Sprout Test");
        assert_eq!((count, t.name.as_str()), (n(1), "Saproling Token"));
        // 508.4: "that's tapped and attacking" after the token's keywords.
        let geist = ok("Hexproof\nWhenever Geist of Saint Traft attacks, create a 4/4 white Angel creature token with flying that's tapped and attacking. Exile that token at end of combat.", "Geist of Saint Traft", &[CardType::Creature]);
        let Ability::Triggered { effect, .. } = &geist[1] else { panic!("{geist:?}") };
        assert!(matches!(&effect.instructions[0], Instruction::CreateTokens { tapped: true, attacking: true, token, .. } if token.power == Some(Amount::Fixed(4))), "{effect:?}");
        let (_, _, _, tapped) = created("Create a 1/1 red Goblin creature token that's tapped and attacking.", "General Kreat Test");
        assert!(tapped);
        // Midnight Haunting: keywords after "with".
        let (_, _, t, _) = created("Create two 1/1 white Spirit creature tokens with flying.", "Midnight Haunting");
        assert_eq!(t.abilities, vec![Ability::Keyword(Keyword::Flying)]);
        let (_, _, t, _) = created("Create a 2/2 black Zombie creature token with deathtouch and lifelink.", "Test");
        assert_eq!(t.abilities, vec![Ability::Keyword(Keyword::Deathtouch), Ability::Keyword(Keyword::Lifelink)]);
        assert_eq!(t.text, "deathtouch, lifelink");
        // Martial Coup's first sentence: X tokens; two subtypes, two colors, two card types.
        let (_, count, _, _) = created("Create X 1/1 white Soldier creature tokens.", "Secure Test");
        assert_eq!(count, Amount::X);
        let (_, _, t, _) = created("Create a 1/1 green and white Elf Warrior creature token.", "Test");
        assert_eq!((t.name.as_str(), t.colors), ("Elf Warrior Token", vec![Color::White, Color::Green]));
        let (_, _, t, _) = created("Create a 1/1 colorless Thopter artifact creature token with flying.", "Test");
        assert_eq!((t.colors.len(), t.types), (0, vec![CardType::Artifact, CardType::Creature]));
        // An X/X token's size is X as it is created.
        let (_, _, t, tapped) = created("Create a tapped X/X green Ooze creature token.", "Test");
        assert_eq!((t.power, t.toughness, tapped), (Some(Amount::X), Some(Amount::X), true));
    }

    #[test]
    fn who_creates() {
        // Beast Within: the destroyed permanent's controller creates the token (111.2).
        let abilities = ok("Destroy target permanent. Its controller creates a 3/3 green Beast creature token.", "Beast Within", INSTANT);
        let [Ability::Spell(Effect { targets, instructions, .. })] = abilities.as_slice() else { panic!("{abilities:?}") };
        assert_eq!(targets.len(), 1);
        assert!(matches!(&instructions[1], Instruction::CreateTokens { who: Affected::ControllerOfTarget(0), .. }));
        // Deadly Dispute: "and" continues the imperative.
        let text = "As an additional cost to cast this spell, sacrifice an artifact or creature.\nDraw two cards and create a Treasure token.";
        let abilities = ok(text, "Deadly Dispute", INSTANT);
        let Some(Ability::Spell(Effect { instructions, .. })) = abilities.iter().find(|a| matches!(a, Ability::Spell(_))) else { panic!("{abilities:?}") };
        assert!(matches!(&instructions[1], Instruction::CreateTokens { who: Affected::You, token, .. } if token.name == "Treasure Token"));
        // In a triggered ability: Doomed Traveler.
        let abilities = ok("When this creature dies, create a 1/1 white Spirit creature token with flying.", "Doomed Traveler", CREATURE);
        assert!(matches!(abilities.as_slice(), [Ability::Triggered { .. }]));
    }

    #[test]
    fn predefined_tokens() {
        for (text, name) in [
            ("Create a Treasure token.", "Treasure Token"),
            ("Create a Food token.", "Food Token"),
            ("Create a Clue token.", "Clue Token"),
            ("Create a Blood token.", "Blood Token"),
        ] {
            let (_, count, t, _) = created(text, "Test");
            assert_eq!((count, t.name.as_str()), (n(1), name));
            assert_eq!(Some(t), predefined(name.trim_end_matches(" Token")));
        }
        let (_, count, t, tapped) = created("Create two tapped Treasure tokens.", "Test");
        assert_eq!((count, t.rules, tapped), (n(2), vec!["111.10a"], true));
        // Thraben Inspector: investigate.
        let abilities = ok("When this creature enters, investigate.", "Thraben Inspector", CREATURE);
        let [Ability::Triggered { effect, .. }] = abilities.as_slice() else { panic!("{abilities:?}") };
        assert!(matches!(&effect.instructions[..], [Instruction::CreateTokens { token, .. }] if token.name == "Clue Token" && token.rules == ["701.16a", "111.10f"]));
    }

    #[test]
    fn unsupported_tokens_are_pinpointed() {
        for (text, fragment) in [
            // A predefined token the engine doesn't know: its text can't be read yet.
            ("Create a tapped Incubator token.", "Incubator token"),
            // Singular count, plural noun.
            ("Create a 1/1 white Soldier creature tokens.", "tokens"),
            // A quoted ability the compiler can't read: the error points inside the quotation.
            ("Create a 1/1 green Elf creature token with \"{T}: Venture into the dungeon.\"", "Venture into the dungeon"),
            // A keyword the engine doesn't support.
            ("Create a 1/1 black Rogue creature token with banding.", "with banding"),
            // A creature token without power and toughness.
            ("Create a white Soldier creature token.", "white Soldier creature token"),
        ] {
            let e = errs(text, "Test", SORCERY);
            assert_eq!(e.len(), 1, "{text}");
            assert!(text[e[0].0..e[0].1].starts_with(fragment), "{text}: {:?}", &text[e[0].0..e[0].1]);
        }
    }

    /// Quoted abilities given to created tokens (111.3): 'with "…"', 'with flying and "…"',
    /// and a following 'It has "…"' / 'They have "…"', on real cards.
    #[test]
    fn quoted_token_abilities() {
        use crate::cards::ir::{Ability, Cost};
        // Corpsehatch: "They have" after two tokens; the ability is a mana ability (605.1a).
        let (_, count, t, _) = created("Destroy target nonblack creature. Create two 0/1 colorless Eldrazi Spawn creature tokens. They have \"Sacrifice this token: Add {C}.\"", "Corpsehatch");
        assert_eq!(count, Amount::Fixed(2));
        assert_eq!(t.text, "Sacrifice this token: Add {C}.");
        assert!(matches!(t.abilities.as_slice(), [Ability::Activated { cost: Cost { sacrifice_self: true, .. }, mana: true, .. }]), "{:?}", t.abilities);
        // Spawning Breath: "It has" after one token.
        let (_, _, t, _) = created("Spawning Breath deals 1 damage to any target. Create a 0/1 colorless Eldrazi Spawn creature token. It has \"Sacrifice this token: Add {C}.\"", "Spawning Breath");
        assert_eq!(t.name, "Eldrazi Spawn Token");
        assert_eq!(t.abilities.len(), 1);
        // Dragon Egg's token: a keyword and a quoted ability.
        let text = "When this creature dies, create a 2/2 red Dragon creature token with flying and \"{R}: This token gets +1/+0 until end of turn.\"";
        let a = ok(text, "Dragon Egg", &[CardType::Creature]);
        let [Ability::Triggered { effect: Effect { instructions, .. }, .. }] = a.as_slice() else { panic!("{a:?}") };
        let [Instruction::CreateTokens { token, .. }] = instructions.as_slice() else { panic!("{instructions:?}") };
        assert_eq!(token.text, "flying\n{R}: This token gets +1/+0 until end of turn.");
        assert!(matches!(token.abilities.as_slice(), [Ability::Keyword(_), Ability::Activated { mana: false, .. }]), "{:?}", token.abilities);
        // Synapse Necromage: 'with "This token can't block."'.
        let (_, _, t, _) = created("Create two 1/1 black Fungus creature tokens with \"This token can't block.\"", "Test");
        assert_eq!(t.abilities.len(), 1);
        // "It has" after two tokens does not name them: not read.
        let text = "Create two 0/1 colorless Eldrazi Spawn creature tokens. It has \"Sacrifice this token: Add {C}.\"";
        assert_eq!(errs(text, "Test", SORCERY).len(), 1);
    }

    /// "it" after creating a token means the token, which no referent names yet: refused, never
    /// read as the source or an earlier target.
    #[test]
    fn references_to_created_tokens_are_refused() {
        // Daring Piracy: in a delayed instruction "it" is the token, linked to the delayed
        // ability (603.7c) — never the enchantment itself.
        let text = "At the beginning of combat on your turn, create a 1/1 red Pirate creature token with menace and haste. Exile it at the beginning of the next end step.";
        let a = ok(text, "Daring Piracy", &[CardType::Enchantment]);
        let Ability::Triggered { effect, .. } = &a[0] else { panic!("{a:?}") };
        assert!(matches!(&effect.instructions[1], Instruction::Delayed { instructions, link: Some(Affected::CreatedTokens), .. } if instructions[..] == [Instruction::Exile(Affected::Linked)]), "{a:?}");
        // Additive Evolution: the counters go on the token, not the enchantment.
        let text = "When this enchantment enters, create a 0/0 green and blue Fractal creature token. Put three +1/+1 counters on it.";
        assert_eq!(errs(text, "Additive Evolution", &[CardType::Enchantment]).len(), 1);
        // Artistic Process's third mode: "It" is not the first mode's target.
        let text = "Choose one —\n• Artistic Process deals 6 damage to target creature.\n• Create a 3/3 blue and red Elemental creature token with flying. It gains haste until end of turn.";
        assert_eq!(errs(text, "Artistic Process", SORCERY).len(), 1);
        // The same sentence: "and put a counter on it".
        assert_eq!(errs("Create a 0/0 green Ooze creature token and put a +1/+1 counter on it.", "Test", SORCERY).len(), 1);
        // "that player" is never the token.
        let text = "Whenever an opponent draws a card, create a Treasure token. That player loses 1 life.";
        assert_eq!(ok(text, "Test", &[CardType::Enchantment]).len(), 1);
    }

    /// A land creature token with a basic land type has its mana ability (305.6): Awaken the Woods.
    #[test]
    fn land_tokens_have_their_intrinsic_mana_ability() {
        let (_, count, t, _) = created("Create X 1/1 green Forest Dryad land creature tokens.", "Awaken the Woods");
        assert_eq!((count, t.types), (Amount::X, vec![CardType::Land, CardType::Creature]));
        assert!(matches!(t.abilities.as_slice(), [Ability::Activated { mana: true, .. }]), "{:?}", t.abilities);
    }

    #[test]
    fn token_filters() {
        use crate::cards::ir::ControllerFilter;
        let nontoken = ObjectFilter { types_any: vec![CardType::Creature], token: Some(false), ..ObjectFilter::default() };
        assert_eq!(ok("Destroy target nontoken creature.", "Test", INSTANT), spell(vec![TargetSpec::Permanent(nontoken.clone())], vec![Instruction::Destroy(T0)]));
        assert_eq!(
            ok("Destroy all nontoken creatures.", "Test", SORCERY),
            spell(vec![], vec![Instruction::Destroy(Affected::EachPermanent(nontoken))])
        );
        let tokens = ObjectFilter { types_any: vec![CardType::Creature], token: Some(true), controller: ControllerFilter::You, ..ObjectFilter::default() };
        assert_eq!(
            ok("Creature tokens you control get +1/+1 until end of turn.", "Test", INSTANT),
            spell(vec![], vec![Instruction::Pump { what: Affected::EachPermanent(tokens), power: n(1), toughness: n(1) }])
        );
        let any_token = ObjectFilter { token: Some(true), ..ObjectFilter::default() };
        assert_eq!(ok("Exile target token.", "Test", INSTANT), spell(vec![TargetSpec::Permanent(any_token)], vec![Instruction::Exile(T0)]));
        let nonland_nontoken = ObjectFilter { types_none: vec![CardType::Land], token: Some(false), ..ObjectFilter::default() };
        assert_eq!(
            ok("Return target nonland, nontoken permanent to its owner's hand.", "Test", INSTANT),
            spell(vec![TargetSpec::Permanent(nonland_nontoken)], vec![Instruction::ReturnToHand(T0)])
        );
    }
}
