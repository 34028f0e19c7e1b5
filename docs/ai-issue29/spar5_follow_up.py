#!/usr/bin/env python3
"""Yellow's follow-up in game records (`game ID: B-Y m1 m2 ...`, standard rules).

At each position with Blue to move, the follow-up bound (as `ai::bounds::follow_up_bound`,
re-implemented here: Yellow answers every move in a square holding an even number of
stones in the same square, pairs the squares holding an odd number, and Blue takes
the odd sections, Yellow the even ones): an upper bound on Blue's final margin.
Reports, per game, the first position (empty sections) where the bound is below 0
(Yellow wins by following up from there), and counts Blue's moves m after which
Yellow's answer in the same square leaves a bound below 0 (m refuted by the
follow-up) while another legal move is not so refuted.
usage: spar5_follow_up.py FILE [--games]"""
import sys, itertools

LINES = [[(c, r) for c in range(4)] for r in range(4)] + [[(c, r) for r in range(4)] for c in range(4)] \
    + [[(i, i) for i in range(4)], [(3 - i, i) for i in range(4)]]
LINES = [[c + 4 * r for c, r in line] for line in LINES]
COMBOS = []  # (cells as (square, section 0-3), points)
for s in range(16):
    COMBOS.append(([(s, k) for k in range(4)], 20))
for line in LINES:
    for k in range(4):
        COMBOS.append(([(s, k) for s in line], 10))
    COMBOS.append(([(s, k) for k, s in enumerate(line)], 15))
    COMBOS.append(([(s, 3 - k) for k, s in enumerate(line)], 15))

def sq(w):
    return (ord(w[0]) - 97) + 4 * (ord(w[1]) - 49)

def margin(owner):
    """Blue's total minus Yellow's on a full assignment owner[s][k] in {0: Blue, 1: Yellow}."""
    d = 0
    for cells, p in COMBOS:
        o = {owner[s][k] for s, k in cells}
        if o == {0}:
            d += p
        elif o == {1}:
            d -= p
    return d

def bound(owner, height):
    """Follow-up bound with Blue to move (owner: None for empty), or None if >6 odd squares."""
    odd = [s for s in range(16) if height[s] % 2 == 1]
    if len(odd) > 6:
        return None
    base = [[owner[s][k] if owner[s][k] is not None else (0 if k % 2 == 0 else 1) for k in range(4)] for s in range(16)]
    # odd squares: the next cell (an even section, index height) is contested
    def pairings(xs):
        if not xs:
            yield []
            return
        a = xs[0]
        for i in range(1, len(xs)):
            for rest in pairings(xs[1:i] + xs[i + 1:]):
                yield [(a, xs[i])] + rest
    best_for_yellow = None
    for pairing in pairings(odd):
        best_for_blue = None
        for choice in itertools.product((0, 1), repeat=len(pairing)):
            for (a, b), c in zip(pairing, choice):
                base[a][height[a]] = 0 if c == 0 else 1
                base[b][height[b]] = 1 if c == 0 else 0
            m = margin(base)
            best_for_blue = m if best_for_blue is None else max(best_for_blue, m)
        best_for_yellow = best_for_blue if best_for_yellow is None else min(best_for_yellow, best_for_blue)
    return best_for_yellow

def main():
    path = sys.argv[1]
    verbose = "--games" in sys.argv
    firsts, refuted, avoidable, blue_moves, checked = [], 0, 0, 0, 0
    results = {"win": 0, "draw": 0, "loss": 0}
    first_by_result = {"win": [], "draw": [], "loss": []}
    mism = 0
    for line in open(path):
        if not line.startswith("game "):
            continue
        gid = line.split(":", 1)[0][5:]
        words = line.split(":", 1)[1].split()
        b, y = map(int, words[0].split("-"))
        res = "win" if b > y else "draw" if b == y else "loss"
        results[res] += 1
        moves = [sq(w) for w in words[1:]]
        owner = [[None] * 4 for _ in range(16)]
        height = [0] * 16
        first = None
        for i, s in enumerate(moves):
            if i % 2 == 0:
                empty = 64 - i
                bd = bound(owner, height)
                if bd is not None and bd < 0 and first is None:
                    first = empty
                # Blue's move: refuted by the follow-up? (only where the bound applies, from 48 empty down)
                if first is None and empty <= 48:
                    ups = {}
                    for m in range(16):
                        if height[m] >= 3:
                            continue  # the answer in the same square needs room
                        owner[m][height[m]] = 0; owner[m][height[m] + 1] = 1; height[m] += 2
                        ups[m] = bound(owner, height)
                        height[m] -= 2; owner[m][height[m]] = None; owner[m][height[m] + 1] = None
                    if s in ups and ups[s] is not None:
                        checked += 1
                        if ups[s] < 0:
                            refuted += 1
                            if any(v is not None and v >= 0 for v in ups.values()):
                                avoidable += 1
                                if verbose:
                                    print(f"  game {gid}: {empty} empty, Blue's {words[1+i]} refuted (bound {ups[s]}), unrefuted: "
                                          + " ".join(f"{'abcd'[m%4]}{m//4+1}:{v}" for m, v in sorted(ups.items()) if v is not None and v >= 0))
            owner[s][height[s]] = i % 2
            height[s] += 1
        fin = margin(owner)
        if fin != b - y:
            mism += 1
        firsts.append(first)
        first_by_result[res].append(first)
        if verbose:
            print(f"game {gid} ({b}-{y}): first follow-up bound < 0 at {first} empty sections")
    print(f"{path}: {sum(results.values())} games, Blue {results['win']} W / {results['draw']} D / {results['loss']} L; score check mismatches: {mism}")
    for r, v in first_by_result.items():
        if not v:
            continue
        got = sorted(e for e in v if e is not None)
        med = got[len(got) // 2] if got else None
        print(f"  Blue {r}s: {len(v)}; the follow-up bound falls below 0 in {len(got)} (first at empty sections: median {med}, range {got[0] if got else '-'}-{got[-1] if got else '-'})")
    print(f"  Blue's moves (48 empty sections or fewer, before the bound first falls below 0) where the bound applies after the same-square answer: {checked}; "
          f"refuted by the follow-up: {refuted}, of which another move was not: {avoidable}")

main()
