//! Every text the player reads, in one place (as gitui's `strings.rs`): on the
//! screens, at a server table, and in the command line's reports. The ui, the
//! command line and the server take their words from here; command-line errors stay
//! beside the checks that raise them (they name the file, line or key at fault), and
//! the operator's log lines stay with the server's log.
//!
//! Plain texts live apart from the functions that put game values into words:
//!
//! - By screen or subject, the plain texts and the templates that only fill values
//!   in: [`screen`] (the game around the board), [`message`] (its status-line
//!   messages), [`question`], [`claim`], [`replay`] (the viewer), [`analysis`] (its
//!   panel), [`review`] (the engine's review: `analyze`'s legend and table), [`start`],
//!   [`lesson`], [`puzzle`], [`storage`] (saves, the autosave, the history and the
//!   farewell), [`games`] (`hijara games`), [`serve`] (the lobby),
//!   [`serve_limits`], [`table`] (a game at a server table) and [`talk`] (what a
//!   table tells its players).
//! - [`describe`]: game values in words: what a placement or a claim made, how a
//!   game ended, a reviewed move, why a puzzle move is right or wrong.
//! - Below, the few words every subject shares: seats, move counts, totals, rules.
//!
//! Key names, their help and the hint lines are data of the key table (`ui::keymap`).
//! Texts take plain values or the types of the layers above (rules, records, the AI's
//! seats, reviews, puzzles, a session's endings); no layer above takes words from here.

pub(crate) mod alert;
pub(crate) mod analysis;
pub(crate) mod claim;
pub(crate) mod club;
pub(crate) mod config;
pub(crate) mod describe;
pub(crate) mod exit;
pub(crate) mod games;
pub(crate) mod lesson;
pub(crate) mod line;
pub(crate) mod message;
pub(crate) mod narrow;
pub(crate) mod puzzle;
pub(crate) mod question;
pub(crate) mod replay;
pub(crate) mod reports;
pub(crate) mod review;
pub(crate) mod screen;
pub(crate) mod serve;
pub(crate) mod serve_limits;
pub(crate) mod start;
pub(crate) mod storage;
pub(crate) mod table;
pub(crate) mod talk;
pub(crate) mod who;

use crate::ai::Seat;
use crate::rules::{Game, Player, Ruleset};

/// A short name for a seat, as shown on the ladders (`human`, `hard AI`).
pub(crate) fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::Human => "human",
        Seat::Random => "random AI",
        Seat::Easy => "easy AI",
        Seat::Medium => "medium AI",
        Seat::Hard => "hard AI",
    }
}

/// `1 win`, `2 wins`: `n` and the noun in the number it takes.
pub(crate) fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    match n.into() {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// "1 move", "12 moves".
pub(crate) fn moves_count(n: usize) -> String {
    if n == 1 {
        "1 move".to_owned()
    } else {
        format!("{n} moves")
    }
}

/// "first move", "first 12 moves": the start of a game, as "its first 1 move" never
/// reads.
pub(crate) fn first_moves(n: usize) -> String {
    if n == 1 {
        "first move".to_owned()
    } else {
        format!("first {n} moves")
    }
}

/// `Blue 35, Yellow 20` for a game.
pub(crate) fn totals(game: &Game) -> String {
    format!(
        "{} {}, {} {}",
        Player::Blue,
        game.score(Player::Blue),
        Player::Yellow,
        game.score(Player::Yellow)
    )
}

/// [`totals`] of a claim game over, with what each player forfeited in all, as the
/// ladders show it (`✗300`): `Blue 55 (300 forfeited), Yellow 65 (0 forfeited)`.
pub(crate) fn totals_forfeited(game: &Game) -> String {
    scores_forfeited(
        Player::BOTH.map(|p| game.score(p)),
        Player::BOTH.map(|p| game.forfeited_total(p)),
    )
}

/// Two totals with what each player forfeited: `Blue 55 (300 forfeited), Yellow 65
/// (0 forfeited)`, as the line mode and `hijara score` say them.
pub(crate) fn scores_forfeited(
    [blue, yellow]: [u32; 2],
    [blue_lost, yellow_lost]: [u32; 2],
) -> String {
    format!("Blue {blue} ({blue_lost} forfeited), Yellow {yellow} ({yellow_lost} forfeited)")
}

/// Which rules are on, for the status line: none for the standard game without
/// claims, else `corners`, `claims` or both (shown as `corners · claims`), the variant
/// first, so it is the last dropped when the line is short.
pub(crate) fn rules_parts(ruleset: Ruleset, claims: bool) -> Vec<&'static str> {
    let mut parts = Vec::new();
    if ruleset != Ruleset::Standard {
        parts.push(ruleset.name());
    }
    if claims {
        parts.push("claims");
    }
    parts
}
