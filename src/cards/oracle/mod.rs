//! The Oracle-text compiler: card text → typed ability IR ([`crate::cards::ir`]).
//!
//! A hand-written recursive-descent parser over a token stream ([`lexer`]). Each template
//! family has its own module: [`mana`] (mana symbols and costs), [`costs`] (activated-ability
//! costs), [`targets`] (target phrases and filters), [`effects`] (instructions and their
//! conjunctions) and [`keywords`]. [`parser`] holds the shared cursor and error ranges.
//!
//! Text structure: lines are separated by `\n`; reminder text in parentheses is not rules
//! text and is skipped. An instant's or sorcery's non-keyword text is one spell ability; a
//! permanent's lines are each a keyword list or an activated ability "[Cost]: [Effect]."

pub mod conditions;
pub mod copies;
pub mod costs;
pub mod effects;
pub mod keywords;
pub mod lexer;
pub mod mana;
pub mod meld;
pub mod parser;
pub mod statics;
pub mod targets;
pub mod tokens;
pub mod triggers;
pub mod unread;
#[cfg(test)]
mod designations_tests;
#[cfg(test)]
mod cast_option_tests;
#[cfg(test)]
mod zone_tests;
#[cfg(test)]
mod modes_tests;
#[cfg(test)]
mod grammar_tests;
#[cfg(test)]
mod amount_tests;
#[cfg(test)]
mod spell_conditions_tests;

use crate::cards::ir::{self as ir, Ability, AdditionalCost, CardType, Effect, Instruction, ManaCost, Modal, Mode};
use lexer::Tok;
use parser::Parser;

/// Text the compiler could not read: a byte range of the card's text and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OracleError {
    /// Byte range within the text passed to [`compile`].
    pub start: usize,
    pub end: usize,
    pub message: String,
}

impl std::fmt::Display for OracleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}..{}: {}", self.start, self.end, self.message)
    }
}

impl std::error::Error for OracleError {}

/// The lines of a text with their byte offsets. A sentence "As it enters, …" that follows
/// another on the same line ("This land enters tapped. As it enters, choose a color.") is an
/// ability of its own (614.12), so it is read as a line of its own.
fn lines(text: &str) -> Vec<(&str, usize)> {
    const SPLIT: &str = ". As it enters,";
    let mut out: Vec<(&str, usize)> = Vec::new();
    let mut offset = 0;
    for line in text.split('\n') {
        // A row of a die roll's results table ("1—9 | Draw two cards.") belongs to the ability
        // of the roll above it (706.3b).
        if let Some(last) = out.last_mut()
            && is_die_row(line)
            && last.0.to_lowercase().contains("roll")
        {
            let (_, base): (&str, usize) = *last;
            *last = (&text[base..offset + line.len()], base);
            offset += line.len() + 1;
            continue;
        }
        let mut start = 0;
        while let Some(i) = line[start..].find(SPLIT) {
            let cut = start + i + 1;
            out.push((&line[start..cut], offset + start));
            start = cut + 1;
        }
        out.push((&line[start..], offset + start));
        offset += line.len() + 1;
    }
    out
}

/// Whether a line is a row of a die roll's results table: "1—9 | …", "15+ | …", "20 | …".
fn is_die_row(line: &str) -> bool {
    let rest = line.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() == line.len() {
        return false;
    }
    let rest = rest.strip_prefix('+').or_else(|| rest.strip_prefix('—').map(|r| r.trim_start_matches(|c: char| c.is_ascii_digit()))).unwrap_or(rest);
    rest.starts_with(" | ")
}

/// Compiles a card's Oracle text into abilities, in text order.
///
/// `name` is the card's name (self-references), `types` its card types (an instant's or
/// sorcery's text is its spell ability; a permanent's lines are its abilities).
///
/// # Errors
/// Every part of the text that is outside the supported templates, each with its byte range.
pub fn compile(text: &str, name: &str, types: &[CardType]) -> Result<Vec<Ability>, Vec<OracleError>> {
    let r = read(text, name, types);
    if r.errors.is_empty() { Ok(r.abilities) } else { Err(r.errors) }
}

/// A card's text as far as it can be read: every ability in text order, those the compiler
/// can't read kept as [`Ability::Unread`] of their kind ([`unread`]), and every error.
#[derive(Debug, Clone, Default)]
pub struct Reading {
    pub abilities: Vec<Ability>,
    pub errors: Vec<OracleError>,
}

impl Reading {
    /// The unread abilities.
    pub fn unread(&self) -> impl Iterator<Item = &crate::cards::ir::Unread> {
        self.abilities.iter().filter_map(|a| match a {
            Ability::Unread(u) => Some(&**u),
            _ => None,
        })
    }

    /// Errors that no unread ability accounts for: unread text silently dropped. Always empty
    /// unless the compiler has a bug (the fuzz test and `judge cards coverage` check it).
    pub fn unaccounted(&self, text: &str) -> Vec<&OracleError> {
        self.errors
            .iter()
            .filter(|e| {
                let words = text.get(e.start..e.end).unwrap_or("").trim();
                !self.unread().any(|u| (u.at.0 < e.end.max(e.start + 1) && e.start < u.at.1.max(u.at.0 + 1)) || u.text.contains(words))
            })
            .collect()
    }

    /// The unread abilities nothing can place: with one of them the card can't be used.
    pub fn unusable(&self) -> impl Iterator<Item = &crate::cards::ir::Unread> {
        self.unread().filter(|u| u.moment == crate::cards::ir::Moment::Load)
    }
}

/// A level symbol line of a leveler card (711.2): "LEVEL 2-6" is `(2, Some(6))`, "LEVEL 7+"
/// is `(7, None)`.
fn level_symbol(line: &str) -> Option<(u32, Option<u32>)> {
    let rest = line.trim().strip_prefix("LEVEL ")?;
    if let Some(n) = rest.strip_suffix('+') {
        return Some((n.parse().ok()?, None));
    }
    let (a, b) = rest.split_once('-')?;
    Some((a.parse().ok()?, Some(b.parse().ok()?)))
}

/// Where the first level symbol line of a leveler card starts, if it has one.
fn first_level_symbol(text: &str) -> Option<usize> {
    let mut offset = 0;
    for line in text.split('\n') {
        if level_symbol(line).is_some() {
            return Some(offset);
        }
        offset += line.len() + 1;
    }
    None
}

/// The level stripes of a leveler card from `at` on (711.2): each level symbol with the
/// power/toughness box and abilities printed under it, read as one static ability of the
/// permanent — "as long as it has N1 to N2 (or N3 or more) level counters, it has base power
/// and toughness P/T and these abilities" (711.2a–b). A stripe with a line the compiler can't
/// read is unread as a whole, mattering once the card is on the battlefield.
fn level_stripes(text: &str, at: usize, name: &str, types: &[CardType], r: &mut Reading) {
    use crate::cards::ir::{Change, Condition, CounterKind, Moment, PtValue, StaticEffect, StaticSubject, Unread, UnreadKind};
    let mut lines: Vec<(&str, usize)> = Vec::new();
    let mut offset = at;
    for line in text[at..].split('\n') {
        lines.push((line, offset));
        offset += line.len() + 1;
    }
    let mut i = 0;
    while i < lines.len() {
        let (header, start) = lines[i];
        let Some((min, max)) = level_symbol(header) else {
            // Text after the stripes that belongs to none (never printed so): refused.
            let e = OracleError { start, end: start + header.len(), message: format!("\"{}\": expected a level symbol (\"LEVEL 2-6\", \"LEVEL 7+\")", header.trim()) };
            r.abilities.push(Ability::Unread(Box::new(Unread { kind: UnreadKind::Static, moment: Moment::Load, text: header.trim().to_owned(), words: header.trim().to_owned(), expected: "a level symbol".into(), at: (e.start, e.end) })));
            r.errors.push(e);
            i += 1;
            continue;
        };
        i += 1;
        let mut changes = Vec::new();
        // Static abilities of the stripe that affect other objects: each its own static
        // ability under the stripe's level condition (the stripe gives the permanent the
        // ability, which then applies as long as the permanent has it).
        let mut others: Vec<StaticEffect> = Vec::new();
        let mut failed: Option<OracleError> = None;
        let mut end = start + header.len();
        if let Some(&(pt, pt_at)) = lines.get(i)
            && let Some((p, t)) = pt.trim().split_once('/').and_then(|(p, t)| Some((p.parse::<i32>().ok()?, t.parse::<i32>().ok()?)))
        {
            changes.push(Change::SetPt(PtValue::Fixed(p), PtValue::Fixed(t)));
            end = pt_at + pt.len();
            i += 1;
        }
        while let Some(&(line, line_at)) = lines.get(i) {
            if level_symbol(line).is_some() {
                break;
            }
            i += 1;
            end = line_at + line.len();
            match compile(line, name, types) {
                Ok(abilities) => {
                    for a in abilities {
                        changes.push(match a {
                            Ability::Keyword(k) => Change::Grant(k),
                            // "This creature gets …": the stripe's own changes.
                            Ability::Static(StaticEffect { subject: StaticSubject::This, changes: mut these, condition: None }) => {
                                changes.append(&mut these);
                                continue;
                            }
                            // "Other creatures you control get +1/+1.": its own static ability.
                            Ability::Static(st) if st.condition.is_none() => {
                                others.push(st);
                                continue;
                            }
                            // A static ability with a condition of its own: the engine applies
                            // no static ability an effect gives, so it is refused.
                            Ability::Static(_) => {
                                if failed.is_none() {
                                    failed = Some(OracleError { start: line_at, end: line_at + line.len(), message: format!("\"{}\": expected a static ability without a condition of its own in a level stripe (not supported yet)", line.trim()) });
                                }
                                continue;
                            }
                            other => Change::GrantAbility { ability: Box::new(other), text: line.trim().to_owned() },
                        });
                    }
                }
                Err(es) => {
                    if failed.is_none() {
                        let e = es.into_iter().next().unwrap_or(OracleError { start: 0, end: line.len(), message: String::new() });
                        failed = Some(OracleError { start: line_at + e.start, end: line_at + e.end, message: e.message });
                    }
                }
            }
        }
        let stripe = text[start..end].trim().to_owned();
        if let Some(e) = failed {
            let words = text.get(e.start..e.end).unwrap_or("").trim().to_owned();
            let expected = e.message.split_once("; expected ").map_or_else(|| e.message.clone(), |(_, x)| x.to_owned());
            r.abilities.push(Ability::Unread(Box::new(Unread { kind: UnreadKind::Static, moment: Moment::Battlefield, text: stripe, words, expected, at: (e.start, e.end) })));
            r.errors.push(e);
            continue;
        }
        let level = Condition::SourceCountersRange { kind: CounterKind::Named("level".to_owned()), min, max };
        r.abilities.push(Ability::Static(StaticEffect { subject: StaticSubject::This, changes, condition: Some(level.clone()) }));
        for st in others {
            r.abilities.push(Ability::Static(StaticEffect { condition: Some(level.clone()), ..st }));
        }
    }
}

/// "Max speed — [ability]" (702.178a): a static ability giving the object the ability as long
/// as its controller has max speed (702.179e), the ability read as a line of its own. An
/// ability that works outside the battlefield ("this card" in a graveyard or hand, 702.178b)
/// is refused: the static works only on the battlefield here. `at`: where the ability starts
/// in the card's text.
fn max_speed(text: &str, at: usize, name: &str, types: &[CardType]) -> Result<Ability, OracleError> {
    use crate::cards::ir::{Change, Condition, StaticEffect, StaticSubject};
    let line = &text[at..text[at..].find('\n').map_or(text.len(), |e| at + e)];
    let shift = |e: OracleError| OracleError { start: at + e.start, end: at + e.end, message: e.message };
    if let Some(i) = line.find("this card") {
        return Err(OracleError { start: at + i, end: at + i + "this card".len(), message: "\"this card\": expected a max speed ability that works on the battlefield (one working from another zone, 702.178b, is not supported yet)".into() });
    }
    let inner = compile(line, name, types).map_err(|es| es.into_iter().next().map_or(OracleError { start: at, end: at + line.len(), message: String::new() }, shift))?;
    let mut changes = Vec::new();
    for a in inner {
        changes.push(match a {
            Ability::Keyword(k) => Change::Grant(k),
            // "This creature gets +1/+1 and has menace": its changes, under the max speed
            // condition.
            Ability::Static(StaticEffect { subject: StaticSubject::This, changes: mut these, condition: None }) => {
                changes.append(&mut these);
                continue;
            }
            Ability::Triggered { .. } | Ability::Activated { .. } => Change::GrantAbility { ability: Box::new(a), text: line.trim().to_owned() },
            _ => return Err(OracleError { start: at, end: at + line.len(), message: format!("\"{}\": expected a keyword, a triggered or activated ability, or a static ability of this object alone after \"Max speed —\" (not supported yet)", line.trim()) }),
        });
    }
    Ok(Ability::Static(StaticEffect { subject: StaticSubject::This, changes, condition: Some(Condition::MaxSpeed) }))
}

