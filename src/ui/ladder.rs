//! A player's score ladder: a gauge that climbs with the points, the total,
//! the stones left and whose turn it is. Blue's stands left of the board, Yellow's right.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, BorderType, Widget};

use crate::rules::{Outcome, Player, Position};
use crate::strings::screen as words;
use crate::text;

use super::clip::put;
use super::look::Look;

/// Stones each player has at the start.
const STONES: u32 = 32;

/// One player's ladder as a widget.
#[derive(Debug, Clone)]
pub(crate) struct LadderView<'a> {
    /// Whose ladder.
    pub player: Player,
    /// The position read: the stones left and whose turn.
    pub position: &'a Position,
    /// The player's total (in a claim game, the points claimed).
    pub score: u32,
    /// The points at the top of the gauge; use [`ladder_scale`] so both ladders agree.
    pub scale: u32,
    /// Who plays this side (`human`, `hard AI`).
    pub label: &'a str,
    /// At a served rated game, the player's rating (`1500?`): on its own row under
    /// the label, which already takes the ladder's width with a 16-column name.
    pub rating: Option<crate::rating::Shown>,
    /// An extra line: `thinking…`, `wins!`.
    pub note: Option<&'a str>,
    /// A claim game over: the points this player forfeited in all (unclaimed or
    /// claimed wrong), said on a row of its own (s36: the end screen said none).
    pub forfeited: Option<u32>,
    /// While a game runs, who leads, on the row under the total (`leads by 7`);
    /// `None`: no such row (a finished game says `wins!`, a replay its own line).
    pub lead: Option<Lead>,
    /// The game has ended before a full board (resigned, lost on time): no turn is shown.
    pub ended: bool,
    /// Who acts now, and how: the position's player to move, or a player due to
    /// claim (qa43: a lesson waiting for the claim of the stone just placed).
    pub acting: Acting,
    /// The colours.
    pub look: Look,
}

/// Who acts now, as the ladders mark it: the thick border and the turn row (`▶ to
/// move`, or `▶ claim`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Acting {
    /// The position's player to move, while the game runs.
    #[default]
    Mover,
    /// This player is due to claim the stone just placed, not to move: the claims
    /// lesson waiting for the claim, or the stone that filled the board with its
    /// claim still open (s39: the lesson's claimer read `▶ to move`).
    Claimer(Player),
}

/// Where a player stands against the other while a game runs: the ladders say who
/// leads at a glance, beside the totals (s36: only the totals, side by side).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lead {
    /// Ahead by this many points.
    Ahead(u32),
    /// Behind: the other ladder says by how much.
    Behind,
    /// Both totals the same (not both nothing).
    Level,
}

impl Lead {
    /// `player`'s standing by the `totals` shown (by [`Player::index`]); `None` before
    /// either has a point, when there is nothing to lead by.
    pub(crate) fn of(totals: [u32; 2], player: Player) -> Option<Lead> {
        let (mine, theirs) = (totals[player.index()], totals[player.other().index()]);
        Some(match mine.cmp(&theirs) {
            _ if mine == 0 && theirs == 0 => return None,
            std::cmp::Ordering::Greater => Lead::Ahead(mine - theirs),
            std::cmp::Ordering::Less => Lead::Behind,
            std::cmp::Ordering::Equal => Lead::Level,
        })
    }
}

/// The note a finished game puts on `player`'s ladder: `wins!` or `draw`.
pub(crate) fn outcome_note(outcome: Option<Outcome>, player: Player) -> Option<&'static str> {
    match outcome? {
        o if o.winner() == Some(player) => Some(words::WINS),
        o if o.winner().is_none() => Some(words::DRAW),
        _ => None,
    }
}

/// [`outcome_note`] while the stone that filled the board may still be claimed by
/// `claimer` and the claim could change the result (`claimer` is not the winner):
/// `leads` or `level`, as nothing is final yet.
pub(crate) fn provisional_note(
    outcome: Option<Outcome>,
    player: Player,
    claimer: Option<Player>,
) -> Option<&'static str> {
    let outcome = outcome?;
    match claimer {
        Some(c) if outcome.winner() != Some(c) => match outcome.winner() {
            Some(leader) => (leader == player).then_some(words::LEADS),
            None => Some(words::LEVEL),
        },
        _ => outcome_note(Some(outcome), player),
    }
}

