"""The HTML pages: ``ken visualize`` (one project) and ``ken dashboard`` (every project).

A surface, as ``cli/render.py`` is the CLI's text: it turns data an ``app`` use case gathered into
one self-contained document (styles and script inline from ``page.css`` and ``page.js``, no
request to any network, the content readable with scripts off) and never writes it itself.

The pages are rendered by ``page.project.render_project`` and ``page.dashboard.render_dashboard``;
this package's ``__init__`` imports nothing, so its modules never import back into it.
"""
