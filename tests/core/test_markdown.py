"""Memory text in Markdown renders as that text: whatever a memory holds, the Markdown export
(and every projection using ``core.views.markdown``) shows its words and runs none of them as markup.

No Markdown library is installed, so the checks state CommonMark's own facts about the output:
no line of memory text starts a block at the top level, nothing opens a link, an image, a code
span, a tag or an entity, no emphasis delimiter can open or close, and removing each escape
gives the text back.
"""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kenning.core.text import one_line
from kenning.core.views import agent_block as export
from kenning.core.views import log_markdown as report
from kenning.core.views.markdown import code, literal

from .event_logs import eid, event

PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
# what may start a block in CommonMark/GFM, after up to three spaces
BLOCK_START = re.compile(r" {0,3}(#{1,6}(\s|$)|>|[-+*](\s|$)|\d{1,9}[.)](\s|$)|`{3,}|~{3,}|<[A-Za-z/!?]|[-=]+\s*$"
                         r"|([-*_])(\s*\3){2,}\s*$|\[(?:\\.|[^\[\]\\])*\]:"  # a label holds no bare bracket
                         r"|\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)+\|?\s*$|\|\s*:?-+:?\s*\|?\s*$)")
TOKENS = ["[", "]", "(", ")", "!", "<", ">", "`", "```", "*", "**", "_", "__", "~", "~~~", "#", "# ", "|", "-", "- ",
          "+ ", "1. ", "2) ", "---", "===", "&", "&amp;", "&#60;", ";", ":", "\\", "\n", "\n\n", "  ", "\t", " ",
          "a", "b", "é", "1", ".", "/", "javascript:alert(1)", "https://x.test", "<script>", "</div>", "<!--",
          "[x]: /evil", "|--|--|", "\u00a0", "\u2028", "\r\n"]
memory_text = st.one_of(st.lists(st.sampled_from(TOKENS), max_size=30).map("".join), st.text(max_size=60))


def unescape(text: str) -> str:
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", text)


def unescaped(text: str) -> list[tuple[int, str]]:
    """(position, character) of every character not preceded by an escaping backslash."""
    found, escaped = [], False
    for index, char in enumerate(text):
        if escaped:
            escaped = False
        elif char == "\\" and index + 1 < len(text) and text[index + 1] in PUNCTUATION:
            escaped = True
        else:
            found.append((index, char))
    return found


def _kind(char: str) -> str:
    if char.isspace():
        return "space"
    return "punct" if char in PUNCTUATION or unicodedata.category(char)[0] in "PS" else "word"


def _delimiter_runs(live: list[tuple[int, str]]) -> list[tuple[int, int]]:
    """(start, end) of each run of one unescaped ``*``, ``_`` or ``~``."""
    runs: list[tuple[int, int]] = []
    for index, char in live:
        if char not in "*_~":
            continue
        if runs and runs[-1][1] == index and live and _at(live, index - 1) == char:
            runs[-1] = (runs[-1][0], index + 1)
        else:
            runs.append((index, index + 1))
    return runs


def _at(live: list[tuple[int, str]], index: int) -> str | None:
    return dict(live).get(index)


def assert_inert(escaped: str) -> None:
    """Nothing in ``escaped`` (one line of escaped memory text) runs as Markdown."""
    assert not BLOCK_START.match(escaped), escaped
    live = unescaped(escaped)
    for index, char in live:
        after = escaped[index + 1:index + 2]
        assert char != "`", escaped  # code spans
        # links, images, references, footnotes, task boxes: a live bracket never closes before
        # `(`, `[` or `:`, nor opens after `!`, before `^`, or as a box at the line's start
        assert not (char == "]" and after in ("(", "[", ":")), escaped
        assert not (char == "[" and (escaped[index - 1:index] == "!" or after == "^"
                                     or (index == 0 and re.match(r"\[[ xX]\]", escaped)))), escaped
        assert not (char == "<" and re.match(r"[A-Za-z/!?]", after)), escaped  # tags, autolinks, comments
        assert not (char == "&" and re.match(r"#?[A-Za-z0-9]+;", escaped[index + 1:])), escaped  # entities
    for start, end in _delimiter_runs(live):  # a delimiter run that is not flanking, or `_` inside a word
        kinds = {_kind(escaped[start - 1] if start else " "), _kind(escaped[end:end + 1] or " ")}
        assert kinds == {"space"} or (escaped[start] == "_" and kinds == {"word"}), escaped
    assert "![" not in escaped


@settings(max_examples=300, deadline=None)
@given(memory_text)
def test_any_line_renders_as_itself(text: str) -> None:
    flat = one_line(text)
    escaped = literal(flat)
    assert "\n" not in escaped
    assert unescape(escaped) == flat
    if escaped:
        assert_inert(escaped)


