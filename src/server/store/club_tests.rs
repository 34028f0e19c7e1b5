//! The club's store: a rated game's end in one transaction, the leaderboard's
//! thresholds as one query, profiles, the pause of correspondence clocks.

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rusqlite::Connection;

use super::super::club::{Board, MIN_GAMES, MIN_OPPONENTS, RatedEnd, SYSTEM, Speed, Standing};
use super::super::table::{GameTable, Keep};
use super::super::wall::CorrTime;
use super::super::who::Who;
use super::club::{NotRated, games_of, leaderboard, profile, rating_history, standing_of};
use super::*;
use crate::rating::{Outcome, Rating};
use crate::rules::{Game, Player, Ruleset, Square};
use crate::ui::Request;

type Heard = Arc<Mutex<Vec<(u32, Keep, Result<(), String>)>>>;

fn open_at(dir: &Path, wall: i64) -> (Store, Opened, Heard) {
    let heard: Heard = Arc::default();
    let into = heard.clone();
    let kept: Kept = Box::new(move |batch, _| into.lock().unwrap().extend(batch));
    let time = CorrTime::new(Arc::new(move || wall), 0);
    let (store, opened) = Store::open_with(dir, Arc::new(|_: &str| {}), kept, &time).unwrap();
    (store, opened, heard)
}

use crate::server::who::who;

/// A rated table of `blue` and `yellow` (or casual) where Yellow resigns after
/// two moves: the keep that ends it.
fn resigned(blue: &Who, yellow: &Who, rated: bool) -> Keep {
    resigned_after(blue, yellow, rated, &[Square::B2, Square::C3])
}

/// A table of `blue` and `yellow`, rated or casual, where Yellow resigns after Blue's
/// first stone, before moving: the keep that ends it.
fn resigned_early(blue: &Who, yellow: &Who, rated: bool) -> Keep {
    resigned_after(blue, yellow, rated, &[Square::B2])
}

/// A table of `blue` and `yellow`, rated or casual, where Yellow resigns after
/// `moves` (one or two): each player who moved sends the game so far.
fn resigned_after(blue: &Who, yellow: &Who, rated: bool, moves: &[Square]) -> Keep {
    let mut table = GameTable::open(blue.clone(), Player::Blue, Game::new(), None);
    assert!(table.set_terms(rated, None));
    let t0 = Instant::now();
    table.sit(yellow.clone(), t0);
    let game = Game::from_moves(moves.iter().copied()).unwrap();
    for mover in Player::BOTH.into_iter().take(moves.len()) {
        table.take_moves((mover, table.epoch()), &game, t0);
    }
    table.request(Player::Yellow, &Request::Resign, t0);
    table.take_keep().unwrap()
}

/// A rated game that ended before both moved is not rated: the lobby's history says
/// so of it as the last game, and leaves it out of the tally per opponent (which the
/// profile shows too), as the ratings and leaderboards leave it out. A casual game
/// of the same length still counts. Failed before: `last: v bob, won 0-0` and a
/// tally that counted every early game (2-0-0, then 3-0-0). QA (srvpolish): the
/// line said `won 0-0` and not how (a resignation): it says it now.
#[test]
fn a_rated_game_ended_too_soon_is_left_out_of_the_tally_and_said_not_rated() {
    let dir = tempfile::tempdir().unwrap();
    let (store, _, _) = open_at(dir.path(), 1_000_000);
    let (ann, bob) = (who("ann"), who("bob"));
    assert!(store.writer().keep(1, resigned_early(&ann, &bob, true)));
    assert!(store.writer().keep(2, resigned_early(&ann, &bob, false)));
    assert!(store.writer().flush());
    let history = store.history(&ann.key).unwrap();
    assert!(!history.last_too_soon);
    assert_eq!(history.tally.each, vec![("bob".to_owned(), [1, 0, 0])]);
    assert!(store.writer().keep(3, resigned_early(&ann, &bob, true)));
    assert!(store.writer().flush());
    let history = store.history(&ann.key).unwrap();
    assert!(history.last_too_soon);
    assert_eq!(history.tally.each, vec![("bob".to_owned(), [1, 0, 0])]);
    let bob_sees = store.history(&bob.key).unwrap();
    assert_eq!(bob_sees.tally.each, vec![("ann".to_owned(), [0, 0, 1])]);
    let lines = super::super::lobby::history_lines(&history, &ann.key);
    assert_eq!(
        lines[0].text,
        "last: v bob, won 0-0 (they resigned), not rated: early"
    );
    let lines = super::super::lobby::history_lines(&bob_sees, &bob.key);
    assert_eq!(
        lines[0].text,
        "last: v ann, lost 0-0 (you resigned), not rated: early"
    );
    // QA (s12 lines): the line mode said the full screen's `v` and `0-0` as symbols.
    assert_eq!(
        lines[0].line_words(),
        "Your last game: against ann, lost, 0 to 0, you resigned, not rated: it ended before both players moved"
    );
    // srvqa4: the tally left the two early games out without a word, under a list
    // (the profile's) that shows them: it says how many it leaves out. Fails on the
    // old code (no count).
    assert_eq!(bob_sees.tally.early, 2);
    assert_eq!(
        lines[1].text,
        "v ann 0-0-1 (won-drawn-lost; 2 early games not counted)"
    );
    assert_eq!(
        lines[1].line_words(),
        "Your results: against ann won 0, drawn 0, lost 1. Not counted: 2 games that ended before both moved"
    );
}

