//! Every scenario under `scenarios/` runs as its own named test.

use std::path::Path;

use judge::cli::{TestOutcome, test_file};
use libtest_mimic::{Arguments, Failed, Trial};

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut trials = Vec::new();
    for e in walkdir::WalkDir::new(&root).sort_by_file_name().into_iter().filter_map(Result::ok) {
        let path = e.path().to_path_buf();
        if !e.file_type().is_file() || path.extension().is_none_or(|x| x != "yaml") {
            continue;
        }
        let name = path.strip_prefix(&root).unwrap_or(&path).with_extension("").display().to_string();
        trials.push(Trial::test(name, move || match test_file(&path) {
            TestOutcome::Pass => Ok(()),
            TestOutcome::Fail(d) | TestOutcome::Error(d) => Err(Failed::from(d)),
        }));
    }
    assert!(trials.len() >= 40, "expected at least 40 scenarios, found {}", trials.len());
    libtest_mimic::run(&args, trials).exit();
}
