//! The `.hij` parser: one pass over the characters, slicing a word only where
//! `find` stopped or after ASCII characters (always a char boundary, and through
//! `get` or `split_at` on such indices), so any text, however malformed, gives a
//! record or a located error.

use std::collections::HashSet;
use std::str::Chars;
use std::str::FromStr;

use super::quote::quote;
use super::{
    CLAIM_TAG, GameResult, Location, Mark, Record, RecordError, TERMINATION_TAG, TIME_CONTROL_TAG,
    Termination, TimeControl, VARIANT_TAG, is_valid_tag_name,
};
use crate::rules::{Ruleset, Square};

/// What a syntax error says was found at `peek`.
fn describe(c: Option<char>) -> String {
    match c {
        None => "end of input".into(),
        Some('\n' | '\r') => "end of line".into(),
        Some(c) => quote(c.encode_utf8(&mut [0; 4])),
    }
}

fn syntax(location: Location, found: String, expected: impl Into<String>) -> RecordError {
    RecordError::Syntax {
        location,
        found,
        expected: expected.into(),
    }
}

/// A byte-order mark counts as white space, so files saved by some editors parse.
fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

/// Characters that end a word (a move, a number or a result).
fn ends_word(c: char) -> bool {
    is_space(c) || matches!(c, ';' | '{' | '}' | '[' | ']' | '"')
}

