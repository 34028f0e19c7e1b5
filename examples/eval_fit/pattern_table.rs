//! A line-pattern evaluation (n-tuple style) for the standard rules.
//!
//! Each of the 76 combinations is looked up, for each side that can still
//! complete it, in a table of weights by its **pattern**: which of its cells
//! that side holds, and for each empty cell how far it lies above its
//! square's playable cell (0, 1, 2 or more). Lines equivalent under the 8
//! board symmetries share their weights: the 76 fall into 18 classes
//! ([`CLASSES`]): squares by where they lie (corner, edge, centre), lines of
//! one section number by line (edge, inner, diagonal) and section, and
//! sequences by line. A same-number line's pattern is the multiset of its
//! cells' states (which of the line's squares holds what is not told apart);
//! a sequence's lists its cells by section; a square's is how many sections
//! are filled. Section parity is in the key through the owner's colour: the
//! table has one block per context ([`CONTEXTS`]): the owner is the mover or
//! not, and Blue or Yellow.
//!
//! The table holds hundredths of a point per line, signed from the mover's
//! view; [`pattern_sum`] adds the entries of every live line. A table made by
//! [`Patterns::from_weights`] values every line as [`Weights`] does, so its
//! sum is the feature evaluation's weighted sum.
//!
//! Issue 29, tenth pass: measured and not kept in play (docs/ai-strength.md);
//! `eval_fit fit-patterns` fits it, and docs/ai-issue29/pattern_eval.patch is
//! the patch that played it behind a temporary switch.

use hijara::ai::eval::{FEATURES, Weights, feature};
use hijara::rules::{COMBINATIONS, Line, Player, Position, Square};

/// How many classes of symmetric combinations the table tells apart.
pub const CLASSES: usize = 18;

/// How many blocks the table has: owner the mover or not, times its colour.
pub const CONTEXTS: usize = 4;

/// A cell's state in a pattern code (two bits a cell): the owner's stone.
const FILLED: u8 = 0;

/// The line class of a line: 0 an edge row or column, 1 an inner one, 2 a diagonal.
const fn line_class(line: Line) -> usize {
    match line {
        Line::Row(r) | Line::Column(r) => {
            if r == 0 || r == 3 {
                0
            } else {
                1
            }
        }
        Line::Diagonal | Line::AntiDiagonal => 2,
    }
}

/// What kind of pattern a class's lines have.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Square,
    Same(u8),
    Sequence,
}

/// The shape of class `class`: 0-2 squares, 3-14 same-number lines (line
/// class times 4 plus section index), 15-17 sequences.
const fn class_shape(class: usize) -> Shape {
    if class < 3 {
        Shape::Square
    } else if class < 15 {
        Shape::Same(((class - 3) % 4) as u8)
    } else {
        Shape::Sequence
    }
}

/// The section index (0..4) of cell `i` of a line of `shape`, in the order
/// [`COMBO_CELLS`] lists them.
const fn cell_section(shape: Shape, i: usize) -> usize {
    match shape {
        Shape::Same(s) => s as usize,
        Shape::Square | Shape::Sequence => i,
    }
}

/// Each standard combination's class and its four cells' bit indices:
/// a square's by section, a same-number line's along the line, a sequence's
/// by section.
const fn build_combos() -> ([u8; 76], [[u8; 4]; 76]) {
    let mut class = [0u8; 76];
    let mut cells = [[0u8; 4]; 76];
    let mut i = 0;
    while i < 76 {
        if i < 16 {
            let sq = Square::ALL[i];
            let (c, r) = (sq.column(), sq.row());
            let border_c = c == 0 || c == 3;
            let border_r = r == 0 || r == 3;
            class[i] = if border_c && border_r {
                0
            } else if border_c || border_r {
                1
            } else {
                2
            };
            let mut k = 0;
            while k < 4 {
                cells[i][k] = (i * 4 + k) as u8;
                k += 1;
            }
        } else if i < 56 {
            let line = Line::ALL[(i - 16) / 4];
            let section = (i - 16) % 4;
            class[i] = (3 + line_class(line) * 4 + section) as u8;
            let squares = line.squares();
            let mut k = 0;
            while k < 4 {
                cells[i][k] = (squares[k].index() * 4 + section) as u8;
                k += 1;
            }
        } else {
            let line = Line::ALL[(i - 56) / 2];
            let reversed = (i - 56) % 2 == 1;
            class[i] = (15 + line_class(line)) as u8;
            let squares = line.squares();
            let mut k = 0;
            while k < 4 {
                // Section k + 1 sits on square k, or on square 3 - k read backwards.
                let square = if reversed { squares[3 - k] } else { squares[k] };
                cells[i][k] = (square.index() * 4 + k) as u8;
                k += 1;
            }
        }
        i += 1;
    }
    (class, cells)
}

