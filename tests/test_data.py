"""YAML content: a bad file stops with its name, the line and the key."""

import pytest

from tabletop.core.data import DataError, Reader, parse_yaml


def write(tmp_path, text, name="sample.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_missing_key_names_file_line_and_key(tmp_path):
    path = write(tmp_path, "title:\n  text: Hello\n  size: 40\n")
    reader = Reader.from_file(path)
    with pytest.raises(DataError) as info:
        reader["title"]["colour"]
    error = info.value
    assert error.path == str(path) and error.key == "title.colour" and error.line == 1
    assert str(error) == f"{path}:1: title.colour: this key is missing"


def test_wrong_type_points_at_the_value_line(tmp_path):
    path = write(tmp_path, "a: 1\nbuttons:\n  - rect: [1, 2, 3]\n  - rect: [1, 2, 3, x]\n")
    buttons = list(Reader.from_file(path)["buttons"])
    assert buttons[0]["rect"].numbers(3) == (1, 2, 3)
    with pytest.raises(DataError, match=r":4: buttons\.1\.rect\.3: expected a number, got 'x'"):
        buttons[1]["rect"].numbers(4)
    with pytest.raises(DataError, match=r":3: buttons\.0\.rect: expected 4 numbers, got 3"):
        buttons[0]["rect"].numbers(4)


def test_syntax_error_gives_a_line(tmp_path):
    path = write(tmp_path, "a: 1\nb: [1, 2\nc: 3\n")
    with pytest.raises(DataError) as info:
        Reader.from_file(path)
    assert info.value.line is not None and "not valid YAML" in str(info.value)


def test_duplicate_keys_and_unknown_keys_are_refused(tmp_path):
    with pytest.raises(DataError, match="appears twice"):
        parse_yaml("a: 1\na: 2\n", "dup.yaml")
    reader = Reader.from_file(write(tmp_path, "size: 3\nszie: 4\n"))
    with pytest.raises(DataError, match=r":2: szie: unknown key"):
        reader.only_keys("size")


def test_safe_loading_refuses_python_objects(tmp_path):
    path = write(tmp_path, "x: !!python/object/apply:os.system ['echo hi']\n")
    with pytest.raises(DataError):
        Reader.from_file(path)


def test_missing_file_is_a_data_error(tmp_path):
    with pytest.raises(DataError, match="cannot be read"):
        Reader.from_file(tmp_path / "none.yaml")


def test_ranges_and_choices(tmp_path):
    reader = Reader.from_file(write(tmp_path, "n: 9\nmode: fast\n"))
    with pytest.raises(DataError, match="outside 1..6"):
        reader["n"].int(1, 6)
    with pytest.raises(DataError, match="not one of"):
        reader["mode"].str(("slow", "instant"))
