//! Where a panel's blocks, lines and tree nodes go: decided once, from the first scene's panel
//! (each block keeps room for the lines it may have at any step), so every picture of a sequence
//! has the same size and every step's panel the same places.
//!
//! The text is set at the caption's size. Blocks are stacked in columns beside the board, a new
//! column where the next block would reach below the board; below the board (a portrait box) they
//! stand side by side while the board's width holds them. A line with a tab is set in two columns
//! (code, then its comment aligned); a line wider than its block is wrapped at spaces, keeping its
//! indent, and a block never draws past the rows it kept.

use crate::display::glyph::{Font, GlyphRun};
use crate::display::panel_tree::{place_tree, tree_width, TreeAt};
use crate::scene::panel::{Panel, PanelBlock};

/// Baseline to baseline of panel lines, as a share of the text size: room for a highlight bar.
const ROW: f32 = 1.3;
/// Room around and between blocks, as a share of the text size.
const PAD: f32 = 0.9;
/// Room between a line's code and its comment (after a tab), as a share of the text size.
const TAB_GAP: f32 = 1.2;
/// One block's place, relative to the panel's top-left corner.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct BlockAt {
    pub(crate) x: f32,
    pub(crate) y: f32,
    pub(crate) width: f32,
    /// Text rows kept for its lines (the title not counted).
    pub(crate) rows: usize,
    /// Where a tab's second column starts, from the block's left edge.
    pub(crate) tab: f32,
    pub(crate) tree: Option<TreeAt>,
    pub(crate) height: f32,
}

/// A panel's geometry.
#[derive(Clone, Debug)]
pub(crate) struct PanelAt {
    /// The face its text is set in (see [`panel_font`]).
    pub(crate) font: Font,
    /// The text size and the distance between baselines.
    pub(crate) px: f32,
    pub(crate) row: f32,
    pub(crate) pad: f32,
    pub(crate) blocks: Vec<BlockAt>,
    pub(crate) width: u32,
    pub(crate) height: u32,
}

/// The face a panel is set in: the bundled DejaVu Sans Mono, so that code keeps its indents and
/// columns line up, where it has every character the panel may show; else (Chinese) the
/// figure's own font, the whole panel alike.
pub(crate) fn panel_font(figure: &Font, panel: &Panel) -> Font {
    let mono = Font::bundled_mono();
    let covered = panel
        .texts()
        .flat_map(str::chars)
        .all(|c| c.is_control() || mono.has_glyph(c));
    if covered {
        mono
    } else {
        figure.clone()
    }
}

/// How far right of its pen the ink of `text` reaches at `px`.
pub(crate) fn ink_right(font: &Font, text: &str, px: f32) -> f32 {
    if text.trim().is_empty() {
        return 0.0;
    }
    GlyphRun::new(font, text, px)
        .ink_box()
        .map_or(0.0, |(_, _, x1, _)| x1.max(0.0))
}

/// The two columns of a line (the second after a tab).
pub(crate) fn columns(text: &str) -> (&str, Option<&str>) {
    match text.split_once('\t') {
        Some((a, b)) => (a, Some(b)),
        None => (text, None),
    }
}

/// `text` broken at spaces into pieces no wider than `width` at `px`, each continuation indented
/// as the line is, two spaces more. A word wider than that stays whole (the block clips it).
pub(crate) fn wrap(font: &Font, text: &str, px: f32, width: f32) -> Vec<String> {
    if ink_right(font, text, px) <= width {
        return vec![text.to_string()];
    }
    let indent: String = text.chars().take_while(|c| *c == ' ').collect();
    let more = format!("{indent}  ");
    let mut lines = Vec::new();
    let mut line = indent.clone();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let lead = if lines.is_empty() { &indent } else { &more };
        let tried = if line.trim().is_empty() {
            format!("{lead}{word}")
        } else {
            format!("{line} {word}")
        };
        if ink_right(font, &tried, px) > width && !line.trim().is_empty() {
            lines.push(std::mem::take(&mut line));
            line = format!("{more}{word}");
        } else {
            line = tried;
        }
    }
    if !line.trim().is_empty() {
        lines.push(line);
    }
    lines
}

/// The width one block's text needs at `px`: its title and its widest lines, with a tab's second
/// column aligned; and where that column starts. Never the lines it has now: a picture of any
/// step has the size of the first.
fn block_width(font: &Font, block: &PanelBlock, px: f32) -> (f32, f32) {
    let texts = block.widest.iter().map(String::as_str);
    let mut first: f32 = 0.0;
    let mut second: f32 = 0.0;
    let mut plain: f32 = ink_right(font, &block.title, px);
    for text in texts {
        match columns(text) {
            (a, Some(b)) => {
                first = first.max(ink_right(font, a, px));
                second = second.max(ink_right(font, b, px));
            }
            (a, None) => plain = plain.max(ink_right(font, a, px)),
        }
    }
    let tab = if second > 0.0 {
        first + px * TAB_GAP
    } else {
        0.0
    };
    (plain.max(tab + second), tab)
}

