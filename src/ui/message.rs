//! The status-line message: its kind (which picks its style) and its wordings.

use ratatui::style::Style;

use crate::rules::{ClaimState, Game, Placement, Player};
use crate::session::Notice;
use crate::strings::{claim, describe};
use crate::text;

use super::look::Look;

/// What kind of message the status line shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageKind {
    /// Plain information.
    Info,
    /// A scoring move by this player.
    Score(Player),
    /// Something refused.
    Error,
}

/// The message on the status line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// Its kind, which picks its style.
    pub kind: MessageKind,
    /// The text.
    pub text: String,
    /// A shorter wording for narrow screens, if there is one.
    pub short: Option<String>,
}

impl Message {
    /// A message with one wording.
    pub fn new(kind: MessageKind, text: impl Into<String>) -> Message {
        Message {
            kind,
            text: text.into(),
            short: None,
        }
    }

    /// What a placement did, with a short wording for narrow screens.
    pub(crate) fn placement(placement: &Placement) -> Message {
        let kind = if placement.points > 0 {
            MessageKind::Score(placement.player)
        } else {
            MessageKind::Info
        };
        Message {
            kind,
            text: describe::placement(placement),
            short: Some(describe::placement_short(placement)),
        }
    }

    /// What a placement did in a game that may have claims: `state` is the stone's
    /// claim state (`None` without claims, or for an AI's stone that scored nothing),
    /// `unclaimed` the stone before it when its
    /// points went unclaimed at this placement. A person's pending stone says nothing
    /// of its points; an AI's stone, claimed in full at once, says what it claimed.
    pub(crate) fn played(
        placement: &Placement,
        state: Option<ClaimState>,
        unclaimed: Option<&Placement>,
    ) -> Message {
        Message::played_at(placement, state, unclaimed, false)
    }

    /// [`Message::played`] of a stone played here (`remote` false) or at another
    /// terminal, whose player claims it there: nobody here is asked to claim it.
    pub(crate) fn played_at(
        placement: &Placement,
        state: Option<ClaimState>,
        unclaimed: Option<&Placement>,
        remote: bool,
    ) -> Message {
        let mut message = match state {
            None => Message::placement(placement),
            Some(ClaimState::Pending) if remote => Message {
                kind: MessageKind::Info,
                text: claim::placed_remote(placement),
                short: None,
            },
            Some(ClaimState::Pending) => Message {
                kind: MessageKind::Info,
                text: claim::placed(placement),
                short: Some(claim::placed_short(placement)),
            },
            Some(ClaimState::Claimed { .. }) => Message {
                kind: MessageKind::Score(placement.player),
                text: describe::ai_claimed(placement),
                short: Some(describe::placement_short(placement)),
            },
            Some(other) => Message::new(MessageKind::Info, describe::settled(placement, other)),
        };
        if let Some(earlier) = unclaimed {
            message.text = claim::unclaimed_then(&describe::unclaimed(earlier), &message.text);
            // Whole, in a box if need be: what was forfeited is the lesson.
            message.short = None;
        }
        message
    }

    /// Move `index` (0-based) of a game as a finished record shows it (the replay
    /// viewer): in a claim game, what was claimed and what was forfeited.
    pub(crate) fn of_move(game: &Game, index: usize) -> Option<Message> {
        let placement = game.placements().get(index)?;
        Some(match game.claim_state(index) {
            None => Message::placement(placement),
            Some(state) => {
                let kind = if game.awarded(index) > 0 {
                    MessageKind::Score(placement.player)
                } else {
                    MessageKind::Info
                };
                Message::new(kind, describe::settled(placement, state))
            }
        })
    }

    /// A session's notice as a message.
    pub(crate) fn notice(notice: Notice) -> Message {
        match notice {
            Notice::Info(text) => Message::new(MessageKind::Info, text),
            Notice::Error(text) => Message::new(MessageKind::Error, text),
        }
    }

    /// The wording for a screen `width` columns wide: the long one if it fits, else the
    /// short one if there is one.
    pub fn wording(&self, width: u16) -> &str {
        match &self.short {
            Some(short) if !text::fits(&self.text, usize::from(width)) => short,
            _ => &self.text,
        }
    }

    /// Whether [`Message::wording`] fits on one line `width` wide; if not, the screen
    /// shows it whole in a box over the board until the next key.
    pub fn fits(&self, width: u16) -> bool {
        text::fits(self.wording(width), usize::from(width))
    }

    /// Its style.
    pub(crate) fn style(&self, look: Look) -> Style {
        match self.kind {
            MessageKind::Info => Style::new(),
            MessageKind::Score(player) => look.player(player),
            MessageKind::Error => look.error(),
        }
    }
}
