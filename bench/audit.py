"""Benchmarks of `ken audit` on a large generated history and of `ken precheck` on real histories.

    python bench/audit.py [--only audit|precheck] [--commits 20000] [--runs 3] [--repos google+dawn,...]
                          [--per-group 20] [--seed 1] [--ken PATH] [--pjm PATH] [--real-clock] [--settle S]
                          [--source worktree|REV|live] [--keep]

Two parts; every figure is the wall time of a whole process (interpreter start included):

- audit: a throw-away repository in /tmp gets, through one `git fast-import` process, a seeded
  history of 20,000 commits over ~2 years (fixed dates, so the same shas every time) on ~400
  files in 30 folders: 1-5 files and a few lines per commit, files added over time, 100 real
  reverts (`Revert "<subject>"`, body `This reverts commit <full sha>.`, restoring the files the
  reverted commit changed) and, for half of them, a later `Reland "<subject>"` redoing the
  change. `ken audit --since 2y --json --now <just after the last commit>` is timed under
  `/usr/bin/time -f %M` (median and max of `--runs`, peak RSS), and its own figures (reverts
  found, re-attempts, recall, noise) are compared with what was planted.
- precheck: throw-away clones (`git clone --shared`) of the real repositories under
  /work/.mirror, `ken init --no-hooks` timed, then `ken precheck FILE --json` twice per file
  (cold: the first call, which runs git; warm: the second, answered from the index) on 40 files
  per repository: the 20 most changed in the year before the clock and 20 others drawn with a
  fixed seed. The reference tool's `pjm precheck FILE` (projectmem 0.3.4, from
  `/tmp/pjmvenv` or PATH; `pjm init` with `bench/pjm.py`'s flags except `--no-backfill`, so it
  keeps its own backfill of the last 20 commits) runs on the same files in the same clone,
  also twice per file (it keeps no cache: both calls do the same work). ken's clock is set
  (`KEN_NOW`) to one hour after the clone's last commit, as in a checkout being worked on
  (`--real-clock`: the system clock); pjm has no such setting and uses the system clock.

Beside wall time, each process's CPU time (user + system, its git children included, from
`wait4`) is recorded: this is a 2-core machine where other work can run, and CPU time is less
disturbed by it; each part first waits (`--settle`, up to 180 s) for the 1-minute load average to
drop below 0.7, and the load averages before and after are reported. kenning's bytecode is
compiled into a `PYTHONPYCACHEPREFIX` of the run's own (as an install has it), and one call of
each command is made first in a scratch repository.

The source measured is a copy of the installed (editable) kenning's, taken at the start and put
first on `PYTHONPATH` (`--source REV`: a commit's; `--source live`: the checkout as it changes):
commits landing in the checkout during the run do not mix versions. Which source it was is
recorded per part.

Results are printed and written to `bench/results/audit.{md,json}` (with `--only`, the other
part's previous figures are kept). Generated data lives in a temporary directory, removed at
the end unless `--keep`.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from generate import WORDS  # noqa: E402
from pjm import INIT_FLAGS, find_pjm, pjm_available, pjm_env, pjm_version  # noqa: E402
from run import bench_env  # noqa: E402

HERE = Path(__file__).parent
RESULTS = HERE / "results"
MIRROR = Path("/work/.mirror")
REPOS = ("google+dawn", "protocolbuffers+protobuf", "git+git", "rust-lang+cargo")
START = 1704067200  # 2024-01-01T00:00:00Z: the generated history's first commit
DAYS = 725  # inside `--since 2y` (730 days) of a clock just after the last commit
IDENT = "Bench Dev <bench@example.invalid>"


# -- the generated history -------------------------------------------------------------------------

FOLDERS = [f"{top}/{name}" for top, names in (
    ("src", ("api", "core", "db", "web", "jobs", "auth", "billing", "cache", "search", "queue", "mail", "util")),
    ("lib", ("parser", "net", "codec", "storage", "crypto", "metrics")),
    ("tests", ("api", "core", "db", "web", "integration", "fixtures")),
    ("docs", ("guide", "reference")),
    ("tools", ("ci", "release", "lint")),
    ("config", ("deploy",)),
) for name in names]  # 30 folders
EXTENSIONS = {"src": ".py", "lib": ".c", "tests": ".py", "docs": ".md", "tools": ".sh", "config": ".yaml"}
KINDS = (("fix", 0.33), ("feat", 0.24), ("refactor", 0.1), ("chore", 0.06), ("docs", 0.05), ("test", 0.08),
         ("perf", 0.02), ("", 0.12))
SIZES = (1, 2, 3, 4, 5)
SIZE_WEIGHTS = (0.42, 0.26, 0.16, 0.1, 0.06)
REVERT_WINDOW = 300   # a revert undoes one of the last 300 commits (~11 days at 27 commits a day)


def _file_names(rng: random.Random, count: int) -> list[str]:
    names: set[str] = set()
    out: list[str] = []
    while len(out) < count:
        folder = FOLDERS[len(out) % len(FOLDERS)] if len(out) < len(FOLDERS) else rng.choice(FOLDERS)
        stem = f"{rng.choice(WORDS)}_{rng.choice(WORDS)}"
        if folder.startswith("tests/"):
            stem = "test_" + stem
        path = f"{folder}/{stem}{EXTENSIONS[folder.split('/')[0]]}"
        if path not in names:
            names.add(path)
            out.append(path)
    return out


def _line(rng: random.Random) -> str:
    return f"    {rng.choice(WORDS)}_{rng.randint(1, 999)} = {rng.choice(WORDS)}({rng.randint(0, 99)})"


def _initial(rng: random.Random, path: str) -> list[str]:
    lines = [f"# {path}: generated for the audit benchmark", ""]
    for k in range(rng.randint(4, 40)):
        lines += [f"def {rng.choice(WORDS)}_{k}(value):", *(_line(rng) for _ in range(rng.randint(1, 6))),
                  f"    return value * {rng.randint(1, 999)}", ""]
    return lines


def _edit_ops(rng: random.Random, length: int, heavy: bool) -> list[tuple[Any, ...]]:
    """A change as operations that can be applied again later (a reland redoes them)."""
    ops: list[tuple[Any, ...]] = []
    for _ in range(rng.randint(4, 10) if heavy else rng.randint(1, 3)):
        roll = rng.random()
        if roll < 0.45 and length > 4:
            ops.append(("set", rng.randrange(2, length), _line(rng) + f"  # {rng.choice(WORDS)}"))
        elif roll < 0.8 or length < 30:
            k = rng.randint(100, 9999)
            block = [f"def {rng.choice(WORDS)}_{k}(value):", *(_line(rng) for _ in range(rng.randint(1, 4))),
                     f"    return value + {rng.randint(1, 999)}", ""]
            ops.append(("insert", rng.randrange(2, length + 1), block))
            length += len(block)
        else:
            at, n = rng.randrange(2, length - 2), rng.randint(1, 4)
            ops.append(("delete", at, n))
            length -= min(n, length - at)
    if length > 500:  # keep files at a realistic size: a refactor moves a chunk out
        ops.append(("delete", 2, length - 350))
    return ops


def _apply(lines: list[str], ops: list[tuple[Any, ...]]) -> list[str]:
    out = list(lines)
    for op in ops:
        if op[0] == "set":
            out[min(op[1], len(out) - 1)] = op[2]
        elif op[0] == "insert":
            at = min(op[1], len(out))
            out[at:at] = op[2]
        else:
            at = min(op[1], max(2, len(out) - 1))
            del out[at:at + op[2]]
    return out


def _subject(rng: random.Random, kind: str, path: str) -> str:
    stem = Path(path).stem.removeprefix("test_").replace("_", " ")
    verb = rng.choice(("handle", "avoid", "retry", "cache", "drop", "check", "log", "speed up", "clean up",
                       "validate", "move", "rename"))
    words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))
    text = f"{verb} {words} in {stem}"
    return f"{kind}({path.split('/')[1]}): {text}" if kind else text[0].upper() + text[1:]


def _data(payload: str) -> bytes:
    raw = payload.encode()
    return b"data %d\n" % len(raw) + raw + b"\n"


def make_history(repo: Path, env: dict[str, str], commits: int = 20_000, nfiles: int = 400, reverts: int = 100,
                 seed: int = 1) -> dict[str, Any]:
    """Create ``repo`` (git init) with the whole history through one ``git fast-import`` process;
    returns what was planted (reverts and relands with their shas) and the last commit's time."""
    rng = random.Random(seed)
    repo.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True, env=env)
    stamps = sorted(rng.sample(range(START, START + DAYS * 86400), commits))
    files = _file_names(rng, nfiles)
    initial = files[: int(nfiles * 0.85)]  # the rest are added over the two years
    later_files = files[len(initial):]
    added_at = sorted(rng.sample(range(100, commits - 500), len(later_files)))
    weights = {p: 1.0 / (1 + i) ** 0.9 for i, p in enumerate(rng.sample(files, len(files)))}  # a few hot files
    by_folder: dict[str, list[str]] = {}
    slots = sorted(rng.sample(range(200, commits - 900), reverts))  # where reverts go (postponed if none fits)
    contents: dict[str, list[str]] = {}
    touched: dict[str, int] = {}
    history: dict[int, dict[str, Any]] = {}   # recent ordinary commits: files, before, ops, subject
    relands: dict[int, list[int]] = {}           # commit index -> planted reverts to reland there
    planted: list[dict[str, Any]] = []

    proc = subprocess.Popen(["git", "fast-import", "--quiet", "--done"], cwd=repo, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    stream, answers = proc.stdin, proc.stdout

    def sha(index: int) -> str:  # fast-import answers get-mark on its cat-blob fd (stdout)
        stream.write(f"get-mark :{index + 1}\n".encode())
        stream.flush()
        return answers.readline().decode().strip()

    def emit(index: int, message: str, changed: dict[str, list[str]]) -> None:
        stamp = f"{stamps[index]} +0000"
        out = [f"commit refs/heads/main\nmark :{index + 1}\nauthor {IDENT} {stamp}\ncommitter {IDENT} {stamp}\n"
               .encode(), _data(message)]
        for path, lines in changed.items():
            out.append(f"M 100644 inline {path}\n".encode() + _data("\n".join(lines) + "\n"))
        stream.write(b"".join(out) + b"\n")
        for path in changed:
            touched[path] = index

    for path in initial:
        contents[path] = _initial(rng, path)
        by_folder.setdefault(path.rsplit("/", 1)[0], []).append(path)
    emit(0, "Initial import\n", dict(contents))
    pending_reverts = 0
    next_slot, next_added = 0, 0
    for index in range(1, commits):
        while next_slot < len(slots) and slots[next_slot] <= index:
            pending_reverts += 1
            next_slot += 1
        if index in relands:  # one reland per commit; others wait for the next one
            first_due, *rest = relands.pop(index)
            if rest:
                relands.setdefault(index + 1, []).extend(rest)
            original = planted[first_due]
            new = {p: _apply(contents[p], original["_ops"][p]) for p in original["files"]}
            contents.update(new)
            emit(index, f'Reland "{original["subject"]}"\n\nThis is a reland of commit {original["original"]}.\n'
                 "\nThe failure that got it reverted is fixed.\n", new)
            original["reland"] = sha(index)
            original["reland_index"] = index
            continue
        if pending_reverts:
            eligible = [k for k in range(max(1, index - REVERT_WINDOW), index)
                        if k in history and all(touched[p] == k for p in history[k]["files"])]
            if eligible:
                target = rng.choice(eligible)
                original = history.pop(target)
                target_sha = sha(target)
                restored = {p: original["before"][p] for p in original["files"]}
                contents.update(restored)
                emit(index, f'Revert "{original["subject"]}"\n\nThis reverts commit {target_sha}.\n', restored)
                revert = {"original": target_sha, "original_index": target, "revert": sha(index),
                          "revert_index": index,
                        "subject": original["subject"], "files": list(original["files"]), "reland": None,
                        "_ops": original["ops"]}
                if len(planted) % 2 == 0:  # every other revert is relanded 1-30 days later
                    later = index + rng.randint(27, 800)  # inside the history: slots end 900 early
                    relands.setdefault(later, []).append(len(planted))
                planted.append(revert)
                pending_reverts -= 1
                continue
        if next_added < len(added_at) and added_at[next_added] <= index:
            path = later_files[next_added]
            next_added += 1
            contents[path] = _initial(rng, path)
            by_folder.setdefault(path.rsplit("/", 1)[0], []).append(path)
            emit(index, f"feat({path.split('/')[1]}): add {Path(path).stem.replace('_', ' ')}\n",
                 {path: contents[path]})
            continue
        kind = rng.choices([k for k, _ in KINDS], [w for _, w in KINDS])[0]
        live = list(contents)
        first = rng.choices(live, [weights[p] for p in live])[0]
        size = rng.choices(SIZES, SIZE_WEIGHTS)[0]
        near = by_folder[first.rsplit("/", 1)[0]]
        chosen = {first}
        while len(chosen) < size:  # mostly neighbours, sometimes a file elsewhere
            chosen.add(rng.choice(near) if rng.random() < 0.6 else rng.choices(live, [weights[p] for p in live])[0])
        paths = sorted(chosen)
        ops = {p: _edit_ops(rng, len(contents[p]), heavy=kind == "refactor") for p in paths}
        subject = _subject(rng, kind, first)
        body = "" if rng.random() < 0.6 else "\n\n" + " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 40)))
        before = {p: contents[p] for p in paths}
        for path in paths:
            contents[path] = _apply(contents[path], ops[path])
        emit(index, subject + body + "\n", {p: contents[p] for p in paths})
        history[index] = {"files": paths, "before": before, "ops": ops, "subject": subject}
        history.pop(index - REVERT_WINDOW, None)
    stream.write(b"done\n")
    stream.close()
    if proc.wait() != 0:
        raise RuntimeError("git fast-import failed")
    for entry in planted:
        entry.pop("_ops", None)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, env=env, capture_output=True, text=True,
                          check=True).stdout.strip()
    return {"commits": commits, "files": len(contents), "folders": len({p.rsplit("/", 1)[0] for p in contents}),
            "first": stamps[0], "last": stamps[-1], "head": head, "planted": planted}


