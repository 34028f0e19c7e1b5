//! The status-line message: its kind (which picks its style) and its wordings.

use ratatui::style::Style;

use crate::rules::{Placement, Player};
use crate::session::Notice;
use crate::strings;

use super::theme::Theme;

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
            text: strings::placement(placement),
            short: Some(strings::placement_short(placement)),
        }
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
            Some(short) if self.text.chars().count() > usize::from(width) => short,
            _ => &self.text,
        }
    }

    /// Whether [`Message::wording`] fits on one line `width` wide; if not, the screen
    /// shows it whole in a box over the board until the next key.
    pub fn fits(&self, width: u16) -> bool {
        self.wording(width).chars().count() <= usize::from(width)
    }

    /// Its style.
    pub(crate) fn style(&self, theme: Theme) -> Style {
        match self.kind {
            MessageKind::Info => Style::new(),
            MessageKind::Score(player) => theme.player(player),
            MessageKind::Error => theme.error(),
        }
    }
}
