"""``kenning.app.views.plan``: an idea is appended to the plan's Ideas, one redacted line in the
file's own line endings, and never an event; an empty idea is refused and changes nothing.
(``ken plan``'s output and exit codes: tests/cli/test_lookups.py.)"""

from __future__ import annotations

import pytest

from kenning.app.project import Project
from kenning.app.views import plan
from kenning.core.errors import InvalidInput


def test_ideas_are_appended_under_their_heading_as_one_line_and_never_logged(project: Project) -> None:
    before = project.log_path.read_bytes()
    assert plan.add_idea(project, "Move the retry queue to Redis") == ("Move the retry queue to Redis", ())
    assert plan.add_idea(project, "  Then\ndrop   the cron job ") == ("Then drop the cron job", ())
    text = plan.read(project)
    assert text.endswith("## Ideas\n\n- Move the retry queue to Redis\n- Then drop the cron job\n")
    assert project.plan_path.read_text() == text
    assert project.log_path.read_bytes() == before  # intent, not history


def test_an_idea_goes_at_the_end_of_the_ideas_in_the_files_line_endings(project: Project) -> None:
    project.plan_path.write_bytes(b"# Plan\r\n\r\n## Ideas\r\n- first\r\n\r\n## Next\r\n- [ ] ship\r\n")
    plan.add_idea(project, "second")
    after = b"# Plan\r\n\r\n## Ideas\r\n- first\r\n- second\r\n\r\n## Next\r\n- [ ] ship\r\n"
    assert project.plan_path.read_bytes() == after


def test_a_plan_without_ideas_gets_the_heading(project: Project) -> None:
    project.plan_path.write_text("# Plan\n\n## Next\n- [ ] ship\n")
    plan.add_idea(project, "first idea")
    text = project.plan_path.read_text()
    assert text.startswith("# Plan\n\n## Next\n- [ ] ship\n") and "## Ideas" in text
    assert text.rstrip("\n").endswith("- first idea")


def test_secrets_are_redacted_and_control_characters_flattened(project: Project) -> None:
    secret = "ghp_" + "a1" * 18
    added, redacted = plan.add_idea(project, f"rotate {secret} \x1b[31m soon\n# Fake heading")
    assert redacted == ("github_token",)
    text = project.plan_path.read_text()
    assert secret not in text and "\x1b" not in text
    assert "- rotate [REDACTED:github_token] [31m soon # Fake heading\n" in text and added in text
    assert "\n# Fake heading" not in text


@pytest.mark.parametrize("idea", ["", " \t\n ", "x" * (plan.MAX_IDEA + 1)])
def test_an_empty_or_overlong_idea_is_refused_and_changes_nothing(project: Project, idea: str) -> None:
    before = project.plan_path.read_bytes()
    with pytest.raises(InvalidInput) as refused:
        plan.add_idea(project, idea)
    assert "\n" not in str(refused.value)
    assert project.plan_path.read_bytes() == before