/// QA (srvfix): a rated table where Yellow resigns before moving (Blue played one
/// stone) is kept, not rated (`rating::ended_too_soon`), and a profile read `casual`
/// for it, as for a game played casual. Its list says why now: played as rated,
/// too soon; the casual game is still casual. Fails on the old code (no
/// `played_rated`: the two read alike).
#[test]
fn a_rated_game_ended_before_both_moved_is_listed_as_not_rated_too_soon() {
    let dir = tempfile::tempdir().unwrap();
    let (store, _, heard) = open_at(dir.path(), 1_000_000);
    let (ann, bob) = (who("ann"), who("bob"));
    assert!(store.writer().keep(1, resigned_early(&ann, &bob, true)));
    assert!(store.writer().keep(2, resigned_early(&ann, &bob, false)));
    assert!(store.writer().flush());
    assert!(
        heard
            .lock()
            .unwrap()
            .iter()
            .all(|(_, k, r)| r.is_ok() && k.rated_end.is_none())
    );
    let conn = store_conn(&store);
    let games = games_of(&conn, &ann.key, (0, 10)).unwrap();
    assert_eq!(games.len(), 2);
    // Their count, for the profile's `page N of M`: each game once.
    assert_eq!(club::games_count(&conn, &ann.key).unwrap(), 2);
    assert_eq!(club::games_count(&conn, &bob.key).unwrap(), 2);
    assert_eq!(club::games_count(&conn, "SHA256:nobody").unwrap(), 0);
    // Newest first: the casual table's game, then the rated table's.
    let (casual, rated) = (&games[0], &games[1]);
    assert_eq!((rated.outcome, rated.moves), (Some(Outcome::Win), 1));
    assert!(!rated.rated && rated.played_rated, "{rated:?}");
    assert_eq!(rated.not_rated(), Some(NotRated::TooSoon));
    assert_eq!(casual.not_rated(), Some(NotRated::Casual));
    assert!(crate::rating::ended_too_soon(1) && !crate::rating::ended_too_soon(2));
}

