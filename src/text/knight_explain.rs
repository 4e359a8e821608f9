//! Text that says why the knight moved: trace lines with the candidates of each move, a caption for a
//! figure, and the weight (degree) matrix of the empty board.

use std::fmt::Write as _;
use std::io::Write;

use super::{knight_event_line, write_aligned_row, Lang, Phrase, SquareNames};
use crate::error::Result;
use crate::solve::knight::{
    ChoiceRule, KnightCandidate, KnightChoice, KnightDegrees, KnightEvent, Ties,
};

/// One knight event as a trace line, with the candidates of a move chosen among them:
/// `move 12 3,4 (candidates 3,4:2 5,2:3 1,5:4)`, each candidate as `square:onward` in the order the
/// search tries them (so the chosen square comes first on a first try).
///
/// A weight that counts the start of a closed tour is written `3+1`; a move made after earlier
/// candidates led to dead ends ends with `; choice 2` (its place in that order). Without a choice the
/// line is the plain [`knight_event_line`].
pub fn knight_explained_line(event: &KnightEvent, choice: Option<&KnightChoice>) -> String {
    let mut line = knight_event_line(event);
    let Some(choice) = choice else {
        return line;
    };
    line.push_str(" (candidates");
    for c in choice.candidates() {
        let _ = write!(line, " {}:{}", c.square, c.onward);
        if c.weight > c.onward {
            let _ = write!(line, "+{}", c.weight - c.onward);
        }
    }
    if choice.chosen_index() > 0 {
        let _ = write!(line, "; choice {}", choice.chosen_index() + 1);
    }
    line.push(')');
    line
}

/// A one-line caption for the move `choice` made, e.g. `3 candidates; 5,2 has the fewest onward
/// moves (2)`, in `lang` with squares named as `names` says (`c1` under chess coordinates).
pub fn knight_choice_caption(choice: &KnightChoice, lang: Lang, names: SquareNames) -> String {
    let count = match choice.candidates().len() {
        1 => lang.say(Phrase::OneCandidate, &[]),
        n => lang.say(Phrase::Candidates, &[&n]),
    };
    let chosen = choice.chosen();
    let sq = names.name(chosen.square);
    let why = match (choice.rule(), choice.chosen_index()) {
        (ChoiceRule::Warnsdorff(_), 0) if choice.candidates().len() == 1 => {
            lang.say(Phrase::OnlyCandidate, &[&sq, &onward_moves(&chosen, lang)])
        }
        (ChoiceRule::Warnsdorff(ties), 0) => {
            let weight = knight_weight(&chosen, lang);
            // Never just "the fewest" when another square had as few: name the tie and the rule
            // that broke it.
            let tied = tied_with_chosen(choice);
            if tied.is_empty() {
                lang.say(Phrase::FewestOnward, &[&sq, &weight])
            } else {
                let others: Vec<String> = tied.iter().map(|c| names.name(c.square)).collect();
                let others = others.join(lang.say(Phrase::ListJoin, &[]).as_str());
                let rule = lang.say(tie_rule(ties).0, &[&sq]);
                lang.say(Phrase::FewestTied, &[&sq, &others, &weight, &rule])
            }
        }
        (ChoiceRule::MoveOrder, 0) => lang.say(Phrase::FirstInOrder, &[&sq]),
        (_, 1) => lang.say(Phrase::SecondChoice, &[&sq, &onward_moves(&chosen, lang)]),
        (_, k) => lang.say(
            Phrase::LaterChoice,
            &[&sq, &(k + 1), &onward_moves(&chosen, lang)],
        ),
    };
    lang.say(Phrase::CountAndReason, &[&count, &why])
}

/// The candidates after the chosen one that weigh as little as it: the squares Warnsdorff's rule
/// left tied, which its tie rule decided (none when the choice was not a first try).
pub fn tied_with_chosen(choice: &KnightChoice) -> Vec<KnightCandidate> {
    if choice.chosen_index() > 0 {
        return Vec::new();
    }
    let chosen = choice.chosen();
    choice.candidates()[1..]
        .iter()
        .filter(|c| c.weight == chosen.weight)
        .copied()
        .collect()
}

/// How `ties` decided a tie: the phrase naming the square it chose, and its short form.
pub fn tie_rule(ties: Ties) -> (Phrase, Phrase) {
    match ties {
        Ties::FarFromCentre => (Phrase::TieFarFromCentre, Phrase::FarCentreShort),
        Ties::FarFromStart => (Phrase::TieFarFromStart, Phrase::FarStartShort),
        _ => (Phrase::TieMoveOrder, Phrase::FirstShort),
    }
}

/// `2 onward moves`, `1 onward move`, or `2 onward moves + the start` for a closed tour.
fn onward_moves(c: &KnightCandidate, lang: Lang) -> String {
    let moves = match c.onward {
        1 => lang.say(Phrase::OneOnwardMove, &[]),
        n => lang.say(Phrase::OnwardMoves, &[&n]),
    };
    if c.weight > c.onward {
        lang.say(Phrase::PlusStart, &[&moves])
    } else {
        moves
    }
}

/// The count Warnsdorff's rule compares: `2`, or `2 + the start` for a closed tour.
pub fn knight_weight(c: &KnightCandidate, lang: Lang) -> String {
    if c.weight > c.onward {
        lang.say(Phrase::PlusStart, &[&c.onward])
    } else {
        c.onward.to_string()
    }
}

/// Writes the number of knight moves from every square of the empty board, one row per line, in the
/// layout of the step-number matrix (`2 3 4 4 4 4 3 2` is the first row of 8 x 8). Rows are
/// computed one at a time, so memory stays proportional to one row.
pub fn write_degree_matrix(out: &mut dyn Write, degrees: &KnightDegrees) -> Result<()> {
    let mut line = Vec::new();
    // A knight has at most 8 moves: one digit.
    for r in 0..degrees.rows() {
        write_aligned_row(out, &mut line, 1, degrees.row(r))?;
    }
    Ok(())
}

#[cfg(test)]
#[path = "knight_explain_tests.rs"]
mod tests;
