#!/usr/bin/env bash
# Keeps the records of a match folder in the repository, for every figure a note or the
# README quotes: results.dat, standings.txt, the command lines and commit that played it, and
# the SGF games packed as games.tar.xz.
#
#   gtp-scripts/bench/keep.sh MATCH_FOLDER NAME     (into gtp-scripts/bench/results/NAME/)
set -euo pipefail
cd "$(dirname "$0")/../.."
from=${1:?MATCH_FOLDER}
name=${2:?NAME}
to=gtp-scripts/bench/results/$name
mkdir -p "$to"
for f in results.dat standings.txt command commit; do
    [ -f "$from/$f" ] && cp "$from/$f" "$to/"
done
tar -C "$from" -cJf "$to/games.tar.xz" games
ls -l "$to"
