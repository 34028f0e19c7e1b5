//! A ratatui backend that draws into an SSH channel: crossterm's escape sequences,
//! written to the channel at each flush, with the size the client's pty requests gave.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::Duration;

use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::crossterm::event::{Event, MouseEventKind};
use ratatui::layout::{Position, Size};
use russh::ChannelWriteHalf;
use russh::server::Msg;

use crate::ui::Wake;

use super::door::{Closing, Door};

/// The smallest pty a client may ask for, in columns and rows (a screen under the
/// served minimum, 44×16, says to make it larger).
pub(crate) const MIN_SIZE: (u16, u16) = (1, 1);
/// The largest screen the server draws, in columns and rows: a client whose window is
/// larger gets this, centred in its window, the margins blank ([`SshBackend`]). A session's screen buffers
/// (ratatui keeps the frame drawn and the one before, a few dozen bytes a cell) grow
/// with its size: at 512×256 a session held 12.3 MiB, at 80×24 0.37 MiB, so 64
/// players asking for the largest could hold 0.8 GiB. 100 rows give the board its
/// largest squares up to then (23 rows by 47 columns: 195 columns with its labels),
/// and 250 columns leave the panels beside it room; more would be blank. Measured in
/// docs/network.md ("Memory by screen size").
pub(crate) const MAX_SIZE: (u16, u16) = (250, 100);
/// The size a pty request gives as 0 (unknown): a terminal's usual.
pub(crate) const UNKNOWN_SIZE: (u16, u16) = (80, 24);

/// A client's requested pty size, clamped to [`MIN_SIZE`]..=[`MAX_SIZE`]; a 0 is
/// taken as [`UNKNOWN_SIZE`]'s.
pub(crate) fn clamp_size(columns: u32, rows: u32) -> (u16, u16) {
    let clamp = |value: u32, unknown: u16, min: u16, max: u16| {
        if value == 0 {
            return unknown;
        }
        u16::try_from(value.clamp(u32::from(min), u32::from(max))).unwrap_or(max)
    };
    (
        clamp(columns, UNKNOWN_SIZE.0, MIN_SIZE.0, MAX_SIZE.0),
        clamp(rows, UNKNOWN_SIZE.1, MIN_SIZE.1, MAX_SIZE.1),
    )
}

/// A client's real window size, as its pty or window-change request gives it: a 0
/// taken as [`UNKNOWN_SIZE`]'s, each at least 1 and at most `u16::MAX` (where the
/// cursor can still be sent). Only where the drawn screen sits comes of it: nothing
/// is allocated for it.
pub(crate) fn window_size(columns: u32, rows: u32) -> (u16, u16) {
    let side = |value: u32, unknown: u16| match value {
        0 => unknown,
        _ => u16::try_from(value).unwrap_or(u16::MAX),
    };
    (side(columns, UNKNOWN_SIZE.0), side(rows, UNKNOWN_SIZE.1))
}

/// Where a screen of the drawn size ([`clamp_size`] of `window`) sits in `window`:
/// its top-left cell, centred (the odd cell of a margin goes right or below).
fn origin_in((columns, rows): (u16, u16)) -> (u16, u16) {
    let (drawn_columns, drawn_rows) = drawn_in((columns, rows));
    ((columns - drawn_columns) / 2, (rows - drawn_rows) / 2)
}

/// The drawn size in a real window.
fn drawn_in((columns, rows): (u16, u16)) -> (u16, u16) {
    clamp_size(u32::from(columns), u32::from(rows))
}

/// The window size of one channel, shared between the SSH handler (which sets it) and
/// the session's backend (which reads it at every draw); and where the last frame sent
/// sits in that window, which the backend sets and the handler places clicks by.
#[derive(Debug, Clone, Default)]
pub(crate) struct SharedSize {
    window: Arc<AtomicU32>,
    /// The last frame sent: its top-left cell and size, packed; 0 before the first
    /// (no frame is 0 by 0).
    sent: Arc<AtomicU64>,
}

impl SharedSize {
    /// Sets the client's real window size ([`window_size`]).
    pub(crate) fn set(&self, (columns, rows): (u16, u16)) {
        self.window.store(
            u32::from(columns) << 16 | u32::from(rows),
            Ordering::Relaxed,
        );
    }

    /// Notes a frame sent: drawn with its top-left cell at `origin`, of `size`.
    fn frame_sent(&self, (left, top): (u16, u16), (columns, rows): (u16, u16)) {
        let packed = u64::from(left) << 48
            | u64::from(top) << 32
            | u64::from(columns) << 16
            | u64::from(rows);
        self.sent.store(packed, Ordering::Relaxed);
    }

