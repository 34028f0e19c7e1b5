//! The replay viewer's analysis panel: the value of every position as a graph (Blue's
//! lead up, Yellow's down, the move shown marked with a dotted line), and a line
//! with the move shown judged: its class, the points it lost, and the move played
//! and the best move, each with its own value.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, Widget};

use crate::rules::{Game, Player};
use crate::strings::review::mark;
use crate::strings::{analysis as words, describe};
use crate::text;

use super::look::Look;
use super::replay_analysis::{Analysis, Deep};

/// The fewest rows the panel is drawn in: its border, two rows of graph, the line judging the move.
pub(crate) const MIN_PANEL_HEIGHT: u16 = 5;
/// The most rows it takes.
pub(crate) const MAX_PANEL_HEIGHT: u16 = 12;

/// A point of the graph: (position, Blue's lead in points).
type Point = (f64, f64);

/// The analysis panel as a widget.
#[derive(Debug, Clone, Copy)]
pub(crate) struct AnalysisPanel<'a> {
    /// The whole game.
    pub game: &'a Game,
    /// Its analysis so far.
    pub analysis: &'a Analysis,
    /// How many moves are shown.
    pub at_move: usize,
    /// The colours.
    pub look: Look,
}

impl AnalysisPanel<'_> {
    /// Each analysed position's value from Blue's side, as (position, points), with
    /// copies a quarter of a move apart up to the next position, so each bar is as wide
    /// as a position's share of the graph (no gaps between bars on a wide screen).
    fn points(&self) -> Vec<Point> {
        self.analysis
            .values()
            .iter()
            .enumerate()
            .filter_map(|(i, value)| {
                let value = value.as_ref()?;
                let mover = self.game.position_at(i).to_move();
                let blue = if mover == Player::Blue {
                    value.value.margin
                } else {
                    -value.value.margin
                };
                let width = if i < self.game.len() { 4 } else { 1 };
                Some((0..width).map(move |q| (i as f64 + f64::from(q) / 4.0, f64::from(blue))))
            })
            .flatten()
            .collect()
    }

    /// The line judging the move shown, in `width` columns.
    fn judged_line(&self, width: usize) -> String {
        let line = if self.at_move == 0 {
            words::AT_START.to_owned()
        } else {
            match self.analysis.move_review(self.at_move) {
                None => words::pending(self.at_move),
                Some(m) => return judged_in(m, width),
            }
        };
        text::fit(&line, width).into_owned()
    }
}

/// [`judged`] in the longest wording that fits `width` columns: whole, then without
/// the move's number (the status line under the panel gives it), then without the
/// values' proven outcomes (`~-66`, not `~-66 loss`), then [`judged_short`]; cut with
/// `…` only when even that does not fit. QA (learn4): at 80×24 the whole line was cut
/// at the border, and `best a1 ~+27` read `best a1 ~+2`. QA (qa31): at 80×24 a move
/// with both outcomes proven (`d3 ~-66 loss · best b2 ~-39 loss for Blue`) fell to the
/// short wording, which drops the values and the range of an estimated loss.
pub(crate) fn judged_in(m: &crate::review::MoveReview, width: usize) -> String {
    let played = format!("{}{}", m.mv, mark(m.class));
    let wordings = [
        judged(m),
        describe::reviewed_move_unnumbered(
            m,
            &played,
            &m.played_value.to_string(),
            &m.best_value.to_string(),
        ),
        describe::reviewed_move_unnumbered(
            m,
            &played,
            &m.played_value.margin_text(),
            &m.best_value.margin_text(),
        ),
        judged_short(m),
    ];
    match text::first_fitting(wordings.iter().map(String::as_str), width) {
        Some(fitting) => fitting.to_owned(),
        None => text::fit(&wordings[3], width).into_owned(),
    }
}

