//! The annotation flags every drawing subcommand shares: `--mark`, `--arrow`, `--coords`,
//! `--caption`.

use chessviz::{Annotations, Arrow, Axes, CaptionChoice, Error, Mark, MarkKind, Result};

use super::look::LookArgs;
use super::square::{parse_square_arg, SquareArg};

/// `--mark SQ[:KIND][:#RGB]`.
#[derive(Clone, Debug)]
pub struct MarkArg {
    square: SquareArg,
    kind: MarkKind,
    colour: Option<[u8; 3]>,
    text: String,
}

/// `text` without a trailing `:#rrggbb` (or `:#rgb`), and that colour.
fn split_colour(text: &str) -> std::result::Result<(&str, Option<[u8; 3]>), String> {
    match text.rsplit_once(':') {
        Some((rest, colour)) if colour.trim().starts_with('#') => {
            let rgb = chessviz::colour::parse_colour(colour).map_err(|e| e.to_string())?;
            Ok((rest, Some(rgb)))
        }
        _ => Ok((text, None)),
    }
}

fn parse_mark(text: &str) -> std::result::Result<MarkArg, String> {
    let (rest, colour) = split_colour(text)?;
    let (square, kind) = match rest.rsplit_once(':') {
        Some((square, kind)) => {
            let kind = MarkKind::ALL
                .into_iter()
                .find(|k| k.name().eq_ignore_ascii_case(kind.trim()))
                .ok_or_else(|| {
                    format!(
                        "the mark '{}' is not one of {}",
                        kind.trim(),
                        MarkKind::ALL.map(MarkKind::name).join(", ")
                    )
                })?;
            (square, kind)
        }
        None => (rest, MarkKind::Ring),
    };
    Ok(MarkArg {
        square: parse_square_arg(square)?,
        kind,
        colour,
        text: text.trim().to_string(),
    })
}

/// `--arrow FROM-TO[:#RGB]`.
#[derive(Clone, Debug)]
pub struct ArrowArg {
    from: SquareArg,
    to: SquareArg,
    colour: Option<[u8; 3]>,
    text: String,
}

/// Splits `FROM-TO` at the `-` between two squares (`a1-c2`, `0,0-1,2`), after a colour of its own
/// (`a1-c2:#c00`).
fn parse_arrow(text: &str) -> std::result::Result<ArrowArg, String> {
    let (rest, colour) = split_colour(text.trim())?;
    let t = rest.trim();
    let dashes: Vec<usize> = t.match_indices('-').map(|(i, _)| i).collect();
    let arrow = |i: usize| -> std::result::Result<ArrowArg, String> {
        Ok(ArrowArg {
            from: parse_square_arg(&t[..i])?,
            to: parse_square_arg(&t[i + 1..])?,
            colour,
            text: text.trim().to_string(),
        })
    };
    match dashes.as_slice() {
        [] => Err(format!(
            "expected FROM-TO, two squares joined by '-' such as a1-c2 or 0,0-1,2, found '{t}'"
        )),
        // One dash: say what is wrong with either square.
        [i] => arrow(*i),
        many => many.iter().find_map(|&i| arrow(i).ok()).ok_or_else(|| {
            format!(
                "expected FROM-TO, two squares joined by '-' such as a1-c2 or 0,0-1,2, found '{t}'"
            )
        }),
    }
}

/// The values of `--coords` (explained in the option's help: per-value help would switch `--help`
/// to its long layout).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoordsArg {
    Index,
    Chess,
    None,
}

/// Marks, arrows, caption and coordinate labels on any figure.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Annotations (-o {PICTURE_FILES})")]
pub struct AnnotateArgs {
    /// Mark a square.
    ///
    /// Mark a square (ROW,COL or chess notation such as c5) with a dot, cross, ring or fill
    /// [default kind: ring]; repeatable.
    /// A colour of its own may follow: d4:ring:#06c.
    #[arg(long = "mark", value_name = "SQ[:KIND][:#RGB]", value_parser = parse_mark)]
    pub marks: Vec<MarkArg>,
    /// Draw an arrow from one square to another.
    ///
    /// Draw an arrow from one square to another (a1-c2 or 0,0-1,2), in a colour of its own if one
    /// follows (a1-c2:#c00); repeatable.
    #[arg(long = "arrow", value_name = "FROM-TO[:#RGB]", value_parser = parse_arrow)]
    pub arrows: Vec<ArrowArg>,
    /// Coordinate labels.
    ///
    /// Coordinate labels in the margin: index (0-based rows and columns), chess (files and ranks)
    /// or none [default: chess for queens, index for tromino and knight].
    #[arg(long, value_enum, value_name = "LABELS")]
    pub coords: Option<CoordsArg>,
    /// The caption below the board.
    ///
    /// The caption below the board: this text instead of the usual one (a figure without a caption
    /// gets one), or none to remove it; in an animation, the text on every frame in place of the
    /// step's caption, or no caption band at all [default: the usual caption, such as "Solution 1
    /// of 92", and "step 12: queen placed on c5" on an animation's frames; none in a TikZ picture
    /// to \input, whose document has its own].
    #[arg(long, value_name = "TEXT|none", value_parser = parse_caption)]
    pub caption: Option<String>,
    /// Built-in captions are removed without a --caption (set from `--preset print`, and for a
    /// TikZ picture to `\input`).
    #[arg(skip)]
    pub drop_caption: bool,
    /// The labels without a --coords: chess when the command's own square was written in chess
    /// notation (`knight --start a1`), so the figure names squares as the user did.
    #[arg(skip)]
    pub default_coords: Option<CoordsArg>,
}

