//! `judge cards import` and cards by name: MTGJSON and Scryfall files made for these tests
//! (tests/fixtures/cards), imported into a temporary data directory, then named by scenarios.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A temporary data directory, removed when dropped.
struct DataDir(PathBuf);

impl DataDir {
    fn new(name: &str) -> DataDir {
        let d = std::env::temp_dir().join(format!("judge-cards-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        DataDir(d)
    }

    fn judge(&self, env: &[(&str, &str)], args: &[&str]) -> (i32, String, String) {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_judge"));
        cmd.args(args).current_dir(env!("CARGO_MANIFEST_DIR")).env_remove("JUDGE_CARDS").env("JUDGE_DATA_DIR", &self.0);
        for (k, v) in env {
            cmd.env(k, v);
        }
        let out = cmd.output().expect("the judge binary runs");
        (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

impl Drop for DataDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const ATOMIC: &str = "tests/fixtures/cards/AtomicCards.json";
const SCRYFALL: &str = "tests/fixtures/cards/oracle-cards.json";
const SCENARIO: &str = "tests/fixtures/cards/imported.yaml";

fn gzip(from: &str, to: &Path) {
    use std::io::Write as _;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(from)).unwrap()).unwrap();
    std::fs::write(to, gz.finish().unwrap()).unwrap();
}

#[test]
fn without_an_import_the_cards_are_unknown_and_the_help_says_how() {
    let d = DataDir::new("none");
    let (code, _, err) = d.judge(&[], &["check", SCENARIO]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown card `sacred fire`") && err.contains("no card database imported") && err.contains("judge cards import FILE"), "{err}");
}

#[test]
fn both_formats_import_and_scenarios_name_their_cards() {
    for (file, shape) in [(ATOMIC, "MTGJSON AtomicCards"), (SCRYFALL, "Scryfall oracle cards")] {
        let d = DataDir::new(if shape.starts_with('M') { "mtgjson" } else { "scryfall" });
        let (code, out, err) = d.judge(&[], &["cards", "import", file]);
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with(&format!("read 13 cards from {file} ({shape})\n")), "{out}");
        assert!(out.contains("8/13 cards compile (61.5%)") && out.contains("11/13 cards usable"), "{out}");
        assert!(out.contains("2 not usable") && out.contains("written to "), "{out}");
        assert_eq!(shape == "Scryfall oracle cards", out.contains("skipped 1 token objects"), "{out}");
        let (code, out, err) = d.judge(&[], &["run", SCENARIO]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains("ok   Alice's life: 22") && out.contains("ok   ape: toughness: 3"), "{out}");
        // Faces by name, in any case; every face shown.
        let (code, out, _) = d.judge(&[], &["card", "petty theft"]);
        assert_eq!(code, 0);
        assert!(out.starts_with("Brazen Borrower // Petty Theft\nlayout:  adventure") && out.contains("Adventure: Petty Theft"), "{out}");
        let (code, out, _) = d.judge(&[], &["card", "Insectile Aberration"]);
        assert_eq!(code, 0);
        assert!(out.starts_with("Delver of Secrets // Insectile Aberration\nlayout:  transform") && out.contains("back face: Insectile Aberration"), "{out}");
    }
}

#[test]
fn unusable_and_misspelt_cards_are_refused_with_the_reason() {
    let d = DataDir::new("refused");
    assert_eq!(d.judge(&[], &["cards", "import", ATOMIC]).0, 0);
    let (code, _, err) = d.judge(&[], &["check", "tests/fixtures/cards/unusable.yaml"]);
    assert_eq!(code, 2);
    assert!(err.contains("the imported card `Bonecrusher Giant` cannot be used") && err.contains("becomes the target of a spell"), "{err}");
    let (code, _, err) = d.judge(&[], &["check", "tests/fixtures/cards/near_miss.yaml"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown card `Elite Vangard`") && err.contains("did you mean `Elite Vanguard`?"), "{err}");
    assert!(err.contains("not in the card library nor in "), "{err}");
}

#[test]
fn a_card_file_for_one_run_gzip_included() {
    let d = DataDir::new("direct");
    let gz = d.0.join("oracle-cards.json.gz");
    gzip(SCRYFALL, &gz);
    let gz = gz.to_str().unwrap();
    for (env, args) in [(vec![], vec!["run", "--cards", ATOMIC, SCENARIO]), (vec![("JUDGE_CARDS", gz)], vec!["run", SCENARIO]), (vec![], vec!["run", SCENARIO, "--cards", gz])] {
        let (code, out, err) = d.judge(&env, &args);
        assert_eq!(code, 0, "{args:?}: {out}{err}");
    }
    // A gzip file imports like the plain one.
    let (code, out, _) = d.judge(&[], &["cards", "import", gz]);
    assert_eq!(code, 0);
    assert!(out.contains("(Scryfall oracle cards)"), "{out}");
    // The library is asked first: Lightning Bolt isn't in either file.
    assert_eq!(d.judge(&[], &["card", "lightning bolt"]).0, 0);
}

#[test]
fn bad_files_are_exit_2_with_the_place_and_keep_the_previous_import() {
    let d = DataDir::new("bad");
    assert_eq!(d.judge(&[], &["cards", "import", ATOMIC]).0, 0);
    let broken = d.0.join("broken.json");
    std::fs::write(&broken, "{\"data\": {\n  \"Shock\": [ {\"name\": \"Shock\",, } ]\n}}").unwrap();
    let (code, _, err) = d.judge(&[], &["cards", "import", broken.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid JSON at line 2, column"), "{err}");
    std::fs::write(&broken, "{\"meta\": {}}").unwrap();
    let (code, _, err) = d.judge(&[], &["cards", "import", broken.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("expected MTGJSON AtomicCards.json"), "{err}");
    std::fs::write(&broken, [0x1f, 0x8b, 0x08, 0x00, 0x01]).unwrap();
    let (code, _, err) = d.judge(&[], &["cards", "import", broken.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot decompress (gzip)"), "{err}");
    // The earlier import is intact, and nothing half-written is left beside it.
    assert_eq!(d.judge(&[], &["run", SCENARIO]).0, 0);
    assert!(!d.0.join("cards.db.tmp").exists());
    // A damaged database is named, not guessed around.
    std::fs::write(d.0.join("cards.db"), "judge-cards 1\n{\"source\":\"x\",\"cards\":1,\"index_bytes\":500}\nsacred fire").unwrap();
    let (code, _, err) = d.judge(&[], &["check", SCENARIO]);
    assert_eq!(code, 2);
    assert!(err.contains("the card database can't be read") && err.contains("cut short"), "{err}");
}
