"""The shell every page shares: one HTML document that needs nothing but itself.

Styles and script are inlined from the package's ``page.css`` and ``page.js``; the data the
script works on is a ``<script type="application/json">`` block with every ``<`` escaped, so no
text from the memory can close it. A Content-Security-Policy forbids every fetch (the page could
not load a font or phone home even if some text asked it to) and the icon is an empty data URL,
so a browser does not look for ``/favicon.ico``. Every text is escaped; output is a pure
function of the data (sorted JSON, no clock), so the same memory gives the same bytes.
"""

from __future__ import annotations

import html
import json
import re
from importlib import resources

from kenning.core.text import plural_of
from kenning.core.views.heat import level_ranges

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

CSP = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:;"
       " base-uri 'none'; form-action 'none'")
TYPE_ORDER = ("issue", "attempt", "fix", "decision", "note", "snooze")
OUTCOME_MARKS = {"failed": "✗", "partial": "◐", "worked": "✓"}


_SPECIAL = re.compile("[&<>\"']")


def esc(value: object) -> str:
    """Text or attribute value, escaped (quotes too). Most text has nothing to escape: it is
    returned as it is, which matters at tens of thousands of calls per page."""
    text = value if isinstance(value, str) else str(value)
    return html.escape(text, quote=True) if _SPECIAL.search(text) else text


def asset(name: str) -> str:
    """A file shipped next to this module (``page.css``, ``page.js``)."""
    return resources.files("kenning.page").joinpath(name).read_text(encoding="utf-8")


def embedded(value: Any) -> str:
    """JSON for a script block: sorted, compact, and with ``<`` written as ``\\u003c`` so that
    neither ``</script>`` nor ``<!--`` in some summary can end or bend the block."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c")


def document(title: str, body: str, data: Any) -> str:
    return "".join([
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n',  # a constant: no quote to escape
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
        '<meta name="generator" content="kenning">\n<link rel="icon" href="data:,">\n',
        f"<title>{esc(title)}</title>\n<style>\n{asset('page.css')}</style>\n</head>\n<body>\n",
        body,
        f'<script type="application/json" id="ken-data">{embedded(data)}</script>\n',
        f"<script>\n{asset('page.js')}</script>\n</body>\n</html>\n",
    ])


def when(timestamp: str | None) -> str:
    """A ``<time>`` element showing ``YYYY-MM-DD HH:MM`` (UTC) of an event timestamp."""
    if not timestamp:
        return ""
    return f'<time datetime="{esc(timestamp)}">{esc(timestamp[:10])} {esc(timestamp[11:16])}</time>'


def number(count: int) -> str:
    return f"{count:,}"


def counted(count: int, noun: str) -> str:
    """``1 file``, ``2,000 files``, ``2 fixes``: the count grouped, its noun as ``plural_of`` has it."""
    return f"{count:,} {noun if count == 1 else plural_of(noun)}"


def type_ordered(kinds: dict[str, int]) -> list[str]:
    """Event types in the order the page always draws them, unknown ones last."""
    return [k for k in TYPE_ORDER if k in kinds] + sorted(k for k in kinds if k not in TYPE_ORDER)


def type_class(kind: str) -> str:
    return f"t-{kind}" if kind in TYPE_ORDER else "t-other"


def type_label(event: dict[str, Any]) -> str:
    """The type, with an attempt's outcome in words (the stylesheet adds its mark), never a
    colour alone. Compact: the timeline repeats it thousands of times."""
    kind = str(event.get("type", "?"))
    label = f'<span class="ty {type_class(kind)}">{esc(kind)}</span>'
    outcome = event.get("outcome")
    if outcome:
        label += f' <b class="oc oc-{esc(outcome)}">{esc(outcome)}</b>'
    if event.get("origin") == "git":
        label += ' <small class="badge">from git</small>'
    return label


def minute(timestamp: str) -> str:
    """``YYYY-MM-DD HH:MM`` of an event timestamp, as plain text (rows repeat it thousands of times)."""
    return f"{timestamp[:10]} {timestamp[11:16]}"


def heat_legend() -> str:
    """The levels' colours with their ranges: the number is in every cell too."""
    items = ['<li><span class="sw h0" aria-hidden="true"></span> 0</li>']
    for n, (low, high) in enumerate(level_ranges(), 1):
        text = f"{low}–{high}" if high is not None else f"{low}+"
        items.append(f'<li><span class="sw h{n}" aria-hidden="true"></span> {esc(text)}</li>')
    return f'<ul class="legend" aria-label="heat levels">{"".join(items)}</ul>'


def folder_of(path: str) -> str:
    """``src/pay/webhook.py`` -> ``src/pay/``; a file at the root -> ``./``."""
    head, _, _ = path.rpartition("/")
    return head + "/" if head else "./"


def base_name(path: str) -> str:
    return path.rpartition("/")[2]
