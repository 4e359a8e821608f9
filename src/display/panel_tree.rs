//! Where a call tree's nodes go in its panel block: the levels whose nodes fit side by side are
//! drawn by depth, each family of siblings together under its parent; the levels below are summed
//! up, a line each.

use crate::display::glyph::Font;
use crate::scene::panel::PanelTree;

/// Nodes of a call tree are set smaller than its lines.
const NODE_TEXT: f32 = 0.8;

/// The place of one tree node, relative to its block's top-left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct NodeAt {
    pub(crate) x: f32,
    pub(crate) y: f32,
    /// Its parent's index, if any.
    pub(crate) parent: Option<usize>,
}

/// A call tree's places.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TreeAt {
    /// Top of the tree, below the block's lines.
    pub(crate) top: f32,
    /// The nodes of the levels drawn, breadth first.
    pub(crate) nodes: Vec<NodeAt>,
    /// Levels drawn node by node; the tree's lines of the levels below them are drawn instead.
    pub(crate) drawn: usize,
    /// A node's radius.
    pub(crate) r: f32,
    /// The size of the numbers in nodes.
    pub(crate) px: f32,
    /// Baseline of the first summary line.
    pub(crate) summary_top: f32,
}

/// The sizes a tree's nodes are drawn at: their radius, the distance between neighbours, and the
/// room between two families (siblings stand together, apart from their cousins).
struct TreeSizes {
    r: f32,
    pitch: f32,
    gap: f32,
}

impl TreeSizes {
    fn new(font: &Font, tree: &PanelTree, px: f32) -> TreeSizes {
        let node_px = px * NODE_TEXT;
        let widest = 10u32.pow(digits(tree.max_label) - 1);
        let (label_w, label_h) = font.measure(&widest.to_string(), node_px);
        let r = (label_w.max(label_h) / 2.0 + node_px * 0.3).ceil();
        TreeSizes {
            r,
            pitch: 2.0 * r + (px * 0.3).max(2.0),
            gap: (px * 0.6).max(3.0),
        }
    }

    /// The width of level `level` of `tree` drawn node by node: its families side by side.
    fn level_width(&self, tree: &PanelTree, level: u32) -> f32 {
        let arity = tree.arity.max(1);
        let count = arity.pow(level);
        let families = if level == 0 { 1 } else { count / arity };
        count as f32 * self.pitch + (families - 1) as f32 * self.gap
    }

    /// How many levels of `tree` are drawn within `width`: every level whose nodes fit side by
    /// side (the root always).
    fn drawn(&self, tree: &PanelTree, width: f32) -> u32 {
        (1..tree.levels)
            .take_while(|&l| self.level_width(tree, l) <= width)
            .count() as u32
            + u32::from(tree.levels > 0)
    }
}

