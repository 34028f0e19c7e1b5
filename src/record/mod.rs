//! The `.hij` game-record format.
