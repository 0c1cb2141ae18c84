//! `judge import-pzl` and `judge export-pzl` on puzzle files written for these tests.

use std::process::Command;

fn judge(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_judge")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().expect("the judge binary runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("judge-pzl-{}-{name}", std::process::id()))
}

/// The whole conversion, checked against the expected scenario; it loads, and importing its
/// export gives it back.
#[test]
fn import_export_round_trip() {
    let (code, yaml, err) = judge(&["import-pzl", "tests/fixtures/pzl/burn_out.pzl"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(yaml, std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/pzl/burn_out.yaml")).unwrap());
    assert_eq!(judge(&["check", "tests/fixtures/pzl/burn_out.yaml"]).0, 0);
    let pzl = temp("burn_out.pzl");
    let (code, _, err) = judge(&["export-pzl", "tests/fixtures/pzl/burn_out.yaml", "-o", pzl.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let written = std::fs::read_to_string(&pzl).unwrap();
    assert!(written.starts_with("[metadata]\nName:Burn Out\nURL:https://example.org/puzzles/burn-out\nGoal:Win\n"), "{written}");
    assert!(written.contains("\nhumanbattlefield=Mountain;Mountain|Tapped;Mountain;Grizzly Bears|Id:7|SummonSick;Holy Strength|Attaching:7\n"), "{written}");
    assert!(written.contains("\naicounters=POISON=2\n") && written.contains("t:Dragon,P:4,T:4,Cost:no cost,Color:R,Types:Creature-Dragon,Keywords:Flying|Id:12"), "{written}");
    let (code, again, _) = judge(&["import-pzl", pzl.to_str().unwrap()]);
    std::fs::remove_file(&pzl).unwrap();
    assert_eq!(code, 0);
    // The name comes from the metadata, so the file name doesn't matter.
    assert_eq!(again, yaml);
}

#[test]
fn what_a_scenario_cant_say_is_refused_line_by_line() {
    let (code, out, err) = judge(&["import-pzl", "tests/fixtures/pzl/refused.pzl"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert_eq!(
        err,
        "error: tests/fixtures/pzl/refused.pzl:8: precast spells are Forge scripts with no scenario equivalent: cast the spells in the scenario's `actions:` instead\n\
         error: tests/fixtures/pzl/refused.pzl:9: the modifier `Attacking` of `Grizzly Bears` has no scenario equivalent\n\
         error: tests/fixtures/pzl/refused.pzl:9: the modifier `Renowned` of `Llanowar Elves` has no scenario equivalent\n\
         error: tests/fixtures/pzl/refused.pzl:10: cards in the command zone have no scenario equivalent yet\n\
         error: tests/fixtures/pzl/refused.pzl:11: unknown state key `bogus`\n"
    );
    let (code, _, err) = judge(&["import-pzl", "tests/fixtures/pzl/missing.pzl"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("error: cannot read tests/fixtures/pzl/missing.pzl"), "{err}");
}

#[test]
fn what_a_puzzle_cant_hold_is_refused_on_export() {
    let (code, _, err) = judge(&["export-pzl", "tests/fixtures/pzl/three_players.yaml"]);
    assert_eq!(code, 2);
    assert!(err.contains("a Forge puzzle has two players, human and ai; this scenario has 3"), "{err}");
    let (code, _, err) = judge(&["export-pzl", "tests/fixtures/pzl/borrowed.yaml"]);
    assert_eq!(code, 2);
    assert!(err.contains("Grizzly Bears is owned by Bob but controlled by Alice"), "{err}");
    // A script is not part of a puzzle: said, not silently dropped.
    let (code, out, err) = judge(&["export-pzl", "tests/fixtures/pzl/scripted.yaml"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "note: the script (`actions:`) and the expectations are not part of a puzzle file: only the setup is written\n");
    assert!(out.contains("\nhumanhand=Shock\nhumanbattlefield=Mountain\n"), "{out}");
}
