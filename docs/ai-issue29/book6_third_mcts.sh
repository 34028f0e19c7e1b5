#!/bin/bash
for o in "a1 d1 a4" "a1 d1 d4"; do
  echo "== opening '$o' mcts seed 1 load $(cut -d' ' -f1-3 /proc/loadavg) $(date -u +%H:%M:%S)"
  nice -n 10 target/release/examples/mcts --games 100 --colour blue --nodes 10000 --playouts 3000 --seed 1 --opening "$o" --verbose
done
echo "== done load $(cut -d' ' -f1-3 /proc/loadavg) $(date -u +%H:%M:%S)"
