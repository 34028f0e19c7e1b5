//! Key re-exchanges a client asks for, counted per connection. russh 0.65 answers a
//! client's `SSH_MSG_KEXINIT` by itself and calls no `Handler` method for it (nor does
//! its `Config` bound them: `limits` are when the server re-keys of its own accord).
//! The one trace it leaves is a line in the `log` crate's log, "Client has initiated
//! re-key" (target `russh::server`, level info), written while the connection's own
//! task runs. So the server installs a `log` logger ([`install`]) that takes that line
//! alone, finds the connection by the tokio task it was written on (each connection's
//! [`Cuttable`](super::door::Cuttable) notes the task that reads its socket,
//! [`super::door::note_task`]) and counts it against its door
//! ([`super::door::Door::rekeyed`]). (The tasks' map
//! is the door's: the door module imports nothing of this one.) Every other log
//! line is dropped, as it was with no logger.

use std::sync::LazyLock;

use super::door::door_of_task;

/// russh 0.65's log line for a key re-exchange its client began
/// (`russh::server::reply`, src/server/mod.rs). `tests/it`'s re-key test fails if a
/// russh update words it otherwise.
pub(crate) const REKEY_LINE: &str = "Client has initiated re-key";

/// The `log` target the line is written to.
const REKEY_TARGET: &str = "russh::server";

/// The logger: counts [`REKEY_LINE`] against the door of the task it is written on.
struct Watch;

impl ::log::Log for Watch {
    fn enabled(&self, metadata: &::log::Metadata<'_>) -> bool {
        metadata.level() == ::log::Level::Info && metadata.target() == REKEY_TARGET
    }

    fn log(&self, record: &::log::Record<'_>) {
        if !self.enabled(record.metadata()) || record.args().as_str() != Some(REKEY_LINE) {
            return;
        }
        if let Some(door) = tokio::task::try_id().and_then(door_of_task) {
            door.rekeyed(std::time::Instant::now());
        }
    }

    fn flush(&self) {}
}

/// The logger, the process's: `log` keeps one logger per process, for good (a
/// `'static`). It holds nothing: what it counts goes to the connection's door.
static WATCH: Watch = Watch;

/// Installs the logger that counts re-keys, once a process. `false` if another
/// `log` logger was there first (then re-keys are bounded by the bytes of
/// [`super::door::Door::read`] alone).
pub(crate) fn install() -> bool {
    static INSTALLED: LazyLock<bool> = LazyLock::new(|| {
        let set = ::log::set_logger(&WATCH).is_ok();
        if set {
            // Info and above reach `Watch::enabled`, a comparison each; debug and
            // trace lines are not even formatted, as with no logger.
            ::log::set_max_level(::log::LevelFilter::Info);
        }
        set
    });
    *INSTALLED
}

#[cfg(test)]
mod tests {
    use super::super::door::{Door, forget_task, note_task};
    use super::*;
    use std::sync::Arc;

    /// The line, written on a task a door noted, is counted against that door; on
    /// another task, or another line, against none.
    #[test]
    fn the_re_key_line_counts_against_the_door_of_its_task() {
        assert!(install(), "no other logger in the lib tests");
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let door = Arc::new(Door::default());
        let seen = door.clone();
        runtime.block_on(async move {
            let task = tokio::spawn(async move {
                let id = tokio::task::try_id();
                note_task(None, id, &seen);
                ::log::info!(target: REKEY_TARGET, "Client has initiated re-key");
                ::log::info!(target: REKEY_TARGET, "something else");
                forget_task(id);
                // Forgotten: no longer counted.
                ::log::info!(target: REKEY_TARGET, "Client has initiated re-key");
            });
            task.await.unwrap();
            // Another task, never noted.
            tokio::spawn(async {
                ::log::info!(target: REKEY_TARGET, "Client has initiated re-key");
            })
            .await
            .unwrap();
        });
        assert_eq!(door.rekeys_counted(), 1);
    }
}