/// [`judged`] for a message line too narrow for it (the folded panel's, 44 columns at
/// 44×16), each wording from who played the move, widest first: the whole line after
/// the player, then [`describe::reviewed_move_compact`]'s, the values and the best
/// move left out last. The last is at most 40 columns (a loss of 100 or more), so one
/// fits the viewer's narrowest screen. qa41: at 44×16 the verdict named neither the
/// player nor a value.
pub(crate) fn judged_named(m: &crate::review::MoveReview) -> Vec<String> {
    use crate::strings::review::{class_text, verdict_text};
    use describe::Compact;
    let played = format!("{}{}", m.mv, mark(m.class));
    let whole = |pv: &str, bv: &str| {
        format!(
            "{} {}",
            m.player,
            describe::reviewed_move_unnumbered(m, &played, pv, bv)
        )
    };
    let (pv, bv) = (m.played_value.to_string(), m.best_value.to_string());
    let (pm, bm) = (m.played_value.margin_text(), m.best_value.margin_text());
    let (verdict, class) = (verdict_text(m), class_text(m.class, m.likely));
    let compact = |how, values: [&str; 2], class: &str| {
        describe::reviewed_move_compact(m, how, &played, values, class)
    };
    let mut wordings = vec![
        whole(&pv, &bv),
        whole(&pm, &bm),
        compact(Compact::Valued, [&pv, &bv], &verdict),
        compact(Compact::Valued, [&pm, &bm], &verdict),
        compact(Compact::Valued, [&pm, &bm], &class),
        compact(Compact::Unvalued, [&pm, &bm], &verdict),
        compact(Compact::Unvalued, [&pm, &bm], &class),
        compact(Compact::Fewest, [&pm, &bm], &class),
    ];
    wordings.dedup();
    wordings
}

/// A reviewed move judged in words (the panel's line, the line mode's `why`).
pub(crate) fn judged(m: &crate::review::MoveReview) -> String {
    describe::reviewed_move(
        m,
        &format!("{}{}", m.mv, mark(m.class)),
        &m.played_value.to_string(),
        &m.best_value.to_string(),
    )
}

/// [`judged`] in a few words, for a message line too narrow for it.
pub(crate) fn judged_short(m: &crate::review::MoveReview) -> String {
    describe::reviewed_move_short(m, &format!("{}{}", m.mv, mark(m.class)))
}

