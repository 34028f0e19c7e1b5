#!/usr/bin/env python3
"""Summarises lost_games output: per game the first proved position (deepest depth
with W/D/L) and its outcome, and whether the outcome got worse later."""
import sys
from collections import Counter
for f in sys.argv[1:]:
    first = Counter(); worse = Counter(); n = 0
    for line in open(f):
        if not line.startswith("game "):
            continue
        n += 1
        tags = [t.split(":") for t in line.split("):")[1].split()]
        proved = [(int(d), r) for d, r in tags if r != "?"]
        if not proved:
            first["none proved"] += 1
            continue
        d, r = proved[0]
        first[f"{r} at {d}"] += 1
        order = {"W": 2, "D": 1, "L": 0}
        if any(order[x] < order[r] for _, x in proved[1:]):
            worse[r] += 1
    print(f, n, "games; first proved:", dict(sorted(first.items())), "; later worse:", dict(worse))