/// The top of the gauges for these totals: 100, or more in steps of 50 once a total
/// passes it. (From the totals shown, so unclaimed points never move it.)
pub(crate) fn ladder_scale(totals: [u32; 2]) -> u32 {
    let top = totals[0].max(totals[1]);
    top.div_ceil(50).max(2) * 50
}

const EIGHTHS: [&str; 9] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"];

/// Draws both ladders, Blue's in `rects[0]` and Yellow's in `rects[1]`, their gauges
/// the same height: the ladder with fewer rows of words (no `wins!`, no rating, no
/// `thinking…`) leaves the rows it lacks blank above its gauge, so the two scales
/// stand level (s37: at a game's end the winner's gauge was a row shorter).
pub(crate) fn render_pair(ladders: [&LadderView<'_>; 2], rects: [Rect; 2], buf: &mut Buffer) {
    let rows = |i: usize| {
        let inner = rects[i]
            .intersection(buf.area)
            .inner(ratatui::layout::Margin::new(1, 1));
        ladders[i].rows(inner.width).len() as u16
    };
    let at_least = rows(0).max(rows(1));
    for (ladder, rect) in ladders.into_iter().zip(rects) {
        ladder.render_with(rect, buf, at_least);
    }
}

impl Widget for &LadderView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.render_with(area, buf, 0);
    }
}

impl LadderView<'_> {
    /// Whether this ladder's player acts now (the thick border and `▶ to move`).
    fn acts(&self) -> bool {
        self.turn().is_some()
    }

    /// The turn row's wordings, longest first, when this ladder's player acts now:
    /// to move while the game runs, or to claim ([`Acting::Claimer`]).
    fn turn(&self) -> Option<&'static [&'static str]> {
        match self.acting {
            Acting::Claimer(claimer) => (claimer == self.player).then_some(words::LADDER_CLAIM),
            Acting::Mover => {
                (!self.ended && !self.position.is_over() && self.position.to_move() == self.player)
                    .then_some(words::LADDER_TURN)
            }
        }
    }

    /// Draws the ladder in `area`, its gauge under at least `at_least` rows of words
    /// (the other ladder's, [`render_pair`]).
    fn render_with(&self, area: Rect, buf: &mut Buffer, at_least: u16) {
        let area = area.intersection(buf.area);
        if area.width < 3 || area.height < 3 {
            return;
        }
        let look = self.look;
        let to_move = self.acts();
        let player_style = look.player(self.player);
        let border_style = if to_move { player_style } else { look.dim() };
        let block = Block::bordered()
            .border_type(if to_move {
                BorderType::Thick
            } else {
                BorderType::Plain
            })
            .border_style(border_style)
            .title(Line::styled(self.player.to_string(), player_style).centered());
        let inner = block.inner(area);
        block.render(area, buf);

        let rows = self.rows(inner.width);
        let text_rows = (rows.len() as u16).max(at_least).min(inner.height);
        for (i, (options, style)) in rows.iter().take(text_rows as usize).enumerate() {
            // The longest wording that fits the ladder's width; else the last, cut by
            // display columns with `…`, an escape whole or gone (`fit_sanitized`).
            let fits = |t: &&String| text::fits(t, usize::from(inner.width));
            let text = options.iter().find(fits).or(options.last());
            let Some(text) = text.map(|t| text::fit_sanitized(t, usize::from(inner.width))) else {
                continue;
            };
            let text = text.as_str();
            let width = u16::try_from(text::width(text)).unwrap_or(u16::MAX);
            let x = inner.x + inner.width.saturating_sub(width) / 2;
            put(buf, inner, x, inner.y + i as u16, text, *style);
        }

        let gauge = Rect::new(
            inner.x,
            inner.y + text_rows,
            inner.width,
            inner.height - text_rows,
        );
        self.render_gauge(gauge, self.score, buf);
    }

    /// The rows of words above the gauge, in a ladder `width` columns wide inside:
    /// each row's wordings, longest first, and its style.
    fn rows(&self, width: u16) -> Vec<(Vec<String>, Style)> {
        let look = self.look;
        let player_style = look.player(self.player);
        let score = self.score;
        let stones_left = STONES - self.position.stones(self.player).count_ones();
        let turn: &[&str] = self.turn().unwrap_or(&[""]);
        // A served seat's `alice (you)` falls back to `you`; `hard AI` to `hard`.
        let label_short = match self.label.strip_suffix(")") {
            Some(rest) if rest.ends_with(" (you") => words::YOU_SHORT,
            _ => self.label.trim_end_matches(" AI"),
        };
        let mut rows: Vec<(Vec<String>, Style)> = vec![
            (turn.iter().map(|t| t.to_string()).collect(), look.strong()),
            (vec![score.to_string()], player_style),
        ];
        match self.lead {
            Some(Lead::Ahead(by)) => rows.push((words::leads_by(by), look.strong())),
            Some(Lead::Behind) => rows.push((vec![String::new()], Style::new())),
            Some(Lead::Level) => rows.push((vec![words::LEVEL.to_owned()], look.dim())),
            None => {}
        }
        // `31 left`, or where that does not fit (44 columns) the number and `left`
        // under it: `31 st` read as a word cut.
        let stones = words::stones_left(stones_left);
        if text::fits(&stones, usize::from(width)) {
            rows.push((vec![stones], Style::new()));
        } else {
            rows.push((vec![stones_left.to_string()], Style::new()));
            rows.push((vec![words::STONES_LEFT_BELOW.to_owned()], Style::new()));
        }
        // The label may be outside text (a record's `Blue` tag in the replay viewer):
        // its control characters show as escapes, as the viewer's header shows them,
        // never as the remains of an escape sequence (`[2J`) the terminal half-took.
        rows.push((
            vec![
                text::sanitize(self.label).into_owned(),
                text::sanitize(label_short).into_owned(),
            ],
            look.dim(),
        ));
        if let Some(rating) = self.rating {
            rows.push((vec![rating.to_string()], look.dim()));
        }
        if let Some(note) = self.note {
            rows.push((vec![note.to_string()], look.strong()));
        }
        if let Some(forfeited) = self.forfeited {
            rows.push((words::ladder_forfeited(forfeited), look.dim()));
        }
        rows
    }
}

