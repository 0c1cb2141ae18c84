//! Compiler tests on real Oracle text for reflexive triggered abilities (603.12), searches a
//! named player carries out as their option (701.23a), and choices made as an effect resolves
//! ("Choose a creature type.", "Choose a color.", 608.2d).

use super::test_util::*;
use crate::cards::ir::{Ability, Affected, Amount, CardType, Counted, Effect, Grant, Instruction, ObjectFilter, SearchDest, TargetSpec};

fn effect(a: &Ability) -> &Effect {
    match a {
        Ability::Triggered { effect, .. } | Ability::Activated { effect, .. } | Ability::Spell(effect) => effect,
        other => panic!("{other:?}"),
    }
}

#[test]
fn when_you_do_after_an_option_is_a_reflexive_ability_with_its_own_targets() {
    // Cavalier of Night: the target is the reflexive ability's, not the enters ability's.
    let a = ok(
        "Lifelink\nWhen this creature enters, you may sacrifice another creature. When you do, destroy target creature an opponent controls.\nWhen this creature dies, return target creature card with mana value 3 or less from your graveyard to the battlefield.",
        "Cavalier of Night",
        CREATURE,
    );
    let e = effect(&a[1]);
    assert!(e.targets.is_empty(), "{e:?}");
    let [Instruction::MayOrElse { action, then, otherwise, .. }] = e.instructions.as_slice() else { panic!("{e:?}") };
    assert!(matches!(action.as_ref(), Instruction::Sacrifice { filter: ObjectFilter { other: true, .. }, .. }));
    assert!(otherwise.is_empty());
    let [Instruction::Reflexive(r)] = then.as_slice() else { panic!("{then:?}") };
    assert_eq!(r.instructions, vec![Instruction::Destroy(T0)]);
    assert!(matches!(r.targets.as_slice(), [slot] if matches!(&slot.spec, TargetSpec::Permanent(f) if f.controller == crate::cards::ir::ControllerFilter::Opponent)));
    // Anointer of Valor: after a payment, "that creature" is still what the ability triggered on.
    let a = ok("Flying\nWhenever a creature attacks, you may pay {3}. When you do, put a +1/+1 counter on that creature.", "Anointer of Valor", CREATURE);
    let [Instruction::MayOrElse { action, then, .. }] = effect(&a[1]).instructions.as_slice() else { panic!("{a:?}") };
    assert!(matches!(action.as_ref(), Instruction::Pay(_)));
    assert!(matches!(then.as_slice(), [Instruction::Reflexive(r)] if matches!(r.instructions.as_slice(), [Instruction::PutCounters { what: Affected::TriggerObject, .. }])));
}

#[test]
fn when_you_do_after_a_required_sacrifice_depends_on_it_being_done() {
    let a = ok(
        "When this land enters, sacrifice it. When you do, search your library for a basic Plains, Island, or Swamp card, put it onto the battlefield tapped, then shuffle and you gain 1 life.",
        "Obscura Storefront",
        LAND,
    );
    let [Instruction::IfDone { action, then }] = effect(&a[0]).instructions.as_slice() else { panic!("{a:?}") };
    assert_eq!(**action, Instruction::SacrificePermanent(Affected::This));
    let [Instruction::Reflexive(r)] = then.as_slice() else { panic!("{then:?}") };
    let [Instruction::Search(s), Instruction::Shuffle(Affected::You), Instruction::GainLife { amount: Amount::Fixed(1), .. }] = r.instructions.as_slice() else { panic!("{r:?}") };
    assert_eq!(s.dest, SearchDest::Battlefield { tapped: true });
    assert!(matches!(&s.query, crate::cards::ir::CardQuery::Filter { basic: true, filter } if filter.subtypes == ["Plains", "Island", "Swamp"]));
    // Not after an action whose being done the engine can't tell: refused, not guessed.
    assert!(!errs("When this creature enters, mill three cards. When you do, draw a card.", "Reflexive Mill Test", CREATURE).is_empty());
    // Nor when "it" could mean what the creating effect made.
    assert!(!errs("Create two 1/1 blue Faerie creature tokens with flying. When you do, tap target creature an opponent controls.", "Faebloom Trick", INSTANT).is_empty());
}

