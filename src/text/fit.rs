//! Fitting text to a number of display columns.
//!
//! Widths are terminal columns ([`unicode_width`]), never `char`s: a CJK character or
//! an emoji takes two columns, a combining mark none. A cut never splits a character
//! from its combining marks (or an emoji sequence joined by U+200D), and ends with `…`.

use std::borrow::Cow;

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The mark a cut text ends with (one column).
pub const ELLIPSIS: char = '…';

/// The zero-width joiner, which glues emoji into one picture.
const ZWJ: char = '\u{200D}';

/// The most zero-width characters (combining marks, variation selectors, joiners) that
/// [`cap_marks`] keeps after one character: enough for Vietnamese, Thai, Hangul jamo and
/// pointed Hebrew, too few to stack a glyph up through the lines above it.
pub const MAX_MARKS: usize = 3;

/// The dotted circle a mark with no character before it is put on (Unicode's custom).
const DOTTED_CIRCLE: char = '\u{25CC}';

/// `text` split into the pieces a terminal draws as one: a character with the
/// zero-width characters after it (combining marks, variation selectors), and
/// emoji joined by U+200D.
fn clusters(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let mut chars = rest.char_indices();
        let (_, first) = chars.next()?;
        let mut joined = first == ZWJ;
        let mut end = rest.len();
        for (i, c) in chars {
            if joined || c == ZWJ || UnicodeWidthChar::width(c) == Some(0) {
                joined = c == ZWJ;
                continue;
            }
            end = i;
            break;
        }
        let (cluster, after) = rest.split_at(end);
        rest = after;
        Some(cluster)
    })
}

/// How many columns `text` takes in a terminal.
pub fn width(text: &str) -> usize {
    clusters(text).map(UnicodeWidthStr::width).sum()
}

/// Whether `text` fits in `columns` columns.
pub fn fits(text: &str, columns: usize) -> bool {
    width(text) <= columns
}

/// The longest start of `text` that takes at most `columns` columns, whole clusters only.
fn head(text: &str, columns: usize) -> &str {
    let mut used = 0;
    let mut end = 0;
    for cluster in clusters(text) {
        let w = UnicodeWidthStr::width(cluster);
        if used + w > columns {
            break;
        }
        used += w;
        end += cluster.len();
    }
    &text[..end]
}

/// `text` in at most `columns` columns: whole if it fits, else cut and ended with `…`.
/// (A cut to 0 columns is empty.)
pub fn fit(text: &str, columns: usize) -> Cow<'_, str> {
    if fits(text, columns) {
        return Cow::Borrowed(text);
    }
    if columns == 0 {
        return Cow::Borrowed("");
    }
    let mut out = head(text, columns - 1).to_owned();
    out.push(ELLIPSIS);
    Cow::Owned(out)
}

/// `text` in at most `columns` columns keeping its end: whole if it fits, else `…` and
/// the longest end that fits after it, whole clusters only (a line being typed, whose
/// end is where the typing goes on). (A cut to 0 columns is empty.)
pub fn fit_end(text: &str, columns: usize) -> Cow<'_, str> {
    if fits(text, columns) {
        return Cow::Borrowed(text);
    }
    if columns == 0 {
        return Cow::Borrowed("");
    }
    Cow::Owned(format!("{ELLIPSIS}{}", tail(text, columns - 1)))
}

/// The longest end of `text` that takes at most `columns` columns, whole clusters only.
fn tail(text: &str, columns: usize) -> &str {
    let pieces: Vec<&str> = clusters(text).collect();
    let mut used = 0;
    let mut start = text.len();
    for cluster in pieces.iter().rev() {
        let w = UnicodeWidthStr::width(*cluster);
        if used + w > columns {
            break;
        }
        used += w;
        start -= cluster.len();
    }
    &text[start..]
}

/// `text` in at most `columns` columns keeping its start and its end: whole if it
/// fits, else its longest start, `…`, and its longest end, the end given the odd
/// column (a path, whose root and file name both tell which it is). Whole clusters
/// only, by display width. (A cut to 0 columns is empty.)
pub fn fit_middle(text: &str, columns: usize) -> Cow<'_, str> {
    if fits(text, columns) {
        return Cow::Borrowed(text);
    }
    if columns == 0 {
        return Cow::Borrowed("");
    }
    let room = columns - 1;
    let end = tail(text, room - room / 2);
    // The start takes what a wide cluster left the end; the two cannot meet, as
    // together they are narrower than `text`.
    let start = head(text, room - width(end));
    Cow::Owned(format!("{start}{ELLIPSIS}{end}"))
}

/// `path`'s shorter forms, longest first: its last folders and its file name whole
/// after `…` (`/home/ann/games/a.hij`: `…/ann/games/a.hij`, `…/games/a.hij`,
/// `…/a.hij`), for a line with no room for it whole, where it is cut at a separator
/// rather than in a name. Empty for a path with no folder before its name.
pub fn path_cuts(path: &str) -> Vec<String> {
    path.char_indices()
        .filter(|&(at, c)| matches!(c, '/' | '\\') && at > 0 && at + 1 < path.len())
        .map(|(at, _)| format!("{ELLIPSIS}{}", &path[at..]))
        .collect()
}

