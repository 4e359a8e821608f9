//! What the command says: errors, summary lines, progress, the manual and completions.

pub mod errors;
#[cfg(test)]
mod help_check;
pub mod man;
pub mod oom;
pub mod progress;
pub mod summary;