    /// The client's real window size.
    pub(crate) fn window(&self) -> (u16, u16) {
        let packed = self.window.load(Ordering::Relaxed);
        let (columns, rows) = ((packed >> 16) as u16, (packed & 0xFFFF) as u16);
        (columns.max(MIN_SIZE.0), rows.max(MIN_SIZE.1))
    }

    /// The size drawn: the window's, clamped to [`MAX_SIZE`].
    pub(crate) fn get(&self) -> Size {
        let (columns, rows) = drawn_in(self.window());
        Size::new(columns, rows)
    }

    /// A cell of the client's window (a click) as a cell of the last frame sent, with
    /// that frame's size: what the player saw when they clicked, whatever the window
    /// is now (a window changed, its frame not yet drawn or still on its way, had a
    /// click placed by the new size, cells off). `None` in the margins around the
    /// frame, or before any frame.
    pub(crate) fn sent_cell(&self, column: u16, row: u16) -> Option<((u16, u16), Size)> {
        let packed = self.sent.load(Ordering::Relaxed);
        let part = |shift: u32| (packed >> shift) as u16;
        let (left, top, columns, rows) = (part(48), part(32), part(16), part(0));
        let (column, row) = (column.checked_sub(left)?, row.checked_sub(top)?);
        (column < columns && row < rows).then_some(((column, row), Size::new(columns, rows)))
    }
}

/// What the session is woken with for `event`, read from the client whose window is
/// `size`: `None` for an event no screen takes ([`wanted`]), and for a click or the
/// wheel in the window's margins or before any frame was sent. The one way every
/// byte the client sends becomes a wake: those the connection reads and those it held
/// while the session waited for the terminal's answers ([`super::ask`]). Before
/// (s20), those held skipped it: a click made before anything was drawn was taken
/// where the lobby drew its `? all keys` later.
pub(crate) fn wake_of(event: Event, size: Option<&SharedSize>) -> Option<Wake> {
    if !wanted(&event) {
        return None;
    }
    // A click or the wheel in the client's window, as a cell of the last frame sent
    // (centred when the window is larger), placed by that frame's size: what the
    // player saw, though the window may have changed since; none in its margins.
    Some(match (event, size) {
        (Event::Mouse(mut mouse), Some(size)) => {
            let ((column, row), frame) = size.sent_cell(mouse.column, mouse.row)?;
            (mouse.column, mouse.row) = (column, row);
            Wake::Placed(Event::Mouse(mouse), frame)
        }
        (event, _) => Wake::Terminal(event),
    })
}

/// Whether an input event can matter to a screen: key presses and repeats, clicks and
/// the wheel. Mouse motion (every cell the pointer crosses) and key releases are not.
fn wanted(event: &Event) -> bool {
    match event {
        Event::Key(key) => !key.is_release(),
        Event::Mouse(mouse) => matches!(
            mouse.kind,
            MouseEventKind::Down(_) | MouseEventKind::ScrollUp | MouseEventKind::ScrollDown
        ),
        Event::Resize(..) => true,
        // The focus, for telling a player in another window of their move.
        Event::FocusGained | Event::FocusLost => true,
        _ => false,
    }
}

/// Bytes for one channel, sent at each flush through the channel's write half, which
/// waits for the client's SSH window: a client that stops reading holds up this
/// session's thread only, and at most one window of output (plus the frame being
/// drawn) waits for it. A flush that can't finish within `stall` (the write time-out:
/// output blocked on a full window counts as not reading) fails, closes the
/// connection's door, and every later write fails at once, so the session ends
/// without waiting on the client again.
pub(crate) struct ChannelWriter {
    channel: ChannelWriteHalf<Msg>,
    runtime: tokio::runtime::Handle,
    stall: Duration,
    door: Arc<Door>,
    buffer: Vec<u8>,
    /// Set by the first failure: the channel is not written again.
    broken: Option<io::ErrorKind>,
    /// Whether `broken` is set, for the backend ([`SshBackend::show_cursor`]).
    gone: Arc<AtomicBool>,
}

impl ChannelWriter {
    pub(crate) fn new(
        channel: ChannelWriteHalf<Msg>,
        runtime: tokio::runtime::Handle,
        stall: Duration,
        door: Arc<Door>,
    ) -> Self {
        ChannelWriter {
            channel,
            runtime,
            stall,
            door,
            buffer: Vec::new(),
            broken: None,
            gone: Arc::default(),
        }
    }
}

