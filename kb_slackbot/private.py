"""What the bot writes (questions, answers, user ids, page text) is readable by its own user
only: folders 0700, files 0600, SQLite's side files included."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

_SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")


def private_dir(path: Path) -> Path:
    """Create ``path`` (and missing parents) as 0700; tighten it if it exists."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    with contextlib.suppress(OSError):  # not ours to change (e.g. another user's folder)
        path.chmod(0o700)
    return path


def private_file(path: Path) -> Path:
    """Create ``path`` empty as 0600 if missing (before SQLite opens it: its -wal and -shm
    files copy its mode), and tighten an existing one and its side files."""
    private_dir(path.parent)
    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    for candidate in (path, *(Path(f"{path}{s}") for s in _SQLITE_SIDE_FILES)):
        with contextlib.suppress(FileNotFoundError):
            candidate.chmod(0o600)
    return path
