//! Property tests over generated scenarios: proptest builds a board from the card library (two
//! players, random life, permanents, hands and libraries, a random starting step) and a random
//! script (casts and activations with or without targets, land plays, attacks, blocks, passes,
//! resolutions, jumps to later steps), writes it as a scenario file and runs it. Whatever the
//! engine decides, these must hold:
//! - no panic, in the loader or the engine;
//! - the run ends in one of the three outcomes (pass, expectation failed, could not run), and a
//!   run that could not run says why with a diagnostic; an invariant violation is never one;
//! - the same file gives the same report twice, byte for byte.
//!
//! A debug build also checks the game's invariants after every event. `cargo test` runs a
//! bounded number of cases; for a long run: `PROPTEST_CASES=20000 cargo test --release --test
//! properties`. A failure is shrunk by proptest to a small scenario, printed with the failure.

use std::fmt::Write as _;
use std::path::Path;

use judge::diag::Source;
use judge::report;
use judge::run::run_with;
use judge::scenario::load;
use proptest::prelude::*;

/// Every card name of the library (`cards/*.yaml`), sorted.
fn library_names() -> &'static [String] {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .filter_map(Result::ok)
            .filter_map(|e| std::fs::read_to_string(e.path()).ok())
            .filter_map(|t| t.lines().find_map(|l| l.strip_prefix("name:")).map(|n| n.trim().trim_matches('"').trim_matches('\'').to_owned()))
            .collect();
        names.sort();
        names
    })
}

const STEPS: &[&str] = &["upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers", "end", "postcombat_main"];

/// A card of the library, by index (proptest shrinks indexes toward the first card).
fn card() -> impl Strategy<Value = String> {
    (0..library_names().len()).prop_map(|i| library_names()[i].clone())
}

/// What a reference in the script may name: mostly a label of the setup or a card in a hand,
/// sometimes a player or any card of the library (which the script may not hold).
fn reference(labels: Vec<String>, hand: Vec<String>) -> impl Strategy<Value = String> {
    let labels = if labels.is_empty() { vec!["a0".to_owned()] } else { labels };
    let hand = if hand.is_empty() { vec![library_names()[0].clone()] } else { hand };
    prop_oneof![4 => prop::sample::select(labels), 2 => prop::sample::select(hand), 1 => prop::sample::select(vec!["Alice".to_owned(), "Bob".to_owned()]), 1 => card()]
}

#[derive(Clone, Debug)]
enum Act {
    Cast(String, Vec<String>),
    Activate(String, Option<u8>, Vec<String>),
    Play(String),
    Attack(Vec<String>),
    Block(String, String),
    Pass,
    Resolve,
    Goto(u32, &'static str),
}

/// A script entry about the objects the setup made.
fn act(labels: &[String], hand: &[String]) -> impl Strategy<Value = Act> + use<> {
    let (labels, hand) = (labels.to_vec(), hand.to_vec());
    let r = || reference(labels.clone(), hand.clone());
    let in_hand = if hand.is_empty() { card().boxed() } else { prop::sample::select(hand.clone()).boxed() };
    prop_oneof![
        4 => (in_hand.clone(), prop::collection::vec(r(), 0..3)).prop_map(|(c, t)| Act::Cast(c, t)),
        3 => (r(), prop::option::of(1..3u8), prop::collection::vec(r(), 0..2)).prop_map(|(c, n, t)| Act::Activate(c, n, t)),
        1 => in_hand.prop_map(Act::Play),
        1 => prop::collection::vec(r(), 0..3).prop_map(Act::Attack),
        1 => (r(), r()).prop_map(|(a, b)| Act::Block(a, b)),
        2 => Just(Act::Pass),
        1 => Just(Act::Resolve),
        1 => (2..4u32, prop::sample::select(STEPS)).prop_map(|(t, s)| Act::Goto(t, s)),
    ]
}

/// A whole generated game: both sides, who is active, the starting step and the script.
fn game() -> impl Strategy<Value = ([Side; 2], usize, &'static str, Vec<Act>)> {
    [side(), side()].prop_flat_map(|sides| {
        let labels: Vec<String> = sides.iter().enumerate().flat_map(|(p, s)| (0..s.battlefield.len()).map(move |i| format!("{}{i}", ["a", "b"][p]))).collect();
        let hand: Vec<String> = sides.iter().flat_map(|s| s.hand.iter().cloned()).collect();
        (Just(sides), 0..2usize, prop::sample::select(STEPS), prop::collection::vec(act(&labels, &hand), 0..8))
    })
}

#[derive(Clone, Debug)]
struct Side {
    life: i64,
    battlefield: Vec<(String, bool)>,
    hand: Vec<String>,
    library: Vec<String>,
}

fn side() -> impl Strategy<Value = Side> {
    (
        prop_oneof![12 => 1..40i64, 1 => Just(0i64), 1 => Just(-5i64), 1 => Just(1_000_000i64)],
        prop::collection::vec((card(), any::<bool>()), 0..6),
        prop::collection::vec(card(), 0..4),
        prop::collection::vec(card(), 0..5),
    )
        .prop_map(|(life, battlefield, hand, library)| Side { life, battlefield, hand, library })
}

fn flow(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| format!("{s:?}")).collect();
    format!("[{}]", quoted.join(", "))
}

