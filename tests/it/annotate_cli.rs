//! Annotations through the command (`--mark`, `--arrow`, `--coords`, `--caption`) and squares in
//! chess notation on every square flag. Marks and arrows are checked by the command's figure being
//! the library's drawing of the annotated scene (their drawing is the renderer's business);
//! captions and labels in the decoded PNG pixels; refusals by the token they name.

use std::path::Path;

use chessviz::queens::QueensStyle;
use chessviz::{Annotations, Arrow, Axes, CaptionChoice, Mark, MarkKind, Style};

use crate::annotate::sq;
use crate::common::{fails, ok, run};

/// Runs the command, expecting success.
pub(crate) fn make(args: &[&str]) {
    let out = run(args, b"");
    assert!(
        out.status.success(),
        "chessviz {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The PNG at `path`, decoded with its alpha.
pub(crate) fn rgba(path: &Path) -> image::RgbaImage {
    image::open(path)
        .unwrap_or_else(|e| panic!("decode {}: {e}", path.display()))
        .to_rgba8()
}

/// Saves `img` for a look after a failure, in the system's temporary folder; returns its path.
fn save_for_look(name: &str, img: &image::RgbaImage) -> String {
    let dir = std::env::temp_dir().join("chessviz-annotate-failures");
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(name);
    let _ = img.save(&path);
    path.display().to_string()
}

/// Fails, with the actual, expected and difference images saved, when any pixel differs.
fn assert_same_pixels(actual: &image::RgbaImage, expected: &image::RgbaImage, name: &str) {
    assert_eq!(actual.dimensions(), expected.dimensions(), "{name}: size");
    let differing = actual
        .pixels()
        .zip(expected.pixels())
        .filter(|(a, b)| a != b)
        .count();
    if differing > 0 {
        let diff = image::RgbaImage::from_fn(actual.width(), actual.height(), |x, y| {
            if actual.get_pixel(x, y) == expected.get_pixel(x, y) {
                image::Rgba([255, 255, 255, 255])
            } else {
                image::Rgba([255, 0, 0, 255])
            }
        });
        panic!(
            "{name}: {differing} pixels differ; actual {}, expected {}, diff {}",
            save_for_look(&format!("{name}-actual.png"), actual),
            save_for_look(&format!("{name}-expected.png"), expected),
            save_for_look(&format!("{name}-diff.png"), &diff)
        );
    }
}

/// The colours of the pixels in `[x0, x1) x [y0, y1)`.
fn colours(
    img: &image::RgbaImage,
    x: (u32, u32),
    y: (u32, u32),
) -> std::collections::BTreeSet<[u8; 4]> {
    let mut set = std::collections::BTreeSet::new();
    for yy in y.0..y.1 {
        for xx in x.0..x.1 {
            set.insert(img.get_pixel(xx, yy).0);
        }
    }
    set
}

#[test]
fn the_command_draws_the_annotated_scene() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("q.png");
    let p = png.to_str().unwrap();
    make(&[
        "queens",
        "--solution",
        "3",
        "--cell",
        "24",
        "--mark",
        "c5:dot",
        "--mark",
        "2,3",
        "--arrow",
        "a1-c2",
        "--coords",
        "index",
        "--caption",
        "Three",
        "-o",
        p,
    ]);
    // The library's drawing of the same scene, annotated by hand.
    let solution = chessviz::queens::solutions(8).unwrap().nth(2).unwrap();
    let (mut scene, mut hints) =
        chessviz::queens::scene(&solution, QueensStyle::default()).unwrap();
    let mut ann = Annotations::new(8, 8);
    ann.push_mark(Mark {
        square: sq(3, 2),
        kind: MarkKind::Dot,
    })
    .unwrap();
    ann.push_mark(Mark {
        square: sq(2, 3),
        kind: MarkKind::Ring,
    })
    .unwrap();
    ann.push_arrow(Arrow {
        from: sq(7, 0),
        to: sq(6, 2),
    })
    .unwrap();
    ann.set_coords(Some(Axes::Indices));
    ann.set_caption(CaptionChoice::Text("Three".into()));
    ann.apply(&mut scene, &mut hints).unwrap();
    let want = chessviz::draw(&scene, hints, &Style::new(24)).unwrap();
    assert_same_pixels(&rgba(&png), &want.to_rgba(), "queens-annotated");

    // The knight's animation carries the annotations on every frame: its last frame is the still
    // of the same tour with the same annotations, but for the caption band, where the step's words
    // stand beside the caption.
    let gif = dir.path().join("k.gif");
    let still = dir.path().join("k.png");
    let args = [
        "knight",
        "-n",
        "5",
        "--cell",
        "24",
        "--caption",
        "A tour",
        "--coords",
        "chess",
        "--mark",
        "e5",
    ];
    make(&[&args[..], &["-o", gif.to_str().unwrap()]].concat());
    make(&[&args[..], &["-o", still.to_str().unwrap()]].concat());
    let decoded = crate::common::decode_gif(&gif);
    let last = decoded.rgb(decoded.frames.len() - 1);
    let still_img = rgba(&still);
    assert_eq!(last.width(), still_img.width());
    let last = image::DynamicImage::ImageRgb8(last).to_rgba8();
    // The board and its margins: the figure is square above its caption band.
    let side = still_img.width();
    let crop = |img: &image::RgbaImage| image::imageops::crop_imm(img, 0, 0, side, side).to_image();
    assert_same_pixels(&crop(&last), &crop(&still_img), "knight-gif-last-frame");
    // The first frame already has the caption band's text (not only background).
    let first = decoded.rgb(0);
    let (w, h) = first.dimensions();
    let band: std::collections::BTreeSet<[u8; 3]> = (h - 16..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .map(|(x, y)| first.get_pixel(x, y).0)
        .collect();
    assert!(band.len() > 1, "the first frame's caption band is empty");
}

#[test]
fn errors_name_the_offending_token_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.png");
    let o = out.to_str().unwrap();
    let gif = dir.path().join("out.gif");
    let g = gif.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["queens", "--mark", "i9", "-o", o],
            "--mark i9: the square i9 is off the 8 x 8 board",
        ),
        (
            &["queens", "--mark", "c5", "--mark", "8,0:cross", "-o", o],
            "--mark 8,0:cross: the square 8,0 is off the 8 x 8 board",
        ),
        (&["queens", "--mark", "d4:star", "-o", o], "d4:star"),
        (&["queens", "--mark", "d0", "-o", o], "d0"),
        (
            &[
                "knight", "--rows", "5", "--cols", "6", "--arrow", "a1-g1", "-o", o,
            ],
            "--arrow a1-g1: the square g1 is off the 5 x 6 board",
        ),
        (&["knight", "--arrow", "a1c2", "-o", o], "a1c2"),
        (
            &["queens", "--arrow", "a1-7,0", "-o", o],
            "--arrow a1-7,0: an arrow needs two different squares",
        ),
        (&["tromino", "--arrow", "a1-", "-o", o], "a1-"),
        (
            &[
                "knight", "--rows", "5", "--cols", "6", "--start", "g1", "-o", o,
            ],
            "--start g1: the square g1 is off the 5 x 6 board",
        ),
        (
            &["tromino", "-k", "2", "--special", "e1", "-o", o],
            "--special e1: the square e1 is off the 4 x 4 board",
        ),
        (&["tromino", "--caption", "", "-o", o], "--caption"),
        (
            &["queens", "--background", "transparent", "-o", g],
            "--background transparent",
        ),
        (&["knight", "-n", "5", "--dpi", "300", "-o", g], "--dpi"),
        (&["queens", "--all", "--mark", "d4", "-o", o], "--mark"),
        (
            &["queens", "--sheet", o, "--background", "transparent"],
            "--background transparent",
        ),
        (&["tromino", "-k", "11", "--mark", "a1", "-o", o], "--mark"),
        (&["tromino", "-k", "11", "--dpi", "300", "-o", o], "--dpi"),
        (
            &["tromino", "-k", "11", "--background", "white", "-o", o],
            "--background",
        ),
        (&["queens", "--mark", "d4"], "--mark"),
        (
            &["knight", "--margin", "0", "--caption", "A tour", "-o", o],
            "--caption",
        ),
        (
            &["queens", "--margin", "0", "--coords", "chess", "-o", g],
            "--coords",
        ),
        (
            &[
                "knight",
                "--margin",
                "0",
                "--background",
                "transparent",
                "-o",
                o,
            ],
            "--background",
        ),
    ];
    for (args, want) in cases {
        let e = fails(args, b"");
        assert!(e.contains(want), "{args:?}: {e}");
        assert!(
            std::fs::read_dir(dir.path()).unwrap().next().is_none(),
            "{args:?} wrote a file"
        );
    }
}

