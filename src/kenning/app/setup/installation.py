"""How this kenning was installed, so a message about a missing package names a command that works.

Its distribution is ``kenning-memory`` (``DISTRIBUTION``: "kenning" on PyPI is another project's,
so `pip install 'kenning[watch]'` would fetch someone else's package). From a checkout
(`pipx install .`, `pip install -e .`) the folder is in its metadata (``direct_url.json``, PEP 610),
so the command names that folder; when it cannot be read, it names the checkout as ``.``.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

DISTRIBUTION = "kenning-memory"  # pyproject.toml's [project] name; tests/release holds the two equal
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def extra_command(extra: str) -> str:
    """The command that adds kenning's ``extra`` to the environment this ``ken`` runs in."""
    source = _source()
    if source is None:
        return (f"from your kenning checkout, pipx install --force '.[{extra}]' (or pip install '.[{extra}]' "
                "in ken's environment)")
    folder, editable = source
    spec = shlex.quote(f"{folder}[{extra}]")
    if _by_pipx():
        return f"pipx install --force {spec}"
    return f"{shlex.quote(sys.executable)} -m pip install {'-e ' if editable else ''}{spec}"


def reinstall_command() -> str:
    """The command that reinstalls this ``ken`` with its dependencies, from where it came."""
    source = _source()
    if _by_pipx():
        return f"pipx reinstall {DISTRIBUTION}"
    if source is None:
        return "from your kenning checkout, pip install --force-reinstall . in ken's environment"
    folder, editable = source
    return (f"{shlex.quote(sys.executable)} -m pip install --force-reinstall {'-e ' if editable else ''}"
            f"{shlex.quote(folder)}")


def _source() -> tuple[str, bool] | None:
    """(the folder kenning was installed from, whether editably), or None when it came from
    elsewhere (an archive, an index) or the metadata cannot be read."""
    from importlib import metadata

    try:
        found: Any = json.loads(metadata.distribution(DISTRIBUTION).read_text("direct_url.json") or "null")
    except (metadata.PackageNotFoundError, OSError, ValueError):
        return None
    url = urlparse(str(found.get("url", ""))) if isinstance(found, dict) else None
    if url is None or url.scheme != "file" or not isinstance(found.get("dir_info"), dict):
        return None
    return unquote(url.path), bool(found["dir_info"].get("editable"))


def _by_pipx() -> bool:
    """Whether ken runs in an environment pipx made (``…/pipx/venvs/kenning-memory``)."""
    parts = Path(sys.prefix).parts
    return "pipx" in parts and "venvs" in parts
