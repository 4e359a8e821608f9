//! `chessviz completions SHELL` and `chessviz man [COMMAND] [--dir DIR]`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use clap_complete::Shell;

use chessviz::Result;

use crate::cli::report::man;
use crate::cli::run::context::Ctx;
use crate::cli::run::target::folder_display;

#[derive(Args, Debug)]
#[command(after_help = "\
Examples (install):
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

/// `chessviz completions SHELL` (a script nobody receives is a failure: standard output closed).
pub fn run(ctx: &Ctx, a: &CompletionsArgs) -> Result<()> {
    ctx.check_stdout_open()?;
    man::completions(super::command(), Shell::from(a.shell))
}

#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  chessviz man | man -l -                 this page
  chessviz man queens | man -l -          the page of one command, every option with its default
  chessviz man --dir ~/.local/share/man/man1   all pages, for `man chessviz-queens`")]
pub struct ManArgs {
    /// The command whose page to print.
    ///
    /// The command whose page to print (tromino, queens, knight, ...) [default: chessviz itself].
    #[arg(value_name = "COMMAND", value_parser = command_name)]
    command: Option<String>,
    /// Write every page into the folder DIR instead.
    ///
    /// Write every page into the folder DIR instead (chessviz.1, chessviz-queens.1, ...; the folder
    /// is created when missing) [default: print one page to standard output].
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// A subcommand's name, refused with the list of names when it is none.
fn command_name(text: &str) -> std::result::Result<String, String> {
    let names = man::subcommand_names(&super::command());
    if names.iter().any(|n| n == text) {
        Ok(text.to_string())
    } else {
        Err(format!("not a command; choose one of {}", names.join(", ")))
    }
}

/// `chessviz man [COMMAND]`, `chessviz man --dir DIR`.
pub fn man(ctx: &Ctx, a: &ManArgs) -> Result<()> {
    match &a.dir {
        None => {
            ctx.check_stdout_open()?;
            man::man(super::command(), a.command.as_deref())
        }
        Some(dir) => {
            let written = man::man_dir(super::command(), dir)?;
            ctx.status_line(&format!(
                "wrote {} manual pages to {}",
                written.len(),
                folder_display(dir)
            ));
            Ok(())
        }
    }
}
