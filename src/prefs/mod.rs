//! The player's preferences: the defaults a player would otherwise type every time
//! (level, the side against the AI, the start screen's names, thinking time, the review's thinking time, clock, variant, claims, palette, plain mode, bell,
//! notifications, save folder), read from `hijara/config.toml` in the XDG config
//! folder, and where each value in force came from.
//!
//! - [`Prefs`]: the values, plain data (a server can keep one per player's key).
//! - [`file`](mod@file): the file read: every key checked alone, so a bad one is named with its
//!   line and falls back to its default while the others still count.
//! - [`palette`]: the palettes' names, and the guesses made when none is chosen
//!   (`COLORFGBG`, a locale that is not UTF-8).
//! - [`background`]: the terminal's answer to the OSC 11 query (its background
//!   colour), and the palette it suggests.
//!
//! Flags beat the file; the command line applies them ([`Settings::set`]).

pub mod background;
pub mod file;
pub mod palette;

use std::path::PathBuf;

use crate::ai::Level;
use crate::record::TimeControl;
use crate::rules::Ruleset;

pub use file::{CONFIG_ENV, ConfigFile, PrefError, config_path, read};
pub use palette::{
    Palette, colorfgbg_names_a_background, guess_from_colorfgbg, guess_from_term, locale_is_utf8,
};

/// The side the person takes in a game against the AI the start screen opens (`s`
/// turns it: Blue, Yellow, random; the config file's `side` keeps it for the next
/// start). Random is drawn by the program as the game starts, not by the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AiSide {
    /// Blue, who moves first.
    #[default]
    Blue,
    /// Yellow: the AI moves first.
    Yellow,
    /// Blue or Yellow, drawn as the game starts.
    Random,
}

impl AiSide {
    /// Every side, in the order `s` turns them.
    pub const ALL: [AiSide; 3] = [AiSide::Blue, AiSide::Yellow, AiSide::Random];

    /// Its value in the config file: `blue`, `yellow`, `random`.
    pub fn token(self) -> &'static str {
        match self {
            AiSide::Blue => "blue",
            AiSide::Yellow => "yellow",
            AiSide::Random => "random",
        }
    }

    /// The side whose [`AiSide::token`] is `token`.
    pub fn from_token(token: &str) -> Option<AiSide> {
        AiSide::ALL.into_iter().find(|side| side.token() == token)
    }
}

/// The widest name a player may type on the start screen or keep in the config
/// file, in display columns: a club's name (`server::names::MAX_NAME_COLUMNS`),
/// which the ladders and the status line fit.
pub const NAME_COLUMNS: usize = 16;

/// The preferences in force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prefs {
    /// The AI level `hijara play --ai` plays without a level.
    pub level: Level,
    /// The side the start screen's games against the AI give the person.
    pub side: AiSide,
    /// The names last typed on the start screen (`n`), by colour (`blue_name`,
    /// `yellow_name`): the hot-seat players', and against the AI the person's (the
    /// name of the colour they play, else the other). `None`: the colour. Each has
    /// passed [`crate::text::is_name`] with [`NAME_COLUMNS`].
    pub names: [Option<String>; 2],
    /// The hard AI's thinking time per move; `None` for hard's own
    /// ([`crate::ai::HARD_THINK_MS`]). The other levels think a fixed amount.
    pub think_ms: Option<u64>,
    /// The review's thinking time per position on the screens (`a` in a replay, `r`
    /// after a game; the deep review thinks [`crate::review::DEEP_FACTOR`] times as
    /// long); `None` for [`crate::review::REVIEW_THINK_MS`]. A slow machine's player
    /// may want less.
    pub review_think_ms: Option<u64>,
    /// The review's budget per position in search nodes instead of time (it beats
    /// `review_think_ms`): the same values on any machine and at any load.
    pub review_nodes: Option<u64>,
    /// The clocks of a new game; `None` for none.
    pub clock: Option<TimeControl>,
    /// The rules of a new game.
    pub variant: Ruleset,
    /// Whether new games are played with claims.
    pub claims: bool,
    /// The palette chosen; `None` when none is (the environment may suggest one).
    pub palette: Option<Palette>,
    /// Whether the board is drawn in ASCII; `None` lets the locale decide.
    pub ascii: Option<bool>,
    /// The line mode (for screen readers) instead of the full screen.
    pub plain: bool,
    /// The bell when it becomes the player's move.
    pub bell: bool,
    /// A desktop notification too, when the terminal is known to be in the background.
    pub notify: bool,
    /// Where `s` saves records; `None` for the current folder.
    pub save_dir: Option<PathBuf>,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            level: Level::Hard,
            side: AiSide::Blue,
            names: [None, None],
            think_ms: None,
            review_think_ms: None,
            review_nodes: None,
            clock: None,
            variant: Ruleset::Standard,
            claims: false,
            palette: None,
            ascii: None,
            plain: false,
            bell: true,
            notify: true,
            save_dir: None,
        }
    }
}