def _iso(seconds: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def _stats(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"p50": round(statistics.median(ordered), 1),
            "p95": round(ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)], 1),  # nearest rank
            "max": round(ordered[-1], 1), "n": len(ordered)}


def audit_bench(root: Path, ken: str, env: dict[str, str], kenv: dict[str, str], commits: int, runs: int, seed: int,
                settle_s: float) -> dict[str, Any]:
    repo = root / "audit-history"
    started = time.perf_counter()
    truth = make_history(repo, env, commits=commits, seed=seed)
    generated = time.perf_counter() - started
    pack = sum(f.stat().st_size for f in (repo / ".git" / "objects").rglob("*") if f.is_file())
    planted = truth["planted"]
    relanded = {p["reland"] for p in planted if p["reland"]}
    print(f"  generated {commits:,} commits ({truth['files']} files, {len(planted)} reverts, "
          f"{len(relanded)} relands) in {generated:.1f} s; {pack / 2**20:.0f} MiB of objects", flush=True)
    now = _iso(int(truth["last"]) + 60)
    cmd = ["/usr/bin/time", "-f", "%M", ken, "audit", "--since", "2y", "--json", "--now", now]
    walls, cpus, rss, reports = [], [], [], []
    load_before = settle(settle_s)
    for _ in range(runs):
        done = run(cmd, repo, kenv, ok=(0,))
        walls.append(done.wall_ms / 1000)
        cpus.append(done.cpu_ms / 1000)
        rss.append(int(done.stderr.decode().strip().splitlines()[-1]))
        reports.append(json.loads(done.stdout))
        print(f"  ken audit: {walls[-1]:.1f} s wall, {cpus[-1]:.1f} s CPU, {rss[-1] / 1024:.0f} MiB", flush=True)
    report = reports[-1]
    items = report["items"]
    found = {i["reattempt"]["sha"] for i in items}
    # the gate lets a revert go once its file moves on (more than `revert_commits` = 2 later
    # commits on it): split recall by the commits each re-attempt's files saw since the revert
    split: dict[str, list[int]] = {"at most 2": [0, 0], "3 or more": [0, 0]}
    for item in items:
        later = min(int(_git(repo, "rev-list", "--count", f"{item['revert']['sha']}..{item['reattempt']['sha']}^",
                             "--", path)) for path in item["files"]) if item["files"] else 0
        item["later_commits"] = later
        bucket = split["at most 2" if later <= 2 else "3 or more"]
        bucket[0] += 1
        bucket[1] += bool(item["verdict"]["warned"])
    return {
        "commits": commits, "files": truth["files"], "folders": truth["folders"], "seed": seed,
        "span": f"{_iso(truth['first'])[:10]} .. {_iso(truth['last'])[:10]}",
        "head": truth["head"], "objects_mib": round(pack / 2**20, 1), "generate_s": round(generated, 1),
        "command": " ".join(cmd[3:]), "runs": runs,
        "wall_s": {"median": round(statistics.median(walls), 2), "max": round(max(walls), 2),
                   "all": [round(w, 2) for w in walls]},
        "cpu_s": {"median": round(statistics.median(cpus), 2), "max": round(max(cpus), 2)},
        "peak_rss_mib": round(max(rss) / 1024, 1), "load_before": load_before, "load_after": load(),
        "audit_internal_s": report.get("seconds"), "commits_read": report.get("commits_read"),
        "unreadable_commits": report.get("unreadable_commits"),
        "planted": {"reverts": len(planted), "relands": len(relanded)},
        "reverts_counted": report.get("reverts"),
        "reattempts": report.get("reattempts"),
        "relands_found": len(found & relanded), "found_not_planted": len(found - relanded),
        "recall_by_later_commits": {k: {"reattempts": n, "warned": w, "recall": round(w / n, 3) if n else None}
                                    for k, (n, w) in split.items()},
        "not_warned": [{"subject": i["reattempt"]["subject"], "later_commits": i["later_commits"],
                        "days_after_revert": i["days_after_revert"]} for i in items if not i["verdict"]["warned"]],
        "controls": report.get("controls"), "check_ms": report.get("check_ms"),
        "noisy_controls": report.get("noisy_controls", [])[:5], "goals": report.get("goals"),
    }


