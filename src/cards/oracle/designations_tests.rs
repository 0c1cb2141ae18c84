//! Compiler tests on real Oracle text for player counters and permanent keywords and keyword
//! actions: energy (107.14), exert (701.43), modular (702.43), mentor (702.134) and clash
//! (701.30).

use super::test_util::*;
use crate::cards::ir::{Ability, Affected, Amount, CardType, Cost, CounterKind, Instruction, Keyword, PayCost, Trigger};

fn triggered(a: &Ability) -> (&Trigger, &[Instruction]) {
    match a {
        Ability::Triggered { trigger, effect, .. } => (trigger, &effect.instructions),
        other => panic!("{other:?}"),
    }
}

#[test]
fn energy_is_got_and_paid() {
    // Aether Swooper: "you get {E}{E}" and "you may pay {E}{E}. If you do, …" (118.12).
    let a = ok(
        "Flying\nWhen this creature enters, you get {E}{E} (two energy counters).\nWhenever this creature attacks, you may pay {E}{E}. If you do, create a 1/1 colorless Servo artifact creature token.",
        "Aether Swooper",
        CREATURE,
    );
    assert_eq!(triggered(&a[1]).1, &[Instruction::GetEnergy { who: Affected::You, amount: Amount::Fixed(2) }]);
    let [Instruction::MayOrElse { action, then, .. }] = triggered(&a[2]).1 else { panic!("{:?}", a[2]) };
    assert_eq!(**action, Instruction::Pay(PayCost::Energy(2)));
    assert!(matches!(then.as_slice(), [Instruction::CreateTokens { .. }]));
    // "Pay {E}{E}: …" in an activation cost (602.2b).
    let a = ok("Pay {E}{E}{E}{E}: Return this creature to its owner's hand.", "Energy Cost Test", CREATURE);
    assert!(matches!(&a[0], Ability::Activated { cost: Cost { pay_energy: 4, .. }, .. }), "{a:?}");
    // A count with one symbol: "Pay eight {E}", "you get six {E}".
    let a = ok("Pay eight {E}: Create a 6/6 colorless Beast artifact creature token.", "Energy Count Test", CREATURE);
    assert!(matches!(&a[0], Ability::Activated { cost: Cost { pay_energy: 8, .. }, .. }), "{a:?}");
    let a = ok("When this creature enters, you get six {E} (energy counters).", "Energy Six Test", CREATURE);
    assert_eq!(triggered(&a[0]).1, &[Instruction::GetEnergy { who: Affected::You, amount: Amount::Fixed(6) }]);
    // Sharing a subject: "you gain 1 life and get {E}".
    let a = ok("Whenever another creature you control enters, you gain 1 life and get {E} (an energy counter).", "Energy And Life Test", CREATURE);
    assert!(matches!(triggered(&a[0]).1, [Instruction::GainLife { .. }, Instruction::GetEnergy { amount: Amount::Fixed(1), .. }]), "{a:?}");
    // "that many {E}" after combat damage.
    let a = ok("Whenever this creature deals combat damage to a player, you get that many {E} (energy counters).", "Energy That Many Test", CREATURE);
    assert_eq!(triggered(&a[0]).1, &[Instruction::GetEnergy { who: Affected::You, amount: Amount::ThatMuch }]);
}

#[test]
fn exert_as_it_attacks() {
    let a = ok(
        "You may exert this creature as it attacks. When you do, it gets +1/+3 and gains lifelink until end of turn. (An exerted creature won't untap during your next untap step.)",
        "Glory-Bound Initiate",
        CREATURE,
    );
    let [Ability::Exert(e)] = a.as_slice() else { panic!("{a:?}") };
    assert!(matches!(e.instructions.as_slice(), [Instruction::Pump { what: Affected::This, .. }, Instruction::Grant { what: Affected::This, .. }]), "{e:?}");
    // Without a linked ability, and as a cost.
    assert!(matches!(ok("You may exert this creature as it attacks.", "Trueheart Test", CREATURE).as_slice(), [Ability::Exert(e)] if e.instructions.is_empty()));
    let a = ok("{T}, Exert this creature: Create a 1/1 white Warrior creature token with vigilance.", "Steward of Solidarity", CREATURE);
    assert!(matches!(&a[0], Ability::Activated { cost: Cost { tap: true, exert_self: true, .. }, .. }), "{a:?}");
    // A linked ability the compiler can't read leaves the whole line unread.
    assert!(!errs("You may exert this creature as it attacks. When you do, frobnicate the widget.", "Exert Unread Test", CREATURE).is_empty());
}

