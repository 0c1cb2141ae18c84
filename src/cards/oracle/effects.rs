//! Effects: sentences of instructions joined by "and" / ", then" (608.2c), each instruction
//! one of the IR's verbs ("deals N damage to …", "Destroy …", "Draw N cards", …).

use super::lexer::{PtPart, Tok};
use super::mana;
use super::parser::{Fail, PResult, Parser};
use super::targets::{Head, count_word, kinds, parse_affected, parse_count, parse_filter, parse_target};
use crate::cards::ir::{
    Affected, Amount, CardQuery, CardType, Change, Color, DigRest, Grant, Instruction, Keyword, PlayUntil, Quality, Search, SearchDest,
    SearchZone, TargetSpec,
};

/// Verbs that can start a clause with no subject (imperative, the subject being "you") or
/// continue a shared subject after "and" ("draws two cards and loses 2 life").
const VERBS: [&str; 78] = [
    "skip", "skips", "take", "takes", "switch", "destroy", "exile", "counter", "tap", "untap", "add", "draw", "draws", "discard", "discards", "gain", "gains",
    "lose", "loses", "deal", "deals", "get", "gets", "regenerate", "transform", "copy", "return", "exchange", "search", "shuffle",
    "shuffles", "sacrifice", "sacrifices", "become", "becomes", "can't", "can’t", "may", "can", "prevent", "put", "reveals", "scry",
    "create", "creates", "investigate", "mill", "mills", "surveil", "fight", "fights", "look", "explore", "explores", "connive", "connives", "remove", "proliferate", "adapt", "monstrosity", "bolster", "support", "amass", "populate", "double", "reveal", "attach", "doesn't", "doesn’t", "don't", "don’t",
    "manifest", "manifests", "cloak", "cloaks", "flip", "must", "choose",
];

/// The "new targets" choice of the copy instruction that ends `instrs`, looking inside "you may
/// [copy it]" and "If you do, [copy that spell]" (707.10c).
fn last_copy(instrs: &mut [Instruction]) -> Option<&mut bool> {
    match instrs.last_mut()? {
        Instruction::CopySpell { new_targets, .. } => Some(new_targets),
        Instruction::MayOrElse { action, then, .. } if then.is_empty() => match action.as_mut() {
            Instruction::CopySpell { new_targets, .. } => Some(new_targets),
            _ => None,
        },
        Instruction::MayOrElse { then, .. } => last_copy(then),
        _ => None,
    }
}

fn at_verb(p: &Parser<'_>) -> bool {
    p.word().is_some_and(|w| VERBS.contains(&w.as_str()))
}

/// Parses sentences until the end of the line, appending instructions to `p.effect`.
///
/// Returns every sentence's failure; after a failure the parser skips to the next sentence,
/// so later sentences are still checked.
pub fn parse_sentences(p: &mut Parser<'_>) -> Vec<Fail> {
    let mut fails = Vec::new();
    while !p.at_end() {
        let mark = p.mark();
        let result = match parse_rider(p) {
            Ok(true) => Ok(Vec::new()),
            Ok(false) => parse_sentence(p),
            Err(f) => Err(f),
        };
        match result {
            Ok(mut instrs) => p.effect.instructions.append(&mut instrs),
            Err(f) => {
                // Targets declared by a sentence that failed would shift the indices of the
                // ones after it; drop them with the sentence.
                p.dropped_targets |= p.effect.targets.len() > mark.1;
                p.reset(mark);
                p.pos = f.at.max(mark.0);
                p.skip_sentence();
                fails.push(f);
            }
        }
    }
    // "Exile target creature you control, then return that card to the battlefield …. It gains
    // first strike until end of turn.": the permanent that returned is a new object (400.7),
    // which a later "it" naming the target would not reach; such text is refused.
    let ins = &p.effect.instructions;
    for (k, i) in ins.iter().enumerate() {
        if let Instruction::ReturnToBattlefield { what: Affected::Target(t), .. } = i
            && ins[..k].contains(&Instruction::Exile(Affected::Target(*t)))
            && ins[k + 1..].iter().any(|e| serde_json::to_string(e).is_ok_and(|s| s.contains(&format!("{{\"Target\":{t}}}"))))
        {
            fails.push(Fail { at: 0, expected: "no reference to a target after it was exiled and returned (the returned permanent is a new object, 400.7)".into() });
            break;
        }
    }
    // "Of the chosen type" means the type chosen as this effect resolves (608.2d): an
    // instruction that keeps its filter to match later (a delayed or reflexive ability, a
    // prevention shield) would no longer know it.
    if (p.chose_type || p.chose_color) && fails.is_empty() {
        let later = |i: &Instruction| matches!(i, Instruction::Delayed { .. } | Instruction::DelayedDies { .. } | Instruction::Reflexive(_) | Instruction::PreventAll { .. } | Instruction::PreventNextFromSource { .. });
        if p.effect.instructions.iter().any(|i| later(i) && serde_json::to_string(i).is_ok_and(|s| s.contains("chosen_type\":true") || s.contains("chosen_color\":true") || s.contains("ProtectionFromChosenColor"))) {
            fails.push(Fail { at: 0, expected: "\"of the chosen type\" in an instruction carried out as the effect resolves (a filter kept for later would lose the chosen type)".into() });
        }
    }
    fails
}

/// After "you may [do something].": "When you do, [effect]" — a reflexive triggered ability
/// (603.12), which triggers only if the option is taken. Its effect is the rest of the ability,
/// with targets of its own, chosen as it is put on the stack (603.3d). It knows what the
/// ability creating it triggered on ("put a +1/+1 counter on that creature"), but nothing the
/// creating effect chose or made, which its words could not name apart.
fn reflexive(p: &mut Parser<'_>, start: usize) -> PResult<()> {
    match p.effect.instructions.last() {
        Some(Instruction::MayOrElse { then, otherwise, .. }) if then.is_empty() && otherwise.is_empty() => {}
        Some(Instruction::MayOrElse { .. }) => return Err(Fail { at: start, expected: "\"when you do\" right after the option it depends on".into() }),
        // A required action whose being done the engine can tell (`Game::can_do`).
        Some(Instruction::SacrificePermanent(_) | Instruction::Sacrifice { who: Affected::You, .. } | Instruction::PutCounters { what: Affected::This, .. } | Instruction::RemoveCounters { .. }) => {}
        _ => return Err(Fail { at: start, expected: "\"you may …\" or \"sacrifice …\" before \"when you do\" (a reflexive trigger after another action is not supported yet)".into() }),
    }
    if !p.effect.targets.is_empty() || p.created_tokens || p.set_aside || p.last_player.is_some() {
        return Err(Fail { at: start, expected: "a reflexive trigger after an effect with no targets, tokens, revealed cards or named players (its \"it\" could mean them; not supported yet)".into() });
    }
    let mut q = Parser::new(p.text, p.toks[p.pos..].to_vec(), crate::cards::ir::Effect::default(), p.it_is_this);
    q.trigger_object = p.trigger_object;
    q.trigger_player = p.trigger_player;
    q.trigger_spell = p.trigger_spell;
    q.trigger_moved = p.trigger_moved;
    q.that_is_attached = p.that_is_attached;
    q.named_this = p.named_this;
    if let Some(f) = parse_sentences(&mut q).into_iter().next() {
        return Err(Fail { at: p.pos + f.at, expected: f.expected });
    }
    if q.any_player || q.sorcery_speed || q.once_each_turn || q.timing.is_some() {
        return Err(Fail { at: start, expected: "a reflexive trigger's effect (activation instructions don't belong in it)".into() });
    }
    let reflexive = Instruction::Reflexive(Box::new(q.effect));
    p.pos = p.toks.len();
    match p.effect.instructions.pop() {
        Some(Instruction::MayOrElse { who, action, mut then, otherwise }) => {
            then.push(reflexive);
            p.effect.instructions.push(Instruction::MayOrElse { who, action, then, otherwise });
        }
        Some(action) => p.effect.instructions.push(Instruction::IfDone { action: Box::new(action), then: vec![reflexive] }),
        None => {}
    }
    Ok(())
}

fn end_sentence(p: &mut Parser<'_>) -> PResult<()> {
    if p.eat_punct('.') || p.at_end() { Ok(()) } else { Err(p.fail("\".\"")) }
}

/// Sentences that modify the instructions before them rather than adding their own:
/// "They can't be regenerated." (701.19c), "You may choose new targets for the copy."
/// (707.10c), "If this spell was kicked, it deals N damage instead." (702.33). Returns whether
/// one was read.
/// "Spend this mana only to cast [a creature spell | artifact spells | instant or sorcery
/// spells]." / "This mana can't be spent to cast [a] nonartifact spell[s]." (106.6), the
/// sentence ended; `None`, consuming nothing, when the sentence is not one of those.
fn mana_spend(p: &mut Parser<'_>) -> PResult<Option<crate::cards::ir::ManaSpend>> {
    use crate::cards::ir::ManaSpend;
    let make: fn(crate::cards::ir::ObjectFilter) -> ManaSpend = if p.eat_words(&["spend", "this", "mana", "only", "to", "cast"]) {
        ManaSpend::OnlySpells
    } else if p.eat_words(&["this", "mana", "can't", "be", "spent", "to", "cast"]) || p.eat_words(&["this", "mana", "can’t", "be", "spent", "to", "cast"]) {
        ManaSpend::NotSpells
    } else {
        return Ok(None);
    };
    let one = p.eat_word("a") || p.eat_word("an");
    let at = p.pos;
    let (f, head) = super::targets::parse_filter(p, !one)?;
    if head != Head::Spell || f.controller != crate::cards::ir::ControllerFilter::Any {
        return Err(Fail { at, expected: "a kind of spell (\"creature spells\", \"a nonartifact spell\")".into() });
    }
    end_sentence(p)?;
    Ok(Some(make(f)))
}

/// The start of a row of a die roll's results table (706.3a): "1—9 |" (`hi` given), "15+ |"
/// (`hi` none: up to the die's largest face) or "20 |"; with the number of tokens it takes.
fn die_row(p: &Parser<'_>) -> Option<(u32, Option<u32>, usize)> {
    let num = |i: usize| match p.peek_at(i).map(|t| &t.tok) {
        Some(Tok::Number(n)) => Some(*n),
        _ => None,
    };
    let lo = num(0)?;
    let bar = |i: usize| p.peek_at(i).is_some_and(|t| t.is_punct('|'));
    if bar(1) {
        return Some((lo, Some(lo), 2));
    }
    if p.peek_at(1).is_some_and(|t| t.is_punct('+')) && bar(2) {
        return Some((lo, None, 3));
    }
    if p.peek_at(1).is_some_and(|t| t.is_punct('—') || t.is_punct('–') || t.is_punct('-')) && bar(3) {
        return Some((lo, Some(num(2)?), 4));
    }
    None
}

/// A range of results a die with `sides` faces can show (706.1a).
fn die_range(at: usize, lo: u32, hi: u32, sides: u32) -> PResult<()> {
    if lo == 0 || lo > hi || hi > sides {
        return Err(Fail { at, expected: format!("a result between 1 and {sides}") });
    }
    Ok(())
}

/// Adds a row to the die roll just read, refusing one that overlaps an earlier row.
fn push_die_row(p: &mut Parser<'_>, at: usize, row: crate::cards::ir::DieRow) -> PResult<bool> {
    let Some(Instruction::RollDie { rows, .. }) = p.effect.instructions.last_mut() else { return Ok(false) };
    if rows.iter().any(|r| r.lo <= row.hi && row.lo <= r.hi) {
        return Err(Fail { at, expected: "results that don't overlap".into() });
    }
    rows.push(row);
    Ok(true)
}

/// The sentences of one row of a results table, up to the next row or the end of the ability.
fn die_row_instructions(p: &mut Parser<'_>) -> PResult<Vec<Instruction>> {
    let mark = p.effect.instructions.len();
    while !p.at_end() && die_row(p).is_none() {
        let r = match parse_rider(p) {
            Ok(true) => Ok(()),
            Ok(false) => parse_sentence(p).map(|mut v| p.effect.instructions.append(&mut v)),
            Err(f) => Err(f),
        };
        if let Err(f) = r {
            p.effect.instructions.truncate(mark);
            return Err(f);
        }
    }
    Ok(p.effect.instructions.split_off(mark))
}

fn parse_rider(p: &mut Parser<'_>) -> PResult<bool> {
    let start = p.pos;
    if super::tokens::quoted_rider(p)? {
        return Ok(true);
    }
    for w in ["they", "it"] {
        for cant in ["can't", "can’t"] {
            if p.eat_words(&[w, cant, "be", "regenerated"]) {
                if !p.effect.instructions.iter().any(|i| matches!(i, Instruction::Destroy(_))) {
                    return Err(Fail { at: start, expected: "a \"destroy\" instruction before \"can't be regenerated\"".into() });
                }
                end_sentence(p)?;
                p.effect.instructions.push(Instruction::CantBeRegenerated);
                return Ok(true);
            }
        }
    }
    // "Spend this mana only to cast creature spells." / "This mana can't be spent to cast
    // nonartifact spells." (106.6) after an instruction that adds mana.
    if let Some(only) = mana_spend(p)? {
        let Some(last) = p.effect.instructions.pop() else {
            return Err(Fail { at: start, expected: "an instruction adding mana before a restriction on spending it".into() });
        };
        if !last.adds_mana() || matches!(last, Instruction::SpendOnly { .. }) {
            p.effect.instructions.push(last);
            return Err(Fail { at: start, expected: "an instruction adding mana before a restriction on spending it".into() });
        }
        p.effect.instructions.push(Instruction::SpendOnly { add: Box::new(last), only });
        return Ok(true);
    }
    // "You choose a nonland card from it." / "That player discards that card." after "Target
    // opponent reveals their hand." (701.20a, 701.9b)
    if p.at_words(&["you", "choose", "a"]) || p.at_words(&["you", "choose", "an"]) {
        p.pos += 3;
        let filter = if p.eat_word("card") {
            crate::cards::ir::ObjectFilter::default()
        } else {
            let (f, head) = super::targets::parse_filter(p, false)?;
            if head != Head::Card {
                return Err(Fail { at: start, expected: "\"you choose a … card from it\"".into() });
            }
            f
        };
        p.expect_words(&["from", "it"])?;
        let Some(Instruction::RevealHand { choose, .. }) = p.effect.instructions.last_mut() else {
            return Err(Fail { at: start, expected: "\"… reveals their hand\" before it".into() });
        };
        *choose = Some(filter);
        end_sentence(p)?;
        return Ok(true);
    }
    if p.eat_words(&["that", "player", "discards", "that", "card"]) {
        let Some(Instruction::RevealHand { choose: Some(_), discard, .. }) = p.effect.instructions.last_mut() else {
            return Err(Fail { at: start, expected: "\"you choose a card from it\" before it".into() });
        };
        *discard = true;
        end_sentence(p)?;
        return Ok(true);
    }
    // "This ability costs {1} less to activate for each creature card in your graveyard."
    // (602.2b, 601.2f): a change of its own total cost.
    if p.at_words(&["this", "ability", "costs"]) {
        if !p.activated || p.cost_change.is_some() {
            return Err(p.fail("one cost change of an activated ability"));
        }
        p.pos += 3;
        let change = super::cost_change(p, "activate")?;
        end_sentence(p)?;
        p.cost_change = Some(change);
        return Ok(true);
    }
    // Activation instructions of an activated ability (602.1b, 602.5b, 602.5d).
    if p.eat_words(&["activate", "only"]) {
        loop {
            activation_restriction(p)?;
            if !p.eat_words(&["and", "only"]) {
                break;
            }
        }
        end_sentence(p)?;
        return Ok(true);
    }
    if p.eat_words(&["any", "player", "may", "activate", "this", "ability"]) {
        end_sentence(p)?;
        p.any_player = true;
        return Ok(true);
    }
    if p.eat_words(&["you", "may", "choose", "new", "targets", "for", "the", "copy"]) {
        let Some(new_targets) = last_copy(&mut p.effect.instructions) else {
            return Err(Fail { at: start, expected: "a \"copy\" instruction before it".into() });
        };
        *new_targets = true;
        end_sentence(p)?;
        return Ok(true);
    }
    // "Choose a creature type." (608.2d): the rest of the effect may say "of the chosen type".
    if p.eat_words(&["choose", "a", "color"]) {
        end_sentence(p)?;
        p.chose_color = true;
        p.effect.instructions.push(Instruction::ChooseColor);
        return Ok(true);
    }
    if p.eat_words(&["choose", "a", "creature", "type"]) {
        end_sentence(p)?;
        p.chose_type = true;
        p.effect.instructions.push(Instruction::ChooseCreatureType);
        return Ok(true);
    }
    // "Choose target creature. Mill four cards, then put a +1/+1 counter on that creature …":
    // the sentence only declares the target (115.1, 601.2c), which later sentences name as
    // "that creature" or "it"; choosing it does nothing else.
    if p.at_words(&["choose", "target"]) || p.at_words(&["choose", "up", "to", "one", "target"]) {
        p.bump();
        let at = p.pos;
        let what = super::targets::parse_affected(p)?;
        if !matches!(what, Affected::Target(_)) {
            return Err(Fail { at, expected: "\"target …\"".into() });
        }
        end_sentence(p)?;
        return Ok(true);
    }
    if p.eat_words(&["when", "you", "do"]) {
        p.eat_punct(',');
        reflexive(p, start)?;
        return Ok(true);
    }
    for (words, yes) in [(&["if", "you", "don't"][..], false), (&["if", "you", "don’t"][..], false), (&["if", "you", "do"][..], true)] {
        if p.eat_words(words) {
            p.eat_punct(',');
            let instrs = parse_sentence(p)?;
            let Some(Instruction::MayOrElse { then, otherwise, .. }) = p.effect.instructions.last_mut() else {
                return Err(Fail { at: start, expected: "a \"you may …\" instruction before it".into() });
            };
            if yes { then.extend(instrs) } else { otherwise.extend(instrs) }
            return Ok(true);
        }
    }
    // "Damage can't be prevented this turn." / "The damage can't be prevented." (615.12)
    for apostrophe in ["can't", "can’t"] {
        if p.eat_words(&["damage", apostrophe, "be", "prevented", "this", "turn"]) {
            end_sentence(p)?;
            p.effect.instructions.push(Instruction::DamageCantBePreventedThisTurn);
            return Ok(true);
        }
        if p.eat_words(&["the", "damage", apostrophe, "be", "prevented"]) {
            if !p.effect.instructions.iter().any(|i| matches!(i, Instruction::DealDamage { .. })) {
                return Err(Fail { at: start, expected: "an instruction dealing damage before \"the damage can't be prevented\"".into() });
            }
            end_sentence(p)?;
            p.effect.instructions.push(Instruction::DamageUnpreventable);
            return Ok(true);
        }
    }
    // "If that spell is countered this way, exile it instead of putting it into its owner's
    // graveyard." (614.1a, 701.6a)
    if p.eat_words(&["if", "that", "spell", "is", "countered", "this", "way"]) {
        p.eat_punct(',');
        if !(p.eat_words(&["exile", "it", "instead", "of", "putting", "it", "into", "its", "owner's", "graveyard"]) || p.eat_words(&["exile", "it", "instead", "of", "putting", "it", "into", "its", "owner’s", "graveyard"])) {
            return Err(p.fail("\"exile it instead of putting it into its owner's graveyard\""));
        }
        if !p.effect.instructions.iter().any(|i| matches!(i, Instruction::Counter(_) | Instruction::CounterUnlessPays { .. })) {
            return Err(Fail { at: start, expected: "a \"counter\" instruction before it".into() });
        }
        end_sentence(p)?;
        p.effect.instructions.push(Instruction::ExileIfCountered);
        return Ok(true);
    }
    // "The next time a [red] source of your choice would deal damage to you this turn, prevent
    // that damage." (609.7, 615.1)
    if p.eat_words(&["the", "next", "time"]) {
        if !(p.eat_word("a") || p.eat_word("an")) {
            return Err(p.fail("\"a source of your choice\""));
        }
        let mut filter = crate::cards::ir::ObjectFilter::default();
        while let Some(w) = p.word() {
            if let Some(c) = Color::from_name(&w) {
                filter.colors.push(c);
            } else if let Some(t) = CardType::from_name(&w).filter(|t| matches!(t, CardType::Artifact | CardType::Land | CardType::Enchantment)) {
                filter.types_any.push(t);
            } else if w != "or" {
                break;
            }
            p.bump();
        }
        p.expect_words(&["source", "of", "your", "choice", "would", "deal", "damage", "to"])?;
        let at = p.pos;
        let to = recipient(p)?;
        if matches!(to, Affected::EachPermanent(_) | Affected::EachOtherPermanent(_) | Affected::EachPlayer | Affected::EachOpponent | Affected::Both(..)) {
            return Err(Fail { at, expected: "one player or permanent to shield".into() });
        }
        p.expect_words(&["this", "turn"])?;
        p.eat_punct(',');
        p.expect_words(&["prevent", "that", "damage"])?;
        end_sentence(p)?;
        p.effect.instructions.push(Instruction::PreventNextFromSource { filter, to });
        return Ok(true);
    }
    // "If a creature dealt damage this way would die this turn, exile it instead." (614.1a):
    // about the permanents an earlier instruction of this effect dealt damage to.
    for noun in ["creature", "permanent"] {
        if p.eat_words(&["if", "a", noun, "dealt", "damage", "this", "way", "would", "die", "this", "turn"]) {
            p.eat_punct(',');
            p.expect_words(&["exile", "it", "instead"])?;
            if !p.effect.instructions.iter().any(|i| matches!(i, Instruction::DealDamage { .. })) {
                return Err(Fail { at: start, expected: "an instruction dealing damage before \"dealt damage this way\"".into() });
            }
            end_sentence(p)?;
            p.effect.instructions.push(Instruction::ExileIfWouldDie(Affected::DamagedThisWay));
            return Ok(true);
        }
    }
    // "If that creature would die this turn, exile it instead." (614.1a)
    if p.eat_words(&["if", "that", "creature", "would", "die", "this", "turn"]) || p.eat_words(&["if", "that", "creature", "or", "planeswalker", "would", "die", "this", "turn"]) {
        p.eat_punct(',');
        p.expect_words(&["exile", "it", "instead"])?;
        let Some(i) = p.effect.targets.iter().rposition(|s| matches!(s.spec, TargetSpec::Permanent(_) | TargetSpec::Any)) else {
            return Err(Fail { at: start, expected: "an earlier target creature".into() });
        };
        end_sentence(p)?;
        p.effect.instructions.push(Instruction::ExileIfWouldDie(Affected::Target(i)));
        return Ok(true);
    }
    // "When that creature dies this turn, [effect]." — a delayed trigger (603.7) about the
    // effect's one target creature (603.7c).
    if p.at_words(&["when", "that", "creature", "dies", "this", "turn"]) || p.at_words(&["when", "it", "dies", "this", "turn"]) {
        let words = if p.at_word("it") || p.peek_at(1).is_some_and(|t| t.is_word("it")) { 5 } else { 6 };
        let Some(i) = p.effect.targets.iter().rposition(|s| matches!(s.spec, TargetSpec::Permanent(_))) else {
            return Err(Fail { at: start, expected: "an earlier target creature for \"when that creature dies this turn\"".into() });
        };
        if p.effect.targets.len() != 1 || p.effect.targets[i].max != 1 {
            return Err(Fail { at: start, expected: "one target creature before \"when that creature dies this turn\"".into() });
        }
        p.pos += words;
        p.eat_punct(',');
        let body = p.pos;
        let instructions = parse_sentence(p)?;
        // What the delayed ability does must not be about that creature or the effect's
        // targets: those are not carried to it yet.
        let v = serde_json::to_string(&instructions).unwrap_or_default();
        if ["Target", "Trigger", "Linked", "CreatedTokens", "SetAside", "Chosen"].iter().any(|k| v.contains(k)) {
            return Err(Fail { at: body, expected: "a delayed effect that doesn't refer to the creature or the targets (not supported yet)".into() });
        }
        p.effect.instructions.push(Instruction::DelayedDies { link: Affected::Target(i), instructions });
        return Ok(true);
    }
    // "At the beginning of the next end step, [effect]." — a delayed trigger (603.7).
    if let Some((step, next_turn)) = next_step(p) {
        p.eat_punct(',');
        // Its "it" may be what the effect made, as in the form with the moment at the end.
        let saved = p.delayed_clause;
        p.delayed_clause = true;
        let r = parse_sentence(p);
        p.delayed_clause = saved;
        let mut instructions = r?;
        let link = delayed_can_follow(p, start, &mut instructions)?;
        p.effect.instructions.push(Instruction::Delayed { step, instructions, next_turn, link });
        return Ok(true);
    }
    // "If it's a land card, put it onto the battlefield. Otherwise, put that card into your
    // hand." after "Reveal the top card of your library." (608.2c)
    if matches!(p.effect.instructions.last(), Some(Instruction::RevealTop { .. })) && (p.at_words(&["if", "it's"]) || p.at_words(&["if", "it’s"])) {
        p.pos += 2;
        let filter = a_kind_of_card(p)?;
        if !p.eat_punct(',') {
            return Err(p.fail("\",\""));
        }
        let then = revealed_sentence(p)?;
        p.effect.instructions.push(Instruction::IfSetAside { filter, then, otherwise: Vec::new() });
        return Ok(true);
    }
    if matches!(p.effect.instructions.last(), Some(Instruction::IfSetAside { otherwise, .. }) if otherwise.is_empty()) && p.eat_word("otherwise") {
        p.eat_punct(',');
        let instrs = revealed_sentence(p)?;
        if let Some(Instruction::IfSetAside { otherwise, .. }) = p.effect.instructions.last_mut() {
            *otherwise = instrs;
        }
        return Ok(true);
    }
    // "You may play that card this turn." / "Until the end of your next turn, you may play
    // those cards." after "Exile the top N cards of your library." (601.3, 611.2a)
    if let Some(r) = play_exiled(p) {
        let ins = r?;
        if !matches!(p.effect.instructions.last(), Some(Instruction::ExileTop { .. })) {
            return Err(Fail { at: start, expected: "\"exile the top card of your library\" before \"you may play that card\"".into() });
        }
        end_sentence(p)?;
        p.effect.instructions.push(ins);
        return Ok(true);
    }
    // "Flip a coin." (705.1), then "If you win the flip, …" / "If you lose the flip, …" (705.2):
    // what happens on each outcome.
    if p.at_words(&["flip", "a", "coin"]) && p.peek_at(3).is_some_and(|t| t.is_punct('.')) {
        p.pos += 3;
        end_sentence(p)?;
        p.effect.instructions.push(Instruction::FlipCoin { won: Vec::new(), lost: Vec::new() });
        return Ok(true);
    }
    for (words, win) in [(&["if", "you", "win", "the", "flip"], true), (&["if", "you", "lose", "the", "flip"], false)] {
        if p.at_words(words) {
            if !matches!(p.effect.instructions.last(), Some(Instruction::FlipCoin { .. })) {
                return Err(Fail { at: start, expected: "\"flip a coin\" right before \"if you win/lose the flip\"".into() });
            }
            p.pos += words.len();
            p.eat_punct(',');
            let instructions = parse_sentence(p)?;
            let Some(Instruction::FlipCoin { won, lost }) = p.effect.instructions.last_mut() else { return Ok(false) };
            let branch = if win { won } else { lost };
            if !branch.is_empty() {
                return Err(Fail { at: start, expected: "one \"if you win the flip\" and one \"if you lose the flip\"".into() });
            }
            *branch = instructions;
            return Ok(true);
        }
    }
    // "Roll a d20." / "Roll a six-sided die." (706.1a), then what happens for each result.
    if p.at_words(&["roll", "a"]) {
        let sides = match p.peek_at(2).and_then(|t| t.word()) {
            Some(w) if w.starts_with('d') && w.len() > 1 && w[1..].bytes().all(|b| b.is_ascii_digit()) => w[1..].parse::<u32>().ok().filter(|&n| n > 0).map(|n| (n, 3)),
            Some(w) if w == "six-sided" && p.peek_at(3).is_some_and(|t| t.is_word("die")) => Some((6, 4)),
            Some(w) if w == "four-sided" && p.peek_at(3).is_some_and(|t| t.is_word("die")) => Some((4, 4)),
            Some(w) if w == "twenty-sided" && p.peek_at(3).is_some_and(|t| t.is_word("die")) => Some((20, 4)),
            _ => None,
        };
        if let Some((sides, len)) = sides {
            p.pos += len;
            // Modifiers ("and add the number of …", 706.2) are not read.
            end_sentence(p)?;
            p.effect.instructions.push(Instruction::RollDie { sides, rows: Vec::new(), otherwise: Vec::new() });
            return Ok(true);
        }
    }
    // A row of a results table (706.3a): "1—9 | Draw two cards.", "15+ | …", "20 | …".
    if let Some((lo, hi, len)) = die_row(p) {
        let Some(&Instruction::RollDie { sides, .. }) = p.effect.instructions.last() else {
            return Err(Fail { at: start, expected: "a die roll before its results table".into() });
        };
        p.pos += len;
        let hi = hi.unwrap_or(sides);
        die_range(start, lo, hi, sides)?;
        let instructions = die_row_instructions(p)?;
        return push_die_row(p, start, crate::cards::ir::DieRow { lo, hi, instructions });
    }
    // "If you roll a 1, …" / "If you roll a 5 or higher, …" after "Roll a six-sided die." (706.4)
    if p.at_words(&["if", "you", "roll", "a"]) && let Some(&Instruction::RollDie { sides, .. }) = p.effect.instructions.last() {
        p.pos += 4;
        let Some(Tok::Number(n)) = p.peek().map(|t| t.tok.clone()) else { return Err(p.fail("a number")) };
        p.bump();
        let (lo, hi) = if p.eat_words(&["or", "higher"]) || p.eat_words(&["or", "greater"]) {
            (n, sides)
        } else if p.eat_words(&["or", "lower"]) || p.eat_words(&["or", "less"]) {
            (1, n)
        } else {
            (n, n)
        };
        die_range(start, lo, hi, sides)?;
        if !p.eat_punct(',') {
            return Err(p.fail("\",\""));
        }
        let instructions = parse_sentence(p)?;
        return push_die_row(p, start, crate::cards::ir::DieRow { lo, hi, instructions });
    }
    if p.at_word("otherwise") && p.peek_at(1).is_some_and(|t| t.is_punct(',')) && matches!(p.effect.instructions.last(), Some(Instruction::RollDie { rows, otherwise, .. }) if !rows.is_empty() && otherwise.is_empty()) {
        p.pos += 2;
        let instructions = parse_sentence(p)?;
        if let Some(Instruction::RollDie { otherwise, .. }) = p.effect.instructions.last_mut() {
            *otherwise = instructions;
        }
        return Ok(true);
    }
    // "Clash with an opponent." (701.30b), then "If you win, …" and "Otherwise, …" (701.30d):
    // what happens on each outcome.
    if p.at_words(&["clash", "with", "an", "opponent"]) && p.peek_at(4).is_some_and(|t| t.is_punct('.')) {
        p.pos += 4;
        end_sentence(p)?;
        p.effect.instructions.push(Instruction::Clash { won: Vec::new(), lost: Vec::new() });
        return Ok(true);
    }
    let clash_branch = if p.at_words(&["if", "you", "win"]) && p.peek_at(3).is_some_and(|t| t.is_punct(',')) {
        Some((4, true))
    } else if p.at_word("otherwise") && p.peek_at(1).is_some_and(|t| t.is_punct(',')) && matches!(p.effect.instructions.last(), Some(Instruction::Clash { .. })) {
        Some((2, false))
    } else {
        None
    };
    if let Some((words, win)) = clash_branch {
        if !matches!(p.effect.instructions.last(), Some(Instruction::Clash { .. })) {
            return Err(Fail { at: start, expected: "\"clash with an opponent\" right before \"if you win\"".into() });
        }
        p.pos += words;
        let instructions = parse_sentence(p)?;
        let Some(Instruction::Clash { won, lost }) = p.effect.instructions.last_mut() else { return Ok(false) };
        // One "if you win", then at most one "otherwise".
        if !lost.is_empty() || (win && !won.is_empty()) {
            return Err(Fail { at: start, expected: "one \"if you win\" followed by at most one \"otherwise\"".into() });
        }
        *(if win { won } else { lost }) = instructions;
        return Ok(true);
    }
    if p.eat_words(&["if", "this", "spell", "was", "kicked"]) {
        p.eat_punct(',');
        if !p.at_words(&["it", "deals"]) {
            // "If this spell was kicked, draw a card." (702.33d–e): more instructions, carried
            // out only if it was kicked. A part with targets of its own would choose them only
            // if kicked (702.33g): not read yet.
            let before = p.effect.targets.len();
            let at = p.pos;
            let instructions = parse_sentence(p)?;
            if p.effect.targets.len() != before {
                return Err(Fail { at, expected: "an instruction without targets of its own after \"if this spell was kicked\" (702.33g is not supported yet)".into() });
            }
            if p.effect.instructions.is_empty() {
                return Err(Fail { at: start, expected: "an instruction before \"if this spell was kicked\"".into() });
            }
            p.effect.instructions.push(Instruction::IfKicked(instructions));
            return Ok(true);
        }
        p.pos += 2;
        let Amount::Fixed(kicked) = amount(p)? else { return Err(p.fail("a number")) };
        p.expect_words(&["damage", "instead"])?;
        let Some(Instruction::DealDamage { amount: a @ Amount::Fixed(_), .. }) = p.effect.instructions.last_mut() else {
            return Err(Fail { at: start, expected: "a fixed amount of damage before it".into() });
        };
        let Amount::Fixed(base) = *a else { return Ok(false) };
        *a = Amount::Kicked { base, kicked };
        end_sentence(p)?;
        return Ok(true);
    }
    // "Draw a card. If you have nine or more cards in hand, flip this creature." (608.2c): a
    // sentence carried out only if its condition holds when the effect reaches it. Only after
    // an instruction of the same effect, without targets of its own, and never an "instead"
    // (which would replace the instruction before it) — those are left to other readers.
    // A spell may start with one ("If an opponent controls more lands than you, search …"); a
    // leading "then" only orders it ("Then if an opponent controls more creatures …").
    let then = p.at_words(&["then", "if"]);
    if (then || p.at_word("if")) && (!p.effect.instructions.is_empty() || p.spell) {
        p.pos += if then { 2 } else { 1 };
        // "If it has a +1/+1 counter on it": after a target, "it" is that target, while the
        // condition grammar reads it as the source — left unread.
        let about_it = p.peek().and_then(|t| t.word()).is_some_and(|w| matches!(w.to_ascii_lowercase().as_str(), "it" | "it's" | "it’s" | "its"));
        // In a spell's own text, "this spell" is the spell resolving (608.2c): how it was cast.
        let spell_fact = p.spell.then(|| super::conditions::this_spell(p)).flatten();
        let read_as_spell_fact = spell_fact.is_some();
        let condition = match spell_fact {
            Some(c) => c?,
            None => {
                let Ok(condition) = super::conditions::parse(p) else {
                    p.pos = start;
                    return Ok(false);
                };
                condition
            }
        };
        if about_it && condition.is_about_source() {
            return Err(Fail { at: start + 1, expected: "a condition that doesn't name \"it\" (after an instruction, \"it\" may be that instruction's object)".into() });
        }
        // "it was kicked", "you cast it" are about how a permanent entered. "this spell was
        // bargained" (702.166b) and "the gift was promised" (702.174k) name the spell itself;
        // "it was bargained" could name the instruction's object.
        let this_spell = p.toks.get(start + 1..start + 3).is_some_and(|w| w[0].is_word("this") && w[1].is_word("spell"));
        if !read_as_spell_fact && (matches!(condition, crate::cards::ir::Condition::Kicked | crate::cards::ir::Condition::Cast { .. } | crate::cards::ir::Condition::Spell(_)) || condition == crate::cards::ir::Condition::Bargained && !this_spell) {
            return Err(Fail { at: start + 1, expected: "a condition about the game, not about how this object was cast".into() });
        }
        if !p.eat_punct(',') {
            p.pos = start;
            return Ok(false);
        }
        let (before, at) = (p.effect.targets.len(), p.pos);
        // "If …, it deals 4 damage instead." / "…, Fiery Impulse deals 3 damage instead."
        // (608.2c): the damage of the instruction before it, to the same recipient, with
        // another amount.
        if (p.at_word("it") || p.peek().is_some_and(|t| t.tok == Tok::SelfName))
            && p.peek_at(1).is_some_and(|t| t.is_word("deals"))
            && let Some(Tok::Number(n)) = p.peek_at(2).map(|t| t.tok.clone())
            && p.peek_at(3).is_some_and(|t| t.is_word("damage"))
            && p.peek_at(4).is_some_and(|t| t.is_word("instead"))
        {
            let Some(Instruction::DealDamage { amount: Amount::Fixed(_), divided: false, .. }) = p.effect.instructions.last() else {
                return Err(Fail { at, expected: "a fixed amount of damage, not divided, before \"deals N damage instead\"".into() });
            };
            p.pos += 5;
            end_sentence(p)?;
            let Some(old) = p.effect.instructions.pop() else { return Err(Fail { at, expected: "an instruction before it".into() }) };
            let mut new = old.clone();
            if let Instruction::DealDamage { amount, .. } = &mut new {
                *amount = Amount::Fixed(i32::try_from(n).unwrap_or(i32::MAX));
            }
            p.effect.instructions.push(Instruction::IfHolds { condition, instructions: vec![new], otherwise: vec![old] });
            return Ok(true);
        }
        // "… instead." at the end of the sentence (608.2c): its instruction replaces the one
        // before it when the condition holds. The word is set aside while the sentence reads.
        let end = (at..p.toks.len()).find(|&i| p.toks[i].is_punct('.')).unwrap_or(p.toks.len());
        let instead = end > at && p.toks[end - 1].is_word("instead");
        let word = instead.then(|| p.toks.remove(end - 1));
        let read = parse_sentence(p);
        if let Some(w) = word {
            // Put back where it was, so that positions and error ranges stay true.
            let back = if read.is_ok() { p.pos.min(end - 1) } else { end - 1 };
            p.toks.insert(back, w);
            if read.is_ok() && p.pos > back {
                p.pos += 1;
            }
        }
        let instructions = read?;
        if p.effect.targets.len() != before {
            return Err(Fail { at, expected: "an instruction without targets of its own after a condition".into() });
        }
        if p.toks[at..p.pos].iter().filter(|t| t.is_word("instead")).count() > usize::from(instead) {
            return Err(Fail { at, expected: "an instruction that doesn't replace another (\"instead\" after a condition is not supported yet)".into() });
        }
        let mut otherwise = Vec::new();
        if instead {
            // The replaced instruction is the last one, of the same kind, without mana (a
            // mana ability's mana must not depend on a condition the IR can't show).
            let same = match (p.effect.instructions.last(), instructions.as_slice()) {
                (Some(last), [new]) => std::mem::discriminant(last) == std::mem::discriminant(new) && !last.adds_mana(),
                _ => false,
            };
            if !same {
                return Err(Fail { at, expected: "one instruction of the same kind as the one before it, which it replaces with \"instead\"".into() });
            }
            otherwise.extend(p.effect.instructions.pop());
        }
        p.effect.instructions.push(Instruction::IfHolds { condition, instructions, otherwise });
        return Ok(true);
    }
    Ok(false)
}

