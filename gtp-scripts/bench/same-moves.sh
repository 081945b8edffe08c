#!/usr/bin/env bash
# Fixed-seed self-play on 9x9, 13x13 and 19x19, one line a board with the md5 of its moves:
# a change meant to keep the engine's moves (a refactoring, a knob that is off by default
# leaving the code) must leave all three sums as they were.
#
#   gtp-scripts/bench/same-moves.sh [TENGEN] [PLAYOUTS]
set -euo pipefail
cd "$(dirname "$0")/../.."
tengen=${1:-target/release/tengen}
playouts=${2:-1000}
for size in 9 13 19; do
    moves=$(( size * size / 2 ))
    {
        printf 'boardsize %s\nclear_board\nkomi 7.5\n' "$size"
        for ((i = 0; i < moves; i++)); do
            (( i % 2 == 0 )) && echo "genmove b" || echo "genmove w"
        done
        echo quit
    } | "$tengen" --seed 1 --threads 1 --playouts "$playouts" 2>/dev/null |
        grep '^=' | tr -d '\r' > "${TMPDIR:-/tmp}/same-moves-$size.txt"
    echo "${size}x${size} $(md5sum < "${TMPDIR:-/tmp}/same-moves-$size.txt" | cut -c1-32) $(grep -c . "${TMPDIR:-/tmp}/same-moves-$size.txt") answers"
done
