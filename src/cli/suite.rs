//! `judge test`: the suite runner. Every file is run on a pool of threads and reported in path
//! order, as text (one PASS/FAIL/ERROR line each, the details, `N passed, M failed`), as one
//! JSON document, or as JUnit XML for CI systems.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::diag::{Diagnostic, Source, render};
use crate::run::expect::Verdict;
use crate::run::run;
use crate::scenario::load;

/// The outcome of one scenario under `judge test`, rendered as text (as the suite prints it).
pub enum TestOutcome {
    Pass,
    Fail(String),
    Error(String),
}

/// One file's result, with the structure the JSON and JUnit reports need.
pub struct FileResult {
    pub path: String,
    /// The scenario's `name`, when the file loaded.
    pub name: Option<String>,
    pub outcome: Outcome,
}

pub enum Outcome {
    Pass,
    /// The expectations that failed.
    Fail(Vec<Verdict>),
    /// Why the file could not be run (exit 2): its diagnostics, with the file when it was read.
    Error(Option<Source>, Vec<Diagnostic>),
}

impl FileResult {
    /// The details `judge test` prints for a failure or an error.
    #[must_use]
    pub fn details(&self) -> String {
        match &self.outcome {
            Outcome::Pass => String::new(),
            Outcome::Fail(fails) => fails
                .iter()
                .map(|v| format!("  {}:{}:{}: {}\n    expected: {}\n    actual:   {}\n", self.path, v.line, v.column, v.what(), v.expected(), v.actual()))
                .collect(),
            Outcome::Error(source, diags) => render(source.as_ref(), diags),
        }
    }

    #[must_use]
    pub fn text(&self) -> TestOutcome {
        match &self.outcome {
            Outcome::Pass => TestOutcome::Pass,
            Outcome::Fail(_) => TestOutcome::Fail(self.details()),
            Outcome::Error(..) => TestOutcome::Error(self.details()),
        }
    }
}

/// What `judge test` does with golden traces (`NAME.trace` beside `NAME.yaml`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Golden {
    /// Compare the trace with the golden file, where there is one.
    Check,
    /// Write the golden file (`--bless`).
    Bless,
}

/// Runs one scenario file as a test (its golden trace checked, where it has one).
#[must_use]
pub fn test_file(path: &Path) -> TestOutcome {
    run_file(path, Golden::Check).text()
}

/// The golden trace file of a scenario: same folder, same stem, `.trace`.
#[must_use]
pub fn golden_path(path: &Path) -> PathBuf {
    path.with_extension("trace")
}

/// Compares a run's trace with its golden file, or writes it (atomically: a temporary file
/// renamed over it). A mismatch or a write error is a failed expectation.
/// `now` renders this run's trace: only when there is a golden trace to compare it with, or
/// one to write.
fn golden(path: &Path, now: impl FnOnce() -> String, mode: Golden) -> Option<Verdict> {
    let file = golden_path(path);
    let shown = file.display().to_string();
    let problem = |what: String, expected: &str, actual: String| {
        let mut v = Verdict::new(what, expected, actual, false, crate::diag::Span::default());
        (v.line, v.column) = (1, 1);
        Some(v)
    };
    match mode {
        Golden::Bless => {
            let tmp = file.with_extension("trace.tmp");
            match std::fs::write(&tmp, now()).and_then(|()| std::fs::rename(&tmp, &file)) {
                Ok(()) => None,
                Err(e) => problem(format!("golden trace {shown}"), "written", format!("cannot write it: {e}")),
            }
        }
        Golden::Check => {
            let before = std::fs::read_to_string(&file).ok()?;
            let now = now();
            if before == now {
                return None;
            }
            let diff = similar::TextDiff::from_lines(&before, &now);
            let shown_diff = diff.unified_diff().context_radius(2).header(&shown, "this run").to_string();
            problem(
                format!("golden trace {shown}"),
                "the same trace as blessed",
                format!("it differs (review, then `judge test --bless` to accept):\n{shown_diff}"),
            )
        }
    }
}

/// The largest scenario file judge reads (docs/scenario-format.md, "Limits").
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Reads a scenario file: a regular file (or a link to one) of at most `MAX_FILE_BYTES`. A
/// FIFO, device or socket is refused rather than read (it could block forever).
///
/// # Errors
/// The message to show, naming the file.
pub fn read_scenario(path: &Path) -> Result<String, String> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    if meta.is_dir() {
        return Err(format!("cannot read {shown}: it is a folder reached through a link back to a folder above it (a loop); judge doesn't follow it"));
    }
    if !meta.is_file() {
        return Err(format!("cannot read {shown}: not a regular file (a FIFO, device or socket); judge reads scenario files only"));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!("cannot read {shown}: it is {} bytes, more than the {MAX_FILE_BYTES} a scenario file may have", meta.len()));
    }
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {shown}: {e}"))
}

