"""What ``ken init`` tells agents: the bridge block in CLAUDE.md/AGENTS.md (naming the project,
saying how a decision replaces another) and AI_INSTRUCTIONS.md (setup mode, then maintenance
mode once the map has a Purpose). Older blocks and instructions are upgraded in place."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import Repo, World

# the block an earlier version wrote: `ken init` must replace it, not add a second one
OLD_BLOCK = """\
<!-- kenning:begin (managed by `ken init`; edits inside this block are replaced) -->
## Project memory (kenning)

This project records its history with kenning. Read `.kenning/summary.md` and
`.kenning/PROJECT_MAP.md` first, run `ken precheck PATH` before editing a file, and record
issues, attempts (with outcome), fixes, decisions and notes with `ken`. The full protocol is
in `.kenning/AI_INSTRUCTIONS.md`.
<!-- kenning:end -->
"""


def block(path: Path) -> str:
    text = path.read_text()
    begin, end = text.index("<!-- kenning:begin"), text.index("<!-- kenning:end -->")
    return text[begin:end]


def fill_purpose(repo: Repo, purpose: str) -> None:
    path = repo.path / ".kenning" / "PROJECT_MAP.md"
    text = path.read_text()
    assert "## Stack" in text
    path.write_text(text.replace("## Stack", f"{purpose}\n\n## Stack", 1))


@pytest.mark.real_processes  # end to end: a real `ken` process
def test_the_bridge_names_the_project_and_says_how_a_decision_replaces_another(world: World) -> None:
    repo = world.repo("bakery-shop")
    repo.init()
    for name in ("CLAUDE.md", "AGENTS.md"):
        text = block(repo.path / name)
        assert "## Project memory (kenning): bakery-shop\n" in text
        assert "This project (bakery-shop) records its history with kenning." in text
        assert '`ken decide "what we chose and why" --supersedes ID`' in text
        assert "shown as superseded" in text and "`.kenning/AI_INSTRUCTIONS.md`" in text
    # what the block promises is what happens
    old = repo.json("decide", "cache sessions in Redis")["id"]
    new = repo.json("decide", "keep sessions in Postgres; Redis is gone", "--supersedes", old)["id"]
    assert "[superseded]" in repo.ok("show", old).stdout and new in repo.ok("show", old).stdout
    summary = repo.ok("summary").stdout
    assert new in summary and "cache sessions in Redis" not in summary


def test_init_upgrades_a_block_an_older_version_wrote_and_keeps_the_rest(world: World) -> None:
    before, after = "# House rules\n\nkeep this line\n\n", "\nmy notes after the block\n"
    repo = world.repo("bakery-shop", files={"src/app.py": "x = 1\n", "CLAUDE.md": before + OLD_BLOCK + after,
                                            "AGENTS.md": OLD_BLOCK})
    first = repo.init().stdout
    claude = (repo.path / "CLAUDE.md").read_text()
    assert claude.startswith(before) and claude.endswith("<!-- kenning:end -->\n" + after)
    assert claude.count("kenning:begin") == 1 and claude.count("kenning:end") == 1
    assert "bakery-shop" in block(repo.path / "CLAUDE.md") and "--supersedes ID" in block(repo.path / "CLAUDE.md")
    assert block(repo.path / "AGENTS.md") == block(repo.path / "CLAUDE.md")
    assert "updated  CLAUDE.md" in first and "updated  AGENTS.md" in first
    second = repo.init().stdout
    assert "unchanged  CLAUDE.md" in second and (repo.path / "CLAUDE.md").read_text() == claude


def test_instructions_ask_for_setup_first_then_to_verify_memory_against_the_source(world: World) -> None:
    repo = world.repo("bakery-shop")
    repo.init()
    path = repo.path / ".kenning" / "AI_INSTRUCTIONS.md"
    setup = path.read_text()
    assert "you are in setup mode" in setup and "maintenance mode" not in setup
    fill_purpose(repo, "A shop front for a bakery: orders, payments and delivery slots.")
    out = repo.init().stdout
    assert "updated  .kenning/AI_INSTRUCTIONS.md" in out
    maintenance = path.read_text()
    assert "This project is in maintenance mode" in maintenance and "setup mode" not in maintenance
    assert "memory can be stale" in maintenance
    assert "Verify what it says\n   against the source before relying on it" in maintenance
    assert "`ken precheck PATH` flags stale memories" in maintenance
    # the rest of the protocol is the same in both modes, supersedes included
    assert maintenance.split("\n2. ", 1)[1] == setup.split("\n2. ", 1)[1]
    assert "--supersedes EVENT_ID" in maintenance
    assert "unchanged  .kenning/AI_INSTRUCTIONS.md" in repo.init().stdout


def test_damaged_markers_are_left_for_the_user_by_init_and_by_export(world: World) -> None:
    """One rule for kenning's blocks (core.views.marked): a block whose end marker was deleted (or
    repeated) is not guessed at; the file is left byte for byte and the output says why."""
    damaged = "# House rules\n\n" + OLD_BLOCK.replace("<!-- kenning:end -->\n", "") + "\nmy own notes\n"
    repo = world.repo("bakery-shop", files={"src/app.py": "x = 1\n", "CLAUDE.md": damaged})
    out = repo.init().stdout
    assert (repo.path / "CLAUDE.md").read_text() == damaged
    assert "skipped (its kenning markers are damaged" in out and "CLAUDE.md" in out
    exported = "# Rules\n<!-- kenning:export:begin (compiled by `ken export`; edits inside this block are " \
               "replaced) -->\nold\n<!-- kenning:export:begin -->\n"
    (repo.path / "AGENTS.md").write_text(exported)
    r = repo.ken("export", "--agents-md")
    assert r.returncode != 0 and "damaged" in r.stderr and r.stderr.count("\n") == 1
    assert (repo.path / "AGENTS.md").read_text() == exported
