//! Issue 13.1: at 80×24, every question and every kind of message is readable in full,
//! on the status line or in the box over the board.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

use crate::ai::Seat;
use crate::record::Record;
use crate::rules::{Game, Square};
use crate::session::{GameConfig, Notice};
use crate::strings::{message, storage as storage_words};

use super::layout::ScreenLayout;
use super::question::Keeping;
use super::screen::box_rect;
use super::{App, AppView, Input, Look, News, Question, ReplayState, ReplayView};

mod by_name;
mod hot_seat;
mod local_names;
mod names;
mod news;
mod second_person;
mod words;

const WIDTH: u16 = 80;
const HEIGHT: u16 = 24;

fn draw(widget: impl FnOnce(&mut ratatui::Frame)) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(WIDTH, HEIGHT)).unwrap();
    terminal.draw(widget).unwrap();
    terminal.backend().buffer().clone()
}

fn row(buf: &Buffer, y: u16) -> String {
    (0..buf.area.width)
        .map(|x| buf[(x, y)].symbol().to_owned())
        .collect()
}

/// `text` without its spaces: wrapping may break a line at a space or, in a long path,
/// anywhere, so the characters are compared in order, spaces aside.
fn words(text: &str) -> String {
    text.split_whitespace().collect()
}

/// The text inside `rect`'s border, rows joined by spaces.
fn inside(buf: &Buffer, rect: Rect) -> String {
    let mut text = String::new();
    for y in rect.y + 1..rect.bottom().saturating_sub(1) {
        for x in rect.x + 1..rect.right().saturating_sub(1) {
            text.push_str(buf[(x, y)].symbol());
        }
        text.push(' ');
    }
    words(&text)
}

/// `text` is whole on one screen row, or whole in the box it would be drawn in over
/// the board of a screen laid out in `body`.
fn assert_readable(buf: &Buffer, text: &str, body: Rect) {
    let rows: Vec<String> = (0..buf.area.height).map(|y| row(buf, y)).collect();
    if rows.iter().any(|r| r.contains(text)) {
        return;
    }
    // The box as drawn: a question's keeps each answer whole on a row, which may
    // take a row more than the words alone would.
    let (top, left, right, bottom) = drawn_box(buf)
        .unwrap_or_else(|| panic!("no box in {body:?} for {text:?}:\n{}", rows.join("\n")));
    let boxed = inside(
        buf,
        Rect::new(left, top, right - left + 1, bottom - top + 1),
    );
    assert!(
        boxed.contains(&words(text)),
        "not readable in full: {text:?}\nbox: {boxed:?}\nscreen:\n{}",
        rows.join("\n")
    );
}

fn key(app: &mut App, c: char) {
    let _ = app.handle(Input::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::NONE,
    )));
}

fn game_screen(app: &App) -> Buffer {
    game_screen_at(app, WIDTH, HEIGHT)
}

/// The game screen drawn at `width` x `height`.
fn game_screen_at(app: &App, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| {
            frame.render_widget(
                &AppView {
                    app,
                    look: Look::PLAIN,
                },
                frame.area(),
            )
        })
        .unwrap();
    terminal.backend().buffer().clone()
}

/// The replay viewer drawn at `width` x `height`.
pub(super) fn replay_screen_at(state: &ReplayState, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| {
            frame.render_widget(
                &ReplayView {
                    state,
                    look: Look::PLAIN,
                },
                frame.area(),
            )
        })
        .unwrap();
    terminal.backend().buffer().clone()
}

/// The box of `question` on `app`'s game screen drawn at `width` x `height`: its
/// text and answers as the drawing words them for the box's width
/// ([`App::boxed_question`]).
pub(super) fn boxed_at(
    app: &App,
    question: Question,
    width: u16,
    height: u16,
) -> (String, Vec<String>) {
    let layout = ScreenLayout::new(Rect::new(0, 0, width, height)).unwrap();
    let area = super::screen::message_area(&layout);
    app.boxed_question(question, super::screen::box_columns(area))
}

fn against_hard() -> GameConfig {
    GameConfig {
        seats: [Seat::Human, Seat::Hard],
        think_ms: None,
        seed: 1,
        ..GameConfig::default()
    }
}

/// Every way the quit and back questions word what the autosave holds.
const KEEPINGS: [Keeping; 3] = [Keeping::NotKept, Keeping::Saving, Keeping::Kept];

#[test]
fn every_question_is_readable_in_full_at_80x24() {
    let full = Rect::new(0, 0, WIDTH, HEIGHT);
    let game = Game::from_moves([Square::B2, Square::C3, Square::B2]).unwrap();
    for keeping in KEEPINGS {
        for question in [Question::Quit, Question::NewGame] {
            let mut app = App::with_game(against_hard(), game.clone());
            app.set_keeping(keeping);
            key(&mut app, if question == Question::Quit { 'q' } else { 'n' });
            let text = app.question_text(question);
            let buf = game_screen(&app);
            assert_readable(&buf, &text, full);
            // The status line is not cut either.
            let status = app.question_status(question, WIDTH);
            assert!(row(&buf, HEIGHT - 1).contains(&status), "{status}");
        }
    }
    let offer = Game::from_moves([Square::A1, Square::D4, Square::A1, Square::D4]).unwrap();
    let app = App::new(GameConfig::default()).offer_resume(against_hard(), offer);
    let (text, _) = boxed_at(&app, Question::Resume, WIDTH, HEIGHT);
    let buf = game_screen(&app);
    assert_readable(&buf, &text, full);
    let status = app.question_status(Question::Resume, WIDTH);
    assert!(row(&buf, HEIGHT - 1).contains(&status), "{status}");
    assert!(status.contains("4 moves"), "{status}");
}

/// qa30: the other player's undo asked, and their rematch, name them (and the undo its
/// stones): with 16-column names each is whole in its box at 80×24 and 44×16, and its
/// status line fits.
#[test]
fn the_other_player_s_questions_with_long_names_are_readable_at_80x24_and_44x16() {
    let game = Game::from_moves([Square::A1, Square::D4, Square::B2, Square::C3]).unwrap();
    let mut app = App::with_game(GameConfig::default(), game)
        .served([true, false])
        .named(["bartholomewjones".into(), "alexandrapetrova".into()]);
    for (news, question) in [
        (News::UndoAsked, Question::UndoAsked),
        (News::RematchOffered, Question::Rematch),
    ] {
        let _ = app.table_news(news);
        let text = app.question_text(question);
        assert!(text.starts_with("bartholomewjones "), "{text}");
        for (width, height) in [
            (WIDTH, HEIGHT),
            (super::layout::MIN_WIDTH, super::layout::MIN_HEIGHT),
        ] {
            let buf = game_screen_at(&app, width, height);
            assert_readable(&buf, &text, Rect::new(0, 0, width, height));
            let status = app.question_status(question, width);
            assert!(row(&buf, height - 1).contains(&status), "{width}: {status}");
        }
        let _ = app.table_news(News::Resigned(crate::rules::Player::Blue));
    }
}

/// The resume question named the autosaved game's people `human`; with their names
/// (from a file: made safe, cut to 20 columns) it is whole in its box at 80×24 and at
/// 44×16, the smallest game screen, and its status line fits.
#[test]
fn the_resume_question_with_long_names_is_readable_at_80x24_and_44x16() {
    use crate::session::{Names, ResumeOffer};
    let long = "Maximiliana-Wilhelmina von Hohenzollern-Sigmaringen";
    // The longest the rest can be: 63 moves, three-digit totals.
    let complete = include_str!("../../assets/games/complete.hij");
    let moves = &complete[complete.find("1. ").unwrap()..];
    let moves = moves.replace(" b4 0-1", " *");
    let text = format!(
        "[Blue \"{long}\"]\n[BlueType \"human\"]\n[Yellow \"Bob\u{1b}[2J Bartholomew-Fitzgerald\"]\n[YellowType \"human\"]\n\n{moves}"
    );
    let loaded = crate::session::parse_record(&text).unwrap();
    let config = GameConfig::default();
    let app = App::new(against_hard()).offer(ResumeOffer {
        people: Names::played_on(&loaded.record, config.seats),
        config,
        game: loaded.game,
        ..ResumeOffer::default()
    });
    let question = app.question_text(Question::Resume);
    assert!(
        question.contains(
            "Blue (Maximiliana-Wilhelm…) against Yellow (Bob\\u{1b}[2J Bartho…), 63 moves"
        ),
        "{question}"
    );
    assert!(!question.contains('\u{1b}'), "{question}");
    assert!(
        question.contains("a new game, Blue (human) against Yellow (hard AI)"),
        "{question}"
    );
    for (width, height) in [
        (WIDTH, HEIGHT),
        (super::layout::MIN_WIDTH, super::layout::MIN_HEIGHT),
    ] {
        let buf = game_screen_at(&app, width, height);
        // The box's words at this size: the new game's players before the answers
        // where its no is too wide for a row (s32).
        let drawn = Rect::new(0, 0, width, height);
        let (boxed, _) = boxed_at(&app, Question::Resume, width, height);
        assert!(
            boxed.contains("a new game, Blue (human) against Yellow (hard AI)"),
            "{width}: {boxed}"
        );
        assert_readable(&buf, &boxed, drawn);
        let status = app.question_status(Question::Resume, width);
        assert!(
            row(&buf, height - 1).contains(&status),
            "{width}x{height}: {status}"
        );
    }
}

