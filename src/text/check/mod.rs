//! Checking an answer someone else's program printed: a tile matrix (or a CASE batch of them), a
//! knight's tour (a numbered matrix or a list of squares), a list of queens solutions or a trace of
//! the queens' search.
//!
//! A check reads the text, finds every mistake it can name by its line (and column) and says what
//! is wrong, in English or Chinese. Text that is no answer at all (binary data, words where numbers
//! belong, nothing) is an [`Error`]; an answer that was read but is wrong is a [`CheckReport`] with
//! mistakes. The report also holds what a figure of the answer needs ([`Drawing`]), so that the
//! mistakes can be marked on the board.

mod knight;
mod knight_steps;
mod list;
mod overflow;
mod queens;
mod queens_forms;
mod read;
mod region;
mod row;
mod trace;
mod tromino;
mod words;

use std::borrow::Cow;

use crate::error::{Error, Result};
use crate::geom::Square;
use crate::solve::queens::position::QueensPosition;
use crate::text::Lang;

pub use knight::{check_knight, KnightCheck};
pub use queens::{check_queens, QueensCheck};
pub use tromino::{check_tromino, TrominoCheck};
pub use words::{CheckPhrase, Part, Said};

use words::{said, text, CheckPhrase as P};

/// The most bytes of an answer read, so that a stream without end cannot exhaust memory: the
/// 1024 x 1024 tile matrix of `tromino -k 10` (6.7 MiB as chessviz prints it) and a list of every
/// solution of 13 queens fit; the 2048 x 2048 matrix of `-k 11` (28.8 MiB) does not, and is
/// refused as too long.
pub const MAX_ANSWER_BYTES: u64 = 16 << 20;

/// The most mistakes a report lists; more are counted ([`CheckReport::unlisted`]), so that a
/// file of junk cannot fill memory with them.
pub const LISTED_MISTAKES: usize = 100;

/// The mistakes of a check: the first [`LISTED_MISTAKES`] kept, all counted.
#[derive(Clone, Debug, Default)]
pub(super) struct Found {
    list: Vec<Finding>,
    total: usize,
    /// Of them, differences from the assignment (another special square, start or board).
    assignment: usize,
}

impl Found {
    pub(super) fn push(&mut self, finding: Finding) {
        self.total += 1;
        if self.list.len() < LISTED_MISTAKES {
            self.list.push(finding);
        }
    }

    /// A difference from the assignment: the answer may be right for another one.
    pub(super) fn push_assignment(&mut self, finding: Finding) {
        self.assignment += 1;
        self.push(finding);
    }

    /// Whether every mistake is a difference from the assignment.
    pub(super) fn only_assignment(&self) -> bool {
        self.total > 0 && self.total == self.assignment
    }

    pub(super) fn is_empty(&self) -> bool {
        self.total == 0
    }

    pub(super) fn len(&self) -> usize {
        self.total
    }

    /// The mistakes found but not kept.
    pub(super) fn unlisted(&self) -> usize {
        self.total - self.list.len()
    }

    /// The kept mistakes as report entries.
    pub(super) fn entries(self) -> impl Iterator<Item = Entry> {
        self.list.into_iter().map(Entry::Mistake)
    }

    /// "1 mistake", "3 mistakes": every one found.
    pub(super) fn said(&self) -> Said {
        words::mistakes(self.total)
    }
}

/// One mistake, where it is in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The line of the input (1-based); `None` for a mistake of the whole answer (a missing step,
    /// missing solutions).
    pub line: Option<usize>,
    /// The column of the line, in characters from 1, where a mistake has one.
    pub column: Option<usize>,
    /// What is wrong.
    pub said: Said,
}

impl Finding {
    fn at(line: usize, column: Option<usize>, said: Said) -> Finding {
        Finding {
            line: Some(line),
            column,
            said,
        }
    }

    fn whole(said: Said) -> Finding {
        Finding {
            line: None,
            column: None,
            said,
        }
    }

