//! `hijara engine`: the GTP-style protocol on stdin/stdout (see [`crate::ai::gtp`]).
//!
//! Input is untrusted: lines are read as bytes, at most [`MAX_LINE`] of them held,
//! and a line that is not UTF-8 or is too long is answered with `?` and skipped, the
//! session going on. Only a line of more than [`MAX_READ`] bytes, no line end in
//! sight, is no command stream (`hijara engine < /dev/zero`): it is answered as too
//! long, and the session ends there.

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use anyhow::Context;

use crate::ai::gtp::Session;

/// The longest line read as a command, in bytes. A longer one is read to its end
/// without being held, and refused.
pub const MAX_LINE: usize = 4096;

/// The most read of one line, kept or not: a longer one is taken for no commands at
/// all (a binary file, `/dev/zero`), the rest is left unread and the session ends.
/// Every byte read counts, NULs too (GTP drops them later): before s26 a line of NULs
/// was read on to an end that never came. Up to it a line of any length is one bad
/// command, answered once: 8 MiB until s27 ended the session of a peer that sent one
/// 9 MiB line; 64 MiB of `/dev/zero` are read in well under a second.
pub const MAX_READ: usize = 64 << 20;

/// One line of input, its line end removed.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    /// A line to hand to the session: its text before any `#` comment is UTF-8.
    Text(String),
    /// Longer than [`MAX_LINE`].
    TooLong,
    /// Not UTF-8 before its comment.
    NotUtf8,
    /// Longer than [`MAX_READ`]: the rest is left unread.
    Endless,
}

/// Reads the next line from `input`, holding at most [`MAX_LINE`] bytes of it;
/// `None` at the end of the input.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<Line>> {
    buf.clear();
    let mut too_long = false;
    let mut any = false;
    // Bytes of this line read so far, kept or dropped.
    let mut read = 0usize;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let newline = chunk.iter().position(|&b| b == b'\n');
        let end = newline.unwrap_or(chunk.len());
        if !too_long {
            // One byte more than the limit, for a CR before the LF.
            let room = (MAX_LINE + 1).saturating_sub(buf.len());
            buf.extend_from_slice(&chunk[..end.min(room)]);
            if end > room {
                too_long = true;
                buf.clear();
            }
        }
        input.consume(newline.map_or(end, |i| i + 1));
        // Counted alike however the input comes in chunks, its line end seen or not.
        read = read.saturating_add(end);
        if read > MAX_READ {
            return Ok(Some(Line::Endless));
        }
        if newline.is_some() {
            break;
        }
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    if too_long || buf.len() > MAX_LINE {
        return Ok(Some(Line::TooLong));
    }
    // Bad bytes inside a `#` comment do not matter: the comment is dropped.
    let command = buf.split(|&b| b == b'#').next().unwrap_or(&[]);
    Ok(Some(match std::str::from_utf8(command) {
        Ok(text) => Line::Text(text.to_owned()),
        Err(_) => Line::NotUtf8,
    }))
}

/// Runs the protocol from `input` to `output` until `quit` or the end of input.
#[cfg(test)]
fn serve(
    session: &mut Session,
    mut input: impl BufRead,
    output: &mut impl Write,
) -> anyhow::Result<()> {
    let mut buf = Vec::new();
    serve_lines(session, || read_line(&mut input, &mut buf), output)
}

/// How long a `genmove` may go on thinking, at most, once a `quit` or the end of the
/// input has been read ahead of its answer; then it answers the move found so far. As
/// long as hard's default thinking time, so `printf 'genmove blue\nquit\n' | hijara
/// engine` at the defaults answers the move thought in full; a node budget (no time
/// limit) or a longer time is cut to it, so the engine ends within about this after a
/// `quit`, from any position, whatever its budget.
pub const QUIT_GRACE: Duration = Duration::from_millis(crate::ai::HARD_THINK_MS);

/// The most lines read ahead of the one being answered: with [`MAX_LINE`] bytes held
/// of each, a MiB. A `quit` sent further ahead than this is read once the lines
/// before it are answered.
const READ_AHEAD: usize = 256;

