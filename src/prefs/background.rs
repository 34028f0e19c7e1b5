//! The terminal's background colour, as its answer to the OSC 11 query says, and
//! the palette it suggests. Pure: the answer's bytes come in as an argument (the
//! asking is the screens' business, `ui::background_query`), so any bytes a terminal
//! or something pretending to be one sends are tested here.
//!
//! The answer is `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by BEL or ST (`ESC \`), each
//! component one to four hex digits (X11's `XParseColor` form, as xterm, VTE, kitty,
//! foot, tmux and others answer). Nothing else is taken.

use super::Palette;

/// The most bytes of an answer looked at: `ESC ] 11 ; rgb:RRRR/GGGG/BBBB ST` is 26.
pub const MAX_ANSWER_BYTES: usize = 64;

/// The query: what is the background colour? Ended by BEL, which every terminal that
/// answers takes (ST is not known to all of them).
pub const QUERY: &[u8] = b"\x1b]11;?\x07";

/// The primary device attributes query (DA1), sent after [`QUERY`]: every terminal
/// answers it, after any answer to the first, so its answer ends the wait.
pub const DA1: &[u8] = b"\x1b[c";

/// The background colour an OSC 11 answer names, as red, green and blue from 0 to 1;
/// `None` for anything but one well-formed answer (`bytes` is the answer alone,
/// from its `ESC ]` to its BEL or ST).
pub fn parse_answer(bytes: &[u8]) -> Option<[f64; 3]> {
    if bytes.len() > MAX_ANSWER_BYTES {
        return None;
    }
    let body = bytes.strip_prefix(b"\x1b]11;")?;
    let body = body
        .strip_suffix(b"\x07")
        .or_else(|| body.strip_suffix(b"\x1b\\"))?;
    let body = body.strip_prefix(b"rgb:")?;
    let mut parts = body.split(|&b| b == b'/');
    let mut rgb = [0.0; 3];
    for slot in &mut rgb {
        *slot = component(parts.next()?)?;
    }
    parts.next().is_none().then_some(rgb)
}

/// One hex component of one to four digits, scaled to 0..=1 by its own width
/// (`f` and `ffff` are both full).
fn component(digits: &[u8]) -> Option<f64> {
    if digits.is_empty() || digits.len() > 4 {
        return None;
    }
    let mut value: u32 = 0;
    for &d in digits {
        value = value * 16 + char::from(d).to_digit(16)?;
    }
    // At most four digits: the width's largest value fits and is not zero.
    let largest = (1u32 << (4 * digits.len())) - 1;
    Some(f64::from(value) / f64::from(largest))
}

