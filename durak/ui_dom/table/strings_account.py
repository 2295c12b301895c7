"""The words of the table's account of recent moves and of its last bout (or pile)."""

from __future__ import annotations

from typing import Final

STRINGS: Final[dict[str, dict[str, str]]] = {
    "account.title": {"ja": "最近の手", "en": "Recent moves"},
    "account.title_n": {"ja": "最近の手（{n}）", "en": "Recent moves ({n})"},
    "account.none": {"ja": "まだ誰も動いていません", "en": "Nobody has moved yet"},
    "account.list": {"ja": "最近の手（新しい順）", "en": "Recent moves, newest first"},
    "account.taken": {"ja": "{name}: {cards}を引き取った", "en": "{name} picked up {cards}"},
    "account.taken_some": {"ja": "{name}: {cards}ほか計{n}枚を引き取った",
                           "en": "{name} picked up {cards} and more, {n} cards"},
    "account.beaten": {"ja": "{name}が守り切り、{n}枚を捨て札へ",
                       "en": "{name} beat off the attack: {n} cards to the discard pile"},
    # A refill, one sentence in the order they drew ("CPU1 drew 2 cards and You drew 1
    # card from the talon"): the first drawer's words, the others', and the last joined.
    "account.drew": {"ja": "{draws}引いた", "en": "{draws} from the talon"},
    "account.drew_first": {"ja": "{name}が山札から{cards}", "en": "{name} drew {cards}"},
    "account.drew_next": {"ja": "{name}が{cards}", "en": "{name} drew {cards}"},
    "account.drew_and": {"ja": "{first}、{last}", "en": "{first} and {last}"},
    "account.out": {"ja": "{name}: 上がり", "en": "{name} went out"},
    "account.cleared": {"ja": "場の{n}枚を捨て札へ（場が流れた）",
                        "en": "The pile was cleared: {n} cards to the discard pile"},
    "account.pile_taken": {"ja": "{name}: {cards}を引き取った", "en": "{name} picked up {cards}"},
    # The last bout (the pile games: the last pile taken or cleared), like Napoleon's
    # last trick: what lay on the table when it ended, and how it ended.
    "last.title": {"ja": "前の攻防", "en": "Last bout"},
    "last.pile_title": {"ja": "前の場", "en": "Last pile"},
    "last.none": {"ja": "まだ終わった攻防はありません", "en": "No bout has ended yet"},
    "last.pile_none": {"ja": "まだ流れた場・引き取られた場はありません",
                       "en": "No pile has been taken or cleared yet"},
    "last.bout": {"ja": "第{n}攻防: {attacker}→{defender}",
                  "en": "Bout {n}: {attacker} attacked {defender}"},
    "last.taken": {"ja": "{name}が引き取り", "en": "Taken by {name}"},
    "last.beaten": {"ja": "守り切り（捨て札へ）", "en": "Beaten off (to the discard pile)"},
    "last.pile_taken": {"ja": "{name}が引き取り", "en": "Taken by {name}"},
    "last.cleared": {"ja": "流れた（捨て札へ）", "en": "Cleared (to the discard pile)"},
    "last.hidden": {"ja": "伏せ札", "en": "face-down card"},
}