    /// The finding as one line: `line 6, column 3: ...`.
    pub fn say(&self, lang: Lang) -> String {
        let place = match (self.line, self.column) {
            (Some(l), Some(c)) => Said::new(P::AtLineColumn, vec![text(l), text(c)]),
            (Some(l), None) => Said::new(P::AtLine, vec![text(l)]),
            (None, _) => return self.said.say(lang),
        };
        Said::new(P::Placed, vec![said(place), said(self.said.clone())]).say(lang)
    }
}

/// One line of a report: a mistake, or the verdict on one case of a CASE batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A mistake.
    Mistake(Finding),
    /// The verdict on case `number` of a batch (`CASE:number`), after its mistakes.
    Case {
        /// The line of its `CASE:i`.
        line: usize,
        /// The case's number as written.
        number: u64,
        /// Whether the case is right.
        right: bool,
        /// The verdict.
        said: Said,
    },
}

impl Entry {
    /// The entry as one line.
    pub fn say(&self, lang: Lang) -> String {
        match self {
            Entry::Mistake(f) => f.say(lang),
            Entry::Case {
                number, said: s, ..
            } => Said::new(P::Case, vec![text(number), said(s.clone())]).say(lang),
        }
    }

    /// The line of the input the entry is about, if any.
    pub fn line(&self) -> Option<usize> {
        match self {
            Entry::Mistake(f) => f.line,
            Entry::Case { line, .. } => Some(*line),
        }
    }
}

/// What a check found.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckReport {
    /// The mistakes in the order of the input (the first mistake first) and, in a CASE batch, each
    /// case's verdict after its mistakes.
    pub entries: Vec<Entry>,
    /// The closing verdict: what the answer is and, when wrong, how many mistakes it has.
    pub verdict: Said,
    /// Whether the answer is right.
    pub right: bool,
    /// The answer as a figure can show it, with its mistakes; `None` where no board can be made of
    /// it (rows of different lengths) or a board too large for a figure (a tour of over a million
    /// squares).
    pub drawing: Option<Drawing>,
    /// What was read around the answer: the lines of text passed over, an encoding other than
    /// UTF-8.
    pub notes: Vec<Said>,
    /// Mistakes found beyond those listed in `entries` (at most [`LISTED_MISTAKES`] are).
    pub unlisted: usize,
    /// The mistake the figure shows, where it is not the first: a list of queens solutions is
    /// drawn as the board of one line, the first with a board to draw.
    pub figure_mistake: Option<Box<Finding>>,
}

impl CheckReport {
    /// The mistakes alone.
    pub fn mistakes(&self) -> impl Iterator<Item = &Finding> {
        self.entries.iter().filter_map(|e| match e {
            Entry::Mistake(f) => Some(f),
            Entry::Case { .. } => None,
        })
    }

    /// The mistake a figure of the answer is captioned with: the one it shows, else the first.
    pub fn shown_mistake(&self) -> Option<&Finding> {
        self.figure_mistake
            .as_deref()
            .or_else(|| self.mistakes().next())
    }

    /// Every mistake found, listed or not.
    pub fn mistake_count(&self) -> usize {
        self.mistakes().count() + self.unlisted
    }
}

/// An answer as a figure shows it, with the squares its mistakes are marked on.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Drawing {
    /// A tile matrix.
    Tiling {
        /// The side of the (square) matrix.
        side: u32,
        /// The numbers, row by row from the top.
        numbers: Vec<u64>,
        /// The squares of tiles that are not L-trominoes and of extra zeros: ringed.
        ringed: Vec<Square>,
        /// The exponent and special square when the answer is the textbook tiling itself: drawn as
        /// the textbook figure is.
        textbook: Option<(u32, Square)>,
    },
    /// A knight's path.
    Tour {
        /// Rows of the board.
        rows: u32,
        /// Columns of the board.
        cols: u32,
        /// The number printed on each square, row by row from the top (0: none, or 0), at most
        /// `u32::MAX`: the figure shows what was printed, where it was printed.
        printed: Vec<u32>,
        /// The squares in step order (a step written twice counts where it is first written).
        path: Vec<Square>,
        /// The squares of bad steps: crossed.
        crossed: Vec<Square>,
        /// Squares not visited, or visited twice: ringed.
        ringed: Vec<Square>,
    },
    /// Queens on a board: a solution, or a wrong line with its attacking pairs.
    Queens(QueensPosition),
}

