"""Fixtures for the release tests: the wheel built from this checkout, a clean virtual
environment it is installed in, and the agents' real CLIs from npm.

What needs the network happens here, in the set-up, once: the wheel's dependencies, uv, the npm
packages. The npm CLIs are installed once into a cache folder (``KEN_TEST_CACHE``, else
``~/.cache/kenning-tests``) and reused by later runs. Where something cannot be had (no npm, no
network), the tests that need it are skipped, saying why.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("KEN_TEST_CACHE") or Path.home() / ".cache" / "kenning-tests")
NPM_PACKAGES = {"claude": "@anthropic-ai/claude-code", "codex": "@openai/codex", "gemini": "@google/gemini-cli"}


def _run(args: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, **kwargs)


@contextmanager
def shared(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[Path]:
    """The folder ``name`` of the whole run, one for every xdist worker: the first worker to get
    here makes it (inside the block, under a lock) and the others wait and find it made. A
    wheel and a venv cost half a minute each; a worker of its own should not pay them again."""
    import fcntl  # the release tests run where the agents' CLIs do: POSIX

    run = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run = run.parent  # each worker's base folder is inside the run's
    with open(run / f"{name}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, whatever the block raised
        yield run / name


def _made(folder: Path) -> bool:
    """Whether a fixture under ``shared`` made ``folder`` whole (its DONE file is written last)."""
    return (folder / "DONE").exists()


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel ``python -m build`` makes from this checkout (as ``make dist`` does): built
    once for the run, whatever the number of workers."""
    with shared(tmp_path_factory, "dist") as out:
        if not _made(out):
            shutil.rmtree(out, ignore_errors=True)
            r = _run([sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(ROOT)], timeout=600)
            if r.returncode != 0:
                pytest.skip(f"python -m build could not build the wheel (no network for its build backend?): "
                            f"{r.stderr.strip().splitlines()[-1:]}")
            (out / "DONE").touch()
        return next(out.glob("*.whl"))


@pytest.fixture(scope="session")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin folder of a new virtual environment with the wheel and its dependencies installed
    (one for the run: the tests install nothing more into it)."""
    with shared(tmp_path_factory, "venv") as env_dir:
        bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
        if not _made(env_dir):
            shutil.rmtree(env_dir, ignore_errors=True)
            venv.create(env_dir, with_pip=True)
            r = _run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)], timeout=900)
            if r.returncode != 0:
                pytest.skip(f"the wheel's dependencies could not be installed (no network?): {r.stderr.strip()[-300:]}")
            (env_dir / "DONE").touch()
        return bin_dir


@pytest.fixture(scope="session")
def uvx() -> str:
    """uv's ``uvx``: on PATH, else installed once into the cache folder with pip."""
    found = shutil.which("uvx")
    if found:
        return found
    target = CACHE / "uv"
    cached = target / "bin" / "uvx"
    if not cached.exists():
        r = _run([sys.executable, "-m", "pip", "install", "-q", "--prefix", str(target), "uv"], timeout=600)
        if r.returncode != 0 or not cached.exists():
            pytest.skip(f"uv is not installed and pip could not install it: {r.stderr.strip()[-300:]}")
    return str(cached)


def npm_cli(agent: str) -> Path:
    """The real CLI of ``agent`` (claude, codex, gemini) from npm, installed once into the cache."""
    prefix = CACHE / "npm"
    binary = prefix / "node_modules" / ".bin" / agent
    if not binary.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip(f"npm is not installed, so the real {agent} CLI ({NPM_PACKAGES[agent]}) cannot be")
        prefix.mkdir(parents=True, exist_ok=True)
        r = _run([npm, "install", "--prefix", str(prefix), "--no-audit", "--no-fund", NPM_PACKAGES[agent]],
                 timeout=900)
        if r.returncode != 0 or not binary.exists():
            pytest.skip(f"npm could not install {NPM_PACKAGES[agent]} (no network?): {r.stderr.strip()[-300:]}")
    if agent == "claude" and _run([str(binary), "--version"], timeout=120).returncode != 0:
        # the package fetches its native binary in a postinstall step; run it where it did not
        _run(["node", str(prefix / "node_modules" / "@anthropic-ai" / "claude-code" / "install.cjs")], timeout=600)
        if _run([str(binary), "--version"], timeout=120).returncode != 0:
            pytest.skip("the Claude Code CLI's native binary could not be installed (no network?)")
    return binary
