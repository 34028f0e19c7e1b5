//! `hijara serve`: the game over SSH, for anyone with an ssh client.
//!
//! - `host_key`: the server's ed25519 key, made once and kept in the data folder.
//! - `outside`: the one gate for a stranger's text, and the checks on display names.
//! - `names`: who is who, a name bound to the first key that used it (trust on first use).
//! - `input`: the bytes a client types, parsed into terminal events.
//! - `backend`: a ratatui backend that draws into an SSH channel.
//! - `tables`: the lobby's tables and their games, shared state owned by the server.
//! - `lobby`: the lobby screen of one session. `session`: one connection's screens,
//!   on a thread of its own, the lobby and its games on the game's one event loop.
//! - `link`: a screen's link to its table; `talk`: undo by request, resign, rematch,
//!   invitation codes; `chat`: the players' messages; `prefs`: each player's switches.
//! - `handler`: the SSH side: authentication, what a connection may ask, and the caps.
//!
//! Nothing here is process-wide: the server's state is a [`handler::Server`] value
//! handed to every connection.

mod backend;
mod chat;
mod handler;
mod host_key;
mod input;
mod link;
mod lobby;
mod names;
mod outside;
mod prefs;
mod session;
mod tables;
mod talk;

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::Context;

pub use host_key::{HOST_KEY_FILE, fingerprint_of, load_or_create_host_key};
pub use input::InputParser;
pub use names::{NAMES_FILE, NameError, check_name};
pub use outside::shown;

/// The address `hijara serve` listens on unless told otherwise: loopback only.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:2222";

/// How a server is set up.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// The address to listen on.
    pub listen: SocketAddr,
    /// Where the host key and the names are kept.
    pub data_dir: PathBuf,
    /// The most connections at once, in all.
    pub max_sessions: usize,
    /// The most connections at once from one source address.
    pub max_per_address: usize,
}

/// Runs the server until it fails or the process ends; prints the address and the
/// host key's fingerprint first, so players can check it.
pub fn serve(options: ServeOptions) -> anyhow::Result<()> {
    std::fs::create_dir_all(&options.data_dir).with_context(|| {
        format!(
            "cannot create the data folder {}",
            options.data_dir.display()
        )
    })?;
    let key = load_or_create_host_key(&options.data_dir)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("hijara-serve")
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(handler::listen(options, key))
}
