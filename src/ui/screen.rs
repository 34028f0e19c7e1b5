//! The whole screen: where each panel goes, and the app drawn with the widgets.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::rules::{ClaimState, Outcome, Player};
use crate::session::show_clock;
use crate::strings::question::{Answering, Brief};
use crate::strings::{
    claim as claim_words, describe, line as line_words, rules_parts, screen as words, seat_name,
    table,
};
use crate::text::wrap;

use super::ai_worker::AiJob;
use super::app::App;
use super::board::{BoardView, Highlight};
use super::keymap::{Action, HintLine, hint_line, hint_line_doing, hint_line_leaving, hint_parts};
use super::ladder::{
    Acting, LadderView, Lead, ladder_scale, provisional_note, render_clock, render_pair,
};
use super::layout::{MIN_HEIGHT, MIN_WIDTH, ScreenLayout, above_status};
use super::look::Look;
use super::message::Message;
use super::move_list::MoveListView;
use super::question::Overlay;
use super::status::{StatusView, totals_at};

/// Frames of the thinking indicator.
const SPINNER: [&str; 4] = ["|", "/", "-", "\\"];

/// The whole app, drawn with one look.
#[derive(Debug, Clone, Copy)]
pub struct AppView<'a> {
    /// The state drawn.
    pub app: &'a App,
    /// The colours.
    pub look: Look,
}

/// Where the terminal's cursor is parked on a game screen of `area`: on the section
/// the next stone on the selected square would fill (the square's middle when it is
/// full), so screen magnifiers and braille displays follow the selection. `None` when
/// the board is not in view (too small, or under the help or a question) or a message
/// box may cover it, and on a spectator's screen, which has no cursor.
pub(crate) fn cursor_cell(app: &App, area: Rect) -> Option<(u16, u16)> {
    if app.overlay() != super::question::Overlay::None
        || app.spectating()
        || app.message().is_some_and(|m| !m.fits(area.width))
        || app.boxed_chat(area.width).is_some()
    {
        return None;
    }
    let layout = ScreenLayout::new(area)?;
    let geometry = super::board::BoardGeometry::fit(layout.board)?;
    let square = app.cursor();
    Some(match app.game().position().next_section(square) {
        Some(section) => geometry.glyph_cell(crate::rules::Cell::new(square, section)),
        None => {
            let rect = geometry.square_rect(square);
            (rect.x + rect.width / 2, rect.y + rect.height / 2)
        }
    })
}

