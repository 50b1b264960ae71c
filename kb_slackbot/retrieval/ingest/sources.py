"""Which files a run reads, and the document id each one has.

A document's id is its path relative to its root, or, when a file from another root already
has that id (`eng/index.md`, `hr/index.md`), the path qualified by its root's folder name
(`hr/index.md`). Ids, once given, stay with the file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..index import DocumentVersion
from ..loaders import CONVERT_FIRST, SUPPORTED_SUFFIXES, SourceFile
from .run_types import IngestOptions

# A GitHub or GitLab wiki's sidebar, header and footer: its navigation, shown around every
# page, not a page of its own.
WIKI_FRAME_FILES = frozenset(["_sidebar.md", "_footer.md", "_header.md"])


def discover(
    paths: Iterable[Path], options: IngestOptions, passed_over: Counter[str] | None = None
) -> Iterator[SourceFile]:
    """Supported files under each path, skipping hidden files and folders and a wiki's
    sidebar and footer; documents that must be converted first come too, so the run reports
    them. Files of a type no loader reads (images, data, an app's export nobody reads yet)
    are counted by type in ``passed_over`` ("" for a file without an extension)."""
    for root in paths:
        root = root.expanduser().resolve()  # stored source paths must not depend on the cwd
        if root.is_file():
            yield SourceFile(
                root, root.name, options.space, options.base_url, root.parent.name, options.kind
            )
            continue
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root)
            if any(part.startswith(".") for part in rel.parts) or not path.is_file():
                continue
            if path.name.lower() in WIKI_FRAME_FILES:
                continue
            suffix = path.suffix.lower()
            if suffix in SUPPORTED_SUFFIXES or suffix in CONVERT_FIRST:
                yield SourceFile(
                    path, rel.as_posix(), options.space, options.base_url, root.name, options.kind
                )
            elif passed_over is not None:
                passed_over[suffix] += 1


class DocumentIds:
    """Which id each file's document has (see the module docstring)."""

    def __init__(self, versions: dict[str, list[DocumentVersion]]) -> None:
        self._owner = {doc_id: v[0].source_path for doc_id, v in versions.items()}
        self._by_path = {path: doc_id for doc_id, path in self._owner.items()}

    def assign(self, source: SourceFile) -> str:
        path = str(source.path)
        if path in self._by_path:
            return self._by_path[path]
        doc_id, n = source.rel_path, 1
        while self._taken(doc_id, path):
            n += 1
            qualified = f"{source.root}/{source.rel_path}" if source.root else source.rel_path
            doc_id = qualified if n == 2 else f"{qualified}~{n}"
        stale = self._owner.get(doc_id)
        if stale is not None:  # a file that is gone: this one replaces it (e.g. a moved folder)
            self._by_path.pop(stale, None)
        self._owner[doc_id], self._by_path[path] = path, doc_id
        return doc_id

    def _taken(self, doc_id: str, path: str) -> bool:
        owner = self._owner.get(doc_id)
        return owner is not None and owner != path and Path(owner).exists()