#[test]
fn a_named_player_may_search_their_own_library() {
    // Path to Exile: the exiled creature's controller searches and shuffles as their option.
    let a = ok("Exile target creature. Its controller may search their library for a basic land card, put that card onto the battlefield tapped, then shuffle.", "Path to Exile", INSTANT);
    let [Instruction::Exile(T0), Instruction::MayOrElse { who: Affected::ControllerOfTarget(0), action, then, .. }] = effect(&a[0]).instructions.as_slice() else { panic!("{a:?}") };
    let Instruction::Search(s) = action.as_ref() else { panic!("{action:?}") };
    // "their library": the library of the player taking the option.
    assert_eq!(s.whose, Affected::You);
    assert_eq!(s.dest, SearchDest::Battlefield { tapped: true });
    assert_eq!(then, &[Instruction::Shuffle(Affected::You)]);
    // Veteran Explorer: each player, for themselves.
    let a = ok("When this creature dies, each player may search their library for up to two basic land cards, put them onto the battlefield, then shuffle.", "Veteran Explorer", CREATURE);
    assert!(matches!(effect(&a[0]).instructions.as_slice(), [Instruction::MayOrElse { who: Affected::EachPlayer, action, .. }] if matches!(action.as_ref(), Instruction::Search(s) if s.count == Some(2))));
    // A required search by another player ("searches") is not read as this option.
    assert!(!errs("Target opponent searches their library for a card, puts it into their hand, then shuffles.", "Search Other Test", SORCERY).is_empty());
}

#[test]
fn choices_made_as_the_effect_resolves() {
    let a = ok("Choose a creature type. Destroy all creatures that aren't of the chosen type.", "Kindred Dominance", SORCERY);
    let [Instruction::ChooseCreatureType, Instruction::Destroy(Affected::EachPermanent(f))] = effect(&a[0]).instructions.as_slice() else { panic!("{a:?}") };
    assert!(f.not_chosen_type && !f.chosen_type && f.types_any == [CardType::Creature]);
    let a = ok("Choose a creature type. Draw a card for each permanent you control of that type.", "Distant Melody", SORCERY);
    assert!(matches!(effect(&a[0]).instructions.as_slice(), [Instruction::ChooseCreatureType, Instruction::Draw { count: Amount::Count { each: 1, what: Counted::ChosenTypePermanents { .. } }, .. }]), "{a:?}");
    let a = ok("Choose a color. White creatures you control gain protection from the chosen color until end of turn.", "Brave the Elements", INSTANT);
    assert!(matches!(effect(&a[0]).instructions.as_slice(), [Instruction::ChooseColor, Instruction::Grant { grant: Grant::ProtectionFromChosenColor, .. }]), "{a:?}");
    let a = ok("Choose a color. Sudden Demise deals X damage to each creature of the chosen color.", "Sudden Demise", SORCERY);
    assert!(matches!(effect(&a[0]).instructions.as_slice(), [Instruction::ChooseColor, Instruction::DealDamage { to: Affected::EachPermanent(f), .. }] if f.chosen_color), "{a:?}");
    // "Of the chosen type" with no choice in the effect means nothing here: refused.
    assert!(!errs("Destroy all creatures of the chosen type.", "Chosen Type Test", SORCERY).is_empty());
    // Kept for later, the filter would lose the choice: refused.
    assert!(!errs("Choose a creature type. Prevent all combat damage that would be dealt this turn by creatures of the chosen type.", "Chosen Later Test", INSTANT).is_empty());
}

