//! Replaying a scenario: the script drives the game (priority actions, turn-based
//! declarations and decisions), then the game runs to `until`, then expectations are checked.

pub mod expect;
pub mod refs;

use crate::cards::ir::{Ability, Color};
use crate::diag::{Diagnostic, Span};
use crate::engine::casting::{Choices, Illegal};
use crate::engine::decision::{AttackDecl, BlockDecl, DecisionKind, legal_answers};
use crate::engine::state::Outcome;
use crate::engine::{Answer, Decider, Decision, Game, PlayerId, Stop, Target};
use crate::scenario::Scenario;
use crate::scenario::model::{Action, ActionKind, CastChoices, Choice, Step, Until};
use expect::Verdict;
use refs::Place;

/// The result of a replay.
pub struct RunResult {
    pub game: Game,
    /// Verdicts of `check` actions and of `expect`, in order.
    pub verdicts: Vec<Verdict>,
    /// Why the run stopped early (exit 2), if it did.
    pub stop: Option<Diagnostic>,
}

/// Guards against scripts that would pass forever.
const MAX_PASSES: usize = 20_000;

/// The script as a decider: actions are taken in order; `choose` entries answer decisions.
struct Script<'a> {
    actions: &'a [Action],
    used: Vec<bool>,
    /// Every entry before this one is used: the head is found from here.
    start: usize,
    /// The entries marked used, in order: a rejected action unmarks those it used.
    marked: Vec<usize>,
    auto_first: bool,
    /// The last entry used, for "a `choose` would go here".
    last: Option<usize>,
    end_span: Span,
    /// Set while the runner carries out an `attack`/`block` entry: only then does a
    /// declaration step take it (a `goto` passing through other turns' combats does not).
    declaring: bool,
}

impl<'a> Script<'a> {
    fn head(&self) -> Option<usize> {
        (self.start..self.used.len()).find(|&i| !self.used[i])
    }

    fn take(&mut self, i: usize) -> &'a Action {
        self.mark(i);
        self.last = Some(i);
        &self.actions[i]
    }

    fn mark(&mut self, i: usize) {
        if !self.used[i] {
            self.used[i] = true;
            self.marked.push(i);
        }
        while self.used.get(self.start) == Some(&true) {
            self.start += 1;
        }
    }

    /// Unmarks the entries marked since `mark` (the length of `marked` then).
    fn unmark_since(&mut self, mark: usize) {
        for i in self.marked.drain(mark..) {
            self.used[i] = false;
            self.start = self.start.min(i);
        }
    }

    /// The first unused `choose` for `p` in the run of `choose` entries at the head.
    fn choose_for(&self, g: &Game, p: PlayerId) -> Option<usize> {
        let start = self.head()?;
        for i in start..self.actions.len() {
            if self.used[i] {
                continue;
            }
            match &self.actions[i].kind {
                ActionKind::Choose(c) => {
                    if c.player.as_ref().is_some_and(|r| *r.text == *g.players[p].name) {
                        return Some(i);
                    }
                }
                _ => return None,
            }
        }
        None
    }

    /// The `attack`/`block` entry at the head of the script, taken — only while the runner
    /// carries out that entry (a `goto` through other combats declares nothing).
    fn take_declaration(&mut self, is: impl Fn(&ActionKind) -> bool) -> Option<&'a Action> {
        let i = self.head()?;
        (self.declaring && is(&self.actions[i].kind)).then(|| self.take(i))
    }

    fn where_text(&self) -> String {
        match self.last {
            Some(i) => format!("after action {} (line {})", self.actions[i].index, self.actions[i].span.line),
            None => "at the start of `actions`".to_owned(),
        }
    }

    fn where_span(&self) -> Span {
        match self.head() {
            Some(i) => self.actions[i].span,
            None => self.last.map_or(self.end_span, |i| self.actions[i].span),
        }
    }
}

impl Decider for Script<'_> {
    fn decide(&mut self, g: &Game, d: &Decision) -> Result<Answer, Stop> {
        let Some(i) = self.choose_for(g, d.player) else {
            if self.auto_first {
                return Ok(first_answer(d));
            }
            let who = &g.players[d.player].name;
            return Err(Stop(
                Diagnostic::new(format!("unscripted decision: {who} must choose {} (rule {})", d.what, d.rule), self.where_span())
                    .label(if self.head().is_some() { "a `choose` is needed before this entry" } else { "a `choose` is needed after this entry" })
                    .help(format!(
                        "legal answers — {}. Add `- choose: {{player: {who}, {}}}` {} ",
                        legal_answers(g, d),
                        example_key(d),
                        self.where_text()
                    )),
            ));
        };
        let action = self.take(i);
        match &action.kind {
            ActionKind::Choose(c) => answer(g, d, c, action.span),
            // `choose_for` only returns the index of a `choose` entry.
            _ => Err(Stop(Diagnostic::new("internal error: a decision met a non-`choose` entry", action.span))),
        }
    }

    fn attackers(&mut self, g: &Game) -> Result<Option<(usize, AttackDecl)>, Stop> {
        let Some(action) = self.take_declaration(|k| matches!(k, ActionKind::Attack(_))) else { return Ok(None) };
        let ActionKind::Attack(list) = &action.kind else { return Ok(None) };
        let mut out = Vec::new();
        for (a, t) in list {
            let id = refs::object(g, a, Place::Battlefield)?;
            let target = t.as_ref().map(|t| refs::target(g, t)).transpose()?;
            out.push((id, target));
        }
        Ok(Some((action.index, out)))
    }

    fn blockers(&mut self, g: &Game) -> Result<Option<(usize, BlockDecl)>, Stop> {
        let Some(action) = self.take_declaration(|k| matches!(k, ActionKind::Block(_))) else { return Ok(None) };
        let ActionKind::Block(list) = &action.kind else { return Ok(None) };
        let mut out = Vec::new();
        for (b, atts) in list {
            let id = refs::object(g, b, Place::Battlefield)?;
            let atts = atts.iter().map(|a| refs::object(g, a, Place::Battlefield)).collect::<Result<Vec<_>, _>>()?;
            out.push((id, atts));
        }
        Ok(Some((action.index, out)))
    }
}

