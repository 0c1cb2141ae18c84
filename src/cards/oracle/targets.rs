//! Target phrases (115), object filters, and the noun phrases instructions act on:
//! "target creature you control", "any target", "each opponent", "all creatures",
//! "this creature", "it", "that player", "its controller".

use super::lexer::Tok;
use super::parser::{Fail, PResult, Parser};
use crate::cards::ir::{Affected, Amount, CardType, Color, Compare, ControllerFilter, ObjectFilter, TargetSlot, TargetSpec};

/// The nouns that, after "this", name the object the ability belongs to.
pub const SELF_NOUNS: [&str; 12] = ["creature", "spell", "artifact", "enchantment", "land", "permanent", "token", "emblem", "equipment", "aura", "planeswalker", "room"];

/// What kind of object a filter's head noun names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Head {
    /// "… permanent", or only card types ("creature"): a permanent on the battlefield.
    Permanent,
    /// "… spell": a spell on the stack.
    Spell,
    /// "… spell or permanent".
    SpellOrPermanent,
    /// "… card": a card in a zone other than the battlefield and the stack.
    Card,
}

/// Broad kind of an [`Affected`], for checking that a verb fits its subject or object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kinds {
    pub player: bool,
    pub permanent: bool,
    pub spell: bool,
}

/// Reads a card type word, singular or (if `plural`) plural.
fn type_word(word: &str, plural: bool) -> Option<CardType> {
    let base = if plural { word.strip_suffix('s')? } else { word };
    // Kindred, instant and sorcery are only meaningful for spells; the caller checks heads.
    CardType::from_name(base).filter(|t| *t != CardType::Kindred)
}

/// Reads "nonland" / "noncreature" as a card type the object must not have.
fn non_type_word(word: &str) -> Option<CardType> {
    let rest = word.strip_prefix("non")?;
    let rest = rest.strip_prefix('-').unwrap_or(rest);
    CardType::from_name(rest).filter(|t| *t != CardType::Kindred)
}

fn head_word(word: &str, plural: bool) -> Option<Head> {
    match (word, plural) {
        ("permanent", false) | ("permanents", true) => Some(Head::Permanent),
        ("spell", false) | ("spells", true) => Some(Head::Spell),
        ("card", false) | ("cards", true) => Some(Head::Card),
        _ => None,
    }
}

/// Reads "nonblack" as a color the object must not have.
fn non_color_word(word: &str) -> Option<Color> {
    Color::from_name(word.strip_prefix("non")?)
}

/// Whether the word `n` tokens from the cursor can go on with an object filter: a quality
/// ("tapped", "nonblack", "legendary", a color, a subtype) or a type ("creature",
/// "nonland"), singular or plural.
fn filter_word_at(p: &Parser<'_>, n: usize) -> bool {
    let Some(Tok::Word(w)) = p.peek_at(n).map(|t| &t.tok) else { return false };
    let subtype = w.chars().next().is_some_and(char::is_uppercase) && crate::cards::subtypes::subtype_word(w).is_some();
    subtype
        || matches!(w.as_str(), "tapped" | "untapped" | "attacking" | "blocking" | "nontoken")
        || non_color_word(w).is_some()
        || Color::from_name(w).is_some()
        || supertype_word(w).is_some()
        || w.strip_prefix("non-").or_else(|| w.strip_prefix("non")).and_then(crate::cards::subtypes::subtype_word).is_some()
        || non_type_word(w).is_some()
        || type_word(w, false).is_some()
        || type_word(w, true).is_some()
        || head_word(w, false).is_some()
        || head_word(w, true).is_some()
}

/// A number in words or digits ("two", "3"); "a"/"an"/"one" are 1.
/// "and/or" (three tokens) `at` tokens from the cursor.
fn and_or_at(p: &Parser<'_>, at: usize) -> bool {
    p.peek_at(at).is_some_and(|t| t.is_word("and")) && p.peek_at(at + 1).is_some_and(|t| t.is_punct('/')) && p.peek_at(at + 2).is_some_and(|t| t.is_word("or"))
}

pub fn count_word(p: &Parser<'_>, at: usize) -> Option<u32> {
    match &p.peek_at(at)?.tok {
        Tok::Number(n) => Some(*n),
        Tok::Word(w) => {
            const WORDS: [&str; 10] = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
            let w = w.to_ascii_lowercase();
            if w == "a" || w == "an" {
                return Some(1);
            }
            WORDS.iter().position(|x| *x == w).and_then(|i| u32::try_from(i + 1).ok())
        }
        _ => None,
    }
}

/// How many targets one instance of "target" takes (115.3, 601.2c): "two target", "up to
/// three target", "any number of target", "one or two target", "one, two, or three target".
/// Returns (min, max); consumes nothing and returns `None` if no count precedes "target" or
/// "targets".
pub fn parse_count(p: &mut Parser<'_>) -> Option<(u32, u32)> {
    let start = p.pos;
    // "up to one other target creature": "other" is read by the caller.
    let done = |p: &Parser<'_>| p.at_word("target") || p.at_word("targets") || (p.at_word("other") && p.peek_at(1).is_some_and(|t| t.is_word("target") || t.is_word("targets")));
    if p.eat_words(&["up", "to"]) {
        if let Some(n) = count_word(p, 0) {
            p.bump();
            if done(p) {
                return Some((0, n));
            }
        }
    } else if p.eat_words(&["any", "number", "of"]) {
        if done(p) {
            return Some((0, u32::MAX));
        }
    } else if let Some(a) = count_word(p, 0) {
        p.bump();
        let mut max = a;
        // "one or two", "one, two, or three"
        loop {
            if p.at_punct(',') && count_word(p, 1).is_some() {
                p.bump();
            }
            if p.at_punct(',') && p.peek_at(1).is_some_and(|t| t.is_word("or")) {
                p.bump();
            }
            if p.at_word("or") && count_word(p, 1).is_some() {
                p.bump();
            }
            match count_word(p, 0) {
                Some(n) if n > max && p.peek_at(1).is_some() => {
                    max = n;
                    p.bump();
                }
                _ => break,
            }
        }
        if done(p) && (max > 1 || a > 1) {
            return Some((a, max));
        }
    }
    p.pos = start;
    None
}

