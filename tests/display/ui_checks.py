"""What every game's screen tests check: the rendered PNGs, moves accepted, input refused."""

import pygame

from display.script import run_lines


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


def moves(ctl, *events) -> None:
    """Submit ``events`` through the controller; each must be accepted."""
    for e in events:
        assert ctl.submit(e), ctl.message


def unchanged_after(ctl, *lines: str, rule: str) -> None:
    """Input lines that must be refused: the game is as before and the message names ``rule``."""
    state, n = ctl.session.state, len(ctl.session.game.events)
    run_lines(ctl, lines)
    assert ctl.session.state is state and len(ctl.session.game.events) == n
    assert ctl.message_rule == rule and ctl.message_level == "bad", (ctl.message_rule, ctl.message)
    assert not ctl.message.startswith(rule), ctl.message       # the rule ID is drawn apart
