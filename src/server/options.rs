//! How a server is set up: the options `hijara serve` takes.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use super::gate::Startups;

/// How a server is set up.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// The address to listen on.
    pub listen: SocketAddr,
    /// Where the host key and the names are kept.
    pub data_dir: PathBuf,
    /// The most players (authenticated connections) at once, in all.
    pub max_sessions: usize,
    /// The most players at once from one source address.
    pub max_per_address: usize,
    /// How long a connection may take to log in.
    pub login_grace: Duration,
    /// The random early drop of connections waiting to log in.
    pub startups: Startups,
    /// The most connections waiting to log in from one address.
    pub startups_per_address: usize,
    /// New connections one address may open at once...
    pub connect_burst: u32,
    /// ...and per minute after that.
    pub connect_per_minute: u32,
    /// New names one address may bind to keys an hour (and at once).
    pub new_names_per_hour: u32,
    /// Whether keyless guests are let in (keyboard-interactive, no prompt).
    pub guests: bool,
    /// How long a lobby, a game watched, a correspondence game or a screen with nothing
    /// running may be left alone before the session is closed (a player in a live game
    /// in play never is); and how long the player to move at a live game without a
    /// clock may send nothing before the game is adjourned.
    pub idle_timeout: Duration,
    /// How long a client may leave its screen's output unread before it is dropped.
    pub write_timeout: Duration,
    /// The most correspondence tables open (nobody sat at them yet) on the server.
    pub max_open_corr: usize,
    /// The most unfinished games against the server's AI kept on the server.
    pub max_ai_games: usize,
    /// How many AI searches may run at once (each on one thread).
    pub ai_engines: usize,
    /// How long a dropped player's seat is kept for them.
    pub grace: Duration,
    /// The engine's thinking time per position in the reviews of finished games.
    pub review_think: Duration,
    /// For tests: the wall clock correspondence games run on, read from this file (a
    /// Unix time in seconds) instead of the system's.
    pub clock_file: Option<PathBuf>,
}
