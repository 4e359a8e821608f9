//! chessviz solves three classic chessboard problems and draws them as figures (PNG, SVG, PDF, TikZ)
//! and animations (GIF, APNG, WebP, MP4, a web page that plays them).
//!
//! Each problem has its module: [`tromino`] (the defective-chessboard tiling, in the textbook
//! numbering), [`queens`] (the N-queens backtracking of the Turbo C program) and [`knight`] (a
//! knight's tour by Warnsdorff's rule with backtracking). Each holds the problem, its lazy step
//! trace, its [`Adapter`] (how the trace is drawn), its still and its animation, with one signature
//! for the three: `still(problem, look, &style)` and `scene(problem, look)`, where the look is the
//! problem's own ([`tromino::TrominoStyle`], [`queens::QueensStyle`], [`knight::KnightStyle`]).
//!
//! A [`Problem`] is a problem as a sequence of steps (its events, their count, its [`Timing`], its
//! name and board): [`tromino::TrominoProblem`], [`queens::QueensProblem`] and
//! [`knight::KnightProblem`] are each one, and [`animate_problem`] animates any of them.
//! The drawing machinery is written once, generic over an [`Adapter`]: [`still_after`] draws the
//! board after any number of events, [`animate()`] makes an animated GIF of them,
//! [`draw_sheet`](sheet::draw_sheet) lays many boards on a contact sheet
//! ([`vector_sheet`](sheet::vector_sheet) as vector shapes, for SVG or PDF), and [`draw()`] renders
//! any [`Scene`], including one you build yourself. A [`Still`] encodes itself as PNG or converts to
//! an [`image::RgbaImage`]. Long renders
//! take a [`Progress`] or a [`Cancel`] token, so they can be stopped from elsewhere and started again.
//! [`Annotations`] (marks, arrows, a caption, coordinate labels) go on any scene, or on everything an
//! adapter draws by wrapping it as [`Annotated`]; [`Style`] also chooses the [`Background`] (theme,
//! white or transparent) and the resolution a still records.
//! Errors ([`Error`]) speak of values, never of command-line options; an invalid value says what was
//! wrong with an [`InvalidKind`]. The [`files`] module holds the table of picture formats and the
//! atomic writes, [`limits`] what a run may cost, [`text`] the text formats, [`colour`] colours and
//! how they are judged, [`sheet`] contact sheets, [`player`] the web page that plays the steps, and
//! [`display_list`] a vector figure's shapes, for writers of other formats.
//!
//! # A still
//!
//! Tile an 8 x 8 board whose special square is at row 2, column 2, and draw the tiling with its tile
//! numbers as a PNG:
//!
//! ```
//! use chessviz::tromino::{self, TrominoProblem, TrominoStyle};
//! use chessviz::{Square, Style};
//!
//! let problem = TrominoProblem::new(3, Square::new(2, 2))?;
//! assert_eq!(problem.tile_count(), 21);
//!
//! let look = TrominoStyle { numbers: true, ..TrominoStyle::default() };
//! let still = tromino::still(&problem, look, &Style::new(32))?;
//! // 8 cells of 32 pixels and the default margin of 16 on both sides.
//! assert_eq!((still.width(), still.height()), (288, 288));
//!
//! let mut png = Vec::new();
//! still.write_png(&mut png)?;
//! assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
//!
//! // Or in full colour, for further work with the `image` crate.
//! let rgba: image::RgbaImage = still.into();
//! assert_eq!(rgba.dimensions(), (288, 288));
//! # Ok::<(), chessviz::Error>(())
//! ```
//!
//! The other two problems take the same arguments; the queens' caption numbers the solution among
//! all of them. An invalid value says what was wrong with an [`InvalidKind`]:
//!
//! ```
//! use chessviz::knight::{self, KnightProblem, KnightStyle};
//! use chessviz::queens::{self, QueensStyle};
//! use chessviz::{InvalidKind, Square, Style};
//!
//! let style = Style::new(32);
//! let solution = queens::solutions(8)?.nth(4).expect("8 queens have 92 solutions");
//! let (scene, _) = queens::scene(&solution, QueensStyle::default())?;
//! assert_eq!(scene.caption(), Some("Solution 5 of 92"));
//! let queens_still = queens::still(&solution, QueensStyle::default(), &style)?;
//! // The cells and the default margin of 16 pixels on both sides.
//! assert_eq!(queens_still.width(), 8 * 32 + 2 * 16);
//!
//! let tour = KnightProblem::new(5, 5, Square::new(0, 0))?.solve()?;
//! let knight_still = knight::still(&tour, KnightStyle::default(), &style)?;
//! assert_eq!(knight_still.width(), 5 * 32 + 2 * 16);
//!
//! let off_board = Square::parse("c9", 8, 8).unwrap_err();
//! assert_eq!(off_board.invalid_kind(), Some(InvalidKind::Square));
//! # Ok::<(), chessviz::Error>(())
//! ```
//!
//! # An animation
//!
//! The knight's search on a 5 x 5 board as a GIF, one frame per move or retreat; a [`Cancel`] token
//! (which another thread could cancel) stands in as the progress callback:
//!
//! ```
//! use chessviz::knight::{self, KnightProblem};
//! use chessviz::{Cancel, Pacing, Square, Style};
//!
//! let problem = KnightProblem::new(5, 5, Square::new(0, 0))?;
//! let mut gif = Vec::new();
//! let pacing = Pacing::new(knight::DEFAULT_DELAY_MS, knight::DEFAULT_HOLD_MS);
//! let stats = knight::animate(&mut gif, &problem, &Style::new(24), pacing, &mut Cancel::new())?;
//! assert!(stats.frames >= 25);
//! assert!(gif.starts_with(b"GIF89a"));
//! # Ok::<(), chessviz::Error>(())
//! ```
//!
//! # A vector figure
//!
//! The same tiling as SVG and PDF: [`draw_vector`] lays any scene out as vector shapes (text as
//! outlines), the drawing [`draw()`] paints, and the [`VectorFigure`] writes either format.
//!
//! ```
//! use chessviz::tromino::{self, TrominoProblem, TrominoStyle};
//! use chessviz::{draw_vector, Square, Style};
//!
//! let problem = TrominoProblem::new(2, Square::parse("a1", 4, 4)?)?;
//! let (scene, hints) = tromino::scene(&problem, TrominoStyle::default())?;
//! let figure = draw_vector(&scene, hints, &Style::new(32))?;
//!
//! let mut svg = Vec::new();
//! figure.write_svg(&mut svg)?;
//! let svg = String::from_utf8(svg).expect("SVG is UTF-8");
//! // The viewBox is the PNG's layout: 4 cells of 32 pixels and a margin of 16 on both sides.
//! assert!(svg.contains(r#"viewBox="0 0 160 160""#), "{svg}");
//!
//! let mut pdf = Vec::new();
//! figure.write_pdf(&mut pdf, &figure.pdf)?;
//! assert!(pdf.starts_with(b"%PDF-"));
//! # Ok::<(), chessviz::Error>(())
//! ```
//!
//! # A custom scene
//!
//! Any board can be drawn: here a 4 x 4 chessboard with a queen, two squares marked as attacked
//! (a dot each), a numbered square and a caption.
//!
//! ```
//! use chessviz::{draw, Piece, RenderHints, Scene, Square, Style};
//!
//! let mut scene = Scene::checkerboard(4, 4);
//! scene.update_cell(Square::new(0, 1), |c| c.piece = Some(Piece::Crown));
//! scene.update_cell(Square::new(1, 1), |c| c.shaded = true);
//! scene.update_cell(Square::new(2, 1), |c| c.shaded = true);
//! scene.update_cell(Square::new(3, 3), |c| c.label = Some(7));
//! scene.set_caption(Some("A custom position".to_string()));
//!
//! let hints = RenderHints { max_label: 7, caption: true, ..RenderHints::default() };
//! let still = draw(&scene, hints, &Style::new(40))?;
//! // 4 cells of 40 pixels, a margin of 20 on both sides, and a caption band of 20 below.
//! assert_eq!((still.width(), still.height()), (200, 220));
//! # Ok::<(), chessviz::Error>(())
//! ```

