"""JupyterHub for the course on one machine (``make hub``; ``deploy/jupyterhub/README.md``).

- Listens on loopback only, ``http://127.0.0.1:$COURSE_HUB_PORT/`` (default 8765); the proxy's API
  and the hub's own port are the next two ports.
- Test accounts (``course-student``, ``course-instructor``) with one shared password
  (JupyterHub's ``SharedPasswordAuthenticator``); for a real class use local system users
  (``PAMAuthenticator``, JupyterHub's default) or OAuth (the ``oauthenticator`` package), see the
  README.
- As root each user's JupyterLab runs as that local system user (``LocalProcessSpawner``), with
  their home in ``$COURSE_HUB_DIR/home/<user>``; as anyone else every server runs as you
  (``SimpleLocalProcessSpawner``: for a look at the pages only).
- Students get the course's student mode (``jupyter-config/``: Assignment List, Validate); the
  instructor gets nbgrader's instructor tools and a course directory; both share nbgrader's
  exchange in ``$COURSE_HUB_DIR/exchange``.
- The grading service (``python -m grader.service run``, a managed service of this hub, as the
  instructor) grades each submission as it arrives and releases its feedback; its page,
  ``/services/grading/``, shows each student their own attempts (JupyterHub's OAuth).
"""

import os
import secrets
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import hub  # noqa: E402 (deploy/jupyterhub/hub.py: the layout, the accounts, each role's environment)
from jupyterhub.spawner import LocalProcessSpawner, SimpleLocalProcessSpawner, set_user_setuid  # noqa: E402

c = get_config()  # noqa: F821 (provided by traitlets when it loads this file)

layout = hub.Layout.from_env()

# -- where it listens and what it keeps ----------------------------------------------------------
c.JupyterHub.bind_url = layout.url
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = layout.port + 2
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{layout.port + 1}"
c.ConfigurableHTTPProxy.command = [str(hub.PROXY_BIN)]
c.ConfigurableHTTPProxy.pid_file = str(layout.state / "proxy.pid")
c.ConfigurableHTTPProxy.auth_token = secrets.token_hex(32)  # a new one each start; the proxy restarts too
c.JupyterHub.db_url = f"sqlite:///{layout.state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(layout.state / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(layout.state / "jupyterhub.pid")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops the users' servers
c.JupyterHub.cleanup_proxy = True

# -- who may log in ------------------------------------------------------------------------------
# Test accounts, one shared password. For a real class, replace these three lines, e.g.
#   c.JupyterHub.authenticator_class = "pam"            # local system users (the default)
#   c.Authenticator.allowed_groups = {"autograd-course"}  # (PAM: the course's Unix group)
# or OAuth: pip install oauthenticator; c.JupyterHub.authenticator_class = "github" (or "generic-oauth")
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = layout.password()
c.Authenticator.allowed_users = set(hub.STUDENTS + hub.INSTRUCTORS)

# -- each user's JupyterLab ------------------------------------------------------------------------
if hub.as_root():

    class CourseSpawner(LocalProcessSpawner):
        """LocalProcessSpawner, with each test account's home in the hub's state folder (so a fresh
        COURSE_HUB_DIR is a fresh class); real accounts would keep LocalProcessSpawner's homes."""

        def make_preexec_fn(self, name):
            become = set_user_setuid(name, chdir=False)
            home = str(layout.home(name))

            def preexec():
                become()
                os.chdir(home)

            return preexec

        def user_env(self, env):
            env = super().user_env(env)
            env["HOME"] = str(layout.home(self.user.name))
            return env

    c.JupyterHub.spawner_class = CourseSpawner
else:
    c.JupyterHub.spawner_class = SimpleLocalProcessSpawner
    c.SimpleLocalProcessSpawner.home_dir_template = str(layout.root / "home" / "{username}")

c.Spawner.cmd = [str(hub.user_bin() / "jupyterhub-singleuser")]
c.Spawner.default_url = "/lab"
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.LocalProcessSpawner.interrupt_timeout = 5
c.LocalProcessSpawner.term_timeout = 5


def pre_spawn_hook(spawner):
    """The role's Jupyter configuration and the shared exchange, for this user's server."""
    name = spawner.user.name
    spawner.environment.update(hub.user_env(layout, name))
    spawner.notebook_dir = str(layout.home(name))
    # The home in the command line too, so that a server left behind is found by its folder.
    spawner.args = [f"--ServerApp.root_dir={layout.home(name)}"]


c.Spawner.pre_spawn_hook = pre_spawn_hook

# -- the grading service ---------------------------------------------------------------------------
# A managed service: JupyterHub starts it with the hub, as the instructor (as root), restarts it if
# it exits, and stops it with the hub. Its page is behind the hub's login; every user may open it
# (it shows each one only their own attempts), and each user's server token may call it, which is
# how Fetch Feedback learns which released pages are that user's (grader/service/student_exchange.py).
c.JupyterHub.services = [hub.service_spec(layout)]
c.JupyterHub.load_roles = [
    {"name": "user", "scopes": ["self", f"access:services!service={hub.SERVICE_NAME}"]},
]
c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server",
                                 f"access:services!service={hub.SERVICE_NAME}"]
