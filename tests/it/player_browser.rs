//! The web page player in a real browser (headless Chromium): `FILE.html#step=i` shows the picture
//! of the `--step i` PNG, and the keys move the step counter.
//!
//! Needs Chromium (`apt-get install chromium`; `.ci/run` installs it). Where no browser is found
//! (a developer's machine) the tests print why on standard error and return without checking
//! anything. `CHESSVIZ_CHROMIUM` names another binary.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use crate::common::{decode_png, ok, tempdir};
use crate::player::page;
use crate::vector::{agreement, save_failure};

/// Share of pixels of the browser's picture that must match the PNG (channels within 24 levels):
/// Skia and chessviz's raster anti-alias edges and glyphs differently. Measured: 99.2 to 99.9 %.
const AGREE_SHARE: f64 = 0.98;

/// One browser at a time: each is a few processes, and the machine runs the other tests too.
static BROWSER: Mutex<()> = Mutex::new(());

/// The browser, or `None` after saying on standard error that the test is skipped.
fn chromium() -> Option<PathBuf> {
    let candidates = std::env::var_os("CHESSVIZ_CHROMIUM")
        .map(PathBuf::from)
        .into_iter()
        .chain(
            ["chromium", "chromium-browser", "google-chrome"]
                .iter()
                .map(PathBuf::from),
        );
    for c in candidates {
        let runs = Command::new(&c)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        if runs {
            return Some(c);
        }
    }
    eprintln!(
        "skipped: no Chromium found (apt-get install chromium; .ci/run installs it), so the \
         player was not checked in a browser"
    );
    None
}

/// Runs headless Chromium on `url` with `extra` arguments and a fresh profile; its standard output.
fn browse(browser: &Path, url: &str, extra: &[&str]) -> String {
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let profile = tempdir();
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(extra)
        .arg(url)
        .output()
        .expect("run chromium");
    assert!(
        out.status.success(),
        "chromium {url}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).to_string()
}

fn url(path: &Path, fragment: &str) -> String {
    format!("file://{}#{fragment}", path.display())
}

/// The browser's picture of step `step` of the page, the figure alone at its own size (`bare`).
fn screenshot(browser: &Path, page: &Path, step: u64, (w, h): (u32, u32)) -> image::RgbImage {
    let shot = page.with_extension(format!("{step}.png"));
    browse(
        browser,
        &url(page, &format!("step={step}&bare")),
        &[
            &format!("--screenshot={}", shot.display()),
            &format!("--window-size={w},{h}"),
        ],
    );
    decode_png(&shot)
}

/// A page to check: its name, the figure's options, the page's own options, steps it keeps.
type Case<'a> = (&'a str, &'a [&'a str], &'a [&'a str], &'a [u64]);

#[test]
fn each_step_of_a_page_is_the_step_still() {
    let Some(browser) = chromium() else { return };
    let dir = tempdir();
    let cases: [Case; 5] = [
        ("queens", &["queens", "-n", "6"], &[], &[0, 37, 171, 308]),
        (
            "knight",
            &["knight", "-n", "6", "--explain"],
            &[],
            &[0, 12, 36],
        ),
        (
            "tromino",
            &["tromino", "-k", "3", "--numbers"],
            &[],
            &[0, 5, 21],
        ),
        (
            "slate",
            &["queens", "-n", "5", "--theme", "slate"],
            &["--every", "10"],
            &[30, 116],
        ),
        (
            "marks",
            &["knight", "-n", "5", "--mark", "c3:cross", "--margin", "0"],
            &[],
            &[7],
        ),
    ];
    for (name, args, own, steps) in cases {
        let (path, _) = page(dir.path(), &format!("{name}.html"), &[args, own].concat());
        for &step in steps {
            let png = dir.path().join(format!("{name}-{step}.png"));
            let mut still = args.to_vec();
            let n = step.to_string();
            still.extend(["--step", &n, "-q", "-o", png.to_str().unwrap()]);
            ok(&still);
            let expected = decode_png(&png);
            let actual = screenshot(&browser, &path, step, expected.dimensions());
            let (share, diff) = agreement(&actual, &expected);
            if share < AGREE_SHARE {
                let files =
                    save_failure(&format!("player-{name}-{step}"), &actual, &expected, &diff);
                panic!(
                    "{name} step {step}: only {:.2} % of pixels agree; see {files}",
                    share * 100.0
                );
            }
        }
    }
}

/// The step counter of the page after the keys `keys` were pressed at step `from`, and whether it
/// is playing.
fn after_keys(browser: &Path, page: &Path, from: u64, keys: &str) -> (String, bool) {
    let dom = browse(
        browser,
        &url(page, &format!("step={from}&keys={keys}")),
        &["--dump-dom"],
    );
    let at = dom.find("id=\"cv-count\">").expect("the step counter") + 14;
    let count = dom[at..].split('<').next().unwrap_or_default().to_string();
    (count, dom.contains("class=\"cv playing\""))
}

#[test]
fn keys_move_the_step_counter() {
    let Some(browser) = chromium() else { return };
    let dir = tempdir();
    let (path, _) = page(dir.path(), "q.html", &["queens", "-n", "5"]);
    let cases: [(u64, &str, &str, bool); 6] = [
        (0, "", "step 0/116", false),
        (3, "ArrowRight,ArrowRight", "step 5/116", false),
        (37, "ArrowLeft", "step 36/116", false),
        (10, "End,ArrowLeft", "step 115/116", false),
        (50, "Home,ArrowLeft", "step 0/116", false),
        (7, "space", "step 7/116", true),
    ];
    for (from, keys, count, playing) in cases {
        assert_eq!(
            after_keys(&browser, &path, from, keys),
            (count.to_string(), playing),
            "#step={from}&keys={keys}"
        );
    }
    // Space again pauses.
    assert!(!after_keys(&browser, &path, 7, "space,space").1);
}