/// Reads a card's Oracle text: [`compile`], keeping what it can't read as unread abilities.
#[must_use]
#[expect(clippy::too_many_lines, reason = "one pass over the lines with the state that spans them (modes, the spell's sentences)")]
pub fn read(text: &str, name: &str, types: &[CardType]) -> Reading {
    // A leveler card (711): its level stripes follow the abilities printed above them.
    if let Some(at) = first_level_symbol(text) {
        let mut r = read(&text[..at.saturating_sub(1)], name, types);
        level_stripes(text, at, name, types, &mut r);
        return r;
    }
    let names = self_names(name);
    let is_spell = types.iter().any(|t| matches!(t, CardType::Instant | CardType::Sorcery));
    let mut abilities = Vec::new();
    let mut errors = Vec::new();
    // For a spell: where its spell ability goes (the first non-keyword line) and its effect,
    // which collects the sentences of every line so target indices stay distinct.
    let mut spell: Option<(usize, Effect)> = None;
    // The spell's lines and its first error: a spell ability is read whole or not at all.
    let mut spell_lines: Vec<&str> = Vec::new();
    let mut spell_error: Option<OracleError> = None;

    // An open "Choose one —" and the modes read so far (700.2).
    let mut modal: Option<(usize, Modal)> = None;
    // A modal triggered ability whose "•" modes follow: its index and how its text refers to
    // what triggered it.
    let mut trigger_modes: Option<(usize, bool, bool)> = None;
    // The lines of the modal triggered ability being read, for its text if a mode is unread.
    let mut modal_lines = String::new();
    // An "Overload {cost}" line: its byte range.
    let mut overload: Option<(usize, usize)> = None;
    for (line, base) in lines(text) {
        let mut toks = lexer::lex(line, base, &names);
        strip_ability_word(&mut toks);
        if toks.is_empty() {
            continue; // blank, or only reminder text
        }
        // "This land enters tapped with two charge counters on it.": one line, two abilities.
        if !is_spell {
            let mut p = Parser::new(text, toks.clone(), Effect::default(), false);
            if statics::is_enters_line(&p) {
                match statics::parse_enters_line(&mut p) {
                    Ok(mut a) => abilities.append(&mut a),
                    Err(f) => {
                        let e = p.error(&f);
                        abilities.extend(unread::line(text, &toks, is_spell, &e));
                        errors.push(e);
                    }
                }
                continue;
            }
        }
        // "Max speed — [ability]" (702.178a), or another line of its own kind.
        let max_speed_line = !is_spell && toks.len() > 3 && toks[0].is_word("max") && toks[1].is_word("speed") && toks[2].is_punct('—');
        let special = if max_speed_line { Some(max_speed(text, toks[3].start, name, types)) } else { special_line(text, &toks, is_spell) };
        if let Some(special) = special {
            match special {
                Ok(a) => {
                    if matches!(a, Ability::Overload { .. }) {
                        overload = Some((base, base + line.len()));
                    }
                    abilities.push(a);
                }
                Err(e) => {
                    let read = unread::line(text, &toks, is_spell, &e);
                    keep_error(&mut errors, e, &read);
                    abilities.extend(read);
                }
            }
            continue;
        }
        if let Some((at, trigger_object, trigger_player)) = trigger_modes
            && toks[0].is_punct('•')
        {
            let Some(Ability::Triggered { effect, .. } | Ability::Activated { effect, .. }) = abilities.get_mut(at) else {
                // Its header was read but a mode before this one was not: the rest of its text.
                if let Some(Ability::Unread(u)) = abilities.get_mut(at) {
                    u.text.push('\n');
                    u.text.push_str(line.trim());
                }
                continue;
            };
            let first = effect.targets.len();
            let mut p = Parser::new(text, toks[1..].to_vec(), std::mem::take(effect), true);
            p.trigger_object = trigger_object;
            p.trigger_player = trigger_player;
            let mut fails = effects::parse_sentences(&mut p);
            if fails.is_empty()
                && matches!(abilities.get(at), Some(Ability::Activated { .. }))
                && p.effect.instructions.iter().any(Instruction::adds_mana)
            {
                // 605.1a: an ability with a mode that adds mana would be a mana ability, whose
                // modes the engine does not model.
                fails.push(parser::Fail { at: 0, expected: "a mode that adds no mana (modal mana abilities are not supported yet)".into() });
            }
            let failed = !fails.is_empty();
            for f in fails.drain(..) {
                errors.push(p.error(&f));
            }
            let instructions = std::mem::take(&mut p.effect.instructions);
            let slots = (first..p.effect.targets.len()).collect();
            if let Some(m) = &mut p.effect.modal {
                m.modes.push(Mode { slots, instructions });
            }
            if let Some(Ability::Triggered { effect, .. } | Ability::Activated { effect, .. }) = abilities.get_mut(at) {
                *effect = p.effect;
            }
            modal_lines.push('\n');
            modal_lines.push_str(line.trim());
            if failed {
                let err = errors.last().cloned().unwrap_or(OracleError { start: base, end: base, message: String::new() });
                match abilities.get(at) {
                    Some(Ability::Triggered { trigger, .. }) => {
                        let trigger = (**trigger).clone();
                        abilities[at] = unread::trigger_effect(trigger, modal_lines.clone(), unread::error_words(text, &err));
                    }
                    Some(Ability::Activated { .. }) => abilities[at] = unread::activated(modal_lines.clone(), unread::error_words(text, &err)),
                    _ => {}
                }
            }
            continue;
        }
        trigger_modes = None;
        if is_spell && let Some((min, max, repeat)) = spell_modal_header(&toks) {
            modal = Some((0, Modal { min, max, modes: Vec::new(), repeat, spree: Vec::new(), fresh: None }));
            spell_lines.push(line.trim());
            continue;
        }
        // "Spree" (702.172a): choose one or more of the "+ {cost} —" modes that follow.
        if is_spell && toks.len() == 1 && toks[0].is_word("spree") {
            modal = Some((0, Modal { min: 1, max: 0, modes: Vec::new(), repeat: false, spree: Vec::new(), fresh: None }));
            spell_lines.push(line.trim());
            continue;
        }
        // A spree mode, "+ {2} — Destroy target artifact.": its additional cost, then its text.
        let spree_mode = match &modal {
            Some((_, m)) if m.max == 0 && m.min == 1 && toks[0].is_punct('+') => Some(spree_mode_cost(&toks)),
            _ => None,
        };
        if let Some(Some((_, cost))) = &spree_mode
            && let Some((_, m)) = &mut modal
        {
            m.spree.push(cost.clone());
        }
        let body = match spree_mode {
            Some(Some((k, _))) => Some(k),
            Some(None) => {
                let e = OracleError { start: toks[0].start, end: toks.last().map_or(toks[0].end, |t| t.end), message: "a spree mode: \"+ {cost} — [text]\"".into() };
                spell_error.get_or_insert_with(|| e.clone());
                errors.push(e);
                spell_lines.push(line.trim());
                continue;
            }
            None => toks[0].is_punct('•').then_some(1),
        };
        if let Some((_, m)) = &mut modal
            && let Some(body) = body
        {
            let (at, mut effect) = spell.take().unwrap_or((abilities.len(), Effect::default()));
            let first = effect.targets.len();
            let mut p = Parser::new(text, toks[body..].to_vec(), std::mem::take(&mut effect), false);
            for f in effects::parse_sentences(&mut p) {
                let e = p.error(&f);
                spell_error.get_or_insert_with(|| e.clone());
                errors.push(e);
            }
            let instructions = std::mem::take(&mut p.effect.instructions);
            m.modes.push(Mode { slots: (first..p.effect.targets.len()).collect(), instructions });
            spell = Some((at, p.effect));
            spell_lines.push(line.trim());
            continue;
        }
        if is_spell {
            let mut p = Parser::new(text, toks, Effect::default(), false);
            if keywords::is_keyword_line(&p) {
                let start = p.pos;
                match keywords::parse_keyword_line(&mut p) {
                    Ok(ks) if ks.contains(&ir::Keyword::Ascend) => {
                        // 702.131a: on an instant or sorcery, ascend is a spell ability done as
                        // the spell resolves, which the engine doesn't do yet.
                        let f = parser::Fail { at: start, expected: "text the engine can model: ascend on an instant or sorcery spell (702.131a) is not supported yet".into() };
                        let e = p.error(&f);
                        abilities.push(unread::spell_keyword(text, &p.toks, unread::error_words(text, &e)));
                        errors.push(e);
                    }
                    Ok(ks) if !ks.iter().any(|k| permanent_only(*k)) => abilities.extend(ks.into_iter().map(Ability::Keyword)),
                    Ok(ks) => {
                        let f = parser::Fail { at: start, expected: format!("text the engine can model: no rule gives {} a meaning on an instant or sorcery spell", ks.iter().filter(|k| permanent_only(**k)).map(|k| k.name()).collect::<Vec<_>>().join(", ")) };
                        let e = p.error(&f);
                        abilities.push(unread::spell_keyword(text, &p.toks, unread::error_words(text, &e)));
                        errors.push(e);
                    }
                    Err(f) => {
                        let e = p.error(&f);
                        let read = unread::line(text, &p.toks, is_spell, &e);
                        keep_error(&mut errors, e, &read);
                        abilities.extend(read);
                    }
                }
                continue;
            }
            let (at, effect) = spell.take().unwrap_or((abilities.len(), Effect::default()));
            p.effect = effect;
            p.spell = true;
            p.sacrifice_cost = abilities.iter().any(|a| matches!(a, Ability::AdditionalCost(crate::cards::ir::AdditionalCost::Sacrifice(_))));
            for f in effects::parse_sentences(&mut p) {
                let e = p.error(&f);
                spell_error.get_or_insert_with(|| e.clone());
                errors.push(e);
            }
            spell = Some((at, p.effect));
            spell_lines.push(line.trim());
        } else {
            let mut p = Parser::new(text, toks, Effect::default(), true);
            match compile_permanent_line(&mut p) {
                Ok(mut abs) => {
                    if let [Ability::Triggered { effect: Effect { modal: Some(m), .. }, .. } | Ability::Activated { effect: Effect { modal: Some(m), .. }, .. }] = abs.as_slice()
                        && m.modes.is_empty()
                    {
                        trigger_modes = Some((abilities.len(), p.trigger_object, p.trigger_player));
                        line.trim().clone_into(&mut modal_lines);
                    }
                    abilities.append(&mut abs);
                }
                Err(mut errs) => {
                    if p.toks[0].is_punct('•')
                        && let Some(Ability::Unread(u)) = abilities.last_mut()
                    {
                        // A mode of an unread modal ability: part of it.
                        u.text.push('\n');
                        u.text.push_str(line.trim());
                    } else if let Some(e) = errs.first() {
                        let read = unread::line(text, &p.toks, is_spell, e);
                        if !read.iter().any(|a| matches!(a, Ability::Unread(_))) {
                            // Read keyword by keyword, the whole line is understood.
                            errs.clear();
                        }
                        abilities.extend(read);
                    }
                    errors.append(&mut errs);
                }
            }
        }
    }
    if abilities.iter().any(|a| matches!(a, Ability::Triggered { effect: Effect { modal: Some(m), .. }, .. } | Ability::Activated { effect: Effect { modal: Some(m), .. }, .. } if m.modes.is_empty())) {
        let e = OracleError { start: 0, end: text.len(), message: "a triggered or activated \"choose …\" with no \"•\" modes after it".into() };
        abilities.push(unread::unplaceable(text.to_owned(), unread::error_words(text, &e)));
        errors.push(e);
    }
    if let Some((_, mut m)) = modal {
        // Spree: any number of its modes, at least one (702.172a).
        if !m.spree.is_empty() {
            m.max = u32::try_from(m.modes.len()).unwrap_or(u32::MAX);
        }
        if m.modes.is_empty() {
            let e = OracleError { start: 0, end: text.len(), message: "a \"Choose …\" line with no \"•\" modes after it".into() };
            spell_error.get_or_insert_with(|| e.clone());
            errors.push(e);
        } else if let Some((_, e)) = &mut spell {
            e.modal = Some(m);
        }
    }
    if let Some((at, effect)) = spell {
        // A spell has no trigger, so its "that many" counts what an earlier instruction did
        // ("Return up to three … Create that many …"), which judge doesn't track yet: unread,
        // never a count of 0. (A quoted triggered ability of a token has its own.)
        if spell_error.is_none()
            && effect.instructions.iter().any(|i| serde_json::to_string(i).is_ok_and(|s| s.contains("ThatMuch") && !s.contains("Triggered")))
            && let Some(start) = text.find("that many").or_else(|| text.find("that much"))
        {
            let e = OracleError { start, end: start + "that many".len(), message: "a number that doesn't depend on what an earlier instruction did".into() };
            spell_error = Some(e.clone());
            errors.push(e);
        }
        let ability = match &spell_error {
            Some(e) => unread::spell(spell_lines.join("\n"), unread::error_words(text, e)),
            None => Ability::Spell(effect),
        };
        abilities.insert(at.min(abilities.len()), ability);
    } else if let Some(e) = &spell_error {
        abilities.push(unread::spell(spell_lines.join("\n"), unread::error_words(text, e)));
    }
    if let Some(range) = overload {
        overloaded(text, name, types, &spell_lines, range, &mut abilities, &mut errors);
    }
    linked_exile(text, &mut abilities, &mut errors);
    Reading { abilities, errors }
}

/// "Return the exiled card …" names what the card's one other ability that exiles exiled
/// (607.2a: the two are linked). With no such ability, or several, which cards it means is
/// not read: the ability is left unread.
fn linked_exile(text: &str, abilities: &mut [Ability], errors: &mut Vec<OracleError>) {
    let json = |a: &Ability| serde_json::to_string(a).unwrap_or_default();
    let Some(at) = abilities.iter().position(|a| !matches!(a, Ability::Unread(_)) && json(a).contains("\"ExiledBySource\"")) else { return };
    let exiling = abilities.iter().enumerate().filter(|(i, a)| *i != at && json(a).contains("{\"Exile\":")).count();
    if exiling == 1 && !json(&abilities[at]).contains("{\"Exile\":") {
        return;
    }
    let start = text.find("the exiled card").unwrap_or(0);
    let e = OracleError { start, end: start + "the exiled card".len(), message: "\"the exiled card\": expected one other ability of this card that exiles (607.2a)".into() };
    let words = unread::error_words(text, &e);
    let line = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_text = text[line..].split('\n').next().unwrap_or("").to_owned();
    abilities[at] = match &abilities[at] {
        Ability::Triggered { trigger, .. } => unread::trigger_effect((**trigger).clone(), line_text, words),
        Ability::Activated { .. } => unread::activated(line_text, words),
        _ => unread::unplaceable(line_text, words),
    };
    errors.push(e);
}

/// Reads the spell ability of a card with overload with its text changed (702.96a): every
/// word "target" replaced with "each". The overload ability keeps that effect; when the
/// changed text can't be read in full, the overload ability is unread (the spell stays usable
/// for its mana cost).
fn overloaded(text: &str, name: &str, types: &[CardType], spell_lines: &[&str], (start, end): (usize, usize), abilities: &mut [Ability], errors: &mut Vec<OracleError>) {
    let Some(at) = abilities.iter().position(|a| matches!(a, Ability::Overload { .. })) else { return };
    let changed = each_for_target(&spell_lines.join("\n"));
    let r = read(&changed, name, types);
    let effect = match r.abilities.as_slice() {
        [Ability::Spell(e)] if r.errors.is_empty() && spell_lines.iter().any(|l| l.contains("target") || l.contains("Target")) => Some(e.clone()),
        _ => None,
    };
    let (Some(effect), Some(Ability::Overload { effect: slot, .. })) = (effect, abilities.get_mut(at)) else {
        let e = OracleError { start, end, message: format!("the spell's text with \"each\" for \"target\" (702.96a) read in full: \"{changed}\"") };
        if let Some(a) = abilities.get_mut(at) {
            *a = unread::cast_keyword(text.get(start..end).unwrap_or("").trim().to_owned(), unread::error_words(text, &e));
        }
        errors.push(e);
        return;
    };
    *slot = effect;
}