impl Widget for &AppView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let app = self.app;
        let Some(layout) = ScreenLayout::new(area) else {
            if app.is_served() {
                // The question q asked (or the other player's) is answered here.
                let asked = match app.overlay() {
                    Overlay::Question(q) => Some(app.question_words(q, Answering::Keys)),
                    _ => None,
                };
                render_served_enlarge(area, MIN_WIDTH, MIN_HEIGHT, asked.as_deref(), buf);
            } else {
                // q goes back to the start screen that opened the game, or quits.
                render_enlarge_board(area, app.is_from_start(), buf);
            }
            return;
        };
        let look = self.look;
        let game = app.game();
        let position = game.position();
        let config = app.config();
        let totals = totals_at(game, game.len());
        let scale = ladder_scale(totals);
        // An early ending (resignation, time) decides the game as a full board would.
        let ending = app.ending();
        let outcome = ending
            .map(|e| Outcome::Winner(e.winner()))
            .or_else(|| game.outcome());
        let thinking = app.thinking();
        let spinner = SPINNER[app.spinner() % SPINNER.len()];
        // The stone that filled the board may still be claimed (here, or at a table
        // by either player): whoever claims it, the result is not final unless they
        // already win.
        let claimer = app.final_claim_pending().filter(|_| ending.is_none());
        // Whether its claim is made on this screen (its key is offered here).
        let claims_here = claimer.is_some_and(|c| !app.is_remote(c));
        let provisional = outcome
            .filter(|o| claimer.is_some_and(|c| o.winner() != Some(c)))
            .map(words::provisional);

        // At a server's table the ladders name the players, and which is you.
        let named = Player::BOTH.map(|player| app.seat_label(player));
        let ladders = Player::BOTH.map(|player| {
            let thinks =
                outcome.is_none() && thinking == Some(AiJob::Move) && game.to_move() == player;
            let note =
                provisional_note(outcome, player, claimer).or(thinks.then_some(words::THINKING));
            LadderView {
                player,
                position,
                score: totals[player.index()],
                scale,
                label: named[player.index()]
                    .as_deref()
                    .unwrap_or(seat_name(config.seat(player))),
                rating: app.seat_rating(player),
                note,
                // Once the game is over, what each player forfeited in all: the move
                // list marks each stone's (`✗20`), this row the total.
                forfeited: (game.claim_mode() && outcome.is_some())
                    .then(|| game.forfeited_total(player)),
                lead: outcome
                    .is_none()
                    .then(|| Lead::of(totals, player))
                    .flatten(),
                ended: outcome.is_some(),
                // The stone that filled the board, its claim still open: its player
                // is due to claim it (`▶ to claim`).
                acting: claimer.map_or(Acting::Mover, Acting::Claimer),
                look,
            }
        });
        // The gauges level with each other whatever rows of words each has.
        let rects = [layout.blue, layout.yellow];
        render_pair([&ladders[0], &ladders[1]], rects, buf);
        for (player, rect) in Player::BOTH.into_iter().zip(rects) {
            if let Some(left) = app.clock_left(player) {
                let running = outcome.is_none() && game.to_move() == player;
                let style = if running { look.strong() } else { look.dim() };
                render_clock(rect, &show_clock(left), style, buf);
            }
        }

        let last = app.last_move();
        let mut highlight = Highlight::claimed(last.map(|(p, _)| p), last.and_then(|(_, s)| s));
        // A spectator moves nothing on the board: no cursor follows them (qa43: the
        // frame sat on a1 on a watcher's board).
        highlight.cursor = (!app.spectating()).then(|| app.cursor());
        highlight.hint = app.hint();
        BoardView {
            position,
            highlight,
            look,
        }
        .render(layout.board, buf);

        if let Some(rect) = layout.history {
            MoveListView {
                placements: game.placements(),
                marks: &[],
                claims: game.claim_states(),
                current: None,
                from_start: false,
                look,
            }
            .render(rect, buf);
        }

        let mover = game.to_move();
        // Nobody watching is not said: at 44 columns `0 watching` took the hint's room.
        let right = match app.watching() {
            Some(count) if count > 0 => table::watching_and_help(count, words::HELP_KEY),
            _ => words::HELP_KEY.to_owned(),
        };
        // The labels at the right of the first status line, and the two columns before.
        let labels_w = crate::text::width(&right) + 2;
        // A game the start screen opened: its `q` goes back there, and says so.
        let back = app.is_from_start();
        // Whether something other than the keys is on the hint row (a message, a
        // question, typing), and how many of the game over's wordings then name `w`.
        let keys_hidden = app.message().is_some()
            || matches!(app.overlay(), Overlay::Question(_))
            || app.typing().is_some()
            || app.claim_entry().is_some();
        let mut swap_turns = 0;
        // How many of the first wordings name every key of a game over, where those
        // go before the labels at the right (the note that the game was kept on the
        // hint row).
        let mut every_key: Option<usize> = None;
        // The columns the message leaves beside it for the help's label, where the
        // first line gives its room to every key (the kept note's wordings).
        let mut message_room = 0;
        // Over the network at a game's end: how many of the first wordings say how it
        // ended, where the others leave that out.
        let mut says_how: Option<usize> = None;
        // Over the network at a game's end: where the winner by colour is, which says
        // less than any wording before it.
        let mut colour_alone: Option<usize> = None;
        // Whose turn, longest wording first; while the last stone may still be claimed,
        // who may claim too, so the line does not pull two ways.
        let served_claim = app.is_served() && outcome.is_some() && claimer.is_some();
        let mut turn = match (outcome, thinking) {
            // Over the network only the keys that work there are offered.
            // This player's stone that filled the board at a table may still be
            // claimed (s32: only the line mode said so there): who may claim, by
            // name, with its key, and the result so far by name (`bob leads`).
            (Some(outcome), _) if served_claim => {
                let keys = served_over_keys(app);
                let claimer = claimer.unwrap_or(mover);
                // Its player in the second person (s35: by their own name).
                let (who, so_far) =
                    claimer_and_result(app.seated_said(), claimer, outcome, &provisional, || {
                        provisional
                            .clone()
                            .unwrap_or_else(|| describe::result_sentence(outcome))
                    });
                let mut wordings =
                    claim_words::may_claim(&who, &words::then_keys(&so_far, keys), &so_far);
                // The other player's claim, or one watched: what it would add, not
                // its key, which is not this screen's (s33: that screen said `bob wins`).
                if !claims_here && let Some(last) = game.last() {
                    wordings[0] = claim_words::may_claim_worth(
                        &who,
                        last.points,
                        &words::then_keys(&so_far, keys),
                    );
                }
                wordings.insert(wordings.len() - 1, claim_words::may_claim_alone(&who));
                wordings.push(keys.to_owned());
                wordings
            }
            (Some(outcome), _) if app.is_served() => {
                let keys = served_over_keys(app);
                let said = match (ending, app.said_names()) {
                    (Some(ending), _) => app.ending_words(ending),
                    (None, Some(names)) => table::named_outcome(outcome, names),
                    (None, None) => describe::result_sentence(outcome),
                };
                // Long names may leave a player no room for how it ended by name:
                // then by colour (`Blue wins: Yellow resigned`), then the winner
                // alone, by name where the players have names (s33: a watcher at 44
                // columns read `Blue wins. q: lobby`; a watcher's line names no colour).
                // Where none fits with its keys, the keys: the line under it and the
                // ladders say the result (the key to leave was lost at 44 and 60 columns).
                let alone = match app.said_names() {
                    Some(names) => table::named_outcome(outcome, names),
                    None => describe::result_sentence(outcome),
                };
                // A player's own seat in the second person there too (s35: `Blue wins:
                // Yellow resigned` on Blue's screen).
                let colours = Player::BOTH.map(|p| p.to_string());
                let by_colour = ending.filter(|_| !app.spectating()).map(|ending| {
                    let mut said = table::Who::both(&colours);
                    match app.own_seat() {
                        Some(mine) => {
                            said[mine.index()] = table::Who::You;
                            table::named_ending(ending, said)
                        }
                        None => describe::ending(ending),
                    }
                });
                let mut wordings = vec![words::then_keys(&said, keys)];
                for wording in [by_colour, Some(alone.clone())].into_iter().flatten() {
                    let wording = words::then_keys(&wording, keys);
                    if !wordings.contains(&wording) {
                        wordings.push(wording);
                    }
                }
                // A player's last resort before the keys alone, the winner by colour
                // (`Blue wins`): after the labels at the right, so that the name goes
                // first wherever it fits.
                if !app.spectating() && app.player_names().is_some() {
                    let colour = words::then_keys(&describe::result_sentence(outcome), keys);
                    // Where the winner's name with all the keys leaves the labels at the
                    // right no room and the colour does (44 columns, 16-column names),
                    // the name with the key to leave alone takes the colour's place (s34:
                    // `Blue wins. n: rematch, q: lobby`); the hint row names the
                    // rematch's key once the row under it is free. Where the name with
                    // all the keys fits, this wording is the colour's as before.
                    let room = |wording: &str| {
                        crate::text::width(wording) + labels_w <= usize::from(layout.status.width)
                    };
                    let named = words::then_keys(&alone, keys);
                    let wording = match served_leave_key(app) {
                        Some(leave) if !room(&named) && room(&colour) => {
                            words::then_keys(&alone, leave)
                        }
                        _ => colour,
                    };
                    if !wordings.contains(&wording) {
                        colour_alone = Some(wordings.len());
                        wordings.push(wording);
                    }
                }
                // The winner alone leaves out how the game ended (resigned, left, on
                // time), which the ratings line soon takes the place of: the labels at
                // the right (`1 watching  ? help`) go before that is dropped.
                let how = ending.map(|ending| app.ending_words(ending));
                says_how = match how {
                    Some(how) if how != alone => {
                        let alone = words::then_keys(&alone, keys);
                        wordings.iter().position(|w| *w == alone)
                    }
                    _ => None,
                };
                wordings.push(keys.to_owned());
                wordings
            }
            // The keys in fewer words before the result alone (s23: at 44 columns,
            // and at 80 after a resignation, no wording with the keys fitted, and the
            // way on was named nowhere on screen).
            // A local game whose people have names says them (s36: `alice to move
            // (Blue)`, then `Blue wins: Yellow resigned`), as its messages do.
            (Some(outcome), _) => {
                let colour = describe::result_sentence(outcome);
                let result = match app.said_names() {
                    Some(names) => table::named_outcome(outcome, names),
                    None => colour.clone(),
                };
                let mut wordings = match ending {
                    Some(ending) => {
                        let how = app.ending_words(ending);
                        vec![
                            words::game_over(&how, back),
                            words::game_over_short(&how, back),
                            words::game_over_short(&result, back),
                            how,
                        ]
                    }
                    None => vec![
                        words::game_over(&result, back),
                        words::game_over_short(&result, back),
                    ],
                };
                // Long names at 44 columns: the keys by colour before no keys at all.
                let by_colour = words::game_over_short(&colour, back);
                if !wordings.contains(&by_colour) {
                    wordings.insert(wordings.len() - usize::from(ending.is_some()), by_colour);
                }
                wordings.push(result.clone());
                // A message on the hint row (`Game kept as …` right after the end)
                // hides `w`, the rematch with the sides swapped: the turn names it
                // too until the row is free (s37: named nowhere until the next key).
                if keys_hidden {
                    let how = ending.map_or(result.clone(), |ending| app.ending_words(ending));
                    // How it ended in fewer columns where it fits with every key
                    // (`Blue wins on time`: the message hides the row that says
                    // it), else the winner alone; long names at 44 by colour.
                    let mut swapped = vec![
                        words::game_over_swap(&how, back),
                        words::game_over_swap_short(&how, back),
                        words::game_over_swap_short(&result, back),
                    ];
                    // While a message covers the hint row (the note that the game was
                    // kept, how it ended, a last stone's line), the wordings with every key
                    // (long names by colour) go before `? help` (s38: `r review` was
                    // named nowhere at 44x16 under the kept note; s39, local43: nor
                    // under `alice wins: bob resigned`, and the review is what a
                    // player wants after a loss); the help's key is in the help.
                    // Where the winner by name leaves no room for every key (`easy AI`,
                    // long names at 44), the winner by colour; or, where the hint row
                    // says the winner by name already, `Game over` (no colour beside
                    // the name under it).
                    // Where the help's label still has room beside the message on its
                    // row (the status line puts it there), so no label is lost for a key
                    // (a last stone's line too long for the row keeps it up here); under
                    // the kept note whatever room is left (s38).
                    // The kept note gives the help's label room beside it where every
                    // key leaves the first line none (s40: at 44×16 `Game kept. Blue
                    // wins: Yellow resigned` left `? help` on neither line).
                    let status_w = usize::from(layout.status.width);
                    if let Some(message) = app.message()
                        && message.is_kept_after()
                        && crate::text::width(&words::game_over_swap_short(&colour, back))
                            + labels_w
                            > status_w
                    {
                        message_room = labels_w;
                    }
                    if let Some(message) = app.message()
                        && (message.is_kept_after()
                            || crate::text::width(message.wording(layout.status.width)) + labels_w
                                <= status_w)
                    {
                        let said = message.wording_beside(layout.status.width, message_room);
                        let over = if result != colour && said.contains(&result) {
                            words::GAME_OVER
                        } else {
                            &colour
                        };
                        swapped.push(words::game_over_swap_short(over, back));
                        swapped.dedup();
                        every_key = Some(swapped.len());
                    }
                    swapped.extend([
                        words::game_over_swap_shortest(&result, back),
                        words::game_over_swap_shortest(&colour, back),
                    ]);
                    swapped.dedup();
                    swap_turns = swapped.len();
                    wordings.splice(0..0, swapped);
                }
                wordings
            }
            (None, _) if app.stopped().is_some() => vec![table::STOPPED_TURN.to_owned()],
            // The server's AI by the name its table gives it (s35: by colour); at a
            // local game whose people have names by its level and colour (s37: by
            // colour), the colour alone where that does not fit.
            (None, _) if app.awaits_claim() => {
                let ai = match (app.player_names(), app.local_name(mover)) {
                    (Some(names), _) => names[mover.index()].clone(),
                    (None, Some(name)) => line_words::named(mover, Some(&name)),
                    (None, None) => mover.to_string(),
                };
                vec![claim_words::waits(&ai), claim_words::waits_short(&ai)]
            }
            (None, Some(AiJob::Move)) => {
                let by_colour = [
                    words::ai_thinking(mover, config.seat(mover), spinner),
                    words::ai_thinking_short(mover, spinner),
                ];
                match app.local_name(mover) {
                    Some(name) => std::iter::once(words::ai_thinking_as(
                        &line_words::named(mover, Some(&name)),
                        spinner,
                    ))
                    .chain(by_colour)
                    .collect(),
                    None => by_colour.into(),
                }
            }
            // A person's hint by their name where they have one (s37: by colour).
            (None, Some(AiJob::Hint)) => {
                let by_colour = [
                    words::hint_thinking(&words::to_move(mover), spinner),
                    words::hint_thinking_short(mover, spinner),
                ];
                match app.local_name(mover) {
                    Some(name) => [
                        words::hint_thinking(&words::to_move_colour(&name, mover), spinner),
                        words::hint_thinking_short(&name, spinner),
                    ]
                    .into_iter()
                    .chain(by_colour)
                    .collect(),
                    None => by_colour.into(),
                }
            }
            // At a table by name where it fits, by colour where not (s34: by colour
            // alone); the line's colour says it too. To the player whose move it is,
            // `Your move` (s35: `alice to move` on alice's screen), with the colour
            // where it fits.
            (None, None) => {
                let colour = [words::to_move(mover), words::to_move_short(mover)];
                match app.seated_names() {
                    Some(_) if app.own_seat() == Some(mover) => vec![
                        words::your_move_colour(mover),
                        words::YOUR_MOVE.to_owned(),
                        words::YOUR_MOVE_SHORT.to_owned(),
                    ],
                    Some(names) => {
                        let name = &names[mover.index()];
                        [words::to_move(name), words::to_move_short(name)]
                            .into_iter()
                            .chain(colour)
                            .collect()
                    }
                    // A local game whose people have names (typed on the start
                    // screen, or a record's): `alice to move (Blue)`, through the gate
                    // every displayed name takes; the colour alone where none fits.
                    None if !app.is_served()
                        && let Some(name) = app
                            .people()
                            .of(mover)
                            .filter(|_| config.is_human(mover))
                            .map(crate::text::safe_text) =>
                    {
                        [
                            words::to_move_colour(&name, mover),
                            words::to_move(&name),
                            words::to_move_short(&name),
                        ]
                        .into_iter()
                        .chain(colour)
                        .collect()
                    }
                    None => colour.into(),
                }
            }
        };
        // Over the network, every wording but the keys alone says the result: the keys
        // that work after the game go before the labels only once none fits.
        // Only where one of them fits the line at all (with the narrowest separator);
        // else the winner alone still goes before the labels (44 columns).
        let totals_w = crate::text::width(&format!(
            "{} {}  {} {}",
            Player::Blue,
            totals[0],
            Player::Yellow,
            totals[1]
        ));
        let says_how = says_how.filter(|&n| {
            turn[..n].iter().any(|w| {
                totals_w + crate::text::width(" │ ") + crate::text::width(w)
                    <= usize::from(layout.status.width)
            })
        });
        let mut turn_core = if outcome.is_some() && app.is_served() {
            says_how.or(colour_alone).unwrap_or(turn.len() - 1)
        } else {
            every_key.unwrap_or(turn.len())
        };
        if outcome.is_none()
            && app.claim_entry().is_none()
            && let Some((last, Some(ClaimState::Pending))) = app.last_move()
            && config.is_human(last.player)
            // The other player's stone that scored nothing: no claim to wait on (qa43:
            // bob read `alice may claim +0`).
            && (last.points > 0 || !app.is_remote(last.player))
        {
            // At a table, by name (s33: `Yellow may claim`); its key only on the screen
            // of the player who may claim, what it would add on the others.
            let claimer = match app.seated_said() {
                Some(names) => names[last.player.index()].to_string(),
                None => last.player.to_string(),
            };
            let first = claim_words::may_claim_worth(&claimer, last.points, &turn[0]);
            turn = claim_words::may_claim(&claimer, &turn[0], &turn[turn.len() - 1]);
            if app.is_remote(last.player) {
                turn[0] = first;
            }
            // A name too long for the turn beside it (44 columns): who may claim
            // alone, the ladders marking whose turn.
            if app.seated_names().is_some() {
                turn.insert(turn.len() - 1, claim_words::may_claim_alone(&claimer));
            }
            // The last wording says whose turn alone (the message line asks for the claim).
            turn_core = turn.len() - 1;
        }
        // The stone that filled the board may still be claimed: the result counts it.
        if let (Some(outcome), None, Some(claimer)) = (outcome, ending, app.final_claim_open())
            && !app.is_served()
        {
            // Not `Blue wins` where the claim could still make the claimer win; a
            // local game's people by their names.
            let (who, result) =
                claimer_and_result(app.said_names(), claimer, outcome, &provisional, || {
                    describe::result_sentence(
                        provisional.clone().unwrap_or_else(|| outcome.to_string()),
                    )
                });
            turn = claim_words::may_claim(&who, &words::game_over(&result, back), &result);
            turn_core = turn.len() - 1;
        }
        // A game over here: the wordings that name its keys go before the totals
        // where none fits beside them (not while the last stone may still be claimed,
        // whose wordings say who may claim).
        let keyed_turns = match (outcome, ending) {
            // At a table, who may claim goes before the totals (the ladders show
            // them): all but the result alone and the keys alone name them.
            _ if served_claim => turn.len().saturating_sub(2),
            // A watcher's line names the winner in place of the totals where both do
            // not fit (s33: `Blue wins. q: lobby` at 44 columns with two long names):
            // the ladders show the totals. A player's keys are said whatever the width.
            (Some(_), _) if app.spectating() => turn.len().saturating_sub(1),
            _ if app.is_served() || app.final_claim_open().is_some() => 0,
            (Some(_), Some(_)) => 3 + swap_turns,
            (Some(_), None) => 2 + swap_turns,
            (None, _) => 0,
        };
        let turn_style = match outcome {
            Some(_) => look.banner(),
            None => look.player(mover),
        };
        // A question shows whole in its box; the status line repeats as much as fits.
        // `your a4` at a table (s35: `Blue's a4`).
        let typing = app.claim_entry().zip(game.last()).map(|(typed, last)| {
            let colour = last.player.to_string();
            let whose = match app.own_seat() {
                Some(mine) if mine == last.player => table::Who::You,
                _ => table::Who::Named(&colour),
            };
            claim_words::typing(
                last,
                whose,
                typed,
                &hint_line(HintLine::ClaimEntry),
                usize::from(area.width),
            )
        });
        let hints = if app.spectating() {
            table::SPECTATING.to_owned()
        } else if app.at_table() && app.opponent_left() {
            hint_line(HintLine::TableAlone)
        } else if app.at_table() && outcome.is_some() && claims_here {
            // This player's last stone may still be claimed: its key first (s32: no
            // row named it at a table), from the key table as the playing row's.
            let claim = hint_line_doing(HintLine::PlayingClaims, &|a| a == Action::ClaimStart);
            format!(
                "{claim}{}{}",
                crate::text::PART_SEPARATOR,
                hint_line(HintLine::TableOver)
            )
        } else if app.at_table() && (outcome.is_some() || app.stopped().is_some()) {
            hint_line(HintLine::TableOver)
        } else if app.at_table() {
            // The table's own keys whole where the row has no room for them all.
            let all = hint_line(HintLine::Table);
            if crate::text::fits(&all, usize::from(area.width)) {
                all
            } else {
                hint_line(HintLine::TableNarrow)
            }
        } else if app.is_served() && outcome.is_some() {
            hint_line(HintLine::ServedAiOver)
        } else if outcome.is_some() {
            hint_line_leaving(HintLine::Over, back)
        } else if game.claim_mode() {
            hint_line(HintLine::PlayingClaims)
        } else {
            hint_line(HintLine::Playing)
        };
        let shows_hints = matches!(
            (app.overlay(), app.message()),
            (Overlay::None | Overlay::Help, None)
        ) && app.typing().is_none()
            && typing.is_none();
        // A served game's ending, said as it came, repeats the result the first line
        // says at its widths (a watcher at 80x24 read `carol wins: erin left` twice):
        // there it is said once, on the first line, the keys below it.
        let said_ending = ending
            .filter(|_| app.is_served())
            .map(|e| app.ending_words(e));
        // A resignation's note (`carol resigned: hard AI wins`) tells it too: at a game
        // against the AI it stood under `hard AI wins: carol resigned`.
        let echo = match (app.overlay(), app.message(), ending, said_ending.as_deref()) {
            (Overlay::None | Overlay::Help, Some(m), Some(ending), Some(said))
                if app.typing().is_none()
                    && typing.is_none()
                    && app.tells_the_ending(ending, &m.text)
                    && app.status_with_chat(m, area.width).is_none() =>
            {
                Some((said, Span::styled(hints.clone(), look.dim())))
            }
            _ => None,
        };
        let message = match (app.overlay(), app.message()) {
            (Overlay::Question(q), _) => {
                Span::styled(app.question_status(q, area.width), look.banner())
            }
            (_, _) if app.typing().is_some() => Span::styled(
                typing_line(
                    &app.typing().map(crate::text::sanitize).unwrap_or_default(),
                    area.width,
                ),
                look.strong(),
            ),
            (_, None) if typing.is_some() => {
                Span::styled(typing.unwrap_or_default(), look.strong())
            }
            (_, Some(m)) => match app.status_with_chat(m, area.width) {
                // A line said at the table just before stays beside it (plain).
                Some(both) => Span::raw(both),
                None => Span::styled(m.wording_beside(area.width, message_room), m.style(look)),
            },
            (_, None) => Span::styled(hints, look.dim()),
        };
        let rules = rules_parts(game.ruleset(), game.claim_mode());
        StatusView {
            totals,
            rules: &rules,
            turn: &turn,
            turn_core,
            turn_style,
            message,
            right: &right,
            hints: shows_hints,
            keyed_turns,
            keys_over_help: every_key.is_some(),
            look,
            echo,
        }
        .render(layout.status, buf);

        match (app.overlay(), app.message()) {
            (Overlay::Help, _) => {
                app.help_view(look).render(above_status(area), buf);
            }
            (Overlay::Question(q), _) => {
                let area = message_area(&layout);
                let (text, answers) = app.boxed_question(q, box_columns(area));
                render_box(&text, &answers, area, look, buf);
            }
            (Overlay::None, _) if app.typing().is_some() => {
                let (said, _) = app.chat();
                render_chat(&said, layout.board, look, buf);
            }
            (Overlay::None, Some(m)) => {
                let shown = app.boxed_chat(area.width).unwrap_or(m);
                render_long_message(shown, area, &layout, look, buf);
            }
            (Overlay::None, None) => {}
        }
    }
}

