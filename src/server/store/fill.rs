//! A club to measure the server on (issue 27, "Scale, measured"): a fresh store
//! filled with players, a year of finished games and correspondence games in
//! progress, reproducible from a seed. Built for the tools (`examples/club_fill.rs`,
//! `examples/club_bench.rs`) and a small test, not for the server.
//!
//! Everything goes through the store's own code: the schema is made by opening the
//! [`Store`], names are bound by the writer's `claim_name`, every game enters the
//! history by `write_finished` and is rated by [`club::rate_finished`] (the rating
//! code a game's end runs), in the order the games ended, and a correspondence game
//! in progress is kept by `write_keep`. The games are legal games played by the
//! rules: each move is the one scoring most now (ties at random) with the player's
//! skill as probability, else a random legal move; the rules score them.

use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, bail};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rusqlite::{Connection, OpenFlags, params};

use crate::record::Termination;
use crate::rules::{Game, Move, Player, Ruleset};
use crate::session::Course;

use super::super::corr::{CorrClock, CorrState, DAY, DAYS_A_MOVE};
use super::super::names::NameError;
use super::super::table::{Keep, Snapshot};
use super::super::wall::CorrTime;
use super::super::who::Who;
use super::writer::{claim_name, write_finished, write_keep};
use super::{Store, club, connect, db_path};

/// What to fill a store with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FillSpec {
    /// Players, each a key with a name.
    pub players: usize,
    /// Finished games, over the year before `until`.
    pub games: usize,
    /// Correspondence games in progress at `until`.
    pub corr: usize,
    /// The seed: the same seed, sizes and `until` give the same store (but for each
    /// record's `Date` tag, the day it was written, as at the server).
    pub seed: u64,
    /// The wall-clock time the fill ends at (Unix seconds): the last game ends
    /// before it, and correspondence clocks run from it.
    pub until: i64,
    /// Whether about one name in five is one a screen finds hard: 16 columns wide
    /// (the widest allowed), CJK (two columns a character) or with an emoji, drawn
    /// from a generator of their own (for screen QA over ssh).
    pub varied_names: bool,
}

/// What a fill wrote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filled {
    /// Players (names bound).
    pub players: usize,
    /// Finished games kept in the history.
    pub games: usize,
    /// Of those games, the rated ones.
    pub rated: usize,
    /// Correspondence games in progress.
    pub corr: usize,
}

/// Games written between two commits.
const CHUNK: usize = 5_000;

/// A year, in seconds.
const YEAR: i64 = 365 * DAY;

/// A generated player: who they are, how well and how much they play, when, and
/// what.
struct Member {
    who: Who,
    /// The chance each move is the one scoring most now (else a random move).
    skill: f64,
    /// How often they play, relative to the others.
    weight: f64,
    /// Their first day at the server, and the day they stopped coming.
    joined: i64,
    left: i64,
    /// The share of their games at correspondence speed, and in the corners ruleset.
    corr: f64,
    corners: f64,
}

impl Member {
    fn active(&self, at: i64) -> bool {
        self.joined <= at && at <= self.left
    }
}

/// Syllables of generated names.
const ONSETS: [&str; 16] = [
    "b", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "sh",
];
const VOWELS: [&str; 6] = ["a", "e", "i", "o", "u", "ai"];

fn name_of(rng: &mut SmallRng) -> String {
    let syllables = rng.random_range(2..=3);
    let mut name = String::new();
    for _ in 0..syllables {
        name.push_str(ONSETS[rng.random_range(0..ONSETS.len())]);
        name.push_str(VOWELS[rng.random_range(0..VOWELS.len())]);
    }
    if rng.random_bool(0.3) {
        name.push_str(ONSETS[rng.random_range(0..ONSETS.len())]);
    }
    let mut chars = name.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or(name)
}

/// Names of CJK characters, two columns each: the widest is 16 columns.
const CJK_NAMES: [&str; 6] = [
    "王小明",
    "佐藤花子",
    "김민준",
    "山田太郎花子次郎",
    "李",
    "田中みどり",
];

/// Names with an emoji (two columns each), the widest 16 columns.
const EMOJI_NAMES: [&str; 5] = ["🐉", "Ana🌸", "🦊Fox", "Zoë🎲🎲", "Maximilian🐉🦊"];

