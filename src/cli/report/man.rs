//! The shell completion scripts and the manual page, generated from the same clap definitions as
//! the parser, so they never fall out of step with the options.

use std::io::{self, Write};

use clap_complete::Shell;

use chessviz::{Error, Result};

/// Writes the completion script for the chosen shell to standard output.
pub fn completions(mut command: clap::Command, shell: Shell) -> Result<()> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "chessviz", &mut script);
    write_stdout(&script)
}

/// Writes the manual page (roff, section 1) to standard output.
pub fn man(command: clap::Command) -> Result<()> {
    let mut page = Vec::new();
    clap_mangen::Man::new(command)
        .render(&mut page)
        .map_err(|e| Error::io("manual page", e))?;
    write_stdout(&page)
}

fn write_stdout(bytes: &[u8]) -> Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| Error::io("standard output", e))
}
