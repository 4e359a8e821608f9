//! Which option applies to which output: every option a subcommand accepts either changes the output
//! that `-o` chose or is refused, before any work, with one line naming the option and the output it
//! needs. The table below is the single place that decides; a unit test keeps it complete.

use clap::ArgMatches;

use crate::cli::formats::{FormatArg, Kind};

/// The kinds of output `-o` can choose: text, or a format of the format table as a still or an
/// animation (a new still or animation format needs no change here).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// No `-o`, or `-o -`: text on standard output.
    Stdout,
    /// `-o FILE.txt`: text in a file.
    Txt,
    /// `-o FILE.png`, `FILE.svg` or `FILE.pdf`: a still (the same figure in any of the three formats).
    Png,
    /// `-o FILE.gif`: an animation.
    Gif,
}

/// The columns of the tables, in order.
pub const OUTPUTS: [Output; 4] = [Output::Stdout, Output::Txt, Output::Png, Output::Gif];

/// One row: an option (its clap id) and, per column of [`OUTPUTS`], whether it applies.
type Row = (&'static str, [bool; OUTPUTS.len()]);

const Y: bool = true;
const N: bool = false;

/// Options that change every output: the problem itself.
const ALL: [bool; 4] = [Y, Y, Y, Y];
/// Text only (standard output or a .txt file).
const TEXT: [bool; 4] = [Y, Y, N, N];
/// Figures: PNG and GIF.
const FIGURE: [bool; 4] = [N, N, Y, Y];
/// Animations only.
const GIF: [bool; 4] = [N, N, N, Y];
/// Stills only.
const PNG: [bool; 4] = [N, N, Y, N];
/// Every output written to a file (summary lines, warnings, progress).
const FILE: [bool; 4] = [N, Y, Y, Y];

/// What was most likely meant by an option refused on an output, where another option does it:
/// (subcommand, option, output, hint), `{}` standing for the value given.
const INSTEAD: &[(&str, &str, Output, &str)] = &[(
    "queens",
    "solution",
    Output::Gif,
    "for the search up to solution {} give --until-solution {}, or draw one step of it with --step N -o FILE.png",
)];

/// Options shared by the drawing subcommands (`LookArgs`, `AnimArgs`).
const SHARED: &[Row] = &[
    ("output", ALL),
    ("cell", FIGURE),
    ("margin", FIGURE),
    ("theme", FIGURE),
    // Colours of one's own over the theme's, or a theme file.
    ("colours", FIGURE),
    ("theme_file", FIGURE),
    // A shorthand for theme, background, caption and box (explicit options win).
    ("preset", FIGURE),
    ("font", FIGURE),
    ("font_family", FIGURE),
    ("lang", FIGURE),
    ("font_size", FIGURE),
    // A GIF cannot be transparent: refused by the run with its reason.
    ("background", FIGURE),
    ("dpi", PNG),
    // A still, and of the stills TikZ source alone (FORMAT_ONLY).
    ("standalone", PNG),
    // A box the whole picture fits in: every figure, GIF, frame, storyboard and sheet.
    ("fit", FIGURE),
    ("width", FIGURE),
    ("height", FIGURE),
    ("width_cm", PNG),
    ("squares", FIGURE),
    ("marks", FIGURE),
    ("arrows", FIGURE),
    ("coords", FIGURE),
    ("caption", FIGURE),
    ("delay", GIF),
    ("hold", GIF),
    ("every", GIF),
    ("max_frames", GIF),
    ("loops", GIF),
    // Nothing to silence when text goes to standard output, and no reason to refuse a flag given
    // out of habit (`chessviz queens --list -q`).
    ("quiet", ALL),
    // Steps and frames: --frames is judged as an animation (its pictures are an animation's frames),
    // --step and --storyboard as stills (see MODES); --format where no file name gives one (-o -,
    // --frames DIR, queens --all), refused with a file name when the run starts.
    ("step", PNG),
    ("frames", GIF),
    ("storyboard", PNG),
    ("counter", GIF),
    ("format", [Y, N, Y, Y]),
];

//                         stdout txt  png  gif
const TROMINO: &[Row] = &[
    ("k", ALL),
    ("size", ALL),
    ("special", ALL),
    ("batch", TEXT),
    ("trace", TEXT),
    ("color_by", FIGURE),
    ("numbers", FIGURE),
    ("show_splits", FIGURE),
    ("shapes", PNG),
    ("depth", PNG),
    ("columns", PNG),
    // With --check, the options that apply are judged by `commands::check::options`.
    ("check", ALL),
    // Only with --check (refused without it by `commands::check::options`).
    ("textbook", ALL),
    ("report", ALL),
    // The program beside the board of every step picture; counts and stack in --trace lines
    // (the command refuses a finished figure, other text and a storyboard).
    ("panel", ALL),
];

const QUEENS: &[Row] = &[
    ("n", ALL),
    // `queens 8`: -n 8.
    ("board", ALL),
    ("list", TEXT),
    ("count", TEXT),
    ("trace", TEXT),
    // Fundamental solutions as text and stills; an animation shows the whole search.
    ("unique", [Y, Y, Y, N]),
    // --all and --sheet write PNG files of their own (a folder, a sheet): with them the output is
    // PNG whatever -o says (see MODES); their own checks refuse a wrong -o.
    ("all", PNG),
    ("sheet", PNG),
    ("columns", PNG),
    ("solution", [Y, Y, Y, N]),
    ("piece", FIGURE),
    // One queen's lines of attack: a placement or the search's GIF and steps (QUEENS_SCOPES);
    // before "queens" so that a refusal names it.
    ("attacks_of", FIGURE),
    // Attacking pairs of a placement (--queens), which is a still; before "queens" so that a
    // refusal names it rather than the --queens it needs.
    ("conflicts", PNG),
    // A placement drawn: stills only.
    ("queens", PNG),
    // The search's GIF, or a placement (--queens); on a solution every empty square is attacked, so
    // QUEENS_SCOPES refuses it on the other stills.
    ("attacks", FIGURE),
    // The search's highlight and ghost: GIF and step pictures; QUEENS_SCOPES refuses it on other
    // stills.
    ("no_emphasis", FIGURE),
    ("until_solution", GIF),
    ("solutions_only", GIF),
    ("check", ALL),
    ("complete", ALL),
    ("partial", ALL),
    ("report", ALL),
    // As for tromino.
    ("panel", ALL),
];

const KNIGHT: &[Row] = &[
    ("path_colour", FIGURE),
    ("size", ALL),
    // `knight 8`: -n 8.
    ("board", ALL),
    ("rows", ALL),
    ("cols", ALL),
    ("start", ALL),
    ("closed", ALL),
    ("max_retreats", ALL),
    // The search method changes the tour, whatever shows it.
    ("method", ALL),
    // Two methods side by side: every picture draws the pair; as text, a line per method.
    ("compare", ALL),
    ("trace", TEXT),
    ("explain", ALL),
    ("retreat_delay", GIF),
    // A given path: printed as a matrix, drawn, or laid out as a GIF.
    ("path", ALL),
    ("path_file", ALL),
    // Text only with --show degrees (its matrix); the knight command refuses the others.
    ("show", ALL),
    ("piece", FIGURE),
    ("columns", PNG),
    ("check", ALL),
    ("report", ALL),
    // As for tromino.
    ("panel", ALL),
];

/// A board of your own: the placement as text, or one still (a GIF is refused by the command: a
/// board has no steps).
const BOARD: &[Row] = &[
    ("size", ALL),
    ("fen", ALL),
    ("pieces", ALL),
    ("fills", FIGURE),
    ("flip", FIGURE),
];

/// Options that choose the output themselves, whatever `-o` says: (subcommand, option, output).
const MODES: &[(&str, &str, Output)] = &[
    ("queens", "all", Output::Png),
    ("queens", "sheet", Output::Png),
    ("*", "step", Output::Png),
    ("*", "storyboard", Output::Png),
    ("*", "frames", Output::Gif),
];

/// Options that apply with a mode although its column says no: a step of the queens' search shows
/// its attacked squares and ends where the animation would (--until-solution); the step count of
/// --counter goes into a step's caption and a storyboard's labels.
const ALSO: &[(&str, &str)] = &[
    ("step", "counter"),
    ("storyboard", "counter"),
    ("step", "attacks"),
    ("step", "attacks_of"),
    ("storyboard", "attacks_of"),
    ("step", "until_solution"),
    ("storyboard", "attacks"),
    ("storyboard", "until_solution"),
    // --frames DIR --format tex writes TikZ source files, --sheet FILE.tex a TikZ sheet.
    ("frames", "standalone"),
    ("sheet", "standalone"),
    ("sheet", "width_cm"),
    ("frames", "width_cm"),
];

/// Options that apply to one format of their column only: (option, format name).
const FORMAT_ONLY: &[(&str, &str)] = &[("standalone", "tex"), ("width_cm", "tex")];

/// Options of their column that one format refuses: (option, format name, why).
const NOT_FORMAT: &[(&str, &str, &str)] = &[
    (
        "loops",
        "html",
        "a web page plays when asked, from any step",
    ),
    (
        "loops",
        "mp4",
        "a video has no loop count; the player or slide program loops it (PowerPoint: Loop until Stopped)",
    ),
];

/// Options refused with a mode although its column says yes: steps are steps of the stream (the
/// search, or with --solutions-only the slideshow), not of one solution; a folder of pictures does
/// not loop.
const NOT_WITH: &[(&str, &str)] = &[
    ("step", "solution"),
    ("step", "unique"),
    ("step", "all"),
    ("storyboard", "solution"),
    ("storyboard", "unique"),
    ("storyboard", "all"),
    ("frames", "loops"),
    ("frames", "all"),
    ("frames", "sheet"),
    // A storyboard and a contact sheet lay out their own boards: no margin, coordinates or width of
    // a figure (found by comparing outputs with and without the option).
    ("storyboard", "margin"),
    // A storyboard's boards are laid out small, without a panel.
    ("storyboard", "panel"),
    ("storyboard", "coords"),
    ("sheet", "margin"),
    // The slideshow of solutions has its own pacing (a hold per solution) and shows no attacks.
    ("solutions_only", "delay"),
    ("solutions_only", "every"),
    ("solutions_only", "attacks"),
    // The legend of the four shapes keeps its own layout (its labels need their cell).
    ("shapes", "fit"),
    ("shapes", "width"),
    ("shapes", "height"),
    // The legend and the first divisions are single figures, not steps of the tiling, and their
    // labels keep their size (found by the option sweep).
    ("shapes", "font_size"),
    ("shapes", "panel"),
    ("shapes", "step"),
    ("shapes", "storyboard"),
    ("depth", "panel"),
    ("depth", "step"),
    ("depth", "storyboard"),
    // A storyboard's and a sheet's labels keep the size of their small boards.
    ("storyboard", "font_size"),
    ("sheet", "font_size"),
    // A sheet shows the solutions, not a step of the search.
    ("sheet", "step"),
];

impl Output {
    /// The output kind `-o` asks for; `None` for a name whose format is unknown (refused later,
    /// with its own message).
    pub fn of(output: Option<&std::path::Path>) -> Option<Output> {
        let Some(path) = output.filter(|p| p.as_os_str() != "-") else {
            return Some(Output::Stdout);
        };
        let ext = path.extension()?.to_str()?;
        if ext.eq_ignore_ascii_case("txt") {
            return Some(Output::Txt);
        }
        FormatArg::by_extension(ext).map(Output::of_format)
    }

    /// The column of a picture format: a still or an animation.
    fn of_format(format: FormatArg) -> Output {
        match format.kind {
            // A web page plays the steps an animation shows: the animation's options apply.
            Kind::Animation(_) | Kind::Player => Output::Gif,
            Kind::Raster | Kind::Vector(_) => Output::Png,
        }
    }

    /// How to ask for this output, as said in a refusal.
    fn needs(self) -> &'static str {
        match self {
            Output::Stdout => "standard output (no -o, or -o -)",
            Output::Txt => "a text file (-o FILE.txt)",
            Output::Png => "a still (-o FILE.png, .svg or .pdf)",
            Output::Gif => "GIF output (-o FILE.gif)",
        }
    }
}

