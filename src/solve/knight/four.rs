//! Open knight's tours of boards with a short side of 4, from every start that has one, built from
//! small pieces in time proportional to the board.
//!
//! The blocks-and-cycles construction of the `construct` module does not work here: no 4-row block
//! has a closed tour. Here rows are the short side, the start is on row 0 (the existence rules allow
//! only the two long edges) and in the left half. The tour is cut into three stretches of columns:
//!
//! - the start block, a few columns holding the start square, searched for each start;
//! - on each side of it a part (possibly empty): a cap block at that end of the board and lane
//!   blocks between the cap and the start block, all copies of pieces found once (see [`parts`]).
//!   The paths of a part join into fragments, each leaving the start block, running out through
//!   the lanes, turning in the cap and running back to end next to the start block; the tour enters
//!   each fragment from the start block and comes back into it (except perhaps after the last).
//!
//! Why two kinds of part: the edge squares (rows 0 and 3) are half the board and no two are a knight
//! move apart, so a tour cannot have two edge squares in a row; with as many middle squares as edge
//! squares that leaves room for exactly one move between two middle squares. Away from that move
//! the tour alternates edge and middle, so all its edge squares before that move have the start's
//! colour and all after it the other colour. A part covers as many edge squares of each colour as
//! of the other, so a part walked as one fragment must hold that move, and two such parts cannot
//! both be: the [`parts::SINGLE`] part (one fragment, out on row 0 and back on row 1) is used on one
//! side only, and the other side is a [`parts::DOUBLE`] part, two fragments each keeping to one
//! colour class (out on row 0 and back on row 3, and the other way). The same argument orders the
//! fragments: the double part's fragment whose edge squares have the start's colour comes first,
//! then the single part, then the other; other orders are not searched.
//!
//! The start block is 3 columns wide for every start tried in the tests (wider ones, up to
//! [`MAX_BLOCK_WIDTH`], are tried if not), and its paths are found by [`cover::cover`] within
//! [`BLOCK_BUDGET`] nodes per choice of fragment order, direction and the squares where the tour
//! comes back. The tests build the tour from every long-edge start of every 4 x n and n x 4 up to
//! n = 200.

mod cover;
mod parts;

use super::construct::Built;
use super::MOVES;
use crate::{Error, Result, Square};
use cover::{cover, At, End, Leg};
use parts::{Design, DOUBLE, SINGLE};

/// The widest start block tried.
const MAX_BLOCK_WIDTH: u32 = 12;
/// Search nodes allowed for the start block's paths, for each choice tried (the blocks found take
/// a few hundred).
const BLOCK_BUDGET: u64 = 3_000;

/// Builds an open tour of `rows` x `cols` (one side 4, the other at least 5) from `start`, which must
/// lie on a long edge (the caller has applied the existence rules).
pub(crate) fn build(rows: u32, cols: u32, start: Square) -> Result<Built> {
    let frame = Frame::new(rows, cols, start);
    let n = frame.len;
    let s = frame.local(start);
    for width in 3..=MAX_BLOCK_WIDTH.min(n) {
        // The start block's first column: at the start, then further left.
        for left in (0..=s.1).rev().take(width as usize) {
            if left + width > n {
                continue;
            }
            for (left_design, right_design) in [(&SINGLE, &DOUBLE), (&DOUBLE, &SINGLE)] {
                let sides = [(left_design, left), (right_design, n - left - width)];
                if let Some(path) = frame.assemble(s, left, width, sides) {
                    return frame.number(&path);
                }
            }
        }
    }
    Err(Error::NoSolution(format!(
        "the knight's tour construction for a side of 4 found no start block for {start} on \
         {rows} x {cols}; please report this board"
    )))
}

/// One fragment of a part, in local squares.
struct Fragment {
    squares: Vec<(u32, u32)>,
    /// The colour of its edge squares, or `None` if they have both (it holds the middle-to-middle
    /// move).
    edge_colour: Option<u32>,
}

/// A fragment as the tour walks it.
#[derive(Clone, Copy)]
struct Walk<'a> {
    squares: &'a [(u32, u32)],
    reversed: bool,
    edge_colour: Option<u32>,
}

impl Walk<'_> {
    fn first(&self) -> (u32, u32) {
        if self.reversed {
            self.squares[self.squares.len() - 1]
        } else {
            self.squares[0]
        }
    }

    fn last(&self) -> (u32, u32) {
        if self.reversed {
            self.squares[0]
        } else {
            self.squares[self.squares.len() - 1]
        }
    }
}

