//! Making outside text safe to show: control characters never reach a terminal raw.
//!
//! A record's tags, a file name, engine input and (later) a network peer's name
//! can hold terminal escapes (`ESC [2J`, an OSC title sequence), bidi overrides that
//! make text read backwards, or invisible characters that make two names look the
//! same. [`sanitize`] shows each of them as a visible escape instead.

use std::borrow::Cow;
use std::path::Path;

/// Whether `c` must not reach a terminal as it is: a control character (C0, DEL,
/// C1), a bidi control, or an invisible (zero-width or formatting) character.
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            // Bidi marks, embeddings, overrides and isolates.
            '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
            // Zero-width and invisible characters, soft hyphen, line/paragraph separators.
            | '\u{00AD}' | '\u{034F}' | '\u{180E}' | '\u{200B}'..='\u{200D}' | '\u{2028}' | '\u{2029}'
            | '\u{2060}'..='\u{2064}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}'
        )
}

/// Whether `text` may stand as a person's name typed at this terminal or kept in
/// its config file (the start screen's names): no control, bidi or invisible
/// character ([`is_unsafe`]), no pile of combining marks (at most
/// [`MAX_MARKS`](super::MAX_MARKS) on a character), at most `columns` display columns
/// (never a count of characters), and no space first.
pub fn is_name(text: &str, columns: usize) -> bool {
    !text.starts_with(char::is_whitespace)
        && !text.chars().any(is_unsafe)
        && matches!(super::cap_marks(text, super::MAX_MARKS), Cow::Borrowed(_))
        && super::width(text) <= columns
}

