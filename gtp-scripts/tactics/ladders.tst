# Ladders (征子), set up by hand on 19×19; each answer agrees with GNU Go 3.8 level 10.
# Run with `tengen regress --engine 'tengen --playouts 1000 --threads 1 --seed 0' ladders.tst`.

# White D4 is in atari; extending at E4 runs into a ladder that works, because Black Q16
# stands at its end. GNU Go plays elsewhere (O17).
loadsgf ladder/no-escape.sgf
10 reg_genmove white
#? [!E4]

# White D4 has two liberties. Either atari starts a ladder that works: E4 chases it to the
# bottom left corner, D3 to the top right, where Black Q16 stands. GNU Go: E4, then D3.
loadsgf ladder/capture.sgf
20 reg_genmove black
#? [E4|D3]*

# The same with White at Q16, on the way of the ladder from D3: only E4 captures.
# GNU Go plays E4 and does not list D3 among its ten best moves.
# At 1,000 playouts tengen finds E4 at one seed of 0-8 either way: seed 0 without the 19x19
# opening rule (--tune opening=0), seed 2 with it.
loadsgf ladder/capture-away-from-breaker.sgf
30 reg_genmove black
#? [E4]*
