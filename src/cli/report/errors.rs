//! The library's errors in the command's words: limits become hints that name the flags to change;
//! clap's errors on one line.
//!
//! The library never names a flag (a program embedding it has none); its structured errors carry the
//! numbers, and this is the one place that words them for `chessviz`.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

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
        Error::TooManyFrames { limit } => format!(
            "the animation would have more than {limit} frames; keep fewer with --every K or stop early with --max-frames M"
        ),
        Error::ZeroEvery => "--every must be at least 1".to_string(),
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
        Error::SheetTooLarge {
            count,
            columns,
            width,
            height,
            limit,
        } => format!(
            "a sheet of {count} boards in {columns} columns would be {width} x {height} pixels, over the limit of {limit} pixels; use a smaller --cell, fewer boards or a smaller board"
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

/// clap's error about an option, reworded: the option named as the user typed it (`-k`, not clap's
/// `--k <K>`), and an option given without its value (`--sheet -o s.png`) told what value it
/// wants, with an example from the command's `--help`. Other errors are returned as they are.
pub fn clearer(command: &clap::Command, args: &[OsString], e: clap::Error) -> clap::Error {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let sub = args
        .get(1)
        .and_then(|a| a.to_str())
        .and_then(|name| command.find_subcommand(name));
    let Some(sub) = sub else { return e };
    // clap's display of an option ("--k <K>"), the option's long name and the option.
    let find = |shown: &str| {
        let long = shown.split(' ').next()?.strip_prefix("--")?;
        let arg = sub.get_arguments().find(|a| a.get_long() == Some(long))?;
        Some((shown.to_string(), long.to_string(), arg.clone()))
    };
    let mut named = Vec::new();
    for kind in [ContextKind::InvalidArg, ContextKind::PriorArg] {
        match e.get(kind) {
            Some(ContextValue::String(s)) => named.extend(find(s)),
            Some(ContextValue::Strings(list)) => named.extend(list.iter().filter_map(|s| find(s))),
            _ => {}
        }
    }
    let Some((_, long, arg)) = named.first() else {
        return e;
    };
    let missing = e.kind() == ErrorKind::InvalidValue
        && matches!(e.get(ContextKind::InvalidValue), Some(ContextValue::String(v)) if v.is_empty());
    let message = if missing {
        let typed = typed_spelling(arg, args).unwrap_or_else(|| format!("--{long}"));
        let wants = arg
            .get_value_names()
            .map(|names| {
                names
                    .iter()
                    .map(|n| n.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_else(|| "a value".to_string());
        let example = example_of(sub, long)
            .map(|ex| format!(", as in: {ex}"))
            .unwrap_or_default();
        format!("{typed} needs its {wants} right after it{example}")
    } else {
        let rendered = e.render().to_string();
        let mut text = first_paragraph(&rendered);
        let mut changed = false;
        for (shown, long, arg) in &named {
            if let Some(typed) = typed_spelling(arg, args).filter(|t| *t != format!("--{long}")) {
                text = text
                    .replace(&format!("'{shown}'"), &typed)
                    .replace(shown.as_str(), &typed);
                changed = true;
            }
        }
        if !changed {
            return e;
        }
        // clap's tips ("a similar argument exists") stay, after a blank line, as clap puts them.
        let tips: Vec<&str> = rendered
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("tip: "))
            .collect();
        let text = text.strip_prefix("error: ").unwrap_or(&text).to_string();
        if tips.is_empty() {
            text
        } else {
            format!("{text}\n\n{}", tips.join("\n"))
        }
    };
    sub.clone().error(e.kind(), message)
}

/// The first paragraph of a rendered clap error (which names the problem), on one line.
fn first_paragraph(rendered: &str) -> String {
    rendered
        .lines()
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ")
}

/// How the user spelled `arg` on the command line (`-k`, `--size`, an alias), if they did.
fn typed_spelling(arg: &clap::Arg, args: &[OsString]) -> Option<String> {
    let mut spellings: Vec<String> = Vec::new();
    if let Some(long) = arg.get_long() {
        spellings.push(format!("--{long}"));
    }
    for alias in arg.get_all_aliases().into_iter().flatten() {
        spellings.push(format!("--{alias}"));
    }
    for short in arg.get_short_and_visible_aliases().into_iter().flatten() {
        spellings.push(format!("-{short}"));
    }
    args.iter()
        .rev()
        .filter_map(|a| a.to_str())
        .find_map(|token| {
            spellings
                .iter()
                .find(|s| {
                    token == s.as_str()
                        || token.starts_with(&format!("{s}="))
                        || (s.len() == 2
                            && token.starts_with(s.as_str())
                            && !token.starts_with("--"))
                })
                .cloned()
        })
}

/// The first example line of `sub`'s `--help` that uses `--long`, without its comment.
fn example_of(sub: &clap::Command, long: &str) -> Option<String> {
    let text = sub
        .get_after_long_help()
        .or(sub.get_after_help())?
        .to_string();
    let flag = format!("--{long} ");
    text.lines()
        .map(str::trim)
        .filter(|l| l.starts_with("chessviz ") && l.contains(&flag))
        .map(|l| l.split("  ").next().unwrap_or(l).trim().to_string())
        .next()
}

/// clap's own errors span several lines; keep its first paragraph, which names the problem, on one
/// line and point to `--help` on the same line.
pub fn report_clap_error(e: clap::Error, stdout_closed: bool) -> ExitCode {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // Help and version go to standard output, the help for a bare subcommand to standard error.
            let to_stdout = e.kind() != ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand;
            let open = if to_stdout && stdout_closed {
                Err(Error::io(
                    "standard output",
                    io::Error::other("it is closed, so nothing can be printed"),
                ))
            } else {
                Ok(())
            };
            let printed = open.and_then(|()| {
                e.print()
                    .and_then(|()| io::stdout().flush())
                    .map_err(|e| Error::io("standard output", e))
            });
            match printed {
                // `chessviz --help | head`: the reader had what it wanted.
                Err(Error::Io { source, .. }) if source.kind() == io::ErrorKind::BrokenPipe => {
                    return ExitCode::SUCCESS;
                }
                Err(e) => {
                    let _ = writeln!(io::stderr(), "error: {e}");
                    return ExitCode::from(2);
                }
                Ok(()) => {}
            }
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                return ExitCode::from(2);
            }
            ExitCode::SUCCESS
        }
        _ => {
            // The first paragraph names the problem; a list in it (the required arguments that
            // are missing) goes on the same line. A value holding line breaks (even a blank line,
            // which would end the paragraph) is shown escaped first.
            let mut rendered = e.render().to_string();
            if let Some(ContextValue::String(value)) = e.get(ContextKind::InvalidValue) {
                if value.contains(['\n', '\r']) {
                    rendered = rendered.replacen(value.as_str(), &one_line(value), 1);
                }
            }
            let first = first_paragraph(&rendered);
            let first = if first.is_empty() {
                "invalid arguments"
            } else {
                first.as_str()
            };
            let first = first.strip_prefix("error: ").unwrap_or(first);
            // clap's suggestions ("a similar argument exists: '--size'") follow as `tip:` lines,
            // unless the word is one people reach for, whose meaning here is known.
            let reached_for = match (e.kind(), e.get(ContextKind::InvalidArg)) {
                (ErrorKind::UnknownArgument, Some(ContextValue::String(arg))) => {
                    reached_for(arg, subcommand_of(&rendered))
                }
                _ => None,
            };
            let tips: Vec<&str> = match &reached_for {
                Some(hint) => vec![hint.as_str()],
                None => rendered
                    .lines()
                    .map(str::trim)
                    .filter_map(|l| l.strip_prefix("tip: "))
                    .collect(),
            };
            let mut line = without_placeholders(first);
            for tip in tips {
                line.push_str("; ");
                line.push_str(tip);
            }
            let line = shortened_quotes(&one_line(&line));
            let _ = writeln!(io::stderr(), "error: {line} (see --help)");
            ExitCode::from(2)
        }
    }
}

