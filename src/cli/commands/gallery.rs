//! `chessviz gallery`: one of everything chessviz draws, with the defaults, in one folder.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use rayon::prelude::*;

use chessviz::files::{write_atomic_with, Format};
use chessviz::knight::{self, KnightProblem, KnightStyle};
use chessviz::limits::{Budget, MemoryJob};
use chessviz::player::{write_player, PlayerSetup, PlayerSize};
use chessviz::queens::{self, QueensBatch, QueensStyle, Selection};
use chessviz::tromino::{self, TrominoProblem, TrominoStyle};
use chessviz::{draw_vector, Error, Pacing, Result, Square, StepCaptions, Style};
use chessviz::{BoardKind, SequencePacing};

use crate::cli::args::LookArgs;
use crate::cli::formats::FormatArg;
use crate::cli::run::context::Ctx;
use crate::cli::run::disk;
use crate::cli::run::limits::{check_board, Picture};
use crate::cli::run::problem::Board;
use crate::cli::run::still::{write_drawn, Drawn};
use crate::cli::run::target::folder_display;

use crate::cli::run::staging::Staging;

#[derive(Args, Debug)]
#[command(after_help = "\
Writes into DIR (created when missing):
  tromino.png         the tiling of an 8 x 8 board, special square 2,2, tiles numbered
  tromino.svg         the same figure as vector shapes (also queens.svg, knight.svg)
  tromino.gif         the tiling tile by tile, with each division of the board
  queens.png          the first solution of the 8-queens problem
  queens-search.gif   the backtracking search up to the first solution
  queens-search.html  the whole search as a web page: play, pause, step, open #step=N
  queens-sheet.png    all 92 solutions on one contact sheet
  queens-solutions/   the 92 solutions, solution-01.png ... solution-92.png
  knight.png          a knight's tour of the 8 x 8 board from the top-left corner
  knight.gif          the knight's search, move by move

Example:
  chessviz gallery gallery/")]
pub struct GalleryArgs {
    /// The folder to write into.
    ///
    /// The folder to write into (created when missing; files of the same names are replaced).
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// Print nothing.
    #[arg(long, short = 'q')]
    quiet: bool,
    #[command(flatten)]
    look: LookArgs,
}

/// One thing the gallery makes.
#[derive(Clone, Copy, Debug)]
enum Item {
    TrominoStill,
    TrominoMovie,
    QueensStill,
    QueensSearch,
    QueensPlayer,
    QueensSheet,
    QueensSolutions,
    KnightStill,
    KnightMovie,
    TrominoSvg,
    QueensSvg,
    KnightSvg,
}

impl Item {
    /// In the order they are listed; the slowest ones start first when run in parallel.
    const ALL: [Item; 12] = [
        Item::TrominoStill,
        Item::TrominoMovie,
        Item::QueensStill,
        Item::QueensSearch,
        Item::QueensPlayer,
        Item::QueensSheet,
        Item::QueensSolutions,
        Item::KnightStill,
        Item::KnightMovie,
        Item::TrominoSvg,
        Item::QueensSvg,
        Item::KnightSvg,
    ];

    fn name(self) -> &'static str {
        match self {
            Item::TrominoStill => "tromino.png",
            Item::TrominoMovie => "tromino.gif",
            Item::QueensStill => "queens.png",
            Item::QueensSearch => "queens-search.gif",
            Item::QueensPlayer => "queens-search.html",
            Item::QueensSheet => "queens-sheet.png",
            Item::QueensSolutions => "queens-solutions",
            Item::KnightStill => "knight.png",
            Item::KnightMovie => "knight.gif",
            Item::TrominoSvg => "tromino.svg",
            Item::QueensSvg => "queens.svg",
            Item::KnightSvg => "knight.svg",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Item::TrominoStill => "L-tromino tiling of an 8 x 8 board, special square 2,2",
            Item::TrominoMovie => "the tiling, tile by tile, with each division",
            Item::QueensStill => "the first of the 92 solutions of 8 queens",
            Item::QueensSearch => "the backtracking search up to the first solution",
            Item::QueensPlayer => "the whole search as a web page that plays it step by step",
            Item::QueensSheet => "all 92 solutions on one contact sheet",
            Item::QueensSolutions => "solution-01.png ... solution-92.png",
            Item::KnightStill => "a knight's tour of the 8 x 8 board from the top-left corner",
            Item::KnightMovie => "the knight's search, move by move",
            Item::TrominoSvg => "the tiling as vector shapes",
            Item::QueensSvg => "the first solution as vector shapes",
            Item::KnightSvg => "the knight's tour as vector shapes",
        }
    }
}

