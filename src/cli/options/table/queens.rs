//! The options of `queens`: the board, the text, the fundamental solutions, the batch of every
//! solution, a placement and its attacks, the search's highlight, and the `--check` variants.

use super::knight::NO_TOUR_PIECE;
use super::{
    Column, Def, Outputs, Sample, Scope, Unchanged, WithCheck, ANIMATIONS, DEF, PICTURES, STEPS,
    STILLS, TEXT,
};

/// This group's definitions, in the table's order.
pub(super) const OPTIONS: &[Def] = &[
    Def {
        id: "n",
        long: "size",
        only_in: &["queens"],
        with_check: WithCheck::Yes,
        summary: true,
        sample: &[Sample::any(&["--size", "5"])],
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
        refuses_why: Some("it draws every solution, each a figure of its own"),
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
        refuses_why: Some("it lays out every solution small on one sheet"),
        conflicts: &["mode", "solution", "until_solution", "solutions_only"],
        summary: true,
        request: true,
        sample: &[Sample::any(&["--sheet", "{dir}/sheet.png"])],
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
        sample: &[Sample::any(&["--solution", "2"])],
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
        sample: &[Sample::any(&["--attacks-of", "a1"])],
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
        sample: &[Sample::any(&["--queens", "14"])],
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
        sample: &[Sample::any(&["--until-solution", "1"])],
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
];
