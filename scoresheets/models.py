"""Models of the scoresheet app (the web app lands with its own issue)."""
