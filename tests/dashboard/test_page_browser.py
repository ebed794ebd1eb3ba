"""The page in a real headless Chromium: tabs, keyboard, filters, search, the heat map's links,
the code map's selection, no network request, and a page that reads with scripts off and in
print. Clicks and keys are real input events (``Input.dispatch*``), not calls of handlers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .browser import Browser
from .conftest import Repo, World

Story = tuple[Repo, dict[str, str], Path]
VISIBLE = "(el => !!el && el.getClientRects().length > 0)"


def visible_panel(browser: Browser) -> list[str]:
    return list(browser.evaluate(
        f"[...document.querySelectorAll('section.panel')].filter({VISIBLE}).map(s => s.id)"))


def shown_rows(browser: Browser) -> list[str]:
    """The text of the timeline rows on display."""
    return list(browser.evaluate(
        f"[...document.querySelectorAll('#events tbody tr')].filter({VISIBLE}).map(r => r.innerText)"))


@pytest.fixture
def page(browser: Browser, story: Story) -> Browser:
    browser.open(story[2])
    return browser


def test_the_page_opens_on_the_heat_map_with_one_section_shown(page: Browser) -> None:
    assert visible_panel(page) == ["heat"]
    assert page.evaluate("document.querySelector('nav.tabs').getAttribute('role')") == "tablist"
    tiles = page.evaluate("[...document.querySelectorAll('.tile')].map(t => t.innerText)")
    assert "webhook.py" in tiles[0], tiles  # the hottest file first
    assert "2 failed attempts" in tiles[0]


def test_clicking_a_tab_shows_its_section(page: Browser) -> None:
    for name in ("timeline", "issues", "decisions", "codemap", "gate", "heat"):
        page.click(f"#tab-{name}")
        assert visible_panel(page) == [name]
        assert page.evaluate(f"document.getElementById('tab-{name}').getAttribute('aria-selected')") == "true"
        assert page.evaluate("location.hash") == f"#{name}"


def test_arrow_keys_move_between_tabs_and_focus_stays_on_them(page: Browser) -> None:
    page.click("#tab-heat")
    page.press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == "tab-timeline"
    assert visible_panel(page) == ["timeline"]
    page.press("End")
    assert page.evaluate("document.activeElement.id") == "tab-gate"
    page.press("ArrowRight")  # wraps around
    assert page.evaluate("document.activeElement.id") == "tab-heat"
    page.press("ArrowLeft")
    assert visible_panel(page) == ["gate"]
    page.press("Home")
    assert visible_panel(page) == ["heat"]
    # only the selected tab is in the tab order (roving tabindex)
    assert page.evaluate("[...document.querySelectorAll('a.tab')].map(t => t.tabIndex)") == [0, -1, -1, -1, -1, -1]


def test_the_type_filter_hides_rows_and_chart_bars_of_that_type(page: Browser) -> None:
    page.click("#tab-timeline")
    before = shown_rows(page)
    assert len(before) == 9 and any("attempt" in row for row in before)
    page.click("#filters input[value=attempt]")
    after = shown_rows(page)
    assert len(after) == 6 and not any("attempt" in row for row in after)
    assert page.evaluate("document.getElementById('shown').innerText").startswith("6 of 9 listed events shown")
    hidden = page.evaluate("[...document.querySelectorAll('#chart rect')].filter(r => r.style.display === 'none')"
                           ".map(r => r.dataset.t)")
    assert hidden and set(hidden) == {"attempt"}
    page.click("#filters input[value=attempt]")
    assert len(shown_rows(page)) == 9


def test_the_file_filter_takes_a_file_or_a_folder(page: Browser) -> None:
    page.click("#tab-timeline")
    page.click("#f-file")
    page.type("web/app.ts")
    rows = shown_rows(page)
    assert rows and all("web/app.ts" in row for row in rows) and any("renders twice" in row for row in rows)
    page.evaluate("document.getElementById('filters').reset()")
    page.click("#f-file")
    page.type("src/pay/")
    rows = shown_rows(page)
    assert len(rows) == 7 and all("src/pay/" in row for row in rows)


def test_the_search_box_filters_the_events(page: Browser) -> None:
    page.click("#tab-timeline")
    page.click("#f-q")
    page.type("MARK_PAID")  # case does not matter
    rows = shown_rows(page)
    assert len(rows) == 1 and "lock around mark_paid" in rows[0]
    page.type(" nothing-has-this")  # every word must match
    assert shown_rows(page) == []
    assert "0 of 9" in page.evaluate("document.getElementById('shown').innerText")


def test_a_heat_cell_links_to_its_files_history_and_on_to_the_timeline(page: Browser) -> None:
    page.click(".tile")
    target = page.evaluate("location.hash")
    assert target.startswith("#file-")
    row = page.evaluate(f"document.getElementById({json.dumps(target[1:])}).innerText")
    assert "src/pay/webhook.py" in row and "lock around mark_paid" in row
    page.click(f"{target} a.to-timeline")
    assert visible_panel(page) == ["timeline"]
    assert page.evaluate("document.getElementById('f-file').value") == "src/pay/webhook.py"
    assert all("src/pay/webhook.py" in row for row in shown_rows(page))


def test_a_superseded_decision_links_to_its_replacement(page: Browser, story: Story) -> None:
    ids = story[1]
    page.click("#tab-decisions")
    assert page.evaluate(f"document.querySelector('#d-{ids['redis']} del').innerText") == "keys in Redis"
    page.click(f"#d-{ids['redis']} a.newer")
    assert page.evaluate("location.hash") == f"#d-{ids['postgres']}"
    assert page.evaluate("document.activeElement.id") == f"d-{ids['postgres']}"


def test_selecting_a_file_in_the_code_map_lists_its_imports_and_importers(page: Browser) -> None:
    page.click("#tab-codemap")
    panel = page.evaluate("document.getElementById('cm-panel').innerText")
    assert "src/pay/webhook.py" in panel and "src/pay/ledger.py" in panel  # the hottest file, selected to begin with
    page.click("#cm button.cell[title^='web/app.ts']")
    panel = page.evaluate("document.getElementById('cm-panel').innerText")
    assert "web/app.ts" in panel and "Imports (1)" in panel and "web/util.ts" in panel
    assert "1 open issue" in panel
    page.press("ArrowRight")  # the next cell takes the focus; Enter selects it
    focused = page.evaluate("document.activeElement.title")
    assert focused.startswith("web/util.ts")
    page.press("Enter")
    panel = page.evaluate("document.getElementById('cm-panel').innerText")
    assert "Imported by (1)" in panel and "web/app.ts" in panel
    page.click("#cm-panel button[data-i]")  # a neighbour in the panel selects that file
    assert page.evaluate("document.querySelector('#cm .cell.sel').title").startswith("web/app.ts")


def test_the_page_makes_no_network_request(page: Browser, story: Story) -> None:
    for name in ("timeline", "issues", "decisions", "codemap", "gate", "heat"):
        page.click(f"#tab-{name}")
    page.click(".tile")
    page.settle(1.0)
    requests = page.requests()
    own = story[2].resolve().as_uri()
    assert requests and requests[0] == own
    assert all(url.split("#")[0] == own or url.startswith(("data:", "about:")) for url in requests), requests


def test_the_page_reads_with_scripts_off(browser: Browser, story: Story) -> None:
    browser.call("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.open(story[2])
        assert visible_panel(browser) == ["heat", "timeline", "issues", "decisions", "codemap", "gate"]
        text = browser.evaluate("document.body.innerText")
        for expected in ("duplicate charges on retry", "lock around mark_paid", "keys in Postgres", "util.ts",
                         "fixed after"):
            assert expected in text
    finally:
        browser.call("Emulation.setScriptExecutionDisabled", {"value": False})


def test_print_shows_every_section(page: Browser) -> None:
    page.call("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert visible_panel(page) == ["heat", "timeline", "issues", "decisions", "codemap", "gate"]
        assert not page.evaluate(f"{VISIBLE}(document.querySelector('nav.tabs'))")
    finally:
        page.call("Emulation.setEmulatedMedia", {"media": ""})


def test_the_dashboard_shows_every_project(browser: Browser, story: Story) -> None:
    repo = story[0]
    out = repo.path / "all.html"
    repo.ok("dashboard", "-o", str(out))
    browser.open(out)
    cards = browser.evaluate("[...document.querySelectorAll('article.card')].map(c => c.innerText)")
    assert len(cards) == 1 and "shop" in cards[0] and "the app renders twice" in cards[0]
    assert "src/pay/webhook.py" in cards[0] and "2 failed attempts" in cards[0]
    browser.settle(0.3)
    assert all(url.startswith(("file:", "data:", "about:")) for url in browser.requests())


def test_a_quiet_stretch_of_weeks_is_drawn_on_the_timeline(browser: Browser, world: World) -> None:
    """Two notes 34 weeks apart: the chart draws 35 weekly bars, the 33 empty ones as marks on
    the axis in their place, so the second note's bar stands at the far right, not beside the first."""
    repo = world.repo()
    repo.init()
    repo.ok("note", "the first thing said", env={"KEN_NOW": "2030-01-07T10:00:00Z"})
    repo.ok("note", "said again eight months later", env={"KEN_NOW": "2030-09-02T10:00:00Z"})
    out = repo.path / "quiet.html"
    repo.ok("visualize", "-o", str(out), env={"KEN_NOW": "2030-09-03T00:00:00Z"})
    browser.open(out)
    browser.click("#tab-timeline")
    bars = browser.evaluate("[...document.querySelectorAll('#chart g')].map(g => {const r = g.getBoundingClientRect();"
                            " return [g.dataset.start, g.querySelectorAll('rect').length,"
                            " g.querySelectorAll('line.zero').length, r.left, r.width];})")
    assert len(bars) == 35 and bars[0][0] == "2030-01-07" and bars[-1][0] == "2030-09-02"
    assert [b[1] for b in bars] == [1] + [0] * 33 + [1] and [b[2] for b in bars] == [0] + [1] * 33 + [0]
    assert all(b[4] > 0 for b in bars)  # every week is drawn, the empty ones too
    lefts = [b[3] for b in bars]
    assert lefts == sorted(lefts) and lefts[-1] - lefts[0] > 30 * (lefts[1] - lefts[0])  # in place, in order
    title = browser.evaluate("document.querySelector('#chart g line.zero title').textContent")
    assert title == "week of 2030-01-14: no events"
