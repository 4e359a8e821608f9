//! Delta frames: which pixels of a frame changed from the picture a viewer has composed, and the
//! held frame written as those changes (unchanged pixels transparent).

use crate::error::{Error, InvalidKind, Result};
use crate::geom::Rect;

/// The held-back frame: a rectangle of indices ready to write, and when it started showing.
pub(super) struct PendingFrame {
    pub(super) rect: Rect,
    /// The pixels of `rect`, row by row, at the start of a buffer that may be longer.
    pub(super) pixels: Vec<u8>,
    /// Disjoint rectangles inside `rect` holding all its opaque pixels: the blocks the frame is
    /// written as when it lasts long enough (see [`super::split`]).
    pub(super) groups: Vec<Rect>,
    /// Whether the pixels of `rect` outside `groups` hold the transparent index: they are written
    /// only when the frame is written as one rectangle (see [`PendingFrame::fill_gaps`]).
    pub(super) gaps_filled: bool,
    /// False for a full opaque frame (the first one); true for a delta frame using the transparent index.
    pub(super) delta: bool,
    pub(super) start_ms: u64,
}

impl PendingFrame {
    /// Writes the transparent index between the groups, where the buffer may hold an earlier
    /// frame's pixels. A step whose changes lie far apart (the explaining queens search: the queen
    /// placed and the one un-framed rows away) spans a rectangle many times their size; filling
    /// it every step cost more than encoding the step, though it is read only when the step is
    /// too short to be written as separate blocks.
    pub(super) fn fill_gaps(&mut self, transparent: u8) {
        if self.gaps_filled {
            return;
        }
        let width = self.rect.width as usize;
        for y in self.rect.y..self.rect.y + self.rect.height {
            let row = (y - self.rect.y) as usize * width;
            let mut covered: Vec<(usize, usize)> = self
                .groups
                .iter()
                .filter(|g| g.y <= y && y < g.y + g.height)
                .map(|g| {
                    (
                        (g.x - self.rect.x) as usize,
                        (g.x - self.rect.x + g.width) as usize,
                    )
                })
                .collect();
            covered.sort_unstable();
            let mut x = 0;
            for (from, to) in covered.into_iter().chain([(width, width)]) {
                if from > x {
                    self.pixels[row + x..row + from].fill(transparent);
                }
                x = x.max(to);
            }
        }
        self.gaps_filled = true;
    }
}

/// Refuses indices outside the palette (the transparent index included), which would corrupt the picture.
pub(super) fn check_indices(pixels: &[u8], colors: u8) -> Result<()> {
    let max = pixels.iter().fold(0u8, |m, &p| m.max(p));
    if max >= colors {
        return Err(Error::invalid(
            InvalidKind::Image,
            format!("a frame uses colour index {max}, but the palette has only {colors} colours"),
        ));
    }
    Ok(())
}

pub(super) fn check_rect_indices(
    pixels: &[u8],
    stride: usize,
    rect: Rect,
    colors: u8,
) -> Result<()> {
    rows(rect, stride).try_for_each(|span| check_indices(&pixels[span], colors))
}

/// The index ranges of `rect`'s rows in a buffer `stride` pixels wide.
pub(super) fn rows(rect: Rect, stride: usize) -> impl Iterator<Item = std::ops::Range<usize>> {
    let (x, w) = (rect.x as usize, rect.width as usize);
    (rect.y as usize..(rect.y + rect.height) as usize).map(move |y| {
        let start = y * stride + x;
        start..start + w
    })
}

/// The bounding rectangle of the pixels in `region` where `prev` and `cur` differ, if any.
///
/// Whole rows are compared first (memcmp), so the unchanged rows above and below a change cost little; in
/// the rows between, only the columns that could still widen the rectangle are searched.
pub(super) fn changed_rect(prev: &[u8], cur: &[u8], stride: usize, region: Rect) -> Option<Rect> {
    if region.is_empty() {
        return None;
    }
    let row_differs = |y: u32| {
        let start = y as usize * stride + region.x as usize;
        let span = start..start + region.width as usize;
        prev[span.clone()] != cur[span]
    };
    let y_end = region.y + region.height;
    let top = (region.y..y_end).find(|&y| row_differs(y))?;
    let bottom = (top..y_end).rev().find(|&y| row_differs(y))?;
    let width = region.width as usize;
    // Columns relative to region.x: the change spans left..right (right exclusive).
    let (mut left, mut right) = (width, 0);
    for y in top..=bottom {
        let start = y as usize * stride + region.x as usize;
        let (a, b) = (&prev[start..start + width], &cur[start..start + width]);
        if left > 0 {
            if let Some(i) = first_difference(&a[..left], &b[..left]) {
                left = i;
            }
        }
        if right < width {
            let from = right.max(left);
            if let Some(i) = last_difference(&a[from..], &b[from..]) {
                right = from + i + 1;
            }
        }
        if left == 0 && right == width {
            break;
        }
    }
    Some(Rect::new(
        region.x + left as u32,
        top,
        (right - left) as u32,
        bottom - top + 1,
    ))
}

