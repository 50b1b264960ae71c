"""Links a page may carry: http(s) only, nothing that can break Slack's ``<url|title>``."""

from __future__ import annotations

import re
from urllib.parse import quote, unquote, urlsplit

_DOC_SUFFIX = re.compile(r"\.[A-Za-z]{1,5}$")  # ".html", ".md", ".docx"
_NAME_PART = re.compile(r"(?u)[\W_]+")
_NAME_WORD = re.compile(r"(?u)[^\W\d_]{2,}")  # letters only: ids ("3f2a9c…"), dates say nothing

# Characters a URL may keep as they are (RFC 3986 reserved + unreserved, and existing escapes).
_SAFE = "%:/?#[]@!$&'()*+,;=~-._"


def checked_url(value: str) -> str:
    """``value`` as a web link with everything unusual percent-escaped (``|`` ``<`` ``>``
    ``"`` spaces …); raises ValueError, for a person, when it is not an http(s) URL."""
    url = value.strip()
    if any(ord(c) < 32 or ord(c) == 127 for c in url):
        raise ValueError("it contains control characters")
    parts = urlsplit(url)
    if parts.scheme.lower() not in ("http", "https"):
        raise ValueError(f"only http and https links are allowed, not {parts.scheme or 'none'!r}")
    host = parts.hostname or ""
    if not host:
        raise ValueError("it has no host name")
    try:
        netloc = parts.netloc.replace(host, host.encode("idna").decode("ascii"), 1)
    except UnicodeError:
        raise ValueError(f"invalid host name {host!r}") from None
    if any(c in netloc for c in ' <>"|\\^`{}'):
        raise ValueError(f"invalid host name {host!r}")
    rest = quote(url[len(parts.scheme) + 3 + len(parts.netloc) :], safe=_SAFE)
    return f"{parts.scheme.lower()}://{netloc}{rest}"


def address_words(url: str) -> list[str]:
    """The words of a page's own name in its address: ".../front-office/late-checkout.html"
    → ["late", "checkout"]. Writers name a page by what people call it ("late-checkout",
    "sso", "error-codes"), often not the title's words ("Late departure surcharge")."""
    name = unquote(urlsplit(url).path.rstrip("/").rsplit("/", 1)[-1])
    parts = _NAME_PART.split(_DOC_SUFFIX.sub("", name).lower())
    return [part for part in parts if _NAME_WORD.fullmatch(part)]