/// Blocks below a board `board_w` pixels wide: side by side in rows as wide as the board, a new
/// row where the next block would reach past its right edge.
fn rows_below(
    font: &Font,
    mut sized: Vec<BlockAt>,
    (px, row, pad): (f32, f32, f32),
    board_w: f32,
) -> PanelAt {
    let (mut x, mut y) = (pad, 0.0);
    let mut row_h: f32 = 0.0;
    let mut width: f32 = 0.0;
    for block in &mut sized {
        if x > pad && x + block.width + pad > board_w {
            x = pad;
            y += row_h + pad * 0.5;
            row_h = 0.0;
        }
        block.x = x;
        block.y = y;
        x += block.width + pad * 1.5;
        width = width.max(block.x + block.width + pad);
        row_h = row_h.max(block.height);
    }
    PanelAt {
        font: font.clone(),
        px,
        row,
        pad,
        blocks: sized,
        width: width.ceil() as u32,
        height: (y + row_h + pad).ceil() as u32,
    }
}

/// Lays `panel` out at `px` beside a board part `board_h` pixels tall, or below one `board_w`
/// pixels wide.
pub(crate) fn place(
    font: &Font,
    panel: &Panel,
    px: f32,
    board: (u32, u32),
    below: bool,
) -> PanelAt {
    let row = (px * ROW).ceil();
    let pad = (px * PAD).ceil();
    let max_text = if below {
        (board.0 as f32 - 2.0 * pad).max(px * 8.0)
    } else {
        f32::INFINITY
    };
    // Each block's width and height.
    let mut sized: Vec<BlockAt> = Vec::with_capacity(panel.blocks.len());
    for block in &panel.blocks {
        let (full, tab) = block_width(font, block, px);
        let room = (board.0 as f32).max(full);
        let tree_w = block
            .tree
            .as_ref()
            .map_or(0.0, |t| tree_width(font, t, px, room));
        let width = full.max(tree_w).min(max_text).ceil();
        // Set in two columns where the block is as wide as they need, else wrapped.
        let tabbed = width >= full;
        // Wrapped, each line may take as many rows as the widest lines take.
        let per_line = match tabbed {
            true => 1,
            false => block
                .widest
                .iter()
                .map(|l| wrap(font, &l.replace('\t', " "), px, width).len())
                .max()
                .unwrap_or(1)
                .max(1),
        };
        let rows = block.rows * per_line;
        let tree = block.tree.as_ref().map(|t| {
            let (h, mut at) = place_tree(font, t, px, width, ROW);
            at.top = row * (1 + rows) as f32 + px * 0.4;
            (h, at)
        });
        let tree_h = tree.as_ref().map_or(0.0, |(h, _)| *h + px * 0.4);
        let height = row * (1 + rows) as f32 + tree_h + px * 0.4;
        sized.push(BlockAt {
            x: 0.0,
            y: 0.0,
            width,
            rows,
            tab: if tabbed { tab } else { 0.0 },
            tree: tree.map(|(_, at)| at),
            height: height.ceil(),
        });
    }
    if below {
        return rows_below(font, sized, (px, row, pad), board.0 as f32);
    }
    let tallest = sized.iter().map(|b| b.height).fold(0.0f32, f32::max);
    // Columns as tall as the board (or the tallest block): a new column where the next block
    // would reach below the board.
    let limit = (board.1 as f32 - 2.0 * pad).max(tallest);
    let (mut x, mut y) = (pad, pad);
    let mut column_w: f32 = 0.0;
    let mut height: f32 = 0.0;
    for block in &mut sized {
        if y > pad && y + block.height > pad + limit {
            x += column_w + pad * 1.5;
            y = pad;
            column_w = 0.0;
        }
        block.x = x;
        block.y = y;
        column_w = column_w.max(block.width);
        y += block.height + pad * 0.5;
        height = height.max(y);
    }
    let width = x + column_w + pad;
    PanelAt {
        font: font.clone(),
        px,
        row,
        pad,
        blocks: sized,
        width: width.ceil() as u32,
        height: (height + pad * 0.5).ceil() as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::panel::PanelLine;

    fn block(lines: &[&str], rows: usize) -> PanelBlock {
        PanelBlock {
            title: "code".into(),
            lines: lines.iter().map(|l| PanelLine::plain(*l)).collect(),
            rows,
            widest: lines.iter().map(|l| l.to_string()).collect(),
            tree: None,
        }
    }

    #[test]
    fn long_lines_wrap_keeping_their_indent() {
        let font = Font::bundled();
        let lines = wrap(&font, "    one two three four five six", 12.0, 60.0);
        assert!(lines.len() > 2, "{lines:?}");
        assert!(lines[0].starts_with("    one"));
        assert!(
            lines[1..].iter().all(|l| l.starts_with("      ")),
            "{lines:?}"
        );
        assert!(lines.iter().all(|l| ink_right(&font, l, 12.0) <= 60.0));
    }

    #[test]
    fn blocks_beside_the_board_take_a_new_column_below_it() {
        let font = Font::bundled();
        let tall = block(&["x"; 12], 12);
        let panel = Panel {
            blocks: vec![tall.clone(), tall],
            below: false,
        };
        // A board part tall enough for one block only: two columns.
        let at = place(&font, &panel, 12.0, (200, 250), false);
        assert!(at.blocks[1].x > at.blocks[0].x);
        assert_eq!(at.blocks[1].y, at.blocks[0].y);
        // Tall enough for both: one column.
        let at = place(&font, &panel, 12.0, (200, 1000), false);
        assert_eq!(at.blocks[1].x, at.blocks[0].x);
        assert!(at.blocks[1].y > at.blocks[0].y + 12.0 * 13.0);
    }
}
