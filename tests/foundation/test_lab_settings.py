"""The JupyterLab settings the widgets need are merged into the environment's overrides file."""

from __future__ import annotations

import json

import pytest

from zoobook.widgets.lab_settings import LAB_OVERRIDES, overrides_path, write_overrides


def test_the_settings_are_merged_and_every_other_setting_kept(tmp_path):
    path = overrides_path(tmp_path)
    path.parent.mkdir(parents=True)
    plugin = next(iter(LAB_OVERRIDES))
    path.write_text(json.dumps({"@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"},
                                plugin: {"showStatusBarItem": False}}))
    write_overrides(tmp_path)
    written = json.loads(path.read_text())
    assert written["@jupyterlab/apputils-extension:themes"] == {"theme": "JupyterLab Dark"}
    assert written[plugin] == {"showStatusBarItem": False, "commsOverSubshells": "disabled"}
    write_overrides(tmp_path)                       # a second run changes nothing
    assert json.loads(path.read_text()) == written


@pytest.mark.parametrize("text, reason", [("{not json", "not JSON"), ("[1, 2]", "a JSON list, not an object")])
def test_a_file_that_is_not_a_settings_object_is_named_and_left_as_it_was(tmp_path, text, reason):
    path = overrides_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text(text)
    with pytest.raises(ValueError, match=reason) as error:
        write_overrides(tmp_path)
    assert str(path) in str(error.value) and path.read_text() == text
