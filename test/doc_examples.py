#!/usr/bin/env python3
"""Runs every example in README.md and docs/*.md and compares its output.

The convention (docs/TESTING.md): in a fenced block, a line starting with
"$ " is a command; the lines after it, up to the next "$ " line or the end
of the block, are its exact standard output. A fenced ```c block named
NAME.c is compiled into ./NAME before the file's commands run. Blocks marked
"notest" in their info string are not run. Only the standard library.

Usage: doc_examples.py --src DIR --build DIR --backend NAME --backends LIST
                       --cc CC [--cflags FLAGS] [--libs FLAGS]
                       [--timeout S] [--update] [--expect-failure REGEX]...
                       [FILE.md ...]
"""

import argparse
import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

SHELL_INFO = {"sh", "bash", "shell", "console", "sh-session", "shell-session"}
FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})\s*(.*)$")
EXIT_CODE = re.compile(r"\s#\s*exit\s+(\d+)\s*$")
PROGRAM_RUN = re.compile(r"(?:^|[\s;&|(])\./([A-Za-z0-9_-]+)\b")
# The backends a build may leave out (docs/TESTING.md): a command that names
# one the build has not (--backend NAME, or a program linked with it alone,
# pz-sudoku-NAME) is skipped and counted, not failed.
OPTIONAL_BACKENDS = ("cadical", "picosat", "ipasir", "cryptominisat", "z3")
NAMED_BACKEND = re.compile(r"--backend[= ]['\"]?(%s)\b|\bpz-[a-z]+-(%s)\b"
                           % (("|".join(OPTIONAL_BACKENDS),) * 2))
ELLIPSIS = "..."


class Block:
    """One fenced block: where it starts, its info string and its lines."""

    def __init__(self, path, line, info, lines):
        self.path, self.line, self.info, self.lines = path, line, info, lines
        words = info.split()
        self.lang = words[0].lower() if words else ""
        self.words = words
        self.notest = "notest" in words


class Command:
    """A "$ " line (with its continuations) and the output shown after it."""

    def __init__(self, path, line, text, expected, out_lines):
        self.path, self.line, self.text = path, line, text
        self.expected = expected    # list of str (without newlines)
        self.out_lines = out_lines  # file line numbers of the expected lines
        m = EXIT_CODE.search(text)
        self.exit_code = int(m.group(1)) if m else 0


def read_blocks(path, rel):
    """Fenced blocks of a markdown file (indented blocks are prose)."""
    with open(path, encoding="utf-8") as f:
        text = f.read().split("\n")
    blocks, i = [], 0
    while i < len(text):
        m = FENCE.match(text[i])
        if not m:
            i += 1
            continue
        fence, info, start = m.group(2), m.group(3).strip(), i + 1
        body, i = [], i + 1
        while i < len(text):
            c = FENCE.match(text[i])
            if c and c.group(2)[0] == fence[0] and len(c.group(2)) >= len(fence) \
                    and not c.group(3).strip():
                break
            body.append(text[i])
            i += 1
        # line numbers count from 1; body line k is file line start + 1 + k
        blocks.append(Block(rel, start, info, body))
        i += 1
    return blocks


def is_session(block):
    return any(l.startswith("$ ") or l == "$" for l in block.lines)


def commands_of(block):
    """Splits a session block into commands and their expected output."""
    cmds, k, n = [], 0, len(block.lines)
    while k < n:
        line = block.lines[k]
        if not (line.startswith("$ ") or line == "$"):
            raise DocError(block.path, block.line + 1 + k,
                           "text before the first '$ ' command of a session block")
        first = block.line + 1 + k
        text = line[2:]
        while text.endswith("\\") and k + 1 < n:   # continued command
            k += 1
            text += "\n" + block.lines[k]
        k += 1
        expected, where = [], []
        while k < n and not (block.lines[k].startswith("$ ") or block.lines[k] == "$"):
            expected.append(block.lines[k])
            where.append(block.line + 1 + k)
            k += 1
        cmds.append(Command(block.path, first, text, expected, where))
    return cmds


class DocError(Exception):
    def __init__(self, path, line, message):
        super().__init__("%s:%d: %s" % (path, line, message))