/// What an item left on disk: bytes in all, and how many files for a folder.
struct Made {
    bytes: u64,
    files: Option<usize>,
}

/// Everything the items share: the options and the solutions, enumerated once.
struct Gallery<'c> {
    ctx: &'c Ctx,
    dir: PathBuf,
    style: Style,
    queens: QueensBatch,
    tromino: TrominoProblem,
    knight: KnightProblem,
}

impl Gallery<'_> {
    fn make(&self, item: Item) -> Result<Made> {
        let path = self.dir.join(item.name());
        match item {
            Item::TrominoStill | Item::TrominoMovie | Item::TrominoSvg => self.tromino(item, &path),
            Item::KnightStill | Item::KnightMovie | Item::KnightSvg => self.knight(item, &path),
            _ => self.queens(item, &path),
        }
    }

    /// The tiling's items.
    fn tromino(&self, item: Item, path: &Path) -> Result<Made> {
        let tromino_look = TrominoStyle {
            numbers: true,
            ..TrominoStyle::default()
        };
        let style = &self.style;
        match item {
            Item::TrominoStill => {
                let still = tromino::still(&self.tromino, tromino_look, style)?;
                self.still(path, Drawn::Raster(still))
            }
            Item::TrominoMovie => {
                let look = TrominoStyle {
                    show_splits: true,
                    ..tromino_look
                };
                let pacing = Pacing::new(tromino::DEFAULT_DELAY_MS, tromino::DEFAULT_HOLD_MS);
                self.file(path, |w| {
                    tromino::animate(
                        w,
                        &self.tromino,
                        look,
                        style,
                        pacing,
                        &mut self.ctx.cancel.clone(),
                    )
                    .map(drop)
                })
            }
            Item::TrominoSvg => {
                let (scene, hints) = tromino::scene(&self.tromino, tromino_look)?;
                let figure = draw_vector(&scene, hints, style)?;
                self.svg(path, figure)
            }
            _ => Err(Error::usage("not an item of this problem")),
        }
    }

    /// The queens' items.
    fn queens(&self, item: Item, path: &Path) -> Result<Made> {
        let queens_look = QueensStyle::default();
        let style = &self.style;
        match item {
            Item::QueensStill => {
                let first = self
                    .queens
                    .entries()
                    .first()
                    .ok_or_else(|| Error::NoSolution("8 queens without a solution".into()))?;
                let still = self.queens.still(first, queens_look, style)?;
                self.still(path, Drawn::Raster(still))
            }
            Item::QueensSearch => {
                let pacing = Pacing::new(queens::DEFAULT_DELAY_MS, queens::DEFAULT_HOLD_MS);
                let movie = queens::QueensMovie::Search { until: Some(1) };
                self.file(path, |w| {
                    queens::animate(
                        w,
                        self.queens.n(),
                        movie,
                        queens_look,
                        style,
                        pacing,
                        &mut self.ctx.cancel.clone(),
                    )
                    .map(drop)
                })
            }
            Item::QueensPlayer => {
                // The page of `queens -o FILE.html`: every step of the search, captioned.
                let movie = queens::QueensMovie::Search { until: None };
                let pacing = SequencePacing {
                    pacing: Pacing::new(queens::DEFAULT_DELAY_MS, queens::DEFAULT_HOLD_MS),
                    framing: movie.framing(),
                };
                let adapter = queens::QueensAdapter::for_animation(self.queens.n(), queens_look)?;
                let mut adapter = StepCaptions::new(adapter, style, None);
                let events = movie.events(self.queens.n())?;
                let title = format!("chessviz: the search for {} queens", self.queens.n());
                let mut cancel = self.ctx.cancel.clone();
                self.file(path, |w| {
                    let setup = PlayerSetup {
                        title: &title,
                        size: PlayerSize::Window,
                    };
                    write_player(&mut adapter, events, style, pacing, &mut cancel, setup, w)
                        .map(drop)
                })
            }
            Item::QueensSheet => {
                let still = self.queens.sheet(queens_look, &thumbnails(style), None)?;
                self.still(path, Drawn::Raster(still))
            }
            Item::QueensSolutions => {
                let files = self.queens.write_stills(path, queens_look, style)?;
                Ok(Made {
                    bytes: files.iter().map(|f| f.bytes).sum(),
                    files: Some(files.len()),
                })
            }
            Item::QueensSvg => {
                let first = self
                    .queens
                    .entries()
                    .first()
                    .ok_or_else(|| Error::NoSolution("8 queens without a solution".into()))?;
                let (scene, hints) = self.queens.scene(first, queens_look)?;
                let figure = draw_vector(&scene, hints, style)?;
                self.svg(path, figure)
            }
            _ => Err(Error::usage("not an item of this problem")),
        }
    }

    /// The knight's items.
    fn knight(&self, item: Item, path: &Path) -> Result<Made> {
        let style = &self.style;
        match item {
            Item::KnightStill => {
                let tour = self.knight.solve()?;
                let still = knight::still(&tour, KnightStyle::default(), style)?;
                self.still(path, Drawn::Raster(still))
            }
            Item::KnightMovie => {
                let pacing = Pacing::new(knight::DEFAULT_DELAY_MS, knight::DEFAULT_HOLD_MS);
                self.file(path, |w| {
                    knight::animate(w, &self.knight, style, pacing, &mut self.ctx.cancel.clone())
                        .map(drop)
                })
            }
            Item::KnightSvg => {
                let (scene, hints) = knight::scene(&self.knight.solve()?, KnightStyle::default())?;
                let figure = draw_vector(&scene, hints, style)?;
                self.svg(path, figure)
            }
            _ => Err(Error::usage("not an item of this problem")),
        }
    }

    /// Refuses, before any file is written, a gallery with a figure over an image limit: otherwise
    /// the small items would be written, taking their time, before the large one failed.
    fn check_sizes(&self) -> Result<()> {
        let style = &self.style;
        let side = self.tromino.side();
        let n = self.queens.n();
        let (rows, cols) = (self.knight.rows(), self.knight.cols());
        // The queens' still and 92 stills are captioned, and so are the search's frames.
        let boards = [
            (side, side, BoardKind::Tiles, false),
            (n, n, BoardKind::Queens, true),
            (rows, cols, BoardKind::Tour, false),
        ];
        for (rows, cols, kind, caption) in boards {
            let board = Board { rows, cols, kind };
            check_board(board, style, caption, Picture::Still)?;
            check_board(board, style, caption, Picture::Animation)?;
            if kind == BoardKind::Queens {
                self.queens.sheet_layout(&thumbnails(style), None)?;
            }
        }
        // The stills' captions and numbers, set as the vector figures are (cheap at any cell):
        // a caption too wide for the figure is refused here rather than after the first files.
        let first = self.queens.entries().first();
        let queens = first.map(|f| self.queens.scene(f, QueensStyle::default()));
        let tiles = TrominoStyle {
            numbers: true,
            ..TrominoStyle::default()
        };
        let tour = self.knight.solve()?;
        for scene in [
            tromino::scene(&self.tromino, tiles),
            knight::scene(&tour, KnightStyle::default()),
        ]
        .into_iter()
        .chain(queens)
        {
            let (scene, hints) = scene?;
            draw_vector(&scene, hints, style)?;
        }
        Ok(())
    }

    /// Refuses a gallery that would not fit the free space of its folder: its files are about the
    /// size of an 8 x 8 still each (the 92 solutions, the stills, the pages and animations).
    fn check_disk(&self, dir: &Path) -> Result<()> {
        let style = &self.style;
        let n = self.queens.n();
        // The figure's size as the library lays it out (the estimate's memory is not needed).
        let figure = Budget {
            rows: n,
            cols: n,
            caption: true,
            job: MemoryJob::Still,
            board: BoardKind::Queens,
            copies: 1,
        }
        .estimate(style.cell, style)?;
        let each = disk::picture_bytes(
            figure.width,
            figure.height,
            u64::from(n * n),
            chessviz::StillFormat::Png,
        );
        let files = (self.queens.len() + Item::ALL.len() - 1) as u64;
        disk::check_disk("the gallery", files, each, dir)
    }

    /// Writes a still to `path`; its size.
    fn still(&self, path: &Path, drawn: Drawn) -> Result<Made> {
        let png = FormatArg::of(Format::Png).ok_or_else(|| Error::usage("no PNG format"))?;
        write_drawn(self.ctx, path, png, &drawn)?;
        made(path)
    }

    /// Writes a vector figure as SVG to `path`; its size.
    fn svg(&self, path: &Path, figure: chessviz::VectorFigure) -> Result<Made> {
        let svg = FormatArg::of(Format::Svg).ok_or_else(|| Error::usage("no SVG format"))?;
        let pdf = figure.pdf;
        write_drawn(self.ctx, path, svg, &Drawn::Vector(figure, pdf))?;
        made(path)
    }

    /// Writes `path` atomically with `write` (an animation); its size.
    fn file(
        &self,
        path: &Path,
        write: impl FnOnce(&mut std::io::BufWriter<&mut fs::File>) -> Result<()>,
    ) -> Result<Made> {
        write_atomic_with(path, &self.ctx.cancel, write)?;
        made(path)
    }
}