/// After "shuffle(s)": "[your|their] graveyard into [your|their] library", "… hand and graveyard
/// into …", "… hand into …": which zones are shuffled in. `None` when no zone is named.
fn shuffle_zones(p: &mut Parser<'_>, whose: &str) -> Option<PResult<(bool, bool)>> {
    if !p.at_word(whose) {
        return None;
    }
    let start = p.pos;
    p.bump();
    let (hand, graveyard) = if p.eat_words(&["hand", "and", "graveyard"]) {
        (true, true)
    } else if p.eat_word("graveyard") {
        (false, true)
    } else if p.eat_word("hand") {
        (true, false)
    } else {
        p.pos = start;
        return None;
    };
    Some(p.expect_words(&["into", whose, "library"]).map(|()| (hand, graveyard)))
}

/// "a creature card", "an artifact card", "a land card with mana value 3 or less": one card of
/// a stated kind.
fn a_kind_of_card(p: &mut Parser<'_>) -> PResult<crate::cards::ir::ObjectFilter> {
    if !(p.eat_word("a") || p.eat_word("an")) {
        return Err(p.fail("\"a … card\""));
    }
    let at = p.pos;
    let (filter, head) = parse_filter(p, false)?;
    if head != Head::Card {
        return Err(Fail { at, expected: "a kind of card (\"a creature card\")".into() });
    }
    Ok(filter)
}

/// A sentence about the card just revealed, "it" and "that card" naming it.
fn revealed_sentence(p: &mut Parser<'_>) -> PResult<Vec<Instruction>> {
    p.set_aside = true;
    let r = parse_sentence(p);
    p.set_aside = false;
    r
}

/// "[Until end of turn | Until the end of your next turn], you may play|cast that card|those
/// cards|it|them [this turn | until end of turn | until the end of your next turn]": a
/// permission to play the cards just exiled (601.3, 116.2a), with its duration (611.2a).
/// `None` when the sentence is not one.
fn play_exiled(p: &mut Parser<'_>) -> Option<PResult<Instruction>> {
    fn duration(p: &mut Parser<'_>) -> Option<PlayUntil> {
        if p.eat_words(&["until", "end", "of", "turn"]) || p.eat_words(&["this", "turn"]) {
            Some(PlayUntil::EndOfTurn)
        } else if p.eat_words(&["until", "the", "end", "of", "your", "next", "turn"]) {
            Some(PlayUntil::EndOfYourNextTurn)
        } else if p.eat_words(&["for", "as", "long", "as", "it", "remains", "exiled"]) || p.eat_words(&["for", "as", "long", "as", "they", "remain", "exiled"]) {
            Some(PlayUntil::WhileExiled)
        } else {
            None
        }
    }
    let start = p.pos;
    let before = duration(p);
    if before.is_some() && !p.eat_punct(',') {
        p.pos = start;
        return None;
    }
    if !p.eat_words(&["you", "may"]) {
        p.pos = start;
        return None;
    }
    let cast_only = if p.eat_word("play") {
        false
    } else if p.eat_word("cast") {
        true
    } else {
        p.pos = start;
        return None;
    };
    let them = p.eat_words(&["that", "card"]) || p.eat_words(&["those", "cards"]) || p.eat_word("it") || p.eat_word("them");
    if !them {
        p.pos = start;
        return None;
    }
    let until = match (before, duration(p)) {
        (Some(u), None) | (None, Some(u)) => u,
        _ => return Some(Err(p.fail("one duration: \"this turn\", \"until end of turn\" or \"until the end of your next turn\""))),
    };
    Some(Ok(Instruction::PlayExiled { cast_only, until }))
}

/// "the top card of your library", "the top two cards of target player's library", "the top
/// X cards of each opponent's library": cards named by their place in a library (401.1), and
/// whose library it is. `None` when the words are not "the top …".
pub(super) fn top_of_library(p: &mut Parser<'_>) -> Option<PResult<(Amount, Affected)>> {
    if !p.at_words(&["the", "top"]) {
        return None;
    }
    p.pos += 2;
    Some((|| {
        let count = if p.eat_word("card") {
            Amount::Fixed(1)
        } else {
            let n = amount(p)?;
            if !p.eat_word("cards") {
                return Err(p.fail("\"cards\""));
            }
            n
        };
        p.expect_words(&["of"])?;
        let who = library_owner(p)?;
        Ok((count, who))
    })())
}

/// "your library", "target player's library", "target opponent's library", "each player's
/// library", "each opponent's library".
fn library_owner(p: &mut Parser<'_>) -> PResult<Affected> {
    let possessive = |p: &mut Parser<'_>, w: &str| p.eat_word(&format!("{w}'s")) || p.eat_word(&format!("{w}\u{2019}s"));
    let who = if p.eat_word("your") {
        Affected::You
    } else if p.at_word("target") && p.peek_at(1).and_then(|t| t.word()).is_some_and(|w| w.starts_with("player") || w.starts_with("opponent")) {
        p.bump();
        let opponent_only = !possessive(p, "player");
        if opponent_only && !possessive(p, "opponent") {
            return Err(p.fail("\"player's\" or \"opponent's\""));
        }
        Affected::Target(p.declare(TargetSpec::Player { opponent_only }))
    } else if p.at_word("that") && p.peek_at(1).and_then(|t| t.word()).is_some_and(|w| w.starts_with("player")) {
        // "that player's library": the player named before, else the one the ability
        // triggered for (603.2).
        let at = p.pos;
        p.bump();
        if !possessive(p, "player") {
            return Err(p.fail("\"player's\""));
        }
        if let Some(i) = super::targets::last_target(p, |s| matches!(s, TargetSpec::Player { .. })) {
            Affected::Target(i)
        } else if let Some(who) = p.last_player.clone() {
            who
        } else if p.trigger_player {
            Affected::TriggerPlayer
        } else {
            return Err(Fail { at, expected: "a player named before \"that player\"".into() });
        }
    } else if p.eat_word("each") {
        if possessive(p, "player") {
            Affected::EachPlayer
        } else if possessive(p, "opponent") {
            Affected::EachOpponent
        } else {
            return Err(p.fail("\"player's\" or \"opponent's\""));
        }
    } else {
        return Err(p.fail("\"your library\", \"target player's library\" or \"each opponent's library\""));
    };
    p.expect_words(&["library"])?;
    Ok(who)
}

/// One restriction after "Activate only" (602.1b): "as a sorcery" (602.5d), "as an instant"
/// (602.5e: the default timing of an activated ability, so nothing to record), "once each
/// turn" (602.5b), "during your turn[, before attackers are declared]", "during your upkeep",
/// "during combat". A second timing in one ability is refused.
fn activation_restriction(p: &mut Parser<'_>) -> PResult<()> {
    use crate::cards::ir::ActivationTiming;
    if p.eat_words(&["as", "a", "sorcery"]) {
        p.sorcery_speed = true;
        return Ok(());
    }
    if p.eat_words(&["as", "an", "instant"]) {
        return Ok(());
    }
    if p.eat_words(&["once", "each", "turn"]) {
        p.once_each_turn = true;
        return Ok(());
    }
    let at = p.pos;
    // "Activate only if there are seven or more cards in your graveyard" (602.1b): one
    // condition of the general grammar, checked as the ability is activated.
    if p.eat_word("if") {
        let condition = super::conditions::parse(p)?;
        // "it was kicked" / "you cast it" say how a permanent entered: they read only after
        // "as long as" or an intervening "if", not here.
        if matches!(condition, crate::cards::ir::Condition::Kicked | crate::cards::ir::Condition::Cast { .. } | crate::cards::ir::Condition::Spell(_) | crate::cards::ir::Condition::Bargained | crate::cards::ir::Condition::GiftPromised(_)) || p.activate_if.is_some() {
            return Err(Fail { at, expected: "one condition about the game as the ability is activated".into() });
        }
        p.activate_if = Some(condition);
        return Ok(());
    }
    let timing = if p.eat_words(&["during", "your", "turn"]) {
        if p.at_punct(',') && p.peek_at(1).is_some_and(|t| t.is_word("before")) {
            p.bump();
            p.expect_words(&["before", "attackers", "are", "declared"])?;
            ActivationTiming::YourTurnBeforeAttackers
        } else {
            ActivationTiming::YourTurn
        }
    } else if p.eat_words(&["during", "your", "upkeep"]) {
        ActivationTiming::YourUpkeep
    } else if p.eat_words(&["during", "combat"]) {
        ActivationTiming::Combat
    } else {
        return Err(p.fail("an activation restriction (\"as a sorcery\", \"once each turn\", \"during your turn\", \"during your upkeep\", \"during combat\")"));
    };
    if p.timing.is_some() {
        return Err(Fail { at, expected: "one timing restriction".into() });
    }
    p.timing = Some(timing);
    Ok(())
}

/// A delayed triggered ability (603.7) triggers on its own, later: nothing of the event that
/// created it is known to it, and an object the effect moved is a new object it can't find
/// (400.7). So its instructions may not refer to what a trigger was about, nor return a card
/// from where the effect put it ("Exile this creature. Return it to the battlefield at the
/// beginning of the next end step.") — such text is refused rather than played as doing
/// nothing.
fn delayed_can_follow(p: &Parser<'_>, at: usize, instructions: &mut [Instruction]) -> PResult<Option<Affected>> {
    fn mentions(v: &serde_json::Value) -> bool {
        // What the creating effect was about is kept with the delayed ability (603.7c): the
        // object a trigger triggered on ("destroy that creature at end of combat") and the
        // token it created ("exile it at the beginning of the next end step"). A target of
        // the creating effect, a player it was about, or a card it moved (a new object, 400.7)
        // are not.
        const CANT: &[&str] = &["TriggerPlayer", "TriggerSpellOrAbility", "CreatedTokens", "Target", "SetAside"];
        match v {
            serde_json::Value::String(s) => CANT.contains(&s.as_str()),
            serde_json::Value::Array(xs) => xs.iter().any(mentions),
            serde_json::Value::Object(m) => m.iter().any(|(k, x)| CANT.contains(&k.as_str()) || mentions(x)),
            _ => false,
        }
    }
    let mut link = None;
    for i in instructions.iter_mut() {
        link_created(i, &mut link, at)?;
    }
    // One object only: a target that may be several objects is not linked yet.
    if let Some(Affected::Target(t)) = link
        && p.effect.targets.get(t).is_none_or(|s| s.max != 1)
    {
        return Err(Fail { at, expected: "a delayed instruction about one target (several are not supported yet)".into() });
    }
    let v = serde_json::to_value(&*instructions).unwrap_or_default();
    if mentions(&v) {
        return Err(Fail { at, expected: "a delayed instruction that doesn't refer to a moved object or to what triggered it (not supported yet)".into() });
    }
    Ok(link)
}

/// In a delayed instruction, "it" for the token the creating effect made, or for its target, is
/// the object linked to the delayed ability (603.7c); `link` records which one (only one kind
/// per ability).
fn link_created(i: &mut Instruction, link: &mut Option<Affected>, at: usize) -> PResult<()> {
    let a = match i {
        Instruction::Exile(a)
        | Instruction::Destroy(a)
        | Instruction::SacrificePermanent(a)
        | Instruction::SacrificeIt(a)
        | Instruction::ReturnToHand(a)
        | Instruction::Tap(a)
        | Instruction::Untap(a)
        | Instruction::PutInLibrary { what: a, .. } => a,
        // "Exile this creature. Return it to the battlefield … at the beginning of the next end
        // step.": the card the effect exiled, followed to exile as the delayed ability is made.
        Instruction::ReturnToBattlefield { what: a, .. } if matches!(a, Affected::This | Affected::Target(_)) => {
            if link.is_some() {
                return Err(Fail { at, expected: "a delayed instruction about one object".into() });
            }
            *link = Some(std::mem::replace(a, Affected::Linked));
            return Ok(());
        }
        _ => return Ok(()),
    };
    if matches!(a, Affected::CreatedTokens | Affected::Target(_)) {
        if link.as_ref().is_some_and(|l| l != a) {
            return Err(Fail { at, expected: "a delayed instruction about one object".into() });
        }
        *link = Some(std::mem::replace(a, Affected::Linked));
    }
    Ok(())
}

/// "at the beginning of the next end step" / "… of the next turn's upkeep" (603.7a): the step
/// a delayed triggered ability waits for, and whether it must be in a later turn.
fn next_step(p: &mut Parser<'_>) -> Option<(crate::cards::ir::StepName, bool)> {
    use crate::cards::ir::StepName;
    if p.eat_words(&["at", "the", "beginning", "of", "the", "next", "end", "step"]) {
        Some((StepName::End, false))
    } else if p.eat_words(&["at", "end", "of", "combat"]) {
        // "sacrifice it at end of combat": the next end of combat step (511.2)
        Some((StepName::EndOfCombat, false))
    } else if p.eat_words(&["at", "the", "beginning", "of", "the", "next", "turn's", "upkeep"]) || p.eat_words(&["at", "the", "beginning", "of", "the", "next", "turn’s", "upkeep"]) {
        Some((StepName::Upkeep, true))
    } else {
        None
    }
}

/// After "exile": "this [permanent], then return it to the battlefield transformed under
/// your control / its owner's control" (712.14a), the words eaten; whether "your".
fn exile_return_transformed(p: &mut Parser<'_>) -> Option<bool> {
    let this = if p.at_word("this") { 2 } else if p.peek().is_some_and(|t| t.tok == super::lexer::Tok::SelfName) { 1 } else { return None };
    let rest = p.pos + this;
    let after = |q: &Parser<'_>, words: &[&str]| words.iter().enumerate().all(|(k, w)| q.toks.get(rest + 1 + k).is_some_and(|t| t.is_word(w) || (*w == "owner's" && t.is_word("owner’s"))));
    if !p.toks.get(rest).is_some_and(|t| t.is_punct(',')) || !after(p, &["then", "return", "it", "to", "the", "battlefield", "transformed", "under"]) {
        return None;
    }
    let tail = rest + 9;
    let yours = p.toks.get(tail).is_some_and(|t| t.is_word("your")) && p.toks.get(tail + 1).is_some_and(|t| t.is_word("control"));
    let owners = p.toks.get(tail).is_some_and(|t| t.is_word("its")) && p.toks.get(tail + 1).is_some_and(|t| t.is_word("owner's") || t.is_word("owner’s")) && p.toks.get(tail + 2).is_some_and(|t| t.is_word("control"));
    if yours {
        p.pos = tail + 2;
    } else if owners {
        p.pos = tail + 3;
    } else {
        return None;
    }
    Some(yours)
}

/// One sentence: clauses joined by "and" / ", then" / ", and", ending with "." or the line.
pub fn parse_sentence(p: &mut Parser<'_>) -> PResult<Vec<Instruction>> {
    let mut out = Vec::new();
    let mut subject: Option<Affected> = None;
    // "Then that player shuffles." — a leading "then" only orders the sentence (608.2c).
    p.eat_word("then");
    // "Until end of turn, target creature loses all abilities and has base power and
    // toughness 0/1." — the duration first, then one continuous effect.
    // "Until your next turn, …" (611.2a): the same, ending as your next turn begins.
    let next_turn = p.at_words(&["until", "your", "next", "turn"]);
    if p.eat_words(&["until", "end", "of", "turn"]) || p.eat_words(&["until", "your", "next", "turn"]) {
        p.eat_punct(',');
        let subject_at = p.pos;
        let what = parse_affected(p)?;
        if !kinds(p, &what).permanent {
            return Err(Fail { at: subject_at, expected: "a permanent".into() });
        }
        let plural = matches!(what, Affected::EachPermanent(_) | Affected::EachOtherPermanent(_));
        let changes = super::statics::parse_changes(p, plural && next_turn)?;
        if !(p.eat_punct('.') || p.at_end()) {
            return Err(p.fail("\".\""));
        }
        let hold = next_turn.then_some(crate::cards::ir::Hold::UntilYourNextTurn);
        return Ok(vec![Instruction::Continuous { what, changes, until_end_of_turn: !next_turn, hold }]);
    }
    // "Lock or unlock a door of target Room you control" (709.5f–g), "unlock a locked door
    // of up to one target Room you control" (709.5f): the door is chosen as it resolves.
    let lock = p.at_words(&["lock", "or", "unlock", "a", "door", "of"]);
    if lock || p.at_words(&["unlock", "a", "locked", "door", "of"]) {
        p.pos += if lock { 6 } else { 5 };
        let at = p.pos;
        let what = parse_affected(p)?;
        if !kinds(p, &what).permanent {
            return Err(Fail { at, expected: "a Room permanent".into() });
        }
        if !(p.eat_punct('.') || p.at_end()) {
            return Err(p.fail("\".\""));
        }
        return Ok(vec![Instruction::LockOrUnlock { what, lock }]);
    }
    // "Exile them, then meld them into …" (701.42a), after its condition.
    if let Some(meld) = super::meld::meld_sentence(p) {
        return meld.map(|m| vec![m]);
    }
    // "If you both own and control this and a creature named …, exile them, then meld them
    // into …": the condition is the instruction's own, checked as it resolves.
    if p.at_words(&["if", "you", "both", "own", "and", "control"]) {
        p.bump();
        super::meld::own_and_control(p)?;
        if !p.eat_punct(',') {
            return Err(p.fail("\",\" after the condition"));
        }
        return match super::meld::meld_sentence(p) {
            Some(meld) => meld.map(|m| vec![m]),
            None => Err(p.fail("\"exile them, then meld them into …\"")),
        };
    }
    if let Some(r) = gains_indefinitely(p) {
        return r.map(|i| vec![i]);
    }
    // A sentence that ends with a delayed trigger's moment: "it" may be the token just made.
    p.sentence_targets = p.effect.targets.len();
    let saved = p.delayed_clause;
    p.delayed_clause = saved || ends_delayed(p);
    let r = sentence_clauses(p, &mut out, &mut subject);
    p.delayed_clause = saved;
    r.map(|()| out)
}

/// "It gains haste." with no duration, right after an instruction that put exactly one
/// permanent onto the battlefield: a card chosen as the only target of a return ("Return target
/// creature card from your graveyard to the battlefield. It gains haste.") or the one token
/// just created ("Create a token that's a copy of target creature you control. That token
/// gains haste."). 611.2a: with no duration stated, the effect lasts as long as that object
/// exists — on the battlefield, until it leaves (400.7). `None` (nothing consumed) when the
/// sentence is not of this shape; an error when its "it" could name something else.
fn gains_indefinitely(p: &mut Parser<'_>) -> Option<PResult<Instruction>> {
    let start = p.pos;
    let (noun, words) = if p.at_words(&["it", "gains"]) {
        ("it", 1)
    } else if p.at_words(&["that", "creature", "gains"]) {
        ("creature", 2)
    } else if p.at_words(&["that", "token", "gains"]) {
        ("token", 2)
    } else {
        return None;
    };
    // Only keywords, up to the end of the sentence: "gains haste", "gains flying and haste".
    let mut changes = Vec::new();
    let mut at = start + words + 1;
    loop {
        match super::keywords::keyword_at(p, at) {
            Some((k, n)) if !matches!(k, Keyword::Flash | Keyword::Riot | Keyword::Prowess | Keyword::Devoid) => {
                changes.push(Change::Grant(k));
                at += n;
            }
            _ => return None,
        }
        let tok = |i: usize| p.toks.get(i);
        if tok(at).is_some_and(|t| t.is_punct(',')) && tok(at + 1).is_some_and(|t| t.is_word("and")) {
            at += 2;
        } else if tok(at).is_some_and(|t| t.is_punct(',') || t.is_word("and")) {
            at += 1;
        } else {
            break;
        }
    }
    if !(p.toks.get(at).is_none_or(|t| t.is_punct('.'))) {
        return None;
    }
    // After "you may [pay …]. If you do, [put it there]": the instruction done if the option
    // is taken; when it isn't, nothing arrived and the effect finds nothing.
    let last = match p.effect.instructions.last() {
        Some(Instruction::MayOrElse { action, then, otherwise, .. }) if otherwise.is_empty() => then.last().or(Some(&**action)),
        other => other,
    };
    let what = match last {
        Some(Instruction::ReturnToBattlefield { what: Affected::Target(i), .. }) if noun != "token" => {
            // One card, the last target named: "it" can mean nothing else. "That creature"
            // in a triggered ability could be what it triggered on.
            let one = p.effect.targets.get(*i).is_some_and(|s| s.max == 1) && super::targets::last_target(p, |_| true) == Some(*i);
            if !one || noun == "creature" && p.trigger_object {
                return Some(Err(Fail { at: start, expected: "\"it\" naming the one card just put onto the battlefield (an earlier target or the triggering object could be meant)".into() }));
            }
            Affected::Arrived(*i)
        }
        Some(Instruction::CreateTokenCopy { who: Affected::You, .. } | Instruction::CreateTokens { who: Affected::You, count: Amount::Fixed(1), .. }) if noun != "creature" && p.one_token_created => Affected::CreatedTokens,
        _ => return None,
    };
    p.pos = at;
    p.eat_punct('.');
    Some(Ok(Instruction::Continuous { what, changes, until_end_of_turn: false, hold: None }))
}

/// "[instruction] if [condition]." at the end of a sentence of one instruction without targets
/// of its own: that instruction, carried out only if the condition holds (608.2c).
fn trailing_condition(p: &mut Parser<'_>, out: &mut Vec<Instruction>) -> PResult<()> {
    let at = p.pos;
    p.bump();
    let about_it = p.peek().and_then(|t| t.word()).is_some_and(|w| matches!(w.to_ascii_lowercase().as_str(), "it" | "it's" | "it’s" | "its"));
    let condition = super::conditions::parse(p)?;
    if about_it && condition.is_about_source() {
        return Err(Fail { at: at + 1, expected: "a condition that doesn't name \"it\" (after an instruction, \"it\" may be that instruction's object)".into() });
    }
    if matches!(condition, crate::cards::ir::Condition::Kicked | crate::cards::ir::Condition::Cast { .. } | crate::cards::ir::Condition::Spell(_)) {
        return Err(Fail { at: at + 1, expected: "a condition about the game, not about how this object was cast".into() });
    }
    if !(p.eat_punct('.') || p.at_end()) {
        return Err(p.fail("\".\" after the condition"));
    }
    if out.len() != 1 || out.iter().any(Instruction::adds_mana) || p.effect.targets.len() != p.sentence_targets {
        return Err(Fail { at, expected: "one instruction without targets of its own or mana before a trailing \"if\"".into() });
    }
    let instructions = std::mem::take(out);
    out.push(Instruction::IfHolds { condition, instructions, otherwise: Vec::new() });
    Ok(())
}

/// Whether the sentence from here ends with "at the beginning of the next end step" or "at end
/// of combat" (a delayed trigger's moment, 603.7).
fn ends_delayed(p: &mut Parser<'_>) -> bool {
    let mark = p.pos;
    let mut found = false;
    while !p.at_end() && !p.at_punct('.') {
        if next_step(p).is_some() {
            found = p.at_punct('.') || p.at_end();
            break;
        }
        p.bump();
    }
    p.pos = mark;
    found
}

/// The clauses of a sentence (see [`parse_sentence`]).
fn sentence_clauses(p: &mut Parser<'_>, out: &mut Vec<Instruction>, subject: &mut Option<Affected>) -> PResult<()> {
    loop {
        // "[Do something] at the beginning of the next end step." — a delayed trigger (603.7).
        if let Some((step, next_turn)) = next_step(p) {
            let mut instructions = std::mem::take(out);
            let link = delayed_can_follow(p, p.pos, &mut instructions)?;
            out.push(Instruction::Delayed { step, instructions, next_turn, link });
            if p.eat_punct('.') || p.at_end() {
                return Ok(());
            }
            return Err(p.fail("\".\""));
        }
        // After "you may [do something]", the rest of the sentence is part of what is done
        // ("you may search …, put that card …, then shuffle") — unless it offers a choice of
        // its own ("…, then you may tap or untap another target permanent"), which doesn't
        // depend on the first.
        if let Some(Instruction::MayOrElse { then, .. }) = out.last_mut()
            && subject.is_some()
            && !p.at_words(&["you", "may"])
        {
            let mut more = Vec::new();
            parse_clause(p, subject.clone(), &mut more)?;
            then.append(&mut more);
        } else {
            *subject = Some(parse_clause(p, subject.take(), out)?);
        }
        // "Sacrifice this creature unless you pay {2}." (118.12a)
        if p.at_word("unless") {
            unless_pays(p, subject.as_ref(), out)?;
        }
        // "You gain 1 life for each creature you control." — the amount is multiplied.
        if p.at_words(&["for", "each"]) {
            let at = p.pos;
            p.pos += 2;
            let what = counted(p)?;
            // "other" is other than the permanent whose ability it is; an instruction about
            // some other object would make it ambiguous.
            let about_other = |i: &Instruction| matches!(i, Instruction::Pump { what, .. } | Instruction::PutCounters { what, .. } | Instruction::DealDamage { to: what, .. } if *what != Affected::This);
            if matches!(what, crate::cards::ir::Counted::Permanents { other: true, .. }) && out.last().is_some_and(about_other) {
                return Err(Fail { at, expected: "\"for each other …\" about the permanent itself".into() });
            }
            if !out.last_mut().is_some_and(|i| scale(i, what)) {
                return Err(Fail { at, expected: "an instruction with a number to multiply before \"for each\"".into() });
            }
        }
        // ", where X is the number of creatures you control": X of this sentence is that count.
        if p.at_punct(',') && p.peek_at(1).is_some_and(|t| t.is_word("where")) {
            let at = p.pos;
            p.pos += 2;
            if !(p.at_word("x") && p.peek_at(1).is_some_and(|t| t.is_word("is"))) {
                return Err(p.fail("\"X is …\""));
            }
            p.pos += 2;
            let q = quantity(p)?;
            for i in out.iter_mut() {
                bind_x(i, q);
            }
            // Every X must have been given its meaning (in a filter or a token's size it is not).
            // A target's filter ("target spell with mana value X or less") can't take it yet.
            let unbound = |s: &str| s.contains("\"X\"") || s.contains("\"MinusX\"");
            if out.iter().any(|i| serde_json::to_string(i).is_ok_and(|s| unbound(&s))) || p.effect.targets.iter().any(|t| serde_json::to_string(t).is_ok_and(|s| unbound(&s))) {
                return Err(Fail { at, expected: "an X the engine can bind here (in an amount of damage, life, cards or +N/+N)".into() });
            }
        }
        // A delayed rider follows ("… at the beginning of the next end step."): read at the
        // top of the loop.
        let mark = p.pos;
        let delayed = next_step(p).is_some();
        p.pos = mark;
        if delayed {
            continue;
        }
        if p.eat_punct('.') || p.at_end() {
            return Ok(());
        }
        // "Draw a card if you control a creature with power 4 or greater." (608.2c): the
        // instruction is carried out only if the condition holds as the effect reaches it. Not
        // an intervening "if" (603.4 needs it right after the trigger condition).
        if p.at_word("if") {
            return trailing_condition(p, out);
        }
        if p.at_punct(',') && p.peek_at(1).is_some_and(|t| t.is_word("then") || t.is_word("and")) {
            p.pos += 2;
        } else if !p.eat_word("and") {
            return Err(p.fail("\".\", \"and\" or \", then\""));
        }
    }
}

/// "… unless [player] pays [cost]" after the instructions of a sentence (118.12a): they
/// become what happens if that player doesn't pay. The payer is one player: "you", "its
/// controller", "that player", or "they" for the sentence's player subject.
fn unless_pays(p: &mut Parser<'_>, subject: Option<&Affected>, out: &mut Vec<Instruction>) -> PResult<()> {
    let at = p.pos;
    p.bump();
    let single = |p: &Parser<'_>, a: &Affected| {
        matches!(
            a,
            Affected::You | Affected::ControllerOfTarget(_) | Affected::TriggerPlayer | Affected::TriggerObjectController
        ) || matches!(a, Affected::Target(i) if p.effect.targets.get(*i).is_some_and(|t| matches!(t.spec, TargetSpec::Player { .. })))
    };
    let payer = if p.at_word("they") {
        p.bump();
        match subject {
            Some(s) if single(p, s) => s.clone(),
            // "… deals 2 damage to that player unless they pay {2}": the player the trigger
            // is about, when no target player could be meant instead.
            _ if p.trigger_player && !p.effect.targets.iter().any(|t| matches!(t.spec, TargetSpec::Player { .. } | TargetSpec::PlayerOrPlaneswalker { .. } | TargetSpec::Any)) => Affected::TriggerPlayer,
            _ => return Err(Fail { at: p.pos - 1, expected: "one player as \"they\" (the sentence's subject)".into() }),
        }
    } else {
        let who_at = p.pos;
        let who = parse_affected(p)?;
        if !single(p, &who) {
            return Err(Fail { at: who_at, expected: "one player who may pay (\"you\", \"its controller\", \"that player\")".into() });
        }
        who
    };
    if !(p.eat_word("pays") || p.eat_word("pay")) {
        return Err(p.fail("\"pays\""));
    }
    let cost = super::costs::parse_pay_cost(p)?;
    // An X given its meaning by ", where X is …" would need binding here: not read yet.
    if matches!(&cost, crate::cards::ir::PayCost::Mana(m) if m.x > 0) && p.at_punct(',') && p.peek_at(1).is_some_and(|t| t.is_word("where")) {
        return Err(p.fail("an {X} that is the X of the spell or ability (\", where X is …\" is not read here yet)"));
    }
    if out.is_empty() || matches!(out.last(), Some(Instruction::MayOrElse { .. })) {
        return Err(Fail { at, expected: "an instruction before \"unless\"".into() });
    }
    let instructions = std::mem::take(out);
    out.push(Instruction::UnlessPays { payer, cost, instructions });
    Ok(())
}

/// Whether a payment on resolution has an `{X}` in it ("unless its controller pays {X}"): the
/// X of a spell or an activated ability, which a triggered ability doesn't have.
pub(super) fn pays_x(instructions: &[Instruction]) -> bool {
    instructions.iter().any(|i| match i {
        Instruction::UnlessPays { cost, instructions, .. } => matches!(cost, crate::cards::ir::PayCost::Mana(m) if m.x > 0) || pays_x(instructions),
        Instruction::CounterUnlessPays { cost, .. } => cost.x > 0,
        Instruction::MayOrElse { action, then, otherwise, .. } => pays_x(std::slice::from_ref(action.as_ref())) || pays_x(then) || pays_x(otherwise),
        Instruction::IfKicked(instructions) | Instruction::IfHolds { instructions, .. } | Instruction::Delayed { instructions, .. } | Instruction::DelayedDies { instructions, .. } => pays_x(instructions),
        _ => false,
    })
}

/// One clause: `[subject] verb …`. Without a subject, the subject is the previous clause's
/// ("draws two cards and loses 2 life") or, at the start of a sentence, "you".
fn parse_clause(p: &mut Parser<'_>, inherited: Option<Affected>, out: &mut Vec<Instruction>) -> PResult<Affected> {
    let subject_at = p.pos;
    let subject = if at_verb(p) { inherited.unwrap_or(Affected::You) } else { parse_affected(p)? };
    // "Two target creatures each get +2/+2 until end of turn": "each" after a plural subject
    // only says the verb applies to every one of them.
    if p.at_word("each") && p.peek_at(1).is_some_and(|t| t.is_word("get") || t.is_word("gain")) {
        let plural = match &subject {
            Affected::Target(i) => p.effect.targets.get(*i).is_some_and(|t| t.max > 1),
            Affected::EachPermanent(_) => true,
            _ => false,
        };
        if plural {
            p.bump();
        }
    }
    parse_predicate(p, subject.clone(), subject_at, out)?;
    Ok(subject)
}

/// The quoted abilities of an emblem (114.2): `"[ability]"`, or `"[ability]" and
/// "[ability]"`. Each quotation is compiled as a permanent's line would be, "this emblem"
/// being the emblem itself; returns the abilities and the quoted text.
fn parse_emblem_abilities(p: &mut Parser<'_>) -> PResult<(Vec<crate::cards::ir::Ability>, String)> {
    let quoted = parse_quoted_abilities(p, "the emblem's ability", "Emblem")?;
    let texts: Vec<&str> = quoted.iter().map(|(_, t)| t.as_str()).collect();
    let text = texts.join(" ");
    Ok((quoted.into_iter().flat_map(|(a, _)| a).collect(), text))
}

/// Abilities written in quotation marks, joined by "and" (an emblem's, 114.2; those an effect
/// grants): each quotation compiled on its own, with `name` as the name of the object that
/// will have it, and its text. `what` names them in messages.
///
/// # Errors
/// When a quotation is missing or its text does not compile.
pub(super) fn parse_quoted_abilities(p: &mut Parser<'_>, what: &str, name: &str) -> PResult<Vec<(Vec<crate::cards::ir::Ability>, String)>> {
    let is_open = |p: &Parser<'_>| p.at_punct('"') || p.at_punct('“');
    let mut out = Vec::new();
    loop {
        if !is_open(p) {
            return Err(p.fail(format!("{what} in quotation marks")));
        }
        let open = p.pos;
        let Some(close) = (open + 1..p.toks.len()).find(|&i| p.toks[i].is_punct('"') || p.toks[i].is_punct('”')) else {
            return Err(p.fail(format!("the closing quotation mark of {what}")));
        };
        if close == open + 1 {
            return Err(p.fail(what));
        }
        let (start, end) = (p.toks[open].end, p.toks[close].start);
        let inner = &p.text[start..end];
        match super::compile(inner, name, &[]) {
            Ok(a) => out.push((a, inner.trim().to_owned())),
            Err(errs) => {
                let e = &errs[0];
                let at = (open + 1..close).find(|&i| p.toks[i].end > start + e.start).unwrap_or(open + 1);
                let expected = e.message.split_once("; expected ").map_or(e.message.as_str(), |(_, x)| x);
                return Err(Fail { at, expected: format!("{expected} (in {what})") });
            }
        }
        p.pos = close + 1;
        if p.at_word("and") && p.peek_at(1).is_some_and(|t| t.is_punct('"') || t.is_punct('“')) {
            p.bump();
            continue;
        }
        return Ok(out);
    }
}

/// "hexproof", "shroud", "protection from red", "protection from artifacts", "protection from
/// the color of your choice" — what "gains" grants.
fn parse_grant(p: &mut Parser<'_>) -> PResult<Grant> {
    if p.eat_words(&["protection", "from"]) {
        if p.eat_words(&["the", "color", "of", "your", "choice"]) {
            return Ok(Grant::ProtectionFromChosenColor);
        }
        if p.chose_color && (p.eat_words(&["the", "chosen", "color"]) || p.eat_words(&["that", "color"])) {
            return Ok(Grant::ProtectionFromChosenColor);
        }
        return parse_quality(p).map(Grant::Protection);
    }
    match super::keywords::keyword_at(p, p.pos) {
        Some((k, words)) if !matches!(k, Keyword::Flash | Keyword::Riot) => {
            p.pos += words;
            Ok(Grant::Keyword(k))
        }
        _ => Err(p.fail("a keyword the engine supports or \"protection from …\"")),
    }
}

/// After "protection from": a color, a plural card type, or "everything" (702.16a).
pub fn parse_quality(p: &mut Parser<'_>) -> PResult<Quality> {
    let Some(w) = p.word() else { return Err(p.fail("a color, a card type or \"everything\"")) };
    let q = if w == "everything" {
        Quality::Everything
    } else if let Some(c) = Color::from_name(&w) {
        Quality::Color(c)
    } else if let Some(t) = w.strip_suffix('s').and_then(CardType::from_name) {
        Quality::Type(t)
    } else {
        return Err(p.fail("a color, a card type or \"everything\""));
    };
    p.bump();
    Ok(q)
}

