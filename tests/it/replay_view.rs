//! The replay viewer: its pure state driven by keys (stepping, jumping, autoplay,
//! playing on) and its screen rendered with `TestBackend` (insta snapshots).

use crate::common::{drawn, press, render, rows, typing, viewer};
use hijara::record::Record;
use hijara::rules::{Game, Player};
use hijara::ui::{Effect, Look, ReplayExit, ReplayOverlay, ReplayState, SPEEDS};
use ratatui::crossterm::event::KeyCode;

const COMPLETE: &str = include_str!("../../assets/games/complete.hij");
const UNFINISHED: &str = include_str!("../../assets/games/unfinished.hij");

/// The totals the rules give after the first `n` moves of `text`.
fn totals_after(text: &str, n: usize) -> (u32, u32) {
    let record: Record = text.parse().unwrap();
    let game = Game::from_moves(record.moves()[..n].iter().copied()).unwrap();
    (game.score(Player::Blue), game.score(Player::Yellow))
}

fn totals(state: &ReplayState) -> (u32, u32) {
    let p = state.position();
    (p.score(Player::Blue), p.score(Player::Yellow))
}

#[test]
fn steps_forward_and_back_within_the_record() {
    let mut s = viewer(COMPLETE);
    assert_eq!((s.at_move(), s.len()), (0, 64));
    assert!(s.current().is_none());
    press(&mut s, KeyCode::Left);
    assert_eq!(s.at_move(), 0, "no step before the start");
    press(&mut s, KeyCode::Right);
    typing(&mut s, "ll");
    assert_eq!(s.at_move(), 3);
    assert_eq!(s.current().unwrap().square().to_string(), "b3");
    typing(&mut s, "h");
    assert_eq!(s.at_move(), 2);
    press(&mut s, KeyCode::PageDown);
    assert_eq!(s.at_move(), 12);
    assert_eq!(totals(&s), totals_after(COMPLETE, 12));
    press(&mut s, KeyCode::End);
    assert_eq!(s.at_move(), 64);
    press(&mut s, KeyCode::Right);
    assert_eq!(s.at_move(), 64, "no step past the end");
    assert_eq!(totals(&s), (75, 100));
    press(&mut s, KeyCode::Home);
    assert_eq!((s.at_move(), totals(&s)), (0, (0, 0)));
}

#[test]
fn every_step_shows_the_rules_totals() {
    let mut s = viewer(COMPLETE);
    for n in 0..=64 {
        assert_eq!(s.at_move(), n);
        assert_eq!(totals(&s), totals_after(COMPLETE, n), "after {n} moves");
        press(&mut s, KeyCode::Right);
    }
}

/// QA: `?` while a move number was typed stopped the typing and showed no help; it
/// shows the help, and closing it finds the number still typed.
#[test]
fn question_mark_while_typing_a_move_number_shows_the_help_and_keeps_the_number() {
    let mut s = viewer(COMPLETE);
    typing(&mut s, "g2");
    press(&mut s, KeyCode::Char('?'));
    assert_eq!(s.overlay(), hijara::ui::ReplayOverlay::Help);
    press(&mut s, KeyCode::Esc);
    assert_eq!(s.overlay(), hijara::ui::ReplayOverlay::None);
    assert_eq!(s.goto(), Some("2"));
    typing(&mut s, "3");
    press(&mut s, KeyCode::Enter);
    assert_eq!(s.at_move(), 23);
}

#[test]
fn g_and_a_number_jump_to_that_move() {
    let mut s = viewer(COMPLETE);
    typing(&mut s, "g23");
    assert_eq!(s.goto(), Some("23"));
    assert_eq!(s.at_move(), 0, "nothing moves before Enter");
    press(&mut s, KeyCode::Enter);
    assert_eq!((s.at_move(), s.goto()), (23, None));
    assert_eq!(totals(&s), totals_after(COMPLETE, 23));
    // Backspace edits; Esc cancels; a number past the end is refused with a message.
    typing(&mut s, "g45");
    press(&mut s, KeyCode::Backspace);
    press(&mut s, KeyCode::Enter);
    assert_eq!(s.at_move(), 4);
    typing(&mut s, "g9");
    press(&mut s, KeyCode::Esc);
    assert_eq!((s.at_move(), s.goto()), (4, None));
    typing(&mut s, "g99");
    press(&mut s, KeyCode::Enter);
    assert_eq!(s.at_move(), 4);
    assert!(s.message().unwrap().1.contains("No move 99"));
    typing(&mut s, "g0");
    press(&mut s, KeyCode::Enter);
    assert_eq!(s.at_move(), 0);
}

