//! What the game-log tools share (`lost_games`, `follow_up_games`): the game
//! records of `strength --verbose` and `mcts --verbose`, lines `game ID: B-Y
//! m1 m2 ...` (standard rules, Blue first; other lines are skipped). The
//! including tool also includes `support/log_file.rs` as `log_file` (the capped read).

use std::path::Path;

use hijara::text::display_path;

use anyhow::{Context, Result};
use hijara::rules::{Position, Square};

/// One game record.
pub struct Record {
    pub id: String,
    /// The totals as recorded, `B-Y`.
    pub totals: String,
    /// Blue's total less Yellow's, as recorded.
    pub recorded: i32,
    pub moves: Vec<Square>,
}

/// The game records in `path`, every move checked legal; errors name the
/// file and line.
pub fn read_records(path: &Path) -> Result<Vec<Record>> {
    let text = crate::log_file::read_log_text(path)?;
    let mut records = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let at = || format!("{}:{}", display_path(path), n + 1);
        let Some(rest) = line.strip_prefix("game ") else {
            continue;
        };
        let (id, rest) = rest
            .split_once(':')
            .with_context(|| format!("{}: no `:` after the game's id", at()))?;
        let mut words = rest.split_whitespace();
        let totals = words.next().unwrap_or("");
        let (b, y) = totals
            .split_once('-')
            .with_context(|| format!("{}: totals {totals:?} are not B-Y", at()))?;
        let (b, y): (i32, i32) = (
            b.parse()
                .with_context(|| format!("{}: Blue's total {b:?}", at()))?,
            y.parse()
                .with_context(|| format!("{}: Yellow's total {y:?}", at()))?,
        );
        let mut position = Position::new();
        let mut moves = Vec::new();
        for word in words {
            let square: Square = word
                .parse()
                .map_err(|e| anyhow::anyhow!("{}: {word}: {e}", at()))?;
            position
                .play(square)
                .map_err(|e| anyhow::anyhow!("{}: {word}: {e}", at()))?;
            moves.push(square);
        }
        records.push(Record {
            id: id.to_owned(),
            totals: totals.to_owned(),
            recorded: b - y,
            moves,
        });
    }
    Ok(records)
}