/// The verb phrase of a clause, given its subject.
fn parse_predicate(p: &mut Parser<'_>, subject: Affected, subject_at: usize, out: &mut Vec<Instruction>) -> PResult<()> {
    let verb_at = p.pos;
    let Some(verb) = p.word() else { return Err(p.fail("a verb")) };
    let player_subject = || -> PResult<Affected> {
        if kinds(p, &subject).player {
            Ok(subject.clone())
        } else {
            Err(Fail { at: verb_at, expected: "a verb this subject can take (\"gets\", \"deals\")".into() })
        }
    };
    let permanent_subject = || -> PResult<Affected> {
        if kinds(p, &subject).permanent {
            Ok(subject.clone())
        } else {
            Err(Fail { at: subject_at, expected: "a permanent as the subject of this verb".into() })
        }
    };
    let imperative = subject == Affected::You;
    match verb.as_str() {
        "destroy" | "exile" | "tap" | "untap" | "regenerate" | "transform" | "flip" if imperative => {
            p.bump();
            let make = |what| match verb.as_str() {
                "destroy" => Instruction::Destroy(what),
                "transform" => Instruction::Transform(what),
                "flip" => Instruction::Flip(what),
                "exile" => Instruction::Exile(what),
                "tap" => Instruction::Tap(what),
                "regenerate" => Instruction::Regenerate(what),
                _ => Instruction::Untap(what),
            };
            // "You may tap or untap target creature." (701.26a): which one is chosen as it
            // is carried out.
            if verb == "tap" && p.eat_words(&["or", "untap"]) {
                let what = object(p)?;
                out.push(Instruction::TapOrUntap(what));
                return Ok(());
            }
            // "Exile the top card of your library." (701.13a)
            if verb == "exile"
                && let Some(r) = top_of_library(p)
            {
                let (count, who) = r?;
                out.push(Instruction::ExileTop { who, count });
                return Ok(());
            }
            // "Exile this Saga, then return it to the battlefield transformed under your
            // control." (712.14a): the permanent itself, back face up.
            if verb == "exile"
                && let Some(yours) = exile_return_transformed(p)
            {
                out.push(Instruction::ExileReturnTransformed { yours });
                return Ok(());
            }
            // "Exile target player's graveyard." (406.2, 701.13a): every card in it.
            if verb == "exile" && (p.at_words(&["target", "player's", "graveyard"]) || p.at_words(&["target", "player’s", "graveyard"]) || p.at_words(&["target", "opponent's", "graveyard"]) || p.at_words(&["target", "opponent’s", "graveyard"])) {
                let opponent_only = p.peek_at(1).and_then(|t| t.word()).is_some_and(|w| w.starts_with("opponent"));
                p.pos += 3;
                let i = p.declare(TargetSpec::Player { opponent_only });
                out.push(Instruction::ExileGraveyard(Affected::Target(i)));
                return Ok(());
            }
            // "Exile target card from a graveyard." — a card, as well as a permanent.
            // "Transform this creature" / "transform it" (701.27): the object itself, mostly.
            let what = if verb == "exile" {
                object_or_card(p)?
            } else if verb == "transform" || verb == "flip" {
                // "Flip this creature" / "flip it" (710.2): the flip card itself.
                let at = p.pos;
                let what = parse_affected(p)?;
                if !kinds(p, &what).permanent {
                    return Err(Fail { at, expected: format!("a permanent to {verb}") });
                }
                what
            } else {
                object(p)?
            };
            // "Exile target creature an opponent controls until this creature leaves the
            // battlefield." (610.3): a duration tied to the source.
            if verb == "exile" && p.at_word("until") {
                let mark = p.pos;
                p.bump();
                if super::targets::eat_self_ref(p) && p.eat_words(&["leaves", "the", "battlefield"]) {
                    if !kinds(p, &what).permanent {
                        return Err(Fail { at: mark, expected: "permanents to exile until it leaves the battlefield (cards in hands or graveyards are not supported yet)".into() });
                    }
                    out.push(Instruction::ExileUntilLeaves(what));
                    return Ok(());
                }
                p.pos = mark;
            }
            if verb == "exile" && let Affected::Target(i) = what {
                p.exiled_target = Some(i);
            }
            out.push(make(what));
            // "Destroy target land you control and target land you don't control."
            while let Some(what) = and_more(p, object) {
                out.push(make(what));
            }
        }
        "counter" if imperative => {
            p.bump();
            let at = p.pos;
            let what = parse_affected(p)?;
            if !kinds(p, &what).spell {
                return Err(Fail { at, expected: "a spell (\"target spell\", \"target creature spell\")".into() });
            }
            if p.eat_words(&["unless", "its", "controller", "pays"]) {
                let Some(Tok::Symbol(_)) = p.peek().map(|t| t.tok.clone()) else { return Err(p.fail("a mana cost such as {3}")) };
                let at = p.pos;
                let cost = super::costs::mana_symbols(p)?;
                if cost.x > 0 && p.at_punct(',') && p.peek_at(1).is_some_and(|t| t.is_word("where")) {
                    return Err(Fail { at, expected: "an {X} that is the X of the spell or ability (\", where X is …\" is not read here yet)".into() });
                }
                out.push(Instruction::CounterUnlessPays { what, cost });
            } else {
                out.push(Instruction::Counter(what));
            }
        }
        "doesn't" | "doesn’t" | "don't" | "don’t" if p.peek_at(1).is_some_and(|t| t.is_word("untap")) => {
            // 502.3, 611.2a: "It doesn't untap during its controller's next untap step."
            let what = permanent_subject()?;
            p.bump();
            p.expect_words(&["untap", "during"])?;
            let yours = if p.eat_word("your") {
                true
            } else if ["its", "their"].iter().any(|w| p.eat_word(w)) && ["controller's", "controller’s", "controllers'", "controllers’"].iter().any(|w| p.eat_word(w)) {
                false
            } else {
                return Err(p.fail("\"its controller's next untap step\" or \"your next untap step\""));
            };
            if !p.eat_word("next") {
                return Err(p.fail("\"next untap step\" (a lasting restriction is a static ability)"));
            }
            if !(p.eat_words(&["untap", "step"]) || p.eat_words(&["untap", "steps"])) {
                return Err(p.fail("\"untap step\""));
            }
            out.push(Instruction::DoesntUntapNext { what, yours });
        }
        "attach" if imperative => {
            // 701.3a: "attach it to target creature you control", "you may attach this
            // Equipment to it", "attach target Equipment you control to target creature you
            // control".
            p.bump();
            let at = p.pos;
            let what = parse_affected(p)?;
            if !kinds(p, &what).permanent {
                return Err(Fail { at, expected: "an Aura or Equipment to attach".into() });
            }
            p.expect_words(&["to"])?;
            let at = p.pos;
            // "it" after "this Equipment" is what the ability triggered on, if anything.
            let to = if p.at_word("it") && p.one_token_created {
                // "create a 1/1 white Soldier creature token, then attach this Equipment to it"
                p.bump();
                Affected::CreatedTokens
            } else if p.at_word("it") && p.trigger_object && targets_none(p) && !p.created_tokens {
                p.bump();
                Affected::TriggerObject
            } else {
                parse_affected(p)?
            };
            if !kinds(p, &to).permanent || matches!(to, Affected::EachPermanent(_) | Affected::EachOtherPermanent(_)) {
                return Err(Fail { at, expected: "one permanent to attach it to".into() });
            }
            out.push(Instruction::Attach { what, to, equip: false });
        }
        "skip" | "skips" if p.peek_at(1).is_some_and(|t| t.is_word("your") || t.is_word("their")) && p.peek_at(2).is_some_and(|t| t.is_word("next")) => {
            // 614.10: "You skip your next turn." / "you skip your next two turns"
            let who = player_subject()?;
            p.pos += 3;
            let count = if p.eat_word("turn") {
                1
            } else if let Some(n) = count_word(p, 0).filter(|&n| n > 1) {
                p.bump();
                p.expect_words(&["turns"])?;
                n
            } else {
                return Err(p.fail("\"turn\" (skipping a step or phase is not supported yet)"));
            };
            out.push(Instruction::SkipTurns { who, count });
        }
        "take" | "takes" if p.peek_at(1).is_some_and(|t| t.is_word("an")) && p.peek_at(2).is_some_and(|t| t.is_word("extra")) => {
            // 500.7: "Take an extra turn after this one." / "Target player takes an extra turn
            // after this one."
            let who = player_subject()?;
            p.bump();
            p.expect_words(&["an", "extra", "turn", "after", "this", "one"])?;
            out.push(Instruction::ExtraTurn(who));
        }
        "mill" | "mills" => {
            // 701.17a: "Mill three cards.", "Target player mills two cards.", "each opponent
            // mills a card".
            let who = player_subject()?;
            p.bump();
            let count = amount(p)?;
            if !(p.eat_word("card") || p.eat_word("cards")) {
                return Err(p.fail("\"cards\""));
            }
            out.push(Instruction::Mill { who, count });
        }
        "manifest" | "manifests" | "cloak" | "cloaks" => {
            // 701.40a: "Manifest the top card of your library.", "Its controller manifests the
            // top card of their library."; 701.62a: "Manifest dread."; 701.58a: "cloak the top
            // card of your library".
            let who = player_subject()?;
            p.bump();
            let cloak = verb.starts_with("cloak");
            let dread = !cloak && p.eat_word("dread");
            if !dread {
                let whose = if who == Affected::You { "your" } else { "their" };
                if !(p.eat_words(&["the", "top", "card", "of", whose, "library"])) {
                    let expected = if cloak { format!("\"the top card of {whose} library\"") } else { format!("\"dread\" or \"the top card of {whose} library\"") };
                    return Err(p.fail(&expected));
                }
            }
            // "cloak the top card of your library, then attach this Equipment to it": "it" is
            // the one permanent just put onto the battlefield.
            p.one_token_created = who == Affected::You;
            p.face_down_made = who == Affected::You;
            out.push(Instruction::PutFaceDown { who, cloak, dread });
        }
        "fights" | "fight" if !imperative => {
            // 701.14a: "Target creature you control fights target creature you don't control."
            let one = permanent_subject()?;
            p.bump();
            let other = object(p)?;
            out.push(Instruction::Fight(one, other));
        }
        "explores" | "connives" => {
            // 701.44a, 701.50a: "When this creature enters, it explores."
            let what = permanent_subject()?;
            p.bump();
            out.push(if verb == "explores" { Instruction::Explore(what) } else { Instruction::Connive(what) });
        }
        "look" if imperative => {
            p.bump();
            out.push(parse_look(p)?);
            return Ok(());
        }
        "scry" | "surveil" if imperative => {
            // 701.22a, 701.25a
            p.bump();
            let Amount::Fixed(n) = amount(p)? else { return Err(p.fail("a number")) };
            let n = u32::try_from(n).unwrap_or(0);
            out.push(if verb == "scry" { Instruction::Scry(n) } else { Instruction::Surveil(n) });
        }
        // 701.7a, 111.2: the player who creates a token controls it.
        "create" | "creates" => {
            let who = player_subject()?;
            p.bump();
            out.push(super::tokens::parse_create(p, who)?);
        }
        "investigate" if imperative => {
            p.bump();
            out.push(super::tokens::investigate(p).ok_or_else(|| p.fail("a Clue token the engine supports"))?);
        }
        "reveal" if imperative && p.at_words(&["reveal", "cards", "from", "the", "top", "of", "your", "library", "until", "you", "reveal"]) => {
            // "Reveal cards from the top of your library until you reveal a creature card. Put
            // that card into your hand and the rest on the bottom of your library in a random
            // order." (701.20a)
            p.pos += 11;
            let filter = a_kind_of_card(p)?;
            if !p.eat_punct('.') {
                return Err(p.fail("\".\""));
            }
            p.expect_words(&["put", "that", "card"])?;
            let to = if p.eat_words(&["into", "your", "hand"]) {
                SearchDest::Hand
            } else if p.eat_words(&["onto", "the", "battlefield"]) {
                SearchDest::Battlefield { tapped: p.eat_word("tapped") }
            } else {
                return Err(p.fail("\"into your hand\" or \"onto the battlefield\""));
            };
            if !(p.eat_words(&["and", "the", "rest"]) || p.eat_words(&["and", "put", "all", "other", "cards", "revealed", "this", "way"])) {
                return Err(p.fail("\"and the rest\""));
            }
            let rest = dig_rest(p, u32::MAX)?;
            out.push(Instruction::RevealUntil { who: Affected::You, filter, to: Some(to), rest });
        }
        "reveal" if imperative && p.peek_at(1).is_some_and(|t| t.is_word("the")) => {
            // "Reveal the top card of your library." (701.20a)
            p.bump();
            let Some(r) = top_of_library(p) else { return Err(p.fail("\"the top card of your library\"")) };
            let (count, who) = r?;
            // "Reveal the top four cards of your library. Put all land cards revealed this way
            // into your hand and the rest into your graveyard." (701.20a)
            if who == Affected::You && (matches!(count, Amount::Fixed(n) if n > 1) || count == Amount::X) {
                let count = dig_x(p, count, verb_at)?;
                out.push(parse_reveal_dig(p, count)?);
                return Ok(());
            }
            if who != Affected::You || count != Amount::Fixed(1) {
                return Err(Fail { at: verb_at, expected: "\"reveal the top card of your library\"".into() });
            }
            out.push(Instruction::RevealTop { who, count });
        }
        "reveals" => {
            let who = player_subject()?;
            p.bump();
            // "Target player reveals cards from the top of their library until they reveal a
            // land card, then puts those cards into their graveyard." (701.20a)
            if p.eat_words(&["cards", "from", "the", "top", "of", "their", "library", "until", "they", "reveal"]) {
                out.push(reveals_until(p, who)?);
                return Ok(());
            }
            // "Target player reveals the top card of their library." (701.20a)
            if p.eat_words(&["the", "top", "card", "of", "their", "library"]) {
                out.push(Instruction::RevealTop { who, count: Amount::Fixed(1) });
                return Ok(());
            }
            // "Target player reveals a card at random from their hand." (701.20a)
            if p.eat_words(&["a", "card", "at", "random", "from", "their", "hand"]) {
                out.push(Instruction::RevealRandomFromHand(who));
                return Ok(());
            }
            p.expect_words(&["their", "hand"])?;
            out.push(Instruction::RevealHand { who, choose: None, discard: false });
        }
        "prevent" if imperative => {
            p.bump();
            if p.eat_words(&["all", "combat", "damage", "that", "would", "be", "dealt", "this", "turn"]) {
                out.push(Instruction::PreventAllCombatDamage);
                return Ok(());
            }
            if p.eat_word("all") {
                // 615.1: "Prevent all [combat] damage that would be dealt to [X] [and dealt by
                // X] this turn", "… dealt by [X] this turn", "… [X] would deal this turn".
                let combat_only = p.eat_word("combat");
                p.expect_words(&["damage"])?;
                let party = |p: &mut Parser<'_>| -> PResult<Affected> {
                    let at = p.pos;
                    let a = parse_affected(p)?;
                    let k = kinds(p, &a);
                    if !(k.player || k.permanent) || matches!(a, Affected::EachOtherPermanent(_) | Affected::Both(..)) {
                        return Err(Fail { at, expected: "creatures, players or permanents damage is dealt to or by".into() });
                    }
                    Ok(a)
                };
                if p.eat_words(&["that", "would", "be", "dealt"]) {
                    if p.eat_words(&["to", "and", "dealt", "by"]) {
                        // "dealt to and dealt by that creature": two effects, one each way.
                        let x = party(p)?;
                        out.push(Instruction::PreventAll { combat_only, to: Some(x.clone()), by: None });
                        out.push(Instruction::PreventAll { combat_only, to: None, by: Some(x) });
                    } else if p.eat_word("to") {
                        let to = party(p)?;
                        out.push(Instruction::PreventAll { combat_only, to: Some(to), by: None });
                    } else if p.eat_word("by") {
                        let by = party(p)?;
                        out.push(Instruction::PreventAll { combat_only, to: None, by: Some(by) });
                    } else {
                        return Err(p.fail("\"to …\" or \"by …\""));
                    }
                } else {
                    let by = party(p)?;
                    p.expect_words(&["would", "deal"])?;
                    out.push(Instruction::PreventAll { combat_only, to: None, by: Some(by) });
                }
                p.expect_words(&["this", "turn"])?;
                return Ok(());
            }
            p.expect_words(&["the", "next"])?;
            let Amount::Fixed(n) = amount(p)? else { return Err(p.fail("a number")) };
            p.expect_words(&["damage", "that", "would", "be", "dealt", "to"])?;
            let to = recipient(p)?;
            p.expect_words(&["this", "turn"])?;
            out.push(Instruction::PreventNext { to, amount: u32::try_from(n).unwrap_or(0) });
        }
        "add" if imperative => {
            p.bump();
            out.push(add_mana(p)?);
        }
        "copy" if imperative => {
            p.bump();
            let at = p.pos;
            // "Whenever you cast an instant or sorcery spell, copy it" / "copy that spell": the
            // spell the ability triggered on (707.10).
            let what = if p.trigger_spell && (p.eat_words(&["that", "spell"]) || p.eat_word("it")) {
                Affected::TriggerObject
            } else {
                parse_affected(p)?
            };
            if !(what == Affected::TriggerObject || matches!(what, Affected::Target(i) if matches!(p.effect.targets[i].spec, TargetSpec::Spell(_)))) {
                return Err(Fail { at, expected: "a target spell (\"target instant or sorcery spell\")".into() });
            }
            // "copy that spell and [you] may choose new targets for the copy" (707.10c).
            let new_targets = p.eat_words(&["and", "you", "may", "choose", "new", "targets", "for", "the", "copy"]) || p.eat_words(&["and", "may", "choose", "new", "targets", "for", "the", "copy"]);
            out.push(Instruction::CopySpell { what, new_targets, times: Amount::Fixed(1) });
        }
        "return" if imperative => {
            p.bump();
            if let Some(ins) = return_chosen(p) {
                out.push(ins);
                return Ok(());
            }
            if let Some(ins) = return_from_graveyard(p)? {
                out.push(ins);
                return Ok(());
            }
            let at = p.pos;
            let what = match this_from_graveyard(p) {
                Some(what) => what,
                None => object_or_card(p)?,
            };
            let card = graveyard_card(p, &what);
            // "Return target creature card from your graveyard to the battlefield [tapped]
            // [under your control]" (110.2a): a card, or the object a zone-change trigger
            // found (400.7e).
            if p.eat_words(&["to", "the", "battlefield"]) {
                // In a delayed instruction, a target the effect moved: "Exile target creature.
                // Return that card to the battlefield at the beginning of the next end step."
                // So is a target an earlier instruction exiled: "Exile target creature you
                // control, then return it to the battlefield under its owner's control." (400.7j)
                let moved_target = (p.delayed_clause && matches!(what, Affected::Target(_))) || matches!(what, Affected::Target(i) if p.exiled_target == Some(i));
                if !(card || moved_target || matches!(what, Affected::This | Affected::TriggerObject | Affected::ExiledBySource)) {
                    return Err(Fail { at, expected: "a card in a graveyard (a permanent can't be returned to the battlefield)".into() });
                }
                out.push(onto_battlefield(p, what));
                return Ok(());
            }
            let to_hand = p.eat_words(&["to", "its", "owner's", "hand"])
                || p.eat_words(&["to", "its", "owner’s", "hand"])
                || p.eat_words(&["to", "their", "owners'", "hands"])
                || p.eat_words(&["to", "your", "hand"]);
            if !to_hand {
                return Err(p.fail("\"to its owner's hand\", \"to your hand\" or \"to the battlefield\""));
            }
            out.push(Instruction::ReturnToHand(what));
        }
        "exchange" if imperative => {
            p.bump();
            p.expect_words(&["control", "of"])?;
            let at = p.pos;
            let what = parse_affected(p)?;
            let two = matches!(&what, Affected::Target(i) if p.effect.targets[*i].min == 2 && p.effect.targets[*i].max == 2);
            if two && kinds(p, &what).permanent {
                out.push(Instruction::ExchangeControl(what.clone(), what));
            } else if kinds(p, &what).permanent && p.eat_word("and") {
                let other = object(p)?;
                out.push(Instruction::ExchangeControl(what, other));
            } else {
                return Err(Fail { at, expected: "two target permanents".into() });
            }
        }
        "exchange" => {
            let who = player_subject()?;
            p.bump();
            p.expect_words(&["life", "totals"])?;
            if p.eat_word("with") {
                let other = parse_affected(p)?;
                out.push(Instruction::ExchangeLife(who, other));
            } else {
                out.push(Instruction::ExchangeLife(who.clone(), who));
            }
        }
        "put" if imperative && !at_counters(p) => {
            // "Put target creature on top of its owner's library." / "… on the bottom of its
            // owner's library." (401.4)
            p.bump();
            if let Some(ins) = put_from_hand(p)? {
                out.push(ins);
                return Ok(());
            }
            let what = object_or_card(p)?;
            let card = graveyard_card(p, &what);
            // "Put target creature card from a graveyard onto the battlefield under your
            // control." (110.2a)
            if card && p.eat_words(&["onto", "the", "battlefield"]) {
                out.push(onto_battlefield(p, what));
                return Ok(());
            }
            // "put it into your hand" / "put it into your graveyard": the card just revealed.
            if what == Affected::SetAside && p.eat_words(&["into", "your", "hand"]) {
                out.push(Instruction::ReturnToHand(what));
                return Ok(());
            }
            if what == Affected::SetAside && p.eat_words(&["into", "your", "graveyard"]) {
                out.push(Instruction::PutInGraveyard(what));
                return Ok(());
            }
            let bottom = if p.eat_words(&["on", "top", "of"]) {
                false
            } else if p.eat_words(&["on", "the", "bottom", "of"]) {
                true
            } else {
                return Err(p.fail("\"on top of its owner's library\" or \"on the bottom of its owner's library\""));
            };
            // "Put target card from your graveyard on top of your library": a card of your own
            // graveyard is yours, so your library is its owner's.
            // Several at once would be ordered by their owner (401.4), which is not modelled.
            let yours = matches!(&what, Affected::Target(i) if matches!(p.effect.targets[*i].spec, TargetSpec::GraveyardCard { yours: true, .. }) && p.effect.targets[*i].max == 1) || what == Affected::SetAside;
            if !(p.eat_words(&["its", "owner's", "library"]) || p.eat_words(&["its", "owner’s", "library"]) || p.eat_words(&["their", "owners'", "libraries"]) || p.eat_words(&["their", "owners’", "libraries"]) || yours && p.eat_words(&["your", "library"])) {
                return Err(p.fail("\"its owner's library\""));
            }
            out.push(Instruction::PutInLibrary { what, bottom });
        }
        "remove" if imperative && p.peek_at(1).is_some_and(|t| t.is_word("all")) => {
            // "Remove all counters from target creature." / "remove all charge counters from …"
            p.pos += 2;
            let kind = if p.eat_word("counters") { None } else { Some(super::statics::counter_noun(p)?) };
            p.expect_words(&["from"])?;
            let what = object(p)?;
            out.push(Instruction::RemoveAllCounters { what, kind });
        }
        "put" | "remove" if imperative => {
            // "Put two +1/+1 counters on target creature." (122.1a, 122.6); "Remove a charge
            // counter from target artifact." (122)
            let put = verb == "put";
            p.bump();
            let count = amount(p)?;
            let kind = super::statics::counter_noun(p)?;
            p.expect_words(&[if put { "on" } else { "from" }])?;
            let what = object(p)?;
            out.push(if put { Instruction::PutCounters { what, kind, count } } else { Instruction::RemoveCounters { what, kind, count } });
        }
        "double" if imperative && p.peek_at(1).is_some_and(|t| t.is_word("the")) && p.peek_at(2).is_some_and(|t| t.is_word("number")) => {
            // "Double the number of +1/+1 counters on target creature." (701.10e)
            p.pos += 3;
            p.expect_words(&["of"])?;
            let kind = super::statics::counter_noun(p)?;
            p.expect_words(&["on"])?;
            let what = object(p)?;
            out.push(Instruction::DoubleCounters { what, kind });
        }
        "proliferate" if imperative => {
            p.bump();
            out.push(Instruction::Proliferate);
        }
        // "Amass Orcs 2." (701.47a); older cards' "amass N" reads "amass Zombies N" (701.47d).
        "amass" if imperative => {
            p.bump();
            let at = p.pos;
            let subtype = p.word().and_then(|w| crate::cards::subtypes::subtype_word(&w)).filter(|t| crate::cards::subtypes::CREATURE_TYPES.contains(t));
            let Some(subtype) = subtype else { return Err(Fail { at, expected: "the creature type of the Army (\"amass Zombies 2\")".into() }) };
            p.bump();
            let count = amount(p)?;
            out.push(Instruction::Amass { subtype: subtype.to_owned(), count });
        }
        // "Populate." (701.36a)
        "populate" if imperative => {
            p.bump();
            out.push(Instruction::Populate);
        }
        // "Adapt 2." (701.46a): the permanent whose ability it is.
        "adapt" if imperative => {
            p.bump();
            let Some(Tok::Number(n)) = p.peek().map(|t| t.tok.clone()) else { return Err(p.fail("the number of +1/+1 counters to adapt with")) };
            p.bump();
            out.push(Instruction::Adapt { what: Affected::This, n });
        }
        // "Monstrosity 3." / "Monstrosity X." (701.37a): the permanent whose ability it is; X is
        // the ability's X, paid in its cost.
        "monstrosity" if imperative => {
            p.bump();
            let n = match p.peek().map(|t| t.tok.clone()) {
                Some(Tok::Number(n)) => Amount::Fixed(i32::try_from(n).unwrap_or(i32::MAX)),
                Some(Tok::Word(w)) if w.eq_ignore_ascii_case("x") && !(p.peek_at(1).is_some_and(|t| t.is_punct(',')) && p.peek_at(2).is_some_and(|t| t.is_word("where"))) => Amount::X,
                _ => return Err(p.fail("the number of +1/+1 counters of the monstrosity (\"Monstrosity 3\", \"Monstrosity X\" with X paid in the cost)")),
            };
            p.bump();
            out.push(Instruction::Monstrosity(n));
        }
        // "Bolster 2." / "Bolster X, where X is …" (701.39a).
        "bolster" if imperative => {
            p.bump();
            let count = amount(p)?;
            out.push(Instruction::Bolster(count));
        }
        // "Support 2." (701.41a): "put a +1/+1 counter on each of up to N target creatures" on an
        // instant or sorcery, "… up to N other target creatures" on a permanent.
        "support" if imperative => {
            p.bump();
            let Some(Tok::Number(n)) = p.peek().map(|t| t.tok.clone()) else { return Err(p.fail("the number of creatures to support")) };
            p.bump();
            let filter = crate::cards::ir::ObjectFilter { types_any: vec![CardType::Creature], other: p.it_is_this, ..crate::cards::ir::ObjectFilter::default() };
            let slot = p.declare_slot(crate::cards::ir::TargetSlot::new(crate::cards::ir::TargetSpec::Permanent(filter), 0, n));
            out.push(Instruction::Support(Affected::Target(slot)));
        }
        "search" if imperative => {
            p.bump();
            out.push(parse_search(p, None)?);
        }
        // "If you do, choose a color, then return all creatures of that color …" (608.2d).
        "choose" if imperative && (p.at_words(&["choose", "a", "color"]) || p.at_words(&["choose", "a", "creature", "type"])) => {
            p.pos += 2;
            if p.eat_word("color") {
                p.chose_color = true;
                out.push(Instruction::ChooseColor);
            } else {
                p.pos += 2;
                p.chose_type = true;
                out.push(Instruction::ChooseCreatureType);
            }
        }
        // "Its controller may search their library for a basic land card, …" (701.23a): the
        // bare verb after a player other than you is the option of "[player] may" (a
        // mandatory search would say "searches"), which that player carries out as the
        // controller of the option (608.2d): "their library" is that player's own, for each
        // player of "each player may search their library".
        "search" if !imperative && kinds(p, &subject).player && matches!(p.peek_at(1), Some(t) if t.is_word("their")) => {
            player_subject()?;
            p.bump();
            out.push(parse_search(p, Some(Affected::You))?);
        }
        // "Shuffle Beacon of Destruction into its owner's library.", "shuffle it into its
        // owner's library", "Shuffle enchanted creature into its owner's library." (701.24a)
        "shuffle" if imperative && !p.peek_at(1).is_some_and(|t| t.is_word("your") || t.is_word("their") || t.is_word("and") || t.is_punct('.')) => {
            p.bump();
            let at = p.pos;
            let what = parse_affected(p)?;
            if !(p.eat_words(&["into", "its", "owner's", "library"]) || p.eat_words(&["into", "its", "owner’s", "library"])) {
                return Err(p.fail("\"into its owner's library\""));
            }
            if matches!(what, Affected::EachPermanent(_) | Affected::EachOtherPermanent(_)) || !matches!(what, Affected::Target(_) | Affected::This | Affected::TriggerObject | Affected::Attached) {
                return Err(Fail { at, expected: "one object to shuffle into its owner's library (this card, it, enchanted creature or a target)".into() });
            }
            out.push(Instruction::ShuffleIntoLibrary(what));
        }
        "shuffle" if imperative => {
            p.bump();
            out.push(match shuffle_zones(p, "your") {
                Some(r) => {
                    let (hand, graveyard) = r?;
                    Instruction::ShuffleInto { who: Affected::You, hand, graveyard }
                }
                None => Instruction::Shuffle(Affected::You),
            });
        }
        // "… may search their library …, then shuffle": the bare verb is still the option of
        // that player (see "search" above), who shuffles their own library.
        "shuffle" if !imperative && kinds(p, &subject).player => {
            player_subject()?;
            p.bump();
            out.push(Instruction::Shuffle(Affected::You));
        }
        "shuffles" => {
            let who = player_subject()?;
            p.bump();
            out.push(match shuffle_zones(p, "their") {
                Some(r) => {
                    let (hand, graveyard) = r?;
                    Instruction::ShuffleInto { who, hand, graveyard }
                }
                None => Instruction::Shuffle(who),
            });
        }
        "sacrifice" if imperative && p.peek_at(1).is_some_and(|t| t.tok == Tok::SelfName || t.is_word("it") || t.is_word("this") || t.is_word("that")) => {
            // "sacrifice it", "sacrifice this creature", "sacrifice that creature" (701.21a).
            p.bump();
            // "Return target artifact card from your graveyard to the battlefield. Sacrifice it
            // at the beginning of the next end step.": the delayed ability is about the
            // permanent the card became (603.7c, 400.7), found as it is made.
            let at = p.pos;
            let what = parse_affected(p)?;
            let returned = |i: usize| p.effect.instructions.iter().any(|ins| returns_target(ins, i));
            let arrived = p.delayed_clause && matches!(what, Affected::Target(i) if graveyard_card(p, &what) && returned(i));
            if !(kinds(p, &what).permanent || arrived) {
                return Err(Fail { at, expected: "a permanent (\"target creature\", \"all creatures\", …)".into() });
            }
            out.push(Instruction::SacrificePermanent(what));
        }
        "sacrifice" | "sacrifices" => {
            let who = player_subject()?;
            p.bump();
            // "you sacrifice another creature": not the source (the ability's controller
            // sacrifices, so only "you").
            let other = matches!(who, Affected::You) && p.eat_word("another");
            let count = if other { Amount::Fixed(1) } else { amount(p)? };
            let at = p.pos;
            let (mut filter, head) = parse_filter(p, !matches!(count, Amount::Fixed(1)))?;
            if head != Head::Permanent {
                return Err(Fail { at, expected: "permanents to sacrifice".into() });
            }
            filter.other = other;
            p.eat_words(&["of", "their", "choice"]);
            p.eat_words(&["of", "your", "choice"]);
            out.push(Instruction::Sacrifice { who, filter, count });
        }
        "draw" | "draws" | "discard" | "discards" => {
            let who = player_subject()?;
            p.bump();
            // "Discard your hand.", "Each player discards their hand." (701.9a): every card
            // in it, all at once.
            if verb.starts_with("discard") && (p.eat_words(&["your", "hand"]) && imperative || p.eat_words(&["their", "hand"]) && !imperative) {
                out.push(Instruction::DiscardHand(who));
                return Ok(());
            }
            // "Draw cards equal to the greatest power among creatures you control", "discards
            // cards equal to its power": a number read as the instruction is carried out
            // (608.2h).
            let count = if p.eat_words(&["cards", "equal", "to"]) {
                quantity(p)?
            } else {
                let count = amount(p)?;
                // "draws an additional card" (Howling Mine): one more card.
                p.eat_word("additional");
                if !(p.eat_word("card") || p.eat_word("cards")) {
                    return Err(p.fail("\"cards\""));
                }
                count
            };
            out.push(if verb.starts_with("draw") {
                Instruction::Draw { who, count }
            } else {
                let random = p.eat_words(&["at", "random"]);
                Instruction::Discard { who, count, random }
            });
        }
        "gain" if imperative && p.peek_at(1).is_some_and(|t| t.is_word("control")) => {
            // "Gain control of target creature [until end of turn]." (613.1b)
            p.pos += 2;
            p.expect_words(&["of"])?;
            let what = object(p)?;
            let until_end_of_turn = p.eat_words(&["until", "end", "of", "turn"]);
            // 611.2b: "for as long as you control this creature" / "… this creature remains on
            // the battlefield".
            let mut hold = None;
            if !until_end_of_turn && p.eat_words(&["for", "as", "long", "as"]) {
                if p.eat_words(&["you", "control"]) && super::targets::eat_self_ref(p) {
                    hold = Some(crate::cards::ir::Hold::YouControlSource);
                } else if super::targets::eat_self_ref(p) && p.eat_words(&["remains", "on", "the", "battlefield"]) {
                    hold = Some(crate::cards::ir::Hold::SourceOnBattlefield);
                } else {
                    return Err(p.fail("\"you control this creature\" or \"this creature remains on the battlefield\""));
                }
            }
            out.push(Instruction::Continuous { what, changes: vec![Change::GainControl], until_end_of_turn, hold });
        }
        "switch" if imperative => {
            // "Switch target creature's power and toughness until end of turn." (613.4d)
            p.bump();
            if !(p.at_word("target") && p.peek_at(1).is_some_and(|t| t.is_word("creature's") || t.is_word("creature’s"))) {
                return Err(p.fail("\"target creature's power and toughness\""));
            }
            p.pos += 2;
            let filter = crate::cards::ir::ObjectFilter { types_any: vec![CardType::Creature], ..Default::default() };
            let slot = p.declare(TargetSpec::Permanent(filter));
            p.expect_words(&["power", "and", "toughness", "until", "end", "of", "turn"])?;
            out.push(Instruction::Continuous { what: Affected::Target(slot), changes: vec![Change::Switch], until_end_of_turn: true, hold: None });
        }
        "lose" | "loses" | "has" | "have" if kinds(p, &subject).permanent && !kinds(p, &subject).player => {
            // "loses all abilities until end of turn", "has base power and toughness 1/1 until
            // end of turn".
            let changes = super::statics::parse_changes(p, verb == "lose" || verb == "have")?;
            let next = expect_until(p)?;
            let hold = next.then_some(crate::cards::ir::Hold::UntilYourNextTurn);
            out.push(Instruction::Continuous { what: subject.clone(), changes, until_end_of_turn: !next, hold });
        }
        "become" | "becomes" if kinds(p, &subject).player && !kinds(p, &subject).permanent && p.peek_at(1).is_some_and(|t| t.is_word("the")) && p.peek_at(2).is_some_and(|t| t.is_word("monarch")) => {
            // "you become the monarch" (724.1).
            let who = player_subject()?;
            p.pos += 3;
            out.push(Instruction::BecomeMonarch(who));
        }
        "become" | "becomes" if p.peek_at(1).is_some_and(|t| t.is_word("the")) && p.peek_at(2).is_some_and(|t| t.is_word("color")) => {
            // "Target permanent becomes the color of your choice until end of turn." (105.3)
            let what = permanent_or_spell(p, &subject, subject_at)?;
            p.bump();
            p.expect_words(&["the", "color", "of", "your", "choice", "until", "end", "of", "turn"])?;
            out.push(Instruction::BecomeChosenColor { what });
        }
        "become" | "becomes" if kinds(p, &subject).permanent && p.peek_at(2).is_some_and(|t| t.is_word("copy")) => {
            // 707.4: "becomes a copy of …"
            let what = subject.clone();
            if let Some(r) = super::copies::becomes_copy(p, what) {
                out.push(r?);
            } else {
                return Err(p.fail("\"becomes a copy of …\""));
            }
        }
        "become" | "becomes" if kinds(p, &subject).permanent && p.peek_at(1).and_then(|t| t.word()).as_deref().and_then(Color::from_name).is_none() => {
            // "target land becomes a 3/3 creature that's still a land" (613.1d, 613.4b).
            let changes = super::statics::parse_changes(p, verb == "become")?;
            let until_end_of_turn = p.eat_words(&["until", "end", "of", "turn"]);
            if until_end_of_turn {
                super::statics::eat_still_a_land(p);
            }
            out.push(Instruction::Continuous { what: subject.clone(), changes, until_end_of_turn, hold: None });
        }
        "gain" | "gains" if p.peek_at(1).is_some_and(|t| t.is_word("protection")) || super::keywords::keyword_at(p, p.pos + 1).is_some() => {
            // "gains flying and lifelink [and gets +X/+X] until end of turn" (611.2a): one
            // duration for every part.
            let what = permanent_subject()?;
            let mut parts = Vec::new();
            until_end_of_turn_parts(p, &what, &mut parts)?;
            let at = p.pos;
            if expect_until(p)? {
                parts = until_your_next_turn(parts, at)?;
            }
            out.append(&mut parts);
        }
        "gain" | "gains" | "lose" | "loses" => {
            let who = player_subject()?;
            p.bump();
            // "You lose the game." (104.3e)
            if verb.starts_with("lose") && p.eat_words(&["the", "game"]) {
                out.push(Instruction::LoseGame(who));
                return Ok(());
            }
            // "you gain life equal to its power"
            let amount = if p.eat_words(&["life", "equal", "to"]) {
                quantity(p)?
            } else {
                let a = amount(p)?;
                p.expect_words(&["life"])?;
                a
            };
            out.push(if verb.starts_with("gain") {
                Instruction::GainLife { who, amount }
            } else {
                Instruction::LoseLife { who, amount }
            });
        }
        "become" | "becomes" => {
            let what = permanent_or_spell(p, &subject, subject_at)?;
            p.bump();
            let Some(color) = p.word().as_deref().and_then(Color::from_name) else { return Err(p.fail("a color")) };
            p.bump();
            let until_end_of_turn = p.eat_words(&["until", "end", "of", "turn"]);
            out.push(Instruction::BecomeColor { what, color, until_end_of_turn });
        }
        "can't" | "can’t" if kinds(p, &subject).permanent => {
            p.bump();
            if p.eat_words(&["be", "blocked", "this", "turn"]) {
                out.push(Instruction::Continuous { what: subject.clone(), changes: vec![Change::CantBeBlocked], until_end_of_turn: true, hold: None });
                return Ok(());
            }
            let (attack, block) = if p.eat_words(&["attack", "or", "block"]) {
                (true, true)
            } else if p.eat_word("attack") {
                (true, false)
            } else if p.eat_word("block") {
                (false, true)
            } else {
                return Err(p.fail("\"attack\", \"block\" or \"attack or block\""));
            };
            p.expect_words(&["this", "turn"])?;
            out.push(Instruction::CantAttackOrBlock { what: subject.clone(), attack, block });
        }
        "can't" | "can’t" => {
            let who = player_subject()?;
            p.bump();
            p.expect_words(&["play", "lands", "this", "turn"])?;
            out.push(Instruction::CantPlayLands(who));
        }
        // "Target creature attacks this turn if able." (508.1d): an attack requirement until
        // end of turn.
        "attacks" | "attack" if kinds(p, &subject).permanent && p.peek_at(1).is_some_and(|t| t.is_word("this")) => {
            // 611.2c: a rules-modifying effect on "each creature" would also bind creatures
            // that arrive later; the engine locks sets, so only named objects are read.
            if matches!(subject, Affected::EachPermanent(_) | Affected::EachOtherPermanent(_)) {
                return Err(Fail { at: subject_at, expected: "a named creature (\"each creature attacks this turn if able\" binds later creatures too, 611.2c; not supported)".into() });
            }
            p.bump();
            p.expect_words(&["this", "turn", "if", "able"])?;
            out.push(Instruction::Continuous { what: subject.clone(), changes: vec![Change::AttacksEachCombat], until_end_of_turn: true, hold: None });
        }
        // "Target creature blocks this turn if able." / "It must be blocked this turn if able."
        // (509.1c): a blocking requirement until end of turn.
        "blocks" | "block" | "must" if kinds(p, &subject).permanent && (p.peek_at(1).is_some_and(|t| t.is_word("this")) || p.peek_at(1).is_some_and(|t| t.is_word("be"))) => {
            // 611.2c: as for attack requirements, only named objects are read.
            if matches!(subject, Affected::EachPermanent(_) | Affected::EachOtherPermanent(_)) {
                return Err(Fail { at: subject_at, expected: "a named creature (a blocking requirement on \"each creature\" binds later creatures too, 611.2c; not supported)".into() });
            }
            let change = if p.eat_word("must") {
                p.expect_words(&["be", "blocked"])?;
                Change::MustBeBlocked
            } else {
                p.bump();
                Change::BlocksEachCombat
            };
            p.expect_words(&["this", "turn", "if", "able"])?;
            out.push(Instruction::Continuous { what: subject.clone(), changes: vec![change], until_end_of_turn: true, hold: None });
        }
        "can" => {
            let what = permanent_subject()?;
            p.bump();
            p.expect_words(&["attack", "this", "turn", "as", "though"])?;
            if !(p.eat_words(&["they", "didn't", "have", "defender"]) || p.eat_words(&["it", "didn't", "have", "defender"]) || p.eat_words(&["they", "didn’t", "have", "defender"]) || p.eat_words(&["it", "didn’t", "have", "defender"])) {
                return Err(p.fail("\"it didn't have defender\""));
            }
            out.push(Instruction::AttackDespiteDefender(what));
        }
        "may" if !p.peek_at(1).is_some_and(|t| t.is_word("play")) => {
            let who = player_subject()?;
            p.bump();
            // "you may have this creature become a copy of …" (707.4): an optional copy effect.
            if p.at_word("have") {
                let mark = p.pos;
                p.bump();
                if let Ok(what) = parse_affected(p)
                    && kinds(p, &what).permanent
                    && let Some(r) = super::copies::becomes_copy(p, what)
                {
                    out.push(Instruction::MayOrElse { who, action: Box::new(r?), then: Vec::new(), otherwise: Vec::new() });
                    return Ok(());
                }
                p.pos = mark;
            }
            // "You may pay {2}. If you do, …" (118.12): the payment is the option.
            if p.eat_word("pay") {
                let at = p.pos;
                let cost = super::costs::parse_pay_cost(p)?;
                if matches!(&cost, crate::cards::ir::PayCost::Mana(m) if m.x > 0) {
                    // 107.3: that X would be chosen as the cost is paid, on resolution.
                    return Err(Fail { at, expected: "a payment without {X} (an X chosen as the optional cost is paid is not supported yet)".into() });
                }
                out.push(Instruction::MayOrElse { who, action: Box::new(Instruction::Pay(cost)), then: Vec::new(), otherwise: Vec::new() });
                return Ok(());
            }
            let mut action = Vec::new();
            parse_predicate(p, who.clone(), subject_at, &mut action)?;
            let [action] = <[Instruction; 1]>::try_from(action).map_err(|_| p.fail("one action after \"may\""))?;
            out.push(Instruction::MayOrElse { who, action: Box::new(action), then: Vec::new(), otherwise: Vec::new() });
        }
        "may" => {
            let who = player_subject()?;
            p.bump();
            p.expect_words(&["play"])?;
            let count = if p.eat_words(&["an", "additional", "land"]) {
                1
            } else if p.eat_words(&["up", "to"]) && let Some(n) = count_word(p, 0) {
                p.bump();
                p.expect_words(&["additional", "lands"])?;
                n
            } else {
                return Err(p.fail("\"an additional land\""));
            };
            p.expect_words(&["this", "turn"])?;
            out.push(Instruction::AdditionalLand { who, count });
        }
        "deal" | "deals" if matches!(subject, Affected::Target(i) if p.effect.targets.get(i).is_some_and(|t| matches!(t.spec, TargetSpec::Permanent(_)) && t.max == 1)) => {
            // "Target creature you control deals damage equal to its power to target creature
            // you don't control" (120.3): the targeted permanent is the source of the damage.
            p.bump();
            // "itself": the permanent is both the source and the recipient (Wrack with
            // Madness: "Target creature deals damage to itself equal to its power").
            let to_whom = |p: &mut Parser<'_>| if p.eat_word("itself") { Ok(subject.clone()) } else { recipient(p) };
            let (amount, to) = if p.eat_words(&["damage", "equal", "to"]) {
                let amount = quantity(p)?;
                p.expect_words(&["to"])?;
                (amount, to_whom(p)?)
            } else if p.eat_words(&["damage", "to", "itself", "equal", "to"]) {
                (quantity(p)?, subject.clone())
            } else {
                let amount = amount(p)?;
                p.expect_words(&["damage", "to"])?;
                (amount, to_whom(p)?)
            };
            out.push(Instruction::DealDamageBy { by: subject.clone(), amount, to });
        }
        "deal" | "deals" => {
            if subject != Affected::This {
                return Err(Fail {
                    at: subject_at,
                    expected: "the card itself as the source of damage (its name or \"this …\")".into(),
                });
            }
            p.bump();
            // "deals damage equal to its power to any target": "its" is the subject's, the
            // source's own, whatever else the ability is about.
            if p.eat_words(&["damage", "equal", "to"]) {
                let amount = if p.at_words(&["its", "power"]) || p.at_words(&["its", "toughness"]) {
                    p.bump();
                    Amount::Stat { of: crate::cards::ir::StatOf::This, stat: stat(p)? }
                } else {
                    quantity(p)?
                };
                p.expect_words(&["to"])?;
                out.push(Instruction::DealDamage { amount, to: recipient(p)?, divided: false });
                return Ok(());
            }
            // "deals damage to target creature equal to the number of lands you control"
            if p.eat_words(&["damage", "to"]) {
                let to = recipient(p)?;
                p.expect_words(&["equal", "to"])?;
                let amount = quantity(p)?;
                out.push(Instruction::DealDamage { amount, to, divided: false });
                return Ok(());
            }
            let amount = amount(p)?;
            p.expect_words(&["damage"])?;
            if p.eat_words(&["divided", "as", "you", "choose", "among"]) {
                // 601.2d: the division is announced as the spell is cast; each target gets at
                // least one, so at least one target is needed.
                let (min, max) = parse_count(p).unwrap_or((1, 1));
                let slot = if p.eat_word("targets") || (p.at_word("target") && !p.peek_at(1).and_then(|t| t.word()).is_some_and(|w| w.ends_with('s'))) {
                    p.eat_word("target");
                    p.declare_slot(crate::cards::ir::TargetSlot::new(TargetSpec::Any, min.max(1), max))
                } else if p.eat_word("target") {
                    // "among any number of target creatures", "… of target attacking or
                    // blocking creatures" (115.1): targets of one kind.
                    super::targets::parse_target_counted(p, min.max(1), max)?
                } else {
                    return Err(p.fail("\"targets\""));
                };
                out.push(Instruction::DealDamage { amount, to: Affected::Target(slot), divided: true });
                return Ok(());
            }
            p.expect_words(&["to"])?;
            // "to each creature and each player": more recipients of the same damage, dealt at
            // once as one damage event (120.2).
            let mut to = recipient(p)?;
            while let Some(more) = and_more(p, |p| {
                p.eat_word("to");
                recipient(p)
            }) {
                to = Affected::Both(Box::new(to), Box::new(more));
            }
            out.push(Instruction::DealDamage { amount, to, divided: false });
        }
        "get" | "gets" if kinds(p, &subject).player && !kinds(p, &subject).permanent && !p.peek_at(2).is_some_and(|t| t.is_word("emblem")) => {
            // "you get {E}{E}", "you get six {E}", "you get that many {E}", "you get an amount
            // of {E} equal to …" (107.14, 122.1): energy counters on the player.
            let who = player_subject()?;
            p.bump();
            // "that player gets a poison counter", "each opponent gets two poison counters"
            // (122.1f): poison counters on the player.
            if let Some(n) = count_word(p, 0)
                && p.peek_at(1).is_some_and(|t| t.is_word("poison"))
                && p.peek_at(2).is_some_and(|t| t.is_word(if n == 1 { "counter" } else { "counters" }))
            {
                p.pos += 3;
                out.push(Instruction::GetPoison { who, amount: Amount::Fixed(i32::try_from(n).unwrap_or(i32::MAX)) });
                return Ok(());
            }
            let amount = if let Some(n) = super::costs::energy_symbols(p) {
                Amount::Fixed(i32::try_from(n).map_err(|_| p.fail("a smaller amount of energy"))?)
            } else if p.eat_words(&["an", "amount", "of"]) {
                if super::costs::energy_symbols(p) != Some(1) {
                    return Err(p.fail("{E}"));
                }
                p.expect_words(&["equal", "to"])?;
                quantity(p)?
            } else if p.eat_words(&["that", "many"]) || p.eat_words(&["that", "much"]) {
                if super::costs::energy_symbols(p) != Some(1) {
                    return Err(p.fail("{E}"));
                }
                Amount::ThatMuch
            } else {
                return Err(p.fail("energy to get ({E}{E}, \"six {E}\", \"that many {E}\")"));
            };
            out.push(Instruction::GetEnergy { who, amount });
        }
        "get" | "gets" if kinds(p, &subject).player && p.peek_at(1).is_some_and(|t| t.is_word("an")) && p.peek_at(2).is_some_and(|t| t.is_word("emblem")) => {
            // "You get an emblem with "…"" (114.2).
            p.pos += 3;
            p.expect_words(&["with"])?;
            p.eat_punct(',');
            let (abilities, text) = parse_emblem_abilities(p)?;
            out.push(Instruction::Emblem { who: subject.clone(), abilities, text });
        }
        "get" | "gets" => {
            if !kinds(p, &subject).permanent {
                return Err(Fail { at: subject_at, expected: "a creature to get +N/+N".into() });
            }
            // "gets +1/+1 and gains hexproof until end of turn": one duration for both.
            let mut parts = Vec::new();
            until_end_of_turn_parts(p, &subject, &mut parts)?;
            let at = p.pos;
            if expect_until(p)? {
                parts = until_your_next_turn(parts, at)?;
            }
            out.append(&mut parts);
        }
        _ => {
            return Err(p.fail(
                "an instruction (deals N damage, destroy, exile, counter, draw, discard, gain/lose life, gets +N/+N, gains …, tap, untap, add mana, regenerate, copy, return, exchange, search, sacrifice, create)",
            ));
        }
    }
    Ok(())
}

