#!/bin/bash
# The 8 orientations of `a1 d1` then the corner beside Blue's own (own8) or beside Yellow's (yel8).
own8='a1 d1 a4,a1 a4 d1,d1 a1 d4,d1 d4 a1,a4 a1 d4,a4 d4 a1,d4 d1 a4,d4 a4 d1'
yel8='a1 d1 d4,a1 a4 d4,d1 a1 a4,d1 d4 a4,a4 a1 d1,a4 d4 d1,d4 d1 a1,d4 a4 a1'
B=${B:-target/release/hijara}   # a build of main b04d66e was used
for S in 2 3 1; do for f in own8 yel8; do
  op=${!f}
  echo "== openings '$op' ($f) seed $S games 200 load $(cut -d' ' -f1-3 /proc/loadavg) $(date -u +%H:%M:%S)"
  nice -n 10 target/release/examples/strength --blue-engine $B --blue hard --yellow-engine /work/base/hijara-6b11488 --yellow medium --games 200 --nodes 10000 --seed $S --opening "$op" 2>&1 | grep -v "move times\|copied"
done; done
