//! The web page player (`-o FILE.html`): one self-contained file (nothing loaded from anywhere),
//! the steps and times of `--frames`, stored as changes (the 8-queens search within 1.5 MB), on
//! standard output with `--format html`, and refused with the right command where it does not
//! apply. What a browser shows is checked in `player_browser`.

use std::path::{Path, PathBuf};

use crate::common::{fails, frame_fields, ok, refused_before_work, run, tempdir};

/// Writes the page of `args` into `dir` as `name` and returns its text.
pub fn page(dir: &Path, name: &str, args: &[&str]) -> (PathBuf, String) {
    let path = dir.join(name);
    let mut full = args.to_vec();
    full.extend(["-q", "-o", path.to_str().unwrap()]);
    ok(&full);
    let text = std::fs::read_to_string(&path).expect("read the page");
    (path, text)
}

/// The numbers of the JSON array `"key":[...]` in the page's data.
pub fn numbers(page: &str, key: &str) -> Vec<u64> {
    let start = page
        .find(&format!("\"{key}\":["))
        .unwrap_or_else(|| panic!("no {key} in the page's data"))
        + key.len()
        + 4;
    let end = start + page[start..].find(']').expect("end of the array");
    page[start..end]
        .split(',')
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().expect("a number"))
        .collect()
}

/// The text of the inert block `id`.
fn block<'a>(page: &'a str, id: &str) -> &'a str {
    let open = format!("<script type=\"text/plain\" id=\"{id}\">");
    let start = page.find(&open).expect("the block") + open.len();
    let end = start + page[start..].find("</script>").expect("end of the block");
    &page[start..end]
}

/// No reference to anything outside the file: no URL, no external script, image, style or font.
fn assert_self_contained(name: &str, page: &str) {
    let lower = page.to_ascii_lowercase();
    for needle in [
        "http:",
        "https:",
        " src=",
        "<link",
        "@import",
        "@font-face",
        "<iframe",
        "fetch(",
        "xmlhttprequest",
    ] {
        assert!(!lower.contains(needle), "{name}: the page holds {needle:?}");
    }
    let mut rest = lower.as_str();
    while let Some(at) = rest.find("url(") {
        assert!(
            rest[at + 4..].starts_with('#'),
            "{name}: a url() to another file: {}",
            &rest[at..(at + 40).min(rest.len())]
        );
        rest = &rest[at + 4..];
    }
    assert!(page.starts_with("<!DOCTYPE html>"), "{name}");
    assert!(
        page.contains("<svg class=\"cv-fig\" viewBox=\"0 0 "),
        "{name}"
    );
    assert!(page.trim_end().ends_with("</html>"), "{name}");
}

#[test]
fn pages_are_self_contained_for_every_problem() {
    let dir = tempdir();
    for (name, args) in [
        ("queens.html", &["queens", "-n", "5"][..]),
        ("knight.html", &["knight", "-n", "5", "--explain"][..]),
        (
            "tromino.html",
            &["tromino", "-k", "2", "--numbers", "--theme", "slate"][..],
        ),
    ] {
        let (_, text) = page(dir.path(), name, args);
        assert_self_contained(name, &text);
    }
}

#[test]
fn a_page_keeps_the_steps_and_times_of_frames() {
    let dir = tempdir();
    for (name, args) in [
        ("q", &["queens", "-n", "5", "--every", "7", "--counter"][..]),
        ("k", &["knight", "-n", "5", "--max-frames", "9"][..]),
        (
            "t",
            &["tromino", "-k", "3", "--delay", "120", "--hold", "900"][..],
        ),
    ] {
        let (_, text) = page(dir.path(), &format!("{name}.html"), args);
        let frames = dir.path().join(name);
        let mut full = args.to_vec();
        full.extend(["-q", "--frames", frames.to_str().unwrap()]);
        ok(&full);
        let listing = std::fs::read_to_string(frames.join("frames.txt")).expect("frames.txt");
        let (steps, ms): (Vec<u64>, Vec<u64>) = listing
            .lines()
            .map(|l| {
                let (file, ms) = frame_fields(l).expect("file ms");
                let step = file
                    .trim_start_matches("frame-")
                    .split('.')
                    .next()
                    .and_then(|s| s.parse::<u64>().ok())
                    .expect("a step number");
                (step, ms.parse::<u64>().expect("ms"))
            })
            .unzip();
        assert_eq!(numbers(&text, "ms"), ms, "{name}: times");
        let page_steps = if text.contains("\"steps\":[") {
            numbers(&text, "steps")
        } else {
            (0..ms.len() as u64).collect()
        };
        assert_eq!(page_steps, steps, "{name}: steps");
        // One line of changes per picture after the first.
        assert_eq!(
            block(&text, "cv-deltas").split('\n').count(),
            steps.len() - 1,
            "{name}"
        );
    }
}

