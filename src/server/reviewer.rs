//! The engine's review of finished games at the server: one thread, on the AI's
//! engine pool at low priority (an engine only while no game's worker waits, given
//! back at once when one does), niced; one review at a time per player who asked,
//! and its result kept in the store, so a game is reviewed once.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, Weak};
use std::time::Duration;

use crate::ai::analysis::evaluate;
use crate::ai::search::Wdl;
use crate::review::{PositionValue, REVIEW_THINK_MS, Value};
use crate::rules::{Game, Position};
use crate::session::parse_record;

use super::pool::EnginePool;
use super::store::Store;
use super::store::club::{record_of, reviewed};

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
    asked: Vec<(String, i64)>,
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
    pub(crate) fn start(pool: EnginePool, store: &Arc<Store>) -> Reviewer {
        let inner = Arc::new(Inner::default());
        let reviewer = Reviewer {
            inner: inner.clone(),
            store: Arc::downgrade(store),
        };
        let weak = Arc::downgrade(store);
        let _ = std::thread::Builder::new()
            .name("hijara-review".into())
            .spawn(move || run(&inner, &pool, &weak));
        reviewer
    }

    /// `key` asks for game `id`'s review.
    pub(crate) fn ask(&self, id: i64, key: &str) -> Asked {
        if let Some(store) = self.store.upgrade()
            && store.club(|c| reviewed(c, id)).unwrap_or(false)
        {
            return Asked::Made;
        }
        let mut queue = self.inner.queue.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((_, game)) = queue.asked.iter().find(|(k, _)| k == key) {
            return if *game == id {
                Asked::Queued
            } else {
                Asked::Busy(*game)
            };
        }
        queue.asked.push((key.to_owned(), id));
        queue.waiting.push_back((id, key.to_owned()));
        self.inner.ready.notify_all();
        Asked::Queued
    }

    /// Whether `key`'s review is queued or under way.
    #[cfg(test)]
    pub(crate) fn busy(&self, key: &str) -> bool {
        let queue = self.inner.queue.lock().unwrap_or_else(|p| p.into_inner());
        queue.asked.iter().any(|(k, _)| k == key)
    }
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.give_up.store(true, Ordering::Relaxed);
    }
}

fn run(inner: &Arc<Inner>, pool: &EnginePool, store: &Weak<Store>) {
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
        if let Some(text) = review(&store, id, pool, inner) {
            store.writer().review(id, text);
            store.writer().flush();
        }
        let mut queue = inner.queue.lock().unwrap_or_else(|p| p.into_inner());
        queue.asked.retain(|(k, game)| !(k == &key && *game == id));
    }
}

/// Game `id`'s review, made now (`None`: no such game, made already, or the server
/// stops).
fn review(store: &Store, id: i64, pool: &EnginePool, inner: &Inner) -> Option<String> {
    let (text, _, made) = store.club(|c| record_of(c, id)).ok()??;
    if made.is_some() {
        return None;
    }
    let game = parse_record(&text).ok()?.game;
    let think = Duration::from_millis(REVIEW_THINK_MS);
    let stop = Arc::new(AtomicBool::new(false));
    let mut values = Vec::new();
    for index in 0..=game.len() {
        let position = *game.position_at(index);
        if position.is_over() {
            values.push(PositionValue::terminal(&position));
            continue;
        }
        // A game's worker that waits takes the engine back; the position is tried
        // again once an engine is free.
        let value = loop {
            let loan = pool.take_low(stop.clone(), &inner.give_up)?;
            if let Some(eval) = evaluate(&position, think, Some(loan.stop())) {
                break PositionValue::of(&position, eval);
            }
        };
        values.push(value);
    }
    Some(encode(&values))
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

/// A review as the store keeps it: one position a line, `best margin exact outcome
/// error` (`-` for no best move on a full board, for no proven outcome).
pub(crate) fn encode(values: &[PositionValue]) -> String {
    values
        .iter()
        .map(|v| {
            let best = v.best.map_or_else(|| "-".to_owned(), |m| m.to_string());
            let outcome = match v.value.outcome {
                Some(Wdl::Win) => "W",
                Some(Wdl::Draw) => "D",
                Some(Wdl::Loss) => "L",
                None => "-",
            };
            format!(
                "{best} {} {} {outcome} {}\n",
                v.value.margin,
                u8::from(v.value.exact),
                v.value.margin_error
            )
        })
        .collect()
}

/// A kept review read back for `game`: `None` if it is not one position a line for
/// each of the game's positions (the game is then reviewed again, never shown wrong).
pub(crate) fn decode(text: &str, game: &Game) -> Option<Vec<PositionValue>> {
    let values: Vec<PositionValue> = text
        .lines()
        .map(|line| {
            let mut fields = line.split(' ');
            let best = match fields.next()? {
                "-" => None,
                square => Some(square.parse().ok()?),
            };
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
            Some(PositionValue {
                best,
                value: Value {
                    margin,
                    exact,
                    outcome,
                    margin_error,
                },
                // The server's review values each position alone (`evaluate`):
                // a move's loss comes from the position after it.
                played: None,
            })
        })
        .collect::<Option<_>>()?;
    // A best move must be legal where it is given.
    let fits = values.len() == game.len() + 1
        && values.iter().enumerate().all(|(i, v)| {
            let position: &Position = game.position_at(i);
            v.best
                .is_none_or(|m| position.legal_moves().any(|l| l == m))
        });
    fits.then_some(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

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
                played: None,
            })
            .collect();
        let text = encode(&values);
        assert_eq!(decode(&text, &game), Some(values));
        assert_eq!(decode(&text, &Game::new()), None, "another game");
        assert_eq!(decode("b2 x 1 - 0\n", &Game::new()), None);
    }

    #[test]
    fn one_review_at_a_time_per_player() {
        let dir = tempfile::tempdir().unwrap();
        let (store, _) = Store::open(dir.path(), Arc::new(|_: &str| {}), Box::new(|_| {})).unwrap();
        let store = Arc::new(store);
        // One engine, held by a game's worker: nothing is reviewed meanwhile.
        let pool = EnginePool::new(1);
        let never = AtomicBool::new(false);
        let _held = crate::ui::AiGate::acquire(&pool, &never, &mut || {}).unwrap();
        let reviewer = Reviewer::start(pool.clone(), &store);
        assert_eq!(reviewer.ask(1, "SHA256:a"), Asked::Queued);
        assert_eq!(reviewer.ask(1, "SHA256:a"), Asked::Queued);
        assert_eq!(reviewer.ask(2, "SHA256:a"), Asked::Busy(1));
        assert_eq!(reviewer.ask(2, "SHA256:b"), Asked::Queued);
        assert!(reviewer.busy("SHA256:a"));
        // Game 1 is no game: its job ends with nothing kept, and the player may ask
        // again.
        let start = std::time::Instant::now();
        while reviewer.busy("SHA256:a") {
            assert!(start.elapsed() < Duration::from_secs(10));
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}
