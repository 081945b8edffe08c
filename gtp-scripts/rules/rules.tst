# The Chinese rules on the board: captures (art. 4), suicide (art. 5), ko and repetition (art. 6).

boardsize 5
clear_board
# A single stone in atari is captured.
play b c4
play b b3
play b c2
play w c3
play b d3
10 list_stones white
#? []

20 list_stones black
#? [C2 B3 D3 C4]

# The captured stone's point is now Black's eye: White may not play there (suicide).
30 is_legal w c3
#? [0]

# Suicide of one stone and of several stones is illegal.
boardsize 5
clear_board
play b a2
play b b1
40 is_legal w a1
#? [0]

boardsize 5
clear_board
play b a3
play b b3
play b c3
play b c2
play b c1
play w a2
play w b2
play w a1
60 is_legal w b1
#? [0]

# Capture comes before the suicide check: the move is legal when it captures.
boardsize 5
clear_board
play b b5
play b a4
play w c5
play w b4
70 is_legal w a5
#? [1]

play w a5
80 list_stones black
#? [A4]

# Simple ko: the immediate recapture is refused, after a move elsewhere it is allowed.
boardsize 5
clear_board
play b b4
play w c4
play b a3
play w d3
play b c3
play w c2
play b b2
play w b3
90 is_legal b c3
#? [0]

play b e1
play w e5
100 is_legal b c3
#? [1]

# Superko without a simple ko: on 2x2, Black A1 would capture three stones and bring back the
# position after move 1.
boardsize 2
clear_board
play b a1
play w b1
play b a2
play w b2
play b a1
play w a2
110 is_legal b a1
#? [0]

# Situational superko (the default) allows a repeated arrangement with the other side to move;
# positional superko does not.
boardsize 2
clear_board
play b a1
play w b1
play b a2
play w b2
play b a1
play w pass
play b a2
120 is_legal w b1
#? [1]

tengen-superko positional
130 is_legal w b1
#? [0]

tengen-superko situational
140 is_legal w b1
#? [1]

# Undo restores the history used by superko.
play w b1
undo
150 is_legal w b1
#? [1]
