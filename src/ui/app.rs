//! The app state: pure. Events and AI replies go in, state changes come out.
//!
//! No terminal, thread or clock here: the event loop feeds [`App::handle_event`]
//! and [`App::on_ai_reply`], sends what [`App::next_ai_request`] asks for to the
//! worker, and draws the app with [`super::screen`]. That keeps every behaviour
//! testable with plain key events.

use ratatui::crossterm::event::{Event, MouseButton, MouseEventKind};
use ratatui::layout::Rect;

use crate::ai::{AiSettings, Level, Seat};
use crate::rules::{Game, Move, Placement, Player, Square};

use super::keymap::{self, Action, Direction, KeyContext};
use super::screen::ScreenLayout;
use super::status::{placement_message, placement_message_short};

/// Who plays and how the AI is set up: everything `hijara play` decides before the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GameConfig {
    /// Who sits in each seat, indexed by [`Player::index`] (Blue, Yellow).
    pub seats: [Seat; 2],
    /// The AI's thinking time per move; `None` for each level's default.
    pub think_ms: Option<u64>,
    /// Seed for the AI's random choices.
    pub seed: u64,
}

impl GameConfig {
    /// Who sits in `player`'s seat.
    pub fn seat(&self, player: Player) -> Seat {
        self.seats[player.index()]
    }

    /// Whether a person plays `player`.
    pub fn is_human(&self, player: Player) -> bool {
        self.seat(player) == Seat::Human
    }

    /// The AI settings for `level`.
    pub fn ai_settings(&self, level: Level) -> AiSettings {
        AiSettings {
            level,
            think_ms: self.think_ms,
            seed: self.seed,
            threads: None,
        }
    }
}

/// "1 move", "12 moves".
pub fn moves_count(n: usize) -> String {
    if n == 1 {
        "1 move".to_owned()
    } else {
        format!("{n} moves")
    }
}

/// A short name for a seat, as shown on the ladders (`human`, `hard AI`).
pub fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::Human => "human",
        Seat::Random => "random AI",
        Seat::Easy => "easy AI",
        Seat::Medium => "medium AI",
        Seat::Hard => "hard AI",
    }
}

/// A yes/no question on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Question {
    /// Quit the game in progress?
    Quit,
    /// Abandon the game in progress for a new one?
    NewGame,
    /// Continue the autosaved game found at start-up, or start a new one?
    Resume,
}

impl Question {
    /// The question as shown.
    pub fn text(self) -> &'static str {
        match self {
            Question::Quit => "Quit the game in progress? y: quit, any other key: keep playing",
            Question::NewGame => "Abandon this game for a new one? y: new game, any other key: no",
            Question::Resume => {
                "An unfinished game was autosaved. Resume it? y: resume, n: new game"
            }
        }
    }
}

/// What is drawn over the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing: the board has the keys.
    None,
    /// The help.
    Help,
    /// A yes/no question.
    Question(Question),
}

/// What kind of message the status line shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageKind {
    /// Plain information.
    Info,
    /// A scoring move by this player.
    Score(Player),
    /// Something refused.
    Error,
}

/// The message on the status line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// Its kind, which picks its style.
    pub kind: MessageKind,
    /// The text.
    pub text: String,
    /// A shorter wording for narrow screens, if there is one.
    pub short: Option<String>,
}

/// What the AI worker is asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AiJob {
    /// Choose the move of an AI seat, which is then played.
    Move,
    /// Choose a move for the person to move, which is only shown.
    Hint,
}

/// A request for the AI worker. `tag` comes back in the reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AiRequest {
    /// Identifies the state the request was made in; a reply with an old tag is stale.
    pub tag: u64,
    /// What to do with the answer.
    pub job: AiJob,
    /// The position to think about.
    pub position: crate::rules::Position,
    /// The AI to ask.
    pub settings: AiSettings,
}

/// The AI worker's answer to an [`AiRequest`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AiReply {
    /// The request's tag.
    pub tag: u64,
    /// The request's job.
    pub job: AiJob,
    /// The move chosen, `None` when the board was full.
    pub mv: Option<Move>,
}

