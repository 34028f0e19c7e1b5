//! QA (servesweep): the served screens the club's sweep left out, at its five sizes
//! (80x24, 60x20, 44x16, 40x12, 30x12): a live game at a table, a spectator's, the
//! correspondence lines (the player to move, the one waiting, a spectator), the chat
//! box (`m`), the help, and the lobby of a player waiting at their open table. The
//! players have the longest names allowed (16 columns), one of them wide characters.
//! Each screen keeps its key back to the lobby, cuts no text mid-word without `…`,
//! shows no box over the board for a line that has a short wording, and writes
//! nothing past its right edge.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::corr::DAY;
use super::hall::Hall;
use super::link::their_move;
use super::listing::seen_by;
use super::lobby::{LobbyState, Waiting, drawn_row};
use super::names::{MAX_NAME_COLUMNS, check_name};
use super::who::Who;
use crate::prefs::Palette;
use crate::rating::Shown;
use crate::rules::{Game, Player, Ruleset};
use crate::session::GameConfig;
use crate::strings::{club, table};
use crate::text;
use crate::ui::keymap::{HintLine, hint_line};
use crate::ui::{App, AppView, Input, Keyed, Look, Message, MessageKind, News, Wording};

/// The club's sweep's sizes.
const SIZES: [(u16, u16); 5] = [(80, 24), (60, 20), (44, 16), (40, 12), (30, 12)];

/// An hour in seconds.
const HOUR: i64 = 3600;
/// The longest names allowed: 16 columns, in letters and in wide characters.
const LONG: &str = "Bartholomew-Lane";
const WIDE: &str = "山田太郎花子一二";

/// The rows of `buf` as text, a wide character once ([`drawn_row`], the lobby's).
fn rows_of(buf: &Buffer) -> Vec<String> {
    (0..buf.area.height).map(|y| drawn_row(buf, y)).collect()
}

/// `app` drawn at `width`x`height` (told its size first, as a terminal tells it).
fn drawn(app: &mut App, width: u16, height: u16) -> Vec<String> {
    let _ = app.handle(Input::Resize(width, height));
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    (&AppView {
        app,
        look: Look::PLAIN,
    })
        .render(area, &mut buf);
    rows_of(&buf)
}

