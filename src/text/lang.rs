//! The language of built-in captions and labels: English (the default) or Chinese.
//!
//! Every built-in wording is a [`Phrase`] with one template per language; `{0}`, `{1}` stand for the
//! numbers and squares filled in. Chinese text is drawn with a subset of Noto Sans CJK SC bundled
//! with chessviz (`fonts/NotoSansCJKsc-subset.otf`), which holds the characters of these templates,
//! of the word list `fonts/cjk-words.txt` (the three problems' terms as Chinese textbooks write
//! them, the digits and full-width punctuation) and ASCII; a test checks that every one is there.
//! Chinese templates use full-width punctuation (：，；（）).

use std::fmt;

/// The language of built-in captions and labels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese.
    Zh,
}

impl Lang {
    /// Every language, in the order of [`Lang::NAMES`].
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];
    /// The languages' codes: `en`, `zh`.
    pub const NAMES: [&'static str; 2] = ["en", "zh"];

    /// The language of code `name` (`en`, `zh`).
    pub fn by_name(name: &str) -> Option<Lang> {
        Lang::NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name.trim()))
            .map(|i| Lang::ALL[i])
    }

    /// `phrase` in this language with `args` filled in.
    pub fn say(self, phrase: Phrase, args: &[&dyn fmt::Display]) -> String {
        let template = match self {
            Lang::En => phrase.en(),
            Lang::Zh => phrase.zh(),
        };
        fill(template, args)
    }

    /// `phrase` of a description in this language with `args` filled in.
    pub fn describe(self, phrase: DescriptionPhrase, args: &[&dyn fmt::Display]) -> String {
        let template = match self {
            Lang::En => phrase.en(),
            Lang::Zh => phrase.zh(),
        };
        fill(template, args)
    }

    /// The language's tag as BCP 47 writes it, for a document's `lang` (`en`, `zh-Hans`).
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-Hans",
        }
    }
}

/// Replaces `{0}`, `{1}`, ... in `template` with `args`.
pub(super) fn fill(template: &str, args: &[&dyn fmt::Display]) -> String {
    let mut out = template.to_string();
    for (i, a) in args.iter().enumerate() {
        out = out.replace(&format!("{{{i}}}"), &a.to_string());
    }
    out
}

macro_rules! phrases {
    ($(#[$doc:meta])* $enum:ident { $($name:ident => $en:literal, $zh:literal;)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum $enum {
            $(
                #[doc = $en]
                $name,
            )*
        }

        impl $enum {
            /// Every phrase.
            pub const ALL: &'static [$enum] = &[$($enum::$name),*];

            /// The English template.
            pub fn en(self) -> &'static str {
                match self { $($enum::$name => $en,)* }
            }

            /// The Chinese template.
            pub fn zh(self) -> &'static str {
                match self { $($enum::$name => $zh,)* }
            }
        }
    };
}

