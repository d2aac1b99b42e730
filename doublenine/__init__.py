"""doublenine: four-player double-nine partnership dominoes over the network."""
