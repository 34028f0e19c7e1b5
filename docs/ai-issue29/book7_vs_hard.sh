#!/bin/bash
# usage: book7_vs_hard.sh SEED "opening1" "opening2" ... : hard (this build) both sides, --verbose
S=$1; shift
B=${B:-target/release/hijara}
for o in "$@"; do
  echo "== opening '$o' seed $S games 200 yellow hard load $(cut -d' ' -f1-3 /proc/loadavg) $(date -u +%H:%M:%S)"
  nice -n 10 target/release/examples/strength --blue-engine $B --blue hard --yellow hard --games 200 --nodes 10000 --seed $S --opening "$o" --verbose 2>&1 | grep -v "move times\|copied"
done
echo "== done load $(cut -d' ' -f1-3 /proc/loadavg) $(date -u +%H:%M:%S)"
