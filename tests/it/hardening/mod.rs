//! Hostile input, resource limits and output safety, a file a subject.
//!
//! - `parsers`: property tests of the parsers (the tromino batch format, `ROW,COL` squares) on
//!   arbitrary bytes, token soup, valid input in harmless disguises and valid input with one harmful
//!   change.
//! - `bad_input`: the command line against a table of bad inputs, each getting one `error: ...` line
//!   and exit status 2 (`--nocapture` prints the table as Markdown); fonts that are not regular files
//!   or are too big are refused at once.
//! - `limits`: searches stop at their budgets, animations at `--max-frames`; a gallery too large is
//!   refused before its first file.
//! - `files`: every file is written atomically. Tests run as root, so a read-only folder made with
//!   chmod would not stop the writes; failures are provoked instead by `/dev/full` and a file-size
//!   limit (`ulimit -f`) that makes a write fail half-way. A file's mode and owner are kept, a
//!   symbolic link is written through.
//! - `destinations`: named pipes, devices and `/dev/stdout` are written directly; standard output
//!   that is closed or full is an error; `/proc` and `/sys` (no new files there, even for root), a
//!   missing folder, a folder where a file is expected and a name too long are refused without
//!   leftovers.
//! - `disk_space`: a batch over the free space or the 8 GiB ceiling is refused before its first file.
//! - `first_tries`: `queens 8`, `--size 8x8`, `--solution 3 -o q.gif`, `-q` on text and
//!   `--help | head` work or hint.
//! - `gallery_all_or_nothing`: a failing gallery leaves its folder as it was.
//! - `frames_folder`: `--frames` removes the pictures it did not write, refuses a folder in use,
//!   `-` and a link to nothing.
//! - `known_limits`: solution numbers past the known counts, and storyboards too large, refused
//!   before the search.
//! - `late_limits`: numbers no cell can show are refused as such, before the work.
//! - `messages`: values with blank lines, numbering, files named, invisible characters, a bare
//!   `chessviz`.
//! - `pipes`: pictures into a pipe whose reader has gone end quietly, as text does.
//! - `quiet_failures`: a failing run prints its error line alone, the warnings held back.
//! - `special_inputs`: theme and path files that are pipes or devices are refused at once, a
//!   picture for a closed standard output is refused, a caption's endless word is refused quickly.
//! - `option_sweep`: every option of every subcommand against every output kind: it changes the
//!   output, is refused, or its definition (`src/cli/options/table.rs`) says why it does not.
//! - `silent_options`: options that changed nothing in a mode are refused, naming the option.
//! - `status_and_exit`: status lines on standard error, scripts for a closed standard output
//!   refused, listings line by line into a pipe, stale temporary files removed, words people
//!   reach for named as here.

mod bad_input;
mod destinations;
mod disk_space;
mod files;
mod first_tries;
mod frames_folder;
mod gallery_all_or_nothing;
mod known_limits;
mod late_limits;
mod limits;
mod memory_estimate;
mod messages;
mod option_sweep;
mod parsers;
mod pipes;
mod quiet_failures;
mod silent_options;
mod special_inputs;
mod status_and_exit;