#[test]
fn cards_returned_from_your_graveyard_are_chosen_on_resolution() {
    // Corpse Churn: not a target; after the mill, and only if taken.
    let a = ok("Mill three cards, then you may return a creature card from your graveyard to your hand.", "Corpse Churn", INSTANT);
    let e = effect(&a[0]);
    assert!(e.targets.is_empty());
    let [Instruction::Mill { .. }, Instruction::MayOrElse { action, .. }] = e.instructions.as_slice() else { panic!("{a:?}") };
    assert!(matches!(action.as_ref(), Instruction::ReturnFromGraveyard { count: 1, up_to: false, random: false, to_battlefield: false, filter, .. } if filter.types_any == [CardType::Creature]));
    let a = ok("Return a Zombie card at random from your graveyard to your hand.", "Ghoulraiser Test", SORCERY);
    assert!(matches!(effect(&a[0]).instructions.as_slice(), [Instruction::ReturnFromGraveyard { random: true, .. }]));
    let a = ok("{3}{U}{B}{B}, {T}, Sacrifice this land: Mill four cards, then return a creature card from your graveyard to the battlefield tapped.", "Port of Karfell", LAND);
    assert!(matches!(effect(&a[0]).instructions.as_slice(), [_, Instruction::ReturnFromGraveyard { to_battlefield: true, tapped: true, .. }]), "{a:?}");
    let a = ok("Each player mills three cards. Then you return up to two creature cards from your graveyard to your hand.", "Unseal the Necropolis", SORCERY);
    assert!(matches!(effect(&a[0]).instructions.as_slice(), [_, Instruction::ReturnFromGraveyard { count: 2, up_to: true, .. }]), "{a:?}");
}

#[test]
fn revealed_top_cards_and_where_they_go() {
    use crate::cards::ir::DigRest;
    let a = ok("Reveal the top four cards of your library. Put all land cards revealed this way into your hand and the rest into your graveyard.", "Mulch", SORCERY);
    assert!(matches!(effect(&a[0]).instructions.as_slice(), [Instruction::Dig { count: crate::cards::ir::Amount::Fixed(4), take: u32::MAX, min: u32::MAX, shown: true, rest: DigRest::Graveyard, filter: Some(f), .. }] if f.types_any == [CardType::Land]), "{a:?}");
    let a = ok("Reveal the top five cards of your library. You may put a creature or land card from among them into your hand. Put the rest into your graveyard.", "Grisly Salvage", INSTANT);
    assert!(matches!(effect(&a[0]).instructions.as_slice(), [Instruction::Dig { count: crate::cards::ir::Amount::Fixed(5), take: 1, min: 0, shown: true, rest: DigRest::Graveyard, .. }]), "{a:?}");
    let a = ok("Reveal the top four cards of your library. Put a creature card from among them into your hand and the rest into your graveyard.\nFlashback {2}{U} (You may cast this card from your graveyard for its flashback cost. Then exile it.)", "Tracker's Instincts", SORCERY);
    assert!(matches!(effect(&a[0]).instructions.as_slice(), [Instruction::Dig { take: 1, min: 1, shown: true, .. }]), "{a:?}");
    // "and/or" between two kinds of card is not one filter: refused.
    assert!(!errs("Reveal the top five cards of your library. You may put a creature card and/or an enchantment card from among them into your hand. Put the rest into your graveyard.", "Benefaction of Rhonas", SORCERY).is_empty());
}

