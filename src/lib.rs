//! chessviz solves three classic chessboard problems and draws them as PNG figures and animated GIFs.
//!
//! Each problem has its module: [`tromino`] (the defective-chessboard tiling, in the textbook
//! numbering), [`queens`] (the N-queens backtracking of the Turbo C program) and [`knight`] (a
//! knight's tour by Warnsdorff's rule with backtracking). Each holds the problem, its lazy step
//! trace, its [`Adapter`] (how the trace is drawn), its still and its animation.
//!
//! The drawing machinery is written once, generic over an [`Adapter`]: [`still_after`] draws the
//! board after any number of events, [`animate()`] makes an animated GIF of them, [`draw_sheet`] lays
//! many boards on a contact sheet ([`vector_sheet`] as vector shapes, for SVG or PDF), and
//! [`draw()`] renders any [`Scene`], including one you build yourself. A [`Still`] encodes itself as PNG or converts to an [`image::RgbaImage`]. Long renders
//! take a [`Progress`] or a [`Cancel`] token, so they can be stopped from elsewhere and started again.
//! [`Annotations`] (marks, arrows, a caption, coordinate labels) go on any scene, or on everything an
//! adapter draws by wrapping it as [`Annotated`]; [`Style`] also chooses the [`Background`] (theme,
//! white or transparent) and the resolution a still records.
//! Errors ([`Error`]) speak of values, never of command-line options.
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
//! assert_eq!((still.canvas.width(), still.canvas.height()), (288, 288));
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
//! # A custom scene
//!
//! Any board can be drawn: here a 4 x 4 chessboard with a queen, two shaded squares, a numbered
//! square and a caption.
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
//! let still = draw(&mut scene, hints, &Style::new(40))?;
//! // 4 cells of 40 pixels, a margin of 20 on both sides, and a caption band of 20 below.
//! assert_eq!((still.canvas.width(), still.canvas.height()), (200, 220));
//! # Ok::<(), chessviz::Error>(())
//! ```

mod adapter;
mod animate;
mod annotate;
mod batch;
mod budget;
mod cancel;
pub mod draw;
pub mod encode;
mod error;
mod figure;
mod frames;
mod output;
mod page;
mod render;
mod scene;
mod sheet;
mod sheet_render;
mod sheet_text;
mod sheet_vector;
mod solve;
mod text;

/// The defective-chessboard tiling: a 2^k x 2^k board with one special square covered by
/// L-trominoes, divide and conquer, tiles in the textbook numbering.
pub mod tromino {
    pub use crate::animate::tromino::{
        animate, animate_with, DEFAULT_DELAY_MS, DEFAULT_HOLD_MS, FRAMING,
    };
    pub use crate::figure::{
        tromino as still, tromino_scene as scene, tromino_streamed as still_streamed,
    };
    pub use crate::scene::tromino::{
        ColorBy, TrominoAdapter, TrominoStyle, MAX_K_PER_TILE_COLORS, MAX_SCENE_K,
    };
    pub use crate::scene::tromino_depth::{check_depth, depth_caption, depth_scene};
    pub use crate::scene::tromino_shapes::{
        empty_cell, empty_corner, shape_cells, shape_legend_boards, shapes, shapes_min_cell,
        shapes_vector, ShapeLegend, SHAPES_TITLE,
    };
    pub use crate::solve::tromino::{
        LShape, TileMatrix, Tromino, TrominoEvent, TrominoProblem, TrominoTrace, MAX_K,
    };
}

/// The N-queens problem: the Turbo C program's backtracking (column by column, rows tried 1..N),
/// its solutions and their symmetry classes, stills, animations and batches of solutions.
pub mod queens {
    pub use crate::animate::queens::{
        animate, animate_with, QueensMovie, DEFAULT_DELAY_MS, DEFAULT_HOLD_MS,
    };
    pub use crate::batch::{Entry, QueensBatch, Selection, WrittenFile, MAX_BATCH};
    pub use crate::figure::{queens as still, queens_scene as scene};
    pub use crate::scene::queens::{position_caption, position_scene, QueensAdapter, QueensStyle};
    pub use crate::solve::queens::{
        count, count_classes, count_unique, search, solutions, ClassCounts, QueensEvent,
        QueensSearch, Solution, MAX_COUNT_N, MAX_N,
    };
    pub use crate::solve::queens_position::{solution_index, QueensPosition, MAX_INDEX_N};
    pub use crate::solve::symmetry::{
        canonical, class_size, unique_solutions, Symmetry, MAX_UNIQUE_N,
    };
}

