"""Klaverjassen (issue 29): the Dutch and Flemish cousin of belote, one
package (docs/games.md): its engine, phone-side scorer, words, forms,
templates, explanations and worked cases."""