/// The characters still to read, with the location of the next one.
///
/// A line ends at LF, CRLF or a lone CR (old Mac files); the text itself is kept
/// as it is, so a `{}` comment reads back exactly as written.
struct Cursor<'a> {
    chars: Chars<'a>,
    location: Location,
    /// The last character read was a CR: a LF right after it ends no second line.
    after_cr: bool,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.clone().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        let crlf = c == '\n' && self.after_cr;
        if (c == '\n' || c == '\r') && !crlf {
            self.location.line = self.location.line.saturating_add(1);
            self.location.column = 1;
        } else if !crlf {
            self.location.column = self.location.column.saturating_add(1);
        }
        self.after_cr = c == '\r';
        Some(c)
    }

    /// Skips white space and comments, collecting the comments' text into `comments`.
    ///
    /// A `;` comment's text runs to the end of the line (LF, CRLF or a lone CR);
    /// a `{}` comment's is kept exactly.
    fn skip_trivia(&mut self, comments: &mut Vec<String>) -> Result<(), RecordError> {
        while let Some(c) = self.peek() {
            match c {
                c if is_space(c) => {
                    self.bump();
                }
                ';' => {
                    self.bump();
                    let mut text = String::new();
                    while let Some(c) = self.peek().filter(|&c| c != '\n' && c != '\r') {
                        text.push(c);
                        self.bump();
                    }
                    comments.push(text);
                }
                '{' => {
                    let start = self.location;
                    self.bump();
                    let mut text = String::new();
                    loop {
                        match self.bump() {
                            Some('}') => break,
                            Some(c) => text.push(c),
                            None => {
                                return Err(syntax(
                                    self.location,
                                    describe(None),
                                    format!("`}}` closing the comment opened at {start}"),
                                ));
                            }
                        }
                    }
                    comments.push(text);
                }
                _ => break,
            }
        }
        Ok(())
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(is_space) {
            self.bump();
        }
    }

    /// Reads characters up to the end of the word.
    fn word(&mut self) -> String {
        let mut word = String::new();
        while let Some(c) = self.peek().filter(|&c| !ends_word(c)) {
            word.push(c);
            self.bump();
        }
        word
    }

    /// Reads `[Name "value"]`, the `[` still unread.
    fn tag(&mut self) -> Result<(String, String, Location), RecordError> {
        self.bump();
        self.skip_space();
        let name_location = self.location;
        let mut name = String::new();
        while let Some(c) = self
            .peek()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        {
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            return Err(syntax(
                name_location,
                describe(self.peek()),
                "a tag name (ASCII letters, digits or `_`) after `[`",
            ));
        }
        self.skip_space();
        if self.peek() != Some('"') {
            return Err(syntax(
                self.location,
                describe(self.peek()),
                format!("`\"` starting the value of tag {}", quote(&name)),
            ));
        }
        self.bump();
        let value_location = self.location;
        let mut value = String::new();
        loop {
            let here = self.location;
            match self.peek() {
                Some('"') => {
                    self.bump();
                    break;
                }
                None | Some('\n' | '\r') => {
                    return Err(syntax(
                        here,
                        describe(self.peek()),
                        format!(
                            "`\"` closing the value of tag {} (write a line break as \\n)",
                            quote(&name)
                        ),
                    ));
                }
                Some('\\') => {
                    self.bump();
                    let escaped = match self.peek() {
                        Some('"') => '"',
                        Some('\\') => '\\',
                        Some('n') => '\n',
                        Some('r') => '\r',
                        Some('t') => '\t',
                        other => {
                            return Err(syntax(
                                here,
                                describe(other),
                                "an escape `\\\"`, `\\\\`, `\\n`, `\\r` or `\\t` after `\\`",
                            ));
                        }
                    };
                    self.bump();
                    value.push(escaped);
                }
                Some(c) => {
                    self.bump();
                    value.push(c);
                }
            }
        }
        // A missing `]` is said where the tag's line ends, not at the next
        // line's first move, which the error named as if it were at fault.
        while self
            .peek()
            .is_some_and(|c| is_space(c) && c != '\n' && c != '\r')
        {
            self.bump();
        }
        let line_end = (self.location, self.peek());
        self.skip_space();
        if self.peek() != Some(']') {
            let (location, found) = match line_end {
                (at, found @ (None | Some('\n' | '\r'))) => (at, found),
                _ => (self.location, self.peek()),
            };
            return Err(syntax(
                location,
                describe(found),
                format!("`]` closing tag {}", quote(&name)),
            ));
        }
        self.bump();
        if name == "Result" && value.parse::<GameResult>().is_err() {
            return Err(syntax(
                value_location,
                quote(&value),
                "a Result tag of `1-0`, `0-1`, `1/2-1/2` or `*`",
            ));
        }
        if name == VARIANT_TAG && value.parse::<Ruleset>().is_err() {
            return Err(syntax(
                value_location,
                // Quoted once, as the other tags' values are: it said `found unknown
                // variant `hexes``, the error's own words inside this one (cli36).
                quote(&value),
                "a Variant tag of `standard` or `corners`",
            ));
        }
        if name == CLAIM_TAG && value != "on" && value != "off" {
            return Err(syntax(
                value_location,
                quote(&value),
                "a Claim tag of `on` or `off`",
            ));
        }
        if name == TERMINATION_TAG && value.parse::<Termination>().is_err() {
            return Err(syntax(
                value_location,
                quote(&value),
                "a Termination tag of `normal`, `time forfeit`, `resignation` or `abandoned`",
            ));
        }
        if name == TIME_CONTROL_TAG
            && let Err(error) = value.parse::<TimeControl>()
        {
            // A value of the wrong form is quoted once, as `found`; a value out of
            // range says which limit it passes.
            let expected = match error {
                super::TimeControlError::Form { .. } => {
                    "a TimeControl tag of seconds+increment, like `300+3`".to_owned()
                }
                error => format!("a TimeControl tag of seconds+increment, like `300+3` ({error})"),
            };
            return Err(syntax(value_location, quote(&value), expected));
        }
        debug_assert!(is_valid_tag_name(&name));
        Ok((name, value, name_location))
    }
}

/// What the parser is waiting for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Tags or the first move.
    Header,
    /// Moves; `Some` just after a move number, which must be followed by a move.
    Moves(Option<Location>),
    /// The result token has been read: only white space and comments may follow.
    Done,
}

/// What may stand where a move is expected.
const MOVE_EXPECTED: &str =
    "a square a1..d4, a move number like `3.` or a result (`1-0`, `0-1`, `1/2-1/2`, `*`)";