/// The scenario file for a generated game.
fn scenario_text(sides: &[Side; 2], active: usize, step: &str, actions: &[Act]) -> String {
    let mut y = String::from("name: generated\nplayers:\n");
    for (p, s) in sides.iter().enumerate() {
        let tag = ["a", "b"][p];
        let _ = writeln!(y, "  - name: {}\n    life: {}", ["Alice", "Bob"][p], s.life);
        let bf: Vec<String> = s.battlefield.iter().enumerate().map(|(i, (c, tapped))| format!("{{card: {c:?}, id: {tag}{i}, tapped: {tapped}}}")).collect();
        let _ = writeln!(y, "    battlefield: [{}]\n    hand: {}\n    library: {}", bf.join(", "), flow(&s.hand), flow(&s.library));
    }
    let _ = writeln!(y, "start: {{turn: 1, active: {}, step: {step}}}\nactions:", ["Alice", "Bob"][active]);
    for a in actions {
        let line = match a {
            Act::Cast(c, t) if t.is_empty() => format!("cast: {c:?}"),
            Act::Cast(c, t) => format!("{{cast: {c:?}, targets: {}}}", flow(t)),
            Act::Activate(c, n, t) => {
                let mut m = format!("{{activate: {c:?}");
                if let Some(n) = n {
                    let _ = write!(m, ", ability: {n}");
                }
                if !t.is_empty() {
                    let _ = write!(m, ", targets: {}", flow(t));
                }
                m + "}"
            }
            Act::Play(c) => format!("play: {c:?}"),
            Act::Attack(r) => format!("attack: {}", flow(r)),
            Act::Block(b, a) => format!("block: {{{b:?}: {a:?}}}"),
            Act::Pass => "pass".to_owned(),
            Act::Resolve => "resolve".to_owned(),
            Act::Goto(t, s) => format!("goto: {{turn: {t}, step: {s}}}"),
        };
        let _ = writeln!(y, "  - {line}");
    }
    y
}

/// Loads and runs a text: the diagnostic, or the JSON report and whether the run stopped.
fn outcome(text: &str) -> (String, Option<String>) {
    let source = Source::new("generated.yaml".to_owned(), text.to_owned());
    match load(&source) {
        Err(d) => (format!("{d:?}"), None),
        Ok(mut s) => {
            // Unscripted decisions take the first legal answer, so runs go deep.
            s.auto_choose = true;
            // Invariants checked after every event in release builds too (the long mode).
            let r = run_with(&s, true);
            let stop = r.stop.as_ref().map(|d| d.message.clone());
            (serde_json::to_string(&report::json("generated.yaml", &s, &r)).unwrap_or_default(), stop)
        }
    }
}

proptest! {
    // 200 cases unless PROPTEST_CASES says otherwise (the long mode).
    #![proptest_config(ProptestConfig { cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(200), max_shrink_iters: 2000, ..ProptestConfig::default() })]

    #[test]
    fn generated_games_end_cleanly_and_repeat((sides, active, step, actions) in game()) {
        let text = scenario_text(&sides, active, step, &actions);
        let (first, stop) = outcome(&text);
        let (second, _) = outcome(&text);
        prop_assert_eq!(&first, &second, "two runs of the same file differ:\n{}", text);
        if let Some(stop) = stop {
            prop_assert!(!stop.is_empty(), "a run that stopped says why:\n{}", text);
            prop_assert!(!stop.contains("invariant"), "an invariant broke: {}\n{}", stop, text);
        }
    }
}

/// The generator reaches the engine: most generated files load, and many run to their end
/// without stopping (a script entry the rules reject is part of a run, not a stop). Otherwise
/// the property above would test only the loader.
#[test]
fn generated_games_mostly_run() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
    let mut runner = TestRunner::new_with_rng(Config::default(), TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]));
    let strategy = game();
    let (mut loaded, mut finished, mut events) = (0, 0, 0usize);
    let mut stops = std::collections::BTreeMap::<String, usize>::new();
    let n = 200;
    for _ in 0..n {
        let Ok(tree) = strategy.new_tree(&mut runner) else { continue };
        let (sides, active, step, actions) = tree.current();
        let text = scenario_text(&sides, active, step, &actions);
        let (report, stop) = outcome(&text);
        if report.starts_with('{') {
            loaded += 1;
            events += report.matches("\"seq\":").count();
            match stop {
                None => finished += 1,
                Some(s) => *stops.entry(s.chars().take(40).collect()).or_default() += 1,
            }
        }
    }
    eprintln!("{n} generated: {loaded} loaded, {finished} ran to the end, {events} events; stops: {stops:?}");
    assert!(loaded * 10 >= n * 9, "only {loaded} of {n} generated files loaded");
    assert!(finished * 6 >= n, "only {finished} of {n} generated games ran to their end");
    assert!(events >= n * 5, "only {events} events in {n} games");
}
