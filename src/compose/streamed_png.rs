//! A streamed board straight into an indexed PNG: the PNG encoder pulls the raster stream's pixel
//! rows ([`CellRows`]) one at a time, so neither the board nor the picture is ever held. It joins
//! the raster floor and the encoders, so it lives here rather than in either.

use std::io::Write;

use crate::display::palette::Palette;
use crate::encode::png::PngRowWriter;
use crate::error::Result;
use crate::raster::stream::CellRows;

#[cfg(test)]
/// Streams a `rows` x `cols` board of `cell`-pixel cells to `out` as an indexed PNG of
/// `cols*cell` x `rows*cell` pixels in the colours of `palette`.
///
/// `fill_of(r, fills, regions)` is called once per board row, top to bottom, with slices of `cols`
/// entries to fill: the palette index of each cell's fill and its region id. An error it returns stops
/// the image (for example when the user interrupts). With `outline: Some(index)` and cells of at
/// least [`MIN_OUTLINE_CELL`](crate::raster::stream::MIN_OUTLINE_CELL) pixels, a strip of that colour
/// is drawn inside each cell along every side where the neighbour belongs to another region or the
/// board ends.
///
/// # Errors
/// What [`CellRows::new`] refuses, before anything is allocated or written; what `fill_of` or the
/// output reports.
pub fn write_cells_png<W: Write>(
    out: W,
    rows: u32,
    cols: u32,
    cell: u32,
    palette: &Palette,
    fill_of: impl FnMut(u32, &mut [u8], &mut [u32]) -> Result<()>,
    outline: Option<u8>,
) -> Result<()> {
    write_cells_png_described(out, (rows, cols), cell, palette, fill_of, outline, None)
}

/// [`write_cells_png`] of a `(rows, cols)` board whose file carries `description`.
pub fn write_cells_png_described<W: Write>(
    out: W,
    (rows, cols): (u32, u32),
    cell: u32,
    palette: &Palette,
    fill_of: impl FnMut(u32, &mut [u8], &mut [u32]) -> Result<()>,
    outline: Option<u8>,
    description: Option<&crate::scene::Description>,
) -> Result<()> {
    let board = CellRows::new(rows, cols, cell, palette, outline)?;
    let (width, height) = board.size();
    let mut png = PngRowWriter::new_described(out, width, height, palette, description)?;
    board.run(fill_of, |row| png.write_row(row))?;
    png.finish()
}
