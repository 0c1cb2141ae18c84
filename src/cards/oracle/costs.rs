//! Costs of activated abilities (602.1, 118): mana, `{T}`, "Sacrifice this …", "Pay N life",
//! "Discard a card", separated by commas and ended by the colon.

use super::lexer::Tok;
use super::mana;
use super::parser::{Fail, PResult, Parser};
use super::targets::eat_self_ref;
use crate::cards::ir::{Cost, LoyaltyCost, PayCost};

const EXPECTED: &str = "a cost ({mana}, {T}, \"Sacrifice this …\", \"Pay N life\" or \"Discard a card\")";

/// Parses `cost[, cost]*:` and consumes the colon.
pub fn parse_cost(p: &mut Parser<'_>) -> PResult<Cost> {
    let mut cost = Cost::default();
    loop {
        parse_cost_item(p, &mut cost)?;
        if p.eat_punct(':') {
            return Ok(cost);
        }
        if !p.eat_punct(',') {
            return Err(p.fail("\",\" or \":\" after a cost"));
        }
    }
}

fn parse_cost_item(p: &mut Parser<'_>, cost: &mut Cost) -> PResult<()> {
    let Some(t) = p.peek() else { return Err(p.fail(EXPECTED)) };
    match t.tok.clone() {
        Tok::Symbol(s) if s == "T" => {
            if cost.tap {
                return Err(p.fail(EXPECTED));
            }
            cost.tap = true;
            p.bump();
        }
        Tok::Symbol(_) => {
            // A run of mana symbols such as {1}{G}.
            while let Some(Tok::Symbol(s)) = p.peek().map(|t| t.tok.clone()) {
                if s == "T" {
                    break;
                }
                let Some(sym) = mana::symbol(&s) else {
                    return Err(p.fail("a mana symbol the engine supports ({2}, {G}, {C}, {X}, {G/W}, {2/W}, {W/P}, {S})"));
                };
                if !mana::add_to_cost(&mut cost.mana, sym) {
                    return Err(p.fail("a smaller generic cost"));
                }
                p.bump();
            }
        }
        Tok::Word(w) if w.eq_ignore_ascii_case("sacrifice") => {
            p.bump();
            // "Sacrifice a creature", "Sacrifice another creature" (701.21a): a permanent the
            // player controls, chosen as the cost is paid.
            if cost.sacrifice.is_none() && (p.at_word("a") || p.at_word("an") || p.at_word("another")) {
                let other = p.at_word("another");
                p.bump();
                let at = p.pos;
                let (mut f, head) = super::targets::parse_filter(p, false)?;
                if head != super::targets::Head::Permanent || !matches!(f.controller, crate::cards::ir::ControllerFilter::Any | crate::cards::ir::ControllerFilter::You) {
                    return Err(super::parser::Fail { at, expected: "a permanent of yours to sacrifice (\"a creature\", \"another artifact\")".into() });
                }
                f.controller = crate::cards::ir::ControllerFilter::You;
                f.other = other;
                cost.sacrifice = Some(f);
                return Ok(());
            }
            if cost.sacrifice_self || !eat_self_ref(p) {
                return Err(p.fail("\"this creature\" (or another reference to this card) to sacrifice"));
            }
            cost.sacrifice_self = true;
        }
        // "Exert this creature" (701.43a): exerting the source is part of the cost.
        Tok::Word(w) if w.eq_ignore_ascii_case("exert") && !cost.exert_self => {
            p.bump();
            if !eat_self_ref(p) {
                return Err(p.fail("\"this creature\" (exerting the permanent itself)"));
            }
            cost.exert_self = true;
        }
        // "Return a land you control to its owner's hand" (602.2b): chosen as the cost is paid.
        Tok::Word(w) if w.eq_ignore_ascii_case("return") && cost.return_to_hand.is_none() => {
            p.bump();
            let Some(f) = return_to_hand(p) else { return Err(p.fail("\"a [permanent] you control to its owner's hand\"")) };
            cost.return_to_hand = Some(f);
        }
        // "Tap an untapped creature you control", "Tap two untapped artifacts you control",
        // "Tap another untapped Rogue you control" (602.2b): chosen as the cost is paid.
        Tok::Word(w) if w.eq_ignore_ascii_case("tap") && cost.tap_untapped.is_none() => {
            p.bump();
            let Some(f) = tap_untapped(p) else { return Err(p.fail("\"an untapped [permanent] you control\" (or \"two untapped …\", \"another untapped …\") to tap")) };
            cost.tap_untapped = Some(Box::new(f));
        }
        // "Exile a blue card from your hand" (118.9's pitch costs): chosen as it is paid.
        // "Exile this card from your graveyard" (113.6m), "Exile a creature card from your
        // graveyard" (602.2b).
        Tok::Word(w) if w.eq_ignore_ascii_case("exile") => {
            p.bump();
            let mark = p.mark();
            if !cost.exile_self_from_graveyard && (p.eat_words(&["this", "card"]) || p.peek().is_some_and(|t| t.tok == Tok::SelfName) && {
                p.bump();
                true
            }) {
                if p.eat_words(&["from", "your", "graveyard"]) {
                    cost.exile_self_from_graveyard = true;
                    return Ok(());
                }
                p.reset(mark);
                return Err(p.fail("\"this card from your graveyard\""));
            }
            match exile_cards(p) {
                Some((f, n, true)) if cost.exile_from_hand.is_none() => cost.exile_from_hand = Some(Box::new((f, n))),
                Some((f, n, false)) if cost.exile_from_graveyard.is_none() => cost.exile_from_graveyard = Some(Box::new((f, n))),
                _ => return Err(p.fail("\"a [kind of] card from your hand\" or \"… from your graveyard\" (or \"two [kind of] cards …\") to exile")),
            }
        }
        // "Discard a card" (Blood tokens, 111.10g): the card is chosen as the cost is paid.
        Tok::Word(w) if w.eq_ignore_ascii_case("discard") => {
            p.bump();
            if !cost.discard_self && (p.eat_words(&["this", "card"]) || p.peek().is_some_and(|t| t.tok == Tok::SelfName) && {
                p.bump();
                true
            }) {
                cost.discard_self = true;
                return Ok(());
            }
            if cost.discard_card || !p.eat_words(&["a", "card"]) {
                return Err(p.fail("\"a card\" to discard"));
            }
            cost.discard_card = true;
        }
        // A loyalty symbol (606.2): "[+1]", "[0]", "[−2]", "[−X]".
        Tok::Punct('[') if cost.loyalty.is_none() => {
            p.bump();
            let sign = match p.peek().map(|t| t.tok.clone()) {
                Some(Tok::Punct('+')) => 1,
                Some(Tok::Punct('−' | '-')) => -1,
                _ => 0,
            };
            if sign != 0 {
                p.bump();
            }
            let value = match p.peek().map(|t| t.tok.clone()) {
                Some(Tok::Number(n)) if sign != 0 || n == 0 => LoyaltyCost::Fixed(sign * i32::try_from(n).map_err(|_| p.fail("a smaller loyalty cost"))?),
                Some(Tok::Word(w)) if w == "X" && sign < 0 => LoyaltyCost::MinusX,
                _ => return Err(p.fail("a loyalty cost such as [+1], [0], [−2] or [−X]")),
            };
            p.bump();
            if !p.eat_punct(']') {
                return Err(p.fail("\"]\" closing the loyalty cost"));
            }
            cost.loyalty = Some(value);
        }
        // "Remove a charge counter from this artifact" (122): the counters are removed as the
        // cost is paid.
        Tok::Word(w) if w.eq_ignore_ascii_case("remove") && cost.remove_counters.is_none() => {
            p.bump();
            let n = super::targets::count_word(p, 0).ok_or_else(|| p.fail("how many counters to remove"))?;
            p.pos += 1;
            let kind = super::statics::counter_noun(p)?;
            if !p.eat_word("from") || !eat_self_ref(p) {
                return Err(p.fail("\"from this …\" (counters removed from the permanent itself)"));
            }
            cost.remove_counters = Some((kind, n));
        }
        Tok::Word(w) if w.eq_ignore_ascii_case("pay") => {
            p.bump();
            if let Some(n) = energy_symbols(p) {
                cost.pay_energy = cost.pay_energy.saturating_add(n);
                return Ok(());
            }
            let Some(Tok::Number(n)) = p.peek().map(|t| t.tok.clone()) else {
                return Err(p.fail("a number of life to pay"));
            };
            p.bump();
            p.expect_words(&["life"])?;
            cost.pay_life = cost.pay_life.saturating_add(n);
        }
        _ => return Err(p.fail(EXPECTED)),
    }
    Ok(())
}

