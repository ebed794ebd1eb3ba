"""The session-start summary: bounded by its budget, cut in priority order with a pointer to
the rest, safe against text that looks like Markdown, free of wall-clock dates, and byte for
byte the same for the same events (a golden file pins the exact output)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kenning.core.events import Event, format_timestamp, parse_timestamp
from kenning.core.fold import ITEM_CHARS, State, fold
from kenning.core.text import one_line
from kenning.core.views.markdown import inline
from kenning.core.views.summary import DEFAULT_BUDGET, PURPOSE_PLACEHOLDER, purpose_from_map, render

from .event_logs import at, eid, event, random_log

GOLDEN = Path(__file__).parent / "golden" / "summary_webhook.md"

SECTION_TITLES = ("Failed attempts and reverts", "Open issues", "Contradicting decisions", "Standing decisions",
                  "Lessons", "Recently done",
                  "Notes", "From git history", "Key files")
RENDERER_HEADING = re.compile(r"^## (Project purpose|(" + "|".join(SECTION_TITLES) + r") \(\d+\))$")
SECTION_HEADING = re.compile(r"^## (?P<title>.+) \((?P<total>\d+)\)$")
MORE_LINE = re.compile(r"^- … (?P<count>\d+) more: `(?P<command>[^`]+)`$")


class Section:
    def __init__(self, title: str, total: int) -> None:
        self.title, self.total = title, total
        self.entries: list[str] = []  # the first line of each entry shown
        self.more: int | None = None
        self.command: str | None = None


def sections(text: str) -> dict[str, Section]:
    """The rendered sections by title, in the order they appear."""
    found: dict[str, Section] = {}
    current: Section | None = None
    for line in text.splitlines():
        heading = SECTION_HEADING.match(line)
        if heading:
            current = found[heading["title"]] = Section(heading["title"], int(heading["total"]))
        elif current is not None and line.startswith("- "):
            more = MORE_LINE.match(line)
            if more:
                current.more, current.command = int(more["count"]), more["command"]
            else:
                current.entries.append(line)
    return found


def assert_only_renderer_headings(text: str) -> None:
    lines = text.splitlines()
    assert lines[0].startswith("# Project memory: ")
    hashed = [ln for ln in lines[1:] if ln.lstrip().startswith("#")]
    assert all(RENDERER_HEADING.match(ln) for ln in hashed), [ln for ln in hashed if not RENDERER_HEADING.match(ln)]


def assert_cuts_are_counted(text: str) -> None:
    """Every section shows all its entries, or ends with how many it left out."""
    for section in sections(text).values():
        if section.more is None:
            assert len(section.entries) == section.total, section.title
        else:
            assert section.more == section.total - len(section.entries) > 0, section.title


# --- the golden file ------------------------------------------------------------------------------

PROJECT_MAP = """# Project map

## Purpose
<!-- One paragraph: what this project is for and who uses it. -->
Take card payments for the shop through Stripe,
and fulfil orders once the payment webhook arrives.

