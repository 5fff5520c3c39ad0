"""Phone seats: a player holds their own hand on their phone's browser, offline, with no account and no install.

* :mod:`~tabletop.app.phones.protocol` — the messages (a page to the phone, a tap back), pure;
* :mod:`~tabletop.app.phones.server` — the local web server (a thread, the ``websockets`` library);
* :mod:`~tabletop.app.phones.remote` — one phone seat: the game's own view and choices for that seat;
* :mod:`~tabletop.app.phones.hub` — one table's phones, what comes in and goes out each frame;
* :mod:`~tabletop.app.phones.at_table` — the table scene's phone seats: the join screens, the moves from the
  phones, what the big screen shows of them.

Who a phone shows and what it may send is the table's :class:`~tabletop.app.audience.Audience` policy.
"""
