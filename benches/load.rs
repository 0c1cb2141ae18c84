//! What a file costs around the replay: loading one small Lightning Bolt scenario in process
//! (scenarios per second, load alone and load + replay), and one `judge run` process of it
//! against a bare `judge --version` process (wall time, mean of many). Run with
//! `cargo bench --bench load`.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use judge::diag::Source;

const FILE: &str = "scenarios/auras/aura_falls_off_when_creature_dies.yaml";

fn per_second(rounds: u32, mut f: impl FnMut()) -> f64 {
    f();
    let start = Instant::now();
    for _ in 0..rounds {
        f();
    }
    f64::from(rounds) / start.elapsed().as_secs_f64()
}

fn process(args: &[&str], rounds: u32) -> f64 {
    let exe = env!("CARGO_BIN_EXE_judge");
    let run = || {
        let out = Command::new(exe).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().expect("judge runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    };
    1.0 / per_second(rounds, run)
}

fn main() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(FILE);
    let source = Source::new(FILE, std::fs::read_to_string(&path).expect("the scenario file"));
    let load = || judge::scenario::load(&source).unwrap_or_else(|d| panic!("{d:?}"));
    let loaded = per_second(20_000, || drop(std::hint::black_box(load())));
    let full = per_second(20_000, || drop(std::hint::black_box(judge::run::run(&load()))));
    println!("{FILE}");
    println!("load:          {loaded:>8.0} scenarios/s ({:.1} µs each)", 1e6 / loaded);
    println!("load + replay: {full:>8.0} scenarios/s ({:.1} µs each)", 1e6 / full);
    let version = process(&["--version"], 200);
    let run = process(&["run", FILE], 200);
    println!("process: judge --version {:.2} ms, judge run {:.2} ms, ratio {:.1}", version * 1e3, run * 1e3, run / version);
}
