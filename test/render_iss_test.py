#!/usr/bin/env python3
"""Pictures of ISS rules (pz_render_iss, docs/VARIANTS.md "Pictures"):
every supported type, alone on a 9x9 grid, drawn as the scene JSON says;
the JSON is parsed and each primitive checked at the cells the rule names
(cell numbers worked out here from its R/C names, not by the library).
Then `pz sudoku --render` to SVG and PNG for an inline puzzle and for
puzzles of ../shared/data/variants/ctc-tune.jsonl (skipped when absent).

Usage: render_iss_test.py BUILD_DIR WORK_DIR [render]  ("render": the
build has cairo, check --render too)."""
import json
import os
import re
import subprocess
import sys

BUILD, WORK = sys.argv[1], sys.argv[2]
RENDER = len(sys.argv) > 3 and sys.argv[3] == "render"
HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.join(HERE, "..", "..", "shared", "data", "variants", "ctc-tune.jsonl")
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def cell(name):
    """R4C2 -> 30 on a 9x9 grid."""
    m = re.fullmatch(r"R(\d+)C(\d+)", name)
    return (int(m.group(1)) - 1) * 9 + int(m.group(2)) - 1


def scene(iss):
    r = subprocess.run([os.path.join(BUILD, "test", "render_iss_json")], input=iss.encode(),
                       capture_output=True)
    if r.returncode:
        return None, r.stderr.decode().strip()
    return json.loads(r.stdout), None


def path_check(iss, style, bulb=0, circle=0, circle_end=0, head=0):
    names = iss.split("~")[1:]
    names = [n for n in names if n.startswith("R")]
    want = [cell(n) for n in names]

    def check(sc):
        paths = sc["paths"]
        if len(paths) != 1:
            return f"{len(paths)} paths, not 1"
        p = paths[0]
        got = (p["cells"], p["style"], p["bulb"], p["circle"], p["circle_end"], p["head"])
        exp = (want, style, bulb, circle, circle_end, head)
        return None if got == exp else f"path {got}, not {exp}"
    return check


def border(kind, a, b, **extra):
    """The border item between cells a and b (names): the lower-numbered
    cell, down when they are one row apart."""
    x, y = cell(a), cell(b)
    low, down = min(x, y), int(abs(x - y) == 9)

    def check(sc):
        items = sc[kind]
        want = dict(cell=low, down=down, **extra)
        if len(items) != 1 or {k: items[0].get(k) for k in want} != want:
            return f"{kind} {items}, not [{want}]"
        return None
    return check


def cages(sc):
    want = {cell("R1C1"), cell("R1C2"), cell("R2C1")}
    got = {i for i, g in enumerate(sc["cages"] or []) if g >= 0}
    if got != want:
        return f"caged cells {sorted(got)}, not {sorted(want)}"
    ids = {sc["cages"][i] for i in want}
    if len(ids) != 1 or sc["cage_labels"][ids.pop()] != "10":
        return f"cage ids/labels {sc['cages'][:12]} {sc['cage_labels']}"
    return None


def shaded(level, names):
    def check(sc):
        got = {i for i, c in enumerate(sc["cells"]) if c.get("shade") == level}
        want = {cell(n) for n in names}
        return None if got == want else f"shade {level} at {sorted(got)}, not {sorted(want)}"
    return check


def caption_has(text):
    return lambda sc: None if text in (sc["caption"] or "") else f"caption {sc['caption']!r} lacks {text!r}"


def quad(sc):
    q = sc["quads"]
    want = [{"cell": cell("R3C4"), "text": "1 2 9"}]
    return None if q == want else f"quads {q}, not {want}"


def outside(row, col, text):
    def check(sc):
        want = [{"row": row, "col": col, "text": text}]
        return None if sc["outside"] == want else f"outside {sc['outside']}, not {want}"
    return check


def diagonal(sc):
    want = [[9, 0, 0, 9]]
    return None if sc["lines"] == want else f"lines {sc['lines']}, not {want}"


def given(sc):
    c = sc["cells"][cell("R4C2")]
    if c.get("text") != "5" or c.get("ink") != "given":
        return f"R4C2 drawn {c}"
    drawn = [i for i, c in enumerate(sc["cells"]) if c.get("text")]
    return None if drawn == [cell("R4C2")] else f"text in cells {drawn}"