def audit_tables(row: dict[str, Any]) -> str:
    wall = row["wall_s"]
    ra = row["reattempts"] or {}
    co = row["controls"] or {}
    goals = row.get("goals") or {}
    cpu = row.get("cpu_s") or {}
    speed = ["| commits | files (folders) | reverts planted (relanded) | generate s | `ken audit` wall median / max s "
             "| CPU median / max s | peak RSS MiB | audit's own s | commits read | load avg before / after |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
             f"| {row['commits']:,} | {row['files']} ({row['folders']}) | {row['planted']['reverts']} "
             f"({row['planted']['relands']}) | {row['generate_s']} | {wall['median']} / {wall['max']} | "
             f"{cpu.get('median')} / {cpu.get('max')} | {row['peak_rss_mib']} | {row['audit_internal_s']} | "
             f"{row['commits_read']:,} | {row.get('load_before')} / {row.get('load_after')} |"]
    figures = ["| reverts counted | re-attempts found (message / subject-diff) | planted relands found | "
               "found, not planted | recall (goal) | attribution (goal) | controls | revert noise (goal) | "
               "any-warning share | check ms median (p95) |",
               "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
               f"| {row['reverts_counted']} | {ra.get('found')} ({ra.get('by_message')} / "
               f"{ra.get('found', 0) - ra.get('by_message', 0)}) | {row['relands_found']} of "
               f"{row['planted']['relands']} | {row['found_not_planted']} | {ra.get('recall')} "
               f"({goals.get('recall')}) | {ra.get('attribution')} ({goals.get('attribution')}) | "
               f"{co.get('replayed')} | "
               f"{co.get('noise')} ({goals.get('noise')}) | {co.get('any_noise')} | "
               f"{(row['check_ms'] or {}).get('median')} ({(row['check_ms'] or {}).get('p95')}) |"]
    split = row.get("recall_by_later_commits") or {}
    moved = ", ".join(f"{v['warned']} of {v['reattempts']} warned when the files saw {k} commits between "
                      f"revert and re-attempt" for k, v in split.items())
    return "\n".join(speed) + "\n\n" + "\n".join(figures) + (f"\n\nRecall by how far the files moved on: {moved}."
                                                             if moved else "")