/// Bytes compared at once when searching a row; a fixed-size array compare becomes a few vector ops.
const CHUNK: usize = 32;

fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    let (ca, ra) = a.as_chunks::<CHUNK>();
    let (cb, rb) = b.as_chunks::<CHUNK>();
    for (k, (x, y)) in ca.iter().zip(cb).enumerate() {
        if x != y {
            return x
                .iter()
                .zip(y)
                .position(|(p, q)| p != q)
                .map(|i| k * CHUNK + i);
        }
    }
    ra.iter()
        .zip(rb)
        .position(|(p, q)| p != q)
        .map(|i| ca.len() * CHUNK + i)
}

fn last_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    let (ra, ca) = a.as_rchunks::<CHUNK>();
    let (rb, cb) = b.as_rchunks::<CHUNK>();
    for (k, (x, y)) in ca.iter().zip(cb).enumerate().rev() {
        if x != y {
            return x
                .iter()
                .zip(y)
                .rposition(|(p, q)| p != q)
                .map(|i| ra.len() + k * CHUNK + i);
        }
    }
    ra.iter().zip(rb).rposition(|(p, q)| p != q)
}

/// Writes into `out` the pixels of `rect` (the first of `area`) that `cur` changed from `prev`
/// within `parts`, the transparent index elsewhere within the rectangles of `area`'s second; pixels
/// of `rect` outside those are left as they were (see [`PendingFrame::fill_gaps`]).
pub(super) fn build_delta(
    prev: &[u8],
    cur: &[u8],
    stride: usize,
    (rect, filled): (Rect, &[Rect]),
    parts: &[Rect],
    transparent: u8,
    out: &mut Vec<u8>,
) {
    if rect.is_empty() {
        out.clear();
        return;
    }
    let width = rect.width as usize;
    // The buffer only grows (it may be longer than `rect`), and what it held is not touched:
    // only `filled` is written.
    let area = width * rect.height as usize;
    if out.len() < area {
        out.resize(area, transparent);
    }
    for area in filled {
        let area = area.intersect(&rect);
        let (dx, w) = ((area.x - rect.x) as usize, area.width as usize);
        for y in (area.y - rect.y) as usize..(area.y - rect.y + area.height) as usize {
            out[y * width + dx..y * width + dx + w].fill(transparent);
        }
    }
    for part in parts {
        let part = part.intersect(&rect);
        if part.is_empty() {
            continue;
        }
        let (dx, dy) = ((part.x - rect.x) as usize, (part.y - rect.y) as usize);
        let w = part.width as usize;
        // Row slices of equal length, so the loop compiles to vector compares and selects.
        for (i, span) in rows(part, stride).enumerate() {
            let start = (dy + i) * width + dx;
            let o = &mut out[start..start + w];
            let (p, c) = (&prev[span.clone()], &cur[span]);
            for ((o, &c), &p) in o.iter_mut().zip(c).zip(p) {
                *o = if c == p { transparent } else { c };
            }
        }
    }
}

/// Where the dropped `pending` frame had opaque pixels (inside `rect`, which contains its rectangle),
/// writes `cur`'s pixel into `out` instead of transparency.
pub(super) fn repaint_opaque(
    pending: &PendingFrame,
    cur: &[u8],
    stride: usize,
    rect: Rect,
    transparent: u8,
    out: &mut [u8],
) {
    let old = pending.rect;
    let (w_old, w_new) = (old.width as usize, rect.width as usize);
    let dx = (old.x - rect.x) as usize;
    for (i, span) in rows(old, stride).enumerate() {
        let old_row = &pending.pixels[i * w_old..(i + 1) * w_old];
        let out_start = (old.y - rect.y) as usize + i;
        let out_row = &mut out[out_start * w_new + dx..out_start * w_new + dx + w_old];
        for ((o, &c), &was) in out_row.iter_mut().zip(&cur[span]).zip(old_row) {
            if was != transparent {
                *o = c;
            }
        }
    }
}

/// Copies `rect` of `src` into `dst` (both `stride` wide).
pub(super) fn copy_rect(src: &[u8], dst: &mut [u8], stride: usize, rect: Rect) {
    for span in rows(rect, stride) {
        dst[span.clone()].copy_from_slice(&src[span]);
    }
}
