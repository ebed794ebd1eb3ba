"""kenning beside the real pre-commit framework (https://pre-commit.com): its advisory warnings
reach the terminal of `git commit`, and the gate runs once per commit whichever of
`pre-commit install` and `ken init` came first.

The framework runs a ``repo: local`` hook built from this repository's own
``.pre-commit-hooks.yaml`` (``language: system`` and the absolute ``ken``, so nothing is
downloaded); the manifest itself is checked by the framework's own loader.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import KEN, Repo, World

pytest.importorskip("pre_commit", reason="the pre-commit framework is not installed (pip install -e '.[dev]')")
from pre_commit.clientlib import load_manifest  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
HOOK_ID = "kenning-precheck"
TOLD = "kenning: what memory says about the staged files:"


def manifest_hook() -> dict:
    hooks = load_manifest(str(ROOT / ".pre-commit-hooks.yaml"))
    found = [h for h in hooks if h["id"] == HOOK_ID]
    assert len(found) == 1, hooks
    return found[0]


def framework_config(runs_kenning: bool = True) -> str:
    """A .pre-commit-config.yaml whose local hook is kenning's manifest entry, run from this venv."""
    if not runs_kenning:
        return ("repos:\n  - repo: local\n    hooks:\n      - id: say-hello\n        name: say hello\n"
                "        entry: echo hello\n        language: system\n        pass_filenames: false\n")
    hook = manifest_hook()
    entry = hook["entry"].replace("ken ", f"{shlex.quote(str(KEN))} ", 1)
    return ("repos:\n  - repo: local\n    hooks:\n"
            f"      - id: {hook['id']}\n"
            f"        name: {json.dumps(hook['name'])}\n"
            f"        entry: {json.dumps(entry)}\n"
            "        language: system\n"
            f"        pass_filenames: {str(hook['pass_filenames']).lower()}\n"
            f"        always_run: {str(hook['always_run']).lower()}\n"
            f"        verbose: {str(hook['verbose']).lower()}\n"
            f"        stages: [{', '.join(hook['stages'])}]\n")


