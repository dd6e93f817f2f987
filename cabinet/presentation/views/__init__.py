"""Views for what is not the main reels: boards of single-cell reels (``boards.py``) and the
pure model they draw from (``board_model.py``)."""