fn example_key(d: &Decision) -> &'static str {
    match d.kind {
        DecisionKind::Pick { .. } => "pick: [...]",
        DecisionKind::Color | DecisionKind::ColorAmong(_) => "color: ...",
        DecisionKind::CreatureType => "subtype: ...",
        DecisionKind::Assign { .. } => "assign: {...}",
        DecisionKind::Divide { .. } => "divide: {...}",
        DecisionKind::PickRange { .. } => "pick: [...]",
        DecisionKind::May { .. } => "may: true",
        DecisionKind::NewTargets { .. } | DecisionKind::TriggerTargets { .. } => "targets: [...]",
        DecisionKind::Order { .. } => "order: [...]",
        DecisionKind::Apply { .. } => "apply: ...",
        DecisionKind::Scry { .. } => "top: [...], bottom: [...]",
        DecisionKind::Surveil { .. } => "top: [...], graveyard: [...]",
        DecisionKind::BottomOrder { .. } => "bottom: [...]",
        DecisionKind::TopOrder { .. } => "top: [...]",
        DecisionKind::Modes { .. } => "modes: [...]",
        DecisionKind::CoinCall => "call: heads",
    }
}

fn first_answer(d: &Decision) -> Answer {
    match &d.kind {
        DecisionKind::Pick { options, count } => Answer::Pick(options.iter().copied().take(*count).collect()),
        DecisionKind::Color => Answer::Color(Color::White),
        DecisionKind::ColorAmong(colors) => Answer::Color(colors.first().copied().unwrap_or(Color::White)),
        DecisionKind::CreatureType => Answer::CreatureType(crate::cards::subtypes::CREATURE_TYPES[0].to_owned()),
        DecisionKind::Assign { recipients, total, .. } => Answer::Assign(recipients.first().map(|r| vec![(*r, *total)]).unwrap_or_default()),
        DecisionKind::PickRange { options, min, .. } => Answer::Pick(options.iter().copied().take(*min).collect()),
        DecisionKind::May { .. } => Answer::May(false),
        DecisionKind::NewTargets { .. } => Answer::Targets(None),
        DecisionKind::Order { options, .. } => Answer::Order((0..options.len()).collect()),
        DecisionKind::Apply { options } => Answer::Pick(options.iter().copied().take(1).collect()),
        DecisionKind::Scry { cards } | DecisionKind::Surveil { cards } => Answer::Scry { top: cards.clone(), bottom: Vec::new() },
        DecisionKind::BottomOrder { cards } => Answer::Scry { top: Vec::new(), bottom: cards.clone() },
        DecisionKind::TopOrder { cards } => Answer::Scry { top: cards.clone(), bottom: Vec::new() },
        DecisionKind::Modes { count, min, used, .. } => Answer::Modes((0..*count).filter(|i| !used.contains(i)).take(*min).collect()),
        DecisionKind::CoinCall => Answer::Call(true),
        DecisionKind::TriggerTargets { options, min, .. } => Answer::Pick(options.iter().copied().take(*min).collect()),
        DecisionKind::Divide { recipients, total } => {
            // At least one each, the rest to the first.
            let n = u32::try_from(recipients.len()).unwrap_or(u32::MAX);
            Answer::Assign(recipients.iter().enumerate().map(|(i, r)| (*r, if i == 0 { total.saturating_sub(n - 1) } else { 1 })).collect())
        }
    }
}

