//! The kill -9 loop for `hijara serve` (a tool, not a test): games of every kind are
//! played on the real server over loopback, with russh clients, and the server is
//! killed (SIGKILL, no shutdown) at a random moment while they play. After each kill
//! the database is read: every move a spectator's screen had shown must be in the game
//! kept at its table. Then the server starts again on the same folder (it must come up
//! with the game adjourned in the player's lobby) and the next round begins.
//!
//! A spectator sees a move only once it is on disk, as the opponent and the lobbies do
//! (the mover's own screen shows it at once): so the spectator's screen, frozen at the
//! kill, is what no restart may lose.
//!
//! ```sh
//! cargo build --release --bin hijara
//! nice -n 10 cargo run --release --features tools --example serve_kill -- --kills 56
//! ```
//!
//! Options: `--server PATH` (default `target/release/hijara`), `--kills N` (56: eight
//! of each kind), `--seed S` (the moments and the moves; default from the clock),
//! `--window MS` (the kill comes this long after play begins, at most; 1800: a round
//! plays its moves in about two seconds). Kinds, in
//! turn: a first game, a rematch (resigned, accepted, then played: the kill may land in
//! the change), a game against the server's random AI, the AI's next game after a
//! resignation, an adjourned game (one player dropped, the other adjourns while the
//! first plays on), a claims game, a game with clocks. Bounded: at most 200 kills and
//! 30 minutes.

#[path = "support/client.rs"]
mod client_support;
#[path = "support/server.rs"]
mod server_support;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Parser;
use clap::builder::TypedValueParser;
use hijara::rules::{Game, Square};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use russh::ChannelWriteHalf;
use russh::client::{self, Msg};

use client_support::{Screen, Trusting, log_in, open_shell, tcp_from};
use server_support::ServerProcess;

/// How long any one wait may take.
const PATIENCE: Duration = Duration::from_secs(20);
/// The most moves of one game played in a round: the spectator's move list shows them
/// all (it scrolls past about twenty).
const MOVES_SHOWN: usize = 18;
/// The most time between two moves (the pause is random, from none).
const PAUSE_MS: u64 = 120;
/// The whole loop's bound.
const DEADLINE: Duration = Duration::from_secs(30 * 60);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    First,
    Rematch,
    Ai,
    AiNext,
    Adjourned,
    Claims,
    Clocks,
}

const KINDS: [Kind; 7] = [
    Kind::First,
    Kind::Rematch,
    Kind::Ai,
    Kind::AiNext,
    Kind::Adjourned,
    Kind::Claims,
    Kind::Clocks,
];

/// The options (clap's `--help` lists them).
#[derive(Parser)]
#[command(
    about = "The kill -9 loop for `hijara serve`: games of every kind killed at random moments, every move a spectator saw checked in the store."
)]
struct Options {
    /// The `hijara` binary the server runs.
    #[arg(long, default_value = "target/release/hijara")]
    server: String,
    /// Kills, of the seven kinds in turn (at most 200).
    #[arg(long, default_value_t = 56,
          value_parser = clap::value_parser!(u8).range(1..=200).map(usize::from))]
    kills: usize,
    /// The seed of the moments and the moves [default: from the clock].
    #[arg(long)]
    seed: Option<u64>,
    /// The most milliseconds after play begins that the kill comes (a round plays
    /// its moves in about two seconds).
    #[arg(long = "window", value_name = "MS", default_value_t = 1800)]
    window_ms: u64,
}

impl Options {
    /// The seed given, or one from the clock (each call reads it).
    fn seed(&self) -> u64 {
        self.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
        })
    }

    /// The window in which the kill comes.
    fn window(&self) -> Duration {
        Duration::from_millis(self.window_ms)
    }
}

/// A client with an 80×24 screen read by vt100.
struct Client {
    handle: client::Handle<Trusting>,
    writer: ChannelWriteHalf<Msg>,
    screen: Screen,
}

