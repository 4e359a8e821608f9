//! The wording of a check's findings and verdicts, in English and Chinese.
//!
//! Kept apart from the captions' [`Phrase`](crate::text::Phrase): these are printed, and drawn
//! only as the caption of a checked answer's figure (its mistake and the key of its marks). Their
//! Chinese characters are in the bundled CJK subset, as the captions' are (tested below).

use std::fmt;

use crate::text::Lang;

macro_rules! check_phrases {
    ($($name:ident => $en:literal, $zh:literal;)*) => {
        /// A wording of a check: one template per language, `{0}`, `{1}` for what is filled in.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum CheckPhrase {
            $(
                #[doc = $en]
                $name,
            )*
        }

        impl CheckPhrase {
            /// Every phrase.
            pub const ALL: &'static [CheckPhrase] = &[$(CheckPhrase::$name),*];

            /// The template in `lang`.
            pub fn template(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $((CheckPhrase::$name, Lang::Zh) => $zh,)*
                    $((CheckPhrase::$name, _) => $en,)*
                }
            }
        }
    };
}

check_phrases! {
    AtLine => "line {0}", "第 {0} 行";
    AtLineColumn => "line {0}, column {1}", "第 {0} 行第 {1} 列";
    Placed => "{0}: {1}", "{0}: {1}";
    Right => "right", "正确";
    Wrong => "wrong", "错误";
    Verdict => "{0}: {1}: {2}", "{0}: {1}: {2}";
    Unreadable => "unreadable", "无法读取";
    Note => "{0}: note: {1}", "{0}: 注意: {1}";
    MoreEntries => "{0}: ... and {1} more", "{0}: ... 另有 {1} 条";
    Summary => "{0} files: {1} right, {2} wrong, {3} unreadable", "共 {0} 个文件: {1} 个正确, {2} 个错误, {3} 个无法读取";
    ErrorLine => "error: {0}", "错误: {0}";
    Mistakes => "{0} mistakes", "{0} 处错误";
    OneMistake => "1 mistake", "1 处错误";
    Case => "CASE:{0}: {1}", "CASE:{0}: {1}";
    Cases => "{0} cases: {1}", "共 {0} 组: {1}";
    AllCasesRight => "all right", "全部正确";
    CasesWrong => "{0} wrong", "{0} 组错误";
    AndMore => "{0} and {1} more", "{0} 等, 另有 {1} 个";
    ReadAs => "read as {0} text", "按 {0} 编码读取";
    Skipped => "{0} lines of text passed over, not part of the answer: {1}", "跳过了 {0} 行不属于答案的文字: 第 {1} 行";

    NotTextNul => "it is not text (a NUL byte at byte {0}): an answer is text as a program prints it", "不是文本 (第 {0} 个字节是 NUL): 答案应是程序输出的文本";
    NotTextEncoding => "it is not text in UTF-8, UTF-16 or GBK (byte {0} cannot be read): an answer is text as a program prints it", "不是 UTF-8、UTF-16 或 GBK 编码的文本 (第 {0} 个字节无法读取): 答案应是程序输出的文本";
    NotTextNulChar => "it is not text (a NUL character at character {0}): an answer is text as a program prints it", "不是文本 (第 {0} 个字符是 NUL): 答案应是程序输出的文本";
    EmptyAnswer => "it is empty: there is no answer to check", "文件是空的: 没有可检查的答案";
    NoAnswer => "no {0} found in it", "其中找不到{0}";
    NotA => "line {0}, column {1}: '{2}' is not {3}", "第 {0} 行第 {1} 列: '{2}' 不是{3}";
    NotAndGoesOn => "line {0}: '{1}' is not {2}, and the answer goes on at line {3}", "第 {0} 行: '{1}' 不是{2}, 而答案在第 {3} 行还有";
    ReadsTwoWays => "line {0}: {1} does not fit %{2}d, so the line reads two ways; print with %{3}d", "第 {0} 行: {1} 超出 %{2}d 的宽度, 这一行有两种读法; 请用 %{3}d 输出";
    WhatTour => "numbered matrix or list of squares", "步数矩阵或方格列表";
    WhatSolutions => "list of solutions (the row of the queen in each column)", "解的列表 (每一列皇后所在的行)";
    WhatTiles => "tile matrix (rows of numbers)", "骨牌矩阵 (一行行的数)";
    WhatSquare => "a square (ROW,COL such as 2,3, (2,3), or c5)", "方格 (行,列, 如 2,3、(2,3) 或 c5)";
    WhatStep => "a step number or a square", "步数或方格";
    WhatTile => "a tile number", "骨牌编号";
    AFolder => "a folder, not a file: give the files in it (class/*.txt) or - (standard input)", "这是文件夹, 不是文件: 请给出其中的文件 (class/*.txt) 或 - (标准输入)";
    AnswerTooLarge => "an answer is at most {0} MiB of text", "答案最多 {0} MiB 文本";
    SystemSays => "the system says: {0}", "系统提示: {0}";
    TooManyRows => "the answer has {0} rows; a board has at most {1}", "答案有 {0} 行; 棋盘最多 {1} 行";
    CaseOrder => "CASE:{0} where CASE:{1} was expected", "此处应为 CASE:{1}, 却是 CASE:{0}";
    CaseEmpty => "CASE:{0} holds no matrix", "CASE:{0} 没有矩阵";
    TileRowLength => "this row has {0} numbers; a board of {1} rows has {1} in each", "这一行有 {0} 个数; {1} 行的棋盘每行应有 {1} 个";
    SideNotPowerOfTwo => "the board is {0} x {0}; its side must be a power of two (1, 2, 4, 8, ...)", "棋盘为 {0} x {0}; 边长必须是 2 的幂 (1, 2, 4, 8, ...)";
    NoSpecial => "no square holds 0, the special square", "没有值为 0 的特殊方格";
    SecondSpecial => "square {0} holds a second 0; the special square is {1} (line {2})", "方格 {0} 是第二个 0; 特殊方格已在 {1} (第 {2} 行)";
    TileSize => "tile {0} covers {1} squares ({2}); a tile covers 3", "骨牌 {0} 覆盖了 {1} 个方格 ({2}); 一块骨牌覆盖 3 个";
    TileNotL => "tile {0} covers {1}, which do not form an L", "骨牌 {0} 覆盖的 {1} 不构成 L 型";
    TileCount => "{0} tiles; a {1} x {1} board takes (4^{2} - 1) / 3 = {3}", "共 {0} 块骨牌; {1} x {1} 的棋盘需要 (4^{2} - 1) / 3 = {3} 块";
    TilingTextbook => "a valid tiling, the textbook numbering", "覆盖正确, 与教材的编号一致";
    TilingRenumbered => "a valid tiling, but not the textbook numbering: square {0} (line {1}) has {2}, the textbook {3}", "覆盖正确, 但不是教材的编号: 方格 {0} (第 {1} 行) 为 {2}, 教材为 {3}";
    TilingRenumberedUnknown => "a valid tiling; the textbook numbering is not compared above k = {0}", "覆盖正确; k 大于 {0} 时不与教材的编号比较";
    SideDiffers => "the board is {0} x {0}; the assignment says {1} x {1}", "棋盘为 {0} x {0}; 题目要求 {1} x {1}";
    SpecialDiffers => "the special square is {0}; the assignment says {1}", "特殊方格是 {0}; 题目要求 {1}";
    NotTextbook => "not the textbook numbering: square {0} (line {1}) has {2}, the textbook {3}", "不是教材的编号: 方格 {0} (第 {1} 行) 为 {2}, 教材为 {3}";
    TilingNotTextbook => "a valid tiling, but the textbook numbering is required: square {0} (line {1}) has {2}, the textbook {3}", "覆盖正确, 但题目要求教材的编号: 方格 {0} (第 {1} 行) 为 {2}, 教材为 {3}";
    TilingOtherAssignment => "a valid tiling, but not of the assignment: {0}", "覆盖正确, 但不符合题目要求: {0}";
    TilingInvalid => "not a valid tiling: {0}", "覆盖错误: {0}";
    DiffersAt => "{0}; the textbook numbering differs first at square {1} (line {2}): {3}, the textbook {4}", "{0}; 与教材编号第一个不同的方格是 {1} (第 {2} 行): {3}, 教材为 {4}";

    BoardDiffers => "the board is {0} x {1}; the assignment says {2} x {3}", "棋盘为 {0} x {1}; 题目要求 {2} x {3}";
    StartDiffers => "the tour starts at {0}; the assignment says {1}", "路线从 {0} 出发; 题目要求从 {1} 出发";
    StepRowLength => "this row has {0} numbers, the first row {1}", "这一行有 {0} 个数, 第一行有 {1} 个";
    StepOutOfRange => "{0} is not a step of a {1} x {2} board (1 to {3})", "{0} 不是 {1} x {2} 棋盘上的步数 (应为 1 到 {3})";
    NotVisited => "square {0} is not visited", "方格 {0} 没有走到";
    StepTwice => "step {0} at square {1} appears again at {2} (line {3})", "第 {0} 步在方格 {1}, 又出现在 {2} (第 {3} 行)";
    StepMissing => "step {0} is missing", "缺少第 {0} 步";
    NotKnightMove => "step {0} at {1} is not a knight's move from step {2} at {3}", "第 {0} 步 {1} 不是从第 {2} 步 {3} 走出的马步";
    Revisit => "step {0} at {1} returns to the square of step {2}", "第 {0} 步 {1} 回到了第 {2} 步的方格";
    OffBoard => "step {0} '{1}' is off the {2} x {3} board", "第 {0} 步 '{1}' 不在 {2} x {3} 的棋盘上";
    PathShort => "the path visits {0} of {1} squares; not visited: {2}", "路径只走过 {1} 格中的 {0} 格; 没有走到: {2}";
    NotClosed => "the tour is not closed: step {0} at {1} is not a knight's move from step 1 at {2}", "路线不闭合: 第 {0} 步 {1} 与第 1 步 {2} 之间不是马步";
    TourRight => "a knight's tour of {0} squares", "正确的马踏棋盘路线, 共 {0} 格";
    ClosedTourRight => "a closed knight's tour of {0} squares", "正确的闭合马踏棋盘路线, 共 {0} 格";
    TourOtherAssignment => "a knight's tour of {0} squares, but not of the assignment: {1}", "马踏棋盘路线正确 (共 {0} 格), 但不符合题目要求: {1}";
    TourWrong => "not a knight's tour: {0}", "不是正确的马踏棋盘路线: {0}";

    AttackRow => "{0}: queens {1} and {2} attack each other on a row", "{0}: 皇后 {1} 和 {2} 在同一行上互相攻击";
    AttackDiagonal => "{0}: queens {1} and {2} attack each other on a diagonal", "{0}: 皇后 {1} 和 {2} 在同一斜线上互相攻击";
    MorePairs => "{0} ({1} attacking pairs in all)", "{0} (共 {1} 对互相攻击)";
    Columns => "{0}: {1} columns; the board has {2}", "{0}: 有 {1} 列, 棋盘有 {2} 列";
    RowOff => "{0}: row {1} in column {2} is off the {3} x {3} board", "{0}: 第 {2} 列的行号 {1} 超出 {3} x {3} 的棋盘";
    NotASolution => "'{0}' is not a solution (the row of the queen in each column)", "'{0}' 不是一组解 (应为每一列皇后所在的行)";
    Repeats => "{0} repeats line {1}", "{0} 与第 {1} 行重复";
    MissingSolutions => "{0} of {1}: missing {2}", "{1} 组中只有 {0} 组: 缺少 {2}";
    GridShape => "the board on lines {0} has {1} lines of {2} squares; a board is square", "第 {0} 行的棋盘有 {1} 行, 每行 {2} 格; 棋盘应为正方形";
    GridColumn => "the board on lines {0}: column {1} has {2} queens; each column has one", "第 {0} 行的棋盘: 第 {1} 列有 {2} 个皇后; 每列应有一个";
    ListRight => "{0} solutions of {1} queens, each valid", "{1} 皇后的 {0} 组解, 每组都正确";
    ListComplete => "all {0} solutions of {1} queens", "{1} 皇后的全部 {0} 组解";
    ListWrong => "{0} in {1} lines", "{1} 行中有 {0}";

    EventNumber => "event {0} where {1} was expected", "事件编号为 {0}, 应为 {1}";
    NotAnEvent => "'{0}' is not an event of the search (place, remove, solution)", "'{0}' 不是搜索的事件 (place, remove, solution)";
    NextColumn => "{0}: the next column is {1}", "{0}: 下一列应为第 {1} 列";
    RowOffTrace => "{0}: row {1} is off the {2} x {2} board", "{0}: 行号 {1} 超出 {2} x {2} 的棋盘";
    SquareAttacked => "{0}: {1} is attacked by the queen on {2}", "{0}: {1} 受到 {2} 上皇后的攻击";
    RowTried => "{0}: rows are tried 1 to {1} in order, and row {2} came before", "{0}: 行号应按 1 到 {1} 的顺序尝试, 而第 {2} 行已经试过";
    RowSkipped => "{0}: row {1} is free and comes first", "{0}: 第 {1} 行可以放, 应先试";
    RemoveWrong => "{0}: the queen on top is on column {1} row {2}", "{0}: 最后放下的皇后在第 {1} 列第 {2} 行";
    RemoveNone => "{0}: no queen is on the board", "{0}: 棋盘上没有皇后";
    SolutionNotFull => "{0}: only {1} of {2} queens are on the board", "{0}: 棋盘上只有 {1} 个皇后, 应有 {2} 个";
    SolutionDiffers => "{0}: the board holds {1}", "{0}: 棋盘上是 {1}";
    SolutionNumber => "{0}: solution {1} where {2} was expected", "{0}: 解的编号为 {1}, 应为 {2}";
    SolutionUnsaid => "{0}: the board holds solution {1}, which comes first", "{0}: 棋盘上已是第 {1} 组解, 应先输出";
    ColumnNotDone => "{0}: column {1} still has a free row, {2}", "{0}: 第 {1} 列还有可放的第 {2} 行";
    TraceRight => "{0} events and {1} solutions of {2} queens, each legal", "{2} 皇后的 {0} 个事件和 {1} 组解, 全部合法";
    FigureMistake => "{0} ({1} in all)", "{0} (共 {1})";
    KeyTile => "○ a tile that is not an L, or a second 0", "○ 不构成 L 型的骨牌或多余的 0";
    KeySquare => "○ a square not visited, or visited twice", "○ 没有走到或走了两次的方格";
    KeyStep => "□ a step that is not a knight's move", "□ 不是马步的一步";
    KeyQueens => "○ and a line: queens that attack each other", "○ 和连线: 互相攻击的皇后";
    TraceWrong => "an illegal event in the search for {0} queens (the events after it are not checked)", "{0} 皇后的搜索中有不合法的事件 (其后的事件不再检查)";
}

