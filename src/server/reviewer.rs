//! The engine's review of finished games at the server: one thread, on the AI's
//! engine pool at low priority (an engine only while no game's worker waits, given
//! back at once when one does), niced; one review at a time per player who asked,
//! and its result kept in the store, so a game is reviewed once.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, Weak};
use std::time::{Duration, Instant};

use crate::ai::SearchLimit;
use crate::ai::analysis::LossBound;
use crate::ai::search::Wdl;
use crate::review::{PositionValue, Value, analyse_game_with, evaluate_position};
use crate::rules::{Game, Move, Position};
use crate::session::parse_record;

use super::pool::EnginePool;
use super::store::club::record_of;
use super::store::{Log, Store};
use crate::ui::NewsWaker;

/// How the reviewer works.
pub(crate) struct Setup {
    /// The budget of each position (the local review's is
    /// [`crate::review::REVIEW_THINK_MS`] a position).
    pub(crate) budget: SearchLimit<'static>,
    /// Where a review made is said (the server's log).
    pub(crate) log: Log,
}

/// What asking for a review did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Asked {
    /// It is made already.
    Made,
    /// Queued (or being made) for this player.
    Queued,
    /// This player's review of another game is still queued or under way.
    Busy(i64),
}

#[derive(Debug, Default)]
struct Queue {
    /// Games waiting, with the key of the player who asked.
    waiting: VecDeque<(i64, String)>,
    /// Each asking player's game, from asking until it is kept.
    asked: Vec<Asking>,
}

/// A player's review asked for, until it is made (or found made).
#[derive(Debug)]
struct Asking {
    /// The player's key.
    key: String,
    /// The game.
    game: i64,
    /// The sessions to wake when it is done: each screen showing the game waiting for
    /// its review takes it then ([`crate::ui::Lobby::take_review`]).
    wakers: Vec<NewsWaker>,
}

#[derive(Debug, Default)]
struct Inner {
    queue: Mutex<Queue>,
    ready: Condvar,
    give_up: AtomicBool,
}

/// The server's reviewer; cloning shares it.
#[derive(Debug, Clone)]
pub(crate) struct Reviewer {
    inner: Arc<Inner>,
    store: Weak<Store>,
}

impl Reviewer {
    /// Starts the reviewer's thread on `pool`, keeping reviews in `store`.
    pub(crate) fn start(pool: EnginePool, store: &Arc<Store>, setup: Setup) -> Reviewer {
        let inner = Arc::new(Inner::default());
        let reviewer = Reviewer {
            inner: inner.clone(),
            store: Arc::downgrade(store),
        };
        let weak = Arc::downgrade(store);
        let _ = std::thread::Builder::new()
            .name("hijara-review".into())
            .spawn(move || run(&inner, &pool, &weak, &setup));
        reviewer
    }

    /// `key` asks for game `id`'s review; `waker`, the asking session's, is woken when
    /// it is done (made, or found made). One kept that can no longer be read is made
    /// again.
    pub(crate) fn ask(&self, id: i64, key: &str, waker: Option<NewsWaker>) -> Asked {
        if let Some(store) = self.store.upgrade()
            && matches!(kept(&store, id), Some((_, Kept::Readable)))
        {
            return Asked::Made;
        }
        let mut queue = self.inner.queue.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(asking) = queue.asked.iter_mut().find(|a| a.key == key) {
            if asking.game != id {
                return Asked::Busy(asking.game);
            }
            asking.wakers.extend(waker);
            return Asked::Queued;
        }
        queue.asked.push(Asking {
            key: key.to_owned(),
            game: id,
            wakers: waker.into_iter().collect(),
        });
        queue.waiting.push_back((id, key.to_owned()));
        self.inner.ready.notify_all();
        Asked::Queued
    }

    /// Whether `key`'s review is queued or under way: a look at the queue, no read of
    /// the store.
    pub(crate) fn busy(&self, key: &str) -> bool {
        let queue = self.inner.queue.lock().unwrap_or_else(|p| p.into_inner());
        queue.asked.iter().any(|a| a.key == key)
    }
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.give_up.store(true, Ordering::Relaxed);
    }
}