/// A run of mana symbols written in text ("{2}{U}" after "pays"); an error points at its first
/// symbol.
pub fn mana_symbols(p: &mut Parser<'_>) -> PResult<crate::cards::ir::ManaCost> {
    let at = p.pos;
    let mut text = String::new();
    while let Some(Tok::Symbol(s)) = p.peek().map(|t| t.tok.clone()) {
        text.push('{');
        text.push_str(&s);
        text.push('}');
        p.bump();
    }
    mana::parse_cost(&text).map_err(|e| Fail { at, expected: e })
}

/// An amount of energy written as symbols (107.14): "{E}{E}{E}", or a count and one symbol
/// ("eight {E}"). Consumes nothing and returns `None` when the words are not that.
pub fn energy_symbols(p: &mut Parser<'_>) -> Option<u32> {
    let is_e = |p: &Parser<'_>, at: usize| matches!(p.peek_at(at).map(|t| &t.tok), Some(Tok::Symbol(s)) if s == "E");
    if is_e(p, 0) {
        let mut n = 0;
        while is_e(p, 0) {
            p.bump();
            n += 1;
        }
        return Some(n);
    }
    let n = super::targets::count_word(p, 0)?;
    if n > 1 && is_e(p, 1) && !is_e(p, 2) {
        p.pos += 2;
        return Some(n);
    }
    None
}

/// A cost paid while a spell or ability resolves, after "pay"/"pays" (118.12): mana symbols
/// ("{2}{U}", "{X}") or "N life". The same cost grammar as an activated ability's mana and
/// life items.
pub fn parse_pay_cost(p: &mut Parser<'_>) -> PResult<PayCost> {
    if let Some(n) = energy_symbols(p) {
        return Ok(PayCost::Energy(n));
    }
    match p.peek().map(|t| t.tok.clone()) {
        Some(Tok::Symbol(_)) => mana_symbols(p).map(PayCost::Mana),
        Some(Tok::Number(n)) => {
            p.bump();
            p.expect_words(&["life"])?;
            Ok(PayCost::Life(n))
        }
        _ => Err(p.fail("a cost to pay (mana symbols such as {2}{U}, or \"N life\")")),
    }
}

/// After "return" in a cost: "a/an [kind of permanent] you control to its owner's hand", the
/// filter of what may be returned; `None`, consuming nothing, when the words are not that.
pub(crate) fn return_to_hand(p: &mut Parser<'_>) -> Option<crate::cards::ir::ObjectFilter> {
    let mark = p.mark();
    if !(p.eat_word("a") || p.eat_word("an")) {
        return None;
    }
    match super::targets::parse_filter(p, false) {
        Ok((f, super::targets::Head::Permanent))
            if f.controller == crate::cards::ir::ControllerFilter::You && (p.eat_words(&["to", "its", "owner's", "hand"]) || p.eat_words(&["to", "its", "owner’s", "hand"])) =>
        {
            Some(f)
        }
        _ => {
            p.reset(mark);
            None
        }
    }
}

/// After "tap" in a cost: "an untapped [kind] you control", "two untapped [kinds] you
/// control", "another untapped [kind] you control"; the filter (untapped, yours, `other` for
/// "another") and how many. `None`, consuming nothing, when the words are not that.
pub(crate) fn tap_untapped(p: &mut Parser<'_>) -> Option<(crate::cards::ir::ObjectFilter, u32)> {
    let mark = p.mark();
    let other = p.eat_word("another");
    let n = if other { 1 } else { super::targets::count_word(p, 0)? };
    if !other {
        p.pos += 1;
    }
    match super::targets::parse_filter(p, n > 1) {
        Ok((mut f, super::targets::Head::Permanent)) if f.tapped == Some(false) && f.controller == crate::cards::ir::ControllerFilter::You && !f.other => {
            f.other = other;
            Some((f, n))
        }
        _ => {
            p.reset(mark);
            None
        }
    }
}