impl Client {
    async fn join(addr: SocketAddr, name: &str, key: u64) -> anyhow::Result<Client> {
        let config = Arc::new(client::Config::default());
        let stream = tcp_from(addr, IpAddr::V4(Ipv4Addr::LOCALHOST)).await?;
        let mut handle =
            tokio::time::timeout(PATIENCE, client::connect_stream(config, stream, Trusting))
                .await
                .context("connecting")??;
        log_in(&mut handle, name, key).await?;
        let screen = Screen::new();
        let shown = screen.clone();
        let writer = open_shell(&handle, move |data| shown.process(data)).await?;
        Ok(Client {
            handle,
            writer,
            screen,
        })
    }

    fn text(&self) -> String {
        self.screen.text()
    }

    async fn wait_for(&self, text: &str) -> anyhow::Result<()> {
        let poll = Duration::from_millis(10);
        self.screen.wait_for(text, PATIENCE, poll).await?;
        Ok(())
    }

    async fn send(&self, bytes: &[u8]) -> anyhow::Result<()> {
        self.writer.data_bytes(bytes.to_vec()).await?;
        Ok(())
    }

    async fn drop_link(self) {
        let _ = self
            .handle
            .disconnect(russh::Disconnect::ByApplication, "", "")
            .await;
    }
}

/// The moves a screen's move list shows, in order (`" 7 B a4"` entries), while they
/// are numbered from 1 without a gap.
fn shown_moves(screen: &str) -> Vec<Square> {
    let mut found: Vec<(usize, Square)> = Vec::new();
    for line in screen.lines() {
        // A number of two digits touches the panel's border (`│10 B a2`).
        let words: Vec<&str> = line
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphanumeric()))
            .collect();
        for w in words.windows(3) {
            if let (Ok(n), "B" | "Y", Ok(square)) = (w[0].parse::<usize>(), w[1], w[2].parse()) {
                found.push((n, square));
            }
        }
    }
    found.sort_by_key(|(n, _)| *n);
    let mut moves = Vec::new();
    for (n, square) in found {
        if n == moves.len() + 1 {
            moves.push(square);
        }
    }
    moves
}

/// The server on the loop's folder: 600 s for a dropped player to come back, one AI
/// engine.
fn start_server(o: &Options, dir: &std::path::Path) -> anyhow::Result<(ServerProcess, SocketAddr)> {
    let args = ["--reconnect-grace", "600", "--ai-engines", "1"].map(String::from);
    server_support::start_server(&o.server, "127.0.0.1:0", dir, &args)
}

/// The moves of the game in play, and of the newest game that ended.
type Kept = (Option<Vec<Square>>, Option<Vec<Square>>);

/// The games the database keeps of the players named `names` (either colour): the
/// game in play at their table, if any, then the newest that ended. Read with the
/// server dead.
fn kept_games(dir: &std::path::Path, names: &[String; 2]) -> anyhow::Result<Kept> {
    let db = rusqlite::Connection::open(dir.join(hijara::server::DB_FILE))?;
    let ours = |text: &str| -> anyhow::Result<Option<Vec<Square>>> {
        let record: hijara::record::Record = text.parse()?;
        let named = |tag: &str| {
            record
                .tag(tag)
                .is_some_and(|n| names.iter().any(|m| m == n))
        };
        if named("Blue") && named("Yellow") {
            let game: Game = record.to_game()?;
            return Ok(Some(game.moves().collect()));
        }
        Ok(None)
    };
    let records = |sql: &str| -> anyhow::Result<Vec<String>> {
        let mut rows = db.prepare(sql)?;
        let found = rows
            .query_map([], |row| row.get(0))?
            .collect::<Result<_, _>>()?;
        Ok(found)
    };
    let mut live = None;
    for text in records("SELECT record FROM live WHERE playing = 1")? {
        if let Some(moves) = ours(&text)? {
            live = Some(moves);
        }
    }
    let mut ended = None;
    for text in records("SELECT record FROM finished ORDER BY id DESC")? {
        if let Some(moves) = ours(&text)? {
            ended = Some(moves);
            break;
        }
    }
    Ok((live, ended))
}

/// Whether the left (Blue) ladder names `name`: the table's game is the one where it
/// plays Blue. Only the ladder's own lines count (they begin with its border), not a
/// status line that names a player.
fn blue_is(screen: &str, name: &str) -> bool {
    screen.lines().any(|line| {
        let left: String = line.chars().take(11).collect();
        left.starts_with(['┃', '│']) && left.contains(name)
    })
}