/// Reads the lines of `open()`'s input on a thread of its own, ahead of the one being
/// answered (at most [`READ_AHEAD`] held), so a `quit` or the end of the input is seen
/// while a `genmove` thinks: [`QUIT_GRACE`] after it, `stop` is set, and the search
/// answers what it has found. The lines still come one at a time, in order, and each
/// is answered in turn: GTP's order is kept. After a `quit`, nothing more is read.
fn read_ahead<R: BufRead>(
    open: impl FnOnce() -> R + Send + 'static,
    stop: Arc<AtomicBool>,
) -> Receiver<io::Result<Option<Line>>> {
    let (lines, received) = mpsc::sync_channel(READ_AHEAD);
    let reader = move || {
        let mut input = open();
        let mut buf = Vec::new();
        let mut first = true;
        loop {
            let line = read_line(&mut input, &mut buf);
            // The last line read: a quit (as the session will take it), the end, a
            // line of no end, or a failure, each of which ends the session.
            let last = match &line {
                Ok(Some(Line::Text(text))) if first => {
                    crate::ai::gtp::quits(crate::session::without_bom(text))
                }
                Ok(Some(Line::Text(text))) => crate::ai::gtp::quits(text),
                Ok(Some(Line::TooLong | Line::NotUtf8)) => false,
                Ok(Some(Line::Endless) | None) | Err(_) => true,
            };
            first = false;
            if lines.send(line).is_err() {
                return;
            }
            if last {
                std::thread::sleep(QUIT_GRACE);
                stop.store(true, Ordering::Relaxed);
                return;
            }
        }
    };
    if let Err(error) = std::thread::Builder::new()
        .name("hijara-engine-input".into())
        .spawn(reader)
    {
        // No thread: the session sees a failed read at once.
        let (failed, received) = mpsc::sync_channel(1);
        let _ = failed.send(Err(error));
        return received;
    }
    received
}

/// Runs the protocol on the lines `next` gives until `quit` or the end of the input.
fn serve_lines(
    session: &mut Session,
    mut next: impl FnMut() -> io::Result<Option<Line>>,
    output: &mut impl Write,
) -> anyhow::Result<()> {
    let mut first = true;
    while let Some(line) = next().context("cannot read standard input")? {
        let line_endless = line == Line::Endless;
        let reply = match line {
            // A byte-order mark starting the input (a commands file saved by a
            // Windows editor) is no part of the first command: it was answered
            // `? unknown command `\u{feff}name`` (QA, cli26).
            Line::Text(text) if first => session.handle(crate::session::without_bom(&text)),
            Line::Text(text) => session.handle(&text),
            Line::TooLong | Line::Endless => {
                Some(format!("? line too long (over {MAX_LINE} bytes)\n\n"))
            }
            Line::NotUtf8 => Some("? the line is not UTF-8 text\n\n".to_owned()),
        };
        if let Some(reply) = reply {
            output
                .write_all(reply.as_bytes())
                .and_then(|()| output.flush())
                .context(super::out::STDOUT_FAILED)?;
        }
        if line_endless {
            anyhow::bail!(
                "standard input: a line of over {} MiB: not engine commands",
                MAX_READ >> 20
            );
        }
        if session.has_quit() {
            break;
        }
        first = false;
    }
    Ok(())
}

pub(crate) fn run(args: &super::EngineArgs) -> anyhow::Result<()> {
    let mut session = Session::new();
    if let Some(threads) = args.threads.get() {
        session.set_threads(threads);
    }
    // Set when the controller is gone (at once), or a while after a quit or the
    // end of the input was read ([`QUIT_GRACE`]).
    let stop = Arc::new(AtomicBool::new(false));
    watch_the_reader(&stop);
    session.stop_when(Arc::clone(&stop));
    let lines = read_ahead(|| io::stdin().lock(), stop);
    // The reader's thread gone, every line it read taken: the end of the input.
    let next = || lines.recv().unwrap_or(Ok(None));
    serve_lines(&mut session, next, &mut io::stdout().lock())?;
    Ok(())
}