/// The subcommand named in clap's usage line (`Usage: chessviz tromino [OPTIONS]`), if any.
fn subcommand_of(rendered: &str) -> Option<&str> {
    rendered
        .lines()
        .find_map(|l| l.trim().strip_prefix("Usage: chessviz "))
        .and_then(|rest| rest.split_whitespace().next())
        .filter(|word| word.chars().all(|c| c.is_ascii_lowercase()))
}

/// What a word people reach for is called here: a speed is `--delay`, a format is the file name's
/// extension, a board's size is `-n` (a tiling's also `-k`). `None` where clap's own suggestion
/// (a similar option) is the better tip.
fn reached_for(arg: &str, subcommand: Option<&str>) -> Option<String> {
    let word = arg.trim_start_matches('-').to_ascii_lowercase();
    let word = word.split('=').next().unwrap_or_default();
    if arg.starts_with('-') {
        return match word {
            "speed" | "fps" | "rate" | "interval" | "duration" | "frame-time" => Some(
                "the speed of an animation is --delay MS, the milliseconds each step is shown"
                    .to_string(),
            ),
            "png" | "gif" | "svg" | "pdf" | "apng" | "webp" | "mp4" | "html" | "tex" | "txt" => {
                Some(format!(
                    "the format follows the output's name: -o FILE.{word} (--format {word} for standard output)"
                ))
            }
            "board-size" | "side" | "board" | "dim" | "dimension" if subcommand.is_some() => {
                Some(side_hint(subcommand, "N"))
            }
            _ => None,
        };
    }
    // A bare number where no board side is taken after the command (`tromino 8`).
    let n: u32 = arg.parse().ok()?;
    Some(side_hint(subcommand, &n.to_string()))
}

