//! Palette indices as RGBA pixels, for the full-colour animations (APNG with a transparent page,
//! WebP): inside the board every index is its palette colour, in the margin an index may stand
//! for another colour and opacity (the see-through margin of a transparent background, as a still
//! has it).

use crate::display::palette::{Palette, Rgb};
use crate::geom::Rect;
use crate::raster::canvas::Canvas;

/// How each palette index is written, on the board and in the margin.
#[derive(Clone, Debug)]
pub struct RgbaMap {
    board: Rect,
    inside: Vec<[u8; 4]>,
    margin: Vec<[u8; 4]>,
}

impl RgbaMap {
    /// The palette's own colours and opacities everywhere.
    pub fn opaque(palette: &Palette) -> RgbaMap {
        let inside: Vec<[u8; 4]> = (0..palette.len())
            .map(|i| {
                let [r, g, b] = palette.rgb(i as u8);
                [r, g, b, palette.alpha(i as u8)]
            })
            .collect();
        RgbaMap {
            board: Rect::default(),
            margin: inside.clone(),
            inside,
        }
    }

    /// The palette's colours on `board`; outside it the colours `margin` gives (`None`: as on the
    /// board).
    pub fn with_margin(palette: &Palette, board: Rect, margin: &[Option<(Rgb, u8)>]) -> RgbaMap {
        let mut map = RgbaMap::opaque(palette);
        for (i, see_through) in margin.iter().enumerate() {
            if let (Some(([r, g, b], a)), Some(px)) = (see_through, map.margin.get_mut(i)) {
                *px = [*r, *g, *b, *a];
            }
        }
        map.board = board;
        map
    }

    /// True when some pixel is not fully opaque.
    pub fn has_alpha(&self) -> bool {
        self.inside.iter().chain(&self.margin).any(|p| p[3] < 255)
    }

    /// The colour and opacity of palette index `index` at pixel (`x`, `y`).
    pub fn rgba(&self, x: u32, y: u32, index: u8) -> [u8; 4] {
        let b = &self.board;
        let inside = (b.x..b.x + b.width).contains(&x) && (b.y..b.y + b.height).contains(&y);
        let table = if inside { &self.inside } else { &self.margin };
        table[usize::from(index)]
    }

    /// Appends the pixels of `rect` of `canvas` to `out`, four bytes each (`alpha`) or three.
    pub fn extend(&self, canvas: &Canvas, rect: Rect, alpha: bool, out: &mut Vec<u8>) {
        let bytes = if alpha { 4 } else { 3 };
        let board_x = self.board.x..self.board.x + self.board.width;
        let board_y = self.board.y..self.board.y + self.board.height;
        for y in rect.y..rect.y + rect.height {
            let row = &canvas.row(y)[rect.x as usize..(rect.x + rect.width) as usize];
            // A row outside the board's rows is all margin; within them, only its two ends are.
            let on_rows = board_y.contains(&y);
            for (x, &p) in (rect.x..).zip(row) {
                let table = if on_rows && board_x.contains(&x) {
                    &self.inside
                } else {
                    &self.margin
                };
                out.extend_from_slice(&table[usize::from(p)][..bytes]);
            }
        }
    }
}

/// Which pixels of `rect` lie in one of `regions` (row by row, `rect.width` a row): the pixels a
/// frame drawn over the one before must carry; the others may be left see-through.
pub fn changed_mask(rect: Rect, regions: &[Rect], mask: &mut Vec<bool>) {
    mask.clear();
    mask.resize(rect.width as usize * rect.height as usize, false);
    for r in regions {
        let r = r.intersect(&rect);
        for y in r.y..r.y + r.height {
            let row = (y - rect.y) as usize * rect.width as usize;
            let from = row + (r.x - rect.x) as usize;
            mask[from..from + r.width as usize].fill(true);
        }
    }
}
