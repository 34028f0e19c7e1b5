//! How a stone's claim was settled without points, written `{[%claim wrong 30]}`
//! or `{[%claim unclaimed]}` after the move, after PGN's `[%clk ...]`.
//!
//! A `+N` keeps awarded points. A stone claimed wrong says so on every stone:
//! the points are forfeited either way, but a bare move reads back as not
//! claimed, and `hijara score` and the review then name the wrong word (s38).
//! A stone without either was not claimed: the next stone settles that, but the
//! last stone's claim may still be open, so one closed unclaimed says so too, or
//! a resume would offer the claim again (s37). Records written before s38 (a
//! wrong claim on an earlier stone as a bare move) read as they always did.

use std::fmt;

use crate::rules::ClaimState;

/// The command's name inside the comment's brackets.
const COMMAND: &str = "[%claim";

/// A stone's claim settled with nothing awarded: all its points are forfeited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Forfeit {
    /// `[%claim wrong 30]`: a claim no set of the stone's combinations adds up to
    /// ([`ClaimState::Wrong`]).
    Wrong {
        /// The number claimed.
        claimed: u32,
    },
    /// `[%claim unclaimed]`: closed unclaimed, by the next stone (since taken
    /// back) or by the game's end ([`ClaimState::Unclaimed`]).
    Unclaimed,
}

impl Forfeit {
    /// The forfeit a claim state is, if it is one.
    pub fn of(state: ClaimState) -> Option<Forfeit> {
        match state {
            ClaimState::Wrong { claimed } => Some(Forfeit::Wrong { claimed }),
            ClaimState::Unclaimed => Some(Forfeit::Unclaimed),
            ClaimState::Pending | ClaimState::Claimed { .. } => None,
        }
    }
}

impl fmt::Display for Forfeit {
    /// The command as written inside a comment: `[%claim wrong 30]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Forfeit::Wrong { claimed } => write!(f, "{COMMAND} wrong {claimed}]"),
            Forfeit::Unclaimed => write!(f, "{COMMAND} unclaimed]"),
        }
    }
}

/// Takes a `[%claim ...]` command out of a comment's text: the forfeit and the
/// rest of the text (trimmed). `None` when there is none, or it does not read
/// (it then stays a plain comment, as a `%clk` that does not read does).
pub(super) fn take_forfeit(text: &str) -> Option<(Forfeit, String)> {
    let start = text.find(COMMAND)?;
    let end = start + text[start..].find(']')?;
    let value = text[start + COMMAND.len()..end].trim();
    let forfeit = match value.split_whitespace().collect::<Vec<_>>()[..] {
        ["unclaimed"] => Forfeit::Unclaimed,
        ["wrong", number] => match number.parse::<u32>() {
            Ok(claimed) if claimed > 0 && number.bytes().all(|b| b.is_ascii_digit()) => {
                Forfeit::Wrong { claimed }
            }
            _ => return None,
        },
        _ => return None,
    };
    let rest = format!("{}{}", &text[..start], &text[end + 1..]);
    Some((forfeit, rest.trim().to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claim_commands_read_and_write() {
        for forfeit in [Forfeit::Wrong { claimed: 30 }, Forfeit::Unclaimed] {
            let text = forfeit.to_string();
            assert_eq!(take_forfeit(&text), Some((forfeit, String::new())));
        }
        assert_eq!(
            take_forfeit("a note [%claim wrong 7] after"),
            Some((Forfeit::Wrong { claimed: 7 }, "a note  after".to_owned()))
        );
        for plain in [
            "[%claim wrong]",
            "[%claim wrong 0]",
            "[%claim wrong +3]",
            "[%claim wrong 3 4]",
            "[%claim open]",
            "[%claim unclaimed",
            "claim wrong 3",
        ] {
            assert_eq!(take_forfeit(plain), None, "{plain}");
        }
    }
}
