//! The tiling's panel: the recursive program `ChessBoard(tr, tc, dr, dc, size)` with the line that
//! made the step, the chain of calls down to the current one, the tiles and calls so far, and the
//! 4-ary call tree, each node numbered by the tile its call lays.

use crate::geom::Square;
use crate::scene::panel::{
    NodeState, Panel, PanelBlock, PanelKinds, PanelLine, PanelSource, PanelTree, TreeNode,
};
use crate::solve::tromino::{TrominoEvent, TrominoProblem};
use crate::text::Lang;

/// Levels of the call tree given node by node (four: 85 calls); the layout draws those that fit
/// side by side and sums up the others, a line each.
pub const TREE_LEVELS: u32 = 4;

/// The program as the C source runs it: the call, its end at size 1, the tile's number, and per
/// quadrant either the call on the quadrant that holds the special square, or the write of one
/// square of the L at the junction and the call on the quadrant with that square as its special
/// square. The three writes of a call are shown at one step (the step that lays its L).
const CODE_EN: [&str; 11] = [
    "ChessBoard(tr, tc, dr, dc, size):",
    "  if (size == 1) return;",
    "  t = tile++;  s = size / 2;",
    "  top-left has (dr, dc):\tChessBoard(tr, tc, dr, dc, s)",
    "  else Board[tr+s-1][tc+s-1] = t;\tChessBoard(tr, tc, tr+s-1, tc+s-1, s)",
    "  top-right has (dr, dc):\tChessBoard(tr, tc+s, dr, dc, s)",
    "  else Board[tr+s-1][tc+s] = t;\tChessBoard(tr, tc+s, tr+s-1, tc+s, s)",
    "  bottom-left has (dr, dc):\tChessBoard(tr+s, tc, dr, dc, s)",
    "  else Board[tr+s][tc+s-1] = t;\tChessBoard(tr+s, tc, tr+s, tc+s-1, s)",
    "  bottom-right has (dr, dc):\tChessBoard(tr+s, tc+s, dr, dc, s)",
    "  else Board[tr+s][tc+s] = t;\tChessBoard(tr+s, tc+s, tr+s, tc+s, s)",
];

const CODE_ZH: [&str; 11] = [
    "ChessBoard(tr, tc, dr, dc, size):",
    "  若 size == 1：返回",
    "  t = tile++；s = size / 2；",
    "  左上有 (dr, dc)：\tChessBoard(tr, tc, dr, dc, s)",
    "  否则 Board[tr+s-1][tc+s-1] = t；\tChessBoard(tr, tc, tr+s-1, tc+s-1, s)",
    "  右上有 (dr, dc)：\tChessBoard(tr, tc+s, dr, dc, s)",
    "  否则 Board[tr+s-1][tc+s] = t；\tChessBoard(tr, tc+s, tr+s-1, tc+s, s)",
    "  左下有 (dr, dc)：\tChessBoard(tr+s, tc, dr, dc, s)",
    "  否则 Board[tr+s][tc+s-1] = t；\tChessBoard(tr+s, tc, tr+s, tc+s-1, s)",
    "  右下有 (dr, dc)：\tChessBoard(tr+s, tc+s, dr, dc, s)",
    "  否则 Board[tr+s][tc+s] = t；\tChessBoard(tr+s, tc+s, tr+s, tc+s, s)",
];

/// The line of the call, and of quadrant `q`'s branch: its call on the special square's
/// quadrant, or its write and call on the others (`+ 1`).
const LINE_CALL: usize = 0;
const LINE_QUADRANT: usize = 3;

/// One call on the chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Call {
    origin: Square,
    size: u32,
    special: Square,
    /// The cells of its centre tile, once laid.
    tile: Option<[Square; 3]>,
    /// Its node in the call tree (breadth first).
    node: u64,
}

/// What the last event was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Last {
    Start,
    /// A call began, from its parent's branch of this quadrant (`None`: the first call), with
    /// the square written before it (`false`: the quadrant holds the special square).
    Call(Option<(u8, bool)>),
    /// A call wrote the three squares of its L: in the quadrants other than this one.
    Tile(u8),
}

