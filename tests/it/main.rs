//! The integration tests, in one crate so that CI links one binary instead of 23.

mod ai_budget;
mod cli_analyze;
mod cli_bench;
mod cli_persist;
mod cli_score;
mod cli_variants;
mod common;
mod e2e_persist;
mod e2e_play;
mod e2e_review;
mod e2e_safety;
mod e2e_variants;
mod engine_protocol;
mod history;
mod record_props;
mod replay_analysis;
mod replay_view;
mod rules_props;
mod safety;
mod selfplay;
mod ui_app;
mod ui_claims;
mod ui_render;
mod ui_render_variants;
mod vectors;