def outside_all(*items):
    def check(sc):
        want = sorted([{"row": r, "col": c, "text": t} for r, c, t in items], key=str)
        got = sorted(sc["outside"], key=str)
        return None if got == want else f"outside {got}, not {want}"
    return check


def all_of(*checks):
    def check(sc):
        for c in checks:
            why = c(sc)
            if why:
                return why
        return None
    return check


def regions(want):
    return lambda sc: None if sc["regions"] == want else f"regions {sc['regions']}, not {want}"


def pill(sc):
    # The pill R1C1 R1C2 shaded; the arrow from R1C2 on.
    want = [cell("R1C2"), cell("R2C3"), cell("R3C3")]
    p = sc["paths"]
    if len(p) != 1 or p[0]["cells"] != want or p[0]["style"] != "dark" or p[0]["head"] != 1:
        return f"paths {p}, arrow {want} wanted"
    return shaded(1, ["R1C1", "R1C2"])(sc)


WINDOWS = [f"R{r}C{c}" for r in (2, 3, 4, 6, 7, 8) for c in (2, 3, 4, 6, 7, 8)]
ROWS = "".join(str(r) * 9 for r in range(1, 10))

CASES = [
    (".Thermo~R1C1~R1C2~R2C3", path_check(".Thermo~R1C1~R1C2~R2C3", "grey", bulb=1)),
    (".Arrow~R5C5~R5C6~R6C6", path_check(".Arrow~R5C5~R5C6~R6C6", "dark", circle=1, head=1)),
    (".DoubleArrow~R2C2~R3C2~R4C2", path_check(".DoubleArrow~R2C2~R3C2~R4C2", "dark", circle=1, circle_end=1)),
    (".Whisper~R4C1~R4C2~R5C3", path_check(".Whisper~R4C1~R4C2~R5C3", "green")),
    (".Renban~R9C1~R9C2~R9C3", path_check(".Renban~R9C1~R9C2~R9C3", "purple")),
    (".Palindrome~R1C9~R2C9~R3C9", path_check(".Palindrome~R1C9~R2C9~R3C9", "silver")),
    (".Zipper~R7C1~R7C2~R7C3", path_check(".Zipper~R7C1~R7C2~R7C3", "lavender")),
    (".Entropic~R6C1~R6C2~R6C3", path_check(".Entropic~R6C1~R6C2~R6C3", "orange")),
    (".Modular~3~R8C1~R8C2~R8C3", path_check(".Modular~3~R8C1~R8C2~R8C3", "teal")),
    (".RegionSumLine~R3C2~R3C3~R3C4", path_check(".RegionSumLine~R3C2~R3C3~R3C4", "blue")),
    (".Whisper~4~R4C1~R4C2", caption_has("differ by 4")),
    (".Cage~10~R1C1~R1C2~R2C1", cages),
    (".WhiteDot~R1C1~R1C2", border("dots", "R1C1", "R1C2", black=0)),
    (".BlackDot~R3C3~R2C3", border("dots", "R2C3", "R3C3", black=1)),
    (".X~R5C2~R5C1", border("signs", "R5C1", "R5C2", text="X")),
    (".V~R5C5~R6C5", border("signs", "R5C5", "R6C5", text="V")),
    # The first cell is the greater: R1C2 > R1C1 reads "<" left to right.
    (".GreaterThan~R1C2~R1C1", border("signs", "R1C1", "R1C2", text="<")),
    (".GreaterThan~R1C1~R2C1", border("signs", "R1C1", "R2C1", text=">")),
    (".Quad~R3C4~1~2~9", quad),
    (".Sandwich~15~R3", outside(2, -1, "15")),
    (".Sandwich~0~C5", outside(-1, 4, "0")),
    (".Indexing~C~R1C1~R2C1", shaded(3, ["R1C1", "R2C1"])),
    (".AllDifferent~R1C1~R2C2~R3C3", shaded(1, ["R1C1", "R2C2", "R3C3"])),
    (".Diagonal~1", diagonal),
    (".AntiKing", caption_has("anti-king")),
    (".AntiKnight", caption_has("anti-knight")),
    (".AntiConsecutive", caption_has("anti-consecutive")),
    (".LittleKiller~20~R1C3", outside(-1, 3, "20")),
    (".LittleKiller~7~R3C1", outside(1, -1, "7")),
    (".LittleKiller~7~R5C9", outside(5, 9, "7")),
    (".LittleKiller~7~R9C5", outside(9, 3, "7")),
    (".XSum~R2~15~7", outside_all((1, -1, "<15>"), (1, 9, "<7>"))),
    (".Skyscraper~C3~~4", outside(9, 2, "[4]")),
    (".NumberedRoom~R1~5~", outside(0, -1, ":5:")),
    (".HiddenSkyscraper~C9~6~", outside(-1, 8, "|6|")),
    (".Between~R1C1~R1C2~R1C3", path_check(".Between~R1C1~R1C2~R1C3", "lightblue", circle=1, circle_end=1)),
    (".Lockout~4~R2C1~R2C2~R2C3", all_of(path_check(".Lockout~4~R2C1~R2C2~R2C3", "indigo", circle=1, circle_end=1),
                                         caption_has("4 or more apart"))),
    (".PillArrow~2~R1C1~R1C2~R2C3~R3C3", pill),
    (".Windoku", all_of(shaded(1, WINDOWS), caption_has("windoku"))),
    (".DisjointSets", caption_has("disjoint sets")),
    (".StrictKropki", caption_has("strict Kropki")),
    (".StrictXV", caption_has("strict XV")),
    (".NoBoxes", all_of(regions(None), caption_has("no boxes"))),
    (".Jigsaw~" + ROWS + ".NoBoxes", regions([r for r in range(9) for _ in range(9)])),
    (".Jigsaw~" + ROWS, caption_has("boxes too")),
    (".ContainExact~1_2_2~R1C1~R2C1~R3C1", all_of(shaded(1, ["R1C1", "R2C1", "R3C1"]),
                                                 caption_has("exactly 1 2 2 in r1c1 r2c1 r3c1"))),
    (".AntiTaxicab", caption_has("anti-taxicab")),
    (".SumLine~10~R5C1~R5C2~R6C3", all_of(path_check(".SumLine~10~R5C1~R5C2~R6C3", "olive"),
                                          caption_has("adding up to 10"))),
    (".~R4C2_5", given),
    (".~R4C6_2_4_6_8", caption_has("r4c6: 2468")),
]

