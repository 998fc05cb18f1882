"""Pure rules engines: no I/O, no pygame, no hardware. One package per game."""
