//! TikZ source is written as it is made, as SVG is: its memory is then the display list's, which the
//! checks every vector format passes before work already count (the still's estimate, the vector
//! sheet's bytes per square), so a `.tex` job over the 1 GiB ceiling is refused before work and one
//! under it stays under it. Measured (release, `/usr/bin/time -v`): `knight -n 2800 --cell 1 -o
//! k.tex` peaked at 1.56 GiB before and 0.88 GiB streamed (SVG: 0.87 GiB), `queens -n 13 --sheet
//! s.tex` at 1.98 GiB before and 0.75 GiB streamed, the bytes unchanged.

use std::io::Write;

use chessviz::knight::{self, KnightProblem, KnightStyle};
use chessviz::limits::{Budget, MemoryJob, MEMORY_CEILING};
use chessviz::{draw_vector, BoardKind, Square, Style};

use crate::common::refused_before_work;

/// A writer that keeps nothing: it counts the bytes and the largest piece it was given at once.
#[derive(Default)]
struct Pieces {
    bytes: u64,
    largest: usize,
    writes: u64,
}

impl Write for Pieces {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.bytes += buf.len() as u64;
        self.largest = self.largest.max(buf.len());
        self.writes += 1;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn tikz_source_reaches_its_writer_in_pieces_of_a_few_kilobytes() {
    let tour = KnightProblem::new(60, 60, Square::new(0, 0))
        .unwrap()
        .solve()
        .unwrap();
    let (scene, hints) = knight::scene(&tour, KnightStyle::default()).unwrap();
    let figure = draw_vector(&scene, hints, &Style::new(12)).unwrap();
    let mut pieces = Pieces::default();
    figure.write_tikz(&mut pieces).unwrap();
    // The source is over 200 kilobytes; never held whole, it arrives 64 KiB at a time (and an item
    // more: the tour's path is one line of 3,600 points, 70 KiB).
    assert!(pieces.bytes > 150_000, "{} bytes", pieces.bytes);
    assert!(pieces.writes >= 3, "{} writes", pieces.writes);
    assert!(
        pieces.largest < (pieces.bytes / 2) as usize,
        "a piece of {} bytes of {}",
        pieces.largest,
        pieces.bytes
    );
    // The same source as written whole.
    let mut whole = Vec::new();
    figure.write_tikz(&mut whole).unwrap();
    assert_eq!(whole.len() as u64, pieces.bytes);
    let text = String::from_utf8(whole).unwrap();
    assert!(text.contains("\\begin{tikzpicture}") && text.ends_with("\\end{tikzpicture}\n"));
}

#[test]
fn the_probes_tikz_jobs_are_within_the_ceiling_by_the_estimate() {
    // The estimate a still of a 2800 x 2800 tour at a cell of 1 is checked against (in every
    // format): under the ceiling, with the TikZ run's measured 0.88 GiB under the estimate.
    let budget = |side: u32| Budget {
        rows: side,
        cols: side,
        caption: false,
        job: MemoryJob::NumberedStill,
        board: BoardKind::Tour,
        copies: 1,
    };
    let mut style = Style::new(1);
    style.margin = Some(0);
    let need = budget(2800).estimate(1, &style).unwrap().bytes;
    assert!(need <= MEMORY_CEILING, "{need}");
    assert!(need >= 88 * MEMORY_CEILING / 100, "{need}");
    // A board past the estimate is refused before work as TikZ too.
    assert!(budget(3000).estimate(1, &style).unwrap().bytes > MEMORY_CEILING);
}

#[test]
fn a_tikz_figure_over_the_ceiling_is_refused_before_work() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("k.tex");
    let e = refused_before_work(&[
        "knight",
        "-n",
        "3000",
        "--cell",
        "1",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(e.contains("memory limit of 1 GiB"), "{e}");
    assert!(!out.exists());
}
