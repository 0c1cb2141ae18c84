//! Unread text kept in its place (the deferral of unread abilities).
//!
//! When a line can't be read, the compiler still knows what kind of ability the text is by
//! its shape (113.3): "[cost]: [effect]" is activated (602.1), "When/Whenever/At …" is
//! triggered (603.1), a keyword list holds keyword abilities (702), an instant's or sorcery's
//! text is its spell ability (113.3a), and anything else on a permanent is static (604.1). The
//! kind, plus what the rules say about where such an ability functions (113.6), tells the
//! moment from which the game's result could depend on it ([`Moment`]): the engine stops the
//! scenario at that moment, and until then the card is usable.
//!
//! Strictness: a moment is chosen only when the rules guarantee that the ability can change
//! nothing before it. Anything that might function from another zone (a hand, a graveyard, a
//! library), characteristic-defining abilities (604.3: they function everywhere) and unknown
//! keywords get [`Moment::Load`]: such a card can't be used at all.

use super::lexer::{Tok, Token};
use super::parser::Parser;
use super::{OracleError, keywords, triggers};
use crate::cards::ir::{Ability, Effect, Moment, StepName, Subject, Trigger, Unread, UnreadKind, Whose};

/// What an error names: the unread words, what the compiler expected there, and where.
pub struct Words {
    words: String,
    expected: String,
    at: (usize, usize),
}

fn words_of(text: &str, e: &OracleError) -> Words {
    let words = text.get(e.start..e.end).unwrap_or("").trim().to_owned();
    let expected = e.message.split_once("; expected ").map_or_else(|| e.message.clone(), |(_, x)| x.to_owned());
    Words { words, expected, at: (e.start, e.end) }
}

/// The text of a line of tokens (reminder text left out at its ends).
fn span_text(text: &str, toks: &[Token]) -> String {
    match (toks.first(), toks.last()) {
        (Some(a), Some(b)) => text.get(a.start..b.end).unwrap_or("").to_owned(),
        _ => String::new(),
    }
}

fn unread(kind: UnreadKind, moment: Moment, text: String, Words { words, expected, at }: Words) -> Ability {
    Ability::Unread(Box::new(Unread { kind, moment, text, words, expected, at }))
}

/// Phrases showing that a static or triggered ability may function outside the battlefield
/// (113.6a–c, 113.6e–n): "this card" is how Oracle text names a card in another zone.
const OTHER_ZONES: &[&[&str]] = &[
    &["this", "card"],
    &["from", "your", "hand"],
    &["in", "your", "hand"],
    &["from", "your", "graveyard"],
    &["in", "your", "graveyard"],
    &["from", "exile"],
    &["in", "exile"],
    &["opening", "hand"],
    &["command", "zone"],
    &["from", "your", "library"],
];

/// Phrases of characteristic-defining abilities (604.3), which function in every zone.
const DEFINES: &[&[&str]] = &[
    &["power", "and", "toughness", "are", "each", "equal"],
    &["power", "is", "equal"],
    &["toughness", "is", "equal"],
    &["is", "every", "creature", "type"],
    &["is", "all", "colors"],
    &["is", "colorless"],
    &["is", "also", "a"],
];

fn mentions(toks: &[Token], phrases: &[&[&str]]) -> bool {
    (0..toks.len()).any(|i| phrases.iter().any(|ph| ph.iter().enumerate().all(|(k, w)| toks.get(i + k).is_some_and(|t| t.is_word(w)))))
}

/// The abilities a line that failed to compile stands for: unread abilities of its kind, and
/// for a keyword list, the keywords that can be read beside the unread ones.
#[must_use]
pub fn line(text: &str, toks: &[Token], is_spell: bool, error: &OracleError) -> Vec<Ability> {
    let words = words_of(text, error);
    let whole = span_text(text, toks);
    let p = Parser::new(text, toks.to_vec(), Effect::default(), !is_spell);
    if triggers::is_trigger_line(&p) {
        return vec![triggered(text, toks, is_spell, whole, words)];
    }
    if super::has_cost_colon(&p) {
        return vec![unread(UnreadKind::Activated, Moment::Activate, whole, words)];
    }
    // A line without a sentence's period is a keyword list (702.1); a keyword not in the
    // table below can't be placed.
    let sentence = toks.iter().any(|t| t.is_punct('.'));
    if !sentence || keyword_name(toks).is_some() || keywords::keyword_at(&p, 0).is_some() {
        return keyword_line(text, toks, is_spell);
    }
    if is_spell {
        return vec![unread(UnreadKind::Spell, Moment::Cast, whole, words)];
    }
    vec![unread(UnreadKind::Static, static_moment(toks), whole, words)]
}

