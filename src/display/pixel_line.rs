//! Lines as the Turbo C graphics library drew them: one pixel wide, each pixel lit or not (no
//! anti-aliasing), the pixels Bresenham's algorithm picks from the first point to the second.
//! Drawn as unions of whole-pixel squares, so every backend (PNG, SVG, PDF) shows the same pixels.

use crate::geom::Path;

/// The pixels of the line from `a` to `b`, both ends included: one per step along the longer
/// axis, the other coordinate the nearest to the exact line (halves rounded up, counted from
/// `a`, the point the program names first).
pub(crate) fn line_pixels(a: (i32, i32), b: (i32, i32)) -> Vec<(i32, i32)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let steps = dx.abs().max(dy.abs());
    if steps == 0 {
        return vec![a];
    }
    // Exact rational rounding: a + d * i / steps, to the nearest whole pixel.
    let near = |start: i32, d: i32, i: i32| -> i32 {
        let num = 2 * d * i + steps;
        start + num.div_euclid(2 * steps)
    };
    (0..=steps)
        .map(|i| (near(a.0, dx, i), near(a.1, dy, i)))
        .collect()
}

/// The pixels `pixels`, each grown to a `pen` x `pen` square about it (a pen of one: the pixel
/// itself), as runs of lit pixels along each row: `(x, y, length)`, top to bottom, left to right.
pub(crate) fn pixel_runs(pixels: &[(i32, i32)], pen: u32) -> Vec<(i32, i32, u32)> {
    let pen = pen.max(1) as i32;
    let back = (pen - 1) / 2;
    let mut lit: Vec<(i32, i32)> = pixels
        .iter()
        .flat_map(|&(x, y)| {
            (0..pen).flat_map(move |j| (0..pen).map(move |i| (y - back + j, x - back + i)))
        })
        .collect();
    lit.sort_unstable();
    lit.dedup();
    let mut runs = Vec::new();
    let mut k = 0;
    while k < lit.len() {
        let (y, x0) = lit[k];
        let mut x1 = x0;
        while k + 1 < lit.len() && lit[k + 1] == (y, x1 + 1) {
            k += 1;
            x1 += 1;
        }
        runs.push((x0, y, (x1 - x0 + 1) as u32));
        k += 1;
    }
    runs
}

/// [`pixel_runs`] as one path of whole-pixel rectangles, so its edges fall on pixel boundaries;
/// `(dx, dy)` is added to every point.
pub(crate) fn pixels_path(pixels: &[(i32, i32)], pen: u32, (dx, dy): (f32, f32)) -> Path {
    let mut path = Path::new();
    for (x, y, len) in pixel_runs(pixels, pen) {
        path.append(&Path::rect(x as f32 + dx, y as f32 + dy, len as f32, 1.0));
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_light_one_pixel_per_step() {
        assert_eq!(
            line_pixels((0, 0), (3, 0)),
            vec![(0, 0), (1, 0), (2, 0), (3, 0)]
        );
        // The program's left spike, line(60,25,55,15): ten steps up, one pixel each.
        let spike = line_pixels((60, 25), (55, 15));
        assert_eq!(spike.len(), 11);
        assert_eq!((spike[0], spike[10]), ((60, 25), (55, 15)));
        assert!(spike.windows(2).all(|w| w[0].1 - w[1].1 == 1));
        // Each pixel within half a pixel of the exact line.
        for &(x, y) in &spike {
            let exact = 60.0 - (25 - y) as f32 / 2.0;
            assert!((x as f32 - exact).abs() <= 0.5, "{x},{y}");
        }
    }

    #[test]
    fn a_path_of_pixels_covers_them_and_no_more() {
        let path = pixels_path(&[(2, 3), (3, 3), (5, 3), (2, 4)], 1, (0.0, 0.0));
        assert_eq!(path.bounds(), (2.0, 3.0, 6.0, 5.0));
        let wide = pixels_path(&[(10, 10)], 3, (0.0, 0.0));
        assert_eq!(wide.bounds(), (9.0, 9.0, 12.0, 12.0));
    }
}
