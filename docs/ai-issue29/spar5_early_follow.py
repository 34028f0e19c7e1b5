#!/usr/bin/env python3
"""Per game: Yellow's follow-ups (same square as Blue's last move) among its first
16 moves; mean by Blue's result (win / draw / loss). usage: spar5_early_follow.py FILE..."""
import sys
from collections import defaultdict
for path in sys.argv[1:]:
    by = defaultdict(list)
    for line in open(path):
        if not line.startswith("game "):
            continue
        words = line.split(":", 1)[1].split()
        b, y = map(int, words[0].split("-"))
        res = "win" if b > y else "draw" if b == y else "loss"
        n, last = 0, None
        for i, w in enumerate(words[1:33]):
            if i % 2 == 0:
                last = w
            else:
                n += w == last
        by[res].append(n)
    print(path, "  ".join(f"Blue {r}: {len(v)} games, mean {sum(v)/len(v):.1f} follow-ups of 16" for r, v in sorted(by.items())))
    allv = sorted((n, r) for r, v in by.items() for n in v)
    # share of Blue wins among games with <=3 vs >=4 early follow-ups
    for lo, hi in ((0, 2), (3, 5), (6, 8), (9, 16)):
        sel = [r for n, r in allv if lo <= n <= hi]
        if sel:
            print(f"   {lo}-{hi} early follow-ups: {len(sel)} games, Blue wins {sel.count('win')}, draws {sel.count('draw')}, losses {sel.count('loss')}")
