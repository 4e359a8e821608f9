//! The start block: the columns holding the start square, whose paths join the start to the
//! fragments of the parts and the fragments to each other.

use super::cover::{cover, At, End, Leg};
use super::walks::{colour_class, leg_classes, Walk};
use crate::knight::MOVES;

/// Search nodes allowed for the start block's paths, for each choice tried (the blocks found take
/// a few dozen, at most a few hundred).
const BLOCK_BUDGET: u64 = 3_000;

/// A start block in local squares (see the parent module's `Frame`).
pub(super) struct StartBlock {
    /// Its first column.
    pub(super) left: u32,
    pub(super) width: u32,
    /// The start square.
    pub(super) start: (u32, u32),
}

impl StartBlock {
    /// The block's paths, in local squares, for the tour walking `walks` in this order: from the
    /// start to a knight move from the first walk's first square, then from a knight move from
    /// each walk's last square to the next walk's first; and, if `ends_in_block`, from a knight
    /// move from the last walk's last square to anywhere (else the last walk ends the tour).
    /// `None` if the search finds none.
    pub(super) fn legs(&self, walks: &[Walk], ends_in_block: bool) -> Option<Vec<Vec<(u32, u32)>>> {
        let start_colour = (self.start.0 + self.start.1) % 2;
        let classes = leg_classes(walks, start_colour);
        if !self.balanced(walks, &classes, ends_in_block) {
            return None;
        }
        let entries: Vec<At> = walks.iter().map(|w| self.local(w.first())).collect();
        let backs: Vec<Vec<At>> = walks
            .iter()
            .zip(&classes)
            .map(|(w, &class)| self.next_to(w.last(), class))
            .collect();
        let legs = search(
            &entries,
            &backs,
            ends_in_block,
            self.local(self.start),
            self.width as i32,
        )?;
        Some(
            legs.into_iter()
                .map(|leg| {
                    leg.into_iter()
                        .map(|(r, c)| (r as u32, (c + self.left as i32) as u32))
                        .collect()
                })
                .collect(),
        )
    }

    /// A local square in the block's own columns (it may lie outside the block).
    fn local(&self, (r, c): (u32, u32)) -> At {
        (r as i32, c as i32 - self.left as i32)
    }

    /// The squares of the block a knight move from `at` and, if given, in colour class `class` (see
    /// [`colour_class`]), in the block's own columns.
    fn next_to(&self, at: (u32, u32), class: Option<u32>) -> Vec<At> {
        let width = self.width as i32;
        MOVES
            .iter()
            .map(|&(dr, dc)| (at.0 as i32 + dr, at.1 as i32 + dc))
            .filter(|&(r, c)| r >= 0 && c >= 0)
            .filter(|&(r, c)| class.is_none_or(|k| colour_class((r as u32, c as u32)) == k))
            .map(|(r, c)| self.local((r as u32, c as u32)))
            .filter(|&(r, c)| (0..4).contains(&r) && (0..width).contains(&c))
            .collect()
    }

    /// Whether the block's legs can cover it when the tour walks `walks` in order (a
    /// sound test, made only when the classes of the legs are known, see [`leg_classes`]). Away from
    /// its middle-to-middle move the tour alternates edge and middle squares, so a leg has one edge
    /// square more than middle squares if it begins and ends on an edge, one fewer if it begins and
    /// ends in the middle, and as many otherwise; the legs of each colour class must add up to that
    /// class's squares of the block.
    fn balanced(&self, walks: &[Walk], classes: &[Option<u32>], ends_in_block: bool) -> bool {
        let (s, left, width) = (self.start, self.left, self.width);
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
}

/// The paths of a `width`-column start block from `s`: one toward each fragment's `entries` square
/// and, from one of its `backs` squares (next to the fragment's last square), the next; the last
/// leg ends anywhere if `ends_in_block`, else the last fragment ends the tour.
fn search(
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