/// Parses an object filter: `[non-types] [types joined by "or" / commas] [permanent|spell]
/// [controller]`, e.g. "creature", "artifact or enchantment", "artifact, creature, or land",
/// "nonland permanent", "noncreature spell", "creature an opponent controls".
pub fn parse_filter(p: &mut Parser<'_>, plural: bool) -> PResult<(ObjectFilter, Head)> {
    let mut filter = ObjectFilter::default();
    const EXPECTED: &str = "a card type (creature, artifact, enchantment, land, planeswalker, permanent or spell)";
    // Qualities before the type: "tapped", "attacking", "nonblack", in any order.
    while let Some(w) = p.word() {
        if let Some(c) = non_color_word(&w) {
            filter.colors_none.push(c);
        } else if let Some(c) = Color::from_name(&w).filter(|_| p.peek_at(1).and_then(|t| t.word()).is_some_and(|n| type_word(&n, plural).is_some() || head_word(&n, plural).is_some() || Color::from_name(&n).is_some() || n == "or")) {
            filter.colors.push(c);
            if p.peek_at(1).is_some_and(|t| t.is_word("or")) && p.peek_at(2).and_then(|t| t.word()).as_deref().and_then(Color::from_name).is_some() {
                p.bump();
            }
        } else if w == "tapped" {
            filter.tapped = Some(true);
        } else if w == "untapped" {
            filter.tapped = Some(false);
        } else if w == "attacking" {
            filter.attacking = true;
            // "attacking or blocking creature": in combat on either side.
            if p.peek_at(1).is_some_and(|t| t.is_word("or")) && p.peek_at(2).is_some_and(|t| t.is_word("blocking")) {
                filter.blocking = true;
                p.pos += 2;
            }
        } else if w == "blocking" {
            filter.blocking = true;
        } else if w == "nontoken" {
            filter.token = Some(false);
        } else if let Some(s) = supertype_word(&w) {
            // "nonbasic lands", "legendary creatures", "basic land".
            match s {
                (st, true) => filter.supertypes_none.push(st.to_owned()),
                (st, false) => filter.supertypes.push(st.to_owned()),
            }
        } else if let Some(st) = w.strip_prefix("non-").or_else(|| w.strip_prefix("non")).and_then(crate::cards::subtypes::subtype_word) {
            // "non-Aura enchantment", "non-Human creatures".
            filter.subtypes_none.push(st.to_owned());
        } else if let Some(st) = capitalized_subtype(p) {
            // "Elf creatures", "Zombie you control", and the plural noun alone: "Merfolk",
            // "Goblins", "Swamps"; "Spirit or Arcane spell": either subtype.
            filter.subtypes.push(st.to_owned());
            let subtype_at = |p: &Parser<'_>, n: usize| matches!(p.peek_at(n).map(|t| &t.tok), Some(Tok::Word(w)) if w.chars().next().is_some_and(char::is_uppercase) && crate::cards::subtypes::subtype_word(w).is_some());
            if p.peek_at(1).is_some_and(|t| t.is_word("or")) && subtype_at(p, 2) {
                p.bump();
            } else if p.peek_at(1).is_some_and(|t| t.is_punct(',')) && p.peek_at(2).is_some_and(|t| t.is_word("or")) && subtype_at(p, 3) {
                // "a basic Plains, Island, or Swamp card": the last of a list of either.
                p.pos += 2;
            } else if p.peek_at(1).is_some_and(|t| t.is_word("or")) && p.peek_at(2).is_some_and(|t| t.is_word("a") || t.is_word("an")) && subtype_at(p, 3) {
                // "an Island or a Mountain"
                p.pos += 2;
            }
        } else {
            break;
        }
        p.bump();
        // A comma goes on with the noun phrase only when another quality or a type follows
        // ("nonartifact, nonblack creature"); otherwise it ends the phrase: "When you control
        // no Islands, sacrifice this creature." leaves the comma for the clause after it.
        if p.at_punct(',') && filter_word_at(p, 1) {
            p.bump();
        }
    }
    // Non-types first: "nonartifact, nonblack creature" joins them with commas (all must hold);
    // "nonland, nontoken permanent" too.
    let is_non = |w: &str| non_type_word(w).is_some() || w == "nontoken";
    while let Some(w) = p.word().filter(|w| is_non(w)) {
        match non_type_word(&w) {
            Some(t) => filter.types_none.push(t),
            None => filter.token = Some(false),
        }
        p.bump();
        if p.at_punct(',') && p.peek_at(1).and_then(|t| t.word()).is_some_and(|w| is_non(&w)) {
            p.bump();
        }
    }
    // Then one or more card types, any of which will do ("artifact, creature, or land"); a
    // plural "creature tokens" has a singular type.
    // So do "creature cards", "artifact or creature cards", "instant or sorcery spells": the
    // types are singular before a plural head noun.
    let singular_types = plural && {
        let mut i = 0;
        loop {
            if and_or_at(p, i) {
                i += 3;
            } else if p.peek_at(i).is_some_and(|t| t.is_punct(',') || t.is_word("or") || t.word().is_some_and(|w| type_word(&w, false).is_some())) {
                i += 1;
            } else {
                break;
            }
        }
        i > 0 && p.peek_at(i).is_some_and(|t| t.is_word("tokens") || t.is_word("cards") || t.is_word("spells"))
    };
    // "permanent card(s)": a card of a permanent type (110.4a).
    if filter.types_any.is_empty() && p.at_word("permanent") && (p.peek_at(1).is_some_and(|t| t.is_word("card") || t.is_word("cards"))) {
        filter.types_any = vec![CardType::Artifact, CardType::Battle, CardType::Creature, CardType::Enchantment, CardType::Land, CardType::Planeswalker];
        p.bump();
    }
    while let Some(t) = p.word().as_deref().and_then(|w| type_word(w, plural && !singular_types).or_else(|| type_word(w, false).filter(|_| singular_types))) {
        filter.types_any.push(t);
        p.bump();
        let next_is_type = |p: &Parser<'_>, n: usize| {
            p.peek_at(n).and_then(|t| t.word()).is_some_and(|w| type_word(&w, plural && !singular_types).is_some())
        };
        if p.at_punct(',') && p.peek_at(1).is_some_and(|t| t.is_word("or")) && next_is_type(p, 2) {
            p.pos += 2;
        } else if (p.at_punct(',') && next_is_type(p, 1)) || (p.at_word("or") && next_is_type(p, 1)) {
            p.pos += 1;
        } else if and_or_at(p, 0) && next_is_type(p, 3) {
            // "instant and/or sorcery cards": cards of either type, counted once each.
            p.pos += 3;
        } else if p.each_phrase && plural && filter.types_any.len() >= 2 && p.at_punct(',') && p.peek_at(1).is_some_and(|t| t.is_word("and")) && next_is_type(p, 2) {
            // "Destroy all artifacts, creatures, and enchantments.": every permanent of any
            // of the listed types, all at once (701.8a) — a list of three or more.
            p.pos += 2;
        } else if p.each_phrase && plural && p.at_word("and") && next_is_type(p, 1) {
            // "Destroy all artifacts and enchantments.": the same for two types — one set,
            // acted on at once, not one type after the other.
            p.pos += 1;
        } else {
            break;
        }
        // Two types next to each other ("artifact creature") mean *both*, which the filter
        // cannot say: stop here and let the caller report the second one.
    }
    let head = match p.word().as_deref().and_then(|w| head_word(w, plural)) {
        // "creature token", "tokens you control" (111.1): a permanent that is a token.
        _ if p.at_word(if plural { "tokens" } else { "token" }) => {
            filter.token = Some(true);
            p.bump();
            Head::Permanent
        }
        Some(Head::Spell) if p.peek_at(1).is_some_and(|t| t.is_word("or")) && p.peek_at(2).and_then(|t| t.word()).as_deref().and_then(|w| head_word(w, plural)) == Some(Head::Permanent) => {
            p.pos += 3;
            Head::SpellOrPermanent
        }
        Some(h) => {
            p.bump();
            h
        }
        None if !filter.types_any.is_empty() || !filter.subtypes.is_empty() => Head::Permanent,
        None => return Err(p.fail(EXPECTED)),
    };
    let is_spell_type = |t: &CardType| matches!(t, CardType::Instant | CardType::Sorcery);
    if head == Head::Permanent && filter.types_any.iter().chain(&filter.types_none).any(is_spell_type) {
        // "target instant" is not a permanent; the real templates say "instant or sorcery spell".
        return Err(Fail { at: p.pos.saturating_sub(1), expected: "a permanent type".into() });
    }
    filter.controller = parse_controller(p);
    parse_with(p, &mut filter)?;
    if filter.controller == ControllerFilter::Any {
        filter.controller = parse_controller(p);
    }
    // "creatures you control of the chosen type", "permanent you control of that type": the
    // creature type an earlier "Choose a creature type." of this effect chose (608.2d).
    if p.chose_color && (p.eat_words(&["of", "the", "chosen", "color"]) || p.eat_words(&["of", "that", "color"])) {
        filter.chosen_color = true;
        if filter.controller == ControllerFilter::Any {
            filter.controller = parse_controller(p);
        }
    }
    if p.chose_type && ["aren't", "aren’t"].iter().any(|w| p.at_words(&["that", w, "of", "the", "chosen", "type"])) {
        p.pos += 6;
        filter.not_chosen_type = true;
    } else if p.chose_type && (p.eat_words(&["of", "the", "chosen", "type"]) || p.eat_words(&["of", "that", "type"])) {
        filter.chosen_type = true;
        if filter.controller == ControllerFilter::Any {
            filter.controller = parse_controller(p);
        }
    }
    // "target creature that was dealt damage this turn" (120.3): the turn's history.
    if head == Head::Permanent && (p.eat_words(&["that", "was", "dealt", "damage", "this", "turn"]) || p.eat_words(&["that", "were", "dealt", "damage", "this", "turn"])) {
        filter.dealt_damage_this_turn = true;
    }
    // "each creature blocking it", "for each creature blocking it": "it" is the source, in
    // an ability where "it" can mean nothing else (no earlier target, no triggering object).
    if head == Head::Permanent && p.at_words(&["blocking", "it"]) && p.it_is_this && !p.trigger_object && last_target(p, |_| true).is_none() {
        p.pos += 2;
        filter.blocking_source = true;
    }
    Ok((filter, head))
}

