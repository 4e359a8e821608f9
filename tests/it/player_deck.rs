//! The web page player in a real reveal.js deck (headless Chromium driven by puppeteer-core from
//! `player_deck.js`): the page in an `<iframe data-src="player.html#autoplay">` on the second
//! slide, with the `fade` and `slide` transitions. It stays still while its slide is hidden, plays
//! when shown, steps with the clicker's PageDown after a click, hands the clicker to the deck at
//! either end and with Escape, and shows no edge of its own where reveal scales its frame.
//!
//! Needs Node.js and npm's `reveal.js` and `puppeteer-core` in `target/npm/node_modules` (`.ci/run`
//! installs them; `CHESSVIZ_NODE_MODULES` names another folder) and Chromium; skipped with a line
//! saying why where one is missing.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{decode_png, tempdir};
use crate::player::page;
use crate::player_browser::{chromium, BROWSER};

/// The npm folder with reveal.js and puppeteer-core, or `None` after saying the test is skipped.
fn node_modules() -> Option<PathBuf> {
    let node = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let dir = std::env::var_os("CHESSVIZ_NODE_MODULES")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target/npm/node_modules"));
    let found = dir.join("reveal.js/dist/reveal.js").is_file()
        && dir.join("puppeteer-core/package.json").is_file();
    if node && found {
        return Some(dir);
    }
    crate::common::skipped(&format!(
        "skipped: {} (npm install --prefix target/npm reveal.js puppeteer-core; .ci/run installs \
         them), so the player was not checked in a reveal.js deck",
        if node {
            format!("no reveal.js and puppeteer-core in {}", dir.display())
        } else {
            "no Node.js".to_string()
        }
    ));
    None
}

/// The browser's program as a path puppeteer can start: found along `PATH` when it is a name.
fn program(browser: &Path) -> PathBuf {
    if browser.components().count() > 1 {
        return browser.to_path_buf();
    }
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join(browser))
        .find(|p| p.is_file())
        .unwrap_or_else(|| browser.to_path_buf())
}

/// Runs the deck with `transition`, the frame loaded with the deck (`preload`) or with its slide
/// (`lazy`); what the script saw, line by line (`name value...`).
fn run_deck(
    modules: &Path,
    browser: &Path,
    site: &Path,
    transition: &str,
    loading: &str,
) -> HashMap<String, Vec<String>> {
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let profile = tempdir();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/player_deck.js");
    let out = Command::new("node")
        .arg(script)
        .arg(modules)
        .arg(site)
        .args([transition, loading])
        .arg(program(browser))
        .arg(profile.path())
        .output()
        .expect("run node");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "the {transition} deck ({loading}): {}\nseen so far:\n{stdout}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
        .lines()
        .filter_map(|l| {
            let mut words = l.split(' ').map(str::to_string);
            Some((words.next()?, words.collect()))
        })
        .collect()
}

fn int(seen: &HashMap<String, Vec<String>>, key: &str, at: usize) -> i64 {
    seen[key][at].parse().expect("a number")
}

