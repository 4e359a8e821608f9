//! The knight's panel: the search on its explicit stack with the line that made the step, the
//! stack's top entries (a square and how many of its moves were tried) with its depth, and the
//! moves and retreats so far.
//!
//! A move's "tried" count is the solver's own data: the position of the square taken among the
//! candidates in the order the search tries them ([`KnightChoice::chosen_index`]), which the
//! explained trace carries one event ahead ([`KnightStep::next`]).

use crate::geom::Square;
use crate::problem::knight::KnightStep;
use crate::problem::tromino::panel::widest;
use crate::scene::panel::{Panel, PanelBlock, PanelKinds, PanelLine, PanelSource};
use crate::solve::knight::{ChoiceRule, KnightChoice, KnightEvent};
use crate::text::Lang;

const CODE_EN: [&str; 8] = [
    "push the start; number it 1",
    "while fewer than all squares are numbered:",
    "  from the top square's untried moves",
    "    pick the one with the fewest onward moves",
    "  if there is one: move there,",
    "    push it and number it",
    "  else: retreat, pop the top square",
    "    and clear its number",
];

const CODE_ZH: [&str; 8] = [
    "起点入栈，记为第 1 步",
    "当仍有方格未编号时：",
    "  在栈顶方格尚未试过的走法中",
    "    选出口最少的一个",
    "  若有：跳到该格，",
    "    入栈并编号",
    "  否则：退回，栈顶出栈",
    "    并清除其编号",
];

/// Plain backtracking takes the next move in the textbook's order instead.
const PICK_IN_ORDER_EN: &str = "    take the next one in move order";
const PICK_IN_ORDER_ZH: &str = "    按走法顺序取下一个";

const LINE_START: usize = 0;
const LINE_PICK: usize = 3;
const LINE_MOVE: usize = 4;
const LINE_RETREAT: usize = 6;

/// Stack entries listed, from the top.
const SHOWN_ENTRIES: usize = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Last {
    Start,
    Move,
    Retreat,
}

/// One entry of the explicit stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    square: Square,
    step: u32,
    /// Moves from it tried so far (`None`: a tour laid out without a search).
    tried: Option<u32>,
}

/// The knight's panel, kept from the search's steps.
#[derive(Clone, Debug)]
pub struct KnightPanel {
    kinds: PanelKinds,
    lang: Lang,
    squares: u64,
    stack: Vec<Entry>,
    moves: u64,
    retreats: u64,
    last: Last,
    /// The choice the next move was made by, as the step before told it.
    next_choice: Option<KnightChoice>,
    /// The search ranks by move order (plain backtracking), not by onward moves.
    in_order: bool,
}

impl KnightPanel {
    /// The panel of the search on a `rows` x `cols` board showing `kinds`.
    pub fn new(rows: u32, cols: u32, kinds: PanelKinds, lang: Lang) -> KnightPanel {
        KnightPanel {
            kinds,
            lang,
            squares: u64::from(rows) * u64::from(cols),
            stack: Vec::new(),
            moves: 0,
            retreats: 0,
            last: Last::Start,
            next_choice: None,
            in_order: false,
        }
    }

    fn zh(&self) -> bool {
        self.lang == Lang::Zh
    }

    fn code(&self) -> PanelBlock {
        let mut code: Vec<&str> = if self.zh() { CODE_ZH } else { CODE_EN }.to_vec();
        if self.in_order {
            code[LINE_PICK] = if self.zh() {
                PICK_IN_ORDER_ZH
            } else {
                PICK_IN_ORDER_EN
            };
        }
        let lit: &[usize] = match self.last {
            Last::Start => &[LINE_START],
            Last::Move if self.stack.len() <= 1 => &[LINE_START],
            Last::Move => &[LINE_PICK, LINE_MOVE],
            Last::Retreat => &[LINE_RETREAT],
        };
        // Both ways of picking, so that the block's width is that of the first picture.
        let mut longest: Vec<&str> = if self.zh() { CODE_ZH } else { CODE_EN }.to_vec();
        longest.push(if self.zh() {
            PICK_IN_ORDER_ZH
        } else {
            PICK_IN_ORDER_EN
        });
        PanelBlock {
            title: if self.zh() { "代码" } else { "code" }.into(),
            lines: code
                .iter()
                .enumerate()
                .map(|(i, text)| PanelLine {
                    text: (*text).to_string(),
                    highlight: lit.contains(&i),
                })
                .collect(),
            rows: code.len(),
            widest: widest(&longest),
            tree: None,
        }
    }

    fn entry_line(&self, e: &Entry) -> String {
        let tried = e.tried.map_or_else(|| "-".to_string(), |t| t.to_string());
        let sq = format!("{},{}", e.square.row, e.square.col);
        if self.zh() {
            format!("{:>4}  {sq:<9} 已试 {tried}", e.step)
        } else {
            format!("{:>4}  {sq:<9} tried {tried}", e.step)
        }
    }