/// Who may still claim the stone that filled the board, and the result so far: by
/// the seats' `names` where they have them (the leader `leads` while the claim could
/// change the winner, `provisional`), else by colour with `by_colour`'s result.
fn claimer_and_result(
    names: Option<[table::Who<'_>; 2]>,
    claimer: Player,
    outcome: Outcome,
    provisional: &Option<String>,
    by_colour: impl FnOnce() -> String,
) -> (String, String) {
    match names {
        Some(names) if provisional.is_some() => (
            names[claimer.index()].to_string(),
            table::named_provisional(outcome, names),
        ),
        Some(names) => (
            names[claimer.index()].to_string(),
            table::named_outcome(outcome, names),
        ),
        None => (claimer.to_string(), by_colour()),
    }
}

/// The keys that work at a served game's end, by who reads it: a spectator, a player
/// left alone, one asked for a rematch or who offered one, one at a table, one
/// against the server's AI.
fn served_over_keys(app: &App) -> &'static str {
    if app.spectating() {
        table::OVER_KEYS_WATCHING
    } else if app.at_table() && app.opponent_left() {
        table::OVER_KEYS_ALONE
    } else if app.overlay() == Overlay::Question(super::question::Question::Rematch) {
        table::OVER_KEYS_REMATCH_ASKED
    } else if app.at_table() && app.rematch_sent() {
        table::OVER_KEYS_REMATCH_SENT
    } else if app.at_table() {
        table::OVER_KEYS_TABLE
    } else {
        table::OVER_KEYS_AI
    }
}

