//! `judge run --format html`: pages rendered for real scenarios, opened in headless Chromium
//! (Debian's `chromium`; `.ci/run` installs it, and these tests skip with a message where it is
//! absent), the board read back from the DOM after selected events and compared with the run's
//! JSON state.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn judge(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_judge")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().expect("the judge binary runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("judge-html-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"].into_iter().find(|b| Command::new(b).arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok_and(|s| s.success()))
}

/// Runs headless Chromium with `args` and the page, killing it after a minute.
fn browse(browser: &str, args: &[&str], page: &Path, fragment: &str) -> String {
    let url = format!("file://{}#{fragment}", page.display());
    let mut child = Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--virtual-time-budget=2000"])
        .args(args)
        .arg(&url)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let start = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("chromium took more than a minute on {url}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut out = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut out).unwrap();
    out
}

/// The HTML of one player's section of the board in a dumped DOM.
fn player_section<'a>(dom: &'a str, player: &str) -> &'a str {
    let start = dom.find(&format!("data-player=\"{player}\"")).unwrap_or_else(|| panic!("no board section for {player} in:\n{dom}"));
    let rest = &dom[start..];
    &rest[..rest.find("</section>").unwrap_or(rest.len())]
}

#[test]
fn board_after_selected_events_matches_the_run() {
    let Some(browser) = chromium() else {
        eprintln!("SKIPPED: no chromium on this machine (Debian's `chromium` package); .ci/run installs it");
        return;
    };
    let dir = temp_dir("board");
    let page = dir.join("bolt.html");
    let (code, html, err) = judge(&["run", "tests/fixtures/html/bolt.yaml", "--format", "html"]);
    assert_eq!(code, 0, "{err}");
    std::fs::write(&page, &html).unwrap();
    // The same run as JSON: the final state the page's last board must show.
    let (_, json, _) = judge(&["run", "tests/fixtures/html/bolt.yaml", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let state = &doc["files"][0]["state"];
    let events = doc["files"][0]["trace"].as_array().unwrap().len();
    let bob_life = state["players"][1]["life"].as_i64().unwrap();
    assert_eq!(bob_life, 17);

    // Opened with no fragment: the board after the last event.
    let dom = browse(browser, &["--dump-dom"], &page, "");
    assert!(dom.contains(&format!("Board after event {events}")), "{dom}");
    let bob = player_section(&dom, "Bob");
    assert!(bob.contains(&format!("<span class=\"life\">life {bob_life}</span>")), "{bob}");
    let alice = player_section(&dom, "Alice");
    assert!(alice.contains("class=\"card tapped\"") && alice.contains("aria-label=\"Mountain, tapped\""), "{alice}");
    // The Aura sits with the creature it enchants.
    let group = &bob[bob.find("class=\"group\"").unwrap()..];
    assert!(group.find("Grizzly Bears").unwrap() < group.find("class=\"card attached\"").unwrap() && group.contains("Unholy Strength"), "{bob}");
    for p in state["players"][1]["battlefield"].as_array().unwrap() {
        assert!(bob.contains(p["name"].as_str().unwrap()), "{bob}");
    }

    // Before the first event: the setup, Bob at 20 and the Mountain untapped.
    let dom = browse(browser, &["--dump-dom"], &page, "event-0");
    assert!(dom.contains("Board at the start"), "{dom}");
    assert!(player_section(&dom, "Bob").contains("<span class=\"life\">life 20</span>"));
    assert!(player_section(&dom, "Alice").contains("aria-label=\"Mountain\""));

    // After the damage event: Bob at 17, and the events it follows from are marked.
    let trace = doc["files"][0]["trace"].as_array().unwrap();
    let damage = trace.iter().find(|e| e["kind"] == "damage").unwrap();
    let n = damage["seq"].as_u64().unwrap();
    let dom = browse(browser, &["--dump-dom"], &page, &format!("event-{n}"));
    assert!(dom.contains(&format!("Board after event {n}")));
    assert!(player_section(&dom, "Bob").contains("<span class=\"life\">life 17</span>"));
    let cause = damage["cause"].as_u64().unwrap();
    assert!(dom.contains(&format!("<li data-seq=\"{cause}\" class=\"cause\">")), "{dom}");
    assert!(dom.contains(&format!("<li data-seq=\"{n}\" class=\"selected\">")), "{dom}");

    // A screenshot is a real picture of the page.
    let shot = dir.join("bolt.png");
    browse(browser, &[&format!("--screenshot={}", shot.display()), "--window-size=1200,900"], &page, "event-0");
    let png = std::fs::read(&shot).expect("a screenshot was written");
    assert!(png.starts_with(b"\x89PNG") && png.len() > 10_000, "{} bytes", png.len());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn several_files_go_to_a_folder_with_an_index_and_broken_files_get_their_diagnostic() {
    let dir = temp_dir("folder");
    let out = dir.to_str().unwrap();
    let (code, _, err) = judge(&["run", "--format", "html", "-o", out, "tests/fixtures/html/bolt.yaml", "tests/fixtures/unknown_card.yaml"]);
    assert_eq!(code, 2, "{err}");
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(index.contains("<a href=\"001-bolt.html\">Lightning Bolt to the face, with an Aura on the board</a> <span class=\"ok\">pass</span>"), "{index}");
    assert!(index.contains("<a href=\"002-unknown_card.html\">") && index.contains("<span class=\"bad\">error</span>"), "{index}");
    let broken = std::fs::read_to_string(dir.join("002-unknown_card.html")).unwrap();
    assert!(broken.contains("could not be run (exit 2)") && broken.contains("unknown card `Lightning Blot`"), "{broken}");
    // Options of the text report are refused, not ignored.
    let (code, _, err) = judge(&["run", "--format", "html", "--why", "1", "tests/fixtures/html/bolt.yaml"]);
    assert_eq!(code, 2);
    assert!(err.contains("`--explain` and `--why` go with"), "{err}");
    // Several files need the folder.
    let (code, _, err) = judge(&["run", "--format", "html", "tests/fixtures/html/bolt.yaml", "tests/fixtures/unknown_card.yaml"]);
    assert_eq!(code, 2);
    assert!(err.contains("give a folder with `-o DIR`"), "{err}");
    // The page is self-contained: no address outside it.
    let page = std::fs::read_to_string(dir.join("001-bolt.html")).unwrap();
    for outside in ["http://", "https://", "src=", "@import", "url("] {
        assert!(!page.contains(outside), "the page refers to {outside}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
