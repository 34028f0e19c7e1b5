//! A client's socket that can stop handing the server's bytes to the SSH client, for a
//! client that stops reading: shared by `examples/serve_hostile.rs` (a measurement)
//! and `tests/it/serve_limits.rs` (the write time-out's test), each with `#[path]`.
//!
//! Once `stalled` is set, what the tap does with the server's bytes is its
//! [`OnStall`]: leave them in the socket, so the kernel's buffers fill and the
//! server's writes wait, or read and drop them, so the client never adjusts its SSH
//! window while the tap still sees when the server closes the connection.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

/// What a stalled tap does with the server's bytes.
#[allow(dead_code, reason = "each file that includes this module uses one way")]
pub enum OnStall {
    /// Leaves them unread (the read is never woken: the client's loop goes on with
    /// its writes), so the kernel's buffers fill.
    Hold,
    /// Reads and drops them; sets `closed` when the server closes the socket (end
    /// of file or an error).
    Drain {
        /// Set once the server has closed the connection.
        closed: Arc<AtomicBool>,
    },
}

/// The client's socket, and whether (and how) it has stopped reading.
pub struct Tap {
    /// The connection to the server.
    pub inner: TcpStream,
    /// Set to stop handing the server's bytes to the client.
    pub stalled: Arc<AtomicBool>,
    /// What happens to them then.
    pub on_stall: OnStall,
}

impl AsyncRead for Tap {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        if !self.stalled.load(Ordering::SeqCst) {
            return Pin::new(&mut self.inner).poll_read(cx, buf);
        }
        let closed = match &self.on_stall {
            OnStall::Hold => return Poll::Pending,
            OnStall::Drain { closed } => Arc::clone(closed),
        };
        let mut scratch = [0u8; 4096];
        loop {
            let mut drained = ReadBuf::new(&mut scratch);
            match Pin::new(&mut self.inner).poll_read(cx, &mut drained) {
                Poll::Ready(Ok(())) if drained.filled().is_empty() => {
                    closed.store(true, Ordering::SeqCst);
                    return Poll::Ready(Ok(()));
                }
                Poll::Ready(Ok(())) => {}
                Poll::Ready(Err(error)) => {
                    closed.store(true, Ordering::SeqCst);
                    return Poll::Ready(Err(error));
                }
                Poll::Pending => return Poll::Pending,
            }
        }
    }
}

impl AsyncWrite for Tap {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