/// The duration closing a continuous effect: "until end of turn" (`false`) or "until your
/// next turn" (`true`, 611.2a).
fn expect_until(p: &mut Parser<'_>) -> PResult<bool> {
    if p.eat_words(&["until", "end", "of", "turn"]) {
        Ok(false)
    } else if p.eat_words(&["until", "your", "next", "turn"]) {
        Ok(true)
    } else {
        Err(p.fail("\"until end of turn\" or \"until your next turn\""))
    }
}

/// The instructions of an effect that lasts "until your next turn" (611.2a): the parts read
/// for "until end of turn" as continuous effects that end as their controller's next turn
/// begins. Only fixed +N/+N changes, keywords and protections granted, and continuous effects
/// are read; anything else is refused at `at`.
fn until_your_next_turn(parts: Vec<Instruction>, at: usize) -> PResult<Vec<Instruction>> {
    use crate::cards::ir::Hold;
    let refuse = || Fail { at, expected: "a continuous effect the engine can make last until your next turn (+N/+N, keywords, protection, a change of characteristics)".into() };
    let mut out: Vec<Instruction> = Vec::new();
    for i in parts {
        let (what, change) = match i {
            Instruction::Pump { what, power: Amount::Fixed(a), toughness: Amount::Fixed(b) } => (what, vec![Change::Pt(a, b)]),
            Instruction::Grant { what, grant: Grant::Keyword(k) } => (what, vec![Change::Grant(k)]),
            Instruction::Grant { what, grant: Grant::Protection(q) } => (what, vec![Change::Protection(q)]),
            Instruction::Continuous { what, changes, until_end_of_turn: true, hold: None } => (what, changes),
            _ => return Err(refuse()),
        };
        // One effect with one timestamp for the parts of one sentence (613.7b).
        if let Some(Instruction::Continuous { what: w, changes, .. }) = out.last_mut()
            && *w == what
        {
            changes.extend(change);
            continue;
        }
        out.push(Instruction::Continuous { what, changes: change, until_end_of_turn: false, hold: Some(Hold::UntilYourNextTurn) });
    }
    Ok(out)
}

/// The parts of a compound effect with one duration, from its first verb to just before
/// "until end of turn" (611.2a): "gets +2/+0 and gains lifelink and indestructible", "gain
/// trample and get +X/+X", "gains flying and loses trample", "gets -2/+2 and loses flying",
/// "gains flying and becomes blue", "gains protection from black and from red". Each part is
/// its own instruction on the same subject, in text order.
fn until_end_of_turn_parts(p: &mut Parser<'_>, subject: &Affected, out: &mut Vec<Instruction>) -> PResult<()> {
    let is = |p: &Parser<'_>, i: usize, words: &[&str]| p.peek_at(i).is_some_and(|t| words.iter().any(|w| t.is_word(w)));
    loop {
        let Some(verb) = p.word() else { return Err(p.fail("a verb")) };
        match verb.as_str() {
            "get" | "gets" => {
                p.bump();
                let Some(Tok::PtMod(pw, th)) = p.peek().map(|t| t.tok.clone()) else {
                    return Err(p.fail("a power/toughness change such as +3/+3"));
                };
                p.bump();
                out.push(Instruction::Pump { what: subject.clone(), power: pt_amount(pw), toughness: pt_amount(th) });
            }
            "gain" | "gains" => {
                p.bump();
                // "gains first strike, vigilance, and lifelink", "gains protection from black
                // and from red": one list of grants.
                loop {
                    let grant = parse_grant(p)?;
                    out.push(Instruction::Grant { what: subject.clone(), grant });
                    let list = usize::from(p.at_punct(','));
                    let and = list + usize::from(is(p, list, &["and"]));
                    let next = p.pos + and;
                    let more = and > 0
                        && (super::keywords::keyword_at(p, next).is_some_and(|(k, _)| !matches!(k, Keyword::Flash | Keyword::Riot))
                            || is(p, and, &["protection"])
                            || (matches!(grant, Grant::Protection(_)) && is(p, and, &["from"])));
                    if !more {
                        break;
                    }
                    p.pos = next;
                    if matches!(grant, Grant::Protection(_)) && p.at_word("from") {
                        // "protection from black and from red" (702.16g: two protections)
                        p.bump();
                        let q = parse_quality(p)?;
                        out.push(Instruction::Grant { what: subject.clone(), grant: Grant::Protection(q) });
                        if !(p.at_word("and") && is(p, 1, &["from"])) {
                            break;
                        }
                        p.bump();
                        continue;
                    }
                }
            }
            "lose" | "loses" if super::keywords::keyword_at(p, p.pos + 1).is_some() => {
                // "loses flying" (layer 6)
                p.bump();
                let Some((k, words)) = super::keywords::keyword_at(p, p.pos) else { return Err(p.fail("a keyword")) };
                p.pos += words;
                out.push(Instruction::Continuous { what: subject.clone(), changes: vec![Change::Lose(k)], until_end_of_turn: true, hold: None });
            }
            "become" | "becomes" if p.peek_at(1).is_some_and(|t| t.is_word("the")) => {
                // "becomes the color of your choice" (105.3, 608.2d)
                p.bump();
                p.expect_words(&["the", "color", "of", "your", "choice"])?;
                out.push(Instruction::BecomeChosenColor { what: subject.clone() });
            }
            "become" | "becomes" if p.peek_at(1).and_then(|t| t.word()).as_deref().and_then(Color::from_name).is_some() => {
                // "becomes blue" (105.3, layer 5)
                p.bump();
                let Some(color) = p.word().as_deref().and_then(Color::from_name) else { return Err(p.fail("a color")) };
                p.bump();
                out.push(Instruction::BecomeColor { what: subject.clone(), color, until_end_of_turn: true });
            }
            _ => return Err(p.fail("\"gets +N/+N\", \"gains …\", \"loses …\" or \"becomes [color]\"")),
        }
        // Another part of the same effect: "and gains …", "and gets …", "and loses …".
        if p.at_word("and") && (is(p, 1, &["gain", "gains", "get", "gets"]) || (is(p, 1, &["lose", "loses"]) && super::keywords::keyword_at(p, p.pos + 2).is_some()) || (is(p, 1, &["become", "becomes"]) && (p.peek_at(2).and_then(|t| t.word()).as_deref().and_then(Color::from_name).is_some() || is(p, 2, &["the"]) && is(p, 3, &["color"])))) {
            p.bump();
            continue;
        }
        return Ok(());
    }
}

/// After "to the battlefield" / "onto the battlefield": "[tapped] [under your control | under
/// its owner's control]" (110.2a: without "under your control", its owner's).
fn onto_battlefield(p: &mut Parser<'_>, what: Affected) -> Instruction {
    let tapped = p.eat_word("tapped");
    let yours = p.eat_words(&["under", "your", "control"]);
    if !yours {
        let _ = p.eat_words(&["under", "its", "owner's", "control"]) || p.eat_words(&["under", "its", "owner’s", "control"]);
    }
    // "… with a +1/+1 counter on it", "… with a finality counter on it" (122.6).
    let mut counter = None;
    if p.at_words(&["with", "a"]) {
        let mark = p.pos;
        p.pos += 2;
        match super::statics::counter_kind(p) {
            Some(kind) if p.peek_at(1).is_some_and(|t| t.is_word("counter")) && p.peek_at(2).is_some_and(|t| t.is_word("on")) && p.peek_at(3).is_some_and(|t| t.is_word("it")) => {
                p.pos += 4;
                counter = Some(crate::cards::ir::EnterCounter::Effect(kind));
            }
            _ => p.pos = mark,
        }
    }
    Instruction::ReturnToBattlefield { what, tapped, yours, counter }
}

/// A value after "equal to" or "where X is": "its power", "that creature's toughness", "this
/// creature's power", "its mana value", "the number of creatures you control".
pub(super) fn quantity(p: &mut Parser<'_>) -> PResult<Amount> {
    use crate::cards::ir::StatOf;
    use super::targets::last_target;
    if p.eat_words(&["the", "number", "of"]) {
        return Ok(Amount::Count { each: 1, what: counted(p)? });
    }
    // "the amount of mana spent to cast this spell" (601.2h).
    if p.eat_words(&["the", "amount", "of", "mana", "spent", "to", "cast"]) {
        return Ok(Amount::Count { each: 1, what: spent_on(p, false)? });
    }
    // "twice the number of creatures in your party": two for each.
    if p.eat_words(&["twice", "the", "number", "of"]) {
        return Ok(Amount::Count { each: 2, what: counted(p)? });
    }
    // "your devotion to black", "your devotion to red and green" (700.5).
    if p.eat_words(&["your", "devotion", "to"]) {
        let mut mask = 0u8;
        loop {
            let Some(c) = p.word().and_then(|w| Color::from_name(&w)) else { return Err(p.fail("a color")) };
            p.bump();
            mask |= 1 << c.index();
            if !p.eat_word("and") {
                break;
            }
        }
        return Ok(Amount::Count { each: 1, what: crate::cards::ir::Counted::Devotion(mask) });
    }
    if p.eat_words(&["your", "life", "total"]) {
        return Ok(Amount::Count { each: 1, what: crate::cards::ir::Counted::YourLifeTotal });
    }
    if p.eat_words(&["your", "speed"]) {
        return Ok(Amount::Count { each: 1, what: crate::cards::ir::Counted::YourSpeed });
    }
    // "the life lost this way": after an instruction of the same effect making players lose
    // life.
    if p.eat_words(&["the", "life", "lost", "this", "way"]) || p.eat_words(&["the", "total", "life", "lost", "this", "way"]) {
        if !p.effect.instructions.iter().any(|i| matches!(i, Instruction::LoseLife { .. })) {
            return Err(Fail { at: p.pos - 5, expected: "an earlier instruction making players lose life, for \"the life lost this way\"".into() });
        }
        return Ok(Amount::Count { each: 1, what: crate::cards::ir::Counted::LifeLostThisWay });
    }
    // "the amount of life you gained this turn" (119.3), kept by the turn's history.
    for (words, what) in [
        (&["the", "amount", "of", "life", "you", "gained", "this", "turn"][..], crate::cards::ir::Counted::LifeGainedThisTurn),
        (&["the", "amount", "of", "life", "you've", "gained", "this", "turn"][..], crate::cards::ir::Counted::LifeGainedThisTurn),
        (&["the", "amount", "of", "life", "you’ve", "gained", "this", "turn"][..], crate::cards::ir::Counted::LifeGainedThisTurn),
        (&["the", "amount", "of", "life", "you", "lost", "this", "turn"][..], crate::cards::ir::Counted::LifeLostThisTurn),
        (&["the", "amount", "of", "life", "you've", "lost", "this", "turn"][..], crate::cards::ir::Counted::LifeLostThisTurn),
        (&["the", "amount", "of", "life", "you’ve", "lost", "this", "turn"][..], crate::cards::ir::Counted::LifeLostThisTurn),
    ] {
        if p.eat_words(words) {
            return Ok(Amount::Count { each: 1, what });
        }
    }
    // "the greatest power among creatures you control" (a value of the permanents now,
    // 608.2h).
    if p.eat_words(&["the", "greatest"]) {
        let stat = stat(p)?;
        p.expect_words(&["among"])?;
        let at = p.pos;
        let (filter, head) = parse_filter(p, true)?;
        let only_types = crate::cards::ir::ObjectFilter { types_any: filter.types_any.clone(), controller: filter.controller, ..crate::cards::ir::ObjectFilter::default() } == filter;
        if head != Head::Permanent || !only_types {
            return Err(Fail { at, expected: "permanents of a card type, with a controller (\"creatures you control\")".into() });
        }
        let types = crate::cards::ir::TypeSet::of(&filter.types_any);
        return Ok(Amount::Count { each: 1, what: crate::cards::ir::Counted::Greatest { stat, types, controller: filter.controller } });
    }
    let at = p.pos;
    // "that card's mana value" (608.2h): the one card the instruction before revealed,
    // exiled from the top of a library, discarded or moved as a target.
    // "the revealed card's mana value": the same, after an instruction that revealed it.
    let card_s = |i: usize| p.peek_at(i).and_then(|t| t.word()).is_some_and(|w| matches!(w.as_str(), "card's" | "card’s"));
    let revealed = p.at_words(&["the", "revealed"]) && card_s(2);
    if p.at_word("that") && card_s(1) || revealed {
        let of = that_card(p).filter(|_| !revealed || matches!(p.effect.instructions.last(), Some(Instruction::RevealTop { .. } | Instruction::RevealRandomFromHand(_))));
        let Some(of) = of else {
            return Err(Fail { at, expected: "one card named by the instruction just before, in an earlier sentence, for \"that card's\"".into() });
        };
        p.pos += if revealed { 3 } else { 2 };
        return Ok(Amount::Stat { of, stat: stat(p)? });
    }
    // "that spell's mana value": the target spell, or the spell a cast trigger is about.
    if p.at_word("that") && p.peek_at(1).and_then(|t| t.word()).is_some_and(|w| matches!(w.as_str(), "spell's" | "spell’s")) {
        p.pos += 2;
        let of = match last_target(p, |s| matches!(s, TargetSpec::Spell(_) | TargetSpec::SpellOrPermanent(_))) {
            Some(i) => StatOf::Target(i),
            None if p.trigger_spell => StatOf::TriggerObject,
            None => return Err(Fail { at, expected: "an earlier spell for \"that spell's\"".into() }),
        };
        return Ok(Amount::Stat { of, stat: stat(p)? });
    }
    // "the sacrificed creature's power" (608.2h, 113.7a): the permanent the cost sacrificed,
    // as it last existed on the battlefield.
    if p.at_words(&["the", "sacrificed"]) && p.peek_at(2).and_then(|t| t.word()).is_some_and(|w| w.ends_with("'s") || w.ends_with("’s")) {
        if !p.sacrifice_cost {
            return Err(p.fail("\"the sacrificed …\" only in an ability whose cost sacrifices a permanent"));
        }
        p.pos += 3;
        return stat(p).map(|stat| Amount::Stat { of: StatOf::Sacrificed, stat });
    }
    let is_object = |s: &TargetSpec| matches!(s, TargetSpec::Permanent(_) | TargetSpec::Spell(_) | TargetSpec::SpellOrPermanent(_) | TargetSpec::GraveyardCard { .. } | TargetSpec::Any);
    let of = if p.eat_word("its") {
        match last_target(p, |_| true) {
            Some(i) if is_object(&p.effect.targets[i].spec) => StatOf::Target(i),
            Some(_) => return Err(Fail { at, expected: "\"its\" after an object".into() }),
            None if p.trigger_object => StatOf::TriggerObject,
            None if p.it_is_this => StatOf::This,
            None => return Err(Fail { at, expected: "an earlier object for \"its\"".into() }),
        }
    } else if p.at_word("this") && p.peek_at(1).and_then(|t| t.word()).is_some_and(|w| matches!(w.as_str(), "creature's" | "creature’s")) {
        p.pos += 2;
        StatOf::This
    } else if let Some(n) = self_name_possessive(p) {
        // "Skanos's power": the object named, itself (201.5).
        p.pos += n;
        StatOf::This
    } else if p.at_word("that") && p.peek_at(1).and_then(|t| t.word()).is_some_and(|w| matches!(w.as_str(), "creature's" | "creature’s")) {
        p.pos += 2;
        match last_target(p, |s| matches!(s, TargetSpec::Permanent(_) | TargetSpec::Any)) {
            Some(i) => StatOf::Target(i),
            None if p.trigger_object => StatOf::TriggerObject,
            None => return Err(Fail { at, expected: "an earlier creature for \"that creature's\"".into() }),
        }
    } else {
        return Err(p.fail("\"its power\", \"that creature's toughness\", \"the number of …\""));
    };
    Ok(Amount::Stat { of, stat: stat(p)? })
}

/// What "that card" names at the cursor, if it can name one card only: the trigger is not about
/// a card that left the battlefield, the sentence holds no
/// instruction before the words (no ",", "and" or "then" in it so far), and the instruction
/// before — the last of an earlier sentence — is about exactly one card: one player reveals,
/// exiles from the top of their library or discards one card ("Target player discards a
/// card."), or one target card is moved from a graveyard ("Put target creature card from a
/// graveyard onto the battlefield", read as it last existed there, 608.2h).
fn that_card(p: &Parser<'_>) -> Option<crate::cards::ir::StatOf> {
    use crate::cards::ir::StatOf;
    // "When enchanted creature dies, …": "that card" could be the card it became.
    if p.trigger_moved {
        return None;
    }
    let start = p.toks[..p.pos].iter().rposition(|t| t.is_punct('.')).map_or(0, |i| i + 1);
    // The comma of ", where X is that card's …" belongs to the amount.
    let where_x = |i: usize| p.toks.get(i + 1).is_some_and(|t| t.is_word("where"));
    if (start..p.pos).any(|i| p.toks[i].is_punct(',') && !where_x(i) || p.toks[i].is_punct(';') || p.toks[i].is_word("then") || p.toks[i].is_word("and")) {
        return None;
    }
    let one = |i: usize| p.effect.targets.get(i).is_some_and(|t| t.max == 1);
    let one_player = |who: &Affected| match who {
        Affected::You | Affected::TriggerPlayer => true,
        Affected::Target(i) => one(*i) && matches!(p.effect.targets[*i].spec, TargetSpec::Player { .. }),
        _ => false,
    };
    let card = |i: usize| one(i) && matches!(p.effect.targets[i].spec, TargetSpec::GraveyardCard { .. });
    match p.effect.instructions.last()? {
        Instruction::RevealTop { who, count: Amount::Fixed(1) } | Instruction::ExileTop { who, count: Amount::Fixed(1) } | Instruction::Discard { who, count: Amount::Fixed(1), .. } | Instruction::RevealRandomFromHand(who) if one_player(who) => Some(StatOf::ThatCard),
        Instruction::ReturnToBattlefield { what: Affected::Target(i), .. } | Instruction::ReturnToHand(Affected::Target(i)) | Instruction::Exile(Affected::Target(i)) if card(*i) => Some(StatOf::Target(*i)),
        _ => None,
    }
}

/// How many tokens the card's own name and its possessive take ("Skanos's"), if they are at
/// the cursor.
fn self_name_possessive(p: &Parser<'_>) -> Option<usize> {
    if !p.peek().is_some_and(|t| t.tok == Tok::SelfName) {
        return None;
    }
    let stat = |i: usize| p.peek_at(i).is_some_and(|t| t.is_word("power") || t.is_word("toughness") || t.is_word("mana"));
    if stat(1) {
        return Some(1);
    }
    let mark = p.peek_at(1).is_some_and(|t| t.is_word("s") || t.is_word("'s") || t.is_word("’s") || t.is_punct('\'') || t.is_punct('’'));
    (mark && stat(2)).then_some(2)
}

/// "power", "toughness" or "mana value" after an object's name.
fn stat(p: &mut Parser<'_>) -> PResult<crate::cards::ir::Stat> {
    use crate::cards::ir::Stat;
    if p.eat_word("power") {
        Ok(Stat::Power)
    } else if p.eat_word("toughness") {
        Ok(Stat::Toughness)
    } else if p.eat_words(&["mana", "value"]) {
        Ok(Stat::ManaValue)
    } else {
        Err(p.fail("\"power\", \"toughness\" or \"mana value\""))
    }
}

/// What "for each" / "the number of" counts: "creature you control", "creatures you control",
/// "artifact", "card in your hand", "creature card in your graveyard", "opponent".
pub(super) fn counted(p: &mut Parser<'_>) -> PResult<crate::cards::ir::Counted> {
    use crate::cards::ir::{ControllerFilter, Counted, ObjectFilter, TypeSet};
    if p.eat_word("opponent") || p.eat_word("opponents") {
        let _ = p.eat_words(&["you", "have"]);
        return Ok(Counted::Opponents);
    }
    if p.eat_words(&["card", "in", "your", "hand"]) || p.eat_words(&["cards", "in", "your", "hand"]) {
        return Ok(Counted::CardsInYourHand);
    }
    // "creature in your party" (700.8).
    if p.eat_words(&["creature", "in", "your", "party"]) || p.eat_words(&["creatures", "in", "your", "party"]) {
        return Ok(Counted::Party);
    }
    // "color of mana spent to cast this spell" (converge, 207.2c; 601.2h).
    if p.eat_words(&["color", "of", "mana", "spent", "to", "cast"]) || p.eat_words(&["colors", "of", "mana", "spent", "to", "cast"]) {
        return spent_on(p, true);
    }
    // "creature blocking it [beyond the first]" (509.1g): the creature the sentence is about
    // ("it": what the trigger is about, or the object itself).
    if p.at_words(&["creature", "blocking", "it"]) {
        let at = p.pos;
        p.pos += 3;
        // With a target earlier in the sentence, "it" could be that target: not read.
        let of = if super::targets::last_target(p, |_| true).is_some() {
            return Err(Fail { at, expected: "a creature \"it\" names unambiguously (here it could be the target)".into() });
        } else if p.trigger_object {
            crate::cards::ir::StatOf::TriggerObject
        } else if p.it_is_this {
            crate::cards::ir::StatOf::This
        } else {
            return Err(Fail { at, expected: "a creature \"it\" can name (the one the ability triggered on)".into() });
        };
        let beyond_first = p.eat_words(&["beyond", "the", "first"]);
        return Ok(Counted::BlockersOf { of, beyond_first });
    }
    // Domain and delirium (207.2c): kinds among a group, not objects.
    if p.eat_words(&["basic", "land", "type", "among", "lands", "you", "control"]) || p.eat_words(&["basic", "land", "types", "among", "lands", "you", "control"]) {
        return Ok(Counted::BasicLandTypes);
    }
    if p.eat_words(&["card", "type", "among", "cards", "in", "your", "graveyard"]) || p.eat_words(&["card", "types", "among", "cards", "in", "your", "graveyard"]) {
        return Ok(Counted::CardTypesInYourGraveyard);
    }
    // "instant and sorcery cards in your graveyard": cards of either type.
    let type_at = |i: usize| p.peek_at(i).and_then(|t| t.word()).and_then(|w| CardType::from_name(&w));
    if let (Some(a), Some(b)) = (type_at(0), type_at(2))
        && p.peek_at(1).is_some_and(|t| t.is_word("and"))
        && p.peek_at(3).is_some_and(|t| t.is_word("cards") || t.is_word("card"))
    {
        p.pos += 4;
        p.expect_words(&["in", "your", "graveyard"])?;
        return Ok(Counted::CardsInYourGraveyard(TypeSet::of(&[a, b])));
    }
    let at = p.pos;
    // "for each other creature you control": the permanent whose ability it is left out; read
    // only in an ability of a permanent with no targets, where no other object could be meant.
    let other = p.at_word("other") && p.it_is_this && p.effect.targets.is_empty() && !p.each_phrase;
    if other {
        p.bump();
    }
    // "attacking creatures", "tapped creatures": the noun after the quality says the number.
    let quality = p.at_word("attacking") || p.at_word("blocking") || p.at_word("tapped") || p.at_word("untapped");
    // "nontoken creatures": the head after the "non-" words says it.
    let word_at = |i: usize| p.peek_at(i).and_then(|t| t.word());
    let head_at = (usize::from(quality)..).find(|&i| !word_at(i).is_some_and(|w| w.starts_with("non") && w.len() > 3)).unwrap_or(0);
    let plural = word_at(head_at).is_some_and(|w| w.ends_with('s'));
    let (mut filter, mut head) = parse_filter(p, plural)?;
    // "creature cards", "noncreature, nonland cards": singular types before a plural head.
    if !plural && (p.at_word("cards") || p.at_word("permanents")) {
        p.pos = at;
        (filter, head) = parse_filter(p, true)?;
    }
    if other && head != Head::Permanent {
        return Err(Fail { at, expected: "\"other\" permanents".into() });
    }
    // "creature that died this turn", "Zubera that died this turn", "nontoken creatures that
    // died this turn" (700.4): whoever controlled them.
    if head == Head::Permanent && p.at_words(&["that", "died", "this", "turn"]) {
        let plain = ObjectFilter { types_any: filter.types_any.clone(), subtypes: filter.subtypes.clone(), token: filter.token, ..ObjectFilter::default() } == filter;
        let subtype = match filter.subtypes.as_slice() {
            [] => None,
            [one] => crate::cards::subtypes::subtype_word(one),
            _ => None,
        };
        if other || !plain || filter.token == Some(true) || subtype.is_none() && !filter.subtypes.is_empty() {
            return Err(Fail { at, expected: "permanents of a card type or one subtype, or nontoken ones, before \"that died this turn\"".into() });
        }
        p.pos += 4;
        return Ok(Counted::DiedThisTurn { types: TypeSet::of(&filter.types_any), subtype, nontoken: filter.token == Some(false) });
    }
    // "for each permanent you control of that type" (after "Choose a creature type.").
    if !other && filter.chosen_type && head == Head::Permanent && (ObjectFilter { types_any: filter.types_any.clone(), controller: filter.controller, chosen_type: true, ..ObjectFilter::default() }) == filter {
        return Ok(Counted::ChosenTypePermanents { types: TypeSet::of(&filter.types_any), controller: filter.controller });
    }
    // One subtype ("Swamp you control", "Elves you control") and "attacking" are kept; any
    // other quality of the filter is refused rather than dropped.
    let subtype = match filter.subtypes.as_slice() {
        [] => None,
        [one] if head == Head::Permanent => match crate::cards::subtypes::subtype_word(one) {
            Some(t) => Some(t),
            None => return Err(Fail { at, expected: "a subtype the rules list (205.3)".into() }),
        },
        _ => return Err(Fail { at, expected: "a count of permanents of one subtype".into() }),
    };
    let attacking = filter.attacking && head == Head::Permanent;
    let only_types = |f: &ObjectFilter| ObjectFilter { types_any: f.types_any.clone(), controller: f.controller, subtypes: f.subtypes.clone(), attacking: f.attacking, ..ObjectFilter::default() } == *f;
    if !only_types(&filter) || (filter.attacking && !attacking) {
        return Err(Fail { at, expected: "a count of a card type the engine supports (\"creature you control\", \"land\", \"creature card in your graveyard\")".into() });
    }
    let types = TypeSet::of(&filter.types_any);
    // "for each creature destroyed this way" (701.8): after a "destroy" of the same effect.
    if head == Head::Permanent && p.at_words(&["destroyed", "this", "way"]) {
        if other || subtype.is_some() || attacking || filter.controller != ControllerFilter::Any || !p.effect.instructions.iter().any(|i| matches!(i, Instruction::Destroy(_))) {
            return Err(Fail { at, expected: "permanents of a card type destroyed by an earlier \"destroy\" of the same effect".into() });
        }
        p.pos += 3;
        return Ok(Counted::DestroyedThisWay(types));
    }
    // "each creature on the battlefield": every permanent is there (110.1), whoever controls it.
    if head == Head::Permanent && filter.controller == ControllerFilter::Any {
        p.eat_words(&["on", "the", "battlefield"]);
    }
    match head {
        Head::Card if filter.controller == ControllerFilter::Any && subtype.is_none() && p.eat_words(&["in", "your", "graveyard"]) => Ok(Counted::CardsInYourGraveyard(types)),
        Head::Permanent => Ok(Counted::Permanents { types, controller: filter.controller, subtype, attacking, other }),
        _ => Err(Fail { at, expected: "permanents or cards in your graveyard to count".into() }),
    }
}

