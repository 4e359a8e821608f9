//! `chessviz completions SHELL` and `chessviz man`.

use clap::{Args, CommandFactory, ValueEnum};
use clap_complete::Shell;

use chessviz::Result;

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

/// `chessviz completions SHELL`.
pub fn run(a: &CompletionsArgs) -> Result<()> {
    crate::cli::report::man::completions(super::Cli::command(), Shell::from(a.shell))
}

/// `chessviz man`.
pub fn man() -> Result<()> {
    crate::cli::report::man::man(super::Cli::command())
}