#[test]
fn autoplay_steps_on_each_tick_and_stops_at_the_end() {
    let mut s = viewer(COMPLETE);
    assert_eq!(s.autoplay_delay(), None);
    assert!(
        !s.tick().contains(&Effect::Redraw),
        "no tick without autoplay"
    );
    press(&mut s, KeyCode::Char(' '));
    assert_eq!(s.autoplay_delay(), Some(SPEEDS[2]));
    typing(&mut s, "++");
    assert_eq!(s.autoplay_delay(), Some(SPEEDS[4]));
    typing(&mut s, "------");
    assert_eq!(s.autoplay_delay(), Some(SPEEDS[0]), "slowest is a floor");
    s.tick();
    s.tick();
    assert_eq!(s.at_move(), 2);
    press(&mut s, KeyCode::Char(' '));
    s.tick();
    assert_eq!(s.at_move(), 2, "paused");
    press(&mut s, KeyCode::End);
    press(&mut s, KeyCode::Left);
    press(&mut s, KeyCode::Char(' '));
    s.tick();
    assert_eq!((s.at_move(), s.autoplay()), (64, false));
    // At the end, Space starts again from the beginning.
    press(&mut s, KeyCode::Char(' '));
    assert_eq!((s.at_move(), s.autoplay()), (0, true));
}

#[test]
fn continuing_asks_first_when_later_moves_are_dropped() {
    let mut s = viewer(COMPLETE);
    typing(&mut s, "g10");
    press(&mut s, KeyCode::Enter);
    typing(&mut s, "c");
    assert_eq!(s.overlay(), ReplayOverlay::ConfirmContinue);
    assert!(s.continue_question().contains("54 later moves"));
    typing(&mut s, "n");
    assert_eq!((s.overlay(), s.exit()), (ReplayOverlay::None, None));
    typing(&mut s, "cy");
    assert_eq!(s.exit(), Some(ReplayExit::Continue(10)));
    let game = s.game_at(10);
    assert_eq!(game.len(), 10);
    assert_eq!(game.placements(), &s.game().placements()[..10]);
}

#[test]
fn a_finished_game_cannot_be_continued_at_its_end_but_an_unfinished_one_can() {
    let mut s = viewer(COMPLETE);
    press(&mut s, KeyCode::End);
    typing(&mut s, "c");
    assert_eq!((s.overlay(), s.exit()), (ReplayOverlay::None, None));
    assert!(s.message().unwrap().1.contains("The game is over"));

    let mut s = viewer(UNFINISHED);
    press(&mut s, KeyCode::End);
    typing(&mut s, "c");
    assert_eq!(
        s.exit(),
        Some(ReplayExit::Continue(50)),
        "nothing dropped: no question"
    );
}

#[test]
fn quit_help_and_unknown_keys() {
    let mut s = viewer(COMPLETE);
    typing(&mut s, "?");
    assert_eq!(s.overlay(), ReplayOverlay::Help);
    typing(&mut s, "x");
    assert_eq!(s.overlay(), ReplayOverlay::None);
    typing(&mut s, "z");
    assert!(s.message().unwrap().1.contains("Unknown key"));
    typing(&mut s, "q");
    assert_eq!(s.exit(), Some(ReplayExit::Quit));
}

#[test]
fn replay_screen_at_the_start() {
    let s = viewer(COMPLETE);
    insta::assert_snapshot!(render(&s, 80, 24, Look::PLAIN).backend());
}

