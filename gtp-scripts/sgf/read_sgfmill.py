#!/usr/bin/env python3
"""Reads SGF files with sgfmill and prints what it finds, one JSON object per file.

Usage: read_sgfmill.py FILE...   (pip install sgfmill)
Vertices are GTP style (A1 bottom left, no I); passes are "pass".
"""
import json
import sys

from sgfmill import sgf, sgf_moves

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def vertex(point):
    if point is None:
        return "pass"
    row, col = point
    return f"{LETTERS[col]}{row + 1}"


for path in sys.argv[1:]:
    with open(path, "rb") as f:
        game = sgf.Sgf_game.from_bytes(f.read())
    root = game.get_root()
    board, plays = sgf_moves.get_setup_and_moves(game)
    occupied = board.list_occupied_points()
    black = sorted(vertex(p) for colour, p in occupied if colour == "b")
    white = sorted(vertex(p) for colour, p in occupied if colour == "w")
    # sgfmill reads TM as a real number and refuses anything else.
    clock = {name: root.get(prop) for name, prop in [("time_limit", "TM"), ("overtime", "OT")]
             if root.has_property(prop)}
    print(json.dumps({
        "size": game.get_size(),
        "komi": game.get_komi(),
        "handicap": game.get_handicap() or 0,
        "result": root.get("RE") if root.has_property("RE") else None,
        "rules": root.get("RU") if root.has_property("RU") else None,
        "setup_black": black,
        "setup_white": white,
        "moves": [[colour.upper(), vertex(point)] for colour, point in plays],
        **clock,
    }))
