//! The tiling's options, then `--columns`, `--check` and `--panel`, which other subcommands share
//! (kept here: where several options are refused at once, the first in the table is named).

use super::{Def, Sample, Streamed, WithCheck, DEF, PICTURES, STILLS, TEXT};

/// This group's definitions, in the table's order.
pub(super) const OPTIONS: &[Def] = &[
    Def {
        id: "k",
        long: "exponent",
        // With --check: the assignment's board, checked against the answer.
        with_check: WithCheck::In(&["tromino"]),
        summary: true,
        sample: &[Sample::any(&["--exponent", "1"])],
        ..DEF
    },
    Def {
        id: "size",
        long: "size",
        only_in: &["tromino", "knight", "board"],
        conflicts: &["k", "rows", "cols"],
        with_check: WithCheck::In(&["tromino", "knight"]),
        summary: true,
        sample: &[
            Sample::of("tromino", &["--size", "8"]).replacing(&["--exponent"]),
            Sample::of("knight", &["--size", "6"]),
            Sample::of("board", &["--size", "5"]),
        ],
        ..DEF
    },
    Def {
        id: "special",
        long: "special",
        // With --check: the assignment's special square, checked against the answer.
        with_check: WithCheck::In(&["tromino"]),
        summary: true,
        sample: &[Sample::any(&["--special", "1,2"])],
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
        streamed: Streamed::RefusedUnless("proper"),
        summary: true,
        ..DEF
    },
    Def {
        id: "numbers",
        long: "numbers",
        applies: PICTURES,
        streamed: Streamed::Refused,
        summary: true,
        ..DEF
    },
    Def {
        id: "show_splits",
        long: "show-splits",
        applies: PICTURES,
        streamed: Streamed::Refused,
        summary: true,
        ..DEF
    },
    Def {
        id: "shapes",
        long: "shapes",
        applies: STILLS,
        refuses_why: Some("it draws the four L shapes as a legend, laid out on its own"),
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
        sample: &[Sample::any(&["--depth", "1"])],
        ..DEF
    },
    // Contact sheets and storyboards: boards per row.
    Def {
        id: "columns",
        long: "columns",
        applies: STILLS,
        requires: &["sheets"],
        sample: &[Sample::any(&["--columns", "3"])],
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
        sample: &[
            Sample::of("tromino", &["--check", "{data}/tiling-4x4.txt"]),
            Sample::of("queens", &["--check", "{data}/queens-5.txt"]).replacing(&["--size"]),
            Sample::of("knight", &["--check", "{data}/knight-5x5.txt"]),
        ],
        ..DEF
    },
    // The program beside the board of every step picture; counts and stack in --trace lines
    // (the command refuses a finished figure, other text and a storyboard). A storyboard's boards
    // are laid out small, without a panel; the legend and the first divisions are single figures.
    Def {
        id: "panel",
        long: "panel",
        not_with: &["storyboard", "shapes", "depth"],
        streamed: Streamed::Refused,
        sample: &[Sample::any(&["--panel", "code"])],
        ..DEF
    },
];