/// The spell ability of an instant or sorcery that could not be read in full (113.3a): it
/// matters when the spell is cast.
#[must_use]
pub fn spell(text: String, words: Words) -> Ability {
    unread(UnreadKind::Spell, Moment::Cast, text, words)
}

/// The words of an error, for callers that build an unread ability themselves.
#[must_use]
pub fn error_words(text: &str, e: &OracleError) -> Words {
    words_of(text, e)
}

/// A triggered ability whose trigger condition was read but whose effect was not (the modes
/// of a modal trigger, 700.2b).
#[must_use]
pub fn trigger_effect(trigger: Trigger, text: String, words: Words) -> Ability {
    unread(UnreadKind::Triggered, Moment::Trigger(Box::new(trigger)), text, words)
}

/// An activated ability whose cost was read but whose effect was not (the modes of a modal
/// activated ability, 700.2): it matters when activated (602.1).
#[must_use]
pub fn activated(text: String, words: Words) -> Ability {
    unread(UnreadKind::Activated, Moment::Activate, text, words)
}

/// A keyword no rule gives a meaning on an instant or sorcery (trample on a spell): it would
/// matter, if at all, once the spell is cast.
#[must_use]
pub fn spell_keyword(text: &str, toks: &[Token], words: Words) -> Ability {
    unread(UnreadKind::Keyword, Moment::Cast, span_text(text, toks), words)
}

/// A keyword that matters as the spell is cast, unread (overload whose "each" text can't be
/// read).
#[must_use]
pub fn cast_keyword(text: String, words: Words) -> Ability {
    unread(UnreadKind::Keyword, Moment::Cast, text, words)
}

/// Unread text that nothing can place: the card can't be used.
#[must_use]
pub fn unplaceable(text: String, words: Words) -> Ability {
    unread(UnreadKind::Static, Moment::Load, text, words)
}

/// A static ability's moment: "this spell …" matters as it is cast; one that may function
/// from another zone or defines a characteristic, at once; any other functions only on the
/// battlefield (113.6).
fn static_moment(toks: &[Token]) -> Moment {
    if mentions(toks, &[&["this", "spell"]]) {
        Moment::Cast
    } else if mentions(toks, OTHER_ZONES) || mentions(toks, DEFINES) {
        Moment::Load
    } else {
        Moment::Battlefield
    }
}

/// "When/Whenever/At …" that failed: if its trigger condition reads, it matters when it
/// triggers; if not, nothing tells when, so the card can't be used.
fn triggered(text: &str, toks: &[Token], is_spell: bool, whole: String, words: Words) -> Ability {
    let mut p = Parser::new(text, toks.to_vec(), Effect::default(), true);
    let trigger = triggers::parse_condition(&mut p).ok().filter(|_| p.at_punct(','));
    let moment = match trigger {
        // "When you cast this spell, …" (603.2): as the spell is cast.
        Some(Trigger::CastThis) => Moment::Cast,
        // The engine checks trigger conditions of permanents on the battlefield (and, looking
        // back, of those leaving it); a trigger that may work from another zone can't wait.
        Some(t) if !is_spell && !mentions(toks, OTHER_ZONES) => Moment::Trigger(Box::new(t)),
        _ => Moment::Load,
    };
    unread(UnreadKind::Triggered, moment, whole, words)
}

