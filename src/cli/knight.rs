//! `chessviz knight`.

use std::path::PathBuf;

use clap::Args;

use chessviz::output::{Format, Target};
use chessviz::solve::knight::{KnightProblem, MAX_SIDE};
use chessviz::{text, Error, Result, Square};

use super::args::parse_square;

#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  chessviz knight --start 0,0              8 x 8 tour, squares numbered 1..64
  chessviz knight --rows 5 --cols 6 --start 2,3
  chessviz knight --size 8 --closed        a closed (re-entrant) tour
  chessviz knight --size 6 --trace         every move and retreat of the search")]
pub struct KnightArgs {
    /// Square board of N x N (1 to 10000); default 8.
    #[arg(long, value_name = "N", conflicts_with_all = ["rows", "cols"], value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_SIDE)))]
    size: Option<u32>,
    /// Rows of a rectangular board (1 to 10000).
    #[arg(long, value_name = "R", requires = "cols", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_SIDE)))]
    rows: Option<u32>,
    /// Columns of a rectangular board (1 to 10000).
    #[arg(long, value_name = "C", requires = "rows", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_SIDE)))]
    cols: Option<u32>,
    /// Start square ROW,COL (0-based, row 0 at the top).
    #[arg(long, value_name = "ROW,COL", default_value = "0,0", value_parser = parse_square)]
    start: Square,
    /// Ask for a closed tour: the last square is a knight's move from the first.
    #[arg(long)]
    closed: bool,
    /// Give up after this many retreats (backtracking steps) with an error instead of searching on.
    #[arg(long, value_name = "N")]
    max_retreats: Option<u64>,
    /// Print the search's event stream (move, retreat), one event per line.
    #[arg(long)]
    trace: bool,
    /// Output file: .txt (or - for standard output).
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
}

pub fn run(a: KnightArgs) -> Result<()> {
    let target = Target::from_arg(a.output.as_deref())?;
    if target.format() != Format::Text {
        return Err(Error::invalid("knight writes only text so far: use a .txt file or -"));
    }
    let (rows, cols) = match (a.size, a.rows, a.cols) {
        (Some(n), _, _) => (n, n),
        (None, Some(r), Some(c)) => (r, c),
        _ => (8, 8),
    };
    let mut problem = KnightProblem::new(rows, cols, a.start)?.closed(a.closed);
    if let Some(budget) = a.max_retreats {
        problem = problem.max_retreats(budget);
    }
    if a.trace {
        let trace = problem.trace()?;
        return super::emit_text(&target, |w| {
            for event in trace {
                chessviz::output::check_interrupted()?;
                writeln!(w, "{}", text::knight_event_line(&event?))
                    .map_err(|e| Error::io("output", e))?;
            }
            Ok(())
        });
    }
    let tour = problem.solve()?;
    super::emit_text(&target, |w| text::write_knight_matrix(w, &tour))
}
