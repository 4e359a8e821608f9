//! Colours of one's own: `--colours ROLE=#rgb`, `--theme-file`, and a colour per mark and arrow, in
//! every format; unknown roles refused; contrast rules of the themes warned about, not refused.

use std::path::Path;

use chessviz::colour::{mix, parse_colour};
use chessviz::{draw, Arrow, Mark, MarkKind, RenderHints, Scene, Square, Style, Theme};

use crate::common::{decode_gif, decode_png, fails, ok, px, run, tempdir};
use crate::vector::render_svg;

const LIGHT: [u8; 3] = [0x12, 0x34, 0x56];
const DARK: [u8; 3] = [0x65, 0x43, 0x21];
const ARROW: [u8; 3] = [0, 0x66, 0xcc];
const RING: [u8; 3] = [0xcc, 0x66, 0];

/// The middle of cell (r, c) of a figure of 48-pixel cells and 24-pixel margins.
fn centre(r: u32, c: u32) -> (u32, u32) {
    (24 + c * 48 + 24, 24 + r * 48 + 24)
}

/// The fill colours (`rg` operators) of a PDF's page.
fn pdf_fills(path: &Path) -> Vec<[u8; 3]> {
    let doc = lopdf::Document::load(path).expect("a PDF");
    let page = *doc.get_pages().values().next().expect("a page");
    let content = lopdf::content::Content::decode(&doc.get_page_content(page)).unwrap();
    content
        .operations
        .iter()
        .filter(|op| op.operator == "rg")
        .map(|op| {
            let v: Vec<f32> = op.operands.iter().map(|o| o.as_float().unwrap()).collect();
            [0, 1, 2].map(|i| (v[i] * 255.0).round() as u8)
        })
        .collect()
}

#[test]
fn overridden_roles_and_item_colours_show_in_every_format() {
    let dir = tempdir();
    let args = |out: &str| -> Vec<String> {
        [
            "queens",
            "-n",
            "5",
            "--colours",
            "light=#123456, dark=#654321",
            "--arrow",
            "a1-a3:#06c",
            "--mark",
            "e5:ring:#cc6600",
            "-o",
            out,
            "-q",
        ]
        .map(String::from)
        .to_vec()
    };
    let run_to = |name: &str| {
        let p = dir.path().join(name);
        let a = args(p.to_str().unwrap());
        ok(&a.iter().map(String::as_str).collect::<Vec<_>>());
        p
    };
    // Row 0 is rank 5: e5 is (0, 4); b4 (1, 1) is dark, c4 (1, 2) light. The arrow runs up
    // the a-file from a1 (4, 0): its shaft passes the middle of a2 (3, 0).
    let ring_px = |img: &image::RgbImage| {
        let (x, y) = centre(0, 4);
        (15..22).map(|dx| px(img, x + dx, y)).collect::<Vec<_>>()
    };
    let png = decode_png(&run_to("f.png"));
    let gif = decode_gif(&run_to("f.gif"));
    let svg = render_svg(&std::fs::read_to_string(run_to("f.svg")).unwrap());
    for (what, img) in [
        ("png", png),
        ("gif", gif.rgb(gif.frames.len() - 1)),
        ("svg", svg),
    ] {
        let (lx, ly) = centre(1, 1);
        let (dx, dy) = centre(1, 2);
        assert_eq!(px(&img, lx, ly), LIGHT, "{what}: light square");
        assert_eq!(px(&img, dx, dy), DARK, "{what}: dark square");
        let (ax, ay) = centre(3, 0);
        assert_eq!(px(&img, ax, ay), ARROW, "{what}: the arrow's own colour");
        assert!(
            ring_px(&img).contains(&RING),
            "{what}: the ring's own colour"
        );
    }
    let fills = pdf_fills(&run_to("f.pdf"));
    for c in [LIGHT, DARK, ARROW, RING] {
        assert!(fills.contains(&c), "pdf lacks {c:?}");
    }
    let tex = std::fs::read_to_string(run_to("f.tex")).unwrap();
    for hex in ["123456", "654321", "0066CC", "CC6600"] {
        assert!(tex.to_uppercase().contains(hex), "tikz lacks {hex}");
    }
}

#[test]
fn an_items_colour_enters_the_palette_with_its_ramps() {
    let mut scene = Scene::checkerboard(4, 4);
    let arrow = Arrow {
        from: Square::new(3, 0),
        to: Square::new(1, 1),
    };
    scene.push_arrow_in(arrow, Some(ARROW));
    let mark = Mark {
        square: Square::new(0, 3),
        kind: MarkKind::Ring,
    };
    scene.push_mark_in(mark, Some(RING));
    let style = Style::new(40);
    let still = draw(&scene, RenderHints::default(), &style).unwrap();
    let palette = still.palette();
    let edge = palette
        .index_of(style.theme.overlay_edge)
        .expect("edge colour");
    for colour in [ARROW, RING] {
        let ink = palette.index_of(colour).expect("the colour itself");
        assert!(palette.has_ramp(edge, ink), "{colour:?} on its edge");
        for square in [style.theme.light, style.theme.dark] {
            let bg = palette.index_of(square).unwrap();
            assert!(palette.has_ramp(bg, ink), "{colour:?} on {square:?}");
        }
        // The ramp's middle step is the exact mix, not the nearest theme colour.
        assert!(palette
            .index_of(mix(style.theme.overlay_edge, colour, 146))
            .is_some());
    }
    // Edge pixels of the diagonal arrow use its ramp: some pixel is neither the arrow, its edge nor
    // a square, and lies between the edge and the arrow.
    let img = still.to_rgba();
    let ramp: Vec<[u8; 3]> = (1..7)
        .map(|s| mix(style.theme.overlay_edge, ARROW, ((s * 255 + 3) / 7) as u8))
        .collect();
    assert!(
        img.pixels().any(|p| ramp.contains(&[p[0], p[1], p[2]])),
        "no ramp step drawn"
    );
}