/// As [`fit`], but a cut goes back to the end of the last whole word (when one ends in
/// the second half of the room), so a title is never cut mid-word. Spaces and the
/// separators `·`, `,`, `;`, `:` before the `…` are dropped.
pub fn fit_words(text: &str, columns: usize) -> Cow<'_, str> {
    if fits(text, columns) {
        return Cow::Borrowed(text);
    }
    if columns == 0 {
        return Cow::Borrowed("");
    }
    let cut = head(text, columns - 1);
    // Whole when the next character starts a new word.
    let whole = text[cut.len()..].starts_with(char::is_whitespace);
    let kept = match cut.rfind(char::is_whitespace) {
        Some(space) if !whole && width(&cut[..space]) * 2 >= columns => &cut[..space],
        _ => cut,
    };
    let kept =
        kept.trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '·' | ',' | ';' | ':'));
    let mut out = kept.to_owned();
    out.push(ELLIPSIS);
    Cow::Owned(out)
}

/// The separator of a list on one line: the keys of a hint line, the rules in force.
pub const PART_SEPARATOR: &str = " · ";

/// `text`, a list of parts joined by [`PART_SEPARATOR`], fitted to `columns` at a
/// part's end: the parts that fit and ` · …`, so no key's wording is cut in half. When
/// not even the first part fits, or `text` has one part, as [`fit_words`].
pub fn fit_parts(text: &str, columns: usize) -> Cow<'_, str> {
    if fits(text, columns) {
        return Cow::Borrowed(text);
    }
    let more = format!("{PART_SEPARATOR}{ELLIPSIS}");
    let room = columns.saturating_sub(width(&more));
    let mut end = None;
    for (at, _) in text.match_indices(PART_SEPARATOR) {
        if !fits(&text[..at], room) {
            break;
        }
        end = Some(at);
    }
    match end {
        Some(at) => Cow::Owned(format!("{}{more}", &text[..at])),
        None => fit_words(text, columns),
    }
}

/// `text`, a list of parts joined by [`PART_SEPARATOR`], in rows of at most `columns`,
/// broken only between parts: a key stays with its words (`Backspace: rub out`,
/// never `Backspace:` at a row's end). A row that the list goes on after ends with
/// the separator's mark (`Enter: claim ·`), so the rows read as one list. A part too
/// wide for a row is [`wrap`]ped alone.
pub fn parts_in_rows(text: &str, columns: usize) -> Vec<String> {
    let mark = PART_SEPARATOR.trim_end();
    let parts: Vec<&str> = text.split(PART_SEPARATOR).collect();
    let mut rows: Vec<String> = Vec::new();
    let mut row = String::new();
    for (i, part) in parts.iter().enumerate() {
        // The room a row needs for the mark after this part, if more parts follow.
        let after = if i + 1 < parts.len() { mark } else { "" };
        if !row.is_empty() && fits(&format!("{row}{PART_SEPARATOR}{part}{after}"), columns) {
            row.push_str(PART_SEPARATOR);
            row.push_str(part);
            continue;
        }
        if !row.is_empty() {
            let marked = format!("{row}{mark}");
            rows.push(if fits(&marked, columns) { marked } else { row });
        }
        if fits(&format!("{part}{after}"), columns) {
            row = (*part).to_owned();
        } else {
            // Its last piece ends the row the next part may join.
            let mut pieces = wrap(part, columns);
            row = pieces.pop().unwrap_or_default();
            rows.extend(pieces);
        }
    }
    if !row.is_empty() {
        rows.push(row);
    }
    rows
}

/// `text`, a list of parts joined by [`PART_SEPARATOR`], fitted to `columns` by
/// dropping whole parts from the front: a border's keys, whose first part (the move
/// keys, given elsewhere too) matters least and whose last (quit) most. When even
/// the last part does not fit, as [`fit`].
pub fn fit_parts_from_front(text: &str, columns: usize) -> Cow<'_, str> {
    let mut kept = text;
    while !fits(kept, columns)
        && let Some((_, rest)) = kept.split_once(PART_SEPARATOR)
    {
        kept = rest;
    }
    fit(kept, columns)
}

/// `text` fitted to `columns` ([`fit`]) and padded with spaces to exactly `columns`
/// columns: a table's cell (`format!`'s `{:<n}` pads by `char`s, not columns).
pub fn pad(text: &str, columns: usize) -> String {
    let fitted = fit(text, columns);
    let spaces = columns.saturating_sub(width(&fitted));
    format!("{fitted}{}", " ".repeat(spaces))
}

/// The first of `choices` that fits in `columns` (a long wording, then shorter ones).
pub fn first_fitting<'a>(
    choices: impl IntoIterator<Item = &'a str>,
    columns: usize,
) -> Option<&'a str> {
    choices.into_iter().find(|t| fits(t, columns))
}

