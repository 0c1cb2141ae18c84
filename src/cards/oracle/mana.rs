//! Mana symbols (107.4) and mana costs (202.1).

use crate::cards::ir::{Color, CostSymbol, ManaCost, ManaKind};

/// One mana symbol that can appear in a cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManaSymbol {
    Generic(u32),
    Colored(Color),
    /// `{C}`
    Colorless,
    /// `{X}`
    X,
    /// Hybrid, Phyrexian and snow symbols (107.4e, 107.4f, 107.4h).
    Special(CostSymbol),
}

/// Reads the inside of a `{…}` symbol (already upper-cased) as a mana symbol.
///
/// Half symbols and `{H}` (which stands for any Phyrexian symbol in rules text, 107.4g) are not
/// mana symbols of a cost, so they are `None`.
#[must_use]
pub fn symbol(inner: &str) -> Option<ManaSymbol> {
    if !inner.is_empty() && inner.bytes().all(|b| b.is_ascii_digit()) {
        return inner.parse().ok().map(ManaSymbol::Generic);
    }
    if inner.contains('/') {
        return special(inner).map(ManaSymbol::Special);
    }
    if inner == "S" {
        return Some(ManaSymbol::Special(CostSymbol::Snow));
    }
    let mut chars = inner.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else { return None };
    match c {
        'C' => Some(ManaSymbol::Colorless),
        'X' => Some(ManaSymbol::X),
        _ => Color::from_letter(c).map(ManaSymbol::Colored),
    }
}

/// `W/U`, `2/W`, `C/W`, `W/P`, `W/U/P` (107.4e, 107.4f). A hybrid pair must be two different
/// colors.
fn special(inner: &str) -> Option<CostSymbol> {
    let color = |s: &str| {
        let mut ch = s.chars();
        match (ch.next(), ch.next()) {
            (Some(c), None) => Color::from_letter(c),
            _ => None,
        }
    };
    let parts: Vec<&str> = inner.split('/').collect();
    match parts.as_slice() {
        [c, "P"] => color(c).map(CostSymbol::Phyrexian),
        ["2", c] => color(c).map(CostSymbol::TwoOr),
        ["C", c] => color(c).map(CostSymbol::ColorlessOr),
        [a, b] => match (color(a), color(b)) {
            (Some(a), Some(b)) if a != b => Some(CostSymbol::Hybrid(a, b)),
            _ => None,
        },
        [a, b, "P"] => match (color(a), color(b)) {
            (Some(a), Some(b)) if a != b => Some(CostSymbol::HybridPhyrexian(a, b)),
            _ => None,
        },
        _ => None,
    }
}

/// Adds one symbol to a cost. Returns `false` if the generic part would overflow.
pub fn add_to_cost(cost: &mut ManaCost, sym: ManaSymbol) -> bool {
    match sym {
        ManaSymbol::Generic(n) => match cost.generic.checked_add(n) {
            Some(g) => cost.generic = g,
            None => return false,
        },
        ManaSymbol::Colored(c) => cost.colored[c.index()] += 1,
        ManaSymbol::Colorless => cost.colorless += 1,
        ManaSymbol::X => cost.x += 1,
        ManaSymbol::Special(s) => cost.special.push(s),
    }
    true
}

/// The kind of mana a symbol in "Add …" produces; generic and `{X}` produce no fixed kind.
#[must_use]
pub fn produced_kind(sym: ManaSymbol) -> Option<ManaKind> {
    match sym {
        ManaSymbol::Colored(c) => Some(ManaKind::Colored(c)),
        ManaSymbol::Colorless => Some(ManaKind::Colorless),
        ManaSymbol::Generic(_) | ManaSymbol::X | ManaSymbol::Special(_) => None,
    }
}

