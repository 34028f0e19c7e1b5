//! Which rules are on: the standard 76 combinations, or those plus the corner formations.

use super::combination::{ALL_COMBINATIONS, CORNERS_INDEX, Combination, STANDARD_INDEX};
use super::square::Cell;

/// A ruleset: which combinations score.
///
/// `Standard` has the 76 combinations of the boxed game. `Corners` adds the
/// designer's 28 corner formations on `a1`, `d1`, `a4` and `d4`: the same section
/// number in all four corners (10 points, 4 combinations) and sections 1, 2, 3 and
/// 4 one in each corner in any arrangement (15 points, 24 combinations).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    clap::ValueEnum,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    serde::Serialize,
)]
#[strum(
    serialize_all = "lowercase",
    parse_err_ty = ParseRulesetError,
    parse_err_fn = ParseRulesetError::of
)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum Ruleset {
    /// The 76 combinations.
    #[default]
    Standard,
    /// The 76 combinations and the 28 corner formations.
    Corners,
}

impl Ruleset {
    /// Both rulesets.
    pub const ALL: [Ruleset; 2] = [Ruleset::Standard, Ruleset::Corners];

    /// The name used on the command line and in records (`standard`, `corners`).
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// How many combinations score under these rules (76 or 104).
    pub const fn combination_count(self) -> usize {
        match self {
            Ruleset::Standard => 76,
            Ruleset::Corners => 104,
        }
    }

    /// The combinations that score under these rules, in id order: the standard
    /// 76 first, then (for `Corners`) the 4 same-number and 24 arrangement formations.
    pub fn combinations(self) -> &'static [Combination] {
        &ALL_COMBINATIONS[..self.combination_count()]
    }

    /// The points of the combinations through `cell` that `owned` covers
    /// whole, under these rules: what a stone there scores for its owner.
    #[inline]
    pub fn points_through(self, cell: Cell, owned: u64) -> u32 {
        match self {
            Ruleset::Standard => STANDARD_INDEX[cell.index()].points_owned(owned),
            Ruleset::Corners => CORNERS_INDEX[cell.index()].points_owned(owned),
        }
    }
}

/// A ruleset name other than `standard` or `corners`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant `{}` (expected `standard` or `corners`)", .0.escape_debug())]
pub struct ParseRulesetError(pub String);

impl ParseRulesetError {
    /// The error for `name` (`FromStr` is derived: `standard` or `corners`, exactly).
    fn of(name: &str) -> ParseRulesetError {
        ParseRulesetError(name.to_owned())
    }
}