fn answer(g: &Game, d: &Decision, c: &Choice, span: Span) -> Result<Answer, Stop> {
    let mismatch = |need: &str| {
        Stop(
            Diagnostic::new(format!("this `choose` does not fit the decision it meets: {} must choose {}", g.players[d.player].name, d.what), span)
                .help(format!("this decision takes `{need}`; legal answers — {}", legal_answers(g, d))),
        )
    };
    // The picks of a `pick:` answer, each taken from what the earlier ones left.
    let picked = |options: &[Target]| -> Result<Vec<Target>, Stop> {
        let Some(picks) = &c.pick else { return Err(mismatch("pick")) };
        let mut remaining = options.to_vec();
        let mut out = Vec::new();
        for r in picks {
            let t = refs::among(g, r, &remaining)?;
            remaining.retain(|x| *x != t);
            out.push(t);
        }
        Ok(out)
    };
    match &d.kind {
        DecisionKind::Pick { options, count } => {
            let out = picked(options)?;
            if out.len() != *count {
                return Err(Stop(Diagnostic::new(format!("{} must pick exactly {count}, this `choose` picks {}", g.players[d.player].name, out.len()), span).help(legal_answers(g, d))));
            }
            Ok(Answer::Pick(out))
        }
        DecisionKind::Color => {
            let Some((name, cspan)) = &c.color else { return Err(mismatch("color")) };
            Color::from_name(name).map(Answer::Color).ok_or_else(|| Stop(Diagnostic::new(format!("`{name}` is not a color"), *cspan).help("colors are white, blue, black, red, green")))
        }
        DecisionKind::ColorAmong(colors) => {
            let Some((name, cspan)) = &c.color else { return Err(mismatch("color")) };
            match Color::from_name(name) {
                Some(col) if colors.contains(&col) => Ok(Answer::Color(col)),
                _ => Err(Stop(Diagnostic::new(format!("`{name}` is not one of the choices: {} must choose {}", g.players[d.player].name, d.what), *cspan).help(legal_answers(g, d)))),
            }
        }
        DecisionKind::CreatureType => {
            let Some((name, tspan)) = &c.subtype else { return Err(mismatch("subtype")) };
            crate::cards::subtypes::CREATURE_TYPES
                .iter()
                .find(|t| t.eq_ignore_ascii_case(name))
                .map(|t| Answer::CreatureType((*t).to_owned()))
                .ok_or_else(|| Stop(Diagnostic::new(format!("`{name}` is not a creature type"), *tspan).help("write a creature type as the rules spell it (205.3m): Elf, Goblin, Human, Zombie, …")))
        }
        DecisionKind::Assign { recipients, total, lethal } => {
            let Some(parts) = &c.assign else { return Err(mismatch("assign")) };
            let mut out = Vec::new();
            for (r, n) in parts {
                out.push((refs::among(g, r, recipients)?, *n));
            }
            let sum: u32 = out.iter().map(|(_, n)| n).sum();
            if sum != *total {
                return Err(Stop(Diagnostic::new(format!("the assignment adds up to {sum}, but {total} damage must be assigned"), span).help("510.1c: all of the creature's combat damage is divided among its blockers")));
            }
            // 702.19b: with trample, damage goes past the blockers only once each has lethal.
            if let Some(lethal) = lethal
                && let Some(&player) = recipients.last()
                && out.iter().any(|(t, n)| *t == player && *n > 0)
            {
                for (b, need) in recipients.iter().zip(lethal) {
                    let got: u32 = out.iter().filter(|(t, _)| t == b).map(|(_, n)| n).sum();
                    if got < *need {
                        return Err(Stop(Diagnostic::new(format!("{} must be assigned lethal damage ({need}) before any damage is assigned to {} (it gets {got})", g.describe_target(*b), g.describe_target(player)), span).help("702.19b: trample lets the rest go to the player only after every blocker has lethal damage")));
                    }
                }
            }
            Ok(Answer::Assign(out))
        }
        DecisionKind::PickRange { options, min, max, found } => {
            // The cards the rules find anyway (a public zone's, 701.23b) may be listed too.
            let mut all = options.clone();
            all.extend(found.iter().copied());
            let mut out = picked(&all)?;
            out.retain(|t| !found.contains(t));
            if out.len() < *min || out.len() > *max {
                return Err(Stop(Diagnostic::new(format!("{} must pick {}, this `choose` picks {}", g.players[d.player].name, if *max >= options.len() { format!("at least {min}") } else { format!("{min} to {max}") }, out.len()), span).help(legal_answers(g, d))));
            }
            Ok(Answer::Pick(out))
        }
        DecisionKind::May { .. } => c.may.map(Answer::May).ok_or_else(|| mismatch("may")),
        DecisionKind::CoinCall => {
            let Some((call, cspan)) = &c.call else { return Err(mismatch("call")) };
            match call.to_ascii_lowercase().as_str() {
                "heads" => Ok(Answer::Call(true)),
                "tails" => Ok(Answer::Call(false)),
                _ => Err(Stop(Diagnostic::new(format!("`{call}` is not a call of a coin flip"), *cspan).help("write `call: heads` or `call: tails` (705.2)"))),
            }
        }
        DecisionKind::TriggerTargets { options, min, max } => {
            let Some(ts) = c.targets.as_ref().or(c.pick.as_ref()) else { return Err(mismatch("targets")) };
            let mut left = options.clone();
            let mut out = Vec::new();
            for r in ts {
                let t = refs::among(g, r, &left)?;
                left.retain(|x| *x != t);
                out.push(t);
            }
            if out.len() < *min || out.len() > *max {
                let n = if min == max { min.to_string() } else { format!("{min} to {max}") };
                return Err(Stop(Diagnostic::new(format!("the ability needs {n} target(s), this `choose` names {}", out.len()), span).help(legal_answers(g, d))));
            }
            Ok(Answer::Pick(out))
        }
        DecisionKind::Divide { recipients, total } => {
            let Some(parts) = c.divide.as_ref().or(c.assign.as_ref()) else { return Err(mismatch("divide")) };
            let mut out: Vec<(Target, u32)> = Vec::new();
            for (r, n) in parts {
                out.push((refs::among(g, r, recipients)?, *n));
            }
            for r in recipients {
                let got: u32 = out.iter().filter(|(t, _)| t == r).map(|(_, n)| n).sum();
                if got == 0 {
                    return Err(Stop(Diagnostic::new(format!("each target must get at least 1; {} gets none", g.describe_target(*r)), span).help("601.2d: every target of a division receives at least one")));
                }
            }
            let sum: u32 = out.iter().map(|(_, n)| n).sum();
            if sum != *total {
                return Err(Stop(Diagnostic::new(format!("the division adds up to {sum}, but {total} must be divided"), span).help(legal_answers(g, d))));
            }
            Ok(Answer::Assign(out))
        }
        DecisionKind::Modes { count, min, max, used } => {
            let Some(ms) = &c.modes else { return Err(mismatch("modes")) };
            if let Some(&i) = ms.iter().find(|&&i| used.contains(&i)) {
                return Err(Stop(Diagnostic::new(format!("mode {} has already been chosen for this ability and can't be chosen again", i + 1), span).help(legal_answers(g, d))));
            }
            let mut sorted = ms.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if sorted.len() != ms.len() || sorted.iter().any(|&i| i >= *count) || sorted.len() < *min || sorted.len() > *max {
                return Err(Stop(Diagnostic::new(format!("this `choose` must name {} different mode(s) between 1 and {count}", if min == max { min.to_string() } else { format!("{min} to {max}") }), span).help("700.2: each mode at most once")));
            }
            Ok(Answer::Modes(sorted))
        }
        DecisionKind::Scry { cards } | DecisionKind::Surveil { cards } => {
            let surveil = matches!(d.kind, DecisionKind::Surveil { .. });
            // A surveil's second pile is the graveyard (701.25a), a scry's the bottom.
            let other = if surveil { &c.graveyard } else { &c.bottom };
            if c.top.is_none() && other.is_none() {
                return Err(mismatch(if surveil { "top` / `graveyard" } else { "top" }));
            }
            if surveil && c.bottom.is_some() {
                return Err(mismatch("top` / `graveyard"));
            }
            let opts: Vec<Target> = cards.iter().map(|&o| Target::Object(o)).collect();
            let mut left = opts.clone();
            let mut take = |list: &Option<Vec<crate::scenario::model::Ref>>| -> Result<Vec<crate::engine::ObjId>, Stop> {
                let mut out = Vec::new();
                for r in list.iter().flatten() {
                    let t = refs::among(g, r, &left)?;
                    left.retain(|x| *x != t);
                    if let Target::Object(o) = t {
                        out.push(o);
                    }
                }
                Ok(out)
            };
            let top = take(&c.top)?;
            let bottom = take(other)?;
            if !left.is_empty() {
                let msg = if surveil { "a surveil must place every card it looked at, on top or in the graveyard" } else { "a scry must place every card it looked at, on top or on the bottom" };
                return Err(Stop(Diagnostic::new(msg, span).help(legal_answers(g, d))));
            }
            Ok(Answer::Scry { top, bottom })
        }
        DecisionKind::TopOrder { cards } => {
            let Some(order) = &c.top else { return Err(mismatch("top")) };
            let top = order_of(g, order, cards, || Stop(Diagnostic::new("the order must name every card put back on top", span).help(legal_answers(g, d))))?;
            Ok(Answer::Scry { top, bottom: Vec::new() })
        }
        DecisionKind::BottomOrder { cards } => {
            let Some(order) = &c.bottom else { return Err(mismatch("bottom")) };
            let bottom = order_of(g, order, cards, || Stop(Diagnostic::new("the order must name every card put on the bottom", span).help(legal_answers(g, d))))?;
            Ok(Answer::Scry { top: Vec::new(), bottom })
        }
        DecisionKind::Apply { options } => {
            let Some(r) = &c.apply else { return Err(mismatch("apply")) };
            Ok(Answer::Pick(vec![refs::among(g, r, options)?]))
        }
        DecisionKind::Order { options, .. } => {
            let Some(order) = &c.order else { return Err(mismatch("order")) };
            let mut left: Vec<usize> = (0..options.len()).collect();
            let mut out = Vec::new();
            for r in order {
                let remaining: Vec<Target> = left.iter().map(|&i| options[i]).collect();
                let t = refs::among(g, r, &remaining)?;
                let Some(pos) = left.iter().position(|&i| options[i] == t) else { continue };
                out.push(left.remove(pos));
            }
            if !left.is_empty() {
                return Err(Stop(Diagnostic::new(format!("the order must name every triggered ability ({} of {} named)", out.len(), options.len()), span).help(legal_answers(g, d))));
            }
            Ok(Answer::Order(out))
        }
        DecisionKind::NewTargets { .. } => {
            if c.may == Some(false) {
                return Ok(Answer::Targets(None));
            }
            let Some(ts) = &c.targets else { return Err(mismatch("targets")) };
            Ok(Answer::Targets(Some(ts.iter().map(|r| refs::target(g, r)).collect::<Result<_, _>>()?)))
        }
    }
}

