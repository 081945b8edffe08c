import sys, glob
from sgfmill import sgf, boards
def count(pattern):
    moves = big = pbig = 0
    for f in glob.glob(pattern):
        g = sgf.Sgf_game.from_bytes(open(f, "rb").read())
        tengen = "b" if "tengen" in (g.get_player_name("b") or "") else "w"
        b = boards.Board(g.get_size())
        for node in g.get_main_sequence()[1:]:
            col, mv = node.get_move()
            if mv is None: continue
            before = len([1 for c, _ in b.list_occupied_points() if c != col])
            b.play(mv[0], mv[1], col)
            took = before - len([1 for c, _ in b.list_occupied_points() if c != col])
            if col == tengen:
                moves += 1; big += took >= 2
            else:
                pbig += took >= 2
    return moves, big, pbig
for p in sys.argv[1:]:
    m, b, pb = count(p)
    print(p, f"tengen moves {m}, tengen captures of 2+ {b} ({100*b/m:.2f}%), pachi's {pb}")
