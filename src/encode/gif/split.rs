//! Whether a step's changes are written as one image block or as several.
//!
//! A GIF image block is one rectangle. When a step changes two places far apart (the queen just
//! placed and the one un-framed a column away), the rectangle spanning them is mostly unchanged
//! pixels; written as the transparent index they are cheap per pixel but not free (a run of
//! transparency still costs LZW codes on every row it crosses). Each place written as a block of
//! its own costs instead a fixed overhead per extra block: an 8-byte graphic control extension, a
//! 10-byte image descriptor and the LZW code size, clear and end codes, about 25-30 bytes.
//!
//! [`group_changes`] merges the changed rectangles greedily while merging adds few unchanged
//! pixels ([`MERGE_GAP_PIXELS`]), and [`split_delays`] decides whether the step lasts long enough to
//! show its groups as separate blocks: every block but the last is shown for [`PART_DELAY_CS`], the
//! last for the rest of the step, so the step's total time is unchanged. Both are pure functions of
//! their inputs, so the output stays deterministic.

use crate::geom::Rect;

/// The most unchanged pixels that merging two groups of changes into their bounding rectangle may
/// add; more, and they stay separate blocks. Tuned on the bench's animations (8-queens search, 8 x 8
/// knight's tour, plain and explaining): 2048 gave the smallest files; 256 to 1200 made the
/// knight's explaining tour 3 to 11 % larger (more, smaller blocks), 8192 made both 1 to 3 %
/// larger (fewer splits), the queens' search changing by under 1 % over that range.
pub(super) const MERGE_GAP_PIXELS: u64 = 2048;

/// How long each block but the last of a split step is shown, in centiseconds. Browsers show delays
/// of 0 and 1 cs as 10 cs, so 2 is the shortest delay shown as written. For those 20 ms a viewer
/// shows the step half done (say, the old queen un-framed before the new one appears), which is
/// too short to notice.
pub(super) const PART_DELAY_CS: u64 = 2;

/// Groups `changes` (the rectangles where a step changed pixels) into disjoint rectangles, each the
/// bounding rectangle of the changes it holds. Two groups merge when they overlap or when their
/// bounding rectangle holds at most [`MERGE_GAP_PIXELS`] pixels that neither covers; merging
/// repeats until no pair qualifies. Groups come out in the order of their first change.
pub(super) fn group_changes(changes: &[Rect]) -> Vec<Rect> {
    let mut groups: Vec<Rect> = changes.iter().copied().filter(|r| !r.is_empty()).collect();
    'merging: loop {
        for i in 0..groups.len() {
            for j in i + 1..groups.len() {
                if worth_merging(&groups[i], &groups[j]) {
                    groups[i] = groups[i].union(&groups[j]);
                    groups.remove(j);
                    continue 'merging;
                }
            }
        }
        return groups;
    }
}

/// True when `a` and `b` overlap, or their bounding rectangle adds few pixels to theirs.
fn worth_merging(a: &Rect, b: &Rect) -> bool {
    if !a.intersect(b).is_empty() {
        return true;
    }
    let extra = area(&a.union(b)).saturating_sub(area(a) + area(b));
    extra <= MERGE_GAP_PIXELS
}

fn area(r: &Rect) -> u64 {
    u64::from(r.width) * u64::from(r.height)
}

/// The delays of a step lasting `cs` centiseconds written as `blocks` blocks: [`PART_DELAY_CS`]
/// for each block but the last, the rest for the last. `None` when one block is enough or the
/// step is too short for every block to last at least [`PART_DELAY_CS`] and `min_delay_cs`
/// (the step is then written as one block, its bounding rectangle).
pub(super) fn split_delays(cs: u64, blocks: usize, min_delay_cs: u64) -> Option<(u64, u64)> {
    let part = PART_DELAY_CS.max(min_delay_cs);
    let extra = blocks.checked_sub(1).filter(|&n| n > 0)? as u64;
    let last = cs.checked_sub(part * extra)?;
    (last >= part).then_some((part, last))
}

/// Copies the pixels of `sub` (inside `rect`) out of `pixels`, the rows of `rect`, into `out`.
pub(super) fn crop(pixels: &[u8], rect: Rect, sub: Rect, out: &mut Vec<u8>) {
    out.clear();
    let (width, sub_width) = (rect.width as usize, sub.width as usize);
    let dx = (sub.x - rect.x) as usize;
    for y in (sub.y - rect.y) as usize..(sub.y - rect.y + sub.height) as usize {
        let start = y * width + dx;
        out.extend_from_slice(&pixels[start..start + sub_width]);
    }
}
