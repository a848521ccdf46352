"""Instructor tooling on top of nbgrader: build the course, autograde a class, report."""