fn writer_error(kind: io::ErrorKind) -> io::Error {
    match kind {
        io::ErrorKind::TimedOut => io::Error::new(kind, "the client stopped reading"),
        _ => io::Error::new(kind, "the connection closed"),
    }
}

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if let Some(kind) = self.broken {
            return Err(writer_error(kind));
        }
        self.buffer.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if let Some(kind) = self.broken {
            return Err(writer_error(kind));
        }
        if self.buffer.is_empty() {
            return Ok(());
        }
        let data = std::mem::take(&mut self.buffer);
        // The frame is drawn: the permit it was drawn under (if any) is given back
        // before the write, which may wait for the client.
        crate::ui::release_draw_permit();
        let sent = self.runtime.block_on(async {
            tokio::time::timeout(self.stall, self.channel.data_bytes(data)).await
        });
        let kind = match sent {
            Ok(Ok(())) => return Ok(()),
            Ok(Err(_)) => io::ErrorKind::BrokenPipe,
            Err(_) => {
                self.door.close(Closing::Stalled);
                io::ErrorKind::TimedOut
            }
        };
        self.broken = Some(kind);
        self.gone.store(true, Ordering::Relaxed);
        Err(writer_error(kind))
    }
}

/// crossterm's backend over a [`ChannelWriter`], sized by the client's requests: at
/// most [`MAX_SIZE`] drawn, centred in a larger window. The window size is taken
/// ([`SshBackend::window`]) when the size is asked with the drawn size changed, which
/// ratatui then draws whole, and before each frame ([`crate::ui::Bell::placed_anew`]),
/// which clears the screen when only the place moved; each frame is drawn at one place.
pub(crate) struct SshBackend {
    inner: CrosstermBackend<ChannelWriter>,
    size: SharedSize,
    /// The client's window as last taken: where the screen is drawn comes of it.
    window: std::cell::Cell<(u16, u16)>,
    /// The top-left cell of what is on the client's screen; `None` when it is blank.
    shown_at: Option<(u16, u16)>,
    /// The frame drawn and not yet flushed: its top-left cell and size, noted in
    /// [`SharedSize`] once sent, for the clicks.
    unsent: Option<((u16, u16), (u16, u16))>,
    /// The writer's channel failed ([`ChannelWriter::gone`]).
    gone: Arc<AtomicBool>,
    /// What the client's `TERM` says of its terminal, for the notifications.
    env: crate::ui::TerminalEnv,
}

impl SshBackend {
    pub(crate) fn new(writer: ChannelWriter, size: SharedSize) -> SshBackend {
        SshBackend {
            gone: writer.gone.clone(),
            inner: CrosstermBackend::new(writer),
            window: std::cell::Cell::new(size.window()),
            shown_at: None,
            unsent: None,
            size,
            env: crate::ui::TerminalEnv::default(),
        }
    }

    /// The backend of a client whose terminal is `env` (as its pty request named it).
    pub(crate) fn with_terminal(mut self, env: crate::ui::TerminalEnv) -> SshBackend {
        self.env = env;
        self
    }

    /// The client's window size and the last frame sent, shared with its connection.
    pub(crate) fn shared_size(&self) -> SharedSize {
        self.size.clone()
    }

    /// The channel, for terminal mode switches (`execute!`).
    pub(crate) fn writer(&mut self) -> &mut impl Write {
        &mut self.inner
    }
}

impl crate::ui::Bell for SshBackend {
    fn ring(&mut self) -> io::Result<()> {
        self.inner.write_all(b"\x07")?;
        Write::flush(&mut self.inner)
    }

    fn alert(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.inner.write_all(bytes)?;
        Write::flush(&mut self.inner)
    }

    fn terminal_env(&self) -> crate::ui::TerminalEnv {
        self.env.clone()
    }

    /// Takes the client's window now: `true` when what is on its screen was drawn at
    /// another place (a window grown or shrunk above the cap, the drawn size the same).
    fn placed_anew(&mut self) -> bool {
        self.window.set(self.size.window());
        self.shown_at
            .is_some_and(|shown| shown != origin_in(self.window.get()))
    }
}

