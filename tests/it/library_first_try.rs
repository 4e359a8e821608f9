//! What a first program written from the docs reaches for: a default style and pacing, a still
//! saved to a file atomically, `?` on an I/O error, `write_atomic` with any path. The guide's
//! programs themselves (`examples/guide/library.md`) run as doc tests.

use std::fs;

use chessviz::queens::{self, QueensStyle};
use chessviz::tromino::{self, TrominoProblem, TrominoStyle};
use chessviz::{write_atomic, Error, InvalidKind, Pacing, Square, Style};

#[test]
fn the_default_style_and_pacing_are_the_commands() {
    let style = Style::default();
    assert_eq!(style.cell, Style::DEFAULT_CELL);
    assert_eq!(Style::DEFAULT_CELL, 48);
    assert_eq!(style.margin, None);
    // The same figure as the command's, which draws at --cell 48 unless told otherwise.
    let solution = queens::solutions(8).unwrap().next().unwrap();
    let ours = queens::still(&solution, QueensStyle::default(), &style).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("q.png");
    crate::common::ok(&[
        "queens",
        "--solution",
        "1",
        "-q",
        "-o",
        png.to_str().unwrap(),
    ]);
    let mut bytes = Vec::new();
    ours.write_png(&mut bytes).unwrap();
    assert_eq!(fs::read(&png).unwrap(), bytes);

    let pacing = Pacing::default();
    assert_eq!((pacing.delay_ms, pacing.hold_ms), (300, 3000));
    assert_eq!(pacing, Pacing::new(300, 3000));
    assert_eq!((pacing.every, pacing.max_frames), (1, None));
}

#[test]
fn a_still_is_saved_atomically_as_png() {
    let dir = tempfile::tempdir().unwrap();
    let problem = TrominoProblem::new(2, Square::new(1, 1)).unwrap();
    let still = tromino::still(&problem, TrominoStyle::default(), &Style::new(10)).unwrap();
    let path = dir.path().join("t.png");
    fs::write(&path, b"old").unwrap();
    still.save(&path).unwrap();
    let mut bytes = Vec::new();
    still.write_png(&mut bytes).unwrap();
    assert_eq!(fs::read(&path).unwrap(), bytes);
    // Not a PNG name: refused, nothing written.
    let e = still.save(dir.path().join("t.svg")).unwrap_err();
    assert_eq!(e.invalid_kind(), Some(InvalidKind::Output));
    // A failing write (a missing folder) leaves no file and no temporary.
    assert!(still.save(dir.path().join("missing/t.png")).is_err());
    assert_eq!(crate::common::entries(dir.path()), ["t.png"]);
}

/// `?` on an I/O error in a program returning the library's error.
fn read_first_byte(path: &std::path::Path) -> Result<u8, Error> {
    let bytes = fs::read(path)?;
    Ok(bytes.first().copied().unwrap_or(0))
}

#[test]
fn io_errors_convert_and_write_atomic_takes_any_path() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none");
    let e = read_first_byte(&missing).unwrap_err();
    assert!(
        matches!(&e, Error::Io { path, .. } if path.as_os_str().is_empty()),
        "{e:?}"
    );
    // No empty path before the system's message.
    let shown = e.to_string();
    assert!(
        !shown.starts_with(':') && shown.contains("No such file"),
        "{shown}"
    );
    // With a path, as before.
    let named = Error::io("a.png", std::io::Error::other("disk on fire"));
    assert_eq!(named.to_string(), "a.png: disk on fire");

    let file = dir.path().join("a.txt");
    write_atomic(file.clone(), |w| {
        Ok(std::io::Write::write_all(w, b"by PathBuf")?)
    })
    .unwrap();
    write_atomic(file.to_str().unwrap(), |w| {
        Ok(std::io::Write::write_all(w, b"by &str")?)
    })
    .unwrap();
    assert_eq!(fs::read(&file).unwrap(), b"by &str");
}