/// Runs one scenario file and keeps what every report format needs.
#[must_use]
pub fn run_file(path: &Path, mode: Golden) -> FileResult {
    let shown = path.display().to_string();
    let text = match read_scenario(path) {
        Ok(t) => t,
        Err(e) => return FileResult { path: shown.clone(), name: None, outcome: Outcome::Error(None, vec![Diagnostic::global(e)]) },
    };
    let source = Source::new(shown.clone(), text);
    let s = match load(&source) {
        Ok(s) => s,
        Err(diags) => return FileResult { path: shown, name: None, outcome: Outcome::Error(Some(source), diags) },
    };
    let r = run(&s);
    let name = Some(s.name.clone());
    if let Some(d) = r.stop {
        return FileResult { path: shown, name, outcome: Outcome::Error(Some(source), vec![d]) };
    }
    let now = || crate::report::golden(&s, &r);
    let mut fails: Vec<Verdict> = r.verdicts.iter().filter(|v| !v.ok).cloned().collect();
    fails.extend(golden(path, now, mode));
    FileResult { path: shown, name, outcome: if fails.is_empty() { Outcome::Pass } else { Outcome::Fail(fails) } }
}

/// Every `*.yaml` file under the paths (default `scenarios/`), sorted within each path.
#[must_use]
pub fn scenario_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let defaults = [PathBuf::from("scenarios")];
    let paths = if paths.is_empty() { &defaults[..] } else { paths };
    let mut out = Vec::new();
    for p in paths {
        // A path that isn't a folder is taken as given: a file, or something that can't be
        // read (a FIFO, a missing path), which is then reported as an error, never skipped.
        if !p.is_dir() {
            out.push(p.clone());
            continue;
        }
        // Links are followed (a loop is reported, not followed forever); anything named
        // `*.yaml` that isn't a folder is listed, so a FIFO or device is refused by name.
        for e in walkdir::WalkDir::new(p).follow_links(true).sort_by_file_name() {
            match e {
                Ok(e) if !e.file_type().is_dir() && e.path().extension().is_some_and(|x| x == "yaml" || x == "yml") => out.push(e.path().to_path_buf()),
                Ok(_) => {}
                Err(err) => {
                    eprintln!("error: {err}");
                    if let Some(path) = err.path() {
                        out.push(path.to_path_buf());
                    }
                }
            }
        }
    }
    out
}

/// Which files of a suite to run: `--filter` and `--partition`.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// Keep files whose path or scenario `name` contains this text.
    pub filter: Option<String>,
    /// Keep the K-th of N stable shards (1-based K): files in path order, the i-th (0-based)
    /// going to shard i mod N + 1, so every file is in exactly one shard.
    pub partition: Option<(usize, usize)>,
}

impl Selection {
    /// The files selected, in their order.
    #[must_use]
    pub fn apply(&self, files: Vec<PathBuf>) -> Vec<PathBuf> {
        let files: Vec<PathBuf> = match self.partition {
            Some((k, n)) => files.into_iter().enumerate().filter(|(i, _)| i % n + 1 == k).map(|(_, f)| f).collect(),
            None => files,
        };
        match &self.filter {
            Some(text) => files.into_iter().filter(|f| f.display().to_string().contains(text.as_str()) || scenario_name(f).is_some_and(|n| n.contains(text.as_str()))).collect(),
            None => files,
        }
    }
}

/// A scenario file's `name:` (the top-level key, as written), without loading the file.
fn scenario_name(path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    text.lines().find_map(|l| l.strip_prefix("name:")).map(|n| n.trim().trim_matches(|c| c == '"' || c == '\'').to_owned())
}

/// Parses `K/N` for `--partition` (1 ≤ K ≤ N).
///
/// # Errors
/// A message saying what is wrong with the value.
pub fn parse_partition(s: &str) -> Result<(usize, usize), String> {
    let (k, n) = s.split_once('/').ok_or_else(|| format!("expected K/N, such as 1/3, found `{s}`"))?;
    let (k, n): (usize, usize) = (k.trim().parse().map_err(|_| format!("K in `{s}` is not a number"))?, n.trim().parse().map_err(|_| format!("N in `{s}` is not a number"))?);
    if n == 0 || k == 0 || k > n {
        return Err(format!("K/N needs 1 ≤ K ≤ N, found `{s}`"));
    }
    Ok((k, n))
}

