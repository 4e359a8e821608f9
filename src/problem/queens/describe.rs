//! The queens' pictures in words: the squares of the queens in column order
//! (`a1 b5 c8 d6 e3 f7 g2 h4`), and what the search has found so far.

use crate::geom::Square;
use crate::scene::describe::join_parts;
use crate::scene::Description;
use crate::text::{chess_file, chess_name, DescriptionPhrase as D, Lang};

/// The queens of `rows` (the row of the queen in each column, 1 = bottom, 0 = none) on an n x n
/// board, in column order: "a1 b5 c8".
pub(crate) fn queen_squares(rows: &[u32]) -> String {
    let n = rows.len() as u32;
    let names: Vec<String> = (rows.iter().enumerate())
        .filter(|(_, &r)| r != 0)
        .map(|(c, &r)| chess_name(Square::new(n - r, c as u32), n))
        .collect();
    names.join(" ")
}

/// Where the queens stand: "columns a to f hold a1 b3 c6 d8 e2 f4" while they fill the first
/// columns (as the search fills them), "queens on ..." otherwise, "the board is empty" without one.
fn where_they_stand(lang: Lang, rows: &[u32]) -> String {
    let filled = rows.iter().filter(|&&r| r != 0).count();
    let squares = queen_squares(rows);
    let prefix = rows.iter().take_while(|&&r| r != 0).count();
    match (filled, prefix) {
        (0, _) => lang.describe(D::EmptyBoard, &[]),
        (1, 1) => lang.describe(D::ColumnHolds, &[&chess_file(0), &squares]),
        (f, p) if f == p && f < rows.len() => lang.describe(
            D::ColumnsHold,
            &[&chess_file(0), &chess_file(p as u32 - 1), &squares],
        ),
        _ => lang.describe(D::QueensOn, &[&squares]),
    }
}

/// A state of the search (or a solution shown): `solution` is the caption of the solution the
/// board shows ("Solution 1 of 92"), `None` while the search goes on, with `found` solutions so far.
pub(crate) fn describe_queens(
    lang: Lang,
    rows: &[u32],
    solution: Option<String>,
    found: u64,
) -> Description {
    let n = rows.len();
    match solution {
        Some(caption) => {
            let board = lang.describe(D::QueensBoard, &[&n]);
            let short = lang.describe(D::DescribeList, &[&board, &caption]);
            let on = lang.describe(D::QueensOn, &[&queen_squares(rows)]);
            let none = lang.describe(D::NoneAttacking, &[]);
            Description::new(lang, short, lang.describe(D::DescribeList, &[&on, &none]))
        }
        None => {
            let short = lang.describe(D::QueensSearch, &[&n]);
            let so_far = if found == 0 {
                lang.describe(D::NoSolutionYet, &[])
            } else {
                super::found_caption_in(lang, found)
            };
            let detail = join_parts(lang, &[where_they_stand(lang, rows), so_far]);
            Description::new(lang, short, detail)
        }
    }
}

/// A position of the caller's own: its caption ("5 queens, 2 attacking pairs", "Solution 3 of
/// 92"), then its queens.
pub(crate) fn describe_position(lang: Lang, rows: &[u32], caption: &str) -> Description {
    let board = lang.describe(D::QueensBoard, &[&rows.len()]);
    let short = lang.describe(D::DescribeList, &[&board, &caption]);
    Description::new(lang, short, where_they_stand(lang, rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solution_names_its_squares_in_column_order() {
        let rows = [1, 5, 8, 6, 3, 7, 2, 4];
        assert_eq!(queen_squares(&rows), "a1 b5 c8 d6 e3 f7 g2 h4");
        let words = describe_queens(Lang::En, &rows, Some("Solution 1 of 92".into()), 1);
        assert_eq!(
            words.text(),
            "8-queens board, Solution 1 of 92; queens on a1 b5 c8 d6 e3 f7 g2 h4, \
             no two attack each other"
        );
        let zh = describe_queens(Lang::Zh, &rows, Some("第 1 组解，共 92 组".into()), 1);
        assert_eq!(
            zh.text(),
            "8 皇后棋盘，第 1 组解，共 92 组；皇后在 a1 b5 c8 d6 e3 f7 g2 h4，互不攻击"
        );
    }

    #[test]
    fn the_search_says_which_columns_hold_queens_and_what_it_found() {
        let rows = [1, 3, 6, 8, 2, 4, 0, 0];
        assert_eq!(
            describe_queens(Lang::En, &rows, None, 0).text(),
            "8-queens search; columns a to f hold a1 b3 c6 d8 e2 f4; no solution yet"
        );
        assert_eq!(
            describe_queens(Lang::En, &[0; 8], None, 3).detail,
            "the board is empty; solutions found: 3"
        );
        assert_eq!(
            describe_queens(Lang::En, &[2, 0, 0, 0], None, 0).detail,
            "column a holds a2; no solution yet"
        );
        assert_eq!(
            describe_position(Lang::En, &[0, 2, 0, 4], "2 queens, none attacking").detail,
            "queens on b2 d4"
        );
    }
}
