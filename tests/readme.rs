//! The figures of the README's status table that the project itself can count are checked
//! against it, so they never go stale: update the README when this fails.

fn status_row(readme: &str, label: &str) -> String {
    readme
        .lines()
        .find(|l| l.starts_with(&format!("| {label}")))
        .and_then(|l| l.trim_end_matches('|').rsplit('|').next())
        .map(|v| v.trim().replace(',', ""))
        .unwrap_or_else(|| panic!("README status table has no row starting with {label:?}"))
}

#[test]
fn status_table_counts_are_current() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md");
    let scenarios = walkdir::WalkDir::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios")).into_iter().filter_map(Result::ok).filter(|e| e.path().extension().is_some_and(|x| x == "yaml")).count();
    assert_eq!(status_row(&readme, "scenarios in `scenarios/`"), scenarios.to_string(), "README: scenarios in `scenarios/`");
    let cards = judge::cards::library::library().names.len();
    assert_eq!(status_row(&readme, "cards in the library"), cards.to_string(), "README: cards in the library");
    let rules = judge::rules::index().entries.len();
    assert_eq!(status_row(&readme, "rules in the index"), rules.to_string(), "README: rules in the index");
}