impl Backend for SshBackend {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        let (left, top) = origin_in(self.window.get());
        self.shown_at = Some((left, top));
        self.unsent = Some(((left, top), drawn_in(self.window.get())));
        self.inner
            .draw(content.map(|(x, y, cell)| (x.saturating_add(left), y.saturating_add(top), cell)))
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.inner.hide_cursor()
    }

    /// Nothing to show on a connection gone: without this ratatui's `Terminal`, dropped
    /// at a session's end, printed `Failed to show the cursor: the connection closed`
    /// on standard error, which the log took as a stray `(stderr)` line.
    fn show_cursor(&mut self) -> io::Result<()> {
        if self.gone.load(Ordering::Relaxed) {
            return Ok(());
        }
        self.inner.show_cursor()
    }

    /// Never asks the client (that would wait on its answer): the top-left corner.
    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(Position::ORIGIN)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        let (left, top) = origin_in(self.window.get());
        let Position { x, y } = position.into();
        self.inner
            .set_cursor_position((x.saturating_add(left), y.saturating_add(top)))
    }

    /// The whole window, margins and all.
    fn clear(&mut self) -> io::Result<()> {
        self.shown_at = None;
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        if clear_type == ClearType::All {
            self.shown_at = None;
        }
        self.inner.clear_region(clear_type)
    }

    /// The drawn size. A window whose drawn size changed is taken now (ratatui clears
    /// and draws whole on a new size); one that only moved the screen waits for
    /// [`crate::ui::Bell::placed_anew`], which clears.
    fn size(&self) -> io::Result<Size> {
        let now = self.size.window();
        if drawn_in(now) != drawn_in(self.window.get()) {
            self.window.set(now);
        }
        let (columns, rows) = drawn_in(self.window.get());
        Ok(Size::new(columns, rows))
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size()?,
            pixels: Size::new(0, 0),
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.inner)?;
        if let Some((origin, size)) = self.unsent.take() {
            self.size.frame_sent(origin, size);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absurd_sizes_are_clamped() {
        assert_eq!(clamp_size(0, 0), UNKNOWN_SIZE);
        assert_eq!(clamp_size(0, 40), (80, 40));
        assert_eq!(clamp_size(1, 1), (1, 1));
        assert_eq!(clamp_size(80, 24), (80, 24));
        assert_eq!(clamp_size(250, 100), (250, 100));
        // Failed before: 512×256 was drawn, at 12.3 MiB a session.
        assert_eq!(clamp_size(512, 256), MAX_SIZE);
        assert_eq!(clamp_size(251, 101), MAX_SIZE);
        assert_eq!(clamp_size(u32::MAX, 100_000), MAX_SIZE);
        let size = SharedSize::default();
        assert_eq!(size.get(), Size::new(1, 1));
        size.set(window_size(200, 60));
        assert_eq!(size.get(), Size::new(200, 60));
    }

    #[test]
    fn a_window_past_the_cap_has_the_screen_in_its_middle() {
        assert_eq!(window_size(0, 0), UNKNOWN_SIZE);
        assert_eq!(window_size(512, 256), (512, 256));
        assert_eq!(window_size(u32::MAX, 70_000), (u16::MAX, u16::MAX));
        assert_eq!(origin_in((80, 24)), (0, 0));
        assert_eq!(origin_in((250, 100)), (0, 0));
        assert_eq!(origin_in((251, 101)), (0, 0));
        assert_eq!(origin_in((252, 60)), (1, 0));
        assert_eq!(origin_in((512, 256)), (131, 78));
        assert_eq!(origin_in((u16::MAX, u16::MAX)), (32642, 32717));
        let size = SharedSize::default();
        size.set(window_size(512, 256));
        assert_eq!(size.get(), Size::new(250, 100));
    }

    /// A click is placed by the last frame sent, not by the window now: a window
    /// changed and its frame not yet on the client's screen had its clicks placed by
    /// the new size (here 106 columns and 78 rows off, past the cap; a few cells
    /// below it, where the layout moves with the size).
    #[test]
    fn a_click_is_placed_by_the_frame_the_player_saw() {
        let size = SharedSize::default();
        size.set(window_size(512, 256));
        // Nothing sent yet: nothing to click on.
        assert_eq!(size.sent_cell(131, 78), None);
        size.frame_sent(origin_in((512, 256)), drawn_in((512, 256)));
        let frame = Size::new(250, 100);
        // In the margins, none; inside, as cells of the frame.
        assert_eq!(size.sent_cell(0, 0), None);
        assert_eq!(size.sent_cell(130, 100), None);
        assert_eq!(size.sent_cell(131, 78), Some(((0, 0), frame)));
        assert_eq!(size.sent_cell(380, 177), Some(((249, 99), frame)));
        assert_eq!(size.sent_cell(381, 177), None);
        assert_eq!(size.sent_cell(380, 178), None);
        // The window changes; until its frame is sent, the old one is what was seen.
        size.set(window_size(300, 100));
        assert_eq!(size.sent_cell(140, 80), Some(((9, 2), frame)));
        size.frame_sent(origin_in((300, 100)), drawn_in((300, 100)));
        assert_eq!(size.sent_cell(140, 80), Some(((115, 80), frame)));
        size.set(window_size(80, 24));
        size.frame_sent(origin_in((80, 24)), drawn_in((80, 24)));
        assert_eq!(size.sent_cell(79, 23), Some(((79, 23), Size::new(80, 24))));
        assert_eq!(size.sent_cell(80, 23), None);
    }
}