fn run(inner: &Arc<Inner>, pool: &EnginePool, store: &Weak<Store>, setup: &Setup) {
    nice_this_thread();
    loop {
        let (id, key) = {
            let mut queue = inner.queue.lock().unwrap_or_else(|p| p.into_inner());
            loop {
                if let Some(job) = queue.waiting.pop_front() {
                    break job;
                }
                // Only this thread and the reviewer handles hold the queue: when no
                // handle is left, nobody can ask again.
                if Arc::strong_count(inner) == 1 {
                    return;
                }
                queue = inner
                    .ready
                    .wait_timeout(queue, Duration::from_secs(1))
                    .unwrap_or_else(|p| p.into_inner())
                    .0;
            }
        };
        let Some(store) = store.upgrade() else {
            return;
        };
        let start = Instant::now();
        if let Some((values, unreadable)) = review(&store, id, pool, inner, &setup.budget) {
            let again = unreadable.is_some();
            store.writer().review(id, encode(&values), unreadable);
            store.writer().flush();
            if again {
                (setup.log)(&format!(
                    "game {id}'s kept review could not be read: made again, the old one kept in reviews_aside"
                ));
            }
            (setup.log)(&format!(
                "game {id} reviewed: {} in {:.1} s",
                crate::strings::count(values.len() as u64, "position", "positions"),
                start.elapsed().as_secs_f64()
            ));
        }
        let mut queue = inner.queue.lock().unwrap_or_else(|p| p.into_inner());
        let (done, left): (Vec<Asking>, Vec<Asking>) = std::mem::take(&mut queue.asked)
            .into_iter()
            .partition(|a| a.key == key && a.game == id);
        queue.asked = left;
        // Woken as the ask ends, so that nobody sees it ended before the wake: a
        // wake is a send that never blocks, nothing waits on it under the lock.
        for waker in done.iter().flat_map(|a| &a.wakers) {
            waker.wake();
        }
    }
}

/// A finished game's review as the store keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Kept {
    /// None is kept.
    Nothing,
    /// One is kept, and reads.
    Readable,
    /// One is kept that can no longer be read (an older format, damage): its text.
    Unreadable(String),
}

/// Game `id` and its kept review (`None`: no such game, or its record does not read).
fn kept(store: &Store, id: i64) -> Option<(Game, Kept)> {
    let (text, _, made) = store.club(|c| record_of(c, id)).ok()??;
    let game = parse_record(&text).ok()?.game;
    let kept = match made {
        None => Kept::Nothing,
        Some(made) if decode(&made, &game).is_some() => Kept::Readable,
        Some(made) => Kept::Unreadable(made),
    };
    Some((game, kept))
}

/// Game `id`'s review, made now, with the kept review it replaces because that one
/// could not be read (`None`: no such game, made already, or the server stops): the
/// local review's own analysis ([`analyse_game_with`] with [`evaluate_position`]),
/// each position on an engine lent at low priority.
fn review(
    store: &Store,
    id: i64,
    pool: &EnginePool,
    inner: &Inner,
    budget: &SearchLimit<'static>,
) -> Option<(Vec<PositionValue>, Option<String>)> {
    let (game, kept) = kept(store, id)?;
    let unreadable = match kept {
        Kept::Readable => return None,
        Kept::Nothing => None,
        Kept::Unreadable(text) => Some(text),
    };
    // One worker, spawned by this niced thread: on Linux it inherits the niceness.
    let values = analyse_game_with(
        &game,
        1,
        Some(&inner.give_up),
        |position, played, _| loop {
            let loan = pool.take_low(Arc::new(AtomicBool::new(false)), &inner.give_up)?;
            let eval = evaluate_position(position, played, budget, Some(loan.stop()));
            // A game's worker that waits took the engine back, cutting the search
            // short: the position is valued again once an engine is free, so a value
            // never depends on the server's load.
            if !loan.stop().load(Ordering::Relaxed) {
                return eval;
            }
        },
        |_| {},
    );
    let values: Option<Vec<PositionValue>> = values.into_iter().collect();
    Some((values?, unreadable))
}

/// The reviewer's thread gives way to every other thread of the server.
fn nice_this_thread() {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid and setpriority take no pointers; a failure is only reported.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        let _ = libc::setpriority(libc::PRIO_PROCESS, tid, 19);
    }
}

