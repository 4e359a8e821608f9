//! `chessviz tromino`.

use std::io::Read;
use std::path::PathBuf;

use clap::Args;

use chessviz::output::{Format, Target};
use chessviz::solve::tromino::TrominoProblem;
use chessviz::{text, Error, Result, Square};

use super::args::parse_square;

#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  chessviz tromino -k 3 --special 2,2
  printf '2\\n2\\n0 0\\n8\\n2 2\\n' | chessviz tromino --batch
  chessviz tromino -k 2 --special 0,3 --trace")]
pub struct TrominoArgs {
    /// Board side is 2^K (0 to 15).
    #[arg(short = 'k', long = "k", default_value_t = 3, value_parser = clap::value_parser!(u32).range(0..=15))]
    k: u32,
    /// The special square ROW,COL (0-based, row 0 at the top).
    #[arg(long, value_name = "ROW,COL", default_value = "0,0", value_parser = parse_square)]
    special: Square,
    /// Read cases from standard input in the seed's batch format (a count N, then per case the side m
    /// and the special square `x y`) and print `CASE:i` and the matrix of each.
    #[arg(long, conflicts_with_all = ["k", "special", "trace"])]
    batch: bool,
    /// Print the event stream (splits and tile placements), one event per line.
    #[arg(long)]
    trace: bool,
    /// Output file: .txt (or - for standard output).
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
}

pub fn run(a: TrominoArgs) -> Result<()> {
    let target = Target::from_arg(a.output.as_deref())?;
    if target.format() != Format::Text {
        return Err(Error::invalid("tromino writes only text so far: use a .txt file or -"));
    }
    if a.batch {
        let mut input = Vec::new();
        std::io::stdin()
            .read_to_end(&mut input)
            .map_err(|e| Error::io("standard input", e))?;
        let cases = text::parse_tromino_batch(&input)?;
        return super::emit_text(&target, |w| text::write_tromino_batch(w, &cases));
    }
    let problem = TrominoProblem::new(a.k, a.special)?;
    if a.trace {
        return super::emit_text(&target, |w| {
            for event in problem.trace() {
                chessviz::output::check_interrupted()?;
                writeln!(w, "{}", text::tromino_event_line(&event))
                    .map_err(|e| Error::io("output", e))?;
            }
            Ok(())
        });
    }
    super::emit_text(&target, |w| text::write_tile_matrix(w, &problem))
}
