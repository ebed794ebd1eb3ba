"""Where a project lives, what its config says, and what time it is.

This is the one place that reads the environment and the clock: ``KEN_NOW`` (or ``--now``)
pins the clock so every time-dependent output is reproducible.
"""

from __future__ import annotations

import os
import sys
import time
from functools import cached_property

from kenning import git
from kenning.core import config
from kenning.core.defaults import DEFAULT_CONFIG
from kenning.core.errors import BadConfig, InvalidInput, NotInitialized
from kenning.core.events import ISSUE_ALPHABET, format_timestamp, parse_timestamp
from kenning.store import files, inputs

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path
    from typing import Any

    from kenning.store.files import StrPath

KENNING_DIR = ".kenning"



class Project:
    """A repository with (or about to get) a ``.kenning/`` folder.

    Its places are plain ``str`` paths (``folder``, ``log_file``...): the gate and the agent hook
    run as a new process on every edit and commit, and never load ``pathlib`` (about 5 ms with
    what it imports). The ``pathlib`` forms (``root``, ``dir``, ``log_path``...) are made on first
    use, for the commands that build paths from them."""

    def __init__(self, root: StrPath) -> None:
        self.folder = os.fspath(root)
        self.kenning_folder = os.path.join(self.folder, KENNING_DIR)
        self.log_file = os.path.join(self.kenning_folder, "events.jsonl")
        self.cache_folder = os.path.join(self.kenning_folder, "cache")
        self.local_folder = os.path.join(self.kenning_folder, "local")
        self.map_file = os.path.join(self.kenning_folder, "PROJECT_MAP.md")
        self.config_file = os.path.join(self.kenning_folder, "config.toml")
        self._config: dict[str, dict[str, object]] | None = None
        # the gate's hooks set this: a bad value is said here and its default used (core.config)
        self.config_problems: list[str] | None = None

    @cached_property
    def root(self) -> Path:
        from pathlib import Path

        return Path(self.folder)

    @cached_property
    def dir(self) -> Path:
        return self.root / KENNING_DIR

    @cached_property
    def log_path(self) -> Path:
        return self.dir / "events.jsonl"

    @cached_property
    def cache_dir(self) -> Path:
        return self.dir / "cache"

    @cached_property
    def local_dir(self) -> Path:
        return self.dir / "local"

    @cached_property
    def summary_path(self) -> Path:
        return self.dir / "summary.md"

    @cached_property
    def map_path(self) -> Path:
        return self.dir / "PROJECT_MAP.md"

    @cached_property
    def plan_path(self) -> Path:
        return self.dir / "plan.md"

    @cached_property
    def config_path(self) -> Path:
        return self.dir / "config.toml"

    @property
    def name(self) -> str:
        """The folder's name: what this clone is called on this machine."""
        return os.path.basename(self.folder)

    @property
    def title(self) -> str:
        """The project's name as its tracked map gives it (``# Project map: NAME``): the same on
        every clone, whatever folder it sits in; the folder's name until a map names one. The
        summary, the brief, the context block and the pages are headed with it."""
        first = (files.read_text(self.map_file) or "").split("\n", 1)[0]
        title = first.removeprefix("# Project map:").strip() if first.startswith("# Project map:") else ""
        return title or self.name

    @property
    def initialized(self) -> bool:
        return files.is_dir(self.kenning_folder) and os.path.lexists(self.log_file)

    def require_initialized(self) -> Project:
        if not self.initialized:
            raise NotInitialized(f"kenning is not set up in {self.folder}; run `ken init` first")
        return self

    @property
    def config(self) -> dict[str, dict[str, object]]:
        if self._config is None:
            self._config = load_config(self.config_file, os.path.join(self.cache_folder, "config.json"),
                                       self.config_problems)
        return self._config

    def head_commit(self) -> str | None:
        return git.head_commit(self.folder)

    def number(self, table: str, key: str) -> float:
        """A numeric setting; a wrong type in config.toml is an error naming the key."""
        value = self.setting(table, key)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise InvalidInput(f"config.toml: [{table}] {key} must be a number, not {value!r}")
        return float(value)

    def setting(self, table: str, key: str) -> object:
        return self.config.get(table, {}).get(key, DEFAULT_CONFIG[table][key])


def find_project(cwd: StrPath | None = None) -> Project:
    start = cwd or os.getcwd()
    root = git.find_root(start)
    if root is None:
        shown = git.spelled(os.fspath(start))  # as pathlib spells it: a payload's "dir/" says dir
        raise NotInitialized(f"{shown} is not inside a git repository; run `git init` and then `ken init`")
    return Project(root)


