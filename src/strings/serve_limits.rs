//! `hijara serve`'s limits and safety: guests, bans, the engine pool, shutdown.

/// The status line while a server's AI waits for a free engine.
pub(crate) const WAITING_FOR_ENGINE: &str =
    "The AI waits for a free engine: its thinking time starts then";
/// Sent to every client when the server stops (SIGTERM), after its screen is restored.
pub(crate) const SHUTDOWN: &str = "hijara serve is shutting down. Goodbye.\r\n";
