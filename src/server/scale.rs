//! The club at scale, for the measuring tools (built with the `tools` feature):
//! `examples/club_fill.rs` fills a store ([`fill`]), `examples/club_bench.rs` times
//! on it the reads the lobby makes ([`Probe`]): each probe calls the very functions
//! a session calls, on a hall opened as the server opens it. `examples/store_commits.rs`
//! times the store's commits under the writes the hall hands its writer
//! ([`WriterDrive`]).

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::club::Board;
use super::shared::SharedHall;
use super::standings::{board_page_size, profile_page_size};
use super::store::club as club_store;
use super::table::Keep;

pub use super::store::fill::{FillSpec, Filled};

/// Fills a fresh store in `data_dir` as `spec` says (see [`FillSpec`]); `progress`
/// hears a line now and then.
pub fn fill(
    data_dir: &Path,
    spec: &FillSpec,
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<Filled> {
    super::store::fill::fill(data_dir, spec, progress)
}

/// The screen the probes read pages for: the smallest the lobby supports.
const WIDTH: u16 = 80;
const HEIGHT: u16 = 24;

/// A filled store opened as the server opens it (its games in progress put back in
/// the hall), and the reads to time on it.
pub struct Probe {
    hall: SharedHall,
    keys: Vec<String>,
    now: i64,
    next_table: u32,
}

impl Probe {
    /// Opens the store in `data_dir` as `hijara serve` does; how long that took.
    pub fn open(data_dir: &Path) -> anyhow::Result<(Probe, Duration)> {
        let started = Instant::now();
        let (hall, _) = SharedHall::open_with(
            data_dir,
            super::DEFAULT_GRACE,
            Arc::new(|_: &str| {}),
            super::wall::system(),
        )?;
        let took = started.elapsed();
        let store = hall.store().context("the hall has no store")?.clone();
        let (keys, last): (Vec<String>, i64) = store.club(|c| {
            let keys = c
                .prepare("SELECT DISTINCT key FROM names ORDER BY key")?
                .query_map([], |row| row.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            let last = c.query_row(
                "SELECT max(coalesce((SELECT max(table_id) FROM live), 0),
                            coalesce((SELECT max(table_id) FROM finished), 0))",
                [],
                |row| row.get(0),
            )?;
            Ok((keys, last))
        })?;
        if keys.len() < 2 {
            bail!(
                "the store in {} has fewer than two players",
                data_dir.display()
            );
        }
        let now = hall.wall();
        let probe = Probe {
            hall,
            keys,
            now,
            next_table: u32::try_from(last)?.saturating_add(1_000),
        };
        Ok((probe, took))
    }

    /// The players (keys with a name).
    pub fn players(&self) -> usize {
        self.keys.len()
    }

    fn key(&self, player: usize) -> &str {
        &self.keys[player % self.keys.len()]
    }

    /// How many players leaderboard `board` (0..4, profiles' order) lists now.
    pub fn listed(&self, board: usize) -> anyhow::Result<usize> {
        let board = Board::ALL[board % Board::ALL.len()];
        let now = self.now;
        self.store()?
            .club(|c| club_store::leaderboard(c, board, now, (0, usize::MAX >> 1)))
            .map(|rows| rows.len())
    }

    /// Leaderboard `board`'s `page` at 80×24, as the lobby reads it (with the count
    /// of all it lists, for `Page 2 of 5`); its rows.
    pub fn leaderboard(&self, board: usize, page: usize) -> anyhow::Result<usize> {
        let board = Board::ALL[board % Board::ALL.len()];
        let size = board_page_size(board, WIDTH, HEIGHT);
        let now = self.now;
        self.store()?
            .club(|c| club_store::leaderboard_page(c, board, now, (page * size, size + 1)))
            .map(|page| page.rows.len())
    }

    /// `player`'s profile screen (its first page of games at 80×24, its chart, its
    /// tally), as the lobby reads it; the games on the page.
    pub fn profile(&self, player: usize) -> anyhow::Result<usize> {
        let key = self.key(player);
        let tally = self.hall.history(key).tally;
        let size_for =
            |profile: &club_store::Profile,
             chart: Option<&(Board, Vec<club_store::ChartPoint>)>| {
                profile_page_size(
                    (profile, &super::standings::InPlay::default()),
                    chart,
                    &tally,
                    WIDTH,
                    HEIGHT,
                )
            };
        let page = self
            .store()?
            .club(|c| club_store::profile_page(c, key, (None, 0), size_for))?
            .context("a player without a profile")?;
        Ok(page.games.len() + tally.each.len().min(1))
    }

    /// `player`'s correspondence games as their lobby reads them every refresh ("your
    /// move in N games", least time left first, and their rows): how many are at their move.
    pub fn your_move(&self, player: usize) -> usize {
        let key = self.key(player);
        let wall = self.hall.wall();
        let hall = self.hall.lock();
        let games = hall.corr_games_at(key, wall);
        std::hint::black_box(hall.corr_rows(key));
        drop(hall);
        games.iter().filter(|g| g.my_move).count()
    }

    /// What `player`'s lobby reads at login and after each game entering the
    /// history: their last game and tally, and their ratings' line.
    pub fn lobby(&self, player: usize) -> anyhow::Result<usize> {
        let key = self.key(player);
        let history = self.hall.history(key);
        let standings = self.store()?.club(|c| club_store::standings_of(c, key))?;
        Ok(history.tally.each.len() + standings.len())
    }

    /// A rated game between two players drawn by `seed` ends: the writer keeps it
    /// (the game, its result, both ratings and their history, in one transaction,
    /// on disk when it answers). How long from handing it over to the answer; an
    /// error if the game was not kept as rated.
    pub fn rated_end(&mut self, seed: u64) -> anyhow::Result<Duration> {
        let mut rng = SmallRng::seed_from_u64(seed);
        let n = self.keys.len();
        let a = usize::try_from(seed % n as u64)?;
        let b = (a + 1 + usize::try_from((seed / 7) % (n as u64 - 1))?) % n;
        let snapshot = Arc::new(super::store::fill::rated_game(
            &mut rng,
            [self.who(a)?, self.who(b)?],
        ));
        let table = self.next_table;
        self.next_table += 1;
        let keep = Keep {
            version: 1,
            playing: None,
            ended: Some((1, snapshot.clone())),
            snapshot,
            by: None,
            rated_end: None,
            untold: Vec::new(),
            from: None,
        };
        let store = self.store()?.clone();
        let started = Instant::now();
        if !store.writer().keep(table, keep) || !store.writer().flush() {
            bail!("the store's writer has stopped");
        }
        let took = started.elapsed();
        let rated: bool = store.club(|c| {
            c.query_row(
                "SELECT rated FROM finished WHERE table_id = ?1 AND round = 1",
                [table],
                |row| row.get(0),
            )
        })?;
        if !rated {
            bail!("table {table}'s game was not kept as rated");
        }
        Ok(took)
    }

    fn who(&self, player: usize) -> anyhow::Result<super::who::Who> {
        let key = self.key(player).to_owned();
        let name = self.store()?.club(|c| {
            c.query_row(
                "SELECT name FROM names WHERE key = ?1 ORDER BY bound LIMIT 1",
                [&key],
                |row| row.get(0),
            )
        })?;
        Ok(super::who::Who { key, name })
    }

    fn store(&self) -> anyhow::Result<&Arc<super::store::Store>> {
        self.hall.store().context("the hall has no store")
    }
}

/// What the store's writer is handed, one piece at a time, for
/// `examples/store_commits.rs`: a live table's move, a line said at a live table, a
/// correspondence move, or the timer's note that the server is up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Write {
    /// Live table `n` (of the live tables) plays a move; its last move ends the
    /// game into the history (rated, both ratings), and the next move begins a new one.
    Move(usize),
    /// A player at live table `n` says a line (the table's last 16 kept with it).
    Say(usize),
    /// Correspondence table `n` (of the correspondence tables) plays a move.
    CorrMove(usize),
    /// The correspondence timer's note that the server is up.
    Up,
}

