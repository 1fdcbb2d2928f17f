#!/usr/bin/env python3
"""Load test of pz-web on loopback (docs/BENCHMARKS.md, "pz-web").

Starts pz-web (--port 0), then:
  1. REQUESTS solve requests over CONNS keep-alive connections at once
     (distinct 9x9 puzzles made by pz-sudoku --generate), each answer
     checked (200, a valid solution keeping the givens): errors counted,
     latency p50/p90/p99/max, requests per second;
  2. abuse while a second round runs: random bytes, bodies of 1 MB, slow
     clients sending a byte a second, clients leaving mid-stream;
  3. the server's resident memory (VmRSS) after the warm-up, after round 1
     and after round 2: flat when it does not grow between rounds;
  4. slow heads (slowloris, slow_heads): 600 slow connections while fresh
     clients must still be answered within 5 s.
Prints a markdown summary; exit 1 on any error.

Usage: web_load.py BUILD_DIR [REQUESTS] [CONNS] [nomem]
("nomem": no memory verdict, for sanitizer builds, whose allocator keeps
freed memory in quarantine.)
"""

import http.client
import json
import os
import random
import re
import socket
import subprocess
import sys
import threading
import time


def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def valid(puzzle, sol):
    if not isinstance(sol, str) or len(sol) != 81:
        return False
    if any(p != "." and p != s for p, s in zip(puzzle, sol)):
        return False
    g = [int(c) for c in sol]
    want = set(range(1, 10))
    for i in range(9):
        if {g[i * 9 + j] for j in range(9)} != want or {g[j * 9 + i] for j in range(9)} != want:
            return False
        r0, c0 = i // 3 * 3, i % 3 * 3
        if {g[(r0 + a) * 9 + c0 + b] for a in range(3) for b in range(3)} != want:
            return False
    return True