/// The result given for a file that ran past `--timeout`.
fn timed_out(path: &Path, limit: std::time::Duration) -> FileResult {
    let shown = path.display().to_string();
    let secs = limit.as_secs_f64();
    FileResult {
        path: shown.clone(),
        name: scenario_name(path),
        outcome: Outcome::Error(None, vec![Diagnostic::global(format!("{shown} did not finish within {secs} s (--timeout); the other files still ran")).help("raise the limit with `--timeout SECONDS`, or make the scenario shorter")]),
    }
}

/// What one worker of the pool is doing: the file it runs and since when, and whether the
/// pool gave up on it (it ran past the limit and a new worker took its place).
#[derive(Default)]
struct Slot {
    running: Option<(usize, std::time::Instant)>,
    abandoned: bool,
}

/// The pool's shared state: one slot per worker ever started.
type Slots = std::sync::Arc<std::sync::Mutex<Vec<Slot>>>;

fn lock(slots: &Slots) -> std::sync::MutexGuard<'_, Vec<Slot>> {
    slots.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Runs one file; an engine panic becomes an error result for that file (exit 2) rather than
/// a worker lost.
fn run_guarded(path: &Path, mode: Golden) -> FileResult {
    std::panic::catch_unwind(|| run_file(path, mode)).unwrap_or_else(|_| FileResult {
        path: path.display().to_string(),
        name: scenario_name(path),
        outcome: Outcome::Error(None, vec![Diagnostic::global(format!("engine bug: judge panicked while running {}", path.display())).help("please report it with this scenario; the other files still ran")]),
    })
}

/// Starts worker `w`: it takes the next file until none is left, and stops early when its
/// results are no longer wanted (the receiver is gone) or the pool abandoned it.
fn start_worker(w: usize, files: std::sync::Arc<[PathBuf]>, next: std::sync::Arc<std::sync::atomic::AtomicUsize>, slots: Slots, tx: std::sync::mpsc::Sender<(usize, FileResult)>, mode: Golden, limit: std::time::Duration) {
    use std::sync::atomic::Ordering;
    std::thread::spawn(move || {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(f) = files.get(i) else { break };
            let start = std::time::Instant::now();
            lock(&slots)[w].running = Some((i, start));
            let r = run_guarded(f, mode);
            {
                let mut slots = lock(&slots);
                if slots[w].abandoned {
                    // The pool already reported this file as timed out.
                    return;
                }
                slots[w].running = None;
            }
            // A result that arrives after the limit (this thread was descheduled while the
            // file ran) is late all the same: the verdict depends on the time taken.
            let r = if start.elapsed() > limit { timed_out(f, limit) } else { r };
            if tx.send((i, r)).is_err() {
                break;
            }
        }
    });
}

/// Runs every file on `jobs` threads (default: one per core) and yields the results in file
/// order as soon as each is known, so the output doesn't depend on the number of threads.
/// A file that runs past `limit` is reported as timed out when the limit passes; its worker
/// is abandoned (left to finish on its own, its result dropped) and a new one takes its place.
/// Dropping the iterator early (`--fail-fast`) stops the workers after their current file.
pub fn in_parallel(files: &[PathBuf], jobs: Option<std::num::NonZeroUsize>, mode: Golden, limit: std::time::Duration) -> impl Iterator<Item = FileResult> {
    use std::sync::atomic::AtomicUsize;
    let jobs = jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get), std::num::NonZeroUsize::get).min(files.len()).max(1);
    let (tx, rx) = std::sync::mpsc::channel::<(usize, FileResult)>();
    let files: std::sync::Arc<[PathBuf]> = files.into();
    let next = std::sync::Arc::new(AtomicUsize::new(0));
    let slots: Slots = std::sync::Arc::new(std::sync::Mutex::new((0..jobs).map(|_| Slot::default()).collect()));
    for w in 0..jobs {
        start_worker(w, files.clone(), next.clone(), slots.clone(), tx.clone(), mode, limit);
    }
    // Results arrive in any order; hand them out in file order.
    let mut waiting: std::collections::BTreeMap<usize, FileResult> = std::collections::BTreeMap::new();
    let mut expected = 0;
    std::iter::from_fn(move || {
        loop {
            if let Some(o) = waiting.remove(&expected) {
                expected += 1;
                return Some(o);
            }
            if expected >= files.len() {
                return None;
            }
            // Wait for a result, or until the earliest running file reaches the limit.
            let now = std::time::Instant::now();
            let wait = lock(&slots).iter().filter(|s| !s.abandoned).filter_map(|s| s.running).map(|(_, t)| (t + limit).saturating_duration_since(now)).min().unwrap_or(limit);
            match rx.recv_timeout(wait) {
                Ok((i, o)) => {
                    waiting.insert(i, o);
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    let (overdue, first_new) = {
                        let mut slots = lock(&slots);
                        let mut overdue = Vec::new();
                        for s in slots.iter_mut().filter(|s| !s.abandoned) {
                            if let Some((i, t)) = s.running
                                && t.elapsed() > limit
                            {
                                s.abandoned = true;
                                overdue.push(i);
                            }
                        }
                        let first_new = slots.len();
                        slots.extend(overdue.iter().map(|_| Slot::default()));
                        (overdue, first_new)
                    };
                    for (k, &i) in overdue.iter().enumerate() {
                        waiting.insert(i, timed_out(&files[i], limit));
                        start_worker(first_new + k, files.clone(), next.clone(), slots.clone(), tx.clone(), mode, limit);
                    }
                }
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return None,
            }
        }
    })
}

