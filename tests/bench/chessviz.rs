//! Performance of the figures, animations, counts and big boards against their targets.
//!
//! `cargo bench --bench chessviz` prints one row per scenario: the median wall time of its runs,
//! the CPU time (user + system, which a busy machine inflates much less than wall time), the bytes
//! written, the frames (or files) made and the peak memory, each beside its target. Growth tables
//! follow: one command at several sizes, its time divided by the size of the problem, which shows
//! whether the cost grows linearly. The explaining animations are then set beside their plain forms,
//! run in turn with them so that both see the same machine: each may cost at most twice their CPU
//! time and bytes ([`EXPLAINED_PAIRS`]).
//!
//! - `cargo bench --bench chessviz -- knight` runs only the scenarios and tables whose name contains
//!   `knight`;
//! - `CHESSVIZ_BENCH_RUNS=9` changes the number of runs (default 5); slow scenarios cap their own
//!   (see [`Scenario::runs`]), and growth tables run each size once;
//! - `CHESSVIZ_BENCH_QUICK=1` skips the slowest work (k = 15, the 10000 x 10000 knight's tour).
//! - `cargo bench --bench chessviz -- gif-sizes` prints only the GIF sizes of the 8-queens search
//!   against their targets and `gifsicle -O3` ([`gif_sizes`]).
//! - `cargo bench --bench chessviz -- webp-sizes` prints only the WebP sizes against
//!   `img2webp -lossless` on the same pictures ([`webp_sizes`]; Debian's `webp`).
//!
//! Every run happens in a fresh child process (this binary again, with `--scenario NAME` or
//! `--growth NAME SIZE`), so the peak memory reported is that run's alone: the child prints its own
//! high-water mark (`VmHWM` from `/proc/self/status`) for library scenarios, or the largest child's
//! maximum resident set (`getrusage(RUSAGE_CHILDREN)`) for scenarios that run the `chessviz`
//! binary. Both are Linux only; elsewhere the column reads "n/a". Outputs go to a temporary folder
//! that is removed after each run.
//!
//! Adding a scenario: one more entry in [`SCENARIOS`], either a library function
//! ([`Scenario::library`]) or a command line of the binary ([`Scenario::cli`]), with its targets.
//! A command line the binary rejects as usage (a flag it does not know) is reported as "not
//! available"; any other error, or a printed answer other than [`Scenario::prints`], is a FAILED
//! scenario and makes the bench exit with failure. Missed targets are reported, not fatal: timings
//! depend on the machine.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use chessviz::knight::{self, KnightAdapter, KnightProblem};
use chessviz::queens::{self, QueensMovie, QueensStyle};
use chessviz::tromino::{self, TrominoProblem, TrominoStyle};
use chessviz::{draw_vector, VectorFigure};
use chessviz::{scene_after, Adapter, AnimationStats, NoProgress, Pacing, Square, Style};

mod gif_sizes;
mod sweep;
mod webp_sizes;

/// Runs per scenario unless `CHESSVIZ_BENCH_RUNS` says otherwise.
const DEFAULT_RUNS: usize = 5;

/// Every library scenario must stay under this peak memory.
const MEMORY_MB: f64 = 64.0;

/// What a scenario must achieve; `None` where there is no target.
#[derive(Clone, Copy)]
struct Target {
    /// Median wall time in milliseconds.
    wall_ms: Option<f64>,
    /// Bytes written.
    bytes: Option<u64>,
    /// Peak resident memory in MiB.
    peak_mb: Option<f64>,
}

/// What one run made.
struct Outcome {
    /// Bytes written (all files).
    bytes: u64,
    /// Frames of an animation, or files of a batch.
    frames: u64,
}

/// How a scenario does its work.
#[derive(Clone, Copy)]
enum Work {
    /// A library call writing into the given directory.
    Library(fn(&Path) -> Result<Outcome, String>),
    /// The `chessviz` binary with this command line (split at spaces); `{out}` is replaced by the
    /// output directory. Bytes and frames are the total size and the number of files it leaves there.
    Cli(&'static str),
}

/// A named piece of work with its targets.
struct Scenario {
    name: &'static str,
    /// Where the target comes from and what it means, shown under the table.
    about: &'static str,
    target: Target,
    work: Work,
    /// What the command must print on standard output (trimmed), if anything is checked.
    prints: Option<&'static str>,
    /// At most this many runs, whatever `CHESSVIZ_BENCH_RUNS` asks.
    max_runs: usize,
    /// Skipped under `CHESSVIZ_BENCH_QUICK=1`.
    slow: bool,
}

impl Scenario {
    const fn new(name: &'static str, about: &'static str, work: Work) -> Self {
        Scenario {
            name,
            about,
            target: Target {
                wall_ms: None,
                bytes: None,
                peak_mb: None,
            },
            work,
            prints: None,
            max_runs: usize::MAX,
            slow: false,
        }
    }

    /// A library call.
    const fn library(
        name: &'static str,
        about: &'static str,
        f: fn(&Path) -> Result<Outcome, String>,
    ) -> Self {
        Self::new(name, about, Work::Library(f))
    }

    /// A command line of the binary, split at spaces (`{out}` is the output folder).
    const fn cli(name: &'static str, about: &'static str, args: &'static str) -> Self {
        Self::new(name, about, Work::Cli(args))
    }

    /// Target: median wall time.
    const fn wall_ms(mut self, ms: f64) -> Self {
        self.target.wall_ms = Some(ms);
        self
    }

    /// Target: bytes written.
    const fn bytes(mut self, bytes: u64) -> Self {
        self.target.bytes = Some(bytes);
        self
    }

    /// Target: peak resident memory.
    const fn peak_mb(mut self, mb: f64) -> Self {
        self.target.peak_mb = Some(mb);
        self
    }

    /// The answer the command must print; anything else fails the scenario.
    const fn prints(mut self, text: &'static str) -> Self {
        self.prints = Some(text);
        self
    }

    /// At most `n` runs: for scenarios that take seconds.
    const fn runs(mut self, n: usize) -> Self {
        self.max_runs = n;
        self
    }

