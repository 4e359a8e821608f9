//! The board model the renderer draws, and the adapters that apply solver events to it.