/// What an event changed, so the event loop knows what to do next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Changes {
    /// Something on screen changed: redraw.
    pub view: bool,
    /// The game (its moves) changed: a move, undo, redo or new game. A save hook goes here.
    pub game: bool,
}

impl Changes {
    const NONE: Changes = Changes {
        view: false,
        game: false,
    };
    const VIEW: Changes = Changes {
        view: true,
        game: false,
    };
    const GAME: Changes = Changes {
        view: true,
        game: true,
    };
}

/// The whole state of the terminal game.
#[derive(Debug, Clone)]
pub struct App {
    config: GameConfig,
    game: Game,
    cursor: Square,
    /// A column letter typed, waiting for its row digit.
    typed_column: Option<u8>,
    overlay: Overlay,
    message: Option<Message>,
    hint: Option<Square>,
    /// Bumped whenever the game changes or a request is dropped, so old AI replies are ignored.
    tag: u64,
    /// The AI job in flight for the current tag.
    waiting: Option<AiJob>,
    /// A request made by a key (a hint), waiting to be sent.
    outbox: Option<AiRequest>,
    /// The AI gave no legal move here: do not ask it again until the game changes.
    stalled: bool,
    /// The screen size, to map mouse clicks to squares.
    area: Rect,
    quit: bool,
    /// Advances while the AI thinks, to animate the indicator.
    spinner: usize,
    /// `s` was pressed: the event loop writes the record and reports back.
    save_requested: bool,
    /// The game is autosaved after every move, so quitting keeps it for `hijara resume`.
    autosaved: bool,
    /// An autosaved game offered at start-up, until the question is answered.
    resume_offer: Option<(GameConfig, Game)>,
    /// The player took up the autosaved game offered at start-up.
    resumed_autosave: bool,
}

impl App {
    /// A new game with these seats.
    pub fn new(config: GameConfig) -> App {
        App::with_game(config, Game::new())
    }

    /// Continues `game` (for a loaded or resumed record) with these seats.
    pub fn with_game(config: GameConfig, game: Game) -> App {
        App {
            config,
            game,
            cursor: Square::ALL[0],
            typed_column: None,
            overlay: Overlay::None,
            message: None,
            hint: None,
            tag: 0,
            waiting: None,
            outbox: None,
            stalled: false,
            area: Rect::new(0, 0, 80, 24),
            quit: false,
            spinner: 0,
            save_requested: false,
            autosaved: false,
            resume_offer: None,
            resumed_autosave: false,
        }
    }

    /// Whether this game is the autosaved one, taken up at the start-up question;
    /// its autosave may then be rewritten rather than kept aside.
    pub fn resumed_autosave(&self) -> bool {
        self.resumed_autosave
    }

    /// Says that the game is autosaved after every move, so the quit question can say
    /// that quitting keeps it.
    pub fn with_autosave(mut self, autosaved: bool) -> App {
        self.autosaved = autosaved;
        self
    }

    /// Offers to continue an autosaved game (seats and settings included) instead of
    /// this one: a question shown at once. Yes swaps it in; any other key keeps this game.
    pub fn offer_resume(mut self, config: GameConfig, game: Game) -> App {
        self.resume_offer = Some((config, game));
        self.overlay = Overlay::Question(Question::Resume);
        self
    }

    /// The text of `question` as shown, with the details only the app knows.
    pub fn question_text(&self, question: Question) -> String {
        match (question, &self.resume_offer) {
            (Question::Quit, _) if self.autosaved => {
                "Quit the game in progress? It is kept: `hijara resume` continues it. y: quit, any other key: keep playing".to_owned()
            }
            (Question::Resume, Some((config, game))) => format!(
                "Resume the autosaved game? {} ({}) against {} ({}), {}, \
                 Blue {} Yellow {}. y: resume, n: new game",
                Player::Blue,
                seat_name(config.seats[0]),
                Player::Yellow,
                seat_name(config.seats[1]),
                moves_count(game.len()),
                game.score(Player::Blue),
                game.score(Player::Yellow),
            ),
            _ => question.text().to_owned(),
        }
    }

    /// Whether `s` asked for a save since the last call; the event loop does the writing.
    pub fn take_save_request(&mut self) -> bool {
        std::mem::take(&mut self.save_requested)
    }

