//! A textbook figure of the defective-chessboard tiling: an 8 x 8 board whose special square is at
//! row 2, column 2, covered by L-trominoes that are coloured so neighbours differ and numbered in the
//! order the divide and conquer lays them.
//!
//! ```text
//! cargo run --example tromino_figure              writes target/example-output/tromino.png
//! cargo run --example tromino_figure -- fig.png   writes fig.png
//! ```

use std::path::PathBuf;

use chessviz::tromino::TrominoProblem;
use chessviz::tromino::TrominoStyle;
use chessviz::write_atomic;
use chessviz::Square;
use chessviz::{tromino, Style};

fn main() -> chessviz::Result<()> {
    let out = std::env::args_os()
        .nth(1)
        .map_or_else(|| default_output("tromino.png"), PathBuf::from);

    let problem = TrominoProblem::new(3, Square::new(2, 2))?;
    let look = TrominoStyle {
        numbers: true,
        ..TrominoStyle::default()
    };
    let still = tromino::still(&problem, look, &Style::new(48))?;
    write_atomic(&out, |w| still.write_png(w))?;

    println!("wrote {} ({} tiles)", out.display(), problem.tile_count());
    Ok(())
}

/// `target/example-output/NAME` of this package: examples never write into the source tree.
fn default_output(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/example-output");
    // A failure here shows up as a clear error when the output is written.
    let _ = std::fs::create_dir_all(&dir);
    dir.join(name)
}