/// How the board's side is given to `subcommand`.
fn side_hint(subcommand: Option<&str>, n: &str) -> String {
    match (subcommand, n.parse::<u32>()) {
        (Some("tromino"), Ok(side)) if side.is_power_of_two() => format!(
            "for a board of side {side} give -n {side} (or -k {}: 2^k squares a side)",
            side.trailing_zeros()
        ),
        (Some("tromino"), _) => {
            format!("the board's side is -n {n} (a power of two) or -k K (2^K squares a side)")
        }
        _ => format!("the board's side is -n {n}"),
    }
}

/// Quoted values longer than 60 characters shown by their first 60 and their length: an error
/// line stays one readable line whatever was typed (a value pasted by mistake, a whole file).
fn shortened_quotes(line: &str) -> String {
    const SHOWN: usize = 60;
    let mut out = String::with_capacity(line.len().min(1024));
    let mut rest = line;
    while let Some(start) = rest.find('\'') {
        out.push_str(&rest[..=start]);
        let after = &rest[start + 1..];
        let Some(end) = after.find('\'') else {
            rest = after;
            break;
        };
        let quoted = &after[..end];
        let chars = quoted.chars().count();
        if chars > SHOWN {
            let head: String = quoted.chars().take(SHOWN).collect();
            out.push_str(&format!("{head}...' ({chars} characters)"));
        } else {
            out.push_str(quoted);
            out.push('\'');
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

/// `'--size <N>'` as `--size`, and `--cols <C>` as `--cols` (other text as it was): an option is
/// named as typed, without clap's value placeholder.
fn without_placeholders(text: &str) -> String {
    let unquoted = without_quoted_placeholders(text);
    let mut out: Vec<String> = Vec::new();
    for word in unquoted.split(' ') {
        let after_option = out.last().is_some_and(|w| w.starts_with('-'));
        match word.strip_prefix('<').and_then(|w| w.split_once('>')) {
            // Keep what followed the placeholder (`--cols <C>, --rows <R>`).
            Some((_, tail)) if after_option => {
                if let Some(last) = out.last_mut() {
                    last.push_str(tail);
                }
            }
            _ => out.push(word.to_string()),
        }
    }
    out.join(" ")
}

fn without_quoted_placeholders(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("'-") {
        out.push_str(&rest[..start]);
        let quoted = &rest[start + 1..];
        match quoted.find('\'') {
            Some(end) => {
                let inner = &quoted[..end];
                match inner.split_once(" <") {
                    Some((name, _)) => out.push_str(name),
                    None => {
                        out.push('\'');
                        out.push_str(inner);
                        out.push('\'');
                    }
                }
                rest = &quoted[end + 1..];
            }
            None => {
                out.push_str(&rest[start..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quoted_values_are_shortened() {
        let long = "1".repeat(200);
        let line = format!(
            "invalid value '{long}' for --special: found '{}'",
            "2".repeat(70)
        );
        let short = shortened_quotes(&line);
        assert_eq!(
            short,
            format!(
                "invalid value '{}...' (200 characters) for --special: found '{}...' (70 characters)",
                "1".repeat(60),
                "2".repeat(60)
            )
        );
        assert_eq!(shortened_quotes("a 'b' c 'd"), "a 'b' c 'd");
    }

    #[test]
    fn words_people_reach_for_get_their_name_here() {
        assert!(reached_for("--speed", Some("queens"))
            .unwrap()
            .contains("--delay MS"));
        assert!(reached_for("--fps", None).unwrap().contains("--delay"));
        assert!(reached_for("--png", Some("queens"))
            .unwrap()
            .contains("-o FILE.png"));
        assert!(reached_for("--gif", Some("knight"))
            .unwrap()
            .contains("-o FILE.gif"));
        assert_eq!(
            reached_for("8", Some("tromino")).unwrap(),
            "for a board of side 8 give -n 8 (or -k 3: 2^k squares a side)"
        );
        assert!(reached_for("--side", Some("queens"))
            .unwrap()
            .contains("-n N"));
        assert_eq!(reached_for("--piece", Some("queens")), None);
        assert_eq!(reached_for("x", Some("tromino")), None);
    }

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