#[test]
fn modular_and_mentor() {
    let a = ok(
        "Flying\nModular 1 (This creature enters with a +1/+1 counter on it. When it dies, you may put its +1/+1 counters on target artifact creature.)",
        "Arcbound Stinger",
        &[CardType::Artifact, CardType::Creature],
    );
    assert_eq!(a, vec![Ability::Keyword(Keyword::Flying), Ability::Keyword(Keyword::Modular(1))]);
    let e = Keyword::Modular(1).trigger_effect();
    assert!(matches!(&e.targets[0].spec, crate::cards::ir::TargetSpec::Permanent(f) if f.types_all == [CardType::Artifact, CardType::Creature]));
    assert!(matches!(e.instructions.as_slice(), [Instruction::MayOrElse { action, .. }] if matches!(**action, Instruction::PutCounters { kind: CounterKind::PlusOne, count: Amount::ThatMuch, .. })));
    let a = ok("First strike\nMentor (Whenever this creature attacks, put a +1/+1 counter on target attacking creature with lesser power.)", "Sunhome Stalwart", CREATURE);
    assert_eq!(a, vec![Ability::Keyword(Keyword::FirstStrike), Ability::Keyword(Keyword::Mentor)]);
    assert!(matches!(&Keyword::Mentor.trigger_effect().targets[0].spec, crate::cards::ir::TargetSpec::Permanent(f) if f.attacking && f.power_below_source));
    // "Modular—Sunburst" is not a number: unread.
    assert!(!errs("Modular—Sunburst (This creature enters with a +1/+1 counter on it for each color of mana spent to cast it.)", "Arcbound Wanderer", CREATURE).is_empty());
}

#[test]
fn clash_with_an_opponent() {
    let a = ok(
        "When this creature enters, clash with an opponent. If you win, put a +1/+1 counter on this creature. (Each clashing player reveals the top card of their library, then puts that card on their choice of the top or bottom. A player wins if their card had a greater mana value.)",
        "Oaken Brawler",
        CREATURE,
    );
    let [Instruction::Clash { won, lost }] = triggered(&a[0]).1 else { panic!("{a:?}") };
    assert!(matches!(won.as_slice(), [Instruction::PutCounters { what: Affected::This, .. }]) && lost.is_empty());
    let a = ok("Clash with an opponent. If you win, target player discards two cards. Otherwise, that player discards a card.", "Pulling Teeth", SORCERY);
    let [Ability::Spell(e)] = a.as_slice() else { panic!("{a:?}") };
    assert!(matches!(e.instructions.as_slice(), [Instruction::Clash { won, lost }] if won.len() == 1 && lost.len() == 1), "{e:?}");
    // "If you win" needs a clash before it.
    assert!(!errs("Draw a card. If you win, draw a card.", "Clash Missing Test", SORCERY).is_empty());
}

#[test]
fn the_monarch() {
    let a = ok("When this creature enters, you become the monarch.", "Palace Sentinels", CREATURE);
    assert_eq!(triggered(&a[0]).1, &[Instruction::BecomeMonarch(Affected::You)]);
    // "if you're the monarch" as an intervening "if" (603.4) and "as long as".
    let a = ok("At the beginning of your end step, if you're the monarch, put a +1/+1 counter on target creature you control.", "Throne Warden Test", CREATURE);
    assert!(matches!(&a[0], Ability::Triggered { condition: Some(crate::cards::ir::Condition::Monarch(crate::cards::ir::Whose::You)), .. }), "{a:?}");
    let a = ok("At the beginning of your upkeep, if an opponent is the monarch, draw a card.", "Marchesa Test", CREATURE);
    assert!(matches!(&a[0], Ability::Triggered { condition: Some(crate::cards::ir::Condition::Monarch(crate::cards::ir::Whose::Opponent)), .. }), "{a:?}");
}

