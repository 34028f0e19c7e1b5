//! Hijara, the board game, for the terminal.
//!
//! Layers, each using only those above it in this list:
//!
//! - [`text`]: outside text made safe (`sanitize`), and text fitted to display columns
//!   (`fit`: width, `…`, padding), never counted in `char`s.
//! - [`rules`]: the pure rules engine (board, moves, scoring).
//! - [`record`]: the `.hij` game-record format.
//! - [`ai`]: the computer opponents. [`playout`]: fast random games.
//! - [`session`]: a game's set-up (`config`), records to and from it (`record_io`), how
//!   bytes reach the disk (`disk`: bounded reads of regular files, atomic writes), the data
//!   folder and the autosave (`autosave`), one session's saves (`storage`) and the archive
//!   of finished games (`history`).
//! - [`rating`]: Glicko-2, pure: the puzzles' ratings and the club's (Lichess's parameters).
//! - [`puzzle`]: puzzles proved by the exact solver, their set, ratings and progress.
//! - [`learn`]: lessons kept as data, checked by the rules, and the progress through them.
//! - [`review`]: game review, every move judged against the engine.
//! - [`ui`]: the full-screen screens: the start screen, a game, the replay viewer, lessons
//!   and puzzles; pure states (`app`, `replay`, `start`, `lesson`, `puzzle`),
//!   the switching between them (`navigation`), widgets (`board`, `ladder`, `move_list`,
//!   `status`, `analysis_panel`), and one event loop that blocks on one channel and draws
//!   on any backend (`event_loop`).
//! - [`server`]: `hijara serve`, the game over SSH, through the same screens and loop.
//! - [`cli`]: the command line, which opens screens only through `ui`'s entry points
//!   (`play`, `replay`, `start`, `puzzles`, `lessons`).
//!
//! User-facing texts live in one private module, `strings`, used by `ui` and `cli`.

pub mod ai;
pub mod cli;
pub mod learn;
pub mod playout;
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
