//! A board drawn bare and streamed row by row refuses, by their definitions, the options it cannot
//! honour, naming each as given and the value it takes instead where there is one.

use super::{command, given};
use crate::cli::options::model::Streamed;
use crate::cli::options::{defs_of, refuse, Given};

const WHY: &str = "boards above k = 10 are drawn bare, streamed row by row";

/// The streamed board's refusal of what `args` give tromino, if any.
fn streamed(args: &[&str]) -> Result<(), String> {
    let command = command();
    let mut line = vec!["chessviz", "tromino", "-k", "11"];
    line.extend_from_slice(args);
    let matches = command
        .clone()
        .try_get_matches_from(line)
        .map_err(|e| e.to_string())?;
    let (name, sub) = matches.subcommand().expect("a subcommand");
    let given = Given::read(command.find_subcommand(name).expect(name), sub);
    refuse::on_streamed(&given, WHY, "k = 10")
}

#[test]
fn every_option_a_streamed_board_cannot_honour_is_refused_by_its_definition() {
    let command = command();
    let tromino = command.find_subcommand("tromino").expect("tromino");
    let mut refused = Vec::new();
    for d in defs_of(tromino) {
        let verdict = refuse::on_streamed(&given(tromino, &[d], None), WHY, "k = 10");
        match d.streamed {
            Streamed::Takes => assert_eq!(verdict, Ok(()), "--{}", d.long),
            // The sample value "1" is none of the values a bare board keeps.
            Streamed::Refused | Streamed::RefusedUnless(_) => {
                let e = verdict.expect_err(d.long);
                assert!(e.starts_with(&format!("{WHY}: --{} ", d.long)), "{e}");
                assert!(e.contains("is available up to k = 10"), "{e}");
                refused.push(d.long);
            }
        }
    }
    // What a bare board has nothing to draw with: text, a margin, marks, other colourings.
    for long in [
        "color-by",
        "numbers",
        "show-splits",
        "panel",
        "margin",
        "font",
        "font-family",
        "lang",
        "font-size",
        "background",
        "dpi",
        "mark",
        "arrow",
        "coords",
        "caption",
    ] {
        assert!(
            refused.contains(&long),
            "--{long} is not refused: {refused:?}"
        );
    }
}

#[test]
fn a_streamed_board_takes_the_values_it_draws_anyway() {
    assert_eq!(
        streamed(&["--margin", "3", "-o", "t.png"]),
        Err(format!(
            "{WHY}: --margin 3 is available up to k = 10; a board drawn bare takes --margin 0"
        ))
    );
    assert_eq!(
        streamed(&["--colour-by", "tile", "-o", "t.png"]),
        Err(format!(
            "{WHY}: --color-by tile is available up to k = 10; a board drawn bare takes --color-by proper"
        ))
    );
    for kept in [
        &["--margin", "0"][..],
        &["--margin", "00"],
        &["--lang", "en"],
        &["--background", "theme"],
        &["--color-by", "proper"],
        &["--theme", "print", "--cell", "2"],
    ] {
        let mut args = kept.to_vec();
        args.extend(["-o", "t.png"]);
        assert_eq!(streamed(&args), Ok(()), "{kept:?}");
    }
    assert_eq!(
        streamed(&["--numbers", "-o", "t.png"]),
        Err(format!("{WHY}: --numbers is available up to k = 10"))
    );
    // The first in the table's order is named.
    assert!(streamed(&["--dpi", "300", "--numbers"])
        .unwrap_err()
        .contains("--numbers"));
}
