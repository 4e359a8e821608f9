//! What changed since the last render: the cells marked changed (each once, so an animation's frame
//! costs what changed), a cell's value before a change of its own, the margin and the panel.

use super::cell::Cell;
use super::Scene;
use crate::geom::Square;

impl Scene {
    /// Marks cell `i` changed by something drawn over it.
    pub(super) fn mark(&mut self, i: usize) {
        if !self.all_dirty {
            self.before.insert(i as u32, None);
        }
        self.flag(i);
    }

    /// Marks cell `i` changed.
    pub(super) fn flag(&mut self, i: usize) {
        if !self.dirty[i] {
            self.dirty[i] = true;
            if !self.all_dirty {
                self.changed.push(i as u32);
            }
        }
        self.any_dirty = true;
    }

    pub(super) fn mark_box(&mut self, a: Square, b: Square) {
        for r in a.row.min(b.row)..=a.row.max(b.row) {
            for c in a.col.min(b.col)..=a.col.max(b.col) {
                let i = self.index(Square::new(r, c));
                self.mark(i);
            }
        }
    }

    /// Marks everything as changed, so the next render repaints it all.
    pub fn mark_all(&mut self) {
        self.dirty.fill(true);
        self.all_dirty = true;
        self.changed.clear();
        self.before.clear();
        self.any_dirty = true;
        self.caption_dirty = true;
        self.panel_dirty = true;
    }

    /// True when the panel changed since [`Scene::clear_changes`].
    pub fn panel_changed(&self) -> bool {
        self.panel_dirty
    }

    /// True when a cell changed since [`Scene::clear_changes`].
    pub fn is_cell_changed(&self, sq: Square) -> bool {
        self.dirty[self.index(sq)]
    }

    /// The cell at `sq` as it was at the last [`Scene::clear_changes`] when its own value is all
    /// that changed since; `None` when it did not change, or something drawn over it changed too.
    pub(crate) fn cell_before(&self, sq: Square) -> Option<&Cell> {
        self.before.get(&(self.index(sq) as u32))?.as_ref()
    }

    /// True when any cell changed since [`Scene::clear_changes`].
    pub fn has_cell_changes(&self) -> bool {
        self.any_dirty
    }

    /// True when the margin (labels, caption) changed since [`Scene::clear_changes`].
    pub fn margin_changed(&self) -> bool {
        self.caption_dirty
    }

    /// Forgets the changes (the renderer calls this after drawing them).
    pub fn clear_changes(&mut self) {
        if self.all_dirty {
            self.dirty.fill(false);
        } else {
            for &i in &self.changed {
                self.dirty[i as usize] = false;
            }
        }
        self.changed.clear();
        self.before.clear();
        self.all_dirty = false;
        self.any_dirty = false;
        self.caption_dirty = false;
        self.panel_dirty = false;
        self.path_kept = self.path.len();
    }

    /// The cells changed since [`Scene::clear_changes`], in row-major order; costs what changed,
    /// not the board's size (unless everything was marked).
    pub fn changed_cells(&self) -> Vec<Square> {
        let cols = self.cols as usize;
        let square = |i: usize| Square::new((i / cols) as u32, (i % cols) as u32);
        if self.all_dirty {
            return (0..self.cells.len())
                .filter(|&i| self.dirty[i])
                .map(square)
                .collect();
        }
        let mut changed = self.changed.clone();
        changed.sort_unstable();
        changed.into_iter().map(|i| square(i as usize)).collect()
    }

    /// How many squares at the start of the path are as they were at the last
    /// [`Scene::clear_changes`] (the path may have grown after them).
    pub fn path_unchanged_prefix(&self) -> usize {
        self.path_kept.min(self.path.len())
    }
}
