//! What the sweep runs: each subcommand's small board and the output kinds. The value each option
//! is swept with is its definition's `sample` (`src/cli/options/table/`), chosen to differ from its
//! default so that "the same output" means "ignored".

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

/// Input for `--batch` on standard input (every other run ignores it): the CASE batch format.
pub const STDIN: &[u8] = b"1\n4\n1 1\n";

/// The gallery's output: its folder (the base names it).
pub const FOLDER: Kind = kind("folder", &[]);
