//! `judge play`: random games between random boards built from the card library, each a
//! scenario file generated from a seed and replayed with the game's invariants checked after
//! every event (engine::invariants). A panic or a violated invariant is an engine bug: the game
//! is written as a scenario file, shrunk to the shortest prefix of its script that still fails,
//! so `judge run` reproduces it. The same seed gives the same games.
//!
//! The script is random, not chosen for legality: an illegal action is rejected (732) as it
//! would be in any scenario, which exercises the rejection path as much as the legal ones.
//! Decisions the script doesn't answer are made by `auto_choose`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::cards::ir::{Ability, CardType};
use crate::cards::library::{Entry, library};
use crate::diag::Source;

/// What `judge play` is asked for.
pub struct PlayOptions {
    pub games: u32,
    pub seed: u64,
    pub players: usize,
    pub actions: usize,
    pub out: PathBuf,
}

/// What a batch of games found.
#[derive(Default)]
pub struct PlaySummary {
    pub games: u32,
    pub events: u64,
    /// Games that ended with exit 0, 1 or 2 (a stop such as a script entry left unused).
    pub by_exit: [u32; 3],
    /// Games with a panic or a violated invariant, and the files written for them.
    pub failures: Vec<(String, PathBuf)>,
    /// Why games stopped early (exit 2) that were not bugs: the message, and how many.
    pub stops: std::collections::BTreeMap<String, u32>,
}

/// The cards a random board can use: every library card read completely (no deferred text,
/// which would stop the game for a reason that isn't a bug), by role.
struct Pool {
    lands: Vec<&'static str>,
    permanents: Vec<&'static str>,
    spells: Vec<&'static str>,
}

fn pool() -> Pool {
    let mut p = Pool { lands: Vec::new(), permanents: Vec::new(), spells: Vec::new() };
    let lib = library();
    for &name in lib.names {
        let Some(Entry::Card(c)) = lib.get(name) else { continue };
        // Cards with two faces or halves need the face named to be cast (709.3): the random
        // script names cards by label only.
        if c.token || name.contains(" // ") || c.abilities.iter().any(|a| matches!(a, Ability::Unread(_))) {
            continue;
        }
        if c.is(CardType::Land) {
            if c.supertypes.iter().any(|s| s == "Basic") {
                p.lands.push(name);
            }
        } else if c.abilities.iter().any(|a| matches!(a, Ability::Enchant(_))) || c.is(CardType::Instant) || c.is(CardType::Sorcery) {
            p.spells.push(name);
        } else {
            p.permanents.push(name);
        }
    }
    p
}

fn pick<'a>(rng: &mut ChaCha8Rng, from: &[&'a str]) -> &'a str {
    from[(rng.next_u32() as usize) % from.len().max(1)]
}

fn chance(rng: &mut ChaCha8Rng, percent: u32) -> bool {
    rng.next_u32() % 100 < percent
}

/// Quotes a name for YAML flow context.
fn q(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\\\""))
}

/// One random game as a scenario: its setup, and its script as separate lines (so a prefix of
/// it can be replayed).
struct RandomGame {
    head: String,
    actions: Vec<String>,
}

impl RandomGame {
    fn text(&self, n: usize) -> String {
        let mut t = self.head.clone();
        t.push_str("actions:\n");
        for a in &self.actions[..n] {
            let _ = writeln!(t, "  - {a}");
        }
        if n == 0 {
            t.push_str("  []\n");
        }
        t
    }
}

/// A labelled card of a random game, for writing its script.
struct Card {
    player: usize,
    id: String,
    in_hand: bool,
    land: bool,
    /// How many activated abilities it has (mana abilities included, as `ability: N` counts).
    activated: usize,
}

fn activated(name: &str) -> usize {
    match library().get(name) {
        Some(Entry::Card(c)) => c.abilities.iter().filter(|a| matches!(a, Ability::Activated { .. })).count(),
        _ => 0,
    }
}

