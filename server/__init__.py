"""doublenine package."""
