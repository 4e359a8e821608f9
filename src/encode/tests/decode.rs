//! An independent decoder for the tests: the `gif` crate reads the blocks, and they are composed
//! here in colours (local tables included) with disposal Keep.

use crate::display::palette::Palette;
use crate::geom::Rect;
use crate::raster::canvas::Canvas;

pub(super) type Rgb = [u8; 3];

/// One decoded image block.
#[derive(Debug)]
pub(super) struct Block {
    pub(super) rect: Rect,
    pub(super) delay: u16,
    pub(super) transparent: Option<u8>,
    pub(super) dispose: gif::DisposalMethod,
    /// The block's local colour table, if it has one.
    pub(super) local: Option<Vec<u8>>,
    /// The LZW minimum code size the block was written with.
    pub(super) min_code_size: u8,
    pub(super) pixels: Vec<u8>,
}

impl Block {
    /// The colour of the block's index `p`, from its local table or else the global one.
    pub(super) fn color(&self, p: u8, global: &[u8]) -> Rgb {
        let table = self.local.as_deref().unwrap_or(global);
        let i = usize::from(p) * 3;
        [table[i], table[i + 1], table[i + 2]]
    }
}

/// A decoded animation: its blocks and the picture (in colours) after each one.
pub(super) struct Decoded {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) repeat: gif::Repeat,
    pub(super) global_palette: Vec<u8>,
    pub(super) blocks: Vec<Block>,
    pub(super) composed: Vec<Vec<Rgb>>,
}

/// The LZW minimum code size of every image block, read without decoding them.
pub(super) fn min_code_sizes(bytes: &[u8]) -> Vec<u8> {
    let mut options = gif::DecodeOptions::new();
    options.skip_frame_decoding(true);
    let mut decoder = options.read_info(bytes).unwrap();
    let mut sizes = Vec::new();
    // Undecoded, a frame's buffer starts with its minimum code size.
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        sizes.push(frame.buffer[0]);
    }
    sizes
}

pub(super) fn decode(bytes: &[u8]) -> Decoded {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).unwrap();
    let (width, height) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let global_palette = decoder.global_palette().unwrap().to_vec();
    let sizes = min_code_sizes(bytes);
    let mut screen = vec![[0u8; 3]; (width * height) as usize];
    let mut blocks = Vec::new();
    let mut composed = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        let rect = Rect::new(
            u32::from(frame.left),
            u32::from(frame.top),
            u32::from(frame.width),
            u32::from(frame.height),
        );
        let block = Block {
            rect,
            delay: frame.delay,
            transparent: frame.transparent,
            dispose: frame.dispose,
            local: frame.palette.clone(),
            min_code_size: sizes[blocks.len()],
            pixels: frame.buffer.to_vec(),
        };
        for y in 0..rect.height {
            for x in 0..rect.width {
                let p = block.pixels[(y * rect.width + x) as usize];
                if Some(p) != block.transparent {
                    screen[((rect.y + y) * width + rect.x + x) as usize] =
                        block.color(p, &global_palette);
                }
            }
        }
        // Every block here uses Keep, so the screen carries over as is.
        assert_eq!(block.dispose, gif::DisposalMethod::Keep);
        composed.push(screen.clone());
        blocks.push(block);
    }
    let repeat = decoder.repeat();
    Decoded {
        width,
        height,
        repeat,
        global_palette,
        blocks,
        composed,
    }
}

/// The colours of `canvas` drawn with `palette`.
pub(super) fn colors_in(canvas: &Canvas, palette: &Palette) -> Vec<Rgb> {
    canvas.pixels().iter().map(|&p| palette.rgb(p)).collect()
}
