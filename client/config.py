"""Remembered start-screen choices: last name, server and language (issue 5 item 2).

Stored as JSON in the user's config folder (platformdirs). A missing or broken
file gives the defaults; nothing here ever raises on bad content.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Settings:
    """What the start screen remembers between runs."""

    name: str = ""
    server: str = ""
    lang: str = ""
    """Empty until chosen: the system's language is used."""
    table: str = ""
    resume_code: str = ""
    """The table of the last local game (embedded server), to come back to it on the next start."""
    resume_token: str = ""
    """Its seat token (D7: the only way back into the seat)."""


def config_path() -> Path:
    """``client.json`` in the user's config folder for doublenine."""
    import platformdirs
    return Path(platformdirs.user_config_dir("doublenine")) / "client.json"


def load(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults if there are none or they cannot be read."""
    path = path or config_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    return Settings(**{k: str(v)[:200] for k, v in data.items() if k in known and isinstance(v, str)})


def save(settings: Settings, path: Path | None = None) -> None:
    """Write the settings; a folder that cannot be written is silently skipped (not worth a crash)."""
    path = path or config_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(asdict(settings), ensure_ascii=False, indent=1), encoding="utf-8")
    except OSError:
        pass
