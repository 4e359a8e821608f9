//! `chessviz queens`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use chessviz::animate::queens::{self as anim, QueensMovie};
use chessviz::output::{Format, Target};
use chessviz::scene::queens::QueensStyle;
use chessviz::scene::Piece;
use chessviz::solve::queens::{self, Solution};
use chessviz::{figure, output, text, Error, Result};

use super::args::{AnimArgs, LookArgs};
use super::progress::FrameProgress;

/// Boards up to this size get "Solution I of T" captions: counting them all is quick.
const CAPTION_COUNT_MAX_N: u32 = 14;

#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  chessviz queens -n 8 --list                     the 92 solutions (15863724 = rows of columns a..h)
  chessviz queens -n 8 --count
  chessviz queens -n 6 --trace                    every placement, removal and solution
  chessviz queens -n 8 --solution 5 -o q.png      one solution as a figure
  chessviz queens -n 8 -o search.gif --until-solution 1   the backtracking, animated")]
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
    /// Which solution to show (1-based, in lexicographic order); as text, a PNG or a GIF still.
    #[arg(long, value_name = "I", value_parser = clap::value_parser!(u64).range(1..))]
    solution: Option<u64>,
    /// How a queen is drawn: crown (vector, from the Turbo C program) or glyph (the font's U+265B).
    #[arg(long, value_enum, default_value_t = PieceArg::Crown)]
    piece: PieceArg,
    /// Shade the squares attacked by the queens on the board.
    #[arg(long)]
    attacks: bool,
    /// GIF: stop the search after the I-th solution.
    #[arg(long, value_name = "I", value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "solutions_only")]
    until_solution: Option<u64>,
    /// GIF: a slideshow of the solutions instead of the search.
    #[arg(long)]
    solutions_only: bool,
    /// Output: FILE.png (figure), FILE.gif (animation), FILE.txt or - (text, the default).
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    look: LookArgs,
    #[command(flatten)]
    anim: AnimArgs,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum PieceArg {
    Crown,
    Glyph,
}

/// The `index`-th solution (1-based); an error naming the number of solutions when out of range.
fn nth_solution(n: u32, index: u64) -> Result<Solution> {
    let mut found = 0u64;
    for s in queens::solutions(n)? {
        found += 1;
        if found == index {
            return Ok(s);
        }
        output::check_interrupted()?;
    }
    Err(Error::invalid(format!(
        "--solution {index} is out of range: {n} queens have {found} solution{}",
        if found == 1 { "" } else { "s" }
    )))
}

pub fn run(a: QueensArgs) -> Result<()> {
    let target = Target::from_arg(a.output.as_deref())?;
    let look = QueensStyle {
        piece: match a.piece {
            PieceArg::Crown => Piece::Crown,
            PieceArg::Glyph => Piece::Glyph('\u{265B}'),
        },
        attacks: a.attacks,
    };
    let out_err = |e| Error::io("output", e);
    match target.format() {
        Format::Png => {
            let Target::File(path, _) = &target else {
                unreachable!("PNG targets are files")
            };
            let style = a.look.style()?;
            if let Piece::Glyph(c) = look.piece {
                if !style.font.has_glyph(c) {
                    return Err(Error::invalid(
                        "the font has no queen glyph (U+265B); use --piece crown or another --font",
                    ));
                }
            }
            let index = a.solution.unwrap_or(1);
            let solution = nth_solution(a.n, index)?;
            let total = if a.n <= CAPTION_COUNT_MAX_N {
                Some(queens::count(a.n)?)
            } else {
                None
            };
            let still = figure::queens(&solution, index, total, look, &style)?;
            output::write_atomic(path, |w| still.write_png(w))
        }
        Format::Gif => {
            let Target::File(path, _) = &target else {
                unreachable!("GIF targets are files")
            };
            let style = a.look.style()?;
            let pacing = a.anim.pacing(anim::DEFAULT_DELAY_MS, anim::DEFAULT_HOLD_MS);
            let movie = if a.solutions_only {
                QueensMovie::Solutions
            } else {
                QueensMovie::Search {
                    until: a.until_solution,
                }
            };
            let mut progress = FrameProgress::new(a.anim.quiet);
            output::write_atomic(path, |w| {
                anim::animate(w, a.n, movie, look, &style, pacing, &mut progress)
            })?;
            Ok(())
        }
        Format::Text => {
            if a.count {
                let n = queens::count(a.n)?;
                return super::emit_text(&target, |w| writeln!(w, "{n}").map_err(out_err));
            }
            if a.trace {
                let search = queens::search(a.n)?;
                return super::emit_text(&target, |w| {
                    for event in search {
                        output::check_interrupted()?;
                        writeln!(w, "{}", text::queens_event_line(&event)).map_err(out_err)?;
                    }
                    Ok(())
                });
            }
            if let Some(index) = a.solution {
                let s = nth_solution(a.n, index)?;
                return super::emit_text(&target, |w| writeln!(w, "{s}").map_err(out_err));
            }
            let solutions = queens::solutions(a.n)?;
            super::emit_text(&target, |w| {
                for s in solutions {
                    output::check_interrupted()?;
                    writeln!(w, "{s}").map_err(out_err)?;
                }
                Ok(())
            })
        }
    }
}
