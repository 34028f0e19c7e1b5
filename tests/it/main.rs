//! The integration tests, in one crate so that CI links one binary, not one per file.
//! Each module is named for what it tests:
//!
//! - `rules_props`, `vectors`, `record_props`: the rules and the `.hij` format, by
//!   property over random games and texts, and against the shared scoring vectors.
//! - `cli_*`, `engine_protocol`, `selfplay`, `history`: the command line without a
//!   terminal (`assert_cmd`): each subcommand's output, errors and exit codes; `history`
//!   also plays a game into the history in a pseudo-terminal.
//! - `ui_*`, `replay_view`, `replay_analysis`: the pure screen states driven by inputs,
//!   and their drawing on ratatui's `TestBackend` (insta snapshots, every size).
//! - `e2e_*`, `safety`: the real binary in a pseudo-terminal read through vt100, or on
//!   odd files (FIFOs, /dev/zero, hostile text), under deadlines.
//! - `serve_*`: `hijara serve` with real SSH clients on loopback: russh's, and the
//!   system's `ssh` (`serve_openssh`).
//! - `line_mode`: the line mode through pipes, every byte checked to be plain text.
//! - `ai_budget`, `puzzle_set`, `lessons`: the AI's budgets from any position, the
//!   shipped puzzles re-proved, every shipped lesson checked.
//! - `architecture`: no import circle between the files of `src/`.
//! - `doc_claims`, `doc_links`, `doc_screens`: what README.md and docs/ say, against the code.
//! - `common`, `serve_common`: what the others share (sessions, servers, drawing).

mod ai_budget;
mod architecture;
mod cli_analyze;
mod cli_bench;
mod cli_clock;
mod cli_config;
mod cli_help;
mod cli_inputs;
mod cli_output;
mod cli_persist;
mod cli_puzzle;
mod cli_records;
mod cli_score;
mod cli_serve_check;
mod cli_serve_start;
mod cli_variants;
mod common;
mod doc_claims;
mod doc_links;
mod doc_screens;
mod e2e_background;
mod e2e_clock;
mod e2e_learn;
mod e2e_persist;
mod e2e_play;
mod e2e_puzzle;
mod e2e_review;
mod e2e_safety;
mod e2e_terminal;
mod e2e_variants;
mod engine_protocol;
mod history;
mod lessons;
mod line_mode;
mod puzzle_set;
mod record_props;
mod replay_analysis;
mod replay_view;
mod rules_props;
mod safety;
mod selfplay;
mod serve_club;
mod serve_common;
mod serve_fuzz;
mod serve_gate;
mod serve_keeps;
mod serve_limits;
mod serve_line_mode;
mod serve_openssh;
mod serve_persist;
mod serve_play;
mod serve_refusals;
mod serve_table;
mod ui_app;
mod ui_claims;
mod ui_clock;
mod ui_ending;
mod ui_learn_colour;
mod ui_lesson;
mod ui_messages;
mod ui_palettes;
mod ui_puzzle;
mod ui_render;
mod ui_render_variants;
mod ui_small_terminal;
mod ui_start;
mod vectors;
