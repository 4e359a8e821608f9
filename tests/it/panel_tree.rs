//! The tiling's call tree laid out by depth, read back from the pixels: at the last step every
//! call drawn is a finished disc; the discs stand in rows of 1, 4, 16... nodes, each family of
//! four side by side under its parent (centred on it, closer to each other than to their
//! cousins), and levels too wide for a row are summed up in lines, never stacked as a chain.

use image::RgbImage;

use crate::common::{decode_png, ok, tempdir};

/// A blob of one colour: its pixel count, centre and box.
#[derive(Clone, Copy, Debug)]
struct Blob {
    area: u32,
    x: f32,
    y: f32,
    width: u32,
    height: u32,
}

/// The 4-connected blobs of colour `c` right of `x0`.
fn blobs(img: &RgbImage, c: [u8; 3], x0: u32) -> Vec<Blob> {
    let (w, h) = img.dimensions();
    let mut seen = vec![false; (w * h) as usize];
    let mut found = Vec::new();
    for y in 0..h {
        for x in x0..w {
            let i = (y * w + x) as usize;
            if seen[i] || img.get_pixel(x, y).0 != c {
                continue;
            }
            let (mut area, mut sx, mut sy) = (0u32, 0f64, 0f64);
            let (mut x_min, mut x_max, mut y_min, mut y_max) = (x, x, y, y);
            let mut todo = vec![(x, y)];
            seen[i] = true;
            while let Some((px, py)) = todo.pop() {
                area += 1;
                (x_min, x_max) = (x_min.min(px), x_max.max(px));
                (y_min, y_max) = (y_min.min(py), y_max.max(py));
                sx += f64::from(px);
                sy += f64::from(py);
                let next = [
                    (px.wrapping_sub(1), py),
                    (px + 1, py),
                    (px, py.wrapping_sub(1)),
                    (px, py + 1),
                ];
                for (nx, ny) in next {
                    if nx < x0 || nx >= w || ny >= h {
                        continue;
                    }
                    let j = (ny * w + nx) as usize;
                    if !seen[j] && img.get_pixel(nx, ny).0 == c {
                        seen[j] = true;
                        todo.push((nx, ny));
                    }
                }
            }
            found.push(Blob {
                area,
                x: (sx / f64::from(area)) as f32,
                y: (sy / f64::from(area)) as f32,
                width: x_max - x_min + 1,
                height: y_max - y_min + 1,
            });
        }
    }
    found
}

/// The calls' discs in the panel right of `x0`: round blobs (as wide as tall, a number inside
/// splits none of them) of the panel's colours but the background, finished calls and the one
/// running alike, each at least half the size of the largest.
fn discs(img: &RgbImage, x0: u32) -> Vec<Blob> {
    let background = img.get_pixel(img.width() - 1, img.height() - 1).0;
    let mut colours: Vec<[u8; 3]> = Vec::new();
    for y in 0..img.height() {
        for x in x0..img.width() {
            let p = img.get_pixel(x, y).0;
            if p != background && !colours.contains(&p) {
                colours.push(p);
            }
        }
    }
    let round: Vec<Blob> = colours
        .into_iter()
        .flat_map(|c| blobs(img, c, x0))
        .filter(|b| b.width >= 8 && b.width.abs_diff(b.height) <= 2)
        .collect();
    let largest = round.iter().map(|b| b.area).max().unwrap_or(0);
    round
        .into_iter()
        .filter(|b| b.area * 2 >= largest)
        .collect()
}

/// The discs in rows, top first, each left to right.
fn rows(mut discs: Vec<Blob>) -> Vec<Vec<Blob>> {
    discs.sort_by(|a, b| a.y.total_cmp(&b.y));
    let mut rows: Vec<Vec<Blob>> = Vec::new();
    for d in discs {
        match rows.last_mut() {
            Some(row) if (row[0].y - d.y).abs() < 2.0 => row.push(d),
            _ => rows.push(vec![d]),
        }
    }
    for row in &mut rows {
        row.sort_by(|a, b| a.x.total_cmp(&b.x));
    }
    rows
}

#[test]
fn the_call_tree_stands_by_depth_at_every_k_and_cell() {
    let t = tempdir();
    for k in 3..=5u32 {
        let steps = 2 * ((4u32.pow(k) - 1) / 3);
        for cell in [24u32, 48] {
            let file = t.path().join(format!("k{k}c{cell}.png"));
            ok(&[
                "tromino",
                "-k",
                &k.to_string(),
                "--special",
                "1,2",
                "--step",
                &steps.to_string(),
                "--panel",
                "tree",
                "--cell",
                &cell.to_string(),
                "-q",
                "-o",
                &file.display().to_string(),
            ]);
            let img = decode_png(&file);
            let side = (1u32 << k) * cell;
            let rows = rows(discs(&img, side + cell));
            let what = format!("k = {k}, --cell {cell}");
            // Level by level: 1, 4, 16 ... nodes, at least the root and its children; the
            // deepest tile-laying level (4^(k-1) calls) at most.
            assert!(rows.len() >= 2, "{what}: {} rows", rows.len());
            for (level, row) in rows.iter().enumerate() {
                assert_eq!(row.len(), 4usize.pow(level as u32), "{what}: level {level}");
            }
            assert!(rows.len() <= k as usize, "{what}");
            for level in 1..rows.len() {
                let (parents, kids) = (&rows[level - 1], &rows[level]);
                assert!(kids[0].y > parents[0].y, "{what}");
                for (p, family) in parents.iter().zip(kids.chunks(4)) {
                    // A parent centred over its family.
                    let mid = (family[0].x + family[3].x) / 2.0;
                    assert!((mid - p.x).abs() <= 1.5, "{what}: {mid} under {}", p.x);
                }
                // Siblings closer to each other than to their cousins.
                if kids.len() > 4 {
                    let within = kids[1].x - kids[0].x;
                    let across = kids[4].x - kids[3].x;
                    assert!(across > within + 2.0, "{what}: {across} against {within}");
                }
            }
            // At the default cell the 8 x 8 tiling's 21 calls all fit.
            if (k, cell) == (3, 48) {
                assert_eq!(rows.len(), 3);
            }
        }
    }
}
