order 1
-1
