//! The status lines: both totals in text (`Blue 35`, `Yellow 20`), whose turn, and a message.

use std::cmp::Reverse;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::rules::{Game, Player};
use crate::text;

use super::look::Look;

/// Blue's and Yellow's totals after the first `n` moves of `game`: the points awarded,
/// which in a game without claims is everything scored.
pub(crate) fn totals_at(game: &Game, n: usize) -> [u32; 2] {
    let mut totals = [0; 2];
    for (i, placement) in game.placements().iter().enumerate().take(n) {
        totals[placement.player.index()] += game.awarded(i);
    }
    totals
}

/// How much of what matters a first status line keeps (see [`StatusView`]'s render),
/// compared field by field.
type Rank = (bool, usize, bool, Reverse<usize>, Reverse<usize>);

/// The display width of `text`, in terminal columns ([`text::width`]).
fn columns(text: &str) -> u16 {
    u16::try_from(text::width(text)).unwrap_or(u16::MAX)
}

/// Two status lines: the totals and the turn on top, a message (or the keys) below.
#[derive(Debug, Clone)]
pub(crate) struct StatusView<'a> {
    /// Blue's and Yellow's totals (in a claim game, the points claimed).
    pub totals: [u32; 2],
    /// Which rules are on (`["corners", "claims"]`), shown at the right joined by ` · `;
    /// empty for the standard game. When the line is short the last goes first, so
    /// the variant is dropped last.
    pub rules: &'a [&'a str],
    /// Whose turn, the AI thinking, or the result, after the totals: its wordings,
    /// longest first (never empty).
    pub turn: &'a [String],
    /// How many of the first wordings of `turn` say all that matters (who may claim);
    /// the rest leave something out, so the labels at the right go before them.
    pub turn_core: usize,
    /// The turn's style.
    pub turn_style: Style,
    /// The second line.
    pub message: Span<'a>,
    /// Shown at the right of the first line (e.g. `? help`); where that line has no
    /// room for it, at the right of the second, when that is a hint line (which
    /// then loses whole keys to make room) or a message that leaves room for it.
    pub right: &'a str,
    /// Whether the second line is a hint line (the keys), not a message.
    pub hints: bool,
    /// How many of the first wordings of `turn` name the keys that go on (at a local
    /// game over; 0 elsewhere). Where the first line with the totals has room for none
    /// of them, the totals go, which the ladders show in digits too, for one that fits
    /// (at 44 columns the result alone left the keys named nowhere).
    pub keyed_turns: usize,
    /// Whether the first `turn_core` wordings (every key of a game over) go before
    /// the help's label even without the totals: while the note that the game was
    /// kept covers the hint row (s38: `r review` was named nowhere at 44x16).
    pub keys_over_help: bool,
    /// The colours.
    pub look: Look,
    /// The message's words when they only repeat the result the turn's wordings say
    /// (a served game's ending, said as it came), and the line shown in the message's
    /// place (the keys) where the first line says those words already: the result is
    /// said once, on the first line, where it stays. Where the first line has no room
    /// for them (44 columns), the message says them.
    pub echo: Option<(&'a str, Span<'a>)>,
}