/// The colour of the edge squares of `squares`, if they all have one.
fn edge_colour(squares: &[(u32, u32)]) -> Option<u32> {
    let mut colours = squares
        .iter()
        .filter(|&&(r, _)| r == 0 || r == 3)
        .map(|&(r, c)| (r + c) % 2);
    let first = colours.next()?;
    colours.all(|c| c == first).then_some(first)
}

/// Whether the tour can walk the fragments in this order (see the module docs): edge squares of
/// the start's colour come before the middle-to-middle move and the others after it.
fn colours_in_order(walks: &[Walk], start_colour: u32) -> bool {
    let mixed: Vec<usize> = (0..walks.len())
        .filter(|&i| walks[i].edge_colour.is_none())
        .collect();
    if mixed.len() > 1 {
        return false;
    }
    let mut switched = false;
    walks
        .iter()
        .enumerate()
        .all(|(i, walk)| match walk.edge_colour {
            None => {
                switched = true;
                true
            }
            Some(colour) if colour == start_colour => !switched,
            Some(_) => {
                switched = true;
                mixed.first().is_none_or(|&m| m < i)
            }
        })
}

/// The colour class of a square: an edge square's colour, the other colour for a middle square.
/// A knight move keeps the class except between two middle squares.
fn colour_class((r, c): (u32, u32)) -> u32 {
    let colour = (r + c) % 2;
    if r == 0 || r == 3 {
        colour
    } else {
        1 - colour
    }
}

/// For the tour walking `walks` in order from a start of `start_colour`, the colour class of the
/// square where it comes back into the start block after each, if that is known: the tour keeps the
/// start's class until its middle-to-middle move and the other class after it, and that move is
/// inside the fragment whose edge squares have both colours. If no fragment has it, the move is in
/// the start block, so the classes there are not known.
fn leg_classes(walks: &[Walk], start_colour: u32) -> Vec<Option<u32>> {
    let Some(turn) = walks.iter().position(|w| w.edge_colour.is_none()) else {
        return vec![None; walks.len()];
    };
    (0..walks.len())
        .map(|i| {
            Some(if i < turn {
                start_colour
            } else {
                1 - start_colour
            })
        })
        .collect()
}

/// Whether the start block's legs can cover it when the tour walks `walks` in order from `s` (a
/// sound test, made only when the classes of the legs are known, see [`leg_classes`]). Away from
/// its middle-to-middle move the tour alternates edge and middle squares, so a leg has one edge
/// square more than middle squares if it begins and ends on an edge, one fewer if it begins and
/// ends in the middle, and as many otherwise; the legs of each colour class must add up to that
/// class's squares of the block, `block` giving its first column and width.
fn legs_balance(
    walks: &[Walk],
    classes: &[Option<u32>],
    ends_in_block: bool,
    s: (u32, u32),
    (left, width): (u32, u32),
) -> bool {
    if classes.iter().any(Option::is_none) {
        return true;
    }
    let on_edge = |(r, _): (u32, u32)| r == 0 || r == 3;
    // For each class, the block's edge squares less its middle squares, less those of each leg.
    let mut excess = [0i32; 2];
    for r in 0..4 {
        for c in left..left + width {
            excess[colour_class((r, c)) as usize] += if on_edge((r, c)) { 1 } else { -1 };
        }
    }
    // The leg that ends anywhere: its class and whether it begins on an edge.
    let mut open_leg = None;
    for i in 0..walks.len() + usize::from(ends_in_block) {
        let (class, begins_on_edge) = match i.checked_sub(1) {
            None => ((s.0 + s.1) % 2, on_edge(s)),
            Some(before) => (
                classes[before].unwrap_or_default(),
                !on_edge(walks[before].last()),
            ),
        };
        match walks.get(i) {
            Some(walk) => {
                let ends_on_edge = !on_edge(walk.first());
                excess[class as usize] -= match (begins_on_edge, ends_on_edge) {
                    (true, true) => 1,
                    (false, false) => -1,
                    _ => 0,
                };
            }
            None => open_leg = Some((class, begins_on_edge)),
        }
    }
    (0..2).all(|class| match open_leg {
        Some((open, true)) if open == class => matches!(excess[class as usize], 0 | 1),
        Some((open, false)) if open == class => matches!(excess[class as usize], 0 | -1),
        _ => excess[class as usize] == 0,
    })
}