/// The text with every word "target" replaced with "each" (702.96a), keeping a capital.
fn each_for_target(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("arget") {
        let (before, after) = rest.split_at(i);
        let Some(first) = before.chars().last().filter(|c| *c == 't' || *c == 'T') else {
            out.push_str(&rest[..i + 5]);
            rest = &rest[i + 5..];
            continue;
        };
        let head = &before[..before.len() - 1];
        let word_start = head.chars().last().is_none_or(|c| !c.is_alphanumeric());
        let word_end = after[5..].chars().next().is_none_or(|c| !c.is_alphanumeric());
        out.push_str(head);
        if word_start && word_end {
            out.push_str(if first == 'T' { "Each" } else { "each" });
        } else {
            out.push(first);
            out.push_str("arget");
        }
        rest = &after[5..];
    }
    out.push_str(rest);
    out
}

/// Keeps the error of a line unless reading it piece by piece left nothing unread (a keyword
/// list whose keywords each read on their own: "Flying, protection from red").
fn keep_error(errors: &mut Vec<OracleError>, e: OracleError, read: &[Ability]) {
    if read.iter().any(|a| matches!(a, Ability::Unread(_))) {
        errors.push(e);
    }
}

/// Keywords whose rules speak only of permanents (creatures in combat, what can target or
/// destroy a permanent): on an instant or sorcery no rule gives them a meaning — "Trample" on
/// Super-Duper Death Ray — so such a line is refused rather than read as the creature keyword.
/// Deathtouch and lifelink would apply to a spell's damage (702.2b, 702.15b), which the engine
/// does not model for spells, so they are refused too. Flash, devoid, convoke and the like work
/// from the hand or the stack.
fn permanent_only(k: ir::Keyword) -> bool {
    use ir::Keyword as K;
    matches!(
        k,
        K::Flying | K::Reach | K::Haste | K::Vigilance | K::Defender | K::Hexproof | K::Shroud | K::Deathtouch | K::Lifelink
            | K::Indestructible | K::Riot | K::FirstStrike | K::DoubleStrike | K::Trample | K::Menace | K::Prowess
            | K::Plainswalk | K::Islandwalk | K::Swampwalk | K::Mountainwalk | K::Forestwalk
    )
}

/// "Choose one —", "Choose two —", "Choose one or both —", "Choose one or more —" (700.2).
pub(crate) fn modal_header(toks: &[lexer::Token]) -> Option<(u32, u32)> {
    let words: Vec<String> = toks.iter().filter_map(lexer::Token::word).collect();
    if !toks.last().is_some_and(|t| t.is_punct('—')) || words.first().map(String::as_str) != Some("choose") {
        return None;
    }
    let n = |w: &str| ["one", "two", "three", "four"].iter().position(|x| *x == w).map(|i| i as u32 + 1);
    match words.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["choose", a] => n(a).map(|k| (k, k)),
        ["choose", "one", "or", "both"] => Some((1, 2)),
        ["choose", "one", "or", "more"] => Some((1, u32::MAX)),
        // "choose up to one —" (700.2b: with no mode chosen, the ability leaves the stack).
        ["choose", "up", "to", a] => n(a).map(|k| (0, k)),
        _ => None,
    }
}

/// "Choose one that hasn't been chosen —" / "… hasn't been chosen this turn —": the header of
/// a modal triggered or activated ability whose modes are each chosen once (700.2).
pub(crate) fn fresh_modal_header(toks: &[lexer::Token]) -> Option<ir::FreshModes> {
    if !toks.last().is_some_and(|t| t.is_punct('—')) {
        return None;
    }
    let words: Vec<String> = toks.iter().filter_map(lexer::Token::word).map(|w| w.to_ascii_lowercase().replace('\u{2019}', "'")).collect();
    match words.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["choose", "one", "that", "hasn't", "been", "chosen"] => Some(ir::FreshModes::Ever),
        ["choose", "one", "that", "hasn't", "been", "chosen", "this", "turn"] => Some(ir::FreshModes::ThisTurn),
        _ => None,
    }
}

/// A spell's modal header: [`modal_header`], or "Choose three. You may choose the same mode
/// more than once." (700.2d), whose modes may repeat.
fn spell_modal_header(toks: &[lexer::Token]) -> Option<(u32, u32, bool)> {
    if let Some((min, max)) = modal_header(toks) {
        // "choose up to …" is read for abilities only.
        return (min > 0).then_some((min, max, false));
    }
    let words: Vec<String> = toks.iter().filter_map(lexer::Token::word).collect();
    let n = ["one", "two", "three", "four", "five"].iter().position(|x| words.first().is_some_and(|w| w == "choose") && words.get(1).is_some_and(|w| w == x))? as u32 + 1;
    let rest: Vec<&str> = words.iter().skip(2).map(String::as_str).collect();
    (rest == ["you", "may", "choose", "the", "same", "mode", "more", "than", "once"] && toks.last().is_some_and(|t| t.is_punct('.'))).then_some((n, n, true))
}

/// The cost of a spree mode line, "+ {1}{U} — …" (702.172a), and where its text starts.
fn spree_mode_cost(toks: &[lexer::Token]) -> Option<(usize, ManaCost)> {
    let mut symbols = String::new();
    let mut k = 1;
    while let Some(lexer::Tok::Symbol(s)) = toks.get(k).map(|t| &t.tok) {
        symbols.push('{');
        symbols.push_str(s);
        symbols.push('}');
        k += 1;
    }
    if symbols.is_empty() || !toks.get(k).is_some_and(|t| t.is_punct('—')) || k + 1 >= toks.len() {
        return None;
    }
    let cost = parse_mana_cost(&symbols).ok().filter(|c| c.x == 0)?;
    Some((k + 1, cost))
}

/// The ability words of 207.2c: they tie cards together but have no rules meaning, so a line
/// that starts with one ("Metalcraft — …") is read from after its dash.
const ABILITY_WORDS: &[&str] = &[
    "adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration", "channel", "chroma", "cohort", "constellation",
    "converge", "council's dilemma", "coven", "delirium", "descend 4", "descend 8", "domain", "eerie", "eminence", "enrage",
    "fateful hour", "fathomless descent", "ferocious", "flurry", "formidable", "grandeur", "hellbent", "heroic", "imprint",
    "inspired", "join forces", "kinship", "landfall", "lieutenant", "magecraft", "metalcraft", "morbid", "pack tactics",
    "paradox", "parley", "radiance", "raid", "rally", "renew", "revolt", "secret council", "spell mastery", "strive", "survival",
    "sweep", "tempting offer", "threshold", "undergrowth", "valiant", "vivid", "void", "will of the council",
];

/// Drops a leading ability word and its dash (207.2c).
fn strip_ability_word(toks: &mut Vec<lexer::Token>) {
    let words: Vec<String> = toks.iter().take(4).map_while(|t| t.word().or_else(|| if let Tok::Number(n) = t.tok { Some(n.to_string()) } else { None })).collect();
    for aw in ABILITY_WORDS {
        let parts: Vec<&str> = aw.split(' ').collect();
        let n = parts.len();
        let same = words.len() >= n && parts.iter().zip(&words).all(|(a, w)| w.replace('’', "'") == *a);
        if same && toks.get(n).is_some_and(|t| t.is_punct('—') || t.is_punct('-')) && toks.len() > n + 1 {
            toks.drain(..=n);
            return;
        }
    }
}

/// After "This spell costs": "{N} less to cast", "{N} more to cast", with "for each [counted]"
/// (601.2f): a change of the generic part of its own total cost.
fn self_cost_change(p: &mut Parser<'_>) -> parser::PResult<Ability> {
    let (generic, per) = cost_change(p, "cast")?;
    if !(p.eat_punct('.') && p.at_end() || p.at_end()) {
        return Err(p.fail("the end of the sentence (\"for each …\" is the only condition read here)"));
    }
    Ok(Ability::SelfCostChange { generic, per })
}

/// "{N} less to [cast/activate]" or "{N} more to …", with "for each [counted]" (601.2f,
/// 602.2b): the change of the generic mana, and what it is multiplied by.
pub(super) fn cost_change(p: &mut Parser<'_>, verb: &str) -> parser::PResult<(i32, Option<ir::Counted>)> {
    // "{X} less to cast, where X is your devotion to black": X is the count (601.2f).
    let x = p.peek().is_some_and(|t| matches!(&t.tok, Tok::Symbol(s) if s == "X"));
    let n = match p.peek().map(|t| t.tok.clone()) {
        Some(Tok::Symbol(s)) => s.parse::<i32>().ok(),
        _ => None,
    };
    let n = if x { Some(1) } else { n };
    let Some(n) = n else { return Err(p.fail("a generic mana amount such as {1}")) };
    p.bump();
    let sign = if p.eat_word("less") {
        -1
    } else if p.eat_word("more") {
        1
    } else {
        return Err(p.fail("\"less\" or \"more\""));
    };
    p.expect_words(&["to", verb])?;
    if x {
        if !(p.eat_punct(',') && p.eat_words(&["where", "x", "is"])) {
            return Err(p.fail("\", where X is …\""));
        }
        let at = p.pos;
        return match effects::quantity(p)? {
            ir::Amount::Count {
                each: 1,
                what:
                    what @ (ir::Counted::Permanents { .. }
                    | ir::Counted::CardsInYourGraveyard(_)
                    | ir::Counted::CardsInYourHand
                    | ir::Counted::Opponents
                    | ir::Counted::BasicLandTypes
                    | ir::Counted::CardTypesInYourGraveyard
                    | ir::Counted::Greatest { .. }
                    | ir::Counted::YourLifeTotal
                    | ir::Counted::LifeGainedThisTurn
                    | ir::Counted::LifeLostThisTurn
                    | ir::Counted::Devotion(_)
                    | ir::Counted::Party
                    | ir::Counted::DiedThisTurn { .. }),
            } => Ok((sign, Some(what))),
            _ => Err(parser::Fail { at, expected: "a count the engine can make as the cost is determined (\"the number of …\", \"your devotion to …\")".into() }),
        };
    }
    let per = if p.eat_words(&["for", "each"]) { Some(effects::counted(p)?) } else { None };
    Ok((sign * n, per))
}

/// After "Cast this spell only during": a part of the combat phase (506.7), with "and only if
/// you've been attacked this step" or "on an opponent's turn".
fn cast_only_during(p: &mut Parser<'_>) -> parser::PResult<Ability> {
    use ir::CombatWindow;
    let mut opponents_turn = false;
    let window = if p.eat_word("combat") {
        if p.eat_words(&["before", "blockers", "are", "declared"]) {
            CombatWindow::BeforeBlockers
        } else if p.eat_words(&["after", "blockers", "are", "declared"]) {
            CombatWindow::AfterBlockers
        } else {
            opponents_turn = p.eat_words(&["on", "an", "opponent's", "turn"]) || p.eat_words(&["on", "an", "opponent’s", "turn"]);
            CombatWindow::Combat
        }
    } else if p.eat_words(&["the", "declare", "attackers", "step"]) {
        CombatWindow::DeclareAttackers
    } else if p.eat_words(&["the", "declare", "blockers", "step"]) {
        CombatWindow::DeclareBlockers
    } else {
        return Err(p.fail("\"combat\" (before or after blockers are declared, on an opponent's turn) or \"the declare attackers/blockers step\""));
    };
    let attacked = window == CombatWindow::DeclareAttackers
        && (p.eat_words(&["and", "only", "if", "you've", "been", "attacked", "this", "step"]) || p.eat_words(&["and", "only", "if", "you’ve", "been", "attacked", "this", "step"]));
    if !(p.eat_punct('.') && p.at_end() || p.at_end()) {
        return Err(p.fail("the end of the sentence"));
    }
    Ok(Ability::CastOnlyDuring { window, attacked, opponents_turn })
}

/// Lines that are abilities of their own kind: "This spell can't be countered.", "Kicker
/// {4}", "As an additional cost to cast this spell, sacrifice a creature.", "Protection from
/// red", "You can't play lands." Returns `None` for any other line.
/// After "You may exert": "this creature as it attacks. When you do, [effect]." — the optional
/// attack cost and its linked triggered ability (701.43d, 607.2h), "it" in the effect being
/// the creature.
fn exert_line(p: &mut Parser<'_>) -> parser::PResult<Ability> {
    if !targets::eat_self_ref(p) {
        return Err(p.fail("\"this creature\" (exerting the creature itself)"));
    }
    p.expect_words(&["as", "it", "attacks"])?;
    if !p.eat_punct('.') {
        return Err(p.fail("\".\""));
    }
    if p.at_end() {
        // No linked ability: exerting only keeps it from untapping.
        return Ok(Ability::Exert(Effect::default()));
    }
    p.expect_words(&["when", "you", "do"])?;
    p.eat_punct(',');
    let mut q = Parser::new(p.text, p.toks[p.pos..].to_vec(), Effect::default(), true);
    if let Some(f) = effects::parse_sentences(&mut q).into_iter().next() {
        p.pos += f.at;
        return Err(parser::Fail { at: p.pos, expected: f.expected });
    }
    p.pos = p.toks.len();
    Ok(Ability::Exert(q.effect))
}

/// "[If COND,] you may [costs] rather than pay this spell's mana cost." (118.9). `None`,
/// consuming nothing, when the line doesn't begin that way.
fn alternative_cost_line(p: &mut Parser<'_>) -> Option<parser::PResult<Ability>> {
    let condition = if p.at_word("if") {
        let at = p.pos;
        // Only a line that says "rather than pay this spell's mana cost" is one.
        let says = p.toks[at..].windows(3).any(|w| w[0].is_word("rather") && w[1].is_word("than") && w[2].is_word("pay"));
        if !says {
            return None;
        }
        p.bump();
        let c = match conditions::parse(p) {
            Ok(c) => c,
            Err(f) => return Some(Err(f)),
        };
        // The condition's grammar may take the comma that ends it.
        if !p.eat_punct(',') && !p.at_words(&["you", "may"]) {
            return Some(Err(p.fail("\",\" after the condition")));
        }
        Some(c)
    } else {
        None
    };
    if !p.eat_words(&["you", "may"]) {
        return if condition.is_some() { Some(Err(p.fail("\"you may [cost] rather than pay this spell's mana cost\""))) } else { None };
    }
    let mark = p.pos;
    let cost = match costs::alternative_cost(p) {
        Ok(c) => c,
        Err(f) if condition.is_some() || p.toks[mark..].windows(2).any(|w| w[0].is_word("rather") && w[1].is_word("than")) => return Some(Err(f)),
        Err(_) => {
            p.pos = 0;
            return None;
        }
    };
    for apos in ["spell's", "spell’s"] {
        if p.eat_words(&["rather", "than", "pay", "this", apos, "mana", "cost"]) {
            return Some(if p.eat_punct('.') && p.at_end() { Ok(Ability::AlternativeCost { cost: Box::new(cost), condition }) } else { Err(p.fail("the end of the sentence")) });
        }
    }
    if condition.is_none() && !p.at_word("rather") {
        p.pos = 0;
        return None;
    }
    Some(Err(p.fail("\"rather than pay this spell's mana cost.\"")))
}