#[test]
fn chess_notation_names_the_same_square_on_every_square_flag() {
    assert_eq!(
        ok(&["knight", "--rows", "5", "--cols", "6", "--start", "c5"]),
        ok(&["knight", "--rows", "5", "--cols", "6", "--start", "0,2"])
    );
    assert_eq!(
        ok(&["knight", "--rows", "5", "--cols", "6", "--start", "f1"]),
        ok(&["knight", "--rows", "5", "--cols", "6", "--start", "4,5"])
    );
    assert_eq!(
        ok(&["tromino", "-k", "3", "--special", "b2"]),
        ok(&["tromino", "-k", "3", "--special", "6,1"])
    );
    // A ROW,COL square off the board keeps the problem's own message.
    let e = fails(&["knight", "--size", "5", "--start", "5,0"], b"");
    assert!(e.contains("outside the 5 x 5 board"), "{e}");
}

/// The still that `args` make, written as `name` in `dir` and decoded.
pub(crate) fn still(dir: &Path, name: &str, args: &[&str]) -> image::RgbaImage {
    let path = dir.join(name);
    make(&[args, &["-o", path.to_str().unwrap()]].concat());
    rgba(&path)
}

#[test]
fn captions_are_replaced_added_and_removed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // --cell 32: the default margin is 16.
    let queens = still(d, "q.png", &["queens", "--cell", "32"]);
    assert_eq!(
        queens.dimensions(),
        (288, 304),
        "a caption band of one margin"
    );
    let none = still(
        d,
        "qn.png",
        &["queens", "--cell", "32", "--caption", "none"],
    );
    assert_eq!(none.dimensions(), (288, 288));
    let other = still(
        d,
        "qo.png",
        &["queens", "--cell", "32", "--caption", "Eight queens"],
    );
    assert_eq!(other.dimensions(), (288, 304));
    let band = |img: &image::RgbaImage| colours(img, (0, 288), (288, 304));
    assert!(band(&other).len() > 1, "the caption is drawn");
    let band_pixels = |img: &image::RgbaImage| {
        (288..304)
            .flat_map(|y| (0..288).map(move |x| (x, y)))
            .map(|(x, y)| img.get_pixel(x, y).0)
            .collect::<Vec<_>>()
    };
    assert_ne!(band_pixels(&other), band_pixels(&queens), "another text");
    // The board is the same.
    assert_eq!(
        colours(&other, (16, 272), (16, 272)),
        colours(&queens, (16, 272), (16, 272))
    );

    let tromino = still(d, "t.png", &["tromino", "-k", "2", "--cell", "32"]);
    assert_eq!(
        tromino.dimensions(),
        (160, 160),
        "no caption band by default"
    );
    let captioned = still(
        d,
        "tc.png",
        &["tromino", "-k", "2", "--cell", "32", "--caption", "Four"],
    );
    assert_eq!(captioned.dimensions(), (160, 176));
    assert!(colours(&captioned, (0, 160), (160, 176)).len() > 1);
}