/// Replays a scenario. A debug build checks the invariants of the game after every event
/// (`engine::invariants`), so every scenario test does.
#[must_use]
pub fn run(s: &Scenario) -> RunResult {
    run_with(s, cfg!(debug_assertions))
}

/// Replays a scenario, checking the game's invariants after every event when `invariants`
/// is set: a violation stops the run (exit 2) as the engine bug it is.
#[must_use]
pub fn run_with(s: &Scenario, invariants: bool) -> RunResult {
    run_taking(s, invariants, None)
}

/// [`run_with`], taking a picture of the board with `snapshot` before the first event and after
/// each one (`Game::snapshots`).
#[must_use]
pub fn run_taking(s: &Scenario, invariants: bool, snapshot: Option<fn(&Game) -> serde_json::Value>) -> RunResult {
    let mut game = Game::from_scenario(s);
    if invariants {
        game.violations = Some(Vec::new());
        game.check_invariants(0, None);
    }
    if let Some(take) = snapshot {
        game.snapshots = Some(crate::engine::state::Snapshots { take, taken: vec![take(&game)] });
    }
    let mut script = Script { actions: &s.actions, used: vec![false; s.actions.len()], start: 0, marked: Vec::new(), auto_first: s.auto_choose, last: None, end_span: s.end_span, declaring: false };
    let mut verdicts = Vec::new();
    let active = game.active;
    let first = s.actions.first().map_or(s.end_span, |a| a.span);
    let stop = game.give_priority(active, &mut script).map_err(|e| placed(e, first)).and_then(|()| drive(&mut game, &mut script, s, &mut verdicts)).err().map(|Stop(d)| d);
    let stop = stop.or_else(|| {
        script.head().map(|i| {
            let a = &s.actions[i];
            Diagnostic::new(format!("action {} (`{}`) was never used: the game ended before it", a.index, a.verb()), a.span)
                .help("remove it, or check the script: a `choose` is used only by a decision of its player")
        })
    });
    let stop = stop.or_else(|| {
        let seq = game.beyond_range?;
        let text = game.trace.get(seq as usize - 1).map_or_else(String::new, |e| e.text().to_string());
        Some(
            Diagnostic::new(format!("event {seq} (\"{text}\") takes a number beyond the range judge supports (life up to ±9,223,372,036,854,775,807; damage, poison and counters up to 4,294,967,295)"), first)
                .help("judge stops rather than report a value it couldn't represent; use smaller numbers in the scenario"),
        )
    });
    let stop = stop.or_else(|| {
        let v = game.violations.as_ref().filter(|v| !v.is_empty())?;
        Some(Diagnostic::new(format!("engine bug: an invariant of the game state failed: {}", v.iter().take(5).cloned().collect::<Vec<_>>().join("; ")), first).help("please report it with this scenario (engine::invariants lists the invariants)"))
    });
    if stop.is_none() {
        if let Some(e) = &s.expect {
            verdicts.extend(expect::evaluate(&game, e));
        }
        verdicts.extend(expect::unexpected_rejections(&game, s.expect.as_ref(), &s.actions));
    }
    RunResult { game, verdicts, stop }
}

/// A stop the engine raised without a place in the file (it doesn't know the file) is placed
/// at the script action, or the end of the script, that led to it.
fn placed(mut stop: Stop, span: crate::diag::Span) -> Stop {
    if stop.0.span.is_none_or(|s| s == crate::diag::Span::default()) {
        stop.0.span = Some(span);
    }
    stop
}

fn drive(g: &mut Game, script: &mut Script<'_>, s: &Scenario, verdicts: &mut Vec<Verdict>) -> Result<(), Stop> {
    while let Some(i) = script.head() {
        let action = &s.actions[i];
        // After the game ends only checks can still be used: they read the final state.
        if g.outcome.is_some() && !matches!(action.kind, ActionKind::Check(_)) {
            return Ok(());
        }
        match &action.kind {
            ActionKind::Choose(_) => {
                // No decision is pending: the game goes on until one consumes this entry.
                let mut n = 0;
                while script.head() == Some(i) && g.outcome.is_none() && (g.priority.is_some() || g.cleanup_done) {
                    g.pass_priority(script).map_err(|e| placed(e, action.span))?;
                    n += 1;
                    if n > MAX_PASSES {
                        break;
                    }
                }
                if script.head() == Some(i) && g.outcome.is_none() {
                    return Err(Stop(Diagnostic::new("this `choose` is never used: no decision of its player came up", action.span).help("remove it, or move it after the action that causes the decision")));
                }
            }
            ActionKind::Attack(_) => {
                script.declaring = true;
                let r = goto(g, script, action, None, Step::DeclareAttackers, true);
                script.declaring = false;
                r.map_err(|e| placed(e, action.span))?;
                // The declaration consumed the entry; if not, the step was already past.
                if script.head() == Some(i) {
                    return Err(Stop(Diagnostic::new("attackers can no longer be declared this turn", action.span).help("`goto` a later turn first, e.g. `goto: {turn: 3, step: precombat_main}`")));
                }
            }
            ActionKind::Block(_) => {
                if g.step < Step::DeclareBlockers && !g.combat.any_declared && g.attackers_declared {
                    return Err(Stop(Diagnostic::new("no creature is attacking, so there is no declare blockers step (508.8)", action.span).help("declare attackers first with `attack:`")));
                }
                script.declaring = true;
                let r = goto(g, script, action, None, Step::DeclareBlockers, true);
                script.declaring = false;
                r.map_err(|e| placed(e, action.span))?;
                if script.head() == Some(i) {
                    return Err(Stop(Diagnostic::new("blockers can no longer be declared in this combat", action.span).help("blocks are declared once, at the start of the declare blockers step")));
                }
            }
            _ => {
                script.take(i);
                let cause = format!("action {}: {}", action.index, action.verb());
                // The action's first event starts its chain of causes (engine::cause).
                let r = g.with_cause(cause, crate::engine::cause::Anchor::Next, |g| act(g, script, action, verdicts));
                r.map_err(|e| placed(e, action.span))?;
            }
        }
    }
    if g.outcome.is_some() {
        return Ok(());
    }
    let end = Action { index: 0, player: None, kind: ActionKind::Pass, span: s.end_span };
    let r = match s.until {
        Until::StackEmpty => pass_while(g, script, |g| !g.stack.is_empty()),
        Until::Step { turn, step } => goto(g, script, &end, turn, step, false),
        Until::EndOfTurn => {
            let turn = g.turn;
            pass_while(g, script, |g| !(g.cleanup_done && g.turn == turn))
        }
        Until::GameOver => pass_while(g, script, |g| g.outcome.is_none()),
    };
    r.map_err(|e| placed(e, s.end_span))
}

