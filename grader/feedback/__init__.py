"""What a student reads after grading.

``feedback_page``  nbgrader's feedback page with the summary box on top, in the student's edition
``feedback_math``  the page's math, typeset offline
``deep_markup``    markup too deep to render safely, flattened
``inert_html``     nothing on a page can run
"""
