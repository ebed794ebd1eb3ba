"""Benchmarks of memory shapes: whole-process timings of `ken` on logs that are not today's average.

    python bench/shapes.py [--events 100000] [--runs 7] [--only SHAPE,...] [--no-pjm] [--snapshot REV]
                           [--mcp-calls 20] [--rebuild-sizes 10000,100000] [--timeout 600] [--ken PATH] [--pjm PATH]
    python bench/shapes.py --render     # rewrite shapes.md from shapes.json

Each shape of `bench/shapes_gen.py` (default, decisions, chain, one-file, wide-paths, many-files,
open-issues, snoozes) is `--events` events in its own temporary git repository holding every file
the events cite: a dated history of 300 commits from `bench/repo.py` (reverts included), or for
many-files one commit of all 50,000 files. There `ken init --no-hooks --no-register` runs (with
`KEN_HOME` in a temporary folder), the generated lines are appended to `.kenning/events.jsonl`, and
with `.kenning/cache` deleted the first `ken regenerate` is timed: the index rebuild. Then, each a
whole process, median (p90) over `--runs` runs (3 when the first run takes over 2 s):

- `ken precheck` on the hot file, on a typical file and on 20 cited files (target: <= 100 ms);
- `ken context --at HOT` and `ken brief` (target: <= 300 ms), `ken summary`;
- the MCP `precheck_file` on the hot file, warm: `ken mcp --root REPO` started as a real stdio
  server, driven by the `mcp` SDK client; one call to warm it, then `--mcp-calls` calls timed
  client side around `call_tool` (target: <= 20 ms);
- `ken note 'bench note' --at HOT`, a write (target: <= 150 ms), last, since it adds events;
- `pjm precheck HOT` (projectmem 0.3.4, `bench/pjm.py`; its `files` fed from kenning's `paths`;
  it has no snooze) in the same repository: at most 3 runs, skipped when one takes over 30 s.

The rebuild section times `rm -rf .kenning/cache && ken summary` (the rm inside the timing) on
`generate.py`'s default shape at each of `--rebuild-sizes` events, median of 3.

Results are printed and written to `bench/results/shapes.{md,json}` (after each shape, so a long
run can be read as it goes); with `--only`, the other shapes' previous figures (at the same
`--events`) are kept. `--snapshot HEAD` benchmarks src/ as committed (extracted with `git archive`,
first on `PYTHONPATH`), so edits of the working tree during a run cannot leak into some shapes;
without it, a shape during which src/ changed says so in the tables.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from generate import generate  # noqa: E402
from pjm import find_pjm, make_pjm_repo, pjm_available, pjm_env, pjm_version, to_pjm  # noqa: E402
from repo import make_git_history  # noqa: E402
from run import END_US, bench_env, git_repo  # noqa: E402
from shapes_gen import SHAPES, Shape, title  # noqa: E402

HERE = Path(__file__).parent
RESULTS = HERE / "results"
SLOW_MS = 2000  # a first run slower than this: 3 runs, not --runs
PJM_LIMIT_S = 30  # one pjm call slower than this: pjm skipped for the shape
PJM_RUNS = 3
REBUILD_RUNS = 3

# the figures, in table order, and their targets (ms, whole process unless noted; None: no target)
GATE = {"ken precheck hot file": 100, "ken precheck typical file": 100, "ken precheck 20 files": 100,
        "mcp precheck_file warm": 20}
VIEWS = {"ken context --at hot file": 300, "ken brief": 300, "ken summary": None, "ken note --at hot file": 150}
TARGETS = {**GATE, **VIEWS}


# -- timing -----------------------------------------------------------------------------------------

def _stats(samples: list[float]) -> dict[str, float]:
    samples = sorted(samples)
    p90 = statistics.quantiles(samples, n=10, method="inclusive")[8] if len(samples) > 1 else samples[0]
    return {"median_ms": round(statistics.median(samples), 1), "p90_ms": round(p90, 1),
            "min_ms": round(samples[0], 1), "runs": len(samples)}


def timed(cmd: list[str], cwd: Path, env: dict[str, str], runs: int, timeout: float,
          before: Path | None = None) -> dict[str, float]:
    """Wall time of whole processes; 3 runs when the first is slow; ``before``: a folder removed
    inside each timing (the index cache, for the rebuild)."""
    samples: list[float] = []
    while len(samples) < runs:
        start = time.perf_counter()
        if before is not None:
            shutil.rmtree(before, ignore_errors=True)
        try:
            result = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, timeout=timeout,
                                    stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return {"timeout_s": timeout, **(_stats(samples) if samples else {})}
        samples.append((time.perf_counter() - start) * 1000)
        if result.returncode not in (0, 1):
            raise SystemExit(f"{' '.join(cmd)} failed ({result.returncode}): {result.stderr.decode()[-600:]}")
        if len(samples) == 1 and samples[0] > SLOW_MS:
            runs = min(runs, 3)
    return _stats(samples)


async def _mcp_calls(ken: str, repo: Path, env: dict[str, str], path: str, calls: int,
                     errlog: Path) -> dict[str, float]:
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    params = StdioServerParameters(command=ken, args=["mcp", "--root", str(repo)], env=env, cwd=str(repo))
    with open(errlog, "a", encoding="utf-8") as err:
        async with stdio_client(params, errlog=err) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            start = time.perf_counter()
            first = await session.call_tool("precheck_file", {"file_path": path})
            first_ms = (time.perf_counter() - start) * 1000
            if first.is_error:
                raise SystemExit(f"precheck_file failed: {first.content}")
            samples = []
            for _ in range(calls):
                start = time.perf_counter()
                result = await session.call_tool("precheck_file", {"file_path": path})
                samples.append((time.perf_counter() - start) * 1000)
                if result.is_error:
                    raise SystemExit(f"precheck_file failed: {result.content}")
    return {**_stats(samples), "first_call_ms": round(first_ms, 1)}


def mcp_warm(ken: str, repo: Path, env: dict[str, str], path: str, calls: int, errlog: Path,
             timeout: float) -> dict[str, float]:
    try:
        return asyncio.run(asyncio.wait_for(_mcp_calls(ken, repo, env, path, calls, errlog), timeout * 2))
    except (asyncio.TimeoutError, TimeoutError):
        return {"timeout_s": timeout * 2}


# -- repositories -----------------------------------------------------------------------------------

def flat_repo(path: Path, files: list[str], env: dict[str, str]) -> Path:
    """A git repository with one commit holding ``files`` (all one small blob), checked out."""
    path.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=path, check=True, env=env)
    branch = subprocess.run(["git", "symbolic-ref", "HEAD"], cwd=path, env=env, check=True, capture_output=True,
                            text=True).stdout.strip()
    ident = f"{env['GIT_AUTHOR_NAME']} <{env['GIT_AUTHOR_EMAIL']}> {int(time.time()) - 100 * 86400} +0000"
    blob = b"def main(value):\n    return value\n"
    message = b"Initial import\n"
    stream = [b"blob\nmark :1\ndata %d\n" % len(blob) + blob + b"\n",
              f"commit {branch}\nmark :2\nauthor {ident}\ncommitter {ident}\n".encode(),
              b"data %d\n" % len(message) + message]
    stream += [f"M 100644 :1 {p}\n".encode() for p in files]
    subprocess.run(["git", "fast-import", "--quiet", "--done"], cwd=path, env=env, check=True,
                   input=b"".join(stream) + b"\ndone\n", capture_output=True)
    subprocess.run(["git", "reset", "-q", "--hard", branch], cwd=path, env=env, check=True)
    return path


def shape_repo(root: Path, shape: Shape, env: dict[str, str], histories: dict[tuple[str, ...], Path]) -> Path:
    path = root / shape.name
    if shape.flat_repo:
        return flat_repo(path, shape.files, env)
    key = tuple(shape.files)
    if key not in histories:  # shapes over the same files share one history (copied)
        history = root / f"history-{len(histories)}"
        history.mkdir()
        make_git_history(history, shape.files, 300, env)
        histories[key] = history
    return git_repo(path, env, histories[key])


def ken_log(repo: Path, lines: list[str], ken: str, env: dict[str, str]) -> None:
    subprocess.run([ken, "init", "--no-hooks", "--no-register"], cwd=repo, check=True, env=env, capture_output=True)
    with open(repo / ".kenning" / "events.jsonl", "a", encoding="utf-8") as log:
        log.write("\n".join(lines) + "\n")


def pjm_log(repo: Path, lines: list[str], pjm: str, env: dict[str, str]) -> None:
    """pjm set up in ``repo`` with the same events; kenning's ``paths`` become pjm's ``files``."""
    make_pjm_repo(repo, [], pjm, env)
    out = []
    for line in lines:
        event = json.loads(line)
        translated = to_pjm(event)
        if translated is None:
            continue
        if event.get("paths"):
            translated["files"] = event["paths"]
        out.append(json.dumps(translated, sort_keys=True))
    (repo / ".projectmem" / "events.jsonl").write_text("".join(line + "\n" for line in out), encoding="utf-8")


def pjm_precheck(pjm: str, repo: Path, env: dict[str, str], path: str) -> dict[str, object]:
    """``pjm precheck PATH``: at most ``PJM_RUNS`` runs, skipped when one takes over ``PJM_LIMIT_S``."""
    samples: list[float] = []
    for _ in range(PJM_RUNS):
        start = time.perf_counter()
        try:
            result = subprocess.run([pjm, "precheck", path], cwd=repo, env=env, capture_output=True,
                                    timeout=PJM_LIMIT_S, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return {"skipped": f"a call over {PJM_LIMIT_S} s"}
        samples.append((time.perf_counter() - start) * 1000)
        if result.returncode not in (0, 1):
            return {"skipped": f"exit {result.returncode}: {result.stderr.decode(errors='replace')[-200:]}"}
    return _stats(samples)


# -- one shape --------------------------------------------------------------------------------------

def bench_shape(root: Path, name: str, n: int, ken: str, pjm: str | None, env: dict[str, str], runs: int,
                mcp_calls: int, timeout: float, histories: dict[tuple[str, ...], Path]) -> dict[str, object]:
    def say(text: str) -> None:
        print(f"  [{name}] {text}", flush=True)

    version = _kenning_version()  # src/ may be edited while the benchmark runs: say which one ran
    start = time.perf_counter()
    shape = SHAPES[name](n, END_US)
    row: dict[str, object] = {"title": title(name, n), "kenning": version,
                              "generate_s": round(time.perf_counter() - start, 1),
                              "hot file": shape.hot, "typical file": shape.typical, "stats": shape.stats}
    say(f"{len(shape.lines):,} events generated in {row['generate_s']} s; hot {shape.hot} "
        f"({shape.stats['hot file events']:,} events)")
    start = time.perf_counter()
    repo = shape_repo(root, shape, env, histories)
    ken_log(repo, shape.lines, ken, env)
    row["repo_s"] = round(time.perf_counter() - start, 1)
    row.update(cold_start(ken, repo, env, shape, timeout))
    say(f"after a clone: first precheck of the hot file {row['first precheck s']} s, of 20 files "
        f"{row['first precheck 20 files s']} s; background index build {row['background build s']} s")
    shutil.rmtree(repo / ".kenning" / "cache", ignore_errors=True)
    start = time.perf_counter()
    subprocess.run([ken, "regenerate"], cwd=repo, check=True, env=env, capture_output=True, timeout=timeout * 4)
    row["index rebuild s"] = round(time.perf_counter() - start, 2)
    say(f"repository in {row['repo_s']} s ({len(shape.files):,} files); index rebuilt in {row['index rebuild s']} s")

    row["load average"] = [round(x, 2) for x in os.getloadavg()]  # other work on the machine skews the figures
    row["ken precheck hot file"] = timed([ken, "precheck", shape.hot], repo, env, runs, timeout)
    row["ken precheck typical file"] = timed([ken, "precheck", shape.typical], repo, env, runs, timeout)
    row["ken precheck 20 files"] = timed([ken, "precheck", *shape.twenty], repo, env, runs, timeout)
    row["ken context --at hot file"] = timed([ken, "context", "--at", shape.hot], repo, env, runs, timeout)
    row["ken brief"] = timed([ken, "brief"], repo, env, runs, timeout)
    row["ken summary"] = timed([ken, "summary"], repo, env, runs, timeout)
    row["mcp precheck_file warm"] = mcp_warm(ken, repo, env, shape.hot, mcp_calls, root / "mcp-stderr.log", timeout)
    row["ken note --at hot file"] = timed([ken, "note", "bench note", "--at", shape.hot], repo, env, runs, timeout)
    say("ken: " + ", ".join(f"{k.removeprefix('ken ')} {_cell(row[k])}" for k in TARGETS))
    if pjm:
        penv = pjm_env({k: v for k, v in env.items() if k != "PYTHONPATH"}, root / f"pjm-home-{name}")
        pjm_log(repo, shape.lines, pjm, penv)
        row["pjm precheck hot file"] = pjm_precheck(pjm, repo, penv, shape.hot)
        say(f"pjm precheck hot file: {_cell(row['pjm precheck hot file'])}")
    shutil.rmtree(repo, ignore_errors=True)
    if _kenning_version() != version:
        row["kenning"] = f"{version}, then {_kenning_version()} (src/ changed during the shape)"
        say(f"src/ changed during the shape: {row['kenning']}")
    return row


def cold_start(ken: str, repo: Path, env: dict[str, str], shape: Shape, timeout: float) -> dict[str, object]:
    """The first commands after a clone (no index): a precheck of the hot file, and of 20 files
    while the index that first precheck started building in the background is still missing;
    then how long until that background build is done (one run each)."""
    index = repo / ".kenning" / "cache" / "index.sqlite"
    shutil.rmtree(index.parent, ignore_errors=True)
    found: dict[str, object] = {}
    start = time.perf_counter()
    subprocess.run([ken, "precheck", shape.hot], cwd=repo, env=env, capture_output=True, timeout=timeout)
    found["first precheck s"] = round(time.perf_counter() - start, 2)
    begun = time.perf_counter()
    subprocess.run([ken, "precheck", *shape.twenty], cwd=repo, env=env, capture_output=True, timeout=timeout)
    found["first precheck 20 files s"] = round(time.perf_counter() - begun, 2)
    while not _index_built(index):
        if time.perf_counter() - start > timeout:
            break
        time.sleep(0.1)
    found["background build s"] = round(time.perf_counter() - start, 1) if _index_built(index) else None
    return found


def _index_built(index: Path) -> bool:
    try:
        with sqlite3.connect(f"file:{index}?mode=ro", uri=True, timeout=0.05) as db:
            return db.execute("SELECT 1 FROM meta WHERE key='log'").fetchone() is not None
    except sqlite3.Error:  # missing, or being written
        return False


def rebuild_bench(root: Path, sizes: list[int], ken: str, env: dict[str, str],
                  timeout: float) -> list[dict[str, object]]:
    rows = []
    for size in sizes:
        repo = git_repo(root / f"rebuild-{size}", env)
        ken_log(repo, generate(size, end_us=END_US), ken, env)
        figure = timed([ken, "summary"], repo, env, REBUILD_RUNS, timeout * 4, before=repo / ".kenning" / "cache")
        rows.append({"events": size, "rm -rf .kenning/cache && ken summary": figure})
        print(f"  [rebuild] {size:,} events: {_cell(figure)} ms", flush=True)
        shutil.rmtree(repo, ignore_errors=True)
    return rows


# -- tables -----------------------------------------------------------------------------------------

def _cell(value: object, target: float | None = None) -> str:
    if not isinstance(value, dict):
        return "–" if value is None else str(value)
    if "skipped" in value:
        return f"skipped ({value['skipped']})"
    if "median_ms" not in value:
        return f"> {value['timeout_s']:g} s (timeout)"
    text = f"{value['median_ms']} ({value['p90_ms']})"
    if "timeout_s" in value:
        text += f" then > {value['timeout_s']:g} s"
    if target is not None:
        text += " ✓" if value["median_ms"] <= target else f" ✗ {value['median_ms'] / target:.2f}x"
    return text


def _seconds(value: object, target: float) -> str:
    if not isinstance(value, (int, float)):
        return "–"
    return f"{value} ✓" if value <= target else f"{value} ✗ {value / target:.2f}x"


def _head(key: str, target: float | None) -> str:
    return f"{key}{f' (≤ {target} ms)' if target else ''}"


def render(results: dict[str, object]) -> str:
    shapes: dict[str, dict[str, object]] = results.get("shapes", {})  # type: ignore[assignment]
    out = [f"Shapes at {results['events']:,} events; whole-process wall time, median (p90) ms over "
           f"{results['runs']} runs (3 when a first run takes over {SLOW_MS / 1000:g} s; pjm: at most "
           f"{PJM_RUNS}; p90 interpolated); ✓ meets the target in the column head, ✗ misses it by the factor "
           f"shown. {results['machine']}, Python {results['python']}, kenning {results['kenning']}; load "
           f"average {results['load_average_start']} at the start, {results.get('load_average_end', '?')} at "
           "the end."]
    if shapes:
        lines = ["| shape | events | files | hot file: events (decisions) | typical file events | open issues "
                 "| log MB | index rebuild s | after a clone: first precheck s (≤ 2.5) | then 20 files s "
                 "| background build done after s | load average (1, 5, 15 min) |",
                 "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
        for row in shapes.values():
            if "error" in row:
                lines.append(f"| {row['title']} | failed: {str(row['error']).splitlines()[-1][:200]} |" + " |" * 10)
                continue
            st: dict[str, object] = row["stats"]  # type: ignore[assignment]
            lines.append(f"| {row['title']} | {st['events']:,} | {st['files']:,} | {st['hot file events']:,} "
                         f"({st['hot file decisions']:,}) | {st['typical file events']:,} | {st['open issues']:,} "
                         f"| {st['log MB']} | {row['index rebuild s']} | {_seconds(row.get('first precheck s'), 2.5)} "
                         f"| {_seconds(row.get('first precheck 20 files s'), 2.5)} "
                         f"| {row.get('background build s', '–')} | {', '.join(map(str, row['load average']))} |")
        out.append("## The shapes\n\nIndex rebuild: the first `ken regenerate` after the log was written, "
                   "with `.kenning/cache` deleted (one run). After a clone: `.kenning/cache` deleted, then "
                   "`ken precheck` of the hot file (it starts the background index build), then of the 20 "
                   "files while that build runs, then the wait until the index is complete (one run "
                   "each).\n\n" + "\n".join(lines))
        for title, figures, extra in (
                ("## The gate (whole process; MCP: client side, warm server)", GATE, ["pjm precheck hot file"]),
                ("## Views and a write (whole process)", VIEWS, [])):
            lines = ["| shape | " + " | ".join(_head(k, t) for k, t in figures.items()) + "".join(
                f" | {k}" for k in extra) + " |", "|---|" + "---:|" * (len(figures) + len(extra))]
            for row in shapes.values():
                if "error" in row:
                    continue
                cells = [_cell(row.get(k), t) for k, t in figures.items()] + [_cell(row.get(k)) for k in extra]
                lines.append(f"| {row['title']} | " + " | ".join(cells) + " |")
            out.append(f"{title}\n\n" + "\n".join(lines))
        lines = ["| shape | " + " | ".join(_head(k, t) for k, t in TARGETS.items()) + " |",
                 "|---|" + "---:|" * len(TARGETS)]
        for row in shapes.values():
            if "error" in row:
                continue
            cells = []
            for key, target in TARGETS.items():
                value = row.get(key)
                best = value.get("min_ms") if isinstance(value, dict) else None
                mark = "" if best is None or target is None else (" ✓" if best <= target else " ✗")
                cells.append("–" if best is None else f"{best}{mark}")
            lines.append(f"| {row['title']} | " + " | ".join(cells) + " |")
        out.append("## Best run of each figure (min ms: the run least slowed by other work on the machine)\n\n"
                   + "\n".join(lines))
        ratios = []
        for row in shapes.values():
            pj, kn = row.get("pjm precheck hot file"), row.get("ken precheck hot file")
            if isinstance(pj, dict) and "median_ms" in pj and isinstance(kn, dict) and "median_ms" in kn:
                ratios.append(f"- {row['title']}: ken precheck is {pj['median_ms'] / kn['median_ms']:.1f}x "
                              "faster than pjm precheck on the hot file")
        if ratios:
            out.append("\n".join(ratios))
    rebuild: list[dict[str, object]] = results.get("rebuild", [])  # type: ignore[assignment]
    if rebuild:
        key = "rm -rf .kenning/cache && ken summary"
        lines = [f"| events | {key}: median (p90) ms |", "|---:|---:|"]
        lines += [f"| {row['events']:,} | {_cell(row[key])} |" for row in rebuild]
        out.append(f"## Rebuild (default shape, whole process, median of {REBUILD_RUNS})\n\n" + "\n".join(lines))
    changed = [f"- {row['title']}: kenning {row['kenning']}" for row in shapes.values()
               if row.get("kenning") and row["kenning"] != results["kenning"]]
    if changed:
        out.append("## Shapes measured with another kenning than the run's\n\n" + "\n".join(changed))
    missed = []
    for row in shapes.values():
        for key, target in TARGETS.items():
            value = row.get(key)
            if target is None or not isinstance(value, dict):
                continue
            if "median_ms" not in value:
                missed.append(f"- {row['title']}: {key} timed out (target ≤ {target} ms)")
            elif value["median_ms"] > target:
                missed.append(f"- {row['title']}: {key} {value['median_ms']} ms, target ≤ {target} ms: "
                              f"+{value['median_ms'] - target:.1f} ms ({value['median_ms'] / target:.2f}x)")
            elif value["p90_ms"] > target:
                missed.append(f"- {row['title']}: {key} median {value['median_ms']} ms meets ≤ {target} ms, "
                              f"p90 {value['p90_ms']} ms does not")
    if shapes:
        out.append("## Targets missed (median)\n\n" + ("\n".join(missed) or "None."))
    return "\n\n".join(out) + "\n"


# -- main -------------------------------------------------------------------------------------------

SNAPSHOT: list[str] = []  # with --snapshot: the commit whose src/ is under test


def _kenning_version() -> str:
    """The commit of the kenning under test, and a digest of src/'s uncommitted changes if any."""
    import hashlib

    if SNAPSHOT:
        return SNAPSHOT[0]
    top = HERE.parent
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=top, capture_output=True, text=True)
    diff = subprocess.run(["git", "diff", "HEAD", "--", "src"], cwd=top, capture_output=True).stdout
    new = subprocess.run(["git", "ls-files", "--others", "--exclude-standard", "--", "src"], cwd=top,
                         capture_output=True).stdout
    if not diff and not new:
        return head.stdout.strip()
    return f"{head.stdout.strip()} + uncommitted src/ changes {hashlib.sha1(diff + new).hexdigest()[:8]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--only", help=f"comma-separated: {', '.join(SHAPES)}, rebuild")
    parser.add_argument("--no-pjm", action="store_true", help="leave the reference tool out")
    parser.add_argument("--mcp-calls", type=int, default=20, help="timed warm precheck_file calls")
    parser.add_argument("--rebuild-sizes", default="10000,100000")
    parser.add_argument("--timeout", type=float, default=600, help="seconds before one command is given up")
    parser.add_argument("--snapshot", metavar="REV", help="benchmark src/ as of this commit (e.g. HEAD), not the "
                        "working tree: another edit of src/ during the run changes nothing")
    parser.add_argument("--ken", default=shutil.which("ken") or str(Path(sys.executable).with_name("ken")))
    parser.add_argument("--pjm", default=None, help="the reference tool (default: found on PATH or /tmp/pjmvenv)")
    parser.add_argument("--render", action="store_true", help="only rewrite shapes.md from shapes.json")
    args = parser.parse_args()
    if args.render:
        text = render(json.loads((RESULTS / "shapes.json").read_text()))
        (RESULTS / "shapes.md").write_text(text)
        print(text)
        return
    wanted = args.only.split(",") if args.only else [*SHAPES, "rebuild"]
    unknown = [w for w in wanted if w not in SHAPES and w != "rebuild"]
    if unknown:
        parser.error(f"unknown shape(s) {', '.join(unknown)}; choose from {', '.join(SHAPES)}, rebuild")
    pjm = None if args.no_pjm else (args.pjm or find_pjm())
    if pjm and not pjm_available(pjm):
        pjm = None
    root = Path(tempfile.mkdtemp(prefix="ken-shapes-"))
    env = bench_env(root / "home")
    if args.snapshot:  # src/ of one commit, first on every ken process's path: edits to src/ do not leak in
        sha = subprocess.run(["git", "rev-parse", "--verify", f"{args.snapshot}^{{commit}}"], cwd=HERE.parent,
                             capture_output=True, text=True, check=True).stdout.strip()
        archive = subprocess.run(["git", "archive", sha, "src"], cwd=HERE.parent, capture_output=True,
                                 check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(root)], input=archive, check=True)
        env["PYTHONPATH"] = str(root / "src")
        SNAPSHOT.append(f"{sha[:7]} (snapshot of src/)")
        package = root / "src" / "kenning"
    else:
        import kenning  # the package under test

        package = Path(kenning.__file__).parent
    # compile its bytecode as an install would
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], capture_output=True, env=env)
    results: dict[str, object] = {
        "events": args.events, "runs": args.runs, "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "python": platform.python_version(), "kenning": _kenning_version(),
        "pjm": f"projectmem {pjm_version(pjm)}" if pjm else None, "targets_ms": TARGETS,
        "load_average_start": [round(x, 2) for x in os.getloadavg()]}
    print(f"shape benchmarks at {args.events:,} events on {results['machine']}, Python {results['python']}, "
          f"kenning {results['kenning']}; reference tool: {results['pjm'] or 'none'}", flush=True)
    histories: dict[tuple[str, ...], Path] = {}
    shapes: dict[str, object] = {}
    try:
        for name in [w for w in SHAPES if w in wanted]:
            try:
                shapes[name] = bench_shape(root, name, args.events, args.ken, pjm, env, args.runs, args.mcp_calls,
                                           args.timeout, histories)
            except (Exception, SystemExit) as err:  # one broken shape leaves the others' figures
                print(f"  [{name}] failed: {err}", flush=True)
                shapes[name] = {"title": title(name, args.events), "error": str(err)[-600:]}
            save(results, shapes, args.only is not None, quiet=True)
        if "rebuild" in wanted:
            sizes = [int(s) for s in args.rebuild_sizes.split(",") if s]
            results["rebuild"] = rebuild_bench(root, sizes, args.ken, env, args.timeout)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    results["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    save(results, shapes, args.only is not None)


def save(results: dict[str, object], shapes: dict[str, object], partial: bool, quiet: bool = False) -> None:
    """Write ``bench/results/shapes.{md,json}`` (and print the tables unless ``quiet``); a partial
    run (``--only``) keeps the other shapes' previous figures when they were taken at the same size."""
    path = RESULTS / "shapes.json"
    if partial and path.exists():
        previous = json.loads(path.read_text())
        if previous.get("events") == results["events"]:
            old = previous.get("shapes", {})
            shapes = {k: shapes.get(k, old.get(k)) for k in SHAPES if k in shapes or k in old}
            if "rebuild" not in results and previous.get("rebuild"):
                results["rebuild"] = previous["rebuild"]
    results["shapes"] = shapes
    text = render(results)
    if not quiet:
        print("\n" + text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "shapes.md").write_text(text)
    path.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    main()
