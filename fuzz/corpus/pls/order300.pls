order 300
