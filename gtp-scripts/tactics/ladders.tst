# Ladders (征子), set up by hand on 19×19; each answer agrees with GNU Go 3.8 level 10.
# Run with `tengen regress --engine 'tengen --playouts 1000 --threads 1 --seed 0' ladders.tst`.

# White D4 is in atari; extending at E4 runs into a ladder that works, because Black Q16
# stands at its end. GNU Go plays elsewhere (O17).
loadsgf ladder/no-escape.sgf
10 reg_genmove white
#? [!E4]
