import pygame
import pytest


@pytest.fixture(scope="session")
def surface():
    """The 800x480 screen, headless (tests/conftest.py selects SDL's dummy driver)."""
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.get_surface() or pygame.display.set_mode((800, 480))
