//! Contact sheets as SVG and PDF: `queens --sheet FILE.svg` / `FILE.pdf` draw the sheet `FILE.png`
//! draws, every board in its slot, and symbols shared by the boards are defined once.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use chessviz::display_list::RecordedShape;
use chessviz::queens::{QueensBatch, QueensStyle, Selection};
use chessviz::Style;

use crate::common::{decode_png, fails, ok};
use crate::vector::{assert_agrees, check_pdf};

fn sheet(dir: &Path, name: &str, n: &str) -> PathBuf {
    let path = dir.join(name);
    let p = path.to_str().unwrap();
    ok(&["queens", "-n", n, "--sheet", p, "--width", "1200", "-q"]);
    path
}

#[test]
fn svg_and_pdf_sheets_draw_the_png_sheet() {
    let dir = tempfile::tempdir().unwrap();
    for n in ["6", "8"] {
        let png = decode_png(&sheet(dir.path(), &format!("s{n}.png"), n));
        let svg = std::fs::read_to_string(sheet(dir.path(), &format!("s{n}.svg"), n)).unwrap();
        let view = format!("viewBox=\"0 0 {} {}\"", png.width(), png.height());
        assert!(svg.contains(&view), "n = {n}: {view} in the SVG");
        assert!(!svg.contains("<image"), "n = {n}: no raster inside the SVG");
        assert_agrees(&format!("sheet-{n}"), &svg, &png);
        let pdf = std::fs::read(sheet(dir.path(), &format!("s{n}.pdf"), n)).unwrap();
        check_pdf(&pdf, png.width(), png.height(), 0.75);
        let again = std::fs::read(sheet(dir.path(), &format!("s{n}-again.pdf"), n)).unwrap();
        assert!(pdf == again, "n = {n}: two PDF runs differ");
    }
}

#[test]
fn other_sheet_names_are_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.gif");
    let e = fails(&["queens", "--sheet", path.to_str().unwrap(), "-q"], b"");
    assert!(
        e.contains(".png") && e.contains(".svg") && e.contains(".pdf"),
        "{e}"
    );
    assert!(!path.exists());
}

/// Ids and path data of the `<defs>` entries of an SVG.
fn defs(svg: &str) -> Vec<(String, String)> {
    let start = svg.find("<defs>").expect("<defs>");
    let end = svg.find("</defs>").expect("</defs>");
    let mut out = Vec::new();
    let mut rest = &svg[start..end];
    while let Some(i) = rest.find(" id=\"") {
        rest = &rest[i + 5..];
        let id = rest[..rest.find('"').unwrap()].to_string();
        let tag_end = rest.find('>').unwrap();
        let body_end = rest.find("</").unwrap_or(rest.len()).max(tag_end);
        out.push((id, rest[..body_end].split_once('"').unwrap().1.to_string()));
    }
    out
}

#[test]
fn the_92_board_sheet_defines_each_symbol_once() {
    let batch = QueensBatch::new(8, Selection::All)
        .unwrap()
        .sheet_width(Some(1200));
    let style = Style::new(48);
    let figure = batch
        .sheet_vector(QueensStyle::default(), &style, None)
        .unwrap();
    let layout = batch.sheet_layout(&style, None).unwrap();
    assert_eq!(
        (figure.width(), figure.height()),
        (layout.width(), layout.height())
    );
    // One crown in the table, placed 8 times in each of the 92 slots, on squares of a solution.
    let symbols = &figure.list().symbols;
    let crowns: Vec<u32> = (0..symbols.len() as u32)
        .filter(|&i| symbols.get(chessviz::display_list::SymbolId(i)).name == "crown")
        .collect();
    assert_eq!(crowns.len(), 1, "crown symbols");
    let mut per_board = vec![Vec::new(); 92];
    for item in &figure.list().items {
        if let RecordedShape::Symbol { id, dx, dy } = item.shape {
            if id.0 == crowns[0] {
                let board = (0..92)
                    .find(|&i| {
                        let r = layout.board_rect(i);
                        (r.x as i32..(r.x + r.width) as i32).contains(&dx)
                            && (r.y as i32..(r.y + r.height) as i32).contains(&dy)
                    })
                    .unwrap_or_else(|| panic!("a crown at {dx}, {dy} outside every board"));
                let r = layout.board_rect(board);
                let cell = r.width as i32 / 8;
                per_board[board].push(((dx - r.x as i32) / cell, (dy - r.y as i32) / cell));
            }
        }
    }
    let mut placements = HashSet::new();
    for (i, crowns) in per_board.iter().enumerate() {
        assert_eq!(crowns.len(), 8, "board {i}");
        for (k, a) in crowns.iter().enumerate() {
            for b in &crowns[..k] {
                let attacks = a.0 == b.0 || a.1 == b.1 || (a.0 - b.0).abs() == (a.1 - b.1).abs();
                assert!(!attacks, "board {i}: queens at {a:?} and {b:?} attack");
            }
        }
        let mut sorted = crowns.clone();
        sorted.sort();
        placements.insert(sorted);
    }
    assert_eq!(
        placements.len(),
        92,
        "every board shows a different solution"
    );
    // In the SVG, each shape is defined once: one crown, and no two definitions alike.
    let svg = {
        let mut out = Vec::new();
        figure.write_svg(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    let defs = defs(&svg);
    assert_eq!(
        defs.iter()
            .filter(|(id, _)| id.starts_with("crown"))
            .count(),
        1
    );
    let mut bodies = HashSet::new();
    for (id, body) in &defs {
        if !id.starts_with("clip") {
            assert!(bodies.insert(body.clone()), "{id} repeats a definition");
        }
    }
    // The labels are defined by glyph: far fewer definitions than the 184 label runs.
    let glyphs = defs
        .iter()
        .filter(|(id, _)| id.starts_with("glyph"))
        .count();
    assert!(glyphs > 0 && glyphs <= 40, "{glyphs} glyph definitions");
}
