//! Hijara, the board game, for the terminal.
//!
//! Layers, lowest first, each using only those before it in this list; no two files
//! import each other, directly or in a circle (`tests/it/architecture.rs` checks both,
//! against docs/architecture.md's table):
//!
//! - [`text`]: outside text made safe (`sanitize`), and text fitted to display columns
//!   (`fit`: width, `…`, padding), never counted in `char`s.
//! - [`rating`]: Glicko-2 ratings, pure.
//! - [`rules`]: the pure rules engine (board, moves, scoring).
//! - [`record`]: the `.hij` game-record format.
//! - [`ai`]: the computer opponents. [`playout`]: fast random games.
//! - [`session`]: a game's set-up (`config`), its clocks (`clock`) and ending (`ending`),
//!   records to and from it (`record_io`), how bytes reach the disk (`disk`: bounded
//!   reads of regular files, atomic writes), the data folder and the autosave
//!   (`autosave`), one session's saves (`storage`) and the archive of finished games
//!   (`history`).
//! - [`review`]: game review, every move judged against the engine.
//! - [`puzzle`]: puzzles proved by the exact solver, their set, ratings and progress.
//! - [`learn`]: lessons kept as data, checked by the rules, and the progress through them.
//! - [`prefs`]: the player's preferences (`hijara/config.toml`), the palettes' names and
//!   the guesses from the environment.
//! - `strings` (private): every text the player reads (a folder by screen or subject,
//!   with `describe` putting game values into words), used by `ui`, `server` and `cli`.
//! - [`ui`]: the full-screen screens: the start screen, a game, the replay viewer,
//!   lessons, puzzles, and a served session's lobby and tables; pure states, the key
//!   table (`keymap`), the switching between them (`navigation`), widgets, and one event
//!   loop that blocks on one channel (`inbox`) and draws on any backend (`event_loop`).
//! - [`server`]: `hijara serve`, the game over SSH, through the same screens and loop.
//! - [`cli`]: the command line, which opens screens only through `ui`'s entry points.

// The standards, kept by the compiler: every public item documented, and no
// `unwrap`/`expect` outside tests without an `allow` whose reason proves it safe.
#![warn(missing_docs, clippy::unwrap_used, clippy::expect_used)]

pub mod ai;
mod caught;
pub mod cli;
pub mod learn;
pub mod playout;
pub mod prefs;
pub mod puzzle;
pub mod rating;
pub mod record;
pub mod review;
pub mod rules;
pub mod server;
pub mod session;
mod strings;
pub mod text;
pub mod ui;