# -- precheck on real histories -------------------------------------------------------------------

def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, check=True).stdout


def clone(name: str, root: Path) -> Path:
    """A throw-away working clone sharing the mirror's objects; files whose blobs the mirror
    lacks (a few large ones in dawn and protobuf) are left out of the checkout."""
    target = root / f"bench-{name}"
    subprocess.run(["git", "clone", "-q", "--no-checkout", "--shared", str(MIRROR / name / "repo"), str(target)],
                   check=True, capture_output=True)
    subprocess.run(["git", "checkout", "-q", "HEAD"], cwd=target, capture_output=True)  # missing blobs: skipped
    return target


def pick_files(repo: Path, clock: int, per_group: int, seed: int) -> tuple[list[str], list[str]]:
    """The ``per_group`` files most changed in the year before ``clock`` that exist at HEAD, and
    ``per_group`` others drawn with ``seed``."""
    present = set(_git(repo, "ls-tree", "-r", "--name-only", "-z", "HEAD").split("\0")) - {""}
    counts: dict[str, int] = {}
    for line in _git(repo, "log", "--format=", "--name-only", f"--since=@{clock - 365 * 86400}",
                     f"--until=@{clock}", "HEAD").splitlines():
        if line in present:
            counts[line] = counts.get(line, 0) + 1
    hot = sorted(counts, key=lambda p: (-counts[p], p))[:per_group]
    others = random.Random(f"{seed}:{repo.name}").sample(sorted(present - set(hot)), per_group)
    return hot, others


