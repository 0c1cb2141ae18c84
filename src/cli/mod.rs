//! The command line: the only place that knows about argv, output streams and exit codes.
//!
//! Exit codes: 0 every scenario ran and every expectation held; 1 an expectation failed;
//! 2 a file could not be run (YAML, schema, unknown card, unscripted decision, bad arguments).

mod play;
mod rules;
mod suite;

pub use suite::{TestOutcome, test_file};

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use crate::cards::library::{Entry, library};
use crate::diag::{Source, render};
use crate::report;
use crate::run::run;
use crate::scenario::{Scenario, load};

#[derive(Parser, Debug)]
#[command(name = "judge", version, about = "A rules-judge oracle for Magic: The Gathering: replays a scenario and explains the outcome with the Comprehensive Rules it applied.", long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// A card file to find cards by name in for this run, instead of the imported database:
    /// one written by `judge cards import`, or an MTGJSON or Scryfall card file (read whole).
    /// Also `JUDGE_CARDS=FILE`.
    #[arg(long, global = true, value_name = "FILE")]
    cards: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Replay scenario files and print the trace, the final state, the rules applied and the
    /// verdict of each expectation. Exit 0 when all hold, 1 when one fails, 2 when a file
    /// cannot be run.
    Run {
        /// Scenario files (YAML), or folders to run every `*.yaml` under.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = RunFormat::Text)]
        format: RunFormat,
        /// Explain how an object's characteristics were worked out at the end of the run
        /// (layers 613): a scenario `id` or a card name as in expectations. May be repeated.
        #[arg(long, value_name = "REF")]
        explain: Vec<String>,
        /// Show the chain of causes of an event, back to the action or rule that started it:
        /// an event number, or words of its text (the last event containing them). May be
        /// repeated.
        #[arg(long, value_name = "EVENT")]
        why: Vec<String>,
        /// Check the invariants of the game state after every event (always on in debug
        /// builds); a violation is an engine bug, reported with exit 2.
        #[arg(long)]
        check_invariants: bool,
        /// With `--format html`: write one page per file into this folder, with an
        /// `index.html` listing them (needed for several files; one file's page goes to
        /// standard output without it).
        #[arg(short, long, value_name = "DIR")]
        output: Option<PathBuf>,
    },
    /// Replay one scenario and show why an event happened: the event, what it followed from,
    /// back to the script's action, turn-based action or rule that started the chain, each
    /// with its rules.
    Why {
        /// The scenario file (YAML).
        file: PathBuf,
        /// An event number (`15`) or words of its text (`Bears is destroyed`: the last event
        /// containing them).
        #[arg(required = true)]
        event: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Run every `*.yaml` scenario under the paths (default `scenarios/`), in path order, and
    /// print one PASS/FAIL line each, the details of each failure, and `N passed, M failed`.
    Test {
        /// Files or directories to search for scenarios.
        paths: Vec<PathBuf>,
        /// How many files to run at once (default: one per core). The output is the same,
        /// in path order, whatever the number.
        #[arg(long, short = 'j', value_name = "N")]
        jobs: Option<std::num::NonZeroUsize>,
        /// Report format: text (PASS/FAIL lines and `N passed, M failed`), json (one
        /// document, files that could not run included) or junit (JUnit XML for CI).
        #[arg(long, value_enum, default_value_t = TestFormat::Text)]
        format: TestFormat,
        /// Write each scenario's golden trace (`NAME.trace` beside `NAME.yaml`: every event
        /// with its rules, then the final state). Later runs compare with it and fail with a
        /// diff when the trace changes.
        #[arg(long)]
        bless: bool,
        /// Run only the files whose path or scenario `name` contains this text.
        #[arg(long, value_name = "TEXT")]
        filter: Option<String>,
        /// Run the K-th of N stable shards of the files (for CI): files in path order, every
        /// N-th one from the K-th, so the N shards together run every file exactly once.
        #[arg(long, value_name = "K/N", value_parser = suite::parse_partition)]
        partition: Option<(usize, usize)>,
        /// Stop at the first file that fails or can't run; the rest are not run.
        #[arg(long)]
        fail_fast: bool,
        /// Seconds one file may take before it counts as an error (the rest still run).
        #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
        timeout: f64,
    },
    /// Play random games between random boards from the card library, checking the game's
    /// invariants after every event: prints `N games, E events, V invariant violations or
    /// panics` and writes each failing game as a scenario file (its script shrunk to the
    /// shortest prefix that still fails). Exit 1 when a game failed. Same seed, same games.
    Play {
        /// How many games.
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// The seed of the first game.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Players in each game (2 to 4).
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=4))]
        players: u8,
        /// Script entries in each game.
        #[arg(long, default_value_t = 30)]
        actions: usize,
        /// Where failing games are written.
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish) on stdout.
    Completions {
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) on stdout: `judge man > judge.1`.
    Man,
    /// Load and validate scenario files without running them (exit 0, or 2 with diagnostics).
    Check {
        /// Scenario files, or folders to check every `*.yaml` under.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Show a card of the library and how its Oracle text was understood.
    Card {
        /// The card's name, e.g. "Lightning Bolt" (any case).
        name: Vec<String>,
        /// Read the card from this file instead of the library: a scenario (its `cards:`), a
        /// card file, or a JSON card list (MTGJSON `AtomicCards.json` or a flat list).
        #[arg(long, value_name = "FILE")]
        from: Option<PathBuf>,
    },
    /// Card-list tools.
    Cards {
        #[command(subcommand)]
        command: CardsCommand,
    },
    /// Print the JSON Schema (draft-07) of scenario files, for editors with a YAML language server.
    Schema,
    /// Convert a Forge puzzle file (.pzl) into a scenario: its players (human and ai become
    /// Human and AI), zones, life, counters and start; its goal and metadata go into the
    /// description. What a scenario can't express is refused with its line number (exit 2).
    ImportPzl {
        file: PathBuf,
        /// Write the scenario here instead of standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Write a scenario's setup as a Forge puzzle file (.pzl): two players, their zones and the
    /// start. What a puzzle can't hold is refused with the reason (exit 2); the script and the
    /// expectations are left out, with a note on standard error.
    ExportPzl {
        file: PathBuf,
        /// Write the puzzle here instead of standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Show a rule of the Comprehensive Rules: number, title, summary, the rules above and
    /// within it, and the official text and examples when a copy is available. Unknown numbers
    /// get the nearest existing ones (exit 2).
    Rule {
        /// A rule number (`608.2b`), or an old name listed in rulings/aliases.tsv (`totem armor`).
        number: String,
        /// Read the number in an older edition's numbering (e.g. 2009) and show the rule it
        /// became.
        #[arg(long)]
        edition: Option<String>,
        /// A rules file (.txt or an imported .json) to use instead of the imported copy.
        #[arg(long)]
        rules: Option<PathBuf>,
    },
    /// Comprehensive Rules reference tools: import a copy, search, compare editions.
    Rules {
        #[command(subcommand)]
        command: rules::RulesCommand,
    },
}

#[derive(Subcommand, Debug)]
enum CardsCommand {
    /// Report how many cards of a card list (MTGJSON AtomicCards.json, or a flat JSON list of
    /// card records) have text the compiler understands completely, and the most common
    /// fragments it does not.
    Coverage {
        file: PathBuf,
        /// Print one JSON line per card instead of the summary: name, verdict (full, usable,
        /// unusable) and each unread fragment with its kind and when it would matter.
        #[arg(long)]
        list: bool,
    },
    /// List the card library.
    List,
    /// Import every card of an MTGJSON `AtomicCards.json` or a Scryfall `oracle-cards` bulk
    /// file (plain or gzip) into the data directory, so that scenarios can name any of them.
    /// Prints how many were read, understood completely, usable and not usable, with the most
    /// common unread text. `judge` never downloads: get the file from MTGJSON or Scryfall.
    Import { file: PathBuf },
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum TestFormat {
    Text,
    Json,
    Junit,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum Format {
    Text,
    Json,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum RunFormat {
    Text,
    Json,
    /// A self-contained page: the answer, the board after each event, the rules cited.
    Html,
}

/// Parses the arguments and runs the command.
#[must_use]
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(2) } else { ExitCode::SUCCESS };
        }
    };
    if let Some(cards) = cli.cards {
        crate::cards::db::use_file(cards);
    }
    ExitCode::from(dispatch(cli.command))
}

fn dispatch(cmd: Command) -> u8 {
    match cmd {
        Command::Run { format: RunFormat::Html, explain, why, .. } if !explain.is_empty() || !why.is_empty() => {
            eprintln!("error: `--explain` and `--why` go with `--format text` or `json`; the HTML page marks the causes of the event you select");
            2
        }
        Command::Run { files, format: RunFormat::Html, output, check_invariants, .. } => cmd_run_html(&files, output.as_deref(), check_invariants),
        Command::Run { output: Some(_), .. } => {
            eprintln!("error: `--output` is for `--format html` (one page per file)");
            2
        }
        Command::Run { files, format, explain, why, check_invariants, output: None } => {
            let format = if format == RunFormat::Json { Format::Json } else { Format::Text };
            cmd_run(&files, format, &explain, &why, check_invariants)
        }
        Command::Why { file, event, format } => cmd_why(&file, &event.join(" "), format),
        Command::Test { paths, jobs, format, bless, filter, partition, fail_fast, timeout } => {
            let Some(limit) = std::time::Duration::try_from_secs_f64(timeout).ok().filter(|d| !d.is_zero()) else {
                eprintln!("error: --timeout takes a positive number of seconds, found {timeout}");
                return 2;
            };
            let how = TestRun { jobs, format, mode: if bless { suite::Golden::Bless } else { suite::Golden::Check }, selection: suite::Selection { filter, partition }, fail_fast, limit };
            cmd_test(&paths, &how)
        }
        Command::Play { games, seed, players, actions, out } => {
            let opts = play::PlayOptions { games, seed, players: usize::from(players), actions, out: out.unwrap_or_else(play::default_out) };
            let started = std::time::Instant::now();
            match play::play(&opts) {
                Ok(s) => {
                    print!("{}", play::report(&s, started.elapsed().as_secs_f64()));
                    u8::from(!s.failures.is_empty())
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    2
                }
            }
        }
        Command::Completions { shell } => {
            use clap::CommandFactory as _;
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "judge", &mut out);
            print!("{}", String::from_utf8_lossy(&out));
            0
        }
        Command::Man => {
            use clap::CommandFactory as _;
            let mut out = Vec::new();
            if clap_mangen::Man::new(Cli::command()).render(&mut out).is_err() {
                return 2;
            }
            print!("{}", String::from_utf8_lossy(&out));
            0
        }
        Command::Check { files } => cmd_check(&files),
        Command::Card { name, from } => cmd_card(&name.join(" "), from.as_deref()),
        Command::Cards { command: CardsCommand::Coverage { file, list } } => cmd_coverage(&file, list),
        Command::Cards { command: CardsCommand::Import { file } } => cmd_import(&file),
        Command::Cards { command: CardsCommand::List } => {
            for n in library().names {
                println!("{n}");
            }
            0
        }
        Command::ImportPzl { file, output } => cmd_import_pzl(&file, output.as_deref()),
        Command::ExportPzl { file, output } => cmd_export_pzl(&file, output.as_deref()),
        Command::Schema => {
            println!("{}", crate::scenario::schema::schema_text());
            0
        }
        Command::Rule { number, edition, rules } => rules::rule(&number, edition.as_deref(), rules.as_deref()),
        Command::Rules { command } => rules::dispatch(command),
    }
}

