#!/usr/bin/env bash
# Brings a kept, unfinished match back onto a new machine, so that its own command resumes it:
# the match folder gets the kept results file, standings, command lines and games, and a
# tengen built from the commit that played the match.
#
#   gtp-scripts/bench/restore.sh NAME [FOLDER]
#
# NAME is the record under gtp-scripts/bench/records/. FOLDER defaults to the one in the
# record's `command` file (pachi.sh writes it): the referee resumes only when every command line
# is the one the match started with, so the folder and Pachi's path must be the same again.
# TENGEN=BINARY uses that build instead of building the commit (it must be the same engine).
set -euo pipefail
cd "$(dirname "$0")/../.."
name=${1:?NAME: a folder under gtp-scripts/bench/records/}
record=gtp-scripts/bench/records/$name
[ -f "$record/results.dat" ] || { echo "no kept results file in $record" >&2; exit 2; }
# Records from before the `folder:` line give the folder as the command's fourth word.
recorded=$(sed -n 's/^folder: //p' "$record/command" 2>/dev/null)
[ -n "$recorded" ] || recorded=$(head -n 1 "$record/command" 2>/dev/null | awk '{print $4}')
dir=${2:-$recorded}
[ -n "$dir" ] || { echo "$record has no command file: give the match folder" >&2; exit 2; }
[ -e "$dir/results.dat" ] && { echo "$dir already holds a match: not overwritten" >&2; exit 2; }
commit=$(head -n 1 "$record/commit")
mkdir -p "$dir"
if [ -n "${TENGEN:-}" ]; then
    cp "$TENGEN" "$dir/tengen"
else
    # A worktree of the match's own commit, built apart from target/ so HEAD's build stays,
    # and removed once its binary is copied.
    tmp=$(mktemp -d)
    work=$tmp/tengen-${commit:0:7}
    git worktree add --quiet --detach "$work" "$commit"
    cargo build --release --quiet --manifest-path "$work/Cargo.toml" --target-dir "$work/target" >&2
    cp "$work/target/release/tengen" "$dir/tengen"
    git worktree remove --force "$work"
    rmdir "$tmp"
fi
for file in results.dat standings.txt command commit; do
    [ -f "$record/$file" ] && cp "$record/$file" "$dir/$file"
done
tar xJf "$record/games.tar.xz" -C "$dir"
echo "restored from $record on $(date -u +%F); tengen: ${TENGEN:-built from $commit}" >> "$dir/commit"
echo "restored $(grep -vc '^#' "$dir/results.dat") games into $dir; its command resumes it:"
head -n 1 "$record/command" 2>/dev/null || echo "(the match's own command, run in $dir)"
