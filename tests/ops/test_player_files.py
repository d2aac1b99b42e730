"""Issue 11.7: the suite never reads or writes the player's own folders."""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

TEST_HOME = Path(os.environ["XDG_CONFIG_HOME"]).parent


def test_platformdirs_point_into_the_suite_folder() -> None:
    for folder in (platformdirs.user_config_dir("doublenine"), platformdirs.user_data_dir("doublenine"),
                   platformdirs.user_cache_dir("doublenine"), platformdirs.user_state_dir("doublenine"),
                   platformdirs.user_documents_dir()):
        assert Path(folder).is_relative_to(TEST_HOME), folder


def test_client_settings_and_embedded_store_live_in_the_suite_folder() -> None:
    from doublenine.client import config
    from doublenine.server.storage.sqlite import default_path

    assert config.config_path().is_relative_to(TEST_HOME)
    assert default_path().is_relative_to(TEST_HOME)
    assert TEST_HOME.name.startswith("doublenine-tests-")
