//! Stills: any scene rendered ([`draw`]), the board after the first N events of any problem's
//! [`Adapter`] ([`still_after`]), and the finished figures of the three problems built on them.
//! The same stills as vector shapes are made in `compose::vector_still`.

use std::io::Write;

use crate::cancel::Cancel;
use crate::compose::page::finish_raster;
use crate::compose::streamed_png::write_cells_png_described;
use crate::compose::style::Style;
use crate::display::items::Omitted;
use crate::display::palette::Palette;
use crate::display::palette::PaletteBuilder;
use crate::encode::png::{write_png_described, PngOptions};
use crate::error::Result;
use crate::problem::knight::{KnightAdapter, KnightStyle};
use crate::problem::queens::{counter_caption, solution_caption_in, QueensAdapter, QueensStyle};
use crate::problem::tromino::stream::TrominoRows;
use crate::problem::tromino::{TrominoAdapter, TrominoStyle};
use crate::raster::board::BoardRenderer;
use crate::raster::canvas::Canvas;
use crate::scene::adapter::{scene_after, Adapter, RenderHints};
use crate::scene::{Description, Scene};
use crate::solve::knight::KnightTour;
use crate::solve::queens::position::{solution_index, MAX_INDEX_N};
use crate::solve::queens::{count, Solution};
use crate::solve::tromino::TrominoProblem;

/// Checks that a `rows` x `cols` figure fits the image limits, before any solving or drawing: a
/// search on a huge board can take minutes, only to be refused at the end otherwise.
pub fn check_size(rows: u32, cols: u32, style: &Style, caption: bool) -> Result<()> {
    style.layout(rows, cols, caption).map(|_| ())
}

/// The formats a still is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StillFormat {
    /// An indexed PNG (the palette raster).
    Png,
    /// SVG 1.1, vector shapes with text as outlines.
    Svg,
    /// A one-page PDF, vector shapes with text as outlines.
    Pdf,
    /// TikZ source for LaTeX: vector shapes, text set in the document's font.
    Tex,
}

/// A rendered picture with its palette.
pub struct Still {
    /// Pixels as palette indices.
    pub(crate) canvas: Canvas,
    /// The colours.
    pub(crate) palette: Palette,
    /// Text left out because it could not be legible at this cell size.
    pub(crate) omitted: Omitted,
    /// How [`Still::write_png`] writes it: the transparent colour, the resolution.
    pub(crate) png: PngOptions,
    /// What it shows, in words, written into the file.
    pub(crate) description: Description,
}

impl Still {
    /// The picture's width in pixels.
    pub fn width(&self) -> u32 {
        self.canvas.width()
    }

    /// The picture's height in pixels.
    pub fn height(&self) -> u32 {
        self.canvas.height()
    }

    /// Not API: the pixels as palette indices, for the command and the tests.
    #[doc(hidden)]
    pub fn canvas(&self) -> &Canvas {
        &self.canvas
    }

    /// Not API: the colours the pixels index.
    #[doc(hidden)]
    pub fn palette(&self) -> &Palette {
        &self.palette
    }

    /// Not API: the text left out because it could not be legible at this cell size.
    #[doc(hidden)]
    pub fn omitted(&self) -> Omitted {
        self.omitted
    }

    /// What the picture shows, in words: the description its PNG carries.
    pub fn description(&self) -> &Description {
        &self.description
    }

    /// Encodes the picture as an indexed PNG, with the transparent colour and the resolution its
    /// [`Style`] asked for, and its description as the `Title` and `Description` (UTF-8 `iTXt`).
    pub fn write_png<W: Write>(&self, out: W) -> Result<()> {
        write_png_described(
            out,
            &self.canvas,
            &self.palette,
            &self.png,
            Some(&self.description),
        )
    }

    /// The picture in full colour, one RGBA pixel per palette index (opaque but for the
    /// transparent background its [`Style`] asked for, and the edges of text on it).
    pub fn to_rgba(&self) -> image::RgbaImage {
        let colors = self.palette.colors();
        let (w, h) = (self.canvas.width(), self.canvas.height());
        let mut rgba = Vec::with_capacity(w as usize * h as usize * 4);
        for &index in self.canvas.pixels() {
            let [r, g, b] = colors.get(usize::from(index)).copied().unwrap_or_default();
            let alpha = if self.png.transparent == Some(index) {
                0
            } else {
                self.palette.alpha(index)
            };
            rgba.extend_from_slice(&[r, g, b, alpha]);
        }
        // The buffer holds exactly w x h pixels, so `from_raw` cannot refuse it.
        image::RgbaImage::from_raw(w, h, rgba).unwrap_or_else(|| image::RgbaImage::new(w, h))
    }
}

impl From<Still> for image::RgbaImage {
    fn from(still: Still) -> image::RgbaImage {
        still.to_rgba()
    }
}

/// Renders `scene` as a problem with `hints` asks: the one place a still is drawn.
pub fn draw(scene: &Scene, hints: RenderHints, style: &Style) -> Result<Still> {
    let opts = style.options_for(scene, hints)?;
    let mut renderer = BoardRenderer::for_scene(scene, opts)?;
    let mut canvas = renderer.render_once(scene)?;
    let board = renderer.layout().board_rect();
    let (png, extended) = finish_raster(&mut canvas, renderer.palette(), board, style)?;
    Ok(Still {
        canvas,
        palette: extended.unwrap_or_else(|| renderer.palette().clone()),
        omitted: renderer.omitted(),
        png,
        description: style.description_of(scene),
    })
}

