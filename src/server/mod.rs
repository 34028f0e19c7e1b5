//! `hijara serve`: the game over SSH, for anyone with an ssh client.
//!
//! - `host_key`: the server's ed25519 key, made once and kept in the data folder.
//! - `outside`: the one gate for a stranger's text, and the checks on display names.
//! - `names`: who is who, a name bound to the first key that used it (trust on first use).
//!   `who`: a player (a key and a name) and the server's AI's seat.
//! - `input`: the bytes a client types, parsed into terminal events.
//! - `backend`: a ratatui backend that draws into an SSH channel.
//! - `table`: one table, its state and every change of it; `talk`: what its players
//!   asked and said, and invitation codes; `chat`: the players' messages.
//! - `hall`: what the sessions share (the tables, who is here, what each session
//!   shows); `shared`: the hall behind its lock, its keeps carried to the store after
//!   the lock is released; `grace`: the timer for players away; `listing`: the lobby's
//!   rows.
//! - `store`: the games on disk (its one writer; the operator's changes reach it
//!   over the admin socket while the server runs); `game_record`: a server game's `.hij` record and the
//!   history as the lobby shows it; `prefs`: each player's switches.
//! - `lobby`: the lobby screen of one session. `session`: one connection's screens,
//!   on a thread of its own, the lobby and its games on the game's one event loop.
//! - `link`: a screen's link to its table.
//! - `handler`: the SSH side: authentication (keys, guests, bans), what a connection
//!   may ask, the login grace time, and the stop at SIGTERM.
//! - `gate`: who may come in: the rate of new connections per address, the caps on
//!   connections waiting to log in (with random early drop) and on sessions.
//! - `door`: a connection's door, to close it (or cut its socket) from outside.
//! - `bans`: the operator's bans file. `log`: the server's log of who connected.
//!   `last_run`: the marker saying whether the last run stopped cleanly.
//!   `operator`: the operator's commands on the store (names, release, forget, colours,
//!   export, backup).
//! - `rate`: the cap on a client's input rate. `pool`: the AI's bounded engine pool.
//!
//! Nothing here is process-wide: the server's state is a `handler::Server` value
//! handed to every connection.

mod ask;
mod backend;
mod bans;
mod chat;
mod club;
mod corr;
#[cfg(test)]
mod corr_tests;
mod corr_timer;
mod door;
mod game_record;
mod gate;
mod grace;
mod hall;
mod handler;
mod host_key;
mod last_run;
mod link;
mod listing;
mod lobby;
mod log;
mod names;
mod oneshot;
pub mod operator;
mod options;
mod outside;
mod pool;
mod prefs;
mod rate;
mod rekeys;
mod reviewer;
#[cfg(any(test, feature = "tools"))]
#[doc(hidden)]
pub mod scale;
#[cfg(test)]
mod screen_sweep;
mod session;
mod shared;
mod standings;
mod store;
mod table;
mod talk;
mod wall;
mod who;

use std::time::Duration;

use anyhow::Context;

pub use crate::ui::InputParser;
pub use bans::BANS_FILE;
pub use gate::{
    DEFAULT_STARTUPS, MAX_RATE_OPTION, MAX_SESSIONS, MAX_STARTUPS, Startups, StartupsError,
};
pub use hall::{
    DEFAULT_GRACE, DEFAULT_MAX_AI_GAMES, DEFAULT_MAX_OPEN_CORR, MAX_AI_GAMES_CEILING,
    MAX_OPEN_CORR_CEILING,
};
pub use host_key::{HOST_KEY_FILE, fingerprint_of, load_or_create_host_key};
pub use last_run::RUN_FILE;
pub use log::LOG_FILE;
pub use names::{NAMES_FILE, NameError, check_name, normal_name};
pub use options::{
    MAX_CLUB_NAME_COLUMNS, MAX_MOTD_BYTES, ServeOptions, club_name, listen_address, read_motd,
};
pub use outside::safe_text;
pub use pool::MAX_AI_ENGINES;
pub use store::DB_FILE;

/// The address `hijara serve` listens on unless told otherwise: loopback only.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:2222";

/// How long a refused login waits before the client hears it, the same for every
/// refusal (russh's `auth_rejection_time`), so its timing does not tell a bound name
/// or a banned key from an unknown one. 1 s is russh's default, kept; OpenSSH's habit
/// is shorter (sshd pads each failed try to a constant of its own per user, 5 to 9.2
/// ms: auth2.c's `user_specific_delay`), and PAM adds its `FAIL_DELAY` to passwords,
/// which this server has none of. Only the tests start a server with less
/// ([`ServeOptions::auth_rejection`]).
pub const DEFAULT_AUTH_REJECTION: Duration = Duration::from_secs(1);