/// Draws a clock (`4:31`) centred on the bottom border of the ladder in `area`, so it
/// takes no row from the gauge. The ladder's thick border and `▶` say whose runs.
pub(crate) fn render_clock(area: Rect, clock: &str, style: Style, buf: &mut Buffer) {
    let area = area.intersection(buf.area);
    if area.width < 4 || area.height < 3 {
        return;
    }
    let text = format!(" {clock} ");
    let inner = area.width - 2;
    if !text::fits(&text, usize::from(inner)) {
        return;
    }
    let width = u16::try_from(text::width(&text)).unwrap_or(u16::MAX);
    let x = area.x + 1 + (inner - width) / 2;
    put(buf, area, x, area.bottom() - 1, &text, style);
}

impl LadderView<'_> {
    /// The gauge: tick labels on the left, a bar filling from the bottom in eighths.
    fn render_gauge(&self, area: Rect, score: u32, buf: &mut Buffer) {
        if area.height < 3 || area.width < 5 {
            return;
        }
        let look = self.look;
        let label_w = 4;
        let bar_x = area.x + label_w;
        let bar_w = (area.width - label_w).min(3);
        let rows = u32::from(area.height);
        let scale = self.scale.max(1);
        let filled = (score.min(scale) * rows * 8).div_ceil(scale);
        for i in 0..area.height {
            // Row i counted from the bottom.
            let y = area.bottom() - 1 - i;
            let eighths = filled.saturating_sub(u32::from(i) * 8).min(8) as usize;
            let label = if i == 0 {
                Some(0)
            } else if i == area.height - 1 {
                Some(scale)
            } else if area.height >= 7 && i == area.height / 2 {
                Some(scale / 2)
            } else {
                None
            };
            let tick = match label {
                Some(points) => format!("{points:>3}┤"),
                None => "   │".to_string(),
            };
            put(buf, area, area.x, y, &tick, look.dim());
            for x in bar_x..bar_x + bar_w {
                put(buf, area, x, y, EIGHTHS[eighths], look.gauge(self.player));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// QA (s27): while the last stone may be claimed by a player it could make the
    /// winner, no ladder says `wins!` or `draw`; a claimer already winning keeps it.
    #[test]
    fn the_notes_before_the_last_claim_are_not_final() {
        use crate::rules::Player::{Blue, Yellow};
        let blue = Some(Outcome::Winner(Blue));
        let draw = Some(Outcome::Draw);
        let notes =
            |outcome, claimer| [Blue, Yellow].map(|p| provisional_note(outcome, p, claimer));
        assert_eq!(notes(blue, Some(Yellow)), [Some("leads"), None]);
        assert_eq!(notes(draw, Some(Yellow)), [Some("level"), Some("level")]);
        assert_eq!(notes(blue, Some(Blue)), [Some("wins!"), None]);
        assert_eq!(notes(blue, None), [Some("wins!"), None]);
        assert_eq!(notes(draw, None), [Some("draw"), Some("draw")]);
    }
    use crate::prefs::Palette;

    /// QA: a served player's name wider than the ladder was cut at its edge with no
    /// mark (`alexandri`): it is cut by display columns, ending in `…`.
    #[test]
    fn a_name_wider_than_the_ladder_ends_in_an_ellipsis() {
        let position = Position::new();
        for (label, shown) in [
            ("alexandrina", "alexandr…"),
            ("你好世界你好", "你好世界…"),
            ("bob", "bob"),
        ] {
            let ladder = LadderView {
                player: Player::Blue,
                position: &position,
                score: 0,
                scale: 100,
                label,
                rating: None,
                note: None,
                forfeited: None,
                lead: None,
                ended: false,
                acting: Acting::Mover,
                look: Look::new(Palette::Default, false),
            };
            let area = Rect::new(0, 0, 11, 16);
            let mut buf = Buffer::empty(area);
            (&ladder).render(area, &mut buf);
            let rows: Vec<String> = (0..area.height)
                .map(|y| {
                    (0..area.width)
                        .map(|x| buf[(x, y)].symbol())
                        .collect::<String>()
                })
                .collect();
            assert!(
                rows.iter().any(|r| r.replace(' ', "").contains(shown)),
                "{label}: {rows:#?}"
            );
        }
    }

    /// QA (clubfit): at 44 columns a ladder (6 columns inside) read `31 st`, a word
    /// cut; the number stands on its row and `left` under it, the gauge a row shorter.
    #[test]
    fn the_stones_left_are_whole_words_on_a_narrow_ladder() {
        let game = crate::rules::Game::from_moves(["a1".parse().unwrap()]).unwrap();
        let position = game.position();
        let shown = |width: u16| {
            let ladder = LadderView {
                player: Player::Blue,
                position,
                score: 0,
                scale: 100,
                label: "alice (you)",
                rating: None,
                note: None,
                forfeited: None,
                lead: None,
                ended: false,
                acting: Acting::Mover,
                look: Look::new(Palette::None, false),
            };
            let area = Rect::new(0, 0, width, 14);
            let mut buf = Buffer::empty(area);
            (&ladder).render(area, &mut buf);
            (0..area.height)
                .map(|y| {
                    (0..area.width)
                        .map(|x| buf[(x, y)].symbol())
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
        };
        let wide = shown(11);
        assert!(wide.iter().any(|r| r.contains("31 left")), "{wide:#?}");
        let narrow = shown(8);
        assert!(!narrow.iter().any(|r| r.contains(" st")), "{narrow:#?}");
        let number = narrow
            .iter()
            .position(|r| r.trim_matches(|c| c == '│' || c == ' ') == "31");
        let number = number.unwrap_or_else(|| panic!("31 alone: {narrow:#?}"));
        assert!(narrow[number + 1].contains("left"), "{narrow:#?}");
        insta::assert_snapshot!("ladder_8x14", narrow.join("\n"));
    }
}
