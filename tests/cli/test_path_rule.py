"""One rule for a path inside the repository, through ``ken``'s command line: a path typed with
``--at``, one an import brings in and one ``ken validate`` reads get the same verdict, in the
same words, and a path kept is kept in the same normal form."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cli.conftest import Repo, event_line

T = "2026-01-01T00:00:00.000000Z"
CLIMBS = "'src/../../x' is not a path inside the repository: it climbs above the repository root with .."
DRIVE = "'C:/x' is not a path inside the repository: it names a Windows drive; give it relative to the repository root"


def _typed(repo: Repo, path: str, cwd: Path | None = None) -> str:
    """What ``ken issue --at PATH`` says when it refuses the path: one line, exit 2, nothing written."""
    before = repo.log.read_bytes()
    r = repo.ken("issue", "the cache breaks", "--at", path, cwd=cwd)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert re.fullmatch(r"ken: error: [^\n]+\n", r.stderr), r.stderr
    assert repo.log.read_bytes() == before
    return r.stderr.removeprefix("ken: error: ").rstrip("\n")


def _imported(repo: Repo, tmp_path: Path, **fields: object) -> str:
    """Why ``ken import --from jsonl`` skipped the second event of a file (the first comes in):
    the line it prints."""
    source = tmp_path / "events.jsonl"
    source.write_bytes(event_line(id="evt_" + "0" * 20, type="note", summary="fine", timestamp=T)
                       + event_line(id="evt_" + "1" * 20, type="note", summary="s", timestamp=T, **fields))
    r = repo.ken("import", "--from", "jsonl", str(source))
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "evt_" + "1" * 20 not in repo.log.read_text()
    found = re.search(r"line 2: (.*); skipped", r.stderr)
    assert found, r.stderr
    return found.group(1)


def _validated(repo: Repo, tmp_path: Path, **fields: object) -> str:
    log = tmp_path / "checked.jsonl"
    log.write_bytes(event_line(id="evt_" + "2" * 20, type="note", summary="s", timestamp=T, **fields))
    r = repo.ken("validate", str(log))
    assert r.returncode == 1, (r.stdout, r.stderr)
    return r.stdout.strip().removeprefix("1: ")


@pytest.mark.parametrize(("path", "said"), [("src/../../x", CLIMBS), ("C:/x", DRIVE)])
@pytest.mark.real_processes  # end to end: a real `ken` process
def test_a_path_outside_is_refused_in_the_same_words_typed_imported_and_validated(
        repo: Repo, tmp_path: Path, path: str, said: str) -> None:
    (repo.path / "src").mkdir(exist_ok=True)
    assert _typed(repo, path) == said
    assert _imported(repo, tmp_path, location=path) == f"location: {said}"
    assert _imported(repo, tmp_path, paths=["src/app.py", path]) == f"paths: {said}"
    assert _validated(repo, tmp_path, location=path) == f"location: {said}"


def test_a_drive_typed_in_a_subfolder_is_refused_too(repo: Repo) -> None:
    """Inside ``src/``, ``C:/x`` would be a folder named ``C:`` to the file system; to kenning it is
    a Windows path, wherever it is typed."""
    assert _typed(repo, "C:/x", cwd=repo.path / "src") == DRIVE
    assert _typed(repo, "C:\\x", cwd=repo.path / "src") == DRIVE.replace("'C:/x'", "'C:\\\\x'")


def test_a_hand_written_line_with_a_path_outside_is_read_by_no_one(repo: Repo) -> None:
    repo.append_raw(event_line(id="evt_" + "3" * 20, type="note", summary="climbing note", timestamp=T,
                               location="src/../../x"))
    assert "climbing note" not in repo.ok("search", "climbing").stdout


def test_a_path_kept_is_kept_in_its_normal_form_typed_or_imported(repo: Repo, tmp_path: Path) -> None:
    repo.ok("note", "typed", "--at", "src/../lib/./a.py")
    source = tmp_path / "events.jsonl"
    source.write_bytes(event_line(id="evt_" + "4" * 20, type="note", summary="imported", timestamp=T,
                                  location="src//../lib/a.py", paths=["src\\app.py", "./src/app.py"]))
    repo.ok("import", "--from", "jsonl", str(source))
    places = {e["summary"]: (e.get("location"), e.get("paths")) for e in repo.events()}
    assert places["typed"] == ("lib/a.py", None)
    assert places["imported"] == ("lib/a.py", ["src/app.py"])
    assert json.loads(repo.ok("search", "imported", "--at", "lib/a.py", "--json").stdout)
