//! Unread abilities (see `cards/oracle/unread.rs`) meet the game: the checks that stop a
//! scenario exactly when the result could depend on text `judge` can't read.
//!
//! Each check sits where the rules make an ability of that kind matter: activating (602.1),
//! triggering (603.2), casting (601.2), being on the battlefield (113.6), blocking (509.1),
//! becoming a target (115.10) and dealing damage (120.3). A check that finds one stops the run
//! with a diagnostic naming the card, the ability, the unread words and why it matters now.
//! Nothing is traced for it: the trace never holds a guessed event.

use crate::cards::ir::{Ability, Moment, Unread};
use crate::diag::{Diagnostic, Span};
use crate::engine::decision::Stop;
use crate::engine::state::{Game, ObjId, Target};

impl Game {
    /// The unread abilities `id` has now (one that an effect removed can't matter), with
    /// their indices.
    pub fn unread(&self, id: ObjId) -> impl Iterator<Item = (usize, &Unread)> {
        self.abilities(id).filter_map(|(i, a)| match a {
            Ability::Unread(u) => Some((i, &**u)),
            _ => None,
        })
    }

    /// The first unread ability of `id` that matters at `moment`.
    pub fn unread_for(&self, id: ObjId, moment: &Moment) -> Option<&Unread> {
        self.unread(id).map(|(_, u)| u).find(|u| &u.moment == moment)
    }

    /// Stops the run if `id` has an unread ability that matters at `moment`; `why` says what
    /// is happening ("Alice casts it").
    ///
    /// # Errors
    /// The stop, with its diagnostic.
    pub fn check_unread(&self, id: ObjId, moment: &Moment, why: impl FnOnce() -> String) -> Result<(), Stop> {
        match self.unread_for(id, moment) {
            Some(u) => Err(unread_stop(self.describe(id), u, &why())),
            None => Ok(()),
        }
    }

    /// As [`Game::check_unread`] for each object among `targets` (115.10: ward and "hexproof
    /// from" act when their permanent becomes a target).
    ///
    /// # Errors
    /// The stop, with its diagnostic.
    pub fn check_unread_targets(&self, targets: impl IntoIterator<Item = Target>, by: &str) -> Result<(), Stop> {
        for t in targets {
            if let Target::Object(o) = t {
                self.check_unread(o, &Moment::Targeted, || format!("it becomes a target of {by}"))?;
            }
        }
        Ok(())
    }
}

/// The diagnostic for an unread ability that matters now. Its place is the script action (or
/// setup entry) that led here: the engine doesn't know the file, so the runner fills it in.
#[must_use]
pub fn unread_stop(card: String, u: &Unread, why: &str) -> Stop {
    Stop(
        Diagnostic::new(format!("{card} has {} {} that judge can't read yet, and it matters here: \"{}\"", u.kind.article(), u.kind.name(), u.text), Span::default())
            .label(format!("here {why}"))
            .help(format!(
                "{}unread words: \"{}\" (expected {}). The result could depend on them, so the run stops rather than guess; \
                 change the scenario so that this ability doesn't come into play, or see `judge card \"{}\"` for what is read",
                missing_words(u),
                u.words,
                u.expected,
                card.split(" [").next().unwrap_or(&card)
            )),
    )
}

/// "it uses rolling dice (706), which judge doesn't model yet; " when the text shows a rules
/// feature judge lacks, so the message names it in a judge's words.
#[must_use]
pub fn missing_words(u: &Unread) -> String {
    crate::cards::oracle::unread::missing_feature(&u.text).map_or_else(String::new, |f| format!("it uses {f}, which judge doesn't model yet; "))
}

/// Whether an unread activated ability may be a mana ability (605.1a: it could add mana).
#[must_use]
pub fn may_add_mana(u: &Unread) -> bool {
    u.kind == crate::cards::ir::UnreadKind::Activated && u.text.split_once(':').is_some_and(|(_, effect)| effect.contains("Add") || effect.contains("add"))
}

impl Game {
    /// Automatic payment found no way to pay with the mana abilities it reads: if `p` controls a
    /// permanent with an unread ability that may add mana, the result could depend on it.
    ///
    /// # Errors
    /// The stop, with its diagnostic.
    pub fn check_unread_mana(&self, p: crate::engine::state::PlayerId, why: &str) -> Result<(), Stop> {
        for &o in &self.battlefield {
            if self.controller(o) == p
                && let Some(u) = self.unread(o).map(|(_, u)| u).find(|u| may_add_mana(u))
            {
                return Err(unread_stop(self.describe(o), u, &format!("{why}; this ability may add mana (605.1a)")));
            }
        }
        Ok(())
    }

    /// 509.1: a declared block involving a creature with an unread evasion keyword.
    ///
    /// # Errors
    /// The stop, with its diagnostic.
    pub fn check_unread_blocks(&self, decl: &[(ObjId, Vec<ObjId>)]) -> Result<(), Stop> {
        for (blocker, attackers) in decl {
            for &o in std::iter::once(blocker).chain(attackers) {
                self.check_unread(o, &Moment::Blocks, || "a block involving it is declared (509.1)".to_owned())?;
            }
        }
        Ok(())
    }
}
