//! The YAML node tree read directly from parser events (src/scenario/yaml/fast.rs) must be the
//! tree serde-saphyr gives, spans included, for every document it accepts; the others go to
//! serde-saphyr. Checked on every YAML file of the repository and on scalars whose type is
//! easy to get wrong.

use judge::diag::Source;
use judge::scenario::yaml::{parse_events, parse_with_serde};

fn same(name: &str, text: &str) -> bool {
    let source = Source::new(name, text.to_owned());
    let Some(fast) = parse_events(&source) else { return false };
    match parse_with_serde(&source) {
        Ok(slow) => assert_eq!(fast, slow, "{name}: the event reader and serde-saphyr disagree"),
        Err(e) => panic!("{name}: read from events, but serde-saphyr refuses it: {}", e.message),
    }
    true
}

#[test]
fn every_yaml_file_of_the_repository_reads_the_same_both_ways() {
    let root = env!("CARGO_MANIFEST_DIR");
    let (mut files, mut fast) = (0, 0);
    for dir in ["scenarios", "cards", "tests/fixtures"] {
        for e in walkdir::WalkDir::new(format!("{root}/{dir}")).sort_by_file_name().into_iter().filter_map(Result::ok) {
            if e.path().extension().is_some_and(|x| x == "yaml") {
                let text = std::fs::read_to_string(e.path()).expect("readable");
                files += 1;
                let ok = same(&e.path().display().to_string(), &text);
                if !ok && std::env::var("SHOW").is_ok() { eprintln!("SLOW {}", e.path().display()); }
                fast += usize::from(ok);
            }
        }
    }
    // The fast path must stay the common one, or loading slows down unnoticed.
    assert!(fast * 100 >= files * 95, "only {fast} of {files} files read from events");
}

#[test]
fn scalars_of_uncertain_type_go_to_serde_saphyr_or_read_the_same() {
    let values = [
        "yes", "No", "ON", "off", "y", "n", "True", "FALSE", "true", "~", "null", "Null", "NULL", "", "0", "-0", "7", "-7", "007",
        "+7", "1.5", "-0.25", "1.50", "603.10", ".5", "1.", "1e5", "1E5", "0x1F", "0X1F", "0o17", "0b101", "1_000", "1:30",
        ".inf", "-.inf", "+.INF", ".nan", ".NaN", "-.nan", "inf", "nan", "NaN", "Infinity", "-inf", "123456789012345678",
        "1234567890123456789", "12345678901234567890", "-9223372036854775808", "2/2", "+1/+1", "-1/-1", "X", "x", "e5", "E",
        "Grizzly Bears", "Lightning Bolt", "303.4e", "702.19E", "1e", "-1.5e", "1.5e+", "Infiltrator", "infect", "Infinite", "Nantuko", "nanite",
        "infinityx", "inf.", "e1", "E12", "-e3", "'quoted'", "\"yes\"", "'1.5'", "{R}", "[1, 2]", "{a: 1}", "<<", "a#b", "1 2",
    ];
    for v in values {
        same(&format!("scalar {v}"), &format!("value: {v}\nlist: [{v}]\n"));
        same(&format!("key {v}"), &format!("{v}: 1\n"));
    }
    for doc in [
        "a: 1\na: 2\n",
        "a: &x 1\nb: *x\n",
        "base: &b {x: 1}\nmore:\n  <<: *b\n  y: 2\n",
        "a: !!str 1\n",
        "%YAML 1.2\n---\na: 1\n",
        "---\na: 1\n---\nb: 2\n",
        "---\na: 1\n...\n",
        "# only a comment\n",
        "",
        "[a, b, {c: d}]\n",
        "a:\n  - b\n  -\n  - c: |\n      text\n      more\n    d: >\n      folded\n",
        "a: 'it''s'\nb: \"tab\\there\"\n",
        "? complex\n: key\n",
        "{x: 1, x: 2}\n",
    ] {
        same(doc, doc);
    }
}
