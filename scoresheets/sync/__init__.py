"""The write/sync protocol, server side (the contract: ``docs/sync.md``).

How a phone's write is answered, in one place:

- :mod:`~scoresheets.sync.kinds` (pure): the kinds of conflict
  (:class:`~scoresheets.sync.kinds.ConflictKind`) the services raise as
  :class:`~scoresheets.sync.kinds.HandConflict`, the answers a write gets
  (:class:`~scoresheets.sync.kinds.Answer`, with their HTTP statuses) and the
  reasons an undo is refused (:class:`~scoresheets.sync.kinds.UndoRefusal`);
- :mod:`~scoresheets.sync.ladder`: the one exception ladder around a write
  (:func:`~scoresheets.sync.ladder.attempt`), which sorts what a service
  raised into those answers;
- :mod:`~scoresheets.sync.words`: what each conflict and refusal says, in
  the user's language;
- :mod:`~scoresheets.sync.panels`: the conflict panels (``_conflict.html``);
- :mod:`~scoresheets.sync.sheet`: the sheet's parts (the sections a poll or
  a save swaps by id), rendered once per version, and the poll's answer;
- :mod:`~scoresheets.sync.entry`: the fresh entry form of a save's answer
  (and of the match page), rendered once per match and language.

The views only route: they look the match up, call :func:`attempt` around
the service, and render what these presenters return.
"""
