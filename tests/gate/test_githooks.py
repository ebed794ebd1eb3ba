"""kenning's git hooks, driven by real ``git commit``/``git revert`` in temp repositories.

Install/uninstall/status, chaining the user's own hooks (shell and Python), ``core.hooksPath``,
the advisory and the strict pre-commit, a clean tree after commits, ``git revert`` with hooks
installed, and fail-open when ``ken`` is broken or missing.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest

from .conftest import KEN, LOG, Repo, World, path_without_ken

HOOKS = ("pre-commit", "post-commit", "post-merge", "post-checkout")
BEGIN = "# >>> kenning >>>"
END = "# <<< kenning <<<"


def hooks_dir(repo: Repo) -> Path:
    return repo.path / ".git" / "hooks"


def user_hook(folder: Path, name: str, text: str, mode: int = 0o755) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text)
    path.chmod(mode)
    return path


def shell_marker_hook(marker: Path, tail: str = "") -> str:
    return f'#!/bin/sh\n# my own hook\necho "ran $0" >> "{marker}"\n{tail}'


def tracked_repo(world: World, name: str = "repo", init_args: tuple[str, ...] = ()) -> Repo:
    """A repository with kenning initialized (hooks installed) and its files committed."""
    repo = world.repo(name)
    repo.commit("app.py", "a = 1\n", "initial", 10)
    repo.commit("other.py", "o = 1\n", "add other", 9)
    repo.ok("init", "--no-backfill", *init_args, days=5)
    repo.git("add", "-A")
    repo.commit(None, None, "add kenning", 5)
    return repo


def block_app(repo: Repo) -> list[str]:
    """Three failed attempts on app.py, logged and committed: the gate blocks app.py."""
    issue = repo.issue("app crashes on start", "app.py", 4)
    ids = [repo.failed(f"approach {t}", "app.py", issue, d) for t, d in (("a", 3), ("b", 2), ("c", 1))]
    repo.git("add", "-A")
    repo.commit(None, None, "record memory", 1)
    return ids


def set_strict(repo: Repo) -> None:
    cfg = repo.path / ".kenning" / "config.toml"
    text = cfg.read_text()
    assert 'commit = "advisory"' in text
    cfg.write_text(text.replace('commit = "advisory"', 'commit = "strict"'))
    repo.git("add", str(cfg))
    repo.commit(None, None, "strict gate", 0.9)


def change_and_commit(repo: Repo, rel: str, text: str, message: str, *extra: str,
                      env: dict[str, str] | None = None):
    (repo.path / rel).write_text(text)
    repo.git("add", rel)
    return repo.git("commit", *extra, "-m", message, check=False, days=0.5, env=env)


# -- install / status / uninstall -----------------------------------------------------------------

def test_init_installs_the_four_hooks(world: World):
    repo = tracked_repo(world)
    ken = str(Path(KEN).resolve())
    for name in HOOKS:
        path = hooks_dir(repo) / name
        text = path.read_text()
        assert text.startswith("#!/bin/sh\n")
        assert text.count(BEGIN) == 1 and text.count(END) == 1
        assert f"hook {name}" in text
        assert f'KEN="{ken}"' in text, "the hook names ken by absolute path"
        assert "command -v ken" in text, "with a PATH fallback"
        assert "timeout" in text, "time-limited"
        assert os.access(path, os.X_OK)
    r = repo.ok("hooks", "status")
    lines = r.stdout.splitlines()
    for name in HOOKS:
        assert any(re.fullmatch(rf"{name}\s+installed", ln) for ln in lines), r.stdout
    assert f"hooks folder: {hooks_dir(repo)}" in r.stdout


def test_no_hooks_flag_installs_nothing(world: World):
    repo = world.repo()
    repo.commit("a.py", "a = 1\n", "initial", 1)
    repo.ok("init", "--no-hooks", "--no-backfill")
    assert not any((hooks_dir(repo) / name).exists() for name in HOOKS)
    r = repo.ok("hooks", "status")
    assert all(re.search(rf"^{name}\s+not installed$", r.stdout, re.M) for name in HOOKS), r.stdout


def test_install_is_idempotent(world: World):
    repo = tracked_repo(world)
    first = {name: (hooks_dir(repo) / name).read_bytes() for name in HOOKS}
    r = repo.ok("hooks", "install")
    assert all(re.search(rf"^{name}\s+unchanged$", r.stdout, re.M) for name in HOOKS), r.stdout
    repo.ok("init", "--no-backfill")
    assert {name: (hooks_dir(repo) / name).read_bytes() for name in HOOKS} == first


def test_uninstall_removes_hooks_kenning_created(world: World):
    repo = tracked_repo(world)
    repo.ok("hooks", "uninstall")
    assert not any((hooks_dir(repo) / name).exists() for name in HOOKS)
    r = repo.ok("hooks", "status")
    assert all(re.search(rf"^{name}\s+not installed$", r.stdout, re.M) for name in HOOKS), r.stdout
    repo.ok("hooks", "uninstall")  # twice is fine


# -- chaining the user's hooks --------------------------------------------------------------------

def test_existing_shell_hook_keeps_running_and_is_restored_exactly(world: World):
    repo = world.repo()
    marker = world.base / "marker"
    original = shell_marker_hook(marker)
    hook = user_hook(hooks_dir(repo), "pre-commit", original)
    repo.commit("app.py", "a = 1\n", "initial", 10)
    marker.unlink(missing_ok=True)
    repo.ok("init", "--no-backfill")
    text = hook.read_text()
    assert BEGIN in text and original.split("\n", 1)[1] in text
    r = repo.ok("hooks", "status")
    assert re.search(r"^pre-commit\s+installed$", r.stdout, re.M)
    repo.git("add", "-A")
    assert repo.git("commit", "-q", "-m", "add kenning").returncode == 0
    assert marker.read_text().count("ran") == 1, "the user's own hook still runs"
    r = repo.ok("hooks", "uninstall")
    assert re.search(r"^pre-commit\s+removed", r.stdout, re.M)
    assert hook.read_bytes() == original.encode()
    assert stat.S_IMODE(hook.stat().st_mode) == 0o755
    assert not any((hooks_dir(repo) / name).exists() for name in HOOKS if name != "pre-commit")
    r = repo.ok("hooks", "status")
    assert re.search(r"^pre-commit\s+not installed \(a hook of your own is there\)$", r.stdout, re.M), r.stdout


def test_existing_hook_without_shebang_is_restored_exactly(world: World):
    repo = world.repo()
    marker = world.base / "marker"
    original = f'touch "{marker}"\n'
    hook = user_hook(hooks_dir(repo), "pre-commit", original)
    repo.commit("app.py", "a = 1\n", "initial", 10)
    marker.unlink(missing_ok=True)
    repo.ok("init", "--no-backfill")
    repo.git("add", "-A")
    repo.git("commit", "-q", "-m", "add kenning")
    assert marker.exists()
    repo.ok("hooks", "uninstall")
    assert hook.read_bytes() == original.encode()


def test_a_users_exit_0_cannot_skip_the_strict_block(world: World):
    repo = world.repo()
    marker = world.base / "marker"
    user_hook(hooks_dir(repo), "pre-commit", shell_marker_hook(marker, "exit 0\n"))
    repo.commit("app.py", "a = 1\n", "initial", 10)
    repo.ok("init", "--no-backfill", days=5)
    repo.git("add", "-A")
    repo.commit(None, None, "add kenning", 5)
    block_app(repo)
    set_strict(repo)
    head = repo.head()
    r = change_and_commit(repo, "app.py", "a = 2\n", "touch app")
    assert r.returncode != 0, r.stdout + r.stderr
    assert repo.head() == head
    assert "app.py" in r.stderr and "strict" in r.stderr


def test_the_users_hook_can_still_refuse_a_commit(world: World):
    repo = world.repo()
    user_hook(hooks_dir(repo), "pre-commit", "#!/bin/sh\necho 'no commits today' >&2\nexit 1\n")
    repo.commit("app.py", "a = 1\n", "initial", 10)
    repo.ok("init", "--no-backfill")
    repo.git("add", "-A")
    r = repo.git("commit", "-m", "add kenning", check=False)
    assert r.returncode != 0 and "no commits today" in r.stderr


def test_python_hooks_are_chained_and_restored(world: World):
    repo = world.repo()
    marker = world.base / "marker"
    py = ("#!/usr/bin/env python3\nimport sys\n"
          f"open({str(marker)!r}, 'a').write(sys.argv[0].rsplit('/', 1)[-1] + ' ' + ' '.join(sys.argv[1:]) + '\\n')\n")
    pre = user_hook(hooks_dir(repo), "pre-commit", py)
    checkout = user_hook(hooks_dir(repo), "post-checkout", py)
    repo.commit("app.py", "a = 1\n", "initial", 10)
    marker.write_text("")
    r = repo.ok("init", "--no-backfill")
    assert "chained" in r.stdout or "your hook" in r.stdout
    assert pre.read_text().startswith("#!/bin/sh\n") and BEGIN in pre.read_text()
    repo.git("add", "-A")
    repo.git("commit", "-q", "-m", "add kenning")
    repo.git("checkout", "-q", "-b", "topic")
    ran = marker.read_text().splitlines()
    assert any(line.startswith("pre-commit") for line in ran), ran
    checkout_lines = [line.split() for line in ran if line.startswith("post-checkout")]
    assert checkout_lines and len(checkout_lines[-1]) == 4, f"post-checkout gets its 3 arguments: {ran}"
    repo.ok("hooks", "uninstall")
    assert pre.read_bytes() == py.encode() and checkout.read_bytes() == py.encode()
    assert os.access(pre, os.X_OK) and os.access(checkout, os.X_OK)
    assert not list(hooks_dir(repo).glob("*.kenning-chained"))


@pytest.mark.parametrize("relative", [False, True])
def test_core_hooks_path_is_honoured(world: World, relative: bool):
    repo = world.repo()
    folder = repo.path / ".githooks" if relative else world.base / "shared-hooks"
    repo.git("config", "core.hooksPath", ".githooks" if relative else str(folder))
    marker = world.base / "marker"
    user_hook(folder, "pre-commit", shell_marker_hook(marker))
    repo.commit("app.py", "a = 1\n", "initial", 10)
    marker.unlink(missing_ok=True)
    repo.ok("init", "--no-backfill")
    for name in HOOKS:
        assert BEGIN in (folder / name).read_text()
        assert not (hooks_dir(repo) / name).exists()
    assert f"hooks folder: {folder}" in repo.ok("hooks", "status").stdout
    repo.git("add", "app.py", ".kenning", ".gitattributes", "CLAUDE.md", "AGENTS.md")
    repo.git("commit", "-q", "-m", "add kenning")
    assert marker.exists(), "the user's hook in core.hooksPath still runs"


# -- pre-commit: advisory and strict --------------------------------------------------------------

def test_advisory_pre_commit_prints_the_warnings_and_commits(world: World):
    repo = tracked_repo(world)
    block_app(repo)
    head = repo.head()
    r = change_and_commit(repo, "app.py", "a = 2\n", "change app")
    assert r.returncode == 0, r.stderr
    assert repo.head() != head
    out = r.stdout + r.stderr
    assert "app.py" in out and "BLOCK" in out
    assert "approach c" in out and "approach b" in out, "the failed attempts are named"
    r = change_and_commit(repo, "other.py", "o = 2\n", "change other")
    assert r.returncode == 0 and "kenning" not in r.stderr, "a quiet file prints nothing"


def test_strict_pre_commit_refuses_a_blocked_file_and_allows_others(world: World):
    repo = tracked_repo(world)
    block_app(repo)
    set_strict(repo)
    head = repo.head()
    r = change_and_commit(repo, "app.py", "a = 2\n", "change app")
    assert r.returncode != 0
    assert repo.head() == head
    assert "refused" in r.stderr and "app.py" in r.stderr
    r = repo.git("commit", "-a", "-m", "change app with -a", check=False)
    assert r.returncode != 0 and repo.head() == head, "commit -a is judged too"
    repo.git("reset", "-q", "--hard")
    r = change_and_commit(repo, "other.py", "o = 2\n", "change other")
    assert r.returncode == 0, r.stderr
    assert repo.git("log", "-1", "--format=%s").stdout.strip() == "change other"
    r = change_and_commit(repo, "app.py", "a = 3\n", "bypass once", "--no-verify")
    assert r.returncode == 0


def test_strict_pre_commit_honours_a_snooze(world: World):
    repo = tracked_repo(world)
    block_app(repo)
    set_strict(repo)
    repo.ok("precheck", "app.py", "--snooze", "1d", "--reason", "shipping the hotfix", days=0.7)
    r = change_and_commit(repo, "app.py", "a = 2\n", "change app while snoozed")
    assert r.returncode == 0, r.stderr
    assert repo.git("log", "-1", "--format=%s").stdout.strip() == "change app while snoozed"


# -- hooks never dirty the tree; git revert works -------------------------------------------------

def test_tree_is_clean_after_commits_and_revert_works(world: World):
    repo = tracked_repo(world)
    block_app(repo)
    assert repo.wait_for_refresh(), "the background post-commit refresh caught up with HEAD"
    assert repo.status() == ""
    log_before = (repo.path / LOG).read_bytes()
    feat = change_and_commit(repo, "app.py", "def retry():\n    pass\n", "feat: add retry")
    assert feat.returncode == 0
    assert repo.wait_for_refresh()
    assert repo.status() == ""
    reverted = repo.head()
    r = repo.git("revert", "--no-edit", "HEAD", check=False, days=0.4)
    assert r.returncode == 0, r.stderr
    assert repo.git("log", "-1", "--format=%s").stdout.strip() == 'Revert "feat: add retry"'
    assert repo.wait_for_refresh(), "post-commit ran for the revert commit too"
    assert repo.status() == ""
    assert (repo.path / LOG).read_bytes() == log_before, "hooks never append to the tracked log"
    found = repo.json("search", "add retry", "--type", "attempt")
    assert len(found) == 1 and found[0]["outcome"] == "failed" and reverted[:10] in found[0]["summary"]
    assert repo.status() == ""


def test_checkout_and_merge_hooks_leave_the_tree_clean(world: World):
    repo = tracked_repo(world)
    repo.git("checkout", "-q", "-b", "topic")
    change_and_commit(repo, "other.py", "o = 3\n", "fix: other edge case")
    assert repo.wait_for_refresh()
    repo.git("checkout", "-q", "main")
    assert repo.wait_for_refresh()
    repo.git("merge", "-q", "--no-ff", "--no-edit", "topic")
    assert repo.wait_for_refresh()
    assert repo.status() == ""
    assert [e["summary"] for e in repo.derived().values()] == ["fix: other edge case"]


# -- fail open --------------------------------------------------------------------------------------

@pytest.mark.parametrize("broken", ["exits-1", "missing", "crashing-python"])
def test_a_broken_ken_never_blocks_a_commit(world: World, broken: str):
    repo = tracked_repo(world)
    block_app(repo)
    set_strict(repo)
    fake = world.base / "fake-ken"
    if broken == "exits-1":
        fake.write_text("#!/bin/sh\necho 'ken is broken' >&2\nexit 1\n")
        fake.chmod(0o755)
    elif broken == "crashing-python":
        fake.write_text("#!/usr/bin/env python3\nraise SystemExit(3)\n")
        fake.chmod(0o755)
    for name in HOOKS:
        path = hooks_dir(repo) / name
        text, n = re.subn(r'(?m)^KEN=".*"$', f'KEN="{fake}"', path.read_text())
        assert n == 1
        path.write_text(text)
    env = {"PATH": path_without_ken(world.env)}
    head = repo.head()
    r = change_and_commit(repo, "app.py", "a = 2\n", "commit with a broken ken", env=env)
    assert r.returncode == 0, r.stderr
    assert repo.head() != head


def test_unreadable_memory_never_blocks_a_commit(world: World):
    repo = tracked_repo(world)
    block_app(repo)
    set_strict(repo)
    log = repo.path / LOG
    log.unlink()
    log.mkdir()
    r = change_and_commit(repo, "app.py", "a = 2\n", "commit with unreadable memory")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr


def test_precommit_framework_manifest_exists():
    root = Path(__file__).resolve().parents[2]
    text = (root / ".pre-commit-hooks.yaml").read_text()
    assert "entry: ken" in text and "id:" in text


def test_hooks_need_an_initialized_project(world: World):
    repo = world.repo()
    repo.commit("a.py", "a = 1\n", "initial", 1)
    r = repo.ken("hooks", "install")
    assert r.returncode == 3 and len(r.stderr.strip().splitlines()) == 1
    assert not (hooks_dir(repo) / "pre-commit").exists()


def test_hook_entry_point_outside_a_project_is_a_no_op(world: World):
    repo = world.repo()
    repo.commit("a.py", "a = 1\n", "initial", 1)
    for name in HOOKS:
        r = repo.ken("hook", name)
        assert r.returncode == 0 and r.stdout == "", (name, r.stderr)


def test_status_prints_one_line_per_hook_then_the_folder(world: World):
    repo = tracked_repo(world)
    out = repo.ok("hooks", "status").stdout.splitlines()
    assert [line.split()[0] for line in out[:-1]] == list(HOOKS)
    assert out[-1] == f"hooks folder: {hooks_dir(repo)}"


def test_rapid_commits_with_background_refreshes(world: World):
    repo = tracked_repo(world)
    block_app(repo)
    shas = []
    for i in range(6):
        r = change_and_commit(repo, "other.py", f"o = {i + 10}\n", f"fix: other case {i}")
        assert r.returncode == 0, r.stderr
        assert "skipped" not in r.stderr, f"the pre-commit hook gave up: {r.stderr}"
        shas.append(repo.head())
    assert repo.wait_for_refresh()
    assert repo.status() == ""
    derived = repo.derived()
    assert {"evt_" + s[:20] for s in shas} <= set(derived)
    assert len(derived) == 6
