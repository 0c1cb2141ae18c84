//! The imported card database: every card of an MTGJSON or Scryfall file, by name, for
//! scenarios to name (`judge cards import`).
//!
//! A scenario's card names resolve in this order: its inline `cards:`, the embedded library,
//! then this database. The database is a file in the data directory (the one `judge rules
//! import` uses; `JUDGE_DATA_DIR` overrides), or a file named by `--cards FILE` or
//! `JUDGE_CARDS` for one run (a prepared database, or a card list read whole).
//!
//! Opening it reads only its index: a header line, then one line per name sorted by key
//! (`lowercase name \t name \t offset \t length`), then the cards, each a card definition in
//! YAML as a card file writes it. A name is found by binary search, its definition read from
//! its offset and compiled on first use, so a run naming three cards reads three of 35,000.

use std::collections::HashMap;
use std::io::{BufRead as _, Read as _, Seek as _, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use serde::{Deserialize, Serialize};

use crate::cards::import::{self, Record};
use crate::cards::library::{Entry, compile_source};
use crate::diag::Source;

/// Environment variable naming a card file to use instead of the imported database.
pub const CARDS_ENV: &str = "JUDGE_CARDS";
/// File name of the imported database inside the data directory.
pub const STORED_NAME: &str = "cards.db";
/// The first line of a database file; another version must be imported again.
const MAGIC: &str = "judge-cards 1\n";

#[derive(Serialize, Deserialize)]
struct Header {
    /// The file the cards were imported from, as the user named it.
    source: String,
    cards: usize,
    /// Length of the index that follows the header line.
    index_bytes: usize,
}

/// Where the card definitions are.
enum Data {
    File { path: PathBuf, start: u64 },
    Memory(Vec<u8>),
}

/// An opened card database.
pub struct Db {
    /// The file it was read from, as shown to the user.
    pub origin: String,
    /// How many cards it holds.
    pub cards: usize,
    index: Vec<u8>,
    data: Data,
    /// Compiled cards by their offset.
    compiled: Mutex<HashMap<usize, Arc<Entry>>>,
}

impl std::fmt::Debug for Db {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Db").field("origin", &self.origin).field("cards", &self.cards).finish_non_exhaustive()
    }
}

/// Writes the database of `records`: the header, the index and the definitions.
///
/// # Errors
/// A card's definition can't be written as YAML.
pub fn build(records: &[Record], source: &str) -> Result<Vec<u8>, String> {
    let mut data = Vec::new();
    // (key, is a face name, name, offset, length)
    let mut keys: Vec<(String, bool, &str, usize, usize)> = Vec::new();
    for r in records {
        let start = data.len();
        // A YAML card definition, as a card file writes it, so that a diagnostic about the
        // card shows readable lines.
        let yaml = serde_saphyr::to_string(&r.definition()).map_err(|e| format!("cannot write the card `{}`: {e}", r.name))?;
        data.extend_from_slice(yaml.as_bytes());
        for (i, name) in r.names().enumerate() {
            keys.push((name.to_lowercase(), i > 0, &r.name, start, data.len() - start));
        }
    }
    // A card's own name wins over another card's face of the same name; among cards of the
    // same name, the first in the file.
    keys.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)).then(a.3.cmp(&b.3)));
    keys.dedup_by(|a, b| a.0 == b.0);
    let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
    let mut index = String::new();
    for (key, _, name, start, len) in &keys {
        index.push_str(&format!("{}\t{}\t{start}\t{len}\n", clean(key), clean(name)));
    }
    let header = Header { source: source.to_owned(), cards: records.len(), index_bytes: index.len() };
    let mut out = MAGIC.as_bytes().to_vec();
    out.extend_from_slice(serde_json::to_string(&header).unwrap_or_default().as_bytes());
    out.push(b'\n');
    out.extend_from_slice(index.as_bytes());
    out.extend_from_slice(&data);
    Ok(out)
}

/// The line of `index` whose key is `key`, by binary search over the sorted lines.
fn find<'a>(index: &'a [u8], key: &[u8]) -> Option<&'a [u8]> {
    let (mut lo, mut hi) = (0, index.len());
    // `lo` is always the start of a line, `hi` the start of a line or the end.
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let start = index[..mid].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1).max(lo);
        let end = index[start..].iter().position(|&b| b == b'\n').map_or(index.len(), |p| start + p);
        let line = &index[start..end];
        let k = line.split(|&b| b == b'\t').next().unwrap_or_default();
        match k.cmp(key) {
            std::cmp::Ordering::Equal => return Some(line),
            std::cmp::Ordering::Less => lo = end + 1,
            std::cmp::Ordering::Greater => hi = start,
        }
    }
    None
}

/// The fields of an index line: name, offset, length.
fn fields(line: &[u8]) -> Option<(&str, usize, usize)> {
    let line = std::str::from_utf8(line).ok()?;
    let mut f = line.split('\t').skip(1);
    let name = f.next()?;
    let start = f.next()?.parse().ok()?;
    let len = f.next()?.parse().ok()?;
    Some((name, start, len))
}

