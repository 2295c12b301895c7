"""Napoleon (ナポレオン), the Japanese trick-taking card game: engine and AI.

Pure Python with no runtime dependencies; the browser adapter lives in
:mod:`napoleon.ui_dom` and is the only module that touches the DOM.
The engine's API guide is ``napoleon/README.md``.
"""

__version__ = "0.1.0"

from napoleon.actions import (
    Action,
    ActionTextError,
    Bid,
    Call,
    Change,
    Discard,
    IllegalActionError,
    NotYourTurnError,
    Pass,
    Play,
    WrongPhaseError,
    action_text,
    parse_action,
)
from napoleon.cards import CLUBS, DIAMONDS, HEARTS, JOKER, JOKER2, SPADES
from napoleon.game import Game, GameResult, Phase, Trick
from napoleon.rules import PRESET_NAMES, PRESETS, Rules, RulesError
from napoleon.scoring import Outcome
from napoleon.tricks import trick_winner
from napoleon.view import PlayerView, view_of

__all__ = [
    "CLUBS", "DIAMONDS", "HEARTS", "JOKER", "JOKER2", "SPADES",
    "PRESETS", "PRESET_NAMES", "Action", "ActionTextError", "Bid", "Call", "Change",
    "Discard", "Game", "GameResult", "IllegalActionError", "NotYourTurnError", "Outcome",
    "Pass", "Phase", "Play", "PlayerView", "Rules", "RulesError", "Trick",
    "WrongPhaseError", "action_text", "parse_action", "trick_winner", "view_of",
]
