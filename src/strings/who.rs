//! Who a line speaks of: its reader in the second person, or a player by name. Its own
//! file, under both `table` and `describe`, which each use it.

/// Who a table's words speak of (s35): the player who reads them, in the second
/// person (`You played a4`, `Your move`, `You win`), or a player by name (`bob played
/// a4`, `bob to move`, `bob wins`; a watcher reads both so).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Who<'a> {
    /// The player this screen is played by.
    You,
    /// Another player, by name (or a colour where there is none).
    Named(&'a str),
}

impl<'a> Who<'a> {
    /// Both seats by name (a watcher's, a record's), by [`crate::rules::Player::index`].
    pub(crate) fn both(names: &'a [String; 2]) -> [Who<'a>; 2] {
        [Who::Named(&names[0]), Who::Named(&names[1])]
    }

    /// After a colon or a verb: `you`, `bob`.
    pub(crate) fn object(self) -> &'a str {
        match self {
            Who::You => "you",
            Who::Named(name) => name,
        }
    }

    /// Whose stone, first in a line: `Your a4`, `bob's a4`.
    pub(crate) fn whose(self, square: impl std::fmt::Display) -> String {
        match self {
            Who::You => format!("Your {square}"),
            Who::Named(name) => format!("{name}'s {square}"),
        }
    }

    /// Whose stone, within a line: `your a4`, `bob's a4`.
    pub(crate) fn whose_within(self, square: impl std::fmt::Display) -> String {
        match self {
            Who::You => format!("your {square}"),
            Who::Named(name) => format!("{name}'s {square}"),
        }
    }

    /// `verb` in the present, its third person `verbs`: `You win`, `bob wins`.
    pub(crate) fn does(self, verb: &str, verbs: &str) -> String {
        match self {
            Who::You => format!("You {verb}"),
            Who::Named(name) => format!("{name} {verbs}"),
        }
    }

    /// The winner: `You win`, `bob wins`.
    pub(crate) fn wins(self) -> String {
        self.does("win", "wins")
    }

    /// [`Who::wins`] within a line: `you win`, `bob wins`.
    pub(crate) fn wins_within(self) -> String {
        self.does_within("win", "wins")
    }

    /// [`Who::does`] within a line, after a colon: `you lead`, `bob leads` (s36: the
    /// line mode said `Game over: You win` and `Board full: You lead`).
    pub(crate) fn does_within(self, verb: &str, verbs: &str) -> String {
        match self {
            Who::You => format!("you {verb}"),
            Who::Named(name) => format!("{name} {verbs}"),
        }
    }
}

/// The subject of a verb in the past or with `may`: `You played`, `bob played`.
impl std::fmt::Display for Who<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Who::You => f.write_str("You"),
            Who::Named(name) => f.write_str(name),
        }
    }
}