/// After "exile" in a cost: "a blue card from your hand", "two green cards from your hand",
/// "a creature card from your graveyard", "two cards from your graveyard"; the card filter, how
/// many, and whether from the hand (else the graveyard). `None`, consuming nothing, when the
/// words are not that.
pub(crate) fn exile_cards(p: &mut Parser<'_>) -> Option<(crate::cards::ir::ObjectFilter, u32, bool)> {
    let mark = p.mark();
    let n = super::targets::count_word(p, 0)?;
    p.pos += 1;
    // "cards" alone, or a filter ending in "card(s)".
    let plain = if n > 1 { p.eat_word("cards") } else { p.eat_word("card") };
    let filter = if plain { Ok((crate::cards::ir::ObjectFilter::default(), super::targets::Head::Card)) } else { super::targets::parse_filter(p, n > 1) };
    let simple = |f: &crate::cards::ir::ObjectFilter| *f == crate::cards::ir::ObjectFilter { types_any: f.types_any.clone(), types_none: f.types_none.clone(), colors: f.colors.clone(), colors_none: f.colors_none.clone(), subtypes: f.subtypes.clone(), ..Default::default() };
    match filter {
        Ok((f, super::targets::Head::Card)) if simple(&f) => {
            if p.eat_words(&["from", "your", "hand"]) {
                return Some((f, n, true));
            }
            if p.eat_words(&["from", "your", "graveyard"]) {
                return Some((f, n, false));
            }
            p.reset(mark);
            None
        }
        _ => {
            p.reset(mark);
            None
        }
    }
}

