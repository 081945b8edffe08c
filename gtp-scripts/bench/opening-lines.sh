#!/usr/bin/env bash
# First four moves on an empty 19x19 board, 10,000 playouts, seeds 1-4: how many on lines 1-2.
# Usage: gtp-scripts/bench/opening-lines.sh [TENGEN]   (default target/release/tengen)
tengen=${1:-target/release/tengen}
for lines in 0 1 2; do
  low=0; all=0; moves=""
  for seed in 1 2 3 4; do
    out=$(printf 'boardsize 19\ngenmove b\ngenmove w\ngenmove b\ngenmove w\n' | "$tengen" --playouts 10000 --threads 1 --seed $seed --tune lines=$lines 2>/dev/null | grep '^= .' | cut -c3-)
    for m in $out; do
      col=$(printf '%s' "$m" | cut -c1); row=$(printf '%s' "$m" | cut -c2-)
      c=$(echo ABCDEFGHJKLMNOPQRST | grep -bo "$col" | cut -d: -f1)
      line=$(( c < row-1 ? c : row-1 )); line=$(( line < 18-c ? line : 18-c )); line=$(( line < 19-row ? line : 19-row ))
      all=$((all+1)); [ $line -le 1 ] && low=$((low+1))
      moves="$moves $m"
    done
  done
  echo "lines=$lines: $low of $all first moves on lines 1-2:$moves"
done