#[test]
#[cfg_attr(no_chromium, ignore = "Chromium not found (apt-get install chromium)")]
fn the_player_follows_its_slide_and_the_clicker_in_a_reveal_deck() {
    let Some(browser) = chromium() else { return };
    let Some(modules) = node_modules() else {
        return;
    };
    let dir = tempdir();
    // 14 pictures of 700 ms: a hidden player would have moved within the 2 s the deck waits.
    page(
        dir.path(),
        "player.html",
        &[
            "queens",
            "-n",
            "4",
            "--until-solution",
            "1",
            "--delay",
            "700",
        ],
    );
    for (transition, loading) in [("fade", "preload"), ("slide", "preload"), ("fade", "lazy")] {
        let case = format!("{transition} ({loading})");
        let seen = run_deck(&modules, &browser, dir.path(), transition, loading);
        let line = |key: &str| seen[key].join(" ");
        // The title slide: a frame loaded with the deck stays at its first picture.
        let title = line("title");
        match loading {
            "preload" => assert_eq!(title, "0 13 paused slide 0", "{case}: on the title slide"),
            _ => assert!(title.ends_with("paused slide 0"), "{case}: {title}"),
        }
        // Its slide shown: it plays.
        assert!(
            line("shown").ends_with("playing slide 1") && int(&seen, "shown", 0) > 1,
            "{case}: shown: {}",
            line("shown")
        );
        // A click, then PageDown: one step a press, paused, the deck where it was.
        let first = int(&seen, "stepped", 0);
        assert_eq!(
            line("stepped"),
            format!("{first} {} paused slide 1", first + 2),
            "{case}: PageDown after a click"
        );
        // At the last step the deck is still there; the next PageDown moves it, and the one
        // after reaches it directly.
        assert_eq!(
            line("last"),
            "13 13 paused slide 1",
            "{case}: at the last step"
        );
        assert_eq!(line("handed"), "2", "{case}: PageDown at the last step");
        assert_eq!(line("deck"), "3", "{case}: the next PageDown");
        // Left behind, it does not move (a lazy frame is unloaded: -1).
        let (a, b) = (int(&seen, "left", 0), int(&seen, "left", 1));
        assert!(
            a == b && line("left").ends_with("paused slide 3"),
            "{case}: left behind: {}",
            line("left")
        );
        // Back on its slide: it plays from the start again.
        assert!(
            line("again").ends_with("playing slide 1") && int(&seen, "again", 0) <= 3,
            "{case}: shown again: {}",
            line("again")
        );
        // Escape gives the clicker back: PageDown moves the deck, not the player.
        let (before, after) = (int(&seen, "escape", 0), int(&seen, "escape", 1));
        assert!(
            (after == before || (loading == "lazy" && after == -1))
                && line("escape").ends_with("slide 2"),
            "{case}: PageDown after Escape: {}",
            line("escape")
        );
        // At the first step, PageUp goes back to the slide before.
        assert_eq!(line("back"), "0 0", "{case}: PageUp at the first step");
        check_frame_edges(dir.path(), &case, transition, loading, &seen);
    }
}

/// The frame's outermost pixels, where reveal scales it, are the page's background or a blend
/// of it with the slide's (white): no grey edge darker than both.
fn check_frame_edges(
    dir: &Path,
    case: &str,
    transition: &str,
    loading: &str,
    seen: &HashMap<String, Vec<String>>,
) {
    let shot = decode_png(&dir.join(format!("deck-{transition}-{loading}.png")));
    let f: Vec<f64> = seen["frame"]
        .iter()
        .map(|v| v.parse().expect("a number"))
        .collect();
    let (x0, y0) = (f[0].floor() as u32, f[1].floor() as u32);
    let (x1, y1) = (
        (f[0] + f[2]).ceil() as u32 - 1,
        (f[1] + f[3]).ceil() as u32 - 1,
    );
    let inside = shot.get_pixel((x0 + x1) / 2, y0 + 4).0;
    let darkest = |p: [u8; 3]| p.iter().map(|&c| i32::from(c)).sum::<i32>();
    let floor = darkest(inside).min(3 * 255) - 6;
    let mut ring: Vec<(u32, u32)> = Vec::new();
    for x in x0..=x1 {
        ring.extend([(x, y0), (x, y1)]);
    }
    for y in y0..=y1 {
        ring.extend([(x0, y), (x1, y)]);
    }
    // reveal's own controls sit over the slide's bottom right corner: leave them out.
    let controls = (shot.width() - 120, shot.height() - 120);
    for (x, y) in ring {
        if x >= controls.0 && y >= controls.1 {
            continue;
        }
        let p = shot.get_pixel(x, y).0;
        assert!(
            darkest(p) >= floor,
            "{case}: the frame's edge at ({x}, {y}) is {p:?}, darker than the page {inside:?} and the slide"
        );
    }
}
