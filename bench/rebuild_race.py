"""Writes and gate checks while the index is rebuilt: `python bench/rebuild_race.py [--rounds N]`.

A throw-away repository with a generated log (``--events``, default 5,000: a rebuild of about
half a second), then one process rebuilds the index over and over (``ken regenerate``, or
``--delete``: removes ``.kenning/cache/index.sqlite`` and lets the next command rebuild it) while
``--writers`` processes each run ``ken note`` and ``--gates`` processes each run
``ken precheck``, ``--rounds`` times each. Prints the failures (a non-zero exit, or a
``ken: error``/traceback on stderr) per kind with their distinct stderr lines, and checks that
every acknowledged note is in the log. Every process gets its own ``KEN_HOME`` and ``HOME``.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import generate  # noqa: E402

KEN = str(Path(sys.executable).parent / "ken")
NOW = "2030-01-01T00:00:00Z"


def environment(base: Path) -> dict[str, str]:
    home = base / "home"
    home.mkdir(parents=True)
    (home / ".gitconfig").write_text("[user]\n\tname = Bench\n\temail = bench@example.invalid\n"
                                     "[init]\n\tdefaultBranch = main\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KEN_", "GIT_"))}
    env.update(KEN_HOME=str(base / "kenhome"), HOME=str(home), GIT_CONFIG_NOSYSTEM="1",
               GIT_CEILING_DIRECTORIES=str(base), KEN_NOW=NOW)
    return env


def make_repo(base: Path, env: dict[str, str], events: int) -> Path:
    root = base / "repo"
    (root / "src").mkdir(parents=True)
    (root / "src" / "app.py").write_text("print('hello')\n")
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "initial"]):
        subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)
    subprocess.run([KEN, "init", "--no-hooks", "--no-register"], cwd=root, env=env, check=True, capture_output=True)
    with open(root / ".kenning" / "events.jsonl", "a", encoding="utf-8") as log:
        log.writelines(line + "\n" for line in generate(events))
    subprocess.run([KEN, "regenerate"], cwd=root, env=env, check=True, capture_output=True)
    return root


def failed(done: subprocess.CompletedProcess[str]) -> bool:
    return done.returncode != 0 or "Traceback" in done.stderr or "ken: error" in done.stderr


def worker(kind: str, n: int, rounds: int, root: Path, env: dict[str, str],
           results: dict[str, list[tuple[bool, str, str]]]) -> None:
    for r in range(rounds):
        text = f"{kind} {n} round {r}"
        args = ["note", text] if kind == "note" else ["precheck", "src/api/module_1.py"]
        done = subprocess.run([KEN, *args], cwd=root, env=env, capture_output=True, text=True, timeout=300)
        results[kind].append((failed(done), done.stderr.strip(), text))


def rebuilder(root: Path, env: dict[str, str], delete: bool, stop: threading.Event, count: list[int]) -> None:
    index = root / ".kenning" / "cache" / "index.sqlite"
    while not stop.is_set():
        if delete:
            for suffix in ("", "-journal"):
                Path(str(index) + suffix).unlink(missing_ok=True)
            subprocess.run([KEN, "summary"], cwd=root, env=env, capture_output=True, timeout=300)
        else:
            subprocess.run([KEN, "regenerate"], cwd=root, env=env, capture_output=True, timeout=300)
        count[0] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--writers", type=int, default=3)
    parser.add_argument("--gates", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=25)
    parser.add_argument("--delete", action="store_true", help="delete the index instead of `ken regenerate`")
    parser.add_argument("--keep", action="store_true", help="keep the temporary repository")
    parser.add_argument("--debug", action="store_true", help="KEN_DEBUG=1: print each failure's traceback")
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="ken-rebuild-race-"))
    try:
        env = environment(base)
        if args.debug:
            env["KEN_DEBUG"] = "1"
        root = make_repo(base, env, args.events)
        results: dict[str, list[tuple[bool, str, str]]] = collections.defaultdict(list)
        stop, rebuilds = threading.Event(), [0]
        background = threading.Thread(target=rebuilder, args=(root, env, args.delete, stop, rebuilds))
        background.start()
        threads = [threading.Thread(target=worker, args=(kind, n, args.rounds, root, env, results))
                   for kind, many in (("note", args.writers), ("precheck", args.gates)) for n in range(many)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        stop.set()
        background.join()
        logged = {json.loads(line).get("summary") for line in (root / ".kenning" / "events.jsonl").open("rb")}
        report(results, rebuilds[0], logged, args)
    finally:
        if args.keep:
            print(f"kept: {base}")
        else:
            shutil.rmtree(base, ignore_errors=True)


def report(results: dict[str, list[tuple[bool, str, str]]], rebuilds: int, logged: set[str],
           args: argparse.Namespace) -> None:
    how = "deleting the index" if args.delete else "`ken regenerate`"
    print(f"{args.events} events, {rebuilds} rebuilds by {how}")
    for kind, runs in sorted(results.items()):
        failures = [err for bad, err, _ in runs if bad]
        print(f"{kind}: {len(failures)} of {len(runs)} failed")
        for line, n in collections.Counter(line for err in failures for line in err.splitlines()[-1:]).most_common():
            print(f"  {n} x {line[:300]}")
        if args.debug:
            for trace in dict.fromkeys(err for err in failures if "Traceback" in err):
                print("  ---\n  " + "\n  ".join(trace.splitlines()[-14:]))
    lost = [text for bad, _, text in results["note"] if not bad and text not in logged]
    print(f"acknowledged notes missing from the log: {len(lost)}")


if __name__ == "__main__":
    main()
