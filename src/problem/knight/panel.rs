//! The knight's panel, in the names of the design report's program: the search on its explicit
//! stack `S` with the line that made the step, the stack's top entries `{a, b, di}` (the square's
//! row and column, and `di`, the try the program is at from it: 0 for the first direction
//! `NextPos` picks, raised by one at each retry) with its depth, and the moves and retreats.
//!
//! An entry's `di` is the solver's own data: the position of the square taken among the
//! candidates in the order the search tries them ([`KnightChoice::chosen_index`]), which the
//! explained trace carries one event ahead ([`KnightStep::next`]); the top entry, just pushed,
//! has tried nothing yet (`di = 0`).

use crate::geom::Square;
use crate::problem::knight::KnightStep;
use crate::problem::tromino::panel::widest;
use crate::scene::panel::{Panel, PanelBlock, PanelKinds, PanelLine, PanelSource};
use crate::solve::knight::{ChoiceRule, KnightChoice, KnightEvent};
use crate::text::Lang;

const CODE_EN: [&str; 8] = [
    "Push(S, {a, b, di = 0}) of the start; count = 1",
    "while (count < all squares):",
    "  curpos = NextPos(top): of the directions not tried",
    "    the one with the fewest onward moves, num()",
    "  if Pass(curpos): count++; board[a][b] = count;",
    "    Push(S, {a, b, di = 0})",
    "  else: Pop(S, e); count--; board[a][b] = 0;",
    "    while e.di == 7: pop again; e.di++: retry",
];

const CODE_ZH: [&str; 8] = [
    "起点 Push(S, {a, b, di = 0})；count = 1",
    "while (count < 方格数)：",
    "  curpos = NextPos(栈顶)：在未试过的走法中",
    "    选出口最少的一个，num()",
    "  若 Pass(curpos)：count++；board[a][b] = count；",
    "    Push(S, {a, b, di = 0})",
    "  否则：Pop(S, e)；count--；board[a][b] = 0；",
    "    while e.di == 7：出栈；e.di++：试下一个",
];

/// Plain backtracking takes the next move in the textbook's order instead.
const PICK_IN_ORDER_EN: &str = "    the next one in Htry1/Htry2 order";
const PICK_IN_ORDER_ZH: &str = "    按 Htry1/Htry2 的顺序取下一个";

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

/// One entry of the explicit stack: the program's `{a, b, di}` and the step that numbered it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    square: Square,
    step: u32,
    /// The program's `di`: tries from it before the one under way (`None`: a tour laid out
    /// without a search).
    di: Option<u32>,
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
        let di = e.di.map_or_else(|| "-".to_string(), |t| t.to_string());
        let entry = format!("{{{}, {}, {di}}}", e.square.row, e.square.col);
        if self.zh() {
            format!("{entry:<16} 第 {} 步", e.step)
        } else {
            format!("{entry:<16} step {}", e.step)
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
            di: Some(7),
        };
        PanelBlock {
            title: if self.zh() {
                "栈 S {a, b, di}（顶在上）"
            } else {
                "stack S of {a, b, di}, top first"
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
                    top.di = choice.map(|c| c.chosen_index() as u32);
                }
                self.stack.push(Entry {
                    square,
                    step: number,
                    di: Some(0),
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
                let di = e.di.map_or_else(|| "-".to_string(), |t| t.to_string());
                format!("{},{}/{di}", e.square.row, e.square.col)
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
            // Every entry below the top is at a try of its eight directions, the program's
            // di from 0 to 7; the top, just pushed, has tried none.
            for e in &panel.stack[..panel.stack.len().saturating_sub(1)] {
                assert!(matches!(e.di, Some(0..=7)), "{e:?}");
            }
            if matches!(step.event, KnightEvent::Move { .. }) {
                assert_eq!(panel.stack.last().unwrap().di, Some(0));
            }
        }
        for _ in trace.by_ref() {}
        assert_eq!(panel.retreats, trace.retreats());
        assert_eq!(panel.moves, moves);
        assert_eq!(panel.depth(), 25);
        assert!(panel.in_order);
    }
}
