"""Every view counts one memory the same way.

One real repository, with events written by hand and events derived from its git history (one
naming no file among them), lessons marked in it, one added by hand for a library
it declares, one forgotten, and reverted changes tried again in each of the three ways ``ken
audit`` finds. Then every view is rendered from it by ``ken``'s command line (``stats``, ``score``,
``summary``, ``brief``, ``lessons``, ``visualize``, ``dashboard``, ``audit``, text and JSON, and
the MCP ``get_score``'s JSON through the same ``app`` call) and their counts are compared.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from gate.conftest import Repo, World  # the gate suite's world: commits backdated, KEN_NOW fixed

PYPROJECT = '[project]\nname = "shop"\ndependencies = ["requests"]\n'
BEFORE = "def parse(raw):\n    return slow(raw)\n"
AFTER = "def parse(raw):\n    return fast(raw)\n"


def change_then_revert(repo: Repo, path: str, subject: str, days: float) -> None:
    repo.commit(path, BEFORE, f"add {path}", days + 1)
    original = repo.commit(path, AFTER, subject, days)
    repo.git("revert", "--no-edit", original, days=days - 1)


def history(repo: Repo) -> None:
    """Reverted changes tried again: announced, under the same subject, and as a similar diff;
    fixes, one on a branch."""
    repo.commit("pyproject.toml", PYPROJECT, "initial", 60)
    change_then_revert(repo, "parser.py", "Use fast parser", 40)
    repo.commit("parser.py", AFTER, 'Reland "Use fast parser"', 30)
    change_then_revert(repo, "lexer.py", "Use fast lexer", 40)
    repo.commit("lexer.py", AFTER, "Use fast lexer", 30)
    change_then_revert(repo, "reader.py", "Use fast reader", 40)
    repo.commit("reader.py", AFTER, "reader speed", 30)
    repo.commit("pay.py", "x = 1\n", "fix: charge once per order", 20)
    repo.git("checkout", "-q", "-b", "topic")
    repo.commit("pay.py", "x = 2\n", "fix: round the total", 15)
    repo.git("checkout", "-q", "-")


def merged(repo: Repo) -> None:
    """The branch merged after ``ken init``, and a fix with no file (an empty commit): an event
    derived from git that names no file, which a count of the path rows misses."""
    repo.git("merge", "-q", "--no-ff", "-m", "Merge pull request #7 from team/fix-rounding", "topic", days=14)
    repo.git("commit", "-q", "--allow-empty", "-m", "fix: raise the retry budget on the server", days=13)


def hand_written(repo: Repo) -> None:
    """An issue tried twice and fixed, one left open, a decision replaced by another, lessons:
    two marked here, one added for requests, one added and then forgotten."""
    issue = repo.json("issue", "double charge on retry", "--at", "pay.py", days=10)["issue_id"]
    repo.ok("attempt", "dedupe in memory", "--failed", "--issue", issue, "--at", "pay.py", days=9)
    repo.ok("attempt", "retry with jitter", "--partial", "--issue", issue, days=9)
    repo.ok("fix", "idempotency key before charging", "--issue", issue, "--at", "pay.py", days=8)
    repo.ok("issue", "the report renders twice", days=7)
    first = repo.json("decide", "keys in Redis", "--at", "pay.py", days=6)["id"]
    repo.ok("decide", "keys in Postgres", "--supersedes", first, "--at", "pay.py", days=5)
    repo.ok("decide", "lesson: requests needs an explicit timeout", "--lesson", days=5)
    repo.ok("note", "the staging secret rotates weekly", "--lesson", days=4)
    repo.ok("lessons", "add", "requests drops the session on a redirect", "--library", "requests", days=3)
    forgotten = repo.json("lessons", "add", "requests is thread-safe", "--library", "requests", days=3)["id"]
    repo.ok("lessons", "forget", forgotten, days=2)
    repo.ok("precheck", "pay.py", days=1)  # a person's own check: counted, not as an agent's


@pytest.fixture
def memory(tmp_path: Path) -> Repo:
    repo = World(tmp_path).repo("shop")
    history(repo)
    repo.ok("init", "--no-hooks")
    merged(repo)
    hand_written(repo)
    return repo


def figures(text: str, pattern: str) -> tuple[int, ...]:
    found = re.search(pattern, text)
    assert found, f"{pattern!r} not in:\n{text}"
    return tuple(int(n.replace(",", "")) for n in found.groups())


@pytest.mark.slow  # about twenty `ken` runs and an audit
def test_every_view_counts_one_memory_alike(memory: Repo) -> None:
    stats = memory.json("stats")
    events = (stats["events"], stats["hand_written"], stats["derived_from_git"])
    assert stats["derived_from_git"] > 0 and stats["hand_written"] > 0
    assert sum(stats["by_type"].values()) == stats["events"]
    issues = (stats["open_issues"], stats["done_issues"])
    page = memory.path / "page.html"
    data = memory.json("visualize", "-o", str(page))["data"]
    counts = data["counts"]
    assert (counts["events"], counts["hand_written"], counts["derived_from_git"]) == events
    assert counts["by_type"] == stats["by_type"]
    assert (counts["open_issues"], counts["done_issues"]) == issues
    assert (counts["decisions"], counts["superseded_decisions"]) == (stats["decisions"], 1)
    assert counts["files_cited"] == stats["key_files"]
    header = html.unescape(page.read_text(encoding="utf-8").split("</header>")[0])
    assert figures(header, r"([\d,]+) events? \(([\d,]+) written by hand, ([\d,]+) derived from git\)") == events

    listed = memory.json("lessons", "--limit", "1000")["lessons"]
    texts = {lesson["text"] for lesson in listed}
    assert "requests drops the session on a redirect" in texts and "requests is thread-safe" not in texts
    assert (stats["lessons"], stats["lessons_listed"]) == (2, len(listed))

    text = memory.ok("stats").stdout
    assert figures(text, r"events +([\d,]+) \(([\d,]+) written by hand, ([\d,]+) derived from git\)") == events
    assert figures(text, r"issues +(\d+) open, (\d+) done") == issues
    assert figures(text, r"lessons +(\d+) marked in this memory, (\d+) listed") == (2, len(listed))

    score = memory.json("score")  # the log's counts, git's apart; the MCP get_score returns this same call
    assert score["events"] == stats["hand_written"] and sum(score["derived_from_git"].values()) == stats[
        "derived_from_git"]
    assert (score["open_issues"], score["done_issues"]) == issues
    assert score["standing_decisions"] == stats["standing_decisions"] and score["lessons"] == stats["lessons"]
    assert score["superseded_decisions"] == stats["superseded_decisions"] == 1

    board = memory.path / "all.html"
    card = memory.json("dashboard", "-o", str(board))["data"]["projects"][0]
    assert (card["events"], card["hand_written"], card["derived_from_git"]) == events
    assert (card["open_issues"], card["done_issues"]) == issues
    assert card["lessons"] == len(listed)
    assert card["lesson_texts"] == [lesson["text"] for lesson in listed[:3]]
    shown = html.unescape(board.read_text(encoding="utf-8"))
    assert "requests is thread-safe" not in shown and "requests drops the session on a redirect" in shown
    assert figures(shown, r"([\d,]+) events? \(([\d,]+) written by hand, ([\d,]+) derived from git\)") == events
    assert figures(shown, r"(\d+) lessons?</p>") == (len(listed),)

    summary = memory.ok("summary").stdout
    assert "other projects" not in summary  # every lesson here was learned here
    assert figures(summary, r"## Open issues \((\d+)\)") == (issues[0],)
    brief = memory.json("brief")
    assert brief["lessons"]["total"] == len(listed)

    audit = memory.json("audit")["reattempts"]
    assert (audit["by_message"], audit["by_subject"], audit["by_diff"]) == (1, 1, 1)
    assert audit["found"] == 3
    said = memory.ok("audit").stdout.splitlines()[0]
    assert figures(said, r"(\d+) re-attempts \((\d+) announced, (\d+) repeating the reverted subject, "
                         r"(\d+) by a similar diff\)") == (3, 1, 1, 1)
    estimate = score["estimates"][0]
    assert estimate["value"] == 0 and estimate["counted"] == "from 0 agent checks; 1 manual check not counted"
