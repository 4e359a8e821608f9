//! The one error type of the library.
//!
//! Every failure a user can cause (a bad argument, malformed input, an image too large, a board with no
//! tour) is an [`Error`] whose `Display` is a single line. The library speaks of values, never of
//! command-line options: limits come as fields (the largest cell that fits, the limit in pixels) so that
//! a program can word its own advice; the `chessviz` command turns them into hints that name its flags.
//! Nothing in the library panics on user input.

use std::fmt;
use std::path::PathBuf;

/// Everything that can go wrong in chessviz.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// An argument or an input value is out of range or malformed. The message is the whole line
    /// shown to a user; `kind` says what was wrong, for a program to match on.
    #[error("{message}")]
    Invalid {
        /// What was wrong: a square, a board size, a font, ...
        kind: InvalidKind,
        /// The one-line description.
        message: String,
    },
    /// A checked answer cannot be read (it is not text, holds no answer, or reads two ways): why,
    /// in English and in Chinese, for a report in either language.
    #[error("{message}")]
    Unreadable {
        /// The one-line reason, in English.
        message: String,
        /// The same reason in Chinese.
        zh: String,
    },
    /// The problem has no solution for these parameters (for example no knight's tour on 4 x 4).
    #[error("{0}")]
    NoSolution(String),
    /// The requested image or animation would exceed a format or memory limit.
    #[error("{0}")]
    TooLarge(String),
    /// A search ran out of its budget (a retreat budget, a frame cap).
    #[error("{0}")]
    Budget(String),
    /// The run was cancelled (by its [`Cancel`](crate::Cancel) token or its progress callback) before
    /// the output was complete.
    #[error("interrupted; no file was left half-written")]
    Interrupted,
    /// Reading or writing a file failed. An [`std::io::Error`] met with `?` becomes one without a
    /// path (its message is then the system's alone).
    #[error("{}{source}", PathPrefix(path))]
    Io {
        /// The file or folder involved; empty when it is not known (an error converted with `?`).
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// An encoder failed for a reason other than I/O.
    #[error("encoding failed: {0}")]
    Encode(String),
    /// A cell side outside the sizes a figure can have.
    #[error("a cell of {cell} pixels is outside {min}..={max} pixels")]
    CellOutOfRange {
        /// The cell side asked for.
        cell: u32,
        /// The smallest cell side.
        min: u32,
        /// The largest cell side.
        max: u32,
    },
    /// A margin wider than a figure may have.
    #[error("a margin of {margin} pixels is more than {max} pixels")]
    MarginTooLarge {
        /// The margin asked for.
        margin: u32,
        /// The largest margin.
        max: u32,
    },
    /// A figure would have more pixels than an image may have.
    #[error(
        "a {rows} x {cols} board at {cell} pixels a cell is {width} x {height} pixels, over the limit of {limit} pixels (16384 x 16384); {}",
        Advice { max_cell: *max_cell, margin: *margin }
    )]
    ImageTooLarge {
        /// Rows of the board.
        rows: u32,
        /// Columns of the board.
        cols: u32,
        /// The cell side asked for, in pixels.
        cell: u32,
        /// The figure's width in pixels.
        width: u64,
        /// The figure's height in pixels.
        height: u64,
        /// The most pixels an image may have.
        limit: u64,
        /// The largest cell side that fits, `None` when not even 1 pixel does.
        max_cell: Option<u32>,
        /// The margin asked for, in pixels.
        margin: u32,
    },
    /// A picture (not a board figure) would have more pixels than an image may have.
    #[error("an image of {width} x {height} pixels exceeds the limit of {limit} pixels; draw it smaller")]
    CanvasTooLarge {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
        /// The most pixels an image may have.
        limit: u64,
    },
    /// An animation's frames would be wider or taller than a GIF can be.
    #[error(
        "a {rows} x {cols} board at {cell} pixels a cell makes a GIF of {width} x {height} pixels, over the format's limit of {limit} pixels a side; {}",
        Advice { max_cell: *max_cell, margin: *margin }
    )]
    GifTooLarge {
        /// Rows of the board.
        rows: u32,
        /// Columns of the board.
        cols: u32,
        /// The cell side asked for, in pixels.
        cell: u32,
        /// The figure's width in pixels.
        width: u64,
        /// The figure's height in pixels.
        height: u64,
        /// The most pixels a GIF may have on a side.
        limit: u32,
        /// The largest cell side that fits, `None` when not even 1 pixel does.
        max_cell: Option<u32>,
        /// The margin asked for, in pixels.
        margin: u32,
    },
    /// A caption holds a word wider than the figure even on a line of its own.
    #[error(
        "the caption's word \"{}\" needs a figure {needed} pixels wide, and this one is {width}; {}",
        Shortened(word), CellAdvice(*cell)
    )]
    CaptionTooWide {
        /// The word (or run of text without a place to break) that does not fit.
        word: String,
        /// The figure's width in pixels.
        width: u32,
        /// The width that holds the word, in pixels.
        needed: u32,
        /// The smallest cell side whose figure holds it, where one does.
        cell: Option<u32>,
    },
    /// Text holds a character its font has no glyph for (it would be drawn as an empty box).
    #[error(
        "the font {font} has no glyph for '{character}' (U+{:04X}) in {text}; choose a font that has it",
        *character as u32
    )]
    MissingGlyph {
        /// The first character the font lacks.
        character: char,
        /// What the font is called: its family or its file's name.
        font: String,
        /// What text it is in: "the caption", "the built-in captions".
        text: String,
    },
    /// An animation would have more frames than the limit.
    #[error(
        "the animation would have more than {limit} frames; keep fewer (one in K) or stop it early"
    )]
    TooManyFrames {
        /// The most frames an animation may have.
        limit: u64,
    },
    /// Thinning an animation to one frame in 0.
    #[error("an animation keeps one frame in K, and K must be at least 1")]
    ZeroEvery,
    /// A contact sheet over the canvas limit.
    #[error(
        "a sheet of {count} boards in {columns} columns would be {width} x {height} pixels, over the limit of {limit} pixels; use smaller cells"
    )]
    SheetTooLarge {
        /// Boards on the sheet.
        count: usize,
        /// Boards per row.
        columns: u32,
        /// The sheet's width in pixels.
        width: u64,
        /// The sheet's height in pixels.
        height: u64,
        /// The most pixels an image may have.
        limit: u64,
    },
    /// A contact sheet of zero columns.
    #[error("a contact sheet needs at least 1 column")]
    ZeroColumns,
    /// A tromino board too large to be a scene (it can only be streamed).
    #[error("a tromino figure of k = {k} is drawn by streaming only; k <= {max_k} here")]
    SceneTooLarge {
        /// The board is 2^k a side.
        k: u32,
        /// The largest k drawn as a scene.
        max_k: u32,
    },
    /// A colour per tile asked for more tiles than have distinct colours.
    #[error(
        "a colour per tile gives each of the {tiles} tiles its own colour and is limited to k <= {max_k}; colour the tiles properly (3 colours) instead"
    )]
    TooManyTileColors {
        /// Tiles on the board.
        tiles: u32,
        /// The largest k with a colour per tile.
        max_k: u32,
    },
    /// A FEN position that cannot be read: the field that is wrong, and what is wrong with it.
    #[error("FEN {field}: {message}")]
    Fen {
        /// The field of the six that is wrong.
        field: FenField,
        /// What is wrong with it, in one line.
        message: String,
    },
    /// A batch of queens solutions larger than a batch draws.
    #[error("{}", BatchAdvice { n: *n, solutions: *solutions, limit: *limit })]
    BatchTooLarge {
        /// Board side.
        n: u32,
        /// How many solutions the batch would hold; `None` when beyond counting.
        solutions: Option<u64>,
        /// The most a batch draws.
        limit: u64,
    },
}

