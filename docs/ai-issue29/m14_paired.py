# Game-paired comparison of Blue's score in two or more game logs with the same seeds
# (`strength --verbose` or `mcts --verbose`): the first log is the reference; for
# each other log, the games both logs hold, each side's score and the difference
# (other minus reference) with its 95% interval from the per-game differences.
import math, re, sys

def scores(path):
    d = {}
    for line in open(path):
        m = re.match(r'game [BY]?(\d+): (\d+)-(\d+) ', line)
        if m:
            b, y = int(m[2]), int(m[3])
            d[int(m[1])] = 1.0 if b > y else 0.5 if b == y else 0.0
    return d

ref = scores(sys.argv[1])
for path in sys.argv[2:]:
    s = scores(path)
    ks = sorted(set(ref) & set(s))
    n = len(ks)
    diffs = [s[k] - ref[k] for k in ks]
    mu = sum(diffs) / n
    sd = math.sqrt(sum((x - mu) ** 2 for x in diffs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    wdl = lambda d: (sum(d[k] == 1.0 for k in ks), sum(d[k] == 0.5 for k in ks), sum(d[k] == 0.0 for k in ks))
    print(f"{path}: n={n} Blue {100*sum(s[k] for k in ks)/n:.2f}% {wdl(s)} "
          f"reference {100*sum(ref[k] for k in ks)/n:.2f}% {wdl(ref)} "
          f"diff {100*mu:+.2f} ({100*(mu-half):+.1f} to {100*(mu+half):+.1f})")