fn pass_while(g: &mut Game, script: &mut Script<'_>, cond: impl Fn(&Game) -> bool) -> Result<(), Stop> {
    let mut n = 0;
    while cond(g) && g.outcome.is_none() && (g.priority.is_some() || g.cleanup_done) {
        g.pass_priority(script)?;
        n += 1;
        if n > MAX_PASSES {
            return Err(Stop(Diagnostic::new("the game did not reach the requested point after 20000 passes", script.end_span).help("check `until:` and the last `goto:`")));
        }
    }
    Ok(())
}

/// Passes until the game is at the first priority moment of `step` (of `turn`, or this turn).
fn goto(g: &mut Game, script: &mut Script<'_>, action: &Action, turn: Option<u32>, step: Step, declaration: bool) -> Result<(), Stop> {
    let turn = turn.unwrap_or(g.turn);
    if (turn, step) < (g.turn, g.step) || (declaration && turn == g.turn && step == g.step) {
        let what = if declaration { format!("the {} step of turn {turn}", step.name()) } else { format!("turn {turn}, {}", step.name()) };
        return Err(Stop(
            Diagnostic::new(format!("the game is already past {what} (it is turn {}, {} step)", g.turn, g.step.name()), action.span)
                .help("`goto` moves forward only: name a later turn, e.g. `goto: {turn: N, step: STEP}`"),
        ));
    }
    if matches!(step, Step::Untap | Step::Cleanup) {
        return Err(Stop(Diagnostic::new(format!("no player receives priority in the {} step (502.4, 514.3)", step.name()), action.span).help("name the step before or after it; `until: end_of_turn` runs through cleanup")));
    }
    pass_while(g, script, |g| (g.turn, g.step) < (turn, step))
}

/// The player an action is taken by.
fn actor(g: &Game, action: &Action, default: impl FnOnce(&Game) -> Option<PlayerId>) -> Result<PlayerId, Stop> {
    if let Some(r) = &action.player {
        return refs::player(g, r);
    }
    default(g).ok_or_else(|| Stop(Diagnostic::new("cannot tell which player takes this action", action.span).help("add `player: NAME`")))
}

/// Other players pass until `p` has priority (contract: automatic passing). Never ends a step
/// whose stack is empty.
fn pass_to(g: &mut Game, script: &mut Script<'_>, p: PlayerId, action: &Action) -> Result<(), Stop> {
    let mut n = 0;
    while g.priority != Some(p) && g.outcome.is_none() {
        if g.priority.is_none() && !g.cleanup_done {
            return Err(Stop(Diagnostic::new("no player has priority now", action.span)));
        }
        if g.stack.is_empty() && g.passes + 1 >= g.living() {
            let holder = g.priority.map(|h| g.players[h].name.clone()).unwrap_or_default();
            return Err(Stop(
                Diagnostic::new(format!("{} can't act now: {holder} holds priority and passing would end the {} step", g.players[p].name, g.step.name()), action.span)
                    .help("automatic passing never ends a step with an empty stack; use `goto:` to move on"),
            ));
        }
        g.pass_priority(script)?;
        n += 1;
        if n > MAX_PASSES {
            break;
        }
    }
    Ok(())
}

fn cast_choices(g: &Game, c: &CastChoices) -> Result<Choices, Stop> {
    let objects = |list: &Option<Vec<crate::scenario::model::Ref>>, place: Place| -> Result<Option<Vec<crate::engine::ObjId>>, Stop> {
        list.as_ref().map(|p| p.iter().map(|r| refs::object(g, r, place)).collect::<Result<_, _>>()).transpose()
    };
    Ok(Choices {
        targets: c.targets.iter().map(|r| refs::target(g, r)).collect::<Result<_, _>>()?,
        x: c.x,
        pay: objects(&c.pay, Place::Battlefield)?,
        modes: c.modes.clone(),
        divide: c.divide.iter().map(|(r, n)| Ok((refs::target(g, r)?, *n))).collect::<Result<_, Stop>>()?,
        kicked: c.kicked,
        face_down: c.face_down,
        fuse: c.fuse,
        sacrifice: objects(&c.sacrifice, Place::Battlefield)?,
        discard: objects(&c.discard, Place::Hand(None))?,
        phyrexian: c.phyrexian.clone(),
        tap: objects(&c.tap, Place::Battlefield)?,
        exile: objects(&c.exile, Place::Anywhere)?,
        flashback: c.flashback,
        buyback: c.buyback,
        evoke: c.evoke,
        dash: c.dash,
        warp: c.warp,
        plot: c.plot,
        foretell: c.foretell,
        blitz: c.blitz,
        overload: c.overload,
        replicate: c.replicate,
        casualty: c.casualty,
        conspire: c.conspire,
        bargain: c.bargain,
        offspring: c.offspring,
        gift: c.gift.as_ref().map(|r| refs::player(g, r)).transpose()?,
        rather: c.rather,
        face: None,
        by_effect: None,
    })
}

