//! How the screens meet this player's terminal: the look, and how the player is told
//! that it is their move, and how much the review thinks. The command line decides it from the preferences; a served
//! session from its player's.

use super::alert::{Alerts, Notifier};
use super::look::Look;

/// How the screens meet this player's terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    /// The palette and the characters.
    pub look: Look,
    /// The bell, and a desktop notification when the terminal is in the background,
    /// when the other side's move makes it the player's.
    pub alerts: Alerts,
    /// The review's budget per position (the deep review's is
    /// [`crate::review::DEEP_FACTOR`] times that): the player's `review_nodes` or
    /// `review_think_ms`.
    pub review: crate::review::ReviewBudget,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            look: Look::DEFAULT,
            alerts: Alerts {
                bell: true,
                notify: true,
                notifier: Notifier::Osc9,
                tmux: false,
            },
            review: crate::review::ReviewBudget::DEFAULT,
        }
    }
}
