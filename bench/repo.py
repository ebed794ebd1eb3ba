"""Synthetic git history for benchmarks: dated commits over the last ~120 days, via `git fast-import`.

`make_git_history(repo, files, commits, env)` gives `repo` a root commit holding every file, then
dated commits that touch a skewed handful of files each (the same skew as `generate.py`: the first
files of the list are hot, so they churn), with `fix:` / `feat:` / `refactor:` / ... subjects, a few
bursts of repeated fixes on one hot file, and some `Revert "..."` commits made by `git revert`.
Plain commits go through `git fast-import` in batches; each revert is a real `git revert --no-edit`
of a recent commit whose files nothing touched since (so it always applies cleanly). Deterministic
for a seed apart from the dates, which end at the current time.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from generate import WORDS, file_weights  # noqa: E402

KINDS = (("fix", 0.35), ("feat", 0.25), ("refactor", 0.12), ("chore", 0.06), ("docs", 0.04), ("test", 0.06),
         ("", 0.12))
REVERT_RATE = 0.04  # chance that a commit is followed by a revert of a recent one


def _git(repo: Path, env: dict[str, str], *args: str, stdin: bytes | None = None) -> str:
    result = subprocess.run(["git", "-c", "core.hooksPath=/dev/null", *args], cwd=repo, env=env, input=stdin,
                            capture_output=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)} failed: {result.stderr.decode(errors='replace')[-600:]}")
    return result.stdout.decode()


def _data(payload: str) -> bytes:
    raw = payload.encode()
    return b"data %d\n" % len(raw) + raw + b"\n"


def _initial_text(rng: random.Random, path: str) -> list[str]:
    lines = [f'"""{Path(path).stem}: synthetic module."""', ""]
    for k in range(rng.randint(4, 30)):
        lines += [f"def {rng.choice(WORDS)}_{k}(value):", f"    return value * {rng.randint(1, 999)}", ""]
    return lines


def _edit(rng: random.Random, lines: list[str], heavy: bool) -> list[str]:
    out = list(lines)
    for _ in range(rng.randint(4, 12) if heavy else rng.randint(1, 3)):
        roll = rng.random()
        if roll < 0.5 and len(out) > 3:
            i = rng.randrange(2, len(out))
            out[i] = f"    return value * {rng.randint(1, 999)}  # {rng.choice(WORDS)}"
        elif roll < 0.8 or len(out) < 12:
            k = rng.randint(100, 9999)
            out += [f"def {rng.choice(WORDS)}_{k}(value):", f"    return value + {rng.randint(1, 999)}", ""]
        else:
            i = rng.randrange(2, len(out))
            del out[i:i + rng.randint(1, 3)]
    return out


def _subject(rng: random.Random, kind: str, path: str) -> str:
    words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 5)))
    text = f"{words} in {Path(path).stem}"
    return f"{kind}: {text}" if kind else text[0].upper() + text[1:]


def make_git_history(repo: Path, files: list[str], commits: int, env: dict[str, str], seed: int = 1,
                     days: int = 120) -> None:
    """Create (or extend an empty) git repository at `repo`: `commits` commits over the last `days` days.

    The first commit adds all of `files`; the others touch 1-4 files each, weighted towards the
    start of `files` (pass `generate.file_list()`, hottest first). About 4% of commits are
    followed by a `git revert` of a recent commit (reverts count towards `commits`). Commit and
    author dates are set explicitly, strictly increasing and ending before now. The working
    tree is checked out at the end. `repo` must have no commits yet.
    """
    if commits < 1 or not files:
        raise ValueError("make_git_history needs at least one commit and one file")
    env = dict(env)
    for role in ("AUTHOR", "COMMITTER"):
        env.setdefault(f"GIT_{role}_NAME", "bench")
        env.setdefault(f"GIT_{role}_EMAIL", "bench@example.invalid")
    repo.mkdir(parents=True, exist_ok=True)
    if not (repo / ".git").exists():
        _git(repo, env, "init", "-q")
    if subprocess.run(["git", "rev-parse", "-q", "--verify", "HEAD"], cwd=repo, env=env,
                      capture_output=True).returncode == 0:
        raise ValueError(f"{repo} already has commits; make_git_history builds the whole history")
    branch = _git(repo, env, "symbolic-ref", "HEAD").strip()
    ident = f"{env['GIT_AUTHOR_NAME']} <{env['GIT_AUTHOR_EMAIL']}>"

    rng = random.Random(seed)
    now = int(time.time()) - 60
    span = days * 86400
    stamps = sorted(rng.sample(range(now - span, now), commits))
    weights = file_weights(len(files))
    hot = files[: max(1, min(10, len(files)))]

    contents = {path: _initial_text(rng, path) for path in files}
    touched_by: dict[str, int] = {}  # file -> index of the last commit that changed it
    undo: dict[int, dict[str, list[str]]] = {}  # commit index -> contents of its files before it
    subjects: dict[int, str] = {}
    marks: dict[int, str] = {}  # commit index -> sha, filled after each fast-import batch
    parent: str | None = None
    stream: list[bytes] = []
    burst_file, burst_left = "", 0

    def flush() -> None:
        nonlocal parent
        if not stream:
            return
        marks_file = repo / ".git" / "bench-marks"
        _git(repo, env, "fast-import", "--quiet", "--done", f"--export-marks={marks_file}",
             stdin=b"".join(stream) + b"done\n")
        for line in marks_file.read_text().splitlines():
            mark, sha = line.split()
            marks[int(mark[1:]) - 1] = sha
        marks_file.unlink()
        parent = _git(repo, env, "rev-parse", branch).strip()
        stream.clear()

    def emit(index: int, message: str, changed: dict[str, list[str]]) -> None:
        stamp = f"{stamps[index]} +0000"
        head = f"commit {branch}\nmark :{index + 1}\nauthor {ident} {stamp}\ncommitter {ident} {stamp}\n"
        first = not stream
        stream.append(head.encode() + _data(message + "\n"))
        if parent and first:  # a new fast-import process continues the branch from the last revert
            stream.append(f"from {parent}\n".encode())
        for path, lines in changed.items():
            stream.append(f"M 100644 inline {path}\n".encode() + _data("\n".join(lines) + "\n"))

    emit(0, "Initial import", contents)
    index = 1
    while index < commits:
        eligible = [k for k in range(max(1, index - 6), index)
                    if k in undo and all(touched_by[p] == k for p in undo[k])]
        if index > 10 and eligible and rng.random() < REVERT_RATE:
            target = rng.choice(eligible)
            flush()
            _git(repo, env, "reset", "-q", "--hard", branch)
            date = f"{stamps[index]} +0000"
            _git(repo, {**env, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}, "revert", "--no-edit",
                 marks[target])
            parent = _git(repo, env, "rev-parse", branch).strip()
            for path, lines in undo.pop(target).items():
                contents[path] = lines
                touched_by[path] = index
            subjects[index] = f'Revert "{subjects[target]}"'
            index += 1
            continue
        if burst_left:
            kind, paths = "fix", [burst_file]
            burst_left -= 1
        else:
            kind = rng.choices([k for k, _ in KINDS], [w for _, w in KINDS])[0]
            paths = sorted(set(rng.choices(files, weights, k=rng.randint(1, 4))))
            if kind == "fix" and rng.random() < 0.05:
                burst_file, burst_left = rng.choice(hot), rng.randint(2, 4)
        subject = _subject(rng, kind, paths[0])
        undo[index] = {p: contents[p] for p in paths}
        for path in paths:
            contents[path] = _edit(rng, contents[path], heavy=kind == "refactor")
            touched_by[path] = index
        subjects[index] = subject
        emit(index, subject, {p: contents[p] for p in paths})
        undo.pop(index - 8, None)  # only recent commits are revert candidates
        index += 1
    flush()
    _git(repo, env, "reset", "-q", "--hard", branch)