#[test]
fn ascend_and_the_citys_blessing() {
    use crate::cards::ir::{Condition, StaticEffect};
    let reminder = "Ascend (If you control ten or more permanents, you get the city's blessing for the rest of the game.)";
    let a = ok(&format!("{reminder}\nThis creature gets +2/+2 as long as you have the city's blessing."), "Dusk Charger", CREATURE);
    assert_eq!(a[0], Ability::Keyword(Keyword::Ascend));
    assert!(matches!(&a[1], Ability::Static(StaticEffect { condition: Some(Condition::CityBlessing), .. })), "{a:?}");
    let a = ok(&format!("{reminder}\n{{T}}: Add {{C}}.\n{{T}}, Sacrifice this artifact: You gain 3 life and draw a card. Activate only if you have the city's blessing."), "Orazca Relic", &[CardType::Artifact]);
    assert!(matches!(&a[2], Ability::Activated { cost, .. } if cost.condition.as_deref() == Some(&Condition::CityBlessing)), "{a:?}");
    let a = ok(&format!("Flying\n{reminder}\nWhenever this creature attacks, if you have the city's blessing, put a +1/+1 counter on it."), "Resplendent Griffin", CREATURE);
    assert!(matches!(&a[2], Ability::Triggered { condition: Some(Condition::CityBlessing), .. }), "{a:?}");
    // 702.131a: ascend on an instant or sorcery resolves as a spell ability, not read yet.
    assert!(!errs(&format!("{reminder}\nDraw a card."), "Ascend Spell Test", SORCERY).is_empty());
}

#[test]
fn start_your_engines_and_max_speed() {
    use crate::cards::ir::{Change, Condition, StaticEffect, StaticSubject};
    let reminder = "Start your engines! (If you have no speed, it starts at 1. It increases once on each of your turns when an opponent loses life. Max speed is 4.)";
    let a = ok(&format!("Menace\n{reminder}\n{{2}}: This creature gets +1/+0 until end of turn.\nMax speed — This creature has double strike."), "Burnout Bashtronaut", CREATURE);
    assert_eq!(a[1], Ability::Keyword(Keyword::StartYourEngines));
    assert_eq!(a[3], Ability::Static(StaticEffect { subject: StaticSubject::This, changes: vec![Change::Grant(Keyword::DoubleStrike)], condition: Some(Condition::MaxSpeed) }));
    // A static ability of the object itself gives its changes under the condition.
    let a = ok(&format!("Flying\n{reminder}\nMax speed — This creature gets +0/+1 and has vigilance."), "Swiftwing Assailant", CREATURE);
    assert!(matches!(&a[2], Ability::Static(StaticEffect { changes, condition: Some(Condition::MaxSpeed), .. }) if changes.len() == 2), "{a:?}");
    // A triggered ability granted under the condition.
    let a = ok(&format!("{reminder}\nMax speed — At the beginning of your end step, create a 2/2 black Zombie creature token."), "Max Speed Trigger Test", CREATURE);
    assert!(matches!(&a[1], Ability::Static(StaticEffect { changes, .. }) if matches!(changes.as_slice(), [Change::GrantAbility { ability, .. }] if matches!(**ability, Ability::Triggered { .. }))), "{a:?}");
    // An ability that works from the graveyard (702.178b) is not read.
    assert!(!errs(&format!("{reminder}\nMax speed — {{3}}, Exile this card from your graveyard: Draw a card."), "Spikeshell Harrier Test", CREATURE).is_empty());
}
