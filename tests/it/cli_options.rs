//! Every option x every output kind, through the real binary: an option either changes what the
//! chosen output holds or is refused with one line that names it; the limits are refused within a
//! second; `--help` shows the defaults; completions and the man page are generated.
//!
//! The table is this test's own statement of the rules, independent of the binary's table: adding an
//! output format is adding a column (a variant of `Kind` and a letter to each row).

use std::path::Path;

use crate::common::{entries, fails, refused_before_work, run};

/// What `-o` chooses; the columns of the table, in order.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Stdout,
    Txt,
    Png,
    Gif,
    Svg,
    Pdf,
}

/// SVG and PDF are stills like PNG: they follow the PNG column of every row.
const KINDS: [Kind; 6] = [
    Kind::Stdout,
    Kind::Txt,
    Kind::Png,
    Kind::Gif,
    Kind::Svg,
    Kind::Pdf,
];

impl Kind {
    fn args(self, dir: &Path) -> Vec<String> {
        let file = |name: &str| vec!["-o".to_string(), dir.join(name).display().to_string()];
        match self {
            Kind::Stdout => Vec::new(),
            Kind::Txt => file("out.txt"),
            Kind::Png => file("out.png"),
            Kind::Gif => file("out.gif"),
            Kind::Svg => file("out.svg"),
            Kind::Pdf => file("out.pdf"),
        }
    }

    /// The column of a row that states this kind's expectation.
    fn column(self) -> usize {
        match self {
            Kind::Stdout => 0,
            Kind::Txt => 1,
            Kind::Png | Kind::Svg | Kind::Pdf => 2,
            Kind::Gif => 3,
        }
    }
}

/// The expectation in one cell of the table: `C` the output changes, `H` honoured (succeeds; the
/// sample value is the default's behaviour, or no different input exists in the repository), `R`
/// refused with one line naming the option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum E {
    C,
    H,
    R,
}
use E::{C, H, R};

