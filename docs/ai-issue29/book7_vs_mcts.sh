#!/bin/bash
# usage: book7_vs_mcts.sh SEED "opening1" "opening2" ... : the MCTS partner, 100 games each
S=$1; shift
for o in "$@"; do
  echo "== opening '$o' mcts seed $S load $(cut -d' ' -f1-3 /proc/loadavg) $(date -u +%H:%M:%S)"
  nice -n 10 target/release/examples/mcts --games 100 --colour blue --nodes 10000 --playouts 3000 --seed $S --opening "$o" --verbose
done
echo "== done load $(cut -d' ' -f1-3 /proc/loadavg) $(date -u +%H:%M:%S)"
