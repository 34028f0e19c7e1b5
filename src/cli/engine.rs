//! `hijara engine`: the GTP-style protocol on stdin/stdout (see [`crate::ai::gtp`]).

use std::io::{BufRead, Write};

use crate::ai::gtp::Session;

pub(crate) fn run(args: &super::EngineArgs) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    let mut session = Session::new();
    if let Some(threads) = args.threads.get() {
        session.set_threads(threads);
    }
    for line in stdin.lock().lines() {
        let line = line?;
        if let Some(reply) = session.handle(&line) {
            stdout.write_all(reply.as_bytes())?;
            stdout.flush()?;
        }
        if session.has_quit() {
            break;
        }
    }
    Ok(())
}