/// A database of version 8 (before `played_rated`): its rated games read as played
/// rated, the others as casual (it can't tell).
#[test]
fn a_finished_game_kept_before_schema_9_is_played_rated_if_it_was_rated() {
    let dir = tempfile::tempdir().unwrap();
    let mut conn = db(dir.path());
    let tx = conn.transaction().unwrap();
    schema::migrate_to(&tx, 8).unwrap();
    for (id, rated) in [(1, true), (2, false)] {
        tx.execute(
            "INSERT INTO finished (id, date, blue_name, blue_key, yellow_name, yellow_key,
                 result, termination, ruleset, claims, blue_total, yellow_total, moves,
                 record, rated, blue_before, blue_after, yellow_before, yellow_after)
             VALUES (?1, '2026-11-30T10:00:00Z', 'ann', 'SHA256:ann', 'bob', 'SHA256:bob',
                 '1-0', 'resigned', 'standard', 0, 0, 0, 1, '', ?2, 1500, 1512, 1500, 1488)",
            rusqlite::params![id, rated],
        )
        .unwrap();
    }
    tx.pragma_update(None, "user_version", 8).unwrap();
    tx.commit().unwrap();
    drop(conn);
    let (store, _, _) = open_at(dir.path(), 1_000_000);
    let games = games_of(&store_conn(&store), "SHA256:ann", (0, 10)).unwrap();
    let played: Vec<(i64, bool)> = games.iter().map(|g| (g.id, g.played_rated)).collect();
    assert_eq!(played, [(2, false), (1, true)]);
    assert_eq!(games[0].not_rated(), Some(NotRated::Casual));
    assert_eq!(games[1].not_rated(), None);
}

fn db(dir: &Path) -> Connection {
    Connection::open(db_path(dir)).unwrap()
}

#[test]
fn a_rated_game_s_end_moves_both_ratings_with_its_history_in_one_commit() {
    let dir = tempfile::tempdir().unwrap();
    let (store, _, heard) = open_at(dir.path(), 1_000_000);
    let (ann, bob) = (who("ann"), who("bob"));
    assert!(store.writer().keep(1, resigned(&ann, &bob, true)));
    assert!(store.writer().flush());
    let (_, keep, result) = heard.lock().unwrap().pop().unwrap();
    result.unwrap();
    let end = keep.rated_end.expect("rated");
    // Both newcomers: Glicko-2 with Lichess's parameters, a first game each.
    let initial = SYSTEM.initial;
    let (blue, yellow) = SYSTEM.rate_game_after((initial, None), (initial, None), Outcome::Win);
    assert_eq!(
        end,
        RatedEnd {
            before: [initial, initial],
            after: [blue, yellow]
        }
    );
    assert_eq!(end.change(Player::Blue), "+242");
    let conn = store_conn(&store);
    let board = Board::new(Ruleset::Standard, Speed::Live);
    let ann_now = standing_of(&conn, &ann.key, board).unwrap().unwrap();
    assert_eq!(ann_now.rating, blue);
    assert_eq!((ann_now.games, ann_now.wdl), (1, [1, 0, 0]));
    // Both were provisional: no established opponent counted yet.
    assert_eq!(ann_now.opponents, 0);
    let bob_now = standing_of(&conn, &bob.key, board).unwrap().unwrap();
    assert_eq!(bob_now.wdl, [0, 0, 1]);
    assert_eq!(bob_now.abandoned, 0, "a resignation is no abandonment");
    assert_eq!(
        rating_history(&conn, &ann.key, board, 10).unwrap(),
        vec![super::club::ChartPoint {
            rating: blue.rating,
            deviation: blue.deviation
        }]
    );
    let (rated, expected): (bool, f64) = conn
        .query_row("SELECT rated, blue_expected FROM finished", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert!(rated);
    assert!(
        (expected - 0.5).abs() < 1e-9,
        "the colours are logged with it"
    );
    let games = games_of(&conn, &bob.key, (0, 10)).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].colour, Player::Yellow);
    assert_eq!(games[0].outcome, Some(Outcome::Loss));
    // The rating after as every screen shows it: `1258?`, provisional still.
    assert_eq!(games[0].change, Some((1500, yellow.shown())));
    assert_eq!(yellow.shown().to_string(), "1258?");
}

/// The writer's own connection, for reads in tests.
fn store_conn(store: &Store) -> Connection {
    Connection::open(&store.path).unwrap()
}

