//! What an exact margin costs, three ways, on positions from real games
//! (one thread, a fresh table each, node counts): the iterative-deepening
//! search to the end (`ai::solve` for the margin before issue 29); the
//! win/draw/loss solve then one search to the end within the proven side of 0
//! (hard's margin phase); one search to the end with the whole window; and
//! MTD(f): null-window searches to the end converging on the margin from the
//! win/draw/loss solve's side of 0 (every margin is a multiple of 5 points).
//!
//! ```sh
//! cargo run --release --features tools --example proof_range -- generate --games 12 \
//!     --depths 12,14,16,17,18,19,20 --out /tmp/margin-positions.txt
//! cargo run --release --features tools --example margin_cost -- --positions /tmp/margin-positions.txt
//! ```

use std::collections::BTreeMap;
use std::path::PathBuf;

use clap::Parser;
use hijara::ai::search::{INF, Searcher, Wdl};
use hijara::ai::{SearchLimit, eval::SCALE};
use hijara::rules::{Move, Position, Square};

#[derive(Parser)]
struct Args {
    #[arg(long)]
    positions: PathBuf,
    /// Node cap per solve.
    #[arg(long, default_value_t = 50_000_000)]
    cap: u64,
    /// Leave out the iterative deepening (the slowest by far).
    #[arg(long)]
    no_deepening: bool,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let text = std::fs::read_to_string(&args.positions)?;
    let mut rows: BTreeMap<u32, Vec<[u64; 4]>> = BTreeMap::new();
    for line in text.lines() {
        let mut p = Position::new();
        for w in line.split_whitespace() {
            p.play(
                w.parse::<Square>()
                    .map_err(|e| anyhow::anyhow!("{w}: {e}"))?,
            )?;
        }
        let order: Vec<Move> = p.legal_moves().collect();
        let limit = SearchLimit::nodes(args.cap);
        // 1. Iterative deepening to the end.
        let a = if args.no_deepening {
            (None, 0)
        } else {
            let mut s = Searcher::new(20, limit);
            let r = s.search(&p, &order).filter(|r| r.exact);
            (r.map(|r| r.value), s.nodes())
        };
        // 2. Win/draw/loss, then the margin within the proven side.
        let mut s = Searcher::new(20, limit);
        let wdl = s.solve_wdl(&p, &order);
        let mut value = wdl.filter(|w| w.1 == Wdl::Draw).map(|_| 0);
        if let Some((mv, w)) = wdl.filter(|w| w.1 != Wdl::Draw) {
            let mut o = order.clone();
            hijara::ai::ordering::to_front(&mut o, mv);
            let window = if w == Wdl::Win { (0, INF) } else { (-INF, 0) };
            value = s.solve_margin(&p, &o, window.0, window.1).map(|x| x.1);
        }
        let b = (value, s.nodes());
        // 3. One search to the end, the whole window.
        let mut s = Searcher::new(20, limit);
        let c = (
            s.solve_margin(&p, &order, -INF, INF).map(|x| x.1),
            s.nodes(),
        );
        // 4. MTD(f) from 0: each test asks whether the margin is at least `beta`.
        let mut s = Searcher::new(20, SearchLimit::NONE);
        let empties = p.empty_sections() as i32;
        let (mut lower, mut upper, mut g) = (-INF, INF, 0);
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            g = s.value(&p, empties, beta - 1, beta);
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        let d = (Some(g), s.nodes());
        let e = p.empty_sections();
        if b.0 != c.0 || c.0 != d.0 || (a.0.is_some() && a.0 != c.0) {
            println!("disagree at {e}: {a:?} {b:?} {c:?} {d:?}");
        }
        println!(
            "{e} empty: margin {:?}: {} / {} / {} / {} nodes",
            c.0.map(|v| v / SCALE),
            a.1,
            b.1,
            c.1,
            d.1
        );
        rows.entry(e).or_default().push([a.1, b.1, c.1, d.1]);
    }
    println!(
        "| empty | positions | iterative deepening: median, total | solve then margin: median, total | whole window: median, total | MTD(f): median, total |"
    );
    println!("|---|---|---|---|---|---|");
    for (e, v) in &rows {
        let cell = |k: usize| {
            let mut x: Vec<u64> = v.iter().map(|r| r[k]).collect();
            x.sort_unstable();
            format!("{}, {}", x[(x.len() - 1) / 2], x.iter().sum::<u64>())
        };
        println!(
            "| {e} | {} | {} | {} | {} | {} |",
            v.len(),
            cell(0),
            cell(1),
            cell(2),
            cell(3)
        );
    }
    Ok(())
}
