//! Integration tests that drive the real `judge` binary: exit codes and the full rendered
//! text of diagnostics.

use std::process::Command;

fn judge(args: &[&str]) -> (i32, String, String) {
    // No imported card database: what a fresh machine has.
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("JUDGE_CARDS")
        .env("JUDGE_DATA_DIR", std::env::temp_dir().join("judge-cli-tests-no-data"))
        .output()
        .expect("the judge binary runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Asserts the exit code and the whole of stderr.
fn assert_diagnostic(args: &[&str], code: i32, expected: &str) {
    let (c, _, err) = judge(args);
    assert_eq!(err, expected, "stderr of judge {args:?}");
    assert_eq!(c, code, "exit code of judge {args:?}");
}

#[test]
fn diagnostic_unknown_key() {
    assert_diagnostic(
        &["check", "tests/fixtures/unknown_key.yaml"],
        2,
        r#"  × unknown key `lif` in a player
   ╭─[tests/fixtures/unknown_key.yaml:4:5]
 3 │   - name: Alice
 4 │     lif: 20
   ·     ─┬─
   ·      ╰── unknown key
 5 │   - name: Bob
   ╰────
  help: did you mean `life`? a player takes: name, life, poison, energy, monarch, city_blessing,
        speed, library, hand, battlefield, graveyard, exile
"#,
    );
}

#[test]
fn diagnostic_unknown_card() {
    assert_diagnostic(
        &["check", "tests/fixtures/unknown_card.yaml"],
        2,
        r#"  × unknown card `Lightning Blot`
   ╭─[tests/fixtures/unknown_card.yaml:4:12]
 3 │   - name: Alice
 4 │     hand: [Lightning Blot]
   ·            ───────┬──────
   ·                   ╰── not in the card library (no card database imported)
 5 │   - name: Bob
   ╰────
  help: did you mean `Lightning Bolt`, `Lightning Helix`, `Lightning Elemental`? Otherwise define
        it under `cards:`; `judge cards import FILE` makes every card of an MTGJSON or Scryfall
        file usable by name
"#,
    );
}

#[test]
fn diagnostic_bad_yaml() {
    assert_diagnostic(
        &["check", "tests/fixtures/bad_yaml.yaml"],
        2,
        r#"  × YAML syntax error: line 3 column 3: "-" is only valid inside a block
   ╭─[tests/fixtures/bad_yaml.yaml:3:3]
 2 │ players: [
 3 │   - name: Alice
   ·   ─
   ╰────
  help: check the indentation and the brackets and quotes around this place
"#,
    );
}

#[test]
fn diagnostic_unsupported_text() {
    assert_diagnostic(
        &["check", "tests/fixtures/unsupported_text.yaml"],
        2,
        r#"  × card `Banding Bear`: cannot read "Banding"
   ╭─[tests/fixtures/unsupported_text.yaml:6:11]
 5 │     type: Creature — Bear
 6 │     text: Banding
   ·           ───┬───
   ·              ╰── unsupported text: "Banding"; expected a keyword the engine supports (flying, first strike, trample, toxic N, ward {N}, protection from …)
 7 │     power: 2
   ╰────
  help: it uses banding (702.22), which judge doesn't model yet; this keyword ability is not
        supported yet, and nothing tells when it would apply, so the card can't be used; `judge
        cards coverage` lists what is read, and `judge card NAME` shows how a card was read
"#,
    );
}

#[test]
fn diagnostic_wrong_type() {
    assert_diagnostic(
        &["check", "tests/fixtures/wrong_type.yaml"],
        2,
        r#"  × `life` of a player must be an integer, found a string
   ╭─[tests/fixtures/wrong_type.yaml:4:11]
 3 │   - name: Alice
 4 │     life: twenty
   ·           ───┬──
   ·              ╰── expected an integer
 5 │   - name: Bob
   ╰────
  × `poison` must be an integer, found a list
   ╭─[tests/fixtures/wrong_type.yaml:6:13]
 5 │   - name: Bob
 6 │     poison: [1]
   ·             ┬
   ·             ╰── expected an integer
   ╰────
"#,
    );
}

#[test]
fn diagnostic_unscripted() {
    assert_diagnostic(
        &["run", "tests/fixtures/unscripted.yaml"],
        2,
        r#"  × unscripted decision: Bob must choose discard 2 card(s) (rule 701.9b)
    ╭─[tests/fixtures/unscripted.yaml:9:5]
  8 │ actions:
  9 │   - cast: Mind Rot
    ·     ┬
    ·     ╰── a `choose` is needed after this entry
 10 │     targets: [Bob]
    ╰────
  help: legal answers — pick 2 of: Forest, Island, Plains. Add `- choose: {player: Bob, pick:
        [...]}` after action 1 (line 9)
"#,
    );
}

#[test]
fn diagnostic_trample_assignment_not_lethal() {
    assert_diagnostic(
        &["run", "tests/fixtures/trample_not_lethal.yaml"],
        2,
        r#"  × Grizzly Bears [bears] must be assigned lethal damage (2) before any damage is assigned to Bob
  │ (it gets 1)
    ╭─[tests/fixtures/trample_not_lethal.yaml:16:5]
 15 │   - goto: combat_damage
 16 │   - choose: {player: Alice, assign: {bears: 1, Bob: 2}}
    ·     ─
 17 │ expect:
    ╰────
  help: 702.19b: trample lets the rest go to the player only after every blocker has lethal damage
"#,
    );
}

#[test]
fn diagnostic_ambiguous() {
    assert_diagnostic(
        &["run", "tests/fixtures/ambiguous.yaml"],
        2,
        r#"  × `Grizzly Bears` is ambiguous: 2 objects match
    ╭─[tests/fixtures/ambiguous.yaml:10:15]
  9 │   - cast: Shock
 10 │     targets: [Grizzly Bears]
    ·               ─────────────
    ╰────
  help: candidates: Grizzly Bears (battlefield of Bob); Grizzly Bears (battlefield of Bob); give
        each an `id:` label in the setup and use the label
"#,
    );
}

#[test]
fn failing_expectation_exits_1_with_place_expected_and_actual() {
    let (code, out, _) = judge(&["test", "tests/fixtures/failing_expect.yaml"]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "FAIL  tests/fixtures/failing_expect.yaml\n\n--- tests/fixtures/failing_expect.yaml ---\n  tests/fixtures/failing_expect.yaml:12:17: Bob's life\n    expected: 19\n    actual:   18\n\n0 passed, 1 failed\n"
    );
}

#[test]
fn check_accepts_a_valid_file() {
    let (code, out, err) = judge(&["check", "scenarios/casting/shock_kills_bears.yaml"]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "ok: scenarios/casting/shock_kills_bears.yaml\n", ""));
}

#[test]
fn run_passes_and_prints_trace_state_rules_and_verdicts() {
    let (code, out, _) = judge(&["run", "scenarios/casting/shock_kills_bears.yaml"]);
    assert_eq!(code, 0);
    for needle in [
        "| 11 | 1    | precombat_main | Shock deals 2 damage to Grizzly Bears [bears]",
        "| 704      | State-Based Actions             |       |         |",
        "|   704.5g | Lethal damage                   | 1     | yes     |",
        "ok   bears: zone: graveyard",
        "| Bob    | 20   | 0      | 0       | -    | Grizzly Bears |",
    ] {
        assert!(out.contains(needle), "missing {needle:?} in\n{out}");
    }
}

#[test]
fn json_output_carries_the_same_data() {
    let (code, out, _) = judge(&["run", "--format", "json", "scenarios/casting/shock_kills_bears.yaml"]);
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    let v = &doc["files"][0];
    assert_eq!((v["file"].as_str(), v["outcome"].as_str()), (Some("scenarios/casting/shock_kills_bears.yaml"), Some("pass")));
    assert_eq!(v["passed"], true);
    assert_eq!(v["state"]["players"][1]["graveyard"][0], "Grizzly Bears");
    let damage = v["trace"].as_array().and_then(|t| t.iter().find(|e| e["kind"] == "damage")).cloned().unwrap_or_default();
    assert_eq!(damage["amount"], 2);
    assert_eq!(damage["target"]["label"], "bears");
    assert_eq!(damage["rules"][0], "120.3e");
}

#[test]
fn same_file_gives_the_same_output_byte_for_byte() {
    let a = judge(&["run", "--format", "json", "scenarios/casting/shock_kills_bears.yaml"]);
    let b = judge(&["run", "--format", "json", "scenarios/casting/shock_kills_bears.yaml"]);
    assert_eq!(a, b);
}

#[test]
fn unknown_card_name_for_card_command() {
    let (code, _, err) = judge(&["card", "Lightning", "Blot"]);
    assert_eq!(code, 2);
    assert_eq!(err, "error: no card named `Lightning Blot` in the library (no card database imported: `judge cards import FILE`)\n  help: did you mean `Lightning Bolt`, `Lightning Helix`, `Lightning Elemental`?\n  help: `--from FILE` reads a card from a scenario, a card file or a JSON card list\n");
}

#[test]
fn bad_arguments_exit_2() {
    let (code, _, err) = judge(&["run"]);
    assert_eq!(code, 2);
    assert!(err.contains("required arguments were not provided"), "{err}");
}

#[test]
fn committed_schema_is_fresh() {
    let (code, out, _) = judge(&["schema"]);
    assert_eq!(code, 0);
    let committed = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/schema/scenario.schema.json")).expect("schema/scenario.schema.json exists");
    assert_eq!(out, committed, "run `judge schema > schema/scenario.schema.json` and commit it");
}

#[test]
fn explain_shows_each_layer_with_sources_timestamps_and_reasons() {
    let (code, out, _) = judge(&["run", "scenarios/layers/humility_then_opalescence.yaml", "--explain", "humility"]);
    assert_eq!(code, 0);
    let explain = &out[out.find("Explain Humility [humility] (battlefield)").expect("an explanation")..];
    let expected = "  copiable values (613.2c): Enchantment; white; static: loses all abilities, has base power and toughness 1/1; controller Alice
  layer 4 (613.1d):
    other non-Aura enchantments: is creature in addition to its other types — from Opalescence [opal], timestamp 11; timestamp order (613.7)
  layer 6 (613.1f):
    creatures: loses all abilities — from Humility [humility], timestamp 2; timestamp order (613.7)
  layer 7b (613.4b):
    creatures: has base power and toughness 1/1 — from Humility [humility], timestamp 2; timestamp order (613.7)
    other non-Aura enchantments: has base power and toughness each equal to its mana value — from Opalescence [opal], timestamp 11; timestamp order (613.7)
";
    assert!(explain.contains(expected), "{explain}");
    assert!(explain.contains("  result: Creature Enchantment, 4/4; white; no abilities; controller Alice"), "{explain}");
}

#[test]
fn explain_names_a_dependency() {
    let (code, out, _) = judge(&["run", "scenarios/layers/urborg_then_blood_moon.yaml", "--explain", "urborg", "--format", "json"]);
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("json");
    let v = &doc["files"][0];
    let layer4 = &v["explain"]["urborg"]["layers"][2];
    assert_eq!(layer4["layer"], "4");
    assert_eq!(layer4["applied"][0]["source"], "Blood Moon");
    assert_eq!(layer4["applied"][0]["reason_rule"], "613.8b");
    assert_eq!(v["explain"]["urborg"]["result"]["subtypes"], serde_json::json!(["Mountain"]));
}

#[test]
fn explain_of_nothing_exits_2_with_the_nearest_names() {
    let (code, _, err) = judge(&["run", "scenarios/layers/urborg_then_blood_moon.yaml", "--explain", "urbrg"]);
    assert_eq!(code, 2);
    assert!(err.contains("--explain urbrg: no `urbrg` in any zone") && err.contains("nearest names and labels are: urborg"), "{err}");
}

#[test]
fn chosen_copy_needs_a_copier_and_a_permanent() {
    assert_diagnostic(
        &["check", "tests/fixtures/chosen_copy_without_clone.yaml"],
        2,
        r#"  × `chosen: {card: bears}`: Hill Giant has no ability that lets it enter as a copy
   ╭─[tests/fixtures/chosen_copy_without_clone.yaml:6:43]
 5 │       - {card: Grizzly Bears, id: bears}
 6 │       - {card: Hill Giant, chosen: {card: bears}}
   ·                                           ──┬──
   ·                                             ╰── rule 707.5
 7 │       - {card: Clone, chosen: {card: nothing}}
   ╰────
  help: only a permanent with "You may have this … enter as a copy of …" enters as a copy (614.1c,
        707.5)
  × `chosen: {card: nothing}` names no other permanent
   ╭─[tests/fixtures/chosen_copy_without_clone.yaml:7:38]
 6 │       - {card: Hill Giant, chosen: {card: bears}}
 7 │       - {card: Clone, chosen: {card: nothing}}
   ·                                      ───────
 8 │   - name: Bob
   ╰────
  help: give the permanent it copies an `id` and name that id here
"#,
    );
}

#[test]
fn explain_shows_the_copy_effect_in_layer_1() {
    let (code, out, _) = judge(&["run", "scenarios/copies/own_clone_gets_own_anthem.yaml", "--explain", "clone"]);
    assert_eq!(code, 0);
    let explain = &out[out.find("Explain Grizzly Bears [clone] (battlefield)").expect("an explanation")..];
    let expected = "  copiable values (613.2c): Creature — Bear, 2/2; green; no abilities; controller Alice
  layer 1 (613.2a):
    Grizzly Bears [clone]: a copy of Grizzly Bears [bears] (copiable values: Grizzly Bears, Creature — Bear, 2/2) — from Grizzly Bears [clone], timestamp 9; timestamp order (613.7)
  layer 7c (613.4c):
    creatures you control: +1/+1 — from Glorious Anthem, timestamp 2; timestamp order (613.7)
  result: Creature — Bear, 3/3; green; no abilities; controller Alice
";
    assert!(explain.contains(expected), "{explain}");
}

/// Unread abilities wait for the moment they matter; then the run stops (exit 2) at the place in
/// the script that made them matter, naming the card, the ability and why now.
#[test]
fn unread_abilities_stop_the_run_when_they_matter() {
    let cases: &[(&str, &str, &str, &str)] = &[
        ("unread_activated", "14:5", "Kjeldoran Royal Guard has an activated ability", "here Alice activates it (602.1)"),
        ("unread_trigger", "16:8", "Cephalid Constable has a triggered ability", "here it triggers (603.2)"),
        ("unread_block", "16:5", "Sandrunner has a keyword ability that judge can't read yet, and it matters here: \"Desertwalk\"", "here a block involving it is declared (509.1)"),
        ("unread_cast", "15:5", "Smite has a spell ability", "here Bob casts it (601.2)"),
        ("unread_target", "16:5", "Ashward Drake has a keyword ability", "here it becomes a target of Shock"),
        ("unread_mana", "13:5", "Exotic Orchard has an activated ability", "this ability may add mana (605.1a)"),
        ("unread_battlefield", "11:19", "True Believer starts on the battlefield, where its static ability \"You have shroud.\" works", "on the battlefield from the start (113.6)"),
    ];
    for (file, place, message, label) in cases {
        let path = format!("tests/fixtures/{file}.yaml");
        let (code, _, err) = judge(&["run", &path]);
        assert_eq!(code, 2, "exit code of {file}: {err}");
        let flat = err.split('\n').map(|l| l.trim_start_matches([' ', '│']).trim_end()).collect::<Vec<_>>().join(" ");
        assert!(err.contains(&format!("[{path}:{place}]")), "{file}: place {place} in\n{err}");
        assert!(flat.contains(message), "{file}: {message} in\n{err}");
        assert!(flat.contains(label), "{file}: {label} in\n{err}");
        assert!(flat.contains("unread words: \""), "{file}: the unread words in\n{err}");
    }
}

/// The same card used without touching its unread ability runs (exit 0): see
/// `scenarios/unread/`. `judge card` shows what is read and what is deferred.
#[test]
fn card_shows_read_and_deferred_abilities() {
    let (code, out, err) = judge(&["card", "kjeldoran royal guard", "--from", "tests/fixtures/unread_activated.yaml"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Kjeldoran Royal Guard\ncost:    {3}{W}{W}\ntype:    Creature — Human Soldier\nP/T:     2/5\n"), "{out}");
    assert!(out.contains("abilities, as understood (0 read, 1 deferred):\n  1. NOT READ — activated ability, deferred: it matters when it is activated\n"), "{out}");
    // Library cards by name in any case, read abilities as indented text.
    let (code, out, _) = judge(&["card", "SHOCK"]);
    assert_eq!(code, 0);
    assert!(out.contains("abilities, as understood (1 read, 0 deferred):\n  1. Spell:\n       instructions:\n         - DealDamage:\n"), "{out}");
    // A requirement at false is shown in words: "nontoken" must not vanish with the defaults.
    let (code, out, _) = judge(&["card", "Midnight Reaper"]);
    assert_eq!(code, 0);
    assert!(out.contains("controller: You\n               token: nontoken\n               types_any: Creature"), "{out}");
    let (code, _, err) = judge(&["card", "Nope", "--from", "tests/fixtures/unread_activated.yaml"]);
    assert_eq!(code, 2);
    assert!(err.contains("no card named `Nope` in tests/fixtures/unread_activated.yaml"), "{err}");
}

/// Face-down bad input: a card without morph or disguise can't be cast face down (702.37d,
/// 702.168c); a face-up
/// permanent can't be turned face up (708.7, 702.37e). Both exit 2 at the action.
#[test]
fn face_down_bad_input_names_the_rule() {
    let (code, _, err) = judge(&["run", "tests/fixtures/face_down_without_morph.yaml"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("Llanowar Elves [elves] can't be cast face down: it has no morph or disguise ability") && err.contains("702.168c)") && err.contains("[tests/fixtures/face_down_without_morph.yaml:8:5]"), "{err}");
    let (code, _, err) = judge(&["run", "tests/fixtures/turn_face_up_face_up.yaml"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("Grizzly Bears [bears] is face up: only a face-down permanent can be turned face up") && err.contains("[tests/fixtures/turn_face_up_face_up.yaml:7:5]"), "{err}");
}

/// Rooms and manifested morph cards: unlocking a door that is already unlocked (709.5e) or a
/// permanent without doors (709.5), and turning a manifested card with morph face up without
/// saying which way (701.40c), exit 2 at the action naming the rule.
#[test]
fn room_and_manifest_bad_input_names_the_rule() {
    let (code, _, err) = judge(&["run", "tests/fixtures/unlock_unlocked_door.yaml"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the door Glassworks of Glassworks [room] is already unlocked") && err.contains("709.5e") && err.contains("[tests/fixtures/unlock_unlocked_door.yaml:7:5]"), "{err}");
    let (code, _, err) = judge(&["run", "tests/fixtures/unlock_not_a_room.yaml"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("Grizzly Bears [bears] has no doors") && err.contains("709.5e"), "{err}");
    let (code, _, err) = judge(&["run", "tests/fixtures/manifested_morph_face_up_which_way.yaml"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("it can be turned face up either way (rules 701.40c, 701.40d)") && err.contains("by: mana_cost"), "{err}");
}

/// Bad input for cards with faces exits 2 naming the rule: faces without a layout, a
/// single-faced card set up transformed (712.9), casting a transforming card's back face
/// (712.11), a split card cast without choosing a half (709.3), a fused cast of a card without
/// fuse (702.102a), a card that isn't a flip card set up flipped (710.1), a melded permanent of
/// two cards that aren't one meld pair (701.42b).
#[test]
fn faces_bad_input_names_the_rule() {
    for (file, words, place) in [
        ("faces_without_layout", "a card with `faces:` needs `layout:`", ":3:5]"),
        ("transformed_single_faced", "`transformed: true`, but Grizzly Bears isn't a double-faced card (rules 701.27a, 712.9)", ":4:19]"),
        ("cast_back_face", "`Ulvenwald Behemoth` is the back face of Ulvenwald Oddity, a transforming double-faced card", ":8:5]"),
        ("split_whole_name", "Fire // Ice is a split card: say which half is cast (rule 709.3)", ":8:5]"),
        ("fuse_without_fuse", "Fire // Ice can't be cast fused: it is a split card without fuse", ":8:5]"),
        ("flipped_not_a_flip_card", "`flipped: true`, but Grizzly Bears isn't a flip card (rule 710.1)", ":4:19]"),
        ("melded_not_a_pair", "so they can't be melded (rule 701.42b)", ":4:50]"),
    ] {
        let path = format!("tests/fixtures/{file}.yaml");
        let (code, _, err) = judge(&["run", &path]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(words) && err.contains(&format!("[{path}{place}")), "{err}");
    }
    // Turning over to a face whose static ability is unread stops the run there (113.6).
    let (code, _, err) = judge(&["run", "tests/fixtures/transform_into_unread_face.yaml"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("Sinuous Predator [prowler] has a static ability that judge can't read yet") && err.contains("here it transforms into this face (701.27a)"), "{err}");
    let (_, _, err) = judge(&["run", "tests/fixtures/faces_without_layout.yaml"]);
    assert!(err.contains("709 split cards, 710 flip cards, 712 double-faced cards, 715 adventurers"), "{err}");
}

/// `judge test` runs files on several threads and prints them in path order: the output is
/// the same whatever the number of threads.
#[test]
fn test_output_does_not_depend_on_threads() {
    let (c1, one, _) = judge(&["test", "-j", "1", "scenarios/unread", "scenarios/stack"]);
    let (c3, three, _) = judge(&["test", "-j", "3", "scenarios/unread", "scenarios/stack"]);
    assert_eq!((c1, c3), (0, 0));
    assert_eq!(one, three);
    assert!(one.lines().next().is_some_and(|l| l.starts_with("PASS  scenarios/unread/")), "{one}");
}

/// `judge test --format json`: one document, files that could not run included with their
/// diagnostics; `--format junit`: a test suite per folder, a test case per file.
#[test]
fn test_reports_json_and_junit() {
    let files = ["tests/fixtures/unread_cast.yaml", "scenarios/unread/static_in_hand.yaml"];
    let (code, out, _) = judge(&["test", "--format", "json", files[0], files[1]]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!((v["passed"].as_u64(), v["failed"].as_u64(), v["errors"].as_u64()), (Some(1), Some(0), Some(1)));
    assert_eq!(v["files"][0]["outcome"], "error");
    assert_eq!(v["files"][0]["diagnostics"][0]["line"], 15);
    assert_eq!(v["files"][0]["diagnostics"][0]["label"], "here Bob casts it (601.2)");
    assert_eq!(v["files"][1]["outcome"], "pass");
    assert_eq!(v["files"][1]["name"], "An unread static ability of a permanent card in hand doesn't work there");
    let (code, out, _) = judge(&["test", "--format", "junit", files[0], files[1]]);
    assert_eq!(code, 2);
    assert!(out.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"judge\" tests=\"2\" skipped=\"0\" failures=\"0\" errors=\"1\">"), "{out}");
    assert!(out.contains("<testsuite name=\"tests/fixtures\" tests=\"1\" skipped=\"0\" errors=\"1\" failures=\"0\">"), "{out}");
    assert!(out.contains("classname=\"scenarios/unread/static_in_hand.yaml\"/>"), "{out}");
    // The text summary says how many of the failures are errors.
    let (_, out, _) = judge(&["test", files[0], files[1]]);
    assert!(out.ends_with("\n1 of the failures are files that could not run (exit 2)\n1 passed, 1 failed\n"), "{out}");
    // Folders work for check too.
    let (code, out, _) = judge(&["check", "scenarios/unread"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().filter(|l| l.starts_with("ok: ")).count(), 6, "{out}");
    // Unread card text is named, with its words, even when it doesn't stop anything.
    assert!(out.contains("\n  note: True Believer: static ability not read — judge stops the run if it matters (when the card is on the battlefield): \"You have shroud.\""), "{out}");
}

/// Golden traces: `--bless` writes `NAME.trace` beside the scenario; a later run whose trace
/// differs fails with a diff of the events; blessing again accepts it.
#[test]
fn golden_traces_bless_check_and_diff() {
    let dir = std::env::temp_dir().join(format!("judge-golden-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let yaml = dir.join("static_in_hand.yaml");
    std::fs::copy("scenarios/unread/static_in_hand.yaml", &yaml).unwrap();
    let path = yaml.to_str().unwrap();
    let trace = dir.join("static_in_hand.trace");
    let (code, _, _) = judge(&["test", "--bless", path]);
    assert_eq!(code, 0);
    let blessed = std::fs::read_to_string(&trace).unwrap();
    assert!(blessed.starts_with("# judge golden trace of \"An unread static ability of a permanent card in hand doesn't work there\""), "{blessed}");
    assert!(blessed.contains(" t1 precombat_main: Bob casts Shock [601.2i, 701.5a]\n"), "{blessed}");
    assert_eq!(judge(&["test", path]).0, 0);
    // As if the engine had changed one event's citation.
    std::fs::write(&trace, blessed.replace("Bob casts Shock [601.2i, 701.5a]", "Bob casts Shock [601.2i]")).unwrap();
    let (code, out, _) = judge(&["test", path]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAIL  "), "{out}");
    assert!(out.contains("-") && out.contains("Bob casts Shock [601.2i]\n") && out.contains("+") && out.contains("Bob casts Shock [601.2i, 701.5a]\n"), "{out}");
    assert_eq!(judge(&["test", "--bless", path]).0, 0);
    assert_eq!(std::fs::read_to_string(&trace).unwrap(), blessed);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A reader that closes the pipe early ends `judge` quietly with the broken-pipe status, not a
/// panic; a full disk is exit 2 with a message.
#[test]
fn closed_stdout_is_not_a_panic() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["test", "scenarios"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("judge starts");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("judge ends");
    assert_eq!(out.status.code(), Some(141));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    if let Ok(full) = std::fs::File::create("/dev/full") {
        let out = Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(["run", "scenarios/unread/static_in_hand.yaml"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(full)
            .output()
            .expect("judge runs");
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: cannot write the output: "));
    }
}

/// A `count` that would exhaust memory is refused at the value, before anything is allocated.
#[test]
fn count_too_large() {
    let (code, _, err) = judge(&["check", "tests/fixtures/count_too_large.yaml"]);
    assert_eq!(code, 2);
    assert!(err.contains("× `count` is too large: 4294967295 (at most 10000)\n   ╭─[tests/fixtures/count_too_large.yaml:5:31]"), "{err}");
    assert!(err.contains("× `count` is too large: 4294967296"), "{err}");
}

#[test]
fn why_walks_from_a_state_based_action_back_to_the_cast() {
    let (code, out, err) = judge(&["why", "scenarios/effects/pyroclasm_simultaneous.yaml", "Bears", "destroyed"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let chain: Vec<&str> = out.lines().take_while(|l| !l.starts_with("Rules on the way")).collect();
    assert_eq!(
        chain,
        [
            "Why: event 16 (Grizzly Bears [bears] is destroyed: lethal damage (2 damage marked, toughness 2))",
            "  #16 turn 1 precombat_main: Grizzly Bears [bears] is destroyed: lethal damage (2 damage marked, toughness 2) [704.5g, 701.8a]",
            "← #12 turn 1 precombat_main: Pyroclasm deals 2 damage to Grizzly Bears [bears] [120.3e]",
            "← #11 turn 1 precombat_main: Pyroclasm resolves [608.1, 608.2c]",
            "← #8 turn 1 precombat_main: Alice casts Pyroclasm [601.2i, 701.5a]",
            "← #2 turn 1 precombat_main: Alice announces Pyroclasm [601.2a]",
            "started by the script's action 1: cast",
        ]
    );
    assert!(out.contains("  704.5g  Lethal damage\n"), "the rules on the way have their titles:\n{out}");
}

#[test]
fn why_follows_a_trigger_to_the_event_it_triggered_on() {
    // Soul Warden's life gain: resolution ← put on the stack (603.3b) ← triggered (603.3a)
    // ← the creature entering (608.3a) ← its spell resolving ← cast.
    let (code, out, _) = judge(&["why", "scenarios/copies/unstable_shapeshifter_keeps_giant_growth.yaml", "Alice gains 1 life"]);
    assert_eq!(code, 0);
    let rules: Vec<&str> = out.lines().filter(|l| l.starts_with("← ")).filter_map(|l| l.rsplit_once('[')).map(|(_, r)| r.trim_end_matches(']')).collect();
    assert_eq!(rules, ["608.1, 405.5, 608.2c", "603.3b", "603.6a, 603.3a", "608.3a", "608.1, 608.3", "601.2i, 701.5a", "601.2a"]);
}

#[test]
fn why_of_lifelink_names_the_damage() {
    let (code, out, _) = judge(&["why", "scenarios/keywords/lifelink_one_gain_per_source_one_trigger.yaml", "counter", "Pridemate"]);
    assert_eq!(code, 0, "{out}");
    let kinds: Vec<&str> = out.lines().filter(|l| l.starts_with("← ")).collect();
    assert!(kinds.iter().any(|l| l.contains("has lifelink")) && kinds.iter().any(|l| l.contains("deals 1 combat damage")), "{out}");
    assert!(out.contains("started by the turn structure: combat damage step begins"), "{out}");
}

#[test]
fn why_of_an_unknown_event_is_exit_2() {
    let (code, _, err) = judge(&["why", "scenarios/effects/pyroclasm_simultaneous.yaml", "99"]);
    assert_eq!(code, 2);
    assert!(err.contains("there is no event 99: the trace has events 1 to 17"), "{err}");
    let (code, _, err) = judge(&["why", "scenarios/effects/pyroclasm_simultaneous.yaml", "Shivan Dragon"]);
    assert_eq!(code, 2);
    assert!(err.contains("no event's text contains all of \"Shivan Dragon\""), "{err}");
}

#[test]
fn run_json_events_carry_their_cause() {
    let (code, out, _) = judge(&["run", "scenarios/effects/pyroclasm_simultaneous.yaml", "--format", "json", "--why", "16"]);
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("json");
    let v = &doc["files"][0];
    let events = v["trace"].as_array().expect("events");
    let e16 = events.iter().find(|e| e["seq"] == 16).expect("event 16");
    assert_eq!(e16["cause"], 12);
    assert_eq!(e16["by"], "state-based actions (704.3)");
    let first = events.iter().find(|e| e["seq"] == 2).expect("event 2");
    assert!(first.get("cause").is_none(), "the action's first event has no cause: {first}");
    let chain: Vec<i64> = v["why"]["16"]["chain"].as_array().expect("why").iter().filter_map(|e| e["seq"].as_i64()).collect();
    assert_eq!(chain, [16, 12, 11, 8, 2]);
}

#[test]
fn run_json_has_one_shape_and_keeps_files_that_could_not_run() {
    let (code, out, _) = judge(&["run", "--format", "json", "scenarios/casting/shock_kills_bears.yaml", "tests/fixtures/unknown_key.yaml"]);
    assert_eq!(code, 2);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("json");
    let files = doc["files"].as_array().expect("files");
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["outcome"], "pass");
    assert_eq!(files[1]["outcome"], "error");
    assert_eq!(files[1]["file"], "tests/fixtures/unknown_key.yaml");
    assert_eq!(files[1]["diagnostics"][0]["message"], "unknown key `lif` in a player");
    assert_eq!(files[1]["diagnostics"][0]["line"], 4);
}

#[test]
fn test_partitions_cover_every_file_once_and_filter_selects() {
    let all: Vec<String> = judge(&["test", "scenarios/casting"]).1.lines().filter_map(|l| l.strip_prefix("PASS  ")).map(str::to_owned).collect();
    assert!(all.len() > 5);
    let mut shards: Vec<String> = (1..=3)
        .flat_map(|k| judge(&["test", "scenarios/casting", "--partition", &format!("{k}/3")]).1.lines().filter_map(|l| l.strip_prefix("PASS  ")).map(str::to_owned).collect::<Vec<_>>())
        .collect();
    shards.sort();
    let mut sorted = all.clone();
    sorted.sort();
    assert_eq!(shards, sorted, "the three shards together run every file exactly once");
    let (code, out, _) = judge(&["test", "scenarios", "--filter", "pyroclasm_simultaneous"]);
    assert_eq!(code, 0);
    assert!(out.ends_with("\n1 passed, 0 failed\n"), "{out}");
    let (code, _, err) = judge(&["test", "scenarios", "--partition", "4/3"]);
    assert_eq!(code, 2);
    assert!(err.contains("K/N needs 1 ≤ K ≤ N"), "{err}");
}

#[test]
fn test_fail_fast_stops_and_timeout_is_an_error() {
    let (code, out, _) = judge(&["test", "--fail-fast", "-j", "1", "tests/fixtures/unknown_key.yaml", "scenarios/casting/shock_kills_bears.yaml"]);
    assert_eq!(code, 2);
    assert!(out.contains("stopped at the first failure (--fail-fast): 1 file(s) not run"), "{out}");
    assert!(!out.contains("PASS"), "{out}");
    let (code, out, _) = judge(&["test", "--timeout", "0.000001", "scenarios/casting/shock_kills_bears.yaml"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("did not finish within 0.000001 s (--timeout)"), "{out}");
}

/// A file that runs past `--timeout` is reported when the limit passes, and a new worker runs
/// the files after it: with one job, the short file after the long one still passes.
#[test]
fn timeout_leaves_the_other_files_running() {
    let dir = std::env::temp_dir().join(format!("judge-timeout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let n = 4000;
    let mut long = String::from("name: long\nplayers:\n  - name: Alice\n    hand:\n");
    for i in 0..n {
        long.push_str(&format!("      - {{card: Shock, id: s{i}}}\n"));
    }
    long.push_str(&format!("    battlefield: [{{card: Mountain, count: {n}}}]\n  - name: Bob\n    life: 1000000\nactions:\n"));
    for i in 0..n {
        long.push_str(&format!("  - cast: s{i}\n    targets: [Bob]\n  - resolve\n"));
    }
    std::fs::write(dir.join("a_long.yaml"), long).expect("written");
    std::fs::copy("scenarios/casting/shock_kills_bears.yaml", dir.join("b_short.yaml")).expect("copied");
    let (code, out, _) = judge(&["test", "-j", "1", "--timeout", "0.5", dir.to_str().expect("a UTF-8 path")]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("a_long.yaml did not finish within 0.5 s (--timeout)"), "{out}");
    assert!(out.contains("PASS  ") && out.contains("b_short.yaml"), "{out}");
    assert!(out.ends_with("1 passed, 1 failed\n"), "{out}");
}

#[test]
fn completions_and_man_page() {
    let (code, out, _) = judge(&["completions", "bash"]);
    assert_eq!(code, 0);
    assert!(out.contains("_judge()") && out.contains("--partition"), "bash completion names the commands and flags");
    let (code, out, _) = judge(&["man"]);
    assert_eq!(code, 0);
    assert!(out.contains(".TH judge 1") && out.contains("why"), "a roff page with every command");
}

#[test]
fn limits_too_many_counters() {
    assert_diagnostic(
        &["check", "tests/fixtures/too_many_counters.yaml"],
        2,
        "  × a counter count is too large: 2147483647 (at most 1000000)
   ╭─[tests/fixtures/too_many_counters.yaml:4:66]
 3 │   - name: Alice
 4 │     battlefield: [{card: Grizzly Bears, id: b, counters: {+1/+1: 2147483647}}]
   ·                                                                  ──────────
 5 │   - name: Bob
   ╰────
  help: judge limits this to keep every run small and fast; see docs/scenario-format.md
",
    );
}

#[test]
fn limits_life_too_large() {
    assert_diagnostic(
        &["check", "tests/fixtures/life_too_large.yaml"],
        2,
        "  × `life` is too large: 9223372036854775807 (from -1000000000 to 1000000000)
   ╭─[tests/fixtures/life_too_large.yaml:4:11]
 3 │   - name: Alice
 4 │     life: 9223372036854775807
   ·           ───────────────────
 5 │     battlefield: [Soul Warden]
   ╰────
  help: judge limits this so every life total it computes stays exact; see docs/scenario-format.md
",
    );
}

/// The mutation fuzzer's find: a huge X made the mana payment list one need per unit of mana
/// (a 32 GB allocation) and overflowed the mana value; now the value is refused at load.
#[test]
fn limits_x_too_large() {
    let (code, _, err) = judge(&["check", "tests/fixtures/x_too_large.yaml"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("× `x` is too large: 4294967295 (at most 1000000)\n   ╭─[tests/fixtures/x_too_large.yaml:8:22]"), "{err}");
}

#[cfg(unix)]
#[test]
fn a_fifo_and_a_link_loop_are_errors_not_hangs() {
    let dir = std::env::temp_dir().join(format!("judge-fifo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).expect("temp dir");
    std::fs::copy("scenarios/casting/shock_kills_bears.yaml", dir.join("sub/a.yaml")).expect("copy");
    std::os::unix::fs::symlink("../sub", dir.join("sub/loop")).expect("link");
    std::os::unix::fs::symlink("sub/a.yaml", dir.join("link.yaml")).expect("link");
    let made = Command::new("mkfifo").arg(dir.join("pipe.yaml")).status().is_ok_and(|s| s.success());
    let (code, out, err) = judge(&["test", dir.to_str().expect("utf-8 temp path")]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.contains("PASS") && out.contains("link.yaml"), "a linked file is followed:\n{out}");
    assert!(out.contains("it is a folder reached through a link back"), "{out}");
    assert!(err.contains("File system loop found"), "{err}");
    if made {
        assert!(out.contains("pipe.yaml: not a regular file (a FIFO"), "{out}");
    }
}

#[test]
fn a_missed_event_expectation_shows_the_closest_events() {
    let (code, out, _) = judge(&["test", "tests/fixtures/event_expectation_shows_closest.yaml"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("actual:   no such event after the previous match; the closest: #11 {kind: damage, turn: 1, step: precombat_main, source: Shock, target: bears, amount: 2, rules: [120.3e]}"),
        "{out}"
    );
}

#[test]
fn every_event_kind_is_documented() {
    let doc = std::fs::read_to_string("docs/scenario-format.md").expect("docs");
    let missing: Vec<String> = judge::engine::event::EventKind::names().into_iter().filter(|k| !doc.contains(&format!("| `{k}` |"))).collect();
    assert!(missing.is_empty(), "event kinds missing from the vocabulary table of docs/scenario-format.md: {missing:?}");
}

/// A few hundred short random games, each checked after every event (issue 14): no invariant
/// violation and no panic.
#[test]
fn play_three_hundred_short_games_without_a_violation() {
    let (code, out, err) = judge(&["play", "--games", "300", "--actions", "8", "--seed", "11"]);
    assert_eq!(code, 0, "{out}{err}");
    let last = out.lines().last().unwrap_or_default();
    assert!(last.starts_with("300 games, ") && last.contains(" 0 invariant violations or panics"), "{last}");
}

#[test]
fn play_random_games_hold_every_invariant_and_repeat_for_a_seed() {
    let out_dir = std::env::temp_dir().join(format!("judge-play-{}", std::process::id()));
    let dir = out_dir.to_str().expect("utf-8 temp path");
    let (code, out, err) = judge(&["play", "--games", "12", "--seed", "7", "--out", dir]);
    assert_eq!(code, 0, "{out}{err}");
    let first = out.lines().last().unwrap_or_default().to_owned();
    assert!(first.starts_with("12 games, ") && first.contains(" 0 invariant violations or panics"), "{first}");
    let events: u64 = first.split(" games, ").nth(1).and_then(|r| r.split(' ').next()).and_then(|n| n.parse().ok()).expect("an event count");
    assert!(events > 12 * 50, "the games are played, not stopped at once: {first}");
    let (_, second, _) = judge(&["play", "--games", "12", "--seed", "7", "--out", dir]);
    let second = second.lines().last().unwrap_or_default().to_owned();
    let without_rate = |s: &str| s.rsplit_once("; ").map(|(a, _)| a.to_owned()).unwrap_or_default();
    assert_eq!(without_rate(&first), without_rate(&second), "the same seed plays the same games");
    assert!(!out_dir.exists(), "no failing game was written");
}