/// One value as the store keeps it: `margin exact outcome error` (`-` for no proven
/// outcome).
fn encode_value(value: &Value) -> String {
    let outcome = match value.outcome {
        Some(Wdl::Win) => "W",
        Some(Wdl::Draw) => "D",
        Some(Wdl::Loss) => "L",
        None => "-",
    };
    format!(
        "{} {} {outcome} {}",
        value.margin,
        u8::from(value.exact),
        value.margin_error
    )
}

/// A value read back from the fields [`encode_value`] wrote.
fn decode_value<'a>(fields: &mut impl Iterator<Item = &'a str>) -> Option<Value> {
    let margin = fields.next()?.parse().ok()?;
    let exact = fields.next()? == "1";
    let outcome = match fields.next()? {
        "W" => Some(Wdl::Win),
        "D" => Some(Wdl::Draw),
        "L" => Some(Wdl::Loss),
        "-" => None,
        _ => return None,
    };
    let margin_error = fields.next()?.parse().ok()?;
    Some(Value {
        margin,
        exact,
        outcome,
        margin_error,
    })
}

/// A review as the store keeps it: one position a line, `best value`, then `played
/// value` when the move played there was valued in the same search, then `>=N` or
/// `<=N` when proofs bound the points it lost to at least or at most N (`best` is
/// `-` on a full board; a value as [`encode_value`] writes it).
pub(crate) fn encode(values: &[PositionValue]) -> String {
    values
        .iter()
        .map(|v| {
            let best = v.best.map_or_else(|| "-".to_owned(), |m| m.to_string());
            let played = v.played.map_or_else(String::new, |(mv, value)| {
                format!(" {mv} {}", encode_value(&value))
            });
            let bound = match (v.played, v.loss_bound) {
                (Some(_), Some(LossBound::AtLeast(n))) => format!(" >={n}"),
                (Some(_), Some(LossBound::AtMost(n))) => format!(" <={n}"),
                _ => String::new(),
            };
            format!("{best} {}{played}{bound}\n", encode_value(&v.value))
        })
        .collect()
}

/// A loss bound as [`encode`] writes it.
fn decode_bound(field: &str) -> Option<LossBound> {
    if let Some(n) = field.strip_prefix(">=") {
        Some(LossBound::AtLeast(n.parse().ok()?))
    } else {
        Some(LossBound::AtMost(field.strip_prefix("<=")?.parse().ok()?))
    }
}

