//! One truth for every output: every sink of the step stream shows the same pictures for the same
//! times. For each problem, the pictures of `--frames` are compared with `--step` stills drawn by
//! separate runs, the GIF's frames (decoded and composed by the `gif` crate) with those pictures,
//! and the player's times with `frames.txt`. A GIF frame that is not the picture of a step (a step
//! written in parts, a caption ahead of its board) fails here, and so does a frame shown for a time
//! other than its step's.

use image::RgbImage;

use crate::common::{decode_gif, decode_png, ok};
use crate::decode_anim::FULL_COLOUR;
use crate::sequence::{differs, frame_list};

/// The animations the issue found torn, small enough to check every step: changes far apart in one
/// step (the queen placed and the one un-framed, badges, the caption band), retreats held longer,
/// divisions, a slideshow that opens on its first solution.
const CASES: [&[&str]; 7] = [
    &["queens", "-n", "5", "--cell", "24"],
    &[
        "queens",
        "-n",
        "6",
        "--attacks",
        "--until-solution",
        "1",
        "--cell",
        "24",
    ],
    &["queens", "-n", "6", "--solutions-only", "--cell", "24"],
    &[
        "knight",
        "-n",
        "5",
        "--start",
        "0,0",
        "--cell",
        "24",
        "--explain",
    ],
    &["knight", "-n", "6", "--cell", "24"],
    &[
        "tromino",
        "-k",
        "3",
        "--special",
        "2,2",
        "--show-splits",
        "--numbers",
        "--cell",
        "24",
    ],
    &["tromino", "-k", "2", "--cell", "24", "--margin", "0"],
];

fn args<'a>(base: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    base.iter().chain(more).copied().collect()
}

/// Consecutive identical pictures as one, with their times added: what a GIF may merge.
fn runs(pictures: Vec<(RgbImage, u32)>) -> Vec<(RgbImage, u32)> {
    let mut out: Vec<(RgbImage, u32)> = Vec::new();
    for (picture, ms) in pictures {
        match out.last_mut() {
            Some((last, total)) if *last == picture => *total += ms,
            _ => out.push((picture, ms)),
        }
    }
    out
}

/// The `"ms":[...]` list of a player page.
fn player_times(page: &str) -> Vec<u32> {
    let start = page.find("\"ms\":[").expect("the page lists its times") + 6;
    let end = start + page[start..].find(']').expect("the list ends");
    page[start..end]
        .split(',')
        .map(|ms| ms.parse().expect("milliseconds"))
        .collect()
}

