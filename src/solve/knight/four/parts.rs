//! The parts on either side of the start block: a cap at the far end of the board and lane blocks
//! between it and the start block, whose paths join into fragments that leave the start block and
//! come back to it.

use super::cover::{cover, At, End, Leg};
use std::sync::OnceLock;

/// How a part is cut into pieces and which fragments its pieces form.
pub(super) struct Design {
    /// The width of a lane block.
    lane: u32,
    /// For each fragment, the row on which it goes out through every lane block and the row on
    /// which it comes back: each lane block holds one outgoing and one returning path per fragment,
    /// and the cap turns each fragment from its outgoing row to its returning row.
    rows: &'static [(i32, i32)],
    /// Widths of the cap blocks that have pieces; the part takes the first that fits.
    caps: &'static [u32],
    /// Its pieces, searched for on first use: they are the same for every board, so this is a
    /// table of constants found by the search rather than written out (the 8-column cap takes
    /// about 10 000 nodes); nothing else is kept between tours.
    pieces: OnceLock<Option<Pieces>>,
}

impl Design {
    /// The pieces of this design, or `None` if the search did not find them.
    pub(super) fn pieces(&'static self) -> Option<&'static Pieces> {
        self.pieces.get_or_init(|| Pieces::find(self)).as_ref()
    }
}

/// One fragment: out on row 0 of 4-column lanes, back on row 1. It covers both colour classes, so
/// it holds the tour's single move between two middle squares (see the parent module), at the cap:
/// anywhere else it would repeat in every lane. Caps of 3 and 5 to 8 columns give every width from 5 on, and 3.
pub(super) static SINGLE: Design = Design {
    lane: 4,
    rows: &[(0, 1)],
    caps: &[3, 5, 6, 7, 8],
    pieces: OnceLock::new(),
};

/// Two fragments on 2-column lanes, one out on row 0 and back on row 3, the other the other way;
/// each keeps to one colour class. Caps of 3 and 4 columns give every width from 3 on.
pub(super) static DOUBLE: Design = Design {
    lane: 2,
    rows: &[(0, 3), (3, 0)],
    caps: &[3, 4],
    pieces: OnceLock::new(),
};

/// Search nodes allowed for one piece (the widest cap, 8 columns, takes about 10 000).
const PIECE_BUDGET: u64 = 50_000;

/// The pieces of a design, each found once by [`cover`].
pub(super) struct Pieces {
    design: &'static Design,
    /// The lane block's paths: the outgoing ones in fragment order, then the returning ones.
    lane: Vec<Vec<At>>,
    /// Each cap block's width and its paths, one per fragment.
    caps: Vec<(u32, Vec<Vec<At>>)>,
}

impl Pieces {
    fn find(design: &'static Design) -> Option<Pieces> {
        let w = design.lane as i32;
        let outgoing = design.rows.iter().map(|&(out, _)| Leg {
            from: (out, w - 1),
            end: End::Toward((out, -1)),
        });
        let returning = design.rows.iter().map(|&(_, back)| Leg {
            from: (back, 0),
            end: End::Toward((back, w)),
        });
        let lane_legs: Vec<Leg> = outgoing.chain(returning).collect();
        let lane = cover(w, &lane_legs, PIECE_BUDGET)?;
        let caps = design
            .caps
            .iter()
            .map(|&width| {
                let w = width as i32;
                let legs: Vec<Leg> = design
                    .rows
                    .iter()
                    .map(|&(out, back)| Leg {
                        from: (out, w - 1),
                        end: End::Toward((back, w)),
                    })
                    .collect();
                Some((width, cover(w, &legs, PIECE_BUDGET)?))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Pieces { design, lane, caps })
    }

    /// The fragments of a part `width` columns wide, or `None` if no cap fits. In the part's own
    /// columns the cap is at column 0 and the start block is right of column `width - 1`; `place`
    /// turns those squares into the board's. Each fragment begins next to the start block, goes out
    /// to the cap and ends next to the start block again.
    pub(super) fn fragments(
        &self,
        width: u32,
        place: impl Fn(At) -> (u32, u32),
    ) -> Option<Vec<Vec<(u32, u32)>>> {
        let lane = self.design.lane;
        let (cap_width, cap) = self
            .caps
            .iter()
            .find(|(cap, _)| *cap <= width && (width - cap).is_multiple_of(lane))?;
        let lane_count = (width - cap_width) / lane;
        let fragment_count = self.design.rows.len();
        // A piece whose first column is `by` columns into the part.
        let push = |path: &mut Vec<(u32, u32)>, piece: &[At], by: u32| {
            path.extend(piece.iter().map(|&(r, c)| place((r, c + by as i32))));
        };
        let fragments = (0..fragment_count)
            .map(|f| {
                let mut path = Vec::with_capacity(4 * width as usize / fragment_count);
                for k in (0..lane_count).rev() {
                    push(&mut path, &self.lane[f], cap_width + k * lane);
                }
                push(&mut path, &cap[f], 0);
                for k in 0..lane_count {
                    push(
                        &mut path,
                        &self.lane[fragment_count + f],
                        cap_width + k * lane,
                    );
                }
                path
            })
            .collect();
        Some(fragments)
    }
}