/// A kept review read back for `game`: `None` if it is not one position a line for
/// each of the game's positions (the game is then reviewed again, never shown wrong).
/// Reviews kept before the played move was valued with its position have no played
/// values: their losses come from the position after each move.
pub(crate) fn decode(text: &str, game: &Game) -> Option<Vec<PositionValue>> {
    let values: Vec<PositionValue> = text
        .lines()
        .map(|line| {
            let mut fields = line.split(' ');
            let best = match fields.next()? {
                "-" => None,
                square => Some(square.parse().ok()?),
            };
            let value = decode_value(&mut fields)?;
            let played = match fields.next() {
                None => None,
                Some(square) => Some((square.parse().ok()?, decode_value(&mut fields)?)),
            };
            let loss_bound = match fields.next() {
                None => None,
                Some(bound) => Some(decode_bound(bound)?),
            };
            fields.next().is_none().then_some(PositionValue {
                best,
                value,
                played,
                loss_bound,
            })
        })
        .collect::<Option<_>>()?;
    // A best move, and a move played, must be legal where they are given; the move
    // played must be the game's.
    let fits = values.len() == game.len() + 1
        && values.iter().enumerate().all(|(i, v)| {
            let position: &Position = game.position_at(i);
            let legal = |m: Move| position.legal_moves().any(|l| l == m);
            v.best.is_none_or(legal)
                && v.played
                    .is_none_or(|(m, _)| game.placements().get(i).map(|p| p.square()) == Some(m))
        });
    fits.then_some(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Record;
    use crate::review::Review;
    use crate::rules::Square;

    fn start_in(
        dir: &std::path::Path,
        pool: EnginePool,
        budget: SearchLimit<'static>,
    ) -> (Arc<Store>, Reviewer, Arc<Mutex<Vec<String>>>) {
        let (store, _) = Store::open(dir, Arc::new(|_: &str| {}), Box::new(|_, _| {})).unwrap();
        let store = Arc::new(store);
        let said: Arc<Mutex<Vec<String>>> = Arc::default();
        let into = said.clone();
        let log: Log = Arc::new(move |line: &str| into.lock().unwrap().push(line.to_owned()));
        let reviewer = Reviewer::start(pool, &store, Setup { budget, log });
        (store, reviewer, said)
    }

    #[test]
    fn a_review_reads_back_as_it_was_written_and_a_wrong_one_is_refused() {
        let game = Game::from_moves([Square::B2, Square::C3]).unwrap();
        let values: Vec<PositionValue> = (0..=game.len())
            .map(|i| PositionValue {
                best: game.position_at(i).legal_moves().next(),
                value: Value {
                    margin: i as i32 - 1,
                    exact: i == 2,
                    outcome: (i == 2).then_some(Wdl::Draw),
                    margin_error: 7,
                },
                played: game.placements().get(i).map(|p| {
                    let value = Value {
                        margin: -20,
                        exact: false,
                        outcome: Some(Wdl::Loss),
                        margin_error: 31,
                    };
                    (p.square(), value)
                }),
                loss_bound: [
                    Some(LossBound::AtLeast(15)),
                    Some(LossBound::AtMost(10)),
                    None,
                ][i.min(2)],
            })
            .collect();
        let text = encode(&values);
        assert_eq!(decode(&text, &game), Some(values.clone()));
        assert_eq!(decode(&text, &Game::new()), None, "another game");
        assert_eq!(decode("b2 x 1 - 0\n", &Game::new()), None);
        // A move played that is not the game's, or a field too many.
        let other = text.replacen(" b2 -20", " a1 -20", 1);
        assert_ne!(other, text);
        assert_eq!(decode(&other, &game), None);
        assert_eq!(decode(&text.replacen('\n', " 1\n", 1), &game), None);
        // A review kept before moves were valued with their positions still reads.
        let old: String = text
            .lines()
            .map(|l| format!("{}\n", l.split(' ').take(5).collect::<Vec<_>>().join(" ")))
            .collect();
        let alone: Vec<PositionValue> = values
            .iter()
            .map(|v| PositionValue {
                played: None,
                loss_bound: None,
                ..*v
            })
            .collect();
        assert_eq!(decode(&old, &game), Some(alone));
    }

    #[test]
    fn one_review_at_a_time_per_player() {
        let dir = tempfile::tempdir().unwrap();
        // One engine, held by a game's worker: nothing is reviewed meanwhile, so
        // game 1's job (a real game, which needs the engine) stays under way.
        let pool = EnginePool::new(1);
        let never = AtomicBool::new(false);
        let held = crate::ui::AiGate::acquire(&pool, &never, &mut || {}).unwrap();
        let (_store, reviewer, _) = start_in(dir.path(), pool.clone(), SearchLimit::nodes(200));
        let id = insert_finished(dir.path(), &row_by_row());
        // Two sessions of one player ask for the same game: each is woken when it is
        // made; one that asks for another game meanwhile is not.
        let sessions = [(); 3].map(|()| crate::ui::Inbox::new());
        let waker = |i: usize| Some(sessions[i].news_waker());
        assert_eq!(reviewer.ask(id, "SHA256:a", waker(0)), Asked::Queued);
        assert_eq!(reviewer.ask(id, "SHA256:a", waker(1)), Asked::Queued);
        assert_eq!(reviewer.ask(id + 1, "SHA256:a", waker(2)), Asked::Busy(id));
        assert_eq!(reviewer.ask(id + 1, "SHA256:b", None), Asked::Queued);
        assert!(reviewer.busy("SHA256:a"));
        let wait_done = |key: &str| {
            let start = std::time::Instant::now();
            while reviewer.busy(key) {
                assert!(
                    start.elapsed() < Duration::from_secs(30),
                    "{key} stays busy"
                );
                std::thread::sleep(Duration::from_millis(20));
            }
        };
        // The engine free, the review is made and the player may ask again.
        assert!(sessions.iter().all(|s| !s.take_news()), "woken early");
        drop(held);
        wait_done("SHA256:a");
        assert!(sessions[0].take_news() && sessions[1].take_news());
        assert!(!sessions[2].take_news(), "the busy ask is not woken");
        assert_eq!(reviewer.ask(id, "SHA256:a", None), Asked::Made);
        // A game that is not there: its job ends with nothing kept.
        assert_eq!(reviewer.ask(id + 1, "SHA256:a", None), Asked::Queued);
        wait_done("SHA256:a");
        wait_done("SHA256:b");
    }

    /// `game` as a finished game between ann and bob in the club's database in `dir`:
    /// its number.
    fn insert_finished(dir: &std::path::Path, game: &Game) -> i64 {
        let record = Record::from_game(game, [("Blue", "ann"), ("Yellow", "bob")])
            .unwrap()
            .to_string();
        let db = rusqlite::Connection::open(super::super::store::db_path(dir)).unwrap();
        db.busy_timeout(Duration::from_secs(10)).unwrap();
        db.execute(
            "INSERT INTO finished (date, blue_name, blue_key, yellow_name, yellow_key, result,
                                   termination, ruleset, claims, blue_total, yellow_total, moves,
                                   record, rated, speed)
             VALUES ('2027-01-01T12:00:00Z', 'ann', 'SHA256:ann', 'bob', 'SHA256:bob', '*',
                     'normal', 'standard', 0, 0, 0, 64, ?1, 0, 'live')",
            [&record],
        )
        .unwrap();
        db.last_insert_rowid()
    }

    /// 64 moves that fill the board square by square, row by row: a game full of
    /// mistakes.
    fn row_by_row() -> Game {
        let order: Vec<Square> = Square::ALL.to_vec();
        Game::from_moves((0..4).flat_map(|_| order.clone())).unwrap()
    }

    #[test]
    fn the_server_s_review_is_the_local_review_for_the_same_game_and_budget() {
        let dir = tempfile::tempdir().unwrap();
        // A node budget: one thread searches the same way whatever the load.
        let budget = SearchLimit::nodes(4_000);
        let (store, reviewer, said) = start_in(dir.path(), EnginePool::new(1), budget);
        let game = row_by_row();
        let id = insert_finished(dir.path(), &game);
        assert_eq!(reviewer.ask(id, "SHA256:ann", None), Asked::Queued);
        let start = std::time::Instant::now();
        while reviewer.busy("SHA256:ann") {
            assert!(start.elapsed() < Duration::from_secs(60), "no review");
            std::thread::sleep(Duration::from_millis(20));
        }
        let (_, _, kept) = store.club(|c| record_of(c, id)).unwrap().unwrap();
        let served = decode(&kept.expect("the review is kept"), &game).unwrap();
        // The local review, on one thread with the same budget.
        let local = crate::review::analyse_game_with(
            &game,
            1,
            None,
            |p, mv, stop| evaluate_position(p, mv, &budget, stop),
            |_| {},
        );
        let local: Vec<PositionValue> = local.into_iter().map(Option::unwrap).collect();
        assert_eq!(served, local);
        // Every move but the last position's valued with its position, and the
        // verdicts are the same, some of them worse than good.
        assert!(served[..64].iter().all(|v| v.played.is_some()));
        let some = |v: &[PositionValue]| v.iter().copied().map(Some).collect::<Vec<_>>();
        let (served, local) = (
            Review::build(&game, &some(&served)),
            Review::build(&game, &some(&local)),
        );
        assert_eq!(served.moves, local.moves);
        assert_eq!(served.moves.len(), 64);
        assert!(
            served
                .moves
                .iter()
                .any(|m| m.class > crate::review::Class::Good)
        );
        // Asked again, by anyone: made already, never made twice.
        assert_eq!(reviewer.ask(id, "SHA256:bob", None), Asked::Made);
        let made = said.lock().unwrap().clone();
        assert_eq!(made.len(), 1, "{made:?}");
        assert!(
            made[0].starts_with(&format!("game {id} reviewed: 65 positions in")),
            "{made:?}"
        );
    }
}
