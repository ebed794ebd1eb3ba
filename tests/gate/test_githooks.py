"""kenning's git hooks, driven by real ``git commit``/``git revert`` in temp repositories.

Install/uninstall/status, chaining the user's own hooks (shell and Python) and giving them back
exactly (bytes, CRLF, mode, a disabled hook, a symlink), ``core.hooksPath`` (a tracked folder is
left alone), the advisory and the strict pre-commit, a clean tree after commits, ``git revert``
with hooks installed, and fail-open when ``ken`` is broken or missing.
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
    repo = world.repo()
    before = sorted(os.listdir(hooks_dir(repo)))
    repo.commit("a.py", "a = 1\n", "initial", 1)
    repo.ok("init", "--no-backfill")
    repo.ok("hooks", "uninstall")
    assert sorted(os.listdir(hooks_dir(repo))) == before, "only git's own samples are left"
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
    if relative:  # a folder of the work tree that git ignores: the hooks there show nowhere
        (repo.path / ".git" / "info" / "exclude").write_text("/.githooks/\n")
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
    assert repo.status() == ""


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
    assert repo.git("log", "-1", "--format=%s").stdout.strip() == "commit with unreadable memory"
    assert r.stderr.startswith("kenning: pre-commit hook skipped: ") and "events.jsonl" in r.stderr, r.stderr
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
    """The git hooks, the folder they live in, then one line per coding agent."""
    repo = tracked_repo(world)
    out = repo.ok("hooks", "status").stdout.splitlines()
    assert [line.split()[0] for line in out[:len(HOOKS)]] == list(HOOKS)
    assert out[len(HOOKS)] == f"hooks folder: {hooks_dir(repo)}"
    assert [line.split()[0] for line in out[len(HOOKS) + 1:]] == ["claude", "codex", "gemini", "cursor"]


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


# -- the user's hook is kept exactly (bytes, mode, symlink) ----------------------------------------

def hooks_listing(folder: Path) -> dict[str, tuple[bool, int, bytes | str]]:
    """Every entry of a hooks folder: (is a symlink, mode, bytes or link target)."""
    out = {}
    for path in sorted(folder.iterdir()):
        st = path.lstat()
        out[path.name] = ((True, 0, os.readlink(path)) if path.is_symlink()
                          else (False, stat.S_IMODE(st.st_mode), path.read_bytes()))
    return out


def raw_hook(folder: Path, name: str, data: bytes, mode: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(data)
    path.chmod(mode)
    return path


@pytest.mark.parametrize("data, mode, runs", [
    pytest.param(b"#!/bin/sh\r\necho mine\r\nexit 0\r\n", 0o755, False, id="crlf"),
    pytest.param(b'#!/bin/sh\necho "caf\xe9 \xff" >> "$MARK"\n', 0o755, True, id="not-utf8"),
    pytest.param(b'#!/bin/sh\necho ran >> "$MARK"\n', 0o700, True, id="mode-0700"),
    pytest.param(b'#!/bin/sh\necho ran >> "$MARK"\n', 0o755, True, id="mode-0755"),
    pytest.param(b"#!/bin/sh\r\necho mine \xff\r\nexit 0\r\n", 0o700, False, id="crlf-not-utf8-0700"),
])
def test_the_users_hook_is_restored_byte_for_byte_with_its_mode(world: World, data: bytes, mode: int, runs: bool):
    repo = world.repo()
    marker = world.base / "marker"
    hook = raw_hook(hooks_dir(repo), "pre-commit", data.replace(b"$MARK", str(marker).encode()), mode)
    original = hook.read_bytes()
    before = hooks_listing(hooks_dir(repo))
    repo.commit("app.py", "a = 1\n", "initial", 10)
    repo.ok("init", "--no-backfill")
    assert BEGIN in hook.read_text(errors="replace") and os.access(hook, os.X_OK)
    if runs:  # an executable sh hook runs as before, once, with kenning's hook in front of it
        repo.git("add", "-A")
        r = repo.git("commit", "-q", "-m", "add kenning", check=False)
        assert r.returncode == 0, r.stderr
        assert marker.read_bytes().count(b"\n") == 1, "the user's own hook ran once"
    repo.ok("hooks", "uninstall")
    assert hook.read_bytes() == original
    assert stat.S_IMODE(hook.stat().st_mode) == mode
    assert hooks_listing(hooks_dir(repo)) == before, "nothing of kenning's is left in the hooks folder"


def test_a_disabled_hook_stays_disabled_and_is_restored(world: World):
    repo = world.repo()
    marker = world.base / "marker"
    data = f'#!/bin/sh\necho ran >> "{marker}"\necho "disabled hook ran" >&2\nexit 1\n'.encode()
    hook = raw_hook(hooks_dir(repo), "pre-commit", data, 0o644)
    repo.commit("app.py", "a = 1\n", "initial", 10)
    repo.ok("init", "--no-backfill")
    assert BEGIN in hook.read_text() and os.access(hook, os.X_OK), "kenning's own hook runs"
    repo.git("add", "-A")
    r = repo.git("commit", "-q", "-m", "add kenning", check=False)
    assert r.returncode == 0, r.stderr
    assert not marker.exists() and "disabled hook ran" not in r.stderr, "a hook git would not run stays off"
    repo.ok("hooks", "uninstall")
    assert hook.read_bytes() == data
    assert stat.S_IMODE(hook.stat().st_mode) == 0o644


def test_a_symlinked_hook_stays_the_same_link(world: World):
    repo = world.repo()
    marker = world.base / "marker"
    script = f'#!/bin/sh\necho "ran $(basename "$0")" >> "{marker}"\n'
    repo.write("tools/pre-commit", script).chmod(0o755)
    repo.commit("app.py", "a = 1\n", "initial", 10)
    repo.git("add", "tools/pre-commit")
    repo.commit(None, None, "add the team's hook", 9)
    hook = hooks_dir(repo) / "pre-commit"
    hook.symlink_to(Path("..") / ".." / "tools" / "pre-commit")
    link = os.readlink(hook)
    repo.ok("init", "--no-backfill")
    assert (repo.path / "tools" / "pre-commit").read_text() == script, "the link's target is never written to"
    assert not hook.is_symlink() and BEGIN in hook.read_text()
    repo.git("add", "app.py", ".kenning", ".gitattributes", "CLAUDE.md", "AGENTS.md")
    r = repo.git("commit", "-q", "-m", "add kenning", check=False)
    assert r.returncode == 0, r.stderr
    assert marker.read_text().count("ran") == 1, "the linked hook still runs"
    repo.ok("hooks", "uninstall")
    assert hook.is_symlink() and os.readlink(hook) == link
    assert (repo.path / "tools" / "pre-commit").read_text() == script
    assert repo.status() == ""


def test_reinstalling_keeps_the_saved_hook(world: World):
    repo = world.repo()
    moved = raw_hook(hooks_dir(repo), "pre-commit", b"#!/bin/sh\r\necho mine \xff\r\nexit 0\r\n", 0o700)
    in_place = raw_hook(hooks_dir(repo), "post-checkout", b"#!/bin/sh\necho checked out\n", 0o750)
    before = hooks_listing(hooks_dir(repo))
    repo.commit("app.py", "a = 1\n", "initial", 10)
    repo.ok("init", "--no-backfill")
    installed = hooks_listing(hooks_dir(repo))
    r = repo.ok("hooks", "install")
    assert all(re.search(rf"^{name}\s+unchanged$", r.stdout, re.M) for name in HOOKS), r.stdout
    repo.ok("init", "--no-backfill")
    assert hooks_listing(hooks_dir(repo)) == installed
    assert BEGIN in moved.read_text(errors="replace") and in_place.read_text().count(BEGIN) == 1
    repo.ok("hooks", "uninstall")
    assert hooks_listing(hooks_dir(repo)) == before
    r = repo.ok("hooks", "uninstall")
    assert all(re.search(rf"^{name}\s+not installed$", r.stdout, re.M) for name in HOOKS), r.stdout
    assert hooks_listing(hooks_dir(repo)) == before


def test_a_hook_installed_by_an_earlier_version_is_refreshed_and_removed(world: World):
    repo = world.repo()
    old_block = f'{BEGIN} (managed by `ken hooks install`)\nKEN="/old/ken"\n"$KEN" hook pre-commit\n{END}\n'
    pre = raw_hook(hooks_dir(repo), "pre-commit", f"#!/bin/sh\n{old_block}echo mine\n".encode(), 0o755)
    post = raw_hook(hooks_dir(repo), "post-commit",
                    f'#!/bin/sh\n{old_block}exec "$(dirname "$0")/post-commit.kenning-chained" "$@"\n'.encode(), 0o755)
    chained = raw_hook(hooks_dir(repo), "post-commit.kenning-chained", b"#!/usr/bin/env python3\nprint(1)\n", 0o755)
    repo.commit("app.py", "a = 1\n", "initial", 10)
    r = repo.ok("init", "--no-backfill")
    assert "/old/ken" not in pre.read_text() and pre.read_text().count(BEGIN) == 1
    assert pre.read_text().endswith("echo mine\n"), r.stdout
    assert post.read_text().count(BEGIN) == 1 and chained.exists()
    repo.ok("hooks", "uninstall")
    assert pre.read_bytes() == b"#!/bin/sh\necho mine\n"
    assert post.read_bytes() == b"#!/usr/bin/env python3\nprint(1)\n" and not chained.exists()


def test_a_tracked_hooks_path_is_left_alone(world: World):
    repo = world.repo()
    marker = world.base / "marker"
    repo.git("config", "core.hooksPath", ".githooks")
    repo.write(".githooks/pre-commit", shell_marker_hook(marker)).chmod(0o755)
    repo.commit("app.py", "a = 1\n", "initial", 10)
    repo.git("add", ".githooks")
    repo.commit(None, None, "team hooks", 9)
    folder = repo.path / ".githooks"
    before = hooks_listing(folder)
    r = repo.ok("init", "--no-backfill")
    assert all(re.search(rf"^\s*skipped  git hook {name}$", r.stdout, re.M) for name in HOOKS), r.stdout
    warning = r.stderr.strip().splitlines()
    assert len(warning) == 1 and "core.hooksPath" in warning[0] and "ken hook pre-commit" in warning[0], r.stderr
    assert hooks_listing(folder) == before
    assert repo.git("status", "--porcelain", "--", ".githooks").stdout == ""
    r = repo.ken("hooks", "install")
    assert r.returncode == 2 and r.stdout == "", r.stdout  # asked for hooks, got none: say so by exit code
    assert r.stderr.count("\n") == 1 and "core.hooksPath" in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert hooks_listing(folder) == before
    assert repo.git("status", "--porcelain", "--", ".githooks").stdout == ""
    repo.git("add", "app.py", ".kenning", ".gitattributes", "CLAUDE.md", "AGENTS.md")
    repo.git("commit", "-q", "-m", "add kenning")
    assert marker.exists(), "the team's hook still runs"
    assert repo.status() == ""
    repo.ok("hooks", "uninstall")
    assert hooks_listing(folder) == before


def test_an_untracked_hooks_path_in_the_work_tree_gets_no_new_files(world: World):
    repo = world.repo()
    repo.git("config", "core.hooksPath", ".githooks")
    user_hook(repo.path / ".githooks", "pre-commit", "#!/bin/sh\nexit 0\n")
    repo.commit("app.py", "a = 1\n", "initial", 10)
    before = hooks_listing(repo.path / ".githooks")
    r = repo.ok("init", "--no-backfill")
    assert "core.hooksPath" in r.stderr, r.stderr
    assert hooks_listing(repo.path / ".githooks") == before


@pytest.mark.parametrize("broken", ["exits-1", "missing"])
def test_a_user_hook_with_errexit_still_fails_open(world: World, broken: str):
    repo = world.repo()
    marker = world.base / "marker"
    user_hook(hooks_dir(repo), "pre-commit", shell_marker_hook(marker).replace("#!/bin/sh\n", "#!/bin/sh -e\n"))
    repo.commit("app.py", "a = 1\n", "initial", 10)
    repo.ok("init", "--no-backfill")
    fake = world.base / "fake-ken"
    if broken == "exits-1":
        fake.write_text("#!/bin/sh\nexit 1\n")
        fake.chmod(0o755)
    pre = hooks_dir(repo) / "pre-commit"
    text, n = re.subn(r'(?m)^KEN=".*"$', f'KEN="{fake}"', pre.read_text())
    assert n == 1
    pre.write_text(text)
    repo.git("add", "-A")
    r = repo.git("commit", "-q", "-m", "add kenning", check=False, env={"PATH": path_without_ken(world.env)})
    assert r.returncode == 0, r.stderr
    assert marker.exists(), "the user's hook ran after kenning's block"


SLOW_GIT_HOOK = """
import sys, time
import kenning.hooks.entry as hooks

