//! `hijara serve`: the game over SSH.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, bail};
use clap::{Args, Subcommand};

use super::number::{Named, capped, not_an_option, path_option, whole};
use crate::server::{
    DEFAULT_AUTH_REJECTION, DEFAULT_CONNECT_BURST, DEFAULT_CONNECT_PER_MINUTE, DEFAULT_GRACE,
    DEFAULT_LISTEN, DEFAULT_LOGIN_GRACE, DEFAULT_MAX_AI_GAMES, DEFAULT_MAX_OPEN_CORR,
    DEFAULT_NEW_NAMES_PER_HOUR, DEFAULT_STARTUPS, DEFAULT_STARTUPS_PER_ADDRESS, MAX_AI_ENGINES,
    MAX_AI_GAMES_CEILING, MAX_OPEN_CORR_CEILING, MAX_RATE_OPTION, MAX_SESSIONS, MAX_STARTUPS,
    MAX_TIME_OPTION, ServeOptions, Startups, club_name, default_ai_engines, listen_address,
    operator, read_motd, serve,
};
use crate::session::{data_dir, data_folder_problem};

/// Where `--max-sessions`' cap comes from ([`crate::server::MAX_SESSIONS`]).
const SESSION_WHY: &str = "a thread and a socket each";

/// Where the caps of the counts tied to the most players come from
/// ([`crate::server::MAX_STARTUPS`]).
const PLAYERS_WHY: &str = "as many as the players there can be";

