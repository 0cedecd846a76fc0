# The classroom's single-user image: one learner's Jupyter server with the course, for
# Zero to JupyterHub (docs/classroom.md).  Built on the upstream Jupyter Docker Stacks
# image, which brings Python, jupyterhub-singleuser and the non-root user jovyan.
#
#   docker build -t fivehundred-classroom:0.1.0 .
#
# Keep the base's JupyterHub major version equal to the hub's (Zero to JupyterHub 4.x
# runs JupyterHub 5): override with --build-arg BASE_IMAGE=quay.io/jupyter/minimal-notebook:hub-5.3.0
ARG BASE_IMAGE=quay.io/jupyter/minimal-notebook:python-3.12
FROM ${BASE_IMAGE}

# jovyan (the base image's NB_UID): the learner's server never runs as root
USER 1000

# The course lives outside the learner's home (the .dockerignore leaves out .venv, .git and
# the local hub's state); progress and free-play saves go to the home
# (~/.local/share/fivehundred/), the volume that persists.  Owned by jovyan (the base image's
# NB_UID, 1000) so that the editable install below can write its metadata there.
COPY --chown=1000:100 . /opt/fivehundred

# Installed as the README's `make course` does (an editable install of the project), without
# the dev extras: a learner's server needs no test tools.
WORKDIR /opt/fivehundred
RUN pip install --no-cache-dir -e /opt/fivehundred \
    && pip check

# voila.json (sources stripped, tracebacks hidden) and classroom/jupyter_server_config.json
# (remove-cell self-checks dropped, idle kernels culled, JupyterLab not loaded): the same two
# files `make classroom` uses.
ENV JUPYTER_CONFIG_PATH=/opt/fivehundred/classroom:/opt/fivehundred
# The course's own Voilà page template (share/jupyter/voila/templates/fivehundred, named in voila.json):
# Voilà's lab template with nothing loaded from another site.
ENV JUPYTER_PATH=/opt/fivehundred/share/jupyter

WORKDIR /home/${NB_USER}
