//! The full-screen terminal game.
