"""A table shared with friends: the messages between the host's page and its
guests, the host's referee, a guest's table, and the two sides' sessions
(:mod:`.host_session`, :mod:`.guest_session`) — pure Python, no transport, no page.

The host's page holds the game and is its referee (:mod:`.referee`): a guest is
sent only its own seat's view (the same view JSON the computers get), sends back
the action it chooses, and the host checks that seat, that moment and the
action's legality with the engine before its turn loop plays it.  Every text
from a peer is untrusted: it is bounded (length, depth, rate) before it is
parsed and every field is checked (:mod:`.messages`); anything else is refused
with a reason, never a stray exception.  The transport (WebRTC, found through
public relays) only carries these texts.
"""
