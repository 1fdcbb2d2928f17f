#!/usr/bin/env python3
"""The library's layering, read from every #include line (the rules of
docs/ARCHITECTURE.md, "Layers" and "Rules"):

- a folder of lib/ includes only its own layer and the layers below it;
  lib/kinds/ is the top (anything below it), and a kind's folder includes
  no other kind's folder; nothing outside lib/kinds/ includes its headers
  (the registry is reached through the public pz/kind.h);
- some headers are private to their folder (PRIVATE);
- lib/ and include/ never include a solver's header or a backends/ file;
- backends/ include only pz/backend.h, their solver's header and their
  own folder's files; examples/ and include/ never include a lib/ header.

With --objects (the core library's object files, one per lib/ source) it
checks the calls as well: no object calls a function defined in a higher
layer's object (a declaration in a lower header would hide that from the
includes, as lib/puzzle calling lib/gen's probing once did).

Usage: include_graph_test.py [ROOT] [--nm NM] [--objects OBJ...]  (ROOT:
the source tree, default the one this script is in). Prints each
violation as FILE:LINE: (or FILE: for a call) and exits 1 when there is
one. Before the real tree it checks itself on a small tree with one
violation of each kind, so that a checker that has stopped seeing
violations fails too."""

import os
import re
import subprocess
import sys
import tempfile

# Lowest first: a layer may include its own headers and those of the
# layers before it in this list.
LAYERS = ["core", "cnf", "encode", "solve", "enum", "model", "puzzle",
          "gen", "io", "variants", "render", "kinds"]
RANK = {name: i for i, name in enumerate(LAYERS)}

# Headers only their own folder may include (path under lib/ -> folder).
PRIVATE = {
    "solve/solver_impl.h": "solve",  # the layers above: solve/solver_ext.h
    "solve/watch.h": "solve",
    "enum/enum_impl.h": "enum",
}

# Solvers' own headers (by name, with or without a folder in front).
SOLVER_HEADER = re.compile(
    r"^(.*/)?(cadical|ccadical|picosat|ipasir|cryptominisat\d*|z3|z3\+\+|"
    r"minisat|kissat|glucose|lingeling)([._/]|$)", re.IGNORECASE)

# Public headers a backend may include.
BACKEND_PUBLIC = {"pz/backend.h"}

INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"]+)[>"]',
                     re.MULTILINE)
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL)
SOURCE = (".c", ".h", ".cc", ".cpp", ".hh", ".hpp")


