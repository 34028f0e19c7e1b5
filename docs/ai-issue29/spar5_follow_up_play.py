#!/usr/bin/env python3
"""Checks the follow-up bound with the real engine: for each of hard's lost Blue games in
a log, from the first position where the bound (spar5_follow_up.py) is below 0, Yellow plays
the follow-up alone (the same square after a move in an even square, the partner of the
pairing that gives Blue least after a move in an odd one) and hard (`hijara engine
--threads 1`, NODES nodes a move) plays Blue to the end.
usage: spar5_follow_up_play.py FILE NODES MAX_GAMES MIN_EMPTY [--all: every game, not only Blue's losses]"""
import sys, subprocess, itertools
src = open(__file__.replace("follow_up_play.py", "follow_up.py")).read().replace("\nmain()\n", "\n")
argv = sys.argv; sys.argv = ["x", "/dev/null"]; exec(src); sys.argv = argv
path, nodes, max_games, min_empty = argv[1], int(argv[2]), int(argv[3]), int(argv[4])

def name(s):
    return "abcd"[s % 4] + str(s // 4 + 1)

def best_pairing(owner, height):
    odd = [s for s in range(16) if height[s] % 2 == 1]
    def pairings(xs):
        if not xs:
            yield []
            return
        for i in range(1, len(xs)):
            for rest in pairings(xs[1:i] + xs[i + 1:]):
                yield [(xs[0], xs[i])] + rest
    base = [[owner[s][k] if owner[s][k] is not None else k % 2 for k in range(4)] for s in range(16)]
    best = None
    for p in pairings(odd):
        hi = None
        for choice in itertools.product((0, 1), repeat=len(p)):
            for (a, b), c in zip(p, choice):
                base[a][height[a]] = c; base[b][height[b]] = 1 - c
            m = margin(base); hi = m if hi is None else max(hi, m)
        if best is None or hi < best[0]:
            best = (hi, p)
    return best

eng = subprocess.Popen(["nice", "-n", "10", "target/release/hijara", "engine", "--threads", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
def send(cmd):
    eng.stdin.write(cmd + "\n"); eng.stdin.flush()
    out = []
    while True:
        l = eng.stdout.readline()
        if not l.strip():
            break
        out.append(l)
    r = "".join(out).strip()
    assert r.startswith("="), (cmd, r)
    return r[1:].strip()
send("level hard"); send(f"nodes {nodes}")
done = 0; results = []
for line in open(path):
    if not line.startswith("game ") or done >= max_games:
        continue
    gid = line.split(":", 1)[0][5:]
    words = line.split(":", 1)[1].split()
    b, y = map(int, words[0].split("-"))
    if not b < y and "--all" not in argv:
        continue
    moves = [sq(w) for w in words[1:]]
    owner = [[None] * 4 for _ in range(16)]; height = [0] * 16
    start = None
    for i, s in enumerate(moves):
        if i % 2 == 0:
            bd = bound(owner, height)
            if bd is not None and bd < 0:
                start = i
                break
        owner[s][height[s]] = i % 2; height[s] += 1
    if start is None or 64 - start < min_empty:
        continue
    done += 1
    send("clear_board"); send(f"seed {done}")
    for i, s in enumerate(moves[:start]):
        send(f"play {'blue' if i % 2 == 0 else 'yellow'} {name(s)}")
    bd, pairing = best_pairing(owner, height)
    partner = {}
    for a, c in pairing:
        partner[a] = c; partner[c] = a
    for ply in range(start, 64, 2):
        s = int(sq(send("genmove blue")))
        even_before = height[s] % 2 == 0
        owner[s][height[s]] = 0; height[s] += 1
        r = s if even_before else partner.pop(s)
        if not even_before:
            partner.pop(r)
        owner[r][height[r]] = 1; height[r] += 1
        send(f"play yellow {name(r)}")
    fin = margin(owner)
    results.append(fin)
    print(f"game {gid}: from {64 - start} empty sections, follow-up bound {bd}; hard as Blue against the follow-up: final margin {fin:+d} (in the game {b - y:+d})", flush=True)
print(f"{len(results)} games: Blue lost {sum(r < 0 for r in results)}, drew {sum(r == 0 for r in results)}, won {sum(r > 0 for r in results)}")