impl Widget for &StatusView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let total = |player: Player| {
            Span::styled(
                format!("{player} {}", self.totals[player.index()]),
                self.look.player(player),
            )
        };
        // What to keep when the line is short, most important first: whose turn (and
        // who may claim: the first `turn_core` wordings say it), the rules (the variant
        // last of all), where the help is, then the longer wordings of the turn and a
        // wider separator.
        let mut rights: Vec<(usize, bool, String)> = Vec::new();
        for n in (0..=self.rules.len()).rev() {
            let rules = self.rules[..n].join(" · ");
            if !self.right.is_empty() {
                let both = if rules.is_empty() {
                    self.right.to_owned()
                } else {
                    format!("{rules}  {}", self.right)
                };
                rights.push((n, true, both));
            }
            rights.push((n, false, rules));
        }
        let totals_w = columns(&format!(
            "{} {}  {} {}",
            Player::Blue,
            self.totals[0],
            Player::Yellow,
            self.totals[1]
        ));
        let separators = ["  │  ", " │ "];
        // The best first line: after the totals (`with_totals`), or without them and
        // with `? help` (below).
        let choose = |with_totals: bool| {
            let mut best: Option<(Rank, (&str, &str, &str))> = None;
            for (t, turn) in self.turn.iter().enumerate() {
                for (n, help, right) in &rights {
                    // Without the totals, with `? help` unless the keys go first.
                    let keys_first = self.keys_over_help && t < self.turn_core;
                    if !(with_totals || *help || keys_first) {
                        continue;
                    }
                    for (s, sep) in separators.iter().enumerate() {
                        let right_w = if right.is_empty() {
                            0
                        } else {
                            columns(right) + 2
                        };
                        let left_w = if with_totals {
                            totals_w + columns(sep)
                        } else {
                            0
                        };
                        if left_w + columns(turn) + right_w > area.width {
                            continue;
                        }
                        let rank = (t < self.turn_core, *n, *help, Reverse(t), Reverse(s));
                        if best.as_ref().is_none_or(|(b, _)| rank > *b) {
                            best = Some((rank, (turn.as_str(), *sep, right.as_str())));
                        }
                    }
                }
            }
            best
        };
        let mut best = choose(true);
        let mut with_totals = true;
        // s23: a local game over whose keys fit only without the totals (44 columns)
        // says them there, in place of the totals, rather than the result alone.
        if let Some(((core, rules, _, Reverse(t), _), _)) = best
            && t >= self.keyed_turns
            && let Some(alone) = choose(false)
        {
            let ((alone_core, alone_rules, _, Reverse(alone_t), _), _) = alone;
            // Every key of a game over (the note that it was kept on the hint row) goes
            // before the rules' labels too (qa45: `claims` took the room of `r
            // review` at 44x16 after the last stone's claim).
            let keys_first = self.keys_over_help && alone_core && !core;
            if alone_t < self.keyed_turns
                && alone_core >= core
                && (alone_rules >= rules || keys_first)
            {
                best = Some(alone);
                with_totals = false;
            }
        }
        // What the first line keeps (who may claim, the rules): the help may not take it.
        let kept = best.as_ref().map(|((core, rules, ..), _)| (*core, *rules));
        let shortest = self.turn.last().map_or("", String::as_str);
        let mut help_on_top = best.as_ref().is_some_and(|((_, _, help, ..), _)| *help);
        let (mut turn, mut separator, mut right) =
            best.map_or((shortest, " │ ", ""), |(_, chosen)| chosen);
        let width = usize::from(area.width);
        let mut second = self.second_line(help_on_top, width);
        // s22: a message that leaves `? help` no room beside it (a verdict of 41
        // columns at 44) is kept whole, and the help goes on the first line in place of
        // the totals, which the ladders show in digits too: the help stays in view
        // whatever the message, and the message stays whole.
        if area.height >= 2
            && !help_on_top
            && !self.right.is_empty()
            && !second.help_below
            && !second.content.contains(self.right)
            && let Some(((core, rules, ..), chosen)) = choose(false)
            && kept.is_none_or(|(kept_core, kept_rules)| core >= kept_core && rules >= kept_rules)
        {
            (turn, separator, right) = chosen;
            with_totals = false;
            help_on_top = true;
            second = self.second_line(help_on_top, width);
        }
        if let Some((said, instead)) = &self.echo
            && turn.contains(said)
        {
            let keys = StatusView {
                message: instead.clone(),
                hints: true,
                echo: None,
                ..self.clone()
            };
            return (&keys).render(area, buf);
        }
        // No wording fits (a game over at 44 columns): the shortest, cut at a word with
        // `…` rather than mid-word by the edge (`Move 64/64 · Yellow wi`).
        let top = Rect::new(area.x, area.y, area.width, 1);
        if with_totals {
            let room = area.width.saturating_sub(totals_w + columns(separator));
            let turn = text::fit_words(turn, usize::from(room));
            Line::from(vec![
                total(Player::Blue),
                Span::raw("  "),
                total(Player::Yellow),
                Span::styled(separator, self.look.dim()),
                Span::styled(turn.as_ref(), self.turn_style),
            ])
            .render(top, buf);
        } else {
            Span::styled(turn, self.turn_style).render(top, buf);
        }
        if !right.is_empty() {
            let right_w = columns(right);
            let x = area.right().saturating_sub(right_w);
            Span::styled(right, self.look.dim()).render(Rect::new(x, area.y, right_w, 1), buf);
        }
        if area.height >= 2 {
            let bottom = Rect::new(area.x, area.y + 1, area.width, 1);
            let room = width.saturating_sub(text::width(self.right) + 2);
            let text = text::fit_parts(
                &second.content,
                if second.help_below { room } else { width },
            );
            Span::styled(text, self.message.style).render(bottom, buf);
            if second.help_below {
                let right_w = columns(self.right);
                let x = area.right().saturating_sub(right_w);
                Span::styled(self.right, self.look.dim())
                    .render(Rect::new(x, bottom.y, right_w, 1), buf);
            }
        }
    }
}

