//! What the command says: errors, summary lines, progress, the manual and completions.

pub mod clap_errors;
pub mod errors;
#[cfg(test)]
mod help_check;
pub mod man;
pub mod oom;
pub mod progress;
mod reached_for;
pub mod summary;