def load_config(path: StrPath, cache: StrPath | None = None,
                problems: list[str] | None = None) -> dict[str, dict[str, object]]:
    """Defaults overlaid with ``config.toml``, every value checked (``core.config``); a broken
    file or a bad value is an error naming the file and the key.

    The parsed result is kept in ``cache/config.json`` keyed by the file's size and mtime:
    parsing TOML costs the gate's hot path about 10 ms of imports. What the cache holds is
    checked again like the file (the checks cost microseconds): it is a file too.
    """
    try:
        st = os.stat(path)
        raw = inputs.read_regular(path, config.MAX_BYTES)
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return config.checked({})
    except inputs.TooLarge:
        raise BadConfig(f"{config.NAME} is larger than {config.MAX_BYTES >> 10} KB; a config is far smaller: "
                           "fix or delete it") from None
    except OSError as err:
        raise BadConfig(f"cannot read {config.NAME}: {err.strerror or err}; fix or delete it") from None
    stamp = [st.st_size, st.st_mtime_ns, len(raw)]
    if cache is not None:
        cached = files.read_json(cache)
        if isinstance(cached, dict) and cached.get("stamp") == stamp and isinstance(cached.get("config"), dict):
            return config.checked(cached["config"])
    found: list[str] = []
    merged = config.checked(_parse_config(raw), found if problems is not None else None)
    if problems is not None:
        problems.extend(found)
    if cache is not None and not found:  # a config with bad values is read (and said) every time
        files.write_json_quietly(cache, {"stamp": stamp, "config": merged})
    return merged


def _parse_config(raw: bytes) -> dict[str, object]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise BadConfig(f"{config.NAME} is not UTF-8 text (byte {err.start}); fix or delete it") from None
    problem = config.nesting_problem(text)
    if problem is not None:
        raise BadConfig(f"{config.NAME} {problem}")
    try:
        return parse_toml(text)
    except (ValueError, RecursionError) as err:
        raise BadConfig(f"{config.NAME} is not valid TOML ({err}); fix or delete it") from None


def parse_toml(text: str) -> dict[str, Any]:
    """TOML text -> dict; ``ValueError`` (``TOMLDecodeError``) when it is not valid TOML.
    Imported on demand: the parser costs a command ~10 ms it rarely needs."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python 3.10
        import tomli as tomllib
    return tomllib.loads(text)


def now_micros(now: str | None = None) -> int:
    """The clock: ``--now`` wins, then ``KEN_NOW``, then the system clock (UTC)."""
    text = now if now else os.environ.get("KEN_NOW")
    if text:
        where = "--now" if now else "KEN_NOW"
        try:
            micros = parse_timestamp(text)
        except ValueError as err:
            raise InvalidInput(f"{where}: {err}; use ISO 8601 such as 2030-06-30T12:00:00Z") from err
        if not 0 <= micros < CLOCK_END:
            raise InvalidInput(f"{where} {text[:40]!r} is out of range: give a time from 1970-01-01 to 8999-12-31")
        return micros
    return time.time_ns() // 1000


# the clock kenning accepts ends at 9000-01-01: windows, snoozes and spans added to it stay
# within the year 9999, the last a timestamp can spell
CLOCK_END = 221845392000 * 1_000_000


def now_text(now: str | None = None) -> str:
    return format_timestamp(now_micros(now))


# os.urandom is the same CSPRNG `secrets` uses, without the 10 ms of importing it
def new_event_id() -> str:
    return "evt_" + os.urandom(10).hex()


def new_issue_id(length: int = 4) -> str:
    # 256 is a multiple of the 32-letter alphabet, so every letter is equally likely
    return "".join(ISSUE_ALPHABET[b % 32] for b in os.urandom(length))


def environment(name: str, default: str = "") -> str:
    """One variable of the environment: surfaces ask here (``COLUMNS``, ``KEN_DEBUG``, an agent's
    ``CLAUDE_PROJECT_DIR``) rather than reading it themselves."""
    return os.environ.get(name, default)


def ken_home() -> Path:
    """Machine-wide state (project registry, lessons): ``KEN_HOME`` or the user data dir."""
    from pathlib import Path  # the lessons, the registry and the dashboard live there: never the gate

    explicit = os.environ.get("KEN_HOME")
    if explicit:
        return Path(explicit)
    return data_home(sys.platform, os.environ, Path.home())


def data_home(platform: str, env: Mapping[str, str], home: Path) -> Path:
    """The user data folder as each system places it (platformdirs' conventions): XDG on Linux
    and the BSDs, ``~/Library/Application Support`` on macOS, ``%LOCALAPPDATA%`` on Windows. A
    store an earlier kenning made under ``~/.local/share`` on macOS stays in use."""
    from pathlib import Path

    xdg = Path(env.get("XDG_DATA_HOME") or home / ".local" / "share") / "kenning"
    if platform == "win32":
        return Path(env.get("LOCALAPPDATA") or home / "AppData" / "Local") / "kenning"
    if platform == "darwin":
        native = home / "Library" / "Application Support" / "kenning"
        return xdg if xdg.is_dir() and not native.exists() else native
    return xdg