fn special_line(text: &str, toks: &[lexer::Token], is_spell: bool) -> Option<Result<Ability, OracleError>> {
    let mut p = Parser::new(text, toks.to_vec(), Effect::default(), false);
    let end = |p: &mut Parser<'_>| p.eat_punct('.') && p.at_end() || p.at_end();
    for cant in ["can't", "can’t"] {
        if p.eat_words(&["this", "spell", cant, "be", "countered"]) {
            return Some(if end(&mut p) { Ok(Ability::CantBeCountered) } else { Err(p.error(&p.fail("the end of the sentence"))) });
        }
        p.pos = 0;
        for (who, everyone) in [("you", false), ("players", true)] {
            if !is_spell && p.eat_words(&[who, cant, "play", "lands"]) {
                return Some(if end(&mut p) { Ok(Ability::CantPlayLands { everyone }) } else { Err(p.error(&p.fail("the end of the sentence"))) });
            }
            p.pos = 0;
        }
    }
    // Keywords followed by a mana cost: kicker (702.33), flashback (702.34a), buyback
    // (702.27a), echo (702.30a), morph and megamorph (702.37a–b; for permanents).
    let costed: Option<fn(ManaCost) -> Ability> = match p.word().as_deref() {
        Some("kicker") => Some(Ability::Kicker),
        Some("flashback") => Some(Ability::Flashback),
        Some("buyback") => Some(Ability::Buyback),
        Some("evoke") if !is_spell => Some(Ability::Evoke),
        Some("dash") if !is_spell => Some(Ability::Dash),
        // "Warp {cost}" (702.185a), on permanent cards.
        Some("warp") if !is_spell => Some(Ability::Warp),
        Some("plot") => Some(Ability::Plot),
        Some("foretell") => Some(Ability::Foretell),
        // "Blitz {cost}" (702.152a), "Replicate {cost}" (702.56a).
        Some("blitz") if !is_spell => Some(Ability::Blitz),
        Some("replicate") => Some(Ability::Replicate),
        // "Offspring {cost}" (702.175a), on permanents.
        Some("offspring") if !is_spell => Some(Ability::Offspring),
        // "Overload {cost}" (702.96a): its "each" text is read with the whole card (`read`).
        Some("overload") if is_spell => Some(|cost| Ability::Overload { cost, effect: Effect::default() }),
        Some("echo") if !is_spell => Some(Ability::Echo),
        // "Morph {cost}", "Megamorph {cost}" (702.37a–b).
        Some("morph") if !is_spell => Some(|cost| Ability::Morph { cost, mega: false }),
        Some("megamorph") if !is_spell => Some(|cost| Ability::Morph { cost, mega: true }),
        // "Disguise {cost}" (702.168a).
        Some("disguise") if !is_spell => Some(Ability::Disguise),
        // "Ninjutsu {cost}" (702.49a): "[Cost], Reveal this card from your hand, Return an
        // unblocked attacking creature you control to its owner's hand: Put this card onto the
        // battlefield from your hand tapped and attacking."
        Some("ninjutsu") if !is_spell => Some(|mana| Ability::Activated {
            cost: ir::Cost { mana, ninjutsu: true, ..ir::Cost::default() },
            effect: Effect { instructions: vec![Instruction::Ninjutsu], ..Effect::default() },
            mana: false,
        }),
        // "Level up {cost}" (702.87a): "[cost]: Put a level counter on this permanent. Activate
        // only as a sorcery."
        Some("level") if !is_spell && p.peek_at(1).is_some_and(|t| t.is_word("up")) => Some(|mana| Ability::Activated {
            cost: ir::Cost { mana, sorcery_speed: true, ..ir::Cost::default() },
            effect: Effect { instructions: vec![Instruction::PutCounters { what: ir::Affected::This, kind: ir::CounterKind::Named("level".to_owned()), count: ir::Amount::Fixed(1) }], ..Effect::default() },
            mana: false,
        }),
        // "Unearth {cost}" (702.84a): an activated ability of the card in a graveyard, only
        // as a sorcery.
        Some("unearth") if !is_spell => Some(|mana| Ability::Activated {
            cost: ir::Cost { mana, sorcery_speed: true, ..ir::Cost::default() },
            effect: Effect { instructions: vec![Instruction::Unearth], ..Effect::default() },
            mana: false,
        }),
        _ => None,
    };
    // "Cast this spell only during combat …" (601.3, 506.7).
    if p.eat_words(&["cast", "this", "spell", "only", "during"]) {
        return Some(cast_only_during(&mut p).map_err(|f| p.error(&f)));
    }
    // "Madness {cost}" (702.35a), on any card; a cost with X isn't read (the value of X
    // would be chosen as the card is cast during the trigger's resolution, 107.3).
    if p.at_word("madness") && matches!(p.peek_at(1).map(|t| &t.tok), Some(Tok::Symbol(_))) {
        p.bump();
        return Some(match trailing_cost(&mut p, "madness cost") {
            Ok(c) if c.x == 0 => Ok(Ability::Madness(c)),
            Ok(_) => Err(p.error(&p.fail("a madness cost without X (casting with X during a resolution is not modelled)"))),
            Err(f) => Err(p.error(&f)),
        });
    }
    if let Some(make) = costed
        && p.at_word("level")
        && matches!(p.peek_at(2).map(|t| &t.tok), Some(Tok::Symbol(_)))
    {
        p.pos += 2;
        return Some(trailing_cost(&mut p, "level up cost").map(make).map_err(|f| p.error(&f)));
    }
    if let Some(make) = costed
        && matches!(p.peek_at(1).map(|t| &t.tok), Some(Tok::Symbol(_)))
    {
        let keyword = p.word().unwrap_or_default();
        p.bump();
        // A warp cost with X (702.185a): X would be announced for an alternative cost the
        // mana cost doesn't have; not read.
        if keyword == "warp" && p.toks[p.pos..].iter().any(|t| matches!(&t.tok, Tok::Symbol(s) if s == "X")) {
            return Some(Err(p.error(&p.fail("a warp cost without X"))));
        }
        return Some(trailing_cost(&mut p, &format!("{keyword} cost")).map(make).map_err(|f| p.error(&f)));
    }
    // "Conspire" (702.78a).
    if p.at_word("conspire") && p.peek_at(1).is_none() {
        return Some(Ok(Ability::Conspire));
    }
    // "Bargain" (702.166a).
    if p.at_word("bargain") && p.peek_at(1).is_none() {
        return Some(Ok(Ability::Bargain));
    }
    // "Gift a Food", "Gift a card", "Gift an extra turn" … (702.174a, d–i).
    if p.at_word("gift") && p.peek_at(1).is_some_and(|t| t.is_word("a") || t.is_word("an")) {
        let words: Vec<String> = p.toks[1..].iter().map_while(|t| t.word()).map(|w| w.to_ascii_lowercase()).collect();
        let all = words.len() == p.toks.len() - 1;
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        return Some(match crate::cards::ir::Gift::from_words(&refs) {
            Some(g) if all => Ok(Ability::Gift(g)),
            _ => Err(p.error(&p.fail("a gift the rules define (702.174d–i: a Food, a card, a tapped Fish, an extra turn, a Treasure, an Octopus)"))),
        });
    }
    // "Casualty N" (702.153a).
    if p.at_word("casualty")
        && let Some(Tok::Number(n)) = p.peek_at(1).map(|t| &t.tok)
    {
        let n = *n;
        p.pos += 2;
        return Some(if end(&mut p) { Ok(Ability::Casualty(n)) } else { Err(p.error(&p.fail("the end of the casualty ability"))) });
    }
    // "You may exert this creature as it attacks. When you do, [effect]." (701.43d, 607.2h)
    if !is_spell && p.eat_words(&["you", "may", "exert"]) {
        return Some(exert_line(&mut p).map_err(|f| p.error(&f)));
    }
    p.pos = 0;
    // "Cumulative upkeep {1}", "Cumulative upkeep—Pay 1 life." (702.24a)
    if !is_spell && p.eat_words(&["cumulative", "upkeep"]) {
        let cost = if matches!(p.peek().map(|t| &t.tok), Some(Tok::Symbol(_))) {
            trailing_cost(&mut p, "cumulative upkeep cost").map(ir::PayCost::Mana)
        } else if (p.eat_punct('—') || p.eat_punct('-')) && p.eat_word("pay") {
            costs::parse_pay_cost(&mut p).and_then(|c| if end(&mut p) { Ok(c) } else { Err(p.fail("the end of the cumulative upkeep cost")) })
        } else {
            Err(p.fail("a cumulative upkeep cost of mana (\"{1}\") or life (\"—Pay 1 life.\")"))
        };
        return Some(cost.map(Ability::CumulativeUpkeep).map_err(|f| p.error(&f)));
    }
    // "[If …,] you may [costs] rather than pay this spell's mana cost." (118.9)
    if let Some(r) = alternative_cost_line(&mut p) {
        return Some(r.map_err(|f| p.error(&f)));
    }
    p.pos = 0;
    // "Affinity for artifacts" (702.41a).
    if p.eat_words(&["affinity", "for"]) {
        return Some(match targets::parse_filter(&mut p, true) {
            Ok((f, targets::Head::Permanent)) if end(&mut p) => Ok(Ability::Affinity(f)),
            _ => Err(p.error(&p.fail("a kind of permanent after \"affinity for\" (\"artifacts\", \"Islands\")"))),
        });
    }
    // "This spell costs {1} less to cast for each creature card in your graveyard." (601.2f)
    if p.eat_words(&["this", "spell", "costs"]) {
        return Some(self_cost_change(&mut p).map_err(|f| p.error(&f)));
    }
    if p.eat_words(&["as", "an", "additional", "cost", "to", "cast", "this", "spell"]) {
        p.eat_punct(',');
        let cost = if p.eat_words(&["discard", "a", "card"]) {
            Some(AdditionalCost::Discard)
        } else if (p.at_words(&["discard", "a"]) || p.at_words(&["discard", "an"]))
            && let Some(ty) = p.peek_at(2).and_then(|t| t.word()).and_then(|w| CardType::from_name(&w))
            && p.peek_at(3).and_then(|t| t.word()).as_deref() == Some("card")
        {
            // "discard a creature card" (601.2b, 701.9a).
            p.pos += 4;
            Some(AdditionalCost::DiscardCard(ty))
        } else if p.eat_words(&["sacrifice", "a"]) || p.eat_words(&["sacrifice", "an"]) {
            match targets::parse_filter(&mut p, false) {
                Ok((f, targets::Head::Permanent)) => Some(AdditionalCost::Sacrifice(f)),
                _ => None,
            }
        } else if p.at_word("return") {
            p.bump();
            costs::return_to_hand(&mut p).map(AdditionalCost::ReturnToHand)
        } else {
            None
        };
        return Some(match cost {
            Some(c) if end(&mut p) => Ok(Ability::AdditionalCost(c)),
            _ => Err(p.error(&p.fail("\"sacrifice a [permanent]\", \"discard a card\" or \"return a [permanent] you control to its owner's hand\", then the end of the sentence"))),
        });
    }
    // "You may have this creature assign its combat damage as though it weren't blocked."
    if !is_spell && p.eat_words(&["you", "may", "have"]) && targets::eat_self_ref(&mut p) {
        for w in ["weren't", "weren’t"] {
            if p.eat_words(&["assign", "its", "combat", "damage", "as", "though", "it", w, "blocked"]) {
                return Some(if end(&mut p) { Ok(Ability::AssignAsThoughUnblocked) } else { Err(p.error(&p.fail("the end of the sentence"))) });
            }
        }
    }
    p.pos = 0;
    // "This creature can't block." / "can't attack" / "can't be blocked" (509.1b, 508.1c).
    if !is_spell && targets::eat_self_ref(&mut p) {
        let r = if p.eat_words(&["can't", "attack", "or", "block"]) || p.eat_words(&["can’t", "attack", "or", "block"]) {
            Some((true, true, false))
        } else if p.eat_words(&["can't", "block"]) || p.eat_words(&["can’t", "block"]) {
            Some((false, true, false))
        } else if p.eat_words(&["can't", "attack"]) || p.eat_words(&["can’t", "attack"]) {
            Some((true, false, false))
        } else if p.eat_words(&["can't", "be", "blocked"]) || p.eat_words(&["can’t", "be", "blocked"]) {
            Some((false, false, true))
        } else {
            None
        };
        if let Some((cant_attack, cant_block, unblockable)) = r {
            p.eat_punct('.');
            if p.at_end() {
                return Some(Ok(Ability::SelfRestriction { cant_attack, cant_block, unblockable }));
            }
            // "can't be blocked except by …" and the like: the static-ability grammar reads them.
        }
    }
    p.pos = 0;
    if let Some(r) = pregame_line(&mut p) {
        return Some(r.map_err(|f| p.error(&f)));
    }
    p.pos = 0;
    if let Some(r) = cycling_line(&mut p) {
        return Some(r.map_err(|f| p.error(&f)));
    }
    p.pos = 0;
    if !is_spell && let Some(r) = crew_line(&mut p) {
        return Some(r);
    }
    p.pos = 0;
    if !is_spell && let Some(r) = equip_line(&mut p) {
        return Some(r.map_err(|f| p.error(&f)));
    }
    p.pos = 0;
    if !is_spell && let Some(r) = aura_line(&mut p) {
        if r.is_err() {
            // "Enchanted creature loses flying.": the general static-ability grammar.
            p.pos = 0;
            if let Some(Ok(a)) = statics::static_effect_line(&mut p) {
                return Some(Ok(a));
            }
        }
        return Some(r.map_err(|f| p.error(&f)));
    }
    p.pos = 0;
    if !is_spell && let Some(r) = statics::as_enters_choice_line(&mut p) {
        return Some(r.map_err(|f| p.error(&f)));
    }
    p.pos = 0;
    if !is_spell && let Some(r) = copies::enter_as_copy_line(&mut p) {
        return Some(r.map_err(|f| p.error(&f)));
    }
    p.pos = 0;
    if !is_spell && let Some(r) = static_replacement(&mut p) {
        return Some(r.map(Ability::Replacement).map_err(|f| p.error(&f)));
    }
    p.pos = 0;
    if !is_spell && let Some(r) = statics::rules_static_line(&mut p) {
        return Some(r.map_err(|f| p.error(&f)));
    }
    p.pos = 0;
    if !is_spell && let Some(r) = statics::static_effect_line(&mut p) {
        return Some(r.map_err(|f| p.error(&f)));
    }
    p.pos = 0;
    if p.eat_words(&["protection", "from"]) {
        return Some(match effects::parse_quality(&mut p) {
            Ok(q) if p.at_end() => Ok(Ability::Protection(q)),
            Ok(_) => Err(p.error(&p.fail("the end of the line"))),
            Err(f) => Err(p.error(&f)),
        });
    }
    None
}