// The library's folders follow the pipeline, one way down: no module imports a later stage, and no
// two modules import each other.
mod cancel;
mod compose;
mod display;
mod encode;
mod error;
mod geom;
mod input;
mod output;
mod problem;
mod raster;
mod scene;
mod solve;
pub mod text;
mod vector;

/// The defective-chessboard tiling: a 2^k x 2^k board with one special square covered by
/// L-trominoes, divide and conquer, tiles in the textbook numbering.
pub mod tromino {
    pub use crate::compose::animate::problems::tromino as animate;
    pub use crate::compose::figure::{
        tromino as still, tromino_scene as scene, tromino_streamed as still_streamed,
    };
    pub use crate::compose::sheet::legend::{
        shape_legend_boards, shapes, shapes_min_cell, shapes_vector,
    };
    pub use crate::problem::tromino::depth::{check_depth, depth_caption, depth_scene};
    pub use crate::problem::tromino::panel::TrominoPanel;
    pub use crate::problem::tromino::shapes::{
        empty_cell, empty_corner, shape_cells, ShapeLegend, SHAPES_TITLE,
    };
    pub use crate::problem::tromino::steps::{
        TilingSteps, DEFAULT_DELAY_MS, DEFAULT_HOLD_MS, FRAMING,
    };
    pub use crate::problem::tromino::{
        ColorBy, TrominoAdapter, TrominoStyle, MAX_K_PER_TILE_COLORS, MAX_SCENE_K,
    };
    pub use crate::solve::tromino::{
        LShape, TileMatrix, Tromino, TrominoEvent, TrominoProblem, TrominoTrace, MAX_K,
    };
}

