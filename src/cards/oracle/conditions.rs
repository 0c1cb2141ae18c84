//! Conditions: one grammar for the intervening "if" clause of a triggered ability (603.4), the
//! "as long as" of a static ability (611.3a) and the conditions of effects and activation
//! restrictions. A condition is a noun phrase with a count ("you control three or more
//! artifacts", "there are seven or more cards in your graveyard", "you have no cards in
//! hand"), a fact about the source ("this creature is tapped", "it's attacking", "it was
//! kicked", "you cast it from your hand") or about the turn so far ("you attacked this turn",
//! "a creature died this turn").

use super::lexer::Tok;
use super::parser::{PResult, Parser};
use super::targets::{Head, count_word, eat_self_ref, parse_filter};
use crate::cards::ir::{Cmp, Condition, ControllerFilter, Whose};

/// What the parser says it expected when no condition reads.
const EXPECTED: &str = "a condition the engine knows (\"you control a …\", \"there are N or more cards in your graveyard\", \"you have N or less life\", \"it's your turn\", \"this creature is tapped\", \"you attacked this turn\", \"a creature died this turn\", \"it was kicked\", \"you cast it\")";

fn eat_any(p: &mut Parser<'_>, phrases: &[&[&str]]) -> bool {
    phrases.iter().any(|ph| p.eat_words(ph))
}

/// A count before a noun: "a"/"an" (at least one), "no" (none), "N or more", "N or fewer",
/// "N or less", "exactly N"? (not read). Returns the comparison and whether the noun is plural.
fn count(p: &mut Parser<'_>) -> Option<(Cmp, bool)> {
    if p.eat_word("no") {
        return Some((Cmp::AtMost(0), true));
    }
    if let Some(n) = count_word(p, 0)
        && p.peek_at(1).is_some_and(|t| t.is_word("or"))
    {
        let more = p.peek_at(2).is_some_and(|t| t.is_word("more") || t.is_word("greater"));
        let fewer = p.peek_at(2).is_some_and(|t| t.is_word("fewer") || t.is_word("less"));
        if more || fewer {
            p.pos += 3;
            let n = i64::from(n);
            return Some((if more { Cmp::AtLeast(n) } else { Cmp::AtMost(n) }, n != 1));
        }
    }
    if p.eat_word("a") || p.eat_word("an") {
        return Some((Cmp::AtLeast(1), false));
    }
    None
}

/// A count followed by permanents: "a Forest", "three or more artifacts", "no other
/// creatures", "another Wizard". Returns the filter, whether the source is left out, the count.
fn counted_permanents(p: &mut Parser<'_>) -> PResult<(crate::cards::ir::ObjectFilter, bool, Cmp)> {
    let (cmp, plural, another) = if p.eat_word("another") {
        (Cmp::AtLeast(1), false, true)
    } else {
        let Some((cmp, plural)) = count(p) else { return Err(p.fail("\"a …\", \"no …\", \"another …\" or \"N or more …\"")) };
        (cmp, plural, p.eat_word("other"))
    };
    let at = p.pos;
    let (filter, head) = parse_filter(p, plural)?;
    if head != Head::Permanent {
        return Err(super::parser::Fail { at, expected: "permanents (\"a Forest\", \"three or more artifacts\")".into() });
    }
    Ok((filter, another, cmp))
}

/// "[N or more] [filter] cards in your graveyard" after "there are" / "you have", or before
/// "are in your graveyard".
fn graveyard_cards(p: &mut Parser<'_>, are: bool) -> PResult<Condition> {
    let Some((cmp, plural)) = count(p) else { return Err(p.fail("\"N or more\"")) };
    // Delirium (207.2c): "four or more card types among cards in your graveyard" (205.2a).
    if !are && p.eat_words(&["card", "types", "among", "cards", "in", "your", "graveyard"]) {
        return Ok(Condition::CardTypesInGraveyard(cmp));
    }
    let (filter, head) = if p.at_word("cards") || p.at_word("card") {
        p.bump();
        (crate::cards::ir::ObjectFilter::default(), Head::Card)
    } else {
        parse_filter(p, plural)?
    };
    if head != Head::Card {
        return Err(p.fail("cards (\"creature cards\")"));
    }
    if are && !(p.eat_word("are") || p.eat_word("is")) {
        return Err(p.fail("\"are in your graveyard\""));
    }
    p.expect_words(&["in", "your", "graveyard"])?;
    Ok(Condition::CardsInGraveyard { filter, count: cmp })
}