#[test]
fn every_kind_of_message_is_readable_in_full_at_80x24() {
    let full = Rect::new(0, 0, WIDTH, HEIGHT);
    let long_path = "/home/someone/a/rather/long/folder/for/saved/games/hijara-20261130-041500.hij";
    let game = Game::from_moves([Square::B2]).unwrap();
    let texts = [
        storage_words::saved(long_path),
        storage_words::not_saved_at(long_path, false, "Permission denied (os error 13)"),
        storage_words::kept_aside(long_path),
        storage_words::autosave_off(long_path, "Permission denied (os error 13)"),
        storage_words::autosave_failed(long_path, "No space left on device (os error 28)"),
        storage_words::autosave_unreadable(long_path, "line 3, column 1: unexpected token"),
        message::loaded(long_path, &game),
        message::UNKNOWN_KEY.to_owned(),
        message::AI_STALLED.to_owned(),
        storage_words::archived(long_path),
        storage_words::not_archived(long_path, "Permission denied (os error 13)"),
    ];
    for (i, text) in texts.iter().enumerate() {
        let mut app = App::with_game(GameConfig::default(), game.clone());
        let notice = if i % 2 == 0 {
            Notice::Info(text.clone())
        } else {
            Notice::Error(text.clone())
        };
        app.notify(notice);
        assert_readable(&game_screen(&app), text, full);
        // A box goes at the next key, which also does its job (issue 28, defect 4),
        // as it does under a message on the status line.
        key(&mut app, 'l');
        if !crate::text::fits(text, usize::from(WIDTH)) {
            assert!(app.message().is_none(), "{text}");
        }
        assert_eq!(app.cursor(), Square::B1, "{text}");
    }
    // Scoring messages: the longest the rules can give here, in both wordings.
    let mut app = App::new(GameConfig::default());
    for c in "a2b2a3b3a4b4b1c2c1c3d1c4a1".chars() {
        key(&mut app, c);
    }
    let message = app.message().unwrap().clone();
    assert_readable(&game_screen(&app), message.wording(WIDTH), full);
}

/// QA (uifit): at 44×16 the box over the 27-column board had 25 columns inside, and
/// "Game kept as …/games/hijara-20261130-041500.hij" lost the file name's last letter
/// to the next row (`hijara-20261130-041500.hi` / `j (see: hijara games)`). The box
/// now spreads over the ladders where the board is narrow, and a path breaks after a
/// `/`: every row ends at a separator or a word's end, and the name is whole. At 80×24
/// the box is over the board, as wide as its grid (s29: 39 columns inside).
#[test]
fn a_saved_path_in_the_message_box_breaks_after_a_separator_at_44x16_and_80x24() {
    let path = "/home/ann/.local/share/hijara/games/hijara-20261130-041500.hij";
    let text = storage_words::archived(path);
    let game = Game::from_moves([Square::B2]).unwrap();
    for (width, height) in [
        (super::layout::MIN_WIDTH, super::layout::MIN_HEIGHT),
        (WIDTH, HEIGHT),
    ] {
        let mut app = App::with_game(GameConfig::default(), game.clone());
        app.notify(Notice::Info(text.clone()));
        let buf = game_screen_at(&app, width, height);
        let screen = Rect::new(0, 0, width, height);
        let layout = ScreenLayout::new(screen).unwrap();
        let boxed = box_rect(&text, &[], super::screen::message_area(&layout));
        let rows: Vec<String> = (boxed.y + 1..boxed.bottom() - 1)
            .map(|y| {
                (boxed.x + 1..boxed.right() - 1)
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
                    .trim()
                    .to_owned()
            })
            .collect();
        assert_eq!(words(&rows.concat()), words(&text), "{rows:#?}");
        assert!(
            rows.iter()
                .any(|r| r.contains("hijara-20261130-041500.hij")),
            "{width}x{height}: the name broken: {rows:#?}"
        );
        for pair in rows.windows(2) {
            // A row that ends inside the path ends after a separator.
            let inside = pair[0].contains('/') && !pair[1].starts_with('(');
            assert!(!inside || pair[0].ends_with('/'), "{rows:#?}");
        }
        insta::assert_snapshot!(
            format!("archived_path_box_{width}x{height}"),
            rows.join("\n")
        );
    }
}

#[test]
fn the_replay_viewer_question_and_messages_are_readable_in_full_at_80x24() {
    let text = include_str!("../../assets/games/complete.hij");
    let record: Record = text.parse().unwrap();
    let game = record.to_game().unwrap();
    let mut state = ReplayState::new("complete.hij", &record, game);
    let body = Rect::new(0, 1, WIDTH, HEIGHT - 1);
    let screen = |state: &ReplayState| {
        draw(|frame| {
            frame.render_widget(
                &ReplayView {
                    state,
                    look: Look::PLAIN,
                },
                frame.area(),
            )
        })
    };
    for c in "g10".chars() {
        let _ = state.handle(Input::Key(KeyEvent::new(
            KeyCode::Char(c),
            KeyModifiers::NONE,
        )));
    }
    for code in [KeyCode::Enter, KeyCode::Char('c')] {
        let _ = state.handle(Input::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    }
    let buf = screen(&state);
    assert_readable(&buf, &state.continue_question(), body);
    let status = state.continue_status(WIDTH);
    assert!(row(&buf, HEIGHT - 1).contains(&status), "{status}");
    // Errors: a move number past the end, continuing from the end of a finished game.
    let _ = state.handle(Input::Key(KeyEvent::new(
        KeyCode::Char('n'),
        KeyModifiers::NONE,
    )));
    for c in "g99".chars() {
        let _ = state.handle(Input::Key(KeyEvent::new(
            KeyCode::Char(c),
            KeyModifiers::NONE,
        )));
    }
    let _ = state.handle(Input::Key(KeyEvent::new(
        KeyCode::Enter,
        KeyModifiers::NONE,
    )));
    let (_, text) = state.message().unwrap();
    assert_readable(&screen(&state), text, body);
    let _ = state.handle(Input::Key(KeyEvent::new(KeyCode::End, KeyModifiers::NONE)));
    let _ = state.handle(Input::Key(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::NONE,
    )));
    let (_, text) = state.message().unwrap();
    assert_readable(&screen(&state), text, body);
}

/// A claim game (hot-seat, `ruleset`) after the moves of `assets/games/combinations.hij`
/// up to Blue's a1:4, which completes 20 + 10 + 15.
fn claim_game_at_45(ruleset: crate::rules::Ruleset) -> App {
    let text = include_str!("../../assets/games/combinations.hij");
    let record: Record = text.parse().unwrap();
    let mut game = Game::with_rules(ruleset, true);
    let (last, earlier) = record.moves().split_last().unwrap();
    for mv in earlier {
        game.play(*mv).unwrap();
    }
    // The last stone through the keys, as a person places it.
    let mut app = App::with_game(GameConfig::default(), game);
    keys(&mut app, &last.to_string());
    assert_eq!(app.game().last().unwrap().points, 45);
    app
}

fn keys(app: &mut App, text: &str) {
    for c in text.chars() {
        key(app, c);
    }
}

/// Clicks `square` and gives the tag of the AI's question that follows (the AI's
/// reply carries it to be played).
fn click_asking_the_ai(app: &mut App, square: Square) -> u64 {
    app.handle(Input::Click(Some(square)))
        .into_iter()
        .find_map(|effect| match effect {
            super::effect::Effect::AskAi(request) => Some(request.tag),
            _ => None,
        })
        .unwrap_or_else(|| unreachable!("the AI is asked after {square}"))
}

/// Presses Enter; gives what the app asks the loop to do.
fn enter(app: &mut App) -> Vec<super::effect::Effect> {
    app.handle(Input::Key(KeyEvent::new(
        KeyCode::Enter,
        KeyModifiers::NONE,
    )))
}

