"""Checks every game's engine must pass, shared by their property tests."""

from firmware_host.engine.core import Game


def check_undo_then_redo(rules, events, cut: int, n: int) -> None:
    """Undo(n) from the game after ``events[:cut]``, redo the moves taken back: the state is
    the original again, and undo took back exactly the moves it could."""
    game = Game(rules, events[:cut])
    original = game.state
    undone = events[cut - min(n, cut):cut]
    game.undo(n)
    assert len(game.events) == cut - len(undone)
    for e in undone:
        game.apply(e)
    assert game.state == original