/// Reads and loads a scenario file; on failure, prints diagnostics and returns `None`.
fn load_file(path: &Path) -> Result<(Source, Scenario), String> {
    load_structured(path).map_err(|(source, diags)| match source {
        Some(source) => render(Some(&source), &diags),
        None => diags.iter().map(|d| format!("error: {}\n", d.message)).collect(),
    })
}

/// Reads and loads a scenario file; on failure, its diagnostics (with the file, once read).
fn load_structured(path: &Path) -> Result<(Source, Scenario), (Option<Source>, Vec<crate::diag::Diagnostic>)> {
    let shown = path.display().to_string();
    let text = match suite::read_scenario(path) {
        Ok(t) => t,
        Err(e) => return Err((None, vec![crate::diag::Diagnostic::global(e)])),
    };
    let source = Source::new(shown, text);
    match load(&source) {
        Ok(s) => Ok((source, s)),
        Err(diags) => Err((Some(source), diags)),
    }
}

fn cmd_run(paths: &[PathBuf], format: Format, explain: &[String], why: &[String], invariants: bool) -> u8 {
    let mut code = 0;
    let mut docs = Vec::new();
    for f in &suite::scenario_files(paths) {
        let (source, s) = match load_structured(f) {
            Ok(x) => x,
            Err((source, diags)) => {
                match &source {
                    Some(src) => eprint!("{}", render(Some(src), &diags)),
                    None => diags.iter().for_each(|d| eprintln!("error: {}", d.message)),
                }
                // JSON keeps a file that could not run, with its diagnostics.
                docs.push(serde_json::json!({"file": f.display().to_string(), "outcome": "error", "diagnostics": suite::diagnostics_json(source.as_ref(), &diags)}));
                code = 2;
                continue;
            }
        };
        let r = crate::run::run_with(&s, invariants || cfg!(debug_assertions));
        let mut explained = Vec::new();
        for reference in explain {
            match explain_ref(&r.game, reference) {
                Ok(e) => explained.push((reference, e)),
                Err(msg) => {
                    eprint!("{msg}");
                    code = 2;
                }
            }
        }
        let mut whys = Vec::new();
        for w in why {
            match report::why::find(&r.game.trace, w) {
                Ok(ev) => whys.push((w, ev)),
                Err(msg) => {
                    eprintln!("error: --why {w}: {msg}");
                    code = 2;
                }
            }
        }
        match format {
            Format::Text => {
                print!("{}", report::text(&source.path, &s, &r));
                for (_, e) in &explained {
                    print!("{}", report::explain::text(e));
                }
                for (_, ev) in &whys {
                    print!("\n{}", report::why::text(&r.game.trace, ev));
                }
            }
            Format::Json => {
                let mut doc = report::json(&source.path, &s, &r);
                if let Some(m) = doc.as_object_mut() {
                    let outcome = if r.stop.is_some() {
                        "error"
                    } else if r.verdicts.iter().any(|v| !v.ok) {
                        "fail"
                    } else {
                        "pass"
                    };
                    m.insert("outcome".to_owned(), outcome.into());
                    if let Some(d) = &r.stop {
                        m.insert("diagnostics".to_owned(), suite::diagnostics_json(Some(&source), std::slice::from_ref(d)));
                    }
                    if !explained.is_empty() {
                        let all: serde_json::Map<String, serde_json::Value> = explained.iter().map(|(k, e)| ((*k).clone(), serde_json::to_value(e).unwrap_or_default())).collect();
                        m.insert("explain".to_owned(), serde_json::Value::Object(all));
                    }
                    if !whys.is_empty() {
                        let all: serde_json::Map<String, serde_json::Value> = whys.iter().map(|(k, ev)| ((*k).clone(), report::why::json(&r.game.trace, ev))).collect();
                        m.insert("why".to_owned(), serde_json::Value::Object(all));
                    }
                }
                docs.push(doc);
            }
        }
        if let Some(d) = &r.stop {
            eprint!("{}", render(Some(&source), std::slice::from_ref(d)));
            code = 2;
        } else if r.verdicts.iter().any(|v| !v.ok) {
            code = code.max(1);
        }
    }
    if format == Format::Json {
        // One document of one shape whatever the number of files: `files`, in path order,
        // each with its `file` and `outcome` (pass, fail, error), files that could not run
        // included with their `diagnostics`.
        let v = serde_json::json!({ "files": docs });
        println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    }
    code
}

