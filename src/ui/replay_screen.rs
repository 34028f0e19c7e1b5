//! The replay viewer drawn with the game's own widgets.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::rules::Player;
use crate::session::seat_tag;
use crate::strings::{describe, replay as replay_words, rules_parts, screen as words, seat_name};
use crate::text;

use crate::strings::analysis as analysis_words;
use crate::strings::review::mark as review_mark;

use super::analysis_panel::{
    AnalysisPanel, MAX_PANEL_HEIGHT, MIN_PANEL_HEIGHT, judged, judged_named,
};
use super::board::{BoardView, Highlight};
use super::keymap::{HintLine, hint_line};
use super::ladder::{Acting, LadderView, ladder_scale, outcome_note, render_clock, render_pair};
use super::layout::{MIN_HEIGHT, MIN_WIDTH, ScreenLayout, above_status, replay_areas};
use super::look::Look;
use super::message::{Message, MessageKind};
use super::move_list::MoveListView;
use super::replay::{ReplayOverlay, ReplayState};
use super::screen::{
    message_area, render_box, render_enlarge_board, render_long_message, render_review_enlarge,
    render_served_enlarge, render_too_small,
};
use super::status::{StatusView, totals_at};

/// The replay viewer as a widget.
#[derive(Debug, Clone, Copy)]
pub struct ReplayView<'a> {
    /// The state drawn.
    pub state: &'a ReplayState,
    /// The colours.
    pub look: Look,
}

/// The header's wordings, widest first: the title, the players, the date, the
/// clock, the rules and any other tags; then without the rules (the status line says
/// them), without the other tags, with the shorter title if there is one, without the
/// title, without the clock, without the date, and last the players without their
/// colours (the ladders say them). The first that fits is shown ([`header`]).
fn headers(state: &ReplayState) -> Vec<String> {
    let seat = |player: Player| match (state.seat(player), state.tag(seat_tag(player))) {
        (Some(seat), _) if seat != crate::ai::Seat::Human => seat_name(seat).to_owned(),
        // Made safe and cut to 64 columns, as a name is in a game: a name of 500
        // columns left no wording that fits, and the last, cut, lost the other player.
        (_, Some(name)) => text::safe_text(name),
        _ => "?".to_owned(),
    };
    let (blue, yellow) = (seat(Player::Blue), seat(Player::Yellow));
    let players = replay_words::players(&blue, &yellow);
    // A server's replay is titled with its players and date, said next: the title
    // (the line mode's name for it) would only push the rules off a narrow line.
    let mut titles: Vec<String> = Vec::new();
    if !state.is_served() {
        titles.push(text::sanitize(state.name()).into_owned());
        titles.extend(state.short_name().map(|s| text::sanitize(s).into_owned()));
    }
    // A Date that is no date (`2026-13-45`) is not shown as one (`hijara replay`
    // says so on standard error).
    let date: Vec<String> = state
        .tag(crate::record::DATE_TAG)
        .filter(|date| crate::record::is_date(date))
        .map(|date| text::sanitize(date).into_owned())
        .into_iter()
        .collect();
    let clock: Vec<String> = state
        .time_control()
        .map(|control| replay_words::clock(&control.minutes_text()))
        .into_iter()
        .collect();
    let game = state.game();
    let rules: Vec<String> = rules_parts(game.ruleset(), game.claim_mode())
        .into_iter()
        .map(str::to_owned)
        .collect();
    // The tags said above, or kept for the program (seed, thinking time, the result the
    // status line tells at the end), are not repeated; any other is shown as it is.
    let others: Vec<String> = state
        .tags()
        .iter()
        .filter(|(name, _)| !SAID_TAGS.contains(&name.as_str()))
        .map(|(name, value)| replay_words::tag(&text::safe_text(name), &text::safe_text(value)))
        .collect();
    let join = |groups: &[&[String]]| {
        groups
            .iter()
            .flat_map(|group| group.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" · ")
    };
    let players = [players];
    let title = &titles[..titles.len().min(1)];
    let mut wordings = vec![
        join(&[title, &players, &date, &clock, &rules, &others]),
        join(&[title, &players, &date, &clock, &others]),
        join(&[title, &players, &date, &clock]),
    ];
    if let Some(short) = titles.get(1) {
        wordings.push(join(&[
            std::slice::from_ref(short),
            &players,
            &date,
            &clock,
        ]));
    }
    wordings.extend([
        join(&[&players, &date, &clock]),
        join(&[&players, &date]),
        join(&[&players]),
        replay_words::players_bare(&blue, &yellow),
    ]);
    wordings.dedup();
    wordings
}

