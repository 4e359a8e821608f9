//! The web page player in windows of every size (headless Chromium): without a size asked for, the
//! figure fills the window at its proportions; the controls stay on one line down to a phone's
//! 320 px without scrolling; with reduced motion asked for, `#autoplay` waits for Play.
//!
//! Each page is measured inside an `<iframe>` of the window's exact size (a headless window
//! cannot be made narrower than 500 px), read through `--allow-file-access-from-files`. Skipped
//! with a line where Chromium is missing, as the other browser tests are.

use std::collections::HashMap;
use std::path::Path;

use crate::common::tempdir;
use crate::player::page;
use crate::player_browser::{
    after_layout, browse, browse_laid_out, chromium, number, probe, url, with_script,
};

/// Measures the page: the window, the figure's box and `viewBox`, the document's scroll size, and
/// each control shown (`bar` lines: top, bottom, left, right).
const MEASURE: &str = r#"var fig = document.querySelector("svg.cv-fig"), box = fig.getBoundingClientRect(), vb = fig.viewBox.baseVal;
var lines = ["window " + innerWidth + " " + innerHeight, "figure " + box.width + " " + box.height, "viewbox " + vb.width + " " + vb.height,
  "scroll " + document.documentElement.scrollWidth + " " + document.documentElement.scrollHeight];
Array.prototype.forEach.call(document.querySelector(".cv-bar").children, function (c, k) {
  var r = c.getBoundingClientRect();
  if (r.width > 0) lines.push("bar" + k + " " + r.top + " " + r.bottom + " " + r.left + " " + r.right);
});
var pre = document.createElement("pre");
pre.id = "probe";
pre.textContent = lines.join("\n");
document.body.appendChild(pre);
"#;

/// The page's measures in a `w` x `h` window.
fn measure(browser: &Path, page: &Path, (w, h): (u32, u32)) -> HashMap<String, Vec<String>> {
    let name = page.file_name().unwrap().to_string_lossy().to_string();
    let measured = with_script(page, &format!("m-{name}"), MEASURE);
    let host = page.with_file_name(format!("host-{w}x{h}-{name}"));
    std::fs::write(
        &host,
        format!(
            "<!DOCTYPE html><html><body style=\"margin:0\"><iframe id=\"f\" style=\"border:0;display:block\" \
             width=\"{w}\" height=\"{h}\" src=\"{}#step=40\"></iframe><pre id=\"probe\"></pre><script>\
             var f = document.getElementById(\"f\");\
             f.onload = function () {{ setTimeout(function () {{\
             document.getElementById(\"probe\").textContent = f.contentDocument.getElementById(\"probe\").textContent;\
             }}, 100); }};</script></body></html>",
            measured.file_name().unwrap().to_string_lossy()
        ),
    )
    .expect("write the host page");
    probe(&browse(
        browser,
        &url(&host, ""),
        &[
            "--dump-dom",
            "--allow-file-access-from-files",
            "--window-size=2000,1200",
            "--virtual-time-budget=2000",
        ],
    ))
}

/// Checks the page in a `w` x `h` window: nothing to scroll, the figure at its proportions, the
/// controls on one line inside the window; returns the figure's width and height.
fn fits(values: &HashMap<String, Vec<String>>, what: &str, (w, h): (u32, u32)) -> (f64, f64) {
    let (ww, wh) = (number(values, "window", 0), number(values, "window", 1));
    assert_eq!((ww, wh), (f64::from(w), f64::from(h)), "{what}: the window");
    let (sw, sh) = (number(values, "scroll", 0), number(values, "scroll", 1));
    assert!(
        sw <= ww && sh <= wh,
        "{what}: a {sw} x {sh} page scrolls in a {ww} x {wh} window"
    );
    let (fw, fh) = (number(values, "figure", 0), number(values, "figure", 1));
    let (vw, vh) = (number(values, "viewbox", 0), number(values, "viewbox", 1));
    assert!(
        (fw * vh / vw - fh).abs() <= 1.0,
        "{what}: a {vw} x {vh} figure drawn {fw} x {fh}"
    );
    let bar: Vec<[f64; 4]> = values
        .iter()
        .filter(|(k, _)| k.starts_with("bar"))
        .map(|(k, _)| [0, 1, 2, 3].map(|i| number(values, k, i)))
        .collect();
    // The five buttons at least (the first and last may give way on a phone: Home and End stay).
    assert!(bar.len() >= 6, "{what}: {} controls shown", bar.len());
    let top = bar.iter().map(|b| b[0]).fold(f64::INFINITY, f64::min);
    let bottom = bar.iter().map(|b| b[1]).fold(0.0, f64::max);
    assert!(
        bottom - top <= 44.0,
        "{what}: the controls take {} px from top to bottom: more than one line",
        bottom - top
    );
    for b in &bar {
        assert!(
            b[2] >= 0.0 && b[3] <= ww,
            "{what}: a control at {} to {} in {ww} px",
            b[2],
            b[3]
        );
        // Every control is wide enough to use (the slider above all).
        assert!(
            b[3] - b[2] >= 30.0,
            "{what}: a control {} px wide",
            b[3] - b[2]
        );
    }
    (fw, fh)
}