/// `text` with at most `max` zero-width characters after each character: the rest of
/// a stack of combining marks is dropped, and marks at the very start are put on a
/// dotted circle, so they can't join what the screen shows before the text. Borrowed
/// when nothing changed.
pub fn cap_marks(text: &str, max: usize) -> Cow<'_, str> {
    let mark = |c: char| UnicodeWidthChar::width(c) == Some(0);
    let leading = text.starts_with(mark);
    let mut run = 0;
    let over = text.chars().any(|c| {
        run = if mark(c) { run + 1 } else { 0 };
        run > max
    });
    if !leading && !over {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len().min(4 * 1024));
    if leading {
        out.push(DOTTED_CIRCLE);
    }
    let mut run = 0;
    for c in text.chars() {
        run = if mark(c) { run + 1 } else { 0 };
        if run <= max {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `text` in at most `bytes` bytes of UTF-8: whole if it fits, else cut after a whole
/// cluster (a character and its marks) and ended with `…`.
pub fn fit_bytes(text: &str, bytes: usize) -> Cow<'_, str> {
    if text.len() <= bytes {
        return Cow::Borrowed(text);
    }
    let room = bytes.saturating_sub(ELLIPSIS.len_utf8());
    let mut end = 0;
    for cluster in clusters(text) {
        if end + cluster.len() > room {
            break;
        }
        end += cluster.len();
    }
    let mut out = text[..end].to_owned();
    if bytes >= ELLIPSIS.len_utf8() {
        out.push(ELLIPSIS);
    }
    Cow::Owned(out)
}

/// Whether a path breaks after `c`: its separators.
fn is_separator(c: char) -> bool {
    matches!(c, '/' | '\\')
}

/// `word` in pieces, each ending just after a path separator (the last with whatever
/// follows the last one): `/home/ann/a.hij` is `/`, `home/`, `ann/`, `a.hij`.
fn pieces(word: &str) -> impl Iterator<Item = &str> {
    word.split_inclusive(is_separator)
}

/// The end of the longest head of `piece` that takes at most `room` columns and ends
/// just after a `-` or `_` (a name's own joints, the next best place to break a name
/// wider than a line), if one does. Whole clusters only.
fn joint_head(piece: &str, room: usize) -> Option<usize> {
    let mut used = 0;
    let mut end = 0;
    let mut cut = None;
    for cluster in clusters(piece) {
        used += UnicodeWidthStr::width(cluster);
        if used > room {
            break;
        }
        end += cluster.len();
        if cluster.ends_with(['-', '_']) {
            cut = Some(end);
        }
    }
    cut
}

/// The end of the head of `rest`, a word too long for a line `columns` wide, that goes
/// in the `room` columns left on a line (`room == columns`: a line of its own): as many
/// whole pieces ([`pieces`]) as fit; then, of a piece wider than any line, its longest
/// head ending after a `-` or `_`, or, on a line of its own, the most whole clusters
/// that fit (at least one, on a line still empty). 0 when nothing goes in the room.
fn line_head(rest: &str, room: usize, columns: usize) -> usize {
    let mut end = 0;
    let mut used = 0;
    for piece in pieces(rest) {
        let piece_width = width(piece);
        if used + piece_width <= room {
            end += piece.len();
            used += piece_width;
            continue;
        }
        if piece_width > columns {
            // It is broken whatever line it starts on: here, at a joint if it has one.
            let left = room - used;
            end += match joint_head(piece, left) {
                Some(cut) => cut,
                None if room == columns => {
                    let cut = head(piece, left).len();
                    // A cluster wider than the line still goes, alone.
                    match end {
                        0 => cut.max(clusters(piece).next().map_or(0, str::len)),
                        _ => cut,
                    }
                }
                None => 0,
            };
        }
        break;
    }
    end
}

/// One word that may hold spaces (a path), in lines of at most `columns` columns,
/// broken as [`wrap`] breaks a word too long for a line (after its `/`s, else after a
/// `-` or `_`, else anywhere) but never at a space, and with every character kept: a
/// path's spaces are its own.
pub fn wrap_word(word: &str, columns: usize) -> Vec<String> {
    let columns = columns.max(1);
    let mut lines = Vec::new();
    let mut rest = word;
    while width(rest) > columns {
        // On a line of its own the head holds a cluster at least, so this ends.
        let cut = line_head(rest, columns, columns);
        if cut == 0 {
            break;
        }
        lines.push(rest[..cut].to_owned());
        rest = &rest[cut..];
    }
    lines.push(rest.to_owned());
    lines
}

/// A space [`wrap`] never breaks a line at, and writes as a plain space: it keeps a
/// colour with its total (`Blue 15`). A text that holds one and is shown unwrapped
/// goes through [`plain_spaces`] first, so it never reaches a terminal.
pub const NO_BREAK: char = '\u{a0}';

/// `text` with each [`NO_BREAK`] a plain space.
pub fn plain_spaces(text: &str) -> Cow<'_, str> {
    if text.contains(NO_BREAK) {
        Cow::Owned(text.replace(NO_BREAK, " "))
    } else {
        Cow::Borrowed(text)
    }
}