#[test]
fn claim_texts_and_the_rules_on_are_readable_in_full_at_80x24() {
    use crate::rules::Ruleset;
    let full = Rect::new(0, 0, WIDTH, HEIGHT);
    let message = |app: &App| app.message().unwrap().wording(WIDTH).to_owned();
    // A person's stone: nothing said of its points.
    let app = claim_game_at_45(Ruleset::Standard);
    assert_readable(&game_screen(&app), &message(&app), full);
    // A wrong claim, a part claim, and points forfeited at the next placement.
    for (claim, wanted) in [("+40", "Wrong claim"), ("+30", "+30 claimed"), ("", "went")] {
        let mut app = claim_game_at_45(Ruleset::Corners);
        if claim.is_empty() {
            keys(&mut app, "d2");
        } else {
            keys(&mut app, claim);
            enter(&mut app);
        }
        let text = message(&app);
        assert!(text.contains(wanted), "{text}");
        let buf = game_screen(&app);
        assert_readable(&buf, &text, full);
        // The rules on are on the first status line.
        assert!(
            row(&buf, HEIGHT - 2).contains("corners · claims"),
            "{}",
            row(&buf, HEIGHT - 2)
        );
    }
    // The claim being typed, whole on the status line.
    let mut app = claim_game_at_45(Ruleset::Standard);
    keys(&mut app, "+45");
    let buf = game_screen(&app);
    let status = row(&buf, HEIGHT - 1);
    assert!(
        status.contains(
            "Claim for Blue's a1: +45_ · 0 1 2 3 4 5 6 7 8 9 ⌫ · Enter: claim · Esc: cancel"
        ),
        "{status}"
    );
    // At 44 columns (the served minimum), Enter and Esc still show: before, the
    // line was cut after the digits (`Claim for Blue's a1: +45_ · …`); the pad the
    // mouse types with (s36) takes their words' room.
    for (width, wanted) in [
        (60, "a1 +45_ 0 1 2 3 4 5 6 7 8 9 ⌫ Enter Esc"),
        (44, "a1 +45_ 0 1 2 3 4 5 6 7 8 9 ⌫ Enter Esc"),
    ] {
        let buf = game_screen_at(&app, width, 16);
        let status = row(&buf, 15);
        assert_eq!(status.trim_end(), wanted, "{width}");
    }
    keys(&mut app, "5");
    let status = row(&game_screen_at(&app, 44, 16), 15);
    assert_eq!(
        status.trim_end(),
        "a1 +455_ 0 1 2 3 4 5 6 7 8 9 ⌫ Enter Esc"
    );
    // Waiting for the person's claim against the AI: who may claim, what Enter does,
    // and the rules all show.
    let mut game = Game::with_rules(Ruleset::Corners, true);
    game.play(Square::B2).unwrap();
    let app = App::with_game(against_hard(), game);
    assert!(app.awaits_claim());
    let top = row(&game_screen(&app), HEIGHT - 2);
    assert!(
        top.contains("Blue may claim · Enter: Yellow plays"),
        "{top}"
    );
    assert!(top.contains("corners · claims"), "{top}");
}

/// QA (qa38): Blue's a1 completes 20 + 10 + 15 and Blue claims 25: the screen said
/// `Blue +25 claimed; 20 forfeited` at 80×24 and 44×16, not which combination went,
/// so two friends could not check the score. Now 80 columns name the forfeited
/// square (`...; 20 forfeited: square a1 (20)`), and 44 show the claim whole in a
/// box. Failed on the old code (no `square a1` in the message).
#[test]
fn a_part_claim_names_what_it_forfeited() {
    use crate::rules::Ruleset;
    let mut app = claim_game_at_45(Ruleset::Standard);
    keys(&mut app, "+25");
    enter(&mut app);
    assert_eq!(app.game().awarded(app.game().len() - 1), 25);
    let message = app.message().unwrap().clone();
    for (width, height) in [(WIDTH, HEIGHT), (44, 16)] {
        let text = message.wording(width);
        assert!(
            text.contains("forfeited: square a1 (20)"),
            "{width}: {text}"
        );
        let full = Rect::new(0, 0, width, height);
        assert_readable(&game_screen_at(&app, width, height), text, full);
    }
    assert_eq!(
        message.wording(WIDTH),
        "Blue +25 claimed; 20 forfeited: square a1 (20)"
    );
    // At 44 the whole claim: what was awarded too.
    assert!(message.wording(44).contains("row 1 sequence (15)"));
}

/// QA (qa38): a part claim taken back (`u`) and put back (`U`) said `Blue +45:
/// square a1 (20), column a 4s (10), row 1 1234 (15)`, the AI's wording of a claim in
/// full, while Blue's total rightly had 25 of the 45. Now the redo says the claim as
/// it was made. Failed on the old code (`+45` in the message).
#[test]
fn a_part_claim_put_back_by_redo_says_what_was_awarded() {
    use crate::rules::Ruleset;
    let mut app = claim_game_at_45(Ruleset::Standard);
    keys(&mut app, "+25");
    enter(&mut app);
    let said = app.message().unwrap().wording(WIDTH).to_owned();
    keys(&mut app, "uU");
    assert_eq!(app.game().awarded(app.game().len() - 1), 25);
    let message = app.message().unwrap();
    for width in [WIDTH, 44] {
        let text = message.wording(width);
        assert!(!text.contains("45"), "{width}: {text}");
    }
    assert_eq!(message.wording(WIDTH), said);
}

/// s40 (qa47): its foot said `Press any key to close`, though a click closes it too;
/// it names both, from the key table.
#[test]
fn the_help_of_a_corners_game_with_claims_is_whole_at_80x24() {
    use crate::rules::Ruleset;
    use crate::strings::screen::{RULES_CLAIMS, RULES_CORNERS, RULES_SHORT};
    let mut app = App::with_game(
        GameConfig::default(),
        Game::with_rules(Ruleset::Corners, true),
    );
    key(&mut app, '?');
    let buf = game_screen(&app);
    let screen: Vec<String> = (0..HEIGHT).map(|y| row(&buf, y)).collect();
    let screen = screen.join("\n");
    for line in RULES_SHORT.iter().chain(RULES_CORNERS).chain(RULES_CLAIMS) {
        assert!(screen.contains(line), "{line:?} missing:\n{screen}");
    }
    for (keys, help) in super::keymap::help_rows(super::KeyContext::Board)
        .chain(super::keymap::help_rows(super::KeyContext::ClaimGame))
    {
        let row = format!("{keys}  {help}");
        assert!(screen.contains(&row), "{row:?} missing:\n{screen}");
    }
    assert!(
        screen.contains("Press any key or click to close"),
        "{screen}"
    );
}

/// At 44×16 a question's box takes the width a long message's does (43 columns,
/// over the ladders), not the board's 27, so its text wraps into fewer rows. Failed
/// before: the question stood in the board's 25 columns inside its border.
#[test]
fn a_question_s_box_uses_the_width_at_44x16() {
    let (width, height) = (super::layout::MIN_WIDTH, super::layout::MIN_HEIGHT);
    let game = Game::from_moves([Square::A1]).unwrap();
    let mut app = App::with_game(GameConfig::default(), game).served([false, true]);
    key(&mut app, 'q');
    let text = app.question_text(Question::Leave { early: true });
    let buf = game_screen_at(&app, width, height);
    let screen = Rect::new(0, 0, width, height);
    let layout = ScreenLayout::new(screen).unwrap();
    assert!(layout.board.width < 40, "{layout:?}");
    let answers = app.clickable_answers(Question::Leave { early: true });
    let boxed = box_rect(&text, &answers, super::screen::message_area(&layout));
    // Over both ladders, its borders on their outer edges (s30; 40 columns before).
    assert_eq!(boxed.x, layout.blue.x);
    assert_eq!(boxed.right(), layout.yellow.right());
    assert_eq!(buf[(boxed.x, boxed.y)].symbol(), "┌");
    assert_eq!(buf[(boxed.right() - 1, boxed.y)].symbol(), "┐");
    assert!(inside(&buf, boxed).contains(&words(&text)));
}

/// The leave question at a table, before both players moved and after: each whole
/// in its box at 80×24 and at 44×16, the smallest game screen, its status line too.
#[test]
fn the_leave_questions_are_readable_at_80x24_and_44x16() {
    for (moves, early) in [
        (&[Square::A1][..], true),
        (&[Square::A1, Square::B1][..], false),
    ] {
        let game = Game::from_moves(moves.iter().copied()).unwrap();
        let mut app = App::with_game(GameConfig::default(), game).served([false, true]);
        key(&mut app, 'q');
        let question = Question::Leave { early };
        assert_eq!(app.overlay(), crate::ui::Overlay::Question(question));
        let text = app.question_text(question);
        assert_eq!(text.contains("not counted as abandoned"), early, "{text}");
        for (width, height) in [
            (WIDTH, HEIGHT),
            (super::layout::MIN_WIDTH, super::layout::MIN_HEIGHT),
        ] {
            let buf = game_screen_at(&app, width, height);
            assert_readable(&buf, &text, Rect::new(0, 0, width, height));
            let status = app.question_status(question, width);
            assert!(row(&buf, height - 1).contains(&status), "{status}");
        }
    }
}

/// The resume question's totals read whole in its box at 44×16 and 80×24: a colour
/// is never at the end of a row with its total at the start of the next. Failed
/// before: at 44×16 the box read `…, Blue 15 Yellow` / `0. y: resume it, …`.
#[test]
fn the_resume_questions_totals_stay_with_their_colours() {
    // Every stage of a whole game: totals of one, two and three digits.
    let complete = include_str!("../../assets/games/complete.hij");
    let whole = crate::session::parse_record(complete).unwrap().game;
    let moves: Vec<_> = whole.moves().collect();
    let games: Vec<Game> = (0..moves.len())
        .map(|len| Game::from_moves(moves[..len].iter().copied()).unwrap())
        .collect();
    let seats = [
        against_hard(),
        GameConfig::default(),
        GameConfig {
            seats: [Seat::Easy, Seat::Medium],
            ..GameConfig::default()
        },
    ];
    use crate::session::{Names, ResumeOffer};
    let named = |blue: &str, yellow: &str| {
        let text = format!(
            "[Blue \"{blue}\"]\n[BlueType \"human\"]\n[Yellow \"{yellow}\"]\n[YellowType \"human\"]\n\n*\n"
        );
        let loaded = crate::session::parse_record(&text).unwrap();
        Names::played_on(&loaded.record, [Seat::Human; 2])
    };
    let people = [
        Names::default(),
        named("Ann", "Bob"),
        named("Maximiliana-Wilhelmina", "Bob Bartholomew"),
    ];
    for game in &games {
        for (config, people) in seats
            .iter()
            .flat_map(|c| people.iter().map(move |p| (c, p)))
        {
            for new in &seats {
                let app = App::new(*new).offer(ResumeOffer {
                    people: people.clone(),
                    config: *config,
                    game: game.clone(),
                    ..ResumeOffer::default()
                });
                for (width, height) in [
                    (WIDTH, HEIGHT),
                    (super::layout::MIN_WIDTH, super::layout::MIN_HEIGHT),
                ] {
                    let (question, answers) = boxed_at(&app, Question::Resume, width, height);
                    let buf = game_screen_at(&app, width, height);
                    let body = Rect::new(0, 0, width, height);
                    assert_readable(&buf, &question, body);
                    // The box's rows, inside its border.
                    let layout = ScreenLayout::new(body).unwrap();
                    let popup = box_rect(&question, &answers, super::screen::message_area(&layout));
                    let rows: Vec<String> = (popup.y + 1..popup.bottom() - 1)
                        .map(|y| {
                            (popup.x + 1..popup.right() - 1)
                                .map(|x| buf[(x, y)].symbol())
                                .collect()
                        })
                        .collect();
                    for pair in rows.windows(2) {
                        let (end, next) = (pair[0].trim_end(), pair[1].trim_start());
                        let split = (end.ends_with("Blue") || end.ends_with("Yellow"))
                            && next.starts_with(|c: char| c.is_ascii_digit());
                        assert!(!split, "{width}x{height}:\n{}", rows.join("\n"));
                    }
                }
            }
        }
    }
}

