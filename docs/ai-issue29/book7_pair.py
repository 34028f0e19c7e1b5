#!/usr/bin/env python3
"""Pairs two `strength --verbose` full-game logs (hard as Blue) by seed and game:
W/D/L of each, the paired score difference (new minus old) with its 95% CI, and
how many game records differ. usage: book7_pair.py OLD.log NEW.log"""
import re, sys, math

def games(path):
    out, seed = {}, None
    for line in open(path):
        m = re.match(r"== full games, .* as Blue.*, seed (\d+)", line)
        if m:
            seed = int(m[1])
        elif "as Yellow, seed" in line and line.startswith("=="):
            seed = None
        m = re.match(r"game (\d+): (\d+)-(\d+) (.*)", line)
        if m and seed is not None:
            b, y = int(m[2]), int(m[3])
            out[(seed, int(m[1]))] = (1.0 if b > y else 0.5 if b == y else 0.0, m[4].strip())
    return out

old, new = games(sys.argv[1]), games(sys.argv[2])
keys = sorted(set(old) & set(new))
def wdl(g): return [sum(1 for k in keys if g[k][0] == v) for v in (1.0, 0.5, 0.0)]
d = [new[k][0] - old[k][0] for k in keys]
n = len(d); mean = sum(d) / n
sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
half = 1.96 * sd / math.sqrt(n)
changed = [k for k in keys if new[k][1] != old[k][1]]
print(f"paired games: {n}; old {wdl(old)} {100*sum(old[k][0] for k in keys)/n:.2f}%; new {wdl(new)} {100*sum(new[k][0] for k in keys)/n:.2f}%")
print(f"new minus old: {100*mean:+.2f} points (95% CI {100*(mean-half):+.2f} to {100*(mean+half):+.2f})")
print(f"records changed: {len(changed)}")
if changed:
    co = [old[k][0] for k in changed]; cn = [new[k][0] for k in changed]
    dc = [a - b for a, b in zip(cn, co)]; m = sum(dc) / len(dc)
    s = math.sqrt(sum((x - m) ** 2 for x in dc) / max(1, len(dc) - 1)); h = 1.96 * s / math.sqrt(len(dc))
    print(f"in the changed games: old {100*sum(co)/len(co):.1f}%, new {100*sum(cn)/len(cn):.1f}%, "
          f"{100*m:+.1f} ({100*(m-h):+.1f} to {100*(m+h):+.1f})")