/// WCAG 2's relative luminance of an sRGB colour, 0 (black) to 1 (white).
pub fn luminance([r, g, b]: [f64; 3]) -> f64 {
    let linear = |c: f64| {
        if c <= 0.039_28 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/// Whether a background of colour `rgb` is light: black text stands out more on it
/// than white text does (by WCAG's contrast ratio; the two are equal at a luminance
/// of about 0.18, a mid grey such as #767676).
pub fn is_light(rgb: [f64; 3]) -> bool {
    let l = luminance(rgb);
    // Contrast with black (l + 0.05) / 0.05 against with white 1.05 / (l + 0.05).
    (l + 0.05) * (l + 0.05) > 0.05 * 1.05
}

/// The palette a background of colour `rgb` suggests: [`Palette::Light`] on a light
/// one, [`Palette::Default`] (made for dark ones) otherwise.
pub fn palette_for(rgb: [f64; 3]) -> Palette {
    if is_light(rgb) {
        Palette::Light
    } else {
        Palette::Default
    }
}

/// Where an answer to the query followed by the primary device attributes query (DA1,
/// which every terminal answers, after any answer to the first) ends in `bytes`, the
/// input read so far: `Some(end)` once the DA1 answer (`ESC [ ? ... c`) is whole,
/// `bytes[..end]` then holding everything the two queries brought.
pub fn da1_end(bytes: &[u8]) -> Option<usize> {
    let start = bytes.windows(3).position(|w| w == b"\x1b[?")?;
    let rest = &bytes[start + 3..];
    let len = rest
        .iter()
        .position(|b| !(b.is_ascii_digit() || *b == b';'))?;
    (rest[len] == b'c').then_some(start + 3 + len + 1)
}

/// The OSC 11 answer among `bytes` (what came before the DA1 answer): from its
/// `ESC ] 11 ;` to its BEL or ST, when there is one.
pub fn find_answer(bytes: &[u8]) -> Option<&[u8]> {
    let start = bytes.windows(5).position(|w| w == b"\x1b]11;")?;
    let rest = &bytes[start..];
    let end = rest.iter().enumerate().skip(5).find_map(|(i, &b)| {
        if b == 0x07 {
            Some(i + 1)
        } else if b == 0x1b && rest.get(i + 1) == Some(&b'\\') {
            Some(i + 2)
        } else {
            None
        }
    })?;
    Some(&rest[..end])
}

/// What the terminal's input held while the queries were answered, sorted
/// ([`sort_input`]): the answers, and the keys the player typed meanwhile.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Sorted {
    /// The OSC 11 answer, whole (from its `ESC ] 11 ;` to its BEL or ST), if one came.
    pub answer: Option<Vec<u8>>,
    /// DA1's answer came whole: nothing more of the terminal's is to come.
    pub done: bool,
    /// DA1's answer had begun and not ended: the rest of it is still to come.
    pub da1_begun: bool,
    /// An OSC string had begun and not ended (it is at the end of [`Sorted::typed`]):
    /// the rest of it is still to come.
    pub osc_begun: bool,
    /// Every other byte, in order: the keys typed during the wait, and an OSC string
    /// begun and not ended (the rest of a late answer, which the input drops).
    pub typed: Vec<u8>,
}

/// Sorts `bytes`, the input read while waiting for the answers: an OSC string
/// (`ESC ]`, which no key of the game's sends) up to its BEL or ST, or up to the
/// next escape when it has none, is the terminal's, and so is DA1's answer (`ESC [ ?`,
/// digits and `;`, `c`); everything else the player typed.
pub fn sort_input(bytes: &[u8]) -> Sorted {
    let mut sorted = Sorted::default();
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        if rest.starts_with(b"\x1b]") {
            // Its end: BEL, ST, or (no end) the next escape.
            let end = rest.iter().enumerate().skip(2).find_map(|(j, &b)| match b {
                0x07 => Some((j + 1, true)),
                0x1b if rest.get(j + 1) == Some(&b'\\') => Some((j + 2, true)),
                // Maybe the first half of ST: not ended yet.
                0x1b if j + 1 == rest.len() => None,
                0x1b => Some((j, false)),
                _ => None,
            });
            match end {
                Some((end, whole)) => {
                    let string = &rest[..end];
                    if whole && string.starts_with(b"\x1b]11;") && sorted.answer.is_none() {
                        sorted.answer = Some(string.to_vec());
                    }
                    i += end;
                }
                // Begun and not ended: the rest comes late.
                None => {
                    sorted.typed.extend_from_slice(rest);
                    sorted.osc_begun = true;
                    break;
                }
            }
        } else if let Some(params) = rest.strip_prefix(b"\x1b[?") {
            let len = params
                .iter()
                .position(|b| !(b.is_ascii_digit() || *b == b';'));
            match len {
                Some(len) if params[len] == b'c' => {
                    sorted.done = true;
                    i += 3 + len + 1;
                }
                Some(_) => {
                    sorted.typed.push(rest[0]);
                    i += 1;
                }
                None => {
                    sorted.da1_begun = true;
                    break;
                }
            }
        } else if rest == b"\x1b[" {
            // DA1's answer cut after its CSI (no key is `ESC [` alone): its `?` and
            // the rest are still to come.
            sorted.da1_begun = true;
            break;
        } else {
            sorted.typed.push(rest[0]);
            i += 1;
        }
    }
    sorted
}

/// Whether `bytes`, the input read so far while waiting for the answers, ends
/// inside something of the terminal's: an OSC string or DA1's answer begun and not
/// ended, or an escape byte alone (an answer's first, or the Esc key). The reading
/// then waits on for the rest (an answer split in two writes, or by a slow link)
/// rather than give up after a quiet while and hand half an answer to the game.
pub fn cut_short(bytes: &[u8]) -> bool {
    let sorted = sort_input(bytes);
    sorted.osc_begun || sorted.da1_begun || bytes.last() == Some(&0x1b)
}