/// A lobby left alone this long is closed, unless told otherwise.
pub const DEFAULT_IDLE_TIMEOUT: Duration = Duration::from_secs(30 * 60);

/// A client that reads none of its screen for this long is dropped, unless told otherwise.
pub const DEFAULT_WRITE_TIMEOUT: Duration = Duration::from_secs(30);

/// A connection that has not logged in this long after it was accepted is closed,
/// unless told otherwise: half of OpenSSH's `LoginGraceTime` (120 s), still ample for
/// checking a host key's fingerprint and typing a key's passphrase.
pub const DEFAULT_LOGIN_GRACE: Duration = Duration::from_secs(60);

/// The longest a time option of `hijara serve` takes (`--login-grace`, `--idle-timeout`,
/// `--write-timeout`, `--reconnect-grace`): a year. Each becomes a deadline `now + it`,
/// which panicked past the clock's range (`--login-grace 18446744073709551615` ended
/// every connection with a panic, `--idle-timeout` so every session: QA s31).
pub const MAX_TIME_OPTION: Duration = Duration::from_secs(365 * 24 * 60 * 60);

/// Connections one address may have waiting to log in at once (OpenSSH's
/// `PerSourceMaxStartups`), unless told otherwise.
pub const DEFAULT_STARTUPS_PER_ADDRESS: usize = 4;

/// New connections one address may open at once, unless told otherwise...
pub const DEFAULT_CONNECT_BURST: u32 = 10;
/// ...and per minute after that.
pub const DEFAULT_CONNECT_PER_MINUTE: u32 = 30;

/// New names one address may bind to keys an hour (and at once), unless told
/// otherwise: every new key binds its name for good, and keys cost nothing.
pub const DEFAULT_NEW_NAMES_PER_HOUR: u32 = 10;

/// The AI's engines for a machine with `cores` cores: one fewer, at least one, so a
/// core is left for the sessions' frames.
pub fn default_ai_engines(cores: usize) -> usize {
    pool::default_size(cores)
}

/// Runs the server until SIGTERM, SIGINT or SIGHUP (or until it fails); prints the address and
/// the host key's fingerprint first, so players can check it. At the signal every
/// client is told and its screen restored, and this returns `Ok`.
pub fn serve(options: ServeOptions) -> anyhow::Result<()> {
    // create_dir_all said only "File exists" of a file in the folder's place.
    if options.data_dir.exists() && !options.data_dir.is_dir() {
        anyhow::bail!(
            "the data folder {} is not a folder (a file is there)",
            options.data_dir.display()
        );
    }
    std::fs::create_dir_all(&options.data_dir).with_context(|| {
        format!(
            "cannot create the data folder {}",
            options.data_dir.display()
        )
    })?;
    let key = load_or_create_host_key(&options.data_dir)?;
    return_big_blocks();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("hijara-serve")
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    let stop = stop_signal()?;
    let result = runtime.block_on(handler::listen(options, key, async move {
        let _ = stop.await;
    }));
    // Sessions that did not end in time are left to the process's exit.
    runtime.shutdown_timeout(Duration::from_secs(1));
    result
}

/// Makes glibc give every block of 1 MiB or more back to the system when it is freed.
/// Its mmap threshold otherwise rises after the first such free, and an AI worker
/// thread's arena may then keep hard's last table (32 MiB): the pool is to bound the
/// AI's memory between searches too.
fn return_big_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt takes two integers and changes only the allocator's settings; it
    // is called before the server starts its threads.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1024 * 1024);
    }
}

/// Resolves at the first SIGTERM, SIGINT or SIGHUP, caught on a thread of its own.
/// SIGHUP (the operator's terminal closed) is a stop like the others: uncaught, it
/// ended the process at once, leaving every client's screen in the game's alternate
/// screen with no goodbye, the clocks' thinking unsaved and the log with no last line.
#[cfg(unix)]
fn stop_signal() -> anyhow::Result<tokio::sync::oneshot::Receiver<()>> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGHUP])
        .context("cannot catch SIGTERM")?;
    let (tell, told) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("hijara-signals".into())
        .spawn(move || {
            if signals.forever().next().is_some() {
                let _ = tell.send(());
            }
        })
        .context("cannot start the signal thread")?;
    Ok(told)
}

/// Never resolves: no signals to catch here (the process ends as it always did).
#[cfg(not(unix))]
fn stop_signal() -> anyhow::Result<tokio::sync::oneshot::Receiver<()>> {
    let (tell, told) = tokio::sync::oneshot::channel();
    std::mem::forget(tell);
    Ok(told)
}
