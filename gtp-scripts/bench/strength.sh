#!/usr/bin/env bash
# The strength matches of the project's bars: tengen against GNU Go 3.8 level 10
# (--chinese-rules), komi 7.5, colours alternating, through tengen's referee, which prints each
# result and writes the standings with a 95% interval and every game as SGF in the folder.
#
#   gtp-scripts/bench/strength.sh BAR [GAMES] [FOLDER] [-- TENGEN OPTIONS]
#
# BAR      tengen                        board   games at once
# 9x9-5k   5,000 playouts, 1 thread       9x9     2
# 9x9-1s   1 s a move, 2 threads          9x9     1
# 13x13-2s 2 s a move, 2 threads          13x13   1
# 19x19-10k 10,000 playouts, 1 thread     19x19   2
# 19x19-5s 5 s a move, 2 threads          19x19   1
#
# Timed matches play one game at a time so that tengen has both cores. The first run copies
# target/release/tengen into the folder and every later run of the same command resumes the
# match with that copy, so a rebuild does not change the engine halfway.
set -euo pipefail
cd "$(dirname "$0")/../.."
bar=${1:?BAR: 9x9-5k, 9x9-1s, 13x13-2s, 19x19-10k or 19x19-5s}
games=${2:-200}
dir=${3:-/tmp/tengen-strength-$bar}
case $bar in
    9x9-5k) size=9; budget="--playouts 5000 --threads 1"; jobs=2 ;;
    9x9-1s) size=9; budget="--time 1 --threads 2"; jobs=1 ;;
    13x13-2s) size=13; budget="--time 2 --threads 2"; jobs=1 ;;
    19x19-10k) size=19; budget="--playouts 10000 --threads 1"; jobs=2 ;;
    19x19-5s) size=19; budget="--time 5 --threads 2"; jobs=1 ;;
    *) echo "unknown bar $bar" >&2; exit 2 ;;
esac
shift $(( $# < 3 ? $# : 3 ))
[ "${1:-}" = "--" ] && shift
budget="$budget $*"
mkdir -p "$dir"
if [ ! -x "$dir/tengen" ]; then
    cp target/release/tengen "$dir/tengen"
    git rev-parse HEAD > "$dir/commit"
    git status --porcelain --untracked-files=no | sed 's/^/uncommitted: /' >> "$dir/commit"
fi
gnugo="gnugo=/usr/games/gnugo --mode gtp --chinese-rules --level 10"
printf '%s\n' "$0 $bar $games $dir -- $*" "engine1: tengen=$dir/tengen $budget" \
    "engine2: $gnugo" > "$dir/command"
"$dir/tengen" match --engine1 "tengen=$dir/tengen $budget" \
    --engine2 "$gnugo" \
    --games "$games" --size "$size" --komi 7.5 --out "$dir" -j "$jobs"
