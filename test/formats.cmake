# Exchange formats, writers and parser messages (docs/FORMATS.md).
pz_solver_test(test_formats validate.c)