    /// Skipped under `CHESSVIZ_BENCH_QUICK=1`.
    const fn slow(mut self) -> Self {
        self.slow = true;
        self
    }
}

/// All scenarios, in the order of the table.
const SCENARIOS: &[Scenario] = &[
    // Animations.
    Scenario::library(
        "knight-8x8-gif",
        "knight's tour 8 x 8 from 0,0 as a GIF, cell 48",
        knight_gif,
    )
    .wall_ms(50.0)
    .peak_mb(MEMORY_MB),
    // Issue 20: explaining may cost at most twice the plain animation's time and bytes.
    Scenario::library(
        "knight-8x8-explained",
        "the same with --explain: each next move's candidates as badges, the reason as the caption",
        knight_explained_gif,
    )
    .wall_ms(100.0)
    .peak_mb(MEMORY_MB),
    // The search as the Turbo C program showed it: one square changes a step.
    Scenario::library(
        "queens-8-search-gif",
        "full 8-queens search GIF (4112 steps, 92 holds), cell 60, --no-emphasis",
        |dir| queens_search_gif(dir, false),
    )
    .wall_ms(500.0)
    .bytes(1_500_000)
    .peak_mb(MEMORY_MB),
    // The default since the search explains itself: the queen just placed framed, the one
    // removed a ghost, so a step changes two squares (its target: the ratio to the plain search).
    // As one GIF rectangle such a step cost 2.7 times the plain search's bytes: the transparent
    // pixels between two squares in different rows cost LZW codes. Far-apart changes were written
    // as blocks of their own (until issue 29, which showed the pictures no step has): 2.09 times.
    // Issue 29's sizes, one block a step, against gifsicle: see `gif_sizes`. The frame is drawn as its
    // corners (un-framing a queen cost ~250 bytes as a whole square, each row of the cell broken
    // by it): 1.99 times (2,707,120 against 1,363,263 bytes). CPU: half of it is the LZW encoder,
    // which follows the bytes; the rest is drawing, where the explaining search repaints two or
    // three squares a step (an un-framing repaints only the frame's strips, a ghost is blended at
    // every removal): 1.81 times, the median of 21 runs in turn (1,011M against 529M
    // instructions under callgrind: 1.91).
    Scenario::library(
        "queens-8-search-explained",
        "the same with the highlight and the ghost (the default)",
        |dir| queens_search_gif(dir, true),
    )
    .peak_mb(MEMORY_MB),
    // Issue 30: the same search as an MP4 video (H.264, what slide programs play), beside the
    // GIF of the same command line: one sample a step, QP 26; it must be the smaller file. Most of
    // its time is OpenH264 visiting every macroblock (the GIF writes only the changed rectangle).
    // Issue 40: at most 15 times the GIF's CPU time (MP4_PAIRS); it was 136 times (no assembly,
    // the screen-content usage type).
    Scenario::cli(
        "queens-8-search-mp4",
        "full 8-queens search as MP4 video (-o q.mp4), cell 60, --margin 0; smaller than the next",
        "queens -n 8 --cell 60 --margin 0 -q -o {out}/q.mp4",
    )
    .runs(3)
    .peak_mb(MEMORY_MB),
    Scenario::cli(
        "queens-8-search-gif-cli",
        "the same command line as a GIF (-o q.gif)",
        "queens -n 8 --cell 60 --margin 0 -q -o {out}/q.gif",
    )
    .peak_mb(MEMORY_MB),
    // Issue 30: the web page of the full search costs what changes: at most 3 times the GIF's CPU
    // time (PAGE_PAIRS) and 40 MB. It cost 3.1 s and 156 MB (a figure, palette and symbol table
    // made afresh per step, every caption's outline kept), the GIF 0.5 s here.
    Scenario::cli(
        "queens-8-page-gif",
        "the full 8-queens search as a GIF through the binary (the page's yardstick)",
        "queens -n 8 -q -o {out}/q.gif",
    )
    .peak_mb(MEMORY_MB),
    Scenario::cli(
        "queens-8-page",
        "the same search as a web page (-o FILE.html): at most 3x the GIF's CPU time, 40 MB",
        "queens -n 8 -q -o {out}/q.html",
    )
    .peak_mb(40.0),
    // Issue 40: a Chinese page costs what the English one does (bytes at most 1.5x, ZH_PAIRS): its
    // captions' characters are defined once and placed by every step (each caption was one outline
    // of its own: 2.8 MB against 117 KB to the first solution, 54 MB against 1.1 MB in all).
    Scenario::cli(
        "queens-8-page-zh",
        "the full 8-queens search as a Chinese web page (--lang zh): at most 1.5x the English page's bytes",
        "queens -n 8 --lang zh -q -o {out}/q.html",
    )
    .peak_mb(40.0),
    Scenario::cli(
        "queens-8-first-page",
        "the 8-queens search to the first solution as a web page (the Chinese page's yardstick)",
        "queens -n 8 --until-solution 1 -q -o {out}/q.html",
    )
    .peak_mb(40.0),
    Scenario::cli(
        "queens-8-first-page-zh",
        "the same in Chinese (--lang zh): at most 1.5x the English page's bytes",
        "queens -n 8 --until-solution 1 --lang zh -q -o {out}/q.html",
    )
    .peak_mb(40.0),
    Scenario::library(
        "tromino-k6-gif",
        "tromino tiling k = 6 (1365 tiles) as a GIF, cell 12",
        |dir| tromino_k6_gif(dir, false),
    )
    .peak_mb(MEMORY_MB),
    // The recursion explained: every division drawn as a frame of its own (--show-splits).
    Scenario::library(
        "tromino-k6-splits",
        "the same with --show-splits: each division a frame, its cross drawn over the shaded sub-board",
        |dir| tromino_k6_gif(dir, true),
    )
    .peak_mb(MEMORY_MB),
    // Vector output of the 8 x 8 knight figure (solve, display list, write).
    Scenario::library(
        "knight-8x8-svg",
        "knight's tour 8 x 8 from 0,0 as an SVG figure, cell 48 (bytes: <= 60 KB)",
        knight_svg,
    )
    .wall_ms(5.0)
    .bytes(60 * 1024),
    Scenario::library(
        "knight-8x8-pdf",
        "knight's tour 8 x 8 from 0,0 as a PDF figure, cell 48",
        knight_pdf,
    )
    .wall_ms(10.0),
    Scenario::cli(
        "knight-200-cell1-gif",
        "knight's tour 200 x 200 as a GIF at --cell 1 (40000 frames of a few changed pixels)",
        "knight -n 200 --cell 1 --margin 0 -q -o {out}/k.gif",
    )
    .wall_ms(1000.0)
    .runs(3),
    // Issue 38: the cost of one walk of the steps, through the binary (the command counts, the
    // animation describes only the picture it ends on, and a GIF finds its words by one walk that
    // draws nothing). Against the release before the frame sinks, CPU time: 0.86 (this knight
    // GIF; 0.72 without its margin), 0.99 (tromino), 0.97 (the PDF step) and 0.95 (the 8-queens
    // GIF, queens-8-page-gif above), outputs byte for byte the same.
    Scenario::cli(
        "knight-200-cell1-gif-margin",
        "knight's tour 200 x 200 as a GIF at --cell 1 with its margin and captions",
        "knight -n 200 --cell 1 -q -o {out}/k.gif",
    )
    .runs(3),
    Scenario::cli(
        "tromino-k5-gif",
        "tromino tiling k = 5 (341 tiles) as a GIF, the default look",
        "tromino -k 5 -q -o {out}/t.gif",
    ),
    Scenario::cli(
        "queens-8-step40-panels-pdf",
        "step 40 of the 8-queens search with every panel, as a PDF still",
        "queens -n 8 --step 40 --panel all -q -o {out}/q.pdf",
    ),
    // Frame sequences: every step of a search as a full picture, each written atomically.
    Scenario::cli(
        "queens-8-frames-png",
        "the 8-queens search up to its first solution as PNG pictures (--frames DIR, 220 files)",
        "queens -n 8 --until-solution 1 --frames {out}/f -q",
    )
    .wall_ms(500.0),
    Scenario::cli(
        "queens-8-frames-svg",
        "the same as SVG pictures (--frames DIR --format svg)",
        "queens -n 8 --until-solution 1 --frames {out}/f --format svg -q",
    )
    .wall_ms(500.0),
    // Batches through the binary.
    Scenario::cli(
        "queens-92-stills",
        "all 92 solutions of 8 queens as PNG stills, cell 60 (--all -o DIR)",
        "queens -n 8 --all --cell 60 -q -o {out}/stills",
    )
    .wall_ms(300.0),
    Scenario::cli(
        "queens-92-sheet",
        "contact sheet of the 92 solutions (--sheet FILE.png)",
        "queens -n 8 --sheet {out}/sheet.png -q",
    )
    .wall_ms(300.0),
    Scenario::cli(
        "queens-92-sheet-svg",
        "contact sheet of the 92 solutions as SVG (--sheet FILE.svg)",
        "queens -n 8 --sheet {out}/sheet.svg -q",
    )
    .wall_ms(300.0),
    Scenario::cli(
        "queens-92-sheet-pdf",
        "contact sheet of the 92 solutions as PDF (--sheet FILE.pdf)",
        "queens -n 8 --sheet {out}/sheet.pdf -q",
    )
    .wall_ms(300.0),
    Scenario::cli(
        "gallery",
        "the gallery of figures (gallery DIR)",
        "gallery {out}/g -q",
    )
    .wall_ms(2000.0),
    // Big boards and counts.
    Scenario::cli(
        "tromino-k10-cell4",
        "tromino k = 10 (1024 x 1024 board), special 3,5, --cell 4 PNG",
        "tromino -k 10 --special 3,5 --cell 4 -o {out}/t10.png",
    )
    .wall_ms(1500.0),
    Scenario::cli(
        "tromino-k14-cell1",
        "tromino k = 14 (16384 x 16384), special 3,5, --cell 1 PNG (streamed)",
        "tromino -k 14 --special 3,5 --cell 1 -o {out}/t14.png",
    )
    .wall_ms(10_000.0)
    .peak_mb(100.0)
    .runs(3),
    Scenario::cli(
        "tromino-k15-cell1",
        "tromino k = 15 (32768 x 32768), special 3,5, --cell 1 PNG (no target; slow)",
        "tromino -k 15 --special 3,5 --cell 1 -o {out}/t15.png",
    )
    .runs(1)
    .slow(),
    Scenario::cli(
        "queens-count-16",
        "queens --count n = 16, must print 14772512 (OEIS A000170)",
        "queens -n 16 --count",
    )
    .prints("14772512")
    .wall_ms(2500.0)
    .runs(3),
    Scenario::cli(
        "queens-count-17",
        "queens --count n = 17, must print 95815104 (OEIS A000170; target on 2 cores)",
        "queens -n 17 --count",
    )
    .prints("95815104")
    .wall_ms(20_000.0)
    .runs(1),
    Scenario::cli(
        "queens-unique-16",
        "queens --count --unique n = 16, must print 1846955 (OEIS A002562; no target)",
        "queens -n 16 --count --unique",
    )
    .prints("1846955")
    .runs(3),
    Scenario::cli(
        "queens-unique-17",
        "queens --count --unique n = 17, must print 11977939 (OEIS A002562; no target)",
        "queens -n 17 --count --unique",
    )
    .prints("11977939")
    .runs(1),
    Scenario::cli(
        "knight-1000-text",
        "knight's tour 1000 x 1000 from 0,0 (auto: the construction), text matrix to a file",
        "knight --size 1000 -o {out}/k.txt",
    )
    .wall_ms(100.0),
    Scenario::cli(
        "knight-1000-text-search",
        "the same by Warnsdorff's search, --method warnsdorff",
        "knight --size 1000 --method warnsdorff -o {out}/k.txt",
    )
    .wall_ms(1000.0),
    Scenario::cli(
        "knight-3x10000-text",
        "knight's tour 3 x 10000 from 1,5000 (the construction), text matrix to a file",
        "knight --rows 3 --cols 10000 --start 1,5000 -o {out}/k.txt",
    )
    .wall_ms(100.0),
    Scenario::cli(
        "knight-4x10000-text",
        "knight's tour 4 x 10000 from 0,0 (the construction), text matrix to a file",
        "knight --rows 4 --cols 10000 --start 0,0 -o {out}/k.txt",
    )
    .wall_ms(100.0),
    Scenario::cli(
        "knight-4x10000-middle",
        "knight's tour 4 x 10000 from 0,5000, the middle of a long edge (the construction), text matrix to a file",
        "knight --rows 4 --cols 10000 --start 0,5000 -o {out}/k.txt",
    )
    .wall_ms(100.0),
    Scenario::cli(
        "knight-10000-text",
        "knight's tour 10000 x 10000 from 0,0 (the construction), text matrix (1 GB) to a file",
        "knight --size 10000 -o {out}/k.txt",
    )
    .wall_ms(6_000.0)
    .peak_mb(450.0)
    .runs(1)
    .slow(),
    // Vector output that does not fit in a file of a few MB: the writers stream, so the peak is the
    // display list (issue 24: these peaked at 1.6-2.5 GiB when the document was built in memory).
    Scenario::cli(
        "queens-13-sheet-svg",
        "every solution of 13 queens (73,712 boards) on one SVG contact sheet",
        "queens -n 13 --sheet {out}/s.svg",
    )
    .peak_mb(1024.0)
    .runs(1)
    .slow(),
    Scenario::cli(
        "queens-13-sheet-pdf",
        "the same as a PDF",
        "queens -n 13 --sheet {out}/s.pdf",
    )
    .peak_mb(1024.0)
    .runs(1)
    .slow(),
    Scenario::cli(
        "knight-2800-svg",
        "knight's tour 2800 x 2800 as an SVG figure, cell 1 (7.8 million squares)",
        "knight -n 2800 --cell 1 -o {out}/k.svg",
    )
    .peak_mb(1024.0)
    .runs(1)
    .slow(),
    Scenario::cli(
        "knight-2800-pdf",
        "the same as a PDF",
        "knight -n 2800 --cell 1 -o {out}/k.pdf",
    )
    .peak_mb(1024.0)
    .runs(1)
    .slow(),
    Scenario::cli(
        "knight-10000-text-search",
        "the same by Warnsdorff's search, --method warnsdorff",
        "knight --size 10000 --method warnsdorff -o {out}/k.txt",
    )
    .wall_ms(20_000.0)
    .peak_mb(1024.0)
    .runs(1)
    .slow(),
];

/// Issue 20: an explaining animation may cost at most this many times its plain form, in time and
/// in bytes.
const EXPLAIN_RATIO: f64 = 2.0;

/// Each explaining animation beside its plain form (scenario names): explained, plain.
const EXPLAINED_PAIRS: &[(&str, &str)] = &[
    ("queens-8-search-explained", "queens-8-search-gif"),
    ("knight-8x8-explained", "knight-8x8-gif"),
    ("tromino-k6-splits", "tromino-k6-gif"),
];

/// Issue 30: the web page of a search may cost at most this many times its GIF's CPU time.
const PAGE_RATIO: f64 = 3.0;

/// Each web page beside the GIF of the same steps (scenario names): page, GIF.
const PAGE_PAIRS: &[(&str, &str)] = &[("queens-8-page", "queens-8-page-gif")];

/// Issue 40: an MP4 video may cost at most this many times the CPU time of the GIF of the same
/// command line.
const MP4_RATIO: f64 = 15.0;

/// Each video beside the GIF of the same command line (scenario names): video, GIF.
const MP4_PAIRS: &[(&str, &str)] = &[("queens-8-search-mp4", "queens-8-search-gif-cli")];

/// Chinese web pages and their English forms: bytes at most [`ZH_RATIO`]x (issue 40).
const ZH_PAIRS: &[(&str, &str)] = &[
    ("queens-8-page-zh", "queens-8-page"),
    ("queens-8-first-page-zh", "queens-8-first-page"),
];

/// The most a Chinese page may weigh against the same page in English.
const ZH_RATIO: f64 = 1.5;

/// One command at several sizes, run once each, its time divided by the size of the problem.
struct Growth {
    name: &'static str,
    /// Printed above the table.
    title: &'static str,
    /// What the problem's size counts ("cell", "square").
    unit: &'static str,
    /// The command line, split at spaces: `{n}` is replaced by the size, `{out}` by the output folder.
    args: &'static str,
    sizes: &'static [u32],
    /// Sizes from this one up are skipped under `CHESSVIZ_BENCH_QUICK=1`.
    slow_from: u32,
    /// How many units a problem of this size has.
    units: fn(u32) -> u64,
    /// How a size is written in the table.
    label: fn(u32) -> String,
}

/// The growth tables, printed after the main table.
const GROWTH: &[Growth] = &[
    Growth {
        name: "tromino-growth",
        title: "tromino --cell 1 --margin 0 PNG, special 3,5: time per cell (k <= 10 drawn whole, above streamed)",
        unit: "cell",
        args: "tromino -k {n} --special 3,5 --cell 1 --margin 0 -o {out}/t.png",
        sizes: &[8, 9, 10, 11, 12, 13, 14],
        slow_from: u32::MAX,
        units: |k| 1u64 << (2 * k),
        label: |k| format!("k = {k}"),
    },
    Growth {
        name: "knight-growth",
        title: "knight --size N from 0,0, text matrix to a file: time per square (auto: the construction above 32 x 32)",
        unit: "square",
        args: "knight --size {n} -o {out}/k.txt",
        sizes: &[100, 300, 1000, 3000, 10_000],
        slow_from: 10_000,
        units: |n| u64::from(n) * u64::from(n),
        label: |n| format!("{n} x {n}"),
    },
    Growth {
        name: "knight-growth-search",
        title: "the same by Warnsdorff's search, --method warnsdorff (the search before the construction; up to 2^18 squares the search also checks for splits)",
        unit: "square",
        args: "knight --size {n} --method warnsdorff -o {out}/k.txt",
        sizes: &[100, 300, 1000, 3000, 10_000],
        slow_from: 10_000,
        units: |n| u64::from(n) * u64::from(n),
        label: |n| format!("{n} x {n}"),
    },
];

fn io_err(e: std::io::Error) -> String {
    e.to_string()
}

fn create(dir: &Path, name: &str) -> Result<std::fs::File, String> {
    std::fs::File::create(dir.join(name)).map_err(io_err)
}

fn outcome(stats: AnimationStats) -> Outcome {
    Outcome {
        bytes: stats.bytes,
        frames: u64::from(stats.frames),
    }
}

fn knight_gif(dir: &Path) -> Result<Outcome, String> {
    let problem = KnightProblem::new(8, 8, Square::new(0, 0)).map_err(|e| e.to_string())?;
    let pacing = Pacing::new(knight::DEFAULT_DELAY_MS, knight::DEFAULT_HOLD_MS);
    let stats = knight::animate(
        create(dir, "knight.gif")?,
        &problem,
        &Style::new(48),
        pacing,
        &mut NoProgress,
    )
    .map_err(|e| e.to_string())?;
    Ok(outcome(stats))
}

/// The knight GIF of `knight_gif` with every choice explained, as `knight --explain` draws it.
fn knight_explained_gif(dir: &Path) -> Result<Outcome, String> {
    let problem = KnightProblem::new(8, 8, Square::new(0, 0)).map_err(|e| e.to_string())?;
    let pacing = Pacing::new(knight::DEFAULT_DELAY_MS, knight::DEFAULT_HOLD_MS);
    let style = Style::new(48);
    let retreat_ms = knight::DEFAULT_DELAY_MS * knight::RETREAT_DELAY_FACTOR;
    let inner = KnightAdapter::new(8, 8).narrated(retreat_ms, false);
    let mut adapter = knight::KnightExplainAdapter::new(inner, &style);
    let trace = problem.trace().map_err(|e| e.to_string())?;
    let stats = chessviz::animate(
        create(dir, "knight-explained.gif")?,
        &mut adapter,
        knight::explain_steps(trace.with_choices()),
        knight::FRAMING,
        &style,
        pacing,
        &mut NoProgress,
    )
    .map_err(|e| e.to_string())?;
    Ok(outcome(stats))
}

/// The 8 x 8 knight figure at cell 48 as vector shapes, as `knight::still` draws it.
fn knight_figure() -> Result<VectorFigure, String> {
    let tour = KnightProblem::new(8, 8, Square::new(0, 0))
        .and_then(|p| p.solve())
        .map_err(|e| e.to_string())?;
    let mut adapter = KnightAdapter::new(8, 8);
    let (scene, _) =
        scene_after(&mut adapter, KnightAdapter::moves(&tour), None).map_err(|e| e.to_string())?;
    draw_vector(&scene, adapter.hints(), &Style::new(48)).map_err(|e| e.to_string())
}

fn written(dir: &Path, name: &str) -> Result<Outcome, String> {
    let bytes = std::fs::metadata(dir.join(name)).map_err(io_err)?.len();
    Ok(Outcome { bytes, frames: 1 })
}

fn knight_svg(dir: &Path) -> Result<Outcome, String> {
    let figure = knight_figure()?;
    let out = std::io::BufWriter::new(create(dir, "knight.svg")?);
    figure.write_svg(out).map_err(|e| e.to_string())?;
    written(dir, "knight.svg")
}

fn knight_pdf(dir: &Path) -> Result<Outcome, String> {
    let figure = knight_figure()?;
    let out = std::io::BufWriter::new(create(dir, "knight.pdf")?);
    figure
        .write_pdf(out, &figure.pdf)
        .map_err(|e| e.to_string())?;
    written(dir, "knight.pdf")
}

fn queens_search_gif(dir: &Path, emphasis: bool) -> Result<Outcome, String> {
    let pacing = Pacing::new(queens::DEFAULT_DELAY_MS, queens::DEFAULT_HOLD_MS);
    let stats = queens::animate(
        create(dir, "queens.gif")?,
        8,
        QueensMovie::Search { until: None },
        QueensStyle {
            emphasis,
            ..QueensStyle::default()
        },
        &Style::new(60),
        pacing,
        &mut NoProgress,
    )
    .map_err(|e| e.to_string())?;
    Ok(outcome(stats))
}

fn tromino_k6_gif(dir: &Path, show_splits: bool) -> Result<Outcome, String> {
    let problem = TrominoProblem::new(6, Square::new(0, 0)).map_err(|e| e.to_string())?;
    let pacing = Pacing::new(tromino::DEFAULT_DELAY_MS, tromino::DEFAULT_HOLD_MS);
    let stats = tromino::animate(
        create(dir, "tromino.gif")?,
        &problem,
        TrominoStyle {
            show_splits,
            ..TrominoStyle::default()
        },
        &Style::new(12),
        pacing,
        &mut NoProgress,
    )
    .map_err(|e| e.to_string())?;
    Ok(outcome(stats))
}

/// Total size and number of the files under `dir`.
fn dir_usage(dir: &Path) -> (u64, u64) {
    let mut bytes = 0;
    let mut files = 0;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            match entry.metadata() {
                Ok(m) if m.is_dir() => stack.push(entry.path()),
                Ok(m) => {
                    bytes += m.len();
                    files += 1;
                }
                Err(_) => {}
            }
        }
    }
    (bytes, files)
}