/// The parts of an alternative cost (118.9), joined by "and" and ended before "rather":
/// "pay {W}{U}{B}{R}{G}", "pay 1 life and exile a blue card from your hand", "sacrifice a
/// Mountain", "return an Island you control to its owner's hand", "tap an untapped creature
/// you control". Parts that name the card itself ({T}, "sacrifice this …") have no meaning
/// for a spell and are refused.
pub fn alternative_cost(p: &mut Parser<'_>) -> PResult<Cost> {
    let mut cost = Cost::default();
    loop {
        let at = p.pos;
        if p.at_word("pay") && matches!(p.peek_at(1).map(|t| &t.tok), Some(Tok::Symbol(s)) if s != "E") {
            p.bump();
            if !cost.mana.is_empty() {
                return Err(Fail { at, expected: "one mana part in an alternative cost".into() });
            }
            cost.mana = mana_symbols(p)?;
        } else {
            parse_cost_item(p, &mut cost)?;
        }
        let spell_safe = !cost.tap && !cost.sacrifice_self && !cost.exert_self && !cost.discard_self && !cost.exile_self_from_graveyard && cost.loyalty.is_none() && cost.remove_counters.is_none() && !cost.sacrifice.as_ref().is_some_and(|f| f.other);
        if !spell_safe {
            return Err(Fail { at, expected: "a cost a spell can pay (mana, life, a permanent sacrificed, tapped or returned, a card exiled from the hand)".into() });
        }
        if !p.eat_word("and") {
            return Ok(cost);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, Affected, Cost, Instruction};

    fn cost_of(text: &str, name: &str) -> Cost {
        match ok(text, name, CREATURE).into_iter().next() {
            Some(Ability::Activated { cost, .. }) => cost,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn cost_items() {
        assert_eq!(cost_of("{T}: Add {G}.", "Llanowar Elves"), tap_cost());
        assert_eq!(
            cost_of("{1}, {T}, Sacrifice this artifact: Draw a card.", "Mind Stone"),
            Cost { mana: mana("{1}"), tap: true, sacrifice_self: true, ..Cost::default() }
        );
        assert_eq!(
            cost_of("{B}, Pay 2 life: Draw a card.", "Greed"),
            Cost { mana: mana("{B}"), pay_life: 2, ..Cost::default() }
        );
        assert_eq!(
            cost_of("{X}{R}, Sacrifice this creature: It deals X damage to target creature.", "Pain Kami"),
            Cost { mana: mana("{X}{R}"), sacrifice_self: true, ..Cost::default() }
        );
        // Sacrificing the card by name (Major Teroh, Lieutenant Kirtar templates).
        assert_eq!(
            ok("{1}{W}, Sacrifice Lieutenant Test: Exile target creature.", "Lieutenant Test", CREATURE),
            vec![activated(
                Cost { mana: mana("{1}{W}"), sacrifice_self: true, ..Cost::default() },
                vec![perm(&[crate::cards::ir::CardType::Creature])],
                vec![Instruction::Exile(Affected::Target(0))],
                false
            )]
        );
    }

    #[test]
    fn cycling_and_typecycling() {
        use crate::cards::ir::{Amount, CardQuery, Effect, SearchDest};
        let cycling = Cost { mana: mana("{2}"), discard_self: true, cycling: true, ..Cost::default() };
        // 702.29a: "[Cost], Discard this card: Draw a card."
        assert_eq!(
            ok("Deathtouch\nCycling {2} ({2}, Discard this card: Draw a card.)", "Wasteland Scorpion", CREATURE)[1],
            Ability::Activated { cost: cycling.clone(), effect: Effect { instructions: vec![Instruction::Draw { who: Affected::You, count: Amount::Fixed(1) }], ..Effect::default() }, mana: false }
        );
        // On an instant or sorcery too, beside its spell ability.
        let suns = ok("Sweltering Suns deals 3 damage to each creature.\nCycling {3}", "Sweltering Suns", SORCERY);
        assert!(matches!(&suns[1], Ability::Activated { cost, .. } if cost.cycling && cost.mana == mana("{3}")));
        // 702.29e: typecycling searches for the type; "basic landcycling" for a basic land.
        for (text, name, find) in [("Vigilance\nPlainscycling {2}", "Noble Templar", "Plains"), ("{T}: Add {C}.\nBasic landcycling {1}", "Ash Barrens", "basic land")] {
            let abilities = ok(text, name, CREATURE);
            let Some(Ability::Activated { cost, effect, .. }) = abilities.last() else { panic!("{abilities:?}") };
            assert!(cost.cycling && cost.discard_self, "{name}");
            let Some(Instruction::Search(s)) = effect.instructions.first() else { panic!("{effect:?}") };
            assert_eq!((s.count, s.reveal, s.dest), (Some(1), true, SearchDest::Hand), "{name}");
            match &s.query {
                CardQuery::Filter { filter, basic } if find == "Plains" => assert!(filter.subtypes == ["Plains"] && !basic),
                CardQuery::Filter { basic, .. } => assert!(*basic),
                q => panic!("{q:?}"),
            }
            assert!(matches!(effect.instructions.last(), Some(Instruction::Shuffle(_))), "{name}");
        }
        // "Discard this card" as a cost of any ability (channel) reads the same way.
        assert_eq!(cost_of("{1}{G}, Discard this card: Draw a card.", "Channeler"), Cost { mana: mana("{1}{G}"), discard_self: true, ..Cost::default() });
        // A type no search can name is refused, not guessed.
        assert!(errs("Bogucycling {2}", "Odd", CREATURE)[0].2.contains("typecycling"));
    }

    #[test]
    fn crew() {
        use crate::cards::ir::{Change, Effect};
        // 702.122a: "Tap any number of other untapped creatures you control with total power N
        // or more: This permanent becomes an artifact creature until end of turn."
        let crew = |n| Ability::Activated {
            cost: Cost { crew: Some(n), ..Cost::default() },
            effect: Effect {
                instructions: vec![Instruction::Continuous {
                    what: Affected::This,
                    changes: vec![Change::AddTypes { types: vec![crate::cards::ir::CardType::Artifact, crate::cards::ir::CardType::Creature], subtypes: Vec::new() }],
                    until_end_of_turn: true,
                    hold: None,
                }],
                ..Effect::default()
            },
            mana: false,
        };
        let vehicle = &[crate::cards::ir::CardType::Artifact];
        assert_eq!(ok("Crew 3 (Tap any number of untapped creatures you control with total power 3 or more: This Vehicle becomes an artifact creature until end of turn.)", "Irontread Crusher", vehicle), vec![crew(3)]);
        assert_eq!(ok("Flying\nCrew 1", "Sky Skiff", vehicle)[1], crew(1));
        // "Crew 1. Activate only once each turn." is not read yet.
        assert!(!errs("Crew 1. Activate only once each turn.", "Odd Vehicle", vehicle).is_empty());
    }

    #[test]
    fn tap_untapped_permanents() {
        use crate::cards::ir::{CardType, ControllerFilter};
        // Springleaf Drum: "{T}, Tap an untapped creature you control" (602.2b).
        let drum = match ok("{T}, Tap an untapped creature you control: Add one mana of any color.", "Springleaf Drum", ARTIFACT).into_iter().next() {
            Some(Ability::Activated { cost, mana: true, .. }) => cost,
            other => panic!("{other:?}"),
        };
        let Some((f, 1)) = drum.tap_untapped.as_deref() else { panic!("{drum:?}") };
        assert!(drum.tap && f.types_any == [CardType::Creature] && f.tapped == Some(false) && f.controller == ControllerFilter::You && !f.other);
        assert!(drum.has_player_choices());
        // "Tap two untapped creatures you control", "Tap another untapped Rogue you control".
        assert!(matches!(cost_of("Tap two untapped creatures you control: Draw a card.", "Test Two").tap_untapped.as_deref(), Some((_, 2))));
        let rogue = cost_of("Tap another untapped Rogue you control: This creature gets +1/+1 until end of turn.", "Test Rogue");
        assert!(matches!(rogue.tap_untapped.as_deref(), Some((f, 1)) if f.other && f.subtypes == ["Rogue"]));
        // Without "untapped", or someone else's permanents, it is not this cost.
        assert!(!errs("Tap a creature you control: Draw a card.", "Odd", CREATURE).is_empty());
        assert!(!errs("Tap an untapped creature an opponent controls: Draw a card.", "Odd", CREATURE).is_empty());
    }

    #[test]
    fn exile_cards_as_a_cost() {
        use crate::cards::ir::CardType;
        // Grim Lavamancer: "Exile two cards from your graveyard" (602.2b).
        let grim = cost_of("{R}, {T}, Exile two cards from your graveyard: This creature deals 2 damage to any target.", "Grim Lavamancer");
        assert!(matches!(grim.exile_from_graveyard.as_deref(), Some((f, 2)) if *f == crate::cards::ir::ObjectFilter::default()));
        let caller = cost_of("{3}{B}, Exile a creature card from your graveyard: Create a tapped 2/2 black Zombie creature token.", "Null Caller");
        assert!(matches!(caller.exile_from_graveyard.as_deref(), Some((f, 1)) if f.types_any == [CardType::Creature]));
        // Dauntless Cathar: the ability works from the graveyard (113.6m).
        let cathar = cost_of("{1}{W}, Exile this card from your graveyard: Create a 1/1 white Spirit creature token with flying. Activate only as a sorcery.", "Dauntless Cathar");
        assert!(cathar.exile_self_from_graveyard && cathar.sorcery_speed);
        // A card exiled from somewhere else is not read.
        assert!(!errs("Exile a creature card from a graveyard: Draw a card.", "Odd", CREATURE).is_empty());
    }

    #[test]
    fn alternative_costs() {
        use crate::cards::ir::{Color, Condition};
        let alt = |text: &str, name: &str| match ok(text, name, INSTANT).into_iter().next() {
            Some(Ability::AlternativeCost { cost, condition }) => (cost, condition),
            other => panic!("{other:?}"),
        };
        // Force of Will (118.9): 1 life and a blue card exiled from the hand, no mana.
        let (fow, cond) = alt("You may pay 1 life and exile a blue card from your hand rather than pay this spell's mana cost.\nCounter target spell.", "Force of Will");
        assert!(cond.is_none() && fow.mana.is_empty() && fow.pay_life == 1);
        assert!(matches!(fow.exile_from_hand.as_deref(), Some((f, 1)) if f.colors == [Color::Blue]));
        // Snuff Out: a condition, then 4 life.
        let (snuff, cond) = alt("If you control a Swamp, you may pay 4 life rather than pay this spell's mana cost.\nDestroy target nonblack creature. It can't be regenerated.", "Snuff Out");
        assert!(snuff.pay_life == 4 && matches!(cond, Some(Condition::Controls { .. })), "{cond:?}");
        // A mana alternative, and tapping a creature (Orim's Cure).
        assert_eq!(alt("You may pay {W}{U}{B}{R}{G} rather than pay this spell's mana cost.\nDraw a card.", "Test Five").0.mana, mana("{W}{U}{B}{R}{G}"));
        assert!(alt("If you control a Plains, you may tap an untapped creature you control rather than pay this spell's mana cost.\nPrevent the next 4 damage that would be dealt to any target this turn.", "Orim's Cure").0.tap_untapped.is_some());
        // Parts a spell can't pay, and counted sacrifices, are refused rather than misread.
        assert!(!errs("You may sacrifice two Mountains rather than pay this spell's mana cost.\nDraw a card.", "Fireblast Test", INSTANT).is_empty());
        assert!(!errs("You may exile a blue card with mana value X from your hand rather than pay this spell's mana cost.\nDraw a card.", "Shoal Test", INSTANT).is_empty());
    }

    #[test]
    fn ninjutsu() {
        use crate::cards::ir::Effect;
        // 702.49a: "[Cost], Reveal this card from your hand, Return an unblocked attacking
        // creature you control to its owner's hand: Put this card onto the battlefield from
        // your hand tapped and attacking."
        let ninja = ok("Ninjutsu {1}{U} ({1}{U}, Return an unblocked attacker you control to hand: Put this card onto the battlefield from your hand tapped and attacking.)\nWhenever this creature deals combat damage to a player, you may draw a card.", "Ninja of the Deep Hours", CREATURE);
        assert_eq!(
            ninja[0],
            Ability::Activated { cost: Cost { mana: mana("{1}{U}"), ninjutsu: true, ..Cost::default() }, effect: Effect { instructions: vec![Instruction::Ninjutsu], ..Effect::default() }, mana: false }
        );
        // Commander ninjutsu (702.49d) is not read.
        assert!(!errs("Commander ninjutsu {U}{B}", "Odd Ninja", CREATURE).is_empty());
    }

    #[test]
    fn discard_a_card() {
        // Blood tokens (111.10g), Mad Prophet.
        assert_eq!(
            cost_of("{1}, {T}, Discard a card, Sacrifice this token: Draw a card.", "Blood Token"),
            Cost { mana: mana("{1}"), tap: true, discard_card: true, sacrifice_self: true, ..Cost::default() }
        );
        assert_eq!(cost_of("{T}, Discard a card: Draw a card.", "Mad Prophet"), Cost { tap: true, discard_card: true, ..Cost::default() });
        // Two discards, or discarding something else, are not read.
        assert!(errs("Discard two cards: Draw a card.", "Two Discards", CREATURE)[0].2.contains("expected \"a card\" to discard"));
        assert_eq!(errs("Discard a card, Discard a card: Draw a card.", "Double", CREATURE).len(), 1);
    }

    #[test]
    fn unsupported_costs() {
        // Zuran Orb: sacrificing another permanent reads now; two of them do not.
        assert!(matches!(&ok("Sacrifice a land: You gain 2 life.", "Zuran Orb", ARTIFACT)[0], Ability::Activated { cost: Cost { sacrifice: Some(_), .. }, .. }));
        assert_eq!(
            errs("Sacrifice two lands: You gain 2 life.", "Double Orb", ARTIFACT),
            vec![(
                10,
                36,
                "unsupported text: \"two lands: You gain 2 life\"; expected \"this creature\" (or another reference to this card) to sacrifice"
                    .to_string()
            )]
        );
        let e = errs("{Q}: Draw a card.", "Untapper", ARTIFACT);
        assert_eq!((e[0].0, e[0].1), (0, 16));
        assert!(e[0].2.contains("expected a mana symbol the engine supports"), "{}", e[0].2);
        let e = errs("Tap a creature you control: Draw a card.", "Convoker", CREATURE);
        assert!(e[0].2.starts_with("unsupported text: \"a creature you control"), "{}", e[0].2);
        assert!(e[0].2.contains("expected \"an untapped"), "{}", e[0].2);
        let e = errs("{W/W}, {T}: Draw a card.", "Hybrid Thing", ARTIFACT);
        assert_eq!((e[0].0, e[0].1), (0, 23));
        assert!(e[0].2.contains("expected a mana symbol the engine supports"), "{}", e[0].2);
        let e = errs("{T}, {T}: Draw a card.", "Double Tap", ARTIFACT);
        assert_eq!((e[0].0, e[0].1), (5, 21));
        // A cost with nothing after the colon.
        let e = errs("{T}:", "Empty", ARTIFACT);
        assert_eq!((e[0].0, e[0].1), (3, 4));
        assert!(e[0].2.ends_with("expected an effect after the colon"), "{}", e[0].2);
    }
}

#[cfg(test)]
mod loyalty_and_counter_costs {
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, Affected, Amount, CardType, Cost, CounterKind, Instruction, LoyaltyCost};

    const PLANESWALKER: &[CardType] = &[CardType::Planeswalker];

    fn effect_counters(a: &[Ability]) -> Option<CounterKind> {
        let [Ability::Spell(e)] = a else { return None };
        e.instructions.iter().find_map(|i| if let Instruction::PutCounters { kind, .. } = i { Some(kind.clone()) } else { None })
    }

    fn costs(text: &str, name: &str, types: &[CardType]) -> Vec<Cost> {
        ok(text, name, types).into_iter().filter_map(|a| if let Ability::Activated { cost, .. } = a { Some(cost) } else { None }).collect()
    }

    #[test]
    fn loyalty_symbols() {
        // Jace, Ingenious Mind-Mage: [+1], [+1], [−9] (606.2, 606.4).
        let text = "[+1]: Draw a card.\n[+1]: Untap all creatures you control.\n[−9]: Gain control of up to three target creatures.";
        let loyalty: Vec<_> = costs(text, "Jace, Ingenious Mind-Mage", PLANESWALKER).into_iter().map(|c| c.loyalty).collect();
        assert_eq!(loyalty, vec![Some(LoyaltyCost::Fixed(1)), Some(LoyaltyCost::Fixed(1)), Some(LoyaltyCost::Fixed(-9))]);
        // Professor Dellian Fel: [0].
        let text = "[+2]: You gain 3 life.\n[0]: You draw a card and lose 1 life.\n[−3]: Destroy target creature.";
        let loyalty: Vec<_> = costs(text, "Professor Dellian Fel", PLANESWALKER).into_iter().map(|c| c.loyalty).collect();
        assert_eq!(loyalty, vec![Some(LoyaltyCost::Fixed(2)), Some(LoyaltyCost::Fixed(0)), Some(LoyaltyCost::Fixed(-3))]);
        // [−X] with X in the effect.
        let c = costs("[−X]: Draw X cards.", "Test Walker", PLANESWALKER);
        assert_eq!(c[0].loyalty, Some(LoyaltyCost::MinusX));
    }

    #[test]
    fn a_loyalty_ability_that_adds_mana_is_not_a_mana_ability() {
        // Chandra, Novice Pyromancer's [−1] (605.1a): it uses the stack.
        let a = ok("[−1]: Add {R}{R}.", "Chandra, Novice Pyromancer", PLANESWALKER);
        assert!(matches!(&a[0], Ability::Activated { mana: false, cost: Cost { loyalty: Some(LoyaltyCost::Fixed(-1)), .. }, .. }), "{a:?}");
    }

    #[test]
    fn malformed_loyalty_symbols_are_refused() {
        let e = errs("[+]: Draw a card.", "Broken Walker", PLANESWALKER);
        assert!(e[0].2.contains("a loyalty cost such as [+1]"), "{e:?}");
    }

    #[test]
    fn removing_counters_as_a_cost() {
        // Tumble Magnet (122, 602.2b).
        let text = "This artifact enters with three charge counters on it.\n{T}, Remove a charge counter from this artifact: Tap target artifact or creature.";
        let a = ok(text, "Tumble Magnet", ARTIFACT);
        assert_eq!(a[0], Ability::EntersWithCounters { kind: CounterKind::Named("charge".into()), count: Amount::Fixed(3) });
        assert_eq!(costs(text, "Tumble Magnet", ARTIFACT)[0], Cost { tap: true, remove_counters: Some((CounterKind::Named("charge".into()), 1)), ..Cost::default() });
        // Norn's Wellspring: "Remove two oil counters".
        let c = costs("{1}, {T}, Remove two oil counters from this artifact: Draw a card.", "Norn's Wellspring", ARTIFACT);
        assert_eq!(c[0].remove_counters, Some((CounterKind::Named("oil".into()), 2)));
        // Counters removed from something else are not a cost the engine pays.
        assert!(!errs("Remove a charge counter from target artifact: Draw a card.", "Odd Relic", ARTIFACT).is_empty());
    }

    #[test]
    fn this_aura_and_this_equipment_are_the_card_itself() {
        // Unbridled Growth's last line; the Aura sacrifices itself.
        let c = costs("Sacrifice this Aura: Draw a card.", "Unbridled Growth", &[CardType::Enchantment]);
        assert!(c[0].sacrifice_self, "{c:?}");
        let c = costs("{1}, Sacrifice this Equipment: Draw a card.", "Equipment Test", ARTIFACT);
        assert!(c[0].sacrifice_self, "{c:?}");
    }

    #[test]
    fn enters_tapped_with_counters() {
        // Vivid Crag: one line, two replacement effects as it enters (614.1c, 614.1d).
        let text = "This land enters tapped with two charge counters on it.\n{T}: Add {R}.\n{T}, Remove a charge counter from this land: Add one mana of any color.";
        let a = ok(text, "Vivid Crag", &[CardType::Land]);
        assert_eq!(a[..2], [Ability::EntersTapped, Ability::EntersWithCounters { kind: CounterKind::Named("charge".into()), count: Amount::Fixed(2) }]);
        assert!(matches!(&a[3], Ability::Activated { mana: true, cost: Cost { tap: true, remove_counters: Some((CounterKind::Named(_), 1)), .. }, .. }), "{:?}", a[3]);
    }

    #[test]
    fn counter_kinds_with_unmodelled_meaning_are_refused() {
        // Keyword counters (122.1b) have rules meaning the engine doesn't model: never read as
        // plain tallies.
        assert!(!errs("Put a flying counter on target creature.", "Keyword Test", INSTANT).is_empty());
        // Finality counters (122.1h) are modelled.
        let a = ok("Put a finality counter on target creature.", "Finality Test", INSTANT);
        assert_eq!(effect_counters(&a), Some(CounterKind::Finality));
        // Shield (122.1c) and stun counters (122.1d) are modelled.
        let a = ok("Put a shield counter on target creature.\nScry 1.", "Boon of Safety", INSTANT);
        assert_eq!(effect_counters(&a), Some(CounterKind::Shield));
        let a = ok("Tap target creature an opponent controls and put three stun counters on it.", "Tranquilize", SORCERY);
        let [Ability::Spell(e)] = a.as_slice() else { panic!("{a:?}") };
        assert_eq!(e.instructions[1], Instruction::PutCounters { what: Affected::Target(0), kind: CounterKind::Stun, count: Amount::Fixed(3) });
    }
}

#[cfg(test)]
mod payments_and_restrictions {
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, Affected, Instruction};

    /// The instructions of a card's only triggered ability.
    fn triggered(text: &str, name: &str, types: &[crate::cards::ir::CardType]) -> Vec<Instruction> {
        match ok(text, name, types).into_iter().next() {
            Some(Ability::Triggered { effect, .. }) => effect.instructions,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn unless_pays() {
        use crate::cards::ir::{ManaCost, PayCost};
        // 118.12a: the instructions before "unless" happen if the player doesn't pay.
        let mist = triggered("At the beginning of your upkeep, sacrifice this creature unless you pay {G}{G}.", "Hungry Mist", CREATURE);
        let [Instruction::UnlessPays { payer: Affected::You, cost: PayCost::Mana(m), instructions }] = mist.as_slice() else { panic!("{mist:?}") };
        assert_eq!(*m, mana("{G}{G}"));
        assert_eq!(instructions.len(), 1);
        // Life as the cost (119.4).
        let carnophage = triggered("At the beginning of your upkeep, tap this creature unless you pay 1 life.", "Carnophage", CREATURE);
        assert!(matches!(carnophage.as_slice(), [Instruction::UnlessPays { payer: Affected::You, cost: PayCost::Life(1), instructions }] if instructions == &[Instruction::Tap(Affected::This)]));
        // "they": the player the trigger is about.
        let enforcer = triggered("Whenever an opponent casts a spell, that player sacrifices a permanent of their choice unless they pay {1}.", "Spelltithe Enforcer", CREATURE);
        assert!(matches!(enforcer.as_slice(), [Instruction::UnlessPays { payer: Affected::TriggerPlayer, .. }]), "{enforcer:?}");
        let barrier = triggered("Whenever an opponent casts a creature spell, this enchantment deals 2 damage to that player unless they pay {2}.", "Soul Barrier", &[crate::cards::ir::CardType::Enchantment]);
        assert!(matches!(barrier.as_slice(), [Instruction::UnlessPays { payer: Affected::TriggerPlayer, .. }]), "{barrier:?}");
        // "its controller" of a target; an {X} is the spell's X (107.3).
        let excise = ok("Exile target attacking creature unless its controller pays {X}.", "Excise", INSTANT);
        let [Ability::Spell(e)] = excise.as_slice() else { panic!("{excise:?}") };
        let [Instruction::UnlessPays { payer: Affected::ControllerOfTarget(0), cost: PayCost::Mana(ManaCost { x: 1, .. }), instructions }] = e.instructions.as_slice() else { panic!("{e:?}") };
        assert_eq!(instructions, &[Instruction::Exile(Affected::Target(0))]);
        let clash = ok("Counter target spell unless its controller pays {X}.", "Clash of Wills", INSTANT);
        let [Ability::Spell(e)] = clash.as_slice() else { panic!("{clash:?}") };
        assert!(matches!(&e.instructions[..], [Instruction::CounterUnlessPays { cost: ManaCost { x: 1, .. }, .. }]));
        // Refused, not guessed: several payers, a payment per count, an X defined later.
        assert!(!errs("At the beginning of your upkeep, sacrifice this creature unless any player pays {1}.", "Odd Mist", CREATURE).is_empty());
        assert!(!errs("At the beginning of your upkeep, sacrifice this creature unless you pay {1} for each card in your hand.", "Odd Mist", CREATURE).is_empty());
        assert!(!errs("Counter target spell unless its controller pays {X}, where X is the number of cards in your hand.", "Odd Leak", INSTANT).is_empty());
        assert!(!errs("Each player sacrifices a creature unless they pay {2}.", "Odd Tithe", SORCERY).is_empty());
        // A triggered ability has no X of its own.
        assert!(!errs("When this creature enters, counter target spell unless its controller pays {X}.", "Odd Leaker", CREATURE).is_empty());
    }

    #[test]
    fn may_pay() {
        use crate::cards::ir::PayCost;
        // 118.12: "you may pay {1}. If you do, …" — the payment is the option.
        let rod = triggered("Whenever a player casts a blue spell, you may pay {1}. If you do, you gain 1 life.", "Crystal Rod", ARTIFACT);
        let [Instruction::MayOrElse { who: Affected::You, action, then, otherwise }] = rod.as_slice() else { panic!("{rod:?}") };
        assert_eq!(**action, Instruction::Pay(PayCost::Mana(mana("{1}"))));
        assert_eq!(then, &[Instruction::GainLife { who: Affected::You, amount: n(1) }]);
        assert!(otherwise.is_empty());
        let pangolin = triggered("Whenever another artifact you control enters, you may pay {1}. If you do, put a +1/+1 counter on this creature.", "Oreplate Pangolin", CREATURE);
        assert!(matches!(pangolin.as_slice(), [Instruction::MayOrElse { then, .. }] if matches!(then.as_slice(), [Instruction::PutCounters { what: Affected::This, .. }])));
        // An X chosen as the optional cost is paid (Flameblast Dragon) is refused, not read as 0.
        assert!(!errs("Flying\nWhenever this creature attacks, you may pay {X}{R}. If you do, it deals X damage to any target.", "Flameblast Dragon", CREATURE).is_empty());
        // Energy (107.14) is paid the same way.
        let odd = triggered("When this creature enters, you may pay {E}{E}. If you do, draw a card.", "Odd Aetherborn", CREATURE);
        assert!(matches!(odd.as_slice(), [Instruction::MayOrElse { action, .. }] if **action == Instruction::Pay(PayCost::Energy(2))), "{odd:?}");
    }

    #[test]
    fn cost_changes() {
        use crate::cards::ir::{CardType, Counted, TypeSet};
        // 601.2f: the spell's own reduction, counted for its caster.
        let ghoultree = ok("This spell costs {1} less to cast for each creature card in your graveyard.", "Ghoultree", CREATURE);
        assert_eq!(ghoultree, vec![Ability::SelfCostChange { generic: -1, per: Some(Counted::CardsInYourGraveyard(TypeSet::of(&[CardType::Creature]))) }]);
        // A list of types before "spells".
        let electromancer = ok("Instant and sorcery spells you cast cost {1} less to cast.", "Goblin Electromancer", CREATURE);
        let [Ability::CostChange { spells, generic: -1 }] = electromancer.as_slice() else { panic!("{electromancer:?}") };
        assert_eq!((spells.types_any.as_slice(), spells.controller), ([CardType::Instant, CardType::Sorcery].as_slice(), crate::cards::ir::ControllerFilter::You));
        let aura = ok("Artifact and enchantment spells your opponents cast cost {2} more to cast.\nSacrifice this enchantment: Destroy target artifact or enchantment.", "Aura of Silence", &[CardType::Enchantment]);
        assert!(matches!(&aura[0], Ability::CostChange { spells, generic: 2 } if spells.types_any == [CardType::Artifact, CardType::Enchantment] && spells.controller == crate::cards::ir::ControllerFilter::Opponent));
        // Conditions other than "for each" are not read here.
        assert!(!errs("This spell costs {3} less to cast if it targets a tapped creature.\nDestroy target creature.", "Odd Strike", INSTANT).is_empty());
    }

    #[test]
    fn if_this_spell_was_kicked() {
        // 702.33e: instructions that apply only to a kicked spell.
        let roil = ok("Kicker {1}{U} (You may pay an additional {1}{U} as you cast this spell.)\nReturn target nonland permanent to its owner's hand. If this spell was kicked, draw a card.", "Into the Roil", INSTANT);
        let Some(Ability::Spell(e)) = roil.last() else { panic!("{roil:?}") };
        assert!(matches!(&e.instructions[..], [Instruction::ReturnToHand(Affected::Target(0)), Instruction::IfKicked(more)] if matches!(more.as_slice(), [Instruction::Draw { .. }])));
        // "If this creature was kicked, it enters with …" (702.33e): counters only if kicked.
        let figment = ok("Kicker {3} (You may pay an additional {3} as you cast this spell.)\nIf this creature was kicked, it enters with two +1/+1 counters on it.\nThis creature can't be blocked.", "Aether Figment", CREATURE);
        assert_eq!(figment[1], Ability::EntersWithCounters { kind: crate::cards::ir::CounterKind::PlusOne, count: crate::cards::ir::Amount::Kicked { base: 0, kicked: 2 } });
        assert!(!errs("Kicker {2}\nIf this creature was kicked, it enters tapped.", "Odd Figment", CREATURE).is_empty());
        // "When this creature enters, if it was kicked, …": an intervening "if" (603.4).
        let sanctifiers = ok("Kicker {W} (You may pay an additional {W} as you cast this spell.)\nWhen this creature enters, if it was kicked, destroy target artifact or enchantment.", "Kor Sanctifiers", CREATURE);
        assert!(matches!(&sanctifiers[1], Ability::Triggered { condition: Some(crate::cards::ir::Condition::Kicked), .. }));
        // Not about the permanent itself, naming one of two kickers, or an X from the kicker: refused.
        assert!(!errs("Whenever another creature enters, if it was kicked, draw a card.", "Odd Watcher", CREATURE).is_empty());
        assert!(!errs("Kicker {1}{B} and/or {W}\nWhen this creature enters, if it was kicked with its {W} kicker, you gain 3 life.", "Odd Battlemage", CREATURE).is_empty());
        assert!(!errs("Kicker {X}{2}\nFlying\nWhen Kangee enters, if it was kicked, put X feather counters on it.", "Kangee", CREATURE).is_empty());
        // A kicked part with targets of its own (702.33g) is refused.
        assert!(!errs("Kicker—Sacrifice a land.\nReturn target nonland permanent to its owner's hand. If this spell was kicked, return another target nonland permanent to its owner's hand.", "Rushing River", INSTANT).is_empty());
        assert!(!errs("Kicker {1}{U}\nTarget creature gets +2/+2 until end of turn. If this spell was kicked, that creature gets +5/+5 until end of turn instead.", "Explosive Growth", INSTANT).is_empty());
    }

    #[test]
    fn cumulative_upkeep() {
        use crate::cards::ir::PayCost;
        // 702.24a: a mana cost or a life payment, each paid once per age counter.
        let forces = ok("Flying\nCumulative upkeep {U} (At the beginning of your upkeep, put an age counter on this permanent, then sacrifice it unless you pay its upkeep cost for each age counter on it.)", "Illusionary Forces", CREATURE);
        assert!(matches!(&forces[1], Ability::CumulativeUpkeep(PayCost::Mana(m)) if *m == mana("{U}")));
        assert!(forces[1].engine_trigger_effect().is_some());
        let gallowbraid = ok("Trample\nCumulative upkeep—Pay 1 life. (At the beginning of your upkeep, put an age counter on this permanent, then sacrifice it unless you pay its upkeep cost for each age counter on it.)", "Gallowbraid", CREATURE);
        assert_eq!(gallowbraid[1], Ability::CumulativeUpkeep(PayCost::Life(1)));
        assert_eq!(PayCost::Mana(mana("{1}{U}")).times(3), PayCost::Mana(mana("{3}{U}{U}{U}")));
        // Costs of other kinds are refused.
        assert!(!errs("Cumulative upkeep—Pay {B} and 1 life.", "Odd Horror", CREATURE).is_empty());
        assert!(!errs("Cumulative upkeep—Sacrifice a creature.", "Odd Horror", CREATURE).is_empty());
    }

    #[test]
    fn activation_instructions() {
        use crate::cards::ir::ActivationTiming;
        let cost_of = |text: &str, name: &str| match ok(text, name, CREATURE).into_iter().last() {
            Some(Ability::Activated { cost, .. }) => cost,
            other => panic!("{other:?}"),
        };
        // 602.1b: when, and who.
        assert_eq!(cost_of("{T}: This creature deals 1 damage to any target. Activate only during your turn, before attackers are declared.", "Wu Longbowman").timing, Some(ActivationTiming::YourTurnBeforeAttackers));
        assert_eq!(cost_of("{1}{B}, {T}: Target player discards a card. Activate only during your turn.", "Scepter of Fugue").timing, Some(ActivationTiming::YourTurn));
        assert_eq!(cost_of("Sacrifice this creature: You gain 4 life. Activate only during your upkeep.", "Augur il-Vec").timing, Some(ActivationTiming::YourUpkeep));
        let gunner = cost_of("Reach\nDiscard a card: Draw a card. Activate only as a sorcery and only once each turn.", "Thunderhead Gunner");
        assert!(gunner.sorcery_speed && gunner.once_each_turn && gunner.discard_card);
        let ogre = cost_of("{1}: This creature gets +1/+1 until end of turn. Any player may activate this ability.", "Flailing Ogre");
        assert!(ogre.any_player && ogre.timing.is_none());
        // Paying with the source itself by a player who may not control it: refused.
        assert!(!errs("{T}: Draw a card. Any player may activate this ability.", "Odd Well", ARTIFACT).is_empty());
        // A mana ability with a restriction is refused (automatic payment can't respect it).
        assert!(!errs("{T}: Add {G}. Activate only during your turn.", "Odd Elf", CREATURE).is_empty());
        // Two timings, or one the engine doesn't know: refused.
        assert!(!errs("{1}: Draw a card. Activate only during your upkeep and only during combat.", "Odd Sage", CREATURE).is_empty());
        assert!(!errs("{1}: Draw a card. Activate only during the declare blockers step.", "Odd Sage", CREATURE).is_empty());
    }
}

#[cfg(test)]
mod return_cost_tests {
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, AdditionalCost, CardType};

    /// "Return a land you control to its owner's hand" as an activated ability's cost
    /// (Meloku the Clouded Mirror) and as a spell's additional cost (Deprive).
    #[test]
    fn return_a_permanent_as_a_cost() {
        let a = ok("Flying\n{1}, Return a land you control to its owner's hand: Create a 1/1 blue Illusion creature token with flying.", "Meloku the Clouded Mirror", &[CardType::Creature]);
        assert!(matches!(&a[1], Ability::Activated { cost, .. } if cost.return_to_hand.as_ref().is_some_and(|f| f.types_any == [CardType::Land])), "{:?}", a[1]);
        let a = ok("As an additional cost to cast this spell, return a land you control to its owner's hand.\nCounter target spell.", "Deprive", &[CardType::Instant]);
        assert!(matches!(&a[0], Ability::AdditionalCost(AdditionalCost::ReturnToHand(_))), "{:?}", a[0]);
        // Returning something the player doesn't control is no such cost.
        assert_eq!(errs("Return a land to its owner's hand: Draw a card.", "Test", &[CardType::Creature]).len(), 1);
    }
}