def round_of(port, puzzles, requests, conns):
    lat, errors, lock = [], [], threading.Lock()
    counter = iter(range(requests))

    def worker():
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while True:
            with lock:
                i = next(counter, None)
            if i is None:
                break
            p = puzzles[i % len(puzzles)]
            body = json.dumps({"puzzle": p})
            t0 = time.perf_counter()
            try:
                c.request("POST", "/api/sudoku/solve", body,
                          {"Content-Type": "application/json"})
                r = c.getresponse()
                data = r.read()
                dt = time.perf_counter() - t0
                ok = r.status == 200 and valid(p, json.loads(data).get("solution"))
            except (OSError, http.client.HTTPException, ValueError) as e:
                dt, ok, data = time.perf_counter() - t0, False, repr(e).encode()
                c.close()
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            with lock:
                lat.append(dt)
                if not ok:
                    errors.append(data[:200])
        c.close()

    t0 = time.perf_counter()
    ts = [threading.Thread(target=worker) for _ in range(conns)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    wall = time.perf_counter() - t0
    lat.sort()
    q = lambda f: lat[min(len(lat) - 1, int(f * len(lat)))] * 1e3
    return {"n": len(lat), "errors": len(errors), "first_errors": errors[:3], "wall": wall,
            "rps": len(lat) / wall, "p50": q(0.50), "p90": q(0.90), "p99": q(0.99),
            "max": lat[-1] * 1e3}


def abuse(port, stop):
    """Garbage until stop is set; returns what was sent."""
    rnd = random.Random(7)
    sent = {"random": 0, "huge": 0, "slow": 0, "left": 0}
    slow = []
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as so:
                so.sendall(bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 2000))))
                so.settimeout(1)
                try:
                    so.recv(100)
                except OSError:
                    pass
            sent["random"] += 1
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            try:
                c.request("POST", "/api/sudoku/solve", b"{" * (1 << 20))
                c.getresponse().read()
            except (OSError, http.client.HTTPException):
                pass
            c.close()
            sent["huge"] += 1
            if len(slow) < 8:
                so = socket.create_connection(("127.0.0.1", port), timeout=5)
                so.sendall(b"POST /api/sudoku/solve HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                           b"Content-Type: application/json\r\nContent-Length: 90\r\n\r\n" % port)
                slow.append(so)
                sent["slow"] += 1
            for so in slow:
                try:
                    so.sendall(b"{")
                except OSError:
                    pass
            so = socket.create_connection(("127.0.0.1", port), timeout=5)
            so.sendall(b"GET /api/latin/squares?n=7&limit=10000 HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n"
                       % port)
            so.recv(500)
            so.close()
            sent["left"] += 1
        except OSError:
            pass
        time.sleep(0.05)
    for so in slow:
        so.close()
    return sent


def slow_heads(exe, seconds=8.0, receive_time=2):
    """Slowloris: 300 connections from 20 addresses (127.0.0.2-21, 15
    each, under the per-client cap) and 300 from one (127.0.0.22), each
    sending one header line a second and reconnecting when closed, for
    SECONDS. Meanwhile a fresh client (127.0.0.1) asks every 0.2 s with a
    5 s timeout: every probe must be answered. Slow heads must be closed
    with 408 after --receive-time, the excess of one address refused with
    503, both as JSON."""
    srv = subprocess.Popen([exe, "--port", "0", "--receive-time", str(receive_time)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    port = int(re.search(r":(\d+)/", srv.stdout.readline()).group(1))
    head = b"GET /api/version HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port
    sources = ["127.0.0.%d" % (2 + i // 15) for i in range(300)] + ["127.0.0.22"] * 300
    socks, answers, stop = {}, {}, threading.Event()

    def connect(i):
        try:
            so = socket.create_connection(("127.0.0.1", port), timeout=2,
                                          source_address=(sources[i], 0))
            so.sendall(head)
            socks[i] = so
        except OSError:
            socks.pop(i, None)

    def note(data):
        status = data[9:12].decode("latin-1", "replace")
        body = data.split(b"\r\n\r\n", 1)[-1]
        try:
            json.loads(body)
        except ValueError:
            status += " (not JSON)"
        answers[status] = answers.get(status, 0) + 1

    def slow():
        for i in range(len(sources)):
            connect(i)
        while not stop.is_set():
            t0 = time.time()
            for i in list(socks):
                so = socks[i]
                so.setblocking(False)
                try:
                    data = so.recv(4096)
                except BlockingIOError:
                    data = None
                except OSError:
                    data = b""
                so.setblocking(True)
                if data is None:
                    try:
                        so.sendall(b"X-Slow: %d\r\n" % i)
                        continue
                    except OSError:
                        data = b""
                if data:
                    note(data)
                so.close()
                connect(i)
            stop.wait(max(0.0, 1.0 - (time.time() - t0)))
        for so in socks.values():
            so.close()

    t = threading.Thread(target=slow)
    t.start()
    time.sleep(0.5)
    probes, failed, worst = 0, [], 0.0
    end = time.time() + seconds
    while time.time() < end:
        t0 = time.perf_counter()
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            c.request("GET", "/api/version")
            r = c.getresponse()
            ok = r.status == 200 and "pz" in json.loads(r.read())
            c.close()
        except (OSError, http.client.HTTPException, ValueError) as e:
            ok = repr(e)
        worst = max(worst, time.perf_counter() - t0)
        probes += 1
        if ok is not True:
            failed.append(ok)
        time.sleep(0.2)
    stop.set()
    t.join()
    srv.terminate()
    srv.communicate(timeout=30)
    print("\nslow heads: %d probes beside 600 slow connections, %d failed, slowest %.0f ms; "
          "answers to slow clients: %s" % (probes, len(failed), worst * 1e3, answers))
    ok = (not failed and probes >= seconds * 2 and answers.get("408", 0) > 0
          and answers.get("503", 0) > 0 and all(k in ("408", "503") for k in answers))
    if not ok:
        print("slow heads failed: %s" % failed[:3])
    return ok


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    requests = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    conns = int(sys.argv[3]) if len(sys.argv) > 3 else 16
    gen = subprocess.run([os.path.join(build, "pz-sudoku"), "--generate", "100", "--seed", "1"],
                         capture_output=True, text=True, check=True)
    puzzles = [l for l in gen.stdout.split() if len(l) == 81]
    assert len(puzzles) == 100, gen.stdout[:200]
    srv = subprocess.Popen([os.path.join(build, "web", "pz-web"), "--port", "0"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    port = int(re.search(r":(\d+)/", srv.stdout.readline()).group(1))
    ok = True
    try:
        round_of(port, puzzles, 200, conns)  # warm-up
        rss0 = rss_kb(srv.pid)
        r1 = round_of(port, puzzles, requests, conns)
        rss1 = rss_kb(srv.pid)
        stop = threading.Event()
        box = {}
        t = threading.Thread(target=lambda: box.update(abuse(port, stop)))
        t.start()
        r2 = round_of(port, puzzles, requests, conns)
        stop.set()
        t.join()
        time.sleep(1)
        rss2 = rss_kb(srv.pid)
        r3 = round_of(port, puzzles, requests, conns)
        rss3 = rss_kb(srv.pid)
        print("| round | requests | conns | errors | req/s | p50 ms | p90 ms | p99 ms | max ms | VmRSS after |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        print("| warm-up (200) | | | | | | | | | %d KB |" % rss0)
        for name, r, rss in (("1", r1, rss1), ("2, with abuse", r2, rss2), ("3", r3, rss3)):
            print("| %s | %d | %d | %d | %.0f | %.2f | %.2f | %.2f | %.1f | %d KB |"
                  % (name, r["n"], conns, r["errors"], r["rps"], r["p50"], r["p90"], r["p99"],
                     r["max"], rss))
            if r["errors"]:
                ok = False
                print("errors:", r["first_errors"])
        print("\nabuse sent during round 2: %s" % box)
        if rss3 > rss1 * 1.5 + 4096 and "nomem" not in sys.argv[4:]:
            ok = False
            print("memory grew: %d KB -> %d KB" % (rss1, rss3))
        ok = slow_heads(os.path.join(build, "web", "pz-web")) and ok
    finally:
        srv.terminate()
        out, err = srv.communicate(timeout=30)
        if srv.returncode != 0:
            ok = False
            print("pz-web exit code %d: %s" % (srv.returncode, err[-2000:]))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