/// Options of `hijara serve`.
#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// The address and port to listen on; loopback unless you choose otherwise
    /// (`--listen 0.0.0.0:2222` lets in other machines).
    #[arg(long, value_name = "ADDR:PORT", default_value = DEFAULT_LISTEN,
          allow_hyphen_values = true,
          value_parser = not_an_option(listen_address))]
    pub listen: SocketAddr,
    /// The server's folder: its host key, its database `hijara.db` (names, games,
    /// ratings), the bans file `bans.txt` you write, its log `server.log`, and
    /// `server.run`, whether its last run stopped cleanly
    /// [default: the data folder's `server/`].
    #[arg(long, value_name = "DIR", global = true, value_parser = path_option(Named::Folder),
          allow_hyphen_values = true)]
    pub data_dir: Option<PathBuf>,
    /// The most players (logged-in connections) at once.
    #[arg(long, value_name = "N", default_value = "64",
          allow_hyphen_values = true,
          value_parser = capped("a number of players", 1..=MAX_SESSIONS, SESSION_WHY))]
    pub max_sessions: usize,
    /// The most players at once from one address.
    #[arg(long, value_name = "N", default_value = "8",
          allow_hyphen_values = true,
          value_parser = capped("a number of players", 1..=MAX_SESSIONS, SESSION_WHY))]
    pub max_per_address: usize,
    /// Close a connection that has not logged in this many seconds after it came
    /// (OpenSSH's LoginGraceTime), or that, logged in, has run no game and no command
    /// for as long.
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_LOGIN_GRACE.as_secs(),
          allow_hyphen_values = true,
          value_parser = whole("seconds", 1..=MAX_TIME_OPTION.as_secs()))]
    pub login_grace: u64,
    /// Connections waiting to log in (OpenSSH's MaxStartups): past START, a new one from
    /// an address with one waiting already is refused with a chance of RATE%, rising
    /// to 100% at FULL; at FULL, one from another address takes the place of a waiting
    /// one (one that has not asked to log in, from the busiest address, the oldest).
    #[arg(long, value_name = "START:RATE:FULL", default_value_t = DEFAULT_STARTUPS,
          allow_hyphen_values = true,
          value_parser = not_an_option(<Startups as std::str::FromStr>::from_str))]
    pub max_startups: Startups,
    /// Connections waiting to log in from one address; past it, a new one takes the
    /// place of one of them (one that has not asked to log in, the oldest) (OpenSSH's
    /// PerSourceMaxStartups).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_STARTUPS_PER_ADDRESS,
          allow_hyphen_values = true,
          value_parser = capped("a number of connections", 1..=MAX_STARTUPS, PLAYERS_WHY))]
    pub max_startups_per_address: usize,
    /// New connections one address may open at once.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_CONNECT_BURST,
          allow_hyphen_values = true,
          value_parser = capped("a number of connections", 1..=MAX_RATE_OPTION, PLAYERS_WHY))]
    pub connect_burst: u32,
    /// New connections one address may open a minute, after the burst.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_CONNECT_PER_MINUTE,
          allow_hyphen_values = true,
          value_parser = capped("a number of connections", 1..=MAX_RATE_OPTION, PLAYERS_WHY))]
    pub connect_per_minute: u32,
    /// New names one address may bind to keys an hour (and at once): every new key
    /// binds its name for good; a name already bound to the key is never counted.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NEW_NAMES_PER_HOUR,
          allow_hyphen_values = true,
          value_parser = capped("a number of names", 1..=MAX_RATE_OPTION, PLAYERS_WHY))]
    pub new_names_per_hour: u32,
    /// Also let in keyless guests (shown with a ~ before their name; they can't take a
    /// name bound to a key, nor come back to a seat).
    #[arg(long)]
    pub guests: bool,
    /// Close a session left alone this many seconds in the lobby, watching, at a
    /// correspondence game, or with nothing running (a finished game, a replay); never
    /// a player in a live game in play, but a live game without a clock whose player to
    /// move sent nothing this long is adjourned, both players back in their lobbies.
    #[arg(long, value_name = "SECS", default_value = "1800",
          allow_hyphen_values = true,
          value_parser = whole("seconds", 1..=MAX_TIME_OPTION.as_secs()))]
    pub idle_timeout: u64,
    /// Drop a client that reads none of its screen for this many seconds.
    #[arg(long, value_name = "SECS", default_value = "30",
          allow_hyphen_values = true,
          value_parser = whole("seconds", 1..=MAX_TIME_OPTION.as_secs()))]
    pub write_timeout: u64,
    /// The most correspondence tables open at once (nobody sat at them yet), in all;
    /// each player may have 5, each address 10.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_OPEN_CORR,
          allow_hyphen_values = true,
          value_parser = capped("a number of tables", 1..=MAX_OPEN_CORR_CEILING,
                                "5 for each of the most players there can be"))]
    pub max_open_corr: usize,
    /// The most unfinished games against the server's AI kept at once, in all; each
    /// player may have 10, each address 20.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_AI_GAMES,
          allow_hyphen_values = true,
          value_parser = capped("a number of games", 1..=MAX_AI_GAMES_CEILING,
                                "10 for each of the most players there can be"))]
    pub max_ai_games: usize,
    /// AI searches at once, one thread each [default: the cores less one, at least 1].
    #[arg(long, value_name = "N",
          allow_hyphen_values = true,
          value_parser = capped("a number of engines", 1..=MAX_AI_ENGINES,
                                "a thread and up to 32 MiB each"))]
    pub ai_engines: Option<usize>,
    /// How long a player whose link dropped keeps their seat, in seconds; after it,
    /// the other player may adjourn the game.
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_GRACE.as_secs(),
          allow_hyphen_values = true,
          value_parser = whole("seconds", 0..=MAX_TIME_OPTION.as_secs()))]
    pub reconnect_grace: u64,
    /// The engine's thinking time per position in the server's reviews of finished
    /// games, in milliseconds (the local review's by default).
    #[arg(long, value_name = "MS", default_value_t = crate::review::REVIEW_THINK_MS,
          allow_hyphen_values = true,
          value_parser = whole("milliseconds", 1..=60_000u64))]
    pub review_think_ms: u64,
    /// The club's name, on every lobby's title line (`NAME: the lobby`): at most 32
    /// columns, no control character.
    #[arg(long, value_name = "NAME", value_parser = club_name)]
    pub club_name: Option<String>,
    /// A message of the day in FILE (UTF-8, at most 512 bytes), the lobby's note as
    /// each player comes in; read at the start.
    #[arg(long, value_name = "FILE", value_parser = path_option(Named::File),
          allow_hyphen_values = true)]
    pub motd: Option<PathBuf>,
    /// For tests: correspondence games run on the wall clock read from FILE (a Unix
    /// time in seconds, rewritten to move time) instead of the system's.
    #[arg(long, value_name = "FILE", hide = true, value_parser = path_option(Named::File),
          allow_hyphen_values = true)]
    pub clock_file: Option<PathBuf>,
    /// For tests: a refused login waits MS milliseconds before the client hears it,
    /// not the real server's second (each refusal in the tests cost one). Hidden, at
    /// most a minute; 0 opens no brute force (no password; the tries an address makes
    /// are capped by the connections' rate), only the timing no longer hides whether a
    /// name is bound (docs/network.md, "Who gets in").
    #[arg(long, value_name = "MS", hide = true,
          default_value_t = DEFAULT_AUTH_REJECTION.as_millis() as u64,
          allow_hyphen_values = true,
          value_parser = whole("milliseconds", 0..=60_000u64))]
    pub auth_rejection_ms: u64,
    /// An operator's command on the server's data (beside a running server too);
    /// without one, the server runs.
    #[command(subcommand)]
    pub command: Option<Operator>,
}