/// A name a screen finds hard ([`FillSpec::varied_names`]), or `None` for the
/// ordinary one: a fifth of the draws give one.
fn varied_name_of(rng: &mut SmallRng) -> Option<String> {
    match rng.random_range(0..15) {
        0 | 1 => {
            // 16 columns exactly: syllables until past 16, cut there.
            let mut name = String::new();
            while name.len() < 16 {
                name.push_str(&name_of(rng));
            }
            name.truncate(16);
            Some(name)
        }
        2 => Some(CJK_NAMES[rng.random_range(0..CJK_NAMES.len())].to_owned()),
        3 => Some(EMOJI_NAMES[rng.random_range(0..EMOJI_NAMES.len())].to_owned()),
        _ => None,
    }
}

/// A key fingerprint as the server writes one (`SHA256:` and 43 base64 characters).
fn key_of(rng: &mut SmallRng) -> String {
    const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let tail: String = (0..43)
        .map(|_| char::from(BASE64[rng.random_range(0..64)]))
        .collect();
    format!("SHA256:{tail}")
}

/// The timestamp as the history keeps dates (UTC).
fn date_of(at: i64) -> String {
    chrono::DateTime::from_timestamp(at, 0)
        .unwrap_or_default()
        .format("%Y-%m-%dT%H:%M:%SZ")
        .to_string()
}

/// The players, their names bound in `tx` by the writer's own code.
fn members(
    tx: &Connection,
    rng: &mut SmallRng,
    spec: &FillSpec,
    start: i64,
) -> anyhow::Result<Vec<Member>> {
    let mut members = Vec::with_capacity(spec.players);
    // Its own generator, so the club's draws are not shifted by it.
    let mut varied = spec
        .varied_names
        .then(|| SmallRng::seed_from_u64(spec.seed ^ 0x5eed_f4a3));
    while members.len() < spec.players {
        let key = key_of(rng);
        let mut name = name_of(rng);
        if let Some(varied) = varied.as_mut().and_then(varied_name_of) {
            name = varied;
        }
        // A name taken (or a look-alike of one) gets a number, as people do.
        let mut tries = 0;
        loop {
            match claim_name(tx, &name, &key, chrono::Utc::now().timestamp()) {
                Ok(()) => break,
                Err(NameError::Taken | NameError::LooksTaken | NameError::Reserved)
                    if tries < 20 =>
                {
                    tries += 1;
                    name = format!("{}{}", name_of(rng), rng.random_range(2..100));
                }
                Err(error) => bail!("cannot bind a generated name {name}: {error}"),
            }
        }
        // A few were there from the start; the rest came through the year, a third
        // of them left again after a few months.
        let joined = if rng.random_bool(0.1) {
            start
        } else {
            start + rng.random_range(0..YEAR - DAY)
        };
        let left = if rng.random_bool(0.35) {
            let stay = (-rng.random::<f64>().max(1e-9).ln() * 90.0 * DAY as f64) as i64;
            joined + DAY + stay
        } else {
            i64::MAX
        };
        tx.execute(
            "UPDATE names SET bound = ?2 WHERE key = ?1",
            params![key, date_of(joined)],
        )?;
        if rng.random_bool(0.01) {
            club::write_listed(tx, &key, false)?;
        }
        members.push(Member {
            who: Who { key, name },
            skill: rng.random::<f64>().powf(0.8),
            // Heavy-tailed: a few play hundreds of games, most a handful.
            weight: 1.0 / rng.random::<f64>().max(1e-3).powf(0.9),
            joined,
            left,
            corr: rng.random::<f64>() * 0.6,
            corners: rng.random::<f64>() * 0.7,
        });
    }
    Ok(members)
}

/// Picks a member by weight, active at `at` and not `not`: the cumulative
/// weights are searched, and an inactive pick drawn again.
fn pick(
    rng: &mut SmallRng,
    members: &[Member],
    cumulative: &[f64],
    at: i64,
    not: Option<usize>,
) -> Option<usize> {
    let total = *cumulative.last()?;
    for _ in 0..10_000 {
        let u = rng.random::<f64>() * total;
        let i = cumulative
            .partition_point(|&c| c <= u)
            .min(members.len() - 1);
        if members[i].active(at) && Some(i) != not {
            return Some(i);
        }
    }
    None
}

