//! The format's checks before any walk, read from its row of the format table.

use super::*;

/// A number of plays, or a transparent page, is refused before any walk by every animation
/// whose row says it cannot hold it, in its row's words; the others take it.
#[test]
fn a_loop_count_and_a_transparent_page_are_refused_where_the_row_says_so() {
    let style = Style::new(20);
    let mut pacing = Pacing::new(100, 1000);
    pacing.repeat = Repeat::Times(3);
    let mut refused = 0;
    for row in FORMATS {
        let Kind::Animation(format) = row.kind else {
            continue;
        };
        let checked = check(format, &style, pacing);
        match row.no_loop {
            Some(why) => {
                let e = checked.expect_err(row.name).to_string();
                assert!(
                    e.contains(&format!("cannot say how often it plays (3 times): {why}")),
                    "{e}"
                );
                refused += 1;
            }
            None => assert!(checked.is_ok(), "{}", row.name),
        }
    }
    assert!(refused >= 1);
    pacing.repeat = Repeat::Forever;
    // A transparent page likewise, where the row says it cannot be kept.
    let mut clear = Style::new(20);
    clear.background = Background::Transparent;
    let mut kept = Vec::new();
    for row in FORMATS {
        let Kind::Animation(format) = row.kind else {
            continue;
        };
        match row.opaque {
            Some(why) => {
                let e = check(format, &clear, pacing)
                    .expect_err(row.name)
                    .to_string();
                assert!(
                    e.contains(&format!("cannot keep a transparent page: {why}")),
                    "{e}"
                );
                assert!(e.contains("or write a still, "), "{e}");
            }
            None => {
                assert!(check(format, &clear, pacing).is_ok(), "{}", row.name);
                kept.push(row.article);
            }
        }
    }
    assert!(!kept.is_empty());
    // No animation keeps a resolution; the refusal names every still, from the rows.
    let mut printed = Style::new(20);
    printed.dpi = Some(300);
    for row in FORMATS {
        if let Kind::Animation(format) = row.kind {
            let e = check(format, &printed, pacing)
                .expect_err(row.name)
                .to_string();
            assert!(
                e.contains(&format!("{} records no resolution", row.article))
                    && e.ends_with("draw a still for a resolution: PNG, SVG, PDF or TeX (TikZ)"),
                "{e}"
            );
        }
    }
    for row in FORMATS {
        if let Kind::Animation(format) = row.kind {
            assert!(check(format, &style, pacing).is_ok(), "{}", row.name);
        }
    }
}
