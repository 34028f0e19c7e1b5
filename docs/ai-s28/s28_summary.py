#!/usr/bin/env python3
"""Summarises the s28 clock runs (run_pair.sh, run_medium.sh logs in this folder):
per row W/D/L and score (95% CI, normal over per-game scores; Wilson for win
rates), the paired difference by (seed, game), the move times' maximum, the load,
and clock_nodes' nodes a move. Usage: s28_summary.py MS [DIR]"""
import glob, math, os, re, statistics, sys

ms = sys.argv[1]
folder = sys.argv[2] if len(sys.argv) > 2 else os.path.dirname(os.path.abspath(__file__))
GAME = re.compile(r"^game (\d+): (\d+)-(\d+) ")
TIMES = re.compile(r"^(?i:(blue|yellow)) move times \(ms\): p10 ([\d.]+), median ([\d.]+), p90 ([\d.]+), max ([\d.]+); (\d+) of (\d+)")
LOAD = re.compile(r"load (?:before|after): ([\d.]+) ([\d.]+) ([\d.]+)")

def interval(xs):
    n = len(xs)
    m = sum(xs) / n
    v = sum((x - m) ** 2 for x in xs) / max(n - 1, 1)
    h = 1.96 * math.sqrt(v / n)
    return m, m - h, m + h

def wilson(k, n):
    z = 1.96; p = k / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt((p * (1 - p) + z * z / (4 * n)) / n) / (1 + z * z / n)
    return max(c - h, 0.0), min(c + h, 1.0)

def finished(path):
    """Whether the run of this log ended (a chunk stopped at the deadline is left out)."""
    return any(line.startswith("exit 0") for line in open(path))

def read(path):
    """Blue's score per game, the move times' maxima and medians, the loads."""
    games, margins, times, loads = {}, {}, {}, []
    for line in open(path):
        if m := GAME.match(line):
            b, y = int(m[2]), int(m[3])
            games[int(m[1])] = 1.0 if b > y else 0.5 if b == y else 0.0
            margins[int(m[1])] = b - y
        elif m := TIMES.match(line):
            times[m[1].capitalize()] = (float(m[3]), float(m[5]), int(m[7]))
        elif m := LOAD.search(line):
            loads.append(float(m[1]))
    return games, margins, times, loads

def seed_of(path):
    return int(re.search(r"_s(\d+)_", path)[1])

def both_seeds(prefix, names):
    """The seeds whose chunks finished for every name: the rows compare the same games."""
    sets = [{seed_of(p) for p in glob.glob(f"{folder}/{prefix}_{ms}ms_s*_{n}.log") if finished(p)} for n in names]
    return set.intersection(*sets)

def rows(prefix, names):
    out = {}
    seeds = both_seeds(prefix, names)
    for name in names:
        scores, maxima, medians, loads, moves = {}, {"Blue": 0.0, "Yellow": 0.0}, {"Blue": [], "Yellow": []}, [], {"Blue": 0, "Yellow": 0}
        margin = {}
        for path in sorted(glob.glob(f"{folder}/{prefix}_{ms}ms_s*_{name}.log")):
            seed = seed_of(path)
            if seed not in seeds:
                continue
            games, margins, times, ld = read(path)
            for g, s in games.items():
                scores[(seed, g)] = s
                margin[(seed, g)] = margins[g]
            for c, (med, mx, n) in times.items():
                maxima[c] = max(maxima[c], mx); medians[c].append(med); moves[c] += n
            loads += ld
        out[name] = (scores, margin, maxima, medians, loads, moves)
    return out

def wdl(scores):
    v = list(scores.values())
    return v.count(1.0), v.count(0.5), v.count(0.0)

def report(title, data, first, second, hard_colours):
    print(f"## {title}, {ms} ms a move")
    for name, (scores, margin, maxima, medians, loads, moves) in data.items():
        if not scores:
            continue
        w, d, l = wdl(scores)
        m, lo, hi = interval(list(scores.values()))
        wl, wh = wilson(w, len(scores))
        print(f"{name}: {len(scores)} games, Blue W/D/L {w}/{d}/{l}, Blue score {100*m:.1f}% ({100*lo:.1f}-{100*hi:.1f}%), "
              f"Blue wins {100*w/len(scores):.1f}% (Wilson {100*wl:.1f}-{100*wh:.1f}%)")
        m, lo, hi = interval(list(margin.values()))
        print(f"  Blue's margin (points) mean {m:+.2f} ({lo:+.2f} to {hi:+.2f})")
        for c in hard_colours:
            if moves[c]:
                print(f"  {c} (hard) moves {moves[c]}, median of chunk medians {statistics.median(medians[c]):.1f} ms, "
                      f"max {maxima[c]:.1f} ms ({maxima[c] - int(ms):+.1f} ms over the budget)")
        if loads:
            print(f"  load (1-min average at chunk ends): {min(loads):.2f}-{max(loads):.2f}, mean {statistics.mean(loads):.2f}")
    a, b = data[first][0], data[second][0]
    keys = sorted(set(a) & set(b))
    if keys:
        diffs = [a[k] - b[k] for k in keys]
        m, lo, hi = interval(diffs)
        print(f"paired {first} - {second} (Blue's score, {len(keys)} pairs by seed and game): "
              f"{100*m:+.1f} points (95% CI {100*lo:+.1f} to {100*hi:+.1f})")
        a, b = data[first][1], data[second][1]
        m, lo, hi = interval([a[k] - b[k] for k in keys])
        print(f"paired {first} - {second} (Blue's margin, {len(keys)} pairs): {m:+.2f} points (95% CI {lo:+.2f} to {hi:+.2f})")
    print()

report("(a) new hard against old hard; Blue's score, row = which build is Blue", rows("a", ["newblue", "oldblue"]),
       "newblue", "oldblue", ["Blue", "Yellow"])
report("(b) hard as Blue against medium", rows("b", ["new", "old"]), "new", "old", ["Blue"])

print(f"## clock_nodes, {ms} ms a move (hard as Blue against medium)")
for build in ["new", "old"]:
    per_move, stage = [], {}
    for path in sorted(glob.glob(f"{folder}/n_{ms}ms_s*_{build}.log")):
        if seed_of(path) not in both_seeds("n", ["new", "old"]):
            continue
        for line in open(path):
            if m := re.match(r"game \d+ move (\d+): (\d+) nodes, ([\d.]+) ms", line):
                per_move.append((int(m[1]), int(m[2]), float(m[3])))
    if not per_move:
        continue
    nodes = sorted(n for _, n, _ in per_move)
    total_ms = sum(t for _, _, t in per_move)
    times = [t for _, _, t in per_move]
    over = sum(t > 1.1 * int(ms) for t in times)
    print(f"{build}: {len(per_move)} searched moves, nodes a move mean {statistics.mean(nodes):.0f}, "
          f"median {statistics.median(nodes):.0f}; {sum(nodes) / total_ms * 1000:.0f} nodes a second; "
          f"move time max {max(times):.1f} ms, {over} over {1.1 * int(ms):.0f} ms")
    for lo in range(0, 64, 16):
        s = [n for mv, n, _ in per_move if lo <= mv < lo + 16]
        if s:
            print(f"  moves {lo}-{lo+15}: {len(s)} moves, median {statistics.median(s):.0f} nodes")