#[test]
fn casual_guest_and_ai_games_are_never_rated() {
    let dir = tempfile::tempdir().unwrap();
    let (store, _, heard) = open_at(dir.path(), 1_000_000);
    let guest = Who {
        key: "guest:7".into(),
        name: "~gina".into(),
    };
    store
        .writer()
        .keep(1, resigned(&who("ann"), &who("bob"), false));
    store.writer().keep(2, resigned(&who("ann"), &guest, true));
    store.writer().keep(
        3,
        resigned(&who("ann"), &Who::ai(crate::ai::Level::Easy), true),
    );
    assert!(store.writer().flush());
    let heard = heard.lock().unwrap();
    assert_eq!(heard.len(), 3);
    assert!(
        heard
            .iter()
            .all(|(_, k, r)| r.is_ok() && k.rated_end.is_none())
    );
    let rated: i64 = store_conn(&store)
        .query_row("SELECT count(*) FROM finished WHERE rated = 1", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(rated, 0);
    let games: i64 = store_conn(&store)
        .query_row("SELECT count(*) FROM finished", [], |r| r.get(0))
        .unwrap();
    assert_eq!(games, 3, "kept all the same");
}

/// If the ratings can't be written, the game's end is not written either: one
/// transaction, and the table hears that its keep failed.
#[test]
fn a_rated_end_that_cannot_rate_is_not_kept_at_all() {
    let dir = tempfile::tempdir().unwrap();
    let (store, _, heard) = open_at(dir.path(), 1_000_000);
    db(dir.path())
        .execute_batch(
            "CREATE TRIGGER no_ratings BEFORE INSERT ON ratings
             BEGIN SELECT RAISE(ABORT, 'ratings refused'); END;",
        )
        .unwrap();
    store
        .writer()
        .keep(1, resigned(&who("ann"), &who("bob"), true));
    assert!(store.writer().flush());
    let (_, keep, result) = heard.lock().unwrap().pop().unwrap();
    assert!(result.unwrap_err().contains("ratings refused"));
    assert!(keep.rated_end.is_none());
    let conn = store_conn(&store);
    let count = |table: &str| -> i64 {
        conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
            .unwrap()
    };
    assert_eq!(count("finished"), 0);
    assert_eq!(count("rating_history"), 0);
    assert_eq!(count("opponents"), 0);
}

/// A standing row written straight into the ratings table.
fn put(conn: &Connection, s: &Standing, board: Board) {
    conn.execute(
        "INSERT INTO ratings (key, ruleset, speed, name, rating, deviation, volatility, games,
             wins, draws, losses, abandoned, opponents, last)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 0, 0, 0, ?10, ?11)",
        rusqlite::params![
            s.key,
            board.ruleset_token(),
            board.speed.token(),
            s.name,
            s.rating.rating,
            s.rating.deviation,
            s.rating.volatility,
            s.games,
            s.games,
            s.opponents,
            s.last
        ],
    )
    .unwrap();
}