/// What an [`Error::Invalid`] refused, for a caller that reacts to some mistakes (asks again for a
/// square, falls back to the built-in font) and reports the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum InvalidKind {
    /// A square: malformed notation (`2,3`, `c5`), or off its board.
    Square,
    /// A board's size: `k` of a tromino board, `n` queens, a knight's board side, a board too large
    /// for what was asked of it.
    BoardSize,
    /// A position or path given as input: queens' rows, a knight's path or its step matrix, a queens
    /// placement that attacks itself.
    Position,
    /// The CASE batch text of tromino problems.
    BatchInput,
    /// A step, level or index into a problem's run that it does not have (a recursion level beyond
    /// `k`, a trace used after it failed).
    Step,
    /// Font data or a font file that cannot be used.
    Font,
    /// A theme name, a palette or a colour.
    Theme,
    /// Annotations that do not fit their board (an arrow from a square to itself, marks for another
    /// board's size).
    Annotation,
    /// Values that cannot go together: a transparent GIF, a resolution kept in a GIF, shape names
    /// under cells too small to read them.
    Options,
    /// A contact sheet's boards, labels or columns.
    Sheet,
    /// A picture or its encoding: an empty image, a pixel outside its palette, a frame of the wrong
    /// size, a resolution or scale out of range, rows given to a PNG writer out of turn.
    Image,
    /// An output file: a name whose format cannot be told, a folder that is a file, standard output
    /// where there is none.
    Output,
    /// An argument refused by the rules of a program built on the library (the `chessviz` command's
    /// own checks); the library itself always names one of the kinds above.
    Usage,
}

