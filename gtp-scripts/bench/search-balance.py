#!/usr/bin/env python3
"""How far tengen's searched win rate lies from the labels of a labels file (written by
label-positions.py): the playout-balance screen's question asked of the whole search.

    gtp-scripts/bench/search-balance.py LABELS COUNT 'TENGEN COMMAND'

For each of the first COUNT positions the engine searches with `kata-genmove_analyze` and
the win rate of its chosen move is compared with the label (Black's win rate by the judge);
prints the mean squared error and how far the search leans to the side to move.
"""
import pathlib
import sys

from benchlib import Gtp, searched_black_rate, set_up


def main():
    labels, count, engine = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    gtp = Gtp(engine)
    misses = []
    for line in pathlib.Path(labels).read_text().splitlines()[:count]:
        size, komi, to_move, label, *moves = line.split()
        set_up(gtp, size, komi, moves)
        black = searched_black_rate(gtp, to_move)
        if black is not None:
            miss = black - float(label)
            misses.append(miss if to_move == "b" else -miss)
    error = sum(m * m for m in misses) / len(misses)
    lean = sum(misses) / len(misses)
    print(f"{engine}: {len(misses)} positions, squared error {error:.4f}, "
          f"lean to the side to move {lean:+.3f}")


if __name__ == "__main__":
    main()