/// The sheet's style: two thirds of a cell keep the sheet of 92 a comfortable size.
fn thumbnails(style: &Style) -> Style {
    let mut thumbs = style.clone();
    thumbs.cell = (style.cell * 2 / 3).max(8);
    thumbs
}

/// The size of the file at `path`.
fn made(path: &Path) -> Result<Made> {
    let bytes = fs::metadata(path).map_err(|e| Error::io(path, e))?.len();
    Ok(Made { bytes, files: None })
}

/// `1234` -> `1.2 kB`.
fn human(bytes: u64) -> String {
    match bytes {
        b if b < 1000 => format!("{b} B"),
        b if b < 1_000_000 => format!("{:.1} kB", b as f64 / 1e3),
        b => format!("{:.1} MB", b as f64 / 1e6),
    }
}

pub fn run(ctx: &Ctx, a: GalleryArgs) -> Result<()> {
    let started = Instant::now();
    a.look
        .check_single_figure("the gallery, whose GIFs and sheet cannot have them")?;
    // The options it never uses (a box, TikZ's, one picture's words) are refused by their
    // definitions.
    let style = a.look.style()?;
    let mut gallery = Gallery {
        ctx,
        dir: a.dir.clone(),
        style,
        queens: QueensBatch::new(8, Selection::All)?
            .cancel_with(ctx.cancel.clone())
            .sheet_width((a.look.cell.is_none()).then_some(chessviz::limits::PAGE_WIDTH)),
        tromino: TrominoProblem::new(3, Square::new(2, 2))?,
        knight: KnightProblem::new(8, 8, Square::new(0, 0))?,
    };
    gallery.check_sizes()?;
    gallery.check_disk(&a.dir)?;
    let staging = Staging::new(&a.dir)?;
    gallery.dir = staging.path().to_path_buf();
    // Independent items run side by side; each one is itself parallel where it has many parts.
    let made: Vec<Result<Made>> = Item::ALL
        .par_iter()
        .map(|&item| gallery.make(item))
        .collect();
    let mut lines = Vec::new();
    let mut total = 0u64;
    for (item, made) in Item::ALL.iter().zip(made) {
        let made = made.map_err(|e| staging.failed(e))?;
        total += made.bytes;
        lines.push(line(&a.dir, *item, &made));
    }
    staging.finish()?;
    if !a.quiet {
        report(ctx, &lines, total, started, &a.dir)?;
    }
    Ok(())
}

/// The listing line of an item: its name, its size, what it is.
fn line(dir: &Path, item: Item, made: &Made) -> (String, String, String) {
    let (name, about) = match made.files {
        Some(files) => (
            folder_display(&dir.join(item.name())),
            format!("{files} files: {}", item.about()),
        ),
        None => (
            dir.join(item.name()).display().to_string(),
            item.about().to_string(),
        ),
    };
    (name, human(made.bytes), about)
}

/// The listing, aligned, and the total.
fn report(
    ctx: &Ctx,
    lines: &[(String, String, String)],
    total: u64,
    started: Instant,
    dir: &Path,
) -> Result<()> {
    let name_w = lines.iter().map(|l| l.0.len()).max().unwrap_or(0);
    let size_w = lines.iter().map(|l| l.1.len()).max().unwrap_or(0);
    for (name, size, about) in lines {
        ctx.status_line(&format!("{name:<name_w$}  {size:>size_w$}  {about}"));
    }
    ctx.status_line(&format!(
        "wrote {} in {:.2} s to {}",
        human(total),
        started.elapsed().as_secs_f64(),
        folder_display(dir)
    ));
    Ok(())
}
