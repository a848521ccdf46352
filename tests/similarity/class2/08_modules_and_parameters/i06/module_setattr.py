# source: written for this set, a terse student who keeps the docstrings
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``, by the five rules in their order: a Parameter, or any value
        for a registered parameter name, goes through register_parameter; a Module is
        registered as a submodule; a registered submodule or buffer name keeps its registry
        (None allowed); any other value becomes a plain attribute."""
        registered = lambda key: name in self.__dict__.get(key, {})
        if isinstance(value, Parameter) or registered("_parameters"):
            self.register_parameter(name, value)
        elif isinstance(value, Module) or registered("_modules"):
            self.add_module(name, value)
        elif registered("_buffers"):
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
