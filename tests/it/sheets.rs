//! Contact sheets fitted to a page: about [`PAGE_WIDTH`] pixels wide whatever the number of boards,
//! with labels that are legible and stay under their boards.

use chessviz::limits::PAGE_WIDTH;
use chessviz::queens::{QueensBatch, QueensStyle, Selection};
use chessviz::Style;

fn sheet(n: u32, selection: Selection) -> chessviz::Still {
    let batch = QueensBatch::new(n, selection)
        .unwrap()
        .sheet_width(Some(PAGE_WIDTH));
    batch
        .sheet(QueensStyle::default(), &Style::new(48), None)
        .unwrap()
}

#[test]
fn sheets_fit_a_page() {
    for (n, selection) in [
        (8, Selection::All),
        (10, Selection::All),
        (6, Selection::All),
        (8, Selection::Unique),
    ] {
        let still = sheet(n, selection);
        let (w, h) = (still.width(), still.height());
        if let Some(dir) = std::env::var_os("CHESSVIZ_LOOK") {
            let path = std::path::Path::new(&dir).join(format!("sheet-{n}-{selection:?}.png"));
            still.to_rgba().save(path).unwrap();
        }
        assert!(w <= PAGE_WIDTH, "n = {n}: {w} px wide");
        // Boards of a few solutions are capped at a book figure's size; many fill most of the page.
        let boards = QueensBatch::new(n, selection).unwrap().len();
        if boards > 20 {
            assert!(w >= PAGE_WIDTH * 3 / 4, "n = {n}: only {w} px wide");
        }
        assert!(
            u64::from(w) * u64::from(h) < 50_000_000,
            "n = {n}: {w} x {h}"
        );
    }
}
