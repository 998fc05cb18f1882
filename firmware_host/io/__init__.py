"""Hardware and simulated adapters. Each turns the outside world into :mod:`.inputs` values
(or state into light); hardware libraries are imported only inside the real backends."""