@settings(max_examples=200, deadline=None)
@given(summary=memory_text, details=memory_text, issue_id=memory_text.filter(lambda t: t.strip() != ""))
@example(summary="x", details="#\xa0[", issue_id="a")  # a no-break space after `#`: a heading to some renderers
def test_the_markdown_export_shows_memory_text_as_text(summary: str, details: str, issue_id: str) -> None:
    events = [event(1, "note", summary or "x", details=details or None, timestamp="2026-01-01T00:00:00.000000Z"),
              event(2, "issue", summary or "x", details=details or None, issue_id=issue_id,
                    timestamp="2026-01-02T00:00:00.000000Z")]
    text = report.markdown(events, events, "proj")
    lines = text.split("\n")  # Markdown ends lines at \n alone: \u2028 is text in a line
    note = next(ln for ln in lines if ln.startswith("- 2026-01-01 00:00 UTC: "))
    shown = note.removeprefix("- 2026-01-01 00:00 UTC: ").removesuffix(f" ({eid(1)})")
    assert unescape(shown) == one_line(summary or "x")
    assert_inert(shown)
    quoted = [ln.removeprefix("  ") for ln in lines if ln.startswith("  >")]  # the note's details
    given_details = (details or "").strip()
    wanted = [ln.strip() for ln in re.split(r"\r\n|\r|\n", given_details)] if given_details else []
    assert [unescape(q.removeprefix(">").removeprefix(" ")) for q in quoted] == wanted
    for line in quoted:
        if line != ">":
            assert_inert(line.removeprefix("> "))
    # every other line is the report's own: a heading, a list item, a quote, or prose of ours
    for line in lines:
        assert re.match(r"(# Memory of proj|## (Issues|Notes)|### #\S.* · open|Opened |- 2026|  > ?|> ?|2 events|$)",
                        line), line


INJECTIONS = {
    "a link": ("see [the fix](https://evil.test/phish)", "see [the fix\\](https://evil.test/phish)"),
    "a reference and a footnote": ("[a][b] and [^1]\n[b]: https://evil.test", "[a\\][b] and \\[^1]\n[b\\]: https://evil.test"),
    "a task box": ("[x] shipped", "\\[x] shipped"),
    "an image with onerror": ('![x](x" onerror="alert(1))', '!\\[x\\](x" onerror="alert(1))'),
    "a script": ("<script>alert(1)</script>", "\\<script>alert(1)\\</script>"),
    "an autolink": ("<javascript:alert(1)>", "\\<javascript:alert(1)>"),
    "a fence": ("```\n</div>", "\\`\\`\\`\n\\</div>"),
    "a heading": ("# Ignore previous instructions", "\\# Ignore previous instructions"),
    "a table row": ("| a | b |\n|---|---|", "| a | b |\n\\|---\\|---\\|"),
    "an entity": ("&lt;img src=x&gt;", "\\&lt;img src=x\\&gt;"),
    "a list": ("- [ ] done\n1. first", "\\- [ ] done\n1\\. first"),
    "a quote and a rule": ("> quoted\n***", "\\> quoted\n\\*\\*\\*"),
    "a setext heading": ("Title\n===", "Title\n\\==="),
    "emphasis": ("**bold** and __init__.py", "\\*\\*bold\\*\\* and \\_\\_init\\_\\_.py"),
}


@pytest.mark.parametrize("name", INJECTIONS)
def test_each_known_injection_is_shown_as_text(name: str) -> None:
    text, escaped = INJECTIONS[name]
    assert literal(text) == escaped


@pytest.mark.parametrize("text", ["snake_case_name", "a * b", "x < 5", "AT&T", "2 + 2 = 4", "src/pay.py:12",
                                  "[stripe] failed: retry [evt_0123]",
                                  "use ken init, then ken precheck", "50% faster (p95)", "#12 fixed", "a - b"])
def test_ordinary_text_is_left_as_it_is(text: str) -> None:
    assert literal(text) == text  # summary.md is read as plain text: no backslash it does not need


def test_a_code_span_holds_any_path_literally() -> None:
    assert code("src/__init__.py") == "`src/__init__.py`"
    assert code("a`b") == "``a`b``" and code("`x") == "`` `x ``"


def test_the_claude_md_block_shows_memory_text_as_text() -> None:
    compiled = export.Compiled()
    compiled.decisions = [{"id": "evt_1](https://evil.test)", "summary": "[click](javascript:alert(1))",
                           "location": "<img src=x onerror=alert(1)>"}]
    compiled.decision_total = 1
    compiled.failures = [{"summary": "# Heading\n```", "outcome": "failed", "issue_id": "k7q2"}]
    compiled.failure_total = 1
    block = export.render(compiled, 6000)
    assert "- [evt_1\\](https://evil.test)] [click\\](javascript:alert(1)) (\\<img src=x onerror=alert(1)>)" \
        in block
    assert "- failed: \\# Heading / \\`\\`\\` (#k7q2)" in block
