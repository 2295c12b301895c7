"""Every game's views keep their JSON text letter for letter, and read back from it to
the same view: the eight games of the Durak family (2 and 3 players) and Napoleon, each
seeded (the seed is the player count; Napoleon's 1 and 2) and played with random legal
moves, one seat's view at every step.  The digest pins all the texts: any change to a
view's text shows here (a deliberate one records its new digest)."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from typing import Any

from durak.family import GAMES, new_game
from napoleon.game import Game as NapoleonGame
from napoleon.rules import Rules as NapoleonRules

#: 4,065 views' JSON texts, each followed by a newline, hashed with SHA-256.
VIEWS_DIGEST = "5f4f1c8fc43d40391cc6ea355f7a4ff0213ab78678a6d94acb26420131670964"
VIEWS = 4065
POSTS_GAMES = ("durak", "kurukuru", "chinese", "chukhonsky", "heap", "suit_deal", "crusaders",
               "polish")


def family_views() -> Iterator[Any]:
    for mode in POSTS_GAMES:
        for players in (2, 3):
            if players not in GAMES[mode].players:
                continue
            game = new_game(f"mode={mode}&players={players}", players)
            rng = random.Random(players)
            step = 0
            while True:
                yield game.view(step % players)
                if game.is_over:
                    break
                game.apply(rng.choice(list(game.legal_actions())))
                step += 1


def napoleon_views() -> Iterator[Any]:
    for seed in (1, 2):
        game = NapoleonGame.new(NapoleonRules(), seed=seed)
        rng = random.Random(seed)
        step = 0
        while True:
            yield game.view(step % 5)
            if game.is_over:
                break
            game.apply(rng.choice(list(game.legal_actions())))
            step += 1


def test_every_views_json_text_is_unchanged_and_reads_back_to_the_view() -> None:
    digest = hashlib.sha256()
    count = 0
    for view in (*family_views(), *napoleon_views()):
        text = view.to_json()
        digest.update(text.encode())
        digest.update(b"\n")
        count += 1
        read = type(view).from_dict(json.loads(text))
        assert read == view, (type(view).__name__, count)
        assert read.to_json() == text
    assert (count, digest.hexdigest()) == (VIEWS, VIEWS_DIGEST)