/// One move of a player of `skill`: the move scoring most now (ties at random) with
/// probability `skill`, else a random legal move. `None` on a full board.
fn choose(rng: &mut SmallRng, game: &Game, skill: f64) -> Option<Move> {
    let position = *game.position();
    let moves: Vec<Move> = position.legal_moves().collect();
    if moves.is_empty() {
        return None;
    }
    if !rng.random_bool(skill.clamp(0.0, 1.0)) {
        return Some(moves[rng.random_range(0..moves.len())]);
    }
    let points = |mv: Move| {
        let mut after = position;
        after.play_unchecked(mv).points
    };
    let best = moves.iter().map(|&mv| points(mv)).max()?;
    let best: Vec<Move> = moves.into_iter().filter(|&mv| points(mv) == best).collect();
    Some(best[rng.random_range(0..best.len())])
}

/// Plays `game` on by `skills` (by [`Player::index`]) until `moves` are on the
/// board or it is full.
fn play(rng: &mut SmallRng, game: &mut Game, skills: [f64; 2], moves: usize) {
    while game.len() < moves
        && let Some(mv) = choose(rng, game, skills[game.to_move().index()])
    {
        // `choose` gives a legal move: the square is not full.
        if game.play(mv).is_err() {
            break;
        }
    }
}

/// A correspondence game's state, as a table keeps it.
fn corr_state(clock: CorrClock) -> CorrState {
    CorrState { clock, undo: None }
}

/// One finished game at `at`: who, what, the moves, how it ended.
fn finished_game(rng: &mut SmallRng, members: &[Member], (a, b): (usize, usize)) -> Snapshot {
    let (blue, yellow) = if rng.random_bool(0.5) { (a, b) } else { (b, a) };
    let first = &members[a];
    let corr = rng.random_bool(first.corr);
    let ruleset = if rng.random_bool(first.corners) {
        Ruleset::Corners
    } else {
        Ruleset::Standard
    };
    let skills = [members[blue].skill, members[yellow].skill];
    let mut game = Game::with_rules(ruleset, false);
    let mut course = Course::NONE;
    // Most games fill the board; some end early, as games at a server do.
    let early = rng.random::<f64>();
    let (stop, termination) = match (early, corr) {
        (e, _) if e < 0.06 => (rng.random_range(8..60), Some(Termination::Resignation)),
        (e, false) if e < 0.075 => (rng.random_range(4..60), Some(Termination::Abandoned)),
        (e, true) if e < 0.09 => (rng.random_range(4..60), Some(Termination::TimeForfeit)),
        _ => (64, None),
    };
    play(rng, &mut game, skills, stop);
    if let Some(termination) = termination {
        let loser = match termination {
            // The one behind resigns.
            Termination::Resignation => {
                if game.score(Player::Blue) < game.score(Player::Yellow) {
                    Player::Blue
                } else {
                    Player::Yellow
                }
            }
            Termination::TimeForfeit => game.to_move(),
            _ if rng.random_bool(0.5) => Player::Blue,
            _ => Player::Yellow,
        };
        // Refused only on a full board, which `stop` < 64 rules out.
        let _ = course.end(&game, termination, loser);
    }
    let days = DAYS_A_MOVE[rng.random_range(0..DAYS_A_MOVE.len())];
    Snapshot {
        seats: [
            Some(members[blue].who.clone()),
            Some(members[yellow].who.clone()),
        ],
        game,
        course,
        epoch: 0,
        round: 1,
        rated: rng.random_bool(0.88),
        corr: corr.then(|| corr_state(CorrClock::new(days))),
        chat: Default::default(),
        code: None,
        claimed: false,
        at_restart: false,
    }
}

