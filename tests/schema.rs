//! The JSON Schema of scenario files (`judge schema`, `schema/scenario.schema.json`) checked with
//! a real JSON Schema validator: every scenario of `scenarios/` is valid, and every broken file
//! of `tests/fixtures/broken/` is invalid for the schema and refused by `judge check` alike.

use std::path::Path;

fn validator() -> jsonschema::Validator {
    jsonschema::validator_for(&judge::scenario::schema::schema()).expect("the schema is a valid draft-07 schema")
}

/// A YAML file read the way an editor's YAML language server reads it.
fn as_json(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).expect("readable");
    serde_saphyr::from_str(&text).unwrap_or_else(|e| panic!("{}: not YAML: {e}", path.display()))
}

fn yaml_files(dir: &str) -> Vec<std::path::PathBuf> {
    walkdir::WalkDir::new(Path::new(env!("CARGO_MANIFEST_DIR")).join(dir))
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.path().to_path_buf())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect()
}

#[test]
fn every_scenario_is_valid_for_the_schema() {
    let v = validator();
    let mut bad = Vec::new();
    let files = yaml_files("scenarios");
    assert!(files.len() > 100);
    for f in &files {
        let doc = as_json(f);
        let errors: Vec<String> = v.iter_errors(&doc).map(|e| format!("{} at {}", e, e.instance_path())).collect();
        if !errors.is_empty() {
            bad.push(format!("{}: {}", f.display(), errors.join("; ")));
        }
    }
    assert!(bad.is_empty(), "scenarios the schema rejects:\n{}", bad.join("\n"));
}

#[test]
fn broken_files_are_refused_by_the_schema_and_by_judge_check() {
    let v = validator();
    let files = yaml_files("tests/fixtures/broken");
    assert!(files.len() >= 8);
    for f in &files {
        let doc = as_json(f);
        assert!(!v.is_valid(&doc), "the schema accepts {}", f.display());
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_judge")).arg("check").arg(f).output().expect("judge runs");
        assert_eq!(out.status.code(), Some(2), "judge check accepts {}", f.display());
    }
}

/// Every scenario names the schema for editors with a YAML language server (the modeline is a
/// comment, so judge itself ignores it).
#[test]
fn every_scenario_starts_with_the_schema_modeline() {
    let missing: Vec<String> = yaml_files("scenarios")
        .into_iter()
        .filter(|f| !std::fs::read_to_string(f).unwrap_or_default().starts_with("# yaml-language-server: $schema=../../schema/scenario.schema.json\n"))
        .map(|f| f.display().to_string())
        .collect();
    assert!(missing.is_empty(), "scenarios without the modeline `# yaml-language-server: $schema=../../schema/scenario.schema.json` on their first line:\n{}", missing.join("\n"));
}
