"""Teammates for the merge tests: each has a machine of their own (``KEN_HOME``, ``HOME``, git
identity) and a clone of one bare remote, in a folder of the same name, as two people who
cloned the same project would. Everything runs as real ``git`` and ``ken``'s command line."""

from __future__ import annotations

import json
import subprocess
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from cli.conftest import Repo, World
from machine import run_git

# the clock every projection is compared at, on both sides (a day after the events are written,
# so that the gate's 30-day windows hold them)
NOW = {"KEN_NOW": (datetime.now(timezone.utc) + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M:%SZ")}
# every file kenning writes into a repository that git tracks
KENNING_FILES = (".kenning/events.jsonl", ".gitattributes", ".kenning/.gitignore", ".kenning/config.toml",
                 ".kenning/PROJECT_MAP.md", ".kenning/AI_INSTRUCTIONS.md", ".kenning/plan.md", "CLAUDE.md",
                 "AGENTS.md")
FILES = {"src/app.py": "def main():\n    return 1\n", "src/pay.py": "def charge():\n    pass\n"}


class Mate:
    """One teammate: a machine under ``base/who`` and a clone at ``base/who/<folder>``."""

    def __init__(self, base: Path, remote: Path, who: str, folder: str = "shop") -> None:
        self.who = who
        self.world = World(base / who)
        path = base / who / folder
        run_git(["clone", "-q", str(remote), str(path)], base, self.world.env)
        self.repo = Repo(self.world, path)
        self.git("config", "user.name", who.title())
        self.git("config", "user.email", f"{who}@example.invalid")

    @property
    def path(self) -> Path:
        return self.repo.path

    def git(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return run_git(args, self.path, self.world.env, check=check)

    def ken(self, *args: str) -> subprocess.CompletedProcess:
        return self.repo.ok(*args, env=NOW)

    def write(self, *args: str) -> dict[str, Any]:
        """A write command's ``--json`` answer."""
        return dict(self.repo.json(*args))

    def commit(self, message: str) -> str:
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message)
        return self.git("rev-parse", "HEAD").stdout.strip()

    def memory(self) -> tuple[str, str]:
        """What both sides must agree on byte for byte: the full summary and the gate's verdict."""
        return self.ken("summary", "--full").stdout, self.ken("precheck", "src/app.py", "--json").stdout

    def log_ids(self) -> list[str]:
        """The id of every line of the log that parses as JSON, in line order (copies included)."""
        ids = []
        for line in self.repo.log_bytes().splitlines():
            try:
                ids.append(json.loads(line)["id"])
            except (ValueError, KeyError, TypeError):
                continue
        return ids

    def conflicted(self) -> list[str]:
        """Files git left unmerged, and kenning files holding a conflict marker."""
        unmerged = self.git("diff", "--name-only", "--diff-filter=U").stdout.split()
        marked = [name for name in KENNING_FILES if (self.path / name).exists()
                  and any(line.startswith(("<<<<<<<", ">>>>>>>"))
                          for line in (self.path / name).read_text(errors="replace").splitlines())]
        return sorted(set(unmerged + marked))

    def see(self, other: Mate) -> None:
        """Fetch ``other``'s clone as the remote named after them (``alice/main``)."""
        if other.who not in self.git("remote").stdout.split():
            self.git("remote", "add", other.who, str(other.path))
        self.git("fetch", "-q", other.who)

    def clean(self) -> bool:
        return self.git("status", "--porcelain").stdout == ""


def project(base: Path) -> tuple[Path, dict[str, str]]:
    """A project set up by its lead and published as a bare remote (``base/shop.git``): two
    files, kenning initialized and committed with one decision. Returns the remote and the ids."""
    lead = World(base / "lead")
    repo = lead.repo("shop", files=FILES)
    repo.init()
    d1 = repo.json("decide", "lead: cache sessions in memcached", "--at", "src/app.py")["id"]
    lead.git(repo.path, "add", "-A")
    lead.git(repo.path, "commit", "-q", "-m", "kenning")
    remote = base / "shop.git"
    lead.git(base, "clone", "-q", "--bare", str(repo.path), str(remote))
    return remote, {"d1": d1}


def join(base: Path, remote: Path, who: str, folder: str = "shop") -> Mate:
    """A teammate clones and runs `ken init` (which must leave their tree clean)."""
    mate = Mate(base, remote, who, folder)
    mate.repo.init()
    assert mate.clean(), f"`ken init` on {who}'s clone changed tracked files:\n{mate.git('status').stdout}"
    return mate


def log_work(mate: Mate, tag: str, path: str = "src/app.py") -> dict[str, str]:
    """An issue at ``path`` with a failed and a partial attempt, committed; the ids written."""
    issue = mate.write("issue", f"{tag}: checkout times out", "--at", path)
    failed = mate.write("attempt", f"{tag}: raised the timeout", "--failed", "--issue", issue["issue_id"],
                        "--at", path)
    partial = mate.write("attempt", f"{tag}: retried once", "--partial", "--issue", issue["issue_id"], "--at", path)
    mate.commit(f"{tag}: memory")
    return {"issue": issue["id"], "issue_id": issue["issue_id"], "failed": failed["id"], "partial": partial["id"]}