/// A board of your own: the twelve chess pieces on any squares of an m x n board, squares filled
/// with colours of your own, marks and arrows; 8 x 8 positions from FEN.
pub mod board {
    pub use crate::error::FenField;
    pub use crate::problem::board::{Position, MAX_SIDE};
    pub use crate::scene::describe::describe_board;
    pub use crate::scene::{ChessPiece, PieceKind, Side, MAX_FILL_COLOURS};
}

/// The N-queens problem: the Turbo C program's backtracking (column by column, rows tried 1..N),
/// its solutions and their symmetry classes, stills, animations and batches of solutions.
pub mod queens {
    pub use crate::compose::animate::problems::queens as animate;
    pub use crate::compose::figure::{
        queens as still, queens_scene as scene, queens_scene_numbered as scene_numbered,
    };
    pub use crate::compose::sheet::batch::{Entry, QueensBatch, Selection, MAX_BATCH};
    pub use crate::output::batch::WrittenFile;
    pub use crate::problem::queens::panel::QueensPanel;
    pub use crate::problem::queens::steps::{
        first_queen_on, queen_on, QueenOn, QueensMovie, QueensProblem, DEFAULT_DELAY_MS,
        DEFAULT_HOLD_MS,
    };
    pub use crate::problem::queens::{
        position_caption, position_scene, QueensAdapter, QueensStyle,
    };
    pub use crate::solve::queens::position::{solution_index, QueensPosition, MAX_INDEX_N};
    pub use crate::solve::queens::symmetry::{
        canonical, class_size, unique_solutions, Symmetry, MAX_UNIQUE_N,
    };
    pub use crate::solve::queens::{
        count, count_classes, count_classes_with, count_unique, known_count, known_unique_count,
        search, search_events, solutions, ClassCounts, KnownEvents, QueensEvent, QueensSearch,
        Solution, MAX_COUNT_N, MAX_KNOWN_N, MAX_N,
    };
}

/// The knight's tour: Warnsdorff's rule with explicit-stack backtracking, moves tried in the
/// textbook's order, the candidates weighed on every move, the weight of every square, and plain
/// backtracking to compare.
pub mod knight {
    pub use crate::compose::animate::problems::knight as animate;
    pub use crate::compose::figure::{knight as still, knight_scene as scene};
    pub use crate::compose::knight_story::KnightExplainAdapter;
    pub use crate::problem::knight::panel::KnightPanel;
    pub use crate::problem::knight::steps::{
        KnightExplained, KnightPath, DEFAULT_DELAY_MS, DEFAULT_HOLD_MS, FRAMING,
        RETREAT_DELAY_FACTOR,
    };
    pub use crate::problem::knight::{
        explain_steps, KnightAdapter, KnightShow, KnightStep, KnightStyle, KNIGHT,
    };
    pub use crate::solve::knight::{
        is_knight_path, ChoiceRule, ExplainedEvent, ExplainedTrace, KnightCandidate, KnightChoice,
        KnightDegrees, KnightEvent, KnightProblem, KnightTour, KnightTrace, Method, Ties,
        AUTO_MAX_SQUARES, AUTO_RETREATS, DEFAULT_MAX_RETREATS, MAX_SIDE, MOVES,
    };
}

/// Two searches side by side: each step draws both boards after that many of their own events,
/// one caption band under the pair, until both have ended or a frame limit cuts them.
pub mod pair {
    pub use crate::compose::pair::{
        last_step_within, pair_steps, Ending, PairStep, SideBySide, SideStep, Stride, StrideWords,
    };
}