/// The leaderboard's query lists exactly the players [`Standing::listed`] lists,
/// best first, and leaves out a player who left it.
#[test]
fn the_leaderboard_s_thresholds_in_one_query_agree_with_the_rule() {
    let dir = tempfile::tempdir().unwrap();
    let now = 2_000_000_000;
    let (store, _, _) = open_at(dir.path(), now);
    let conn = store_conn(&store);
    let board = Board::new(Ruleset::Corners, Speed::Live);
    let mut all = Vec::new();
    let mut n = 0;
    for games in [MIN_GAMES - 1, MIN_GAMES, 60] {
        for opponents in [MIN_OPPONENTS - 1, MIN_OPPONENTS] {
            for deviation in [50.0, 74.0, 74.9, 75.1] {
                for days_ago in [0, 10, 29, 31] {
                    for volatility in [0.06, 0.09] {
                        n += 1;
                        let s = Standing {
                            key: format!("k{n}"),
                            name: format!("p{n}"),
                            rating: Rating {
                                rating: 1500.0 + f64::from(n),
                                deviation,
                                volatility,
                            },
                            games,
                            wdl: [games, 0, 0],
                            abandoned: 0,
                            opponents,
                            last: now - days_ago * 86_400,
                        };
                        put(&conn, &s, board);
                        all.push(s);
                    }
                }
            }
        }
    }
    // Another board's rows are not this one's.
    put(
        &conn,
        &all[all.len() - 1],
        Board::new(Ruleset::Standard, Speed::Live),
    );
    let mut expected: Vec<String> = all
        .iter()
        .filter(|s| s.listed(Speed::Live, now))
        .map(|s| s.key.clone())
        .collect();
    expected.reverse();
    let listed: Vec<String> = leaderboard(&conn, board, now, (0, 1000))
        .unwrap()
        .into_iter()
        .map(|s| s.key)
        .collect();
    assert!(!expected.is_empty() && expected.len() < all.len() / 4);
    assert_eq!(listed, expected);
    // Pages, and a player who left the leaderboard.
    let page = leaderboard(&conn, board, now, (1, 2)).unwrap();
    assert_eq!(page.len(), 2);
    assert_eq!(page[0].key, expected[1]);
    // A page read with the count of all listed (for `page N of M`): the rule's own.
    let counted = club::leaderboard_page(&conn, board, now, (1, 2)).unwrap();
    assert_eq!((counted.rows, counted.total), (page, expected.len()));
    club::write_listed(&conn, &expected[0], false).unwrap();
    let first = leaderboard(&conn, board, now, (0, 1)).unwrap();
    assert_eq!(first[0].key, expected[1]);
    let counted = club::leaderboard_page(&conn, board, now, (0, 1)).unwrap();
    assert_eq!(counted.total, expected.len() - 1, "one left the board");
    // SQLite reads it through the partial index of the established ratings (its
    // literals agree with the query's), in rating order: no sort of a whole board.
    let plan: Vec<String> = conn
        .prepare(&format!("EXPLAIN QUERY PLAN {}", club::leaderboard_query()))
        .unwrap()
        .query_map(
            rusqlite::params!["corners", "live", 0, now, 1.0, 5625.0, 10, 0],
            |row| row.get(3),
        )
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    assert!(
        plan.iter()
            .any(|step| step.contains("USING INDEX ratings_listed")),
        "{plan:?}"
    );
    assert!(
        !plan.iter().any(|step| step.contains("TEMP B-TREE")),
        "{plan:?}"
    );
}

/// QA s34 (qa36): a month after the last rated game `top` and the lobby's
/// leaderboard said `Nobody is listed yet: see the rule above`, as if nobody had
/// ever been listed. Why a board lists nobody is read with its page: nobody with the
/// games and opponents it asks (`yet`), players with them none of whom played a
/// rated game within its days (they are counted, the days said), or some who
/// played, none sure enough today; the words say each (the store's count and the
/// words through [`crate::server::standings::nobody_words`]). Fails on the old code
/// (`Nobody is listed yet` after the month). Cost: a store in a temp folder, ~30 ms.
#[test]
fn a_leaderboard_emptied_by_a_quiet_month_says_so() {
    use super::club::Nobody;
    use crate::server::standings::nobody_words;
    let dir = tempfile::tempdir().unwrap();
    let now = 2_000_000_000;
    let (store, _, _) = open_at(dir.path(), now);
    let conn = store_conn(&store);
    let board = Board::new(Ruleset::Standard, Speed::Live);
    let empty = |at: i64| club::leaderboard_page(&conn, board, at, (0, 10)).unwrap();
    assert_eq!(empty(now).nobody, Nobody::Yet);
    assert_eq!(
        nobody_words(Nobody::Yet, Speed::Live),
        "Nobody is listed yet: see the rule above"
    );
    let put_at = |key: &str, days_ago: i64, deviation: f64, games: u32| {
        let s = Standing {
            key: key.into(),
            name: key.into(),
            rating: Rating {
                rating: 1600.0,
                deviation,
                volatility: 0.06,
            },
            games,
            wdl: [games, 0, 0],
            abandoned: 0,
            opponents: MIN_OPPONENTS,
            last: now - days_ago * 86_400,
        };
        put(&conn, &s, board);
    };
    // A newcomer who played today is not one the board would list.
    put_at("new", 0, 300.0, 3);
    put_at("ann", 10, 50.0, MIN_GAMES);
    put_at("bob", 20, 50.0, MIN_GAMES);
    assert_eq!(empty(now).total, 2, "both listed today");
    // A month and a day on: listed no more, and the page says why.
    let later = now + 21 * 86_400;
    let page = empty(later);
    assert_eq!((page.total, page.nobody), (0, Nobody::Idle(2)));
    assert_eq!(
        nobody_words(page.nobody, Speed::Live),
        "Nobody is listed: the 2 players with enough rated games have played none in the last 30 days"
    );
    assert_eq!(
        club::nobody_listed(&conn, board, later).unwrap(),
        Nobody::Idle(2)
    );
    // Another with the games played today, too unsure to be listed: none listed.
    put_at("cat", -21, 120.0, MIN_GAMES);
    assert_eq!(empty(later).nobody, Nobody::Today);
    // A correspondence board says its own days.
    assert!(
        nobody_words(Nobody::Idle(1), Speed::Correspondence).ends_with(
            "the one player with enough rated games has played none in the last 90 days"
        )
    );
}