/// The `chessviz` binary built alongside this bench (cargo sets the path for benches too).
fn chessviz_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_chessviz"))
}

/// Why a run has no numbers.
enum Problem {
    /// The binary does not understand the command line (yet).
    Unavailable(String),
    /// The work failed or gave a wrong answer.
    Failed(String),
}

/// Runs the binary with `args` (`{out}` replaced by a folder inside `dir`) and checks what it prints.
fn run_cli(args: &[String], prints: Option<&str>, dir: &Path) -> Result<Outcome, Problem> {
    let failed = |e: String| Problem::Failed(e);
    let out = dir.join("out");
    std::fs::create_dir_all(&out).map_err(|e| failed(io_err(e)))?;
    let out_str = out
        .to_str()
        .ok_or_else(|| failed("temp path is not UTF-8".into()))?;
    let args: Vec<String> = args.iter().map(|a| a.replace("{out}", out_str)).collect();
    let result = Command::new(chessviz_binary())
        .args(&args)
        .output()
        .map_err(|e| failed(format!("cannot run chessviz: {e}")))?;
    if !result.status.success() {
        let err = String::from_utf8_lossy(&result.stderr);
        let first = err.lines().next().unwrap_or("failed").trim().to_string();
        // The binary's usage errors end in "(see --help)"; anything else is a real failure.
        return Err(if first.ends_with("(see --help)") {
            Problem::Unavailable(first)
        } else {
            failed(format!("{} ({})", first, result.status))
        });
    }
    if let Some(want) = prints {
        let got = String::from_utf8_lossy(&result.stdout);
        if got.trim() != want {
            return Err(failed(format!(
                "WRONG ANSWER: printed {:?}, expected {want}",
                got.trim()
            )));
        }
    }
    let (bytes, frames) = dir_usage(&out);
    Ok(Outcome { bytes, frames })
}