/// [`served_over_keys`] in fewer words where they name more than the key to leave: that
/// key alone (`q: lobby`), for a line with no room for the winner's name and all keys.
/// `None` where they name no more, or ask a question (a rematch asked: `q` is a no).
fn served_leave_key(app: &App) -> Option<&'static str> {
    let keys = served_over_keys(app);
    (keys == table::OVER_KEYS_TABLE || keys == table::OVER_KEYS_REMATCH_SENT)
        .then_some(table::OVER_KEYS_ALONE)
}

/// The status line a message to the other player is typed on, `width` columns wide:
/// the count and the text typed, then the keys that end it as far as they fit (whole
/// keys, the last first to go). A text too long for the line keeps its end, where the
/// typing goes on, after `…`: at 44 and 60 columns the line was cut at its end, the
/// keys and then the text being typed lost.
pub(crate) fn typing_line(typed: &str, width: u16) -> String {
    let width = usize::from(width);
    let keys = hint_parts(HintLine::MessageEntry);
    for n in (0..=keys.len()).rev() {
        let line = table::typing(typed, &keys[..n].join(crate::text::PART_SEPARATOR));
        let line = line.trim_end();
        if crate::text::fits(line, width) {
            return line.to_owned();
        }
    }
    let room = width.saturating_sub(crate::text::width(&table::typing_head(typed)) + 1);
    table::typing_end(typed, &crate::text::fit_end(typed, room))
}

