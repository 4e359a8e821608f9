//! `chessviz completions SHELL` and `chessviz man`: generated from the same clap definitions as the
//! parser, so they never fall out of step with the options.

use std::io::{self, Write};

use clap::{Args, CommandFactory, ValueEnum};
use clap_complete::Shell;

use chessviz::{Error, Result};

#[derive(Args, Debug)]
#[command(after_help = "\
Install:
  bash:  chessviz completions bash > ~/.local/share/bash-completion/completions/chessviz
  zsh:   chessviz completions zsh > ~/.zfunc/_chessviz   (with fpath+=(~/.zfunc) before compinit)
  fish:  chessviz completions fish > ~/.config/fish/completions/chessviz.fish
  powershell: chessviz completions powershell >> $PROFILE
  elvish: chessviz completions elvish >> ~/.config/elvish/rc.elv")]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: ShellArg,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ShellArg {
    Bash,
    Zsh,
    Fish,
    Powershell,
    Elvish,
}

impl From<ShellArg> for Shell {
    fn from(s: ShellArg) -> Shell {
        match s {
            ShellArg::Bash => Shell::Bash,
            ShellArg::Zsh => Shell::Zsh,
            ShellArg::Fish => Shell::Fish,
            ShellArg::Powershell => Shell::PowerShell,
            ShellArg::Elvish => Shell::Elvish,
        }
    }
}

/// Writes the completion script for the chosen shell to standard output.
pub fn run(a: &CompletionsArgs) -> Result<()> {
    let mut command = super::Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(Shell::from(a.shell), &mut command, "chessviz", &mut script);
    write_stdout(&script)
}

/// Writes the manual page (roff, section 1) to standard output.
pub fn man() -> Result<()> {
    let mut page = Vec::new();
    clap_mangen::Man::new(super::Cli::command())
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
