//! The lists of formats in the recordings of the command's own definition (completions, the
//! manual page), recorded as placeholders: each list is made here from the library's format table,
//! as the command is meant to make it, and put back in its place before comparing, so that a new
//! format of the table leaves the recordings as they are, while a list the command makes otherwise
//! (a format left out, another order) or any other change of the text still differs.

use chessviz::files::FORMATS;

/// (placeholder, the list made from the table), longest list first so that no list is taken for
/// a part of another.
fn lists() -> Vec<(&'static str, String)> {
    let names: Vec<&str> = FORMATS.iter().map(|f| f.name).collect();
    // Stills first, as help texts list them, then the animations and the page.
    let stills = FORMATS.iter().filter(|f| f.is_still());
    let others = FORMATS.iter().filter(|f| !f.is_still());
    let labels: Vec<&str> = stills.chain(others).map(|f| f.label).collect();
    let fish: Vec<String> = names.iter().map(|n| format!("{n}\\t''")).collect();
    let mut lists = vec![
        // `--format`'s values as bash and zsh complete them (the table's order).
        ("{FORMAT_NAMES}", names.join(" ")),
        // ... as fish does, one a line.
        ("{FORMAT_NAMES_FISH}", fish.join("\n")),
        // The first line of `--help` and the manual page.
        ("{ALL_FORMATS}", format!("{} and text", labels.join(", "))),
    ];
    lists.sort_by_key(|(_, list)| std::cmp::Reverse(list.len()));
    lists
}

/// `text` with every list made from the table replaced by its placeholder.
pub fn to_placeholders(text: &str) -> String {
    lists()
        .iter()
        .fold(text.to_string(), |text, (placeholder, list)| {
            text.replace(list.as_str(), placeholder)
        })
}

#[test]
fn the_lists_are_those_of_the_table_and_replaced_whole() {
    let lists = lists();
    let list = |p: &str| lists.iter().find(|(q, _)| *q == p).unwrap().1.clone();
    for row in FORMATS {
        assert!(list("{FORMAT_NAMES}").split(' ').any(|n| n == row.name));
        assert!(list("{ALL_FORMATS}").contains(row.label));
    }
    // A list with a format left out, or in another order, is not taken for the table's.
    let names = list("{FORMAT_NAMES}");
    let fewer = names.split(' ').skip(1).collect::<Vec<_>>().join(" ");
    let mut swapped: Vec<&str> = names.split(' ').collect();
    swapped.swap(0, 1);
    let swapped = swapped.join(" ");
    for other in [fewer, swapped] {
        let text = format!("-W \"{other}\"");
        assert_eq!(to_placeholders(&text), text);
    }
    assert_eq!(
        to_placeholders(&format!("-W \"{names}\"")),
        "-W \"{FORMAT_NAMES}\""
    );
}