/// The last lines said at the table (`said`, oldest first), in a box at the foot of
/// `board` while a reply is typed: as many of the newest as fit, each wrapped.
/// Nothing when none was said.
pub(crate) fn render_chat(said: &[&str], board: Rect, look: Look, buf: &mut Buffer) {
    if said.is_empty() || board.width < 8 || board.height < 4 {
        return;
    }
    let columns = usize::from(board.width.saturating_sub(2));
    let room = usize::from(board.height.saturating_sub(2)).min(8);
    let mut rows: Vec<String> = Vec::new();
    for line in said.iter().rev() {
        let wrapped = wrap(line, columns);
        if rows.len() + wrapped.len() > room {
            break;
        }
        rows.splice(0..0, wrapped);
    }
    if rows.is_empty() {
        // One line longer than the box: its end, cut with `…`.
        let last = said.last().copied().unwrap_or_default();
        rows.push(crate::text::fit_words(last, columns).into_owned());
    }
    let height = u16::try_from(rows.len())
        .unwrap_or(u16::MAX)
        .saturating_add(2);
    let popup = Rect::new(
        board.x,
        board.bottom().saturating_sub(height),
        board.width,
        height,
    );
    let lines: Vec<Line> = rows.into_iter().map(Line::from).collect();
    super::clip::cover(buf, popup);
    Paragraph::new(lines)
        .block(
            Block::bordered()
                .border_style(look.strong())
                .title(Line::styled(table::CHAT_TITLE, look.strong()).centered()),
        )
        .render(popup, buf);
}

/// A message too long for the status line of `screen`, shown whole in a box over
/// the board of `layout` ([`message_area`]).
pub(crate) fn render_long_message(
    message: &Message,
    screen: Rect,
    layout: &ScreenLayout,
    look: Look,
    buf: &mut Buffer,
) {
    if !message.fits(screen.width) {
        render_box(
            message.wording(screen.width),
            &[],
            message_area(layout),
            look,
            buf,
        );
    }
}

/// The narrowest a question's or a long message's box is: a saved file's name
/// (`hijara-20261130-041500.hij`, 26 columns) whole inside its borders.
const MIN_BOX_WIDTH: u16 = 28;

/// Where a long message's box or a question's goes on a screen laid out as `layout`:
/// the board's rows, and columns that cut nothing in half, its borders on lines
/// already there, the first of these at least [`MIN_BOX_WIDTH`] wide: the two
/// middle squares, its borders on the grid's lines between `a` and `b` and between
/// `c` and `d` (squares 13 columns wide or more: 120×40 gives 37); the grid, its
/// borders on the grid's edges (80×24: 41 in a game, 33 in the replay); both ladders
/// and the board, its borders on the ladders' outer edges (44×16: 43). Each is
/// centred on the grid or on the ladders. Before s30 a 40-column box was centred on
/// the board with its row labels: at 44×16 it cut both ladders (`│┌`, `┐ ┃`), in the
/// replay at 80×24 it left `50┤` of Yellow's scale beside it, and over a wide grid
/// it cut squares `a` and `d` beside their numbers (`4┌`).
pub(crate) fn message_area(layout: &ScreenLayout) -> Rect {
    let board = layout.board;
    let ladders = Rect::new(
        layout.blue.x,
        board.y,
        layout.yellow.right().saturating_sub(layout.blue.x),
        board.height,
    );
    let Some(grid) = layout.board_geometry().map(|g| g.grid()) else {
        return ladders;
    };
    // A square and its line on one side: the grid is 4 of them and its last line.
    let step = grid.width.saturating_sub(1) / 4;
    let middle = Rect::new(grid.x + step, board.y, 2 * step + 1, board.height);
    let on_grid = Rect::new(grid.x, board.y, grid.width, board.height);
    [middle, on_grid]
        .into_iter()
        .find(|area| area.width >= MIN_BOX_WIDTH)
        .unwrap_or(ladders)
}

/// The answer of the question on `app`'s screen, drawn in a frame of `drawn`, that a
/// click at (`column`, `row`) falls on, in the question's box or on the status line
/// under it: its index in [`App::clickable_answers`] (0 yes, 1 no, 2 save); `None`
/// off them. Found where [`render_box`] puts the answers' words, and where the
/// status line writes its brief's ([`App::question_brief`]).
pub(crate) fn answer_at(app: &App, drawn: Rect, column: u16, row: u16) -> Option<usize> {
    let Overlay::Question(question) = app.overlay() else {
        return None;
    };
    let layout = ScreenLayout::new(drawn)?;
    let area = message_area(&layout);
    answer_in_box(
        || app.boxed_question(question, box_columns(area)),
        area,
        column,
        row,
    )
    .or_else(|| {
        // The status line words it with the frame's width, as the drawing does; the
        // wordings are built only for a click on its row.
        answer_on_status_line(
            || app.question_brief(question, drawn.width),
            layout.status,
            column,
            row,
        )
    })
}

/// Whether a click at (`column`, `row`) falls in the box of the question on `app`'s
/// screen, drawn in a frame of `drawn`: off its answers, such a click is the box's,
/// not the square it hides (found where [`render_box`] draws the box).
pub(crate) fn in_question_box(app: &App, drawn: Rect, column: u16, row: u16) -> bool {
    let Overlay::Question(question) = app.overlay() else {
        return false;
    };
    let Some(layout) = ScreenLayout::new(drawn) else {
        return false;
    };
    let area = message_area(&layout);
    let (text, answers) = app.boxed_question(question, box_columns(area));
    box_rect(&text, &answers, area).contains(ratatui::layout::Position::new(column, row))
}

/// The answer of a question in brief (`brief`, asked for only when the click is on
/// the brief's row: building every wording costs, and most clicks are elsewhere) on
/// the status lines `status` that a click at (`column`, `row`) falls on: its index
/// in the brief's answers; `None` off them. The brief is the second line's, from its
/// left edge, cut at a word with `…` when too long, as [`StatusView`] draws a
/// message: an answer cut short takes no click.
pub(crate) fn answer_on_status_line(
    brief: impl FnOnce() -> Brief,
    status: Rect,
    column: u16,
    row: u16,
) -> Option<usize> {
    if status.height < 2 || row != status.y + 1 || column >= status.right() {
        return None;
    }
    let brief = brief();
    let shown = crate::text::fit_parts(&brief.text, usize::from(status.width));
    let byte = byte_at_column(&shown, usize::from(column.checked_sub(status.x)?))?;
    brief.answers.iter().position(|answer| {
        shown
            .rfind(answer.as_str())
            .is_some_and(|start| (start..start + answer.len()).contains(&byte))
    })
}