/// Brief s36 (club36): why a board lists nobody ([`club::nobody_listed`]) wrote the
/// listing's games, opponents and days in SQL of its own, free to drift from the
/// listing's. It reads them from the listing's own parts now; this checks, on both
/// speeds' days, at each threshold and a step under it (a second past the days), a
/// lone standing too unsure to be listed, or listed, that the board lists exactly
/// whom [`Standing::listed`] lists and says why it lists nobody by the rule's own
/// parts ([`Standing::has_enough_games`], [`Standing::played_within`]). A threshold
/// changed in one query and not the other fails here. Cost: a store in a temp
/// folder, 48 boards read, ~0.5 s.
#[test]
fn an_empty_board_says_why_by_the_listing_s_own_thresholds() {
    use super::club::Nobody;
    let dir = tempfile::tempdir().unwrap();
    let now = 2_000_000_000;
    let (store, _, _) = open_at(dir.path(), now);
    let conn = store_conn(&store);
    let mut seen = std::collections::HashSet::new();
    for speed in [Speed::Live, Speed::Correspondence] {
        let board = Board::new(Ruleset::Standard, speed);
        let days = speed.active_days() * 86_400;
        for games in [MIN_GAMES - 1, MIN_GAMES] {
            for opponents in [MIN_OPPONENTS - 1, MIN_OPPONENTS] {
                for ago in [0, days, days + 1] {
                    for deviation in [40.0, 120.0] {
                        conn.execute("DELETE FROM ratings", []).unwrap();
                        let s = Standing {
                            key: "k".into(),
                            name: "ann".into(),
                            rating: Rating {
                                rating: 1600.0,
                                deviation,
                                volatility: 0.06,
                            },
                            games,
                            wdl: [games, 0, 0],
                            abandoned: 0,
                            opponents,
                            last: now - ago,
                        };
                        put(&conn, &s, board);
                        let page = club::leaderboard_page(&conn, board, now, (0, 10)).unwrap();
                        let listed = s.listed(speed, now);
                        assert_eq!(page.total, usize::from(listed), "{s:?}");
                        let why = club::nobody_listed(&conn, board, now).unwrap();
                        let expected = if !s.has_enough_games() {
                            Nobody::Yet
                        } else if !s.played_within(speed, now) {
                            Nobody::Idle(1)
                        } else {
                            Nobody::Today
                        };
                        if !listed {
                            assert_eq!(why, expected, "{s:?}");
                            assert_eq!(page.nobody, expected, "{s:?}");
                            seen.insert(format!("{expected:?}"));
                        }
                    }
                }
            }
        }
    }
    // Each reason was reached.
    assert_eq!(seen.len(), 3, "{seen:?}");
}