/// The header at `columns`: the first of [`headers`] that fits, else the last cut
/// at a word with `…` rather than mid-word at the edge.
fn header(state: &ReplayState, columns: usize) -> String {
    let wordings = headers(state);
    match wordings.iter().find(|w| text::fits(w, columns)) {
        Some(fits) => fits.clone(),
        None => wordings
            .last()
            .map(|last| text::fit_words(last, columns).into_owned())
            .unwrap_or_default(),
    }
}

/// The record's tags the header says in words, or leaves to the program.
const SAID_TAGS: [&str; 15] = [
    "Blue",
    "Yellow",
    "BlueType",
    "YellowType",
    // A server's record: the players' key fingerprints, for the server's tallies.
    "BlueKey",
    "YellowKey",
    "Date",
    "TimeControl",
    "Variant",
    "Claim",
    "Seed",
    "ThinkMs",
    "Termination",
    "Result",
    // The thinking on the turn the game ended in: the clocks at the last move say it.
    crate::session::TURN_USED_TAG,
];

/// The viewer laid out in `area`: the tags' row when there is one to spare, the
/// game's layout and the analysis panel when it is open and has room; `None` when
/// the viewer does not fit (it asks to enlarge the terminal). The one layout the
/// drawing and [`status_area`] share.
fn areas(state: &ReplayState, area: Rect) -> Option<(Option<Rect>, ScreenLayout, Option<Rect>)> {
    let (top, body) = replay_areas(area)?;
    // `replay_areas` gives a body a game's layout fits in.
    let (layout, panel) =
        panel_layout(state, body).or_else(|| Some((ScreenLayout::new(body)?, None)))?;
    Some((top, layout, panel))
}

/// The answer of the play-on question on the viewer drawn in a frame of `drawn` that a
/// click at (`column`, `row`) falls on, as a game's question finds its own
/// ([`super::screen::answer_in_box`]), in its box or on the status line's brief
/// under it ([`super::screen::answer_on_status_line`]): its index in
/// [`ReplayState::continue_answers`] (0 play on, 1 stay); `None` off them, or with no
/// question asked.
pub(crate) fn answer_at(state: &ReplayState, drawn: Rect, column: u16, row: u16) -> Option<usize> {
    if state.overlay() != ReplayOverlay::ConfirmContinue {
        return None;
    }
    let (_, layout, _) = areas(state, drawn)?;
    super::screen::answer_in_box(
        || (state.continue_question(), state.continue_answers()),
        message_area(&layout),
        column,
        row,
    )
    .or_else(|| {
        // The status line's brief under it, worded with the frame's width as drawn
        // (only for a click on its row).
        super::screen::answer_on_status_line(
            || state.continue_brief(drawn.width),
            layout.status,
            column,
            row,
        )
    })
}

/// Where the viewer drawn in `area` has its status lines (for a click on the
/// `? help` they show); `None` when it does not fit.
pub(crate) fn status_area(state: &ReplayState, area: Rect) -> Option<Rect> {
    areas(state, area).map(|(_, layout, _)| layout.status)
}

/// The screen laid out with the analysis panel between the board and the status
/// lines, when the panel is open and `body` has room for it; `None` otherwise (the
/// panel folds away and the screen is laid out without it).
fn panel_layout(state: &ReplayState, body: Rect) -> Option<(ScreenLayout, Option<Rect>)> {
    if !state.panel() {
        return None;
    }
    let spare = body.height.checked_sub(MIN_HEIGHT)?;
    let height = spare.min(MAX_PANEL_HEIGHT);
    if height < MIN_PANEL_HEIGHT {
        return None;
    }
    let mut layout =
        ScreenLayout::new(Rect::new(body.x, body.y, body.width, body.height - height))?;
    let panel = Rect::new(body.x, layout.status.y, body.width, height);
    layout.status.y += height;
    Some((layout, Some(panel)))
}

/// The verdict on the move shown, for the message line when the analysis panel is
/// open but has no room: the panel's own line, a shorter wording for a narrow screen,
/// and the panel's "analysing" while the move waits for its value.
fn folded_verdict(state: &ReplayState) -> Message {
    match state.current_review() {
        Some(m) => {
            let kind = if m.class >= crate::review::Class::Mistake {
                MessageKind::Error
            } else {
                MessageKind::Info
            };
            let mut message = Message::new(kind, judged(m));
            // Every narrower wording names the player (qa41); the last fits 44 columns.
            let mut named = judged_named(m);
            message.short = named.pop();
            message.middle = named;
            message
        }
        None => Message::new(MessageKind::Info, analysis_words::pending(state.at_move())),
    }
}

