//! The one error type of the library.
//!
//! Every failure a user can cause (a bad argument, malformed input, an image too large, a board with no
//! tour) is an [`Error`] whose `Display` is a single line; the binary prints it as `error: ...` and exits
//! with status 2. Nothing in the library panics on user input.

use std::path::PathBuf;

/// Everything that can go wrong in chessviz.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An argument or an input value is out of range or malformed.
    #[error("{0}")]
    Invalid(String),
    /// The problem has no solution for these parameters (for example no knight's tour on 4 x 4).
    #[error("{0}")]
    NoSolution(String),
    /// The requested image or animation would exceed a format or memory limit.
    #[error("{0}")]
    TooLarge(String),
    /// A search ran out of its budget (`--max-retreats`, a frame cap).
    #[error("{0}")]
    Budget(String),
    /// The run was interrupted (Ctrl-C) before the output was complete.
    #[error("interrupted; no file was left half-written")]
    Interrupted,
    /// Reading or writing a file failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder involved.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// An encoder failed for a reason other than I/O.
    #[error("encoding failed: {0}")]
    Encode(String),
}

impl Error {
    /// Shorthand for [`Error::Invalid`] with a formatted message.
    pub fn invalid(msg: impl Into<String>) -> Self {
        Error::Invalid(msg.into())
    }

    /// Attaches a path to an I/O error.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}

/// Result with the library's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
