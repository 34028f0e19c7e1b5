//! CPU time as the measuring tools read it beside wall time: a move or a
//! position past its budget with little CPU of its own waited for a core.

use std::time::Duration;

/// Whose CPU time: the calling thread's, or the whole process's (all threads).
#[derive(Clone, Copy, Debug)]
#[allow(dead_code)] // each tool uses one of the two
pub enum Clock {
    /// The calling thread's.
    Thread,
    /// The whole process's, all its threads.
    Process,
}

/// The CPU time `clock` has used so far.
#[cfg(unix)]
pub fn cpu_time(clock: Clock) -> Duration {
    let id = match clock {
        Clock::Thread => libc::CLOCK_THREAD_CPUTIME_ID,
        Clock::Process => libc::CLOCK_PROCESS_CPUTIME_ID,
    };
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec it is handed, which lives here.
    unsafe { libc::clock_gettime(id, &mut ts) };
    Duration::new(
        ts.tv_sec.max(0) as u64,
        ts.tv_nsec.clamp(0, 999_999_999) as u32,
    )
}

/// No CPU clock off Unix: the tools' CPU columns read zero there.
#[cfg(not(unix))]
pub fn cpu_time(_clock: Clock) -> Duration {
    Duration::ZERO
}

/// [`cpu_time`] in milliseconds.
#[allow(dead_code)] // each tool uses one of the two forms
pub fn cpu_ms(clock: Clock) -> f64 {
    cpu_time(clock).as_secs_f64() * 1000.0
}
