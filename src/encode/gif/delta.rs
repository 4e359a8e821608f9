//! Delta frames: which pixels of a frame changed from the picture a viewer has composed, and the
//! held frame written as those changes (unchanged pixels transparent).
//!
//! Pixels here are palette index `i` as `i + 1`, and [`TRANSPARENT`] (0) for transparency. The
//! shift is applied where the delta is built, which touches every pixel of the rectangle anyway
//! (and stays a vector add); the order of the global table is applied when a block is written,
//! through the renumbering its LZW parse is written with (see [`super::tables`]).

use crate::error::{Error, InvalidKind, Result};
use crate::geom::Rect;

/// The GIF index of transparency, in the global table and in every local one.
pub(super) const TRANSPARENT: u8 = 0;

/// The held-back frame: a rectangle of GIF indices ready to write, and when it started showing.
pub(super) struct PendingFrame {
    pub(super) rect: Rect,
    /// The pixels of `rect`, row by row, at the start of a buffer that may be longer.
    pub(super) pixels: Vec<u8>,
    /// Rectangles inside `rect` outside which the frame's picture equals the one a viewer shows
    /// before it: where it changed (the changes of a dropped frame carried into it included).
    pub(super) parts: Vec<Rect>,
    /// False for a full opaque frame (the first one); true for a delta frame using [`TRANSPARENT`].
    pub(super) delta: bool,
    pub(super) start_ms: u64,
}

impl PendingFrame {
    /// The pixels of `rect`.
    pub(super) fn block(&self) -> &[u8] {
        &self.pixels[..self.rect.width as usize * self.rect.height as usize]
    }
}

/// Refuses indices outside the palette, which would corrupt the picture.
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

/// The whole of `cur` (palette indices) as GIF indices into `out`: the first frame.
pub(super) fn build_full(cur: &[u8], out: &mut Vec<u8>) {
    out.clear();
    out.extend(cur.iter().map(|&c| c + 1));
}

/// Writes into `out` the pixels of `rect` as a delta from `prev` to `cur`: the GIF index of each
/// pixel that changed within `parts`, [`TRANSPARENT`] everywhere else.
pub(super) fn build_delta(
    prev: &[u8],
    cur: &[u8],
    stride: usize,
    rect: Rect,
    parts: &[Rect],
    out: &mut Vec<u8>,
) {
    let width = rect.width as usize;
    let area = width * rect.height as usize;
    // The buffer only grows (it may be longer than `rect`).
    if out.len() < area {
        out.resize(area, TRANSPARENT);
    }
    out[..area].fill(TRANSPARENT);
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
                *o = if c == p { TRANSPARENT } else { c + 1 };
            }
        }
    }
}

/// Writes the whole of each part of `frame` in the GIF indices of `cur` (its picture), unchanged
/// pixels included, where that gives fewer changes of index along the rows than the changes
/// alone with transparency around them: a square restored to its plain fill becomes one colour
/// instead of the outline of what left it. Fewer changes of index mean fewer and longer LZW
/// strings, and counting them costs a vectorised compare, not a compression. The pixels just
/// left and right of a part count too, so that a part drawn on transparency stays transparent
/// around its drawing when that is as cheap inside it.
pub(super) fn fill_dense_parts(frame: &mut PendingFrame, cur: &[u8], stride: usize) {
    let rect = frame.rect;
    let width = rect.width as usize;
    // Equal neighbours stay equal under `c + 1`, so `cur` is counted as it is.
    let transitions = |row: &[u8]| row.iter().zip(&row[1..]).filter(|(a, b)| a != b).count();
    for part in &frame.parts {
        let part = part.intersect(&rect);
        if part.is_empty() {
            continue;
        }
        let (dx, dy, w) = (
            (part.x - rect.x) as usize,
            (part.y - rect.y) as usize,
            part.width as usize,
        );
        let (mut sparse, mut dense) = (0, 0);
        for (i, span) in rows(part, stride).enumerate() {
            let start = (dy + i) * width + dx;
            // The part's row in the block, with one more pixel on each side where there is one.
            let from = start - usize::from(dx > 0);
            let to = start + w + usize::from(dx + w < width);
            sparse += transitions(&frame.pixels[from..to]);
            let whole = &cur[span];
            dense += transitions(whole);
            if from < start {
                dense += usize::from(frame.pixels[from] != whole[0] + 1);
            }
            if to > start + w {
                dense += usize::from(frame.pixels[to - 1] != whole[w - 1] + 1);
            }
        }
        if dense < sparse {
            for (i, span) in rows(part, stride).enumerate() {
                let start = (dy + i) * width + dx;
                let out = &mut frame.pixels[start..start + w];
                for (o, &c) in out.iter_mut().zip(&cur[span]) {
                    *o = c + 1;
                }
            }
        }
    }
}

/// Where the dropped `pending` frame had opaque pixels (inside `rect`, which contains its rectangle),
/// writes `cur`'s pixel into `out` instead of transparency: a viewer never saw them.
pub(super) fn repaint_opaque(
    pending: &PendingFrame,
    cur: &[u8],
    stride: usize,
    rect: Rect,
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
            if was != TRANSPARENT {
                *o = c + 1;
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
