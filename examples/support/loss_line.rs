//! The `loss ...` lines the measuring tools write and read (`eval_fit`,
//! `review_error`): one valued move each, the exact loss beside the review's.

use hijara::ai::analysis::{LossBound, PositionEval, Wdl};
use hijara::rules::Move;
use std::fmt;

/// The `key=value` fields of a logged `loss ...` line, without its `# ...`
/// comment; `None` for another line or a field without `=`.
pub fn loss_fields(line: &str) -> Option<Vec<(&str, &str)>> {
    let rest = line.trim().strip_prefix("loss ")?;
    let rest = rest.split('#').next().unwrap_or(rest);
    rest.split_whitespace().map(|f| f.split_once('=')).collect()
}

/// A proven outcome as a `loss` line holds it: 1 win, 0 draw, -1 loss, 9 none.
fn wdl_code(wdl: Option<Wdl>) -> i32 {
    match wdl {
        Some(Wdl::Win) => 1,
        Some(Wdl::Draw) => 0,
        Some(Wdl::Loss) => -1,
        None => 9,
    }
}

/// One valued move as a `loss ...` line (what [`loss_fields`] reads back): the
/// exact loss beside the review's estimate, its outcomes ([`wdl_code`]) and its
/// proofs' loss bound.
pub struct LossLine<'a> {
    pub set: &'a str,
    pub nodes: u64,
    pub empties: u32,
    pub truth: i32,
    pub lost: i32,
    pub best: i32,
    pub played: i32,
    pub exact: bool,
    pub best_wdl: i32,
    pub played_wdl: i32,
    pub bound: Option<LossBound>,
}

impl<'a> LossLine<'a> {
    /// The review's verdict inputs for `played` from its search `e` (which
    /// valued `played` beside the best move), beside the exact `truth`; `None`
    /// when the search has no value for `played`.
    pub fn of_review(
        set: &'a str,
        (nodes, empties, truth): (u64, u32, i32),
        played: Move,
        e: &PositionEval,
    ) -> Option<Self> {
        let p = e.played?;
        let lost = if e.best == played {
            0
        } else {
            (e.margin - p.margin).max(0)
        };
        Some(LossLine {
            set,
            nodes,
            empties,
            truth,
            lost,
            best: e.margin,
            played: p.margin,
            exact: e.exact && p.exact,
            best_wdl: wdl_code(e.wdl),
            played_wdl: wdl_code(p.wdl),
            bound: e.loss_bound,
        })
    }
}

impl fmt::Display for LossLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "loss set={} nodes={} empties={} truth={} lost={} best={} played={} exact={} bw={} pw={}",
            self.set,
            self.nodes,
            self.empties,
            self.truth,
            self.lost,
            self.best,
            self.played,
            u8::from(self.exact),
            self.best_wdl,
            self.played_wdl,
        )?;
        match self.bound {
            Some(LossBound::AtLeast(n)) => write!(f, " lb={n}"),
            Some(LossBound::AtMost(n)) => write!(f, " ub={n}"),
            None => Ok(()),
        }
    }
}
