//! A record saved as UTF-16 (as some Windows editors and PowerShell's `>` do) is
//! no UTF-8 text: it is told apart, so the error says what the file is and how to
//! convert it rather than only that it is not UTF-8.

/// How many bytes from the start are looked at for the NUL pattern.
const LOOK: usize = 64;

/// The error for `bytes` if they look like UTF-16 text: a byte-order mark at the
/// start, or ASCII with a NUL beside every character (every other byte). `None`
/// for anything else, which the caller reports as it would.
pub(crate) fn utf16_error(bytes: &[u8]) -> Option<String> {
    let (why, from) = if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        ("it begins with a UTF-16 byte-order mark", "UTF-16")
    } else {
        let head = &bytes[..bytes.len().min(LOOK) & !1];
        if head.len() < 4 {
            return None;
        }
        // ASCII in UTF-16: one byte of each pair NUL, the other not.
        let pattern = |nul: usize| {
            head.chunks_exact(2)
                .all(|pair| pair[nul] == 0 && pair[1 - nul] != 0)
        };
        if pattern(1) {
            ("every other byte is NUL", "UTF-16LE")
        } else if pattern(0) {
            ("every other byte is NUL", "UTF-16BE")
        } else {
            return None;
        }
    };
    Some(format!(
        "line 1, column 1: the file looks like UTF-16 text ({why}), not UTF-8; \
         convert it first, e.g. iconv -f {from} -t UTF-8 game.hij > game-utf8.hij"
    ))
}

#[cfg(test)]
mod tests {
    use super::utf16_error;

    fn utf16le(text: &str) -> Vec<u8> {
        text.encode_utf16().flat_map(u16::to_le_bytes).collect()
    }

    fn utf16be(text: &str) -> Vec<u8> {
        text.encode_utf16().flat_map(u16::to_be_bytes).collect()
    }

    /// QA (learn2): a UTF-16 record was only "not UTF-8 text" (with a mark) or a
    /// syntax error about `1\u{0}.\u{0}` (without one).
    #[test]
    fn utf16_with_or_without_a_mark_is_named_with_its_conversion() {
        let record = "[Blue \"Ann\"]\n1. a1 b1 *\n";
        for (bytes, from, why) in [
            (
                [&[0xFF, 0xFE][..], &utf16le(record)].concat(),
                "UTF-16 ",
                "mark",
            ),
            (
                [&[0xFE, 0xFF][..], &utf16be(record)].concat(),
                "UTF-16 ",
                "mark",
            ),
            (utf16le(record), "UTF-16LE", "NUL"),
            (utf16be(record), "UTF-16BE", "NUL"),
        ] {
            let error = utf16_error(&bytes).unwrap();
            assert!(error.starts_with("line 1, column 1: "), "{error}");
            assert!(error.contains("looks like UTF-16"), "{error}");
            assert!(error.contains(why), "{error}");
            assert!(error.contains(&format!("iconv -f {from}")), "{error}");
        }
    }

    #[test]
    fn other_text_is_left_to_its_own_error() {
        for bytes in [
            &b"1. a1 b1 *\n"[..],
            b"",
            b"a\0",
            b"\xc3\xa9t\xc3\xa9 \xff",
            b"1. a1\0b1 c1 d1 a2 b2",
            "é".repeat(40).as_bytes(),
        ] {
            assert_eq!(utf16_error(bytes), None, "{bytes:?}");
        }
    }
}