    fn stack_block(&self) -> PanelBlock {
        let depth = self.stack.len();
        let mut lines = vec![PanelLine::plain(if self.zh() {
            format!("深度 {depth}")
        } else {
            format!("depth {depth}")
        })];
        for (i, e) in self.stack.iter().rev().take(SHOWN_ENTRIES).enumerate() {
            lines.push(PanelLine {
                text: self.entry_line(e),
                highlight: i == 0 && self.last == Last::Move,
            });
        }
        if depth > SHOWN_ENTRIES {
            lines.push(PanelLine::plain(if self.zh() {
                format!("  …（下面还有 {}）", depth - SHOWN_ENTRIES)
            } else {
                format!("  ... ({} below)", depth - SHOWN_ENTRIES)
            }));
        }
        let big = Entry {
            square: Square::new(9999, 9999),
            step: 9999,
            tried: Some(8),
        };
        PanelBlock {
            title: if self.zh() {
                "栈（顶在上）"
            } else {
                "stack (top first)"
            }
            .into(),
            lines,
            rows: 2 + SHOWN_ENTRIES,
            widest: vec![
                self.entry_line(&big),
                if self.zh() {
                    format!("  …（下面还有 {}）", self.squares)
                } else {
                    format!("  ... ({} below)", self.squares)
                },
            ],
            tree: None,
        }
    }

    fn count_lines(&self) -> [String; 2] {
        if self.zh() {
            [
                format!("跳 {}", self.moves),
                format!("退回 {}", self.retreats),
            ]
        } else {
            [
                format!("moves {}", self.moves),
                format!("retreats {}", self.retreats),
            ]
        }
    }

    fn counts(&self) -> PanelBlock {
        PanelBlock {
            title: if self.zh() { "计数" } else { "counts" }.into(),
            lines: self
                .count_lines()
                .into_iter()
                .map(PanelLine::plain)
                .collect(),
            rows: 2,
            widest: vec![if self.zh() {
                "退回 99999999"
            } else {
                "retreats 99999999"
            }
            .into()],
            tree: None,
        }
    }

    /// The panel of plain backtracking, which picks the next move in order (`in_order`), from the
    /// first picture on.
    pub fn in_move_order(mut self, in_order: bool) -> KnightPanel {
        self.in_order = in_order;
        self
    }

    /// Squares numbered so far (the stack's depth), for the tests.
    pub fn depth(&self) -> usize {
        self.stack.len()
    }
}

impl PanelSource for KnightPanel {
    type Event = KnightStep;

    fn reset(&mut self) {
        *self = KnightPanel {
            squares: self.squares,
            in_order: self.in_order,
            ..KnightPanel::new(1, 1, self.kinds, self.lang)
        };
    }

    fn observe(&mut self, step: &KnightStep) {
        match step.event {
            KnightEvent::Move {
                step: number,
                square,
            } => {
                let choice = self.next_choice.filter(|c| c.chosen().square == square);
                if let Some(c) = choice {
                    self.in_order = c.rule() == ChoiceRule::MoveOrder;
                }
                if let Some(top) = self.stack.last_mut() {
                    top.tried = choice.map(|c| c.chosen_index() as u32 + 1);
                }
                self.stack.push(Entry {
                    square,
                    step: number,
                    tried: Some(0),
                });
                self.moves += 1;
                self.last = Last::Move;
            }
            KnightEvent::Retreat { .. } => {
                self.stack.pop();
                self.retreats += 1;
                self.last = Last::Retreat;
            }
        }
        self.next_choice = step.next.and_then(|n| n.choice);
    }

    fn panel(&self) -> Panel {
        let mut blocks = Vec::new();
        if self.kinds.code {
            blocks.push(self.code());
        }
        if self.kinds.stack {
            blocks.push(self.stack_block());
        }
        if self.kinds.counts {
            blocks.push(self.counts());
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
        let top: Vec<String> = self
            .stack
            .iter()
            .rev()
            .take(SHOWN_ENTRIES)
            .map(|e| {
                let tried = e.tried.map_or_else(|| "-".to_string(), |t| t.to_string());
                format!("{},{}/{tried}", e.square.row, e.square.col)
            })
            .collect();
        format!("depth {} top {}", self.stack.len(), top.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::knight::explain_steps;
    use crate::solve::knight::{KnightProblem, Method};

    #[test]
    fn backtracking_counts_and_tries_as_its_trace() {
        let problem = KnightProblem::new(5, 5, Square::new(0, 0))
            .unwrap()
            .method(Method::Backtrack);
        let mut panel = KnightPanel::new(5, 5, PanelKinds::default(), Lang::En);
        let mut trace = problem.trace().unwrap();
        let mut moves = 0;
        for step in explain_steps(problem.trace().unwrap().with_choices()) {
            let step = step.unwrap();
            if matches!(step.event, KnightEvent::Move { .. }) {
                moves += 1;
            }
            panel.observe(&step);
            // Every entry below the top took a move it tried, at most eight.
            for e in &panel.stack[..panel.stack.len().saturating_sub(1)] {
                assert!(matches!(e.tried, Some(1..=8)), "{e:?}");
            }
        }
        for _ in trace.by_ref() {}
        assert_eq!(panel.retreats, trace.retreats());
        assert_eq!(panel.moves, moves);
        assert_eq!(panel.depth(), 25);
        assert!(panel.in_order);
    }
}