/// Peak resident memory of this process in KiB (Linux).
fn own_peak_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// CPU time and peak resident memory from `getrusage`.
#[derive(Clone, Copy)]
struct Usage {
    /// User plus system time.
    cpu: Duration,
    /// Peak resident set in KiB.
    max_rss_kb: u64,
}

/// Whose usage [`usage`] reads.
#[derive(Clone, Copy)]
enum Who {
    /// This process.
    Own,
    /// The waited-for children of this process (their largest peak, their summed CPU time).
    Children,
}

/// Resource usage (Linux; `None` elsewhere).
#[cfg(target_os = "linux")]
fn usage(who: Who) -> Option<Usage> {
    use std::ffi::{c_int, c_long};
    /// `struct rusage` of Linux: two `struct timeval` (seconds and microseconds, longs), then
    /// fourteen longs, the first of which is `ru_maxrss` in KiB.
    #[repr(C)]
    struct Rusage {
        utime: [c_long; 2],
        stime: [c_long; 2],
        maxrss: c_long,
        rest: [c_long; 13],
    }
    extern "C" {
        fn getrusage(who: c_int, usage: *mut Rusage) -> c_int;
    }
    let who = match who {
        Who::Own => 0,       // RUSAGE_SELF
        Who::Children => -1, // RUSAGE_CHILDREN
    };
    let mut u = Rusage {
        utime: [0; 2],
        stime: [0; 2],
        maxrss: 0,
        rest: [0; 13],
    };
    // SAFETY: `u` is a properly sized and aligned `struct rusage` that getrusage fills in.
    if unsafe { getrusage(who, &mut u) } != 0 {
        return None;
    }
    let tv = |t: [c_long; 2]| Duration::from_secs(t[0] as u64) + Duration::from_micros(t[1] as u64);
    Some(Usage {
        cpu: tv(u.utime) + tv(u.stime),
        max_rss_kb: u.maxrss as u64,
    })
}