/// A key of the config file, in the order `hijara config` lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    /// `level`.
    Level,
    /// `side`.
    Side,
    /// `blue_name`.
    BlueName,
    /// `yellow_name`.
    YellowName,
    /// `think_ms`.
    ThinkMs,
    /// `review_think_ms`.
    ReviewThinkMs,
    /// `review_nodes`.
    ReviewNodes,
    /// `clock`.
    Clock,
    /// `variant`.
    Variant,
    /// `claims`.
    Claims,
    /// `palette`.
    Palette,
    /// `ascii`.
    Ascii,
    /// `plain`.
    Plain,
    /// `bell`.
    Bell,
    /// `notify`.
    Notify,
    /// `save_dir`.
    SaveDir,
}

impl Key {
    /// Every key, in the file's order.
    pub const ALL: [Key; 16] = [
        Key::Level,
        Key::Side,
        Key::BlueName,
        Key::YellowName,
        Key::ThinkMs,
        Key::ReviewThinkMs,
        Key::ReviewNodes,
        Key::Clock,
        Key::Variant,
        Key::Claims,
        Key::Palette,
        Key::Ascii,
        Key::Plain,
        Key::Bell,
        Key::Notify,
        Key::SaveDir,
    ];

    /// Its name in the file.
    pub fn name(self) -> &'static str {
        match self {
            Key::Level => "level",
            Key::Side => "side",
            Key::BlueName => "blue_name",
            Key::YellowName => "yellow_name",
            Key::ThinkMs => "think_ms",
            Key::ReviewThinkMs => "review_think_ms",
            Key::ReviewNodes => "review_nodes",
            Key::Clock => "clock",
            Key::Variant => "variant",
            Key::Claims => "claims",
            Key::Palette => "palette",
            Key::Ascii => "ascii",
            Key::Plain => "plain",
            Key::Bell => "bell",
            Key::Notify => "notify",
            Key::SaveDir => "save_dir",
        }
    }

    /// The key named `name`, if any.
    pub fn named(name: &str) -> Option<Key> {
        Key::ALL.into_iter().find(|k| k.name() == name)
    }

    fn index(self) -> usize {
        Key::ALL.iter().position(|k| *k == self).unwrap_or(0)
    }
}

/// Where a value in force came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Nothing set it: the default.
    Default,
    /// The config file, at this line (from 1).
    File(usize),
    /// A flag on the command line (`--palette`).
    Flag(&'static str),
    /// An environment variable and its value (`NO_COLOR`, `COLORFGBG=0;15`, `LANG=C`).
    Environment(String),
}

/// The preferences in force and where each came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// The values.
    pub prefs: Prefs,
    sources: [Source; Key::ALL.len()],
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            prefs: Prefs::default(),
            sources: std::array::from_fn(|_| Source::Default),
        }
    }
}

impl Settings {
    /// Where `key`'s value came from.
    pub fn source(&self, key: Key) -> &Source {
        &self.sources[key.index()]
    }

    /// Records that `key`'s value (already set in [`Settings::prefs`]) came from `source`.
    pub fn set(&mut self, key: Key, source: Source) {
        self.sources[key.index()] = source;
    }
}