phrases! {
    /// A built-in wording drawn in figures (every Chinese character of it is in the bundled font).
    Phrase {
    SolutionOf => "Solution {0} of {1}", "第 {0} 组解，共 {1} 组";
    Solution => "Solution {0}", "第 {0} 组解";
    SolutionsFound => "solutions found: {0}", "已找到 {0} 组解";
    Start => "start", "开始";
    Step => "step {0}", "第 {0} 步";
    StepOf => "step {0}/{1}", "第 {0}/{1} 步";
    StepSays => "{0}: {1}", "{0}：{1}";
    QueenPlaced => "queen placed on {0}", "皇后放在 {0}";
    QueenRemoved => "queen removed from {0}", "皇后从 {0} 移走";
    SolutionFound => "solution {0} found", "找到第 {0} 组解";
    BoardSplit => "board split into quadrants", "棋盘分成四块";
    SubBoardSplit => "{0} x {0} sub-board at {1} split", "分割 {1} 处的 {0} x {0} 子棋盘";
    TilePlaced => "tile {0} placed", "放置第 {0} 块骨牌";
    FirstDivision => "The first division and its central L-tromino", "第一次分割及其中央的 L 型骨牌";
    Divisions => "Divisions of levels 1 to {0} and their central L-trominoes", "第 1 至 {0} 层分割及其中央的 L 型骨牌";
    KnightStarts => "knight starts on {0}", "马从 {0} 出发";
    KnightTo => "knight to {0}", "马跳到 {0}";
    Retreat => "retreat from {0}: dead end", "从 {0} 退回：死路";
    TourComplete => "tour complete: {0} squares, {1}", "周游完成：共 {0} 格，{1}";
    TourCompleteShort => "tour complete, {0}", "周游完成，{0}";
    TourCompleteBare => "tour complete", "周游完成";
    Retreats => "{0} retreats", "退回 {0} 次";
    OneRetreat => "1 retreat", "退回 1 次";
    Candidates => "{0} candidates", "{0} 个候选";
    OneCandidate => "1 candidate", "1 个候选";
    CountAndReason => "{0}; {1}", "{0}；{1}";
    OnlyCandidate => "{0}, {1}", "{0}，{1}";
    FewestOnward => "{0} has the fewest onward moves ({1})", "{0} 的后续走法最少（{1}）";
    FewestTied => "{0} and {1} tie at the fewest onward moves ({2}); {3}", "{0} 与 {1} 的后续走法并列最少（{2}）；{3}";
    ListJoin => ", ", "、";
    TieMoveOrder => "{0} comes first in move order", "{0} 在走法顺序中靠前";
    TieFarFromCentre => "{0} is farther from the centre", "{0} 离中心更远";
    TieFarFromStart => "{0} is farther from the start", "{0} 离起点更远";
    FirstInOrder => "{0} is the first in move order", "{0} 在走法顺序中排第一";
    LaterChoice => "{0} is choice {1}, {2}; the ones before led to dead ends", "{0} 是第 {1} 个选择，{2}；之前的都是死路";
    SecondChoice => "{0} is choice 2, {1}; the one before led to dead ends", "{0} 是第 2 个选择，{1}；之前的是死路";
    OnwardMoves => "{0} onward moves", "后续走法 {0} 种";
    OneOnwardMove => "1 onward move", "后续走法 1 种";
    PlusStart => "{0} + the start", "{0} + 起点";
    Next => "next: {0}", "下一步：{0}";
    NextBecause => "next {0}: {1}", "下一步 {0}：{1}";
    NextSquare => "next {0}", "下一步 {0}";
    FewestShort => "fewest onward moves ({0})", "后续走法最少（{0}）";
    FirstShort => "first in move order", "走法顺序第一";
    FarCentreShort => "farthest from the centre", "离中心最远";
    FarStartShort => "farthest from the start", "离起点最远";
    TiedShort => "tied at the fewest ({0}), {1}", "并列最少（{0}），{1}";
    TiedShorter => "tied ({0})", "并列（{0}）";
    LaterShort => "choice {0}, after dead ends", "第 {0} 个选择，前面是死路";
    StepBack => "no free square to go on: the knight steps back", "无路可走：马退回一步";
    StepBackShort => "dead end: step back", "死路：退回";
    ShapesTitle => "The four L-tromino shapes", "四种 L 型骨牌";
    Missing => "missing", "缺";
    TopLeft => "top-left", "左上角";
    TopRight => "top-right", "右上角";
    BottomLeft => "bottom-left", "左下角";
    BottomRight => "bottom-right", "右下角";
    ShapeMissing => "L missing its {0} cell", "缺{0}的 L 型";
    PairMoves => "{0} moves", "走 {0} 步";
    PairOneMove => "1 move", "走 1 步";
    PairCounts => "{0}, {1}", "{0}，{1}";
    PairTitle => "{0}: {1}", "{0}：{1}";
    PairFinished => "finished", "已完成";
    PairGaveUp => "gave up", "退回次数用完";
    PairNoSolution => "found none", "无解";
    PairEndedAt => "{0} {1} at step {2}", "{0}：第 {2} 步{1}";
    PairCutOff => "frame limit reached: {0} not finished", "图数用完：{0} 无结果";
    MethodWarnsdorff => "Warnsdorff's rule", "Warnsdorff 算法";
    MethodBacktrack => "plain backtracking", "回溯法";
    MethodConstruct => "construction", "分块合成";
    MethodAuto => "auto", "auto 方法";
    FundamentalOf => "Fundamental solution {0} of {1}", "第 {0} 组基本解，共 {1} 组";
    SheetAll => "{0} solutions of the {1}-queens problem", "{1} 皇后问题的 {0} 组解";
    SheetAllOne => "1 solution of the {0}-queens problem", "{0} 皇后问题的 1 组解";
    SheetUnique => "{0} fundamental solutions of the {1}-queens problem ({2} in all)", "{1} 皇后问题的 {0} 组基本解（共 {2} 组）";
    SheetUniqueOne => "1 fundamental solution of the {0}-queens problem ({1} in all)", "{0} 皇后问题的 1 组基本解（共 {1} 组）";
    ASolutionOf => "A solution of {0} queens", "{0} 皇后问题的一组解";
    NoQueens => "no queens", "没有皇后";
    OneQueen => "1 queen", "1 个皇后";
    QueensNoneAttacking => "{0} queens, none attacking", "{0} 个皇后，互不攻击";
    QueensOnePair => "{0} queens, 1 attacking pair", "{0} 个皇后，1 对互相攻击";
    QueensPairs => "{0} queens, {1} attacking pairs", "{0} 个皇后，{1} 对互相攻击";
    KnightDegrees => "knight moves from each square", "每格可走的马步数";
    }
}

