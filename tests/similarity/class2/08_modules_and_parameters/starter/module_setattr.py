# source: assignments/08_modules_and_parameters/08_modules_and_parameters.ipynb, cell module_setattr
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``, by the five rules in their order: a Parameter, or any value
        for a registered parameter name, goes through register_parameter; a Module is
        registered as a submodule; a registered submodule or buffer name keeps its registry
        (None allowed); any other value becomes a plain attribute."""
        # YOUR CODE HERE
        raise NotImplementedError()
