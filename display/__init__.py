"""pygame screens and widgets: draw the game state, turn touches and buttons into moves.

Screens read state and hold only the draft of the decision being entered; every rule
lives in the engines. The surface is always 800x480 (the official Pi touch display).
"""
