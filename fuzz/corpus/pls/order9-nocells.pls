order 9
