//! The arguments the subcommands share, one file per concern.

mod anim;
mod annotate;
mod board_side;
mod input_file;
mod look;
mod panel;
mod square;
mod steps;

pub use anim::AnimArgs;
pub use annotate::AnnotateArgs;
pub use board_side::parse_side;
pub use input_file::read_input_file;
pub use look::{BackgroundArg, DrawnRoles, LookArgs};
pub use panel::{below as panel_below, trace_line, PanelArgs};
pub use square::{parse_square_arg, queens_from_squares, SquareArg};
pub use steps::{parse_solution, ColumnsArgs, SequenceArgs, Steps};