fn generate(pool: &Pool, rng: &mut ChaCha8Rng, index: u32, opts: &PlayOptions) -> RandomGame {
    let names = ["Alice", "Bob", "Carol", "Dave"];
    let mut head = String::new();
    let _ = writeln!(head, "# judge play --seed {} game {index}: a random game; judge run reproduces it", opts.seed);
    let _ = writeln!(head, "name: random game {index} (seed {})", opts.seed);
    let _ = writeln!(head, "seed: {}", rng.next_u32());
    head.push_str("auto_choose: first\nplayers:\n");
    let mut ids: Vec<Card> = Vec::new();
    for (p, name) in names.iter().take(opts.players).enumerate() {
        let _ = writeln!(head, "  - name: {name}");
        let lands: Vec<String> = (0..6).map(|_| q(pick(rng, &pool.lands))).collect();
        let mut battlefield = lands;
        for j in 0..(rng.next_u32() % 3) {
            let id = format!("p{p}b{j}");
            let card = pick(rng, &pool.permanents);
            battlefield.push(format!("{{card: {}, id: {id}}}", q(card)));
            ids.push(Card { player: p, id, in_hand: false, land: false, activated: activated(card) });
        }
        let _ = writeln!(head, "    battlefield: [{}]", battlefield.join(", "));
        let mut hand = Vec::new();
        for j in 0..5 {
            let id = format!("p{p}h{j}");
            let card = if chance(rng, 50) { pick(rng, &pool.spells) } else { pick(rng, &pool.permanents) };
            hand.push(format!("{{card: {}, id: {id}}}", q(card)));
            ids.push(Card { player: p, id, in_hand: true, land: false, activated: activated(card) });
        }
        let land = format!("p{p}land");
        hand.push(format!("{{card: {}, id: {land}}}", q(pick(rng, &pool.lands))));
        ids.push(Card { player: p, id: land, in_hand: true, land: true, activated: 0 });
        let _ = writeln!(head, "    hand: [{}]", hand.join(", "));
        let library: Vec<String> = (0..8).map(|_| q(if chance(rng, 40) { pick(rng, &pool.lands) } else { pick(rng, &pool.permanents) })).collect();
        let _ = writeln!(head, "    library: [{}]", library.join(", "));
    }
    // The script, turn by turn: the active player plays a land, casts and activates, may
    // attack with what they have, and the game moves on to the next turn.
    let mut actions = Vec::new();
    let mut turn = 1u32;
    while actions.len() < opts.actions {
        let p = (turn as usize - 1) % opts.players;
        let target = |rng: &mut ChaCha8Rng| {
            if chance(rng, 30) {
                names[(rng.next_u32() as usize) % opts.players].to_owned()
            } else {
                ids[(rng.next_u32() as usize) % ids.len()].id.clone()
            }
        };
        let mine: Vec<&Card> = ids.iter().filter(|c| c.player == p).collect();
        if chance(rng, 60)
            && let Some(land) = mine.iter().find(|c| c.land)
        {
            actions.push(format!("{{play: {}}}", land.id));
        }
        for c in mine.iter().filter(|c| c.in_hand && !c.land) {
            if chance(rng, 40) {
                actions.push(match rng.next_u32() % 3 {
                    0 => format!("{{cast: {}}}", c.id),
                    1 => format!("{{cast: {}, targets: [{}]}}", c.id, target(rng)),
                    _ => format!("{{cast: {}, targets: [{}], x: {}}}", c.id, target(rng), rng.next_u32() % 4),
                });
            }
        }
        for c in mine.iter().filter(|c| c.activated > 0) {
            if chance(rng, 40) {
                let n = 1 + (rng.next_u32() as usize) % c.activated;
                actions.push(if chance(rng, 50) { format!("{{activate: {}, ability: {n}}}", c.id) } else { format!("{{activate: {}, ability: {n}, targets: [{}]}}", c.id, target(rng)) });
            }
        }
        if chance(rng, 60) {
            let attackers: Vec<&str> = mine.iter().filter(|c| !c.land && chance(rng, 60)).map(|c| c.id.as_str()).collect();
            if !attackers.is_empty() {
                actions.push(format!("{{attack: [{}]}}", attackers.join(", ")));
            }
        }
        turn += 1;
        actions.push(format!("{{goto: {{turn: {turn}, step: precombat_main}}}}"));
    }
    RandomGame { head, actions }
}