/// Sets `gone` once nobody reads standard output any more: the controller has gone
/// (its end of the pipe or socket closed, or the terminal hung up). A `genmove` then
/// stops thinking at once; its reply finds the pipe closed, which ends the process
/// quietly (SIGPIPE, as `cli::end_quietly_on_a_closed_pipe` asks). The end of the
/// input alone is no sign of it (the controller may still read): that one stops the
/// search only [`QUIT_GRACE`] later ([`read_ahead`]). A thread of its own, left to the process's end;
/// none where standard output is a file (which is never closed from the far side).
#[cfg(unix)]
fn watch_the_reader(gone: &Arc<AtomicBool>) {
    let gone = Arc::clone(gone);
    let _ = std::thread::Builder::new()
        .name("hijara-engine-reader".into())
        .spawn(move || {
            loop {
                // No event asked: poll wakes only for the far side's close (a pipe's
                // error, a socket's or terminal's hang-up), which it always reports.
                let mut out = libc::pollfd {
                    fd: libc::STDOUT_FILENO,
                    events: 0,
                    revents: 0,
                };
                // SAFETY: one valid pollfd, for the length given.
                let ready = unsafe { libc::poll(&mut out, 1, -1) };
                if ready < 0 {
                    if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
                        continue;
                    }
                    return;
                }
                if out.revents & (libc::POLLHUP | libc::POLLERR) != 0 {
                    gone.store(true, Ordering::Relaxed);
                }
                // Gone for good, or standard output closed (POLLNVAL): nothing to watch.
                if ready > 0 {
                    return;
                }
            }
        });
}

#[cfg(not(unix))]
fn watch_the_reader(_gone: &Arc<AtomicBool>) {}

#[cfg(test)]
mod tests {
    use super::*;

