//! What a run carries instead of process-wide state: its cancellation token, what the command line
//! said beyond the parsed options, and whether standard output can take what is printed.

use std::io::{self, Write};

use chessviz::{Cancel, Error, Result};

/// The run's context, made once by `main` and passed down.
pub struct Ctx {
    /// Cancelled by the Ctrl-C handler; every long loop and file write of the run is given it.
    pub cancel: Cancel,
    /// Whether `--cell` was given on the command line (a contact sheet then keeps it instead of
    /// fitting a page).
    pub cell_given: bool,
    /// Whether the board's size (`-n`) was given on the command line (`queens --check` otherwise
    /// takes it from the answer).
    pub size_given: bool,
    /// Whether the process started with standard output closed (`chessviz ... >&-`): writes would
    /// go to the `/dev/null` the runtime put in its place, so they are refused instead.
    pub stdout_closed: bool,
}

impl Ctx {
    /// The error for a process started without standard output.
    pub fn check_stdout_open(&self) -> Result<()> {
        if self.stdout_closed {
            return Err(Error::io(
                "standard output",
                io::Error::other("it is closed, so nothing can be printed"),
            ));
        }
        Ok(())
    }

    /// Prints one line (a summary) on standard output, failing (instead of panicking as `println!`
    /// does) when it cannot be written.
    pub fn print_line(&self, line: &str) -> Result<()> {
        self.check_stdout_open()?;
        let mut out = io::stdout().lock();
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .map_err(|e| Error::io("standard output", e))
    }
}
