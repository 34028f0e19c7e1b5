//! Every text the player reads on screen or after a game, in one place (as gitui's
//! `strings.rs`): questions, messages, notes and the farewell. Key names and their help
//! live with the key table in `ui::keymap`; command-line errors stay beside the checks
//! that raise them.

use crate::ai::Seat;
use crate::rules::{ClaimState, ComboSet, ComboShape, Game, Placement, Player, Ruleset};

/// A short name for a seat, as shown on the ladders (`human`, `hard AI`).
pub(crate) fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::Human => "human",
        Seat::Random => "random AI",
        Seat::Easy => "easy AI",
        Seat::Medium => "medium AI",
        Seat::Hard => "hard AI",
    }
}

/// "1 move", "12 moves".
pub(crate) fn moves_count(n: usize) -> String {
    if n == 1 {
        "1 move".to_owned()
    } else {
        format!("{n} moves")
    }
}

/// `Blue 35, Yellow 20` for a game.
pub(crate) fn totals(game: &Game) -> String {
    format!(
        "{} {}, {} {}",
        Player::Blue,
        game.score(Player::Blue),
        Player::Yellow,
        game.score(Player::Yellow)
    )
}

/// What a placement did, in words: `Blue +45: square b2 (20), row 2 same number 2s (10)`,
/// or `Yellow played c3 (section 2)` when it scored nothing. The points come from the rules.
pub(crate) fn placement(placement: &Placement) -> String {
    let player = placement.player;
    if placement.points == 0 {
        let cell = placement.cell;
        return format!("{player} played {} (section {})", cell.square, cell.section);
    }
    let combos: Vec<String> = placement
        .combos()
        .iter()
        .map(|combo| format!("{combo} ({})", combo.points()))
        .collect();
    format!("{player} +{}: {}", placement.points, combos.join(", "))
}

/// The same as [`placement`] in fewer words, for narrow screens:
/// `Yellow +30: row 4 4s (10), column d 4s (10), diagonal a1-d4 1234 (15)`.
pub(crate) fn placement_short(placement: &Placement) -> String {
    if placement.points == 0 {
        return self::placement(placement);
    }
    let combos: Vec<String> = placement
        .combos()
        .iter()
        .map(|combo| {
            let name = match combo.shape() {
                ComboShape::Square(square) => format!("square {square}"),
                ComboShape::SameNumber(line, section) => format!("{line} {section}s"),
                ComboShape::Sequence { line, .. } => format!("{line} 1234"),
                ComboShape::CornersSameNumber(section) => format!("corners {section}s"),
                ComboShape::CornersSequence(_) => "corners 1234".to_owned(),
            };
            format!("{name} ({})", combo.points())
        })
        .collect();
    format!(
        "{} +{}: {}",
        placement.player,
        placement.points,
        combos.join(", ")
    )
}

/// `square b2 (20), row 2 same number 2s (10)`: combinations with their points.
fn combo_list(combos: impl Iterator<Item = crate::rules::Combination>) -> String {
    let names: Vec<String> = combos
        .map(|combo| format!("{combo} ({})", combo.points()))
        .collect();
    names.join(", ")
}

/// The combinations of `placement` outside `claimed`: what a part claim left.
fn unclaimed_combos(placement: &Placement, claimed: ComboSet) -> String {
    combo_list(placement.combos().iter().filter(|c| !claimed.contains(*c)))
}

/// Which rules are on, for the status line: none for the standard game without
/// claims, else `corners`, `claims` or both (shown as `corners · claims`), the variant
/// first, so it is the last dropped when the line is short.
pub(crate) fn rules_parts(ruleset: Ruleset, claims: bool) -> Vec<&'static str> {
    let mut parts = Vec::new();
    if ruleset != Ruleset::Standard {
        parts.push(ruleset.name());
    }
    if claims {
        parts.push("claims");
    }
    parts
}

/// Texts of a game with claims: a stone's points count only once its player claims them.
pub(crate) mod claim {
    use super::*;

    /// A stone placed by a person in a claim game: nothing said about its points.
    pub(crate) fn placed(placement: &Placement) -> String {
        let cell = placement.cell;
        format!(
            "{} played {} (section {}). Claim its points: + points Enter",
            placement.player, cell.square, cell.section
        )
    }

    /// The same, in fewer words.
    pub(crate) fn placed_short(placement: &Placement) -> String {
        let cell = placement.cell;
        format!(
            "{} played {}:{}. Claim: + points Enter",
            placement.player, cell.square, cell.section
        )
    }

    /// A stone played at another terminal, its claim still to come from its player.
    pub(crate) fn placed_remote(placement: &Placement) -> String {
        let cell = placement.cell;
        format!(
            "{} played {} (section {}): {} may claim its points",
            placement.player, cell.square, cell.section, placement.player
        )
    }

    /// The earlier stone went unclaimed when `next` was placed: what was forfeited.
    pub(crate) fn went_unclaimed(earlier: &Placement) -> String {
        format!(
            "{}'s {} went unclaimed: {} forfeited ({})",
            earlier.player,
            earlier.square(),
            earlier.points,
            combo_list(earlier.combos().iter())
        )
    }

    /// An AI's stone, claimed in full at once.
    pub(crate) fn ai_claimed(placement: &Placement) -> String {
        format!(
            "{} +{} (claimed): {}",
            placement.player,
            placement.points,
            combo_list(placement.combos().iter())
        )
    }

    /// A claim of `points` awarded: the combinations it stands for, and any rest forfeited.
    pub(crate) fn awarded(placement: &Placement, points: u32, combos: ComboSet) -> String {
        let mut text = format!(
            "{} claims {points} for {}: {}",
            placement.player,
            placement.square(),
            combo_list(combos.iter())
        );
        let rest = placement.points.saturating_sub(points);
        if rest > 0 {
            text.push_str(&format!(
                "; {rest} more forfeited ({})",
                unclaimed_combos(placement, combos)
            ));
        }
        text
    }

    /// The same, in fewer words.
    pub(crate) fn awarded_short(placement: &Placement, points: u32) -> String {
        let rest = placement.points.saturating_sub(points);
        if rest > 0 {
            format!("{} +{points} claimed; {rest} forfeited", placement.player)
        } else {
            format!("{} +{points} claimed", placement.player)
        }
    }

    /// A wrong claim: what the stone made, all of it forfeited.
    pub(crate) fn wrong(placement: &Placement, claimed: u32) -> String {
        if placement.points == 0 {
            return format!(
                "Wrong claim: {}'s {} made no points, not {claimed}",
                placement.player,
                placement.square()
            );
        }
        format!(
            "Wrong claim of {claimed}: {}'s {} made {} ({}); {} forfeited",
            placement.player,
            placement.square(),
            placement.points,
            combo_list(placement.combos().iter()),
            placement.points
        )
    }

