//! Every option of every subcommand, defined once: where it applies (against the format table's
//! kinds), which modes take or refuse it, what it conflicts with and needs, how it goes with
//! `--check`, whether `-h` shows it, and the runs the option sweep may find unchanged. Its flag,
//! help and value parser are the clap field of the same id (`src/cli/args/`, the command files);
//! a test keeps the two in step. A new option is its field and one entry here.
//!
//! Order matters where several options are refused at once: the first refused is named.

use chessviz::files::Format;

use super::model::{Column, Def, Outputs, Scope, Unchanged, When, WithCheck, DEF};

/// The reason of the bare board's text options.
const NO_MARGIN_TEXT: &str = "a bare board (--margin 0) has no caption or coordinate labels";
const TROMINO_NO_TEXT: &str = "a bare board (--margin 0) without --numbers or --panel has no text";
const QUEENS_NO_FONT: &str =
    "a bare board (--margin 0) without --panel has no text (the queens keep the bundled font)";
const BOARD_NO_FONT: &str =
    "a bare board (--margin 0) has no text (the pieces keep the bundled font)";
const DEGREES_NO_TOUR: &str =
    "--show degrees counts the moves of the empty board; no tour is searched";

/// A bare board's font options, per subcommand (queens and pieces keep the bundled font).
const BARE_FONT: &[When] = &[
    When {
        subs: &["tromino"],
        id: "margin",
        value: "0",
        unless: &["numbers", "panel"],
        why: TROMINO_NO_TEXT,
    },
    When {
        subs: &["queens"],
        id: "margin",
        value: "0",
        unless: &["panel"],
        why: QUEENS_NO_FONT,
    },
    When {
        subs: &["board"],
        id: "margin",
        value: "0",
        unless: &[],
        why: BOARD_NO_FONT,
    },
];

/// Refused with `--show degrees`.
const NO_TOUR: &[When] = &[When {
    subs: &["knight"],
    id: "show",
    value: "degrees",
    unless: &[],
    why: DEGREES_NO_TOUR,
}];

/// `--show degrees` draws the empty board, without a knight.
const NO_TOUR_PIECE: &[When] = &[When {
    why: "--show degrees draws the empty board, without a knight",
    ..NO_TOUR[0]
}];

/// A bare board's language: its text is the tile numbers or a panel, if any.
const BARE_LANG: &[When] = &[
    BARE_FONT[0],
    When {
        why: "a bare board (--margin 0) without --panel has no text",
        ..BARE_FONT[1]
    },
    When {
        why: "a bare board (--margin 0) has no text",
        ..BARE_FONT[2]
    },
];

/// Shorthands for the tables below.
const TEXT: Outputs = Outputs::TEXT;
const PICTURES: Outputs = Outputs::PICTURES;
const STILLS: Outputs = Outputs::STILLS;
const ANIMATIONS: Outputs = Outputs::ANIMATIONS;
const STEPS: &[&str] = &["step", "storyboard"];