for iss, check in CASES:
    sc, err = scene(iss + "\n")
    if err:
        fail(f"{iss}: {err}")
        continue
    why = check(sc)
    if why:
        fail(f"{iss}: {why}")

# A rule the picture cannot hold right is refused, never drawn wrong.
sc, err = scene(".Cage~10~R1C1~R1C2\n.Cage~5~R1C2~R1C3\n")
if not err:
    fail("cages sharing a cell were drawn")

if RENDER:
    os.makedirs(WORK, exist_ok=True)
    pz = os.path.join(BUILD, "pz")
    puzzles = [("inline", ".Thermo~R1C1~R1C2~R1C3.Arrow~R5C5~R5C6~R6C6.WhiteDot~R2C2~R2C3"
                ".Quad~R7C7~1~2.Sandwich~10~R4.Cage~12~R9C1~R9C2.~R4C2_5")]
    if os.path.exists(SHARED):
        with open(SHARED) as f:
            rows = [json.loads(line) for line in f if line.strip()]
        puzzles += [(r["name"], r["iss"]) for r in rows]
    else:
        print("skip: no", SHARED)
    for name, iss in puzzles:
        for ext in ("svg", "png"):
            out = os.path.join(WORK, f"{name}.{ext}")
            r = subprocess.run([pz, "sudoku", "--render", out], input=iss.encode(), capture_output=True)
            if r.returncode or not os.path.getsize(out):
                fail(f"pz sudoku --render {name}.{ext}: exit {r.returncode}: {r.stderr.decode().strip()}")
            elif ext == "png" and open(out, "rb").read(4) != b"\x89PNG":
                fail(f"{out} is not a PNG")
            elif ext == "svg" and b"<svg" not in open(out, "rb").read():
                fail(f"{out} is not an SVG")
    print(f"rendered {len(puzzles)} puzzles")

print(f"{len(CASES)} types drawn" if not failures else f"{len(failures)} failures")
sys.exit(1 if failures else 0)
