//! The line mode's view: what changed on screen since it last spoke, said once, as
//! lines ([`Narrator::tell`]), and the state read out on request ([`read`]). Pure:
//! it reads the screen states and keeps what it has said, nothing else.

use std::time::Duration;

use crate::rules::{Cell, ClaimState, Game, Line, Placement, Player, Section, Square};
use crate::strings::question::Answering;
use crate::strings::{
    self, analysis as analysis_words, describe, lesson as lesson_words, line as words,
    puzzle as puzzle_words,
};

use super::super::ai_worker::AiJob;
use super::super::app::App;
use super::super::keymap::{self, Action, KeyContext};
use super::super::lesson::{LessonPhase, LessonState};
use super::super::message::Keyed;
use super::super::navigation::Screen;
use super::super::puzzle::{PuzzlePhase, PuzzleState};
use super::super::question::{Overlay, Question};
use super::super::replay::{ReplayOverlay, ReplayState};
use super::super::replay_analysis::Deep;
use super::super::start::{START_ITEMS, StartState};
use super::super::status::totals_at;
use super::commands::{self, Place, Reading};

/// A clock is said to run low as it falls to each of these times left: once a game
/// each, not at every turn (a 1-minute game said the time after every move).
const LOW: [Duration; 3] = [
    Duration::from_secs(60),
    Duration::from_secs(30),
    Duration::from_secs(10),
];

/// How many of [`LOW`]'s times `left` is at or under: 0 above a minute, 3 at 10 s.
fn low_step(left: Duration) -> usize {
    LOW.iter().filter(|t| left <= **t).count()
}

/// What a clock was warned of ([`warns`]): the steps of [`LOW`] it started at or
/// under, never warned, and for each later step, in order, the board's length on the
/// turn it was warned.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Low {
    start: usize,
    warned: Vec<usize>,
}

impl Low {
    /// A clock of a game whose clocks start at `base`, warned of nothing yet.
    fn new(base: Duration) -> Low {
        Low {
            start: low_step(base),
            warned: Vec::new(),
        }
    }

    /// The step it was last warned (or started) at.
    fn said(&self) -> usize {
        self.start + self.warned.len()
    }

    /// The board went back to `len` moves (an undo, another game): the warnings said
    /// on the turns taken back and on the turn played again are forgotten, so its
    /// clock, given back, is warned again as it falls (s34: an undo from 25 s to 35 s
    /// did not warn 30 s again, as the figures alone decided).
    fn back_to(&mut self, len: usize) {
        self.warned.retain(|&at| at < len);
    }
}

/// Whether a clock at `left`, of a game whose clocks start at `base`, says a new
/// warning on the turn of a board of `len` moves, given `low`, what it was warned
/// of, which it updates. A clock back at its start (a new game, a rematch, an undo)
/// or two steps up (a large increment) is warned again as it falls; one step up is
/// not, or a player moving at 29 s with a 2 s increment would hear `30 seconds` at
/// every move. A turn taken back is [`Low::back_to`].
fn warns(low: &mut Low, left: Duration, base: Duration, len: usize) -> bool {
    let step = low_step(left);
    let said = low.said();
    if step > said {
        low.warned.extend(std::iter::repeat_n(len, step - said));
        true
    } else {
        if left >= base {
            low.warned.clear();
        } else if step + 1 < said {
            low.warned.truncate(step.saturating_sub(low.start));
        }
        false
    }
}

/// The most moves one `moves` line names.
const MOVES_A_LINE: usize = 16;

/// Which place's commands apply on `screen`.
pub(crate) fn place(screen: &Screen) -> Place {
    match screen {
        Screen::Game(_) => Place::Game,
        Screen::Replay(..) => Place::Replay,
        Screen::Lesson(_) => Place::Lesson,
        Screen::Puzzle(_) => Place::Puzzle,
        Screen::Start(_) => Place::Start,
        Screen::Lobby(_) => Place::Lobby,
    }
}

/// Whether the start screen opened `screen`: its `quit` goes back there.
fn from_start(screen: &Screen) -> bool {
    match screen {
        Screen::Game(app) => app.is_from_start(),
        Screen::Replay(state, _) => state.is_from_start(),
        Screen::Lesson(state) => state.is_from_start(),
        Screen::Puzzle(state) => state.is_from_start(),
        Screen::Start(_) | Screen::Lobby(_) => false,
    }
}

/// Where `screen`'s `quit` goes, as its full screen's leave key: its help says so.
fn leaving(screen: &Screen) -> keymap::Leaving {
    match screen {
        Screen::Replay(state, _) => state.leaving(),
        // A server's game goes back to its lobby.
        Screen::Game(app) if app.is_served() => keymap::Leaving::Lobby,
        // So do the club's screens over the lobby (qa39: their help said `leave`).
        Screen::Lobby(lobby)
            if matches!(
                lobby.key_context(),
                KeyContext::LobbyBoard | KeyContext::LobbyProfile
            ) =>
        {
            keymap::Leaving::Lobby
        }
        // The puzzles the lessons' menu opened go back to it.
        Screen::Puzzle(state) if state.is_from_lessons() => keymap::Leaving::Lessons,
        _ if from_start(screen) => keymap::Leaving::StartScreen,
        _ => keymap::Leaving::Out,
    }
}

/// What the narrator last saw of a game.
#[derive(Debug, Clone)]
struct GameSeen {
    placements: Vec<Placement>,
    claims: Vec<ClaimState>,
    said: u64,
    overlay: Overlay,
    totals: [u32; 2],
    /// What each clock was warned of ([`warns`]).
    low: [Low; 2],
    watching: Option<usize>,
    /// Whether the game was over.
    over: bool,
    /// Whether this player's rematch offer waited ([`App::rematch_sent`]).
    rematch_sent: bool,
    /// How many lines said at the table were told ([`App::chat`]).
    chat: u64,
    /// How many lines said before the screen opened were told ([`App::earlier_chat`]).
    earlier: usize,
}

/// What the narrator last saw.
#[derive(Debug, Clone, Default)]
enum Seen {
    /// Nothing yet: the next screen gets its first lines.
    #[default]
    Nothing,
    /// A game opened on the question whether to resume the autosaved game: the
    /// question alone was said, and the game's first lines wait for its answer,
    /// which decides the game they are about.
    Asked,
    Game(Box<GameSeen>),
    Replay {
        at_move: usize,
        overlay: ReplayOverlay,
        finished: bool,
        autoplay: bool,
        message: Option<String>,
        /// The quarter of the deep review said last (0 before the first).
        deep_quarter: usize,
        /// Whether the analysis was shown.
        panel: bool,
        /// The autoplay's pace.
        speed: Duration,
    },
    Lesson {
        index: usize,
        phase: LessonPhase,
        note: Option<String>,
    },
    Puzzle {
        id: String,
        phase: PuzzlePhase,
        themes: bool,
        note: Option<String>,
    },
    Start {
        note: Option<String>,
        /// The side taken against the AI, said again when `s` turns it.
        side: crate::ui::AiSide,
        /// The hot-seat names, and whose is being typed: the prompt said when it
        /// asks, the names' row when they are typed.
        names: ([Option<String>; 2], Option<crate::rules::Player>),
    },
    Lobby {
        /// The lobby's lines as weighed for news ([`crate::ui::Lobby::as_news`]).
        news: Vec<String>,
        /// The lobby's own hint lines said this visit: not said again when a form or a
        /// line typed closes and they come back.
        hints: Vec<String>,
        /// The numbers of the tables listed ([`crate::ui::Lobby::table_numbers`]).
        tables: Vec<usize>,
    },
}

/// Says what changed on screen, once.
#[derive(Debug, Default)]
pub(crate) struct Narrator {
    seen: Seen,
    /// A line was typed since the narrator last spoke: it is answered even when
    /// nothing changed.
    typed: bool,
    /// The replay viewer's move whose verdict was asked for (`why`, a jump to a
    /// mistake) before its analysis came: said when it comes.
    why: Option<Why>,
    /// `faster` or `slower` was typed in the replay: its pace is the answer, even
    /// when it was the fastest or slowest already.
    pace: bool,
    /// The last game's message as said (its count, [`App::said`], and its words): a
    /// game back from its review keeps the message it had, said already (s25: `Game
    /// kept as …` was said again each time the review was left).
    game_said: Option<(u64, String)>,
    /// The start screen's doors were said whole once: after, coming back to it says
    /// them short ([`start_short`]); `help` and `list` say them whole again. The
    /// start screen of `hijara` runs a narrator a visit: one come back to says so
    /// itself ([`StartState::is_returned`]).
    doors_said: bool,
    /// A claim typed against a waiting AI is followed by `go` ([`Narrator::await_go`]):
    /// the claim's line says the AI's turn, not `go lets it play`.
    go_follows: bool,
}

/// Which move's verdict is awaited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Why {
    /// This move's.
    Move(usize),
    /// The move shown once the line typed is handled (a jump to a mistake).
    Shown,
}

impl Narrator {
    /// A line was typed and handed to the screen: answer it at the next [`Narrator::tell`].
    pub(crate) fn typed(&mut self) {
        self.typed = true;
    }

    /// Says the verdict on move `n` of the replay viewer once it is known.
    pub(crate) fn await_why(&mut self, why: Why) {
        self.why = Some(why);
    }

    /// A claim was typed where the AI waits for it, and `go` follows it.
    pub(crate) fn await_go(&mut self) {
        self.go_follows = true;
    }

    /// `faster` or `slower` was typed in the replay viewer: say the pace it comes to.
    pub(crate) fn await_pace(&mut self) {
        self.pace = true;
    }

    /// Whether a verdict asked for on the replay viewer is still to come.
    pub(crate) fn awaits_why(&self, screen: &Screen) -> bool {
        match (screen, self.why) {
            (Screen::Replay(state, _), Some(Why::Move(n))) => {
                n == state.at_move() && !state.analysis().finished()
            }
            (Screen::Replay(..), Some(Why::Shown)) => true,
            _ => false,
        }
    }

    /// The lines that say what changed on `screen` since the last call.
    pub(crate) fn tell(&mut self, screen: &Screen) -> Vec<String> {
        let typed = std::mem::take(&mut self.typed);
        match screen {
            Screen::Game(app) => self.game(app, typed),
            Screen::Replay(state, _) => self.replay(state, typed),
            Screen::Lesson(state) => self.lesson(state, typed),
            Screen::Puzzle(state) => self.puzzle(state, typed),
            Screen::Start(state) => self.start(state, typed),
            Screen::Lobby(lobby) => {
                let unlisted = |n| lobby.unlisted(n);
                self.lobby(
                    (lobby.lines(), lobby.as_news()),
                    lobby.lists_tables().then(|| lobby.table_numbers()),
                    &unlisted,
                    typed,
                )
            }
        }
    }

    fn game(&mut self, app: &App, typed: bool) -> Vec<String> {
        let game = app.game();
        let (said, of_move) = app.said();
        let now = GameSeen {
            placements: game.placements().to_vec(),
            claims: game.claim_states().to_vec(),
            said,
            overlay: app.overlay(),
            totals: totals_at(game, game.len()),
            // A clock is warned of the times under its start, not of where it
            // starts (a 1-minute game said `59 seconds left` as it began); a game
            // resumed low is warned at once.
            low: std::array::from_fn(|_| {
                app.course()
                    .clock()
                    .map_or_else(Low::default, |c| Low::new(c.control().base()))
            }),
            watching: app.watching(),
            over: app.is_over(),
            rematch_sent: app.rematch_sent(),
            chat: app.chat().1,
            earlier: app.earlier_chat().len(),
        };
        let mut lines = Vec::new();
        let resume_asked = app.overlay() == Overlay::Question(Question::Resume);
        let seen = std::mem::take(&mut self.seen);
        if resume_asked && !matches!(seen, Seen::Game(_)) {
            // Which game is played waits for the answer: the question comes first,
            // said again only when a line typed left it unanswered.
            if typed || !matches!(seen, Seen::Asked) {
                lines.push(app.question_words(Question::Resume, Answering::Commands));
            }
            self.seen = Seen::Asked;
            return lines;
        }
        let Seen::Game(seen) = seen else {
            let config = app.config();
            // A served table's clocks are its own, not the session's config.
            let clock = config
                .clock
                .or_else(|| app.course().clock().map(|c| c.control()))
                .map(words::clock_control);
            let names = app.seat_labels();
            lines.push(words::game_heading(
                config.seats,
                names,
                crate::rules::Player::BOTH.map(|p| app.seat_rating(p)),
                game.ruleset(),
                game.claim_mode(),
                clock.as_deref(),
                if app.spectating() {
                    words::HeadingEnd::Watching
                } else if app.is_over() {
                    words::HeadingEnd::Over
                } else {
                    words::HeadingEnd::Play
                },
            ));
            // What was said before this player came back, which the full screen shows
            // among the lines said: read out once, before the game's state.
            let earlier = app.earlier_chat();
            if !earlier.is_empty() {
                let earlier: Vec<&str> = earlier.iter().map(String::as_str).collect();
                lines.push(words::earlier_lines(&earlier));
            }
            // The message of the last stone (a game back from its review) is that
            // stone, said in order as its move line says it: it came after the game
            // over, in the full screen's longer words (`Yellow +40: row 4 same number
            // 4s (10), ...`).
            let last = of_move
                .then(|| game.len().checked_sub(1))
                .flatten()
                .map(|i| move_words(app, game, i));
            // The last stone is said whenever there is one (qa43: a correspondence game
            // opened, a game resumed or played on from a replay said `1 move played.`,
            // never the opponent's move the full screen marks on the board).
            let played = game.len().checked_sub(1).map(|i| {
                let said = last.clone().unwrap_or_else(|| move_words(app, game, i));
                words::played_the_last(game.len(), &said)
            });
            lines.push(state_line(app, played.as_deref()));
            let heard = self.game_said.take();
            if let Some(message) = app
                .message()
                .filter(|_| last.is_none())
                .filter(|m| !tells_the_end(app, &m.line_words()))
                .filter(|m| heard != Some((said, m.line_words().into_owned())))
            {
                lines.push(words::sentences(&[&message.line_words()]));
            }
            // A game that opens over (back from its review) says what to type next, as
            // a game over says it as it ends: the full screen's hint line shows it.
            if app.is_over() && !app.spectating() {
                lines.push(words::sentences(&[&over_next(app).commands()]));
            }
            if let Overlay::Question(question) = app.overlay() {
                lines.push(app.question_words(question, Answering::Commands));
            }
            self.game_said = heard_now(app);
            self.seen = Seen::Game(Box::new(now));
            return lines;
        };
        let mut now = now;
        now.low = seen.low.clone();
        let old = &seen.placements;
        let new = game.placements();
        // The turns past the moves both boards share were taken back (an undo, a new
        // game): their clocks' warnings with them.
        let shared = old.iter().zip(new).take_while(|(a, b)| a == b).count();
        if shared < old.len() {
            for low in &mut now.low {
                low.back_to(shared);
            }
        }
        let extended = new.len() > old.len() && new.starts_with(old);
        let mut message_new = said != seen.said;
        // Lines said before the screen opened that came after its first lines.
        let earlier = app.earlier_chat();
        if let Some(fresh) = earlier.get(seen.earlier..)
            && !fresh.is_empty()
        {
            let fresh: Vec<&str> = fresh.iter().map(String::as_str).collect();
            lines.push(words::earlier_lines(&fresh));
        }
        // Each line said at the table is a line of its own, in the order said, before
        // the moves that came with it: the status line's message may be newer.
        let (chat, count) = app.chat();
        let fresh = usize::try_from(count.saturating_sub(seen.chat)).unwrap_or(usize::MAX);
        for line in &chat[chat.len().saturating_sub(fresh)..] {
            lines.push(words::sentences(&[line]));
        }
        if fresh > 0 && app.message().is_some_and(|m| app.held_chat() == Some(m)) {
            // The message is the line just said.
            message_new = false;
        }
        if extended {
            for i in old.len()..new.len() {
                let said = move_words(app, game, i);
                // The stone before went unclaimed when this one was placed: an event
                // of its own, said first.
                if let Some(earlier) = i.checked_sub(1).and_then(|e| new.get(e))
                    && earlier.points > 0
                    && game.claim_state(i - 1) == Some(ClaimState::Unclaimed)
                    && seen.claims.get(i - 1) != Some(&ClaimState::Unclaimed)
                {
                    let colour = earlier.player.to_string();
                    let player = match app.seated_said() {
                        Some(names) => names[earlier.player.index()],
                        None => crate::strings::table::Who::Named(&colour),
                    };
                    lines.push(words::sentences(&[&words::unclaimed(earlier, player)]));
                }
                if i + 1 == new.len() {
                    lines.push(state_line(app, Some(&said)));
                } else {
                    lines.push(words::sentences(&[&said]));
                }
            }
        }
        // A game that ended without a stone (a resignation, a flag, a table's end) says
        // so with its state: its own message may be followed by another (the ratings)
        // before the narrator speaks.
        let ended = !extended && now.over && !seen.over;
        // An undo's message counts the moves it took back; the board shows which, and
        // the line mode named none (QA s27): they are named in its line, before the
        // totals and whose move it is (s29: a line of their own came after the turn).
        let taken = old
            .get(new.len()..)
            .filter(|gone| !gone.is_empty() && old.starts_with(new))
            .filter(|gone| {
                app.message()
                    .is_some_and(|m| m.line_words() == words::took_back(gone.len()))
            });
        if message_new
            && !(of_move && extended)
            && let Some(message) = app.message()
        {
            let text = match taken {
                // By the people's names where they have them (s37: by colour).
                Some(gone) => {
                    std::borrow::Cow::Owned(words::took_back_named(gone, |p| who(app, p)))
                }
                None => message.line_words(),
            };
            if tells_the_end(app, &text) {
                // The state's own words say the end, once: when it came.
                if ended {
                    lines.push(state_line(app, None));
                }
            } else if ended {
                // The result first, then what came with it (the ratings: qa30 heard
                // `Rated ...` before `Game over`).
                lines.push(state_line(app, None));
                lines.push(words::sentences(&[&text]));
            } else if !extended && (now.totals != seen.totals || new.len() != old.len()) {
                lines.push(state_line(app, Some(&text)));
            } else {
                lines.push(words::sentences(&[&text]));
            }
        } else if !extended && (new.len() != old.len() || ended) {
            // The game changed under the screen (a table's agreed undo, a rematch).
            lines.push(state_line(app, None));
        }
        // What to type once the game is over, said as it ends: the full screen shows it
        // on its hint line, which the line mode does not say, so a player heard it
        // only from a command refused.
        // The claim for the stone that filled the board settles the result: what to
        // type is said again after it (qa45: its line was the last heard, and
        // `review` was said only before the claim, among the lines of the stone).
        let last_claim_settled = now.over
            && seen.claims.len() == now.claims.len()
            && seen.claims.last() == Some(&ClaimState::Pending)
            && now.claims.last() != Some(&ClaimState::Pending);
        if now.over && (!seen.over || last_claim_settled) && !app.spectating() {
            lines.push(words::sentences(&[&over_next(app).commands()]));
        } else if now.over && now.rematch_sent != seen.rematch_sent && !app.spectating() {
            // The offer now waits (only quit is left), or waits no more (declined:
            // `new` offers again), as the full screen's status line says. Each once
            // (qa30 heard the offer three ways): the offer made here said what is
            // left already; an offer taken waits no more before its game comes, with
            // no line (a decline comes with one, a player gone too).
            let offer_said = app
                .message()
                .is_some_and(|m| m.keyed == Some(Keyed::RematchSent));
            let answered = message_new || app.opponent_left();
            if (now.rematch_sent && !offer_said) || (!now.rematch_sent && answered) {
                lines.push(words::sentences(&[&over_next(app).commands()]));
            }
        }
        if now.overlay != seen.overlay
            && let Overlay::Question(question) = now.overlay
        {
            lines.push(app.question_words(question, Answering::Commands));
        }
        if let (Some(watching), Some(before)) = (now.watching, seen.watching)
            && watching != before
        {
            lines.push(words::watching(watching));
        }
        // A clock running low, once a game as it falls to each threshold; `clock`
        // says both at any time.
        if !app.is_over() {
            let base = app.course().clock().map(|c| c.control().base());
            for player in Player::BOTH {
                if let (Some(left), Some(base)) = (app.clock_left(player), base)
                    && warns(&mut now.low[player.index()], left, base, game.len())
                {
                    lines.push(words::sentences(&[&words::time_low(
                        &clock_owner(app, player),
                        left,
                    )]));
                }
            }
        }
        // A request the table answers with its news (an undo against the server's
        // AI, a rematch) is answered by that news: not by the state it comes to change.
        if typed && lines.is_empty() && !app.asked() {
            lines.push(state_line(app, None));
        }
        // The claim's line is followed by `go`: the AI plays on, not waits.
        if std::mem::take(&mut self.go_follows) && app.awaits_claim() {
            let mover = game.to_move();
            let (waits, plays) = (
                words::waits(&ai_words(app, mover), true),
                next_turn(app, mover),
            );
            for line in &mut lines {
                *line = line.replace(&waits, &plays);
            }
        }
        self.game_said = heard_now(app);
        self.seen = Seen::Game(Box::new(now));
        lines
    }