/// The lines of an Aura: "Enchant creature" (303.4a), "Enchanted creature gets +3/+3 and has
/// flying.", "Enchanted creature can't attack or block.", "Umbra armor" (702.89).
fn aura_line(p: &mut Parser<'_>) -> Option<Result<Ability, parser::Fail>> {
    use crate::cards::ir::EnchantedGets;
    if p.eat_word("enchant") {
        return Some(match targets::parse_filter(p, false) {
            Ok((f, targets::Head::Permanent)) if p.at_end() => Ok(Ability::Enchant(f)),
            Ok(_) => Err(p.fail("a permanent it can enchant, then the end of the line")),
            Err(e) => Err(e),
        });
    }
    if (p.eat_words(&["umbra", "armor"]) || p.eat_words(&["totem", "armor"])) && p.at_end() {
        return Some(Ok(Ability::UmbraArmor));
    }
    if !(p.eat_words(&["enchanted", "creature"]) || p.eat_words(&["enchanted", "permanent"]) || p.eat_words(&["equipped", "creature"])) {
        return None;
    }
    let mut g = EnchantedGets::default();
    loop {
        if p.eat_word("gets") {
            let Some(Tok::PtMod(lexer::PtPart::Fixed(pw), lexer::PtPart::Fixed(th))) = p.peek().map(|t| t.tok.clone()) else {
                return Some(Err(p.fail("a fixed power/toughness change such as +3/+3")));
            };
            p.bump();
            g.power += pw;
            g.toughness += th;
        } else if p.eat_word("has") {
            loop {
                match keywords::keyword_at(p, p.pos) {
                    Some((k, words)) => {
                        p.pos += words;
                        g.keywords.push(k);
                    }
                    None => return Some(Err(p.fail("a keyword the engine supports"))),
                }
                // "has trample and lifelink", "has flying, vigilance, and haste"
                let mark = p.pos;
                p.eat_punct(',');
                p.eat_word("and");
                if p.pos == mark || keywords::keyword_at(p, p.pos).is_none() {
                    p.pos = mark;
                    break;
                }
            }
        } else if p.eat_words(&["can't", "attack", "or", "block"]) || p.eat_words(&["can’t", "attack", "or", "block"]) {
            g.cant_attack = true;
            g.cant_block = true;
        } else if p.eat_words(&["can't", "attack"]) || p.eat_words(&["can’t", "attack"]) {
            g.cant_attack = true;
        } else if p.eat_words(&["can't", "block"]) || p.eat_words(&["can’t", "block"]) {
            g.cant_block = true;
        } else {
            return Some(Err(p.fail("\"gets +N/+N\", \"has [keyword]\" or \"can't attack or block\"")));
        }
        if p.eat_word("and") {
            continue;
        }
        p.eat_punct('.');
        return Some(if p.at_end() { Ok(Ability::Enchanted(g)) } else { Err(p.fail("\"and\" or the end of the sentence")) });
    }
}

/// One side of a damage event in a static prevention effect: "this creature", "enchanted
/// creature", "you", "creatures you control", "instant and sorcery spells".
fn damage_side(p: &mut Parser<'_>) -> Result<crate::cards::ir::DamageSide, parser::Fail> {
    use crate::cards::ir::DamageSide;
    if targets::eat_self_ref(p) {
        return Ok(DamageSide::This);
    }
    if (p.at_word("enchanted") || p.at_word("equipped")) && p.peek_at(1).is_some_and(|t| t.is_word("creature") || t.is_word("permanent")) {
        p.pos += 2;
        return Ok(DamageSide::Attached);
    }
    if p.eat_word("you") {
        return Ok(DamageSide::You);
    }
    let at = p.pos;
    let (f, head) = targets::parse_filter(p, true)?;
    if head == targets::Head::Card || head == targets::Head::SpellOrPermanent {
        return Err(parser::Fail { at, expected: "permanents or spells".into() });
    }
    Ok(DamageSide::Matching(f))
}

/// "Prevent all [combat | noncombat] damage that would be dealt [to …] [by …]" / "If damage
/// would be dealt to this creature, prevent that damage." — a static prevention effect
/// (615.1). "this turn" or a condition after it is not this (an effect of a resolving spell).
fn static_prevention(p: &mut Parser<'_>) -> Option<Result<crate::cards::ir::StaticReplacement, parser::Fail>> {
    use crate::cards::ir::StaticReplacement;
    let mark = p.pos;
    if p.eat_words(&["if", "damage", "would", "be", "dealt", "to"]) && targets::eat_self_ref(p) {
        p.eat_punct(',');
        if p.eat_words(&["prevent", "that", "damage"]) {
            // 615.5: "… prevent that damage. Remove a +1/+1 counter from this creature." / "…
            // prevent that damage and remove that many +1/+1 counters from it."
            let mut then = Vec::new();
            if !(p.at_end() || p.at_punct('.') && p.peek_at(1).is_none()) {
                if !(p.eat_word("and") || p.eat_punct('.')) {
                    return Some(Err(p.fail("\".\"")));
                }
                let saved = p.it_is_this;
                p.it_is_this = true;
                let r = effects::parse_sentence(p);
                p.it_is_this = saved;
                match r {
                    Ok(i) => then = i,
                    Err(e) => return Some(Err(e)),
                }
                if !then.iter().all(|i| matches!(i, Instruction::RemoveCounters { what: crate::cards::ir::Affected::This, .. } | Instruction::PutCounters { what: crate::cards::ir::Affected::This, .. })) {
                    return Some(Err(parser::Fail { at: mark, expected: "counters put on or removed from this creature after \"prevent that damage\" (other additional effects are not supported yet)".into() }));
                }
            }
            return Some(Ok(StaticReplacement::PreventDamage { combat: None, to: Some(crate::cards::ir::DamageSide::This), by: None, then }));
        }
        p.pos = mark;
        return None;
    }
    p.pos = mark;
    if !p.eat_words(&["prevent", "all"]) {
        return None;
    }
    let combat = if p.eat_word("combat") {
        Some(true)
    } else if p.eat_word("noncombat") {
        Some(false)
    } else {
        None
    };
    if !p.eat_word("damage") {
        p.pos = mark;
        return None;
    }
    let (mut to, mut by) = (None, None);
    if p.eat_words(&["that", "would", "be", "dealt"]) {
        if p.eat_word("to") {
            match damage_side(p) {
                Ok(s) => to = Some(s),
                Err(e) => return Some(Err(e)),
            }
        }
        if p.eat_word("by") {
            match damage_side(p) {
                Ok(s) => by = Some(s),
                Err(e) => return Some(Err(e)),
            }
        }
    } else {
        match damage_side(p) {
            Ok(s) => by = Some(s),
            Err(_) => {
                p.pos = mark;
                return None;
            }
        }
        if !p.eat_words(&["would", "deal"]) {
            p.pos = mark;
            return None;
        }
    }
    if (to.is_none() && by.is_none()) || !(p.at_punct('.') || p.at_end()) {
        // "… this turn", "… during your turn": not a plain static prevention.
        p.pos = mark;
        return None;
    }
    // The old "combat damage to this creature" ability keeps its own reading.
    if combat == Some(true) && to == Some(crate::cards::ir::DamageSide::This) && by.is_none() {
        return Some(Ok(StaticReplacement::PreventCombatDamageToThis));
    }
    Some(Ok(StaticReplacement::PreventDamage { combat, to, by, then: Vec::new() }))
}

/// Static replacement and prevention abilities of permanents (614.1a, 614.11, 615.1).
fn static_replacement(p: &mut Parser<'_>) -> Option<Result<crate::cards::ir::StaticReplacement, parser::Fail>> {
    use crate::cards::ir::{ObjectFilter, StaticReplacement};
    let done = |p: &mut Parser<'_>, r: StaticReplacement| -> Result<StaticReplacement, parser::Fail> {
        p.eat_punct('.');
        if p.at_end() { Ok(r) } else { Err(p.fail("the end of the sentence")) }
    };
    if p.eat_words(&["if", "you", "would", "draw", "a", "card"]) {
        p.eat_punct(',');
        let n = match targets::count_word(p, 1) {
            Some(n) if p.at_word("draw") => n,
            _ => return Some(Err(p.fail("\"draw N cards instead\""))),
        };
        p.pos += 2;
        if !(p.eat_words(&["cards", "instead"]) || p.eat_words(&["card", "instead"])) {
            return Some(Err(p.fail("\"cards instead\"")));
        }
        return Some(done(p, StaticReplacement::DrawInstead(n)));
    }
    if p.eat_words(&["skip", "your", "draw", "step"]) {
        return Some(done(p, StaticReplacement::SkipDrawStep));
    }
    if let Some(r) = static_prevention(p) {
        return Some(r.and_then(|r| done(p, r)));
    }
    if p.eat_words(&["prevent", "all", "combat", "damage", "that", "would", "be", "dealt", "to"]) {
        if !targets::eat_self_ref(p) {
            return Some(Err(p.fail("\"this creature\"")));
        }
        return Some(done(p, StaticReplacement::PreventCombatDamageToThis));
    }
    // "If this creature would die, exile it instead." / "If a creature an opponent controls
    // would die, exile it instead."
    {
        let mark = p.pos;
        if p.eat_word("if") {
            let subject = if targets::eat_self_ref(p) {
                Some(None)
            } else if p.eat_word("a") || p.eat_word("an") {
                targets::parse_filter(p, false).ok().map(|(f, _)| Some(f))
            } else {
                None
            };
            if let Some(subject) = subject
                && p.eat_words(&["would", "die"])
            {
                p.eat_punct(',');
                if !p.eat_words(&["exile", "it", "instead"]) {
                    return Some(Err(p.fail("\"exile it instead\"")));
                }
                return Some(done(p, StaticReplacement::ExileInsteadOfDying(subject)));
            }
        }
        p.pos = mark;
    }
    // "If this card would be put into a graveyard from anywhere, exile it instead." / "If a card
    // or token would be put into your graveyard from anywhere, exile it instead." (614.1a)
    {
        let mark = p.pos;
        if p.eat_word("if") {
            let subject = if targets::eat_self_ref(p) {
                Some((true, false))
            } else if p.eat_words(&["a", "card", "or", "token"]) {
                Some((false, true))
            } else if p.eat_words(&["a", "card"]) {
                Some((false, false))
            } else {
                None
            };
            if let Some((this, tokens)) = subject
                && p.eat_words(&["would", "be", "put", "into"])
            {
                let whose = if this || p.eat_word("a") {
                    if this && !p.eat_word("a") {
                        return Some(Err(p.fail("\"a graveyard\"")));
                    }
                    crate::cards::ir::Whose::Each
                } else if p.eat_word("your") {
                    crate::cards::ir::Whose::You
                } else if p.eat_words(&["an", "opponent's"]) || p.eat_words(&["an", "opponent’s"]) {
                    crate::cards::ir::Whose::Opponent
                } else {
                    return Some(Err(p.fail("\"a graveyard\", \"your graveyard\" or \"an opponent's graveyard\"")));
                };
                if !p.eat_words(&["graveyard", "from", "anywhere"]) {
                    return Some(Err(p.fail("\"graveyard from anywhere\"")));
                }
                p.eat_punct(',');
                if !(p.eat_words(&["exile", "it", "instead"]) || p.eat_words(&["exile", "that", "card", "instead"])) {
                    return Some(Err(p.fail("\"exile it instead\"")));
                }
                return Some(done(p, StaticReplacement::ExileInsteadOfGraveyard { this, tokens, whose }));
            }
        }
        p.pos = mark;
    }
    if p.eat_word("if") && (p.eat_word("a") || p.eat_word("an")) {
        // "If a source would deal damage …" / "If a creature you control would deal damage …"
        let filter = if p.eat_word("source") {
            ObjectFilter::default()
        } else {
            match targets::parse_filter(p, false) {
                Ok((f, _)) => f,
                Err(e) => return Some(Err(e)),
            }
        };
        if !p.eat_words(&["would", "deal", "damage"]) {
            return Some(Err(p.fail("\"would deal damage\"")));
        }
        p.eat_words(&["to", "a", "permanent", "or", "player"]);
        p.eat_punct(',');
        if !p.eat_words(&["it", "deals", "double", "that", "damage"]) {
            return Some(Err(p.fail("\"it deals double that damage\"")));
        }
        p.eat_words(&["to", "that", "permanent", "or", "player"]);
        if !p.eat_word("instead") {
            return Some(Err(p.fail("\"instead\"")));
        }
        return Some(done(p, StaticReplacement::DoubleDamage(filter)));
    }
    None
}