#[test]
fn cards_looked_at_go_to_the_hand_or_the_battlefield() {
    use crate::cards::ir::DigRest;
    let dig = |a: &Ability| match effect(a).instructions.as_slice() {
        [i @ Instruction::Dig { .. }] => i.clone(),
        other => panic!("{other:?}"),
    };
    // 701.20e: "You may put a land card from among them onto the battlefield tapped."
    let a = ok("When this creature enters, look at the top five cards of your library. You may put a land card from among them onto the battlefield tapped. Put the rest on the bottom of your library in a random order.", "Elvish Rejuvenator", CREATURE);
    let Instruction::Dig { count: Amount::Fixed(5), take: 1, min: 0, filter: Some(f), reveal: false, rest: DigRest::Bottom { random: true }, shown: false, to: SearchDest::Battlefield { tapped: true } } = dig(&a[0]) else { panic!("{a:?}") };
    assert_eq!(f.types_any, [CardType::Land]);
    // "Put up to two … cards from among them onto the battlefield": none required.
    let a = ok("Look at the top seven cards of your library. Put up to two planeswalker cards from among them onto the battlefield. Put the rest on the bottom of your library in a random order.", "Deploy the Gatewatch", SORCERY);
    assert!(matches!(dig(&a[0]), Instruction::Dig { take: 2, min: 0, to: SearchDest::Battlefield { tapped: false }, .. }), "{a:?}");
    let a = ok("Look at the top seven cards of your library. Put up to two land cards from among them onto the battlefield tapped. Put the rest on the bottom of your library in a random order.", "Cartographer's Survey", SORCERY);
    assert!(matches!(dig(&a[0]), Instruction::Dig { take: 2, min: 0, to: SearchDest::Battlefield { tapped: true }, .. }), "{a:?}");
    // "You may reveal any number of … and put the revealed cards into your hand" (701.20a).
    let a = ok("Look at the top five cards of your library. You may reveal any number of artifact cards from among them and put the revealed cards into your hand. Put the rest on the bottom of your library in a random order.", "Forging the Anchor", SORCERY);
    assert!(matches!(dig(&a[0]), Instruction::Dig { take: u32::MAX, min: 0, reveal: true, to: SearchDest::Hand, .. }), "{a:?}");
    let a = ok("Affinity for artifacts (This spell costs {1} less to cast for each artifact you control.)\nLook at the top seven cards of your library. You may reveal up to two artifact cards from among them and put them into your hand. Put the rest on the bottom of your library in a random order.", "Reality Heist", INSTANT);
    assert!(matches!(dig(&a[1]), Instruction::Dig { take: 2, min: 0, reveal: true, .. }), "{a:?}");
    let a = ok("Whenever an enchantment you control enters, look at the top three cards of your library. You may reveal a land card from among them and put that card into your hand. Put the rest on the bottom of your library in a random order.", "Nessian Wanderer", CREATURE);
    assert!(matches!(dig(&a[0]), Instruction::Dig { take: 1, min: 0, reveal: true, .. }), "{a:?}");
    // "creature and/or land cards": a card of either type.
    let a = ok("When Torsten enters, reveal the top seven cards of your library. Put any number of creature and/or land cards from among them into your hand and the rest on the bottom of your library in a random order.", "Torsten, Founder of Benalia", CREATURE);
    assert!(matches!(dig(&a[0]), Instruction::Dig { take: u32::MAX, min: 0, filter: Some(f), rest: DigRest::Bottom { random: true }, .. } if f.types_any == [CardType::Creature, CardType::Land]), "{a:?}");
    // Revealed: "Put up to three … from among them into your hand and the rest …".
    let a = ok("Reveal the top six cards of your library. Put up to three enchantment cards from among them into your hand and the rest of the revealed cards into your graveyard.", "Kruphix's Insight", SORCERY);
    assert!(matches!(dig(&a[0]), Instruction::Dig { take: 3, min: 0, shown: true, rest: DigRest::Graveyard, .. }), "{a:?}");
    // 608.2h: "the top X cards …, where X is …" counts as the ability resolves.
    let a = ok("{3}, {T}, Discard a card: Look at the top X cards of your library, where X is the number of artifacts you control. Put one of those cards into your hand and the rest on the bottom of your library in a random order.", "Fomori Vault", LAND);
    assert!(matches!(dig(&a[0]), Instruction::Dig { count: Amount::Count { each: 1, what: Counted::Permanents { .. } }, take: 1, min: 1, filter: None, .. }), "{a:?}");
    // An X paid in the cost.
    let a = ok("{X}, {T}, Discard a card: Look at the top X cards of your library. You may put a creature card with mana value X or less from among them onto the battlefield. Put the rest on the bottom of your library in a random order.", "Vivien's Arkbow", ARTIFACT);
    assert!(matches!(dig(&a[0]), Instruction::Dig { count: Amount::X, take: 1, min: 0, filter: Some(ObjectFilter { mana_value: Some((_, Amount::X)), .. }), to: SearchDest::Battlefield { tapped: false }, .. }), "{a:?}");
    assert!(!errs("Whenever you cast a spell from your hand, reveal the top X cards of your library, where X is that spell's mana value. You may put a creature card with mana value X or less from among them onto the battlefield. Put the rest on the bottom of your library in a random order.", "Odd Invocation", ARTIFACT).is_empty());
    // Refused, not guessed: entering attacking, a required pick among cards only looked at,
    // a pick per kind ("and/or a land card"), and a cast trigger's X.
    assert!(!errs("Whenever this creature attacks, look at the top six cards of your library. You may put a creature card from among them onto the battlefield tapped and attacking. Put the rest on the bottom of your library in a random order.", "Odd Arthur", CREATURE).is_empty());
    assert!(!errs("Look at the top five cards of your library. Put a creature card from among them onto the battlefield. Put the rest on the bottom of your library in a random order.", "Odd Hidden Pick", SORCERY).is_empty());
    assert!(!errs("Look at the top four cards of your library. You may reveal a creature card and/or a land card from among them and put the revealed cards into your hand. Put the rest on the bottom of your library in any order.", "Odd Mosswort", SORCERY).is_empty());
    assert!(!errs("When you cast this spell, reveal the top X cards of your library. You may put a nonland permanent card with mana value X or less from among them onto the battlefield. Then shuffle the rest into your library.", "Odd Genesis", SORCERY).is_empty());
}