/// How many finished games the history holds.
fn finished(dir: &std::path::Path) -> anyhow::Result<i64> {
    let db = rusqlite::Connection::open(dir.join(hijara::server::DB_FILE))?;
    Ok(db.query_row("SELECT count(*) FROM finished", [], |r| r.get(0))?)
}

/// One round's players: the one who plays Blue, the one who plays Yellow (none against
/// the AI, or once dropped), the spectator.
struct Round {
    blue: Client,
    yellow: Option<Client>,
    watcher: Client,
}

/// The number of the table listed with `row` in the lobby `screen` (its line's first
/// word), to type it.
fn table_number(screen: &str, row: &str) -> anyhow::Result<String> {
    screen
        .lines()
        .find(|line| line.contains(row))
        .and_then(|line| line.split_whitespace().next())
        .filter(|word| word.bytes().all(|b| b.is_ascii_digit()))
        .map(str::to_owned)
        .with_context(|| format!("no table {row:?} numbered on the screen:\n{screen}"))
}

/// Sets up a round of `kind` (numbered `n`): everyone at the table, nothing played.
async fn set_up(addr: SocketAddr, kind: Kind, n: usize) -> anyhow::Result<Round> {
    let (a, b, w) = (format!("r{n}a"), format!("r{n}b"), format!("r{n}w"));
    let key = |role: u64| (n as u64) * 4 + role;
    let blue = Client::join(addr, &a, key(0)).await?;
    blue.wait_for("q leave").await?;
    let ai = matches!(kind, Kind::Ai | Kind::AiNext);
    if ai {
        // The random AI (o cycles from medium: hard, a person, random).
        blue.send(b"aooo").await?;
        blue.wait_for("against the random AI").await?;
        blue.send(b"\r").await?;
        blue.wait_for("Your move").await?;
    } else {
        blue.send(b"n").await?;
        match kind {
            Kind::Claims => blue.send(b"k").await?,
            Kind::Clocks => blue.send(b"t").await?,
            _ => {}
        }
        blue.wait_for("Enter start").await?;
        blue.send(b"\r").await?;
        blue.wait_for("waiting for an opponent").await?;
    }
    let yellow = if ai {
        None
    } else {
        let yellow = Client::join(addr, &b, key(1)).await?;
        yellow.wait_for(&format!("{a} (Blue) v - (Yellow)")).await?;
        // A digit picks a table by its number, which goes on after a restart that
        // kept a game (round 1's table is 2 once round 0's game was kept).
        let table = table_number(&yellow.text(), &format!("{a} (Blue)"))?;
        yellow.send(table.as_bytes()).await?;
        // Each seat reads its own words: Blue `Your move`, Yellow Blue's name.
        blue.wait_for("Your move").await?;
        yellow.wait_for(&format!("{a} to move")).await?;
        Some(yellow)
    };
    let watcher = Client::join(addr, &w, key(2)).await?;
    watcher.wait_for(&format!("{a} (Blue)")).await?;
    let table = table_number(&watcher.text(), &format!("{a} (Blue)"))?;
    watcher.send(table.as_bytes()).await?;
    watcher.wait_for(&format!("{a} to move")).await?;
    Ok(Round {
        blue,
        yellow,
        watcher,
    })
}

