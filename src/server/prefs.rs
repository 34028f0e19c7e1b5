//! What each player switched (colour, the bell, muted messages), remembered by key
//! fingerprint in the store: comfort, not identity.

use serde::{Deserialize, Serialize};

/// The file that held the switches before the store, inside the data folder.
pub const PREFS_FILE: &str = "prefs.json";

/// One player's switches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub(crate) struct Pref {
    /// Screens drawn in colour.
    pub(crate) colour: bool,
    /// The bell rings on "your move".
    pub(crate) bell: bool,
    /// The other player's messages are not shown.
    pub(crate) mute: bool,
}

impl Default for Pref {
    fn default() -> Pref {
        Pref {
            colour: true,
            bell: true,
            mute: false,
        }
    }
}