    /// A move of a finished claim game (the replay viewer): what it made and what
    /// became of it.
    pub(crate) fn settled(placement: &Placement, state: ClaimState) -> String {
        if placement.points == 0 {
            return match state {
                ClaimState::Wrong { claimed } => wrong(placement, claimed),
                _ => super::placement(placement),
            };
        }
        match state {
            ClaimState::Claimed { points, combos } => awarded(placement, points, combos),
            ClaimState::Wrong { claimed } => wrong(placement, claimed),
            ClaimState::Unclaimed => went_unclaimed(placement),
            ClaimState::Pending => format!("{}; not claimed yet", super::placement(placement)),
        }
    }

    /// A claim refused before it was made (claims off, no stone, already claimed).
    pub(crate) fn refused(error: impl std::fmt::Display) -> String {
        format!("No claim: {error}")
    }

    /// `+` after an AI's stone: the AI claims its own.
    pub(crate) fn ai_stone(ai: Player) -> String {
        format!("No claim: the last stone is {ai}'s, and the AI claims its own points")
    }

    /// The claim being typed, on the status line.
    pub(crate) fn typing(placement: &Placement, typed: &str, keys: &str) -> String {
        format!(
            "Claim for {}'s {}: +{typed}_ · {keys}",
            placement.player,
            placement.square()
        )
    }

    /// Keys other than digits, Backspace, Enter and Esc while a claim is typed.
    pub(crate) const TYPE_DIGITS: &str = "Type the points (digits), Enter to claim, Esc to cancel";
    /// The claim typed was cancelled.
    pub(crate) const CANCELLED: &str = "Claim cancelled";
    /// Enter with no digits typed.
    pub(crate) const EMPTY: &str = "Type the points after +, e.g. +25, then Enter";
    /// A number too large to be a claim.
    pub(crate) const TOO_LONG: &str = "A claim is at most 3 digits";
    /// The turn line while an AI waits for a person's claim.
    pub(crate) fn waits(ai: Player) -> String {
        format!("{ai} waits: Enter lets it play")
    }
    /// The same, in fewer words.
    pub(crate) fn waits_short(ai: Player) -> String {
        format!("Enter: {ai} plays")
    }
    /// The turn line while `claimer`'s last stone may still be claimed: both who may
    /// claim and whose turn it is (`turn`), longest wording first (the message line
    /// under it names the keys too).
    pub(crate) fn may_claim(claimer: Player, turn: &str, turn_short: &str) -> Vec<String> {
        vec![
            format!("{claimer} may claim (+ points Enter) · {turn}"),
            format!("{claimer} may claim · {turn}"),
            format!("{claimer} may claim · {turn_short}"),
            turn_short.to_owned(),
        ]
    }
    /// A square chosen while the AI waits for a person's claim.
    pub(crate) const GO_ON: &str =
        "The AI moves next: Enter lets it play (claim first: + points Enter)";
}

/// The questions: the whole question, and the answers alone for the status line.
pub(crate) mod question {
    use super::*;

    /// The same, when the game is autosaved.
    pub(crate) const QUIT_AUTOSAVED: &str = "Quit the game in progress? It is kept: `hijara resume` continues it. y: quit, any other key: keep playing";
    /// The quit question at its shortest, for the status line: the question kept.
    pub(crate) const QUIT_ANSWERS: &str = "Quit? y: quit, any other key: keep playing";
    /// Quit the game in progress, when the autosave does not hold it (it failed, or
    /// there is none): the game may be on disk nowhere.
    pub(crate) const QUIT_NOT_KEPT: &str = "Quit the game in progress? It is NOT autosaved: s saves it to a file first. y: quit, s: save, any other key: keep playing";
    /// The quit question's warning and answers, when the game is not autosaved.
    pub(crate) const QUIT_NOT_KEPT_SHORT: &str =
        "Quit? NOT autosaved. s: save first, y: quit, other key: keep playing";
    /// Abandon the game for a new one?
    pub(crate) const NEW_GAME: &str =
        "Abandon this game for a new one? y: new game, any other key: no";
    /// The new-game question at its shortest, for the status line.
    pub(crate) const NEW_GAME_ANSWERS: &str = "New game? y: new game, any other key: no";
    /// `player` resigns the game in progress?
    pub(crate) fn resign(player: Player) -> String {
        format!(
            "Resign for {player}? {} wins the game. y: resign, any other key: keep playing",
            player.other()
        )
    }
    /// The resign question at its shortest, for the status line.
    pub(crate) const RESIGN_ANSWERS: &str = "Resign? y: resign, any other key: keep playing";
    /// Resume an autosaved game, when its details are not known.
    pub(crate) const RESUME: &str =
        "An unfinished game was autosaved. Resume it? y: resume, n: new game";
    /// The resume question at its shortest, for the status line.
    pub(crate) const RESUME_ANSWERS: &str = "Resume it? y: resume, n: new game";
    /// The replay viewer's play-on question at its shortest, for the status line.
    pub(crate) const CONTINUE_ANSWERS: &str = "Play on? y: play on, any other key: stay";
    /// The quit question in brief, for the status line: the question, its
    /// consequence and the answers.
    pub(crate) const QUIT_AUTOSAVED_SHORT: &str =
        "Quit? It is kept: `hijara resume` continues it. y: quit, other key: keep playing";

    /// The resume question in brief, for the status line.
    pub(crate) fn resume_short(game: &Game) -> String {
        format!(
            "Autosaved game: {}, Blue {} Yellow {}. y: resume, n: new game",
            moves_count(game.len()),
            game.score(Player::Blue),
            game.score(Player::Yellow),
        )
    }

    /// The play-on question in brief, for the status line.
    pub(crate) fn play_on_short(shown: usize, dropped: usize) -> String {
        let moves = if dropped == 1 { "move" } else { "moves" };
        format!(
            "Play on from move {shown}? {dropped} later {moves} dropped. \
             y: play on, any other key: stay"
        )
    }

    /// The first of `wordings` that fits in `width` columns, else the last.
    pub(crate) fn fitting(wordings: &[String], width: u16) -> &str {
        crate::text::first_fitting(wordings.iter().map(String::as_str), usize::from(width))
            .or(wordings.last().map(String::as_str))
            .unwrap_or("")
    }

    /// Resume the autosaved game, with who played it and how far it got.
    pub(crate) fn resume(seats: [Seat; 2], game: &Game) -> String {
        format!(
            "Resume the autosaved game? {} ({}) against {} ({}), {}, \
             Blue {} Yellow {}. y: resume, n: new game",
            Player::Blue,
            seat_name(seats[0]),
            Player::Yellow,
            seat_name(seats[1]),
            moves_count(game.len()),
            game.score(Player::Blue),
            game.score(Player::Yellow),
        )
    }

