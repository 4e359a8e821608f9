//! How a recorded output is compared with what the command wrote now: PNG by decoded pixels (and
//! the resolution it records), GIF by its composed frames, their delays and its loop count,
//! everything else (text, SVG, PDF, frames.txt) byte for byte.

use std::path::{Path, PathBuf};

use crate::common::{decode_gif, decode_png_rgba, pixel_diff, png_pixel_dims};

/// Every file under `dir`, as paths relative to it, sorted.
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                out.push(path.strip_prefix(root).expect("under root").to_path_buf());
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out
}

/// Compares the file `actual` with the recorded file `expected` by the kind its extension names.
/// `None` when they agree; otherwise what differs first, after writing the actual file (and for
/// images a diff picture) under `failures` as `name` and `name.diff.png`.
pub fn compare(expected: &Path, actual: &Path, failures: &Path, name: &str) -> Option<String> {
    let ext = actual.extension().and_then(|e| e.to_str()).unwrap_or("");
    let old =
        std::fs::read(expected).unwrap_or_else(|e| panic!("read {}: {e}", expected.display()));
    let new = std::fs::read(actual).unwrap_or_else(|e| panic!("read {}: {e}", actual.display()));
    let (problem, diff) = match ext {
        "png" => compare_png(&old, &new)?,
        "gif" => compare_gif(expected, actual)?,
        _ => (first_byte_difference(&old, &new)?, None),
    };
    let kept = failures.join(name);
    std::fs::create_dir_all(kept.parent().expect("a parent")).unwrap();
    std::fs::write(&kept, &new).unwrap();
    let mut message = format!("{problem}; actual output: {}", kept.display());
    if let Some(diff) = diff {
        let diff_path = failures.join(format!("{name}.diff.png"));
        diff.save(&diff_path).unwrap();
        message.push_str(&format!("; diff: {}", diff_path.display()));
    }
    Some(message)
}

/// What differs and, when it is a picture of the same size, the diff picture.
type Difference = (String, Option<image::RgbImage>);

fn first_byte_difference(old: &[u8], new: &[u8]) -> Option<String> {
    if old == new {
        return None;
    }
    let at = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    Some(format!(
        "bytes differ from offset {at} ({} bytes recorded, {} now)",
        old.len(),
        new.len()
    ))
}

fn compare_png(old: &[u8], new: &[u8]) -> Option<Difference> {
    let (expected, actual) = (decode_png_rgba(old), decode_png_rgba(new));
    if expected.dimensions() != actual.dimensions() {
        return Some((
            format!(
                "size {:?}, recorded {:?}",
                actual.dimensions(),
                expected.dimensions()
            ),
            None,
        ));
    }
    if let Some((n, (x, y), diff)) = pixel_diff(&expected, &actual) {
        return Some((
            format!("{n} pixels differ, the first at ({x}, {y})"),
            Some(diff),
        ));
    }
    let (was, is) = (png_pixel_dims(old), png_pixel_dims(new));
    (was != is).then(|| (format!("resolution {is:?}, recorded {was:?}"), None))
}

fn compare_gif(old: &Path, new: &Path) -> Option<Difference> {
    let (expected, actual) = (decode_gif(old), decode_gif(new));
    let (size_was, size_is) = (
        (expected.width, expected.height),
        (actual.width, actual.height),
    );
    if size_was != size_is {
        return Some((format!("size {size_is:?}, recorded {size_was:?}"), None));
    }
    if expected.frames.len() != actual.frames.len() {
        return Some((
            format!(
                "{} frames, recorded {}",
                actual.frames.len(),
                expected.frames.len()
            ),
            None,
        ));
    }
    if expected.repeat != actual.repeat {
        let (was, is) = (expected.repeat, actual.repeat);
        return Some((format!("loop {is:?}, recorded {was:?}"), None));
    }
    for i in 0..expected.frames.len() {
        let (old_frame, new_frame) = (expected.rgb(i), actual.rgb(i));
        if let Some((n, (x, y), diff)) = pixel_diff(&old_frame, &new_frame) {
            return Some((
                format!("frame {i}: {n} pixels differ, the first at ({x}, {y})"),
                Some(diff),
            ));
        }
        let (was, is) = (expected.frames[i].delay_cs, actual.frames[i].delay_cs);
        if was != is {
            return Some((format!("frame {i}: delay {is} cs, recorded {was} cs"), None));
        }
    }
    None
}
