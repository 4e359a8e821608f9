//! The values of `--piece SQ=PIECE` and `--fill SQ=COLOUR`: one pair, or a comma list of pairs
//! (`d4=N,e5=p`; squares in ROW,COL notation keep their comma: `3,3=N,4,4=p`).

use chessviz::board::ChessPiece;
use chessviz::colour::parse_colour;

use crate::cli::args::{parse_square_arg, SquareArg};

/// One `SQ=VALUE` pair as written, its square parsed.
#[derive(Clone, Debug)]
pub struct Pair<T> {
    pub square: SquareArg,
    pub value: T,
    /// The pair as written, for messages.
    pub text: String,
}

/// The pairs of one `--piece` or `--fill` value.
#[derive(Clone, Debug)]
pub struct Pairs<T>(pub Vec<Pair<T>>);

/// Splits `a=x,b=y` into (square, value) texts. Each `=` ends a square; the value after it runs to
/// the first comma, and what follows that comma is the next square (which may hold a comma itself).
fn split_pairs(text: &str) -> Result<Vec<(&str, &str)>, String> {
    let parts: Vec<&str> = text.split('=').collect();
    if parts.len() < 2 {
        return Err(format!(
            "expected SQ=VALUE pairs such as d4=N or d4=N,e5=p, found '{}'",
            text.trim()
        ));
    }
    let mut pairs = Vec::new();
    let mut square = parts[0];
    for (i, part) in parts.iter().enumerate().skip(1) {
        let last = i + 1 == parts.len();
        let (value, next) = if last {
            (*part, "")
        } else {
            part.split_once(',').ok_or_else(|| {
                format!(
                    "expected a comma between two SQ=VALUE pairs in '{}'",
                    text.trim()
                )
            })?
        };
        pairs.push((square.trim(), value.trim()));
        square = next;
    }
    Ok(pairs)
}

fn parse_pairs<T>(
    text: &str,
    value: impl Fn(&str) -> Result<T, String>,
) -> Result<Pairs<T>, String> {
    let mut out = Vec::new();
    for (square, v) in split_pairs(text)? {
        out.push(Pair {
            square: parse_square_arg(square)?,
            value: value(v)?,
            text: format!("{square}={v}"),
        });
    }
    Ok(Pairs(out))
}

/// `SQ=PIECE`: a FEN letter, K Q R B N P for White and k q r b n p for Black.
pub fn parse_pieces(text: &str) -> Result<Pairs<ChessPiece>, String> {
    parse_pairs(text, |v| {
        let mut chars = v.chars();
        match (chars.next().and_then(ChessPiece::from_fen), chars.next()) {
            (Some(piece), None) => Ok(piece),
            _ => Err(format!(
                "'{v}' is not a piece: one letter of KQRBNP (White) or kqrbnp (Black)"
            )),
        }
    })
}

/// `SQ=COLOUR`: `#rrggbb` or `#rgb`.
pub fn parse_fills(text: &str) -> Result<Pairs<[u8; 3]>, String> {
    parse_pairs(text, |v| parse_colour(v).map_err(|e| e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chessviz::Square;

    fn squares<T>(p: &Pairs<T>) -> Vec<Square> {
        p.0.iter()
            .map(|p| p.square.spec.resolve(8, 8).unwrap())
            .collect()
    }

    #[test]
    fn pairs_split_in_either_notation() {
        let p = parse_pieces("d4=N,e5=p").unwrap();
        assert_eq!(squares(&p), [Square::new(4, 3), Square::new(3, 4)]);
        assert_eq!(p.0[1].value, ChessPiece::from_fen('p').unwrap());
        let p = parse_pieces("3,3=N,4,4=q").unwrap();
        assert_eq!(squares(&p), [Square::new(3, 3), Square::new(4, 4)]);
        let f = parse_fills("a1=#ff0000, h8=#00f").unwrap();
        assert_eq!(f.0[1].value, [0, 0, 255]);
        assert_eq!(squares(&f), [Square::new(7, 0), Square::new(0, 7)]);
    }

    #[test]
    fn bad_pairs_say_what_is_wrong() {
        for (bad, says) in [
            ("d4", "SQ=VALUE"),
            ("d4=X", "not a piece"),
            ("d4=NN", "not a piece"),
            ("d4=N e5=p", "comma"),
            ("z99x=N", "square"),
            ("d4=", "not a piece"),
        ] {
            let e = parse_pieces(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
        let e = parse_fills("d4=red").unwrap_err();
        assert!(e.contains("#rrggbb"), "{e}");
    }
}
