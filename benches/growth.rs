//! Linear costs: 10× the permanents, the script actions or the YAML list entries should cost
//! about 10×. Prints, for each, the time at the small and the large size and their ratio:
//! a Lightning Bolt among 500 and 5,000 creatures (load + replay), 200 and 2,000 sequential
//! spells (replay: every action is checkpointed so an illegal one can be undone, 732.1) —
//! Shocks with a Mountain each, where the battlefield grows too, and Gut Shots paid with life,
//! where it stays empty —, and
//! loading a hand list of 5,000 and 50,000 entries. Run with `cargo bench --bench growth`.

use std::time::Instant;

use judge::diag::Source;

fn creatures(n: usize) -> String {
    format!(
        "name: creatures\nplayers:\n  - name: Alice\n    hand: [Lightning Bolt]\n    battlefield:\n      - Mountain\n      - {{card: Grizzly Bears, count: {n}}}\n  - name: Bob\n    battlefield:\n      - {{card: Hill Giant, id: giant}}\nactions:\n  - cast: Lightning Bolt\n    targets: [giant]\n  - resolve\n"
    )
}

fn shocks(n: usize) -> String {
    let mut text = String::from("name: shocks\nplayers:\n  - name: Alice\n    hand:\n");
    for i in 0..n {
        text.push_str(&format!("      - {{card: Shock, id: s{i}}}\n"));
    }
    text.push_str(&format!("    battlefield: [{{card: Mountain, count: {n}}}]\n  - name: Bob\n    life: 1000000\nactions:\n"));
    for i in 0..n {
        text.push_str(&format!("  - cast: s{i}\n    targets: [Bob]\n  - resolve\n"));
    }
    text
}

/// N Gut Shots paid with life at Bob: the board stays empty while the objects, the graveyard
/// and the trace grow, so what grows per action is only what the action touches.
fn gut_shots(n: usize) -> String {
    let mut text = String::from("name: gut shots\nplayers:\n  - name: Alice\n    life: 1000000\n    hand:\n");
    for i in 0..n {
        text.push_str(&format!("      - {{card: Gut Shot, id: g{i}}}\n"));
    }
    text.push_str("  - name: Bob\n    life: 1000000\nactions:\n");
    for i in 0..n {
        text.push_str(&format!("  - cast: g{i}\n    targets: [Bob]\n    phyrexian: life\n  - resolve\n"));
    }
    text
}

fn entries(n: usize) -> String {
    let mut text = String::from("name: entries\nplayers:\n  - name: Alice\n    hand:\n");
    for _ in 0..n {
        text.push_str("      - Forest\n");
    }
    text.push_str("  - name: Bob\n");
    text
}

fn load(text: &str) -> judge::scenario::Scenario {
    judge::scenario::load(&Source::new("growth.yaml", text)).unwrap_or_else(|d| panic!("{d:?}"))
}

/// Seconds per round of `f`.
fn time(rounds: u32, mut f: impl FnMut()) -> f64 {
    f();
    let start = Instant::now();
    for _ in 0..rounds {
        f();
    }
    start.elapsed().as_secs_f64() / f64::from(rounds)
}

fn replay(s: &judge::scenario::Scenario) {
    let r = judge::run::run(s);
    assert!(r.stop.is_none() && r.game.rejections.is_empty(), "{:?}", r.stop);
    std::hint::black_box(r);
}

fn report(what: &str, small: &str, large: &str, a: f64, b: f64) {
    println!("{what}: {small} {:>9.1} ms, {large} {:>9.1} ms, ratio {:.1}", a * 1e3, b * 1e3, b / a);
}

fn main() {
    let (small, large) = (creatures(500), creatures(5_000));
    let a = time(20, || replay(&load(&small)));
    let b = time(4, || replay(&load(&large)));
    report("a Bolt among N creatures (load + replay)", "500", "5,000", a, b);

    let (small, large) = (load(&shocks(200)), load(&shocks(2_000)));
    let a = time(10, || replay(&small));
    let b = time(2, || replay(&large));
    report("N sequential Shocks, N Mountains (replay)", "200", "2,000", a, b);

    let (small, large) = (load(&gut_shots(200)), load(&gut_shots(2_000)));
    let a = time(10, || replay(&small));
    let b = time(2, || replay(&large));
    report("N sequential Gut Shots, no permanents (replay)", "200", "2,000", a, b);

    let (small, large) = (entries(5_000), entries(50_000));
    let a = time(10, || drop(std::hint::black_box(load(&small))));
    let b = time(2, || drop(std::hint::black_box(load(&large))));
    report("a list of N entries (load)             ", "5,000", "50,000", a, b);
}
