#!/usr/bin/env python3
"""Python (ctypes, standard library only) loads the installed shared pz:
a backend library (which brings libpz.so) counts the 576 Latin squares of
order 4, as ctypes loads it (RTLD_LOCAL) and with RTLD_GLOBAL, each in a
fresh interpreter; libpz.so alone refuses to load, naming the hook.
Usage: ctypes_test.py LIBDIR DEFAULT (the default backend, which
libpz_backends.so names first)"""
import os
import subprocess
import sys

CHILD = r"""
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1], mode=getattr(ctypes, sys.argv[2]))
p = ctypes.c_void_p()
count = ctypes.c_uint64()
stop = ctypes.c_int()
lib.pz_latin_new.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_int, ctypes.c_uint]
lib.pz_puzzle_count.argtypes = [ctypes.c_void_p, ctypes.c_uint64,
                                ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_int)]
lib.pz_puzzle_free.argtypes = [ctypes.c_void_p]
lib.pz_backend_name.restype = ctypes.c_char_p
assert lib.pz_latin_new(ctypes.byref(p), 4, 0) == 0
assert lib.pz_puzzle_count(p, 0, ctypes.byref(count), ctypes.byref(stop)) == 0
lib.pz_puzzle_free(p)
print(lib.pz_backend_name(0).decode(), count.value)
"""


def run(path, mode):
    return subprocess.run([sys.executable, "-c", CHILD, path, mode],
                          capture_output=True, text=True)


def main():
    libdir, default = sys.argv[1], sys.argv[2]
    fail = 0
    for backend in ("picosat", "cadical", "backends"):
        path = os.path.join(libdir, "libpz_%s.so" % backend)
        if not os.path.exists(path):
            print("skip: %s not installed" % path)
            continue
        want = "%s 576" % (default if backend == "backends" else backend)
        for mode in ("RTLD_LOCAL", "RTLD_GLOBAL"):
            r = run(path, mode)
            if r.returncode != 0 or r.stdout.strip() != want:
                print("FAIL: %s %s: %r %r" % (path, mode, r.stdout, r.stderr))
                fail = 1
            else:
                print("%s %s: %s" % (os.path.basename(path), mode, r.stdout.strip()))
    r = run(os.path.join(libdir, "libpz.so"), "RTLD_LOCAL")
    if r.returncode == 0 or "pz_backends_linked" not in r.stderr:
        print("FAIL: libpz.so alone: %r %r" % (r.stdout, r.stderr))
        fail = 1
    else:
        print("libpz.so alone: refused (undefined symbol: pz_backends_linked)")
    return fail


if __name__ == "__main__":
    sys.exit(main())