/// The cards of `cards` in the order a `choose` lists them, every one named once (401.4);
/// `incomplete` is the error when some are left out.
fn order_of(g: &Game, order: &[crate::scenario::model::Ref], cards: &[crate::engine::state::ObjId], incomplete: impl FnOnce() -> Stop) -> Result<Vec<crate::engine::state::ObjId>, Stop> {
    let mut left: Vec<Target> = cards.iter().map(|&o| Target::Object(o)).collect();
    let mut out = Vec::new();
    for r in order {
        let t = refs::among(g, r, &left)?;
        left.retain(|x| *x != t);
        if let Target::Object(o) = t {
            out.push(o);
        }
    }
    if left.is_empty() { Ok(out) } else { Err(incomplete()) }
}

/// The player an effect lets play `id` from exile (601.3), when it is in exile.
fn exile_player(g: &Game, id: crate::engine::state::ObjId) -> Option<crate::engine::state::PlayerId> {
    (g.obj(id).zone == crate::engine::Zone::Exile).then(|| g.play_permissions.iter().find(|perm| perm.card == id).map(|perm| perm.player)).flatten()
}

/// The face or half a `cast`/`play` names (709.3, 712.11b, 712.12, 715.3): the card's name (or
/// a label) is its normal face; a face's name is that face. A face that can't be chosen is an
/// error of the file.
fn cast_face(g: &Game, id: crate::engine::ObjId, r: &crate::scenario::model::Ref, span: crate::diag::Span) -> Result<Option<u8>, Stop> {
    use crate::cards::def::Layout;
    let card = &g.obj(id).card;
    let face = card.face_named(&r.text);
    let shown = g.describe(id);
    match (card.layout(), face) {
        (Some(Layout::Transform), Some(1)) => Err(Stop(
            Diagnostic::new(format!("`{}` is the back face of {shown}, a transforming double-faced card: it is cast and played with its front face up (rules 712.11, 712.8c)", r.text), span)
                .label("rule 712.11")
                .help(format!("write `{}`; only an effect that says \"transformed\" puts the back face on the stack", card.faces()[0].name())),
        )),
        (Some(Layout::Flip), Some(1)) => Err(Stop(
            Diagnostic::new(format!("`{}` is the flipped half of {shown}: a flip card is cast with its normal characteristics (rule 710.2)", r.text), span)
                .label("rule 710.2")
                .help(format!("write `{}`", card.faces()[0].name())),
        )),
        (Some(Layout::Split), None) => Err(Stop(
            Diagnostic::new(format!("{shown} is a split card: say which half is cast (rule 709.3)"), span)
                .label("rule 709.3")
                .help(format!("write the half's name: `{}` or `{}`", card.faces()[0].name(), card.faces()[1].name())),
        )),
        // The front face is the card's normal face; a split card's left half is a half.
        (Some(l), Some(0)) if l != Layout::Split => Ok(None),
        (_, f) => Ok(f),
    }
}

/// `fuse: true` names a split card with fuse (702.102a): it is cast with no half chosen, both
/// halves together. Any other card is an error of the file.
fn fuse_face(g: &Game, id: crate::engine::ObjId, span: crate::diag::Span) -> Result<Option<u8>, Stop> {
    let card = &g.obj(id).card;
    let split = card.layout() == Some(crate::cards::def::Layout::Split);
    if split && card.has_keyword(crate::cards::ir::Keyword::Fuse) {
        return Ok(None);
    }
    let why = if split { "a split card without fuse" } else { "not a split card" };
    Err(Stop(
        Diagnostic::new(format!("{} can't be cast fused: it is {why}, and only a split card with fuse can be cast with both halves (rule 702.102a)", g.described(id)), span)
            .label("rule 702.102a")
            .help("remove `fuse: true`; a split card's halves are cast one at a time by their names (709.3)"),
    ))
}