    /// The seats and AI settings.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The game: every move, position and score.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The square under the cursor.
    pub fn cursor(&self) -> Square {
        self.cursor
    }

    /// A column letter typed and waiting for its digit (0 = `a`).
    pub fn typed_column(&self) -> Option<u8> {
        self.typed_column
    }

    /// What is drawn over the board.
    pub fn overlay(&self) -> Overlay {
        self.overlay
    }

    /// The status-line message.
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// Sets the status-line message (e.g. "saved to FILE").
    pub fn set_message(&mut self, kind: MessageKind, text: impl Into<String>) {
        self.message = Some(Message {
            kind,
            text: text.into(),
            short: None,
        });
    }

    /// The square the hard AI suggested, until the game changes.
    pub fn hint(&self) -> Option<Square> {
        self.hint
    }

    /// What the AI is thinking about, if anything.
    pub fn thinking(&self) -> Option<AiJob> {
        self.waiting
    }

    /// Frame of the thinking indicator.
    pub fn spinner(&self) -> usize {
        self.spinner
    }

    /// Advances the thinking indicator; the event loop calls it while it waits for the AI.
    pub fn tick(&mut self) {
        self.spinner = self.spinner.wrapping_add(1);
    }

    /// Whether the app is done.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The screen size the app last saw.
    pub fn area(&self) -> Rect {
        self.area
    }

    /// Tells the app the screen size (at start and on every resize).
    pub fn set_area(&mut self, area: Rect) {
        self.area = area;
    }

    /// Whether a game has started and not finished: quitting it would lose it.
    pub fn in_progress(&self) -> bool {
        !self.game.is_empty() && !self.game.is_over()
    }

    fn key_context(&self) -> KeyContext {
        match self.overlay {
            Overlay::None => KeyContext::Board,
            Overlay::Help => KeyContext::Help,
            Overlay::Question(_) => KeyContext::Question,
        }
    }

