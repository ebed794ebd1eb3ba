"""The team lessons store: a clone kenning owns under ``KEN_HOME``, worked in by kenning alone.

Plain git, no hooks of the user's (``--no-verify``) and no signing: kenning commits only its
own file.
"""

from __future__ import annotations

from kenning.git import GitError, config_get, run

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

NETWORK_TIMEOUT = 60.0


def init_clone(folder: Path, url: str) -> None:
    """Make ``folder`` (existing) a repository whose ``origin`` is ``url``; idempotent."""
    if not (folder / ".git").exists():
        run(folder, ["init", "-q"])
    remotes = run(folder, ["remote"]).split()
    run(folder, ["remote", "set-url" if "origin" in remotes else "add", "origin", url])


def fetch_origin(folder: Path) -> None:
    """Fetch every branch of ``origin``; ``GitError`` when it cannot be reached."""
    run(folder, ["fetch", "-q", "--prune", "origin", "+refs/heads/*:refs/remotes/origin/*"], timeout=NETWORK_TIMEOUT)


def origin_branches(folder: Path) -> list[str]:
    out = run(folder, ["for-each-ref", "--format=%(refname:strip=3)", "refs/remotes/origin/"])
    return [name for name in out.split() if name != "HEAD"]


def current_branch(folder: Path) -> str:
    """The branch HEAD names, born or not (``main`` after ``git init`` with that default)."""
    return run(folder, ["symbolic-ref", "--short", "HEAD"]).strip()


def has_commits(folder: Path) -> bool:
    try:
        run(folder, ["rev-parse", "-q", "--verify", "HEAD"])
    except GitError:
        return False
    return True


def merge(folder: Path, ref: str) -> None:
    """Merge ``ref`` into HEAD (histories that started apart included); on a conflict the merge
    is aborted and ``GitError`` raised, leaving the clone as it was."""
    try:
        run(folder, [*_identity(folder), "merge", "-q", "--no-edit", "--no-verify", "--allow-unrelated-histories", ref])
    except GitError:
        try:
            run(folder, ["merge", "--abort"])
        except GitError:
            pass  # nothing to abort: the merge never started
        raise


def commit_files(folder: Path, paths: list[str], message: str) -> bool:
    """Commit those of ``paths`` that exist when they changed; False when nothing was committed."""
    paths = [p for p in paths if (folder / p).exists()]
    if not paths:
        return False
    run(folder, ["add", "--", *paths])
    if not run(folder, ["status", "--porcelain", "--", *paths]).strip():
        return False
    run(folder, [*_identity(folder), "commit", "-q", "--no-verify", "-m", message, "--", *paths])
    return True


def push_head(folder: Path, branch: str) -> None:
    """Push HEAD to ``origin``'s ``branch``; ``GitError`` when refused or unreachable."""
    run(folder, ["push", "-q", "origin", f"HEAD:refs/heads/{branch}"], timeout=NETWORK_TIMEOUT)


def _identity(folder: Path) -> list[str]:
    """The user's own identity when git has one, else kenning's: a commit must not fail on it."""
    base = ["-c", "commit.gpgsign=false"]
    if config_get(folder, "user.email") and config_get(folder, "user.name"):
        return base
    return [*base, "-c", "user.name=kenning", "-c", "user.email=kenning@localhost"]
