//! The library's errors never name a command-line flag: each limit error made for real and checked,
//! and the string literals of the library's sources scanned for `--flag`.

use std::fs;
use std::path::Path;

use chessviz::knight::{self, KnightProblem};
use chessviz::queens::QueensPosition;
use chessviz::queens::{QueensBatch, QueensStyle, Selection};
use chessviz::text::parse_tromino_batch;
use chessviz::tromino::{self, ColorBy, TrominoAdapter, TrominoProblem, TrominoStyle};
use chessviz::{Error, Font, InvalidKind, NoProgress, Pacing, Square, Style, Theme};

/// Every error the library makes from a limit, made for real: none names a flag.
#[test]
fn library_errors_never_name_a_flag() {
    let mut errors: Vec<Error> = Vec::new();
    // A GIF wider than the format allows.
    let wide = KnightProblem::new(3, 7000, Square::new(0, 0)).unwrap();
    errors.push(
        knight::animate(
            Vec::new(),
            &wide,
            &Style::new(10),
            Pacing::new(1, 1),
            &mut NoProgress,
        )
        .unwrap_err(),
    );
    // Thinning to one frame in zero.
    let mut pacing = Pacing::new(1, 1);
    pacing.every = 0;
    let five = TrominoProblem::new(2, Square::new(0, 0)).unwrap();
    errors.push(
        tromino::animate(
            Vec::new(),
            &five,
            TrominoStyle::default(),
            &Style::new(8),
            pacing,
            &mut NoProgress,
        )
        .unwrap_err(),
    );
    // A colour per tile on a board with too many tiles.
    let big = TrominoProblem::new(5, Square::new(0, 0)).unwrap();
    let per_tile = TrominoStyle {
        color_by: ColorBy::Tile,
        ..TrominoStyle::default()
    };
    errors.push(TrominoAdapter::new(&big, per_tile).unwrap_err());
    // A board only streamed.
    let huge = TrominoProblem::new(11, Square::new(0, 0)).unwrap();
    errors.push(TrominoAdapter::new(&huge, TrominoStyle::default()).unwrap_err());
    // Batches too large, counted and beyond counting.
    errors.push(QueensBatch::new(14, Selection::All).unwrap_err());
    errors.push(QueensBatch::new(21, Selection::All).unwrap_err());
    // Sheets of zero columns, and too large.
    let eight = QueensBatch::new(8, Selection::All).unwrap();
    let look = QueensStyle::default();
    errors.push(
        eight
            .sheet(look, &Style::new(8), Some(0))
            .err()
            .expect("refused"),
    );
    errors.push(
        eight
            .sheet(look, &Style::new(500), None)
            .err()
            .expect("refused"),
    );

    for e in &errors {
        let text = e.to_string();
        assert!(!text.contains("--"), "names a flag: {text}");
    }
    assert!(
        matches!(
            errors[..],
            [
                Error::GifTooLarge {
                    max_cell: Some(9),
                    limit: 65535,
                    ..
                },
                Error::ZeroEvery,
                Error::TooManyTileColors {
                    tiles: 341,
                    max_k: 4
                },
                Error::SceneTooLarge { k: 11, .. },
                Error::BatchTooLarge {
                    solutions: Some(365_596),
                    ..
                },
                Error::BatchTooLarge {
                    solutions: None,
                    ..
                },
                Error::ZeroColumns,
                Error::SheetTooLarge { count: 92, .. },
            ]
        ),
        "{errors:?}"
    );
}

/// Where `line`s of `path` name a flag in a string literal (comments and unit tests skipped).
fn flag_literals(root: &Path, path: &Path) -> Vec<String> {
    let source = fs::read_to_string(path).unwrap();
    let code = source.split("#[cfg(test)]").next().unwrap_or("");
    let name = path.strip_prefix(root).unwrap().display().to_string();
    code.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .filter(|(_, line)| literals(line).iter().any(|s| names_flag(s)))
        .map(|(i, line)| format!("{name}:{}: {}", i + 1, line.trim()))
        .collect()
}

