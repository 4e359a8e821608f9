//! The side of a square board (`-n N`, or `N` alone after the command), with a hint for a board
//! written as `8x8`.

/// `text` as a board side from `min` to `max`, in clap's words when it is not one (`40 is not in
/// 1..=32`). A board written `RxC` is told how to say it: `-n R` for a square one, and, where the
/// command draws rectangles (`rect`), `--rows R --cols C`.
pub fn parse_side(text: &str, min: u32, max: u32, rect: bool) -> Result<u32, String> {
    if let Some((r, c)) = text.trim().split_once(['x', 'X', '\u{d7}']) {
        if let (Ok(r), Ok(c)) = (r.trim().parse::<u32>(), c.trim().parse::<u32>()) {
            return Err(match (r == c, rect) {
                (true, true) => format!(
                    "this option takes one number, the side of a square board: -n {r} (or --rows {r} --cols {c})"
                ),
                (true, false) => {
                    format!("this option takes one number, the side of the square board: -n {r}")
                }
                (false, true) => format!(
                    "a board of {r} x {c} is --rows {r} --cols {c}; this option takes one number, the side of a square board"
                ),
                (false, false) => format!(
                    "the board is square: this option takes one number, its side, such as -n {r}"
                ),
            });
        }
    }
    let value: i64 = text
        .parse()
        .map_err(|e: std::num::ParseIntError| e.to_string())?;
    if value < i64::from(min) || value > i64::from(max) {
        return Err(format!("{value} is not in {min}..={max}"));
    }
    Ok(value as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_and_boards_written_as_rows_by_columns() {
        assert_eq!(parse_side("8", 1, 32, false), Ok(8));
        assert_eq!(
            parse_side("40", 1, 32, false).unwrap_err(),
            "40 is not in 1..=32"
        );
        assert_eq!(
            parse_side("-3", 1, 32, false).unwrap_err(),
            "-3 is not in 1..=32"
        );
        assert!(parse_side("abc", 1, 32, false)
            .unwrap_err()
            .contains("invalid digit"));
        let square = parse_side("8x8", 1, 32, false).unwrap_err();
        assert!(square.ends_with("-n 8"), "{square}");
        let both = parse_side("8x8", 1, 100, true).unwrap_err();
        assert!(both.contains("-n 8 (or --rows 8 --cols 8)"), "{both}");
        let rect = parse_side("5X6", 1, 100, true).unwrap_err();
        assert!(
            rect.starts_with("a board of 5 x 6 is --rows 5 --cols 6"),
            "{rect}"
        );
        let not = parse_side("5x6", 1, 32, false).unwrap_err();
        assert!(not.contains("square") && !not.contains("--rows"), "{not}");
    }
}
