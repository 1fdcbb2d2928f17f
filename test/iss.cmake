# Variant Sudoku in ISS constraint strings: reading, writing back, every
# type against an independent checker and brute force, the CTC puzzles.
pz_solver_test(test_iss)