    /// Play on from move `shown`, dropping `dropped` later moves?
    pub(crate) fn play_on(shown: usize, dropped: usize) -> String {
        let moves = if dropped == 1 { "move" } else { "moves" };
        format!(
            "Play on from move {shown}? The {dropped} later {moves} are dropped (the file is \
             not changed). y: play on, any other key: stay"
        )
    }
}

/// Status-line messages.
pub(crate) mod message {
    use super::*;
    use crate::rules::Square;

    pub(crate) const UNKNOWN_KEY: &str = "Unknown key: press ? for help";
    pub(crate) const TYPE_A_SQUARE: &str =
        "Type a square as a letter a-d, then a digit 1-4 (e.g. b3)";
    pub(crate) const NEW_GAME: &str = "New game: Blue to move";
    pub(crate) const NEW_INSTEAD_OF_RESUME: &str =
        "New game: the autosaved one is kept aside at your first move";
    pub(crate) const GAME_OVER: &str =
        "The game is over: n for a new game, r to review it, q to quit";
    pub(crate) const REVIEW_AFTER_THE_GAME: &str = "r reviews the game once it is over";
    pub(crate) const NOTHING_TO_UNDO: &str = "Nothing to undo";
    pub(crate) const NOTHING_TO_REDO: &str = "Nothing to redo";
    pub(crate) const NO_HINT: &str = "The game is over: no hint";
    pub(crate) const HINT_THINKING: &str = "Hint: the hard AI is thinking…";
    pub(crate) const AI_STALLED: &str = "The AI found no legal move: u to undo, n for a new game";
    pub(crate) const NOT_OVER_THE_NETWORK: &str = "Not in a game over the network";
    pub(crate) const NOT_BETWEEN_PLAYERS: &str =
        "Not in a game between two players over the network";
    pub(crate) const NO_ONE_TO_RESIGN: &str = "Only a person playing here can resign";
    pub(crate) const NOTHING_TO_RESIGN: &str = "The game is over: nothing to resign";
    /// How a game ended, with the early ending's reason: `Yellow wins: Blue resigned`.
    pub(crate) fn ended(played: crate::session::Played<'_>) -> String {
        match played.course.ending() {
            Some(ending) => super::screen::ending(ending),
            None => played.result().describe().to_owned(),
        }
    }
    pub(crate) const OVER_AT_THIS_MOVE: &str =
        "The game is over at this move: step back (←) to play on from earlier";

    /// A column letter typed, waiting for its row.
    pub(crate) fn type_the_row(letter: char) -> String {
        format!("{letter}_: type the row, 1-4")
    }
    pub(crate) fn resumed(to_move: Player) -> String {
        format!("Resumed: {to_move} to move")
    }
    pub(crate) fn loaded(path: &str, game: &Game) -> String {
        format!(
            "Loaded {path}: {}, {} to move",
            moves_count(game.len()),
            game.to_move()
        )
    }
    pub(crate) fn wait_for(mover: Player, seat: Seat) -> String {
        format!("Wait: {mover} ({}) is thinking", seat_name(seat))
    }
    pub(crate) fn wait_for_remote(mover: Player) -> String {
        format!("Wait: {mover} plays at another terminal")
    }
    pub(crate) fn wait(mover: Player) -> String {
        format!("Wait: {mover} is thinking")
    }
    pub(crate) fn full(square: Square) -> String {
        format!("{square} is full: choose another square")
    }
    pub(crate) fn took_back(count: usize) -> String {
        let moves = if count == 1 { "move" } else { "moves" };
        format!("Took back {count} {moves}: u again to undo more, U to redo")
    }
    pub(crate) fn hint(square: Square) -> String {
        format!("Hint: {square} (Enter plays it)")
    }
    pub(crate) fn saved(path: &str) -> String {
        format!("Saved to {path}")
    }
    /// A finished game written to the history folder `games/` as `file`.
    pub(crate) fn archived(file: &str) -> String {
        format!("Game kept as games/{file} (see: hijara games)")
    }
    pub(crate) fn not_archived(dir: &str, error: &str) -> String {
        format!("Game not kept in {dir}: {error}")
    }
    pub(crate) fn not_saved(error: &str) -> String {
        format!("Not saved: {error}")
    }
    pub(crate) fn kept_aside(path: &str) -> String {
        format!("The earlier unfinished game was kept as {path}")
    }
    pub(crate) fn autosave_off(path: &str, error: &str) -> String {
        format!(
            "Autosave off: the earlier unfinished game in {path} could not be kept aside ({error})"
        )
    }
    pub(crate) fn autosave_failed(path: &str, error: &str) -> String {
        format!("Autosave failed ({path}): {error}; s saves by hand")
    }
    /// A damaged autosave whose first `moves` moves still read (offered to resume).
    pub(crate) fn autosave_salvaged(path: &str, error: &str, moves: usize) -> String {
        format!(
            "The autosave {path} is damaged ({error}); its first {} can be resumed, and the file is kept aside",
            moves_count(moves)
        )
    }
    /// A finished game kept beside the history folder, which could not take it.
    pub(crate) fn archived_beside(dir: &str, error: &str, path: &str) -> String {
        format!("Game not kept in {dir} ({error}): kept as {path} instead")
    }
    /// An autosave path that is no file to read or replace (a FIFO, a device).
    pub(crate) fn autosave_unusable(path: &str, error: &str) -> String {
        format!(
            "The autosave {path} cannot be read ({error}); it is left alone and games are not autosaved"
        )
    }
    pub(crate) fn autosave_unreadable(path: &str, error: &str) -> String {
        format!("The autosave {path} is unreadable ({error}); it is kept aside at your first move")
    }
    pub(crate) fn no_such_move(typed: &str, len: usize) -> String {
        format!("No move {typed}: the record has {len} moves (g 0 is the start)")
    }
}

/// Words on the screen around the board.
pub(crate) mod screen {
    /// A row digit typed before a column letter (a lesson, a puzzle).
    pub(crate) const COLUMN_FIRST: &str = "Type the column letter first (a-d), then the row (1-4).";
    use super::*;