/// The outcome of one replay: events, exit code, and the bug it found, if any.
fn replay(text: &str, path: &str) -> (u64, u8, Option<String>, Option<String>) {
    let source = Source::new(path.to_owned(), text.to_owned());
    let outcome = std::panic::catch_unwind(|| {
        let s = match crate::scenario::load(&source) {
            Ok(s) => s,
            Err(d) => return (0, 2, None, d.first().map(|d| d.message.clone())),
        };
        let r = crate::run::run_with(&s, true);
        let events = r.game.trace.len() as u64;
        let bug = r.stop.as_ref().filter(|d| d.message.starts_with("engine bug")).map(|d| d.message.clone());
        let code = if r.stop.is_some() {
            2
        } else {
            u8::from(r.verdicts.iter().any(|v| !v.ok))
        };
        let stop = r.stop.filter(|_| bug.is_none()).map(|d| d.message);
        (events, code, bug, stop)
    });
    outcome.unwrap_or_else(|p| {
        let what = p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| (*s).to_owned())).unwrap_or_default();
        (0, 2, Some(format!("panic: {what}")), None)
    })
}

/// Plays the games; failing ones are written under `opts.out`.
///
/// # Errors
/// When a failing game can't be written.
pub fn play(opts: &PlayOptions) -> Result<PlaySummary, String> {
    let pool = pool();
    if pool.lands.is_empty() || pool.permanents.is_empty() || pool.spells.is_empty() {
        return Err("the card library has no basic lands, permanents or spells to play with".to_owned());
    }
    let mut summary = PlaySummary::default();
    // Panics are caught and reported as bugs; their default message would only add noise.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut result = Ok(());
    for g in 0..opts.games {
        let mut rng = ChaCha8Rng::seed_from_u64(opts.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(u64::from(g)));
        let game = generate(&pool, &mut rng, g, opts);
        let path = format!("play-{}-{g}.yaml", opts.seed);
        let (events, code, bug, stop) = replay(&game.text(game.actions.len()), &path);
        if let Some(m) = stop {
            // Named cards and labels vary from game to game; the reason is what counts.
            let mut reason = String::new();
            let mut depth = 0;
            for c in m.chars() {
                match c {
                    '[' | '(' => depth += 1,
                    ']' | ')' => depth -= 1,
                    c if depth == 0 && !c.is_ascii_digit() => reason.push(c),
                    _ => {}
                }
            }
            *summary.stops.entry(reason.trim().to_owned()).or_insert(0) += 1;
        }
        summary.games += 1;
        summary.events += events;
        summary.by_exit[usize::from(code.min(2))] += 1;
        if let Some(bug) = bug {
            // Shrink: the shortest prefix of the script that still fails.
            let n = (0..=game.actions.len()).find(|&n| replay(&game.text(n), &path).2.is_some()).unwrap_or(game.actions.len());
            let file = opts.out.join(&path);
            if let Err(e) = std::fs::create_dir_all(&opts.out).and_then(|()| std::fs::write(&file, game.text(n))) {
                result = Err(format!("cannot write {}: {e}", file.display()));
                break;
            }
            summary.failures.push((bug, file));
        }
    }
    std::panic::set_hook(hook);
    result.map(|()| summary)
}

/// `judge play`'s report: one summary line, then each failure and its file.
#[must_use]
pub fn report(s: &PlaySummary, seconds: f64) -> String {
    let mut out = String::new();
    for (bug, file) in &s.failures {
        let _ = writeln!(out, "FAIL {}: {bug}", file.display());
    }
    let mut stops: Vec<(&String, &u32)> = s.stops.iter().collect();
    stops.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (reason, n) in stops.iter().take(5) {
        let _ = writeln!(out, "stopped {n}×: {reason}");
    }
    let rate = if seconds > 0.0 { f64::from(s.games) / seconds } else { 0.0 };
    let _ = writeln!(
        out,
        "{} games, {} events, {} invariant violations or panics ({} exit 0, {} exit 1, {} stopped with exit 2; {rate:.1} games/s)",
        s.games,
        s.events,
        s.failures.len(),
        s.by_exit[0],
        s.by_exit[1],
        s.by_exit[2]
    );
    out
}

/// Where failing games go by default.
#[must_use]
pub fn default_out() -> PathBuf {
    Path::new("play-failures").to_path_buf()
}
