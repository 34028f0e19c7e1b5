//! How the screens look: the palette's colours and styles, chosen once so that every
//! widget agrees, and the characters the board is drawn with (Unicode, or ASCII for
//! fonts without box-drawing or block glyphs).
//!
//! A look is a parameter (never read from the environment inside a widget), so
//! snapshot tests render the same everywhere, and the command line decides it in one
//! place (the preferences, `NO_COLOR`, `COLORFGBG`, the locale). Every cue a colour
//! gives is also given by a glyph, a line style or a modifier: stones are letters (`B`,
//! `Y`), the cursor a heavy border, the hint a double one.

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier, Style};

use crate::prefs::Palette;
use crate::rules::Player;

/// How to paint the screen: a palette, and Unicode or ASCII characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Look {
    /// The colours.
    pub palette: Palette,
    /// Box-drawing and block characters are drawn as ASCII ([`Look::finish`]).
    pub ascii: bool,
}

/// The colours of a palette that has colours.
#[derive(Debug, Clone, Copy)]
struct Colours {
    /// Each player's stone: foreground on background.
    stones: [(Color, Color); 2],
    /// Each player's name, score and gauge.
    players: [Color; 2],
    /// Empty sections' numbers and secondary text; `None`: not dimmed.
    dim: Option<Color>,
    cursor: Color,
    hint: Color,
    error: Color,
    /// Text is bold throughout (high contrast).
    bold: bool,
}

impl Colours {
    /// The 16 ANSI colours, for dark backgrounds. Blue's text is the light blue:
    /// the plain blue (xterm's #0000ee) stands 2.2 to 1 against black, hard to read.
    const DEFAULT: Colours = Colours {
        stones: [(Color::White, Color::Blue), (Color::Black, Color::Yellow)],
        players: [Color::LightBlue, Color::Yellow],
        dim: Some(Color::DarkGray),
        cursor: Color::LightMagenta,
        hint: Color::Green,
        error: Color::LightRed,
        bold: false,
    };

    /// Okabe and Ito's colours for the common colour-vision deficiencies, in the
    /// 256-colour cube: blue #0072B2 (25) and orange #E69F00 (214) stones, sky blue
    /// (74) for Blue's text on a dark background, reddish purple (175) for the
    /// cursor, bluish green (36) for the hint, vermillion (166) for errors. No cue
    /// tells red from green.
    const COLOUR_BLIND: Colours = Colours {
        stones: [
            (Color::White, Color::Indexed(25)),
            (Color::Black, Color::Indexed(214)),
        ],
        players: [Color::Indexed(74), Color::Indexed(214)],
        dim: Some(Color::Indexed(244)),
        cursor: Color::Indexed(175),
        hint: Color::Indexed(36),
        error: Color::Indexed(166),
        bold: false,
    };

    /// For light backgrounds: dark blue (19) and dark orange (130) text, a real
    /// yellow (220) for Yellow's stones, mid grey (243) for dim text.
    const LIGHT: Colours = Colours {
        stones: [
            (Color::White, Color::Indexed(25)),
            (Color::Black, Color::Indexed(220)),
        ],
        players: [Color::Indexed(19), Color::Indexed(130)],
        dim: Some(Color::Indexed(243)),
        cursor: Color::Indexed(127),
        hint: Color::Indexed(28),
        error: Color::Indexed(160),
        bold: false,
    };

    /// Bright colours, bold text, nothing dimmed.
    const HIGH_CONTRAST: Colours = Colours {
        stones: [
            (Color::White, Color::Blue),
            (Color::Black, Color::LightYellow),
        ],
        players: [Color::LightCyan, Color::LightYellow],
        dim: None,
        cursor: Color::LightMagenta,
        hint: Color::LightGreen,
        error: Color::LightRed,
        bold: true,
    };
}

impl Look {
    /// The default palette, Unicode.
    pub const DEFAULT: Look = Look {
        palette: Palette::Default,
        ascii: false,
    };
    /// Without any colour (`NO_COLOR`): bold, reverse and glyphs only; Unicode.
    pub const PLAIN: Look = Look {
        palette: Palette::None,
        ascii: false,
    };

    /// `palette`, with ASCII characters or not.
    pub const fn new(palette: Palette, ascii: bool) -> Look {
        Look { palette, ascii }
    }

    fn colours(self) -> Option<Colours> {
        match self.palette {
            Palette::Default => Some(Colours::DEFAULT),
            Palette::ColourBlind => Some(Colours::COLOUR_BLIND),
            Palette::Light => Some(Colours::LIGHT),
            Palette::HighContrast => Some(Colours::HIGH_CONTRAST),
            Palette::None => None,
        }
    }