/// QA (s16 learn): the record's comments before its first move (`complete.hij`'s
/// `; A complete random game...`) showed nowhere on the full screen, while the line mode
/// said them. They show in a box over the empty board at the start, with the hint line.
#[test]
fn the_record_s_introduction_shows_at_the_start() {
    for (width, height) in [(80, 24), (44, 16)] {
        let mut s = viewer(COMPLETE);
        let text = rows(&drawn(&s, width, height)).join("\n");
        // The rows break where the box's width does (s30: 31 columns inside at 80×24,
        // 41 at 44×16).
        for part in ["A complete random game:", "wins 100 to 75."] {
            assert!(text.contains(part), "{part:?} at {width}x{height}:\n{text}");
        }
        assert!(text.contains("Start:"), "the hint line stays:\n{text}");
        let _ = press(&mut s, 'l');
        let text = rows(&drawn(&s, width, height)).join("\n");
        assert!(!text.contains("A complete"), "gone at move 1:\n{text}");
    }
}

#[test]
fn a_server_s_replay_offers_no_playing_on_in_its_hint_line() {
    // At a server `c` is refused ("Not in a game over the network"), so the hint
    // line, built from the key table, must not offer it.
    let local = crate::common::screen_text(&viewer(COMPLETE));
    assert!(local.contains("c play on"), "{local}");
    let served = viewer(COMPLETE).served(None, "reviewed later".into());
    let text = crate::common::screen_text(&served);
    assert!(text.contains("g jump"), "{text}");
    assert!(!text.contains("c play on"), "{text}");
}

/// QA: a server's replay is titled with its players and date, which the header
/// says again: with two long names at 80 columns the header was cut before the rules
/// (`claims`, the variant), and the players' key fingerprints (`BlueKey`) were shown
/// before them. A server's replay leaves its title out of the header, and the keys.
#[test]
fn a_server_s_replay_header_keeps_the_rules_with_long_names_at_80_columns() {
    let text = "[Blue \"abcdefghijklmnop\"]\n[Yellow \"ponmlkjihgfedcba\"]\n\
                [Date \"2026-12-03\"]\n[BlueKey \"SHA256:JiQe\"]\n[Claim \"on\"]\n[Result \"*\"]\n\n1. a1 a2 *\n";
    let record: Record = text.parse().unwrap();
    let game = record.to_game().unwrap();
    // The title as the server makes it (club_words::replay_title).
    let title = "abcdefghijklmnop v ponmlkjihgfedcba, 2026-12-03";
    let served = ReplayState::new(title, &record, game).served(None, "later".into());
    let screen = render(&served, 80, 24, Look::PLAIN).backend().to_string();
    let header = screen.lines().next().unwrap();
    assert!(header.contains("claims"), "{header}");
    assert!(!header.contains("SHA256"), "no key fingerprint: {header}");
    assert!(
        header.contains("abcdefghijklmnop (Blue) vs ponmlkjihgfedcba (Yellow)"),
        "{header}"
    );
}

#[test]
fn replay_screen_in_the_middle() {
    let mut s = viewer(COMPLETE);
    // Move 47: Blue's a3 scores 20.
    typing(&mut s, "g47");
    press(&mut s, KeyCode::Enter);
    let (blue, yellow) = totals(&s);
    let screen = render(&s, 80, 24, Look::PLAIN).backend().to_string();
    assert!(
        screen.contains(&format!("Blue {blue}  Yellow {yellow}")),
        "{screen}"
    );
    insta::assert_snapshot!(render(&s, 80, 24, Look::PLAIN).backend());
}

#[test]
fn replay_screen_at_the_end() {
    let mut s = viewer(COMPLETE);
    press(&mut s, KeyCode::End);
    insta::assert_snapshot!(render(&s, 80, 24, Look::PLAIN).backend());
}

#[test]
fn replay_screen_with_the_continue_question_and_the_help() {
    let mut s = viewer(COMPLETE);
    typing(&mut s, "g30");
    press(&mut s, KeyCode::Enter);
    typing(&mut s, "c");
    insta::assert_snapshot!(render(&s, 80, 24, Look::PLAIN).backend());
    typing(&mut s, "n?");
    insta::assert_snapshot!(render(&s, 80, 24, Look::PLAIN).backend());
}

#[test]
fn replay_screen_never_panics_at_any_size() {
    let mut s = viewer(COMPLETE);
    typing(&mut s, "g30");
    press(&mut s, KeyCode::Enter);
    for width in 1..=100 {
        for height in 1..=40 {
            render(&s, width, height, Look::PLAIN);
        }
    }
}

