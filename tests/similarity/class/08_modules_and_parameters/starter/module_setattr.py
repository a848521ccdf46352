# source: assignments/08_modules_and_parameters/08_modules_and_parameters.ipynb, cell module_setattr
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``: a Parameter is registered as a parameter, a Module as a
        submodule; assigning to a registered name keeps it registered (None allowed); any
        other value becomes a plain attribute."""
        # YOUR CODE HERE
        raise NotImplementedError()