    /// Text in `pick`'s colour; no colour in a palette without.
    fn fg(self, pick: impl Fn(&Colours) -> Color) -> Style {
        match self.colours() {
            Some(c) => Style::new().fg(pick(&c)),
            None => Style::new(),
        }
    }

    /// Text of a palette that makes all text bold.
    fn text(self) -> Style {
        match self.colours() {
            Some(c) if c.bold => Style::new().add_modifier(Modifier::BOLD),
            _ => Style::new(),
        }
    }

    /// The letter a player's stone shows, so the board reads without colour.
    pub(crate) const fn glyph(player: Player) -> char {
        match player {
            Player::Blue => 'B',
            Player::Yellow => 'Y',
        }
    }

    /// A player's stone. Without colour, Blue is reversed and Yellow is not.
    pub(crate) fn stone(self, player: Player) -> Style {
        let base = Style::new().add_modifier(Modifier::BOLD);
        match (self.colours(), player) {
            (Some(c), _) => {
                let (fg, bg) = c.stones[player.index()];
                base.fg(fg).bg(bg)
            }
            (None, Player::Blue) => base.add_modifier(Modifier::REVERSED),
            (None, Player::Yellow) => base,
        }
    }

    /// A stone of a combination just completed: the stone style, inverted.
    pub(crate) fn combo_stone(self, player: Player) -> Style {
        let style = self.stone(player);
        if style.add_modifier.contains(Modifier::REVERSED) {
            style
                .remove_modifier(Modifier::REVERSED)
                .add_modifier(Modifier::UNDERLINED)
        } else {
            style.add_modifier(Modifier::REVERSED)
        }
    }

    /// The number of an empty section.
    pub(crate) fn empty_section(self) -> Style {
        self.dim()
    }

    /// Grid lines.
    pub(crate) fn grid(self) -> Style {
        Style::new()
    }

    /// The border of the square under the cursor (also drawn with heavy lines).
    pub(crate) fn cursor(self) -> Style {
        self.fg(|c| c.cursor).add_modifier(Modifier::BOLD)
    }

    /// The border of the hinted square (also drawn with double lines).
    pub(crate) fn hint(self) -> Style {
        self.fg(|c| c.hint).add_modifier(Modifier::BOLD)
    }

    /// A player's name or score in text.
    pub(crate) fn player(self, player: Player) -> Style {
        self.fg(|c| c.players[player.index()])
            .add_modifier(Modifier::BOLD)
    }

    /// The filled part of a player's score gauge.
    pub(crate) fn gauge(self, player: Player) -> Style {
        self.fg(|c| c.players[player.index()])
    }

    /// Labels, hints and other secondary text.
    pub(crate) fn dim(self) -> Style {
        match self.colours() {
            Some(Colours { dim: Some(dim), .. }) => Style::new().fg(dim),
            Some(_) => self.text(),
            None => Style::new().add_modifier(Modifier::DIM),
        }
    }

    /// Emphasis (turn marker, titles).
    pub(crate) fn strong(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// A refused move or another error.
    pub(crate) fn error(self) -> Style {
        self.fg(|c| c.error).add_modifier(Modifier::BOLD)
    }

    /// A question waiting for `y`/`n`, or the game-over banner.
    pub(crate) fn banner(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED)
    }

    /// The last touch on a drawn screen: with [`Look::ascii`], every box-drawing,
    /// block, arrow and other non-ASCII character of the screens' own becomes ASCII,
    /// each line style its own (plain `-|+`, heavy `#`, double `*`, dashed `.:`), so
    /// the cursor, the hint and the corner squares stay told apart. (Names from
    /// records keep their letters.) Called by the event loop after each frame.
    pub fn finish(self, buf: &mut Buffer) {
        if !self.ascii {
            return;
        }
        for cell in buf.content.iter_mut() {
            let mut chars = cell.symbol().chars();
            if let (Some(c), None) = (chars.next(), chars.next())
                && let Some(ascii) = ascii_of(c)
            {
                cell.set_char(ascii);
            }
        }
        ascii_ellipses(buf);
    }
}