/// "N or more life" / "N or less life" after "you have" / "a player has".
fn life(p: &mut Parser<'_>, whose: Whose) -> Option<PResult<Condition>> {
    let Some(Tok::Number(n)) = p.peek().map(|t| t.tok.clone()) else { return None };
    if !p.peek_at(3).is_some_and(|t| t.is_word("life")) {
        return None;
    }
    p.bump();
    let n = i64::from(n);
    let cmp = if p.eat_words(&["or", "more"]) {
        Cmp::AtLeast(n)
    } else if p.eat_words(&["or", "less"]) || p.eat_words(&["or", "fewer"]) {
        Cmp::AtMost(n)
    } else {
        return Some(Err(p.fail("\"or more\" or \"or less\"")));
    };
    Some(p.expect_words(&["life"]).map(|()| Condition::Life(whose, cmp)))
}

/// One or more symbols of the same colored mana before "was spent": "{U}", "{R}{R}". The
/// cursor moves only when they are there and "was spent" follows.
fn spent_symbols(p: &mut Parser<'_>) -> Option<(crate::cards::ir::Color, u32)> {
    let color_of = |t: &super::lexer::Token| match &t.tok {
        Tok::Symbol(s) => match s.as_str() {
            "W" => Some(crate::cards::ir::Color::White),
            "U" => Some(crate::cards::ir::Color::Blue),
            "B" => Some(crate::cards::ir::Color::Black),
            "R" => Some(crate::cards::ir::Color::Red),
            "G" => Some(crate::cards::ir::Color::Green),
            _ => None,
        },
        _ => None,
    };
    let first = color_of(p.peek()?)?;
    let mut n = 1;
    while p.peek_at(n).and_then(color_of) == Some(first) {
        n += 1;
    }
    if !(p.peek_at(n).is_some_and(|t| t.is_word("was")) && p.peek_at(n + 1).is_some_and(|t| t.is_word("spent"))) {
        return None;
    }
    p.pos += n;
    Some((first, u32::try_from(n).unwrap_or(u32::MAX)))
}

/// A fact about how the resolving spell was cast, in its own instructions (after "if"):
/// "this spell was cast from a graveyard", "you cast this spell during your main phase", "at
/// least three red mana was spent to cast this spell", "X is 5 or more". `None` (the cursor
/// unmoved) when the words are none of these.
///
/// # Errors
/// Words that start one of these and go on in a way not read.
pub fn this_spell(p: &mut Parser<'_>) -> Option<PResult<Condition>> {
    use crate::cards::ir::SpellFact;
    let start = p.pos;
    if p.eat_words(&["this", "spell", "was", "cast", "from"]) {
        // "from a graveyard" / "from your graveyard": a spell is cast only from its owner's
        // graveyard unless an effect allows another's; either way "a graveyard" holds.
        if p.eat_words(&["a", "graveyard"]) || p.eat_words(&["your", "graveyard"]) {
            return Some(Ok(Condition::Spell(SpellFact::CastFromGraveyard)));
        }
        return Some(Err(p.fail("\"a graveyard\"")));
    }
    if p.eat_words(&["you", "cast", "this", "spell", "during", "your", "main", "phase"]) {
        return Some(Ok(Condition::Spell(SpellFact::CastInYourMainPhase)));
    }
    // "If {U} was spent to cast this spell", "… {R}{R} was spent …".
    if let Some((color, n)) = spent_symbols(p) {
        return Some(p.expect_words(&["was", "spent", "to", "cast", "this", "spell"]).map(|()| Condition::Spell(SpellFact::ManaSpent { color, n })));
    }
    if p.eat_words(&["at", "least"]) {
        let Some(n) = count_word(p, 0) else { return Some(Err(p.fail("a number"))) };
        p.bump();
        let Some(color) = p.word().as_deref().and_then(crate::cards::ir::Color::from_name) else {
            return Some(Err(p.fail("a color (\"red mana\")")));
        };
        p.bump();
        return Some(p.expect_words(&["mana", "was", "spent", "to", "cast", "this", "spell"]).map(|()| Condition::Spell(SpellFact::ManaSpent { color, n })));
    }
    if p.at_words(&["x", "is"]) {
        p.pos += 2;
        if let Some((cmp, _)) = count(p) {
            return Some(Ok(Condition::Spell(SpellFact::X(cmp))));
        }
        p.pos = start;
        return Some(Err(p.fail("\"X is N or more\" / \"X is N or less\"")));
    }
    None
}