/// A name `release` or `forget` takes: any word but an empty one, which names nobody
/// (qa48: `serve release ''` looked it up and said `no name  is bound at this server`,
/// exit 1).
fn bound_name(text: &str) -> Result<String, String> {
    if text.is_empty() {
        return Err(
            "an empty name: give a player's name (`hijara serve names` lists them)".to_owned(),
        );
    }
    Ok(text.to_owned())
}

/// The operator's commands on a server's data folder (`--data-dir`).
#[derive(Debug, Clone, Subcommand)]
pub enum Operator {
    /// List the names bound to keys: name, key fingerprint, when it was bound, last
    /// login.
    Names,
    /// Unbind a name: anyone may take it at their next login, and its key may bind
    /// another. A server running on the folder makes the change (its admin socket);
    /// with none, this command does, holding the folder's lock.
    Release {
        /// The name (either case).
        #[arg(value_parser = bound_name)]
        name: String,
    },
    /// Delete a player's profile: their ratings, rating history and standings (their
    /// games and names stay). Made as `release` is.
    Forget {
        /// The name (either case).
        #[arg(value_parser = bound_name)]
        name: String,
    },
    /// The colours of rated games: Blue's score against what the ratings expected,
    /// per ruleset and speed, with a 95% interval (whether a colour term is needed).
    Colours,
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
    /// Run SQLite's full integrity check on the database (a running server goes on:
    /// one read of a consistent snapshot, nothing written); exits non-zero when it
    /// fails. The server's start runs only the quick check.
    Check,
}

