//! A mutation fuzzer over the project's own scenarios: each case takes a scenario file's text and
//! breaks it the way a hand-edited or generated file breaks — a line deleted, duplicated or moved,
//! a value replaced by an extreme or a value of the wrong type, a key renamed, a few bytes
//! changed — then loads and runs it twice. Any outcome is acceptable (a diagnostic, a rejection,
//! a failed expectation, a different ruling) except a panic or two runs of the same text
//! disagreeing.
//!
//! `cargo test` runs a bounded number of cases with a fixed seed. For a long run:
//! `JUDGE_FUZZ_CASES=200000 JUDGE_FUZZ_SEED=9 cargo test --release --test fuzz -- --nocapture`;
//! a failing case is written to `target/fuzz-failures/` as a scenario file to replay with
//! `judge run` (and the case running when the process aborts stays there as `running-SEED.yaml`).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use judge::diag::Source;
use judge::report;
use judge::run::run;
use judge::scenario::load;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Values that have broken parsers and engines before: the ends of the integer ranges, numbers
/// that aren't integers, the wrong YAML types, names that exist but are the wrong kind of thing.
const EXTREMES: &[&str] = &[
    "0",
    "-1",
    "1",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551616",
    "1e400",
    "0.5",
    ".nan",
    "~",
    "''",
    "[]",
    "{}",
    "[[]]",
    "true",
    "\"x\"",
    "Alice",
    "Bob",
    "Grizzly Bears",
    "Lightning Bolt",
    "Forest#2",
    "nowhere",
    "end",
    "{turn: 99, step: end}",
    "&a x",
    "*a",
    "!!binary aGVsbG8=",
];

fn scenario_texts() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut out = Vec::new();
    for e in walkdir::WalkDir::new(&root).sort_by_file_name().into_iter().filter_map(Result::ok) {
        if e.path().extension().is_some_and(|x| x == "yaml")
            && let Ok(text) = std::fs::read_to_string(e.path())
        {
            out.push((e.path().display().to_string(), text));
        }
    }
    out
}

fn pick(rng: &mut ChaCha8Rng, n: usize) -> usize {
    usize::try_from(rng.next_u64() % n.max(1) as u64).unwrap_or(0)
}

/// One mutation of `text`, and what it was (for the failure report).
fn mutate(rng: &mut ChaCha8Rng, text: &str) -> (String, String) {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    if lines.is_empty() {
        return (text.to_owned(), "empty".to_owned());
    }
    let i = pick(rng, lines.len());
    let what = match pick(rng, 7) {
        0 => {
            lines.remove(i);
            format!("line {} deleted", i + 1)
        }
        1 => {
            let l = lines[i].clone();
            lines.insert(i, l);
            format!("line {} duplicated", i + 1)
        }
        2 => {
            let j = pick(rng, lines.len());
            lines.swap(i, j);
            format!("lines {} and {} swapped", i + 1, j + 1)
        }
        3 | 4 => {
            // A value (after `key: ` or `- `, or inside a flow map) replaced by an extreme.
            let l = &lines[i];
            let cut = l.rfind(": ").map(|p| p + 2).or_else(|| l.find("- ").map(|p| p + 2));
            match cut {
                Some(p) => {
                    let v = EXTREMES[pick(rng, EXTREMES.len())];
                    let end = l[p..].find([',', '}', ']']).map_or(l.len(), |q| p + q);
                    lines[i] = format!("{}{v}{}", &l[..p], &l[end..]);
                    format!("line {}: value replaced by {v}", i + 1)
                }
                None => format!("line {} left as is", i + 1),
            }
        }
        5 => {
            // A key renamed by one letter.
            let l = &lines[i];
            match l.find(':') {
                Some(p) if p > 0 => {
                    lines[i] = format!("{}x{}", &l[..p], &l[p..]);
                    format!("line {}: key renamed", i + 1)
                }
                _ => format!("line {} left as is", i + 1),
            }
        }
        _ => {
            // A few bytes changed, inserted or deleted anywhere in the file.
            let mut bytes = lines.join("\n").into_bytes();
            for _ in 0..1 + pick(rng, 3) {
                let at = pick(rng, bytes.len());
                let b = b" :-[]{}#&*!|>'\"\t\n0x"[pick(rng, 18)];
                match pick(rng, 3) {
                    0 if !bytes.is_empty() => {
                        bytes.remove(at);
                    }
                    1 => bytes.insert(at, b),
                    _ if !bytes.is_empty() => bytes[at] = b,
                    _ => {}
                }
            }
            return (String::from_utf8_lossy(&bytes).into_owned(), "bytes edited".to_owned());
        }
    };
    (lines.join("\n"), what)
}

/// The outcome of loading and running a text: the diagnostic or the JSON report, or the panic.
fn outcome(path: &str, text: &str) -> Result<String, String> {
    catch_unwind(AssertUnwindSafe(|| {
        let source = Source::new(path.to_owned(), text.to_owned());
        match load(&source) {
            Err(d) => format!("{d:?}"),
            Ok(s) => {
                let r = run(&s);
                serde_json::to_string(&report::json(path, &s, &r)).unwrap_or_default()
            }
        }
    }))
    .map_err(|e| e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned())).unwrap_or_default())
}

#[test]
fn mutated_scenarios_never_panic_and_run_the_same_twice() {
    let cases: usize = std::env::var("JUDGE_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(1500);
    let seed: u64 = std::env::var("JUDGE_FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(2026);
    let files = scenario_texts();
    assert!(files.len() > 300, "found only {} scenarios", files.len());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut loaded, mut problems) = (0, Vec::new());
    // The case being run, kept on disk in case it aborts the process (an allocation failure
    // can't be caught); removed when every case has run.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/fuzz-failures");
    let _ = std::fs::create_dir_all(&dir);
    let current = dir.join(format!("running-{seed}.yaml"));
    for case in 0..cases {
        let (path, text) = &files[pick(&mut rng, files.len())];
        let (mutated, what) = mutate(&mut rng, text);
        let _ = std::fs::write(&current, format!("# case {case} of seed {seed}: {path}, {what}\n{mutated}"));
        let failure = match (outcome(path, &mutated), outcome(path, &mutated)) {
            (Ok(a), Ok(b)) if a == b => {
                loaded += usize::from(a.starts_with('{'));
                None
            }
            (Ok(_), Ok(_)) => Some("two runs differ".to_owned()),
            (Err(e), _) | (_, Err(e)) => Some(format!("panic: {e}")),
        };
        if let Some(f) = failure {
            let file = dir.join(format!("case-{seed}-{case}.yaml"));
            let _ = std::fs::write(&file, &mutated);
            problems.push(format!("case {case}: {path}, {what}: {f} (written to {})", file.display()));
        }
    }
    let _ = std::fs::remove_file(&current);
    eprintln!("{cases} mutated scenarios, {loaded} of them loaded and ran, seed {seed}");
    // The mutations must leave many files loadable, or the engine is never exercised.
    assert!(loaded * 5 > cases, "only {loaded} of {cases} mutated files loaded: the fuzzer only tests the loader");
    assert!(problems.is_empty(), "{} of {cases} cases failed:\n{}", problems.len(), problems.join("\n"));
}