phrases! {
    /// A wording of a picture's description ([`crate::Description`]): written into files and
    /// spoken by screen readers, never drawn, so its characters need no glyph in the bundled font.
    DescriptionPhrase {
    DescribeJoin => "{0}; {1}", "{0}；{1}";
    DescribeList => "{0}, {1}", "{0}，{1}";
    BoardOf => "{0} x {1} board", "{0} x {1} 棋盘";
    EmptyBoard => "the board is empty", "棋盘是空的";
    QueensBoard => "{0}-queens board", "{0} 皇后棋盘";
    QueensSearch => "{0}-queens search", "{0} 皇后问题的搜索";
    QueensOn => "queens on {0}", "皇后在 {0}";
    ColumnsHold => "columns {0} to {1} hold {2}", "第 {0} 至 {1} 列的皇后在 {2}";
    ColumnHolds => "column {0} holds {1}", "第 {0} 列的皇后在 {1}";
    NoneAttacking => "no two attack each other", "互不攻击";
    NoSolutionYet => "no solution yet", "尚未找到解";
    TourBoard => "knight's tour on a {0} x {1} board", "{0} x {1} 棋盘上的马的周游";
    TourStartedOn => "started on {0}", "从 {0} 出发";
    TourAtMove => "move {0} on {1}", "第 {0} 步在 {1}";
    TourSquaresLeft => "{0} squares to go", "还剩 {0} 格";
    TourOneSquareLeft => "1 square to go", "还剩 1 格";
    TourDone => "complete", "已完成";
    TourClosed => "closed: the last square is a knight's move from the start", "闭合：最后一格与起点只差一步马步";
    TourOpen => "open: the last square is not a knight's move from the start", "开放：最后一格与起点不只差一步马步";
    NoRetreats => "no retreats", "没有退回";
    TilingBoard => "L-tromino tiling of a {0} x {0} board, special square at {1}", "{0} x {0} 残缺棋盘的 L 型骨牌覆盖，特殊方格在 {1}";
    TilesPlacedOf => "{0} of {1} tiles placed", "已放置 {0}/{1} 块骨牌";
    AllTilesPlaced => "all {0} tiles placed", "{0} 块骨牌全部放好";
    WorkingOn => "working on the {0} x {0} sub-board at {1}", "正在处理 {1} 处的 {0} x {0} 子棋盘";
    TileLaidOn => "tile {0} just laid on {1}", "刚放下第 {0} 块骨牌，占 {1}";
    PieceOn => "{0} {1}", "{0} {1}";
    White => "white {0}", "白{0}";
    Black => "black {0}", "黑{0}";
    King => "king", "王";
    Queen => "queen", "后";
    Rook => "rook", "车";
    Bishop => "bishop", "象";
    Knight => "knight", "马";
    Pawn => "pawn", "兵";
    PieceGlyph => "piece {0}", "棋子 {0}";
    MarksOn => "marks: {0}", "标记：{0}";
    MarkDot => "dot on {0}", "{0} 有圆点";
    MarkCross => "cross on {0}", "{0} 有叉";
    MarkRing => "ring on {0}", "{0} 有圆圈";
    MarkFill => "{0} tinted", "{0} 着色";
    ArrowsOn => "arrows: {0}", "箭头：{0}";
    ArrowFromTo => "{0} to {1}", "{0} 到 {1}";
    PathThrough => "a path of {0} squares from {1} to {2}", "一条 {0} 格的路径，从 {1} 到 {2}";
    NumberedSquares => "{0} squares numbered", "{0} 格有编号";
    TiledSquares => "{0} squares covered by tiles", "{0} 格铺有骨牌";
    ColouredSquares => "{0} squares coloured", "{0} 格着色";
    SpecialSquareAt => "special square at {0}", "特殊方格在 {0}";
    StepSays => "{0}: {1}", "{0}：{1}";
    PanelShows => "beside the board: {0}", "棋盘旁：{0}";
    SheetOf => "{0} boards", "{0} 个棋盘";
    BoardNumber => "board {0}: {1}", "第 {0} 个棋盘：{1}";
    AnimationOf => "animation of {0} steps, ending on {1}", "共 {0} 步的动画，最后是{1}";
    AnimationOfOneStep => "animation of 1 step, ending on {1}", "共 1 步的动画，最后是{1}";
    AnimationFirstSteps => "animation of the first {0} steps, ending on {1}", "只含前 {0} 步的动画，最后是{1}";
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_is_what_the_captions_always_said() {
        assert_eq!(
            Lang::En.say(Phrase::SolutionOf, &[&1, &92]),
            "Solution 1 of 92"
        );
        assert_eq!(
            Lang::Zh.say(Phrase::SolutionOf, &[&1, &92]),
            "第 1 组解，共 92 组"
        );
        assert_eq!(Lang::Zh.say(Phrase::KnightTo, &[&"h5"]), "马跳到 h5");
        assert_eq!(Lang::by_name("ZH"), Some(Lang::Zh));
        assert_eq!(Lang::by_name("fr"), None);
    }

    /// Every character of every Chinese template is in the bundled subset, drawn as its own glyph
    /// (not the subset's empty-box glyph).
    #[test]
    fn the_bundled_cjk_subset_holds_every_character_of_the_chinese_captions() {
        use crate::display::glyph::Font;
        let font = Font::bundled_cjk();
        // A private-use character no font of ours has: drawn with the missing-glyph outline.
        let notdef = font.text_path("\u{E000}", 40.0);
        let mut checked = 0;
        for phrase in Phrase::ALL {
            for c in phrase.zh().chars().filter(|c| !c.is_whitespace()) {
                assert!(
                    font.has_glyph(c),
                    "{c:?} of {:?} is not in the subset",
                    phrase.zh()
                );
                let path = font.text_path(&c.to_string(), 40.0);
                assert!(!path.is_empty() || c == '{' || c == '}', "{c:?} has no ink");
                assert_ne!(path, notdef, "{c:?} is drawn as the missing glyph");
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked}");
        // The words of the three problems kept in fonts/cjk-words.txt, so that a title such as
        // "八皇后问题 图 1" needs no installed font.
        let words = include_str!("../../fonts/cjk-words.txt");
        for line in words.lines().filter(|l| !l.starts_with('#')) {
            for c in line.chars().filter(|c| !c.is_whitespace()) {
                assert!(
                    font.has_glyph(c),
                    "{c:?} of the word list is not in the subset"
                );
                assert_ne!(
                    font.text_path(&c.to_string(), 40.0),
                    notdef,
                    "{c:?} of the word list is drawn as the missing glyph"
                );
            }
        }
        font.check_text("八皇后问题 第1组解 图 1", "a title")
            .unwrap();
        // The step captions' separator and ASCII too.
        font.check_text(
            " \u{b7}!\"#%&'()*+,-./0123456789:;<=>?@ABCXYZ[]_abcxyz{|}~",
            "ASCII",
        )
        .unwrap();
    }
}
