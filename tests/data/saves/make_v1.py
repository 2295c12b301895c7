"""How the v1 saves here were made: by the page's three save modules as they were before
the family's one save format (kept to show the saves are real; it runs only on that code)."""
import random
from pathlib import Path

from durak.match import Match
from durak.rules import Rules
from durak.ui_dom import persist, pile_persist, suit_deal_persist
from durak.ui_dom.pile_controller import deal as pile_deal
from durak.ui_dom.suit_deal_controller import deal as sd_deal
from durak.pile.options import PileRules

out = Path("tests/data/saves")
rng = random.Random(47)

def play(g, n=None):
    k = 0
    while not g.is_over and (n is None or k < n):
        g.apply(rng.choice(list(g.legal_actions())))
        k += 1

# ordinary: 3 players, 2 finished games, game 3 in progress
m = Match(Rules.from_text("preset=perevodnoy&players=3"), seed=7)
for _ in range(2):
    play(m.game); m.next_game()
play(m.game, 9)
(out / "durak_match_v1.json").write_text(persist.encode_match(m, 7) + "\n")

# pile: heap, 3 players, 2 finished, game 3 in progress
rules = PileRules.from_text("mode=heap&heap_take=last&players=3")
seed = 11
finished, results, dealer = [], [], None
for number in (1, 2):
    g = pile_deal(rules, seed, number, dealer)
    play(g)
    finished.append((g, number)); results.append(g.state.durak)
    st = g.state
    dealer = st.durak if st.durak is not None else (st.dealer + 1) % st.n
g = pile_deal(rules, seed, 3, dealer)
play(g, 7)
(out / "durak_pile_v1.json").write_text(pile_persist.encode(pile_persist.SavedPile(
    rules, seed, 3, dealer, tuple(results), g, tuple(finished))) + "\n")

# suit_deal: 3 players, 1 finished game, game 2 in its play
rules = Rules.from_text("players=3&mode=suit_deal")
seed = 5
tally, draws = [0, 0, 0], 0
g1 = sd_deal(rules, seed, 1)
play(g1)
res = g1.result
dealer = g1.deal.dealer
if res.draw:
    draws += 1
else:
    for s in res.durak: tally[s] += 1
    dealer = res.durak[0]
g2 = sd_deal(rules, seed, 2, dealer)
play(g2, 12)
(out / "durak_suit_deal_v1.json").write_text(suit_deal_persist.encode(suit_deal_persist.SavedSuitDeal(
    rules, seed, 2, tuple(tally), draws, g2, ((g1, 1),))) + "\n")
for f in sorted(out.iterdir()):
    print(f, len(f.read_text()))
# check they load with today's code
print(persist.decode_match((out / "durak_match_v1.json").read_text().strip())[0].number)
print(pile_persist.decode((out / "durak_pile_v1.json").read_text().strip()).number)
s = suit_deal_persist.decode((out / "durak_suit_deal_v1.json").read_text().strip())
print(s.number, s.tally, s.draws, s.game.play is not None, len(s.game.deal.choices))
