//! Where the user's copy of the rules comes from, and the parsed copy `judge rules import`
//! keeps.
//!
//! Precedence: a `--rules FILE` argument, then the `JUDGE_RULES` environment variable, then
//! the copy imported into the data directory. Either of the first two may name the official
//! `.txt` file or a parsed `.json` copy. The data directory is `JUDGE_DATA_DIR` when set
//! (tests use a temporary one), otherwise the platform's standard place (for example
//! `~/.local/share/judge` on Linux, `~/Library/Application Support/judge` on macOS,
//! `%APPDATA%\judge` on Windows).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::text::{CrText, parse_bytes};

/// Environment variable naming a rules file to use instead of the imported copy.
pub const RULES_ENV: &str = "JUDGE_RULES";
/// Environment variable naming the data directory.
pub const DATA_DIR_ENV: &str = "JUDGE_DATA_DIR";
/// File name of the imported copy inside the data directory.
pub const STORED_NAME: &str = "comprehensive-rules.json";
/// Version of the stored format; a copy of another version must be imported again.
const FORMAT: u32 = 1;

#[derive(Serialize, Deserialize)]
struct Stored {
    format: u32,
    /// The file the copy was imported from, as the user named it.
    source: String,
    rules: CrText,
}

/// A loaded copy of the rules and where it came from.
#[derive(Debug)]
pub struct Loaded {
    pub doc: CrText,
    /// The file read, as shown to the user.
    pub origin: String,
}

/// The data directory: `JUDGE_DATA_DIR`, or the platform's data directory plus `judge`.
#[must_use]
pub fn data_dir() -> Option<PathBuf> {
    match std::env::var_os(DATA_DIR_ENV) {
        Some(d) if !d.is_empty() => Some(PathBuf::from(d)),
        _ => dirs::data_dir().map(|d| d.join("judge")),
    }
}

/// The path of the imported copy.
#[must_use]
pub fn stored_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join(STORED_NAME))
}

/// Reads a rules file: the official `.txt` in any supported encoding, or a parsed `.json`
/// copy written by [`import`].
///
/// # Errors
/// A message naming the file when it cannot be read or a JSON copy does not parse.
pub fn read(path: &Path) -> Result<CrText, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let json = path.extension().is_some_and(|x| x.eq_ignore_ascii_case("json"))
        || bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
    if !json {
        return Ok(parse_bytes(&bytes));
    }
    let stored: Stored = serde_json::from_slice(&bytes).map_err(|e| {
        format!("{}:{}:{}: not a rules copy written by `judge rules import`: {e}", path.display(), e.line(), e.column())
    })?;
    if stored.format != FORMAT {
        return Err(format!(
            "{}: written in format {} of `judge rules import`; this version reads format {FORMAT}. Import the .txt file again",
            path.display(),
            stored.format
        ));
    }
    let mut doc = stored.rules;
    doc.reindex();
    Ok(doc)
}

/// The rules copy to use: `explicit` (a `--rules` argument), else `JUDGE_RULES`, else the
/// imported copy. `Ok(None)` when there is none.
///
/// # Errors
/// When a named file cannot be read.
pub fn current(explicit: Option<&Path>) -> Result<Option<Loaded>, String> {
    let env = std::env::var_os(RULES_ENV).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(p) = explicit.map(Path::to_path_buf).or(env) {
        return read(&p).map(|doc| Some(Loaded { doc, origin: p.display().to_string() }));
    }
    let Some(stored) = stored_path() else { return Ok(None) };
    if !stored.exists() {
        return Ok(None);
    }
    read(&stored).map(|doc| Some(Loaded { doc, origin: stored.display().to_string() }))
}

/// Parses `file` and writes the parsed copy into the data directory. Returns the parsed
/// rules and the path written.
///
/// # Errors
/// When the file cannot be read, has no rules, or the copy cannot be written.
pub fn import(file: &Path) -> Result<(CrText, PathBuf), String> {
    let doc = read(file)?;
    if doc.rules.is_empty() {
        return Err(format!("{}: no rules found; is this a Comprehensive Rules text file?", file.display()));
    }
    let stored = Stored { format: FORMAT, source: file.display().to_string(), rules: doc };
    let json = serde_json::to_vec(&stored).map_err(|e| format!("cannot encode the rules: {e}"))?;
    let path = write_data_file(STORED_NAME, &json)?;
    Ok((stored.rules, path))
}

/// Writes `bytes` as the file `name` of the data directory, creating the directory: beside the
/// target first, then renamed over it, so a failed write never leaves half a file.
///
/// # Errors
/// No data directory, or the file can't be written.
pub fn write_data_file(name: &str, bytes: &[u8]) -> Result<PathBuf, String> {
    let dir = data_dir().ok_or("no data directory on this platform; set JUDGE_DATA_DIR")?;
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = dir.join(name);
    let tmp = dir.join(format!("{name}.tmp"));
    std::fs::write(&tmp, bytes).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, &path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}