class Run:
    """One whole process: wall ms, CPU ms (user + system, its waited-for children such as git
    included: less sensitive than wall time to other load on the machine), exit code, output."""

    __slots__ = ("wall_ms", "cpu_ms", "rss_kb", "code", "stdout", "stderr")

    def __init__(self, wall_ms: float, cpu_ms: float, rss_kb: int, code: int, stdout: bytes, stderr: bytes) -> None:
        self.wall_ms, self.cpu_ms, self.rss_kb, self.code = wall_ms, cpu_ms, rss_kb, code
        self.stdout, self.stderr = stdout, stderr


def run(cmd: list[str], cwd: Path, env: dict[str, str], ok: tuple[int, ...] = (0, 1)) -> Run:
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        begin = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = (time.perf_counter() - begin) * 1000
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        result = Run(wall, (usage.ru_utime + usage.ru_stime) * 1000, usage.ru_maxrss, proc.returncode,
                     out.read(), err.read())
    if result.code not in ok:
        raise RuntimeError(f"{' '.join(cmd)} failed ({result.code}): {result.stderr.decode()[-400:]}")
    return result


def load() -> float:
    return round(os.getloadavg()[0], 2)


def settle(limit_s: float, below: float = 0.7) -> float:
    """Wait (up to ``limit_s``) for the 1-minute load average to drop below ``below``: other work
    on this 2-core machine inflates wall times. Returns the load average when measuring starts."""
    deadline = time.monotonic() + limit_s
    while load() >= below and time.monotonic() < deadline:
        time.sleep(5)
    return load()


def git_cost(repo: Path, path: str, clock: int, days: int = 30) -> dict[str, Any]:
    """What a cold check's git read costs for ``path``, approximately: the commits in the gate's
    window (``[gate] window_days``, 30) and the time of one ``git log`` over them with line
    counts (``-M --numstat``, as precheck reads them) and without (no blob is diffed)."""
    since = f"--since=@{clock - days * 86400}"

    def timed(*args: str) -> tuple[float, str]:
        begin = time.perf_counter()
        out = _git(repo, "log", *args, since, "HEAD", "--", path)
        return round((time.perf_counter() - begin) * 1000, 1), out

    counted, _ = timed("-M", "--numstat", "--format=%H")
    bare, listed = timed("--format=%H")
    size = (repo / path).stat().st_size if (repo / path).is_file() else None
    return {"window_commits": len(listed.split()), "bytes": size, "git_numstat_ms": counted, "git_bare_ms": bare}