/// "nonbasic" / "legendary" / "basic" / "snow": a supertype, and whether it is negated.
fn supertype_word(word: &str) -> Option<(&'static str, bool)> {
    const SUPERTYPES: [&str; 4] = ["Basic", "Legendary", "Snow", "World"];
    let (rest, non) = match word.strip_prefix("non") {
        Some(r) => (r.strip_prefix('-').unwrap_or(r), true),
        None => (word, false),
    };
    SUPERTYPES.iter().find(|s| s.eq_ignore_ascii_case(rest)).map(|s| (*s, non))
}

/// A subtype at the cursor, written with a capital as rules text writes subtypes ("Elf",
/// "Merfolk", "Swamps"); "Time Lord" is the one of two words.
fn capitalized_subtype(p: &Parser<'_>) -> Option<&'static str> {
    let Some(Tok::Word(raw)) = p.peek().map(|t| &t.tok) else { return None };
    if !raw.chars().next().is_some_and(char::is_uppercase) {
        return None;
    }
    crate::cards::subtypes::subtype_word(raw)
}

/// "with flying", "with mana value 3 or less", "with mana value X".
pub(super) fn parse_with(p: &mut Parser<'_>, filter: &mut ObjectFilter) -> PResult<()> {
    // "without flying", "without horsemanship" (702: the object lacks the keyword).
    if p.at_word("without")
        && let Some((k, words)) = super::keywords::keyword_at(p, p.pos + 1)
    {
        p.pos += 1 + words;
        filter.without = Some(k);
        return Ok(());
    }
    if !p.at_word("with") {
        return Ok(());
    }
    // "with even mana values" / "with an odd mana value" (202.3).
    for (words, cmp) in [
        (&["with", "even", "mana", "values"][..], Compare::Even),
        (&["with", "odd", "mana", "values"][..], Compare::Odd),
        (&["with", "an", "even", "mana", "value"][..], Compare::Even),
        (&["with", "an", "odd", "mana", "value"][..], Compare::Odd),
    ] {
        if p.eat_words(words) {
            filter.mana_value = Some((cmp, Amount::Fixed(0)));
            return Ok(());
        }
    }
    // "with power 4 or greater", "with toughness 1 or less" (208.1).
    if let Some(toughness) = p.peek_at(1).and_then(|t| t.word()).and_then(|w| match w.as_str() {
        "power" => Some(false),
        "toughness" => Some(true),
        _ => None,
    }) && let Some(Tok::Number(n)) = p.peek_at(2).map(|t| t.tok.clone())
        && p.peek_at(3).is_some_and(|t| t.is_word("or"))
    {
        let cmp = match p.peek_at(4).and_then(|t| t.word()).as_deref() {
            Some("greater" | "more") => Compare::AtLeast,
            Some("less" | "fewer") => Compare::AtMost,
            _ => return Err(Fail { at: p.pos + 4, expected: "\"or greater\" or \"or less\"".into() }),
        };
        p.pos += 5;
        let v = Some((cmp, i32::try_from(n).unwrap_or(i32::MAX)));
        if toughness {
            filter.toughness = v;
        } else {
            filter.power = v;
        }
        return Ok(());
    }
    // "with a +1/+1 counter on it", "with a counter on it", "with +1/+1 counters on them",
    // "with three or more charge counters on it" (122).
    {
        let mark = p.pos;
        p.bump();
        let n = if p.eat_word("a") || p.eat_word("an") || p.eat_words(&["one", "or", "more"]) {
            Some(1)
        } else if let Some(n) = count_word(p, 0).filter(|_| p.peek_at(1).is_some_and(|t| t.is_word("or")) && p.peek_at(2).is_some_and(|t| t.is_word("more"))) {
            p.pos += 3;
            Some(n)
        } else {
            Some(1).filter(|_| super::statics::counter_kind(p).is_some())
        };
        if let Some(n) = n {
            let kind = if p.at_word("counter") || p.at_word("counters") {
                p.bump();
                Some(None)
            } else if super::statics::counter_kind(p).is_some() {
                super::statics::counter_noun(p).ok().map(Some)
            } else {
                None
            };
            if let Some(kind) = kind
                && (p.eat_words(&["on", "it"]) || p.eat_words(&["on", "them"]))
            {
                filter.counters = Some((kind, n));
                return Ok(());
            }
        }
        p.pos = mark;
    }
    if let Some((k, words)) = super::keywords::keyword_at(p, p.pos + 1) {
        p.pos += 1 + words;
        filter.keyword = Some(k);
        return Ok(());
    }
    if p.peek_at(1).is_some_and(|t| t.is_word("mana")) && p.peek_at(2).is_some_and(|t| t.is_word("value")) {
        p.pos += 3;
        let n = match p.peek().map(|t| t.tok.clone()) {
            Some(Tok::Number(n)) => Amount::Fixed(i32::try_from(n).unwrap_or(i32::MAX)),
            Some(Tok::Word(w)) if w == "X" => Amount::X,
            _ => return Err(p.fail("a number or X")),
        };
        p.bump();
        let cmp = if p.eat_words(&["or", "less"]) {
            Compare::AtMost
        } else if p.eat_words(&["or", "greater"]) {
            Compare::AtLeast
        } else {
            Compare::Equal
        };
        filter.mana_value = Some((cmp, n));
    }
    Ok(())
}

/// "you control", "your opponents control" … after a noun, for other template families.
pub fn controller_phrase(p: &mut Parser<'_>) -> ControllerFilter {
    parse_controller(p)
}

/// "you control", "an opponent controls", "you don't control", "your opponents control".
fn parse_controller(p: &mut Parser<'_>) -> ControllerFilter {
    if p.eat_words(&["you", "control"]) {
        ControllerFilter::You
    } else if p.eat_words(&["an", "opponent", "controls"])
        || p.eat_words(&["you", "don't", "control"])
        || p.eat_words(&["you", "don’t", "control"])
        || p.eat_words(&["your", "opponents", "control"])
    {
        // Every permanent has a controller, so "you don't control" is "an opponent controls".
        ControllerFilter::Opponent
    } else if p.eat_words(&["defending", "player", "controls"]) {
        // 506.2, 508.5
        ControllerFilter::Defending
    } else if p.each_phrase && (p.at_words(&["target", "player", "controls"]) || p.at_words(&["target", "opponent", "controls"])) {
        // "all creatures target player controls": the player is a target of the effect.
        let opponent_only = p.peek_at(1).is_some_and(|t| t.is_word("opponent"));
        p.pos += 3;
        ControllerFilter::TargetPlayer(p.declare(TargetSpec::Player { opponent_only }))
    } else if p.target_phrase && p.trigger_player && last_target(p, is_player).is_none() && p.at_words(&["that", "player", "controls"]) {
        // "target creature that player controls": the player the ability triggered for, as
        // the target is chosen.
        p.pos += 3;
        ControllerFilter::TriggerPlayer
    } else if p.each_phrase && p.at_words(&["that", "player", "controls"]) {
        // "that player": the last target player, or the player the ability triggered for.
        match last_target(p, |s| matches!(s, TargetSpec::Player { .. })) {
            Some(i) => {
                p.pos += 3;
                ControllerFilter::TargetPlayer(i)
            }
            None if p.trigger_player && last_target(p, is_player).is_none() => {
                p.pos += 3;
                ControllerFilter::TriggerPlayer
            }
            None => ControllerFilter::Any,
        }
    } else {
        ControllerFilter::Any
    }
}

/// After the word "target": "player", "opponent", "player or planeswalker", or a filter.
pub fn parse_target(p: &mut Parser<'_>) -> PResult<usize> {
    parse_target_counted(p, 1, 1)
}

/// After the word "target"/"targets", with the count read before it; plural nouns when the
/// count can be more than one.
pub fn parse_target_counted(p: &mut Parser<'_>, min: u32, max: u32) -> PResult<usize> {
    let plural = max > 1;
    let noun = |p: &mut Parser<'_>, one: &[&str], many: &[&str]| p.eat_words(if plural { many } else { one });
    let spec = if noun(p, &["player", "or", "planeswalker"], &["players", "or", "planeswalkers"]) {
        TargetSpec::PlayerOrPlaneswalker { opponent_only: false }
    } else if noun(p, &["opponent", "or", "planeswalker"], &["opponents", "or", "planeswalkers"]) {
        TargetSpec::PlayerOrPlaneswalker { opponent_only: true }
    } else if noun(p, &["player"], &["players"]) {
        TargetSpec::Player { opponent_only: false }
    } else if noun(p, &["opponent"], &["opponents"]) {
        TargetSpec::Player { opponent_only: true }
    } else if p.eat_words(&["activated", "or", "triggered", "ability"]) || p.eat_words(&["activated", "ability"]) {
        TargetSpec::Ability
    } else {
        let at = p.pos;
        let outer = p.target_phrase;
        p.target_phrase = true;
        let r = parse_filter(p, plural);
        p.target_phrase = outer;
        match r? {
            // The engine binds "that player" only for permanents.
            (f, h) if f.controller == ControllerFilter::TriggerPlayer && h != Head::Permanent => {
                return Err(Fail { at, expected: "a permanent \"that player controls\" (spells and cards are not supported)".into() });
            }
            (f, Head::Permanent) => TargetSpec::Permanent(f),
            (f, Head::Spell) => TargetSpec::Spell(f),
            (f, Head::SpellOrPermanent) => TargetSpec::SpellOrPermanent(f),
            (filter, Head::Card) => {
                let yours = if p.eat_words(&["from", "your", "graveyard"]) || p.eat_words(&["in", "your", "graveyard"]) {
                    true
                } else if p.eat_words(&["from", "a", "graveyard"]) || p.eat_words(&["in", "a", "graveyard"]) {
                    false
                } else {
                    return Err(Fail { at, expected: "a card in a graveyard (\"… card from your graveyard\")".into() });
                };
                TargetSpec::GraveyardCard { filter, yours }
            }
        }
    };
    Ok(p.declare_slot(TargetSlot::new(spec, min, max)))
}

/// Consumes a reference to the card itself: its name, or "this creature" etc.
pub fn eat_self_ref(p: &mut Parser<'_>) -> bool {
    if p.peek().is_some_and(|t| t.tok == Tok::SelfName) {
        p.bump();
        return true;
    }
    if p.at_word("this") && p.peek_at(1).and_then(|t| t.word()).is_some_and(|w| SELF_NOUNS.contains(&w.as_str())) {
        p.pos += 2;
        return true;
    }
    false
}

/// The nouns "enchanted …" and "equipped …" name (303.4b, 301.5a).
const ATTACHED_NOUNS: [&str; 11] = ["creature", "permanent", "land", "artifact", "planeswalker", "enchantment", "plains", "island", "swamp", "mountain", "forest"];

/// "enchanted creature", "equipped creature", "enchanted land", …: the permanent the source is
/// attached to; "enchanted creature's controller": its controller.
pub(super) fn attached_ref(p: &mut Parser<'_>) -> Option<Affected> {
    if !(p.at_word("enchanted") || p.at_word("equipped")) {
        return None;
    }
    let noun = p.peek_at(1).and_then(|t| t.word())?;
    if ATTACHED_NOUNS.contains(&noun.as_str()) {
        p.pos += 2;
        p.named_attached = true;
        return Some(Affected::Attached);
    }
    let base = noun.strip_suffix("'s").or_else(|| noun.strip_suffix("’s"))?;
    if ATTACHED_NOUNS.contains(&base) && p.peek_at(2).is_some_and(|t| t.is_word("controller")) {
        p.pos += 3;
        let who = Affected::AttachedController;
        p.last_player = Some(who.clone());
        return Some(who);
    }
    None
}

/// "enchanted creature's", "equipped creature's" followed by anything: consumes the two
/// words and returns `AttachedController` as a marker of the possessive; `None` (nothing
/// consumed) otherwise.
pub(super) fn attached_ref_possessive(p: &mut Parser<'_>) -> Option<Affected> {
    if !(p.at_word("enchanted") || p.at_word("equipped")) {
        return None;
    }
    let noun = p.peek_at(1).and_then(|t| t.word())?;
    let base = noun.strip_suffix("'s").or_else(|| noun.strip_suffix("’s"))?;
    ATTACHED_NOUNS.contains(&base).then(|| {
        p.pos += 2;
        Affected::AttachedController
    })
}

/// The most recent target whose spec satisfies `pred`.
pub(super) fn last_target(p: &Parser<'_>, pred: impl Fn(&TargetSpec) -> bool) -> Option<usize> {
    p.effect.targets.iter().rposition(|s| pred(&s.spec))
}

fn is_object(spec: &TargetSpec) -> bool {
    matches!(spec, TargetSpec::Permanent(_) | TargetSpec::Spell(_) | TargetSpec::SpellOrPermanent(_) | TargetSpec::Any | TargetSpec::PlayerOrPlaneswalker { .. })
}

fn is_player(spec: &TargetSpec) -> bool {
    matches!(spec, TargetSpec::Player { .. } | TargetSpec::Any | TargetSpec::PlayerOrPlaneswalker { .. })
}

/// What a reference such as "it" expected when it found no earlier target.
fn missing_referent(p: &Parser<'_>, what: &str) -> String {
    if p.dropped_targets {
        format!("an earlier target for {what} (the sentence declaring it could not be read)")
    } else {
        format!("an earlier target for {what}")
    }
}

/// Parses a noun phrase naming what an instruction acts on. Targets it mentions are declared.
pub fn parse_affected(p: &mut Parser<'_>) -> PResult<Affected> {
    const EXPECTED: &str = "\"target …\", \"each …\", \"all …\", \"you\", \"it\" or the card's name";
    let start = p.pos;
    if eat_self_ref(p) {
        p.named_this = true;
        return Ok(Affected::This);
    }
    if let Some(a) = attached_ref(p) {
        return Ok(a);
    }
    let Some(w) = p.word() else { return Err(p.fail(EXPECTED)) };
    // The card just revealed ("If it's a land card, put it onto the battlefield").
    if p.set_aside && (p.eat_word("it") || p.eat_words(&["that", "card"])) {
        return Ok(Affected::SetAside);
    }
    // "Return the exiled card to the battlefield": what the card's other, linked ability exiled
    // (607.2a); `compile` checks there is exactly one such ability.
    if p.exiled_target.is_none() && p.effect.targets.is_empty() && (p.eat_words(&["the", "exiled", "card"]) || p.eat_words(&["the", "exiled", "cards"])) {
        return Ok(Affected::ExiledBySource);
    }
    // "Create a 2/2 token. Put a +1/+1 counter on it." — "it" is the token, which nothing here
    // can name yet; the words are refused rather than read as an earlier object.
    // "Create a 2/1 Goblin token. Exile it at the beginning of the next end step.": the token
    // the delayed ability will be linked to (603.7c).
    // "Manifest dread, then put a +1/+1 counter on that creature." (701.62a, 701.40a): the
    // permanent the effect just put onto the battlefield face down.
    if p.face_down_made && p.eat_words(&["that", "creature"]) {
        return Ok(Affected::CreatedTokens);
    }
    if p.delayed_clause && p.one_token_created && (p.eat_word("it") || p.eat_words(&["that", "token"]) || p.eat_words(&["that", "creature"])) {
        return Ok(Affected::CreatedTokens);
    }
    let that_player = w == "that" && p.peek_at(1).is_some_and(|t| t.is_word("player"));
    if tokens_created(p) && !that_player && matches!(w.as_str(), "it" | "its" | "they" | "them" | "their" | "that" | "those") {
        return Err(p.fail("a reference the engine supports (the tokens just created can't be referred to yet)"));
    }
    match w.as_str() {
        "target" => {
            p.bump();
            Ok(Affected::Target(parse_target(p)?))
        }
        _ if parse_count(p).is_some() => {
            p.pos = start;
            let (min, max) = parse_count(p).unwrap_or((1, 1));
            let other_at = p.pos;
            let other = p.eat_word("other");
            if !(p.eat_word("target") || p.eat_word("targets")) {
                return Err(p.fail("\"target\""));
            }
            if other && last_target(p, is_object).is_some() {
                return Err(Fail { at: other_at, expected: "\"other target\" with no earlier target (one distinct from an earlier target is not supported)".into() });
            }
            let i = parse_target_counted(p, min, max)?;
            if other {
                // 115.1: not the ability's source.
                match &mut p.effect.targets[i].spec {
                    TargetSpec::Permanent(f) => f.other = true,
                    _ => return Err(Fail { at: other_at, expected: "\"other target\" and a permanent".into() }),
                }
            }
            Ok(Affected::Target(i))
        }
        "you" => {
            p.bump();
            Ok(Affected::You)
        }
        // "Whenever an opponent draws a card, they lose 2 life."
        "they" if p.trigger_player && last_target(p, is_player).is_none() => {
            p.bump();
            Ok(Affected::TriggerPlayer)
        }
        // "Tap up to two target creatures. Put a stun counter on each of them." / "… on each
        // of those creatures": every object chosen for the one earlier instance of "target"
        // that takes several.
        "each" if p.at_words(&["each", "of", "them"]) || p.at_words(&["each", "of", "those"]) => {
            let at = p.pos;
            let several: Vec<usize> = p.effect.targets.iter().enumerate().filter(|(_, s)| is_object(&s.spec) && s.max > 1).map(|(i, _)| i).collect();
            let [i] = several.as_slice() else {
                return Err(Fail { at, expected: "\"each of them\" after one instance of \"target\" taking several objects".into() });
            };
            let i = *i;
            if p.effect.targets.len() != i + 1 {
                return Err(Fail { at, expected: "\"each of them\" right after the targets it names".into() });
            }
            // After "exile them", the cards in exile are new objects (400.7): not read.
            if p.exiled_target == Some(i) {
                return Err(Fail { at, expected: "\"each of them\" about targets still where they were chosen".into() });
            }
            if p.eat_words(&["each", "of", "them"]) {
                return Ok(Affected::Target(i));
            }
            p.pos += 3;
            let noun = p.word().unwrap_or_default();
            let fits = match &p.effect.targets[i].spec {
                TargetSpec::Permanent(f) => noun == "permanents" || f.types_any.len() == 1 && noun.strip_suffix('s').and_then(CardType::from_name) == Some(f.types_any[0]),
                _ => false,
            };
            if !fits {
                return Err(Fail { at: p.pos, expected: "the kind of object the targets are (\"those creatures\")".into() });
            }
            p.bump();
            Ok(Affected::Target(i))
        }
        // "Put a +1/+1 counter on each of up to two target creatures.", "… deals 1 damage to
        // each of two target creatures": every object chosen for the target (115.1), each
        // affected alike.
        "each" if p.peek_at(1).is_some_and(|t| t.is_word("of")) && (p.peek_at(2).is_some_and(|t| t.is_word("up") || t.is_word("any")) || count_word(p, 2).is_some()) => {
            p.pos += 2;
            let at = p.pos;
            let what = parse_affected(p)?;
            match what {
                Affected::Target(i) if p.effect.targets[i].max > 1 => Ok(what),
                _ => Err(Fail { at, expected: "several targets (\"each of up to two target creatures\")".into() }),
            }
        }
        "each" => {
            p.bump();
            if p.eat_word("player") {
                Ok(Affected::EachPlayer)
            } else if p.eat_word("opponent") {
                Ok(Affected::EachOpponent)
            } else if p.eat_word("other") {
                // "each other creature you control": the source left out.
                other_permanents(p, false)
            } else {
                each_permanent(p, false)
            }
        }
        // "Other creatures you control get +1/+1 until end of turn."
        "other" if p.peek_at(1).and_then(|t| t.word()).is_some_and(|w| !matches!(w.as_str(), "target" | "than")) => {
            p.bump();
            other_permanents(p, true)
        }
        // "another target creature [you control]" (115.1): not the ability's source. After an
        // earlier target in a spell's text ("Target creature fights another target creature"):
        // an object other than the one chosen for that earlier target. In a permanent's
        // ability, whether it also leaves out the source is not read; nor is "another" after
        // several earlier targets (which one it differs from).
        "another" if p.peek_at(1).is_some_and(|t| t.is_word("target")) => {
            if let Some(earlier) = last_target(p, is_object) {
                let objects = p.effect.targets.iter().filter(|s| is_object(&s.spec)).count();
                if !p.spell || objects != 1 {
                    return Err(p.fail("\"another target\" after one earlier target in an instant's or sorcery's text (in a permanent's ability, or after several targets, what it differs from is not read)"));
                }
                p.pos += 2;
                let i = parse_target(p)?;
                if !matches!(p.effect.targets[i].spec, TargetSpec::Permanent(_)) {
                    return Err(Fail { at: start, expected: "\"another target\" and a permanent".into() });
                }
                p.effect.targets[i].other_than = Some(earlier);
                return Ok(Affected::Target(i));
            }
            p.pos += 2;
            let i = parse_target(p)?;
            match &mut p.effect.targets[i].spec {
                TargetSpec::Permanent(f) => f.other = true,
                _ => return Err(Fail { at: start, expected: "\"another target\" and a permanent".into() }),
            }
            Ok(Affected::Target(i))
        }
        "all" => {
            p.bump();
            each_permanent(p, true)
        }
        "it" => {
            p.bump();
            match last_target(p, |_| true) {
                Some(i) => Ok(Affected::Target(i)),
                None if p.named_this => Ok(Affected::This),
                None if p.trigger_object => Ok(Affected::TriggerObject),
                // "Tap enchanted creature. … put three stun counters on it.": "it" may be the
                // enchanted creature, not the source.
                None if p.it_is_this && p.named_attached => Err(Fail { at: start, expected: "a referent for \"it\" other than after \"enchanted …\" or \"equipped …\" (which of the two it means is not read yet)".into() }),
                None if p.it_is_this => Ok(Affected::This),
                None => Err(Fail { at: start, expected: missing_referent(p, "\"it\"") }),
            }
        }
        "that" => {
            p.bump();
            let noun = p.word().unwrap_or_default();
            if noun == "player" && last_target(p, is_player).is_none() && let Some(who) = p.last_player.clone() {
                p.bump();
                return Ok(who);
            }
            if noun == "player" && last_target(p, is_player).is_none() && p.trigger_player {
                p.bump();
                return Ok(Affected::TriggerPlayer);
            }
            // "that land's controller", "that creature's controller"
            if p.trigger_object && (noun.ends_with("'s") || noun.ends_with("’s")) && p.peek_at(1).is_some_and(|t| t.is_word("controller")) {
                p.pos += 2;
                return Ok(Affected::TriggerObjectController);
            }
            // "When enchanted creature dies, return that card to its owner's hand." (400.7e)
            if p.trigger_moved && noun == "card" && last_target(p, |_| true).is_none() {
                p.bump();
                p.named_this = false;
                return Ok(Affected::TriggerObject);
            }
            // "At the beginning of the upkeep of enchanted creature's controller, put a -1/-1
            // counter on that creature."
            if p.that_is_attached && ATTACHED_NOUNS.contains(&noun.as_str()) && last_target(p, |_| true).is_none() {
                p.bump();
                return Ok(Affected::Attached);
            }
            if p.trigger_object && matches!(noun.as_str(), "creature" | "permanent" | "land" | "artifact" | "enchantment" | "spell") && last_target(p, |_| true).is_none() {
                p.bump();
                p.named_this = false;
                return Ok(Affected::TriggerObject);
            }
            // "Exile target creature. Return that card to the battlefield at the beginning of
            // the next end step.": the target, followed as the delayed ability is made.
            if p.delayed_clause && noun == "card" && let Some(i) = last_target(p, |s| matches!(s, TargetSpec::Permanent(_))) {
                p.bump();
                return Ok(Affected::Target(i));
            }
            // "Exile target creature you control, then return that card to the battlefield":
            // the target the effect exiled, followed to exile (400.7j).
            if noun == "card" && let Some(i) = p.exiled_target && last_target(p, |_| true) == Some(i) {
                p.bump();
                return Ok(Affected::Target(i));
            }
            let found = match noun.as_str() {
                "player" => last_target(p, is_player),
                "creature" | "permanent" | "artifact" | "land" | "enchantment" => last_target(p, |s| matches!(s, TargetSpec::Permanent(_) | TargetSpec::SpellOrPermanent(_) | TargetSpec::Any)),
                "spell" => last_target(p, |s| matches!(s, TargetSpec::Spell(_))),
                _ => return Err(p.fail("\"player\", \"creature\", \"permanent\" or \"spell\"")),
            };
            p.bump();
            if p.at_word("controls") || p.at_word("controller") {
                return Err(Fail { at: start, expected: EXPECTED.into() });
            }
            found.map(Affected::Target).ok_or_else(|| Fail { at: start, expected: missing_referent(p, &format!("\"that {noun}\"")) })
        }
        // "Tap up to two target creatures. Those creatures don't untap …": the objects chosen
        // for the last target that may be several.
        "those" if p.peek_at(1).and_then(|t| t.word()).is_some_and(|n| matches!(n.as_str(), "creatures" | "permanents" | "lands" | "artifacts")) => {
            p.pos += 2;
            last_target(p, |s| matches!(s, TargetSpec::Permanent(_))).map(Affected::Target).ok_or_else(|| Fail { at: start, expected: missing_referent(p, "\"those\"") })
        }
        "its" | "their" => {
            p.bump();
            if !p.eat_word("controller") {
                return Err(Fail { at: start, expected: EXPECTED.into() });
            }
            let who = last_target(p, is_object).map(Affected::ControllerOfTarget).or_else(|| p.trigger_object.then_some(Affected::TriggerObjectController));
            p.last_player.clone_from(&who);
            who
                .ok_or_else(|| Fail { at: start, expected: missing_referent(p, "\"its controller\"") })
        }
        // A plural subject: "Creatures you control get +1/+1 until end of turn.", "Creature
        // tokens you control …", "Nontoken creatures …"
        _ if type_word(&w, true).is_some()
            || non_type_word(&w).is_some()
            || Color::from_name(&w).is_some()
            || matches!(w.as_str(), "tapped" | "untapped" | "attacking" | "blocking" | "nontoken" | "tokens")
            || type_word(&w, false).is_some() && p.peek_at(1).is_some_and(|t| t.is_word("tokens"))
            || capitalized_subtype(p).is_some() =>
        {
            each_permanent(p, true)
        }
        _ => Err(p.fail(EXPECTED)),
    }
}

/// Whether an instruction read so far (in this line, or an earlier line of a spell) creates
/// tokens or puts a card from a hand onto the battlefield: "it" may then mean that new object,
/// which no referent names yet.
fn tokens_created(p: &Parser<'_>) -> bool {
    fn creates(i: &crate::cards::ir::Instruction) -> bool {
        use crate::cards::ir::Instruction;
        match i {
            Instruction::CreateTokens { .. } | Instruction::PutFromHand { .. } => true,
            Instruction::MayOrElse { action, then, otherwise, .. } => creates(action) || then.iter().chain(otherwise).any(creates),
            Instruction::Reflexive(effect) => effect.instructions.iter().any(creates),
            Instruction::IfDone { action, then } => creates(action) || then.iter().any(creates),
            Instruction::Delayed { instructions, .. } | Instruction::DelayedDies { instructions, .. } | Instruction::UnlessPays { instructions, .. } | Instruction::IfKicked(instructions) | Instruction::IfHolds { instructions, .. } => instructions.iter().any(creates),
            _ => false,
        }
    }
    p.created_tokens || p.effect.instructions.iter().any(creates)
}

fn other_permanents(p: &mut Parser<'_>, plural: bool) -> PResult<Affected> {
    // "Destroy target creature. Other creatures …": other than the target, not the source;
    // not read.
    if last_target(p, is_object).is_some() {
        return Err(p.fail("\"other\" with no earlier target (other than an earlier target is not supported)"));
    }
    match each_permanent(p, plural)? {
        Affected::EachPermanent(f) => Ok(Affected::EachOtherPermanent(f)),
        other => Ok(other),
    }
}

fn each_permanent(p: &mut Parser<'_>, plural: bool) -> PResult<Affected> {
    let at = p.pos;
    let outer = p.each_phrase;
    p.each_phrase = true;
    let r = parse_filter(p, plural);
    p.each_phrase = outer;
    match r? {
        (f, Head::Permanent) => {
            // "all creatures on the battlefield": every permanent is there (110.1).
            if f.controller == ControllerFilter::Any {
                p.eat_words(&["on", "the", "battlefield"]);
            }
            Ok(Affected::EachPermanent(f))
        }
        _ => Err(Fail { at, expected: "permanents (spells and cards cannot be affected all at once)".into() }),
    }
}

/// What kinds of thing an [`Affected`] can be, given the effect's targets.
#[must_use]
pub fn kinds(p: &Parser<'_>, a: &Affected) -> Kinds {
    let k = |player, permanent, spell| Kinds { player, permanent, spell };
    match a {
        Affected::Both(x, y) => {
            let (x, y) = (kinds(p, x), kinds(p, y));
            k(x.player || y.player, x.permanent || y.permanent, x.spell || y.spell)
        }
        Affected::You | Affected::EachPlayer | Affected::EachOpponent | Affected::ControllerOfTarget(_) => {
            k(true, false, false)
        }
        Affected::This | Affected::TriggerObject => k(false, true, false),
        Affected::TriggerSpellOrAbility => k(false, false, true),
        Affected::ThisInGraveyard | Affected::SetAside | Affected::ExiledBySource => k(false, false, false),
        Affected::TriggerObjectController | Affected::TriggerPlayer | Affected::AttachedController => k(true, false, false),
        Affected::Attached | Affected::CreatedTokens | Affected::Linked | Affected::DamagedThisWay | Affected::Arrived(_) => k(false, true, false),
        Affected::EachPermanent(_) | Affected::EachOtherPermanent(_) => k(false, true, false),
        Affected::Target(i) => match p.effect.targets.get(*i).map(|s| &s.spec) {
            Some(TargetSpec::Any | TargetSpec::PlayerOrPlaneswalker { .. }) => k(true, true, false),
            Some(TargetSpec::Player { .. }) => k(true, false, false),
            Some(TargetSpec::Permanent(_)) => k(false, true, false),
            Some(TargetSpec::Spell(_)) => k(false, false, true),
            Some(TargetSpec::SpellOrPermanent(_)) => k(false, true, true),
            Some(TargetSpec::GraveyardCard { .. }) => Kinds { player: false, permanent: false, spell: false },
            // Abilities on the stack can be countered like spells.
            Some(TargetSpec::Ability) => k(false, false, true),
            None => k(false, false, false),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::super::lexer::lex;
    use super::super::parser::Parser;
    use super::*;
    use crate::cards::ir::{CardType::*, Effect};

    /// Parses `text` as a filter and returns it with the number of tokens left over.
    fn filter(text: &str, plural: bool) -> PResult<(ObjectFilter, Head, usize)> {
        let mut p = Parser::new(text, lex(text, 0, &[]), Effect::default(), false);
        let (f, h) = parse_filter(&mut p, plural)?;
        Ok((f, h, p.toks.len() - p.pos))
    }

    fn f(any: &[CardType], none: &[CardType], controller: ControllerFilter) -> ObjectFilter {
        ObjectFilter { types_any: any.to_vec(), types_none: none.to_vec(), controller, ..ObjectFilter::default() }
    }

    #[test]
    fn filters() {
        use ControllerFilter::*;
        assert_eq!(filter("creature", false), Ok((f(&[Creature], &[], Any), Head::Permanent, 0)));
        assert_eq!(filter("nonland permanent", false), Ok((f(&[], &[Land], Any), Head::Permanent, 0)));
        assert_eq!(filter("creature with power 4 or greater", false), Ok((ObjectFilter { power: Some((Compare::AtLeast, 4)), ..f(&[Creature], &[], Any) }, Head::Permanent, 0)));
        assert_eq!(filter("noncreature spell", false), Ok((f(&[], &[Creature], Any), Head::Spell, 0)));
        assert_eq!(filter("instant or sorcery spell", false), Ok((f(&[Instant, Sorcery], &[], Any), Head::Spell, 0)));
        assert_eq!(
            filter("nonartifact creature an opponent controls", false),
            Ok((f(&[Creature], &[Artifact], Opponent), Head::Permanent, 0))
        );
        assert_eq!(filter("creature you control", false), Ok((f(&[Creature], &[], You), Head::Permanent, 0)));
        assert_eq!(filter("creatures your opponents control", true), Ok((f(&[Creature], &[], Opponent), Head::Permanent, 0)));
        assert_eq!(filter("nonland permanents", true), Ok((f(&[], &[Land], Any), Head::Permanent, 0)));
        // Words after the filter are left for the caller to reject ("with flying").
        assert_eq!(filter("creature with banding", false), Ok((f(&[Creature], &[], Any), Head::Permanent, 2)));
        let flying = ObjectFilter { keyword: Some(crate::cards::ir::Keyword::Flying), ..f(&[Creature], &[], Any) };
        assert_eq!(filter("creature with flying", false), Ok((flying, Head::Permanent, 0)));
        let nonblack = ObjectFilter { colors_none: vec![crate::cards::ir::Color::Black], tapped: Some(true), ..f(&[Creature], &[], Any) };
        assert_eq!(filter("tapped nonblack creature", false), Ok((nonblack, Head::Permanent, 0)));
        // "artifact creature" means both types: the filter stops before "creature".
        assert_eq!(filter("artifact creature", false), Ok((f(&[Artifact], &[], Any), Head::Permanent, 1)));
        // Not a type at all.
        assert_eq!(filter("nonwhatever creature", false).map_err(|e| e.at), Err(0));
        assert_eq!(filter("creatures", false).map_err(|e| e.at), Err(0));
        // An instant is never a permanent.
        assert!(filter("instant", false).is_err());
    }

    #[test]
    fn target_phrases_declare_targets() {
        let text = "player or planeswalker";
        let mut p = Parser::new(text, lex(text, 0, &[]), Effect::default(), false);
        assert_eq!(parse_target(&mut p), Ok(0));
        assert_eq!(p.effect.targets, vec![TargetSpec::PlayerOrPlaneswalker { opponent_only: false }.into()]);
        let text = "target opponent and target creature spell";
        let mut p = Parser::new(text, lex(text, 0, &[]), Effect::default(), false);
        assert_eq!(parse_affected(&mut p), Ok(Affected::Target(0)));
        assert!(p.eat_word("and"));
        assert_eq!(parse_affected(&mut p), Ok(Affected::Target(1)));
        assert_eq!(
            p.effect.targets,
            vec![
                TargetSpec::Player { opponent_only: true }.into(),
                TargetSpec::Spell(f(&[Creature], &[], ControllerFilter::Any)).into()
            ]
        );
    }

    #[test]
    fn referents() {
        let text = "it that creature its controller that player";
        let mut p = Parser::new(text, lex(text, 0, &[]), Effect::default(), false);
        // Nothing to refer to yet.
        assert!(parse_affected(&mut p).is_err());
        p.pos = 0;
        p.declare(TargetSpec::Player { opponent_only: false });
        p.declare(TargetSpec::Permanent(f(&[Creature], &[], ControllerFilter::Any)));
        assert_eq!(parse_affected(&mut p), Ok(Affected::Target(1)));
        assert_eq!(parse_affected(&mut p), Ok(Affected::Target(1)));
        assert_eq!(parse_affected(&mut p), Ok(Affected::ControllerOfTarget(1)));
        assert_eq!(parse_affected(&mut p), Ok(Affected::Target(0)));
        assert!(p.at_end());
    }
}