/// `judge run --format html [-o DIR]`: a page per file (a file that can't run gets a page with
/// its diagnostic), written to standard output for one file, or into DIR with an index.
fn cmd_run_html(paths: &[PathBuf], output: Option<&Path>, invariants: bool) -> u8 {
    let files = suite::scenario_files(paths);
    if files.len() != 1 && output.is_none() {
        eprintln!("error: {} scenario files: `--format html` writes one page per file, so give a folder with `-o DIR`", files.len());
        return 2;
    }
    let mut code = 0;
    let mut entries = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let shown = f.display().to_string();
        let (page, name, outcome) = match load_structured(f) {
            Err((source, diags)) => {
                let msg = render(source.as_ref(), &diags);
                eprint!("{msg}");
                code = 2;
                (report::html::error_page(&shown, &msg), shown.clone(), "error")
            }
            Ok((source, s)) => {
                let r = crate::run::run_taking(&s, invariants || cfg!(debug_assertions), Some(report::html::board));
                let stop = r.stop.as_ref().map(|d| render(Some(&source), std::slice::from_ref(d)));
                let outcome = if let Some(msg) = &stop {
                    eprint!("{msg}");
                    code = 2;
                    "error"
                } else if r.verdicts.iter().any(|v| !v.ok) {
                    code = code.max(1);
                    "fail"
                } else {
                    "pass"
                };
                (report::html::page(&shown, &s, &r, stop.as_deref()), s.name.clone(), outcome)
            }
        };
        let Some(dir) = output else {
            print!("{page}");
            continue;
        };
        let stem = f.file_stem().map_or_else(|| "scenario".to_owned(), |s| s.to_string_lossy().into_owned());
        let file = format!("{:03}-{stem}.html", i + 1);
        if let Err(e) = std::fs::create_dir_all(dir).and_then(|()| std::fs::write(dir.join(&file), page)) {
            eprintln!("error: cannot write {}: {e}", dir.join(&file).display());
            return 2;
        }
        entries.push((file, name, outcome));
    }
    if let Some(dir) = output
        && let Err(e) = std::fs::write(dir.join("index.html"), report::html::index_page(&entries))
    {
        eprintln!("error: cannot write {}: {e}", dir.join("index.html").display());
        return 2;
    }
    code
}

