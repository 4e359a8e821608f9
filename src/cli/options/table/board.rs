//! The options of `board`: a position (FEN or pieces), coloured squares, the board flipped.

use super::{Def, DEF, PICTURES};

/// This group's definitions, in the table's order.
pub(super) const OPTIONS: &[Def] = &[
    Def {
        id: "fen",
        long: "fen",
        request: true,
        ..DEF
    },
    Def {
        id: "pieces",
        long: "piece",
        only_in: &["board"],
        request: true,
        ..DEF
    },
    Def {
        id: "fills",
        long: "fill",
        applies: PICTURES,
        request: true,
        ..DEF
    },
    Def {
        id: "flip",
        long: "flip",
        applies: PICTURES,
        ..DEF
    },
];
