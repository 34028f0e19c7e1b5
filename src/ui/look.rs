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
    /// How many colours the terminal shows: on one of 16, the palettes' 256-colour
    /// ones are drawn as their nearest of the 16 (`Colours::in_sixteen`).
    pub range: ColourRange,
    /// Nothing said whether the background is dark or light (no answer to the
    /// background query, no `COLORFGBG`): the default palette, made for dark ones,
    /// draws Yellow so that it reads on both ([`Look::on_unknown_background`]).
    pub background_unknown: bool,
    /// The background is known to be light (the terminal's answer, `COLORFGBG`):
    /// every palette draws with colours that read on white
    /// ([`Look::on_light_background`]).
    pub background_light: bool,
}

/// How many colours a terminal shows, as its `TERM` and `COLORTERM` say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColourRange {
    /// 256 colours or more.
    #[default]
    Many,
    /// The 16 ANSI colours only (`TERM=xterm`, `screen`, `linux`...).
    Sixteen,
}

impl ColourRange {
    /// The range a terminal shows: many when `COLORTERM` says `truecolor` or `24bit`,
    /// or `TERM` names 256 colours or direct colour (`xterm-256color`,
    /// `tmux-256color`, `xterm-direct`) or a terminal whose own name it is and which
    /// shows them (kitty, alacritty, foot, WezTerm, ghostty, contour); 16 for any
    /// other name (`xterm`, `xterm-color`, `screen`, `tmux`, `linux`, `rxvt-unicode`'s
    /// 88...), whose terminfo promises no more. No `TERM`: many (not a terminal
    /// one can say anything of).
    pub fn of_terminal(term: Option<&str>, colorterm: Option<&str>) -> ColourRange {
        let colorterm = colorterm.unwrap_or("").trim().to_ascii_lowercase();
        if colorterm == "truecolor" || colorterm == "24bit" {
            return ColourRange::Many;
        }
        let Some(term) = term.map(|t| t.trim().to_ascii_lowercase()) else {
            return ColourRange::Many;
        };
        let many_by_name = ["256col", "direct", "truecolor", "24bit"]
            .iter()
            .any(|part| term.contains(part));
        let own_names = [
            "xterm-kitty",
            "alacritty",
            "foot",
            "wezterm",
            "xterm-ghostty",
            "ghostty",
            "contour",
        ];
        let many_by_terminal = own_names.iter().any(|name| {
            term == *name || term.strip_prefix(name).is_some_and(|r| r.starts_with('-'))
        });
        if term.is_empty() || many_by_name || many_by_terminal {
            ColourRange::Many
        } else {
            ColourRange::Sixteen
        }
    }
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

/// The background a palette is made for: white for the light one, else black.
fn background_of(palette: Palette) -> Color {
    match palette {
        Palette::Light => Color::White,
        _ => Color::Black,
    }
}

/// Yellow on a background nothing said is dark or light: dark gold (136), which
/// stands 3 to 1 against both black and white ([`Look::on_unknown_background`]).
const UNKNOWN_YELLOW: Color = Color::Indexed(136);

/// The 16 ANSI colours, in their SGR order.
const ANSI: [Color; 16] = [
    Color::Black,
    Color::Red,
    Color::Green,
    Color::Yellow,
    Color::Blue,
    Color::Magenta,
    Color::Cyan,
    Color::Gray,
    Color::DarkGray,
    Color::LightRed,
    Color::LightGreen,
    Color::LightYellow,
    Color::LightBlue,
    Color::LightMagenta,
    Color::LightCyan,
    Color::White,
];

/// A colour of the palettes as xterm draws it by default: the 16 ANSI colours from
/// its own table, the 256-colour cube and the grey ramp by their formulas. `None` for
/// a colour no palette uses.
fn xterm_rgb(colour: Color) -> Option<[u8; 3]> {
    Some(match colour {
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
        _ => return None,
    })
}

/// WCAG 2's contrast ratio of two colours in xterm's rgb, from 1 to 21.
fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let luminance =
        |rgb: [u8; 3]| crate::prefs::background::luminance(rgb.map(|c| f64::from(c) / 255.0));
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Whether a colour has a hue (is not a grey): its channels differ by more than a
/// sixth of the range.
fn has_hue([r, g, b]: [u8; 3]) -> bool {
    r.max(g).max(b) - r.min(g).min(b) > 42
}

/// The least contrast the palettes promise: WCAG 2's for large text and the parts of
/// a screen one must see.
const LEAST_CONTRAST: f64 = 3.0;

/// The ANSI colour nearest `colour` (by distance in xterm's rgb, a colour with a hue
/// to one with a hue, a grey to a grey) that stands [`LEAST_CONTRAST`] against
/// `against` and is none of `taken`; `colour` itself when it is one of the 16 that
/// does, or when none does.
fn nearest_ansi(colour: Color, against: Color, taken: &[Color]) -> Color {
    let (Some(rgb), Some(against)) = (xterm_rgb(colour), xterm_rgb(against)) else {
        return colour;
    };
    let distance = |c: [u8; 3]| -> u32 {
        rgb.iter()
            .zip(c)
            .map(|(a, b)| u32::from(a.abs_diff(b)).pow(2))
            .sum()
    };
    ANSI.into_iter()
        .filter_map(|c| xterm_rgb(c).map(|rgb| (c, rgb)))
        .filter(|(c, c_rgb)| {
            has_hue(*c_rgb) == has_hue(rgb)
                && contrast(*c_rgb, against) >= LEAST_CONTRAST
                && !taken.contains(c)
        })
        .min_by_key(|(_, c_rgb)| distance(*c_rgb))
        .map_or(colour, |(c, _)| c)
}

impl Colours {
    /// A palette's colours; `None` for the one without.
    const fn of(palette: Palette) -> Option<Colours> {
        match palette {
            Palette::Default => Some(Colours::DEFAULT),
            Palette::ColourBlind => Some(Colours::COLOUR_BLIND),
            Palette::Light => Some(Colours::LIGHT),
            Palette::HighContrast => Some(Colours::HIGH_CONTRAST),
            Palette::None => None,
        }
    }