/// The tiling's panel, kept from its events.
#[derive(Clone, Debug)]
pub struct TrominoPanel {
    kinds: PanelKinds,
    lang: Lang,
    k: u32,
    special: Square,
    total: u32,
    chain: Vec<Call>,
    tiles: u32,
    calls: u64,
    last: Last,
    /// The state and tile of each call of the levels drawn, breadth first.
    nodes: Vec<TreeNode>,
    /// Per level of the tree: calls finished.
    done: Vec<u64>,
    /// Tiles laid inside each call on the chain (a call is finished when it holds all of its own).
    laid_in: Vec<u32>,
    /// The last L written: its number and its squares in the program's order (top-left,
    /// top-right, bottom-left, bottom-right quadrant).
    written: Option<(u32, [Square; 3])>,
}

/// Calls on the levels `0..levels` of a 4-ary tree.
fn nodes_up_to(levels: u32) -> usize {
    ((4u64.pow(levels) - 1) / 3) as usize
}

impl TrominoPanel {
    /// The panel of `problem` showing `kinds` (the tree is refused for the command by its caller
    /// where it does not apply; here it is simply drawn).
    pub fn new(problem: &TrominoProblem, kinds: PanelKinds, lang: Lang) -> TrominoPanel {
        let k = problem.k();
        let drawn = k.min(TREE_LEVELS);
        TrominoPanel {
            kinds,
            lang,
            k,
            special: problem.special(),
            total: problem.tile_count(),
            chain: Vec::new(),
            tiles: 0,
            calls: 0,
            last: Last::Start,
            nodes: vec![
                TreeNode {
                    label: None,
                    state: NodeState::Pending
                };
                nodes_up_to(drawn)
            ],
            done: vec![0; k as usize + 1],
            laid_in: Vec::new(),
            written: None,
        }
    }

    fn zh(&self) -> bool {
        self.lang == Lang::Zh
    }

    fn code(&self) -> PanelBlock {
        let code = if self.zh() { &CODE_ZH } else { &CODE_EN };
        let branch = |q: u8, writes: bool| LINE_QUADRANT + 2 * usize::from(q) + usize::from(writes);
        let lit: Vec<usize> = match self.last {
            Last::Start => Vec::new(),
            Last::Call(None) => vec![LINE_CALL],
            Last::Call(Some((q, writes))) => vec![branch(q, writes)],
            Last::Tile(kept) => (0..4)
                .filter(|&q| q != kept)
                .map(|q| branch(q, true))
                .collect(),
        };
        let lines = code
            .iter()
            .enumerate()
            .map(|(i, text)| PanelLine {
                text: (*text).to_string(),
                highlight: lit.contains(&i),
            })
            .collect();
        PanelBlock {
            title: if self.zh() { "代码" } else { "code" }.into(),
            lines,
            rows: code.len(),
            widest: widest(code),
            tree: None,
        }
    }

    fn call_text(call: &Call) -> String {
        let (o, d) = (call.origin, call.special);
        format!(
            "ChessBoard({}, {}, {}, {}, {})",
            o.row, o.col, d.row, d.col, call.size
        )
    }

    fn stack(&self) -> PanelBlock {
        let top = self.chain.len().saturating_sub(1);
        let lines = self
            .chain
            .iter()
            .enumerate()
            .map(|(i, c)| PanelLine {
                text: format!("{}{}", "  ".repeat(i.min(6)), Self::call_text(c)),
                highlight: i == top,
            })
            .collect();
        PanelBlock {
            title: if self.zh() { "调用栈" } else { "call stack" }.into(),
            lines,
            rows: self.k.max(1) as usize,
            widest: vec![widest_call(self.k)],
            tree: None,
        }
    }

    fn counts(&self) -> PanelBlock {
        let mut lines: Vec<PanelLine> = self
            .count_lines()
            .into_iter()
            .map(PanelLine::plain)
            .collect();
        if let (Last::Tile(_), Some((t, cells))) = (self.last, self.written) {
            lines.push(PanelLine::plain(Self::writes_text(t, cells)));
        }
        let big = (1u32 << self.k).saturating_sub(1);
        let calls = (4u64.pow(self.k + 1) - 1) / 3;
        PanelBlock {
            title: if self.zh() { "计数" } else { "counts" }.into(),
            lines,
            rows: 3,
            widest: vec![
                if self.zh() {
                    format!("骨牌 {0} / {0}", self.total)
                } else {
                    format!("tiles {0} of {0}", self.total)
                },
                if self.zh() {
                    format!("调用 {calls}")
                } else {
                    format!("calls {calls}")
                },
                Self::writes_text(self.total, [Square::new(big, big); 3]),
            ],
            tree: None,
        }
    }

    fn count_lines(&self) -> [String; 2] {
        if self.zh() {
            [
                format!("骨牌 {} / {}", self.tiles, self.total),
                format!("调用 {}", self.calls),
            ]
        } else {
            [
                format!("tiles {} of {}", self.tiles, self.total),
                format!("calls {}", self.calls),
            ]
        }
    }