const COMBOS: ([u8; 76], [[u8; 4]; 76]) = build_combos();
/// Each standard combination's class.
const COMBO_CLASS: [u8; 76] = COMBOS.0;
/// Each standard combination's cells, in pattern order.
const COMBO_CELLS: [[u8; 4]; 76] = COMBOS.1;

/// Digit `i` (0..4) of a pattern code.
const fn digit(code: usize, i: usize) -> u8 {
    ((code >> (2 * i)) & 3) as u8
}

/// The code with the same digits in ascending order.
const fn sorted(code: usize) -> usize {
    let mut d = [
        digit(code, 0),
        digit(code, 1),
        digit(code, 2),
        digit(code, 3),
    ];
    let mut i = 0;
    while i < 4 {
        let mut j = i + 1;
        while j < 4 {
            if d[j] < d[i] {
                let t = d[i];
                d[i] = d[j];
                d[j] = t;
            }
            j += 1;
        }
        i += 1;
    }
    (d[0] as usize) | (d[1] as usize) << 2 | (d[2] as usize) << 4 | (d[3] as usize) << 6
}

/// Whether `code` can be a live, incomplete line of `class` (its canonical
/// form: sorted digits for a same-number line).
const fn is_pattern(class: usize, code: usize) -> bool {
    if code == 0 {
        return false;
    }
    let shape = class_shape(class);
    match shape {
        Shape::Square => {
            // Stones fill a square from section 1: k filled, then heights 0, 1, 2, 2.
            let mut k = 0;
            while k < 4 && digit(code, k) == FILLED {
                k += 1;
            }
            let mut i = k;
            while i < 4 {
                let h = if i - k < 2 { i - k } else { 2 };
                if digit(code, i) as usize != 1 + h {
                    return false;
                }
                i += 1;
            }
            true
        }
        Shape::Same(_) | Shape::Sequence => {
            if matches!(shape, Shape::Same(_)) && sorted(code) != code {
                return false;
            }
            let mut i = 0;
            while i < 4 {
                // An empty cell of section s is at most s - 1 above the playable one.
                if digit(code, i) as usize > cell_section(shape, i) + 1 {
                    return false;
                }
                i += 1;
            }
            true
        }
    }
}

/// Not a pattern (a complete or impossible line).
const NONE: u16 = u16::MAX;

/// Per class, each code's index within the class's block (same-number codes
/// are sorted first), and each class's first index within a context's block.
const fn build_index() -> ([[u16; 256]; CLASSES], [u16; CLASSES + 1]) {
    let mut index = [[NONE; 256]; CLASSES];
    let mut base = [0u16; CLASSES + 1];
    let mut next = 0u16;
    let mut class = 0;
    while class < CLASSES {
        base[class] = next;
        let mut code = 0;
        while code < 256 {
            if is_pattern(class, code) {
                index[class][code] = next - base[class];
                next += 1;
            }
            code += 1;
        }
        if matches!(class_shape(class), Shape::Same(_)) {
            let mut code = 0;
            while code < 256 {
                let canonical = sorted(code);
                if index[class][code] == NONE && is_pattern(class, canonical) {
                    index[class][code] = index[class][canonical];
                }
                code += 1;
            }
        }
        class += 1;
    }
    base[CLASSES] = next;
    (index, base)
}

