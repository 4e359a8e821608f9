//! The queen, drawn as the crown of the Turbo C program in the seed (`002`), made a filled vector shape.
//!
//! The original draws, in a 50 x 35 cell, the band `rectangle(60,25,90,33)` with `line(60,28,90,28)`
//! and four spikes `(60,25)-(55,15)-(68,25)-(68,10)-(75,25)-(82,10)-(82,25)-(95,15)-(90,25)`. Here the
//! same points (in those "seed units") outline one filled silhouette, symmetric about x = 75, with a
//! ball on each spike tip. The band line and the band's top edge are the detail, drawn over the body in
//! a contrasting colour. Horizontal edges are snapped to whole pixels so the band stays crisp at small
//! sizes, and details are dropped where they would be thinner than the eye can separate.

use crate::display::pixel_line::{line_pixels, pixels_path};
use crate::geom::Path;

/// The crown's silhouette in seed units, clockwise from the band's bottom-left corner. The seed's band
/// (x 60..90) and its four tips are kept; the valleys are raised and the band deepened so the spikes
/// read as solid points instead of hairlines, and the outer tips lean out a little further.
const SILHOUETTE: [(f32, f32); 11] = [
    (60.0, 34.0),
    (60.0, 26.0),
    (54.0, 12.0),
    (65.0, 21.0),
    (68.0, 8.0),
    (75.0, 20.0),
    (82.0, 8.0),
    (85.0, 21.0),
    (96.0, 12.0),
    (90.0, 26.0),
    (90.0, 34.0),
];

/// Spike tips, where the balls sit.
const TIPS: [(f32, f32); 4] = [(54.0, 12.0), (68.0, 8.0), (82.0, 8.0), (96.0, 12.0)];

/// Ball radius in seed units.
const BALL: f32 = 3.2;

/// How far a ball's centre sits below its tip, in seed units.
const BALL_SINK: f32 = 1.2;

/// The crown's ink spans this share of the cell's width.
const WIDTH_SHARE: f32 = 0.74;

/// The seed's pixels were taller than wide on screen; the crown is stretched so it fills about 60% of
/// a square cell's height.
const Y_STRETCH: f32 = 1.45;

/// Below this cell size (px) the crown is a plain silhouette; details would merge into mush.
const DETAIL_MIN_CELL: f32 = 26.0;

/// Below this cell size (px) only the band line is drawn, not the band's top edge.
const EDGE_MIN_CELL: f32 = 60.0;

/// The crown for the cell whose top-left corner is `cell_x`, `cell_y` and whose side is `cell` px:
/// `(body, detail)`. Fill the body in the theme's `piece` colour, then the detail in `piece_edge`.
/// The ink box of the body is centred in the cell. The detail is empty for cells below 26 px.
pub fn crown_path(cell_x: f32, cell_y: f32, cell: f32) -> (Path, Path) {
    let k = cell * WIDTH_SHARE / (96.0 - 54.0 + 2.0 * BALL);
    let ky = k * Y_STRETCH;
    // Balls are round (radius scaled by k, not ky), so the ink's top is the highest ball centre less
    // BALL * k; centre the ink box between that and the band's bottom.
    let y_mid = (8.0 + BALL_SINK + 34.0) / 2.0 - BALL / (2.0 * Y_STRETCH);
    let cx = cell_x + cell / 2.0;
    let cy = cell_y + cell / 2.0;
    let px = |ux: f32| cx + (ux - 75.0) * k;
    let py = |uy: f32| cy + (uy - y_mid) * ky;
    // Whole-pixel band edges: a crisp band matters more than a quarter pixel of placement.
    let snap = |y: f32| if cell < 120.0 { y.round() } else { y };
    let band_top = snap(py(26.0));
    let band_bottom = snap(py(34.0)).max(band_top + 2.0);

    let points: Vec<(f32, f32)> = SILHOUETTE
        .iter()
        .map(|&(ux, uy)| {
            let y = match uy {
                26.0 => band_top,
                34.0 => band_bottom,
                _ => py(uy),
            };
            (px(ux), y)
        })
        .collect();
    let mut body = Path::polygon(&points);
    let r = (BALL * k).max(1.0);
    for &(ux, uy) in &TIPS {
        // Sunk a little into its spike, so the ball grows out of it instead of perching on a needle.
        body.append(&Path::circle(px(ux), py(uy + BALL_SINK), r));
    }

    let mut detail = Path::new();
    if cell >= DETAIL_MIN_CELL {
        let t = (cell * 0.02).max(1.0);
        let t = if t < 3.0 { t.round() } else { t };
        // Lines stop short of the band's ends so the silhouette's outline stays unbroken.
        let inset = (1.6 * k).max(1.0);
        let (x0, x1) = (px(60.0) + inset, px(90.0) - inset);
        let mut line_at = |y: f32| {
            let y0 = if cell < 120.0 {
                (y - t / 2.0).round()
            } else {
                y - t / 2.0
            };
            detail.append(&Path::rect(x0, y0, x1 - x0, t));
        };
        line_at(py(30.0).max(band_top + t * 1.5));
        if cell >= EDGE_MIN_CELL {
            // The band's top edge, just below where the spikes meet it, with at least one line
            // width of body between it and the band line.
            line_at((band_top + t / 2.0).min(py(30.0) - 2.0 * t));
        }
    }
    (body, detail)
}