pub(super) fn parse(text: &str) -> Result<Record, RecordError> {
    let mut cursor = Cursor {
        // A byte-order mark starting the file (Notepad's) takes no column: an editor
        // does not show it, and every error of line 1 was said a column late (QA, s31).
        chars: text.strip_prefix('\u{feff}').unwrap_or(text).chars(),
        location: Location { line: 1, column: 1 },
        after_cr: false,
    };
    let mut record = Record::new();
    // A set, so a file of many tags is not quadratic to check for duplicates.
    let mut tag_names = HashSet::new();
    let mut state = State::Header;
    let mut comments = Vec::new();
    loop {
        let skipped = cursor.skip_trivia(&mut comments);
        // Comments attach to the move they follow, or to the game before the first move.
        for text in comments.drain(..) {
            match record.notes.last_mut() {
                // The first `[%clk ...]` after a move is its time left, and the first
                // `[%claim ...]` how its claim was settled, not comments.
                Some(notes) => {
                    let mut text = text;
                    // A comment that was only commands is no comment; an empty `{}` is one.
                    let mut taken = false;
                    if notes.clock.is_none()
                        && let Some((left, rest)) = super::time_control::take_clock(&text)
                    {
                        notes.clock = Some(left);
                        (text, taken) = (rest, true);
                    }
                    if notes.forfeit.is_none()
                        && let Some((forfeit, rest)) = super::forfeit::take_forfeit(&text)
                    {
                        notes.forfeit = Some(forfeit);
                        (text, taken) = (rest, true);
                    }
                    if !(taken && text.is_empty()) {
                        notes.comments.push(text);
                    }
                }
                None => record.game_comments.push(text),
            }
        }
        skipped?;
        let start = cursor.location;
        let Some(c) = cursor.peek() else { break };
        if state == State::Done {
            let found = if ends_word(c) {
                describe(Some(c))
            } else {
                quote(&cursor.word())
            };
            let result = record.result.map_or("*", GameResult::token);
            return Err(syntax(
                start,
                found,
                format!("the end of the record after the result `{result}`"),
            ));
        }
        match c {
            '[' if state == State::Header => {
                let (name, value, location) = cursor.tag()?;
                if !tag_names.insert(name.clone()) {
                    return Err(syntax(
                        location,
                        quote(&name),
                        "a tag name not used before (each tag appears once)",
                    ));
                }
                match name.as_str() {
                    "Result" => record.result_tag_location = Some(location),
                    VARIANT_TAG => record.variant_tag_location = Some(location),
                    CLAIM_TAG => record.claim_tag_location = Some(location),
                    TERMINATION_TAG => record.termination_tag_location = Some(location),
                    TIME_CONTROL_TAG => record.time_control_tag_location = Some(location),
                    super::DATE_TAG => record.date_tag_location = Some(location),
                    _ => {}
                }
                record.tags.push((name, value));
            }
            '[' => {
                return Err(syntax(
                    start,
                    describe(Some(c)),
                    format!("{MOVE_EXPECTED} (tags come before the moves)"),
                ));
            }
            ']' | '}' | '"' => {
                let expected = if state == State::Header {
                    "a tag `[Name \"value\"]`, a move or a comment"
                } else {
                    MOVE_EXPECTED
                };
                return Err(syntax(start, describe(Some(c)), expected));
            }
            _ => {
                let word = cursor.word();
                state = word_in_moves(&mut record, state, &word, start)?;
            }
        }
    }
    if let State::Moves(Some(number_location)) = state {
        return Err(syntax(
            cursor.location,
            describe(None),
            format!("a square after the move number at {number_location}"),
        ));
    }
    Ok(record)
}

