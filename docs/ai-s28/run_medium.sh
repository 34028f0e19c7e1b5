#!/bin/sh
# (b) hard as Blue against medium on the clock, new and old build in alternating
# chunks of the same seeds (medium played by the new binary in both), and after
# each chunk one clock_nodes game per build (hard's nodes a move on the clock):
# run_medium.sh MS FIRST_SEED LAST_SEED GAMES_PER_CHUNK
# Binaries: $NEW, $OLD (hijara), $NEW_NODES, $OLD_NODES (clock_nodes), $STRENGTH; logs in $OUT.
set -u
ms=$1; first=$2; last=$3; games=$4
for seed in $(seq "$first" "$last"); do
    if [ $((seed % 2)) -eq 1 ]; then builds="new old"; else builds="old new"; fi
    # clock_nodes for this chunk only when both builds' tools are there.
    both_nodes=no
    if [ -x "$NEW_NODES" ] && [ -x "$OLD_NODES" ]; then both_nodes=yes; fi
    for build in $builds; do
        case $build in
            new) hard=$NEW; nodes=$NEW_NODES ;;
            old) hard=$OLD; nodes=$OLD_NODES ;;
        esac
        log=$OUT/b_${ms}ms_s${seed}_${build}.log
        echo "load before: $(cat /proc/loadavg) $(date -u +%H:%M:%S)" > "$log"
        nice -n 5 "$STRENGTH" --blue-engine "$hard" --blue hard --yellow-engine "$NEW" --yellow medium \
            --games "$games" --think-ms "$ms" --seed "$seed" --verbose >> "$log" 2>&1
        echo "exit $? load after: $(cat /proc/loadavg) $(date -u +%H:%M:%S)" >> "$log"
        [ $both_nodes = yes ] || continue
        log=$OUT/n_${ms}ms_s${seed}_${build}.log
        echo "load before: $(cat /proc/loadavg) $(date -u +%H:%M:%S)" > "$log"
        nice -n 5 "$nodes" --games 1 --think-ms "$ms" --colour blue --seed "$seed" --verbose >> "$log" 2>&1
        echo "exit $? load after: $(cat /proc/loadavg) $(date -u +%H:%M:%S)" >> "$log"
    done
done