## Stack
- Python 3.12, Django
"""


def webhook_story() -> list[Event]:
    """The paper's webhook story: an issue, two failed attempts, a fix; a decision reversed by a
    second one; a lesson; a note. Times are seconds apart, so the order is fixed."""
    webhook = "src/payments/webhook.py"
    return [
        event(1, "issue", "Webhook retries create duplicate charges", issue_id="k7q2", location=f"{webhook}:2"),
        event(2, "attempt", "Deduplicated on the Stripe event id; ids repeat across retries", issue_id="k7q2",
              outcome="failed", location=f"{webhook}:2"),
        event(3, "attempt", "5-second lock around mark_paid; narrowed the race, did not close it", issue_id="k7q2",
              outcome="failed", location=f"{webhook}:3"),
        event(4, "fix", "Write the idempotency key before charging", issue_id="k7q2", location=f"{webhook}:2"),
        event(5, "decision", "Store idempotency keys in Redis with a 24-hour TTL", location=webhook),
        event(6, "decision", "Enforce idempotency with a unique key in Postgres; drop the Redis store",
              supersedes=eid(5), location=webhook),
        event(7, "note", "Stripe retries a webhook for up to three days: every handler must be idempotent",
              lesson=True),
        event(8, "note", "Staging uses a Stripe test clock; real retries only show in production",
              location="docs/payments.md"),
    ]


def test_the_webhook_story_matches_its_golden_file(update_golden: bool) -> None:
    text = render(fold(webhook_story()), "payments-demo", purpose_from_map(PROJECT_MAP))
    if update_golden:
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_bytes(text.encode("utf-8"))
    assert GOLDEN.exists(), f"{GOLDEN} is missing: run pytest with --update-golden and review the new file"
    assert GOLDEN.read_bytes() == text.encode("utf-8"), "the summary changed: review, then rerun with --update-golden"


def test_the_webhook_story_reads_as_the_paper_tells_it() -> None:
    # the golden file pins the bytes; this says what in it matters, so a careless refresh fails
    text = render(fold(webhook_story()), "payments-demo", purpose_from_map(PROJECT_MAP))
    found = sections(text)
    assert list(found) == ["Standing decisions", "Lessons", "Recently done", "Notes", "Key files"]
    assert found["Recently done"].entries == ["- #k7q2 Webhook retries create duplicate charges "
                                              "(src/payments/webhook.py:2)"]
    assert "  - fixed: Write the idempotency key before charging\n" in text
    assert text.count("  - failed: ") == 2
    assert found["Standing decisions"].entries == [
        f"- [{eid(6)}] Enforce idempotency with a unique key in Postgres; drop the Redis store "
        "(src/payments/webhook.py)"]
    assert "Redis with a 24-hour TTL" not in text and eid(5) not in text
    assert found["Key files"].entries == ["- src/payments/webhook.py (6)", "- docs/payments.md (1)"]
    assert "Take card payments for the shop through Stripe, / and fulfil orders" in text
    # the story fits: the budgeted and the full summary are the same
    assert text == render(fold(webhook_story(), bounded=False), "payments-demo", purpose_from_map(PROJECT_MAP), None)


# --- the budget -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def big_state() -> State:
    return fold(random_log(41, 4000, 1200))


@pytest.mark.parametrize("budget", [1500, 3000, DEFAULT_BUDGET, 10_000])
def test_the_summary_stays_within_its_budget(big_state: State, budget: int) -> None:
    text = render(big_state, "proj", "A project with a long history.", budget)
    assert len(text) <= budget
    assert len(text) > budget * 0.75  # and the budget is used, not wasted
    assert_cuts_are_counted(text)
    assert_only_renderer_headings(text)


def test_the_default_budget_is_6000_characters(big_state: State) -> None:
    assert DEFAULT_BUDGET == 6000
    assert render(big_state, "proj", "p") == render(big_state, "proj", "p", 6000)


def test_a_section_with_room_for_its_heading_but_no_entry_stays_within_the_budget() -> None:
    # Every entry is long (a deep path), so at a small budget some section has room for its
    # heading and not for its first entry. Its "… N more" line must still fit the budget.
    deep = "src/" + "nested/" * 25
    events = [event(1, "issue", "open", issue_id="k7q2", location=f"{deep}issue.py")]
    events += [event(10 + n, "decision", f"decision {n}", location=f"{deep}d{n}.py") for n in range(6)]
    events += [event(20 + n, "note", f"note {n}", location=f"{deep}n{n}.py") for n in range(30)]
    state = fold(events)
    head = len(render(State(), "proj", "purpose"))
    over = {budget: len(render(state, "proj", "purpose", budget)) for budget in range(head, 1200)}
    assert {b: n for b, n in over.items() if n > b} == {}


def test_open_issues_survive_a_tight_budget_before_notes() -> None:
    events = [event(n, "issue", f"open issue {n}", issue_id=f"o{n:03d}") for n in range(1, 4)]
    events += [event(5, "attempt", "tried a retry queue; it drops events", issue_id="o001", outcome="failed")]
    events += [event(100 + n, "note", f"note {n}: " + "detail " * 12) for n in range(60)]
    for budget in (500, 800, 1500):
        text = render(fold(events), "proj", "purpose", budget)
        assert len(text) <= budget
        found = sections(text)
        assert found["Open issues"].more is None
        assert found["Open issues"].entries == ["- #o003 open issue 3", "- #o002 open issue 2", "- #o001 open issue 1"]
        assert found["Failed attempts and reverts"].entries == ["- #o001 failed: tried a retry queue; it drops events"]
        notes = found.get("Notes")
        assert notes is None or (notes.more is not None and notes.more > 0)


def test_sections_come_in_priority_order() -> None:
    events = [event(1, "issue", issue_id="open"), event(2, "issue", issue_id="done"), event(3, "fix", issue_id="done"),
              event(4, "decision", "standing", location="src/a.py:3"), event(5, "note", "lesson", lesson=True),
              event(6, "note", "note"), event(7, "fix", "fix: from a commit", source="git"),
              event(8, "note", location="src/a.py"), event(10, "decision", "standing too", location="src/a.py:3"),
              event(9, "attempt", "Revert \"cache the token\"", outcome="failed", source="git")]
    text = render(fold(events), "proj", "purpose")
    assert list(sections(text)) == list(SECTION_TITLES)
    assert text.index("## Project purpose") < text.index("## Failed attempts and reverts")


@pytest.mark.parametrize("budget", [1500, 3000, DEFAULT_BUDGET])
def test_each_cut_section_ends_with_the_count_and_the_command_for_the_rest(big_state: State, budget: int) -> None:
    found = sections(render(big_state, "proj", "purpose", budget))
    commands = {"Open issues": "ken issues", "Standing decisions": "ken search --type decision",
                "Recently done": "ken issues --all", "Notes": "ken search --type note"}
    if budget >= DEFAULT_BUDGET:  # the history comes after the notes: a tight budget leaves it out
        commands["From git history"] = "ken summary --full"
    for title, command in commands.items():
        section = found[title]
        assert section.more == section.total - len(section.entries) > 0, title
        assert section.command == command
    assert found["Open issues"].total == big_state.open_issues.size()
    assert found["Standing decisions"].total == big_state.decisions.size()
    assert found["Recently done"].total == big_state.done_ids.size()
    # a failed attempt naming no issue is counted once, among the failures
    assert found["Notes"].total == big_state.note_count - (big_state.failure_count - big_state.failures_from_git)
    if "From git history" in found:
        assert found["From git history"].total == big_state.history_count - big_state.failures_from_git


def test_notes_are_shown_as_far_as_the_budget_goes_and_the_rest_counted() -> None:
    events = [event(n, "note", f"note {n}") for n in range(1, 16)]
    found = sections(render(fold(events), "proj", "purpose"))
    assert found["Notes"].entries == [f"- note {n}" for n in range(15, 0, -1)]  # no cap while room is left
    assert (found["Notes"].total, found["Notes"].more) == (15, None)
    events = [event(n, "note", f"note {n}: " + "detail " * 10) for n in range(1, 301)]
    text = render(fold(events), "proj", "purpose")
    notes = sections(text)["Notes"]
    assert notes.entries[0].startswith("- note 300: ") and notes.total == 300
    assert notes.more == 300 - len(notes.entries) > 0
    assert len(text) > DEFAULT_BUDGET - 100  # cut only once the budget is spent


def test_full_summary_shows_everything() -> None:
    log = random_log(42, 1500, 400)
    state = fold(log, bounded=False)
    text = render(state, "proj", "purpose", None)
    assert len(text) > DEFAULT_BUDGET * 3
    assert "more: `" not in text
    assert_cuts_are_counted(text)
    found = sections(text)
    for item in state.open_items():
        assert f"- #{item['issue_id']} " in text
    assert len(found["Open issues"].entries) == state.open_issues.size()
    assert len(found["Recently done"].entries) == state.done_ids.size()
    assert len(found["Notes"].entries) == state.note_count - (state.failure_count - state.failures_from_git)
    assert len(found["From git history"].entries) == state.history_count - state.failures_from_git
    tried = sum(sum(state.tried(i["issue_id"]).values()) for i in state.open_items())
    assert len(found["Failed attempts and reverts"].entries) == state.failure_count + tried
    for item in state.standing_decisions():
        assert f"- [{item['id']}] " in text
    for ev in log:
        if ev.type == "note" and not ev.lesson:
            where = f" ({inline(ev.location)})" if ev.location else ""
            assert f"\n- {inline(ev.summary)}{where}\n" in text  # as text, never markup


def test_retired_decisions_appear_in_no_summary() -> None:
    log = random_log(43, 800, 200)
    retired = {ev.supersedes for ev in log if ev.type == "decision" and ev.supersedes}
    assert len(retired) > 10
    bounded = render(fold(log), "proj", "purpose")
    full = render(fold(log, bounded=False), "proj", "purpose", None)
    for decision_id in retired:
        assert decision_id not in bounded
        assert decision_id not in full


def test_issue_ids_and_decision_ids_are_shown() -> None:
    events = [event(1, "issue", "the bug", issue_id="k7q2"), event(2, "decision", "the rule", location="src/a.py:3"),
              event(3, "decision", "the lesson", lesson=True)]
    text = render(fold(events), "proj", "purpose")
    assert "\n- #k7q2 the bug\n" in text
    assert f"\n- [{eid(2)}] the rule (src/a.py:3)\n" in text
    assert f"\n- [{eid(3)}] the lesson\n" in text


def test_long_text_is_cut_in_the_budgeted_summary_and_whole_in_the_full_one() -> None:
    long_text = "word " * 300
    events = [event(1, "note", long_text)]
    line = sections(render(fold(events), "proj", "purpose"))["Notes"].entries[0]
    assert line == "- " + ("word " * 48).rstrip()[: ITEM_CHARS - 1].rstrip() + "…"
    full = render(fold(events, bounded=False), "proj", "purpose", None)
    assert "- " + long_text.strip() + "\n" in full


# --- what must not be repeated: failed attempts and reverts, never cut silently (issue 28) ----------

FAILURES = "Failed attempts and reverts"


def on_day(day: int) -> str:
    """A time ``day`` days after the event builder's first time."""
    return format_timestamp(parse_timestamp(at(0)) + day * 86_400 * 1_000_000)


