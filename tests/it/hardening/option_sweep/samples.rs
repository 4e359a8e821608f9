//! What the sweep runs: each subcommand's small board, the output kinds, and one sample value per
//! option, chosen to differ from the option's default so that "the same output" means "ignored".

/// Each subcommand's base arguments: a small board, so that the ~2000 runs stay affordable. An
/// option of the same name as one here replaces it.
pub const BASES: &[(&str, &[&str])] = &[
    ("tromino", &["--exponent", "2"]),
    ("queens", &["--size", "4"]),
    ("knight", &["--size", "5"]),
    ("board", &["--size", "4", "--piece", "a1=Q"]),
    ("gallery", &["{dir}/gallery"]),
    ("man", &[]),
    ("completions", &["fish"]),
];

/// An output kind: its name (as the reason table names it), the arguments that choose it, and the
/// base options it replaces. The first option of the arguments, when it is not `-o`, is the kind's
/// own: it is not swept against its own kind.
pub struct Kind {
    pub name: &'static str,
    pub args: &'static [&'static str],
    pub drops: &'static [&'static str],
}

const fn kind(name: &'static str, args: &'static [&'static str]) -> Kind {
    Kind {
        name,
        args,
        drops: &[],
    }
}

/// Every output kind a drawing subcommand has. A kind whose option the subcommand lacks, or whose
/// run without options is refused (a board has no animation), is left out for that subcommand.
pub const KINDS: &[Kind] = &[
    kind("stdout", &[]),
    kind("txt", &["-o", "{dir}/out.txt"]),
    kind("png", &["-o", "{dir}/out.png"]),
    kind("svg", &["-o", "{dir}/out.svg"]),
    kind("pdf", &["-o", "{dir}/out.pdf"]),
    kind("tex", &["-o", "{dir}/out.tex"]),
    kind("gif", &["-o", "{dir}/out.gif"]),
    kind("apng", &["-o", "{dir}/out.apng"]),
    kind("webp", &["-o", "{dir}/out.webp"]),
    kind("mp4", &["-o", "{dir}/out.mp4"]),
    kind("html", &["-o", "{dir}/out.html"]),
    kind("frames", &["--frames", "{dir}/frames"]),
    // Step 7 is where the searches of the two knight's methods part; a queen stands on a1 there,
    // and four trominoes are laid.
    kind(
        "storyboard",
        &["--storyboard", "0,1,7", "-o", "{dir}/out.png"],
    ),
    kind("step", &["--step", "7", "-o", "{dir}/out.png"]),
    kind("sheet", &["--sheet", "{dir}/sheet.png"]),
    // The bare board: no margin, so no text.
    kind("bare", &["--margin", "0", "-o", "{dir}/out.png"]),
];

/// The modes of one subcommand that draw something else than its usual figure, swept as kinds of
/// their own: (subcommand, kind).
pub const MODES: &[(&str, Kind)] = &[
    (
        "tromino",
        Kind {
            name: "shapes",
            args: &["--shapes", "-o", "{dir}/out.png"],
            drops: &["--exponent"],
        },
    ),
    (
        "tromino",
        kind("depth", &["--depth", "1", "-o", "{dir}/out.png"]),
    ),
    // Boards above k = 10 are drawn bare and streamed.
    (
        "tromino",
        Kind {
            name: "k11",
            args: &["--exponent", "11", "--cell", "1", "-o", "{dir}/out.png"],
            drops: &["--exponent"],
        },
    ),
    // Two queens that attack each other (a1 and b2), for --conflicts.
    (
        "queens",
        kind("placement", &["--queens", "12", "-o", "{dir}/out.png"]),
    ),
    (
        "queens",
        kind("solution", &["--solution", "1", "-o", "{dir}/out.png"]),
    ),
    (
        "knight",
        kind("degrees", &["--show", "degrees", "-o", "{dir}/out.png"]),
    ),
    ("knight", kind("degrees-text", &["--show", "degrees"])),
    (
        "knight",
        kind(
            "construct",
            &["--method", "construct", "-o", "{dir}/out.gif"],
        ),
    ),
];

/// The kinds of the subcommands that draw nothing of the above: the gallery writes its folder,
/// `man` and `completions` print.
pub const OWN_KIND: &[(&str, &str)] = &[
    ("gallery", "folder"),
    ("man", "stdout"),
    ("completions", "stdout"),
];

/// A sample: (subcommand or "*", option, the arguments that give it, base options it replaces).
/// `{dir}` is the run's folder, `{data}` the tests' data folder, `{root}` the repository.
pub type Sample = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

/// One value per option that takes one; options with possible values and no row here take the
/// first possible value that is not the default `--help` gives.
pub const SAMPLES: &[Sample] = &[
    ("tromino", "exponent", &["--exponent", "1"], &[]),
    ("tromino", "size", &["--size", "8"], &["--exponent"]),
    ("queens", "size", &["--size", "5"], &[]),
    ("knight", "size", &["--size", "6"], &[]),
    ("board", "size", &["--size", "5"], &[]),
    ("tromino", "special", &["--special", "1,2"], &[]),
    ("tromino", "depth", &["--depth", "1"], &[]),
    (
        "tromino",
        "check",
        &["--check", "{data}/tiling-4x4.txt"],
        &[],
    ),
    (
        "queens",
        "check",
        &["--check", "{data}/queens-5.txt"],
        &["--size"],
    ),
    (
        "knight",
        "check",
        &["--check", "{data}/knight-5x5.txt"],
        &[],
    ),
    ("*", "cell", &["--cell", "12"], &[]),
    ("*", "margin", &["--margin", "3"], &[]),
    (
        "*",
        "font",
        &["--font", "{root}/fonts/NotoSansCJKsc-subset.otf"],
        &[],
    ),
    // Installed with fonts-dejavu-core; where it is missing the runs are refused, and say so.
    ("*", "font-family", &["--font-family", "DejaVu Serif"], &[]),
    ("*", "font-size", &["--font-size", "14"], &[]),
    ("*", "dpi", &["--dpi", "300"], &[]),
    // The margin, the dark squares of a bare board and a tile colour of a bare tiling.
    (
        "*",
        "colours",
        &["--colours", "background=#123456,dark=#456789,tile1=#345678"],
        &[],
    ),
    (
        "*",
        "theme-file",
        &["--theme-file", "{root}/examples/house-style.toml"],
        &[],
    ),
    ("*", "fit", &["--fit", "100x90"], &[]),
    ("*", "width", &["--width", "100"], &[]),
    ("*", "height", &["--height", "90"], &[]),
    ("*", "width-cm", &["--width-cm", "5"], &[]),
    ("*", "mark", &["--mark", "a1:cross"], &[]),
    ("*", "arrow", &["--arrow", "a1-b3"], &[]),
    ("*", "caption", &["--caption", "A figure"], &[]),
    ("*", "alt", &["--alt", "A figure of mine"], &[]),
    ("*", "captions", &["--captions", "{dir}/captions.vtt"], &[]),
    // The index labels are tromino's and knight's default, chess labels queens'.
    ("*", "coords", &["--coords", "none"], &[]),
    ("*", "every", &["--every", "2"], &[]),
    ("*", "max-frames", &["--max-frames", "3"], &[]),
    ("*", "loop", &["--loop", "2"], &[]),
    ("*", "step", &["--step", "5"], &[]),
    ("*", "frames", &["--frames", "{dir}/frames"], &[]),
    ("*", "poster", &["--poster", "1"], &[]),
    ("*", "storyboard", &["--storyboard", "0,2"], &[]),
    ("*", "format", &["--format", "svg"], &[]),
    ("*", "columns", &["--columns", "3"], &[]),
    ("*", "delay", &["--delay", "40"], &[]),
    ("*", "hold", &["--hold", "100"], &[]),
    ("*", "panel", &["--panel", "code"], &[]),
    ("queens", "sheet", &["--sheet", "{dir}/sheet.png"], &[]),
    ("queens", "solution", &["--solution", "2"], &[]),
    // Not a solution (a solution drawn as a placement is that solution's figure).
    ("queens", "queens", &["--queens", "14"], &[]),
    // The first queen the 4-queens search places.
    ("queens", "attacks-of", &["--attacks-of", "a1"], &[]),
    ("queens", "until-solution", &["--until-solution", "1"], &[]),
    (
        "knight",
        "rows",
        &["--rows", "5", "--cols", "6"],
        &["--size"],
    ),
    (
        "knight",
        "cols",
        &["--cols", "6", "--rows", "5"],
        &["--size"],
    ),
    // A 5 x 5 tour starts on a square of the corners' colour.
    ("knight", "start", &["--start", "0,2"], &[]),
    ("knight", "max-retreats", &["--max-retreats", "1"], &[]),
    ("knight", "retreat-delay", &["--retreat-delay", "100"], &[]),
    // The plain search takes another tour than Warnsdorff's on 5 x 5.
    ("knight", "method", &["--method", "backtrack"], &[]),
    (
        "knight",
        "compare",
        &["--compare", "warnsdorff,backtrack"],
        &[],
    ),
    ("knight", "path", &["--path", "a1 b3 c1"], &[]),
    (
        "knight",
        "path-file",
        &["--path-file", "{data}/knight-5x5.txt"],
        &[],
    ),
    (
        "board",
        "fen",
        &["--fen", "4k3/8/8/8/8/8/8/4K3"],
        &["--size", "--piece"],
    ),
    ("board", "piece", &["--piece", "b2=n"], &[]),
    ("board", "fill", &["--fill", "b2=#ff0000"], &[]),
    ("man", "dir", &["--dir", "{dir}/man"], &[]),
];

/// Input for `--batch` on standard input (every other run ignores it): the CASE batch format.
pub const STDIN: &[u8] = b"1\n4\n1 1\n";

/// The gallery's output: its folder (the base names it).
pub const FOLDER: Kind = kind("folder", &[]);
