//! The palettes a player can choose, and the guesses made when none is chosen: no
//! colour on a monochrome `TERM`, the light palette from `COLORFGBG`, an ASCII board
//! from a locale that is not UTF-8.
//!
//! Pure: the environment's values come in as arguments, so the guesses are tested
//! without touching the process's environment.

/// A named set of colours for the screens. Only names here: the colours themselves
/// are the screens' business (`ui`). A server keeps one per player's key, so the
/// names are stable (`hijara config`, `--palette`, the server's store).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    clap::ValueEnum,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    serde::Serialize,
    serde::Deserialize,
)]
#[strum(serialize_all = "kebab-case")]
#[serde(rename_all = "kebab-case")]
pub enum Palette {
    /// The 16 ANSI colours: blue and yellow stones, for dark backgrounds.
    #[default]
    Default,
    /// Safe for the common colour-vision deficiencies: Okabe and Ito's blue and
    /// orange (256-colour), and no cue told by red against green.
    ColourBlind,
    /// For light backgrounds: darker text colours that read on white.
    Light,
    /// High contrast: bright colours, bold text, nothing dimmed.
    HighContrast,
    /// No colour at all (as `NO_COLOR` asks): bold, reverse and glyphs only.
    None,
}

impl Palette {
    /// Every palette, in the order a lobby cycles them.
    pub const ALL: [Palette; 5] = [
        Palette::Default,
        Palette::ColourBlind,
        Palette::Light,
        Palette::HighContrast,
        Palette::None,
    ];

    /// The name written in the config file and on the command line.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The next palette in [`Palette::ALL`], after the last the first (a lobby's key).
    pub fn next(self) -> Palette {
        let at = Palette::ALL.iter().position(|p| *p == self).unwrap_or(0);
        Palette::ALL[(at + 1) % Palette::ALL.len()]
    }

    /// Whether it paints with colours at all.
    pub fn has_colour(self) -> bool {
        self != Palette::None
    }
}

/// The palette `COLORFGBG` (`"15;0"`: foreground 15 on background 0, as rxvt, Konsole
/// and others set it) suggests: [`Palette::Light`] on a light background (7, or 9 to
/// 15 but 8), `None` on a dark one or when the value does not say.
pub fn guess_from_colorfgbg(value: &str) -> Option<Palette> {
    let background: u8 = value.rsplit(';').next()?.trim().parse().ok()?;
    matches!(background, 7 | 9..=15).then_some(Palette::Light)
}

/// Whether `COLORFGBG` names its background at all (one of the 16 colours, light
/// or dark), so that the background is known when it suggests no palette.
pub fn colorfgbg_names_a_background(value: &str) -> bool {
    let background = value.rsplit(';').next().map(str::trim);
    background
        .and_then(|b| b.parse::<u8>().ok())
        .is_some_and(|b| b <= 15)
}

/// The palette a terminal's name (`TERM`) asks for: [`Palette::None`] for a
/// monochrome one, by the terminfo names' convention (`xterm-mono`, `ansi-m`, a name
/// ending `-m` or `-mono`) and the DEC terminals without colour (`vt100`, `vt220`...),
/// where the colours would be dropped and with them the cues the none palette gives
/// by reverse and dim (Blue's reversed stones, the dimmed sections). `None` for any
/// other name: it says nothing of the background.
pub fn guess_from_term(term: &str) -> Option<Palette> {
    let term = term.trim().to_ascii_lowercase();
    let dec = ["vt52", "vt100", "vt102", "vt220", "vt320", "vt420"];
    let mono = term.ends_with("-m")
        || term.ends_with("-mono")
        || term.contains("-m-")
        || term.contains("-mono-")
        || dec
            .iter()
            .any(|d| term == *d || term.strip_prefix(d).is_some_and(|r| r.starts_with('-')));
    mono.then_some(Palette::None)
}