def framework(repo: Repo, *args: str) -> subprocess.CompletedProcess:
    env = {**repo.world.env, "PRE_COMMIT_HOME": str(repo.world.base / "pre-commit-home")}
    r = subprocess.run([sys.executable, "-m", "pre_commit", *args], cwd=repo.path, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, f"pre-commit {' '.join(args)} -> {r.returncode}\n{r.stdout}\n{r.stderr}"
    return r


def project_with_config(world: World, runs_kenning: bool = True) -> Repo:
    repo = world.repo()
    repo.write(".pre-commit-config.yaml", framework_config(runs_kenning))
    repo.commit("app.py", "a = 1\n", "initial", 10)
    return repo


def remember_failure(repo: Repo) -> None:
    """An open issue and a failed attempt on app.py (a warning, not a block), committed."""
    issue = repo.issue("app crashes on start", "app.py", 4)
    repo.failed("cached the config at import", "app.py", issue, 3)
    repo.git("add", "-A")
    repo.commit(None, None, "record memory", 2)


def gate_runs(repo: Repo) -> int:
    """How many times a git hook ran the gate on app.py (one check record per run)."""
    log = repo.path / ".kenning" / "local" / "checks.jsonl"
    lines = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    return sum(1 for line in lines if line.get("surface") == "git-hook" and line.get("file") == "app.py")


def commit_app(repo: Repo, text: str) -> tuple[subprocess.CompletedProcess, int]:
    """Change app.py and `git commit` with the hooks on: (git's result, gate runs it caused)."""
    before = gate_runs(repo)
    repo.write("app.py", text)
    repo.git("add", "app.py")
    r = repo.git("commit", "-m", "change app", check=False, days=1,
                 env={"PRE_COMMIT_HOME": str(repo.world.base / "pre-commit-home")})
    return r, gate_runs(repo) - before


def pre_commit_hook(repo: Repo) -> str:
    return (repo.path / ".git" / "hooks" / "pre-commit").read_text()


def test_the_shipped_hook_is_verbose_and_runs_once_on_the_staged_files():
    hook = manifest_hook()
    assert hook["verbose"] is True  # a passing hook's output is hidden unless verbose: the gate passes
    assert hook["entry"] == "ken hook pre-commit"
    assert hook["pass_filenames"] is False and hook["always_run"] is True  # ken reads the staged files itself
    assert hook["stages"] == ["pre-commit"] and hook["language"] == "python"


def test_ken_init_after_pre_commit_install_leaves_the_gate_to_the_framework(world: World):
    repo = project_with_config(world)
    framework(repo, "install")
    r = repo.ok("init", "--no-backfill", days=5)
    assert "skipped (the pre-commit framework runs kenning-precheck from .pre-commit-config.yaml)" in r.stdout
    assert "installed  git hook post-commit" in r.stdout
    assert "# >>> kenning >>>" not in pre_commit_hook(repo)
    assert "run by the pre-commit framework" in repo.ok("hooks", "status").stdout
    gate = next(h for h in repo.json("status")["git_hooks"]["hooks"] if h["hook"] == "pre-commit")
    assert gate["installed"] and gate["gate_runs"] == 1 and gate["framework"]["runs_kenning"]
    remember_failure(repo)

    r, runs = commit_app(repo, "a = 2\n")
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    assert runs == 1, out
    assert out.count(TOLD) == 1, out  # the advisory warning reaches the terminal, once
    assert "cached the config at import" in out and "kenning precheck" in out


def test_pre_commit_install_after_ken_init_is_made_to_run_the_gate_once(world: World):
    repo = project_with_config(world)
    repo.ok("init", "--no-backfill", days=5)
    framework(repo, "install")  # moves kenning's hook to pre-commit.legacy, and runs it from there
    remember_failure(repo)
    r, runs = commit_app(repo, "a = 2\n")
    assert runs == 2, r.stdout + r.stderr
    assert "runs 2 times per commit" in repo.ok("hooks", "status").stdout

    r = repo.ok("hooks", "install")
    assert "took kenning's own block out: the gate ran twice per commit" in r.stdout
    assert not (repo.path / ".git" / "hooks" / "pre-commit.legacy").exists()
    r, runs = commit_app(repo, "a = 3\n")
    out = r.stdout + r.stderr
    assert r.returncode == 0 and runs == 1, out
    assert out.count(TOLD) == 1, out


def test_a_users_own_hook_kept_as_legacy_is_given_back(world: World):
    repo = project_with_config(world)
    mine = "#!/bin/sh\necho my-own-hook-ran\n"
    repo.write(".git/hooks/pre-commit", mine).chmod(0o755)
    repo.ok("init", "--no-backfill", days=5)
    framework(repo, "install")
    repo.ok("hooks", "install")
    assert (repo.path / ".git" / "hooks" / "pre-commit.legacy").read_text() == mine
    remember_failure(repo)
    r, runs = commit_app(repo, "a = 2\n")
    assert r.returncode == 0 and runs == 1, r.stdout + r.stderr
    assert "my-own-hook-ran" in r.stdout + r.stderr


def test_uninstall_takes_kenning_out_of_the_framework_s_legacy_hook(world: World):
    repo = project_with_config(world, runs_kenning=False)
    repo.ok("init", "--no-backfill", days=5)
    framework(repo, "install")
    assert "installed in pre-commit.legacy" in repo.ok("hooks", "status").stdout
    r = repo.ok("hooks", "uninstall")
    assert "removed (from pre-commit.legacy" in r.stdout
    assert not (repo.path / ".git" / "hooks" / "pre-commit.legacy").exists()
    remember_failure(repo)
    r, runs = commit_app(repo, "a = 2\n")
    assert r.returncode == 0 and runs == 0 and "say hello" in r.stdout + r.stderr, r.stdout + r.stderr


def test_a_framework_hook_without_kenning_gets_the_block_and_the_advice(world: World):
    repo = project_with_config(world, runs_kenning=False)
    framework(repo, "install")
    r = repo.ok("init", "--no-backfill", days=5)
    assert "add the kenning-precheck hook to .pre-commit-config.yaml" in r.stdout
    assert "# >>> kenning >>>" in pre_commit_hook(repo)
    remember_failure(repo)
    r, runs = commit_app(repo, "a = 2\n")
    out = r.stdout + r.stderr
    assert r.returncode == 0 and runs == 1, out
    assert out.count(TOLD) == 1 and "say hello" in out, out


def test_strict_mode_refuses_the_commit_through_the_framework(world: World):
    repo = project_with_config(world)
    framework(repo, "install")
    repo.ok("init", "--no-backfill", days=5)
    issue = repo.issue("app crashes on start", "app.py", 4)
    for n in range(3):
        repo.failed(f"approach {n}", "app.py", issue, 3 - n * 0.1)
    cfg = repo.path / ".kenning" / "config.toml"
    cfg.write_text(cfg.read_text().replace('commit = "advisory"', 'commit = "strict"'))
    repo.git("add", "-A")
    repo.commit(None, None, "record memory", 2)
    r, runs = commit_app(repo, "a = 2\n")
    assert r.returncode != 0 and runs == 1, r.stdout + r.stderr
    assert "commit refused" in r.stdout + r.stderr


def readme_config() -> str:
    """The `.pre-commit-config.yaml` the README gives, as a user copies it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("[pre-commit framework]"):]
    found = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert found, "README.md gives no .pre-commit-config.yaml after naming the pre-commit framework"
    return found.group(1)


def test_the_readme_s_pre_commit_config_works_as_written(world: World):
    repo = world.repo()
    repo.write(".pre-commit-config.yaml", readme_config())
    repo.commit("app.py", "a = 1\n", "initial", 10)
    on_path = {"PATH": f"{Path(KEN).parent}{os.pathsep}{repo.world.env.get('PATH', '')}"}  # the `ken` a user has
    framework(repo, "validate-config", ".pre-commit-config.yaml")
    framework(repo, "install")
    r = repo.ok("init", "--no-backfill", days=5)
    assert "the pre-commit framework runs kenning-precheck from .pre-commit-config.yaml" in r.stdout, r.stdout
    remember_failure(repo)
    before = gate_runs(repo)
    repo.write("app.py", "a = 2\n")
    repo.git("add", "app.py")
    r = repo.git("commit", "-m", "change app", check=False, days=1,
                 env={**on_path, "PRE_COMMIT_HOME": str(repo.world.base / "pre-commit-home")})
    out = r.stdout + r.stderr
    assert r.returncode == 0 and gate_runs(repo) - before == 1, out
    assert out.count(TOLD) == 1 and "cached the config at import" in out, out
