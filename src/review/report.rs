//! The review as data: one [`MoveReview`] per move, one [`PlayerSummary`] per
//! player. Built from the positions' values, which may still be arriving: a move
//! is reviewed once the positions before and after it are both analysed.

use serde::{Serialize, Serializer};

use super::classify::{Class, PositionValue, Value, classify, points_lost};
use crate::rules::{Game, Move, Player};

/// One move judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MoveReview {
    /// The move's number, 1 to 64.
    #[serde(rename = "move")]
    pub number: usize,
    /// Who played it.
    pub player: Player,
    /// The square played.
    #[serde(rename = "square")]
    pub mv: Move,
    /// The engine's best move in the position before it.
    pub best: Move,
    /// The position's value before the move (the best move's), mover's side.
    pub before: Value,
    /// The value after the move, mover's side.
    pub after: Value,
    /// Points of final margin lost against the best move (see [`points_lost`]).
    pub lost: i32,
    /// The verdict.
    pub class: Class,
}

impl MoveReview {
    /// The review of move `number` (1-based), `played` by `player`, from the
    /// values of the positions before and after it (each for its side to move).
    /// `None` if the position before has no best move (a full board: no move).
    pub fn new(
        number: usize,
        player: Player,
        played: Move,
        before: &PositionValue,
        after: &PositionValue,
    ) -> Option<MoveReview> {
        let best = before.best?;
        let (b, a) = (before.value, after.value.flipped());
        let lost = points_lost(played, Some(best), b, a);
        Some(MoveReview {
            number,
            player,
            mv: played,
            best,
            before: b,
            after: a,
            lost,
            class: classify(lost, b, a),
        })
    }

    /// How far the value moved for the mover, in points (positive: it fell).
    pub fn swing(&self) -> i32 {
        self.before.margin - self.after.margin
    }
}

/// The move that lost a player the most points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Swing {
    /// The move's number, 1 to 64.
    #[serde(rename = "move")]
    pub number: usize,
    /// The square played.
    #[serde(rename = "square")]
    pub mv: Move,
    /// The engine's best move there.
    pub best: Move,
    /// Points lost.
    pub lost: i32,
    /// The value before the move, mover's side.
    pub before: Value,
    /// The value after it.
    pub after: Value,
}

/// One player's moves summed up. In JSON: `moves`, a count per class name,
/// `average_lost` and `biggest_swing`.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerSummary {
    /// Whose summary this is.
    pub player: Player,
    /// Moves reviewed.
    pub moves: usize,
    /// Moves per class, in the order of [`Class::ALL`].
    pub counts: [usize; 5],
    /// Average points lost per reviewed move (0 with none).
    pub average_lost: f64,
    /// The move that lost the most points; `None` if none lost any.
    pub biggest_swing: Option<Swing>,
}

impl PlayerSummary {
    /// The summary of `player`'s moves among `moves`.
    pub fn of(player: Player, moves: &[MoveReview]) -> PlayerSummary {
        let mine: Vec<&MoveReview> = moves.iter().filter(|m| m.player == player).collect();
        let mut counts = [0; 5];
        for m in &mine {
            counts[m.class.index()] += 1;
        }
        let total: i64 = mine.iter().map(|m| i64::from(m.lost)).sum();
        let average_lost = if mine.is_empty() {
            0.0
        } else {
            // Two decimals are plenty, and keep the JSON short.
            (total as f64 / mine.len() as f64 * 100.0).round() / 100.0
        };
        // The first of equal losses: `max_by_key` keeps the last, so reverse.
        let biggest_swing = mine
            .iter()
            .rev()
            .filter(|m| m.lost > 0)
            .max_by_key(|m| m.lost)
            .map(|m| Swing {
                number: m.number,
                mv: m.mv,
                best: m.best,
                lost: m.lost,
                before: m.before,
                after: m.after,
            });
        PlayerSummary {
            player,
            moves: mine.len(),
            counts,
            average_lost,
            biggest_swing,
        }
    }

    /// How many moves fell in `class`.
    pub fn count(&self, class: Class) -> usize {
        self.counts[class.index()]
    }
}

/// The whole review of a game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Review {
    /// Moves in the game.
    #[serde(rename = "moves")]
    pub total_moves: usize,
    /// Moves reviewed so far, in order (every move once all positions are analysed).
    #[serde(rename = "review")]
    pub moves: Vec<MoveReview>,
    /// Blue's and Yellow's summaries.
    #[serde(serialize_with = "summaries")]
    pub summary: [PlayerSummary; 2],
}

impl Review {
    /// The review of `game` from `values[i]`, the value of the position after
    /// `i` moves (`None` while not analysed). Moves whose positions are not both
    /// analysed yet are left out.
    pub fn build(game: &Game, values: &[Option<PositionValue>]) -> Review {
        let moves: Vec<MoveReview> = game
            .placements()
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                let before = values.get(i).copied().flatten()?;
                let after = values.get(i + 1).copied().flatten()?;
                MoveReview::new(i + 1, p.player, p.square(), &before, &after)
            })
            .collect();
        let summary = [
            PlayerSummary::of(Player::Blue, &moves),
            PlayerSummary::of(Player::Yellow, &moves),
        ];
        Review {
            total_moves: game.len(),
            moves,
            summary,
        }
    }

    /// `player`'s summary.
    pub fn summary_of(&self, player: Player) -> &PlayerSummary {
        &self.summary[player.index()]
    }
}

impl Serialize for PlayerSummary {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(8))?;
        map.serialize_entry("moves", &self.moves)?;
        for class in Class::ALL {
            map.serialize_entry(class.name(), &self.count(class))?;
        }
        map.serialize_entry("average_lost", &self.average_lost)?;
        map.serialize_entry("biggest_swing", &self.biggest_swing)?;
        map.end()
    }
}

fn summaries<S: Serializer>(summary: &[PlayerSummary; 2], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(2))?;
    for sum in summary {
        map.serialize_entry(sum.player.name(), sum)?;
    }
    map.end()
}
