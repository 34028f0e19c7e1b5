//! The `.hij` game-record format.

pub mod store;
