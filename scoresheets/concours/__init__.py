"""The concours (a club's tournament night): its pure core, no Django, no I/O.

The contract is ``docs/concours.md``:

- :mod:`scoresheets.concours.document`: the results document, parsed and
  validated (section 1); problems are the scoring engine's ``Problem`` in a
  ``MatchError``.
- :mod:`scoresheets.concours.ranking`: the ranking (section 2) and the
  ranking document that ``manage.py rank_concours`` prints.
- :mod:`scoresheets.concours.pairing`: the draw of a partie (section 3).
- :mod:`scoresheets.concours.season`: a season (challenge), the nights of
  one club in one individual ranking (section 6), ``manage.py rank_season``.
"""