    /// Handles one terminal event: key presses (only presses), mouse clicks and resizes.
    pub fn handle_event(&mut self, event: &Event) -> Changes {
        if let Some(key) = event.as_key_press_event() {
            return match keymap::action(key, self.key_context()) {
                Some(action) => self.apply(action),
                None => {
                    self.typed_column = None;
                    self.set_message(MessageKind::Error, "Unknown key: press ? for help");
                    Changes::VIEW
                }
            };
        }
        match event {
            Event::Resize(width, height) => {
                self.area = Rect::new(0, 0, *width, *height);
                Changes::VIEW
            }
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                self.click(mouse.column, mouse.row)
            }
            _ => Changes::NONE,
        }
    }

    fn click(&mut self, column: u16, row: u16) -> Changes {
        match self.overlay {
            Overlay::Help => {
                self.overlay = Overlay::None;
                Changes::VIEW
            }
            Overlay::Question(_) => Changes::NONE,
            Overlay::None => {
                let square = ScreenLayout::new(self.area)
                    .and_then(|layout| layout.board_geometry())
                    .and_then(|geometry| geometry.square_at(column, row));
                match square {
                    Some(square) => {
                        self.typed_column = None;
                        self.place(square)
                    }
                    None => Changes::NONE,
                }
            }
        }
    }

    /// Carries out one action, as a key would.
    pub fn apply(&mut self, action: Action) -> Changes {
        if !matches!(action, Action::Column(_) | Action::Row(_)) {
            self.typed_column = None;
        }
        match action {
            Action::ForceQuit => {
                self.quit = true;
                Changes::VIEW
            }
            Action::Yes => self.answer(true),
            Action::No => self.answer(false),
            Action::Help => {
                self.overlay = Overlay::Help;
                Changes::VIEW
            }
            Action::Quit => {
                if self.in_progress() {
                    self.overlay = Overlay::Question(Question::Quit);
                } else {
                    self.quit = true;
                }
                Changes::VIEW
            }
            Action::NewGame => {
                if self.in_progress() {
                    self.overlay = Overlay::Question(Question::NewGame);
                    Changes::VIEW
                } else {
                    self.new_game()
                }
            }
            Action::Cursor(direction) => {
                self.move_cursor(direction);
                Changes::VIEW
            }
            Action::Place => self.place(self.cursor),
            Action::Column(column) => {
                self.typed_column = Some(column);
                if let Some(square) = Square::new(column, self.cursor.row()) {
                    self.cursor = square;
                }
                let letter = (b'a' + column) as char;
                self.set_message(MessageKind::Info, format!("{letter}_: type the row, 1-4"));
                Changes::VIEW
            }
            Action::Row(row) => match self.typed_column.take() {
                Some(column) => match Square::new(column, row) {
                    Some(square) => self.place(square),
                    None => Changes::NONE,
                },
                None => {
                    let text = "Type a square as a letter a-d, then a digit 1-4 (e.g. b3)";
                    self.set_message(MessageKind::Error, text);
                    Changes::VIEW
                }
            },
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Hint => self.ask_hint(),
            Action::Save => {
                self.save_requested = true;
                Changes::NONE
            }
        }
    }

    fn answer(&mut self, yes: bool) -> Changes {
        let overlay = std::mem::replace(&mut self.overlay, Overlay::None);
        match (overlay, yes) {
            (Overlay::Question(Question::Quit), true) => {
                self.quit = true;
                Changes::VIEW
            }
            (Overlay::Question(Question::NewGame), true) => self.new_game(),
            (Overlay::Question(Question::Resume), yes) => match self.resume_offer.take() {
                Some((config, game)) if yes => {
                    self.config = config;
                    self.game = game;
                    self.resumed_autosave = true;
                    if let Some(last) = self.game.last() {
                        self.cursor = last.square();
                    }
                    self.changed();
                    let text = format!("Resumed: {} to move", self.game.to_move());
                    self.set_message(MessageKind::Info, text);
                    // Not a change to save: the autosave already holds this game.
                    Changes::VIEW
                }
                _ => {
                    let text = "New game: the autosaved one is kept aside at your first move";
                    self.set_message(MessageKind::Info, text);
                    Changes::VIEW
                }
            },
            _ => Changes::VIEW,
        }
    }

    fn move_cursor(&mut self, direction: Direction) {
        let (column, row) = (self.cursor.column(), self.cursor.row());
        let (column, row) = match direction {
            Direction::Up => (column, row.saturating_sub(1)),
            Direction::Down => (column, (row + 1).min(3)),
            Direction::Left => (column.saturating_sub(1), row),
            Direction::Right => ((column + 1).min(3), row),
        };
        if let Some(square) = Square::new(column, row) {
            self.cursor = square;
        }
    }

    /// Forgets any AI request in flight: its reply will carry an old tag.
    fn changed(&mut self) {
        self.tag += 1;
        self.waiting = None;
        self.outbox = None;
        self.hint = None;
        self.stalled = false;
    }

    fn new_game(&mut self) -> Changes {
        self.game = Game::new();
        self.cursor = Square::ALL[0];
        self.changed();
        self.set_message(MessageKind::Info, "New game: Blue to move");
        Changes::GAME
    }

    /// A person places a stone on `square` for the player to move.
    fn place(&mut self, square: Square) -> Changes {
        self.cursor = square;
        if self.game.is_over() {
            self.set_message(
                MessageKind::Error,
                "The game is over: n for a new game, q to quit",
            );
            return Changes::VIEW;
        }
        let mover = self.game.to_move();
        if !self.config.is_human(mover) {
            let text = format!(
                "Wait: {mover} ({}) is thinking",
                seat_name(self.config.seat(mover))
            );
            self.set_message(MessageKind::Error, text);
            return Changes::VIEW;
        }
        self.play(square)
    }

    /// Plays `square` for the player to move, whoever it is.
    fn play(&mut self, square: Square) -> Changes {
        match self.game.play(square) {
            Ok(placement) => {
                self.changed();
                self.announce(&placement);
                Changes::GAME
            }
            Err(_) => {
                self.set_message(
                    MessageKind::Error,
                    format!("{square} is full: choose another square"),
                );
                Changes::VIEW
            }
        }
    }

    fn announce(&mut self, placement: &Placement) {
        // The result itself is on the first status line.
        let text = placement_message(placement);
        let short = placement_message_short(placement);
        let kind = if placement.points > 0 {
            MessageKind::Score(placement.player)
        } else {
            MessageKind::Info
        };
        self.set_message(kind, text);
        if let Some(message) = &mut self.message {
            message.short = Some(short);
        }
    }

    /// Takes back moves until one made by a person is taken back, so against the AI
    /// both the person's move and the AI's reply go.
    fn undo(&mut self) -> Changes {
        let has_human_move = self
            .game
            .placements()
            .iter()
            .any(|p| self.config.is_human(p.player));
        if !has_human_move {
            self.set_message(MessageKind::Error, "Nothing to undo");
            return Changes::VIEW;
        }
        let mut count = 0;
        while let Some(placement) = self.game.undo() {
            count += 1;
            if self.config.is_human(placement.player) {
                break;
            }
        }
        self.changed();
        if let Some(last) = self.game.last() {
            self.cursor = last.square();
        }
        let moves = if count == 1 { "move" } else { "moves" };
        self.set_message(
            MessageKind::Info,
            format!("Took back {count} {moves}: u again to undo more, U to redo"),
        );
        Changes::GAME
    }

    /// Plays again what undo took back, up to the next person's turn.
    fn redo(&mut self) -> Changes {
        let Some(first) = self.game.redo() else {
            self.set_message(MessageKind::Error, "Nothing to redo");
            return Changes::VIEW;
        };
        let mut last = first;
        while !self.game.is_over() && !self.config.is_human(self.game.to_move()) {
            match self.game.redo() {
                Some(placement) => last = placement,
                None => break,
            }
        }
        self.changed();
        self.cursor = last.square();
        self.announce(&last);
        Changes::GAME
    }

    fn ask_hint(&mut self) -> Changes {
        if self.game.is_over() {
            self.set_message(MessageKind::Error, "The game is over: no hint");
            return Changes::VIEW;
        }
        let mover = self.game.to_move();
        if !self.config.is_human(mover) {
            self.set_message(MessageKind::Error, format!("Wait: {mover} is thinking"));
            return Changes::VIEW;
        }
        if self.waiting == Some(AiJob::Hint) {
            return Changes::NONE;
        }
        self.tag += 1;
        self.hint = None;
        self.waiting = Some(AiJob::Hint);
        self.outbox = Some(AiRequest {
            tag: self.tag,
            job: AiJob::Hint,
            position: *self.game.position(),
            settings: self.config.ai_settings(Level::Hard),
        });
        self.set_message(MessageKind::Info, "Hint: the hard AI is thinking…");
        Changes::VIEW
    }

    /// The request to send to the AI worker now, if any: a hint asked for, or the move
    /// of an AI seat whose turn it is. Each request is returned once.
    pub fn next_ai_request(&mut self) -> Option<AiRequest> {
        if let Some(request) = self.outbox.take() {
            return Some(request);
        }
        if self.waiting.is_some() || self.stalled || self.game.is_over() || self.quit {
            return None;
        }
        if self.overlay == Overlay::Question(Question::Resume) {
            // No AI move in a game that may be swapped for the autosaved one.
            return None;
        }
        let level = self.config.seat(self.game.to_move()).level()?;
        self.waiting = Some(AiJob::Move);
        Some(AiRequest {
            tag: self.tag,
            job: AiJob::Move,
            position: *self.game.position(),
            settings: self.config.ai_settings(level),
        })
    }

    /// Takes the AI worker's answer. A reply to an outdated request is ignored.
    pub fn on_ai_reply(&mut self, reply: AiReply) -> Changes {
        if reply.tag != self.tag || self.waiting != Some(reply.job) {
            return Changes::NONE;
        }
        self.waiting = None;
        match (reply.job, reply.mv) {
            (AiJob::Move, Some(mv)) if self.game.position().next_section(mv).is_some() => {
                self.play(mv)
            }
            (AiJob::Move, _) => {
                // Asking again would loop: wait for the players to undo or start over.
                self.stalled = true;
                self.set_message(
                    MessageKind::Error,
                    "The AI found no legal move: u to undo, n for a new game",
                );
                Changes::VIEW
            }
            (AiJob::Hint, Some(mv)) => {
                self.hint = Some(mv);
                self.cursor = mv;
                self.set_message(MessageKind::Info, format!("Hint: {mv} (Enter plays it)"));
                Changes::VIEW
            }
            (AiJob::Hint, None) => Changes::VIEW,
        }
    }
}
