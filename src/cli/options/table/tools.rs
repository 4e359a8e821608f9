//! The options of `gallery`, `completions` and `man`.

use super::{Def, Sample, DEF};

/// This group's definitions, in the table's order.
pub(super) const OPTIONS: &[Def] = &[
    Def {
        id: "dir",
        long: "dir",
        request: true,
        sample: &[Sample::of("man", &["--dir", "{dir}/man"])],
        ..DEF
    },
    Def {
        id: "shell",
        long: "SHELL",
        request: true,
        ..DEF
    },
    Def {
        id: "command",
        long: "COMMAND",
        conflicts: &["dir"],
        request: true,
        ..DEF
    },
];