/// Parses a condition at the cursor.
///
/// # Errors
/// The first words that are not a condition the engine knows.
pub fn parse(p: &mut Parser<'_>) -> PResult<Condition> {
    let start = p.pos;
    // A meld ability's condition (712.4a).
    if p.at_words(&["you", "both", "own", "and", "control"]) {
        return super::meld::own_and_control(p);
    }
    // The werewolves' conditions (603.4): spells cast in the previous turn, by anyone or by
    // one player.
    if p.eat_words(&["no", "spells", "were", "cast", "last", "turn"]) {
        return Ok(Condition::SpellsLastTurn { two_by_one: false });
    }
    if p.eat_words(&["a", "player", "cast", "two", "or", "more", "spells", "last", "turn"]) {
        return Ok(Condition::SpellsLastTurn { two_by_one: true });
    }
    for (words, yes) in [
        (&["it's", "your", "turn"][..], true),
        (&["it’s", "your", "turn"][..], true),
        (&["it", "is", "your", "turn"][..], true),
        (&["it's", "not", "your", "turn"][..], false),
        (&["it’s", "not", "your", "turn"][..], false),
        (&["it", "isn't", "your", "turn"][..], false),
        (&["it", "isn’t", "your", "turn"][..], false),
    ] {
        if p.eat_words(words) {
            return Ok(Condition::YourTurn(yes));
        }
    }
    // "you're the monarch", "an opponent is the monarch" (724).
    for (words, whose) in [
        (&["you're", "the", "monarch"][..], Whose::You),
        (&["you’re", "the", "monarch"][..], Whose::You),
        (&["you", "are", "the", "monarch"][..], Whose::You),
        (&["an", "opponent", "is", "the", "monarch"][..], Whose::Opponent),
    ] {
        if p.eat_words(words) {
            return Ok(Condition::Monarch(whose));
        }
    }
    // "you have the city's blessing" (702.131c), the designation ascend gives.
    if p.eat_words(&["you", "have", "the", "city's", "blessing"]) || p.eat_words(&["you", "have", "the", "city’s", "blessing"]) {
        return Ok(Condition::CityBlessing);
    }
    // "the gift was promised", "the gift wasn't promised" (702.174k).
    for (words, promised) in [(&["the", "gift", "was", "promised"][..], true), (&["the", "gift", "wasn't", "promised"], false), (&["the", "gift", "wasn’t", "promised"], false), (&["the", "gift", "was", "not", "promised"], false)] {
        if p.eat_words(words) {
            return Ok(Condition::GiftPromised(promised));
        }
    }
    // Facts about the source: "this creature is tapped", "it's attacking", "it was kicked".
    let is = if eat_self_ref(p) || p.eat_word("it") {
        p.eat_word("is")
    } else {
        eat_any(p, &[&["it's"], &["it’s"]])
    };
    if p.pos != start {
        if is || p.at_word("was") {
            if p.eat_word("tapped") {
                return Ok(Condition::SourceTapped(true));
            }
            if p.eat_word("untapped") {
                return Ok(Condition::SourceTapped(false));
            }
            if p.eat_word("attacking") {
                if p.eat_word("alone") {
                    return Ok(Condition::SourceAttackingAlone);
                }
                return Ok(Condition::SourceAttacking);
            }
            // "this creature is monstrous" (701.37b)
            if is && p.eat_word("monstrous") {
                return Ok(Condition::SourceMonstrous);
            }
            if p.eat_words(&["was", "kicked"]) {
                if p.at_word("with") {
                    return Err(p.fail("\"if it was kicked\" without naming one of several kicker costs (702.33f is not supported yet)"));
                }
                return Ok(Condition::Kicked);
            }
            // "this spell was bargained", "it was bargained" (702.166b).
            if p.eat_words(&["was", "bargained"]) {
                return Ok(Condition::Bargained);
            }
            if p.eat_word("equipped") {
                return Ok(Condition::SourceAttached { equipment: true });
            }
            if p.eat_word("enchanted") {
                return Ok(Condition::SourceAttached { equipment: false });
            }
        }
        // "it has a +1/+1 counter on it"
        if p.eat_word("has") {
            let n = if p.eat_word("a") || p.eat_word("an") {
                1
            } else if let Some(n) = count_word(p, 0).filter(|_| p.peek_at(1).is_some_and(|t| t.is_word("or")) && p.peek_at(2).is_some_and(|t| t.is_word("more"))) {
                p.pos += 3;
                n
            } else {
                return Err(p.fail("\"a … counter on it\""));
            };
            let kind = super::statics::counter_noun(p)?;
            p.expect_words(&["on", "it"])?;
            return Ok(Condition::SourceCounters { kind, n });
        }
        return Err(p.fail("\"is tapped\", \"is untapped\", \"is attacking\", \"is equipped\", \"has a … counter on it\" or \"was kicked\""));
    }
    // "{R} was spent to cast it" (601.2h): what the permanent's spell cost.
    let mark = p.pos;
    if let Some((color, n)) = spent_symbols(p) {
        if p.eat_words(&["was", "spent", "to", "cast", "it"]) {
            return Ok(Condition::Spell(crate::cards::ir::SpellFact::ManaSpent { color, n }));
        }
        p.pos = mark;
    }
    if p.eat_words(&["you", "cast", "it"]) {
        let from_hand = p.eat_words(&["from", "your", "hand"]);
        return Ok(Condition::Cast { from_hand });
    }
    if p.eat_words(&["you", "attacked", "this", "turn"]) || p.eat_words(&["you", "attacked", "with", "a", "creature", "this", "turn"]) {
        return Ok(Condition::AttackedThisTurn);
    }
    if p.eat_words(&["a", "creature", "died", "this", "turn"]) {
        return Ok(Condition::CreatureDiedThisTurn);
    }
    // "three or more creatures died this turn", "no creatures died this turn" (700.4).
    let mark = p.pos;
    if let Some((cmp, _)) = count(p)
        && (p.eat_words(&["creatures", "died", "this", "turn"]) || p.eat_words(&["creature", "died", "this", "turn"]))
    {
        return Ok(Condition::CreaturesDied(cmp));
    }
    p.pos = mark;
    if p.eat_words(&["you", "have", "a", "full", "party"]) {
        return Ok(Condition::FullParty);
    }
    if p.eat_words(&["a", "permanent", "left", "the", "battlefield", "under", "your", "control", "this", "turn"]) || p.eat_words(&["a", "permanent", "you", "controlled", "left", "the", "battlefield", "this", "turn"]) {
        return Ok(Condition::LeftBattlefieldThisTurn);
    }
    if p.eat_words(&["you", "gained", "life", "this", "turn"]) {
        return Ok(Condition::GainedLifeThisTurn);
    }
    if p.eat_words(&["an", "opponent", "lost", "life", "this", "turn"]) {
        return Ok(Condition::OpponentLostLifeThisTurn);
    }
    // "an opponent controls more lands than you", "an opponent has more life than you".
    if p.eat_words(&["an", "opponent", "controls", "more"]) {
        let at = p.pos;
        let (filter, head) = parse_filter(p, true)?;
        if head != Head::Permanent || filter.controller != ControllerFilter::Any {
            return Err(super::parser::Fail { at, expected: "permanents (\"more lands\", \"more creatures\")".into() });
        }
        p.expect_words(&["than", "you"])?;
        return Ok(Condition::OpponentControlsMore(filter));
    }
    if p.eat_words(&["an", "opponent", "has", "more", "life", "than", "you"]) {
        return Ok(Condition::OpponentMoreLife);
    }
    // "you control …", "you don't control …", "an opponent controls …".
    let controls = if p.eat_words(&["you", "control"]) {
        Some((Whose::You, false))
    } else if eat_any(p, &[&["you", "don't", "control"], &["you", "don’t", "control"], &["you", "do", "not", "control"]]) {
        Some((Whose::You, true))
    } else if p.eat_words(&["an", "opponent", "controls"]) {
        Some((Whose::Opponent, false))
    } else {
        None
    };
    if let Some((whose, negated)) = controls {
        let (mut filter, another, cmp) = counted_permanents(p)?;
        if filter.controller != ControllerFilter::Any {
            return Err(p.fail("a permanent without a controller of its own"));
        }
        filter.controller = if whose == Whose::You { ControllerFilter::You } else { ControllerFilter::Opponent };
        let cmp = match (negated, cmp) {
            (false, c) => c,
            (true, Cmp::AtLeast(1)) => Cmp::AtMost(0),
            (true, _) => return Err(p.fail("\"a …\" after \"don't control\"")),
        };
        return Ok(Condition::Controls { whose, filter, another, count: cmp });
    }
    // Threshold and its kin: "there are seven or more cards in your graveyard", "four or more
    // creature cards are in your graveyard".
    if p.eat_words(&["there", "are"]) || p.eat_words(&["there", "is"]) {
        // "there are two or more ki counters on this creature" (122): counters on the source.
        let mark = p.pos;
        if let Some(n) = count_word(p, 0)
            && p.peek_at(1).is_some_and(|t| t.is_word("or"))
            && p.peek_at(2).is_some_and(|t| t.is_word("more"))
        {
            p.pos += 3;
            if super::statics::counter_kind(p).is_some() {
                let kind = super::statics::counter_noun(p)?;
                p.expect_words(&["on"])?;
                if !super::targets::eat_self_ref(p) {
                    return Err(p.fail("\"this creature\" or its name"));
                }
                return Ok(Condition::SourceCounters { kind, n });
            }
            p.pos = mark;
        }
        return graveyard_cards(p, false);
    }
    if count_word(p, 0).is_some() && p.peek_at(1).is_some_and(|t| t.is_word("or")) {
        return graveyard_cards(p, true);
    }
    if p.eat_words(&["a", "player", "has"]) {
        return life(p, Whose::Each).unwrap_or_else(|| Err(p.fail("\"N or less life\"")));
    }
    for ap in ["you've", "you’ve"] {
        if p.eat_words(&[ap, "drawn"]) {
            let Some((cmp, _)) = count(p) else { return Err(p.fail("\"N or more\"")) };
            p.expect_words(&["cards", "this", "turn"])?;
            return Ok(Condition::DrawnThisTurn(cmp));
        }
    }
    if p.eat_words(&["you", "have"]) {
        if let Some(c) = life(p, Whose::You) {
            return c;
        }
        let mark = p.pos;
        if let Some((cmp, _)) = count(p)
            && (p.eat_word("opponents") || p.eat_word("opponent"))
        {
            return Ok(Condition::Opponents(cmp));
        }
        p.pos = mark;
        if let Some((cmp, _)) = count(p) {
            if (p.eat_word("cards") || p.eat_word("card")) && p.eat_words(&["in", "hand"]) {
                return Ok(Condition::CardsInHand(cmp));
            }
            p.pos = mark;
            return graveyard_cards(p, false);
        }
        return Err(p.fail("\"N or more/less life\", \"no cards in hand\" or \"N or more … cards in your graveyard\""));
    }
    Err(p.fail(EXPECTED))
}