def failures_shown_or_counted(text: str, total: int) -> list[str]:
    """The failures the summary lists; with its "… N more" they account for all ``total``."""
    found = sections(text)[FAILURES]
    assert found.total == total
    assert len(found.entries) + (found.more or 0) == total, (found.entries, found.more)
    return found.entries


def test_every_failed_or_partial_attempt_on_an_open_issue_is_shown() -> None:
    # the report: three failed attempts and one partial, three shown, no "more", at 1.2 KB of 6 KB
    webhook = "src/payments/webhook.py"
    events = [event(1, "issue", "Webhook retries create duplicate charges", issue_id="k7q2", location=webhook)]
    tried = ["Deduplicated on the Stripe event id", "A 5-second lock around mark_paid", "Retried inside a transaction"]
    events += [event(2 + n, "attempt", text, issue_id="k7q2", outcome="failed", location=webhook)
               for n, text in enumerate(tried)]
    events.append(event(5, "attempt", "Queued the webhooks; half of them", issue_id="k7q2", outcome="partial",
                        location=webhook))
    for state in (fold(events), applied_in_reverse(events)):
        text = render(state, "payments", "purpose")
        assert failures_shown_or_counted(text, 4) == [
            f"- #k7q2 partial: Queued the webhooks; half of them ({webhook})",
            f"- #k7q2 failed: Retried inside a transaction ({webhook})",
            f"- #k7q2 failed: A 5-second lock around mark_paid ({webhook})",
            f"- #k7q2 failed: Deduplicated on the Stripe event id ({webhook})"]
        assert f"- #k7q2 Webhook retries create duplicate charges ({webhook})\n" \
               f"  - attempts: 3 failed, 1 partial (under {FAILURES})\n" in text
        assert text.index(f"## {FAILURES}") < text.index("## Open issues")


