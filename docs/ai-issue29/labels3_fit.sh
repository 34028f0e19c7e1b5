#!/bin/bash
# The fit on every training label of seed 101 (games 0-539, 569-1069, 1100-1525), held out h202.csv.
cd /work/data/labels2   # where the shards are (outside git)
T="s101-0a.csv s101-0b.csv s101-1.csv s101-2.csv s101-2b.csv s101-3.csv s101-4.csv s101-5.csv s101-6.csv s101-7.csv s101-8.csv"
{
uptime
echo "## eval_fit fit-margins $T --exact-only --held-out h202.csv"
/usr/bin/time -f "cpu user %U sys %S wall %e" ./eval_fit fit-margins $T --exact-only --held-out h202.csv 2>&1
echo; echo "## the same with exact and game labels"
/usr/bin/time -f "cpu user %U sys %S wall %e" ./eval_fit fit-margins $T --kinds exact,game --held-out h202.csv 2>&1
uptime
} > final3_fit.log