#[cfg(test)]
mod tests {
    use super::super::lexer::lex;
    use super::*;
    use crate::cards::ir::{CardType, ObjectFilter};

    fn cond(text: &str) -> Result<Condition, String> {
        let toks = lex(text, 0, &["Test Card"]);
        let mut p = Parser::new(text, toks, crate::cards::ir::Effect::default(), true);
        let c = parse(&mut p).map_err(|f| p.error(&f).message)?;
        if !p.at_end() {
            return Err(format!("left over at token {}", p.pos));
        }
        Ok(c)
    }

    #[test]
    fn conditions_of_real_cards() {
        // Werebear: "as long as seven or more cards are in your graveyard" (threshold).
        assert_eq!(cond("seven or more cards are in your graveyard"), Ok(Condition::CardsInGraveyard { filter: ObjectFilter::default(), count: Cmp::AtLeast(7) }));
        let creature_cards = ObjectFilter { types_any: vec![CardType::Creature], ..ObjectFilter::default() };
        assert_eq!(cond("there are four or more creature cards in your graveyard"), Ok(Condition::CardsInGraveyard { filter: creature_cards, count: Cmp::AtLeast(4) }));
        assert_eq!(cond("you have no cards in hand"), Ok(Condition::CardsInHand(Cmp::AtMost(0))));
        assert_eq!(cond("you have 5 or less life"), Ok(Condition::Life(Whose::You, Cmp::AtMost(5))));
        assert_eq!(cond("a player has 13 or less life"), Ok(Condition::Life(Whose::Each, Cmp::AtMost(13))));
        assert_eq!(cond("you have two or more opponents"), Ok(Condition::Opponents(Cmp::AtLeast(2))));
        assert_eq!(cond("this creature is equipped"), Ok(Condition::SourceAttached { equipment: true }));
        assert_eq!(cond("it has a +1/+1 counter on it"), Ok(Condition::SourceCounters { kind: crate::cards::ir::CounterKind::PlusOne, n: 1 }));
        // Faithful Squire's flip condition.
        assert!(matches!(cond("there are two or more ki counters on this creature"), Ok(Condition::SourceCounters { n: 2, .. })));
        assert_eq!(cond("you've drawn two or more cards this turn"), Ok(Condition::DrawnThisTurn(Cmp::AtLeast(2))));
        assert_eq!(cond("it was kicked"), Ok(Condition::Kicked));
        assert_eq!(cond("it's attacking"), Ok(Condition::SourceAttacking));
        assert_eq!(cond("this creature is untapped"), Ok(Condition::SourceTapped(false)));
        assert_eq!(cond("you cast it from your hand"), Ok(Condition::Cast { from_hand: true }));
        assert_eq!(cond("you attacked this turn"), Ok(Condition::AttackedThisTurn));
        assert_eq!(cond("a creature died this turn"), Ok(Condition::CreatureDiedThisTurn));
        assert_eq!(cond("you have a full party"), Ok(Condition::FullParty));
        assert_eq!(cond("three or more creatures died this turn"), Ok(Condition::CreaturesDied(Cmp::AtLeast(3))));
        assert_eq!(cond("no creatures died this turn"), Ok(Condition::CreaturesDied(Cmp::AtMost(0))));
        let artifacts = ObjectFilter { types_any: vec![CardType::Artifact], controller: ControllerFilter::You, ..ObjectFilter::default() };
        assert_eq!(cond("you control three or more artifacts"), Ok(Condition::Controls { whose: Whose::You, filter: artifacts, another: false, count: Cmp::AtLeast(3) }));
        let creatures = ObjectFilter { types_any: vec![CardType::Creature], controller: ControllerFilter::You, ..ObjectFilter::default() };
        assert_eq!(cond("you control no other creatures"), Ok(Condition::Controls { whose: Whose::You, filter: creatures, another: true, count: Cmp::AtMost(0) }));
        assert!(matches!(cond("you don't control a Zombie"), Ok(Condition::Controls { count: Cmp::AtMost(0), .. })));
        assert!(matches!(cond("an opponent controls a nontoken white permanent"), Ok(Condition::Controls { whose: Whose::Opponent, .. })));
        assert!(cond("you descended this turn").is_err());
        let lands = ObjectFilter { types_any: vec![CardType::Land], ..ObjectFilter::default() };
        assert_eq!(cond("an opponent controls more lands than you"), Ok(Condition::OpponentControlsMore(lands)));
        assert_eq!(cond("an opponent has more life than you"), Ok(Condition::OpponentMoreLife));
        assert!(cond("an opponent controls more lands you control than you").is_err());
    }

