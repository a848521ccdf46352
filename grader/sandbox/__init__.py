"""Starting student code: the only room that does.

``policy``            bubblewrap's view of the filesystem, the kernel's user, environment and folders
``kernel_limits``     memory in every form (a cgroup, or watched), processes and CPU time of a kernel's tree
``kernel_manager``    the jupyter_client kernel manager that starts a cold kernel under the policy
``warm_kernels``      a template process per worker and chapter build, and the kernels forked from it
``warm_provisioner``  the kernel provisioner that hands nbgrader's Execute a warm kernel
"""