/// Reads one word of the move text: a result, a move number (maybe glued to its
/// move, `1.b2`) or a square. Returns the new state.
fn word_in_moves(
    record: &mut Record,
    state: State,
    word: &str,
    start: Location,
) -> Result<State, RecordError> {
    let pending_number = match state {
        State::Moves(pending) => pending,
        State::Header | State::Done => None,
    };
    if let Ok(result) = word.parse::<GameResult>() {
        if let Some(number_location) = pending_number {
            return Err(syntax(
                start,
                quote(word),
                format!("a square after the move number at {number_location}"),
            ));
        }
        record.result = Some(result);
        record.result_location = Some(start);
        return Ok(State::Done);
    }

    let mut rest = word;
    let mut square_location = start;
    if word.starts_with(|c: char| c.is_ascii_digit()) {
        if let Some(number_location) = pending_number {
            return Err(syntax(
                start,
                quote(word),
                format!("a square after the move number at {number_location}"),
            ));
        }
        let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
        let dots = word
            .chars()
            .skip(digits.len())
            .take_while(|&c| c == '.')
            .count();
        if dots != 1 && dots != 3 {
            return Err(syntax(start, quote(word), MOVE_EXPECTED));
        }
        let round = record.moves.len() / 2 + 1;
        // `N.` stands before Blue's move of round N, `N...` before Yellow's: a
        // number naming the other mover (`1... a1`, `1. a1 1. b2`) was taken
        // as if it were right, hiding a move left out or written twice (QA, s31).
        let (side, wanted_dots) = if record.moves.len().is_multiple_of(2) {
            ("Blue", 1)
        } else {
            ("Yellow", 3)
        };
        let wanted = format!("{round}{}", ".".repeat(wanted_dots));
        if digits.parse::<usize>().ok() != Some(round) {
            return Err(syntax(
                start,
                quote(word),
                format!(
                    "move number `{wanted}` (numbers count rounds: {side} is to play in round {round})"
                ),
            ));
        }
        if dots != wanted_dots {
            return Err(syntax(
                start,
                quote(word),
                format!(
                    "move number `{wanted}` (`N.` stands before Blue's move of round N, \
                     `N...` before Yellow's: {side} is to play in round {round})"
                ),
            ));
        }
        let consumed = digits.len() + dots;
        square_location.column = start.column.saturating_add(consumed as u32);
        // Both counts are of ASCII characters, so this byte offset is a char boundary;
        // `get` keeps it panic-free regardless.
        rest = word.get(consumed..).unwrap_or("");
        if rest.is_empty() {
            return Ok(State::Moves(Some(start)));
        }
    }
    // The square, then an optional claim `+N`, then an optional mark.
    let square_end = rest.find(['+', '!', '?']).unwrap_or(rest.len());
    let (square_text, mut suffix) = rest.split_at(square_end);
    let Ok(square) = square_text.parse::<Square>() else {
        return Err(syntax(square_location, quote(rest), MOVE_EXPECTED));
    };
    // Columns of the suffix: the square's text is ASCII when it parsed.
    let mut suffix_location = square_location;
    suffix_location.column = square_location
        .column
        .saturating_add(square_text.len() as u32);
    let mut claim = None;
    if let Some(after_plus) = suffix.strip_prefix('+') {
        let digits_end = after_plus
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(after_plus.len());
        let (digits, after_digits) = after_plus.split_at(digits_end);
        if !record.claim_mode() {
            return Err(syntax(
                suffix_location,
                quote(suffix),
                "a move without a claim `+N` (claims need the tag `[Claim \"on\"]`)",
            ));
        }
        match digits.parse::<u32>() {
            Ok(points) if points > 0 => claim = Some(points),
            _ => {
                return Err(syntax(
                    suffix_location,
                    quote(suffix),
                    "a claim of points after the move, like `+25`",
                ));
            }
        }
        suffix = after_digits;
        suffix_location.column = suffix_location
            .column
            .saturating_add(1 + digits.len() as u32);
    }
    let mark = if suffix.is_empty() {
        None
    } else {
        match suffix.parse::<Mark>() {
            Ok(mark) => Some(mark),
            Err(_) => {
                return Err(syntax(
                    suffix_location,
                    quote(suffix),
                    "a move mark `!`, `!!`, `!?`, `?!`, `?` or `??` (after any claim `+N`)",
                ));
            }
        }
    };
    record.push_move(square);
    if let Some(notes) = record.notes.last_mut() {
        notes.claim = claim;
        notes.mark = mark;
    }
    record.move_locations.push(square_location);
    Ok(State::Moves(None))
}

impl FromStr for Record {
    type Err = RecordError;

    /// Parses a record. Checks the syntax only; see [`Record::to_game`].
    fn from_str(text: &str) -> Result<Record, RecordError> {
        parse(text)
    }
}

impl Record {
    /// Parses a record read from a file or standard input: as `str::parse`, except
    /// that text holding no record at all (empty, or only white space and comments:
    /// no tag, no move, no result) is [`RecordError::Empty`], since such a file is a
    /// mistake, not a game. A record of tags without moves (a game not yet begun), or
    /// of a result alone (`*`), still reads.
    pub fn parse_file(text: &str) -> Result<Record, RecordError> {
        let record = parse(text)?;
        if record.tags.is_empty() && record.moves.is_empty() && record.result.is_none() {
            return Err(RecordError::Empty {
                blank: text.is_empty(),
            });
        }
        Ok(record)
    }
}