/// Every order of `0..k`.
fn orders(k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for shorter in orders(k - 1) {
        for at in 0..=shorter.len() {
            let mut order = shorter.clone();
            order.insert(at, k - 1);
            all.push(order);
        }
    }
    all.sort();
    all
}

/// The board seen with 4 rows, the start on row 0 and in the left half: the real board is this one
/// transposed and mirrored as needed.
struct Frame {
    rows: u32,
    cols: u32,
    len: u32,
    transposed: bool,
    flip_rows: bool,
    flip_cols: bool,
}

impl Frame {
    fn new(rows: u32, cols: u32, start: Square) -> Frame {
        let transposed = rows != 4;
        let (len, across, along) = if transposed {
            (rows, start.col, start.row)
        } else {
            (cols, start.row, start.col)
        };
        Frame {
            rows,
            cols,
            len,
            transposed,
            flip_rows: across == 3,
            flip_cols: along > len - 1 - along,
        }
    }

    fn local(&self, sq: Square) -> (u32, u32) {
        let (r, c) = if self.transposed {
            (sq.col, sq.row)
        } else {
            (sq.row, sq.col)
        };
        (
            if self.flip_rows { 3 - r } else { r },
            if self.flip_cols { self.len - 1 - c } else { c },
        )
    }

    fn real(&self, (r, c): (u32, u32)) -> Square {
        let r = if self.flip_rows { 3 - r } else { r };
        let c = if self.flip_cols { self.len - 1 - c } else { c };
        if self.transposed {
            Square::new(c, r)
        } else {
            Square::new(r, c)
        }
    }