/// The byte of `shown`, a row written from its left, under its column `at`: the
/// start of the character whose columns hold it; `None` past its end.
fn byte_at_column(shown: &str, at: usize) -> Option<usize> {
    let mut columns = 0;
    for (offset, ch) in shown.char_indices() {
        let w = crate::text::width(ch.encode_utf8(&mut [0; 4]));
        if at < columns + w {
            return Some(offset);
        }
        columns += w;
    }
    None
}

/// The answer of a question whose box [`render_box`] draws in `area` that a click at
/// (`column`, `row`) falls on: its index in the answers (the full screen's words of
/// each, in the order a click picks them); `None` off them. `question` gives the
/// box's text whole and the answers, asked for only when the click is inside `area`'s
/// border, where the box is: wording and wrapping are most of a click's cost, and
/// most clicks are elsewhere. The one finder of a question's answers, the game's and
/// the replay viewer's.
pub(crate) fn answer_in_box(
    question: impl FnOnce() -> (String, Vec<String>),
    area: Rect,
    column: u16,
    row: u16,
) -> Option<usize> {
    // The box lies within `area` ([`box_rect_of`]), so its inside within `area`'s.
    let margin = ratatui::layout::Margin::new(1, 1);
    if !area
        .inner(margin)
        .contains(ratatui::layout::Position::new(column, row))
    {
        return None;
    }
    let (whole, answers) = question();
    // Wrapped once, for the box's height and its rows.
    let rows = box_rows(&whole, &answers, area);
    let inner = box_rect_of(rows.len(), area).inner(margin);
    let index = usize::from(row.checked_sub(inner.y)?);
    if row >= inner.bottom() {
        return None;
    }
    // The rows write a no-break space as a plain one: so does the text they are
    // found in.
    let text = crate::text::plain_spaces(&whole);
    // Each answer's bytes in the text, where the answers end it; in the answers'
    // order, an answer not found (none is) an empty span no click falls on.
    let spans: Vec<std::ops::Range<usize>> = answers
        .iter()
        .map(|answer| {
            text.rfind(answer.as_str())
                .map_or(0..0, |start| start..start + answer.len())
        })
        .collect();
    // Where each row starts in the text: the rows are its words in order.
    let mut from = 0;
    for (i, shown) in rows.iter().enumerate() {
        let start = from + text[from..].find(shown.as_str())?;
        from = start + shown.len();
        if i != index {
            continue;
        }
        // Centred as the box's paragraph centres a line (ratatui's rounding).
        let width = u16::try_from(crate::text::width(shown)).unwrap_or(u16::MAX);
        let left = inner.x + (inner.width / 2).saturating_sub(width / 2);
        let at = usize::from(column.checked_sub(left)?);
        let byte = start + byte_at_column(shown, at)?;
        return spans.iter().position(|span| span.contains(&byte));
    }
    None
}

/// The inner width of the box [`render_box`] draws in `area`.
fn box_inner_width(area: Rect) -> u16 {
    area.width.saturating_sub(2).max(1)
}

/// [`box_inner_width`] in columns: the row a question's answer must fit.
pub(crate) fn box_columns(area: Rect) -> usize {
    usize::from(box_inner_width(area))
}

/// Where [`render_box`] draws `text` with its `answers` in `area` (the drawing wraps
/// the text once, for [`box_rect_of`] and its rows): the tests' measure, and where a
/// click falls in a question's box ([`in_question_box`]).
pub(crate) fn box_rect(text: &str, answers: &[String], area: Rect) -> Rect {
    box_rect_of(box_rows(text, answers, area).len(), area)
}

/// The rows of the box [`render_box`] draws in `area`: `text` wrapped to its inside,
/// each of a question's `answers` whole on a row where it fits one (s31: `any` /
/// `other key: stay` read as two answers), none for a message.
///
/// A row holding one short word alone (`it`, qa34 at 44×16) reads as cut off: the
/// text is then wrapped a little narrower, within the same box, where that leaves no
/// such row, keeps each answer whole and takes at most one row more that the box
/// has room for.
fn box_rows(text: &str, answers: &[String], area: Rect) -> Vec<String> {
    let columns = usize::from(box_inner_width(area));
    let rows = crate::text::wrap_keeping(text, answers, columns);
    if !holds_a_lone_short_word(&rows) {
        return rows;
    }
    let room = usize::from(area.height.saturating_sub(2));
    let widest_answer = answers
        .iter()
        .map(|a| crate::text::width(a))
        .max()
        .unwrap_or(0);
    (1..=columns / 4)
        .map(|less| columns - less)
        .take_while(|&narrower| narrower >= widest_answer)
        .map(|narrower| crate::text::wrap_keeping(text, answers, narrower))
        .find(|narrower| {
            !holds_a_lone_short_word(narrower)
                && narrower.len() <= rows.len() + 1
                && narrower.len() <= room.max(rows.len())
        })
        .unwrap_or(rows)
}

/// Whether one of `rows`, not the only one, is a single word of at most 4 columns.
fn holds_a_lone_short_word(rows: &[String]) -> bool {
    rows.len() > 1
        && rows.iter().any(|row| {
            let row = row.trim();
            !row.is_empty() && !row.contains([' ', '\u{a0}']) && crate::text::width(row) <= 4
        })
}

/// Where [`render_box`] draws a text that wraps to `lines` rows in `area`: as wide as
/// `area` ([`message_area`] chooses it), tall enough for the rows, centred.
fn box_rect_of(lines: usize, area: Rect) -> Rect {
    let width = area.width;
    let height = u16::try_from(lines)
        .unwrap_or(u16::MAX)
        .saturating_add(2)
        .min(area.height);
    area.centered(Constraint::Length(width), Constraint::Length(height))
}

/// A small box in the middle of `area` with `text`, wrapped: questions (each of its
/// `answers` kept whole on a row, [`box_rows`]) and long messages (no answers).
/// A text longer than the box ends its last row with `…`, cut at a word.
pub(crate) fn render_box(text: &str, answers: &[String], area: Rect, look: Look, buf: &mut Buffer) {
    let columns = usize::from(box_inner_width(area));
    let mut rows = box_rows(text, answers, area);
    let popup = box_rect_of(rows.len(), area);
    let room = usize::from(popup.height.saturating_sub(2));
    if rows.len() > room && room > 0 {
        // The last row shown with the next: too long for the row, so cut with `…`.
        let last = format!("{} {}", rows[room - 1], rows[room]);
        rows.truncate(room);
        rows[room - 1] = crate::text::fit_words(&last, columns).into_owned();
    }
    let lines: Vec<Line> = rows.into_iter().map(Line::from).collect();
    super::clip::cover(buf, popup);
    Paragraph::new(lines)
        .style(Style::new())
        .block(Block::bordered().border_style(look.strong()))
        .centered()
        .render(popup, buf);
}

