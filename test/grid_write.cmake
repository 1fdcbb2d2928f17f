# The region-aware grid writer (jigsaw Sudoku output).
pz_plain_test(test_grid_write)