/// The header's top row at `width`, read by display columns: a wide character's
/// second cell is blank in the buffer, so it is stepped over.
fn top_row(s: &ReplayState, width: u16) -> String {
    let terminal = render(s, width, 24, Look::PLAIN);
    let buffer = terminal.backend().buffer();
    let mut top = String::new();
    let mut x = 0;
    while x < width {
        let symbol = buffer[(x, 0)].symbol();
        top.push_str(symbol);
        x += u16::try_from(hijara::text::width(symbol).max(1)).unwrap();
    }
    top.trim_end().to_owned()
}

/// The header is whole where it fits; else a narrower wording (without the other
/// tags, then the title), by display columns, never cut with `…` while the players
/// alone fit.
#[test]
fn a_long_header_drops_its_least_needed_parts_first() {
    let record = "[Blue \"棋手 Wang\"]\n[Yellow \"hard\"]\n[Event \"Grand championship\"]\na1 b2\n";
    let s = viewer(record);
    let full = "game.hij · 棋手 Wang (Blue) vs hard AI (Yellow) · Event Grand championship";
    let players = "棋手 Wang (Blue) vs hard AI (Yellow)";
    for width in 44..=80 {
        let title = top_row(&s, width);
        if hijara::text::width(full) <= usize::from(width) {
            assert_eq!(title, full, "whole when it fits");
            continue;
        }
        assert!(!title.contains('…'), "{title:?} at {width}");
        assert!(title.contains(players), "{title:?} at {width}");
        assert!(hijara::text::width(&title) <= usize::from(width));
    }
    assert_eq!(
        top_row(&s, 50),
        "game.hij · 棋手 Wang (Blue) vs hard AI (Yellow)"
    );
    assert_eq!(top_row(&s, 44), players);
}

/// QA (learn3): a record's name of 500 columns left no wording that fits, and the
/// last, cut at 80 columns, named Blue alone. Names are cut to 64 columns as in a game,
/// so the other player is named too; a control character is shown escaped.
#[test]
fn a_name_of_500_columns_leaves_room_for_the_other_player() {
    let record = format!(
        "[Blue \"Evil\u{1b}]0;t\u{7}{}\"]\n[Yellow \"Ann\"]\n[Event \"{}\"]\na1 b2\n",
        "W".repeat(500),
        "X".repeat(3000)
    );
    let s = viewer(&record);
    let title = top_row(&s, 80);
    assert!(title.ends_with(" vs Ann"), "{title}");
    assert!(title.starts_with("Evil\\u{1b}]0;t\\u{7}W"), "{title}");
    assert!(hijara::text::width(&title) <= 80);
}

/// Players too long for any wording are cut at a word with `…`, by display columns,
/// never mid-word at the edge.
#[test]
fn a_header_with_no_wording_that_fits_is_cut_at_a_word_with_an_ellipsis() {
    let record = "[Blue \"棋手 Wang of the northern club\"]\n[Yellow \"Ann Marie of the southern club\"]\na1 b2\n";
    let s = viewer(record);
    let bare = "棋手 Wang of the northern club vs Ann Marie of the southern club";
    for width in [44, 50, 61] {
        let title = top_row(&s, width);
        let shown = title
            .strip_suffix('…')
            .unwrap_or_else(|| panic!("{title:?} at {width}"));
        assert!(bare.starts_with(shown), "{title:?} at {width}");
        let next = bare[shown.len()..].chars().next();
        assert!(
            next.is_some_and(|c| c == ' '),
            "{title:?} cut mid-word at {width}"
        );
        assert!(hijara::text::width(&title) <= usize::from(width));
    }
}

