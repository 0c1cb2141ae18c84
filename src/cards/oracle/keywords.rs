//! Keyword lines (702): one or more keywords separated by commas ("Flying, vigilance").
//!
//! Only the keywords the engine implements are accepted; any other ("First strike",
//! "Retrace") is an error, so that no card silently loses an ability.

use super::parser::{PResult, Parser};
use crate::cards::ir::Keyword;

const EXPECTED: &str = "a keyword the engine supports (flying, first strike, trample, toxic N, ward {N}, protection from …)";

/// The keyword whose name starts at token `i` ("flying", "first strike", "toxic 2", "ward
/// {2}", "ward—pay 3 life") and how many tokens it takes.
#[must_use]
pub fn keyword_at(p: &Parser<'_>, i: usize) -> Option<(Keyword, usize)> {
    use super::lexer::Tok;
    use crate::cards::ir::WardCost;
    let word = |j: usize| p.toks.get(i + j).and_then(|t| t.word());
    let first = word(0)?;
    let number = |j: usize| match p.toks.get(i + j).map(|t| &t.tok) {
        Some(Tok::Number(n)) => Some(*n),
        _ => None,
    };
    // Keywords with a number: "toxic 2", "bushido 1", "annihilator 2", "afflict 3" (702.164a…).
    let with_n: Option<fn(u32) -> Keyword> = match first.as_str() {
        "toxic" => Some(Keyword::Toxic),
        "bushido" => Some(Keyword::Bushido),
        "annihilator" => Some(Keyword::Annihilator),
        "afflict" => Some(Keyword::Afflict),
        "bloodthirst" => Some(Keyword::Bloodthirst),
        "renown" => Some(Keyword::Renown),
        "soulshift" => Some(Keyword::Soulshift),
        "rampage" => Some(Keyword::Rampage),
        "fading" => Some(Keyword::Fading),
        "vanishing" => Some(Keyword::Vanishing),
        "graft" => Some(Keyword::Graft),
        "dredge" => Some(Keyword::Dredge),
        "fabricate" => Some(Keyword::Fabricate),
        "afterlife" => Some(Keyword::Afterlife),
        "mobilize" => Some(Keyword::Mobilize),
        "modular" => Some(Keyword::Modular),
        "backup" => Some(Keyword::Backup),
        _ => None,
    };
    if let Some(make) = with_n {
        return number(1).map(|n| (make(n), 2));
    }
    if first == "ward" {
        // "Ward {2}" (generic mana) or "Ward—Pay 3 life." (702.21a).
        if let Some(Tok::Symbol(s)) = p.toks.get(i + 1).map(|t| &t.tok) {
            let n: u32 = s.parse().ok()?;
            return Some((Keyword::Ward(WardCost::Mana(n)), 2));
        }
        if p.toks.get(i + 1).is_some_and(|t| t.is_punct('—')) && word(2).as_deref() == Some("pay") && word(4).as_deref() == Some("life") {
            let n = number(3)?;
            let dot = usize::from(p.toks.get(i + 5).is_some_and(|t| t.is_punct('.')));
            return Some((Keyword::Ward(WardCost::Life(n)), 5 + dot));
        }
        return None;
    }
    // "Start your engines!" (702.179a): three words and the "!".
    if first == "start" && word(1).as_deref() == Some("your") && word(2).as_deref() == Some("engines") && p.toks.get(i + 3).is_some_and(|t| t.is_punct('!')) {
        return Some((Keyword::StartYourEngines, 4));
    }
    if let (Some(second), Some(third)) = (word(1), word(2))
        && let Some(k) = Keyword::from_name(&format!("{first} {second} {third}"))
    {
        return Some((k, 3));
    }
    if let Some(second) = word(1)
        && let Some(k) = Keyword::from_name(&format!("{first} {second}"))
    {
        return Some((k, 2));
    }
    Keyword::from_name(&first).map(|k| (k, 1))
}

/// Whether the line at `p` is a list of supported keywords (checked without consuming).
#[must_use]
pub fn is_keyword_line(p: &Parser<'_>) -> bool {
    let mut i = p.pos;
    loop {
        let Some((_, words)) = keyword_at(p, i) else { return false };
        i += words;
        match p.toks.get(i) {
            None => return true,
            Some(t) if t.is_punct(',') || t.is_punct(';') => i += 1,
            Some(_) => return false,
        }
    }
}

