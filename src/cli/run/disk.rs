//! The disk space of a batch of files (`queens --all`, `--frames DIR`, `gallery`), known before the
//! first file: refused past the free space of the folder's file system, or past [`DISK_CEILING`],
//! with the figures, instead of filling the disk file by file.

use std::path::Path;

use chessviz::{Error, Result};

use super::limits::human_bytes as large;

/// `12 KiB`, `730 KiB`, `51.46 GiB`.
fn human_bytes(bytes: u64) -> String {
    if bytes < 1 << 20 {
        format!("{} KiB", bytes.div_ceil(1024))
    } else {
        large(bytes)
    }
}

/// The most one batch may write: 8 GiB.
pub const DISK_CEILING: u64 = 8 << 30;

/// The block a file takes at least on disk: a file of 300 bytes still uses a block.
const BLOCK: u64 = 4096;

/// The space `files` files of about `bytes_each` bytes take, each rounded up to whole blocks.
pub fn batch_bytes(files: u64, bytes_each: u64) -> u64 {
    files.saturating_mul(bytes_each.div_ceil(BLOCK).max(1) * BLOCK)
}

/// The space `files` pictures take on disk, judged by the sizes of a few of them (`sampled`,
/// spread over the run): each sample rounded up to whole blocks, their mean times the count.
pub fn sampled_need(files: u64, sampled: &[u64]) -> u64 {
    if sampled.is_empty() {
        return 0;
    }
    let blocks: u64 = sampled
        .iter()
        .map(|&b| b.div_ceil(BLOCK).max(1) * BLOCK)
        .sum();
    let mean = blocks / sampled.len() as u64;
    files.saturating_mul(mean)
}

/// About the size of one picture of `width` x `height` pixels showing `squares` squares, in
/// `format`, for a batch whose pictures are not drawn before it is judged (`gallery`):
/// a PNG of the board's flat colours compresses to about 1 byte for 250 to 300 pixels on large
/// pictures (measured 1/235 on an 8 x 8 tiling at --cell 1024, 1/250 on 13 queens) and less well on
/// small ones, so 1/300 is on the low side; vector pictures grow with the squares, not the cell
/// (about 300 bytes a square as SVG), so 64 a square is on the low side too.
pub fn picture_bytes(width: u32, height: u32, squares: u64, format: chessviz::StillFormat) -> u64 {
    match format {
        chessviz::StillFormat::Png => u64::from(width) * u64::from(height) / 300,
        _ => squares.saturating_mul(64),
    }
}

/// The free space for an unprivileged writer on the file system that holds `dir` (or the nearest
/// folder above it that exists, where it will be created); `None` where it cannot be asked.
pub fn free_space(dir: &Path) -> Option<u64> {
    let existing = dir
        .ancestors()
        .map(|p| {
            if p.as_os_str().is_empty() {
                Path::new(".")
            } else {
                p
            }
        })
        .find(|p| p.is_dir())?;
    statvfs_free(existing)
}

#[cfg(unix)]
fn statvfs_free(dir: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    let mut stat = std::mem::MaybeUninit::<libc::statvfs>::uninit();
    // SAFETY: `name` is a valid C string and `stat` is written by statvfs before it is read.
    if unsafe { libc::statvfs(name.as_ptr(), stat.as_mut_ptr()) } != 0 {
        return None;
    }
    // SAFETY: statvfs returned 0, so it filled `stat`.
    let stat = unsafe { stat.assume_init() };
    #[allow(clippy::unnecessary_cast)]
    Some((stat.f_bavail as u64).saturating_mul(stat.f_frsize as u64))
}

#[cfg(not(unix))]
fn statvfs_free(_dir: &Path) -> Option<u64> {
    None
}

/// Refuses a batch of `files` files of about `bytes_each` bytes (`what`: "the 73712 solutions")
/// into `dir` that would not fit its free space, or passes [`DISK_CEILING`].
pub fn check_disk(what: &str, files: u64, bytes_each: u64, dir: &Path) -> Result<()> {
    check_against(
        what,
        files,
        batch_bytes(files, bytes_each),
        dir,
        free_space(dir),
    )
}

/// [`check_disk`] for a batch whose files differ in size: `need` is the space they take in all,
/// blocks counted (a `--frames` run's pictures, sampled).
pub fn check_disk_total(what: &str, files: u64, need: u64, dir: &Path) -> Result<()> {
    check_against(what, files, need, dir, free_space(dir))
}

/// [`check_disk_total`] with the free space given (`None`: unknown, the ceiling alone applies).
pub fn check_against(
    what: &str,
    files: u64,
    need: u64,
    dir: &Path,
    free: Option<u64>,
) -> Result<()> {
    let each = need / files.max(1);
    let figure = format!(
        "{what} would write {files} files of about {} each, about {} in all",
        human_bytes(each),
        human_bytes(need)
    );
    if need > DISK_CEILING {
        return Err(Error::TooLarge(format!(
            "{figure}, over the limit of {} a batch may write; use a smaller --cell or fewer files",
            human_bytes(DISK_CEILING)
        )));
    }
    match free {
        Some(free) if need > free => Err(Error::TooLarge(format!(
            "{figure}, and '{}' has {} free; free some space, use a smaller --cell or fewer files",
            dir.display(),
            human_bytes(free)
        ))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_over_the_free_space_or_the_ceiling_is_refused_with_the_figures() {
        let dir = Path::new("out");
        // 100 files of 10 kB take 100 blocks of 12 KiB.
        assert_eq!(batch_bytes(100, 10_000), 100 * 12_288);
        let need = batch_bytes(100, 10_000);
        assert!(check_against("x", 100, need, dir, Some(100 * 12_288)).is_ok());
        let e = check_against("the 92 solutions", 100, need, dir, Some(100 * 12_288 - 1))
            .unwrap_err()
            .to_string();
        assert!(e.contains("100 files") && e.contains("'out' has"), "{e}");
        assert!(check_against("x", 100, need, dir, None).is_ok());
        let e = check_against("x", 1 << 20, batch_bytes(1 << 20, 1 << 20), dir, None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("over the limit of 8 GiB"), "{e}");
    }

    #[test]
    fn the_free_space_of_an_existing_folder_is_known() {
        let free = free_space(Path::new(".")).expect("statvfs of .");
        assert!(free > 0);
        // A folder not made yet is judged by the nearest one that exists.
        assert_eq!(
            free_space(Path::new("no/such/folder/yet")).map(|f| f > 0),
            Some(true)
        );
    }
}