/// One line of a permanent: an activated ability if it has a cost and a colon, else keywords.
fn compile_permanent_line(p: &mut Parser<'_>) -> Result<Vec<Ability>, Vec<OracleError>> {
    // "Exhaust — [cost]: [effect]" (702.177a) and "Boast — [cost]: [effect]" (702.142a):
    // activated abilities with an activation restriction of their own.
    let special = ["exhaust", "boast"].into_iter().find(|w| p.at_word(w) && p.peek_at(1).is_some_and(|t| t.is_punct('—')) && has_cost_colon(p));
    if special.is_some() {
        p.pos += 2;
    }
    if triggers::is_trigger_line(p) {
        return triggers::parse_triggered(p).map(|a| vec![a]).map_err(|f| vec![p.error(&f)]);
    }
    // "I — …", "II, III — …": chapter abilities (714.2).
    if triggers::is_chapter_line(p) {
        return triggers::parse_chapter(p).map_err(|f| vec![p.error(&f)]);
    }
    if !has_cost_colon(p) {
        return keywords::parse_keyword_line(p).map(|ks| ks.into_iter().map(Ability::Keyword).collect()).map_err(|f| vec![p.error(&f)]);
    }
    let mut cost = costs::parse_cost(p).map_err(|f| vec![p.error(&f)])?;
    p.sacrifice_cost = cost.sacrifice.is_some();
    if p.at_end() {
        return Err(vec![p.error(&p.fail("an effect after the colon"))]);
    }
    // "{2}, Sacrifice this creature: Choose one —" followed by "•" lines: a modal activated
    // ability (700.2); `read` reads the modes from the next lines. Its modes are chosen as it
    // is activated (602.2b, 601.2b).
    if let Some((min, max)) = modal_header(&p.toks[p.pos..]) {
        if cost.loyalty.is_some() {
            return Err(vec![p.error(&p.fail("a modal ability that is not a loyalty ability (not supported yet)"))]);
        }
        let effect = Effect { modal: Some(Modal { min, max, modes: Vec::new(), repeat: false, spree: Vec::new(), fresh: None }), ..Effect::default() };
        return Ok(vec![Ability::Activated { cost, effect, mana: false }]);
    }
    if let Some(fresh) = fresh_modal_header(&p.toks[p.pos..]) {
        if cost.loyalty.is_some() {
            return Err(vec![p.error(&p.fail("a modal ability that is not a loyalty ability (not supported yet)"))]);
        }
        let effect = Effect { modal: Some(Modal { min: 1, max: 1, modes: Vec::new(), repeat: false, spree: Vec::new(), fresh: Some(fresh) }), ..Effect::default() };
        return Ok(vec![Ability::Activated { cost, effect, mana: false }]);
    }
    p.activated = true;
    let fails = effects::parse_sentences(p);
    if !fails.is_empty() {
        return Err(fails.iter().map(|f| p.error(f)).collect());
    }
    let effect = std::mem::take(&mut p.effect);
    cost.cost_change = p.cost_change.take().map(Box::new);
    if cost.cost_change.is_some() && (effect.instructions.iter().any(Instruction::adds_mana) || cost.loyalty.is_some()) {
        // A mana ability's or loyalty ability's cost is paid by other paths.
        return Err(vec![p.error(&p.fail("a cost change of an ability that adds no mana and isn't a loyalty ability (not supported yet)"))]);
    }
    cost.sorcery_speed = p.sorcery_speed;
    cost.once_each_turn = p.once_each_turn || special == Some("boast");
    cost.exhaust = special == Some("exhaust");
    cost.boast = special == Some("boast");
    cost.timing = p.timing;
    cost.condition = p.activate_if.take().map(Box::new);
    cost.any_player = p.any_player;
    if cost.any_player && (cost.tap || cost.sacrifice_self || cost.sacrifice.is_some() || cost.remove_counters.is_some() || cost.discard_self || cost.crew.is_some() || cost.loyalty.is_some()) {
        // Paying with the source itself would be done by a player who may not control it.
        let at = p.toks.iter().position(|t| t.is_word("any")).unwrap_or(0);
        return Err(vec![p.error(&parser::Fail { at, expected: "\"any player may activate\" with a cost of mana or life only (not supported yet with other costs)".into() })]);
    }
    // 605.1a: no target, not a loyalty ability, and it could add mana as it resolves. The IR
    // expresses that as instructions adding mana first, then any other instructions the
    // ability carries out as it resolves at once ("This land deals 1 damage to you", 605.3b).
    let adding = effect.instructions.iter().take_while(|i| i.adds_mana()).count();
    let mana = effect.targets.is_empty() && cost.loyalty.is_none() && adding > 0;
    // "{1}: Flip a coin. If you win the flip, add {C}{C}." could add mana as it resolves: a
    // mana ability (605.1a) whose mana depends on the flip, which the IR can't express yet.
    let adds_later = |i: &Instruction| matches!(i, Instruction::FlipCoin { won, lost } if won.iter().chain(lost).any(Instruction::adds_mana));
    if effect.instructions.iter().any(adds_later) {
        let at = p.toks.iter().position(|t| t.is_punct('.')).map_or(0, |i| i + 1);
        return Err(vec![p.error(&parser::Fail { at, expected: "mana added whatever the outcome of a flip (a mana ability that adds mana only on one outcome is not supported yet)".into() })]);
    }
    if mana && effect.instructions[adding..].iter().any(Instruction::adds_mana) {
        let at = p.toks.iter().position(|t| t.is_punct('.')).map_or(0, |i| i + 1);
        return Err(vec![p.error(&parser::Fail { at, expected: "the mana a mana ability adds before its other instructions (mana added after another instruction is not supported yet)".into() })]);
    }
    if !mana && cost.loyalty.is_none() && effect.targets.is_empty() && effect.instructions.iter().any(Instruction::adds_mana) {
        // 605.1a: still a mana ability (a loyalty ability never is: it uses the stack).
        let at = p.toks.iter().position(|t| t.is_punct('.')).map_or(0, |i| i + 1);
        return Err(vec![p.error(&parser::Fail { at, expected: "the mana a mana ability adds before its other instructions (mana added after another instruction is not supported yet)".into() })]);
    }
    if mana && cost.sacrifice.is_some() {
        // Mana payment activates mana abilities itself and pays only their own costs; a
        // sacrifice of another permanent is refused until it does.
        let at = p.toks.iter().position(|t| t.is_word("sacrifice")).unwrap_or(0);
        return Err(vec![p.error(&parser::Fail { at, expected: "a mana ability without a cost of sacrificing another permanent (not supported yet)".into() })]);
    }
    if mana && (cost.sorcery_speed || cost.exhaust || cost.timing.is_some() || cost.any_player) {
        // Automatic mana payment would have to respect the restriction; until it does, such a
        // card is refused rather than played wrongly. ("Activate only if …" is respected: a
        // source whose condition is false is no source, 602.5b.)
        let at = p.toks.iter().position(|t| t.is_word("activate")).unwrap_or(0);
        return Err(vec![p.error(&parser::Fail { at, expected: "no activation restriction on a mana ability (not supported yet)".into() })]);
    }
    Ok(vec![Ability::Activated { cost, effect, mana }])
}

/// "Crew 3" (702.122a): "Tap any number of other untapped creatures you control with total
/// power 3 or more: This permanent becomes an artifact creature until end of turn."
fn crew_line(p: &mut Parser<'_>) -> Option<Result<Ability, OracleError>> {
    use crate::cards::ir::{Affected, Change, Cost};
    if !p.at_word("crew") {
        return None;
    }
    let Some(Tok::Number(n)) = p.peek_at(1).map(|t| t.tok.clone()) else { return None };
    p.pos += 2;
    if !p.at_end() {
        return Some(Err(p.error(&p.fail("the end of the line after the crew number"))));
    }
    let becomes = Change::AddTypes { types: vec![CardType::Artifact, CardType::Creature], subtypes: Vec::new() };
    Some(Ok(Ability::Activated {
        cost: Cost { crew: Some(n), ..Cost::default() },
        effect: Effect { instructions: vec![Instruction::Continuous { what: Affected::This, changes: vec![becomes], until_end_of_turn: true, hold: None }], ..Effect::default() },
        mana: false,
    }))
}

/// The mana symbols that end a keyword line ("Equip {2}", "Cycling {1}{U}", "Kicker {R}"),
/// read as a cost; `what` names it in an error.
fn trailing_cost(p: &mut Parser<'_>, what: &str) -> Result<ManaCost, parser::Fail> {
    let mut text = String::new();
    while let Some(Tok::Symbol(s)) = p.peek().map(|t| t.tok.clone()) {
        text.push_str(&format!("{{{s}}}"));
        p.bump();
    }
    if !p.at_end() {
        return Err(p.fail(format!("the end of the {what}")));
    }
    mana::parse_cost(&text).map_err(|e| p.fail(e))
}

/// "Equip {2}" (702.6a): "{2}: Attach this permanent to target creature you control. Activate
/// only as a sorcery."
fn equip_line(p: &mut Parser<'_>) -> Option<Result<Ability, parser::Fail>> {
    use crate::cards::ir::{Affected, CardType, ControllerFilter, Cost, ObjectFilter, TargetSpec};
    if !(p.at_word("equip") && matches!(p.peek_at(1).map(|t| &t.tok), Some(Tok::Symbol(_)))) {
        return None;
    }
    p.bump();
    let mana = match trailing_cost(p, "equip cost") {
        Ok(c) => c,
        Err(e) => return Some(Err(e)),
    };
    let target = TargetSpec::Permanent(ObjectFilter { types_any: vec![CardType::Creature], controller: ControllerFilter::You, ..ObjectFilter::default() });
    Some(Ok(Ability::Activated {
        cost: Cost { mana, sorcery_speed: true, ..Cost::default() },
        effect: Effect { targets: vec![target.into()], instructions: vec![Instruction::Attach { what: Affected::This, to: Affected::Target(0), equip: true }], modal: None },
        mana: false,
    }))
}

/// Keywords that act before the game (702.124, 702.139): "Partner—Friends forever" (a
/// partner—[text] ability, 702.124i) and "Companion — [condition on the starting deck]" are
/// read whole and do nothing in play. "Partner with [name]" also means a triggered ability
/// (702.124j) the engine doesn't play yet: refused.
fn pregame_line(p: &mut Parser<'_>) -> Option<Result<Ability, parser::Fail>> {
    use crate::cards::ir::Keyword;
    let dash = |p: &Parser<'_>| p.peek_at(1).is_some_and(|t| t.is_punct('—') || t.is_punct('-'));
    if p.at_word("partner") && p.peek_at(1).is_some_and(|t| t.is_word("with")) {
        return Some(partner_with(p));
    }
    let k = if p.at_word("partner") && dash(p) {
        Keyword::Partner
    } else if p.at_word("companion") && dash(p) {
        Keyword::Companion
    } else {
        return None;
    };
    p.pos = p.toks.len();
    Some(Ok(Ability::Keyword(k)))
}

/// "Partner with [name]" (702.124j): besides what it means for deck construction, "When this
/// permanent enters, target player may search their library for a card named [name], reveal
/// it, put it into their hand, then shuffle."
fn partner_with(p: &mut Parser<'_>) -> Result<Ability, parser::Fail> {
    use crate::cards::ir::{Affected, CardQuery, Search, SearchDest, SearchZone, Subject, TargetSpec, Trigger};
    let (Some(first), Some(last)) = (p.toks.get(2), p.toks.last()) else { return Err(p.fail("the name of the partner")) };
    if first.tok == Tok::SelfName || p.toks[2..].iter().any(|t| t.is_word("itself")) {
        return Err(parser::Fail { at: 2, expected: "the name of another card (a partner with itself is not supported yet)".into() });
    }
    let name = p.text[first.start..last.end].trim().to_owned();
    let search = Instruction::Search(Search { whose: Affected::Target(0), zones: vec![SearchZone::Library], query: CardQuery::Named(name), count: Some(1), reveal: true, dest: SearchDest::Hand });
    let effect = Effect {
        targets: vec![TargetSpec::Player { opponent_only: false }.into()],
        instructions: vec![Instruction::MayOrElse { who: Affected::Target(0), action: Box::new(search), then: vec![Instruction::Shuffle(Affected::Target(0))], otherwise: Vec::new() }],
        modal: None,
    };
    p.pos = p.toks.len();
    Ok(Ability::Triggered { trigger: Box::new(Trigger::Enters(Subject::This)), condition: None, effect })
}

/// "Cycling {2}" (702.29a): "{2}, Discard this card: Draw a card." "Forestcycling {2}",
/// "Basic landcycling {1}", "Slivercycling {3}" (702.29e): "{2}, Discard this card: Search
/// your library for a Forest card, reveal it, put it into your hand, then shuffle." The
/// search is read by the effect grammar from that sentence, so it is the one every search
/// card gets.
fn cycling_line(p: &mut Parser<'_>) -> Option<Result<Ability, parser::Fail>> {
    use crate::cards::ir::Cost;
    let first = p.word()?;
    let basic = first == "basic" && p.peek_at(1).and_then(lexer::Token::word).is_some_and(|w| w.ends_with("cycling"));
    if basic {
        p.bump();
    }
    let word = p.word()?;
    let kind = word.strip_suffix("cycling")?;
    if !matches!(p.peek_at(1).map(|t| &t.tok), Some(Tok::Symbol(_))) {
        return None;
    }
    let at = p.pos;
    p.bump();
    // What a typecycling ability searches for (702.29e): a card type, or a subtype.
    let what = match kind {
        "" if !basic => None,
        "land" if basic => Some("basic land".to_owned()),
        "land" => Some("land".to_owned()),
        _ if basic => return Some(Err(parser::Fail { at, expected: "\"basic landcycling\"".into() })),
        k => match crate::cards::subtypes::subtype_word(&(k[..1].to_uppercase() + &k[1..])) {
            Some(s) => Some(s.to_owned()),
            None => return Some(Err(parser::Fail { at, expected: "cycling, or typecycling of a card type or subtype".into() })),
        },
    };
    let mana = match trailing_cost(p, "cycling cost") {
        Ok(c) => c,
        Err(e) => return Some(Err(e)),
    };
    let cost = Cost { mana, discard_self: true, cycling: true, ..Cost::default() };
    let effect = match what {
        None => Effect { instructions: vec![Instruction::Draw { who: crate::cards::ir::Affected::You, count: crate::cards::ir::Amount::Fixed(1) }], ..Effect::default() },
        Some(t) => {
            let a = if t.starts_with(['A', 'E', 'I', 'O', 'U']) { "an" } else { "a" };
            let sentence = format!("Search your library for {a} {t} card, reveal it, put it into your hand, then shuffle.");
            // The tokens are the sentence's, so the parser reads the sentence's text.
            let mut q = Parser::new(&sentence, lexer::lex(&sentence, 0, &[]), Effect::default(), true);
            if !effects::parse_sentences(&mut q).is_empty() {
                return Some(Err(parser::Fail { at, expected: "typecycling of a type a search can look for".into() }));
            }
            q.effect
        }
    };
    Some(Ok(Ability::Activated { cost, effect, mana: false }))
}

/// Whether the line has a colon outside quotation marks, i.e. reads as "[Cost]: [Effect]".
fn has_cost_colon(p: &Parser<'_>) -> bool {
    let mut quoted = false;
    for t in &p.toks {
        match t.tok {
            Tok::Punct('"' | '“' | '”') => quoted = !quoted,
            Tok::Punct(':') if !quoted => return true,
            _ => {}
        }
    }
    false
}

/// Spellings that refer to the card itself: its full name, each face of a "A // B" name, and
/// a legendary card's short name (the part before the comma: "Jace" for "Jace, the Mind
/// Sculptor"). Longest first, so the full name wins over the short one.
fn self_names(name: &str) -> Vec<&str> {
    let mut names = vec![name.trim()];
    for face in name.split(" // ") {
        names.push(face.trim());
        if let Some((short, _)) = face.split_once(", ") {
            names.push(short.trim());
        }
    }
    names.retain(|n| !n.is_empty());
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    names.dedup();
    names
}

