//! Text output: to standard output or a file written atomically, stopping cleanly on Ctrl-C.

use std::io::{self, Write};

use chessviz::files::write_atomic_with;
use chessviz::files::Target;
use chessviz::{Cancel, Error, Result};

use super::context::Ctx;

/// Writes one line per item (a trace or a list), stopping cleanly on Ctrl-C.
pub fn emit_lines<T: std::fmt::Display>(
    ctx: &Ctx,
    target: &Target,
    items: impl IntoIterator<Item = Result<T>>,
) -> Result<()> {
    emit_text(ctx, target, |w| {
        for item in items {
            ctx.cancel.check()?;
            writeln!(w, "{}", item?).map_err(|e| Error::io("output", e))?;
        }
        Ok(())
    })
}

/// Runs `write` against standard output or an atomically written file; a cancelled run stops at the
/// next write.
pub fn emit_text(
    ctx: &Ctx,
    target: &Target,
    write: impl FnOnce(&mut dyn Write) -> Result<()>,
) -> Result<()> {
    let cancel = &ctx.cancel;
    let result = match target {
        Target::Stdout => {
            ctx.check_stdout_open()?;
            let stdout = io::stdout();
            let mut lock = io::BufWriter::new(Cancellable(stdout.lock(), cancel));
            write(&mut lock)
                .and_then(|()| lock.flush().map_err(|e| Error::io("standard output", e)))
        }
        Target::File(path, _) => {
            write_atomic_with(path, cancel, |w| write(&mut Cancellable(w, cancel)))
        }
    };
    // A write refused by `Cancellable` reads as an I/O error; it is the interruption.
    match result {
        Err(_) if cancel.is_cancelled() => Err(Error::Interrupted),
        other => other,
    }
}

/// A writer that refuses to write once the run is cancelled, so that text written row by row (a
/// matrix of 32768 rows) stops at the next row.
struct Cancellable<'c, W>(W, &'c Cancel);

impl<W: Write> Write for Cancellable<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.1.is_cancelled() {
            return Err(io::Error::new(io::ErrorKind::Interrupted, "cancelled"));
        }
        self.0.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}
