order 3
0 1 2
1 2 0
2 0 1