/// After "mana spent to cast": whose mana. "this spell" is the spell, or in a permanent's
/// ability the spell it was; "it", "this creature" and the card's name the permanent itself,
/// where nothing else could be meant; "that spell" the spell a cast trigger is about.
fn spent_on(p: &mut Parser<'_>, colors: bool) -> PResult<crate::cards::ir::Counted> {
    use crate::cards::ir::Counted;
    let at = p.pos;
    // In a cast trigger "it" could be the spell cast: not read.
    let alone = p.it_is_this && p.effect.targets.is_empty() && !p.trigger_object && !p.trigger_spell;
    let this = p.eat_words(&["this", "spell"])
        || alone && (p.eat_word("it") || p.eat_words(&["this", "creature"]) || p.eat_words(&["this", "permanent"]) || p.eat_words(&["this", "enchantment"]) || p.eat_words(&["this", "artifact"]) || super::targets::eat_self_ref(p));
    if this {
        return Ok(Counted::Spent { colors, that_spell: false });
    }
    if p.trigger_spell && p.effect.targets.is_empty() && p.eat_words(&["that", "spell"]) {
        return Ok(Counted::Spent { colors, that_spell: true });
    }
    Err(Fail { at, expected: "\"this spell\", \"that spell\" (in a cast trigger) or \"it\" for the permanent itself, after \"mana spent to cast\"".into() })
}

/// Multiplies an instruction's number by a count ("for each …"); false if it has none.
fn scale(i: &mut Instruction, what: crate::cards::ir::Counted) -> bool {
    let per = |a: &mut Amount| match *a {
        Amount::Fixed(n) => {
            *a = Amount::Count { each: n, what };
            true
        }
        _ => false,
    };
    match i {
        Instruction::DealDamage { amount, divided: false, .. } | Instruction::GainLife { amount, .. } | Instruction::LoseLife { amount, .. } | Instruction::GetEnergy { amount, .. } => per(amount),
        Instruction::Draw { count, .. } | Instruction::Mill { count, .. } | Instruction::PutCounters { count, .. } | Instruction::CreateTokens { count, .. } | Instruction::Discard { count, .. } => per(count),
        Instruction::Pump { power, toughness, .. } => {
            let (mut pw, mut th) = (*power, *toughness);
            if per(&mut pw) && per(&mut th) {
                (*power, *toughness) = (pw, th);
                true
            } else {
                false
            }
        }
        _ => false,
    }
}

/// Gives X its meaning from ", where X is …" in an instruction's own amounts.
fn bind_x(i: &mut Instruction, q: Amount) {
    let neg = match q {
        Amount::Count { each, what } => Some(Amount::Count { each: -each, what }),
        _ => None,
    };
    let bind = |a: &mut Amount| match *a {
        Amount::X => *a = q,
        Amount::MinusX => {
            if let Some(n) = neg {
                *a = n;
            }
        }
        _ => {}
    };
    match i {
        Instruction::DealDamage { amount, divided: false, .. } | Instruction::GainLife { amount, .. } | Instruction::LoseLife { amount, .. } | Instruction::GetEnergy { amount, .. } => bind(amount),
        Instruction::Draw { count, .. } | Instruction::Mill { count, .. } | Instruction::ExileTop { count, .. } | Instruction::PutCounters { count, .. } | Instruction::Discard { count, .. } | Instruction::Amass { count, .. } | Instruction::Bolster(count) => bind(count),
        // "create X 1/1 tokens", "create an X/X token, where X is …" (608.2h: read as the
        // tokens are created).
        Instruction::CreateTokens { count, token, .. } => {
            bind(count);
            if let Some(pw) = token.power.as_mut() {
                bind(pw);
            }
            if let Some(th) = token.toughness.as_mut() {
                bind(th);
            }
        }
        Instruction::LookTop { count, .. } | Instruction::RevealTop { count, .. } => bind(count),
        Instruction::Pump { power, toughness, .. } => {
            bind(power);
            bind(toughness);
        }
        _ => {}
    }
}

/// Whether "put" is followed by an amount of counters ("Put two +1/+1 counters on …").
fn at_counters(p: &Parser<'_>) -> bool {
    let counted = count_word(p, 1).is_some() || p.peek_at(1).is_some_and(|t| t.is_word("x"));
    let counter = |i: usize| p.peek_at(i).is_some_and(|t| t.is_word("counter") || t.is_word("counters"));
    counted && (p.peek_at(2).is_some_and(|t| matches!(t.tok, Tok::PtMod(..))) || counter(3))
}

/// After "Look": "at the top N cards of your library. Put one of them into your hand and the
/// rest on the bottom of your library in a random order." — the second sentence says what
/// becomes of the cards looked at (701.20e), so both are read here.
fn parse_look(p: &mut Parser<'_>) -> PResult<Instruction> {
    // "Look at the top card of target player's library." (701.20e): seeing it changes nothing
    // in the game.
    if p.at_words(&["at", "the", "top"]) && !p.at_words(&["at", "the", "top", "card", "of", "your"]) && p.peek_at(3).is_some_and(|t| t.is_word("card")) {
        let at = p.pos;
        p.bump();
        if let Some(r) = top_of_library(p) {
            let (count, who) = r?;
            if who != Affected::You {
                return Ok(Instruction::LookTop { who, count });
            }
        }
        p.pos = at;
    }
    p.expect_words(&["at", "the", "top"])?;
    let count = dig_count(p)?;
    // "…, then put them back in any order." (401.4)
    if p.eat_punct(',') {
        p.expect_words(&["then", "put", "them", "back", "in", "any", "order"])?;
        return Ok(Instruction::Dig { count, take: 0, min: 0, filter: None, reveal: false, rest: DigRest::Top, shown: false, to: SearchDest::Hand });
    }
    if !p.eat_punct('.') {
        return Err(p.fail("\".\""));
    }
    dig_after(p, count, false)
}

/// "N cards of your library[, where X is …]" / "card of your library" after "the top": how
/// many cards are looked at or revealed. An X is the ability's X unless the words after it
/// say what it is; it is refused in an ability that triggers on a spell being cast, whose X
/// would be that spell's.
fn dig_count(p: &mut Parser<'_>) -> PResult<Amount> {
    let at = p.pos;
    let count = if p.eat_word("card") {
        Amount::Fixed(1)
    } else {
        let n = amount(p)?;
        if !matches!(n, Amount::Fixed(_) | Amount::X) {
            return Err(Fail { at, expected: "a number of cards".into() });
        }
        p.expect_words(&["cards"])?;
        n
    };
    p.expect_words(&["of", "your", "library"])?;
    dig_x(p, count, at)
}

/// ", where X is …" after "the top X cards of your library": the count X stands for. A bare X
/// is the ability's X, refused in an ability that triggers on a spell being cast, whose X
/// would be that spell's (107.3).
fn dig_x(p: &mut Parser<'_>, count: Amount, at: usize) -> PResult<Amount> {
    if count != Amount::X {
        return Ok(count);
    }
    if p.at_punct(',') && p.peek_at(1).is_some_and(|t| t.is_word("where")) {
        p.bump();
        p.expect_words(&["where", "x", "is"])?;
        return quantity(p);
    }
    if p.trigger_spell {
        return Err(Fail { at, expected: "a number of cards (the X of a spell that triggered this ability is not modelled)".into() });
    }
    Ok(count)
}

/// After "Reveal the top N cards of your library": what becomes of the revealed cards
/// (701.20a, 401.4), read with the reveal.
fn parse_reveal_dig(p: &mut Parser<'_>, count: Amount) -> PResult<Instruction> {
    if !p.eat_punct('.') {
        return Err(p.fail("\".\" and what becomes of the revealed cards"));
    }
    dig_after(p, count, true)
}

/// What becomes of the `count` cards looked at (701.20e) or, when `shown`, revealed
/// (701.20a): "[You may] put one of them / a land card from among them / up to two creature
/// cards from among them / any number of … / all land cards revealed this way into your hand |
/// onto the battlefield [tapped]" or, for cards only looked at, "You may reveal a creature
/// card / up to two … / any number of … from among them and put it | them into your hand";
/// then "[and | . [Then] put] the rest …" (401.4).
fn dig_after(p: &mut Parser<'_>, count: Amount, shown: bool) -> PResult<Instruction> {
    let fixed = match count {
        Amount::Fixed(n) => Some(u32::try_from(n).unwrap_or(0)),
        _ => None,
    };
    let start = p.pos;
    let (take, min, filter, reveal, to);
    if !shown && p.eat_words(&["you", "may", "reveal"]) {
        let (n, f, plural) = dig_pick(p)?;
        p.expect_words(&["from", "among", "them", "and", "put"])?;
        let named = if plural {
            p.eat_word("them") || p.eat_words(&["those", "cards"]) || p.eat_words(&["the", "revealed", "cards"])
        } else {
            p.eat_word("it") || p.eat_words(&["that", "card"])
        };
        if !named {
            return Err(p.fail(if plural { "\"them\"" } else { "\"it\"" }));
        }
        p.expect_words(&["into", "your", "hand"])?;
        (take, min, filter, reveal, to) = (n, 0, Some(f), true, SearchDest::Hand);
    } else {
        let optional = p.eat_words(&["you", "may", "put"]);
        if !optional {
            p.expect_words(&["put"])?;
        }
        let of_them = |p: &mut Parser<'_>| p.eat_words(&["of", "them"]) || p.eat_words(&["of", "those", "cards"]);
        // (how many, which kind, whether at least that many must be taken when there are)
        let (n, f, exact) = if (p.at_word("one") || p.at_word("two")) && p.peek_at(1).is_some_and(|t| t.is_word("of")) {
            let n = if p.eat_word("one") { 1 } else { p.bump(); 2 };
            if !of_them(p) || fixed.is_some_and(|c| c <= n) {
                return Err(p.fail("\"one of them\" among more cards than that"));
            }
            (n, None, true)
        } else if fixed == Some(2) && !optional && p.eat_word("one") {
            // "Look at the top two cards of your library. Put one into your hand and the
            // other into your graveyard."
            (1, None, true)
        } else if shown && !optional && p.eat_word("all") {
            let at = p.pos;
            let (f, head) = parse_filter(p, true)?;
            if head != Head::Card {
                return Err(Fail { at, expected: "a kind of card (\"all land cards\")".into() });
            }
            if !(p.eat_words(&["revealed", "this", "way"]) || p.eat_words(&["from", "among", "them"])) {
                return Err(p.fail("\"revealed this way\""));
            }
            (u32::MAX, Some(f), true)
        } else {
            let up_to = p.at_words(&["up", "to"]) || p.at_words(&["any", "number"]);
            let (n, f, _) = dig_pick(p)?;
            p.expect_words(&["from", "among", "them"])?;
            (n, Some(f), !up_to)
        };
        // "Put a creature card from among them …" with the cards only looked at: whether the
        // player may claim none fits is not modelled for hidden cards, so it is refused.
        if !optional && exact && f.is_some() && !shown {
            return Err(Fail { at: start, expected: "\"You may put …\" (a required pick of a kind of card among cards only looked at is not modelled)".into() });
        }
        to = if p.eat_words(&["into", "your", "hand"]) {
            SearchDest::Hand
        } else if p.eat_words(&["onto", "the", "battlefield"]) {
            let tapped = p.eat_word("tapped");
            if p.at_words(&["and", "attacking"]) || p.at_word("attacking") || p.at_word("under") {
                return Err(p.fail("\"onto the battlefield [tapped]\" (entering attacking or under another player's control is not modelled here)"));
            }
            SearchDest::Battlefield { tapped }
        } else {
            return Err(p.fail("\"into your hand\" or \"onto the battlefield\""));
        };
        (take, min, filter, reveal) = (n, if optional || !exact { 0 } else { n }, f, false);
    }
    // An X in the kind of card is the ability's X; after "where X is …" that X means the
    // count, which a filter can't take yet: refused.
    if !matches!(count, Amount::Fixed(_) | Amount::X) && filter.as_ref().is_some_and(|f| serde_json::to_string(f).is_ok_and(|s| s.contains("\"X\""))) {
        return Err(Fail { at: start, expected: "a kind of card without the X defined by \"where X is …\"".into() });
    }
    // "the other": the one card left when exactly one of two is taken.
    let other = filter.is_none() && min == take && fixed.is_some_and(|c| c.checked_sub(take) == Some(1));
    let left = fixed.map_or(u32::MAX, |c| c.saturating_sub(min));
    let dig = Instruction::Dig { count, take, min, filter, reveal, rest: DigRest::Graveyard, shown, to };
    dig_rest_clause(p, dig, other, left)
}

/// "a creature card", "up to two creature cards", "any number of creature cards": how many
/// cards of which kind are picked (`u32::MAX`: any number), and whether the words are plural.
fn dig_pick(p: &mut Parser<'_>) -> PResult<(u32, crate::cards::ir::ObjectFilter, bool)> {
    let (n, plural) = if p.eat_words(&["any", "number", "of"]) {
        (u32::MAX, true)
    } else if p.eat_words(&["up", "to"]) {
        let at = p.pos;
        let Amount::Fixed(n) = amount(p)? else { return Err(Fail { at, expected: "a number of cards".into() }) };
        (u32::try_from(n).unwrap_or(0), n != 1)
    } else {
        return Ok((1, a_kind_of_card(p)?, false));
    };
    let at = p.pos;
    let (filter, head) = parse_filter(p, plural)?;
    if head != Head::Card {
        return Err(Fail { at, expected: "a kind of card (\"creature cards\")".into() });
    }
    Ok((n, filter, plural))
}

/// The end of a dig: "and the rest …", ", then put the rest …" or ". [Then] put the rest [of
/// the cards revealed this way] …", setting `rest` in `dig`. `other`: "the other" may stand
/// for the one card left. `left`: how many cards are left at most.
fn dig_rest_clause(p: &mut Parser<'_>, mut dig: Instruction, other: bool, left: u32) -> PResult<Instruction> {
    let the_rest = |p: &mut Parser<'_>| {
        let ok = p.eat_words(&["the", "rest"]) || other && p.eat_words(&["the", "other"]);
        if ok && !(p.eat_words(&["of", "the", "cards", "revealed", "this", "way"]) || p.eat_words(&["of", "the", "revealed", "cards"])) {
            let _ = p.eat_words(&["of", "the", "cards"]);
        }
        ok
    };
    let found = if p.eat_word("and") {
        the_rest(p)
    } else if p.at_punct(',') && p.peek_at(1).is_some_and(|t| t.is_word("then")) {
        p.pos += 2;
        p.expect_words(&["put"])?;
        the_rest(p)
    } else {
        if !p.eat_punct('.') {
            return Err(p.fail("\".\""));
        }
        let _ = p.eat_word("then");
        p.expect_words(&["put"])?;
        the_rest(p)
    };
    if !found {
        return Err(p.fail("\"the rest\""));
    }
    let r = dig_rest(p, left)?;
    if let Instruction::Dig { rest, .. } = &mut dig {
        *rest = r;
    }
    Ok(dig)
}

/// After "[player] reveals cards from the top of their library until they reveal": "a land
/// card, then puts those cards into their graveyard" (all of them, the land too), or "a
/// creature card. The player puts that card onto the battlefield, then shuffles all other cards
/// revealed this way into their library." (701.20a, 701.24a): the revealing player moves them.
fn reveals_until(p: &mut Parser<'_>, who: Affected) -> PResult<Instruction> {
    let filter = a_kind_of_card(p)?;
    if p.eat_punct(',') {
        p.expect_words(&["then", "puts"])?;
        if !(p.eat_words(&["those", "cards"]) || p.eat_words(&["all", "cards", "revealed", "this", "way"])) {
            return Err(p.fail("\"those cards\""));
        }
        p.expect_words(&["into", "their", "graveyard"])?;
        return Ok(Instruction::RevealUntil { who, filter, to: None, rest: DigRest::Graveyard });
    }
    if !p.eat_punct('.') {
        return Err(p.fail("\", then puts those cards …\" or \".\""));
    }
    if !(p.eat_words(&["the", "player", "puts"]) || p.eat_words(&["that", "player", "puts"])) {
        return Err(p.fail("\"The player puts that card …\""));
    }
    p.expect_words(&["that", "card", "onto", "the", "battlefield"])?;
    if !p.at_punct(',') {
        return Err(p.fail("\", then shuffles all other cards revealed this way into their library\""));
    }
    p.bump();
    p.expect_words(&["then", "shuffles", "all", "other", "cards", "revealed", "this", "way", "into", "their", "library"])?;
    Ok(Instruction::RevealUntil { who, filter, to: Some(SearchDest::Battlefield { tapped: false }), rest: DigRest::ShuffleIn })
}

/// Where "the rest" of the cards looked at go: "on the bottom of your library in any order /
/// in a random order" or "into your graveyard". `left` is how many there are at most.
fn dig_rest(p: &mut Parser<'_>, left: u32) -> PResult<DigRest> {
    if p.eat_words(&["into", "your", "graveyard"]) {
        return Ok(DigRest::Graveyard);
    }
    p.expect_words(&["on", "the", "bottom", "of", "your", "library"])?;
    // 401.4: several cards put in one place at once are ordered by their owner; "in a random
    // order" takes that choice away (the scenario's seed decides).
    let random = p.eat_words(&["in", "a", "random", "order"]);
    if !random && !p.eat_words(&["in", "any", "order"]) && left > 1 {
        return Err(p.fail("\"in any order\" or \"in a random order\""));
    }
    Ok(DigRest::Bottom { random })
}

/// The subject of "becomes": a permanent or a spell.
fn permanent_or_spell(p: &Parser<'_>, subject: &Affected, at: usize) -> PResult<Affected> {
    let k = kinds(p, subject);
    if k.permanent || k.spell { Ok(subject.clone()) } else { Err(Fail { at, expected: "a permanent or spell that becomes a color".into() }) }
}


/// After "return": "a land you control to its owner's hand" / "another creature you control
/// to its owner's hand" — one permanent the controller chooses as the instruction is
/// followed. `None`, consuming nothing, when the words are not that.
fn return_chosen(p: &mut Parser<'_>) -> Option<Instruction> {
    use crate::cards::ir::ControllerFilter;
    let mark = p.mark();
    let another = if p.eat_word("another") {
        true
    } else if p.eat_word("a") || p.eat_word("an") {
        false
    } else {
        return None;
    };
    let ok = match parse_filter(p, false) {
        Ok((filter, Head::Permanent)) if filter.controller == ControllerFilter::You => {
            (p.eat_words(&["to", "its", "owner's", "hand"]) || p.eat_words(&["to", "its", "owner’s", "hand"])).then_some(filter)
        }
        _ => None,
    };
    match ok {
        Some(filter) => Some(Instruction::ReturnChosen { filter, another }),
        None => {
            p.reset(mark);
            None
        }
    }
}

/// After "return": "a creature card [at random] from your graveyard to your hand", "up to two
/// creature cards from your graveyard to the battlefield [tapped]" — cards chosen on
/// resolution (608.2d), not targets. `None`, consuming nothing, when the words are not that.
fn return_from_graveyard(p: &mut Parser<'_>) -> PResult<Option<Instruction>> {
    let mark = p.mark();
    let up_to = p.eat_words(&["up", "to"]);
    let count = if up_to {
        match count_word(p, 0) {
            Some(n) => {
                p.bump();
                n
            }
            None => {
                p.reset(mark);
                return Ok(None);
            }
        }
    } else if p.eat_word("a") || p.eat_word("an") {
        1
    } else {
        return Ok(None);
    };
    let plural = count > 1;
    let Ok((filter, Head::Card)) = parse_filter(p, plural) else {
        p.reset(mark);
        return Ok(None);
    };
    if filter.controller != crate::cards::ir::ControllerFilter::Any {
        p.reset(mark);
        return Ok(None);
    }
    let random = p.eat_words(&["at", "random"]);
    if !p.eat_words(&["from", "your", "graveyard"]) {
        p.reset(mark);
        return Ok(None);
    }
    if random && up_to {
        return Err(p.fail("a fixed number of cards at random"));
    }
    let (to_battlefield, tapped) = if p.eat_words(&["to", "your", "hand"]) {
        (false, false)
    } else if p.eat_words(&["to", "the", "battlefield"]) {
        let tapped = p.eat_word("tapped");
        (true, tapped)
    } else {
        return Err(p.fail("\"to your hand\" or \"to the battlefield\""));
    };
    Ok(Some(Instruction::ReturnFromGraveyard { filter, count, up_to, random, to_battlefield, tapped }))
}

/// After "put": "a [basic] [kind of] card from your hand onto the battlefield [tapped]"
/// (305.4 for a land). `None`, consuming nothing, when the words are not that.
fn put_from_hand(p: &mut Parser<'_>) -> PResult<Option<Instruction>> {
    if !(p.at_word("a") || p.at_word("an")) {
        return Ok(None);
    }
    let mark = p.mark();
    p.bump();
    let basic = p.eat_word("basic");
    let query = if p.eat_word("card") {
        if basic {
            p.reset(mark);
            return Ok(None);
        }
        CardQuery::AnyCard
    } else {
        match parse_filter(p, false) {
            Ok((filter, Head::Card)) => CardQuery::Filter { filter, basic },
            _ => {
                p.reset(mark);
                return Ok(None);
            }
        }
    };
    if !p.eat_words(&["from", "your", "hand", "onto", "the", "battlefield"]) {
        p.reset(mark);
        return Ok(None);
    }
    let tapped = p.eat_word("tapped");
    // "it" after this may mean the card put onto the battlefield, which no referent names.
    p.created_tokens = true;
    Ok(Some(Instruction::PutFromHand { query, tapped }))
}

/// After "Search": "[whose] [zones] for [what], [reveal it,] put it into your hand / onto the
/// battlefield [tapped] / exile them" (701.23).
/// `searcher`: the player named as the subject ("its controller may search their library"),
/// whose library "their" is; `None` for "search your library".
fn parse_search(p: &mut Parser<'_>, searcher: Option<Affected>) -> PResult<Instruction> {
    let whose = if let Some(who) = searcher {
        p.expect_words(&["their"])?;
        who
    } else if p.eat_word("your") {
        Affected::You
    } else if p.eat_words(&["its", "controller's"]) || p.eat_words(&["its", "controller’s"]) {
        match p.effect.targets.iter().rposition(|s| !matches!(s.spec, TargetSpec::Player { .. })) {
            Some(i) => {
                p.last_player = Some(Affected::ControllerOfTarget(i));
                Affected::ControllerOfTarget(i)
            }
            None => return Err(p.fail("an earlier target for \"its controller's\"")),
        }
    } else {
        return Err(p.fail("\"your\" or \"its controller's\""));
    };
    let mut zones = Vec::new();
    loop {
        let z = match p.word().as_deref() {
            Some("library") => SearchZone::Library,
            Some("graveyard") => SearchZone::Graveyard,
            Some("hand") => SearchZone::Hand,
            _ => return Err(p.fail("\"library\", \"graveyard\" or \"hand\"")),
        };
        p.bump();
        zones.push(z);
        p.eat_punct(',');
        if !p.eat_word("and") && p.at_word("for") {
            break;
        }
        if p.at_word("for") {
            break;
        }
    }
    p.expect_words(&["for"])?;
    let (query, count, plural) = if p.eat_words(&["all", "cards", "with", "the", "same", "name", "as"]) {
        let at = p.pos;
        let what = parse_affected(p)?;
        if !matches!(what, Affected::Target(_)) {
            return Err(Fail { at, expected: "\"that …\" naming an earlier target".into() });
        }
        (CardQuery::SameNameAs(what), None, true)
    } else if p.at_words(&["a", "card", "named"]) {
        // "a card named Screaming Seahawk": the name runs to the comma or period before the
        // next instruction ("Eivor, Battle-Ready" has a comma of its own).
        p.pos += 3;
        let start = p.pos;
        let cont = |t: Option<&super::lexer::Token>| t.is_some_and(|t| t.is_word("reveal") || t.is_word("put") || t.is_word("then") || t.is_word("and"));
        while p.pos < p.toks.len() && !(p.at_punct('.') || p.at_punct(',') && cont(p.peek_at(1)) || p.at_word("and") && p.peek_at(1).is_some_and(|t| t.is_word("put") || t.is_word("reveal") || t.is_word("exile"))) {
            p.bump();
        }
        // "a card named Festering Newt or Bubbling Cauldron", "a card named Forest, a card
        // named …": more than one name is not read (a name with "or" or "and" is refused too).
        if p.pos == start || p.toks[start..p.pos].iter().any(|t| t.is_word("or") || t.is_word("and") || t.is_word("named") || t.is_word("a")) {
            return Err(Fail { at: start, expected: "one card name".into() });
        }
        let name = p.text[p.toks[start].start..p.toks[p.pos - 1].end].trim().to_owned();
        (CardQuery::Named(name), Some(1), false)
    } else {
        // "up to two basic land cards": a search for cards with a stated quality may find fewer
        // than it names anyway (701.23b), so "up to" changes nothing for it; a search for a
        // quantity of cards must find that many (701.23d), so "up to" there is refused.
        let up_to = p.eat_words(&["up", "to"]);
        let n = match count_word(p, 0) {
            Some(n) => {
                p.bump();
                n
            }
            None => return Err(p.fail("\"a card\", \"a basic land card\" or \"all cards with the same name as …\"")),
        };
        let basic = p.eat_word("basic");
        if up_to && (p.at_word("card") || p.at_word("cards")) {
            return Err(p.fail("a kind of card after \"up to\" (\"up to two basic land cards\")"));
        }
        if p.at_word("card") || p.at_word("cards") {
            p.bump();
            (CardQuery::AnyCard, Some(n), n > 1)
        } else {
            let at = p.pos;
            let (filter, head) = parse_filter(p, n > 1)?;
            if head != Head::Card {
                return Err(Fail { at, expected: "a kind of card (\"a creature card\")".into() });
            }
            (CardQuery::Filter { filter, basic }, Some(n), n > 1)
        }
    };
    let _ = plural;
    let mut reveal = false;
    let dest;
    // ", reveal it, put it into your hand" / "and exile them" / ", put that card onto the battlefield tapped"
    loop {
        p.eat_punct(',');
        p.eat_word("and");
        if p.eat_word("reveal") {
            if !(p.eat_word("it") || p.eat_word("them") || p.eat_words(&["that", "card"]) || p.eat_words(&["those", "cards"])) {
                return Err(p.fail("\"it\""));
            }
            reveal = true;
            continue;
        }
        if p.eat_word("exile") {
            if !(p.eat_word("them") || p.eat_word("it")) {
                return Err(p.fail("\"them\""));
            }
            dest = SearchDest::Exile;
            break;
        }
        // "then shuffle and put that card on top" (701.24b)
        if p.eat_words(&["then", "shuffle", "and", "put"]) {
            if !(p.eat_word("it") || p.eat_words(&["that", "card"])) {
                return Err(p.fail("\"that card\""));
            }
            p.expect_words(&["on", "top"])?;
            p.eat_words(&["of", "your", "library"]);
            dest = SearchDest::TopAfterShuffle;
            break;
        }
        if p.eat_word("put") {
            if !(p.eat_word("it") || p.eat_word("them") || p.eat_words(&["that", "card"]) || p.eat_words(&["those", "cards"])) {
                return Err(p.fail("\"that card\""));
            }
            if p.eat_words(&["into", "your", "hand"]) {
                dest = SearchDest::Hand;
            } else if p.eat_words(&["onto", "the", "battlefield"]) {
                dest = SearchDest::Battlefield { tapped: p.eat_word("tapped") };
            } else {
                return Err(p.fail("\"into your hand\" or \"onto the battlefield\""));
            }
            break;
        }
        return Err(p.fail("\"reveal it\", \"put that card into your hand\" or \"exile them\""));
    }
    Ok(Instruction::Search(Search { whose, zones, query, count, reveal, dest }))
}

/// After a verb's object: "and <another object>", when what follows "and" is an object and
/// not the start of the next clause ("and you gain 2 life"). Consumes nothing otherwise.
fn and_more(p: &mut Parser<'_>, object: impl Fn(&mut Parser<'_>) -> PResult<Affected>) -> Option<Affected> {
    let mark = p.mark();
    if !p.eat_word("and") {
        return None;
    }
    match object(p) {
        Ok(what) if !at_verb(p) => Some(what),
        _ => {
            p.reset(mark);
            None
        }
    }
}

/// The object of "Destroy" / "Exile" / "Tap" / "Untap": a permanent.
fn object(p: &mut Parser<'_>) -> PResult<Affected> {
    let at = p.pos;
    let what = parse_affected(p)?;
    if kinds(p, &what).permanent {
        Ok(what)
    } else {
        Err(Fail { at, expected: "a permanent (\"target creature\", \"all creatures\", …)".into() })
    }
}

/// Whether the effect has declared no target yet.
fn targets_none(p: &Parser<'_>) -> bool {
    p.effect.targets.is_empty()
}

/// Whether the instruction puts the card chosen for target `i` onto the battlefield, itself or
/// as the option a "you may" offers.
fn returns_target(ins: &Instruction, i: usize) -> bool {
    match ins {
        Instruction::ReturnToBattlefield { what: Affected::Target(t), .. } => *t == i,
        Instruction::MayOrElse { action, then, .. } => returns_target(action, i) || then.iter().any(|x| returns_target(x, i)),
        _ => false,
    }
}

/// Whether `what` is a target card in a graveyard.
fn graveyard_card(p: &Parser<'_>, what: &Affected) -> bool {
    matches!(what, Affected::ThisInGraveyard | Affected::SetAside) || matches!(what, Affected::Target(i) if matches!(p.effect.targets[*i].spec, TargetSpec::GraveyardCard { .. }))
}

/// "this card from your graveyard" (or the card's name): the card itself, in its owner's
/// graveyard (113.6m). `None` when the words are not that.
fn this_from_graveyard(p: &mut Parser<'_>) -> Option<Affected> {
    let mark = p.pos;
    let this = p.eat_words(&["this", "card"]) || (p.peek().is_some_and(super::parser::is_self_name) && {
        p.bump();
        true
    });
    if this && p.eat_words(&["from", "your", "graveyard"]) {
        return Some(Affected::ThisInGraveyard);
    }
    p.pos = mark;
    None
}

/// A permanent, or a card in a graveyard ("target card from a graveyard").
fn object_or_card(p: &mut Parser<'_>) -> PResult<Affected> {
    let at = p.pos;
    let what = parse_affected(p)?;
    if graveyard_card(p, &what) || kinds(p, &what).permanent || what == Affected::ExiledBySource {
        Ok(what)
    } else {
        Err(Fail { at, expected: "a permanent or a card in a graveyard".into() })
    }
}

/// Who or what is dealt damage: "any target", "target …", "each opponent", "each creature", …
fn recipient(p: &mut Parser<'_>) -> PResult<Affected> {
    if p.eat_words(&["any", "target"]) {
        return Ok(Affected::Target(p.declare(TargetSpec::Any)));
    }
    // "to each of two targets", "… of one or two targets", "… of up to three targets": one
    // instance of "target" taking several of what "any target" allows (115.4), each dealt the
    // whole amount.
    if p.at_words(&["each", "of"]) {
        let mark = p.pos;
        p.pos += 2;
        if let Some((min, max)) = parse_count(p)
            && max > 1
            && p.eat_word("targets")
        {
            return Ok(Affected::Target(p.declare_slot(crate::cards::ir::TargetSlot::new(TargetSpec::Any, min, max))));
        }
        p.pos = mark;
    }
    let at = p.pos;
    if p.eat_word("target") {
        return Ok(Affected::Target(parse_target(p)?));
    }
    let who = parse_affected(p)?;
    let k = kinds(p, &who);
    if k.player || k.permanent {
        Ok(who)
    } else {
        Err(Fail { at, expected: "a player, creature, planeswalker or battle to deal damage to".into() })
    }
}

/// After "Add": fixed mana symbols ("{G}", "{C}{C}"), a choice of one symbol ("{R} or {G}",
/// "{W}, {U}, or {B}"), "one mana of any color", or "N mana of any one color" (106.1b).
pub(super) fn add_mana(p: &mut Parser<'_>) -> PResult<Instruction> {
    if p.eat_words(&["one", "mana", "of", "any", "color"]) {
        return Ok(Instruction::AddManaAnyColor { count: 1 });
    }
    if p.eat_words(&["one", "mana", "of", "the", "chosen", "color"]) {
        return Ok(Instruction::AddManaChosenColor);
    }
    let mark = p.mark();
    if let Ok(Amount::Fixed(n)) = amount(p)
        && n >= 1
    {
        let count = u32::try_from(n).unwrap_or(1);
        if p.eat_words(&["mana", "of", "any", "one", "color"]) {
            return Ok(Instruction::AddManaOneColor { count });
        }
        if n >= 2 && p.eat_words(&["mana", "in", "any", "combination", "of", "colors"]) {
            return Ok(Instruction::AddManaAnyColor { count });
        }
    }
    p.reset(mark);
    let kinds = mana_run(p)?;
    if let [k] = kinds.as_slice()
        && p.eat_words(&["or", "one", "mana", "of", "the", "chosen", "color"])
    {
        return Ok(Instruction::AddManaOrChosen(*k));
    }
    // "{R} or {G}", "{W}, {U}, or {B}": one of several single symbols.
    let mut options = kinds.clone();
    let mut listed = false;
    loop {
        let before = p.mark();
        let comma = p.eat_punct(',');
        let or = p.eat_word("or");
        if !(comma || or) || !matches!(p.peek().map(|t| &t.tok), Some(Tok::Symbol(_))) {
            p.reset(before);
            break;
        }
        let at = p.pos;
        let more = mana_run(p)?;
        if kinds.len() != 1 || more.len() != 1 {
            return Err(p.fail("one mana symbol in each choice, as in \"{R} or {G}\""));
        }
        if options.contains(&crate::cards::ir::ManaKind::Colorless) || more[0] == crate::cards::ir::ManaKind::Colorless {
            return Err(Fail { at, expected: "a choice among colored mana ({C} in a choice is not supported yet)".into() });
        }
        if !options.contains(&more[0]) {
            options.push(more[0]);
        }
        listed = true;
        if or {
            return Ok(Instruction::AddManaChoice(options));
        }
    }
    if listed {
        return Err(p.fail("\"or\" before the last mana symbol of a choice"));
    }
    Ok(Instruction::AddMana(kinds))
}

