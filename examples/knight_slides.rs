//! A slow slide show of the knight's tour: the search on an 8 x 8 board from the top-left corner, one
//! move a slide, the finished tour held at the end.
//!
//! ```text
//! cargo run --example knight_slides               writes target/example-output/knight.gif
//! cargo run --example knight_slides -- tour.gif   writes tour.gif
//! ```

use std::path::PathBuf;

use chessviz::knight::KnightProblem;
use chessviz::write_atomic;
use chessviz::Square;
use chessviz::Style;
use chessviz::{knight, NoProgress, Pacing};

fn main() -> chessviz::Result<()> {
    let out = std::env::args_os()
        .nth(1)
        .map_or_else(|| default_output("knight.gif"), PathBuf::from);

    let problem = KnightProblem::new(8, 8, Square::new(0, 0))?;
    // Slides, not a movie: most of a second a move, five seconds on the finished tour.
    let pacing = Pacing::new(700, 5000);
    let stats = write_atomic(&out, |w| {
        knight::animate(w, &problem, &Style::new(56), pacing, &mut NoProgress)
    })?;

    println!(
        "wrote {} ({} frames, {} bytes)",
        out.display(),
        stats.frames,
        stats.bytes
    );
    Ok(())
}

/// `target/example-output/NAME` of this package: examples never write into the source tree.
fn default_output(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/example-output");
    // A failure here shows up as a clear error when the output is written.
    let _ = std::fs::create_dir_all(&dir);
    dir.join(name)
}
