# Wrong: the versions are compared before the freed flag, so a freed graph whose tensor was then changed reports a version error instead of the retain_graph message.
def unpack_saved(ctx):
    for k, (t, recorded) in enumerate(zip(ctx._saved, ctx._saved_versions)):
        if t is not None and t._version != recorded:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace operation: "
                f"saved tensor {k} of {ctx.name()} is at version {t._version}; expected version {recorded} instead")
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    return ctx._saved
