//! The review as data: one [`MoveReview`] per move, one [`PlayerSummary`] per
//! player. Built from the positions' values, which may still be arriving: a move
//! is reviewed once the positions before and after it are both analysed.

use serde::{Serialize, Serializer};

use super::classify::{
    Class, PositionValue, Value, bounded_loss, classify, likely, lost_range, points_lost,
};
use crate::ai::analysis::LossBound;
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
    /// The best move's value (the position's), mover's side. When a proof moved
    /// the loss and this is an estimate, the played move's value plus `lost`.
    pub best_value: Value,
    /// The value of the move played, mover's side: exact when a proof bounded
    /// its loss (the proof solves it). When a proof moved the loss of an
    /// estimate beside an exact best value (values stored by an older version),
    /// this estimate is moved instead: the best value less `lost` (an exact
    /// value is never moved).
    pub played_value: Value,
    /// Points of final margin lost against the best move (see [`points_lost`]):
    /// an estimate when either value is.
    pub lost: i32,
    /// Where the true loss lies (90 times in 100) when `lost` is an estimate;
    /// `None` when both values are exact.
    pub lost_range: Option<[i32; 2]>,
    /// The verdict.
    pub class: Class,
    /// Whether the verdict rests on estimates (shown as "likely"): either value
    /// is an estimate, whatever the class, so a best or good move that only
    /// estimates back (the engine's choice, not a proof) reads "likely best" or
    /// "likely good", never as if proven. `false` when both values are exact, or
    /// when the proofs showed that the move lost nothing (a bound of at most 0).
    pub likely: bool,
}

impl MoveReview {
    /// The review of move `number` (1-based), `played` by `player`, from the
    /// values of the position before it and, when that value did not include
    /// the move played, of the position after it (each for its side to move).
    /// `None` if the position before has no best move (a full board: no move),
    /// or the move's value is not known yet.
    pub fn new(
        number: usize,
        player: Player,
        played: Move,
        before: &PositionValue,
        after: Option<&PositionValue>,
    ) -> Option<MoveReview> {
        let best = before.best?;
        let b = before.value;
        let a = match before.played {
            Some((mv, value)) if mv == played => value,
            _ if best == played => b,
            _ => after?.value.flipped(),
        };
        let empties = 64 - (number as u32 - 1).min(64);
        // Proofs bound the loss of the move valued with the position only.
        let bound = match before.played {
            Some((mv, _)) if mv == played && likely(b, a) => before.loss_bound,
            _ => None,
        };
        let estimated = points_lost(played, Some(best), b, a);
        let lost = bounded_loss(estimated, bound);
        let class = classify(lost, b, a, empties, bound);
        // A proof that moved the loss moves an estimate with it, so that the
        // two values and the loss agree (the verdict is the same either way):
        // the best move's when it is an estimate, else the played move's. An
        // exact value is the true one and is never moved, so a value stays
        // marked exact only when it is. (A bound applies only when a value is
        // an estimate, so both are never exact here. The analysis now gives a
        // bounded move its exact value, so an estimated played value beside an
        // exact best one comes only from values stored by an older version.)
        let (best_value, played_value) = if lost == estimated {
            (b, a)
        } else if b.exact {
            let played_value = Value {
                margin: b.margin - lost,
                ..a
            };
            (b, played_value)
        } else {
            let best_value = Value {
                margin: a.margin + lost,
                ..b
            };
            (best_value, a)
        };
        Some(MoveReview {
            number,
            player,
            mv: played,
            best,
            best_value,
            played_value,
            lost,
            lost_range: (lost > 0)
                .then(|| lost_range(lost, b, a, empties, bound))
                .flatten(),
            class,
            // Every verdict from estimates says so, a best one too (s23: one no
            // proof backed read "best", as if proven).
            likely: likely(b, a) && !proven_lossless(bound),
        })
    }

    /// How far the value moved for the mover, in points (positive: it fell).
    pub fn swing(&self) -> i32 {
        self.best_value.margin - self.played_value.margin
    }
}

/// Whether proofs showed that the move lost nothing (at most 0 points): then it
/// is best though a value beside it is an estimate. A bound of at most 5 or 10
/// leaves a loss above 0 open (the last step ran out of budget).
fn proven_lossless(bound: Option<LossBound>) -> bool {
    matches!(bound, Some(LossBound::AtMost(n)) if n <= 0)
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
    /// Where the true loss lies when `lost` is an estimate.
    pub lost_range: Option<[i32; 2]>,
    /// The best move's value, mover's side.
    pub best_value: Value,
    /// The played move's value.
    pub played_value: Value,
}

/// One player's moves summed up. In JSON: `moves`, a count per class name (after
/// `best`, `likely_best`: how many of those best moves only estimates back),
/// `average_lost` and `biggest_swing`.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerSummary {
    /// Whose summary this is.
    pub player: Player,
    /// Moves reviewed.
    pub moves: usize,
    /// Moves per class, in the order of [`Class::ALL`].
    pub counts: [usize; 5],
    /// Of the best moves, those only estimates back ("likely best": the engine's
    /// choice, not a proof). The summaries count them apart from the proven ones;
    /// counted in with them, a game reviewed from estimates read as played best.
    pub likely_best: usize,
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
        let likely_best = mine
            .iter()
            .filter(|m| m.class == Class::Best && m.likely)
            .count();
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
                lost_range: m.lost_range,
                best_value: m.best_value,
                played_value: m.played_value,
            });
        PlayerSummary {
            player,
            moves: mine.len(),
            counts,
            likely_best,
            average_lost,
            biggest_swing,
        }
    }

    /// How many moves fell in `class`.
    pub fn count(&self, class: Class) -> usize {
        self.counts[class.index()]
    }

    /// How many best moves a proof or exact values back: [`Class::Best`]'s count
    /// without the [`likely_best`](Self::likely_best) ones.
    pub fn proven_best(&self) -> usize {
        // Saturating: the fields are public, and a summary made by hand may not add up.
        self.count(Class::Best).saturating_sub(self.likely_best)
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
    /// `i` moves (`None` while not analysed). Moves whose value is not known yet
    /// are left out.
    pub fn build(game: &Game, values: &[Option<PositionValue>]) -> Review {
        let moves: Vec<MoveReview> = game
            .placements()
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                let before = values.get(i).copied().flatten()?;
                let after = values.get(i + 1).copied().flatten();
                MoveReview::new(i + 1, p.player, p.square(), &before, after.as_ref())
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
        let mut map = s.serialize_map(Some(9))?;
        map.serialize_entry("moves", &self.moves)?;
        for class in Class::ALL {
            map.serialize_entry(class.name(), &self.count(class))?;
            if class == Class::Best {
                // A part of `best`, so the class counts still add up to `moves`.
                map.serialize_entry("likely_best", &self.likely_best)?;
            }
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
