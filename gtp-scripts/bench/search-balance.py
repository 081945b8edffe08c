#!/usr/bin/env python3
"""How far tengen's searched win rate lies from the labels of a labels file (written by
label-positions.py): the playout-balance screen's question asked of the whole search.

    gtp-scripts/bench/search-balance.py LABELS COUNT 'TENGEN COMMAND'

For each of the first COUNT positions the engine searches with `kata-genmove_analyze` and
the win rate of its chosen move is compared with the label (Black's win rate by the judge);
prints the mean squared error and how far the search leans to the side to move.
"""
import importlib
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
analysis = importlib.import_module("loss-analysis")


def searched_black_rate(gtp, size, komi, to_move, moves):
    """Black's win rate from the engine's search of the position after `moves`."""
    analysis.set_up(gtp, size, komi, moves)
    info = [l for l in gtp.ask(f"kata-genmove_analyze {to_move} 0") if l.startswith("info")]
    if not info:
        return None
    rate = float(re.search(r"winrate ([0-9.]+)", info[-1]).group(1))
    return rate if to_move == "b" else 1 - rate


def main():
    labels, count, engine = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    gtp = analysis.Gtp(engine)
    misses = []
    for line in pathlib.Path(labels).read_text().splitlines()[:count]:
        size, komi, to_move, label, *moves = line.split()
        black = searched_black_rate(gtp, size, komi, to_move, moves)
        if black is not None:
            miss = black - float(label)
            misses.append(miss if to_move == "b" else -miss)
    error = sum(m * m for m in misses) / len(misses)
    lean = sum(misses) / len(misses)
    print(f"{engine}: {len(misses)} positions, squared error {error:.4f}, "
          f"lean to the side to move {lean:+.3f}")


if __name__ == "__main__":
    main()
