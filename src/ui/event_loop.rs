//! The one event loop: draw, send AI requests, wait for a key, a click, a resize or an AI reply.

use std::sync::mpsc::TryRecvError;
use std::time::{Duration, Instant};

use anyhow::Context;
use ratatui::DefaultTerminal;
use ratatui::crossterm::event;
use ratatui::layout::Rect;

use super::ai_worker::AiWorker;
use super::app::{App, Changes, MessageKind};
use super::screen::AppView;
use super::storage::{Storage, shown};
use super::theme::Theme;

/// How often the loop looks for the AI's reply while it thinks: short, so a quick AI's
/// move shows at once. Only while thinking; otherwise the loop blocks on input.
const AI_POLL: Duration = Duration::from_millis(20);
/// How often the thinking indicator turns.
const SPINNER_STEP: Duration = Duration::from_millis(120);

/// Runs `app` until it quits. Blocks on input while no AI is thinking, so an idle
/// game uses no CPU. `storage` autosaves after every change to the game and writes
/// the record when `s` asks; its errors become messages, never a failure of the loop.
pub fn run(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    theme: Theme,
    storage: &mut Storage,
) -> anyhow::Result<()> {
    let mut worker = AiWorker::spawn()?;
    let size = terminal.size().context("cannot read the terminal size")?;
    app.set_area(Rect::new(0, 0, size.width, size.height));
    if app.in_progress()
        && let Some((kind, text)) = storage.after_change(app)
    {
        // A loaded or continued game is kept from the start, before any move.
        app.set_message(kind, text);
    }
    let mut redraw = true;
    let mut last_tick = Instant::now();
    while !app.should_quit() {
        if redraw {
            terminal
                .draw(|frame| frame.render_widget(&AppView { app, theme }, frame.area()))
                .context("cannot draw the screen")?;
            redraw = false;
        }
        if let Some(request) = app.next_ai_request() {
            worker.send(request)?;
            redraw = true;
            continue;
        }
        let changes = if app.thinking().is_some() {
            // Wait for input a short while, then look for the AI's reply.
            let mut changes = Changes::default();
            if event::poll(AI_POLL).context("cannot read the terminal")? {
                changes = app.handle_event(&event::read().context("cannot read the terminal")?);
            }
            match worker.replies.try_recv() {
                Ok(reply) => merge(changes, app.on_ai_reply(reply)),
                Err(TryRecvError::Empty) if last_tick.elapsed() >= SPINNER_STEP => {
                    last_tick = Instant::now();
                    app.tick();
                    Changes {
                        view: true,
                        ..changes
                    }
                }
                Err(TryRecvError::Empty) => changes,
                Err(TryRecvError::Disconnected) => anyhow::bail!("the AI thread stopped"),
            }
        } else {
            // Drop replies to requests that are no longer wanted, then block for input.
            while let Ok(reply) = worker.replies.try_recv() {
                let _ = app.on_ai_reply(reply);
            }
            app.handle_event(&event::read().context("cannot read the terminal")?)
        };
        if changes.game
            && let Some((kind, text)) = storage.after_change(app)
        {
            app.set_message(kind, text);
        }
        if app.take_save_request() {
            match storage.save(app) {
                Ok(path) => {
                    app.set_message(MessageKind::Info, format!("Saved to {}", shown(&path)))
                }
                Err(error) => app.set_message(MessageKind::Error, format!("Not saved: {error}")),
            }
            redraw = true;
        }
        redraw |= changes.view;
    }
    Ok(())
}

fn merge(a: Changes, b: Changes) -> Changes {
    Changes {
        view: a.view || b.view,
        game: a.game || b.game,
    }
}
