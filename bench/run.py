"""Benchmarks: whole-process timings of `ken` on synthetic projects, printed as tables.

    python bench/run.py [--sizes 1500,10000,100000] [--runs 15] [--ken PATH] [--pjm PATH] [--only PART[,PART...]]

Two parts, each over logs of every size made by `bench/generate.py` (events ending just before
now, so 30-day windows hold a realistic share):

- core: `ken note` (a write: must not re-fold the log) and `ken summary` (the session-start
  read) in a repository with one commit;
- gate: a synthetic repository (300 files, 300 dated commits over 120 days, with reverts, from
  `bench/repo.py`), where `ken precheck FILE` on the most cited file, on a typical file and on
  20 files is timed side by side with the reference tool's `pjm precheck FILE` (projectmem
  0.3.4, fed the same events by `bench/pjm.py`) in the same run.

Then the shapes of memory (`bench/shapes.py`: decision-heavy, a supersession chain, one huge
file, 500-path events, 50,000 files, 10,000 open issues, snoozes; and the index rebuild at 10,000
and 100,000 events) and the start-up of the hot commands against the interpreter floor
(`bench/startup.py`), the capture hooks after each tool call beside the gate's
(`bench/capture.py`); last, `ken map --build` on a 5,000-file tree (`bench/codemap.py`) and
`ken visualize` at 100,000 events over 5,000 files (`bench/visualize.py`), and the rebuild's CPU
seconds by stage beside its floors (`bench/rebuild.py`).
First, every row of issue 30's table of targets (`bench/targets.py`: the first summary and the
first 20-file precheck after a clone, the whole rebuild's CPU seconds, the warm 20-file
precheck and the warm agent hook), with the commit and the time measured.
`--only gate,startup` (any of targets, core, gate, shapes, startup, capture, codemap, visualize, rebuild) reruns
those parts and keeps the others' previous figures in `latest.md`; each part says when and on
which commit it was measured.

Every figure is the wall time of a whole process (interpreter start included): median and
90th percentile over `--runs` runs (fewer for pjm at 100,000 events, where one call takes
seconds). Results are printed and written to `bench/results/latest.{md,json}`.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from generate import file_list, file_weights, generate  # noqa: E402
from pjm import find_pjm, make_pjm_repo, pjm_available, pjm_env  # noqa: E402
from repo import make_git_history  # noqa: E402

HERE = Path(__file__).parent
RESULTS = HERE / "results"


def bench_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KEN_", "GIT_"))}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a real install has its bytecode compiled
    env.update(KEN_HOME=str(home), GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@example.invalid",
               GIT_COMMITTER_NAME="bench", GIT_COMMITTER_EMAIL="bench@example.invalid")
    return env


def timed(cmd: list[str], cwd: Path, env: dict[str, str], runs: int) -> dict[str, float]:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True)
        samples.append((time.perf_counter() - start) * 1000)
        if result.returncode not in (0, 1):
            raise SystemExit(f"{' '.join(cmd)} failed: {result.stderr.decode()[-400:]}")
    samples.sort()
    return {"median_ms": round(statistics.median(samples), 1),
            "p90_ms": round(samples[int(0.9 * (len(samples) - 1))], 1), "min_ms": round(samples[0], 1)}


END_US = time.time_ns() // 1000 - 60_000_000  # the synthetic logs end a minute ago
HOT = file_list()[0]


def git_repo(path: Path, env: dict[str, str], history: Path | None = None) -> Path:
    if history is not None:
        shutil.copytree(history, path, symlinks=True)
        return path
    path.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=path, check=True, env=env)
    (path / "README.md").write_text("bench\n")
    subprocess.run(["git", "add", "-A"], cwd=path, check=True, env=env)
    subprocess.run(["git", "commit", "-q", "-m", "init"], cwd=path, check=True, env=env)
    return path


def ken_repo(repo: Path, size: int, ken: str, env: dict[str, str]) -> Path:
    subprocess.run([ken, "init", "--no-hooks", "--no-register"], cwd=repo, check=True, env=env, capture_output=True)
    with open(repo / ".kenning" / "events.jsonl", "a", encoding="utf-8") as log:
        log.write("\n".join(generate(size, end_us=END_US)) + "\n")
    start = time.perf_counter()
    subprocess.run([ken, "regenerate"], cwd=repo, check=True, env=env, capture_output=True)
    print(f"  {size:>7,} events: index built from scratch in {time.perf_counter() - start:.1f} s", flush=True)
    return repo


def core_bench(root: Path, sizes: list[int], ken: str, env: dict[str, str], runs: int) -> list[dict[str, object]]:
    rows = []
    for size in sizes:
        repo = ken_repo(git_repo(root / f"core-{size}", env), size, ken, env)
        note = timed([ken, "note", "bench note", "--at", HOT], repo, env, runs)
        summary = timed([ken, "summary"], repo, env, runs)
        rows.append({"events": size, "ken note": note, "ken summary": summary})
    return rows


def gate_bench(root: Path, sizes: list[int], ken: str, pjm: str | None, env: dict[str, str],
               runs: int) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    """The gate side by side, and (in the same repositories) the brief and the context block."""
    files = file_list()
    typical = files[len(files) // 3]  # a file in the long tail: a few dozen events at 100,000
    twenty = [files[i * 7] for i in range(20)]
    history = root / "history"
    history.mkdir()
    start = time.perf_counter()
    make_git_history(history, files, 300, env)
    print(f"  synthetic history: {len(files)} files, 300 commits in {time.perf_counter() - start:.1f} s", flush=True)
    rows, views = [], []
    for size in sizes:
        repo = ken_repo(git_repo(root / f"gate-{size}", env, history), size, ken, env)
        pjm_repo = None
        row: dict[str, object] = {"events": size}
        row["ken precheck hot file"] = timed([ken, "precheck", HOT], repo, env, runs)
        row["ken precheck typical file"] = timed([ken, "precheck", typical], repo, env, runs)
        row["ken precheck 20 files"] = timed([ken, "precheck", *twenty], repo, env, runs)
        if pjm:
            penv = pjm_env(env, root / f"pjm-home-{size}")
            prepo = git_repo(root / f"pjm-{size}", env, history)
            events = [json.loads(line) for line in generate(size, end_us=END_US)]
            make_pjm_repo(prepo, events, pjm, penv)
            row["pjm precheck hot file"] = timed([pjm, "precheck", HOT], prepo, penv, runs if size < 50_000 else 3)
            pjm_repo = (pjm, prepo, penv)
        rows.append(row)
        views.append(views_row(size, repo, ken, env, runs, root / "shim", pjm_repo))
    return rows, views


def git_runs(cmd: list[str], cwd: Path, env: dict[str, str], shim: Path) -> int:
    """How many git processes one warm run of ``cmd`` starts (a counting ``git`` first on PATH)."""
    count = shim / "count"
    if not (shim / "git").exists():
        shim.mkdir(exist_ok=True)
        real = shutil.which("git", path=env.get("PATH"))
        (shim / "git").write_text(f'#!/bin/sh\necho x >> "{count}"\nexec "{real}" "$@"\n')
        (shim / "git").chmod(0o755)
    counted = dict(env, PATH=f"{shim}{os.pathsep}{env.get('PATH', '')}")
    subprocess.run(cmd, cwd=cwd, env=counted, capture_output=True)  # warm: caches filled
    count.write_text("")
    subprocess.run(cmd, cwd=cwd, env=counted, capture_output=True)
    return len(count.read_text().splitlines())


def views_row(size: int, repo: Path, ken: str, env: dict[str, str], runs: int, shim: Path,
              pjm_repo: tuple[str, Path, dict[str, str]] | None) -> dict[str, object]:
    row: dict[str, object] = {"events": size}
    row["ken brief"] = timed([ken, "brief"], repo, env, runs)
    row["ken context 2,000 tokens"] = timed([ken, "context", "--at", HOT], repo, env, runs)
    row["ken brief git processes"] = git_runs([ken, "brief"], repo, env, shim)
    if pjm_repo is not None and size <= 10_000:  # seconds per run already at 10,000 events
        pjm, prepo, penv = pjm_repo
        row["pjm brief"] = timed([pjm, "brief"], prepo, penv, 3)
        row["pjm brief git processes"] = git_runs([pjm, "brief"], prepo, penv, shim)
    return row


def table(rows: list[dict[str, object]]) -> str:
    keys = list(dict.fromkeys(k for row in rows for k in row if k != "events"))
    timing = {k for row in rows for k, v in row.items() if isinstance(v, dict)}
    heads = [f"{k}: median (p90) ms" if k in timing else k for k in keys]
    lines = ["| events | " + " | ".join(heads) + " |", "|---:|" + "---:|" * len(keys)]
    for row in rows:
        lines.append(f"| {row['events']:,} | " + " | ".join(_cell(row.get(k)) for k in keys) + " |")
    return "\n".join(lines)


def _cell(value: object) -> str:
    if isinstance(value, dict):
        return f"{value['median_ms']} ({value['p90_ms']})"
    return "–" if value is None else str(value)


def ratios(rows: list[dict[str, object]]) -> str:
    lines = []
    for row in rows:
        ken = row["ken precheck hot file"]["median_ms"]  # type: ignore[index]
        twenty = row["ken precheck 20 files"]["median_ms"]  # type: ignore[index]
        text = f"- {row['events']:,} events: 20 files cost {twenty / ken:.2f}x one file"
        if "pjm precheck hot file" in row:
            pjm = row["pjm precheck hot file"]["median_ms"]  # type: ignore[index]
            text += f"; ken precheck is {pjm / ken:.1f}x faster than pjm precheck"
        lines.append(text)
    return "\n".join(lines)


PARTS = ("targets", "core", "gate", "shapes", "startup", "capture", "codemap", "visualize", "rebuild")
TITLES = {"targets": "## The targets of issue 30 (bench/targets.py)",
          "core": "## Write and summary (whole process)", "gate": "## The gate, side by side (whole process)",
          "views": "## Brief and context (whole process; git processes of one warm run)",
          "shapes": "## Every shape of memory at 100,000 events (bench/shapes.py)",
          "startup": "## Start-up: the hot commands against the interpreter floor (bench/startup.py)",
          "capture": "## The capture hooks after each tool call, beside the gate's (bench/capture.py)",
          "codemap": "## The code map: `ken map --build` on 5,000 files (bench/codemap.py)",
          "visualize": "## The page: `ken visualize` at 100,000 events over 5,000 files (bench/visualize.py)",
          "rebuild": "## Where a rebuild of the index spends its time (bench/rebuild.py)"}


def _parts(text: str) -> set[str]:
    """``--only gate,startup``: the parts named, each one of ``PARTS``."""
    named = {part.strip() for part in text.split(",") if part.strip()}
    unknown = named - set(PARTS)
    if unknown or not named:
        raise argparse.ArgumentTypeError(f"unknown part(s) {', '.join(sorted(unknown)) or '(none)'}; "
                                         f"choose from {', '.join(PARTS)}")
    return named


def _runs(only: set[str] | None, part: str) -> bool:
    return only is None or part in only


def _measured() -> str:
    """When and on which commit a part was measured, so parts run at different times say so."""
    commit = subprocess.run(["git", "-C", str(HERE), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip() or "unknown"
    return f"_Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} at kenning {commit}._"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1500,10000,100000")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--ken", default=shutil.which("ken") or str(Path(sys.executable).with_name("ken")))
    parser.add_argument("--pjm", default=None, help="the reference tool (default: found on PATH or /tmp/pjmvenv)")
    parser.add_argument("--only", type=_parts, help=f"parts to run, comma-separated: {','.join(PARTS)}")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    pjm = args.pjm or find_pjm()
    if pjm and not pjm_available(pjm):
        pjm = None
    root = Path(tempfile.mkdtemp(prefix="ken-bench-"))
    env = bench_env(root / "home")
    import kenning  # the package under test: compile its bytecode as an install would

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(kenning.__file__).parent)],
                   capture_output=True, env=env)
    previous = json.loads((RESULTS / "latest.json").read_text()) if (RESULTS / "latest.json").exists() else {}
    results: dict[str, object] = {"machine": f"{platform.machine()}, {os.cpu_count()} cores",
                                  "python": platform.python_version(), "hot_file_weight": file_weights()[0]}
    # a part not run this time keeps its previous figures, and says so
    sections: dict[str, str] = {k: v + "\n\n(figures of an earlier run)" if "earlier run" not in v and
                                "_Measured " not in v else v for k, v in previous.get("sections", {}).items()}
    try:
        print(f"kenning benchmarks on {results['machine']}, Python {results['python']}; "
              f"reference tool: {pjm or 'not installed (pip install projectmem==0.3.4)'}", flush=True)
        if _runs(args.only, "targets"):  # its own process, into a file of its own: targets.md keeps the
            # history of before-and-after runs, written by hand, which a run must not overwrite
            subprocess.run([sys.executable, str(HERE / "targets.py"), "--ken", args.ken,
                            "--out", str(RESULTS / "targets_latest.md")], check=True)
            sections["targets"] = f"{TITLES['targets']}\n\n" + _demoted((RESULTS / "targets_latest.md").read_text())
        if _runs(args.only, "core"):
            rows = core_bench(root, sizes, args.ken, env, args.runs)
            results["core"] = rows
            sections["core"] = f"{TITLES['core']}\n\n{table(rows)}"
        if _runs(args.only, "gate"):
            rows, views = gate_bench(root, sizes, args.ken, pjm, env, args.runs)
            results["gate"], results["views"] = rows, views
            sections["gate"] = f"{TITLES['gate']}\n\n{table(rows)}\n\n{ratios(rows)}"
            sections["views"] = f"{TITLES['views']}\n\n{table(views)}"
        if _runs(args.only, "startup"):
            from startup import startup
            from startup import table as startup_table

            rows = startup(args.ken, args.runs, root)
            results["startup"] = rows
            sections["startup"] = f"{TITLES['startup']}\n\n{startup_table(rows)}"
        if _runs(args.only, "capture"):
            from capture import capture
            from capture import table as capture_table

            rows = capture(args.ken, args.runs, root)
            results["capture"] = rows
            sections["capture"] = f"{TITLES['capture']}\n\n{capture_table(rows)}"
        if _runs(args.only, "codemap"):  # its own process and tree; it writes bench/results/codemap.md
            subprocess.run([sys.executable, str(HERE / "codemap.py"), "--ken", args.ken], check=True)
            sections["codemap"] = f"{TITLES['codemap']}\n\n" + _demoted((RESULTS / "codemap.md").read_text())
        if _runs(args.only, "visualize"):  # its own process and project; it writes bench/results/visualize.md
            subprocess.run([sys.executable, str(HERE / "visualize.py"), "--ken", args.ken], check=True)
            sections["visualize"] = f"{TITLES['visualize']}\n\n" + _demoted((RESULTS / "visualize.md").read_text())
        if _runs(args.only, "rebuild"):  # its own process; it writes bench/results/rebuild.md
            subprocess.run([sys.executable, str(HERE / "rebuild.py"), "--out", str(RESULTS / "rebuild.md")], check=True)
            sections["rebuild"] = f"{TITLES['rebuild']}\n\n" + _demoted((RESULTS / "rebuild.md").read_text())
        if _runs(args.only, "shapes"):  # its own process: it tests a snapshot of src/ and takes a while
            subprocess.run([sys.executable, str(HERE / "shapes.py"), "--snapshot", "HEAD", "--runs", "7"]
                           + ([f"--pjm={pjm}"] if pjm else ["--no-pjm"]), check=True)
            sections["shapes"] = f"{TITLES['shapes']}\n\n" + _demoted((RESULTS / "shapes.md").read_text())
    finally:
        shutil.rmtree(root, ignore_errors=True)
    stamp = _measured()
    for part in (args.only or set(PARTS)) | ({"views"} if _runs(args.only, "gate") else set()):
        if part in sections and "_Measured " not in sections[part]:
            sections[part] += f"\n\n{stamp}"
    results["sections"] = sections
    text = "\n\n".join(sections[k] for k in ("targets", "core", "gate", "views", "startup", "capture", "codemap",
                                               "visualize",
                                               "rebuild", "shapes")
                       if k in sections)
    print("\n" + text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "latest.md").write_text(text + "\n")
    (RESULTS / "latest.json").write_text(json.dumps(results, indent=2) + "\n")


def _demoted(markdown: str) -> str:
    """Another report's headings one level down, to sit under a section of this one."""
    return "\n".join("#" + line if line.startswith("#") else line for line in markdown.splitlines()).strip()


if __name__ == "__main__":
    main()
