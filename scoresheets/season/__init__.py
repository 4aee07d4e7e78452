"""A season (a club's challenge): the concours nights of one club linked into
one individual ranking (docs/concours.md, 6), the whole feature in one package.

Its pure core (no Django, no I/O; tests/engine/test_layers.py holds it so):
:mod:`~scoresheets.season.ranking`, the season document parsed and ranked,
``manage.py rank_season``. Its web half (Django), beside it:
:mod:`~scoresheets.season.services` (the season document built from the
database, each write), :mod:`~scoresheets.season.forms` and
:mod:`~scoresheets.season.views` (the season's pages).
"""
