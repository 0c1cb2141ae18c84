//! Embeds every card file of `cards/` into the binary, so `judge` works from any directory.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo::rerun-if-changed=cards");
    let mut files: Vec<String> = std::fs::read_dir("cards")
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".yaml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let mut out = String::from(
        "/// The card library: (file name, the card's name as its `name:` line gives it, file text), sorted by file name.\npub static CARD_FILES: &[(&str, &str, &str)] = &[\n",
    );
    for f in &files {
        let full = Path::new(&root).join("cards").join(f);
        // The name is read here so that a scenario compiles only the cards it names; a test
        // checks it against the name the card definition gives.
        let text = std::fs::read_to_string(&full).unwrap_or_default();
        let name = text.lines().find_map(|l| l.strip_prefix("name:")).map(|n| n.trim().trim_matches('"').trim_matches('\'').to_owned()).unwrap_or_default();
        let _ = writeln!(out, "    ({f:?}, {name:?}, include_str!({:?})),", full.display().to_string());
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("card_library.rs");
    if let Err(e) = std::fs::write(&dest, out) {
        println!("cargo::error=cannot write {}: {e}", dest.display());
    }
}