/// Counts of a run: passed, failed (expectations), errors (files that could not run).
#[must_use]
pub fn counts(results: &[FileResult]) -> (usize, usize, usize) {
    let mut c = (0, 0, 0);
    for r in results {
        match r.outcome {
            Outcome::Pass => c.0 += 1,
            Outcome::Fail(_) => c.1 += 1,
            Outcome::Error(..) => c.2 += 1,
        }
    }
    c
}

fn diagnostic_json(source: Option<&Source>, d: &Diagnostic) -> Value {
    json!({
        "file": source.map(|s| s.path.clone()),
        "line": d.span.map(|s| s.line),
        "column": d.span.map(|s| s.col),
        "message": d.message,
        "label": d.label,
        "help": d.help,
    })
}

/// Diagnostics as JSON: file, line, column, message, label, help.
#[must_use]
pub fn diagnostics_json(source: Option<&Source>, diags: &[Diagnostic]) -> Value {
    Value::Array(diags.iter().map(|d| diagnostic_json(source, d)).collect())
}

/// One JSON document with every file's result, files that could not run included.
#[must_use]
pub fn json(results: &[FileResult]) -> Value {
    let (passed, failed, errors) = counts(results);
    let files: Vec<Value> = results
        .iter()
        .map(|r| {
            let mut v = json!({"path": r.path, "name": r.name});
            let (outcome, fields) = match &r.outcome {
                Outcome::Pass => ("pass", None),
                Outcome::Fail(fails) => ("fail", Some(("failures", serde_json::to_value(fails).unwrap_or_default()))),
                Outcome::Error(source, diags) => ("error", Some(("diagnostics", diagnostics_json(source.as_ref(), diags)))),
            };
            if let Some(m) = v.as_object_mut() {
                m.insert("outcome".into(), outcome.into());
                if let Some((k, x)) = fields {
                    m.insert(k.into(), x);
                }
            }
            v
        })
        .collect();
    json!({"passed": passed, "failed": failed, "errors": errors, "files": files})
}

/// JUnit XML: one test suite per folder, one test case per file (named by the scenario's
/// `name`, its class the file's path); failed expectations as failures, files that could not
/// run as errors.
#[must_use]
pub fn junit(results: &[FileResult]) -> String {
    use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
    let mut report = Report::new("judge");
    let mut suites: Vec<(String, TestSuite)> = Vec::new();
    for r in results {
        let folder = Path::new(&r.path).parent().map(|p| p.display().to_string()).unwrap_or_default();
        if suites.last().is_none_or(|(f, _)| *f != folder) {
            suites.push((folder.clone(), TestSuite::new(folder.clone())));
        }
        let status = match &r.outcome {
            Outcome::Pass => TestCaseStatus::success(),
            Outcome::Fail(fails) => {
                let mut s = TestCaseStatus::non_success(NonSuccessKind::Failure);
                s.set_message(fails.iter().map(|v| format!("{}: expected {}, actual {}", v.what(), v.expected(), v.actual())).collect::<Vec<_>>().join("; "));
                s.set_type("expectation");
                s.set_description(r.details());
                s
            }
            Outcome::Error(_, diags) => {
                let mut s = TestCaseStatus::non_success(NonSuccessKind::Error);
                s.set_message(diags.first().map(|d| d.message.clone()).unwrap_or_default());
                s.set_type("could not run");
                s.set_description(r.details());
                s
            }
        };
        let mut case = TestCase::new(r.name.clone().unwrap_or_else(|| r.path.clone()), status);
        case.set_classname(r.path.clone());
        if let Some((_, suite)) = suites.last_mut() {
            suite.add_test_case(case);
        }
    }
    report.add_test_suites(suites.into_iter().map(|(_, s)| s));
    report.to_string().unwrap_or_default()
}