/// Plays the round until the server dies: moves in turn (each waits until the
/// spectator shows it), with the round's own events (a resignation and a rematch or
/// the AI's next game, a player dropping and the other adjourning).
async fn play(round: &mut Round, kind: Kind, n: usize, rng: &mut SmallRng) -> anyhow::Result<()> {
    let mut game = Game::new();
    let watcher = &round.watcher;
    let mut moved = 0;
    // Against the AI: the colour it plays (the next game swaps it).
    let mut ai = matches!(kind, Kind::Ai | Kind::AiNext).then_some(hijara::rules::Player::Yellow);
    loop {
        if matches!(kind, Kind::Rematch | Kind::AiNext) && moved == 2 {
            // The first game ends; the next begins, colours swapped.
            let (resigner, other) = match &round.yellow {
                Some(yellow) => (yellow, Some(&round.blue)),
                None => (&round.blue, None),
            };
            resigner.send(b"R").await?;
            resigner.wait_for("Resign? ").await?;
            resigner.send(b"y").await?;
            watcher.wait_for(" wins: ").await?;
            let new_blue = match other {
                Some(blue) => {
                    blue.send(b"n").await?;
                    resigner.wait_for("offers a rematch").await?;
                    resigner.send(b"y").await?;
                    // The players swap colours: the table's Blue is now the old Yellow.
                    if let Some(yellow) = round.yellow.take() {
                        let blue = std::mem::replace(&mut round.blue, yellow);
                        round.yellow = Some(blue);
                    }
                    format!("r{n}b")
                }
                None => {
                    resigner.send(b"n").await?;
                    ai = Some(hijara::rules::Player::Blue);
                    "random AI".to_owned()
                }
            };
            // The spectator takes the next game whole once it is kept.
            let start = Instant::now();
            while !blue_is(&watcher.text(), &new_blue) {
                if start.elapsed() > PATIENCE {
                    bail!("the spectator never saw the next game");
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            // And the new Blue's own screen has it (a key sent before would be refused):
            // its ladder says `r1b (you)`, or `you` where the name and `(you)` don't fit
            // its 9 columns.
            if ai.is_none() {
                let start = Instant::now();
                while !blue_is(&round.blue.text(), "you") {
                    if start.elapsed() > PATIENCE {
                        bail!("the new Blue never saw the next game");
                    }
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            }
            game = Game::new();
            moved = 100;
            continue;
        }
        if kind == Kind::Adjourned && moved == 3 {
            // Yellow's link drops (Yellow to move); Blue leaves the game adjourned.
            if let Some(yellow) = round.yellow.take() {
                yellow.drop_link().await;
                round.blue.wait_for("waiting for").await?;
                round.blue.send(b"q").await?;
                round.blue.send(b"y").await?;
                round.blue.wait_for("unfinished:").await?;
            }
            // Nothing more is played; the round ends at the kill.
            std::future::pending::<()>().await;
        }
        let legal: Vec<Square> = game.position().legal_moves().collect();
        if legal.is_empty() || game.len() >= MOVES_SHOWN {
            // Played out: the round waits for the kill.
            std::future::pending::<()>().await;
        }
        if ai == Some(game.to_move()) {
            // The AI's move, played on its player's screen, as the spectator shows it.
            let start = Instant::now();
            loop {
                let shown = shown_moves(&watcher.text());
                if shown.len() > game.len() {
                    game.play(shown[game.len()])?;
                    break;
                }
                if start.elapsed() > PATIENCE {
                    bail!("the AI did not move");
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            continue;
        }
        let square = legal[rng.random_range(0..legal.len())];
        let mover = match (game.to_move(), &round.yellow) {
            (hijara::rules::Player::Yellow, Some(yellow)) => yellow,
            _ => &round.blue,
        };
        mover.send(square.to_string().as_bytes()).await?;
        game.play(square)?;
        let number = game.len();
        let letter = if number % 2 == 1 { 'B' } else { 'Y' };
        watcher
            .wait_for(&format!("{number:>2} {letter} {square}"))
            .await?;
        moved += 1;
        let pause = rng.random_range(0..=PAUSE_MS);
        tokio::time::sleep(Duration::from_millis(pause)).await;
    }
}

fn main() -> anyhow::Result<()> {
    let o = Options::parse();
    // Once: the clock's seed is printed, to run the same kills again.
    let seed = o.seed();
    let window = o.window();
    let dir = tempfile::tempdir()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let mut rng = SmallRng::seed_from_u64(seed);
    println!(
        "serve_kill: {} kills, seed {}, window {} ms, load average {}",
        o.kills,
        seed,
        window.as_millis(),
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    let started = Instant::now();
    let (mut checked, mut shown_total, mut kept_total) = (0, 0usize, 0usize);
    for n in 0..o.kills {
        if started.elapsed() > DEADLINE {
            bail!(
                "the loop's {} minutes are over after {n} kills",
                DEADLINE.as_secs() / 60
            );
        }
        let kind = KINDS[n % KINDS.len()];
        let (mut server, addr) = start_server(&o, dir.path())?;
        let finished_before = finished(dir.path())?;
        let kill_after = Duration::from_millis(rng.random_range(0..=window.as_millis() as u64));
        let mut play_rng = SmallRng::seed_from_u64(rng.random());
        let (seen, watcher_text) = runtime.block_on(async {
            let mut round = set_up(addr, kind, n)
                .await
                .with_context(|| format!("setting up round {n} ({kind:?})"))?;
            // Play until the kill, at a random moment of the play.
            let playing = play(&mut round, kind, n, &mut play_rng);
            let outcome = tokio::time::timeout(kill_after, playing).await;
            let _ = server.child.kill();
            let _ = server.child.wait();
            if let Ok(Err(error)) = outcome {
                bail!("round {n} ({kind:?}) failed before the kill: {error:#}");
            }
            // The spectator's screen as it was when the server died.
            tokio::time::sleep(Duration::from_millis(50)).await;
            let text = round.watcher.text();
            anyhow::Ok((shown_moves(&text), text))
        })?;
        let (live, ended) = kept_games(dir.path(), &seen_names(n, kind))?;
        // What the spectator showed is the game in play, or (a kill between a game's end
        // and the next's first keep) the game that ended.
        let starts_with = |kept: &Option<Vec<Square>>| {
            kept.as_ref()
                .is_some_and(|k| k.len() >= seen.len() && k[..seen.len()] == seen[..])
        };
        let holder = if starts_with(&live) {
            Some("in play")
        } else if starts_with(&ended) {
            Some("ended")
        } else {
            None
        };
        let holds = seen.is_empty() || holder.is_some();
        if !holds {
            bail!(
                "round {n} ({kind:?}, killed after {} ms): the spectator showed {seen:?}, the store kept {live:?} in play and {ended:?} ended\n{watcher_text}",
                kill_after.as_millis()
            );
        }
        let kept = live;
        let kept_len = kept.as_ref().map_or(0, Vec::len);
        // A game that ended before the next began is in the history.
        let new_blue = if matches!(kind, Kind::AiNext) {
            "random AI".to_owned()
        } else {
            format!("r{n}b")
        };
        let next_began =
            matches!(kind, Kind::Rematch | Kind::AiNext) && blue_is(&watcher_text, &new_blue);
        if next_began && finished(dir.path())? <= finished_before {
            bail!("round {n} ({kind:?}): the first game is not in the history");
        }
        // The server comes back with the game, adjourned in its player's lobby.
        let (server, addr) = start_server(&o, dir.path())?;
        if kept.is_some() {
            runtime.block_on(async {
                let player = Client::join(addr, &format!("r{n}a"), (n as u64) * 4)
                    .await
                    .with_context(|| format!("back after the kill of round {n}"))?;
                player.wait_for("unfinished:").await?;
                player.drop_link().await;
                anyhow::Ok(())
            })?;
        }
        drop(server);
        checked += 1;
        shown_total += seen.len();
        kept_total += kept_len;
        println!(
            "kill {:>3} {kind:<9?} after {:>4} ms: shown {:>2}, in play {:>2}{}{}",
            n + 1,
            kill_after.as_millis(),
            seen.len(),
            kept.as_ref()
                .map_or("-".to_owned(), |k| k.len().to_string()),
            if holder == Some("ended") {
                " (shown in the game that ended)"
            } else {
                ""
            },
            if next_began { " (next game begun)" } else { "" }
        );
    }
    println!(
        "serve_kill: {checked} kills, every one checked: all {shown_total} moves the spectators showed were in the store after the kill ({kept_total} moves of games in play kept); {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The names of round `n`'s two seats as the store keeps them (the AI is `random`).
fn seen_names(n: usize, kind: Kind) -> [String; 2] {
    match kind {
        Kind::Ai | Kind::AiNext => [format!("r{n}a"), "random".into()],
        _ => [format!("r{n}a"), format!("r{n}b")],
    }
}