/// QA: the review after a game was headed "Review of the game just played · easy AI
/// (Blue) vs medium AI (Yellow)…" at 80 columns: the date was cut. The review has a
/// shorter title for a narrow header, and any title goes before the date does; at the
/// smallest size the players stay, whole.
#[test]
fn a_review_s_header_keeps_the_players_and_the_date_at_80_columns() {
    let text = "[Blue \"easy\"]\n[BlueType \"program\"]\n[Yellow \"medium\"]\n\
                [YellowType \"program\"]\n[Date \"2026-12-03\"]\n[Claim \"on\"]\n[Result \"*\"]\n\n1. a1 a2 *\n";
    let record: Record = text.parse().unwrap();
    let review = ReplayState::new(
        "Review of the game just played",
        &record,
        record.to_game().unwrap(),
    )
    .with_short_name("Review");
    assert_eq!(
        top_row(&review, 80),
        "Review · easy AI (Blue) vs medium AI (Yellow) · 2026-12-03"
    );
    assert_eq!(top_row(&review, 44), "easy AI (Blue) vs medium AI (Yellow)");
    // Two names of 16 columns, from a file with a long name.
    let names = text
        .replace("easy", "abcdefghijklmnop")
        .replace("medium", "ponmlkjihgfedcba");
    let record: Record = names.parse().unwrap();
    let file = ReplayState::new(
        "2026-12-03-2301-hijara.hij",
        &record,
        record.to_game().unwrap(),
    );
    assert_eq!(
        top_row(&file, 80),
        "abcdefghijklmnop (Blue) vs ponmlkjihgfedcba (Yellow) · 2026-12-03"
    );
    assert_eq!(top_row(&file, 44), "abcdefghijklmnop vs ponmlkjihgfedcba");
}

/// A record's comments are outside text like its tags: their control, bidi and
/// zero-width characters show as escapes. The comment line used to hand them to the
/// screen as they were, where the bidi override and the zero-width space reached the
/// terminal raw (only C0 controls were dropped, silently).
#[test]
fn a_comment_s_control_and_bidi_characters_show_escaped() {
    let text = "1. a1 {\u{1b}]2;T\u{7} x\u{202e}y\u{200b}z} b2 *\n";
    let mut s = viewer(text);
    press(&mut s, KeyCode::Right);
    let drawn = render(&s, 80, 24, Look::PLAIN).backend().to_string();
    assert!(
        drawn.contains("{\\u{1b}]2;T\\u{7} x\\u{202e}y\\u{200b}z}"),
        "{drawn}"
    );
    assert!(
        !drawn.contains('\u{202e}') && !drawn.contains('\u{200b}'),
        "{drawn}"
    );
}

/// QA: a record's `Blue` tag holding `ESC [2J` showed on the viewer's ladder as `[2J`,
/// the remains of the escape (the terminal's buffer drops the ESC alone), while the
/// header above showed it escaped. The ladder shows the tag as the header does:
/// `\u{1b}[2J` whole where it fits, else cut before the escape, never half of it.
#[test]
fn a_tag_s_escape_sequence_shows_escaped_on_the_ladder() {
    let s = viewer("[Blue \"Al\u{1b}[2J\"]\n[Yellow \"Bo\"]\n\n1. a1 b2 *\n");
    for (width, height, whole) in [(120, 30, true), (80, 24, false), (44, 17, false)] {
        let screen = render(&s, width, height, Look::PLAIN).backend().to_string();
        // The header says the tag escaped; take it away, and no `[2J` is left.
        let rest: Vec<&str> = screen.lines().skip(1).collect();
        let rest = rest.join("\n");
        assert!(
            !rest.replace("\\u{1b}[2J", "").contains("[2J"),
            "{width}×{height}:\n{screen}"
        );
        assert_eq!(
            rest.contains("Al\\u{1b}[2J"),
            whole,
            "{width}×{height}:\n{screen}"
        );
        assert!(
            !rest.contains("\\u{1b…") && !rest.contains("\\u…"),
            "{screen}"
        );
    }
}

/// QA: at the end of a finished game at 44 columns no wording of the first status line
/// fitted, and the shortest was cut by the edge mid-word (`Move 64/64 · Yellow wi`).
/// The result alone is offered there; a line that still does not fit is cut at a word
/// with `…` (the status line's own test).
#[test]
fn the_game_over_line_is_cut_at_a_word_at_44_columns() {
    let mut s = viewer(COMPLETE);
    press(&mut s, KeyCode::End);
    let screen = render(&s, 44, 17, Look::PLAIN).backend().to_string();
    let row = screen.lines().nth(15).unwrap().trim_matches('"').trim_end();
    // The result alone, whole, where the move number leaves it no room.
    assert_eq!(row, "Blue 75  Yellow 100  │  Yellow wins   ? help");
}

