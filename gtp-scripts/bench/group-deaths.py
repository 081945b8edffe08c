#!/usr/bin/env python3
"""How often each side of a match lost a settled group: a capture of five stones or more
that had stood, by their median, for 20 moves or more (a group that lived, or seemed to,
rather than a fresh invasion). Against Pachi most of tengen's lost games hold such a death,
so the share of games in which tengen lost a group measures its life and death more finely
than the score alone.

    gtp-scripts/bench/group-deaths.py MATCH_FOLDER... [--stones N] [--age M]

Each folder is one written by `tengen match` (results.dat and games/*.sgf, or the
games.tar.xz kept with the records) in which one entrant is named tengen. Needs sgfmill.
"""
import argparse
import pathlib
import statistics
import sys

from sgfmill import boards, sgf

from benchlib import records


def deaths(record, stones, age):
    """The colours ('b' or 'w') whose settled groups were captured in the game."""
    game = sgf.Sgf_game.from_string(record)
    board = boards.Board(game.get_size())
    placed = {}
    dead = set()
    for number, node in enumerate(game.get_main_sequence()[1:], 1):
        colour, move = node.get_move()
        if colour is None or move is None:
            continue
        before = {point for _, point in board.list_occupied_points()}
        try:
            board.play(*move, colour)
        except ValueError:
            break
        placed[move] = number
        after = {point for _, point in board.list_occupied_points()}
        taken = before - after
        if len(taken) >= stones and statistics.median(number - placed[p] for p in taken) >= age:
            dead.add("w" if colour == "b" else "b")
    return dead


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=pathlib.Path)
    parser.add_argument("--stones", type=int, default=5, help="smallest capture (5)")
    parser.add_argument("--age", type=int, default=20, help="least median age in moves (20)")
    args = parser.parse_args()
    # (who lost a group) -> [tengen's wins, games]
    tally = {}
    for folder in args.folders:
        for game, record in records(folder):
            names = {"b": game.black, "w": game.white}
            winner = game.winner
            lost = sorted(names[c] for c in deaths(record, args.stones, args.age))
            key = " and ".join(lost) or "neither"
            wins_games = tally.setdefault(key, [0, 0])
            wins_games[0] += winner == "tengen"
            wins_games[1] += 1
    total = sum(g for _, g in tally.values())
    if total == 0:
        sys.exit("no decided games found")
    print(f"{total} games; settled group = {args.stones}+ stones standing {args.age}+ moves")
    for key in sorted(tally):
        wins, count = tally[key]
        print(f"{key:>18} lost a settled group: {count:4} games ({100 * count / total:5.1f}%),"
              f" tengen won {wins} ({100 * wins / count:5.1f}%)")


if __name__ == "__main__":
    main()
