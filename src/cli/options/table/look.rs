//! Shared by the drawing subcommands: where to write, and the look (size, theme, colours, fonts,
//! background, resolution, the box the picture fits in, marks and captions).

use chessviz::files::Format;

use super::{Def, Sample, Streamed, When, WithCheck, DEF, PICTURES, STILLS};

/// The reason of the bare board's text options.
const NO_MARGIN_TEXT: &str = "a bare board (--margin 0) has no caption or coordinate labels";
const TROMINO_NO_TEXT: &str = "a bare board (--margin 0) without --numbers or --panel has no text";
const QUEENS_NO_FONT: &str =
    "a bare board (--margin 0) without --panel has no text (the queens keep the bundled font)";
const BOARD_NO_FONT: &str =
    "a bare board (--margin 0) has no text (the pieces keep the bundled font)";

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

/// Why the gallery takes no TikZ option.
const NO_TIKZ: &str = "it writes PNG, SVG, GIF and a web page, no TikZ source";
/// Why the gallery takes no box to fit in.
const NO_ONE_BOX: &str = "its pictures differ in size, so no one box fits them: set --cell";

/// The modes that draw many boards, where marks, arrows, coordinates or a caption of one's own have
/// no one board to go on: every solution (`--all`, `--sheet`), the four L shapes (`--shapes`).
const ONE_BOARD: &[&str] = &["all", "sheet", "shapes"];

/// This group's definitions, in the table's order.
pub(super) const OPTIONS: &[Def] = &[
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
        sample: &[Sample::any(&["--cell", "12"])],
        ..DEF
    },
    // A storyboard and a contact sheet lay out their own boards: no margin, coordinates or size of
    // captions of a figure (found by comparing outputs with and without the option).
    Def {
        id: "margin",
        long: "margin",
        applies: PICTURES,
        not_with: &["storyboard", "sheet"],
        streamed: Streamed::RefusedUnless("0"),
        with_check: WithCheck::Figure,
        sample: &[Sample::any(&["--margin", "3"])],
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
        sample: &[Sample::any(&["--colours", "background=#123456,dark=#456789,tile1=#345678"])],
        ..DEF
    },
    Def {
        id: "theme_file",
        long: "theme-file",
        applies: PICTURES,
        conflicts: &["theme"],
        with_check: WithCheck::Figure,
        sample: &[Sample::any(&["--theme-file", "{root}/examples/house-style.toml"])],
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
        streamed: Streamed::Refused,
        with_check: WithCheck::Figure,
        sample: &[Sample::any(&["--font", "{root}/fonts/NotoSansCJKsc-subset.otf"])],
        ..DEF
    },
    Def {
        id: "font_family",
        long: "font-family",
        applies: PICTURES,
        refused_when: BARE_FONT,
        streamed: Streamed::Refused,
        with_check: WithCheck::Figure,
        sample: &[Sample::any(&["--font-family", "DejaVu Serif"])],
        ..DEF
    },
    Def {
        id: "lang",
        long: "lang",
        applies: PICTURES,
        refused_when: BARE_LANG,
        streamed: Streamed::RefusedUnless("en"),
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
        streamed: Streamed::Refused,
        with_check: WithCheck::Figure,
        sample: &[Sample::any(&["--font-size", "14"])],
        ..DEF
    },
    // An animation cannot be transparent: refused by the run with its reason.
    Def {
        id: "background",
        long: "background",
        applies: PICTURES,
        streamed: Streamed::RefusedUnless("theme"),
        with_check: WithCheck::Figure,
        ..DEF
    },
    Def {
        id: "dpi",
        long: "dpi",
        applies: STILLS,
        streamed: Streamed::Refused,
        with_check: WithCheck::Figure,
        sample: &[Sample::any(&["--dpi", "300"])],
        ..DEF
    },
    // TikZ source alone: a figure, the frames of --frames DIR --format tex, a TikZ sheet.
    Def {
        id: "standalone",
        long: "standalone",
        applies: STILLS.only(&[Format::Tex]),
        also_with: &["frames", "sheet"],
        refused_in: &[("gallery", NO_TIKZ)],
        with_check: WithCheck::Figure,
        summary: true,
        ..DEF
    },
    // A box the whole picture fits in: every figure, animation, frame, storyboard and sheet (the
    // legend of the shapes keeps its own layout: its labels need their cell; a pair of tours is
    // sized by its cell).
    Def {
        id: "fit",
        long: "fit",
        applies: PICTURES,
        not_with: &["shapes", "compare"],
        conflicts: &["cell", "width", "height"],
        refused_in: &[("gallery", NO_ONE_BOX)],
        with_check: WithCheck::Figure,
        sample: &[Sample::any(&["--fit", "100x90"])],
        ..DEF
    },
    Def {
        id: "width",
        long: "width",
        applies: PICTURES,
        not_with: &["shapes", "compare"],
        conflicts: &["cell"],
        refused_in: &[("gallery", NO_ONE_BOX)],
        with_check: WithCheck::Figure,
        sample: &[Sample::any(&["--width", "100"])],
        ..DEF
    },
    Def {
        id: "height",
        long: "height",
        applies: PICTURES,
        not_with: &["shapes", "compare"],
        conflicts: &["cell"],
        refused_in: &[("gallery", NO_ONE_BOX)],
        with_check: WithCheck::Figure,
        sample: &[Sample::any(&["--height", "90"])],
        ..DEF
    },
    Def {
        id: "width_cm",
        long: "width-cm",
        applies: STILLS.only(&[Format::Tex]),
        also_with: &["frames", "sheet"],
        conflicts: &["dpi"],
        refused_in: &[("gallery", NO_TIKZ)],
        with_check: WithCheck::Figure,
        sample: &[Sample::any(&["--width-cm", "5"])],
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
        not_with: ONE_BOARD,
        streamed: Streamed::Refused,
        with_check: WithCheck::Figure,
        summary: true,
        request: true,
        sample: &[Sample::any(&["--mark", "a1:cross"])],
        ..DEF
    },
    Def {
        id: "arrows",
        long: "arrow",
        applies: PICTURES,
        not_with: ONE_BOARD,
        streamed: Streamed::Refused,
        with_check: WithCheck::Figure,
        request: true,
        sample: &[Sample::any(&["--arrow", "a1-b3"])],
        ..DEF
    },
    Def {
        id: "coords",
        long: "coords",
        applies: PICTURES,
        not_with: &["storyboard", "all", "sheet", "shapes"],
        refused_when: &[When {
            subs: &[],
            id: "margin",
            value: "0",
            unless: &[],
            why: "a bare board (--margin 0) has no margin for coordinate labels",
        }],
        streamed: Streamed::Refused,
        with_check: WithCheck::Figure,
        sample: &[Sample::any(&["--coords", "none"])],
        ..DEF
    },
    Def {
        id: "caption",
        long: "caption",
        applies: PICTURES,
        not_with: ONE_BOARD,
        streamed: Streamed::Refused,
        with_check: WithCheck::Figure,
        summary: true,
        sample: &[Sample::any(&["--caption", "A figure"])],
        ..DEF
    },
];
