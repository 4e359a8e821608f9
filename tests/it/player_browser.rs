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
pub(crate) static BROWSER: Mutex<()> = Mutex::new(());

/// The browser, or `None` after saying on standard error that the test is skipped.
pub(crate) fn chromium() -> Option<PathBuf> {
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
    crate::common::skipped(
        "skipped: no Chromium found (apt-get install chromium; .ci/run installs it), so the \
         player was not checked in a browser",
    );
    None
}

/// Runs headless Chromium on `url` with `extra` arguments and a fresh profile; its standard output.
pub(crate) fn browse(browser: &Path, url: &str, extra: &[&str]) -> String {
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

pub(crate) fn url(path: &Path, fragment: &str) -> String {
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
#[cfg_attr(no_chromium, ignore = "Chromium not found (apt-get install chromium)")]
fn each_step_of_a_page_is_the_step_still() {
    let Some(browser) = chromium() else { return };
    let dir = tempdir();
    let cases: [Case; 6] = [
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
        // Chinese captions, drawn glyph by glyph.
        ("zh", &["queens", "-n", "6", "--lang", "zh"], &[], &[0, 37]),
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
    let playing = dom.contains("class=\"cv playing\"");
    // The play button says whether it plays.
    let pressed = if playing { "true" } else { "false" };
    assert!(
        dom.contains(&format!("aria-pressed=\"{pressed}\"")),
        "#step={from}&keys={keys}: the play button is not aria-pressed=\"{pressed}\""
    );
    (count, playing)
}

#[test]
#[cfg_attr(no_chromium, ignore = "Chromium not found (apt-get install chromium)")]
fn keys_move_the_step_counter() {
    let Some(browser) = chromium() else { return };
    let dir = tempdir();
    let (path, _) = page(dir.path(), "q.html", &["queens", "-n", "5"]);
    let cases: [(u64, &str, &str, bool); 10] = [
        (0, "", "step 0/116", false),
        (3, "ArrowRight,ArrowRight", "step 5/116", false),
        (37, "ArrowLeft", "step 36/116", false),
        (10, "End,ArrowLeft", "step 115/116", false),
        (50, "Home,ArrowLeft", "step 0/116", false),
        (7, "space", "step 7/116", true),
        // What presentation clickers send.
        (3, "PageDown,PageDown", "step 5/116", false),
        (37, "PageUp", "step 36/116", false),
        // Space plays with a button focused (as a click leaves it), and does not press it.
        (7, "focus:forward,space", "step 7/116", true),
        (7, "focus:back,space,space", "step 7/116", false),
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

/// A copy of `page` named `name` that runs `script` after the player's own.
/// `body` (JavaScript) as a script that runs `delay` ms (virtual time) after the browser first laid
/// the player out, so after the page's own IntersectionObserver first reported where it is: a timer
/// alone can run out before the first layout on a busy machine (virtual time does not wait for
/// frames). The script's observer is made after the page's, so it hears the same report just after
/// it. If no layout comes within 20 s of virtual time, `body` runs anyway with `laidout` false, for
/// [`browse_laid_out`] to run the page again.
pub(crate) fn after_layout(body: &str, delay: u32) -> String {
    format!(
        "(function () {{\nvar seen = false, done = false;\nfunction run(laidout) {{\n  if (done) return;\n  done = true;\n{body}\n}}\nnew IntersectionObserver(function () {{\n  if (seen) return;\n  seen = true;\n  setTimeout(function () {{ run(true); }}, {delay});\n}}).observe(document.getElementById(\"cv\"));\nsetTimeout(function () {{ run(false); }}, 20000);\n}})();\n"
    )
}

/// The probe's lines from `url` (a page with an [`after_layout`] script writing `laidout` into its
/// probe), loaded again up to three times while the browser never laid it out.
pub(crate) fn browse_laid_out(
    browser: &Path,
    url: &str,
    extra: &[&str],
) -> std::collections::HashMap<String, Vec<String>> {
    let args = [&["--dump-dom", "--virtual-time-budget=30000"][..], extra].concat();
    for _ in 0..3 {
        let values = probe(&browse(browser, url, &args));
        if values["laidout"] == ["true"] {
            return values;
        }
    }
    panic!("the browser never laid out {url} in three loads");
}

pub(crate) fn with_script(page: &Path, name: &str, script: &str) -> PathBuf {
    let text = std::fs::read_to_string(page).expect("read the page");
    let out = page.with_file_name(name);
    let tag = format!("<script>\n{script}</script>\n</body>");
    std::fs::write(&out, text.replacen("</body>", &tag, 1)).expect("write the copy");
    out
}

/// The lines `name value...` a script wrote into `<pre id="probe">` of the dumped DOM.
pub(crate) fn probe(dom: &str) -> std::collections::HashMap<String, Vec<String>> {
    let start = dom.find("<pre id=\"probe\">").expect("the probe's results") + 16;
    let end = start + dom[start..].find("</pre>").expect("end of the results");
    dom[start..end]
        .replace("&amp;", "&")
        .lines()
        .filter_map(|l| {
            let mut words = l.split(' ').map(str::to_string);
            Some((words.next()?, words.filter(|w| !w.is_empty()).collect()))
        })
        .collect()
}

pub(crate) fn number(
    values: &std::collections::HashMap<String, Vec<String>>,
    key: &str,
    at: usize,
) -> f64 {
    values[key][at].parse().expect("a number")
}

#[test]
#[cfg_attr(no_chromium, ignore = "Chromium not found (apt-get install chromium)")]
fn a_walk_keeps_the_element_count_and_touches_what_changed() {
    let Some(browser) = chromium() else { return };
    let dir = tempdir();
    for (name, args) in [
        ("queens", &["queens", "-n", "6"][..]),
        ("knight", &["knight", "-n", "10"][..]),
    ] {
        let (path, _) = page(dir.path(), &format!("{name}.html"), args);
        let probed = with_script(&path, &format!("{name}-probe.html"), PROBE);
        let dom = browse(&browser, &url(&probed, ""), &["--dump-dom"]);
        let values = probe(&dom);
        assert!(
            values["mismatches"].is_empty(),
            "{name}: the figure after a step forward differs from the same step reached otherwise: {:?}",
            values["mismatches"]
        );
        // Every step visited, back at the start: the elements of a fresh load, not the
        // captions of every step (which piled up in <defs>: 199 elements became 14,553).
        let (load, end) = (number(&values, "atLoad", 0), number(&values, "atEnd", 0));
        assert!(
            end <= 1.5 * load,
            "{name}: {load} elements at load, {end} after visiting every step"
        );
        // A step adds and removes the nodes of what changed (and its symbols), not everything
        // between its first and last change (2,740 nodes a step late in a 30 x 30 tour).
        let (step, touched, changed) = (
            number(&values, "worst", 0),
            number(&values, "worst", 1),
            number(&values, "worst", 2),
        );
        assert!(
            touched <= 2.0 * changed + 6.0,
            "{name}: step {step} touched {touched} nodes for {changed} changed elements"
        );
    }
}

/// Walks a page: see the script.
const PROBE: &str = include_str!("player_probe.js");

#[test]
#[cfg_attr(no_chromium, ignore = "Chromium not found (apt-get install chromium)")]
fn the_address_follows_the_step_and_opens_it() {
    let Some(browser) = chromium() else { return };
    let dir = tempdir();
    let (path, _) = page(dir.path(), "q.html", &["queens", "-n", "5"]);
    // The address is written at most every 250 ms: read it a second later (virtual time).
    let probed = with_script(
        &path,
        "q-address.html",
        "var atLoad = history.length;\nsetTimeout(function () {\n  var pre = document.createElement(\"pre\");\n  pre.id = \"probe\";\n  pre.textContent = \"address \" + location.hash + \"\\nhistory \" + (history.length - atLoad);\n  document.body.appendChild(pre);\n}, 1000);\n",
    );
    let dom = browse(
        &browser,
        &url(&probed, "step=3&keys=PageDown,PageDown,ArrowRight"),
        &["--dump-dom", "--virtual-time-budget=3000"],
    );
    let values = probe(&dom);
    assert_eq!(
        values["address"],
        ["#step=6"],
        "the address after three steps"
    );
    // Replaced, not pushed: no entry added to the history.
    assert_eq!(values["history"], ["0"]);
    // And an address opens its step.
    assert_eq!(after_keys(&browser, &path, 6, "").0, "step 6/116");
}

#[test]
#[cfg_attr(no_chromium, ignore = "Chromium not found (apt-get install chromium)")]
fn fit_draws_the_page_at_the_size_of_the_box() {
    let Some(browser) = chromium() else { return };
    let dir = tempdir();
    let measure = "var fig = document.querySelector(\"svg.cv-fig\"), box = fig.getBoundingClientRect();\nvar vb = fig.viewBox.baseVal, page = document.getElementById(\"cv\").getBoundingClientRect();\nvar pre = document.createElement(\"pre\");\npre.id = \"probe\";\npre.textContent = \"figure \" + box.width + \" \" + box.height + \"\\nviewbox \" + vb.width + \" \" + vb.height + \"\\npage \" + page.width + \" \" + document.documentElement.scrollHeight + \"\\nwindow \" + innerWidth + \" \" + innerHeight;\ndocument.body.appendChild(pre);\n";
    for (name, own, window) in [
        ("fit", &["--fit", "1920x1080"][..], (1920, 1080)),
        ("slides", &["--preset", "slides"][..], (1920, 1080)),
        ("width", &["--width", "800"][..], (1920, 1080)),
        (
            "small",
            &["--fit", "1280x720", "--margin", "0"][..],
            (1280, 720),
        ),
    ] {
        let args = [&["queens", "-n", "8"][..], own].concat();
        let (path, _) = page(dir.path(), &format!("{name}.html"), &args);
        let probed = with_script(&path, &format!("{name}-m.html"), measure);
        let size = window_for_viewport(&browser, window);
        let values = probe(&browse(
            &browser,
            &url(&probed, "step=219"),
            &["--dump-dom", &size],
        ));
        let (w, h) = (number(&values, "figure", 0), number(&values, "figure", 1));
        let (vw, vh) = (number(&values, "viewbox", 0), number(&values, "viewbox", 1));
        let (page_w, page_h) = (number(&values, "page", 0), number(&values, "page", 1));
        // The figure is drawn at its own size, the whole page inside the box.
        assert!(
            (w - vw).abs() <= 1.0 && (h - vh).abs() <= 1.0,
            "{name}: a {vw} x {vh} figure shown at {w} x {h}"
        );
        if name == "width" {
            assert!(page_w <= 800.0, "{name}: the page is {page_w} px wide");
            continue;
        }
        let (bw, bh) = (number(&values, "window", 0), number(&values, "window", 1));
        assert_eq!(
            (bw, bh),
            (f64::from(window.0), f64::from(window.1)),
            "{name}: the page area"
        );
        assert!(page_h <= bh, "{name}: the page is {page_h} px high in {bh}");
        // And it fills the box: the board is as large as the controls leave room for.
        assert!(
            h >= 0.95 * (bh - 80.0) || w >= 0.95 * (bw - 16.0),
            "{name}: a {w} x {h} figure in a {bw} x {bh} window"
        );
    }
}

/// The `--window-size` argument whose page area is `w` x `h` (headless Chromium keeps room for a
/// browser's bars when it dumps the DOM).
fn window_for_viewport(browser: &Path, (w, h): (u32, u32)) -> String {
    let dir = tempdir();
    let page = dir.path().join("viewport.html");
    std::fs::write(
        &page,
        "<!DOCTYPE html><html><body><pre id=\"probe\"></pre><script>document.getElementById(\"probe\").textContent = \"inner \" + innerWidth + \" \" + innerHeight;</script></body></html>",
    )
    .expect("write the page");
    let values = probe(&browse(
        browser,
        &url(&page, ""),
        &["--dump-dom", &format!("--window-size={w},{h}")],
    ));
    let (iw, ih) = (number(&values, "inner", 0), number(&values, "inner", 1));
    format!(
        "--window-size={},{}",
        2.0 * f64::from(w) - iw,
        2.0 * f64::from(h) - ih
    )
}

#[test]
#[cfg_attr(no_chromium, ignore = "Chromium not found (apt-get install chromium)")]
fn autoplay_starts_from_the_start_whenever_the_page_is_shown() {
    let Some(browser) = chromium() else { return };
    let dir = tempdir();
    let (path, _) = page(dir.path(), "q.html", &["queens", "-n", "5"]);
    // Read once the page has seen where it is (its IntersectionObserver's first report).
    let script = after_layout("var root = document.getElementById(\"cv\"), play = root.querySelector(\"button[data-act=play]\");\nvar slider = document.getElementById(\"cv-slider\"), seen = [];\nfunction state() {\n  seen.push((root.classList.contains(\"playing\") ? \"playing\" : \"paused\") + \"-\" + play.getAttribute(\"aria-pressed\") + \"-\" + slider.value);\n}\nstate();\nvar hidden = true;\nObject.defineProperty(document, \"hidden\", { configurable: true, get: function () { return hidden; } });\ndocument.dispatchEvent(new Event(\"visibilitychange\"));\nstate();\ndocument.dispatchEvent(new KeyboardEvent(\"keydown\", { key: \"End\", bubbles: true }));\nhidden = false;\ndocument.dispatchEvent(new Event(\"visibilitychange\"));\nstate();\nvar pre = document.createElement(\"pre\");\npre.id = \"probe\";\npre.textContent = \"states \" + seen.join(\" \");\npre.textContent += \"\\nlaidout \" + laidout;\ndocument.body.appendChild(pre);\n", 0);
    let probed = with_script(&path, "q-auto.html", &script);
    let values = browse_laid_out(&browser, &url(&probed, "step=30&autoplay"), &[]);
    // Shown: plays from the start; hidden: pauses; shown again (after moving to the end):
    // from the start again.
    assert_eq!(
        values["states"],
        ["playing-true-0", "paused-false-0", "playing-true-0"]
    );
}
