//! The caption of a Warnsdorff choice: its candidates, the tie and how it was broken, in either
//! language, squares named as the figure's margin names them.

use super::*;
use crate::geom::Square;
use crate::solve::knight::KnightProblem;

#[test]
fn the_textbook_tours_choices_are_captioned_with_their_candidates_and_ties() {
    let events: Vec<_> = KnightProblem::new(8, 8, Square::new(0, 0))
        .expect("problem")
        .trace()
        .expect("tour")
        .with_choices()
        .collect::<Result<_>>()
        .expect("events");
    // From the corner: 1,2 and 2,1, each with 5 free moves once 0,0 is taken; the tie goes to the
    // earlier move, (+1,+2).
    let first = events[1].choice.expect("chosen");
    assert_eq!(
        knight_choice_caption(&first, Lang::En, SquareNames::RowCol),
        "2 candidates; 1,2 and 2,1 tie at the fewest onward moves (5); 1,2 comes first in move order"
    );
    // Named as a chess margin labels 1,2 on 8 x 8 (c7), and in Chinese.
    let chess = SquareNames::Chess { rows: 8 };
    assert_eq!(
        knight_choice_caption(&first, Lang::En, chess),
        "2 candidates; c7 and b6 tie at the fewest onward moves (5); c7 comes first in move order"
    );
    assert_eq!(
        knight_choice_caption(&first, Lang::Zh, chess),
        "2 个候选；c7 与 b6 的后续走法并列最少（5）；c7 在走法顺序中靠前"
    );
    // Without a tie the caption says the fewest (move 3 from 1,2 on 8 x 8 has one square
    // weighing least), and never names a tie that is not there.
    let untied = events[2..]
        .iter()
        .filter_map(|e| e.choice)
        .find(|c| {
            c.chosen_index() == 0
                && c.candidates()[1..]
                    .iter()
                    .all(|o| o.weight > c.chosen().weight)
        })
        .expect("a choice without a tie");
    let caption = knight_choice_caption(&untied, Lang::En, SquareNames::RowCol);
    assert!(caption.contains("has the fewest onward moves"), "{caption}");
    assert!(!caption.contains("tie"), "{caption}");
    // Every later caption names the chosen square and its count.
    for e in &events[1..] {
        let choice = e.choice.expect("every move after the first is chosen");
        let caption = knight_choice_caption(&choice, Lang::En, SquareNames::RowCol);
        let sq = choice.chosen().square.to_string();
        assert!(caption.contains(&sq), "{caption}");
        let n = choice.candidates().len();
        assert!(caption.starts_with(&format!("{n} candidate")), "{caption}");
    }
}