/// The width and height a tree needs at `px`, and its places within `width`: the levels that fit
/// drawn by depth, each family of siblings side by side under its parent, the parent centred
/// over them; a line for each level below, `line` times `px` apart (the panel's baseline to
/// baseline).
pub(crate) fn place_tree(
    font: &Font,
    tree: &PanelTree,
    px: f32,
    width: f32,
    line: f32,
) -> (f32, TreeAt) {
    let sizes = TreeSizes::new(font, tree, px);
    let TreeSizes { r, pitch, gap } = sizes;
    let drawn = sizes.drawn(tree, width) as usize;
    let arity = tree.arity.max(1) as usize;
    let level_h = 2.0 * r + px * 0.9;
    // The deepest level drawn first, centred in the width; each level above centres its nodes
    // over their children.
    let counts: Vec<usize> = (0..drawn as u32).map(|l| arity.pow(l)).collect();
    let mut xs: Vec<Vec<f32>> = vec![Vec::new(); drawn];
    if let Some(deepest) = drawn.checked_sub(1) {
        let left = (width - sizes.level_width(tree, deepest as u32)).max(0.0) / 2.0;
        xs[deepest] = (0..counts[deepest])
            .map(|j| left + j as f32 * pitch + (j / arity) as f32 * gap + pitch / 2.0)
            .collect();
        for level in (0..deepest).rev() {
            xs[level] = (0..counts[level])
                .map(|j| {
                    let below = &xs[level + 1];
                    (below[j * arity] + below[j * arity + arity - 1]) / 2.0
                })
                .collect();
        }
    }
    let mut nodes: Vec<NodeAt> = Vec::with_capacity(tree.nodes.len());
    let mut first_of_level = 0usize;
    for (level, row) in xs.iter().enumerate() {
        let y = r + 1.0 + level as f32 * level_h;
        let parent_first = first_of_level.saturating_sub(counts[level.saturating_sub(1)]);
        for (j, &x) in row.iter().enumerate() {
            let parent = (level > 0).then(|| parent_first + j / arity);
            nodes.push(NodeAt { x, y, parent });
        }
        first_of_level += row.len();
    }
    let tree_h = if drawn == 0 {
        0.0
    } else {
        (drawn - 1) as f32 * level_h + 2.0 * r + 1.0 + px * 0.6
    };
    let summed = tree.summary.len().saturating_sub(drawn);
    let summary_top = tree_h + px;
    let height = tree_h + summed as f32 * px * line;
    (
        height.max(0.0),
        TreeAt {
            top: 0.0,
            nodes,
            drawn,
            r,
            px: px * NODE_TEXT,
            summary_top,
        },
    )
}

/// The width a tree needs for its numbers to be legible at `px`: its widest level that fits in
/// `room` (the levels below it are summed up).
pub(crate) fn tree_width(font: &Font, tree: &PanelTree, px: f32, room: f32) -> f32 {
    let sizes = TreeSizes::new(font, tree, px);
    let drawn = sizes.drawn(tree, room);
    sizes.level_width(tree, drawn.saturating_sub(1))
}

fn digits(n: u32) -> u32 {
    n.max(1).ilog10() + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::panel::{NodeState, TreeNode};

    fn tree(levels: u32, depth: usize) -> PanelTree {
        PanelTree {
            arity: 4,
            levels,
            max_label: 85,
            nodes: vec![
                TreeNode {
                    label: Some(85),
                    state: NodeState::Done
                };
                (4usize.pow(levels) - 1) / 3
            ],
            summary: (0..depth).map(|l| format!("level {l}")).collect(),
        }
    }

    #[test]
    fn a_tree_draws_the_levels_that_fit_and_sums_up_the_others() {
        let font = Font::bundled();
        let tree = tree(4, 5);
        let sizes = TreeSizes::new(&font, &tree, 12.0);
        // Room for three levels (16 nodes side by side), not for the fourth (64).
        let room = sizes.level_width(&tree, 2) + 1.0;
        let w = tree_width(&font, &tree, 12.0, room);
        assert_eq!(w, sizes.level_width(&tree, 2));
        let (_, at) = place_tree(&font, &tree, 12.0, w, 1.3);
        assert_eq!(at.drawn, 3);
        assert_eq!(at.nodes.len(), 21);
        // Each level a row; siblings side by side, in order, no two nodes touching.
        for level in [1..5, 5..21] {
            let row = &at.nodes[level];
            assert!(row.iter().all(|n| n.y == row[0].y));
            assert!(row.windows(2).all(|p| p[1].x >= p[0].x + 2.0 * at.r));
        }
        // A parent centred over its four children, which stand closer to each other than to
        // their cousins.
        for p in 1..5 {
            let kids: Vec<&NodeAt> = at.nodes.iter().filter(|n| n.parent == Some(p)).collect();
            assert_eq!(kids.len(), 4);
            assert!(((kids[0].x + kids[3].x) / 2.0 - at.nodes[p].x).abs() < 0.01);
            assert!(kids.iter().all(|k| k.y > at.nodes[p].y));
        }
        assert!(at.nodes[9].x - at.nodes[8].x > at.nodes[8].x - at.nodes[7].x);
    }
}