/// Renders `text`, wrapped, over `area`, or where it takes more rows than `area` has,
/// `short` ([`words::enlarge_short`]): the size asked and the way out stay in view
/// where the sentence would be cut.
fn render_enlarge_words(area: Rect, text: String, short: String, buf: &mut Buffer) {
    let whole = Paragraph::new(Line::raw(text)).wrap(Wrap { trim: true });
    let paragraph = if whole.line_count(area.width.max(1)) > usize::from(area.height) {
        Paragraph::new(Line::raw(short)).wrap(Wrap { trim: true })
    } else {
        whole
    };
    paragraph.render(area, buf);
}

/// The message shown when `area` is below the minimum size (`min_height` rows).
pub(crate) fn render_too_small(area: Rect, min_height: u16, buf: &mut Buffer) {
    render_enlarge(area, MIN_WIDTH, min_height, buf);
}

/// The "please enlarge" screen of a served game or replay, which needs
/// `min_width`×`min_height`: `q` goes back to the lobby; a question asked (`asked`:
/// q's own, or the other player's) follows, to be answered there.
pub(crate) fn render_served_enlarge(
    area: Rect,
    min_width: u16,
    min_height: u16,
    asked: Option<&str>,
    buf: &mut Buffer,
) {
    let text = words::too_small_served(min_width, min_height, area.width, area.height);
    let mut lines = vec![Line::raw(text)];
    if let Some(asked) = asked {
        lines.extend([Line::raw(""), Line::raw(asked.to_owned())]);
    }
    let whole = Paragraph::new(lines).wrap(Wrap { trim: true });
    if asked.is_none() && whole.line_count(area.width.max(1)) > usize::from(area.height) {
        let short = words::enlarge_short(min_width, min_height, words::ENLARGE_SERVED);
        return Paragraph::new(Line::raw(short))
            .wrap(Wrap { trim: true })
            .render(area, buf);
    }
    whole.render(area, buf);
}

/// The "please enlarge" screen of a finished game's review, which needs `min_height`
/// rows: `q` goes back to the game.
pub(crate) fn render_review_enlarge(area: Rect, min_height: u16, buf: &mut Buffer) {
    let text = words::too_small_review(MIN_WIDTH, min_height, area.width, area.height);
    let short = words::enlarge_short(MIN_WIDTH, min_height, words::ENLARGE_REVIEW);
    render_enlarge_words(area, text, short, buf);
}

/// The "please enlarge" screen for a screen that needs `min_width`×`min_height`.
pub(crate) fn render_enlarge(area: Rect, min_width: u16, min_height: u16, buf: &mut Buffer) {
    let text = words::too_small(min_width, min_height, area.width, area.height);
    let short = words::enlarge_short(min_width, min_height, words::ENLARGE_QUITS);
    render_enlarge_words(area, text, short, buf);
}

/// [`render_enlarge_board`] at the puzzles the lessons' menu opened: `q` goes back to
/// the lessons.
pub(crate) fn render_enlarge_to_lessons(area: Rect, buf: &mut Buffer) {
    let text = words::too_small_from_lessons(MIN_WIDTH, MIN_HEIGHT, area.width, area.height);
    let short = words::enlarge_short(MIN_WIDTH, MIN_HEIGHT, words::ENLARGE_TO_LESSONS);
    render_enlarge_words(area, text, short, buf);
}

/// The "please enlarge" screen of a lesson, puzzle or replay viewer, which needs the
/// game's size: `q` quits, or with `from_start` goes back to the start screen that
/// opened it.
pub(crate) fn render_enlarge_board(area: Rect, from_start: bool, buf: &mut Buffer) {
    if !from_start {
        return render_enlarge(area, MIN_WIDTH, MIN_HEIGHT, buf);
    }
    let text = words::too_small_from_start(MIN_WIDTH, MIN_HEIGHT, area.width, area.height);
    let short = words::enlarge_short(MIN_WIDTH, MIN_HEIGHT, words::ENLARGE_TO_START);
    render_enlarge_words(area, text, short, buf);
}

#[cfg(test)]
mod tests {
    use super::wrap;

