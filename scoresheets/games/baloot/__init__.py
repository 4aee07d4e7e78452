"""Baloot (issue 30): the belote of Saudi Arabia and the Gulf, one package
(docs/games.md): its engine, phone-side scorer, words, forms, templates,
explanations and worked cases (``../shared/scoring/BALOOT.md``,
docs/baloot.md)."""
