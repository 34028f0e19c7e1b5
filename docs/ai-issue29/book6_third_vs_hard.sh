#!/bin/bash
B=${B:-target/release/hijara}   # a build of main b04d66e was used
echo "== hard as Yellow (main b04d66e's binary both sides), seed 1, --verbose (per-game totals give the margins)"
for o in "a1 d1 a4" "a1 d1 d4"; do
  echo "== opening '$o' seed 1 games 200 yellow hard load $(cut -d' ' -f1-3 /proc/loadavg) $(date -u +%H:%M:%S)"
  nice -n 10 target/release/examples/strength --blue-engine $B --blue hard --yellow hard --games 200 --nodes 10000 --seed 1 --opening "$o" --verbose 2>&1 | grep -v "move times\|copied"
done
echo "== done load $(cut -d' ' -f1-3 /proc/loadavg) $(date -u +%H:%M:%S)"