fn key(app: &mut App, code: KeyCode) {
    let _ = app.handle(Input::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

/// A game at a table, Blue (`LONG`) played here, Yellow (`WIDE`) elsewhere, after
/// `moves`.
fn at_table(moves: &[&str], remote: [bool; 2]) -> App {
    let game = Game::from_moves(moves.iter().map(|s| s.parse().unwrap())).unwrap();
    App::with_game(GameConfig::default(), game)
        .served(remote)
        .named([LONG.to_owned(), WIDE.to_owned()])
}

/// A screen swept: its name, and how it is built.
type Screen = (&'static str, Box<dyn Fn() -> App>);

/// The screens swept, by name, each built fresh for a size (keys act at a size).
fn screens() -> Vec<Screen> {
    let corr = |moves: &'static [&'static str], remote, line: fn() -> Message| {
        move || {
            let mut app = at_table(moves, remote).correspondence();
            let _ = app.table_news(News::Note(line()));
            app
        }
    };
    vec![
        (
            "live",
            Box::new(|| {
                let mut app = at_table(&["a1", "b1"], [false, true]);
                let _ = app.table_news(News::Watching(2));
                app
            }),
        ),
        (
            "watching",
            Box::new(|| {
                let mut app = at_table(&["a1", "b1"], [true, true]);
                let _ = app.table_news(News::Watching(3));
                app
            }),
        ),
        (
            "corr_your_move",
            Box::new(corr(&["a1", "b1"], [false, true], || Message {
                short: Some(club::corr_your_move_short("20d 23h")),
                ..Message::keyed(
                    MessageKind::Info,
                    Keyed::CorrYourMove(7, 20 * DAY + 23 * HOUR),
                )
            })),
        ),
        (
            "corr_waiting",
            Box::new(corr(&["a1"], [false, true], || {
                their_move(7, WIDE, 20 * DAY + 23 * HOUR, Some(20 * DAY + 23 * HOUR))
            })),
        ),
        (
            "corr_waiting_long",
            Box::new(|| {
                let mut app = App::with_game(
                    GameConfig::default(),
                    Game::from_moves(["a1".parse().unwrap()]).unwrap(),
                )
                .served([false, true])
                .named([WIDE.to_owned(), LONG.to_owned()])
                .correspondence();
                let _ = app.table_news(News::Note(their_move(
                    7,
                    LONG,
                    6 * DAY,
                    Some(6 * DAY + 18 * HOUR),
                )));
                app
            }),
        ),
        (
            "corr_watching",
            Box::new(corr(&["a1"], [true, true], || {
                their_move(7, WIDE, 20 * DAY + 23 * HOUR, None)
            })),
        ),
        (
            "chat",
            Box::new(|| {
                let mut app = at_table(&["a1", "b1"], [false, true]);
                for line in [
                    format!("{WIDE}: こんにちは、よろしくお願いします"),
                    format!("{LONG}: good luck, and have a nice game"),
                ] {
                    let _ = app.table_news(News::Chat(Message::new(MessageKind::Info, line)));
                }
                key(&mut app, KeyCode::Char('m'));
                for c in "thanks, you too".chars() {
                    key(&mut app, KeyCode::Char(c));
                }
                app
            }),
        ),
        (
            "chat_long",
            Box::new(|| {
                let mut app = at_table(&["a1", "b1"], [false, true]);
                key(&mut app, KeyCode::Char('m'));
                for c in format!("{}the end", "山田 x".repeat(8)).chars() {
                    key(&mut app, KeyCode::Char(c));
                }
                app
            }),
        ),
        (
            "rated",
            Box::new(|| {
                let shown = |whole, provisional| Shown { whole, provisional };
                at_table(&["a1", "b1"], [false, true])
                    .rated([Some(shown(1500, true)), Some(shown(1432, false))])
            }),
        ),
        (
            "help",
            Box::new(|| {
                let mut app = at_table(&["a1", "b1"], [false, true]);
                key(&mut app, KeyCode::Char('?'));
                app
            }),
        ),
    ]
}

/// What a screen promises at every size it is drawn at (44x16 and up): these texts
/// whole on it.
/// (The waiting player's short correspondence line keeps their own time, not the key.)
fn promised(name: &str, width: u16) -> &'static [&'static str] {
    match name {
        "watching" => &["q goes back to the lobby"],
        // At 60 the mover's name is whole where the line has room for it (srvpolish:
        // it was cut as at 44), and the waiting player keeps the key to the lobby.
        "corr_watching" if width == 60 => &["q: lobby", WIDE],
        "corr_your_move" | "corr_watching" => &["q: lobby"],
        "corr_waiting" if width == 80 => &["(yours: 20d 23h; q: lobby)"],
        "corr_waiting" | "corr_waiting_long" if width == 60 => &["(yours: ", "; q: lobby)"],
        "corr_waiting" | "corr_waiting_long" => &["(yours: "],
        "chat" => &["thanks, you too_"],
        "chat_long" => &["the end_"],
        "help" => &["back to the lobby"],
        // Each ladder: the name (cut at 44 columns, or `you`), the rating whole under it.
        "rated" => &["1500?", "1432"],
        _ => &[],
    }
}

/// The rows read as one text, each joined to the next, so a wrapped wording is found.
fn read(rows: &[String]) -> String {
    rows.iter()
        .map(|r| r.trim_end())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_longest_names_are_allowed() {
    for name in [LONG, WIDE] {
        assert_eq!(text::width(name), MAX_NAME_COLUMNS);
        assert!(check_name(name).is_ok(), "{name}");
    }
}

#[test]
fn the_served_screens_fit_every_size_of_the_sweep() {
    for (width, height) in SIZES {
        for (name, build) in screens() {
            let mut app = build();
            let rows = drawn(&mut app, width, height);
            let shown = rows.join("\n");
            let at = format!("{name} at {width}x{height}:\n{shown}");
            // Nothing past the right edge: every row is the screen's width, no wider.
            for row in &rows {
                assert_eq!(text::width(row), usize::from(width), "{at}");
            }
            if width < crate::ui::MIN_WIDTH || height < crate::ui::MIN_HEIGHT {
                // The "please enlarge" screen, with its way back to the lobby.
                assert!(read(&rows).contains("q: back to the lobby."), "{at}");
            } else {
                for part in promised(name, width) {
                    assert!(shown.contains(part), "{part:?}: {at}");
                }
                let status = &rows[usize::from(height) - 1];
                // A line with a short wording fits the status line: no box over the
                // board, and whole there.
                if let Some(message) = app.message() {
                    assert!(message.fits(width), "{message:?}: {at}");
                    assert!(status.contains(message.wording(width)), "{at}");
                }
                // The status line cuts nothing mid-word without `…`: a message being
                // typed shows the end typed; the keys are whole, or end with `…`.
                if let Some(typed) = app.typing() {
                    let line = crate::ui::typing_line(typed, width);
                    assert!(status.contains(&line), "{line:?}: {at}");
                } else if app.message().is_none() {
                    let row = status.trim_end();
                    let whole = [
                        hint_line(HintLine::Table),
                        hint_line(HintLine::TableNarrow),
                        table::SPECTATING.to_owned(),
                    ];
                    assert!(
                        row.ends_with('…')
                            || row.ends_with("help")
                            || whole.iter().any(|w| row.contains(w.as_str())),
                        "{row:?}: {at}"
                    );
                }
            }
            insta::assert_snapshot!(format!("served_sweep_{name}_{width}x{height}"), shown);
        }
        let lobby = waiting_lobby(width, height);
        let at = format!("lobby at {width}x{height}:\n{}", lobby.join("\n"));
        for row in &lobby {
            assert_eq!(text::width(row), usize::from(width), "{at}");
        }
        let reads = read(&lobby);
        for part in [
            "Table 2 is open: waiting for an opponent",
            "then the code XXXXXX",
            "Esc closes your table",
            "? help",
        ] {
            assert!(reads.contains(part), "{part:?}: {at}");
        }
        insta::assert_snapshot!(
            format!("served_sweep_lobby_waiting_{width}x{height}"),
            lobby.join("\n")
        );
    }
}

/// The lobby of `LONG`, waiting at their open private table (its code shown), with a
/// table of `WIDE`'s listed above it.
fn waiting_lobby(width: u16, height: u16) -> Vec<String> {
    let mut hall = Hall::new(super::hall::DEFAULT_GRACE, false);
    let who = |name: &str| Who {
        key: format!("k{name}"),
        name: name.to_owned(),
    };
    hall.open_public(who(WIDE), Player::Yellow, (Ruleset::Corners, true));
    let mine = hall
        .open(
            who(LONG),
            Player::Blue,
            (Ruleset::Standard, false),
            true,
            None,
        )
        .unwrap();
    let key = format!("k{LONG}");
    let rows: Vec<_> = seen_by(&hall.listing(), &key).cloned().collect();
    let mut lobby = LobbyState::new(LONG, Palette::Default);
    lobby.resized(width, height);
    lobby.waiting = Some(Waiting::Opponent(mine));
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    (&lobby.view(&rows, &key, Wording::Keys)).render(area, &mut buf);
    // The code is drawn at random: the same in every run here.
    let code = rows.iter().find_map(|r| r.code.clone()).unwrap_or_default();
    rows_of(&buf)
        .into_iter()
        .map(|r| r.replace(&code, "XXXXXX"))
        .collect()
}
