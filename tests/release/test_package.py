"""The release package: the wheel built from this checkout installs into a clean virtual
environment and its ``ken`` works there: ``--version``, ``init``, and ``mcp`` over stdio."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import kenning
from kenning.app.setup.installation import DISTRIBUTION
from machine import isolated_env, run_git  # noqa: E402  (tests/ is on sys.path: its conftest.py)
from release.conftest import ROOT

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

pytestmark = pytest.mark.slow


def test_the_distribution_name_and_version_come_from_one_place() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["name"] == DISTRIBUTION
    assert project["dynamic"] == ["version"] and "version" not in project


def test_the_wheel_runs_ken_from_a_clean_environment(installed: Path, tmp_path: Path) -> None:
    ken = str(installed / "ken")
    env = isolated_env(tmp_path)
    version = subprocess.run([ken, "--version"], capture_output=True, text=True, env=env, timeout=60)
    assert version.stdout.strip() == f"ken {kenning.__version__}", version.stderr
    alias = subprocess.run([str(installed / DISTRIBUTION), "--version"], capture_output=True, text=True, env=env,
                           timeout=60)  # the name `uvx kenning-memory mcp` runs, as the MCP registry says
    assert alias.stdout == version.stdout, alias.stderr

    repo = tmp_path / "repo"
    repo.mkdir()
    run_git(["init", "-q"], repo, env)
    (repo / "app.py").write_text("x = 1\n")
    run_git(["add", "-A"], repo, env)
    run_git(["commit", "-q", "-m", "first"], repo, env)
    init = subprocess.run([ken, "init"], cwd=repo, capture_output=True, text=True, env=env, timeout=120)
    assert init.returncode == 0, init.stderr
    assert (repo / ".kenning" / "events.jsonl").exists()

    hello = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                        "clientInfo": {"name": "release-test", "version": "0"}}}
    server = subprocess.run([ken, "mcp"], cwd=repo, input=json.dumps(hello) + "\n", capture_output=True,
                            text=True, env=env, timeout=120)
    answer = json.loads(server.stdout.splitlines()[0])
    assert answer["result"]["serverInfo"] == {"name": "kenning", "version": kenning.__version__}, server.stderr


def test_uvx_runs_ken_from_the_wheel(wheel: Path, uvx: str, tmp_path: Path) -> None:
    env = isolated_env(tmp_path, UV_CACHE_DIR=str(tmp_path / "uv-cache"))
    r = subprocess.run([uvx, "--from", str(wheel), "ken", "--version"], capture_output=True, text=True, env=env,
                       timeout=900)
    if r.returncode != 0 and any(word in r.stderr.lower() for word in ("network", "dns", "connect")):
        pytest.skip(f"uvx could not fetch the wheel's dependencies: {r.stderr.strip()[-300:]}")
    assert r.stdout.strip() == f"ken {kenning.__version__}", r.stderr