    fn replay(&mut self, state: &ReplayState, typed: bool) -> Vec<String> {
        let mut lines = Vec::new();
        let seen = std::mem::take(&mut self.seen);
        let first = !matches!(seen, Seen::Replay { .. });
        if first {
            // Names made safe and cut as the game's are: a record's name of 500
            // columns was read out whole.
            let tag = |name| {
                state
                    .tag(name)
                    .map_or_else(|| "?".to_owned(), crate::text::safe_text)
            };
            lines.push(words::replay_heading(
                state.name(),
                &tag("Blue"),
                &tag("Yellow"),
                state.len(),
            ));
            if let Some(pending) = state.review_pending() {
                lines.push(words::sentences(&[pending]));
            }
        }
        let pace_asked = std::mem::take(&mut self.pace);
        let (at_move, overlay, finished, autoplay, said, deep_said, panel, speed) = match seen {
            Seen::Replay {
                at_move,
                overlay,
                finished,
                autoplay,
                message,
                deep_quarter,
                panel,
                speed,
            } => (
                at_move,
                overlay,
                finished,
                autoplay,
                message,
                deep_quarter,
                panel,
                speed,
            ),
            _ => (
                usize::MAX,
                ReplayOverlay::None,
                false,
                false,
                None,
                0,
                state.panel(),
                state.speed(),
            ),
        };
        if let Some(message) = state.message_words()
            && (typed || said.as_deref() != Some(&*message))
        {
            lines.push(words::sentences(&[&message]));
        }
        // The analysis shown or hidden (`analysis`): said once, not the move again.
        // Shown by a jump to a mistake, its message or move is the answer.
        let alone = lines.is_empty() && state.at_move() == at_move;
        match (state.panel(), panel, state.analysis().finished()) {
            (false, true, _) => lines.push(words::ANALYSIS_HIDDEN.to_owned()),
            (true, false, false) if alone => lines.push(words::ANALYSIS_STARTED.to_owned()),
            (true, false, true) if alone => lines.extend(analysed(state)),
            _ => {}
        }
        // Autoplay started or stopped, and its pace, in words (QA s32: `auto`,
        // `faster` and `slower` were answered by the move shown said again, so a
        // listener could not tell whether it ran, nor how fast).
        if typed && state.autoplay() != autoplay {
            lines.push(words::autoplay(state.autoplay(), state.speed()));
        }
        if state.speed() != speed || pace_asked {
            let fastest = state.speed() == super::super::replay::SPEEDS[SPEEDS_LAST];
            let limit =
                (state.speed() == speed).then_some(if fastest { "fastest" } else { "slowest" });
            lines.push(words::autoplay_speed(
                state.autoplay(),
                state.speed(),
                limit,
            ));
        }
        // `play` answered by its question alone: the move it names was just said.
        let asked = state.overlay() != overlay && state.overlay() == ReplayOverlay::ConfirmContinue;
        if state.at_move() != at_move || (typed && lines.is_empty() && !asked) {
            lines.push(shown_move(state));
        }
        if asked {
            lines.push(state.continue_words(Answering::Commands));
        }
        if state.autoplay() != autoplay && !state.autoplay() && !typed {
            // Autoplay stopped by itself at the last move.
            lines.push(shown_move(state));
            lines.dedup();
        }
        if self.why == Some(Why::Shown) {
            // A jump that found no mistake stays on its move: the message says so,
            // and the move's verdict is not the answer.
            self.why = (state.at_move() != at_move).then_some(Why::Move(state.at_move()));
        }
        let mut verdict_said = false;
        if let Some(Why::Move(n)) = self.why {
            if n != state.at_move() {
                self.why = None;
            } else if let Some(m) = state.analysis().move_review(n) {
                lines.push(words::sentences(&[&words::reviewed_move(m)]));
                self.why = None;
                verdict_said = true;
            }
        }
        // With the analysis shown, a move stepped to is followed by its verdict, as
        // the full screen's panel shows it under the board at each step (QA: the line
        // mode said it only to `why`, so a review walked move by move said none).
        if state.at_move() != at_move
            && state.panel()
            && !verdict_said
            && let Some(m) = state.analysis().move_review(state.at_move())
        {
            lines.push(words::sentences(&[&words::reviewed_move(m)]));
        }
        // The deep review's progress, in words, at each quarter of its way.
        let deep_quarter = match state.analysis().deep() {
            Some(Deep::Running { done, total }) => {
                let quarter = (done * 4).checked_div(total).unwrap_or(0);
                if quarter > deep_said && quarter < 4 {
                    lines.push(analysis_words::deep_progress(done, total));
                }
                quarter
            }
            _ => 0,
        };
        if state.analysis().finished() && !finished && state.analysis().requested() {
            lines.extend(analysed(state));
        }
        self.seen = Seen::Replay {
            at_move: state.at_move(),
            overlay: state.overlay(),
            finished: state.analysis().finished(),
            autoplay: state.autoplay(),
            message: state.message_words().map(|m| m.into_owned()),
            deep_quarter,
            panel: state.panel(),
            speed: state.speed(),
        };
        lines
    }

    fn lesson(&mut self, state: &LessonState, typed: bool) -> Vec<String> {
        let mut lines = Vec::new();
        let (index, phase, note) = match std::mem::take(&mut self.seen) {
            Seen::Lesson { index, phase, note } => (Some(index), Some(phase), note),
            _ => (None, None, None),
        };
        let now = state.phase().clone();
        let reopened = index != Some(state.index())
            || phase.as_ref().is_none_or(|p| *p != now) && now == LessonPhase::Asking;
        // Back from the menu to the lesson it came from (`back`): the lesson is read
        // as it stands, its stone waiting for a claim or its verdict, as when opened.
        let from_menu = matches!(phase, Some(LessonPhase::Menu(_)));
        match &now {
            LessonPhase::Claiming(..) | LessonPhase::Tried(..) if from_menu => {
                lines.extend(lesson_lines(state))
            }
            LessonPhase::Menu(_) if phase.as_ref() != Some(&now) => {
                if !matches!(phase, Some(LessonPhase::Menu(_))) {
                    lines.extend(lesson_screen(state));
                }
            }
            LessonPhase::Menu(_) => {}
            LessonPhase::Asking if reopened => lines.extend(lesson_lines(state)),
            LessonPhase::Asking => {}
            LessonPhase::Claiming(_, None) if phase.as_ref() != Some(&now) => {
                lines.push(words::NOW_CLAIM.to_owned());
            }
            LessonPhase::Claiming(..) => {}
            LessonPhase::Tried(_, check) if phase.as_ref() != Some(&now) => {
                if check.done || state.lesson().is_some() {
                    lines.push(tried_line(state, check));
                }
            }
            LessonPhase::Tried(..) => {}
        }
        if let Some(text) = state.note_words()
            && (typed || note.as_deref() != Some(&*text))
        {
            lines.push(words::sentences(&[&text]));
        }
        if typed && lines.is_empty() {
            lines.extend(lesson_screen(state));
        }
        self.seen = Seen::Lesson {
            index: state.index(),
            phase: now,
            note: state.note_words().map(|text| text.into_owned()),
        };
        lines
    }

    fn puzzle(&mut self, state: &PuzzleState, typed: bool) -> Vec<String> {
        let mut lines = Vec::new();
        let (id, phase, themes, note) = match std::mem::take(&mut self.seen) {
            Seen::Puzzle {
                id,
                phase,
                themes,
                note,
            } => (Some(id), Some(phase), themes, note),
            _ => (None, None, false, None),
        };
        let puzzle = state.puzzle();
        let now = state.phase().clone();
        let new_puzzle = id.as_deref() != Some(puzzle.id.as_str());
        if new_puzzle || (now == PuzzlePhase::Asking && phase.as_ref() != Some(&now)) {
            lines.extend(puzzle_lines(state));
        }
        if let PuzzlePhase::Answered(_, explained) | PuzzlePhase::GivenUp(_, explained) = &now {
            let before: &[String] = match &phase {
                Some(PuzzlePhase::Answered(_, before) | PuzzlePhase::GivenUp(_, before)) => before,
                _ => &[],
            };
            // A wrong move's cost comes later: the lines not said yet.
            let fresh: Vec<String> = explained
                .iter()
                .filter(|l| !before.contains(l))
                // The solve's progress is a plain stop here, not the screen's `…`.
                .map(|l| match l.as_str() {
                    describe::CHECKING_COST => words::CHECKING_COST.to_owned(),
                    _ => l.clone(),
                })
                .collect();
            // What to type next, at once, after the whole explanation (QA: it came
            // only as the answer to a move typed after it).
            let next = !fresh.is_empty() && !state.checking();
            lines.extend(fresh);
            if next {
                lines.push(words::PUZZLE_WHAT_NEXT.to_owned());
            }
        }
        if state.hint_shown() && !themes {
            let names: Vec<&str> = puzzle
                .themes
                .iter()
                .map(|t| crate::puzzle::PuzzleTheme::name(*t))
                .collect();
            lines.push(puzzle_words::themes(&names));
        } else if themes && !state.hint_shown() && !new_puzzle {
            // QA (s12 lines): hidden again, the task was read as if nothing changed.
            lines.push(words::THEMES_HIDDEN.to_owned());
        }
        if let Some(text) = state.note_words()
            && (typed || note.as_deref() != Some(&*text))
        {
            lines.push(words::sentences(&[&text]));
        }
        if typed && lines.is_empty() {
            lines.push(task_line(state));
        }
        self.seen = Seen::Puzzle {
            id: puzzle.id.clone(),
            phase: now,
            themes: state.hint_shown(),
            note: state.note_words().map(|text| text.into_owned()),
        };
        lines
    }

    fn start(&mut self, state: &StartState, typed: bool) -> Vec<String> {
        let mut lines = Vec::new();
        // The short line is a prompt: said last, after the note of what just
        // happened (a game not kept), as a screen reader's last words.
        let mut short = false;
        // A name's prompt, said after the note (s40: the name limit's note came
        // after the next name's prompt, as if said of that name).
        let mut prompt = None;
        let names = (state.names(), state.typing().map(|t| t.player));
        let note = match std::mem::take(&mut self.seen) {
            // A name is asked for: the prompt, as a screen reader's last words.
            // The names typed (or left as they were): their row, said again.
            Seen::Start {
                note, names: seen, ..
            } if seen != names => {
                match names.1 {
                    Some(player) => prompt = Some(crate::strings::start::name_prompt(player)),
                    None => lines.push(start_names(state)),
                }
                note
            }
            // `s` turned the side against the AI: its row, said again.
            Seen::Start { note, side, .. } if side != state.side() => {
                lines.push(start_side(state));
                note
            }
            Seen::Start { note, .. } => note,
            // s30: the ten doors were read whole on every return from a game or a
            // lesson; after the first time, in one short line.
            _ if self.doors_said || state.is_returned() => {
                short = true;
                None
            }
            _ => {
                lines.extend(start_screen(state));
                self.doors_said = true;
                None
            }
        };
        if let Some(text) = state.note_words()
            && (typed || note.as_deref() != Some(&*text))
        {
            lines.push(text.into_owned());
        } else if typed && lines.is_empty() && prompt.is_none() {
            short = true;
        }
        if short {
            lines.push(start_short(state));
        }
        lines.extend(prompt);
        self.seen = Seen::Start {
            note: state.note_words().map(|text| text.into_owned()),
            side: state.side(),
            names,
        };
        lines
    }

    /// The lobby's lines not said before (all of them at first), weighed by `news`
    /// (the same lines, as they count as news: another player's move is not); its
    /// hint lines once a visit (`list` and `help` read them). When a typed line changed
    /// nothing, the lobby's last line (its note, or its keys), or its title where that
    /// is a hint said already.
    fn lobby(
        &mut self,
        (now, news): (Vec<String>, Vec<String>),
        tables: Option<Vec<usize>>,
        unlisted: &dyn Fn(usize) -> String,
        typed: bool,
    ) -> Vec<String> {
        // One for one, or each line weighs as itself.
        let news = if news.len() == now.len() {
            news
        } else {
            now.clone()
        };
        let before = match std::mem::take(&mut self.seen) {
            Seen::Lobby {
                news,
                hints,
                tables: listed,
            } => Some((news, hints, listed)),
            _ => None,
        };
        let mut hints = before
            .as_ref()
            .map(|(_, h, _)| h.clone())
            .unwrap_or_default();
        // A table listed before and gone now: said, as a table opened is, as what
        // became of it (closed, or listed to its players only). On a club screen
        // (`tables` none) the tables are not listed: the numbers said last are kept,
        // and a table gone meanwhile is said on the return to the list, once (a table
        // opened and gone meanwhile was never said, and is not).
        let tables = match tables {
            Some(tables) => tables,
            None => before
                .as_ref()
                .map(|(_, _, listed)| listed.clone())
                .unwrap_or_default(),
        };
        let closed = before.iter().flat_map(|(_, _, listed)| {
            listed
                .iter()
                .filter(|n| !tables.contains(n))
                .map(|&n| unlisted(n))
        });
        let closed: Vec<String> = closed.collect();
        let mut lines: Vec<String> = match &before {
            None => now.clone(),
            Some((before, _, _)) => closed
                .into_iter()
                .chain(
                    now.iter()
                        .zip(&news)
                        .filter(|(line, weighed)| {
                            !before.contains(weighed) && !said_already(line, &hints)
                        })
                        .map(|(line, _)| line.clone()),
                )
                .collect(),
        };
        hints.extend(
            lines
                .iter()
                .filter(|l| lobby_hint(l) && !hints.contains(l))
                .cloned()
                .collect::<Vec<_>>(),
        );
        // The last line, unless it is a hint said already: then the title, which says
        // where the player is (`cancel` closing the form).
        if typed
            && lines.is_empty()
            && let Some(last) = now
                .last()
                .filter(|l| !said_already(l, &hints))
                .or(now.first())
        {
            lines.push(last.clone());
        }
        if before.is_none() {
            lines.push(words::LIST.to_owned());
        }
        self.seen = Seen::Lobby {
            news,
            hints,
            tables,
        };
        lines
    }
}

/// Whether `line` is one of the lobby's own hint lines, said once a visit (`list`
/// reads them again, `help` lists the commands): the form's and a line typed's are
/// said each time, as they tell what to do there. Each names only the commands that
/// act (`table N` with a table listed, `page` with pages), so it comes whole or short.
fn lobby_hint(line: &str) -> bool {
    [true, false]
        .into_iter()
        .any(|all| line == words::lobby_hints(all) || line == words::lobby_club_hints(all))
}

/// Whether the lobby's line `line` was said this visit (`hints`): a hint line said, or
/// said whole when it comes short (a table closed names no command not heard). A hint
/// line grown (the first table listed: `table N`) is said again, for what it adds.
fn said_already(line: &str, hints: &[String]) -> bool {
    let whole = if line == words::lobby_hints(false) {
        Some(words::lobby_hints(true))
    } else if line == words::lobby_club_hints(false) {
        Some(words::lobby_club_hints(true))
    } else {
        None
    };
    hints.iter().any(|h| h == line) || whole.is_some_and(|whole| hints.contains(&whole))
}

/// A move of `game` in words, as the player it was played for sees it: a person's
/// claim still open says nothing of its points. At a table by the player's name and
/// colour, as the turn says them (s34: `Blue b3, section 2` where both had names).
fn move_words(app: &App, game: &Game, i: usize) -> String {
    let placement = &game.placements()[i];
    let state = game
        .claim_state(i)
        .filter(|s| app.config().is_human(placement.player) || *s != ClaimState::Pending);
    match app.seated_names() {
        // The player's own stone in the second person (s35: `alice (Blue) a4`).
        Some(_) if app.own_seat() == Some(placement.player) => {
            words::placed_by(placement, state, words::YOU_PLAYED)
        }
        Some(_) => words::placed_by(placement, state, &who(app, placement.player)),
        None => words::placed(placement, state),
    }
}

/// The totals and what comes next, after `said`: `Blue b3, section 2. Blue 10, Yellow
/// 0. Yellow (hard AI) thinking.`
fn state_line(app: &App, said: Option<&str>) -> String {
    let game = app.game();
    // A claim game over: what each forfeited too, as its ladders show it (`✗300`).
    let totals = if game.claim_mode() && game.outcome().is_some() {
        strings::totals_forfeited(game)
    } else {
        strings::totals(game)
    };
    let turn = turn(app);
    words::sentences(&[said.unwrap_or(""), &totals, &turn])
}

/// Whether `text` is the early ending of `app`'s game over (`bob wins: alice
/// resigned`, or the table's note `alice resigned: bob wins`), which the game's
/// state says after the totals (`Game over: Yellow wins: Blue resigned`): one of them
/// is enough.
fn tells_the_end(app: &App, text: &str) -> bool {
    let Some(ending) = app.played().course.ending().filter(|_| app.is_over()) else {
        return false;
    };
    app.tells_the_ending(ending, text)
}

/// What comes next in a game: the result, or whose move it is.
fn turn(app: &App) -> String {
    let game = app.game();
    if app.is_over() {
        let over = || result(app);
        // The stone that filled the board may still be claimed: the result counts it.
        // Unless its claimer already wins, the claim could change it, so it is said as
        // it stands, as the full screen says it (QA s27: `Game over: Blue wins; Yellow
        // may still claim`, before a claim that made Yellow the winner); at a table on
        // every screen, the claim's command on its player's only (s33: the other
        // player heard `bob wins`).
        return match app.final_claim_pending() {
            Some(claimer) => {
                let result = match (app.game().outcome(), app.seated_said()) {
                    // At a table by the players' names (s31: `Board full: Blue leads`).
                    (Some(outcome), Some(names)) if outcome.winner() != Some(claimer) => {
                        words::board_full_as(&crate::strings::table::provisional_within(
                            outcome, names,
                        ))
                    }
                    (Some(outcome), None) if outcome.winner() != Some(claimer) => {
                        words::board_full(outcome)
                    }
                    _ => over(),
                };
                if app.is_served() && !app.is_remote(claimer) {
                    words::may_claim_at_table(&claimer_words(app, claimer), &result)
                } else {
                    words::may_claim(&claimer_words(app, claimer), &result)
                }
            }
            None => over(),
        };
    }
    if let Some(why) = app.stopped() {
        return why.line_words().into_owned();
    }
    let mover = game.to_move();
    let config = app.config();
    if app.awaits_claim() {
        return words::waits(&ai_words(app, mover), app.claim_refusal().is_some());
    }
    let turn = next_turn(app, mover);
    // A person's last stone may still be claimed, whoever moves next; at a table the
    // other player's or a watched one with what it would add, as the full screen's
    // `alice may claim +25` (s36: a watcher's lines said nothing of it). A stone that
    // scored nothing is not said so.
    match app.last_move() {
        Some((last, Some(ClaimState::Pending)))
            if config.is_human(last.player) && !app.is_remote(last.player) =>
        {
            words::may_claim(&claimer_words(app, last.player), &turn)
        }
        Some((last, Some(ClaimState::Pending)))
            if config.is_human(last.player) && last.points > 0 =>
        {
            words::may_claim_worth(&who(app, last.player), last.points, &turn)
        }
        _ => turn,
    }
}

