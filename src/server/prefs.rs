//! What each player switched (the palette, the bell, muted messages), remembered by key
//! fingerprint in the store: comfort, not identity.

use crate::prefs::Palette;

/// The file that held the switches before the store, inside the data folder.
pub const PREFS_FILE: &str = "prefs.json";

/// One player's switches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pref {
    /// The palette the screens are drawn in ([`Palette::None`]: no colour).
    pub(crate) palette: Palette,
    /// The bell rings on "your move".
    pub(crate) bell: bool,
    /// The other player's messages are not shown.
    pub(crate) mute: bool,
    /// The line mode: one plain line per event, for screen readers (issue 28).
    pub(crate) plain: bool,
}

impl Default for Pref {
    fn default() -> Pref {
        Pref {
            palette: Palette::Default,
            bell: true,
            mute: false,
            plain: false,
        }
    }
}