/// The knight's tour: Warnsdorff's rule with explicit-stack backtracking, moves tried in the
/// textbook's order, the candidates weighed on every move, the weight of every square, and plain
/// backtracking to compare.
pub mod knight {
    pub use crate::animate::knight::{
        animate, animate_with, DEFAULT_DELAY_MS, DEFAULT_HOLD_MS, FRAMING,
    };
    pub use crate::figure::{knight as still, knight_scene as scene};
    pub use crate::scene::knight::{KnightAdapter, KnightShow, KnightStyle, KNIGHT};
    pub use crate::solve::knight::{
        is_knight_path, ChoiceRule, ExplainedEvent, ExplainedTrace, KnightCandidate, KnightChoice,
        KnightDegrees, KnightEvent, KnightProblem, KnightTour, KnightTrace, Method, Ties,
        AUTO_MAX_SQUARES, AUTO_RETREATS, DEFAULT_MAX_RETREATS, MAX_SIDE, MOVES,
    };
}

pub use adapter::{scene_after, Adapter, Beat, RenderHints};
pub use animate::{animate, AnimationStats, Framing, NoProgress, Pacing, Progress, FRAME_LIMIT};
pub use annotate::{Annotated, Annotations, CaptionChoice};
pub use cancel::Cancel;
pub use encode::{write_png, GifStats, GifWriter, PngRowWriter, Repeat};
pub use error::{Error, Result};
pub use figure::{
    draw, draw_vector, still_after, vector_after, Still, StillFormat, Style, VectorFigure,
};
pub use frames::{frame_sequence, scene_at, FrameTime, SequencePacing, StepCaptions, WritePicture};
pub use output::{write_atomic, write_atomic_with};
pub use page::Background;
pub use render::{Canvas, Font, Omitted, Palette, Rect, Rgb, Theme};
pub use scene::{
    Arrow, Axes, Cell, Emphasis, Fill, LabelStyle, Link, Mark, MarkKind, Marker, PathStyle, Piece,
    Scene, Split,
};
pub use sheet::{Label, SheetOptions, MAX_FIT_CELL, PAGE_WIDTH};
pub use sheet_render::{draw_sheet, SheetBoard};
pub use sheet_vector::vector_sheet;
pub use solve::Square;

/// Not API: what the `chessviz` command and the integration tests reach inside the library (raster
/// primitives, palette ramps, the text formats, output targets). It changes without notice.
#[doc(hidden)]
pub mod internals {
    pub use crate::animate::check_size as check_animation_size;
    pub use crate::budget::{
        picture_bytes, BoardKind, Budget, Estimate, Job as MemoryJob, MEMORY_CEILING,
    };
    pub use crate::figure::check_size as check_figure_size;
    pub use crate::output::{ensure_dir, Format, Target};
    pub use crate::render::board::{BoardRenderer, RenderOptions};
    pub use crate::render::{
        blit, fill_mask, ring_mask, stroke_mask, Canvas, Font, Mask, Palette, PaletteBuilder, Path,
        Rect, Rgb, Theme, RAMP_LEVELS,
    };
    pub use crate::render::{
        canvas, colour_check, crown, glyph, layout, palette, raster, stream, theme,
    };
    pub use crate::scene::{tromino_color, tromino_stream};
    pub use crate::sheet::{auto_columns, compose, SheetLayout};

    /// The text formats of the command: tile matrices, the CASE batch format, notation, traces.
    pub mod text {
        pub use crate::text::*;
    }
}
