//! The command line: the only place that knows about argv, output streams and exit codes.
//!
//! Exit codes: 0 every scenario ran and every expectation held; 1 an expectation failed;
//! 2 a file could not be run (YAML, schema, unknown card, unscripted decision, bad arguments).

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
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Explain how an object's characteristics were worked out at the end of the run
        /// (layers 613): a scenario `id` or a card name as in expectations. May be repeated.
        #[arg(long, value_name = "REF")]
        explain: Vec<String>,
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
    },
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
    ExitCode::from(dispatch(cli.command))
}

fn dispatch(cmd: Command) -> u8 {
    match cmd {
        Command::Run { files, format, explain } => cmd_run(&files, format, &explain),
        Command::Test { paths, jobs, format, bless } => cmd_test(&paths, jobs, format, if bless { suite::Golden::Bless } else { suite::Golden::Check }),
        Command::Check { files } => cmd_check(&files),
        Command::Card { name, from } => cmd_card(&name.join(" "), from.as_deref()),
        Command::Cards { command: CardsCommand::Coverage { file, list } } => cmd_coverage(&file, list),
        Command::Cards { command: CardsCommand::List } => {
            for n in &library().names {
                println!("{n}");
            }
            0
        }
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
    let shown = path.display().to_string();
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return Err(format!("error: cannot read {shown}: {e}\n")),
    };
    let source = Source::new(shown, text);
    match load(&source) {
        Ok(s) => Ok((source, s)),
        Err(diags) => Err(render(Some(&source), &diags)),
    }
}

fn cmd_run(paths: &[PathBuf], format: Format, explain: &[String]) -> u8 {
    let mut code = 0;
    let mut docs = Vec::new();
    for f in &suite::scenario_files(paths) {
        let (source, s) = match load_file(f) {
            Ok(x) => x,
            Err(msg) => {
                eprint!("{msg}");
                code = 2;
                continue;
            }
        };
        let r = run(&s);
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
        match format {
            Format::Text => {
                print!("{}", report::text(&source.path, &s, &r));
                for (_, e) in &explained {
                    print!("{}", report::explain::text(e));
                }
            }
            Format::Json => {
                let mut doc = report::json(&source.path, &s, &r);
                if !explained.is_empty()
                    && let Some(m) = doc.as_object_mut()
                {
                    let all: serde_json::Map<String, serde_json::Value> = explained.iter().map(|(k, e)| ((*k).clone(), serde_json::to_value(e).unwrap_or_default())).collect();
                    m.insert("explain".to_owned(), serde_json::Value::Object(all));
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
        let v = if docs.len() == 1 { docs.pop().unwrap_or_default() } else { serde_json::Value::Array(docs) };
        println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
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
            let mut names: Vec<String> = g.cards.iter().filter_map(|c| c.label.clone()).collect();
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

fn cmd_test(paths: &[PathBuf], jobs: Option<std::num::NonZeroUsize>, format: TestFormat, mode: suite::Golden) -> u8 {
    let files = suite::scenario_files(paths);
    if files.is_empty() {
        eprintln!("error: no scenario files (*.yaml) found");
        return 2;
    }
    let results = suite::in_parallel(&files, jobs, mode).map(|r| {
        // Text is printed as each result is known, in path order.
        if format == TestFormat::Text {
            let tag = match r.outcome {
                suite::Outcome::Pass => "PASS ",
                suite::Outcome::Fail(_) => "FAIL ",
                suite::Outcome::Error(..) => "ERROR",
            };
            println!("{tag} {}", r.path);
        }
        r
    });
    let results: Vec<suite::FileResult> = results.collect();
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
            Ok(_) => println!("ok: {}", f.display()),
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
    let found = lib.get(name).or_else(|| lib.names.iter().find(|n| n.eq_ignore_ascii_case(name)).and_then(|n| lib.get(n)));
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
            let near = crate::diag::nearest(name, lib.names.iter().map(String::as_str));
            eprintln!("error: no card named `{name}` in the library");
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
        crate::report::card::from_json(&text, name)
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

fn cmd_coverage(file: &Path, list: bool) -> u8 {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", file.display());
            return 2;
        }
    };
    // Every face of the multi-face cards, when a faces file sits beside the list
    // (`oracle_faces.json`): such a card is understood only when each face is.
    let faces = file.parent().map(|d| d.join("oracle_faces.json")).and_then(|f| std::fs::read_to_string(f).ok());
    match crate::cards::coverage::coverage_with_faces(&text, faces.as_deref()) {
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
