//! Mana symbols (107.4) and mana costs (202.1).

use crate::cards::ir::{Color, ManaCost, ManaKind};

/// One mana symbol that can appear in a cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManaSymbol {
    Generic(u32),
    Colored(Color),
    /// `{C}`
    Colorless,
    /// `{X}`
    X,
}

/// Reads the inside of a `{…}` symbol (already upper-cased) as a mana symbol.
///
/// Hybrid, Phyrexian, snow and half symbols are not supported by the engine, so they are `None`.
#[must_use]
pub fn symbol(inner: &str) -> Option<ManaSymbol> {
    if !inner.is_empty() && inner.bytes().all(|b| b.is_ascii_digit()) {
        return inner.parse().ok().map(ManaSymbol::Generic);
    }
    let mut chars = inner.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else { return None };
    match c {
        'C' => Some(ManaSymbol::Colorless),
        'X' => Some(ManaSymbol::X),
        _ => Color::from_letter(c).map(ManaSymbol::Colored),
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
    }
    true
}

/// The kind of mana a symbol in "Add …" produces; generic and `{X}` produce no fixed kind.
#[must_use]
pub fn produced_kind(sym: ManaSymbol) -> Option<ManaKind> {
    match sym {
        ManaSymbol::Colored(c) => Some(ManaKind::Colored(c)),
        ManaSymbol::Colorless => Some(ManaKind::Colorless),
        ManaSymbol::Generic(_) | ManaSymbol::X => None,
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
    fn unsupported_symbols() {
        assert_eq!(parse_cost("{W/U}").unwrap_err(), "unsupported mana symbol {W/U}");
        assert_eq!(parse_cost("{G/P}{1}").unwrap_err(), "unsupported mana symbol {G/P}");
        assert_eq!(parse_cost("{S}").unwrap_err(), "unsupported mana symbol {S}");
        assert!(parse_cost("2G").is_err());
        assert!(parse_cost("{2").is_err());
        assert!(parse_cost("{99999999999}").is_err());
        assert!(parse_cost("{4294967295}{1}").is_err());
    }
}
