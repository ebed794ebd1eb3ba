"""How well a memory's citation is followed on real histories, against git's own line tracking.

    python bench/citations_real.py GITDIR [GITDIR...] [--blocks 60] [--seed 31] [--held-out NAME,...]

For each repository (a clone or a bare mirror, kept outside this repository), blocks of 3 to 12
lines are sampled at past commits on the first-parent history (at least a year before its end,
citing at least two lines with something to them), and each is followed 30, 120 and 365 days
forward, to the last first-parent commit by then. The truth is `git blame -w -M -C`, run once over
the first-parent range from the citation's commit to the later one: a cited line survives where
blame traces a line at the later commit back to that very line of the cited commit (its file and
line number there), in the cited file, where git says it went, or any file changed since that
holds one of its telling lines (blame follows a rename git's diff of the whole span no longer
sees). A block blame calls changed or gone that
stands whole in its file again, its lines blame's own or written after the citation (deleted and
restored), is verified; a block blame credits whole to two files is placed exactly at either.
From the lines that survive:

- verified: all of them, in order, next to each other, in the cited file;
- moved: the same in another file (a rename, a move);
- changed: some of them; gone: none, or none but lines that say nothing alone (a blank, a brace,
  a lone ``else``: ``core.citations.trivial``), as kenning's rules define it.

Three ways of citing are scored on the same cases: the bare line number (as before citations:
shown as it is while the file exists), the cited text searched again exactly (nearest its old
place, else in another file), and kenning (`app.citations.follow_citations`, the code
`ken verify` runs). Printed per repository, for the held-out repositories pooled, and for all
pooled: status right, location exact (of the blocks that survive), shown as true while changed
or gone, and a surviving block reported changed or gone.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from kenning.app.citations import follow_citations  # noqa: E402
from kenning.core.citations import TRIVIAL, fingerprint, line_hash, normalized, trivial  # noqa: E402

HORIZONS = (30, 120, 365)
CODE = (".py", ".rs", ".go", ".js", ".ts", ".c", ".h", ".java", ".rb", ".sh", ".toml", ".yaml", ".yml")
DAY = 86400


def git(root: Path, *args: str, stdin: str | None = None) -> str:
    return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, input=stdin,
                          errors="replace", check=False).stdout


def grep(root: Path, patterns: list[str], rev: str) -> list[str]:
    """``REV:PATH`` of the files at ``rev`` holding any of ``patterns`` (given on stdin: a minified
    line is too long for a command line)."""
    return git(root, "grep", "-F", "-l", "-f", "-", rev, "--", stdin="\n".join(patterns) + "\n").splitlines()


def show(root: Path, rev: str, path: str) -> list[str] | None:
    r = subprocess.run(["git", "cat-file", "blob", f"{rev}:{path}"], cwd=root, capture_output=True, check=False)
    if r.returncode != 0 or b"\0" in r.stdout[:8192]:
        return None
    return r.stdout.decode("utf-8", "replace").splitlines()


def telling(line: str) -> bool:
    return sum(c.isalnum() for c in line) >= 8 and line_hash(line) not in TRIVIAL


# -- sampling ----------------------------------------------------------------------------------

def sample(root: Path, blocks: int, rng: random.Random) -> list[dict[str, Any]]:
    commits = [(sha, int(t)) for sha, t in (row.split() for row in git(
        root, "log", "--first-parent", "--format=%H %ct", "HEAD").splitlines())][::-1]
    end = commits[-1][1]
    early = [c for c in commits if c[1] <= end - max(HORIZONS) * DAY and c[1] >= commits[0][1] + 30 * DAY]
    cases: list[dict[str, Any]] = []
    tries = 0
    while len(cases) < blocks * len(HORIZONS) and tries < blocks * 40:
        tries += 1
        sha, when = rng.choice(early)
        files = [p for p in git(root, "ls-tree", "-r", "--name-only", sha).splitlines() if p.endswith(CODE)]
        if not files:
            continue
        path = rng.choice(files)
        lines = show(root, sha, path)
        if not lines or len(lines) < 20:
            continue
        size = rng.randint(3, 12)
        start = rng.randint(1, len(lines) - size + 1)
        block = lines[start - 1:start - 1 + size]
        if sum(telling(line) for line in block) < 2:
            continue
        for days in HORIZONS:
            target = [c for c in commits if c[1] <= when + days * DAY][-1][0]
            cases.append({"commit": sha, "path": path, "start": start, "end": start + size - 1, "block": block,
                          "days": days, "target": target})
    return cases


# -- the truth: git blame -w -M -C ------------------------------------------------------------

_BLAMED: dict[tuple[str, str, str, str], dict[int, tuple[str, int] | None]] = {}


def origins(root: Path, commit: str, target: str, path: str) -> dict[int, tuple[str, int] | None]:
    """line number at ``target`` -> (file, line number) at ``commit`` of the line it is, by ``git
    blame --first-parent -w -M -C COMMIT..TARGET`` of the whole file; None for a line written after
    ``commit`` (a branch merged since counts as its merge, as a diff from ``commit`` sees it).
    One blame over the range, not one from each end: blamed from each end, an unchanged line may
    be credited to one origin from one side and another from the other (a run long enough for
    ``-C`` at one end, too short at the other), while a line blame traces back to the range's
    boundary is named by its very place in the cited commit (not by its commit and text: a ``}``
    of the same commit is not the cited one). Blamed in part (``-L``), a line may be given
    another origin, since ``-M`` and ``-C`` score the moved runs among the lines being blamed."""
    key = (str(root), commit, target, path)
    if key not in _BLAMED:
        _BLAMED[key] = _blame(root, commit, target, path)
    return _BLAMED[key]


def _blame(root: Path, commit: str, target: str, path: str) -> dict[int, tuple[str, int] | None]:
    if commit == target:  # nothing since (an empty range would blame the work tree): each line is itself
        return {n: (path, n) for n in range(1, len(show(root, commit, path) or []) + 1)}
    text = git(root, "blame", "--first-parent", "-w", "-M", "-C", "--line-porcelain", f"{commit}..{target}", "--",
               path)
    found: dict[int, tuple[str, int] | None] = {}
    current: list[str] = []
    name = ""
    boundary = False
    for line in text.split("\n"):
        if current == [] and len(line) >= 40 and line[:40].isalnum() and " " in line:
            current, boundary = line.split(), False
        elif line.startswith("filename "):
            name = line[9:]
        elif line == "boundary":
            boundary = True
        elif line.startswith("\t") and current:
            # a line traced to the boundary is the commit's own; another boundary (an ancestor
            # reached through a side branch forked before it) names no place in it: left out
            if current[0] == commit:
                found[int(current[2])] = (name, int(current[1]))
            elif not boundary:
                found[int(current[2])] = None
            current = []
    return found


Place = tuple[str, str | None, int | None, int | None]  # status, path, start, end


def truth(root: Path, case: dict[str, Any]) -> list[Place]:
    """What blame says of the cited lines; but a block blame calls changed or gone that stands whole
    in its file again, each line of it either blame's own survivor or written after the citation
    (deleted, then restored by a revert or a "fix accidental deletion"), is verified: blame names
    who last wrote a line, and here the lines are the cited ones again, as the statuses define
    them (all there, in order, unchanged but for whitespace), while a copy that was there before
    is not taken for them. The first place is the answer; more are where blame credits the whole
    block to several files (each counts as exact)."""
    blamed = _blamed(root, case)
    if blamed[0][0] in ("changed", "gone"):
        restored = _restored(root, case)
        return [restored] if restored else blamed
    return blamed


def _restored(root: Path, case: dict[str, Any]) -> tuple[str, str | None, int | None, int | None] | None:
    block = [normalized(line) for line in case["block"]]
    size = len(block)
    for path in [case["path"], *_renamed(root, case)]:
        lines = [normalized(line) for line in show(root, case["target"], path) or []]
        spots = [j for j in range(len(lines) - size + 1) if lines[j:j + size] == block]
        blamed = origins(root, case["commit"], case["target"], path) if spots else {}
        spots = [j for j in spots if _again(blamed, j, case)]
        if spots:
            j = min(spots, key=lambda s: abs(s + 1 - case["start"]))
            return ("verified" if path == case["path"] else "moved", path, j + 1, j + size)
    return None


def _again(blamed: dict[int, tuple[str, int] | None], j: int, case: dict[str, Any]) -> bool:
    """Whether the block standing whole from line ``j`` (from 0) is the cited one again: each line
    blame's own survivor (its place in the cited commit) or written after the citation
    (restored), but for lines blame traced to the same text elsewhere in the cited commit (its
    diff aligned a restored line with an identical one) where some of the block was written
    again (a block of survivors and a blank blame placed at another blank was not restored: what
    blame says of it stands); a block all of whose lines come from
    elsewhere in the cited commit is a copy that was there before, not the cited lines, and a
    line blame could not place at all is not taken either."""
    places = [blamed.get(j + 1 + k, False) for k in range(case["end"] - case["start"] + 1)]
    if any(place is False for place in places):
        return False
    cited = [(case["path"], n) for n in range(case["start"], case["end"] + 1)]
    elsewhere = [place is not None and place != own for place, own in zip(places, cited, strict=True)]
    if any(elsewhere) and None not in places:
        return False  # nothing written again: not a restoration, but a line blame placed at its twin
    return not all(elsewhere)


def _renamed(root: Path, case: dict[str, Any]) -> list[str]:
    return [row[2:].split("\t")[-1] for row in git(
        root, "diff", "--name-status", "-M", case["commit"], case["target"]).splitlines() if row.startswith("R")
        and row.split("\t")[1] == case["path"]]


def _blamed(root: Path, case: dict[str, Any]) -> list[Place]:
    wanted = {(case["path"], n): k for k, n in enumerate(range(case["start"], case["end"] + 1))}
    words = sorted((line.strip() for line in case["block"] if telling(line)), key=len, reverse=True)[:2]
    candidates = [case["path"], *_renamed(root, case)]
    for word in words:  # the most telling lines: a file holding none of them holds too little to count
        listed = grep(root, [word], case["target"])
        candidates += [row.partition(":")[2] for row in listed[:40]]
    # a file changed since that holds any telling cited line: where blame follows a file renamed
    # beyond git's rename threshold (or converted, .js to .ts) and its two most telling lines were
    # edited on the way, the lines it still credits to the cited ones are there and nowhere else
    changed = set(git(root, "diff", "--name-only", "--no-renames", case["commit"], case["target"]).splitlines())
    patterns = [line.strip() for line in case["block"] if telling(line)]
    if changed and patterns:
        listed = grep(root, patterns, case["target"])
        candidates += sorted(path for row in listed if (path := row.partition(":")[2]) in changed)
    # a file the range left alone holds at each line its own line of the cited commit: none of
    # the cited ones unless it is the cited file (no need to blame it)
    candidates = [path for path in dict.fromkeys(candidates) if path == case["path"] or path in changed]
    norms = {normalized(line) for line in case["block"]} - {""}
    matches: dict[str, dict[int, list[int]]] = {}
    for path in candidates:
        lines = show(root, case["target"], path) or []
        if not any(normalized(line) in norms for line in lines):
            continue
        for line_no, origin in origins(root, case["commit"], case["target"], path).items():
            if origin in wanted:
                matches.setdefault(path, {}).setdefault(wanted[origin], []).append(line_no)
    # a line that says nothing alone (a blank, a brace, a lone ``else``) does not keep a block
    # alive: left behind when the rest was rewritten, it is no sign the cited code is there
    kept = {k for options in matches.values() for k in options}
    if not matches or (all(trivial(case["block"][k]) for k in kept) and not all(map(trivial, case["block"]))):
        return [("gone", None, None, None)]
    ranked = sorted(sorted(matches), key=lambda p: (len(matches[p]), p == case["path"]), reverse=True)
    found = [place for home in ranked if len(matches[home]) == len(matches[ranked[0]])
             for place in _judged(case, home, matches[home])]
    # a block blame credits whole to two places (copied to two files, or twice into one) is at
    # either: both are kept, the first (its own file, else by name; nearest its old place) shown
    return [found[0], *(other for other in found[1:] if other[0] == found[0][0] != "changed")]


def _judged(case: dict[str, Any], home: str, options: dict[int, list[int]]) -> list[tuple[str, str, int, int]]:
    size = case["end"] - case["start"] + 1
    placements = _placed(options, size, case["start"] if home == case["path"] else 1)
    # copies elsewhere of lines credited to the same commit (a licence header) do not matter: the
    # block is whole where all of it is, together
    whole = [placed for placed in placements
             if len(placed) == size and all(b == a + 1 for a, b in zip(placed, placed[1:], strict=False))]
    if whole:
        return [("verified" if home == case["path"] else "moved", home, placed[0], placed[-1]) for placed in whole]
    placed = placements[0]
    return [("changed", home, min(placed), max(placed))]


def _placed(options: dict[int, list[int]], size: int, near: int) -> list[list[int]]:
    """Where each surviving line is, where a line has several places (a block blame sees copied
    beside itself keeps one origin): the placements with the most lines next to each other, the
    one starting nearest ``near`` first."""
    ranked: list[tuple[tuple[int, int], list[int]]] = []
    first = min(options)
    for begin in options[first]:
        placed = [begin]
        for k in range(first + 1, size):
            if options.get(k):
                placed.append(min(options[k], key=lambda n: abs(n - (placed[-1] + 1))))
        ranked.append(((-sum(b == a + 1 for a, b in zip(placed, placed[1:], strict=False)), abs(begin - near)), placed))
    ranked.sort(key=lambda item: item[0])
    return [placed for key, placed in ranked if key[0] == ranked[0][0][0]]


# -- the three ways ----------------------------------------------------------------------------

def by_line_number(root: Path, case: dict[str, Any]) -> tuple[str, str | None, int | None, int | None]:
    exists = show(root, case["target"], case["path"]) is not None
    return ("verified", case["path"], case["start"], case["end"]) if exists else ("gone", None, None, None)


def by_exact_text(root: Path, case: dict[str, Any]) -> tuple[str, str | None, int | None, int | None]:
    block, size = case["block"], len(case["block"])

    def find(lines: list[str]) -> list[int]:
        return [j for j in range(len(lines) - size + 1) if lines[j:j + size] == block]

    own = show(root, case["target"], case["path"])
    if own is not None and (spots := find(own)):
        j = min(spots, key=lambda s: abs(s + 1 - case["start"]))
        return ("verified", case["path"], j + 1, j + size)
    first = next((line for line in block if telling(line)), block[0])
    listed = grep(root, [first], case["target"])
    for path in sorted(row.partition(":")[2] for row in listed):
        lines = show(root, case["target"], path) or []
        if path != case["path"] and (spots := find(lines)):
            return ("moved", path, spots[0] + 1, spots[0] + size)
    if own is not None and any(line in own for line in block if telling(line)):
        return ("changed", case["path"], None, None)
    return ("gone", None, None, None)


def by_kenning(root: Path, case: dict[str, Any]) -> tuple[str, str | None, int | None, int | None]:
    citation = {"path": case["path"], "start": case["start"], "end": case["end"], "commit": case["commit"],
                "lines": fingerprint(case["block"])}
    found = follow_citations(root, [citation], at=case["target"])[0]
    return (found.status, found.path, found.start, found.end)


WAYS = {"a file and line number, as before": by_line_number, "the cited text searched again, exactly": by_exact_text,
        "kenning's citation": by_kenning}
KENNING = "kenning's citation"


# -- scoring -----------------------------------------------------------------------------------

def score(rows: list[dict[str, Any]], way: str) -> dict[str, float]:
    right = sum(r[way][0] == r["truth"][0] for r in rows)
    alive = [r for r in rows if r["truth"][0] in ("verified", "moved")]
    dead = [r for r in rows if r["truth"][0] in ("changed", "gone")]
    exact = sum(r[way] in r["places"] for r in alive)
    lied = sum(r[way][0] in ("verified", "moved") for r in dead)
    lost = sum(r[way][0] in ("changed", "gone") for r in alive)
    return {"cases": len(rows), "status right": pct(right, len(rows)), "location exact": pct(exact, len(alive)),
            "shown as true while changed or gone": pct(lied, len(dead)),
            "surviving block reported changed or gone": pct(lost, len(alive))}


def pct(part: int, whole: int) -> float:
    return round(100.0 * part / whole, 1) if whole else 0.0


def table(title: str, rows: list[dict[str, Any]]) -> str:
    statuses = {s: sum(r["truth"][0] == s for r in rows) for s in ("verified", "moved", "changed", "gone")}
    out = [f"### {title} ({len(rows)} cases; truth: " + ", ".join(f"{n} {s}" for s, n in statuses.items()) + ")", "",
           "| how a memory cites code | status right | location exact | shown as true while changed or gone "
           "| surviving block reported changed or gone |", "|---|---:|---:|---:|---:|"]
    for way in WAYS:
        s = score(rows, way)
        lied, lost = s["shown as true while changed or gone"], s["surviving block reported changed or gone"]
        out.append(f"| {way} | {s['status right']} % | {s['location exact']} % | {lied} % | {lost} % |")
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("repos", nargs="+", type=Path)
    parser.add_argument("--blocks", type=int, default=60, help="blocks sampled per repository (x3 horizons)")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--held-out", default="", help="names of the repositories not looked at while tuning")
    parser.add_argument("--misses", action="store_true", help="print kenning's disagreements with the truth")
    args = parser.parse_args()
    held = set(filter(None, args.held_out.split(",")))
    everything: list[dict[str, Any]] = []
    held_rows: list[dict[str, Any]] = []
    for root in args.repos:
        name = root.name if root.name not in ("repo", ".git") else root.parent.name
        began = time.monotonic()
        rows = []
        for case in sample(root, args.blocks, random.Random(f"{args.seed}:{name}")):
            places = truth(root, case)
            row: dict[str, Any] = {"case": case, "truth": places[0], "places": places}
            for way, method in WAYS.items():
                row[way] = method(root, case)
            rows.append(row)
            ours = row[KENNING]
            if args.misses and ours not in places and (ours[0], row["truth"][0]) != ("changed", "changed"):
                print(f"  miss {name} {case['commit'][:8]} {case['path']}:{case['start']}-{case['end']} "
                      f"+{case['days']}d truth={row['truth']} kenning={ours}", file=sys.stderr)
        print(table(f"{name}{' (held out)' if name in held else ''}", rows))
        print(f"({time.monotonic() - began:.0f} s)\n")
        everything += rows
        if name in held:
            held_rows += rows
    if held_rows:
        print(table("held out, pooled", held_rows))
    print(table("all, pooled", everything))


if __name__ == "__main__":
    main()