    /// The tour with a start block of `width` columns after `left` columns and a part on each side,
    /// `sides` giving the left part's and the right part's design and width, in local squares, or
    /// `None` if no start block was found for them.
    fn assemble(
        &self,
        s: (u32, u32),
        left: u32,
        width: u32,
        sides: [(&'static Design, u32); 2],
    ) -> Option<Vec<(u32, u32)>> {
        let [(left_design, left_width), (right_design, right_width)] = sides;
        let lefts = side(left_design, left_width, |(r, c)| (r, c))?;
        let right_from = left + width;
        let rights = side(right_design, right_width, |(r, c)| {
            (r, right_from + right_width - 1 - c)
        })?;
        let local = |(r, c): (u32, u32)| (r as i32, c as i32 - left as i32);
        let w = width as i32;
        let inside = |&(r, c): &At| (0..4).contains(&r) && (0..w).contains(&c);
        // The squares of the start block a knight move from `at` and, if given, in colour class
        // `class` (see `colour_class`).
        let next_to = |at: (u32, u32), class: Option<u32>| -> Vec<At> {
            MOVES
                .iter()
                .map(|&(dr, dc)| (at.0 as i32 + dr, at.1 as i32 + dc))
                .filter(|&(r, c)| r >= 0 && c >= 0)
                .filter(|&(r, c)| class.is_none_or(|k| colour_class((r as u32, c as u32)) == k))
                .map(|(r, c)| local((r as u32, c as u32)))
                .filter(inside)
                .collect()
        };
        let start_colour = (s.0 + s.1) % 2;
        for ends_in_block in [false, true] {
            for left_fragments in &lefts {
                for right_fragments in &rights {
                    let fragments: Vec<&Fragment> =
                        left_fragments.iter().chain(right_fragments).collect();
                    if fragments.is_empty() && ends_in_block {
                        continue; // the same as without
                    }
                    for order in orders(fragments.len()) {
                        for directions in 0..1u32 << fragments.len() {
                            let walks: Vec<Walk> = order
                                .iter()
                                .enumerate()
                                .map(|(i, &f)| Walk {
                                    squares: &fragments[f].squares,
                                    reversed: directions >> i & 1 == 1,
                                    edge_colour: fragments[f].edge_colour,
                                })
                                .collect();
                            if !colours_in_order(&walks, start_colour) {
                                continue;
                            }
                            let entries: Vec<At> = walks.iter().map(|w| local(w.first())).collect();
                            let classes = leg_classes(&walks, start_colour);
                            let backs: Vec<Vec<At>> = walks
                                .iter()
                                .zip(&classes)
                                .map(|(w, &class)| next_to(w.last(), class))
                                .collect();
                            if !legs_balance(&walks, &classes, ends_in_block, s, (left, width)) {
                                continue;
                            }
                            let found = start_block(&entries, &backs, ends_in_block, local(s), w);
                            if let Some(block) = found {
                                let mut path = Vec::with_capacity(4 * self.len as usize);
                                for (i, leg) in block.iter().enumerate() {
                                    path.extend(
                                        leg.iter()
                                            .map(|&(r, c)| (r as u32, (c + left as i32) as u32)),
                                    );
                                    if let Some(walk) = walks.get(i) {
                                        if walk.reversed {
                                            path.extend(walk.squares.iter().rev());
                                        } else {
                                            path.extend_from_slice(walk.squares);
                                        }
                                    }
                                }
                                return Some(path);
                            }
                        }
                    }
                }
            }
        }
        None
    }

    /// The step matrix of a tour given as local squares in order, after checking that it is one.
    fn number(&self, path: &[(u32, u32)]) -> Result<Built> {
        let mut steps = vec![0u32; self.rows as usize * self.cols as usize];
        let mut prev: Option<Square> = None;
        for (i, &at) in path.iter().enumerate() {
            let sq = self.real(at);
            let cell = &mut steps[(sq.row * self.cols + sq.col) as usize];
            let joined = prev.is_none_or(|p| {
                let (dr, dc) = (p.row.abs_diff(sq.row), p.col.abs_diff(sq.col));
                (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
            });
            if *cell != 0 || !joined {
                return Err(Error::NoSolution(format!(
                    "the knight's tour construction for a side of 4 broke off at {sq} on {} x {}; \
                     please report this board",
                    self.rows, self.cols
                )));
            }
            *cell = i as u32 + 1;
            prev = Some(sq);
        }
        match prev {
            Some(end) if path.len() == steps.len() => Ok(Built { steps, end }),
            _ => Err(Error::NoSolution(format!(
                "the knight's tour construction for a side of 4 left squares of {} x {} out; \
                 please report this board",
                self.rows, self.cols
            ))),
        }
    }
}

/// The fragments of a part of `width` columns of `design`, for the part upright and upside down
/// (one way with no fragments if `width` is 0), `place` giving the local square of a square of the
/// part; `None` if no cap fits.
fn side(
    design: &'static Design,
    width: u32,
    place: impl Fn((u32, u32)) -> (u32, u32),
) -> Option<Vec<Vec<Fragment>>> {
    if width == 0 {
        return Some(vec![Vec::new()]);
    }
    let pieces = design.pieces()?;
    [false, true]
        .into_iter()
        .map(|flip| {
            let fragments = pieces.fragments(width, |(r, c): At| {
                let r = if flip { 3 - r } else { r };
                place((r as u32, c as u32))
            })?;
            Some(
                fragments
                    .into_iter()
                    .map(|squares| Fragment {
                        edge_colour: edge_colour(&squares),
                        squares,
                    })
                    .collect(),
            )
        })
        .collect()
}

/// The legs of a `width`-column start block from `s`: one toward each fragment's `entries` square
/// and, from one of its `backs` squares (next to the fragment's last square), the next; the last
/// leg ends anywhere if `ends_in_block`, else the last fragment ends the tour.
fn start_block(
    entries: &[At],
    backs: &[Vec<At>],
    ends_in_block: bool,
    s: At,
    width: i32,
) -> Option<Vec<Vec<At>>> {
    let leg_count = (entries.len() + usize::from(ends_in_block)).max(1);
    if backs.iter().take(leg_count - 1).any(Vec::is_empty) {
        return None;
    }
    let end_of = |i: usize| entries.get(i).map_or(End::Any, |&e| End::Toward(e));
    // Every choice of the squares where the tour comes back, the first choices first.
    let mut choice = vec![0usize; leg_count - 1];
    loop {
        let mut legs = vec![Leg {
            from: s,
            end: end_of(0),
        }];
        for (i, &k) in choice.iter().enumerate() {
            legs.push(Leg {
                from: backs[i][k],
                end: end_of(i + 1),
            });
        }
        if let Some(found) = cover(width, &legs, BLOCK_BUDGET) {
            return Some(found);
        }
        // The next choice, as an odometer.
        let mut i = 0;
        loop {
            if i == choice.len() {
                return None;
            }
            choice[i] += 1;
            if choice[i] < backs[i].len() {
                break;
            }
            choice[i] = 0;
            i += 1;
        }
    }
}
