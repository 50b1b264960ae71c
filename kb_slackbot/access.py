"""Who may see which knowledge spaces. Whoever can see an answer decides what it may use.

``access.yml`` (path: KB_ACCESS_FILE):

    default_channel_spaces: [public]        # channels not listed below
    external_channels: public               # Slack Connect / guests: public | none
    channels:
      C0123456789: [public, engineering]    # #eng-help
    groups:
      hr-team:
        spaces: [hr]
        members: [U01AAAA, U02BBBB]
      admins:                               # may see the gap list (App Home); spaces optional
        members: [U03CCCC]
      experts:                              # may save verified answers for these spaces
        spaces: [public, engineering]
        members: [U04DDDD]
      hr-experts:                           # any group named experts or *-experts
        spaces: [hr]
        members: [U01AAAA]

Without a file every answer uses the ``public`` space only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

PUBLIC = "public"
ADMINS = "admins"  # the group whose members see the gap list
EXPERTS = "experts"  # groups named this or ending in -experts: verified answers for their spaces


class AccessConfigError(ValueError):
    """access.yml is invalid; the message names the file, line and problem."""


@dataclass(frozen=True)
class AccessPolicy:
    default_channel_spaces: frozenset[str] = frozenset({PUBLIC})
    external_channels: str = "public"  # "public" | "none"
    channels: dict[str, frozenset[str]] = field(default_factory=dict)
    user_spaces_map: dict[str, frozenset[str]] = field(default_factory=dict)
    admins: frozenset[str] = frozenset()
    experts: dict[str, frozenset[str]] = field(default_factory=dict)  # user → spaces

    def channel_spaces(self, channel: str, external: bool = False) -> frozenset[str]:
        """Spaces an answer posted in ``channel`` may draw on (everyone there sees it)."""
        if external:
            return frozenset({PUBLIC}) if self.external_channels == "public" else frozenset()
        return self.channels.get(channel, self.default_channel_spaces)

    def user_spaces(self, user: str) -> frozenset[str]:
        """Spaces an answer only ``user`` sees may draw on (DMs, ephemeral replies)."""
        return frozenset({PUBLIC}) | self.user_spaces_map.get(user, frozenset())

    def is_admin(self, user: str) -> bool:
        """A member of the ``admins`` group (sees the questions people could not get answered)."""
        return user in self.admins

    def expert_spaces(self, user: str) -> frozenset[str]:
        """The spaces ``user`` may save verified answers for (empty: not an expert)."""
        return self.experts.get(user, frozenset())


def load_access_policy(path: Path | None, known_spaces: set[str] | None = None) -> AccessPolicy:
    if path is None:
        return AccessPolicy()
    if not path.exists():
        raise AccessConfigError(f"{path}: file not found (KB_ACCESS_FILE)")
    text = path.read_text(encoding="utf-8")
    try:
        raw = yaml.load(text, Loader=_StrictLoader) or {}
    except AccessConfigError as exc:
        raise AccessConfigError(f"{path}: {exc}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark else ""
        raise AccessConfigError(f"{path}:{where}: malformed YAML ({exc})") from exc
    if not isinstance(raw, dict):
        raise AccessConfigError(f"{path}: expected a mapping at the top level")

    def spaces(value: object, where: str) -> frozenset[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise AccessConfigError(f"{path}: {where}: expected a list of space names")
        unknown = set(value) - (known_spaces | {PUBLIC}) if known_spaces is not None else set()
        if unknown:
            raise AccessConfigError(
                f"{path}: {where}: unknown space(s) {', '.join(sorted(unknown))}"
                f" (known: {', '.join(sorted(known_spaces | {PUBLIC}))})"
            )
        return frozenset(value)

    external = raw.get("external_channels", "public")
    if external not in ("public", "none"):
        raise AccessConfigError(f"{path}: external_channels: must be 'public' or 'none'")
    channels = {
        str(cid): spaces(v, f"channels.{cid}") for cid, v in (raw.get("channels") or {}).items()
    }
    user_map: dict[str, set[str]] = {}
    admins: set[str] = set()
    experts: dict[str, set[str]] = {}
    for name, group in (raw.get("groups") or {}).items():
        if not isinstance(group, dict):
            raise AccessConfigError(f"{path}: groups.{name}: expected spaces and members")
        group_spaces = spaces(group.get("spaces", []), f"groups.{name}.spaces")
        members = group.get("members", [])
        if not isinstance(members, list) or not all(isinstance(m, str) for m in members):
            raise AccessConfigError(f"{path}: groups.{name}.members: expected a list of user IDs")
        if name == ADMINS:
            admins.update(members)
        if name == EXPERTS or str(name).endswith(f"-{EXPERTS}"):
            if not group_spaces:
                raise AccessConfigError(f"{path}: groups.{name}: experts need spaces to answer for")
            for member in members:
                experts.setdefault(str(member), set()).update(group_spaces)
        for member in members:
            user_map.setdefault(str(member), set()).update(group_spaces)
    return AccessPolicy(
        default_channel_spaces=spaces(
            raw.get("default_channel_spaces", [PUBLIC]), "default_channel_spaces"
        ),
        external_channels=external,
        channels=channels,
        user_spaces_map={u: frozenset(s) for u, s in user_map.items()},
        admins=frozenset(admins),
        experts={u: frozenset(s) for u, s in experts.items()},
    )


class _StrictLoader(yaml.SafeLoader):
    """YAML silently keeps the last of two equal keys; for access rules that is dangerous."""


def _mapping_without_duplicates(loader: _StrictLoader, node: yaml.MappingNode, deep: bool = False):
    first_line: dict[object, int] = {}
    for key_node, _value in node.value:
        key = loader.construct_object(key_node, deep=deep)
        line = key_node.start_mark.line + 1
        if key in first_line:
            raise AccessConfigError(
                f"line {line}: {key} is listed twice (first on line {first_line[key]})"
            )
        first_line[key] = line
    return loader.construct_mapping(node, deep)


_StrictLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping_without_duplicates
)
