//! The fragments of the parts as the tour walks them, and what the colour argument of the parent
//! module says about them.

/// One fragment of a part, in local squares.
pub(super) struct Fragment {
    pub(super) squares: Vec<(u32, u32)>,
    /// The colour of its edge squares, or `None` if they have both (it holds the middle-to-middle
    /// move).
    pub(super) edge_colour: Option<u32>,
}

/// A fragment as the tour walks it.
#[derive(Clone, Copy)]
pub(super) struct Walk<'a> {
    squares: &'a [(u32, u32)],
    reversed: bool,
    edge_colour: Option<u32>,
}

impl Walk<'_> {
    pub(super) fn first(&self) -> (u32, u32) {
        if self.reversed {
            self.squares[self.squares.len() - 1]
        } else {
            self.squares[0]
        }
    }

    pub(super) fn last(&self) -> (u32, u32) {
        if self.reversed {
            self.squares[0]
        } else {
            self.squares[self.squares.len() - 1]
        }
    }

    /// Appends its squares to `path`, in the order walked.
    pub(super) fn walk_onto(&self, path: &mut Vec<(u32, u32)>) {
        if self.reversed {
            path.extend(self.squares.iter().rev());
        } else {
            path.extend_from_slice(self.squares);
        }
    }
}

/// The colour of the edge squares of `squares`, if they all have one.
pub(super) fn edge_colour(squares: &[(u32, u32)]) -> Option<u32> {
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
pub(super) fn colour_class((r, c): (u32, u32)) -> u32 {
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
pub(super) fn leg_classes(walks: &[Walk], start_colour: u32) -> Vec<Option<u32>> {
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

/// Every way to walk `fragments` (each order, each fragment either way) that
/// [`colours_in_order`] allows for a start of `start_colour`.
pub(super) fn walks<'a>(fragments: &[&'a Fragment], start_colour: u32) -> Vec<Vec<Walk<'a>>> {
    let mut all = Vec::new();
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
            if colours_in_order(&walks, start_colour) {
                all.push(walks);
            }
        }
    }
    all
}
