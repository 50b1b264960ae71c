"""access.yml: who may read which spaces, and clear errors for bad configs."""

from pathlib import Path

import pytest

from kb_slackbot.access import AccessConfigError, load_access_policy

GOOD = """
default_channel_spaces: [public]
external_channels: none
channels:
  CHR: [public, hr]   # #hr-team
groups:
  hr-team:
    spaces: [hr]
    members: [U1, U2]
  finance:
    spaces: [finance]
    members: [U2]
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "access.yml"
    path.write_text(text, encoding="utf-8")
    return path


def test_policy_by_where_the_answer_appears(tmp_path):
    policy = load_access_policy(_write(tmp_path, GOOD), {"hr", "finance"})
    assert policy.channel_spaces("CHR") == {"public", "hr"}
    assert policy.channel_spaces("COTHER") == {"public"}
    assert policy.channel_spaces("CHR", external=True) == set()  # external_channels: none
    assert policy.user_spaces("U2") == {"public", "hr", "finance"}
    assert policy.user_spaces("U9") == {"public"}


def test_no_file_means_public_only():
    policy = load_access_policy(None)
    assert policy.channel_spaces("C1") == {"public"}
    assert policy.user_spaces("U1") == {"public"}
    assert policy.channel_spaces("C1", external=True) == {"public"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("channels:\n  C1: [public, payroll]\n", "unknown space(s) payroll"),
        ("channels:\n  C1: [public\n", "line"),
        ("channels:\n  C1: [public]\n  C1: [hr]\n", "line 3: C1 is listed twice"),
        ("external_channels: sometimes\n", "external_channels"),
        ("groups:\n  hr: [U1]\n", "groups.hr"),
        ("channels:\n  C1: public\n", "expected a list"),
    ],
)
def test_bad_configs_fail_fast_naming_the_problem(tmp_path, text, message):
    with pytest.raises(AccessConfigError, match=r"access\.yml") as info:
        load_access_policy(_write(tmp_path, text), {"hr"})
    assert message in str(info.value)


def test_missing_file_is_named(tmp_path):
    with pytest.raises(AccessConfigError, match="file not found"):
        load_access_policy(tmp_path / "nope.yml")


def test_admins_group_and_bad_members(tmp_path):
    text = GOOD + "  admins:\n    members: [U9]\n"
    policy = load_access_policy(_write(tmp_path, text), {"hr", "finance"})
    assert policy.is_admin("U9") and not policy.is_admin("U1")
    assert policy.user_spaces("U9") == {"public"}  # admin alone grants no space
    bad = GOOD + "  admins:\n    members: U9\n"
    with pytest.raises(AccessConfigError, match=r"groups.admins.members: expected a list"):
        load_access_policy(_write(tmp_path, bad), {"hr", "finance"})


def test_experts_groups_answer_for_their_spaces(tmp_path):
    text = GOOD + (
        "  experts:\n    spaces: [public]\n    members: [U5, U6]\n"
        "  hr-experts:\n    spaces: [hr]\n    members: [U6]\n"
        "  experts-club:\n    spaces: [finance]\n    members: [U7]\n"  # not an experts group
    )
    policy = load_access_policy(_write(tmp_path, text), {"hr", "finance"})
    assert policy.expert_spaces("U5") == {"public"}
    assert policy.expert_spaces("U6") == {"public", "hr"}
    assert policy.user_spaces("U6") == {"public", "hr"}  # an hr expert reads hr
    assert policy.expert_spaces("U7") == frozenset() and policy.expert_spaces("U1") == frozenset()
    no_spaces = GOOD + "  experts:\n    members: [U5]\n"
    with pytest.raises(AccessConfigError, match="experts need spaces"):
        load_access_policy(_write(tmp_path, no_spaces), {"hr", "finance"})