    pub(crate) const WINS: &str = "wins!";
    pub(crate) const DRAW: &str = "draw";
    pub(crate) const THINKING: &str = "thinking…";
    pub(crate) const HELP_KEY: &str = "? help";
    pub(crate) const CLOSE_HELP: &str = "Press any key to close";
    /// The scoring rules, under the keys in the help.
    pub(crate) const RULES: &[&str] = &[
        "Blue moves first. A stone fills the lowest open section of its square.",
        "Four of your stones score: same number along a line 10, sections",
        "1-2-3-4 along a line 15, all four sections of one square 20.",
        "Lines are rows, columns and the two long diagonals. Points add up;",
        "when the board is full, the higher total wins.",
    ];
    /// The scoring rules in fewer lines, for a help that also explains a variant.
    pub(crate) const RULES_SHORT: &[&str] = &[
        "Blue first; a stone fills the lowest open section of its square. Four of",
        "your stones score: same number along a row, column or long diagonal 10,",
        "1-2-3-4 along one 15, all four sections of one square 20. Most wins.",
    ];
    /// The corner formations, in the help of a corners game.
    pub(crate) const RULES_CORNERS: &[&str] =
        &["Corners a1 d1 a4 d4: one number in all four 10; 1 2 3 4 in any order 15."];
    /// Claims, in the help of a claim game.
    pub(crate) const RULES_CLAIMS: &[&str] = &[
        "Claims: before the next stone, claim your stone's points (+25 Enter);",
        "a wrong claim or no claim forfeits them. The totals show claimed points.",
    ];

    /// Shown when the terminal is smaller than `min_width`×`min_height`.
    pub(crate) fn too_small(min_width: u16, min_height: u16, width: u16, height: u16) -> String {
        format!(
            "Please enlarge the terminal to {min_width}×{min_height} (now {width}×{height}). q quits."
        )
    }
    /// The first status line at game over: `Yellow wins. n: new game, r: review, q: quit`
    /// (short enough for 80 columns with three-digit totals and `? help`).
    pub(crate) fn game_over(outcome: impl std::fmt::Display) -> String {
        format!(
            "{}. n: new game, r: review, q: quit",
            self::outcome(outcome)
        )
    }
    pub(crate) fn ai_thinking(mover: Player, seat: Seat, spinner: &str) -> String {
        format!("{mover} ({}) thinking… {spinner}", seat_name(seat))
    }
    pub(crate) fn hint_thinking(mover: Player, spinner: &str) -> String {
        format!("{mover} to move, hint thinking… {spinner}")
    }
    pub(crate) fn to_move(mover: Player) -> String {
        format!("{mover} to move")
    }
    /// [`to_move`] in fewer columns, as the ladder marks the turn.
    pub(crate) fn to_move_short(mover: Player) -> String {
        format!("▶ {mover}")
    }
    pub(crate) fn ai_thinking_short(mover: Player, spinner: &str) -> String {
        format!("▶ {mover} thinking… {spinner}")
    }
    pub(crate) fn hint_thinking_short(mover: Player, spinner: &str) -> String {
        format!("▶ {mover}, hint… {spinner}")
    }
    /// An early ending in words: `Yellow wins: Blue resigned`, `Blue wins on time`.
    pub(crate) fn ending(ending: crate::session::Ending) -> String {
        use crate::record::Termination;
        let (winner, loser) = (ending.winner(), ending.loser());
        match ending.termination() {
            Termination::TimeForfeit => format!("{winner} wins on time"),
            Termination::Resignation => format!("{winner} wins: {loser} resigned"),
            Termination::Abandoned => format!("{winner} wins: {loser} left"),
            Termination::Normal => format!("{winner} wins"),
        }
    }
    /// The result alone, for a short line: `Yellow wins`.
    pub(crate) fn outcome(outcome: impl std::fmt::Display) -> String {
        let outcome = outcome.to_string();
        let mut chars = outcome.chars();
        chars
            .next()
            .map(|first| first.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    }

    /// The help box's title and the move list's.
    pub(crate) const HELP_TITLE: &str = " Help ";
    pub(crate) const MOVES_TITLE: &str = "Moves";
    /// A ladder's label for the seat played here when its name does not fit.
    pub(crate) const YOU_SHORT: &str = "you";
    /// A ladder's turn mark, longest wording first.
    pub(crate) const LADDER_TURN: &[&str] = &["▶ to move", "▶ turn", "▶"];
    /// A ladder's stones left, longest wording first.
    pub(crate) fn stones_left(n: u32) -> Vec<String> {
        vec![format!("{n} left"), format!("{n} st"), n.to_string()]
    }

    /// The replay viewer's first status line: the move shown, then what is going on.
    pub(crate) fn replay_turn(
        shown: usize,
        len: usize,
        what: &str,
        autoplay: Option<&str>,
    ) -> String {
        let mut turn = format!("Move {shown}/{len} · {what}");
        if let Some(speed) = autoplay {
            turn.push_str(&format!(" · ▶ {speed}"));
        }
        turn
    }
    pub(crate) fn typing_move(typed: &str) -> String {
        format!("go to move: {typed}_")
    }
    pub(crate) fn replay_over(outcome: impl std::fmt::Display) -> String {
        format!("Game over: {outcome}")
    }
    /// `2 s/move` or `4 moves/s`.
    pub(crate) fn speed(delay: std::time::Duration) -> String {
        let ms = delay.as_millis().max(1);
        if ms >= 1000 {
            format!("{} s/move", ms / 1000)
        } else {
            format!("{} moves/s", 1000 / ms)
        }
    }
    /// The replay viewer's hint line before the first move.
    pub(crate) fn replay_start(keys: &str) -> String {
        format!("Start: {keys}")
    }
}

/// Said by `hijara analyze --annotate` once the record is written.
pub(crate) fn annotated(path: &str, marked: usize) -> String {
    let moves = if marked == 1 { "move" } else { "moves" };
    format!("Annotated record written to {path} ({marked} {moves} marked)")
}

/// The replay viewer's analysis panel and the record's own comments.
pub(crate) mod analysis {
    use crate::review::MoveReview;