    /// A palette's colours on a background known to be light; `None` for the one
    /// without. The default palette's are the light one's.
    const fn on_light(palette: Palette) -> Option<Colours> {
        match palette {
            Palette::Default | Palette::Light => Some(Colours::LIGHT),
            Palette::ColourBlind => Some(Colours::COLOUR_BLIND_LIGHT),
            Palette::HighContrast => Some(Colours::HIGH_CONTRAST_LIGHT),
            Palette::None => None,
        }
    }

    /// The same colours on a terminal of 16, for a palette made for `background`:
    /// each the nearest ANSI colour ([`nearest_ansi`]) that keeps the palette's
    /// promises: each stone's letter stands 3 to 1 on it and the two stones differ;
    /// each text colour (the players', the cursor's, the hint's, the errors', the
    /// dim text's) stands 3 to 1 on the background and differs from the others. A
    /// palette of ANSI colours already is left as it is.
    fn in_sixteen(self, background: Color) -> Colours {
        let mut stones = self.stones;
        let mut stone_backs: Vec<Color> = Vec::new();
        for (fg, bg) in &mut stones {
            // A stone's face differs from the other's; its letter reads on it.
            *bg = nearest_ansi(*bg, *fg, &stone_backs);
            stone_backs.push(*bg);
            *fg = nearest_ansi(*fg, *bg, &[]);
        }
        let mut taken: Vec<Color> = Vec::new();
        let mut text = |colour: Color| {
            let ansi = nearest_ansi(colour, background, &taken);
            taken.push(ansi);
            ansi
        };
        let players = self.players.map(&mut text);
        let dim = self.dim.map(&mut text);
        let cursor = text(self.cursor);
        let hint = text(self.hint);
        let error = text(self.error);
        Colours {
            stones,
            players,
            dim,
            cursor,
            hint,
            error,
            bold: self.bold,
        }
    }

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

