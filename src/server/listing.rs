//! The lobby's list of tables: one row per table, built from the tables once per
//! change (not per lobby frame), shared by every lobby as an `Arc`, and filtered and
//! numbered for each player outside the lock.

use crate::record::TimeControl;
use crate::rules::{Player, Ruleset};
use crate::session::Clock;
use crate::strings::serve as serve_words;

use super::table::{GameTable, Presence, TableState};

/// How a table stands, as the lobby says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RowState {
    /// A seat is free.
    Open,
    /// The game goes on, both players there.
    Playing,
    /// The game goes on, a player away (their seat kept).
    Away,
    /// The game waits until both players are back.
    Adjourned,
    /// The game is over.
    Over,
    /// A player got up: the game stopped, or a finished table is closing.
    Left,
    /// A correspondence game in play (listed to its players, and to a member who
    /// asked after one of them with `f name` if it is public: not in the shared
    /// listing, as there may be thousands).
    Correspondence,
}

/// One table as the lobby lists it: the game as last committed, the state and seats
/// as they are, but an end or a leave not kept yet ([`GameTable::listed`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Row {
    /// The table's number at the server: the number it is listed with, the same for
    /// every player ([`super::lobby::number`]).
    pub(crate) id: u32,
    /// Each seat's name as shown (`-` for a free seat), by [`Player::index`].
    pub(crate) names: [String; 2],
    /// Each seat's key, to tell a player's own tables.
    pub(crate) keys: [Option<String>; 2],
    /// The variant.
    pub(crate) ruleset: Ruleset,
    /// Whether players claim their points.
    pub(crate) claims: bool,
    /// Moves played (committed).
    pub(crate) moves: usize,
    /// How many watch.
    pub(crate) spectators: usize,
    /// How it stands.
    pub(crate) state: RowState,
    /// Whether `key`'s seat is away (for "unfinished"), by [`Player::index`].
    pub(crate) away: [bool; 2],
    /// Whether each seat's player may claim the win now, by [`Player::index`]: the
    /// hall's answer of [`GameTable::claimable_by`] when it built the row (the other
    /// dropped out past the grace period and is off the server; not one who left the
    /// game for later). It changes with time and with who is on the server, so the
    /// hall builds the rows again when a grace period runs out or a seated player
    /// comes or goes ([`super::hall::Hall::listing`]).
    pub(crate) claim: [bool; 2],
    /// A private table's invitation code (shown to the players seated there only).
    pub(crate) code: Option<String>,
    /// Whether the game is rated.
    pub(crate) rated: bool,
    /// A correspondence table's days a move, and the colour to move once begun.
    pub(crate) corr: Option<(u8, Option<Player>)>,
    /// A live game's clock (`None`: none), so a player sees the pace before they sit.
    pub(crate) clock: Option<TimeControl>,
}

impl Row {
    /// The row of table `id`, whose seats may claim the win now as `claim` says.
    pub(crate) fn of(id: u32, table: &GameTable, claim: [bool; 2]) -> Row {
        let shown = table.committed();
        let (state, seats) = table.listed();
        let state = match state {
            TableState::Open => RowState::Open,
            TableState::Playing(p) if p.iter().all(|p| p.is_here()) => RowState::Playing,
            TableState::Playing(_) => RowState::Away,
            TableState::Adjourned(_) => RowState::Adjourned,
            TableState::Over => RowState::Over,
            TableState::Deserted => RowState::Left,
            TableState::Correspondence(_) => RowState::Correspondence,
        };
        Row {
            id,
            // A seat its player got up from, the game stopped (or over), names them
            // still: `-` is a seat free to take (docs/line-mode.md).
            names: Player::BOTH.map(|p| match &seats[p.index()] {
                Some(w) => w.display_name(),
                None => table
                    .left_by(p)
                    .filter(|_| state == RowState::Left)
                    .map_or_else(|| serve_words::EMPTY_SEAT.to_owned(), str::to_owned),
            }),
            keys: seats.clone().map(|w| w.map(|w| w.key)),
            ruleset: shown.game.ruleset(),
            claims: shown.game.claim_mode(),
            moves: shown.game.len(),
            spectators: table.spectators(),
            state,
            away: Player::BOTH.map(|p| table.presence(p) != Presence::Here),
            claim,
            code: table.code().map(str::to_owned),
            rated: table.rated(),
            corr: table.corr().map(|clock| {
                // A full board's last claim open is its claimer's to make (s40: the
                // row named the clock's mover, who had nothing to do).
                let to_move = clock
                    .since()
                    .map(|_| shown.last_claim_open().unwrap_or(shown.game.to_move()));
                (clock.days(), to_move)
            }),
            clock: table.course().clock().map(Clock::control),
        }
    }

    /// The colour `key` plays at this table, if they sit here.
    pub(crate) fn seat_of(&self, key: &str) -> Option<Player> {
        Player::BOTH
            .into_iter()
            .find(|p| self.keys[p.index()].as_deref() == Some(key))
    }

    /// Whether `key` sees this table in their lobby: public tables in play, and their
    /// own tables (private, or adjourned) too.
    pub(crate) fn seen_by(&self, key: &str) -> bool {
        let hidden = self.code.is_some()
            || matches!(self.state, RowState::Adjourned | RowState::Correspondence);
        !hidden || self.seat_of(key).is_some()
    }

    /// Whether `key` sits here across from a person (not the server's AI, not a free
    /// seat).
    pub(crate) fn against_a_person(&self, key: &str) -> bool {
        self.seat_of(key).is_some_and(|p| {
            self.keys[p.other().index()]
                .as_deref()
                .is_some_and(|k| !super::who::is_ai_key(k))
        })
    }

    /// Whether `key` may claim the win here (`w`) as the row was built: across from a
    /// person who dropped out (did not leave the game for later), past the grace
    /// period, and is off the server ([`Row::claim`]). The table checks it again.
    pub(crate) fn claimable_for(&self, key: &str) -> bool {
        self.against_a_person(key) && self.seat_of(key).is_some_and(|p| self.claim[p.index()])
    }

    /// Whether this is an unfinished game of `key`'s, waiting for them.
    pub(crate) fn unfinished_for(&self, key: &str) -> bool {
        self.seat_of(key).is_some_and(|p| {
            self.state == RowState::Adjourned
                || (self.state == RowState::Away && self.away[p.index()])
        })
    }
}

/// Every table's row, in the order of their numbers.
pub(crate) type Listing = Vec<Row>;

/// The rows `key` sees, in order of their numbers.
pub(crate) fn seen_by<'a>(rows: &'a [Row], key: &'a str) -> impl Iterator<Item = &'a Row> + 'a {
    rows.iter().filter(move |r| r.seen_by(key))
}