#[test]
fn coords_choose_the_margin_labels() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Knight, 5 x 5 at cell 32, margin 16: index labels are on the top and left, chess labels
    // on the bottom and left, none anywhere.
    let base = ["knight", "-n", "5", "--cell", "32"];
    let shot =
        |name: &str, coords: &str| still(d, name, &[&base[..], &["--coords", coords]].concat());
    let top = |img: &image::RgbaImage| colours(img, (16, 176), (0, 14)).len();
    let bottom = |img: &image::RgbaImage| colours(img, (16, 176), (178, 192)).len();
    let left = |img: &image::RgbaImage| colours(img, (0, 14), (16, 176)).len();
    let index = shot("i.png", "index");
    assert!(top(&index) > 1 && bottom(&index) == 1 && left(&index) > 1);
    assert_eq!(
        index,
        still(d, "default.png", &base),
        "index is the knight's default"
    );
    let chess = shot("c.png", "chess");
    assert!(top(&chess) == 1 && bottom(&chess) > 1 && left(&chess) > 1);
    let none = shot("n.png", "none");
    assert!(top(&none) == 1 && bottom(&none) == 1 && left(&none) == 1);
    // The whole margin is one colour without labels.
    let (w, h) = none.dimensions();
    let margin: std::collections::BTreeSet<[u8; 4]> = none
        .enumerate_pixels()
        .filter(|(x, y, _)| *x < 16 || *y < 16 || *x >= w - 16 || *y >= h - 16)
        .map(|(_, _, p)| p.0)
        .collect();
    // The board's frame is drawn over its outer edge; outside it, only the background.
    let outer: std::collections::BTreeSet<[u8; 4]> = none
        .enumerate_pixels()
        .filter(|(x, y, _)| *x < 8 || *y < 8 || *x >= w - 8 || *y >= h - 8)
        .map(|(_, _, p)| p.0)
        .collect();
    assert_eq!(outer.len(), 1, "{outer:?}");
    assert!(
        margin.len() <= 4,
        "only background and the board frame: {margin:?}"
    );
}