/// The palette the terminal's answer among `bytes` suggests, if it answered well.
pub fn guess_from_answer(bytes: &[u8]) -> Option<Palette> {
    find_answer(bytes).and_then(parse_answer).map(palette_for)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_well_formed_answer_is_read_by_bel_or_st() {
        assert_eq!(
            parse_answer(b"\x1b]11;rgb:ffff/ffff/ffff\x07"),
            Some([1.0, 1.0, 1.0])
        );
        assert_eq!(
            parse_answer(b"\x1b]11;rgb:0000/0000/0000\x1b\\"),
            Some([0.0, 0.0, 0.0])
        );
        // Two digits (some terminals), one digit, mixed widths.
        assert_eq!(
            parse_answer(b"\x1b]11;rgb:ff/80/00\x07").map(|c| c[0]),
            Some(1.0)
        );
        assert_eq!(
            parse_answer(b"\x1b]11;rgb:f/0/0\x07"),
            Some([1.0, 0.0, 0.0])
        );
        assert!(parse_answer(b"\x1b]11;rgb:fdf6/e3/0\x07").is_some());
    }

    #[test]
    fn anything_else_is_no_answer() {
        for bad in [
            &b""[..],
            b"\x1b]11;rgb:ffff/ffff/ffff",
            b"\x1b]11;rgb:ffff/ffff\x07",
            b"\x1b]11;rgb:ffff/ffff/ffff/ffff\x07",
            b"\x1b]11;rgb:fffff/0/0\x07",
            b"\x1b]11;rgb:ff/gg/00\x07",
            b"\x1b]11;rgb:ff//00\x07",
            b"\x1b]11;rgb:+f/0/0\x07",
            b"\x1b]11;rgba:ffff/ffff/ffff/ffff\x07",
            b"\x1b]11;#ffffff\x07",
            b"\x1b]10;rgb:ffff/ffff/ffff\x07",
            b"\x1b]11;?\x07",
            b"\x1b]11;rgb:\xff\xff/0/0\x07",
            b"\x1b]11;rgb:\xd9\xa1/0/0\x07",
        ] {
            assert_eq!(parse_answer(bad), None, "{bad:?}");
        }
        let long = [&b"\x1b]11;rgb:"[..], &[b'0'; 80], b"\x07"].concat();
        assert_eq!(parse_answer(&long), None);
    }

    /// A light background gives the light palette, a dark one the default; the
    /// boundary is where black and white text stand out equally.
    #[test]
    fn the_background_chooses_light_or_dark() {
        let grey = |v: f64| [v; 3];
        assert_eq!(palette_for(grey(1.0)), Palette::Light);
        assert_eq!(palette_for(grey(0.0)), Palette::Default);
        // Solarized light (#fdf6e3) and dark (#002b36); a mid grey either side.
        let hex = |r: u8, g: u8, b: u8| [r, g, b].map(|c| f64::from(c) / 255.0);
        assert_eq!(palette_for(hex(0xfd, 0xf6, 0xe3)), Palette::Light);
        assert_eq!(palette_for(hex(0x00, 0x2b, 0x36)), Palette::Default);
        assert_eq!(palette_for(hex(0x80, 0x80, 0x80)), Palette::Light);
        assert_eq!(palette_for(hex(0x60, 0x60, 0x60)), Palette::Default);
    }

    /// What the two queries bring is split: the DA1 answer ends the reading, and the
    /// OSC 11 answer before it (if any) is found by its own end.
    #[test]
    fn the_answers_are_found_in_what_the_terminal_sent() {
        let both = b"\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[?62;22c";
        assert_eq!(da1_end(both), Some(both.len()));
        assert_eq!(guess_from_answer(both), Some(Palette::Light));
        let dark = b"\x1b]11;rgb:1c1c/1c1c/1c1c\x07\x1b[?1;2c";
        assert_eq!(guess_from_answer(dark), Some(Palette::Default));
        // No OSC 11 support: the DA1 answer alone.
        assert_eq!(da1_end(b"\x1b[?6c"), Some(5));
        assert_eq!(guess_from_answer(b"\x1b[?6c"), None);
        // Not whole yet.
        assert_eq!(da1_end(b"\x1b]11;rgb:ffff/ffff/ffff\x07\x1b[?62;"), None);
        assert_eq!(da1_end(b"\x1b[?62x"), None);
        // A key typed after it is left for the game.
        assert_eq!(da1_end(b"\x1b[?62cq"), Some(6));
    }

    /// The keys typed while the queries were answered are kept, in order, and
    /// only the answers are taken out: a key before both, one between them, none
    /// after DA1 (the reading stops there). Before, every byte read was lost.
    #[test]
    fn keys_typed_during_the_wait_are_sorted_from_the_answers() {
        let osc = b"\x1b]11;rgb:ffff/ffff/ffff\x1b\\";
        let read = [&b"h"[..], osc, b"1\x1b[A", b"\x1b[?62;22c"].concat();
        let sorted = sort_input(&read);
        assert_eq!(sorted.answer.as_deref(), Some(&osc[..]));
        assert!(sorted.done && !sorted.da1_begun);
        assert_eq!(sorted.typed, b"h1\x1b[A");
        // BEL-ended, and the Esc key typed just before it.
        let read = b"\x1b\x1b]11;rgb:0/0/0\x07\x1b[?6c";
        let sorted = sort_input(read);
        assert_eq!(
            sorted.answer.as_deref(),
            Some(&b"\x1b]11;rgb:0/0/0\x07"[..])
        );
        assert_eq!(sorted.typed, b"\x1b");
        // No answer at all (a silent terminal): everything is typed.
        let sorted = sort_input(b"hq");
        assert_eq!(
            sorted,
            Sorted {
                typed: b"hq".to_vec(),
                ..Sorted::default()
            }
        );
        // DA1 alone.
        let sorted = sort_input(b"\x1b[?1;2c");
        assert!(sorted.done && sorted.answer.is_none() && sorted.typed.is_empty());
    }

    /// An answer the reading cut short: an OSC string begun is handed on whole (the
    /// input drops it and its rest), even cut between ST's two bytes; DA1 begun is
    /// taken out and noted, so its rest is dropped when it comes.
    #[test]
    fn answers_cut_short_are_told_apart_from_keys() {
        let sorted = sort_input(b"h\x1b]11;rgb:ff");
        assert_eq!(sorted.typed, b"h\x1b]11;rgb:ff");
        assert!(sorted.answer.is_none() && !sorted.done);
        let sorted = sort_input(b"\x1b]11;rgb:ffff/ffff/ffff\x1b");
        assert_eq!(sorted.typed, b"\x1b]11;rgb:ffff/ffff/ffff\x1b");
        assert!(sorted.answer.is_none());
        let sorted = sort_input(b"\x1b]11;rgb:0/0/0\x07h\x1b[?62;2");
        assert!(sorted.answer.is_some() && sorted.da1_begun && !sorted.done);
        assert_eq!(sorted.typed, b"h");
        // An OSC string with no end before the next escape is the terminal's, dropped.
        let sorted = sort_input(b"\x1b]11;junk\x1b[?6c");
        assert!(sorted.answer.is_none() && sorted.done && sorted.typed.is_empty());
    }

    /// DA1's answer cut right after its `ESC [` is DA1's begun, not two bytes typed
    /// (the input parser dropped them as a sequence cut short, and its `?` then
    /// opened the help); and the reading knows to wait for the rest of whatever
    /// was cut: an OSC string, DA1, or an escape alone, which may begin either.
    #[test]
    fn what_was_cut_short_is_known() {
        let sorted = sort_input(b"\x1b]11;rgb:0/0/0\x07h\x1b[");
        assert!(sorted.answer.is_some() && sorted.da1_begun && !sorted.done);
        assert_eq!(sorted.typed, b"h");
        for cut in [
            &b"\x1b"[..],
            b"h\x1b",
            b"\x1b]",
            b"\x1b]11;rgb:ffff/",
            b"\x1b]11;rgb:ffff/ffff/ffff\x1b",
            b"\x1b]11;rgb:0/0/0\x07\x1b[",
            b"\x1b]11;rgb:0/0/0\x07\x1b[?62;",
        ] {
            assert!(cut_short(cut), "{cut:?}");
        }
        for whole in [
            &b""[..],
            b"hq",
            b"\x1b[A",
            b"\x1b]11;rgb:0/0/0\x07",
            b"\x1b]11;rgb:0/0/0\x07\x1b[?62;22c",
        ] {
            assert!(!cut_short(whole), "{whole:?}");
        }
    }

    proptest! {
        /// The answer is untrusted: no bytes make the reading panic.
        #[test]
        fn no_bytes_panic(bytes in proptest::collection::vec(any::<u8>(), 0..96)) {
            let _ = parse_answer(&bytes);
            let _ = guess_from_answer(&bytes);
            if let Some(end) = da1_end(&bytes) {
                prop_assert!(end <= bytes.len());
            }
            prop_assert!(sort_input(&bytes).typed.len() <= bytes.len());
        }

        /// Nor do bytes shaped like an answer, which reach the digits' parsing.
        #[test]
        fn no_answer_shaped_bytes_panic(body in proptest::collection::vec(any::<u8>(), 0..40)) {
            let bytes = [&b"\x1b]11;rgb:"[..], &body, b"\x07"].concat();
            if let Some(rgb) = parse_answer(&bytes) {
                prop_assert!(rgb.iter().all(|c| (0.0..=1.0).contains(c)));
            }
        }
    }
}
