//! The vector writers' own tests, on display lists made by hand.

mod hand_made;
// Included from the integration tests, so that both read SVG and PDF files the same way; not every
// reader is used here.
#[allow(dead_code)]
#[path = "../../../tests/it/vector/readers.rs"]
mod readers;
mod reference;