/// One row: the option as `--help` lists it, the arguments that give it (`{dir}` is the run's
/// folder; a leading `!` means "instead of the base's board"), and the expectation per column of
/// [`KINDS`]. A refusal must name the first option of the arguments.
type Row = (&'static str, &'static [&'static str], [E; 4]);

/// Options of every drawing subcommand.
const SHARED: &[Row] = &[
    //                                               stdout txt png gif
    ("--cell", &["--cell", "20"], [R, R, C, C]),
    ("--margin", &["--margin", "0"], [R, R, C, C]),
    ("--theme", &["--theme", "print"], [R, R, C, C]),
    // Marks and arrows are on the scene (see tests/it/annotate.rs); their drawing arrives with
    // the overlays, after which they change every figure.
    ("--mark", &["--mark", "a1"], [R, R, H, H]),
    ("--arrow", &["--arrow", "a1-b3"], [R, R, H, H]),
    ("--coords", &["--coords", "none"], [R, R, C, C]),
    ("--caption", &["--caption", "A figure"], [R, R, C, C]),
    ("--background", &["--background", "white"], [R, R, C, C]),
    // A GIF records no resolution.
    ("--dpi", &["--dpi", "300"], [R, R, C, R]),
    // Colours of one's own (tests/it/colours.rs).
    (
        "--colours",
        &["--colours", "background=#123456"],
        [R, R, C, C],
    ),
    (
        "--theme-file",
        &["--theme-file", "examples/house-style.toml"],
        [R, R, C, C],
    ),
    // Shorthands (tests/it/presets.rs).
    ("--preset", &["--preset", "print"], [R, R, C, C]),
    // A box the whole picture fits in (tests/it/fit.rs).
    ("--fit", &["--fit", "300x200"], [R, R, C, C]),
    ("--width", &["--width", "150"], [R, R, C, C]),
    ("--height", &["--height", "150"], [R, R, C, C]),
    // TikZ source alone (-o FILE.tex, see tests/it/tikz.rs): refused by PNG, SVG and PDF alike.
    ("--standalone", &["--standalone"], [R, R, R, R]),
    ("--width-cm", &["--width-cm", "8"], [R, R, R, R]),
    // The repository holds one font, the bundled one: the option is honoured, not visible.
    ("--font", &["--font", "fonts/DejaVuSans.ttf"], [R, R, H, H]),
    // The bundled font's family, where it is installed (fonts-dejavu-core); refused with one line
    // naming the family where it is not.
    (
        "--font-family",
        &["--font-family", "DejaVu Sans"],
        [R, R, H, H],
    ),
    ("--lang", &["--lang", "zh"], [R, R, C, C]),
    // Words of one's own in the still's description (tests/it/accessibility.rs); prints words
    // instead of a picture, so it refuses -o.
    ("--alt", &["--alt", "A board"], [R, R, C, C]),
    ("--describe", &["--describe"], [C, R, R, R]),
    ("--font-size", &["--font-size", "14"], [R, R, C, C]),
    ("--delay", &["--delay", "40"], [R, R, R, C]),
    ("--hold", &["--hold", "100"], [R, R, R, C]),
    ("--every", &["--every", "2"], [R, R, R, C]),
    ("--max-frames", &["--max-frames", "3"], [R, R, R, C]),
    ("--loop", &["--loop", "2"], [R, R, R, C]),
    // Silences the summary line of a file output; standard output has none, and takes the flag
    // given out of habit.
    ("--quiet", &["--quiet"], [H, C, C, C]),
    // A still of one step; a folder of pictures instead of -o; a figure of some steps.
    ("--step", &["--step", "2"], [R, R, C, R]),
    ("--frames", &["--frames", "{dir}/frames"], [C, R, R, R]),
    // The picture animate.tex shows: --frames alone (tests/it/animate_tex.rs).
    ("--poster", &["--poster", "1"], [R, R, R, R]),
    ("--storyboard", &["--storyboard", "0,1"], [R, R, C, R]),
    ("--counter", &["--counter"], [R, R, R, C]),
    // A file beside the animation, which itself is unchanged (tests/it/accessibility.rs).
    ("--captions", &["--captions", "{dir}/c.vtt"], [R, R, R, H]),
    // Names the format of standard output; a file name names its own, and a --format that
    // disagrees with it is refused (one that agrees is accepted: tests/it/help_man.rs).
    ("--format", &["--format", "tex"], [C, R, R, R]),
];

const TROMINO_BASE: &[&str] = &["tromino", "-k", "2", "--special", "1,1"];
const TROMINO: &[Row] = &[
    // The program beside the board of every step picture: a GIF's; text takes counts with
    // --trace only, and a finished figure has no step (tests/it/panels.rs has the rest).
    ("--panel", &["--panel", "counts"], [R, R, R, C]),
    // One light tone with grid lines: a tiling draws its squares as tiles, and the squares not
    // yet tiled of a step as untiled, never light and dark (found by the option sweep).
    ("--squares", &["--squares", "plain"], [R, R, R, R]),
    ("--exponent", &["!", "-k", "3"], [C, C, C, C]),
    ("--size", &["!", "-n", "8"], [C, C, C, C]),
    (
        "--special",
        &["!", "-k", "2", "--special", "0,0"],
        [C, C, C, C],
    ),
    // --batch conflicts with -k and --special.
    ("--batch", &["!", "--batch"], [C, C, R, R]),
    // A check reads an answer: its report on standard output, its figure with -o FIGURE.
    (
        "--check",
        &["!", "--check", "tests/data/tiling-4x4.txt"],
        [C, R, C, R],
    ),
    // Only with --check.
    ("--textbook", &["--textbook"], [R, R, R, R]),
    ("--report", &["--report", "json"], [R, R, R, R]),
    ("--trace", &["--trace"], [C, C, R, R]),
    ("--color-by", &["--color-by", "orientation"], [R, R, C, C]),
    ("--numbers", &["--numbers"], [R, R, C, C]),
    ("--show-splits", &["--show-splits"], [R, R, C, C]),
    // The legend conflicts with -k and --special.
    ("--shapes", &["!", "--shapes"], [R, R, C, R]),
    ("--depth", &["--depth", "1"], [R, R, C, R]),
    (
        "--columns",
        &["--storyboard", "0,1,2", "--columns", "1"],
        [R, R, C, R],
    ),
];

const QUEENS_BASE: &[&str] = &["queens", "-n", "5"];
const QUEENS: &[Row] = &[
    // The program beside the board of every step picture: a GIF's; text takes counts with
    // --trace only, and a finished figure has no step (tests/it/panels.rs has the rest).
    ("--panel", &["--panel", "counts"], [R, R, R, C]),
    // One light tone with grid lines (tests/it/big_boards.rs).
    ("--squares", &["--squares", "plain"], [R, R, C, C]),
    ("--size", &["!", "-n", "6"], [C, C, C, C]),
    // Listing is what text output does without a mode.
    ("--list", &["--list"], [H, H, R, R]),
    ("--count", &["--count"], [C, C, R, R]),
    ("--trace", &["--trace"], [C, C, R, R]),
    ("--unique", &["--unique"], [C, C, C, R]),
    // --all writes a folder: every -o of a file kind is refused, and so is none.
    ("--all", &["--all"], [R, R, R, R]),
    // The sheet is its own output: with a -o of any kind it is refused (naming --sheet).
    ("--sheet", &["--sheet", "{dir}/sheet.png"], [C, R, R, R]),
    (
        "--columns",
        &["--sheet", "{dir}/sheet.png", "--columns", "1"],
        [C, R, R, R],
    ),
    ("--solution", &["--solution", "2"], [C, C, C, R]),
    ("--piece", &["--piece", "glyph"], [R, R, C, C]),
    // The search's GIF; on a still only with --queens (a solution leaves nothing to shade).
    ("--attacks", &["--attacks"], [R, R, R, C]),
    // The search's highlight and ghost, off: GIF only among these outputs.
    ("--no-emphasis", &["--no-emphasis"], [R, R, R, C]),
    // A placement: stills only.
    ("--queens", &["--queens", "13"], [R, R, C, R]),
    // One queen's lines of attack: the search's GIF (a queen stands on a2 in the 6-queens
    // search); a solution's still and text are refused.
    ("--attacks-of", &["--attacks-of", "a2"], [R, R, R, C]),
    // Attacking pairs of a placement (b2 attacks a1), which is a still.
    (
        "--conflicts",
        &["--conflicts", "--queens", "12"],
        [R, R, C, R],
    ),
    ("--until-solution", &["--until-solution", "1"], [R, R, R, C]),
    ("--solutions-only", &["--solutions-only"], [R, R, R, C]),
    (
        "--check",
        &["!", "--check", "tests/data/queens-5.txt"],
        [C, R, C, R],
    ),
    // Only with --check.
    ("--complete", &["--complete"], [R, R, R, R]),
    ("--partial", &["--partial"], [R, R, R, R]),
    ("--report", &["--report", "csv"], [R, R, R, R]),
];

const KNIGHT_BASE: &[&str] = &["knight", "-n", "6"];
const KNIGHT: &[Row] = &[
    // The program beside the board of every step picture: a GIF's; text takes counts with
    // --trace only, and a finished figure has no step (tests/it/panels.rs has the rest).
    ("--panel", &["--panel", "counts"], [R, R, R, C]),
    // One light tone with grid lines (tests/it/big_boards.rs).
    ("--squares", &["--squares", "plain"], [R, R, C, C]),
    ("--size", &["!", "--size", "5"], [C, C, C, C]),
    ("--rows", &["!", "--rows", "5", "--cols", "6"], [C, C, C, C]),
    ("--cols", &["!", "--cols", "5", "--rows", "6"], [C, C, C, C]),
    ("--start", &["--start", "2,2"], [C, C, C, C]),
    ("--closed", &["--closed"], [C, C, C, C]),
    // The path coloured by step, with its legend (tests/it/big_boards.rs).
    ("--path-colour", &["--path-colour", "step"], [R, R, C, C]),
    // A budget the 6 x 6 search stays within: honoured, nothing to see.
    ("--max-retreats", &["--max-retreats", "1000"], [H, H, H, H]),
    ("--method", &["--method", "warnsdorff"], [H, H, H, H]),
    // Two methods side by side: a line per method, the pair's figure and animation.
    (
        "--compare",
        &["--compare", "warnsdorff,construct"],
        [C, C, C, C],
    ),
    ("--trace", &["--trace"], [C, C, R, R]),
    // The search explained: its GIF (and steps, and --trace lines); a finished figure or the
    // matrix has no choice to show.
    ("--explain", &["--explain"], [R, R, R, C]),
    // The 6 x 6 search from the corner makes no retreat: honoured, nothing to hold.
    ("--retreat-delay", &["--retreat-delay", "700"], [R, R, R, H]),
    // A given path instead of the search: its matrix, its figure, laid out as a GIF.
    ("--path", &["!", "--path", "0,0 1,2"], [C, C, C, C]),
    (
        "--path-file",
        &["!", "--path-file", "tests/data/knight-5x5.txt"],
        [C, C, C, C],
    ),
    (
        "--check",
        &["!", "--check", "tests/data/knight-5x5.txt"],
        [C, R, C, R],
    ),
    // Only with --check.
    ("--report", &["--report", "json"], [R, R, R, R]),
    ("--show", &["--show", "path"], [R, R, C, C]),
    ("--piece", &["--piece", "none"], [R, R, C, C]),
    (
        "--columns",
        &["--storyboard", "0,1,2", "--columns", "1"],
        [R, R, C, R],
    ),
];

/// Input for `--batch` (ignored by every other run): the CASE batch format.
const BATCH_INPUT: &[u8] = b"1\n4\n1 1\n";

/// Everything a run produced: its standard output and standard error (where the summary line goes)
/// with the summary's timing removed and the run's folder named `{dir}`, and every file it wrote,
/// by name.
fn observe(dir: &Path, out: &std::process::Output) -> (String, Vec<(String, Vec<u8>)>) {
    let printed = [out.stdout.as_slice(), out.stderr.as_slice()].concat();
    let text = String::from_utf8_lossy(&printed).replace(&dir.display().to_string(), "{dir}");
    let text: String = text
        .lines()
        .map(|l| match l.rfind(" in ") {
            Some(i) if l.starts_with("wrote ") => format!("{}\n", &l[..i]),
            _ => format!("{l}\n"),
        })
        .collect();
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("read the run's folder")
        .map(|e| {
            let e = e.expect("an entry");
            let bytes = std::fs::read(e.path()).unwrap_or_default();
            (e.file_name().to_string_lossy().to_string(), bytes)
        })
        .collect();
    files.sort();
    (text, files)
}

fn args_for(base: &[&str], option: &[&str], kind: Kind, dir: &Path) -> Vec<String> {
    let dir_text = dir.display().to_string();
    let mut args: Vec<String> = base.iter().map(|s| s.to_string()).collect();
    args.extend(option.iter().map(|s| s.replace("{dir}", &dir_text)));
    args.extend(kind.args(dir));
    args
}

/// The long options `chessviz SUB --help` lists.
fn listed_options(subcommand: &str) -> Vec<String> {
    let out = run(&[subcommand, "--help"], b"");
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout).to_string();
    let mut options: Vec<String> = help
        .lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with('-'))
        .filter_map(|l| {
            l.split([' ', ','])
                .find(|w| w.starts_with("--"))
                .map(str::to_string)
        })
        .collect();
    options.sort();
    options.dedup();
    options
}

