"""The code map section: every mapped file as a cell in its folder, coloured by its heat.

Thousands of files stay readable because a cell is small (past ``COMPACT_ABOVE`` files, a
square without its name; the name is in its title) and because imports are not drawn as lines
(5,000 files make a hairball) but listed for the selected file, beside the map: what it imports
and what imports it, each a button that selects that file in turn. The hottest file is selected
to begin with, and that panel is rendered here, so it reads without a script.
"""

from __future__ import annotations

from kenning.page.document import base_name, counted, esc, folder_of, heat_legend, number, when

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

COMPACT_ABOVE = 400  # files: past this, cells are squares without names
NEIGHBOURS_SHOWN = 100  # per list in the panel; the rest are counted


def render(cm: dict[str, Any] | None) -> str:
    parts = ['<h2 id="h-codemap">Code map</h2>\n']
    if cm is None:
        parts.append('<p class="hint">Run <code>ken map --build</code> to draw the code map here: the files and '
                     "their imports, each coloured by its failure history.</p>\n")
        return "".join(parts)
    files = cm["files"]
    parts.append(f'<p class="note">{counted(cm["total_files"], "file")}, {counted(cm["total_edges"], "import")} '
                 f'(built {when(cm["built_at"])} UTC). A cell\'s colour is the file\'s heat, as in the heat map. '
                 "Select a file (click it, or move with the arrow keys and press Enter) to list what it imports "
                 "and what imports it; in the map, the files it imports are ringed in blue, the files importing it "
                 "in black.</p>\n")
    if cm["total_files"] > len(files):
        parts.append(f'<p class="note">Showing {number(len(files))} of {counted(cm["total_files"], "file")}: '
                     "those with failure history first, then the most connected.</p>\n")
    parts.append(heat_legend())
    if not files:
        parts.append('<p class="empty">The code map holds no files.</p>\n')
        return "".join(parts)
    selected = _selected(cm)
    compact = " compact" if len(files) > COMPACT_ABOVE else ""
    parts.append(f'<div class="cm-wrap"><div class="cm{compact}" id="cm" role="group" aria-label="Code map: '
                 f'{counted(len(files), "file")} by folder">\n')
    for folder, members in _by_folder(files):
        cells = "".join(_cell(n, f, n == selected) for n, f in members)
        parts.append(f'<section class="cm-folder"><h3>{esc(folder)} <span class="dim">{number(len(members))}</span>'
                     f'</h3><div class="cells">{cells}</div></section>\n')
    parts.append(f"</div>\n{_panel(cm, selected)}</div>\n")
    return "".join(parts)


def _selected(cm: dict[str, Any]) -> int:
    paths = [f["path"] for f in cm["files"]]
    return paths.index(cm["selected"]) if cm.get("selected") in paths else 0


def _by_folder(files: list[dict[str, Any]]) -> list[tuple[str, list[tuple[int, dict[str, Any]]]]]:
    groups: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    for n, entry in enumerate(files):
        groups.setdefault(folder_of(entry["path"]), []).append((n, entry))
    return sorted(groups.items())


def _describe(entry: dict[str, Any]) -> str:
    facts = [entry["language"], f"heat {entry['heat']}", counted(entry["failed"], "failed attempt"),
             counted(entry["open_issues"], "open issue")]
    return " · ".join(facts)


def _cell(n: int, entry: dict[str, Any], selected: bool) -> str:
    """A file's cell: its path in the title (with its heat when it has some). Compact on
    purpose: a code map has thousands; the script sets the roving tab order."""
    state = ' sel" aria-pressed="true' if selected else ""
    heat = f" · heat {entry['heat']}" if entry["heat"] else ""
    return (f'<button class="cell h{entry["level"]}{state}" data-i="{n}" title="{esc(entry["path"])}{heat}">'
            f'{esc(base_name(entry["path"]))}</button>')


def _neighbours(cm: dict[str, Any], selected: int) -> tuple[list[int], list[int]]:
    index = {f["path"]: n for n, f in enumerate(cm["files"])}
    path = cm["files"][selected]["path"]
    imports = sorted(index[b] for a, b in cm["edges"] if a == path)
    imported_by = sorted(index[a] for a, b in cm["edges"] if b == path)
    return imports, imported_by


def _panel(cm: dict[str, Any], selected: int) -> str:
    entry = cm["files"][selected]
    imports, imported_by = _neighbours(cm, selected)
    return (f'<aside class="cm-panel" id="cm-panel" aria-live="polite" aria-label="Selected file">'
            f'<h3><code>{esc(entry["path"])}</code></h3><p class="dim">{esc(_describe(entry))}</p>'
            f'{_listing("Imports", imports, cm)}{_listing("Imported by", imported_by, cm)}</aside>')


def _listing(title: str, members: list[int], cm: dict[str, Any]) -> str:
    items = "".join(f'<li><button type="button" data-i="{n}" class="h{cm["files"][n]["level"]}">'
                    f'{esc(cm["files"][n]["path"])}</button></li>' for n in members[:NEIGHBOURS_SHOWN])
    rest = len(members) - NEIGHBOURS_SHOWN
    more = f'<p class="dim">and {number(rest)} more</p>' if rest > 0 else ""
    body = f"<ul>{items}</ul>{more}" if members else '<p class="dim">none</p>'
    return f"<h4>{esc(title)} ({number(len(members))})</h4>{body}"


def script_data(cm: dict[str, Any] | None) -> dict[str, Any] | None:
    """What the script needs to select a file: each file's facts, and the edges by position."""
    if cm is None:
        return None
    index = {f["path"]: n for n, f in enumerate(cm["files"])}
    return {"files": [[f["path"], f["level"], f["heat"], f["failed"], f["open_issues"], f["language"]]
                      for f in cm["files"]],
            "edges": [[index[a], index[b]] for a, b in cm["edges"]],
            "shown": NEIGHBOURS_SHOWN}
