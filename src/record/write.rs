//! Writing a record as `.hij` text: [`Record`]'s `Display`.

use std::fmt;

use super::Record;
use super::time_control::format_clock;

/// Moves per line when writing: eight rounds.
const MOVES_PER_LINE: usize = 16;

/// Writes `text` as a comment: `{text}`, or `;text` when it holds a `}` (the
/// caller then ends the line). Returns whether it was a line comment.
fn write_comment(f: &mut fmt::Formatter<'_>, text: &str) -> Result<bool, fmt::Error> {
    if text.contains('}') {
        write!(f, ";{text}")?;
        Ok(true)
    } else {
        write!(f, "{{{text}}}")?;
        Ok(false)
    }
}

impl fmt::Display for Record {
    /// Writes the record: tags one per line, a blank line, any game comments one
    /// per line, then the moves with round numbers, eight rounds a line, each
    /// with its claim, mark and comments, and the result token last.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            f.write_str("[")?;
            f.write_str(name)?;
            f.write_str(" \"")?;
            for c in value.chars() {
                match c {
                    '"' => f.write_str("\\\"")?,
                    '\\' => f.write_str("\\\\")?,
                    '\n' => f.write_str("\\n")?,
                    '\r' => f.write_str("\\r")?,
                    c => write!(f, "{c}")?,
                }
            }
            f.write_str("\"]\n")?;
        }
        let has_body =
            !self.moves.is_empty() || self.result.is_some() || !self.game_comments.is_empty();
        if !self.tags.is_empty() && has_body {
            f.write_str("\n")?;
        }
        for text in &self.game_comments {
            write_comment(f, text)?;
            f.write_str("\n")?;
        }
        // After a `;` comment the line must end before anything else is written.
        let mut line_comment = false;
        for (ply, mv) in self.moves.iter().enumerate() {
            if ply > 0 {
                let new_line = line_comment || ply.is_multiple_of(MOVES_PER_LINE);
                f.write_str(if new_line { "\n" } else { " " })?;
            }
            line_comment = false;
            if ply.is_multiple_of(2) {
                write!(f, "{}. ", ply / 2 + 1)?;
            }
            write!(f, "{mv}")?;
            let notes = self.notes.get(ply);
            if let Some(points) = notes.and_then(|n| n.claim) {
                write!(f, "+{points}")?;
            }
            if let Some(mark) = notes.and_then(|n| n.mark) {
                f.write_str(mark.token())?;
            }
            if let Some(left) = notes.and_then(|n| n.clock) {
                write!(f, " {{[%clk {}]}}", format_clock(left))?;
            }
            if let Some(forfeit) = notes.and_then(|n| n.forfeit) {
                write!(f, " {{{forfeit}}}")?;
            }
            for text in notes.map_or(&[][..], |n| n.comments.as_slice()) {
                f.write_str(if line_comment { "\n" } else { " " })?;
                line_comment = write_comment(f, text)?;
            }
        }
        if let Some(result) = self.result {
            if !self.moves.is_empty() {
                f.write_str(if line_comment { "\n" } else { " " })?;
            }
            f.write_str(result.token())?;
        }
        if !self.moves.is_empty() || self.result.is_some() {
            f.write_str("\n")?;
        }
        Ok(())
    }
}