/// Each `…` of a drawn ASCII screen as `...` in the same three columns, so a cut
/// text's widths stay exact: the dots take the blank cells after it (leaving one
/// blank before any text that follows on the row), then the letters before it (a
/// cut name `alexandr…` reads `alexan...`), then the letters after it (`…world`
/// reads `...rld`); with no such cells a lone `.` is drawn. One followed by a single
/// blank and more text is a line's own (`thinking… |`), not a cut: a lone `.`.
fn ascii_ellipses(buf: &mut Buffer) {
    let width = usize::from(buf.area.width);
    if width == 0 {
        return;
    }
    let blank = |cell: &ratatui::buffer::Cell| cell.symbol() == " ";
    let letter = |cell: &ratatui::buffer::Cell| {
        let mut chars = cell.symbol().chars();
        matches!((chars.next(), chars.next()), (Some(c), None)
            if c.is_alphanumeric() && unicode_width::UnicodeWidthChar::width(c) == Some(1))
    };
    let rows = buf.content.len() / width;
    for row in 0..rows {
        let line = &mut buf.content[row * width..(row + 1) * width];
        for x in 0..width {
            if line[x].symbol() != "\u{2026}" {
                continue;
            }
            let style = line[x].style();
            line[x].set_char('.');
            let mut dots: Vec<usize> = Vec::with_capacity(2);
            let run = line[x + 1..].iter().take_while(|c| blank(c)).count();
            let to_the_end = x + 1 + run == width;
            if run == 1 && !to_the_end {
                // One blank, then more text: an ellipsis within a line of its own
                // (`thinking… |`, the spinner after it), whose word is not cut.
                continue;
            }
            let free = if to_the_end {
                run
            } else {
                run.saturating_sub(1)
            };
            dots.extend((x + 1..x + 1 + free).take(2));
            dots.extend(
                (0..x)
                    .rev()
                    .take_while(|&i| letter(&line[i]))
                    .take(2 - dots.len()),
            );
            if dots.len() < 2 {
                let wanted = 2 - dots.len();
                dots.extend(
                    (x + 1..width)
                        .take_while(|&i| letter(&line[i]))
                        .take(wanted),
                );
            }
            for i in dots {
                line[i].set_char('.').set_style(style);
            }
        }
    }
}