/// `text` safe to print on a terminal, in a plain file or on stderr: every
/// character for which [`is_unsafe`] holds is written as a visible escape (`\n`,
/// `\t`, `\r`, else `\u{1b}`), and the rest is left as it is. Borrowed when nothing
/// needed escaping.
pub fn sanitize(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match escape(c) {
            Some(escaped) => out.push_str(&escaped),
            None => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// How [`sanitize`] writes `c`: `None` when it is left as it is.
fn escape(c: char) -> Option<String> {
    match c {
        '\n' => Some("\\n".to_owned()),
        '\t' => Some("\\t".to_owned()),
        '\r' => Some("\\r".to_owned()),
        c if is_unsafe(c) => Some(format!("\\u{{{:x}}}", u32::from(c))),
        _ => None,
    }
}

/// [`sanitize`]d `text` in at most `columns` display columns ([`super::fit()`]), cut so
/// that an escape is whole or gone: never `ann\u{20…`. The cut is made on the escaped
/// text, so it works on text that is already safe too (sanitising it again changes
/// nothing); a `\u{…` the text held itself is treated as an escape and kept whole or
/// dropped as well.
pub fn fit_sanitized(text: &str, columns: usize) -> String {
    let safe = sanitize(text);
    let fitted = super::fit(&safe, columns);
    if fitted == safe {
        return safe.into_owned();
    }
    match fitted.strip_suffix(super::ELLIPSIS) {
        Some(kept) => format!("{}{}", without_split_escape(kept), super::ELLIPSIS),
        // A cut to 0 columns: nothing left to split.
        None => fitted.into_owned(),
    }
}

/// `head`, the start of [`sanitize`]d text, less an escape that its end cuts short
/// (`\`, `\u`, `\u{`, `\u{20`): escapes hold no `\` of their own, so only the
/// last one can be cut.
fn without_split_escape(head: &str) -> &str {
    let Some(at) = head.rfind('\\') else {
        return head;
    };
    let after = &head[at + 1..];
    let split = after.is_empty()
        || after == "u"
        || after
            .strip_prefix("u{")
            .is_some_and(|hex| hex.chars().all(|c| c.is_ascii_hexdigit()));
    if split { &head[..at] } else { head }
}

/// The most display columns of a stranger's text shown or logged at once ([`safe_text`]).
pub const MAX_SHOWN_COLUMNS: usize = 64;

/// The most bytes of a stranger's text shown or logged at once: 8 a column, far above
/// any script's need once marks are capped, so a column can't carry a kilobyte.
pub const MAX_SHOWN_BYTES: usize = 8 * MAX_SHOWN_COLUMNS;

/// The one gate for text a stranger sent (a server's player names and messages, a
/// record's names in a local game): `outside` made safe to put on a terminal or in a log
/// by [`sanitize`] (C0 and C1 controls, DEL, bidi and zero-width characters made
/// visible), with at most [`super::MAX_MARKS`] combining marks on a character
/// ([`super::cap_marks`]), then cut to 64 display columns and [`MAX_SHOWN_BYTES`] bytes,
/// with `…`.
pub fn safe_text(outside: &str) -> String {
    safe_within(outside, MAX_SHOWN_COLUMNS, MAX_SHOWN_BYTES)
}

/// `outside` made safe as [`safe_text`] makes it, cut to `columns` display columns and
/// `bytes` bytes (a line composed around strangers' text, cut later than one name).
pub fn safe_within(outside: &str, columns: usize, bytes: usize) -> String {
    let safe = sanitize(outside);
    let calm = super::cap_marks(&safe, super::MAX_MARKS);
    let fitted = super::fit(&calm, columns);
    super::fit_bytes(&fitted, bytes).into_owned()
}

/// [`sanitize`]d `text` fitted to `columns` ([`fit_sanitized`]) and padded with spaces
/// to exactly `columns` columns (a table's cell, as [`super::pad`]), cut so that an
/// escape is whole or gone.
pub fn pad_sanitized(text: &str, columns: usize) -> String {
    let mut cell = fit_sanitized(text, columns);
    let spaces = columns.saturating_sub(super::width(&cell));
    cell.push_str(&" ".repeat(spaces));
    cell
}

/// `path` as shown to a person: its control characters and the like made visible
/// ([`sanitize`]), whatever a file name holds.
pub fn display_path(path: &Path) -> String {
    sanitize(&path.display().to_string()).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Whether `text` holds the start of an escape that is not whole.
    fn half_escape(text: &str) -> bool {
        let mut rest = text;
        while let Some(at) = rest.find("\\u") {
            let after = &rest[at + 2..];
            let whole = after.strip_prefix('{').and_then(|a| a.find('}')).is_some();
            if !whole {
                return true;
            }
            rest = after;
        }
        false
    }

    /// The games table cut `ann\u{202e}olleh` to `ann\u{20…`: a cut after sanitising
    /// keeps each escape whole or drops it, at every width.
    #[test]
    fn a_cut_keeps_an_escape_whole_or_drops_it() {
        let name = "ann\u{202e}olleh\u{1b}[2Jx";
        assert_eq!(pad_sanitized(name, 10), "ann…      ");
        assert_eq!(pad_sanitized(name, 13), "ann\\u{202e}o…");
        for columns in 0..=40 {
            let cell = pad_sanitized(name, columns);
            assert_eq!(super::super::width(&cell), columns, "{cell:?}");
            assert!(!half_escape(&cell), "{columns}: {cell:?}");
            assert!(!cell.chars().any(is_unsafe), "{cell:?}");
        }
        assert_eq!(pad_sanitized("plain", 7), "plain  ");
    }

    /// An escape, a wide character or a character with its combining marks at every
    /// place of the cut: each stays whole or goes, and the cut fits its columns.
    #[test]
    fn fit_sanitized_never_splits_an_escape_a_wide_character_or_its_marks() {
        // `\u{1b}` is 6 columns: a cut anywhere inside it drops it whole.
        for columns in 3..=9 {
            let fitted = fit_sanitized("ab\u{1b}cdefgh", columns);
            let expected = match columns {
                3..=8 => "ab…",
                _ => "ab\\u{1b}…",
            };
            assert_eq!(fitted, expected, "{columns}");
        }
        assert_eq!(fit_sanitized("ab\u{1b}cdefgh", 0), "");
        assert_eq!(fit_sanitized("ab\u{1b}c", 9), "ab\\u{1b}c");
        // `\n` is two columns: never a lone `\` before the `…`.
        assert_eq!(fit_sanitized("abc\ndef", 5), "abc…");
        assert_eq!(fit_sanitized("abc\ndef", 6), "abc\\n…");
        // A wide character that would straddle the last column is left out.
        assert_eq!(fit_sanitized("ab東京x", 4), "ab…");
        assert_eq!(fit_sanitized("ab東京x", 5), "ab東…");
        assert_eq!(
            super::super::width(&fit_sanitized("東".repeat(30).as_str(), 40)),
            39
        );
        // A character keeps its combining marks, whichever side of the cut.
        assert_eq!(
            fit_sanitized("abe\u{301}\u{308}fg", 4),
            "abe\u{301}\u{308}…"
        );
        assert_eq!(fit_sanitized("abe\u{301}\u{308}fg", 3), "ab…");
        // Text already escaped is cut the same way (sanitising it again changes nothing).
        let safe = sanitize("x\u{202e}y");
        assert_eq!(fit_sanitized(&safe, 5), "x…");
    }

    proptest! {
        #[test]
        fn fit_sanitized_fits_and_keeps_escapes_whole(
            text in "[a-c\u{1b}\u{7}\u{202e}\u{200b}\n\t東\u{301}]{0,24}",
            columns in 0usize..48,
        ) {
            let fitted = fit_sanitized(&text, columns);
            let safe = sanitize(&text);
            prop_assert!(super::super::width(&fitted) <= columns, "{fitted:?}");
            prop_assert!(!fitted.chars().any(is_unsafe), "{fitted:?}");
            prop_assert!(!half_escape(&fitted), "{fitted:?}");
            prop_assert!(!fitted.trim_end_matches(super::super::ELLIPSIS).ends_with('\\'));
            // Whole when it fits; else a start of the safe text and `…`.
            if super::super::fits(&safe, columns) {
                prop_assert_eq!(fitted, safe.into_owned());
            } else if columns > 0 {
                let kept = fitted.strip_suffix(super::super::ELLIPSIS);
                prop_assert!(kept.is_some_and(|k| safe.starts_with(k)), "{fitted:?}");
            }
        }
    }

    #[test]
    fn escapes_become_visible() {
        // Issue 18 E: a tag that would clear the screen and set the title.
        assert_eq!(
            sanitize("\u{1b}[2J\u{1b}]0;pwned\u{7}"),
            "\\u{1b}[2J\\u{1b}]0;pwned\\u{7}"
        );
        assert_eq!(
            sanitize("a\tb\nc\rd\u{7f}\u{9b}"),
            "a\\tb\\nc\\rd\\u{7f}\\u{9b}"
        );
        // A right-to-left override, zero-width space and joiner, BOM.
        assert_eq!(
            sanitize("ann\u{202e}gpj.exe\u{200b}\u{200d}\u{feff}"),
            "ann\\u{202e}gpj.exe\\u{200b}\\u{200d}\\u{feff}"
        );
        assert_eq!(sanitize("iso\u{2067}x\u{2069}"), "iso\\u{2067}x\\u{2069}");
    }

    #[test]
    fn plain_text_is_borrowed_unchanged() {
        for text in [
            "",
            "Ann",
            "Bartholomew the Great",
            "Zoë 🙂 東京",
            "a\\u{1b}",
        ] {
            assert!(matches!(sanitize(text), Cow::Borrowed(t) if t == text));
        }
    }

    proptest! {
        #[test]
        fn nothing_unsafe_gets_through(text in any::<String>()) {
            let safe = sanitize(&text);
            prop_assert!(!safe.chars().any(is_unsafe), "{safe:?}");
            // Safe text is a fixed point, and only unsafe characters change.
            prop_assert_eq!(sanitize(&safe), safe.clone());
            let kept: String = text.chars().filter(|&c| !is_unsafe(c)).collect();
            let unescaped: String = safe.chars().filter(|&c| !is_unsafe(c)).collect();
            prop_assert!(unescaped.len() >= kept.len());
            if !text.chars().any(is_unsafe) {
                prop_assert_eq!(safe.as_ref(), text.as_str());
            }
        }

        #[test]
        fn escapes_and_bidi_are_always_caught(
            head in "[a-z]{0,8}",
            bad in prop::sample::select(vec!['\u{0}', '\u{1b}', '\u{7}', '\u{7f}', '\u{85}', '\u{9b}', '\u{202e}', '\u{2066}', '\u{200b}', '\u{feff}']),
            tail in "[a-z]{0,8}",
        ) {
            let text = format!("{head}{bad}{tail}");
            let safe = sanitize(&text);
            prop_assert!(!safe.contains(bad));
            let shown = format!("\\u{{{:x}}}", u32::from(bad));
            prop_assert!(safe.starts_with(&head) && safe.ends_with(&tail) && safe.contains(&shown));
        }
    }
}
