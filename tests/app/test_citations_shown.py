"""Where memory is shown, the code it cites is said to be verified, changed or gone, with real
git: the summary puts verified memories first within their section, says of a changed one in
which commit and how long ago (by the clock the view renders at), and marks a gone one as not
current; memories that cite nothing read as before."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from kenning import git
from kenning.app.project import Project
from kenning.app.record import record
from kenning.app.views import summary as summary_app
from machine import run_git, write_file

PAY = """def charge(order):
    key = order.idempotency_key()
    if store.seen(key):
        return store.result(key)
    return gateway.charge(order, key=key)


def refund(order):
    amount = order.paid_amount()
    return gateway.refund(order, amount=amount)
"""
OLD = """def legacy_export(rows):
    writer = csv.writer(sys.stdout)
    for row in rows:
        writer.writerow(row)
"""
WRITTEN = "2030-06-20T12:00:00Z"
CHANGED = "2030-06-27T12:00:00Z"
NOW = "2030-06-30T12:00:00Z"


def commit(project: Project, env: dict[str, str], message: str, when: str) -> None:
    dated = {**env, "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}
    run_git(("add", "-A", "--", ".", ":!.kenning"), project.root, dated)
    run_git(("commit", "-q", "-m", message), project.root, dated)


def decide(project: Project, summary: str, at: str | None = None) -> str:
    event: dict[str, Any] = {"type": "decision", "summary": summary}
    if at:
        event["location"] = at
    return record(project, event, now=WRITTEN, cwd=project.root).event.id


@pytest.fixture
def memories(project: Project, machine: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Four standing decisions, oldest first: one whose code is still there, one citing nothing,
    one whose code changed three days before NOW, one whose code is gone."""
    write_file(project.root, "src/pay.py", PAY)
    write_file(project.root, "src/old.py", OLD)
    commit(project, machine, "pay and export", WRITTEN)
    ids = {"gone": decide(project, "Exports are written as CSV to stdout", "src/old.py:1-4"),
           "changed": decide(project, "Refunds give back what was paid", "src/pay.py:8-10"),
           "plain": decide(project, "We deploy on Fridays never"),
           "verified": decide(project, "Charges are idempotent by the order key", "src/pay.py:2-5")}
    write_file(project.root, "src/pay.py", PAY.replace("order.paid_amount()", "order.refundable()"))
    (project.root / "src/old.py").unlink()
    commit(project, machine, "refund what is refundable; drop the CSV export", CHANGED)
    monkeypatch.setenv("KEN_NOW", NOW)
    return ids


def _rev(project: Project) -> str:
    return git.run(project.root, ["rev-parse", "--short=7", "HEAD"]).strip()