#[test]
fn unknown_roles_are_refused_with_the_list() {
    let e = fails(&["queens", "--colours", "floor=#fff", "-o", "x.png"], b"");
    assert!(
        e.contains("'floor'") && e.contains("light, dark") && e.contains("overlay-edge"),
        "{e}"
    );
    let e = fails(&["queens", "--colours", "light=#ff", "-o", "x.png"], b"");
    assert!(e.contains("#rrggbb"), "{e}");
    let e = fails(&["queens", "--arrow", "a1-c2:#zzz", "-o", "x.png"], b"");
    assert!(e.contains("#zzz"), "{e}");
    let dir = tempdir();
    let file = dir.path().join("house.toml");
    std::fs::write(&file, "base = \"classic\"\nfloor = \"#ffffff\"\n").unwrap();
    let f = file.to_str().unwrap();
    let e = fails(&["queens", "--theme-file", f, "-o", "x.png"], b"");
    assert!(
        e.contains("line 2") && e.contains("'floor'") && e.contains("overlay-edge"),
        "{e}"
    );
    std::fs::write(&file, "mark = \"#0066cc\"\n").unwrap();
    let e = fails(&["queens", "--theme-file", f, "-o", "x.png"], b"");
    assert!(e.contains("missing: background"), "{e}");
}

#[test]
fn a_theme_file_paints_its_roles() {
    let dir = tempdir();
    let file = dir.path().join("house.toml");
    let full: String = Theme::ROLES
        .iter()
        .map(|r| {
            format!(
                "{r} = \"#{}\"\n",
                if *r == "light" { "123456" } else { "808080" }
            )
        })
        .collect();
    std::fs::write(&file, format!("# a complete house style\n{full}")).unwrap();
    let out = dir.path().join("t.png");
    let o = out.to_str().unwrap();
    // Every role named: the file needs no base (and warns of its grey murk on stderr).
    ok(&[
        "tromino",
        "-k",
        "2",
        "--theme-file",
        file.to_str().unwrap(),
        "-o",
        o,
        "-q",
    ]);
    std::fs::write(&file, "base = \"slate\" # the rest\ndark = \"#654321\"\n").unwrap();
    ok(&[
        "queens",
        "-n",
        "4",
        "--theme-file",
        file.to_str().unwrap(),
        "-o",
        o,
        "-q",
    ]);
    let img = decode_png(Path::new(o));
    // Empty squares of the first solution (2413): (1, 0) dark, (1, 1) light.
    let (x, y) = centre(1, 0);
    assert_eq!(px(&img, x, y), DARK);
    let (x, y) = centre(1, 1);
    assert_eq!(px(&img, x, y), Theme::by_name("slate").unwrap().light);
}

#[test]
fn low_contrast_colours_are_warned_about_not_refused() {
    let dir = tempdir();
    let out = dir.path().join("w.png");
    let o = out.to_str().unwrap();
    let murky = [
        "queens",
        "-n",
        "5",
        "--colours",
        "light=#808080,dark=#7a7a7a",
        "-o",
        o,
    ];
    let r = run(&murky, b"");
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(r.status.success(), "{err}");
    assert!(
        err.lines()
            .any(|l| l.starts_with("warning: light and dark squares")),
        "{err}"
    );
    assert!(out.exists());
    // A dark square the knight's path and start ring hardly stand off: a knight's tour is warned
    // about them, a queens figure (which draws no path) is not.
    let warnings = |command: &str| {
        let args = [command, "--colours", "dark=#b58863", "-o", o];
        let r = run(&args, b"");
        assert!(r.status.success());
        String::from_utf8_lossy(&r.stderr).to_string()
    };
    let knight = warnings("knight");
    assert!(
        knight.contains("warning: the path line on dark squares"),
        "{knight}"
    );
    let queens = warnings("queens");
    assert!(!queens.contains("line on"), "{queens}");
    // An arrow nearly the colour of its edge.
    let r = run(
        &["queens", "-n", "5", "--arrow", "a1-c2:#fafaf5", "-o", o],
        b"",
    );
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        r.status.success() && err.contains("warning: the --arrow a1-c2:#fafaf5 colour"),
        "{err}"
    );
    // Colours that keep the rules say nothing but what was written, and -q not even that.
    let r = run(
        &["queens", "-n", "5", "--arrow", "a1-c2:#300060", "-o", o],
        b"",
    );
    assert!(
        String::from_utf8_lossy(&r.stderr).starts_with("wrote ")
            && r.stderr
                .split(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
                .count()
                == 1,
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let r = run(&[&murky[..], &["-q"]].concat(), b"");
    assert!(
        r.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert_eq!(parse_colour("#c00").unwrap(), [0xcc, 0, 0]);
}
