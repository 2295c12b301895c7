"""One name per action of the Durak family, in Japanese and English: the label of the
button that makes it, and the words every other text names it by.

A hint says what to do in the words of the button it points at ("Hint: Take" beside
a button reading "Take"); a review names the move made and the strong computer's the
same way; the recent moves and the screen reader say what was done with the same
verb ("CPU1 took").  Each entry of :data:`ACTIONS` holds, per language:

- ``button``: the label of the button (``btn.<key>``), or of the table's card that
  makes it (``pair.<key>_on``: covering and trying the talon are clicks on the attack
  card); ``None`` where a click on a hand's card makes it (throwing in);
- ``do``: the action in the imperative, as the hint (``hact.<key>``) and the review
  (``act.<key>``) name it;
- ``did``: what was done, after the player's name, as the recent moves and the screen
  reader say it (``announce.<key>``; a doubt's ``announce.challenge_plain``);
- ``stem``: the word all of these share, which the record's sentences
  (:mod:`durak.ui_dom.record.strings_record`) hold too (English: a regular expression, the
  verb's forms differ: take, took).

The pile games' Take and talon buttons say what a take picks up in each game
(:func:`durak.ui_dom.table.pile_table.take_label`); their hint reads the label off the
table (:func:`durak.ui_dom.hint.pile_hint_view.button_labels`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

#: Japanese, English.
Words = tuple[str, str]


@dataclass(frozen=True)
class ActionName:
    """An action's words: see the module's docstring."""

    key: str
    stem: Words
    button: Words | None
    do: Words
    did: Words

    @property
    def button_key(self) -> str:
        """The catalog key of its label: ``btn.<key>``, ``pair.<key>_on`` for a table card."""
        return f"pair.{self.key}_on" if self.key in ON_TABLE_CARD else f"btn.{self.key}"

    @property
    def announce_key(self) -> str:
        """The catalog key of what was done: ``announce.<key>`` (a doubt's plain line,
        ``announce.challenge_plain``: its full line says what the face-down card was)."""
        return "announce.challenge_plain" if self.key == "challenge" else f"announce.{self.key}"


#: Actions made by a click on the attack card they face (its label names it).
ON_TABLE_CARD: Final = frozenset({"cover", "try"})

ACTIONS: Final[tuple[ActionName, ...]] = (
    ActionName("take", ("引き取", r"\b(take|took)\b"), ("引き取る", "Take"),
               ("引き取る", "take"), ("引き取る", "took")),
    ActionName("pass", ("パス", r"\bpass"), ("パス", "Pass"), ("パス", "pass"),
               ("パス", "passed")),
    ActionName("attack", ("攻撃", r"\battack"), ("攻撃する", "Attack"),
               ("{cards}で攻撃", "attack with {cards}"),
               ("{cards}で攻撃", "attacked with {cards}")),
    ActionName("cover", ("返", r"\bcover"), ("{card}に返す", "Cover {card}"),
               ("{target}を{card}で返す", "cover {target} with {card}"),
               ("{target}を{card}で返す", "covered {target} with {card}")),
    ActionName("throw", ("追加", r"\b(throw|threw)"), None,
               ("{card}を追加", "throw in {card}"), ("{card}を追加", "threw in {card}")),
    ActionName("transfer", ("回", r"\btransfer"), ("回す", "Transfer"),
               ("{cards}で回す", "transfer with {cards}"),
               ("{cards}で回す", "transferred with {cards}")),
    ActionName("show", ("見せて回", r"\bshow"), ("切札を見せて回す", "Show trump"),
               ("{cards}を見せて回す", "show {cards} and transfer"),
               ("{cards}を見せて回す", "showed {cards} and transferred")),
    ActionName("try", ("山札で", r"\btalon\b"), ("山札で{card}に挑む", "Try the talon on {card}"),
               ("山札で{card}に挑む", "try the talon on {card}"),
               ("山札で{card}に挑む", "tried the talon on {card}")),
    ActionName("swap_six", ("交換", r"\bswap"), ("6と交換", "Swap 6"), ("6と交換", "Swap 6"),
               ("6と交換", "swapped the trump 6")),
    ActionName("talon", ("山札", r"\btalon\b"), ("山札から攻撃", "Attack from talon"),
               ("山札から攻撃", "Attack from talon"), ("山札から攻撃", "attacked from the talon")),
    ActionName("poker", ("交換", r"\bswap"), ("2枚交換", "Swap 2 cards"),
               ("{cards}を交換", "swap {cards}"), ("2枚交換", "swapped two cards")),
    ActionName("double", ("ダブル", r"\bdoubl"), ("ダブル", "Double"), ("ダブル", "Double"),
               ("ダブル", "doubled")),
    ActionName("accept", ("受け", r"\baccept"), ("受ける", "Accept"), ("受ける", "Accept"),
               ("ダブルを受ける", "accepted the double")),
    ActionName("fold", ("降り", r"\bfold"), ("降りる", "Fold"), ("降りる", "Fold"),
               ("降りる", "folded")),
    ActionName("challenge", ("ダウト", r"\bdoubt"), ("ダウト", "Doubt!"), ("ダウト", "Doubt!"),
               ("ダウト", "doubted")),
)

#: The catalog by key.
BY_KEY: Final[dict[str, ActionName]] = {a.key: a for a in ACTIONS}


def _strings() -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for a in ACTIONS:
        if a.button is not None:
            out[a.button_key] = {"ja": a.button[0], "en": a.button[1]}
        out[f"hact.{a.key}"] = {"ja": a.do[0], "en": a.do[1]}
        out[f"act.{a.key}"] = {"ja": a.do[0], "en": a.do[1]}
        out[a.announce_key] = {"ja": "{name}: " + a.did[0], "en": "{name} " + a.did[1]}
    return out


#: The catalog's strings (``durak.ui_dom.i18n`` merges them): ``btn.<key>`` (or
#: ``pair.<key>_on``), ``hact.<key>``, ``act.<key>`` and the ``announce`` line.
STRINGS: Final[dict[str, dict[str, str]]] = _strings()

__all__ = ["ACTIONS", "BY_KEY", "ON_TABLE_CARD", "STRINGS", "ActionName", "Words"]