/// `judge why FILE EVENT`: replays the scenario and prints only the chain of causes of the
/// event. Exit 0 when the event is found in a run that went to its end; 2 when the file can't
/// be run or no event matches (a run stopped by a diagnostic still answers for the events
/// before the stop, and exits 2).
fn cmd_why(path: &Path, event: &str, format: Format) -> u8 {
    let (source, s) = match load_file(path) {
        Ok(x) => x,
        Err(msg) => {
            eprint!("{msg}");
            return 2;
        }
    };
    let r = run(&s);
    let mut code = 0;
    match report::why::find(&r.game.trace, event) {
        Ok(ev) => match format {
            Format::Text => print!("{}", report::why::text(&r.game.trace, ev)),
            Format::Json => println!("{}", serde_json::to_string_pretty(&report::why::json(&r.game.trace, ev)).unwrap_or_default()),
        },
        Err(msg) => {
            eprintln!("error: {}: {msg}", source.path);
            code = 2;
        }
    }
    if let Some(d) = &r.stop {
        eprint!("{}", render(Some(&source), std::slice::from_ref(d)));
        code = 2;
    }
    code
}

/// Resolves an `--explain` reference (a label or a card name, as in expectations) at the end
/// of the run; an unknown one is an error naming the nearest labels and names.
fn explain_ref(g: &crate::engine::Game, reference: &str) -> Result<report::explain::Explanation, String> {
    let r = crate::scenario::model::Ref { text: reference.to_owned(), span: crate::diag::Span::default() };
    match crate::run::refs::object(g, &r, crate::run::refs::Place::Anywhere) {
        Ok(id) => Ok(report::explain::explain(g, id)),
        Err(stop) => {
            let mut names: Vec<String> = g.cards.iter().filter_map(|c| c.label.as_deref().map(str::to_owned)).collect();
            names.extend(g.objects.iter().map(|o| o.card.name().to_owned()));
            names.sort();
            names.dedup();
            names.sort_by(|a, b| strsim::jaro_winkler(reference, b).total_cmp(&strsim::jaro_winkler(reference, a)));
            names.truncate(5);
            Err(format!("error: --explain {reference}: {}
  help: the nearest names and labels are: {}
", stop.0.message, names.join(", ")))
        }
    }
}

/// How `judge test` runs: its options.
struct TestRun {
    jobs: Option<std::num::NonZeroUsize>,
    format: TestFormat,
    mode: suite::Golden,
    selection: suite::Selection,
    fail_fast: bool,
    limit: std::time::Duration,
}

fn cmd_test(paths: &[PathBuf], how: &TestRun) -> u8 {
    use std::io::IsTerminal as _;
    let format = how.format;
    let all = suite::scenario_files(paths);
    if all.is_empty() {
        eprintln!("error: no scenario files (*.yaml) found");
        return 2;
    }
    let files = how.selection.apply(all);
    if files.is_empty() {
        eprintln!("error: no scenario file matches --filter/--partition");
        return 2;
    }
    // A progress line with counts and the time left, on a terminal only (stderr).
    let bar = if std::io::stderr().is_terminal() {
        let b = indicatif::ProgressBar::new(files.len() as u64);
        b.set_style(indicatif::ProgressStyle::with_template("{pos}/{len} files, {msg} eta {eta}").unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()));
        b
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut results: Vec<suite::FileResult> = Vec::with_capacity(files.len());
    let mut bad = 0;
    for r in suite::in_parallel(&files, how.jobs, how.mode, how.limit) {
        // Text is printed as each result is known, in path order.
        if format == TestFormat::Text {
            let tag = match r.outcome {
                suite::Outcome::Pass => "PASS ",
                suite::Outcome::Fail(_) => "FAIL ",
                suite::Outcome::Error(..) => "ERROR",
            };
            bar.suspend(|| println!("{tag} {}", r.path));
        }
        let failed = !matches!(r.outcome, suite::Outcome::Pass);
        bad += usize::from(failed);
        bar.inc(1);
        bar.set_message(format!("{bad} failed"));
        results.push(r);
        if failed && how.fail_fast {
            break;
        }
    }
    bar.finish_and_clear();
    let skipped = files.len() - results.len();
    if skipped > 0 && format == TestFormat::Text {
        println!("stopped at the first failure (--fail-fast): {skipped} file(s) not run");
    }
    let (passed, failed, errors) = suite::counts(&results);
    match format {
        TestFormat::Text => {
            for r in results.iter().filter(|r| !matches!(r.outcome, suite::Outcome::Pass)) {
                print!("\n--- {} ---\n{}", r.path, r.details());
            }
            if errors > 0 {
                println!("\n{errors} of the failures are files that could not run (exit 2)");
                println!("{passed} passed, {} failed", failed + errors);
            } else {
                println!("\n{passed} passed, {} failed", failed + errors);
            }
        }
        TestFormat::Json => println!("{}", serde_json::to_string_pretty(&suite::json(&results)).unwrap_or_default()),
        TestFormat::Junit => print!("{}", suite::junit(&results)),
    }
    if errors > 0 {
        2
    } else if failed > 0 {
        1
    } else {
        0
    }
}

fn cmd_check(paths: &[PathBuf]) -> u8 {
    let mut code = 0;
    for f in &suite::scenario_files(paths) {
        match load_file(f) {
            Ok((_, s)) => {
                println!("ok: {}", f.display());
                // Unread card text doesn't stop a check, but is named with its words.
                for (card, u) in report::unread(&s) {
                    println!("  note: {}", report::unread_line(&card, u));
                }
            }
            Err(msg) => {
                eprint!("{msg}");
                code = 2;
            }
        }
    }
    code
}

fn cmd_card(name: &str, from: Option<&Path>) -> u8 {
    if let Some(file) = from {
        return card_from_file(name, file);
    }
    let lib = library();
    let db = match crate::cards::db::current() {
        Ok(db) => db,
        Err(e) => {
            eprintln!("error: the card database can't be read: {e}");
            return 2;
        }
    };
    let imported = db.and_then(|db| db.get(name));
    let found = lib.get(name).or_else(|| lib.names.iter().find(|n| n.eq_ignore_ascii_case(name)).and_then(|n| lib.get(n))).or(imported.as_deref());
    match found {
        Some(Entry::Card(c)) => {
            print!("{}", crate::report::card::show(c));
            0
        }
        Some(Entry::Broken { source, diags }) => {
            eprint!("{}", render(Some(source), diags));
            2
        }
        None => {
            let near = crate::diag::nearest(name, lib.names.iter().copied().chain(db.into_iter().flat_map(crate::cards::db::Db::names)));
            match db {
                Some(db) => eprintln!("error: no card named `{name}` in the library nor in {}", db.origin),
                None => eprintln!("error: no card named `{name}` in the library (no card database imported: `judge cards import FILE`)"),
            }
            if !near.is_empty() {
                eprintln!("  help: did you mean {}?", near.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", "));
            }
            eprintln!("  help: `--from FILE` reads a card from a scenario, a card file or a JSON card list");
            2
        }
    }
}

/// `judge card NAME --from FILE`.
fn card_from_file(name: &str, file: &Path) -> u8 {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", file.display());
            return 2;
        }
    };
    let shown = file.display().to_string();
    let result = if file.extension().is_some_and(|e| e.eq_ignore_ascii_case("json")) {
        // A flat list's other faces are in `oracle_faces.json` beside it, as for import.
        crate::report::card::from_json(&text, crate::cards::db::faces_beside(file).as_deref(), name)
    } else {
        crate::report::card::from_yaml(&Source::new(shown.clone(), text), name)
    };
    match result {
        Ok(out) => {
            print!("{out}");
            0
        }
        Err(crate::report::card::NotShown::Diags(source, diags)) => {
            eprint!("{}", render(Some(&source), &diags));
            2
        }
        Err(crate::report::card::NotShown::Missing(names)) => {
            let near = crate::diag::nearest(name, names.iter().map(String::as_str));
            eprintln!("error: no card named `{name}` in {shown}");
            if !near.is_empty() {
                eprintln!("  help: did you mean {}?", near.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", "));
            }
            2
        }
        Err(crate::report::card::NotShown::Invalid(why)) => {
            eprintln!("error: {shown}: {why}");
            2
        }
    }
}

