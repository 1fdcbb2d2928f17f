#!/usr/bin/env python3
"""Makes Futoshiki test vectors with Simon Tatham's sgt-unequal (Debian
package sgt-puzzles): game ids from `--generate`, and for each the solution
sgt-unequal's own solver finds, read from the PostScript that
`--print 1x1 --with-solutions` draws (a page per puzzle, then a page per
solution, each solved grid one string per cell, row by row).

  sgt_vectors.py COUNT PARAMS [PARAMS...] > vectors.txt

writes one line per puzzle: the game id, a blank, the solution's n*n
values separated by ','. PARAMS are sgt-unequal parameter strings such as
5de, 7dx (order, 'd', difficulty: t e k x r)."""
import re
import subprocess
import sys

SGT = "/usr/games/sgt-unequal"


def generate(count, params):
    out = subprocess.run([SGT, "--generate", str(count), params],
                         capture_output=True, text=True, check=True).stdout
    return [l.strip() for l in out.splitlines() if ":" in l]


def solutions(ids):
    ps = subprocess.run([SGT, "--print", "1x1", "--with-solutions"],
                        input="\n".join(ids) + "\n", capture_output=True,
                        text=True, check=True).stdout
    pages = ps.split("showpage")[:-1]
    if len(pages) != 2 * len(ids):
        sys.exit("expected %d pages, found %d" % (2 * len(ids), len(pages)))
    sols = []
    for k, gid in enumerate(ids):
        n = int(re.match(r"\d+", gid).group(0))
        cells = re.findall(r"\((\d+)\) dup stringwidth", pages[len(ids) + k])
        if len(cells) != n * n:
            sys.exit("%s: %d values in the solution page" % (gid, len(cells)))
        sols.append(",".join(cells))
    return sols


def main():
    count = int(sys.argv[1])
    for params in sys.argv[2:]:
        ids = generate(count, params)
        for gid, sol in zip(ids, solutions(ids)):
            print(gid, sol)


main()