/// One simulated table: what it keeps, and how far it is.
struct Drawn {
    id: u32,
    version: u64,
    snapshot: super::table::Snapshot,
    chat: super::chat::Chat,
    /// Lines said so far (each said a few seconds after the last on the chat's own
    /// clock, so its rate limit never refuses one).
    said: u32,
}

/// The time from handing a keep to the writer until its commit's result came back,
/// and the number of commits that carried keeps.
#[derive(Debug, Default)]
struct Waits {
    /// When each keep (table, version) was handed over.
    sent: std::collections::HashMap<(u32, u64), Instant>,
    /// The waits measured since the last [`WriterDrive::take_waits`].
    waits: Vec<Duration>,
    /// Keeps the store reported not kept.
    failed: usize,
    /// Commits (batches) that carried keeps.
    commits: usize,
}

/// The store's writer, driven as the server drives it, for
/// `examples/store_commits.rs`: a fresh store opened as `hijara serve` opens it, and
/// tables whose keeps are handed over as one hold of the hall hands them
/// (`Writer::hold`). Each keep's wait is timed from the moment it
/// is handed over to the moment the writer reports it (on disk, as the hall hears it).
pub struct WriterDrive {
    store: super::store::Store,
    waits: Arc<std::sync::Mutex<Waits>>,
    live: Vec<Drawn>,
    corr: Vec<Drawn>,
    rng: SmallRng,
    /// The chats' own clock (see [`Drawn::said`]).
    chat_clock: Instant,
    db: std::path::PathBuf,
    wal: std::path::PathBuf,
}

