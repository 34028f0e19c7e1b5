//! `hijara serve`: the game over SSH.

use std::net::SocketAddr;
use std::num::{NonZeroU64, NonZeroUsize};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::{Args, Subcommand};

use crate::server::{
    DEFAULT_GRACE, DEFAULT_LISTEN, ServeOptions, default_ai_engines, operator, serve,
};
use crate::session::data_dir;

/// Options of `hijara serve`.
#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// The address and port to listen on; loopback unless you choose otherwise
    /// (`--listen 0.0.0.0:2222` lets in other machines).
    #[arg(long, value_name = "ADDR:PORT", default_value = DEFAULT_LISTEN)]
    pub listen: SocketAddr,
    /// Where the host key and the players' names are kept [default: the data folder's
    /// `server/`].
    #[arg(long, value_name = "DIR", global = true)]
    pub data_dir: Option<PathBuf>,
    /// The most connections at once.
    #[arg(long, value_name = "N", default_value = "64")]
    pub max_sessions: NonZeroUsize,
    /// The most connections at once from one address.
    #[arg(long, value_name = "N", default_value = "8")]
    pub max_per_address: NonZeroUsize,
    /// Also let in keyless guests (shown with a ~ before their name; they can't take a
    /// name bound to a key, nor come back to a seat).
    #[arg(long)]
    pub guests: bool,
    /// Close a lobby left alone this many seconds.
    #[arg(long, value_name = "SECS", default_value = "1800")]
    pub idle_timeout: NonZeroU64,
    /// Drop a client that reads none of its screen for this many seconds.
    #[arg(long, value_name = "SECS", default_value = "30")]
    pub write_timeout: NonZeroU64,
    /// AI searches at once, one thread each [default: the cores less one, at least 1].
    #[arg(long, value_name = "N")]
    pub ai_engines: Option<NonZeroUsize>,
    /// How long a player whose link dropped keeps their seat, in seconds; after it,
    /// the other player may adjourn the game.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_GRACE.as_secs())]
    pub reconnect_grace: u64,
    /// For tests: correspondence games run on the wall clock read from FILE (a Unix
    /// time in seconds, rewritten to move time) instead of the system's.
    #[arg(long, value_name = "FILE", hide = true)]
    pub clock_file: Option<PathBuf>,
    /// An operator's command on the server's data (beside a running server too);
    /// without one, the server runs.
    #[command(subcommand)]
    pub command: Option<Operator>,
}

/// The operator's commands on a server's data folder (`--data-dir`).
#[derive(Debug, Clone, Subcommand)]
pub enum Operator {
    /// List the names bound to keys: name, key fingerprint, when it was bound.
    Names,
    /// Unbind a name: anyone may take it at their next login, and its key may bind
    /// another.
    Release {
        /// The name (either case).
        name: String,
    },
    /// Delete a player's profile: their ratings, rating history and standings (their
    /// games and names stay).
    Forget {
        /// The name (either case).
        name: String,
    },
    /// Write every finished game into DIR as a `.hij` record (`hijara games --dir DIR`
    /// lists them; `replay`, `score` and `analyze` read them).
    Export {
        /// The folder (made if missing); no file in it is written over.
        dir: PathBuf,
    },
    /// Copy the database into FILE with SQLite's online backup (a running server
    /// goes on); never over a file.
    Backup {
        /// The copy to make.
        file: PathBuf,
    },
}

pub(crate) fn run(args: ServeArgs) -> anyhow::Result<()> {
    let data_dir = match args.data_dir {
        Some(dir) => dir,
        None => data_dir()
            .map(|dir| dir.join("server"))
            .context("no data folder: give one with --data-dir")?,
    };
    if let Some(command) = args.command {
        let said = match command {
            Operator::Names => operator::names(&data_dir)?,
            Operator::Release { name } => operator::release(&data_dir, &name)?,
            Operator::Forget { name } => operator::forget(&data_dir, &name)?,
            Operator::Export { dir } => operator::export(&data_dir, &dir)?,
            Operator::Backup { file } => operator::backup(&data_dir, &file)?,
        };
        print!("{said}");
        return Ok(());
    }
    serve(ServeOptions {
        listen: args.listen,
        data_dir,
        max_sessions: args.max_sessions.get(),
        max_per_address: args.max_per_address.get(),
        guests: args.guests,
        idle_timeout: Duration::from_secs(args.idle_timeout.get()),
        write_timeout: Duration::from_secs(args.write_timeout.get()),
        ai_engines: args.ai_engines.map_or_else(
            || default_ai_engines(std::thread::available_parallelism().map_or(1, |n| n.get())),
            NonZeroUsize::get,
        ),
        grace: Duration::from_secs(args.reconnect_grace),
        clock_file: args.clock_file,
    })
}
