//! `tromino --shapes` (the legend of the four L shapes), `tromino --depth D` (the divide and conquer
//! down to level D) and the captions `describe()` gives tromino events, checked against the
//! textbook's `ChessBoard` recursion written again here, independently of the library.

mod depth;
mod shapes;
mod textbook;
