"""Tables of friends (a group's roster, history, statistics and ranking),
the whole feature in one package.

:mod:`~scoresheets.tables.services`: the ORM side of ``scoresheets.stats``
and ``scoresheets.ratings`` (both pure), a table's rows read in a fixed
number of queries; :mod:`~scoresheets.tables.forms` and
:mod:`~scoresheets.tables.views`: the table's pages.
"""
