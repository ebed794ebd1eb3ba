"""Project files written atomically: unchanged text is not rewritten, permissions behave like
any other editor's (umask for new files, the old mode for replaced ones), user files are
never overwritten by ``create_if_missing``."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from kenning.store import files

OLD = 1_000_000_000  # 2001-09-09: an mtime no write during the test can produce


@pytest.fixture
def umask() -> Iterator[None]:
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_write_atomic_creates_the_file_and_its_folders(tmp_path: Path, umask: None) -> None:
    target = tmp_path / "a" / "b" / "summary.md"
    assert files.write_atomic(target, "# Memory\ncafé\n") is True
    assert target.read_bytes() == "# Memory\ncafé\n".encode()
    assert os.listdir(target.parent) == ["summary.md"], "a temporary file was left behind"


def test_unchanged_text_returns_false_and_leaves_the_file_alone(tmp_path: Path, umask: None) -> None:
    target = tmp_path / "plan.md"
    files.write_atomic(target, "same\n")
    os.utime(target, ns=(OLD * 10**9, OLD * 10**9))
    inode = target.stat().st_ino
    assert files.write_atomic(target, "same\n") is False
    assert target.stat().st_mtime_ns == OLD * 10**9 and target.stat().st_ino == inode
    assert files.write_atomic(target, "different\n") is True
    assert target.read_text() == "different\n" and target.stat().st_mtime_ns != OLD * 10**9


@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
@pytest.mark.parametrize(("mask", "expected"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_gets_the_usual_permissions_under_the_umask(tmp_path: Path, mask: int, expected: int) -> None:
    previous = os.umask(mask)
    try:
        target = tmp_path / "new.md"
        files.write_atomic(target, "text\n")
    finally:
        os.umask(previous)
    assert mode(target) == expected


@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
@pytest.mark.parametrize("kept", [0o600, 0o755, 0o640])
def test_a_replaced_file_keeps_its_mode(tmp_path: Path, umask: None, kept: int) -> None:
    target = tmp_path / "CLAUDE.md"
    target.write_text("mine\n")
    target.chmod(kept)
    assert files.write_atomic(target, "mine\nand kenning's block\n") is True
    assert mode(target) == kept
    assert target.read_text() == "mine\nand kenning's block\n"


def test_create_if_missing_never_overwrites(tmp_path: Path, umask: None) -> None:
    target = tmp_path / "config.toml"
    assert files.create_if_missing(target, "[summary]\nbudget = 6000\n") is True
    assert target.read_text() == "[summary]\nbudget = 6000\n"
    target.write_text("# the user's own config\n")
    os.utime(target, ns=(OLD * 10**9, OLD * 10**9))
    assert files.create_if_missing(target, "[summary]\nbudget = 6000\n") is False
    assert target.read_text() == "# the user's own config\n" and target.stat().st_mtime_ns == OLD * 10**9
    empty = tmp_path / "plan.md"
    empty.write_text("")
    assert files.create_if_missing(empty, "# Plan\n") is False and empty.read_text() == ""


def test_read_text_and_read_json_treat_missing_or_broken_files_as_absent(tmp_path: Path) -> None:
    assert files.read_text(tmp_path / "nope.md") is None
    assert files.read_text(tmp_path) is None  # a folder is not a file
    broken = tmp_path / "state.json"
    broken.write_text("{not json")
    assert files.read_json(broken) is None
    files.write_json_quietly(broken, {"b": 1, "a": [1, 2]})
    assert files.read_json(broken) == {"a": [1, 2], "b": 1}


def test_a_killed_writers_temporary_file_is_swept_by_the_next_write(tmp_path: Path, umask: None) -> None:
    import subprocess
    import sys

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True)
    dead_pid = int(gone.stdout)  # a process that has exited: its temporary file is litter
    target = tmp_path / ".kenning" / "summary.md"
    target.parent.mkdir()
    litter = target.parent / f".summary.md.{dead_pid}.0badc0de.tmp"
    litter.write_text("half a summary")
    live = target.parent / f".summary.md.{os.getppid()}.feedf00d.tmp"  # a live writer's, about to be renamed
    live.write_text("in flight")
    assert files.write_atomic(target, "# Summary\n")
    assert not litter.exists() and live.exists()
    assert sorted(p.name for p in target.parent.iterdir()) == [live.name, "summary.md"]


def test_links_inside_kenning_are_refused_for_reads_and_writes(tmp_path: Path) -> None:
    outside = tmp_path / "victim.txt"
    outside.write_text("mine\n")
    kd = tmp_path / "repo" / ".kenning"
    (kd / "local").mkdir(parents=True)
    (kd / "local" / "checks.jsonl").symlink_to(outside)
    (kd / "summary.md").symlink_to(outside)
    (tmp_path / "elsewhere").mkdir()
    (kd / "cache").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    for attempt in (lambda: files.append_lines(kd / "local" / "checks.jsonl", ["{}"]),
                    lambda: files.write_atomic(kd / "summary.md", "x"),
                    lambda: files.read_text(kd / "summary.md"),
                    lambda: files.write_atomic(kd / "cache" / "config.json", "{}")):
        with pytest.raises(files.UnsafePath, match="is a symbolic link"):
            attempt()
    assert outside.read_text() == "mine\n" and list((tmp_path / "elsewhere").iterdir()) == []
    assert files.read_json(kd / "cache" / "config.json") is None  # a cache read treats it as missing
    plain = tmp_path / "not-kenning" / "notes.md"  # links elsewhere in a repository are not ours to judge
    plain.parent.mkdir()
    plain.symlink_to(outside)
    assert files.read_text(plain) == "mine\n"


@pytest.fixture
def short_writes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """``os.write`` that writes at most three bytes per call, as a system may under a signal or
    a disk filling: the sizes it was asked to write are recorded."""
    real = os.write
    asked: list[int] = []

    def short(fd: int, data: bytes) -> int:
        asked.append(len(data))
        return real(fd, bytes(data[:3]))

    monkeypatch.setattr(os, "write", short)
    return asked


def test_append_lines_finishes_a_short_write_with_whole_lines(tmp_path: Path, short_writes: list[int]) -> None:
    path = tmp_path / ".kenning" / "local" / "checks.jsonl"
    files.append_lines(path, ['{"a":1}'])
    files.append_lines(path, ['{"b":2}', '{"c":3}'], durable=True)
    assert path.read_bytes() == b'{"a":1}\n{"b":2}\n{"c":3}\n'
    assert len(short_writes) > 3 and short_writes[0] == 8  # one write asked for the line, the rest continued it


def test_append_lines_mends_a_torn_last_line_only_when_asked(tmp_path: Path, short_writes: list[int]) -> None:
    mended, glued = tmp_path / "lessons.jsonl", tmp_path / "checks.jsonl"
    for path in (mended, glued):
        path.write_bytes(b'{"a":1}\n{"cut')
    files.append_lines(mended, ['{"b":2}'], durable=True, mend_torn=True, follow_links=True)
    files.append_lines(glued, ['{"b":2}'])
    assert mended.read_bytes() == b'{"a":1}\n{"cut\n{"b":2}\n'  # the cut-off line cannot swallow ours
    assert glued.read_bytes() == b'{"a":1}\n{"cut{"b":2}\n'
    files.append_lines(mended, ["x"], mend_torn=True)  # a whole last line gets no extra newline
    assert mended.read_bytes().endswith(b'{"b":2}\nx\n')


def test_a_write_that_makes_no_progress_raises_instead_of_spinning(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "write", lambda fd, data: 0)
    with pytest.raises(OSError, match="no progress"):
        files.append_lines(tmp_path / "checks.jsonl", ["{}"])


def test_the_event_log_finishes_a_short_write_too(tmp_path: Path, short_writes: list[int]) -> None:
    from kenning.store.log import EventLog

    kd = tmp_path / ".kenning"
    kd.mkdir()
    (kd / "events.jsonl").write_bytes(b'{"a":1}')  # an unterminated last line: terminate ends it
    log = EventLog(kd / "events.jsonl", kd / "local" / "events.lock", kd / "local" / "quarantine")
    assert log.terminate()
    assert log.append_lines(['{"b":2}', '{"c":3}']) == (8, None)
    assert log.path.read_bytes() == b'{"a":1}\n{"b":2}\n{"c":3}\n'


# -- files.inside: where a write in a repository may land ----------------------------------------


@pytest.fixture
def layout(tmp_path: Path) -> Path:
    """A repository beside ``outside/`` (holding ``credentials``), with a folder and a file of its own."""
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "credentials").write_text("secret\n")
    root = tmp_path / "repo"
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "rules.md").write_text("# rules\n")
    (root / ".git").mkdir()
    return root


@pytest.mark.parametrize(("link", "target", "said"), [
    ("CLAUDE.md", "../outside/credentials", "CLAUDE.md is a symbolic link to {out}/credentials outside the repository"),
    (".claude", "../outside", ".claude is a symbolic link to {out} outside the repository"),
    (".claude", "..", ".claude is a symbolic link to {up} outside the repository"),
    (".claude", "nowhere", ".claude is a symbolic link to nowhere, which does not exist"),
    (".claude", ".claude", ".claude is a symbolic link that loops"),
    (".claude", "docs/../.claude", ".claude is a symbolic link that loops"),
    (".claude", ".git", ".claude is a symbolic link into .git/"),
])
def test_inside_refuses_a_link_that_leaves_dangles_or_loops(layout: Path, link: str, target: str, said: str) -> None:
    (layout / link).symlink_to(target)
    before = sorted(p.name for p in (layout.parent / "outside").iterdir())
    for path in (layout / link / "settings.json", layout / link):
        if link == "CLAUDE.md" and path != layout / link:
            continue
        with pytest.raises(files.UnsafePath) as refused:
            files.write_atomic(path, "{}", within=layout)
        message = str(refused.value)
        assert message.startswith(said.format(out=os.path.realpath(layout.parent / "outside"),
                                              up=os.path.realpath(layout.parent)))
        assert message.endswith(("replace it with a regular file", "replace it with a regular folder"))
        assert "\n" not in message
    assert sorted(p.name for p in (layout.parent / "outside").iterdir()) == before
    assert not (layout / "nowhere").exists() and not os.path.lexists(layout / "settings.json")


def test_inside_follows_a_link_that_stays_inside_and_keeps_the_link(layout: Path) -> None:
    (layout / "AGENTS.md").symlink_to("docs/rules.md")
    (layout / ".cursor").symlink_to("docs", target_is_directory=True)
    (layout / "chain.md").symlink_to("AGENTS.md")
    assert files.inside(layout, layout / "AGENTS.md") == str(Path(os.path.realpath(layout / "docs" / "rules.md")))
    assert files.write_atomic(layout / "chain.md", "# rules\nmore\n", within=layout)
    assert (layout / "docs" / "rules.md").read_text() == "# rules\nmore\n"
    assert (layout / "AGENTS.md").is_symlink() and (layout / "chain.md").is_symlink()
    files.write_atomic(layout / ".cursor" / "rules" / "kenning.mdc", "x", within=layout)
    assert (layout / "docs" / "rules" / "kenning.mdc").read_text() == "x"
    assert files.inside(layout, layout / "new" / "deep.md") == str(Path(os.path.realpath(layout)) / "new" / "deep.md")


def test_every_writer_in_a_repository_asks_inside_first(layout: Path) -> None:
    """create_if_missing does not fill a dangling link; append_lines, ensure_dir, remove and move
    do not go through a folder that leads out."""
    (layout / "config.toml").symlink_to("missing.toml")
    (layout / "out").symlink_to("../outside", target_is_directory=True)
    attempts = [lambda: files.create_if_missing(layout / "config.toml", "x", within=layout),
                lambda: files.append_lines(layout / "out" / "log.jsonl", ["{}"], within=layout),
                lambda: files.ensure_dir(layout / "out" / "sub", within=layout),
                lambda: files.remove(layout / "out" / "credentials", within=layout),
                lambda: files.move(layout / "docs" / "rules.md", layout / "out" / "rules.md", within=layout)]
    for attempt in attempts:
        with pytest.raises(files.UnsafePath, match="is a symbolic link"):
            attempt()
    assert sorted(p.name for p in (layout.parent / "outside").iterdir()) == ["credentials"]
    assert not (layout / "missing.toml").exists() and (layout / "docs" / "rules.md").exists()
    with pytest.raises(files.UnsafePath, match="outside the repository"):
        files.write_atomic(layout.parent / "elsewhere.md", "x", within=layout)


# the writers in app/ that write outside any repository, and why
OUTSIDE_ANY_REPOSITORY = {
    ("registry.py", "_save"): "KEN_HOME's project registry",
    ("registry.py", "_update"): "KEN_HOME itself, which holds the registry",
    ("dashboard.py", "dashboard"): "the machine's page, in KEN_HOME or where -o names",
}


def test_every_write_in_the_app_layer_names_its_repository() -> None:
    """Each call of a files writer in ``app/`` passes ``within=`` (the repository's rule for
    links decides where it lands), or is listed above as writing outside any repository."""
    import ast

    writers = {"write_atomic", "append_lines", "create_if_missing", "ensure_dir", "remove", "move"}
    app = Path(files.__file__).parent.parent / "app"
    unnamed = []
    for module in sorted(app.glob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for call in ast.walk(function):
                if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                        and isinstance(call.func.value, ast.Name) and call.func.value.id == "files"
                        and call.func.attr in writers and not any(k.arg == "within" for k in call.keywords)
                        and (module.name, function.name) not in OUTSIDE_ANY_REPOSITORY):
                    unnamed.append(f"{module.name}:{call.lineno} files.{call.func.attr} in {function.name}")
    assert not unnamed, "writes that do not say which repository they stay inside (pass within=): " + str(unnamed)


@pytest.mark.parametrize("spelled", ["{kd}/local/checks.jsonl", "{kd}//local/./checks.jsonl",
                                     "{kd}/local/checks.jsonl/"])
def test_a_link_inside_kenning_is_refused_however_a_str_path_spells_it(tmp_path: Path, spelled: str) -> None:
    """The gate passes plain ``str`` paths: a doubled ``/``, a ``.`` or a trailing ``/`` in one
    is walked as pathlib walked it, and the link in ``.kenning/`` is refused all the same."""
    outside = tmp_path / "victim.txt"
    outside.write_text("mine\n")
    kd = tmp_path / "repo" / ".kenning"
    (kd / "local").mkdir(parents=True)
    (kd / "local" / "checks.jsonl").symlink_to(outside)
    path = spelled.format(kd=kd)
    with pytest.raises(files.UnsafePath, match=r"^\.kenning/local/checks\.jsonl is a symbolic link"):
        files.refuse_links(path)
    with pytest.raises(files.UnsafePath, match="is a symbolic link"):
        files.append_lines(path.rstrip("/"), ["{}"])
    assert outside.read_text() == "mine\n"


def test_a_kenning_folder_at_the_top_of_a_relative_path_is_walked_too(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / ".kenning").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    with pytest.raises(files.UnsafePath, match=r"^\.kenning is a symbolic link"):
        files.write_atomic(".kenning/summary.md", "x")
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_inside_answers_str_paths_as_it_answers_pathlib_ones(layout: Path) -> None:
    """The same landing, spelled the same, and the same refusal line, whichever form comes in."""
    (layout / "AGENTS.md").symlink_to("docs/rules.md")
    for name in ("AGENTS.md", "new/deep.md", "docs"):
        assert files.inside(str(layout), f"{layout}/{name}") == files.inside(layout, layout / name)
    with pytest.raises(files.UnsafePath) as typed:
        files.inside(str(layout), str(layout.parent / "x"))
    with pytest.raises(files.UnsafePath) as held:
        files.inside(layout, layout.parent / "x")
    assert str(typed.value) == str(held.value)


def test_exists_and_is_dir_answer_as_pathlib_does(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "f").write_text("x")
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    for name in ("a", "f", "dangling", "loop", "missing", "f/under", "a\x00b"):
        path = tmp_path / name
        assert (files.exists(path), files.is_dir(path), files.is_file(path)) == (path.exists(), path.is_dir(),
                                                                                 path.is_file()), name


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="POSIX permissions; root reads anything")
def test_a_folder_that_cannot_be_searched_is_an_error_not_a_missing_file(tmp_path: Path) -> None:
    shut = tmp_path / "shut"
    shut.mkdir()
    shut.chmod(0)
    try:
        with pytest.raises(PermissionError):
            (shut / "f").exists()  # pathlib's answer, which kenning's messages were built on
        with pytest.raises(PermissionError):
            files.exists(shut / "f")
    finally:
        shut.chmod(0o755)