/// The mark after each move in the move list: the record's own, else (with the
/// analysis panel open) the analysis's `?!`, `?` or `??`.
fn move_marks(state: &ReplayState) -> Vec<&'static str> {
    (1..=state.len())
        .map(|n| match (state.mark(n), state.analysis().move_review(n)) {
            (Some(mark), _) => mark.token(),
            (None, Some(m)) if state.panel() => review_mark(m.class),
            _ => "",
        })
        .collect()
}

impl Widget for &ReplayView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let state = self.state;
        let look = self.look;
        // One line for the record's tags when there is a row to spare, the rest laid
        // out as in a game.
        let Some((top, layout, panel)) = areas(state, area) else {
            if state.is_served() {
                render_served_enlarge(area, MIN_WIDTH, MIN_HEIGHT, None, buf);
            } else if state.is_over_game() {
                render_review_enlarge(area, MIN_HEIGHT, buf);
            } else if state.is_from_start() {
                // `q: back to the start screen.`, as a game the start screen opened says.
                render_enlarge_board(area, true, buf);
            } else {
                render_too_small(area, MIN_HEIGHT, buf);
            }
            return;
        };
        if let Some(top) = top {
            let title = header(state, usize::from(top.width));
            Line::styled(title, look.strong()).render(top, buf);
        }
        if let Some(rect) = panel {
            AnalysisPanel {
                game: state.game(),
                analysis: state.analysis(),
                at_move: state.at_move(),
                look,
            }
            .render(rect, buf);
        }

        let position = state.position();
        let ending = state.ending();
        let outcome = state.outcome();
        let game = state.game();
        let totals = totals_at(game, state.at_move());
        let scale = ladder_scale(totals);
        let ladders = Player::BOTH.map(|player| {
            let note = outcome_note(outcome, player);
            LadderView {
                player,
                position,
                score: totals[player.index()],
                scale,
                label: state.tag(seat_tag(player)).unwrap_or(""),
                rating: None,
                note,
                forfeited: None,
                lead: None,
                ended: outcome.is_some(),
                acting: Acting::Mover,
                look,
            }
        });
        // `wins!` on one ladder alone leaves the gauges level (render_pair).
        let rects = [layout.blue, layout.yellow];
        render_pair([&ladders[0], &ladders[1]], rects, buf);
        for (player, rect) in Player::BOTH.into_iter().zip(rects) {
            if let Some(left) = state.clock_left(player) {
                render_clock(rect, &crate::session::show_clock(left), look.dim(), buf);
            }
        }

        BoardView {
            position,
            highlight: Highlight {
                // The best move in the position before the move shown, by the engine.
                hint: state
                    .panel()
                    .then(|| state.current_review().map(|m| m.best))
                    .flatten(),
                ..Highlight::claimed(
                    state.current(),
                    state
                        .at_move()
                        .checked_sub(1)
                        .and_then(|i| game.claim_state(i)),
                )
            },
            look,
        }
        .render(layout.board, buf);

        if let Some(rect) = layout.history {
            let marks = move_marks(state);
            MoveListView {
                placements: game.placements(),
                marks: &marks,
                claims: game.claim_states(),
                current: state.at_move().checked_sub(1),
                from_start: true,
                look,
            }
            .render(rect, buf);
        }

        let what = match (outcome, state.goto()) {
            (_, Some(typed)) => [
                replay_words::typing_move(typed),
                replay_words::typing_move(typed),
            ],
            (Some(outcome), None) => {
                // Within the sentence (s36: `Game over: Yellow wins: Blue resigned`,
                // two colons); alone, narrower, as it begins a line.
                let over = state.result_within().unwrap_or_else(|| outcome.to_string());
                let alone = match (state.names(), state.result_words()) {
                    // A server game's record: by the players' names, as written.
                    (Some(_), Some(named)) => named,
                    _ => match ending {
                        Some(ending) => describe::ending(ending),
                        None => describe::result_sentence(outcome),
                    },
                };
                [replay_words::over(over), alone]
            }
            (None, None) => [
                words::to_move(position.to_move()),
                words::to_move_short(position.to_move()),
            ],
        };
        let speed = state.autoplay().then(|| replay_words::speed(state.speed()));
        let short = what[1].clone();
        let mut turn = what
            .map(|what| replay_words::turn(state.at_move(), state.len(), &what, speed.as_deref()))
            .to_vec();
        // At the end of a finished game the result alone, where the move number leaves
        // it no room (44 columns): the last move's number is the record's length.
        let mut turn_core = None;
        // The number being typed alone where the move shown leaves it no room (qa45:
        // at 44 columns `Move 0/64 · go to move…` hid what was typed).
        if let Some(typed) = state.goto() {
            turn.push(replay_words::typing_move(typed));
        }
        if outcome.is_some() && state.goto().is_none() && state.at_move() == state.len() {
            turn.push(short);
            // Two long names leave no room for how it ended: the winner alone, the last
            // resort (not core: the help goes before the words that say how).
            if let (Some(names), Some(outcome), Some(_)) = (state.names(), outcome, ending) {
                turn_core = Some(turn.len());
                turn.push(crate::strings::table::named_outcome(
                    outcome,
                    crate::strings::table::Who::both(&names),
                ));
            }
        }
        let turn_style = match outcome {
            Some(_) => look.banner(),
            None => look.player(position.to_move()),
        };
        // What the second status line says; a message too long for it shows in a box.
        // With the analysis panel open but folded away, the verdict on the move shown.
        let folded = state.panel() && panel.is_none();
        let message = match (state.message(), state.current()) {
            (Some((kind, text)), _) => Some(Message::new(kind, text)),
            (None, Some(_)) if folded => Some(folded_verdict(state)),
            (None, Some(placement)) => {
                let n = state.at_move();
                let mark = state.mark(n).map(|m| m.token());
                let notes = |text: &str| analysis_words::with_notes(text, mark, state.comments(n));
                let mut message = Message::of_move(game, n.saturating_sub(1))
                    .unwrap_or_else(|| Message::placement(placement));
                message.text = notes(&replay_words::numbered(n, &message.text));
                message.short = message
                    .short
                    .map(|short| notes(&replay_words::numbered(n, &short)));
                Some(message)
            }
            (None, None) => None,
        };
        let line = match (state.overlay(), &message) {
            (ReplayOverlay::ConfirmContinue, _) => {
                Span::styled(state.continue_status(area.width), look.banner())
            }
            (_, Some(m)) => Span::styled(m.wording(area.width).to_owned(), m.style(look)),
            (_, None) if state.panel() && panel.is_none() => {
                Span::styled(analysis_words::FOLDED, look.dim())
            }
            (_, None) => Span::styled(
                replay_words::at_start(&hint_line(if state.is_served() {
                    HintLine::ReplayServedStart
                } else {
                    HintLine::ReplayStart
                })),
                look.dim(),
            ),
        };
        let rules = rules_parts(game.ruleset(), game.claim_mode());
        StatusView {
            totals,
            rules: &rules,
            turn: &turn,
            turn_core: turn_core.unwrap_or(turn.len()),
            turn_style,
            message: line,
            right: words::HELP_KEY,
            // Its hint line names `? help` itself; the rest are notes, kept whole.
            hints: false,
            keyed_turns: 0,
            keys_over_help: false,
            look,
            echo: None,
        }
        .render(layout.status, buf);

        match (state.overlay(), &message) {
            (ReplayOverlay::Help, _) => {
                state.help_view(look).render(above_status(area), buf);
            }
            (ReplayOverlay::ConfirmContinue, _) => {
                render_box(
                    &state.continue_question(),
                    &state.continue_answers(),
                    message_area(&layout),
                    look,
                    buf,
                );
            }
            (ReplayOverlay::None, Some(m)) => render_long_message(m, area, &layout, look, buf),
            // The record's comments before its first move (its introduction) over the
            // empty board at the start, the hint line kept: the full screen showed
            // them nowhere, while the line mode says them.
            (ReplayOverlay::None, None) if state.at_move() == 0 => {
                // One paragraph: a `;` comment is a line of it. Made safe, as every
                // text of the record's.
                let intro: Vec<String> = state
                    .comments(0)
                    .iter()
                    .map(|c| text::sanitize(c.trim()).to_string())
                    .filter(|c| !c.is_empty())
                    .collect();
                if !intro.is_empty() {
                    render_box(&intro.join(" "), &[], message_area(&layout), look, buf);
                }
            }
            (ReplayOverlay::None, None) => {}
        }
    }
}