/// Writes `text` to `output`, or to standard output.
fn write_out(text: &str, output: Option<&Path>) -> u8 {
    match output {
        Some(path) => match std::fs::write(path, text) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("error: cannot write {}: {e}", path.display());
                2
            }
        },
        None => {
            print!("{text}");
            0
        }
    }
}

/// `judge import-pzl FILE [-o OUT]`.
fn cmd_import_pzl(file: &Path, output: Option<&Path>) -> u8 {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", file.display());
            return 2;
        }
    };
    let stem = file.file_stem().map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    match crate::scenario::pzl::import(&text, &stem) {
        Ok(yaml) => write_out(&yaml, output),
        Err(problems) => {
            for p in problems {
                eprintln!("error: {}:{}: {}", file.display(), p.line, p.message);
            }
            2
        }
    }
}

/// `judge export-pzl FILE [-o OUT]`.
fn cmd_export_pzl(file: &Path, output: Option<&Path>) -> u8 {
    let (_, scenario) = match load_file(file) {
        Ok(s) => s,
        Err(msg) => {
            eprint!("{msg}");
            return 2;
        }
    };
    match crate::scenario::pzl::export(&scenario) {
        Ok((pzl, notes)) => {
            for n in notes {
                eprintln!("note: {n}");
            }
            write_out(&pzl, output)
        }
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            2
        }
    }
}