pub const OPTIONS: &[Def] = &[
    // tromino
    Def {
        id: "k",
        long: "exponent",
        // With --check: the assignment's board, checked against the answer.
        with_check: WithCheck::In(&["tromino"]),
        summary: true,
        ..DEF
    },
    Def {
        id: "size",
        long: "size",
        only_in: &["tromino", "knight", "board"],
        conflicts: &["k", "rows", "cols"],
        with_check: WithCheck::In(&["tromino", "knight"]),
        summary: true,
        ..DEF
    },
    Def {
        id: "special",
        long: "special",
        // With --check: the assignment's special square, checked against the answer.
        with_check: WithCheck::In(&["tromino"]),
        summary: true,
        ..DEF
    },
    Def {
        id: "batch",
        long: "batch",
        applies: TEXT,
        conflicts: &["k", "size", "special", "trace"],
        summary: true,
        ..DEF
    },
    Def {
        id: "trace",
        long: "trace",
        applies: TEXT,
        // queens: the search's events, not one solution's.
        conflicts: &["unique", "solution"],
        summary: true,
        ..DEF
    },
    Def {
        id: "color_by",
        long: "color-by",
        applies: PICTURES,
        summary: true,
        ..DEF
    },
    Def {
        id: "numbers",
        long: "numbers",
        applies: PICTURES,
        summary: true,
        ..DEF
    },
    Def {
        id: "show_splits",
        long: "show-splits",
        applies: PICTURES,
        summary: true,
        ..DEF
    },
    Def {
        id: "shapes",
        long: "shapes",
        applies: STILLS,
        conflicts: &[
            "k",
            "size",
            "special",
            "batch",
            "trace",
            "color_by",
            "numbers",
            "show_splits",
            "depth",
            "margin",
        ],
        summary: true,
        ..DEF
    },
    Def {
        id: "depth",
        long: "depth",
        applies: STILLS,
        conflicts: &["batch", "trace", "show_splits"],
        ..DEF
    },
    // Contact sheets and storyboards: boards per row.
    Def {
        id: "columns",
        long: "columns",
        applies: STILLS,
        requires: &["sheets"],
        ..DEF
    },
    // With --check, the options that apply are judged by `with_check`.
    Def {
        id: "check",
        long: "check",
        // knight: a tour to check is no tour to draw.
        conflicts: &["path", "path_file"],
        with_check: WithCheck::Yes,
        summary: true,
        request: true,
        ..DEF
    },
    // The program beside the board of every step picture; counts and stack in --trace lines
    // (the command refuses a finished figure, other text and a storyboard). A storyboard's boards
    // are laid out small, without a panel; the legend and the first divisions are single figures.
    Def {
        id: "panel",
        long: "panel",
        not_with: &["storyboard", "shapes", "depth"],
        ..DEF
    },
    // queens
    Def {
        id: "n",
        long: "size",
        only_in: &["queens"],
        with_check: WithCheck::Yes,
        summary: true,
        ..DEF
    },
    // `queens 8`, `knight 8`: -n 8.
    Def {
        id: "board",
        long: "N",
        conflicts: &["rows", "cols"],
        with_check: WithCheck::Yes,
        summary: true,
        ..DEF
    },
    Def {
        id: "list",
        long: "list",
        applies: TEXT,
        conflicts: &["solution"],
        summary: true,
        unchanged: &[Unchanged {
            sub: "queens",
            outputs: "stdout,txt",
            why: "the text of queens lists every solution without it: --list says so out loud",
        }],
        ..DEF
    },
    Def {
        id: "count",
        long: "count",
        applies: TEXT,
        conflicts: &["solution"],
        summary: true,
        ..DEF
    },
    // Fundamental solutions as text and stills; an animation shows the whole search, and steps
    // are steps of the search.
    Def {
        id: "unique",
        long: "unique",
        applies: Outputs::TEXT_AND_STILLS,
        not_with: STEPS,
        unchanged: &[Unchanged {
            sub: "queens",
            outputs: "bare,tex",
            why: "on 4 x 4 the first fundamental solution is the first solution, and a bare board \
                  has no caption to tell them apart (nor has a TikZ picture to \\input, whose \
                  caption is the document's)",
        }],
        ..DEF
    },
    // --all and --sheet write files of their own (a folder, a sheet): with them the output is a
    // still whatever -o says; their own checks refuse a wrong -o.
    Def {
        id: "all",
        long: "all",
        applies: STILLS,
        makes: Some(Column::Still),
        not_with: &["step", "storyboard", "frames"],
        conflicts: &["mode", "solution", "until_solution", "solutions_only"],
        summary: true,
        ..DEF
    },
    Def {
        id: "sheet",
        long: "sheet",
        applies: STILLS,
        makes: Some(Column::Still),
        not_with: &["frames"],
        conflicts: &["mode", "solution", "until_solution", "solutions_only"],
        summary: true,
        request: true,
        ..DEF
    },
    Def {
        id: "solution",
        long: "solution",
        applies: Outputs::TEXT_AND_STILLS,
        not_with: STEPS,
        summary: true,
        instead: Some((
            Column::Animation,
            "for the search up to solution {} give --until-solution {}, or draw one step of it with --step N -o FILE.png",
        )),
        ..DEF
    },
    Def {
        id: "piece",
        long: "piece",
        only_in: &["queens", "knight"],
        applies: PICTURES,
        refused_when: NO_TOUR_PIECE,
        request: true,
        ..DEF
    },
    // One queen's lines of attack: a placement or the search.
    Def {
        id: "attacks_of",
        long: "attacks-of",
        applies: PICTURES,
        also_with: STEPS,
        scope: Some(Scope {
            placement: true,
            search: true,
            search_in_every_mode: false,
            why: "where a queen stands on the square",
        }),
        request: true,
        ..DEF
    },
    // Attacking pairs of a placement (--queens), which is a still.
    Def {
        id: "conflicts",
        long: "conflicts",
        applies: STILLS,
        requires: &["queens"],
        scope: Some(Scope {
            placement: true,
            search: false,
            search_in_every_mode: false,
            why: "no two queens of a solution attack each other",
        }),
        ..DEF
    },
    // A placement drawn: stills only.
    Def {
        id: "queens",
        long: "queens",
        applies: STILLS,
        // A placement is drawn whole: it has no steps.
        not_with: &["step", "storyboard", "frames"],
        conflicts: &[
            "mode",
            "solution",
            "unique",
            "all",
            "sheet",
            "until_solution",
            "solutions_only",
        ],
        summary: true,
        request: true,
        ..DEF
    },
    // On a solution every empty square is attacked; the slideshow shows no attacks.
    Def {
        id: "attacks",
        long: "attacks",
        applies: PICTURES,
        also_with: STEPS,
        not_with: &["solutions_only"],
        scope: Some(Scope {
            placement: true,
            search: true,
            search_in_every_mode: true,
            why: "on a solution every empty square is attacked",
        }),
        summary: true,
        ..DEF
    },
    // The search's highlight and ghost.
    Def {
        id: "no_emphasis",
        long: "no-emphasis",
        applies: PICTURES,
        scope: Some(Scope {
            placement: false,
            search: true,
            search_in_every_mode: false,
            why: "only the search highlights and ghosts queens",
        }),
        ..DEF
    },
    Def {
        id: "until_solution",
        long: "until-solution",
        applies: ANIMATIONS,
        also_with: STEPS,
        conflicts: &["solutions_only"],
        summary: true,
        unchanged: &[Unchanged {
            sub: "queens",
            outputs: "step,storyboard",
            why: "steps before the first solution: --until-solution ends the steps there, and a \
                  later step is refused",
        }],
        ..DEF
    },
    Def {
        id: "solutions_only",
        long: "solutions-only",
        applies: ANIMATIONS,
        summary: true,
        ..DEF
    },
    Def {
        id: "complete",
        long: "complete",
        with_check: WithCheck::Only(
            "--complete applies to --check FILE: a list of solutions that must hold every one (the default)",
        ),
        ..DEF
    },
    Def {
        id: "partial",
        long: "partial",
        only_in: &["queens"],
        conflicts: &["complete"],
        with_check: WithCheck::Only(
            "--partial applies to --check FILE: a list that may hold some of the solutions",
        ),
        ..DEF
    },
    Def {
        id: "textbook",
        long: "textbook",
        only_in: &["tromino"],
        with_check: WithCheck::Only(
            "--textbook applies to --check FILE: a tile matrix must be the textbook numbering",
        ),
        ..DEF
    },
    Def {
        id: "report",
        long: "report",
        with_check: WithCheck::Only(
            "--report applies to --check FILE...: one record per file for a gradebook",
        ),
        ..DEF
    },
    // knight
    Def {
        id: "path_colour",
        long: "path-colour",
        applies: PICTURES,
        ..DEF
    },
    Def {
        id: "rows",
        long: "rows",
        requires: &["cols"],
        with_check: WithCheck::Yes,
        summary: true,
        ..DEF
    },
    Def {
        id: "cols",
        long: "cols",
        requires: &["rows"],
        with_check: WithCheck::Yes,
        summary: true,
        ..DEF
    },
    Def {
        id: "start",
        long: "start",
        refused_when: &[When {
            why: "--show degrees counts the moves of the empty board; no tour starts",
            ..NO_TOUR[0]
        }],
        // With --check: the assignment's start, checked against the answer.
        with_check: WithCheck::In(&["knight"]),
        summary: true,
        ..DEF
    },
    Def {
        id: "closed",
        long: "closed",
        refused_when: NO_TOUR,
        with_check: WithCheck::Yes,
        summary: true,
        ..DEF
    },
    Def {
        id: "max_retreats",
        long: "max-retreats",
        refused_when: NO_TOUR,
        unchanged: &[Unchanged {
            sub: "knight",
            outputs: "*",
            why: "Warnsdorff's search of a 5 x 5 board never retreats: a budget it stays within is \
                  honoured with nothing to show (a budget overrun is refused: \
                  tests/it/knight_explain_cli.rs)",
        }],
        ..DEF
    },
    // The search method changes the tour, whatever shows it.
    Def {
        id: "method",
        long: "method",
        refused_when: NO_TOUR,
        summary: true,
        ..DEF
    },
    // Two methods side by side: every picture draws the pair; as text, a line per method.
    Def {
        id: "compare",
        long: "compare",
        conflicts: &["method", "path", "path_file", "check", "explain", "trace"],
        ..DEF
    },
    Def {
        id: "explain",
        long: "explain",
        summary: true,
        ..DEF
    },
    Def {
        id: "retreat_delay",
        long: "retreat-delay",
        applies: ANIMATIONS,
        refused_when: &[When {
            subs: &["knight"],
            id: "method",
            value: "construct",
            unless: &[],
            why: "the construction joins small tours and never retreats",
        }],
        unchanged: &[Unchanged {
            sub: "knight",
            outputs: "gif,apng,webp,mp4,html,frames",
            why: "Warnsdorff's search of a 5 x 5 board never retreats: no retreat to hold (the \
                  delay of retreats is tested in tests/it/animations.rs)",
        }],
        ..DEF
    },
    // A given path: printed as a matrix, drawn, or laid out as an animation.
    Def {
        id: "path",
        long: "path",
        conflicts: &[
            "path_file",
            "start",
            "closed",
            "method",
            "max_retreats",
            "trace",
            "explain",
        ],
        summary: true,
        request: true,
        ..DEF
    },
    Def {
        id: "path_file",
        long: "path-file",
        conflicts: &[
            "start",
            "closed",
            "method",
            "max_retreats",
            "trace",
            "explain",
        ],
        request: true,
        ..DEF
    },
    // Text only with --show degrees (its matrix); the knight command refuses the others.
    Def {
        id: "show",
        long: "show",
        summary: true,
        ..DEF
    },
    // board
    Def {
        id: "fen",
        long: "fen",
        request: true,
        ..DEF
    },
    Def {
        id: "pieces",
        long: "piece",
        only_in: &["board"],
        request: true,
        ..DEF
    },
    Def {
        id: "fills",
        long: "fill",
        applies: PICTURES,
        request: true,
        ..DEF
    },
    Def {
        id: "flip",
        long: "flip",
        applies: PICTURES,
        ..DEF
    },
    // gallery, completions, man
    Def {
        id: "dir",
        long: "dir",
        request: true,
        ..DEF
    },
    Def {
        id: "shell",
        long: "SHELL",
        request: true,
        ..DEF
    },
    Def {
        id: "command",
        long: "COMMAND",
        conflicts: &["dir"],
        request: true,
        ..DEF
    },
    // Shared by the drawing subcommands: where to write, the look, the pacing, the steps.
    Def {
        id: "output",
        long: "output",
        with_check: WithCheck::Yes,
        summary: true,
        ..DEF
    },
    Def {
        id: "cell",
        long: "cell",
        applies: PICTURES,
        with_check: WithCheck::Figure,
        summary: true,
        ..DEF
    },
    // A storyboard and a contact sheet lay out their own boards: no margin, coordinates or size of
    // captions of a figure (found by comparing outputs with and without the option).
    Def {
        id: "margin",
        long: "margin",
        applies: PICTURES,
        not_with: &["storyboard", "sheet"],
        with_check: WithCheck::Figure,
        ..DEF
    },
    Def {
        id: "theme",
        long: "theme",
        applies: PICTURES,
        with_check: WithCheck::Figure,
        summary: true,
        ..DEF
    },
    // Colours of one's own over the theme's, or a theme file.
    Def {
        id: "colours",
        long: "colours",
        applies: PICTURES,
        with_check: WithCheck::Figure,
        ..DEF
    },
    Def {
        id: "theme_file",
        long: "theme-file",
        applies: PICTURES,
        conflicts: &["theme"],
        with_check: WithCheck::Figure,
        ..DEF
    },
    // A shorthand for theme, background, caption and box (explicit options win).
    Def {
        id: "preset",
        long: "preset",
        applies: PICTURES,
        with_check: WithCheck::Figure,
        summary: true,
        ..DEF
    },
    Def {
        id: "font",
        long: "font",
        applies: PICTURES,
        conflicts: &["font_family"],
        refused_when: BARE_FONT,
        with_check: WithCheck::Figure,
        ..DEF
    },
    Def {
        id: "font_family",
        long: "font-family",
        applies: PICTURES,
        refused_when: BARE_FONT,
        with_check: WithCheck::Figure,
        ..DEF
    },
    Def {
        id: "lang",
        long: "lang",
        applies: PICTURES,
        refused_when: BARE_LANG,
        with_check: WithCheck::Yes,
        summary: true,
        ..DEF
    },
    // A panel's text follows the size of the captions. The legend of the shapes, a storyboard's and
    // a sheet's labels keep their size.
    Def {
        id: "font_size",
        long: "font-size",
        applies: PICTURES,
        not_with: &["shapes", "storyboard", "sheet"],
        refused_when: &[When {
            subs: &[],
            id: "margin",
            value: "0",
            unless: &["panel"],
            why: NO_MARGIN_TEXT,
        }],
        with_check: WithCheck::Figure,
        ..DEF
    },
    // An animation cannot be transparent: refused by the run with its reason.
    Def {
        id: "background",
        long: "background",
        applies: PICTURES,
        with_check: WithCheck::Figure,
        ..DEF
    },
    Def {
        id: "dpi",
        long: "dpi",
        applies: STILLS,
        with_check: WithCheck::Figure,
        ..DEF
    },
    // TikZ source alone: a figure, the frames of --frames DIR --format tex, a TikZ sheet.
    Def {
        id: "standalone",
        long: "standalone",
        applies: STILLS.only(&[Format::Tex]),
        also_with: &["frames", "sheet"],
        with_check: WithCheck::Figure,
        summary: true,
        ..DEF
    },
    // A box the whole picture fits in: every figure, animation, frame, storyboard and sheet (the
    // legend of the shapes keeps its own layout: its labels need their cell).
    Def {
        id: "fit",
        long: "fit",
        applies: PICTURES,
        not_with: &["shapes"],
        conflicts: &["cell", "width", "height"],
        with_check: WithCheck::Figure,
        ..DEF
    },
    Def {
        id: "width",
        long: "width",
        applies: PICTURES,
        not_with: &["shapes"],
        conflicts: &["cell"],
        with_check: WithCheck::Figure,
        ..DEF
    },
    Def {
        id: "height",
        long: "height",
        applies: PICTURES,
        not_with: &["shapes"],
        conflicts: &["cell"],
        with_check: WithCheck::Figure,
        ..DEF
    },
    Def {
        id: "width_cm",
        long: "width-cm",
        applies: STILLS.only(&[Format::Tex]),
        also_with: &["frames", "sheet"],
        conflicts: &["dpi"],
        with_check: WithCheck::Figure,
        ..DEF
    },
    Def {
        id: "squares",
        long: "squares",
        applies: PICTURES,
        refused_in: &[(
            "tromino",
            "every square of a tiling is drawn as its tile or as the special square, never as a light or dark square",
        )],
        with_check: WithCheck::Figure,
        ..DEF
    },
    Def {
        id: "marks",
        long: "mark",
        applies: PICTURES,
        with_check: WithCheck::Figure,
        summary: true,
        request: true,
        ..DEF
    },
    Def {
        id: "arrows",
        long: "arrow",
        applies: PICTURES,
        with_check: WithCheck::Figure,
        request: true,
        ..DEF
    },
    Def {
        id: "coords",
        long: "coords",
        applies: PICTURES,
        not_with: &["storyboard"],
        refused_when: &[When {
            subs: &[],
            id: "margin",
            value: "0",
            unless: &[],
            why: "a bare board (--margin 0) has no margin for coordinate labels",
        }],
        with_check: WithCheck::Figure,
        ..DEF
    },
    Def {
        id: "caption",
        long: "caption",
        applies: PICTURES,
        with_check: WithCheck::Figure,
        summary: true,
        ..DEF
    },
    // The slideshow of solutions has its own pacing (a hold per solution).
    Def {
        id: "delay",
        long: "delay",
        applies: ANIMATIONS,
        not_with: &["solutions_only"],
        summary: true,
        ..DEF
    },
    Def {
        id: "hold",
        long: "hold",
        applies: ANIMATIONS,
        ..DEF
    },
    Def {
        id: "every",
        long: "every",
        applies: ANIMATIONS,
        not_with: &["solutions_only"],
        ..DEF
    },
    Def {
        id: "max_frames",
        long: "max-frames",
        applies: ANIMATIONS,
        ..DEF
    },
    // A folder of pictures does not loop.
    Def {
        id: "loops",
        long: "loop",
        applies: ANIMATIONS.except(&[
            (Format::Html, "a web page plays when asked, from any step"),
            (
                Format::Mp4,
                "a video has no loop count; the player or slide program loops it (PowerPoint: Loop until Stopped)",
            ),
        ]),
        not_with: &["frames"],
        ..DEF
    },
    // Nothing to silence when text goes to standard output, and no reason to refuse a flag given
    // out of habit (`chessviz queens --list -q`).
    Def {
        id: "quiet",
        long: "quiet",
        with_check: WithCheck::Yes,
        summary: true,
        unchanged: &[Unchanged {
            sub: "*",
            outputs: "stdout,degrees-text",
            why: "text on standard output has no summary line to silence; -q is accepted there \
                  out of habit",
        }],
        ..DEF
    },
    // Steps and frames: --frames is judged as an animation (its pictures are an animation's
    // frames), --step and --storyboard as stills. The legend and the first divisions are single
    // figures, not steps of the tiling; a sheet shows the solutions, not a step of the search.
    Def {
        id: "step",
        long: "step",
        applies: STILLS,
        makes: Some(Column::Still),
        not_with: &["shapes", "depth", "sheet"],
        conflicts: &["frames", "storyboard"],
        summary: true,
        request: true,
        ..DEF
    },
    Def {
        id: "frames",
        long: "frames",
        applies: ANIMATIONS,
        makes: Some(Column::Animation),
        conflicts: &["storyboard"],
        summary: true,
        request: true,
        ..DEF
    },
    // The picture of --frames that its animate.tex shows; SVG pictures and --standalone TikZ
    // documents get no animate.tex.
    Def {
        id: "poster",
        long: "poster",
        applies: Outputs::NONE.except(&[(Format::Svg, "LaTeX cannot include SVG pictures")]),
        also_with: &["frames"],
        not_with: &["standalone"],
        ..DEF
    },
    // Captions beside an animation or the web page (a folder of frames has frames.txt).
    Def {
        id: "captions",
        long: "captions",
        applies: ANIMATIONS,
        not_with: &["frames"],
        request: true,
        ..DEF
    },
    // Words of one's own for the picture, in every format that carries a description: a still's,
    // or a whole animation's (a GIF's comment, an APNG's iTXt, a WebP's XMP, an MP4's udta). Not
    // the page, nor per-picture words (frames, captions), which would all say the same.
    Def {
        id: "alt",
        long: "alt",
        applies: PICTURES.except(&[(
            Format::Html,
            "the web page reads each step's own words aloud",
        )]),
        not_with: &["frames", "captions"],
        with_check: WithCheck::Figure,
        ..DEF
    },
    // The description of the still the command would draw, printed instead of writing it.
    Def {
        id: "describe",
        long: "describe",
        applies: STILLS,
        makes: Some(Column::Still),
        not_with: &["all", "sheet", "shapes", "depth", "compare"],
        conflicts: &["output", "frames", "storyboard"],
        request: true,
        takes: Some((
            &[
                "lang", "alt", "step", "solution", "unique", "queens", "marks", "arrows", "caption",
                "flip",
            ],
            "it prints the picture's words, which say what it shows, not how it looks",
        )),
        ..DEF
    },
    Def {
        id: "storyboard",
        long: "storyboard",
        applies: STILLS,
        makes: Some(Column::Still),
        not_with: &["shapes", "depth"],
        summary: true,
        request: true,
        ..DEF
    },
    Def {
        id: "counter",
        long: "counter",
        applies: ANIMATIONS,
        also_with: STEPS,
        ..DEF
    },
    // Where no file name gives the format (-o -, --frames DIR, queens --all); refused with a file
    // name when the run starts.
    Def {
        id: "format",
        long: "format",
        applies: Outputs::STDOUT_AND_PICTURES,
        unchanged: &[Unchanged {
            sub: "*",
            outputs: "svg",
            why: "--format naming the format of -o's file name agrees with it (a different one is \
                  refused)",
        }],
        ..DEF
    },
];