/// Whether the locale the environment names is UTF-8: the first of `LC_ALL`,
/// `LC_CTYPE` and `LANG` that is set and not empty decides (as setlocale does); none
/// set is the POSIX locale, which is ASCII.
pub fn locale_is_utf8(lc_all: Option<&str>, lc_ctype: Option<&str>, lang: Option<&str>) -> bool {
    let Some(locale) = [lc_all, lc_ctype, lang]
        .into_iter()
        .flatten()
        .find(|v| !v.is_empty())
    else {
        return false;
    };
    let codeset = locale
        .split_once('.')
        .map_or("", |(_, rest)| rest.split('@').next().unwrap_or(""));
    codeset.eq_ignore_ascii_case("utf-8") || codeset.eq_ignore_ascii_case("utf8")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colorfgbg_names_a_background_of_the_sixteen_colours() {
        for value in ["15;0", "0;15", "default;0", " 7 ; 8 "] {
            assert!(colorfgbg_names_a_background(value), "{value}");
        }
        for value in ["", "15;default", "0;16", "15;-1", "x"] {
            assert!(!colorfgbg_names_a_background(value), "{value}");
        }
    }

    #[test]
    fn names_round_trip_and_the_lobby_cycles_every_palette() {
        for palette in Palette::ALL {
            assert_eq!(palette.name().parse::<Palette>(), Ok(palette));
        }
        assert_eq!(Palette::ColourBlind.name(), "colour-blind");
        assert_eq!(Palette::HighContrast.name(), "high-contrast");
        let mut seen = vec![Palette::Default];
        let mut p = Palette::Default.next();
        while p != Palette::Default {
            seen.push(p);
            p = p.next();
        }
        assert_eq!(seen, Palette::ALL);
    }

    #[test]
    fn colorfgbg_suggests_light_on_a_light_background_only() {
        assert_eq!(guess_from_colorfgbg("0;15"), Some(Palette::Light));
        assert_eq!(guess_from_colorfgbg("0;default;15"), Some(Palette::Light));
        assert_eq!(guess_from_colorfgbg("12;7"), Some(Palette::Light));
        assert_eq!(guess_from_colorfgbg("15;0"), None);
        assert_eq!(guess_from_colorfgbg("7;8"), None);
        assert_eq!(guess_from_colorfgbg("15;default"), None);
        assert_eq!(guess_from_colorfgbg(""), None);
    }

    /// QA (access): on a monochrome terminal the default palette was used: its
    /// colours dropped, Blue's stones showed as Yellow's do (bold, not reversed) and
    /// the empty sections were not dimmed. A monochrome `TERM` now gives none.
    #[test]
    fn a_monochrome_term_suggests_no_colour() {
        for mono in [
            "xterm-mono",
            "ansi-m",
            "vt100",
            "VT220",
            "vt100-am",
            "linux-m",
            "xterm-m-x",
        ] {
            assert_eq!(guess_from_term(mono), Some(Palette::None), "{mono}");
        }
        for colour in [
            "xterm-256color",
            "xterm",
            "screen",
            "linux",
            "tmux-256color",
            "dumb",
            "vt1000",
            "",
        ] {
            assert_eq!(guess_from_term(colour), None, "{colour}");
        }
    }

    #[test]
    fn the_locale_is_utf8_by_the_first_variable_set() {
        assert!(locale_is_utf8(None, None, Some("en_GB.UTF-8")));
        assert!(locale_is_utf8(None, None, Some("C.utf8")));
        assert!(locale_is_utf8(None, Some("de_DE.UTF-8@euro"), Some("C")));
        assert!(!locale_is_utf8(Some("C"), None, Some("en_GB.UTF-8")));
        assert!(!locale_is_utf8(None, None, Some("en_GB.ISO-8859-1")));
        assert!(!locale_is_utf8(None, None, Some("POSIX")));
        assert!(!locale_is_utf8(None, None, None));
        assert!(locale_is_utf8(Some(""), None, Some("en_US.UTF-8")));
    }
}