def matches(expected, actual):
    """Line lists equal, where an expected line "..." stands for any lines."""
    if not expected:
        return not actual
    if expected[0] == ELLIPSIS:
        return any(matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and matches(expected[1:], actual[1:])


def fake_build_dir(scratch, build, backend, backends):
    """A build/ whose multi-backend programs run with --backend BACKEND
    unless the command names one; everything else links to the real build."""
    fake = os.path.join(scratch, "build")
    os.mkdir(fake)
    suffixes = tuple("-" + b for b in backends)
    for name in os.listdir(build):
        real = os.path.join(build, name)
        dest = os.path.join(fake, name)
        if name.startswith("pz-") and not name.endswith(suffixes) \
                and os.path.isfile(real) and os.access(real, os.X_OK):
            with open(dest, "w") as f:
                f.write('#!/bin/bash\n'
                        'for a in "$@"; do case $a in --backend|--backend=*) '
                        'exec -a "$0" %s "$@";; esac; done\n'
                        'exec -a "$0" %s --backend %s "$@"\n'
                        % (shlex.quote(real), shlex.quote(real), shlex.quote(backend)))
            os.chmod(dest, 0o755)
        elif name == "pz" and os.path.isfile(real):
            # pz KIND [options]: the backend goes after the kind.
            with open(dest, "w") as f:
                f.write('#!/bin/bash\n'
                        'case "$1" in list|-*|"") exec %s "$@";; esac\n'
                        'for a in "$@"; do case $a in --backend|--backend=*) '
                        'exec %s "$@";; esac; done\n'
                        'k=$1; shift; exec %s "$k" --backend %s "$@"\n'
                        % (shlex.quote(real), shlex.quote(real), shlex.quote(real),
                           shlex.quote(backend)))
            os.chmod(dest, 0o755)
        else:
            os.symlink(real, dest)


def make_scratch(src, build, backend, backends):
    """A directory that looks like the source root, with build/ mapped."""
    scratch = tempfile.mkdtemp(prefix="pz-docs-")
    for name in os.listdir(src):
        if name != "build":
            os.symlink(os.path.join(src, name), os.path.join(scratch, name))
    fake_build_dir(scratch, build, backend, backends)
    return scratch


def compile_program(block, scratch, args, report):
    name = block.words[1] if len(block.words) > 1 else ""
    if not re.fullmatch(r"[A-Za-z0-9_-]+\.c", name):
        report.append("%s:%d: a ```c block needs a file name: ```c NAME.c "
                      "(or 'notest'; see docs/TESTING.md)" % (block.path, block.line))
        return None
    exe = name[:-2]
    has_main = re.search(r"\bmain\s*\(", "\n".join(block.lines)) is not None
    with open(os.path.join(scratch, name), "w") as f:
        # diagnostics name the markdown file and line
        f.write('#line %d "%s"\n' % (block.line + 1, block.path))
        f.write("\n".join(block.lines) + "\n")
    cmd = [args.cc, "-std=c11", "-Wall", "-Wextra", "-Werror"] + \
        shlex.split(args.cflags) + ["-I", os.path.join(args.src, "include"), name]
    cmd += ["-o", exe] + shlex.split(args.libs) if has_main else ["-c", "-o", exe + ".o"]
    r = subprocess.run(cmd, cwd=scratch, capture_output=True, text=True)
    if r.returncode != 0:
        report.append("%s:%d: %s does not compile:\n%s" % (block.path, block.line, name,
                                                          (r.stdout + r.stderr).rstrip()))
        return None
    return exe if has_main else ""


def run_command(cmd, scratch, timeout):
    env = dict(os.environ, LC_ALL="C")
    try:
        r = subprocess.run(["bash", "-o", "pipefail", "-c", cmd.text], cwd=scratch,
                           stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return None, b"", b""
    return r.returncode, r.stdout, r.stderr


def check_command(cmd, scratch, timeout, report):
    """Runs one command; returns its output lines (None if it did not end)."""
    rc, out, err = run_command(cmd, scratch, timeout)
    where = "%s:%d: $ %s" % (cmd.path, cmd.line, cmd.text.replace("\n", "\n  "))
    if rc is None:
        report.append("%s\n  did not finish within %g s" % (where, timeout))
        return None
    out_s = out.decode("utf-8", "replace")
    err_s = err.decode("utf-8", "replace")
    problems = []
    if rc != cmd.exit_code:
        problems.append("exit code %d, expected %d%s" % (
            rc, cmd.exit_code, "" if cmd.exit_code else
            " (a doc shows a non-zero one with a trailing '# exit N')"))
    lines = out_s.split("\n")
    if lines[-1] == "":
        lines.pop()
    elif out_s:
        problems.append("the output does not end with a newline")
    actual = [l.rstrip() for l in lines]
    expected = [l.rstrip() for l in cmd.expected]
    if not matches(expected, actual):
        problems.append("output differs (--- doc, +++ actual):\n" + "\n".join(
            difflib.unified_diff(expected, actual, "doc", "actual", lineterm="", n=2)))
    if err_s and "2>" not in cmd.text and "&>" not in cmd.text:
        problems.append("wrote to stderr; show it with 2>&1 or drop it with 2>/dev/null")
    if problems:
        msg = where + "\n  " + "\n  ".join(p.replace("\n", "\n    ") for p in problems)
        if err_s:
            msg += "\n  stderr:\n    " + "\n    ".join(err_s.rstrip().split("\n")[:20])
        report.append(msg)
    return actual


def missing_backends(text, backends):
    """The backends TEXT names that the build has not."""
    named = {a or b for a, b in NAMED_BACKEND.findall(text)}
    return named - set(backends)


def check_file(path, rel, args, report, counts, updates):
    try:
        blocks = read_blocks(path, rel)
    except (OSError, UnicodeDecodeError) as e:
        report.append("%s: cannot read: %s" % (rel, e))
        return
    scratch = make_scratch(args.src, args.build, args.backend, args.backends)
    try:
        programs, sessions = {}, []
        for b in blocks:
            if b.notest:
                counts["notest"] += 1
            elif b.lang == "c":
                exe = compile_program(b, scratch, args, report)
                counts["c"] += 1
                if exe:
                    programs[exe] = b
            elif is_session(b):
                try:
                    sessions.append(commands_of(b))
                except DocError as e:
                    report.append(str(e))
            elif b.lang in SHELL_INFO:
                report.append("%s:%d: a ```%s block with no '$ ' command: show its "
                              "commands as '$ ' lines, or mark it 'notest' (docs/TESTING.md)"
                              % (rel, b.line, b.lang))
        ran = set()
        for cmds in sessions:
            for c in cmds:
                missing = missing_backends(c.text, args.backends)
                if missing:
                    counts["skipped"] += 1
                    counts["missing"].update(missing)
                    continue
                counts["commands"] += 1
                ran.update(PROGRAM_RUN.findall(c.text))
                actual = check_command(c, scratch, args.timeout, report)
                if args.update and actual is not None and not matches(
                        [l.rstrip() for l in c.expected], actual):
                    updates.append((c, actual))
        for exe, b in programs.items():
            if exe not in ran:
                report.append("%s:%d: the program %s.c is never run: show it "
                              "with '$ ./%s' and its output" % (rel, b.line, exe, exe))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def apply_updates(src, updates):
    """Rewrites the shown output of the commands that differ (--update)."""
    by_file = {}
    for c, actual in updates:
        by_file.setdefault(c.path, []).append((c, actual))
    for rel, items in by_file.items():
        path = os.path.join(src, rel)
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        # bottom up, so earlier line numbers stay valid
        for c, actual in sorted(items, key=lambda x: -x[0].line):
            end = c.line + c.text.count("\n")   # last line of the command
            lines[end:end + len(c.expected)] = actual
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
        print("updated %s (%d commands); review the diff" % (rel, len(items)))


def default_files(src):
    files = ["README.md"] if os.path.exists(os.path.join(src, "README.md")) else []
    for root, _, names in os.walk(os.path.join(src, "docs")):
        for n in sorted(names):
            if n.endswith(".md"):
                files.append(os.path.relpath(os.path.join(root, n), src))
    return sorted(files)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--backend", required=True)
    ap.add_argument("--backends", required=True, help="all backend names, comma-separated")
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--cflags", default="")
    ap.add_argument("--libs", default="")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--update", action="store_true",
                    help="write the actual output into the docs where it differs")
    ap.add_argument("--expect-failure", action="append", default=[], metavar="REGEX",
                    help="self-test: succeed only if the check fails and its "
                         "report matches every REGEX")
    ap.add_argument("files", nargs="*", help="markdown files (default: README.md, docs/)")
    args = ap.parse_args()
    args.src = os.path.abspath(args.src)
    args.build = os.path.abspath(args.build)
    args.backends = [b for b in args.backends.split(",") if b]

    files = args.files or default_files(args.src)
    report, updates = [], []
    counts = {"commands": 0, "c": 0, "notest": 0, "skipped": 0, "missing": set()}
    for f in files:
        path = f if os.path.isabs(f) else os.path.join(args.src, f)
        rel = os.path.relpath(path, args.src)
        check_file(path, rel, args, report, counts, updates)
    if args.update and updates:
        apply_updates(args.src, updates)
    text = "\n\n".join(report)
    summary = ("docs (%s): %d commands, %d C files, %d blocks not run, in %d files; "
               "%d problems" % (args.backend, counts["commands"], counts["c"],
                                counts["notest"], len(files), len(report)))
    if counts["skipped"]:
        summary += ("; %d commands skipped: they name %s, not in this build"
                    % (counts["skipped"], ", ".join(sorted(counts["missing"]))))
    if args.expect_failure:
        missing = [r for r in args.expect_failure if not re.search(r, text, re.M)]
        print(text + "\n\n" + summary)
        if not report or missing:
            print("self-test FAILED: the check %s%s" % (
                "passed" if not report else "failed",
                "" if not missing else "; report lacks: " + ", ".join(missing)))
            return 1
        print("self-test ok: the check failed as expected")
        return 0
    if report:
        print(text + "\n")
    print(summary)
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main())
