#!/bin/sh
# (a) new hard against old hard on the clock, each colour, in alternating chunks
# of the same seeds: run_pair.sh MS FIRST_SEED LAST_SEED GAMES_PER_CHUNK
# Binaries: $NEW, $OLD (hijara), $STRENGTH; logs in $OUT. One game at a time.
set -u
ms=$1; first=$2; last=$3; games=$4
for seed in $(seq "$first" "$last"); do
    # Alternate which row goes first, so neither always meets the other's load.
    if [ $((seed % 2)) -eq 1 ]; then rows="newblue oldblue"; else rows="oldblue newblue"; fi
    for row in $rows; do
        case $row in
            newblue) blue=$NEW; yellow=$OLD ;;
            oldblue) blue=$OLD; yellow=$NEW ;;
        esac
        log=$OUT/a_${ms}ms_s${seed}_${row}.log
        echo "load before: $(cat /proc/loadavg) $(date -u +%H:%M:%S)" > "$log"
        nice -n 5 "$STRENGTH" --blue-engine "$blue" --blue hard --yellow-engine "$yellow" --yellow hard \
            --games "$games" --think-ms "$ms" --seed "$seed" --verbose >> "$log" 2>&1
        echo "exit $? load after: $(cat /proc/loadavg) $(date -u +%H:%M:%S)" >> "$log"
    done
done
