# The start-up of a hub user's JupyterLab terminal (deploy/jupyterhub/common/jupyter_server_config.py).
# An interactive bash reads this instead of ~/.bashrc. It does what a login shell does, then puts
# the course's environment first on PATH again (the system profile sets PATH anew).
if [ -r /etc/profile ]; then
    . /etc/profile
fi
for _course_profile in "$HOME/.bash_profile" "$HOME/.bash_login" "$HOME/.profile"; do
    if [ -r "$_course_profile" ]; then
        . "$_course_profile"
        break
    fi
done
unset _course_profile
if [ -n "$COURSE_ENV_BIN" ]; then
    PATH="$COURSE_ENV_BIN:$PATH"
    export PATH
fi