impl WriterDrive {
    /// Opens a fresh store in `data_dir` (there must be none yet) as the server opens
    /// it, with `live` live tables and `corr` correspondence tables, their players and
    /// moves drawn from `seed`.
    pub fn open(data_dir: &Path, live: usize, corr: usize, seed: u64) -> anyhow::Result<Self> {
        use rand::Rng;
        let path = super::store::db_path(data_dir);
        if path.exists() {
            bail!("{} exists: give a fresh folder", path.display());
        }
        let waits: Arc<std::sync::Mutex<Waits>> = Arc::default();
        let heard = waits.clone();
        let kept: super::store::Kept = Box::new(move |keeps, _days| {
            let now = Instant::now();
            let mut waits = heard.lock().unwrap_or_else(|p| p.into_inner());
            waits.commits += 1;
            for (id, keep, result) in keeps {
                if let Some(sent) = waits.sent.remove(&(id, keep.version)) {
                    waits.waits.push(now.saturating_duration_since(sent));
                }
                if result.is_err() {
                    waits.failed += 1;
                }
            }
        });
        let (store, _) = super::store::Store::open_with(
            data_dir,
            Arc::new(|_: &str| {}),
            kept,
            &super::wall::CorrTime::default(),
        )?;
        let mut rng = SmallRng::seed_from_u64(seed);
        let key = |rng: &mut SmallRng| {
            let tail: String = (0..43)
                .map(|_| char::from(rng.random_range(b'a'..=b'z')))
                .collect();
            format!("SHA256:{tail}")
        };
        let table = |id: u32, corr: bool, rng: &mut SmallRng| {
            let seats = [0, 1].map(|i| {
                Some(super::who::Who {
                    key: key(rng),
                    name: format!("p{id}s{i}"),
                })
            });
            let mut snapshot = super::table::Snapshot {
                seats,
                game: crate::rules::Game::with_rules(crate::rules::Ruleset::Standard, false),
                course: crate::session::Course::NONE,
                epoch: 0,
                round: 1,
                rated: true,
                corr: None,
                chat: Default::default(),
                code: None,
                claimed: false,
                at_restart: false,
            };
            if corr {
                let mut clock = super::corr::CorrClock::new(3);
                clock.start(crate::rules::Player::Blue, chrono::Utc::now().timestamp());
                snapshot.corr = Some(super::corr::CorrState { clock, undo: None });
            }
            Drawn {
                id,
                version: 0,
                snapshot,
                chat: super::chat::Chat::default(),
                said: 0,
            }
        };
        let count = |n: usize| u32::try_from(n).context("too many tables");
        let live: Vec<Drawn> = (1..=count(live)?)
            .map(|id| table(id, false, &mut rng))
            .collect();
        let corr: Vec<Drawn> = (1..=count(corr)?)
            .map(|n| table(100_000 + n, true, &mut rng))
            .collect();
        let wal = {
            let mut wal = path.clone().into_os_string();
            wal.push("-wal");
            std::path::PathBuf::from(wal)
        };
        Ok(WriterDrive {
            store,
            waits,
            live,
            corr,
            rng,
            chat_clock: Instant::now(),
            db: path,
            wal,
        })
    }

