"""table companion: keeps the books of a board game played at the table."""

__version__ = "0.1.0"