/// Panels beside the board: what the program was doing at each step (its code line, its stack,
/// its counts, the tiling's call tree), kept by a [`PanelSource`](panel::PanelSource) that reads
/// the events, and drawn with the board by wrapping any adapter as [`Paneled`](panel::Paneled).
pub mod panel {
    pub use crate::scene::panel::{
        Carries, NodeState, Panel, PanelBlock, PanelKinds, PanelLine, PanelSource, PanelTree,
        Paneled, TreeNode,
    };
}

/// Checking an answer another program printed: its mistakes, where they are, and its figure.
pub mod check {
    pub use crate::problem::check::check_scene;
    pub use crate::text::check::{
        answer_text, check_knight, check_queens, check_tromino, unreadable, CheckPhrase,
        CheckReport, Drawing, Entry, Finding, KnightCheck, Part, QueensCheck, Said, TrominoCheck,
        LISTED_MISTAKES, MAX_ANSWER_BYTES,
    };
}

pub use cancel::{Cancel, WorkProgress};
pub use compose::animate::{
    animate, animate_problem, write_animation, AnimationFormat, AnimationStats, Framing,
    NoProgress, Pacing, Progress,
};
/// An animation in two walks of its steps, for a caller that checks what the first finds: one
/// that draws nothing and finds what must be known before the first frame (the pictures and steps
/// for a frame limit, the events for a step counter, a GIF's words, an APNG's frames), then the
/// drawing, which may write the captions beside it.
pub mod walks {
    pub use crate::compose::animate::{
        foresee_animation, needs_foreseeing, write_foreseen_animation,
    };
    pub use crate::compose::survey::{Foreseen, Lookahead};
    pub use crate::scene::problem::count_steps_and_events;
}
pub use compose::captions::write_webvtt;
pub use compose::figure::{draw, still_after, Still, StillFormat};
pub use compose::fit::Fit;
pub use compose::frames::{
    described_frame_sequence, frame_sequence, scene_at, ListedFrame, StepCaptions, WritePicture,
};
pub use compose::preset::Preset;
pub use compose::stream::{FrameTime, SequencePacing};
pub use compose::style::{Background, PathColour, Squares, Style};
pub use compose::vector_still::{draw_vector, vector_after, VectorFigure};
pub use display::{Font, Omitted, Theme};
pub use encode::{PdfOptions, Repeat};
pub use error::{Error, InvalidKind, Result};
pub use geom::Square;
pub use output::write_atomic;
pub use scene::adapter::{scene_after, Adapter, Beat, RenderHints};
pub use scene::annotate::{Annotated, Annotations, CaptionChoice};
pub use scene::problem::{BoardKind, Events, KnownEvents, Problem, StepCount, Timing};
pub use scene::{
    Arrow, Axes, Badge, Cell, Description, Emphasis, Fill, LabelStyle, Link, Mark, MarkKind,
    Marker, PathStyle, Piece, Scene, Split,
};

/// The web page that plays a job's steps: its frames written once, a player around them.
pub mod player {
    pub use crate::compose::player::{
        player_figure_box, write_player, PlayerSetup, PlayerSize, PlayerStats,
    };
}

/// Contact sheets: many boards on one page with their labels, as a raster or as vector shapes.
pub mod sheet {
    pub use crate::compose::sheet::render::draw_sheet;
    pub use crate::compose::sheet::sizing::SheetBoard;
    pub use crate::compose::sheet::vector::vector_sheet;
    pub use crate::compose::sheet::{Label, SheetOptions};
}

/// A figure as the vector writers read it ([`VectorFigure::list`]): its items in paint order, each
/// on a layer, with a shape, an ink of the palette, an opacity and a clip, and the symbols they
/// place (outlines as paths of segments, text as glyph outlines). For writers of other formats.
///
/// ```
/// use chessviz::display_list::{RecordedShape, SymbolId};
/// use chessviz::queens::{self, QueensStyle};
/// use chessviz::{draw_vector, Style};
///
/// let solution = queens::solutions(8)?.next().expect("8 queens have solutions");
/// let (scene, hints) = queens::scene(&solution, QueensStyle::default())?;
/// let figure = draw_vector(&scene, hints, &Style::new(32))?;
/// let list = figure.list();
/// // The crown is drawn once as a symbol and placed on the eight queens' squares.
/// let symbols = &list.symbols;
/// let crown = (0..symbols.len() as u32)
///     .map(SymbolId)
///     .find(|&id| symbols.get(id).name == "crown")
///     .expect("a crown symbol");
/// let placed = list
///     .items
///     .iter()
///     .filter(|item| matches!(item.shape, RecordedShape::Symbol { id, .. } if id == crown))
///     .count();
/// assert_eq!(placed, 8);
/// # Ok::<(), chessviz::Error>(())
/// ```
pub mod display_list {
    pub use crate::display::glyph::GlyphRun;
    pub use crate::display::list::{
        DisplayList, FillRule, Ink, Layer, RecordedItem, RecordedShape, ShapeOf, Symbol, SymbolId,
        SymbolShape, SymbolText, Symbols,
    };
    pub use crate::geom::{Path, Segment};
}

