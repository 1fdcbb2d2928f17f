order 0