/// `bytes` as the text of an answer, decoded: UTF-8 (a leading byte-order mark dropped), UTF-16
/// with its byte-order mark or without one when every other byte is NUL (PowerShell's `>`), else
/// GBK (the console of Chinese Windows). Text with NUL bytes left, text that is none of these, and
/// empty text (or only white space) are refused. The encoding is named when it is not UTF-8.
pub fn answer_text(bytes: &[u8]) -> Result<(Cow<'_, str>, Option<&'static str>)> {
    let (text, encoding) = decode(bytes).ok_or_else(|| {
        unreadable(match bytes.iter().position(|&b| b == 0) {
            Some(at) => Said::new(P::NotTextNul, vec![text(at + 1)]),
            None => Said::new(
                P::NotTextEncoding,
                vec![text(
                    std::str::from_utf8(bytes)
                        .err()
                        .map_or(0, |e| e.valid_up_to())
                        + 1,
                )],
            ),
        })
    })?;
    if let Some(at) = text.find('\0') {
        let at = text[..at].chars().count() + 1;
        return Err(unreadable(Said::new(
            P::NotTextNulChar,
            vec![words::text(at)],
        )));
    }
    if text.trim().is_empty() {
        return Err(unreadable(Said::new(P::EmptyAnswer, vec![])));
    }
    Ok((text, encoding))
}

/// The error of an answer that cannot be read, `said` in both languages.
pub fn unreadable(said: Said) -> Error {
    Error::Unreadable {
        message: said.say(Lang::En),
        zh: said.say(Lang::Zh),
    }
}

/// The text of `bytes` and the name of its encoding when it is not UTF-8; `None` when no encoding
/// reads it without errors.
fn decode(bytes: &[u8]) -> Option<(Cow<'_, str>, Option<&'static str>)> {
    use encoding_rs::{GBK, UTF_16BE, UTF_16LE};
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        let (text, errors) = encoding.decode_without_bom_handling(&bytes[bom..]);
        let name = (encoding != encoding_rs::UTF_8).then(|| encoding.name());
        return (!errors).then_some((text, name));
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        if !text.contains('\0') || bytes.len() < 2 {
            return Some((Cow::Borrowed(text), None));
        }
    }
    // UTF-16 without a byte-order mark: ASCII text leaves every other byte NUL.
    let nul_at = |parity: usize| {
        bytes.len() >= 2
            && bytes.len().is_multiple_of(2)
            && bytes
                .iter()
                .skip(parity)
                .step_by(2)
                .filter(|&&b| b == 0)
                .count()
                * 2
                >= bytes.len() / 2
    };
    for (encoding, parity) in [(UTF_16LE, 1), (UTF_16BE, 0)] {
        if nul_at(parity) {
            let (text, errors) = encoding.decode_without_bom_handling(bytes);
            return (!errors).then_some((text, Some(encoding.name())));
        }
    }
    if bytes.contains(&0) {
        return None;
    }
    let (text, errors) = GBK.decode_without_bom_handling(bytes);
    if !errors {
        return Some((text, Some(GBK.name())));
    }
    // A few stray bytes in UTF-8 text (a counter run past '9' into the bytes above ASCII): read,
    // with those bytes replaced, where there are no more of them than lines.
    let text = String::from_utf8_lossy(bytes);
    let stray = text
        .chars()
        .filter(|&c| c == char::REPLACEMENT_CHARACTER)
        .count();
    let lines = text.lines().count();
    (stray <= lines && stray * 10 <= bytes.len())
        .then_some((text, Some("UTF-8 (bytes that are not text replaced)")))
}

/// The notes of a report: the lines passed over, the encoding read.
fn notes(skipped: &[usize], encoding: Option<&'static str>) -> Vec<Said> {
    let mut notes = Vec::new();
    if let Some(name) = encoding {
        notes.push(Said::new(P::ReadAs, vec![text(name)]));
    }
    if !skipped.is_empty() {
        notes.push(Said::new(
            P::Skipped,
            vec![text(skipped.len()), text(region::ranges(skipped))],
        ));
    }
    notes
}
