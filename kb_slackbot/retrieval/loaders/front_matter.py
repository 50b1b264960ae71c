"""Front matter at the top of a Markdown file — YAML ("---"), or TOML ("+++", as Hugo writes
it): read strictly, so a mistake is reported instead of silently losing a field such as
`space:`."""

from __future__ import annotations

import re
import tomllib
from datetime import date, datetime

import frontmatter
import yaml

from ..urls import checked_url
from .source import LoadError

_TOML = re.compile(r"\A\+\+\+[ \t]*\n(?P<fields>.*?)^\+\+\+[ \t]*$\n?", re.DOTALL | re.MULTILINE)


def split_front_matter(text: str) -> tuple[dict, str]:
    """The front matter's fields and the body after it."""
    toml = _TOML.match(text)
    if toml:
        try:
            return tomllib.loads(toml.group("fields")), text[toml.end() :]
        except tomllib.TOMLDecodeError as exc:
            raise LoadError(f"malformed TOML front matter: {exc}") from exc
    try:
        post = frontmatter.loads(text)
        fields = _fields_as_written(post, text)
    except (yaml.YAMLError, ValueError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise LoadError(f"malformed YAML front matter: {first}") from exc
    meta = post.metadata
    if not isinstance(meta, dict) or not isinstance(fields, dict | None):
        raise LoadError("malformed YAML front matter: expected key: value pairs")
    return meta, post.content


def _fields_as_written(post: frontmatter.Post, text: str) -> object:
    """The parsed front matter as written: python-frontmatter silently drops one that is not
    a mapping (a scalar or a list, e.g. keys written without a colon), losing `space:`."""
    if post.handler is None:
        return None
    try:
        fm, _content = post.handler.split(text.strip())
    except ValueError:  # an opening delimiter without a closing one: not front matter
        return None
    return post.handler.load(fm)


def front_matter_url(meta: dict, base_url: str | None) -> str | None:
    """The page's address its front matter gives: ``url`` as a web link, or as a path on the
    site ("/help/printing/", as Hugo writes it; Jekyll's ``permalink``) under ``base_url``
    (None without one: the page keeps the address derived from its file). A link of another
    kind ("javascript:…") is refused."""
    key = "url" if meta.get("url") else "permalink" if meta.get("permalink") else None
    if key is None:
        return None
    value = str(meta[key]).strip()
    if value.startswith("/") and not value.startswith("//"):
        if not base_url:
            return None
        value = base_url.rstrip("/") + value
    try:
        return checked_url(value)
    except ValueError as exc:
        raise LoadError(f"front matter {key!r} is not a usable link ({exc}): {value!r}") from None


def parse_date(value: object, field: str) -> date:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value).strip()[:10])
    except ValueError as exc:
        raise LoadError(f"front matter {field!r} is not a date (YYYY-MM-DD): {value!r}") from exc
