//! APNG and WebP beyond the one-truth test: a transparent page kept exactly, outside decoders
//! (ffmpeg for APNG, Pillow for both) agreeing with the frames and times, the play count, long
//! holds, the same bytes for the same arguments, and the refusals.

use std::path::Path;

use image::RgbaImage;

use crate::common::{fails, frame_fields, ok};
use crate::decode_anim::{decode_apng, ffmpeg_frames, pillow_times, FULL_COLOUR as FORMATS};

fn rgba(path: &Path) -> RgbaImage {
    image::open(path).expect("a PNG").to_rgba8()
}

fn run_to(base: &[&str], more: &[&str]) {
    let args: Vec<&str> = base.iter().chain(more).copied().collect();
    ok(&args);
}

#[test]
fn a_transparent_page_stays_transparent_as_each_steps_still() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let base = [
        "queens",
        "-n",
        "5",
        "--until-solution",
        "1",
        "--cell",
        "24",
        "--background",
        "transparent",
        "-q",
    ];
    for (ext, decode) in FORMATS {
        let file = t.join(format!("t.{ext}"));
        run_to(&base, &["-o", file.to_str().unwrap()]);
        let decoded = decode(&file);
        assert_eq!(decoded.frames.len(), 7, "{ext}: the start and 6 steps");
        for (i, frame) in decoded.frames.iter().enumerate() {
            let still = t.join(format!("s{i}.png"));
            run_to(
                &base,
                &["--step", &i.to_string(), "-o", still.to_str().unwrap()],
            );
            let expected = rgba(&still);
            assert!(
                expected.pixels().any(|p| p.0[3] == 0),
                "the still has a see-through margin"
            );
            assert!(
                *frame == expected,
                "{ext} frame {i} differs from --step {i}"
            );
        }
    }
}

/// `--frames DIR --background transparent`: each picture is its step's transparent still, PNG
/// with a see-through margin (pixel for pixel), SVG, PDF and TikZ without a background (byte for
/// byte); and different from the opaque picture, so the option is not ignored.
#[test]
fn frames_on_a_transparent_page_are_each_steps_transparent_still() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let base = [
        "queens",
        "-n",
        "4",
        "--until-solution",
        "1",
        "--cell",
        "20",
        "-q",
    ];
    let clear = [&base[..], &["--background", "transparent"]].concat();
    for format in ["png", "svg", "pdf", "tex"] {
        let dir = t.join(format!("clear-{format}"));
        let opaque_dir = t.join(format!("opaque-{format}"));
        let with_format = ["--format", format];
        run_to(
            &clear,
            &[&["--frames", dir.to_str().unwrap()][..], &with_format].concat(),
        );
        run_to(
            &base,
            &[
                &["--frames", opaque_dir.to_str().unwrap()][..],
                &with_format,
            ]
            .concat(),
        );
        let list = std::fs::read_to_string(dir.join("frames.txt")).unwrap();
        let names: Vec<&str> = list.lines().filter_map(|l| l.split(' ').next()).collect();
        assert_eq!(names.len(), 14, "{format}: the start and 13 steps");
        for (i, name) in names.iter().enumerate().step_by(4) {
            let still = t.join(format!("s{i}.{format}"));
            run_to(
                &clear,
                &["--step", &i.to_string(), "-o", still.to_str().unwrap()],
            );
            let picture = dir.join(name);
            let opaque = std::fs::read(opaque_dir.join(name)).unwrap();
            if format == "png" {
                let expected = rgba(&still);
                assert!(
                    expected.pixels().any(|p| p.0[3] == 0),
                    "a see-through margin"
                );
                assert!(
                    rgba(&picture) == expected,
                    "frame {i} differs from --step {i}"
                );
            } else {
                let bytes = std::fs::read(&picture).unwrap();
                assert!(
                    bytes == std::fs::read(&still).unwrap(),
                    "{format} frame {i}"
                );
                assert!(bytes != opaque, "{format} frame {i}: as the opaque one");
            }
        }
    }
}

#[test]
fn outside_decoders_see_the_same_frames_and_times() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let base = [
        "knight",
        "-n",
        "5",
        "--start",
        "0,0",
        "--cell",
        "20",
        "--explain",
        "-q",
    ];
    for (ext, decode) in FORMATS {
        let file = t.join(format!("k.{ext}"));
        run_to(&base, &["-o", file.to_str().unwrap()]);
        let ours = decode(&file);
        if let Some(times) = pillow_times(&file) {
            assert_eq!(times, ours.ms, "{ext}: Pillow's times");
        }
        // ffmpeg reads APNG (its WebP decoder has no animation).
        if ext == "apng" {
            let (w, h) = ours.frames[0].dimensions();
            if let Some(frames) = ffmpeg_frames(&file, w, h) {
                assert_eq!(frames.len(), ours.frames.len(), "ffmpeg's frame count");
                for (i, (a, b)) in frames.iter().zip(&ours.frames).enumerate() {
                    assert!(a == b, "ffmpeg's frame {i} differs");
                }
            }
        }
    }
}

#[test]
fn play_count_long_holds_and_the_same_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    // A hold of 70,001 ms is no 16-bit fraction of a second: the APNG splits it, times exact.
    let base = [
        "tromino", "-k", "1", "--cell", "16", "--hold", "70001", "--loop", "3", "-q",
    ];
    for (ext, decode) in FORMATS {
        let a = t.join(format!("a.{ext}"));
        let b = t.join(format!("b.{ext}"));
        run_to(&base, &["-o", a.to_str().unwrap()]);
        run_to(&base, &["-o", b.to_str().unwrap()]);
        assert_eq!(
            std::fs::read(&a).unwrap(),
            std::fs::read(&b).unwrap(),
            "{ext}: same bytes"
        );
        let decoded = decode(&a);
        assert_eq!(decoded.loops, 3, "{ext}: plays");
        let total: f64 = decoded.ms.iter().sum();
        let last = *decoded.ms.last().unwrap();
        let frames = t.join(format!("f-{ext}"));
        run_to(&base[..7], &["--frames", frames.to_str().unwrap(), "-q"]);
        let listed: f64 = std::fs::read_to_string(frames.join("frames.txt"))
            .unwrap()
            .lines()
            .map(|l| frame_fields(l).unwrap().1.parse::<f64>().unwrap())
            .sum();
        assert_eq!(total, listed, "{ext}: the times of frames.txt in all");
        // The last picture holds its step and the final hold: 300 ms + 70,001 ms.
        assert_eq!(
            last,
            if ext == "webp" { 70_301.0 } else { 4_766.0 },
            "{ext}"
        );
    }
    // APNG: the 70,301 ms need two frames (65,535 ms and the rest), the second changing nothing.
    let d = decode_apng(&t.join("a.apng"));
    let n = d.frames.len();
    assert_eq!(d.ms[n - 2..], [65_535.0, 4_766.0]);
    assert!(d.frames[n - 1] == d.frames[n - 2]);
}

#[test]
fn what_cannot_apply_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("q.webp");
    let out_s = out.to_str().unwrap();
    let e = fails(&["queens", "-n", "5", "--dpi", "300", "-o", out_s], b"");
    assert!(e.contains("--dpi"), "{e}");
    // 1000 x 20 px is over WebP's 16,384 pixels a side: refused before any frame.
    let e = fails(
        &[
            "knight", "--rows", "5", "--cols", "1000", "--cell", "20", "-o", out_s,
        ],
        b"",
    );
    assert!(e.contains("16384"), "{e}");
    assert!(!out.exists());
}