def slow(*args, **kwargs):
    time.sleep(60)
    return 0

hooks.TIMEOUT_SECONDS = float(sys.argv[1])
hooks._pre_commit = slow
hooks._refresh = slow
sys.exit(hooks.run(sys.argv[2]))
"""


@pytest.mark.parametrize("name", ["pre-commit", "post-commit"])
def test_a_git_hook_keeps_its_own_time_limit(world: World, name: str):
    """Where the installed block finds no `timeout` command (macOS, Git for Windows), ken ends
    a hung hook itself: the commit goes ahead and the hook says why."""
    import subprocess
    import sys

    repo = world.repo()
    repo.commit("src/a.py", "a = 0\n", "add a", 3)
    repo.ok("init", "--no-backfill", days=2)
    r = subprocess.run([sys.executable, "-c", SLOW_GIT_HOOK, "0.5", name], cwd=repo.path, env=world.env,
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    assert f"kenning: {name} hook timed out after 0.5s; allowing" in r.stderr
    assert "Traceback" not in r.stderr


# -- damaged markers: the one rule for kenning's blocks (core.views.marked), never a guess --------------

DAMAGE = {  # how a user's edit can leave kenning's block in a hook
    "end-deleted": lambda text: text.replace(END + "\n", ""),
    "begin-deleted": lambda text: re.sub(rf"(?m)^{re.escape(BEGIN)}.*\n", "", text),
    "block-pasted-twice": lambda text: text.replace("#!/bin/sh\n", "#!/bin/sh\n" + text.partition("\n")[2], 1),
    "end-before-begin": lambda text: f"{END}\n" + text.replace(END + "\n", ""),
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_hook_with_damaged_markers_is_refused_and_nothing_is_written(world: World, damage: str):
    """A block kenning cannot delimit (its end deleted, its begin deleted, pasted twice, out of
    order) is not guessed at, as in CLAUDE.md: install and uninstall refuse in one line naming the
    file and what to do, before writing any hook; ``ken init`` skips that hook alone, saying why;
    status reports it. The user's own lines around it are never cut."""
    repo = world.repo()
    user_hook(hooks_dir(repo), "post-merge", "#!/bin/sh\necho merged\n")
    repo.commit("app.py", "a = 1\n", "initial", 10)
    repo.ok("init", "--no-backfill")
    broken = hooks_dir(repo) / "post-merge"
    broken.write_text(DAMAGE[damage](broken.read_text()))
    (hooks_dir(repo) / "post-commit").unlink()  # install would write it back, uninstall would touch pre-commit
    before = hooks_listing(hooks_dir(repo))
    for action in ("install", "uninstall"):
        r = repo.ken("hooks", action)
        assert r.returncode == 2 and r.stdout == "" and "Traceback" not in r.stderr, r.stderr
        assert r.stderr.count("\n") == 1, r.stderr
        assert r.stderr.startswith("ken: error: .git/hooks/post-merge: its kenning markers are damaged"), r.stderr
        assert f"delete kenning's lines from it, then run `ken hooks {action}`" in r.stderr, r.stderr
        assert hooks_listing(hooks_dir(repo)) == before, f"`ken hooks {action}` wrote nothing"
    status = repo.ok("hooks", "status").stdout
    assert re.search(r"^post-merge\s+\.git/hooks/post-merge: its kenning markers are damaged", status, re.M), status
    assert re.search(r"^pre-commit\s+installed$", status, re.M), status
    hook = next(h for h in repo.json("status")["git_hooks"]["hooks"] if h["hook"] == "post-merge")
    assert not hook["installed"] and "damaged" in hook["status"]
    r = repo.ok("init", "--no-backfill")
    assert re.search(r"^skipped \(\.git/hooks/post-merge: its kenning markers are damaged .*`ken hooks install`\)"
                     r"  git hook post-merge$", r.stdout, re.M), r.stdout
    assert broken.read_bytes() == before["post-merge"][2], "the damaged hook is left byte for byte"
    assert BEGIN in (hooks_dir(repo) / "post-commit").read_text(), "the other hooks are installed as ever"


def test_a_put_right_hook_installs_and_uninstalls_as_ever(world: World):
    """After the user deletes kenning's lines from a damaged hook (as the error says), install
    chains it and uninstall gives it back exactly."""
    repo = world.repo()
    mine = "#!/bin/sh\necho merged\n"
    user_hook(hooks_dir(repo), "post-merge", mine)
    repo.commit("app.py", "a = 1\n", "initial", 10)
    repo.ok("init", "--no-backfill")
    broken = hooks_dir(repo) / "post-merge"
    broken.write_text(DAMAGE["end-deleted"](broken.read_text()))
    assert repo.ken("hooks", "install").returncode == 2
    broken.write_text(mine)  # kenning's lines deleted by hand
    repo.ok("hooks", "install")
    assert broken.read_text().count(BEGIN) == 1 and broken.read_text().endswith("echo merged\n")
    repo.ok("hooks", "uninstall")
    assert broken.read_text() == mine
