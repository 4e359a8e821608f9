//! A problem as the run layer sees it, described once by its command: its board, its figure, its
//! text, its event stream and its animation, with the pacing and framing of the library's constants.
//! Every output (a still, a GIF, text, steps, frames, a storyboard) is written from this description
//! by the run layer, whatever the problem.

use chessviz::internals::{BoardKind, Target};
use chessviz::queens::KnownEvents;
use chessviz::{Adapter, Framing, RenderHints, Result, Scene};

use super::context::Ctx;

/// A problem's events, replayed from the start each time they are asked for.
pub type Events<'a, E> = Box<dyn Iterator<Item = Result<E>> + 'a>;

/// The board a problem draws, for the size and memory checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: u32,
    pub cols: u32,
    pub kind: BoardKind,
}

/// How an animation of the problem is paced and framed by default: the library's constants
/// (`knight::DEFAULT_DELAY_MS`, `knight::FRAMING`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    pub delay_ms: u32,
    pub hold_ms: u32,
    /// The animation opens on the start (before the first event) and holds its last frame.
    pub framing: Framing,
}

/// An event stream and the adapter that draws its states.
pub struct Stream<'a, A: Adapter> {
    /// Draws the problem's states.
    pub adapter: A,
    /// The events, from the start.
    pub events: Box<dyn Fn() -> Result<Events<'a, A::Event>> + 'a>,
    /// What the stream is, for messages: "the search for 5 queens".
    pub what: String,
    pub timing: Timing,
    /// How many events there are when known without playing them (exactly, or at least a number
    /// past every budget): a count then ends at once instead of running through the trace.
    pub known_events: Option<KnownEvents>,
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

/// Counts an animation's steps, stopping past the bound given (the frames an animation may have
/// times `--every`); may refuse (a solution number past the last).
pub type Counter<'a> = Box<dyn Fn(&Ctx, u64) -> Result<Count> + 'a>;

/// An animation: the stream it shows, and how its frames are counted before the first is drawn.
pub struct Movie<'a, A: Adapter> {
    /// What is counted, for the frame limit's message.
    pub what: String,
    /// Steps known before any counting (a lower bound: a knight visits every square), checked first.
    pub at_least: Option<Count>,
    pub count: Counter<'a>,
    /// The stream of `--counter` (each frame captioned with its step), when it is not `stream`.
    pub counted: Option<Box<dyn Fn() -> Result<Stream<'a, A>> + 'a>>,
}

/// A scene and its render hints: a figure ready to draw.
pub type Figure = (Scene, RenderHints);

/// Builds the finished figure.
pub type DrawFigure<'a> = dyn Fn(&Ctx) -> Result<Figure> + 'a;

/// Writes the text output to a target.
pub type WriteText<'a> = dyn Fn(&Ctx, &Target) -> Result<()> + 'a;

/// One problem, described once.
pub struct Problem<'a, A: Adapter> {
    pub board: Board,
    /// Whether its figures have a caption band (for the size checks).
    pub caption: bool,
    /// The finished figure (`-o FILE.png`, `.svg`, `.pdf`), built after the size checks.
    pub figure: Box<DrawFigure<'a>>,
    /// The text output (no `-o`, `-o -`, `-o FILE.txt`).
    pub text: Box<WriteText<'a>>,
    /// The event stream of `--trace`, for `--step`, `--frames` and `--storyboard`.
    pub steps: Box<dyn Fn() -> Result<Stream<'a, A>> + 'a>,
    /// The animation (`-o FILE.gif`).
    pub movie: Movie<'a, A>,
}

impl Board {
    /// The memory model's picture for a still of this board: a knight's tour carries its path's
    /// masks.
    pub fn still_job(self) -> chessviz::internals::MemoryJob {
        use chessviz::internals::MemoryJob;
        match self.kind {
            BoardKind::Tour => MemoryJob::NumberedStill,
            _ => MemoryJob::Still,
        }
    }
}
