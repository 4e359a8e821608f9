//! Limits checked before any search or frame: the frame limit of animations and the memory ceiling.
//!
//! A run that would pass a limit is refused at once, with the way under it, instead of failing after
//! minutes of work. Frame counts come from the problem (tromino: the tile count), from a count of the
//! trace without drawing (knight, queens up to a solution), or from a lower bound (a knight visits
//! every square); memory from the library's estimate of the renderer's peak.

use chessviz::files::FORMATS;
use chessviz::limits::FRAME_LIMIT;
use chessviz::limits::{
    check_animation_size, check_figure_size, Budget, MemoryJob, MEMORY_CEILING,
};
use chessviz::{Error, Result, Style};

use super::problem::Board;

/// What a picture is, for its checks: a still or an animation's frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture {
    Still,
    Animation,
}

/// The one check of a picture's size before any work: the image limits of its format, then the
/// memory ceiling (the library's estimate, [`Budget`]).
pub fn check_board(board: Board, style: &Style, caption: bool, picture: Picture) -> Result<()> {
    let job = match picture {
        Picture::Still => {
            check_figure_size(board.rows, board.cols, style, caption)?;
            board.still_job()
        }
        Picture::Animation => {
            check_animation_size(board.rows, board.cols, style, caption)?;
            MemoryJob::Animation
        }
    };
    check_memory(board, style, caption, job, 1)
}

/// Refuses a job that would need more than [`MEMORY_CEILING`] with `copies` pictures drawn at once
/// (stills drawn in parallel, one per core), naming the largest `--cell` that stays under it. Also
/// refuses what the image limits refuse.
pub fn check_memory(
    board: Board,
    style: &Style,
    caption: bool,
    job: MemoryJob,
    copies: u64,
) -> Result<()> {
    let budget = Budget {
        rows: board.rows,
        cols: board.cols,
        caption,
        job,
        board: board.kind,
        copies,
    };
    let need = budget.estimate(style.cell, style)?;
    if need.bytes <= MEMORY_CEILING {
        return Ok(());
    }
    let lo = budget.largest_cell_within(style, MEMORY_CEILING);
    let way = if lo >= 1 {
        format!("use --cell {lo} or less, or a smaller board")
    } else {
        "use a smaller board".to_string()
    };
    let at_once = if copies > 1 {
        format!(", {copies} drawn at once,")
    } else {
        String::new()
    };
    // An encoder's own job is named by its format's row ("GIF"); the frame's, "animation".
    let noun = match job {
        MemoryJob::Animation => "animation",
        _ => FORMATS
            .iter()
            .find(|f| f.memory == Some(job))
            .map_or("figure", |f| f.label),
    };
    Err(Error::TooLarge(format!(
        "a {} x {} {noun}{at_once} at --cell {} ({} x {} pixels) would need about {} of memory, over the memory limit of {}; {way}",
        board.rows,
        board.cols,
        style.cell,
        need.width,
        need.height,
        human_bytes(need.bytes),
        human_bytes(MEMORY_CEILING),
    )))
}

/// `1.17 GiB`, `740 MiB`, `1 GiB`.
pub fn human_bytes(bytes: u64) -> String {
    const MIB: f64 = (1u64 << 20) as f64;
    let mib = bytes as f64 / MIB;
    if bytes.is_multiple_of(1 << 30) {
        format!("{} GiB", bytes >> 30)
    } else if mib >= 1024.0 {
        format!("{:.2} GiB", mib / 1024.0)
    } else {
        format!("{mib:.0} MiB")
    }
}

/// How many frames an animation of `steps` steps keeps with `--every` and `--max-frames`; `forced`
/// steps are always kept (the first frame, solutions). An estimate within a frame or two: the bar's
/// total and the frame limit's check need no more.
pub fn kept_frames(steps: u64, forced: u64, every: u32, max_frames: Option<u64>) -> u64 {
    let every = u64::from(every.max(1));
    let kept = forced.min(steps) + steps.saturating_sub(forced) / every;
    max_frames.map_or(kept, |m| kept.min(m))
}

