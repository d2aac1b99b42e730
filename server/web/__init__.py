"""The web pages of a server (issue 13.3): the table page, the list of public tables."""
