//! The lines of text a figure keeps as symbols, bounded: an animation's step caption is a new line
//! at every frame ("step 37: queen removed from c5"), and keeping each one (its outline, its mask
//! in the raster backend, its name in a player page) made memory grow with the frame count
//! (about 13 KB a frame, 456 MB for the 10-queens search). The least recently used line gives its
//! symbol id to the next new one.
//!
//! A line still placed in the picture being drawn must keep its id (a display list refers to it
//! until the picture is done). The least recently used line is never one of those as long as a
//! picture places no more distinct lines than the slots hold: every line of the current picture
//! was used after every line of the pictures before. The slots are sized for that (the
//! coordinate labels of the largest board, with their halos, and the caption, legends and panels).

use std::collections::{BTreeMap, HashMap};

use super::SymbolKey;
use crate::display::list::SymbolId;

/// Slots for the lines of one picture besides its coordinate labels: the caption, legends and
/// panel text, each possibly with a halo, with room to spare.
const LINES_BESIDE_LABELS: usize = 256;

pub(super) struct LineSlots {
    /// Each line kept, with the tick of its last use.
    last_use: HashMap<SymbolKey, u64>,
    /// The same lines by the tick of their last use (ticks are unique), so the least recently
    /// used is found without a scan of every slot (a 200 x 200 board keeps over a thousand).
    by_tick: BTreeMap<u64, SymbolKey>,
    /// Symbol ids of lines let go, for the next new lines.
    free: Vec<SymbolId>,
    clock: u64,
    capacity: usize,
}

impl LineSlots {
    /// Slots for a board of `rows` x `cols` squares: a label per row and column, and its halo.
    pub(super) fn for_board(rows: u32, cols: u32) -> LineSlots {
        let labels = 2 * (rows as usize + cols as usize);
        LineSlots {
            last_use: HashMap::new(),
            by_tick: BTreeMap::new(),
            free: Vec::new(),
            clock: 0,
            capacity: LINES_BESIDE_LABELS + labels,
        }
    }

    /// Whether `key` is a line of text, kept in these slots.
    pub(super) fn holds(key: &SymbolKey) -> bool {
        matches!(key, SymbolKey::Line(..) | SymbolKey::LineHalo(..))
    }

    /// Notes a use of the line `key`, already kept.
    pub(super) fn touch(&mut self, key: &SymbolKey) {
        if let Some(t) = self.last_use.get_mut(key) {
            self.clock += 1;
            if let Some(line) = self.by_tick.remove(t) {
                self.by_tick.insert(self.clock, line);
            }
            *t = self.clock;
        }
    }

    /// Keeps the new line `key`. When every slot is taken, the least recently used line is let
    /// go and returned: its symbol id, if it had one, goes back with [`LineSlots::free_id`].
    pub(super) fn insert(&mut self, key: SymbolKey) -> Option<SymbolKey> {
        let evicted = if self.last_use.len() >= self.capacity {
            self.by_tick.pop_first().map(|(_, oldest)| {
                self.last_use.remove(&oldest);
                oldest
            })
        } else {
            None
        };
        self.clock += 1;
        if let Some(old) = self.last_use.insert(key.clone(), self.clock) {
            self.by_tick.remove(&old);
        }
        self.by_tick.insert(self.clock, key);
        evicted
    }

    /// Makes `id` (a line let go) available to the next new line.
    pub(super) fn free_id(&mut self, id: SymbolId) {
        self.free.push(id);
    }

    /// A symbol id a line let go, to reuse.
    pub(super) fn reuse_id(&mut self) -> Option<SymbolId> {
        self.free.pop()
    }

    /// How many lines are kept.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.last_use.len()
    }
}