def precheck_bench(root: Path, repos: list[str], ken: str, pjm: str | None, env: dict[str, str],
                   kenv_base: dict[str, str], per_group: int, seed: int, real_clock: bool,
                   settle_s: float) -> list[dict[str, Any]]:
    rows = []
    for name in repos:
        if not (MIRROR / name / "repo").exists():
            print(f"  {name}: no mirror at {MIRROR / name / 'repo'}; skipped", flush=True)
            continue
        begin = time.perf_counter()
        repo = clone(name, root)
        cloned = time.perf_counter() - begin
        head_time = int(_git(repo, "log", "-1", "--format=%ct", "HEAD"))
        clock = int(time.time()) if real_clock else head_time + 3600
        kenv = dict(kenv_base, KEN_HOME=str(root / f"ken-home-{name}"))
        if not real_clock:
            kenv["KEN_NOW"] = _iso(clock)
        hot, others = pick_files(repo, clock, per_group, seed)
        init = run([ken, "init", "--no-hooks"], repo, kenv, ok=(0,))
        init_s = init.wall_ms / 1000
        derived = re.search(rb"\+(\d+)\s+events? derived", init.stdout)  # kept in the index, not the log
        events = int(derived.group(1)) if derived else 0
        row: dict[str, Any] = {
            "repository": name, "commits": int(_git(repo, "rev-list", "--count", "HEAD")),
            "files_at_head": len(_git(repo, "ls-tree", "-r", "--name-only", "-z", "HEAD").split("\0")) - 1,
            "head_date": _iso(head_time), "clock": _iso(clock), "clone_s": round(cloned, 1),
            "ken_init_s": round(init_s, 2), "ken_events_derived_by_init": events, "hot_files": hot,
            "other_files": others}
        print(f"  {name}: cloned in {cloned:.1f} s; ken init {init_s:.2f} s ({events} events derived)", flush=True)
        penv = None
        if pjm:
            penv = pjm_env(env, root / f"pjm-home-{name}")
            flags = [f for f in INIT_FLAGS if f != "--no-backfill"]  # its own backfill: the last 20 commits
            done = run([pjm, "init", *flags], repo, penv, ok=tuple(range(256)))
            row["pjm_init_s"] = round(done.wall_ms / 1000, 2)
            if done.code != 0:
                row["pjm_error"] = done.stderr.decode()[-300:]
                penv = None
        keys = ("ken_cold", "ken_warm", "pjm_cold", "pjm_warm")
        samples: dict[str, list[float]] = {k: [] for k in keys}
        cpu: dict[str, list[float]] = {k: [] for k in keys}
        per_file = []
        row["load_before"] = settle(settle_s)
        for group, paths in (("hot", hot), ("other", others)):
            for path in paths:
                entry: dict[str, Any] = {"path": path, "group": group}
                runs = {"ken_cold": run([ken, "precheck", path, "--json"], repo, kenv),
                        "ken_warm": run([ken, "precheck", path, "--json"], repo, kenv)}
                if pjm and penv is not None:
                    runs["pjm_cold"] = run([pjm, "precheck", path], repo, penv)
                    runs["pjm_warm"] = run([pjm, "precheck", path], repo, penv)
                for key, done in runs.items():
                    samples[key].append(done.wall_ms)
                    cpu[key].append(done.cpu_ms)
                    entry[key] = round(done.wall_ms, 1)
                    entry[key + "_cpu"] = round(done.cpu_ms, 1)
                entry["severity"] = json.loads(runs["ken_cold"].stdout).get("severity")
                per_file.append(entry)
        row["load_after"] = load()
        for key in keys:
            if samples[key]:
                row[key] = _stats(samples[key])
                row[key + "_cpu"] = _stats(cpu[key])
        row["severities"] = {s: sum(1 for e in per_file if e["severity"] == s)
                             for s in sorted({str(e["severity"]) for e in per_file})}
        for group in ("hot", "other"):
            row[f"ken_cold_{group}"] = _stats([e["ken_cold"] for e in per_file if e["group"] == group])
        row["slowest_ken_cold"] = [dict({k: e[k] for k in ("path", "group", "ken_cold", "ken_cold_cpu", "ken_warm")},
                                        **git_cost(repo, e["path"], clock))
                                   for e in sorted(per_file, key=lambda e: -e["ken_cold"])[:3]]
        row["per_file"] = per_file
        rows.append(row)
        cold, warm = row["ken_cold"], row["ken_warm"]
        print(f"  {name}: ken precheck cold p50 {cold['p50']} p95 {cold['p95']} ms; "
              f"warm p50 {warm['p50']} p95 {warm['p95']} ms"
              + (f"; pjm cold p95 {row['pjm_cold']['p95']} ms" if "pjm_cold" in row else ""), flush=True)
    return rows


def _kib(size: int | None) -> str:
    return "no file" if size is None else f"{size / 1024:,.0f} KiB"


