//! The `chessviz` command: a thin layer over the library.

mod cli;

/// Running out of memory ends in one `error:` line and exit 2, with the temporary files removed.
#[global_allocator]
static ALLOCATOR: cli::report::oom::Watched = cli::report::oom::Watched;

fn main() -> std::process::ExitCode {
    cli::main()
}
