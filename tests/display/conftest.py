import pygame
import pytest


@pytest.fixture(scope="session")
def surface():
    pygame.init()
    surf = pygame.display.set_mode((800, 480))
    yield surf
    pygame.quit()


@pytest.fixture(scope="session")
def rendered(surface, tmp_path_factory):
    """Every screen of the three games, rendered once for all the screen tests."""
    from display.screenshots import render_all
    return render_all(tmp_path_factory.mktemp("screens"))
