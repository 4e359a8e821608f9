//! Which divisions a repainted cell can meet: the scene's splits bucketed by the blocks of cells
//! their squares cover, so repainting one cell looks at the few divisions around it, not at all of
//! them (a k = 6 tromino recursion has 341, and its animation repaints tens of thousands of cells).

use crate::geom::Square;
use crate::scene::{Scene, Split};

/// Side of a bucket, in cells.
const BUCKET: u32 = 8;

/// The index, kept in step with one scene's splits (which only grow; anything else re-indexes).
#[derive(Default)]
pub(super) struct SplitIndex {
    /// Bucket (row-major over blocks of BUCKET x BUCKET cells) -> indices of splits, ascending.
    buckets: Vec<Vec<u32>>,
    cols: u32,
    /// How many of the scene's splits are indexed, and the last of them (to notice a new scene).
    count: usize,
    last: Option<Split>,
}

impl SplitIndex {
    /// The indices of the splits whose square contains `sq`'s bucket, in the scene's order (a
    /// superset of those that can draw in the cell).
    pub(super) fn near(&mut self, scene: &Scene, sq: Square) -> &[u32] {
        self.sync(scene);
        let i = (sq.row / BUCKET) * self.cols + sq.col / BUCKET;
        self.buckets.get(i as usize).map_or(&[], Vec::as_slice)
    }

    fn sync(&mut self, scene: &Scene) {
        let splits = scene.splits();
        let cols = scene.cols().div_ceil(BUCKET);
        let rows = scene.rows().div_ceil(BUCKET);
        let same = splits.len() >= self.count
            && self.cols == cols
            && self.buckets.len() == (rows * cols) as usize
            && (self.count == 0 || Some(splits[self.count - 1]) == self.last);
        if !same {
            self.buckets = vec![Vec::new(); (rows * cols) as usize];
            self.cols = cols;
            self.count = 0;
        }
        for (i, s) in splits.iter().enumerate().skip(self.count) {
            let last = s.size.saturating_sub(1);
            let (r0, c0) = (s.origin.row / BUCKET, s.origin.col / BUCKET);
            let r1 = ((s.origin.row + last) / BUCKET).min(rows.saturating_sub(1));
            let c1 = ((s.origin.col + last) / BUCKET).min(cols.saturating_sub(1));
            for r in r0..=r1 {
                for c in c0..=c1 {
                    self.buckets[(r * cols + c) as usize].push(i as u32);
                }
            }
        }
        self.count = splits.len();
        self.last = splits.last().copied();
    }
}