#[test]
fn the_eight_queens_search_fits_in_a_megabyte_and_a_half() {
    let dir = tempdir();
    let (_, text) = page(dir.path(), "q.html", &["queens"]);
    assert!(
        text.len() <= 1_500_000,
        "the page of the 8-queens search is {} bytes",
        text.len()
    );
    // 2056 placements, 2056 removals and 92 solutions, and the start.
    assert_eq!(numbers(&text, "ms").len(), 4205);
    // Stored as changes: far fewer elements than pictures times the board's 64 squares.
    let elements = block(&text, "cv-elements").lines().count();
    assert!(elements < 10 * 4205, "{elements} elements");
    let (_, knight) = page(dir.path(), "k.html", &["knight", "-n", "8"]);
    assert_eq!(numbers(&knight, "ms").len(), 65);
    assert!(
        knight.len() < 150_000,
        "the 8 x 8 tour is {} bytes",
        knight.len()
    );
}

#[test]
fn a_chinese_page_costs_what_the_english_one_does() {
    let dir = tempdir();
    for (name, args) in [
        (
            "queens",
            &["queens", "-n", "8", "--until-solution", "1"][..],
        ),
        ("tour", &["knight", "-n", "8", "--explain"][..]),
        ("tiling", &["tromino", "-k", "3", "--numbers"][..]),
    ] {
        let (_, en) = page(dir.path(), &format!("{name}-en.html"), args);
        let zh_args = [args, &["--lang", "zh"]].concat();
        let (_, zh) = page(dir.path(), &format!("{name}-zh.html"), &zh_args);
        // Each caption was one outline of its own: the queens' page 2.8 MB against 117 KB.
        assert!(
            zh.len() * 2 <= en.len() * 3,
            "{name}: the Chinese page is {} bytes, the English one {}",
            zh.len(),
            en.len()
        );
        // Each glyph (a character's outline) is defined once in the page, and steps place it.
        let outlines: Vec<&str> = zh
            .split("<path id=\"glyph")
            .skip(1)
            .map(|rest| {
                rest.split("d=\"")
                    .nth(1)
                    .and_then(|d| d.split('"').next())
                    .unwrap_or("")
            })
            .collect();
        let distinct: std::collections::HashSet<&&str> = outlines.iter().collect();
        assert_eq!(
            distinct.len(),
            outlines.len(),
            "{name}: a glyph defined twice"
        );
        assert!(
            outlines.len() >= 30,
            "{name}: only {} glyphs defined: the captions are not made of them",
            outlines.len()
        );
    }
}