    /// The rows of `buf`, joined by spaces: a wrapped sentence read whole.
    fn read(buf: &ratatui::buffer::Buffer) -> String {
        let area = buf.area;
        (0..area.height)
            .map(|y| {
                (0..area.width)
                    .map(|x| buf[(x, y)].symbol().to_owned())
                    .collect::<String>()
                    .trim_end()
                    .to_owned()
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// qa47: a terminal resized under 44×16 to a small pane (10×3) read `Please /
    /// enlarge / the`: neither the size asked nor what `q` does. Where the sentence
    /// takes more rows than there are, the short one says both, for every screen that
    /// asks; where it fits, the sentence stays whole. Fails on the old code (no `44×16`
    /// at 10×3).
    #[test]
    fn a_tiny_terminal_still_reads_the_size_asked_and_the_way_out() {
        use ratatui::{buffer::Buffer, layout::Rect};
        type Render = fn(Rect, &mut Buffer);
        let screens: [(Render, &str); 5] = [
            (|a, b| super::render_enlarge(a, 44, 16, b), "q quits."),
            (
                |a, b| super::render_enlarge_board(a, true, b),
                "start screen.",
            ),
            (|a, b| super::render_enlarge_to_lessons(a, b), "lessons."),
            (|a, b| super::render_review_enlarge(a, 16, b), "the game."),
            (
                |a, b| super::render_served_enlarge(a, 44, 16, None, b),
                "lobby.",
            ),
        ];
        for (render, way_out) in screens {
            for (width, height) in [(10, 3), (14, 2), (20, 3), (29, 1)] {
                let area = Rect::new(0, 0, width, height);
                let mut buf = Buffer::empty(area);
                render(area, &mut buf);
                let said = read(&buf);
                let room = usize::from(width) * usize::from(height);
                // The short sentences fit where they have room for their words.
                if room >= 30 || (width, height) == (29, 1) && way_out == "q quits." {
                    assert!(said.contains("44×16"), "{width}×{height}: {said}");
                }
                if width >= 20 && room >= 60 {
                    assert!(said.contains(way_out), "{width}×{height}: {said}");
                }
            }
            // Where it fits, the sentence says the size now too.
            let area = Rect::new(0, 0, 30, 10);
            let mut buf = Buffer::empty(area);
            render(area, &mut buf);
            assert!(read(&buf).contains("(now 30×10)"), "{}", read(&buf));
        }
    }

    /// s27: every click on a question's screen worded and wrapped the question (twice)
    /// before its row was checked: most of the every-cell click tests' time. Now the
    /// words are asked for only for a click inside the box's area, and the answers
    /// are still found there, each on its own words.
    #[test]
    fn a_click_off_a_question_s_box_neither_words_nor_wraps_it() {
        use ratatui::layout::{Margin, Position, Rect};
        let whole = "Quit? y: quit, other key: stay";
        let answers = || vec!["y: quit".to_owned(), "other key: stay".to_owned()];
        let area = Rect::new(20, 2, 40, 13);
        let inside = area.inner(Margin::new(1, 1));
        let asked = std::cell::Cell::new(0);
        let mut picked = [0; 2];
        for row in 0..24 {
            for column in 0..80 {
                let question = || {
                    asked.set(asked.get() + 1);
                    (whole.to_owned(), answers())
                };
                if let Some(i) = super::answer_in_box(question, area, column, row) {
                    assert!(inside.contains(Position::new(column, row)));
                    picked[i] += 1;
                }
            }
        }
        // Asked once for each cell inside the area's border, never for the others.
        assert_eq!(asked.get(), usize::from(inside.width * inside.height));
        // Each answer's cells, spaces and all: `y: quit` and `other key: stay`.
        assert_eq!(picked, [7, 15]);
    }

    /// s29: at 80×24 the question's box (40 columns) sat over the 41-column grid
    /// with its left border on the grid's left edge and the grid's right edge showing
    /// beside its own (`┐││`). s30: at 44×16 the box (columns 0-based 1..=40) cut both
    /// ladders (`│┌`, `┐ ┃`), and in the replay at 80×24 it left `50┤` of Yellow's
    /// scale beside it. At every size from 44×16 to 120×40 (the replay's body is a
    /// game's layout one row lower) what the box may cut: nothing. Each ladder it
    /// covers whole or leaves whole; the grid it covers whole, or it stands inside
    /// with its borders on the lines between squares, cutting none; the move list it
    /// leaves alone. It sits
    /// symmetrically: centred on the grid, or on both ladders' outer edges; it keeps
    /// to the board's rows and is wide enough for a saved file's name (26 columns).
    /// The old code fails at 44×16 (Blue's ladder 0..=7, box 1..=40).
    #[test]
    fn the_box_cuts_no_ladder_nor_the_grid_and_sits_symmetrically() {
        use crate::ui::layout::ScreenLayout;
        use ratatui::layout::Rect;
        // Inside the grid, on its edges, over the ladders.
        let mut kinds = [0; 3];
        for width in 44..=120 {
            for height in 16..=40 {
                let screen = Rect::new(0, 0, width, height);
                let layout = ScreenLayout::new(screen).unwrap();
                let grid = layout.board_geometry().unwrap().grid();
                let boxed = super::box_rect("Quit? y: quit", &[], super::message_area(&layout));
                let at = format!(
                    "{width}x{height}: box {}..={}, Blue {}..={}, grid {}..={}, Yellow {}..={}",
                    boxed.x,
                    boxed.right() - 1,
                    layout.blue.x,
                    layout.blue.right() - 1,
                    grid.x,
                    grid.right() - 1,
                    layout.yellow.x,
                    layout.yellow.right() - 1
                );
                let covers = |r: Rect| boxed.x <= r.x && boxed.right() >= r.right();
                let clear_of = |r: Rect| boxed.right() <= r.x || boxed.x >= r.right();
                for ladder in [layout.blue, layout.yellow] {
                    assert!(covers(ladder) || clear_of(ladder), "a ladder cut: {at}");
                }
                // On the grid's lines: its edges, or those between its squares.
                let step = (grid.width - 1) / 4;
                let on_a_line = |x: u16| x >= grid.x && (x - grid.x).is_multiple_of(step);
                let inside = boxed.x > grid.x && boxed.right() < grid.right();
                let on_lines = on_a_line(boxed.x) && on_a_line(boxed.right() - 1);
                assert!(covers(grid) || (inside && on_lines), "a square cut: {at}");
                if let Some(history) = layout.history {
                    assert!(clear_of(history), "the move list covered: {at}");
                }
                let on_grid = 2 * boxed.x + boxed.width == 2 * grid.x + grid.width;
                let on_ladders = boxed.x == layout.blue.x && boxed.right() == layout.yellow.right();
                assert!(on_grid || on_ladders, "not symmetric: {at}");
                kinds[if inside {
                    0
                } else if on_grid {
                    1
                } else {
                    2
                }] += 1;
                assert!(
                    boxed.right() <= screen.right() && boxed.width >= super::MIN_BOX_WIDTH,
                    "{at}"
                );
                let board = layout.board;
                assert!(
                    boxed.y >= board.y && boxed.bottom() <= board.bottom(),
                    "{at}"
                );
            }
        }
        // All three kinds were met.
        assert!(kinds.iter().all(|&k| k > 0), "{kinds:?}");
    }

    #[test]
    fn wrap_breaks_at_spaces_then_after_path_separators() {
        let text = "Saved to /home/ann/a-rather-long-folder-name/with/many/levels/hijara-20261130-041500.hij";
        let lines = wrap(text, 38);
        assert_eq!(
            lines,
            [
                "Saved to /home/ann/",
                "a-rather-long-folder-name/with/many/",
                "levels/hijara-20261130-041500.hij"
            ]
        );
        assert_eq!(wrap("Quit? y: quit", 38), ["Quit? y: quit"]);
        assert_eq!(wrap("", 10), [""]);
    }

    /// QA (clubfit): the box saying where the earlier game was kept read "The earlier
    /// unfinished game was kept" / "as" / "/home/ann/…": a path too long for a line
    /// begins on the line of the words before it, broken after a separator.
    #[test]
    fn a_short_word_does_not_stand_alone_before_a_long_path() {
        use ratatui::buffer::Buffer;
        use ratatui::layout::Rect;
        let text = crate::strings::storage::kept_aside(
            "/home/ann/.local/share/hijara/saved/autosave-20261130-041500.hij",
        );
        for width in [40, 28] {
            let area = Rect::new(0, 0, width, 10);
            let mut buf = Buffer::empty(area);
            super::render_box(&text, &[], area, crate::ui::Look::PLAIN, &mut buf);
            let rows: Vec<String> = (0..area.height)
                .map(|y| {
                    (1..width - 1)
                        .map(|x| buf[(x, y)].symbol())
                        .collect::<String>()
                        .trim()
                        .to_owned()
                })
                .filter(|r| !r.is_empty() && !r.starts_with('─'))
                .collect();
            assert!(!rows.iter().any(|r| r == "as"), "{rows:#?}");
            let read: String = rows.concat().split_whitespace().collect();
            assert!(
                read.contains("keptas/home/ann/") && read.ends_with("041500.hij"),
                "{rows:#?}"
            );
            insta::assert_snapshot!(format!("kept_aside_box_{width}"), rows.join("\n"));
        }
    }

    /// A comment of a record longer than the box (a paragraph, at 80×24) was cut at
    /// the box's bottom with no cue that more followed.
    #[test]
    fn a_box_too_short_for_its_text_ends_with_an_ellipsis() {
        use ratatui::buffer::Buffer;
        use ratatui::layout::Rect;
        let area = Rect::new(0, 0, 40, 6);
        let mut buf = Buffer::empty(area);
        let text = "word ".repeat(100);
        super::render_box(&text, &[], area, crate::ui::Look::PLAIN, &mut buf);
        let row = |y: u16| -> String { (0..40).map(|x| buf[(x, y)].symbol()).collect() };
        assert!(row(4).contains("word…"), "{:?}", row(4));
        assert!(!row(3).contains('…'), "{:?}", row(3));
        // A text that fits has no ellipsis.
        let mut buf = Buffer::empty(area);
        super::render_box("Quit? y: quit", &[], area, crate::ui::Look::PLAIN, &mut buf);
        let all: String = (0..6)
            .flat_map(|y| (0..40).map(move |x| (x, y)))
            .map(|(x, y)| buf[(x, y)].symbol().to_owned())
            .collect();
        assert!(!all.contains('…'), "{all}");
    }

    #[test]
    fn wrap_cuts_mid_word_only_when_there_is_no_separator_and_counts_columns() {
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        // Wide characters take two columns each.
        assert_eq!(wrap("日本語の", 4), ["日本", "語の"]);
        for line in wrap("a b/c/d/e/f/g/h/i/j/k/l/m/n/o/p", 5) {
            assert!(line.chars().count() <= 5, "{line}");
        }
    }
}