/// A keyword line some of whose keywords can't be read: each keyword is an ability of its own
/// (702.1), so the readable ones are kept and each unread one gets its own moment.
fn keyword_line(text: &str, toks: &[Token], is_spell: bool) -> Vec<Ability> {
    let mut out = Vec::new();
    for part in toks.split(|t| t.is_punct(',') || t.is_punct(';')).filter(|p| !p.is_empty()) {
        let mut p = Parser::new(text, part.to_vec(), Effect::default(), !is_spell);
        // What the compiler says about this keyword alone, if it can't read it.
        let err = match keywords::parse_keyword_line(&mut p) {
            Ok(ks) => {
                out.extend(ks.into_iter().map(Ability::Keyword));
                continue;
            }
            Err(fail) => p.error(&fail),
        };
        if let Some(Ok(a)) = super::special_line(text, part, is_spell) {
            out.push(a);
            continue;
        }
        let whole = span_text(text, part);
        let moment = keyword_name(part).map_or(Moment::Load, |(_, m)| m);
        let kind = if matches!(moment, Moment::Activate) { UnreadKind::Activated } else { UnreadKind::Keyword };
        out.push(unread(kind, moment, whole, words_of(text, &err)));
    }
    out
}

/// Keyword abilities of 702 by name, with the moment from which each can matter. Keywords the
/// engine reads never get here; the table only decides how long an unread one can wait.
fn keyword_name(toks: &[Token]) -> Option<(String, Moment)> {
    let words: Vec<String> = toks.iter().take(3).map_while(|t| match &t.tok {
        Tok::Word(w) => Some(w.to_ascii_lowercase()),
        _ => None,
    })
    .collect();
    let first = words.first()?.as_str();
    let two = words.get(1).map(|w| format!("{first} {w}"));
    let this = || Subject::This;
    let trig = |t: Trigger| Moment::Trigger(Box::new(t));
    let upkeep = || trig(Trigger::BeginningOf { step: StepName::Upkeep, whose: Whose::You });
    let by_two = two.as_deref().and_then(|n| {
        Some(match n {
            // 702.124 partner and its kin, 702.139 companion: deck construction only.
            "choose a" | "friends forever" | "doctor's companion" => Moment::Never,
            "partner with" => trig(Trigger::Enters(this())),
            "split second" => Moment::Cast,
            "battle cry" => trig(Trigger::Attacks(this())),
            "cumulative upkeep" => upkeep(),
            "level up" | "commander ninjutsu" | "basic landcycling" => Moment::Activate,
            "hexproof from" => Moment::Targeted,
            "for mirrodin" | "living weapon" | "living metal" | "job select" | "read ahead" => Moment::Battlefield,
            _ => return None,
        })
    });
    if let Some(m) = by_two {
        return two.map(|n| (n, m));
    }
    let m = match first {
        "partner" | "companion" => Moment::Never,
        // Evasion (509.1b): only a declared block can be affected.
        "intimidate" | "fear" | "shadow" | "horsemanship" | "skulk" => Moment::Blocks,
        w if w.ends_with("walk") => Moment::Blocks,
        // Casting: timing, costs, options and cast triggers (601.2).
        "flash" | "storm" | "cascade" | "replicate" | "convoke" | "affinity" | "delve" | "improvise" | "emerge" | "spectacle"
        | "surge" | "prowl" | "entwine" | "overload" | "buyback" | "multikicker" | "kicker" | "retrace" | "flashback" | "escape"
        | "jump-start" | "aftermath" | "disturb" | "foretell" | "plot" | "evoke" | "dash" | "bestow" | "morph" | "megamorph"
        | "disguise" | "mutate" | "casualty" | "offspring" | "squad" | "cleave" | "demonstrate" | "conspire" | "ripple"
        | "awaken" | "blitz" | "prototype" | "freerunning" | "impending" | "gift" | "warp" | "suspend" | "harmonize" | "mayhem"
        | "sneak" | "spree" | "tiered" | "assist" | "undaunted" | "miracle" => Moment::Cast,
        // Activated keyword abilities (602.1), wherever they are activated from.
        w if w.ends_with("cycling") => Moment::Activate,
        "equip" | "reconfigure" | "crew" | "fortify" | "outlast" | "scavenge" | "unearth" | "embalm" | "eternalize" | "ninjutsu"
        | "transmute" | "boast" | "encore" | "craft" | "saddle" | "station" | "reinforce" | "forecast" | "transfigure" => Moment::Activate,
        // Triggered keyword abilities with their trigger events.
        "annihilator" | "myriad" | "melee" | "mentor" | "training" | "dethrone" | "provoke" => trig(Trigger::Attacks(this())),
        "exalted" => trig(Trigger::Attack(Whose::You)),
        "flanking" | "rampage" | "afflict" => trig(Trigger::BecomesBlocked(this())),
        "bushido" => trig(Trigger::Either(Box::new(Trigger::Blocks(this())), Box::new(Trigger::BecomesBlocked(this())))),
        "undying" | "persist" | "afterlife" => trig(Trigger::Dies(this())),
        "echo" | "vanishing" | "fading" => upkeep(),
        "extort" => trig(Trigger::Cast { filter: crate::cards::ir::ObjectFilter::default(), whose: Whose::You, targets_this: false, or_copy: false }),
        "renown" | "poisonous" | "ingest" => trig(Trigger::DealsDamage { who: this(), combat_only: true, to: Whose::Each }),
        // Damage results (120.3).
        "infect" | "wither" | "toxic" => Moment::DealsDamage,
        "ward" => Moment::Targeted,
        // Abilities of permanents that work only on the battlefield (as they enter, or while
        // there).
        "exploit" | "fabricate" | "backup" | "bloodthirst" | "amplify" | "devour" | "tribute" | "modular" | "evolve" | "soulbond"
        | "decayed" | "unleash" | "graft" | "sunburst" | "enlist" | "hideaway" | "ravenous" | "trample" => Moment::Battlefield,
        // Changeling and devoid define characteristics in every zone (604.3); protection,
        // banding, phasing, enchant and day/night reach too far to wait for.
        _ => return None,
    };
    Some((first.to_owned(), m))
}