#[cfg(not(target_os = "linux"))]
fn usage(_: Who) -> Option<Usage> {
    None
}

/// What a child process runs once.
enum Job {
    Library(fn(&Path) -> Result<Outcome, String>),
    /// A library call at a cell size (the cell sweep, [`sweep`]).
    Cell(fn(&Path, u32) -> Result<Outcome, String>, u32),
    Cli {
        args: Vec<String>,
        prints: Option<&'static str>,
    },
}

/// The job named by the child's arguments: `--scenario NAME` or `--growth NAME SIZE`.
fn child_job(args: &[String]) -> Result<Job, String> {
    let words = |line: &str| line.split_whitespace().map(str::to_string).collect();
    match args {
        [mode, name] if mode == "--scenario" => {
            let s = SCENARIOS
                .iter()
                .find(|s| s.name == name)
                .ok_or_else(|| format!("no scenario named {name}"))?;
            Ok(match s.work {
                Work::Library(f) => Job::Library(f),
                Work::Cli(args) => Job::Cli {
                    args: words(args),
                    prints: s.prints,
                },
            })
        }
        [mode, name, size] if mode == "--growth" => {
            let g = GROWTH
                .iter()
                .find(|g| g.name == name)
                .ok_or_else(|| format!("no growth table named {name}"))?;
            let args = words(&g.args.replace("{n}", size));
            Ok(Job::Cli { args, prints: None })
        }
        [mode, name, cell] if mode == "--sweep" => {
            let s = sweep::SWEEPS
                .iter()
                .find(|s| s.name == name)
                .ok_or_else(|| format!("no cell sweep named {name}"))?;
            let cell = cell.parse().map_err(|_| format!("bad cell {cell}"))?;
            Ok(Job::Cell(s.gif, cell))
        }
        _ => Err(format!("bad child arguments {args:?}")),
    }
}

