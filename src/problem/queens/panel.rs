//! The search's panel: the Turbo C program's `try(i)` with the line that made the step, each placed
//! column with its row and the program's three arrays (`a[j-1]` for rows, `b[i+j-2]` and
//! `c[i-j+n-1]` for the two diagonal families, 1 where free as in the program), and the placements,
//! removals and solutions so far.

use crate::problem::tromino::panel::widest;
use crate::scene::panel::{Panel, PanelBlock, PanelKinds, PanelLine, PanelSource};
use crate::solve::queens::QueensEvent;
use crate::text::Lang;

const CODE_EN: [&str; 7] = [
    "try(i):\tcolumn i",
    "  for j = 1 to n:\ttry a row",
    "    if a[j-1] + b[i+j-2] + c[i-j+n-1] == 3:",
    "      place the queen at (i, j); set all 0",
    "      if i < n: try(i + 1)",
    "      else: a solution, print it",
    "      remove the queen; set all 1",
];

const CODE_ZH: [&str; 7] = [
    "try(i):\t第 i 列",
    "  for j = 1 到 n:\t试第 j 行",
    "    若 a[j-1] + b[i+j-2] + c[i-j+n-1] == 3：",
    "      在 (i, j) 放置皇后；三个数组置 0",
    "      若 i < n：try(i + 1)",
    "      否则：得到一组解，输出",
    "      移走皇后；三个数组置 1",
];

const LINE_TRY: usize = 0;
const LINE_PLACE: usize = 3;
const LINE_SOLUTION: usize = 5;
const LINE_REMOVE: usize = 6;

/// Placed columns listed at most; beyond, one line says how many more.
const SHOWN_COLUMNS: usize = 8;
/// Array entries per line.
const PER_LINE: usize = 8;

/// What the last event was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Last {
    Start,
    Place,
    Remove,
    Solution,
}

/// The search's panel, kept from its events.
#[derive(Clone, Debug)]
pub struct QueensPanel {
    kinds: PanelKinds,
    lang: Lang,
    n: u32,
    /// The row of the queen in each column placed, first column first.
    rows: Vec<u32>,
    /// The Turbo C arrays, 1 where free.
    a: Vec<u8>,
    b: Vec<u8>,
    c: Vec<u8>,
    placements: u64,
    removals: u64,
    solutions: u64,
    last: Last,
}

impl QueensPanel {
    /// The panel of the search for `n` queens showing `kinds`.
    pub fn new(n: u32, kinds: PanelKinds, lang: Lang) -> QueensPanel {
        let diagonals = (2 * n).saturating_sub(1) as usize;
        QueensPanel {
            kinds,
            lang,
            n,
            rows: Vec::new(),
            a: vec![1; n as usize],
            b: vec![1; diagonals],
            c: vec![1; diagonals],
            placements: 0,
            removals: 0,
            solutions: 0,
            last: Last::Start,
        }
    }

    fn zh(&self) -> bool {
        self.lang == Lang::Zh
    }

    /// Marks (i, j) (1-based column and row) as `value` in the three arrays.
    fn set(&mut self, i: u32, j: u32, value: u8) {
        let n = self.n as usize;
        let (i, j) = (i as usize, j as usize);
        if let Some(a) = self.a.get_mut(j - 1) {
            *a = value;
        }
        if let Some(b) = self.b.get_mut(i + j - 2) {
            *b = value;
        }
        if let Some(c) = (i + n).checked_sub(j + 1).and_then(|k| self.c.get_mut(k)) {
            *c = value;
        }
    }

    fn code(&self) -> PanelBlock {
        let code = if self.zh() { &CODE_ZH } else { &CODE_EN };
        let at = match self.last {
            Last::Start => LINE_TRY,
            Last::Place => LINE_PLACE,
            Last::Remove => LINE_REMOVE,
            Last::Solution => LINE_SOLUTION,
        };
        PanelBlock {
            title: if self.zh() { "代码" } else { "code" }.into(),
            lines: code
                .iter()
                .enumerate()
                .map(|(i, text)| PanelLine {
                    text: (*text).to_string(),
                    highlight: i == at,
                })
                .collect(),
            rows: code.len(),
            widest: widest(code),
            tree: None,
        }
    }

    fn column_line(&self, col: usize, row: u32) -> String {
        if self.zh() {
            format!("第 {} 列：第 {row} 行", col + 1)
        } else {
            format!("column {}: row {row}", col + 1)
        }
    }

    /// `name =` and the entries of `array`, `PER_LINE` a line, the entries in a column of their
    /// own (after a tab) so that every line's start under the first, and each entry under its
    /// index in the index row; a wrapped line says by how much its indices are past those
    /// (`+8`).
    fn array_lines(name: &str, array: &[u8]) -> Vec<String> {
        array
            .chunks(PER_LINE)
            .enumerate()
            .map(|(i, chunk)| {
                let digits: Vec<String> = chunk.iter().map(u8::to_string).collect();
                let head = if i == 0 {
                    format!("{name} =")
                } else {
                    format!("  +{}", i * PER_LINE)
                };
                format!("{head}\t{}", digits.join(" "))
            })
            .collect()
    }

    /// The row of indices the arrays' entries stand under: 0 to `PER_LINE - 1`, as far as the
    /// longest array reaches.
    fn index_line(&self) -> String {
        let len = self.b.len().max(self.a.len()).min(PER_LINE);
        let indices: Vec<String> = (0..len).map(|i| i.to_string()).collect();
        let name = if self.zh() { "序号" } else { "index" };
        format!("{name}\t{}", indices.join(" "))
    }