    /// For light backgrounds: dark blue (19) and dark orange (130) text, dark gold
    /// (136) for Yellow's stones, mid grey (243) for dim text. Yellow's stones were
    /// a real yellow (220), which stands 1.40 to 1 on white (ANSI yellow 1.7): a
    /// stone hardly told from an empty square but by its letter; 136 stands 3.34
    /// on white, and its black letter 6.29 on it.
    const LIGHT: Colours = Colours {
        stones: [
            (Color::White, Color::Indexed(25)),
            (Color::Black, Color::Indexed(136)),
        ],
        players: [Color::Indexed(19), Color::Indexed(130)],
        dim: Some(Color::Indexed(243)),
        cursor: Color::Indexed(127),
        hint: Color::Indexed(28),
        error: Color::Indexed(160),
        bold: false,
    };

    /// [`Colours::COLOUR_BLIND`] on a light background: Okabe and Ito's hues in
    /// darker shades: blue (25) for Blue's stones and text, dark gold (136) for
    /// Yellow's stones, dark orange (130) for Yellow's text, reddish purple (126)
    /// for the cursor, bluish green (29) for the hint, vermillion (166) for errors.
    const COLOUR_BLIND_LIGHT: Colours = Colours {
        stones: [
            (Color::White, Color::Indexed(25)),
            (Color::Black, Color::Indexed(136)),
        ],
        players: [Color::Indexed(25), Color::Indexed(130)],
        dim: Some(Color::Indexed(243)),
        cursor: Color::Indexed(126),
        hint: Color::Indexed(29),
        error: Color::Indexed(166),
        bold: false,
    };

