//! Which boards have a knight's tour at all, decided from theory before any search.
//!
//! Searching a board that has no tour would only burn the retreat budget (or, without a budget, run
//! forever), so the known characterisations are applied first and give a reason the user can check.

use crate::Square;

/// Why no open tour exists on `rows` x `cols` from `start`, or `None` if one may exist.
///
/// Open tours exist exactly on 1 x 1, 3 x 4, 3 x n (n >= 7), 4 x n (n >= 5) and on every board whose
/// sides are both at least 5, in either orientation. On a board with both sides odd the knight alternates
/// colours and the corner colour has one square more, so the tour must start (and end) on that colour.
/// On a board with a short side of 4 the two long edges hold half the squares and no edge square is a
/// knight move from another, so no two edge squares follow each other in a tour: a tour of 4n squares
/// with 2n edge squares either alternates edge and middle squares throughout, or starts and ends on an
/// edge with exactly one middle-to-middle move. Alternating throughout would put every edge square on
/// one colour (the knight alternates colours), but each column's two edge squares differ in colour.
/// So a tour starts (and ends) on a long edge.
///
/// On a board with a short side of 3, every square with row + col even (every square, if the long
/// side is even) starts a tour, except the two middle columns of 3 x 4, the centre of 3 x 7 and the
/// middle-line squares two from either end of 3 x 8; those exceptions were found by exhaustive search
/// and the tests repeat that search for every 3 x n up to 3 x 14.
pub(crate) fn open_tour_obstacle(rows: u32, cols: u32, start: Square) -> Option<String> {
    let (short, long) = (rows.min(cols), rows.max(cols));
    let side_rule = match short {
        1 if long > 1 => Some("a board with a side of 1 allows no knight move at all".to_string()),
        2 => Some(
            "on a board with a side of 2 the knight moves two files at a time along the long side, \
             so it never reaches half of the squares"
                .to_string(),
        ),
        3 if long == 3 => {
            Some("the centre of 3 x 3 is not a knight move from any square".to_string())
        }
        3 if long == 5 || long == 6 => Some(
            "a board with a short side of 3 has an open tour only when the long side is 4 or at least 7"
                .to_string(),
        ),
        4 if long == 4 => Some(
            "a board with a short side of 4 has an open tour only when the long side is at least 5"
                .to_string(),
        ),
        _ => None,
    };
    if let Some(reason) = side_rule {
        return Some(format!(
            "no knight's tour exists on {rows} x {cols}: {reason}"
        ));
    }
    if short == 3 {
        let (long, along, middle) = if rows == 3 {
            (cols, start.col, start.row == 1)
        } else {
            (rows, start.row, start.col == 1)
        };
        let no_tour_here = match long {
            4 => along == 1 || along == 2,
            7 => middle && along == 3,
            8 => middle && (along == 2 || along == 5),
            _ => false,
        };
        if no_tour_here {
            return Some(format!(
                "no knight's tour on {rows} x {cols} starts at {start}: an exhaustive search of every \
                 route from it finds none (on 3 x 4 tours start only in the end columns, on 3 x 7 not \
                 in the centre, on 3 x 8 not on the middle line two squares from either end)"
            ));
        }
    }
    if short == 4 && !on_long_edge(rows, cols, start) {
        return Some(format!(
            "no knight's tour on {rows} x {cols} starts at {start}: the squares of the two long edges are \
             half the board and only reach the two middle lines, so no two edge squares follow each \
             other; as the knight also alternates colours and every column has an edge square of each \
             colour, a tour must start and end on an edge; start on the first or last {}",
            if rows == 4 { "row" } else { "column" }
        ));
    }
    if rows % 2 == 1 && cols % 2 == 1 && (start.row + start.col) % 2 == 1 {
        return Some(format!(
            "no knight's tour on {rows} x {cols} starts at {start}: on a board with both sides odd the \
             knight alternates colours and the corner colour has one square more, so a tour must start \
             on a square with row + col even"
        ));
    }
    None
}