/// s27: the note that another hijara plays from this data folder was 103 columns, so
/// the status line cut it with `…` at 80 (whole only in its box); it fits one row.
#[test]
fn the_busy_autosave_note_reads_whole_on_one_row_at_80x24() {
    use crate::session::StorageReport;
    let mut app = App::with_game(GameConfig::default(), Game::new());
    app.report(&StorageReport::AutosaveBusy {
        path: "/data/autosave.hij".into(),
    });
    let note = crate::strings::storage::AUTOSAVE_BUSY;
    let buf = game_screen(&app);
    let rows: Vec<String> = (0..HEIGHT).map(|y| row(&buf, y)).collect();
    assert!(
        rows.iter().any(|r| r.contains(note)),
        "{note:?} not whole on a row:\n{}",
        rows.join("\n")
    );
}

/// 63 moves of a claims game (standard rules) in which nothing was claimed; Yellow's
/// b1 then fills the board and completes square b1.
pub(super) const SIXTY_THREE_UNCLAIMED: &str = "d1 c4 d1 d3 a1 a1 b3 b4 d2 b1 c3 a3 d3 b4 d1 a2 a4 d3 b2 a2 c4 b2 b3 b2 \
     a4 b1 a4 a2 b4 b1 d4 d2 d4 c3 a1 a2 a3 c1 a4 b4 d2 d2 d3 d1 c1 c1 c4 a1 \
     c2 c2 b3 d4 d4 b3 a3 c2 c3 c4 c1 a3 b2 c2 c3";

/// QA (s17 playqa): in a hot-seat claim game the stone that filled the board scored
/// 20, but the screen said only `Draw. n: new game…` and `Game kept as …`: nothing
/// said it could still be claimed (a claim there is taken, and turns the draw into
/// Yellow's win). Now the message keeps the claim prompt before the note, the turn
/// line names who may claim, and the line mode says it too. Failed before: the
/// message was the note alone.
#[test]
fn the_stone_that_fills_the_board_says_it_may_still_be_claimed() {
    use crate::session::StorageReport;
    // 63 moves in which nothing was claimed; Yellow's b1 then completes square b1.
    let moves = SIXTY_THREE_UNCLAIMED;
    let mut game = Game::with_rules(crate::rules::Ruleset::Standard, true);
    for mv in moves.split_whitespace() {
        game.play(mv.parse::<Square>().unwrap()).unwrap();
    }
    let config = GameConfig {
        claims: true,
        ..GameConfig::default()
    };
    let mut app = App::with_game(config, game);
    keys(&mut app, "b1");
    assert!(app.is_over());
    assert_eq!(app.game().last().unwrap().points, 20);
    // The event loop keeps the finished game and reports where.
    app.report(&StorageReport::Archived("/data/games/hijara-1.hij".into()));
    assert_eq!(app.final_claim_open(), Some(crate::rules::Player::Yellow));
    let message = app.message().unwrap();
    let text = message.wording(WIDTH).to_owned();
    // s40: on one row at 80, the prompt in fewer words (it was a box).
    assert!(text.contains("Claim: + points Enter"), "{text}");
    assert!(
        text.contains("Game kept as /data/games/hijara-1.hij"),
        "{text}"
    );
    assert_readable(&game_screen(&app), &text, Rect::new(0, 0, WIDTH, HEIGHT));
    let said = message.line_words();
    assert!(
        said.contains("claim N") && !said.contains("+ points"),
        "{said}"
    );
    let turn = row(&game_screen(&app), HEIGHT - 2);
    assert!(turn.contains("Yellow may claim"), "{turn}");
    // The line mode's state line says it as well.
    let state = crate::ui::line::narrate::read(
        &super::Screen::Game(app.clone()),
        crate::ui::line::commands::Reading::Score,
        "",
    );
    assert!(
        state.join(" ").contains("Yellow may still claim"),
        "{state:?}"
    );
    // The claim is taken and decides the result; then nothing more is said of it.
    keys(&mut app, "+20");
    enter(&mut app);
    assert_eq!(app.game().score(crate::rules::Player::Yellow), 20);
    assert_eq!(app.final_claim_open(), None);
    let turn = row(&game_screen(&app), HEIGHT - 2);
    assert!(
        turn.contains("Yellow wins") && !turn.contains("may claim"),
        "{turn}"
    );
}

/// QA (s27): after the stone that filled the board and before its claim, the leader's
/// ladder said `wins!` and the turn line `Yellow may claim · Blue wins`, though the
/// claim could make Yellow the winner. Both say the result so far (`leads`, `Blue
/// leads`) at 80×24 and 44×16 until the claim is settled. Fails on the old code
/// (`wins!` before the claim).
#[test]
fn the_result_before_the_last_claim_is_said_as_not_final() {
    use crate::rules::Player;
    let mut app = before_the_last_stone(true);
    keys(&mut app, "b1");
    assert_eq!(app.final_claim_open(), Some(Player::Yellow));
    let lead = app.game().score(Player::Blue);
    assert!((1..20).contains(&lead), "{lead}");
    for (width, height) in [(WIDTH, HEIGHT), (44, 16)] {
        let screen = rows_of(&game_screen_at(&app, width, height)).join("\n");
        assert!(!screen.contains("wins"), "{width}×{height}:\n{screen}");
        assert!(screen.contains("leads"), "{width}×{height}:\n{screen}");
        insta::assert_snapshot!(format!("last_claim_open_{width}x{height}"), screen);
    }
    let turn = row(&game_screen(&app), HEIGHT - 2);
    assert!(turn.contains("Yellow may claim · Blue leads"), "{turn}");
    // The claim settles it: Yellow's 20 beats Blue's lead, and that is final.
    keys(&mut app, "+20");
    enter(&mut app);
    assert_eq!(app.final_claim_open(), None);
    for (width, height) in [(WIDTH, HEIGHT), (44, 16)] {
        let screen = rows_of(&game_screen_at(&app, width, height)).join("\n");
        assert!(screen.contains("wins!"), "{width}×{height}:\n{screen}");
        assert!(!screen.contains("leads"), "{width}×{height}:\n{screen}");
    }
    assert!(row(&game_screen(&app), HEIGHT - 2).contains("Yellow wins"));
}

/// QA (qa38): in a hot-seat claim game Yellow's b1 filled the board with 20 points
/// still to claim, and `n` (or `q`) at once started a new game (or quit): the claim
/// was forfeited unasked, and the history kept a draw-or-loss Yellow's claim would
/// have turned. Now both ask first, whole in a box at 80×24 and 44×16; no goes back
/// to the claim, and once it is settled `n` asks nothing. Failed on the old code (a
/// new game at the first `n`).
#[test]
fn a_new_game_or_quitting_asks_before_forfeiting_the_last_claim() {
    use super::effect::Effect;
    use super::question::Overlay;
    use crate::rules::Player;
    let claim_open = |new_game| {
        Overlay::Question(Question::ClaimOpen {
            claimer: Player::Yellow,
            new_game,
        })
    };
    let mut app = before_the_last_stone(true);
    keys(&mut app, "b1");
    assert_eq!(app.final_claim_open(), Some(Player::Yellow));
    for (k, new_game) in [('n', true), ('q', false)] {
        let effects = app.handle(Input::Key(KeyEvent::new(
            KeyCode::Char(k),
            KeyModifiers::NONE,
        )));
        assert!(!effects.contains(&Effect::Quit), "{k}: {effects:?}");
        assert_eq!(app.overlay(), claim_open(new_game), "{k}");
        assert_eq!(app.game().len(), 64, "{k}");
        let question = Question::ClaimOpen {
            claimer: Player::Yellow,
            new_game,
        };
        let text = app.question_text(question);
        assert!(text.contains("Yellow may still claim"), "{text}");
        for (width, height) in [(WIDTH, HEIGHT), (44, 16)] {
            let buf = game_screen_at(&app, width, height);
            assert_readable(&buf, &text, Rect::new(0, 0, width, height));
            let status = app.question_status(question, width);
            assert!(row(&buf, height - 1).contains(&status), "{status}");
        }
        // Any other key: back to the game, the claim still open.
        key(&mut app, 'x');
        assert_eq!(app.overlay(), Overlay::None);
        assert_eq!(app.final_claim_open(), Some(Player::Yellow));
    }
    // Yes forfeits it, as asked.
    key(&mut app, 'q');
    let effects = app.handle(Input::Key(KeyEvent::new(
        KeyCode::Char('y'),
        KeyModifiers::NONE,
    )));
    assert!(effects.contains(&Effect::Quit), "{effects:?}");
    // Claimed, nothing is left to forfeit: `n` starts the next game at once.
    let mut app = before_the_last_stone(true);
    keys(&mut app, "b1+20");
    enter(&mut app);
    assert_eq!(app.final_claim_open(), None);
    key(&mut app, 'n');
    assert_eq!(app.overlay(), Overlay::None);
    assert_eq!(app.game().len(), 0);
}

