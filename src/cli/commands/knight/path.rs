//! `knight --path SQUARES` / `--path-file FILE`: a given tour or partial path, printed as a numbered
//! matrix, drawn, or laid out move by move as the search is.

use std::io::Read;
use std::path::Path;

use chessviz::files::Target;
use chessviz::knight::{self, KnightAdapter, KnightPath, KnightStyle};
use chessviz::text;
use chessviz::{scene_after, Adapter, Annotated, Annotations, Error, Problem, Result, Square};

use super::{request, KnightArgs};
use crate::cli::run;
use crate::cli::run::context::Ctx;
use crate::cli::run::problem::Outputs;
use crate::cli::run::target::target;
use crate::cli::run::text::emit_text;

/// The largest path file read (a 2000 x 2000 matrix of 7-digit numbers is about 32 MB).
const MAX_PATH_FILE_BYTES: u64 = 64 << 20;

/// Where a knight's path comes from.
pub enum PathSource<'a> {
    /// `--path SQUARES`.
    Text(&'a str),
    /// `--path-file FILE` (`-` for standard input).
    File(&'a Path),
}

impl PathSource<'_> {
    /// How the option is named in an error.
    fn name(&self) -> String {
        match self {
            PathSource::Text(_) => "--path".to_string(),
            PathSource::File(p) => format!("--path-file {}", p.display()),
        }
    }

    fn read(&self) -> Result<String> {
        let path = match self {
            PathSource::Text(t) => return Ok(t.to_string()),
            PathSource::File(path) => path,
        };
        let mut bytes = Vec::new();
        let read = if path.as_os_str() == "-" {
            std::io::stdin()
                .lock()
                .take(MAX_PATH_FILE_BYTES + 1)
                .read_to_end(&mut bytes)
        } else {
            // A regular file only: a named pipe would block, a device never end.
            bytes = crate::cli::args::read_input_file(
                "--path-file",
                path,
                "a path file",
                MAX_PATH_FILE_BYTES,
            )?;
            Ok(bytes.len())
        };
        read.map_err(|e| Error::usage(format!("{}: {e}", self.name())))?;
        if bytes.len() as u64 > MAX_PATH_FILE_BYTES {
            return Err(Error::usage(format!(
                "{} is over {} MB; a path file holds a list of squares or a numbered matrix",
                self.name(),
                MAX_PATH_FILE_BYTES >> 20
            )));
        }
        // A byte-order mark, as editors on Windows write it, is not part of the squares (the batch
        // input accepts one too).
        let text = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(&bytes);
        String::from_utf8(text.to_vec())
            .map_err(|_| Error::usage(format!("{} is not UTF-8 text", self.name())))
    }
}

/// The checked path and its board.
fn read_path(
    source: &PathSource<'_>,
    board: Option<(u32, u32)>,
) -> Result<(u32, u32, Vec<Square>)> {
    let name = source.name();
    let wrap = |e: Error| match e {
        Error::Invalid { kind, message } => Error::invalid(kind, format!("{name}: {message}")),
        other => other,
    };
    let parsed = text::parse_knight_path(&source.read()?).map_err(wrap)?;
    let (rows, cols) = match (parsed.size(), board) {
        (Some(m), Some(b)) if m != b => {
            return Err(Error::usage(format!(
                "{name} holds a {} x {} matrix, but the board asked for is {} x {}; drop -n/--rows/--cols or make them agree",
                m.0, m.1, b.0, b.1
            )));
        }
        (Some(m), _) => m,
        (None, Some(b)) => b,
        (None, None) => (8, 8),
    };
    for (what, side) in [("rows", rows), ("columns", cols)] {
        if side > knight::MAX_SIDE {
            return Err(Error::usage(format!(
                "{name}: a board of {side} {what} is larger than {}",
                knight::MAX_SIDE
            )));
        }
    }
    let path = parsed.resolve(rows, cols).map_err(wrap)?;
    Ok((rows, cols, path))
}

/// `knight --path ...` or `--path-file ...`.
pub fn run(ctx: &Ctx, a: &KnightArgs, look: KnightStyle) -> Result<()> {
    let source = match (&a.path, &a.path_file) {
        (Some(text), _) => PathSource::Text(text),
        (None, Some(file)) => PathSource::File(file),
        (None, None) => return Err(Error::usage("no path given")),
    };
    let board = a.size.map(|n| (n, n)).or(a.rows.zip(a.cols));
    target(a.output.as_deref(), a.seq.format)?;
    let (rows, cols, path) = read_path(&source, board)?;
    let annotations = a.annotate.annotations(rows, cols, &a.look)?;
    let path = KnightPath::new(rows, cols, path);
    let outputs = describe(a, &path, look, &annotations);
    let style = || a.look.style();
    run::run(ctx, &request(a, &style), &path, &outputs)
}

/// What the command adds to the path for every output: move by move as the step options and a GIF
/// show it.
fn describe<'a>(
    a: &'a KnightArgs,
    path: &'a KnightPath,
    look: KnightStyle,
    annotations: &'a Annotations,
) -> Outputs<'a, Annotated<KnightAdapter>> {
    let (rows, cols) = path.board();
    let adapter = move || {
        Annotated::new(
            KnightAdapter::with_style(rows, cols, look),
            annotations.clone(),
        )
    };
    Outputs {
        caption: a.annotate.caption_band(false),
        figure: Box::new(move |_: &Ctx| {
            let mut adapter = adapter();
            let (scene, _) = scene_after(&mut adapter, path.events()?, None)?;
            Ok((scene, adapter.hints()))
        }),
        text: Box::new(move |ctx: &Ctx, target: &Target| {
            emit_text(ctx, target, |w| {
                text::write_path_matrix(w, rows, cols, path.squares())
            })
        }),
        adapter: Box::new(move |_| Ok(adapter())),
        counted_as: None,
        check_count: None,
    }
}
