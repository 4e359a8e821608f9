//! The file's plumbing: streams deflated at a fixed level (the page's content chunk by chunk), a
//! stream object's head and tail, and the cross-reference table and trailer, as `pdf-writer`
//! writes them.

use std::io::Write;

use flate2::write::ZlibEncoder;
use flate2::Compression;
use pdf_writer::{Content, Ref};

use crate::error::{Error, Result};

/// The compressor of the page's content, fed chunk by chunk.
pub(super) struct Deflated {
    pub(super) z: ZlibEncoder<Vec<u8>>,
    /// Something was fed: the next chunk starts a new line, which its predecessor's `finish`
    /// took off (so the stream is what one [`Content`] of every operator would hold).
    pub(super) started: bool,
}

impl Deflated {
    pub(super) fn feed(&mut self, c: Content) -> Result<()> {
        let bytes = c.finish();
        if bytes.is_empty() {
            return Ok(());
        }
        if self.started {
            self.z.write_all(b"\n").map_err(compress_failed)?;
        }
        self.started = true;
        self.z.write_all(&bytes).map_err(compress_failed)
    }
}

pub(super) fn compress_failed(e: std::io::Error) -> Error {
    Error::Encode(format!("compressing a PDF stream failed: {e}"))
}

/// The start of a deflated stream object of `len` bytes, as `pdf-writer` writes it.
pub(super) fn stream_head(id: Ref, len: usize) -> String {
    format!(
        "{} 0 obj\n<<\n  /Length {len}\n  /Filter /FlateDecode\n>>\nstream\n",
        id.get()
    )
}

/// What follows a stream's data.
pub(super) const STREAM_TAIL: &[u8] = b"\nendstream\nendobj\n\n";

/// The cross-reference table of objects 1, 2, ... at `offsets` (no free objects but the 0th) and
/// the trailer, as `pdf-writer` writes them.
pub(super) fn xref_and_trailer(offsets: &[usize], xref: usize, info: Option<Ref>) -> String {
    use std::fmt::Write as _;
    let size = offsets.len() + 1;
    let mut t = format!("xref\n0 {size}\n0000000000 65535 f\r\n");
    for o in offsets {
        let _ = write!(t, "{o:010} 00000 n\r\n");
    }
    let info = info.map_or(String::new(), |r| format!("  /Info {} 0 R\n", r.get()));
    let _ = write!(
        t,
        "trailer\n<<\n  /Size {size}\n  /Root 1 0 R\n{info}>>\nstartxref\n{xref}\n%%EOF"
    );
    t
}

/// Streams shorter than this are written as they are: deflating a few dozen bytes costs more
/// (a compressor's set-up) than it saves.
const DEFLATE_FROM: usize = 256;

/// A stream's bytes and whether they are deflated.
pub(super) fn pack(data: &[u8]) -> Result<(Vec<u8>, bool)> {
    if data.len() < DEFLATE_FROM {
        Ok((data.to_vec(), false))
    } else {
        compress(data).map(|d| (d, true))
    }
}

/// Deflate at a fixed level: the same figure always gives the same bytes.
fn compress(data: &[u8]) -> Result<Vec<u8>> {
    let mut z = ZlibEncoder::new(Vec::with_capacity(data.len() / 3), Compression::new(6));
    z.write_all(data)
        .and_then(|()| z.finish())
        .map_err(compress_failed)
}