/// One correspondence game in progress at `until`: its moves made days apart, the
/// mover's time not out.
fn corr_game(
    rng: &mut SmallRng,
    members: &[Member],
    (a, b): (usize, usize),
    until: i64,
) -> Snapshot {
    let (blue, yellow) = if rng.random_bool(0.5) { (a, b) } else { (b, a) };
    let ruleset = if rng.random_bool(members[a].corners) {
        Ruleset::Corners
    } else {
        Ruleset::Standard
    };
    let skills = [members[blue].skill, members[yellow].skill];
    let mut game = Game::with_rules(ruleset, false);
    let moves = rng.random_range(1..63);
    play(rng, &mut game, skills, moves);
    let days = DAYS_A_MOVE[rng.random_range(0..DAYS_A_MOVE.len())];
    let per_move = i64::from(days) * DAY;
    // Each move took a share of the time per move; the mover has had some of theirs.
    let took: Vec<i64> = (0..game.len())
        .map(|_| (rng.random::<f64>() * 0.8 * per_move as f64) as i64)
        .collect();
    let waiting = (rng.random::<f64>() * 0.8 * per_move as f64) as i64;
    let mut at = until - waiting - took.iter().sum::<i64>();
    let mut clock = CorrClock::new(days);
    clock.start(Player::Blue, at);
    for t in took {
        at += t;
        clock.moved(at);
    }
    Snapshot {
        seats: [
            Some(members[blue].who.clone()),
            Some(members[yellow].who.clone()),
        ],
        game,
        course: Course::NONE,
        epoch: 0,
        round: 1,
        rated: rng.random_bool(0.85),
        corr: Some(corr_state(clock)),
        chat: Default::default(),
        code: None,
        claimed: false,
        at_restart: false,
    }
}

/// A rated live game between `seats` (Blue, Yellow), played to the full board by
/// two players of middling skill.
pub(crate) fn rated_game(rng: &mut SmallRng, seats: [Who; 2]) -> Snapshot {
    let mut game = Game::with_rules(Ruleset::Standard, false);
    play(rng, &mut game, [0.5, 0.5], 64);
    Snapshot {
        seats: seats.map(Some),
        game,
        course: Course::NONE,
        epoch: 0,
        round: 1,
        rated: true,
        corr: None,
        chat: Default::default(),
        code: None,
        claimed: false,
        at_restart: false,
    }
}

