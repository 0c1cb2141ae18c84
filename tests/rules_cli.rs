//! The rules-reference commands, run through the real `judge` binary against the fixture
//! rules files of `tests/fixtures/cr/` (made-up sentences in the layouts of the official
//! files). Every run gets an empty data directory of its own and no `JUDGE_RULES`, so a
//! developer's imported copy never leaks in and nothing is written to the real data dir.

use std::path::PathBuf;
use std::process::Command;

const NEW: &str = "tests/fixtures/cr/rules-2026-utf8-bom-cr.txt";
const OLD: &str = "tests/fixtures/cr/rules-2009-crlf.txt";

/// A fresh, empty data directory for one test.
fn data_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("judge-rules-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn judge_in(dir: &PathBuf, env: &[(&str, &str)], args: &[&str]) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_judge"));
    cmd.args(args).current_dir(env!("CARGO_MANIFEST_DIR")).env_remove("JUDGE_RULES").env("JUDGE_DATA_DIR", dir);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("the judge binary runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn judge(name: &str, args: &[&str]) -> (i32, String, String) {
    judge_in(&data_dir(name), &[], args)
}

#[test]
fn rule_shows_index_chain_and_official_text_with_example() {
    let (code, out, err) = judge("rule", &["rule", "608.2b", "--rules", NEW]);
    assert_eq!(err, "");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "608.2b  Targets checked on resolution
If every target has become illegal the spell or ability does nothing and is removed (a spell goes to the graveyard); otherwise it resolves but leaves the illegal targets alone.

within: 6 Spells, Abilities, and Effects › 608 Resolving Spells and Abilities › 608.2 Resolving instants, sorceries, abilities

the engine cites it for (rulings/citations.tsv):
  resolve.fizzle_to_graveyard    a spell with no legal target left is removed from the stack to its owner's graveyard
  resolve.aura_target_illegal    an Aura spell whose target is illegal doesn't resolve and goes to the graveyard
  resolve.all_targets_illegal    every target of a spell or ability is illegal on resolution: it doesn't resolve
  resolve.target_now_illegal     one target is illegal on resolution: the spell or ability doesn't affect it
  resolve.damage_source_illegal  the creature that would deal damage is an illegal target now: no damage is dealt

official text (tests/fixtures/cr/rules-2026-utf8-bom-cr.txt, effective January 16, 2026):
  608.2b The resolving pretend spell looks at its targets again and ignores the ones that became illegal.
  Example: A pretend bolt aimed at a creature that left the battlefield does nothing to it.
"
    );
}