const INDEX: ([[u16; 256]; CLASSES], [u16; CLASSES + 1]) = build_index();
/// Per class, the pattern code's index within the class.
static CLASS_INDEX: [[u16; 256]; CLASSES] = INDEX.0;
/// Per class, its first index in a context's block; the last entry is the block's size.
const CLASS_BASE: [u16; CLASSES + 1] = INDEX.1;

/// The patterns in one context's block.
pub const PER_CONTEXT: usize = CLASS_BASE[CLASSES] as usize;

/// The size of the table: every context's block.
pub const PATTERNS: usize = CONTEXTS * PER_CONTEXT;

/// The context of a line for `owner` when `mover` is to move.
#[inline]
const fn context(owner_is_mover: bool, owner: Player) -> usize {
    (if owner_is_mover { 0 } else { 2 }) + owner.index()
}

/// A pattern table: hundredths of a point per live line, from the mover's view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Patterns(pub [i32; PATTERNS]);

impl Patterns {
    /// The table that values every line as `weights`' features do (its colour
    /// term and parity fill are not in it).
    pub fn from_weights(weights: &Weights) -> Patterns {
        let mut table = [0i32; PATTERNS];
        for (ctx, block) in table.chunks_mut(PER_CONTEXT).enumerate() {
            let mine = ctx < 2;
            let owner = Player::BOTH[ctx % 2];
            for class in 0..CLASSES {
                let shape = class_shape(class);
                let points = match shape {
                    Shape::Square => 20,
                    Shape::Same(_) => 10,
                    Shape::Sequence => 15,
                };
                for (code, &local) in CLASS_INDEX[class].iter().enumerate() {
                    if !is_pattern(class, code) {
                        continue;
                    }
                    let Some(kind) = feature_of(shape, code, owner) else {
                        continue;
                    };
                    let w = if mine {
                        weights.mine[kind]
                    } else {
                        -weights.theirs[kind]
                    };
                    block[CLASS_BASE[class] as usize + local as usize] = w * points;
                }
            }
        }
        Patterns(table)
    }
}

/// The [`feature`] a line of `shape` with pattern `code` counts towards for
/// `owner`, or `None` for a line without a stone.
fn feature_of(shape: Shape, code: usize, owner: Player) -> Option<usize> {
    let filled = (0..4).filter(|&i| digit(code, i) == FILLED).count();
    match filled {
        0 => None,
        1 => Some(feature::ONE),
        2 => Some(feature::TWO),
        _ => {
            let i = (0..4).find(|&i| digit(code, i) != FILLED)?;
            let height = digit(code, i) - 1;
            // Section numbers 2 and 4 (indices 1 and 3) are Yellow's by parity.
            let yellow_section = cell_section(shape, i) % 2 == 1;
            let favoured = yellow_section == (owner == Player::Yellow);
            Some(match (height, favoured) {
                (0, _) => feature::NOW,
                (1, true) => feature::FAVOURED_NEXT,
                (_, true) => feature::FAVOURED_HIGH,
                (1, false) => feature::AGAINST_NEXT,
                (_, false) => feature::AGAINST_HIGH,
            })
        }
    }
}

const _: () = assert!(FEATURES == 7);

/// Every cell's state: 0 filled, else 1 + its height above its square's
/// playable cell (capped at 2).
#[inline]
fn cell_states(occupied: u64) -> [u8; 64] {
    let mut states = [0u8; 64];
    for square in 0..16 {
        let filled = ((occupied >> (square * 4)) & 0xF).count_ones() as usize;
        for section in filled..4 {
            states[square * 4 + section] = 1 + (section - filled).min(2) as u8;
        }
    }
    states
}

