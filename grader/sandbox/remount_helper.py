"""Make a folder read-only in another process's mount namespace: ``python -I -S remount_helper.py PID FOLDER``.

Run by ``socket_seal.remount_read_only`` as a process of its own (it enters other namespaces, which
a threaded process cannot), with the standard library only. It joins the user namespace that owns
the kernel's mount namespace when it is not already in it (the grader's sandbox, whose owner may
remount there), then that mount namespace, and remounts FOLDER read-only with its other flags kept.
It is never imported.
"""

import ctypes
import os
import sys

NS_GET_USERNS, CLONE_NEWUSER, CLONE_NEWNS = 0xB701, 0x10000000, 0x00020000
FLAGS = {"nosuid": 2, "nodev": 4, "noexec": 8, "noatime": 1024, "nodiratime": 2048, "relatime": 1 << 21}


def check(libc, result, what):
    if result < 0:
        error = ctypes.get_errno()
        sys.exit(f"{what}: {os.strerror(error)}")
    return result


def main(pid: str, folder: str) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    mnt = os.open(f"/proc/{pid}/ns/mnt", os.O_RDONLY)
    owner = check(libc, libc.ioctl(mnt, NS_GET_USERNS), "finding the owner of the mount namespace")
    if os.stat(f"/proc/self/fd/{owner}").st_ino != os.stat("/proc/self/ns/user").st_ino:
        check(libc, libc.setns(owner, CLONE_NEWUSER), "entering the sandbox's user namespace")
    options = None
    with open(f"/proc/{pid}/mountinfo") as mounts:  # read from here: inside, /proc is the kernel's
        for line in mounts:
            parts = line.split()
            if parts[4] == folder:
                options = parts[5].split(",")
    if options is None:
        sys.exit(f"{folder} is not a mount point in the kernel's namespace")
    check(libc, libc.setns(mnt, CLONE_NEWNS), "entering the kernel's mount namespace")
    os.chdir("/")
    flags = 1 | 32 | 4096  # MS_RDONLY | MS_REMOUNT | MS_BIND
    for option in options:
        flags |= FLAGS.get(option, 0)
    check(libc, libc.mount(None, folder.encode(), None, ctypes.c_ulong(flags), None), f"remounting {folder} read-only")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