def includes(path):
    """(line, '<' or '"', name) of each #include in path, comments aside."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    # Blank the comments but keep their newlines, so line numbers hold.
    text = COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    for m in INCLUDE.finditer(text):
        yield text.count("\n", 0, m.start()) + 1, m.group(1), m.group(2)


def sources(root, top):
    base = os.path.join(root, top)
    for d, dirs, files in os.walk(base):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(SOURCE):
                yield os.path.join(d, name)


def resolve(root, path, name):
    """Where a quoted include of name in path lands, relative to root: the
    file's own folder first, then lib/ and include/ (the library's include
    path); None when it is in none of them."""
    for base in (os.path.dirname(path), os.path.join(root, "lib"),
                 os.path.join(root, "include")):
        cand = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(cand):
            return os.path.relpath(cand, root).replace(os.sep, "/")
    return None


def lib_place(rel):
    """(layer, kind folder or None) of a path lib/LAYER/...; kind folder
    only for lib/kinds/KIND/..."""
    parts = rel.split("/")
    layer = parts[1] if len(parts) > 2 else None
    kind = parts[2] if layer == "kinds" and len(parts) > 3 else None
    return layer, kind


def check(root):
    """The violations in the tree at root, as printable lines."""
    bad = []
    order = " < ".join(LAYERS)

    def report(rel, line, text):
        bad.append("%s:%d: %s" % (rel, line, text))

    for top in ("lib", "include", "backends", "examples"):
        for path in sources(root, top):
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            for line, kind, name in includes(path):
                shown = ("<%s>" if kind == "<" else '"%s"') % name
                if top in ("lib", "include") and SOLVER_HEADER.match(name):
                    report(rel, line, "includes %s, a solver's header: the "
                           "library reaches solvers only through the "
                           "pz_backend table" % shown)
                    continue
                if kind == "<":
                    continue
                target = resolve(root, path, name)
                if target is None:
                    report(rel, line, "includes %s, found neither beside it "
                           "nor under lib/ or include/" % shown)
                    continue
                if top == "examples":
                    if target.startswith("lib/"):
                        report(rel, line, "includes %s (%s): examples use "
                               "only the public headers" % (shown, target))
                    continue
                if top == "backends":
                    own = os.path.dirname(target) == "backends"
                    public = target[len("include/"):] in BACKEND_PUBLIC
                    if not own and not public:
                        report(rel, line, "includes %s (%s): a backend "
                               "includes only pz/backend.h and its solver's "
                               "header" % (shown, target))
                    continue
                if target.startswith("backends/"):
                    report(rel, line, "includes %s (%s), a backend's file"
                           % (shown, target))
                    continue
                if top == "include":
                    if target.startswith("lib/"):
                        report(rel, line, "includes %s (%s): public headers "
                               "include only public headers"
                               % (shown, target))
                    continue
                if not target.startswith("lib/"):
                    continue  # a public header: every layer may
                layer, kind_dir = lib_place(rel)
                tlayer, tkind = lib_place(target)
                if layer not in RANK:
                    report(rel, line, "lib/%s is in no layer (add it to "
                           "LAYERS here and to docs/ARCHITECTURE.md)"
                           % layer)
                    continue
                if tlayer not in RANK:
                    report(rel, line, "includes %s (%s), in no layer"
                           % (shown, target))
                    continue
                if RANK[tlayer] > RANK[layer]:
                    report(rel, line, "includes %s (%s): lib/%s is below "
                           "lib/%s (%s)" % (shown, target, layer, tlayer,
                                            order))
                owner = PRIVATE.get(target[len("lib/"):])
                if owner and owner != layer:
                    report(rel, line, "includes %s, private to lib/%s"
                           % (shown, owner))
                if kind_dir and tkind and kind_dir != tkind:
                    report(rel, line, "includes %s (%s): one kind's folder "
                           "includes no other kind's files"
                           % (shown, target))
    return bad


def object_source(obj):
    """lib/LAYER/... of an object file built from it (.../lib/x/y.c.o)."""
    path = obj.replace(os.sep, "/")
    at = path.rfind("/lib/")
    if at < 0:
        return None
    src = path[at + 1:]
    return src[:-2] if src.endswith(".o") else src


def symbols(nm, objects):
    """lib source -> (defined, undefined) global symbols of its object, by
    one run of nm over every object (-A: each line names its file)."""
    table = {obj: (set(), set()) for obj in objects}
    out = subprocess.run([nm, "-g", "-A"] + objects, capture_output=True,
                         text=True, check=True).stdout
    for line in out.splitlines():
        obj = next((o for o in (line.split(":", 1)[0],) if o in table), None)
        if obj is None:
            continue
        f = line[len(obj) + 1:].split()
        if len(f) == 2 and f[0] == "U":
            table[obj][1].add(f[1])
        elif len(f) == 3 and f[1] in "TDBRVWCG":
            table[obj][0].add(f[2])
    return {object_source(o): syms for o, syms in table.items()
            if object_source(o)}


def check_calls(table):
    """table: lib source -> (defined, undefined) symbols. The calls (and
    data references) from a layer to a higher one."""
    owner = {}
    for src, (defined, _) in table.items():
        for sym in defined:
            owner[sym] = src
    bad = []
    for src in sorted(table):
        layer = lib_place(src)[0]
        for sym in sorted(table[src][1]):
            to = owner.get(sym)
            if to is None or layer not in RANK:
                continue
            tlayer = lib_place(to)[0]
            if tlayer in RANK and RANK[tlayer] > RANK[layer]:
                bad.append("%s: calls %s (%s): lib/%s is below lib/%s"
                           % (src, sym, to, layer, tlayer))
    return bad


# A small tree with one violation of each rule (and lines that break
# none), for the self-check: file -> text, and the FILE:LINE expected.
SAMPLE = {
    "include/pz/common.h": "",
    "include/pz/backend.h": '#include "common.h"\n',
    "include/pz/bad.h": '#include "core/vec.h"\n',             # lib header
    "lib/core/vec.h": '#include "pz/common.h"\n',
    "lib/core/bad.c": '/* #include "model/m.h" */\n#include "model/m.h"\n',
    "lib/model/m.h": '#include "core/vec.h"\n#include <cadical.hpp>\n',
    "lib/solve/solver_impl.h": "",
    "lib/enum/e.c": '#include "solve/solver_impl.h"\n'
                    '#include "../../backends/b.hh"\n',
    "lib/puzzle/p.c": '#include "missing.h"\n#include <stdio.h>\n',
    "lib/extra/x.c": '#include "core/vec.h"\n',                # no layer
    "lib/kinds/a/k.c": '#include "kinds/b/k.h"\n#include "puzzle/p.c"\n',
    "lib/kinds/b/k.h": '#include "kinds/kind_impl.h"\n',
    "lib/kinds/kind_impl.h": "",
    "backends/b.hh": "",
    "backends/b.cc": '#include <picosat/picosat.h>\n#include "b.hh"\n'
                     '#include "pz/backend.h"\n#include "pz/common.h"\n'
                     '#include "core/vec.h"\n',
    "examples/cli.h": '#include "pz/common.h"\n',
    "examples/cli.c": '#include "cli.h"\n#include "model/m.h"\n',
}
SAMPLE_BAD = [
    "include/pz/bad.h:1:", "lib/core/bad.c:2:", "lib/model/m.h:2:",
    "lib/enum/e.c:1:", "lib/enum/e.c:2:", "lib/puzzle/p.c:1:",
    "lib/extra/x.c:1:", "lib/kinds/a/k.c:1:", "backends/b.cc:4:",
    "backends/b.cc:5:", "examples/cli.c:2:",
]


SAMPLE_CALLS = {
    "lib/puzzle/puzzle.c": ({"pz_puzzle_solve"}, {"pz_probe", "pz_poll",
                                                   "memcpy"}),
    "lib/gen/probe.c": ({"pz_probe"}, {"pz_puzzle_solve"}),
    "lib/core/poll.c": ({"pz_poll"}, set()),
}
SAMPLE_CALLS_BAD = ["lib/puzzle/puzzle.c:"]


def self_check():
    calls = sorted(line.split(" ", 1)[0]
                   for line in check_calls(SAMPLE_CALLS))
    if calls != SAMPLE_CALLS_BAD:
        print("include_graph_test: the self-check on sample calls found "
              + " ".join(calls))
        return False
    with tempfile.TemporaryDirectory() as root:
        for rel, text in SAMPLE.items():
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
        found = sorted(line.split(" ", 1)[0] for line in check(root))
    if found != sorted(SAMPLE_BAD):
        print("include_graph_test: the self-check on a sample tree found")
        print("  " + " ".join(found))
        print("instead of")
        print("  " + " ".join(sorted(SAMPLE_BAD)))
        return False
    return True


def main():
    args = sys.argv[1:]
    objects, nm = [], "nm"
    if "--objects" in args:
        # CMake hands $<TARGET_OBJECTS:...> over as one ;-list.
        objects = [o for a in args[args.index("--objects") + 1:]
                   for o in a.split(";") if o]
        args = args[:args.index("--objects")]
    if "--nm" in args:
        nm = args[args.index("--nm") + 1]
        del args[args.index("--nm"):args.index("--nm") + 2]
    root = args[0] if args else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..")
    if not self_check():
        return 1
    bad = check(os.path.abspath(root))
    if objects:
        bad += check_calls(symbols(nm, objects))
    for line in bad:
        print(line)
    if bad:
        print("include_graph_test: %d include(s) or call(s) break the "
              "layering (docs/ARCHITECTURE.md, \"Layers\")" % len(bad))
        return 1
    print("include_graph_test: every include%s keeps the layering (%s)"
          % (" and call" if objects else "", " < ".join(LAYERS)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