def section(text: str, title: str) -> list[str]:
    lines = text.split(f"## {title}", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    return [line for line in lines if line.startswith("- ")]


def test_the_summary_puts_verified_first_and_says_what_changed_and_what_is_gone(
        project: Project, memories: dict[str, str]) -> None:
    text = summary_app.summary(project)
    decisions = section(text, "Standing decisions")
    assert [line.split("]")[0][3:] for line in decisions] == [
        memories["verified"], memories["plain"], memories["changed"], memories["gone"]]
    assert decisions[0].endswith("(src/pay.py:2)")  # verified where it was: nothing more to say
    assert decisions[1].endswith("We deploy on Fridays never")
    assert decisions[2].endswith(f"(src/pay.py:8; code changed in {_rev(project)}, 3 days ago: "
                                 "check before relying on it)")
    assert decisions[3].endswith(f"(src/old.py:1; code gone in {_rev(project)}, 3 days ago: "
                                 "not current, do not rely on it)")
    assert summary_app.summary(project) == text  # same events, git state and clock: same bytes
    assert (project.root / ".kenning" / "summary.md").read_text(encoding="utf-8") == text


def test_the_full_summary_says_it_too(project: Project, memories: dict[str, str]) -> None:
    text = summary_app.summary(project, full=True)
    assert "code gone in" in text and "code changed in" in text


def test_a_summary_with_no_citation_follows_nothing(project: Project, machine: dict[str, str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    decide(project, "We deploy on Fridays never")
    summary_app.summary(project)
    assert not (project.cache_dir / "citations.json").exists()


def test_the_precheck_of_a_file_names_its_memories_whose_code_changed(
        project: Project, memories: dict[str, str]) -> None:
    from kenning.app.gate.precheck import precheck
    checked = precheck(project, ["src/pay.py", "src/old.py", "src/app.py"], cwd=project.root, now=NOW, surface=None)
    warned = {v.path: [w for w in v.warnings if w.kind == "code_changed"] for v in checked.report.files}
    assert [w.event_ids for w in warned["src/pay.py"]] == [[memories["changed"]]]  # not the verified one
    assert [w.event_ids for w in warned["src/old.py"]] == [[memories["gone"]]]
    assert warned["src/app.py"] == []
    text = checked.text()
    said = f"code changed in {_rev(project)}, 3 days ago: Refunds give back what was paid"
    assert f"  info  changed   9d ago  {said}" in text
    assert "gone" in text and "Exports are written as CSV to stdout" in text


def test_search_gives_each_memory_that_cites_code_its_status(project: Project, memories: dict[str, str]) -> None:
    from kenning.app.views.read import search

    found = {item["id"]: item for item in search(project, "", "decision")}
    assert found[memories["changed"]]["code"]["status"] == "changed"
    assert found[memories["gone"]]["code"]["status"] == "gone"
    assert (found[memories["verified"]]["code"]["status"], found[memories["verified"]]["code"]["start"]) == (
        "verified", 2)
    assert "code" not in found[memories["plain"]]


def test_the_context_and_the_brief_say_it_after_the_place(project: Project, memories: dict[str, str]) -> None:
    from kenning.app.views.context import brief, context

    changed = f"(src/pay.py:8; code changed in {_rev(project)}, 3 days ago: check before relying on it)"
    gone = f"(src/old.py:1; code gone in {_rev(project)}, 3 days ago: not current, do not rely on it)"
    text = context(project, now=NOW).text
    assert f"Refunds give back what was paid {changed}" in text and f"CSV to stdout {gone}" in text
    assert "order key (src/pay.py:2)\n" in text
    focused = context(project, paths=["src/pay.py"], cwd=project.root, now=NOW).text
    assert "code changed in" in focused  # the gate's lines name it too
    said = brief(project, now=NOW)
    lines = brief_text(said).splitlines()  # the brief cuts its lines to the screen's width
    assert any(line.startswith(f"  [{memories['changed']}] Refunds give back what was paid (src/pay.py:8; code "
                               f"changed in {_rev(project)}") for line in lines), lines
    shown = {d["id"]: d for d in said.to_json()["decisions"]["shown"]}
    assert shown[memories["gone"]]["code"].startswith("code gone in") and "code" not in shown[memories["plain"]]


def brief_text(said: Any) -> str:
    from kenning.core.views.brief import render

    return render(said)


def test_the_exports_say_it_too(project: Project, memories: dict[str, str]) -> None:
    from kenning.app.team.log_export import export_log
    from kenning.app.views.agent_block import block

    changed = f"code changed in {_rev(project)}, 3 days ago: check before relying on it"
    text = block(project)
    decisions = [line for line in text.splitlines() if "Refunds" in line or "order key" in line or "CSV" in line]
    assert [("order key" in d, "Refunds" in d, "CSV" in d) for d in decisions] == [
        (True, False, False), (False, True, False), (False, False, True)]  # verified first, gone last
    assert changed in decisions[1] and "code gone in" in decisions[2]
    report = export_log(project, "markdown", now=NOW).text
    assert f"at `src/pay.py:8` ({changed})" in report
    assert "at `src/pay.py:2`;" in report  # verified: nothing more to say


def test_the_page_marks_a_decision_whose_code_changed(project: Project, memories: dict[str, str]) -> None:
    from kenning.app.views.visualize import page_data
    from kenning.page.sections import decisions

    data = page_data(project, now=NOW)
    shown = {d["id"]: d for d in data["decisions"]["shown"]}
    assert shown[memories["changed"]]["code"]["status"] == "changed" and "code" not in shown[memories["plain"]]
    assert shown[memories["verified"]]["code"]["status"] == "verified"
    html = decisions(data["decisions"])
    assert (f'<span class="badge code-changed">code changed in {_rev(project)}, 3 days ago: '
            "check before relying on it</span>") in html
    assert html.count('class="badge code-') == 2  # the changed and the gone one; verified says nothing


def test_views_of_memories_that_cite_nothing_load_nothing_of_citations(project: Project) -> None:
    """The warm gate's hot path and the summary stay as they were when no memory cites code."""
    decide(project, "We deploy on Fridays never", "src/app.py")
    probe = ("import sys; from pathlib import Path; from kenning.app.project import Project; "
             "from kenning.app.gate.precheck import precheck; from kenning.app.views.summary import summary; "
             f"p = Project(Path({str(project.root)!r})); precheck(p, ['src/app.py'], cwd=p.root, surface=None); "
             "summary(p); print(sorted(m for m in sys.modules if m in ('kenning.app.citations', "
             "'kenning.core.gate.cited', 'kenning.core.views.coded', 'kenning.core.citations')))")
    ran = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == "[]", ran.stderr[-500:]