/// A hot-seat claim game before its last stone, Yellow's b1 (20 points), which fills
/// the board: the 63 moves above, of which Blue claims its first stone that scored 10
/// or 15 when `blue_leads` (Blue then leads by less than the 20 Yellow may claim),
/// none else (the totals are level).
fn before_the_last_stone(blue_leads: bool) -> App {
    use crate::rules::Player;
    let mut game = Game::with_rules(crate::rules::Ruleset::Standard, true);
    let mut claimed = false;
    for mv in SIXTY_THREE_UNCLAIMED.split_whitespace() {
        let placed = game.play(mv.parse::<Square>().unwrap()).unwrap();
        if blue_leads
            && !claimed
            && placed.player == Player::Blue
            && (1..20).contains(&placed.points)
        {
            game.claim(placed.points).unwrap();
            claimed = true;
        }
    }
    assert_eq!(claimed, blue_leads, "a Blue stone scored 10 or 15");
    let config = GameConfig {
        claims: true,
        ..GameConfig::default()
    };
    App::with_game(config, game)
}

/// QA (s28): the line mode said `Game over: Blue wins; Yellow may still claim` after
/// the stone that filled the board and before its claim, though the claim could make
/// Yellow the winner (the full screen says `leads` since s27). It says the result so
/// far, `Board full: Blue leads` (`level` for equal totals), when the stone is said and
/// when the score is read, and `Game over: Yellow wins` once the claim settles it.
/// Fails on the old code (`Game over: Blue wins`).
#[test]
fn the_line_mode_says_the_result_before_the_last_claim_as_not_final() {
    use crate::ui::line::commands::Reading;
    use crate::ui::line::narrate::{Narrator, read};
    for (blue_leads, so_far) in [(true, "Blue leads"), (false, "level")] {
        let mut app = before_the_last_stone(blue_leads);
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&super::Screen::Game(app.clone()));
        keys(&mut app, "b1");
        let expected = format!("Board full: {so_far}; Yellow may still claim.");
        // Said as the stone is played, and when the score is read.
        let said = narrator.tell(&super::Screen::Game(app.clone())).join(" ");
        assert!(said.contains(&expected), "{said}");
        let score = read(&super::Screen::Game(app.clone()), Reading::Score, "").join(" ");
        assert!(score.ends_with(&expected), "{score}");
        assert!(
            !said.contains("Game over") && !score.contains("Game over"),
            "{score}"
        );
        // Settled: the claim makes Yellow the winner, and that is final.
        keys(&mut app, "+20");
        enter(&mut app);
        let score = read(&super::Screen::Game(app), Reading::Score, "").join(" ");
        assert!(score.ends_with("Game over: Yellow wins."), "{score}");
    }
}

/// The rows of a `width`×`height` buffer, as text (every cell's symbol, a wide
/// character's second cell too).
pub(super) fn rows_of(buf: &Buffer) -> Vec<String> {
    (0..buf.area.height).map(|y| row(buf, y)).collect()
}

/// A box over a screen leaves no cut word beside it: `hijara replay complete.hij` at
/// 44×16 opens on the record's introduction in a box over columns 1-40, which covered
/// all but the `m` of Yellow's ladder label `random` (row 6 read `┐m│`).
#[test]
fn a_box_over_the_replay_at_44x16_leaves_no_cut_word_beside_it() {
    let text = include_str!("../../assets/games/complete.hij");
    let record: Record = text.parse().unwrap();
    let game = record.to_game().unwrap();
    let state = ReplayState::new("complete.hij", &record, game);
    let (width, height) = (super::layout::MIN_WIDTH, super::layout::MIN_HEIGHT);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| {
            frame.render_widget(
                &ReplayView {
                    state: &state,
                    look: Look::PLAIN,
                },
                frame.area(),
            )
        })
        .unwrap();
    let buf = terminal.backend().buffer().clone();
    let rows = rows_of(&buf);
    let shown = rows.join("\n");
    // The box: its top and bottom borders found on the screen, unbroken lines (the
    // board's have `┬` and `┴` in them). Every cell here is one column wide.
    let border = |open: char, close: char| {
        rows.iter().enumerate().find_map(|(y, r)| {
            let chars: Vec<char> = r.chars().collect();
            let left = chars.iter().position(|&c| c == open)?;
            let right = left + 1 + chars[left + 1..].iter().position(|&c| c != '─')?;
            (chars[right] == close && right - left > 20).then_some((y, left as u16, right as u16))
        })
    };
    let (top, left, right) = border('┌', '┐').expect(&shown);
    let (bottom, ..) = border('└', '┘').expect(&shown);
    assert!(shown.contains("A complete random game"), "{shown}");
    for y in top..=bottom {
        let y = y as u16;
        for (border, beside) in [(left, left.checked_sub(1)), (right, Some(right + 1))] {
            let Some(beside) = beside.filter(|&x| x < width) else {
                continue;
            };
            let cell = buf[(beside, y)].symbol();
            assert!(
                !cell.chars().next().is_some_and(char::is_alphanumeric),
                "a cut word beside the border at column {border}, row {y}:\n{shown}"
            );
        }
    }
}

/// QA (s29, qa29): at a game's end the note where it was kept replaced the last
/// stone's line (`Yellow +20: square b1 (20)`), so what the stone made was only in the
/// move list, and `Enter` showed the result but not the stone. The note now says the
/// stone's line after it, and the first status line the result, at 80×24 and 44×16.
/// s39 (board45): on the message row, never in a box over the board: at 44 columns
/// `Game kept.` and the stone's line (the line mode says the path).
#[test]
fn the_kept_note_at_the_game_s_end_keeps_what_the_last_stone_scored() {
    use crate::session::StorageReport;
    for (width, height) in [(WIDTH, HEIGHT), (44, 16)] {
        let mut game = Game::new();
        for mv in SIXTY_THREE_UNCLAIMED.split_whitespace() {
            game.play(mv.parse::<Square>().unwrap()).unwrap();
        }
        let mut app = App::with_game(GameConfig::default(), game);
        keys(&mut app, "b1");
        assert!(app.is_over());
        assert_eq!(app.game().last().unwrap().points, 20);
        let stone = app.message().unwrap().text.clone();
        assert_eq!(stone, "Yellow +20: square b1 (20)");
        app.report(&StorageReport::Archived("/data/games/hijara-1.hij".into()));
        let buf = game_screen_at(&app, width, height);
        let screen = rows_of(&buf).join("\n");
        eprintln!("{width}x{height}:\n{screen}");
        let said = app.message().unwrap().wording(width).to_owned();
        assert!(said.ends_with(&stone), "{said}");
        if width == WIDTH {
            assert!(
                said.contains("Game kept as /data/games/hijara-1.hij"),
                "{said}"
            );
        } else {
            assert_eq!(said, format!("Game kept. {stone}"));
        }
        // s40: at 44 in the fewer words that leave `? help` room beside it.
        let said = if width == WIDTH {
            said
        } else {
            format!("Kept. {stone}")
        };
        assert!(app.message().unwrap().fits(width), "{said}");
        assert_readable(&buf, &said, Rect::new(0, 0, width, height));
        assert!(
            screen.contains("Yellow wins"),
            "{width}x{height}:\n{screen}"
        );
        // The line mode said the stone as it was placed: the note alone there.
        assert_eq!(
            app.message().unwrap().line_words(),
            "Game kept as /data/games/hijara-1.hij (see: hijara games)"
        );
        insta::assert_snapshot!(
            format!("kept_after_the_last_stone_{width}x{height}"),
            screen
        );
    }
}