/// Whether `start` lies on one of the two long edges of a board whose short side is 4.
fn on_long_edge(rows: u32, cols: u32, start: Square) -> bool {
    if rows == 4 {
        start.row == 0 || start.row == 3
    } else {
        debug_assert_eq!(cols, 4);
        start.col == 0 || start.col == 3
    }
}

/// Why no closed (re-entrant) tour exists on `rows` x `cols`, or `None` if one does (Schwenk, 1991).
///
/// A closed tour exists unless both sides are odd, the short side is 1, 2 or 4, or the board is
/// 3 x 4, 3 x 6 or 3 x 8. Where one exists it exists from every start, since a cycle can be entered
/// anywhere.
pub(crate) fn closed_tour_obstacle(rows: u32, cols: u32) -> Option<String> {
    let (short, long) = (rows.min(cols), rows.max(cols));
    let reason = if rows % 2 == 1 && cols % 2 == 1 {
        format!(
            "a closed tour alternates colours, so it needs an even number of squares and {rows} x {cols} \
             has {}",
            u64::from(rows) * u64::from(cols)
        )
    } else if matches!(short, 1 | 2 | 4) {
        format!("a board whose short side is 1, 2 or 4 has no closed tour (Schwenk), and the short side is {short}")
    } else if short == 3 && matches!(long, 4 | 6 | 8) {
        "3 x 4, 3 x 6 and 3 x 8 have no closed tour (Schwenk)".to_string()
    } else {
        return None;
    };
    Some(format!(
        "no closed knight's tour exists on {rows} x {cols}: {reason}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open_ok(rows: u32, cols: u32) -> bool {
        open_tour_obstacle(rows, cols, Square::new(0, 0)).is_none()
    }

    #[test]
    fn open_rules_match_the_characterisation_in_both_orientations() {
        for a in 1..=12 {
            for b in 1..=12 {
                let (s, l) = (a.min(b), a.max(b));
                let expected = (s == 1 && l == 1)
                    || (s == 3 && (l == 4 || l >= 7))
                    || (s == 4 && l >= 5)
                    || s >= 5;
                assert_eq!(open_ok(a, b), expected, "{a} x {b}");
            }
        }
    }

    #[test]
    fn odd_boards_need_a_start_on_the_corner_colour() {
        assert!(open_tour_obstacle(5, 5, Square::new(2, 2)).is_none());
        let msg = open_tour_obstacle(5, 7, Square::new(0, 1)).unwrap_or_default();
        assert!(msg.contains("row + col even"), "{msg}");
        // Even boards have no colour restriction.
        assert!(open_tour_obstacle(5, 6, Square::new(0, 1)).is_none());
    }

    #[test]
    fn four_wide_boards_need_a_start_on_a_long_edge() {
        for (rows, cols) in [(4, 5), (4, 9), (9, 4)] {
            for r in 0..rows {
                for c in 0..cols {
                    let edge = if rows == 4 {
                        r == 0 || r == 3
                    } else {
                        c == 0 || c == 3
                    };
                    let verdict = open_tour_obstacle(rows, cols, Square::new(r, c));
                    assert_eq!(verdict.is_none(), edge, "{rows} x {cols} from {r},{c}");
                }
            }
        }
    }

    #[test]
    fn closed_rules_follow_schwenk() {
        for a in 1..=12 {
            for b in 1..=12 {
                let (s, l) = (a.min(b), a.max(b));
                let both_odd = a % 2 == 1 && b % 2 == 1;
                let expected =
                    !(both_odd || matches!(s, 1 | 2 | 4) || (s == 3 && matches!(l, 4 | 6 | 8)));
                assert_eq!(closed_tour_obstacle(a, b).is_none(), expected, "{a} x {b}");
            }
        }
        let msg = closed_tour_obstacle(3, 8).unwrap_or_default();
        assert!(msg.contains("3 x 8") && msg.contains("Schwenk"), "{msg}");
    }
}