/// `text` in lines of at most `columns` columns, broken at spaces (never at a
/// [`NO_BREAK`], written as a plain space). A word too long for
/// a line (a file path) is broken after its path separators (`/`): its first pieces go
/// on the line of the words before it where they fit, so a short word does not stand
/// alone before it, and each line after takes as many pieces as fit. Only a piece wider
/// than a line is broken inside: after a `-` or `_` where one fits, else anywhere
/// (whole clusters). Widths are display columns, as everywhere here.
pub fn wrap(text: &str, columns: usize) -> Vec<String> {
    let columns = columns.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    let words = text
        .split(|c: char| c.is_whitespace() && c != NO_BREAK)
        .filter(|word| !word.is_empty());
    for word in words {
        let gap = usize::from(!line.is_empty());
        if width(&line) + gap + width(word) <= columns {
            if gap == 1 {
                line.push(' ');
            }
            line.push_str(word);
            continue;
        }
        let mut rest = word;
        if !line.is_empty() {
            // A word that fits on a line goes whole on the next; one too long for any
            // line (a path) begins on this one where its first piece fits ("… was
            // kept as /home/", not "… was kept" / "as" / "/home/…").
            if width(word) > columns {
                let room = columns.saturating_sub(width(&line) + 1);
                let cut = line_head(rest, room, columns);
                // Not the separators alone: a root `/` ending the line read as a
                // stray slash (qa43: `Game kept as /` over `tmp/qa43/h1/h/games/`).
                if cut > 0 && !rest[..cut].chars().all(is_separator) {
                    line.push(' ');
                    line.push_str(&rest[..cut]);
                    rest = &rest[cut..];
                }
            }
            lines.push(std::mem::take(&mut line));
        }
        while width(rest) > columns {
            let cut = line_head(rest, columns, columns);
            lines.push(rest[..cut].to_owned());
            rest = &rest[cut..];
        }
        line.push_str(rest);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    for line in &mut lines {
        if line.contains(NO_BREAK) {
            *line = line.replace(NO_BREAK, " ");
        }
    }
    lines
}

/// `text` in lines of at most `columns` columns as [`wrap`] breaks it, with its spaces
/// kept: a run of them inside a line stays as it is and only the run a line breaks at
/// goes (with the spaces ending the text). For a message that quotes what it was given:
/// [`wrap`] makes every run one space, so `hijara score 'a  b.hij'` on a terminal named
/// `a b.hij`, a file that is not there (s36).
pub fn wrap_spaced(text: &str, columns: usize) -> Vec<String> {
    // Each space but the last of a run, and every space of a leading run, is held to
    // the word before it (or after it, leading) as a no-break space, which `wrap`
    // writes as a plain one; so `wrap` breaks a run only at its last space.
    let is_gap = |c: char| c.is_whitespace() && c != NO_BREAK;
    let mut held = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut leading = true;
    while let Some(c) = chars.next() {
        let next_is_gap = chars.peek().is_some_and(|&next| is_gap(next));
        if is_gap(c) && (leading || next_is_gap) {
            held.push(NO_BREAK);
        } else {
            leading = false;
            held.push(c);
        }
    }
    let mut lines = wrap(&held, columns).into_iter();
    let first = lines.next().unwrap_or_default();
    // A run held to the word before a break ends that line, and one wider than a line
    // is broken on to the next: at a break it goes, as the break's space does, and a
    // line it alone made goes too.
    let first = first.trim_end_matches(' ').to_owned();
    let rest = lines
        .map(|line| line.trim_matches(' ').to_owned())
        .filter(|line| !line.is_empty());
    std::iter::once(first).chain(rest).collect()
}

/// Each line of `text` [`wrap_spaced`] to `columns`, joined by line breaks again: a
/// message (an error, a note) that may quote a file's name or a value with its spaces.
pub fn wrap_message(text: &str, columns: usize) -> String {
    text.lines()
        .flat_map(|line| wrap_spaced(line, columns))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `text` [`wrap`]ped to `columns`, each of `kept` (a question's answers, each
/// where it last occurs in the text, as the answers end it) whole on one row when
/// it fits one with the marks stuck to it (`stay,`): it is not broken at its spaces.
/// A reader reads an answer broken across rows as two (`any` / `other key: stay`).
/// One wider than a row begins a row, its keys (up to its `:`) kept together, and
/// takes the rows it needs from there.
pub fn wrap_keeping<S: AsRef<str>>(text: &str, kept: &[S], columns: usize) -> Vec<String> {
    let columns = columns.max(1);
    // The text as its rows read, with its no-break spaces as plain ones: a
    // character of it for each of `text`'s, so a byte of it marks a character.
    let plain = plain_spaces(text);
    let mut held = vec![false; plain.len()];
    // Where a wide answer begins a row.
    let mut row_starts = Vec::new();
    for phrase in kept {
        let phrase = phrase.as_ref();
        let Some(start) = plain.rfind(phrase).filter(|_| !phrase.is_empty()) else {
            continue;
        };
        // The word it makes with what is stuck to it on each side.
        let from = plain[..start]
            .trim_end_matches(|ch: char| !ch.is_whitespace())
            .len();
        let end = start + phrase.len();
        let to = plain[end..]
            .find(char::is_whitespace)
            .map_or(plain.len(), |at| end + at);
        let hold = if width(&plain[from..to]) <= columns {
            end
        } else {
            if from == start {
                row_starts.push(start);
            }
            // Its keys: `any other key`, not `any` at a row's end.
            phrase.find(':').map_or(start, |colon| start + colon)
        };
        for (at, ch) in plain[start..hold].char_indices() {
            if ch.is_whitespace() {
                held[start + at] = true;
            }
        }
    }
    if !held.contains(&true) && row_starts.is_empty() {
        return wrap(text, columns);
    }
    // The text with the held spaces no-break ones, in pieces at the wide answers.
    let mut pieces = vec![String::new()];
    for (ch, (at, _)) in text.chars().zip(plain.char_indices()) {
        if row_starts.contains(&at) {
            pieces.push(String::new());
        }
        if let Some(piece) = pieces.last_mut() {
            piece.push(if held[at] { NO_BREAK } else { ch });
        }
    }
    pieces
        .iter()
        .filter(|piece| !piece.trim().is_empty())
        .flat_map(|piece| wrap(piece, columns))
        .collect()
}

/// The most columns a line said on the normal screen after the full screen takes
/// (a farewell, a summary): the terminal's own wrapping at 80 columns broke the
/// autosave's line mid-word ("Auto" / "save").
pub const AFTER_SCREEN_COLUMNS: usize = 80;

/// Each line of `text` [`wrap`]ped to `columns`, joined by line breaks again.
pub fn wrap_lines(text: &str, columns: usize) -> String {
    text.lines()
        .flat_map(|line| wrap(line, columns))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path too wide for a line is broken after its `/`s, never at its spaces, and
    /// keeps every character (two spaces, wide letters); one that fits is one line.
    #[test]
    fn wrap_word_breaks_a_path_after_its_slashes_and_keeps_its_spaces() {
        let path = "/home/ann/my  games/設定フォルダ/a-very-long-folder-name-here/config.toml";
        assert_eq!(wrap_word(path, 80), [path]);
        let lines = wrap_word(path, 30);
        assert_eq!(
            lines,
            [
                "/home/ann/my  games/",
                "設定フォルダ/",
                "a-very-long-folder-name-here/",
                "config.toml"
            ]
        );
        assert_eq!(lines.concat(), path);
        for columns in 1..=80 {
            let lines = wrap_word(path, columns);
            assert_eq!(lines.concat(), path, "{columns}");
            // A cluster wider than the line goes alone.
            assert!(
                lines.iter().all(|l| width(l) <= columns.max(2)),
                "{columns}"
            );
        }
    }

    /// A line is never broken at a [`NO_BREAK`], which is written as a space.
    #[test]
    fn wrap_keeps_words_joined_by_a_no_break_space() {
        let text = "12 moves, Blue\u{a0}10 Yellow\u{a0}20. y: resume";
        assert_eq!(
            wrap(text, 14),
            ["12 moves,", "Blue 10", "Yellow 20. y:", "resume"]
        );
        assert_eq!(plain_spaces(text), "12 moves, Blue 10 Yellow 20. y: resume");
    }

    /// s36 (qa40): an error on a terminal made each run of spaces one, so a file
    /// named `two  spaces.hij` was named `two spaces.hij`. [`wrap_spaced`] keeps a run
    /// inside a line and drops only the run a line breaks at.
    #[test]
    fn wrap_spaced_keeps_the_spaces_inside_a_line() {
        let text = "hijara: two  spaces.hij: line 1,   column 4";
        assert_eq!(wrap_spaced(text, 80), [text]);
        assert_eq!(
            wrap_spaced(text, 24),
            ["hijara: two  spaces.hij:", "line 1,   column 4"]
        );
        // The run at a break goes whole, however long; a leading run stays.
        assert_eq!(wrap_spaced("ab     cd", 4), ["ab", "cd"]);
        assert_eq!(wrap_spaced("  ab cd  ", 80), ["  ab cd"]);
        assert_eq!(wrap_message("a  b\nc   d", 80), "a  b\nc   d");
        // Nothing else changes: what has no run of spaces wraps as `wrap` does.
        let plain = "12 moves, Blue\u{a0}10 Yellow\u{a0}20. y: resume /a/long/path/to/it";
        for columns in [14, 30, 80] {
            assert_eq!(
                wrap_spaced(plain, columns),
                wrap(plain, columns),
                "{columns}"
            );
        }
    }

    /// s32: a list of keys breaks between its parts only, each row the list goes on
    /// after ending with its mark; a part wider than a row is wrapped alone.
    #[test]
    fn parts_in_rows_keeps_each_part_whole() {
        let keys = "Enter: claim · Backspace: rub out · Esc: cancel";
        assert_eq!(
            wrap(keys, 28),
            ["Enter: claim · Backspace:", "rub out · Esc: cancel"]
        );
        assert_eq!(
            parts_in_rows(keys, 28),
            ["Enter: claim ·", "Backspace: rub out ·", "Esc: cancel"]
        );
        assert_eq!(parts_in_rows(keys, 60), [keys]);
        assert_eq!(
            parts_in_rows("u: again · n: next · m: menu · q: quit", 28),
            ["u: again · n: next ·", "m: menu · q: quit"]
        );
        assert_eq!(
            parts_in_rows("a: one two three · b: x", 8),
            ["a: one", "two", "three ·", "b: x"]
        );
        for columns in 1..50 {
            for row in parts_in_rows(keys, columns) {
                assert!(fits(&row, columns), "{columns}: {row:?}");
            }
        }
    }

    /// s31: an answer is kept whole on a row when it fits one (it broke as `any` /
    /// `other key: stay`), with the comma after it; one too wide for a row wraps as
    /// words do; a no-break space elsewhere is kept too.
    #[test]
    fn wrap_keeping_keeps_each_answer_on_one_row_when_it_fits() {
        let text = "Play on? Blue\u{a0}10. y: play on, any other key: stay, s: save";
        let kept = ["y: play on", "any other key: stay", "s: save"];
        let words = |t: &str| t.split_whitespace().collect::<String>();
        assert_eq!(
            wrap(text, 22),
            [
                "Play on? Blue 10. y:",
                "play on, any other",
                "key: stay, s: save"
            ]
        );
        assert_eq!(
            wrap_keeping(text, &kept, 22),
            [
                "Play on? Blue 10.",
                "y: play on,",
                "any other key: stay,",
                "s: save"
            ]
        );
        // `any other key: stay,` is 20 columns: at 19 it cannot be whole; it begins
        // a row, its keys together.
        assert_eq!(
            wrap_keeping(text, &kept, 19),
            [
                "Play on? Blue 10.",
                "y: play on,",
                "any other key:",
                "stay, s: save"
            ]
        );
        assert_eq!(wrap_keeping(text, &[] as &[&str], 19), wrap(text, 19));
        for columns in 1..=70 {
            let rows = wrap_keeping(text, &kept, columns);
            assert_eq!(
                words(&rows.join(" ")),
                words(&plain_spaces(text)),
                "{columns}"
            );
            assert!(rows.iter().all(|r| width(r) <= columns.max(2)), "{columns}");
        }
    }

    #[test]
    fn a_list_of_parts_is_cut_after_a_whole_part() {
        let keys = "arrows/hjkl: move · Enter: place · +25 Enter: claim · u: undo";
        assert_eq!(fit_parts(keys, 80), keys);
        // At 44 columns `fit` left "+25 Ente…"; whole parts and a mark that more follow.
        assert_eq!(fit_parts(keys, 44), "arrows/hjkl: move · Enter: place · …");
        assert!(width(&fit_parts(keys, 44)) <= 44);
        assert_eq!(fit_parts(keys, 36), "arrows/hjkl: move · Enter: place · …");
        assert_eq!(fit_parts(keys, 35), "arrows/hjkl: move · …");
        // When not even the first part fits, its words are cut as `fit_words` cuts.
        assert_eq!(fit_parts(keys, 14), fit_words(keys, 14));
        assert_eq!(fit_parts(keys, 0), "");
        // Text with no parts is fitted by words.
        assert_eq!(
            fit_parts("Blue played b3 (section 2)", 20),
            "Blue played b3…"
        );
    }

    #[test]
    fn fit_end_keeps_the_end_after_an_ellipsis_by_columns() {
        assert_eq!(fit_end("hello", 5), "hello");
        assert_eq!(fit_end("hello world", 6), "…world");
        // Wide characters count two columns; a cluster is never split.
        assert_eq!(fit_end("山田太郎", 5), "…太郎");
        assert_eq!(fit_end("山田太郎", 4), "…郎");
        assert_eq!(fit_end("abe\u{301}", 2), "…e\u{301}");
        assert_eq!(fit_end("hello", 0), "");
        assert!(width(&fit_end(&"x".repeat(60), 26)) == 26);
    }

    /// A path cut for a heading keeps its root and its last folder, by columns.
    #[test]
    fn fit_middle_keeps_both_ends_by_columns() {
        assert_eq!(fit_middle("hello", 5), "hello");
        assert_eq!(fit_middle("/srv/data/hijara/games", 12), "/srv/…/games");
        // Wide characters count two columns, and are never split: the start takes
        // the column a wide end could not.
        assert_eq!(fit_middle("山田太郎山田", 7), "山田…田");
        assert_eq!(fit_middle("ab山田太郎", 6), "ab…郎");
        assert_eq!(fit_middle("abe\u{301}cd", 4), "a…cd");
        assert_eq!(fit_middle("hello", 1), "…");
        assert_eq!(fit_middle("hello", 0), "");
        let long = "棋x".repeat(30);
        for columns in 1..40 {
            let cut = fit_middle(&long, columns);
            assert!(
                width(&cut) <= columns && width(&cut) + 1 >= columns,
                "{cut}"
            );
        }
    }

    #[test]
    fn parts_from_the_front_go_whole() {
        let keys = "↑↓ or 1-9: choose · Enter or click: open · p: puzzles · q: quit";
        assert_eq!(fit_parts_from_front(keys, 80), keys);
        assert_eq!(
            fit_parts_from_front(keys, 43),
            "Enter or click: open · p: puzzles · q: quit"
        );
        assert_eq!(fit_parts_from_front(keys, 42), "p: puzzles · q: quit");
        assert_eq!(fit_parts_from_front(keys, 7), "q: quit");
        assert_eq!(fit_parts_from_front(keys, 5), "q: q…");
        assert_eq!(fit_parts_from_front("", 0), "");
    }

    #[test]
    fn ascii_is_one_column_a_character() {
        assert_eq!(width("hijara"), 6);
        assert_eq!(fit("hijara", 6), "hijara");
        assert_eq!(fit("hijara", 5), "hija…");
        assert_eq!(fit("hijara", 1), "…");
        assert_eq!(fit("hijara", 0), "");
        assert_eq!(fit("", 0), "");
    }

    #[test]
    fn wide_characters_take_two_columns() {
        // Four CJK characters: 8 columns, 4 chars.
        let name = "棋盤遊戲";
        assert_eq!(width(name), 8);
        assert!(!fits(name, 7));
        // 6 columns: two characters (4) and the ellipsis (1); a third would make 7.
        assert_eq!(fit(name, 6), "棋盤…");
        assert_eq!(width(&fit(name, 6)), 5);
        assert_eq!(fit(name, 7), "棋盤遊…");
        assert_eq!(width(&fit(name, 7)), 7);
        // An emoji is two columns too.
        assert_eq!(width("ok 🎲"), 5);
        assert_eq!(fit("🎲🎲🎲", 4), "🎲…");
    }

    #[test]
    fn combining_marks_take_no_column_and_stay_with_their_letter() {
        // "é" written as e + U+0301: 2 chars, 1 column.
        let cafe = "cafe\u{301} noir";
        assert_eq!(width(cafe), 9);
        assert_eq!(fit(cafe, 5), "cafe\u{301}…");
        assert_eq!(fit(cafe, 4), "caf…", "the e goes with its accent");
        // A family emoji (three emoji joined by U+200D) and a heart with its
        // variation selector are each one picture of two columns.
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
        assert_eq!(width(family), 2);
        assert_eq!(fit(&format!("{family}{family}"), 3), format!("{family}…"));
        assert_eq!(width("\u{2764}\u{FE0F}"), 2);
    }

    #[test]
    fn stacked_marks_are_capped_and_a_leading_mark_gets_a_base() {
        // Issue 26: Q and 500 combining graves took 1,001 bytes for one column.
        let zalgo = format!("Q{}x", "\u{300}".repeat(500));
        let calm = cap_marks(&zalgo, MAX_MARKS);
        assert_eq!(calm, format!("Q{}x", "\u{300}".repeat(MAX_MARKS)));
        // Real text with marks passes unchanged: Vietnamese written decomposed (two
        // marks on one letter), Thai (a vowel and a tone mark), an emoji and its selector.
        for text in [
            "Vie\u{302}\u{323}t",
            "\u{E1B}\u{E39}\u{E48}",
            "\u{2764}\u{FE0F} ok",
            "plain",
        ] {
            assert!(
                matches!(cap_marks(text, MAX_MARKS), Cow::Borrowed(_)),
                "{text:?}"
            );
        }
        // Marks with nothing before them would join the screen's previous cell.
        assert_eq!(
            cap_marks("\u{301}\u{301}a", MAX_MARKS),
            "\u{25CC}\u{301}\u{301}a"
        );
        assert_eq!(cap_marks("", MAX_MARKS), "");
    }

    #[test]
    fn a_byte_cut_keeps_whole_clusters() {
        assert_eq!(fit_bytes("hijara", 6), "hijara");
        assert_eq!(fit_bytes("hijara", 5), "hi…");
        // é as e + U+0301 is one cluster of 3 bytes: never split from its accent.
        let cafes = "cafe\u{301}s";
        assert_eq!(fit_bytes(cafes, 6), "caf…");
        assert_eq!(fit_bytes(cafes, 7), cafes);
        assert_eq!(fit_bytes("棋盤遊戲", 9), "棋盤…");
        for bytes in 0..20 {
            let cut = fit_bytes("a棋e\u{301}🎲b", bytes);
            assert!(cut.len() <= bytes.max(3), "{cut:?} in {bytes}");
        }
    }

    #[test]
    fn every_cut_fits_and_keeps_whole_clusters() {
        let texts = [
            "Blue: 棋手 · Yellow: hard · Date 2026-11-30",
            "e\u{301}e\u{301}e\u{301} 🎲 x",
            "\u{1F468}\u{200D}\u{1F469} ab",
        ];
        for text in texts {
            for columns in 0..=width(text) + 1 {
                for cut in [fit(text, columns), fit_words(text, columns)] {
                    assert!(width(&cut) <= columns, "{cut:?} in {columns}");
                    let body = cut.trim_end_matches(ELLIPSIS);
                    assert!(text.starts_with(body), "{cut:?} from {text:?}");
                    let next = text[body.len()..].chars().next();
                    assert!(
                        next.is_none_or(|c| c != '\u{301}' && c != ZWJ),
                        "{cut:?} splits a cluster"
                    );
                }
            }
        }
    }

    #[test]
    fn words_are_cut_whole() {
        let title = "complete.hij · Blue: hard · Yellow: medium";
        assert_eq!(fit_words(title, 100), title);
        // 26 columns hold "hard" whole; 25 would cut it, so the cut goes back a word.
        assert_eq!(fit_words(title, 26), "complete.hij · Blue: hard…");
        assert_eq!(fit_words(title, 25), "complete.hij · Blue…");
        assert_eq!(fit_words(title, 24), "complete.hij · Blue…");
        assert_eq!(fit(title, 24), "complete.hij · Blue: ha…");
        // One long word is still cut, with the ellipsis.
        assert_eq!(fit_words("abcdefghij", 5), "abcd…");
        assert_eq!(fit_words("棋盤遊戲 棋盤遊戲", 12), "棋盤遊戲…");
    }

    #[test]
    fn pad_fills_to_exact_columns() {
        assert_eq!(pad("ab", 4), "ab  ");
        assert_eq!(pad("棋盤", 6), "棋盤  ");
        assert_eq!(width(&pad("棋盤遊戲棋盤", 7)), 7);
        assert_eq!(pad("棋盤遊戲棋盤", 7), "棋盤遊…");
        assert_eq!(
            width(&pad("棋盤遊戲棋盤", 8)),
            8,
            "a wide cut is padded by one"
        );
    }

    /// QA (uifit): a long saved path in a box broke mid-name where a whole piece
    /// would have gone on the next line (`path/` alone, then `with-some-long-folder-nam`
    /// / `es/...`), and a file name a column too wide for the box lost its last letter
    /// to the next line (`hijara-20261130-041500.hi` / `j (see: ...)`). Now a path
    /// breaks after its `/`, a piece wider than a line after a `-` or `_` (filling the
    /// line it starts on), and only one with neither anywhere.
    #[test]
    fn a_path_breaks_at_its_separators_and_a_name_too_wide_at_its_joints() {
        let text = "Game kept as /very/long/path/with-some-long-folder-names/and/more/levels/hijara-20261130-041500-2.hij (see: hijara games)";
        assert_eq!(
            wrap(text, 25),
            [
                "Game kept as /very/long/",
                "path/with-some-long-",
                "folder-names/and/more/",
                "levels/hijara-20261130-",
                "041500-2.hij (see: hijara",
                "games)",
            ]
        );
        assert_eq!(
            wrap(text, 38),
            [
                "Game kept as /very/long/path/",
                "with-some-long-folder-names/and/more/",
                "levels/hijara-20261130-041500-2.hij",
                "(see: hijara games)",
            ]
        );
        // A piece with no joint is cut anywhere on a line of its own, by columns (a
        // CJK character takes two), whole clusters.
        assert_eq!(
            wrap("kept as /a/棋盤遊戲棋盤遊戲.hij", 9),
            ["kept as", "/a/棋盤遊", "戲棋盤遊", "戲.hij"]
        );
        for columns in 1..=40 {
            for line in wrap(text, columns) {
                assert!(width(&line) <= columns, "{line:?} in {columns}");
            }
            let joined: String = wrap(text, columns).concat();
            assert_eq!(
                joined.split_whitespace().collect::<String>(),
                text.split_whitespace().collect::<String>(),
                "{columns}"
            );
        }
    }

    /// s39 (board45): a kept game's path, said on one row, is cut at a separator
    /// from its front, its file name whole.
    #[test]
    fn a_path_is_cut_at_its_separators_from_the_front() {
        assert_eq!(
            path_cuts("/home/ann/games/a.hij"),
            ["…/ann/games/a.hij", "…/games/a.hij", "…/a.hij"]
        );
        assert_eq!(path_cuts("games/a.hij"), ["…/a.hij"]);
        assert!(path_cuts("a.hij").is_empty() && path_cuts("/a.hij").is_empty());
        assert_eq!(path_cuts("/tmp/棋盤/a.hij"), ["…/棋盤/a.hij", "…/a.hij"]);
    }

    /// QA (qa43): a path whose root `/` alone fitted at the end of a line began
    /// there, so the line ended in a stray slash (`... Game kept as /`) and the next
    /// began `tmp/qa43/h1/h/games/`; now the path begins on the next line, whole where
    /// it fits. A head with more than the root still goes on the line.
    #[test]
    fn a_path_does_not_leave_its_root_slash_alone_at_a_line_s_end() {
        assert_eq!(
            wrap("Game kept as /tmp/qa/games/x.hij", 15),
            ["Game kept as", "/tmp/qa/games/", "x.hij"]
        );
        assert_eq!(
            wrap("Game kept as /tmp/qa/games/x.hij", 18),
            ["Game kept as /tmp/", "qa/games/x.hij"]
        );
        // The screen it was seen on: a box 39 columns wide at 80x24.
        let text = "Yellow played d4 (section 4). Claim its points: + points Enter. \
                    Game kept as /tmp/qa43/h1/h/games/hijara-20261207-153153.hij (see: \
                    hijara games)";
        let lines = wrap(text, 39);
        assert!(lines.iter().all(|l| !l.ends_with(" /")), "{lines:?}");
        assert!(
            lines.iter().any(|l| l.starts_with("/tmp/qa43/")),
            "{lines:?}"
        );
    }

    #[test]
    fn the_first_wording_that_fits() {
        let wordings = ["the long wording", "short", "s"];
        assert_eq!(first_fitting(wordings, 20), Some("the long wording"));
        assert_eq!(first_fitting(wordings, 5), Some("short"));
        assert_eq!(first_fitting(wordings, 0), None);
        assert_eq!(first_fitting(["棋盤", "ab"], 3), Some("ab"));
    }
}
