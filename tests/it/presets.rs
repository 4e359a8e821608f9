//! `--preset print` and `--preset slides` are shorthands for the options they set, in every format;
//! options given beside a preset win over it.

use std::path::Path;

use chessviz::Theme;

use crate::common::{decode_gif, decode_png, fails, ok, px, tempdir};

/// Runs `args` writing to `dir/name`; the file's path.
fn write(dir: &Path, name: &str, args: &[&str]) -> std::path::PathBuf {
    let path = dir.join(name);
    ok(&[args, &["-o", path.to_str().unwrap(), "-q"]].concat());
    path
}

/// The picture of `path` as RGB pixels (PNG, or a GIF's last frame), or the text of a vector file.
fn picture(path: &Path) -> Result<image::RgbImage, String> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("png") => Ok(decode_png(path)),
        Some("gif") => {
            let g = decode_gif(path);
            Ok(g.rgb(g.frames.len() - 1))
        }
        _ => Err(std::fs::read_to_string(path).unwrap_or_else(|_| {
            // A PDF: compared as bytes (its writer is deterministic).
            String::from_utf8_lossy(&std::fs::read(path).unwrap()).to_string()
        })),
    }
}

#[test]
fn presets_are_the_options_they_stand_for_in_every_format() {
    let dir = tempdir();
    let d = dir.path();
    for (preset, spelled) in [
        (
            &["--preset", "print"][..],
            &[
                "--theme",
                "print",
                "--background",
                "white",
                "--caption",
                "none",
            ][..],
        ),
        (
            &["--preset", "slides"][..],
            &["--theme", "slate", "--fit", "1920x1080"][..],
        ),
    ] {
        for ext in ["png", "gif", "svg", "pdf", "tex"] {
            let base = ["queens", "-n", "5"];
            let a = write(d, &format!("a.{ext}"), &[&base[..], preset].concat());
            let b = write(d, &format!("b.{ext}"), &[&base[..], spelled].concat());
            assert_eq!(picture(&a), picture(&b), "{preset:?} .{ext}");
        }
    }
}

#[test]
fn print_is_white_greyscale_and_uncaptioned() {
    let dir = tempdir();
    let plain = decode_png(&write(dir.path(), "q.png", &["queens", "-n", "8"]));
    let print = decode_png(&write(
        dir.path(),
        "p.png",
        &["queens", "-n", "8", "--preset", "print"],
    ));
    // No caption band: the default figure is 24 pixels taller.
    assert_eq!(print.dimensions(), (432, 432));
    assert_eq!(plain.dimensions(), (432, 456));
    assert_eq!(px(&print, 2, 2), [255, 255, 255], "white margin");
    let theme = Theme::by_name("print").unwrap();
    // b8 (0, 1) is a dark square without a queen in solution 1 (15863724).
    assert_eq!(px(&print, 24 + 48 + 24, 24 + 24), theme.dark);
    assert!(
        print.pixels().all(|p| p[0] == p[1] && p[1] == p[2]),
        "greyscale"
    );
    // A figure without a built-in caption is left as it is (no refusal, unlike --caption none).
    ok(&[
        "knight",
        "-n",
        "5",
        "--preset",
        "print",
        "-o",
        dir.path().join("k.png").to_str().unwrap(),
        "-q",
    ]);
}

#[test]
fn options_given_beside_a_preset_win() {
    let dir = tempdir();
    let d = dir.path();
    let mine = [
        "--theme",
        "classic",
        "--background",
        "theme",
        "--caption",
        "Mine",
    ];
    let a = write(
        d,
        "a.png",
        &[&["queens", "-n", "6", "--preset", "print"][..], &mine].concat(),
    );
    let b = write(d, "b.png", &[&["queens", "-n", "6"][..], &mine].concat());
    assert_eq!(decode_png(&a), decode_png(&b));
    // A cell given wins over the slide's box; a box given too.
    let c = decode_png(&write(
        d,
        "c.png",
        &["queens", "-n", "8", "--preset", "slides", "--cell", "40"],
    ));
    assert_eq!(c.dimensions(), (8 * 40 + 40, 8 * 40 + 60));
    let f = decode_png(&write(
        d,
        "f.png",
        &[
            "queens", "-n", "8", "--preset", "slides", "--fit", "400x300",
        ],
    ));
    assert!(
        f.width() <= 400 && f.height() <= 300,
        "{:?}",
        f.dimensions()
    );
    let slate = Theme::by_name("slate").unwrap();
    assert_eq!(px(&c, 2, 2), slate.background);
    // GIF and steps keep working with a preset (a step keeps its own caption).
    let g = decode_gif(&write(
        d,
        "g.gif",
        &[
            "queens",
            "-n",
            "4",
            "--preset",
            "print",
            "--max-frames",
            "3",
        ],
    ));
    assert_eq!(px(&g.rgb(0), 1, 1), [255, 255, 255]);
    let s = decode_png(&write(
        d,
        "s.png",
        &["queens", "-n", "4", "--preset", "print", "--step", "3"],
    ));
    assert!(s.height() > s.width(), "the step's caption stays");
    let e = fails(&["queens", "--preset", "poster", "-o", "x.png"], b"");
    assert!(e.contains("print") && e.contains("slides"), "{e}");
}
