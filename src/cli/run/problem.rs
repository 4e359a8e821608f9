//! A problem as the run layer sees it: the library's [`chessviz::Problem`] (its events, their
//! count, its pace, name and board) and what only the command adds: its figure, its text, the
//! adapter that draws its steps. Every output (a still, a GIF, text, steps, frames, a storyboard)
//! is written from these by the run layer, whatever the problem.

use chessviz::files::Target;
use chessviz::{Adapter, BoardKind, Problem, RenderHints, Result, Scene, StepCount};

use super::context::Ctx;

/// The board a problem draws, for the size and memory checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: u32,
    pub cols: u32,
    pub kind: BoardKind,
}

impl Board {
    /// The board of `problem`.
    pub fn of<P: Problem + ?Sized>(problem: &P) -> Board {
        let (rows, cols) = problem.board();
        Board {
            rows,
            cols,
            kind: problem.board_kind(),
        }
    }
}

/// An event stream and the adapter that draws its states.
pub struct Stream<'a, A: Adapter> {
    /// Draws the problem's states.
    pub adapter: A,
    /// The events, their count, pace and name.
    pub problem: &'a dyn Problem<Event = A::Event>,
}

/// Steps and frames an animation will have, counted before the first frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Steps (frames before `--every` and `--max-frames`).
    pub steps: u64,
    /// Steps always kept (the opening frame, solutions).
    pub forced: u64,
    /// False when counting stopped at the bound it was given.
    pub complete: bool,
}

impl From<StepCount> for Count {
    fn from(c: StepCount) -> Count {
        Count {
            steps: c.steps,
            forced: c.kept,
            complete: c.complete,
        }
    }
}

/// A scene and its render hints: a figure ready to draw.
pub type Figure = (Scene, RenderHints);

/// Builds the finished figure.
pub type DrawFigure<'a> = dyn Fn(&Ctx) -> Result<Figure> + 'a;

/// Writes the text output to a target.
pub type WriteText<'a> = dyn Fn(&Ctx, &Target) -> Result<()> + 'a;

/// Makes the adapter of the steps; given `true` with `--counter` (each frame captioned with its
/// step), when a problem draws its counted steps otherwise.
pub type MakeAdapter<'a, A> = dyn Fn(bool) -> Result<A> + 'a;

/// Refuses a count of an animation's steps for the command's own reasons (a solution number past
/// the last): called with `None` before counting, then with the count.
pub type CheckCount<'a> = dyn Fn(Option<StepCount>) -> Result<()> + 'a;

/// What the command adds to its problem for the run layer.
pub struct Outputs<'a, A: Adapter> {
    /// Whether its figures have a caption band (for the size checks).
    pub caption: bool,
    /// The finished figure (`-o FILE.png`, `.svg`, `.pdf`), built after the size checks.
    pub figure: Box<DrawFigure<'a>>,
    /// The text output (no `-o`, `-o -`, `-o FILE.txt`).
    pub text: Box<WriteText<'a>>,
    /// The adapter of `--step`, `--frames`, `--storyboard` and animations.
    pub adapter: Box<MakeAdapter<'a, A>>,
    /// What an animation's frame limit counts when it is not the problem's name (the whole search,
    /// for a search cut at a solution).
    pub counted_as: Option<String>,
    /// The command's own refusals of an animation's count.
    pub check_count: Option<Box<CheckCount<'a>>>,
}

impl Board {
    /// The memory model's picture for a still of this board: a knight's tour carries its path's
    /// masks.
    pub fn still_job(self) -> chessviz::limits::MemoryJob {
        use chessviz::limits::MemoryJob;
        match self.kind {
            BoardKind::Tour => MemoryJob::NumberedStill,
            _ => MemoryJob::Still,
        }
    }
}