def applied_in_reverse(events: list[Event]) -> State:
    """The bounded state built as the index builds it, one event at a time, here newest first."""
    state = State()
    for ev in reversed(events):
        state.apply(ev)
    return state


@pytest.mark.parametrize("budget", [400, 700, 1000, 1500, 2500, 4000, DEFAULT_BUDGET])
def test_failed_attempts_on_open_issues_are_shown_or_counted_at_any_budget(budget: int) -> None:
    events = [event(1, "issue", "the importer drops rows", issue_id="k7q2", location="src/importer.py"),
              event(2, "issue", "exports are slow", issue_id="w3x9")]
    events += [event(10 + n, "attempt", f"approach {n}: " + "what was tried and why it failed " * 3,
                     issue_id=("k7q2", "w3x9")[n % 2], outcome=("failed", "partial")[n % 3 == 0])
               for n in range(45)]  # more than the state keeps of one issue: all are counted
    text = render(fold(events), "proj", "purpose", budget)
    assert len(text) <= budget
    shown = failures_shown_or_counted(text, 45)
    assert shown or budget < 700  # the first section: a modest budget shows some
    assert_cuts_are_counted(text)


def test_a_done_issue_counts_the_attempts_it_does_not_show() -> None:
    events = [event(1, "issue", "the bug", issue_id="k7q2")]
    events += [event(2 + n, "attempt", f"tried {n}", issue_id="k7q2", outcome="failed") for n in range(5)]
    events.append(event(10, "fix", "the fix", issue_id="k7q2"))
    text = render(fold(events), "proj", "purpose")
    assert "- #k7q2 the bug\n  - fixed: the fix\n  - failed: tried 4\n  - failed: tried 3\n  - failed: tried 2\n" \
           "  - … 2 more failed or partial: `ken show #k7q2`\n" in text
    assert FAILURES not in text  # a fixed issue's attempts inform: they stay with it
    full = render(fold(events, bounded=False), "proj", "purpose", None)
    assert "tried 0" in full and "more failed or partial" not in full