/// The six space-separated fields of a FEN position, for an [`Error::Fen`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenField {
    /// The whole text: empty, or more than six fields.
    Record,
    /// 1: the piece placement, ranks 8 to 1 separated by `/`.
    Placement,
    /// 2: the side to move, `w` or `b`.
    ActiveColour,
    /// 3: castling rights, `-` or some of `KQkq`.
    Castling,
    /// 4: the en passant target square, `-` or a square on rank 3 or 6.
    EnPassant,
    /// 5: the halfmove clock, a number from 0.
    HalfmoveClock,
    /// 6: the fullmove number, a number from 1.
    FullmoveNumber,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Record => "record",
            FenField::Placement => "piece placement (field 1)",
            FenField::ActiveColour => "active colour (field 2)",
            FenField::Castling => "castling (field 3)",
            FenField::EnPassant => "en passant square (field 4)",
            FenField::HalfmoveClock => "halfmove clock (field 5)",
            FenField::FullmoveNumber => "fullmove number (field 6)",
        })
    }
}

/// `path: ` before an I/O error's message, nothing for an unknown (empty) path.
struct PathPrefix<'a>(&'a std::path::Path);

impl fmt::Display for PathPrefix<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.as_os_str().is_empty() {
            Ok(())
        } else {
            write!(f, "{}: ", self.0.display())
        }
    }
}

impl From<std::io::Error> for Error {
    /// An I/O error whose file is not known: `?` in a program writing its own files. Where the path
    /// is known, [`Error::io`] keeps it for the message.
    fn from(source: std::io::Error) -> Error {
        Error::Io {
            path: PathBuf::new(),
            source,
        }
    }
}

/// The library's advice for an image over a limit: a cell size that fits, or a smaller board.
struct Advice {
    max_cell: Option<u32>,
    margin: u32,
}

impl fmt::Display for Advice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.max_cell {
            Some(1) => write!(f, "use 1-pixel cells or a smaller board"),
            Some(cell) => write!(f, "use cells of {cell} pixels or less, or a smaller board"),
            None if self.margin > 0 => write!(
                f,
                "even 1-pixel cells are too large: use a smaller board (or no margin)"
            ),
            None => write!(f, "even 1-pixel cells are too large: use a smaller board"),
        }
    }
}

/// A word as a message shows it: whole up to [`Shortened::MAX_SHOWN`] characters, else its start,
/// an ellipsis and its length (a message stays one readable line, whatever was typed).
pub(crate) struct Shortened<'a>(pub(crate) &'a str);

impl Shortened<'_> {
    /// The most characters of a word shown in full.
    pub(crate) const MAX_SHOWN: usize = 64;
}

impl fmt::Display for Shortened<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.0.chars().count();
        if count <= Self::MAX_SHOWN {
            return f.write_str(self.0);
        }
        let start: String = self.0.chars().take(Self::MAX_SHOWN / 2).collect();
        write!(f, "{start}... ({count} characters)")
    }
}

/// The library's advice for a caption too wide: a cell size that holds it, or a shorter word.
struct CellAdvice(Option<u32>);

impl fmt::Display for CellAdvice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(cell) => write!(f, "use cells of {cell} pixels or more, or shorten the word"),
            None => write!(f, "shorten the word"),
        }
    }
}

struct BatchAdvice {
    n: u32,
    solutions: Option<u64>,
    limit: u64,
}

impl fmt::Display for BatchAdvice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, limit) = (self.n, self.limit);
        match self.solutions {
            Some(c) => write!(
                f,
                "{n} queens have {c} solutions, more than the {limit} a batch draws; draw only the fundamental solutions, or a smaller n"
            ),
            None => write!(
                f,
                "{n} queens have far more than {limit} solutions; a batch draws boards up to n = 13 (n = 14 for the fundamental solutions only)"
            ),
        }
    }
}

impl Error {
    /// An [`Error::Invalid`] of this kind and message.
    pub fn invalid(kind: InvalidKind, message: impl Into<String>) -> Self {
        Error::Invalid {
            kind,
            message: message.into(),
        }
    }

    /// An [`Error::Invalid`] of kind [`InvalidKind::Usage`]: for a program's own checks of its
    /// arguments.
    pub fn usage(message: impl Into<String>) -> Self {
        Self::invalid(InvalidKind::Usage, message)
    }

    /// What an [`Error::Invalid`] refused; `None` for every other error.
    pub fn invalid_kind(&self) -> Option<InvalidKind> {
        match self {
            Error::Invalid { kind, .. } => Some(*kind),
            Error::Fen { .. } => Some(InvalidKind::Position),
            _ => None,
        }
    }

    /// The same failure again, for a worker that reports an error it only borrows: an invalid value
    /// keeps its kind, anything else keeps its message (as an invalid image).
    pub(crate) fn again(&self) -> Self {
        Self::invalid(
            self.invalid_kind().unwrap_or(InvalidKind::Image),
            self.to_string(),
        )
    }

    /// Attaches a path to an I/O error.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}

/// Result with the library's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
