#!/bin/bash
# One `strength --opening` run each, hard as Blue against medium (the book's screening).
# usage: forced_openings.sh SEED GAMES "opening1 opening2 ..." (openings with _ for spaces)
S=$1; G=$2; shift 2
for o in "$@"; do
  op="${o//_/ }"
  echo "== opening '$op' seed $S games $G load $(cut -d' ' -f1-3 /proc/loadavg) $(date -u +%H:%M:%S)"
  nice -n 10 target/release/examples/strength --blue-engine target/release/hijara --blue hard \
    --yellow-engine /work/base/hijara-6b11488 --yellow medium --games $G --nodes 10000 --seed $S --opening "$op" 2>&1 | grep -v "move times\|copied"
done
echo "== done load $(cut -d' ' -f1-3 /proc/loadavg) $(date -u +%H:%M:%S)"
