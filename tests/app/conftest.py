"""An app in a headless window (dummy video and audio drivers, set in tests/conftest.py)."""

import pygame
import pytest

from tabletop.app.main import App
from tabletop.app.screens.title import TitleScene

from .driver import Driver


def make_app(animation: str = "instant", **kwargs) -> App:
    """A fresh app on its title screen."""
    pygame.init()
    app = App(**kwargs)
    app.settings.animation = animation
    app.scenes.push(TitleScene(app))
    app.frame(1 / 60)
    return app


@pytest.fixture
def app():
    application = make_app()
    yield application
    pygame.quit()


@pytest.fixture
def driver(app):
    return Driver(app)