#[test]
fn searching_for_a_card_named() {
    use crate::cards::ir::{CardQuery, Search};
    let search = |a: &Ability| -> Search {
        let is = &effect(a).instructions;
        let found = is.iter().find_map(|i| match i {
            Instruction::Search(s) => Some(s.clone()),
            Instruction::MayOrElse { action, .. } => match action.as_ref() {
                Instruction::Search(s) => Some(s.clone()),
                _ => None,
            },
            _ => None,
        });
        found.unwrap_or_else(|| panic!("{is:?}"))
    };
    // 701.23a: only a card with that name can be found.
    let a = ok("Haste\nWhen this creature enters, you may search your library for a card named Avarax, reveal it, put it into your hand, then shuffle.\n{1}{R}: This creature gets +1/+0 until end of turn.", "Avarax", CREATURE);
    let s = search(&a[1]);
    assert_eq!((s.query, s.count, s.reveal, s.dest), (CardQuery::Named("Avarax".into()), Some(1), true, SearchDest::Hand));
    let a = ok("This creature gets +1/+0 as long as you control another artifact.\n{2}{W}: Search your library for a card named Magitek Infantry, put it onto the battlefield tapped, then shuffle.", "Magitek Infantry", CREATURE);
    let s = search(&a[1]);
    assert_eq!((s.query, s.dest), (CardQuery::Named("Magitek Infantry".into()), SearchDest::Battlefield { tapped: true }));
    assert!(matches!(effect(&a[1]).instructions.as_slice(), [Instruction::Search(_), Instruction::Shuffle(Affected::You)]), "{a:?}");
    // A name with a comma of its own.
    let a = ok("When this creature enters, you may search your library for a card named Odd, the Twice-Named, reveal it, put it into your hand, then shuffle.", "Odd Herald", CREATURE);
    assert_eq!(search(&a[0]).query, CardQuery::Named("Odd, the Twice-Named".into()));
    // Two names are not one: refused.
    assert!(!errs("{2}, {T}: Search your library for a card named Festering Newt or Bubbling Cauldron, put it onto the battlefield tapped, then shuffle.", "Bogbrew Witch", CREATURE).is_empty());
    assert!(!errs("Search your library and graveyard for a card named Forest, a card named Brambleweft Behemoth, and a card named Nissa, Genesis Mage. Reveal those cards, put them into your hand, then shuffle.", "Nissa's Encouragement", SORCERY).is_empty());
}

#[test]
fn a_player_reveals_until_a_kind_of_card() {
    use crate::cards::ir::DigRest;
    // 701.20a: "then puts those cards into their graveyard" — the land found too.
    let a = ok("Flying\nWhen this creature enters, target player reveals cards from the top of their library until they reveal a land card, then puts those cards into their graveyard.", "Balustrade Spy", CREATURE);
    assert!(matches!(effect(&a[1]).instructions.as_slice(), [Instruction::RevealUntil { who: T0, to: None, rest: DigRest::Graveyard, filter }] if filter.types_any == [CardType::Land]), "{a:?}");
    // "Its controller" of the destroyed creature; the rest shuffled in (701.24a).
    let a = ok("Destroy target creature. It can't be regenerated. Its controller reveals cards from the top of their library until they reveal a creature card. The player puts that card onto the battlefield, then shuffles all other cards revealed this way into their library.", "Polymorph", SORCERY);
    assert!(matches!(effect(&a[0]).instructions.as_slice(), [Instruction::Destroy(_), _, Instruction::RevealUntil { who: Affected::ControllerOfTarget(0), to: Some(SearchDest::Battlefield { tapped: false }), rest: DigRest::ShuffleIn, .. }]), "{a:?}");
    // Refused, not guessed: what becomes of the cards is said in a way not read.
    assert!(!errs("Whenever Mirko Vosk deals combat damage to a player, that player reveals cards from the top of their library until they reveal four land cards, then puts those cards into their graveyard.", "Mirko Vosk, Mind Drinker", CREATURE).is_empty());
    assert!(!errs("Target opponent reveals cards from the top of their library until they reveal a creature card. That player puts all noncreature cards revealed this way into their graveyard, then you put the creature card onto the battlefield under your control.", "Telemin Performance", SORCERY).is_empty());
}