/// How the game ended, after `Game over: `: at a server's game by the players'
/// names, as its full screen says it (`carol wins: bob resigned`; qa30: the line mode
/// said `Yellow wins: Blue resigned`); elsewhere by colour.
fn result(app: &App) -> String {
    use crate::strings::table;
    // A seat with no one named (`-`) is said by colours.
    let colours = Player::BOTH.map(|p| p.to_string());
    let names = app
        .seated_said()
        .unwrap_or_else(|| table::Who::both(&colours));
    // Within the sentence (s36: `Game over: You win: bob resigned.`).
    let said = match (app.played().course.ending(), app.game().outcome()) {
        (Some(ending), _) => table::ending_within(ending, names),
        (None, Some(outcome)) => table::outcome_within(outcome, names),
        (None, None) => describe::ended(app.played()),
    };
    words::over(&said)
}

/// What a game over leaves to type, as a move refused then says it.
fn over_next(app: &App) -> Keyed {
    if app.at_table() {
        app.table_over()
    } else if app.is_served() {
        Keyed::TableOverAi
    } else {
        app.game_over_keyed()
    }
}

fn next_turn(app: &App, mover: Player) -> String {
    let config = app.config();
    if app.is_remote(mover) {
        return if app.spectating() {
            words::to_move(&who(app, mover))
        } else {
            words::elsewhere(&who(app, mover))
        };
    }
    if !config.is_human(mover) {
        return match app.thinking() {
            // As the full screen names it: by level and colour where the game's
            // people have names, else by colour and level.
            Some(AiJob::Move) => match app.local_name(mover) {
                Some(name) => words::thinking_as(&words::named(mover, Some(&name))),
                None => words::thinking(mover, config.seat(mover)),
            },
            _ => words::to_move(&who(app, mover)),
        };
    }
    // The player's own turn at a table as its full screen says it (s36: `Your move,
    // alice (Blue)`, the reader's own name).
    if app.own_seat() == Some(mover) {
        return crate::strings::screen::your_move_colour(mover);
    }
    words::your_move(&who(app, mover))
}

/// Whose clock runs low: the reader's own at a table `You` (s36: `bob (Yellow): 1
/// minute left.` to bob), another's as [`who`] says them.
fn clock_owner(app: &App, player: Player) -> String {
    if app.own_seat() == Some(player) {
        return crate::strings::table::Who::You.to_string();
    }
    who(app, player)
}

/// `player` as a turn's words name them: at a server's table by the name the table
/// gives (`alice (Blue)`), at a local game by its record's person (played on, resumed,
/// loaded), through the gate every name from a file takes (`Ann (Blue)`); a seat with
/// no name by its colour.
fn who(app: &App, player: Player) -> String {
    let name = match app.player_names() {
        Some(names) => Some(names[player.index()].clone()),
        None => app.people().of(player).map(crate::text::safe_text),
    };
    words::named(player, name.as_deref())
}

/// The AI to move as the full screen says it while it waits for a claim: at a table
/// with the server's AI by the name it has there (`hard AI`), at a local game whose
/// people have names by its level and colour (`hard AI (Yellow)`), else by its colour.
fn ai_words(app: &App, ai: Player) -> String {
    match app.player_names() {
        Some(names) => names[ai.index()].clone(),
        None => words::named(ai, app.local_name(ai).as_deref()),
    }
}

/// Who may still claim, after the turn: `you` at a table to the claimer (s35: their
/// own name, `alice (Blue) may still claim`), else as [`who`] says them.
fn claimer_words(app: &App, player: Player) -> String {
    if app.own_seat() == Some(player) {
        return words::YOU.to_owned();
    }
    who(app, player)
}

/// What the replay's analysis found: its blunders and mistakes, counted; then each
/// player's summary with their biggest swing, a sentence each, as `hijara analyze`
/// sums them up.
fn analysed(state: &ReplayState) -> Vec<String> {
    let count = |class| {
        (1..=state.len())
            .filter_map(|n| state.analysis().move_review(n))
            .filter(|m| m.class == class)
            .count()
    };
    let review = crate::review::Review::build(state.game(), state.analysis().values());
    std::iter::once(words::analysed(
        count(crate::review::Class::Blunder),
        count(crate::review::Class::Mistake),
    ))
    .chain(
        review
            .summary
            .iter()
            .filter(|s| s.moves > 0)
            .map(words::player_summary),
    )
    .collect()
}

/// The move the replay viewer shows, numbered, with the totals then, and the
/// record's mark and comments after it as the full screen's message line has them.
fn shown_move(state: &ReplayState) -> String {
    let n = state.at_move();
    let said = shown_move_alone(state);
    let mark = state.mark(n).map(|m| m.token());
    let notes = analysis_words::with_notes("", mark, state.comments(n));
    match notes.trim() {
        "" => said,
        notes => format!("{said} {notes}"),
    }
}

/// The move the replay viewer shows, numbered, with the totals then.
fn shown_move_alone(state: &ReplayState) -> String {
    let n = state.at_move();
    if n == 0 {
        return words::sentences(&[&words::at_start(state.len())]);
    }
    let game = state.game();
    let Some(placement) = state.current() else {
        return String::new();
    };
    let said = words::placed(placement, game.claim_state(n - 1));
    let [blue, yellow] = totals_at(game, n);
    let totals = format!("Blue {blue}, Yellow {yellow}");
    let end = replay_end(state).unwrap_or_default();
    words::sentences(&[&words::numbered(n, state.len(), &said), &totals, &end])
}

/// How the game ended, when the replay viewer shows its last move and the record
/// says it is over (by the board full, a resignation, the time...).
/// The fastest autoplay pace's place in [`super::super::replay::SPEEDS`].
const SPEEDS_LAST: usize = super::super::replay::SPEEDS.len() - 1;

fn replay_end(state: &ReplayState) -> Option<String> {
    if state.at_move() != state.len() {
        return None;
    }
    // A server game's record says the players' names (s31: by colour), as written.
    Some(words::over(&state.result_within()?))
}

/// A lesson's opening lines: which lesson, its text, its task.
fn lesson_lines(state: &LessonState) -> Vec<String> {
    let Some(lesson) = state.lesson() else {
        return Vec::new();
    };
    let mut lines = vec![words::lesson(
        state.index() + 1,
        state.lessons().len(),
        &lesson.title,
    )];
    lines.extend(
        lesson
            .text
            .split('\n')
            .filter(|p| !p.trim().is_empty())
            .map(str::to_owned),
    );
    // What the lesson waits for now, as the full screen's status line says it: a
    // claim, or nothing once the task is done (read again, these said the task and
    // the side to move after the stone, as if a move were still asked).
    lines.push(match state.phase() {
        LessonPhase::Claiming(mv, _) => words::sentences(&[&words::lesson_claiming(*mv)]),
        LessonPhase::Tried(_, check) if check.done => tried_line(state, check),
        _ => {
            let task = lesson_words::to_move(state.game().to_move(), lesson.task);
            words::sentences(&[&task, words::HEAR_BOARD])
        }
    });
    lines
}

/// A lesson try's verdict in one line, with the why the full screen's text shows
/// under it (what a block stopped, the endgame's proved margins: the line mode
/// dropped them, the endgame lesson's whole answer) and, when wrong, the hint.
fn tried_line(state: &LessonState, check: &crate::learn::Check) -> String {
    let why = match (&check.why, state.lesson()) {
        (Some(why), Some(lesson)) => {
            lesson_words::why(why, check.done, lesson.game.to_move().other())
        }
        _ => String::new(),
    };
    let what = lesson_words::what_it_did(&check.what);
    if check.done {
        words::sentences(&[lesson_words::WELL_DONE, &what, &why, words::LESSON_DONE])
    } else {
        words::sentences(&[lesson_words::NOT_YET, &what, &why, state.hint_after(check)])
    }
}

/// A puzzle's opening lines: which puzzle, and what it asks.
fn puzzle_lines(state: &PuzzleState) -> Vec<String> {
    let puzzle = state.puzzle();
    let progress = state.progress();
    let daily = state.daily().map(|date| date.to_string());
    vec![
        // In words, without the full screen's `·`: a line has no width to fit; a
        // sentence, as every line is.
        words::sentences(&[&puzzle_words::title_said(
            &puzzle.id,
            puzzle.kind.name(),
            progress.puzzle_rating(puzzle).rating,
            progress.player.rating,
            daily.as_deref(),
            progress.streak,
        )]),
        task_line(state),
    ]
}

/// The text the full screen's `e` (`Action::Read`) shows in place of the board, as
/// lines: a puzzle's task and, after a try, its explanation whole (said as it came,
/// then not again); a lesson's text, as an empty line reads it. `None` where `e`
/// reads nothing.
pub(crate) fn read_whole(screen: &Screen) -> Option<Vec<String>> {
    match screen {
        Screen::Puzzle(state) => {
            let mut lines = vec![task_line(state)];
            if let PuzzlePhase::Answered(_, explained) | PuzzlePhase::GivenUp(_, explained) =
                state.phase()
            {
                lines.extend(explained.iter().map(|l| match l.as_str() {
                    describe::CHECKING_COST => words::CHECKING_COST.to_owned(),
                    _ => l.clone(),
                }));
            }
            Some(lines)
        }
        Screen::Lesson(state) if !matches!(state.phase(), LessonPhase::Menu(_)) => {
            Some(lesson_lines(state))
        }
        _ => None,
    }
}

/// What a puzzle asks now (or the position after the move tried).
fn task_line(state: &PuzzleState) -> String {
    let to_move = state.game().to_move();
    match state.phase() {
        PuzzlePhase::Asking => words::sentences(&[
            &puzzle_words::asking(to_move, state.puzzle()),
            words::HEAR_BOARD,
        ]),
        PuzzlePhase::Answered(judged, _) => puzzle_words::answered(to_move, judged.mv),
        PuzzlePhase::GivenUp(judged, _) => puzzle_words::given_up(to_move, judged.mv),
    }
}

/// The start screen's doors, then its `help` and `quit` as the help words them (QA,
/// s27: the full screen's hint line names `q: quit` and `? help`, the line mode's
/// doors alone did not).
fn start_screen(state: &StartState) -> Vec<String> {
    let leave_and_help = commands::of(Place::Start)
        .filter(|c| {
            matches!(
                c.does,
                commands::Does::Read(Reading::Help)
                    | commands::Does::Keys([commands::Step::Key(Action::Quit)])
            )
        })
        .map(|c| words::help_row(c.words, c.arg.name(), c.help));
    start_doors(state).chain(leave_and_help).collect()
}

/// The start screen's first line and its doors, whole, then the side taken against
/// the AI.
fn start_doors(state: &StartState) -> impl Iterator<Item = String> + '_ {
    std::iter::once(words::START.to_owned())
        .chain(
            START_ITEMS
                .iter()
                .map(|(choice, key, label)| words::door(*key, label, state.enabled(*choice))),
        )
        .chain([start_side(state), start_names(state)])
}

/// The side's row of the start screen, as a door is said (`s: Your side against the
/// AI: Blue.`).
fn start_side(state: &StartState) -> String {
    let label = format!("{}: {}", crate::strings::start::SIDE, state.side().name());
    words::door(crate::ui::SIDE_KEY, &label, true)
}

/// The names' row of the start screen, as a door is said (`n: Names: alice,
/// Yellow.`).
fn start_names(state: &StartState) -> String {
    let [blue, yellow] = state.names();
    let blue = blue.unwrap_or_else(|| crate::rules::Player::Blue.to_string());
    let yellow = yellow.unwrap_or_else(|| crate::rules::Player::Yellow.to_string());
    let label = format!("{}: {blue}, {yellow}", crate::strings::start::NAMES);
    words::door(crate::ui::NAMES_KEY, &label, true)
}

/// The start screen in one line: its open doors' keys and short names, from the
/// doors [`start_screen`] says whole (a closed door is left out: its key does nothing).
/// The side against the AI is not in it (the line would pass 120 columns): `list`
/// says it, and `s` says it as it turns it.
fn start_short(state: &StartState) -> String {
    let doors: Vec<String> = START_ITEMS
        .iter()
        .filter(|(choice, ..)| state.enabled(*choice))
        .map(|(choice, key, _)| words::door_short(*key, choice.short_name()))
        .collect();
    words::start_again(&doors)
}

/// The lessons menu, or the lesson.
fn lesson_screen(state: &LessonState) -> Vec<String> {
    match state.phase() {
        LessonPhase::Menu(_) => std::iter::once(words::LESSONS.to_owned())
            .chain(state.lessons().iter().enumerate().map(|(i, lesson)| {
                words::lesson_item(i + 1, state.progress().is_done(&lesson.id), &lesson.title)
            }))
            .collect(),
        _ => lesson_lines(state),
    }
}

/// The game on the board of `screen`, as far as it is shown.
fn board_of(screen: &Screen) -> Option<(&Game, usize)> {
    match screen {
        // At the resume question, the game it offers: the board behind it is not
        // played unless the answer is no.
        Screen::Game(app) => {
            let game = app.offered_game().unwrap_or(app.game());
            Some((game, game.len()))
        }
        Screen::Replay(state, _) => Some((state.game(), state.at_move())),
        // The menu shows no board: the lesson behind it is not the one chosen next.
        Screen::Lesson(state) if matches!(state.phase(), LessonPhase::Menu(_)) => None,
        Screen::Lesson(state) => Some((state.game(), state.game().len())),
        Screen::Puzzle(state) => Some((state.game(), state.game().len())),
        Screen::Start(_) | Screen::Lobby(_) => None,
    }
}

/// The stones on `square`, from section 1 up.
fn stones(game: &Game, shown: usize, square: Square) -> Vec<Player> {
    let position = game.position_at(shown);
    Section::ALL
        .iter()
        .map_while(|&s| position.owner(Cell::new(square, s)))
        .collect()
}

/// One row read out.
fn row_line(game: &Game, shown: usize, row: u8) -> String {
    let squares: Vec<(Square, Vec<Player>)> = (0..4)
        .filter_map(|column| Square::new(column, row))
        .map(|square| (square, stones(game, shown, square)))
        .collect();
    words::board_row(usize::from(row) + 1, &squares)
}

/// A column or a diagonal read out, square by square in the rules' order.
fn line_read(game: &Game, shown: usize, line: Line) -> String {
    let squares: Vec<(Square, Vec<Player>)> = line
        .squares()
        .into_iter()
        .map(|square| (square, stones(game, shown, square)))
        .collect();
    words::board_line(&line.to_string(), &squares)
}

/// The game's message as the narrator has now told it: its count and its words.
fn heard_now(app: &App) -> Option<(u64, String)> {
    app.message()
        .map(|m| (app.said().0, m.line_words().into_owned()))
}

/// The screen's own lines again: the lobby's tables, the start screen's doors, the
/// lessons menu or the lesson, the puzzle's task.
fn read_screen(screen: &Screen) -> Vec<String> {
    match screen {
        Screen::Start(state) => start_screen(state),
        Screen::Lesson(state) => lesson_screen(state),
        Screen::Puzzle(state) => puzzle_lines(state),
        Screen::Lobby(lobby) => lobby.lines_again(),
        // A question asked is on the screen too, and read with it; the resume
        // question alone, since which game is played waits for its answer.
        Screen::Game(app) => match app.overlay() {
            Overlay::Question(Question::Resume) => {
                vec![app.question_words(Question::Resume, Answering::Commands)]
            }
            Overlay::Question(question) => vec![
                state_line(app, None),
                app.question_words(question, Answering::Commands),
            ],
            _ => vec![state_line(app, None)],
        },
        Screen::Replay(state, _) => vec![shown_move(state)],
    }
}

/// Whether `command` does something on `screen` now: its first key is one of the
/// screen's now (the help lists only those; any command may still be typed).
fn applies(command: &commands::Command, screen: &Screen) -> bool {
    if let Screen::Lesson(state) = screen {
        let menu = matches!(state.phase(), LessonPhase::Menu(_));
        match command.does {
            // The menu has no board to read or play on (QA: its help listed the
            // board's commands of the lesson behind it).
            // A lesson done takes no more stones (`again` or `next` goes on).
            commands::Does::Play => {
                return !menu && !matches!(state.phase(), LessonPhase::Tried(_, c) if c.done);
            }
            // `list` reads the menu; in a lesson the task is read by an empty line.
            commands::Does::Read(Reading::Again) => return menu,
            commands::Does::Read(Reading::Help | Reading::Clock | Reading::Why) => {}
            commands::Does::Read(_) => return !menu,
            commands::Does::Keys(_) => {}
        }
    }
    // A puzzle answered takes no more stones, right or wrong (`again`, `next`).
    if let Screen::Puzzle(state) = screen
        && matches!(command.does, commands::Does::Play)
    {
        return matches!(state.phase(), PuzzlePhase::Asking);
    }
    if let Screen::Game(app) = screen {
        match command.does {
            // A spectator reads and leaves: what a player does is refused them.
            commands::Does::Play | commands::Does::Keys(_) if app.spectating() => {
                return matches!(
                    command.does,
                    commands::Does::Keys([commands::Step::Key(Action::Quit)])
                );
            }
            // A game over takes no stone, hint, redo, resignation or claim, and a game
            // in progress no review: each is refused there, so the help leaves it out
            // (QA s15: the help after the game over listed them all).
            commands::Does::Play if app.is_over() => return false,
            commands::Does::Keys([commands::Step::Key(action), ..])
                if app.is_over()
                    && matches!(
                        action,
                        Action::Hint
                            | Action::Redo
                            | Action::Resign
                            | Action::ClaimStart
                            | Action::Place
                    ) =>
            {
                return false;
            }
            commands::Does::Keys([commands::Step::Key(Action::Review)]) if !app.is_over() => {
                return false;
            }
            // The AI waiting for a claim is not thinking: the hint is refused (go first).
            commands::Does::Keys([commands::Step::Key(Action::Hint)]) if app.awaits_claim() => {
                return false;
            }
            // `clock` where a clock runs, or a correspondence game's time is kept.
            commands::Does::Read(Reading::Clock) => {
                return app.course().clock().is_some() || app.time_line().is_some();
            }
            // `go` (Enter where the AI waits for a claim) in a claim game against an AI:
            // elsewhere Enter places no stone for it, and `go` says nothing waits.
            commands::Does::Keys([commands::Step::Key(Action::Place)]) => {
                return app.game().claim_mode()
                    && app
                        .config()
                        .seats
                        .iter()
                        .any(|s| *s != crate::ai::Seat::Human);
            }
            _ => {}
        }
    }
    let commands::Does::Keys(steps) = command.does else {
        return true;
    };
    let contexts = key_contexts(screen);
    match steps.first() {
        Some(commands::Step::Key(action)) => keymap::offered(*action, &contexts),
        // `open N` opens a lesson of the menu from the menu and from a lesson alike,
        // as the menu's key opens the menu from any lesson.
        Some(commands::Step::Item) => {
            keymap::offered(Action::Item(0), &contexts) || keymap::offered(Action::Menu, &contexts)
        }
        _ => true,
    }
}

