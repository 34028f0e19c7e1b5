//! What each player switched (the palette, the ASCII board, the bell, notifications,
//! muted messages, the line mode), remembered by key
//! fingerprint in the store: comfort, not identity.

use crate::prefs::Palette;

/// The file that held the switches before the store, inside the data folder.
pub const PREFS_FILE: &str = "prefs.json";

/// One player's switches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pref {
    /// The palette the screens are drawn in ([`Palette::None`]: no colour).
    pub(crate) palette: Palette,
    /// The player chose [`Pref::palette`] (`c` in the lobby): kept whatever the
    /// terminal. A player who never chose has the default palette, or none on a
    /// monochrome terminal (as the local game guesses from `TERM`).
    pub(crate) palette_chosen: bool,
    /// The bell rings on "your move".
    pub(crate) bell: bool,
    /// The other player's messages are not shown.
    pub(crate) mute: bool,
    /// The line mode: one plain line per event, for screen readers (issue 28).
    pub(crate) plain: bool,
    /// The board drawn in ASCII, for fonts without box-drawing or block glyphs.
    pub(crate) ascii: bool,
    /// A desktop notification too on "your move", when the terminal says it is in
    /// the background (the bell is its own switch).
    pub(crate) notify: bool,
}

impl Pref {
    /// Whether "your move" is told at all: by the bell, or by a notification (the
    /// session's screen chooses which, by these switches and the terminal's focus).
    pub(crate) fn alerts(&self) -> bool {
        self.bell || self.notify
    }
}

/// What a screen says of a switch made: `said` of it when the store kept it; when
/// it could not (`Err`: the switch, in force for now, and why), that it is not
/// saved.
pub(crate) fn switch_said<S: AsRef<str>>(
    switched: Result<Pref, (Pref, String)>,
    said: impl FnOnce(Pref) -> S,
) -> String {
    match switched {
        Ok(pref) => said(pref).as_ref().to_owned(),
        Err((pref, error)) => crate::strings::serve::switch_not_saved(said(pref).as_ref(), &error),
    }
}

impl Default for Pref {
    fn default() -> Pref {
        Pref {
            palette: Palette::Default,
            palette_chosen: false,
            bell: true,
            mute: false,
            plain: false,
            ascii: false,
            notify: true,
        }
    }
}