    fn array_rows(&self) -> usize {
        let per = |len: usize| len.div_ceil(PER_LINE).max(1);
        1 + per(self.a.len()) + 2 * per(self.b.len())
    }

    fn stack(&self) -> PanelBlock {
        let n = self.n as usize;
        let shown = n.min(SHOWN_COLUMNS);
        let more = n > SHOWN_COLUMNS;
        let mut lines: Vec<PanelLine> = Vec::new();
        // The deepest columns are the ones at work: the first ones give way to them.
        let skip = self.rows.len().saturating_sub(shown);
        if more && skip > 0 {
            let text = if self.zh() {
                format!("…（前 {skip} 列）")
            } else {
                format!("... ({skip} columns before)")
            };
            lines.push(PanelLine::plain(text));
        }
        let top = self.rows.len().saturating_sub(1);
        for (col, &row) in self.rows.iter().enumerate().skip(skip) {
            lines.push(PanelLine {
                text: self.column_line(col, row),
                highlight: col == top && self.last == Last::Place,
            });
        }
        let used = shown + usize::from(more);
        while lines.len() < used {
            lines.push(PanelLine::plain(""));
        }
        lines.push(PanelLine::plain(self.index_line()));
        for (name, array) in [("a", &self.a), ("b", &self.b), ("c", &self.c)] {
            lines.extend(
                Self::array_lines(name, array)
                    .into_iter()
                    .map(PanelLine::plain),
            );
        }
        // The first line of an array, a wrapped one with the largest offset, the index row.
        let mut widest_array = Self::array_lines("b", &vec![1; PER_LINE.min(self.b.len())]);
        widest_array.extend(Self::array_lines("b", &self.b).pop());
        widest_array.push(self.index_line());
        let widest_column = self.column_line(n.saturating_sub(1), self.n);
        let before = if self.zh() {
            format!("…（前 {n} 列）")
        } else {
            format!("... ({n} columns before)")
        };
        let mut widest = widest_array;
        widest.extend([widest_column, before]);
        PanelBlock {
            title: if self.zh() {
                "栈（每列的行）与数组 a b c"
            } else {
                "stack (row of each column), a b c"
            }
            .into(),
            lines,
            rows: used + self.array_rows(),
            widest,
            tree: None,
        }
    }

    fn count_lines(&self) -> [String; 3] {
        if self.zh() {
            [
                format!("放置 {}", self.placements),
                format!("移走 {}", self.removals),
                format!("解 {}", self.solutions),
            ]
        } else {
            [
                format!("placements {}", self.placements),
                format!("removals {}", self.removals),
                format!("solutions {}", self.solutions),
            ]
        }
    }

    fn counts(&self) -> PanelBlock {
        let widest = if self.zh() {
            "放置 99999999"
        } else {
            "placements 99999999"
        };
        PanelBlock {
            title: if self.zh() { "计数" } else { "counts" }.into(),
            lines: self
                .count_lines()
                .into_iter()
                .map(PanelLine::plain)
                .collect(),
            rows: 3,
            widest: vec![widest.into()],
            tree: None,
        }
    }
}

impl PanelSource for QueensPanel {
    type Event = QueensEvent;

    fn reset(&mut self) {
        *self = QueensPanel::new(self.n, self.kinds, self.lang);
    }

    fn observe(&mut self, event: &QueensEvent) {
        match *event {
            QueensEvent::Place { col, row } => {
                self.rows.truncate(col.saturating_sub(1) as usize);
                self.rows.push(row);
                self.set(col, row, 0);
                self.placements += 1;
                self.last = Last::Place;
            }
            QueensEvent::Remove { col, row } => {
                self.rows.truncate(col.saturating_sub(1) as usize);
                self.set(col, row, 1);
                self.removals += 1;
                self.last = Last::Remove;
            }
            QueensEvent::Solution { .. } => {
                self.solutions += 1;
                self.last = Last::Solution;
            }
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
        let rows: Vec<String> = self.rows.iter().map(u32::to_string).collect();
        let digits = |v: &[u8]| v.iter().map(u8::to_string).collect::<String>();
        format!(
            "rows [{}] a {} b {} c {}",
            rows.join(" "),
            digits(&self.a),
            digits(&self.b),
            digits(&self.c)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_full_search_of_eight_counts_as_the_program() {
        let mut panel = QueensPanel::new(8, PanelKinds::default(), Lang::En);
        for e in crate::solve::queens::search(8).unwrap() {
            panel.observe(&e);
        }
        assert_eq!(
            panel.counts_text(),
            "placements 2056, removals 2056, solutions 92"
        );
        // Every queen taken off again: every row and diagonal free.
        assert_eq!(
            panel.stack_text(),
            format!(
                "rows [] a {} b {} c {}",
                "1".repeat(8),
                "1".repeat(15),
                "1".repeat(15)
            )
        );
    }

    #[test]
    fn a_placement_takes_its_row_and_both_diagonals() {
        let mut panel = QueensPanel::new(4, PanelKinds::default(), Lang::En);
        panel.observe(&QueensEvent::Place { col: 1, row: 1 });
        panel.observe(&QueensEvent::Place { col: 2, row: 3 });
        // Row 1 and 3 taken; b[i+j-2]: 0 and 3; c[i-j+n-1]: 3 and 2.
        assert_eq!(panel.stack_text(), "rows [1 3] a 0101 b 0110111 c 1100111");
    }
}
