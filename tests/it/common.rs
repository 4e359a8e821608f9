//! Helpers shared by the integration tests: running the binary and decoding what it writes.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The textbook's CASE batch sample: its input (two cases: side 2 with the special square 0 0, side
/// 8 with 2 2)...
pub const CASE_SAMPLE_INPUT: &[u8] = b"2\n2\n0 0\n8\n2 2\n";

/// ...and the output it prints, byte for byte.
pub const CASE_SAMPLE_OUTPUT: &str = "\
CASE:1
0 1
1 1
CASE:2
3 3 4 4 8 8 9 9
3 2 2 4 8 7 7 9
5 2 0 6 10 10 7 11
5 5 6 6 1 10 11 11
13 13 14 1 1 18 19 19
13 12 14 14 18 18 17 19
15 12 12 16 20 17 17 21
15 15 16 16 20 20 21 21
";

/// A fresh temporary folder, removed when dropped.
pub fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().expect("temp dir")
}

/// Runs `chessviz` with `args` and `stdin`, returning its output.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessviz"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn chessviz");
    {
        let mut input = child.stdin.take().expect("stdin");
        // The program may exit before reading everything; a broken pipe here is fine.
        let _ = input.write_all(stdin);
    }
    child.wait_with_output().expect("wait for chessviz")
}

