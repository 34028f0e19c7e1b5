//! `hijara serve`: the game over SSH.

use std::net::SocketAddr;
use std::num::NonZeroUsize;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use crate::server::{DEFAULT_GRACE, DEFAULT_LISTEN, ServeOptions, serve};
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
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// The most connections at once.
    #[arg(long, value_name = "N", default_value = "64")]
    pub max_sessions: NonZeroUsize,
    /// The most connections at once from one address.
    #[arg(long, value_name = "N", default_value = "8")]
    pub max_per_address: NonZeroUsize,
    /// How long a player whose link dropped keeps their seat, in seconds; after it,
    /// the other player may adjourn the game.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_GRACE.as_secs())]
    pub reconnect_grace: u64,
}

pub(crate) fn run(args: ServeArgs) -> anyhow::Result<()> {
    let data_dir = match args.data_dir {
        Some(dir) => dir,
        None => data_dir()
            .map(|dir| dir.join("server"))
            .context("no data folder: give one with --data-dir")?,
    };
    serve(ServeOptions {
        listen: args.listen,
        data_dir,
        max_sessions: args.max_sessions.get(),
        max_per_address: args.max_per_address.get(),
        grace: std::time::Duration::from_secs(args.reconnect_grace),
    })
}