/// Parses a mana cost such as `{2}{G}{G}`, `{X}{R}`, `{C}`, `{0}`.
///
/// # Errors
/// A message naming the symbol that is not supported.
pub fn parse_mana_cost(s: &str) -> Result<ManaCost, String> {
    mana::parse_cost(s)
}

/// Builders shared by the template families' tests.
#[cfg(test)]
pub(crate) mod test_util {
    use super::{OracleError, compile};
    use crate::cards::ir::{
        Ability, Affected, Amount, CardType, ControllerFilter, Cost, Effect, Instruction, ManaCost, ObjectFilter,
        TargetSpec,
    };

    pub const INSTANT: &[CardType] = &[CardType::Instant];
    pub const SORCERY: &[CardType] = &[CardType::Sorcery];
    pub const CREATURE: &[CardType] = &[CardType::Creature];
    pub const ARTIFACT: &[CardType] = &[CardType::Artifact];
    pub const LAND: &[CardType] = &[CardType::Land];

    /// Compiles, failing the test with the errors if the text does not compile.
    pub fn ok(text: &str, name: &str, types: &[CardType]) -> Vec<Ability> {
        match compile(text, name, types) {
            Ok(a) => a,
            Err(e) => panic!("{name}: {e:?}"),
        }
    }

    /// Compiles, failing the test if the text compiles; returns (start, end, message).
    pub fn errs(text: &str, name: &str, types: &[CardType]) -> Vec<(usize, usize, String)> {
        match compile(text, name, types) {
            Ok(a) => panic!("{name} compiled: {a:?}"),
            Err(e) => e.into_iter().map(|OracleError { start, end, message }| (start, end, message)).collect(),
        }
    }

    pub fn spell(targets: Vec<TargetSpec>, instructions: Vec<Instruction>) -> Vec<Ability> {
        vec![Ability::Spell(Effect { targets: targets.into_iter().map(Into::into).collect(), instructions, modal: None })]
    }

    pub fn activated(cost: Cost, targets: Vec<TargetSpec>, instructions: Vec<Instruction>, mana: bool) -> Ability {
        Ability::Activated { cost, effect: Effect { targets: targets.into_iter().map(Into::into).collect(), instructions, modal: None }, mana }
    }

    pub fn tap_cost() -> Cost {
        Cost { tap: true, ..Cost::default() }
    }

    pub fn mana(s: &str) -> ManaCost {
        super::parse_mana_cost(s).unwrap_or_else(|e| panic!("{e}"))
    }

    pub fn types(any: &[CardType]) -> ObjectFilter {
        ObjectFilter { types_any: any.to_vec(), ..ObjectFilter::default() }
    }

    pub fn owned(any: &[CardType], controller: ControllerFilter) -> ObjectFilter {
        ObjectFilter { controller, ..types(any) }
    }

    pub fn perm(any: &[CardType]) -> TargetSpec {
        TargetSpec::Permanent(types(any))
    }

    pub fn n(v: i32) -> Amount {
        Amount::Fixed(v)
    }

    pub const T0: Affected = Affected::Target(0);
    pub const T1: Affected = Affected::Target(1);
}

#[cfg(test)]
mod tests {
    use super::test_util::*;
    use super::*;
    use crate::cards::ir::{Affected, CardType::*, Cmp, Condition, Cost, Keyword, ManaKind};

    #[test]
    fn exhaust_and_boast_abilities() {
        // 702.177a: "Exhaust — [cost]: [effect]" is the ability with "Activate only once."
        let a = ok("Flying\nExhaust — {4}{U}: Put two +1/+1 counters on this creature. (Activate each exhaust ability only once.)", "Skystreak Engineer", CREATURE);
        let Ability::Activated { cost, effect, mana: false } = &a[1] else { panic!("{a:?}") };
        assert!(cost.exhaust && !cost.boast && !cost.once_each_turn && cost.mana.generic == 4);
        assert!(matches!(effect.instructions.as_slice(), [Instruction::PutCounters { .. }]));
        // 702.142a: "Boast — [cost]: [effect]" also "only once each turn".
        let a = ok("Boast — {1}{W}: Untap this creature. Put a +1/+1 counter on it. (Activate only if this creature attacked this turn and only once each turn.)", "Axgard Braggart", CREATURE);
        let Ability::Activated { cost, .. } = &a[0] else { panic!("{a:?}") };
        assert!(cost.boast && cost.once_each_turn && !cost.exhaust);
        // The dash must follow the word, and a colon must follow: "Exhaust" alone is no ability.
        assert!(!errs("Exhaust", "Odd Exhaust", CREATURE).is_empty());
    }

    #[test]
    fn modes_that_may_repeat() {
        // 700.2d: "Choose three. You may choose the same mode more than once."
        let a = ok("Choose three. You may choose the same mode more than once.\n• Fiery Confluence deals 1 damage to each creature.\n• Fiery Confluence deals 2 damage to each opponent.\n• Destroy target artifact.", "Fiery Confluence", SORCERY);
        let Ability::Spell(e) = &a[0] else { panic!("{a:?}") };
        let m = e.modal.as_ref().expect("modal");
        assert!(m.repeat && m.min == 3 && m.max == 3 && m.modes.len() == 3);
        assert_eq!(m.modes[2].slots, vec![0]);
        // "choose up to one —" on a triggered ability: from zero to one mode (700.2b).
        let a = ok("Flying\nAt the beginning of combat on your turn, choose up to one —\n• Tap target creature.\n• Target creature doesn't untap during its controller's next untap step.", "Dreamshackle Geist", CREATURE);
        assert!(matches!(&a[1], Ability::Triggered { effect, .. } if effect.modal.as_ref().is_some_and(|m| m.min == 0 && m.max == 1 && m.modes.len() == 2)), "{a:?}");
        // Without the sentence, modes don't repeat.
        let a = ok("Choose two —\n• Draw a card.\n• You gain 2 life.", "Odd Charm", INSTANT);
        assert!(matches!(&a[0], Ability::Spell(e) if e.modal.as_ref().is_some_and(|m| !m.repeat)));
    }

    #[test]
    fn damage_as_though_unblocked() {
        assert_eq!(ok("You may have this creature assign its combat damage as though it weren't blocked.", "Thorn Elemental", CREATURE), vec![Ability::AssignAsThoughUnblocked]);
        let rhox = ok("You may have this creature assign its combat damage as though it weren't blocked.\n{2}{G}: Regenerate this creature.", "Rhox", CREATURE);
        assert_eq!(rhox[0], Ability::AssignAsThoughUnblocked);
        // On an instant it means nothing the engine reads.
        assert!(!errs("You may have this creature assign its combat damage as though it weren't blocked.", "Odd Instant", INSTANT).is_empty());
    }

    #[test]
    fn once_each_turn_mana_abilities() {
        // 602.5b, 605.1a: a mana ability may carry "Activate only once each turn".
        let a = ok("Devoid (This card has no color.)\nPay 1 life: Add {C}. Activate only once each turn. ({C} represents colorless mana.)", "Kozilek's Translator", CREATURE);
        let Ability::Activated { cost, effect, mana: true } = &a[1] else { panic!("{a:?}") };
        assert!(cost.once_each_turn && cost.pay_life == 1);
        assert_eq!(effect.instructions, vec![Instruction::AddMana(vec![ManaKind::Colorless])]);
        let a = ok("{1}: Add {R}, {W}, or {B}. Activate only once each turn.", "Mardu Devotee", CREATURE);
        assert!(matches!(&a[0], Ability::Activated { cost, mana: true, .. } if cost.once_each_turn && cost.mana.generic == 1));
        // Other restrictions on mana abilities are still refused.
        assert!(!errs("{T}: Add {G}. Activate only as a sorcery.", "Odd Sorcerous Land", &[Land]).is_empty());
    }

    #[test]
    fn activate_only_if_on_mana_abilities() {
        // 602.1b, 602.5b: "Activate only if …" on a mana ability is its condition.
        let a = ok("{T}: Add {C}.\n{T}: Add {B} or {G}. Activate only if you control a Swamp.", "Tainted Wood", &[Land]);
        let Ability::Activated { cost, mana: true, .. } = &a[1] else { panic!("{a:?}") };
        let Some(c) = cost.condition.as_deref() else { panic!("{cost:?}") };
        assert!(matches!(c, Condition::Controls { count: Cmp::AtLeast(1), filter, .. } if filter.subtypes == ["Swamp"]), "{c:?}");
        let a = ok("Metalcraft — {T}: Add one mana of any color. Activate only if you control three or more artifacts.", "Mox Opal", &[Artifact]);
        assert!(matches!(&a[0], Ability::Activated { cost, mana: true, .. } if matches!(cost.condition.as_deref(), Some(Condition::Controls { count: Cmp::AtLeast(3), .. }))), "{a:?}");
        let a = ok("{T}: Add {W}.\n{T}: Add {B}. Activate only if you control a Plains or a Swamp.", "Bleachbone Verge", &[Land]);
        assert!(matches!(&a[1], Ability::Activated { cost, mana: true, .. } if matches!(cost.condition.as_deref(), Some(Condition::Controls { filter, .. }) if filter.subtypes == ["Plains", "Swamp"])), "{a:?}");
    }

    #[test]
    fn a_spells_that_many_is_not_read_as_zero() {
        // Vengeful Regrowth's "that many" counts the lands returned, not a trigger's amount: not
        // read (it would create no tokens), while a trigger's own "that much" still is.
        let e = errs("Return up to three target land cards from your graveyard to the battlefield tapped. Create that many 4/2 green Plant Warrior creature tokens with reach.", "Vengeful Regrowth", &[Sorcery]);
        assert!(e.iter().any(|e| e.2.contains("earlier instruction")), "{e:?}");
        ok("Whenever you gain life, each opponent loses that much life.", "Sanguine Bond", &[Enchantment]);
    }

    #[test]
    fn reminder_text_only_compiles_to_nothing() {
        assert_eq!(ok("({T}: Add {G}.)", "Forest", &[Land]), vec![]);
        assert_eq!(ok("", "Vanilla", CREATURE), vec![]);
    }

