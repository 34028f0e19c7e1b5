//! Compares the two analysis paths on every position of a record, one thread
//! each, the same budget: `ai::analysis::evaluate` (what `hijara analyze` and
//! the replay panel use) and `ai::review::review`. Prints how many positions
//! each proves (exact margin, win/draw/loss) and its slowest call.
//!
//! ```sh
//! cargo run --release --example eval_vs_review -- assets/games/complete.hij 400
//! ```

use std::time::{Duration, Instant};

use hijara::ai::analysis::evaluate;
use hijara::ai::review::{ReviewOptions, review};
use hijara::record::Record;

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or("assets/games/complete.hij".into());
    let ms: u64 = args.next().map_or(Ok(400), |a| a.parse())?;
    let record: Record = std::fs::read_to_string(&path)?.parse()?;
    let game = record.to_game()?;
    let mut rows = [(0u32, 0u32, 0f64); 2];
    for n in 0..game.len() {
        let position = *game.position_at(n);
        let start = Instant::now();
        let e = evaluate(&position, Duration::from_millis(ms), None);
        let te = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let options = ReviewOptions {
            threads: 1,
            ..ReviewOptions::new(ms)
        };
        let r = review(&position, &options);
        let tr = start.elapsed().as_secs_f64();
        let (Some(e), Some(r)) = (e, r) else { continue };
        println!(
            "{:>2} empty {:>2}: evaluate {:>4} {:>5} {:?} {:.2}s | review {:>6.1} {:>5} {:?} {:.2}s",
            n,
            position.empty_sections(),
            e.margin,
            e.exact,
            e.wdl,
            te,
            r.best.value,
            r.best.exact,
            r.best.wdl,
            tr
        );
        for (row, (exact, wdl, t)) in rows.iter_mut().zip([
            (e.exact, e.wdl.is_some(), te),
            (r.best.exact, r.best.wdl.is_some(), tr),
        ]) {
            row.0 += u32::from(exact);
            row.1 += u32::from(wdl);
            row.2 = row.2.max(t);
        }
    }
    for (name, (exact, wdl, t)) in ["evaluate", "review"].iter().zip(rows) {
        println!("{name}: {exact} exact margins, {wdl} proven outcomes, slowest {t:.2} s");
    }
    Ok(())
}
