//! The options of `board`: a position (FEN or pieces), coloured squares, the board flipped.

use super::{Def, Sample, DEF, PICTURES};

/// This group's definitions, in the table's order.
pub(super) const OPTIONS: &[Def] = &[
    Def {
        id: "fen",
        long: "fen",
        request: true,
        sample: &[Sample::any(&["--fen", "4k3/8/8/8/8/8/8/4K3"]).replacing(&["--size", "--piece"])],
        ..DEF
    },
    Def {
        id: "pieces",
        long: "piece",
        only_in: &["board"],
        request: true,
        sample: &[Sample::any(&["--piece", "b2=n"])],
        ..DEF
    },
    Def {
        id: "fills",
        long: "fill",
        applies: PICTURES,
        request: true,
        sample: &[Sample::any(&["--fill", "b2=#ff0000"])],
        ..DEF
    },
    Def {
        id: "flip",
        long: "flip",
        applies: PICTURES,
        ..DEF
    },
];