    #[test]
    fn attacking_alone_and_conditions_of_the_attached_permanent() {
        use super::super::test_util::ok;
        use crate::cards::ir::{Ability, Change, StaticEffect, StaticSubject};
        // 506.5: "attacking alone".
        assert_eq!(cond("it's attacking alone"), Ok(Condition::SourceAttackingAlone));
        let a = ok("This creature can't be blocked as long as it's attacking alone.", "Dream Prowler", &[CardType::Creature]);
        assert_eq!(a, vec![Ability::Static(StaticEffect { subject: StaticSubject::This, changes: vec![Change::CantBeBlocked], condition: Some(Condition::SourceAttackingAlone) })]);
        // After "Enchanted creature", "it" in the condition is that creature.
        let a = ok("Enchant creature\nEnchanted creature has shroud as long as it's untapped. (It can't be the target of spells or abilities.)", "Spectral Cloak", &[CardType::Enchantment]);
        assert!(matches!(&a[1], Ability::Static(StaticEffect { subject: StaticSubject::Attached, condition: Some(Condition::OfAttached(c)), .. }) if **c == Condition::SourceTapped(false)), "{a:?}");
        let a = ok("Enchant creature\nEnchanted creature can't be blocked as long as it's attacking alone.", "Gutter Shortcut", &[CardType::Enchantment]);
        assert!(matches!(&a[1], Ability::Static(StaticEffect { condition: Some(Condition::OfAttached(c)), .. }) if **c == Condition::SourceAttackingAlone), "{a:?}");
    }
}
