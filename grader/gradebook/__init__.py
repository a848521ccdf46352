"""The class's grades: the class gradebook (SQLite or a server database, results merged in batches),
the run's CSV exports and the grade table (``run_exports``), and the learning platform's export
(``lms_export``)."""