def year_of_history() -> list[Event]:
    """A year derived from git: routine fixes every few days (most on a hot file), three reverts
    (two in the last month, one on the hot file; one ten months ago on the hot file) and a
    feature. Nothing hand-written."""
    hot, cold = "src/core.py", "docs/guide.md"
    events = [event(100 + d, "fix", f"Fix routine thing {d}", source="git", timestamp=on_day(d),
                    location=hot if d % 3 else f"src/m{d}.py") for d in range(0, 360, 5)]
    events += [
        event(1, "attempt", "Reverted 1a2b3c4d5e: Use a sentinel default", source="git", outcome="failed",
              timestamp=on_day(40), location=hot),
        event(2, "attempt", "Reverted 2b3c4d5e6f: Reword the guide", source="git", outcome="failed",
              timestamp=on_day(352), location=cold),
        event(3, "attempt", "Reverted 3c4d5e6f7a: Cache the parser", source="git", outcome="failed",
              timestamp=on_day(345), location=hot),
        event(4, "note", "feat: parse in parts", source="git", timestamp=on_day(200)),
    ]
    return events


def test_reverts_come_first_after_a_years_history_recent_and_hot_first() -> None:
    events = year_of_history()
    text = render(fold(events), "proj", "purpose")
    found = sections(text)
    assert list(found)[0] == FAILURES
    assert failures_shown_or_counted(text, 3) == [
        "- Reverted 3c4d5e6f7a: Cache the parser (src/core.py)",  # the last month, the hot file
        "- Reverted 2b3c4d5e6f: Reword the guide (docs/guide.md)",  # the last month, newer, a cold file
        "- Reverted 1a2b3c4d5e: Use a sentinel default (src/core.py)"]  # ten months ago
    history = found["From git history"]
    assert history.total == 73 and not any("Reverted" in e for e in history.entries)  # shown once
    assert history.more is None or len(text) > DEFAULT_BUDGET - 150  # the budget is spent before cutting
    assert len(text) <= DEFAULT_BUDGET
    assert render(fold(events), "proj", "purpose") == text
    assert render(applied_in_reverse(events), "proj", "purpose") == text


def test_the_budget_is_spent_before_the_history_is_cut() -> None:
    events = [event(n, "fix", f"Fix routine thing {n}: " + "words " * 8, source="git", location=f"src/f{n % 7}.py")
              for n in range(1, 300)]
    text = render(fold(events), "proj", "purpose")
    history = sections(text)["From git history"]
    assert history.total == 299 and history.more == 299 - len(history.entries) > 0
    assert DEFAULT_BUDGET - 150 < len(text) <= DEFAULT_BUDGET


# --- events derived from git, and the files still there ------------------------------------------

