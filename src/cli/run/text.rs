//! Text output: to standard output or a file written atomically, stopping cleanly on Ctrl-C.

use std::io::{self, Write};

use chessviz::files::write_atomic_with;
use chessviz::files::Target;
use chessviz::{Cancel, Error, Result};

use super::context::Ctx;

/// Writes one line per item (a trace or a list), stopping cleanly on Ctrl-C. On a terminal or a
/// pipe each line is passed on as it is made, so a long listing shows (or feeds `grep`) line by
/// line instead of in 8 KiB blocks.
pub fn emit_lines<T: std::fmt::Display>(
    ctx: &Ctx,
    target: &Target,
    items: impl IntoIterator<Item = Result<T>>,
) -> Result<()> {
    let line_by_line = matches!(target, Target::Stdout) && stdout_is_terminal_or_pipe();
    emit_text(ctx, target, |w| {
        for item in items {
            ctx.cancel.check()?;
            writeln!(w, "{}", item?).map_err(|e| Error::io("output", e))?;
            if line_by_line {
                w.flush().map_err(|e| Error::io("standard output", e))?;
            }
        }
        Ok(())
    })
}

/// Whether standard output is read as it comes: a terminal, or a pipe to another program.
fn stdout_is_terminal_or_pipe() -> bool {
    use std::io::IsTerminal;
    if io::stdout().is_terminal() {
        return true;
    }
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::FileTypeExt;
        io::stdout()
            .as_fd()
            .try_clone_to_owned()
            .ok()
            .and_then(|fd| std::fs::File::from(fd).metadata().ok())
            .is_some_and(|meta| meta.file_type().is_fifo())
    }
    #[cfg(not(unix))]
    false
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
