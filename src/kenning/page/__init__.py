"""The HTML pages: ``ken visualize`` (one project) and ``ken dashboard`` (every project).

A surface, as ``render.py`` is the CLI's text: it turns data an ``app`` use case gathered into
one self-contained document (styles and script inline from ``page.css`` and ``page.js``, no
request to any network, the content readable with scripts off) and never writes it itself.
"""

from kenning.page.dashboard import render_dashboard
from kenning.page.project import render_project

__all__ = ["render_dashboard", "render_project"]