    /// The replay viewer's title in a review after a game.
    pub(crate) const REVIEW_TITLE: &str = "Review of the game just played";
    /// The panel's title while the analysis runs.
    /// Its legend: `~` marks an estimate, `±` its measured error (docs/review.md).
    pub(crate) fn title_running(done: usize, total: usize) -> String {
        format!(" Analysis {done}/{total} · Blue ▲ Yellow ▼ · ╔╗ best move · ~ estimate ±error ")
    }
    /// The panel's title once every position is analysed.
    pub(crate) const TITLE_DONE: &str =
        " Analysis · Blue ▲ Yellow ▼ · ╔╗ best move · ~ estimate ±error ";
    /// The panel's title when it is too narrow for more.
    pub(crate) const TITLE_SHORT: &str = " Analysis ";
    /// Before the first move.
    pub(crate) const AT_START: &str = "Start: → to step, ] next mistake, [ previous";
    /// The move shown is not analysed yet.
    pub(crate) fn pending(number: usize) -> String {
        format!("Move {number}: analysing…")
    }
    /// The move shown, judged: `Move 12 Blue b3??: blunder, lost 25 · best c3 (+15 → -5)`;
    /// from estimates, with their error: `good, lost 12 ±38 · best c3 (~+3 → ~-9)`.
    /// The best move is left out when it is the move played, so it is said once:
    /// `Move 30 Yellow a4: best (+5 → +5)`. `played` is the square with its mark,
    /// `values` the values before and after.
    pub(crate) fn verdict(m: &MoveReview, played: &str, values: &str) -> String {
        let (number, player, class) = (m.number, m.player, m.class);
        let lost = match (m.lost, m.error()) {
            (0, _) => String::new(),
            (lost, error @ 1..) => format!(", lost {lost} ±{error}"),
            (lost, _) => format!(", lost {lost}"),
        };
        if m.best == m.mv {
            format!("Move {number} {player} {played}: {class}{lost} ({values})")
        } else {
            let best = m.best;
            format!("Move {number} {player} {played}: {class}{lost} · best {best} ({values})")
        }
    }
    /// `]` or `[` found nothing.
    pub(crate) fn no_mistake(later: bool, finished: bool) -> String {
        let way = if later { "after" } else { "before" };
        if finished {
            format!("No mistake or blunder {way} this move")
        } else {
            format!("No mistake or blunder {way} this move yet: the analysis is still running")
        }
    }
    /// The panel needs more room than the terminal has.
    pub(crate) const FOLDED: &str = "Analysis: enlarge the terminal to see the panel";
    /// The marks and comments a record has after a move, for the message line.
    pub(crate) fn with_notes(text: &str, mark: Option<&str>, comments: &[String]) -> String {
        let mut out = text.to_owned();
        if let Some(mark) = mark {
            out.push_str(&format!(" {mark}"));
        }
        for comment in comments {
            out.push_str(&format!(" {{{comment}}}"));
        }
        out
    }
}

/// Said on the normal screen after a game in progress that only `s` saved.
pub(crate) fn farewell_saved(game: &Game, path: &str) -> String {
    format!(
        "The game is NOT in the autosave; it is saved in {path} ({}, {}): `hijara play --load {path}` continues it",
        moves_count(game.len()),
        totals(game),
    )
}

/// Said on the normal screen after a game in progress that is on disk nowhere.
pub(crate) fn farewell_lost(game: &Game) -> String {
    format!(
        "The game ({}, {}) was NOT saved: the autosave failed and it was not saved with s",
        moves_count(game.len()),
        totals(game),
    )
}

/// Said on the normal screen after a game that is kept for `hijara resume`.
pub(crate) fn farewell(game: &Game, autosave: &str) -> String {
    format!(
        "The game is kept ({}, {}): `hijara resume` continues it. Autosave: {autosave}",
        moves_count(game.len()),
        totals(game),
    )
}

/// The texts of `hijara games`.
pub(crate) mod games {
    /// `1 win`, `2 wins`.
    fn count(n: u32, one: &str, many: &str) -> String {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    }

    /// `you vs hard: 1 win, 2 draws, 9 losses`.
    pub(crate) fn tally(level: &str, wins: u32, draws: u32, losses: u32) -> String {
        format!(
            "you vs {level}: {}, {}, {}",
            count(wins, "win", "wins"),
            count(draws, "draw", "draws"),
            count(losses, "loss", "losses")
        )
    }

    /// The list's first line.
    pub(crate) fn heading(folder: &str) -> String {
        format!("Games in {folder}, newest first:")
    }

    /// What an empty history prints.
    pub(crate) fn empty(folder: &str) -> String {
        format!("No games kept yet: finished games go to {folder} (`--no-history` keeps none).")
    }

    /// A result in words: `Blue won`, `draw`, `unfinished`.
    pub(crate) fn result(result: crate::record::GameResult) -> &'static str {
        match result {
            crate::record::GameResult::BlueWins => "Blue won",
            crate::record::GameResult::YellowWins => "Yellow won",
            crate::record::GameResult::Draw => "draw",
            crate::record::GameResult::Unfinished => "unfinished",
        }
    }

    /// After the list, when no game was a person against the AI.
    pub(crate) const NO_TALLY: &str = "No game of a person against the AI yet: no tally.";

    /// How to open one.
    pub(crate) const REPLAY_HINT: &str =
        "Open one with `hijara replay N` or `hijara replay --last`.";
}

/// The puzzle screen.
pub(crate) mod puzzle {
    use crate::puzzle::explain::{BestPlay, Verdict};
    use crate::puzzle::{Goal, Kind, Puzzle};
    use crate::rules::{Player, Square};

    /// A key the puzzle screen does not use.
    pub(crate) const UNKNOWN_KEY: &str = "That key does nothing here: q leaves.";
    /// A move after the puzzle was answered.
    pub(crate) const ANSWERED: &str = "Answered: u tries again, n opens the next puzzle.";
    /// The keys, asking.
    pub(crate) const KEYS_ASKING: &str =
        "arrows/a-d 1-4: choose · Enter or click: play · t: themes · n: skip · q: quit";
    /// The keys, answered.
    pub(crate) const KEYS_ANSWERED: &str = "u: try again · n: next puzzle · q: quit";
    /// The panel's title.
    pub(crate) const PANEL: &str = "Puzzle";
    /// The solver's ladder label.
    pub(crate) const YOU: &str = "you";

    /// The panel's title line: puzzle, kind, ratings, then the daily date and the
    /// streak when there are.
    pub(crate) fn title(
        id: &str,
        kind: &str,
        rating: f64,
        yours: f64,
        daily: Option<&str>,
        streak: u32,
    ) -> String {
        let mut title = format!("{PANEL} {id} · {kind} · rating {rating:.0} · you {yours:.0}");
        if let Some(date) = daily {
            title.push_str(&format!(" · daily {date}"));
        }
        if streak > 0 {
            title.push_str(&format!(" · streak {streak}"));
        }
        title
    }

    /// The themes, shown on `t`.
    pub(crate) fn themes(names: &[&str]) -> String {
        format!("Themes: {}.", names.join(", "))
    }

    /// A full square chosen.
    pub(crate) fn full(square: Square) -> String {
        format!("{square} is full: choose a square with an open section.")
    }

    /// The status line while a puzzle asks.
    pub(crate) fn asking(to_move: Player, puzzle: &Puzzle) -> String {
        format!("{to_move} to move (you). {}", task(puzzle))
    }

    /// The status line after a try.
    pub(crate) fn answered(to_move: Player, tried: Square) -> String {
        format!("{to_move} to move, after your {tried}.")
    }