/// qa36: the leaderboard's query ordered by rating alone, so the order of equal
/// ratings, and what each page lists, was the query plan's. It came by key already
/// (the index of a table without rowid ends with its primary key), so this passed
/// on the old query too; the query now says it (`ORDER BY rating DESC, key`) and
/// still reads through the index with no sort (the thresholds' test checks the
/// plan). Cost: a store in a temp folder, ~30 ms.
#[test]
fn equal_ratings_are_listed_in_one_order_on_every_page() {
    let dir = tempfile::tempdir().unwrap();
    let now = 2_000_000_000;
    let (store, _, _) = open_at(dir.path(), now);
    let conn = store_conn(&store);
    let board = Board::new(Ruleset::Standard, Speed::Live);
    for key in ["k-zed", "k-amy", "k-max"] {
        let s = Standing {
            key: key.into(),
            name: key.trim_start_matches("k-").into(),
            rating: Rating {
                rating: 1600.0,
                deviation: 50.0,
                volatility: 0.06,
            },
            games: MIN_GAMES,
            wdl: [MIN_GAMES, 0, 0],
            abandoned: 0,
            opponents: MIN_OPPONENTS,
            last: now,
        };
        put(&conn, &s, board);
    }
    let page = |offset| -> Vec<String> {
        leaderboard(&conn, board, now, (offset, 1))
            .unwrap()
            .into_iter()
            .map(|s| s.key)
            .collect()
    };
    assert_eq!(
        [page(0), page(1), page(2)].concat(),
        ["k-amy", "k-max", "k-zed"]
    );
}

#[test]
fn a_profile_names_its_player_and_their_ratings() {
    let dir = tempfile::tempdir().unwrap();
    let (store, _, _) = open_at(dir.path(), 1_000_000);
    assert_eq!(store.claim_name("ann", "SHA256:ann"), Ok(()));
    assert_eq!(store.claim_name("bob", "SHA256:bob"), Ok(()));
    store
        .writer()
        .keep(1, resigned(&who("ann"), &who("bob"), true));
    assert!(store.writer().flush());
    let conn = store_conn(&store);
    assert_eq!(
        club::key_of_name(&conn, " ANN ").unwrap().as_deref(),
        Some("SHA256:ann")
    );
    let found = profile(&conn, "SHA256:ann").unwrap().unwrap();
    assert_eq!(found.names, vec!["ann".to_owned()]);
    assert!(!found.first_seen.is_empty());
    assert_eq!(found.wdl, [1, 0, 0]);
    assert_eq!(found.standings.len(), 1);
    assert_eq!(
        found.standings[0].0,
        Board::new(Ruleset::Standard, Speed::Live)
    );
    assert!(profile(&conn, "SHA256:nobody").unwrap().is_none());
    // The operator deletes it: the ratings go, the game stays.
    assert_eq!(club::forget(&conn, "SHA256:ann").unwrap(), 1);
    let found = profile(&conn, "SHA256:ann").unwrap().unwrap();
    assert!(found.standings.is_empty());
    assert_eq!(found.wdl, [1, 0, 0]);
}

#[test]
fn correspondence_clocks_pause_for_the_time_the_server_was_down() {
    let dir = tempfile::tempdir().unwrap();
    let (store, opened, _) = open_at(dir.path(), 1_000_000);
    assert_eq!(opened.paused, 0, "never up before: no pause");
    store.writer().heartbeat(1_000_060);
    assert!(store.writer().flush());
    drop(store);
    // Down from the last heartbeat until a start ten days later.
    let (store, opened, _) = open_at(dir.path(), 1_000_060 + 864_000);
    assert_eq!(opened.paused, 864_000);
    drop(store);
    let (_, opened, _) = open_at(dir.path(), 1_000_060 + 864_000 + 100);
    assert_eq!(opened.paused, 864_100);
}

