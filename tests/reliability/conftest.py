"""The reliability suite's machine: throw-away repositories, real ``ken`` processes, and the faults
they are put through (kills, held locks, full or read-only disks, injected I/O errors).

Fast by default, so it runs in ``make test``; ``KEN_RELIABILITY_LONG=1`` (or
``python bench/reliability.py --long``) runs the long version. Each test reports its figure with
``figure()``: they are printed at the end of the run, and appended as JSON lines to the file
named by ``KEN_RELIABILITY_FIGURES`` when it is set.

Every process gets its own ``KEN_HOME``, ``HOME`` and git identity (``machine.isolated_env``).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import shutil
import string
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from machine import KEN, isolated_env  # noqa: E402  (tests/ is on sys.path: its conftest.py)

LONG = os.environ.get("KEN_RELIABILITY_LONG", "").strip() not in ("", "0")
LOG = Path(".kenning") / "events.jsonl"
FIGURES: list[tuple[str, str]] = []

# what a crash looks like from outside: a traceback, or the CLI's last line of defence
BUG = re.compile(r"Traceback \(most recent call last\)|unexpected [A-Za-z_.]*(Error|Exception|Warning)\b"
                 r"|please report it")


def scale(fast: Any, long: Any) -> Any:
    """The fast figure in ``make test``, the long one under ``KEN_RELIABILITY_LONG=1``."""
    return long if LONG else fast


def figure(name: str, text: str) -> None:
    """Report one measured figure (printed at the end of the run)."""
    FIGURES.append((name, text))
    target = os.environ.get("KEN_RELIABILITY_FIGURES")
    if target:
        with open(target, "a", encoding="utf-8") as f:
            f.write(json.dumps({"name": name, "text": text, "long": LONG}) + "\n")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if FIGURES:
        terminalreporter.section(f"reliability figures ({'long' if LONG else 'fast'} version)")
        for name, text in FIGURES:
            terminalreporter.write_line(f"{name}: {text}")


# -- results and what counts as a crash -----------------------------------------------------------


class Result:
    """A finished ``ken`` run: exit code, output as bytes and as text, wall time."""

    def __init__(self, args: list[Any], returncode: int, out: bytes, err: bytes, seconds: float) -> None:
        self.args = args
        self.returncode = returncode
        self.out = out
        self.err = err
        self.seconds = seconds
        self.stdout = out.decode("utf-8", "replace")
        self.stderr = err.decode("utf-8", "replace")

    def describe(self) -> str:
        shown = [a if isinstance(a, str) else repr(a) for a in self.args]
        shown = [a if len(a) < 80 else a[:60] + f"…({len(a)} chars)" for a in shown]
        return (f"ken {' '.join(shown)!r} -> exit {self.returncode} in {self.seconds:.2f}s\n"
                f"stdout: {self.stdout[-600:]!r}\nstderr: {self.stderr[-600:]!r}")


def crash(r: Result) -> str | None:
    """Why ``r`` looks like a crash (exit code outside 0..4, a traceback, an "unexpected" error).
    ``ken wrap`` answers a command it cannot start as a shell does: 127 not found, 126 not runnable."""
    wrapping = bool(r.args) and str(r.args[0]) == "wrap"
    if r.returncode not in (0, 1, 2, 3, 4) and not (wrapping and r.returncode in (126, 127)):
        return f"exit code {r.returncode}"
    found = BUG.search(r.stderr) or BUG.search(r.stdout)
    return f"{found.group(0)!r} in the output" if found else None


def error_lines(r: Result) -> list[str]:
    """stderr lines that are not reader warnings."""
    return [line for line in r.stderr.splitlines() if line.strip() and not line.startswith("ken: warning:")]


def clean_refusal(r: Result) -> str | None:
    """None when ``r`` is a clean refusal: non-zero exit, one ``ken: error:`` line, no crash."""
    problem = crash(r)
    if problem:
        return problem
    if r.returncode == 0:
        return "exit 0"
    lines = error_lines(r)
    if len(lines) != 1 or not lines[0].startswith("ken: error:"):
        return f"{len(lines)} error lines instead of one `ken: error:` line"
    return None


def bad_lines(data: bytes) -> list[tuple[int, bytes]]:
    """Lines of a log that are not one JSON object each (a final line without newline counts)."""
    bad = []
    for number, line in enumerate(data.split(b"\n"), start=1):
        if not line and number == data.count(b"\n") + 1:
            continue  # the empty piece after the final newline
        try:
            ok = isinstance(json.loads(line.decode("utf-8")), dict)
        except ValueError:
            ok = False
        if not ok:
            bad.append((number, line[:120]))
    if data and not data.endswith(b"\n"):
        bad.append((data.count(b"\n") + 1, b"(no final newline) " + data.rsplit(b"\n", 1)[-1][:100]))
    return bad


def log_events(data: bytes) -> list[dict[str, Any]]:
    out = []
    for line in data.split(b"\n"):
        try:
            value = json.loads(line.decode("utf-8"))
        except (ValueError, RecursionError):
            continue
        if isinstance(value, dict):
            out.append(value)
    return out


def event_line(**fields: Any) -> bytes:
    """A hand-written event line, as another clone or tool would have appended it."""
    return json.dumps({"v": 1, "source": "cli", **fields}, sort_keys=True, separators=(",", ":")).encode() + b"\n"


def notes(count: int, text: str = "filler note number {n}", start: int = 0) -> bytes:
    """``count`` valid note lines (dated 2020, ids from ``start``): a log made big cheaply."""
    return b"".join(event_line(id=f"evt_{0xabc000 + n:020x}", type="note", summary=text.format(n=n),
                               timestamp=f"2020-01-01T00:00:00.{n:06d}Z") for n in range(start, start + count))


# -- secrets with the shape of real ones (random, so they do not look like placeholders) -----------

_RNG = random.Random(1111)


def fake_github_token(rng: random.Random = _RNG) -> str:
    return "ghp_" + "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(36))


def fake_aws_key_id(rng: random.Random = _RNG) -> str:
    return "AKIA" + "".join(rng.choice(string.ascii_uppercase + string.digits) for _ in range(16))


# -- fault injection -------------------------------------------------------------------------------

# Loaded as ``sitecustomize`` by the ``ken`` processes of a test that sets ``KEN_FAULT`` (its
# folder goes on PYTHONPATH). A spec is ``ACTION:OPERATION:TARGET``: the OPERATION (write, fsync,
# replace or flock) on a file whose path contains TARGET is made to fail with an errno (eio,
# enospc), or the process kills itself right before or after it (kill-before, kill-after,
# torn-kill writes half the bytes first), or holds the lock it just took (hold; a shared one too,
# such as the rebuild's marker). The real
# system calls run otherwise: this is the only way to put an I/O error at an exact step.
FAULTS = r'''
import errno, os, signal, sys, time

def _path(fd):
    try:
        return os.readlink("/proc/self/fd/%d" % fd)
    except OSError:
        return ""

def _die():
    os.kill(os.getpid(), signal.SIGKILL)

_ERRNO = {"eio": errno.EIO, "enospc": errno.ENOSPC, "efbig": errno.EFBIG, "erofs": errno.EROFS}

def _wrap(real, name_of, action, target, partial=None):
    def call(*args, **kwargs):
        hit = target in name_of(*args)
        if hit and action in _ERRNO:
            code = _ERRNO[action]
            raise OSError(code, os.strerror(code))
        if hit and action == "kill-before":
            _die()
        if hit and action == "torn-kill" and partial is not None:
            partial(*args)
            _die()
        result = real(*args, **kwargs)
        if hit and action == "kill-after":
            _die()
        return result
    return call

def _install(spec):
    action, op, target = spec.split(":", 2)
    if op == "write":
        real_write = os.write
        os.write = _wrap(real_write, lambda fd, data: _path(fd), action, target,
                         partial=lambda fd, data: real_write(fd, bytes(data)[:max(1, len(data) // 2)]))
    elif op == "fsync":
        os.fsync = _wrap(os.fsync, lambda fd: _path(fd), action, target)
    elif op == "replace":
        os.replace = _wrap(os.replace, lambda src, dst, **kw: str(dst), action, target)
    elif op == "flock":
        import fcntl
        real_flock = fcntl.flock
        def flock(fd, operation):
            result = real_flock(fd, operation)
            if action == "hold" and target in _path(fd) and operation & (fcntl.LOCK_EX | fcntl.LOCK_SH):
                ready = os.environ.get("KEN_FAULT_READY")
                if ready:
                    open(ready, "w").close()
                time.sleep(3600)
            return result
        fcntl.flock = flock

if os.environ.get("KEN_FAULT"):
    _install(os.environ["KEN_FAULT"])
'''


def fault_env(base: Path, spec: str, **extra: str) -> dict[str, str]:
    """Environment additions that make a ``ken`` process run with the fault ``spec``."""
    folder = base / "faults"
    folder.mkdir(exist_ok=True)
    (folder / "sitecustomize.py").write_text(FAULTS)
    return {"PYTHONPATH": str(folder), "KEN_FAULT": spec, **extra}


# -- mounts (root only): a small disk, a read-only folder --------------------------------------------


def _mount(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["mount", *args], capture_output=True, text=True, timeout=30)


def can_mount() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("mount") is not None


@contextlib.contextmanager
def tmpfs(path: Path, size: str) -> Iterator[Path]:
    """A tmpfs of ``size`` at ``path`` (skips the test when mounting is not allowed here)."""
    path.mkdir(parents=True, exist_ok=True)
    if not can_mount():
        pytest.skip("mounting a small tmpfs needs root")
    r = _mount("-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path))
    if r.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {r.stderr.strip()}")
    try:
        yield path
    finally:
        _unmount(path)


@contextlib.contextmanager
def read_only(path: Path) -> Iterator[str]:
    """``path`` made unwritable: chmod 0555 for a normal user; for root (whom chmod does not stop)
    a read-only bind mount. Yields how it was done; skips when neither works."""
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        mode = path.stat().st_mode & 0o7777
        path.chmod(0o555)
        try:
            yield "chmod 0555"
        finally:
            path.chmod(mode)
        return
    if not can_mount():
        pytest.skip("running as root without `mount`: chmod cannot make a folder read-only for root")
    r = _mount("--bind", str(path), str(path))
    if r.returncode != 0:
        pytest.skip(f"running as root and cannot bind-mount: {r.stderr.strip()}")
    try:
        r = _mount("-o", "remount,ro,bind", str(path))
        if r.returncode != 0:
            pytest.skip(f"running as root and cannot remount read-only: {r.stderr.strip()}")
        probe = path / ".probe"
        try:
            probe.write_text("x")
            probe.unlink()
            pytest.skip("the read-only bind mount is still writable here")
        except OSError:
            pass
        yield "read-only bind mount"
    finally:
        _unmount(path)


def _unmount(path: Path) -> None:
    for _ in range(20):
        if subprocess.run(["umount", str(path)], capture_output=True).returncode == 0:
            return
        time.sleep(0.1)  # a killed child may still hold a file open for a moment
    subprocess.run(["umount", "-l", str(path)], capture_output=True)


# -- the machine --------------------------------------------------------------------------------------


class World:
    """A temporary machine: ``KEN_HOME``, ``HOME`` and git repositories under one folder."""

    def __init__(self, base: Path) -> None:
        assert KEN, "the `ken` executable is not installed next to this Python nor on PATH"
        self.base = base
        self.env = isolated_env(base, NO_COLOR="1")
        # thousands of short processes: let them keep bytecode, outside the source tree (halves
        # the cost of each `ken` run; nothing else about the machine changes)
        del self.env["PYTHONDONTWRITEBYTECODE"]
        self.env["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "kenning-reliability-pycache")

    def git(self, cwd: Path, *args: str, env: dict[str, str] | None = None) -> str:
        r = subprocess.run(["git", *args], cwd=cwd, env={**self.env, **(env or {})}, capture_output=True,
                           text=True, timeout=60)
        assert r.returncode == 0, f"git {' '.join(args)} failed: {r.stderr}"
        return r.stdout

    def repo(self, name: str = "repo", files: dict[str, str] | None = None, init: bool = True,
             where: Path | None = None) -> Repo:
        """A git repository with one commit; ``ken init --no-hooks --no-backfill`` unless not ``init``."""
        path = (where or self.base) / name
        path.mkdir(parents=True)
        self.git(path, "init", "-q", "-b", "main")
        for rel, text in (files or {"src/app.py": "def main():\n    return 1\n"}).items():
            (path / rel).parent.mkdir(parents=True, exist_ok=True)
            (path / rel).write_text(text)
        self.git(path, "add", "-A")
        self.git(path, "commit", "-q", "-m", "initial")
        repo = Repo(self, path)
        if init:  # a set-up, not the case: `main` in this process (the cases run `ken` processes)
            done = repo.inproc("init", "--no-hooks", "--no-backfill")
            assert done.returncode == 0 and not crash(done), done.describe()
        return repo

    def copy(self, source: Repo, name: str) -> Repo:
        """An exact copy of a repository (git, log and cache), to start a case from the same state."""
        target = self.base / name
        shutil.copytree(source.path, target, symlinks=True)
        return Repo(self, target)


class Repo:
    def __init__(self, world: World, path: Path) -> None:
        self.world = world
        self.path = path

    @property
    def log(self) -> Path:
        return self.path / LOG

    def log_bytes(self) -> bytes:
        return self.log.read_bytes()

    def summary_md(self) -> bytes:
        return (self.path / ".kenning" / "summary.md").read_bytes()

    def config(self, text: str) -> None:
        """Replace a ``[table]`` of .kenning/config.toml (or add it)."""
        cfg = self.path / ".kenning" / "config.toml"
        current = cfg.read_text()
        for header in [ln.strip() for ln in text.splitlines() if ln.strip().startswith("[")]:
            kept, skipping = [], False
            for line in current.splitlines():
                if line.strip().startswith("["):
                    skipping = line.split("#")[0].strip() == header
                if not skipping:
                    kept.append(line)
            current = "\n".join(kept) + "\n"
        cfg.write_text(current.rstrip("\n") + "\n\n" + text.strip("\n") + "\n")

    def popen(self, *args: str | bytes, env: dict[str, str] | None = None, **kw: Any) -> subprocess.Popen[bytes]:
        return subprocess.Popen([KEN, *args], cwd=self.path, env={**self.world.env, **(env or {})},
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)

    def ken(self, *args: str | bytes, input: bytes | None = None, env: dict[str, str] | None = None,
            timeout: float = 60, cwd: Path | None = None,
            preexec_fn: Callable[[], None] | None = None) -> Result:
        start = time.monotonic()
        r = subprocess.run([KEN, *args], cwd=cwd or self.path, env={**self.world.env, **(env or {})},
                           input=input if input is not None else b"", capture_output=True, timeout=timeout,
                           preexec_fn=preexec_fn)
        return Result(list(args), r.returncode, r.stdout, r.stderr, time.monotonic() - start)

    def ok(self, *args: str | bytes, **kw: Any) -> Result:
        r = self.ken(*args, **kw)
        assert r.returncode == 0 and not crash(r), r.describe()
        return r

    def json(self, *args: str, **kw: Any) -> Any:
        return json.loads(self.ok(*args, "--json", **kw).stdout)

    def inproc(self, *args: str) -> Result:
        """``kenning.cli.main.main(args)`` in this process, in this repository with this machine's
        environment: a hundred times cheaper than a process, for loops of thousands of runs."""
        return run_in_process(list(args), self.path, self.world.env)


@contextlib.contextmanager
def _inside(cwd: Path, env: dict[str, str]) -> Iterator[None]:
    saved_env, saved_cwd = dict(os.environ), os.getcwd()
    os.environ.clear()
    os.environ.update(env)
    os.chdir(cwd)
    try:
        yield
    finally:
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)


def run_in_process(argv: list[str], cwd: Path, env: dict[str, str]) -> Result:
    """Run the CLI's ``main`` here, with stdout/stderr as strict UTF-8 streams like a process has."""
    from kenning.cli import main as cli

    out, err = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", errors="strict", write_through=True)
    stderr = io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace", write_through=True)
    stdin = io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")
    saved = sys.stdin
    start = time.monotonic()
    with _inside(cwd, env), contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        sys.stdin = stdin
        try:
            code: Any = cli.main(argv)
        except SystemExit as exit_:  # argparse's --help and --version
            code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 2)
        except BaseException as exc:  # noqa: BLE001 - a crash is a result to assert on
            import traceback

            stderr.write("Traceback (most recent call last):\n" + "".join(traceback.format_exception(exc)))
            code = 99
        finally:
            sys.stdin = saved
    return Result(argv, code, out.getvalue(), err.getvalue(), time.monotonic() - start)


@pytest.fixture
def world(tmp_path: Path) -> World:
    return World(tmp_path)


@pytest.fixture
def repo(world: World) -> Repo:
    """An initialized repository with ``src/app.py`` committed."""
    return world.repo()
