"""Memory text in Markdown: shown as the words it holds, never run as markup.

Every Markdown projection (``ken export --markdown``, the block ``ken export`` writes into
``CLAUDE.md``/``AGENTS.md``, ``.kenning/summary.md``, ``ken context``) places event and lesson
text through ``literal`` (or ``code`` inside backticks), so a memory cannot add a link, an image,
raw HTML, a heading, a fence, a list or a table to a page that renders the projection: a
CommonMark or GitHub renderer shows the text itself. Only what would change the rendering is
escaped, with a backslash (the readers of ``summary.md`` are agents reading plain text):
``snake_case``, ``a * b``, ``x < 5`` and ``AT&T`` stay as they are. Removing the backslash
before each ASCII punctuation character gives the text back (``plain``).

GitHub's own extensions are left alone where they show the text they link: a bare
``https://…`` becomes a link whose text is that address, ``#12`` and ``@name`` become references.
"""

from __future__ import annotations

import re
import unicodedata

from kenning.core.text import one_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
# what can start a construct inside a line: a backslash escape, a code span, the brackets that
# make a link, an image, a reference, a footnote or a task box (a `]` before `(`, `[` or `:`; a
# `[` after `!` or before `^`; `[ ]`/`[x]` starting the line), a tag or autolink (`<` before a
# letter, `/`, `!` or `?`), an entity, and runs of emphasis and strikethrough delimiters (escaped
# only when they could open or close one). A bare `[evt_…]` or `[stripe]` links nowhere: as written
_INLINE = re.compile(r"\\(?=[!-/:-@\[-`{-~]|$)|`|\](?=[(\[:])|(?<=!)\[|\[(?=\^)|^\[(?=[ xX]\])"
                     r"|<(?=[A-Za-z/!?])|&(?=#?[A-Za-z0-9]+;)|\*+|_+|~+")
# what a line can start with to begin a block: an ATX heading, a blockquote, a bullet, an
# ordered list item (escaped at its `.` or `)`), a fence of tildes, a setext underline, a
# thematic break (backtick fences fall to the inline rules). CommonMark asks for a space or a tab
# after the marker; any white space counts here (a no-break space too), because renderers that
# read Unicode spaces as spaces exist and a needless backslash costs nothing
_BLOCK_START = re.compile(r"#{1,6}(?=\s|$)|>|[-+*](?=\s|$)|\d{1,9}(?=[.)](?:\s|$))|~{3,}|[-=]+\s*$"
                          r"|([-*_])(?:\s*\1){2,}\s*$")
_LINE_ENDING = re.compile(r"\r\n|\r|\n")  # Markdown's own: \u2028 and \x1e end no line in it
_TABLE_DELIMITER_ROW = re.compile(r"[|:\- \t]*\|[|:\- \t]*")


def literal(text: str) -> str:
    """``text`` escaped to render as itself wherever a line of Markdown may begin or continue.
    Each line is escaped on its own and loses its leading and trailing whitespace (Markdown drops
    up to three leading spaces anyway, and four would make a code block); a caller that keeps
    several lines puts each under its own prefix (``> ``, an indent), so none reaches the top
    level of the page."""
    if "\n" in text or "\r" in text:
        return "\n".join(_line(line) for line in _LINE_ENDING.split(text))
    return _line(text)


def inline(text: object, limit: int | None = None) -> str:
    """Event text on one line (``core.text.one_line``, cut at ``limit``), escaped by ``literal``."""
    return literal(one_line(str(text), limit))


def where(item: Mapping[str, Any]) -> str:
    """`` (src/a.py:12)`` after an item's text, escaped; nothing when it names no place."""
    location = item.get("location")
    if not location:
        return ""
    note = item.get("code_note")  # what became of the code it cites (``core.views.coded``)
    return f" ({inline(location)}; {inline(note)})" if note else f" ({inline(location)})"


def code(text: str) -> str:
    """``text`` as one inline code span, whose content no renderer interprets: fenced by more
    backticks than any run inside it, and padded where it starts or ends with a backtick."""
    flat = " ".join(text.split())
    longest = max((len(run) for run in re.findall(r"`+", flat)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if flat.startswith("`") or flat.endswith("`") or not flat else ""
    return f"{fence}{pad}{flat}{pad}{fence}"


def plain(escaped: str) -> str:
    """The text ``literal`` escaped: every backslash before ASCII punctuation removed."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", escaped)


def _line(line: str) -> str:
    line = line.strip()
    if not line:
        return line
    out = _INLINE.sub(_inline, line) if _INLINE.search(line) else line
    if _TABLE_DELIMITER_ROW.fullmatch(out):  # `| --- |` under a line with a `|` makes a table
        out = out.replace("|", "\\|")
    start = _BLOCK_START.match(out)
    if start is None:
        return out
    if start.group()[:1].isdigit():  # `1986. A year` would number a list: escape its `.`
        return out[:start.end()] + "\\" + out[start.end():]
    return "\\" + out


def _inline(match: re.Match[str]) -> str:
    run = match.group()
    if run[0] in "*_~" and not _delimits(match.string, match.start(), match.end()):
        return run
    return "".join("\\" + char for char in run)


def _delimits(text: str, start: int, end: int) -> bool:
    """Whether a run of ``*``, ``_`` or ``~`` could open or close emphasis (CommonMark's
    flanking rules). A run at an edge of the text always counts: it could merge with a
    delimiter of the frame around it (``**{text}**``)."""
    if start == 0 or end == len(text):
        return True
    before, after = text[start - 1], text[end]
    left = not after.isspace() and (not _punctuation(after) or before.isspace() or _punctuation(before))
    right = not before.isspace() and (not _punctuation(before) or after.isspace() or _punctuation(after))
    if text[start] != "_":
        return left or right
    # `_` inside a word (snake_case) neither opens nor closes
    return (left and (not right or _punctuation(before))) or (right and (not left or _punctuation(after)))


def _punctuation(char: str) -> bool:
    return char in _PUNCTUATION or unicodedata.category(char)[0] in "PS"
