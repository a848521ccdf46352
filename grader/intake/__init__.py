"""Taking submissions in, before any of their code runs.

``submissions``     every (student, assignment) in SUBMISSIONS (a folder or a zip), fingerprints, snapshots
``zip_uploads``     a zip in nbgrader's ``zip_collect`` naming, as learning platforms export it
``upload_names``    reading a student and an assignment from an uploaded file's name
``received``        when a submission was received, and who vouches for it
``notebook_check``  notebooks that parse, grade ids, files that would shadow modules
"""