/// QA: a claim game is won on the points claimed, but the viewer's last move said
/// `Game over: draw` (the board's full totals, 200 each, every point but the last
/// stone's forfeited) under the totals `Blue 0  Yellow 30`, and its record says 0-1.
#[test]
fn a_claim_game_s_end_gives_the_result_of_the_points_claimed() {
    let mut moves = String::new();
    for square in ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"] {
        moves.push_str(&format!("{square} {square} {square} {square} "));
    }
    for square in ["a3", "b3", "c3", "d3", "a4", "b4", "c4"] {
        moves.push_str(&format!("{square} {square} {square} {square} "));
    }
    let text = format!("[Claim \"on\"]\n[Result \"0-1\"]\n\n{moves}d4 d4 d4 d4+30 0-1\n");
    let mut s = viewer(&text);
    press(&mut s, KeyCode::End);
    assert_eq!(s.at_move(), 64);
    let screen = render(&s, 80, 24, Look::PLAIN).backend().to_string();
    let status = screen.lines().nth(22).unwrap();
    assert!(status.contains("Blue 0  Yellow 30"), "{status}");
    assert!(status.contains("Game over: Yellow wins"), "{status}");
    assert!(!screen.contains("draw"), "{screen}");
}

/// qa41: nothing on the review's screens said what a value like `~-13` or a range
/// like `(7-29)` is. The viewer's help says it at every size: whole at 80×24, and at
/// 44×16 by scrolling (↓), each line within the box, nothing cut.
#[test]
fn the_replay_help_says_what_the_reviews_numbers_are_at_80x24_and_44x16() {
    let wanted = [
        "Values: final margins for the mover under best play",
        "(-40: 40 behind); ~ marks an estimate;",
        "lost 15 (7-29): the loss is 7-29, 9 times in 10.",
    ];
    for (width, height, presses) in [(80u16, 24u16, 0), (44, 16, 40)] {
        let mut s = crate::common::sized(viewer(COMPLETE), width, height);
        typing(&mut s, "?");
        // Every help row seen while scrolling to its end, each one's inside.
        let mut seen = Vec::new();
        for _ in 0..=presses {
            for row in rows(&drawn(&s, width, height)) {
                let inside: Vec<&str> = row.split('│').collect();
                if inside.len() >= 3 {
                    seen.push(inside[1].trim_end().to_owned());
                }
            }
            press(&mut s, KeyCode::Down);
        }
        seen.dedup();
        let all = seen.join(" ");
        for w in wanted {
            assert!(all.contains(w), "{width}x{height}: no {w:?} in {seen:#?}");
        }
    }
}

/// qa45: at 44×16 the move number typed after `g` was cut away (`Move 0/64 · go to
/// move…`): what was typed showed nowhere. Where the move shown leaves it no room,
/// the typing goes alone, beside the totals.
#[test]
fn a_move_number_typed_shows_at_44_columns() {
    for (width, height) in [(80, 24), (44, 16)] {
        let mut s = viewer(COMPLETE);
        typing(&mut s, "g12");
        let status = rows(&drawn(&s, width, height))[usize::from(height) - 2].clone();
        assert!(
            status.contains("go to move: 12_"),
            "at {width}x{height}: {status}"
        );
    }
}

/// qa45: `[` at the start (or at move 1) and `]` at the last move said `No mistake
/// or blunder before this move yet: the analysis is still running`, as if one could
/// still come: none ever can there, and the line says so at once.
#[test]
fn no_mistake_before_the_start_or_after_the_end_is_not_awaited() {
    let mut s = viewer(COMPLETE);
    for at_start in [true, false] {
        if !at_start {
            press(&mut s, KeyCode::Right);
        }
        press(&mut s, '[');
        assert_eq!(
            s.message().map(|(_, text)| text.to_owned()).as_deref(),
            Some("No mistake or blunder before this move"),
            "at move {}",
            s.at_move()
        );
    }
    press(&mut s, KeyCode::End);
    press(&mut s, ']');
    assert_eq!(
        s.message().map(|(_, text)| text.to_owned()).as_deref(),
        Some("No mistake or blunder after this move")
    );
    // In the middle one may still come: the analysis runs.
    typing(&mut s, "g30");
    press(&mut s, KeyCode::Enter);
    press(&mut s, ']');
    assert!(
        s.message()
            .is_some_and(|(_, text)| text.ends_with("still running")),
        "{:?}",
        s.message()
    );
}
