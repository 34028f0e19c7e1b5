//! A panic on a worker thread (the AI's search, a puzzle check, a review's analysis),
//! caught on that thread ([`catching`]) and handed to its event loop as an error
//! message, instead of restoring the terminal under a screen that goes on drawing.
//!
//! The panic hook of the full screen (`ui::terminal`) leaves a panic caught here
//! alone ([`noted`]): it neither restores the terminal nor prints, and only notes
//! where the panic happened, for the message. The event loop then ends (the AI, the
//! puzzle check) or goes on without the worker (the analysis), and the terminal is
//! restored once, on the loop's way out.
//!
//! `HIJARA_TEST_PANIC=WORKER` (`ai`, `check`, `analysis` or `smp`) makes that worker panic
//! at its next job ([`test_panic`]): only the tests set it, to check the above.

use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The environment variable a test sets to make a worker panic ([`test_panic`]).
pub(crate) const TEST_PANIC: &str = "HIJARA_TEST_PANIC";

thread_local! {
    /// This thread runs a job under [`catching`]: a panic here is caught.
    static CATCHING: Cell<bool> = const { Cell::new(false) };
    /// Where the last caught panic of this thread happened, as the hook saw it.
    static WHERE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `job`, catching a panic in it: `Err` then holds the panic's message (and,
/// when the hook of ours saw it, where it happened). The job's state may be broken
/// after a panic: the caller drops it.
pub(crate) fn catching<T>(job: impl FnOnce() -> T) -> Result<T, String> {
    let was = CATCHING.with(|c| c.replace(true));
    let result = catch_unwind(AssertUnwindSafe(job));
    CATCHING.with(|c| c.set(was));
    result.map_err(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_owned());
        match WHERE.with(|w| w.borrow_mut().take()) {
            Some(at) => format!("{what} (at {at})"),
            None => what,
        }
    })
}

/// For the panic hook: whether the panic under way will be caught by [`catching`]
/// on this thread (then the hook leaves the terminal alone and prints nothing), noting
/// where it happened for the message.
pub(crate) fn noted(info: &std::panic::PanicHookInfo<'_>) -> bool {
    if !CATCHING.with(Cell::get) {
        return false;
    }
    let at = info
        .location()
        .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
    WHERE.with(|w| *w.borrow_mut() = at);
    true
}

/// Runs the `body` of a helper thread that a thread under [`catching`] started
/// (`parent`: [`catching_here`] on that thread, read before the start): its panic is
/// caught without the hook's restore and carried on unwinding, hook-less, to whoever
/// joins the helper, with its message. Outside [`catching`], `body` runs as it is.
pub(crate) fn helper<T>(parent: bool, body: impl FnOnce() -> T) -> T {
    if !parent {
        return body();
    }
    match catching(body) {
        Ok(value) => value,
        Err(message) => std::panic::resume_unwind(Box::new(message)),
    }
}

/// Whether this thread runs a job under [`catching`].
pub(crate) fn catching_here() -> bool {
    CATCHING.with(Cell::get)
}

/// Panics when [`TEST_PANIC`] names `worker`: the tests' way to make a worker fail.
pub(crate) fn test_panic(worker: &str) {
    if std::env::var_os(TEST_PANIC).is_some_and(|v| v == worker) {
        panic!("the {worker} worker panicked as {TEST_PANIC} asked");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_in_the_job_comes_back_as_its_message() {
        assert_eq!(catching(|| 7), Ok(7));
        let failed = catching(|| -> u8 { panic!("the search broke") });
        assert!(failed.unwrap_err().starts_with("the search broke"));
        let formatted = catching(|| -> u8 { panic!("move {}", 3) });
        assert!(formatted.unwrap_err().starts_with("move 3"));
        // Outside `catching` again: a panic is not noted as caught.
        assert!(!catching_here());
    }

    /// A helper thread's panic reaches its parent's `catching` with its own message,
    /// not as "a scoped thread panicked".
    #[test]
    fn a_helper_threads_panic_reaches_the_parent_with_its_message() {
        let failed = catching(|| {
            let parent = catching_here();
            std::thread::scope(|scope| {
                let helper =
                    scope.spawn(move || helper(parent, || -> u8 { panic!("helper broke") }));
                if let Err(payload) = helper.join() {
                    std::panic::resume_unwind(payload);
                }
            })
        });
        assert!(failed.unwrap_err().starts_with("helper broke"));
    }
}
