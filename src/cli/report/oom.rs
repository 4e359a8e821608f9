//! Running out of memory ends the run like any other failure: one `error:` line, exit 2, and no
//! temporary file left behind, instead of the standard library's abort with a backtrace (exit 134).
//!
//! The binary's global allocator is the system's, watched: when an allocation fails it removes the
//! temporary files the run's token knows, writes the line with `write(2)` from a stack buffer and
//! ends the process with `_exit`. Nothing on that path allocates (a path shorter than a few hundred
//! bytes is turned into a C string on the stack), and a second failure on it ends the process at
//! once.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use chessviz::Cancel;

/// The system allocator, with the failure path above.
pub struct Watched;

/// The run's token: its temporary files are removed when memory runs out.
static TOKEN: OnceLock<Cancel> = OnceLock::new();

/// Set on the first failure: a failure while handling it ends the process without more ado.
static FAILING: AtomicBool = AtomicBool::new(false);

/// Remembers the run's token, whose pending files a failed allocation removes.
pub fn watch(cancel: &Cancel) {
    let _ = TOKEN.set(cancel.clone());
}

// SAFETY: every call is passed to `System` unchanged; a null result never returns (the process
// ends), which callers of `alloc` need not expect but cannot observe either.
unsafe impl GlobalAlloc for Watched {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is the one `System` needs.
        checked(unsafe { System.alloc(layout) }, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as above.
        checked(unsafe { System.alloc_zeroed(layout) }, layout.size())
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        checked(unsafe { System.realloc(ptr, layout, new_size) }, new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

fn checked(ptr: *mut u8, size: usize) -> *mut u8 {
    if ptr.is_null() {
        out_of_memory(size);
    }
    ptr
}

#[cold]
fn out_of_memory(size: usize) -> ! {
    if !FAILING.swap(true, Ordering::SeqCst) {
        if let Some(token) = TOKEN.get() {
            token.try_abandon_pending_writes();
        }
        let mut line = [0u8; 160];
        let mut at = 0;
        for part in [
            b"error: out of memory while drawing (".as_slice(),
            digits(size, &mut [0u8; 20]),
            b" more bytes were not available); use a smaller board or a smaller --cell\n",
        ] {
            line[at..at + part.len()].copy_from_slice(part);
            at += part.len();
        }
        // SAFETY: writing initialised bytes of a stack buffer to standard error.
        unsafe { libc::write(libc::STDERR_FILENO, line.as_ptr().cast(), at) };
    }
    // SAFETY: ends the process without running anything that could allocate.
    unsafe { libc::_exit(2) }
}

/// `n` in decimal, written into `buf`.
fn digits(mut n: usize, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buf[i..];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::digits;

    #[test]
    fn sizes_print_in_decimal() {
        assert_eq!(digits(0, &mut [0; 20]), b"0");
        assert_eq!(digits(402_653_184, &mut [0; 20]), b"402653184");
        assert_eq!(digits(usize::MAX, &mut [0; 20]), b"18446744073709551615");
    }
}
