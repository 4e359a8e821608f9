//! One adapter per problem: how its solver's results and events become a [`Scene`](crate::scene::Scene),
//! with the problem's look, colours, captions and legends.

pub mod board;
pub mod check;
pub mod knight;
pub mod queens;
pub mod tromino;