/// Colours, and how the library judges a [`Theme`]'s: WCAG contrast for text and lines, CIELAB
/// lightness for greyscale print, CIEDE2000 differences under simulated colour vision deficiencies
/// (what a theme's warnings are measured with).
///
/// ```
/// use chessviz::colour::{contrast, lightness, parse_colour, Vision, MIN_TEXT_CONTRAST};
/// use chessviz::Theme;
///
/// let print = Theme::by_name("print")?;
/// // Numbers are legible on both square colours, and the squares tell apart in greyscale.
/// for square in [print.light, print.dark] {
///     assert!(contrast(print.ink_on(square), square) >= MIN_TEXT_CONTRAST);
/// }
/// assert!(lightness(print.light) - lightness(print.dark) > 15.0);
/// // Colours of one's own: a red and a green a deuteranope sees closer together than others do.
/// let (red, green) = (parse_colour("#c0392b")?, parse_colour("#27ae60")?);
/// assert!(Vision::Deuteranopia.delta_e(red, green) < Vision::Normal.delta_e(red, green));
/// # Ok::<(), chessviz::Error>(())
/// ```
pub mod colour {
    pub use crate::display::colour_check::{delta_e2000, lightness, Lab, Vision};
    pub use crate::display::palette::mix;
    pub use crate::display::theme::{contrast, MIN_TEXT_CONTRAST};
    pub use crate::display::{parse_colour, Rgb};
}

/// What a run may cost, known before it starts: the cell sizes a style takes, the largest canvas
/// drawn at once, the most frames an animation, a web page or a sheet may have, the memory model
/// of a planned picture, and the size checks the drawing functions make first.
pub mod limits {
    pub use crate::compose::animate::check_size as check_animation_size;
    pub use crate::compose::budget::{
        figure_size, picture_bytes, Budget, Estimate, Job as MemoryJob, MEMORY_CEILING,
    };
    pub use crate::compose::figure::check_size as check_figure_size;
    pub use crate::compose::player::{PLAYER_CELL_LIMIT, PLAYER_FRAME_LIMIT, PLAYER_WORK_LIMIT};
    pub use crate::compose::sheet::sizing::sheet_layout_of;
    pub use crate::compose::sheet::{SheetLayout, MAX_FIT_CELL, PAGE_WIDTH};
    pub use crate::compose::stream::FRAME_LIMIT;
    pub use crate::display::layout::CELL_RANGE;
    pub use crate::encode::h264::check_video_size;
    pub use crate::geom::MAX_CANVAS_PIXELS;
}

/// A folder of frames for slides: the pictures a run keeps, counted without drawing; a few of them
/// drawn ahead to judge the disk space; the LaTeX file that plays them.
pub mod frames {
    pub use crate::compose::animate_tex::{
        animate_tex, animate_tex_plays, AnimateTex, ANIMATE_TEX, ANIMATE_TEX_HEAD,
    };
    pub use crate::compose::frame_sizes::{sample_indices, sample_picture_bytes};
    pub use crate::compose::survey::count_pictures;
}

/// Where outputs go and what inputs are read: the table of picture formats (one row each: its
/// extension, kind and writer), a file (its format from its name) or standard output, written
/// atomically (never left half-written); folders; regular files only.
pub mod files {
    pub use crate::compose::formats::{write_still, FormatRow, Kind, WriteVector, FORMATS};
    pub use crate::input::{read_regular_file, Unreadable};
    pub use crate::output::{
        ensure_dir, remove_stale_temporaries, temporary_dir_in, write_atomic, write_atomic_with,
        Format, Target,
    };
}

/// The programs of the guide's library page (`examples/guide/library.md`), compiled and run by
/// `cargo test --doc` so that a program written from it compiles as it is.
#[cfg(doctest)]
#[doc = include_str!("../examples/guide/library.md")]
pub struct LibraryGuide;