#[test]
#[cfg_attr(no_chromium, ignore = "Chromium not found (apt-get install chromium)")]
fn a_page_fills_any_window_with_its_controls_on_one_line() {
    let Some(browser) = chromium() else { return };
    let dir = tempdir();
    let (en, _) = page(dir.path(), "q.html", &["queens", "-n", "8"]);
    let (zh, _) = page(
        dir.path(),
        "zh.html",
        &["queens", "-n", "8", "--lang", "zh"],
    );
    let (bare, _) = page(
        dir.path(),
        "m0.html",
        &["queens", "-n", "8", "--margin", "0"],
    );
    for window in [(1920, 1080), (800, 600), (320, 480)] {
        for (what, path) in [("en", &en), ("zh", &zh), ("margin 0", &bare)] {
            let what = format!("{what} at {} x {}", window.0, window.1);
            let (fw, fh) = fits(&measure(&browser, path, window), &what, window);
            // The figure grows with the window (it was at most its own 432 px).
            let span = (fw / f64::from(window.0)).max(fh / f64::from(window.1));
            assert!(
                span >= 0.75,
                "{what}: the figure spans {:.0} %",
                span * 100.0
            );
        }
    }
}

#[test]
#[cfg_attr(no_chromium, ignore = "Chromium not found (apt-get install chromium)")]
fn a_size_asked_for_is_kept_in_a_large_window() {
    let Some(browser) = chromium() else { return };
    let dir = tempdir();
    for (name, own) in [
        ("fit", &["--fit", "800x600"][..]),
        ("cell", &["--cell", "30"][..]),
        ("slides", &["--preset", "slides"][..]),
    ] {
        let (path, _) = page(
            dir.path(),
            &format!("{name}.html"),
            &[&["queens", "-n", "8"], own].concat(),
        );
        let window = (1920, 1080);
        let values = measure(&browser, &path, window);
        let (fw, fh) = fits(&values, name, window);
        let (vw, vh) = (number(&values, "viewbox", 0), number(&values, "viewbox", 1));
        assert!(
            (fw - vw).abs() <= 1.0 && (fh - vh).abs() <= 1.0,
            "{name}: a {vw} x {vh} figure drawn {fw} x {fh}"
        );
        // And in a smaller window it shrinks to fit.
        let small = (320, 480);
        let (sw, _) = fits(
            &measure(&browser, &path, small),
            &format!("{name} small"),
            small,
        );
        assert!(sw <= 304.0, "{name}: {sw} px wide in a 320 px window");
    }
}

/// The step, whether it plays, and the live region's text of `page#autoplay` a few seconds
/// (virtual time) after it opened, with the browser's `extra` arguments.
fn after_autoplay(browser: &Path, page: &Path, extra: &[&str]) -> (String, bool, String) {
    let name = page.file_name().unwrap().to_string_lossy().to_string();
    let probed = with_script(
        page,
        &format!("a-{name}"),
        &after_layout("var pre = document.createElement(\"pre\");\npre.id = \"probe\";\npre.textContent = \"step \" + document.getElementById(\"cv-slider\").value + \"\\nplaying \" + document.getElementById(\"cv\").classList.contains(\"playing\") + \"\\nlive \" + document.getElementById(\"cv-cap\").textContent + \"\\nlaidout \" + laidout;\ndocument.body.appendChild(pre);\n", 2500),
    );
    let values = browse_laid_out(browser, &url(&probed, "step=30&autoplay"), extra);
    (
        values["step"].join(" "),
        values["playing"] == ["true"],
        values["live"].join(" "),
    )
}

#[test]
#[cfg_attr(no_chromium, ignore = "Chromium not found (apt-get install chromium)")]
fn autoplay_waits_for_play_where_reduced_motion_is_asked_for() {
    let Some(browser) = chromium() else { return };
    let dir = tempdir();
    let (en, _) = page(dir.path(), "q.html", &["queens", "-n", "5"]);
    let (zh, _) = page(
        dir.path(),
        "zh.html",
        &["queens", "-n", "5", "--lang", "zh"],
    );
    // Without it, the page plays on its own (so the check below can tell).
    let (step, playing, _) = after_autoplay(&browser, &en, &[]);
    assert!(
        playing && step != "0",
        "autoplay: step {step}, playing {playing}"
    );
    for (path, words) in [(&en, "reduced motion"), (&zh, "减少动态效果")] {
        let (step, playing, live) =
            after_autoplay(&browser, path, &["--force-prefers-reduced-motion"]);
        // The first picture, waiting, and the live region says why.
        assert_eq!((step.as_str(), playing), ("0", false), "{}", path.display());
        assert!(live.contains(words), "the live region says {live:?}");
    }
}
