//! The library's errors in the command's words: limits become hints that name the flags to change.
//! (clap's errors are put on one line in `clap_errors.rs`.)
//!
//! The library never names a flag (a program embedding it has none); its structured errors carry the
//! numbers, and this is the one place that words them for `chessviz`.

use chessviz::Error;

/// The one-line message for `e`, naming the flags that fix it; an error without a flag to name
/// in the library's own words.
pub fn message(e: &Error) -> String {
    size_message(e)
        .or_else(|| count_message(e))
        .or_else(|| text_message(e))
        .unwrap_or_else(|| e.to_string())
}

/// A picture over a limit (a GIF's side, an image's or a sheet's pixels), or a cell or margin out
/// of range: the `--cell` that fits, or a smaller board.
fn size_message(e: &Error) -> Option<String> {
    Some(match e {
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
            Error::CellOutOfRange { cell, min, max } => {
                format!("--cell {cell} is outside {min}..={max} pixels")
            }
            Error::MarginTooLarge { margin, max } => {
                format!("--margin {margin} is more than {max} pixels")
            }
            Error::ImageTooLarge {
                rows,
                cols,
                cell,
                width,
                height,
                limit,
                max_cell,
                margin,
            } => format!(
                "a {rows} x {cols} board at --cell {cell} is {width} x {height} pixels, over the limit of {limit} pixels (16384 x 16384); {}",
                how_to_fit(*max_cell, *margin)
            ),
            Error::CanvasTooLarge {
                width,
                height,
                limit,
            } => format!(
                "an image of {width} x {height} pixels exceeds the limit of {limit} pixels; use a smaller --cell or a smaller board"
            ),
            Error::SheetTooLarge {
                count,
                columns,
                width,
                height,
                limit,
            } => format!(
                "a sheet of {count} boards in {columns} columns would be {width} x {height} pixels, over the limit of {limit} pixels; use a smaller --cell, fewer boards or a smaller board"
            ),
        _ => return None,
    })
}

/// A count out of range (frames, `--every`, `--columns`, tile colours, a batch's boards).
fn count_message(e: &Error) -> Option<String> {
    Some(match e {
            Error::TooManyFrames { limit } => format!(
                "the animation would have more than {limit} frames; keep fewer with --every K or stop early with --max-frames M"
            ),
            Error::ZeroEvery => "--every must be at least 1".to_string(),
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
        _ => return None,
    })
}

/// Text the figure cannot hold: a character the font lacks, a caption's word wider than the figure.
fn text_message(e: &Error) -> Option<String> {
    Some(match e {
        Error::MissingGlyph {
            character,
            font,
            text,
        } => {
            let way_out = if (*character as u32) >= 0x2E80 {
                "choose an installed font that has it with --font-family NAME (for Chinese, \"Noto Sans CJK SC\" from the fonts-noto-cjk package) or --font FILE"
            } else {
                "choose a font that has it with --font-family NAME or --font FILE"
            };
            format!(
                "the font {font} has no glyph for '{character}' (U+{:04X}) in {text}; {way_out}",
                *character as u32
            )
        }
        Error::CaptionTooWide {
            word,
            width,
            needed,
            cell,
        } => {
            let advice = match cell {
                Some(c) => format!("use --cell {c} or more, or shorten the word"),
                None => "shorten the word".to_string(),
            };
            format!("the caption's word \"{}\" needs a figure {needed} pixels wide, and this one is {width}; {advice}", shortened(word))
        }
        _ => return None,
    })
}

/// A word as the library's messages show it: whole up to 64 characters, else its start, an
/// ellipsis and its length.
fn shortened(word: &str) -> String {
    const MAX_SHOWN: usize = 64;
    let count = word.chars().count();
    if count <= MAX_SHOWN {
        return word.to_string();
    }
    let start: String = word.chars().take(MAX_SHOWN / 2).collect();
    format!("{start}... ({count} characters)")
}

/// Advice for an image over a limit: the largest `--cell` that fits, or a smaller board.
fn how_to_fit(max_cell: Option<u32>, margin: u32) -> String {
    match max_cell {
        Some(1) => "use --cell 1 or a smaller board".to_string(),
        Some(cell) => format!("use --cell {cell} or less, or a smaller board"),
        // Judged with this margin: --cell 1 alone may shrink a default margin, so it is not
        // said to be too large.
        None if margin > 0 => format!(
            "even --cell 1 is too large with a {margin}-pixel margin: use a smaller board or margin (--margin 0 draws none)"
        ),
        None => "even --cell 1 is too large: use a smaller board".to_string(),
    }
}

/// Characters that draw nothing (zero-width spaces and joiners, soft hyphens, byte-order marks) or
/// reorder the text around them (bidirectional controls): shown in an error, they would hide what
/// is wrong with a token or disguise it.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00ad}' | '\u{034f}' | '\u{061c}' | '\u{115f}' | '\u{1160}' | '\u{17b4}' | '\u{17b5}'
        | '\u{180e}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}'
        | '\u{3164}' | '\u{fe00}'..='\u{fe0f}' | '\u{feff}' | '\u{ffa0}' | '\u{fff9}'..='\u{fffb}')
}

/// `text` with control characters (newlines, escape sequences from a hostile file name or input)
/// and invisible ones written as escapes, so an error stays one harmless, readable line on a
/// terminal.
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() || is_invisible(c) {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
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