impl Widget for &AnalysisPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.height < MIN_PANEL_HEIGHT || area.width < 20 {
            return;
        }
        let look = self.look;
        let (done, total) = self.analysis.progress();
        let (title, short) = match self.analysis.deep() {
            Some(Deep::Running { done, total }) => (
                words::title_deep(done, total),
                words::title_deep_short(done, total),
            ),
            _ if self.analysis.finished() => {
                (words::TITLE_DONE.to_owned(), words::TITLE_SHORT.to_owned())
            }
            _ => (
                words::title_running(done, total),
                words::TITLE_SHORT.to_owned(),
            ),
        };
        let title = if !text::fits(&title, usize::from(area.width).saturating_sub(2)) {
            short
        } else {
            title
        };
        // What the numbers are, where it fits (qa41).
        let legend = text::first_fitting(
            words::NUMBERS_LEGEND.iter().copied(),
            usize::from(area.width).saturating_sub(2),
        )
        .unwrap_or_default();
        let block = Block::bordered()
            .border_style(look.dim())
            .title(Line::styled(title, look.strong()))
            .title_bottom(Line::styled(legend, look.dim()));
        let inner = block.inner(area);
        block.render(area, buf);
        let [graph, judged] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(inner);

        let points = self.points();
        let (up, down): (Vec<Point>, Vec<Point>) = points.iter().partition(|&&(_, y)| y >= 0.0);
        // Symmetric bounds, in steps of 10 points, at least ±10.
        let top = points
            .iter()
            .map(|&(_, y)| y.abs())
            .fold(10.0_f64, f64::max);
        let top = (top / 10.0).ceil() * 10.0;
        let x = self.at_move as f64;
        let cursor = [(x, -top), (x, top)];
        let datasets = vec![
            Dataset::default()
                .marker(Marker::HalfBlock)
                .graph_type(GraphType::Bar)
                .style(look.player(Player::Blue))
                .data(&up),
            Dataset::default()
                .marker(Marker::HalfBlock)
                .graph_type(GraphType::Bar)
                .style(look.player(Player::Yellow))
                .data(&down),
            // The move shown: a dotted line, so it shows without colour.
            Dataset::default()
                .marker(Marker::Dot)
                .graph_type(GraphType::Line)
                .style(look.strong())
                .data(&cursor),
        ];
        let labels = [
            Span::raw(format!("-{top}")),
            Span::raw("0"),
            Span::raw(format!("+{top}")),
        ];
        Chart::new(datasets)
            .x_axis(Axis::default().bounds([0.0, self.game.len().max(1) as f64]))
            .y_axis(
                Axis::default()
                    .bounds([-top, top])
                    .labels(labels)
                    .style(look.dim()),
            )
            .render(graph, buf);

        let style = match self.analysis.move_review(self.at_move) {
            Some(m) if m.class >= crate::review::Class::Mistake => look.error(),
            _ => ratatui::style::Style::new(),
        };
        Line::styled(self.judged_line(usize::from(judged.width)), style).render(judged, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::{Class, MoveReview, Value};
    use crate::rules::Square;

    /// Move 20 of the QA game: its whole line is 92 columns (81 before `for Yellow`).
    fn move_20() -> MoveReview {
        let value = |margin| Value {
            margin,
            exact: false,
            outcome: None,
            margin_error: 13,
        };
        MoveReview {
            number: 20,
            player: Player::Yellow,
            mv: Square::B2,
            best: Square::A1,
            best_value: value(27),
            played_value: value(15),
            lost: 12,
            lost_range: Some([0, 26]),
            class: Class::Inaccuracy,
            likely: true,
        }
    }

    /// qa41: move 53 of a game against easy, `b3 -5` where `c3 +5` won: a blunder by
    /// rule 1 (a proven win thrown away) though it lost only 10, which the exact column
    /// calls an inaccuracy; the panel said `blunder, lost 10` and no why. The panel's
    /// line at 80×24 and the line mode's `why` say the win thrown away; a blunder that
    /// threw none away, and the 44-column wording, are as before.
    #[test]
    fn a_blunder_by_a_thrown_away_win_says_so() {
        use crate::ai::analysis::Wdl;
        let exact = |margin: i32| Value {
            margin,
            exact: true,
            outcome: Some(if margin > 0 { Wdl::Win } else { Wdl::Loss }),
            margin_error: 0,
        };
        let m = MoveReview {
            number: 53,
            player: Player::Blue,
            mv: Square::B3,
            best: Square::C3,
            best_value: exact(5),
            played_value: exact(-5),
            lost: 10,
            lost_range: None,
            class: Class::Blunder,
            likely: false,
        };
        let at_80 = judged_in(&m, 78);
        assert!(
            at_80.contains("blunder, a win thrown away, lost 10 · b3 -5 · best c3 +5 for Blue"),
            "{at_80}"
        );
        assert!(
            crate::strings::line::reviewed_move(&m).contains("blunder, a win thrown away, lost 10"),
            "{}",
            crate::strings::line::reviewed_move(&m)
        );
        assert_eq!(judged_in(&m, 42), "b3??: blunder, lost 10, best c3");
        // Both moves lose: a blunder by its points alone says nothing more.
        let both_lose = MoveReview {
            best_value: exact(-5),
            played_value: exact(-30),
            lost: 25,
            ..m
        };
        assert!(
            !judged(&both_lose).contains("thrown away"),
            "{}",
            judged(&both_lose)
        );
    }

    /// qa41: every wording of the folded panel's message line names who played, and
    /// the last, the values and the best move left out, fits 40 columns with the
    /// widest verdict and a loss of three digits (44×16 leaves 44).
    #[test]
    fn every_narrow_wording_names_the_player_and_the_last_fits_40_columns() {
        let value = |margin| Value {
            margin,
            exact: false,
            outcome: Some(crate::ai::analysis::Wdl::Loss),
            margin_error: 38,
        };
        let m = MoveReview {
            number: 64,
            player: Player::Yellow,
            mv: Square::D2,
            best: Square::A1,
            best_value: value(-100),
            played_value: value(-228),
            lost: 128,
            lost_range: Some([100, 156]),
            class: Class::Inaccuracy,
            likely: true,
        };
        let wordings = judged_named(&m);
        assert!(wordings.len() > 3, "{wordings:#?}");
        for w in &wordings {
            assert!(
                w.starts_with("Yellow d2?!: ") || w.starts_with("Yellow d2?! "),
                "{w}"
            );
            assert!(w.contains("lost 128"), "{w}");
        }
        let last = wordings.last().unwrap();
        assert_eq!(last, "Yellow d2?!: likely inaccuracy, lost 128");
        assert!(text::width(last) <= 40, "{last}");
        // A good move's values fit 44 columns beside the player; a likely
        // inaccuracy, the widest verdict, leaves room for the loss alone (the board's
        // double border shows the best move).
        let first_fitting = |m: &MoveReview| {
            judged_named(m)
                .into_iter()
                .find(|w| text::fits(w, 44))
                .unwrap()
        };
        let good = MoveReview {
            class: Class::Good,
            lost: 3,
            likely: false,
            played_value: Value {
                margin: 24,
                exact: true,
                margin_error: 0,
                ..move_20().played_value
            },
            best_value: Value {
                exact: true,
                margin_error: 0,
                ..move_20().best_value
            },
            lost_range: None,
            ..move_20()
        };
        assert_eq!(
            first_fitting(&good),
            "Yellow b2 +24: good, lost 3, best a1 +27"
        );
        assert_eq!(
            first_fitting(&move_20()),
            "Yellow b2?!: likely inaccuracy, lost 12"
        );
    }

    /// QA (learn4): the panel's line was cut at its border, a number with it: at 80×24
    /// `best a1 ~+27` read `best a1 ~+2`. A shorter wording is taken instead, never a
    /// number cut.
    #[test]
    fn the_judged_line_is_never_cut_inside_a_number() {
        let m = move_20();
        let whole = judged(&m);
        assert!(text::width(&whole) > 78, "{whole}");
        let at_80 = judged_in(&m, 78);
        // s27: the values' side after them (`for Yellow`), the number still whole.
        assert!(at_80.ends_with("best a1 ~+27 for Yellow"), "{at_80}");
        assert!(text::width(&at_80) <= 78, "{at_80}");
        assert!(!at_80.starts_with("Move 20"), "{at_80}");
        assert_eq!(judged_in(&m, 100), whole);
        let at_44 = judged_in(&m, 42);
        assert_eq!(at_44, judged_short(&m));
        let tiny = judged_in(&m, 12);
        assert!(
            tiny.ends_with(text::ELLIPSIS) && text::width(&tiny) <= 12,
            "{tiny}"
        );
    }

    /// QA (qa31): move 43 of a game against easy, both values with a proven loss. Its
    /// unnumbered line is 81 columns, and at 80×24 (78 inside the panel) the short
    /// wording was shown: `d3??: likely blunder, lost 27, best b2`, no values and no
    /// range for an estimated loss. The outcomes go first, the values and range stay.
    #[test]
    fn at_80_columns_a_line_with_proven_outcomes_keeps_its_values_and_range() {
        let value = |margin| Value {
            margin,
            exact: false,
            outcome: Some(crate::ai::analysis::Wdl::Loss),
            margin_error: 20,
        };
        let m = MoveReview {
            number: 43,
            player: Player::Blue,
            mv: Square::D3,
            best: Square::B2,
            best_value: value(-39),
            played_value: value(-66),
            lost: 27,
            lost_range: Some([19, 41]),
            class: Class::Blunder,
            likely: true,
        };
        let whole = judged(&m);
        assert!(
            whole.contains("d3 ~-66 loss · best b2 ~-39 loss"),
            "{whole}"
        );
        assert_eq!(judged_in(&m, 200), whole);
        let at_80 = judged_in(&m, 78);
        assert_eq!(
            at_80,
            "d3??: likely blunder, lost 27 (19-41) · d3 ~-66 · best b2 ~-39 for Blue"
        );
        // Where even that is too wide, the short wording as before.
        assert_eq!(judged_in(&m, 60), judged_short(&m));
    }
}