#[test]
fn every_sink_shows_the_pictures_of_the_steps_for_their_times() {
    for base in CASES {
        let tmp = tempfile::tempdir().unwrap();
        let t = tmp.path();
        let dir = t.join("frames");
        let dir_s = dir.display().to_string();
        ok(&args(base, &["--frames", &dir_s, "-q"]));
        let list = frame_list(&dir);
        let pictures: Vec<(RgbImage, u32)> = list
            .iter()
            .map(|(name, ms)| (decode_png(&dir.join(name)), *ms))
            .collect();

        // Each picture is the still of its step (the slideshow of solutions has no --step: its
        // pictures are the solutions' own figures, checked by the next test).
        let stills = if base.contains(&"--solutions-only") {
            0
        } else {
            list.len()
        };
        for (name, _) in list.iter().take(stills).step_by(3) {
            let step = name
                .strip_prefix("frame-")
                .and_then(|n| n.strip_suffix(".png"))
                .and_then(|n| n.parse::<u64>().ok())
                .expect("frame-NNNN.png")
                .to_string();
            let still = t.join(format!("step-{step}.png"));
            let still_s = still.display().to_string();
            ok(&args(base, &["--step", &step, "-o", &still_s, "-q"]));
            let what = format!("{} step {step}", base[0]);
            if let Some(d) = differs(&what, t, &decode_png(&still), &decode_png(&dir.join(name))) {
                panic!("{base:?}: {d}");
            }
        }

        // APNG and WebP: one frame per picture, each the picture, for its exact time.
        for (ext, decode) in FULL_COLOUR {
            let file = t.join(format!("a.{ext}"));
            let file_s = file.display().to_string();
            ok(&args(base, &["-o", &file_s, "-q"]));
            let decoded = decode(&file);
            assert_eq!(
                decoded.frames.len(),
                list.len(),
                "{base:?}: {} {ext} frames for {} pictures",
                decoded.frames.len(),
                list.len()
            );
            for (i, ((picture, ms), frame)) in pictures.iter().zip(&decoded.frames).enumerate() {
                assert!(
                    frame.pixels().all(|p| p.0[3] == 255),
                    "{base:?}: {ext} frame {i} is opaque"
                );
                let rgb = image::DynamicImage::ImageRgba8(frame.clone()).to_rgb8();
                let what = format!("{} {ext} frame {i}", base[0]);
                if let Some(d) = differs(&what, t, picture, &rgb) {
                    panic!("{base:?}: {d}");
                }
                assert_eq!(
                    decoded.ms[i],
                    f64::from(*ms),
                    "{base:?}: {ext} frame {i}'s time"
                );
            }
        }

        // The GIF: one frame per run of identical pictures, each the picture, for its time.
        let gif = t.join("a.gif");
        let gif_s = gif.display().to_string();
        ok(&args(base, &["-o", &gif_s, "-q"]));
        let decoded = decode_gif(&gif);
        let expected = runs(pictures.clone());
        assert_eq!(
            decoded.frames.len(),
            expected.len(),
            "{base:?}: {} GIF frames for {} pictures ({} after merging identical neighbours)",
            decoded.frames.len(),
            list.len(),
            expected.len()
        );
        let delays = decoded.delays();
        for (i, (picture, ms)) in expected.iter().enumerate() {
            let what = format!("{} gif frame {i}", base[0]);
            if let Some(d) = differs(&what, t, picture, &decoded.rgb(i)) {
                panic!("{base:?}: {d}");
            }
            assert_eq!(
                u32::from(delays[i]) * 10,
                *ms,
                "{base:?}: GIF frame {i} lasts {} cs, its step {ms} ms",
                delays[i]
            );
        }

        // The player plays the same steps for the same times.
        let page = t.join("a.html");
        let page_s = page.display().to_string();
        ok(&args(base, &["-o", &page_s, "-q"]));
        let text = std::fs::read_to_string(&page).unwrap();
        let listed: Vec<u32> = list.iter().map(|(_, ms)| *ms).collect();
        assert_eq!(player_times(&text), listed, "{base:?}: the player's times");
    }
}

#[test]
fn the_solutions_slideshow_is_one_frame_per_solution() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("frames");
    let dir_s = dir.display().to_string();
    let base = ["queens", "-n", "8", "--solutions-only", "--cell", "12"];
    ok(&args(&base, &["--frames", &dir_s, "-q"]));
    let list = frame_list(&dir);
    assert_eq!(list.len(), 92, "one picture per solution, no empty board");
    let gif = tmp.path().join("s.gif");
    let gif_s = gif.display().to_string();
    ok(&args(&base, &["--margin", "0", "-o", &gif_s, "-q"]));
    let decoded = decode_gif(&gif);
    assert_eq!(decoded.frames.len(), 92);
    // The web page plays the same 92 pictures (a page of the slideshow, no longer refused).
    let page = tmp.path().join("s.html");
    ok(&args(&base, &["-o", page.to_str().unwrap(), "-q"]));
    let text = std::fs::read_to_string(&page).unwrap();
    assert_eq!(player_times(&text).len(), 92);
    // At --margin 0 the frames are the boards alone: each holds 8 queens, one per column and row.
    // A queen is the darkest ink; a square holds one when its middle has dark pixels.
    let cell = 12;
    for i in 0..92 {
        let frame = decoded.rgb(i);
        let mut rows_used = [false; 8];
        let mut queens = 0;
        for c in 0..8u32 {
            let in_column: Vec<u32> = (0..8u32)
                .filter(|&r| {
                    (cell / 4..cell * 3 / 4).any(|dy| {
                        (cell / 4..cell * 3 / 4).any(|dx| {
                            let p = frame.get_pixel(c * cell + dx, r * cell + dy).0;
                            p.iter().all(|&v| v < 60)
                        })
                    })
                })
                .collect();
            assert_eq!(
                in_column.len(),
                1,
                "frame {i}: column {c} holds {in_column:?}"
            );
            let r = in_column[0] as usize;
            assert!(!rows_used[r], "frame {i}: two queens on row {r}");
            rows_used[r] = true;
            queens += 1;
        }
        assert_eq!(queens, 8, "frame {i}");
    }
}