/// Parses a whole mana cost such as `{2}{G}{G}`; the empty string is the empty cost (a land's).
///
/// # Errors
/// A message naming the first symbol that is not supported, or the stray text.
pub fn parse_cost(s: &str) -> Result<ManaCost, String> {
    let mut cost = ManaCost::default();
    let mut rest = s.trim();
    while !rest.is_empty() {
        let Some(body) = rest.strip_prefix('{') else {
            return Err(format!("expected a mana symbol such as {{2}} or {{G}}, found {rest:?}"));
        };
        let Some(close) = body.find('}') else {
            return Err(format!("unclosed mana symbol in {s:?}"));
        };
        let inner = &body[..close];
        let Some(sym) = symbol(&inner.to_ascii_uppercase()) else {
            return Err(format!("unsupported mana symbol {{{inner}}}"));
        };
        if !add_to_cost(&mut cost, sym) {
            return Err(format!("generic mana too large in {s:?}"));
        }
        rest = &body[close + 1..];
    }
    Ok(cost)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs() {
        let c = parse_cost("{2}{G}{G}").unwrap();
        assert_eq!((c.generic, c.colored, c.colorless, c.x), (2, [0, 0, 0, 0, 2], 0, 0));
        let c = parse_cost("{X}{X}{R}").unwrap();
        assert_eq!((c.x, c.colored[Color::Red.index()]), (2, 1));
        assert_eq!(parse_cost("{C}{C}").unwrap().colorless, 2);
        assert_eq!(parse_cost("{0}").unwrap(), ManaCost::default());
        assert_eq!(parse_cost("").unwrap(), ManaCost::default());
        assert_eq!(parse_cost("{1}{W}").unwrap().to_string(), "{1}{W}");
    }

    #[test]
    fn hybrid_phyrexian_and_snow() {
        use CostSymbol::*;
        // Kitchen Finks {1}{G/W}{G/W}: mana value 3 (202.3f), green and white (202.2d).
        let c = parse_cost("{1}{G/W}{G/W}").unwrap();
        assert_eq!(c.special, vec![Hybrid(Color::Green, Color::White); 2]);
        assert_eq!(c.mana_value(0), 3);
        assert_eq!(c.colors().collect::<Vec<_>>(), vec![Color::White, Color::Green]);
        // Spectral Procession {2/W}{2/W}{2/W}: mana value 6.
        let c = parse_cost("{2/W}{2/W}{2/W}").unwrap();
        assert_eq!(c.mana_value(0), 6);
        assert_eq!(c.to_string(), "{2/W}{2/W}{2/W}");
        // Dismember {1}{B/P}{B/P}: mana value 3 (202.3g), black.
        let c = parse_cost("{1}{B/P}{B/P}").unwrap();
        assert_eq!((c.mana_value(0), c.colors().collect::<Vec<_>>()), (3, vec![Color::Black]));
        // Tamiyo's Compleation-style hybrid Phyrexian and {C/W}.
        assert_eq!(parse_cost("{3}{G/U/P}").unwrap().special, vec![HybridPhyrexian(Color::Green, Color::Blue)]);
        assert_eq!(parse_cost("{C/W}").unwrap().mana_value(0), 1);
        // Snow: mana value 1, no color (107.4h).
        let c = parse_cost("{S}{S}").unwrap();
        assert_eq!((c.mana_value(0), c.colors().count()), (2, 0));
        assert_eq!(parse_cost("{g/w}").unwrap().to_string(), "{G/W}");
    }

    #[test]
    fn unsupported_symbols() {
        assert_eq!(parse_cost("{W/W}").unwrap_err(), "unsupported mana symbol {W/W}");
        assert_eq!(parse_cost("{H}{1}").unwrap_err(), "unsupported mana symbol {H}");
        assert_eq!(parse_cost("{1/2}").unwrap_err(), "unsupported mana symbol {1/2}");
        assert!(parse_cost("2G").is_err());
        assert!(parse_cost("{2").is_err());
        assert!(parse_cost("{99999999999}").is_err());
        assert!(parse_cost("{4294967295}{1}").is_err());
    }
}