@pytest.mark.parametrize(("kind", "summary", "fields", "line"), [
    ("fix", "fix: handle an empty body", {}, "- fix: handle an empty body"),
    ("fix", "fix(parser): handle an empty body", {}, "- fix(parser): handle an empty body"),
    ("fix", "Fix copy/move operators of Tracked", {}, "- Fix copy/move operators of Tracked"),
    ("fix", "Hotfix: the release script", {}, "- Hotfix: the release script"),
    ("fix", "Handle an empty body", {}, "- fix: Handle an empty body"),
    ("fix", "Fixture files moved", {}, "- fix: Fixture files moved"),  # a word that starts like fix is not one
    ("attempt", "Reverted 9655f546c3: Merge CRC", {"outcome": "failed"}, "- Reverted 9655f546c3: Merge CRC"),
    ("attempt", "Revert \"Use the fast parser\"", {"outcome": "failed"}, "- Revert \"Use the fast parser\""),
    ("attempt", "Fix the parser by caching", {"outcome": "failed"}, "- failed: Fix the parser by caching"),
    ("attempt", "Reverted half of it", {"outcome": "partial"}, "- partial: Reverted half of it"),
    ("note", "feat: upload in parts", {}, "- feat: upload in parts"),
    ("issue", "an issue with no id", {}, "- issue: an issue with no id"),
])
def test_events_that_name_no_issue_read_naturally(kind: str, summary: str, fields: dict[str, str], line: str) -> None:
    text = render(fold([event(1, kind, summary, source="git", **fields)]), "proj", "purpose")
    assert f"\n{line}\n" in text, text


def test_hand_written_events_stay_in_the_notes_and_derived_ones_in_the_history() -> None:
    events = [event(1, "note", "a hand-written note"), event(2, "fix", "Fix the build", source="git"),
              event(3, "attempt", "tried a cache", outcome="failed", source="import")]
    found = sections(render(fold(events), "proj", "purpose"))
    assert found["Notes"].entries == ["- a hand-written note"]
    assert found["From git history"].entries == ["- Fix the build"]
    assert found["Failed attempts and reverts"].entries == ["- failed: tried a cache"]  # once, with the failures


def test_key_files_skip_deleted_files_and_still_show_twenty() -> None:
    events = [event(n, "note", location=f"src/f{n:02d}.py") for n in range(1, 31)]
    events += [event(100 + n, "note", location="src/gone.py") for n in range(5)]  # the most cited
    gone = {"src/gone.py", "src/f01.py", "src/f02.py"}
    state = fold(events)
    found = sections(render(state, "proj", "purpose", exists=lambda path: path not in gone))
    assert found["Key files"].total == 20 and len(found["Key files"].entries) == 20
    assert found["Key files"].entries[:2] == ["- src/f03.py (1)", "- src/f04.py (1)"]
    assert not any(path in line for line in found["Key files"].entries for path in gone)
    # without a say on what exists, every cited file is there (the projection itself reads no disk)
    assert sections(render(state, "proj", "purpose"))["Key files"].entries[0] == "- src/gone.py (5)"
    assert "Key files" not in sections(render(state, "proj", "purpose", exists=lambda path: False))


# --- text that looks like Markdown ----------------------------------------------------------------

HOSTILE = "## Decisions\n- injected\n# Heading\n\n### Deeper\r\n#not-a-space\u2028# after a line separator"


def test_event_text_cannot_add_a_heading() -> None:
    events = [
        event(1, "issue", HOSTILE, issue_id="k7q2", location="src/a.py\n# located", details=HOSTILE),
        event(2, "attempt", HOSTILE, issue_id="k7q2", outcome="failed"),
        event(3, "attempt", HOSTILE, issue_id="k7q2", outcome="partial"),
        event(4, "issue", HOSTILE, issue_id="done"), event(5, "fix", HOSTILE, issue_id="done"),
        event(6, "decision", HOSTILE, location="\n# Key file"), event(7, "decision", HOSTILE, lesson=True),
        event(8, "note", HOSTILE, lesson=True), event(9, "note", HOSTILE),
        event(10, "fix", HOSTILE, source="git"),
    ]
    for bounded, budget in ((True, DEFAULT_BUDGET), (False, None)):
        text = render(fold(events, bounded=bounded), "proj\n# Project", "purpose\n# Purpose heading", budget)
        assert_only_renderer_headings(text)
        assert text.count("injected") == 10  # every event is shown, each on its own lines
        stray = [ln for ln in text.splitlines()[1:]
                 if ln and not ln.startswith(("## ", "- ", "  - ")) and ln != "purpose / # Purpose heading"]
        assert stray == []