/// The child's side: runs one job once and prints `RESULT <wall ns> <bytes> <frames> <peak KiB or
/// n/a> <cpu ns or n/a>`, `UNAVAILABLE <reason>` or `FAILED <reason>`.
fn run_child(args: &[String]) -> ExitCode {
    let job = match child_job(args) {
        Ok(job) => job,
        Err(e) => {
            println!("FAILED {e}");
            return ExitCode::FAILURE;
        }
    };
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => {
            println!("FAILED temp dir: {e}");
            return ExitCode::FAILURE;
        }
    };
    let cpu_before = usage(Who::Own);
    let start = Instant::now();
    let result = match &job {
        Job::Library(f) => f(dir.path()).map_err(Problem::Failed),
        Job::Cell(f, cell) => f(dir.path(), *cell).map_err(Problem::Failed),
        Job::Cli { args, prints } => run_cli(args, *prints, dir.path()),
    };
    let wall = start.elapsed();
    let o = match result {
        Ok(o) => o,
        Err(Problem::Unavailable(e)) => {
            println!("UNAVAILABLE {e}");
            return ExitCode::SUCCESS;
        }
        Err(Problem::Failed(e)) => {
            println!("FAILED {e}");
            return ExitCode::SUCCESS;
        }
    };
    let (peak, cpu) = match job {
        Job::Library(_) | Job::Cell(..) => {
            let cpu = usage(Who::Own)
                .zip(cpu_before)
                .map(|(after, before)| after.cpu.saturating_sub(before.cpu));
            (own_peak_kb(), cpu)
        }
        Job::Cli { .. } => {
            let u = usage(Who::Children);
            (u.map(|u| u.max_rss_kb), u.map(|u| u.cpu))
        }
    };
    let na = || "n/a".to_string();
    println!(
        "RESULT {} {} {} {} {}",
        wall.as_nanos(),
        o.bytes,
        o.frames,
        peak.map_or_else(na, |k| k.to_string()),
        cpu.map_or_else(na, |c| c.as_nanos().to_string()),
    );
    ExitCode::SUCCESS
}

/// One child run as the parent reads it.
struct Sample {
    wall: Duration,
    bytes: u64,
    frames: u64,
    peak_kb: Option<u64>,
    cpu: Option<Duration>,
}

/// Runs this binary once as a child with `args` and reads its line.
fn sample(args: &[&str]) -> Result<Sample, Problem> {
    let exe = std::env::current_exe().map_err(|e| Problem::Failed(io_err(e)))?;
    let out = Command::new(exe)
        .args(args)
        .output()
        .map_err(|e| Problem::Failed(io_err(e)))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find(|l| {
            ["RESULT ", "UNAVAILABLE ", "FAILED "]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .ok_or_else(|| {
            Problem::Failed(format!(
                "child failed ({}): {}",
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            ))
        })?;
    if let Some(reason) = line.strip_prefix("UNAVAILABLE ") {
        return Err(Problem::Unavailable(reason.to_string()));
    }
    if let Some(reason) = line.strip_prefix("FAILED ") {
        return Err(Problem::Failed(reason.to_string()));
    }
    let f: Vec<&str> = line.split_whitespace().skip(1).collect();
    let num = |i: usize| -> Result<u64, Problem> {
        f.get(i)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| Problem::Failed(format!("bad child line: {line}")))
    };
    Ok(Sample {
        wall: Duration::from_nanos(num(0)?),
        bytes: num(1)?,
        frames: num(2)?,
        peak_kb: f.get(3).and_then(|s| s.parse().ok()),
        cpu: f
            .get(4)
            .and_then(|s| s.parse().ok())
            .map(Duration::from_nanos),
    })
}

/// The medians of several runs.
struct Summary {
    runs: usize,
    wall: Duration,
    cpu: Option<Duration>,
    bytes: u64,
    frames: u64,
    peak_kb: Option<u64>,
}

/// The middle value (the upper one of an even count).
fn middle<T: Ord>(mut v: Vec<T>) -> T {
    v.sort_unstable();
    v.swap_remove(v.len() / 2)
}

/// The median of `f` over the samples.
fn median<T: Ord>(samples: &[Sample], f: impl Fn(&Sample) -> T) -> T {
    middle(samples.iter().map(f).collect())
}

/// The median of `f` over the samples, if every sample has it.
fn median_of_known<T: Ord>(samples: &[Sample], f: impl Fn(&Sample) -> Option<T>) -> Option<T> {
    samples
        .iter()
        .map(f)
        .collect::<Option<Vec<T>>>()
        .map(middle)
}

/// Runs a child `runs` times (stopping at the first problem) and takes the medians.
fn measure(args: &[&str], runs: usize) -> Result<Summary, Problem> {
    let samples = (0..runs)
        .map(|_| sample(args))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Summary {
        runs,
        wall: median(&samples, |x| x.wall),
        cpu: median_of_known(&samples, |x| x.cpu),
        bytes: median(&samples, |x| x.bytes),
        frames: median(&samples, |x| x.frames),
        peak_kb: median_of_known(&samples, |x| x.peak_kb),
    })
}

