//! The library's errors in the command's words: limits become hints that name the flags to change.
//!
//! The library never names a flag (a program embedding it has none); its structured errors carry the
//! numbers, and this is the one place that words them for `chessviz`.

use chessviz::Error;

/// The one-line message for `e`, naming the flags that fix it.
pub fn message(e: &Error) -> String {
    match e {
        Error::GifTooLarge {
            rows,
            cols,
            cell,
            width,
            height,
            limit,
            max_cell,
            margin,
        } => format!(
            "a {rows} x {cols} board at --cell {cell} makes a GIF of {width} x {height} pixels, over the format's limit of {limit} pixels a side; {}",
            how_to_fit(*max_cell, *margin)
        ),
        Error::TooManyFrames { limit } => format!(
            "the animation would have more than {limit} frames; keep fewer with --every K or stop early with --max-frames M"
        ),
        Error::ZeroEvery => "--every must be at least 1".to_string(),
        Error::SheetTooLarge {
            count,
            columns,
            width,
            height,
            limit,
        } => format!(
            "a sheet of {count} boards in {columns} columns would be {width} x {height} pixels, over the limit of {limit} pixels; use a smaller --cell"
        ),
        Error::ZeroColumns => "--columns must be at least 1".to_string(),
        Error::TooManyTileColors { tiles, max_k } => format!(
            "--color-by tile gives each of the {tiles} tiles its own colour and is limited to k <= {max_k}; use --color-by proper"
        ),
        Error::BatchTooLarge {
            n,
            solutions: Some(c),
            limit,
        } => format!(
            "{n} queens have {c} solutions, more than the {limit} a batch draws; use --unique or a smaller n"
        ),
        Error::BatchTooLarge {
            n,
            solutions: None,
            limit,
        } => format!(
            "{n} queens have far more than {limit} solutions; a batch draws boards up to n = 13 (or n = 14 with --unique)"
        ),
        other => other.to_string(),
    }
}

/// Advice for an image over a limit: the largest `--cell` that fits, or a smaller board.
fn how_to_fit(max_cell: Option<u32>, margin: u32) -> String {
    match max_cell {
        Some(1) => "use --cell 1 or a smaller board".to_string(),
        Some(cell) => format!("use --cell {cell} or less, or a smaller board"),
        None if margin > 0 => {
            "even --cell 1 is too large: use a smaller board (or --margin 0)".to_string()
        }
        None => "even --cell 1 is too large: use a smaller board".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_become_flag_hints() {
        let gif = Error::GifTooLarge {
            rows: 5,
            cols: 7000,
            cell: 10,
            width: 70000,
            height: 50,
            limit: 65535,
            max_cell: Some(9),
            margin: 0,
        };
        let lib = gif.to_string();
        assert!(
            !lib.contains("--") && lib.contains("9 pixels or less"),
            "{lib}"
        );
        let cli = message(&gif);
        assert!(
            cli.contains("--cell 10 makes") && cli.contains("--cell 9 or less"),
            "{cli}"
        );
        assert!(message(&Error::ZeroEvery).starts_with("--every"));
        assert!(message(&Error::TooManyFrames { limit: 3 }).contains("--max-frames M"));
        // Errors without a flag to name pass through unchanged.
        assert_eq!(message(&Error::Interrupted), Error::Interrupted.to_string());
    }
}
