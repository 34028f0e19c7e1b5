//! The club at scale, for the measuring tools (built with the `tools` feature):
//! `examples/club_fill.rs` fills a store ([`fill`]), `examples/club_bench.rs` times
//! on it the reads the lobby makes ([`Probe`]): each probe calls the very functions
//! a session calls, on a hall opened as the server opens it.

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