/// Parses a whole line as a keyword list.
pub fn parse_keyword_line(p: &mut Parser<'_>) -> PResult<Vec<Keyword>> {
    let mut out = Vec::new();
    loop {
        let kw = keyword_at(p, p.pos);
        // A keyword must stand alone: "Flying creatures …" is not the keyword flying.
        let words = kw.map_or(1, |(_, w)| w);
        let alone = p.peek_at(words).is_none_or(|t| t.is_punct(',') || t.is_punct(';'));
        match kw {
            Some((k, _)) if alone => {
                out.push(k);
                p.pos += words;
            }
            _ => {
                let starts_trigger = p.word().is_some_and(|w| matches!(w.as_str(), "when" | "whenever" | "at"));
                // A line without a period reads as a keyword list ("First strike"); one with a
                // period is a sentence, i.e. a static ability.
                let sentence = p.toks.iter().any(|t| t.is_punct('.'));
                return Err(p.fail(if starts_trigger && out.is_empty() {
                    "a keyword or \"[cost]: [effect].\" (triggered abilities are not supported yet)"
                } else if out.is_empty() && sentence {
                    "a keyword or \"[cost]: [effect].\" (static abilities are not supported yet)"
                } else {
                    EXPECTED
                }));
            }
        }
        if p.at_end() {
            return Ok(out);
        }
        p.bump(); // the separator, checked by `alone`
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, Keyword};

    #[test]
    fn keyword_lines() {
        let kws = |ks: &[Keyword]| ks.iter().copied().map(Ability::Keyword).collect::<Vec<_>>();
        assert_eq!(
            ok("Flying\nVigilance (Attacking doesn't cause this creature to tap.)", "Serra Angel", CREATURE),
            kws(&[Keyword::Flying, Keyword::Vigilance])
        );
        assert_eq!(ok("Flying, haste", "Volcanic Dragon", CREATURE), kws(&[Keyword::Flying, Keyword::Haste]));
        assert_eq!(ok("Flying, deathtouch, lifelink", "Vampire Nighthawk", CREATURE), kws(&[Keyword::Flying, Keyword::Deathtouch, Keyword::Lifelink]));
        for (name, k) in [
            ("Roc Hunter", Keyword::Reach),
            ("Talruum Minotaur", Keyword::Haste),
            ("Ogre Sentry", Keyword::Defender),
            ("King Cheetah", Keyword::Flash),
            ("Typhoid Rats", Keyword::Deathtouch),
            ("Darksteel Myr", Keyword::Indestructible),
            ("Rakdos Cackler", Keyword::Riot),
        ] {
            let text = k.name()[..1].to_uppercase() + &k.name()[1..];
            assert_eq!(ok(&text, name, CREATURE), kws(&[k]), "{name}");
        }
    }

    #[test]
    fn keywords_of_702_with_and_without_a_number() {
        use crate::cards::ir::WardCost;
        let kws = |ks: &[Keyword]| ks.iter().copied().map(Ability::Keyword).collect::<Vec<_>>();
        let infect = "Infect (This creature deals damage to creatures in the form of -1/-1 counters and to players in the form of poison counters.)";
        assert_eq!(ok(infect, "Glistener Elf", CREATURE), kws(&[Keyword::Infect]));
        assert_eq!(ok("Wither", "Sickle Ripper", CREATURE), kws(&[Keyword::Wither]));
        assert_eq!(ok("Changeling (This card is every creature type.)\nFlying", "Avian Changeling", CREATURE), kws(&[Keyword::Changeling, Keyword::Flying]));
        assert_eq!(ok("Sunburst (This creature enters with a +1/+1 counter on it for each color of mana spent to cast it.)", "Suntouched Myr", CREATURE), kws(&[Keyword::Sunburst]));
        assert_eq!(ok("Flying, toxic 1", "Phyrexian Ornithopter", CREATURE), kws(&[Keyword::Flying, Keyword::Toxic(1)]));
        assert_eq!(
            ok("Menace\nToxic 2 (Players dealt combat damage by this creature also get two poison counters.)", "Sheoldred's Headcleaver", CREATURE),
            kws(&[Keyword::Menace, Keyword::Toxic(2)])
        );
        assert_eq!(ok("Skulk (This creature can't be blocked by creatures with greater power.)\nLifelink", "Farbog Revenant", CREATURE), kws(&[Keyword::Skulk, Keyword::Lifelink]));
        for (text, k) in [("Fear", Keyword::Fear), ("Intimidate", Keyword::Intimidate), ("Shadow", Keyword::Shadow), ("Horsemanship", Keyword::Horsemanship)] {
            assert_eq!(ok(text, "Evader", CREATURE), kws(&[k]), "{text}");
        }
        // Deck-construction keywords (702.124) are kept and do nothing in play.
        assert_eq!(
            ok("First strike, menace, trample\nPartner (You can have two commanders if both have partner.)", "Rograkh, Son of Rohgahh", CREATURE),
            kws(&[Keyword::FirstStrike, Keyword::Menace, Keyword::Trample, Keyword::Partner])
        );
        assert_eq!(ok("Choose a Background (You can have a Background as a second commander.)", "Commander", CREATURE), kws(&[Keyword::ChooseABackground]));
        assert!(Keyword::Partner.pregame_only() && !Keyword::Flying.pregame_only());
        assert_eq!(ok("Partner—Friends forever (You can have two commanders if both have this ability.)", "Friend", CREATURE), kws(&[Keyword::Partner]));
        assert_eq!(
            ok("Companion — Your starting deck contains only cards with even mana values.\nFlying", "Gyruda", CREATURE),
            kws(&[Keyword::Companion, Keyword::Flying])
        );
        // "Partner with [name]" (702.124j) is also an enters trigger: target player may search
        // for the named card.
        let zndrsplt = ok("Partner with Okaun, Eye of Chaos (When this creature enters, target player may put Okaun into their hand from their library, then shuffle.)", "Zndrsplt, Eye of Wisdom", CREATURE);
        let [Ability::Triggered { effect, .. }] = zndrsplt.as_slice() else { panic!("{zndrsplt:?}") };
        let [crate::cards::ir::Instruction::MayOrElse { action, .. }] = effect.instructions.as_slice() else { panic!("{effect:?}") };
        assert!(matches!(action.as_ref(), crate::cards::ir::Instruction::Search(s) if s.query == crate::cards::ir::CardQuery::Named("Okaun, Eye of Chaos".into())));
        assert!(!errs("Partner with itself (When this enters, target player may put it into their hand from their library.)", "Mothers Yamazaki", CREATURE).is_empty());
        assert_eq!(Keyword::Toxic(2).label(), "toxic 2");
        assert_eq!(Keyword::Ward(WardCost::Mana(2)).label(), "ward {2}");
        // Triggered keywords are kept as keywords; the engine checks their triggers itself.
        assert_eq!(ok("First strike\nExalted (Whenever a creature you control attacks alone, it gets +1/+1 until end of turn.)", "Sigiled Paladin", CREATURE), kws(&[Keyword::FirstStrike, Keyword::Exalted]));
        assert_eq!(ok("Annihilator 2\n", "Ulamog's Crusher", CREATURE), kws(&[Keyword::Annihilator(2)]));
        // Prowess too (702.108a): one keyword, no separate trigger beside it.
        assert_eq!(ok("Prowess\nAfflict 2", "Spellweaver Eternal", CREATURE), kws(&[Keyword::Prowess, Keyword::Afflict(2)]));
        assert_eq!(ok("Flash\nBushido 1", "Silverstorm Samurai", CREATURE), kws(&[Keyword::Flash, Keyword::Bushido(1)]));
        assert_eq!(ok("Flying; flanking", "Knight", CREATURE), kws(&[Keyword::Flying, Keyword::Flanking]));
        assert_eq!(ok("Battle cry", "Goblin Wardriver", CREATURE), kws(&[Keyword::BattleCry]));
        assert_eq!(ok("Haste\nUndying", "Strangleroot Geist", CREATURE), kws(&[Keyword::Haste, Keyword::Undying]));
        assert_eq!(ok("Fear \nPersist", "Lingering Tormentor", CREATURE), kws(&[Keyword::Fear, Keyword::Persist]));
        assert!(Keyword::Exalted.is_triggered() && !Keyword::Infect.is_triggered());
        assert!(matches!(Keyword::Persist.trigger_effect().instructions.as_slice(), [crate::cards::ir::Instruction::ReturnToBattlefield { counter: Some(crate::cards::ir::EnterCounter::Persist), .. }]));
        // Ward with a mana cost or a life payment (702.21a); other ward costs are refused.
        assert_eq!(ok("Ward {2}", "Tomakul Honor Guard", CREATURE), kws(&[Keyword::Ward(WardCost::Mana(2))]));
        assert_eq!(ok("Flying, vigilance, ward {1}", "Twining Twins", CREATURE), kws(&[Keyword::Flying, Keyword::Vigilance, Keyword::Ward(WardCost::Mana(1))]));
        assert_eq!(ok("Flying\nWard—Pay 3 life.", "Owlin Shieldmage", CREATURE), kws(&[Keyword::Flying, Keyword::Ward(WardCost::Life(3))]));
        assert_eq!(ok("Ward—Pay 2 life. \nProwess", "Dwarven Forge-Chanter", CREATURE)[0], Ability::Keyword(Keyword::Ward(WardCost::Life(2))));
        assert!(!errs("Flying\nWard—Discard a card.", "Scavenger Regent", CREATURE).is_empty());
        assert!(!errs("Ward {W}", "Odd Ward", CREATURE).is_empty());
        // Echo {cost} (702.30a) is an ability of its own, its trigger checked by the engine.
        let jaguar = ok("Echo {G} (At the beginning of your upkeep, if this came under your control since the beginning of your last upkeep, sacrifice it unless you pay its echo cost.)", "Pouncing Jaguar", CREATURE);
        assert!(matches!(&jaguar[..], [Ability::Echo(c)] if c.colored == [0, 0, 0, 0, 1]));
        assert!(jaguar[0].engine_trigger_effect().is_some());
        assert!(!errs("Flying, haste\nEcho—Discard a card.", "Deepcavern Imp", CREATURE).is_empty());
        assert_eq!(ok("Flying\nEvolve (Whenever a creature you control enters, if that creature has greater power or toughness than this creature, put a +1/+1 counter on this creature.)", "Cloudfin Raptor", CREATURE), kws(&[Keyword::Flying, Keyword::Evolve]));
        assert_eq!(ok("Bloodthirst 2 \nMenace", "Stormblood Berserker", CREATURE), kws(&[Keyword::Bloodthirst(2), Keyword::Menace]));
        // Flashback and buyback (702.34a, 702.27a) are costs of their own, beside the spell.
        let harvest = ok("Target player gains 3 life.\nFlashback {1}{W}", "Flash Harvest", SORCERY);
        assert!(matches!(&harvest[..], [Ability::Spell(_), Ability::Flashback(c)] if c.generic == 1 && c.colored == [1, 0, 0, 0, 0]));
        let buy = ok("Corrupt Buyer deals 1 damage to any target.\nBuyback {3}", "Corrupt Buyer", INSTANT);
        assert!(matches!(&buy[..], [Ability::Spell(_), Ability::Buyback(c)] if c.generic == 3));
        assert!(!errs("Draw a card.\nFlashback—Discard a card.", "Odd Flashback", SORCERY).is_empty());
        let drifter = ok("Flying\nWhen this creature enters, draw two cards.\nEvoke {2}{U} (You may cast this spell for its evoke cost. If you do, it's sacrificed when it enters.)", "Mulldrifter", CREATURE);
        assert!(matches!(&drifter[2], Ability::Evoke(c) if c.generic == 2 && c.colored == [0, 1, 0, 0, 0]));
        assert!(drifter[2].engine_trigger_effect().is_some());
        assert!(matches!(&ok("Dash {1}{R}", "Screamreach Brawler", CREATURE)[..], [Ability::Dash(c)] if c.generic == 1 && c.colored == [0, 0, 0, 1, 0]));
        assert_eq!(ok("Flying\nTraining", "Gryff Rider", CREATURE), kws(&[Keyword::Flying, Keyword::Training]));
        assert_eq!(ok("First strike\nDethrone", "Grenzo's Cutthroat", CREATURE), kws(&[Keyword::FirstStrike, Keyword::Dethrone]));
        assert_eq!(ok("Menace \nMelee", "Deputized Protester", CREATURE), kws(&[Keyword::Menace, Keyword::Melee]));
        assert_eq!(ok("Deathtouch\nUnleash", "Thrill-Kill Assassin", CREATURE), kws(&[Keyword::Deathtouch, Keyword::Unleash]));
        assert_eq!(ok("Vigilance \nRenown 1", "Topan Freeblade", CREATURE), kws(&[Keyword::Vigilance, Keyword::Renown(1)]));
        // A number is part of the keyword: "Toxic" alone is not read.
        assert!(!errs("Toxic", "Stalker", CREATURE).is_empty());
    }

    #[test]
    fn replicate_casualty_and_blitz() {
        // Replicate {cost} (702.56a): the cost, and a cast trigger that copies the spell.
        let train = ok("Replicate {1}{U} (When you cast this spell, copy it for each time you paid its replicate cost.)\nDraw a card.", "Train of Thought", SORCERY);
        assert!(matches!(&train[..], [Ability::Replicate(c), Ability::Spell(_)] if c.generic == 1 && c.colored == [0, 1, 0, 0, 0]));
        assert!(train[0].engine_trigger_effect().is_some());
        let gigadrowse = ok("Replicate {U} (When you cast this spell, copy it for each time you paid its replicate cost. You may choose new targets for the copies.)\nTap target permanent.", "Gigadrowse", INSTANT);
        assert!(matches!(&gigadrowse[0], Ability::Replicate(c) if c.generic == 0 && c.colored == [0, 1, 0, 0, 0]));
        // A replicate cost that isn't mana stays unread.
        assert!(!errs("Replicate—Tap an untapped Horror you control. (When you cast this spell, copy it for each time you paid its replicate cost.)\nTarget player loses 1 life.", "Psionic Ritual", SORCERY).is_empty());
        // Conspire (702.78a).
        let trail = ok("Burn Trail deals 3 damage to any target.\nConspire (As you cast this spell, you may tap two untapped creatures you control that share a color with it. When you do, copy it and you may choose a new target for the copy.)", "Burn Trail", SORCERY);
        assert!(matches!(&trail[..], [Ability::Spell(_), Ability::Conspire]));
        assert!(trail[1].engine_trigger_effect().is_some());
        // Casualty N (702.153a).
        let light = ok("Casualty 2 (As you cast this spell, you may sacrifice a creature with power 2 or greater. When you do, copy this spell and you may choose a new target for the copy.)\nLight 'Em Up deals 2 damage to target creature or planeswalker.", "Light 'Em Up", SORCERY);
        assert!(matches!(&light[..], [Ability::Casualty(2), Ability::Spell(_)]));
        assert!(!errs("Casualty", "Nameless", SORCERY).is_empty());
        // Blitz {cost} (702.152a), on a permanent card only.
        let goons = ok("When this creature dies, create a tapped 2/2 black Rogue creature token.\nBlitz {3}{B} (If you cast this spell for its blitz cost, it gains haste and \"When this creature dies, draw a card.\" Sacrifice it at the beginning of the next end step.)", "Girder Goons", CREATURE);
        assert!(matches!(&goons[1], Ability::Blitz(c) if c.generic == 3 && c.colored == [0, 0, 1, 0, 0]));
        assert!(!errs("Blitz {1}{R}\nDraw a card.", "Not A Creature", SORCERY).is_empty());
    }

    #[test]
    fn spree_modes_carry_their_costs() {
        // 702.172a: one or more modes, each with an additional cost.
        let derail = ok("Spree (Choose one or more additional costs.)\n+ {2} — Explosive Derailment deals 4 damage to target creature.\n+ {2} — Destroy target artifact.", "Explosive Derailment", INSTANT);
        let [Ability::Spell(e)] = &derail[..] else { panic!("{derail:?}") };
        let m = e.modal.as_ref().expect("modal");
        assert_eq!((m.min, m.max, m.modes.len()), (1, 2, 2));
        assert!(m.spree.iter().all(|c| c.generic == 2));
        let raid = ok("Spree (Choose one or more additional costs.)\n+ {1} — Destroy target artifact.\n+ {1} — Destroy target enchantment.\n+ {1} — Put a +1/+1 counter on each creature target player controls.", "Requisition Raid", SORCERY);
        assert!(matches!(&raid[..], [Ability::Spell(e)] if e.modal.as_ref().is_some_and(|m| m.max == 3 && m.spree.len() == 3)));
        // A mode without a cost is no spree mode.
        assert!(!errs("Spree\n+ — Draw a card.", "Odd", SORCERY).is_empty());
    }

    #[test]
    fn overload_reads_the_each_text() {
        use crate::cards::ir::{Affected, Instruction};
        let reminder = " (You may cast this spell for its overload cost. If you do, change \"target\" in its text to \"each.\")";
        // 702.96a: the overload ability holds the spell ability read with "each" for "target".
        let rake = ok(&format!("Target player discards two cards.\nOverload {{1}}{{B}}{reminder}"), "Mind Rake", SORCERY);
        let [Ability::Spell(normal), Ability::Overload { cost, effect }] = &rake[..] else { panic!("{rake:?}") };
        assert_eq!(normal.targets.len(), 1);
        assert!(effect.targets.is_empty(), "702.96b: no targets");
        assert!(cost.generic == 1 && cost.colored == [0, 0, 1, 0, 0]);
        assert!(matches!(&effect.instructions[..], [Instruction::Discard { who: Affected::EachPlayer, .. }]), "{effect:?}");
        let rift = ok(&format!("Return target nonland permanent you don't control to its owner's hand.\nOverload {{6}}{{U}}{reminder}"), "Cyclonic Rift", INSTANT);
        assert!(matches!(&rift[1], Ability::Overload { effect, .. } if effect.targets.is_empty() && !effect.instructions.is_empty()));
        // When the "each" text can't be read, the overload ability is unread; the spell stays.
        let odd = super::super::read(&format!("Target creature you control gains banding until end of turn.\nOverload {{3}}{reminder}"), "Odd", INSTANT);
        assert!(odd.abilities.iter().any(|a| matches!(a, Ability::Unread(u) if u.text.starts_with("Overload"))));
        assert_eq!(super::super::each_for_target("Target player; targets; target."), "Each player; targets; each.");
    }

    #[test]
    fn soulshift_rampage_fading_vanishing_and_split_second() {
        use crate::cards::ir::{Amount, Compare, Instruction, TargetSpec};
        let kws = |ks: &[Keyword]| ks.iter().copied().map(Ability::Keyword).collect::<Vec<_>>();
        // Soulshift N (702.46a): a triggered keyword whose target is a Spirit card with mana
        // value N or less in its controller's graveyard.
        let kami = ok("Flying\nSoulshift 3 (When this creature dies, you may return target Spirit card with mana value 3 or less from your graveyard to your hand.)", "Gibbering Kami", CREATURE);
        assert_eq!(kami, kws(&[Keyword::Flying, Keyword::Soulshift(3)]));
        assert!(Keyword::Soulshift(3).is_triggered());
        let effect = Keyword::Soulshift(3).trigger_effect();
        let [slot] = effect.targets.as_slice() else { panic!("{effect:?}") };
        assert!(matches!(&slot.spec, TargetSpec::GraveyardCard { filter, yours: true } if filter.subtypes == ["Spirit"] && filter.mana_value == Some((Compare::AtMost, Amount::Fixed(3)))));
        assert!(matches!(effect.instructions.as_slice(), [Instruction::MayOrElse { .. }]));
        // Two instances on one line, each its own ability (702.46b).
        assert_eq!(
            ok("Soulshift 4, soulshift 4 (When this creature dies, you may return up to two target Spirit cards with mana value 4 or less from your graveyard to your hand.)", "Forked-Branch Garami", CREATURE),
            kws(&[Keyword::Soulshift(4), Keyword::Soulshift(4)])
        );
        // Rampage N (702.23a).
        assert_eq!(
            ok("Trample\nRampage 2 (Whenever this creature becomes blocked, it gets +2/+2 until end of turn for each creature blocking it beyond the first.)", "Craw Giant", CREATURE),
            kws(&[Keyword::Trample, Keyword::Rampage(2)])
        );
        // Fading N (702.32a) and vanishing N (702.63a).
        assert_eq!(
            ok("Shroud (This creature can't be the target of spells or abilities.)\nFading 3 (This creature enters with three fade counters on it. At the beginning of your upkeep, remove a fade counter from it. If you can't, sacrifice it.)", "Blastoderm", CREATURE),
            kws(&[Keyword::Shroud, Keyword::Fading(3)])
        );
        assert_eq!(
            ok("Vanishing 2 (This creature enters with two time counters on it. At the beginning of your upkeep, remove a time counter from it. When the last is removed, sacrifice it.)", "Waning Wurm", CREATURE),
            kws(&[Keyword::Vanishing(2)])
        );
        assert_eq!(Keyword::Vanishing(2).label(), "vanishing 2");
        // Graft N (702.58a) and extort (702.101a).
        assert_eq!(
            ok("Graft 1 (This creature enters with a +1/+1 counter on it. Whenever another creature enters, you may move a +1/+1 counter from this creature onto it.)", "Simic Initiate", CREATURE),
            kws(&[Keyword::Graft(1)])
        );
        assert!(matches!(Keyword::Graft(1).trigger_effect().instructions.as_slice(), [Instruction::MayOrElse { action, .. }] if matches!(**action, Instruction::MoveCounter { .. })));
        assert_eq!(
            ok("Lifelink (Damage dealt by this creature also causes you to gain that much life.)\nExtort (Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 life and you gain that much life.)", "Tithe Drinker", CREATURE),
            kws(&[Keyword::Lifelink, Keyword::Extort])
        );
        assert!(matches!(Keyword::Extort.trigger_effect().instructions.as_slice(), [Instruction::MayOrElse { then, .. }] if then == &[Instruction::DrainEachOpponent(1)]));
        // Dredge N (702.52a), on a land and on an instant.
        assert_eq!(
            ok("This land enters tapped.\n{T}: Add {B}.\nDredge 2 (If you would draw a card, you may mill two cards instead. If you do, return this card from your graveyard to your hand.)", "Dakmor Salvage", LAND)[2],
            Ability::Keyword(Keyword::Dredge(2))
        );
        let darkblast = ok("Target creature gets -1/-1 until end of turn.\nDredge 3 (If you would draw a card, you may mill three cards instead. If you do, return this card from your graveyard to your hand.)", "Darkblast", INSTANT);
        assert!(matches!(&darkblast[..], [Ability::Spell(_), Ability::Keyword(Keyword::Dredge(3))]), "{darkblast:?}");
        // Fabricate N (702.123a) and afterlife N (702.135a).
        assert_eq!(
            ok("Fabricate 1 (When this creature enters, put a +1/+1 counter on it or create a 1/1 colorless Servo artifact creature token.)", "Glint-Sleeve Artisan", CREATURE),
            kws(&[Keyword::Fabricate(1)])
        );
        assert!(matches!(Keyword::Fabricate(2).trigger_effect().instructions.as_slice(), [Instruction::MayOrElse { otherwise, .. }] if matches!(otherwise.as_slice(), [Instruction::CreateTokens { count: Amount::Fixed(2), .. }])));
        assert_eq!(
            ok("Afterlife 2 (When this creature dies, create two 1/1 white and black Spirit creature tokens with flying.)", "Ministrant of Obligation", CREATURE),
            kws(&[Keyword::Afterlife(2)])
        );
        // Mobilize N (702.181a): tapped and attacking Warriors, sacrificed at the next end step.
        assert_eq!(
            ok("Vigilance\nMobilize 3 (Whenever this creature attacks, create three tapped and attacking 1/1 red Warrior creature tokens. Sacrifice them at the beginning of the next end step.)", "Dalkovan Packbeasts", CREATURE),
            kws(&[Keyword::Vigilance, Keyword::Mobilize(3)])
        );
        assert!(Keyword::Mobilize(1).is_triggered());
        assert!(matches!(
            Keyword::Mobilize(2).trigger_effect().instructions.as_slice(),
            [Instruction::CreateTokens { count: Amount::Fixed(2), tapped: true, attacking: true, .. }, Instruction::Delayed { link: Some(crate::cards::ir::Affected::CreatedTokens), .. }]
        ));
        // Plot {cost} (702.170a), on a permanent card and on a sorcery.
        let djinn = ok("Flying\nPlot {3}{U} (You may pay {3}{U} and exile this card from your hand. Cast it as a sorcery on a later turn without paying its mana cost. Plot only as a sorcery.)", "Djinn of Fool's Fall", CREATURE);
        assert!(matches!(&djinn[1], Ability::Plot(c) if c.generic == 3 && c.colored == [0, 1, 0, 0, 0]), "{djinn:?}");
        let rise = ok("Create X 2/1 green Varmint creature tokens, where X is the number of creature cards in your graveyard.\nPlot {2}{G} (You may pay {2}{G} and exile this card from your hand. Cast it as a sorcery on a later turn without paying its mana cost. Plot only as a sorcery.)", "Rise of the Varmints", &[crate::cards::ir::CardType::Sorcery]);
        assert!(matches!(&rise[..], [Ability::Spell(_), Ability::Plot(_)]), "{rise:?}");
        assert!(!errs("Plot—Discard a card.", "Odd Plotter", CREATURE).is_empty());
        // Foretell {cost} (702.143a); "Foretelling cards …" is another ability, not read here.
        let raven = ok("Flying\nForetell {1}{U} (During your turn, you may pay {2} and exile this card from your hand face down. Cast it on a later turn for its foretell cost.)", "Augury Raven", CREATURE);
        assert!(matches!(&raven[1], Ability::Foretell(c) if c.generic == 1 && c.colored == [0, 1, 0, 0, 0]), "{raven:?}");
        assert!(!errs("Foretelling cards from your hand costs {1} less and can be done on any player's turn.", "Cosmos Charger", CREATURE).is_empty());
        assert!(!errs("Mobilize X, where X is the number of creature cards in your graveyard.", "Avenger of the Fallen", CREATURE).is_empty());
        // Vanishing without a number (702.63b) is not read yet.
        assert!(!errs("Vanishing", "Out of Time", CREATURE).is_empty());
        // Split second (702.61a) on an instant and on a creature with flash.
        let grip = ok("Split second (As long as this spell is on the stack, players can't cast spells or activate abilities that aren't mana abilities.)\nDestroy target artifact or enchantment.", "Krosan Grip", INSTANT);
        assert!(matches!(&grip[..], [Ability::Keyword(Keyword::SplitSecond), Ability::Spell(_)]), "{grip:?}");
        assert_eq!(
            ok("Flash\nSplit second (As long as this spell is on the stack, players can't cast spells or activate abilities that aren't mana abilities.)\nFlying", "Celestial Crusader", CREATURE)[..2],
            kws(&[Keyword::Flash, Keyword::SplitSecond])[..]
        );
    }

    #[test]
    fn casting_keywords_cascade_rebound_retrace() {
        let kws = |ks: &[Keyword]| ks.iter().copied().map(Ability::Keyword).collect::<Vec<_>>();
        // Cascade (702.85a) on a creature and on a spell; two instances trigger apart (702.85c).
        let elf = ok("Haste (This creature can attack and {T} as soon as it comes under your control.)\nCascade (When you cast this spell, exile cards from the top of your library until you exile a nonland card that costs less. You may cast it without paying its mana cost. Put the exiled cards on the bottom in a random order.)", "Bloodbraid Elf", CREATURE);
        assert_eq!(elf, kws(&[Keyword::Haste, Keyword::Cascade]));
        let wanderer = ok("Creatures you control have haste.\nCascade, cascade (When you cast this spell, exile cards from the top of your library until you exile a nonland card that costs less. You may cast it without paying its mana cost. Put the exiled cards on the bottom in a random order. Then do it again.)", "Maelstrom Wanderer", CREATURE);
        assert_eq!(wanderer.iter().filter(|a| **a == Ability::Keyword(Keyword::Cascade)).count(), 2);
        assert!(Keyword::Cascade.is_triggered());
        // Rebound (702.88a) after a spell's effect, retrace (702.81a) likewise.
        let stagger = ok("Staggershock deals 2 damage to any target.\nRebound (If you cast this spell from your hand, exile it as it resolves. At the beginning of your next upkeep, you may cast this card from exile without paying its mana cost.)", "Staggershock", INSTANT);
        assert!(stagger.contains(&Ability::Keyword(Keyword::Rebound)) && stagger.iter().any(|a| matches!(a, Ability::Spell(_))), "{stagger:?}");
        let jab = ok("Flame Jab deals 1 damage to any target.\nRetrace (You may cast this card from your graveyard by discarding a land card in addition to paying its other costs.)", "Flame Jab", SORCERY);
        assert!(jab.contains(&Ability::Keyword(Keyword::Retrace)), "{jab:?}");
        // "discard a land card" as an additional cost (601.2b).
        let insight = ok("As an additional cost to cast this spell, discard a land card.\nDraw two cards.", "Magmatic Insight", SORCERY);
        assert!(insight.contains(&Ability::AdditionalCost(crate::cards::ir::AdditionalCost::DiscardCard(crate::cards::ir::CardType::Land))), "{insight:?}");
    }

    #[test]
    fn madness_unearth_and_combat_casting_windows() {
        use crate::cards::ir::{CombatWindow, Instruction};
        let temper = ok("Fiery Temper deals 3 damage to any target.\nMadness {R} (If you discard this card, discard it into exile. When you do, cast it for its madness cost or put it into your graveyard.)", "Fiery Temper", INSTANT);
        assert!(temper.iter().any(|a| matches!(a, Ability::Madness(c) if c.colored == [0, 0, 0, 1, 0])), "{temper:?}");
        // A madness cost with X is not read (X would be chosen during a resolution).
        assert!(!errs("Create three tapped 2/2 black Zombie creature tokens.\nMadness {X}{B}{B}", "Floorboards", SORCERY).is_empty());
        // Unearth (702.84a): an activated ability of the card in a graveyard, as a sorcery.
        let zombie = ok("Unearth {B} ({B}: Return this card from your graveyard to the battlefield. It gains haste. Exile it at the beginning of the next end step or if it would leave the battlefield. Unearth only as a sorcery.)", "Dregscape Zombie", CREATURE);
        assert!(matches!(&zombie[..], [Ability::Activated { cost, effect, mana: false }] if cost.sorcery_speed && effect.instructions == [Instruction::Unearth] && effect.moves_this_from_graveyard()), "{zombie:?}");
        // "Cast this spell only during …" (601.3, 506.7).
        let maze = ok("Cast this spell only during the declare attackers step and only if you've been attacked this step.\nDestroy target attacking creature.", "Eightfold Maze", INSTANT);
        assert_eq!(maze[0], Ability::CastOnlyDuring { window: CombatWindow::DeclareAttackers, attacked: true, opponents_turn: false });
        let blaze = ok("Cast this spell only during combat before blockers are declared.\nTarget creature gets +1/+1 until end of turn.", "Test Blaze", INSTANT);
        assert_eq!(blaze[0], Ability::CastOnlyDuring { window: CombatWindow::BeforeBlockers, attacked: false, opponents_turn: false });
        assert!(!errs("Cast this spell only during your end step.\nDraw a card.", "Test Late", INSTANT).is_empty());
    }

    #[test]
    fn unsupported_keywords() {
        let msg = |s: &str| {
            format!(
                "unsupported text: \"{s}\"; expected a keyword the engine supports (flying, first strike, trample, toxic N, ward {{N}}, protection from …)"
            )
        };
        assert_eq!(errs("Provoke 2", "Knight", CREATURE), vec![(0, 9, msg("Provoke 2"))]);
        // Reminder text is not part of the reported range.
        assert_eq!(
            errs("Flying\nBanding (Any creatures with banding, and up to one without, can attack in a band.)", "Wurm", CREATURE),
            vec![(7, 14, msg("Banding"))]
        );
        // The supported keyword before it is fine; the range starts at the unsupported one.
        assert_eq!(errs("Flying, banding", "Falcon", CREATURE), vec![(8, 15, msg("banding"))]);
        // Two-word keywords are read as one.
        assert_eq!(ok("Flying, first strike", "Falcon", CREATURE).len(), 2);
        assert_eq!(errs("Flying, provoke, banding", "Nighthawk", CREATURE), vec![(8, 24, msg("provoke, banding"))]);
        // On a spell, an unknown keyword line is read as (unsupported) spell text.
        let e = errs("Retrace {2}{R}{R}", "Burn Again", SORCERY);
        assert_eq!((e[0].0, e[0].1), (0, 17));
    }
}
