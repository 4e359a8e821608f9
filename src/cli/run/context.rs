//! What a run carries instead of process-wide state: its cancellation token, what the command line
//! said beyond the parsed options, and whether standard output can take what is printed.

use std::io::{self, Write};
use std::sync::Mutex;

use chessviz::{Cancel, Error, Result};

use crate::cli::options::Given;

/// The run's context, made once by `main` and passed down.
pub struct Ctx {
    /// Cancelled by the Ctrl-C handler; every long loop and file write of the run is given it.
    pub cancel: Cancel,
    /// What the command line of the subcommand gave (`--check` compares the assignment's options
    /// with the answer only where they were given; a streamed board refuses some by their values).
    pub given: Given,
    /// Whether the process started with standard output closed (`chessviz ... >&-`): writes would
    /// go to the `/dev/null` the runtime put in its place, so they are refused instead.
    pub stdout_closed: bool,
    /// Warnings found while the arguments were checked (a colour of one's own with too little
    /// contrast): held until the run is known to go on, so that a run
    /// that fails prints its one `error:` line and nothing else ([`Ctx::show_warnings`]).
    pub warnings: Mutex<Vec<String>>,
}

impl Ctx {
    /// A context for a run that has not been cancelled and holds no warnings yet.
    pub fn new(given: Given, stdout_closed: bool) -> Ctx {
        Ctx {
            cancel: Cancel::new(),
            given,
            stdout_closed,
            warnings: Mutex::new(Vec::new()),
        }
    }

    /// Holds `line` (the whole line, `warning: ...`) until [`Ctx::show_warnings`].
    pub fn warn(&self, line: String) {
        if let Ok(mut held) = self.warnings.lock() {
            held.push(line);
        }
    }

    /// Prints the warnings held so far on standard error, once: called when the run has done its
    /// work (before its summary line, or at its end), never for a run that fails.
    pub fn show_warnings(&self) {
        let held = match self.warnings.lock() {
            Ok(mut held) => std::mem::take(&mut *held),
            Err(_) => return,
        };
        let mut err = io::stderr().lock();
        for line in held {
            let _ = writeln!(err, "{line}");
        }
    }

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

    /// Prints one status line ("wrote ...", a listing of the files written) on standard error, as
    /// cargo and ffmpeg do: standard output carries only the text a command was asked for, so a run
    /// writing a file succeeds with standard output closed or full. A status line that cannot be
    /// written is not a failure of the run (the file is there).
    pub fn status_line(&self, line: &str) {
        self.show_warnings();
        let mut err = io::stderr().lock();
        let _ = writeln!(err, "{line}").and_then(|()| err.flush());
    }

    /// Prints one line of the text a command was asked for (a verdict of `--check`) on standard
    /// output, failing (instead of panicking as `println!` does) when it cannot be written.
    pub fn print_line(&self, line: &str) -> Result<()> {
        self.check_stdout_open()?;
        self.show_warnings();
        let mut out = io::stdout().lock();
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .map_err(|e| Error::io("standard output", e))
    }
}