/// Calls `f` with the table index of every live line of `position` (standard
/// rules' combinations), for each side that can still complete it.
#[inline]
pub fn for_each_pattern(position: &Position, mut f: impl FnMut(usize)) {
    let me = position.to_move();
    let stones = [position.stones(me), position.stones(me.other())];
    let bases = [
        context(true, me) * PER_CONTEXT,
        context(false, me.other()) * PER_CONTEXT,
    ];
    let states = cell_states(position.occupied());
    for (i, combo) in COMBINATIONS.iter().enumerate() {
        let cells = COMBO_CELLS[i];
        let code = states[cells[0] as usize] as usize
            | (states[cells[1] as usize] as usize) << 2
            | (states[cells[2] as usize] as usize) << 4
            | (states[cells[3] as usize] as usize) << 6;
        if code == 0 {
            // Every cell filled.
            continue;
        }
        let class = COMBO_CLASS[i] as usize;
        let local = CLASS_BASE[class] as usize + CLASS_INDEX[class][code] as usize;
        let mask = combo.mask();
        for side in 0..2 {
            if mask & stones[1 - side] == 0 {
                f(bases[side] + local);
            }
        }
    }
}

/// The sum of `table`'s entries over `position`'s live lines, in hundredths
/// of a point from the mover's view.
#[inline]
pub fn pattern_sum(position: &Position, table: &Patterns) -> i32 {
    let mut sum = 0;
    for_each_pattern(position, |i| sum += table.0[i]);
    sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use hijara::rules::Symmetry;
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;

    #[test]
    fn the_classes_have_the_expected_sizes() {
        let size = |c: usize| CLASS_BASE[c + 1] - CLASS_BASE[c];
        // Squares: 1, 2 or 3 sections filled, or none.
        assert_eq!((0..3).map(size).collect::<Vec<_>>(), [4, 4, 4]);
        // Same-number lines of sections 1-4: multisets of their cells' states.
        assert_eq!((3..7).map(size).collect::<Vec<_>>(), [4, 14, 34, 34]);
        assert_eq!(size(15), 95);
        assert_eq!(PER_CONTEXT, 555);
        let per_class = COMBO_CLASS.iter().fold([0; CLASSES], |mut n, &c| {
            n[c as usize] += 1;
            n
        });
        assert_eq!(
            per_class,
            [4, 8, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2, 2, 2, 2, 8, 8, 4]
        );
    }

    /// Random games' positions.
    fn positions(seed: u64, games: usize) -> Vec<Position> {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut out = Vec::new();
        for _ in 0..games {
            let mut pos = Position::new();
            while !pos.is_over() {
                out.push(pos);
                let moves: Vec<_> = pos.legal_moves().collect();
                pos.play(*moves.choose(&mut rng).unwrap()).unwrap();
            }
        }
        out
    }

    #[test]
    fn a_table_from_weights_sums_as_the_features_do() {
        for weights in [Weights::HARD, Weights::MEDIUM] {
            let table = Patterns::from_weights(&weights);
            for pos in positions(3, 100) {
                let rows = hijara::ai::eval::features(&pos);
                let mut expected = 0;
                for k in 0..FEATURES {
                    expected += weights.mine[k] * rows[0][k] - weights.theirs[k] * rows[1][k];
                }
                assert_eq!(pattern_sum(&pos, &table), expected);
            }
        }
    }

    #[test]
    fn symmetric_positions_look_up_the_same_patterns() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(8);
        let mut table = Patterns([0; PATTERNS]);
        for w in table.0.iter_mut() {
            *w = rand::Rng::random_range(&mut rng, -500..500);
        }
        for pos in positions(4, 60) {
            let value = pattern_sum(&pos, &table);
            for symmetry in Symmetry::ALL {
                assert_eq!(pattern_sum(&pos.transformed(symmetry), &table), value);
            }
        }
    }

    #[test]
    fn every_live_line_is_looked_up_once_per_side() {
        for pos in positions(5, 50) {
            let me = pos.to_move();
            let mut expected = 0;
            for combo in COMBINATIONS.iter() {
                let m = combo.mask();
                if m & pos.occupied() == m {
                    continue;
                }
                for p in [me, me.other()] {
                    expected += usize::from(m & pos.stones(p.other()) == 0);
                }
            }
            let mut seen = 0;
            for_each_pattern(&pos, |i| {
                assert!(i < PATTERNS);
                seen += 1;
            });
            assert_eq!(seen, expected);
        }
    }
}