    #[test]
    fn mana_family_lines() {
        // Sol Grail: a choice as it enters (614.12), and mana of that color.
        assert_eq!(
            ok("As this artifact enters, choose a color.\n{T}: Add one mana of the chosen color.", "Sol Grail", ARTIFACT),
            vec![Ability::AsEntersChoose(crate::cards::ir::EntryChoiceKind::Color), activated(tap_cost(), vec![], vec![Instruction::AddManaChosenColor], true)]
        );
        // Mirage Mesa: two abilities in one line.
        assert_eq!(
            ok("This land enters tapped. As it enters, choose a color.\n{T}: Add one mana of the chosen color.", "Mirage Mesa", &[Land])[..2],
            [Ability::EntersTapped, Ability::AsEntersChoose(crate::cards::ir::EntryChoiceKind::Color)]
        );
        // Black Dragon Gate.
        let gate = "This land enters tapped.\nAs this land enters, choose a color other than black.\n{T}: Add {B} or one mana of the chosen color.";
        assert_eq!(
            ok(gate, "Black Dragon Gate", &[Land])[1..],
            [
                Ability::AsEntersChoose(crate::cards::ir::EntryChoiceKind::ColorExcept(crate::cards::ir::Color::Black)),
                activated(tap_cost(), vec![], vec![Instruction::AddManaOrChosen(ManaKind::Colored(crate::cards::ir::Color::Black))], true)
            ]
        );
        // Frogmite, Thoughtcast (702.41a), with reminder text.
        let affinity = ok("Affinity for artifacts (This spell costs {1} less to cast for each artifact you control.)", "Frogmite", &[Artifact, Creature]);
        assert_eq!(affinity, vec![Ability::Affinity(types(&[Artifact]))]);
        // Stoke the Flames, Treasure Cruise, Reverse Engineer.
        assert_eq!(
            ok("Convoke (Your creatures can help cast this spell.)\nStoke the Flames deals 4 damage to any target.", "Stoke the Flames", INSTANT)[0],
            Ability::Keyword(Keyword::Convoke)
        );
        assert_eq!(ok("Delve\nDraw three cards.", "Treasure Cruise", SORCERY)[0], Ability::Keyword(Keyword::Delve));
        assert_eq!(ok("Improvise\nDraw three cards.", "Reverse Engineer", SORCERY)[0], Ability::Keyword(Keyword::Improvise));
        // Karplusan Forest: a mana ability with another effect is still a mana ability, never put
        // on the stack (605.1a); mana added after another instruction is refused.
        let a = ok("{T}: Add {C}.\n{T}: Add {R} or {G}. This land deals 1 damage to you.", "Karplusan Forest", &[Land]);
        assert!(matches!(a[1], Ability::Activated { mana: true, .. }), "{:?}", a[1]);
        let e = errs("{T}: This land deals 1 damage to you. Add {R}.", "Test", &[Land]);
        assert!(e[0].2.contains("the mana a mana ability adds before its other instructions"), "{}", e[0].2);
        // Chilling Shade: {S} in an activated ability's cost (107.4h).
        match ok("{S}: This creature gets +1/+1 until end of turn.", "Chilling Shade", CREATURE).first() {
            Some(Ability::Activated { cost, mana: false, .. }) => assert_eq!(cost.mana.special, vec![crate::cards::ir::CostSymbol::Snow]),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn permanent_lines_in_order() {
        // Mind Stone
        let text = "{T}: Add {C}.\n{1}, {T}, Sacrifice this artifact: Draw a card.";
        assert_eq!(
            ok(text, "Mind Stone", ARTIFACT),
            vec![
                activated(tap_cost(), vec![], vec![Instruction::AddMana(vec![ManaKind::Colorless])], true),
                activated(
                    Cost { mana: mana("{1}"), tap: true, sacrifice_self: true, ..Cost::default() },
                    vec![],
                    vec![Instruction::Draw { who: Affected::You, count: n(1) }],
                    false
                ),
            ]
        );
        // Birds of Paradise
        assert_eq!(
            ok("Flying\n{T}: Add one mana of any color.", "Birds of Paradise", CREATURE),
            vec![
                Ability::Keyword(Keyword::Flying),
                activated(tap_cost(), vec![], vec![Instruction::AddManaAnyColor { count: 1 }], true),
            ]
        );
    }

    #[test]
    fn spell_sentences_across_lines_share_one_effect() {
        // Befuddle
        assert_eq!(
            ok("Target creature gets -4/-0 until end of turn.\nDraw a card.", "Befuddle", INSTANT),
            spell(
                vec![perm(&[Creature])],
                vec![
                    Instruction::Pump { what: T0, power: n(-4), toughness: n(0) },
                    Instruction::Draw { who: Affected::You, count: n(1) },
                ]
            )
        );
        // Targets keep distinct indices across sentences.
        assert_eq!(
            ok("Destroy target artifact. Destroy target enchantment.", "Twin Breaker", SORCERY),
            spell(
                vec![perm(&[Artifact]), perm(&[Enchantment])],
                vec![Instruction::Destroy(T0), Instruction::Destroy(T1)]
            )
        );
    }

    #[test]
    fn creature_keywords_on_a_spell_are_refused() {
        // Super-Duper Death Ray: no rule gives trample a meaning on an instant (702.19a is about
        // an attacking creature), so the line is refused rather than read as the keyword.
        let text = "Trample (This spell can deal excess damage to its target's controller.)\nSuper-Duper Death Ray deals 4 damage to target creature.";
        let errs = compile(text, "Super-Duper Death Ray", INSTANT).unwrap_err();
        assert_eq!(errs.len(), 1);
        assert_eq!(&text[errs[0].start..errs[0].end], "Trample");
        assert!(errs[0].message.contains("no rule gives trample a meaning"), "{}", errs[0].message);
    }

    #[test]
    fn keyword_line_on_a_spell_comes_before_its_effect() {
        assert_eq!(
            ok("Flash\nDraw a card.", "Quick Study", SORCERY),
            vec![
                Ability::Keyword(Keyword::Flash),
                Ability::Spell(crate::cards::ir::Effect {
                    targets: vec![],
                    instructions: vec![Instruction::Draw { who: Affected::You, count: n(1) }],
                    modal: None,
                }),
            ]
        );
    }

    #[test]
    fn triggered_abilities_compile_and_unsupported_conditions_are_pinpointed() {
        use crate::cards::ir::{StepName, Subject, Trigger, Whose};
        let abilities = ok("When this creature enters, draw a card.", "Elvish Visionary", CREATURE);
        let [Ability::Triggered { trigger, condition: None, effect }] = abilities.as_slice() else { panic!("{abilities:?}") };
        assert_eq!(**trigger, Trigger::Enters(Subject::This));
        assert_eq!(effect.instructions, vec![Instruction::Draw { who: Affected::You, count: n(1) }]);
        let text = "At the beginning of each player's draw step, if this artifact is untapped, that player draws an additional card.";
        let abilities = ok(text, "Howling Mine", ARTIFACT);
        let [Ability::Triggered { trigger, condition: Some(_), effect }] = abilities.as_slice() else { panic!("{abilities:?}") };
        assert_eq!(**trigger, Trigger::BeginningOf { step: StepName::Draw, whose: Whose::Each });
        assert_eq!(effect.instructions, vec![Instruction::Draw { who: Affected::TriggerPlayer, count: n(1) }]);
        // A trigger condition outside the templates is reported from its first unknown word.
        let text = "Whenever this creature explores, draw a card.";
        let e = errs(text, "Explorer", CREATURE);
        assert_eq!(&text[e[0].0..e[0].1], "explores, draw a card");
        assert!(e[0].2.contains("expected \"enters\", \"dies\""), "{}", e[0].2);
        // Ghitu-style static line after a good keyword line: only the second line is reported,
        // from the first word the static-ability grammar can't read.
        let text = "Flying\nThis creature has banding as long as you control a Swamp.";
        assert_eq!(
            errs(text, "Skyward Watcher", CREATURE),
            vec![(25, 63, "unsupported text: \"banding as long as you control a Swamp\"; expected a keyword the engine supports".to_string())]
        );
        // "This creature can't block." is a restriction the engine knows.
        assert_eq!(
            ok("Flying\nThis creature can't block.", "Skyward Watcher", CREATURE)[1],
            Ability::SelfRestriction { cant_attack: false, cant_block: true, unblockable: false }
        );
    }

    #[test]
    fn every_failing_sentence_is_reported() {
        // The first sentence is fine, the second is not.
        let text = "Exile target creature. Its controller gains life equal to the total power of creatures you control.";
        let e = errs(text, "Swords to Odd Plowshares", INSTANT);
        assert_eq!(e.len(), 1);
        assert_eq!(&text[e[0].0..e[0].1], "the total power of creatures you control");
        assert!(e[0].2.starts_with("unsupported text: \"the total power of creatures you control\"; expected "), "{}", e[0].2);
        // Wrath of God: both the rider and an unknown line on the next line.
        let text = "Destroy all creatures. They can't be blocked.\nVenture into the dungeon.";
        let e = errs(text, "Wrath of Odd", SORCERY);
        assert_eq!(e.iter().map(|(s, t, _)| &text[*s..*t]).collect::<Vec<_>>(), vec!["They can't be blocked", "Venture into the dungeon"]);
    }

    #[test]
    fn self_name_spellings() {
        assert_eq!(self_names("Jace, the Mind Sculptor"), vec!["Jace, the Mind Sculptor", "Jace"]);
        assert_eq!(self_names("Life // Death"), vec!["Life // Death", "Death", "Life"]);
        // A legendary's short name refers to itself.
        assert_eq!(
            ok("{T}: Urza deals 1 damage to each opponent.", "Urza, Test Artificer", CREATURE),
            vec![activated(
                tap_cost(),
                vec![],
                vec![Instruction::DealDamage { amount: n(1), to: Affected::EachOpponent, divided: false }],
                false
            )]
        );
    }

    #[test]
    fn morph_and_megamorph_with_their_costs() {
        let a = ok("At the beginning of your upkeep, you lose 2 life.\nMorph {2}{B}{B} (You may cast this card face down as a 2/2 creature for {3}. Turn it face up any time for its morph cost.)", "Grinning Demon", &[CardType::Creature]);
        assert_eq!(a[1], Ability::Morph { cost: mana("{2}{B}{B}"), mega: false });
        let a = ok("Megamorph {1}{G} (You may cast this card face down as a 2/2 creature for {3}. Turn it face up any time for its megamorph cost and put a +1/+1 counter on it.)\nWhen this creature is turned face up, destroy target artifact or enchantment an opponent controls.", "Ainok Survivalist", &[CardType::Creature]);
        assert_eq!(a[0], Ability::Morph { cost: mana("{1}{G}"), mega: true });
        assert!(matches!(&a[1], Ability::Triggered { trigger, .. } if **trigger == crate::cards::ir::Trigger::TurnedFaceUp(crate::cards::ir::Subject::This)));
        // A morph cost that isn't mana is not read.
        assert!(!errs("Morph—Pay 5 life.", "Zombie Cutthroat", &[CardType::Creature]).is_empty());
    }

    #[test]
    fn disguise_with_its_cost() {
        let a = ok("Flying\nDisguise {4}{W} (You may cast this card face down for {3} as a 2/2 creature with ward {2}. Turn it face up any time for its disguise cost.)", "Defenestrated Phantom", &[CardType::Creature]);
        assert_eq!(a[1], Ability::Disguise(mana("{4}{W}")));
        let a = ok("Reach\nDisguise {4}{R/G}{R/G} (You may cast this card face down for {3} as a 2/2 creature with ward {2}. Turn it face up any time for its disguise cost.)", "Riftburst Hellion", &[CardType::Creature]);
        assert_eq!(a[1], Ability::Disguise(mana("{4}{R/G}{R/G}")));
        // A disguise cost with a reduction is not read.
        assert!(!errs("Disguise {5}{R}. This cost is reduced by {1} for each instant and sorcery card in your graveyard.", "Fugitive Codebreaker", &[CardType::Creature]).is_empty());
    }

    #[test]
    fn manifest_manifest_dread_and_cloak() {
        use crate::cards::ir::Instruction::PutFaceDown;
        let spell = |text: &str, name: &str, t: CardType| match ok(text, name, &[t]).as_slice() {
            [Ability::Spell(e)] => e.instructions.clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(spell("Manifest the top card of your library. (Put it onto the battlefield face down as a 2/2 creature. Turn it face up any time for its mana cost if it's a creature card.)", "Soul Summons", CardType::Sorcery), vec![PutFaceDown { who: Affected::You, cloak: false, dread: false }]);
        assert_eq!(spell("Manifest dread. (Look at the top two cards of your library. Put one onto the battlefield face down as a 2/2 creature and the other into your graveyard. Turn it face up any time for its mana cost if it's a creature card.)", "Manifest Dread", CardType::Sorcery), vec![PutFaceDown { who: Affected::You, cloak: false, dread: true }]);
        let shift = spell("Exile target creature. Its controller manifests the top card of their library. (That player puts the top card of their library onto the battlefield face down as a 2/2 creature. If it's a creature card, it can be turned face up any time for its mana cost.)", "Reality Shift", CardType::Instant);
        assert!(matches!(&shift[..], [Instruction::Exile(Affected::Target(0)), PutFaceDown { who: Affected::ControllerOfTarget(0), cloak: false, dread: false }]), "{shift:?}");
        let remake = spell("Destroy target creature. Its controller manifests dread. (That player looks at the top two cards of their library, then puts one onto the battlefield face down as a 2/2 creature and the other into their graveyard. If it's a creature card, it can be turned face up any time for its mana cost.)", "Unwanted Remake", CardType::Instant);
        assert!(matches!(&remake[..], [Instruction::Destroy(_), PutFaceDown { who: Affected::ControllerOfTarget(0), dread: true, .. }]), "{remake:?}");
        let coat = ok("When this Equipment enters, cloak the top card of your library, then attach this Equipment to it. (To cloak a card, put it onto the battlefield face down as a 2/2 creature with ward {2}. Turn it face up any time for its mana cost if it's a creature card.)", "Cryptic Coat", &[CardType::Artifact]);
        let [Ability::Triggered { effect, .. }] = coat.as_slice() else { panic!("{coat:?}") };
        assert!(matches!(&effect.instructions[..], [PutFaceDown { who: Affected::You, cloak: true, dread: false }, Instruction::Attach { what: Affected::This, to: Affected::CreatedTokens, .. }]), "{effect:?}");
        // "your" library for another player is not read.
        assert!(!errs("Target opponent manifests the top card of your library.", "Odd Manifest", &[CardType::Sorcery]).is_empty());
    }

    #[test]
    fn mana_cost_entry_point() {
        assert_eq!(parse_mana_cost("{3}{U}{U}").map(|c| c.to_string()), Ok("{3}{U}{U}".to_string()));
        assert_eq!(parse_mana_cost("{2/W}{G/U/P}").map(|c| c.mana_value(0)), Ok(3));
        assert!(parse_mana_cost("{2/P}").is_err());
    }

    /// Random strings never panic, and every error range is a valid, non-empty char range.
    #[test]
    fn fuzz_does_not_panic() {
        let pieces = [
            "Destroy", "target", "creature", "{T}", ":", ",", ".", "and", "then", "(", ")", "\"", "+3/+3", "-X/-X",
            "deals", "X", "damage", "to", "any", "Shock", "é", "—", "•", "\n", "Add", "{G}", "{W/U}", "Sacrifice",
            "this", "Pay", "99999999999", "life", "it", "its", "controller", "that", "player", "gets", "until",
            "{", "}", "non", "nonland", "or", "each", "all", "Flying", "−", "'", "draws", "cards", "a", " ",
        ];
        // A small deterministic generator: no dependency needed for a test.
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..3000 {
            let mut text = String::new();
            let len = (state % 12) as usize;
            for _ in 0..len {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                text.push_str(pieces[(state % pieces.len() as u64) as usize]);
                if state.is_multiple_of(3) {
                    text.push(' ');
                }
            }
            for types in [INSTANT, CREATURE] {
                let r = read(&text, "Shock", types);
                assert!(r.unaccounted(&text).is_empty(), "{text:?}: unread text dropped: {:?} {:?}", r.unaccounted(&text), r.abilities);
                if let Err(errors) = compile(&text, "Shock", types) {
                    for e in errors {
                        assert!(e.start <= e.end && e.end <= text.len(), "{text:?}: {e:?}");
                        assert!(text.is_char_boundary(e.start) && text.is_char_boundary(e.end), "{text:?}");
                    }
                }
            }
        }
    }

    /// A modal activated ability (700.2): "[cost]: Choose one —" and its "•" modes, on Umezawa's
    /// Jitte; a mode the compiler can't read leaves the whole ability unread, kept in its place.
    #[test]
    fn modal_activated_abilities() {
        let text = "Whenever equipped creature deals combat damage, put two charge counters on Umezawa's Jitte.\nRemove a charge counter from Umezawa's Jitte: Choose one —\n• Equipped creature gets +2/+2 until end of turn.\n• Target creature gets -1/-1 until end of turn.\n• You gain 2 life.\nEquip {2}";
        let a = ok(text, "Umezawa's Jitte", &[CardType::Artifact]);
        let Ability::Activated { cost, effect, mana: false } = &a[1] else { panic!("{:?}", a[1]) };
        assert!(cost.remove_counters.is_some());
        let m = effect.modal.as_ref().expect("modal");
        assert_eq!((m.min, m.max, m.modes.len()), (1, 1, 3));
        assert_eq!(m.modes[1].slots, vec![0]);
        assert!(m.modes[0].slots.is_empty() && m.modes[2].slots.is_empty());
        assert_eq!(a.len(), 3);
        let text = "{2}: Choose one —\n• Destroy target Aura attached to a land.\n• Venture into the dungeon.";
        let r = read(text, "Test", &[CardType::Artifact]);
        assert!(matches!(r.abilities.as_slice(), [Ability::Unread(u)] if u.moment == crate::cards::ir::Moment::Activate && u.text.contains("Venture")), "{:?}", r.abilities);
    }

    /// A mana ability that does more than add mana (605.1a, 605.3b): "This land deals 1 damage
    /// to you" is carried out as it resolves, after the mana; mana after another instruction is
    /// refused.
    #[test]
    fn mana_abilities_with_other_instructions() {
        let a = ok("{T}: Add {C}.\n{T}: Add {W} or {U}. This land deals 1 damage to you.", "Adarkar Wastes", &[CardType::Land]);
        let Ability::Activated { effect, mana: true, .. } = &a[1] else { panic!("{:?}", a[1]) };
        assert!(matches!(effect.instructions.as_slice(), [Instruction::AddManaChoice(_), Instruction::DealDamage { .. }]), "{:?}", effect.instructions);
        let a = ok("{T}: Add {C}. You gain 1 life.", "Pristine Talisman", &[CardType::Artifact]);
        assert!(matches!(a.as_slice(), [Ability::Activated { mana: true, .. }]));
        assert_eq!(errs("{T}: You gain 1 life. Add {C}.", "Test", &[CardType::Artifact]).len(), 1);
    }
}