    /// Hands `write` to the writer, as the hall would once its lock is released.
    pub fn write(&mut self, write: Write) -> anyhow::Result<()> {
        let (table, ended) = match write {
            Write::Up => {
                self.store
                    .writer()
                    .heartbeat(chrono::Utc::now().timestamp());
                return Ok(());
            }
            Write::Move(n) => {
                let n = n % self.live.len().max(1);
                let table = self.live.get_mut(n).context("no live tables")?;
                let ended = play_one(&mut self.rng, &mut table.snapshot.game);
                (table, ended)
            }
            Write::CorrMove(n) => {
                let n = n % self.corr.len().max(1);
                let table = self.corr.get_mut(n).context("no correspondence tables")?;
                let ended = play_one(&mut self.rng, &mut table.snapshot.game);
                if let Some(corr) = &mut table.snapshot.corr {
                    corr.clock.moved(chrono::Utc::now().timestamp());
                }
                (table, ended)
            }
            Write::Say(n) => {
                let n = n % self.live.len().max(1);
                let table = self.live.get_mut(n).context("no live tables")?;
                table.said += 1;
                let seat = if table.said % 2 == 0 {
                    crate::rules::Player::Blue
                } else {
                    crate::rules::Player::Yellow
                };
                let at = self.chat_clock + Duration::from_secs(4 * u64::from(table.said));
                let line = format!(
                    "line {} at table {}: good luck, well played",
                    table.said, table.id
                );
                // Never refused: a non-empty line, each a few seconds on.
                let _ = table.chat.say(seat, &line, at);
                table.snapshot.chat = table.chat.log().clone();
                (table, false)
            }
        };
        table.version += 1;
        let snapshot = Arc::new(table.snapshot.clone());
        let keep = Keep {
            version: table.version,
            playing: (!ended).then_some(table.snapshot.round),
            ended: ended.then(|| (table.snapshot.round, snapshot.clone())),
            snapshot,
            by: None,
            rated_end: None,
            untold: Vec::new(),
            from: None,
        };
        if ended {
            // The next game at the table: a rematch.
            table.snapshot.round += 1;
            table.snapshot.game =
                crate::rules::Game::with_rules(crate::rules::Ruleset::Standard, false);
        }
        let id = table.id;
        self.waits
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .sent
            .insert((id, keep.version), Instant::now());
        let hold = super::store::Hold {
            keeps: vec![(id, keep)],
            ..Default::default()
        };
        if !self.store.writer().hold(hold) {
            bail!("the store's writer has stopped");
        }
        Ok(())
    }

    /// The waits measured since the last call (each keep's, from its hand-over to
    /// its commit's report), the commits that carried them, and the keeps not kept.
    pub fn take_waits(&self) -> (Vec<Duration>, usize, usize) {
        let mut waits = self.waits.lock().unwrap_or_else(|p| p.into_inner());
        let taken = std::mem::take(&mut waits.waits);
        let commits = std::mem::take(&mut waits.commits);
        let failed = std::mem::take(&mut waits.failed);
        (taken, commits, failed)
    }

    /// Waits until everything handed over is carried out.
    pub fn flush(&self) -> bool {
        self.store.writer().flush()
    }

    /// The write-ahead log's size on disk now, in bytes (0 when there is none).
    pub fn wal_bytes(&self) -> u64 {
        std::fs::metadata(&self.wal).map_or(0, |m| m.len())
    }

    /// The database file's size now, in bytes.
    pub fn db_bytes(&self) -> u64 {
        std::fs::metadata(&self.db).map_or(0, |m| m.len())
    }
}

/// Plays a random legal move on `game`; whether the game is over after it.
fn play_one(rng: &mut SmallRng, game: &mut crate::rules::Game) -> bool {
    use rand::Rng;
    let moves: Vec<crate::rules::Move> = game.position().legal_moves().collect();
    if let Some(&mv) = moves.get(rng.random_range(0..moves.len().max(1))) {
        // A legal move: its square is not full.
        let _ = game.play(mv);
    }
    game.is_over()
}
