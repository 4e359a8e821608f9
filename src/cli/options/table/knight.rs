//! The options of `knight`: the board and start, the search method, a path given, `--show`.

use super::{Def, Sample, Unchanged, When, WithCheck, ANIMATIONS, DEF, PICTURES};

/// Refused with `--show degrees`.
pub(super) const NO_TOUR: &[When] = &[When {
    subs: &["knight"],
    id: "show",
    value: "degrees",
    unless: &[],
    why: "--show degrees counts the moves of the empty board; no tour is searched",
}];

/// `--show degrees` draws the empty board, without a knight.
pub(super) const NO_TOUR_PIECE: &[When] = &[When {
    why: "--show degrees draws the empty board, without a knight",
    ..NO_TOUR[0]
}];

/// This group's definitions, in the table's order.
pub(super) const OPTIONS: &[Def] = &[
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
        sample: &[Sample::any(&["--rows", "5", "--cols", "6"]).replacing(&["--size"])],
        ..DEF
    },
    Def {
        id: "cols",
        long: "cols",
        requires: &["rows"],
        with_check: WithCheck::Yes,
        summary: true,
        sample: &[Sample::any(&["--cols", "6", "--rows", "5"]).replacing(&["--size"])],
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
        sample: &[Sample::any(&["--start", "0,2"])],
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
            why:
                "Warnsdorff's search of a 5 x 5 board never retreats: a budget it stays within is \
                  honoured with nothing to show (a budget overrun is refused: \
                  tests/it/knight_explain_cli.rs)",
        }],
        sample: &[Sample::any(&["--max-retreats", "1"])],
        ..DEF
    },
    // The search method changes the tour, whatever shows it.
    Def {
        id: "method",
        long: "method",
        refused_when: NO_TOUR,
        summary: true,
        sample: &[Sample::any(&["--method", "backtrack"])],
        ..DEF
    },
    // Two methods side by side: every picture draws the pair; as text, a line per method.
    Def {
        id: "compare",
        long: "compare",
        refuses_why: Some("it draws the two tours side by side, sized by --cell"),
        conflicts: &["method", "path", "path_file", "check", "explain", "trace"],
        sample: &[Sample::any(&["--compare", "warnsdorff,backtrack"])],
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
        sample: &[Sample::any(&["--retreat-delay", "100"])],
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
        sample: &[Sample::any(&["--path", "a1 b3 c1"])],
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
        sample: &[Sample::any(&["--path-file", "{data}/knight-5x5.txt"])],
        ..DEF
    },
    // Text only with --show degrees (its matrix); the knight command refuses the others.
    Def {
        id: "show",
        long: "show",
        summary: true,
        ..DEF
    },
];
