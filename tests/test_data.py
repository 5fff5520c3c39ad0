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
    with pytest.raises(DataError, match="there is no such file"):
        Reader.from_file(tmp_path / "none.yaml")


def test_ranges_and_choices(tmp_path):
    reader = Reader.from_file(write(tmp_path, "n: 9\nmode: fast\n"))
    with pytest.raises(DataError, match="outside 1..6"):
        reader["n"].int(1, 6)
    with pytest.raises(DataError, match="not one of"):
        reader["mode"].str(("slow", "instant"))


# -- hostile files: numbers, nesting and aliases are refused as data errors -------------------

def refused(tmp_path, text):
    """The DataError that reading ``text`` as a file gives."""
    path = write(tmp_path, text)
    with pytest.raises(DataError) as info:
        Reader.from_file(path)
    assert info.value.path == str(path)
    return info.value


@pytest.mark.parametrize("value, words", [
    (".inf", "not a finite number"),
    ("-.inf", "not a finite number"),
    (".nan", "not a finite number"),
    ("1.0e+300", "too large a number"),
    ("9" * 5000, "too large a number"),     # Python itself refuses to convert it: was a bare ValueError
    ("9" * 4000, "too large a number"),     # was read as a 4,000-digit number
])
def test_non_finite_and_absurd_numbers_are_refused_where_they_stand(tmp_path, value, words):
    error = refused(tmp_path, f"a: 1\nsizes:\n  big: {value}\n")
    assert (error.line, error.key) == (3, "sizes.big")
    assert words in error.message and len(str(error)) < 200


@pytest.mark.parametrize("text, key", [
    ("when: 2001-13-45\n", "when"),         # a date that is no date (was a bare ValueError)
    ("n: !!int abc\n", "n"),                # a number that is no number (was a bare ValueError)
])
def test_values_of_a_known_kind_that_cannot_be_built_are_data_errors(tmp_path, text, key):
    error = refused(tmp_path, text)
    assert (error.line, error.key) == (1, key)


def test_a_reader_never_takes_nan_or_an_absurd_number_for_a_number():
    # NaN compares false with everything, so it passed every range check.
    with pytest.raises(DataError, match="finite"):
        Reader(float("nan"), "x.yaml", "line_height", 3).number(0.5, 3)
    with pytest.raises(DataError, match="too large"):
        Reader(10 ** 12, "x.yaml", "spacing", 3).int()
    with pytest.raises(DataError, match="too large"):
        Reader(1e15, "x.yaml", "gap", 3).number(0)
    assert Reader(10 ** 12, "x.yaml", "seed", 3).int(0, 2 ** 63) == 10 ** 12   # an explicit range decides


@pytest.mark.timeout(10)
@pytest.mark.parametrize("nested", [
    "[" * 10_000 + "]" * 10_000,                     # lists
    "{a: " * 10_000 + "1" + "}" * 10_000,            # mappings
    "\n  " + "- " * 10_000 + "1",                    # block lists, one line
])
def test_ten_thousand_deep_nesting_is_refused_not_a_recursion_error(tmp_path, nested):
    error = refused(tmp_path, f"title: x\nbody: {nested}\n")
    assert error.key.startswith("body.") and error.line in (2, 3)
    assert "nested more than" in error.message and len(str(error)) < 200


def alias_bomb(levels=9, width=10, key="bomb"):
    """About 1 KB of YAML that expands to width ** levels values."""
    lines = [f"l0: &l0 [{', '.join(['lol'] * width)}]"]
    for level in range(1, levels):
        lines.append(f"l{level}: &l{level} [{', '.join([f'*l{level - 1}'] * width)}]")
    lines.append(f"{key}: *l{levels - 1}")
    return "\n".join(lines) + "\n"


@pytest.mark.timeout(10)
def test_an_alias_bomb_is_refused_at_the_alias_that_expands_too_much(tmp_path):
    text = alias_bomb()
    assert len(text) < 1500
    error = refused(tmp_path, text)
    assert "values (aliases expanded)" in error.message
    assert error.key == "l4" and error.line == 5     # l3 holds 11,111 values, l4 ten times that


@pytest.mark.timeout(10)
def test_aliases_that_nest_deeper_than_the_limit_are_refused(tmp_path):
    deep = "[" * 40 + "1" + "]" * 40
    error = refused(tmp_path, f"a: &a {deep}\nb: &b {'[' * 40}*a{']' * 40}\n")
    assert (error.line, error.key) == (2, "b.0.0.0.0.…") and "deep" in error.message


def test_an_alias_inside_its_own_anchor_names_its_key(tmp_path):
    error = refused(tmp_path, "x: 1\nloop: &a [1, *a]\n")
    assert (error.line, error.key) == (2, "loop.1")


def test_a_huge_file_is_refused_before_it_is_read(tmp_path):
    path = write(tmp_path, "a: 1\n" + "# padding padding padding\n" * 45_000)   # 1.2 MB of comments
    with pytest.raises(DataError, match=r"it is too large \(1,143 KB; a data file is at most 1,024 KB\)"):
        Reader.from_file(path)
    assert Reader.from_file(write(tmp_path, "a: [1, 2]\nb: {c: &x [3], d: *x}\n", "ok.yaml"))["b"]["d"].ints() == (3,)