/// Runs `script` with `sh -c`, `$0` being chessviz; returns its output.
pub fn run_shell(script: &str) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_chessviz"))
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Runs `chessviz` and returns its standard output, failing the test when it does not succeed.
pub fn ok(args: &[&str]) -> String {
    let out = run(args, b"");
    assert!(
        out.status.success(),
        "chessviz {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Runs `chessviz` writing a file and returns its status lines (standard error, where "wrote ..."
/// goes), failing the test when it does not succeed or prints anything on standard output.
pub fn status(args: &[&str]) -> String {
    let out = run(args, b"");
    let err = String::from_utf8(out.stderr).expect("utf-8 status");
    assert!(out.status.success(), "chessviz {args:?} failed: {err}");
    assert!(
        out.stdout.is_empty(),
        "chessviz {args:?} printed on standard output: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    err
}

/// Runs `chessviz` expecting the one-line error contract: exit status 2, one `error: ` line on
/// standard error, nothing on standard output. Returns the message.
pub fn fails(args: &[&str], stdin: &[u8]) -> String {
    let out = run(args, stdin);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "chessviz {args:?}: {err}");
    assert!(err.starts_with("error: "), "chessviz {args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "not one line: {err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// The names in folder `dir`, sorted (empty when it does not exist): what a run left there.
pub fn entries(dir: &Path) -> Vec<String> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = read
        .map(|e| {
            e.expect("a folder entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// Board cells (row from the top, column) of the queens of a solution written as in `--list`: the
/// digit of column c is the queen's row counted from the bottom, so it stands on board row n - j
/// (rows separated by spaces when n > 9).
pub fn queen_cells(solution: &str) -> std::collections::BTreeSet<(u32, u32)> {
    let rows: Vec<u32> = if solution.contains(' ') {
        solution
            .split_whitespace()
            .map(|s| s.parse().expect("a row number"))
            .collect()
    } else {
        solution
            .chars()
            .map(|c| c.to_digit(10).expect("a row digit"))
            .collect()
    };
    let n = rows.len() as u32;
    rows.iter()
        .enumerate()
        .map(|(c, &j)| (n - j, c as u32))
        .collect()
}

/// An RGB image decoded from a PNG file (palette expanded).
pub fn decode_png(path: &Path) -> image::RgbImage {
    image::open(path)
        .unwrap_or_else(|e| panic!("decode {}: {e}", path.display()))
        .to_rgb8()
}

/// An RGB colour.
pub type Rgb = [u8; 3];

/// The colour of pixel (`x`, `y`).
pub fn px(img: &image::RgbImage, x: u32, y: u32) -> Rgb {
    img.get_pixel(x, y).0
}

/// The distinct colours in the middle half of cell (`r`, `c`): x and y in
/// `[origin + cell/4, origin + 3*cell/4)` with the layout contract's cell origin.
pub fn middle_half_colors(
    img: &image::RgbImage,
    margin: u32,
    cell: u32,
    r: u32,
    c: u32,
) -> std::collections::BTreeSet<Rgb> {
    let (x0, y0) = (margin + c * cell, margin + r * cell);
    let (lo, hi) = (cell / 4, (3 * cell).div_ceil(4));
    let mut colors = std::collections::BTreeSet::new();
    for y in y0 + lo..y0 + hi {
        for x in x0 + lo..x0 + hi {
            colors.insert(px(img, x, y));
        }
    }
    colors
}

/// The single colour of a cell's middle half, or `None` when it shows more than one.
pub fn plain_cell_color(
    img: &image::RgbImage,
    margin: u32,
    cell: u32,
    r: u32,
    c: u32,
) -> Option<Rgb> {
    let colors = middle_half_colors(img, margin, cell, r, c);
    (colors.len() == 1).then(|| *colors.iter().next().expect("one colour"))
}

/// 64-bit FNV-1a: a stable checksum for golden files (no dependency, same on every platform).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// One frame of a decoded GIF (one image block) and the screen after composing it.
pub struct GifFrame {
    /// Left, top, width, height of the block.
    pub rect: (u32, u32, u32, u32),
    /// Delay in centiseconds.
    pub delay_cs: u16,
    /// The block's transparent index.
    pub transparent: Option<u8>,
    /// How many pixels of the block are the transparent index.
    pub transparent_pixels: usize,
    /// The whole screen after this block, composed with disposal Keep, as indices of the global
    /// colour table (a block with a local table is drawn in the global index of each colour).
    pub screen: Vec<u8>,
}

/// A GIF decoded independently of the encoder: global palette, blocks composed onto a screen.
pub struct DecodedGif {
    /// Screen width.
    pub width: u32,
    /// Screen height.
    pub height: u32,
    /// The global colour table.
    pub palette: Vec<Rgb>,
    /// The looping extension as the decoder reads it.
    pub repeat: gif::Repeat,
    /// Every image block in order: the encoder writes one per picture, never parts of one.
    pub frames: Vec<GifFrame>,
}

/// The global index of each index of a block's local table `local`: the first global entry of
/// the same colour after entry 0, which chessviz keeps for transparency (its colour is never shown).
/// The block's own transparent index maps to 0.
fn to_global(local: &[u8], global: &[Rgb], transparent: Option<u8>) -> Vec<u8> {
    local
        .chunks(3)
        .enumerate()
        .map(|(i, c)| {
            if transparent == Some(i as u8) {
                return 0;
            }
            let at = global[1..]
                .iter()
                .position(|g| g[..] == c[..])
                .unwrap_or_else(|| panic!("local colour {c:?} is not in the global table"));
            (at + 1) as u8
        })
        .collect()
}

/// Decodes a GIF file with the `gif` crate (indexed output) and composes its frames: each block is
/// drawn at its offset over the previous screen, skipping its transparent pixels; a block with a
/// local colour table is drawn in global indices (see [`GifFrame::screen`]). Fails the test on any
/// disposal other than Keep (the encoder's contract).
pub fn decode_gif(path: &Path) -> DecodedGif {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options
        .read_info(bytes.as_slice())
        .unwrap_or_else(|e| panic!("decode {}: {e}", path.display()));
    let (width, height) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let palette: Vec<Rgb> = decoder
        .global_palette()
        .expect("a global palette")
        .chunks(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    let mut screen = vec![0u8; (width * height) as usize];
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        assert_eq!(frame.dispose, gif::DisposalMethod::Keep, "disposal Keep");
        let (x0, y0) = (u32::from(frame.left), u32::from(frame.top));
        let (w, h) = (u32::from(frame.width), u32::from(frame.height));
        assert!(
            x0 + w <= width && y0 + h <= height,
            "block inside the screen"
        );
        let global: Vec<u8> = match &frame.palette {
            Some(local) => to_global(local, &palette, frame.transparent),
            None => (0..=255).collect(),
        };
        let mut transparent_pixels = 0;
        for y in 0..h {
            for x in 0..w {
                let p = frame.buffer[(y * w + x) as usize];
                if Some(p) == frame.transparent {
                    transparent_pixels += 1;
                } else {
                    screen[((y0 + y) * width + x0 + x) as usize] = global[usize::from(p)];
                }
            }
        }
        frames.push(GifFrame {
            rect: (x0, y0, w, h),
            delay_cs: frame.delay,
            transparent: frame.transparent,
            transparent_pixels,
            screen: screen.clone(),
        });
    }
    DecodedGif {
        width,
        height,
        palette,
        repeat: decoder.repeat(),
        frames,
    }
}

impl DecodedGif {
    /// The screen after block `i` as an RGB image.
    pub fn rgb(&self, i: usize) -> image::RgbImage {
        let screen = &self.frames[i].screen;
        image::RgbImage::from_fn(self.width, self.height, |x, y| {
            image::Rgb(self.palette[screen[(y * self.width + x) as usize] as usize])
        })
    }

    /// The delays of all blocks in centiseconds.
    pub fn delays(&self) -> Vec<u16> {
        self.frames.iter().map(|f| f.delay_cs).collect()
    }
}

/// How long a run that must end by itself may take before it is killed and the test fails. A guard
/// against a hang, not a measurement: the runs it guards end in well under a second, and the work
/// whose absence they check would take hours or many GiB (see [`refused_before_work`]).
pub const HANG_GUARD: Duration = Duration::from_secs(60);

/// Waits for `child`, killing it and failing the test once it has run for [`HANG_GUARD`].
pub fn wait_guarded(mut child: Child, what: &str) -> Output {
    let start = Instant::now();
    while child.try_wait().expect("wait for chessviz").is_none() {
        if start.elapsed() > HANG_GUARD {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} was still running after {HANG_GUARD:?}: it hangs or does the work it should refuse");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output of chessviz")
}

/// Runs `chessviz` with `args` (no standard input) under [`HANG_GUARD`].
pub fn run_guarded(args: &[&str]) -> Output {
    let child = chessviz(args).spawn().expect("spawn chessviz");
    wait_guarded(child, &format!("chessviz {args:?}"))
}

/// The largest data segment a run that refuses at once is given: a refusal needs a few MiB, while
/// every refused board, picture or count needs GiBs (a knight's tour of 1000 x 1000 already fails
/// under this limit).
#[cfg(unix)]
const REFUSAL_DATA_LIMIT: u64 = 64 << 20;

/// Runs `chessviz` with `args` expecting the one-line refusal (exit 2) to come before any work, and
/// returns the message. What stands for "before any work", without timing the run:
/// - no byte may be written to any file (`RLIMIT_FSIZE` 0: a write fails with "File too large", so a
///   run that wrote a frame or a picture before refusing ends with that message instead);
/// - at most 64 MiB of data (`RLIMIT_DATA`): a run that built the refused board, canvas or tour first
///   dies of a failed allocation (exit by abort, not 2);
/// - the work would take hours (the callers choose such cases), so a run that did it first is killed
///   by [`HANG_GUARD`] and the test fails saying so.
pub fn refused_before_work(args: &[&str]) -> String {
    let mut command = chessviz(args);
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: only async-signal-safe calls (setrlimit) between fork and exec.
        unsafe {
            command.pre_exec(|| {
                let limit = |resource, value: u64| {
                    let l = libc::rlimit {
                        rlim_cur: value as libc::rlim_t,
                        rlim_max: value as libc::rlim_t,
                    };
                    if libc::setrlimit(resource, &l) == 0 {
                        Ok(())
                    } else {
                        Err(std::io::Error::last_os_error())
                    }
                };
                limit(libc::RLIMIT_FSIZE, 0)?;
                limit(libc::RLIMIT_DATA, REFUSAL_DATA_LIMIT)
            });
        }
    }
    let out = wait_guarded(
        command.spawn().expect("spawn chessviz"),
        &format!("chessviz {args:?}"),
    );
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(
        out.status.code(),
        Some(2),
        "chessviz {args:?} did not refuse at once: {:?} {err}",
        out.status
    );
    assert!(err.starts_with("error: "), "chessviz {args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "not one line: {err}");
    err
}

/// `chessviz` with `args`, standard input empty, standard output and error captured.
fn chessviz(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_chessviz"));
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// An RGBA image decoded from PNG bytes (palette and transparency expanded), so that a transparent
/// margin compares differently from an opaque one.
pub fn decode_png_rgba(bytes: &[u8]) -> image::RgbaImage {
    image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .unwrap_or_else(|e| panic!("decode PNG: {e}"))
        .to_rgba8()
}

/// The resolution a PNG records (its pHYs chunk) as pixels per unit in x and y and whether the
/// unit is the metre, if it records one.
pub fn png_pixel_dims(bytes: &[u8]) -> Option<(u32, u32, bool)> {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let info = decoder.read_info().expect("a PNG");
    let dims = info.info().pixel_dims?;
    Some((dims.xppu, dims.yppu, dims.unit == png::Unit::Meter))
}

/// Where two images of the same size differ: the number of differing pixels, the first one in
/// reading order, and a picture of the difference (differing pixels red over a faded copy of
/// `expected`). `None` when they agree pixel for pixel.
pub fn pixel_diff<P>(
    expected: &image::ImageBuffer<P, Vec<u8>>,
    actual: &image::ImageBuffer<P, Vec<u8>>,
) -> Option<(usize, (u32, u32), image::RgbImage)>
where
    P: image::Pixel<Subpixel = u8> + PartialEq,
{
    assert_eq!(expected.dimensions(), actual.dimensions(), "same size");
    let mut count = 0usize;
    let mut first = None;
    let mut diff = image::RgbImage::new(expected.width(), expected.height());
    for (x, y, p) in expected.enumerate_pixels() {
        if actual.get_pixel(x, y) == p {
            let c = p.to_rgb();
            let fade = |v: u8| 255 - (255 - v) / 4;
            diff.put_pixel(x, y, image::Rgb([fade(c[0]), fade(c[1]), fade(c[2])]));
        } else {
            count += 1;
            first.get_or_insert((x, y));
            diff.put_pixel(x, y, image::Rgb([230, 0, 0]));
        }
    }
    first.map(|f| (count, f, diff))
}

/// Makes `command` start with SIGINT, SIGTERM and (unless `keep_hangup`) SIGHUP at their default
/// actions, whatever this test run inherited: a test run started in the background of a
/// non-interactive shell ignores SIGINT, and one under `nohup` ignores SIGHUP, and chessviz rightly
/// keeps a signal ignored at its start ignored, so an interruption test would end nothing.
#[cfg(unix)]
pub fn default_signals(command: &mut std::process::Command, keep_hangup: bool) {
    use std::os::unix::process::CommandExt;
    // SAFETY: between fork and exec only `signal`, which is async-signal-safe, is called.
    unsafe {
        command.pre_exec(move || {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            libc::signal(libc::SIGTERM, libc::SIG_DFL);
            if !keep_hangup {
                libc::signal(libc::SIGHUP, libc::SIG_DFL);
            }
            Ok(())
        });
    }
}

/// Whether `tool` runs here; a test that needs it says it is skipped otherwise.
pub fn have(tool: &str) -> bool {
    let found = std::process::Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success() || !o.stdout.is_empty() || !o.stderr.is_empty());
    if !found {
        skipped(&format!("skipped: {tool} not found"));
    }
    found
}

/// Says on standard error that a check is skipped, and why (an outside program is missing). Under
/// CI (the `CI` variable, which `.ci/run` sets) nothing may be skipped: the test fails instead.
/// Tests that need a program as a whole are marked ignored by the build script (`build.rs`), so
/// that `cargo test`'s summary counts them with the reason.
pub fn skipped(reason: &str) {
    if std::env::var_os("CI").is_some() {
        panic!("{reason}; under CI every outside program the tests use must be installed (.ci/run installs them)");
    }
    eprintln!("{reason}");
}

/// The file and milliseconds of a `frames.txt` line: its first two fields (`file ms`, then a tab
/// and the picture's description, which a reader of times leaves alone).
pub fn frame_fields(line: &str) -> Option<(&str, &str)> {
    let mut fields = line.split_whitespace();
    Some((fields.next()?, fields.next()?))
}
