"""The suit deal's page: its controllers (the host's, a guest's), the dealing's table,
its hint's side, its record in words and its strings, registered as one kind of the
Durak page (:mod:`durak.suit_deal.ui_dom.kind`, which :mod:`durak.ui_dom.kinds`
lists).  The engine (:mod:`durak.suit_deal`) never imports this package."""
