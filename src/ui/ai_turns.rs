//! The AI side of a game on screen, pure: which request is in flight, which replies
//! are stale, and when asking again would be pointless. The worker thread that answers
//! lives in [`super::ai_worker`].

use crate::ai::Level;
use crate::rules::Game;
use crate::session::GameConfig;

use super::ai_worker::{AiJob, AiReply, AiRequest};

/// The AI requests of one game.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct AiTurns {
    /// Bumped whenever the game changes or a request is dropped, so old replies are ignored.
    tag: u64,
    /// The job in flight for the current tag.
    waiting: Option<AiJob>,
    /// The AI gave no legal move here: do not ask it again until the game changes.
    stalled: bool,
}

impl AiTurns {
    /// The game changed: forget any request in flight (its reply will carry an old tag).
    pub(crate) fn reset(&mut self) {
        *self = AiTurns {
            tag: self.tag + 1,
            ..AiTurns::default()
        };
    }

    /// What the AI is thinking about, if anything.
    pub(crate) fn waiting(&self) -> Option<AiJob> {
        self.waiting
    }

    /// Asks the hard AI for a hint on `game`, dropping any request in flight.
    pub(crate) fn ask_hint(&mut self, config: &GameConfig, game: &Game) -> AiRequest {
        self.tag += 1;
        self.waiting = Some(AiJob::Hint);
        self.request(AiJob::Hint, config, game, Level::Hard)
    }

    /// The request for the AI seat to move in `game`, once per turn, unless the AI
    /// thinks already, stalled, or the game is over.
    pub(crate) fn ask_seat(&mut self, config: &GameConfig, game: &Game) -> Option<AiRequest> {
        if self.waiting.is_some() || self.stalled || game.is_over() {
            return None;
        }
        let level = config.seat(game.to_move()).level()?;
        self.waiting = Some(AiJob::Move);
        Some(self.request(AiJob::Move, config, game, level))
    }

    /// Whether `reply` answers the request in flight; if so, it is no longer in flight.
    pub(crate) fn accept(&mut self, reply: &AiReply) -> bool {
        if reply.tag != self.tag || self.waiting != Some(reply.job) {
            return false;
        }
        self.waiting = None;
        true
    }

    /// The AI gave no legal move: do not ask it again until the game changes.
    pub(crate) fn stall(&mut self) {
        self.stalled = true;
    }

    fn request(&self, job: AiJob, config: &GameConfig, game: &Game, level: Level) -> AiRequest {
        AiRequest {
            tag: self.tag,
            job,
            position: *game.position(),
            settings: config.ai_settings(level),
        }
    }
}