def test_a_forged_id_or_issue_id_cannot_add_a_heading() -> None:
    # ids come from the log, which a merge or a pull request can change by hand
    events = [event(1, "issue", "bug", issue_id="k7q2\n# Injected by an issue id"),
              event(2, "decision", "rule", id="evt_1\n# Injected by an event id")]
    text = render(fold(events), "proj", "purpose")
    assert_only_renderer_headings(text)


# --- determinism ----------------------------------------------------------------------------------

def shifted(events: list[Event], seconds: int) -> list[Event]:
    moved = []
    for ev in events:
        data = ev.as_dict()
        data["timestamp"] = format_timestamp(parse_timestamp(ev.timestamp) + seconds * 1_000_000)
        moved.append(Event(data))
    return moved


def test_no_date_or_time_appears_in_the_summary() -> None:
    log = random_log(44, 600, 100)
    for text in (render(fold(log), "proj", "purpose"), render(fold(log, bounded=False), "proj", "purpose", None)):
        assert not re.search(r"\d{4}-\d{2}-\d{2}|\d{2}:\d{2}:\d{2}", text)


def test_the_same_events_give_the_same_bytes_whenever_they_happened() -> None:
    # moving every event by years keeps their order: the summary must not change at all
    log = random_log(45, 600, 100)
    expected = render(fold(log), "proj", "purpose")
    assert render(fold(log), "proj", "purpose") == expected
    for seconds in (1, 86_400 * 400, -86_400 * 3000):
        assert render(fold(shifted(log, seconds)), "proj", "purpose") == expected


# --- the purpose ----------------------------------------------------------------------------------

def test_purpose_is_the_purpose_section_without_comments() -> None:
    assert purpose_from_map(PROJECT_MAP) == ("Take card payments for the shop through Stripe,\n"
                                             "and fulfil orders once the payment webhook arrives.")


def test_purpose_heading_is_found_at_any_level_and_case() -> None:
    assert purpose_from_map("# PURPOSE\nshop\n# Next\nother") == "shop"
    assert purpose_from_map("intro\n### purpose  \nshop\n") == "shop"


def test_purpose_drops_comments_spanning_lines_and_stops_at_the_next_heading() -> None:
    text = "## Purpose\nkeep <!-- inline --> this\n<!--\nspread over\nlines\n-->\nand this\n## Stack\nno"
    assert purpose_from_map(text) == "keep  this\n\nand this"


def test_a_heading_inside_a_comment_does_not_end_the_purpose() -> None:
    # commented-out text is invisible in Markdown: a "#" line inside it is not a heading
    text = "## Purpose\n<!--\n# TODO: rewrite\n-->\nTake card payments.\n## Stack\n- Go\n"
    assert purpose_from_map(text) == "Take card payments."


@pytest.mark.parametrize("project_map", ["", "# Project map\n\n## Stack\n- Go\n", "## Purpose\n<!-- fill me in -->\n",
                                         "## Purpose\n\n   \n## Stack\n"])
def test_an_empty_purpose_shows_the_placeholder(project_map: str) -> None:
    purpose = purpose_from_map(project_map)
    assert purpose == ""
    text = render(State(), "proj", purpose)
    assert text == f"# Project memory: proj\n\n## Project purpose\n{PURPOSE_PLACEHOLDER}\n"


def test_a_long_purpose_is_cut_in_the_budgeted_summary_only() -> None:
    purpose = "words " * 200
    budgeted = render(State(), "proj", purpose).splitlines()[3]
    assert len(budgeted) == 600 and budgeted.endswith("…")
    assert render(State(), "proj", purpose, None).splitlines()[3] == purpose.strip()


# --- lessons from other projects ------------------------------------------------------------------
# The app gathers them (the machine-wide store, filtered to the declared stack); the renderer
# gets them as values, so the section is tested here without a disk.

def elsewhere(n: int, text: str = "", **fields: object) -> dict[str, object]:
    """Lesson number ``n`` as ``ken lessons --json`` shows it, learned in project ``webshop``."""
    lesson: dict[str, object] = {"id": eid(900 + n), "text": text or f"wrapped the rows in React.memo() {n}",
                                 "library": "react", "project": "webshop", "issue_id": f"w{n:03d}",
                                 "outcome": "failed", "fix": None}
    lesson.update(fields)
    return lesson


