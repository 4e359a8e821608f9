//! Words people reach for that are called otherwise here: a speed is `--delay`, a format is the
//! output's extension, a board's side is `-n`. Told as the tip of clap's "unexpected argument".

use chessviz::files::FormatRow;

/// The subcommand named in clap's usage line (`Usage: chessviz tromino [OPTIONS]`), if any.
pub(super) fn subcommand_of(rendered: &str) -> Option<&str> {
    rendered
        .lines()
        .find_map(|l| l.trim().strip_prefix("Usage: chessviz "))
        .and_then(|rest| rest.split_whitespace().next())
        .filter(|word| word.chars().all(|c| c.is_ascii_lowercase()))
}

/// What a word people reach for is called here: a speed is `--delay`, a format is the file name's
/// extension, a board's size is `-n` (a tiling's also `-k`). `None` where clap's own suggestion
/// (a similar option) is the better tip.
pub(super) fn reached_for(arg: &str, subcommand: Option<&str>) -> Option<String> {
    let word = arg.trim_start_matches('-').to_ascii_lowercase();
    let word = word.split('=').next().unwrap_or_default();
    if arg.starts_with('-') {
        // A format's name as an option (`--png`): every row of the format table, and text.
        if word == "txt" || FormatRow::by_extension(word).is_some() {
            return Some(format!(
                "the format follows the output's name: -o FILE.{word} (--format {word} for standard output)"
            ));
        }
        return match word {
            "speed" | "fps" | "rate" | "interval" | "duration" | "frame-time" => Some(
                "the speed of an animation is --delay MS, the milliseconds each step is shown"
                    .to_string(),
            ),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_people_reach_for_get_their_name_here() {
        assert!(reached_for("--speed", Some("queens"))
            .unwrap()
            .contains("--delay MS"));
        assert!(reached_for("--fps", None).unwrap().contains("--delay"));
        assert!(reached_for("--png", Some("queens"))
            .unwrap()
            .contains("-o FILE.png"));
        // Every format of the table, and text, is named by its file name.
        for name in chessviz::files::FORMATS
            .iter()
            .map(|f| f.name)
            .chain(["txt"])
        {
            let tip = reached_for(&format!("--{}", name.to_uppercase()), Some("knight"));
            assert_eq!(
                tip.as_deref(),
                Some(format!("the format follows the output's name: -o FILE.{name} (--format {name} for standard output)").as_str())
            );
        }
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
}
