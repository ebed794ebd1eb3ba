"""`make demo`: a visible walk-through of kenning in a throw-away git repository.

It records the paper's webhook story (an issue, two failed attempts, the gate's verdict before
the next edit, a fix, a decision replaced by another), then prints the summary and a search,
running the real `ken` command each time.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

KEN = [str(Path(sys.executable).with_name("ken"))]


def show(cmd: list[str], cwd: Path, env: dict[str, str]) -> str:
    print(f"\n$ ken {shlex.join(cmd)}")  # quoted as a shell needs it: a printed command pastes and runs
    result = subprocess.run(KEN + cmd, cwd=cwd, env=env, capture_output=True, text=True)
    sys.stdout.write(result.stdout)
    sys.stdout.write("".join(f"  (stderr) {line}\n" for line in result.stderr.splitlines()))
    if result.returncode != 0:
        raise SystemExit(f"demo step failed with exit {result.returncode}: ken {' '.join(cmd)}")
    return result.stdout


def git(args: list[str], cwd: Path, env: dict[str, str]) -> None:
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)


def picture(repo: Path, env: dict[str, str]) -> None:
    """The memory as one page, kept after the demo (outside its throw-away folder), and a
    screenshot of it when Chromium is installed."""
    kept = Path(tempfile.mkdtemp(prefix="ken-demo-page-"))
    page, shot = kept / "kenning.html", kept / "kenning.png"
    print("\nThe same memory as one page (heat map, timeline, issues, decisions, code map, gate):")
    show(["map", "--build"], repo, env)
    show(["visualize", "-o", str(page)], repo, env)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print(f"page: {page}\n(a screenshot needs Chromium: apt-get install chromium)")
        return
    profile = kept / "chromium-profile"
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    f"--user-data-dir={profile}", "--window-size=1400,1000", f"--screenshot={shot}",
                    page.as_uri()], capture_output=True, timeout=120)
    shutil.rmtree(profile, ignore_errors=True)
    print(f"page: {page}\nscreenshot: {shot}" if shot.exists() else
          f"page: {page}\n(Chromium made no screenshot)")


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="ken-demo-"))
    env = dict(os.environ, KEN_HOME=str(work / "home"), GIT_AUTHOR_NAME="Demo", GIT_AUTHOR_EMAIL="demo@example.invalid",
               GIT_COMMITTER_NAME="Demo", GIT_COMMITTER_EMAIL="demo@example.invalid")
    repo = work / "shop"
    try:
        (repo / "src" / "payments").mkdir(parents=True)
        (repo / "src" / "payments" / "webhook.py").write_text("def handle(event):\n    mark_paid(event)\n")
        (repo / "pyproject.toml").write_text('[project]\nname = "shop"\ndescription = "A small web shop."\n'
                                             'dependencies = ["stripe>=7"]\n')
        git(["init", "-q"], repo, env)
        git(["add", "-A"], repo, env)
        git(["commit", "-q", "-m", "initial"], repo, env)
        print(f"A throw-away repository: {repo}")
        show(["init", "--no-hooks", "--no-backfill", "--no-register"], repo, env)
        out = show(["issue", "Webhook retries create duplicate charges", "--at", "src/payments/webhook.py:2"],
                   repo, env)
        issue = out.split()[0].lstrip("#")
        show(["attempt", "Deduplicated on the Stripe event id; ids repeat across retries", "--failed",
              "--at", "src/payments/webhook.py:2"], repo, env)
        show(["attempt", "5-second lock around mark_paid; narrowed the race, did not close it", "--failed",
              "--issue", issue, "--at", "src/payments/webhook.py:2"], repo, env)
        print("\nBefore the next edit, the gate says what already failed on the file:")
        show(["precheck", "src/payments/webhook.py"], repo, env)
        show(["fix", "Write the idempotency key before charging", "--issue", issue,
              "--details", "test_retry_storm passes 500/500"], repo, env)
        first = show(["decide", "Store idempotency keys in Redis with a 24-hour TTL",
                      "--at", "src/payments/webhook.py"], repo, env).strip()
        show(["decide", "Keep idempotency keys in Postgres with a unique index; drop Redis",
              "--supersedes", first[:10], "--at", "src/payments/webhook.py"], repo, env)
        show(["note", "Stripe retries for up to three days", "--lesson"], repo, env)
        show(["summary"], repo, env)
        show(["search", "idempotency"], repo, env)
        show(["show", issue], repo, env)
        print("\nAt the start of the next session, one screen:")
        show(["brief"], repo, env)
        print("\nFor an agent that reads a block instead of calling tools, a budgeted context:")
        show(["context", "--tokens", "400", "--at", "src/payments/webhook.py"], repo, env)
        other = work / "store"
        (other / "src").mkdir(parents=True)
        (other / "requirements.txt").write_text("stripe==7.1.0\n")
        (other / "src" / "billing.py").write_text("def charge():\n    pass\n")
        git(["init", "-q"], other, env)
        git(["add", "-A"], other, env)
        git(["commit", "-q", "-m", "initial"], other, env)
        print(f"\nAnother project on this machine that also uses stripe: {other}")
        show(["init", "--no-hooks", "--no-backfill", "--no-register"], other, env)
        show(["lessons"], other, env)
        print("\nThe memory lives in .kenning/events.jsonl (tracked in git); summary.md is derived;"
              " lessons shared across projects live in KEN_HOME/lessons.jsonl.")
        picture(repo, env)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
