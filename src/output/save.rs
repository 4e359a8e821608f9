//! [`Still::save`]: a still written to a file the way every file is, atomically.

use std::path::Path;

use crate::compose::figure::Still;
use crate::error::{Error, InvalidKind, Result};
use crate::output::write_atomic;

impl Still {
    /// Writes the picture as a PNG file at `path`, atomically: into a temporary file beside it,
    /// renamed over `path` once complete, so that a failed write leaves whatever was there (see
    /// [`write_atomic`]). The name must end in `.png`: a still is a raster picture (for SVG or PDF,
    /// draw the scene with [`draw_vector`](crate::draw_vector)).
    ///
    /// ```
    /// use chessviz::{Square, Style};
    /// use chessviz::tromino::{self, TrominoProblem, TrominoStyle};
    ///
    /// let problem = TrominoProblem::new(2, Square::new(0, 0))?;
    /// let still = tromino::still(&problem, TrominoStyle::default(), &Style::default())?;
    /// let dir = tempfile::tempdir()?;
    /// still.save(dir.path().join("tiling.png"))?;
    /// assert!(still.save(dir.path().join("tiling.svg")).is_err());
    /// # Ok::<(), chessviz::Error>(())
    /// ```
    pub fn save(&self, path: impl AsRef<Path>) -> Result<()> {
        let path = path.as_ref();
        let png = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("png"));
        if !png {
            return Err(Error::invalid(
                InvalidKind::Output,
                format!(
                    "a still is saved as a PNG file: '{}' does not end in .png",
                    path.display()
                ),
            ));
        }
        write_atomic(path, |w| self.write_png(w))
    }
}