fn act(g: &mut Game, script: &mut Script<'_>, action: &Action, verdicts: &mut Vec<Verdict>) -> Result<(), Stop> {
    match &action.kind {
        ActionKind::Cast { card, choices } => {
            let owner_hint = action.player.as_ref().map(|r| refs::player(g, r)).transpose()?;
            // Flashback casts the card from its owner's graveyard (702.34a).
            let place = if choices.flashback { Place::Graveyard(owner_hint) } else { Place::Hand(owner_hint) };
            // A card on an adventure is cast from exile (715.3d), a half with aftermath from a
            // graveyard (702.127a), a card an effect lets a player cast from exile or the top of
            // a library (601.3).
            let id = refs::object(g, card, place).or_else(|e| {
                if choices.flashback {
                    return Err(e);
                }
                refs::object(g, card, Place::Exile(owner_hint))
                    .or_else(|_| refs::object(g, card, Place::Exile(None)))
                    .or_else(|_| refs::object(g, card, Place::LibraryTop))
                    .or_else(|_| refs::object(g, card, Place::Graveyard(owner_hint)))
                    .map_err(|_| e)
            })?;
            let face = if choices.fuse { fuse_face(g, id, action.span)? } else { cast_face(g, id, card, action.span)? };
            let p = actor(g, action, |g| Some(exile_player(g, id).or(g.obj(id).adventure.filter(|_| g.obj(id).zone == crate::engine::state::Zone::Exile)).unwrap_or(g.obj(id).owner)))?;
            pass_to(g, script, p, action)?;
            let mut ch = cast_choices(g, choices)?;
            ch.face = face;
            // 702.37d, 702.168c: only an ability such as morph or disguise lets a card be cast
            // face down.
            if ch.face_down && !g.card(id).abilities().iter().any(|a| matches!(a, Ability::Morph { .. } | Ability::Disguise(_))) {
                return Err(Stop(
                    Diagnostic::new(format!("{} can't be cast face down: it has no morph or disguise ability (rules 702.37d, 702.168c)", g.described(id)), action.span)
                        .label("rule 702.37d")
                        .help("a card is cast face down only by an ability that allows it, such as \"Morph {cost}\" (702.37a) or \"Disguise {cost}\" (702.168a); remove `face_down: true`"),
                ));
            }
            attempt(g, script, action.index, p, |g, dec| g.cast(p, id, &ch, dec))
        }
        ActionKind::TurnFaceUp { card, pay, by } => {
            let id = refs::object(g, card, Place::Battlefield)?;
            // 708.7, 702.37e: only a face-down permanent with a morph ability.
            if !g.obj(id).face_down {
                return Err(Stop(
                    Diagnostic::new(format!("{} is face up: only a face-down permanent can be turned face up (rules 708.7, 702.37e)", g.described(id)), action.span)
                        .label("rule 702.37e")
                        .help("name a face-down permanent (`face_down: true` in the setup, or one cast with `face_down: true`)"),
                ));
            }
            if !g.obj(id).face_down_as.by_mana_cost() && !g.card_face_up(id).abilities().iter().any(|a| matches!(a, Ability::Morph { .. } | Ability::Disguise(_))) {
                return Err(Stop(
                    Diagnostic::new(format!("{} has no morph or disguise ability: nothing lets its controller turn it face up (rules 708.7, 702.37e, 702.168d)", g.described(id)), action.span)
                        .label("rule 708.7")
                        .help("only a face-down permanent whose face-up side has morph or disguise, or a manifested or cloaked permanent (701.40b, 701.58b), can be turned face up by its controller"),
                ));
            }
            let p = actor(g, action, |g| Some(g.controller(id)))?;
            pass_to(g, script, p, action)?;
            let pay = pay.as_ref().map(|list| list.iter().map(|r| refs::object(g, r, Place::Battlefield)).collect::<Result<Vec<_>, _>>()).transpose()?;
            let by_cost = by.as_ref().map(|b| b.value == crate::scenario::model::FaceUpBy::ManaCost);
            let up = g.card_face_up(id);
            let has_morph = up.abilities().iter().any(|a| matches!(a, Ability::Morph { .. } | Ability::Disguise(_)));
            let by_mana = g.obj(id).face_down_as.by_mana_cost() && g.obj(id).card.up(None).is_creature_card() && g.obj(id).card.up(None).cost().is_some();
            match (by, has_morph && by_mana) {
                // 701.40c–d, 701.58c–d: either procedure, the player's choice.
                (None, true) => {
                    return Err(Stop(
                        Diagnostic::new(format!("{} is a manifested or cloaked card with morph or disguise: it can be turned face up either way (rules 701.40c, 701.40d); say which", g.described(id)), action.span)
                            .label("rule 701.40c")
                            .help("add `by: morph` (pay its morph or disguise cost, 702.37e, 702.168d) or `by: mana_cost` (pay the creature card's mana cost, 701.40b)"),
                    ));
                }
                (Some(b), _) if (b.value == crate::scenario::model::FaceUpBy::ManaCost && !by_mana) || (b.value == crate::scenario::model::FaceUpBy::Morph && !has_morph) => {
                    let (why, rule) = if b.value == crate::scenario::model::FaceUpBy::ManaCost {
                        ("only a manifested or cloaked permanent that is a creature card with a mana cost can be turned face up for its mana cost", "701.40b")
                    } else {
                        ("it has no morph or disguise ability", "702.37e")
                    };
                    return Err(Stop(
                        Diagnostic::new(format!("{} can't be turned face up this way: {why} (rule {rule})", g.described(id)), b.span)
                            .label(format!("rule {rule}"))
                            .help("remove `by:`, or name the other way"),
                    ));
                }
                _ => {}
            }
            attempt(g, script, action.index, p, |g, dec| g.turn_face_up(p, id, pay.as_deref(), by_cost, dec))
        }
        ActionKind::Plot { card, pay } | ActionKind::Foretell { card, pay } => {
            let how = if matches!(action.kind, ActionKind::Plot { .. }) { crate::engine::casting::HandExile::Plot } else { crate::engine::casting::HandExile::Foretell };
            let owner_hint = action.player.as_ref().map(|r| refs::player(g, r)).transpose()?;
            let id = refs::object(g, card, Place::Hand(owner_hint))?;
            let p = actor(g, action, |g| Some(g.obj(id).owner))?;
            pass_to(g, script, p, action)?;
            let pay = pay.as_ref().map(|list| list.iter().map(|r| refs::object(g, r, Place::Battlefield)).collect::<Result<Vec<_>, _>>()).transpose()?;
            attempt(g, script, action.index, p, |g, dec| g.exile_from_hand(p, id, how, pay.as_deref(), dec))
        }
        ActionKind::Unlock { card, door, pay } => {
            let id = refs::object(g, card, Place::Battlefield)?;
            let room = &g.obj(id).card;
            if !room.is_room() {
                return Err(Stop(
                    Diagnostic::new(format!("{} has no doors: only a permanent with a shared type line, a Room, has halves to unlock (rules 709.5, 709.5e)", g.described(id)), action.span)
                        .label("rule 709.5e")
                        .help("name a Room on the battlefield"),
                ));
            }
            let names = format!("`{}` or `{}`", room.faces()[0].name(), room.faces()[1].name());
            let named = door.as_ref().map_or(Some(card), Some).and_then(|r| room.face_named(&r.text));
            let locked: Vec<u8> = (0..2u8).filter(|d| g.obj(id).unlocked & (1 << d) == 0).collect();
            let d = match (named, door) {
                (Some(d), _) => d,
                (None, Some(r)) => {
                    return Err(Stop(Diagnostic::new(format!("`{}` is not a door of {}", r.text, g.described(id)), r.span).label("rule 709.5j").help(format!("its doors are {names}"))));
                }
                (None, None) if locked.len() == 1 => locked[0],
                (None, None) => {
                    return Err(Stop(Diagnostic::new(format!("say which door of {} is unlocked", g.described(id)), action.span).label("rule 709.5e").help(format!("add `door:` with {names}, or name the door in `unlock:`"))));
                }
            };
            // 709.5e: only a locked half has an unlock cost.
            if !locked.contains(&d) {
                return Err(Stop(
                    Diagnostic::new(format!("the door {} of {} is already unlocked: only a locked half can be unlocked (rules 709.5e, 709.5c)", room.faces()[usize::from(d)].name(), g.described(id)), action.span)
                        .label("rule 709.5e")
                        .help(if locked.is_empty() { "both doors of this Room are unlocked".to_owned() } else { format!("its locked door is `{}`", room.faces()[usize::from(locked[0])].name()) }),
                ));
            }
            let p = actor(g, action, |g| Some(g.controller(id)))?;
            pass_to(g, script, p, action)?;
            let pay = pay.as_ref().map(|list| list.iter().map(|r| refs::object(g, r, Place::Battlefield)).collect::<Result<Vec<_>, _>>()).transpose()?;
            attempt(g, script, action.index, p, |g, dec| g.unlock(p, id, d, pay.as_deref(), dec))
        }
        ActionKind::Play { card } => {
            let owner_hint = action.player.as_ref().map(|r| refs::player(g, r)).transpose()?;
            let id = refs::object(g, card, Place::Hand(owner_hint)).or_else(|e| refs::object(g, card, Place::Exile(None)).or_else(|_| refs::object(g, card, Place::LibraryTop)).map_err(|_| e))?;
            let face = cast_face(g, id, card, action.span)?;
            let p = actor(g, action, |g| Some(exile_player(g, id).unwrap_or(g.obj(id).owner)))?;
            pass_to(g, script, p, action)?;
            attempt(g, script, action.index, p, |g, dec| g.play_land(p, id, face, dec))
        }
        ActionKind::Activate { card, ability, choices } => {
            // On the battlefield, or in a hand or graveyard for an ability that functions there
            // (cycling; "return this card from your graveyard", 113.6m).
            let id = match refs::object(g, card, Place::Battlefield) {
                Ok(id) => id,
                Err(e) => {
                    let owner_hint = action.player.as_ref().map(|r| refs::player(g, r)).transpose()?;
                    refs::object(g, card, Place::Hand(owner_hint)).or_else(|_| refs::object(g, card, Place::Graveyard(owner_hint))).map_err(|_| e)?
                }
            };
            let p = actor(g, action, |g| Some(g.controller(id)))?;
            // Numbered as printed (a lost ability keeps its number and is then refused by the
            // rules, 613.1f), then the abilities effects gave it.
            let printed = g.card(id).abilities().len();
            // An unread activated ability keeps its place in the numbering.
            let is_activated = |a: &Ability| matches!(a, Ability::Activated { .. }) || matches!(a, Ability::Unread(u) if u.kind == crate::cards::ir::UnreadKind::Activated);
            let numbered: Vec<usize> = g.card(id).abilities().iter().enumerate().filter(|(_, a)| is_activated(a)).map(|(i, _)| i).chain(g.abilities(id).filter(|(i, a)| *i >= printed && is_activated(a)).map(|(i, _)| i)).collect();
            // Off the battlefield, only the abilities that function where the card is can be
            // meant (113.6, 113.6m): one whose cost discards the card in a hand, one that moves
            // it out of the graveyard there.
            let zone = g.obj(id).zone;
            let functions_here = |a: &Ability| match a {
                Ability::Activated { cost, .. } if zone == crate::engine::state::Zone::Hand => cost.discard_self,
                Ability::Activated { cost, effect, .. } if zone == crate::engine::state::Zone::Graveyard => !cost.discard_self && effect.moves_this_from_graveyard(),
                _ => true,
            };
            let mut activated: Vec<usize> = g.abilities(id).filter(|(_, a)| is_activated(a)).map(|(i, _)| i).collect();
            if ability.is_none() && zone != crate::engine::state::Zone::Battlefield {
                let here: Vec<usize> = g.abilities(id).filter(|(_, a)| is_activated(a) && functions_here(a)).map(|(i, _)| i).collect();
                if !here.is_empty() {
                    activated = here;
                }
            }
            let idx = match (ability, activated.as_slice()) {
                (Some(n), _) => numbered.get(n - 1).copied().ok_or_else(|| {
                    let list = &numbered;
                    Stop(Diagnostic::new(format!("{} has {} activated abilities; there is no ability {n}", g.described(id), list.len()), action.span))
                })?,
                (None, [one]) => *one,
                (None, []) => return Err(Stop(Diagnostic::new(format!("{} has no activated ability", g.described(id)), card.span))),
                (None, list) => {
                    return Err(Stop(Diagnostic::new(format!("{} has {} activated abilities: say which", g.described(id), list.len()), action.span).help("add `ability: N` (1-based, in text order, mana abilities included)")));
                }
            };
            pass_to(g, script, p, action)?;
            let ch = cast_choices(g, choices)?;
            attempt(g, script, action.index, p, |g, dec| g.activate(p, id, idx, &ch, dec))
        }
        ActionKind::Pass => {
            let p = match &action.player {
                Some(r) => refs::player(g, r)?,
                None => g.priority.ok_or_else(|| Stop(Diagnostic::new("no player has priority now", action.span)))?,
            };
            pass_to(g, script, p, action)?;
            g.pass_priority(script)
        }
        ActionKind::Resolve { all } => {
            if g.stack.is_empty() {
                return Err(Stop(Diagnostic::new("`resolve`: the stack is empty", action.span).help("remove this action, or use `goto:` to move on")));
            }
            if *all {
                pass_while(g, script, |g| !g.stack.is_empty())
            } else {
                // Until the object now on top has left the stack: objects put on the stack
                // meanwhile (triggers of its resolution) are not waited for.
                let top = g.stack.last().cloned();
                pass_while(g, script, |g| match &top {
                    Some(crate::engine::state::StackItem::Spell(id)) => g.is_live(*id) && g.obj(*id).zone == crate::engine::Zone::Stack,
                    Some(crate::engine::state::StackItem::Ability(a)) => g.stack_ability(a.uid).is_some(),
                    None => false,
                })
            }
        }
        ActionKind::Goto { turn, step } => goto(g, script, action, *turn, *step, false),
        ActionKind::Concede(r) => {
            let p = refs::player(g, r)?;
            g.lose(p, crate::cite!(game.concede), "concedes");
            g.check_game_over();
            if g.outcome.is_none() && g.priority == Some(p) {
                g.give_priority(g.next_player(p), script)?;
            }
            Ok(())
        }
        ActionKind::Check(e) => {
            verdicts.extend(expect::evaluate(g, e));
            Ok(())
        }
        ActionKind::Choose(_) | ActionKind::Attack(_) | ActionKind::Block(_) => Ok(()),
    }
}

/// Tries a player action; if the rules forbid it, the game is put back exactly as it was
/// and the rejection recorded (732.1). After a legal action the player receives priority again
/// (117.3c), with state-based actions checked first (117.5).
fn attempt(
    g: &mut Game,
    script: &mut Script<'_>,
    index: usize,
    p: PlayerId,
    f: impl FnOnce(&mut Game, &mut dyn Decider) -> Result<Result<(), Illegal>, Stop>,
) -> Result<(), Stop> {
    let saved_marks = script.marked.len();
    // 732: an illegal action is undone (`engine::rewind`).
    match g.undoable(|g| f(g, script))? {
        Ok(()) => g.give_priority(p, script),
        Err(e) => {
            script.unmark_since(saved_marks);
            for i in 0..script.actions.len() {
                if script.actions[i].index == index {
                    script.mark(i);
                }
            }
            g.reject(index, e);
            Ok(())
        }
    }
}

/// Whether the game ended and how, for reports.
#[must_use]
pub fn outcome_text(g: &Game) -> Option<String> {
    match &g.outcome {
        Some(Outcome::Winner(p)) => Some(format!("{} wins", g.players[*p].name)),
        Some(Outcome::Draw) => Some("draw".to_owned()),
        None => None,
    }
}

