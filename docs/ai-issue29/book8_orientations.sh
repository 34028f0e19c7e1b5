#!/bin/bash
# The 8 orientations of `a1 a2` then hard's two own third moves: the corner on Blue's row (d1: d1_8)
# or the corner opposite Blue's (d4: d4_8). usage: book8_orientations.sh SEED ...
d1_8='a1 a2 d1,d1 d2 a1,a4 a3 d4,d4 d3 a4,a1 b1 a4,d1 c1 d4,a4 b4 a1,d4 c4 d1'
d4_8='a1 a2 d4,d1 d2 a4,a4 a3 d1,d4 d3 a1,a1 b1 d4,d1 c1 a4,a4 b4 d1,d4 c4 a1'
B=${B:-target/release/hijara}
for S in "$@"; do for f in d1_8 d4_8; do
  op=${!f}
  echo "== openings '$op' ($f) seed $S games 200 load $(cut -d' ' -f1-3 /proc/loadavg) $(date -u +%H:%M:%S)"
  nice -n 10 target/release/examples/strength --blue-engine $B --blue hard --yellow-engine /work/base/hijara-6b11488 --yellow medium --games 200 --nodes 10000 --seed $S --opening "$op" 2>&1 | grep -v "move times\|copied"
done; done
echo "== done load $(cut -d' ' -f1-3 /proc/loadavg) $(date -u +%H:%M:%S)"