/// A wording with its values filled in later, in the language the reader asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// The wording.
    pub phrase: CheckPhrase,
    /// What fills its `{0}`, `{1}`, ...: numbers, squares, or other wordings.
    pub args: Vec<Part>,
}

/// One value of a [`Said`]: plain text (a number, a square, a solution) or a wording of its own,
/// put in the same language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Text that reads the same in every language.
    Text(String),
    /// A wording in the reader's language.
    Said(Box<Said>),
}

impl Said {
    /// `phrase` with `args`.
    pub fn new(phrase: CheckPhrase, args: Vec<Part>) -> Said {
        Said { phrase, args }
    }

    /// The text in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        let args: Vec<String> = self
            .args
            .iter()
            .map(|a| match a {
                Part::Text(t) => t.clone(),
                Part::Said(s) => s.say(lang),
            })
            .collect();
        let shown: Vec<&dyn fmt::Display> = args.iter().map(|a| a as &dyn fmt::Display).collect();
        crate::text::lang::fill(self.phrase.template(lang), &shown)
    }
}

/// Text for a [`Said`]'s value.
pub fn text(value: impl fmt::Display) -> Part {
    Part::Text(value.to_string())
}

/// A wording as a value of another.
pub fn said(s: Said) -> Part {
    Part::Said(Box::new(s))
}