/// What the second status line shows: its text, and whether `? help` goes at its
/// right.
struct SecondLine {
    /// The message or hint line, without its own `? help` part when that was taken
    /// out to go at the right.
    content: String,
    /// Whether `? help` goes at the line's right.
    help_below: bool,
}

impl StatusView<'_> {
    /// The second line `width` columns wide, the help on the first line or not.
    fn second_line(&self, help_on_top: bool, width: usize) -> SecondLine {
        // A hint line loses whole keys, a message whole words (a long one is shown
        // whole in a box over the board).
        let mut content: &str = &self.message.content;
        // A hint line that names `? help` itself, too long for the line: the help is
        // taken out of it and put at the right, as below, so cutting the line at a
        // part's end cannot drop it (the replay's first hint at 44 columns lost it).
        let without_help = (!help_on_top && !self.right.is_empty() && !text::fits(content, width))
            .then(|| without_part(content, self.right))
            .flatten();
        if let Some(rest) = &without_help {
            content = rest;
        }
        // `? help` goes below when the first line has no room for it (at 44 columns,
        // the rules of a corners game with claims take it).
        let room = width.saturating_sub(text::width(self.right) + 2);
        let help_below = !help_on_top
            && !self.right.is_empty()
            && !content.contains(self.right)
            && (self.hints || without_help.is_some() || text::fits(content, room));
        SecondLine {
            content: content.to_owned(),
            help_below,
        }
    }
}

/// `line`, a list of parts joined by [`text::PART_SEPARATOR`], without its part
/// `part` (after a separator, so never the first); `None` when it has no such part.
fn without_part(line: &str, part: &str) -> Option<String> {
    let parts: Vec<&str> = line.split(text::PART_SEPARATOR).collect();
    let at = parts.iter().skip(1).position(|p| *p == part)? + 1;
    let kept: Vec<&str> = parts
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != at)
        .map(|(_, p)| *p)
        .collect();
    Some(kept.join(text::PART_SEPARATOR))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A turn no wording of which fits is cut at a word with `…`, not mid-word by the
    /// edge of the terminal (`Move 64/64 · Yellow wi`).
    #[test]
    fn a_turn_too_long_for_the_line_is_cut_at_a_word() {
        let turn = ["Move 64/64 · Game over: Yellow wins".to_owned()];
        let view = StatusView {
            totals: [75, 100],
            rules: &[],
            turn: &turn,
            turn_core: 1,
            turn_style: Style::new(),
            message: Span::raw(""),
            right: "",
            hints: false,
            keyed_turns: 0,
            keys_over_help: false,
            look: Look::PLAIN,
            echo: None,
        };
        let area = Rect::new(0, 0, 44, 2);
        let mut buf = Buffer::empty(area);
        (&view).render(area, &mut buf);
        let row: String = (0..44).map(|x| buf[(x, 0)].symbol()).collect();
        assert_eq!(row.trim_end(), "Blue 75  Yellow 100 │ Move 64/64 · Game…");
    }

    /// s22: a message that fits the line but leaves `? help` no room beside it, under
    /// a first line the help had no room on either (a corners game with claims, or the
    /// review's `Move 3/64 · ▶ Yellow`, at 44 columns): no way to the help was in view.
    /// The message stays whole, and the help takes the totals' place above it; a
    /// shorter message keeps the totals and the help beside it, as before.
    #[test]
    fn a_message_with_no_room_for_the_help_sends_it_to_the_first_line() {
        let turn = ["Blue to move".to_owned()];
        let rows = |message: &str| {
            let view = StatusView {
                totals: [100, 100],
                rules: &["corners", "claims"],
                turn: &turn,
                turn_core: 1,
                turn_style: Style::new(),
                message: Span::raw(message.to_owned()),
                right: "? help",
                hints: false,
                keyed_turns: 0,
                keys_over_help: false,
                look: Look::PLAIN,
                echo: None,
            };
            let area = Rect::new(0, 0, 44, 2);
            let mut buf = Buffer::empty(area);
            (&view).render(area, &mut buf);
            [0, 1].map(|y| {
                (0..44)
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
                    .trim_end()
                    .to_owned()
            })
        };
        let long = "c4?!: likely inaccuracy, lost 20, best a1";
        assert_eq!(
            rows(long),
            [
                "Blue to move        corners · claims  ? help".to_owned(),
                long.to_owned()
            ]
        );
        let short = "a1??: blunder, lost 28, best c3";
        assert_eq!(
            rows(short),
            [
                "Blue 100  Yellow 100 │ Blue to move  corners".to_owned(),
                format!("{short}{}? help", " ".repeat(44 - 31 - 6)),
            ]
        );
    }
}