    /// What the puzzle asks, in one line.
    pub(crate) fn task(puzzle: &Puzzle) -> &'static str {
        match (puzzle.kind, puzzle.goal) {
            (Kind::OnlyMove, Goal::Win) => "One move keeps the win. Find it.",
            (Kind::OnlyMove, _) => "One move keeps the draw. Find it.",
            (Kind::MostPoints, Goal::Loss) => "Lose by as little as you can: one move does best.",
            (Kind::MostPoints, _) => "One move ends the game best for you. Find it.",
        }
    }

    /// An outcome from the mover's view: "a win by 15", "a draw", "a loss by 5".
    pub(crate) fn outcome(margin: i32) -> String {
        match margin {
            0 => "a draw".to_string(),
            m if m > 0 => format!("a win by {m}"),
            m => format!("a loss by {}", -m),
        }
    }

    /// The lines that explain a verdict; `opponent` names the other side.
    pub(crate) fn explain(puzzle: &Puzzle, verdict: &Verdict, opponent: &str) -> Vec<String> {
        let mut lines = Vec::new();
        let scored: Vec<String> = verdict
            .scored
            .iter()
            .map(|c| format!("{c} ({})", c.points()))
            .collect();
        let made = if scored.is_empty() {
            format!("{} scores nothing at once", verdict.mv)
        } else {
            format!(
                "{} completes {}: {} points",
                verdict.mv,
                scored.join(" and "),
                verdict.points
            )
        };
        if verdict.solved {
            lines.push(format!("Right! {made}."));
            lines.push(match puzzle.kind {
                Kind::OnlyMove => format!(
                    "It is the only move that keeps {} (best play: {}).",
                    if puzzle.goal == Goal::Win {
                        "the win"
                    } else {
                        "the draw"
                    },
                    outcome(puzzle.margin)
                ),
                Kind::MostPoints => format!(
                    "Best play from here ends in {}; no other move does as well.",
                    outcome(puzzle.margin)
                ),
            });
            return lines;
        }
        lines.push(format!("Not this one: {made}."));
        match verdict.best_play {
            BestPlay::Known { margin, reply } => {
                if let Some((reply, points)) = reply {
                    let gets = if points > 0 {
                        format!("scoring {points}")
                    } else {
                        "scoring nothing yet".to_string()
                    };
                    lines.push(format!("{opponent}'s best reply is {reply}, {gets}."));
                }
                lines.push(format!(
                    "Best play now ends in {}: {} points worse than the answer ({}).",
                    outcome(margin),
                    puzzle.margin - margin,
                    outcome(puzzle.margin)
                ));
            }
            BestPlay::Unsolved => lines.push("Checking what it costs…".to_string()),
            BestPlay::OutOfBudget => lines.push(format!(
                "The solver ran out of its time before proving what it costs; \
                 the answer keeps {}.",
                outcome(puzzle.margin)
            )),
        }
        lines
    }
}

/// The lesson screen.
pub(crate) mod lesson {
    use crate::rules::{Player, Square};

    /// The keys of a lesson.
    pub(crate) const KEYS: &str =
        "a-d 1-4, arrows and Enter, or click: play · u: again · n: next · m: menu · q: quit";
    /// The keys of the menu.
    pub(crate) const MENU_KEYS: &str =
        "↑↓ or 1-9: choose · Enter or click: open · p: puzzles · q: quit";
    /// A move after the task was done.
    pub(crate) const DONE_ALREADY: &str = "Done! n opens the next lesson, u starts this one again.";
    /// The menu's title.
    pub(crate) const MENU: &str = "Lessons";
    /// The mark of a lesson done, and of one not done (not colour alone).
    pub(crate) const DONE_MARK: &str = "[x]";
    /// See [`DONE_MARK`].
    pub(crate) const TODO_MARK: &str = "[ ]";
    /// After the task was done.
    pub(crate) const WELL_DONE: &str = "Well done!";
    /// After a wrong try.
    pub(crate) const NOT_YET: &str = "Not yet:";
    /// A key other than `+` while the stone's points wait for a claim.
    pub(crate) const CLAIM_FIRST: &str = "Claim first: type + and the points, then Enter.";
    /// The stone scored in a claim lesson: what to do now.
    pub(crate) const NOW_CLAIM: &str = "Your stone scored, but in claim mode points count only once claimed: type +, the points, then Enter (Esc cancels).";

    /// The ladder label of the player's side.
    pub(crate) const YOU: &str = "you";

    /// The text side's title: which lesson of how many.
    pub(crate) fn number(n: usize, of: usize) -> String {
        format!("Lesson {n}/{of}")
    }

    /// The task, on the text side.
    pub(crate) fn task(task: impl std::fmt::Display) -> String {
        format!("Task: {task}")
    }

    /// The status line: the side to move and the task.
    pub(crate) fn to_move(player: Player, task: impl std::fmt::Display) -> String {
        format!("{player} to move. {task}")
    }

    /// The status line while a claim waits: what is typed so far.
    pub(crate) fn claiming(mv: Square, typed: Option<&str>) -> String {
        match typed {
            Some(typed) => format!("Claim for {mv}: +{typed}_ · Enter: claim · Esc: cancel"),
            None => format!("Claim the points of {mv}: type +"),
        }
    }
}

/// The start screen.
pub(crate) mod start {
    /// The box's title.
    pub(crate) const TITLE: &str = " Hijara ";
    /// The first line.
    pub(crate) const WELCOME: &str = "The four-by-four board game. Press a key:";
    /// The keys besides the items'.
    pub(crate) const KEYS: &str = "↑↓ and Enter, or a click, also choose · q: quit";
    /// Put after a door that is closed.
    pub(crate) const CLOSED: &str = " (none)";
    /// A key that is no item's.
    pub(crate) const UNKNOWN_KEY: &str = "Press one of the keys listed, or q to quit.";
    /// Resume chosen with no autosave.
    pub(crate) const NOTHING_TO_RESUME: &str = "There is no unfinished game to resume.";
    /// Replay chosen with no history.
    pub(crate) const NO_HISTORY: &str = "No finished game is kept yet: play one first.";
}

/// `hijara serve`'s limits and safety: guests, bans, the engine pool, shutdown.
pub(crate) mod serve_limits {
    /// The status line while a server's AI waits for a free engine.
    pub(crate) const WAITING_FOR_ENGINE: &str =
        "The AI waits for a free engine: its thinking time starts then";
    /// Sent to every client when the server stops (SIGTERM), after its screen is restored.
    pub(crate) const SHUTDOWN: &str = "hijara serve is shutting down. Goodbye.\r\n";
}

