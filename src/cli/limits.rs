//! Limits checked before any search or frame: the frame limit of animations and the memory ceiling.
//!
//! A run that would pass a limit is refused at once, with the way under it, instead of failing after
//! minutes of work. Frame counts come from the problem (tromino: the tile count), from a count of the
//! trace without drawing (knight, queens up to a solution), or from a lower bound (a knight visits
//! every square); memory from the picture's size and the bytes per pixel measured for each output.

use chessviz::internals::layout::Layout;
use chessviz::Style;
use chessviz::FRAME_LIMIT;
use chessviz::{Error, Result};

/// The most memory a run may need: 1 GiB. Larger jobs are refused before they start.
pub const MEMORY_CEILING: u64 = 1 << 30;

/// Memory besides the picture: the program, the font, encoder buffers.
const BASE_BYTES: u64 = 24 << 20;

/// What is drawn, for the memory that grows with the board's squares rather than its pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Board {
    /// Tromino tiles: the tiling, the scene's cells and regions, a number mask per tile with
    /// `--numbers` (measured 100 bytes a square at k = 10).
    Tiles,
    /// Queens: at most 32 x 32 squares.
    Queens,
    /// A knight's tour: the tour, the scene's cells and the path's segment index (measured 62 bytes a
    /// square at --cell 1 and 84 at --cell 4 on 1000 x 1000, since the raster stopped keeping a mask
    /// per square).
    Tour,
}

impl Board {
    fn bytes_per_square(self) -> u64 {
        match self {
            Board::Tiles => 128,
            Board::Queens => 64,
            Board::Tour => 128,
        }
    }
}

/// Peak bytes per pixel of the picture, measured (`/usr/bin/time -f %M`) on boards of 13 and 52
/// megapixels, rounded up. In tenths of a byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// A PNG still of tiles or queens: the canvas and the encoder's row buffers (measured 1.2).
    Still,
    /// A PNG still of a numbered knight's tour: the canvas, the path's masks and the encoder
    /// (measured 2.5 to 2.8 on 200 x 200 tours at --cell 36 and 60).
    NumberedStill,
    /// An animation: the canvas, the GIF writer's copy of the picture and its first full frame, the
    /// encoder's buffer and the path's segment-mask cache (measured 4.0 on a 200 x 200 tour at
    /// --cell 36).
    Animation,
}

impl Job {
    fn tenths_per_pixel(self) -> u64 {
        match self {
            Job::Still => 15,
            Job::NumberedStill => 30,
            Job::Animation => 40,
        }
    }

    fn noun(self) -> &'static str {
        match self {
            Job::Still | Job::NumberedStill => "figure",
            Job::Animation => "animation",
        }
    }
}

/// The estimated peak memory of drawing `layout` as `job`, in bytes.
pub fn estimate(layout_pixels: u64, job: Job) -> u64 {
    BASE_BYTES + layout_pixels * job.tenths_per_pixel() / 10
}

fn layout(rows: u32, cols: u32, cell: u32, style: &Style, caption: bool) -> Result<Layout> {
    let margin = match style.margin {
        Some(m) => m,
        None => chessviz::internals::layout::default_margin(cell),
    };
    Layout::new(rows, cols, cell, margin, caption)
}

fn pixels(layout: &Layout) -> u64 {
    u64::from(layout.width()) * u64::from(layout.height())
}

/// Refuses a `rows` x `cols` `job` of `board` drawn with `style` that would need more than
/// [`MEMORY_CEILING`], naming the largest `--cell` that stays under it. Also refuses what the image
/// limits refuse.
pub fn check_memory(
    rows: u32,
    cols: u32,
    style: &Style,
    caption: bool,
    job: Job,
    board: Board,
) -> Result<()> {
    check_memory_of(rows, cols, style, caption, job, board, 1)
}

/// [`check_memory`] for `copies` pictures drawn at once (stills drawn in parallel, one per core).
pub fn check_memory_of(
    rows: u32,
    cols: u32,
    style: &Style,
    caption: bool,
    job: Job,
    board: Board,
    copies: u64,
) -> Result<()> {
    let squares = u64::from(rows) * u64::from(cols) * board.bytes_per_square();
    let estimate = |pixels: u64| estimate(pixels.saturating_mul(copies.max(1)), job) + squares;
    let full = layout(rows, cols, style.cell, style, caption)?;
    let need = estimate(pixels(&full));
    if need <= MEMORY_CEILING {
        return Ok(());
    }
    let fits = |cell: u32| {
        layout(rows, cols, cell, style, caption)
            .is_ok_and(|l| estimate(pixels(&l)) <= MEMORY_CEILING)
    };
    // The estimate grows with the cell: binary search for the largest that fits.
    let (mut lo, mut hi) = (0u32, style.cell);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
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
    Err(Error::TooLarge(format!(
        "a {rows} x {cols} {}{at_once} at --cell {} ({} x {} pixels) would need about {} of memory, over the memory limit of {}; {way}",
        job.noun(),
        style.cell,
        full.width(),
        full.height(),
        human_bytes(need),
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

/// The number of frames an animation may have: the loop that counts a trace stops past it.
pub fn counting_bound(every: u32, max_frames: Option<u64>) -> u64 {
    let frames = max_frames.unwrap_or(FRAME_LIMIT).min(FRAME_LIMIT) + 1;
    frames.saturating_mul(u64::from(every.max(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_follow_the_measured_peaks() {
        // knight --size 200 --cell 36 -o k.gif: 7236 x 7236 pixels, 227 MiB measured.
        let gif = estimate(7236 * 7236, Job::Animation);
        assert!((215 << 20..260 << 20).contains(&gif), "{gif}");
        // The same as a PNG: 174 MiB measured.
        let png = estimate(7236 * 7236, Job::NumberedStill);
        assert!((170 << 20..200 << 20).contains(&png), "{png}");
    }

    #[test]
    fn refusals_name_a_cell_under_the_ceiling() {
        let style = Style::new(36);
        let e = check_memory(447, 447, &style, false, Job::Animation, Board::Tour)
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
        let check = |s: &Style| check_memory(447, 447, s, false, Job::Animation, Board::Tour);
        assert!(check(&ok).is_ok());
        ok.cell = cell + 1;
        assert!(check(&ok).is_err());
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
