//! Command-line definitions (clap derive) and dispatch: `main` makes the run's context, installs
//! the Ctrl-C handler and turns any failure into one `error: ...` line and exit 2 (128 + the signal's number when a signal ended it).

mod args;
mod commands;
mod formats;
mod options;
mod process;
pub mod report;
mod run;

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chessviz::Error;

use commands::check::Outcome;
use report::clap_errors::report_clap_error;
use report::errors::{message, one_line};
use run::context::Ctx;

/// How long Ctrl-C waits for the work to notice the interruption and unwind before the process is
/// ended from the handler (a solve or a count does not look at the flag).
const INTERRUPT_GRACE: Duration = Duration::from_millis(1000);

/// Parses the command line, runs it, and turns any failure into one `error: ...` line and exit 2.
pub fn main() -> ExitCode {
    let stdout_closed = process::stdout_closed_at_start();
    let (cli, given) = match commands::parse() {
        Ok(parsed) => parsed,
        Err(e) => return report_clap_error(e, stdout_closed),
    };
    let ctx = Ctx::new(given, stdout_closed);
    report::oom::watch(&ctx.cancel);
    // Taken (and never released) by whichever of the main thread and the Ctrl-C handler ends the
    // run first, so that exactly one of them reports.
    let last_word = Arc::new(Mutex::new(()));
    // Ctrl-C, SIGTERM and SIGHUP cancel the run's token: frame loops and writers notice it and
    // unwind, removing their temporary files. Work that never looks (a long solve) is ended after a
    // grace period, its temporary files removed by the handler.
    process::ignore_file_size_signal();
    let ignored = process::ignored_ending_signals();
    let token = ctx.cancel.clone();
    let handler_word = Arc::clone(&last_word);
    let _ = ctrlc::set_handler(move || {
        token.cancel();
        std::thread::sleep(INTERRUPT_GRACE);
        std::mem::forget(handler_word.lock());
        token.abandon_pending_writes();
        let _ = writeln!(io::stderr(), "error: {}", Error::Interrupted);
        std::process::exit(i32::from(process::interrupted_exit_status()));
    });
    process::note_which_signal();
    process::ignore_again(&ignored);
    let result = commands::dispatch(cli.command, &ctx);
    std::mem::forget(last_word.lock());
    match result {
        Ok(Outcome::Done) => {
            // A run that went on: the warnings its arguments earned, held until now.
            ctx.show_warnings();
            ExitCode::SUCCESS
        }
        // `--check`: an answer read and wrong; one that could not be read (its `error:` line
        // printed by the check).
        Ok(Outcome::Wrong) => ExitCode::from(1),
        Ok(Outcome::Unreadable) => ExitCode::from(2),
        // A closed pipe (`chessviz ... | head`) is not a failure of ours.
        Err(Error::Io { source, .. }) if source.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        // Ended by SIGINT, SIGTERM or SIGHUP: 130, 143 or 129, as the shell would report.
        Err(Error::Interrupted) => {
            let _ = writeln!(io::stderr(), "error: {}", Error::Interrupted);
            ExitCode::from(process::interrupted_exit_status())
        }
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: {}", one_line(&message(&e)));
            ExitCode::from(2)
        }
    }
}