/// The Turbo C program's crown as it drew it, call for call, in its screen's pixels: the band
/// `rectangle(60,25,90,33)` (its four sides) and the nine `line` calls, each from its first point.
/// Its cell is the one outlined by `rectangle(50,5,100,40)`, whose corner (50, 5) falls on the
/// board's lines once `putimage` moves the crown into a square; no balls, no fill.
const PROGRAM_SEGMENTS: [((i32, i32), (i32, i32)); 13] = [
    ((60, 25), (90, 25)),
    ((90, 25), (90, 33)),
    ((90, 33), (60, 33)),
    ((60, 33), (60, 25)),
    ((60, 28), (90, 28)),
    ((60, 25), (55, 15)),
    ((55, 15), (68, 25)),
    ((68, 25), (68, 10)),
    ((68, 10), (75, 25)),
    ((75, 25), (82, 10)),
    ((82, 10), (82, 25)),
    ((82, 25), (95, 15)),
    ((95, 15), (90, 25)),
];

/// The corner of the program's cell: where the square's left and top lines cross.
const PROGRAM_CORNER: (i32, i32) = (50, 5);

/// The program's cell, in its pixels.
const OUTLINE_CELL: (f32, f32) = (50.0, 35.0);

/// The program's crown for a cell `width` x `height` px whose left and top lines cross at
/// `(dx, dy)` (in the caller's coordinates): every pixel its lines light, lit whole (no
/// anti-aliasing), as a union of pixel squares. In the program's 50 x 35 cell these are the
/// program's own pixels; in another the segments' ends are scaled with the cell in each direction
/// and the pen is as many pixels wide as the cell is times the program's.
pub fn outline_crown_path(width: f32, height: f32, (dx, dy): (f32, f32)) -> Path {
    let (kx, ky) = (width / OUTLINE_CELL.0, height / OUTLINE_CELL.1);
    let pen = kx.min(ky).round().max(1.0) as u32;
    let at = |(x, y): (i32, i32)| {
        (
            ((x - PROGRAM_CORNER.0) as f32 * kx).round() as i32,
            ((y - PROGRAM_CORNER.1) as f32 * ky).round() as i32,
        )
    };
    let pixels: Vec<(i32, i32)> = PROGRAM_SEGMENTS
        .iter()
        .flat_map(|&(a, b)| line_pixels(at(a), at(b)))
        .collect();
    pixels_path(&pixels, pen, (dx, dy))
}

#[cfg(test)]
/// The pixels of the program's crown, relative to its cell's corner (the crossing of the square's
/// left and top lines), for tests that read them back.
pub fn outline_crown_pixels() -> Vec<(i32, i32)> {
    let mut pixels: Vec<(i32, i32)> = PROGRAM_SEGMENTS
        .iter()
        .flat_map(|&(a, b)| line_pixels(a, b))
        .map(|(x, y)| (x - PROGRAM_CORNER.0, y - PROGRAM_CORNER.1))
        .collect();
    pixels.sort_unstable();
    pixels.dedup();
    pixels
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outline_is_the_programs_pixels() {
        let path = outline_crown_path(50.0, 35.0, (0.0, 0.0));
        // The spikes' tips at x 5 and 45, y 5; the band's bottom line fills row 28.
        assert_eq!(path.bounds(), (5.0, 5.0, 46.0, 29.0));
        let pixels = outline_crown_pixels();
        assert!(pixels.contains(&(5, 10)) && pixels.contains(&(45, 10)));
        assert!(pixels.contains(&(25, 20)) && !pixels.contains(&(25, 21)));
    }
}