/// Brief s24: a name bound on its first login stayed bound for good, even for a
/// visit of a minute that never played. A name whose key has played no game here
/// (none finished, none in play, no rating, no open correspondence table), unused for
/// `UNUSED_NAME_DAYS`, is released: by the writer's sweep while the server runs
/// (but for the keys on the server now), and at the next start. A login counts as
/// use; a name kept before schema 14 counts from the first sweep. Released, anyone
/// may take it. Fails on the old code (nothing is ever released).
#[test]
fn a_name_never_played_with_is_released_after_a_month_unused() {
    use super::super::names::UNUSED_NAME_DAYS;
    let dir = tempfile::tempdir().unwrap();
    let day = 24 * 3600;
    let month = UNUSED_NAME_DAYS * day;
    let t0 = 1_000_000_000;
    let logged: Arc<Mutex<Vec<String>>> = Arc::default();
    let open_at = |wall: i64| {
        let into = logged.clone();
        let log: Log = Arc::new(move |line: &str| into.lock().unwrap().push(line.to_owned()));
        let time = CorrTime::new(Arc::new(move || wall), 0);
        Store::open_with(dir.path(), log, Box::new(|_, _| {}), &time)
            .unwrap()
            .0
    };
    let store = open_at(t0);
    let [ann, bob, cy, dee, eve, fay, gil, hal, ivy] =
        ["ann", "bob", "cy", "dee", "eve", "fay", "gil", "hal", "ivy"].map(who);
    for w in [&ann, &bob, &cy, &dee, &eve, &fay, &gil, &hal, &ivy] {
        assert_eq!(store.claim_name(&w.name, &w.key), Ok(()), "{}", w.name);
    }
    // Ann beat Bob in a rated game; Cy and Dee have one in play; Eve waits at an open
    // correspondence table. Fay, Gil, Hal and Ivy only looked in.
    assert!(store.writer().keep(1, resigned(&ann, &bob, true)));
    let mut table = GameTable::open(cy.clone(), Player::Blue, Game::new(), None);
    table.sit(dee.clone(), Instant::now());
    let game = Game::from_moves([Square::B2]).unwrap();
    table.take_moves((Player::Blue, table.epoch()), &game, Instant::now());
    assert!(store.writer().keep(2, table.take_keep().unwrap()));
    store
        .writer()
        .open_corr(vec![(3, eve.key.clone(), true)], Vec::new());
    let bound = |store: &Store, w: &Who| store.name_is_bound(&w.name).unwrap();
    // A day short of the month: nothing goes.
    store.writer().sweep_names(t0 + month - day, Vec::new());
    assert!(store.writer().flush());
    for w in [&ann, &bob, &cy, &dee, &eve, &fay, &gil, &hal, &ivy] {
        assert!(bound(&store, w), "{}", w.name);
    }
    drop(store);
    // Hal logs in again twenty days on; Ivy's name is as a store of schema 13 kept it.
    let store = open_at(t0 + 20 * day);
    assert_eq!(store.claim_name("HAL", &hal.key), Ok(()));
    drop(store);
    Connection::open(db_path(dir.path()))
        .unwrap()
        .execute("UPDATE names SET seen = NULL WHERE folded = 'ivy'", [])
        .unwrap();
    // The month is up, Gil is on the server: only Fay's name goes, and the log says so.
    let store = open_at(t0 + 20 * day);
    store
        .writer()
        .sweep_names(t0 + month, vec![gil.key.clone()]);
    assert!(store.writer().flush());
    let still: Vec<&str> = [&ann, &bob, &cy, &dee, &eve, &fay, &gil, &hal, &ivy]
        .into_iter()
        .filter(|w| bound(&store, w))
        .map(|w| w.name.as_str())
        .collect();
    assert_eq!(
        still,
        ["ann", "bob", "cy", "dee", "eve", "gil", "hal", "ivy"]
    );
    assert_eq!(
        logged.lock().unwrap().as_slice(),
        ["name fay released (SHA256:fay): no login for 30 days and no game here"]
    );
    // Released, the name is anyone's (a look-alike too), and its old key is refused.
    assert_eq!(store.claim_name("Fay", "SHA256:other"), Ok(()));
    assert_eq!(store.claim_name("fay", &fay.key), Err(NameError::Taken));
    drop(store);
    // The next start, a month after Hal's login and Ivy's first sweep: theirs go at
    // the start, Gil's too (nobody is on a server starting); the players' stay.
    let store = open_at(t0 + 20 * day + month);
    let still: Vec<&str> = [&ann, &bob, &cy, &dee, &eve, &gil, &hal, &ivy]
        .into_iter()
        .filter(|w| bound(&store, w))
        .map(|w| w.name.as_str())
        .collect();
    assert_eq!(still, ["ann", "bob", "cy", "dee", "eve"]);
    // (`Fay`, taken by the other key with no game since, goes a month on as well.)
    let lines = logged.lock().unwrap().clone();
    let released: Vec<&str> = lines[1..]
        .iter()
        .filter_map(|l| l.strip_prefix("name ")?.split(' ').next())
        .collect();
    assert_eq!(released, ["Fay", "gil", "hal", "ivy"], "{lines:?}");
}