/// QA (qa45): in a claim game the last stone's claim (`+20 Enter` on the stone that
/// filled the board) replaced the note `Game kept as …` with the claim's line, and
/// the turn line then preferred `corners · claims` to `r review`: where the game was
/// kept and the review were named nowhere. After the final claim the note says the
/// claim after where the game went, the turn line names every key at 80×24 and
/// 44×16, and the line mode says the claim and the note. Fails on the old code (no
/// `Game kept as` after the claim).
#[test]
fn the_final_claim_keeps_the_kept_note_and_names_the_review() {
    use crate::session::StorageReport;
    use crate::ui::line::narrate::Narrator;
    let mut app = before_the_last_stone(true);
    let mut narrator = Narrator::default();
    let _ = narrator.tell(&super::Screen::Game(app.clone()));
    keys(&mut app, "b1");
    app.report(&StorageReport::Archived("/data/games/hijara-1.hij".into()));
    let _ = narrator.tell(&super::Screen::Game(app.clone()));
    keys(&mut app, "+20");
    enter(&mut app);
    assert_eq!(app.final_claim_open(), None);
    // The line mode says the claim, where the game was kept and the review.
    let said = narrator.tell(&super::Screen::Game(app.clone())).join(" ");
    for words in [
        "Yellow claims 20 for b1",
        "Game kept as",
        "review to review it",
    ] {
        assert!(said.contains(words), "{words}: {said}");
    }
    let message = app.message().unwrap().clone();
    assert_eq!(
        message.text,
        "Game kept as /data/games/hijara-1.hij (see: hijara games). \
         Yellow claims 20 for b1: square b1 (20)"
    );
    for (width, height) in [(WIDTH, HEIGHT), (44, 16)] {
        let buf = game_screen_at(&app, width, height);
        let rows = rows_of(&buf);
        let screen = rows.join("\n");
        let said = message.wording(width).to_owned();
        // s40: at 44 `Game kept.` and the claim in fewer words, in the fewer words
        // still that leave `? help` room beside it (`Kept. Yellow +20 claimed`).
        assert!(said.contains("Game kept"), "{width}x{height}: {said}");
        let said = message.wording_beside(width, if width == 44 { 8 } else { 0 });
        assert_readable(&buf, said, Rect::new(0, 0, width, height));
        let turn = &rows[rows.len() - 2];
        for (key, word) in [('n', "new"), ('w', "swap"), ('r', "review"), ('q', "quit")] {
            let named = [format!("{key} {word}"), format!("{key}: {word}")];
            assert!(
                named.iter().any(|n| turn.contains(n.as_str())),
                "{width}x{height} {key}:\n{screen}"
            );
        }
        insta::assert_snapshot!(
            format!("kept_after_the_final_claim_{width}x{height}"),
            screen
        );
    }
    // The line mode said nothing of the claim yet: it says the claim and the note.
    let line = message.line_words();
    assert!(
        line.contains("Yellow claims 20 for b1") && line.contains("Game kept as"),
        "{line}"
    );
}

/// s39 (lead, tmux at 80×24): with a real data folder's path the note after the final
/// claim ran past the row (`... (see…`) and at 44×16 was a box over the final
/// position: it had no shorter wordings. It has the kept note's (the path cut from
/// the front, then `Game kept.`), so one row holds it at 80 and 44 columns, the
/// claim's words at 80, and the line mode still says the whole path. Failed
/// before: the one wording, 128 columns.
#[test]
fn the_final_claim_s_note_fits_one_row_with_a_long_path() {
    use crate::session::StorageReport;
    let mut app = before_the_last_stone(true);
    keys(&mut app, "b1");
    let path = "/tmp/tmp.qDeR1pZcxu/home/.local/share/hijara/games/hijara-20261207-203956.hij";
    app.report(&StorageReport::Archived(path.into()));
    keys(&mut app, "+20");
    enter(&mut app);
    let message = app.message().unwrap().clone();
    for width in [WIDTH, 44] {
        let said = message.wording(width);
        assert!(
            crate::text::fits(said, usize::from(width)),
            "{width}: {said}"
        );
    }
    // At 80 columns the claim's words too (at 44 the narrowest says the file alone,
    // as the kept note after any last stone does; the turn line says who won).
    assert!(message.wording(WIDTH).contains("Yellow claims 20"));
    assert!(
        message.line_words().contains(path),
        "{}",
        message.line_words()
    );
}

/// QA (s29, qa29): the resume question's box names `q/Esc: back` (or `quit`), but the
/// status line's brief under it (`Resume? ... y: resume, other key: new game vs easy
/// AI`) left it out. Every brief names every answer the box does, with the box's own
/// keys, within the width by display width; a click on `q/Esc` there picks the box's
/// third answer. Drawn at 80×24, 60×20 and 44×16, from the command line (`quit`) and
/// from the start screen (`back`). Fails on the old code (no `q/Esc` on the row).
#[test]
fn the_resume_question_s_brief_names_every_answer_its_box_does() {
    use crate::ai::Seat;
    let autosaved = Game::from_moves([Square::B2, Square::C3]).unwrap();
    let door = GameConfig {
        seats: [Seat::Human, Seat::Easy],
        ..GameConfig::default()
    };
    for from_start in [false, true] {
        let mut app = App::new(door).offer_resume(GameConfig::default(), autosaved.clone());
        if from_start {
            app = app.from_start();
        }
        let leave = if from_start { "back" } else { "quit" };
        let box_answers = app.clickable_answers(Question::Resume);
        assert_eq!(box_answers[2], format!("q/Esc: {leave}"), "{box_answers:?}");
        for (width, height) in [(WIDTH, HEIGHT), (60, 20), (44, 16)] {
            let brief = app.question_brief(Question::Resume, width);
            let status = row(&game_screen_at(&app, width, height), height - 1);
            assert!(status.contains(&brief.text), "{width}: {status}");
            assert!(
                crate::text::width(&brief.text) <= usize::from(width),
                "{width}: {}",
                brief.text
            );
            // Yes, no, then `q/Esc`, as a click in the box picks them.
            assert_eq!(brief.answers.len(), 3, "{width}: {brief:?}");
            assert!(brief.answers[0].starts_with("y: "), "{brief:?}");
            // s40: `any other key` at 44 too (it said `other: new game`).
            assert!(
                brief.answers[1].starts_with("any other key: new"),
                "{brief:?}"
            );
            assert_eq!(brief.answers[2], box_answers[2], "{width}");
            for answer in &brief.answers {
                assert!(brief.text.contains(answer.as_str()), "{width}: {brief:?}");
            }
            let at = status.find("q/Esc").map(|i| status[..i].chars().count());
            let column = u16::try_from(at.unwrap_or(usize::MAX)).unwrap_or(u16::MAX);
            assert_eq!(
                super::screen::answer_at(&app, Rect::new(0, 0, width, height), column, height - 1),
                Some(2),
                "{width}: {status}"
            );
        }
    }
}

/// The question's box drawn on `buf`: its top row, left and right border columns and
/// bottom row, found as an unbroken `┌─…─┐` more than 20 columns wide (the board's
/// lines have `┬` in them) and the `└` under its left corner. Every cell of these
/// screens is one column wide.
fn drawn_box(buf: &Buffer) -> Option<(u16, u16, u16, u16)> {
    let rows = rows_of(buf);
    let (top, left, right) = rows.iter().enumerate().find_map(|(y, r)| {
        let chars: Vec<char> = r.chars().collect();
        let left = chars.iter().position(|&c| c == '┌')?;
        let right = left + 1 + chars[left + 1..].iter().position(|&c| c != '─')?;
        (chars[right] == '┐' && right - left > 20).then_some((y, left, right))
    })?;
    let bottom = (top + 1..rows.len()).find(|&y| rows[y].chars().nth(left) == Some('└'))?;
    let as_u16 = |n: usize| u16::try_from(n).ok();
    Some((as_u16(top)?, as_u16(left)?, as_u16(right)?, as_u16(bottom)?))
}

