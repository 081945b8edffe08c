# GTP protocol basics: identity, the command table, sizes, komi, colours and vertices.
# Runs under gogui-regress unchanged: gogui-regress -program tengen protocol.tst

10 protocol_version
#? [2]

20 name
#? [tengen]

30 version
#? [[0-9]+\.[0-9]+\.[0-9]+]

40 known_command play
#? [true]

50 known_command genmove_black
#? [false]

60 list_commands
#? [.*\nboardsize\n.*\nis_legal\n.*]

boardsize 13 13
70 list_stones black
#? []

boardsize 9
komi 6.5
play B D4
play w e5
play BLACK c3
play White PASS
80 list_stones b
#? [C3 D4]

90 list_stones WHITE
#? [E5]

# Off-board vertices are never legal; passes always are.
100 is_legal w j10
#? [0]

110 is_legal w k5
#? [0]

120 is_legal b pass
#? [1]

130 is_legal b j9
#? [1]

undo
140 is_legal w pass
#? [1]

150 list_stones white
#? [E5]

clear_board
160 list_stones black
#? []

170 showboard
#? [.*A B C D E F G H J.*Black to move\. Komi 6\.5 \(3 1/4 stones\).*]

180 tengen-superko
#? [situational]