def precheck_table(rows: list[dict[str, Any]]) -> str:
    def cell(row: dict[str, Any], key: str, keys: tuple[str, ...] = ("p50", "p95", "max")) -> str:
        value = row.get(key)
        return " / ".join(str(value[k]) for k in keys) if isinstance(value, dict) else "–"

    two = ("p50", "p95")
    wall = ["| repository | commits | files at HEAD | ken init s | ken cold p50 / p95 / max ms | ken warm p50 / p95 / "
            "max ms | pjm init s | pjm cold p50 / p95 / max ms | pjm warm p50 / p95 / max ms |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    more = ["| repository | ken cold CPU p50 / p95 ms | ken warm CPU p50 / p95 ms | ken cold, hot files p50 / p95 ms | "
            "ken cold, other files p50 / p95 ms | slowest ken cold (its git read, timed apart) | ken verdicts | "
            "load avg before / after |",
            "|---|---:|---:|---:|---:|---|---|---:|"]
    for row in rows:
        wall.append(f"| {row['repository']} | {row['commits']:,} | {row['files_at_head']:,} | "
                    f"{row['ken_init_s']:.2f} | "
                    f"{cell(row, 'ken_cold')} | {cell(row, 'ken_warm')} | {row.get('pjm_init_s', '–')} | "
                    f"{cell(row, 'pjm_cold')} | {cell(row, 'pjm_warm')} |")
        slow = row["slowest_ken_cold"][0]
        verdicts = ", ".join(f"{k} {v}" for k, v in row.get("severities", {}).items())
        more.append(f"| {row['repository']} | {cell(row, 'ken_cold_cpu', two)} | {cell(row, 'ken_warm_cpu', two)} | "
                    f"{cell(row, 'ken_cold_hot', two)} | {cell(row, 'ken_cold_other', two)} | "
                    f"`{slow['path']}` {slow['ken_cold']} ms ({_kib(slow.get('bytes'))}, "
                    f"{slow.get('window_commits')} commits in 30 days: git log --numstat "
                    f"{slow.get('git_numstat_ms')} ms, without {slow.get('git_bare_ms')} ms) | {verdicts} | "
                    f"{row.get('load_before')} / {row.get('load_after')} |")
    lines = wall + [""] + more
    every = {k: [e[k] for r in rows for e in r["per_file"] if k in e]
             for k in ("ken_cold", "ken_warm", "pjm_cold", "pjm_warm")}
    if every["ken_cold"]:
        cold, warm = _stats(every["ken_cold"]), _stats(every["ken_warm"])
        text = (f"\nAll {len(every['ken_cold'])} files: ken precheck cold p50 {cold['p50']} / p95 {cold['p95']} ms, "
                f"warm p50 {warm['p50']} / p95 {warm['p95']} ms (goal: p95 at most 150 ms)")
        if every["pjm_cold"]:
            pcold = _stats(every["pjm_cold"])
            text += f"; pjm precheck cold p50 {pcold['p50']} / p95 {pcold['p95']} ms"
        per_repo = len(rows[0]["per_file"])
        lines.append(text + f". p95 is the nearest rank (the {math.ceil(0.95 * per_repo)}th of {per_repo} per "
                     "repository).")
    return "\n".join(lines)


# -- the command line ----------------------------------------------------------------------------

