order 2 0 -1 -1 0
