"""The concours (a club's tournament night), the whole feature in one package.

Its pure core (no Django, no I/O; tests/engine/test_layers.py holds it so),
whose contract is ``docs/concours.md``:

- :mod:`scoresheets.concours.document`: the results document, parsed and
  validated (section 1); problems are the scoring engine's ``Problem`` in a
  ``MatchError``.
- :mod:`scoresheets.concours.ranking`: the ranking (section 2) and the
  ranking document that ``manage.py rank_concours`` prints.
- :mod:`scoresheets.concours.pairing`: the draw of a partie (section 3).

Its web half (Django), beside it: :mod:`~scoresheets.concours.services`
(every write, and the results document built from the database, which the
core ranks and draws), :mod:`~scoresheets.concours.forms` and
:mod:`~scoresheets.concours.views` (the organiser's pages),
:mod:`~scoresheets.concours.room` and :mod:`~scoresheets.concours.room_views`
(the room's screen, the table cards, the printables and exports).
"""