/// Every way the command draws a board takes the marks: the figure with `--mark a1:fill` differs
/// from the one without, inside the a1 square only. (Written when the given-position and step
/// outputs arrived from other branches and, at first, drew without the annotations.)
#[test]
fn every_board_figure_takes_the_marks() {
    let dir = tempfile::tempdir().unwrap();
    // Each command with its board's rows.
    let cases: &[(&[&str], u32)] = &[
        (&["queens", "--queens", "13524"], 8),
        (&["knight", "-n", "5", "--path", "0,0 1,2 2,4"], 5),
        (&["tromino", "-k", "3", "--depth", "1"], 8),
        (&["tromino", "-k", "3", "--step", "4"], 8),
        (&["queens", "-n", "8", "--step", "7"], 8),
        (&["knight", "-n", "5", "--step", "3"], 5),
    ];
    for (i, &(args, rows)) in cases.iter().enumerate() {
        let plain = dir.path().join(format!("plain-{i}.png"));
        let marked = dir.path().join(format!("marked-{i}.png"));
        let common = [args, &["--cell", "24", "--margin", "24"]].concat();
        make(&[&common[..], &["-o", plain.to_str().unwrap()]].concat());
        make(
            &[
                &common[..],
                &["--mark", "a1:fill", "-o", marked.to_str().unwrap()],
            ]
            .concat(),
        );
        let (plain, marked) = (rgba(&plain), rgba(&marked));
        assert_eq!(plain.dimensions(), marked.dimensions(), "{args:?}");
        // a1 is the bottom-left square: x in [24, 48), y in [24 + (rows - 1) * 24, ...).
        let (x0, y0) = (24, 24 + (rows - 1) * 24);
        let mut inside = 0;
        for (x, y, p) in marked.enumerate_pixels() {
            if p != plain.get_pixel(x, y) {
                let within = (x0..x0 + 24).contains(&x) && (y0..y0 + 24).contains(&y);
                assert!(within, "{args:?}: pixel {x},{y} changed outside a1");
                inside += 1;
            }
        }
        assert!(
            inside > 100,
            "{args:?}: the mark on a1 changed {inside} pixels"
        );
    }
}