#[test]
fn format_html_writes_the_page_to_standard_output() {
    let dir = tempdir();
    let out = run(&["queens", "-n", "4", "-o", "-", "--format", "html"], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let (_, file) = page(dir.path(), "q.html", &["queens", "-n", "4"]);
    assert_eq!(
        stdout, file,
        "the same page on standard output and in a file"
    );
}

#[test]
fn options_that_do_not_make_a_page_point_to_the_right_command() {
    let dir = tempdir();
    let d = dir.path().join("d");
    let html = dir.path().join("x.html");
    let (d, html) = (d.to_str().unwrap(), html.to_str().unwrap());
    let cases: [(&[&str], &str); 5] = [
        (
            &["queens", "--frames", d, "--format", "html"],
            "-o FILE.html",
        ),
        (&["queens", "--step", "3", "-o", html], "#step="),
        (
            &["queens", "--all", "-o", d, "--format", "html"],
            "-o FILE.html",
        ),
        (
            &["queens", "--loop", "2", "-o", html],
            "--loop applies to GIF, APNG, WebP (-o FILE.gif, .apng, .webp), not to HTML",
        ),
        (&["queens", "--dpi", "300", "-o", html], "--dpi applies to"),
    ];
    for (args, says) in cases {
        let err = fails(args, b"");
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
    assert!(!Path::new(html).exists());
}

#[test]
fn pages_over_the_limits_are_refused_before_any_work() {
    let dir = tempdir();
    let html = dir.path().join("x.html");
    let html = html.to_str().unwrap();
    // The 12-queens search has 856 000 steps: the way under the limit is named.
    let err = refused_before_work(&["queens", "-n", "12", "-o", html]);
    assert!(err.contains("web page") && err.contains("--every"), "{err}");
    // A 40 x 40 tour: 1601 pictures of 1600 squares, over the squares a page draws in all.
    let err = refused_before_work(&["knight", "-n", "40", "-o", html]);
    assert!(err.contains("--every 2"), "{err}");
    let err = refused_before_work(&["knight", "-n", "65", "-o", html]);
    assert!(err.contains("at most 4096 squares"), "{err}");
    let err = refused_before_work(&["tromino", "-k", "8", "-o", html]);
    assert!(err.contains("web page"), "{err}");
    // The 11-queens search keeps its 2680 solutions whatever --every says: the --every named
    // counts them (it named 21, which failed after 11 s of work).
    let err = refused_before_work(&["queens", "-n", "11", "-o", html]);
    assert!(err.contains("--every 25"), "{err}");
    // 12 queens: 14,200 solutions, more than the 13,888 pictures of its board: no --every fits.
    let err = refused_before_work(&["queens", "-n", "12", "-o", html]);
    assert!(
        err.contains("no --every") && err.contains("--max-frames"),
        "{err}"
    );
}

/// The pictures marked along the slider as `class` (`cv-done`, `cv-held`).
fn marks(page: &str, class: &str) -> Vec<u64> {
    let open = format!("<path class=\"{class}\" d=\"");
    let Some(at) = page.find(&open) else {
        return Vec::new();
    };
    let d = &page[at + open.len()..];
    d[..d.find('"').expect("end of the path")]
        .split('M')
        .filter(|m| !m.is_empty())
        .map(|m| m.trim_end_matches(" 0V1").parse().expect("a picture"))
        .collect()
}

#[test]
fn solutions_and_retreats_are_marked_along_the_slider() {
    let dir = tempdir();
    // Solutions are held (--hold), every other step shown for the delay.
    let (_, text) = page(
        dir.path(),
        "q.html",
        &["queens", "-n", "6", "--delay", "100", "--hold", "1234"],
    );
    let ms = numbers(&text, "ms");
    let held: Vec<u64> = (0..ms.len() as u64)
        .filter(|&i| ms[i as usize] == 1234)
        .collect();
    assert_eq!(held.len(), 4, "the 4 solutions of 6 queens");
    assert_eq!(marks(&text, "cv-done"), held);
    assert!(marks(&text, "cv-held").is_empty());
    // A knight's search that steps back: each retreat shown for --retreat-delay.
    let (_, text) = page(
        dir.path(),
        "k.html",
        &[
            "knight",
            "-n",
            "5",
            "--method",
            "backtrack",
            "--delay",
            "100",
            "--retreat-delay",
            "777",
        ],
    );
    let ms = numbers(&text, "ms");
    let retreats: Vec<u64> = (0..ms.len() as u64)
        .filter(|&i| ms[i as usize] == 777)
        .collect();
    assert!(!retreats.is_empty(), "the search retreats");
    assert_eq!(marks(&text, "cv-held"), retreats);
}