impl Db {
    /// Opens a database file, or reads a card list (AtomicCards, Scryfall, a flat list; plain
    /// or gzip) whole into one.
    ///
    /// # Errors
    /// A message naming the file when it can't be read or isn't either.
    pub fn open(path: &Path) -> Result<Db, String> {
        let shown = path.display().to_string();
        let mut file = std::io::BufReader::new(std::fs::File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?);
        let mut first = Vec::new();
        file.read_until(b'\n', &mut first).map_err(|e| format!("cannot read {shown}: {e}"))?;
        if first != MAGIC.as_bytes() {
            if first.starts_with(b"judge-cards ") {
                return Err(format!("{shown}: written by another version of `judge cards import`; import the card file again"));
            }
            let mut bytes = first;
            file.read_to_end(&mut bytes).map_err(|e| format!("cannot read {shown}: {e}"))?;
            let cards = import::read(&import::decode(bytes).map_err(|e| format!("{shown}: {e}"))?, faces_beside(path).as_deref()).map_err(|e| format!("{shown}: {e}"))?;
            return Db::from_bytes(build(&cards.records, &shown)?, shown);
        }
        let mut header_line = String::new();
        file.read_line(&mut header_line).map_err(|e| format!("cannot read {shown}: {e}"))?;
        let header: Header = serde_json::from_str(&header_line).map_err(|e| format!("{shown}: damaged card database header ({e}); import the card file again"))?;
        let mut index = vec![0; header.index_bytes];
        file.read_exact(&mut index).map_err(|e| format!("{shown}: damaged card database, the index is cut short ({e}); import the card file again"))?;
        let start = (MAGIC.len() + header_line.len() + header.index_bytes) as u64;
        Ok(Db { origin: shown, cards: header.cards, index, data: Data::File { path: path.to_path_buf(), start }, compiled: Mutex::default() })
    }

    /// A database held in memory (`bytes` as [`build`] writes them).
    ///
    /// # Errors
    /// The bytes are not a database.
    pub fn from_bytes(bytes: Vec<u8>, origin: String) -> Result<Db, String> {
        let damaged = || format!("{origin}: not a card database");
        let rest = bytes.strip_prefix(MAGIC.as_bytes()).ok_or_else(damaged)?;
        let nl = rest.iter().position(|&b| b == b'\n').ok_or_else(damaged)?;
        let header: Header = serde_json::from_slice(&rest[..nl]).map_err(|_| damaged())?;
        let index_start = MAGIC.len() + nl + 1;
        let data_start = index_start + header.index_bytes;
        let index = bytes.get(index_start..data_start).ok_or_else(damaged)?.to_vec();
        let data = bytes.get(data_start..).ok_or_else(damaged)?.to_vec();
        Ok(Db { origin, cards: header.cards, index, data: Data::Memory(data), compiled: Mutex::default() })
    }

    /// The card named `name` (its Oracle name or a face's, in any case), compiled on first
    /// use.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<Arc<Entry>> {
        let (full, start, len) = fields(find(&self.index, name.to_lowercase().as_bytes())?)?;
        if let Some(e) = self.compiled.lock().ok()?.get(&start) {
            return Some(e.clone());
        }
        let shown = format!("{} ({full})", self.origin);
        let entry = Arc::new(match self.definition(start, len) {
            Ok(text) => compile_source(Source::new(shown, text)),
            Err(e) => Entry::Broken { source: Source::new(shown, String::new()), diags: vec![crate::diag::Diagnostic::global(e)] },
        });
        self.compiled.lock().ok()?.insert(start, entry.clone());
        Some(entry)
    }

    /// The text of the definition at `start`.
    fn definition(&self, start: usize, len: usize) -> Result<String, String> {
        let bytes = match &self.data {
            Data::Memory(d) => d.get(start..start + len).ok_or("the card's record is past the end of the database")?.to_vec(),
            Data::File { path, start: base } => {
                let mut f = std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                f.seek(SeekFrom::Start(base + start as u64)).map_err(|e| e.to_string())?;
                let mut buf = vec![0; len];
                f.read_exact(&mut buf).map_err(|e| format!("damaged card database {} ({e}); import the card file again", path.display()))?;
                buf
            }
        };
        String::from_utf8(bytes).map_err(|_| "damaged card database: a record is not UTF-8; import the card file again".to_owned())
    }

    /// Every card name (and face name), in key order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.index.split(|&b| b == b'\n').filter_map(|l| fields(l).map(|(n, _, _)| n))
    }
}

/// Every face of the multi-face cards of a flat list, when a faces file sits beside it
/// (`oracle_faces.json`): such a card is then read face by face.
#[must_use]
pub fn faces_beside(file: &Path) -> Option<String> {
    file.parent().map(|d| d.join("oracle_faces.json")).and_then(|f| std::fs::read_to_string(f).ok())
}