fn check_table(subcommand: &str, base: &[&str], own: &[Row]) {
    let listed = listed_options(subcommand);
    let rows: Vec<&Row> = own.iter().chain(SHARED).collect();
    for option in &listed {
        if ["--help", "--output"].contains(&option.as_str()) {
            continue;
        }
        assert!(
            rows.iter().any(|(name, _, _)| name == option),
            "{subcommand} {option} has no row in the option x output table"
        );
    }
    let mut failures = Vec::new();
    for kind in KINDS {
        let column = kind.column();
        let base_dir = tempfile::tempdir().unwrap();
        let base_args = args_for(base, &[], kind, base_dir.path());
        let base_refs: Vec<&str> = base_args.iter().map(String::as_str).collect();
        let out = run(&base_refs, BATCH_INPUT);
        assert!(out.status.success(), "baseline {base_refs:?}");
        let baseline = observe(base_dir.path(), &out);
        for (name, option, expect) in &rows {
            // An option another branch adds is checked once it exists.
            if !listed.iter().any(|l| l == name) {
                continue;
            }
            let dir = tempfile::tempdir().unwrap();
            let (base_here, option) = match option.split_first() {
                Some((&"!", rest)) => (&base[..1], rest),
                _ => (base, &option[..]),
            };
            let named = option
                .iter()
                .find(|a| a.starts_with('-'))
                .expect("an option");
            let args = args_for(base_here, option, kind, dir.path());
            let refs: Vec<&str> = args.iter().map(String::as_str).collect();
            match expect[column] {
                R => {
                    let e = fails(&refs, BATCH_INPUT);
                    if !e.contains(named) {
                        failures.push(format!("{refs:?}: refusal does not name {named}: {e}"));
                    }
                    if std::fs::read_dir(dir.path()).unwrap().next().is_some() {
                        failures.push(format!("{refs:?}: refused but wrote a file"));
                    }
                }
                C | H => {
                    let out = run(&refs, BATCH_INPUT);
                    if !out.status.success() {
                        failures.push(format!(
                            "{refs:?}: should succeed: {}",
                            String::from_utf8_lossy(&out.stderr)
                        ));
                        continue;
                    }
                    let seen = observe(dir.path(), &out);
                    if expect[column] == C && seen == baseline {
                        failures.push(format!("{refs:?}: output is the same as without {name}"));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn tromino_options_by_output() {
    check_table("tromino", TROMINO_BASE, TROMINO);
}

#[test]
fn queens_options_by_output() {
    check_table("queens", QUEENS_BASE, QUEENS);
}

#[test]
fn knight_options_by_output() {
    check_table("knight", KNIGHT_BASE, KNIGHT);
}

#[test]
fn refusals_name_the_output_they_need() {
    // Every animation of the library's format table, and the page that plays the steps.
    let animations: Vec<&str> = chessviz::files::FORMATS
        .iter()
        .filter(|f| !f.is_still())
        .map(|f| f.label)
        .collect();
    assert!(animations.contains(&"GIF") && animations.contains(&"HTML"));
    let e = fails(&["queens", "--delay", "40", "-o", "q.png"], b"");
    assert!(
        e.contains(&format!(
            "--delay applies to animations: {}, and to --frames",
            animations.join(", ")
        )),
        "{e}"
    );
    let e = fails(&["tromino", "--numbers", "--cell", "60", "-o", "-"], b"");
    assert!(e.contains("--numbers applies to pictures: PNG, SVG"), "{e}");
    let e = fails(&["queens", "--max-frames", "10", "-o", "step.png"], b"");
    assert!(e.contains("--max-frames") && e.contains("GIF"), "{e}");
    // Where a still is needed, every still format the table has is named, TeX (TikZ) too.
    for (args, names) in [
        (
            &["queens", "-n", "4", "--frames", "fr", "--format", "gif"][..],
            "png, svg, pdf or tex",
        ),
        (
            &["queens", "-n", "6", "--all", "-o", "all", "--format", "gif"][..],
            "png, svg, pdf or tex",
        ),
        (
            &["queens", "--step", "5", "-o", "q.gif"][..],
            ".png, .svg, .pdf or .tex",
        ),
    ] {
        let e = fails(args, b"");
        assert!(e.contains(names), "{args:?}: {e}");
    }
}

/// Runs `args` (with the output in a fresh folder) expecting a refusal before any work (see
/// `refused_before_work`: no byte written, no big allocation, no hang) that names `expect`; the
/// folder stays empty (no output, no temporary file).
fn refused_at_once(args: &[&str], file: &str, expect: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join(file);
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["-q", "-o", out.to_str().unwrap()]);
    let err = refused_before_work(&all);
    for word in expect {
        assert!(err.contains(word), "{all:?}: no '{word}' in {err}");
    }
    assert!(
        entries(dir.path()).is_empty(),
        "{all:?} left {:?}",
        entries(dir.path())
    );
}

#[test]
fn frame_limits_are_refused_before_the_first_frame() {
    // 349525 tiles: known from k alone.
    refused_at_once(
        &["tromino", "-k", "10", "--cell", "1"],
        "t.gif",
        &["349526 frames", "--every 2"],
    );
    // A knight moves onto every square but the first: 200703 moves at least.
    refused_at_once(
        &["knight", "-n", "448", "--cell", "1", "--margin", "0"],
        "k.gif",
        &["200703 frames", "--every 2"],
    );
    // The search is counted without drawing, and the count stops past the limit: counting the whole
    // 30-queens search would not end.
    refused_at_once(
        &["queens", "-n", "30", "--cell", "4"],
        "q.gif",
        &["more than the 200000 frames", "--every"],
    );
    refused_at_once(
        &["queens", "-n", "8", "--until-solution", "93"],
        "q.gif",
        &["--until-solution 93 is out of range", "92 solutions"],
    );
}

#[test]
fn pixel_and_memory_limits_are_refused_before_the_search() {
    // Over the canvas limit (2^28 pixels).
    refused_at_once(
        &["knight", "-n", "10000", "--cell", "48"],
        "k.png",
        &["--cell"],
    );
    // Over the GIF format's side.
    refused_at_once(
        &["knight", "--rows", "5", "--cols", "7000", "--cell", "10"],
        "k.gif",
        &["65535"],
    );
    // Within the canvas limit, over the memory limit: a GIF keeps a copy of the picture and its
    // indexed frame (7 bytes a pixel).
    refused_at_once(
        &["knight", "-n", "447", "--cell", "36"],
        "k.gif",
        &["GIF", "memory", "--cell 26 or less"],
    );
    // The tour, its cells and its path index: 10^8 (or 9 x 10^6) squares cannot be drawn at any cell.
    refused_at_once(
        &["knight", "-n", "10000", "--cell", "1", "--margin", "0"],
        "k.png",
        &["memory", "use a smaller board"],
    );
    refused_at_once(
        &["knight", "-n", "3000", "--cell", "1"],
        "k.png",
        &["1.12 GiB", "use a smaller board"],
    );
}

#[test]
fn solution_numbers_are_checked_before_a_long_walk() {
    // 73712 solutions: counted (a tenth of a second) instead of walked one by one (seconds).
    refused_at_once(
        &["queens", "-n", "13", "--solution", "99999999"],
        "q.png",
        &["out of range", "n = 13 has 73,712 solutions"],
    );
    let e = fails(&["queens", "-n", "3", "-o", "q3.png"], b"");
    assert!(e.contains("3 queens have no solution"), "{e}");
    assert!(!e.contains("--solution"), "{e}");
    let e = fails(&["queens", "-n", "3", "--solution", "1"], b"");
    assert!(e.contains("3 queens have no solution"), "{e}");
}

#[test]
fn clap_suggestions_stay_in_the_one_line_error() {
    let e = fails(&["knight", "--sise", "6"], b"");
    assert!(e.contains("'--sise'") && e.contains("'--size'"), "{e}");
    let e = fails(&["queen"], b"");
    assert!(e.contains("'queens'"), "{e}");
    // Options are named as typed, without value placeholders.
    let e = fails(&["tromino", "-k", "99"], b"");
    assert!(e.contains("for -k:") && !e.contains('<'), "{e}");
    let e = fails(&["knight", "--rows", "5"], b"");
    assert!(e.contains("provided: --cols") && !e.contains('<'), "{e}");
    let e = fails(
        &["knight", "--size", "5", "--rows", "3", "--cols", "4"],
        b"",
    );
    assert!(e.contains("--size") && !e.contains('<'), "{e}");
}

#[test]
fn help_shows_each_subcommands_defaults() {
    for (sub, delay) in [("queens", "500"), ("tromino", "300"), ("knight", "150")] {
        let out = run(&[sub, "--help"], b"");
        let help = String::from_utf8_lossy(&out.stdout);
        // --help gives each option a block: its name, its text and its default, to a blank line.
        let line = |opt: &str| {
            let mut lines = help
                .lines()
                .skip_while(|l| !l.trim_start().starts_with(opt));
            let block: Vec<&str> = lines
                .by_ref()
                .take_while(|l| !l.trim().is_empty())
                .collect();
            let rest: Vec<&str> = lines
                .take_while(|l| !l.trim_start().starts_with('-'))
                .collect();
            assert!(!block.is_empty(), "{sub}: no {opt} in help");
            [block, rest].concat().join(" ")
        };
        assert!(
            line("--delay").contains(&format!("[default: {delay}]")),
            "{sub}: {}",
            line("--delay")
        );
        assert!(line("--hold").contains("[default: 3000]"), "{sub}");
        assert!(line("--cell").contains("[default: 48]"), "{sub}");
        assert!(line("--every").contains("[default: 1]"), "{sub}");
    }
    // The defaults shown are the ones used: a GIF without --delay paces like --delay 300.
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.gif");
    let b = dir.path().join("b.gif");
    for (path, extra) in [(&a, &[][..]), (&b, &["--delay", "300"][..])] {
        let mut args = vec!["tromino", "-k", "2", "-q", "-o", path.to_str().unwrap()];
        args.extend(extra);
        assert!(run(&args, b"").status.success());
    }
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn a_gif_delay_under_20_ms_is_refused_and_other_animations_keep_it() {
    let dir = tempfile::tempdir().unwrap();
    let run_with = |delay: &str, name: &str| {
        let path = dir.path().join(name);
        let args = [
            "tromino",
            "-k",
            "2",
            "--delay",
            delay,
            "-o",
            path.to_str().unwrap(),
        ];
        (run(&args, b""), path)
    };
    for delay in ["0", "10", "19"] {
        let (out, path) = run_with(delay, "t.gif");
        assert_eq!(out.status.code(), Some(2), "--delay {delay}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with(&format!("error: --delay {delay} is too short for a GIF"))
                && err.contains("100 ms")
                && err.trim_end().lines().count() == 1,
            "{err}"
        );
        assert!(!path.exists(), "--delay {delay} wrote a GIF");
    }
    let (out, path) = run_with("20", "t.gif");
    assert!(out.status.success() && path.exists());
    // Other animations play short delays as given.
    let (out, path) = run_with("10", "t.apng");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(path.exists());
}

#[test]
fn every_file_output_says_what_it_wrote() {
    let dir = tempfile::tempdir().unwrap();
    for (sub, file) in [
        ("tromino", "t.txt"),
        ("tromino", "t.png"),
        ("tromino", "t.gif"),
        ("queens", "q.txt"),
        ("queens", "q.png"),
        ("queens", "q.gif"),
        ("knight", "k.txt"),
        ("knight", "k.png"),
        ("knight", "k.gif"),
    ] {
        let path = dir.path().join(file);
        let mut args = vec![sub, "-o", path.to_str().unwrap()];
        if sub == "queens" && file.ends_with("gif") {
            args.extend(["-n", "4"]);
        }
        let out = run(&args, b"");
        assert!(out.status.success(), "{args:?}");
        // On standard error, as cargo and ffmpeg say what they did: standard output stays empty.
        assert!(out.stdout.is_empty(), "{args:?}");
        let text = String::from_utf8_lossy(&out.stderr);
        let expected = format!("wrote {} (", path.display());
        assert!(
            text.starts_with(&expected)
                && text.trim_end().ends_with(" s")
                && text.lines().count() == 1,
            "{args:?}: {text}"
        );
        if file.ends_with("gif") {
            assert!(text.contains(" frames, "), "{text}");
        }
        if file.ends_with("png") {
            assert!(text.contains(" pixels, "), "{text}");
        }
    }
}

#[test]
fn completions_and_the_man_page_are_generated() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = run(&["completions", shell], b"");
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8_lossy(&out.stdout);
        assert!(script.contains("chessviz"), "{shell}");
        assert!(
            script.contains("until-solution"),
            "{shell}: options missing"
        );
    }
    let e = fails(&["completions", "tcsh"], b"");
    assert!(e.contains("tcsh"), "{e}");
    let out = run(&["man"], b"");
    assert!(out.status.success());
    let page = String::from_utf8_lossy(&out.stdout);
    assert!(
        page.starts_with(".ie") || page.contains(".TH chessviz"),
        "{page}"
    );
}

/// The bash script loads, and registers a completion for chessviz (when bash is installed).
#[test]
fn bash_completion_loads() {
    let Ok(probe) = std::process::Command::new("bash").arg("--version").output() else {
        return;
    };
    if !probe.status.success() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("chessviz.bash");
    let out = run(&["completions", "bash"], b"");
    std::fs::write(&script, &out.stdout).unwrap();
    let check = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!(
            "source '{}' && complete -p chessviz",
            script.display()
        ))
        .output()
        .expect("run bash");
    let said = String::from_utf8_lossy(&check.stdout);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    assert!(said.contains("chessviz"), "{said}");
}

/// Frames repaint only the cells that changed and the path segments near them: at small cells,
/// where one knight's move spans several cells of a few pixels, every retreat still restores the
/// picture before its move (but for the dead end it marks), and the last frame is the still of the finished tour.
#[test]
fn repainting_what_changed_keeps_every_frame_exact() {
    use chessviz::knight::{KnightEvent, KnightProblem};
    use chessviz::Square;
    let dir = tempfile::tempdir().unwrap();
    // On 3 x 7 from the corner the search retreats many times before it finds a tour.
    let problem = KnightProblem::new(3, 7, Square::new(0, 0)).unwrap();
    let events: Vec<KnightEvent> = problem.trace().unwrap().map(|e| e.unwrap()).collect();
    for cell in ["1", "2", "5"] {
        let gif = dir.path().join(format!("k{cell}.gif"));
        let png = dir.path().join(format!("k{cell}.png"));
        let look = [
            "knight", "--rows", "3", "--cols", "7", "--cell", cell, "--margin", "0", "-q",
        ];
        for (path, pacing) in [(&gif, &["--delay", "20"][..]), (&png, &[][..])] {
            let mut args = look.to_vec();
            args.extend(pacing);
            args.extend(["-o", path.to_str().unwrap()]);
            let out = run(&args, b"");
            assert!(out.status.success(), "{args:?}");
        }
        let g = crate::common::decode_gif(&gif);
        // The start, then frame i + 1 for event i.
        assert_eq!(g.frames.len(), events.len() + 1, "--cell {cell}");
        let mut before: Vec<Option<usize>> = Vec::new();
        for (i, e) in events.iter().enumerate() {
            let i = i + 1;
            match e {
                KnightEvent::Move { .. } => before.push((i > 1).then(|| i - 1)),
                KnightEvent::Retreat { square, .. } => {
                    let prev = before.pop().flatten().expect("a move to undo");
                    // All but the dead ends marked in either frame (retreats in a row).
                    let mut skip = vec![*square];
                    if let KnightEvent::Retreat { square, .. } = events[prev - 1] {
                        skip.push(square);
                    }
                    let (c, w) = (cell.parse::<usize>().unwrap(), g.width as usize);
                    let marked = |p: usize| {
                        let (x, y) = ((p % w) / c, (p / w) / c);
                        skip.iter()
                            .any(|sq| (x, y) == (sq.col as usize, sq.row as usize))
                    };
                    let (now, then) = (&g.frames[i].screen, &g.frames[prev].screen);
                    assert!(
                        (0..now.len()).all(|p| marked(p) || now[p] == then[p]),
                        "--cell {cell}: retreat at event {i} restores frame {prev}"
                    );
                }
            }
        }
        let still = crate::common::decode_png(&png);
        assert!(g.rgb(events.len()) == still, "--cell {cell}: last frame");
    }
}