/// A run of colored or {C} mana symbols, as produced mana.
fn mana_run(p: &mut Parser<'_>) -> PResult<Vec<crate::cards::ir::ManaKind>> {
    let mut kinds = Vec::new();
    while let Some(Tok::Symbol(s)) = p.peek().map(|t| t.tok.clone()) {
        match mana::symbol(&s).and_then(mana::produced_kind) {
            Some(k) => kinds.push(k),
            None => return Err(p.fail("a colored or {C} mana symbol")),
        }
        p.bump();
    }
    if kinds.is_empty() {
        return Err(p.fail("mana symbols such as {G} or \"one mana of any color\""));
    }
    Ok(kinds)
}

/// A count: digits, "X", or a number word ("a", "two").
pub fn amount(p: &mut Parser<'_>) -> PResult<Amount> {
    const EXPECTED: &str = "a number (2, X, \"a\", \"two\")";
    if p.eat_words(&["that", "much"]) || p.eat_words(&["that", "many"]) {
        return Ok(Amount::ThatMuch);
    }
    let Some(t) = p.peek() else { return Err(p.fail(EXPECTED)) };
    let n = match &t.tok {
        Tok::Number(n) => i32::try_from(*n).ok(),
        Tok::Word(w) if w == "X" => {
            p.bump();
            return Ok(Amount::X);
        }
        Tok::Word(w) => number_word(&w.to_ascii_lowercase()),
        _ => None,
    };
    match n {
        Some(n) => {
            p.bump();
            Ok(Amount::Fixed(n))
        }
        None => Err(p.fail(EXPECTED)),
    }
}

fn number_word(w: &str) -> Option<i32> {
    const WORDS: [&str; 10] = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
    if w == "a" || w == "an" {
        return Some(1);
    }
    WORDS.iter().position(|x| *x == w).and_then(|i| i32::try_from(i + 1).ok())
}