def test_lessons_from_other_projects_follow_this_projects_lessons_and_name_where_they_come_from() -> None:
    events = [event(1, "issue", issue_id="open"), event(2, "issue", issue_id="done"), event(3, "fix", issue_id="done"),
              event(4, "decision", "standing"), event(5, "note", "lesson: ours", lesson=True)]
    others = [elsewhere(2, fix="keyed rows by id"), elsewhere(1, library="next", outcome=None, issue_id=None,
                                                              project="blog")]
    found = sections(render(fold(events), "proj", "purpose", others=others))
    assert list(found) == ["Open issues", "Standing decisions", "Lessons", "Lessons from other projects",
                           "Recently done"]
    assert found["Lessons from other projects"].entries == [
        "- [react] failed: wrapped the rows in React.memo() 2 (from webshop #w002; fixed by: keyed rows by id)",
        "- [next] wrapped the rows in React.memo() 1 (from blog)"]
    assert found["Lessons"].entries == ["- lesson: ours"]  # this project's own stay apart


def test_no_lessons_from_elsewhere_leave_the_summary_byte_for_byte_as_before(big_state: State) -> None:
    for budget in (1500, DEFAULT_BUDGET, None):
        plain = render(big_state, "proj", "purpose", budget)
        assert render(big_state, "proj", "purpose", budget, others=[], others_total=0) == plain
        assert "other projects" not in plain


@pytest.mark.parametrize("budget", [800, 1500, 3000, DEFAULT_BUDGET])
def test_lessons_from_elsewhere_stay_inside_the_budget_and_count_the_rest(big_state: State, budget: int) -> None:
    others = [elsewhere(n, "a long lesson about hydration and memoized rows " * 8) for n in range(10)]
    text = render(big_state, "proj", "purpose", budget, others=others, others_total=40)
    assert len(text) <= budget
    assert_cuts_are_counted(text)
    section = sections(text).get("Lessons from other projects")
    if budget >= 1500:  # they come before the done issues and the notes: a modest budget has room
        assert section is not None and section.total == 40 and section.command == "ken lessons"
        assert len(section.entries) <= 10 and (budget < DEFAULT_BUDGET or section.entries)
        # a long lesson is cut, never its origin
        assert all(e.endswith(("(from webshop #w009)", ")")) and "(from webshop #w" in e for e in section.entries)
    assert render(big_state, "proj", "purpose", budget, others=others, others_total=40) == text


def test_full_summary_shows_every_lesson_from_elsewhere_whole() -> None:
    long = "memo " * 100
    others = [elsewhere(n, long) for n in range(25)]
    found = sections(render(State(), "proj", "purpose", None, others=others))
    section = found["Lessons from other projects"]
    assert (section.total, section.more, len(section.entries)) == (25, None, 25)
    assert one_line(long) in section.entries[0]


def test_a_lesson_from_elsewhere_cannot_add_a_heading() -> None:
    others = [elsewhere(1, HOSTILE, project="web\n# shop", library="re\n# act", issue_id="w1\n# x",
                        fix=HOSTILE, outcome="failed\n# y")]
    for budget in (DEFAULT_BUDGET, None):
        text = render(State(), "proj", "purpose", budget, others=others)
        lines = text.splitlines()
        assert all(not ln.startswith("#") or ln in ("# Project memory: proj", "## Project purpose",
                                                    "## Lessons from other projects (1)") for ln in lines), text
        assert len([ln for ln in lines if ln.startswith("- ")]) == 1


def test_decisions_standing_on_the_same_code_are_named_until_one_is_superseded() -> None:
    events = [event(1, "decision", "Keep sessions in Postgres", location="src/x.py:40-52"),
              event(2, "decision", "Keep sessions in Redis", location="src/x.py:45"),
              event(3, "decision", "Name handlers after routes", location="src/x.py"),   # the whole file
              event(4, "decision", "Log in UTC", location="src/y.py:45")]
    found = sections(render(fold(events), "proj", "purpose"))
    assert found["Contradicting decisions"].entries == [
        f"- {eid(1)} and {eid(2)} both stand on src/x.py:40-52; supersede one"]
    assert found["Standing decisions"].total == 4  # each still listed where it stands
    events.append(event(5, "decision", "Sessions leave Postgres", supersedes=eid(1)))
    assert "Contradicting decisions" not in sections(render(fold(events), "proj", "purpose"))
