//! All 92 solutions of the 8-queens problem as separate figures, plus a contact sheet of all of them,
//! rendered in parallel.
//!
//! ```text
//! cargo run --release --example queens_batch               writes into target/example-output/queens/
//! cargo run --release --example queens_batch -- out/       writes into out/
//! ```

use std::path::PathBuf;

use chessviz::queens::QueensStyle;
use chessviz::queens::{QueensBatch, Selection};
use chessviz::write_atomic;
use chessviz::Style;

fn main() -> chessviz::Result<()> {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(|| default_output("queens"), PathBuf::from);

    let batch = QueensBatch::new(8, Selection::All)?;
    let look = QueensStyle::default();
    let style = Style::new(48);

    // solution-01.png ... solution-92.png, each captioned "Solution i of 92".
    let files = batch.write_stills(&dir, look, &style)?;

    // The sheet uses smaller boards: 92 of them at full size would make a very large picture.
    let sheet = batch.sheet(look, &Style::new(32), None)?;
    let sheet_path = dir.join("sheet.png");
    write_atomic(&sheet_path, |w| sheet.write_png(w))?;

    println!(
        "wrote {} solutions and {} into {}",
        files.len(),
        sheet_path.display(),
        dir.display()
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