/// The string literals of the library's sources (outside src/cli/, before any unit tests) name no
/// flag (a `--` followed by a letter); the command's own sources, scanned the same way, do, which
/// shows the scan sees them.
#[test]
fn library_sources_name_no_flag_in_their_texts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (mut library, mut command) = (Vec::new(), Vec::new());
    let mut stack = vec![root.join("src")];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                if path.components().any(|c| c.as_os_str() == "cli") {
                    command.push(path);
                } else {
                    library.push(path);
                }
            }
        }
    }
    assert!(library.len() > 20, "found only {} sources", library.len());
    let offenders: Vec<String> = library
        .iter()
        .flat_map(|p| flag_literals(root, p))
        .collect();
    assert!(
        offenders.is_empty(),
        "library texts naming a flag:\n{}",
        offenders.join("\n")
    );
    let worded: usize = command.iter().map(|p| flag_literals(root, p).len()).sum();
    assert!(
        worded > 10,
        "the scan found only {worded} flags in the command's own texts"
    );
}

/// The contents of the double-quoted string literals on one line (escapes skipped, not decoded).
fn literals(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\'' {
            // A char literal such as '"' must not open a string.
            let rest: String = chars.clone().take(3).collect();
            if rest.starts_with("\"'") || rest.starts_with("\\\"'") {
                chars.nth(rest.find('\'').unwrap_or(0));
            }
            continue;
        }
        if c != '"' {
            continue;
        }
        let mut lit = String::new();
        while let Some(d) = chars.next() {
            match d {
                '\\' => {
                    chars.next();
                }
                '"' => break,
                _ => lit.push(d),
            }
        }
        out.push(lit);
    }
    out
}

fn names_flag(text: &str) -> bool {
    text.match_indices("--")
        .any(|(i, _)| text[i + 2..].starts_with(|c: char| c.is_ascii_lowercase()))
}

#[test]
fn the_literal_scan_finds_flags_and_only_flags() {
    assert!(names_flag("use --cell 3"));
    assert!(!names_flag("a -- b"));
    assert!(!names_flag("x--"));
    let found = literals(r#"Err(format!("a --every {x}", '"', "b \" --max-frames"))"#);
    assert_eq!(found, ["a --every {x}", "b  --max-frames"]);
    assert!(found.iter().all(|s| names_flag(s)));
}

/// The kind of an invalid value, or a failure naming the error that came instead.
fn kind<T>(result: chessviz::Result<T>) -> InvalidKind {
    match result {
        Err(Error::Invalid { kind, message }) => {
            assert!(
                !message.is_empty() && !message.contains('\n'),
                "{message:?}"
            );
            kind
        }
        Err(other) => panic!("expected an invalid value, got {other:?}"),
        Ok(_) => panic!("expected an invalid value, got a result"),
    }
}

/// A caller can tell what was wrong without reading the message.
#[test]
fn invalid_values_say_what_was_wrong() {
    assert_eq!(kind(Square::parse("c9", 8, 8)), InvalidKind::Square);
    assert_eq!(kind(Square::parse("x", 8, 8)), InvalidKind::Square);
    assert_eq!(
        kind(TrominoProblem::new(2, Square::new(4, 0))),
        InvalidKind::Square
    );
    assert_eq!(
        kind(KnightProblem::new(5, 5, Square::new(5, 5))),
        InvalidKind::Square
    );
    assert_eq!(
        kind(TrominoProblem::new(99, Square::new(0, 0))),
        InvalidKind::BoardSize
    );
    assert_eq!(
        kind(KnightProblem::new(0, 5, Square::new(0, 0))),
        InvalidKind::BoardSize
    );
    assert_eq!(kind(chessviz::queens::search(0)), InvalidKind::BoardSize);
    assert_eq!(
        kind(QueensPosition::new(vec![1, 9, 2])),
        InvalidKind::Position
    );
    assert_eq!(
        kind(parse_tromino_batch(b"1\n3 0 0\n")),
        InvalidKind::BatchInput
    );
    assert_eq!(kind(parse_tromino_batch(b"two")), InvalidKind::BatchInput);
    assert_eq!(
        kind(Font::from_bytes(b"not a font".to_vec())),
        InvalidKind::Font
    );
    assert_eq!(kind(Theme::by_name("no-such-theme")), InvalidKind::Theme);
    // The accessor agrees, and says nothing of other errors.
    let err = Square::parse("c9", 8, 8).unwrap_err();
    assert_eq!(err.invalid_kind(), Some(InvalidKind::Square));
    assert_eq!(Error::Interrupted.invalid_kind(), None);
    // The kind changes nothing in the message a user reads.
    assert_eq!(
        Error::invalid(InvalidKind::Font, "a message").to_string(),
        "a message"
    );
}
