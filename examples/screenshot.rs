//! Renders the game's own screen to `docs/screenshot.svg`, the README's picture.
//!
//! A hot-seat game is played key by key (the first 47 moves of
//! `assets/games/complete.hij`, the last one Blue's square a3 for 20 points) into the
//! real `App`, drawn by the real widgets on ratatui's `TestBackend` at 80×24 with
//! colours, and each cell is written to SVG with its colours and modifiers.
//!
//! ```sh
//! cargo run --features tools --example screenshot            # writes docs/screenshot.svg
//! cargo run --features tools --example screenshot -- out.svg # or another file
//! ```

use std::fmt::Write as _;

use anyhow::Context;
use hijara::record::Record;
use hijara::session::GameConfig;
use hijara::ui::{App, AppView, Input, Look};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::{Color, Modifier};

const WIDTH: u16 = 80;
const HEIGHT: u16 = 24;
/// Moves of the record played before the picture is taken.
const MOVES: usize = 47;
const RECORD: &str = include_str!("../assets/games/complete.hij");

/// One cell's size in the SVG, in pixels, for a 16 px monospace font.
const CELL_W: f64 = 9.6;
const CELL_H: f64 = 20.0;
const FONT_SIZE: f64 = 16.0;
/// The terminal's own colours (a dark look).
const DEFAULT_FG: &str = "#d4d4d4";
const DEFAULT_BG: &str = "#1e1e1e";

fn main() -> anyhow::Result<()> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "docs/screenshot.svg".to_owned());
    let buffer = screen()?;
    std::fs::write(&out, svg(&buffer)).with_context(|| format!("cannot write {out}"))?;
    println!("wrote {out} ({WIDTH}×{HEIGHT} cells, {MOVES} moves of assets/games/complete.hij)");
    Ok(())
}

/// The screen after the moves, as the game draws it.
fn screen() -> anyhow::Result<Buffer> {
    let record: Record = RECORD.parse().context("assets/games/complete.hij")?;
    let game = record.to_game().context("assets/games/complete.hij")?;
    let mut app = App::new(GameConfig::default());
    let _ = app.handle(Input::Resize(WIDTH, HEIGHT));
    for mv in game.moves().take(MOVES) {
        for c in mv.to_string().chars() {
            let _ = app.handle(Input::Key(KeyEvent::new(
                KeyCode::Char(c),
                KeyModifiers::NONE,
            )));
        }
    }
    let mut terminal = Terminal::new(TestBackend::new(WIDTH, HEIGHT))?;
    terminal.draw(|frame| {
        frame.render_widget(
            &AppView {
                app: &app,
                look: Look::DEFAULT,
            },
            frame.area(),
        )
    })?;
    Ok(terminal.backend().buffer().clone())
}

/// The 16 ANSI colours as a common dark terminal look shows them.
fn hex(color: Color, default: &'static str) -> String {
    let named = match color {
        Color::Reset => default,
        Color::Black => "#000000",
        Color::Red => "#cd3131",
        Color::Green => "#0dbc79",
        Color::Yellow => "#e5e510",
        Color::Blue => "#2472c8",
        Color::Magenta => "#bc3fbc",
        Color::Cyan => "#11a8cd",
        Color::Gray => "#e5e5e5",
        Color::DarkGray => "#666666",
        Color::LightRed => "#f14c4c",
        Color::LightGreen => "#23d18b",
        Color::LightYellow => "#f5f543",
        Color::LightBlue => "#3b8eea",
        Color::LightMagenta => "#d670d6",
        Color::LightCyan => "#29b8db",
        Color::White => "#ffffff",
        Color::Rgb(r, g, b) => return format!("#{r:02x}{g:02x}{b:02x}"),
        Color::Indexed(_) => default,
    };
    named.to_owned()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A cell's foreground and background, reverse video applied.
fn colours(cell: &ratatui::buffer::Cell) -> (String, String) {
    let (fg, bg) = (hex(cell.fg, DEFAULT_FG), hex(cell.bg, DEFAULT_BG));
    if cell.modifier.contains(Modifier::REVERSED) {
        (bg, fg)
    } else {
        (fg, bg)
    }
}

/// Every cell as a background rectangle and its symbol at its own column, so the
/// grid lines up whatever the font's advance.
fn svg(buffer: &Buffer) -> String {
    let area = buffer.area;
    let (w, h) = (
        f64::from(area.width) * CELL_W,
        f64::from(area.height) * CELL_H,
    );
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="'DejaVu Sans Mono', Menlo, Consolas, monospace" font-size="{FONT_SIZE}">"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="100%" height="100%" fill="{DEFAULT_BG}"/>"#
    );
    for y in 0..area.height {
        let py = f64::from(y) * CELL_H;
        // Backgrounds first, one rectangle per run of a colour, so no seams show.
        let mut run: Option<(u16, String)> = None;
        for x in 0..=area.width {
            let bg = (x < area.width).then(|| colours(&buffer[(x, y)]).1);
            if run.as_ref().map(|(_, colour)| Some(colour)) != Some(bg.as_ref()) {
                if let Some((start, colour)) = run.take()
                    && colour != DEFAULT_BG
                {
                    let _ = writeln!(
                        out,
                        r#"<rect x="{:.1}" y="{py}" width="{:.1}" height="{CELL_H}" fill="{colour}"/>"#,
                        f64::from(start) * CELL_W,
                        f64::from(x - start) * CELL_W,
                    );
                }
                run = bg.map(|colour| (x, colour));
            }
        }
        for x in 0..area.width {
            let cell = &buffer[(x, y)];
            let symbol = cell.symbol();
            if symbol.trim().is_empty() {
                continue;
            }
            let fg = colours(cell).0;
            let mut style = String::new();
            if cell.modifier.contains(Modifier::BOLD) {
                style.push_str(r#" font-weight="bold""#);
            }
            if cell.modifier.contains(Modifier::DIM) {
                style.push_str(r#" opacity="0.6""#);
            }
            if cell.modifier.contains(Modifier::ITALIC) {
                style.push_str(r#" font-style="italic""#);
            }
            if cell.modifier.contains(Modifier::UNDERLINED) {
                style.push_str(r#" text-decoration="underline""#);
            }
            let _ = writeln!(
                out,
                r#"<text x="{:.1}" y="{:.1}" fill="{fg}" text-anchor="middle"{style}>{}</text>"#,
                (f64::from(x) + 0.5) * CELL_W,
                py + CELL_H * 0.75,
                escape(symbol)
            );
        }
    }
    out.push_str("</svg>\n");
    out
}
