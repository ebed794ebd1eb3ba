"""`ken verify` through a real process: a memory written with ``--at PATH:START-END`` is verified
where its lines went, changed once they are edited (``--strict`` then exits 1), and an id that
cites nothing is one clear error line."""

from __future__ import annotations

from .conftest import Repo

SOURCE = "import os\n\n\ndef main():\n    config = load_config(os.environ)\n    return serve(config)\n"


def test_verify_follows_a_cited_range_and_strict_fails_once_it_changed(repo: Repo) -> None:
    (repo.path / "src/app.py").write_text(SOURCE)
    repo.world.git(repo.path, "commit", "-qam", "main serves")
    event_id = repo.ok("decide", "main loads the config from the environment", "--at", "src/app.py:5-6").stdout.strip()
    (repo.path / "src/app.py").write_text("import sys\n" + SOURCE)
    repo.world.git(repo.path, "commit", "-qam", "sys")
    report = repo.json("verify")
    item = report["citations"][0]
    assert (item["id"], item["status"], item["path"], item["start"], item["end"]) == (
        event_id, "verified", "src/app.py", 6, 7)
    assert item["cited"]["path"] == "src/app.py" and (item["cited"]["start"], item["cited"]["end"]) == (5, 6)
    assert item["cited"]["symbol"] == "main" and report["counts"]["verified"] == 1
    assert repo.ok("verify", "--strict").returncode == 0
    (repo.path / "src/app.py").write_text(SOURCE.replace("return serve(config)", "return serve(config, debug=True)"))
    repo.world.git(repo.path, "commit", "-qam", "debug")
    strict = repo.ken("verify", "--strict", event_id[:10])
    assert strict.returncode == 1 and strict.stdout.startswith(f"changed   {event_id}")
    assert "changed in " in strict.stdout and "check src/app.py:5-6 before relying on it" in strict.stdout


def test_an_id_that_cites_no_lines_is_one_error_line(repo: Repo) -> None:
    event_id = repo.ok("note", "no lines here", "--at", "src/app.py").stdout.strip()
    refused = repo.ken("verify", event_id)
    assert refused.returncode != 0 and "Traceback" not in refused.stderr
    assert refused.stderr.strip() == (f"ken: error: {event_id} cites no lines; give memories written with --at "
                                      "PATH:LINE or PATH:START-END, or no ids for all of them")
    assert repo.ok("verify").stdout.startswith("no memory cites lines of code")


def test_show_says_where_the_cited_code_stands(repo: Repo) -> None:
    (repo.path / "src/app.py").write_text(SOURCE)
    repo.world.git(repo.path, "commit", "-qam", "main serves")
    event_id = repo.ok("note", "serve takes the config", "--at", "src/app.py:6").stdout.strip()
    assert "  code: verified at src/app.py:6\n" in repo.ok("show", event_id).stdout
    (repo.path / "src/app.py").write_text(SOURCE.replace("serve(config)", "serve()"))
    shown = repo.json("show", event_id)["event"]["code"]
    assert shown["status"] == "gone" and shown["changed_in"] == {"uncommitted": True}
    assert "code: gone (uncommitted): src/app.py:6 no longer holds it" in repo.ok("show", event_id).stdout
    assert f"{event_id}" in (found := repo.ok("search", "serve").stdout) and "[code gone]" in found