/// A card file named for this run (`--cards FILE`), set once by the command line.
static EXPLICIT: OnceLock<PathBuf> = OnceLock::new();

/// Uses `path` instead of the imported database for this run.
pub fn use_file(path: PathBuf) {
    let _ = EXPLICIT.set(path);
}

/// The path of the imported database.
#[must_use]
pub fn stored_path() -> Option<PathBuf> {
    crate::rules::store::data_dir().map(|d| d.join(STORED_NAME))
}

/// The card database of this run: `--cards FILE`, else `JUDGE_CARDS`, else the imported one;
/// opened on first use. `Ok(None)` when there is none.
///
/// # Errors
/// The named or imported file can't be read.
pub fn current() -> Result<Option<&'static Db>, &'static str> {
    static DB: OnceLock<Result<Option<Db>, String>> = OnceLock::new();
    let opened = DB.get_or_init(|| {
        let env = std::env::var_os(CARDS_ENV).filter(|v| !v.is_empty()).map(PathBuf::from);
        if let Some(p) = EXPLICIT.get().cloned().or(env) {
            return Db::open(&p).map(Some);
        }
        match stored_path() {
            Some(p) if p.exists() => Db::open(&p).map(Some),
            _ => Ok(None),
        }
    });
    match opened {
        Ok(db) => Ok(db.as_ref()),
        Err(e) => Err(e.as_str()),
    }
}

/// Imports a card file into the data directory. Returns the cards read and the path written.
///
/// # Errors
/// The file can't be read or parsed, or the database can't be written.
pub fn import(file: &Path, faces: Option<&str>) -> Result<(import::Cards, PathBuf), String> {
    let shown = file.display().to_string();
    let bytes = std::fs::read(file).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let text = import::decode(bytes).map_err(|e| format!("{shown}: {e}"))?;
    let cards = import::read(&text, faces).map_err(|e| format!("{shown}: {e}"))?;
    if cards.records.is_empty() {
        return Err(format!("{shown}: no cards found"));
    }
    let path = crate::rules::store::write_data_file(STORED_NAME, &build(&cards.records, &shown)?)?;
    Ok((cards, path))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Db {
        let list = r#"[
            {"name": "Shock", "manaCost": "{R}", "type": "Instant", "types": ["Instant"], "text": "Shock deals 2 damage to any target."},
            {"name": "Grizzly Bears", "manaCost": "{1}{G}", "type": "Creature — Bear", "types": ["Creature"], "power": "2", "toughness": "2"},
            {"name": "Odd Thing", "manaCost": "{1}{G}", "type": "Creature — Lhurgoyf", "types": ["Creature"], "power": "1+*", "toughness": "2"}
        ]"#;
        let cards = import::read(list, None).unwrap();
        Db::from_bytes(build(&cards.records, "test.json").unwrap(), "test.json".into()).unwrap()
    }

    #[test]
    fn names_are_found_in_any_case() {
        let db = sample();
        assert_eq!(db.cards, 3);
        for name in ["Shock", "shock", "GRIZZLY BEARS"] {
            assert!(matches!(db.get(name).as_deref(), Some(Entry::Card(_))), "{name}");
        }
        assert!(db.get("Shocks").is_none());
        assert!(db.get("").is_none());
        let e = db.get("grizzly bears").unwrap();
        let Entry::Card(bears) = &*e else { panic!("Grizzly Bears didn't compile") };
        assert_eq!((&*bears.name, bears.power, bears.toughness), ("Grizzly Bears", Some(2), Some(2)));
        assert_eq!(db.names().collect::<Vec<_>>(), ["Grizzly Bears", "Odd Thing", "Shock"]);
    }

    /// What the card reader can't represent is refused when the card is asked for.
    #[test]
    fn unrepresentable_cards_are_refused_on_use() {
        let e = sample().get("Odd Thing").unwrap();
        let Entry::Broken { diags, .. } = &*e else { panic!("a power of 1+* was accepted") };
        assert!(diags[0].message.contains("power"), "{}", diags[0].message);
    }

    #[test]
    fn files_round_trip() {
        let dir = std::env::temp_dir().join(format!("judge-db-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("cards.db");
        let cards = import::read(r#"[{"name": "Shock", "manaCost": "{R}", "type": "Instant", "types": ["Instant"], "text": "Shock deals 2 damage to any target."}]"#, None).unwrap();
        std::fs::write(&path, build(&cards.records, "x").unwrap()).unwrap();
        let db = Db::open(&path).unwrap();
        assert!(matches!(db.get("SHOCK").as_deref(), Some(Entry::Card(_))));
        std::fs::write(&path, "judge-cards 0\n").unwrap();
        assert!(Db::open(&path).unwrap_err().contains("another version"));
        std::fs::write(&path, "judge-cards 1\n{\"source\":\"x\",\"cards\":1,\"index_bytes\":99}\nshock").unwrap();
        assert!(Db::open(&path).unwrap_err().contains("cut short"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