/// `hijara serve`: the lobby and what a connection is told.
pub(crate) mod serve {
    /// Sent to a client that asked for no terminal, before the connection closes.
    pub(crate) const NO_PTY: &str =
        "hijara serves a full-screen game: connect with `ssh -t` (a terminal is needed)\r\n";
    pub(crate) const TITLE: &str = "hijara: the lobby";
    pub(crate) const TABLES: &str = "Tables";
    pub(crate) const NO_TABLES: &str = "No tables yet: n opens one";
    pub(crate) const KEYS: &str =
        "n new table  a AI  1-9 sit/watch  i invitation  f find  c colour  q leave";
    pub(crate) const FORM_KEYS: &str =
        "o opponent  s side  v variant  k claims  p private  t clock\nEnter start  Esc cancel";
    pub(crate) const ENTRY_KEYS: &str = "Enter: go · Esc: cancel";
    pub(crate) const FIND: &str = "Find a player";
    pub(crate) const CODE: &str = "Invitation code";
    pub(crate) const NO_SUCH_CODE: &str = "No table has that invitation code";
    pub(crate) const NO_CODE: &str = "No invitation code could be made: try again";
    pub(crate) const CLAIMS: &str = "claims";
    pub(crate) const NO_CLAIMS: &str = "no claims";
    pub(crate) const PRIVATE: &str = "private";
    pub(crate) const PUBLIC: &str = "listed";
    pub(crate) const WAITING_KEYS: &str = "Esc closes your table";
    /// At an adjourned game, waiting for the other player: Esc leaves it adjourned.
    pub(crate) const ADJOURNED_WAITING_KEYS: &str = "Esc leaves it adjourned, kept for later";
    pub(crate) const A_PERSON: &str = "a person";
    pub(crate) const OPEN: &str = "open";
    pub(crate) const ABANDONED: &str = "left";
    pub(crate) const EMPTY_SEAT: &str = "-";
    pub(crate) const NOT_A_TABLE: &str = "No such table";
    pub(crate) const YOUR_TABLE: &str = "That is your own table";
    pub(crate) const COLOUR_ON: &str = "Colour on";
    pub(crate) const COLOUR_OFF: &str = "Colour off";
    pub(crate) const UNKNOWN_KEY: &str = "Unknown key: see the keys below";
    pub(crate) const PLAYER_LEFT: &str = "A player left the table: the game stops here (q: lobby)";

    pub(crate) fn you(name: &str) -> String {
        format!("you: {name}")
    }
    pub(crate) fn form(
        opponent: &str,
        side: &str,
        variant: &str,
        claims: &str,
        private: Option<&str>,
        clock: Option<&str>,
    ) -> String {
        let private = private.map(|p| format!(", {p}")).unwrap_or_default();
        let clock = match clock {
            Some(clock) => format!("clock {clock}"),
            None => "no clock".to_owned(),
        };
        format!(
            "New game: against {opponent}, you play {side}\n{variant} rules, {claims}{private}, {clock}"
        )
    }
    pub(crate) fn entry(what: &str, typed: &str) -> String {
        format!("{what}: {typed}_  ({ENTRY_KEYS})")
    }
    pub(crate) fn invitation(code: &str) -> String {
        format!("Private: your opponent types i, then the code {code}")
    }
    pub(crate) fn found_at(name: &str, number: usize) -> String {
        format!("{name} plays at table {number}: {number} watches")
    }
    pub(crate) fn found_unlisted(name: &str) -> String {
        format!("{name} plays at a table not listed here")
    }
    pub(crate) fn found_private(name: &str) -> String {
        format!("{name} plays at a private table")
    }
    pub(crate) fn found_here(name: &str) -> String {
        format!("{name} is in the lobby")
    }
    pub(crate) fn found_away(name: &str) -> String {
        format!("{name} is not connected")
    }
    pub(crate) fn ai(level: &str) -> String {
        format!("the {level} AI")
    }
    /// The player's own open table, by its number in their list.
    pub(crate) fn waiting(number: usize) -> String {
        format!("Table {number} is open: waiting for an opponent")
    }
    /// One table's line: number, players, rules, moves, spectators, state.
    pub(crate) fn table_line(
        number: usize,
        blue: &str,
        yellow: &str,
        variant: &str,
        moves: usize,
        watching: usize,
        state: &str,
    ) -> String {
        format!(
            "{number}  {blue} (Blue) v {yellow} (Yellow)  {variant}, {moves} moves, {watching} watching  {state}"
        )
    }
    /// The server's AI as a player's name: `hard AI`.
    pub(crate) fn ai_name(level: &str) -> String {
        format!("{level} AI")
    }
    pub(crate) fn refused_name(error: &str) -> String {
        format!("name refused: {error}")
    }
    pub(crate) const ADJOURNED: &str = "adjourned";
    pub(crate) const AWAY: &str = "a player is away";
    pub(crate) const BACK: &str = "Your opponent is back";
    /// The opponent's link dropped: their seat is kept for `left` (`m:ss`).
    pub(crate) fn waiting_for(name: &str, left: &str) -> String {
        format!("waiting for {name} ({left})")
    }
    /// Whether `told` is a [`waiting_for`] or [`gone`] line.
    pub(crate) fn is_waiting(told: &str) -> bool {
        told.starts_with("waiting for ") || told.contains(" did not come back")
    }
    pub(crate) fn gone(name: &str) -> String {
        format!("{name} did not come back: q adjourns the game; then w in the lobby claims the win")
    }
    pub(crate) const CLAIM_WHICH: &str =
        "Claim the win at which of your tables? Its number (other keys: no)";
    pub(crate) const CLAIMED: &str =
        "You won: your opponent did not come back. The game is in your history.";
    pub(crate) const NOT_CLAIMABLE: &str =
        "Not yet: a win can be claimed once the opponent's link has been gone for the grace period";
    pub(crate) fn not_saved(error: &str) -> String {
        format!("This game is not being saved: {error}")
    }
    pub(crate) fn adjourned_to_wait(number: usize) -> String {
        format!("Table {number}: waiting for your opponent to come back")
    }
    /// A table's rules in its lobby line: `standard`, `corners, claims`.
    pub(crate) fn rules(variant: &str, claims: bool) -> String {
        if claims {
            format!("{variant}, {CLAIMS}")
        } else {
            variant.to_owned()
        }
    }
    /// A private table in its own player's list.
    pub(crate) const PRIVATE_OPEN: &str = "open, private";
    /// A finished game at a table, in the lobby's list.
    pub(crate) const OVER: &str = "over";
    /// The win claimed against a player who is on the server now.
    pub(crate) fn claim_present(name: &str) -> String {
        format!("{name} is on the server: no win is claimed against a player who is here")
    }
    /// A move or request the store could not keep: taken back, and why.
    pub(crate) fn not_kept(error: &str) -> String {
        format!("Not saved, so not played: {error}. The game is as it was.")
    }
    /// A spectator's line: a player's link dropped, their seat kept for `left`.
    pub(crate) fn watched_waiting_for(name: &str, left: &str) -> String {
        format!("waiting for {name}: their seat is kept ({left})")
    }
    /// A spectator's line: a player's seat was kept for the grace period in vain.
    pub(crate) fn watched_gone(name: &str) -> String {
        format!("{name} did not come back")
    }
    /// A spectator's line: both players are at the table again.
    pub(crate) const WATCHED_BACK: &str = "Both players are at the table";
    /// A spectator's line: the game waits until both players are back.
    pub(crate) const WATCHED_ADJOURNED: &str =
        "The game is adjourned: it goes on when both players are back";
    pub(crate) const YOUR_GAMES: &str = "Your games";
    /// The line listing the player's adjourned games by their numbers in the list.
    pub(crate) fn unfinished(numbers: &str) -> String {
        format!("unfinished: {numbers} (its number resumes it; w claims a win)")
    }
    /// The player's last finished game here.
    pub(crate) fn last_game(opponent: &str, outcome: &str, mine: u32, theirs: u32) -> String {
        format!("last: v {opponent}, {outcome} {mine}-{theirs}")
    }
    /// Results against one opponent: wins, draws, losses.
    pub(crate) fn versus(opponent: &str, counts: [u32; 3]) -> String {
        let [w, d, l] = counts;
        format!("v {opponent} {w}-{d}-{l}")
    }
    pub(crate) const TALLY_HEAD: &str = "won-drawn-lost";
}