/// Fills a fresh store in `data_dir` (there must be none yet) as `spec` says;
/// `progress` hears a line now and then.
pub(crate) fn fill(
    data_dir: &Path,
    spec: &FillSpec,
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<Filled> {
    let path = db_path(data_dir);
    if path.exists() {
        bail!("{} exists: the fill makes a new store", path.display());
    }
    if spec.players < 2 {
        bail!("a club needs two players at least");
    }
    std::fs::create_dir_all(data_dir)
        .with_context(|| format!("cannot create {}", data_dir.display()))?;
    // The schema, by the server's own opening; the clock "up" at `until`.
    let until = spec.until;
    let time = CorrTime::new(Arc::new(move || until), 0);
    let (store, _) =
        Store::open_with(data_dir, Arc::new(|_: &str| {}), Box::new(|_, _| {}), &time)?;
    drop(store);
    let mut conn = connect(
        &path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    let mut rng = SmallRng::seed_from_u64(spec.seed);
    let start = until - YEAR;
    let tx = conn.transaction()?;
    let members = members(&tx, &mut rng, spec, start)?;
    tx.commit()?;
    progress(&format!("{} players", members.len()));
    let cumulative: Vec<f64> = members
        .iter()
        .scan(0.0, |sum, m| {
            *sum += m.weight;
            Some(*sum)
        })
        .collect();
    // The games' ends, more of them lately (a club that grows), in order.
    let mut ends: Vec<i64> = (0..spec.games)
        .map(|_| until - 60 - (rng.random::<f64>().powf(1.3) * (YEAR - 120) as f64) as i64)
        .collect();
    ends.sort_unstable();
    let mut filled = Filled {
        players: members.len(),
        ..Filled::default()
    };
    for (n, chunk) in ends.chunks(CHUNK).enumerate() {
        let tx = conn.transaction()?;
        for (k, &at) in chunk.iter().enumerate() {
            let Some(a) = pick(&mut rng, &members, &cumulative, at, None) else {
                continue;
            };
            let Some(b) = pick(&mut rng, &members, &cumulative, at, Some(a)) else {
                continue;
            };
            let ended = finished_game(&mut rng, &members, (a, b));
            let table = u32::try_from(n * CHUNK + k + 1)?;
            if let Some(id) = write_finished(&tx, Some((table, 1)), &ended, Some(date_of(at)))? {
                filled.games += 1;
                if club::rate_finished(&tx, id, &ended, at)?.is_some() {
                    filled.rated += 1;
                }
            }
        }
        tx.commit()?;
        progress(&format!("{} games, {} rated", filled.games, filled.rated));
    }
    let first_table = u32::try_from(spec.games + 1)?;
    let tx = conn.transaction()?;
    for c in 0..spec.corr {
        let at = until - DAY;
        let Some(a) = pick(&mut rng, &members, &cumulative, at, None) else {
            continue;
        };
        let Some(b) = pick(&mut rng, &members, &cumulative, at, Some(a)) else {
            continue;
        };
        let snapshot = Arc::new(corr_game(&mut rng, &members, (a, b), until));
        let keep = Keep {
            version: 1,
            playing: Some(1),
            ended: None,
            snapshot,
            by: None,
            rated_end: None,
            untold: Vec::new(),
            from: None,
        };
        write_keep(&tx, first_table + u32::try_from(c)?, &keep)?;
        filled.corr += 1;
    }
    tx.commit()?;
    progress(&format!("{} correspondence games in progress", filled.corr));
    Ok(filled)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::rating::{Outcome, Rating};
    use crate::record::GameResult;
    use crate::session::Played;

    use super::super::super::club::{SYSTEM, days_between};
    use super::super::super::corr::CorrState;
    use super::super::super::game_record::read_table_record;
    use super::super::super::scale::Probe;

    fn small(until: i64) -> FillSpec {
        FillSpec {
            players: 50,
            games: 200,
            corr: 20,
            seed: 7,
            until,
            varied_names: false,
        }
    }

    /// A rating's row: key, ruleset, speed, rating, deviation, volatility, games, last.
    type RatingRow = (String, String, String, f64, f64, f64, i64, i64);

    /// Every rating row of the store, in order.
    fn ratings(conn: &Connection) -> Vec<RatingRow> {
        conn.prepare(
            "SELECT key, ruleset, speed, rating, deviation, volatility, games, last
             FROM ratings ORDER BY key, ruleset, speed",
        )
        .unwrap()
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
                r.get(7)?,
            ))
        })
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap()
    }

    #[test]
    fn a_small_fill_keeps_legal_games_and_the_ratings_a_replay_gives() {
        let until = chrono::Utc::now().timestamp();
        let dir = tempfile::tempdir().unwrap();
        let filled = fill(dir.path(), &small(until), &mut |_| {}).unwrap();
        assert_eq!((filled.players, filled.games, filled.corr), (50, 200, 20));
        assert!(filled.rated > 150 && filled.rated < 200, "{filled:?}");
        let conn = Connection::open(db_path(dir.path())).unwrap();
        // Replays every game in the order it ended, its result read from its record
        // by the rules, through the rating system alone.
        let mut statement = conn
            .prepare(
                "SELECT record, result, rated, ruleset, speed, ended_at, blue_after, yellow_after
                 FROM finished ORDER BY id",
            )
            .unwrap();
        let mut rows = statement.query([]).unwrap();
        let mut now: HashMap<(String, String, String), (Rating, i64, i64)> = HashMap::new();
        let (mut last_end, mut games, mut boards) =
            (until - YEAR, 0, std::collections::BTreeSet::new());
        while let Some(row) = rows.next().unwrap() {
            let (seats, game, course) =
                read_table_record(&row.get::<_, String>(0).unwrap()).unwrap();
            let result = Played::new(&game, &course).result();
            assert_eq!(row.get::<_, String>(1).unwrap(), <&str>::from(result));
            let (rated, ruleset, speed): (bool, String, String) = (
                row.get(2).unwrap(),
                row.get(3).unwrap(),
                row.get(4).unwrap(),
            );
            let when: i64 = row.get(5).unwrap();
            assert!(
                when >= last_end && when <= until,
                "in order, within the year"
            );
            last_end = when;
            games += 1;
            boards.insert((ruleset.clone(), speed.clone()));
            if !rated {
                continue;
            }
            let outcome = match result {
                GameResult::BlueWins => Outcome::Win,
                GameResult::YellowWins => Outcome::Loss,
                GameResult::Draw => Outcome::Draw,
                GameResult::Unfinished => panic!("a rated game unfinished"),
            };
            let board = |who: &Who| (who.key.clone(), ruleset.clone(), speed.clone());
            let before = |who: &Who| match now.get(&board(who)) {
                Some((r, last, _)) => (*r, Some(days_between(*last, when))),
                None => (SYSTEM.initial, None),
            };
            let (blue, yellow) =
                SYSTEM.rate_game_after(before(&seats[0]), before(&seats[1]), outcome);
            let stored: (f64, f64) = (row.get(6).unwrap(), row.get(7).unwrap());
            assert!(
                (stored.0 - blue.rating).abs() < 1e-9 && (stored.1 - yellow.rating).abs() < 1e-9
            );
            for (who, after) in [(&seats[0], blue), (&seats[1], yellow)] {
                let count = now.get(&board(who)).map_or(0, |(_, _, n)| *n);
                now.insert(board(who), (after, when, count + 1));
            }
        }
        assert_eq!(games, 200);
        assert_eq!(boards.len(), 4, "both rulesets at both speeds: {boards:?}");
        let stored = ratings(&conn);
        assert_eq!(stored.len(), now.len());
        for (key, ruleset, speed, rating, deviation, volatility, count, last) in stored {
            let (r, at, n) = now[&(key, ruleset, speed)];
            assert_eq!(
                (r.rating, r.deviation, r.volatility),
                (rating, deviation, volatility)
            );
            assert_eq!((at, n), (last, count));
        }
        // The correspondence games in progress read back, none out of time.
        let live: Vec<(String, String)> = conn
            .prepare("SELECT record, corr FROM live WHERE playing = 1")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert_eq!(live.len(), 20);
        for (record, corr) in &live {
            let (_, game, _) = read_table_record(record).unwrap();
            let clock = CorrState::from_json(corr).unwrap().clock;
            assert!(!game.is_over() && !clock.out_of_time(until), "{corr}");
            assert_eq!(clock.to_move(), game.to_move());
        }
        drop(rows);
        drop(statement);
        drop(conn);
        // Opened as the server opens it: each game in progress is at one player's move.
        let (probe, _) = Probe::open(dir.path()).unwrap();
        assert_eq!(probe.players(), 50);
        let at_move: usize = (0..50).map(|p| probe.your_move(p)).sum();
        assert_eq!(at_move, 20);
    }

    /// `varied_names`: names a screen finds hard (16 columns, CJK, emoji) are bound,
    /// each a name the server takes; without it, none.
    #[test]
    fn varied_names_bind_wide_and_cjk_names() {
        let until = 1_700_000_000;
        let names = |varied_names: bool| {
            let dir = tempfile::tempdir().unwrap();
            let spec = FillSpec {
                games: 10,
                corr: 0,
                varied_names,
                ..small(until)
            };
            fill(dir.path(), &spec, &mut |_| {}).unwrap();
            let conn = Connection::open(db_path(dir.path())).unwrap();
            conn.prepare("SELECT name FROM names")
                .unwrap()
                .query_map([], |r| r.get::<_, String>(0))
                .unwrap()
                .collect::<rusqlite::Result<Vec<String>>>()
                .unwrap()
        };
        let hard = |name: &String| !name.is_ascii() || crate::text::width(name) == 16;
        let varied = names(true);
        assert_eq!(varied.len(), 50);
        assert!(varied.iter().filter(|n| hard(n)).count() >= 3, "{varied:?}");
        assert!(varied.iter().any(|n| !n.is_ascii()), "{varied:?}");
        for name in &varied {
            assert!(
                super::super::super::names::check_name(name).is_ok(),
                "{name}"
            );
        }
        assert!(!names(false).iter().any(|n| !n.is_ascii()));
    }

    #[test]
    fn the_same_seed_fills_the_same_club() {
        let until = 1_700_000_000;
        let (one, two) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let spec = FillSpec {
            games: 60,
            corr: 4,
            ..small(until)
        };
        fill(one.path(), &spec, &mut |_| {}).unwrap();
        fill(two.path(), &spec, &mut |_| {}).unwrap();
        let read = |dir: &Path| {
            let conn = Connection::open(db_path(dir)).unwrap();
            let names: Vec<(String, String, String)> = conn
                .prepare("SELECT name, key, bound FROM names ORDER BY folded")
                .unwrap()
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                .unwrap()
                .collect::<rusqlite::Result<_>>()
                .unwrap();
            (names, ratings(&conn))
        };
        assert_eq!(read(one.path()), read(two.path()));
        assert!(
            fill(one.path(), &spec, &mut |_| {}).is_err(),
            "a store there already"
        );
    }
}
