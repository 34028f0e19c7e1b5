#!/usr/bin/env python3
"""Counts Yellow's kinds of moves in game records (`game ID: B-Y m1 m2 ...`):
the follow-up (Yellow plays in the square Blue just played, when it is not full),
the mirror (Blue's square rotated 180 degrees), or another square; by stage
(Yellow's moves 1-8, 9-16, 17-24, 25-32), and the final share of each side's
stones on its parity (Blue on sections 1 and 3, Yellow on 2 and 4).
usage: spar5_yellow_moves.py LABEL FILE [--only-blue-losses | --only-blue-nonwins]"""
import sys
from collections import defaultdict

def sq(s):
    return (ord(s[0]) - 97) + 4 * (ord(s[1]) - 49)

def main():
    label, path = sys.argv[1], sys.argv[2]
    flt = sys.argv[3] if len(sys.argv) > 3 else ""
    stages = defaultdict(lambda: [0, 0, 0, 0, 0])  # moves, follow-up possible, follow-up, mirror, other
    games = 0
    parity = [0, 0, 0, 0]  # blue on odd, blue total, yellow on even, yellow total
    for line in open(path):
        if not line.startswith("game "):
            continue
        head, rest = line.split(":", 1)
        words = rest.split()
        b, y = map(int, words[0].split("-"))
        if flt == "--only-blue-losses" and not b < y:
            continue
        if flt == "--only-blue-nonwins" and not b <= y:
            continue
        if flt == "--only-blue-wins" and not b > y:
            continue
        games += 1
        height = [0] * 16
        last_blue = None
        for i, w in enumerate(words[1:]):
            s = sq(w)
            height[s] += 1
            section = height[s]
            if i % 2 == 0:
                parity[1] += 1
                parity[0] += section % 2 == 1
                last_blue = s
            else:
                parity[3] += 1
                parity[2] += section % 2 == 0
                k = i // 2  # Yellow's move number, 0-based
                st = stages[min(k // 8, 3)]
                st[0] += 1
                possible = height[last_blue] - (1 if s == last_blue else 0) < 4
                st[1] += possible
                if s == last_blue:
                    st[2] += 1
                elif s == 15 - last_blue:
                    st[3] += 1
                else:
                    st[4] += 1
    tot = [sum(stages[k][j] for k in stages) for j in range(5)]
    def fmt(v):
        return f"{v[0]:5d} moves, follow-up {v[2]:4d} ({100*v[2]/max(v[1],1):5.1f}% of {v[1]} possible), mirror {v[3]:4d} ({100*v[3]/max(v[0],1):5.1f}%), other {v[4]:4d} ({100*v[4]/max(v[0],1):5.1f}%)"
    print(f"{label}: {games} games {flt}")
    for k in sorted(stages):
        print(f"  Yellow's moves {8*k+1}-{8*k+8}: " + fmt(stages[k]))
    print("  all: " + fmt(tot))
    print(f"  final: Blue stones on sections 1/3: {100*parity[0]/max(parity[1],1):.1f}%, Yellow stones on 2/4: {100*parity[2]/max(parity[3],1):.1f}%")

main()
