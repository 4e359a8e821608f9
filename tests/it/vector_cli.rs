//! SVG and PDF through the command: `-o FIG.svg` and `-o FIG.pdf` on every subcommand draw the figure
//! `-o FIG.png` draws, and `queens --all --format svg|pdf` writes a folder of them.

use std::path::Path;

use crate::common::{decode_png, fails, ok};
use crate::vector::{assert_agrees, check_pdf};

const FIGURES: [(&str, &[&str]); 3] = [
    (
        "tromino",
        &[
            "tromino",
            "-k",
            "3",
            "--special",
            "1,6",
            "--numbers",
            "--show-splits",
            "--cell",
            "32",
        ],
    ),
    (
        "queens",
        &["queens", "-n", "8", "--solution", "12", "--cell", "32"],
    ),
    (
        "knight",
        &["knight", "-n", "7", "--start", "3,3", "--cell", "40"],
    ),
];

fn write(dir: &Path, name: &str, args: &[&str]) -> std::path::PathBuf {
    let path = dir.join(name);
    let mut full = args.to_vec();
    full.extend(["-q", "-o", path.to_str().unwrap()]);
    ok(&full);
    path
}

#[test]
fn svg_and_pdf_outputs_draw_the_png_figure() {
    let dir = tempfile::tempdir().unwrap();
    for (name, args) in FIGURES {
        let png = decode_png(&write(dir.path(), &format!("{name}.png"), args));
        let svg = std::fs::read_to_string(write(dir.path(), &format!("{name}.svg"), args)).unwrap();
        let view = format!("viewBox=\"0 0 {} {}\"", png.width(), png.height());
        assert!(svg.contains(&view), "{name}: {view} in the SVG");
        assert!(!svg.contains("<image"), "{name}: no raster inside the SVG");
        assert_agrees(&format!("cli-{name}"), &svg, &png);
        let pdf = std::fs::read(write(dir.path(), &format!("{name}.pdf"), args)).unwrap();
        check_pdf(&pdf, png.width(), png.height(), 0.75);
        // The same arguments give the same bytes.
        let again = std::fs::read(write(dir.path(), &format!("{name}-again.pdf"), args)).unwrap();
        assert!(pdf == again, "{name}: two PDF runs differ");
    }
}

#[test]
fn all_solutions_as_svg_and_pdf_files() {
    let dir = tempfile::tempdir().unwrap();
    for format in ["svg", "pdf"] {
        let out = dir.path().join(format);
        let args = [
            "queens", "-n", "6", "--all", "--format", format, "--cell", "24", "-q",
        ];
        ok(&[&args[..], &["-o", out.to_str().unwrap()]].concat());
        let mut names: Vec<String> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        let want: Vec<String> = (1..=4).map(|i| format!("solution-{i}.{format}")).collect();
        assert_eq!(names, want);
        for name in &names {
            let bytes = std::fs::read(out.join(name)).unwrap();
            match format {
                "svg" => assert!(bytes.starts_with(b"<?xml") || bytes.starts_with(b"<svg")),
                _ => check_pdf(&bytes, 6 * 24 + 2 * 16, 6 * 24 + 3 * 16, 0.75),
            }
        }
    }
    // Without --all, --format names the format of standard output; a file name says its own.
    let svg = ok(&["queens", "--format", "svg"]);
    assert!(svg.contains("<svg"), "{svg}");
    let err = fails(&["queens", "--format", "svg", "-o", "q.png"], b"");
    assert!(err.contains("--format"), "{err}");
}

#[test]
fn unknown_extensions_list_every_format() {
    let err = fails(&["knight", "-o", "k.jpg"], b"");
    for ext in [".png", ".gif", ".svg", ".pdf", ".txt"] {
        assert!(err.contains(ext), "{err}");
    }
}