#[cfg(test)]
mod tests {
    use super::super::read;
    use crate::cards::ir::{Ability, CardType, Keyword, Moment, UnreadKind};

    fn unread(text: &str, types: &[CardType]) -> Vec<(UnreadKind, Moment, String)> {
        read(text, "Test Card", types)
            .abilities
            .into_iter()
            .filter_map(|a| match a {
                Ability::Unread(u) => Some((u.kind, u.moment, u.text)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn each_kind_by_its_shape() {
        use CardType::{Creature, Instant};
        // An activated ability (602.1) waits for its activation.
        let u = unread("Flying\n{2}{U}: Scry 2, then untap this creature and phase it out.", &[Creature]);
        assert_eq!(u, vec![(UnreadKind::Activated, Moment::Activate, "{2}{U}: Scry 2, then untap this creature and phase it out.".into())]);
        // A triggered ability whose condition reads waits for it to trigger.
        let u = unread("When this creature enters, it explores twice and you venture into the dungeon.", &[Creature]);
        assert!(matches!(u.as_slice(), [(UnreadKind::Triggered, Moment::Trigger(_), _)]), "{u:?}");
        // One whose condition doesn't read can't be placed.
        let u = unread("Whenever a player cycles another card for the first time each turn, draw a card.", &[Creature]);
        assert!(matches!(u.as_slice(), [(UnreadKind::Triggered, Moment::Load, _)]), "{u:?}");
        // A static ability of a permanent works only on the battlefield (113.6)…
        let u = unread("Each creature you control with a +1/+1 counter on it has trample and haste and phases out.", &[Creature]);
        assert!(matches!(u.as_slice(), [(UnreadKind::Static, Moment::Battlefield, _)]), "{u:?}");
        // … unless it says it works elsewhere.
        let u = unread("You may cast this card from your graveyard as long as you control a Zombie.", &[Creature]);
        assert!(matches!(u.as_slice(), [(UnreadKind::Static, Moment::Load, _)]), "{u:?}");
        // An instant's text is its spell ability: it matters as it is cast.
        let u = unread("Counter target spell unless its controller pays {3}. Scry 2 and phase out.", &[Instant]);
        assert!(matches!(u.as_slice(), [(UnreadKind::Spell, Moment::Cast, _)]), "{u:?}");
    }

    #[test]
    fn keyword_lists_keep_what_reads() {
        let r = read("Flying, provoke, zeppelinwalk\nDoctor's companion", "Test Card", &[CardType::Creature]);
        assert_eq!(r.abilities[0], Ability::Keyword(Keyword::Flying));
        let moments: Vec<_> = r.abilities[1..]
            .iter()
            .map(|a| match a {
                Ability::Unread(u) => (u.text.as_str(), u.moment.clone()),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(moments, vec![("provoke", Moment::Trigger(Box::new(crate::cards::ir::Trigger::Attacks(crate::cards::ir::Subject::This)))), ("zeppelinwalk", Moment::Blocks), ("Doctor's companion", Moment::Never)]);
        // The strict reading still fails, naming each unread keyword.
        assert_eq!(r.errors.len(), 2);
    }

    #[test]
    fn modal_trigger_with_an_unread_mode_waits_for_its_trigger() {
        let text = "When this creature enters, choose one —\n• Draw a card.\n• Phase out target creature.";
        let r = read(text, "Test Card", &[CardType::Creature]);
        assert!(!r.errors.is_empty());
        assert!(matches!(r.abilities.as_slice(), [Ability::Unread(u)] if matches!(u.moment, Moment::Trigger(_)) && u.text.contains("Phase out")), "{:?}", r.abilities);
    }
}

/// Rules families judge doesn't model yet, by a phrase their text always has (lower case; a
/// keyword only at the start of the ability), with the words a judge would use and the rule:
/// so that a refusal names the missing feature, not only the parser's expectations.
const MISSING: &[(&str, bool, &str)] = &[
    ("roll a d20 and add", false, "modifiers to a die roll (706.2)"),
    ("roll two d", false, "rolling several dice (706.1)"),
    ("rolls a ", false, "a die rolled by another player (706)"),
    ("whenever you roll", false, "abilities that trigger on rolling dice (706)"),
    ("reroll", false, "rerolling dice (706.2b)"),
    ("the initiative", false, "the initiative (725)"),
    ("venture into the dungeon", false, "dungeons (309, 701.49)"),
    ("the ring tempts you", false, "the Ring tempting you (701.54)"),
    ("discover ", false, "discover (701.57)"),
    ("incubate ", false, "incubate (701.53)"),
    ("fully unlock", false, "fully unlocking a Room (709.5i)"),
    ("whenever you exert", false, "abilities that trigger on exerting (701.43)"),
    ("been exerted", false, "whether a creature was exerted (701.43)"),
    ("commander ninjutsu", true, "commander ninjutsu (702.49d)"),
    ("bestow", true, "bestow (702.103)"),
    ("mutate", true, "mutate (702.140)"),
    ("station", true, "Station (702.184)"),
    ("banding", true, "banding (702.22)"),
    ("assist", true, "assist (702.132)"),
    ("modular—sunburst", true, "sunburst (702.44)"),
    ("myriad", true, "myriad (702.116)"),
    ("spend this mana only", false, "restrictions on how mana is spent (106.6)"),
];

/// The rules feature an unread ability's text uses that judge doesn't model yet, in a judge's
/// words with its rule ("rolling dice (706)"), when the text shows one.
#[must_use]
pub fn missing_feature(text: &str) -> Option<&'static str> {
    let lower = text.to_lowercase();
    MISSING.iter().find(|(phrase, start, _)| if *start { lower.starts_with(phrase) } else { lower.contains(phrase) }).map(|(_, _, what)| *what)
}

#[cfg(test)]
mod missing_tests {
    use super::missing_feature;

    #[test]
    fn features_are_named_in_a_judges_words() {
        assert_eq!(missing_feature("{T}: Each player rolls a six-sided die."), Some("a die rolled by another player (706)"));
        assert_eq!(missing_feature("Commander ninjutsu {2}{U}{B}"), Some("commander ninjutsu (702.49d)"));
        assert_eq!(missing_feature("When this creature enters, you take the initiative."), Some("the initiative (725)"));
        // A keyword's name inside other words is not the keyword.
        assert_eq!(missing_feature("Creatures with mentor get +1/+1."), None);
        assert_eq!(missing_feature("Draw a card."), None);
        // Melding (701.42) and locking doors (709.5f–g) are modelled: no longer named missing.
        assert_eq!(missing_feature("{7}: If you both own and control this and an artifact named The Mightstone and Weakstone, exile them, then meld them into Urza, Planeswalker."), None);
    }
}