/// The ASCII character drawn for `c`, when `c` is one a font may lack.
fn ascii_of(c: char) -> Option<char> {
    Some(match c {
        '─' | '╴' | '╶' => '-',
        '│' | '╵' | '╷' => '|',
        '┌' | '┐' | '└' | '┘' | '├' | '┤' | '┬' | '┴' | '┼' | '╭' | '╮' | '╯' | '╰' => {
            '+'
        }
        '━' | '┃' | '┏' | '┓' | '┗' | '┛' | '┣' | '┫' | '┳' | '┻' | '╋' => {
            '#'
        }
        '═' | '║' | '╔' | '╗' | '╚' | '╝' | '╠' | '╣' | '╦' | '╩' | '╬' => {
            '*'
        }
        '┄' | '┅' | '┈' | '┉' | '╌' | '╍' => '.',
        '┆' | '┇' | '┊' | '┋' | '╎' | '╏' => ':',
        // Any other box-drawing character: a junction.
        '\u{2500}'..='\u{257f}' => '+',
        '▁' | '▂' | '▃' => '_',
        '▄' | '▅' | '▆' | '▇' => '=',
        // The analysis graph's upper half, told from a full block: on its zero row
        // they are the foot of a bar above zero and a bar below it, else told by
        // colour alone.
        '▀' | '▔' => '"',
        '█' | '▌' | '▐' => '#',
        '\u{2580}'..='\u{259f}' => '#',
        '▶' | '→' | '►' => '>',
        '◀' | '←' => '<',
        '▲' | '↑' => '^',
        '▼' | '↓' => 'v',
        '✗' => 'x',
        '•' => 'o',
        '≈' => '~',
        '⇄' => '=',
        // Not ASCII either, so garbled where the locale is not UTF-8.
        '·' => '|',
        '×' => 'x',
        '±' => '+',
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A colour as xterm draws it by default: the 16 ANSI colours from its own
    /// table, the 256-colour cube and the grey ramp by their formulas.
    fn xterm_rgb(colour: Color) -> [u8; 3] {
        match colour {
            Color::Black => [0, 0, 0],
            Color::Red => [0xcd, 0, 0],
            Color::Green => [0, 0xcd, 0],
            Color::Yellow => [0xcd, 0xcd, 0],
            Color::Blue => [0, 0, 0xee],
            Color::Magenta => [0xcd, 0, 0xcd],
            Color::Cyan => [0, 0xcd, 0xcd],
            Color::Gray => [0xe5, 0xe5, 0xe5],
            Color::DarkGray => [0x7f, 0x7f, 0x7f],
            Color::LightRed => [0xff, 0, 0],
            Color::LightGreen => [0, 0xff, 0],
            Color::LightYellow => [0xff, 0xff, 0],
            Color::LightBlue => [0x5c, 0x5c, 0xff],
            Color::LightMagenta => [0xff, 0, 0xff],
            Color::LightCyan => [0, 0xff, 0xff],
            Color::White => [0xff, 0xff, 0xff],
            Color::Indexed(n @ 232..) => [8 + 10 * (n - 232); 3],
            Color::Indexed(n @ 16..) => {
                let step = |i: u8| if i == 0 { 0 } else { 55 + 40 * i };
                let n = n - 16;
                [step(n / 36), step(n / 6 % 6), step(n % 6)]
            }
            other => panic!("no xterm colour for {other:?} in the palettes"),
        }
    }

    /// WCAG 2's contrast ratio of two colours, from 1 to 21.
    fn contrast(a: Color, b: Color) -> f64 {
        let luminance = |colour: Color| {
            let [r, g, b] = xterm_rgb(colour).map(|c| {
                let c = f64::from(c) / 255.0;
                if c <= 0.039_28 {
                    c / 12.92
                } else {
                    ((c + 0.055) / 1.055).powf(2.4)
                }
            });
            0.2126 * r + 0.7152 * g + 0.0722 * b
        };
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    /// Every palette's text and stones stand at least 3 to 1 (WCAG 2's least, for
    /// large text and the parts of a screen one must see) against the background
    /// it is for, in xterm's colours. The default's Blue text was ANSI blue: 2.2.
    #[test]
    fn every_palette_reads_against_its_background() {
        for palette in Palette::ALL {
            let Some(colours) = Look::new(palette, false).colours() else {
                continue;
            };
            let background = match palette {
                Palette::Light => Color::White,
                _ => Color::Black,
            };
            let mut texts = vec![colours.cursor, colours.hint, colours.error];
            texts.extend(colours.players);
            texts.extend(colours.dim);
            for text in texts {
                let ratio = contrast(text, background);
                assert!(
                    ratio >= 3.0,
                    "{palette}: {text:?} on {background:?}: {ratio:.2}"
                );
            }
            for (fg, bg) in colours.stones {
                let ratio = contrast(fg, bg);
                assert!(
                    ratio >= 3.0,
                    "{palette}: stone {fg:?} on {bg:?}: {ratio:.2}"
                );
            }
        }
    }

    #[test]
    fn every_palette_tells_the_stones_apart_and_none_has_no_colour() {
        for palette in Palette::ALL {
            let look = Look::new(palette, false);
            let (blue, yellow) = (look.stone(Player::Blue), look.stone(Player::Yellow));
            assert_ne!(blue, yellow, "{palette}");
            if palette.has_colour() {
                assert_ne!(blue.bg, yellow.bg, "{palette}");
            } else {
                assert_eq!(
                    (blue.fg, blue.bg, yellow.fg, yellow.bg),
                    (None, None, None, None)
                );
            }
            // Stones are letters too, whatever the palette.
            assert_ne!(Look::glyph(Player::Blue), Look::glyph(Player::Yellow));
        }
        // High contrast dims nothing.
        let high = Look::new(Palette::HighContrast, false);
        assert!(!high.dim().add_modifier.contains(Modifier::DIM));
        assert_eq!(high.dim().fg, None);
    }

    #[test]
    fn ascii_keeps_each_line_style_apart() {
        let mut buf = Buffer::with_lines(["┌─┐┏━┓╔═╗┄┆", "└─┘┗━┛╚═╝▶…", "▁▄█ Zoé ·"]);
        Look::new(Palette::None, true).finish(&mut buf);
        assert_eq!(
            buf,
            Buffer::with_lines(["+-+###***.:", "+-+###***>.", "_=# Zoé |"])
        );
        // The analysis graph's upper half block stays apart from the full block: on
        // the zero row they are a bar above zero and one below it.
        let mut graph = Buffer::with_lines(["█▀▄ ▀█"]);
        Look::new(Palette::Default, true).finish(&mut graph);
        assert_eq!(graph, Buffer::with_lines(["#\"= \"#"]));
        let mut same = Buffer::with_lines(["┌─┐"]);
        Look::PLAIN.finish(&mut same);
        assert_eq!(same, Buffer::with_lines(["┌─┐"]));
    }

    /// An ASCII screen draws a cut's `…` as `...` in the same three columns, so
    /// widths stay exact: into the blanks after it, else over the letters before it,
    /// else after it (but a line's own `thinking… |`). Failed before: a lone `.`,
    /// which read as a full stop (`alexandr.`).
    #[test]
    fn ascii_draws_an_ellipsis_as_three_dots_in_the_same_columns() {
        let mut buf = Buffer::with_lines([
            "│alexandr…│",
            "thinking…  ",
            "wait… |    ",
            "name…  1500",
            "│…world   │",
            "│你好世界…│",
            "▶…         ",
        ]);
        Look::new(Palette::None, true).finish(&mut buf);
        assert_eq!(
            buf,
            Buffer::with_lines([
                "|alexan...|",
                "thinking...",
                "wait. |    ",
                "nam... 1500",
                "|...rld   |",
                "|你好世界.|",
                ">...       ",
            ])
        );
        // Not ASCII: the ellipsis stays.
        let mut same = Buffer::with_lines(["alexandr…"]);
        Look::PLAIN.finish(&mut same);
        assert_eq!(same, Buffer::with_lines(["alexandr…"]));
    }
}