/// Reads `reading` out of `screen`; `arg` is what followed the command.
pub(crate) fn read(screen: &Screen, reading: Reading, arg: &str) -> Vec<String> {
    let board = board_of(screen);
    match (reading, board) {
        (Reading::Board, Some((game, shown))) => {
            (0..4).map(|row| row_line(game, shown, row)).collect()
        }
        (Reading::Legal, Some((game, shown))) => {
            let position = game.position_at(shown);
            let open: Vec<(Square, usize)> = Square::ALL
                .iter()
                .filter_map(|&square| {
                    let section = position.next_section(square)?;
                    Some((square, usize::from(section.number())))
                })
                .collect();
            let over = matches!(screen, Screen::Game(app) if app.is_over());
            vec![words::legal(&open, over)]
        }
        (Reading::Row, Some((game, shown))) => {
            let row = arg.parse::<u8>().unwrap_or(1).clamp(1, 4) - 1;
            vec![row_line(game, shown, row)]
        }
        (Reading::Column, Some((game, shown))) => {
            // The parser took `a` to `d` alone, in either case.
            let column = arg.to_ascii_lowercase().bytes().next().unwrap_or(b'a');
            let column = column.saturating_sub(b'a').min(3);
            vec![line_read(game, shown, Line::Column(column))]
        }
        (Reading::Diagonals, Some((game, shown))) => [Line::Diagonal, Line::AntiDiagonal]
            .into_iter()
            .map(|line| line_read(game, shown, line))
            .collect(),
        (Reading::Square, Some((game, shown))) => match arg.to_lowercase().parse::<Square>() {
            Ok(square) => vec![words::square_detail(square, &stones(game, shown, square))],
            Err(error) => vec![error.to_string()],
        },
        (Reading::Score, Some((game, shown))) => match screen {
            Screen::Game(app) if app.offered_game().is_none() => vec![state_line(app, None)],
            _ => {
                let [blue, yellow] = totals_at(game, shown);
                // The replay's last move of a game over: nobody moves (it said
                // `Blue to move` there, as the full screen's turn line does not).
                let turn = match screen {
                    Screen::Replay(state, _) => replay_end(state),
                    _ => None,
                }
                .unwrap_or_else(|| words::to_move(&game.position_at(shown).to_move().to_string()));
                // A claim lesson's stone waiting for its claim: the full screen's status
                // line says so where the turn is (`score` said only `Yellow to move`).
                let turn = match (screen, game.last()) {
                    (Screen::Lesson(state), Some(last))
                        if matches!(state.phase(), LessonPhase::Claiming(..)) =>
                    {
                        words::may_claim(&last.player.to_string(), &turn)
                    }
                    // The resume question's game, its last stone's claim still open.
                    (Screen::Game(_), Some(last))
                        if game.claim_states().last() == Some(&ClaimState::Pending) =>
                    {
                        words::may_claim(&last.player.to_string(), &turn)
                    }
                    _ => turn,
                };
                vec![words::sentences(&[
                    &format!("Blue {blue}, Yellow {yellow}"),
                    &turn,
                ])]
            }
        },
        (Reading::Last, Some((game, shown))) => match shown.checked_sub(1) {
            None => vec![words::NO_LAST.to_owned()],
            Some(i) => {
                let said = match screen {
                    Screen::Game(app) if app.offered_game().is_none() => move_words(app, game, i),
                    _ => words::placed(&game.placements()[i], game.claim_state(i)),
                };
                vec![words::sentences(&[&words::numbered(
                    shown,
                    game.len(),
                    &said,
                )])]
            }
        },
        (Reading::Moves, Some((game, shown))) => {
            // In a claim game a move's points are what was awarded and forfeited, as
            // the full screen's move list shows them (`+10 ✗20`), not all it scored.
            let names: Vec<String> = game.placements()[..shown]
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let (awarded, forfeited) = match game.claim_state(i) {
                        Some(state) => (state.awarded(), state.forfeited(p.points)),
                        None => (p.points, 0),
                    };
                    words::listed_move(p.square(), awarded, forfeited)
                })
                .collect();
            if names.is_empty() {
                return vec![words::NO_MOVES.to_owned()];
            }
            names
                .chunks(MOVES_A_LINE)
                .enumerate()
                .map(|(i, chunk)| {
                    let first = i * MOVES_A_LINE + 1;
                    words::moves(first, first + chunk.len() - 1, chunk)
                })
                .collect()
        }
        (Reading::Clock, _) => match screen {
            Screen::Game(app) => {
                match (app.clock_left(Player::Blue), app.clock_left(Player::Yellow)) {
                    (Some(blue), Some(yellow)) => {
                        let running = (!app.is_over()).then(|| app.game().to_move());
                        let left = [words::clock_left(blue), words::clock_left(yellow)];
                        // At a table by the players' names, as its other lines (s36:
                        // `Blue 5 minutes, Yellow 1 minute` to alice and bob).
                        vec![match app.seated_said() {
                            Some(said) => words::clocks_at_table(
                                said,
                                [left[0].as_str(), left[1].as_str()],
                                running,
                            ),
                            None => words::clocks(&left[0], &left[1], running),
                        }]
                    }
                    // A correspondence game's time: whose move, and the time left.
                    _ => match app.time_line() {
                        Some(line) => vec![words::sentences(&[&line.line_words()])],
                        None => vec![words::NO_CLOCKS.to_owned()],
                    },
                }
            }
            _ => vec![words::NO_CLOCKS.to_owned()],
        },
        (Reading::Why, _) => match screen {
            Screen::Replay(state, _) => match state.at_move() {
                0 => vec![words::WHY_AT_START.to_owned()],
                n => match (state.analysis().move_review(n), state.review_pending()) {
                    (Some(m), _) => vec![words::sentences(&[&words::reviewed_move(m)])],
                    // No verdict follows: the server's review reaches a replay opened
                    // after it is made.
                    (None, Some(pending)) => vec![words::sentences(&[pending])],
                    (None, None) => vec![words::analysing(n)],
                },
            },
            _ => Vec::new(),
        },
        (Reading::Help, _) => {
            if let Some(answers) = resume_answers(screen) {
                return resume_help(screen, &answers);
            }
            let place = place(screen);
            let to = leaving(screen);
            // A command that does another's action here says what it does: after the
            // last lesson `next` opens the menu (QA s27: it said `the next lesson`).
            let acts_as = match screen {
                Screen::Lesson(state) if !matches!(state.phase(), LessonPhase::Menu(_)) => {
                    state.acts_as()
                }
                _ => None,
            };
            let keyed = |action| {
                commands::of(place).find(|c| {
                    matches!(c.does, commands::Does::Keys([commands::Step::Key(a)]) if *a == action)
                })
            };
            let instead = acts_as.and_then(|(from, to)| Some((keyed(from)?, keyed(to)?.help)));
            let guest = matches!(screen, Screen::Lobby(lobby) if lobby.guest());
            let corresponding = matches!(screen, Screen::Game(app) if app.corresponding());
            let club = match screen {
                Screen::Lobby(lobby) => Some(lobby.key_context()),
                _ => None,
            };
            // The start screen's help says its doors whole before its commands: its
            // short line sends there for them (s30).
            let doors: Vec<String> = match screen {
                Screen::Start(state) => start_doors(state).collect(),
                _ => Vec::new(),
            };
            doors
                .into_iter()
                .chain(std::iter::once(words::HELP.to_owned()))
                .chain(commands::of(place).filter(|c| applies(c, screen)).map(|c| {
                    let arg = if c.words.is_empty() && c.arg.name() == "b3" {
                        "b3"
                    } else {
                        c.arg.name()
                    };
                    let help = match instead {
                        Some((from, help)) if std::ptr::eq(from, c) => help,
                        _ => club
                            .and_then(|context| commands::club_help(c, context))
                            .unwrap_or_else(|| commands::help_leaving(c, to, !corresponding)),
                    };
                    // A guest has no key: nothing is kept for them.
                    let help = if guest {
                        crate::strings::serve::help_for_guest(help)
                    } else {
                        help.into()
                    };
                    words::help_row(c.words, arg, &help)
                }))
                .collect()
        }
        (Reading::Again, _) => read_screen(screen),
        // The board's readings on a screen with no board: the screen's lines.
        (_, None) => read_screen(screen),
    }
}

/// The resume question's answers, while `screen` asks it
/// ([`crate::ui::App::resume_answer_actions`]).
fn resume_answers(screen: &Screen) -> Option<[(Action, String); 3]> {
    match screen {
        Screen::Game(app) => app.resume_answer_actions(),
        _ => None,
    }
}

/// `help` at the resume question: what it takes, each worded as its box words it,
/// from the commands whose key it binds (it listed the board's commands, and `quit`'s
/// "asks while a game is in progress").
fn resume_help(screen: &Screen, answers: &[(Action, String)]) -> Vec<String> {
    let contexts = key_contexts(screen);
    std::iter::once(words::HELP.to_owned())
        .chain(commands::of(Place::Game).filter_map(|c| {
            let help = match c.does {
                commands::Does::Keys([commands::Step::Key(action)])
                    if keymap::offered(*action, &contexts) =>
                {
                    answers.iter().find(|(a, _)| a == action)?.1.as_str()
                }
                commands::Does::Read(Reading::Help) => c.help,
                _ => return None,
            };
            Some(words::help_row(c.words, "", help))
        }))
        .collect()
}

