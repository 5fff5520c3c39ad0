"""Test setup: headless SDL, and a private user folder so no test touches the real one."""

import os

# Set before any test imports pygame: no window, no sound device needed.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# A phone seat's server listens on the loopback address only, in every test.
os.environ["TABLETOP_PHONE_HOST"] = "127.0.0.1"

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def private_user_dir(tmp_path, monkeypatch):
    """Saves and settings of every test go to a fresh temporary folder."""
    home = tmp_path / "user"
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    return home


def pytest_addoption(parser):
    parser.addoption("--playouts", type=int, default=None,
                     help="number of seeded random playouts per game (default 1000; 10000 for the long run)")


@pytest.fixture
def playouts(request):
    """How many random playouts the playout tests run."""
    return request.config.getoption("--playouts") or int(os.environ.get("TABLETOP_PLAYOUTS", "1000"))


def pytest_collection_modifyitems(config, items):
    """The long tests (marked ``slow``) run first, each group in its own order: with several workers
    (``-n auto``), the short ones then fill in around them at the end, instead of one worker finishing a long
    test alone while the others wait (the longest first is how one packs jobs onto machines)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
