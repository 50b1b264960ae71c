"""The keyword index's files: segment folders, the manifest naming them, the writers' lock.

Segments and the manifest are written to a temporary name and renamed into place, so a
reader never sees half a file; segments no manifest names any more are removed.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from pathlib import Path

from ..private import private_dir
from .keyword_segment import Segment


def new_name() -> str:
    return f"seg-{time.time_ns():x}-{uuid.uuid4().hex[:8]}"


def save_segment(folder: Path, segment: Segment) -> None:
    tmp = folder / f".{segment.name}.tmp"
    segment.save(tmp)
    os.replace(tmp, folder / segment.name)


def read_manifest(folder: Path) -> dict | None:
    try:
        return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None


def write_manifest(folder: Path, manifest: dict) -> None:
    private_dir(folder)
    tmp = folder / f".manifest-{uuid.uuid4().hex[:8]}.tmp"
    tmp.write_text(json.dumps(manifest), encoding="utf-8")
    os.replace(tmp, folder / "manifest.json")
    _remove_unused(folder, manifest)


def _remove_unused(folder: Path, manifest: dict) -> None:
    """Segments no manifest names any more (a process still reading one keeps its pages:
    the files go, the mapping stays valid)."""
    keep = {e["name"] for e in manifest["segments"]}
    for path in folder.glob("seg-*"):
        if path.name not in keep:
            for file in path.iterdir():
                file.unlink(missing_ok=True)
            path.rmdir()


def folder_lock(folder: Path):
    """The writers' lock (one ingest or catch-up at a time per machine)."""
    from filelock import FileLock

    private_dir(folder)
    return FileLock(folder / "lock")
