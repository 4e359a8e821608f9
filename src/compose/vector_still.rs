//! Stills as vector shapes, for SVG, PDF and TikZ ([`VectorFigure`]): a scene laid out by its
//! [`Figure`] (the same layout, palette and items a raster still paints), with no raster state.

use std::io::Write;

use crate::compose::page::finish_vector;
use crate::compose::style::Style;
use crate::display::figure::Figure;
use crate::display::items::Omitted;
use crate::display::list::DisplayList;
use crate::display::palette::Palette;
use crate::error::Result;
use crate::scene::adapter::{scene_after, Adapter, RenderHints};
use crate::scene::{Description, Scene};
use crate::vector::pdf::{write_pdf_described, PdfOptions};
use crate::vector::svg::{write_svg_described, SvgOptions};
use crate::vector::tikz::{write_tikz_described, TikzOptions};

/// A figure as vector shapes (text as outlines), for SVG, PDF and TikZ: the same drawing a
/// [`Still`](crate::Still) paints.
pub struct VectorFigure {
    /// The shapes, in figure pixels.
    pub(crate) list: DisplayList,
    /// The colours the shapes' inks name.
    pub(crate) palette: Palette,
    /// Text left out because it could not be legible at this cell size.
    pub(crate) omitted: Omitted,
    /// How [`VectorFigure::write_svg`] writes it (background, physical size).
    pub(crate) svg: SvgOptions,
    /// The page the style asks for, to pass to [`VectorFigure::write_pdf`].
    pub pdf: PdfOptions,
    /// How [`VectorFigure::write_tikz`] writes it (size of a pixel, picture or document).
    pub tikz: TikzOptions,
    /// What it shows, in words, written into every file of it.
    pub(crate) description: Description,
}

impl VectorFigure {
    /// The figure's width in pixels (its SVG `viewBox`; 1 pixel is 0.75 pt of PDF at the default scale).
    pub fn width(&self) -> u32 {
        self.list.width
    }

    /// The figure's height in pixels.
    pub fn height(&self) -> u32 {
        self.list.height
    }

    /// Not API: the shapes, for the command and the tests.
    #[doc(hidden)]
    pub fn list(&self) -> &DisplayList {
        &self.list
    }

    /// Not API: the colours the shapes' inks name.
    #[doc(hidden)]
    pub fn palette(&self) -> &Palette {
        &self.palette
    }

    /// Not API: the text left out because it could not be legible at this cell size.
    #[doc(hidden)]
    pub fn omitted(&self) -> Omitted {
        self.omitted
    }

    /// What the figure shows, in words: the description every file of it carries.
    pub fn description(&self) -> &Description {
        &self.description
    }

    /// Writes the figure as SVG 1.1 (its `viewBox` in pixels), with its description as the
    /// `<title>` and `<desc>` of an image (`role="img"`).
    pub fn write_svg<W: Write>(&self, out: W) -> Result<()> {
        write_svg_described(
            out,
            &self.list,
            &self.palette,
            &self.svg,
            Some(&self.description),
        )
    }

    /// Writes the figure as a one-page PDF at `options` (96 pixels per inch by default), tagged
    /// with its description as PDF/UA-1 asks.
    pub fn write_pdf<W: Write>(&self, out: W, options: &PdfOptions) -> Result<()> {
        write_pdf_described(
            out,
            &self.list,
            &self.palette,
            options,
            Some(&self.description),
        )
    }

    /// Writes the figure as TikZ source (a `tikzpicture`, or a `standalone` document), its
    /// description in its first comment lines.
    pub fn write_tikz<W: Write>(&self, out: W) -> Result<()> {
        write_tikz_described(
            out,
            &self.list,
            &self.palette,
            &self.tikz,
            Some(&self.description),
        )
    }
}

/// Lays `scene` out as vector shapes as a problem with `hints` asks: the drawing
/// [`draw`](crate::draw) paints.
pub fn draw_vector(scene: &Scene, hints: RenderHints, style: &Style) -> Result<VectorFigure> {
    let opts = style.options_for(scene, hints)?;
    vector_figure(&mut Figure::for_scene(scene, opts)?, scene, style)
}

/// `scene` laid out by `figure` as vector shapes, finished as `style` asks: the one place a
/// [`VectorFigure`] of one board is made.
pub(crate) fn vector_figure(
    figure: &mut Figure,
    scene: &Scene,
    style: &Style,
) -> Result<VectorFigure> {
    let mut list = figure.display_list(scene)?;
    finish_vector(&mut list, figure.layout().caption_rect(), style);
    Ok(VectorFigure {
        list,
        palette: figure.palette().clone(),
        omitted: figure.omitted(),
        svg: style.svg_options(),
        pdf: style.pdf_options(),
        tikz: style.tikz_options(),
        description: style.description_of(scene),
    })
}

/// The vector figure after the first `steps` events (`None`: all of them), as
/// [`still_after`](crate::still_after).
pub fn vector_after<A: Adapter>(
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    steps: Option<u64>,
    style: &Style,
) -> Result<VectorFigure> {
    let (scene, _) = scene_after(adapter, events, steps)?;
    draw_vector(&scene, adapter.hints(), style)
}