pub(crate) fn run(args: ServeArgs) -> anyhow::Result<()> {
    let data_dir = match args.data_dir {
        Some(dir) => dir,
        None => {
            let data = data_dir().context("no data folder: give one with --data-dir")?;
            // Said of the data folder itself: the server's `server/` inside a file
            // was "Not a directory (os error 20)", or "no server database".
            if let Some(problem) = data_folder_problem(&data) {
                bail!("no folder for the server: {problem} (or give one with --data-dir)");
            }
            data.join("server")
        }
    };
    if let Some(command) = args.command {
        let said = match command {
            Operator::Names => operator::names(&data_dir)?,
            Operator::Release { name } => operator::release(&data_dir, &name)?,
            Operator::Forget { name } => operator::forget(&data_dir, &name)?,
            Operator::Colours => operator::colours(&data_dir)?,
            Operator::Export { dir } => operator::export(&data_dir, &dir)?,
            Operator::Backup { file } => operator::backup(&data_dir, &file)?,
            Operator::Check => operator::check(&data_dir)?,
        };
        super::out::put(said)?;
        return Ok(());
    }
    // Read before the server starts: a bad file stops it, named, exit 1.
    let motd = args.motd.as_deref().map(read_motd).transpose()?;
    serve(ServeOptions {
        listen: args.listen,
        data_dir,
        max_sessions: args.max_sessions,
        max_per_address: args.max_per_address,
        login_grace: Duration::from_secs(args.login_grace),
        startups: args.max_startups,
        startups_per_address: args.max_startups_per_address,
        connect_burst: args.connect_burst,
        connect_per_minute: args.connect_per_minute,
        new_names_per_hour: args.new_names_per_hour,
        guests: args.guests,
        idle_timeout: Duration::from_secs(args.idle_timeout),
        write_timeout: Duration::from_secs(args.write_timeout),
        max_open_corr: args.max_open_corr,
        max_ai_games: args.max_ai_games,
        ai_engines: args.ai_engines.unwrap_or_else(|| {
            default_ai_engines(std::thread::available_parallelism().map_or(1, |n| n.get()))
        }),
        grace: Duration::from_secs(args.reconnect_grace),
        review_think: Duration::from_millis(args.review_think_ms),
        club_name: args.club_name,
        motd,
        auth_rejection: Duration::from_millis(args.auth_rejection_ms),
        clock_file: args.clock_file,
    })
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::super::Cli;
    use crate::server::MAX_TIME_OPTION;

    /// QA s39 (qa46): `hijara serve --help` named three of the four time options'
    /// value `SECS` and `--reconnect-grace`'s `SECONDS`. One name for one thing.
    #[test]
    fn the_four_time_options_name_their_value_alike() {
        let mut command = <Cli as clap::CommandFactory>::command();
        let serve = command.find_subcommand_mut("serve").unwrap();
        for id in [
            "login_grace",
            "idle_timeout",
            "write_timeout",
            "reconnect_grace",
        ] {
            let arg = serve.get_arguments().find(|a| a.get_id() == id).unwrap();
            let names: Vec<&str> = arg
                .get_value_names()
                .unwrap_or_default()
                .iter()
                .map(|n| n.as_str())
                .collect();
            assert_eq!(names, ["SECS"], "{id}");
        }
    }

    /// QA s31 (qa32): `--login-grace 18446744073709551615` was taken, and every
    /// connection then panicked adding it to the clock (`--idle-timeout` so every
    /// session). The time options take at most a year, which is a deadline.
    #[test]
    fn a_time_option_past_a_year_is_refused_and_a_year_is_a_deadline() {
        let year = MAX_TIME_OPTION.as_secs().to_string();
        let past = (MAX_TIME_OPTION.as_secs() + 1).to_string();
        for option in [
            "--login-grace",
            "--idle-timeout",
            "--write-timeout",
            "--reconnect-grace",
        ] {
            for too_long in [past.as_str(), "18446744073709551615"] {
                let parsed = Cli::try_parse_from(["hijara", "serve", option, too_long]);
                let error = parsed.expect_err(option).to_string();
                assert!(error.contains("to 31536000"), "{option}: {error}");
            }
            assert!(Cli::try_parse_from(["hijara", "serve", option, &year]).is_ok());
        }
        let _ = std::time::Instant::now() + MAX_TIME_OPTION;
        let _ = tokio::time::Instant::now() + MAX_TIME_OPTION;
    }

    /// QA s37 (qa42): `--data-dir`'s help said only "Where the host key and the
    /// players' names are kept": a new host read nowhere in `--help` that the games,
    /// the bans file they write and the log are there too.
    #[test]
    fn the_data_folder_s_help_names_what_a_host_finds_there() {
        let mut command = <Cli as clap::CommandFactory>::command();
        let help = command
            .find_subcommand_mut("serve")
            .unwrap()
            .render_long_help()
            .to_string();
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        for part in ["host key", "hijara.db", "bans.txt", "server.log"] {
            assert!(help.contains(part), "{part}: {help}");
        }
    }

    /// QA s37 (qa42): `--listen localhost:2222`, `--listen 127.0.0.1` (no port),
    /// `--listen 2222` (no address) and a port past 65535 were each told only `invalid
    /// socket address syntax`. Each says what is wrong and an address to give.
    #[test]
    fn a_listen_address_that_is_not_one_says_why_with_one_to_give() {
        let said = |value: &str| {
            let parsed = Cli::try_parse_from(["hijara", "serve", "--listen", value]);
            let error = parsed.expect_err(value).to_string();
            assert!(!error.contains("invalid socket address syntax"), "{error}");
            error
        };
        let error = said("localhost:2222");
        assert!(
            error.contains(
                "\"localhost\" is not an IP address (a host name is not looked up): give \
                 127.0.0.1:2222 (this machine only), 0.0.0.0:2222 (other machines too) or \
                 [::]:2222 (IPv6 too)"
            ),
            "{error}"
        );
        for no_port in ["127.0.0.1", "::1", "[::1]"] {
            let error = said(no_port);
            assert!(
                error.contains(&format!(
                    "no port in \"{no_port}\": give one after the address, as 127.0.0.1:2222"
                )),
                "{error}"
            );
        }
        let error = said("2222");
        assert!(
            error.contains("no address in \"2222\": give one before the port, as 127.0.0.1:2222 (this machine only) or 0.0.0.0:2222"),
            "{error}"
        );
        for bad_port in ["127.0.0.1:99999", "[::1]:x", "0.0.0.0:"] {
            let error = said(bad_port);
            assert!(error.contains("is not a number from 0 to 65535"), "{error}");
        }
        for good in ["127.0.0.1:2222", "0.0.0.0:0", "[::1]:2222"] {
            assert!(
                Cli::try_parse_from(["hijara", "serve", "--listen", good]).is_ok(),
                "{good}"
            );
        }
    }

    /// Brief s33 (srv38): a refused login's second (russh's, kept for the real
    /// server) cost a second in each test refusing one; the tests ask for less
    /// through the server's options, by a flag the help does not show.
    #[test]
    fn a_refused_login_waits_a_second_but_in_the_tests() {
        let wait = |args: &[&str]| {
            let cli = Cli::try_parse_from([&["hijara", "serve"], args].concat()).unwrap();
            match cli.command {
                Some(super::super::Command::Serve(args)) => args.auth_rejection_ms,
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(wait(&[]), 1000);
        assert_eq!(wait(&["--auth-rejection-ms", "0"]), 0);
        assert!(Cli::try_parse_from(["hijara", "serve", "--auth-rejection-ms", "60001"]).is_err());
        let mut command = <Cli as clap::CommandFactory>::command();
        let help = command
            .find_subcommand_mut("serve")
            .unwrap()
            .render_long_help()
            .to_string();
        assert!(!help.contains("auth-rejection"), "{help}");
    }
}