/// The still after the first `steps` events (`None`: after all of them) that `adapter` applies to its
/// first scene: the finished figure, or any moment of the search.
pub fn still_after<A: Adapter>(
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    steps: Option<u64>,
    style: &Style,
) -> Result<Still> {
    let (scene, _) = scene_after(adapter, events, steps)?;
    draw(&scene, adapter.hints(), style)
}

/// The tiled board: coloured L-trominoes, outlines, the special square and optional numbers.
pub fn tromino(problem: &TrominoProblem, look: TrominoStyle, style: &Style) -> Result<Still> {
    check_size(problem.side(), problem.side(), style, false)?;
    let (scene, hints) = tromino_scene(problem, look)?;
    draw(&scene, hints, style)
}

/// The finished tiling as a scene, and how to prepare the renderer for it (for [`draw`] or
/// [`draw_vector`](crate::draw_vector)).
pub fn tromino_scene(problem: &TrominoProblem, look: TrominoStyle) -> Result<(Scene, RenderHints)> {
    let mut adapter = TrominoAdapter::new(problem, look)?;
    let (scene, _) = scene_after(&mut adapter, problem.trace().map(Ok), None)?;
    Ok((scene, adapter.hints()))
}

/// A tiling of any size (up to k = 15) as a bare board (no margin, numbers or labels), coloured by
/// a rule of each cell's position alone ([`ColorBy::Proper`](crate::tromino::ColorBy::Proper)'s
/// three colours) and streamed to `out` one row
/// at a time: memory grows with the image width, not the board's area. Tiles are outlined where
/// cells have at least 4 pixels.
/// A cancelled `cancel` stops it between rows.
pub fn tromino_streamed<W: Write>(
    out: W,
    problem: &TrominoProblem,
    style: &Style,
    cancel: &Cancel,
) -> Result<()> {
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
    // The finished tiling in words, from the problem alone (no scene is built at this size).
    let about = match &style.alt {
        Some(alt) => Description::given(style.lang, alt),
        None => {
            use crate::text::DescriptionPhrase as D;
            let lang = style.lang;
            let short = lang.describe(D::TilingBoard, &[&side, &problem.special()]);
            let all = lang.describe(D::AllTilesPlaced, &[&problem.tile_count()]);
            Description::new(lang, short, all)
        }
    };
    write_cells_png_described(
        out,
        (side, side),
        style.cell,
        &palette,
        |r, fills, regions| {
            cancel.check()?;
            rows.fill_row(r, fills, regions);
            Ok(())
        },
        Some(outline),
        Some(&about),
    )
}

/// One queens solution, captioned "Solution i of T" (its number in the search's order, of all the
/// solutions) when there is a margin; see [`queens::scene`](crate::queens::scene).
pub fn queens(solution: &Solution, look: QueensStyle, style: &Style) -> Result<Still> {
    let (scene, hints) = queens_scene(solution, look)?;
    draw(&scene, hints, style)
}

/// One queens solution as a scene, captioned as [`queens::still`](crate::queens::still) draws it,
/// and its render hints. The library numbers the solution
/// ([`solution_index`](crate::queens::solution_index)) and counts all of them
/// ([`count`](crate::queens::count)) for boards up to
/// [`MAX_INDEX_N`](crate::queens::MAX_INDEX_N) queens; a larger board's solution has no caption (a
/// program that found it by searching knows its number:
/// [`queens::scene_numbered`](crate::queens::scene_numbered)).
pub fn queens_scene(solution: &Solution, look: QueensStyle) -> Result<(Scene, RenderHints)> {
    if solution.n() > MAX_INDEX_N {
        let (mut scene, hints) = queens_scene_numbered(solution, 0, None, look)?;
        scene.set_caption(None);
        return Ok((scene, hints));
    }
    let index = solution_index(solution)?;
    let total = count(solution.n())?;
    queens_scene_numbered(solution, index, Some(total), look)
}

/// One queens solution as a scene captioned "Solution `index` of `total`" ("Solution `index`"
/// without a total), and its render hints: for a caller that already knows the number.
pub fn queens_scene_numbered(
    solution: &Solution,
    index: u64,
    total: Option<u64>,
    look: QueensStyle,
) -> Result<(Scene, RenderHints)> {
    let mut adapter = QueensAdapter::new(solution.n(), look).with_total(total);
    let show = [Ok(QueensAdapter::show(solution, index))];
    let (mut scene, _) = scene_after(&mut adapter, show, None)?;
    scene.set_caption(if look.counter {
        counter_caption(index)
    } else {
        Some(solution_caption_in(look.lang, index, total))
    });
    Ok((scene, adapter.hints()))
}

/// A knight's tour as `look` says: numbered squares and/or the path, start and end marks, a piece on
/// the last square.
pub fn knight(tour: &KnightTour, look: KnightStyle, style: &Style) -> Result<Still> {
    let (scene, hints) = knight_scene(tour, look)?;
    draw(&scene, hints, style)
}

/// A finished knight's tour as a scene drawn as `look` says, and its render hints.
pub fn knight_scene(tour: &KnightTour, look: KnightStyle) -> Result<(Scene, RenderHints)> {
    let mut adapter = KnightAdapter::with_style(tour.rows(), tour.cols(), look);
    let (scene, _) = scene_after(&mut adapter, KnightAdapter::moves(tour), None)?;
    Ok((scene, adapter.hints()))
}
