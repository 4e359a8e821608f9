//! PNG stills of the three problems: the solver result turned into a scene, rendered, ready to encode.

use std::io::Write;

use crate::encode::png::write_png;
use crate::error::Result;
use crate::output::check_interrupted;
use crate::render::board::{BoardRenderer, RenderOptions};
use crate::render::glyph::Font;
use crate::render::layout::{default_margin, Layout};
use crate::render::palette::PaletteBuilder;
use crate::render::stream::write_cells_png;
use crate::render::theme::Theme;
use crate::render::{Canvas, Palette};
use crate::scene::knight::KnightScene;
use crate::scene::queens::{QueensScene, QueensStyle};
use crate::scene::tromino::{TrominoScene, TrominoStyle};
use crate::scene::tromino_stream::TrominoRows;
use crate::scene::Scene;
use crate::solve::knight::KnightTour;
use crate::solve::queens::Solution;
use crate::solve::tromino::TrominoProblem;

/// How a figure looks, whatever it shows.
#[derive(Clone)]
pub struct Style {
    /// Cell side in pixels.
    pub cell: u32,
    /// Margin in pixels; `None` picks one that fits the labels ([`default_margin`]).
    pub margin: Option<u32>,
    /// Colours.
    pub theme: Theme,
    /// Font for numbers, labels and captions.
    pub font: Font,
}

impl Style {
    /// The default theme and the bundled font at `cell` pixels a cell.
    pub fn new(cell: u32) -> Style {
        Style {
            cell,
            margin: None,
            theme: Theme::default(),
            font: Font::bundled(),
        }
    }

    /// The margin in pixels.
    pub fn margin_px(&self) -> u32 {
        self.margin.unwrap_or_else(|| default_margin(self.cell))
    }

    pub(crate) fn options(
        &self,
        caption: bool,
        tile_colors: usize,
        max_label: u32,
    ) -> RenderOptions {
        RenderOptions {
            cell: self.cell,
            margin: self.margin_px(),
            theme: self.theme,
            font: self.font.clone(),
            caption,
            tile_colors,
            max_label,
        }
    }
}

/// Checks that a `rows` x `cols` figure fits the image limits, before any solving or drawing: a
/// search on a huge board can take minutes, only to be refused at the end otherwise.
pub fn check_size(rows: u32, cols: u32, style: &Style, caption: bool) -> Result<()> {
    Layout::new(rows, cols, style.cell, style.margin_px(), caption).map(|_| ())
}

/// A rendered picture with its palette.
pub struct Still {
    /// Pixels as palette indices.
    pub canvas: Canvas,
    /// The colours.
    pub palette: Palette,
}

impl Still {
    /// Encodes the picture as an indexed PNG.
    pub fn write_png<W: Write>(&self, out: W) -> Result<()> {
        write_png(out, &self.canvas, &self.palette)
    }
}

fn render(mut scene: Scene, opts: RenderOptions) -> Result<Still> {
    let mut renderer = BoardRenderer::new(scene.rows(), scene.cols(), opts)?;
    let canvas = renderer.render(&mut scene)?;
    Ok(Still {
        canvas,
        palette: renderer.palette().clone(),
    })
}

/// The tiled board: coloured L-trominoes, outlines, the special square and optional numbers.
pub fn tromino(problem: &TrominoProblem, look: TrominoStyle, style: &Style) -> Result<Still> {
    check_size(problem.side(), problem.side(), style, false)?;
    let finished = TrominoScene::finished(problem, look)?;
    let colors = finished.color_count();
    render(
        finished.into_scene(),
        style.options(false, colors, problem.tile_count()),
    )
}

/// A tiling of any size (up to k = 15) as a bare board (no margin, numbers or labels), coloured by
/// the position rule of [`tromino_color`](crate::scene::tromino_color) and streamed to `out` one row
/// at a time: memory grows with the image width, not the board's area. Tiles are outlined where
/// cells have at least 4 pixels.
pub fn tromino_streamed<W: Write>(out: W, problem: &TrominoProblem, style: &Style) -> Result<()> {
    let t = &style.theme;
    let mut b = PaletteBuilder::new();
    let tiles = [
        b.color(t.tiles[0]),
        b.color(t.tiles[1]),
        b.color(t.tiles[2]),
    ];
    let special = b.color(t.special);
    let outline = b.color(t.outline);
    let palette = b.build()?;
    let rows = TrominoRows::new(problem, tiles, special);
    let side = problem.side();
    write_cells_png(
        out,
        side,
        side,
        style.cell,
        &palette,
        |r, fills, regions| {
            check_interrupted()?;
            rows.fill_row(r, fills, regions);
            Ok(())
        },
        Some(outline),
    )
}

/// One queens solution, captioned "Solution index of total" when there is a margin.
pub fn queens(
    solution: &Solution,
    index: u64,
    total: Option<u64>,
    look: QueensStyle,
    style: &Style,
) -> Result<Still> {
    let scene = QueensScene::solution(solution, index, total, look);
    render(scene, style.options(true, 0, 0))
}

/// A knight's tour: numbered squares, the path, start and end marks, a knight on the last square.
pub fn knight(tour: &KnightTour, style: &Style) -> Result<Still> {
    let scene = KnightScene::finished(tour);
    let max = tour.rows() * tour.cols();
    render(scene, style.options(false, 0, max))
}