#[test]
fn rule_without_a_copy_says_how_to_get_the_text() {
    let (code, out, _) = judge("rule-no-copy", &["rule", "701.19a"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("701.19a  Regeneration shield\n"), "{out}");
    assert!(out.contains("within: 7 Additional Rules › 701 Keyword Actions › 701.19 Regenerate (keyword action)\n"), "{out}");
    assert!(out.ends_with("(official text: not available; run `judge rules import MagicCompRules.txt`, or pass --rules FILE)\n"), "{out}");
}

#[test]
fn rule_old_edition_number_is_resolved_and_children_listed() {
    let (code, out, _) = judge("rule-alias", &["rule", "701.11", "--edition", "2009", "--rules", NEW]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "701.11 (2009) was renumbered: it is 701.19 in the rules effective January 16, 2026 (Regenerate)

701.19  Regenerate (keyword action)
The keyword action of regenerating permanents.

within: 7 Additional Rules › 701 Keyword Actions

rules within it:
  701.19a  Regeneration shield
  701.19b  Static regeneration
  701.19c  \"Can't be regenerated\"

official text (tests/fixtures/cr/rules-2026-utf8-bom-cr.txt, effective January 16, 2026):
  701.19 Regenerate
"
    );
    let (code, out, _) = judge("rule-alias-letter", &["rule", "701.14c", "--edition", "2009"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("701.14c (2009) was renumbered: it is 701.23d in the rules effective January 16, 2026"), "{out}");
    let (code, out, _) = judge("rule-alias-name", &["rule", "totem armor"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("totem armor (2019) is 702.89 now"), "{out}");
}

#[test]
fn rule_continuation_paragraph_from_the_official_text() {
    let (code, out, _) = judge("rule-para", &["rule", "701.19a", "--rules", NEW]);
    assert_eq!(code, 0);
    assert!(
        out.contains("  701.19a Regenerating a pretend permanent replaces its next destruction this turn with a tap and a healing.\n  A second paragraph of the pretend regeneration rule.\n"),
        "{out}"
    );
}

#[test]
fn unknown_rule_suggests_nearest_and_exits_2() {
    let (code, out, err) = judge("rule-unknown", &["rule", "608.2z"]);
    assert_eq!(out, "");
    assert_eq!(err, "error: no rule 608.2z in the index (edition 2026-01-16)\n  help: nearest existing rules: 608.2, 608.2n, 608.2p\n");
    assert_eq!(code, 2);
    let (code, _, err) = judge("rule-bad", &["rule", "abc"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("error: `abc` is not a rule number\n"), "{err}");
    let (code, _, err) = judge("rule-edition", &["rule", "100.1", "--edition", "1999"]);
    assert_eq!(code, 2);
    assert_eq!(err, "error: no renumbering is recorded for edition `1999`\n  help: editions in rulings/aliases.tsv: 2009, 2019; the current one is 2026-01-16\n");
}

#[test]
fn rules_env_var_points_at_a_copy() {
    let dir = data_dir("env");
    let (code, out, _) = judge_in(&dir, &[("JUDGE_RULES", "tests/fixtures/cr/rules-windows-1252.txt")], &["rule", "100.1"]);
    assert_eq!(code, 0);
    assert!(out.contains("  100.1 A pretend rule with \u{201c}curly quotes\u{201d} and an em dash \u{2014} written in Windows-1252.\n"), "{out}");
    assert!(out.contains("note: this copy is effective June 1, 2015; the index's numbers and titles follow the rules effective January 16, 2026\n"), "{out}");
}

#[test]
fn import_stores_a_copy_that_later_commands_use() {
    let dir = data_dir("import");
    let (code, out, err) = judge_in(&dir, &[], &["rules", "import", NEW]);
    assert_eq!(
        err,
        "tests/fixtures/cr/rules-2026-utf8-bom-cr.txt:35: note: `119.1d`: a stray dot after the subrule letter; read as 119.1d\n\
         tests/fixtures/cr/rules-2026-utf8-bom-cr.txt:41: note: `606.5`: no dot after the subrule number; read as 606.5\n"
    );
    let stored = dir.join("comprehensive-rules.json");
    assert_eq!(
        out,
        format!(
            "imported tests/fixtures/cr/rules-2026-utf8-bom-cr.txt (effective January 16, 2026; 21 rules, 2 glossary entries)\nstored at {}\n",
            stored.display()
        )
    );
    assert_eq!(code, 0);
    assert!(stored.is_file());
    // Later commands read the stored copy.
    let (code, out, _) = judge_in(&dir, &[], &["rule", "732.1"]);
    assert_eq!(code, 0);
    assert!(out.contains(&format!("official text ({}, effective January 16, 2026):\n", stored.display())), "{out}");
    assert!(out.contains("  732.1 An illegal pretend action is taken back, and the game rewinds to just before the action began.\n"), "{out}");
    // `--rules` may name the stored JSON as well.
    let (code, _, _) = judge_in(&data_dir("import-json"), &[], &["rule", "732.1", "--rules", &stored.display().to_string()]);
    assert_eq!(code, 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn import_of_a_file_without_rules_fails() {
    let (code, _, err) = judge("import-bad", &["rules", "import", "Cargo.toml"]);
    assert_eq!(code, 2);
    assert_eq!(err, "error: Cargo.toml: no rules found; is this a Comprehensive Rules text file?\n");
}

#[test]
fn search_ranks_and_includes_glossary() {
    let (code, out, _) = judge("search", &["rules", "search", "regenerate", "--rules", NEW, "--limit", "3"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "rules matching \"regenerate\" (index and tests/fixtures/cr/rules-2026-utf8-bom-cr.txt):
  701.19   Regenerate (keyword action) — The keyword action of regenerating permanents.
  614.8    Regeneration as replacement — Regenerate means the next destruction this turn is replaced by …
  701.8c   Regeneration replaces destruction — Regeneration replaces a destroy event (701.19).
  … 10 more (raise --limit)

glossary:
  Regenerate — To save a pretend permanent from destruction once. See rule 701.19, \u{201c}Regenerate.\u{201d}
"
    );
    let (code, out, _) = judge("search-none", &["rules", "search", "zzzqqq"]);
    assert_eq!(code, 1);
    assert_eq!(out, "rules matching \"zzzqqq\" (index only; no official text available):\n  (none)\n");
}

#[test]
fn diff_finds_renumbered_reworded_added_removed() {
    let (code, out, err) = judge("diff", &["rules", "diff", OLD, NEW]);
    assert_eq!(err, "");
    assert_eq!(
        out,
        "old: tests/fixtures/cr/rules-2009-crlf.txt (effective October 1, 2009; 19 rules, 1 glossary entries)
new: tests/fixtures/cr/rules-2026-utf8-bom-cr.txt (effective January 16, 2026; 21 rules, 2 glossary entries)
8 renumbered, 1 reworded, 3 added, 1 removed, 9 unchanged

renumbered (8)
  120      → 119      Life
  120.1    → 119.1    Starting life 20
  701.11   → 701.19   Regenerate (keyword action)
  701.11a  → 701.19a  Regeneration shield
  701.12   → 701.20   Reveal (keyword action)
  701.12a  → 701.20a  Revealing and duration
  714      → 732      Handling Illegal Actions
  714.1    → 732.1    Reversing illegal actions, reworded, 85% similar

reworded (1)
  608.2b   Targets checked on resolution (75% similar)

added (3)
  119.1d   Brawl life
  606      Loyalty Abilities
  606.5    Combined loyalty costs

removed (1)
  100.1b   A pretend rule about ante that later editions dropped entire…
"
    );
    assert_eq!(code, 1);
    let (code, out, _) = judge("diff-same", &["rules", "diff", NEW, NEW, "--summary"]);
    assert_eq!(code, 0);
    assert!(out.ends_with("0 renumbered, 0 reworded, 0 added, 0 removed, 21 unchanged\n"), "{out}");
}

#[test]
fn affected_lists_scenarios_citing_changed_rules() {
    let (code, out, err) = judge("affected", &["rules", "affected", OLD, NEW, "scenarios/lands"]);
    assert_eq!(err, "");
    assert_eq!(
        out,
        "changes from October 1, 2009 to January 16, 2026: 8 renumbered, 1 reworded, 3 added, 1 removed, 9 unchanged
AFFECTED scenarios/lands/land_in_combat_rejected.yaml
  732.1    Reversing illegal actions: 714.1 renumbered to 732.1 and reworded
AFFECTED scenarios/lands/land_in_opponents_turn_rejected.yaml
  732.1    Reversing illegal actions: 714.1 renumbered to 732.1 and reworded
AFFECTED scenarios/lands/land_with_nonempty_stack_rejected.yaml
  732.1    Reversing illegal actions: 714.1 renumbered to 732.1 and reworded
AFFECTED scenarios/lands/second_land_rejected.yaml
  732.1    Reversing illegal actions: 714.1 renumbered to 732.1 and reworded

4 of 5 scenarios cite rules that changed
"
    );
    assert_eq!(code, 1);
    let (code, out, _) = judge("affected-none", &["rules", "affected", NEW, NEW, "scenarios/lands/play_land.yaml"]);
    assert_eq!(code, 0);
    assert!(out.ends_with("\n0 of 1 scenarios cite rules that changed\n"), "{out}");
    let (code, _, err) = judge("affected-bad", &["rules", "affected", OLD, "no/such/file.txt"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("error: cannot read no/such/file.txt: "), "{err}");
}

#[test]
fn check_reads_every_format() {
    let cases = [
        (NEW, "UTF-8 with BOM, CR line endings", "3 sections, 6 rules, 7 subrules, 5 lettered subrules, 1 examples"),
        (OLD, "UTF-8, CRLF line endings", "3 sections, 5 rules, 6 subrules, 5 lettered subrules, 1 examples"),
        ("tests/fixtures/cr/rules-windows-1252.txt", "Windows-1252, CRLF line endings", "1 sections, 1 rules, 1 subrules, 1 lettered subrules, 0 examples"),
        ("tests/fixtures/cr/rules-utf16le.txt", "UTF-16LE with BOM, LF line endings", "1 sections, 1 rules, 1 subrules, 1 lettered subrules, 1 examples"),
    ];
    for (file, enc, counts) in cases {
        let (code, out, _) = judge("check", &["rules", "check", file]);
        assert_eq!(code, 0, "{file}");
        assert!(out.contains(&format!("  encoding {enc}\n  {counts}\n")), "{file}: {out}");
    }
}

#[test]
fn check_reports_malformed_lines_with_line_numbers() {
    let (code, out, err) = judge("check-bad", &["rules", "check", "tests/fixtures/cr/rules-malformed.txt"]);
    assert_eq!(
        err,
        "tests/fixtures/cr/rules-malformed.txt:11: warning: not a rule, an example or an indented continuation: `This line is not a rule and not indented.`; kept as a paragraph of the rule before it
tests/fixtures/cr/rules-malformed.txt:13: warning: rule 100.1 appears a second time; the first is kept for look-ups
tests/fixtures/cr/rules-malformed.txt:15: warning: rule 100.3a comes before any rule 100.3 above it
"
    );
    assert!(out.ends_with("  0 quirks read as intended, 3 lines that could not be read\n"), "{out}");
    assert_eq!(code, 1);
}

#[test]
fn digest_maps_old_numbers_to_current_ones() {
    let (code, out, err) = judge("digest", &["rules", "digest", "tests/fixtures/cr/digest-2009.txt"]);
    assert_eq!(
        out,
        "General Rulings - 701 (tests/fixtures/cr/digest-2009.txt): 4 rulings
  701.11   (2009) → 701.19   Regenerate (keyword action)
  701.11a  (2009) → 701.19a  Regeneration shield
  701.14c  (2009) → 701.23d  Searching for a number
  101.1    (2009) = 101.1    Card text beats the rules
"
    );
    assert_eq!(err, "tests/fixtures/cr/digest-2009.txt:9: warning: expected `• NUMBER - text [source]` or `Example: …`, found `This line is not a ruling.`\n");
    assert_eq!(code, 1);
}