fn parse_caption(text: &str) -> std::result::Result<String, String> {
    if text.trim().is_empty() {
        return Err("a caption needs some text (none removes the caption)".to_string());
    }
    if text.chars().any(char::is_control) {
        return Err("a caption is one line of text".to_string());
    }
    Ok(text.to_string())
}

impl AnnotateArgs {
    /// The annotations for a `rows` x `cols` board drawn as `look` says: an error naming the flag
    /// and the token as written for a square off the board, or for labels or a caption that a bare
    /// board (`--margin 0`) has no room for.
    pub fn annotations(&self, rows: u32, cols: u32, look: &LookArgs) -> Result<Annotations> {
        if look.margin == Some(0) {
            let needs_room = if self.caption_band(false) {
                Some("--caption")
            } else if matches!(self.coords, Some(CoordsArg::Index | CoordsArg::Chess)) {
                Some("--coords")
            } else {
                None
            };
            if let Some(flag) = needs_room {
                return Err(Error::usage(format!(
                    "{flag} draws in the margin, and --margin 0 draws the bare board: give a margin or leave {flag} out"
                )));
            }
        }
        let mut out = Annotations::new(rows, cols);
        for m in &self.marks {
            let mark = Mark {
                square: m
                    .square
                    .resolve(&format!("--mark {}", m.text), rows, cols)?,
                kind: m.kind,
            };
            out.push_mark_in(mark, m.colour)?;
        }
        for a in &self.arrows {
            let named = format!("--arrow {}", a.text);
            let arrow = Arrow {
                from: a.from.resolve(&named, rows, cols)?,
                to: a.to.resolve(&named, rows, cols)?,
            };
            out.push_arrow_in(arrow, a.colour)
                .map_err(|e| Error::usage(format!("{named}: {e}")))?;
        }
        out.set_coords(self.coords.or(self.default_coords).map(|c| match c {
            CoordsArg::Index => Axes::Indices,
            CoordsArg::Chess => Axes::Chess,
            CoordsArg::None => Axes::None,
        }));
        if let Some(text) = self
            .caption
            .as_deref()
            .filter(|t| !t.trim().eq_ignore_ascii_case("none"))
        {
            look.style()?.check_text(Some(text))?;
        }
        out.set_caption(match self.caption.as_deref() {
            None if self.drop_caption => CaptionChoice::Removed,
            None => CaptionChoice::AsDrawn,
            Some(t) if t.trim().eq_ignore_ascii_case("none") => CaptionChoice::Removed,
            Some(t) => CaptionChoice::Text(t.to_string()),
        });
        Ok(out)
    }

    /// `--caption none` on a figure that has no caption of its own would change nothing: refused.
    pub fn refuse_removing_no_caption(&self) -> Result<()> {
        match self.caption.as_deref() {
            Some(t) if t.trim().eq_ignore_ascii_case("none") => Err(Error::usage(
                "--caption none removes a built-in caption, and this figure has none (give --caption TEXT to add one)",
            )),
            _ => Ok(()),
        }
    }

    /// Chess labels unless --coords says otherwise: the command's own square was written in chess
    /// notation.
    pub fn chess_by_default(&mut self) {
        self.default_coords = Some(CoordsArg::Chess);
    }

    /// Whether a caption band is added to a figure that `has_caption` or not.
    pub fn caption_band(&self, has_caption: bool) -> bool {
        match self.caption.as_deref() {
            None => has_caption && !self.drop_caption,
            Some(t) => !t.trim().eq_ignore_ascii_case("none"),
        }
    }

    /// The colours of their own that marks and arrows have, each with the option as given (for
    /// the contrast warnings).
    pub fn item_colours(&self) -> Vec<(String, [u8; 3])> {
        let marks = self
            .marks
            .iter()
            .filter_map(|m| m.colour.map(|c| (format!("--mark {}", m.text), c)));
        let arrows = self
            .arrows
            .iter()
            .filter_map(|a| a.colour.map(|c| (format!("--arrow {}", a.text), c)));
        marks.chain(arrows).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chessviz::Square;

    #[test]
    fn arrows_split_between_two_squares() {
        let a = parse_arrow("a1-c2").unwrap();
        assert_eq!(a.from.spec.resolve(8, 8).unwrap(), Square::new(7, 0));
        assert_eq!(a.to.spec.resolve(8, 8).unwrap(), Square::new(6, 2));
        let a = parse_arrow("0,0-1,2").unwrap();
        assert_eq!(a.to.spec.resolve(8, 8).unwrap(), Square::new(1, 2));
        assert!(parse_arrow("a1c2").unwrap_err().contains("FROM-TO"));
        assert!(parse_arrow("a1-").is_err());
        assert!(parse_arrow("a1-b2-c3").unwrap_err().contains("a1-b2-c3"));
    }

    #[test]
    fn marks_take_a_kind_or_ring() {
        assert_eq!(parse_mark("c5").unwrap().kind, MarkKind::Ring);
        assert_eq!(parse_mark("2,3:cross").unwrap().kind, MarkKind::Cross);
        assert_eq!(parse_mark("c5:FILL").unwrap().kind, MarkKind::Fill);
        let e = parse_mark("c5:star").unwrap_err();
        assert!(
            e.contains("'star'") && e.contains("dot, cross, ring, fill"),
            "{e}"
        );
    }
}
