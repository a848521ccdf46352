"""The example class (``submissions/``, ``roster.csv``) that ``make demo`` grades, and the script that
remakes it from the built chapter (``make_examples``)."""
