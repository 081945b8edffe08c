#!/usr/bin/env bash
# Strength on 9x9: tengen at 5,000 playouts a move on one thread against GNU Go 3.8 level 10,
# komi 7.5, colours alternating; prints each result and the win rate with a 95% interval and
# keeps the games as SGF.
#
#   gtp-scripts/bench/strength-9x9.sh [GAMES] [SGF_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${1:-100}
dir=${2:-/tmp/tengen-strength-9x9}
tengen="$PWD/target/release/tengen"
"$tengen" match --engine1 "$tengen --playouts 5000 --threads 1" \
    --engine2 "/usr/games/gnugo --mode gtp --chinese-rules --level 10" \
    --games "$games" --size 9 --komi 7.5 --sgf-dir "$dir"