/// The table of a subcommand (with the shared options), or `None` for one that has none.
fn table(subcommand: &str) -> Option<impl Iterator<Item = &'static Row>> {
    let own = match subcommand {
        "tromino" => TROMINO,
        "queens" => QUEENS,
        "knight" => KNIGHT,
        "board" => BOARD,
        _ => return None,
    };
    Some(own.iter().chain(SHARED))
}

/// Where `id` applies, for `subcommand`; `None` when the table has no row for it.
/// What a queens run draws, for the options that apply to some of its runs only.
pub struct QueensRun<'a> {
    /// A placement (`--queens POS`).
    pub placement: bool,
    /// The slideshow of solutions or a batch (`--solutions-only`, `--all`, `--sheet`).
    pub other_mode: bool,
    /// Whether the output shows the search (a GIF or the step options); asked last, since it reads
    /// `-o`, whose errors come after the others.
    pub search_output: Box<dyn Fn() -> chessviz::Result<bool> + 'a>,
}

/// An option that applies to some runs of its output column only, with its refusal.
pub struct Scope {
    pub id: &'static str,
    applies: fn(&QueensRun<'_>) -> chessviz::Result<bool>,
    refusal: &'static str,
}

/// The options of `queens` that the search alone shows: its highlight and ghost, and the attacked
/// squares (which a placement shows too, while on a solution every empty square is attacked).
pub const QUEENS_SCOPES: &[Scope] = &[
    Scope {
        id: "no_emphasis",
        applies: |run| Ok(!run.placement && !run.other_mode && (run.search_output)()?),
        refusal: "--no-emphasis applies to the search (-o FILE.gif, --step, --frames, --storyboard): only the search highlights and ghosts queens",
    },
    Scope {
        id: "attacks_of",
        applies: |run| Ok(run.placement || (!run.other_mode && (run.search_output)()?)),
        refusal: "--attacks-of applies to a placement (--queens POS) or to the search (-o FILE.gif, --step, --frames, --storyboard), where a queen stands on the square",
    },
    Scope {
        id: "conflicts",
        applies: |run| Ok(run.placement),
        refusal: "--conflicts applies to a placement (--queens POS): no two queens of a solution attack each other",
    },
    Scope {
        id: "attacks",
        applies: |run| Ok(run.placement || (run.search_output)()?),
        refusal: "--attacks applies to GIF output (-o FILE.gif) or to a placement (--queens POS): on a solution every empty square is attacked",
    },
];

/// Refuses option `id` (given) where its scope says it does not apply.
pub fn check_scoped(scopes: &[Scope], id: &str, run: &QueensRun<'_>) -> chessviz::Result<()> {
    match scopes.iter().find(|s| s.id == id) {
        Some(scope) if !(scope.applies)(run)? => Err(chessviz::Error::usage(scope.refusal)),
        _ => Ok(()),
    }
}

#[cfg(test)]
fn applies(subcommand: &str, id: &str) -> Option<[bool; OUTPUTS.len()]> {
    table(subcommand)?
        .find(|(name, _)| *name == id)
        .map(|(_, cols)| *cols)
}

/// What an output needs, in words: "GIF output (-o FILE.gif)", "text output (...)".
fn needed(columns: [bool; OUTPUTS.len()]) -> String {
    if columns == FILE {
        return "files written with -o FILE".to_string();
    }
    let text = columns[0] && columns[1];
    let mut parts = Vec::new();
    for (output, &yes) in OUTPUTS.iter().zip(&columns) {
        // Standard output and a text file read as one: text output.
        match output {
            Output::Stdout if text => parts.push("text output (no -o, -o - or -o FILE.txt)"),
            Output::Txt if text => {}
            _ if yes => parts.push(output.needs()),
            _ => {}
        }
    }
    parts.join(" or ")
}

/// A picture on standard output (`-o -` or no `-o`, with `--format`) is judged as the file it
/// stands for.
fn standard_output_as(matches: &ArgMatches) -> Option<Output> {
    let output = matches
        .try_get_one::<std::path::PathBuf>("output")
        .ok()
        .flatten();
    if output.is_some_and(|p| p.as_os_str() != "-") {
        return None;
    }
    let format = matches.try_get_one::<FormatArg>("format").ok().flatten()?;
    Some(Output::of_format(*format))
}

/// The picture format the run writes: the extension of `-o`'s file name, else `--format`.
fn format_name(matches: &ArgMatches, output: Option<&std::path::PathBuf>) -> Option<String> {
    let named = output
        .filter(|p| p.as_os_str() != "-")
        .and_then(|p| p.extension())
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    named.or_else(|| {
        let format = matches.try_get_one::<FormatArg>("format").ok().flatten();
        format.map(|f| f.name.to_string())
    })
}

/// Refuses the first option given on the command line that does not apply to the output `-o` chose:
/// `--delay applies to GIF output (-o FILE.gif)`.
pub fn check(
    command: &clap::Command,
    subcommand: &str,
    matches: &ArgMatches,
) -> Result<(), String> {
    let Some(rows) = table(subcommand) else {
        return Ok(());
    };
    // A contact sheet is written to the file --sheet names, which gives its format as -o does.
    let output = ["output", "sheet"]
        .into_iter()
        .find_map(|id| matches.try_get_one::<std::path::PathBuf>(id).ok().flatten());
    let given = |id: &str| {
        matches.try_contains_id(id).unwrap_or(false)
            && matches.value_source(id) == Some(clap::parser::ValueSource::CommandLine)
    };
    let mode = MODES
        .iter()
        .find(|(sub, id, _)| (*sub == subcommand || *sub == "*") && given(id));
    let sub = command.find_subcommand(subcommand);
    let name = |id: &str| {
        sub.and_then(|s| s.get_arguments().find(|a| a.get_id() == id))
            .and_then(|a| a.get_long())
            .map_or_else(|| id.to_string(), |long| format!("--{long}"))
    };
    if let Some((mode_id, id)) = NOT_WITH.iter().find(|(m, id)| given(m) && given(id)) {
        return Err(format!("{} does not apply to {}", name(id), name(mode_id)));
    }
    super::no_effect::check(subcommand, matches, &given, &name)?;
    let Some(kind) = mode
        .map(|(_, _, output)| *output)
        .or_else(|| standard_output_as(matches))
        .or_else(|| Output::of(output.map(|p| p.as_path())))
    else {
        return Ok(());
    };
    if let Some((id, format)) = FORMAT_ONLY
        .iter()
        .find(|(id, format)| given(id) && format_name(matches, output).as_deref() != Some(*format))
    {
        return Err(format!(
            "{} applies to -o FILE.{format} (or --format {format})",
            name(id)
        ));
    }
    let format = format_name(matches, output);
    if let Some((id, f, why)) = NOT_FORMAT
        .iter()
        .find(|(id, f, _)| given(id) && format.as_deref() == Some(*f))
    {
        return Err(format!("{} does not apply to -o FILE.{f}: {why}", name(id)));
    }
    let column = OUTPUTS.iter().position(|o| *o == kind).unwrap_or_default();
    for (id, columns) in rows {
        let also = mode.is_some_and(|(_, m, _)| ALSO.contains(&(*m, *id)));
        if given(id) && !columns[column] && !also {
            let value = matches
                .get_raw(id)
                .and_then(|mut v| v.next())
                .map(|v| v.to_string_lossy().into_owned())
                .unwrap_or_default();
            let instead = INSTEAD
                .iter()
                .find(|(s, i, o, _)| *s == subcommand && i == id && *o == kind)
                .map(|(_, _, _, hint)| format!("; {}", hint.replace("{}", &value)))
                .unwrap_or_default();
            return Err(format!(
                "{} applies to {}{instead}",
                name(id),
                needed(*columns)
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn every_option_of_every_subcommand_has_a_row() {
        let cli = crate::cli::commands::Cli::command();
        for name in ["tromino", "queens", "knight", "board"] {
            let sub = cli.find_subcommand(name).expect(name);
            for arg in sub.get_arguments() {
                let id = arg.get_id().as_str();
                if id == "help" {
                    continue;
                }
                assert!(applies(name, id).is_some(), "{name}: no row for '{id}'");
            }
        }
    }

    #[test]
    fn refusals_say_what_output_is_needed() {
        assert_eq!(needed(GIF), "GIF output (-o FILE.gif)");
        assert_eq!(
            needed(FIGURE),
            "a still (-o FILE.png, .svg or .pdf) or GIF output (-o FILE.gif)"
        );
        assert_eq!(needed(TEXT), "text output (no -o, -o - or -o FILE.txt)");
        assert_eq!(needed(FILE), "files written with -o FILE");
    }
}
