#!/usr/bin/env python3
"""For each game where the follow-up bound first falls below 0 (Blue to move), the
position two plies earlier (Blue to move): Blue's move there and each alternative,
checked against every Yellow reply: a move is refuted when some reply leaves a
follow-up bound below 0. usage: spar5_follow_up_2ply.py FILE [--only-losses]"""
import sys
src = open(__file__.replace("follow_up_2ply.py", "follow_up.py")).read().replace("\nmain()\n", "\n")
argv = sys.argv; sys.argv = ["x", "/dev/null"]; exec(src); sys.argv = argv
from collections import Counter

def refuted(owner, height, m):
    if height[m] >= 4:
        return None
    owner[m][height[m]] = 0; height[m] += 1
    out = False
    for r in range(16):
        if height[r] >= 4:
            continue
        owner[r][height[r]] = 1; height[r] += 1
        bd = bound(owner, height)
        height[r] -= 1; owner[r][height[r]] = None
        if bd is not None and bd < 0:
            out = True
            break
    height[m] -= 1; owner[m][height[m]] = None
    return out

stats = Counter(); firsts = Counter(); opening = Counter(); kinds = Counter(); sections = Counter()
for line in open(argv[1]):
    if not line.startswith("game "):
        continue
    words = line.split(":", 1)[1].split()
    b, y = map(int, words[0].split("-"))
    if "--only-losses" in argv and not b < y:
        continue
    moves = [sq(w) for w in words[1:]]
    owner = [[None] * 4 for _ in range(16)]; height = [0] * 16
    hist = []
    first = None
    for i, s in enumerate(moves):
        if i % 2 == 0:
            bd = bound(owner, height)
            if bd is not None and bd < 0:
                first = i
                break
            hist.append(([row[:] for row in owner], height[:]))
        owner[s][height[s]] = i % 2; height[s] += 1
    if first is None:
        stats["never below 0"] += 1
        continue
    firsts[64 - first] += 1
    o, h = hist[-1]
    played = moves[first - 2]
    alts = [m for m in range(16) if h[m] < 4 and m != played]
    ref = [m for m in alts if refuted(o, h, m)]
    stats["games"] += 1
    stats["played move refuted (check)"] += bool(refuted(o, h, played))
    stats["an alternative not refuted by any reply"] += len(ref) < len(alts)
    opening[" ".join(words[1:first + 1])] += 1
    yb, yy = moves[first - 2], moves[first - 1]
    kind = "same square" if yy == yb else "mirror" if yy == 15 - yb else "same row" if yy // 4 == yb // 4 else "same column" if yy % 4 == yb % 4 else "other"
    kinds[kind] += 1
    sec = h[yy] + (1 if yy == yb else 0) + 1
    sections[sec] += 1
    if "--list" in argv:
        print(f"  {' '.join(words[1:first + 1])}: unrefuted alternatives {' '.join('abcd'[m % 4] + str(m // 4 + 1) for m in alts if m not in ref)}")
print(argv[1], dict(stats))
print("  first position with the bound below 0, empty sections:", dict(sorted(firsts.items(), reverse=True)))
print("  Yellow's move that brought the bound below 0, relative to Blue's move before it:", dict(kinds))
print("  ... the section it took:", dict(sorted(sections.items())))
print("  commonest move sequences up to it:", opening.most_common(6))