/// s30: the question's box in the game, the replay viewer and a game's review, at
/// 44×16, 80×24 and 120×40, cuts nothing beside it: on each of its rows the cell
/// outside each side border is off the screen, blank, a whole frame's side (`│`,
/// `┃`) or a grid line running under the box (`─` at 120×40, where the box stands on
/// the lines between squares), never a piece of a square's, a ladder's scale or words.
/// The old code left `50┤` of Yellow's scale beside it in the replay at 80×24, the
/// inside of Yellow's ladder at 44×16, and a square's `4` at 120×40 (`4┌`).
#[test]
fn the_question_s_box_cuts_nothing_beside_it_in_the_game_the_replay_and_the_review() {
    let record: Record = include_str!("../../assets/games/complete.hij")
        .parse()
        .unwrap();
    let game = record.to_game().unwrap();
    let press = |state: &mut ReplayState, code: KeyCode| {
        let _ = state.handle(Input::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    };
    for (width, height) in [(44, 16), (WIDTH, HEIGHT), (120, 40)] {
        let mut app = App::with_game(against_hard(), Game::from_moves([Square::B2]).unwrap());
        let _ = app.handle(Input::Resize(width, height));
        key(&mut app, 'q');
        let replay = ReplayState::new("complete.hij", &record, game.clone());
        let review = ReplayState::new("Review", &record, game.clone()).over_game();
        let mut screens = vec![("game", game_screen_at(&app, width, height))];
        for (name, mut state) in [("replay", replay), ("review", review)] {
            if name == "review" {
                let _ = state.open_panel();
            }
            for code in [KeyCode::Char('g'), KeyCode::Char('3'), KeyCode::Char('0')] {
                press(&mut state, code);
            }
            press(&mut state, KeyCode::Enter);
            press(&mut state, KeyCode::Char('c'));
            let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
            terminal
                .draw(|frame| {
                    let view = ReplayView {
                        state: &state,
                        look: Look::PLAIN,
                    };
                    frame.render_widget(&view, frame.area());
                })
                .unwrap();
            screens.push((name, terminal.backend().buffer().clone()));
        }
        for (name, buf) in screens {
            let shown = rows_of(&buf).join("\n");
            let at = format!("{name} at {width}x{height}:\n{shown}");
            let (top, left, right, bottom) = drawn_box(&buf).expect(&at);
            if std::env::var_os("SHOW_BOXES").is_some() {
                eprintln!("{at}");
            }
            for y in top..=bottom {
                for beside in [left.checked_sub(1), Some(right + 1)] {
                    let Some(x) = beside.filter(|&x| x < width) else {
                        continue;
                    };
                    let cell = buf[(x, y)].symbol();
                    assert!(
                        [" ", "│", "┃", "─", "━"].contains(&cell),
                        "{cell:?} beside the box at column {x}, row {y}, {at}"
                    );
                }
            }
        }
    }
}

/// Each of `answers` is whole on one row of the question's box drawn on `buf` (one
/// wider than the box's inside begins a row, its keys on it, and goes on on the rows
/// under it), and a click on its first and on its last column picks it (`pick`: the
/// answer a click at a column and row picks). `at` names the case in a failure.
fn assert_answers_whole_and_clickable(
    buf: &Buffer,
    answers: &[String],
    pick: impl Fn(u16, u16) -> Option<usize>,
    at: &str,
) {
    let (top, left, right, bottom) =
        drawn_box(buf).unwrap_or_else(|| panic!("{at}: no box\n{}", rows_of(buf).join("\n")));
    let inside: Vec<(u16, String)> = (top + 1..bottom)
        .map(|y| (y, (left + 1..right).map(|x| buf[(x, y)].symbol()).collect()))
        .collect();
    let shown = inside
        .iter()
        .map(|(_, r)| r.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    // Every cell of these screens is one column wide, and the answers are ASCII.
    let column = |before: &str| left + 1 + u16::try_from(before.chars().count()).unwrap();
    let columns = usize::from(right - left - 1);
    for (i, answer) in answers.iter().enumerate() {
        let (first, last) = if crate::text::width(answer) <= columns {
            // The last row it is on: the answers end the question.
            let Some((y, before)) = inside
                .iter()
                .rev()
                .find_map(|(y, r)| r.find(answer.as_str()).map(|start| (*y, &r[..start])))
            else {
                panic!("{at}: {answer:?} is not whole on a row of its box:\n{shown}");
            };
            let first = column(before);
            (
                (first, y),
                (first + u16::try_from(answer.len()).unwrap() - 1, y),
            )
        } else {
            let keys = &answer[..answer.find(": ").unwrap() + 1];
            let starts = |k: usize| {
                let rows: Vec<&str> = inside[k..].iter().map(|(_, r)| r.trim()).collect();
                inside[k].1.trim_start().starts_with(keys)
                    && rows.join(" ").starts_with(answer.as_str())
            };
            let Some(k) = (0..inside.len()).rev().find(|&k| starts(k)) else {
                panic!("{at}: {answer:?} begins no row of its box with its keys:\n{shown}");
            };
            let row = &inside[k].1;
            let first = (
                column(&row[..row.len() - row.trim_start().len()]),
                inside[k].0,
            );
            // Its last character: on the row where the rest of it ends.
            let mut rest = answer.len();
            let mut last = first;
            for (y, r) in &inside[k..] {
                let lead = r.len() - r.trim_start().len();
                let text = r.trim();
                if rest <= text.len() {
                    last = (column(&r[..lead + rest]) - 1, *y);
                    break;
                }
                rest -= text.len() + 1;
            }
            (first, last)
        };
        for (x, y) in [first, last] {
            assert_eq!(
                pick(x, y),
                Some(i),
                "{at}: {answer:?} at column {x}, row {y}:\n{shown}"
            );
        }
    }
}

/// s31: at 44×16 the resume question's `any other key` was broken across two rows of
/// its box (`any` / `other key: a new game…`), read as two answers; at 80×24 the quit
/// question's `keep` / `playing` and the replay's `y:` / `play on` were too. Every
/// question of a game in each state that words it (kept or not, from the start screen
/// or not, a table's with long names, the resume question with a game and with long
/// names), and the replay's play-on question, at 44×16, 60×20, 80×24 and 120×40: each
/// answer is whole on one row of its box, and a click on its first and last column
/// picks it.
#[test]
fn every_answer_is_whole_on_one_row_of_its_box_and_a_click_on_it_picks_it() {
    use crate::rules::Player;
    use crate::session::{Names, ResumeOffer};
    let sizes = [(44, 16), (60, 20), (WIDTH, HEIGHT), (120, 40)];
    let game = Game::from_moves([Square::A1, Square::D4, Square::B2, Square::C3]).unwrap();
    let long = "[Blue \"Maximiliana-Wilhelmina von Hohenzollern\"]\n[BlueType \"human\"]\n\
        [Yellow \"Bob Bartholomew-Fitzgerald\"]\n[YellowType \"human\"]\n\n*\n";
    let long = crate::session::parse_record(long).unwrap();
    let offers = [
        ResumeOffer {
            game: game.clone(),
            ..ResumeOffer::default()
        },
        ResumeOffer {
            people: Names::played_on(&long.record, [Seat::Human; 2]),
            game: game.clone(),
            ..ResumeOffer::default()
        },
        // s40: a damaged autosave's moves, what is wrong said first.
        ResumeOffer {
            people: Names::played_on(&long.record, [Seat::Human; 2]),
            game: game.clone(),
            damage: Some(crate::strings::describe::salvaged_autosave(
                std::path::Path::new("/a/long/data/folder/hijara/autosave.hij"),
                "line 12, column 10: expected a square a1..d4, a move number like `3.` or \
                 a result (`1-0`, `0-1`, `1/2-1/2`, `*`), found `zz`",
                4,
            )),
            ..ResumeOffer::default()
        },
    ];
    let mut apps = Vec::new();
    // s40: the new game's people typed on the start screen (16 columns at most),
    // named by the question's no.
    let typed = Names::typed([
        Some("Maximiliana-Wilh".into()),
        Some("漢字漢字漢字漢字".into()),
    ]);
    for offer in &offers {
        let app = App::new(GameConfig::default()).with_people(typed.clone());
        apps.push((app.offer(offer.clone()), Question::Resume));
    }
    for keeping in KEEPINGS {
        let autosaved = keeping == Keeping::Kept;
        for from_start in [false, true] {
            let local = || {
                let mut app = App::with_game(against_hard(), game.clone());
                app.set_keeping(keeping);
                if from_start { app.from_start() } else { app }
            };
            for question in [
                Question::Quit,
                Question::Back,
                Question::NewGame,
                Question::Resign(Player::Blue),
            ] {
                apps.push((local().asking(question), question));
            }
            for offer in &offers {
                let app = App::new(against_hard()).with_autosave(autosaved);
                let app = if from_start { app.from_start() } else { app };
                apps.push((app.offer(offer.clone()), Question::Resume));
            }
        }
    }
    let served = App::with_game(GameConfig::default(), game.clone())
        .served([true, false])
        .named(["bartholomewjones".into(), "alexandrapetrova".into()]);
    for question in [
        Question::UndoAsked,
        Question::Rematch,
        Question::Leave { early: false },
        Question::Leave { early: true },
        Question::LeaveAi { kept: true },
        Question::LeaveAi { kept: false },
    ] {
        apps.push((served.clone().asking(question), question));
    }
    for (app, question) in &apps {
        assert!(app.clickable_answers(*question).len() >= 2, "{question:?}");
        for (width, height) in sizes {
            let buf = game_screen_at(app, width, height);
            let drawn = Rect::new(0, 0, width, height);
            // The answers as the box words them at this size (s32: the resume
            // question's new game in fewer words where it was wider than a row, 65
            // columns in 41 at 44×16): each fits a row of the box.
            let area = super::screen::message_area(&ScreenLayout::new(drawn).unwrap());
            let columns = super::screen::box_columns(area);
            let (_, answers) = boxed_at(app, *question, width, height);
            assert_eq!(answers.len(), app.clickable_answers(*question).len());
            for answer in &answers {
                assert!(
                    crate::text::width(answer) <= columns,
                    "{question:?} {width}x{height}: {answer:?} is wider than a row ({columns})"
                );
            }
            assert_answers_whole_and_clickable(
                &buf,
                &answers,
                |column, row| super::screen::answer_at(app, drawn, column, row),
                &format!("{question:?} {width}x{height}"),
            );
        }
    }
    // The resume question at 44×16, as the brief found it (`any` / `other key: ...`),
    // its new game said shorter there (s32).
    let app = App::new(against_hard()).offer(offers[0].clone());
    insta::assert_snapshot!(
        "resume_question_44x16",
        rows_of(&game_screen_at(&app, 44, 16)).join("\n")
    );
    // The replay viewer's play-on question, from move 10 of a whole game.
    let text = include_str!("../../assets/games/complete.hij");
    let record: Record = text.parse().unwrap();
    let mut state = ReplayState::new("complete.hij", &record, record.to_game().unwrap());
    for code in [
        KeyCode::Char('g'),
        KeyCode::Char('1'),
        KeyCode::Char('0'),
        KeyCode::Enter,
        KeyCode::Char('c'),
    ] {
        let _ = state.handle(Input::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    }
    let answers = state.continue_answers();
    for (width, height) in sizes {
        let mut state = state.clone();
        let _ = state.handle(Input::Resize(width, height));
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal
            .draw(|frame| {
                frame.render_widget(
                    &ReplayView {
                        state: &state,
                        look: Look::PLAIN,
                    },
                    frame.area(),
                )
            })
            .unwrap();
        let buf = terminal.backend().buffer().clone();
        let drawn = Rect::new(0, 0, width, height);
        assert_answers_whole_and_clickable(
            &buf,
            &answers,
            |column, row| super::replay_screen::answer_at(&state, drawn, column, row),
            &format!("play on {width}x{height}"),
        );
    }
}

/// The rows inside the box drawn on `buf`, each trimmed; `None` where no box is drawn.
fn box_rows_drawn(buf: &Buffer) -> Option<Vec<String>> {
    let (top, left, right, bottom) = drawn_box(buf)?;
    Some(
        (top + 1..bottom)
            .map(|y| {
                (left + 1..right)
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
                    .trim()
                    .to_owned()
            })
            .collect(),
    )
}

/// A row of `rows` (not the only one) that holds one short word alone: a word of at
/// most 4 columns with no space beside it (`it`), which reads as cut off.
fn lone_short_word(rows: &[String]) -> Option<&String> {
    (rows.len() > 1)
        .then(|| {
            rows.iter().find(|r| {
                !r.is_empty() && !r.contains([' ', '\u{a0}']) && crate::text::width(r) <= 4
            })
        })
        .flatten()
}

/// qa34: at 44×16 the box of `Another hijara plays from this data folder: not
/// autosaved; a file save keeps it` put its last word `it` on a row alone. Every box a
/// game shows, each message too long for the status line and each question, at 44×16
/// and 80×24: no row holds a short word alone.
#[test]
fn no_box_row_holds_a_short_word_alone_at_44x16_or_80x24() {
    use crate::session::StorageReport;
    let long_path = "/home/someone/a/rather/long/folder/for/saved/games/hijara-20261130-041500.hij";
    let short_path = "/home/ann/.local/share/hijara/games/hijara-20261130-041500.hij";
    let game = Game::from_moves([Square::B2]).unwrap();
    let mut texts = vec![
        storage_words::AUTOSAVE_BUSY.to_owned(),
        storage_words::saved(long_path),
        storage_words::saved(short_path),
        storage_words::not_saved_at(long_path, false, "Permission denied (os error 13)"),
        storage_words::kept_aside(long_path),
        storage_words::kept_aside(short_path),
        storage_words::autosave_off(long_path, "Permission denied (os error 13)"),
        storage_words::autosave_failed(long_path, "No space left on device (os error 28)"),
        storage_words::autosave_unreadable(long_path, "line 3, column 1: unexpected token"),
        storage_words::autosave_unreadable(short_path, "line 3, column 1: unexpected token"),
        storage_words::autosave_salvaged(short_path, "line 3, column 1: unexpected token", 12),
        storage_words::autosave_unusable(short_path, "it is a FIFO"),
        message::loaded(long_path, &game),
        message::loaded(short_path, &game),
        message::UNKNOWN_KEY.to_owned(),
        message::AI_STALLED.to_owned(),
        storage_words::archived(long_path),
        storage_words::archived(short_path),
        storage_words::not_archived(long_path, "Permission denied (os error 13)"),
        storage_words::archived_beside(short_path, "Permission denied (os error 13)", "/tmp/x.hij"),
    ];
    texts.dedup();
    let mut found = Vec::new();
    for (width, height) in [
        (super::layout::MIN_WIDTH, super::layout::MIN_HEIGHT),
        (WIDTH, HEIGHT),
    ] {
        let mut check = |what: &str, app: &App| {
            let buf = game_screen_at(app, width, height);
            if let Some(rows) = box_rows_drawn(&buf)
                && let Some(lone) = lone_short_word(&rows)
            {
                found.push(format!("{width}x{height} {what}: {lone:?} in {rows:?}"));
            }
        };
        for text in &texts {
            let mut app = App::with_game(GameConfig::default(), game.clone());
            app.notify(Notice::Info(text.clone()));
            check(text, &app);
        }
        let mut busy = App::with_game(GameConfig::default(), Game::new());
        busy.report(&StorageReport::AutosaveBusy {
            path: "/data/autosave.hij".into(),
        });
        check("AutosaveBusy", &busy);
        let three = Game::from_moves([Square::B2, Square::C3, Square::B2]).unwrap();
        for keeping in KEEPINGS {
            for (question, k) in [(Question::Quit, 'q'), (Question::NewGame, 'n')] {
                let mut app = App::with_game(against_hard(), three.clone());
                app.set_keeping(keeping);
                key(&mut app, k);
                check(&format!("{question:?} {keeping:?}"), &app);
            }
        }
        let offer = Game::from_moves([Square::A1, Square::D4, Square::A1, Square::D4]).unwrap();
        let resume = App::new(GameConfig::default()).offer_resume(against_hard(), offer);
        check("Resume", &resume);
        for (moves, early) in [
            (&[Square::A1][..], true),
            (&[Square::A1, Square::B1][..], false),
        ] {
            let game = Game::from_moves(moves.iter().copied()).unwrap();
            let mut app = App::with_game(GameConfig::default(), game).served([false, true]);
            key(&mut app, 'q');
            check(&format!("Leave early {early}"), &app);
        }
        let four = Game::from_moves([Square::A1, Square::D4, Square::B2, Square::C3]).unwrap();
        for names in [
            ["bob".to_owned(), "alice".to_owned()],
            ["bartholomewjones".into(), "alexandrapetrova".into()],
        ] {
            for news in [News::UndoAsked, News::RematchOffered] {
                let mut app = App::with_game(GameConfig::default(), four.clone())
                    .served([true, false])
                    .named(names.clone());
                if matches!(news, News::RematchOffered) {
                    let _ = app.table_news(News::Resigned(crate::rules::Player::Blue));
                }
                let what = format!("{news:?} {names:?}");
                let _ = app.table_news(news);
                check(&what, &app);
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// s40 (words40 left it): at 44×16 a full board whose last stone made three
/// combinations said `Yellow +30: row 4 4s (10), column d 4s (10), diagonal a1-d4 4s
/// (10)` (65 columns) in a box over the final position, and the turn line, with no
/// room for `? help` beside that row, left `r review` out (`Draw. n new, w swap, q
/// quit`). The row says how many combinations (`Yellow +30: 3 combinations`) beside
/// `? help`, the board stays whole and the turn line names every key; at 80×24 the
/// short names as before. Fails on the old code (the box; no `r review`).
#[test]
fn a_full_board_s_long_last_line_leaves_the_board_whole_and_names_the_review() {
    let mut app = App::new(GameConfig::default());
    for square in Square::ALL {
        for _ in 0..4 {
            keys(&mut app, &square.to_string());
        }
    }
    assert!(app.is_over());
    let message = app.message().unwrap().clone();
    assert_eq!(message.wording(44), "Yellow +30: 3 combinations");
    assert_eq!(
        message.wording(WIDTH),
        "Yellow +30: row 4 4s (10), column d 4s (10), diagonal a1-d4 4s (10)"
    );
    let rows = rows_of(&game_screen_at(&app, 44, 16));
    let screen = rows.join("\n");
    assert!(
        rows[..14].iter().all(|row| !row.contains("Yellow +30")),
        "a box over the board:\n{screen}"
    );
    assert_eq!(
        rows[14].trim_end(),
        "Draw. n new, w swap, r review, q quit",
        "{screen}"
    );
    assert!(
        rows[15].starts_with("Yellow +30: 3 combinations"),
        "{screen}"
    );
    assert!(rows[15].trim_end().ends_with("? help"), "{screen}");
}

/// s40 (words40 left it): the note that the game was kept while the last stone's
/// claim is open (`Yellow played b1 (section 1). Claim its points: + points Enter.
/// Game kept as ...`) was the one kept note still in a box over the final position.
/// It is on the message row at 80×24 and 44×16, as the other kept notes are: the
/// path cut from the front at 80, the prompt in fewer words at 44; the line mode
/// says the whole path. Fails on the old code (one wording: the box).
#[test]
fn the_kept_note_with_the_last_claim_open_leaves_the_board_in_sight() {
    use crate::session::StorageReport;
    let mut app = before_the_last_stone(true);
    keys(&mut app, "b1");
    let sizes = [(WIDTH, HEIGHT), (44, 16)];
    let before = sizes.map(|(w, h)| rows_of(&game_screen_at(&app, w, h)));
    let path = "/home/ann/.local/share/hijara/games/hijara-20261130-041500.hij";
    app.report(&StorageReport::Archived(path.into()));
    let message = app.message().unwrap().clone();
    assert_eq!(
        message.text,
        format!(
            "Yellow played b1 (section 4). Claim its points: + points Enter. \
             Game kept as {path} (see: hijara games)"
        )
    );
    assert!(
        message.line_words().contains(path),
        "{}",
        message.line_words()
    );
    for ((width, height), before) in sizes.into_iter().zip(before) {
        let rows = rows_of(&game_screen_at(&app, width, height));
        let screen = rows.join("\n");
        let board = usize::from(height) - 2;
        assert_eq!(
            rows[..board],
            before[..board],
            "{width}x{height}:\n{screen}"
        );
        let note = &rows[board + 1];
        assert!(note.contains("Claim"), "{width}x{height}:\n{screen}");
        assert!(
            note.contains("kept") || note.contains("Kept"),
            "{width}x{height}:\n{screen}"
        );
        assert!(
            !note.contains('…') || note.contains("…/"),
            "{width}x{height}:\n{screen}"
        );
    }
}
