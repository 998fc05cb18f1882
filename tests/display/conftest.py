import pygame
import pytest


@pytest.fixture(scope="session")
def surface():
    pygame.init()
    surf = pygame.display.set_mode((800, 480))
    yield surf
    pygame.quit()