    /// The three writes of an L, as the program makes them.
    fn writes_text(t: u32, cells: [Square; 3]) -> String {
        let at: Vec<String> = cells
            .iter()
            .map(|c| format!("Board[{}][{}]", c.row, c.col))
            .collect();
        format!("{} = {t}", at.join(" = "))
    }

    fn tree(&self) -> PanelBlock {
        let drawn = self.k.min(TREE_LEVELS);
        let mut nodes = self.nodes.clone();
        if let Some(call) = self.chain.last().filter(|_| self.last != Last::Start) {
            if let Some(n) = nodes.get_mut(call.node as usize) {
                n.state = NodeState::Current;
            }
        }
        let said = |done: &[u64]| -> Vec<String> {
            done.iter()
                .enumerate()
                .map(|(level, done)| {
                    let all = 4u64.pow(level as u32);
                    let size = 1u32 << (self.k - level as u32);
                    if self.zh() {
                        format!("第 {level} 层（{size} x {size}）：{done} / {all} 完成")
                    } else {
                        format!("level {level} ({size} x {size}): {done} of {all} done")
                    }
                })
                .collect::<Vec<_>>()
        };
        let summary = said(&self.done);
        // The lines at the end, every call done, are the widest.
        let all: Vec<u64> = (0..self.done.len() as u32).map(|l| 4u64.pow(l)).collect();
        let widest = said(&all);
        PanelBlock {
            title: if self.zh() { "调用树" } else { "call tree" }.into(),
            lines: Vec::new(),
            rows: 0,
            widest,
            tree: Some(PanelTree {
                arity: 4,
                levels: drawn,
                max_label: self.total,
                nodes,
                summary,
            }),
        }
    }

    /// A call of `size` at `origin` began, `depth` calls below the first.
    fn begin(&mut self, origin: Square, size: u32, depth: u32) {
        let depth = depth as usize;
        self.chain.truncate(depth);
        self.laid_in.truncate(depth);
        self.calls += 1;
        let (special, node, quadrant) = match self.chain.last() {
            None => (self.special, 0, None),
            Some(parent) => {
                let half = parent.size / 2;
                let down = origin.row >= parent.origin.row + half;
                let right = origin.col >= parent.origin.col + half;
                let q = u8::from(down) * 2 + u8::from(right);
                let inside = |sq: Square| {
                    (origin.row..origin.row + size).contains(&sq.row)
                        && (origin.col..origin.col + size).contains(&sq.col)
                };
                // The quadrant that holds the parent's special square keeps it; the others take
                // the cell of the parent's tile that lies in them.
                let special = if inside(parent.special) {
                    parent.special
                } else {
                    parent
                        .tile
                        .and_then(|t| t.into_iter().find(|&sq| inside(sq)))
                        .unwrap_or(origin)
                };
                let writes = !inside(parent.special);
                (
                    special,
                    parent.node * 4 + 1 + u64::from(q),
                    Some((q, writes)),
                )
            }
        };
        if let Some(n) = self.nodes.get_mut(node as usize) {
            n.state = NodeState::Open;
        }
        self.chain.push(Call {
            origin,
            size,
            special,
            tile: None,
            node,
        });
        self.laid_in.push(0);
        self.last = Last::Call(quadrant);
    }

    fn lay(&mut self, number: u32, mut cells: [Square; 3]) {
        self.tiles += 1;
        let drawn = self.k.min(TREE_LEVELS) as usize;
        let mut kept = 0;
        if let Some(top) = self.chain.last_mut() {
            top.tile = Some(cells);
            if let Some(n) = self.nodes.get_mut(top.node as usize) {
                n.label = Some(number);
            }
            let half = top.size / 2;
            let quadrant = |sq: Square| {
                u8::from(sq.row >= top.origin.row + half) * 2
                    + u8::from(sq.col >= top.origin.col + half)
            };
            kept = quadrant(top.special);
            cells.sort_by_key(|&sq| quadrant(sq));
            // A 2 x 2 call's four calls are on single squares: each returns at once, before the
            // next event; the program counts them.
            if top.size == 2 {
                self.calls += 4;
                if let Some(d) = self.done.get_mut(self.k as usize) {
                    *d += 4;
                }
            }
        }
        self.last = Last::Tile(kept);
        self.written = Some((number, cells));
        for (level, call) in self.chain.iter().enumerate() {
            self.laid_in[level] += 1;
            let own = (call.size * call.size - 1) / 3;
            if self.laid_in[level] == own {
                if let Some(d) = self.done.get_mut(level) {
                    *d += 1;
                }
                match self.nodes.get_mut(call.node as usize) {
                    Some(n) if level < drawn => n.state = NodeState::Done,
                    _ => {}
                }
            }
        }
    }
}

