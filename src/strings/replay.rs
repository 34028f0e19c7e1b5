//! The replay viewer: the move shown, autoplay, typing a move number.

/// The replay viewer's first status line: the move shown, then what is going on.
pub(crate) fn turn(at_move: usize, len: usize, what: &str, autoplay: Option<&str>) -> String {
    let mut turn = format!("Move {at_move}/{len} · {what}");
    if let Some(speed) = autoplay {
        turn.push_str(&format!(" · ▶ {speed}"));
    }
    turn
}

/// A move number being typed after `g`.
pub(crate) fn typing_move(typed: &str) -> String {
    format!("go to move: {typed}_")
}

/// The first status line at the last move of a finished game, the result said within
/// the sentence (`Game over: Yellow wins, Blue resigned`).
pub(crate) fn over(outcome: impl std::fmt::Display) -> String {
    format!("Game over: {outcome}")
}

/// A move's message, with its number: `12. Blue played b3 (section 2)`.
pub(crate) fn numbered(n: usize, text: &str) -> String {
    format!("{n}. {text}")
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
pub(crate) fn at_start(keys: &str) -> String {
    format!("Start: {keys}")
}

/// The header's players: `Ann (Blue) vs hard AI (Yellow)`.
pub(crate) fn players(blue: &str, yellow: &str) -> String {
    format!("{blue} (Blue) vs {yellow} (Yellow)")
}

/// The header's players on a narrow line, without their colours (the ladders say
/// them): `Ann vs hard AI`.
pub(crate) fn players_bare(blue: &str, yellow: &str) -> String {
    format!("{blue} vs {yellow}")
}

/// The header's clock: `clock 5+3`.
pub(crate) fn clock(minutes: &str) -> String {
    format!("clock {minutes}")
}

/// Another tag of the record, in the header: `Event Club night`.
pub(crate) fn tag(name: &str, value: &str) -> String {
    format!("{name} {value}")
}
