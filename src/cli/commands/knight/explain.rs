//! The explaining parts of `chessviz knight`: `--explain` and `--retreat-delay` checks, the refusal
//! of a plain backtracking animation too long to draw, and `--show degrees` (the knight moves from
//! every square of the empty board, as a figure or a matrix).

use chessviz::knight::{self, KnightAdapter, KnightProblem, Method, RETREAT_DELAY_FACTOR};
use chessviz::limits::FRAME_LIMIT;
use chessviz::text;
use chessviz::{Annotations, Axes, Error, LabelStyle, RenderHints, Result, Scene};

use super::{KnightArgs, ShowArg};
use crate::cli::formats::{FormatArg, Kind};
use crate::cli::options::model::Outputs as Applies;
use crate::cli::run::context::Ctx;
use crate::cli::run::problem::Outputs;
use crate::cli::run::target::target;
use crate::cli::run::text::emit_text;

/// How long a retreat is shown: `--retreat-delay`, else [`RETREAT_DELAY_FACTOR`] times the delay.
pub fn retreat_ms(a: &KnightArgs) -> u32 {
    let delay = a.anim.delay.unwrap_or(knight::DEFAULT_DELAY_MS);
    a.retreat_delay
        .unwrap_or(delay.saturating_mul(RETREAT_DELAY_FACTOR))
}

/// Whether the run draws an animation's frames: a GIF, a web page or `--frames`.
fn animates(a: &KnightArgs) -> Result<bool> {
    if a.seq.frames.is_some() {
        return Ok(true);
    }
    if a.seq.draws_steps() {
        return Ok(false);
    }
    Ok(match target(a.output.as_deref(), a.seq.format)? {
        chessviz::files::Target::File(_, format) => FormatArg::of(format)
            .is_some_and(|f| matches!(f.kind, Kind::Animation(_) | Kind::Player)),
        chessviz::files::Target::Stdout => false,
    })
}

/// Refuses `--show path` or `--show numbers` with text output (`--show degrees` alone has a text
/// form: its matrix).
pub fn check_show(a: &KnightArgs) -> Result<()> {
    let draws = a.seq.draws_steps()
        || matches!(
            target(a.output.as_deref(), a.seq.format)?,
            chessviz::files::Target::File(_, format) if FormatArg::of(format).is_some()
        );
    let name = match a.show {
        ShowArg::Path => "path",
        ShowArg::Numbers => "numbers",
        ShowArg::Degrees if a.path.is_some() || a.path_file.is_some() => {
            return Err(Error::usage(
                "--show degrees shows the empty board; it does not draw a given path",
            ))
        }
        ShowArg::Both | ShowArg::Degrees => return Ok(()),
    };
    if draws {
        return Ok(());
    }
    // Every picture draws the path and its numbers; the words list them from the format table.
    let pictures = Applies::PICTURES.words(&["step", "frames", "storyboard"]);
    Err(Error::usage(format!("--show {name} applies to {pictures}")))
}

/// Refuses, before any work, what `--explain` cannot show and a plain backtracking animation longer
/// than an animation may be.
pub fn check(a: &KnightArgs, search: &KnightProblem) -> Result<()> {
    let animates = animates(a)?;
    if a.explain && !a.trace && !animates && !a.seq.draws_steps() {
        return Err(Error::usage(
            "--explain shows why the search moved: use it with -o FILE.gif, -o FILE.html, --step, --frames, --storyboard or --trace",
        ));
    }
    if search.chosen_method() == Method::Backtrack && animates && a.anim.max_frames.is_none() {
        check_backtrack_frames(a, search)?;
    }
    Ok(())
}

/// Counts plain backtracking's steps without drawing, stopping past the frame limit, and refuses a
/// run that would pass it, saying what to do.
fn check_backtrack_frames(a: &KnightArgs, search: &KnightProblem) -> Result<()> {
    let every = u64::from(a.anim.every.max(1));
    let limit = FRAME_LIMIT.saturating_mul(every);
    if search.count_steps(limit)?.is_some() {
        return Ok(());
    }
    let (rows, cols, start) = (search.rows(), search.cols(), search.start());
    Err(Error::TooLarge(format!(
        "plain backtracking on {rows} x {cols} from {start} takes more than {limit} steps (counted \
         before drawing), more than the {FRAME_LIMIT} frames an animation may have; try a smaller \
         board (-n 5 --start 0,0 takes 57 steps), another start square, or draw the first frames \
         only with --max-frames N"
    )))
}

/// `--show degrees`: the empty board with the number of knight moves from each square, as a
/// figure, or as text the matrix of those numbers.
pub fn degrees<'a>(
    a: &'a KnightArgs,
    search: &'a KnightProblem,
    annotations: &'a Annotations,
) -> Result<Outputs<'a, KnightAdapter>> {
    let refused = || {
        Error::usage(
            "--show degrees draws the empty board: use -o FILE.png, .svg or .pdf, or text (no -o, -o FILE.txt)",
        )
    };
    if a.seq.draws_steps() || animates(a)? {
        return Err(refused());
    }
    if a.trace || a.explain {
        let option = if a.trace { "--trace" } else { "--explain" };
        return Err(Error::usage(format!(
            "{option} shows the search; --show degrees shows the empty board"
        )));
    }
    let (rows, cols) = (search.rows(), search.cols());
    Ok(Outputs {
        caption: a.annotate.caption_band(true),
        figure: Box::new(move |_: &Ctx| {
            let degrees = search.degrees();
            let mut scene = Scene::checkerboard(rows, cols);
            scene.set_axes(Axes::Indices);
            scene.set_label_style(LabelStyle::Plain);
            for r in 0..rows {
                for (c, d) in (0..cols).zip(degrees.row(r)) {
                    scene.update_cell(chessviz::Square::new(r, c), |cell| cell.label = Some(d));
                }
            }
            let legend = a
                .look
                .lang()
                .say(chessviz::text::Phrase::KnightDegrees, &[]);
            scene.set_caption(Some(legend));
            let mut hints = RenderHints {
                tile_colors: 0,
                max_label: 8,
                caption: true,
            };
            annotations.apply(&mut scene, &mut hints)?;
            Ok((scene, hints))
        }),
        text: Box::new(move |ctx, target| {
            let degrees = search.degrees();
            emit_text(ctx, target, |w| text::write_degree_matrix(w, &degrees))
        }),
        // The empty board has no steps.
        adapter: Box::new(move |_| Err(refused())),
        counted_as: None,
        check_count: None,
    })
}