/// Every line of a fixed text, as the widest lines a block may have.
pub(crate) fn widest(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|l| l.to_string()).collect()
}

/// The widest call line: the deepest indent and the largest coordinates.
fn widest_call(k: u32) -> String {
    let big = (1u32 << k).saturating_sub(1);
    format!(
        "{}ChessBoard({big}, {big}, {big}, {big}, {})",
        "  ".repeat((k.saturating_sub(1) as usize).min(6)),
        1u32 << k
    )
}

impl PanelSource for TrominoPanel {
    type Event = TrominoEvent;

    fn reset(&mut self) {
        let problem = TrominoProblem::new(self.k, self.special);
        if let Ok(problem) = problem {
            *self = TrominoPanel::new(&problem, self.kinds, self.lang);
        }
    }

    fn observe(&mut self, event: &TrominoEvent) {
        match *event {
            TrominoEvent::Split {
                origin,
                size,
                depth,
            } => self.begin(origin, size, depth),
            TrominoEvent::Place(tile) => self.lay(tile.number, tile.cells),
        }
    }

    fn panel(&self) -> Panel {
        let mut blocks = Vec::new();
        if self.kinds.code {
            blocks.push(self.code());
        }
        if self.kinds.stack {
            blocks.push(self.stack());
        }
        if self.kinds.counts {
            blocks.push(self.counts());
        }
        if self.kinds.tree {
            blocks.push(self.tree());
        }
        Panel {
            blocks,
            below: false,
        }
    }

    fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }

    fn counts_text(&self) -> String {
        self.count_lines().join(", ")
    }

    fn stack_text(&self) -> String {
        let calls: Vec<String> = self.chain.iter().map(Self::call_text).collect();
        calls.join(" > ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(k: u32, special: Square, steps: usize) -> TrominoPanel {
        let problem = TrominoProblem::new(k, special).unwrap();
        let mut panel = TrominoPanel::new(&problem, PanelKinds::default(), Lang::En);
        for e in problem.trace().take(steps) {
            panel.observe(&e);
        }
        panel
    }

    #[test]
    fn the_chain_carries_each_calls_special_square() {
        // 4 x 4, special at 1,2: the first call's tile covers 1,1 2,1 2,2; the top-left quadrant's
        // call then has the tile's cell 1,1 as its special square.
        let p = play(2, Square::new(1, 2), 3);
        assert_eq!(
            p.stack_text(),
            "ChessBoard(0, 0, 1, 2, 4) > ChessBoard(0, 0, 1, 1, 2)"
        );
        let p = play(2, Square::new(1, 2), 5);
        // The top-right quadrant holds the special square itself.
        assert_eq!(
            p.stack_text(),
            "ChessBoard(0, 0, 1, 2, 4) > ChessBoard(0, 2, 1, 2, 2)"
        );
    }

    #[test]
    fn every_call_ends_done_and_numbered() {
        let problem = TrominoProblem::new(3, Square::new(2, 2)).unwrap();
        let p = play(3, Square::new(2, 2), usize::MAX);
        assert_eq!(p.tiles, problem.tile_count());
        // The program's calls: every call that lays a tile, and the 64 on single squares.
        assert_eq!(p.calls, 85);
        assert!(p
            .nodes
            .iter()
            .all(|n| n.state == NodeState::Done && n.label.is_some()));
        // The textbook numbering: the root's tile is 1, its first child's 2, the second child's
        // 2 + 5 = 7 (a 4 x 4 call lays five tiles).
        assert_eq!(p.nodes[0].label, Some(1));
        assert_eq!(p.nodes[1].label, Some(2));
        assert_eq!(p.nodes[2].label, Some(7));
        assert_eq!(p.counts_text(), "tiles 21 of 21, calls 85");
    }

    #[test]
    fn every_level_is_summed_up() {
        let p = play(5, Square::new(0, 0), usize::MAX);
        assert_eq!(p.done, vec![1, 4, 16, 64, 256, 1024]);
        let tree = p.tree();
        assert_eq!(
            tree.tree.unwrap().summary[4],
            "level 4 (2 x 2): 256 of 256 done"
        );
    }
}
