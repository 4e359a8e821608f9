//! The cell sweep (issue 29, point 5): the median time per frame of the same GIF at cells of 1 to 16
//! pixels, for the three problems, at `--margin 0`. A frame's cost follows what it changes, so the
//! time per frame may shrink with the cell but must not rise as the cell shrinks: where it is
//! higher at cell 1 than at cell 8 the row says MISSED (the 100 x 100 tour at cell 1 once cost
//! 19 times its cell 8 frames, with large start and end rings repainted square by square).

use std::path::Path;
use std::time::Duration;

use chessviz::knight::{self, KnightProblem};
use chessviz::queens::{self, QueensMovie, QueensStyle};
use chessviz::tromino::{self, TrominoProblem, TrominoStyle};
use chessviz::{NoProgress, Pacing, Square, Style};

use super::{create, measure, outcome, report_problem, Outcome, Tally};

/// One animation drawn at several cells.
pub(super) struct Sweep {
    pub(super) name: &'static str,
    title: &'static str,
    cells: &'static [u32],
    pub(super) gif: fn(&Path, u32) -> Result<Outcome, String>,
}

const CELLS: &[u32] = &[1, 2, 4, 8, 16];

pub(super) const SWEEPS: &[Sweep] = &[
    Sweep {
        name: "sweep-knight-50",
        title: "knight's tour 50 x 50 from 0,0 (2,500 moves; large rings from 46 x 46 up)",
        cells: CELLS,
        gif: |dir, cell| knight_gif(dir, 50, cell),
    },
    Sweep {
        name: "sweep-knight-120",
        title: "knight's tour 120 x 120 from 0,0 (issue 29: cell 1 may cost no more than cell 8)",
        cells: &[1, 8],
        gif: |dir, cell| knight_gif(dir, 120, cell),
    },
    Sweep {
        name: "sweep-queens-8",
        title: "the full 8-queens search (4,112 steps, 92 holds), explained",
        cells: CELLS,
        gif: queens_gif,
    },
    Sweep {
        name: "sweep-tromino-6",
        title: "tromino tiling k = 6 from 0,0 (1,365 tiles)",
        cells: CELLS,
        gif: tromino_gif,
    },
];

fn style(cell: u32) -> Style {
    let mut style = Style::new(cell);
    style.margin = Some(0);
    style
}

fn knight_gif(dir: &Path, n: u32, cell: u32) -> Result<Outcome, String> {
    let problem = KnightProblem::new(n, n, Square::new(0, 0)).map_err(|e| e.to_string())?;
    let pacing = Pacing::new(knight::DEFAULT_DELAY_MS, knight::DEFAULT_HOLD_MS);
    let out = create(dir, "knight.gif")?;
    let stats = knight::animate(out, &problem, &style(cell), pacing, &mut NoProgress)
        .map_err(|e| e.to_string())?;
    Ok(outcome(stats))
}

fn queens_gif(dir: &Path, cell: u32) -> Result<Outcome, String> {
    let pacing = Pacing::new(queens::DEFAULT_DELAY_MS, queens::DEFAULT_HOLD_MS);
    let movie = QueensMovie::Search { until: None };
    let out = create(dir, "queens.gif")?;
    let look = QueensStyle::default();
    let stats = queens::animate(out, 8, movie, look, &style(cell), pacing, &mut NoProgress)
        .map_err(|e| e.to_string())?;
    Ok(outcome(stats))
}

fn tromino_gif(dir: &Path, cell: u32) -> Result<Outcome, String> {
    let problem = TrominoProblem::new(6, Square::new(0, 0)).map_err(|e| e.to_string())?;
    let pacing = Pacing::new(tromino::DEFAULT_DELAY_MS, tromino::DEFAULT_HOLD_MS);
    let out = create(dir, "tromino.gif")?;
    let look = TrominoStyle::default();
    let stats = tromino::animate(out, &problem, look, &style(cell), pacing, &mut NoProgress)
        .map_err(|e| e.to_string())?;
    Ok(outcome(stats))
}

/// Microseconds per frame.
fn per_frame(d: Duration, frames: u64) -> f64 {
    d.as_secs_f64() * 1e6 / frames.max(1) as f64
}

/// Runs and prints the sweep tables whose name `wanted` accepts, `runs` runs a cell.
pub(super) fn run(wanted: &dyn Fn(&str) -> bool, runs: usize, tally: &mut Tally) {
    let shown: Vec<&Sweep> = SWEEPS.iter().filter(|s| wanted(s.name)).collect();
    if shown.is_empty() {
        return;
    }
    println!("\ncell sweep: GIF time per frame (median of {runs} runs), --margin 0");
    println!(
        "  {:<18} {:>5} {:>7} {:>11} {:>11} {:>14} {:>14} {:>11}",
        "animation", "cell", "frames", "wall", "cpu", "wall us/frame", "cpu us/frame", "bytes"
    );
    for s in shown {
        println!("  {}", s.title);
        // Per frame at each cell, CPU time where known (a busy machine inflates wall time).
        let mut at = Vec::new();
        for &cell in s.cells {
            let label = format!("  {:<18} {cell:>5}", s.name);
            let r = match measure(&["--sweep", s.name, &cell.to_string()], runs) {
                Ok(r) => r,
                Err(p) => {
                    report_problem(&label, p, tally);
                    continue;
                }
            };
            let cpu = r.cpu.map(|c| per_frame(c, r.frames));
            let wall = per_frame(r.wall, r.frames);
            at.push((cell, cpu.unwrap_or(wall)));
            println!(
                "{label} {:>7} {:>11} {:>11} {:>14.1} {:>14} {:>11}",
                r.frames,
                super::ms(r.wall),
                r.cpu.map_or("n/a".to_string(), super::ms),
                wall,
                cpu.map_or("n/a".to_string(), |c| format!("{c:.1}")),
                r.bytes
            );
        }
        let cost = |c: u32| at.iter().find(|(cell, _)| *cell == c).map(|&(_, t)| t);
        if let (Some(one), Some(eight)) = (cost(1), cost(8)) {
            let ratio = one / eight;
            let ok = ratio <= 1.0;
            println!(
                "  {:<18} cell 1 / cell 8 per frame: {ratio:.2} (<= 1.00){}",
                s.name,
                if ok { "" } else { " MISSED" }
            );
            if !ok {
                tally.miss(format!(
                    "{}: a frame at cell 1 costs {ratio:.2}x one at cell 8",
                    s.name
                ));
            }
        }
    }
}
