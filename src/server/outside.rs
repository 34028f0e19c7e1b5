//! The one gate for text a stranger sent (an SSH user name, a message, anything shown to
//! others or logged): [`safe_text`], the house's filter (`text::sanitize`) with caps on
//! stacked marks, columns and bytes (it lives in `text`, below every screen, so a local
//! game shows a record's names through it too); and the stricter test a player's name
//! must pass ([`is_unsafe`]).

use crate::text;

pub use crate::text::safe_text;

/// The most display columns of a line the server composed around strangers' text
/// (a one-shot command's answer: names, already at most 16 columns, with the time
/// left or a rating change after them).
const MAX_LINE_COLUMNS: usize = 160;

/// A line the server composed, with strangers' text in it, made safe as
/// [`safe_text`] makes a stranger's text, but cut only past 160 columns (and 8 bytes a
/// column): what the server says after a 16-column name is not lost to the cut.
pub(crate) fn safe_line(line: &str) -> String {
    text::safe_within(line, MAX_LINE_COLUMNS, 8 * MAX_LINE_COLUMNS)
}

/// A character a name may not hold: it must never reach a terminal raw, or it can make
/// one name look like another (controls, bidi formatting, characters with no width).
pub(crate) fn is_unsafe(c: char) -> bool {
    use unicode_width::UnicodeWidthChar;
    if c.is_control() {
        return true;
    }
    let invisible = matches!(
        c,
        '\u{00AD}'                  // soft hyphen
        | '\u{034F}'                // combining grapheme joiner
        | '\u{061C}'                // Arabic letter mark
        | '\u{115F}' | '\u{1160}'   // Hangul fillers
        | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}'   // Mongolian selectors and vowel separator
        | '\u{200B}'..='\u{200F}'   // zero-width space, joiners, LRM, RLM
        | '\u{2028}'..='\u{202E}'   // separators, bidi embeddings and overrides
        | '\u{2060}'..='\u{206F}'   // word joiner, invisible operators, bidi isolates
        | '\u{3164}'                // Hangul filler
        | '\u{FE00}'..='\u{FE0F}'   // variation selectors
        | '\u{FEFF}'                // byte order mark
        | '\u{FFA0}'
        | '\u{FFF9}'..='\u{FFFB}'   // interlinear annotations
        | '\u{E0000}'..='\u{E0FFF}' // tags and variation selectors supplement
    );
    invisible || c.width().is_none_or(|w| w == 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{MAX_SHOWN_BYTES, MAX_SHOWN_COLUMNS};

    #[test]
    fn controls_bidi_and_invisible_characters_never_pass() {
        for text in [
            "a\u{1b}[2Jb",
            "a\u{7}b",
            "a\u{9b}b",
            "a\u{202E}b",
            "a\u{2066}b",
            "a\u{200B}b",
            "a\u{FEFF}b",
            "a\rb",
            "a\u{7f}b",
        ] {
            let out = safe_text(text);
            assert!(!out.chars().any(crate::text::is_unsafe), "{out:?}");
            assert!(out.starts_with('a') && out.ends_with('b'), "{out:?}");
            assert_ne!(out, text, "{text:?} -> {out:?}");
        }
    }

    #[test]
    fn stacked_marks_and_heavy_text_are_capped() {
        // Issue 26: Q and 500 combining graves passed as one column, 1,001 bytes.
        let zalgo = format!("Q{}", "\u{300}".repeat(500));
        let out = safe_text(&zalgo);
        assert_eq!(out, format!("Q{}", "\u{300}".repeat(text::MAX_MARKS)));
        // Every letter stacked: each keeps its few marks, and the bytes stay bounded.
        let tower = format!("a{}", "\u{301}".repeat(40)).repeat(200);
        let out = safe_text(&tower);
        assert!(out.len() <= MAX_SHOWN_BYTES, "{} bytes", out.len());
        assert!(text::width(&out) <= MAX_SHOWN_COLUMNS);
        assert!(!out.contains(&"\u{301}".repeat(text::MAX_MARKS + 1)));
        // Four-byte letters with four-byte marks, 64 columns of them: cut by bytes.
        let heavy = format!("\u{1D400}{}", "\u{1D167}".repeat(3)).repeat(64);
        let out = safe_text(&heavy);
        assert!(
            out.len() <= MAX_SHOWN_BYTES && out.ends_with(text::ELLIPSIS),
            "{out:?}"
        );
    }

    #[test]
    fn ordinary_text_passes_unchanged_and_long_text_is_cut() {
        assert_eq!(safe_text("Zoë 張 ok"), "Zoë 張 ok");
        assert_eq!(
            safe_text("Vie\u{302}\u{323}t Nam"),
            "Vie\u{302}\u{323}t Nam"
        );
        assert_eq!(
            crate::text::width(&safe_text(&"x".repeat(200))),
            MAX_SHOWN_COLUMNS
        );
    }
}
