"""Computer players and the coach for real hands: pure Python, built on the engine's views (no Streamlit, no Pillow).

>>> import random
>>> from engine import Position, Rules
>>> from play import computer_player
>>> position = Position.deal(Rules.partnership(), random.Random(4), first_hand=True)
>>> player = computer_player("expert", seed=1)
>>> str(player.choose(position.view(position.to_move)))
'plays 6-6'
"""

from .choices import choices, same_choice
from .coach import CODES, Remark, advice, event_remarks, lead_remarks, turn_remarks
from .players import LEVELS, Beginner, Club, ComputerPlayer, Expert, Level, computer_player

__all__ = [
    "CODES",
    "LEVELS",
    "Beginner",
    "Club",
    "ComputerPlayer",
    "Expert",
    "Level",
    "Remark",
    "advice",
    "choices",
    "computer_player",
    "event_remarks",
    "lead_remarks",
    "same_choice",
    "turn_remarks",
]