/// `judge cards import FILE`.
fn cmd_import(file: &Path) -> u8 {
    match crate::cards::db::import(file, crate::cards::db::faces_beside(file).as_deref()) {
        Ok((cards, path)) => {
            let r = crate::cards::coverage::report(&cards.records);
            println!("read {} cards from {} ({})", cards.records.len(), file.display(), cards.shape.name());
            for (layout, n) in &cards.skipped {
                println!("skipped {n} {layout} objects: not cards a player owns");
            }
            print!("{r}");
            println!("{} not usable: a scenario naming one is refused with the reason", r.total - r.usable);
            println!("written to {}", path.display());
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}


fn cmd_coverage(file: &Path, list: bool) -> u8 {
    let text = match std::fs::read(file).map_err(|e| e.to_string()).and_then(crate::cards::import::decode) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", file.display());
            return 2;
        }
    };
    match crate::cards::coverage::coverage_with_faces(&text, crate::cards::db::faces_beside(file).as_deref()) {
        Ok(r) if list => {
            use std::io::Write as _;
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            for c in &r.cards {
                if serde_json::to_writer(&mut out, c).is_err() || writeln!(out).is_err() {
                    return 2;
                }
            }
            u8::from(out.flush().is_err()) * 2
        }
        Ok(r) => {
            print!("{r}");
            0
        }
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            2
        }
    }
}