pub(super) fn pt_amount(part: PtPart) -> Amount {
    match part {
        PtPart::Fixed(n) => Amount::Fixed(n),
        PtPart::PlusX => Amount::X,
        PtPart::MinusX => Amount::MinusX,
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use crate::cards::ir::{
        Affected::{self, *},
        Amount, CardType::*, ControllerFilter, Cost, Instruction::*, ManaKind, ObjectFilter, TargetSpec,
    };
    use crate::cards::ir::Color::*;

    #[test]
    fn mana_spending_restrictions() {
        use crate::cards::ir::{Ability, CardType, Instruction, ManaKind, ManaSpend};
        let effect = |text: &str, name: &str, types: &[CardType]| match ok(text, name, types).into_iter().next() {
            Some(Ability::Activated { effect, mana: true, .. }) => effect.instructions,
            other => panic!("{other:?}"),
        };
        // Mishra's Workshop (106.6): the restriction wraps the instruction that adds the mana.
        let workshop = effect("{T}: Add {C}{C}{C}. Spend this mana only to cast artifact spells.", "Mishra's Workshop", LAND);
        assert!(matches!(workshop.as_slice(), [Instruction::SpendOnly { add, only: ManaSpend::OnlySpells(f) }] if **add == Instruction::AddMana(vec![ManaKind::Colorless; 3]) && f.types_any == [CardType::Artifact]), "{workshop:?}");
        // "a creature spell", one of several kinds.
        let naturalist = effect("{T}: Add one mana of any color. Spend this mana only to cast a creature spell.", "Humble Naturalist", CREATURE);
        assert!(matches!(naturalist.as_slice(), [Instruction::SpendOnly { only: ManaSpend::OnlySpells(f), .. }] if f.types_any == [CardType::Creature]));
        let arcanist = effect("{T}: Add {C}. Spend this mana only to cast an instant or sorcery spell.", "Vodalian Arcanist", CREATURE);
        assert!(matches!(arcanist.as_slice(), [Instruction::SpendOnly { only: ManaSpend::OnlySpells(f), .. }] if f.types_any == [CardType::Instant, CardType::Sorcery]));
        // Abilities as well as spells, or costs with {X}, are not read.
        assert!(!errs("{T}: Add {C}{C}. Spend this mana only to cast artifact spells or activate abilities of artifacts.", "Odd", LAND).is_empty());
        assert!(!errs("{T}: Add {C}. Spend this mana only on costs that contain {X}.", "Odd", LAND).is_empty());
        // Without mana added before it, the sentence means nothing.
        assert!(!errs("{T}: Draw a card. Spend this mana only to cast creature spells.", "Odd", LAND).is_empty());
    }

    #[test]
    fn damage_to_any_target() {
        for (name, n_) in [("Shock", 2), ("Lightning Bolt", 3)] {
            let text = format!("{name} deals {n_} damage to any target.");
            assert_eq!(
                ok(&text, name, INSTANT),
                spell(vec![TargetSpec::Any], vec![DealDamage { amount: n(n_), to: T0, divided: false }])
            );
        }
        assert_eq!(
            ok("Blaze deals X damage to any target.", "Blaze", SORCERY),
            spell(vec![TargetSpec::Any], vec![DealDamage { amount: Amount::X, to: T0, divided: false }])
        );
    }

    #[test]
    fn damage_to_each_kind_of_recipient() {
        let one = |text: &str, name: &str| ok(text, name, SORCERY);
        assert_eq!(
            one("Lava Spike deals 3 damage to target player or planeswalker.", "Lava Spike"),
            spell(vec![TargetSpec::PlayerOrPlaneswalker { opponent_only: false }], vec![DealDamage { amount: n(3), to: T0, divided: false }])
        );
        assert_eq!(
            one("Flame Slash deals 4 damage to target creature.", "Flame Slash"),
            spell(vec![perm(&[Creature])], vec![DealDamage { amount: n(4), to: T0, divided: false }])
        );
        assert_eq!(
            one("Sear deals 4 damage to target creature or planeswalker.", "Sear"),
            spell(vec![perm(&[Creature, Planeswalker])], vec![DealDamage { amount: n(4), to: T0, divided: false }])
        );
        assert_eq!(
            one("Sizzle deals 3 damage to each opponent.", "Sizzle"),
            spell(vec![], vec![DealDamage { amount: n(3), to: EachOpponent, divided: false }])
        );
        assert_eq!(
            one("Flame Rift deals 4 damage to each player.", "Flame Rift"),
            spell(vec![], vec![DealDamage { amount: n(4), to: EachPlayer, divided: false }])
        );
        assert_eq!(
            one("Pyroclasm deals 2 damage to each creature.", "Pyroclasm"),
            spell(vec![], vec![DealDamage { amount: n(2), to: EachPermanent(types(&[Creature])), divided: false }])
        );
        assert_eq!(
            one("Inferno deals 6 damage to each creature and each player.", "Inferno"),
            spell(
                vec![],
                vec![DealDamage { amount: n(6), to: Both(Box::new(EachPermanent(types(&[Creature]))), Box::new(EachPlayer)), divided: false }]
            )
        );
        // Pyroclastic Elemental / Deadeye Duelist: "This creature" as the source.
        assert_eq!(
            ok("{1}{R}{R}: This creature deals 1 damage to target player.", "Pyroclastic Elemental", CREATURE),
            vec![activated(
                Cost { mana: mana("{1}{R}{R}"), ..Cost::default() },
                vec![TargetSpec::Player { opponent_only: false }],
                vec![DealDamage { amount: n(1), to: T0, divided: false }],
                false
            )]
        );
        assert_eq!(
            ok("Reach\n{1}, {T}: This creature deals 1 damage to target opponent.", "Deadeye Duelist", CREATURE),
            vec![
                crate::cards::ir::Ability::Keyword(crate::cards::ir::Keyword::Reach),
                activated(
                    Cost { mana: mana("{1}"), tap: true, ..Cost::default() },
                    vec![TargetSpec::Player { opponent_only: true }],
                    vec![DealDamage { amount: n(1), to: T0, divided: false }],
                    false
                )
            ]
        );
    }

    #[test]
    fn it_is_the_source_of_an_activated_ability_without_targets() {
        // Mogg Fanatic
        assert_eq!(
            ok("Sacrifice this creature: It deals 1 damage to any target.", "Mogg Fanatic", CREATURE),
            vec![activated(
                Cost { sacrifice_self: true, ..Cost::default() },
                vec![TargetSpec::Any],
                vec![DealDamage { amount: n(1), to: T0, divided: false }],
                false
            )]
        );
        // In a spell, "it" needs an earlier target.
        let e = errs("It deals 1 damage to any target.", "Oddity", INSTANT);
        assert_eq!(e[0].0..e[0].1, 0..31);
        assert!(e[0].2.ends_with("expected an earlier target for \"it\""), "{}", e[0].2);
        // Bull's Strength: the target was declared by a sentence that could not be read.
        let text = "Target creature gets +2/+2 and gains banding until end of turn. Untap it.";
        let e = errs(text, "Bull's Strength", INSTANT);
        assert_eq!(e.len(), 2);
        assert_eq!(&text[e[1].0..e[1].1], "it");
        assert!(e[1].2.ends_with("(the sentence declaring it could not be read)"), "{}", e[1].2);
    }

    #[test]
    fn damage_and_life_conjunction() {
        assert_eq!(
            ok("Sorin's Thirst deals 2 damage to target creature and you gain 2 life.", "Sorin's Thirst", INSTANT),
            spell(
                vec![perm(&[Creature])],
                vec![DealDamage { amount: n(2), to: T0, divided: false }, GainLife { who: You, amount: n(2) }]
            )
        );
        assert_eq!(
            ok("Swallowing Plague deals X damage to target creature and you gain X life.", "Swallowing Plague", SORCERY),
            spell(
                vec![perm(&[Creature])],
                vec![DealDamage { amount: Amount::X, to: T0, divided: false }, GainLife { who: You, amount: Amount::X }]
            )
        );
    }

    #[test]
    fn destroy_and_exile() {
        let cases: [(&str, &str, TargetSpec); 8] = [
            ("Murder", "Destroy target creature.", perm(&[Creature])),
            ("Shatter", "Destroy target artifact.", perm(&[Artifact])),
            ("Demystify", "Destroy target enchantment.", perm(&[Enchantment])),
            ("Stone Rain", "Destroy target land.", perm(&[Land])),
            ("Vindicate", "Destroy target permanent.", perm(&[])),
            ("Naturalize", "Destroy target artifact or enchantment.", perm(&[Artifact, Enchantment])),
            ("Hero's Downfall", "Destroy target creature or planeswalker.", perm(&[Creature, Planeswalker])),
            (
                "Utter End",
                "Exile target nonland permanent.",
                TargetSpec::Permanent(ObjectFilter { types_none: vec![Land], ..ObjectFilter::default() }),
            ),
        ];
        for (name, text, spec) in cases {
            let instr = if text.starts_with("Exile") { Exile(T0) } else { Destroy(T0) };
            assert_eq!(ok(text, name, INSTANT), spell(vec![spec], vec![instr]), "{name}");
        }
        assert_eq!(
            ok("Exile target artifact or enchantment.", "Revoke Existence", SORCERY),
            spell(vec![perm(&[Artifact, Enchantment])], vec![Exile(T0)])
        );
        assert_eq!(
            ok("Destroy all creatures.", "Day of Judgment", SORCERY),
            spell(vec![], vec![Destroy(EachPermanent(types(&[Creature])))])
        );
        assert_eq!(
            ok("Exile all creatures.", "Final Judgment", SORCERY),
            spell(vec![], vec![Exile(EachPermanent(types(&[Creature])))])
        );
    }

    #[test]
    fn controller_filters_and_object_conjunctions() {
        assert_eq!(
            ok("Destroy target land you control and target land you don't control.", "Boom", SORCERY),
            spell(
                vec![
                    TargetSpec::Permanent(owned(&[Land], ControllerFilter::You)),
                    TargetSpec::Permanent(owned(&[Land], ControllerFilter::Opponent)),
                ],
                vec![Destroy(T0), Destroy(T1)]
            )
        );
        assert_eq!(
            ok(
                "Destroy all creatures you don't control and all planeswalkers you don't control.",
                "In Garruk's Wake",
                SORCERY
            ),
            spell(
                vec![],
                vec![
                    Destroy(EachPermanent(owned(&[Creature], ControllerFilter::Opponent))),
                    Destroy(EachPermanent(owned(&[Planeswalker], ControllerFilter::Opponent))),
                ]
            )
        );
        // Thoughtweft Gambit: "and" joining two clauses with different verbs.
        assert_eq!(
            ok(
                "Tap all creatures your opponents control and untap all creatures you control.",
                "Thoughtweft Gambit",
                INSTANT
            ),
            spell(
                vec![],
                vec![
                    Tap(EachPermanent(owned(&[Creature], ControllerFilter::Opponent))),
                    Untap(EachPermanent(owned(&[Creature], ControllerFilter::You))),
                ]
            )
        );
    }

    #[test]
    fn counterspells() {
        let spell_of = |any: &[crate::cards::ir::CardType], none: &[crate::cards::ir::CardType]| {
            TargetSpec::Spell(ObjectFilter { types_any: any.to_vec(), types_none: none.to_vec(), ..ObjectFilter::default() })
        };
        assert_eq!(ok("Counter target spell.", "Cancel", INSTANT), spell(vec![spell_of(&[], &[])], vec![Counter(T0)]));
        assert_eq!(
            ok("Counter target creature spell.", "Essence Scatter", INSTANT),
            spell(vec![spell_of(&[Creature], &[])], vec![Counter(T0)])
        );
        assert_eq!(
            ok("Counter target noncreature spell.", "Negate", INSTANT),
            spell(vec![spell_of(&[], &[Creature])], vec![Counter(T0)])
        );
        assert_eq!(
            ok("Counter target artifact or enchantment spell.", "Annul", INSTANT),
            spell(vec![spell_of(&[Artifact, Enchantment], &[])], vec![Counter(T0)])
        );
        // Absorb: two sentences.
        assert_eq!(
            ok("Counter target spell. You gain 3 life.", "Absorb", INSTANT),
            spell(vec![spell_of(&[], &[])], vec![Counter(T0), GainLife { who: You, amount: n(3) }])
        );
        // "Counter target creature." is not a spell.
        let e = errs("Counter target creature.", "Odd Counter", INSTANT);
        assert_eq!((e[0].0, e[0].1), (8, 23));
    }

    #[test]
    fn drawing_and_discarding() {
        let draw = |who: Affected, c: i32| Draw { who, count: n(c) };
        assert_eq!(ok("Draw two cards.", "Divination", SORCERY), spell(vec![], vec![draw(You, 2)]));
        assert_eq!(ok("Draw three cards.", "Concentrate", SORCERY), spell(vec![], vec![draw(You, 3)]));
        assert_eq!(ok("Draw X cards.", "Mind Spring", SORCERY), spell(vec![], vec![Draw { who: You, count: Amount::X }]));
        assert_eq!(
            ok("Target player draws two cards.", "Inspiration", INSTANT),
            spell(vec![TargetSpec::Player { opponent_only: false }], vec![draw(T0, 2)])
        );
        assert_eq!(ok("Each player draws two cards.", "Vision Skeins", INSTANT), spell(vec![], vec![draw(EachPlayer, 2)]));
        assert_eq!(
            ok("{T}: Each player draws a card.", "Temple Bell", ARTIFACT),
            vec![activated(tap_cost(), vec![], vec![draw(EachPlayer, 1)], false)]
        );
        assert_eq!(
            ok("Target player discards two cards.", "Mind Rot", SORCERY),
            spell(vec![TargetSpec::Player { opponent_only: false }], vec![Discard { who: T0, count: n(2), random: false }])
        );
        assert_eq!(
            ok("Target opponent discards two cards.", "Deception", SORCERY),
            spell(vec![TargetSpec::Player { opponent_only: true }], vec![Discard { who: T0, count: n(2), random: false }])
        );
        assert_eq!(
            ok("Each player discards three cards.", "Delirium Skeins", SORCERY),
            spell(vec![], vec![Discard { who: EachPlayer, count: n(3), random: false }])
        );
        // Merfolk Looter: ", then" with the imperative's "you".
        assert_eq!(
            ok("{T}: Draw a card, then discard a card.", "Merfolk Looter", CREATURE),
            vec![activated(tap_cost(), vec![], vec![draw(You, 1), Discard { who: You, count: n(1), random: false }], false)]
        );
    }

    #[test]
    fn life() {
        assert_eq!(
            ok("Target player gains 5 life.", "Soothing Balm", INSTANT),
            spell(vec![TargetSpec::Player { opponent_only: false }], vec![GainLife { who: T0, amount: n(5) }])
        );
        assert_eq!(
            ok("{T}: Target player loses 1 life.", "Onyx Goblet", ARTIFACT),
            vec![activated(
                tap_cost(),
                vec![TargetSpec::Player { opponent_only: false }],
                vec![LoseLife { who: T0, amount: n(1) }],
                false
            )]
        );
        assert_eq!(
            ok("Defender\n{1}{B}, {T}: Each opponent loses 1 life.", "Archers' Parapet", CREATURE)[1],
            activated(
                Cost { mana: mana("{1}{B}"), tap: true, ..Cost::default() },
                vec![],
                vec![LoseLife { who: EachOpponent, amount: n(1) }],
                false
            )
        );
        assert_eq!(
            ok("Destroy target creature. You lose 2 life.", "Infernal Grasp", INSTANT),
            spell(vec![perm(&[Creature])], vec![Destroy(T0), LoseLife { who: You, amount: n(2) }])
        );
        // Shared subject across "and": Night's Whisper, Sign in Blood.
        assert_eq!(
            ok("You draw two cards and lose 2 life.", "Night's Whisper", SORCERY),
            spell(vec![], vec![Draw { who: You, count: n(2) }, LoseLife { who: You, amount: n(2) }])
        );
        assert_eq!(
            ok("Target player draws two cards and loses 2 life.", "Sign in Blood", SORCERY),
            spell(
                vec![TargetSpec::Player { opponent_only: false }],
                vec![Draw { who: T0, count: n(2) }, LoseLife { who: T0, amount: n(2) }]
            )
        );
    }

    #[test]
    fn references_to_earlier_targets() {
        assert_eq!(
            ok("Destroy target creature. Its controller loses 2 life.", "Sip of Hemlock", SORCERY),
            spell(vec![perm(&[Creature])], vec![Destroy(T0), LoseLife { who: ControllerOfTarget(0), amount: n(2) }])
        );
        assert_eq!(
            ok(
                "Destroy target creature. Its controller loses 2 life and you gain 2 life.",
                "Certain Death",
                SORCERY
            ),
            spell(
                vec![perm(&[Creature])],
                vec![
                    Destroy(T0),
                    LoseLife { who: ControllerOfTarget(0), amount: n(2) },
                    GainLife { who: You, amount: n(2) },
                ]
            )
        );
        assert_eq!(
            ok("Destroy target creature. Its controller discards a card.", "Assassin's Strike", SORCERY),
            spell(vec![perm(&[Creature])], vec![Destroy(T0), Discard { who: ControllerOfTarget(0), count: n(1), random: false }])
        );
    }

    #[test]
    fn pump() {
        let pump = |p: Amount, t: Amount| spell(vec![perm(&[Creature])], vec![Pump { what: T0, power: p, toughness: t }]);
        assert_eq!(ok("Target creature gets +3/+3 until end of turn.", "Giant Growth", INSTANT), pump(n(3), n(3)));
        assert_eq!(ok("Target creature gets -2/-2 until end of turn.", "Disfigure", INSTANT), pump(n(-2), n(-2)));
        assert_eq!(
            ok("Target creature gets +X/+0 until end of turn.", "Howl from Beyond", INSTANT),
            pump(Amount::X, n(0))
        );
        assert_eq!(
            ok("Target creature gets -X/-X until end of turn.", "Death Wind", INSTANT),
            pump(Amount::MinusX, Amount::MinusX)
        );
        assert_eq!(
            ok("Creatures you control get +1/+1 until end of turn.", "Rally Test", INSTANT),
            spell(
                vec![],
                vec![Pump {
                    what: EachPermanent(owned(&[Creature], ControllerFilter::You)),
                    power: n(1),
                    toughness: n(1)
                }]
            )
        );
    }

    /// "Transform this creature." (701.27) on real transforming double-faced cards; a spell
    /// can't transform itself.
    #[test]
    fn flip_this_creature_if_a_condition_holds() {
        use crate::cards::ir::{Cmp, Condition};
        // Jushi Apprentice (710.2, 608.2c): the flip is carried out only if the condition holds
        // after the draw.
        let draw1 = Draw { who: You, count: n(1) };
        assert_eq!(
            ok("{2}{U}, {T}: Draw a card. If you have nine or more cards in hand, flip this creature.", "Jushi Apprentice", CREATURE),
            vec![activated(
                Cost { mana: mana("{2}{U}"), tap: true, ..Cost::default() },
                vec![],
                vec![draw1.clone(), IfHolds { condition: Condition::CardsInHand(Cmp::AtLeast(9)), instructions: vec![Flip(This)], otherwise: vec![] }],
                false
            )]
        );
        // Orochi Eggwatcher: "you control ten or more creatures" counts after the token.
        let a = ok("{2}{G}, {T}: Create a 1/1 green Snake creature token. If you control ten or more creatures, flip this creature.", "Orochi Eggwatcher", CREATURE);
        let crate::cards::ir::Ability::Activated { effect, .. } = &a[0] else { panic!("{a:?}") };
        assert!(matches!(&effect.instructions[..], [CreateTokens { .. }, IfHolds { condition: Condition::Controls { .. }, instructions, .. }] if instructions == &vec![Flip(This)]), "{effect:?}");
        // A condition followed by "instead" replaces the instruction before it (608.2c):
        // Tezzeret, Artifice Master's 0 ability; one of another kind is not read.
        assert_eq!(
            spell_instructions("Draw a card. If you control three or more artifacts, draw two cards instead."),
            vec![IfHolds {
                condition: Condition::Controls { whose: crate::cards::ir::Whose::You, filter: ObjectFilter { types_any: vec![Artifact], controller: ControllerFilter::You, ..ObjectFilter::default() }, another: false, count: Cmp::AtLeast(3) },
                instructions: vec![Draw { who: You, count: n(2) }],
                otherwise: vec![draw1.clone()],
            }]
        );
        assert!(super::super::compile("Draw a card. If you have nine or more cards in hand, you gain 2 life instead.", "Nope", INSTANT).is_err());
        assert!(super::super::compile("Draw a card. If you have nine or more cards in hand, draw two cards and you gain 2 life instead.", "Nope", INSTANT).is_err());
        // A condition with an instruction that targets would choose targets only sometimes.
        assert!(super::super::compile("Draw a card. If you have nine or more cards in hand, destroy target creature.", "Nope", INSTANT).is_err());
        // "it" in the condition would be the target, not the source: not read.
        assert!(super::super::compile("Target creature you control gains double strike until end of turn. If it has a +1/+1 counter on it, draw a card.", "Dual-Sun Technique", INSTANT).is_err());
        // Only a permanent flips.
        assert!(super::super::compile("Flip target spell.", "Nope", INSTANT).is_err());
    }

    fn spell_instructions(text: &str) -> Vec<crate::cards::ir::Instruction> {
        match super::super::compile(text, "Nope", INSTANT).as_deref() {
            Ok([crate::cards::ir::Ability::Spell(e)]) => e.instructions.clone(),
            other => panic!("{text}: {other:?}"),
        }
    }

    /// Amounts of real cards: subtype counts, attacking creatures, the sacrificed creature.
    #[test]
    fn amounts_of_real_cards() {
        use crate::cards::ir::{Counted, Stat, StatOf, TypeSet};
        let swamps = |each| Amount::Count { each, what: Counted::Permanents { types: TypeSet::default(), controller: ControllerFilter::You, subtype: Some("Swamp"), attacking: false, other: false } };
        // Defile, Mind Sludge.
        assert_eq!(
            ok("Target creature gets -1/-1 until end of turn for each Swamp you control.", "Defile", INSTANT),
            spell(vec![perm(&[Creature])], vec![Pump { what: T0, power: swamps(-1), toughness: swamps(-1) }])
        );
        // Spitting Earth: "the number of Mountains you control".
        let e = spell_instructions("This spell deals damage to target creature equal to the number of Mountains you control.");
        assert!(matches!(e[..], [DealDamage { amount: Amount::Count { each: 1, what: Counted::Permanents { subtype: Some("Mountain"), .. } }, .. }]), "{e:?}");
        // Wingmate Roc: "for each attacking creature" (any controller).
        let wing = spell_instructions("You gain 1 life for each attacking creature.");
        assert!(matches!(wing[..], [GainLife { amount: Amount::Count { each: 1, what: Counted::Permanents { controller: ControllerFilter::Any, subtype: None, attacking: true, .. } }, .. }]), "{wing:?}");
        // Fling: the sacrificed creature, with its additional cost; without a sacrifice in the
        // cost there is no "sacrificed creature".
        let fling = ok("As an additional cost to cast this spell, sacrifice a creature.\nFling deals damage equal to the sacrificed creature's power to any target.", "Fling", INSTANT);
        assert!(matches!(&fling[1], crate::cards::ir::Ability::Spell(e) if matches!(e.instructions[..], [DealDamage { amount: Amount::Stat { of: StatOf::Sacrificed, stat: Stat::Power }, .. }])), "{fling:?}");
        assert!(super::super::compile("Nope deals damage equal to the sacrificed creature's power to any target.", "Nope", INSTANT).is_err());
        // Diamond Valley: an activated ability's sacrifice cost.
        let dv = ok("{T}, Sacrifice a creature: You gain life equal to the sacrificed creature's toughness.", "Diamond Valley", LAND);
        assert!(matches!(&dv[0], crate::cards::ir::Ability::Activated { effect, .. } if matches!(effect.instructions[..], [GainLife { amount: Amount::Stat { of: StatOf::Sacrificed, stat: Stat::Toughness }, .. }])), "{dv:?}");
        // Essence Harvest, Boon of Boseiju: the greatest value among permanents.
        let e = spell_instructions("Target player loses X life and you gain X life, where X is the greatest power among creatures you control.");
        let greatest = Amount::Count { each: 1, what: Counted::Greatest { stat: Stat::Power, types: TypeSet::of(&[Creature]), controller: ControllerFilter::You } };
        assert!(matches!(&e[..], [LoseLife { amount: a, .. }, GainLife { amount: b, .. }] if *a == greatest && *b == greatest), "{e:?}");
        let e = spell_instructions("Target creature gets +X/+X until end of turn, where X is the greatest mana value among permanents you control. Untap it.");
        assert!(matches!(e[0], Pump { power: Amount::Count { what: Counted::Greatest { stat: Stat::ManaValue, .. }, .. }, .. }), "{e:?}");
        // Storm Herd: "your life total"; Spite of Mogis: instant and sorcery cards; Krenko: X
        // tokens.
        let e = spell_instructions("Create X 1/1 white Pegasus creature tokens with flying, where X is your life total.");
        assert!(matches!(e[0], CreateTokens { count: Amount::Count { each: 1, what: Counted::YourLifeTotal }, .. }), "{e:?}");
        let e = spell_instructions("This spell deals damage to target creature equal to the number of instant and sorcery cards in your graveyard. Scry 1.");
        assert!(matches!(e[0], DealDamage { amount: Amount::Count { each: 1, what: Counted::CardsInYourGraveyard(t) }, .. } if t == TypeSet::of(&[Instant, Sorcery])), "{e:?}");
        // Spell Swindle: "that spell's" is the target spell; Manaplasm: the spell a cast
        // trigger is about.
        let e = spell_instructions("Counter target spell. Create X Treasure tokens, where X is that spell's mana value.");
        assert!(matches!(e[1], CreateTokens { count: Amount::Stat { of: StatOf::Target(0), stat: Stat::ManaValue }, .. }), "{e:?}");
        let m = ok("Whenever you cast a spell, this creature gets +X/+X until end of turn, where X is that spell's mana value.", "Manaplasm", CREATURE);
        assert!(matches!(&m[0], crate::cards::ir::Ability::Triggered { effect, .. } if matches!(effect.instructions[0], Pump { power: Amount::Stat { of: StatOf::TriggerObject, stat: Stat::ManaValue }, .. })), "{m:?}");
        // Nightmare's Thirst: the turn's history of life gained (119.3).
        let e = spell_instructions("You gain 1 life. Target creature gets -X/-X until end of turn, where X is the amount of life you gained this turn.");
        assert!(matches!(e[1], Pump { power: Amount::Count { each: -1, what: Counted::LifeGainedThisTurn }, .. }), "{e:?}");
        // Fatal Blow: a target described by the turn's history (120.3).
        let fb = ok("Destroy target creature that was dealt damage this turn. It can't be regenerated.", "Fatal Blow", INSTANT);
        assert_eq!(fb, spell(vec![TargetSpec::Permanent(ObjectFilter { types_any: vec![Creature], dealt_damage_this_turn: true, ..ObjectFilter::default() })], vec![Destroy(T0), CantBeRegenerated]));
        // Blood Tithe: "the life lost this way" needs an earlier loss of life in the effect.
        let e = spell_instructions("Each opponent loses 3 life. You gain life equal to the life lost this way.");
        assert!(matches!(e[1], GainLife { amount: Amount::Count { each: 1, what: Counted::LifeLostThisWay }, .. }), "{e:?}");
        assert!(super::super::compile("Draw a card. You gain life equal to the life lost this way.", "Nope", SORCERY).is_err());
        // Wrack with Madness: the target is the source and the recipient of the damage.
        let e = spell_instructions("Target creature deals damage to itself equal to its power.");
        assert_eq!(e, vec![DealDamageBy { by: T0, amount: Amount::Stat { of: StatOf::Target(0), stat: Stat::Power }, to: T0 }]);
        // Sanguimancy: devotion (700.5), one color or two.
        let e = spell_instructions("You draw X cards and you lose X life, where X is your devotion to black.");
        assert!(matches!(e[0], Draw { count: Amount::Count { each: 1, what: Counted::Devotion(4) }, .. }), "{e:?}");
        let e = spell_instructions("You gain life equal to your devotion to white and black.");
        assert!(matches!(e[0], GainLife { amount: Amount::Count { each: 1, what: Counted::Devotion(5) }, .. }), "{e:?}");
        // Fumigate: the creatures the effect destroyed (701.8); only after a "destroy".
        let e = spell_instructions("Destroy all creatures. You gain 1 life for each creature destroyed this way.");
        assert!(matches!(e[1], GainLife { amount: Amount::Count { each: 1, what: Counted::DestroyedThisWay(t) }, .. } if t == TypeSet::of(&[Creature])), "{e:?}");
        assert!(super::super::compile("Exile all creatures. You gain 1 life for each creature destroyed this way.", "Nope", SORCERY).is_err());
        // An X/X token's size takes the bound X, read as the token is created (Miming Slime).
        let e = spell_instructions("Create an X/X green Ooze creature token, where X is the greatest power among creatures you control.");
        assert!(matches!(&e[0], CreateTokens { token, .. } if matches!(token.power, Some(Amount::Count { what: Counted::Greatest { stat: Stat::Power, .. }, .. }))), "{e:?}");
        // Spellstutter Sprite: an X in a target's filter can't be bound yet — refused, never 0.
        assert!(super::super::compile("Flash\nFlying\nWhen this creature enters, counter target spell with mana value X or less, where X is the number of Faeries you control.", "Spellstutter Sprite", CREATURE).is_err());
    }

    /// "Activate only if …" (602.1b) on real cards.
    #[test]
    fn activate_only_if_a_condition() {
        use crate::cards::ir::{Cmp, Condition};
        let a = ok("{R}, {T}, Sacrifice this land: It deals 2 damage to any target. Activate only if there are seven or more cards in your graveyard.", "Barbarian Ring", LAND);
        assert!(matches!(&a[0], crate::cards::ir::Ability::Activated { cost, .. } if cost.condition.as_deref() == Some(&Condition::CardsInGraveyard { filter: ObjectFilter::default(), count: Cmp::AtLeast(7) })), "{a:?}");
        let a = ok("{W}{W}: Create a 1/1 white Soldier creature token. Activate only if you control no creatures and only once each turn.", "Security Detail", &[crate::cards::ir::CardType::Enchantment]);
        assert!(matches!(&a[0], crate::cards::ir::Ability::Activated { cost, .. } if cost.once_each_turn && matches!(cost.condition.as_deref(), Some(Condition::Controls { count: Cmp::AtMost(0), .. }))), "{a:?}");
        // A mana ability with a condition (Mox Opal) is refused until automatic payment
        // respects it.
        assert!(super::super::compile("Legendary\n{T}: Add one mana of any color. Activate only if you control three or more artifacts.", "Mox Opal", ARTIFACT).is_err());
    }

    #[test]
    fn fuse_is_a_keyword_of_each_half() {
        // Far // Away's halves (702.102): each has fuse beside its spell ability.
        let far = ok("Return target creature to its owner's hand.\nFuse (You may cast one or both halves of this card from your hand.)", "Far", INSTANT);
        assert!(matches!(&far[..], [crate::cards::ir::Ability::Spell(_), crate::cards::ir::Ability::Keyword(crate::cards::ir::Keyword::Fuse)]), "{far:?}");
    }

    #[test]
    fn transform_this_creature() {
        assert_eq!(
            ok("{4}{G}: Transform this creature.", "Kessig Prowler", CREATURE),
            vec![activated(Cost { mana: mana("{4}{G}"), ..Cost::default() }, vec![], vec![Transform(This)], false)]
        );
        assert_eq!(
            ok("{6}: Transform this creature.", "Thraben Gargoyle", &[Artifact, Creature]),
            vec![activated(Cost { mana: mana("{6}"), ..Cost::default() }, vec![], vec![Transform(This)], false)]
        );
        assert!(super::super::compile("Transform target spell.", "Nope", INSTANT).is_err());
    }

    #[test]
    fn tap_and_untap() {
        assert_eq!(
            ok("Tap target creature.\nDraw a card.", "Pressure Point", INSTANT),
            spell(vec![perm(&[Creature])], vec![Tap(T0), Draw { who: You, count: n(1) }])
        );
        assert_eq!(
            ok("Untap target creature.\nDraw a card.", "Refocus", INSTANT),
            spell(vec![perm(&[Creature])], vec![Untap(T0), Draw { who: You, count: n(1) }])
        );
        assert_eq!(
            ok("{1}, {T}: Tap target artifact, creature, or land.", "Icy Manipulator", ARTIFACT),
            vec![activated(
                Cost { mana: mana("{1}"), tap: true, ..Cost::default() },
                vec![perm(&[Artifact, Creature, Land])],
                vec![Tap(T0)],
                false
            )]
        );
        assert_eq!(
            ok("{T}: Untap target land.", "Ley Druid", CREATURE),
            vec![activated(tap_cost(), vec![perm(&[Land])], vec![Untap(T0)], false)]
        );
        assert_eq!(
            ok("{T}: Tap target artifact you don't control.", "Touchstone", ARTIFACT),
            vec![activated(
                tap_cost(),
                vec![TargetSpec::Permanent(owned(&[Artifact], ControllerFilter::Opponent))],
                vec![Tap(T0)],
                false
            )]
        );
    }

    #[test]
    fn mana_ability_choices() {
        let tap = |i: crate::cards::ir::Instruction| vec![activated(tap_cost(), vec![], vec![i], true)];
        let (r, g) = (ManaKind::Colored(Red), ManaKind::Colored(Green));
        assert_eq!(ok("{T}: Add {R} or {G}.", "Rootbound Crag", LAND), tap(AddManaChoice(vec![r, g])));
        assert_eq!(
            ok("{T}: Add {W}, {U}, or {B}.", "Arcane Sanctum", LAND),
            tap(AddManaChoice(vec![ManaKind::Colored(White), ManaKind::Colored(Blue), ManaKind::Colored(Black)]))
        );
        let e = errs("{T}: Add {C} or {G}.", "Test Land", LAND);
        assert!(e[0].2.contains("{C} in a choice is not supported yet"), "{}", e[0].2);
        assert_eq!(ok("{T}: Add two mana of any one color.", "Gilded Lotus Lite", ARTIFACT), tap(AddManaOneColor { count: 2 }));
        // "Any combination": one choice of color per mana (106.1b).
        assert_eq!(
            ok("{5}, {T}: Add five mana in any combination of colors.", "Cascading Cataracts", LAND),
            vec![activated(Cost { mana: mana("{5}"), tap: true, ..Cost::default() }, vec![], vec![AddManaAnyColor { count: 5 }], true)]
        );
        assert_eq!(
            ok("Add two mana in any combination of colors.\nDraw a card.", "Manamorphose", INSTANT),
            spell(vec![], vec![AddManaAnyColor { count: 2 }, Draw { who: Affected::You, count: n(1) }])
        );
        assert_eq!(
            ok("{T}, Pay 1 life: Add {R} or {G}.", "Karplusan Forest Lite", LAND),
            vec![activated(Cost { tap: true, pay_life: 1, ..Cost::default() }, vec![], vec![AddManaChoice(vec![r, g])], true)]
        );
        // Filter-land style: a mana cost before {T}.
        assert_eq!(
            ok("{1}, {T}: Add {R}{G}.", "Rugged Prairie Lite", LAND),
            vec![activated(Cost { mana: mana("{1}"), tap: true, ..Cost::default() }, vec![], vec![AddMana(vec![r, g])], true)]
        );
        let e = errs("{T}: Add {R}, {G}.", "Bad Land", LAND);
        assert!(e[0].2.contains("\"or\" before the last mana symbol"), "{}", e[0].2);
        let e = errs("{T}: Add {R}{G} or {G}.", "Bad Land", LAND);
        assert!(e[0].2.contains("one mana symbol in each choice"), "{}", e[0].2);
    }

    #[test]
    fn mana_abilities() {
        let add = |kinds: Vec<ManaKind>| vec![activated(tap_cost(), vec![], vec![AddMana(kinds)], true)];
        assert_eq!(ok("{T}: Add {G}.", "Llanowar Elves", CREATURE), add(vec![ManaKind::Colored(Green)]));
        assert_eq!(ok("{T}: Add {C}{C}.", "Sol Ring", ARTIFACT), add(vec![ManaKind::Colorless, ManaKind::Colorless]));
        assert_eq!(
            ok("{T}: Add {G}{U}.", "Gyre Engineer", CREATURE),
            add(vec![ManaKind::Colored(Green), ManaKind::Colored(Blue)])
        );
        // Blightsoil Druid: a life payment does not stop it being a mana ability.
        assert_eq!(
            ok("{T}, Pay 1 life: Add {G}.", "Blightsoil Druid", CREATURE),
            vec![activated(
                Cost { tap: true, pay_life: 1, ..Cost::default() },
                vec![],
                vec![AddMana(vec![ManaKind::Colored(Green)])],
                true
            )]
        );
        // Generic mana cannot be produced.
        let e = errs("{T}: Add {2}.", "Odd Rock", ARTIFACT);
        assert_eq!((e[0].0, e[0].1), (9, 12));
    }

    #[test]
    fn unsupported_phrases_are_pinpointed() {
        let cases: [(&str, &str, &[crate::cards::ir::CardType], &str); 4] = [
            ("Peel from Reality", "Return target creature you control and target creature you don't control to their owners' hands.", INSTANT, "and target creature you don't control to their owners' hands"),
            ("Odd Tithe", "Counter target spell unless its controller pays {X}, where X is the number of cards in your hand.", INSTANT, "{X}, where X is the number of cards in your hand"),
            ("Goblin Lore", "Draw four cards, then discard three cards at random and one card.", SORCERY, "one card"),
            (
                "Reckless Charge",
                "Target creature gets +3/+0 and gains banding until end of turn.",
                SORCERY,
                "banding until end of turn",
            ),
        ];
        for (name, text, types, fragment) in cases {
            let e = errs(text, name, types);
            assert_eq!(e.len(), 1, "{name}");
            assert_eq!(&text[e[0].0..e[0].1], fragment, "{name}");
            assert!(e[0].2.starts_with(&format!("unsupported text: \"{fragment}\"; expected ")), "{}", e[0].2);
        }
        // The exact message for a filter the IR cannot express.
        assert_eq!(
            errs("Bird Bane deals 4 damage to target creature with banding.", "Bird Bane", INSTANT),
            vec![(44, 56, "unsupported text: \"with banding\"; expected \".\", \"and\" or \", then\"".to_string())]
        );
        // Damage from several sources other than the card itself (a target creature as the
        // source is read: `a_target_creature_as_the_source_of_damage`).
        let text = "Each creature you control deals damage equal to its power to target creature.";
        let e = errs(text, "Odd Sorcery", INSTANT);
        assert_eq!(&text[e[0].0..e[0].1], &text[..text.len() - 1]);
    }

    #[test]
    fn put_counters() {
        use crate::cards::ir::{CounterKind, Keyword};
        assert_eq!(
            ok("Put a +1/+1 counter on target creature.", "Battlegrowth", INSTANT),
            spell(vec![perm(&[Creature])], vec![PutCounters { what: T0, kind: CounterKind::PlusOne, count: n(1) }])
        );
        assert_eq!(
            ok("Put four -1/-1 counters on target creature.", "Blight Rot", INSTANT),
            spell(vec![perm(&[Creature])], vec![PutCounters { what: T0, kind: CounterKind::MinusOne, count: n(4) }])
        );
        assert_eq!(
            ok("Put two -1/-1 counters on each creature.", "Darkness Descends", SORCERY),
            spell(vec![], vec![PutCounters { what: EachPermanent(types(&[Creature])), kind: CounterKind::MinusOne, count: n(2) }])
        );
        // On a permanent, "this creature" is the card itself.
        assert_eq!(
            ok("{3}{G}: Put a +1/+1 counter on this creature.", "Jungle Delver", CREATURE),
            vec![activated(Cost { mana: mana("{3}{G}"), ..Cost::default() }, vec![], vec![PutCounters { what: This, kind: CounterKind::PlusOne, count: n(1) }], false)]
        );
        // Granting the new keywords uses the existing "gains … until end of turn".
        assert_eq!(
            ok("Target creature gains deathtouch until end of turn.", "Deadly Dose", INSTANT),
            spell(vec![perm(&[Creature])], vec![Grant { what: T0, grant: crate::cards::ir::Grant::Keyword(Keyword::Deathtouch) }])
        );
        // Counters other than +1/+1 and -1/-1 are not supported: the kind is pinpointed.
        let text = "Put a flying counter on target creature.";
        let e = errs(text, "Feather Test", INSTANT);
        assert_eq!(&text[e[0].0..e[0].1], "flying counter on target creature");
        // Riot can't be granted (it matters only as a permanent enters).
        assert_eq!(errs("Target creature gains riot until end of turn.", "Riot Test", INSTANT).len(), 1);
    }
}

#[cfg(test)]
mod counters_and_emblems {
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, Affected, Amount, CardType, Change, CounterKind, Instruction, StaticEffect, StaticSubject, Trigger};

    const PLANESWALKER: &[CardType] = &[CardType::Planeswalker];

    fn effect_of(a: &Ability) -> &[Instruction] {
        match a {
            Ability::Spell(e) | Ability::Activated { effect: e, .. } => &e.instructions,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn proliferate() {
        // Steady Progress (701.34a).
        let a = ok("Proliferate. (Choose any number of permanents and/or players, then give each another counter of each kind already there.)\nDraw a card.", "Steady Progress", INSTANT);
        assert_eq!(effect_of(&a[0]), &[Instruction::Proliferate, Instruction::Draw { who: Affected::You, count: Amount::Fixed(1) }]);
        // Grim Affliction: "…, then proliferate."
        let a = ok("Put a -1/-1 counter on target creature, then proliferate.", "Grim Affliction", INSTANT);
        assert_eq!(effect_of(&a[0])[1], Instruction::Proliferate);
    }

    #[test]
    fn adapt() {
        // Skitter Eel (701.46a): the reminder text is not part of the ability.
        let a = ok("{2}{U}: Adapt 2. (If this creature has no +1/+1 counters on it, put two +1/+1 counters on it.)", "Skitter Eel", CREATURE);
        assert_eq!(effect_of(&a[0]), &[Instruction::Adapt { what: Affected::This, n: 2 }]);
        // Knighted Myr: adapt beside a trigger on the counters it puts.
        let a = ok("{2}{W}: Adapt 1. (If this creature has no +1/+1 counters on it, put a +1/+1 counter on it.)\nWhenever one or more +1/+1 counters are put on this creature, it gains double strike until end of turn.", "Knighted Myr", CREATURE);
        assert_eq!(effect_of(&a[0]), &[Instruction::Adapt { what: Affected::This, n: 1 }]);
        assert!(!errs("{2}: Adapt.", "Odd Adapter", CREATURE).is_empty());
    }

    #[test]
    fn monstrosity_and_bolster() {
        use crate::cards::ir::Condition;
        let spell_instructions = |text: &str| match super::super::compile(text, "Nope", &[CardType::Sorcery]).as_deref() {
            Ok([Ability::Spell(e)]) => e.instructions.clone(),
            other => panic!("{text}: {other:?}"),
        };
        // Monstrosity N (701.37a), its "becomes monstrous" trigger and "is monstrous" condition.
        let a = ok("Deathtouch\n{5}{B}{B}: Monstrosity 1. (If this creature isn't monstrous, put a +1/+1 counter on it and it becomes monstrous.)\nWhen this creature becomes monstrous, destroy target non-Gorgon creature an opponent controls.", "Keepsake Gorgon", CREATURE);
        assert_eq!(effect_of(&a[1]), &[Instruction::Monstrosity(Amount::Fixed(1))]);
        assert!(matches!(&a[2], Ability::Triggered { trigger, .. } if **trigger == Trigger::BecomesMonstrous(crate::cards::ir::Subject::This)));
        let a = ok("{X}{X}{G}: Monstrosity X. (If this creature isn't monstrous, put X +1/+1 counters on it and it becomes monstrous.)\nWhen this creature becomes monstrous, create X X/X green Hydra creature tokens.", "Hydra Broodmaster", CREATURE);
        assert_eq!(effect_of(&a[0]), &[Instruction::Monstrosity(Amount::X)]);
        let a = ok("{3}{G}{W}: Monstrosity 1. (If this creature isn't monstrous, put a +1/+1 counter on it and it becomes monstrous.)\nAs long as this creature is monstrous, it has hexproof and indestructible.", "Fleecemane Lion", CREATURE);
        assert!(matches!(&a[1], Ability::Static(s) if s.condition == Some(Condition::SourceMonstrous)), "{a:?}");
        // An X given by ", where X is …" is not the X of a cost: not read.
        assert!(!errs("{6}: Monstrosity X, where X is the number of cards in your hand.", "Odd Monster", CREATURE).is_empty());
        assert!(!errs("{2}: Monstrosity.", "Odd Monster", CREATURE).is_empty());
        // Bolster N (701.39a), also with X bound by "where X is".
        assert_eq!(spell_instructions("Bolster 4. (Choose a creature with the least toughness among creatures you control and put four +1/+1 counters on it.)"), vec![Instruction::Bolster(Amount::Fixed(4))]);
        let e = spell_instructions("Bolster X, where X is the number of cards in your hand. (To bolster X, choose a creature with the least toughness among creatures you control and put X +1/+1 counters on it.)");
        assert!(matches!(e.as_slice(), [Instruction::Bolster(Amount::Count { .. })]), "{e:?}");
        // Support N (701.41a): up to N target creatures, "other" on a permanent.
        use crate::cards::ir::TargetSpec;
        let support = |a: &Ability| match a {
            Ability::Spell(e) | Ability::Activated { effect: e, .. } => match (e.targets.as_slice(), e.instructions.as_slice()) {
                ([slot], [Instruction::Support(Affected::Target(0))]) => match &slot.spec {
                    TargetSpec::Permanent(f) if f.types_any == [CardType::Creature] && slot.min == 0 => Some((slot.max, f.other)),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        let lead = super::super::compile("Support 2. (Put a +1/+1 counter on each of up to two target creatures.)", "Lead by Example", &[CardType::Instant]).unwrap();
        assert_eq!(support(&lead[0]), Some((2, false)));
        let joraga = ok("{4}{G}{W}: Support 2. (Put a +1/+1 counter on each of up to two other target creatures.)", "Joraga Auxiliary", CREATURE);
        assert_eq!(support(&joraga[0]), Some((2, true)));
    }

    #[test]
    fn amass_and_populate() {
        // Relentless Advance (701.47a): the plural creature type names the Army's subtype.
        let a = ok("Amass Zombies 3. (Put three +1/+1 counters on an Army you control. It's also a Zombie. If you don't control an Army, create a 0/0 black Zombie Army creature token first.)", "Relentless Advance", SORCERY);
        assert_eq!(effect_of(&a[0]), &[Instruction::Amass { subtype: "Zombie".into(), count: Amount::Fixed(3) }]);
        let a = ok("You draw a card and you lose 1 life.\nAmass Orcs 1. (Put a +1/+1 counter on an Army you control. It's also an Orc. If you don't control an Army, create a 0/0 black Orc Army creature token first.)", "Mordor Muster", SORCERY);
        assert_eq!(effect_of(&a[0]).last(), Some(&Instruction::Amass { subtype: "Orc".into(), count: Amount::Fixed(1) }));
        // "where X is …" binds the amount (as in Commence the Endgame).
        let a = ok("Amass Zombies X, where X is the number of cards in your hand.", "Commence the Endgame", SORCERY);
        assert!(matches!(effect_of(&a[0]), [Instruction::Amass { count: Amount::Count { .. }, .. }]), "{a:?}");
        // A word that isn't a creature type is not an Army's subtype.
        assert!(!errs("Amass Forests 2.", "Odd Amass", SORCERY).is_empty());
        // Populate (701.36a), alone and after ", then".
        let a = ok("Populate. (Create a token that's a copy of a creature token you control.)", "Wake the Reflections", SORCERY);
        assert_eq!(effect_of(&a[0]), &[Instruction::Populate]);
        let a = ok("Destroy target artifact or enchantment, then populate. (Create a token that's a copy of a creature token you control.)", "Sundering Growth", INSTANT);
        assert_eq!(effect_of(&a[0])[1], Instruction::Populate);
    }

    #[test]
    fn double_counters() {
        // Growth Curve (701.10e): "that creature" is the target.
        let a = ok("Put a +1/+1 counter on target creature you control, then double the number of +1/+1 counters on that creature.", "Growth Curve", SORCERY);
        assert_eq!(effect_of(&a[0])[1], Instruction::DoubleCounters { what: Affected::Target(0), kind: CounterKind::PlusOne });
    }

    #[test]
    fn remove_all_counters() {
        // "Remove all counters from …" (every kind) and "Remove all [kind] counters from …".
        let a = ok("Remove all counters from target permanent.", "Counter Wipe Test", INSTANT);
        assert_eq!(effect_of(&a[0]), &[Instruction::RemoveAllCounters { what: Affected::Target(0), kind: None }]);
        let a = ok("Remove all -1/-1 counters from target creature.", "Minus Wipe Test", INSTANT);
        assert_eq!(effect_of(&a[0]), &[Instruction::RemoveAllCounters { what: Affected::Target(0), kind: Some(CounterKind::MinusOne) }]);
    }

    #[test]
    fn remove_counters_effect() {
        let a = ok("Remove two charge counters from target artifact.", "Counter Drain Test", INSTANT);
        assert_eq!(effect_of(&a[0]), &[Instruction::RemoveCounters { what: Affected::Target(0), kind: CounterKind::Named("charge".into()), count: Amount::Fixed(2) }]);
    }

    #[test]
    fn emblems() {
        // Ob Nixilis Reignited's [−8]: the emblem goes to the targeted opponent (114.2).
        let text = "[+1]: You draw a card and you lose 1 life.\n[−3]: Destroy target creature.\n[−8]: Target opponent gets an emblem with \"Whenever a player draws a card, you lose 2 life.\"";
        let a = ok(text, "Ob Nixilis Reignited", PLANESWALKER);
        let [Instruction::Emblem { who: Affected::Target(0), abilities, text }] = effect_of(&a[2]) else { panic!("{:?}", a[2]) };
        assert_eq!(text, "Whenever a player draws a card, you lose 2 life.");
        assert!(matches!(&abilities[..], [Ability::Triggered { trigger, .. }] if matches!(**trigger, Trigger::Draws(_))), "{abilities:?}");
        // A static emblem (Elspeth, Sun's Champion's [−7]).
        let a = ok("[−7]: You get an emblem with \"Creatures you control get +2/+2 and have flying.\"", "Elspeth Test", PLANESWALKER);
        let [Instruction::Emblem { who: Affected::You, abilities, .. }] = effect_of(&a[0]) else { panic!("{a:?}") };
        assert!(matches!(&abilities[..], [Ability::Static(StaticEffect { subject: StaticSubject::Each { .. }, changes, .. })] if changes.contains(&Change::Pt(2, 2))), "{abilities:?}");
        // "this emblem" is the emblem itself.
        assert!(compile_ok("[−7]: You get an emblem with \"Whenever you cast a spell, this emblem deals 5 damage to any target.\""));
        // Unreadable emblem text is refused, pointing inside the quotation.
        let text = "[−7]: You get an emblem with \"Your opponents can't untap more than two permanents during their untap steps.\"";
        let e = errs(text, "Dovin Baan", PLANESWALKER);
        assert!(text[e[0].0..e[0].1].starts_with("Your opponents can't untap"), "{e:?}");
        assert!(e[0].2.ends_with("(in the emblem's ability)"), "{e:?}");
    }

    #[test]
    fn for_each_counter_on_the_source() {
        // Sigil of Distinction's second line (122, 613.4c).
        let a = ok("Equipped creature gets +1/+1 for each charge counter on this Equipment.", "Sigil of Distinction", &[CardType::Artifact]);
        assert!(
            matches!(&a[..], [Ability::Static(StaticEffect { subject: StaticSubject::Attached, changes, .. })] if changes == &vec![Change::PtFor { power: 1, toughness: 1, count: crate::cards::ir::Count::CountersOnSource(CounterKind::Named("charge".into())) }]),
            "{a:?}"
        );
        // "on it" is the permanent itself when the ability is about it (Trawler Drake)…
        let a = ok("This creature gets +1/+1 for each oil counter on it.", "Trawler Drake", CREATURE);
        assert!(matches!(&a[..], [Ability::Static(StaticEffect { subject: StaticSubject::This, .. })]), "{a:?}");
        // …and refused when it could be another object.
        assert!(!errs("Creatures you control get +1/+1 for each oil counter on it.", "Oil Test", CREATURE).is_empty());
    }

    #[test]
    fn filters_on_counters() {
        use crate::cards::ir::{ControllerFilter, ObjectFilter, TargetSpec};
        // Lifecrafter's Gift: "each creature you control with a +1/+1 counter on it".
        let a = ok("Put a +1/+1 counter on target creature, then put a +1/+1 counter on each creature you control with a +1/+1 counter on it.", "Lifecrafter's Gift", INSTANT);
        let with_counter = ObjectFilter { types_any: vec![CardType::Creature], controller: ControllerFilter::You, counters: Some((Some(CounterKind::PlusOne), 1)), ..ObjectFilter::default() };
        assert_eq!(effect_of(&a[0])[1], Instruction::PutCounters { what: Affected::EachPermanent(with_counter), kind: CounterKind::PlusOne, count: Amount::Fixed(1) });
        // Razorfin Abolisher: a counter of any kind.
        let a = ok("{1}{U}, {T}: Return target creature with a counter on it to its owner's hand.", "Razorfin Abolisher", CREATURE);
        let Ability::Activated { effect, .. } = &a[0] else { panic!("{a:?}") };
        assert_eq!(effect.targets[0].spec, TargetSpec::Permanent(ObjectFilter { types_any: vec![CardType::Creature], counters: Some((None, 1)), ..ObjectFilter::default() }));
    }

    fn compile_ok(text: &str) -> bool {
        super::super::compile(text, "Emblem Walker", PLANESWALKER).is_ok()
    }
}

/// Keyword actions and zone-moving instructions (701.14, 701.17, 701.25, 701.44, 701.50),
/// and the trigger events that go with them, on real cards' Oracle text.
#[cfg(test)]
mod action_tests {
    use super::super::test_util::*;
    use crate::cards::ir::{
        Ability, Affected::*, Amount, CardType::*, ControllerFilter, DigRest, Instruction::*, ObjectFilter, Subject, TargetSpec, Trigger, Whose,
    };

    fn trigger_of(abilities: &[Ability]) -> (Trigger, Vec<crate::cards::ir::Instruction>) {
        match abilities {
            [Ability::Triggered { trigger, effect, .. }] => ((**trigger).clone(), effect.instructions.clone()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn mill_surveil_fight() {
        assert_eq!(
            ok("Target player mills two cards.\nDraw a card.", "Thought Scour", INSTANT),
            spell(vec![TargetSpec::Player { opponent_only: false }], vec![Mill { who: Target(0), count: Amount::Fixed(2) }, Draw { who: You, count: Amount::Fixed(1) }])
        );
        assert_eq!(ok("Mill three cards.", "Mill Test", SORCERY), spell(vec![], vec![Mill { who: You, count: Amount::Fixed(3) }]));
        assert_eq!(
            ok("Surveil 2, then draw two cards. Notion Rain deals 2 damage to you.", "Notion Rain", SORCERY),
            spell(vec![], vec![Surveil(2), Draw { who: You, count: Amount::Fixed(2) }, DealDamage { amount: Amount::Fixed(2), to: You, divided: false }])
        );
        assert_eq!(
            ok("Target creature you control fights target creature you don't control.", "Prey Upon", SORCERY),
            spell(
                vec![TargetSpec::Permanent(owned(&[Creature], ControllerFilter::You)), TargetSpec::Permanent(owned(&[Creature], ControllerFilter::Opponent))],
                vec![Fight(Target(0), Target(1))]
            )
        );
    }

    #[test]
    fn plural_graveyard_cards() {
        assert_eq!(
            ok("Return up to two target creature cards from your graveyard to your hand.", "Plural Test", SORCERY),
            vec![Ability::Spell(crate::cards::ir::Effect {
                targets: vec![crate::cards::ir::TargetSlot::new(TargetSpec::GraveyardCard { filter: types(&[Creature]), yours: true }, 0, 2)],
                instructions: vec![ReturnToHand(Target(0))],
                modal: None,
            })]
        );
    }

    #[test]
    fn zone_moves() {
        let card = |yours| TargetSpec::GraveyardCard { filter: types(&[Creature]), yours };
        assert_eq!(
            ok("Return target creature card from your graveyard to the battlefield.", "Zombify", SORCERY),
            spell(vec![card(true)], vec![ReturnToBattlefield { what: Target(0), tapped: false, yours: false, counter: None }])
        );
        assert_eq!(
            ok("Put target creature card from a graveyard onto the battlefield under your control.", "Reanimate Test", SORCERY),
            spell(vec![card(false)], vec![ReturnToBattlefield { what: Target(0), tapped: false, yours: true, counter: None }])
        );
        assert_eq!(
            ok("Put target creature on top of its owner's library.", "Time Ebb", SORCERY),
            spell(vec![perm(&[Creature])], vec![PutInLibrary { what: Target(0), bottom: false }])
        );
        assert_eq!(
            ok("Exile target card from a graveyard.", "Exile Test", INSTANT),
            spell(vec![TargetSpec::GraveyardCard { filter: ObjectFilter::default(), yours: false }], vec![Exile(Target(0))])
        );
        // A permanent can't be "returned to the battlefield".
        assert_eq!(errs("Return target creature to the battlefield.", "Bad Test", INSTANT).len(), 1);
    }

    #[test]
    fn looking_at_the_top_of_the_library() {
        assert_eq!(
            ok("Look at the top four cards of your library. Put one of them into your hand and the rest on the bottom of your library in any order.", "Impulse", INSTANT),
            spell(vec![], vec![Dig { count: n(4), take: 1, min: 1, filter: None, reveal: false, rest: DigRest::Bottom { random: false }, shown: false, to: crate::cards::ir::SearchDest::Hand }])
        );
        assert_eq!(
            ok("Look at the top two cards of your library. Put one of them into your hand and the other on the bottom of your library.", "Sleight of Hand", SORCERY),
            spell(vec![], vec![Dig { count: n(2), take: 1, min: 1, filter: None, reveal: false, rest: DigRest::Bottom { random: false }, shown: false, to: crate::cards::ir::SearchDest::Hand }])
        );
        let text = "Look at the top five cards of your library. You may reveal a creature card from among them and put it into your hand. Put the rest on the bottom of your library in a random order.";
        assert_eq!(ok(text, "Incubation", SORCERY), spell(vec![], vec![Dig { count: n(5), take: 1, min: 0, filter: Some(types(&[Creature])), reveal: true, rest: DigRest::Bottom { random: true }, shown: false, to: crate::cards::ir::SearchDest::Hand }]));
        // Several cards put on the bottom need an order: "in any order" or "in a random order".
        let text = "Look at the top three cards of your library. Put one of them into your hand and the rest on the bottom of your library.";
        assert_eq!(errs(text, "Order Test", SORCERY).len(), 1);
    }

    #[test]
    fn attacking_or_blocking() {
        let filter = ObjectFilter { attacking: true, blocking: true, ..types(&[Creature]) };
        assert_eq!(ok("Destroy target attacking or blocking creature.", "Divine Verdict", INSTANT), spell(vec![TargetSpec::Permanent(filter)], vec![Destroy(Target(0))]));
    }

    #[test]
    fn explore_and_connive_on_entering() {
        let (t, i) = trigger_of(&ok("When this creature enters, it explores.", "Seekers' Squire", CREATURE));
        assert_eq!((t, i), (Trigger::Enters(Subject::This), vec![Explore(This)]));
        let (_, i) = trigger_of(&ok("When this creature enters, it connives.", "Raffine's Informant", CREATURE));
        assert_eq!(i, vec![Connive(This)]);
    }

    #[test]
    fn trigger_events() {
        let t = |text: &str| trigger_of(&ok(text, "Trigger Test", CREATURE)).0;
        assert_eq!(t("Whenever an opponent discards a card, you may draw a card."), Trigger::Discards(Whose::Opponent));
        assert_eq!(t("Whenever you draw your second card each turn, put a +1/+1 counter on this creature."), Trigger::NthDraw { whose: Whose::You, n: 2 });
        assert_eq!(t("Whenever you cast your second spell each turn, draw a card."), Trigger::NthCast { whose: Whose::You, n: 2 });
        assert_eq!(t("Whenever this creature becomes tapped, you gain 2 life."), Trigger::BecomesTapped(Subject::This));
        let (trigger, instructions) = trigger_of(&ok("At end of combat, sacrifice this creature.", "Trigger Test", CREATURE));
        assert_eq!((trigger, instructions), (Trigger::BeginningOf { step: crate::cards::ir::StepName::EndOfCombat, whose: Whose::Each }, vec![SacrificePermanent(This)]));
        assert_eq!(
            t("At the beginning of your postcombat main phase, draw a card."),
            Trigger::BeginningOf { step: crate::cards::ir::StepName::PostcombatMain, whose: Whose::You }
        );
        assert_eq!(
            t("Whenever one or more creatures you control deal combat damage to a player, draw a card."),
            Trigger::OneOrMoreDealCombatDamage { who: Subject::Matching { filter: owned(&[Creature], ControllerFilter::You), another: false }, to: Whose::Each }
        );
        assert_eq!(t("Whenever this creature is dealt damage, put a +1/+1 counter on it."), Trigger::DealtDamage(Subject::This));
        assert_eq!(t("Whenever this creature deals damage, you gain that much life."), Trigger::DealsDamageTo { who: Subject::This, combat_only: false, creature: false });
        assert_eq!(
            t("When this creature enters or dies, put a +1/+1 counter on target creature you control."),
            Trigger::Either(Box::new(Trigger::Enters(Subject::This)), Box::new(Trigger::Dies(Subject::This)))
        );
        assert_eq!(
            ok("You gain 1 life.\nDraw a card at the beginning of the next turn's upkeep.", "Blessed Wine", &[Instant]),
            spell(vec![], vec![GainLife { who: You, amount: Amount::Fixed(1) }, Delayed { step: crate::cards::ir::StepName::Upkeep, instructions: vec![Draw { who: You, count: Amount::Fixed(1) }], next_turn: true, link: None }])
        );
        // "that creature" after "deals combat damage to a creature" is the creature dealt
        // damage: what the ability triggered on.
        let (_, instructions) = trigger_of(&ok("Whenever this creature deals combat damage to a creature, destroy that creature.", "Test Basilisk", CREATURE));
        assert_eq!(instructions, vec![Destroy(TriggerObject)]);
    }
}

/// Attachment text on real cards: "enchanted/equipped …" as a noun phrase, attach as a verb,
/// "doesn't untap during … next untap step", living weapon.
#[cfg(test)]
mod attachment_tests {
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, Affected, CardType, Change, CounterKind, Instruction, Keyword, StaticSubject, StepName, Subject, Trigger, Whose};

    const AURA: &[CardType] = &[CardType::Enchantment];

    fn instructions(a: &Ability) -> &[Instruction] {
        match a {
            Ability::Triggered { effect, .. } | Ability::Activated { effect, .. } | Ability::Spell(effect) => &effect.instructions,
            other => panic!("{other:?}"),
        }
    }

    fn trigger(a: &Ability) -> &Trigger {
        match a {
            Ability::Triggered { trigger, .. } => trigger,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn enchanted_creature_is_a_noun_phrase_for_every_verb() {
        let r = ok("Enchant creature\nEnchanted creature gets +1/+1.\nSacrifice this Aura: Regenerate enchanted creature.", "Thrull Retainer", AURA);
        assert_eq!(instructions(&r[2]), [Instruction::Regenerate(Affected::Attached)]);
        let c = ok("Flash\nEnchant creature\nWhen this Aura enters, tap enchanted creature.\nEnchanted creature doesn't untap during its controller's untap step.", "Capture Sphere", AURA);
        assert_eq!(instructions(&c[2]), [Instruction::Tap(Affected::Attached)]);
        let t = ok("Enchant creature\n{1}{B}: Put a -1/-1 counter on enchanted creature.", "Torture", AURA);
        assert!(matches!(instructions(&t[1]), [Instruction::PutCounters { what: Affected::Attached, kind: CounterKind::MinusOne, .. }]));
        let b = ok("Enchant creature\nEnchanted creature can't attack or block.\nWhen a Vehicle you control attacks, exile enchanted creature.", "Caught in the Brights", AURA);
        assert_eq!(instructions(&b[2]), [Instruction::Exile(Affected::Attached)]);
    }

    #[test]
    fn triggers_about_the_enchanted_permanent() {
        let s = ok("Enchant creature\nWhenever enchanted creature deals damage, you gain that much life.", "Spirit Link", AURA);
        assert!(matches!(trigger(&s[1]), Trigger::DealsDamageTo { who: Subject::Enchanted, combat_only: false, creature: false }));
        let l = ok("Enchant land\nAt the beginning of the upkeep of enchanted land's controller, this Aura deals 1 damage to that player.", "Cursed Land", AURA);
        assert_eq!(trigger(&l[1]), &Trigger::BeginningOf { step: StepName::Upkeep, whose: Whose::AttachedController });
        assert!(matches!(instructions(&l[1]), [Instruction::DealDamage { to: Affected::TriggerPlayer, .. }]));
        let e = ok("Enchant creature\nEnchanted creature gets +2/+2.\nWhen enchanted creature dies, return that card to its owner's hand.", "Squee's Embrace", AURA);
        assert_eq!(trigger(&e[2]), &Trigger::Dies(Subject::Enchanted));
        assert_eq!(instructions(&e[2]), [Instruction::ReturnToHand(Affected::TriggerObject)]);
    }

    #[test]
    fn cant_activate_rides_on_a_static() {
        let a = ok("Enchant creature\nEnchanted creature can't attack or block, and its activated abilities can't be activated.", "Arrest", AURA);
        assert!(matches!(&a[1], Ability::Static(s) if s.subject == StaticSubject::Attached && s.changes == [Change::CantAttack, Change::CantBlock, Change::CantActivate]));
    }

    #[test]
    fn attach_as_a_verb() {
        let shield = ok("Flash\nWhen this Equipment enters, attach it to target creature you control.\nEquipped creature gets +0/+2.\nEquip {3}", "Paladin's Shield", ARTIFACT);
        assert_eq!(instructions(&shield[1]), [Instruction::Attach { what: Affected::This, to: Affected::Target(0), equip: false }]);
        let sai = ok("Equipped creature gets +1/+1.\nWhenever a creature you control enters, you may attach this Equipment to it.\nEquip {2}", "Sai of the Shinobi", ARTIFACT);
        assert!(matches!(instructions(&sai[1]), [Instruction::MayOrElse { action, .. }] if **action == Instruction::Attach { what: Affected::This, to: Affected::TriggerObject, equip: false }));
        let blade = ok("When this Equipment enters, create a 1/1 white Soldier creature token, then attach this Equipment to it.\nEquipped creature gets +1/+1.\nEquip {1}", "Ancestral Blade", ARTIFACT);
        assert!(matches!(instructions(&blade[0]), [Instruction::CreateTokens { .. }, Instruction::Attach { what: Affected::This, to: Affected::CreatedTokens, equip: false }]));
        // Two tokens are no "it".
        assert!(!compile_ok("When this Equipment enters, create two 1/1 white Soldier creature tokens, then attach this Equipment to it."));
    }

    fn compile_ok(text: &str) -> bool {
        super::super::compile(text, "X", ARTIFACT).is_ok()
    }

    #[test]
    fn living_weapon_makes_a_germ_and_attaches() {
        let husk = ok("Living weapon (When this Equipment enters, create a 0/0 black Phyrexian Germ creature token, then attach this to it.)\nEquipped creature gets +1/+1.\nEquip {2}", "Flayer Husk", ARTIFACT);
        assert_eq!(husk[0], Ability::Keyword(Keyword::LivingWeapon));
        assert!(matches!(Keyword::LivingWeapon.trigger_effect().instructions.as_slice(), [Instruction::CreateTokens { token, .. }, Instruction::Attach { to: Affected::CreatedTokens, .. }] if token.name == "Phyrexian Germ Token"));
    }

    #[test]
    fn doesnt_untap_during_the_next_untap_step() {
        let t = ok("Tap target creature. It doesn't untap during its controller's next untap step.", "Take into Custody", INSTANT);
        assert_eq!(instructions(&t[0]), [Instruction::Tap(Affected::Target(0)), Instruction::DoesntUntapNext { what: Affected::Target(0), yours: false }]);
        let g = ok("Whenever this creature attacks, it doesn't untap during its controller's next untap step.", "Lead Golem", CREATURE);
        assert_eq!(instructions(&g[0]), [Instruction::DoesntUntapNext { what: Affected::This, yours: false }]);
        // A lasting restriction is a static ability's, not an instruction's.
        assert!(super::super::compile("Tap target creature. It doesn't untap during its controller's untap step.", "X", INSTANT).is_err());
    }

    #[test]
    fn quoted_activated_abilities_are_granted() {
        let a = ok("Enchant creature (Target a creature as you cast this. This card enters attached to that creature.)\nEnchanted creature gets +2/+2 and has \"{T}: This creature deals 1 damage to any target.\"", "Arcane Teachings", AURA);
        let Ability::Static(s) = &a[1] else { panic!("{a:?}") };
        assert!(matches!(&s.changes[..], [Change::Pt(2, 2), Change::GrantAbility { ability, text }] if matches!(**ability, Ability::Activated { .. }) && text == "{T}: This creature deals 1 damage to any target."));
        // A granted triggered ability is granted the same way (the engine triggers it as the
        // enchanted creature's own, 113.7a); a granted static ability is refused.
        let t = ok("Enchant creature\nEnchanted creature has \"Whenever this creature attacks, draw a card.\"", "X", AURA);
        let Ability::Static(s) = &t[1] else { panic!("{t:?}") };
        assert!(matches!(&s.changes[..], [Change::GrantAbility { ability, .. }] if matches!(**ability, Ability::Triggered { .. })));
        assert!(super::super::compile("Enchant creature\nEnchanted creature has \"Other creatures you control get +1/+1.\"", "X", AURA).is_err());
    }

    #[test]
    fn triggered_mana_abilities_of_enchanted_lands() {
        let w = ok("Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an additional {G}.", "Wild Growth", AURA);
        assert_eq!(trigger(&w[1]), &Trigger::TappedForMana(Subject::Enchanted));
        assert!(matches!(instructions(&w[1]), [Instruction::AddMana(_)]));
        let u = ok("Enchant Forest\nAs this Aura enters, choose a color.\nWhenever enchanted Forest is tapped for mana, its controller adds an additional one mana of the chosen color.", "Utopia Sprawl", AURA);
        assert_eq!(instructions(&u[2]), [Instruction::AddManaChosenColor]);
    }
}

/// The library, the graveyard and hidden cards (401, 701.13, 701.20, 113.6m), on real cards'
/// Oracle text.
#[cfg(test)]
mod library_tests {
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, Affected::*, Amount, CardType::*, DigRest, Instruction::*, PlayUntil, Subject, TargetSpec, Trigger};

    fn effect_of(abilities: &[Ability]) -> Vec<crate::cards::ir::Instruction> {
        match abilities.last() {
            Some(Ability::Triggered { effect, .. } | Ability::Activated { effect, .. } | Ability::Spell(effect)) => effect.instructions.clone(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn impulse_draw() {
        assert_eq!(
            ok("Exile the top two cards of your library. Until the end of your next turn, you may play those cards.", "Reckless Impulse", SORCERY),
            spell(vec![], vec![ExileTop { who: You, count: n(2) }, PlayExiled { cast_only: false, until: PlayUntil::EndOfYourNextTurn }])
        );
        let abbot = ok("Prowess (Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn.)\nWhen this creature enters, exile the top card of your library. Until end of turn, you may play that card.", "Abbot of Keral Keep", CREATURE);
        assert_eq!(effect_of(&abbot), vec![ExileTop { who: You, count: n(1) }, PlayExiled { cast_only: false, until: PlayUntil::EndOfTurn }]);
        // "that player's library" is the player the trigger was about (603.2).
        let ragavan = ok("Whenever Ragavan deals combat damage to a player, create a Treasure token and exile the top card of that player's library. Until end of turn, you may cast that card.", "Ragavan, Nimble Pilferer", CREATURE);
        assert!(matches!(&effect_of(&ragavan)[1..], [ExileTop { who: TriggerPlayer, .. }, PlayExiled { cast_only: true, until: PlayUntil::EndOfTurn }]), "{ragavan:?}");
        let ramirez = ok("Whenever one or more Pirates you control deal combat damage to a player, exile the top card of that player's library. You may cast that card for as long as it remains exiled.", "Ramirez DePietro, Pillager", CREATURE);
        assert_eq!(effect_of(&ramirez), vec![ExileTop { who: TriggerPlayer, count: n(1) }, PlayExiled { cast_only: true, until: PlayUntil::WhileExiled }]);
        // A permission with nothing exiled before it has nothing to refer to.
        assert_eq!(errs("Draw a card. You may play that card this turn.", "Permission Test", SORCERY).len(), 1);
        // "until your next end step" is a duration the engine doesn't read.
        assert_eq!(errs("Exile the top card of your library. You may play it until your next end step.", "Haste Magic", SORCERY).len(), 1);
    }

    #[test]
    fn returning_this_card_from_the_graveyard() {
        let squee = ok("At the beginning of your upkeep, you may return this card from your graveyard to your hand.", "Squee, Goblin Nabob", CREATURE);
        assert!(matches!(&effect_of(&squee)[..], [MayOrElse { action, .. }] if **action == ReturnToHand(ThisInGraveyard)), "{squee:?}");
        let temple = ok("{T}: Add {C}.\n{3}: Return this card from your graveyard to the battlefield tapped.", "Drownyard Temple", LAND);
        assert_eq!(effect_of(&temple), vec![ReturnToBattlefield { what: ThisInGraveyard, tapped: true, yours: false, counter: None }]);
        let Some(Ability::Activated { effect, .. }) = temple.last() else { panic!() };
        assert!(effect.moves_this_from_graveyard());
        // 113.6m: an Aura whose trigger puts it into the graveyard would have to follow the card
        // there; refused.
        assert_eq!(errs("Enchant creature\nEnchanted creature gets -1/-1.\nWhen enchanted creature dies, return this card from your graveyard to the battlefield.", "Screams from Within", &[Enchantment]).len(), 1);
    }

    #[test]
    fn the_rest_of_the_cards_looked_at() {
        assert_eq!(
            ok("Look at the top four cards of your library. Put one of them into your hand and the rest into your graveyard.", "Forbidden Alchemy", INSTANT),
            spell(vec![], vec![Dig { count: n(4), take: 1, min: 1, filter: None, reveal: false, rest: DigRest::Graveyard, shown: false, to: crate::cards::ir::SearchDest::Hand }])
        );
        let ponder = ok("Look at the top three cards of your library, then put them back in any order. You may shuffle.\nDraw a card.", "Ponder", SORCERY);
        assert!(matches!(&effect_of(&ponder)[..], [Dig { count: Amount::Fixed(3), take: 0, rest: DigRest::Top, .. }, MayOrElse { .. }, Draw { .. }]), "{ponder:?}");
    }

    #[test]
    fn graveyard_cards_into_your_library() {
        let reclaim = ok("Put target card from your graveyard on top of your library.", "Reclaim", INSTANT);
        assert_eq!(effect_of(&reclaim), vec![PutInLibrary { what: Target(0), bottom: false }]);
        assert!(matches!(&reclaim[..], [Ability::Spell(e)] if matches!(e.targets[0].spec, TargetSpec::GraveyardCard { yours: true, .. })));
        // Several cards at once would be ordered by their owner (401.4): refused.
        assert_eq!(errs("Put any number of target creature cards from your graveyard on top of your library.\nDraw a card.", "Forever Young", SORCERY).len(), 1);
    }

    #[test]
    fn revealing_the_top_card() {
        let oracle = ok("When this creature enters, reveal the top card of your library. If it's a land card, put it onto the battlefield. Otherwise, put that card into your hand.", "Coiling Oracle", CREATURE);
        assert!(matches!(&oracle[..], [Ability::Triggered { trigger, .. }] if **trigger == Trigger::Enters(Subject::This)));
        assert_eq!(
            effect_of(&oracle),
            vec![
                RevealTop { who: You, count: Amount::Fixed(1) },
                IfSetAside { filter: types(&[Land]), then: vec![ReturnToBattlefield { what: SetAside, tapped: false, yours: false, counter: None }], otherwise: vec![ReturnToHand(SetAside)] },
            ]
        );
        let zoologist = ok("{3}{G}, {T}: Reveal the top card of your library. If it's a creature card, put it onto the battlefield. Otherwise, put it into your graveyard.", "Zoologist", CREATURE);
        assert!(matches!(&effect_of(&zoologist)[1], IfSetAside { otherwise, .. } if *otherwise == vec![PutInGraveyard(SetAside)]));
        // "If it's …" needs a card revealed just before.
        assert_eq!(errs("Draw a card. If it's a land card, put it onto the battlefield.", "Reveal Test", SORCERY).len(), 1);
    }
}

/// Searching with the found card put on top, and looking at or revealing another player's top
/// card (701.24b, 701.20), on real cards' Oracle text.
#[cfg(test)]
mod library_top_tests {
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, Affected::*, Amount, Instruction::*, SearchDest, TargetSpec};

    #[test]
    fn tutors_to_the_top() {
        let seal = ok("Search your library for a card, then shuffle and put that card on top. You lose 2 life.", "Imperial Seal", SORCERY);
        let [Ability::Spell(e)] = &seal[..] else { panic!("{seal:?}") };
        assert!(matches!(&e.instructions[..], [Search(s), LoseLife { .. }] if s.dest == SearchDest::TopAfterShuffle && !s.reveal), "{seal:?}");
        let tutor = ok("Search your library for an instant or sorcery card, reveal it, then shuffle and put that card on top.", "Mystical Tutor", INSTANT);
        let [Ability::Spell(e)] = &tutor[..] else { panic!("{tutor:?}") };
        assert!(matches!(&e.instructions[..], [Search(s)] if s.dest == SearchDest::TopAfterShuffle && s.reveal), "{tutor:?}");
    }

    #[test]
    fn another_players_top_card() {
        assert_eq!(
            ok("Target player reveals the top card of their library.", "Reveal Test", INSTANT),
            spell(vec![TargetSpec::Player { opponent_only: false }], vec![RevealTop { who: Target(0), count: Amount::Fixed(1) }])
        );
        assert_eq!(
            ok("Draw two cards, then look at the top card of each player's library.", "Case the Joint", INSTANT),
            spell(vec![], vec![Draw { who: You, count: n(2) }, LookTop { who: EachPlayer, count: n(1) }])
        );
        assert_eq!(
            ok("Look at the top card of target opponent's library.", "Look Test", INSTANT),
            spell(vec![TargetSpec::Player { opponent_only: true }], vec![LookTop { who: Target(0), count: n(1) }])
        );
        // Shuffling zones into a library (701.24a).
        assert_eq!(
            ok("Each player shuffles their hand and graveyard into their library, then draws seven cards.", "Timetwister", SORCERY),
            spell(vec![], vec![ShuffleInto { who: EachPlayer, hand: true, graveyard: true }, Draw { who: EachPlayer, count: n(7) }])
        );
    }
}

/// "Reveal cards from the top of your library until …" (701.20a) on real cards' Oracle text.
#[cfg(test)]
mod reveal_until_tests {
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, CardType::*, DigRest, Instruction::*, SearchDest};

    #[test]
    fn reveal_until_a_kind_of_card() {
        let lookout = ok("Reach\nWhen this creature enters, reveal cards from the top of your library until you reveal a land card. Put that card onto the battlefield tapped and the rest on the bottom of your library in a random order.", "Clifftop Lookout", CREATURE);
        let Some(Ability::Triggered { effect, .. }) = lookout.last() else { panic!("{lookout:?}") };
        assert_eq!(effect.instructions, vec![RevealUntil { who: crate::cards::ir::Affected::You, filter: types(&[Land]), to: Some(SearchDest::Battlefield { tapped: true }), rest: DigRest::Bottom { random: true } }]);
        // The rest must be placed somewhere the text says.
        assert_eq!(errs("Reveal cards from the top of your library until you reveal a creature card. Put that card into your hand.", "Reveal Until Test", SORCERY).len(), 1);
    }
}

#[cfg(test)]
mod duration_tests {
    //! Durations, delayed triggers, replacement and prevention effects, on real cards' text.
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, Affected, CardType, Change, Color, DamageSide, Grant, Instruction, Keyword, ObjectFilter, StaticReplacement, StepName, Trigger, Whose};

    fn effect(abilities: &[Ability]) -> Vec<Instruction> {
        match abilities.last() {
            Some(Ability::Spell(e) | Ability::Activated { effect: e, .. } | Ability::Triggered { effect: e, .. }) => e.instructions.clone(),
            other => panic!("no effect: {other:?}"),
        }
    }

    #[test]
    fn one_duration_for_every_part_of_a_grant() {
        let scales = ok("Affinity for Lizards (This spell costs {1} less to cast for each Lizard you control.)\nTarget creature gets +2/+0 and gains lifelink and indestructible until end of turn.", "Scales of Shale", INSTANT);
        assert_eq!(
            effect(&scales),
            vec![
                Instruction::Pump { what: Affected::Target(0), power: n(2), toughness: n(0) },
                Instruction::Grant { what: Affected::Target(0), grant: Grant::Keyword(Keyword::Lifelink) },
                Instruction::Grant { what: Affected::Target(0), grant: Grant::Keyword(Keyword::Indestructible) },
            ]
        );
        // A plural subject takes the plural verbs: "get … and gain …".
        let overrun = ok("Creatures you control get +3/+3 and gain trample until end of turn. (Each of those creatures can deal excess combat damage to the player or planeswalker it's attacking.)", "Overrun", SORCERY);
        let mine = Affected::EachPermanent(owned(&[CardType::Creature], crate::cards::ir::ControllerFilter::You));
        assert_eq!(
            effect(&overrun),
            vec![Instruction::Pump { what: mine.clone(), power: n(3), toughness: n(3) }, Instruction::Grant { what: mine, grant: Grant::Keyword(Keyword::Trample) }]
        );
        // "gains flying and loses trample", "gets -2/+2 and loses flying", "gains flying and
        // becomes blue", "protection from black and from red".
        let i = effect(&ok("{1}{G}: This creature gains flying and loses trample until end of turn.", "Test Wurm", CREATURE));
        assert_eq!(i[1], Instruction::Continuous { what: Affected::This, changes: vec![Change::Lose(Keyword::Trample)], until_end_of_turn: true, hold: None });
        let i = effect(&ok("{U}, {T}: Target creature gains flying and becomes blue until end of turn.", "Test Wizard", CREATURE));
        assert_eq!(i[1], Instruction::BecomeColor { what: Affected::Target(0), color: Color::Blue, until_end_of_turn: true });
        let i = effect(&ok("{W}: This creature gains protection from black and from red until end of turn. Target opponent gains 2 life.", "Test Knight", CREATURE));
        assert_eq!(
            i[..2],
            [
                Instruction::Grant { what: Affected::This, grant: Grant::Protection(crate::cards::ir::Quality::Color(Color::Black)) },
                Instruction::Grant { what: Affected::This, grant: Grant::Protection(crate::cards::ir::Quality::Color(Color::Red)) },
            ]
        );
        // 205.1b: "becomes a 2/2 white and blue Bird artifact creature with flying" keeps its
        // other types, replacing only its creature types.
        let keyrune = ok("{T}: Add {W} or {U}.\n{W}{U}: This artifact becomes a 2/2 white and blue Bird artifact creature with flying until end of turn.", "Azorius Keyrune", ARTIFACT);
        let Some(Instruction::Continuous { changes, .. }) = effect(&keyrune).first().cloned() else { panic!("{keyrune:?}") };
        assert_eq!(changes[0], Change::AddTypesNewCreatureTypes { types: vec![CardType::Artifact, CardType::Creature], subtypes: vec!["Bird".into()] });
        // 205.1a, 613.4b: Turn (Turn // Burn) sets the creature type and the base P/T, keeping
        // the card types.
        let turn = ok("Until end of turn, target creature loses all abilities and becomes a red Weird with base power and toughness 0/1.", "Turn", INSTANT);
        let Some(Instruction::Continuous { changes, until_end_of_turn: true, .. }) = effect(&turn).first().cloned() else { panic!("{turn:?}") };
        assert_eq!(
            changes,
            [Change::LoseAll, Change::AddTypesNewCreatureTypes { types: vec![], subtypes: vec!["Weird".into()] }, Change::SetColors(vec![Color::Red]), Change::SetPt(crate::cards::ir::PtValue::Fixed(0), crate::cards::ir::PtValue::Fixed(1))]
        );
        // "becomes a blue Frog creature with …" would set its card types too (205.1a): refused.
        assert!(crate::cards::oracle::compile("Until end of turn, target creature loses all abilities and becomes a blue Frog creature with base power and toughness 1/1.", "Test Frog", INSTANT).is_err());
        // 701.62a: "that creature" after manifesting is the face-down permanent just made.
        let slimy = ok("When you unlock this door, manifest dread, then put a +1/+1 counter on that creature.", "Slimy Aquarium", &[CardType::Enchantment]);
        let [Ability::Triggered { trigger, effect: e, .. }] = &slimy[..] else { panic!("{slimy:?}") };
        assert_eq!(**trigger, Trigger::UnlockThisDoor(None));
        assert!(matches!(&e.instructions[1], Instruction::PutCounters { what: Affected::CreatedTokens, .. }));
        // Act of Treason-style text reads "gains haste and menace" as two grants.
        let i = effect(&ok("Gain control of target creature until end of turn. Untap that creature. It gains haste and menace until end of turn.", "Test Treason", SORCERY));
        assert_eq!(i.len(), 4);
    }

    #[test]
    fn keywords_gained_without_duration() {
        // 611.2a, 400.7: "It gains haste." after the one card a return put onto the battlefield
        // is an effect on that new permanent, with no end but its leaving.
        let haste = |what| Instruction::Continuous { what, changes: vec![Change::Grant(Keyword::Haste)], until_end_of_turn: false, hold: None };
        let upheaval = effect(&ok("Put target creature card from a graveyard onto the battlefield under your control. It gains haste.", "Grave Upheaval", SORCERY));
        assert!(matches!(upheaval[0], Instruction::ReturnToBattlefield { what: Affected::Target(0), yours: true, .. }), "{upheaval:?}");
        assert_eq!(upheaval[1], haste(Affected::Arrived(0)));
        let lunge = effect(&ok("Return target creature card from your graveyard to the battlefield. That creature gains haste. Exile it at the beginning of the next end step.", "Test Lunge", SORCERY));
        assert_eq!(lunge[1], haste(Affected::Arrived(0)));
        assert!(matches!(lunge[2], Instruction::Delayed { link: Some(Affected::Target(0)), .. }));
        let fated = effect(&ok("Put target creature card from a graveyard onto the battlefield under your control. It gains flying and indestructible.", "Test Return", SORCERY));
        assert_eq!(fated[1], Instruction::Continuous { what: Affected::Arrived(0), changes: vec![Change::Grant(Keyword::Flying), Change::Grant(Keyword::Indestructible)], until_end_of_turn: false, hold: None });
        // The one token just created.
        let copy = effect(&ok("Create a token that's a copy of target creature you control. It gains haste. Sacrifice it at the beginning of the next end step.", "Test Copy", SORCERY));
        assert_eq!(copy[1], haste(Affected::CreatedTokens));
        assert!(matches!(copy[2], Instruction::Delayed { link: Some(Affected::CreatedTokens), .. }));
        let token = effect(&ok("Create a 1/1 red Goblin creature token. That token gains haste.", "Test Goblin", SORCERY));
        assert_eq!(token[1], haste(Affected::CreatedTokens));
        // "Sacrifice it" later: the delayed ability follows the card to the battlefield.
        let kami = effect(&ok("When this creature enters, return target artifact card with mana value 3 or less from your graveyard to the battlefield. It gains haste. Sacrifice it at the beginning of the next end step.", "Kami of Industry", CREATURE));
        assert_eq!(kami[1], haste(Affected::Arrived(0)));
        assert_eq!(kami[2], Instruction::Delayed { step: StepName::End, instructions: vec![Instruction::SacrificePermanent(Affected::Linked)], next_turn: false, link: Some(Affected::Target(0)) });
        // The same with the moment first.
        let necromancer = effect(&ok("{B}, {T}, Sacrifice this creature: Return target creature card from your graveyard to the battlefield. That creature gains haste. At the beginning of the next end step, sacrifice it.", "Apprentice Necromancer", CREATURE));
        assert_eq!(necromancer[1..], kami[1..]);
        // A card that was never put onto the battlefield can't be sacrificed.
        assert!(!errs("Exile target creature card from a graveyard. Sacrifice it at the beginning of the next end step.", "Test Exile", SORCERY).is_empty());
        // After "you may pay … If you do, create …": the token, if one was made.
        let conjuring = ok("Whenever a nontoken creature you control enters, you may pay {R}. If you do, create a token that's a copy of that creature. That token gains haste. Exile it at the beginning of the next end step.", "Flameshadow Conjuring", &[CardType::Enchantment]);
        assert_eq!(effect(&conjuring)[1], haste(Affected::CreatedTokens));
        let may = effect(&ok("You may return target creature card from your graveyard to the battlefield. It gains haste.", "Test May", SORCERY));
        assert_eq!(may[1], haste(Affected::Arrived(0)));
        // Not read: several tokens, a card that isn't the last target, a gain after something
        // that put nothing onto the battlefield, "that creature" in a triggered ability.
        assert!(!errs("Create two 1/1 red Goblin creature tokens. They gain haste.", "Test Goblins", SORCERY).is_empty());
        assert!(!errs("Create two 1/1 red Goblin creature tokens. It gains haste.", "Test Goblins", SORCERY).is_empty());
        assert!(!errs("Return target creature card from your graveyard to the battlefield, then tap target creature. It gains haste.", "Test Two", SORCERY).is_empty());
        assert!(!errs("Return up to two target creature cards from your graveyard to the battlefield. It gains haste.", "Test Several", SORCERY).is_empty());
        assert!(!errs("Tap target creature. It gains haste.", "Test Tap", SORCERY).is_empty());
        assert!(!errs("Whenever another creature dies, return target creature card from your graveyard to the battlefield. That creature gains haste.", "Test Trigger", CREATURE).is_empty());
        // With a duration, "it" names the card in the graveyard, which is not read.
        assert!(!errs("Return target creature card from your graveyard to the battlefield. It gains haste until end of turn.", "Test Until", SORCERY).is_empty());
    }

    #[test]
    fn delayed_triggers_keep_their_object() {
        // Cockatrice: "that creature" is the other creature of the block, kept by the delayed
        // ability (603.7c); "at end of combat" is the step it waits for.
        let cockatrice = ok("Flying\nWhenever this creature blocks or becomes blocked by a non-Wall creature, destroy that creature at end of combat.", "Cockatrice", CREATURE);
        assert_eq!(
            effect(&cockatrice),
            vec![Instruction::Delayed { step: StepName::EndOfCombat, instructions: vec![Instruction::Destroy(Affected::TriggerObject)], next_turn: false, link: None }]
        );
        // Tidal Wave: "it" is the token just created, linked to the delayed ability.
        let wave = ok("Create a 5/5 blue Wall creature token with defender. Sacrifice it at the beginning of the next end step.", "Tidal Wave", INSTANT);
        assert_eq!(
            effect(&wave)[1],
            Instruction::Delayed { step: StepName::End, instructions: vec![Instruction::SacrificePermanent(Affected::Linked)], next_turn: false, link: Some(Affected::CreatedTokens) }
        );
        // Slave of Bolas: "it" is the target.
        let slave = ok("Gain control of target creature. Untap that creature. It gains haste until end of turn. Sacrifice it at the beginning of the next end step.", "Slave of Bolas", SORCERY);
        assert!(matches!(effect(&slave).last(), Some(Instruction::Delayed { link: Some(Affected::Target(0)), .. })));
        // Fog Elemental: the creature itself.
        let fog = ok("Flying\nWhen this creature attacks or blocks, sacrifice it at end of combat.", "Fog Elemental", CREATURE);
        assert!(matches!(&effect(&fog)[..], [Instruction::Delayed { step: StepName::EndOfCombat, .. }]));
        // A card the effect moved is followed to its new zone as the delayed ability is made
        // (Aetherling: exile this creature, return it at the next end step).
        let aetherling = ok("{U}: Exile this creature. Return it to the battlefield under its owner's control at the beginning of the next end step.", "Aetherling", CREATURE);
        assert!(matches!(&effect(&aetherling)[1], Instruction::Delayed { instructions, link: Some(Affected::This), .. } if matches!(instructions[..], [Instruction::ReturnToBattlefield { what: Affected::Linked, .. }])));
        // Mistmeadow Witch: "that card" is the exiled target.
        let witch = ok("{2}{W}{U}: Exile target creature. Return that card to the battlefield under its owner's control at the beginning of the next end step.", "Mistmeadow Witch", CREATURE);
        assert!(matches!(&effect(&witch)[1], Instruction::Delayed { link: Some(Affected::Target(0)), .. }));
        // A player the trigger was about is not kept: refused.
        assert!(!errs("Whenever an opponent draws a card, that player loses 1 life at the beginning of the next end step.", "Test Delay", CREATURE).is_empty());
    }

    #[test]
    fn replacement_effects_on_going_to_a_graveyard_or_being_countered() {
        let phantom = ok("Flying\nWhenever another creature you control leaves the battlefield, you gain 1 life.\nIf Luminous Phantom would be put into a graveyard from anywhere, exile it instead.", "Luminous Phantom", CREATURE);
        assert_eq!(phantom.last(), Some(&Ability::Replacement(StaticReplacement::ExileInsteadOfGraveyard { this: true, tokens: false, whose: Whose::Each })));
        let rest = ok("If a card or token would be put into a graveyard from anywhere, exile it instead.", "Test Peace", &[CardType::Enchantment]);
        assert_eq!(rest, vec![Ability::Replacement(StaticReplacement::ExileInsteadOfGraveyard { this: false, tokens: true, whose: Whose::Each })]);
        let leyline = ok("If a card would be put into an opponent's graveyard from anywhere, exile it instead.", "Test Void", &[CardType::Enchantment]);
        assert_eq!(leyline, vec![Ability::Replacement(StaticReplacement::ExileInsteadOfGraveyard { this: false, tokens: false, whose: Whose::Opponent })]);
        let dissipate = ok("Counter target spell. If that spell is countered this way, exile it instead of putting it into its owner's graveyard.", "Dissipate", INSTANT);
        assert_eq!(effect(&dissipate), vec![Instruction::Counter(Affected::Target(0)), Instruction::ExileIfCountered]);
        // The rider needs a counterspell before it.
        assert!(!errs("Draw a card. If that spell is countered this way, exile it instead of putting it into its owner's graveyard.", "Test Rider", INSTANT).is_empty());
    }

    #[test]
    fn exile_until_the_source_leaves() {
        let priest = ok("When this creature enters, exile target creature an opponent controls until this creature leaves the battlefield.", "Banisher Priest", CREATURE);
        assert_eq!(effect(&priest), vec![Instruction::ExileUntilLeaves(Affected::Target(0))]);
        let crackdown = ok("When this enchantment enters, exile all artifacts your opponents control until this enchantment leaves the battlefield.", "Consulate Crackdown", &[CardType::Enchantment]);
        assert!(matches!(&effect(&crackdown)[..], [Instruction::ExileUntilLeaves(Affected::EachPermanent(_))]));
        // A card in a hand is not a permanent: refused.
        assert!(!errs("When this creature enters, target opponent reveals their hand. You choose a noncreature, nonland card from it. Exile that card until this creature leaves the battlefield.", "Kitesail Freebooter", CREATURE).is_empty());
    }

    #[test]
    fn prevention_effects() {
        let maze = ok("{T}: Untap target attacking creature. Prevent all combat damage that would be dealt to and dealt by that creature this turn.", "Maze of Ith", LAND);
        assert_eq!(
            effect(&maze)[1..],
            [
                Instruction::PreventAll { combat_only: true, to: Some(Affected::Target(0)), by: None },
                Instruction::PreventAll { combat_only: true, to: None, by: Some(Affected::Target(0)) },
            ]
        );
        let muzzle = ok("Enchant creature\nPrevent all damage that would be dealt by enchanted creature.", "Muzzle", &[CardType::Enchantment]);
        assert_eq!(muzzle.last(), Some(&Ability::Replacement(StaticReplacement::PreventDamage { combat: None, to: None, by: Some(DamageSide::Attached), then: vec![] })));
        let cho = ok("Prevent all damage that would be dealt to Cho-Manno.", "Cho-Manno", CREATURE);
        assert_eq!(cho, vec![Ability::Replacement(StaticReplacement::PreventDamage { combat: None, to: Some(DamageSide::This), by: None, then: vec![] })]);
        let asylum = ok("Prevent all noncombat damage that would be dealt to creatures you control.", "Mark of Asylum", &[CardType::Enchantment]);
        assert!(matches!(&asylum[..], [Ability::Replacement(StaticReplacement::PreventDamage { combat: Some(false), to: Some(DamageSide::Matching(_)), by: None, .. })]));
        // 615.5: what the prevention effect does after preventing the damage.
        let nantuko = ok("Trample\nThis creature enters with two +1/+1 counters on it.\nIf damage would be dealt to this creature, prevent that damage. Remove a +1/+1 counter from this creature.\n{T}: Put a +1/+1 counter on this creature.", "Phantom Nantuko", CREATURE);
        assert!(nantuko.iter().any(|a| matches!(a, Ability::Replacement(StaticReplacement::PreventDamage { to: Some(DamageSide::This), then, .. }) if matches!(then[..], [Instruction::RemoveCounters { what: Affected::This, .. }]))), "{nantuko:?}");
        let cop = ok("{1}: The next time a red source of your choice would deal damage to you this turn, prevent that damage.", "Circle of Protection: Red", &[CardType::Enchantment]);
        assert_eq!(effect(&cop), vec![Instruction::PreventNextFromSource { filter: ObjectFilter { colors: vec![Color::Red], ..ObjectFilter::default() }, to: Affected::You }]);
    }

    #[test]
    fn turns_and_hand_size() {
        assert_eq!(effect(&ok("Take an extra turn after this one.", "Time Walk", SORCERY)), vec![Instruction::ExtraTurn(Affected::You)]);
        assert_eq!(effect(&ok("Target player takes an extra turn after this one.", "Time Warp", SORCERY)), vec![Instruction::ExtraTurn(Affected::Target(0))]);
        assert_eq!(effect(&ok("Draw four cards. You skip your next turn.", "Meditate", INSTANT))[1], Instruction::SkipTurns { who: Affected::You, count: 1 });
        assert_eq!(effect(&ok("When this creature enters, you skip your next two turns.", "Eater of Days", CREATURE)), vec![Instruction::SkipTurns { who: Affected::You, count: 2 }]);
        assert_eq!(ok("You have no maximum hand size.", "Spellbook", ARTIFACT), vec![Ability::NoMaxHandSize { everyone: false }]);
        assert_eq!(ok("Players have no maximum hand size.", "Test Anvil", ARTIFACT), vec![Ability::NoMaxHandSize { everyone: true }]);
        // "Those creatures" are the targets of "up to two target creatures".
        let paralysis = ok("Tap up to two target creatures. Those creatures don't untap during their controller's next untap step.", "Decision Paralysis", INSTANT);
        assert_eq!(effect(&paralysis)[1], Instruction::DoesntUntapNext { what: Affected::Target(0), yours: false });
        // "it" after "that creature" is that creature, not the source.
        let sniper = ok("Whenever this creature deals damage to a creature, tap that creature and it doesn't untap during its controller's next untap step.", "Matsu-Tribe Sniper", CREATURE);
        assert!(matches!(&sniper[0], Ability::Triggered { trigger, .. } if matches!(**trigger, Trigger::DealsDamageTo { .. })));
        assert_eq!(effect(&sniper), vec![Instruction::Tap(Affected::TriggerObject), Instruction::DoesntUntapNext { what: Affected::TriggerObject, yours: false }]);
    }
}

#[cfg(test)]
mod put_from_hand_tests {
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, CardQuery, CardType::*, Effect, Instruction, Search, SearchDest};

    /// "You may put a land card from your hand onto the battlefield [tapped]" (305.4) and its
    /// kin, on real cards; "it" after it can't name the card put, so it is refused.
    #[test]
    fn put_a_card_from_your_hand_onto_the_battlefield() {
        let a = ok("Draw a card. You may put a land card from your hand onto the battlefield.", "Growth Spiral", INSTANT);
        let [Ability::Spell(Effect { instructions, .. })] = a.as_slice() else { panic!("{a:?}") };
        let [Instruction::Draw { .. }, Instruction::MayOrElse { action, .. }] = instructions.as_slice() else { panic!("{instructions:?}") };
        assert!(matches!(action.as_ref(), Instruction::PutFromHand { query: CardQuery::Filter { basic: false, .. }, tapped: false }), "{action:?}");
        let a = ok("When this creature enters, you may put a basic land card from your hand onto the battlefield tapped.", "Elvish Pioneer", CREATURE);
        let [Ability::Triggered { effect, .. }] = a.as_slice() else { panic!("{a:?}") };
        let [Instruction::MayOrElse { action, .. }] = effect.instructions.as_slice() else { panic!("{effect:?}") };
        assert!(matches!(action.as_ref(), Instruction::PutFromHand { query: CardQuery::Filter { basic: true, .. }, tapped: true }), "{action:?}");
        // Planebound Accomplice, Deathrender: "it" is the card put, which nothing names yet.
        assert_eq!(errs("{R}: You may put a planeswalker card from your hand onto the battlefield. Sacrifice it at the beginning of the next end step.", "Planebound Accomplice", CREATURE).len(), 1);
        assert_eq!(errs("Whenever equipped creature dies, you may put a creature card from your hand onto the battlefield and attach this Equipment to it.", "Deathrender", &[Artifact]).len(), 1);
    }

    /// "Search your library for up to two basic land cards" (701.23b); "up to" before a
    /// quantity of any cards is refused (701.23d would make the search find them all).
    #[test]
    fn search_for_up_to_n_cards_with_a_quality() {
        let a = ok("Search your library for up to two basic land cards, put them onto the battlefield, then shuffle.", "Harrow", SORCERY);
        let [Ability::Spell(Effect { instructions, .. })] = a.as_slice() else { panic!("{a:?}") };
        assert!(matches!(instructions.first(), Some(Instruction::Search(Search { count: Some(2), query: CardQuery::Filter { basic: true, .. }, dest: SearchDest::Battlefield { tapped: false }, .. }))), "{instructions:?}");
        assert_eq!(errs("Search your library for up to two cards, put them into your hand, then shuffle.", "Test", SORCERY).len(), 1);
    }
}

#[cfg(test)]
mod coin_flip_tests {
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, CardType::*, Effect, Instruction};

    /// "Flip a coin. If you win the flip, … If you lose the flip, …" (705), on real cards; a
    /// mana ability whose mana depends on the flip is refused (605.1a).
    #[test]
    fn flip_a_coin_with_its_outcomes() {
        let a = ok("Flip a coin. If you win the flip, destroy all creatures with power 2 or less. If you lose the flip, destroy all creatures with power 3 or greater.", "Puppet's Verdict", INSTANT);
        let [Ability::Spell(Effect { instructions, .. })] = a.as_slice() else { panic!("{a:?}") };
        let [Instruction::FlipCoin { won, lost }] = instructions.as_slice() else { panic!("{instructions:?}") };
        assert!(matches!((won.as_slice(), lost.as_slice()), ([Instruction::Destroy(_)], [Instruction::Destroy(_)])), "{won:?} {lost:?}");
        // Mana Crypt: only a losing outcome.
        let a = ok("At the beginning of your upkeep, flip a coin. If you lose the flip, this artifact deals 3 damage to you.\n{T}: Add {C}{C}.", "Mana Crypt", &[Artifact]);
        let Ability::Triggered { effect, .. } = &a[0] else { panic!("{a:?}") };
        assert!(matches!(effect.instructions.as_slice(), [Instruction::FlipCoin { won, lost }] if won.is_empty() && lost.len() == 1), "{effect:?}");
        // Goblin Archaeologist: the target of a branch is still chosen as the ability is activated.
        let a = ok("{R}, {T}: Flip a coin. If you win the flip, destroy target artifact and untap this creature. If you lose the flip, sacrifice this creature.", "Goblin Archaeologist", CREATURE);
        assert!(matches!(&a[0], Ability::Activated { effect, mana: false, .. } if effect.targets.len() == 1));
        // Mana Screw would be a mana ability adding mana on one outcome only: refused.
        assert_eq!(errs("{1}: Flip a coin. If you win the flip, add {C}{C}. Activate only as an instant.", "Mana Screw", &[Artifact]).len(), 1);
        // "If you win the flip" without a flip before it.
        assert_eq!(errs("If you win the flip, draw a card.", "Test", SORCERY).len(), 1);
    }
}

#[cfg(test)]
mod return_chosen_tests {
    use super::super::test_util::*;
    use crate::cards::ir::{Ability, CardType::*, ControllerFilter, Instruction};

    /// "Return a land you control to its owner's hand" (Azorius Chancery) and "return another
    /// creature you control …" (Havengul Skaab): a choice on resolution, not a target; without
    /// "you control" the words are not this instruction.
    #[test]
    fn return_a_permanent_you_control() {
        let a = ok("This land enters tapped.\nWhen this land enters, return a land you control to its owner's hand.\n{T}: Add {W}{U}.", "Azorius Chancery", &[Land]);
        let Ability::Triggered { effect, .. } = &a[1] else { panic!("{a:?}") };
        assert!(effect.targets.is_empty());
        assert!(matches!(effect.instructions.as_slice(), [Instruction::ReturnChosen { filter, another: false }] if filter.controller == ControllerFilter::You), "{effect:?}");
        let a = ok("Whenever this creature attacks, return another creature you control to its owner's hand.", "Havengul Skaab", CREATURE);
        let Ability::Triggered { effect, .. } = &a[0] else { panic!("{a:?}") };
        assert!(matches!(effect.instructions.as_slice(), [Instruction::ReturnChosen { another: true, .. }]), "{effect:?}");
        assert_eq!(errs("Return a creature to its owner's hand.", "Test", SORCERY).len(), 1);
    }

    #[test]
    fn a_target_creature_as_the_source_of_damage() {
        use crate::cards::ir::{Affected, Amount, Stat, StatOf};
        // 120.1: "Target creature you control deals damage equal to its power to …" — the
        // first target is the source, "its" its power.
        let bite = ok("Target creature you control deals damage equal to its power to target creature you don't control.", "Rabid Bite", SORCERY);
        let Ability::Spell(e) = &bite[0] else { panic!("{bite:?}") };
        assert_eq!(e.targets.len(), 2);
        assert_eq!(e.instructions, vec![Instruction::DealDamageBy { by: Affected::Target(0), amount: Amount::Stat { of: StatOf::Target(0), stat: Stat::Power }, to: Affected::Target(1) }]);
        let down = ok("Target creature you control deals damage equal to its power to target creature or planeswalker you don't control.", "Bite Down", INSTANT);
        assert!(matches!(&down[0], Ability::Spell(e) if matches!(e.instructions.as_slice(), [Instruction::DealDamageBy { .. }])));
        // An excess-damage rider is still refused, so the whole spell is.
        assert!(!errs("Target creature you control deals damage equal to its power to target creature you don't control. If the creature you control has trample, excess damage is dealt to that creature's controller instead.", "Ram Through", SORCERY).is_empty());
    }

    #[test]
    fn until_your_next_turn() {
        use crate::cards::ir::{Affected, Change, Hold, Keyword};
        // 611.2a: "until your next turn" closes the same parts as "until end of turn".
        let fear = ok("Flying\nWhenever this creature attacks, target creature defending player controls gets -2/-0 and loses flying until your next turn.", "Fear of Falling", CREATURE);
        let Ability::Triggered { effect, .. } = &fear[1] else { panic!("{fear:?}") };
        assert_eq!(effect.instructions, vec![Instruction::Continuous { what: Affected::Target(0), changes: vec![Change::Pt(-2, 0), Change::Lose(Keyword::Flying)], until_end_of_turn: false, hold: Some(Hold::UntilYourNextTurn) }]);
        let mouth = ok("Flying\nWard {2} (Whenever this creature becomes the target of a spell or ability an opponent controls, counter it unless that player pays {2}.)\nWhen this creature enters, creatures your opponents control get -3/-0 until your next turn.", "Mouth of the Storm", CREATURE);
        let Ability::Triggered { effect, .. } = &mouth[2] else { panic!("{mouth:?}") };
        assert!(matches!(&effect.instructions[..], [Instruction::Continuous { what: Affected::EachPermanent(_), changes, hold: Some(Hold::UntilYourNextTurn), .. }] if changes == &vec![Change::Pt(-3, 0)]));
        // A part that can't be made to last (an X amount) refuses the whole sentence.
        assert!(!errs("Target creature gets +X/+0 until your next turn.", "Odd Sorcery", SORCERY).is_empty());
    }
}
