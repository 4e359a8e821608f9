//! Shared by the drawing subcommands: the pacing of an animation, the steps and frames, the words
//! of a picture, `-q` and `--format`.

use chessviz::files::Format;

use super::{
    Column, Def, Outputs, Sample, Unchanged, WithCheck, ANIMATIONS, DEF, NO_LOOP, PICTURES, STEPS,
    STILLS,
};

/// This group's definitions, in the table's order.
pub(super) const OPTIONS: &[Def] = &[
    // The slideshow of solutions has its own pacing (a hold per solution).
    Def {
        id: "delay",
        long: "delay",
        applies: ANIMATIONS,
        not_with: &["solutions_only"],
        summary: true,
        sample: &[Sample::any(&["--delay", "40"])],
        ..DEF
    },
    Def {
        id: "hold",
        long: "hold",
        applies: ANIMATIONS,
        sample: &[Sample::any(&["--hold", "100"])],
        ..DEF
    },
    Def {
        id: "every",
        long: "every",
        applies: ANIMATIONS,
        not_with: &["solutions_only"],
        sample: &[Sample::any(&["--every", "2"])],
        ..DEF
    },
    Def {
        id: "max_frames",
        long: "max-frames",
        applies: ANIMATIONS,
        sample: &[Sample::any(&["--max-frames", "3"])],
        ..DEF
    },
    // A folder of pictures does not loop; nor does a format whose row says it holds no loop count.
    Def {
        id: "loops",
        long: "loop",
        applies: ANIMATIONS.except(NO_LOOP),
        not_with: &["frames"],
        sample: &[Sample::any(&["--loop", "2"])],
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
        refuses_why: Some("it draws one step"),
        conflicts: &["frames", "storyboard"],
        summary: true,
        request: true,
        sample: &[Sample::any(&["--step", "5"])],
        ..DEF
    },
    Def {
        id: "frames",
        long: "frames",
        applies: ANIMATIONS,
        makes: Some(Column::Animation),
        refuses_why: Some("it writes each step as a picture of its own, in a folder"),
        conflicts: &["storyboard"],
        summary: true,
        request: true,
        sample: &[Sample::any(&["--frames", "{dir}/frames"])],
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
        sample: &[Sample::any(&["--poster", "1"])],
        ..DEF
    },
    // Captions beside an animation or the web page (a folder of frames has frames.txt).
    Def {
        id: "captions",
        long: "captions",
        applies: ANIMATIONS,
        not_with: &["frames"],
        request: true,
        sample: &[Sample::any(&["--captions", "{dir}/captions.vtt"])],
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
        refused_in: &[("gallery", "its pictures each say what they show")],
        with_check: WithCheck::Figure,
        sample: &[Sample::any(&["--alt", "A figure of mine"])],
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
        refused_in: &[(
            "gallery",
            "it writes many pictures, each with its description",
        )],
        request: true,
        takes: Some((
            &[
                "lang", "alt", "step", "solution", "unique", "queens", "marks", "arrows",
                "caption", "flip",
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
        refuses_why: Some("it draws the steps it names small, side by side"),
        summary: true,
        request: true,
        sample: &[Sample::any(&["--storyboard", "0,2"])],
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
        sample: &[Sample::any(&["--format", "svg"])],
        ..DEF
    },
];