def snapshot(root: Path, revision: str | None) -> tuple[dict[str, str], str]:
    """A copy of the kenning source to measure: the working tree's (uncommitted edits included)
    or, with ``revision``, that commit's. Commits landing in the checkout during a run of
    several minutes then do not mix versions. Returns the environment additions that make
    ``ken`` import the copy, and a description of it."""
    import kenning

    source = Path(kenning.__file__).parent
    target = root / "snapshot"
    target.mkdir()
    if revision is None:
        shutil.copytree(source, target / "kenning", ignore=shutil.ignore_patterns("__pycache__"))
        head = _git(source, "rev-parse", "--short", "HEAD").strip()
        dirty = bool(_git(source, "status", "--porcelain", "--", ".").strip())
        return {"PYTHONPATH": str(target)}, f"{head}{' + uncommitted edits' if dirty else ''} (working tree)"
    sha = _git(source, "rev-parse", "--short", f"{revision}^{{commit}}").strip()
    top = _git(source, "rev-parse", "--show-toplevel").strip()
    prefix = source.relative_to(top).as_posix()
    archive = subprocess.run(["git", "archive", sha, prefix], cwd=top, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return {"PYTHONPATH": str(target / Path(prefix).parent)}, f"{sha} (commit)"


def warm_up(root: Path, ken: str, kenv: dict[str, str]) -> None:
    """One of each measured command in a scratch repository, so the standard library's bytecode
    is in the prefix too before anything is timed."""
    scratch = root / "warm-up"
    scratch.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=scratch, check=True, env=kenv)
    (scratch / "README.md").write_text("warm-up\n")
    subprocess.run(["git", "add", "-A"], cwd=scratch, check=True, env=kenv)
    subprocess.run(["git", "commit", "-q", "-m", "init"], cwd=scratch, check=True, env=kenv)
    home = dict(kenv, KEN_HOME=str(root / "warm-up-home"))
    for cmd in (["init", "--no-hooks"], ["precheck", "README.md", "--json"], ["audit", "--json"]):
        run([ken, *cmd], scratch, home)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=("audit", "precheck"))
    parser.add_argument("--commits", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=3, help="ken audit runs (default 3)")
    parser.add_argument("--repos", default=",".join(REPOS))
    parser.add_argument("--per-group", type=int, default=20, help="hot and other files per repository")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ken", default=shutil.which("ken") or str(Path(sys.executable).with_name("ken")))
    parser.add_argument("--pjm", default=None, help="the reference tool (default: on PATH or /tmp/pjmvenv)")
    parser.add_argument("--real-clock", action="store_true", help="precheck: ken on the system clock")
    parser.add_argument("--settle", type=float, default=180,
                        help="wait up to this many seconds for the load average to drop below 0.7 before each "
                             "measured part (default 180)")
    parser.add_argument("--source", default="worktree", metavar="worktree|REV|live",
                        help="the kenning measured: a copy of the working tree's source taken first (default), "
                             "of a commit's, or the installed one as it changes")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args()
    pjm = args.pjm or find_pjm()
    pjm_note = None
    if not pjm:
        pjm_note = "pjm not installed (python -m venv /tmp/pjmvenv && /tmp/pjmvenv/bin/pip install projectmem==0.3.4)"
    elif not pjm_available(pjm):
        pjm_note, pjm = f"{pjm} does not run", None
    root = Path(tempfile.mkdtemp(prefix="ken-audit-bench-"))
    env = bench_env(root / "home")
    # bytecode as an install has it, in a prefix of our own: nothing written under src/, and no
    # cleaning of __pycache__ by other work on the checkout can put compiles into the timings
    kenv = dict(env, PYTHONPYCACHEPREFIX=str(root / "pycache"))
    measured = "the installed kenning, live"
    if args.source != "live":
        extra, measured = snapshot(root, None if args.source == "worktree" else args.source)
        kenv.update(extra)
    subprocess.run([sys.executable, "-c", "import compileall, kenning, pathlib; "
                    "compileall.compile_dir(pathlib.Path(kenning.__file__).parent, quiet=1)"], env=kenv, check=True)
    ken = args.ken
    probe = subprocess.run([ken, "precheck", "--help"], capture_output=True, text=True, env=kenv)
    if probe.returncode != 0:
        raise SystemExit(f"`{ken} precheck --help` fails: {probe.stderr.strip()}")
    warm_up(root, ken, kenv)
    results: dict[str, Any] = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores", "python": platform.python_version(),
        "git": _git(Path.cwd(), "--version").strip(),
        "pjm": (pjm_version(pjm) if pjm else None) or pjm_note}
    sections = []
    try:
        print(f"kenning audit/precheck benchmarks on {results['machine']}, Python {results['python']}, "
              f"{results['git']}; reference tool: {pjm or pjm_note}", flush=True)
        print(f"  measuring {measured}", flush=True)
        if args.only in (None, "audit"):
            row = audit_bench(root, ken, env, kenv, args.commits, args.runs, args.seed, args.settle)
            results["audit"] = dict(row, kenning=measured)
        if args.only in (None, "precheck"):
            rows = precheck_bench(root, [r for r in args.repos.split(",") if r], ken, pjm, env, kenv,
                                  args.per_group, args.seed, args.real_clock, args.settle)
            results["precheck"] = rows
            results["precheck_clock"] = "system clock" if args.real_clock else "KEN_NOW = last commit + 1 h"
            results["precheck_kenning"] = measured
        previous = json.loads((RESULTS / "audit.json").read_text()) if (RESULTS / "audit.json").exists() else {}
        for part in ("audit", "precheck"):
            if part not in results and part in previous:
                results[part] = previous[part]
                if part == "precheck":
                    results["precheck_clock"] = previous.get("precheck_clock")
                    results["precheck_kenning"] = previous.get("precheck_kenning")
        if "audit" in results:
            sections.append(f"## `ken audit` on a generated history (whole process, {results['audit']['runs']} runs; "
                            f"kenning {results['audit'].get('kenning')})\n\n" + audit_tables(results["audit"]))
        if "precheck" in results:
            sections.append("## `ken precheck FILE --json` on real histories (whole process; 20 hot + 20 other "
                            f"files each; ken clock: {results['precheck_clock']}; kenning "
                            f"{results.get('precheck_kenning')})\n\n"
                            + precheck_table(results["precheck"]))
        text = "\n\n".join(sections)
        text += f"\n\n{results['machine']}, Python {results['python']}, {results['git']}; pjm: {results['pjm']}."
        print("\n" + text)
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "audit.md").write_text(text + "\n")
        (RESULTS / "audit.json").write_text(json.dumps(results, indent=2) + "\n")
    finally:
        if args.keep:
            print(f"kept {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