    fn replies(input: &[u8]) -> String {
        let mut out = Vec::new();
        serve(&mut Session::new(), input, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_non_utf8_line_is_answered_and_the_session_goes_on() {
        // Issue 18 D's reproducer: `printf 'name\n\xff\nname\n' | hijara engine`.
        assert_eq!(
            replies(b"name\n\xff\nname\n"),
            "= hijara\n\n? the line is not UTF-8 text\n\n= hijara\n\n"
        );
        // Inside a comment, bad bytes are dropped with it.
        assert_eq!(replies(b"name # caf\xe9\n"), "= hijara\n\n");
        assert_eq!(
            replies(b"name\r\nversion"),
            format!("= hijara\n\n= {}\n\n", env!("CARGO_PKG_VERSION"))
        );
    }

    /// QA (cli26): a commands file saved with a byte-order mark answered its first
    /// command `? unknown command `\u{feff}name``. The mark starts the input only: one
    /// later is the line's text, as before.
    #[test]
    fn a_byte_order_mark_starting_the_input_is_no_part_of_the_command() {
        assert_eq!(
            replies("\u{feff}name\r\nname\r\n".as_bytes()),
            "= hijara\n\n= hijara\n\n"
        );
        let later = replies("name\n\u{feff}name\n".as_bytes());
        assert!(
            later.starts_with("= hijara\n\n? unknown command"),
            "{later}"
        );
    }

    #[test]
    fn long_lines_are_refused_without_being_held_or_echoed() {
        let mut input = vec![b'x'; 1 << 20];
        input.extend_from_slice(b"\nname\n");
        let out = replies(&input);
        assert_eq!(out, "? line too long (over 4096 bytes)\n\n= hijara\n\n");
        // At the limit, a line is still read (and its unknown command quoted).
        let mut input = vec![b'x'; MAX_LINE];
        input.extend_from_slice(b"\r\n");
        assert!(replies(&input).starts_with("? unknown command"));
        // A huge comment line is not held either.
        let mut input = b"#".to_vec();
        input.extend(std::iter::repeat_n(b'c', 3 << 20));
        assert_eq!(replies(&input), "? line too long (over 4096 bytes)\n\n");
    }

    /// One hostile line for [`random_and_hostile_lines_never_break_the_session`]:
    /// raw bytes, a command with odd words, a huge line, bad UTF-8 or control bytes,
    /// or a well-formed command for `game`, the session's game (a move for the side
    /// to move, mostly legal), so the games go on to a full board and back.
    fn hostile_line(rng: &mut impl rand::Rng, game: &crate::rules::Game) -> Vec<u8> {
        use rand::seq::IndexedRandom;
        // Arguments, odd words and characters; the commands come from the session's own list.
        const WORDS: &[&str] = &[
            "blue",
            "yellow",
            "BLUE",
            "b2",
            "a1",
            "d4",
            "e5",
            "z9",
            "a0",
            "hard",
            "random",
            "corners",
            "x",
            "0",
            "1",
            "2",
            "3",
            "5",
            "4",
            "-1",
            "257",
            "1000000001",
            "3600001",
            "18446744073709551616",
            "\u{202e}",
            "\u{200b}",
            "\u{301}\u{301}",
            "\u{754c}",
            "\u{661}",
            "\u{2028}",
            "\u{3000}",
            "#",
            "\t",
            "\r",
            "\0",
            "\x1b[2J",
        ];
        let mut line = Vec::new();
        match rng.random_range(0..10) {
            // Raw bytes, any of the 256 (newlines too: several lines in one).
            0 => line.extend((0..rng.random_range(0..80)).map(|_| rng.random::<u8>())),
            // A huge line, past the limit or just under it.
            1 => {
                let len = [MAX_LINE - 1, MAX_LINE, MAX_LINE + 1, 100_000][rng.random_range(0..4)];
                line.extend((0..len).map(|_| *b"play blue b2 \x1b\0"[..].choose(rng).unwrap()));
                line.retain(|&b| b != b'\n');
            }
            // Invalid UTF-8 in a command.
            2 => {
                line.extend_from_slice(b"play blue ");
                let bad: [&[u8]; 5] = [
                    b"\xff",
                    b"\xc3",
                    b"\xed\xa0\x80",
                    b"\xf4\x90\x80\x80",
                    b"\xc0\xaf",
                ];
                line.extend_from_slice(bad.choose(rng).unwrap());
                line.extend_from_slice(b"b2");
            }
            // A well-formed command of the game's commands: word salad alone played a
            // legal move about once a run, so the board stayed nearly empty, and a fault
            // in `undo`, `showboard` or `final_score` with stones on, or on a full
            // board, went unseen (s20: a panic in `undo` after 6 moves passed).
            3 | 4 => {
                let to_move = game.to_move().name();
                let square = |rng: &mut _| {
                    let n: u8 = rand::Rng::random_range(rng, 0..16);
                    format!("{}{}", char::from(b'a' + n % 4), n / 4 + 1)
                };
                let command = match rng.random_range(0..10) {
                    // Now and then the rest of the game, a legal move a line.
                    0 => {
                        let mut rest = game.clone();
                        let mut lines = Vec::new();
                        while let Some(&mv) = rest
                            .position()
                            .legal_moves()
                            .collect::<Vec<_>>()
                            .choose(rng)
                        {
                            lines.push(format!("play {} {mv}", rest.to_move().name()));
                            let _ = rest.play(mv);
                        }
                        lines.join("\n")
                    }
                    1..=4 => format!("play {to_move} {}", square(rng)),
                    5 => format!("genmove {to_move}"),
                    6 => "undo".to_owned(),
                    7 => "showboard".to_owned(),
                    8 => "final_score".to_owned(),
                    _ => format!("play {} {}", game.to_move().other().name(), square(rng)),
                };
                line.extend_from_slice(command.as_bytes());
            }
            // Words from the list, with an id at times: commands in any order.
            _ => {
                if rng.random_bool(0.2) {
                    line.extend_from_slice(
                        ["7 ", "0 ", "1234567890 ", "\u{661} "][rng.random_range(0..4)].as_bytes(),
                    );
                }
                for i in 0..rng.random_range(0..5) {
                    if i > 0 {
                        line.push(b' ');
                    }
                    let word = if rng.random_bool(0.4) {
                        crate::ai::gtp::COMMANDS.choose(rng)
                    } else {
                        WORDS.choose(rng)
                    };
                    line.extend_from_slice(word.unwrap().as_bytes());
                }
            }
        }
        line
    }

    /// Item 2 (s19): random and hostile lines, thousands of them in one session,
    /// each followed by `name`: every reply is framed (`=` or `?`, then a blank line),
    /// none holds a control character but its line ends, nothing panics, and the
    /// session still answers. `genmove` thinks at most a few milliseconds: the list
    /// has no larger time it would take.
    /// A fifth of the lines are well-formed commands of the session's game (s20): with
    /// word salad alone no stone was ever played, and a panic put in `undo` or in
    /// `final_score` on a full board, or an escape put in `showboard` with stones on,
    /// passed; each now fails it.
    #[test]
    fn random_and_hostile_lines_never_break_the_session() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(19);
        let fresh = || {
            let mut s = Session::new();
            assert_eq!(s.handle("time_per_move 2"), Some("=\n\n".to_owned()));
            s
        };
        let mut session = fresh();
        let mut errors = 0;
        // The most stones the session's game held, and the rounds that found it full.
        let (mut most, mut full) = (0, 0);
        for round in 0..3000 {
            let mut input = hostile_line(&mut rng, session.game());
            input.extend_from_slice(b"\n17 name\n");
            let mut out = Vec::new();
            serve(&mut session, &input[..], &mut out).unwrap();
            let out = String::from_utf8(out).unwrap();
            let what = String::from_utf8_lossy(&input[..input.len().min(200)]).into_owned();
            let raw = out.chars().any(|c| c != '\n' && crate::text::is_unsafe(c));
            assert!(!raw, "{round}: {what:?} -> {out:?}");
            assert!(out.ends_with("\n\n"), "{round}: {what:?} -> {out:?}");
            for reply in out.trim_end_matches('\n').split("\n\n") {
                assert!(
                    reply.starts_with(['=', '?']),
                    "{round}: {what:?} -> {out:?}"
                );
                errors += usize::from(reply.starts_with('?'));
            }
            most = most.max(session.game().len());
            full += usize::from(session.game().is_over());
            if session.has_quit() {
                session = fresh();
            } else {
                assert!(
                    out.ends_with("=17 hijara\n\n"),
                    "{round}: {what:?} -> {out:?}"
                );
            }
        }
        // The lines were hostile enough to be refused, many of them, and the games
        // went on to a full board.
        assert!(errors > 1000, "{errors}");
        assert!(
            most == 64 && full > 10,
            "{most} stones at most, {full} rounds full"
        );
    }

    /// QA (s26): `hijara engine < /dev/zero` read for ever: the too-long line was
    /// skipped to an end that never came. Now every byte read counts toward
    /// [`MAX_READ`], NULs (dropped later, as GTP says) too.
    #[test]
    fn a_line_with_no_end_in_sight_ends_the_session() {
        // A MiB more than the most of NULs, then a line end and a command never read.
        let nuls = io::Read::take(io::repeat(0), (MAX_READ + (1 << 20)) as u64);
        let mut input = io::BufReader::new(io::Read::chain(nuls, &b"\nname\n"[..]));
        let mut out = Vec::new();
        let error = serve(&mut Session::new(), &mut input, &mut out).unwrap_err();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "? line too long (over 4096 bytes)\n\n"
        );
        assert_eq!(
            error.to_string(),
            "standard input: a line of over 64 MiB: not engine commands"
        );
        // Reading stopped at the limit (and one buffer), not at the line's end.
        let left = input.get_ref().get_ref().0.limit();
        assert!((1 << 20) - (8 << 10) <= left, "{left} bytes left unread");
        // Any bytes (a binary file), read as one chunk or many, its end seen or not;
        // a line of just the most is only too long, and the session goes on.
        let mut input = vec![b'\xff'; MAX_READ + 1];
        input.extend_from_slice(b"\nname\n");
        let mut out = Vec::new();
        assert!(serve(&mut Session::new(), &input[..], &mut out).is_err());
        assert_eq!(out, b"? line too long (over 4096 bytes)\n\n");
        input.drain(..1);
        assert_eq!(
            replies(&input),
            "? line too long (over 4096 bytes)\n\n= hijara\n\n"
        );
        let mut chunks = io::BufReader::with_capacity(1000, &input[..]);
        let mut out = Vec::new();
        serve(&mut Session::new(), &mut chunks, &mut out).unwrap();
        assert_eq!(out, b"? line too long (over 4096 bytes)\n\n= hijara\n\n");
    }

    /// s27: a line of 9 MiB ended the session (`? line too long`, exit 1) where a
    /// peer's one bad line should cost it that line's answer only, as a shorter one
    /// does: the rest is read and dropped, and the next line is a command.
    #[test]
    fn a_line_of_9_mib_is_one_bad_command() {
        let nuls = io::Read::take(io::repeat(0), 9 << 20);
        let input = io::BufReader::new(io::Read::chain(nuls, &b"\n1 name\n2 name\n"[..]));
        let mut out = Vec::new();
        serve(&mut Session::new(), input, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "? line too long (over 4096 bytes)\n\n=1 hijara\n\n=2 hijara\n\n"
        );
    }

    #[test]
    fn reading_holds_at_most_the_limit() {
        // As much as is read of one line with no end, never more held than a line.
        let mut input =
            io::BufReader::with_capacity(64, io::Read::take(io::repeat(b'y'), MAX_READ as u64));
        let mut buf = Vec::new();
        assert_eq!(
            read_line(&mut input, &mut buf).unwrap(),
            Some(Line::TooLong)
        );
        assert!(buf.capacity() <= 2 * (MAX_LINE + 1), "{}", buf.capacity());
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), None);
    }
}