    /// [`Colours::HIGH_CONTRAST`] on a light background: the darkest shades that
    /// keep each hue (navy 18, brown 94, purple 90, green 22, dark red 88), bold
    /// text, nothing dimmed; Yellow's stones dark gold (136).
    const HIGH_CONTRAST_LIGHT: Colours = Colours {
        stones: [
            (Color::White, Color::Blue),
            (Color::Black, Color::Indexed(136)),
        ],
        players: [Color::Indexed(18), Color::Indexed(94)],
        dim: None,
        cursor: Color::Indexed(90),
        hint: Color::Indexed(22),
        error: Color::Indexed(88),
        bold: true,
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
    pub const DEFAULT: Look = Look::new(Palette::Default, false);
    /// Without any colour (`NO_COLOR`): bold, reverse and glyphs only; Unicode.
    pub const PLAIN: Look = Look::new(Palette::None, false);

    /// `palette`, with ASCII characters or not, on a terminal of many colours.
    pub const fn new(palette: Palette, ascii: bool) -> Look {
        Look {
            palette,
            ascii,
            range: ColourRange::Many,
            background_unknown: false,
            background_light: false,
        }
    }

    /// The same look where nothing said whether the background is dark or light.
    /// The default palette's Yellow (ANSI yellow, 1.7 to 1 against white) is drawn
    /// as dark gold (136, #af8700: 6.3 to 1 against black, 3.3 against white), its
    /// stones and its text; on a terminal of 16 colours, where none of them reads
    /// on both, Yellow's text is the terminal's own colour (its stones keep their
    /// black letter on yellow, which reads on either). The other palettes were
    /// chosen, and stay as they are.
    pub const fn on_unknown_background(self) -> Look {
        Look {
            background_unknown: true,
            ..self
        }
    }

    /// The same look on a background known to be light. The palettes made for dark
    /// ones draw with colours that read on white (docs/preferences.md has the table):
    /// the default palette as the light one does, the colour-blind and the high
    /// contrast ones with darker shades of their own hues (their Yellow text was
    /// 1.84 and 1.07 to 1 on white). Each stone keeps its letter.
    pub const fn on_light_background(self) -> Look {
        Look {
            background_light: true,
            ..self
        }
    }

    /// The same look on a terminal that shows `range`.
    pub const fn in_range(self, range: ColourRange) -> Look {
        Look { range, ..self }
    }

    fn colours(self) -> Option<Colours> {
        let light = self.background_light;
        let colours = if light {
            Colours::on_light(self.palette)?
        } else {
            Colours::of(self.palette)?
        };
        if !light && self.background_unknown && self.palette == Palette::Default {
            let mut colours = colours;
            match self.range {
                ColourRange::Many => {
                    colours.stones[1].1 = UNKNOWN_YELLOW;
                    colours.players[1] = UNKNOWN_YELLOW;
                }
                ColourRange::Sixteen => colours.players[1] = Color::Reset,
            }
            return Some(colours);
        }
        Some(match self.range {
            ColourRange::Many => colours,
            ColourRange::Sixteen => {
                // Worked out once per palette and background: every style asks.
                type Table = [[Option<Colours>; 5]; 2];
                static SIXTEEN: std::sync::OnceLock<Table> = std::sync::OnceLock::new();
                let table = SIXTEEN.get_or_init(|| {
                    [
                        Palette::ALL
                            .map(|p| Colours::of(p).map(|c| c.in_sixteen(background_of(p)))),
                        Palette::ALL
                            .map(|p| Colours::on_light(p).map(|c| c.in_sixteen(Color::White))),
                    ]
                });
                let at = Palette::ALL.iter().position(|p| *p == self.palette);
                at.and_then(|i| table[usize::from(light)][i])
                    .unwrap_or(colours)
            }
        })
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

    /// The contrast of two palette colours in xterm's rgb.
    fn ratio(a: Color, b: Color) -> f64 {
        contrast(xterm_rgb(a).unwrap(), xterm_rgb(b).unwrap())
    }

    /// Every palette's text and stones stand at least 3 to 1 (WCAG 2's least, for
    /// large text and the parts of a screen one must see) against the background
    /// it is for, in xterm's colours. The default's Blue text was ANSI blue: 2.2.
    #[test]
    fn every_palette_reads_against_its_background() {
        for (palette, range) in Palette::ALL
            .into_iter()
            .flat_map(|p| [(p, ColourRange::Many), (p, ColourRange::Sixteen)])
        {
            let Some(colours) = Look::new(palette, false).in_range(range).colours() else {
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
                let ratio = ratio(text, background);
                assert!(
                    ratio >= 3.0,
                    "{palette} {range:?}: {text:?} on {background:?}: {ratio:.2}"
                );
            }
            for (fg, bg) in colours.stones {
                let ratio = ratio(fg, bg);
                assert!(
                    ratio >= 3.0,
                    "{palette} {range:?}: stone {fg:?} on {bg:?}: {ratio:.2}"
                );
            }
        }
    }

    /// With nothing said of the background, the default palette's Yellow reads on
    /// black and on white alike: its text, its stone's face (and the letter on it),
    /// on 256 colours; its text the terminal's own on 16. Blue and the rest stand 3
    /// to 1 on both too. Before, Yellow's text was ANSI yellow, 1.7 to 1 on white.
    /// A background known, and every palette chosen, stay as they were.
    #[test]
    fn on_an_unknown_background_yellow_reads_on_dark_and_light() {
        let look = Look::DEFAULT.on_unknown_background();
        let c = look.colours().unwrap();
        for background in [Color::Black, Color::White] {
            for text in c.players {
                let r = ratio(text, background);
                assert!(r >= 3.0, "{text:?} on {background:?}: {r:.2}");
            }
            let (letter, face) = c.stones[1];
            assert!(ratio(face, background) >= 3.0, "{face:?} on {background:?}");
            assert!(ratio(letter, face) >= 3.0, "{letter:?} on {face:?}");
        }
        let style = look.player(Player::Yellow);
        assert_eq!(style.fg, Some(UNKNOWN_YELLOW));
        let sixteen = look.in_range(ColourRange::Sixteen);
        assert_eq!(sixteen.player(Player::Yellow).fg, Some(Color::Reset));
        assert_eq!(sixteen.stone(Player::Yellow).bg, Some(Color::Yellow));
        // Known, or chosen: as before.
        for range in [ColourRange::Many, ColourRange::Sixteen] {
            assert_eq!(
                Look::DEFAULT.in_range(range).player(Player::Yellow).fg,
                Some(Color::Yellow)
            );
            for palette in Palette::ALL.into_iter().filter(|p| *p != Palette::Default) {
                let chosen = Look::new(palette, false).in_range(range);
                assert_eq!(
                    chosen.on_unknown_background().player(Player::Yellow),
                    chosen.player(Player::Yellow)
                );
                assert_eq!(
                    chosen.on_unknown_background().stone(Player::Yellow),
                    chosen.stone(Player::Yellow)
                );
            }
        }
    }

    /// On a background known to be light every palette reads on white: on 256
    /// colours the players' text, the hint, the cursor and dim text 4.5 to 1, errors
    /// 3 to 1, each stone's face 3 to 1 on the page and its letter 4.5 on the face;
    /// on 16, the text 3 to 1 (the 16 have no yellow that reads on white: the letter
    /// tells the stones). Before, the light palette's Yellow stone stood 1.40, the
    /// colour-blind and high-contrast palettes' Yellow text 1.84 and 1.07, the
    /// default's hint 2.2. Without the background known, every palette is as it was.
    #[test]
    fn on_a_light_background_every_palette_reads_on_white() {
        for palette in Palette::ALL {
            let look = Look::new(palette, false).on_light_background();
            let Some(c) = look.colours() else {
                continue;
            };
            let mut texts = vec![c.cursor, c.hint];
            texts.extend(c.players);
            texts.extend(c.dim);
            for text in &texts {
                let r = ratio(*text, Color::White);
                assert!(r >= 4.5, "{palette}: {text:?} {r:.2}");
            }
            let r = ratio(c.error, Color::White);
            assert!(r >= 3.0, "{palette}: error {:?} {r:.2}", c.error);
            for (letter, face) in c.stones {
                let r = ratio(face, Color::White);
                assert!(r >= 3.0, "{palette}: stone {face:?} {r:.2}");
                let r = ratio(letter, face);
                assert!(r >= 4.5, "{palette}: {letter:?} on {face:?} {r:.2}");
            }
            assert_eq!(look.stone(Player::Blue).add_modifier, Modifier::BOLD);
            let sixteen = look.in_range(ColourRange::Sixteen).colours().unwrap();
            let mut texts = vec![sixteen.cursor, sixteen.hint, sixteen.error];
            texts.extend(sixteen.players);
            texts.extend(sixteen.dim);
            for text in texts {
                assert!(ANSI.contains(&text), "{palette}: {text:?}");
                let r = ratio(text, Color::White);
                assert!(r >= 3.0, "{palette} on 16: {text:?} {r:.2}");
            }
        }
        // The light palette is the same whether the background is known or not.
        let light = Look::new(Palette::Light, false);
        assert_eq!(
            light.on_light_background().player(Player::Yellow),
            light.player(Player::Yellow)
        );
        assert_eq!(
            Look::DEFAULT.player(Player::Yellow).fg,
            Some(Color::Yellow),
            "not known light: as before"
        );
    }

    /// On a terminal of 16 colours (`TERM=xterm`, `screen`, `linux`) every colour
    /// drawn is one of the 16 ANSI ones, and each palette keeps its promises: the
    /// stones apart (and each scored stone, reversed, apart from both), the cursor,
    /// the hint, the players' and the errors' colours apart. Before, the colour-blind
    /// and light palettes drew 256-colour indices such a terminal cannot show.
    #[test]
    fn on_sixteen_colours_every_palette_draws_ansi_colours_kept_apart() {
        for palette in Palette::ALL {
            let look = Look::new(palette, false).in_range(ColourRange::Sixteen);
            let Some(c) = look.colours() else {
                continue;
            };
            let [(blue_fg, blue_bg), (yellow_fg, yellow_bg)] = c.stones;
            let mut drawn = vec![blue_fg, blue_bg, yellow_fg, yellow_bg];
            let mut texts = vec![c.players[0], c.players[1], c.cursor, c.hint, c.error];
            texts.extend(c.dim);
            drawn.extend(&texts);
            for colour in drawn {
                assert!(ANSI.contains(&colour), "{palette}: {colour:?}");
            }
            assert_ne!(blue_bg, yellow_bg, "{palette}: the stones");
            // As shown: each stone, and each scored stone (reversed), apart.
            let shown = [
                (blue_fg, blue_bg),
                (yellow_fg, yellow_bg),
                (blue_bg, blue_fg),
                (yellow_bg, yellow_fg),
            ];
            for (i, a) in shown.iter().enumerate() {
                assert_ne!(a.0, a.1, "{palette}: a letter on its own colour");
                for b in &shown[i + 1..] {
                    assert_ne!(a, b, "{palette}: two stones look alike");
                }
            }
            assert!(
                look.combo_stone(Player::Blue)
                    .add_modifier
                    .contains(Modifier::REVERSED)
            );
            for (i, a) in texts.iter().enumerate() {
                for b in &texts[i + 1..] {
                    assert_ne!(a, b, "{palette}: two roles share {a:?}");
                }
            }
            // The last stone is its stone in brackets: apart as the stones are.
            // The 16-colour palettes of ANSI colours are the palettes themselves.
            if matches!(palette, Palette::Default | Palette::HighContrast) {
                let many = Look::new(palette, false).colours().unwrap();
                assert_eq!(format!("{c:?}"), format!("{many:?}"), "{palette}");
            }
        }
        // The colour-blind palette still tells nothing by red against green.
        let blind = Look::new(Palette::ColourBlind, false)
            .in_range(ColourRange::Sixteen)
            .colours()
            .unwrap();
        let greens = [Color::Green, Color::LightGreen];
        assert!(!greens.contains(&blind.hint) && !greens.contains(&blind.error));
        assert_eq!(blind.stones[0].1, Color::Blue);
        assert_eq!(blind.stones[1].1, Color::Yellow);
    }

    #[test]
    fn the_terminal_s_name_says_how_many_colours_it_shows() {
        for sixteen in [
            "xterm",
            "xterm-color",
            "screen",
            "tmux",
            "linux",
            "rxvt-unicode",
            "putty",
        ] {
            assert_eq!(
                ColourRange::of_terminal(Some(sixteen), None),
                ColourRange::Sixteen,
                "{sixteen}"
            );
        }
        for many in [
            "xterm-256color",
            "screen-256color",
            "tmux-256color",
            "xterm-direct",
            "xterm-kitty",
            "alacritty",
            "foot-extra",
            "wezterm",
            "xterm-ghostty",
        ] {
            assert_eq!(
                ColourRange::of_terminal(Some(many), None),
                ColourRange::Many,
                "{many}"
            );
        }
        // COLORTERM's true colour beats the name; anything else in it does not.
        assert_eq!(
            ColourRange::of_terminal(Some("xterm"), Some("truecolor")),
            ColourRange::Many
        );
        assert_eq!(
            ColourRange::of_terminal(Some("screen"), Some("24bit")),
            ColourRange::Many
        );
        assert_eq!(
            ColourRange::of_terminal(Some("xterm"), Some("rxvt-xpm")),
            ColourRange::Sixteen
        );
        assert_eq!(ColourRange::of_terminal(None, None), ColourRange::Many);
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