/// The contexts a key is looked up in on `screen` now, in order: the key the line
/// mode types for an action is the one the screen would take for it.
pub(crate) fn key_contexts(screen: &Screen) -> Vec<KeyContext> {
    match screen {
        Screen::Game(app) => app.key_contexts(),
        Screen::Replay(state, _) => vec![state.key_context()],
        Screen::Lesson(state) => match state.phase() {
            LessonPhase::Menu(_) => vec![KeyContext::LessonMenu],
            LessonPhase::Claiming(_, Some(_)) => vec![KeyContext::ClaimEntry],
            // The lesson's own keys (again, next, menu) still act while its stone
            // waits for a claim: only a claim being typed takes every key.
            LessonPhase::Claiming(_, None) => {
                vec![KeyContext::ClaimGame, KeyContext::Lesson, KeyContext::Board]
            }
            _ => vec![KeyContext::Lesson, KeyContext::Board],
        },
        Screen::Puzzle(_) => vec![KeyContext::Puzzle, KeyContext::Board],
        Screen::Start(_) => vec![KeyContext::Start],
        Screen::Lobby(lobby) => vec![lobby.key_context()],
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_lobby::FakeLobby;
    use super::*;
    use crate::review::{PositionValue, Value};

    /// QA (qa39): over ssh in the line mode, `help` at the leaderboard said `quit (or
    /// q): leave.` (it goes back to the lobby, as the screen's own line says), `table
    /// N: sit at table N` (a number opens that player's profile), `list: the tables
    /// again` and `variant (or v): the form: the other variant`; at a profile the same
    /// `quit` and `table` rows (a number replays a game there). The club's screens say
    /// what their commands do there; the lobby's help is as it was.
    #[test]
    fn the_club_screens_help_says_what_their_commands_do_there() {
        let help = |context| {
            let lobby = Screen::Lobby(Box::new(FakeLobby::in_context(context)));
            read(&lobby, Reading::Help, "")
        };
        let board = help(KeyContext::LobbyBoard);
        for row in [
            "quit (or q): back to the lobby.",
            "list: the leaderboard again.",
            "table N: the profile of the player numbered N (a number alone does too).",
            "variant (or v): the leaderboard of the other variant.",
        ] {
            assert!(board.contains(&row.to_owned()), "{row} in {board:?}");
        }
        let profile = help(KeyContext::LobbyProfile);
        for row in [
            "quit (or q): back to the lobby.",
            "list: the profile again.",
            "table N: the replay of the game numbered N (a number alone does too).",
        ] {
            assert!(profile.contains(&row.to_owned()), "{row} in {profile:?}");
        }
        for said in [&board, &profile] {
            assert!(
                !said
                    .iter()
                    .any(|r| r.contains("leave.") || r.contains("sit at")),
                "{said:?}"
            );
        }
        let lobby = help(KeyContext::Lobby);
        for row in [
            "quit (or q): leave.",
            "list: the tables again.",
            "table N: sit at table N, or watch it (a number alone does too).",
        ] {
            assert!(lobby.contains(&row.to_owned()), "{row} in {lobby:?}");
        }
    }

    /// QA (s27): `hijara --plain`'s start screen listed its doors, not `quit` nor
    /// `help`, which the full screen's hint line names. They close the list, worded
    /// as the help's rows. Fails on the old code (the doors alone).
    #[test]
    fn the_start_screen_names_help_and_quit() {
        let state = crate::ui::StartState::new(false, false);
        let said = read(&Screen::Start(state), Reading::Again, "");
        assert_eq!(said.len(), 1 + START_ITEMS.len() + 2 + 2, "{said:?}");
        let help = read(
            &Screen::Start(StartState::new(false, false)),
            Reading::Help,
            "",
        );
        for row in ["help (or ?): these commands.", "quit (or q): leave."] {
            assert!(said.contains(&row.to_owned()), "{row} in {said:?}");
            assert!(help.contains(&row.to_owned()), "{row} in {help:?}");
        }
    }

    /// s30: back at the start screen from a game or a lesson, the line mode read its
    /// ten lines (the heading, eight doors, help and quit) every time. Whole the first
    /// time; after, one line of the open doors' keys and short names, built from the
    /// doors' table; `help` says them whole, then its commands. Fails on the old code
    /// (11 lines on the return; the help without the doors).
    #[test]
    fn the_start_screen_is_said_whole_once_then_in_one_line() {
        use crate::session::GameConfig;
        for (resume, replay) in [(false, false), (true, true)] {
            let start = || Screen::Start(StartState::new(resume, replay));
            let mut narrator = Narrator::default();
            let first = narrator.tell(&start());
            // The first line, the doors, the side against the AI, the hot-seat
            // names, help and quit.
            assert_eq!(first.len(), 1 + START_ITEMS.len() + 2 + 2, "{first:?}");
            let visits = [
                Screen::Game(App::new(GameConfig::default())),
                Screen::Lesson(Box::new(LessonState::resume(
                    crate::learn::lessons().unwrap(),
                    crate::learn::LearnProgress::default(),
                    None,
                ))),
            ];
            for away in visits {
                let _ = narrator.tell(&away);
                let back = narrator.tell(&start());
                assert_eq!(back.len(), 1, "{back:?}");
                let line = &back[0];
                for (choice, key, _) in START_ITEMS {
                    let door = format!("{key} {}", choice.short_name());
                    let open = StartState::new(resume, replay).enabled(choice);
                    assert_eq!(line.contains(&door), open, "{door:?} in {line:?}");
                }
                assert!(line.ends_with(". Type a key, or help."), "{line}");
                assert!(crate::text::width(line) <= 120, "{line}");
            }
            // A line typed that changes nothing: the short line again.
            narrator.typed();
            let again = narrator.tell(&start());
            assert_eq!(again.len(), 1);
            // A note of what just happened comes before the short line, the prompt
            // last (lead s30: `Start: ...` was said before `The game ... was NOT saved`).
            let noted = StartState::new(resume, replay).with_note("The game was kept.".into());
            let mut back = Narrator::default();
            let _ = back.tell(&start());
            let _ = back.tell(&Screen::Game(App::new(GameConfig::default())));
            let said = back.tell(&Screen::Start(noted));
            assert_eq!(said.len(), 2, "{said:?}");
            assert_eq!(said[0], "The game was kept.", "{said:?}");
            assert_eq!(said[1], again[0], "{said:?}");
            // `hijara`'s loop runs a narrator a visit: the screen says it came back.
            let returned = Screen::Start(StartState::new(resume, replay).returned());
            assert_eq!(Narrator::default().tell(&returned), again);
            let help = read(&start(), Reading::Help, "");
            assert_eq!(
                help[..first.len() - 2],
                first[..first.len() - 2],
                "{help:?}"
            );
            assert_eq!(help[first.len() - 2], words::HELP, "{help:?}");
        }
    }

    /// qa37: no way to play Yellow against the AI from the start screen. The line
    /// mode's doors end with the side taken (`s: Your side against the AI: Blue.`),
    /// and `s` says the side it turned to, alone.
    #[test]
    fn the_side_against_the_ai_is_said_and_said_again_as_s_turns_it() {
        use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
        let mut narrator = Narrator::default();
        let first = narrator.tell(&Screen::Start(StartState::new(false, false)));
        assert!(
            first.contains(&"s: Your side against the AI: Blue.".to_owned()),
            "{first:?}"
        );
        let mut state = StartState::new(false, false);
        // The line mode sizes its screens as a terminal would.
        let _ = state.handle(crate::ui::effect::Input::Resize(80, 24));
        let s =
            crate::ui::effect::Input::Key(KeyEvent::new(KeyCode::Char('s'), KeyModifiers::NONE));
        let _ = state.handle(s);
        narrator.typed();
        let said = narrator.tell(&Screen::Start(state.clone()));
        assert_eq!(said, ["s: Your side against the AI: Yellow."]);
        let _ = state.handle(s);
        narrator.typed();
        let said = narrator.tell(&Screen::Start(state));
        assert_eq!(said, ["s: Your side against the AI: random."]);
    }

    /// The line mode said `Your move, Blue.` even when the record the game came from
    /// names the person at the keyboard: now `Your move, Ann (Blue).`, the colour kept,
    /// the name made safe as every name from a file is; a seat with no name is as before.
    #[test]
    fn your_move_names_the_person_a_record_names() {
        use crate::session::{GameConfig, Names};
        let text = "[Blue \"Ann\u{1b}[31m\"]\n[BlueType \"human\"]\n1. b2 c3 *\n";
        let record = crate::session::parse_record(text).unwrap().record;
        let config = GameConfig::default();
        let people = Names::played_on(&record, config.seats);
        assert!(people.of(Player::Blue).is_some(), "{people:?}");
        let app = crate::ui::App::with_game(config, config.new_game()).with_people(people);
        let line = turn(&app);
        assert_eq!(line, "Your move, Ann\\u{1b}[31m (Blue)", "escaped");
        let plain = crate::ui::App::with_game(config, config.new_game());
        assert_eq!(turn(&plain), "Your move, Blue");
    }

    /// QA (uifit): the first line and `Your move, Ann (Blue).` named the record's
    /// people, but the rest of a turn's words said the colour alone: `Your move, Bo
    /// (Yellow); Blue may still claim.`, `Blue: 30 seconds left.`. Now each names the
    /// person and the colour where the game has a name for them, the colour alone
    /// where it has none.
    #[test]
    fn a_turn_names_each_named_person_with_their_colour() {
        use crate::session::{GameConfig, Names};
        let text =
            "[Blue \"Ann\"]\n[BlueType \"human\"]\n[Yellow \"Bo\"]\n[YellowType \"human\"]\n*\n";
        let record = crate::session::parse_record(text).unwrap().record;
        let config = GameConfig {
            claims: true,
            ..GameConfig::default()
        };
        let people = Names::played_on(&record, config.seats);
        let play = |app: &mut crate::ui::App| {
            // Blue fills column a's first sections: a4 completes it (10), unclaimed.
            for c in "a1b1a2b2a3b3a4".chars() {
                let key = ratatui::crossterm::event::KeyEvent::new(
                    ratatui::crossterm::event::KeyCode::Char(c),
                    ratatui::crossterm::event::KeyModifiers::NONE,
                );
                let _ = app.handle(crate::ui::Input::Key(key));
            }
        };
        let mut named = crate::ui::App::with_game(config, config.new_game()).with_people(people);
        play(&mut named);
        assert_eq!(
            turn(&named),
            "Your move, Bo (Yellow); Ann (Blue) may still claim"
        );
        let mut plain = crate::ui::App::with_game(config, config.new_game());
        play(&mut plain);
        assert_eq!(turn(&plain), "Your move, Yellow; Blue may still claim");
        // A clock running low, and the AI's turn, by the same words.
        let thirty = std::time::Duration::from_secs(30);
        assert_eq!(
            words::time_low(&who(&named, Player::Blue), thirty),
            "Ann (Blue): 30 seconds left"
        );
        assert_eq!(
            words::time_low(&who(&plain, Player::Blue), thirty),
            "Blue: 30 seconds left"
        );
        assert_eq!(
            words::to_move(&who(&named, Player::Yellow)),
            "Bo (Yellow) to move"
        );
    }

    /// s38: the line mode said `Yellow, hard AI, thinking` (colour first) where the
    /// full screen of a game whose people have names says `hard AI (Yellow)
    /// thinking…`, and `Yellow (hard AI) thinking…` in one without. Now the line
    /// mode names the AI as the full screen does, without its `…`. Fails on the old
    /// code.
    #[test]
    fn the_ai_thinking_is_named_as_the_full_screen_names_it() {
        use crate::ai::Seat;
        use crate::session::{GameConfig, Names};
        let config = GameConfig {
            seats: [Seat::Human, Seat::Hard],
            think_ms: None,
            seed: 1,
            ..GameConfig::default()
        };
        let think = |mut app: App| {
            let _ = app.handle(crate::ui::Input::Click(Some(Square::B2)));
            assert_eq!(app.thinking(), Some(AiJob::Move));
            turn(&app)
        };
        let text = "[Blue \"Ann\"]\n[BlueType \"human\"]\n[YellowType \"hard\"]\n*\n";
        let record = crate::session::parse_record(text).unwrap().record;
        let people = Names::played_on(&record, config.seats);
        let named = App::with_game(config, config.new_game()).with_people(people);
        assert_eq!(think(named), "hard AI (Yellow) thinking");
        let plain = App::with_game(config, config.new_game());
        assert_eq!(think(plain), "Yellow (hard AI) thinking");
    }

    /// QA (qa34): `--plain play --clock 1+0` said `Blue: 59 seconds left.` as the
    /// game began and a time line at every turn after (the warnings were once per
    /// turn, and a 1-minute clock is under a minute from the start). Now each clock
    /// is warned once a game as it falls to 30 and 10 seconds (and to a minute,
    /// where it starts above); `clock` says both on request.
    #[test]
    fn a_one_minute_game_warns_each_clock_once_at_each_threshold() {
        use crate::ai::Seat;
        use crate::session::GameConfig;
        use crate::ui::App;
        let second = Duration::from_secs(1);
        let t0 = std::time::Instant::now();
        let mut app = App::new(GameConfig {
            seats: [Seat::Human; 2],
            clock: Some(crate::record::TimeControl::from_minutes("1+0").unwrap()),
            ..GameConfig::default()
        });
        app.set_now(t0);
        let _ = app.start();
        assert_eq!(app.clock_left(Player::Blue), Some(second * 60));
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Game(app.clone()));
        // Blue thinks 11 s a move, Yellow 8 s; the narrator is asked at every second,
        // as the event loop wakes for a clock: 95 seconds, 10 moves.
        let moves = ["a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "c1", "d1"];
        let mut heard = Vec::new();
        let mut at = 0;
        for (n, square) in moves.iter().enumerate() {
            let think = if n % 2 == 0 { 11 } else { 8 };
            for _ in 0..think {
                at += 1;
                app.set_now(t0 + second * at);
                heard.extend(narrator.tell(&Screen::Game(app.clone())));
            }
            for c in square.chars() {
                let key = ratatui::crossterm::event::KeyEvent::new(
                    ratatui::crossterm::event::KeyCode::Char(c),
                    ratatui::crossterm::event::KeyModifiers::NONE,
                );
                let _ = app.handle(crate::ui::Input::Key(key));
            }
            assert_eq!(app.game().len(), n + 1, "{square} at {at} s: {heard:?}");
            heard.extend(narrator.tell(&Screen::Game(app.clone())));
        }
        assert_eq!(app.game().len(), 10, "{heard:?}");
        let warned: Vec<&String> = heard.iter().filter(|l| l.contains(" left")).collect();
        assert_eq!(
            warned,
            [
                "Blue: 30 seconds left.",
                "Yellow: 30 seconds left.",
                "Blue: 10 seconds left."
            ],
            "{heard:?}"
        );
        assert_eq!(
            app.clock_left(Player::Blue),
            Some(second * 5),
            "Blue used 55 s"
        );
        let screen = Screen::Game(app);
        assert_eq!(
            read(&screen, Reading::Clock, ""),
            ["Blue 5 seconds, Yellow 20 seconds; Blue's clock runs."]
        );
    }

    /// s36 (words36, left alone): at a table the line mode said `Your move, alice
    /// (Blue)`, the reader's own name, where the full screen says `Your move (Blue)`;
    /// and `clock` said colours (`Blue 5 minutes, Yellow 5 minutes; Blue's clock
    /// runs.`). Now the turn as the full screen says it, and `clock` by the players:
    /// `you` to the player, both names to a watcher; a local game keeps colours.
    #[test]
    fn at_a_table_the_turn_and_the_clocks_say_you_and_the_other_by_name() {
        use crate::ai::Seat;
        use crate::session::GameConfig;
        use crate::ui::App;
        let mut local = App::new(GameConfig {
            seats: [Seat::Human; 2],
            clock: Some(crate::record::TimeControl::from_minutes("5+0").unwrap()),
            ..GameConfig::default()
        });
        local.set_now(std::time::Instant::now());
        let _ = local.start();
        let at = |remote: [bool; 2]| {
            local
                .clone()
                .served(remote)
                .named(["alice".into(), "bob".into()])
        };
        let clock = |app: &App| read(&Screen::Game(app.clone()), Reading::Clock, "");
        let alice = at([false, true]);
        assert_eq!(turn(&alice), "Your move (Blue)");
        assert_eq!(
            clock(&alice),
            ["You have 5 minutes, bob (Yellow) 5 minutes; your clock runs."]
        );
        let bob = at([true, false]);
        assert_eq!(turn(&bob), "alice (Blue) to move, at the other terminal");
        assert_eq!(
            clock(&bob),
            ["You have 5 minutes, alice (Blue) 5 minutes; alice's clock runs."]
        );
        let watcher = at([true, true]);
        assert_eq!(
            clock(&watcher),
            ["alice (Blue) has 5 minutes, bob (Yellow) 5 minutes; alice's clock runs."]
        );
        assert_eq!(turn(&local), "Your move, Blue");
        assert_eq!(
            clock(&local),
            ["Blue 5 minutes, Yellow 5 minutes; Blue's clock runs."]
        );
    }

    /// The warnings' steps: an increment that lifts a clock one step does not warn it
    /// again; a clock back at its start (a new game) or two steps up does. (All on one
    /// turn's board, 5 moves: the turns are `a_clock_given_back_by_an_undo_...`'s.)
    #[test]
    fn a_clock_is_warned_again_only_after_climbing_back() {
        let s = Duration::from_secs;
        let minute = s(60);
        // Every step on one turn, the board at 5 moves.
        let warns = |low: &mut Low, left, base| warns(low, left, base, 5);
        // 1+2 at 29 s: warned at 30; each move's 2 s lifts it over 30 again.
        let mut said = Low::new(minute);
        assert!(!warns(&mut said, s(60), minute), "no warning at the start");
        assert!(warns(&mut said, s(30), minute));
        assert!(!warns(&mut said, s(29), minute));
        assert!(!warns(&mut said, s(31), minute));
        assert!(!warns(&mut said, s(30), minute), "said already");
        assert!(warns(&mut said, s(10), minute));
        // A new game: the clock is back at its start, and falls again.
        assert!(!warns(&mut said, s(60), minute));
        assert!(warns(&mut said, s(30), minute), "the new game's warning");
        // 5+30: a large increment takes a clock from 25 s over a minute.
        let five = s(300);
        let mut said = Low::new(five);
        assert!(warns(&mut said, s(60), five));
        assert!(warns(&mut said, s(25), five));
        assert!(!warns(&mut said, s(55), five), "one step up");
        assert!(!warns(&mut said, s(30), five));
        assert!(!warns(&mut said, s(85), five), "two steps up");
        assert!(warns(&mut said, s(60), five));
    }

    /// s33's leftover (local35): the warnings re-armed by the clock's figures alone, so
    /// a 1+0 clock warned at 30 s on its turn, taken back by an undo from 25 s to
    /// 35 s, fell through 30 s again in silence. Now a turn taken back takes its
    /// warnings with it: Blue hears `30 seconds` again on the turn played again; the
    /// turns before keep theirs (Yellow's clock is not warned twice).
    #[test]
    fn a_clock_given_back_by_an_undo_is_warned_again_as_it_falls() {
        use crate::ai::Seat;
        use crate::session::GameConfig;
        use crate::ui::App;
        let second = Duration::from_secs(1);
        let t0 = std::time::Instant::now();
        let mut app = App::new(GameConfig {
            seats: [Seat::Human; 2],
            clock: Some(crate::record::TimeControl::from_minutes("1+0").unwrap()),
            ..GameConfig::default()
        });
        app.set_now(t0);
        let _ = app.start();
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Game(app.clone()));
        let mut heard = Vec::new();
        let mut at = 0;
        let mut play = |app: &mut App, think: u32, keys: &str, heard: &mut Vec<String>| {
            for _ in 0..think {
                at += 1;
                app.set_now(t0 + second * at);
                heard.extend(narrator.tell(&Screen::Game(app.clone())));
            }
            for c in keys.chars() {
                let key = ratatui::crossterm::event::KeyEvent::new(
                    ratatui::crossterm::event::KeyCode::Char(c),
                    ratatui::crossterm::event::KeyModifiers::NONE,
                );
                let _ = app.handle(crate::ui::Input::Key(key));
            }
            heard.extend(narrator.tell(&Screen::Game(app.clone())));
        };
        // Blue 25 s on a1 (35 s left), Yellow 32 s on b1 (28 s: warned), Blue 10 s
        // on a2 (25 s: warned), Yellow takes a2 back at once: Blue is back at 35 s.
        play(&mut app, 25, "a1", &mut heard);
        play(&mut app, 32, "b1", &mut heard);
        play(&mut app, 10, "a2", &mut heard);
        assert_eq!(app.clock_left(Player::Blue), Some(second * 25));
        play(&mut app, 0, "u", &mut heard);
        assert_eq!(app.game().len(), 2, "{heard:?}");
        assert_eq!(app.clock_left(Player::Blue), Some(second * 35));
        play(&mut app, 6, "", &mut heard);
        let warned: Vec<&String> = heard.iter().filter(|l| l.contains(" left")).collect();
        assert_eq!(
            warned,
            [
                "Yellow: 30 seconds left.",
                "Blue: 30 seconds left.",
                "Blue: 30 seconds left."
            ],
            "{heard:?}"
        );
    }

    /// QA (access): in a claim game `moves` wrote each stone's automatic points,
    /// `a4+10` for a stone whose 10 went unclaimed and were forfeited, and for one
    /// still waiting for its claim. Now it says what the full screen's move list
    /// shows: the points awarded, those forfeited in words, nothing while pending.
    #[test]
    fn moves_in_a_claim_game_say_what_was_awarded_and_forfeited() {
        use crate::session::GameConfig;
        use crate::ui::App;
        let config = GameConfig {
            claims: true,
            ..GameConfig::default()
        };
        let mut app = App::with_game(config, config.new_game());
        let keys = |app: &mut App, keys: &str| {
            for c in keys.chars() {
                let code = match c {
                    '\n' => ratatui::crossterm::event::KeyCode::Enter,
                    c => ratatui::crossterm::event::KeyCode::Char(c),
                };
                let key = ratatui::crossterm::event::KeyEvent::new(
                    code,
                    ratatui::crossterm::event::KeyModifiers::NONE,
                );
                let _ = app.handle(crate::ui::Input::Key(key));
            }
        };
        let moves = |app: App| read(&Screen::Game(app), Reading::Moves, "").join(" ");
        // Blue's a4 completes column a's 1s (10) and waits for its claim.
        keys(&mut app, "a1b1a2b2a3b3a4");
        assert_eq!(moves(app.clone()), "Moves 1 to 7: a1 b1 a2 b2 a3 b3 a4.");
        // Yellow's b4 forfeits it and completes column b's 1s, claimed in full.
        keys(&mut app, "b4+10\n");
        assert_eq!(app.game().awarded(7), 10, "the claim was taken");
        assert_eq!(
            moves(app.clone()),
            "Moves 1 to 8: a1 b1 a2 b2 a3 b3 a4 (10 forfeited) b4+10."
        );
    }

    /// QA (srvpolish): on a club screen (a leaderboard read in lines) a table gone was
    /// said at once (`Table 2 closed.`) while one opened waited for the return to the
    /// list: a table opened and closed there was said closed, never opened. Now the
    /// list's changes wait for the return, each said once: the table opened and gone
    /// meanwhile not at all, one listed before and gone, closed, after the lobby's
    /// lines. Fails on the old code (`Table 2 closed.` on the club screen).
    #[test]
    fn a_club_screen_keeps_the_tables_news_for_the_return_to_the_list() {
        let lobby = |lines: &[&str], tables: &[usize], club: bool| {
            Screen::Lobby(Box::new(FakeLobby::listing(lines, tables, club)))
        };
        let list = ["hijara: the lobby", "1  ann v -", "3  cy v -"];
        let board = ["Leaderboard: standard live", "quit: back to the lobby."];
        let mut narrator = Narrator::default();
        let first = narrator.tell(&lobby(&list, &[1, 3], false));
        assert!(first.contains(&"3  cy v -".to_owned()), "{first:?}");
        assert_eq!(narrator.tell(&lobby(&board, &[1, 3], true)), board);
        // Table 2 opens and closes, table 3 closes, while the leaderboard is read.
        for tables in [&[1, 2, 3][..], &[1, 3], &[1]] {
            let said = narrator.tell(&lobby(&board, tables, true));
            assert!(said.is_empty(), "{tables:?}: {said:?}");
        }
        let back = narrator.tell(&lobby(&list[..2], &[1], false));
        assert_eq!(
            back,
            ["Table 3 closed.", "hijara: the lobby", "1  ann v -"],
            "{back:?}"
        );
        let again = narrator.tell(&lobby(&list[..2], &[1], false));
        assert!(again.is_empty(), "{again:?}");
    }

    /// s25: the line mode's help said `quit (or q): leave.` in the replay viewer and
    /// the game the start screen opened, where `quit` goes back to it: it says so
    /// there, and `leave` still where the command line opened them.
    #[test]
    fn the_help_says_quit_goes_back_where_the_start_screen_opened_the_screen() {
        let help = |screen: Screen| read(&screen, Reading::Help, "").join("\n");
        let state = ReplayState::new("last.hij", &crate::record::Record::default(), Game::new());
        let config = crate::session::GameConfig::default();
        let app = || crate::ui::App::with_game(config, Game::new());
        let back = "quit (or q): back to the start screen";
        for said in [
            help(Screen::Replay(state.clone().from_start(), config)),
            help(Screen::Game(app().from_start())),
        ] {
            assert!(said.contains(back), "{said}");
        }
        for said in [
            help(Screen::Replay(state, config)),
            help(Screen::Game(app())),
        ] {
            assert!(said.contains("quit (or q): leave"), "{said}");
            assert!(!said.contains(back), "{said}");
        }
    }

    /// QA (qa29): the review of a game just played (`review` at its end) said `quit (or
    /// q): leave.`, from the start screen's game `back to the start screen`, where
    /// `quit` goes back to the game, as the full screen's help says. Fails on the old
    /// code.
    #[test]
    fn a_review_s_help_says_quit_goes_back_to_the_game() {
        let help = |screen: Screen| read(&screen, Reading::Help, "");
        let config = crate::session::GameConfig::default();
        let record = crate::record::Record::default();
        let review = ReplayState::new("review", &record, Game::new()).over_game();
        for state in [review.clone(), review.from_start()] {
            let said = help(Screen::Replay(state, config));
            assert!(
                said.contains(&"quit (or q): back to the game.".to_owned()),
                "{said:?}"
            );
        }
    }

    #[test]
    fn the_help_at_a_server_table_lists_no_command_the_table_refuses() {
        let help = |app: crate::ui::App| read(&Screen::Game(app), Reading::Help, "").join("\n");
        let local = help(crate::ui::App::with_game(
            crate::session::GameConfig::default(),
            crate::rules::Game::new(),
        ));
        let table = help(
            crate::ui::App::with_game(
                crate::session::GameConfig::default(),
                crate::rules::Game::new(),
            )
            .served([false, true]),
        );
        for refused in ["hint", "redo", "save"] {
            assert!(
                local.contains(refused),
                "{refused} in a local game:\n{local}"
            );
            assert!(!table.contains(refused), "{refused} at a table:\n{table}");
        }
        // What the table does take is still listed: undo (asked of the other player).
        assert!(table.contains("undo"), "{table}");
    }

    /// The lobby's commands line comes short with no table (s26): said again when it
    /// grows (`table N` acts now), not when it shrinks back to what was heard.
    #[test]
    fn a_lobby_hint_line_is_said_again_only_when_it_grows() {
        let (whole, short) = (words::lobby_hints(true), words::lobby_hints(false));
        assert_eq!(whole, words::LOBBY_HINTS);
        assert_eq!(words::lobby_club_hints(true), words::LOBBY_CLUB_HINTS);
        for line in [&whole, &short, &words::lobby_club_hints(false)] {
            assert!(lobby_hint(line), "{line}");
        }
        assert!(!lobby_hint("Tables."));
        assert!(!said_already(&whole, std::slice::from_ref(&short)));
        assert!(said_already(&short, std::slice::from_ref(&whole)));
        assert!(said_already(&short, std::slice::from_ref(&short)));
        let club = [words::lobby_club_hints(true)];
        assert!(said_already(&words::lobby_club_hints(false), &club));
        assert!(!said_already(&short, &club));
    }

    /// QA (access): the lobby's help said `find text`, `code text` and `player text`
    /// where the lobby's own lines say `find NAME`, `code CODE` and `player NAME`:
    /// each command is now named the same way in both.
    #[test]
    fn the_lobby_help_names_arguments_as_the_lobby_lines_do() {
        let lobby = Screen::Lobby(Box::new(FakeLobby::in_context(KeyContext::Lobby)));
        let help = read(&lobby, Reading::Help, "").join("\n");
        let said = format!("{} {}", words::LOBBY_HINTS, words::LOBBY_CLUB_HINTS);
        for named in ["find NAME", "code CODE", "player NAME"] {
            assert!(said.contains(named), "{named}: {said}");
            let (word, arg) = named.split_once(' ').unwrap_or((named, ""));
            let command = commands::of(commands::Place::Lobby)
                .find(|c| c.words.first() == Some(&word))
                .map(|c| c.arg.name());
            assert_eq!(command, Some(arg), "{named}");
        }
        for named in ["find NAME", "code CODE"] {
            assert!(help.contains(&format!("\n{named} ")), "{named}:\n{help}");
        }
        assert!(!help.contains(" text"), "{help}");
    }

    /// QA s28 (qa28): a guest's `help` in the lobby said `ascii`, `notifications` and
    /// `screen` are `kept for your key`: a guest has no key, and nothing is kept. A
    /// keyed player's help says so still. Fails on the old code. Cost: two helps, < 5 ms.
    #[test]
    fn a_guest_s_lobby_help_keeps_nothing_for_a_key() {
        let help = |guest| {
            let mut lobby = FakeLobby::in_context(KeyContext::Lobby);
            lobby.guest = guest;
            read(&Screen::Lobby(Box::new(lobby)), Reading::Help, "")
        };
        let kept = crate::strings::serve::KEPT_FOR_KEY;
        let keyed = help(false);
        let guest = help(true);
        for word in ["ascii", "notifications", "screen"] {
            let row = |help: &[String]| {
                help.iter()
                    .find(|l| {
                        l.starts_with(&format!("{word}:")) || l.starts_with(&format!("{word} "))
                    })
                    .cloned()
                    .unwrap_or_default()
            };
            assert!(row(&keyed).contains(kept), "{word}: {keyed:?}");
            let theirs = row(&guest);
            assert!(!theirs.contains(kept), "{theirs}");
            assert!(theirs.contains("not kept"), "{word}: {guest:?}");
        }
        assert_eq!(keyed.len(), guest.len());
    }

    /// QA (access): a spectator's help listed a player's commands (a square, `hint`,
    /// `undo`, `save`, `resign`...), each refused when typed, and the game's first
    /// line told them to type a square to play; typing one said `Wait: Blue plays at
    /// another terminal`, a turn that never comes. Now the help lists what they can
    /// read and `quit`, the first line says they watch, and a square says so too.
    #[test]
    fn a_spectator_is_told_what_a_spectator_can_do() {
        use crate::session::GameConfig;
        use crate::ui::App;
        let watching = || App::with_game(GameConfig::default(), Game::new()).served([true, true]);
        let help = read(&Screen::Game(watching()), Reading::Help, "").join("\n");
        for refused in [
            "b3:", "hint", "undo", "redo", "save", "new", "review", "resign", "say",
        ] {
            assert!(
                !help.lines().any(|l| l.starts_with(refused)),
                "{refused} for a spectator:\n{help}"
            );
        }
        for kept in ["board", "square b3", "score", "last", "moves", "quit"] {
            assert!(
                help.lines().any(|l| l.starts_with(kept)),
                "{kept} for a spectator:\n{help}"
            );
        }
        let mut narrator = Narrator::default();
        let first = narrator.tell(&Screen::Game(watching())).join("\n");
        assert!(first.contains("You are watching"), "{first}");
        assert!(!first.contains("to play"), "{first}");
        let mut app = watching();
        let _ = app.handle(crate::ui::effect::Input::Click(Some(
            crate::rules::Square::B3,
        )));
        let said = app
            .message()
            .map(|m| m.line_words().into_owned())
            .unwrap_or_default();
        assert_eq!(
            said, "You are watching: quit goes back to the lobby",
            "{said}"
        );
        assert!(app.game().is_empty());
    }

    /// QA (lineserve2): the help at a table without claims or clocks listed `go` and
    /// `clock`, which do nothing there: each is listed where it applies (a claim game
    /// against an AI; a game with clocks).
    #[test]
    fn the_help_lists_go_and_clock_only_where_they_apply() {
        use crate::session::GameConfig;
        use crate::ui::App;
        let help = |app: App| read(&Screen::Game(app), Reading::Help, "").join("\n");
        let lists =
            |help: &str, word: &str| help.lines().any(|l| l.starts_with(&format!("{word}:")));
        let table = help(App::with_game(GameConfig::default(), Game::new()).served([false, true]));
        assert!(!lists(&table, "go"), "{table}");
        assert!(!lists(&table, "clock"), "{table}");
        let ai = crate::ai::Seat::from(crate::ai::Level::Easy);
        let plain_ai = GameConfig {
            seats: [crate::ai::Seat::Human, ai],
            ..GameConfig::default()
        };
        let local = help(App::new(plain_ai));
        assert!(!lists(&local, "go"), "no claims: {local}");
        let claims = help(App::new(GameConfig {
            claims: true,
            ..plain_ai
        }));
        assert!(lists(&claims, "go"), "{claims}");
        assert!(!lists(&claims, "clock"), "{claims}");
        let clocked = help(App::new(GameConfig {
            clock: Some("5+3".parse().unwrap()),
            ..plain_ai
        }));
        assert!(lists(&clocked, "clock"), "{clocked}");
    }

    /// QA (s15 lines): the help after a game over listed a square, `hint`, `redo`,
    /// `resign` and `claim N`, each refused then, and during the game `review`,
    /// refused until it ends. Each is listed only where it works; `undo` (which takes
    /// the last move back and plays on) and `new` stay.
    #[test]
    fn the_help_lists_only_what_the_game_s_stage_takes() {
        use crate::session::GameConfig;
        let help = |app: &App| read(&Screen::Game(app.clone()), Reading::Help, "").join("\n");
        let lists = |help: &str, word: &str| help.lines().any(|l| l.starts_with(word));
        let config = GameConfig {
            seats: [crate::ai::Seat::Human, crate::ai::Seat::Easy],
            claims: true,
            ..GameConfig::default()
        };
        let mut playing = App::new(config);
        let _ = playing.handle(crate::ui::Input::Click(Some(Square::A1)));
        let during = help(&playing);
        for word in [
            "b3:", "redo", "resign", "claim N", "go:", "undo", "new", "save",
        ] {
            assert!(lists(&during, word), "{word}: {during}");
        }
        assert!(!lists(&during, "review"), "{during}");
        // The AI waits for the claim (or go), not thinking: the hint is refused.
        assert!(playing.awaits_claim());
        assert!(!lists(&during, "hint"), "{during}");
        let fresh = help(&App::new(config));
        assert!(lists(&fresh, "hint"), "{fresh}");
        let whole = include_str!("../../../assets/games/complete.hij");
        // The same game played out with claims, so `claim N` and `go` could be listed.
        let mut game = config.new_game();
        for mv in crate::session::parse_record(whole).unwrap().game.moves() {
            game.play(mv).unwrap();
        }
        assert!(game.claim_mode());
        let over = App::with_game(config, game);
        assert!(over.is_over());
        let after = help(&over);
        for word in ["b3:", "hint", "redo", "resign", "claim N", "go:"] {
            assert!(!lists(&after, word), "{word}: {after}");
        }
        for word in ["review", "undo", "new", "save", "board", "moves", "quit"] {
            assert!(lists(&after, word), "{word}: {after}");
        }
    }

    /// QA (lineserve2): a correspondence game's time line was said again at each
    /// refresh of its time left. A refresh is not said; `clock` reads the line as it is.
    #[test]
    fn a_refresh_of_the_time_left_is_not_said_and_clock_reads_it() {
        use crate::ui::{Message, MessageKind, News};
        let line = |text: &str| Message::new(MessageKind::Info, text);
        let mut app = crate::ui::App::with_game(
            crate::session::GameConfig::default(),
            Game::from_moves(["b2".parse().unwrap()]).unwrap(),
        )
        .served([true, false])
        .correspondence();
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Game(app.clone()));
        let (first, second) = (
            line("1 day a move: your move, 2d 0h left"),
            line("1 day a move: your move, 1d 23h left"),
        );
        let _ = app.table_news(News::TimeLine(first.clone()));
        let _ = app.table_news(News::Note(first.clone()));
        let said = narrator.tell(&Screen::Game(app.clone()));
        assert_eq!(said, ["1 day a move: your move, 2d 0h left."], "{said:?}");
        let _ = app.table_news(News::TimeLine(second.clone()));
        let _ = app.table_news(News::TimeLeft {
            was: first,
            now: second,
        });
        let said = narrator.tell(&Screen::Game(app.clone()));
        assert!(said.is_empty(), "{said:?}");
        assert_eq!(
            app.message().map(|m| m.text.as_str()),
            Some("1 day a move: your move, 1d 23h left"),
            "the status line shows the time as it is"
        );
        let screen = Screen::Game(app);
        assert_eq!(
            read(&screen, Reading::Clock, ""),
            ["1 day a move: your move, 1d 23h left."]
        );
        assert!(
            read(&screen, Reading::Help, "")
                .iter()
                .any(|l| l.starts_with("clock:"))
        );
    }

    /// Position `i` of `game` valued 0 (not exact), its first open square the best:
    /// an analysis result that finds no mistake anywhere.
    fn flat_value(state: &mut ReplayState, game: &crate::rules::Game, i: usize) {
        let value = Value {
            margin: 0,
            exact: false,
            outcome: None,
            margin_error: 0,
        };
        let best = game.position_at(i).legal_moves().next();
        let _ = state.analysis_result(
            i,
            PositionValue {
                best,
                value,
                played: None,
                loss_bound: None,
            },
        );
    }

    #[test]
    fn the_deep_review_s_progress_is_said_at_each_quarter_once() {
        let record: crate::record::Record = "a1 a2 a3 a4 b1 b2 b3 b4".parse().unwrap();
        let game = record.to_game().unwrap();
        let mut state = ReplayState::new("game.hij", &record, game.clone());
        let _ = state.apply(Action::DeepReview);
        let mut screen = Screen::Replay(state, crate::session::GameConfig::default());
        let mut narrator = Narrator::default();
        let first = narrator.tell(&screen).join("\n");
        assert!(
            first.contains("Deep review of 9 positions started"),
            "{first}"
        );
        let mut said = Vec::new();
        for i in 0..=8 {
            if let Screen::Replay(state, _) = &mut screen {
                flat_value(state, &game, i);
            }
            said.extend(narrator.tell(&screen));
        }
        let progress: Vec<&String> = said
            .iter()
            .filter(|l| l.starts_with("Deep review: "))
            .collect();
        assert_eq!(
            progress,
            [
                "Deep review: 3 of 9 positions valued again.",
                "Deep review: 5 of 9 positions valued again.",
                "Deep review: 7 of 9 positions valued again.",
            ],
            "{said:?}"
        );
    }

    /// QA: a game told whole (the first time, or back from its review) said its message
    /// without the full stop every other line has ("The game is over: new for a new
    /// game, review to review it, quit to quit").
    #[test]
    fn a_game_told_whole_ends_its_message_as_a_sentence() {
        let game: crate::rules::Game = "a1 a1 a1 a1"
            .parse::<crate::record::Record>()
            .unwrap()
            .to_game()
            .unwrap();
        let mut app = crate::ui::App::with_game(crate::session::GameConfig::default(), game);
        for c in ['a', '1'] {
            let key = ratatui::crossterm::event::KeyEvent::from(
                ratatui::crossterm::event::KeyCode::Char(c),
            );
            let _ = app.handle(crate::ui::Input::Key(key));
        }
        let message = app
            .message()
            .expect("a full square is refused")
            .line_words()
            .into_owned();
        assert!(!message.ends_with('.'), "{message}");
        let said = Narrator::default().tell(&Screen::Game(app));
        assert_eq!(said.last(), Some(&format!("{message}.")), "{said:?}");
    }

    /// s25 (local16 left it): back from the review of a finished game, the game was
    /// told whole again, `Game kept as …` with it, once per review left. Said once.
    #[test]
    fn a_game_back_from_its_review_does_not_repeat_where_it_was_kept() {
        let record: crate::record::Record = "a1 a2".parse().unwrap();
        let game = record.to_game().unwrap();
        let mut app =
            crate::ui::App::with_game(crate::session::GameConfig::default(), game.clone());
        let path = std::path::PathBuf::from("/data/games/hijara-1.hij");
        app.report(&crate::session::StorageReport::Archived(path));
        let kept = "Game kept as /data/games/hijara-1.hij";
        let game_screen = Screen::Game(app);
        let review = Screen::Replay(
            ReplayState::new("review", &record, game),
            crate::session::GameConfig::default(),
        );
        let mut narrator = Narrator::default();
        let said = narrator.tell(&game_screen);
        assert!(said.iter().any(|l| l.contains(kept)), "{said:?}");
        for _ in 0..2 {
            let _ = narrator.tell(&review);
            let back = narrator.tell(&game_screen);
            assert!(back.iter().any(|l| l.starts_with("Hijara:")), "{back:?}");
            assert!(!back.iter().any(|l| l.contains(kept)), "{back:?}");
        }
    }

    /// `mistake` with no mistake after the move shown said so, then repeated the
    /// move's verdict as if it had jumped there: it says there is none, no more.
    #[test]
    fn mistake_with_none_found_says_so_without_the_verdict() {
        let record: crate::record::Record = "a1 a2 a3 a4 b1 b2 b3 b4".parse().unwrap();
        let game = record.to_game().unwrap();
        let mut state = ReplayState::new("game.hij", &record, game.clone());
        let _ = state.apply(Action::Analysis);
        for i in 0..=8 {
            flat_value(&mut state, &game, i);
        }
        let _ = state.apply(Action::End);
        let verdict = words::reviewed_move(state.analysis().move_review(8).unwrap());
        let mut screen = Screen::Replay(state, crate::session::GameConfig::default());
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&screen);
        // The line `mistake`, as the line face hands it over.
        narrator.await_why(Why::Shown);
        if let Screen::Replay(state, _) = &mut screen {
            let _ = state.apply(Action::NextMistake);
        }
        narrator.typed();
        let said = narrator.tell(&screen);
        assert!(
            said.iter()
                .any(|l| l.contains("No mistake or blunder after")),
            "{said:?}"
        );
        assert!(!said.contains(&verdict), "{said:?}");
        assert!(!narrator.awaits_why(&screen));
        assert!(narrator.tell(&screen).is_empty());
    }

    /// QA (access): a review walked move by move in the line mode said no verdict:
    /// `next` read the move and the totals, where the full screen's analysis panel
    /// shows the verdict of each move stepped to. Now, with the analysis shown, each
    /// move is followed by its verdict (once: a jump to a mistake says it once);
    /// hidden, none is said, and `why` still reads it.
    #[test]
    fn a_review_walked_move_by_move_says_each_verdict_while_the_analysis_shows() {
        let record: crate::record::Record = "a1 a2 a3 a4 b1 b2 b3 b4".parse().unwrap();
        let game = record.to_game().unwrap();
        let mut state = ReplayState::new("game.hij", &record, game.clone());
        let _ = state.apply(Action::Analysis);
        for i in 0..=8 {
            flat_value(&mut state, &game, i);
        }
        let verdict = |state: &ReplayState, n: usize| {
            words::sentences(&[&words::reviewed_move(
                state.analysis().move_review(n).unwrap(),
            )])
        };
        let (third, fourth) = (verdict(&state, 3), verdict(&state, 4));
        let _ = state.apply(Action::Step(1));
        let _ = state.apply(Action::Step(1));
        assert_eq!(state.at_move(), 2);
        let mut screen = Screen::Replay(state, crate::session::GameConfig::default());
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&screen);
        let step = |screen: &mut Screen, narrator: &mut Narrator, action: Action| {
            if let Screen::Replay(state, _) = screen {
                let _ = state.apply(action);
            }
            narrator.typed();
            narrator.tell(screen)
        };
        let said = step(&mut screen, &mut narrator, Action::Step(1));
        assert!(said[0].starts_with("Move 3 of 8: Blue a3"), "{said:?}");
        assert_eq!(said.iter().filter(|l| **l == third).count(), 1, "{said:?}");
        // Hidden: the move alone.
        let _ = step(&mut screen, &mut narrator, Action::Analysis);
        let said = step(&mut screen, &mut narrator, Action::Step(1));
        assert!(said[0].starts_with("Move 4 of 8: Yellow a4"), "{said:?}");
        assert!(!said.contains(&fourth), "{said:?}");
        assert_eq!(read(&screen, Reading::Why, ""), [fourth]);
    }

    /// QA (s32): in the replay viewer `auto` was answered by the move shown said
    /// again, `faster` and `slower` too: nothing said whether autoplay now ran, nor
    /// how fast. Each now says so in words (the full screen shows `1 s/move`), once;
    /// the fastest pace asked again says it is the fastest.
    #[test]
    fn autoplay_and_its_pace_are_said_in_words() {
        let record: crate::record::Record = "a1 a2 a3 a4".parse().unwrap();
        let game = record.to_game().unwrap();
        let state = ReplayState::new("game.hij", &record, game);
        let mut screen = Screen::Replay(state, crate::session::GameConfig::default());
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&screen);
        let mut act = |action: Action, pace: bool| {
            if let Screen::Replay(state, _) = &mut screen {
                let _ = state.apply(action);
            }
            if pace {
                narrator.await_pace();
            }
            narrator.typed();
            narrator.tell(&screen)
        };
        assert_eq!(
            act(Action::Autoplay, false),
            ["Autoplay on: a move a second; auto stops it."]
        );
        assert_eq!(act(Action::Faster, true), ["Autoplay: 2 moves a second."]);
        assert_eq!(act(Action::Autoplay, false), ["Autoplay off."]);
        assert_eq!(
            act(Action::Slower, true),
            ["Autoplay speed: a move a second; auto starts it."]
        );
        for _ in 0..4 {
            let _ = act(Action::Slower, true);
        }
        assert_eq!(
            act(Action::Slower, true),
            ["Autoplay speed: a move every 4 seconds, the slowest; auto starts it."]
        );
        for _ in 0..5 {
            let _ = act(Action::Faster, true);
        }
        assert_eq!(
            act(Action::Faster, true),
            ["Autoplay speed: 10 moves a second, the fastest; auto starts it."]
        );
    }

    /// QA (s14 lines, left): a game opened on the question whether to resume the
    /// autosaved game said the new game's first lines (`Hijara: Blue, human, against
    /// Yellow, hard AI`, `Your move, Blue`) before the question, as if it had begun.
    /// Now the question comes alone, an empty line reads it again, and the answer
    /// brings the first lines of the game it chose: the autosaved one, or the new.
    /// s36: at the resume question `board` said `Row 1: a1 empty, ...` and `score`
    /// `Blue 0, Yellow 0. Your move, Blue.`, the new empty board behind it: a screen
    /// reader heard nothing of the game it would resume. They read the offered game.
    #[test]
    fn the_resume_question_s_readings_are_of_the_game_it_offers() {
        let mut saved = Game::with_claims();
        for square in [Square::B3, Square::A1, Square::B3] {
            saved.play(square).unwrap();
        }
        use crate::session::GameConfig;
        let app = App::new(GameConfig::default()).offer_resume(
            GameConfig {
                claims: true,
                ..GameConfig::default()
            },
            saved,
        );
        let screen = Screen::Game(app.clone());
        let board = read(&screen, Reading::Board, "");
        assert_eq!(board[0], "Row 1: a1 Yellow, b1 empty, c1 empty, d1 empty.");
        assert_eq!(
            board[2],
            "Row 3: a3 empty, b3 Blue Blue, c3 empty, d3 empty."
        );
        let score = read(&screen, Reading::Score, "");
        assert_eq!(
            score,
            ["Blue 0, Yellow 0. Yellow to move; Blue may still claim."]
        );
        let last = read(&screen, Reading::Last, "");
        assert!(last[0].contains("b3"), "{last:?}");
        // Answered no, the new game is read.
        let mut app = app;
        let _ = app.handle(crate::ui::Input::Key(
            ratatui::crossterm::event::KeyEvent::new(
                ratatui::crossterm::event::KeyCode::Char('n'),
                ratatui::crossterm::event::KeyModifiers::NONE,
            ),
        ));
        let board = read(&Screen::Game(app), Reading::Board, "");
        assert_eq!(board[0], "Row 1: a1 empty, b1 empty, c1 empty, d1 empty.");
    }

    #[test]
    fn the_resume_question_comes_before_the_game_it_decides() {
        use crate::session::GameConfig;
        let against_hard = GameConfig {
            seats: [crate::ai::Seat::Human, crate::ai::Seat::Hard],
            ..GameConfig::default()
        };
        let hot_seat = GameConfig {
            seats: [crate::ai::Seat::Human; 2],
            ..GameConfig::default()
        };
        let saved = Game::from_moves([Square::B3]).unwrap();
        for (answer, heading, state) in [
            (
                'y',
                "Hijara: Blue, human, against Yellow, human.",
                "1 move played, the last Blue b3, section 1. Blue 0, Yellow 0. Your move, Yellow.",
            ),
            (
                'n',
                "Hijara: Blue, human, against Yellow, hard AI.",
                "Blue 0, Yellow 0. Your move, Blue.",
            ),
        ] {
            let mut app = App::new(against_hard).offer_resume(hot_seat, saved.clone());
            let mut narrator = Narrator::default();
            let said = narrator.tell(&Screen::Game(app.clone()));
            assert_eq!(said.len(), 1, "{said:?}");
            assert!(
                said[0].starts_with("Resume the autosaved game?"),
                "{said:?}"
            );
            assert!(said[0].contains("Blue 0, Yellow 0."), "{said:?}");
            assert!(narrator.tell(&Screen::Game(app.clone())).is_empty());
            let again = read(&Screen::Game(app.clone()), Reading::Again, "");
            assert_eq!(again, said, "an empty line reads the question");
            let key = ratatui::crossterm::event::KeyEvent::new(
                ratatui::crossterm::event::KeyCode::Char(answer),
                ratatui::crossterm::event::KeyModifiers::NONE,
            );
            let _ = app.handle(crate::ui::Input::Key(key));
            narrator.typed();
            let said = narrator.tell(&Screen::Game(app.clone()));
            assert!(said[0].starts_with(heading), "{answer}: {said:?}");
            assert_eq!(said[1], state, "{answer}: {said:?}");
            assert!(
                !said.iter().any(|l| l.contains("autosaved game?")),
                "{answer}: {said:?}"
            );
        }
    }

    /// QA (s14 lines, left): the hint being looked for said `Hint: the hard AI is
    /// thinking…`, whose `…` a screen reader reads as a word or drops; the line mode
    /// says a stop, the full screen keeps its `…`.
    #[test]
    fn the_hint_s_progress_ends_with_a_stop_in_the_line_mode() {
        let mut app = App::new(crate::session::GameConfig::default());
        let key = ratatui::crossterm::event::KeyEvent::new(
            ratatui::crossterm::event::KeyCode::Char('t'),
            ratatui::crossterm::event::KeyModifiers::NONE,
        );
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Game(app.clone()));
        let _ = app.handle(crate::ui::Input::Key(key));
        let message = app.message().expect("the hint's progress");
        assert_eq!(message.text, "Hint: the hard AI is thinking…");
        narrator.typed();
        let said = narrator.tell(&Screen::Game(app));
        assert_eq!(said, ["Hint: the hard AI is thinking."]);
    }

    /// The same for a wrong puzzle answer's cost, while its solve runs: `Checking what
    /// it costs…` on the full screen, a stop in the line mode.
    #[test]
    fn a_wrong_answer_s_pending_cost_ends_with_a_stop_in_the_line_mode() {
        use crate::puzzle::{PuzzleSet, progress::Progress};
        let set = PuzzleSet::shipped().unwrap();
        let puzzle = set.puzzle("p0001").unwrap().clone();
        let mut state = PuzzleState::new(set, Progress::default(), None, puzzle, None);
        let _ = state.handle(crate::ui::Input::Resize(80, 24));
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Puzzle(Box::new(state.clone())));
        let _ = state.handle(crate::ui::Input::Click(Some(Square::B4)));
        assert!(state.checking());
        narrator.typed();
        let said = narrator.tell(&Screen::Puzzle(Box::new(state)));
        assert!(
            said.iter().any(|l| l == "Checking what it costs."),
            "{said:?}"
        );
        assert!(!said.iter().any(|l| l.contains('…')), "{said:?}");
    }

    /// QA (s15 lines): in a claim game against the AI, once the stone was claimed
    /// (rightly or wrongly) the AI still waits for `go`, and the line mode said
    /// `Yellow waits: claim N with your stone's points, or go to let it play` and, to
    /// a square, `claim first: claim N`, sending the player to a claim the game then
    /// refuses. Once claimed, only `go` is named, as the full screen names Enter.
    #[test]
    fn the_ai_waiting_after_a_claim_names_go_alone() {
        use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
        let config = crate::session::GameConfig {
            seats: [crate::ai::Seat::Human, crate::ai::Seat::Easy],
            claims: true,
            ..crate::session::GameConfig::default()
        };
        let mut app = App::new(config);
        let key = |app: &mut App, code: KeyCode| {
            let _ = app.handle(crate::ui::Input::Key(KeyEvent::new(
                code,
                KeyModifiers::NONE,
            )));
        };
        let _ = app.handle(crate::ui::Input::Click(Some(Square::A1)));
        assert!(app.awaits_claim());
        assert_eq!(
            turn(&app),
            "Yellow waits: claim N with your stone's points, or go to let it play"
        );
        let _ = app.handle(crate::ui::Input::Click(Some(Square::B1)));
        let refused = app.message().unwrap();
        assert_eq!(refused.line_words(), words::GO_ON);
        for c in ['+', '2', '0'] {
            key(&mut app, KeyCode::Char(c));
        }
        key(&mut app, KeyCode::Enter);
        assert!(app.awaits_claim(), "the AI still waits for go");
        assert_eq!(turn(&app), "Yellow waits: go lets it play");
        let _ = app.handle(crate::ui::Input::Click(Some(Square::B1)));
        let refused = app.message().unwrap();
        assert_eq!(refused.line_words(), "The AI moves next: go lets it play");
        assert_eq!(refused.text, "The AI moves next: Enter lets it play");
    }

    /// QA (s15 lines): a puzzle answered and a lesson done refuse a square (`Answered:
    /// again tries it again...`), but their help still listed `b3: place a stone`.
    /// It is listed while a stone is wanted, and `again` and `next` stay.
    #[test]
    fn a_square_is_listed_only_while_a_puzzle_or_lesson_wants_one() {
        use crate::puzzle::{PuzzleSet, progress::Progress};
        let lists = |screen: &Screen, word: &str| {
            read(screen, Reading::Help, "")
                .iter()
                .any(|l| l.starts_with(word))
        };
        let set = PuzzleSet::shipped().unwrap();
        let puzzle = set.puzzle("p0001").unwrap().clone();
        let mut puzzle = PuzzleState::new(set, Progress::default(), None, puzzle, None);
        let _ = puzzle.handle(crate::ui::Input::Resize(80, 24));
        assert!(lists(&Screen::Puzzle(Box::new(puzzle.clone())), "b3:"));
        let _ = puzzle.handle(crate::ui::Input::Click(Some(Square::C4)));
        assert!(matches!(puzzle.phase(), PuzzlePhase::Answered(..)));
        let answered = Screen::Puzzle(Box::new(puzzle));
        assert!(!lists(&answered, "b3:"));
        assert!(lists(&answered, "again") && lists(&answered, "next"));
        let lessons = crate::learn::lessons().unwrap();
        let mut lesson = LessonState::resume(lessons, crate::learn::LearnProgress::default(), None);
        let _ = lesson.handle(crate::ui::Input::Resize(80, 24));
        assert!(lists(&Screen::Lesson(Box::new(lesson.clone())), "b3:"));
        // Lesson 1: a stone on a section 3 (a1 holds two).
        let _ = lesson.handle(crate::ui::Input::Click(Some(Square::A1)));
        assert!(
            matches!(lesson.phase(), LessonPhase::Tried(_, c) if c.done),
            "{:?}",
            lesson.phase()
        );
        let done = Screen::Lesson(Box::new(lesson));
        assert!(!lists(&done, "b3:"));
        assert!(lists(&done, "again") && lists(&done, "next"));
    }

    /// QA (s15 lines): back from the review of a finished game, its lines said the
    /// game over but not what to type next, which the game over said as it came and
    /// the full screen's hint line shows; now they end with it.
    #[test]
    fn a_game_that_opens_over_says_what_to_type_next() {
        let whole = include_str!("../../../assets/games/complete.hij");
        let game = crate::session::parse_record(whole).unwrap().game;
        let app = App::with_game(crate::session::GameConfig::default(), game);
        assert!(app.is_over());
        let said = Narrator::default().tell(&Screen::Game(app));
        assert_eq!(
            said.last().map(String::as_str),
            Some(
                "The game is over: new for a new game, swap to swap sides, review to review it, quit to quit."
            ),
            "{said:?}"
        );
    }

    /// QA (qa29): whose move it is was said twice: a game resumed said `1 move played.
    /// Blue 0, Yellow 0. Your move, Yellow.` then `Resumed: Yellow to move.` (at the
    /// resume question's yes and at `hijara resume`), and a new game `New game: Blue to
    /// move. Blue 0, Yellow 0. Your move, Blue.`. The state's words say it once; the
    /// full screen keeps its texts. Fails on the old code.
    #[test]
    fn a_resumed_or_new_game_says_whose_move_once() {
        use crate::session::{GameConfig, Notice};
        let press = |app: &mut App, c: char| {
            let key = ratatui::crossterm::event::KeyEvent::new(
                ratatui::crossterm::event::KeyCode::Char(c),
                ratatui::crossterm::event::KeyModifiers::NONE,
            );
            let _ = app.handle(crate::ui::Input::Key(key));
        };
        let config = GameConfig {
            seats: [crate::ai::Seat::Human; 2],
            ..GameConfig::default()
        };
        let saved = Game::from_moves([Square::B3]).unwrap();
        let resumed = [
            "1 move played, the last Blue b3, section 1. Blue 0, Yellow 0. Your move, Yellow.",
            "Resumed.",
        ];
        // The resume question's yes.
        let mut app = App::new(config).offer_resume(config, saved.clone());
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Game(app.clone()));
        press(&mut app, 'y');
        narrator.typed();
        let said = narrator.tell(&Screen::Game(app.clone()));
        assert_eq!(said[1..], resumed, "{said:?}");
        // `hijara resume`'s notice.
        let mut notified = App::with_game(config, saved);
        notified.notify(Notice::Resumed(Player::Yellow));
        let said = Narrator::default().tell(&Screen::Game(notified.clone()));
        assert_eq!(said[1..], resumed, "{said:?}");
        assert_eq!(
            notified.message().map(|m| m.text.as_str()),
            Some("Resumed: Yellow to move"),
            "the full screen's words"
        );
        // A new game, asked for in the game resumed.
        press(&mut app, 'n');
        let _ = narrator.tell(&Screen::Game(app.clone()));
        press(&mut app, 'y');
        narrator.typed();
        let said = narrator.tell(&Screen::Game(app.clone()));
        assert_eq!(said, ["New game. Blue 0, Yellow 0. Your move, Blue."]);
        assert_eq!(
            app.message().map(|m| m.text.as_str()),
            Some("New game: Blue to move")
        );
    }

    /// QA (qa29): `undo` said `Took back 1 move: ... Blue 0, Yellow 0. Your move, Blue.`
    /// then `Taken back: Blue a1, section 2.`: the stones came after whose move it
    /// is. One line names them first, then the totals and the turn, each once. Fails
    /// on the old code (two lines).
    #[test]
    fn an_undo_names_its_stones_before_whose_move_it_is() {
        let press = |app: &mut App, c: char| {
            let key = ratatui::crossterm::event::KeyEvent::new(
                ratatui::crossterm::event::KeyCode::Char(c),
                ratatui::crossterm::event::KeyModifiers::NONE,
            );
            let _ = app.handle(crate::ui::Input::Key(key));
        };
        let config = crate::session::GameConfig {
            seats: [crate::ai::Seat::Human; 2],
            ..crate::session::GameConfig::default()
        };
        let game = Game::from_moves([Square::B2, Square::C3]).unwrap();
        let mut app = App::with_game(config, game.clone());
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Game(app.clone()));
        press(&mut app, 'u');
        narrator.typed();
        let said = narrator.tell(&Screen::Game(app.clone()));
        assert_eq!(
            said,
            [
                "Took back 1 move (Yellow c3, section 1): undo or redo more. Blue 0, \
                 Yellow 0. Your move, Yellow."
            ]
        );
        // Two stones are named in the order they were played.
        assert_eq!(
            words::took_back_named(game.placements(), |p| p.to_string()),
            "Took back 2 moves (Blue b2, section 1; Yellow c3, section 1): undo or redo more"
        );
    }

    /// s37: the line mode's undo in a hot-seat game with typed names named the stones
    /// by colour (`Took back 1 move (Yellow c3, section 1)`) under `Your move, alice
    /// (Blue)`; it names them as the turn does.
    #[test]
    fn an_undo_names_its_stones_by_the_people_s_names() {
        let config = crate::session::GameConfig {
            seats: [crate::ai::Seat::Human; 2],
            ..crate::session::GameConfig::default()
        };
        let game = Game::from_moves([Square::B2, Square::C3]).unwrap();
        let typed =
            crate::session::Names::typed([Some("alice".to_owned()), Some("bob".to_owned())]);
        let mut app = App::with_game(config, game).with_people(typed);
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Game(app.clone()));
        let key = ratatui::crossterm::event::KeyEvent::new(
            ratatui::crossterm::event::KeyCode::Char('u'),
            ratatui::crossterm::event::KeyModifiers::NONE,
        );
        let _ = app.handle(crate::ui::Input::Key(key));
        narrator.typed();
        let said = narrator.tell(&Screen::Game(app.clone()));
        assert_eq!(
            said,
            [
                "Took back 1 move (bob (Yellow) c3, section 1): undo or redo more. Blue 0, \
                 Yellow 0. Your move, bob (Yellow)."
            ]
        );
    }

    /// s37: at the end of a claim game the full screen's ladders say what each player
    /// forfeited in all (`✗300`); the line mode said only the totals. Its state says
    /// both, in words.
    #[test]
    fn the_end_of_a_claim_game_says_what_each_forfeited() {
        let mut game = Game::with_rules(crate::rules::Ruleset::Standard, true);
        for mv in crate::ui::fit_tests::SIXTY_THREE_UNCLAIMED.split_whitespace() {
            game.play(mv.parse::<Square>().unwrap()).unwrap();
        }
        game.play(Square::B1).unwrap();
        game.close_last_claim();
        assert!(game.is_over());
        let config = crate::session::GameConfig {
            seats: [crate::ai::Seat::Human; 2],
            claims: true,
            ..crate::session::GameConfig::default()
        };
        let lost = Player::BOTH.map(|p| game.forfeited_total(p));
        assert!(lost.iter().all(|&n| n > 0), "{lost:?}");
        let app = App::with_game(config, game);
        let said = read(&Screen::Game(app), Reading::Score, "").join(" ");
        assert!(
            said.starts_with(&format!(
                "Blue 0 ({} forfeited), Yellow 0 ({} forfeited).",
                lost[0], lost[1]
            )),
            "{said}"
        );
    }

    /// QA (qa29): back from the review of a finished game, its first line ended `Type a
    /// square such as b3 to play`, a move the game refuses, just before the line saying
    /// it is over. A game that opens over offers no square; one in play still does.
    /// Fails on the old code.
    #[test]
    fn a_game_that_opens_over_offers_no_square_in_its_first_line() {
        let whole = include_str!("../../../assets/games/complete.hij");
        let game = crate::session::parse_record(whole).unwrap().game;
        let config = crate::session::GameConfig::default();
        let said = Narrator::default().tell(&Screen::Game(App::with_game(config, game)));
        assert_eq!(
            said[0], "Hijara: Blue, human, against Yellow, human.",
            "{said:?}"
        );
        let said = Narrator::default().tell(&Screen::Game(App::new(config)));
        assert_eq!(
            said[0],
            format!(
                "Hijara: Blue, human, against Yellow, human. {}.",
                words::TYPE_HELP
            )
        );
    }

    /// QA (s27, left by polish27): after the last lesson the line mode's help said
    /// `next (or n): the next lesson`, where it opens the menu. It says what it does
    /// there, in `menu`'s words from the command table; before the last, as before.
    /// Fails on the old code.
    #[test]
    fn the_help_after_the_last_lesson_says_next_opens_the_menu() {
        let lessons = crate::learn::lessons().unwrap();
        let last = lessons.len() - 1;
        let mut state = LessonState::resume(lessons, crate::learn::LearnProgress::default(), None);
        let _ = state.handle(crate::ui::Input::Resize(80, 24));
        let press = |state: &mut LessonState, code| {
            let key = ratatui::crossterm::event::KeyEvent::new(
                code,
                ratatui::crossterm::event::KeyModifiers::NONE,
            );
            let _ = state.handle(crate::ui::Input::Key(key));
        };
        use ratatui::crossterm::event::KeyCode;
        for (at, next) in [(last, "the lessons menu"), (last - 1, "the next lesson")] {
            press(&mut state, KeyCode::Char('m'));
            press(&mut state, KeyCode::Home);
            for _ in 0..at {
                press(&mut state, KeyCode::Down);
            }
            press(&mut state, KeyCode::Enter);
            assert_eq!(state.index(), at);
            let help = read(&Screen::Lesson(Box::new(state.clone())), Reading::Help, "");
            assert!(
                help.contains(&format!("next (or n): {next}.")),
                "{at}: {help:?}"
            );
            assert!(help.contains(&"menu (or m): the lessons menu.".to_owned()));
        }
    }

    /// Found playing (s28): a puzzle answered, the full screen's help (`?`) said `n  the
    /// next puzzle (skips this one)`, though an answered puzzle is not skipped; the
    /// line mode's `next` said `(unanswered: skips this one)`. Both helps word `n` the
    /// same, true whether the puzzle is answered or not. Fails on the old key table.
    #[test]
    fn a_puzzle_s_next_is_worded_alike_in_both_helps() {
        let (_, key) = keymap::help_row_of(KeyContext::Puzzle, Action::NewGame).unwrap();
        let next = commands::of(Place::Puzzle)
            .find(|c| c.words.first() == Some(&"next"))
            .unwrap();
        assert_eq!(key, next.help);
        assert!(key.contains("unanswered"), "{key}");
    }

    /// QA (access): in the claim lesson, its stone scored and waiting for its claim,
    /// `score` said `Blue 0, Yellow 0. Yellow to move.`, where the full screen's
    /// status line asks for the claim. It says the claim may still be made.
    #[test]
    fn score_in_a_claim_lesson_says_the_claim_waits() {
        let lessons = crate::learn::lessons().unwrap();
        let claiming = lessons
            .iter()
            .position(|l| l.title == "Claiming")
            .expect("the claim lesson");
        let mut state = LessonState::resume(lessons, crate::learn::LearnProgress::default(), None);
        let _ = state.handle(crate::ui::Input::Resize(80, 24));
        let key = |state: &mut LessonState, c: char| {
            let key = ratatui::crossterm::event::KeyEvent::new(
                ratatui::crossterm::event::KeyCode::Char(c),
                ratatui::crossterm::event::KeyModifiers::NONE,
            );
            let _ = state.handle(crate::ui::Input::Key(key));
        };
        key(&mut state, 'm');
        key(
            &mut state,
            char::from(b'1' + u8::try_from(claiming).unwrap()),
        );
        assert_eq!(state.index(), claiming);
        let screen = Screen::Lesson(Box::new(state.clone()));
        assert_eq!(
            read(&screen, Reading::Score, ""),
            ["Blue 0, Yellow 0. Blue to move."]
        );
        key(&mut state, 'a');
        key(&mut state, '1');
        assert!(
            matches!(state.phase(), LessonPhase::Claiming(..)),
            "{:?}",
            state.phase()
        );
        let screen = Screen::Lesson(Box::new(state));
        assert_eq!(
            read(&screen, Reading::Score, ""),
            ["Blue 0, Yellow 0. Yellow to move; Blue may still claim."]
        );
    }

    /// QA over ssh: a server's game opened before its review was made said "Move 30
    /// is being analysed; its verdict follows" to `why`, and no verdict ever came (the
    /// review reaches only a replay opened after it is made). The line mode says what
    /// the server said instead, at the opening and to `why`.
    #[test]
    fn a_served_replay_waiting_for_its_review_says_so_and_promises_no_verdict() {
        let record: crate::record::Record = "a1 a2 a3 a4 b1 b2 b3 b4".parse().unwrap();
        let game = record.to_game().unwrap();
        let pending = "The engine reviews this game at the server now: open it again later";
        let mut state =
            ReplayState::new("game.hij", &record, game).served(None, pending.to_owned());
        assert_eq!(state.review_pending(), Some(pending));
        // `]` said "the analysis is still running", and none runs for a server's game.
        let _ = state.apply(Action::NextMistake);
        let said = state.message_words().expect("a message").into_owned();
        assert_eq!(said, pending);
        let _ = state.apply(Action::End);
        let screen = Screen::Replay(state, crate::session::GameConfig::default());
        let said = Narrator::default().tell(&screen);
        assert!(said.contains(&format!("{pending}.")), "{said:?}");
        let why = read(&screen, Reading::Why, "");
        assert_eq!(why, [format!("{pending}.")]);

        // With the review made, the verdict; a local replay's `why` still waits.
        let local = ReplayState::new("game.hij", &record, record.to_game().unwrap());
        assert_eq!(local.review_pending(), None);
        let mut local = local;
        let _ = local.apply(Action::End);
        let screen = Screen::Replay(local, crate::session::GameConfig::default());
        assert_eq!(read(&screen, Reading::Why, ""), [words::analysing(8)]);
    }

    /// The server's review made while its game is open in the replay viewer: the
    /// viewer takes it, the line mode says it is ready and what it found, and `why`
    /// then gives the verdict.
    #[test]
    fn a_served_review_that_arrives_is_said_and_judges_the_move_shown() {
        let record: crate::record::Record = "a1 a2 a3 a4 b1 b2 b3 b4".parse().unwrap();
        let game = record.to_game().unwrap();
        let mut state =
            ReplayState::new("game.hij", &record, game.clone()).served(None, "pending".into());
        let _ = state.apply(Action::End);
        let mut screen = Screen::Replay(state, crate::session::GameConfig::default());
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&screen);
        let mut review = ReplayState::new("game.hij", &record, game.clone());
        for i in 0..=8 {
            flat_value(&mut review, &game, i);
        }
        let values: Vec<PositionValue> = review
            .analysis()
            .values()
            .iter()
            .map(|v| v.expect("valued"))
            .collect();
        if let Screen::Replay(state, _) = &mut screen {
            let _ = state.review_arrived(values);
            assert_eq!(state.review_pending(), None);
        }
        let said = narrator.tell(&screen);
        assert!(
            said.contains(&format!("{}.", words::REVIEW_ARRIVED)),
            "{said:?}"
        );
        assert!(
            said.iter().any(|l| l.starts_with("The analysis is done")),
            "{said:?}"
        );
        // Each player's summary, a sentence each, after what it found.
        let done = said
            .iter()
            .position(|l| l.starts_with("The analysis is done"))
            .unwrap();
        assert!(
            said[done + 1].starts_with("Blue: 4 moves reviewed, ")
                && said[done + 2].starts_with("Yellow: 4 moves reviewed, "),
            "{said:?}"
        );
        let why = read(&screen, Reading::Why, "");
        assert!(why[0].starts_with("Move 8 Yellow b4"), "{why:?}");
    }

    /// carol's screen at a table, Yellow, after bob's a1 and her d4 (a rated game).
    fn carol_at_a_table() -> App {
        let game = Game::from_moves([Square::A1, Square::D4]).unwrap();
        App::with_game(crate::session::GameConfig::default(), game)
            .served([true, false])
            .named(["bob".into(), "carol".into()])
    }

    /// The table's ratings line of a game carol won.
    fn carol_rated() -> crate::ui::Message {
        crate::ui::Message::keyed(
            crate::ui::MessageKind::Info,
            Keyed::Rated(Box::new([
                "Rated standard live: carol 1807? +307 · bob 1193? -307".into(),
                "Rated standard live: carol up 307, now 1807, provisional; bob down 307, now \
                 1193, provisional"
                    .into(),
            ])),
        )
    }

    /// qa30: bob resigned a rated game; carol, in lines, heard `Rated standard live:
    /// carol up 307 ... Game over: Yellow wins: Blue resigned.`: the ratings before the
    /// result, and colours where the full screen says `carol wins: bob resigned`. The
    /// result comes first, by name at a table, then the ratings; a local game keeps its
    /// colours. Fails on the old code.
    #[test]
    fn a_rated_end_at_a_table_says_the_result_by_name_then_the_ratings() {
        use crate::ui::{Message, MessageKind, News};
        let over = format!("{}.", words::TABLE_OVER);
        let resigned = || {
            let mut course = crate::session::Course::default();
            course
                .resign(
                    &Game::from_moves([Square::A1, Square::D4]).unwrap(),
                    Player::Blue,
                )
                .unwrap();
            course
        };
        let note = || {
            Message::new(
                MessageKind::Info,
                crate::strings::talk::resigned(
                    crate::strings::table::Who::Named("bob"),
                    crate::strings::table::Who::You,
                ),
            )
        };
        // carol's own screen in the second person (s35: `carol wins`).
        let result = "Blue 0, Yellow 0. Game over: you win, bob resigned.";
        // The ratings with the end, or after it.
        let mut app = carol_at_a_table();
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Game(app.clone()));
        let _ = app.follow_course(resigned());
        let _ = app.table_news(News::Note(note()));
        let _ = app.table_news(News::Note(carol_rated()));
        let said = narrator.tell(&Screen::Game(app.clone()));
        let rated = format!("{}.", carol_rated().line_words());
        assert_eq!(said, [result, rated.as_str(), over.as_str()]);
        let mut app = carol_at_a_table();
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Game(app.clone()));
        let _ = app.follow_course(resigned());
        let _ = app.table_news(News::Note(note()));
        assert_eq!(
            narrator.tell(&Screen::Game(app.clone())),
            [result, over.as_str()]
        );
        let _ = app.table_news(News::Note(carol_rated()));
        assert_eq!(narrator.tell(&Screen::Game(app.clone())), [rated.as_str()]);
        assert_eq!(read(&Screen::Game(app), Reading::Score, "")[0], result);
        // A local game says the colours, as before.
        let mut local = App::with_game(
            crate::session::GameConfig::default(),
            Game::from_moves([Square::A1, Square::D4]).unwrap(),
        );
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Game(local.clone()));
        let _ = local.follow_course(resigned());
        let said = narrator.tell(&Screen::Game(local));
        assert_eq!(
            said[0],
            "Blue 0, Yellow 0. Game over: Yellow wins, Blue resigned."
        );
    }

    /// s33 (srv37 left it): a watcher's line mode heard a claimed win twice, `Game
    /// over: alice wins: bob left.` (the kept course) and then the table's line `alice
    /// wins: bob did not come back.` It is said once. Fails on the old code (two).
    #[test]
    fn a_watcher_hears_a_claimed_win_once() {
        use crate::ui::{Message, MessageKind, News};
        let game = Game::from_moves([Square::A1, Square::D4]).unwrap();
        let mut course = crate::session::Course::default();
        let abandoned = crate::record::Termination::Abandoned;
        assert!(course.end(&game, abandoned, Player::Yellow).is_ok());
        let mut app = App::with_game(crate::session::GameConfig::default(), game)
            .served([true, true])
            .named(["alice".into(), "bob".into()]);
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Game(app.clone()));
        let _ = app.follow_course(course);
        let _ = app.table_news(News::Note(Message::with_short(
            MessageKind::Info,
            crate::strings::serve::watched_claimed("alice", "bob"),
            crate::strings::narrow::watched_claimed_short("bob"),
        )));
        let said = narrator.tell(&Screen::Game(app.clone()));
        let wins = said.iter().filter(|l| l.contains("alice wins")).count();
        assert_eq!(wins, 1, "{said:?}");
        assert!(narrator.tell(&Screen::Game(app)).is_empty());
    }

    /// QA s32: a square typed on the turn of bob, whose link dropped, said `Wait: bob
    /// (Blue) plays at another terminal`: now that he is away and what quitting does,
    /// in commands; the full screen's keys, by name where it fits.
    #[test]
    fn a_square_on_an_away_player_s_turn_says_they_are_away() {
        use crate::ui::News;
        let mut app = carol_at_a_table();
        let _ = app.table_news(News::OpponentAway(true));
        let _ = app.handle(crate::ui::Input::Click(Some(Square::B2)));
        let said = app.message().expect("a line");
        assert_eq!(
            said.line_words(),
            "Wait: bob (Blue) is away, their link dropped: wait for them to come back, or \
             quit, which adjourns the game"
        );
        assert!(said.text.ends_with("q adjourns the game"), "{said:?}");
        assert_eq!(said.wording(44), "Wait: bob is away; q adjourns");
    }

    /// qa30: bob's undo asked said `The other player asks to take back their last
    /// move`, naming no one and no stone (the full screen's `Take it back?` neither);
    /// Enter on bob's turn said `Wait: Yellow plays at another terminal`. Both name
    /// bob now, the undo its stones; a local game's words stay. Fails on the old code.
    #[test]
    fn the_other_player_s_undo_and_turn_name_them() {
        use crate::ui::News;
        // carol (Yellow) played d4; bob (Blue) b2; carol c3: bob asks for his b2 back.
        let mut app = carol_at_a_table();
        assert!(
            !app.handle(crate::ui::Input::Click(Some(Square::B2)))
                .is_empty()
        );
        assert_eq!(
            app.message().map(|m| m.text.as_str()),
            Some("Wait: bob (Blue) plays at another terminal")
        );
        // Narrower by name alone (s34: `Wait: Blue plays at another terminal`).
        assert_eq!(
            app.message().map(|m| m.wording(40)),
            Some("Wait: bob plays at another terminal")
        );
        let mut app = App::with_game(
            crate::session::GameConfig::default(),
            Game::from_moves([Square::A1, Square::D4, Square::B2, Square::C3]).unwrap(),
        )
        .served([true, false])
        .named(["bob".into(), "carol".into()]);
        let mut narrator = Narrator::default();
        let _ = narrator.tell(&Screen::Game(app.clone()));
        let _ = app.table_news(News::UndoAsked);
        assert_eq!(
            narrator.tell(&Screen::Game(app.clone())),
            ["bob asks to take back their b2 (and your c3 after it). yes: agree, no: refuse"]
        );
        let question = crate::ui::Question::UndoAsked;
        assert_eq!(
            app.question_status(question, 100),
            "bob asks to take back their b2 (and your c3 after it). y: agree, any other key: refuse"
        );
        assert_eq!(
            app.question_status(question, 80),
            "bob asks to take back b2: y: agree, any other key: refuse"
        );
        let narrow = app.question_status(question, 42);
        assert!(crate::text::width(&narrow) <= 42, "{narrow}");
        let _ = app.table_news(News::Resigned(Player::Blue));
        let _ = app.table_news(News::RematchOffered);
        let said = narrator.tell(&Screen::Game(app.clone())).join(" ");
        assert!(
            said.contains("bob offers a rematch, colours swapped. yes: play, no: no thanks"),
            "{said}"
        );
    }

    /// qa30: the help at a server's table said `quit (or q): leave (asks ...)`, where
    /// quit goes back to the lobby; a correspondence game's asks nothing. A local
    /// game's help keeps its words. Fails on the old code.
    #[test]
    fn the_help_at_a_table_says_quit_goes_back_to_the_lobby() {
        let help = |app: App| read(&Screen::Game(app), Reading::Help, "");
        let quit = |help: &[String]| {
            help.iter()
                .find(|l| l.starts_with("quit (or q):"))
                .cloned()
                .unwrap_or_default()
        };
        let new = || App::with_game(crate::session::GameConfig::default(), Game::new());
        assert_eq!(
            quit(&help(new().served([false, true]))),
            "quit (or q): back to the lobby (asks while a game is in progress)."
        );
        assert_eq!(
            quit(&help(new().served([false, true]).correspondence())),
            "quit (or q): back to the lobby."
        );
        assert_eq!(
            quit(&help(new())),
            "quit (or q): leave (asks while a game is in progress)."
        );
    }

    /// s36: the line mode said `Game over: You win: bob resigned.`, a capital mid-line
    /// and two colons in one sentence. Each ending is one sentence now, on the
    /// winner's screen, the loser's and a watcher's, by colour at a local game. Fails
    /// on the old code.
    #[test]
    fn a_game_over_is_one_sentence_for_each_reader_and_each_ending() {
        use crate::record::Termination;
        let game = || Game::from_moves([Square::A1, Square::D4]).unwrap();
        let ended = |termination, loser| {
            let mut course = crate::session::Course::default();
            assert!(course.end(&game(), termination, loser).is_ok());
            course
        };
        // bob plays Blue, carol Yellow: carol's screen, bob's, a watcher's.
        let screens = [[true, false], [false, true], [true, true]];
        let cases = [
            (
                Termination::Resignation,
                Player::Blue,
                [
                    "you win, bob resigned",
                    "carol wins, you resigned",
                    "carol wins, bob resigned",
                ],
                "Yellow wins, Blue resigned",
            ),
            (
                Termination::TimeForfeit,
                Player::Blue,
                [
                    "you win on time",
                    "carol wins on time",
                    "carol wins on time",
                ],
                "Yellow wins on time",
            ),
            (
                Termination::Abandoned,
                Player::Yellow,
                [
                    "bob wins, you left",
                    "you win, carol left",
                    "bob wins, carol left",
                ],
                "Blue wins, Yellow left",
            ),
        ];
        for (termination, loser, said, local) in cases {
            for (remote, said) in screens.into_iter().zip(said) {
                let mut app = App::with_game(crate::session::GameConfig::default(), game())
                    .served(remote)
                    .named(["bob".into(), "carol".into()]);
                let mut narrator = Narrator::default();
                let _ = narrator.tell(&Screen::Game(app.clone()));
                let _ = app.follow_course(ended(termination, loser));
                let end = format!("Blue 0, Yellow 0. Game over: {said}.");
                let heard = narrator.tell(&Screen::Game(app.clone()));
                assert_eq!(heard.first(), Some(&end), "{remote:?}: {heard:?}");
                assert_eq!(read(&Screen::Game(app), Reading::Score, "")[0], end);
            }
            let mut app = App::with_game(crate::session::GameConfig::default(), game());
            let _ = app.follow_course(ended(termination, loser));
            assert_eq!(
                read(&Screen::Game(app), Reading::Score, "")[0],
                format!("Blue 0, Yellow 0. Game over: {local}.")
            );
        }
        // A full board's result, within the sentence too (s36: `Game over: Draw.`).
        use crate::rules::Outcome;
        use crate::strings::table::{Who, outcome_within};
        let names = ["bob".to_owned(), "carol".to_owned()];
        assert_eq!(outcome_within(Outcome::Draw, Who::both(&names)), "a draw");
        assert_eq!(
            outcome_within(
                Outcome::Winner(Player::Yellow),
                [Who::Named("bob"), Who::You]
            ),
            "you win"
        );
        assert_eq!(
            outcome_within(Outcome::Winner(Player::Blue), [Who::Named("bob"), Who::You]),
            "bob wins"
        );
    }

    /// bob's screen (Yellow) or a watcher's at a claim game: alice (Blue) placed a4,
    /// completing column a (10 points), its claim to come from her terminal.
    fn alice_s_claim_open(remote: [bool; 2]) -> (App, Game) {
        let mut game = Game::with_rules(crate::rules::Ruleset::Standard, true);
        for square in ["a1", "b1", "a2", "b2", "a3", "b3"] {
            assert!(game.play(square.parse().unwrap()).is_ok());
        }
        let config = crate::session::GameConfig {
            claims: true,
            ..crate::session::GameConfig::default()
        };
        let app = App::with_game(config, game.clone())
            .served(remote)
            .named(["alice".into(), "bob".into()]);
        (app, game)
    }

    /// s36 (words35's QA): a watcher in the line mode was not told a claim was open,
    /// which the full screen shows (`alice may claim +10 · bob to move`), nor was the
    /// other player. Both hear it once, in words, with what it would add, and then
    /// the claim's result. Fails on the old code (no `may still claim`).
    #[test]
    fn a_watcher_and_the_other_player_hear_a_claim_open_then_its_result() {
        use crate::ui::News;
        for (remote, turn) in [
            ([true, true], "bob (Yellow) to move"),
            ([true, false], "Your move (Yellow)"),
        ] {
            let (mut app, mut game) = alice_s_claim_open(remote);
            let mut narrator = Narrator::default();
            let _ = narrator.tell(&Screen::Game(app.clone()));
            let _ = app.remote_move("a4".parse().unwrap());
            let heard = narrator.tell(&Screen::Game(app.clone()));
            assert_eq!(
                heard,
                [format!(
                    "alice (Blue) a4, section 1. Blue 0, Yellow 0. {turn}; alice (Blue) may \
                     still claim 10 points."
                )],
                "{remote:?}"
            );
            // Said once: nothing more until something happens.
            assert!(narrator.tell(&Screen::Game(app.clone())).is_empty());
            // alice claims at her terminal: the table's game comes with it.
            assert!(game.play("a4".parse().unwrap()).is_ok());
            assert!(game.claim(10).is_ok());
            let _ = app.table_news(News::Game {
                game,
                remote,
                ai: None,
                names: ["alice".into(), "bob".into()],
                ratings: [None; 2],
            });
            let heard = narrator.tell(&Screen::Game(app.clone())).join(" ");
            assert!(
                heard.starts_with("alice claims 10 for a4") && heard.contains("Blue 10, Yellow 0"),
                "{remote:?}: {heard}"
            );
            assert!(!heard.contains("may still claim"), "{heard}");
        }
    }

    /// s36: a player at a table heard their own clock by their own name and colour,
    /// `bob (Yellow): 1 minute left.`: their own is `You` now, the other's by name,
    /// and a watcher hears both by name. Fails on the old code.
    #[test]
    fn a_player_hears_their_own_clock_as_theirs() {
        let minute = Duration::from_secs(60);
        let (bob, _) = alice_s_claim_open([true, false]);
        let low = |app: &App, player| words::time_low(&clock_owner(app, player), minute);
        assert_eq!(low(&bob, Player::Yellow), "You: 1 minute left");
        assert_eq!(low(&bob, Player::Blue), "alice (Blue): 1 minute left");
        let (watcher, _) = alice_s_claim_open([true, true]);
        assert_eq!(low(&watcher, Player::Yellow), "bob (Yellow): 1 minute left");
        // A local game keeps its colours.
        let local = App::with_game(crate::session::GameConfig::default(), Game::new());
        assert_eq!(low(&local, Player::Blue), "Blue: 1 minute left");
    }

    /// s36: at a table with the server's AI, the line mode said `Yellow waits: claim N
    /// ...` under the first line's `hard AI`, as the full screen did before s35: by its
    /// name there; a local game's AI keeps its colour. Fails on the old code.
    #[test]
    fn the_server_s_ai_waiting_for_a_claim_is_said_by_its_name() {
        use crate::ai::Seat;
        let config = crate::session::GameConfig {
            seats: [Seat::Human, Seat::Hard],
            claims: true,
            ..crate::session::GameConfig::default()
        };
        let mut game = Game::with_rules(crate::rules::Ruleset::Standard, true);
        for square in ["a1", "b1", "a2", "b2", "a3", "b3"] {
            assert!(game.play(square.parse().unwrap()).is_ok());
            if let Some(last) = game.last()
                && last.player == Player::Yellow
                && last.points > 0
            {
                assert!(game.claim(last.points).is_ok());
            }
        }
        let mut at_table = App::with_game(config, game.clone())
            .served([false; 2])
            .named(["alice".into(), "hard AI".into()])
            .at_ai_table();
        let _ = at_table.handle(crate::ui::Input::Click(Some(Square::A4)));
        assert!(at_table.awaits_claim());
        assert_eq!(
            turn(&at_table),
            "hard AI waits: claim N with your stone's points, or go to let it play"
        );
        // `+` there: the AI by its name, the person as `you`.
        assert_eq!(
            at_table.claim_refusal(),
            None,
            "alice's own stone may be claimed"
        );
        let mut local = App::with_game(config, game);
        let _ = local.handle(crate::ui::Input::Click(Some(Square::A4)));
        assert!(local.awaits_claim());
        assert!(
            turn(&local).starts_with("Yellow waits: "),
            "{}",
            turn(&local)
        );
    }
}
