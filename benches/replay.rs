//! Replays the whole `scenarios/` suite in-process many times and reports scenarios per
//! second and mean events per scenario. Run with `cargo bench --bench replay`.

use std::path::Path;
use std::time::Instant;

use judge::diag::Source;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut scenarios = Vec::new();
    for e in walkdir::WalkDir::new(&root).sort_by_file_name().into_iter().filter_map(Result::ok) {
        if e.path().extension().is_some_and(|x| x == "yaml") {
            let text = std::fs::read_to_string(e.path()).unwrap_or_default();
            let source = Source::new(e.path().display().to_string(), text);
            if let Ok(s) = judge::scenario::load(&source) {
                scenarios.push((source, s));
            }
        }
    }
    let rounds = 200;
    // Replay only (the engine).
    let start = Instant::now();
    let mut events = 0usize;
    for _ in 0..rounds {
        for (_, s) in &scenarios {
            events += judge::run::run(s).game.trace.len();
        }
    }
    let replay = start.elapsed();
    // Load + replay (what `judge test` does per file, minus process start).
    let start = Instant::now();
    for _ in 0..rounds {
        for (src, _) in &scenarios {
            if let Ok(s) = judge::scenario::load(src) {
                std::hint::black_box(judge::run::run(&s));
            }
        }
    }
    let full = start.elapsed();
    let n = (scenarios.len() * rounds) as f64;
    println!("scenarios: {}", scenarios.len());
    println!("replay only:   {:.0} scenarios/s ({:.1} µs each)", n / replay.as_secs_f64(), replay.as_secs_f64() * 1e6 / n);
    println!("load + replay: {:.0} scenarios/s ({:.1} µs each)", n / full.as_secs_f64(), full.as_secs_f64() * 1e6 / n);
    println!("mean events per scenario: {:.1}", events as f64 / n);
}
