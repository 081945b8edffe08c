#!/usr/bin/env bash
# A tuning match: tengen with some of the search's constants changed (`--tune`) against
# tengen with the defaults, at equal playouts on one thread each, komi 7.5, colours
# alternating, two games at a time. The referee prints the standings with a 95% interval and
# keeps every game as SGF in the folder; the same command resumes a stopped match.
#
#   gtp-scripts/bench/tune.sh SETTING [GAMES] [SIZE] [PLAYOUTS] [FOLDER]
#
# e.g. gtp-scripts/bench/tune.sh rave=1000 200 9 2000
# The first run copies target/release/tengen into the folder, so both sides and a resumed run
# use the same build.
set -euo pipefail
cd "$(dirname "$0")/../.."
setting=${1:?SETTING: name=value[,name=value] as for --tune}
games=${2:-200}
size=${3:-9}
playouts=${4:-2000}
dir=${5:-/tmp/tengen-tune-$size-$playouts-${setting//[,=]/-}}
mkdir -p "$dir"
[ -x "$dir/tengen" ] || cp target/release/tengen "$dir/tengen"
budget="--playouts $playouts --threads 1"
"$dir/tengen" match --engine1 "tuned=$dir/tengen $budget --tune $setting" \
    --engine2 "default=$dir/tengen $budget" \
    --games "$games" --size "$size" --komi 7.5 --out "$dir" -j 2
