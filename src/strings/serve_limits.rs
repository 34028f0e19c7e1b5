//! `hijara serve`'s limits and safety: guests, bans, the engine pool, shutdown, and
//! what a client turned away or closed by the server is told.

/// The status line while a server's AI waits for a free engine.
pub(crate) const WAITING_FOR_ENGINE: &str =
    "The AI waits for a free engine: its thinking time starts then";
/// Sent when a session ends by the player's choice (q in the lobby, Ctrl-c, the
/// lobby left idle), after the client's screen is restored.
pub(crate) const GOODBYE: &str = "Goodbye from hijara serve.\r\n";
/// Sent to every client when the server stops (SIGTERM), after its screen is restored,
/// where a game in play could not be written.
pub(crate) const SHUTDOWN: &str = "hijara serve is shutting down. Goodbye.\r\n";
/// [`SHUTDOWN`] once every game in play is on disk: said only then.
pub(crate) const SHUTDOWN_KEPT: &str =
    "hijara serve is shutting down; every game in play is kept. Goodbye.\r\n";

// A connection turned away at the door gets one line instead of the SSH version
// (RFC 4253 4.2 lets a server send lines before it); OpenSSH shows it with `ssh -v`.
/// Its address opened new connections too fast.
pub(crate) const REFUSED_TOO_FAST: &str =
    "hijara serve: too many new connections from your address; try again in a minute\r\n";
/// Too many connections wait to log in (the random early drop).
pub(crate) const REFUSED_BUSY: &str =
    "hijara serve: too many connections are logging in; try again in a moment\r\n";

/// The server's log: a session closed by the idle time-out (`--idle-timeout`).
pub(crate) fn idle_closed(seconds: u64) -> String {
    format!("closed: left alone for the idle time-out ({seconds} s)")
}
/// The server's log: a live game without a clock adjourned for its mover's idle
/// time-out (`--idle-timeout`); `mover` is the name as shown.
pub(crate) fn idle_adjourned(table: u32, mover: &str, seconds: u64) -> String {
    format!(
        "table {table} adjourned: {mover}, to move, sent nothing for the idle time-out ({seconds} s)"
    )
}

// The rest are SSH disconnect messages: OpenSSH prints them as
// "Received disconnect from HOST port PORT:CODE: TEXT".
/// No login within the login grace time.
pub(crate) fn grace_over(seconds: u64) -> String {
    format!("hijara serve: no login within {seconds} s")
}
/// Logged in, but no game or command ran for the login grace time.
pub(crate) fn unused(seconds: u64) -> String {
    format!("hijara serve: no game or command started within {seconds} s")
}
/// The connection asked for too many things the server refuses.
pub(crate) fn refusals(count: u32) -> String {
    format!("hijara serve: {count} requests refused on one connection")
}
/// The connection asked for too many channels.
pub(crate) fn channels(count: u32) -> String {
    format!("hijara serve: {count} channels asked for on one connection")
}
/// The connection sent more messages the game takes no part in (re-keys, ignored
/// messages, unknown requests) than the server reads.
pub(crate) fn unseen(kib: u64) -> String {
    format!("hijara serve: over {kib} KiB of messages that are no part of the game")
}
/// The connection asked for more key re-exchanges than the server makes: `burst` at
/// once, one more each `every` seconds.
pub(crate) fn rekeys(burst: u32, every: u64) -> String {
    format!("hijara serve: more than {burst} key re-exchanges, one each {every} s after")
}
/// A connection waiting to log in lost its place to a newer one.
pub(crate) const EVICTED: &str =
    "hijara serve: too many connections are logging in, and yours waited longest; try again";
/// The client read none of its screen for the write time-out.
pub(crate) fn stalled(seconds: u64) -> String {
    format!("hijara serve: your client read nothing for {seconds} s")
}
/// Authenticated, but the server has its most players.
pub(crate) const SERVER_FULL: &str = "hijara serve is full; try again later";
/// The log's why of a login [`SERVER_FULL`] turned away: `players` is the server's
/// cap (`--max-sessions`, which may be 1).
pub(crate) fn server_full_why(players: usize) -> String {
    format!(
        "the server is full ({})",
        super::count(players as u64, "player", "players")
    )
}
/// The log's why of a login [`ADDRESS_FULL`] turned away: `players` is the cap of one
/// address (`--max-per-address`, which may be 1).
pub(crate) fn address_full_why(players: usize) -> String {
    match players {
        1 => "1 player is in from this address".to_owned(),
        n => format!("{n} players are in from this address"),
    }
}
/// A guest asked for a name a guest connected now holds (or one that looks like it).
pub(crate) fn guest_name_in_use(name: &str) -> String {
    format!(
        "hijara serve: a guest connected now holds {name} or a name like it; connect with another name"
    )
}
/// Told to a key asking for a new name past its address's rate of new names.
pub(crate) const NEW_NAMES_FULL: &str = "hijara serve: too many new names from your address; log in with a name you have, or try in an hour";
/// Told to a login whose user name is refused for its own shape, `why` (the name
/// check's words, never the name itself): `hijara serve: the name is wider than 16
/// columns; connect as another user name`.
pub(crate) fn name_shape_refused(why: &str) -> String {
    format!("hijara serve: {why}; connect as another user name")
}
/// [`name_shape_refused`]'s why for a key's name that begins with the guests' mark.
pub(crate) const GUEST_MARK_OF_KEY: &str = "a name that begins with ~ is a guest's";
/// Authenticated, but the most players from one address are in.
pub(crate) const ADDRESS_FULL: &str =
    "hijara serve: too many players from your address; try again later";
