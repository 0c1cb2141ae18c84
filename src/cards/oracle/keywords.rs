//! Keyword lines (702): one or more keywords separated by commas ("Flying, vigilance").
//!
//! Only the keywords the engine implements are accepted; any other ("First strike",
//! "Flashback {2}{R}") is an error, so that no card silently loses an ability.

use super::parser::{PResult, Parser};
use crate::cards::ir::Keyword;

const EXPECTED: &str = "a keyword the engine supports (flying, reach, haste, vigilance, defender, flash, hexproof, shroud, deathtouch, lifelink, indestructible, riot, first strike, double strike, trample, menace, prowess, devoid, protection from …)";

/// The keyword whose name starts at token `i` ("flying", "first strike") and how many words
/// its name has.
#[must_use]
pub fn keyword_at(p: &Parser<'_>, i: usize) -> Option<(Keyword, usize)> {
    let first = p.toks.get(i).and_then(|t| t.word())?;
    if let Some(second) = p.toks.get(i + 1).and_then(|t| t.word())
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
    fn unsupported_keywords() {
        let msg = |s: &str| {
            format!(
                "unsupported text: \"{s}\"; expected a keyword the engine supports (flying, reach, haste, vigilance, defender, flash, hexproof, shroud, deathtouch, lifelink, indestructible, riot, first strike, double strike, trample, menace, prowess, devoid, protection from …)"
            )
        };
        assert_eq!(errs("Flanking", "Knight", CREATURE), vec![(0, 8, msg("Flanking"))]);
        // Reminder text is not part of the reported range.
        assert_eq!(
            errs("Flying\nShadow (This creature can block or be blocked by only creatures with shadow.)", "Wurm", CREATURE),
            vec![(7, 13, msg("Shadow"))]
        );
        // The supported keyword before it is fine; the range starts at the unsupported one.
        assert_eq!(errs("Flying, flanking", "Falcon", CREATURE), vec![(8, 16, msg("flanking"))]);
        // Two-word keywords are read as one.
        assert_eq!(ok("Flying, first strike", "Falcon", CREATURE).len(), 2);
        assert_eq!(errs("Flying, flanking, shadow", "Nighthawk", CREATURE), vec![(8, 24, msg("flanking, shadow"))]);
        // On a spell, an unknown keyword line is read as (unsupported) spell text.
        let e = errs("Flashback {2}{R}", "Burn Again", SORCERY);
        assert_eq!((e[0].0, e[0].1), (0, 16));
    }
}
