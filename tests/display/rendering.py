"""What every game's screen tests check of the rendered PNGs."""

import pygame


def check_screens(paths, prefix: str, required: set[str]) -> None:
    """The screens of one game (file names ``<prefix>NN-<key>.png``): every ``required`` key
    is there, each is 800x480 and not empty."""
    mine = [p for p in paths if p.name.startswith(prefix) and (prefix or not p.name[0].isalpha())]
    names = {p.stem[len(prefix):].split("-", 1)[1] for p in mine}
    assert required <= names, required - names
    for p in mine:
        img = pygame.image.load(str(p))
        assert img.get_size() == (800, 480)
        colours = {img.get_at((x, y))[:3] for x in range(0, 800, 23) for y in range(0, 480, 17)}
        assert len(colours) > 8, f"{p.name} looks empty"
