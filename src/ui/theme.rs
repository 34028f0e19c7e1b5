//! Colours and text styles, chosen once so that every widget agrees.
//!
//! Colour is a parameter (never read from the environment inside a widget), so
//! snapshot tests render the same everywhere and `NO_COLOR` is honoured in one place.
//! Only the 16 ANSI colours are used, so the board reads on dark and light terminals;
//! every cue that colour gives is also given by a glyph, a line style or a modifier.

use ratatui::style::{Color, Modifier, Style};

use crate::rules::Player;

/// How to paint the screen: with the 16 ANSI colours, or with modifiers only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// Whether colours may be used at all.
    pub color: bool,
}

impl Theme {
    /// With colours.
    pub const COLOR: Theme = Theme { color: true };
    /// Without any colour (`NO_COLOR`): bold, reverse and glyphs only.
    pub const PLAIN: Theme = Theme { color: false };

    /// The theme the environment asks for: no colour when `NO_COLOR` is set and not empty.
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        if no_color { Theme::PLAIN } else { Theme::COLOR }
    }

    fn fg(self, color: Color) -> Style {
        if self.color {
            Style::new().fg(color)
        } else {
            Style::new()
        }
    }

    /// The letter a player's stone shows, so the board reads without colour.
    pub(crate) const fn glyph(player: Player) -> char {
        match player {
            Player::Blue => 'B',
            Player::Yellow => 'Y',
        }
    }

    /// A player's stone. Without colour, Blue is reversed and Yellow is not.
    pub(crate) fn stone(self, player: Player) -> Style {
        let base = Style::new().add_modifier(Modifier::BOLD);
        match (self.color, player) {
            (true, Player::Blue) => base.fg(Color::White).bg(Color::Blue),
            (true, Player::Yellow) => base.fg(Color::Black).bg(Color::Yellow),
            (false, Player::Blue) => base.add_modifier(Modifier::REVERSED),
            (false, Player::Yellow) => base,
        }
    }

    /// A stone of a combination just completed: the stone style, inverted.
    pub(crate) fn combo_stone(self, player: Player) -> Style {
        let style = self.stone(player);
        if style.add_modifier.contains(Modifier::REVERSED) {
            style
                .remove_modifier(Modifier::REVERSED)
                .add_modifier(Modifier::UNDERLINED)
        } else {
            style.add_modifier(Modifier::REVERSED)
        }
    }

    /// The number of an empty section.
    pub(crate) fn empty_section(self) -> Style {
        if self.color {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }

    /// Grid lines.
    pub(crate) fn grid(self) -> Style {
        Style::new()
    }

    /// The border of the square under the cursor (also drawn with heavy lines).
    pub(crate) fn cursor(self) -> Style {
        self.fg(Color::LightMagenta).add_modifier(Modifier::BOLD)
    }

    /// The border of the hinted square (also drawn with double lines).
    pub(crate) fn hint(self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::BOLD)
    }

    /// A player's name or score in text.
    pub(crate) fn player(self, player: Player) -> Style {
        let color = match player {
            Player::Blue => Color::Blue,
            Player::Yellow => Color::Yellow,
        };
        self.fg(color).add_modifier(Modifier::BOLD)
    }

    /// The filled part of a player's score gauge.
    pub(crate) fn gauge(self, player: Player) -> Style {
        let color = match player {
            Player::Blue => Color::Blue,
            Player::Yellow => Color::Yellow,
        };
        self.fg(color)
    }

    /// Labels, hints and other secondary text.
    pub(crate) fn dim(self) -> Style {
        if self.color {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }

    /// Emphasis (turn marker, titles).
    pub(crate) fn strong(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// A refused move or another error.
    pub(crate) fn error(self) -> Style {
        self.fg(Color::LightRed).add_modifier(Modifier::BOLD)
    }

    /// A question waiting for `y`/`n`, or the game-over banner.
    pub(crate) fn banner(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED)
    }
}
