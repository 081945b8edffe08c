# Area counting (art. 9, 11): stones plus surrounded points, dame shared, komi 7.5 by default,
# one point to White per handicap stone, dead stones removed.

# Black owns columns A-E, White F-J; White C7 and Black H4 are dead.
boardsize 9
clear_board
play b e1
play w f1
play b e2
play w f2
play b e3
play w f3
play b e4
play w f4
play b e5
play w f5
play b e6
play w f6
play b e7
play w f7
play b e8
play w f8
play b e9
play w f9
play w c7
play b h4
10 final_status_list dead
#? [H4\nC7]

20 final_score
#? [B\+1\.5]

komi 0
30 final_score
#? [B\+9\.0]

komi 9
40 final_score
#? [0]

komi 6.5
50 final_score
#? [B\+2\.5]

# A column of dame between two walls is shared.
boardsize 5
clear_board
komi 0.5
play b b1
play w d1
play b b2
play w d2
play b b3
play w d3
play b b4
play w d4
play b b5
play w d5
60 final_score
#? [W\+0\.5]

70 final_status_list dead
#? []

# Handicap compensation: 2 stones on an otherwise even split give White 2 more points.
boardsize 5
clear_board
komi 0.5
set_free_handicap b2 b4
play w d1
play b b1
play w d2
play b b3
play w d3
play b b5
play w d4
play w d5
80 final_score
#? [W\+2\.5]

# A corner seki: the stones stay, the two shared points are dame.
loadsgf sgf/corner_seki.sgf
90 final_status_list seki
#? [A1\nC1 C2 A3 B3 C3\nB2]

100 final_status_list dead
#? []

110 final_score
#? [B\+5\.5]
