#!/usr/bin/env python3
"""How much an entrant won and lost by in a match folder: the games counted to the end (not
those resigned or forfeited), each with its margin in points. Slack moves when far ahead show
as small winning margins; playing on for points shows as larger ones.

    gtp-scripts/bench/margins.py FOLDER [ENTRANT]

ENTRANT defaults to tengen. Prints the counted wins and losses with their mean and median
margins, and how many games ended by resignation.
"""
import statistics
import sys

import benchlib


def margin(result):
    """The points of a counted result such as W+4.5; None for a resignation or forfeit."""
    try:
        return float(result[2:])
    except ValueError:
        return None


def summary(label, margins):
    if not margins:
        return f"{label}: none counted"
    return (f"{label}: {len(margins)} counted, mean {statistics.mean(margins):.1f}, "
            f"median {statistics.median(margins):.1f} points")


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    folder = sys.argv[1]
    entrant = sys.argv[2] if len(sys.argv) == 3 else "tengen"
    won, lost, resigned = [], [], 0
    for game in benchlib.results(folder):
        if game.colour_of(entrant) is None:
            continue
        points = margin(game.result)
        if points is None:
            resigned += 1
        elif game.winner == entrant:
            won.append(points)
        else:
            lost.append(points)
    print(summary("won", won))
    print(summary("lost", lost))
    print(f"ended otherwise (resignation, forfeit): {resigned}")


if __name__ == "__main__":
    main()