/// A game at a table of `hijara serve`: requests, offers, messages, the bell.
pub(crate) mod table {
    use crate::rules::Outcome;

    /// The widest message one player sends the other, in display columns.
    pub(crate) const MAX_SAY_COLUMNS: usize = 60;

    /// A ladder's name for the seat played on this screen: `alice (you)`.
    pub(crate) fn you(name: &str) -> String {
        format!("{name} (you)")
    }
    /// An early ending with the players' names: `bob wins: alice resigned`.
    pub(crate) fn named_ending(ending: crate::session::Ending, names: &[String; 2]) -> String {
        use crate::record::Termination;
        let winner = &names[ending.winner().index()];
        let loser = &names[ending.loser().index()];
        match ending.termination() {
            Termination::TimeForfeit => format!("{winner} wins on time"),
            Termination::Resignation => format!("{winner} wins: {loser} resigned"),
            Termination::Abandoned => format!("{winner} wins: {loser} left"),
            Termination::Normal => format!("{winner} wins"),
        }
    }
    /// A full board's result with the players' names: `alice wins`, `Draw`.
    pub(crate) fn named_outcome(outcome: Outcome, names: &[String; 2]) -> String {
        match outcome {
            Outcome::Winner(player) => format!("{} wins", names[player.index()]),
            Outcome::Draw => "Draw".to_owned(),
        }
    }

    pub(crate) const UNDO_SENT: &str =
        "Asked the other player to take back the last move: waiting for the answer";
    pub(crate) const UNDO_ASKED: &str =
        "The other player asks to take back their last move. y: agree, any other key: refuse";
    pub(crate) const UNDO_ASKED_ANSWERS: &str = "Take it back? y: agree, other key: refuse";
    pub(crate) const NOTHING_TO_ASK: &str = "No move of yours to take back";
    pub(crate) const REMATCH: &str =
        "The other player offers a rematch, colours swapped. y: play, any other key: no thanks";
    pub(crate) const REMATCH_ANSWERS: &str = "Rematch? y: play, other key: no thanks";
    pub(crate) const REMATCH_SENT: &str = "Rematch offered: waiting for the other player";
    pub(crate) const REMATCH_AT_THE_END: &str = "A rematch is offered once the game is over";
    pub(crate) const LEAVE: &str =
        "Leave the table? The game stops here for both players. y: leave, any other key: stay";
    pub(crate) const LEAVE_ANSWERS: &str = "Leave? y: leave, other key: stay";
    pub(crate) const LEAVE_KEPT: &str =
        "Leave the game? It is kept: pick it in the lobby to go on. y: leave, any other key: stay";
    /// The same while the server can't write the game: it is not on disk.
    pub(crate) const LEAVE_NOT_KEPT: &str = "Leave the game? It is not saved (the server cannot write it): it waits in the lobby only until the server stops. y: leave, any other key: stay";
    pub(crate) const NO_REDO_AI: &str = "No redo here: the table keeps the game as it is";
    pub(crate) const NEW_GAME_AT_THE_END_AI: &str =
        "A new game starts once this one is over (R resigns)";
    pub(crate) const GAME_OVER: &str =
        "The game is over: n offers a rematch, q goes back to the lobby";
    pub(crate) const GAME_OVER_AI: &str =
        "The game is over: n for a new game (colours swapped), q goes back to the lobby";
    pub(crate) const STOPPED_TURN: &str = "game stopped";
    pub(crate) const OVER_KEYS_TABLE: &str = "n: rematch, q: lobby";
    pub(crate) const OVER_KEYS_AI: &str = "n: new game, q: lobby";
    pub(crate) const OVER_KEYS_WATCHING: &str = "q: lobby";
    pub(crate) const SPECTATING: &str = "You are watching: q goes back to the lobby";
    pub(crate) const SAY_EMPTY: &str = "Nothing to send: type a message, or Esc";
    pub(crate) const SAY_KEYS: &str = "Enter: send · Esc: cancel";

    pub(crate) fn typing(text: &str) -> String {
        let used = crate::text::width(text);
        format!("Message ({used}/{MAX_SAY_COLUMNS}): {text}_  {SAY_KEYS}")
    }
    pub(crate) fn watching(count: usize) -> String {
        format!("{count} watching")
    }
}

/// What a server table tells its players about their requests and messages.
pub(crate) mod talk {
    use crate::rules::Player;

    pub(crate) const NO_UNDO: &str = "Nothing of yours to take back now";
    pub(crate) const NO_ONE_TO_PLAY: &str = "The other player has left: no rematch";
    pub(crate) const TOO_FAST: &str = "Slow down: 3 messages in 10 seconds at most";
    pub(crate) const MUTED: &str = "Messages from the other player are muted (M: hear them)";
    pub(crate) const UNMUTED: &str = "You hear the other player's messages again";
    pub(crate) const BELL_ON: &str = "Bell on: it rings when it is your move";
    pub(crate) const BELL_OFF: &str = "Bell off";

    pub(crate) fn resigned(name: &str, winner: Player) -> String {
        format!("{name} resigned: {winner} wins")
    }
    pub(crate) fn undo_agreed(name: &str, taken: usize) -> String {
        let moves = if taken == 1 { "move" } else { "moves" };
        format!("{name} agreed: {taken} {moves} taken back")
    }
    pub(crate) fn undo_refused(name: &str) -> String {
        format!("{name} refused to take back the move")
    }
    pub(crate) fn rematch_declined(name: &str) -> String {
        format!("{name} declined the rematch")
    }
    pub(crate) fn rematch_started(blue: &str) -> String {
        format!("Rematch: colours swapped, {blue} plays Blue")
    }
    pub(crate) fn left(name: &str) -> String {
        format!("{name} left the table (q: lobby)")
    }
    /// A message from a player, as the other sees it.
    pub(crate) fn said(name: &str, text: &str) -> String {
        format!("{name}: {text}")
    }
}
