//! `chessviz queens`.

use std::path::PathBuf;

use clap::Args;

use chessviz::output::{Format, Target};
use chessviz::solve::queens;
use chessviz::{text, Error, Result};

#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  chessviz queens -n 8 --list        the 92 solutions, one per line (15863724 = rows of columns a..h)
  chessviz queens -n 8 --count
  chessviz queens -n 6 --trace       every placement, removal and solution")]
pub struct QueensArgs {
    /// Board side and number of queens (1 to 32).
    #[arg(short = 'n', long = "n", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=32))]
    n: u32,
    /// Print every solution, one per line: the row (1 = bottom) of the queen in each column, left to
    /// right; separated by spaces when N > 9.
    #[arg(long, group = "mode")]
    list: bool,
    /// Print the number of solutions.
    #[arg(long, group = "mode")]
    count: bool,
    /// Print the search's event stream (place, remove, solution), one event per line.
    #[arg(long, group = "mode")]
    trace: bool,
    /// Output file: .txt (or - for standard output).
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
}

pub fn run(a: QueensArgs) -> Result<()> {
    let target = Target::from_arg(a.output.as_deref())?;
    if target.format() != Format::Text {
        return Err(Error::invalid("queens writes only text so far: use a .txt file or -"));
    }
    let out_err = |e| Error::io("output", e);
    if a.count {
        let n = queens::count(a.n)?;
        return super::emit_text(&target, |w| writeln!(w, "{n}").map_err(out_err));
    }
    if a.trace {
        let search = queens::search(a.n)?;
        return super::emit_text(&target, |w| {
            for event in search {
                chessviz::output::check_interrupted()?;
                writeln!(w, "{}", text::queens_event_line(&event)).map_err(out_err)?;
            }
            Ok(())
        });
    }
    let solutions = queens::solutions(a.n)?;
    super::emit_text(&target, |w| {
        for s in solutions {
            chessviz::output::check_interrupted()?;
            writeln!(w, "{s}").map_err(out_err)?;
        }
        Ok(())
    })
}