#[test]
fn shuffling_an_object_into_its_owners_library() {
    let a = ok("Beacon of Destruction deals 5 damage to any target. Shuffle Beacon of Destruction into its owner's library.", "Beacon of Destruction", INSTANT);
    assert!(matches!(effect(&a[0]).instructions.as_slice(), [Instruction::DealDamage { .. }, Instruction::ShuffleIntoLibrary(Affected::This)]), "{a:?}");
    let a = ok("Flying\nWhen this creature dies, shuffle it into its owner's library.", "Alabaster Dragon", CREATURE);
    assert!(matches!(effect(&a[1]).instructions.as_slice(), [Instruction::ShuffleIntoLibrary(_)]), "{a:?}");
    // "then shuffle" alone is still the player's own shuffle.
    let a = ok("Search your library for a basic land card, reveal it, put it into your hand, then shuffle.", "Shuffle Test", SORCERY);
    assert!(matches!(effect(&a[0]).instructions.as_slice(), [Instruction::Search(_), Instruction::Shuffle(Affected::You)]), "{a:?}");
}

/// "… to the battlefield with a +1/+1 counter on it" / "… with a finality counter on it"
/// (122.6): the permanent enters with the counter. A kind whose meaning isn't modelled stays
/// unread.
#[test]
fn returned_with_a_counter() {
    use crate::cards::ir::{CounterKind, EnterCounter};
    let a = ok("Return target creature card from your graveyard to the battlefield with a finality counter on it. (If a creature with a finality counter on it would die, exile it instead.)", "Rite of the Moth", SORCERY);
    assert!(matches!(effect(&a[0]).instructions.as_slice(), [Instruction::ReturnToBattlefield { counter: Some(EnterCounter::Effect(CounterKind::Finality)), .. }]), "{a:?}");
    let a = ok("Return target nonlegendary creature card from your graveyard to the battlefield with a -1/-1 counter on it.", "Persist", SORCERY);
    assert!(matches!(effect(&a[0]).instructions.as_slice(), [Instruction::ReturnToBattlefield { counter: Some(EnterCounter::Effect(CounterKind::MinusOne)), .. }]), "{a:?}");
    assert!(!errs("Return target creature card from your graveyard to the battlefield with a flying counter on it.", "Test Spell", SORCERY).is_empty());
}

/// "Return the exiled card …" names what the card's one other ability that exiles exiled
/// (607.2a); with no such ability, or two, it stays unread.
#[test]
fn the_exiled_card_of_a_linked_ability() {
    let a = ok("When this creature enters, you may exile another target creature.\nWhen this creature leaves the battlefield, return the exiled card to the battlefield under its owner's control.", "Fiend Hunter", CREATURE);
    assert!(matches!(effect(&a[1]).instructions.as_slice(), [Instruction::ReturnToBattlefield { what: Affected::ExiledBySource, yours: false, .. }]), "{a:?}");
    assert!(!errs("When this creature leaves the battlefield, return the exiled card to the battlefield under its owner's control.", "Test Creature", CREATURE).is_empty());
    assert!(!errs("When this creature enters, exile target creature.\n{T}: Exile target artifact.\nWhen this creature leaves the battlefield, return the exiled card to the battlefield under its owner's control.", "Test Creature", CREATURE).is_empty());
}