/// Refuses an animation that keeps more than [`FRAME_LIMIT`] frames, with the `--every` that would
/// bring it under. `complete` is false when counting stopped past the limit (`frames` and `steps`
/// are then lower bounds).
pub fn check_frames(what: &str, frames: u64, steps: u64, complete: bool) -> Result<()> {
    if !complete && steps > STEP_BUDGET {
        return Err(over_step_budget(
            what,
            "its frames cannot be counted: stop early with --max-frames M or keep more frames with a smaller --every",
        ));
    }
    if frames <= FRAME_LIMIT {
        return Ok(());
    }
    if !complete {
        return Err(Error::TooLarge(format!(
            "{what} would make more than the {FRAME_LIMIT} frames an animation may have; keep one step in K with --every K, or stop early with --max-frames {FRAME_LIMIT}"
        )));
    }
    let every = steps.div_ceil(FRAME_LIMIT).max(2);
    Err(Error::TooLarge(format!(
        "{what} would make {frames} frames, more than the {FRAME_LIMIT} an animation may have; keep one step in {every} with --every {every}, or stop early with --max-frames {FRAME_LIMIT}"
    )))
}

/// The most steps of a trace one run plays through or counts (`--step`, `--storyboard`, `--every`,
/// `--counter`): the largest knight's tour (10000 x 10000) has 10^8 steps and a few retreats; the
/// search for 16 queens and more has far more, and a run asking past this would not end.
pub const STEP_BUDGET: u64 = 120_000_000;

/// Refuses step `n` of `option` over [`STEP_BUDGET`], before any step is played.
pub fn check_step_budget(option: &str, n: u64) -> Result<()> {
    if n <= STEP_BUDGET {
        return Ok(());
    }
    Err(Error::TooLarge(format!(
        "{option} {n} is past the {STEP_BUDGET} steps a run may play through; choose an earlier step"
    )))
}

/// The refusal of a trace that has more steps than [`STEP_BUDGET`] when a run must count them all.
pub fn over_step_budget(what: &str, need: &str) -> Error {
    Error::TooLarge(format!(
        "{what} has more than the {STEP_BUDGET} steps a run may play through, so {need}"
    ))
}

/// The number of steps an animation's count looks at: the frames it may have times `--every`,
/// and never more than [`STEP_BUDGET`] (one more, to see that the budget is passed).
pub fn counting_bound(every: u32, max_frames: Option<u64>) -> u64 {
    let frames = max_frames.unwrap_or(FRAME_LIMIT).min(FRAME_LIMIT) + 1;
    frames
        .saturating_mul(u64::from(every.max(1)))
        .min(STEP_BUDGET + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_a_cell_under_the_ceiling() {
        let style = Style::new(36);
        let board = Board {
            rows: 447,
            cols: 447,
            kind: chessviz::BoardKind::Tour,
        };
        let e = check_memory(board, &style, false, MemoryJob::Animation, 1)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("memory limit of 1 GiB") && e.contains("--cell 35 or less"),
            "{e}"
        );
        let cell: u32 = e
            .split("--cell ")
            .nth(2)
            .and_then(|s| s.split(' ').next())
            .and_then(|s| s.parse().ok())
            .expect("a cell in the advice");
        let mut ok = Style::new(cell);
        ok.margin = None;
        let check = |s: &Style| check_memory(board, s, false, MemoryJob::Animation, 1);
        assert!(check(&ok).is_ok());
        ok.cell = cell + 1;
        assert!(check(&ok).is_err());
    }

    #[test]
    fn an_encoders_refusal_names_its_format_from_its_row() {
        let board = Board {
            rows: 447,
            cols: 447,
            kind: chessviz::BoardKind::Tour,
        };
        // Within the image limits, over the memory ceiling for every encoder.
        let style = Style::new(36);
        let mut judged = 0;
        for row in FORMATS.iter() {
            let Some(job) = row.memory else { continue };
            let e = check_memory(board, &style, false, job, 1)
                .unwrap_err()
                .to_string();
            assert!(
                e.contains(&format!("a 447 x 447 {} at --cell", row.label)),
                "{e}"
            );
            judged += 1;
        }
        assert!(
            judged >= 3,
            "{judged} formats judged by their encoder's memory"
        );
    }

    #[test]
    fn kept_frames_count_every_and_the_cap() {
        assert_eq!(kept_frames(100, 1, 1, None), 100);
        assert_eq!(kept_frames(101, 1, 10, None), 11);
        assert_eq!(kept_frames(100, 1, 1, Some(7)), 7);
        assert!(check_frames("x", FRAME_LIMIT, FRAME_LIMIT, true).is_ok());
        let e = check_frames("x", 349_526, 349_526, true)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("--every 2") && e.contains("349526 frames"),
            "{e}"
        );
        let e = check_frames("x", FRAME_LIMIT + 1, FRAME_LIMIT + 1, false)
            .unwrap_err()
            .to_string();
        assert!(e.contains("more than the 200000 frames"), "{e}");
    }
}