/// "1 mistake", "3 mistakes".
pub fn mistakes(count: usize) -> Said {
    if count == 1 {
        Said::new(CheckPhrase::OneMistake, vec![])
    } else {
        Said::new(CheckPhrase::Mistakes, vec![text(count)])
    }
}

/// At most `shown` items joined by spaces, and how many more there are.
pub fn some_of(items: &[String], shown: usize) -> Part {
    let head = items[..items.len().min(shown)].join(" ");
    if items.len() > shown {
        said(Said::new(
            CheckPhrase::AndMore,
            vec![text(head), text(items.len() - shown)],
        ))
    } else {
        text(head)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_phrase_has_the_same_blanks_in_both_languages() {
        for phrase in CheckPhrase::ALL {
            let blanks = |t: &str| {
                let mut b: Vec<usize> =
                    (0..6).filter(|i| t.contains(&format!("{{{i}}}"))).collect();
                b.sort_unstable();
                b
            };
            assert_eq!(
                blanks(phrase.template(Lang::En)),
                blanks(phrase.template(Lang::Zh)),
                "{phrase:?}"
            );
        }
    }

    /// A figure's caption is any wording: each of its characters has a glyph of its own in the
    /// bundled fonts (the CJK subset for Chinese), the keys' symbols in both.
    #[test]
    fn every_wording_can_be_drawn_in_a_caption() {
        use crate::display::glyph::Font;
        let (latin, cjk) = (Font::bundled(), Font::bundled_cjk());
        for phrase in CheckPhrase::ALL {
            for (font, lang) in [(&latin, Lang::En), (&cjk, Lang::Zh)] {
                let template = phrase.template(lang);
                for c in template.chars().filter(|c| !c.is_whitespace()) {
                    assert!(font.has_glyph(c), "{c:?} of {template:?}");
                }
            }
        }
    }

    #[test]
    fn wordings_nest_in_the_readers_language() {
        let inner = mistakes(2);
        let outer = Said::new(CheckPhrase::TilingInvalid, vec![said(inner)]);
        assert_eq!(outer.say(Lang::En), "not a valid tiling: 2 mistakes");
        assert_eq!(outer.say(Lang::Zh), "覆盖错误: 2 处错误");
    }
}