/// `value (<= target)` with a mark when the target is missed.
fn with_target(value: String, target: Option<String>, ok: bool) -> String {
    match target {
        Some(t) => format!("{value} (<= {t}){}", if ok { "" } else { " MISSED" }),
        None => value,
    }
}

fn mb(kb: u64) -> f64 {
    kb as f64 / 1024.0
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn peak_text(peak_kb: Option<u64>) -> String {
    peak_kb.map_or("n/a".to_string(), |p| format!("{:.1} MiB", mb(p)))
}

/// What the bench saw: targets missed and scenarios failed.
#[derive(Default)]
struct Tally {
    missed: usize,
    failed: usize,
    /// What each missed target was, listed again at the end so that none goes unnoticed.
    misses: Vec<String>,
}

impl Tally {
    fn miss(&mut self, what: String) {
        self.missed += 1;
        self.misses.push(what);
    }
}

/// Prints a problem in place of a row; failures count.
fn report_problem(name: &str, problem: Problem, tally: &mut Tally) {
    match problem {
        Problem::Unavailable(reason) => println!("{name:<22} not available: {reason}"),
        Problem::Failed(reason) => {
            tally.failed += 1;
            println!("{name:<22} FAILED: {reason}");
        }
    }
}

/// Prints one row of the main table and counts the targets it misses.
fn print_row(s: &Scenario, r: &Summary, tally: &mut Tally) {
    let wall_ms = r.wall.as_secs_f64() * 1000.0;
    let wall_ok = s.target.wall_ms.is_none_or(|t| wall_ms <= t);
    let bytes_ok = s.target.bytes.is_none_or(|t| r.bytes <= t);
    let peak_ok = match (r.peak_kb, s.target.peak_mb) {
        (Some(p), Some(t)) => mb(p) <= t,
        _ => true,
    };
    for (ok, what) in [
        (wall_ok, "wall time"),
        (bytes_ok, "bytes"),
        (peak_ok, "peak memory"),
    ] {
        if !ok {
            tally.miss(format!("{}: {what}", s.name));
        }
    }
    println!(
        "{:<22} {:>4} {:>32} {:>11} {:>26} {:>7} {:>29}",
        s.name,
        r.runs,
        with_target(
            ms(r.wall),
            s.target.wall_ms.map(|t| format!("{t} ms")),
            wall_ok
        ),
        r.cpu.map_or("n/a".to_string(), ms),
        with_target(
            r.bytes.to_string(),
            s.target.bytes.map(|t| t.to_string()),
            bytes_ok
        ),
        r.frames,
        with_target(
            peak_text(r.peak_kb),
            s.target.peak_mb.map(|t| format!("{t} MiB")),
            peak_ok
        ),
    );
}

/// Prints what explaining costs: for each pair whose two scenarios both ran, `runs` more runs of
/// the explaining animation and its plain form taken in turn, and the median of each pair's
/// ratios of wall time and CPU time, with the ratio of their bytes. A ratio over [`EXPLAIN_RATIO`]
/// is a missed target (for CPU time and bytes; wall time is shown, as a busy machine inflates it).
///
/// Runs in turn, not the two scenarios' medians: on a shared machine the speed drifts by a third
/// between a scenario's runs and the next's, and a ratio of medians taken a minute apart measured
/// the drift as much as the animations.
fn print_ratios(results: &[(&str, Summary)], runs: usize, tally: &mut Tally) {
    let title = format!("\nexplaining costs: explained / plain, median of {runs} runs in turn (issue 20: each at most {EXPLAIN_RATIO}x)");
    let heads = ("explained", "plain");
    print_pair_ratios(
        results,
        runs,
        tally,
        EXPLAINED_PAIRS,
        (&title, heads),
        EXPLAIN_RATIO,
        (true, true),
    );
    let title = format!("\nweb page costs: page / GIF, median of {runs} runs in turn (issue 30: CPU at most {PAGE_RATIO}x; bytes not judged)");
    print_pair_ratios(
        results,
        runs,
        tally,
        PAGE_PAIRS,
        (&title, ("page", "gif")),
        PAGE_RATIO,
        (true, false),
    );
    let title = format!("\nChinese pages: zh / en, median of {runs} runs in turn (issue 40: bytes at most {ZH_RATIO}x; time not judged)");
    print_pair_ratios(
        results,
        runs,
        tally,
        ZH_PAIRS,
        (&title, ("zh", "en")),
        ZH_RATIO,
        (false, true),
    );
    let title = format!("\nvideo costs: MP4 / GIF, median of {runs} runs in turn (issue 40: CPU at most {MP4_RATIO}x; bytes not judged)");
    print_pair_ratios(
        results,
        runs,
        tally,
        MP4_PAIRS,
        (&title, ("mp4", "gif")),
        MP4_RATIO,
        (true, false),
    );
}

/// [`print_ratios`] for one table of pairs: a ratio over `limit` is missed, of CPU time and of
/// bytes where `judge` says so (`(cpu, bytes)`).
fn print_pair_ratios(
    results: &[(&str, Summary)],
    runs: usize,
    tally: &mut Tally,
    table: &[(&str, &str)],
    (title, heads): (&str, (&str, &str)),
    limit: f64,
    (judge_cpu, judge_bytes): (bool, bool),
) {
    let ran = |name: &str| results.iter().any(|(n, _)| *n == name);
    let pairs: Vec<_> = table.iter().filter(|&&(e, p)| ran(e) && ran(p)).collect();
    if pairs.is_empty() {
        return;
    }
    println!("{title}");
    println!(
        "  {:<27} {:<21} {:>11} {:>16} {:>16}",
        heads.0, heads.1, "wall", "cpu", "bytes"
    );
    for &&(e, p) in &pairs {
        let mut walls = Vec::new();
        let mut cpus = Vec::new();
        let mut bytes = None;
        for _ in 0..runs {
            let (se, sp) = match (sample(&["--scenario", e]), sample(&["--scenario", p])) {
                (Ok(se), Ok(sp)) => (se, sp),
                (Err(problem), _) | (_, Err(problem)) => {
                    report_problem(&format!("  {e} / {p}"), problem, tally);
                    break;
                }
            };
            // Ratios as thousandths, so that they sort as integers.
            let ratio = |a: Duration, b: Duration| {
                (b > Duration::ZERO).then(|| (a.as_secs_f64() / b.as_secs_f64() * 1000.0) as u64)
            };
            walls.extend(ratio(se.wall, sp.wall));
            if let Some(r) = se.cpu.zip(sp.cpu).and_then(|(a, b)| ratio(a, b)) {
                cpus.push(r);
            }
            bytes = (sp.bytes > 0).then(|| se.bytes as f64 / sp.bytes as f64);
        }
        let med = |v: Vec<u64>| (!v.is_empty()).then(|| middle(v) as f64 / 1000.0);
        let judged = |r: Option<f64>, tally: &mut Tally| match r {
            Some(r) if r > limit => {
                tally.miss(format!("{e}: {r:.2}x {p}"));
                format!("{r:.2}x MISSED")
            }
            Some(r) => format!("{r:.2}x"),
            None => "n/a".to_string(),
        };
        let wall = med(walls).map_or("n/a".to_string(), |r| format!("{r:.2}x"));
        let cpu = if judge_cpu {
            judged(med(cpus), tally)
        } else {
            med(cpus).map_or("n/a".to_string(), |r| format!("{r:.2}x"))
        };
        let bytes = if judge_bytes {
            judged(bytes, tally)
        } else {
            bytes.map_or("n/a".to_string(), |r| format!("{r:.2}x"))
        };
        println!("  {e:<27} {p:<21} {wall:>11} {cpu:>16} {bytes:>16}");
    }
}

/// Runs and prints one growth table.
fn run_growth(g: &Growth, quick: bool, tally: &mut Tally) {
    println!("\n{}", g.title);
    let per = format!("ns/{}", g.unit);
    println!(
        "  {:<13} {:>12} {:>11} {:>11} {:>15} {:>15} {:>14} {:>11}",
        "size",
        format!("{}s", g.unit),
        "wall",
        "cpu",
        format!("wall {per}"),
        format!("cpu {per}"),
        "bytes",
        "peak"
    );
    for &n in g.sizes {
        let label = (g.label)(n);
        if quick && n >= g.slow_from {
            println!("  {label:<13} skipped (CHESSVIZ_BENCH_QUICK)");
            continue;
        }
        let size = n.to_string();
        let r = match measure(&["--growth", g.name, &size], 1) {
            Ok(r) => r,
            Err(p) => {
                report_problem(&format!("  {label}"), p, tally);
                continue;
            }
        };
        let units = (g.units)(n);
        let per_unit = |d: Duration| format!("{:.2}", d.as_secs_f64() * 1e9 / units as f64);
        println!(
            "  {:<13} {:>12} {:>11} {:>11} {:>15} {:>15} {:>14} {:>11}",
            label,
            units,
            ms(r.wall),
            r.cpu.map_or("n/a".to_string(), ms),
            per_unit(r.wall),
            r.cpu.map_or("n/a".to_string(), per_unit),
            r.bytes,
            peak_text(r.peak_kb),
        );
    }
}

/// A set environment variable read as a number.
fn env_number(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args
        .first()
        .is_some_and(|a| a == "--scenario" || a == "--growth" || a == "--sweep")
    {
        return run_child(&args);
    }
    // Cargo passes `--bench`; anything else not starting with '-' filters scenarios by name.
    let filters: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let wanted =
        |name: &str| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()));
    let runs = env_number("CHESSVIZ_BENCH_RUNS")
        .filter(|&n| n > 0)
        .unwrap_or(DEFAULT_RUNS);
    let quick = env_number("CHESSVIZ_BENCH_QUICK").is_some_and(|q| q != 0);
    println!("chessviz benchmarks: median of up to {runs} runs, each in a fresh process");
    println!("(targets apply to wall time; cpu time shows the work itself on a busy machine)\n");
    println!(
        "{:<22} {:>4} {:>32} {:>11} {:>26} {:>7} {:>29}",
        "scenario", "runs", "wall time", "cpu time", "bytes", "frames", "peak memory"
    );
    let mut tally = Tally::default();
    let shown: Vec<&Scenario> = SCENARIOS.iter().filter(|s| wanted(s.name)).collect();
    let mut results = Vec::new();
    for s in &shown {
        if quick && s.slow {
            println!("{:<22} skipped (CHESSVIZ_BENCH_QUICK)", s.name);
            continue;
        }
        match measure(&["--scenario", s.name], runs.min(s.max_runs)) {
            Ok(r) => {
                print_row(s, &r, &mut tally);
                results.push((s.name, r));
            }
            Err(p) => report_problem(s.name, p, &mut tally),
        }
    }
    println!();
    for s in &shown {
        println!("  {:<22} {}", s.name, s.about);
    }
    // Beside the main table and its knight-200-cell1-gif row: the same cost at every cell size.
    sweep::run(&wanted, runs.min(3), &mut tally);
    print_ratios(&results, runs, &mut tally);
    if wanted("gif-sizes") {
        gif_sizes::report(&chessviz_binary(), &mut tally.missed, &mut tally.failed);
    }
    if wanted("webp-sizes") {
        webp_sizes::report(&chessviz_binary(), &mut tally.missed, &mut tally.failed);
    }
    for g in GROWTH.iter().filter(|g| wanted(g.name)) {
        run_growth(g, quick, &mut tally);
    }
    if tally.missed > 0 {
        println!("\n{} target(s) MISSED:", tally.missed);
        for what in &tally.misses {
            println!("  MISSED {what}");
        }
    }
    if tally.failed > 0 {
        println!("\n{} scenario(s) FAILED", tally.failed);
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
